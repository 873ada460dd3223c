//! The import pipeline every source feeds: analyze (parse, fixed rules over
//! the whole folder, starting score) → admit → store → dedup → index. The
//! model's readings join between admit and index when they land.
//!
//! A source (local folders, the public GitHub sources, the examples, a
//! snapshot) hands the pipeline items ([`Pending`]: a local skill read
//! lazily, a fetched folder, an error) through [`Importer::run`], or records a
//! publisher verified already through [`Importer::put_records`]. The
//! pipeline knows no source: `sync` picks the sources and hands each the
//! importer.
//!
//! Every file found is accounted for in the summary: new, new version,
//! unchanged (R-SRC-2), or an error with its reason. Work goes in chunks that
//! are each written in one store transaction, so memory stays bounded and a
//! sync killed mid-way resumes without redoing finished chunks.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;
use skills_guide_engine::analyze::analyze_with_hash;
use skills_guide_engine::folder;
use skills_guide_engine::scan;
use skills_guide_engine::score::RepoFacts;

use crate::dedup;
use crate::index::SearchIndex;
use crate::progress::{Cancel, Progress, ProgressFn, Stage};
use crate::record::{
    build_folder_record, build_record, folder_version, single_file_version, SkillRecord, SourceKind, SourceRef,
};
use crate::snapshot::{SnapshotOptions, SnapshotStats};
use crate::store::Store;
use crate::CatalogError;
use skills_guide_remote::github::{GithubConfig, RequestStats as GithubStats};

/// A file bigger than this is not a skill anyone can read: it is reported as
/// an error, not imported (the largest real SKILL.md seen is ~130 KB).
pub const MAX_SKILL_BYTES: u64 = 4 * 1024 * 1024;
/// Files per chunk, and bytes per chunk: what one store transaction holds.
const CHUNK_FILES: usize = 256;
const CHUNK_BYTES: u64 = 64 * 1024 * 1024;

#[derive(Debug, Clone)]
pub struct SyncOptions {
    pub now_unix: i64,
    /// Date local files by their last commit when in a git work tree.
    pub use_git: bool,
    /// Stop after this many new skills (new versions count too).
    pub limit: Option<usize>,
    pub cancel: Cancel,
    /// How to reach GitHub for the `github` source; `None` reads the
    /// environment (`GITHUB_TOKEN`, `SKILLS_GUIDE_GITHUB_API`…).
    pub github: Option<GithubConfig>,
    /// How to take a `snapshot:` source (the publisher key, rollbacks).
    pub snapshot: SnapshotOptions,
}

impl Default for SyncOptions {
    fn default() -> Self {
        SyncOptions {
            now_unix: scan::now_unix(),
            use_git: true,
            limit: None,
            cancel: Cancel::default(),
            github: None,
            snapshot: SnapshotOptions::default(),
        }
    }
}

/// A file that could not be imported, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileError {
    pub path: String,
    pub reason: String,
}

/// What a sync did. `discovered == new_skills + new_versions + unchanged +
/// errors.len() + not_reached` always holds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SyncSummary {
    pub sources: Vec<String>,
    pub discovered: usize,
    pub new_skills: usize,
    pub new_versions: usize,
    /// Known already with the same content (R-SRC-2): not imported again.
    pub unchanged: usize,
    /// Of the new skills and versions, how many scored under 35 (R-SCORE-7).
    pub excluded: usize,
    /// Skills whose copy status changed in this sync (R-DUP).
    pub copies_marked: usize,
    pub errors: Vec<FileError>,
    /// Files left because `--limit` was reached or the sync was cancelled.
    pub not_reached: usize,
    pub stopped_at_limit: bool,
    pub cancelled: bool,
    /// Sources, or parts of them, that could not be read, and why (no
    /// token, results GitHub would not show); the rest of the sync went on.
    pub skipped: Vec<String>,
    /// Requests made to GitHub, and how many cost no download.
    pub github: Option<GithubStats>,
    /// What each `snapshot:` source gave.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub snapshots: Vec<SnapshotStats>,
    /// Skills in the catalog after the sync.
    pub catalog_size: usize,
    /// Admitted skills met in this sync that the model has not read
    /// successfully (new ones, and earlier ones left unread): what the
    /// readings step takes next.
    #[serde(skip)]
    pub unread: Vec<String>,
}

/// One file as fetched from a source, before analysis.
pub struct Fetched {
    pub source: SourceRef,
    pub facts: RepoFacts,
    /// What to call it in messages.
    pub display: String,
    /// The bytes, their SHA-256 and size — or why they could not be read.
    pub bytes: Result<(Vec<u8>, String, u64), String>,
}

/// A skill folder as fetched from a source, before analysis: what a source
/// hands the pipeline.
pub struct FetchedFolder {
    pub source: SourceRef,
    pub facts: RepoFacts,
    /// What to call it in messages.
    pub display: String,
    /// Every entry of the folder: files with their bytes, links, and files
    /// listed but not fetched (past a bound, a submodule) with why.
    pub entries: Vec<folder::MemoryEntry>,
    /// Each entry's git object id, by path, when the source has them: kept
    /// in the record so the next sync downloads only what changed.
    pub blob_ids: HashMap<String, String>,
    /// What the source knows the folder lacks (a listing cut short): added
    /// to its findings, and the folder gets no version hash of a folder
    /// known whole.
    pub findings: Vec<folder::FolderFinding>,
}

/// What sources import through: the store and index a sync writes, its
/// options and progress, and the hashes whose copy groups (R-DUP) are
/// regrouped when the sync finishes.
pub(crate) struct Importer<'a> {
    store: &'a Store,
    index: &'a mut SearchIndex,
    opts: &'a SyncOptions,
    progress: ProgressFn<'a>,
    touched_hashes: Vec<String>,
}

/// An item to import: a local file read lazily (in the chunk that handles it,
/// so memory holds one chunk), an already fetched file, or a path that could
/// not even be listed.
pub(crate) enum Pending {
    Local { path: PathBuf, last_change: Option<i64>, size: u64 },
    Ready(Fetched),
    Folder(Box<FetchedFolder>),
    Unlisted(FileError),
}

impl Pending {
    fn size(&self) -> u64 {
        match self {
            Pending::Local { size, .. } => *size,
            Pending::Ready(f) => f.bytes.as_ref().map(|b| b.2).unwrap_or(0),
            Pending::Folder(f) => f
                .entries
                .iter()
                .map(|e| match e {
                    folder::MemoryEntry::File { bytes, .. } => bytes.len() as u64,
                    _ => 0,
                })
                .sum(),
            Pending::Unlisted(_) => 0,
        }
    }
}
impl<'a> Importer<'a> {
    pub(crate) fn new(
        store: &'a Store,
        index: &'a mut SearchIndex,
        opts: &'a SyncOptions,
        progress: ProgressFn<'a>,
    ) -> Importer<'a> {
        Importer { store, index, opts, progress, touched_hashes: Vec::new() }
    }

    /// The store, to read what is known (never to write: writes go through
    /// [`Importer::run`], [`Importer::put_records`], [`Importer::remove_records`]).
    pub(crate) fn store(&self) -> &'a Store {
        self.store
    }

    pub(crate) fn opts(&self) -> &'a SyncOptions {
        self.opts
    }

    pub(crate) fn progress(&self) -> ProgressFn<'a> {
        self.progress
    }

    /// Stores records made elsewhere as they are (a snapshot's, verified by
    /// its publisher; known skills whose listing facts changed), with the
    /// contents of files the store may lack, and indexes them. Their copy
    /// groups are regrouped when the sync finishes.
    pub(crate) fn put_records(
        &mut self,
        records: &[SkillRecord],
        contents: &HashMap<String, Vec<u8>>,
    ) -> Result<(), CatalogError> {
        if records.is_empty() {
            return Ok(());
        }
        let refs: Vec<(&str, &[u8])> = contents.iter().map(|(s, c)| (s.as_str(), c.as_slice())).collect();
        // Skills new to the store are added to the index without a delete
        // (see `SearchIndex::add_new`: a first snapshot sync of 100,000
        // skills queued 100 MB of deletes of documents that could not exist).
        let new_to_store: Vec<bool> =
            records.iter().map(|r| self.store.contains(&r.id).map(|known| !known)).collect::<Result<_, _>>()?;
        self.store.put_many(records, refs)?;
        let mut added = HashSet::new();
        for (r, new) in records.iter().zip(new_to_store) {
            let text = match contents.get(&r.sha256) {
                Some(c) => String::from_utf8_lossy(c).into_owned(),
                None => String::from_utf8_lossy(&self.store.content(&r.sha256)?.unwrap_or_default()).into_owned(),
            };
            if new && added.insert(r.id.as_str()) {
                self.index.add_new(r, &text)?;
            } else {
                self.index.upsert(r, &text)?;
            }
            self.touched_hashes.push(r.version_key());
        }
        Ok(())
    }

    /// Indexes again records whose texts arrived after them (a snapshot's
    /// files), now with their SKILL.md.
    pub(crate) fn index_arrived(&mut self, records: &[SkillRecord]) -> Result<(), CatalogError> {
        reindex(self.store, self.index, records)
    }

    /// Indexes the whole store again (see [`rebuild`]): for texts that
    /// arrived for most of the catalog at once (a first snapshot sync), where
    /// one delete per skill would cost more memory than the rebuild.
    pub(crate) fn index_all_again(&mut self) -> Result<(), CatalogError> {
        rebuild(self.store, self.index, Stage::Index, self.progress)
    }

    /// Makes what is indexed so far searchable, before the sync ends (a
    /// snapshot's records, ahead of their files).
    pub(crate) fn commit_index(&mut self) -> Result<(), CatalogError> {
        self.index.commit(self.store.generation()?)?;
        Ok(())
    }

    /// Removes records from the store and the index; their copy groups are
    /// regrouped when the sync finishes.
    pub(crate) fn remove_records(&mut self, records: &[SkillRecord]) -> Result<(), CatalogError> {
        self.store.remove_many(records)?;
        for r in records {
            self.index.delete(&r.id)?;
            self.touched_hashes.push(r.version_key());
        }
        Ok(())
    }
    /// Imports every item, chunk by chunk.
    pub(crate) fn run(&mut self, items: Vec<Pending>, summary: &mut SyncSummary) -> Result<(), CatalogError> {
        let total = items.len() as u64;
        summary.discovered += items.len();
        (self.progress)(Progress::Stage { stage: Stage::Import, total: Some(total) });
        let mut done = 0u64;
        let mut items = items.into_iter().peekable();
        while items.peek().is_some() {
            let stop = self.opts.cancel.is_cancelled()
                || self.opts.limit.is_some_and(|l| summary.new_skills + summary.new_versions >= l);
            if stop {
                let left = items.count();
                summary.not_reached += left;
                summary.cancelled |= self.opts.cancel.is_cancelled();
                summary.stopped_at_limit |= !summary.cancelled;
                break;
            }
            let mut chunk = Vec::new();
            let mut chunk_bytes = 0u64;
            while let Some(item) = items.next_if(|_| chunk.len() < CHUNK_FILES && chunk_bytes < CHUNK_BYTES) {
                chunk_bytes += item.size().min(skills_guide_engine::folder::MAX_SKILL_BYTES);
                chunk.push(item);
            }
            let n = chunk.len() as u64;
            self.import_chunk(chunk, summary)?;
            done += n;
            (self.progress)(Progress::Advance { stage: Stage::Import, done, total: Some(total) });
        }
        Ok(())
    }

    fn import_chunk(&mut self, chunk: Vec<Pending>, summary: &mut SyncSummary) -> Result<(), CatalogError> {
        let store = self.store;
        let now = self.opts.now_unix;
        // On the flow analysis's pool: each folder's trees read on its own
        // thread rather than on one started for it.
        let outcomes: Vec<Outcome> = skills_guide_engine::flow::on_flow_stacks(|| {
            chunk.into_par_iter().map(|item| prepare(store, item, now)).collect()
        });
        let mut records = Vec::new();
        // Every new record's files' contents, and the SKILL.md text each is
        // indexed with (by position in `records`).
        let mut contents: Vec<(String, Vec<u8>)> = Vec::new();
        let mut texts: Vec<Vec<u8>> = Vec::new();
        // Per record: new to the store (not a new version of a known skill).
        let mut new_to_store = Vec::new();
        let budget = self.opts.limit.map(|l| l.saturating_sub(summary.new_skills + summary.new_versions));
        for outcome in outcomes {
            match outcome {
                Outcome::Unchanged { unread } => {
                    summary.unchanged += 1;
                    summary.unread.extend(unread);
                }
                Outcome::Error(e) => {
                    (self.progress)(Progress::Note { message: format!("{}: {}", e.path, e.reason) });
                    summary.errors.push(e);
                }
                Outcome::Import { record, files, new_version } => {
                    if budget.is_some_and(|b| records.len() >= b) {
                        summary.not_reached += 1;
                        summary.stopped_at_limit = true;
                        continue;
                    }
                    if new_version {
                        summary.new_versions += 1;
                    } else {
                        summary.new_skills += 1;
                    }
                    if record.admitted {
                        summary.unread.push(record.id.clone());
                    } else {
                        summary.excluded += 1;
                    }
                    texts.push(
                        files.iter().find(|(sha, _)| *sha == record.sha256).map(|f| f.1.clone()).unwrap_or_default(),
                    );
                    contents.extend(files);
                    records.push(*record);
                    new_to_store.push(!new_version);
                }
                Outcome::StoreError(e) => return Err(e.into()),
            }
        }
        if records.is_empty() {
            return Ok(());
        }
        contents.sort_by(|a, b| a.0.cmp(&b.0));
        contents.dedup_by(|a, b| a.0 == b.0);
        let content_refs: Vec<(&str, &[u8])> = contents.iter().map(|(s, c)| (s.as_str(), c.as_slice())).collect();
        // Old hashes of skills that got a new version lose a member of their group.
        for r in &records {
            if let Some(old) = r.versions.iter().rev().nth(1) {
                self.touched_hashes.push(old.sha256.clone());
            }
            self.touched_hashes.push(r.version_key());
        }
        store.put_many(&records, content_refs)?;
        // A location listed twice in one chunk is new to the store both
        // times: its second document must replace the first.
        let mut added = HashSet::new();
        for ((r, content), new) in records.iter().zip(&texts).zip(new_to_store) {
            let text = String::from_utf8_lossy(content);
            if new && added.insert(r.id.as_str()) {
                self.index.add_new(r, &text)?;
            } else {
                self.index.upsert(r, &text)?;
            }
        }
        // No index commit here: the index is committed once, at the end. A
        // sync killed before that leaves the index behind the store, and the
        // next open rebuilds it from the store, so commits along the way would
        // save nothing and cost merges of ever larger segments.
        Ok(())
    }

    pub(crate) fn finish(&mut self, summary: &mut SyncSummary) -> Result<(), CatalogError> {
        self.touched_hashes.sort();
        self.touched_hashes.dedup();
        (self.progress)(Progress::Stage { stage: Stage::Dedup, total: Some(self.touched_hashes.len() as u64) });
        let changed = dedup::regroup(self.store, &self.touched_hashes)?;
        summary.copies_marked = changed.len();
        (self.progress)(Progress::Stage { stage: Stage::Index, total: Some(changed.len() as u64) });
        reindex(self.store, self.index, &changed)?;
        self.store.flush()?;
        // A sync killed mid-write before this one may have left half a text
        // under a temporary name: nothing reads it, and it goes here.
        let leftovers = self.store.remove_leftovers()?;
        if leftovers > 0 {
            tracing::info!(leftovers, "temporary text files of an interrupted write removed");
        }
        self.index.commit(self.store.generation()?)?;
        // A big sync leaves many small segments; merged ones search faster.
        // Waiting for the merges costs seconds at 100,000 skills whatever
        // the sync changed (2.5 s of a 1 % snapshot sync's 4.9, BENCHMARKS.md),
        // so a small sync leaves them to a later one, unless segments pile up.
        let many = self.touched_hashes.len() >= WAIT_FOR_MERGES_FROM || self.index.num_segments() > MAX_SEGMENTS;
        if many {
            self.index.finish_merges()?;
        } else {
            self.index.release_writer();
        }
        summary.catalog_size = self.store.len();
        Ok(())
    }
}

/// Syncs that change at least this many skill versions wait for the index's
/// merges before they end.
const WAIT_FOR_MERGES_FROM: usize = 5_000;
/// More segments than this and any sync waits for the merges (a search
/// reads every segment).
const MAX_SEGMENTS: usize = 16;

/// Writes `records` to the index with their text from the store.
pub(crate) fn reindex(store: &Store, index: &mut SearchIndex, records: &[SkillRecord]) -> Result<(), CatalogError> {
    for r in records {
        let content = store.content(&r.sha256)?.unwrap_or_default();
        index.upsert(r, &String::from_utf8_lossy(&content))?;
    }
    Ok(())
}

/// Every document dropped and every skill of the store added again with its
/// text: the index as the store holds it, not visible until the caller
/// commits (searches see the last commit meanwhile). Adds, not upserts: a
/// delete per document is kept in memory until the commit (about 1 KB each,
/// 100 MB at 100,000 skills). Call it with nothing pending in the index
/// since its last commit: the drop does not reach documents still queued.
pub(crate) fn rebuild(
    store: &Store,
    index: &mut SearchIndex,
    stage: Stage,
    progress: ProgressFn<'_>,
) -> Result<(), CatalogError> {
    let total = store.len() as u64;
    progress(Progress::Stage { stage, total: Some(total) });
    index.delete_all()?;
    let mut done = 0u64;
    for record in store.records() {
        let record = record?;
        let content = store.content(&record.sha256)?.unwrap_or_default();
        index.add_new(&record, &String::from_utf8_lossy(&content))?;
        done += 1;
        if done.is_multiple_of(1024) {
            progress(Progress::Advance { stage, done, total: Some(total) });
        }
    }
    progress(Progress::Advance { stage, done, total: Some(total) });
    Ok(())
}

/// Where a local file is (its absolute path: the skill's identity) and the
/// facts a local folder gives the score (no stars; its last change).
fn local_source(path: &Path, last_change: Option<i64>) -> (SourceRef, RepoFacts) {
    let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let source = SourceRef {
        kind: SourceKind::Dir,
        repo: None,
        path: abs.to_string_lossy().into_owned(),
        url: None,
        license: None,
    };
    (source, RepoFacts { stars: None, last_commit_unix: last_change, in_awesome: false })
}

/// A local file as a fetched item (read later, in its chunk).
fn dir_file(path: &Path, last_change: Option<i64>) -> Fetched {
    let (source, facts) = local_source(path, last_change);
    Fetched { source, facts, display: path.to_string_lossy().into_owned(), bytes: read_local(path) }
}

fn read_local(path: &Path) -> Result<(Vec<u8>, String, u64), String> {
    let len = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    if len > MAX_SKILL_BYTES {
        return Err(format!("file is {len} bytes, over the {MAX_SKILL_BYTES}-byte limit for a SKILL.md"));
    }
    let (head, sha, total) = scan::read_bounded(path, MAX_SKILL_BYTES as usize).map_err(|e| e.to_string())?;
    if total > head.len() as u64 {
        return Err(format!("file grew to {total} bytes while read, over the limit"));
    }
    Ok((head, sha, total))
}

enum Outcome {
    /// Known with this content (R-SRC-2); the id when it still waits for a reading.
    Unchanged {
        unread: Option<String>,
    },
    Import {
        record: Box<SkillRecord>,
        /// The contents of its files read whole, by SHA-256 (SKILL.md's among them).
        files: Vec<(String, Vec<u8>)>,
        new_version: bool,
    },
    Error(FileError),
    StoreError(crate::store::StoreError),
}

/// Reads what the store knows of this location and analyzes the skill if
/// it is new: a local SKILL.md with its whole folder, a fetched file alone.
fn prepare(store: &Store, item: Pending, now: i64) -> Outcome {
    let fetched = match item {
        Pending::Local { path, last_change, .. } => {
            if path.file_name().is_some_and(|n| n == scan::SKILL_FILE_NAME) {
                return prepare_folder(store, &path, last_change, now);
            }
            dir_file(&path, last_change)
        }
        Pending::Ready(f) => f,
        Pending::Folder(f) => return prepare_fetched_folder(store, *f, now),
        Pending::Unlisted(e) => return Outcome::Error(e),
    };
    let (bytes, sha, total) = match fetched.bytes {
        Ok(b) => b,
        Err(reason) => return Outcome::Error(FileError { path: fetched.display, reason }),
    };
    let previous = match stored_at(store, &fetched.source) {
        Ok(p) => p,
        Err(e) => return Outcome::StoreError(e),
    };
    if let Some(p) = previous.as_ref().filter(|p| p.version_key() == single_file_version(&sha)) {
        return Outcome::Unchanged { unread: p.awaits_reading().then(|| p.id.clone()) };
        // R-SRC-2
    }
    let analysis = analyze_with_hash(&bytes, sha.clone(), total, &fetched.facts, now);
    let new_version = previous.is_some();
    let record = build_record(fetched.source, fetched.facts, analysis, previous, now);
    Outcome::Import { record: Box::new(record), files: vec![(sha, bytes)], new_version }
}

/// The record the store holds at this source's location, if any.
fn stored_at(store: &Store, source: &SourceRef) -> Result<Option<SkillRecord>, crate::store::StoreError> {
    match store.id_for_location(&source.location_key())? {
        Some(id) => store.get(&id),
        None => Ok(None),
    }
}

/// R-SRC-2: a folder read whole whose version is the stored one is
/// unchanged, known before any analysis (a re-sync of an unchanged catalog
/// reads and hashes, and runs no rule). A folder not read whole has no
/// version of its own: it is analysed, and compared by its listing.
fn is_stored_version(previous: Option<&SkillRecord>, folder: &folder::SkillFolder) -> bool {
    match (previous, folder.version_hash()) {
        (Some(p), Some(v)) => p.version_key() == v,
        _ => false,
    }
}

/// A local skill: its SKILL.md at `skill_md` and every file of its folder
/// ([`folder::read_folder`]: no link inside it followed, no special file
/// opened, within the folder's bounds). Unchanged when its version is the
/// stored one (R-SRC-2): one edited script is a new version.
fn prepare_folder(store: &Store, skill_md: &Path, last_change: Option<i64>, now: i64) -> Outcome {
    let display = skill_md.to_string_lossy().into_owned();
    let Some(dir) = skill_md.parent() else {
        return Outcome::Error(FileError { path: display, reason: "has no folder".into() });
    };
    let (source, facts) = local_source(skill_md, last_change);
    let skill_folder = match folder::read_folder(dir) {
        Ok(f) => f,
        Err(e) => return Outcome::Error(FileError { path: display, reason: format!("its folder: {e}") }),
    };
    let read = ReadFolder { source, facts, display, folder: skill_folder, gaps: Vec::new(), blob_ids: HashMap::new() };
    prepare_read_folder(store, read, now)
}

/// A skill folder a source fetched (GitHub, a list, the registry): built
/// and bounded by [`folder::SkillFolder::from_memory`], then prepared as a
/// local one.
fn prepare_fetched_folder(store: &Store, fetched: FetchedFolder, now: i64) -> Outcome {
    let FetchedFolder { source, facts, display, entries, blob_ids, findings } = fetched;
    let skill_folder = match folder::SkillFolder::from_memory(entries) {
        Ok(f) => f,
        Err(e) => return Outcome::Error(FileError { path: display, reason: format!("its folder: {e}") }),
    };
    let read = ReadFolder { source, facts, display, folder: skill_folder, gaps: findings, blob_ids };
    prepare_read_folder(store, read, now)
}

/// A skill folder in memory, from disk or from a source.
struct ReadFolder {
    source: SourceRef,
    facts: RepoFacts,
    display: String,
    folder: folder::SkillFolder,
    /// What the source knows the folder lacks (a listing cut short).
    gaps: Vec<folder::FolderFinding>,
    /// Each file's git blob id, by path, when the source has them.
    blob_ids: HashMap<String, String>,
}

/// Unchanged when its version is the stored one (R-SRC-2: one edited
/// script is a new version); else analysed whole and made a record.
fn prepare_read_folder(store: &Store, read: ReadFolder, now: i64) -> Outcome {
    let ReadFolder { source, facts, display, folder: skill_folder, gaps, blob_ids } = read;
    let previous = match stored_at(store, &source) {
        Ok(p) => p,
        Err(e) => return Outcome::StoreError(e),
    };
    if gaps.is_empty() && is_stored_version(previous.as_ref(), &skill_folder) {
        return Outcome::Unchanged { unread: previous.as_ref().and_then(|p| p.awaits_reading().then(|| p.id.clone())) };
    }
    let mut analysis = folder::analyze_folder(&skill_folder, &facts, now);
    if !gaps.is_empty() {
        // Not known whole: no version of a whole folder, and the findings
        // hold it back from publication (R-DEC-5).
        analysis.version = None;
        analysis.complete = false;
        analysis.folder_findings.extend(gaps);
    }
    if analysis.skill_md.is_none() {
        // SKILL.md's own report says why its content is missing.
        let why = analysis.files.iter().find(|f| f.path == scan::SKILL_FILE_NAME).map(|f| match (&f.error, &f.note) {
            (Some(e), _) => e.clone(),
            _ if f.bytes > folder::MAX_FILE_BYTES => format!(
                "file is {} bytes, over the {} MiB limit for a file of a skill: not read",
                f.bytes,
                folder::MAX_FILE_BYTES >> 20
            ),
            (None, Some(note)) => note.clone(),
            (None, None) => "SKILL.md was not read".to_owned(),
        });
        return Outcome::Error(FileError { path: display, reason: why.unwrap_or_else(|| "no SKILL.md".into()) });
    }
    let version = folder_version(&analysis);
    if let Some(p) = previous.as_ref().filter(|p| p.version_key() == version) {
        return Outcome::Unchanged { unread: p.awaits_reading().then(|| p.id.clone()) };
        // R-SRC-2
    }
    let files: Vec<(String, Vec<u8>)> =
        skill_folder.entries().iter().filter_map(|e| Some((e.sha256()?.to_owned(), e.bytes()?.to_vec()))).collect();
    let new_version = previous.is_some();
    match build_folder_record(source, facts, analysis, previous, now) {
        Some(mut record) => {
            for f in &mut record.files {
                f.blob_sha1 = blob_ids.get(&f.path).cloned();
            }
            Outcome::Import { record: Box::new(record), files, new_version }
        }
        None => Outcome::Error(FileError { path: display, reason: "SKILL.md could not be read".into() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_listed_twice_in_one_chunk_is_one_skill_and_one_search_document() {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("skills/twice/SKILL.md");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, "---\nname: twice\ndescription: listed twice\n---\nbody\n").unwrap();
        let store = Store::open(&tmp.path().join("store")).unwrap();
        let (mut index, _) = SearchIndex::open(&tmp.path().join("index")).unwrap();
        let opts = SyncOptions { use_git: false, ..SyncOptions::default() };
        let mut importer = Importer::new(&store, &mut index, &opts, &crate::progress::quiet);
        let item = || Pending::Local { path: file.clone(), last_change: None, size: 40 };
        let mut summary = SyncSummary::default();
        importer.run(vec![item(), item()], &mut summary).unwrap();
        importer.finish(&mut summary).unwrap();
        assert_eq!(store.len(), 1);
        assert_eq!(index.num_docs(), 1, "the second add replaced the first");
    }
}
