//! The accepted-findings file of `scan` (`.skills-guide.toml`): findings a
//! reviewer looked at and accepted, each with the reason why.
//!
//! ```toml
//! [[accept]]
//! rule = "download-exec"
//! path = "skills/tool/SKILL.md"       # relative to this file's folder
//! fingerprint = "5d0c…"               # or: line = 12 (0: a finding on the whole file)
//! reason = "The vendor's own installer, over https; reviewed 2026-12-01."
//! ```
//!
//! An accepted finding is never dropped: every output still shows it, marked
//! as accepted with its reason (SARIF `suppressions`), and it no longer sets
//! the exit status. An entry must name one finding (by line, or by the
//! fingerprint that survives lines moving), never a whole file or rule, so
//! that a payload added later to an accepted file is still caught. An entry
//! that matches nothing in a scanned file, or whose file is gone, is stale and
//! reported.
//!
//! Never here: anything read from a scanned skill deciding what is accepted.

use std::path::{Component, Path, PathBuf};

use anyhow::{bail, Context};
use serde::Deserialize;
use skills_guide_engine::rules::RuleId;

/// The file's name, looked for in the current folder and its parents up to
/// the git work tree's root.
pub const FILE_NAME: &str = ".skills-guide.toml";

/// Larger than any real list of accepted findings; a bigger file is refused
/// rather than read.
const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// The fewest hex digits of a fingerprint an entry may give: a prefix that
/// short could match findings nobody reviewed.
const MIN_FINGERPRINT: usize = 8;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    accept: Vec<RawEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    rule: String,
    path: String,
    line: Option<usize>,
    fingerprint: Option<String>,
    reason: Option<String>,
}

/// Which finding an entry names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pin {
    Line(usize),
    Fingerprint(String),
}

/// One accepted finding.
#[derive(Debug, Clone)]
pub struct Entry {
    /// 1-based position in the file's `[[accept]]` list, for messages.
    pub number: usize,
    pub rule: RuleId,
    /// Relative to the file's folder, `/`-separated, without `.` parts.
    pub path: String,
    pub pin: Pin,
    pub reason: String,
}

/// The entries of one accepted-findings file.
#[derive(Debug, Clone)]
pub struct Acceptances {
    /// The file they were read from.
    pub source: PathBuf,
    pub entries: Vec<Entry>,
}

/// The nearest accepted-findings file: in `start`, or a parent of it, going
/// up no further than the first folder holding `.git` (the work tree's root).
pub fn find(start: &Path) -> Option<PathBuf> {
    for dir in start.ancestors() {
        let candidate = dir.join(FILE_NAME);
        if candidate.is_file() {
            return Some(candidate);
        }
        if dir.join(".git").exists() {
            return None;
        }
    }
    None
}

/// The root of the git work tree holding `start`, if any.
pub fn work_tree_root(start: &Path) -> Option<PathBuf> {
    start.ancestors().find(|d| d.join(".git").exists()).map(Path::to_path_buf)
}

/// Reads and checks an accepted-findings file. Every mistake is an error
/// naming the entry: a file half understood would accept the wrong thing.
pub fn load(path: &Path) -> anyhow::Result<Acceptances> {
    let size = std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?.len();
    if size > MAX_FILE_BYTES {
        bail!("{} is {size} bytes: an accepted-findings file is at most {MAX_FILE_BYTES}", path.display());
    }
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    parse(&text, path)
}

fn parse(text: &str, source: &Path) -> anyhow::Result<Acceptances> {
    let raw: RawFile =
        toml::from_str(text).with_context(|| format!("{} is not a valid accepted-findings file", source.display()))?;
    let mut entries = Vec::with_capacity(raw.accept.len());
    for (i, e) in raw.accept.into_iter().enumerate() {
        let number = i + 1;
        let at = || format!("{}: [[accept]] entry {number}", source.display());
        let Some(rule) = RuleId::ALL.into_iter().find(|r| r.as_str() == e.rule) else {
            let known: Vec<&str> = RuleId::ALL.iter().map(|r| r.as_str()).collect();
            bail!("{}: unknown rule {:?} (the rules: {})", at(), e.rule, known.join(", "));
        };
        let reason = e.reason.map(|r| r.trim().to_owned()).unwrap_or_default();
        if reason.is_empty() {
            bail!("{}: a reason is required (why this finding is acceptable)", at());
        }
        let pin = match (e.line, e.fingerprint) {
            (Some(_), Some(_)) => bail!("{}: give a line or a fingerprint, not both", at()),
            (None, None) => bail!("{}: name the finding with `line` or `fingerprint`", at()),
            (Some(line), None) => Pin::Line(line),
            (None, Some(fp)) => {
                let fp = fp.trim().to_ascii_lowercase();
                if fp.len() < MIN_FINGERPRINT || !fp.bytes().all(|b| b.is_ascii_hexdigit()) {
                    bail!(
                        "{}: a fingerprint is the hex string printed with the finding (at least its first \
                         {MIN_FINGERPRINT} digits)",
                        at()
                    );
                }
                Pin::Fingerprint(fp)
            }
        };
        let Some(path) = normalize_relative(&e.path) else {
            bail!("{}: path {:?} must be relative to the file's folder and stay inside it", at(), e.path);
        };
        entries.push(Entry { number, rule, path, pin, reason });
    }
    Ok(Acceptances { source: source.to_path_buf(), entries })
}

/// A relative path made `/`-separated without `.` parts; `None` when it is
/// absolute, empty, or climbs out with `..`.
pub fn normalize_relative(p: &str) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    for c in Path::new(p).components() {
        match c {
            Component::Normal(s) => parts.push(s.to_str()?),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

impl Acceptances {
    /// The folder the entries' paths are relative to.
    pub fn root(&self) -> &Path {
        self.source.parent().unwrap_or(Path::new("."))
    }

    /// The entry accepting a finding of `rule` in `file` (relative to
    /// [`Self::root`]) at `line` with `fingerprint`, if one does.
    pub fn matching(&self, rule: RuleId, file: &str, line: usize, fingerprint: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| {
            e.rule == rule
                && e.path == file
                && match &e.pin {
                    Pin::Line(l) => *l == line,
                    Pin::Fingerprint(fp) => fingerprint.starts_with(fp.as_str()),
                }
        })
    }

    /// The entries that matched nothing although their file was scanned, or
    /// whose file no longer exists. `scanned` holds the scanned files'
    /// relative paths; `used` the numbers of the entries that matched.
    pub fn stale<'a>(&'a self, scanned: &[&str], used: &[usize]) -> Vec<&'a Entry> {
        self.entries
            .iter()
            .filter(|e| !used.contains(&e.number))
            .filter(|e| scanned.contains(&e.path.as_str()) || !self.root().join(&e.path).exists())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(s: &str) -> anyhow::Result<Acceptances> {
        parse(s, Path::new("/repo/.skills-guide.toml"))
    }

    #[test]
    fn an_entry_names_one_finding_with_a_reason() {
        let a = parse_str(
            "[[accept]]\nrule = \"download-exec\"\npath = \"./skills/x/SKILL.md\"\nline = 12\nreason = \" vendor installer \"\n\
             [[accept]]\nrule = \"secret-key\"\npath = \"a/../b/SKILL.md\"\nfingerprint = \"ABCDEF0123456789\"\nreason = \"test key\"\n",
        )
        .unwrap();
        assert_eq!(a.entries.len(), 2);
        assert_eq!(a.entries[0].path, "skills/x/SKILL.md");
        assert_eq!(a.entries[0].pin, Pin::Line(12));
        assert_eq!(a.entries[0].reason, "vendor installer");
        assert_eq!(a.entries[1].path, "b/SKILL.md");
        assert_eq!(a.entries[1].pin, Pin::Fingerprint("abcdef0123456789".into()));
        assert_eq!(a.root(), Path::new("/repo"));
        assert!(a.matching(RuleId::DownloadExec, "skills/x/SKILL.md", 12, "ff").is_some());
        assert!(a.matching(RuleId::DownloadExec, "skills/x/SKILL.md", 13, "ff").is_none());
        assert!(a.matching(RuleId::WipeCommand, "skills/x/SKILL.md", 12, "ff").is_none());
        assert!(a.matching(RuleId::SecretKey, "b/SKILL.md", 99, "abcdef0123456789aa").is_some());
        assert!(a.matching(RuleId::SecretKey, "b/SKILL.md", 99, "abcdef0000").is_none());
    }

    #[test]
    fn mistakes_are_errors_naming_the_entry() {
        let cases = [
            ("rule = \"nope\"\npath = \"a\"\nline = 1\nreason = \"r\"", "unknown rule"),
            ("rule = \"secret-key\"\npath = \"a\"\nline = 1", "reason is required"),
            ("rule = \"secret-key\"\npath = \"a\"\nline = 1\nreason = \"  \"", "reason is required"),
            ("rule = \"secret-key\"\npath = \"a\"\nreason = \"r\"", "`line` or `fingerprint`"),
            ("rule = \"secret-key\"\npath = \"a\"\nline = 1\nfingerprint = \"ab\"\nreason = \"r\"", "not both"),
            ("rule = \"secret-key\"\npath = \"a\"\nfingerprint = \"zz\"\nreason = \"r\"", "hex string"),
            ("rule = \"secret-key\"\npath = \"/etc/x\"\nline = 1\nreason = \"r\"", "stay inside"),
            ("rule = \"secret-key\"\npath = \"../x\"\nline = 1\nreason = \"r\"", "stay inside"),
            ("rule = \"secret-key\"\npath = \"a\"\nline = 1\nreason = \"r\"\nfile = \"b\"", "not a valid"),
        ];
        for (entry, want) in cases {
            let err = format!("{:#}", parse_str(&format!("[[accept]]\n{entry}\n")).unwrap_err());
            assert!(err.contains(want), "{entry:?}: {err}");
            if want != "not a valid" {
                assert!(err.contains("entry 1"), "{err}");
            }
        }
        assert!(parse_str("accept = 3").is_err());
        assert!(parse_str("").unwrap().entries.is_empty());
    }

    #[test]
    fn a_short_fingerprint_prefix_is_refused() {
        let e =
            parse_str("[[accept]]\nrule = \"secret-key\"\npath = \"a\"\nfingerprint = \"abcdef0\"\nreason = \"r\"\n");
        assert!(format!("{:#}", e.unwrap_err()).contains("at least its first 8"));
    }

    #[test]
    fn stale_entries_are_those_of_scanned_or_missing_files_that_matched_nothing() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(tmp.path().join("s")).unwrap();
        std::fs::write(tmp.path().join("s/SKILL.md"), "x").unwrap();
        std::fs::write(tmp.path().join("other.md"), "x").unwrap();
        let text = "[[accept]]\nrule = \"secret-key\"\npath = \"s/SKILL.md\"\nline = 1\nreason = \"r\"\n\
                    [[accept]]\nrule = \"secret-key\"\npath = \"other.md\"\nline = 1\nreason = \"r\"\n\
                    [[accept]]\nrule = \"secret-key\"\npath = \"gone.md\"\nline = 1\nreason = \"r\"\n";
        let a = parse(text, &tmp.path().join(FILE_NAME)).unwrap();
        let stale: Vec<usize> = a.stale(&["s/SKILL.md"], &[]).iter().map(|e| e.number).collect();
        assert_eq!(stale, [1, 3], "other.md was not scanned: not judged");
        assert_eq!(a.stale(&["s/SKILL.md"], &[1]).len(), 1);
    }

    #[test]
    fn the_file_is_found_up_to_the_work_tree_root() {
        let tmp = tempfile::tempdir().unwrap();
        let repo = tmp.path().join("repo");
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        std::fs::create_dir_all(repo.join("a/b")).unwrap();
        assert_eq!(find(&repo.join("a/b")), None);
        std::fs::write(tmp.path().join(FILE_NAME), "").unwrap();
        assert_eq!(find(&repo.join("a/b")), None, "not above the work tree's root");
        std::fs::write(repo.join(FILE_NAME), "").unwrap();
        assert_eq!(find(&repo.join("a/b")), Some(repo.join(FILE_NAME)));
        assert_eq!(work_tree_root(&repo.join("a/b")), Some(repo.clone()));
    }
}
