//! The skills' texts, one file per SHA-256 under `store/contents/`, outside
//! sled.
//!
//! Why not a sled tree: sled 0.34 keeps every leaf node it reads in memory
//! until its cache evicts it, and it weighs accesses in batches of 64 per
//! shard over 256 shards, so up to about 16,000 nodes stay in memory whatever
//! the cache's setting. A search reads its hits' texts for their snippets,
//! and a leaf holds up to 16 texts: measured at 100,000 skills, 2,000
//! searches grew the process by 80 MB of texts (the same with a cache of 1,
//! 16 or 64 MiB). Read from a file, a text costs its own bytes, for as long
//! as the caller keeps them. Texts never change under their hash, so files
//! fit them: written once, read many times, removed when no skill has them.
//!
//! Layout: `contents/ab/abcdef…` (the first two hex digits as a folder, so no
//! folder holds more than a few hundred files at 100,000 skills), each file
//! the packed bytes ([`crate::pack`]). A file is written under a temporary
//! name and renamed, so it is whole or absent; the store writes a text's file
//! before the transaction of the record that names it, and removes it after
//! the transaction that drops the last such record. A crash in between leaves
//! at worst a file no record names.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The folder of the texts, inside the store's folder.
const CONTENTS_DIR: &str = "contents";

/// Temporary files start with this; never a hash.
const TEMP_PREFIX: &str = ".tmp-";

#[derive(Clone, Debug)]
pub struct ContentFiles {
    dir: PathBuf,
}

/// Distinguishes the temporary files of one process's concurrent writes.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

impl ContentFiles {
    /// The texts under `store_dir/contents/` (created when first written).
    pub fn new(store_dir: &Path) -> ContentFiles {
        ContentFiles { dir: store_dir.join(CONTENTS_DIR) }
    }

    /// Where a text's file is. `None` for a key that is not a hash: a key
    /// names a file, so nothing but ASCII letters and digits is let through
    /// (no separator, no `..`).
    fn path(&self, sha256: &str) -> Option<PathBuf> {
        let ok = (2..=128).contains(&sha256.len()) && sha256.bytes().all(|b| b.is_ascii_alphanumeric());
        ok.then(|| self.dir.join(&sha256[..2]).join(sha256))
    }

    fn not_a_hash(sha256: &str) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidInput, format!("content key {sha256:?} is not a hash"))
    }

    /// The packed bytes of a text, `None` when there is no file for it.
    pub fn read(&self, sha256: &str) -> io::Result<Option<Vec<u8>>> {
        let path = self.path(sha256).ok_or_else(|| Self::not_a_hash(sha256))?;
        match fs::read(path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Whether the text's file is there (a file appears whole, by rename).
    pub fn exists(&self, sha256: &str) -> bool {
        self.path(sha256).is_some_and(|p| p.exists())
    }

    /// Writes a text's file unless it is there already (same hash, same
    /// text). Returns whether it wrote one.
    pub fn write(&self, sha256: &str, packed: &[u8]) -> io::Result<bool> {
        let path = self.path(sha256).ok_or_else(|| Self::not_a_hash(sha256))?;
        if path.exists() {
            return Ok(false);
        }
        let folder = path.parent().expect("a file in a folder");
        fs::create_dir_all(folder)?;
        let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
        let temp = folder.join(format!("{TEMP_PREFIX}{}-{n}", std::process::id()));
        let written = (|| {
            let mut file = fs::File::create(&temp)?;
            file.write_all(packed)?;
            fs::rename(&temp, &path)
        })();
        if written.is_err() {
            let _ = fs::remove_file(&temp);
        }
        written.map(|()| true)
    }

    /// Removes a text's file; one already gone is fine.
    pub fn remove(&self, sha256: &str) -> io::Result<()> {
        let path = self.path(sha256).ok_or_else(|| Self::not_a_hash(sha256))?;
        match fs::remove_file(path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Makes the files written so far durable, before a transaction that
    /// names them: on Linux one `syncfs` of the folder's file system (one
    /// call for a whole chunk of new texts, instead of one `fsync` each);
    /// elsewhere, each file of `written`.
    pub fn make_durable(&self, written: &[&str]) -> io::Result<()> {
        if written.is_empty() {
            return Ok(());
        }
        #[cfg(target_os = "linux")]
        {
            let dir = fs::File::open(&self.dir)?;
            use std::os::fd::AsRawFd;
            // SAFETY: syncfs only reads the descriptor, open for this call.
            if unsafe { libc::syncfs(dir.as_raw_fd()) } != 0 {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        }
        #[cfg(not(target_os = "linux"))]
        {
            for sha in written {
                if let Some(path) = self.path(sha) {
                    fs::File::open(path)?.sync_all()?;
                }
            }
            Ok(())
        }
    }

    /// Removes the temporary files that writes of other processes left (a
    /// process killed between writing a text and renaming it). Only one
    /// process has the store open at a time (sled's lock), so a temporary
    /// file of another process id is a dead one's; this process's own are
    /// left to the writes in flight. Returns how many were removed.
    pub fn remove_leftovers(&self) -> io::Result<usize> {
        let ours = format!("{TEMP_PREFIX}{}-", std::process::id());
        let mut removed = 0;
        self.for_each_file(|file| {
            let name = file.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(TEMP_PREFIX) && !name.starts_with(&ours) {
                match fs::remove_file(file.path()) {
                    Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                    _ => removed += 1,
                }
            }
            Ok(())
        })?;
        Ok(removed)
    }

    /// Bytes of the texts' files on disk.
    pub fn size_on_disk(&self) -> io::Result<u64> {
        let mut total = 0;
        self.for_each_file(|file| {
            total += file.metadata()?.len();
            Ok(())
        })?;
        Ok(total)
    }

    /// Calls `f` on every file of every two-digit folder (none before the
    /// first write).
    fn for_each_file(&self, mut f: impl FnMut(fs::DirEntry) -> io::Result<()>) -> io::Result<()> {
        let folders = match fs::read_dir(&self.dir) {
            Ok(folders) => folders,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        for folder in folders {
            let folder = folder?;
            if folder.file_type()?.is_dir() {
                for file in fs::read_dir(folder.path())? {
                    f(file?)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHA: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    #[test]
    fn writes_once_reads_back_and_removes() {
        let dir = tempfile::tempdir().unwrap();
        let files = ContentFiles::new(dir.path());
        assert_eq!(files.read(SHA).unwrap(), None);
        assert!(files.write(SHA, b"packed").unwrap());
        assert!(!files.write(SHA, b"other").unwrap(), "a hash's file is written once");
        assert_eq!(files.read(SHA).unwrap().as_deref(), Some(b"packed".as_slice()));
        assert!(dir.path().join("contents/9f").join(SHA).is_file());
        files.make_durable(&[SHA]).unwrap();
        assert_eq!(files.size_on_disk().unwrap(), 6);
        files.remove(SHA).unwrap();
        files.remove(SHA).unwrap();
        assert_eq!(files.read(SHA).unwrap(), None);
        // No temporary file is left behind.
        let left: Vec<_> = fs::read_dir(dir.path().join("contents/9f")).unwrap().collect();
        assert!(left.is_empty(), "{left:?}");
    }

    #[test]
    fn leftovers_of_a_dead_process_go_and_texts_stay() {
        let dir = tempfile::tempdir().unwrap();
        let files = ContentFiles::new(dir.path());
        assert_eq!(files.remove_leftovers().unwrap(), 0, "no folder yet");
        files.write(SHA, b"packed").unwrap();
        let folder = dir.path().join("contents/9f");
        std::fs::write(folder.join(".tmp-999999999-3"), b"half").unwrap();
        let ours = folder.join(format!(".tmp-{}-7", std::process::id()));
        std::fs::write(&ours, b"in flight").unwrap();
        assert_eq!(files.remove_leftovers().unwrap(), 1);
        assert!(!folder.join(".tmp-999999999-3").exists());
        assert!(ours.exists(), "this process's own write in flight is left alone");
        assert_eq!(files.read(SHA).unwrap().as_deref(), Some(b"packed".as_slice()));
    }

    #[test]
    fn a_key_that_is_not_a_hash_names_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let files = ContentFiles::new(&dir.path().join("store"));
        for key in ["../../escape", "a/b", "..", "", "x", "é".repeat(4).as_str(), &"a".repeat(129)] {
            assert!(files.write(key, b"x").is_err(), "{key:?}");
            assert!(files.read(key).is_err(), "{key:?}");
            assert!(files.remove(key).is_err(), "{key:?}");
        }
        // Nothing was written anywhere.
        assert!(!dir.path().join("store").exists());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
