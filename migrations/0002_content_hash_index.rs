//! Version 2: `hashes` (SHA-256 ‖ 0 ‖ id → empty), so the skills sharing one
//! content (exact copies, R-DUP-1) are found without reading every record.
//! Built from the records of version 1.

pub fn apply(db: &sled::Db) -> Result<(), String> {
    let skills = db.open_tree("skills").map_err(|e| e.to_string())?;
    let hashes = db.open_tree("hashes").map_err(|e| e.to_string())?;
    for entry in skills.iter() {
        let (id, value) = entry.map_err(|e| e.to_string())?;
        let record: serde_json::Value = serde_json::from_slice(&value).map_err(|e| e.to_string())?;
        let Some(sha) = record.get("sha256").and_then(|s| s.as_str()) else {
            return Err(format!("record {} has no sha256", String::from_utf8_lossy(&id)));
        };
        let mut key = sha.as_bytes().to_vec();
        key.push(0);
        key.extend_from_slice(&id);
        hashes.insert(key, &[] as &[u8]).map_err(|e| e.to_string())?;
    }
    Ok(())
}
