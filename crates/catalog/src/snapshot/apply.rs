//! `sync --from snapshot:URL_OR_PATH`: a publisher's snapshot into the local
//! catalog.
//!
//! In order: the index (a conditional request), its signature checked with
//! the configured publisher key, the refusal of an older publication, then
//! only the records this catalog does not have yet, each checked against its
//! hash, its own identity and its file list, then only the files of those
//! records that neither the catalog nor the cache holds, each checked against
//! its SHA-256 on arrival — all kept in a download cache before the catalog
//! is touched. A download cut short changes nothing, and the next sync takes
//! what the cache holds and fetches only the rest.
//!
//! Then the records are applied, in store transactions of a few hundred
//! (each skill is written whole: every file of its folder before its
//! record), the skills the
//! publication dropped are removed, and the applied publication is recorded
//! last. If the apply itself is cut short, the publication is not recorded,
//! so the next sync applies it again from the cache: the catalog ends whole.
//!
//! Never overwritten: the user's own skills (from their folders and the
//! starter examples), installs, reports and settings (which live apart).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::origin::{IndexAnswer, Origin, Traffic, Validators};
use super::packs::{ObjectKind, PackFile, PackReader};
use super::{
    checked_file, decompress, keys, record_hash, SnapshotError, SnapshotIndex, SnapshotRecord, SnapshotStats,
    MAX_INDEX_BYTES, MAX_RECORD_BYTES,
};
use crate::pipeline::{Importer, SyncSummary};
use crate::progress::{Progress, Stage};
use crate::record::SkillRecord;
use crate::CatalogError;

/// Records written per store transaction, and the bytes of their files at
/// most (past it the transaction ends early, so memory holds one chunk).
const APPLY_CHUNK: usize = 256;
const APPLY_CHUNK_BYTES: u64 = 64 * 1024 * 1024;

/// The publication applied from one publisher, and what it gave.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Applied {
    address: String,
    sequence: u64,
    published_at: i64,
    index_sha256: String,
    validators: Validators,
    /// Skill id → (record hash, version) as applied (an earlier program
    /// kept SKILL.md's SHA-256 in place of the version).
    entries: HashMap<String, (String, String)>,
    /// The records are applied and some of their files are still to come
    /// (a sync cut after the records): the next sync fetches them.
    #[serde(default)]
    content_pending: bool,
}

/// Where the files of a snapshot's skills come from (the last snapshot
/// address applied): what fetches one skill's folder on demand.
const CONTENT_SOURCE: &str = "snapshot-content-source";

/// A publication as this catalog applied it last.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AppliedPublication {
    pub address: String,
    pub sequence: u64,
    pub published_at: i64,
}

/// The publication last applied from the publisher with this key id, if any
/// (what Settings show beside the publisher).
pub fn last_applied(store: &crate::store::Store, key_id: &str) -> Result<Option<AppliedPublication>, CatalogError> {
    let applied: Option<Applied> = store.crawl_state(&format!("snapshot:{key_id}"))?;
    Ok(applied.filter(|a| a.sequence > 0).map(|a| AppliedPublication {
        address: a.address,
        sequence: a.sequence,
        published_at: a.published_at,
    }))
}

/// Fetches now, one by one, the files of a skill's folder that have not
/// arrived yet (a snapshot's skill whose record came ahead of them: the user
/// opened it before the sync brought its folder), from the snapshot they
/// come from, each checked against the SHA-256 its record gives, into the
/// store. Returns how many arrived. The skill's index entry keeps its
/// record's fields until [`fetch_missing_files`] or the sync indexes it
/// again with its SKILL.md.
pub fn fetch_files_into_store(
    store: &crate::store::Store,
    record: &SkillRecord,
    retry: skills_guide_remote::http::RetryPolicy,
) -> Result<usize, CatalogError> {
    let missing = store.missing_contents(record);
    if missing.is_empty() {
        return Ok(0);
    }
    let address: String = store.crawl_state(CONTENT_SOURCE)?.ok_or_else(|| {
        SnapshotError::Fetch("the skill's files have not arrived and no snapshot says where they are".into())
    })?;
    let origin = Origin::parse(&address, retry)?;
    let traffic = Traffic::default();
    let mut contents = Vec::with_capacity(missing.len());
    for sha in &missing {
        contents.push((*sha, checked_file(sha, &origin.file(sha, &traffic)?)?));
    }
    let refs: Vec<(&str, &[u8])> = contents.iter().map(|(s, c)| (*s, c.as_slice())).collect();
    store.put_contents(&refs)?;
    Ok(contents.len())
}

/// [`fetch_files_into_store`], then the skill indexed again with its SKILL.md.
pub fn fetch_missing_files(
    store: &crate::store::Store,
    index: &mut crate::index::SearchIndex,
    record: &SkillRecord,
    retry: skills_guide_remote::http::RetryPolicy,
) -> Result<usize, CatalogError> {
    let arrived = fetch_files_into_store(store, record, retry)?;
    if arrived > 0 {
        let text = store.content(&record.sha256)?.unwrap_or_default();
        index.upsert(record, &String::from_utf8_lossy(&text))?;
        index.commit(store.generation()?)?;
    }
    Ok(arrived)
}

/// Takes the publication at `address` (`sync --from snapshot:…`): the
/// index checked against the publisher key, the records and files it needs
/// downloaded and checked, then written through the pipeline as the
/// publisher verified them.
pub(crate) fn import(
    importer: &mut Importer<'_>,
    address: &str,
    summary: &mut SyncSummary,
) -> Result<(), CatalogError> {
    Apply { importer }.snapshot(address, summary)
}

/// One snapshot being taken, writing through the pipeline.
struct Apply<'i, 'p> {
    importer: &'i mut Importer<'p>,
}

impl Apply<'_, '_> {
    fn snapshot(&mut self, address: &str, summary: &mut SyncSummary) -> Result<(), CatalogError> {
        let options = &self.importer.opts().snapshot;
        let given = options.key.clone().or_else(|| std::env::var("SKILLS_GUIDE_SNAPSHOT_PUBKEY").ok());
        let key = keys::public_key(&given.ok_or(SnapshotError::NoKey)?)?;
        let key_id = keys::key_id(&key);
        let state_key = format!("snapshot:{key_id}");
        let applied: Applied = self.importer.store().crawl_state(&state_key)?.unwrap_or_default();
        let origin = Origin::parse(address, options.retry)?;
        let traffic = Traffic::default();
        let mut stats = SnapshotStats { address: address.to_owned(), key_id: key_id.clone(), ..Default::default() };
        (self.importer.progress())(Progress::Stage { stage: Stage::Discover, total: None });

        // A publication whose files are still on their way is asked for
        // whole: its index says which packs hold them.
        let same_place = applied.address == address && !applied.content_pending;
        let known = if same_place { applied.validators.clone() } else { Validators::default() };
        let fetched = fetch_verified_index(&origin, &key, &known, &traffic)?;
        let Some((json, validators)) = fetched else {
            stats.up_to_date = true;
            stats.sequence = applied.sequence;
            stats.published_at = applied.published_at;
            return self.done(stats, &traffic, summary);
        };
        let index_sha256 = record_hash(&json);
        let index = SnapshotIndex::parse(&json)?;
        stats.sequence = index.sequence;
        stats.published_at = index.published_at;
        stats.entries = index.entries.len();
        summary.discovered += index.entries.len();
        let same_index = index_sha256 == applied.index_sha256;
        if same_index && !applied.content_pending {
            stats.up_to_date = true;
            summary.unchanged += index.entries.len();
            let state = Applied { address: address.to_owned(), validators, ..applied };
            self.importer.store().put_crawl_state(&state_key, &state)?;
            return self.done(stats, &traffic, summary);
        }
        let older = index.sequence < applied.sequence || index.sequence == applied.sequence && applied.sequence > 0;
        if older && !same_index {
            if !options.allow_rollback {
                return Err(SnapshotError::Rollback { offered: index.sequence, applied: applied.sequence }.into());
            }
            stats.rolled_back = true;
        }

        let needed: Vec<&(String, String, u32)> = index
            .entries
            .iter()
            .filter(|(id, hash, _)| applied.entries.get(id).is_none_or(|(had, _)| had != hash))
            .collect();
        let cache = cache_dir(self.importer.store().dir(), &key_id);
        std::fs::create_dir_all(&cache).map_err(|e| SnapshotError::Io(format!("{}: {e}", cache.display())))?;

        // First what search and the cards need: the records.
        let records_plan = if options.use_packs { PackPlan::choose(&index, &needed, &cache) } else { PackPlan::none() };
        if !needed.is_empty() {
            stats.plan = records_plan.describe(&index, needed.len());
            (self.importer.progress())(Progress::Note { message: stats.plan.clone() });
        }
        // The bytes of the chosen groups' packs, both halves: the files packs
        // are an estimate until the records say which files are missing.
        let meter = ByteMeter::new(self.importer, records_plan.bytes);
        let wanted_records: HashMap<&str, &str> = needed.iter().map(|(id, h, _)| (h.as_str(), id.as_str())).collect();
        // The records packs, each checked whole, and the records found in
        // them, each checked: they are read again from the pack to be
        // applied (a file a record in a cache of 100,000 cost more than
        // reading its pack twice).
        let mut record_packs: Vec<(PathBuf, &PackFile)> = Vec::new();
        let mut in_packs: HashSet<String> = HashSet::new();
        for &g in &records_plan.groups {
            if self.importer.opts().cancel.is_cancelled() {
                break;
            }
            let pack = &index.packs[g].records;
            if let Some(path) = fetch_pack(&origin, pack, &cache, &traffic, &meter, &mut stats)? {
                let before = in_packs.len();
                check_records(&path, pack, &wanted_records, &mut in_packs)?;
                stats.records_from_packs += in_packs.len() - before;
                record_packs.push((path, pack));
            }
        }
        let rest: Vec<&(String, String, u32)> =
            needed.iter().copied().filter(|(_, hash, _)| !in_packs.contains(hash)).collect();
        let downloaded = download(&origin, &rest, &cache, &traffic, self.importer)?;
        stats.records_fetched = downloaded.fetched;
        stats.records_from_cache = downloaded.cached;
        if self.importer.opts().cancel.is_cancelled() {
            summary.cancelled = true;
            summary.not_reached += index.entries.len();
            return self.done(stats, &traffic, summary);
        }

        // Every record is here and checked: the catalog changes, records
        // first, each with whatever files of its folder the catalog holds.
        let mut entries: HashMap<String, (String, String)> = index
            .entries
            .iter()
            .filter_map(|(id, hash, _)| {
                applied.entries.get(id).filter(|(had, _)| had == hash).map(|e| (id.clone(), e.clone()))
            })
            .collect();
        summary.unchanged += entries.len();
        let total = needed.len() as u64;
        (self.importer.progress())(Progress::Stage { stage: Stage::Apply, total: Some(total) });
        let mut chunk: Vec<SkillRecord> = Vec::with_capacity(APPLY_CHUNK);
        // The skills whose files are still to come: (id, record hash, group).
        let mut waiting: Vec<(String, String, u32)> = Vec::new();
        // Files of the new records the catalog holds already: not downloaded.
        let mut local_files = std::collections::HashSet::new();
        let groups: HashMap<&str, u32> = needed.iter().map(|(_, h, g)| (h.as_str(), *g)).collect();
        let records = Records::new(&record_packs, &in_packs, &wanted_records, &rest, &cache);
        for (n, item) in records.enumerate() {
            let (id, hash, record) = item?;
            let group = groups.get(hash.as_str()).copied().unwrap_or(0);
            let (id, hash, group) = (&id, &hash, &group);
            entries.insert(id.clone(), (hash.clone(), record.skill.version_key()));
            match self.importer.store().get(id)? {
                Some(mine) if !super::is_public(mine.source.kind) => {
                    stats.kept_local += 1;
                    summary.unchanged += 1;
                    continue;
                }
                Some(_) => summary.new_versions += 1,
                None => summary.new_skills += 1,
            }
            let missing = self.importer.store().missing_contents(&record.skill);
            let held = record.file_hashes().into_iter().filter(|sha| !missing.contains(sha));
            local_files.extend(held.map(str::to_owned));
            if !missing.is_empty() {
                waiting.push((id.clone(), hash.clone(), *group));
            }
            chunk.push(record.skill);
            if chunk.len() >= APPLY_CHUNK {
                stats.applied += self.apply_chunk(std::mem::take(&mut chunk))?;
                let done = n as u64 + 1;
                (self.importer.progress())(Progress::Advance { stage: Stage::Apply, done, total: Some(total) });
            }
        }
        stats.applied += self.apply_chunk(chunk)?;
        (self.importer.progress())(Progress::Advance { stage: Stage::Apply, done: total, total: Some(total) });
        stats.files_local = local_files.len();
        stats.removed = self.remove_dropped(&applied, &entries)?;
        // An earlier sync cut while the files came: those skills wait too.
        if applied.content_pending {
            let queued: std::collections::HashSet<&str> = waiting.iter().map(|(id, _, _)| id.as_str()).collect();
            let mut more = Vec::new();
            for (id, hash, group) in &index.entries {
                if queued.contains(id.as_str()) {
                    continue;
                }
                let Some(r) = self.importer.store().get(id)? else { continue };
                if super::is_public(r.source.kind) && !self.importer.store().missing_contents(&r).is_empty() {
                    more.push((id.clone(), hash.clone(), *group));
                }
            }
            waiting.extend(more);
        }
        let mut state = Applied {
            address: address.to_owned(),
            sequence: index.sequence,
            published_at: index.published_at,
            index_sha256,
            validators,
            entries,
            content_pending: !waiting.is_empty(),
        };
        self.importer.store().put_crawl_state(&state_key, &state)?;
        self.importer.store().put_crawl_state(CONTENT_SOURCE, &address)?;
        // Searchable now; the folders follow.
        self.importer.commit_index()?;
        if !waiting.is_empty() {
            let message = format!("{} skill(s) searchable; the files of their folders follow", stats.applied);
            (self.importer.progress())(Progress::Note { message });
        }

        let waiting_refs: Vec<&(String, String, u32)> = waiting.iter().collect();
        let files_plan =
            if options.use_packs { PackPlan::choose(&index, &waiting_refs, &cache) } else { PackPlan::none() };
        let files_bytes =
            files_plan.groups.iter().filter_map(|&g| index.packs[g].files.as_ref()).map(|f| f.bytes).sum();
        meter.expect_more(files_bytes);
        let arrived =
            self.gather_files(&origin, &waiting, &cache, &traffic, &index, &files_plan, &meter, &mut stats)?;
        if self.importer.opts().cancel.is_cancelled() || !arrived {
            summary.cancelled = true;
            return self.done(stats, &traffic, summary);
        }
        state.content_pending = false;
        self.importer.store().put_crawl_state(&state_key, &state)?;
        let _ = std::fs::remove_dir_all(&cache);
        self.done(stats, &traffic, summary)
    }

    /// Removes the skills the last publication gave and this one does not,
    /// when they are still as it gave them (not replaced since by the user's
    /// own sync of the same place).
    fn remove_dropped(
        &mut self,
        applied: &Applied,
        now: &HashMap<String, (String, String)>,
    ) -> Result<usize, CatalogError> {
        let mut gone: Vec<SkillRecord> = Vec::new();
        for (id, (_, sha)) in &applied.entries {
            if now.contains_key(id) {
                continue;
            }
            if let Some(r) = self.importer.store().get(id)? {
                if super::is_public(r.source.kind) && (r.version_key() == *sha || r.sha256 == *sha) {
                    gone.push(r);
                }
            }
        }
        if gone.is_empty() {
            return Ok(0);
        }
        self.importer.remove_records(&gone)?;
        Ok(gone.len())
    }

    /// Writes one chunk of records (their files follow: `write_arrived`).
    fn apply_chunk(&mut self, records: Vec<SkillRecord>) -> Result<usize, CatalogError> {
        if records.is_empty() {
            return Ok(0);
        }
        self.importer.put_records(&records, &HashMap::new())?;
        Ok(records.len())
    }

    /// Brings the files of the waiting skills into the catalog: those in
    /// the planned groups' files packs straight from each pack (whole and
    /// checked against its name) into the store, each file checked against
    /// its SHA-256 first; the rest one by one into the cache, checked on
    /// arrival, then into the store. Then the waiting skills are indexed
    /// again with their SKILL.md. Returns false when cancelled before the
    /// end (what arrived stays: each file is one its record names).
    #[allow(clippy::too_many_arguments)]
    fn gather_files(
        &mut self,
        origin: &Origin,
        waiting: &[(String, String, u32)],
        cache: &Path,
        traffic: &Traffic,
        index: &SnapshotIndex,
        plan: &PackPlan,
        meter: &ByteMeter<'_>,
        stats: &mut SnapshotStats,
    ) -> Result<bool, CatalogError> {
        if waiting.is_empty() {
            return Ok(true);
        }
        let mut missing: std::collections::HashSet<String> = std::collections::HashSet::new();
        for (id, _, _) in waiting {
            let Some(r) = self.importer.store().get(id)? else { continue };
            missing.extend(self.importer.store().missing_contents(&r).into_iter().map(str::to_owned));
        }
        let store = self.importer.store();
        for &g in &plan.groups {
            if missing.is_empty() || self.importer.opts().cancel.is_cancelled() {
                break;
            }
            let Some(pack) = &index.packs[g].files else { continue };
            if let Some(path) = fetch_pack(origin, pack, cache, traffic, meter, stats)? {
                stats.files_from_packs += store_files_of_pack(store, &path, pack, &mut missing)?;
            }
        }
        let files_dir = cache.join("files");
        std::fs::create_dir_all(&files_dir).map_err(|e| SnapshotError::Io(format!("{}: {e}", files_dir.display())))?;
        let one_by_one: Vec<String> = missing.into_iter().collect();
        let fetched = parallel_fetch(self.importer, &one_by_one, |sha| {
            if cached_file_is_whole(cache, sha) {
                return Ok(false);
            }
            let compressed = origin.file(sha, traffic)?;
            checked_file(sha, &compressed)?;
            write_cached(&cached_file_path(cache, sha), cache, &compressed)?;
            Ok(true)
        })?;
        (stats.files_fetched, stats.files_from_cache) = (fetched.fetched, fetched.cached);
        if self.importer.opts().cancel.is_cancelled() {
            return Ok(false);
        }
        let mut batch = ContentBatch::default();
        for sha in &one_by_one {
            batch.push(store, sha.clone(), read_cached_file(cache, sha)?)?;
        }
        batch.flush(store)?;
        self.index_arrived(waiting)?;
        Ok(true)
    }

    /// The waiting skills indexed again, now with their SKILL.md, a chunk at
    /// a time.
    fn index_arrived(&mut self, waiting: &[(String, String, u32)]) -> Result<(), CatalogError> {
        // Most of the catalog waited (a first sync): it is indexed again
        // whole, without a delete per skill. Nothing was indexed since the
        // first half's commit, as the rebuild requires.
        if waiting.len() * 2 >= self.importer.store().len() {
            return self.importer.index_all_again();
        }
        let total = waiting.len() as u64;
        (self.importer.progress())(Progress::Stage { stage: Stage::Index, total: Some(total) });
        for (n, chunk) in waiting.chunks(APPLY_CHUNK).enumerate() {
            let mut records = Vec::with_capacity(chunk.len());
            for (id, _, _) in chunk {
                records.extend(self.importer.store().get(id)?);
            }
            self.importer.index_arrived(&records)?;
            let done = (n * APPLY_CHUNK + chunk.len()) as u64;
            (self.importer.progress())(Progress::Advance { stage: Stage::Index, done, total: Some(total) });
        }
        Ok(())
    }

    fn done(
        &mut self,
        mut stats: SnapshotStats,
        traffic: &Traffic,
        summary: &mut SyncSummary,
    ) -> Result<(), CatalogError> {
        stats.requests = traffic.requests.load(Ordering::Relaxed);
        stats.bytes = traffic.bytes.load(Ordering::Relaxed);
        summary.snapshots.push(stats);
        Ok(())
    }
}

/// The index's bytes, checked against the publisher key; `None` when the
/// host says it has not changed. A signature that does not match is asked
/// for once more: the publisher may have been between its two renames.
pub(super) fn fetch_verified_index(
    origin: &Origin,
    key: &minisign::PublicKey,
    known: &Validators,
    traffic: &Traffic,
) -> Result<Option<(Vec<u8>, Validators)>, SnapshotError> {
    let mut last_error = None;
    for attempt in 0..2 {
        let asked = if attempt == 0 { known.clone() } else { Validators::default() };
        let (compressed, signature, validators) = match origin.index(&asked, traffic)? {
            IndexAnswer::NotModified => return Ok(None),
            IndexAnswer::Fresh { compressed, signature, validators } => (compressed, signature, validators),
        };
        let json = decompress(&compressed, MAX_INDEX_BYTES, "the snapshot index")?;
        match keys::verify(key, &json, &signature) {
            Ok(()) => return Ok(Some((json, validators))),
            Err(e) => last_error = Some(e),
        }
    }
    Err(last_error.unwrap_or_else(|| SnapshotError::BadSignature("no signature".into())))
}

/// `DATA/snapshot-cache/KEYID/`: records downloaded and checked, not yet applied.
fn cache_dir(store_dir: &Path, key_id: &str) -> PathBuf {
    store_dir.parent().unwrap_or(store_dir).join("snapshot-cache").join(key_id)
}

fn cached_path(cache: &Path, hash: &str) -> PathBuf {
    cache.join(format!("{hash}.zst"))
}

fn cached_file_path(cache: &Path, sha256: &str) -> PathBuf {
    cache.join("files").join(format!("{sha256}.zst"))
}

/// A file from the cache, checked again: as a pack gave it, or compressed
/// as an object.
fn read_cached_file(cache: &Path, sha256: &str) -> Result<Vec<u8>, SnapshotError> {
    if let Ok(bytes) = std::fs::read(cached_raw_file_path(cache, sha256)) {
        if skills_guide_engine::analyze::sha256_hex(&bytes) == sha256 {
            return Ok(bytes);
        }
    }
    let compressed = std::fs::read(cached_file_path(cache, sha256))
        .map_err(|e| SnapshotError::Io(format!("the download cache lost file {sha256}: {e}")))?;
    checked_file(sha256, &compressed)
}

/// Whether the cache holds the file, whole and right.
fn cached_file_is_whole(cache: &Path, sha256: &str) -> bool {
    let raw = std::fs::read(cached_raw_file_path(cache, sha256));
    raw.is_ok_and(|b| skills_guide_engine::analyze::sha256_hex(&b) == sha256)
        || std::fs::read(cached_file_path(cache, sha256)).is_ok_and(|kept| checked_file(sha256, &kept).is_ok())
}

/// A file as a pack gave it (uncompressed).
fn cached_raw_file_path(cache: &Path, sha256: &str) -> PathBuf {
    cache.join("files").join(format!("{sha256}.raw"))
}

/// `bytes` at `path` in the cache, through a temporary file and a rename.
fn write_cached(path: &Path, cache: &Path, bytes: &[u8]) -> Result<(), SnapshotError> {
    let io = |e: std::io::Error| SnapshotError::Io(format!("{}: {e}", path.display()));
    let mut file = tempfile::NamedTempFile::new_in(cache).map_err(io)?;
    std::io::Write::write_all(&mut file, bytes).map_err(io)?;
    file.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}

/// A record from the cache, checked again (the cache is a plain folder).
fn read_cached(cache: &Path, hash: &str) -> Result<SnapshotRecord, SnapshotError> {
    let compressed = std::fs::read(cached_path(cache, hash))
        .map_err(|e| SnapshotError::Io(format!("the download cache lost record {hash}: {e}")))?;
    checked_record(hash, &compressed)
}

/// A record's compressed bytes, checked: its hash, then its content and identity.
fn checked_record(hash: &str, compressed: &[u8]) -> Result<SnapshotRecord, SnapshotError> {
    let bytes = decompress(compressed, MAX_RECORD_BYTES, &format!("record {hash}"))
        .map_err(|_| SnapshotError::BadRecord { hash: hash.to_owned() })?;
    if record_hash(&bytes) != hash {
        return Err(SnapshotError::BadRecord { hash: hash.to_owned() });
    }
    SnapshotRecord::decode(hash, &bytes)
}

struct Downloaded {
    fetched: usize,
    cached: usize,
}

/// Fetches the records not in the cache yet, on several workers, checking
/// each before keeping it. The first failure stops them all.
fn download(
    origin: &Origin,
    needed: &[&(String, String, u32)],
    cache: &Path,
    traffic: &Traffic,
    importer: &Importer<'_>,
) -> Result<Downloaded, SnapshotError> {
    std::fs::create_dir_all(cache).map_err(|e| SnapshotError::Io(format!("{}: {e}", cache.display())))?;
    parallel_fetch(importer, needed, |(id, hash, _)| fetch_one(origin, id, hash, cache, traffic))
}

/// `fetch` over `items` on the snapshot's workers, with progress and
/// cancel; `fetch` says whether it downloaded (`true`) or found the item in
/// the cache. The first failure stops them all.
fn parallel_fetch<T: Sync>(
    importer: &Importer<'_>,
    items: &[T],
    fetch: impl Fn(&T) -> Result<bool, SnapshotError> + Sync,
) -> Result<Downloaded, SnapshotError> {
    let total = items.len() as u64;
    (importer.progress())(Progress::Stage { stage: Stage::Fetch, total: Some(total) });
    let next = AtomicUsize::new(0);
    let done = AtomicU64::new(0);
    let (fetched, cached) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let stop = AtomicBool::new(false);
    let failure: Mutex<Option<SnapshotError>> = Mutex::new(None);
    let cancel = &importer.opts().cancel;
    let progress = importer.progress();
    let work = || {
        while !stop.load(Ordering::Relaxed) && !cancel.is_cancelled() {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else { break };
            match fetch(item) {
                Ok(true) => fetched.fetch_add(1, Ordering::Relaxed),
                Ok(false) => cached.fetch_add(1, Ordering::Relaxed),
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
                    break;
                }
            };
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if n.is_multiple_of(64) || n == total {
                progress(Progress::Advance { stage: Stage::Fetch, done: n, total: Some(total) });
            }
        }
    };
    let workers = importer.opts().snapshot.workers.clamp(1, 32).min(items.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(work);
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    Ok(Downloaded { fetched: fetched.into_inner(), cached: cached.into_inner() })
}

/// One record into the cache; `false` when it was there already.
fn fetch_one(origin: &Origin, id: &str, hash: &str, cache: &Path, traffic: &Traffic) -> Result<bool, SnapshotError> {
    let path = cached_path(cache, hash);
    let listed_as = |record: &SnapshotRecord| {
        if record.skill.id == id {
            Ok(())
        } else {
            Err(SnapshotError::InvalidRecord { hash: hash.to_owned(), why: format!("the index lists it as {id}") })
        }
    };
    // A record an interrupted sync kept: checked again, for this index.
    if let Ok(kept) = std::fs::read(&path) {
        if let Ok(record) = checked_record(hash, &kept) {
            listed_as(&record)?;
            return Ok(false);
        }
    }
    let compressed = origin.record(hash, traffic)?;
    listed_as(&checked_record(hash, &compressed)?)?;
    write_cached(&path, cache, &compressed)?;
    Ok(true)
}

/// Bytes one request costs beyond its body: a round trip of tens of
/// milliseconds at tens of megabits a second is worth a few hundred
/// kilobytes; 64 KiB leans towards single objects, which never carry dead
/// weight.
const REQUEST_COST_BYTES: u64 = 64 * 1024;

/// The groups whose packs this sync downloads instead of their objects.
struct PackPlan {
    groups: Vec<usize>,
    /// Their bytes in all (those already in the cache included).
    bytes: u64,
    /// Needed records the chosen groups hold.
    records_in_packs: usize,
}

impl PackPlan {
    fn none() -> PackPlan {
        PackPlan { groups: Vec::new(), bytes: 0, records_in_packs: 0 }
    }

    /// For each group holding needed records, whichever costs fewer bytes:
    /// its packs (what the cache lacks of them), or the needed objects one by
    /// one, each with its request. An empty catalog takes every pack; one a
    /// publication behind takes the new groups; a few changed skills
    /// scattered over old groups come one by one.
    fn choose(index: &SnapshotIndex, needed: &[&(String, String, u32)], cache: &Path) -> PackPlan {
        let mut per_group = vec![0u64; index.packs.len()];
        for (_, _, g) in needed {
            per_group[*g as usize] += 1;
        }
        let mut plan = PackPlan::none();
        for (g, group) in index.packs.iter().enumerate() {
            let n = per_group[g];
            if n == 0 {
                continue;
            }
            let count = u64::from(group.records.objects.max(1));
            let share = |x: u64| x.saturating_mul(n) / count;
            let files = group.files.as_ref().map_or(0, |f| u64::from(f.objects));
            let objects_cost = share(group.bytes()) + (n + share(files)) * REQUEST_COST_BYTES;
            let packs = std::iter::once(&group.records).chain(group.files.as_ref());
            let have: u64 = packs.map(|p| pack_bytes_cached(cache, p)).sum();
            if group.bytes().saturating_sub(have) <= objects_cost {
                plan.groups.push(g);
                plan.bytes += group.bytes();
                plan.records_in_packs += n as usize;
            }
        }
        plan
    }

    fn describe(&self, index: &SnapshotIndex, needed: usize) -> String {
        let rest = needed - self.records_in_packs;
        if self.groups.is_empty() {
            return format!("{needed} skill(s) to fetch, one by one (fewer bytes than any pack)");
        }
        let mb = self.bytes as f64 / 1e6;
        let packs =
            format!("{} of the publication's {} pack group(s), {mb:.1} MB", self.groups.len(), index.packs.len());
        if rest == 0 {
            format!("{needed} skill(s) to fetch: {packs}")
        } else {
            format!(
                "{needed} skill(s) to fetch: {packs} for {} of them, the other {rest} one by one",
                self.records_in_packs
            )
        }
    }
}

/// The bytes of a pack the cache holds: whole, or the part of a download cut short.
fn pack_bytes_cached(cache: &Path, pack: &PackFile) -> u64 {
    let (whole, part) = cached_pack_paths(cache, &pack.sha256);
    if whole.is_file() {
        return pack.bytes;
    }
    part.metadata().map_or(0, |m| m.len()).min(pack.bytes)
}

fn cached_pack_paths(cache: &Path, sha256: &str) -> (PathBuf, PathBuf) {
    let dir = cache.join("packs");
    (dir.join(format!("{sha256}.pack")), dir.join(format!("{sha256}.part")))
}

/// Bytes of the planned packs arrived so far, told to the progress
/// function a mebibyte at a time; it also carries the cancel flag to the
/// download.
struct ByteMeter<'a> {
    done: AtomicU64,
    total: AtomicU64,
    progress: crate::progress::ProgressFn<'a>,
    cancel: &'a crate::progress::Cancel,
}

impl<'a> ByteMeter<'a> {
    fn new(importer: &Importer<'a>, total: u64) -> ByteMeter<'a> {
        let meter = ByteMeter {
            done: AtomicU64::new(0),
            total: AtomicU64::new(total),
            progress: importer.progress(),
            cancel: &importer.opts().cancel,
        };
        if total > 0 {
            (meter.progress)(Progress::Bytes { stage: Stage::Fetch, done: 0, total: Some(total) });
        }
        meter
    }

    /// `n` more bytes; whether to go on.
    fn add(&self, n: u64) -> bool {
        const STEP: u64 = 1 << 20;
        let before = self.done.fetch_add(n, Ordering::Relaxed);
        let after = before + n;
        let total = self.total.load(Ordering::Relaxed);
        if after / STEP != before / STEP || after >= total {
            (self.progress)(Progress::Bytes { stage: Stage::Fetch, done: after.min(total), total: Some(total) });
        }
        !self.cancel.is_cancelled()
    }

    /// The second half's bytes (the folders' files packs) in place of the
    /// estimate made before the records were read: one running count of
    /// one total across both halves.
    fn expect_more(&self, bytes: u64) {
        let total = self.done.load(Ordering::Relaxed) + bytes;
        self.total.store(total, Ordering::Relaxed);
        (self.progress)(Progress::Bytes {
            stage: Stage::Fetch,
            done: self.done.load(Ordering::Relaxed),
            total: Some(total),
        });
    }
}

/// A planned pack, whole and checked against its name, in the cache:
/// downloaded (resumed where an earlier attempt stopped), or kept whole by an
/// earlier sync that was cut later. `None`: cancelled before it was whole.
fn fetch_pack(
    origin: &Origin,
    pack: &PackFile,
    cache: &Path,
    traffic: &Traffic,
    meter: &ByteMeter<'_>,
    stats: &mut SnapshotStats,
) -> Result<Option<PathBuf>, SnapshotError> {
    let (whole, part) = cached_pack_paths(cache, &pack.sha256);
    let dir = whole.parent().unwrap_or(cache);
    std::fs::create_dir_all(dir).map_err(|e| SnapshotError::Io(format!("{}: {e}", dir.display())))?;
    if whole.is_file() {
        stats.packs_from_cache += 1;
        meter.add(pack.bytes);
        return Ok(Some(whole));
    }
    meter.add(part.metadata().map_or(0, |m| m.len()).min(pack.bytes));
    if !super::packs::download_checked(origin, pack, &whole, traffic, &|n| meter.add(n))? {
        return Ok(None);
    }
    stats.packs_fetched += 1;
    stats.pack_bytes += pack.bytes;
    Ok(Some(whole))
}

/// Checks the needed records a records pack holds (its hash, its content,
/// the id the index gives it) and adds their hashes to `found`.
fn check_records(
    path: &Path,
    pack: &PackFile,
    wanted: &HashMap<&str, &str>,
    found: &mut HashSet<String>,
) -> Result<(), SnapshotError> {
    let file = std::fs::File::open(path).map_err(|e| SnapshotError::Io(format!("{}: {e}", path.display())))?;
    let mut reader = PackReader::new(&pack.sha256, file)?;
    while let Some((kind, hash, bytes)) = reader.next_object()? {
        let Some(id) = wanted.get(hash.as_str()).filter(|_| kind == ObjectKind::Record) else { continue };
        checked_pack_record(&hash, &bytes, id)?;
        found.insert(hash);
    }
    Ok(())
}

/// A record as a pack gives it (its JSON), checked: its hash, its content,
/// and the id the index lists it as.
fn checked_pack_record(hash: &str, bytes: &[u8], id: &str) -> Result<SnapshotRecord, SnapshotError> {
    if record_hash(bytes) != hash {
        return Err(SnapshotError::BadRecord { hash: hash.to_owned() });
    }
    let record = SnapshotRecord::decode(hash, bytes)?;
    if record.skill.id != id {
        return Err(SnapshotError::InvalidRecord { hash: hash.to_owned(), why: format!("the index lists it as {id}") });
    }
    Ok(record)
}

/// The needed records, each once and checked again as it is read: first
/// those of the records packs, in pack order, then the rest from the
/// download cache. Yields (id, hash, record).
struct Records<'a> {
    packs: std::slice::Iter<'a, (PathBuf, &'a PackFile)>,
    reader: Option<PackReader<std::fs::File>>,
    in_packs: &'a HashSet<String>,
    wanted: &'a HashMap<&'a str, &'a str>,
    taken: HashSet<String>,
    rest: std::slice::Iter<'a, &'a (String, String, u32)>,
    cache: &'a Path,
}

impl<'a> Records<'a> {
    fn new(
        packs: &'a [(PathBuf, &'a PackFile)],
        in_packs: &'a HashSet<String>,
        wanted: &'a HashMap<&'a str, &'a str>,
        rest: &'a [&'a (String, String, u32)],
        cache: &'a Path,
    ) -> Records<'a> {
        Records { packs: packs.iter(), reader: None, in_packs, wanted, taken: HashSet::new(), rest: rest.iter(), cache }
    }

    fn next_from_packs(&mut self) -> Result<Option<(String, String, SnapshotRecord)>, SnapshotError> {
        loop {
            let Some(reader) = self.reader.as_mut() else {
                let Some((path, pack)) = self.packs.next() else { return Ok(None) };
                let file =
                    std::fs::File::open(path).map_err(|e| SnapshotError::Io(format!("{}: {e}", path.display())))?;
                self.reader = Some(PackReader::new(&pack.sha256, file)?);
                continue;
            };
            let Some((kind, hash, bytes)) = reader.next_object()? else {
                self.reader = None;
                continue;
            };
            if kind != ObjectKind::Record || !self.in_packs.contains(&hash) || self.taken.contains(&hash) {
                continue;
            }
            let Some(id) = self.wanted.get(hash.as_str()) else { continue };
            let record = checked_pack_record(&hash, &bytes, id)?;
            self.taken.insert(hash.clone());
            return Ok(Some(((*id).to_owned(), hash, record)));
        }
    }
}

impl Iterator for Records<'_> {
    type Item = Result<(String, String, SnapshotRecord), SnapshotError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.next_from_packs() {
            Ok(Some(item)) => return Some(Ok(item)),
            Ok(None) => {}
            Err(e) => return Some(Err(e)),
        }
        let (id, hash, _) = self.rest.next()?;
        Some(read_cached(self.cache, hash).map(|r| (id.clone(), hash.clone(), r)))
    }
}

/// The missing files a files pack holds, each checked against its SHA-256,
/// into the store in batches; they leave `missing`. Returns how many.
fn store_files_of_pack(
    store: &crate::store::Store,
    path: &Path,
    pack: &PackFile,
    missing: &mut std::collections::HashSet<String>,
) -> Result<usize, CatalogError> {
    let file = std::fs::File::open(path).map_err(|e| SnapshotError::Io(format!("{}: {e}", path.display())))?;
    let mut reader = PackReader::new(&pack.sha256, file)?;
    let mut batch = ContentBatch::default();
    let mut kept = 0;
    while let Some((kind, sha, bytes)) = reader.next_object()? {
        if kind != ObjectKind::File || !missing.contains(&sha) {
            continue;
        }
        if skills_guide_engine::analyze::sha256_hex(&bytes) != sha {
            return Err(SnapshotError::BadFile { hash: sha }.into());
        }
        missing.remove(&sha);
        batch.push(store, sha, bytes)?;
        kept += 1;
    }
    batch.flush(store)?;
    Ok(kept)
}

/// Checked files on their way into the store, written a few megabytes at a
/// time (one `syncfs` each).
#[derive(Default)]
struct ContentBatch {
    files: Vec<(String, Vec<u8>)>,
    bytes: u64,
}

impl ContentBatch {
    fn push(&mut self, store: &crate::store::Store, sha: String, bytes: Vec<u8>) -> Result<(), CatalogError> {
        self.bytes += bytes.len() as u64;
        self.files.push((sha, bytes));
        if self.bytes >= APPLY_CHUNK_BYTES / 4 {
            self.flush(store)?;
        }
        Ok(())
    }

    fn flush(&mut self, store: &crate::store::Store) -> Result<(), CatalogError> {
        let refs: Vec<(&str, &[u8])> = self.files.iter().map(|(s, c)| (s.as_str(), c.as_slice())).collect();
        store.put_contents(&refs)?;
        self.files.clear();
        self.bytes = 0;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snapshot::packs::PackGroup;

    fn index(groups: &[(u32, u64)]) -> SnapshotIndex {
        let pack = |objects, bytes| PackFile { sha256: "c".repeat(64), bytes, objects };
        let mut entries = Vec::new();
        for (g, (records, _)) in groups.iter().enumerate() {
            for i in 0..*records {
                entries.push((format!("{g:08}{i:08}"), "a".repeat(64), g as u32));
            }
        }
        let packs = groups
            .iter()
            .map(|(records, bytes)| PackGroup {
                records: pack(*records, bytes / 2),
                files: Some(pack(*records, bytes / 2)),
            })
            .collect();
        SnapshotIndex {
            format: super::super::FORMAT,
            sequence: 1,
            published_at: 0,
            program: "p".into(),
            reading_version: "1".into(),
            entries,
            packs,
        }
    }

    #[test]
    fn packs_are_chosen_when_most_of_a_group_is_needed_and_objects_for_a_few() {
        let cache = tempfile::tempdir().unwrap();
        // Two groups of 20,000 skills, 60 MB each.
        let index = index(&[(20_000, 60_000_000), (20_000, 60_000_000)]);
        let all: Vec<&(String, String, u32)> = index.entries.iter().collect();
        let plan = PackPlan::choose(&index, &all, cache.path());
        assert_eq!((plan.groups.as_slice(), plan.bytes, plan.records_in_packs), (&[0, 1][..], 120_000_000, 40_000));
        assert!(plan.describe(&index, all.len()).contains("2 of the publication's 2 pack group(s), 120.0 MB"));

        // Ten skills of the first group: one by one.
        let few: Vec<&(String, String, u32)> = index.entries.iter().take(10).collect();
        let plan = PackPlan::choose(&index, &few, cache.path());
        assert!(plan.groups.is_empty());
        assert!(plan.describe(&index, 10).contains("one by one"));

        // A third of the second group, and two of the first: the second's packs.
        let mixed: Vec<&(String, String, u32)> =
            index.entries.iter().take(2).chain(index.entries.iter().skip(20_000).take(7_000)).collect();
        let plan = PackPlan::choose(&index, &mixed, cache.path());
        assert_eq!((plan.groups.as_slice(), plan.records_in_packs), (&[1][..], 7_000));
        assert!(plan.describe(&index, mixed.len()).ends_with("the other 2 one by one"));
        assert!(PackPlan::none().groups.is_empty());
    }
}
