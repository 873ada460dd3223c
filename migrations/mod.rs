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

/// One schema step: from `version - 1` to `version`.
pub struct Step {
    pub version: u32,
    pub name: &'static str,
    pub apply: fn(&sled::Db) -> Result<(), String>,
}

pub const STEPS: &[Step] = &[
    Step { version: 1, name: "initial trees", apply: m0001_initial::apply },
    Step { version: 2, name: "content-hash index for copies", apply: m0002_content_hash_index::apply },
    Step { version: 3, name: "cache of the model's readings", apply: m0003_readings_cache::apply },
    Step { version: 4, name: "installs and reports", apply: m0004_installs_and_reports::apply },
    Step { version: 5, name: "crawler state: HTTP validators and search runs", apply: m0005_crawler_state::apply },
];

/// The schema version this program writes.
pub const LATEST: u32 = 5;
