//! What `scan` says about each finding beyond the engine's report: its
//! severity, where its file is relative to the project, a fingerprint that
//! stays the same when lines move, and whether a reviewer accepted it
//! (`scan_accept`). Every output format of `scan` prints this one review, so
//! they cannot disagree on what is accepted or what sets the exit status.

use std::path::{Component, Path, PathBuf};

use skills_guide_engine::analyze::sha256_hex;
use skills_guide_engine::rules::{Finding, RuleId, Severity};
use skills_guide_engine::scan::{ScanReport, SKILL_FILE_NAME};

use crate::scan_accept::{Acceptances, Entry};

/// One finding, reviewed.
#[derive(Debug)]
pub struct Reviewed<'a> {
    pub finding: &'a Finding,
    /// The file it is in, as [`Located`] says where (a script of the skill
    /// folder, or its SKILL.md).
    pub at: Located,
    pub severity: Severity,
    /// See [`fingerprints`].
    pub fingerprint: String,
    /// The accepted-findings entry that accepts it, if one does.
    pub accepted: Option<&'a Entry>,
}

/// Where a file is: as the user named it (for people) and relative to the
/// project root (for SARIF, fingerprints and accepted findings).
#[derive(Debug, Clone)]
pub struct Located {
    /// The path as the scan printed it (the report's folder joined with the
    /// file's path in the skill).
    pub shown: String,
    /// Relative to the project root, `/`-separated, when it is under it;
    /// else its absolute path.
    pub file: String,
    /// Whether [`Self::file`] is relative to the project root.
    pub under_root: bool,
}

/// One scanned skill (or lone file) with its reviewed findings.
#[derive(Debug)]
pub struct ReviewedFile<'a> {
    pub report: &'a ScanReport,
    /// Where its SKILL.md (or the lone file) is.
    pub at: Located,
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
    let mut scanned: Vec<String> = Vec::new();
    let files: Vec<ReviewedFile<'a>> = reports
        .iter()
        .map(|report| {
            let at = locate(cwd, root, &report.path, None);
            // Every file of a skill folder was scanned: an accepted finding
            // naming any of them is judged (stale or not).
            scanned.push(at.file.clone());
            for f in report.files.iter().filter(|f| f.path != SKILL_FILE_NAME) {
                scanned.push(locate(cwd, root, &report.path, Some(&f.path)).file);
            }
            let places: Vec<Located> =
                report.findings.iter().map(|f| locate(cwd, root, &report.path, f.file.as_deref())).collect();
            let keyed: Vec<(&Finding, &str)> =
                report.findings.iter().zip(&places).map(|(f, at)| (f, at.file.as_str())).collect();
            let fingerprints = fingerprints(&keyed);
            let findings = report
                .findings
                .iter()
                .zip(places)
                .zip(fingerprints)
                .map(|((finding, at), fingerprint)| {
                    let accepted = accept
                        .filter(|_| at.under_root)
                        .and_then(|a| a.matching(finding.rule, &at.file, finding.line, &fingerprint));
                    if let Some(e) = accepted {
                        used.push(e.number);
                    }
                    Reviewed { finding, at, severity: finding.severity(), fingerprint, accepted }
                })
                .collect();
            ReviewedFile { report, at, findings }
        })
        .collect();
    let scanned: Vec<&str> = scanned.iter().map(String::as_str).collect();
    let stale = accept.map(|a| a.stale(&scanned, &used)).unwrap_or_default();
    Review { root: root.to_path_buf(), files, stale }
}

/// Where `in_skill` (a path inside the skill folder of the report at
/// `report_path`; `None` for the report's own file) is.
fn locate(cwd: &Path, root: &Path, report_path: &str, in_skill: Option<&str>) -> Located {
    let shown_path = match in_skill {
        Some(rel) => Path::new(report_path).parent().unwrap_or(Path::new("")).join(rel),
        None => PathBuf::from(report_path),
    };
    let abs = lexical_absolute(cwd, &shown_path);
    let (file, under_root) = match abs.strip_prefix(root) {
        Ok(rel) if rel.components().next().is_some() => (slash_path(rel), true),
        _ => (abs.to_string_lossy().into_owned(), false),
    };
    Located { shown: shown_path.to_string_lossy().into_owned(), file, under_root }
}

/// Each finding's fingerprint, given with its file: the SHA-256 (first 32
/// hex digits) of its rule, its file, its excerpt with runs of white space
/// made one space, and how many findings of the same rule, file and excerpt
/// come before it. The line number is left out on purpose, so that the
/// fingerprint survives lines added above the finding; two identical lines
/// stay distinct by their order.
pub fn fingerprints(findings: &[(&Finding, &str)]) -> Vec<String> {
    let mut seen: Vec<(RuleId, &str, String)> = Vec::new();
    findings
        .iter()
        .map(|(f, file)| {
            let excerpt = f.excerpt.split_whitespace().collect::<Vec<_>>().join(" ");
            let nth = seen.iter().filter(|(r, p, e)| *r == f.rule && p == file && *e == excerpt).count();
            let digest = sha256_hex(format!("v1\0{}\0{file}\0{excerpt}\0{nth}", f.rule.as_str()).as_bytes());
            seen.push((f.rule, file, excerpt));
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
        Finding::new(rule, line, excerpt)
    }

    #[test]
    fn fingerprints_survive_moved_lines_and_keep_identical_lines_apart() {
        let a = [finding(RuleId::DownloadExec, 3, "curl x | sh"), finding(RuleId::DownloadExec, 9, "curl x  |  sh")];
        let moved =
            [finding(RuleId::DownloadExec, 30, "curl x | sh"), finding(RuleId::DownloadExec, 90, "curl x | sh")];
        let of = |fs: &[Finding], file: &'static str| {
            let keyed: Vec<(&Finding, &str)> = fs.iter().map(|f| (f, file)).collect();
            fingerprints(&keyed)
        };
        let fa = of(&a, "s/SKILL.md");
        assert_eq!(fa, of(&moved, "s/SKILL.md"), "line numbers and spacing do not count");
        assert_ne!(fa[0], fa[1], "the second identical line is another finding");
        assert_ne!(fa, of(&a, "t/SKILL.md"), "the file counts");
        let other_rule = [finding(RuleId::WipeCommand, 3, "curl x | sh")];
        assert_ne!(fa[0], of(&other_rule, "s/SKILL.md")[0]);
        assert_eq!(fa[0].len(), 32);
        // The same line in two files of one skill: the first of each file.
        let two = [(&a[0], "s/SKILL.md"), (&a[0], "s/scripts/x.sh")];
        let f2 = fingerprints(&two);
        assert_eq!(f2[0], fa[0]);
        assert_eq!(f2[1], of(&a[..1], "s/scripts/x.sh")[0]);
    }

    #[test]
    fn paths_are_resolved_by_name() {
        let cwd = Path::new("/repo/sub");
        assert_eq!(lexical_absolute(cwd, Path::new("../a/./b")), PathBuf::from("/repo/a/b"));
        assert_eq!(lexical_absolute(cwd, Path::new("/x/y")), PathBuf::from("/x/y"));
    }
}
