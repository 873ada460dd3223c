//! The store: sled, the catalog's source of truth. Skills (one record per
//! location, R-SRC-2), the location and content-hash lookups, and a change
//! generation that the search index records so a stale index is noticed and
//! rebuilt; the skills' texts (once per SHA-256) are files beside sled
//! ([`crate::content_files`], from schema 7).
//!
//! Every write of a skill is one sled transaction over all the trees it
//! touches, made after the texts it names are on disk, so a crash (kill -9)
//! at any point leaves either the old state or the new one: never a lookup
//! pointing at nothing, or a generation that lies, and never a record
//! without its content except one a snapshot gave ahead of its files (they
//! follow through [`Store::put_contents`]; see `snapshot::apply`). A store written by a newer program is refused before sled touches
//! it.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::Transactional;

use rayon::prelude::*;

use crate::content_files::ContentFiles;
use crate::install::InstallRecord;
use crate::pack;
use crate::record::SkillRecord;
use crate::report::ReportRecord;

#[path = "../../../migrations/mod.rs"]
mod migrations;

use migrations::Apply;

pub use migrations::LATEST as SCHEMA_VERSION;

/// sled's page cache (its default is 1 GiB): the catalog reads records
/// through the index, so a small cache is enough. At 100,000 skills 16 MiB
/// instead of 64 gave the same search times (p50 1.8 – 2.0 ms) and the same
/// import time with a lower peak (BENCHMARKS.md). It bounds less than it
/// says: sled weighs reads in batches (see [`crate::content_files`]).
const CACHE_BYTES: u64 = 16 * 1024 * 1024;

/// The database's folder by schema. Up to schema 5 sled compressed every
/// value itself (`sled/`); from schema 6 the catalog compresses the large
/// ones ([`crate::pack`]) and sled's compression is off (`db/`). sled refuses
/// to change that setting on an existing database, so step 6 copies the
/// first into the second, building it under `db.partial/` and renaming it
/// whole: a copy cut short is thrown away at the next open and done again.
const COMPRESSED_DB: &str = "sled";
const PLAIN_DB: &str = "db";
const PARTIAL_DB: &str = "db.partial";

/// The plain file, next to sled's own, that says which schema the store has.
/// Read before opening sled, so a newer store is refused untouched.
const SCHEMA_FILE: &str = "SCHEMA_VERSION";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the catalog at {0} is open in another Skills Guide process; close it and try again")]
    InUse(PathBuf),
    #[error(
        "the catalog at {path} was written by a newer Skills Guide (schema {found}, this program knows up to {supported}); \
         update Skills Guide — nothing was changed"
    )]
    TooNew { path: PathBuf, found: u32, supported: u32 },
    #[error("the catalog's schema file {0} is unreadable: {1}")]
    BadSchemaFile(PathBuf, String),
    #[error("catalog migration {version} ({name}) failed: {why}")]
    Migration { version: u32, name: &'static str, why: String },
    #[error("catalog record {id} is unreadable: {why}")]
    Corrupt { id: String, why: String },
    #[error("catalog storage error: {0}")]
    Sled(#[from] sled::Error),
    #[error("catalog I/O error: {0}")]
    Io(#[from] std::io::Error),
}

#[derive(Clone)]
pub struct Store {
    dir: PathBuf,
    db: sled::Db,
    meta: sled::Tree,
    skills: sled::Tree,
    /// The texts, by hash (schema 7; a `contents` tree before).
    files: ContentFiles,
    locations: sled::Tree,
    hashes: sled::Tree,
    readings: sled::Tree,
    installs: sled::Tree,
    reports: sled::Tree,
    http_cache: sled::Tree,
    crawl: sled::Tree,
    /// Contents read lately, unpacked (see [`ContentCache`]).
    content_cache: Arc<Mutex<ContentCache>>,
}

/// Contents read lately, unpacked, by hash. A search reads its hits' texts
/// for their snippets, and the next keystroke or page mostly reads the same
/// ones: unpacking them each time made a search at 100,000 skills 0.3 ms
/// slower. A content never changes under its hash; a removed one leaves.
/// Only texts of up to [`CACHED_CONTENT_MAX_BYTES`] are kept, so the cache
/// holds at most 16 MiB.
type ContentCache = lru::LruCache<String, Arc<[u8]>>;
const CACHED_CONTENTS: usize = 256;
const CACHED_CONTENT_MAX_BYTES: usize = 64 * 1024;

const GENERATION: &[u8] = b"generation";
const VERSION: &[u8] = b"schema_version";

impl Store {
    /// Opens the store in `dir` (created if missing), applying the schema
    /// steps it lacks.
    pub fn open(dir: &Path) -> Result<Store, StoreError> {
        Self::open_up_to(dir, SCHEMA_VERSION)
    }

    /// Opens applying the steps up to `target` only: how tests make a store
    /// "written by an older version".
    #[doc(hidden)]
    pub fn open_up_to(dir: &Path, target: u32) -> Result<Store, StoreError> {
        std::fs::create_dir_all(dir)?;
        let found = read_schema_file(dir)?;
        if let Some(found) = found {
            if found > SCHEMA_VERSION {
                return Err(StoreError::TooNew { path: dir.to_path_buf(), found, supported: SCHEMA_VERSION });
            }
        }
        let mut db = open_current_db(dir, target)?;
        let mut current = db.get(VERSION)?.map(|v| be_u32(&v)).unwrap_or(0);
        // The schema file can only lag behind sled (it is written after).
        if current > SCHEMA_VERSION {
            return Err(StoreError::TooNew { path: dir.to_path_buf(), found: current, supported: SCHEMA_VERSION });
        }
        let from = current;
        for step in migrations::STEPS.iter().filter(|s| s.version > from && s.version <= target) {
            let failed = |why| StoreError::Migration { version: step.version, name: step.name, why };
            match step.apply {
                Apply::InPlace(apply) => apply(&db).map_err(failed)?,
                Apply::WithFolder(apply) => apply(&db, dir).map_err(failed)?,
                Apply::IntoPlainDb(copy) => {
                    if !dir.join(PLAIN_DB).exists() {
                        db = move_into_plain_db(dir, db, step.version, copy).map_err(|e| match e {
                            StoreError::Migration { why, .. } => failed(why),
                            other => other,
                        })?;
                    }
                }
            }
            db.insert(VERSION, &step.version.to_be_bytes())?;
            db.flush()?;
            current = step.version;
            tracing::info!(version = step.version, name = step.name, "catalog schema step applied");
        }
        write_schema_file(dir, current)?;
        Ok(Store {
            dir: dir.to_path_buf(),
            meta: db.open_tree("meta")?,
            skills: db.open_tree("skills")?,
            files: ContentFiles::new(dir),
            locations: db.open_tree("locations")?,
            hashes: db.open_tree("hashes")?,
            readings: db.open_tree("readings")?,
            installs: db.open_tree("installs")?,
            reports: db.open_tree("reports")?,
            http_cache: db.open_tree("http_cache")?,
            crawl: db.open_tree("crawl")?,
            db,
            content_cache: Arc::new(Mutex::new(ContentCache::new(
                NonZeroUsize::new(CACHED_CONTENTS).expect("a cache of more than one"),
            ))),
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The schema version this store is at.
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        Ok(self.db.get(VERSION)?.map(|v| be_u32(&v)).unwrap_or(0))
    }

    /// Counts every change to skills; the index records the one it reflects.
    pub fn generation(&self) -> Result<u64, StoreError> {
        Ok(self.meta.get(GENERATION)?.map(|v| be_u64(&v)).unwrap_or(0))
    }

    pub fn len(&self) -> usize {
        self.skills.len()
    }

    pub fn is_empty(&self) -> bool {
        self.skills.is_empty()
    }

    pub fn get(&self, id: &str) -> Result<Option<SkillRecord>, StoreError> {
        self.skills.get(id.as_bytes())?.map(|v| decode_record(id, &v)).transpose()
    }

    /// Whether the store holds a skill with this id.
    pub fn contains(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self.skills.contains_key(id.as_bytes())?)
    }

    /// The skill at a location (`SourceRef::location_key`), if known.
    pub fn id_for_location(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.locations.get(key.as_bytes())?.map(|v| String::from_utf8_lossy(&v).into_owned()))
    }

    pub fn content(&self, sha256: &str) -> Result<Option<Vec<u8>>, StoreError> {
        if let Some(cached) = self.cached_contents().get(sha256) {
            return Ok(Some(cached.to_vec()));
        }
        let packed =
            self.files.read(sha256).map_err(|e| StoreError::Corrupt { id: sha256.to_owned(), why: e.to_string() })?;
        let Some(packed) = packed else {
            return Ok(None);
        };
        let bytes = unpack(sha256, &packed)?;
        if bytes.len() <= CACHED_CONTENT_MAX_BYTES {
            self.cached_contents().put(sha256.to_owned(), Arc::from(bytes.as_slice()));
        }
        Ok(Some(bytes))
    }

    /// Whether the store holds the text with this hash.
    pub fn has_content(&self, sha256: &str) -> bool {
        self.cached_contents().contains(sha256) || self.files.exists(sha256)
    }

    /// The hashes of a record's files the store does not hold: none for a
    /// skill whose folder is all here; some for a snapshot's skill whose
    /// files are still on their way (its record came first, so search and
    /// the card work before the folder arrives).
    pub fn missing_contents<'r>(&self, record: &'r SkillRecord) -> Vec<&'r str> {
        record.content_hashes().into_iter().filter(|sha| !self.has_content(sha)).collect()
    }

    /// Writes texts that records already name (a snapshot's files arriving
    /// after their records), durably; returns how many were new. Each text
    /// appears whole or not at all (a rename), so a cut leaves every record
    /// either with a text or still waiting for it.
    pub fn put_contents(&self, contents: &[(&str, &[u8])]) -> Result<usize, StoreError> {
        let written: Vec<&str> = contents
            .par_iter()
            .map(|(sha, bytes)| Ok(self.files.write(sha, &pack::pack(bytes)?)?.then_some(*sha)))
            .collect::<Result<Vec<Option<&str>>, StoreError>>()?
            .into_iter()
            .flatten()
            .collect();
        self.files.make_durable(&written)?;
        Ok(written.len())
    }

    fn cached_contents(&self) -> std::sync::MutexGuard<'_, ContentCache> {
        // The cache holds no invariant a panic elsewhere could break.
        self.content_cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Ids of the skills whose current version names a file with this
    /// content (a SKILL.md, a script…): who still needs the text.
    pub fn ids_with_content(&self, sha256: &str) -> Result<Vec<String>, StoreError> {
        self.ids_under(hash_key(sha256, ""))
    }

    /// Ids of the skills whose current version is `version`: exact copies,
    /// folders identical file for file (R-DUP-1).
    pub fn ids_with_version(&self, version: &str) -> Result<Vec<String>, StoreError> {
        self.ids_under(version_key(version, ""))
    }

    fn ids_under(&self, prefix: Vec<u8>) -> Result<Vec<String>, StoreError> {
        let mut ids = Vec::new();
        for entry in self.hashes.scan_prefix(&prefix) {
            let (k, _) = entry?;
            ids.push(String::from_utf8_lossy(&k[prefix.len()..]).into_owned());
        }
        Ok(ids)
    }

    /// Every record, in id order.
    pub fn records(&self) -> impl Iterator<Item = Result<SkillRecord, StoreError>> + '_ {
        self.skills.iter().map(|entry| {
            let (k, v) = entry?;
            decode_record(&String::from_utf8_lossy(&k), &v)
        })
    }

    /// Every record as stored, undecoded, in id order: its bytes change
    /// exactly when the record does, so a publisher tells what changed since
    /// its last publication without decoding anything else.
    pub fn raw_records(&self) -> impl Iterator<Item = Result<(String, sled::IVec), StoreError>> + '_ {
        self.skills.iter().map(|entry| {
            let (k, v) = entry?;
            Ok((String::from_utf8_lossy(&k).into_owned(), v))
        })
    }

    /// A record from [`Store::raw_records`]'s bytes.
    pub fn decode_raw(id: &str, raw: &[u8]) -> Result<SkillRecord, StoreError> {
        decode_record(id, raw)
    }

    /// Writes a skill's record and, when given, its content, atomically with
    /// the lookups and the generation. Returns the new generation.
    pub fn put(&self, record: &SkillRecord, content: Option<&[u8]>) -> Result<u64, StoreError> {
        self.put_many(
            std::slice::from_ref(record),
            content.map(|c| vec![(record.sha256.as_str(), c)]).unwrap_or_default(),
        )
    }

    /// Writes several records (and contents by hash) in one transaction.
    pub fn put_many(&self, records: &[SkillRecord], new_contents: Vec<(&str, &[u8])>) -> Result<u64, StoreError> {
        // Encoded and packed in parallel, before the transaction: it then
        // only inserts.
        let encoded: Vec<Encoded> = records
            .par_iter()
            .map(|r| {
                let json =
                    serde_json::to_vec(r).map_err(|e| StoreError::Corrupt { id: r.id.clone(), why: e.to_string() })?;
                Ok(Encoded {
                    id: r.id.clone(),
                    location: r.source.location_key(),
                    lookups: lookup_keys(r),
                    packed: pack::pack(&json)?,
                })
            })
            .collect::<Result<_, StoreError>>()?;
        // The texts first, durably: a record never names a missing text.
        let written: Vec<&str> = new_contents
            .into_par_iter()
            .map(|(sha, bytes)| {
                let wrote = self.files.write(sha, &pack::pack(bytes)?)?;
                Ok(wrote.then_some(sha))
            })
            .collect::<Result<Vec<Option<&str>>, StoreError>>()?
            .into_iter()
            .flatten()
            .collect();
        self.files.make_durable(&written)?;
        let result = (&self.meta, &self.skills, &self.locations, &self.hashes).transaction(
            |(meta, skills, locations, hashes)| {
                for e in &encoded {
                    if let Some(old) = skills.get(e.id.as_bytes())? {
                        let old = pack::unpack(&old).unwrap_or_default();
                        if let Ok(old) = serde_json::from_slice::<SkillRecord>(&old) {
                            for key in lookup_keys(&old) {
                                if !e.lookups.contains(&key) {
                                    hashes.remove(key)?;
                                }
                            }
                        }
                    }
                    skills.insert(e.id.as_bytes(), e.packed.as_slice())?;
                    locations.insert(e.location.as_bytes(), e.id.as_bytes())?;
                    for key in &e.lookups {
                        hashes.insert(key.as_slice(), &[] as &[u8])?;
                    }
                }
                let generation = meta.get(GENERATION)?.map(|v| be_u64(&v)).unwrap_or(0) + 1;
                meta.insert(GENERATION, &generation.to_be_bytes())?;
                Ok::<u64, ConflictableTransactionError<()>>(generation)
            },
        );
        generation_of(result)
    }

    /// Removes skills (their record and lookups, and their content when no
    /// other skill has it) in one transaction. Returns the new generation.
    pub fn remove_many(&self, records: &[SkillRecord]) -> Result<u64, StoreError> {
        let mut orphans = Vec::new();
        for r in records {
            for sha in r.content_hashes() {
                let others = self.ids_with_content(sha)?;
                if others.iter().all(|id| records.iter().any(|gone| gone.id == *id)) {
                    orphans.push(sha.to_owned());
                }
            }
        }
        orphans.sort();
        orphans.dedup();
        let result = (&self.meta, &self.skills, &self.locations, &self.hashes).transaction(
            |(meta, skills, locations, hashes)| {
                for r in records {
                    skills.remove(r.id.as_bytes())?;
                    if locations.get(r.source.location_key().as_bytes())?.as_deref() == Some(r.id.as_bytes()) {
                        locations.remove(r.source.location_key().as_bytes())?;
                    }
                    for key in lookup_keys(r) {
                        hashes.remove(key)?;
                    }
                }
                let generation = meta.get(GENERATION)?.map(|v| be_u64(&v)).unwrap_or(0) + 1;
                meta.insert(GENERATION, &generation.to_be_bytes())?;
                Ok::<u64, ConflictableTransactionError<()>>(generation)
            },
        );
        let generation = generation_of(result)?;
        // After the transaction: a crash before this leaves a text no record
        // names, never a record without its text.
        let mut cached = self.cached_contents();
        for sha in &orphans {
            cached.pop(sha.as_str());
        }
        drop(cached);
        for sha in &orphans {
            self.files.remove(sha)?;
        }
        Ok(generation)
    }

    /// A validated answer of the model from the readings cache.
    pub fn cached_reading(&self, key: &str) -> Result<Option<serde_json::Value>, StoreError> {
        match self.readings.get(key.as_bytes())? {
            // An unreadable entry is a cache miss: the reading is simply done again.
            Some(v) => Ok(pack::unpack(&v).ok().and_then(|json| serde_json::from_slice(&json).ok())),
            None => Ok(None),
        }
    }

    /// Keeps a validated answer. Written at once, before the record that
    /// uses it, so a run killed mid-way does not pay for it twice.
    pub fn cache_reading(&self, key: &str, value: &serde_json::Value) -> Result<(), StoreError> {
        let bytes =
            serde_json::to_vec(value).map_err(|e| StoreError::Corrupt { id: key.to_owned(), why: e.to_string() })?;
        self.readings.insert(key.as_bytes(), pack::pack(&bytes)?)?;
        Ok(())
    }

    /// The install of a skill folder (`install::install_key`), if Skills Guide made it.
    pub fn install(&self, key: &[u8]) -> Result<Option<InstallRecord>, StoreError> {
        self.installs.get(key)?.map(|v| decode_json(&String::from_utf8_lossy(key), &v)).transpose()
    }

    /// Records an install, durably: the file it describes is already on disk.
    pub fn put_install(&self, install: &InstallRecord) -> Result<(), StoreError> {
        let key = install.key();
        let bytes = serde_json::to_vec(install)
            .map_err(|e| StoreError::Corrupt { id: String::from_utf8_lossy(&key).into_owned(), why: e.to_string() })?;
        self.installs.insert(key, bytes)?;
        self.flush()
    }

    pub fn remove_install(&self, key: &[u8]) -> Result<(), StoreError> {
        self.installs.remove(key)?;
        self.flush()
    }

    /// Every install, in folder then name order.
    pub fn installs(&self) -> Result<Vec<InstallRecord>, StoreError> {
        self.installs
            .iter()
            .map(|e| e.map_err(StoreError::from).and_then(|(k, v)| decode_json(&String::from_utf8_lossy(&k), &v)))
            .collect()
    }

    /// Records a report opened upstream, durably.
    pub fn put_report(&self, report: &ReportRecord) -> Result<(), StoreError> {
        // Time then a sequence number: two reports in the same second both stay.
        let seq = self.db.generate_id()?;
        let key = format!("{}\0{:020}\0{:020}", report.skill_id, report.reported_at.max(0), seq);
        let bytes = serde_json::to_vec(report)
            .map_err(|e| StoreError::Corrupt { id: report.skill_id.clone(), why: e.to_string() })?;
        self.reports.insert(key.as_bytes(), bytes)?;
        self.flush()
    }

    /// Every report of a skill (all skills when `skill_id` is `None`), oldest first per skill.
    pub fn reports(&self, skill_id: Option<&str>) -> Result<Vec<ReportRecord>, StoreError> {
        let prefix = skill_id.map(|id| format!("{id}\0")).unwrap_or_default();
        self.reports
            .scan_prefix(prefix.as_bytes())
            .map(|e| e.map_err(StoreError::from).and_then(|(k, v)| decode_json(&String::from_utf8_lossy(&k), &v)))
            .collect()
    }

    /// The GitHub answers cache (URL → ETag and body, values packed), for
    /// the crawler's client.
    pub fn http_cache(&self) -> sled::Tree {
        self.http_cache.clone()
    }

    /// A crawler state record (a search run's finished shards).
    pub fn crawl_state<T: serde::de::DeserializeOwned>(&self, key: &str) -> Result<Option<T>, StoreError> {
        self.crawl.get(key.as_bytes())?.map(|v| decode_json(key, &v)).transpose()
    }

    /// Keeps a crawler state record, durably: a killed sync resumes from it.
    pub fn put_crawl_state<T: serde::Serialize>(&self, key: &str, value: &T) -> Result<(), StoreError> {
        let bytes =
            serde_json::to_vec(value).map_err(|e| StoreError::Corrupt { id: key.to_owned(), why: e.to_string() })?;
        self.crawl.insert(key.as_bytes(), bytes)?;
        self.flush()
    }

    /// Makes every write so far durable (sled also flushes every second).
    pub fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        Ok(())
    }

    /// Removes what writes killed mid-way left beside sled (temporary text
    /// files of a dead process); returns how many.
    pub fn remove_leftovers(&self) -> Result<usize, StoreError> {
        Ok(self.files.remove_leftovers()?)
    }

    /// Bytes on disk (store only: sled and the texts' files).
    pub fn size_on_disk(&self) -> Result<u64, StoreError> {
        Ok(self.db.size_on_disk()? + self.files.size_on_disk()?)
    }
}

/// sled's lock on its files is let go by its flusher thread a moment after
/// the last handle is dropped, so a catalog closed and opened again at once
/// (in the same process, or just after another one exited) may still find it
/// held: wait a little for it before saying the store is in use.
fn open_sled(dir: &Path, db_folder: &str) -> Result<sled::Db, StoreError> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(3);
    loop {
        match try_open_sled(dir, db_folder) {
            Err(StoreError::InUse(_)) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            other => return other,
        }
    }
}

fn try_open_sled(dir: &Path, db_folder: &str) -> Result<sled::Db, StoreError> {
    sled::Config::new()
        .path(dir.join(db_folder))
        .cache_capacity(CACHE_BYTES)
        .use_compression(db_folder == COMPRESSED_DB)
        .compression_factor(1)
        .flush_every_ms(Some(1_000))
        .open()
        .map_err(|e| match e {
            // sled reports its file lock as an I/O error, WouldBlock or wrapped.
            sled::Error::Io(io)
                if io.kind() == std::io::ErrorKind::WouldBlock || io.to_string().contains("could not acquire lock") =>
            {
                StoreError::InUse(dir.to_path_buf())
            }
            other => StoreError::Sled(other),
        })
}

/// The database to open in `dir`: `db/` once step 6 made it (the old
/// `sled/` is then only left by a removal cut short, and goes), the old
/// `sled/` before that, and for a new store the one of schema `target`.
fn open_current_db(dir: &Path, target: u32) -> Result<sled::Db, StoreError> {
    remove_dir_if_there(&dir.join(PARTIAL_DB))?;
    let plain_from =
        migrations::STEPS.iter().find(|s| matches!(s.apply, Apply::IntoPlainDb(_))).map_or(0, |s| s.version);
    if dir.join(PLAIN_DB).exists() {
        remove_dir_if_there(&dir.join(COMPRESSED_DB))?;
        open_sled(dir, PLAIN_DB)
    } else if dir.join(COMPRESSED_DB).exists() || target < plain_from {
        open_sled(dir, COMPRESSED_DB)
    } else {
        open_sled(dir, PLAIN_DB)
    }
}

/// Step 6: copies `old` into a new database under `db.partial/`, records
/// `version` in it, and only then renames it to `db/` and removes `sled/`.
fn move_into_plain_db(
    dir: &Path,
    old: sled::Db,
    version: u32,
    copy: fn(migrations::OpenOld, &sled::Db) -> Result<(), String>,
) -> Result<sled::Db, StoreError> {
    let partial = dir.join(PARTIAL_DB);
    old.flush()?;
    drop(old);
    {
        let new = open_sled(dir, PARTIAL_DB)?;
        let open_old = || open_sled(dir, COMPRESSED_DB).map_err(|e| e.to_string());
        copy(&open_old, &new).map_err(|why| StoreError::Migration { version, name: "", why })?;
        new.insert(VERSION, &version.to_be_bytes())?;
        new.flush()?;
    }
    std::fs::rename(&partial, dir.join(PLAIN_DB))?;
    remove_dir_if_there(&dir.join(COMPRESSED_DB))?;
    open_sled(dir, PLAIN_DB)
}

fn remove_dir_if_there(path: &Path) -> Result<(), StoreError> {
    match std::fs::remove_dir_all(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.into()),
        _ => Ok(()),
    }
}

/// The generation a skill transaction committed, or why it did not.
fn generation_of(result: Result<u64, TransactionError<()>>) -> Result<u64, StoreError> {
    match result {
        Ok(g) => Ok(g),
        Err(TransactionError::Storage(e)) => Err(StoreError::Sled(e)),
        Err(TransactionError::Abort(())) => {
            Err(StoreError::Corrupt { id: String::new(), why: "transaction aborted".into() })
        }
    }
}

/// A record ready for the transaction: encoded and packed, with its lookups.
struct Encoded {
    id: String,
    location: String,
    /// Its keys in `hashes` ([`lookup_keys`]).
    lookups: Vec<Vec<u8>>,
    packed: Vec<u8>,
}

/// The `hashes` tree holds two lookups per skill, both `… ‖ 0 ‖ id → empty`:
/// one per content its files name (`SHA-256`: who still needs a text), and
/// one for its version (`v:` and the version hash: its exact copies,
/// R-DUP-1). A hex SHA-256 never starts with `v`, so the two never meet.
fn hash_key(sha: &str, id: &str) -> Vec<u8> {
    let mut k = Vec::with_capacity(sha.len() + 1 + id.len());
    k.extend_from_slice(sha.as_bytes());
    k.push(0);
    k.extend_from_slice(id.as_bytes());
    k
}

fn version_key(version: &str, id: &str) -> Vec<u8> {
    hash_key(&format!("{VERSION_PREFIX}{version}"), id)
}

/// The prefix of version lookups in `hashes` (see [`hash_key`]); step 8
/// writes them for the stores made before.
pub(crate) const VERSION_PREFIX: &str = "v:";

/// Every `hashes` key of a record.
fn lookup_keys(r: &SkillRecord) -> Vec<Vec<u8>> {
    let mut keys: Vec<Vec<u8>> = r.content_hashes().into_iter().map(|sha| hash_key(sha, &r.id)).collect();
    keys.push(version_key(&r.version_key(), &r.id));
    keys
}

fn decode_record(id: &str, packed: &[u8]) -> Result<SkillRecord, StoreError> {
    decode_json(id, &unpack(id, packed)?)
}

/// A packed value's bytes; `key` names it in the error.
fn unpack(key: &str, packed: &[u8]) -> Result<Vec<u8>, StoreError> {
    pack::unpack(packed).map_err(|e| StoreError::Corrupt { id: key.to_owned(), why: e.to_string() })
}

fn decode_json<T: serde::de::DeserializeOwned>(id: &str, bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt { id: id.to_owned(), why: e.to_string() })
}

fn be_u32(v: &[u8]) -> u32 {
    v.get(..4).and_then(|b| b.try_into().ok()).map(u32::from_be_bytes).unwrap_or(0)
}

fn be_u64(v: &[u8]) -> u64 {
    v.get(..8).and_then(|b| b.try_into().ok()).map(u64::from_be_bytes).unwrap_or(0)
}

fn read_schema_file(dir: &Path) -> Result<Option<u32>, StoreError> {
    let path = dir.join(SCHEMA_FILE);
    match std::fs::read_to_string(&path) {
        Ok(s) => s.trim().parse().map(Some).map_err(|e| StoreError::BadSchemaFile(path, format!("{e}"))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(StoreError::BadSchemaFile(path, e.to_string())),
    }
}

/// Written through a temporary file and a rename, so it is never half-written.
fn write_schema_file(dir: &Path, version: u32) -> Result<(), StoreError> {
    if read_schema_file(dir)? == Some(version) {
        return Ok(());
    }
    let tmp = dir.join(format!("{SCHEMA_FILE}.tmp"));
    std::fs::write(&tmp, format!("{version}\n"))?;
    std::fs::rename(&tmp, dir.join(SCHEMA_FILE))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::test_record;

    #[test]
    fn put_then_get_with_lookups_and_generation() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(tmp.path()).unwrap();
        assert_eq!(store.generation().unwrap(), 0);
        let a = test_record("/s/a/SKILL.md", "---\nname: a\ndescription: d\n---\n");
        let g = store.put(&a, Some(b"---\nname: a\ndescription: d\n---\n")).unwrap();
        assert_eq!(g, 1);
        assert_eq!(store.get(&a.id).unwrap().as_ref(), Some(&a));
        assert_eq!(store.id_for_location(&a.source.location_key()).unwrap(), Some(a.id.clone()));
        assert_eq!(store.content(&a.sha256).unwrap().as_deref(), Some(&b"---\nname: a\ndescription: d\n---\n"[..]));
        assert_eq!(store.ids_with_content(&a.sha256).unwrap(), vec![a.id.clone()]);
        assert_eq!(store.len(), 1);
        drop(store);
        let store = Store::open(tmp.path()).unwrap();
        assert_eq!(store.generation().unwrap(), 1, "survives reopening");
        assert_eq!(store.records().count(), 1);
    }

    #[test]
    fn r_dup_1_copies_share_one_content_and_a_new_version_moves_the_hash_entry() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(tmp.path()).unwrap();
        let a = test_record("/s/a/SKILL.md", "same");
        let b = test_record("/s/b/SKILL.md", "same");
        store.put_many(&[a.clone(), b.clone()], vec![(a.sha256.as_str(), b"same".as_slice())]).unwrap();
        let mut ids = store.ids_with_content(&a.sha256).unwrap();
        ids.sort();
        let mut want = vec![a.id.clone(), b.id.clone()];
        want.sort();
        assert_eq!(ids, want);
        let b2 = test_record("/s/b/SKILL.md", "changed");
        assert_eq!(b2.id, b.id, "same location, same skill (R-SRC-2)");
        store.put(&b2, Some(b"changed")).unwrap();
        assert_eq!(store.ids_with_content(&a.sha256).unwrap(), vec![a.id.clone()]);
        assert_eq!(store.ids_with_content(&b2.sha256).unwrap(), vec![b.id.clone()]);
    }

    #[test]
    fn a_removed_content_is_not_served_from_the_cache_of_read_contents() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(tmp.path()).unwrap();
        let a = test_record("/s/a/SKILL.md", "text of a");
        store.put(&a, Some(b"text of a")).unwrap();
        assert_eq!(store.content(&a.sha256).unwrap().as_deref(), Some(&b"text of a"[..]));
        assert_eq!(store.content(&a.sha256).unwrap().as_deref(), Some(&b"text of a"[..]), "read again, cached");
        store.remove_many(std::slice::from_ref(&a)).unwrap();
        assert_eq!(store.content(&a.sha256).unwrap(), None);
        assert!(!tmp.path().join("contents").join(&a.sha256[..2]).join(&a.sha256).exists(), "its file went");
    }

    #[test]
    fn a_text_goes_only_when_no_skill_has_it_any_more() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(tmp.path()).unwrap();
        let a = test_record("/s/a/SKILL.md", "same text");
        let b = test_record("/s/b/SKILL.md", "same text");
        store.put_many(&[a.clone(), b.clone()], vec![(a.sha256.as_str(), b"same text".as_slice())]).unwrap();
        store.remove_many(std::slice::from_ref(&a)).unwrap();
        assert_eq!(store.content(&b.sha256).unwrap().as_deref(), Some(&b"same text"[..]), "b still has it");
        store.remove_many(std::slice::from_ref(&b)).unwrap();
        assert_eq!(store.content(&b.sha256).unwrap(), None);
    }

    #[test]
    fn migrations_upgrade_a_store_written_by_the_first_version() {
        let tmp = tempfile::tempdir().unwrap();
        let a = test_record("/s/a/SKILL.md", "x");
        {
            let v1 = Store::open_up_to(tmp.path(), 1).unwrap();
            assert_eq!(v1.schema_version().unwrap(), 1);
            // Version 1 had no hash index: write the record as it did.
            v1.skills.insert(a.id.as_bytes(), serde_json::to_vec(&a).unwrap()).unwrap();
            v1.flush().unwrap();
        }
        assert_eq!(std::fs::read_to_string(tmp.path().join(SCHEMA_FILE)).unwrap().trim(), "1");
        let store = Store::open(tmp.path()).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
        assert_eq!(store.ids_with_content(&a.sha256).unwrap(), vec![a.id.clone()], "step 2 indexed the old record");
        assert_eq!(std::fs::read_to_string(tmp.path().join(SCHEMA_FILE)).unwrap().trim(), SCHEMA_VERSION.to_string());
    }

    /// A store of schema 5 (sled compressing everything, in `sled/`) with a
    /// value in every tree step 6 packs, and in one it does not.
    fn store_of_schema_5(dir: &Path) -> SkillRecord {
        let a = test_record("/s/a/SKILL.md", "---\nname: a\n---\nbody");
        let v5 = Store::open_up_to(dir, 5).unwrap();
        v5.skills.insert(a.id.as_bytes(), serde_json::to_vec(&a).unwrap()).unwrap();
        v5.db
            .open_tree("contents")
            .unwrap()
            .insert(a.sha256.as_bytes(), b"---\nname: a\n---\nbody".as_slice())
            .unwrap();
        v5.readings.insert(b"k", br#"{"safe":true}"#.as_slice()).unwrap();
        v5.http_cache.insert(b"https://api.github.com/x", br#"{"etag":"e"}"#.as_slice()).unwrap();
        v5.crawl.insert(b"github-search-run", br#"{"started":1,"done":[],"finished":false}"#.as_slice()).unwrap();
        v5.meta.insert(GENERATION, &7u64.to_be_bytes()).unwrap();
        v5.flush().unwrap();
        a
    }

    fn assert_upgraded_from_schema_5(dir: &Path, store: &Store, a: &SkillRecord) {
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
        assert_eq!(store.get(&a.id).unwrap().as_ref(), Some(a));
        assert_eq!(store.content(&a.sha256).unwrap().as_deref(), Some(&b"---\nname: a\n---\nbody"[..]));
        // Step 7: the text is a file now, and the tree that held it is empty.
        assert!(dir.join("contents").join(&a.sha256[..2]).join(&a.sha256).is_file());
        assert!(store.db.open_tree("contents").unwrap().is_empty());
        assert_eq!(store.cached_reading("k").unwrap(), Some(serde_json::json!({"safe": true})));
        let cached = store.http_cache().get(b"https://api.github.com/x").unwrap().unwrap();
        assert_eq!(pack::unpack(&cached).unwrap(), br#"{"etag":"e"}"#);
        assert_eq!(
            store.crawl.get(b"github-search-run").unwrap().unwrap().as_ref(),
            br#"{"started":1,"done":[],"finished":false}"#
        );
        assert_eq!(store.generation().unwrap(), 7);
        assert!(dir.join(PLAIN_DB).is_dir() && !dir.join(COMPRESSED_DB).exists() && !dir.join(PARTIAL_DB).exists());
        assert_eq!(std::fs::read_to_string(dir.join(SCHEMA_FILE)).unwrap().trim(), SCHEMA_VERSION.to_string());
    }

    #[test]
    fn step_6_moves_a_schema_5_store_into_a_plain_database_with_its_values_packed() {
        let tmp = tempfile::tempdir().unwrap();
        let a = store_of_schema_5(tmp.path());
        assert!(tmp.path().join(COMPRESSED_DB).is_dir());
        let store = Store::open(tmp.path()).unwrap();
        assert_upgraded_from_schema_5(tmp.path(), &store, &a);
        let raw = store.skills.get(a.id.as_bytes()).unwrap().unwrap();
        assert!(serde_json::from_slice::<serde_json::Value>(&raw).is_err(), "the record is stored packed");
        drop(store);
        let again = Store::open(tmp.path()).unwrap();
        assert_upgraded_from_schema_5(tmp.path(), &again, &a);
    }

    #[test]
    fn step_7_cut_short_is_done_again_and_keeps_every_text() {
        let tmp = tempfile::tempdir().unwrap();
        let texts: Vec<(SkillRecord, String)> = (0..5)
            .map(|i| {
                let text = format!("---\nname: s{i}\n---\nbody {i}");
                (test_record(&format!("/s/{i}/SKILL.md"), &text), text)
            })
            .collect();
        {
            let v6 = Store::open_up_to(tmp.path(), 6).unwrap();
            let tree = v6.db.open_tree("contents").unwrap();
            for (r, text) in &texts {
                v6.skills.insert(r.id.as_bytes(), pack::pack(&serde_json::to_vec(r).unwrap()).unwrap()).unwrap();
                tree.insert(r.sha256.as_bytes(), pack::pack(text.as_bytes()).unwrap()).unwrap();
            }
            v6.flush().unwrap();
        }
        // A first run of step 7 that stopped after two files and a
        // temporary one: the tree still holds every text.
        let files = ContentFiles::new(tmp.path());
        for (r, text) in &texts[..2] {
            files.write(&r.sha256, &pack::pack(text.as_bytes()).unwrap()).unwrap();
        }
        let folder = tmp.path().join("contents").join(&texts[2].0.sha256[..2]);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join(".tmp-1-0"), b"half").unwrap();

        let store = Store::open(tmp.path()).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
        for (r, text) in &texts {
            assert_eq!(store.content(&r.sha256).unwrap().as_deref(), Some(text.as_bytes()), "{}", r.id);
        }
        assert!(store.db.open_tree("contents").unwrap().is_empty());
    }

    #[test]
    fn step_8_makes_every_record_a_one_file_folder_and_keeps_its_history_copies_readings_installs_and_reports() {
        let tmp = tempfile::tempdir().unwrap();
        let text = "---\nname: a\ndescription: d\n---\nbody";
        let a = test_record("/s/a/SKILL.md", text);
        let b = test_record("/s/b/SKILL.md", text);
        let old_sha = "1".repeat(64);
        {
            let v7 = Store::open_up_to(tmp.path(), 7).unwrap();
            for r in [&a, &b] {
                // As schema 7 wrote it: no files, no version, history by SKILL.md hash.
                let mut json = serde_json::to_value(r).unwrap();
                let o = json.as_object_mut().unwrap();
                o.remove("files");
                o.remove("version");
                o["versions"] = serde_json::json!([{ "sha256": old_sha, "first_seen": 1 }, { "sha256": r.sha256, "first_seen": 2 }]);
                v7.skills.insert(r.id.as_bytes(), pack::pack(&serde_json::to_vec(&json).unwrap()).unwrap()).unwrap();
                v7.hashes.insert(hash_key(&r.sha256, &r.id), &[] as &[u8]).unwrap();
            }
            v7.files.write(&a.sha256, &pack::pack(text.as_bytes()).unwrap()).unwrap();
            // What the user has beside the skills: a cached reading, an
            // install's provenance, a report.
            v7.readings.insert(b"reading-key", b"a cached answer".as_slice()).unwrap();
            v7.installs.insert(b"/home/u/.claude/skills\0a", b"an install record".as_slice()).unwrap();
            v7.reports.insert(a.id.as_bytes(), b"a report".as_slice()).unwrap();
            v7.flush().unwrap();
        }
        for _ in 0..2 {
            let store = Store::open(tmp.path()).unwrap();
            assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
            let got = store.get(&a.id).unwrap().unwrap();
            assert_eq!(got.version, crate::record::single_file_version(&a.sha256));
            assert_eq!(got.files, a.files, "SKILL.md alone, read as text");
            let history: Vec<&str> = got.versions.iter().map(|v| v.sha256.as_str()).collect();
            assert_eq!(history, [crate::record::single_file_version(&old_sha), got.version.clone()]);
            let mut copies = store.ids_with_version(&got.version).unwrap();
            copies.sort();
            let mut want = vec![a.id.clone(), b.id.clone()];
            want.sort();
            assert_eq!(copies, want, "R-DUP-1: the copies are found by version");
            assert_eq!(store.content(&a.sha256).unwrap().as_deref(), Some(text.as_bytes()));
            // Readings, installs and reports are untouched by the step.
            assert_eq!(store.readings.get(b"reading-key").unwrap().as_deref(), Some(b"a cached answer".as_slice()));
            let install = store.installs.get(b"/home/u/.claude/skills\0a").unwrap();
            assert_eq!(install.as_deref(), Some(b"an install record".as_slice()));
            assert_eq!(store.reports.get(a.id.as_bytes()).unwrap().as_deref(), Some(b"a report".as_slice()));
            drop(store);
            // Run again as if cut short before the version was recorded.
            write_schema_file(tmp.path(), 7).unwrap();
        }
    }

    #[test]
    fn a_folders_files_are_kept_once_and_go_with_the_last_skill_naming_them() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(tmp.path()).unwrap();
        let shared = ("a".repeat(64), b"shared script".to_vec());
        let mut a = test_record("/s/a/SKILL.md", "text a");
        let mut b = test_record("/s/b/SKILL.md", "text b");
        for r in [&mut a, &mut b] {
            r.files.push(crate::record::SkillFile {
                path: "scripts/x.sh".into(),
                sha256: Some(shared.0.clone()),
                bytes: 13,
                kind: Some(skills_guide_engine::filekind::FileKind::Text),
                state: skills_guide_engine::folder::FileState::Read,
                executable: true,
                note: None,
                blob_sha1: None,
            });
            r.version = r.id.repeat(4);
        }
        store
            .put_many(
                &[a.clone(), b.clone()],
                vec![(a.sha256.as_str(), b"text a"), (b.sha256.as_str(), b"text b"), (shared.0.as_str(), &shared.1)],
            )
            .unwrap();
        let mut ids = store.ids_with_content(&shared.0).unwrap();
        ids.sort();
        assert_eq!(ids.len(), 2);
        assert_eq!(store.ids_with_version(&a.version).unwrap(), vec![a.id.clone()]);
        store.remove_many(std::slice::from_ref(&a)).unwrap();
        assert_eq!(store.content(&shared.0).unwrap().as_deref(), Some(&b"shared script"[..]), "b still names it");
        assert_eq!(store.content(&a.sha256).unwrap(), None, "a's SKILL.md went");
        assert!(store.ids_with_version(&a.version).unwrap().is_empty());
        // A new version of b without the script: the script's lookup goes, and with b's removal its text.
        let mut b2 = b.clone();
        b2.files.truncate(1);
        b2.version = "f".repeat(64);
        store.put(&b2, None).unwrap();
        assert!(store.ids_with_content(&shared.0).unwrap().is_empty());
        assert_eq!(store.ids_with_version(&b2.version).unwrap(), vec![b.id.clone()]);
        assert!(store.ids_with_version(&b.version).unwrap().is_empty());
    }

    #[test]
    fn step_6_copies_a_tree_longer_than_one_handle_reads() {
        let tmp = tempfile::tempdir().unwrap();
        let n = migrations::REOPEN_EVERY + 10;
        {
            let v5 = Store::open_up_to(tmp.path(), 5).unwrap();
            let mut batch = sled::Batch::default();
            for i in 0..n {
                batch.insert(format!("https://api.github.com/{i:06}").as_bytes(), format!("{{\"n\":{i}}}").as_bytes());
            }
            v5.http_cache.apply_batch(batch).unwrap();
            v5.flush().unwrap();
        }
        let store = Store::open(tmp.path()).unwrap();
        let cache = store.http_cache();
        assert_eq!(cache.len(), n);
        for i in [0, migrations::REOPEN_EVERY - 1, migrations::REOPEN_EVERY, n - 1] {
            let packed = cache.get(format!("https://api.github.com/{i:06}").as_bytes()).unwrap().unwrap();
            assert_eq!(pack::unpack(&packed).unwrap(), format!("{{\"n\":{i}}}").as_bytes());
        }
    }

    #[test]
    fn step_6_cut_short_leaves_the_old_store_and_is_done_again() {
        let tmp = tempfile::tempdir().unwrap();
        let a = store_of_schema_5(tmp.path());
        // A copy killed half-way: a partial database next to the whole old one.
        std::fs::create_dir_all(tmp.path().join(PARTIAL_DB)).unwrap();
        std::fs::write(tmp.path().join(PARTIAL_DB).join("conf"), b"half").unwrap();
        let store = Store::open(tmp.path()).unwrap();
        assert_upgraded_from_schema_5(tmp.path(), &store, &a);
    }

    #[test]
    fn step_6_with_its_old_folder_left_behind_opens_the_new_one() {
        let tmp = tempfile::tempdir().unwrap();
        let a = store_of_schema_5(tmp.path());
        drop(Store::open(tmp.path()).unwrap());
        // Killed after the rename, before the old folder was removed and the
        // schema file written.
        drop(Store::open_up_to(&tmp.path().join("old"), 5).unwrap());
        std::fs::rename(tmp.path().join("old").join(COMPRESSED_DB), tmp.path().join(COMPRESSED_DB)).unwrap();
        std::fs::write(tmp.path().join(SCHEMA_FILE), "5\n").unwrap();
        let store = Store::open(tmp.path()).unwrap();
        assert_upgraded_from_schema_5(tmp.path(), &store, &a);
    }

    #[test]
    fn a_packed_value_damaged_on_disk_is_a_corrupt_record_error() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(tmp.path()).unwrap();
        let a = test_record("/s/a/SKILL.md", "x");
        store.put(&a, Some(b"x")).unwrap();
        store.skills.insert(a.id.as_bytes(), serde_json::to_vec(&a).unwrap()).unwrap();
        match store.get(&a.id) {
            Err(StoreError::Corrupt { id, .. }) => assert_eq!(id, a.id),
            other => panic!("{other:?}"),
        }
        std::fs::write(tmp.path().join("contents").join(&a.sha256[..2]).join(&a.sha256), b"plain").unwrap();
        assert!(matches!(store.content(&a.sha256), Err(StoreError::Corrupt { .. })));
        store.readings.insert(b"k", b"{}".as_slice()).unwrap();
        assert_eq!(store.cached_reading("k").unwrap(), None, "an unreadable reading is a miss");
    }

    #[test]
    fn a_newer_store_is_refused_and_left_untouched() {
        let tmp = tempfile::tempdir().unwrap();
        drop(Store::open(tmp.path()).unwrap());
        std::fs::write(tmp.path().join(SCHEMA_FILE), "99\n").unwrap();
        let before = snapshot(tmp.path());
        match Store::open(tmp.path()) {
            Err(StoreError::TooNew { found: 99, supported, .. }) => assert_eq!(supported, SCHEMA_VERSION),
            Err(other) => panic!("wrong error: {other}"),
            Ok(_) => panic!("opened a newer store"),
        }
        assert_eq!(snapshot(tmp.path()), before, "nothing was written");
        let msg = Store::open(tmp.path()).err().unwrap().to_string();
        assert!(msg.contains("newer Skills Guide") && msg.contains("nothing was changed"), "{msg}");
    }

    #[test]
    fn a_second_open_of_the_same_catalog_says_it_is_in_use() {
        let tmp = tempfile::tempdir().unwrap();
        let _first = Store::open(tmp.path()).unwrap();
        match Store::open(tmp.path()) {
            Err(e) => assert!(e.to_string().contains("open in another"), "{e}"),
            Ok(_) => panic!("two stores on one folder"),
        }
    }

    /// Every file under `dir` with its size and modification time.
    fn snapshot(dir: &Path) -> Vec<(PathBuf, u64, std::time::SystemTime)> {
        let mut out: Vec<_> = walk(dir)
            .into_iter()
            .map(|p| {
                let m = std::fs::metadata(&p).unwrap();
                (p, m.len(), m.modified().unwrap())
            })
            .collect();
        out.sort();
        out
    }

    fn walk(dir: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p);
            }
        }
        out
    }
}
