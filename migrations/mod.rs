//! The store's schema steps, numbered and applied in order when a catalog is
//! opened (`crates/catalog/src/store.rs`). A step never runs twice: the
//! store records the version it reached in the same transaction as the
//! step's last write. Add a step by adding a file and a line to `STEPS`;
//! never edit a step that has shipped.

#[path = "0001_initial.rs"]
mod m0001_initial;
#[path = "0002_content_hash_index.rs"]
mod m0002_content_hash_index;
#[path = "0003_readings_cache.rs"]
mod m0003_readings_cache;
#[path = "0004_installs_and_reports.rs"]
mod m0004_installs_and_reports;
#[path = "0005_crawler_state.rs"]
mod m0005_crawler_state;
#[path = "0006_values_packed.rs"]
mod m0006_values_packed;
#[path = "0007_contents_as_files.rs"]
mod m0007_contents_as_files;
#[path = "0008_skill_folders.rs"]
mod m0008_skill_folders;

#[cfg(test)]
pub use m0006_values_packed::REOPEN_EVERY;

/// One schema step: from `version - 1` to `version`.
pub struct Step {
    pub version: u32,
    pub name: &'static str,
    pub apply: Apply,
}

/// How a step changes the store.
pub enum Apply {
    /// In the open database.
    InPlace(fn(&sled::Db) -> Result<(), String>),
    /// In the open database and the store's folder (the texts' files).
    WithFolder(fn(&sled::Db, &std::path::Path) -> Result<(), String>),
    /// By copying every tree from the database sled compresses (`sled/`)
    /// into a new one it does not (`db/`): sled refuses to change its
    /// compression setting on an existing database. The store makes the new
    /// database live only once the copy is whole. Only one step can be of
    /// this kind, and a store created after it has nothing to copy.
    /// The step gets a way to open the old database rather than a handle,
    /// to let its cache go while it reads (see step 6).
    IntoPlainDb(fn(OpenOld, &sled::Db) -> Result<(), String>),
}

/// Opens the old database afresh (a step of [`Apply::IntoPlainDb`]).
pub type OpenOld<'a> = &'a dyn Fn() -> Result<sled::Db, String>;

pub const STEPS: &[Step] = &[
    Step { version: 1, name: "initial trees", apply: Apply::InPlace(m0001_initial::apply) },
    Step { version: 2, name: "content-hash index for copies", apply: Apply::InPlace(m0002_content_hash_index::apply) },
    Step { version: 3, name: "cache of the model's readings", apply: Apply::InPlace(m0003_readings_cache::apply) },
    Step { version: 4, name: "installs and reports", apply: Apply::InPlace(m0004_installs_and_reports::apply) },
    Step {
        version: 5,
        name: "crawler state: HTTP validators and search runs",
        apply: Apply::InPlace(m0005_crawler_state::apply),
    },
    Step {
        version: 6,
        name: "large values compressed by the catalog, sled's compression off",
        apply: Apply::IntoPlainDb(m0006_values_packed::copy),
    },
    Step {
        version: 7,
        name: "skills' texts in files beside sled",
        apply: Apply::WithFolder(m0007_contents_as_files::apply),
    },
    Step {
        version: 8,
        name: "skills as folders: files, versions, version lookups",
        apply: Apply::WithFolder(m0008_skill_folders::apply),
    },
];

/// The schema version this program writes.
pub const LATEST: u32 = 8;
