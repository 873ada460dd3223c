//! Catalog snapshots: one publisher runs the whole pipeline, every other
//! catalog syncs the result as plain files from any static host.
//!
//! A snapshot folder holds:
//!
//! - `records/ab/<hash>.zst`: one record per skill version — its record
//!   (score, findings, readings, decision, source facts) and its whole
//!   SKILL.md — zstd-compressed, named by the SHA-256 of the uncompressed
//!   record. Records are immutable: a publication only adds what changed.
//! - `index.json.zst`: every entry (skill id and record hash), the
//!   publication's sequence number and time, and the program and reading
//!   versions that made it.
//! - `index.json.minisig`: the minisign (Ed25519) signature of the
//!   uncompressed index, by the publisher's key.
//!
//! A client trusts nothing it has not checked: the index's signature
//! against the publisher key it was configured with, each record's hash
//! against the signed index, each record's identity against its location.
//! What it must never do: apply anything unchecked, go back to an older
//! publication unless asked, or overwrite what the user owns (their own
//! folders' skills, installs, reports, settings).

pub mod apply;
pub mod keys;
pub mod origin;
pub mod publish;

use std::io::Read;

use serde::{Deserialize, Serialize};

use crate::record::{SkillRecord, SourceKind};

/// The snapshot format this program writes and reads.
pub const FORMAT: u32 = 1;
pub const INDEX_FILE: &str = "index.json.zst";
pub const SIGNATURE_FILE: &str = "index.json.minisig";
/// Bigger than any index of a real catalog (100,000 skills: ~9 MB).
pub const MAX_INDEX_BYTES: u64 = 256 * 1024 * 1024;
/// A record: the largest SKILL.md the sync imports (4 MiB) and its record.
pub const MAX_RECORD_BYTES: u64 = crate::sync::MAX_SKILL_BYTES + 4 * 1024 * 1024;
/// zstd's level for records and the index: level 3 is its default, fast
/// to write and within a few percent of higher levels on markdown and JSON.
const ZSTD_LEVEL: i32 = 3;

#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    #[error("snapshot {0}")]
    Fetch(String),
    #[error("the snapshot index's signature does not verify with the publisher key: {0}; nothing was changed")]
    BadSignature(String),
    #[error("the snapshot's record {hash} does not match its hash (tampered or corrupt); nothing was changed")]
    BadRecord { hash: String },
    #[error("the snapshot's record {hash} is invalid: {why}; nothing was changed")]
    InvalidRecord { hash: String, why: String },
    #[error("the snapshot index is invalid: {0}; nothing was changed")]
    BadIndex(String),
    #[error(
        "the snapshot is older than the one applied (publication {offered}, applied {applied}): refused, nothing \
         was changed"
    )]
    Rollback { offered: u64, applied: u64 },
    // The faces say where a key goes (a flag, a Settings field).
    #[error("no publisher key: a snapshot is applied only once its signature is checked")]
    NoKey,
    #[error("publisher key: {0}")]
    Key(String),
    #[error("{0}")]
    Io(String),
}

/// The signed list of a publication.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SnapshotIndex {
    pub format: u32,
    /// Grows by one with each publication: a client refuses a smaller one.
    pub sequence: u64,
    pub published_at: i64,
    /// The program that published it (`skills-guide/0.1.0`).
    pub program: String,
    /// The model readings' version (R-LLM-7) of this program.
    pub reading_version: String,
    /// `[skill id, record hash]`, in id order.
    pub entries: Vec<(String, String)>,
}

/// What a record file holds: one skill's record and its SKILL.md.
pub struct SnapshotRecord {
    pub skill: SkillRecord,
    pub content: Vec<u8>,
}

/// The skills a snapshot carries: those found in public places. A
/// publisher's own folders and the starter examples stay on its machine.
pub fn is_public(kind: SourceKind) -> bool {
    matches!(kind, SourceKind::Github | SourceKind::Awesome | SourceKind::Registry)
}

impl SnapshotRecord {
    /// The uncompressed record: its JSON on one line, a newline, then the
    /// SKILL.md's bytes as they are (they need not be UTF-8).
    pub fn encode(&self) -> Result<Vec<u8>, SnapshotError> {
        let mut out = serde_json::to_vec(&self.skill).map_err(|e| SnapshotError::Io(e.to_string()))?;
        out.push(b'\n');
        out.extend_from_slice(&self.content);
        Ok(out)
    }

    pub fn decode(hash: &str, bytes: &[u8]) -> Result<SnapshotRecord, SnapshotError> {
        let invalid = |why: String| SnapshotError::InvalidRecord { hash: hash.to_owned(), why };
        let newline = bytes.iter().position(|&b| b == b'\n').ok_or_else(|| invalid("no record line".into()))?;
        let skill: SkillRecord = serde_json::from_slice(&bytes[..newline]).map_err(|e| invalid(e.to_string()))?;
        let content = bytes[newline + 1..].to_vec();
        let sha = skills_guide_engine::analyze::sha256_hex(&content);
        if sha != skill.sha256 {
            return Err(invalid("its content does not match the record's sha256".into()));
        }
        if !is_public(skill.source.kind) {
            return Err(invalid(format!(
                "a {} skill (snapshots carry public skills only)",
                skill.source.kind.as_str()
            )));
        }
        if skill.source.skill_id() != skill.id {
            return Err(invalid("its id is not its location's".into()));
        }
        Ok(SnapshotRecord { skill, content })
    }
}

/// The SHA-256 that names a record (of its uncompressed bytes).
pub fn record_hash(uncompressed: &[u8]) -> String {
    skills_guide_engine::analyze::sha256_hex(uncompressed)
}

/// `records/ab/<hash>.zst`.
pub fn record_path(hash: &str) -> String {
    format!("records/{}/{hash}.zst", &hash[..2.min(hash.len())])
}

/// A record hash as the index must give it: 64 lowercase hex digits (it
/// names a file, so nothing else may pass).
pub fn is_hash(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

pub fn compress(bytes: &[u8]) -> Result<Vec<u8>, SnapshotError> {
    zstd::stream::encode_all(bytes, ZSTD_LEVEL).map_err(|e| SnapshotError::Io(format!("compressing: {e}")))
}

/// Decompresses at most `max` bytes: a small hostile file cannot expand
/// into an unbounded one.
pub fn decompress(bytes: &[u8], max: u64, what: &str) -> Result<Vec<u8>, SnapshotError> {
    let decoder = zstd::stream::read::Decoder::new(bytes).map_err(|e| SnapshotError::Fetch(format!("{what}: {e}")))?;
    let mut out = Vec::new();
    decoder
        .take(max + 1)
        .read_to_end(&mut out)
        .map_err(|e| SnapshotError::Fetch(format!("{what} is not valid zstd: {e}")))?;
    if out.len() as u64 > max {
        return Err(SnapshotError::Fetch(format!("{what} is larger than {max} bytes once decompressed")));
    }
    Ok(out)
}

impl SnapshotIndex {
    pub fn parse(bytes: &[u8]) -> Result<SnapshotIndex, SnapshotError> {
        let index: SnapshotIndex = serde_json::from_slice(bytes).map_err(|e| SnapshotError::BadIndex(e.to_string()))?;
        if index.format != FORMAT {
            return Err(SnapshotError::BadIndex(format!(
                "format {} (this program reads format {FORMAT}; update Skills Guide)",
                index.format
            )));
        }
        let mut seen = std::collections::HashSet::new();
        for (id, hash) in &index.entries {
            if !crate::record::is_skill_id(id) || !is_hash(hash) {
                return Err(SnapshotError::BadIndex(format!("entry `{id}` → `{hash}` is not an id and a hash")));
            }
            if !seen.insert(id.as_str()) {
                return Err(SnapshotError::BadIndex(format!("skill {id} is listed twice")));
            }
        }
        Ok(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{build_record, SourceRef};
    use skills_guide_engine::score::RepoFacts;

    pub(crate) fn github_skill(repo: &str, path: &str, text: &str) -> SnapshotRecord {
        let a = skills_guide_engine::analyze::analyze(text.as_bytes(), &RepoFacts::default(), 0);
        let source = SourceRef {
            kind: SourceKind::Github,
            repo: Some(repo.into()),
            path: path.into(),
            url: None,
            license: None,
        };
        SnapshotRecord {
            skill: build_record(source, RepoFacts::default(), a, None, 0),
            content: text.as_bytes().to_vec(),
        }
    }

    #[test]
    fn a_record_round_trips_with_content_that_is_not_utf8() {
        let mut r = github_skill("o/r", "s/SKILL.md", "---\nname: x\n---\nbody\n");
        r.content = vec![b'-', 0xff, b'\n', 0];
        r.skill.sha256 = record_hash(&r.content);
        let bytes = r.encode().unwrap();
        let back = SnapshotRecord::decode("h", &bytes).unwrap();
        assert_eq!(back.content, r.content);
        assert_eq!(back.skill, r.skill);
    }

    #[test]
    fn a_record_that_lies_about_its_content_kind_or_id_is_refused() {
        let good = github_skill("o/r", "s/SKILL.md", "---\nname: x\n---\nbody\n");
        let mut bad_content = good.encode().unwrap();
        bad_content.push(b'!');
        let mut local = github_skill("o/r", "s/SKILL.md", "---\nname: x\n---\nbody\n");
        local.skill.source.kind = SourceKind::Dir;
        let mut other_id = github_skill("o/r", "s/SKILL.md", "---\nname: x\n---\nbody\n");
        other_id.skill.id = "0123456789abcdef".into();
        for (what, bytes) in
            [("content", bad_content), ("kind", local.encode().unwrap()), ("id", other_id.encode().unwrap())]
        {
            assert!(matches!(SnapshotRecord::decode("h", &bytes), Err(SnapshotError::InvalidRecord { .. })), "{what}");
        }
        assert!(SnapshotRecord::decode("h", b"no newline").is_err());
    }

    #[test]
    fn decompression_is_bounded() {
        let big = compress(&vec![0u8; 1 << 20]).unwrap();
        assert!(big.len() < 1 << 12, "zeros compress well");
        assert!(decompress(&big, 1 << 16, "x").is_err());
        assert_eq!(decompress(&big, 1 << 20, "x").unwrap().len(), 1 << 20);
        assert!(decompress(b"not zstd", 100, "x").is_err());
    }

    #[test]
    fn an_index_names_files_only_with_ids_and_hashes() {
        let index = |entries: Vec<(String, String)>| {
            let i = SnapshotIndex {
                format: FORMAT,
                sequence: 1,
                published_at: 0,
                program: "p".into(),
                reading_version: "1".into(),
                entries,
            };
            SnapshotIndex::parse(&serde_json::to_vec(&i).unwrap())
        };
        let hash = "a".repeat(64);
        assert!(index(vec![("0123456789abcdef".into(), hash.clone())]).is_ok());
        assert!(index(vec![("../../x".into(), hash.clone())]).is_err());
        assert!(index(vec![("0123456789abcdef".into(), "../x".into())]).is_err());
        assert!(index(vec![("0123456789abcdef".into(), hash.clone()), ("0123456789abcdef".into(), hash)]).is_err());
        let mut future = serde_json::to_value(SnapshotIndex {
            format: FORMAT,
            sequence: 1,
            published_at: 0,
            program: "p".into(),
            reading_version: "1".into(),
            entries: vec![],
        })
        .unwrap();
        future["format"] = 2.into();
        assert!(SnapshotIndex::parse(&serde_json::to_vec(&future).unwrap()).is_err());
    }
}
