//! What `scan` says about each finding beyond the engine's report: its
//! severity, where its file is relative to the project, a fingerprint that
//! stays the same when lines move, and whether a reviewer accepted it
//! (`scan_accept`). Every output format of `scan` prints this one review, so
//! they cannot disagree on what is accepted or what sets the exit status.

use std::path::{Component, Path, PathBuf};

use skills_guide_engine::analyze::sha256_hex;
use skills_guide_engine::rules::{Finding, RuleId, Severity};
use skills_guide_engine::scan::ScanReport;

use crate::scan_accept::{Acceptances, Entry};

/// One finding, reviewed.
#[derive(Debug)]
pub struct Reviewed<'a> {
    pub finding: &'a Finding,
    pub severity: Severity,
    /// See [`fingerprint`].
    pub fingerprint: String,
    /// The accepted-findings entry that accepts it, if one does.
    pub accepted: Option<&'a Entry>,
}

/// One scanned file with its reviewed findings.
#[derive(Debug)]
pub struct ReviewedFile<'a> {
    pub report: &'a ScanReport,
    /// The file relative to the project root, `/`-separated, when it is under
    /// it; else its absolute path.
    pub file: String,
    /// Whether [`Self::file`] is relative to the project root.
    pub under_root: bool,
    pub findings: Vec<Reviewed<'a>>,
}

/// The whole scan, reviewed.
#[derive(Debug)]
pub struct Review<'a> {
    /// The folder relative paths are relative to: the accepted-findings
    /// file's folder, else the git work tree's root, else the current folder.
    pub root: PathBuf,
    pub files: Vec<ReviewedFile<'a>>,
    /// Entries of the accepted-findings file that matched nothing.
    pub stale: Vec<&'a Entry>,
}

impl Review<'_> {
    /// Findings that are not accepted and at or above `threshold` (`None`:
    /// nothing fails).
    pub fn blocking(&self, threshold: Option<Severity>) -> usize {
        let Some(t) = threshold else { return 0 };
        self.files.iter().flat_map(|f| &f.findings).filter(|r| r.accepted.is_none() && r.severity >= t).count()
    }

    pub fn unreadable(&self) -> usize {
        self.files.iter().filter(|f| f.report.sha256.is_none()).count()
    }
}

/// Reviews `reports`, scanned from `cwd`, against `accept`.
pub fn review<'a>(reports: &'a [ScanReport], accept: Option<&'a Acceptances>, cwd: &Path, root: &Path) -> Review<'a> {
    let mut used = Vec::new();
    let files: Vec<ReviewedFile<'a>> = reports
        .iter()
        .map(|report| {
            let abs = lexical_absolute(cwd, Path::new(&report.path));
            let (file, under_root) = match abs.strip_prefix(root) {
                Ok(rel) if rel.components().next().is_some() => (slash_path(rel), true),
                _ => (abs.to_string_lossy().into_owned(), false),
            };
            let fingerprints = fingerprints(&file, &report.findings);
            let findings = report
                .findings
                .iter()
                .zip(fingerprints)
                .map(|(finding, fingerprint)| {
                    let accepted = accept
                        .filter(|_| under_root)
                        .and_then(|a| a.matching(finding.rule, &file, finding.line, &fingerprint));
                    if let Some(e) = accepted {
                        used.push(e.number);
                    }
                    Reviewed { finding, severity: finding.rule.severity(), fingerprint, accepted }
                })
                .collect();
            ReviewedFile { report, file, under_root, findings }
        })
        .collect();
    let scanned: Vec<&str> = files.iter().filter(|f| f.under_root).map(|f| f.file.as_str()).collect();
    let stale = accept.map(|a| a.stale(&scanned, &used)).unwrap_or_default();
    Review { root: root.to_path_buf(), files, stale }
}

/// Each finding's fingerprint: the SHA-256 (first 32 hex digits) of its rule,
/// its file, its excerpt with runs of white space made one space, and how
/// many findings of the same rule and excerpt come before it in the file.
/// The line number is left out on purpose, so that the fingerprint survives
/// lines added above the finding; two identical lines stay distinct by
/// their order.
pub fn fingerprints(file: &str, findings: &[Finding]) -> Vec<String> {
    let mut seen: Vec<(RuleId, String)> = Vec::new();
    findings
        .iter()
        .map(|f| {
            let excerpt = f.excerpt.split_whitespace().collect::<Vec<_>>().join(" ");
            let nth = seen.iter().filter(|(r, e)| *r == f.rule && *e == excerpt).count();
            let digest = sha256_hex(format!("v1\0{}\0{file}\0{excerpt}\0{nth}", f.rule.as_str()).as_bytes());
            seen.push((f.rule, excerpt));
            digest[..32].to_owned()
        })
        .collect()
}

/// `p` made absolute against `cwd`, with `.` and `..` resolved by name (not
/// through the file system, so a link in the path is not followed).
pub fn lexical_absolute(cwd: &Path, p: &Path) -> PathBuf {
    let joined = if p.is_absolute() { p.to_path_buf() } else { cwd.join(p) };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

fn slash_path(rel: &Path) -> String {
    rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(rule: RuleId, line: usize, excerpt: &str) -> Finding {
        Finding { rule, line, excerpt: excerpt.to_owned() }
    }

    #[test]
    fn fingerprints_survive_moved_lines_and_keep_identical_lines_apart() {
        let a = [finding(RuleId::DownloadExec, 3, "curl x | sh"), finding(RuleId::DownloadExec, 9, "curl x  |  sh")];
        let moved =
            [finding(RuleId::DownloadExec, 30, "curl x | sh"), finding(RuleId::DownloadExec, 90, "curl x | sh")];
        let fa = fingerprints("s/SKILL.md", &a);
        assert_eq!(fa, fingerprints("s/SKILL.md", &moved), "line numbers and spacing do not count");
        assert_ne!(fa[0], fa[1], "the second identical line is another finding");
        assert_ne!(fa, fingerprints("t/SKILL.md", &a), "the file counts");
        let other_rule = [finding(RuleId::WipeCommand, 3, "curl x | sh")];
        assert_ne!(fa[0], fingerprints("s/SKILL.md", &other_rule)[0]);
        assert_eq!(fa[0].len(), 32);
    }

    #[test]
    fn paths_are_resolved_by_name() {
        let cwd = Path::new("/repo/sub");
        assert_eq!(lexical_absolute(cwd, Path::new("../a/./b")), PathBuf::from("/repo/a/b"));
        assert_eq!(lexical_absolute(cwd, Path::new("/x/y")), PathBuf::from("/x/y"));
    }
}
