//! Version 5: `http_cache`, the GitHub answers with their `ETag`s (keyed by
//! request URL) so a later sync sends `If-None-Match` and a 304 costs no
//! download; and `crawl`, the state of a code-search run (the size shards it
//! finished) so a killed sync resumes. Both start empty.

pub fn apply(db: &sled::Db) -> Result<(), String> {
    for tree in ["http_cache", "crawl"] {
        db.open_tree(tree).map_err(|e| e.to_string())?;
    }
    Ok(())
}
