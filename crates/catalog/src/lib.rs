//! # Skills Guide's local catalog
//!
//! The catalog is the product's memory: a sled store that is the source of
//! truth (skills, their versions, contents, findings, readings, decisions),
//! and a tantivy index derived from it and rebuilt from it whenever it is
//! missing, corrupt or stale. It works offline, and a crash at any point
//! leaves a store that opens and is consistent.

pub mod record;
pub mod store;
