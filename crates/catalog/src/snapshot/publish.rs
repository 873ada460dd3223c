//! `snapshot publish DIR`: the catalog's public skills as a signed,
//! content-addressed snapshot (see the module above for the layout).
//!
//! Records are written once and never changed: a record already in the
//! folder is kept, so a new publication writes only the skills that changed,
//! and a static host uploads only those. The index goes last, signature
//! first, each by rename: a client never sees an index naming a record that
//! is not there yet.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;

use super::{
    compress, decompress, keys, record_hash, record_path, SnapshotError, SnapshotIndex, SnapshotRecord, FORMAT,
    INDEX_FILE, MAX_INDEX_BYTES, SIGNATURE_FILE,
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
    for record in store.records() {
        let skill = record.map_err(|e| SnapshotError::Io(e.to_string()))?;
        done += 1;
        if !super::is_public(skill.source.kind) {
            summary.local_skipped += 1;
            continue;
        }
        let content = store.content(&skill.sha256).map_err(|e| SnapshotError::Io(e.to_string()))?.unwrap_or_default();
        chunk.push(SnapshotRecord { skill, content });
        if chunk.len() == CHUNK {
            write_chunk(dir, &std::mem::take(&mut chunk), &mut entries, &mut summary)?;
            progress(Progress::Advance { stage: Stage::Publish, done, total: Some(total) });
        }
    }
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

/// The folder's current publication, if any: the next one follows it.
fn previous_index(dir: &Path) -> Result<Option<SnapshotIndex>, SnapshotError> {
    let path = dir.join(INDEX_FILE);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(SnapshotError::Io(format!("{}: {e}", path.display()))),
    };
    let json = decompress(&bytes, MAX_INDEX_BYTES, "the folder's previous index")?;
    SnapshotIndex::parse(&json).map(Some).map_err(|e| {
        SnapshotError::Io(format!("{} cannot be read ({e}); move it away to start a new snapshot", path.display()))
    })
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
