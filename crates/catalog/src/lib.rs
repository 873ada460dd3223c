//! # Skills Guide's local catalog
//!
//! The catalog is the product's memory: a sled [`store`] that is the source
//! of truth (skills, their versions, contents, findings, readings, decisions),
//! and a tantivy [`index`] derived from it and rebuilt from it whenever it is
//! missing, corrupt or stale. It works offline, and a crash at any point
//! leaves a store that opens and is consistent.
//!
//! [`Catalog`] is what the faces (CLI, desktop app) use: open, sync, list,
//! search, show. It holds no rule of its own: scores, findings and decisions
//! come from `skills-guide-engine`.

pub mod agents;
pub mod allocator;
pub mod browser;
mod content_files;
pub mod crawl;
pub mod dedup;
pub mod entry;
pub mod eval;
pub mod examples;
pub mod index;
mod index_dir;
mod index_writer;
pub mod install;
mod local;
mod pack;
mod pipeline;
pub mod progress;
pub mod publisher;
pub mod record;
pub mod report;
pub mod snapshot;
mod snippet_stem;
pub mod store;
pub mod sync;
pub mod verify;

use std::path::{Path, PathBuf};

use index::{OpenState, SearchIndex, SearchQuery, SearchResults};
use progress::{Progress, ProgressFn, Stage};
use record::SkillRecord;
use skills_guide_engine::decide::Status;
use store::{Store, StoreError};
use sync::{Source, SyncOptions, SyncSummary};

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("search index: {0}")]
    Index(#[from] index::IndexError),
    #[error("catalog storage error during the model's readings: {0}")]
    StoreWhileReading(String),
    #[error("GitHub: {0}")]
    Github(String),
    #[error(transparent)]
    Snapshot(#[from] snapshot::SnapshotError),
    #[error("bad source: {0}")]
    BadSource(String),
    #[error("no skill matches `{0}` (use an id from `list` or `search`)")]
    NotFound(String),
    #[error("`{0}` matches several skills: {1}")]
    Ambiguous(String, String),
}

/// The platform data folder for the catalog (`~/.local/share/skills-guide`
/// on Linux), when the platform has one.
pub fn default_data_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("skills-guide"))
}

pub struct Catalog {
    store: Store,
    index: SearchIndex,
}

impl Catalog {
    /// Opens (or creates) the catalog in `data_dir`: the store, then the
    /// index, rebuilt from the store when it is missing, corrupt, of another
    /// schema, or behind the store. A catalog opened for the first time with
    /// nothing in it imports the starter examples.
    pub fn open(data_dir: &Path, progress: ProgressFn<'_>) -> Result<Catalog, CatalogError> {
        let fresh = !data_dir.join("store").exists();
        let store = Store::open(&data_dir.join("store"))?;
        let (index, state) = SearchIndex::open(&data_dir.join("index"))?;
        let mut catalog = Catalog { store, index };
        let stale = match state {
            OpenState::NeedsRebuild { reason } => Some(reason),
            OpenState::Ready { generation } if generation != catalog.store.generation()? => {
                Some(format!("index is at change {generation}, store at {}", catalog.store.generation()?))
            }
            OpenState::Ready { .. } => None,
        };
        if let Some(reason) = stale {
            if catalog.store.is_empty() {
                // Nothing to rebuild from: only record that the index is current.
                catalog.index.commit(catalog.store.generation()?)?;
            } else {
                progress(Progress::Note { message: format!("rebuilding the search index: {reason}") });
                catalog.rebuild_index(progress)?;
            }
        }
        if fresh && catalog.store.is_empty() {
            catalog.sync(&[Source::Examples], &SyncOptions::default(), progress)?;
        }
        Ok(catalog)
    }

    /// The exact copies that point at `record` as their kept skill (R-DUP).
    pub fn copies_of(&self, record: &SkillRecord) -> Result<Vec<SkillRecord>, CatalogError> {
        let mut copies = Vec::new();
        for id in self.store.ids_with_version(&record.version_key())? {
            if let Some(r) = self.store.get(&id)? {
                if r.copy_of.as_deref() == Some(record.id.as_str()) {
                    copies.push(r);
                }
            }
        }
        Ok(copies)
    }

    /// Writes this catalog's public skills as a signed snapshot in `dir`
    /// (`snapshot publish`).
    pub fn publish_snapshot(
        &self,
        dir: &Path,
        secret: &minisign::SecretKey,
        progress: ProgressFn<'_>,
    ) -> Result<snapshot::publish::PublishSummary, CatalogError> {
        self.publish_snapshot_with(dir, secret, snapshot::publish::PublishOptions::default(), progress)
    }

    /// [`Catalog::publish_snapshot`] with a chosen pack size.
    pub fn publish_snapshot_with(
        &self,
        dir: &Path,
        secret: &minisign::SecretKey,
        options: snapshot::publish::PublishOptions,
        progress: ProgressFn<'_>,
    ) -> Result<snapshot::publish::PublishSummary, CatalogError> {
        let now = skills_guide_engine::scan::now_unix();
        Ok(snapshot::publish::publish(&self.store, dir, secret, now, options, progress)?)
    }

    /// A view of this catalog for reading while it changes: searches, pages,
    /// installs and reports work on it while another thread syncs the
    /// catalog itself. It shares the store (sled) and the index's reader,
    /// so it sees each change as soon as it is stored, and each index
    /// commit as soon as it is made; it refuses to change the index.
    pub fn reader(&self) -> Catalog {
        Catalog { store: self.store.clone(), index: self.index.read_only_view() }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn index(&self) -> &SearchIndex {
        &self.index
    }

    /// Rebuilds the whole index from the store.
    pub fn rebuild_index(&mut self, progress: ProgressFn<'_>) -> Result<(), CatalogError> {
        pipeline::rebuild(&self.store, &mut self.index, Stage::Rebuild, progress)?;
        self.index.commit(self.store.generation()?)?;
        // Merged segments search several times faster than the many a rebuild leaves.
        self.index.finish_merges()?;
        Ok(())
    }

    pub fn sync(
        &mut self,
        sources: &[Source],
        opts: &SyncOptions,
        progress: ProgressFn<'_>,
    ) -> Result<SyncSummary, CatalogError> {
        sync::sync(&self.store, &mut self.index, sources, opts, progress)
    }

    /// `sync`, then, with a model, the readings of every admitted skill it
    /// met that awaits one (new, or left unread by an earlier run): the
    /// pipeline as the faces run it.
    pub fn sync_and_read(
        &mut self,
        sources: &[Source],
        opts: &SyncOptions,
        client: Option<&skills_guide_remote::model::ModelClient>,
        progress: ProgressFn<'_>,
    ) -> Result<(SyncSummary, Option<verify::VerifySummary>), CatalogError> {
        let sync = self.sync(sources, opts, progress)?;
        let readings = match client {
            Some(client) => Some(self.verify(client, &sync.unread, &opts.cancel, progress)?),
            None => None,
        };
        Ok((sync, readings))
    }

    /// The ids `selection` names, each once, named ones first.
    pub fn select(&self, selection: &verify::Selection) -> Result<Vec<String>, CatalogError> {
        let mut ids = Vec::new();
        for key in &selection.ids {
            ids.push(self.resolve(key)?.id);
        }
        if selection.pending || selection.unverified || selection.all {
            for r in self.store.records() {
                let r = r?;
                if selection.takes(&r) {
                    ids.push(r.id);
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        ids.retain(|id| seen.insert(id.clone()));
        Ok(ids)
    }

    /// The model's readings and the decision for the skills `ids`
    /// (R-LLM, R-DEC), through `client`.
    pub fn verify(
        &mut self,
        client: &skills_guide_remote::model::ModelClient,
        ids: &[String],
        cancel: &progress::Cancel,
        progress: ProgressFn<'_>,
    ) -> Result<verify::VerifySummary, CatalogError> {
        let now = skills_guide_engine::scan::now_unix();
        verify::verify(&self.store, &mut self.index, client, ids, cancel, now, progress)
    }

    /// Every record, optionally of one status, in id order.
    pub fn list(&self, status: Option<Status>) -> Result<Vec<SkillRecord>, CatalogError> {
        let mut out = Vec::new();
        for r in self.store.records() {
            let r = r?;
            if status.is_none_or(|s| r.status() == s) {
                out.push(r);
            }
        }
        Ok(out)
    }

    /// Searches the index. Each hit carries what a result shows of its skill
    /// (its [`entry::Listing`], kept in the index); only its text, for the
    /// snippet, is read from the store.
    pub fn search(&self, query: &SearchQuery) -> Result<SearchResults, CatalogError> {
        let content_of = |listing: &entry::Listing| -> Option<String> {
            let bytes = self.store.content(&listing.entry.sha256).ok()??;
            // Nearly always valid UTF-8: kept as is, copied only to mend.
            Some(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
        };
        Ok(self.index.search(query, &content_of)?)
    }

    /// A skill by id, id prefix (at least 4 characters) or exact name.
    pub fn resolve(&self, key: &str) -> Result<SkillRecord, CatalogError> {
        if let Some(r) = self.store.get(key)? {
            return Ok(r);
        }
        let mut matches = Vec::new();
        for r in self.store.records() {
            let r = r?;
            let by_prefix = key.len() >= 4 && r.id.starts_with(key);
            if by_prefix || r.name.as_deref() == Some(key) {
                matches.push(r);
            }
        }
        // Several skills may share a name: prefer the kept one of a copy group.
        if matches.len() > 1 {
            let originals: Vec<&SkillRecord> = matches.iter().filter(|r| r.copy_of.is_none()).collect();
            if originals.len() == 1 {
                let id = originals[0].id.clone();
                matches.retain(|r| r.id == id);
            }
        }
        match matches.len() {
            0 => Err(CatalogError::NotFound(key.to_owned())),
            1 => Ok(matches.remove(0)),
            _ => Err(CatalogError::Ambiguous(
                key.to_owned(),
                matches.iter().map(|r| r.id.as_str()).collect::<Vec<_>>().join(", "),
            )),
        }
    }

    /// The files of a skill's folder that have not arrived yet, by SHA-256:
    /// none, except for a snapshot's skill whose record came first and whose
    /// folder the sync is still bringing.
    pub fn missing_files<'r>(&self, record: &'r SkillRecord) -> Vec<&'r str> {
        self.store.missing_contents(record)
    }

    /// Fetches now the files of a skill's folder that have not arrived yet
    /// (see [`Catalog::missing_files`]), checked, and indexes the skill with
    /// its SKILL.md. Returns how many arrived.
    pub fn fetch_missing_files(&mut self, record: &SkillRecord) -> Result<usize, CatalogError> {
        let retry = skills_guide_remote::http::RetryPolicy::default();
        snapshot::apply::fetch_missing_files(&self.store, &mut self.index, record, retry)
    }

    /// [`Catalog::fetch_missing_files`] into the store only, for a view of
    /// a catalog that another thread syncs (it indexes the skill again).
    pub fn fetch_missing_files_into_store(&self, record: &SkillRecord) -> Result<usize, CatalogError> {
        let retry = skills_guide_remote::http::RetryPolicy::default();
        snapshot::apply::fetch_files_into_store(&self.store, record, retry)
    }

    /// The full text of a skill's current version.
    pub fn content(&self, record: &SkillRecord) -> Result<Vec<u8>, CatalogError> {
        Ok(self.store.content(&record.sha256)?.unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_shows_its_skill_as_the_store_has_it() {
        let tmp = tempfile::tempdir().unwrap();
        let catalog = Catalog::open(tmp.path(), &progress::quiet).unwrap();
        let results = catalog.search(&SearchQuery { limit: 50, ..Default::default() }).unwrap();
        assert!(results.hits.len() >= 3, "the starter catalog has skills");
        for hit in &results.hits {
            let record = catalog.store().get(&hit.id).unwrap().expect("a hit's record");
            assert_eq!(hit.listing, entry::Listing::of(&record), "{}", hit.id);
        }
    }
}
