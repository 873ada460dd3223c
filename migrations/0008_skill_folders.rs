//! Version 8: a skill is a folder. Every record gets the shape the catalog
//! now writes: `version` (the folder's version hash), `files` (the folder's
//! files; a record made before is a folder holding its SKILL.md alone), its
//! history's keys as versions of that one-file folder, and a version lookup
//! in `hashes` (`v:` version ‖ 0 ‖ id) beside its content lookups, so exact
//! copies are folders identical file for file (R-DUP-1).
//!
//! Nothing else changes: ids, locations, readings, installs and reports
//! stay as they are (an install's hash is its SKILL.md's, which a one-file
//! folder keeps). A record that already has files is left alone, so a step
//! cut short runs again from the start and ends the same.

use std::path::Path;

use skills_guide_engine::filekind;

use crate::content_files::ContentFiles;
use crate::pack;
use crate::record::{single_file_version, SkillFile};
use crate::store::VERSION_PREFIX;

pub fn apply(db: &sled::Db, store_dir: &Path) -> Result<(), String> {
    let skills = db.open_tree("skills").map_err(|e| e.to_string())?;
    let hashes = db.open_tree("hashes").map_err(|e| e.to_string())?;
    let files = ContentFiles::new(store_dir);
    for entry in skills.iter() {
        let (id, packed) = entry.map_err(|e| e.to_string())?;
        let shown = String::from_utf8_lossy(&id).into_owned();
        let json = pack::unpack(&packed).map_err(|e| format!("record {shown}: {e}"))?;
        let mut record: serde_json::Value =
            serde_json::from_slice(&json).map_err(|e| format!("record {shown}: {e}"))?;
        let Some(sha) = record.get("sha256").and_then(|s| s.as_str()).map(str::to_owned) else {
            return Err(format!("record {shown} has no sha256"));
        };
        let has_files = record.get("files").and_then(|f| f.as_array()).is_some_and(|f| !f.is_empty());
        let version = single_file_version(&sha);
        if !has_files {
            let bytes = record.get("bytes").and_then(|b| b.as_u64()).unwrap_or(0);
            // The kind from the text itself; a text gone missing is read as text.
            let kind = match files.read(&sha) {
                Ok(Some(p)) => pack::unpack(&p).map(|t| filekind::classify(&t)).unwrap_or(filekind::FileKind::Text),
                _ => filekind::FileKind::Text,
            };
            let file = serde_json::to_value(SkillFile::skill_md(&sha, bytes, kind)).map_err(|e| e.to_string())?;
            record["files"] = serde_json::Value::Array(vec![file]);
            record["version"] = version.clone().into();
            if let Some(versions) = record.get_mut("versions").and_then(|v| v.as_array_mut()) {
                for v in versions {
                    if let Some(old) = v.get("sha256").and_then(|s| s.as_str()).map(str::to_owned) {
                        v["sha256"] = single_file_version(&old).into();
                    }
                }
            }
            let json = serde_json::to_vec(&record).map_err(|e| e.to_string())?;
            skills.insert(&id, pack::pack(&json).map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
        }
        let version = record.get("version").and_then(|v| v.as_str()).unwrap_or(&version).to_owned();
        let mut key = format!("{VERSION_PREFIX}{version}").into_bytes();
        key.push(0);
        key.extend_from_slice(&id);
        hashes.insert(key, &[] as &[u8]).map_err(|e| e.to_string())?;
    }
    Ok(())
}
