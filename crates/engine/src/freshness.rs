//! When a local SKILL.md last changed, for R-SCORE-3: the date of the last
//! commit touching it when it sits in a git work tree, else the file's
//! modification time.
//!
//! This module runs `git log` (one process per work tree, never one per file)
//! and reads its output; it never runs anything from the scanned folder.
//! A hostile repository's config cannot make that `git log` run a program:
//! the options below switch off the fsmonitor hook, hooks, the pager and
//! external diff/textconv drivers, and `--name-only` needs no diff driver.

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::UNIX_EPOCH;

use serde::Serialize;

/// Where a date came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DateSource {
    Git,
    Mtime,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LocalDate {
    pub unix: i64,
    pub source: DateSource,
}

/// Dates for many files at once: one `git log` per work tree they sit in.
/// Files in no work tree, untracked, or when git is missing get their mtime;
/// files that cannot be read at all are left out.
pub fn local_dates(files: &[PathBuf], use_git: bool) -> HashMap<PathBuf, LocalDate> {
    let mut out = HashMap::with_capacity(files.len());
    if use_git {
        let mut by_root: HashMap<PathBuf, Vec<(PathBuf, PathBuf)>> = HashMap::new();
        let mut root_of_dir: HashMap<PathBuf, Option<PathBuf>> = HashMap::new();
        for file in files {
            let Ok(abs) = std::fs::canonicalize(file) else { continue };
            let Some(dir) = abs.parent() else { continue };
            let root = root_of_dir.entry(dir.to_path_buf()).or_insert_with(|| git_root(dir)).clone();
            if let Some(root) = root {
                if let Ok(rel) = abs.strip_prefix(&root) {
                    by_root.entry(root.clone()).or_default().push((file.clone(), rel.to_path_buf()));
                }
            }
        }
        for (root, wanted) in by_root {
            let rels: HashSet<PathBuf> = wanted.iter().map(|(_, rel)| rel.clone()).collect();
            let times = last_commit_times(&root, &rels);
            for (file, rel) in wanted {
                if let Some(t) = times.get(&rel) {
                    out.insert(file, LocalDate { unix: *t, source: DateSource::Git });
                }
            }
        }
    }
    for file in files {
        if !out.contains_key(file) {
            if let Some(unix) = mtime(file) {
                out.insert(file.clone(), LocalDate { unix, source: DateSource::Mtime });
            }
        }
    }
    out
}

/// The modification time of a file, in Unix seconds.
pub fn mtime(path: &Path) -> Option<i64> {
    let modified = std::fs::metadata(path).ok()?.modified().ok()?;
    match modified.duration_since(UNIX_EPOCH) {
        Ok(d) => i64::try_from(d.as_secs()).ok(),
        Err(e) => i64::try_from(e.duration().as_secs()).ok().map(|s| -s),
    }
}

/// The top of the git work tree holding `dir` (a folder with a `.git` entry).
pub fn git_root(dir: &Path) -> Option<PathBuf> {
    dir.ancestors().find(|a| a.join(".git").exists()).map(Path::to_path_buf)
}

/// The last commit time of each wanted path (relative to `root`), reading
/// `git log` newest first and stopping as soon as every wanted path is seen.
pub fn last_commit_times(root: &Path, wanted: &HashSet<PathBuf>) -> HashMap<PathBuf, i64> {
    let mut found = HashMap::new();
    let child = Command::new("git")
        .arg("-C")
        .arg(root)
        .args([
            "-c",
            "core.fsmonitor=false",
            "-c",
            "core.hooksPath=/dev/null",
            "-c",
            "core.quotePath=false",
            "--no-pager",
            "log",
            "--no-ext-diff",
            "--no-textconv",
            "--no-renames",
            "--name-only",
            "-z",
            "--format=%x01%ct",
        ])
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("GIT_OPTIONAL_LOCKS", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else {
        tracing::debug!("git is not available: local dates fall back to file times");
        return found;
    };
    if let Some(stdout) = child.stdout.take() {
        let mut current: Option<i64> = None;
        for token in BufReader::new(stdout).split(0) {
            let Ok(token) = token else { break };
            if let Some(ts) = token.strip_prefix(b"\x01") {
                current = std::str::from_utf8(ts).ok().and_then(|s| s.trim().parse().ok());
                continue;
            }
            let name = token.strip_prefix(b"\n").unwrap_or(&token);
            if name.is_empty() {
                continue;
            }
            let (Some(t), Ok(name)) = (current, std::str::from_utf8(name)) else { continue };
            let rel = PathBuf::from(name);
            if wanted.contains(&rel) && !found.contains_key(&rel) {
                found.insert(rel, t);
                if found.len() == wanted.len() {
                    break;
                }
            }
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn git(dir: &Path, args: &[&str], when: &str) -> bool {
        Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(["-c", "user.email=t@example.invalid", "-c", "user.name=t", "-c", "commit.gpgsign=false"])
            .args(args)
            .env("GIT_AUTHOR_DATE", when)
            .env("GIT_COMMITTER_DATE", when)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }

    #[test]
    fn r_score_3_local_file_in_a_work_tree_takes_its_last_commit_date() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        if !git(root, &["init", "-q"], "2026-01-01T00:00:00Z") {
            eprintln!("git is not installed: skipping");
            return;
        }
        std::fs::create_dir_all(root.join("a b")).unwrap();
        std::fs::write(root.join("a b/SKILL.md"), "one").unwrap();
        std::fs::write(root.join("other.md"), "x").unwrap();
        assert!(git(root, &["add", "-A"], "2026-01-01T00:00:00Z"));
        assert!(git(root, &["commit", "-qm", "one"], "2026-01-01T00:00:00Z"));
        std::fs::write(root.join("other.md"), "y").unwrap();
        assert!(git(root, &["commit", "-qam", "two"], "2026-03-01T00:00:00Z"));
        std::fs::write(root.join("untracked.md"), "z").unwrap();

        let files = vec![root.join("a b/SKILL.md"), root.join("other.md"), root.join("untracked.md")];
        let dates = local_dates(&files, true);
        assert_eq!(dates[&files[0]], LocalDate { unix: 1_767_225_600, source: DateSource::Git });
        assert_eq!(dates[&files[1]], LocalDate { unix: 1_772_323_200, source: DateSource::Git });
        assert_eq!(dates[&files[2]].source, DateSource::Mtime);
        let no_git = local_dates(&files, false);
        assert!(no_git.values().all(|d| d.source == DateSource::Mtime));
    }

    #[test]
    fn files_outside_any_work_tree_use_mtime_and_missing_files_are_left_out() {
        let tmp = tempfile::tempdir().unwrap();
        let f = tmp.path().join("SKILL.md");
        std::fs::write(&f, "x").unwrap();
        let missing = tmp.path().join("nope.md");
        let dates = local_dates(&[f.clone(), missing.clone()], true);
        if git_root(tmp.path()).is_none() {
            assert_eq!(dates[&f].source, DateSource::Mtime);
        }
        assert!(!dates.contains_key(&missing));
    }
}
