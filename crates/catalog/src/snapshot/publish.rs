//! `snapshot publish DIR`: the catalog's public skills as a signed,
//! content-addressed snapshot (see the module above for the layout).
//!
//! Records and files are written once and never changed: a record or a file
//! already in the folder is kept, so a new publication writes only the
//! skills and files that changed, and a static host uploads only those. Each
//! chunk's files go before its records, and the index last, signature
//! first, each by rename: a client never sees an index naming a record that
//! is not there yet, nor a record naming a file that is not.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::packs::{pack_path, ObjectKind, PackFile, PackGroup, PackWriter, PACK_BYTES};
use super::prune::{self, FileCounts, FileLists};
use super::{
    compress, decompress, file_path, keys, record_hash, record_path, SnapshotError, SnapshotIndex, SnapshotRecord,
    FORMAT, INDEX_FILE, MAX_INDEX_BYTES, SIGNATURE_FILE,
};
use crate::progress::{Progress, ProgressFn, Stage};
use crate::store::Store;

/// Records compressed and written together (they are read one at a time).
const CHUNK: usize = 512;

#[derive(Debug, Clone, Default, Serialize)]
pub struct PublishSummary {
    pub dir: PathBuf,
    pub sequence: u64,
    pub published_at: i64,
    /// Skills in the publication.
    pub entries: usize,
    /// Records new in this publication, and their bytes (compressed).
    pub records_written: usize,
    pub bytes_written: u64,
    /// Records an earlier publication had written already.
    pub records_kept: usize,
    /// Of those, the records whose catalog record had not changed since the
    /// last publication: not even encoded again.
    pub records_unchanged: usize,
    /// Packs written (and their bytes), groups kept from the last
    /// publication as they were, and groups packed again because most of
    /// their records were gone.
    pub packs_written: usize,
    pub pack_bytes_written: u64,
    pub packs_kept: usize,
    pub packs_repacked: usize,
    /// Files (of the skill folders) new in this publication, and their
    /// bytes (compressed); files already there are kept.
    pub files_written: usize,
    pub file_bytes_written: u64,
    pub files_kept: usize,
    /// Records and files that neither this publication nor the one before
    /// it names, deleted from the folder, and their bytes (see `prune`).
    pub records_removed: usize,
    pub files_removed: usize,
    pub bytes_removed: u64,
    /// The catalog's skills from the publisher's own folders and the starter
    /// examples: they stay on this machine.
    pub local_skipped: usize,
    pub index_bytes: u64,
    pub key_id: String,
}

/// How to publish.
#[derive(Debug, Clone, Copy)]
pub struct PublishOptions {
    /// A pack is closed once its compressed bytes pass this (a host with a
    /// smaller limit per file needs smaller packs).
    pub pack_bytes: u64,
}

impl Default for PublishOptions {
    fn default() -> Self {
        PublishOptions { pack_bytes: PACK_BYTES }
    }
}

pub fn publish(
    store: &Store,
    dir: &Path,
    secret: &minisign::SecretKey,
    now_unix: i64,
    options: PublishOptions,
    progress: ProgressFn<'_>,
) -> Result<PublishSummary, SnapshotError> {
    let io = |path: &Path, e: std::io::Error| SnapshotError::Io(format!("{}: {e}", path.display()));
    std::fs::create_dir_all(dir.join("records")).map_err(|e| io(dir, e))?;
    std::fs::create_dir_all(dir.join("files")).map_err(|e| io(dir, e))?;
    std::fs::create_dir_all(dir.join("packs")).map_err(|e| io(dir, e))?;
    let previous = previous_index(dir)?;
    let sequence = previous.as_ref().map_or(1, |p| p.sequence + 1);
    let published_at = previous.as_ref().map_or(now_unix, |p| p.published_at.max(now_unix));
    let public = minisign::PublicKey::from_secret_key(secret).map_err(|e| SnapshotError::Key(e.to_string()))?;
    let mut summary = PublishSummary {
        dir: dir.to_owned(),
        sequence,
        published_at,
        key_id: keys::key_id(&public),
        ..Default::default()
    };
    let mut state = PublisherState::load(dir);

    let total = store.len() as u64;
    progress(Progress::Stage { stage: Stage::Publish, total: Some(total) });
    let mut entries: Vec<(String, String)> = Vec::new();
    let mut stamps: HashMap<String, (String, String)> = HashMap::new();
    let mut chunk: Vec<(SnapshotRecord, String)> = Vec::with_capacity(CHUNK);
    let mut done = 0u64;
    // Files this run has written or found already: each looked at once.
    let mut seen_files = HashSet::new();
    // The file lists of the records encoded in this run, for the counts.
    let mut fresh: HashMap<String, Vec<String>> = HashMap::new();
    for raw in store.raw_records() {
        let (id, raw) = raw.map_err(|e| SnapshotError::Io(e.to_string()))?;
        done += 1;
        let stamp = skills_guide_engine::analyze::sha256_hex(&raw);
        // The record as the last publication encoded it: not decoded again.
        if let Some((was, hash)) = state.stamps.get(&id) {
            if *was == stamp && dir.join(record_path(hash)).is_file() {
                summary.records_kept += 1;
                summary.records_unchanged += 1;
                entries.push((id.clone(), hash.clone()));
                stamps.insert(id, (stamp, hash.clone()));
                continue;
            }
        }
        let skill = Store::decode_raw(&id, &raw).map_err(|e| SnapshotError::Io(e.to_string()))?;
        if !super::is_public(skill.source.kind) {
            summary.local_skipped += 1;
            continue;
        }
        chunk.push((SnapshotRecord { skill }, stamp));
        if chunk.len() == CHUNK {
            let chunk = std::mem::take(&mut chunk);
            write_files(store, dir, &chunk, &mut seen_files, &mut summary)?;
            write_chunk(dir, &chunk, &mut entries, &mut stamps, &mut fresh, &mut summary)?;
            progress(Progress::Advance { stage: Stage::Publish, done, total: Some(total) });
        }
    }
    write_files(store, dir, &chunk, &mut seen_files, &mut summary)?;
    write_chunk(dir, &chunk, &mut entries, &mut stamps, &mut fresh, &mut summary)?;
    progress(Progress::Advance { stage: Stage::Publish, done, total: Some(total) });
    entries.sort_unstable();
    let named = Named::of(dir, previous.as_ref(), std::mem::take(&mut state.counts), fresh, &entries)?;

    let (groups, packed) = pack_groups(dir, &state, &entries, options.pack_bytes, &mut summary)?;
    let kept_packs: HashSet<String> = groups.iter().flat_map(|g| g.pack_names()).collect();
    let index = SnapshotIndex {
        format: FORMAT,
        sequence,
        published_at,
        program: skills_guide_remote::http::USER_AGENT.to_owned(),
        reading_version: skills_guide_remote::readings::READING_VERSION.to_owned(),
        entries: entries
            .into_iter()
            .map(|(id, hash)| {
                let group = packed[&hash];
                (id, hash, group)
            })
            .collect(),
        packs: groups.iter().map(|g| g.listed.clone()).collect(),
    };
    summary.entries = index.entries.len();
    let json = serde_json::to_vec(&index).map_err(|e| SnapshotError::Io(e.to_string()))?;
    let comment = format!("skills-guide snapshot sequence:{sequence} published_at:{published_at}");
    let signature = keys::sign(secret, &json, &comment)?;
    let compressed = compress(&json)?;
    summary.index_bytes = compressed.len() as u64;
    // The bookkeeping first: it names only packs and records on disk, so a
    // publication cut before its index still leaves the next one right.
    let counts =
        FileCounts { index_sha256: skills_guide_engine::analyze::sha256_hex(&compressed), files: named.counts };
    let state = PublisherState { stamps, groups, counts };
    state.save(dir)?;
    write_atomic(&dir.join(SIGNATURE_FILE), signature.as_bytes())?;
    write_atomic(&dir.join(INDEX_FILE), &compressed)?;
    remove_old_packs(dir, &kept_packs, previous.as_ref().map(|p| &p.packs));
    // Only once the new index is in place: until then the previous one is
    // the publication, and everything it names must stay.
    if let Some(previous_records) = named.previous_records {
        let keep_records: HashSet<&str> = index
            .entries
            .iter()
            .map(|(_, h, _)| h.as_str())
            .chain(previous_records.iter().map(String::as_str))
            .collect();
        let keep_files: Option<HashSet<&str>> = named
            .previous_counts
            .as_ref()
            .map(|previous| state.counts.files.keys().chain(previous.keys()).map(String::as_str).collect());
        let pruned = prune::prune(dir, &keep_records, keep_files.as_ref());
        summary.records_removed = pruned.records;
        summary.files_removed = pruned.files;
        summary.bytes_removed = pruned.bytes;
    }
    Ok(summary)
}

/// What the previous publication and this one name, for pruning.
struct Named {
    /// The previous publication's records (empty for a first one); `None`
    /// when its index is of an older format: nothing is pruned then.
    previous_records: Option<HashSet<String>>,
    /// How many records of the previous publication name each file; `None`
    /// when that cannot be known: no file is pruned then.
    previous_counts: Option<HashMap<String, u32>>,
    /// The same for this publication.
    counts: HashMap<String, u32>,
}

impl Named {
    fn of(
        dir: &Path,
        previous: Option<&Previous>,
        saved: FileCounts,
        fresh: HashMap<String, Vec<String>>,
        entries: &[(String, String)],
    ) -> Result<Named, SnapshotError> {
        let lists = FileLists { dir, fresh };
        let now: HashSet<String> = entries.iter().map(|(_, h)| h.clone()).collect();
        let previous_records = match previous {
            None => Some(HashSet::new()),
            Some(p) => p.records.clone(),
        };
        let previous_counts = match (previous, &previous_records) {
            (_, None) => None,
            (None, Some(_)) => Some(HashMap::new()),
            // Counted for the index on disk: taken as they are.
            (Some(p), Some(records)) if saved.index_sha256 == p.index_sha256 => Some(saved.files),
            (Some(_), Some(records)) => lists.count(records).ok(),
        };
        let moved = match (&previous_counts, &previous_records) {
            (Some(c), Some(records)) => lists.moved(c.clone(), records, &now).ok(),
            _ => None,
        };
        let counts = match moved {
            Some(c) => c,
            None => lists.count(&now)?,
        };
        Ok(Named { previous_records, previous_counts, counts })
    }
}

/// Packs of the previous publication that this one no longer lists and the
/// one before did not either: gone. The previous publication's stay one
/// more round, so a client still downloading them finishes.
fn remove_old_packs(dir: &Path, listed: &HashSet<String>, previous: Option<&Vec<PackGroup>>) {
    let previous: HashSet<&str> = previous
        .into_iter()
        .flatten()
        .flat_map(|g| std::iter::once(&g.records).chain(g.files.as_ref()))
        .map(|p| p.sha256.as_str())
        .collect();
    let Ok(read) = std::fs::read_dir(dir.join("packs")) else { return };
    for entry in read.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(sha) = name.strip_suffix(".pack") else { continue };
        if !listed.contains(sha) && !previous.contains(sha) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The groups of this publication: the previous ones still mostly alive,
/// kept as they are, then new ones for every record they do not hold (new,
/// changed, or from a group packed again). Returns them with the group of
/// each record hash.
fn pack_groups(
    dir: &Path,
    state: &PublisherState,
    entries: &[(String, String)],
    pack_bytes: u64,
    summary: &mut PublishSummary,
) -> Result<(Vec<GroupState>, HashMap<String, u32>), SnapshotError> {
    let live: HashSet<&str> = entries.iter().map(|(_, h)| h.as_str()).collect();
    let mut groups: Vec<GroupState> = Vec::new();
    let mut packed: HashMap<String, u32> = HashMap::new();
    let mut covered: HashSet<String> = HashSet::new();
    for group in &state.groups {
        let alive = group.records.iter().filter(|h| live.contains(h.as_str())).count();
        let on_disk = group.pack_names().all(|sha| dir.join(pack_path(&sha)).is_file());
        // Packed again only once most of it is gone: until then a client
        // needing it downloads a little dead weight, and every cache keeps it.
        if !on_disk || alive * 2 <= group.records.len() {
            summary.packs_repacked += usize::from(on_disk && alive > 0);
            continue;
        }
        let number = groups.len() as u32;
        for h in &group.records {
            if live.contains(h.as_str()) {
                packed.insert(h.clone(), number);
            }
        }
        covered.extend(group.files.iter().cloned());
        summary.packs_kept += 1;
        groups.push(group.clone());
    }
    let mut builder = GroupBuilder::new()?;
    for (_, hash) in entries {
        if packed.contains_key(hash) {
            continue;
        }
        let compressed =
            std::fs::read(dir.join(record_path(hash))).map_err(|e| SnapshotError::Io(format!("record {hash}: {e}")))?;
        let bytes = decompress(&compressed, super::MAX_RECORD_BYTES, &format!("record {hash}"))?;
        let record = SnapshotRecord::decode(hash, &bytes)?;
        builder.records.add(ObjectKind::Record, hash, &bytes)?;
        builder.record_hashes.push(hash.clone());
        for sha in record.file_hashes() {
            if covered.insert(sha.to_owned()) {
                let compressed = std::fs::read(dir.join(file_path(sha)))
                    .map_err(|e| SnapshotError::Io(format!("file {sha}: {e}")))?;
                let content = super::checked_file(sha, &compressed)?;
                builder.files.add(ObjectKind::File, sha, &content)?;
                builder.file_hashes.push(sha.to_owned());
            }
        }
        packed.insert(hash.clone(), groups.len() as u32);
        if builder.is_full(pack_bytes) {
            let full = std::mem::replace(&mut builder, GroupBuilder::new()?);
            groups.push(full.write(dir, summary)?);
        }
    }
    if !builder.record_hashes.is_empty() {
        groups.push(builder.write(dir, summary)?);
    }
    Ok((groups, packed))
}

/// A group being packed.
struct GroupBuilder {
    records: PackWriter,
    files: PackWriter,
    record_hashes: Vec<String>,
    file_hashes: Vec<String>,
}

impl GroupBuilder {
    fn new() -> Result<GroupBuilder, SnapshotError> {
        Ok(GroupBuilder {
            records: PackWriter::new()?,
            files: PackWriter::new()?,
            record_hashes: Vec::new(),
            file_hashes: Vec::new(),
        })
    }

    fn is_full(&self, pack_bytes: u64) -> bool {
        self.records.compressed_len() >= pack_bytes || self.files.compressed_len() >= pack_bytes
    }

    fn write(self, dir: &Path, summary: &mut PublishSummary) -> Result<GroupState, SnapshotError> {
        let mut write = |writer: PackWriter| -> Result<PackFile, SnapshotError> {
            let (bytes, listed) = writer.finish()?;
            write_atomic(&dir.join(pack_path(&listed.sha256)), &bytes)?;
            summary.packs_written += 1;
            summary.pack_bytes_written += listed.bytes;
            Ok(listed)
        };
        let records = write(self.records)?;
        let files = if self.files.objects() > 0 { Some(write(self.files)?) } else { None };
        Ok(GroupState { listed: PackGroup { records, files }, records: self.record_hashes, files: self.file_hashes })
    }
}

/// The publisher's bookkeeping beside its publication (`publisher.json.zst`):
/// for each skill, the stamp of the catalog record its snapshot record was
/// made from (so an unchanged one is not encoded again), and what each group
/// holds. A client never reads it; without it (a first publication, a
/// folder restored without it) every record is encoded and packed afresh.
#[derive(Default, Serialize, Deserialize)]
struct PublisherState {
    /// Skill id → (SHA-256 of the stored record's bytes, snapshot record hash).
    stamps: HashMap<String, (String, String)>,
    groups: Vec<GroupState>,
    /// How many records of the publication name each file (see `prune`).
    /// Empty (no index's hash) when the state predates them.
    #[serde(default)]
    counts: FileCounts,
}

#[derive(Clone, Serialize, Deserialize)]
struct GroupState {
    listed: PackGroup,
    records: Vec<String>,
    files: Vec<String>,
}

impl GroupState {
    fn pack_names(&self) -> impl Iterator<Item = String> + '_ {
        std::iter::once(&self.listed.records).chain(self.listed.files.as_ref()).map(|p| p.sha256.clone())
    }
}

const STATE_FILE: &str = "publisher.json.zst";

impl PublisherState {
    /// The state beside the publication; an unreadable one is as none (it
    /// only saves work).
    fn load(dir: &Path) -> PublisherState {
        let Ok(compressed) = std::fs::read(dir.join(STATE_FILE)) else { return PublisherState::default() };
        decompress(&compressed, MAX_INDEX_BYTES, "the publisher's state")
            .ok()
            .and_then(|json| serde_json::from_slice(&json).ok())
            .unwrap_or_default()
    }

    fn save(&self, dir: &Path) -> Result<(), SnapshotError> {
        let json = serde_json::to_vec(self).map_err(|e| SnapshotError::Io(e.to_string()))?;
        write_atomic(&dir.join(STATE_FILE), &compress(&json)?)
    }
}

/// Writes the files a chunk's records name that the folder does not have,
/// from the store, compressed on every core.
fn write_files(
    store: &Store,
    dir: &Path,
    chunk: &[(SnapshotRecord, String)],
    seen: &mut HashSet<String>,
    summary: &mut PublishSummary,
) -> Result<(), SnapshotError> {
    let mut wanted: Vec<(&str, &str)> = Vec::new(); // sha256, the skill naming it
    for (r, _) in chunk {
        for sha in r.file_hashes() {
            if seen.insert(sha.to_owned()) {
                wanted.push((sha, r.skill.id.as_str()));
            }
        }
    }
    let written: Vec<Option<u64>> = wanted
        .par_iter()
        .map(|(sha, id)| {
            let path = dir.join(file_path(sha));
            if path.is_file() {
                return Ok(None);
            }
            let content = store
                .content(sha)
                .map_err(|e| SnapshotError::Io(e.to_string()))?
                .ok_or_else(|| SnapshotError::Io(format!("skill {id} names a file {sha} the catalog does not hold")))?;
            let compressed = compress(&content)?;
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| SnapshotError::Io(format!("{}: {e}", parent.display())))?;
            }
            write_atomic(&path, &compressed)?;
            Ok(Some(compressed.len() as u64))
        })
        .collect::<Result<_, SnapshotError>>()?;
    for w in written {
        match w {
            Some(bytes) => {
                summary.files_written += 1;
                summary.file_bytes_written += bytes;
            }
            None => summary.files_kept += 1,
        }
    }
    Ok(())
}

/// Encodes, hashes and compresses a chunk on every core; writes the records
/// the folder does not have.
fn write_chunk(
    dir: &Path,
    chunk: &[(SnapshotRecord, String)],
    entries: &mut Vec<(String, String)>,
    stamps: &mut HashMap<String, (String, String)>,
    fresh: &mut HashMap<String, Vec<String>>,
    summary: &mut PublishSummary,
) -> Result<(), SnapshotError> {
    let written: Vec<(String, String, Option<u64>)> = chunk
        .par_iter()
        .map(|(record, _)| {
            let bytes = record.encode()?;
            let hash = record_hash(&bytes);
            let path = dir.join(record_path(&hash));
            if path.is_file() {
                return Ok((record.skill.id.clone(), hash, None));
            }
            let compressed = compress(&bytes)?;
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| SnapshotError::Io(format!("{}: {e}", parent.display())))?;
            }
            write_atomic(&path, &compressed)?;
            Ok((record.skill.id.clone(), hash, Some(compressed.len() as u64)))
        })
        .collect::<Result<_, SnapshotError>>()?;
    for ((id, hash, bytes), (record, stamp)) in written.into_iter().zip(chunk) {
        fresh.insert(hash.clone(), record.file_hashes().into_iter().map(str::to_owned).collect());
        stamps.insert(id.clone(), (stamp.clone(), hash.clone()));
        match bytes {
            Some(b) => {
                summary.records_written += 1;
                summary.bytes_written += b;
            }
            None => summary.records_kept += 1,
        }
        entries.push((id, hash));
    }
    Ok(())
}

/// The folder's current publication, if any: the next one follows it. An
/// index of an earlier format is followed too (its sequence and time), so
/// clients that applied it take the new format as newer.
fn previous_index(dir: &Path) -> Result<Option<Previous>, SnapshotError> {
    let path = dir.join(INDEX_FILE);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(SnapshotError::Io(format!("{}: {e}", path.display()))),
    };
    let unreadable = |e: String| {
        SnapshotError::Io(format!("{} cannot be read ({e}); move it away to start a new snapshot", path.display()))
    };
    let json = decompress(&bytes, MAX_INDEX_BYTES, "the folder's previous index")?;
    let mut previous: Previous = serde_json::from_slice(&json).map_err(|e| unreadable(e.to_string()))?;
    previous.index_sha256 = skills_guide_engine::analyze::sha256_hex(&bytes);
    if previous.format >= FORMAT {
        let index = SnapshotIndex::parse(&json).map_err(|e| unreadable(e.to_string()))?;
        previous.records = Some(index.entries.into_iter().map(|(_, hash, _)| hash).collect());
    }
    Ok(Some(previous))
}

/// What a publication follows from the one before it, whatever its format.
#[derive(serde::Deserialize)]
struct Previous {
    format: u32,
    sequence: u64,
    published_at: i64,
    #[serde(default)]
    packs: Vec<PackGroup>,
    /// Filled in after parsing: the SHA-256 of the index file, and its
    /// records when it is of this format.
    #[serde(skip)]
    index_sha256: String,
    #[serde(skip)]
    records: Option<HashSet<String>>,
}

/// A temporary file beside `path`, renamed over it: readers see the old
/// file or the new one, never half of one.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SnapshotError> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    let io = |e: std::io::Error| SnapshotError::Io(format!("{}: {e}", path.display()));
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    file.write_all(bytes).map_err(io)?;
    file.as_file().sync_all().map_err(io)?;
    // Static hosts serve what they can read.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(file.path(), std::fs::Permissions::from_mode(0o644)).map_err(io)?;
    }
    file.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}
