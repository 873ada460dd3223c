//! The public GitHub sources (R-SRC-1, R-SRC-3): code search for files named
//! SKILL.md, split by size past the 1,000-results cap; awesome lists and the
//! registry, resolved through each repository's tree. Every skill found at
//! `path/to/SKILL.md` is the folder `path/to/`: its files come from the
//! repository's recursive tree (asked once per repository per sync) with
//! their blob ids, sizes and modes; the bounds (200 files, 4 MiB per file,
//! 16 MiB per skill) are applied to the listing before anything is
//! downloaded; links and submodules are listed, never fetched; a folder
//! inside with a SKILL.md of its own is its own skill. The facts the score
//! needs (stars, the last commit touching the folder, license) come from the
//! API, the contents from the raw host.
//!
//! A tree GitHub cut short (`truncated`) cannot say what a folder holds: each
//! skill found in it is read as its SKILL.md alone, with an `over-limit`
//! finding saying so (it holds publication, R-DEC-5), and the summary names
//! the repository.
//!
//! Incremental: a folder whose every file has the git blob id stored for it
//! at that location is unchanged (R-SRC-2) and costs no download; in a
//! changed folder only the blobs no stored content has are fetched, and each
//! download is checked against its blob id. Resumable: each finished size
//! shard is recorded in the store (`crawl` tree) before the next begins, and
//! a sync that finds an unfinished run skips the shards that run finished.
//!
//! Never here: following a link, fetching a submodule or a file past a
//! bound, or taking bytes whose blob id is not the tree's.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use sha1::{Digest, Sha1};
use skills_guide_engine::folder::{self, FileState, FolderFinding, MemoryEntry, SkillFolder};
use skills_guide_engine::rules::RuleId;
use skills_guide_engine::score::RepoFacts;
use skills_guide_remote::awesome::{github_links, GithubLink, LinkTarget};
use skills_guide_remote::github::{
    CachedAnswer, GithubClient, GithubError, RepoInfo, RepoTree, SearchItem, TreeFile, TreeMode, ValidatorCache,
};
use skills_guide_remote::registry::{parse_marketplace, RegistryRepo};

use crate::pack;
use crate::pipeline::{FetchedFolder, FileError, Importer, Pending, SyncSummary};
use crate::progress::{Progress, Stage};
use crate::record::{SkillFile, SkillRecord, SourceKind, SourceRef};
use crate::store::StoreError;
use crate::CatalogError;

/// The sizes code search can see: GitHub indexes files under 384 KB.
pub const FULL_RANGE: (u64, u64) = (0, 512 * 1024);
/// GitHub returns at most this many results per query.
pub const SEARCH_CAP: u64 = 1_000;
const RUN_KEY: &str = "github-search-run";
/// Files fetched, then imported, at a time.
const FETCH_BATCH: usize = 64;

/// Answers with their validators, kept in the store between syncs (packed,
/// like every large value of the store).
pub struct StoreCache(pub sled::Tree);

impl ValidatorCache for StoreCache {
    fn get(&self, url: &str) -> Option<CachedAnswer> {
        // An unreadable entry is a miss: the request is simply made again.
        let packed = self.0.get(url.as_bytes()).ok().flatten()?;
        serde_json::from_slice(&pack::unpack(&packed).ok()?).ok()
    }
    fn put(&self, url: &str, answer: &CachedAnswer) {
        // A failed write only costs the next sync a download.
        if let Some(packed) = serde_json::to_vec(answer).ok().and_then(|json| pack::pack(&json).ok()) {
            let _ = self.0.insert(url.as_bytes(), packed);
        }
    }
}

/// A code-search run: the shards it finished, so a killed sync resumes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchRun {
    pub started: i64,
    pub done: Vec<(u64, u64)>,
    pub finished: bool,
}

/// The git blob SHA-1 of `bytes`: what code search reports as an item's `sha`.
pub fn git_blob_sha(bytes: &[u8]) -> String {
    let mut h = Sha1::new();
    h.update(format!("blob {}\0", bytes.len()).as_bytes());
    h.update(bytes);
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

fn github_err(e: GithubError) -> CatalogError {
    CatalogError::Github(e.to_string())
}

fn store_err(e: StoreError) -> CatalogError {
    CatalogError::Store(e)
}

/// The public GitHub sources of one sync (code search, the awesome lists,
/// the registry), handing what they find to the pipeline.
pub(crate) struct PublicSources<'i, 'p> {
    importer: &'i mut Importer<'p>,
}

impl<'i, 'p> PublicSources<'i, 'p> {
    pub(crate) fn new(importer: &'i mut Importer<'p>) -> PublicSources<'i, 'p> {
        PublicSources { importer }
    }
}

impl PublicSources<'_, '_> {
    /// Code search over every size shard, importing each shard's skills
    /// before the next shard is searched.
    pub(crate) fn github(&mut self, client: &GithubClient, summary: &mut SyncSummary) -> Result<(), CatalogError> {
        if !client.has_token() {
            let why = GithubError::NoToken.to_string();
            (self.importer.progress())(Progress::Note { message: format!("github: skipped — {why}") });
            summary.skipped.push(format!("github: {why}"));
            return Ok(());
        }
        let mut run = match self.importer.store().crawl_state::<SearchRun>(RUN_KEY).map_err(store_err)? {
            Some(run) if !run.finished => {
                (self.importer.progress())(Progress::Note {
                    message: format!("github: resuming a search stopped after {} shard(s)", run.done.len()),
                });
                run
            }
            _ => SearchRun { started: self.importer.opts().now_unix, ..SearchRun::default() },
        };
        self.importer.store().put_crawl_state(RUN_KEY, &run).map_err(store_err)?;
        (self.importer.progress())(Progress::Stage { stage: Stage::Discover, total: None });
        let mut queue = vec![FULL_RANGE];
        // Shards whose search kept failing: said, and left for a later sync
        // (the run is then not finished, so the next one resumes with them).
        let mut failed_shards = 0;
        while let Some((lo, hi)) = queue.pop() {
            if self.stopped(summary) {
                return Ok(());
            }
            if run.done.contains(&(lo, hi)) {
                continue;
            }
            let items = match self.search_shard(client, lo, hi, &mut queue, summary) {
                Ok(Some(items)) => items,
                Ok(None) => continue, // split into smaller shards
                Err(e) if !e.stops_the_run() => {
                    let msg =
                        format!("github: the search for sizes {lo}..{hi} failed ({e}); a later sync tries it again");
                    (self.importer.progress())(Progress::Note { message: msg.clone() });
                    summary.skipped.push(msg);
                    failed_shards += 1;
                    continue;
                }
                Err(e) => return Err(github_err(e)),
            };
            self.import_found(client, items, false, summary)?;
            if self.stopped(summary) {
                // The shard was cut short by --limit or a cancel: not done.
                return Ok(());
            }
            run.done.push((lo, hi));
            self.importer.store().put_crawl_state(RUN_KEY, &run).map_err(store_err)?;
        }
        if failed_shards > 0 {
            return Ok(());
        }
        run.finished = true;
        self.importer.store().put_crawl_state(RUN_KEY, &run).map_err(store_err)?;
        Ok(())
    }

    /// One size shard's search results, every page; `None` when the shard
    /// holds more than the search shows and was split onto `queue` instead.
    fn search_shard(
        &self,
        client: &GithubClient,
        lo: u64,
        hi: u64,
        queue: &mut Vec<(u64, u64)>,
        summary: &mut SyncSummary,
    ) -> Result<Option<Vec<SearchItem>>, GithubError> {
        let query = format!("filename:SKILL.md size:{lo}..{hi}");
        let mut page = client.search_code(&query)?;
        if page.total_count > SEARCH_CAP && lo < hi {
            // Saturated: split, smaller sizes first (the queue is a stack).
            let mid = lo + (hi - lo) / 2;
            queue.push((mid + 1, hi));
            queue.push((lo, mid));
            return Ok(None);
        }
        if page.total_count > SEARCH_CAP {
            let msg = format!(
                "github: {} files of exactly {lo} bytes, only the first {SEARCH_CAP} can be seen",
                page.total_count
            );
            (self.importer.progress())(Progress::Note { message: msg.clone() });
            summary.skipped.push(msg);
        }
        if page.incomplete_results {
            // GitHub timed out on its side: ask once more before going on.
            page = client.search_code(&query)?;
            if page.incomplete_results {
                let msg = format!("github: results for sizes {lo}..{hi} were incomplete; a later sync sees the rest");
                (self.importer.progress())(Progress::Note { message: msg.clone() });
                summary.skipped.push(msg);
            }
        }
        let mut items = std::mem::take(&mut page.items);
        let mut next = page.next.take();
        while let Some(url) = next {
            let p = client.search_page(&url)?;
            items.extend(p.items);
            next = p.next;
        }
        Ok(Some(items))
    }

    fn stopped(&self, summary: &SyncSummary) -> bool {
        self.importer.opts().cancel.is_cancelled()
            || self.importer.opts().limit.is_some_and(|l| summary.new_skills + summary.new_versions >= l)
    }

    /// Imports skills found on GitHub (a SKILL.md each): every skill is its
    /// whole folder, read from its repository's tree (asked once per
    /// repository per sync). A folder whose files all have their stored git
    /// blob ids is unchanged and costs no download; of the others only the
    /// files whose blob no stored content has are fetched, on a few threads.
    pub(crate) fn import_found(
        &mut self,
        client: &GithubClient,
        mut items: Vec<SearchItem>,
        in_awesome: bool,
        summary: &mut SyncSummary,
    ) -> Result<(), CatalogError> {
        items.retain(|item| item.path.rsplit('/').next() == Some("SKILL.md"));
        items.sort_by(|a, b| (a.repo.to_ascii_lowercase(), &a.path).cmp(&(b.repo.to_ascii_lowercase(), &b.path)));
        items.dedup_by(|a, b| a.repo.eq_ignore_ascii_case(&b.repo) && a.path == b.path);
        if items.is_empty() {
            return Ok(());
        }
        // Each repository's facts and tree, asked in parallel (the client
        // keeps both for the rest of the sync).
        let mut repos: Vec<String> = items.iter().map(|i| i.repo.clone()).collect();
        repos.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
        let listings = parallel_map(&repos, client.config().concurrency, |full_name| {
            client.repo(full_name).and_then(|info| {
                let tree = client.tree(&info.full_name, &info.default_branch)?;
                Ok((info, tree))
            })
        });
        let listings: HashMap<String, Result<(RepoInfo, Arc<RepoTree>), String>> = repos
            .iter()
            .zip(listings)
            .map(|(name, l)| (name.to_ascii_lowercase(), l.map_err(|e| e.to_string())))
            .collect();

        let mut to_fetch: Vec<ToFetch> = Vec::new();
        let mut listed_now = Vec::new();
        for item in items {
            let (info, tree) = match &listings[&item.repo.to_ascii_lowercase()] {
                Ok(l) => l,
                Err(reason) => {
                    summary.discovered += 1;
                    summary.errors.push(FileError { path: display(&item), reason: reason.clone() });
                    continue;
                }
            };
            if tree.truncated {
                note_truncated(&info.full_name, summary);
            }
            let source = source_of(&item, Some(info));
            let known = match self.importer.store().id_for_location(&source.location_key()).map_err(store_err)? {
                Some(id) => self.importer.store().get(&id).map_err(store_err)?,
                None => None,
            };
            let plan = match plan_folder(tree, &item) {
                Ok(p) => p,
                Err(reason) => {
                    summary.discovered += 1;
                    summary.errors.push(FileError { path: display(&item), reason });
                    continue;
                }
            };
            let mut stored = StoredBlobs::new(self.importer.store(), known.as_ref());
            if let Some(r) = known.as_ref() {
                if plan.is_unchanged_from(r, &mut stored).map_err(store_err)? {
                    // R-SRC-2: same location, same files; nothing downloaded.
                    summary.discovered += 1;
                    summary.unchanged += 1;
                    if r.awaits_reading() {
                        summary.unread.push(r.id.clone());
                    }
                    if in_awesome && !r.facts.in_awesome {
                        listed_now.push(
                            with_awesome(self.importer.store(), r, self.importer.opts().now_unix).map_err(store_err)?,
                        );
                    }
                    continue;
                }
            }
            let was_in_awesome = known.as_ref().is_some_and(|r| r.facts.in_awesome);
            let reused = stored.reuse(&plan).map_err(store_err)?;
            to_fetch.push(ToFetch { item, info: info.clone(), plan, reused, in_awesome: in_awesome || was_in_awesome });
        }
        if !listed_now.is_empty() {
            // Known skills a list names now: rescored with R-SCORE-6's bonus,
            // their readings kept (the files did not change).
            // Admission may have changed, and copy groups are among admitted
            // skills: the pipeline regroups them.
            self.importer.put_records(&listed_now, &HashMap::new())?;
            summary.unread.extend(listed_now.iter().filter(|r| r.awaits_reading()).map(|r| r.id.clone()));
        }
        if to_fetch.is_empty() {
            return Ok(());
        }
        if let Some(limit) = self.importer.opts().limit {
            // Fetch no more than the limit can still take.
            let room = limit.saturating_sub(summary.new_skills + summary.new_versions);
            if to_fetch.len() > room {
                summary.discovered += to_fetch.len() - room;
                summary.not_reached += to_fetch.len() - room;
                summary.stopped_at_limit = true;
                to_fetch.truncate(room);
            }
        }
        // In batches (of folders, and of bytes to download), so a killed sync
        // keeps what it downloaded before it died and memory holds one batch.
        let mut batches: Vec<Vec<ToFetch>> = Vec::new();
        let mut bytes = 0u64;
        for w in to_fetch {
            let size = w.plan.fetch_bytes();
            if batches.last().is_none_or(|b| b.len() >= FETCH_BATCH || bytes + size > FETCH_BATCH_BYTES) {
                batches.push(Vec::new());
                bytes = 0;
            }
            bytes += size;
            if let Some(b) = batches.last_mut() {
                b.push(w);
            }
        }
        for batch in batches {
            if self.stopped(summary) {
                summary.discovered += batch.len();
                summary.not_reached += batch.len();
                continue;
            }
            let fetched = fetch_folders(client, batch);
            self.importer.run(fetched, summary)?;
        }
        Ok(())
    }
}

/// Bytes downloaded, then imported, at most per batch (besides [`FETCH_BATCH`] folders).
const FETCH_BATCH_BYTES: u64 = 64 * 1024 * 1024;

/// Says once per sync that a repository's listing was cut short.
fn note_truncated(full_name: &str, summary: &mut SyncSummary) {
    let msg = format!(
        "{full_name}: GitHub cut its file listing short; some skills may be missed, and each one found is read as \
         its SKILL.md alone (an over-limit finding)"
    );
    if !summary.skipped.contains(&msg) {
        summary.skipped.push(msg);
    }
}

/// A skill folder to fetch: what the tree says of it and what the store
/// already holds.
struct ToFetch {
    item: SearchItem,
    info: RepoInfo,
    plan: FolderPlan,
    /// Contents already stored, by blob id: not downloaded again.
    reused: HashMap<String, Vec<u8>>,
    in_awesome: bool,
}

/// What to do with one entry of a skill folder listed by its repository's
/// tree.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Planned {
    /// A file within the bounds: its content is wanted.
    Fetch { size: u64, executable: bool },
    /// A symbolic link: listed with its blob id, never fetched or followed.
    Link,
    /// A file past a bound (200 files, 4 MiB per file, 16 MiB per skill):
    /// listed with its size, not fetched (an over-limit finding).
    PastBound { size: u64, executable: bool },
    /// A submodule (another repository at a commit): listed, not fetched.
    Submodule,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct PlannedEntry {
    /// Relative to the skill's folder.
    rel: String,
    /// Its blob's git SHA-1 (a submodule's commit).
    sha1: String,
    what: Planned,
}

/// A skill folder as its repository's tree lists it, the bounds applied
/// before anything is downloaded.
#[derive(Debug, Clone, PartialEq, Eq)]
struct FolderPlan {
    /// The folder's path in the repository (`""` at its root).
    folder: String,
    /// SKILL.md first, then by path: the order the bounds count in.
    entries: Vec<PlannedEntry>,
    /// The tree was cut short: the folder is its SKILL.md alone, with this
    /// finding.
    truncated: bool,
}

/// The folder of the skill whose SKILL.md `item` names, from `tree`: every
/// file at or under it, except those of a folder inside it with a SKILL.md
/// of its own (its own skill, as `folder::read_folder` has it), each within
/// the bounds or past them, as `SkillFolder::from_memory` will count them.
fn plan_folder(tree: &RepoTree, item: &SearchItem) -> Result<FolderPlan, String> {
    let folder = item.path.rsplit_once('/').map(|(dir, _)| dir.to_owned()).unwrap_or_default();
    let skill_md = tree.get(&item.path);
    match skill_md.map(|f| f.mode) {
        Some(TreeMode::File | TreeMode::Executable) => {}
        Some(TreeMode::Link) => return Err("SKILL.md is a symbolic link: not followed".into()),
        Some(TreeMode::Submodule) => return Err("SKILL.md is a submodule".into()),
        None if tree.truncated => {}
        None => {
            return Err("not in the repository's tree (moved or removed since GitHub indexed it)".into());
        }
    }
    if tree.truncated {
        let (sha1, size, executable) = match skill_md {
            Some(f) => (f.sha.clone(), f.size.unwrap_or(0), f.mode == TreeMode::Executable),
            None => (item.sha.clone(), 0, false),
        };
        let entry = PlannedEntry { rel: "SKILL.md".into(), sha1, what: Planned::Fetch { size, executable } };
        return Ok(FolderPlan { folder, entries: vec![entry], truncated: true });
    }
    let prefix_len = if folder.is_empty() { 0 } else { folder.len() + 1 };
    let files: Vec<(&str, &TreeFile)> = tree.under(&folder).iter().map(|f| (&f.path[prefix_len..], f)).collect();
    // Folders inside this one holding a SKILL.md file of their own.
    let nested: HashSet<&str> = files
        .iter()
        .filter(|(_, f)| matches!(f.mode, TreeMode::File | TreeMode::Executable))
        .filter_map(|(rel, _)| rel.strip_suffix("/SKILL.md"))
        .collect();
    let in_nested = |rel: &str| rel.match_indices('/').any(|(i, _)| nested.contains(&rel[..i]));
    let mut listed: Vec<(&str, &TreeFile)> = files.into_iter().filter(|(rel, _)| !in_nested(rel)).collect();
    // SKILL.md first, then by path (the tree is sorted by path already).
    if let Some(at) = listed.iter().position(|(rel, _)| *rel == "SKILL.md") {
        let md = listed.remove(at);
        listed.insert(0, md);
    }
    let mut budget = folder::MAX_SKILL_BYTES;
    let mut entries = Vec::with_capacity(listed.len());
    for (ordinal, (rel, f)) in listed.into_iter().enumerate() {
        let size = f.size.unwrap_or(0);
        let executable = f.mode == TreeMode::Executable;
        let what = match f.mode {
            TreeMode::Link => Planned::Link,
            TreeMode::Submodule => Planned::Submodule,
            TreeMode::File | TreeMode::Executable => {
                if ordinal >= folder::MAX_FILES || size > folder::MAX_FILE_BYTES || size > budget {
                    Planned::PastBound { size, executable }
                } else {
                    budget -= size;
                    Planned::Fetch { size, executable }
                }
            }
        };
        entries.push(PlannedEntry { rel: rel.to_owned(), sha1: f.sha.clone(), what });
    }
    Ok(FolderPlan { folder, entries, truncated: false })
}

impl FolderPlan {
    /// Bytes the plan downloads at most.
    fn fetch_bytes(&self) -> u64 {
        self.entries
            .iter()
            .map(|e| match e.what {
                Planned::Fetch { size, .. } => size,
                _ => 0,
            })
            .sum()
    }

    /// The path in the repository of the entry at `rel`.
    fn repo_path(&self, rel: &str) -> String {
        if self.folder.is_empty() {
            rel.to_owned()
        } else {
            format!("{}/{rel}", self.folder)
        }
    }

    /// Whether `record` holds exactly this folder: the same files, each
    /// with the same blob id, mode and state (R-SRC-2).
    fn is_unchanged_from(&self, record: &SkillRecord, stored: &mut StoredBlobs<'_>) -> Result<bool, StoreError> {
        if record.files.len() != self.entries.len() || self.truncated != record_is_truncated(record) {
            return Ok(false);
        }
        for e in &self.entries {
            let Some(f) = record.file(&e.rel) else { return Ok(false) };
            let same_state = match e.what {
                Planned::Fetch { executable, .. } => f.state == FileState::Read && f.executable == executable,
                Planned::Link => f.state == FileState::Link,
                Planned::PastBound { size, executable } => {
                    f.state == FileState::NotRead && f.bytes == size && f.executable == executable
                }
                Planned::Submodule => f.state == FileState::Error,
            };
            if !same_state {
                return Ok(false);
            }
            let same_blob = match (&e.what, &f.blob_sha1) {
                (_, Some(id)) => *id == e.sha1,
                // A record made before blob ids were kept: its content's id.
                (Planned::Fetch { .. }, None) => stored.blob_of(f)?.is_some_and(|id| id == e.sha1),
                _ => false,
            };
            if !same_blob {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The finding of a folder read from a listing GitHub cut short.
    fn findings(&self) -> Vec<FolderFinding> {
        if !self.truncated {
            return Vec::new();
        }
        vec![FolderFinding { rule: RuleId::OverLimit, path: None, detail: TRUNCATED_DETAIL.to_owned() }]
    }
}

/// The detail of the over-limit finding of a skill read from a cut listing.
const TRUNCATED_DETAIL: &str =
    "GitHub cut the repository's file listing short: only SKILL.md was read; the folder's other files are unknown";

fn record_is_truncated(r: &SkillRecord) -> bool {
    r.findings.iter().any(|f| f.rule == RuleId::OverLimit && f.excerpt == TRUNCATED_DETAIL)
}

/// The contents a known skill's record names, by git blob id: what a sync
/// reuses instead of downloading.
struct StoredBlobs<'a> {
    store: &'a crate::store::Store,
    record: Option<&'a SkillRecord>,
    /// Blob ids computed from stored contents (records without them).
    computed: HashMap<String, Option<String>>,
}

impl<'a> StoredBlobs<'a> {
    fn new(store: &'a crate::store::Store, record: Option<&'a SkillRecord>) -> StoredBlobs<'a> {
        StoredBlobs { store, record, computed: HashMap::new() }
    }

    /// The git blob id of a record's file read whole: kept, or computed
    /// from its stored content.
    fn blob_of(&mut self, f: &SkillFile) -> Result<Option<String>, StoreError> {
        if f.blob_sha1.is_some() || f.state != FileState::Read {
            return Ok(f.blob_sha1.clone());
        }
        let Some(sha) = f.sha256.as_deref() else { return Ok(None) };
        if let Some(id) = self.computed.get(sha) {
            return Ok(id.clone());
        }
        let id = self.store.content(sha)?.map(|c| git_blob_sha(&c));
        self.computed.insert(sha.to_owned(), id.clone());
        Ok(id)
    }

    /// The stored contents of the plan's files whose blob a file of the
    /// record has, by blob id, each checked against that id.
    fn reuse(&mut self, plan: &FolderPlan) -> Result<HashMap<String, Vec<u8>>, StoreError> {
        let mut out = HashMap::new();
        let Some(record) = self.record else { return Ok(out) };
        let wanted: HashSet<&str> =
            plan.entries.iter().filter(|e| matches!(e.what, Planned::Fetch { .. })).map(|e| e.sha1.as_str()).collect();
        for f in record.files.iter().filter(|f| f.state == FileState::Read) {
            let Some(id) = self.blob_of(f)? else { continue };
            if !wanted.contains(id.as_str()) || out.contains_key(&id) {
                continue;
            }
            let Some(sha) = f.sha256.as_deref() else { continue };
            if let Some(content) = self.store.content(sha)? {
                if git_blob_sha(&content) == id {
                    out.insert(id, content);
                }
            }
        }
        Ok(out)
    }
}

/// `r` found in an awesome list (R-SRC-4): its score again with the bonus
/// (R-SCORE-6), from its stored files (no download), and the decision again
/// from the same readings and findings, since admission may change.
fn with_awesome(store: &crate::store::Store, r: &SkillRecord, now: i64) -> Result<SkillRecord, StoreError> {
    let facts = RepoFacts { in_awesome: true, ..r.facts };
    let mut entries = Vec::new();
    for f in r.files.iter().filter(|f| f.state == FileState::Read) {
        let Some(sha) = f.sha256.as_deref() else { continue };
        if let Some(bytes) = store.content(sha)? {
            entries.push(MemoryEntry::File { path: f.path.clone(), bytes, executable: f.executable });
        }
    }
    let mut out = r.clone();
    let (score, details, admitted) = match SkillFolder::from_memory(entries) {
        Ok(folder) => {
            let a = folder::analyze_folder(&folder, &facts, now);
            (a.score, a.score_details, a.admitted && a.skill_md.is_some())
        }
        // SKILL.md's text is gone from the store: the score stays as it was.
        Err(_) => (r.score, r.score_details.clone(), r.admitted),
    };
    let rule_ids: Vec<_> = r.findings.iter().map(|f| f.rule).collect();
    out.decision = skills_guide_engine::decide::decide(admitted, r.audit.as_ref(), &rule_ids);
    out.facts = facts;
    out.score = score;
    out.score_details = details;
    out.admitted = admitted;
    Ok(out)
}

fn source_of(item: &SearchItem, info: Option<&RepoInfo>) -> SourceRef {
    SourceRef {
        kind: SourceKind::Github,
        repo: Some(info.map(|i| i.full_name.clone()).unwrap_or_else(|| item.repo.clone())),
        path: item.path.clone(),
        url: item
            .html_url
            .clone()
            .or_else(|| Some(format!("https://github.com/{}/blob/HEAD/{}", item.repo, item.path))),
        license: info.and_then(|i| i.license.clone()),
    }
}

/// Fetches a batch of folders: the date of each one's last commit, then
/// every file no stored content has (each blob once), on the client's
/// number of threads. A failure is that skill's error, never the run's.
fn fetch_folders(client: &GithubClient, batch: Vec<ToFetch>) -> Vec<Pending> {
    let workers = client.config().concurrency;
    let dates = parallel_map(&batch, workers, |w| {
        if w.plan.folder.is_empty() {
            Ok(w.info.pushed_at_unix)
        } else {
            client.last_commit(&w.info.full_name, &w.plan.folder).map(|d| d.or(w.info.pushed_at_unix))
        }
    });
    // Each blob of the batch downloaded once, whatever number of folders hold it.
    let mut downloads: Vec<(String, String, String, String)> = Vec::new(); // repo, branch, path, blob id
    let mut seen = HashSet::new();
    for (w, date) in batch.iter().zip(&dates) {
        if date.is_err() {
            continue;
        }
        for e in &w.plan.entries {
            if matches!(e.what, Planned::Fetch { .. })
                && !w.reused.contains_key(&e.sha1)
                && seen.insert((w.info.full_name.to_ascii_lowercase(), e.sha1.clone()))
            {
                let path = w.plan.repo_path(&e.rel);
                downloads.push((w.info.full_name.clone(), w.info.default_branch.clone(), path, e.sha1.clone()));
            }
        }
    }
    let got = parallel_map(&downloads, workers, |(repo, branch, path, id)| {
        let bytes = client.raw(repo, branch, path).map_err(|e| e.to_string())?;
        if git_blob_sha(&bytes) != *id {
            return Err("changed on GitHub while this sync read it; the next sync takes it".to_owned());
        }
        Ok(bytes)
    });
    let mut blobs: Blobs = HashMap::new();
    for ((repo, _, path, id), result) in downloads.into_iter().zip(got) {
        let result = result.map_err(|reason| FileError { path: format!("{repo}/{path}"), reason });
        blobs.insert((repo.to_ascii_lowercase(), id), result);
    }
    batch
        .into_iter()
        .zip(dates)
        .map(|(w, date)| match date {
            Ok(date) => folder_item(w, date, &blobs),
            Err(e) => Pending::Unlisted(FileError { path: display(&w.item), reason: e.to_string() }),
        })
        .collect()
}

/// Downloaded blobs by (repository, blob id), or why not (with the file's path).
type Blobs = HashMap<(String, String), Result<Vec<u8>, FileError>>;

/// A fetched folder as the pipeline's item, or the error of its first file
/// that could not be downloaded.
fn folder_item(w: ToFetch, date: Option<i64>, blobs: &Blobs) -> Pending {
    let repo = w.info.full_name.to_ascii_lowercase();
    let mut entries = Vec::with_capacity(w.plan.entries.len());
    let mut blob_ids = HashMap::new();
    for e in &w.plan.entries {
        blob_ids.insert(e.rel.clone(), e.sha1.clone());
        let path = e.rel.clone();
        entries.push(match e.what {
            Planned::Fetch { executable, .. } => {
                let bytes = match w.reused.get(&e.sha1) {
                    Some(b) => b.clone(),
                    None => match blobs.get(&(repo.clone(), e.sha1.clone())) {
                        Some(Ok(b)) => b.clone(),
                        Some(Err(e)) => return Pending::Unlisted(e.clone()),
                        None => {
                            let reason = "not downloaded".to_owned();
                            return Pending::Unlisted(FileError { path: display(&w.item), reason });
                        }
                    },
                };
                MemoryEntry::File { path, bytes, executable }
            }
            // Never fetched: a link's entry names its blob, so a changed
            // target is a new version all the same.
            Planned::Link => MemoryEntry::Link { path, target: format!("(target not fetched; git blob {})", e.sha1) },
            Planned::PastBound { size, executable } => {
                MemoryEntry::Listed { path, size, executable, why: "listed, not fetched".into() }
            }
            Planned::Submodule => MemoryEntry::Listed {
                path,
                size: 0,
                executable: false,
                why: format!("a git submodule (another repository, at commit {}): listed, not fetched", e.sha1),
            },
        });
    }
    let findings = w.plan.findings();
    Pending::Folder(Box::new(FetchedFolder {
        source: source_of(&w.item, Some(&w.info)),
        facts: RepoFacts { stars: Some(w.info.stars), last_commit_unix: date, in_awesome: w.in_awesome },
        display: display(&w.item),
        entries,
        blob_ids,
        findings,
    }))
}

/// `f` over `items` on at most `workers` threads, results in input order.
fn parallel_map<T: Sync, R: Send>(items: &[T], workers: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::with_capacity(items.len()));
    std::thread::scope(|scope| {
        for _ in 0..workers.clamp(1, 16).min(items.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(item);
                results.lock().unwrap_or_else(|e| e.into_inner()).push((i, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

fn display(item: &SearchItem) -> String {
    format!("{}/{}", item.repo, item.path)
}

/// The awesome lists read by default (R-SRC-1): `SKILLS_GUIDE_AWESOME_LISTS`
/// (comma-separated `owner/name`) replaces them.
pub const DEFAULT_AWESOME_LISTS: [&str; 4] = [
    "ComposioHQ/awesome-claude-skills",
    "VoltAgent/awesome-agent-skills",
    "libukai/awesome-agent-skills",
    "travisvn/awesome-claude-skills",
];

/// Which SKILL.md files of one repository a list or registry points at.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pick {
    /// Every SKILL.md (a link to the whole repository).
    All,
    /// Every SKILL.md at or under this folder.
    Under(String),
    /// This one file.
    Exact(String),
}

impl Pick {
    fn takes(&self, path: &str) -> bool {
        if path.rsplit('/').next() != Some("SKILL.md") {
            return false;
        }
        match self {
            Pick::All => true,
            Pick::Under(dir) if dir.is_empty() => true,
            Pick::Under(dir) => path.strip_prefix(dir.as_str()).is_some_and(|rest| rest.starts_with('/')),
            Pick::Exact(p) => p == path,
        }
    }
}

fn pick_of(link: &GithubLink) -> Option<Pick> {
    Some(match &link.target {
        LinkTarget::Repo => Pick::All,
        LinkTarget::Tree { path, .. } => Pick::Under(path.clone()),
        LinkTarget::Blob { path, .. } if path.rsplit('/').next() == Some("SKILL.md") => Pick::Exact(path.clone()),
        // A folder linked with `blob/` (GitHub redirects it to `tree/`).
        LinkTarget::Blob { path, .. } if !path.rsplit('/').next().unwrap_or("").contains('.') => {
            Pick::Under(path.clone())
        }
        LinkTarget::Blob { .. } => return None,
    })
}

/// The lists to read: the environment's, or the defaults.
pub fn awesome_lists() -> Vec<String> {
    match std::env::var("SKILLS_GUIDE_AWESOME_LISTS") {
        Ok(v) if !v.trim().is_empty() => v
            .split(',')
            .map(str::trim)
            .filter(|l| skills_guide_remote::awesome::valid_full_name(l))
            .map(str::to_owned)
            .collect(),
        _ => DEFAULT_AWESOME_LISTS.iter().map(|s| s.to_string()).collect(),
    }
}

type Wanted = BTreeMap<String, (String, Vec<Pick>)>;

fn want(wanted: &mut Wanted, full_name: &str, pick: Pick) {
    let entry = wanted.entry(full_name.to_ascii_lowercase()).or_insert_with(|| (full_name.to_owned(), Vec::new()));
    if !entry.1.contains(&pick) {
        entry.1.push(pick);
    }
}

impl PublicSources<'_, '_> {
    /// Awesome lists (R-SRC-1, R-SRC-4): every README's links to GitHub,
    /// resolved through each repository's tree to the SKILL.md files they
    /// point at, imported with `in_awesome`.
    pub(crate) fn awesome(&mut self, client: &GithubClient, summary: &mut SyncSummary) -> Result<(), CatalogError> {
        let mut wanted = Wanted::new();
        (self.importer.progress())(Progress::Stage { stage: Stage::Discover, total: None });
        for list in awesome_lists() {
            let readme = match client.raw(&list, "HEAD", "README.md") {
                Ok(b) => b,
                Err(e) => {
                    summary.errors.push(FileError { path: format!("{list}/README.md"), reason: e.to_string() });
                    continue;
                }
            };
            for link in github_links(&String::from_utf8_lossy(&readme)) {
                if link.full_name().eq_ignore_ascii_case(&list) && link.target == LinkTarget::Repo {
                    continue;
                }
                if let Some(pick) = pick_of(&link) {
                    want(&mut wanted, &link.full_name(), pick);
                }
            }
        }
        self.import_wanted(client, wanted, HashMap::new(), true, summary)
    }

    /// The n-skills registry: its marketplace index, each entry resolved
    /// like an awesome link; install counts kept where it has them (R-DUP-2).
    pub(crate) fn registry(&mut self, client: &GithubClient, summary: &mut SyncSummary) -> Result<(), CatalogError> {
        let home = RegistryRepo::n_skills();
        let home_name = format!("{}/{}", home.owner, home.repo);
        (self.importer.progress())(Progress::Stage { stage: Stage::Discover, total: None });
        let index = ".claude-plugin/marketplace.json";
        let skills = client
            .raw(&home_name, home.git_ref.as_deref().unwrap_or("HEAD"), index)
            .map_err(|e| e.to_string())
            .and_then(|b| parse_marketplace(&String::from_utf8_lossy(&b), &home));
        let skills = match skills {
            Ok(s) => s,
            Err(reason) => {
                summary.errors.push(FileError { path: format!("{home_name}/{index}"), reason });
                return Ok(());
            }
        };
        let mut wanted = Wanted::new();
        let mut installs = HashMap::new();
        for s in skills {
            let full = format!("{}/{}", s.owner, s.repo);
            if let Some(n) = s.installs {
                installs.insert(format!("{}\0{}", full.to_ascii_lowercase(), s.path), n);
            }
            want(&mut wanted, &full, Pick::Exact(s.path));
        }
        self.import_wanted(client, wanted, installs, false, summary)
    }

    fn import_wanted(
        &mut self,
        client: &GithubClient,
        wanted: Wanted,
        installs: HashMap<String, u64>,
        in_awesome: bool,
        summary: &mut SyncSummary,
    ) -> Result<(), CatalogError> {
        let wanted: Vec<(String, Vec<Pick>)> = wanted.into_values().collect();
        let mut items = Vec::new();
        // A few repositories at a time, listed in parallel: a list links
        // hundreds, each a repository and a tree request.
        for group in wanted.chunks(32) {
            if self.stopped(summary) {
                break;
            }
            let listings = parallel_map(group, client.config().concurrency, |(full_name, _)| {
                client.repo(full_name).and_then(|info| {
                    let tree = client.tree(&info.full_name, &info.default_branch)?;
                    Ok((info, tree))
                })
            });
            for ((full_name, picks), listing) in group.iter().zip(listings) {
                let (info, tree) = match listing {
                    Ok(l) => l,
                    // A dead link in a list is that link's error, not the sync's.
                    Err(e) => {
                        summary.errors.push(FileError { path: full_name.clone(), reason: e.to_string() });
                        continue;
                    }
                };
                if tree.truncated {
                    note_truncated(&info.full_name, summary);
                }
                // A SKILL.md that is a link or a submodule is no skill's.
                let skill_files = tree.files.iter().filter(|f| matches!(f.mode, TreeMode::File | TreeMode::Executable));
                for f in skill_files.filter(|f| picks.iter().any(|p| p.takes(&f.path))) {
                    let html_url =
                        Some(format!("https://github.com/{}/blob/{}/{}", info.full_name, info.default_branch, f.path));
                    let (path, sha) = (f.path.clone(), f.sha.clone());
                    items.push(SearchItem { repo: info.full_name.clone(), path, sha, html_url });
                }
            }
            if items.len() >= 256 {
                self.import_found(client, std::mem::take(&mut items), in_awesome, summary)?;
            }
        }
        self.import_found(client, items, in_awesome, summary)?;
        if !installs.is_empty() {
            self.set_installs(&installs)?;
        }
        Ok(())
    }

    /// Keeps the registry's install counts on the skills it lists.
    fn set_installs(&mut self, installs: &HashMap<String, u64>) -> Result<(), CatalogError> {
        let mut changed = Vec::new();
        for (key, n) in installs {
            let Some((repo, path)) = key.split_once('\0') else { continue };
            let location = format!("gh\u{0}{repo}\u{0}{path}");
            if let Some(id) = self.importer.store().id_for_location(&location).map_err(store_err)? {
                if let Some(mut r) = self.importer.store().get(&id).map_err(store_err)? {
                    if r.installs != *n {
                        r.installs = *n;
                        changed.push(r);
                    }
                }
            }
        }
        if !changed.is_empty() {
            self.importer.put_records(&changed, &HashMap::new())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn git_blob_sha_is_gits() {
        // `printf 'hello\n' | git hash-object --stdin`
        assert_eq!(git_blob_sha(b"hello\n"), "ce013625030ba8dba906f756967f9e9ca394464a");
        assert_eq!(git_blob_sha(b""), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
    }

    #[test]
    fn parallel_map_keeps_the_input_order() {
        let input: Vec<u32> = (0..500).collect();
        assert_eq!(parallel_map(&input, 4, |x| x * 2), input.iter().map(|x| x * 2).collect::<Vec<_>>());
        assert!(parallel_map(&Vec::<u32>::new(), 4, |x| *x).is_empty());
    }

    #[test]
    fn picks_take_only_skill_files_at_or_under_their_folder() {
        assert!(Pick::All.takes("a/b/SKILL.md") && !Pick::All.takes("a/README.md"));
        let under = Pick::Under("skills/pdf".into());
        assert!(under.takes("skills/pdf/SKILL.md") && under.takes("skills/pdf/x/SKILL.md"));
        assert!(!under.takes("skills/pdf-extra/SKILL.md"), "a sibling with the same prefix is not under it");
        assert!(Pick::Under(String::new()).takes("SKILL.md"));
        assert!(
            Pick::Exact("a/SKILL.md".into()).takes("a/SKILL.md")
                && !Pick::Exact("a/SKILL.md".into()).takes("b/SKILL.md")
        );
    }
}
