//! Version 1: the trees of the first catalog.
//! `meta` (schema version, change generation), `skills` (id → record JSON),
//! `contents` (SHA-256 → bytes, stored once per content), `locations`
//! (location key → id, R-SRC-2).

pub fn apply(db: &sled::Db) -> Result<(), String> {
    for name in ["meta", "skills", "contents", "locations"] {
        db.open_tree(name).map_err(|e| e.to_string())?;
    }
    Ok(())
}
