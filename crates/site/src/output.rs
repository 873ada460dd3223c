//! Writing the site in one step. Every page is written into a staging folder
//! beside the chosen one; only when all of it is written does the staging
//! folder take the chosen folder's place. A failed or interrupted export
//! leaves the previous site as it was (a half-written site never replaces a
//! good one).
//!
//! It must never replace a folder that is not a site it wrote: the chosen
//! folder must be new, empty, or hold the marker file an earlier export left.
//! And a run that would change nothing changes nothing: when every staged
//! file equals the one already there, the staging folder is dropped and the
//! old site is left untouched (same files, same times). When some pages did
//! change, the unchanged ones keep their old modification time, so tools
//! that upload by size and time (static hosts, CDNs) send only what changed.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use crate::SiteError;

/// The file that marks a folder as a site written by `export-site`.
pub const MARKER: &str = ".skills-guide-site";

/// What committing the staged site did.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Outcome {
    /// Files in the new site.
    pub files: usize,
    /// Files new or different from the previous site's.
    pub changed: usize,
    /// Files of the previous site that the new one no longer has.
    pub removed: usize,
}

impl Outcome {
    pub fn unchanged(&self) -> bool {
        self.changed == 0 && self.removed == 0
    }
}

/// A site being written. Dropped without [`Staging::commit`], it leaves
/// nothing behind.
pub struct Staging {
    target: PathBuf,
    staging: tempfile::TempDir,
    written: BTreeSet<String>,
}

impl Staging {
    /// Checks that `target` may receive a site, and makes the staging folder
    /// beside it.
    pub fn new(target: &Path) -> Result<Staging, SiteError> {
        let target = resolve_target(target)?;
        match fs::read_dir(&target) {
            Ok(mut entries) => {
                let empty = entries.next().is_none();
                if !empty && !target.join(MARKER).is_file() {
                    return Err(SiteError::NotASite(target));
                }
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) if e.kind() == io::ErrorKind::NotADirectory => return Err(SiteError::NotAFolder(target)),
            Err(e) => return Err(io_error(&target, e)),
        }
        let parent = target.parent().ok_or_else(|| SiteError::NotAFolder(target.clone()))?;
        fs::create_dir_all(parent).map_err(|e| io_error(parent, e))?;
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let staging = tempfile::Builder::new()
            .prefix(&format!(".{name}.export-"))
            .tempdir_in(parent)
            .map_err(|e| io_error(parent, e))?;
        readable_by_all(staging.path())?;
        Ok(Staging { target, staging, written: BTreeSet::new() })
    }

    /// The folder the site will be in once committed.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Writes one file of the site. `rel` is made by the exporter, never by
    /// a skill: a plain relative path with `/` separators.
    pub fn write(&mut self, rel: &str, bytes: &[u8]) -> Result<(), SiteError> {
        let plain = !rel.is_empty()
            && Path::new(rel).components().all(|c| matches!(c, Component::Normal(_)))
            && !rel.contains('\\');
        if !plain {
            return Err(SiteError::BadPath(rel.to_owned()));
        }
        let path = self.staging.path().join(rel);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
        }
        fs::write(&path, bytes).map_err(|e| io_error(&path, e))?;
        self.written.insert(rel.to_owned());
        Ok(())
    }

    /// Puts the staged site in place of the old one, unless nothing changed.
    pub fn commit(self) -> Result<Outcome, SiteError> {
        let mut outcome = Outcome { files: self.written.len(), ..Outcome::default() };
        for rel in &self.written {
            let new = self.staging.path().join(rel);
            let old = self.target.join(rel);
            if same_bytes(&new, &old) {
                keep_time(&old, &new)?;
            } else {
                outcome.changed += 1;
            }
        }
        outcome.removed = files_under(&self.target)?.iter().filter(|rel| !self.written.contains(*rel)).count();
        if outcome.unchanged() {
            return Ok(outcome); // the staging folder goes with `self`
        }
        let staged = self.staging.keep();
        if let Err(e) = swap_in(&staged, &self.target) {
            let _ = fs::remove_dir_all(&staged);
            return Err(e);
        }
        Ok(outcome)
    }
}

/// The folder to write: a symlink to a folder is followed (the site goes
/// where it points, and the link stays).
fn resolve_target(target: &Path) -> Result<PathBuf, SiteError> {
    let absolute = std::path::absolute(target).map_err(|e| io_error(target, e))?;
    if absolute.file_name().is_none() {
        return Err(SiteError::NotAFolder(absolute));
    }
    match fs::symlink_metadata(&absolute) {
        Ok(meta) if meta.file_type().is_symlink() => fs::canonicalize(&absolute).map_err(|e| io_error(&absolute, e)),
        _ => Ok(absolute),
    }
}

/// Moves the old site aside, the new one in, then removes the old one. If
/// the new one cannot go in, the old one is put back.
fn swap_in(staged: &Path, target: &Path) -> Result<(), SiteError> {
    if !target.exists() {
        return fs::rename(staged, target).map_err(|e| io_error(target, e));
    }
    let parent = target.parent().ok_or_else(|| SiteError::NotAFolder(target.to_owned()))?;
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let aside = tempfile::Builder::new()
        .prefix(&format!(".{name}.previous-"))
        .tempdir_in(parent)
        .map_err(|e| io_error(parent, e))?
        .keep();
    // The placeholder folder made the name unique; the old site takes it.
    fs::remove_dir(&aside).map_err(|e| io_error(&aside, e))?;
    fs::rename(target, &aside).map_err(|e| io_error(target, e))?;
    if let Err(e) = fs::rename(staged, target) {
        let _ = fs::rename(&aside, target);
        return Err(io_error(target, e));
    }
    fs::remove_dir_all(&aside).map_err(|e| io_error(&aside, e))
}

fn same_bytes(a: &Path, b: &Path) -> bool {
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(ma), Ok(mb)) if ma.len() == mb.len() && mb.is_file() => {
            matches!((fs::read(a), fs::read(b)), (Ok(x), Ok(y)) if x == y)
        }
        _ => false,
    }
}

/// Gives `new` the modification time of the identical `old`.
fn keep_time(old: &Path, new: &Path) -> Result<(), SiteError> {
    let modified = fs::metadata(old).and_then(|m| m.modified()).map_err(|e| io_error(old, e))?;
    let file = fs::File::options().write(true).open(new).map_err(|e| io_error(new, e))?;
    file.set_modified(modified).map_err(|e| io_error(new, e))
}

/// Every file under `root`, as relative `/` paths; none when it does not exist.
fn files_under(root: &Path) -> Result<Vec<String>, SiteError> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let dir = root.join(&rel);
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(io_error(&dir, e)),
        };
        for entry in entries {
            let entry = entry.map_err(|e| io_error(&dir, e))?;
            let child = rel.join(entry.file_name());
            let kind = entry.file_type().map_err(|e| io_error(&dir, e))?;
            if kind.is_dir() {
                stack.push(child);
            } else {
                out.push(child.to_string_lossy().replace(std::path::MAIN_SEPARATOR, "/"));
            }
        }
    }
    Ok(out)
}

/// A temporary folder is private (0700); a site is for a web server to read.
fn readable_by_all(dir: &Path) -> Result<(), SiteError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o755)).map_err(|e| io_error(dir, e))?;
    }
    Ok(())
}

pub(crate) fn io_error(path: &Path, source: io::Error) -> SiteError {
    SiteError::Io { path: path.to_owned(), source }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(dir: &Path, files: &[(&str, &str)]) -> Outcome {
        let mut staging = Staging::new(dir).unwrap();
        staging.write(MARKER, b"1").unwrap();
        for (rel, text) in files {
            staging.write(rel, text.as_bytes()).unwrap();
        }
        staging.commit().unwrap()
    }

    fn leftovers(parent: &Path) -> Vec<String> {
        fs::read_dir(parent)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with('.'))
            .collect()
    }

    #[test]
    fn a_new_folder_receives_the_site_and_nothing_is_left_beside_it() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("site");
        let outcome = site(&dir, &[("index.html", "home"), ("skills/a.html", "a")]);
        assert_eq!(outcome, Outcome { files: 3, changed: 3, removed: 0 });
        assert_eq!(fs::read_to_string(dir.join("skills/a.html")).unwrap(), "a");
        assert!(leftovers(tmp.path()).is_empty(), "{:?}", leftovers(tmp.path()));
    }

    #[test]
    fn the_same_site_again_touches_no_file() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("site");
        site(&dir, &[("index.html", "home"), ("skills/a.html", "a")]);
        let old_time = fs::metadata(dir.join("skills/a.html")).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        let outcome = site(&dir, &[("index.html", "home"), ("skills/a.html", "a")]);
        assert!(outcome.unchanged(), "{outcome:?}");
        assert_eq!(fs::metadata(dir.join("skills/a.html")).unwrap().modified().unwrap(), old_time);
        assert!(leftovers(tmp.path()).is_empty());
    }

    #[test]
    fn a_changed_site_replaces_the_old_one_whole_and_unchanged_files_keep_their_time() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("site");
        site(&dir, &[("index.html", "home"), ("skills/a.html", "a"), ("skills/gone.html", "x")]);
        let old_time = fs::metadata(dir.join("skills/a.html")).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        let outcome = site(&dir, &[("index.html", "home v2"), ("skills/a.html", "a")]);
        assert_eq!(outcome, Outcome { files: 3, changed: 1, removed: 1 });
        assert_eq!(fs::read_to_string(dir.join("index.html")).unwrap(), "home v2");
        assert!(!dir.join("skills/gone.html").exists());
        assert_eq!(fs::metadata(dir.join("skills/a.html")).unwrap().modified().unwrap(), old_time);
        assert!(leftovers(tmp.path()).is_empty(), "{:?}", leftovers(tmp.path()));
    }

    #[test]
    fn a_folder_that_is_not_a_site_is_never_replaced() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("home");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("thesis.tex"), "years of work").unwrap();
        assert!(matches!(Staging::new(&dir), Err(SiteError::NotASite(_))));
        assert_eq!(fs::read_to_string(dir.join("thesis.tex")).unwrap(), "years of work");
        let file = tmp.path().join("file");
        fs::write(&file, "x").unwrap();
        assert!(matches!(Staging::new(&file), Err(SiteError::NotAFolder(_))));
    }

    #[test]
    fn an_export_dropped_half_way_leaves_the_old_site_and_no_staging_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("site");
        site(&dir, &[("index.html", "good")]);
        {
            let mut staging = Staging::new(&dir).unwrap();
            staging.write("index.html", b"half").unwrap();
            // dropped: an error happened before commit
        }
        assert_eq!(fs::read_to_string(dir.join("index.html")).unwrap(), "good");
        assert!(leftovers(tmp.path()).is_empty());
    }

    #[test]
    fn paths_that_could_leave_the_site_are_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let mut staging = Staging::new(&tmp.path().join("site")).unwrap();
        for bad in ["../x.html", "/etc/x", "a/../../x", "", "a\\..\\x"] {
            assert!(matches!(staging.write(bad, b"x"), Err(SiteError::BadPath(_))), "{bad}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_folder_receives_the_site_where_it_points_and_stays_a_link() {
        let tmp = tempfile::tempdir().unwrap();
        let real = tmp.path().join("real");
        fs::create_dir_all(&real).unwrap();
        let link = tmp.path().join("link");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        site(&link, &[("index.html", "home")]);
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(real.join("index.html")).unwrap(), "home");
    }
}
