//! The catalog's records: what the store keeps for each skill, and the
//! identity of a skill (its location). Plain serde types, no behaviour
//! beyond naming.

use serde::{Deserialize, Serialize};
use skills_guide_engine::decide::{AuditRun, Decision, Safety, Status};
use skills_guide_engine::filekind::FileKind;
use skills_guide_engine::folder::{self, FileState, FolderAnalysis};
use skills_guide_engine::rules::Finding;
use skills_guide_engine::scan::SKILL_FILE_NAME;
use skills_guide_engine::score::{RepoFacts, Score, ScoreDetails};

/// Where skills come from (R-SRC-1, plus the starter examples and snapshots).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    Github,
    Awesome,
    Registry,
    Dir,
    Example,
    Snapshot,
}

impl SourceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SourceKind::Github => "github",
            SourceKind::Awesome => "awesome",
            SourceKind::Registry => "registry",
            SourceKind::Dir => "dir",
            SourceKind::Example => "example",
            SourceKind::Snapshot => "snapshot",
        }
    }
}

/// Where one skill lives. Its identity: the same repository (or folder) and
/// path is the same skill, whatever its content (R-SRC-2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceRef {
    pub kind: SourceKind,
    /// `owner/name` on GitHub; `None` for a local folder.
    pub repo: Option<String>,
    /// Path of the SKILL.md in the repository, or the absolute path of a local file.
    pub path: String,
    pub url: Option<String>,
    pub license: Option<String>,
}

impl SourceRef {
    /// The key that identifies the skill: repository (or local) and path.
    /// GitHub, awesome-list and registry finds of the same file are one skill.
    pub fn location_key(&self) -> String {
        match &self.repo {
            Some(repo) => format!("gh\u{0}{}\u{0}{}", repo.to_ascii_lowercase(), self.path),
            None => format!("{}\u{0}{}", self.kind.as_str(), self.path),
        }
    }

    /// The skill's stable id: 16 hex digits of the SHA-256 of its location key.
    pub fn skill_id(&self) -> String {
        let hash = skills_guide_engine::analyze::sha256_hex(self.location_key().as_bytes());
        hash[..16].to_owned()
    }
}

/// Whether `id` has the shape of [`SourceRef::skill_id`]: 16 lowercase hex
/// digits. Ids name files (site pages, snapshot entries), so nothing else
/// may pass for one.
pub fn is_skill_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// One version of a skill (a changed file of its folder is a new version,
/// R-SRC-2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VersionEntry {
    /// The version's key: its folder's version hash ([`SkillRecord::version`]).
    pub sha256: String,
    pub first_seen: i64,
}

/// One file of a skill folder, as the catalog keeps it. The content of a
/// file read whole is in the store under its SHA-256, once whatever number
/// of skills share it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkillFile {
    /// Relative to the skill's folder, `/`-separated (`SKILL.md`,
    /// `scripts/run.py`). Any character but `/` and NUL: escape it to show it.
    pub path: String,
    /// Hex SHA-256 of its content, for a file read whole.
    #[serde(default)]
    pub sha256: Option<String>,
    pub bytes: u64,
    /// The content's kind, for a file read whole.
    #[serde(default)]
    pub kind: Option<FileKind>,
    pub state: FileState,
    /// The owner's execute bit, as git records it.
    #[serde(default)]
    pub executable: bool,
    /// Why it was not read, or where a link points (never followed), for people.
    #[serde(default)]
    pub note: Option<String>,
    /// The git object id the file had in its repository (a blob's SHA-1; a
    /// submodule's commit), for a skill from GitHub: a file whose id is
    /// unchanged is not downloaded again (R-SRC-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blob_sha1: Option<String>,
}

impl SkillFile {
    /// A SKILL.md read whole and alone (a source that gives no folder).
    pub fn skill_md(sha256: &str, bytes: u64, kind: FileKind) -> SkillFile {
        SkillFile {
            path: SKILL_FILE_NAME.to_owned(),
            sha256: Some(sha256.to_owned()),
            bytes,
            kind: Some(kind),
            state: FileState::Read,
            executable: false,
            note: None,
            blob_sha1: None,
        }
    }
}

/// The version of a skill whose folder is its SKILL.md alone (not
/// executable): what a source that gives single files, and every record made
/// before skills were folders, has. The same folder read from disk gets the
/// same version, so it is not a new version.
pub fn single_file_version(sha256: &str) -> String {
    match folder::sha256_from_hex(sha256) {
        Some(digest) => folder::version_hash(&[folder::VersionEntry {
            path: SKILL_FILE_NAME,
            mode: folder::EntryMode::File,
            digest,
        }]),
        // Not a SHA-256 (never from this program): the key stays what it is.
        None => sha256.to_owned(),
    }
}

/// The version of an analyzed folder: its version hash when it was read
/// whole; else, so that an unchanged folder over a bound is still known
/// (R-SRC-2), a hash over each entry's path, size and content hash where
/// read, in another domain than [`folder::version_hash`] so the two never
/// meet.
pub fn folder_version(a: &FolderAnalysis) -> String {
    if let Some(v) = &a.version {
        return v.clone();
    }
    let mut listing = String::from("skills-guide incomplete folder v1\n");
    for f in &a.files {
        listing.push_str(&format!(
            "{}\0{}\0{}\0{:?}\0{}\n",
            f.path.len(),
            f.path,
            f.bytes,
            f.state,
            f.sha256.as_deref().unwrap_or("")
        ));
    }
    listing.push_str(&format!("unlisted {}\n", a.unlisted));
    skills_guide_engine::analyze::sha256_hex(listing.as_bytes())
}

/// Everything the catalog knows about one skill, current version first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SkillRecord {
    pub id: String,
    pub source: SourceRef,
    pub facts: RepoFacts,
    /// Hash of the current SKILL.md (the content itself is stored once per
    /// hash); the contract's `sha256`.
    pub sha256: String,
    /// The current version: the skill folder's version hash over every file
    /// ([`folder::version_hash`]); copies (R-DUP-1) share it. Empty only in a
    /// record read before step 8 gave it one.
    #[serde(default)]
    pub version: String,
    /// Every file of the skill folder, SKILL.md included, by path.
    #[serde(default)]
    pub files: Vec<SkillFile>,
    pub bytes: u64,
    /// Characters of the current content (R-SEO-1).
    pub chars: usize,
    /// Every version seen, oldest first; the last is the current one.
    pub versions: Vec<VersionEntry>,
    pub first_seen: i64,
    pub updated: i64,
    pub name: Option<String>,
    pub description: Option<String>,
    pub declared_tools: Vec<String>,
    /// From the model's first reading (R-LLM-2).
    pub title: Option<String>,
    pub short_description: Option<String>,
    pub score: Score,
    pub score_details: ScoreDetails,
    pub admitted: bool,
    pub findings: Vec<Finding>,
    pub warnings: Vec<String>,
    pub errors: Vec<String>,
    /// The model's audit passes, when read (R-LLM-3..6).
    pub audit: Option<AuditRun>,
    /// The model's card, when read (R-LLM-3), as the contract's JSON.
    pub card: Option<serde_json::Value>,
    pub decision: Decision,
    /// For an exact copy: the id of the kept skill (R-DUP-1..3).
    pub copy_of: Option<String>,
    /// R-SEO-1.
    pub indexable: bool,
    /// Installs reported by the registry (R-DUP-2's "most installed").
    pub installs: u64,
    /// The reading version and limits that produced the card and audit
    /// (R-LLM-7), when the model has read this version.
    #[serde(default)]
    pub reading: Option<ReadingInfo>,
    /// Why the model's last reading of this version failed, when it did: the
    /// skill is not published on a failed reading and says so.
    #[serde(default)]
    pub reading_error: Option<String>,
}

/// What produced a skill's readings (R-LLM-7), stored with its card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadingInfo {
    pub version: String,
    /// The limits of that version: the audit read this many characters at
    /// most, the card this many.
    pub audit_chars: usize,
    pub card_chars: usize,
    /// Whether the audit did not read all the folder's text: a file was cut
    /// or left out at the end of its budget.
    pub audit_truncated: bool,
    pub card_truncated: bool,
    /// The folder's files the audit read, in the order sent (SKILL.md first),
    /// since reading version 2; empty for an earlier reading (SKILL.md alone).
    #[serde(default)]
    pub audit_files: Vec<String>,
    /// The file the audit read only the beginning of (its budget ended there).
    #[serde(default)]
    pub audit_cut: Option<String>,
    /// The folder's files the audit did not read, and why.
    #[serde(default)]
    pub audit_left_out: Vec<skills_guide_remote::readings::LeftOutFile>,
    pub model: String,
    pub read_at: i64,
    /// Tokens the readings of this content cost when they were made (a
    /// later answer from the cache costs nothing).
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// The model's context in tokens when the readings were fitted to it
    /// (the budgets above are then smaller than R-LLM-7's); `None` when it
    /// was unknown or large enough.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_tokens: Option<u32>,
    /// Each reading of this version: what it cost and how it was asked for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub costs: Vec<ReadingCost>,
}

/// One reading of a skill (the title, the card, an audit pass): its cost as
/// the server counted it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadingCost {
    pub reading: skills_guide_remote::readings::ReadingKind,
    pub pass: u8,
    /// Answered from the readings cache: no request, no cost.
    pub cached: bool,
    /// Requests sent (retries included).
    pub attempts: u32,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// From the first request to the accepted answer, in milliseconds.
    pub millis: u64,
    /// How the accepted answer was asked for (none when cached).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_format: Option<skills_guide_remote::model::ResponseFormat>,
}

impl SkillRecord {
    /// The key of the current version: [`Self::version`], or for a record
    /// that has none, its single file's.
    pub fn version_key(&self) -> String {
        if self.version.is_empty() {
            single_file_version(&self.sha256)
        } else {
            self.version.clone()
        }
    }

    /// The hashes of every content the record names (its files read whole;
    /// SKILL.md's at least), each once.
    pub fn content_hashes(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.files.iter().filter_map(|f| f.sha256.as_deref()).collect();
        v.push(self.sha256.as_str());
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The file at `path` in the skill folder.
    pub fn file(&self, path: &str) -> Option<&SkillFile> {
        self.files.iter().find(|f| f.path == path)
    }

    pub fn status(&self) -> Status {
        self.decision.status
    }

    pub fn safety(&self) -> Option<Safety> {
        self.decision.safety
    }

    /// Admitted, and not yet read successfully by the model: never read, or
    /// its last reading failed.
    pub fn awaits_reading(&self) -> bool {
        self.admitted && (self.audit.is_none() || self.reading_error.is_some())
    }

    /// The card's category, tags, compatible tools and level, when read.
    pub fn card_str(&self, key: &str) -> Option<&str> {
        self.card.as_ref()?.get(key)?.as_str()
    }

    pub fn card_list(&self, key: &str) -> Vec<String> {
        self.card
            .as_ref()
            .and_then(|c| c.get(key))
            .and_then(|v| v.as_array())
            .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect())
            .unwrap_or_default()
    }
}

/// Builds the record of a freshly analyzed version of the skill at `source`.
/// With `previous` (the same location, older content) it becomes a new version
/// of that skill: history, first sighting and install counts are kept, and
/// the model's readings, which were of the old text, are dropped until the
/// new text is read (R-LLM-8).
pub fn build_record(
    source: SourceRef,
    facts: RepoFacts,
    analysis: skills_guide_engine::analyze::Analysis,
    previous: Option<SkillRecord>,
    now_unix: i64,
) -> SkillRecord {
    use skills_guide_engine::decide::decide;
    let a = analysis;
    let rule_ids: Vec<_> = a.rules.findings.iter().map(|f| f.rule).collect();
    let decision = decide(a.admitted, None, &rule_ids);
    let (first_seen, mut versions, installs) = match previous {
        Some(p) => (p.first_seen, p.versions, p.installs),
        None => (now_unix, Vec::new(), 0),
    };
    let version = single_file_version(&a.sha256);
    if !versions.iter().any(|v| v.sha256 == version) {
        versions.push(VersionEntry { sha256: version.clone(), first_seen: now_unix });
    }
    let mut errors = a.parsed.errors;
    errors.dedup();
    let kind = if a.warnings.iter().any(|w| w.contains("NUL")) { FileKind::Binary } else { FileKind::Text };
    SkillRecord {
        id: source.skill_id(),
        source,
        facts,
        files: vec![SkillFile::skill_md(&a.sha256, a.bytes, kind)],
        version,
        sha256: a.sha256,
        bytes: a.bytes,
        chars: a.chars,
        versions,
        first_seen,
        updated: now_unix,
        name: a.parsed.name,
        description: a.parsed.description,
        declared_tools: a.parsed.declared_tools,
        title: None,
        short_description: None,
        score: a.score,
        score_details: a.score_details,
        admitted: a.admitted,
        findings: a.rules.findings,
        warnings: a.warnings,
        errors,
        audit: None,
        card: None,
        decision,
        copy_of: None,
        indexable: false,
        installs,
        reading: None,
        reading_error: None,
    }
}

/// Builds the record of a freshly analyzed version of the skill folder at
/// `source`, as [`build_record`] does for a lone SKILL.md: the folder's
/// score (R-SCORE-4 over every file), every file's findings, its files and
/// version. `None` when SKILL.md itself was not read (the caller reports it).
pub fn build_folder_record(
    source: SourceRef,
    facts: RepoFacts,
    analysis: FolderAnalysis,
    previous: Option<SkillRecord>,
    now_unix: i64,
) -> Option<SkillRecord> {
    use skills_guide_engine::decide::decide;
    let version = folder_version(&analysis);
    let findings = analysis.findings();
    let rule_ids = analysis.rule_ids();
    let files: Vec<SkillFile> = analysis
        .files
        .iter()
        .map(|f| SkillFile {
            path: f.path.clone(),
            sha256: f.sha256.clone(),
            bytes: f.bytes,
            kind: f.kind,
            state: f.state,
            executable: f.executable,
            note: f.note.clone().or_else(|| f.error.clone()),
            blob_sha1: None,
        })
        .collect();
    let md = analysis.skill_md?;
    let decision = decide(analysis.admitted, None, &rule_ids);
    let (first_seen, mut versions, installs) = match previous {
        Some(p) => (p.first_seen, p.versions, p.installs),
        None => (now_unix, Vec::new(), 0),
    };
    if !versions.iter().any(|v| v.sha256 == version) {
        versions.push(VersionEntry { sha256: version.clone(), first_seen: now_unix });
    }
    let mut errors = md.parsed.errors;
    errors.extend(analysis.errors);
    errors.dedup();
    Some(SkillRecord {
        id: source.skill_id(),
        source,
        facts,
        sha256: md.sha256,
        version,
        files,
        bytes: md.bytes,
        chars: md.chars,
        versions,
        first_seen,
        updated: now_unix,
        name: md.parsed.name,
        description: md.parsed.description,
        declared_tools: md.parsed.declared_tools,
        title: None,
        short_description: None,
        score: analysis.score,
        score_details: analysis.score_details,
        admitted: analysis.admitted,
        findings,
        warnings: md.warnings,
        errors,
        audit: None,
        card: None,
        decision,
        copy_of: None,
        indexable: false,
        installs,
        reading: None,
        reading_error: None,
    })
}

/// A record for tests: a local skill at `path` with the given content.
#[cfg(test)]
pub(crate) fn test_record(path: &str, content: &str) -> SkillRecord {
    let a = skills_guide_engine::analyze::analyze(content.as_bytes(), &RepoFacts::default(), 0);
    let source = SourceRef { kind: SourceKind::Dir, repo: None, path: path.to_owned(), url: None, license: None };
    build_record(source, RepoFacts::default(), a, None, 0)
}
