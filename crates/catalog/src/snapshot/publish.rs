//! `snapshot publish DIR`: the catalog's public skills as a signed,
//! content-addressed snapshot (see the module above for the layout).
//!
//! Records and files are written once and never changed: a record or a file
//! already in the folder is kept, so a new publication writes only the
//! skills and files that changed, and a static host uploads only those. Each
//! chunk's files go before its records, and the index last, signature
//! first, each by rename: a client never sees an index naming a record that
//! is not there yet, nor a record naming a file that is not.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;

use super::{
    compress, decompress, file_path, keys, record_hash, record_path, SnapshotError, SnapshotIndex, SnapshotRecord,
    FORMAT, INDEX_FILE, MAX_INDEX_BYTES, SIGNATURE_FILE,
};
use crate::progress::{Progress, ProgressFn, Stage};
use crate::store::Store;

/// Records compressed and written together (they are read one at a time).
const CHUNK: usize = 512;

#[derive(Debug, Clone, Default, Serialize)]
pub struct PublishSummary {
    pub dir: PathBuf,
    pub sequence: u64,
    pub published_at: i64,
    /// Skills in the publication.
    pub entries: usize,
    /// Records new in this publication, and their bytes (compressed).
    pub records_written: usize,
    pub bytes_written: u64,
    /// Records an earlier publication had written already.
    pub records_kept: usize,
    /// Files (of the skill folders) new in this publication, and their
    /// bytes (compressed); files already there are kept.
    pub files_written: usize,
    pub file_bytes_written: u64,
    pub files_kept: usize,
    /// The catalog's skills from the publisher's own folders and the starter
    /// examples: they stay on this machine.
    pub local_skipped: usize,
    pub index_bytes: u64,
    pub key_id: String,
}

pub fn publish(
    store: &Store,
    dir: &Path,
    secret: &minisign::SecretKey,
    now_unix: i64,
    progress: ProgressFn<'_>,
) -> Result<PublishSummary, SnapshotError> {
    let io = |path: &Path, e: std::io::Error| SnapshotError::Io(format!("{}: {e}", path.display()));
    std::fs::create_dir_all(dir.join("records")).map_err(|e| io(dir, e))?;
    std::fs::create_dir_all(dir.join("files")).map_err(|e| io(dir, e))?;
    let previous = previous_index(dir)?;
    let sequence = previous.as_ref().map_or(1, |p| p.sequence + 1);
    let published_at = previous.as_ref().map_or(now_unix, |p| p.published_at.max(now_unix));
    let public = minisign::PublicKey::from_secret_key(secret).map_err(|e| SnapshotError::Key(e.to_string()))?;
    let mut summary = PublishSummary {
        dir: dir.to_owned(),
        sequence,
        published_at,
        key_id: keys::key_id(&public),
        ..Default::default()
    };

    let total = store.len() as u64;
    progress(Progress::Stage { stage: Stage::Publish, total: Some(total) });
    let mut entries = Vec::new();
    let mut chunk = Vec::with_capacity(CHUNK);
    let mut done = 0u64;
    // Files this run has written or found already: each looked at once.
    let mut seen_files = std::collections::HashSet::new();
    for record in store.records() {
        let skill = record.map_err(|e| SnapshotError::Io(e.to_string()))?;
        done += 1;
        if !super::is_public(skill.source.kind) {
            summary.local_skipped += 1;
            continue;
        }
        chunk.push(SnapshotRecord { skill });
        if chunk.len() == CHUNK {
            let chunk = std::mem::take(&mut chunk);
            write_files(store, dir, &chunk, &mut seen_files, &mut summary)?;
            write_chunk(dir, &chunk, &mut entries, &mut summary)?;
            progress(Progress::Advance { stage: Stage::Publish, done, total: Some(total) });
        }
    }
    write_files(store, dir, &chunk, &mut seen_files, &mut summary)?;
    write_chunk(dir, &chunk, &mut entries, &mut summary)?;
    progress(Progress::Advance { stage: Stage::Publish, done, total: Some(total) });

    let index = SnapshotIndex {
        format: FORMAT,
        sequence,
        published_at,
        program: skills_guide_remote::http::USER_AGENT.to_owned(),
        reading_version: skills_guide_remote::readings::READING_VERSION.to_owned(),
        entries,
    };
    summary.entries = index.entries.len();
    let json = serde_json::to_vec(&index).map_err(|e| SnapshotError::Io(e.to_string()))?;
    let comment = format!("skills-guide snapshot sequence:{sequence} published_at:{published_at}");
    let signature = keys::sign(secret, &json, &comment)?;
    let compressed = compress(&json)?;
    summary.index_bytes = compressed.len() as u64;
    write_atomic(&dir.join(SIGNATURE_FILE), signature.as_bytes())?;
    write_atomic(&dir.join(INDEX_FILE), &compressed)?;
    Ok(summary)
}

/// Writes the files a chunk's records name that the folder does not have,
/// from the store, compressed on every core.
fn write_files(
    store: &Store,
    dir: &Path,
    chunk: &[SnapshotRecord],
    seen: &mut std::collections::HashSet<String>,
    summary: &mut PublishSummary,
) -> Result<(), SnapshotError> {
    let mut wanted: Vec<(&str, &str)> = Vec::new(); // sha256, the skill naming it
    for r in chunk {
        for sha in r.file_hashes() {
            if seen.insert(sha.to_owned()) {
                wanted.push((sha, r.skill.id.as_str()));
            }
        }
    }
    let written: Vec<Option<u64>> = wanted
        .par_iter()
        .map(|(sha, id)| {
            let path = dir.join(file_path(sha));
            if path.is_file() {
                return Ok(None);
            }
            let content = store
                .content(sha)
                .map_err(|e| SnapshotError::Io(e.to_string()))?
                .ok_or_else(|| SnapshotError::Io(format!("skill {id} names a file {sha} the catalog does not hold")))?;
            let compressed = compress(&content)?;
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| SnapshotError::Io(format!("{}: {e}", parent.display())))?;
            }
            write_atomic(&path, &compressed)?;
            Ok(Some(compressed.len() as u64))
        })
        .collect::<Result<_, SnapshotError>>()?;
    for w in written {
        match w {
            Some(bytes) => {
                summary.files_written += 1;
                summary.file_bytes_written += bytes;
            }
            None => summary.files_kept += 1,
        }
    }
    Ok(())
}

/// Encodes, hashes and compresses a chunk on every core; writes the records
/// the folder does not have.
fn write_chunk(
    dir: &Path,
    chunk: &[SnapshotRecord],
    entries: &mut Vec<(String, String)>,
    summary: &mut PublishSummary,
) -> Result<(), SnapshotError> {
    let written: Vec<(String, String, Option<u64>)> = chunk
        .par_iter()
        .map(|record| {
            let bytes = record.encode()?;
            let hash = record_hash(&bytes);
            let path = dir.join(record_path(&hash));
            if path.is_file() {
                return Ok((record.skill.id.clone(), hash, None));
            }
            let compressed = compress(&bytes)?;
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| SnapshotError::Io(format!("{}: {e}", parent.display())))?;
            }
            write_atomic(&path, &compressed)?;
            Ok((record.skill.id.clone(), hash, Some(compressed.len() as u64)))
        })
        .collect::<Result<_, SnapshotError>>()?;
    for (id, hash, bytes) in written {
        match bytes {
            Some(b) => {
                summary.records_written += 1;
                summary.bytes_written += b;
            }
            None => summary.records_kept += 1,
        }
        entries.push((id, hash));
    }
    Ok(())
}

/// The folder's current publication, if any: the next one follows it. An
/// index of an earlier format is followed too (its sequence and time), so
/// clients that applied it take the new format as newer.
fn previous_index(dir: &Path) -> Result<Option<Previous>, SnapshotError> {
    let path = dir.join(INDEX_FILE);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(SnapshotError::Io(format!("{}: {e}", path.display()))),
    };
    let unreadable = |e: String| {
        SnapshotError::Io(format!("{} cannot be read ({e}); move it away to start a new snapshot", path.display()))
    };
    let json = decompress(&bytes, MAX_INDEX_BYTES, "the folder's previous index")?;
    let previous: Previous = serde_json::from_slice(&json).map_err(|e| unreadable(e.to_string()))?;
    if previous.format >= FORMAT {
        SnapshotIndex::parse(&json).map_err(|e| unreadable(e.to_string()))?;
    }
    Ok(Some(previous))
}

/// What a publication follows from the one before it, whatever its format.
#[derive(serde::Deserialize)]
struct Previous {
    format: u32,
    sequence: u64,
    published_at: i64,
}

/// A temporary file beside `path`, renamed over it: readers see the old
/// file or the new one, never half of one.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SnapshotError> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    let io = |e: std::io::Error| SnapshotError::Io(format!("{}: {e}", path.display()));
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    file.write_all(bytes).map_err(io)?;
    file.as_file().sync_all().map_err(io)?;
    // Static hosts serve what they can read.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(file.path(), std::fs::Permissions::from_mode(0o644)).map_err(io)?;
    }
    file.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}
