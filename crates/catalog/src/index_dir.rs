//! The search index's folder: tantivy's memory-mapped directory, except for
//! the document stores (`*.store`), which are read with positioned reads.
//!
//! A search loads its page's stored documents (id, listing, description):
//! through a mapping, each block it reads maps the pages around it into the
//! process (the kernel maps a fault's neighbours too), and those pages count
//! as the app's memory for as long as the mapping lives. Measured in the
//! desktop app at 100,000 skills, a typing session left 15 MB of the stores
//! mapped. Read with `pread`, a block costs a buffer that tantivy decompresses
//! (and caches, bounded) and lets go. Postings, term dictionaries and fast
//! fields, read on every search, stay mapped.

use std::fs::File;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tantivy::directory::error::{DeleteError, LockError, OpenDirectoryError, OpenReadError, OpenWriteError};
use tantivy::directory::{
    Directory, DirectoryLock, FileHandle, Lock, MmapDirectory, OwnedBytes, WatchCallback, WatchHandle, WritePtr,
};
use tantivy::HasLen;

/// The extension of tantivy's document store files.
const STORE_EXTENSION: &str = "store";

#[derive(Clone, Debug)]
pub struct IndexDir {
    root: PathBuf,
    mapped: MmapDirectory,
}

impl IndexDir {
    pub fn open(dir: &Path) -> Result<IndexDir, OpenDirectoryError> {
        Ok(IndexDir { root: dir.to_path_buf(), mapped: MmapDirectory::open(dir)? })
    }
}

/// A file read with positioned reads, its length taken at open (tantivy's
/// files never change once written).
#[derive(Debug)]
struct ReadFile {
    file: File,
    len: usize,
}

impl HasLen for ReadFile {
    fn len(&self) -> usize {
        self.len
    }
}

impl FileHandle for ReadFile {
    fn read_bytes(&self, range: Range<usize>) -> io::Result<OwnedBytes> {
        if range.start > range.end || range.end > self.len {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("read of {range:?} past a file of {} bytes", self.len),
            ));
        }
        let mut buffer = vec![0; range.len()];
        read_exact_at(&self.file, &mut buffer, range.start as u64)?;
        Ok(OwnedBytes::new(buffer))
    }
}

#[cfg(unix)]
fn read_exact_at(file: &File, buffer: &mut [u8], at: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buffer, at)
}

#[cfg(windows)]
fn read_exact_at(file: &File, mut buffer: &mut [u8], mut at: u64) -> io::Result<()> {
    while !buffer.is_empty() {
        match std::os::windows::fs::FileExt::seek_read(file, buffer, at) {
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => {
                buffer = &mut buffer[n..];
                at += n as u64;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

impl Directory for IndexDir {
    fn get_file_handle(&self, path: &Path) -> Result<Arc<dyn FileHandle>, OpenReadError> {
        if path.extension().is_none_or(|e| e != STORE_EXTENSION) {
            return self.mapped.get_file_handle(path);
        }
        let full = self.root.join(path);
        let file = File::open(&full).map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => OpenReadError::FileDoesNotExist(path.to_path_buf()),
            _ => OpenReadError::wrap_io_error(e, full.clone()),
        })?;
        let len = file.metadata().map_err(|e| OpenReadError::wrap_io_error(e, full.clone()))?.len();
        let len = usize::try_from(len)
            .map_err(|e| OpenReadError::wrap_io_error(io::Error::new(io::ErrorKind::InvalidData, e), full))?;
        Ok(Arc::new(ReadFile { file, len }))
    }

    fn delete(&self, path: &Path) -> Result<(), DeleteError> {
        self.mapped.delete(path)
    }

    fn exists(&self, path: &Path) -> Result<bool, OpenReadError> {
        self.mapped.exists(path)
    }

    fn open_write(&self, path: &Path) -> Result<WritePtr, OpenWriteError> {
        self.mapped.open_write(path)
    }

    fn atomic_read(&self, path: &Path) -> Result<Vec<u8>, OpenReadError> {
        self.mapped.atomic_read(path)
    }

    fn atomic_write(&self, path: &Path, data: &[u8]) -> io::Result<()> {
        self.mapped.atomic_write(path, data)
    }

    fn sync_directory(&self) -> io::Result<()> {
        self.mapped.sync_directory()
    }

    fn acquire_lock(&self, lock: &Lock) -> Result<DirectoryLock, LockError> {
        self.mapped.acquire_lock(lock)
    }

    fn watch(&self, watch_callback: WatchCallback) -> tantivy::Result<WatchHandle> {
        self.mapped.watch(watch_callback)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_store_file_is_read_with_positioned_reads_and_bounds_are_checked() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("seg.store"), b"0123456789").unwrap();
        std::fs::write(tmp.path().join("seg.idx"), b"abcdef").unwrap();
        let dir = IndexDir::open(tmp.path()).unwrap();
        let store = dir.get_file_handle(Path::new("seg.store")).unwrap();
        assert_eq!(store.len(), 10);
        assert_eq!(store.read_bytes(2..5).unwrap().as_slice(), b"234");
        assert_eq!(store.read_bytes(10..10).unwrap().as_slice(), b"");
        assert!(store.read_bytes(5..11).is_err(), "past the end is an error, not a panic");
        assert!(format!("{store:?}").contains("ReadFile"));
        let mapped = dir.get_file_handle(Path::new("seg.idx")).unwrap();
        assert_eq!(mapped.read_bytes(0..3).unwrap().as_slice(), b"abc");
        assert!(matches!(dir.get_file_handle(Path::new("gone.store")), Err(OpenReadError::FileDoesNotExist(_))));
    }
}
