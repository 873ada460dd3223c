//! The JSON shapes of `../shared/contract.md` for `list`, `search` and
//! `show`: other programs rely on these field names. Built from a record;
//! the faces print them.

use serde::{Deserialize, Serialize};
use skills_guide_engine::decide::{AuditPass, Decision, Safety, Status};
use skills_guide_engine::rules::Finding;
use skills_guide_engine::score::{Score, ScoreDetails};

use crate::record::SkillRecord;

/// A catalog entry (`list --json`, `search --json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: String,
    pub name: Option<String>,
    pub title: Option<String>,
    pub description: Option<String>,
    pub sha256: String,
    pub status: Status,
    /// R-DEC-7; never true for a skill the model has not read (R-LLM-8).
    pub verified: bool,
    pub safety: Option<Safety>,
    pub quality: Option<u8>,
    pub score: Score,
    pub copy_of: Option<String>,
    pub indexable: bool,
    pub source: EntrySource,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EntrySource {
    pub kind: String,
    pub repo: Option<String>,
    pub path: String,
    pub url: Option<String>,
}

impl Entry {
    pub fn of(r: &SkillRecord) -> Entry {
        Entry {
            id: r.id.clone(),
            name: r.name.clone(),
            title: r.title.clone(),
            description: r.short_description.clone().or_else(|| r.description.clone()),
            sha256: r.sha256.clone(),
            status: r.status(),
            verified: r.decision.verified && r.audit.is_some(),
            safety: r.audit.as_ref().and(r.decision.safety),
            quality: r.audit.as_ref().and(r.decision.quality),
            score: r.score,
            copy_of: r.copy_of.clone(),
            indexable: r.indexable,
            source: EntrySource {
                kind: match r.source.kind {
                    // The contract's kinds; the starter examples are local files.
                    crate::record::SourceKind::Example => "dir",
                    k => k.as_str(),
                }
                .to_owned(),
                repo: r.source.repo.clone(),
                path: r.source.path.clone(),
                url: r.source.url.clone(),
            },
        }
    }
}

/// What a search result shows of a skill: its entry and the facts the app's
/// list shows and sorts by. The search index keeps it with each document, so
/// a search reads nothing from the store but its hits' texts (sled kept every
/// record it read in memory: 25 MB over 3,000 searches at 100,000 skills).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Listing {
    pub entry: Entry,
    pub stars: Option<u64>,
    pub last_commit: Option<i64>,
    pub category: Option<String>,
    pub level: Option<String>,
}

impl Listing {
    pub fn of(r: &SkillRecord) -> Listing {
        Listing {
            entry: Entry::of(r),
            stars: r.facts.stars,
            last_commit: r.facts.last_commit_unix,
            category: r.card_str("category").map(str::to_owned),
            level: r.card_str("level").map(str::to_owned),
        }
    }
}

/// One skill in full (`show --json`).
#[derive(Debug, Clone, Serialize)]
pub struct ShowEntry {
    #[serde(flatten)]
    pub entry: Entry,
    pub content: String,
    pub findings: Vec<Finding>,
    pub audits: Vec<AuditPass>,
    pub card: Option<serde_json::Value>,
    pub reading: Option<crate::record::ReadingInfo>,
    // Beyond the contract:
    pub declared_tools: Vec<String>,
    pub license: Option<String>,
    pub score_details: ScoreDetails,
    pub decision: Decision,
    pub warnings: Vec<String>,
    pub errors: Vec<String>,
    /// Why the model's last reading failed, when it did.
    pub reading_error: Option<String>,
    pub versions: usize,
    pub source_kind: &'static str,
    /// The skill folder's version hash (R-DUP-1's identity of a version).
    pub version: String,
    /// Every file of the skill folder (SKILL.md included): path, size, kind,
    /// state; each finding names its file in `findings` (`file`, absent for
    /// SKILL.md).
    pub files: Vec<crate::record::SkillFile>,
    /// Files of the folder that have not arrived yet (a snapshot's skill
    /// whose record came first): `content` is empty until they do. Absent
    /// when the folder is all here.
    #[serde(skip_serializing_if = "is_zero")]
    pub files_pending: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl ShowEntry {
    pub fn of(r: &SkillRecord, content: &[u8]) -> ShowEntry {
        let audits = r
            .audit
            .as_ref()
            .map(|a| std::iter::once(a.first.clone()).chain(a.second.clone()).collect())
            .unwrap_or_default();
        ShowEntry {
            entry: Entry::of(r),
            content: String::from_utf8_lossy(content).into_owned(),
            findings: r.findings.clone(),
            audits,
            card: r.card.clone(),
            reading: r.reading.clone(),
            declared_tools: r.declared_tools.clone(),
            license: r.source.license.clone(),
            score_details: r.score_details.clone(),
            decision: r.decision.clone(),
            warnings: r.warnings.clone(),
            errors: r.errors.clone(),
            reading_error: r.reading_error.clone(),
            versions: r.versions.len(),
            source_kind: r.source.kind.as_str(),
            version: r.version_key(),
            files: r.files.clone(),
            files_pending: 0,
        }
    }
}
