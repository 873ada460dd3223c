//! Version 3: `readings`, the cache of the model's validated answers, keyed
//! by reading kind, prompt id, model and content hash (R-LLM; an unchanged
//! skill is never read twice by the same prompts and model). Records gain
//! `reading` and `reading_error`, which older records lack and read as empty
//! (serde defaults), so no record is rewritten.

pub fn apply(db: &sled::Db) -> Result<(), String> {
    db.open_tree("readings").map(|_| ()).map_err(|e| e.to_string())
}
