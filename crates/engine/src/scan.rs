//! `scan`: reads SKILL.md files from the local disk (a folder is searched
//! recursively for files named `SKILL.md`) and runs the pure stages over each,
//! with no catalog. Every path given and every file found gets a report, even
//! when it cannot be read; the scan goes on.
//!
//! Files are only read, never run; reading stops at [`ScanOptions::max_bytes`]
//! (the hash still covers the whole file) so a huge file costs bounded memory.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::analyze::{analyze_with_hash, hex};
use crate::freshness::{self, DateSource};
use crate::parse::HeaderState;
use crate::rules::Finding;
use crate::score::{RepoFacts, Score, ScoreDetails};

/// The file name searched for in folders.
pub const SKILL_FILE_NAME: &str = "SKILL.md";

#[derive(Debug, Clone)]
pub struct ScanOptions {
    /// "Now", for freshness (R-SCORE-3).
    pub now_unix: i64,
    /// Bytes of one file read and analyzed; the rest is hashed only.
    pub max_bytes: usize,
    /// Date files by their last commit when they sit in a git work tree.
    pub use_git: bool,
}

impl Default for ScanOptions {
    fn default() -> Self {
        ScanOptions { now_unix: now_unix(), max_bytes: 8 * 1024 * 1024, use_git: true }
    }
}

pub fn now_unix() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// One file's result, with the contract's fields (`scan --json`) and a few more.
#[derive(Debug, Clone, Serialize)]
pub struct ScanReport {
    pub path: String,
    /// `None` when the file could not be read.
    pub sha256: Option<String>,
    pub bytes: u64,
    pub name: Option<String>,
    pub description: Option<String>,
    pub declared_tools: Vec<String>,
    pub score: Score,
    pub admitted: bool,
    pub findings: Vec<Finding>,
    pub errors: Vec<String>,
    // Beyond the contract:
    pub header: HeaderState,
    pub score_details: ScoreDetails,
    /// Where the freshness date came from (`git`, `mtime`), if any.
    pub date_source: Option<DateSource>,
    pub warnings: Vec<String>,
}

/// A path to scan, or why a path could not be walked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Located {
    File(PathBuf),
    Unreadable(PathBuf, String),
}

/// Expands the given paths: a file is taken as it is (whatever its name), a
/// folder is walked (symbolic links followed, loops reported, `.git` skipped)
/// for files named `SKILL.md`, in a stable order.
pub fn locate(paths: &[PathBuf]) -> Vec<Located> {
    let mut out = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Err(e) => out.push(Located::Unreadable(path.clone(), e.to_string())),
            Ok(m) if !m.is_dir() => out.push(Located::File(path.clone())),
            Ok(_) => {
                let walker = walkdir::WalkDir::new(path)
                    .follow_links(true)
                    .sort_by_file_name()
                    .into_iter()
                    .filter_entry(|e| !(e.file_type().is_dir() && e.file_name() == ".git"));
                for entry in walker {
                    match entry {
                        Ok(e) if e.file_type().is_file() && e.file_name() == SKILL_FILE_NAME => {
                            out.push(Located::File(e.into_path()))
                        }
                        Ok(_) => {}
                        Err(e) => {
                            let at = e.path().map(Path::to_path_buf).unwrap_or_else(|| path.clone());
                            let why = if e.loop_ancestor().is_some() {
                                "symbolic link loop".to_owned()
                            } else {
                                e.io_error().map(|io| io.to_string()).unwrap_or_else(|| e.to_string())
                            };
                            out.push(Located::Unreadable(at, why));
                        }
                    }
                }
            }
        }
    }
    out
}

/// Scans every path (see [`locate`]), files in parallel, reports in order.
pub fn scan(paths: &[PathBuf], opts: &ScanOptions) -> Vec<ScanReport> {
    let located = locate(paths);
    let files: Vec<PathBuf> =
        located.iter().filter_map(|l| if let Located::File(p) = l { Some(p.clone()) } else { None }).collect();
    let dates = freshness::local_dates(&files, opts.use_git);
    located
        .par_iter()
        .map(|l| match l {
            Located::File(p) => {
                let date = dates.get(p).copied();
                scan_file(p, opts, date.map(|d| d.unix), date.map(|d| d.source))
            }
            Located::Unreadable(p, why) => unreadable(p, why.clone(), opts),
        })
        .collect()
}

/// Scans one file whose date (R-SCORE-3) the caller already knows.
pub fn scan_file(path: &Path, opts: &ScanOptions, last_change: Option<i64>, source: Option<DateSource>) -> ScanReport {
    let facts = RepoFacts { stars: None, last_commit_unix: last_change, in_awesome: false };
    let (head, sha256, total) = match read_bounded(path, opts.max_bytes) {
        Ok(r) => r,
        Err(e) => return unreadable(path, e.to_string(), opts),
    };
    let a = analyze_with_hash(&head, sha256, total, &facts, opts.now_unix);
    let mut errors = a.parsed.errors.clone();
    if total > head.len() as u64 {
        errors.push(format!(
            "file is {total} bytes: only the first {} bytes were read (the hash covers the whole file)",
            head.len()
        ));
    }
    ScanReport {
        path: display(path),
        sha256: Some(a.sha256),
        bytes: a.bytes,
        name: a.parsed.name.clone(),
        description: a.parsed.description.clone(),
        declared_tools: a.parsed.declared_tools.clone(),
        score: a.score,
        admitted: a.admitted,
        findings: a.rules.findings,
        errors,
        header: a.parsed.header,
        score_details: a.score_details,
        date_source: source,
        warnings: a.warnings,
    }
}

/// A report for a path that could not be read: the score it can still get
/// (nothing for structure, no date), never admitted.
fn unreadable(path: &Path, why: String, opts: &ScanOptions) -> ScanReport {
    let a = analyze_with_hash(b"", String::new(), 0, &RepoFacts::default(), opts.now_unix);
    ScanReport {
        path: display(path),
        sha256: None,
        bytes: 0,
        name: None,
        description: None,
        declared_tools: vec![],
        score: a.score,
        admitted: false,
        findings: vec![],
        errors: vec![format!("cannot read: {why}")],
        header: HeaderState::Missing,
        score_details: a.score_details,
        date_source: None,
        warnings: vec![],
    }
}

/// Reads at most `max` bytes, hashing the whole file. Returns (head, sha256 hex, size).
pub fn read_bounded(path: &Path, max: usize) -> std::io::Result<(Vec<u8>, String, u64)> {
    let mut file = File::open(path)?;
    let mut hasher = Sha256::new();
    let mut head = Vec::with_capacity(file.metadata().map(|m| m.len() as usize).unwrap_or(0).min(max));
    (&mut file).take(max as u64).read_to_end(&mut head)?;
    hasher.update(&head);
    let mut total = head.len() as u64;
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        total += n as u64;
    }
    Ok((head, hex(&hasher.finalize()), total))
}

fn display(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> ScanOptions {
        ScanOptions { now_unix: 1_790_000_000, max_bytes: 1024, use_git: false }
    }

    #[test]
    fn folders_are_walked_for_skill_md_and_every_path_is_accounted_for() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::create_dir_all(root.join("a/.hidden/b")).unwrap();
        std::fs::create_dir_all(root.join(".git/x")).unwrap();
        std::fs::write(root.join("a/SKILL.md"), "---\nname: a\ndescription: d\n---\n").unwrap();
        std::fs::write(root.join("a/.hidden/b/SKILL.md"), "b").unwrap();
        std::fs::write(root.join("a/README.md"), "not a skill").unwrap();
        std::fs::write(root.join(".git/x/SKILL.md"), "inside .git").unwrap();
        let reports = scan(&[root.to_path_buf(), root.join("missing")], &opts());
        let paths: Vec<String> = reports.iter().map(|r| r.path.replace(&*root.to_string_lossy(), "")).collect();
        assert_eq!(paths, ["/a/.hidden/b/SKILL.md", "/a/SKILL.md", "/missing"]);
        assert_eq!(reports[1].name.as_deref(), Some("a"));
        assert!(reports[2].errors[0].starts_with("cannot read:"));
        assert!(!reports[2].admitted && reports[2].sha256.is_none());
    }

    #[test]
    fn a_file_path_is_scanned_whatever_its_name() {
        let tmp = tempfile::tempdir().unwrap();
        let f = tmp.path().join("other.md");
        std::fs::write(&f, "x").unwrap();
        let r = scan(&[f], &opts());
        assert_eq!(r.len(), 1);
        assert!(r[0].errors.is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn symlink_loops_are_reported_not_followed_forever() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::create_dir_all(root.join("s")).unwrap();
        std::fs::write(root.join("s/SKILL.md"), "x").unwrap();
        std::os::unix::fs::symlink(root, root.join("s/loop")).unwrap();
        let reports = scan(&[root.to_path_buf()], &opts());
        assert_eq!(reports.iter().filter(|r| r.errors.is_empty()).count(), 1);
        assert!(reports.iter().any(|r| r.errors.iter().any(|e| e.contains("loop"))), "{reports:?}");
    }

    #[test]
    fn big_files_are_read_up_to_the_limit_and_hashed_whole() {
        let tmp = tempfile::tempdir().unwrap();
        let f = tmp.path().join("SKILL.md");
        let body = "a".repeat(5000);
        std::fs::write(&f, &body).unwrap();
        let r = &scan(&[f], &opts())[0];
        assert_eq!(r.bytes, 5000);
        assert_eq!(r.sha256.as_deref(), Some(crate::analyze::sha256_hex(body.as_bytes()).as_str()));
        assert!(r.errors.iter().any(|e| e.contains("only the first 1024 bytes")), "{:?}", r.errors);
    }

    #[test]
    fn binary_and_invalid_utf8_files_get_a_report_with_warnings() {
        let tmp = tempfile::tempdir().unwrap();
        let f = tmp.path().join("SKILL.md");
        std::fs::write(&f, b"\x00\x01\xff\xfe---\nname").unwrap();
        let r = &scan(&[f], &opts())[0];
        assert!(r.warnings.iter().any(|w| w.contains("NUL")));
        assert!(r.warnings.iter().any(|w| w.contains("invalid UTF-8")));
    }

    #[test]
    fn r_score_3_a_local_file_is_dated_by_its_modification_time() {
        let tmp = tempfile::tempdir().unwrap();
        let f = tmp.path().join("SKILL.md");
        std::fs::write(&f, "x").unwrap();
        let o = ScanOptions { now_unix: now_unix(), ..opts() };
        let r = &scan(&[f], &o)[0];
        assert_eq!(r.date_source, Some(DateSource::Mtime));
        assert_eq!(r.score.freshness, 20);
        assert_eq!(r.score.reputation, 15, "R-SCORE-2: no repository");
    }
}
