//! Version 6: the large values (skill records, SKILL.md contents, cached
//! model readings, cached GitHub answers) are compressed by the catalog
//! (`crates/catalog/src/pack.rs`), once each, and sled's own compression is
//! off. sled recompressed whole tree nodes on every write: on a 100,000-skill
//! import that was most of the store's time. sled cannot turn its
//! compression off in place, so this step copies every tree into a new
//! database, packing the values of [`PACKED_TREES`] on the way.

use std::ops::Bound;

/// The trees whose values are packed from version 6 on.
pub const PACKED_TREES: &[&str] = &["skills", "contents", "readings", "http_cache"];

/// sled's name for the tree a `Db` is itself.
const DEFAULT_TREE: &[u8] = b"__sled__default";

/// Entries written per batch.
const BATCH: usize = 512;

/// sled's cache counts a compressed page at its size on disk, so reading a
/// whole compressed database through one handle held about 700 MB at
/// 100,000 skills: the old database is opened afresh every this many
/// entries, which lets its cache go.
pub const REOPEN_EVERY: usize = 16_384;

/// `open_old` opens the old database (its handle is not kept between calls).
pub fn copy(open_old: super::OpenOld, new: &sled::Db) -> Result<(), String> {
    let names = open_old()?.tree_names();
    for name in names {
        let packed = PACKED_TREES.iter().any(|t| t.as_bytes() == name.as_ref());
        let to = tree(new, &name)?;
        copy_tree(open_old, &name, &to, packed)?;
    }
    new.flush().map_err(|e| e.to_string())?;
    Ok(())
}

fn tree(db: &sled::Db, name: &[u8]) -> Result<sled::Tree, String> {
    if name == DEFAULT_TREE {
        Ok((**db).clone())
    } else {
        db.open_tree(name).map_err(|e| e.to_string())
    }
}

/// Copies the tree `name`, `REOPEN_EVERY` entries per handle on the old database.
fn copy_tree(open_old: super::OpenOld, name: &[u8], to: &sled::Tree, packed: bool) -> Result<(), String> {
    let mut last: Option<sled::IVec> = None;
    loop {
        let old = open_old()?;
        let from = tree(&old, name)?;
        let entries = match &last {
            Some(key) => from.range::<&[u8], _>((Bound::Excluded(key.as_ref()), Bound::Unbounded)),
            None => from.iter(),
        };
        let mut batch = sled::Batch::default();
        let mut copied = 0;
        for entry in entries.take(REOPEN_EVERY) {
            let (key, value) = entry.map_err(|e| e.to_string())?;
            last = Some(key.clone());
            if packed {
                batch.insert(key, crate::pack::pack(&value).map_err(|e| e.to_string())?);
            } else {
                batch.insert(key, value);
            }
            copied += 1;
            if copied % BATCH == 0 {
                to.apply_batch(std::mem::take(&mut batch)).map_err(|e| e.to_string())?;
            }
        }
        to.apply_batch(batch).map_err(|e| e.to_string())?;
        if copied < REOPEN_EVERY {
            return Ok(());
        }
    }
}
