//! What a publication no longer needs leaves the folder.
//!
//! Records and files are content-addressed and never rewritten, so without
//! this every changed skill would leave its old record (and any file only
//! it named) on the host forever. After a new index is written, the loose
//! objects named by neither it nor the publication before it are deleted.
//! The one before stays one more round, as its packs do: a client that read
//! the previous index a moment ago still finds every object it names.
//!
//! Which files a publication names is the union of its records' file
//! lists. Reading every record again at each publication would cost what
//! the publisher's bookkeeping exists to save, so the bookkeeping keeps a
//! count of the records naming each file, tied to the SHA-256 of the index
//! it was counted for. A publication moves the counts by the records it
//! added and removed; counts that do not belong to the index on disk (a
//! publication cut short, a folder restored without its bookkeeping) are
//! counted again from the records on disk. When that cannot be done (a
//! record of the previous publication is missing), no file is deleted.
//!
//! Only what the publisher writes is deleted: regular files named
//! `records/ab/<sha256>.zst` or `files/ab/<sha256>.zst`. Anything else a
//! maintainer put in the folder stays.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{decompress, file_path, is_hash, record_path, SnapshotError, SnapshotRecord, MAX_RECORD_BYTES};

/// How many records of a publication name each file, and the index (by the
/// SHA-256 of its compressed bytes) they were counted for.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct FileCounts {
    pub index_sha256: String,
    pub files: HashMap<String, u32>,
}

/// The file lists of records, read once: from the records this publication
/// encoded, else from the folder.
pub(super) struct FileLists<'a> {
    pub dir: &'a Path,
    /// Record hash → the files it names, for records encoded in this run.
    pub fresh: HashMap<String, Vec<String>>,
}

impl FileLists<'_> {
    fn of(&self, hash: &str) -> Result<Vec<String>, SnapshotError> {
        if let Some(files) = self.fresh.get(hash) {
            return Ok(files.clone());
        }
        let path = self.dir.join(record_path(hash));
        let compressed = std::fs::read(&path).map_err(|e| SnapshotError::Io(format!("{}: {e}", path.display())))?;
        let bytes = decompress(&compressed, MAX_RECORD_BYTES, &format!("record {hash}"))?;
        let record = SnapshotRecord::decode(hash, &bytes)?;
        Ok(record.file_hashes().into_iter().map(str::to_owned).collect())
    }

    /// The counts of a publication made of `records`, from nothing.
    pub fn count<'h>(
        &self,
        records: impl IntoIterator<Item = &'h String>,
    ) -> Result<HashMap<String, u32>, SnapshotError> {
        let mut counts = HashMap::new();
        for hash in records {
            for sha in self.of(hash)? {
                *counts.entry(sha).or_insert(0) += 1;
            }
        }
        Ok(counts)
    }

    /// `counts` moved from the publication holding `before` to the one
    /// holding `after`.
    pub fn moved(
        &self,
        mut counts: HashMap<String, u32>,
        before: &HashSet<String>,
        after: &HashSet<String>,
    ) -> Result<HashMap<String, u32>, SnapshotError> {
        for gone in before.difference(after) {
            for sha in self.of(gone)? {
                if let Some(n) = counts.get_mut(&sha) {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        counts.remove(&sha);
                    }
                }
            }
        }
        for added in after.difference(before) {
            for sha in self.of(added)? {
                *counts.entry(sha).or_insert(0) += 1;
            }
        }
        Ok(counts)
    }
}

/// What pruning deleted.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Pruned {
    pub records: usize,
    pub files: usize,
    pub bytes: u64,
}

/// Deletes the loose records not in `keep_records` and, when given, the
/// files not in `keep_files` (`None`: which files are needed is not known,
/// so none is deleted). A file that cannot be deleted is left for the next
/// publication.
pub(super) fn prune(dir: &Path, keep_records: &HashSet<&str>, keep_files: Option<&HashSet<&str>>) -> Pruned {
    let mut pruned = Pruned::default();
    for (hash, bytes) in unneeded(dir, "records", |h| keep_records.contains(h)) {
        if std::fs::remove_file(dir.join(record_path(&hash))).is_ok() {
            pruned.records += 1;
            pruned.bytes += bytes;
        }
    }
    if let Some(keep) = keep_files {
        for (sha, bytes) in unneeded(dir, "files", |h| keep.contains(h)) {
            if std::fs::remove_file(dir.join(file_path(&sha))).is_ok() {
                pruned.files += 1;
                pruned.bytes += bytes;
            }
        }
    }
    pruned
}

/// The objects under `dir/kind` (as the publisher names them) that `needed`
/// refuses, with their sizes.
fn unneeded(dir: &Path, kind: &str, needed: impl Fn(&str) -> bool) -> Vec<(String, u64)> {
    let mut found = Vec::new();
    let Ok(shards) = std::fs::read_dir(dir.join(kind)) else { return found };
    for shard in shards.flatten() {
        let shard_name = shard.file_name().to_string_lossy().into_owned();
        if !shard.file_type().is_ok_and(|t| t.is_dir()) || shard_name.len() != 2 {
            continue;
        }
        let Ok(objects) = std::fs::read_dir(shard.path()) else { continue };
        for object in objects.flatten() {
            let name = object.file_name().to_string_lossy().into_owned();
            let Some(hash) = name.strip_suffix(".zst") else { continue };
            // The publisher's own name for it, and a plain file (a link is
            // not followed, nor deleted).
            let ours = is_hash(hash) && hash.starts_with(&shard_name);
            let Ok(meta) = object.metadata() else { continue };
            if ours && meta.file_type().is_file() && !needed(hash) {
                found.push((hash.to_owned(), meta.len()));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sha(n: u8) -> String {
        skills_guide_engine::analyze::sha256_hex(&[n])
    }

    fn put(dir: &Path, path: &str, bytes: &[u8]) {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }

    #[test]
    fn only_unneeded_objects_the_publisher_named_are_deleted() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let (kept, gone, other) = (sha(1), sha(2), sha(3));
        put(dir, &record_path(&kept), b"kept record");
        put(dir, &record_path(&gone), b"old record");
        put(dir, &file_path(&kept), b"kept file");
        put(dir, &file_path(&gone), b"old file");
        // Not the publisher's names: a note, an object in the wrong shard,
        // a leftover temporary file, a folder named like an object.
        put(dir, "records/README.txt", b"notes");
        put(dir, &format!("records/zz/{other}.zst"), b"misplaced");
        put(dir, &format!("files/{}/.tmpXYZ", &other[..2]), b"temp");
        std::fs::create_dir_all(dir.join(format!("files/{}/{other}.zst", &other[..2]))).unwrap();

        let keep_records: HashSet<&str> = [kept.as_str()].into();
        let keep_files: HashSet<&str> = [kept.as_str()].into();
        let pruned = prune(dir, &keep_records, Some(&keep_files));
        assert_eq!(pruned, Pruned { records: 1, files: 1, bytes: 18 });
        assert!(dir.join(record_path(&kept)).is_file() && dir.join(file_path(&kept)).is_file());
        assert!(!dir.join(record_path(&gone)).exists() && !dir.join(file_path(&gone)).exists());
        assert!(dir.join("records/README.txt").is_file());
        assert!(dir.join(format!("records/zz/{other}.zst")).is_file());
        assert!(dir.join(format!("files/{}/.tmpXYZ", &other[..2])).is_file());
        assert!(dir.join(format!("files/{}/{other}.zst", &other[..2])).is_dir());
    }

    #[test]
    fn files_stay_when_which_are_needed_is_not_known() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        put(dir, &record_path(&sha(1)), b"r");
        put(dir, &file_path(&sha(2)), b"f");
        let pruned = prune(dir, &HashSet::new(), None);
        assert_eq!((pruned.records, pruned.files), (1, 0));
        assert!(dir.join(file_path(&sha(2))).is_file());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_named_like_an_object_is_neither_followed_nor_deleted() {
        let tmp = tempfile::tempdir().unwrap();
        let outside = tmp.path().join("outside.txt");
        std::fs::write(&outside, b"the maintainer's").unwrap();
        let dir = tmp.path().join("snapshot");
        let link = dir.join(file_path(&sha(4)));
        std::fs::create_dir_all(link.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(&outside, &link).unwrap();
        let pruned = prune(&dir, &HashSet::new(), Some(&HashSet::new()));
        assert_eq!(pruned.files, 0);
        assert!(link.symlink_metadata().is_ok() && outside.is_file());
    }

    #[test]
    fn counts_move_by_the_records_added_and_removed() {
        let tmp = tempfile::tempdir().unwrap();
        let (a, b, c) = (sha(10), sha(11), sha(12));
        let (shared, only_a, only_c) = (sha(20), sha(21), sha(22));
        let lists = FileLists {
            dir: tmp.path(),
            fresh: [
                (a.clone(), vec![shared.clone(), only_a.clone()]),
                (b.clone(), vec![shared.clone()]),
                (c.clone(), vec![shared.clone(), only_c.clone()]),
            ]
            .into(),
        };
        let before: HashSet<String> = [a.clone(), b.clone()].into();
        let after: HashSet<String> = [b.clone(), c.clone()].into();
        let counted = lists.count(&before).unwrap();
        assert_eq!(counted, [(shared.clone(), 2), (only_a.clone(), 1)].into());
        let moved = lists.moved(counted, &before, &after).unwrap();
        assert_eq!(moved, lists.count(&after).unwrap());
        assert_eq!(moved, [(shared, 2), (only_c, 1)].into());
    }

    #[test]
    fn a_record_neither_encoded_nor_on_disk_is_an_error_not_a_guess() {
        let tmp = tempfile::tempdir().unwrap();
        let lists = FileLists { dir: tmp.path(), fresh: HashMap::new() };
        assert!(lists.count(&[sha(1)]).is_err());
    }
}
