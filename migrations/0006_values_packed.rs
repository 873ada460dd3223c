//! Version 6: the large values (skill records, SKILL.md contents, cached
//! model readings, cached GitHub answers) are compressed by the catalog
//! (`crates/catalog/src/pack.rs`), once each, and sled's own compression is
//! off. sled recompressed whole tree nodes on every write: on a 100,000-skill
//! import that was most of the store's time. sled cannot turn its
//! compression off in place, so this step copies every tree into a new
//! database, packing the values of [`PACKED_TREES`] on the way.

/// The trees whose values are packed from version 6 on.
pub const PACKED_TREES: &[&str] = &["skills", "contents", "readings", "http_cache"];

/// sled's name for the tree a `Db` is itself.
const DEFAULT_TREE: &[u8] = b"__sled__default";

/// Entries written per batch: bounded memory on a catalog of any size.
const BATCH: usize = 512;

pub fn copy(old: &sled::Db, new: &sled::Db) -> Result<(), String> {
    copy_tree(old, new, false)?;
    for name in old.tree_names() {
        if name.as_ref() == DEFAULT_TREE {
            continue;
        }
        let packed = PACKED_TREES.iter().any(|t| t.as_bytes() == name.as_ref());
        let from = old.open_tree(&name).map_err(|e| e.to_string())?;
        let to = new.open_tree(&name).map_err(|e| e.to_string())?;
        copy_tree(&from, &to, packed)?;
    }
    new.flush().map_err(|e| e.to_string())?;
    Ok(())
}

fn copy_tree(from: &sled::Tree, to: &sled::Tree, packed: bool) -> Result<(), String> {
    let mut batch = sled::Batch::default();
    let mut in_batch = 0;
    for entry in from.iter() {
        let (key, value) = entry.map_err(|e| e.to_string())?;
        if packed {
            let value = crate::pack::pack(&value).map_err(|e| e.to_string())?;
            batch.insert(key, value);
        } else {
            batch.insert(key, value);
        }
        in_batch += 1;
        if in_batch == BATCH {
            to.apply_batch(std::mem::take(&mut batch)).map_err(|e| e.to_string())?;
            in_batch = 0;
        }
    }
    to.apply_batch(batch).map_err(|e| e.to_string())
}
