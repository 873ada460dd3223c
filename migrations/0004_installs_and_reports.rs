//! Version 4: `installs`, the provenance of every skill Skills Guide wrote
//! into an agent's folder (keyed by folder and name), and `reports`, the
//! reports of bad skills opened upstream (keyed by skill id and time). Both
//! start empty; no existing record changes.

pub fn apply(db: &sled::Db) -> Result<(), String> {
    for tree in ["installs", "reports"] {
        db.open_tree(tree).map_err(|e| e.to_string())?;
    }
    Ok(())
}
