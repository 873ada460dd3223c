//! Version 7: the skills' texts move from the `contents` tree into files
//! beside sled (`store/contents/`, see `crates/catalog/src/content_files.rs`:
//! sled kept every text leaf a search read in memory).
//!
//! Each text is written to its file as stored (packed), skipping a file that
//! is already there, then made durable, and only then is the tree emptied;
//! the store records version 7 after that. A step cut short runs again from
//! the start: the files it wrote are kept (a file is whole or absent), and the
//! tree still holds every text until the end.

use std::path::Path;

use crate::content_files::ContentFiles;

pub fn apply(db: &sled::Db, store_dir: &Path) -> Result<(), String> {
    let tree = db.open_tree("contents").map_err(|e| e.to_string())?;
    let files = ContentFiles::new(store_dir);
    let mut written = Vec::new();
    for entry in tree.iter() {
        let (key, packed) = entry.map_err(|e| e.to_string())?;
        let sha = String::from_utf8_lossy(&key).into_owned();
        files.write(&sha, &packed).map_err(|e| format!("text {sha}: {e}"))?;
        written.push(sha);
    }
    let names: Vec<&str> = written.iter().map(String::as_str).collect();
    files.make_durable(&names).map_err(|e| e.to_string())?;
    tree.clear().map_err(|e| e.to_string())?;
    Ok(())
}
