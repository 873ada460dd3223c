//! The sync pipeline: discover → fetch → analyze (parse, fixed rules,
//! starting score) → admit → store → dedup → index, the same for every source.
//! The model's readings join between admit and index when they land.
//!
//! Every file found is accounted for in the summary: new, new version,
//! unchanged (R-SRC-2), or an error with its reason. Work goes in chunks that
//! are each written in one store transaction, so memory stays bounded and a
//! sync killed mid-way resumes without redoing finished chunks.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;
use skills_guide_engine::analyze::analyze_with_hash;
use skills_guide_engine::folder;
use skills_guide_engine::freshness;
use skills_guide_engine::scan::{self, Located};
use skills_guide_engine::score::RepoFacts;

use crate::dedup;
use crate::index::SearchIndex;
use crate::progress::{Cancel, Progress, ProgressFn, Stage};
use crate::record::{
    build_folder_record, build_record, folder_version, single_file_version, SkillRecord, SourceKind, SourceRef,
};
use crate::snapshot::apply::{SnapshotOptions, SnapshotStats};
use crate::store::Store;
use crate::CatalogError;
use skills_guide_remote::github::{GithubClient, GithubConfig, GithubEvent, RequestStats as GithubStats};

/// A file bigger than this is not a skill anyone can read: it is reported as
/// an error, not imported (the largest real SKILL.md seen is ~130 KB).
pub const MAX_SKILL_BYTES: u64 = 4 * 1024 * 1024;
/// Files per chunk, and bytes per chunk: what one store transaction holds.
const CHUNK_FILES: usize = 256;
const CHUNK_BYTES: u64 = 64 * 1024 * 1024;

/// A place skills come from (`sync --from`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Dir(PathBuf),
    /// The starter catalog shipped with the program.
    Examples,
    Github,
    Awesome,
    Registry,
    Snapshot(String),
    /// Every agent's skills folder that exists on this machine (user scope,
    /// then the current folder's project scope): what the agents load today.
    Installed,
}

impl Source {
    /// Parses `github`, `awesome`, `registry`, `dir:PATH`, `snapshot:URL_OR_PATH`, `examples`.
    pub fn parse(s: &str) -> Result<Source, String> {
        match s {
            "github" => Ok(Source::Github),
            "awesome" => Ok(Source::Awesome),
            "registry" => Ok(Source::Registry),
            "examples" => Ok(Source::Examples),
            "installed" => Ok(Source::Installed),
            _ => {
                if let Some(p) = s.strip_prefix("dir:").filter(|p| !p.is_empty()) {
                    Ok(Source::Dir(expand_home(p)?))
                } else if let Some(p) = s.strip_prefix("snapshot:").filter(|p| !p.is_empty()) {
                    Ok(Source::Snapshot(p.to_owned()))
                } else {
                    Err(format!(
                        "unknown source `{s}`: expected github, awesome, registry, dir:PATH, snapshot:URL_OR_PATH, installed or examples"
                    ))
                }
            }
        }
    }

    /// The public sources a sync with none named reads, in this order: the
    /// lists first, so a skill they name is imported with `in_awesome`
    /// (R-SRC-4) before code search finds the same file.
    pub fn public() -> Vec<Source> {
        vec![Source::Awesome, Source::Registry, Source::Github]
    }

    pub fn describe(&self) -> String {
        match self {
            Source::Dir(p) => format!("dir:{}", p.display()),
            Source::Examples => "examples".into(),
            Source::Github => "github".into(),
            Source::Awesome => "awesome".into(),
            Source::Registry => "registry".into(),
            Source::Snapshot(s) => format!("snapshot:{s}"),
            Source::Installed => "installed".into(),
        }
    }
}

/// `~` and `~/…` as the home folder: `--from dir:~/.claude/skills` reaches
/// the program unexpanded, since the shell expands `~` only at a word's start.
fn expand_home(p: &str) -> Result<PathBuf, String> {
    let rest = match p.strip_prefix('~') {
        Some("") => "",
        Some(rest) if rest.starts_with('/') => &rest[1..],
        _ => return Ok(PathBuf::from(p)),
    };
    let home = dirs::home_dir().ok_or_else(|| format!("`{p}`: no home folder to expand `~` to"))?;
    Ok(if rest.is_empty() { home } else { home.join(rest) })
}

/// The folders `Source::Installed` reads.
pub fn installed_folders() -> Vec<PathBuf> {
    let Some(env) = crate::agents::AgentEnv::from_env() else { return Vec::new() };
    let cwd = std::env::current_dir().ok();
    crate::agents::existing_folders(&env, cwd.as_deref())
}

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
    pub blob_ids: std::collections::HashMap<String, String>,
    /// What the source knows the folder lacks (a listing cut short): added
    /// to its findings, and the folder gets no version hash of a folder
    /// known whole.
    pub findings: Vec<folder::FolderFinding>,
}

/// The GitHub client of a sync: its answers' validators kept in the store,
/// its waits reported as progress notes.
fn github_client<'p>(
    store: &Store,
    opts: &SyncOptions,
    progress: ProgressFn<'p>,
) -> Result<GithubClient<'p>, CatalogError> {
    let config = match &opts.github {
        Some(c) => c.clone(),
        None => GithubConfig::from_env().map_err(CatalogError::Github)?,
    };
    let client = GithubClient::new(config, Box::new(crate::crawl::StoreCache(store.http_cache())))
        .map_err(|e| CatalogError::Github(e.to_string()))?;
    Ok(client.on_event(move |e| {
        let message = match e {
            GithubEvent::RateWait { resource, wait } => {
                format!("GitHub rate limit ({resource}) reached: waiting {} s for its reset", wait.as_secs().max(1))
            }
            GithubEvent::Backoff { wait, why, .. } => {
                format!("GitHub: {why}; trying again in {:.1} s", wait.as_secs_f64())
            }
        };
        progress(Progress::Note { message });
    }))
}

/// Runs the pipeline over `sources` into the store and the index.
pub fn sync(
    store: &Store,
    index: &mut SearchIndex,
    sources: &[Source],
    opts: &SyncOptions,
    progress: ProgressFn<'_>,
) -> Result<SyncSummary, CatalogError> {
    let mut summary = SyncSummary { sources: sources.iter().map(Source::describe).collect(), ..Default::default() };
    let mut importer = Importer { store, index, opts, progress, touched_hashes: Vec::new() };
    // One GitHub client for the public sources, made when the first needs it:
    // repository facts asked by one source serve the next.
    let mut github = None;
    for source in sources {
        if let Err(e) = importer.source(source, &mut github, &mut summary) {
            // What was stored before the failure is grouped and indexed all
            // the same, so the catalog the next sync starts from is whole.
            importer.finish(&mut summary)?;
            return Err(e);
        }
    }
    summary.github = github.as_ref().map(GithubClient::stats);
    importer.finish(&mut summary)?;
    Ok(summary)
}

impl<'p> Importer<'p> {
    fn source(
        &mut self,
        source: &Source,
        github: &mut Option<GithubClient<'p>>,
        summary: &mut SyncSummary,
    ) -> Result<(), CatalogError> {
        match source {
            Source::Dir(path) => self.dir(path, summary)?,
            Source::Installed => {
                let folders = installed_folders();
                if folders.is_empty() {
                    (self.progress)(Progress::Note {
                        message: "no agent's skills folder exists on this machine".into(),
                    });
                }
                for folder in folders {
                    (self.progress)(Progress::Note { message: format!("reading {}", folder.display()) });
                    self.dir(&folder, summary)?;
                }
            }
            Source::Examples => {
                let items = crate::examples::fetched(self.opts.now_unix);
                self.run(items.into_iter().map(Pending::Ready).collect(), summary)?;
            }
            Source::Github | Source::Awesome | Source::Registry => {
                let client = match github {
                    Some(c) => &*c,
                    None => &*github.insert(github_client(self.store, self.opts, self.progress)?),
                };
                match source {
                    Source::Github => self.github(client, summary)?,
                    Source::Awesome => self.awesome(client, summary)?,
                    _ => self.registry(client, summary)?,
                }
            }
            Source::Snapshot(address) => self.snapshot(address, summary)?,
        }
        Ok(())
    }
}

pub(crate) struct Importer<'a> {
    pub(crate) store: &'a Store,
    pub(crate) index: &'a mut SearchIndex,
    pub(crate) opts: &'a SyncOptions,
    pub(crate) progress: ProgressFn<'a>,
    pub(crate) touched_hashes: Vec<String>,
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

impl Importer<'_> {
    fn dir(&mut self, root: &Path, summary: &mut SyncSummary) -> Result<(), CatalogError> {
        (self.progress)(Progress::Stage { stage: Stage::Discover, total: None });
        if !root.is_dir() {
            return Err(CatalogError::BadSource(format!("{} is not a folder", root.display())));
        }
        let located = scan::locate(&[root.to_path_buf()]);
        let files: Vec<PathBuf> =
            located.iter().filter_map(|l| if let Located::File(p) = l { Some(p.clone()) } else { None }).collect();
        let dates = freshness::local_dates(&files, self.opts.use_git);
        (self.progress)(Progress::Advance {
            stage: Stage::Discover,
            done: located.len() as u64,
            total: Some(located.len() as u64),
        });
        let pending: Vec<Pending> = located
            .into_iter()
            .map(|l| match l {
                Located::File(path) => {
                    // The skill's whole folder is read with its SKILL.md.
                    let size = match path.parent() {
                        Some(dir) if path.file_name().is_some_and(|n| n == scan::SKILL_FILE_NAME) => {
                            skills_guide_engine::folder::disk_size(dir)
                        }
                        _ => std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0),
                    };
                    Pending::Local { last_change: dates.get(&path).map(|d| d.unix), path, size }
                }
                Located::Unreadable(path, why) => {
                    Pending::Unlisted(FileError { path: path.to_string_lossy().into_owned(), reason: why })
                }
            })
            .collect();
        self.run(pending, summary)
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
        let outcomes: Vec<Outcome> = chunk.into_par_iter().map(|item| prepare(store, item, now)).collect();
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

    fn finish(&mut self, summary: &mut SyncSummary) -> Result<(), CatalogError> {
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
        self.index.finish_merges()?;
        summary.catalog_size = self.store.len();
        Ok(())
    }
}

/// Writes `records` to the index with their text from the store.
pub(crate) fn reindex(store: &Store, index: &mut SearchIndex, records: &[SkillRecord]) -> Result<(), CatalogError> {
    for r in records {
        let content = store.content(&r.sha256)?.unwrap_or_default();
        index.upsert(r, &String::from_utf8_lossy(&content))?;
    }
    Ok(())
}

/// A local file as a fetched item (read later, in its chunk).
fn dir_file(path: &Path, last_change: Option<i64>) -> Fetched {
    let abs = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let source = SourceRef {
        kind: SourceKind::Dir,
        repo: None,
        path: abs.to_string_lossy().into_owned(),
        url: None,
        license: None,
    };
    let bytes = read_local(path);
    Fetched {
        source,
        facts: RepoFacts { stars: None, last_commit_unix: last_change, in_awesome: false },
        display: path.to_string_lossy().into_owned(),
        bytes,
    }
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
    let previous = match store.id_for_location(&fetched.source.location_key()).and_then(|id| match id {
        Some(id) => store.get(&id),
        None => Ok(None),
    }) {
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

/// A local skill: its SKILL.md at `skill_md` and every file of its folder
/// ([`folder::read_folder`]: no link inside it followed, no special file
/// opened, within the folder's bounds). Unchanged when its version is the
/// stored one (R-SRC-2): one edited script is a new version.
fn prepare_folder(store: &Store, skill_md: &Path, last_change: Option<i64>, now: i64) -> Outcome {
    let display = skill_md.to_string_lossy().into_owned();
    let Some(dir) = skill_md.parent() else {
        return Outcome::Error(FileError { path: display, reason: "has no folder".into() });
    };
    let abs = std::fs::canonicalize(skill_md).unwrap_or_else(|_| skill_md.to_path_buf());
    let source = SourceRef {
        kind: SourceKind::Dir,
        repo: None,
        path: abs.to_string_lossy().into_owned(),
        url: None,
        license: None,
    };
    let facts = RepoFacts { stars: None, last_commit_unix: last_change, in_awesome: false };
    let skill_folder = match folder::read_folder(dir) {
        Ok(f) => f,
        Err(e) => return Outcome::Error(FileError { path: display, reason: format!("its folder: {e}") }),
    };
    let analysis = folder::analyze_folder(&skill_folder, &facts, now);
    if analysis.skill_md.is_none() {
        let why = analysis.files.iter().find(|f| f.path == scan::SKILL_FILE_NAME).map(|f| match &f.error {
            Some(e) => e.clone(),
            None => format!(
                "file is {} bytes, over the {} MiB limit for a file of a skill: not read",
                f.bytes,
                folder::MAX_FILE_BYTES >> 20
            ),
        });
        return Outcome::Error(FileError { path: display, reason: why.unwrap_or_else(|| "no SKILL.md".into()) });
    }
    let previous = match store.id_for_location(&source.location_key()).and_then(|id| match id {
        Some(id) => store.get(&id),
        None => Ok(None),
    }) {
        Ok(p) => p,
        Err(e) => return Outcome::StoreError(e),
    };
    let version = folder_version(&analysis);
    if let Some(p) = previous.as_ref().filter(|p| p.version_key() == version) {
        return Outcome::Unchanged { unread: p.awaits_reading().then(|| p.id.clone()) };
        // R-SRC-2
    }
    let files: Vec<(String, Vec<u8>)> =
        skill_folder.entries().iter().filter_map(|e| Some((e.sha256()?.to_owned(), e.bytes()?.to_vec()))).collect();
    let new_version = previous.is_some();
    match build_folder_record(source, facts, analysis, previous, now) {
        Some(record) => Outcome::Import { record: Box::new(record), files, new_version },
        None => Outcome::Error(FileError { path: display, reason: "SKILL.md could not be read".into() }),
    }
}

/// A skill folder a source fetched (GitHub, a list, the registry): built
/// and bounded by [`folder::SkillFolder::from_memory`], analyzed whole, and
/// unchanged when its version is the stored one (R-SRC-2).
fn prepare_fetched_folder(store: &Store, fetched: FetchedFolder, now: i64) -> Outcome {
    let FetchedFolder { source, facts, display, entries, blob_ids, findings } = fetched;
    let skill_folder = match folder::SkillFolder::from_memory(entries) {
        Ok(f) => f,
        Err(e) => return Outcome::Error(FileError { path: display, reason: format!("its folder: {e}") }),
    };
    let mut analysis = folder::analyze_folder(&skill_folder, &facts, now);
    if !findings.is_empty() {
        // Not known whole: no version of a whole folder, and the findings
        // hold it back from publication (R-DEC-5).
        analysis.version = None;
        analysis.complete = false;
        analysis.folder_findings.extend(findings);
    }
    if analysis.skill_md.is_none() {
        let why = analysis.files.iter().find(|f| f.path == scan::SKILL_FILE_NAME).and_then(|f| match &f.error {
            Some(e) => Some(e.clone()),
            None => f.note.clone(),
        });
        return Outcome::Error(FileError { path: display, reason: why.unwrap_or_else(|| "no SKILL.md".into()) });
    }
    let previous = match store.id_for_location(&source.location_key()).and_then(|id| match id {
        Some(id) => store.get(&id),
        None => Ok(None),
    }) {
        Ok(p) => p,
        Err(e) => return Outcome::StoreError(e),
    };
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
    use std::sync::Mutex;

    #[test]
    fn progress_reports_each_stage_and_the_import_count() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("skills");
        for i in 0..3 {
            std::fs::create_dir_all(dir.join(format!("s{i}"))).unwrap();
            std::fs::write(dir.join(format!("s{i}/SKILL.md")), format!("---\nname: s{i}\ndescription: d\n---\n"))
                .unwrap();
        }
        let store = Store::open(&tmp.path().join("store")).unwrap();
        let (mut index, _) = SearchIndex::open(&tmp.path().join("index")).unwrap();
        let events = Mutex::new(Vec::new());
        let record = |p: Progress| events.lock().unwrap().push(p);
        let opts = SyncOptions { use_git: false, ..SyncOptions::default() };
        let summary = sync(&store, &mut index, &[Source::Dir(dir)], &opts, &record).unwrap();
        assert_eq!(summary.new_skills, 3);
        let events = events.into_inner().unwrap();
        let stages: Vec<Stage> = events
            .iter()
            .filter_map(|e| if let Progress::Stage { stage, .. } = e { Some(*stage) } else { None })
            .collect();
        assert_eq!(stages, [Stage::Discover, Stage::Import, Stage::Dedup, Stage::Index]);
        assert!(events.contains(&Progress::Advance { stage: Stage::Import, done: 3, total: Some(3) }), "{events:?}");
    }

    #[test]
    fn a_file_listed_twice_in_one_chunk_is_one_skill_and_one_search_document() {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("skills/twice/SKILL.md");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, "---\nname: twice\ndescription: listed twice\n---\nbody\n").unwrap();
        let store = Store::open(&tmp.path().join("store")).unwrap();
        let (mut index, _) = SearchIndex::open(&tmp.path().join("index")).unwrap();
        let opts = SyncOptions { use_git: false, ..SyncOptions::default() };
        let mut importer = Importer {
            store: &store,
            index: &mut index,
            opts: &opts,
            progress: &crate::progress::quiet,
            touched_hashes: Vec::new(),
        };
        let item = || Pending::Local { path: file.clone(), last_change: None, size: 40 };
        let mut summary = SyncSummary::default();
        importer.run(vec![item(), item()], &mut summary).unwrap();
        importer.finish(&mut summary).unwrap();
        assert_eq!(store.len(), 1);
        assert_eq!(index.num_docs(), 1, "the second add replaced the first");
    }

    #[test]
    fn sources_parse_like_the_contract_says() {
        assert_eq!(Source::parse("dir:/x"), Ok(Source::Dir(PathBuf::from("/x"))));
        assert_eq!(Source::parse("github"), Ok(Source::Github));
        assert_eq!(Source::parse("snapshot:https://h/x"), Ok(Source::Snapshot("https://h/x".into())));
        assert!(Source::parse("dir:").is_err());
        assert_eq!(Source::parse("installed"), Ok(Source::Installed));
        let home = dirs::home_dir().unwrap();
        assert_eq!(Source::parse("dir:~/.claude/skills"), Ok(Source::Dir(home.join(".claude/skills"))));
        assert_eq!(Source::parse("dir:~"), Ok(Source::Dir(home)));
        assert_eq!(Source::parse("dir:~other/x"), Ok(Source::Dir(PathBuf::from("~other/x"))), "only one's own home");
        assert!(Source::parse("ftp").is_err());
    }

    #[test]
    fn code_search_without_a_token_is_skipped_with_the_reason_and_nothing_sent() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(&tmp.path().join("store")).unwrap();
        let (mut index, _) = SearchIndex::open(&tmp.path().join("index")).unwrap();
        // An address nothing listens on: a request would fail the sync.
        let github = GithubConfig::new("http://127.0.0.1:9/api", "http://127.0.0.1:9/raw");
        let opts = SyncOptions { github: Some(github), ..SyncOptions::default() };
        let summary = sync(&store, &mut index, &[Source::Github], &opts, &crate::progress::quiet).unwrap();
        assert!(summary.skipped[0].contains("GITHUB_TOKEN"), "{:?}", summary.skipped);
        assert_eq!(summary.github.unwrap().requests, 0);
    }

    #[test]
    fn a_snapshot_without_a_publisher_key_is_refused_before_anything_is_read() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(&tmp.path().join("store")).unwrap();
        let (mut index, _) = SearchIndex::open(&tmp.path().join("index")).unwrap();
        let mut opts = SyncOptions::default();
        opts.snapshot.key = None;
        if std::env::var_os("SKILLS_GUIDE_SNAPSHOT_PUBKEY").is_some() {
            return; // the environment names a key: this case cannot be made here
        }
        let err =
            sync(&store, &mut index, &[Source::Snapshot("x".into())], &opts, &crate::progress::quiet).unwrap_err();
        assert!(err.to_string().contains("no publisher key"), "{err}");
        assert!(store.is_empty(), "nothing written");
    }
}
