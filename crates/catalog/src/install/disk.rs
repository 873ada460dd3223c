//! What an install finds on disk, and the only writes an install makes:
//! one `SKILL.md`, through a temporary file in the same folder and a rename,
//! inside `<agent folder>/<name>/`. Symbolic links planted in the target are
//! refused, never followed; a folder that resolves outside the agent folder
//! is refused before anything is written.

use std::io::Write;
use std::path::{Path, PathBuf};

use skills_guide_engine::analyze::sha256_hex;

pub const SKILL_FILE: &str = "SKILL.md";

/// A skill folder as found in an agent folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OnDisk {
    /// No folder of that name.
    Nothing,
    /// The folder exists without a SKILL.md.
    NoSkillFile,
    /// A SKILL.md, by the hash of its bytes.
    File { sha256: String },
    /// The folder or its SKILL.md is a symbolic link.
    Symlink(PathBuf),
    /// Something that is not a folder holding a file (a file where the
    /// folder should be, a folder named SKILL.md, a device…).
    NotAFile(PathBuf),
}

#[derive(Debug, thiserror::Error)]
pub enum DiskError {
    #[error("{0} is a symbolic link; Skills Guide never writes through one — remove it, then install again")]
    Symlink(PathBuf),
    #[error("{0} is not a regular file or folder; nothing was written")]
    NotAFile(PathBuf),
    #[error("{dir} resolves to {resolved}, outside the agent folder {folder}; nothing was written")]
    Escapes { dir: PathBuf, resolved: PathBuf, folder: PathBuf },
    #[error("the skill's content does not match its verified SHA-256 ({want}, got {got}); nothing was written")]
    HashMismatch { want: String, got: String },
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> DiskError + '_ {
    move |source| DiskError::Io { path: path.to_path_buf(), source }
}

/// Looks at `<folder>/<name>` without following any link in it.
pub fn inspect(dir: &Path) -> Result<OnDisk, DiskError> {
    let meta = match std::fs::symlink_metadata(dir) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(OnDisk::Nothing),
        Err(e) => return Err(io(dir)(e)),
    };
    if meta.file_type().is_symlink() {
        return Ok(OnDisk::Symlink(dir.to_path_buf()));
    }
    if !meta.is_dir() {
        return Ok(OnDisk::NotAFile(dir.to_path_buf()));
    }
    let file = dir.join(SKILL_FILE);
    let meta = match std::fs::symlink_metadata(&file) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(OnDisk::NoSkillFile),
        Err(e) => return Err(io(&file)(e)),
    };
    if meta.file_type().is_symlink() {
        return Ok(OnDisk::Symlink(file));
    }
    if !meta.is_file() {
        return Ok(OnDisk::NotAFile(file));
    }
    let bytes = std::fs::read(&file).map_err(io(&file))?;
    Ok(OnDisk::File { sha256: sha256_hex(&bytes) })
}

/// Writes `bytes` as `<folder>/<name>/SKILL.md`, atomically. `bytes` must
/// hash to `sha256` (the verified version), checked before the write and
/// again on what landed. Returns whether the skill folder was created.
pub fn write_skill(folder: &Path, name: &str, bytes: &[u8], sha256: &str) -> Result<bool, DiskError> {
    let got = sha256_hex(bytes);
    if got != sha256 {
        return Err(DiskError::HashMismatch { want: sha256.to_owned(), got });
    }
    // The agent folder itself may be a link the user made (dotfiles): it is
    // where the user said skills go. Below it, nothing is followed.
    std::fs::create_dir_all(folder).map_err(io(folder))?;
    let dir = folder.join(name);
    let created = match inspect(&dir)? {
        OnDisk::Symlink(p) => return Err(DiskError::Symlink(p)),
        OnDisk::NotAFile(p) => return Err(DiskError::NotAFile(p)),
        OnDisk::Nothing => {
            std::fs::create_dir(&dir).map_err(io(&dir))?;
            true
        }
        OnDisk::NoSkillFile | OnDisk::File { .. } => false,
    };
    let result = write_inside(folder, &dir, bytes, sha256);
    if result.is_err() && created {
        // Leave no empty folder behind a failed install.
        let _ = std::fs::remove_dir(&dir);
    }
    result.map(|()| created)
}

fn write_inside(folder: &Path, dir: &Path, bytes: &[u8], sha256: &str) -> Result<(), DiskError> {
    ensure_inside(folder, dir)?;
    let mut tmp = tempfile::Builder::new().prefix(".SKILL.md.").suffix(".tmp").tempfile_in(dir).map_err(io(dir))?;
    tmp.write_all(bytes).map_err(io(tmp.path()))?;
    tmp.as_file().sync_all().map_err(io(dir))?;
    let file = dir.join(SKILL_FILE);
    // A rename replaces a link planted since `inspect` instead of following it.
    tmp.persist(&file).map_err(|e| DiskError::Io { path: file.clone(), source: e.error })?;
    sync_dir(dir);
    match inspect(dir)? {
        OnDisk::File { sha256: landed } if landed == sha256 => Ok(()),
        OnDisk::File { sha256: landed } => Err(DiskError::HashMismatch { want: sha256.to_owned(), got: landed }),
        OnDisk::Symlink(p) => Err(DiskError::Symlink(p)),
        _ => Err(DiskError::NotAFile(file)),
    }
}

/// The skill folder, resolved, must sit directly in the agent folder, resolved.
fn ensure_inside(folder: &Path, dir: &Path) -> Result<(), DiskError> {
    let resolved_folder = folder.canonicalize().map_err(io(folder))?;
    let resolved = dir.canonicalize().map_err(io(dir))?;
    if resolved.parent() != Some(resolved_folder.as_path()) {
        return Err(DiskError::Escapes { dir: dir.to_path_buf(), resolved, folder: resolved_folder });
    }
    Ok(())
}

/// Makes the rename durable where the platform allows it (best effort: a
/// folder cannot be opened for syncing everywhere).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// What removing an install left in place.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Removed {
    /// The SKILL.md was there and was removed.
    pub file_removed: bool,
    /// The skill folder was empty afterwards and was removed too.
    pub folder_removed: bool,
    /// Files in the skill folder that Skills Guide did not write, left alone.
    pub left: Vec<PathBuf>,
}

/// Removes `<dir>/SKILL.md`, then `<dir>` if nothing else is in it.
pub fn remove_skill(dir: &Path) -> Result<Removed, DiskError> {
    let file = dir.join(SKILL_FILE);
    let file_removed = match std::fs::remove_file(&file) {
        Ok(()) => true,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => return Err(io(&file)(e)),
    };
    let mut left = Vec::new();
    match std::fs::read_dir(dir) {
        Ok(entries) => {
            for e in entries {
                left.push(e.map_err(io(dir))?.path());
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io(dir)(e)),
    }
    left.sort();
    let folder_removed = left.is_empty() && std::fs::remove_dir(dir).is_ok();
    sync_dir(dir.parent().unwrap_or(dir));
    Ok(Removed { file_removed, folder_removed, left })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &[u8] = b"---\nname: x\ndescription: d\n---\n";

    #[test]
    fn writes_the_file_atomically_and_reports_what_it_finds() {
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path().join("skills");
        let sha = sha256_hex(TEXT);
        assert_eq!(inspect(&folder.join("x")).unwrap(), OnDisk::Nothing);
        assert!(write_skill(&folder, "x", TEXT, &sha).unwrap(), "created the folder");
        assert_eq!(std::fs::read(folder.join("x/SKILL.md")).unwrap(), TEXT);
        assert_eq!(inspect(&folder.join("x")).unwrap(), OnDisk::File { sha256: sha.clone() });
        assert!(!write_skill(&folder, "x", TEXT, &sha).unwrap(), "second write reuses the folder");
        let names: Vec<_> = std::fs::read_dir(folder.join("x")).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("SKILL.md")], "no temporary file left");
    }

    #[test]
    fn a_content_that_is_not_the_verified_one_is_never_written() {
        let tmp = tempfile::tempdir().unwrap();
        let err = write_skill(tmp.path(), "x", TEXT, &sha256_hex(b"other")).unwrap_err();
        assert!(matches!(err, DiskError::HashMismatch { .. }), "{err}");
        assert!(!tmp.path().join("x").exists());
    }

    #[cfg(unix)]
    #[test]
    fn planted_symlinks_are_refused_and_nothing_is_written_through_them() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path().join("skills");
        let outside = tmp.path().join("outside");
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        let sha = sha256_hex(TEXT);
        // The skill folder is a link to somewhere else.
        symlink(&outside, folder.join("x")).unwrap();
        assert!(matches!(write_skill(&folder, "x", TEXT, &sha), Err(DiskError::Symlink(_))));
        // The skill folder is real, its SKILL.md links out.
        std::fs::create_dir(folder.join("y")).unwrap();
        symlink(outside.join("victim"), folder.join("y/SKILL.md")).unwrap();
        assert!(matches!(write_skill(&folder, "y", TEXT, &sha), Err(DiskError::Symlink(_))));
        assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 0, "nothing landed outside");
        // A file where the folder should be.
        std::fs::write(folder.join("z"), b"mine").unwrap();
        assert!(matches!(write_skill(&folder, "z", TEXT, &sha), Err(DiskError::NotAFile(_))));
        assert_eq!(std::fs::read(folder.join("z")).unwrap(), b"mine");
    }

    #[test]
    fn removing_leaves_foreign_files_and_their_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path();
        write_skill(folder, "x", TEXT, &sha256_hex(TEXT)).unwrap();
        std::fs::write(folder.join("x/notes.txt"), b"mine").unwrap();
        let r = remove_skill(&folder.join("x")).unwrap();
        assert!(r.file_removed && !r.folder_removed);
        assert_eq!(r.left, vec![folder.join("x/notes.txt")]);
        assert_eq!(std::fs::read(folder.join("x/notes.txt")).unwrap(), b"mine");
        write_skill(folder, "w", TEXT, &sha256_hex(TEXT)).unwrap();
        let r = remove_skill(&folder.join("w")).unwrap();
        assert!(r.file_removed && r.folder_removed && r.left.is_empty());
        assert!(!folder.join("w").exists());
    }
}
