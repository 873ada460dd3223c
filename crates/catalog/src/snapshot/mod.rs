//! Catalog snapshots: one publisher runs the whole pipeline, every other
//! catalog syncs the result as plain files from any static host.
//!
//! A snapshot folder holds (format 3):
//!
//! - `records/ab/<hash>.zst`: one record per skill version — its record
//!   (score, findings, readings, decision, source facts, and the skill
//!   folder's file list with each file's SHA-256) as JSON — zstd-compressed,
//!   named by the SHA-256 of the uncompressed record;
//! - `files/ab/<sha256>.zst`: every file of those folders read whole
//!   (SKILL.md, scripts, references), once whatever number of records name
//!   it, zstd-compressed, named by the SHA-256 of its uncompressed bytes: an
//!   unchanged file is never downloaded twice, across records or
//!   publications. Records and files are immutable: a publication only adds
//!   what changed, files before the records naming them;
//! - `packs/<sha256>.pack`: the same records and files again, in a few
//!   groups of two large packs (see [`packs`]), for a client that needs most
//!   of a publication. A group stays from one publication to the next: new
//!   and changed skills go into new groups, and a group is packed again only
//!   once most of its records are gone, so a host or CDN keeps serving the
//!   same files and a client never needs a pack twice;
//! - `index.json.zst`: every entry (skill id, record hash and the group
//!   holding the record), the groups with their packs' names and sizes, the
//!   publication's sequence number and time, and the program and reading
//!   versions that made it.
//! - `index.json.minisig`: the minisign (Ed25519) signature of the
//!   uncompressed index, by the publisher's key.
//!
//! A client trusts nothing it has not checked: the index's signature
//! against the publisher key it was configured with, each record's hash
//! against the signed index, each record's identity against its location,
//! its files' list (paths, SKILL.md's hash, and the version hash of a folder
//! read whole recomputed from the files' hashes), and each file's SHA-256 on
//! arrival.
//!
//! Older formats (1: records holding their SKILL.md, from before skills were
//! folders; 2: no packs) are refused with a message saying the publisher must
//! publish again; a publisher whose folder holds an older index continues its
//! sequence in format 3.
//! What it must never do: apply anything unchecked, go back to an older
//! publication unless asked, or overwrite what the user owns (their own
//! folders' skills, installs, reports, settings).

pub mod apply;
pub mod keys;
pub mod origin;
pub mod packs;
mod prune;
pub mod publish;

use std::io::Read;

use serde::{Deserialize, Serialize};

use skills_guide_remote::http::RetryPolicy;

use crate::record::{SkillRecord, SourceKind};

/// The snapshot format this program writes and reads.
pub const FORMAT: u32 = 3;
pub const INDEX_FILE: &str = "index.json.zst";
pub const SIGNATURE_FILE: &str = "index.json.minisig";
/// Bigger than any index of a real catalog (100,000 skills: ~9 MB).
pub const MAX_INDEX_BYTES: u64 = 256 * 1024 * 1024;
/// A record's JSON (a few kilobytes; a folder of 200 files with their
/// findings stays well under this).
pub const MAX_RECORD_BYTES: u64 = 8 * 1024 * 1024;
/// A file: the largest file of a skill folder read whole.
pub const MAX_FILE_BYTES: u64 = skills_guide_engine::folder::MAX_FILE_BYTES;
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
    #[error("the snapshot's file {hash} does not match its hash (tampered or corrupt); nothing was changed")]
    BadFile { hash: String },
    #[error("the snapshot's pack {hash} does not match its hash, twice (tampered or corrupt); nothing was changed")]
    BadPack { hash: String },
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
    /// `[skill id, record hash, group]`, in id order; the group is the
    /// position in `packs` of the group holding the record.
    pub entries: Vec<(String, String, u32)>,
    pub packs: Vec<packs::PackGroup>,
}

/// What a record file holds: one skill's record, naming its files by SHA-256.
pub struct SnapshotRecord {
    pub skill: SkillRecord,
}

/// The skills a snapshot carries: those found in public places. A
/// publisher's own folders and the starter examples stay on its machine.
pub fn is_public(kind: SourceKind) -> bool {
    matches!(kind, SourceKind::Github | SourceKind::Awesome | SourceKind::Registry)
}

impl SnapshotRecord {
    /// The uncompressed record: its JSON.
    pub fn encode(&self) -> Result<Vec<u8>, SnapshotError> {
        serde_json::to_vec(&self.skill).map_err(|e| SnapshotError::Io(e.to_string()))
    }

    pub fn decode(hash: &str, bytes: &[u8]) -> Result<SnapshotRecord, SnapshotError> {
        let invalid = |why: String| SnapshotError::InvalidRecord { hash: hash.to_owned(), why };
        let skill: SkillRecord = serde_json::from_slice(bytes).map_err(|e| invalid(e.to_string()))?;
        if !is_public(skill.source.kind) {
            return Err(invalid(format!(
                "a {} skill (snapshots carry public skills only)",
                skill.source.kind.as_str()
            )));
        }
        if skill.source.skill_id() != skill.id {
            return Err(invalid("its id is not its location's".into()));
        }
        check_files(&skill).map_err(invalid)?;
        Ok(SnapshotRecord { skill })
    }

    /// The SHA-256 of every file of the record read whole (SKILL.md's among
    /// them), each once: the files a client needs to apply it.
    pub fn file_hashes(&self) -> Vec<&str> {
        self.skill.content_hashes()
    }
}

/// A record's file list, as a client checks it: paths that stay inside the
/// skill folder, each once; a SKILL.md read whole whose hash is the record's
/// `sha256`; a SHA-256 for every file read whole; and for a folder read
/// whole, its version hash recomputed from (path, mode, SHA-256). The
/// version of a folder holding a link or a file not read cannot be
/// recomputed from the list (a link's target is not carried); its files'
/// hashes are still checked on arrival.
fn check_files(skill: &SkillRecord) -> Result<(), String> {
    use skills_guide_engine::folder::{self, EntryMode, FileState, VersionEntry};
    let md = skill.file(skills_guide_engine::scan::SKILL_FILE_NAME).ok_or("it lists no SKILL.md")?;
    if md.state != FileState::Read || md.sha256.as_deref() != Some(skill.sha256.as_str()) {
        return Err("its SKILL.md is not the record's".into());
    }
    let mut paths = std::collections::HashSet::new();
    for f in &skill.files {
        let bad = f.path.is_empty()
            || f.path.contains(['\\', '\0'])
            || f.path.split('/').any(|c| c.is_empty() || c == "." || c == "..");
        if bad {
            return Err(format!("a file path that leaves the skill folder: {:?}", f.path));
        }
        if !paths.insert(f.path.as_str()) {
            return Err(format!("the file {:?} is listed twice", f.path));
        }
        if f.state == FileState::Read && !f.sha256.as_deref().is_some_and(is_hash) {
            return Err(format!("the file {:?} has no SHA-256", f.path));
        }
    }
    // Read whole: every file read, and no listing cut short (its finding).
    let whole = skill.files.iter().all(|f| f.state == FileState::Read)
        && !skill.findings.iter().any(|f| f.rule == skills_guide_engine::rules::RuleId::OverLimit);
    if whole && !skill.version.is_empty() {
        let mut entries = Vec::with_capacity(skill.files.len());
        for f in &skill.files {
            let digest = f.sha256.as_deref().and_then(folder::sha256_from_hex).ok_or("a file without its hash")?;
            let mode = if f.executable { EntryMode::Executable } else { EntryMode::File };
            entries.push(VersionEntry { path: &f.path, mode, digest });
        }
        if folder::version_hash(&entries) != skill.version {
            return Err("its version is not that of its files".into());
        }
    }
    Ok(())
}

/// The SHA-256 that names a record (of its uncompressed bytes).
pub fn record_hash(uncompressed: &[u8]) -> String {
    skills_guide_engine::analyze::sha256_hex(uncompressed)
}

/// `records/ab/<hash>.zst`.
pub fn record_path(hash: &str) -> String {
    format!("records/{}/{hash}.zst", &hash[..2.min(hash.len())])
}

/// `files/ab/<sha256>.zst`.
pub fn file_path(sha256: &str) -> String {
    format!("files/{}/{sha256}.zst", &sha256[..2.min(sha256.len())])
}

/// A file's compressed bytes, checked: decompressed within the bound, and
/// its SHA-256 the one that names it.
pub fn checked_file(sha256: &str, compressed: &[u8]) -> Result<Vec<u8>, SnapshotError> {
    let bad = || SnapshotError::BadFile { hash: sha256.to_owned() };
    let bytes = decompress(compressed, MAX_FILE_BYTES, &format!("file {sha256}")).map_err(|_| bad())?;
    if skills_guide_engine::analyze::sha256_hex(&bytes) != sha256 {
        return Err(bad());
    }
    Ok(bytes)
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
        #[derive(Deserialize)]
        struct Format {
            format: u32,
        }
        let format = serde_json::from_slice::<Format>(bytes).map_err(|e| SnapshotError::BadIndex(e.to_string()))?;
        if format.format < FORMAT {
            return Err(SnapshotError::BadIndex(format!(
                "format {}, written by an older Skills Guide (this program reads format {FORMAT}); the publisher \
                 must publish again with this version",
                format.format
            )));
        }
        if format.format > FORMAT {
            return Err(SnapshotError::BadIndex(format!(
                "format {} (this program reads format {FORMAT}; update Skills Guide)",
                format.format
            )));
        }
        let index: SnapshotIndex = serde_json::from_slice(bytes).map_err(|e| SnapshotError::BadIndex(e.to_string()))?;
        for group in &index.packs {
            let files = group.files.iter();
            if !std::iter::once(&group.records).chain(files).all(|p| is_hash(&p.sha256)) {
                return Err(SnapshotError::BadIndex("a pack is not named by a hash".into()));
            }
        }
        let mut seen = std::collections::HashSet::new();
        for (id, hash, group) in &index.entries {
            if !crate::record::is_skill_id(id) || !is_hash(hash) {
                return Err(SnapshotError::BadIndex(format!("entry `{id}` → `{hash}` is not an id and a hash")));
            }
            if *group as usize >= index.packs.len() {
                return Err(SnapshotError::BadIndex(format!("skill {id} is in group {group}, which is not listed")));
            }
            if !seen.insert(id.as_str()) {
                return Err(SnapshotError::BadIndex(format!("skill {id} is listed twice")));
            }
        }
        Ok(index)
    }
}

/// What a publication offers, from its signed index alone: what a first
/// launch shows before the user takes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Offer {
    pub sequence: u64,
    pub published_at: i64,
    pub entries: usize,
    /// What a first sync downloads: every pack of the publication.
    pub download_bytes: Option<u64>,
}

/// Fetches the index at `address` and checks its signature with `key`.
pub fn offer(address: &str, key: &minisign::PublicKey, retry: RetryPolicy) -> Result<Offer, SnapshotError> {
    let origin = origin::Origin::parse(address, retry)?;
    let traffic = origin::Traffic::default();
    let (json, _) = apply::fetch_verified_index(&origin, key, &origin::Validators::default(), &traffic)?
        .ok_or_else(|| SnapshotError::Fetch(format!("{address}: not modified without a validator")))?;
    let index = SnapshotIndex::parse(&json)?;
    let bytes = index.packs.iter().map(packs::PackGroup::bytes).sum();
    Ok(Offer {
        sequence: index.sequence,
        published_at: index.published_at,
        entries: index.entries.len(),
        download_bytes: (!index.packs.is_empty() || index.entries.is_empty()).then_some(bytes),
    })
}

/// How to take a snapshot.
#[derive(Debug, Clone)]
pub struct SnapshotOptions {
    /// The publisher's public key (its base64 line, a `.pub` file's text or
    /// path); `None` reads `SKILLS_GUIDE_SNAPSHOT_PUBKEY`.
    pub key: Option<String>,
    /// Take a publication older than the one applied.
    pub allow_rollback: bool,
    pub retry: RetryPolicy,
    /// Records downloaded at once.
    pub workers: usize,
    /// Whether packs may be chosen over single objects
    /// (`SKILLS_GUIDE_SNAPSHOT_PACKS=never` says no: for a host that serves
    /// large files badly).
    pub use_packs: bool,
}

impl Default for SnapshotOptions {
    fn default() -> Self {
        let backoff = std::env::var("SKILLS_GUIDE_SNAPSHOT_BACKOFF_MS").ok().and_then(|v| v.parse().ok());
        let mut retry = RetryPolicy::default();
        if let Some(ms) = backoff {
            retry.base_backoff = std::time::Duration::from_millis(ms);
        }
        let use_packs = std::env::var("SKILLS_GUIDE_SNAPSHOT_PACKS").map_or(true, |v| v != "never");
        SnapshotOptions { key: None, allow_rollback: false, retry, workers: 8, use_packs }
    }
}

/// What a snapshot sync did (one per snapshot source, in the sync's summary).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SnapshotStats {
    pub address: String,
    pub key_id: String,
    pub sequence: u64,
    pub published_at: i64,
    /// The publication was the one applied already: nothing to do.
    pub up_to_date: bool,
    pub entries: usize,
    /// Requests to the host (or files read), and the bytes of their bodies.
    pub requests: u64,
    pub bytes: u64,
    /// What the sync chose to download, in words (packs or single objects).
    pub plan: String,
    /// Pack groups chosen over single objects, and
    /// their bytes; packs downloaded (and their bytes), and found whole in
    /// the download cache of an earlier sync cut short.
    pub packs_chosen: usize,
    pub pack_bytes_planned: u64,
    pub packs_fetched: usize,
    pub pack_bytes: u64,
    pub packs_from_cache: usize,
    /// Records and files taken from packs.
    pub records_from_packs: usize,
    pub files_from_packs: usize,
    /// Records downloaded one by one.
    pub records_fetched: usize,
    /// Records an earlier, interrupted sync had downloaded already.
    pub records_from_cache: usize,
    /// Files of the skill folders downloaded; found in the download cache;
    /// already in the catalog (not downloaded: the same SHA-256).
    pub files_fetched: usize,
    pub files_from_cache: usize,
    pub files_local: usize,
    pub applied: usize,
    pub removed: usize,
    /// Skills of the snapshot left alone because the user's own skill (from
    /// their folders) is at the same place.
    pub kept_local: usize,
    /// An older publication, taken because it was asked for.
    pub rolled_back: bool,
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
        SnapshotRecord { skill: build_record(source, RepoFacts::default(), a, None, 0) }
    }

    #[test]
    fn a_record_round_trips() {
        let r = github_skill("o/r", "s/SKILL.md", "---\nname: x\n---\nbody\n");
        let bytes = r.encode().unwrap();
        let back = SnapshotRecord::decode("h", &bytes).unwrap();
        assert_eq!(back.skill, r.skill);
        assert_eq!(back.file_hashes(), [r.skill.sha256.as_str()]);
    }

    #[test]
    fn a_record_that_lies_about_its_files_kind_or_id_is_refused() {
        let good = || github_skill("o/r", "s/SKILL.md", "---\nname: x\n---\nbody\n");
        let mut local = good();
        local.skill.source.kind = SourceKind::Dir;
        let mut other_id = good();
        other_id.skill.id = "0123456789abcdef".into();
        let mut other_md = good();
        other_md.skill.sha256 = "b".repeat(64);
        let mut escaping = good();
        let mut extra = escaping.skill.files[0].clone();
        extra.path = "../../.bashrc".into();
        escaping.skill.files.push(extra);
        let mut other_version = good();
        other_version.skill.version = "c".repeat(64);
        let mut executable = good();
        executable.skill.files[0].executable = true;
        for (what, r) in [
            ("kind", local),
            ("id", other_id),
            ("SKILL.md", other_md),
            ("path", escaping),
            ("version", other_version),
            ("mode", executable),
        ] {
            let got = SnapshotRecord::decode("h", &r.encode().unwrap());
            assert!(matches!(got, Err(SnapshotError::InvalidRecord { .. })), "{what}");
        }
        assert!(SnapshotRecord::decode("h", b"not json").is_err());
    }

    #[test]
    fn a_file_is_checked_against_its_name() {
        let bytes = b"#!/bin/sh\necho hi\n";
        let sha = skills_guide_engine::analyze::sha256_hex(bytes);
        assert_eq!(checked_file(&sha, &compress(bytes).unwrap()).unwrap(), bytes);
        assert!(matches!(checked_file(&sha, &compress(b"other").unwrap()), Err(SnapshotError::BadFile { .. })));
        assert!(matches!(checked_file(&sha, b"not zstd"), Err(SnapshotError::BadFile { .. })));
        assert_eq!(file_path(&sha), format!("files/{}/{sha}.zst", &sha[..2]));
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
        let pack = |name: &str| packs::PackFile { sha256: name.into(), bytes: 10, objects: 1 };
        let group = packs::PackGroup { records: pack(&"b".repeat(64)), files: None };
        let index = |entries: Vec<(&str, &str, u32)>, packs: Vec<packs::PackGroup>| {
            let i = SnapshotIndex {
                format: FORMAT,
                sequence: 1,
                published_at: 0,
                program: "p".into(),
                reading_version: "1".into(),
                entries: entries.into_iter().map(|(i, h, g)| (i.to_owned(), h.to_owned(), g)).collect(),
                packs,
            };
            SnapshotIndex::parse(&serde_json::to_vec(&i).unwrap())
        };
        let hash = "a".repeat(64);
        let id = "0123456789abcdef";
        assert!(index(vec![(id, &hash, 0)], vec![group.clone()]).is_ok());
        assert!(index(vec![("../../x", &hash, 0)], vec![group.clone()]).is_err());
        assert!(index(vec![(id, "../x", 0)], vec![group.clone()]).is_err());
        assert!(index(vec![(id, &hash, 0), (id, &hash, 0)], vec![group.clone()]).is_err());
        // A group that is not listed, a pack not named by a hash.
        assert!(index(vec![(id, &hash, 1)], vec![group.clone()]).is_err());
        let mut escaping = group.clone();
        escaping.files = Some(pack("../../index"));
        assert!(index(vec![(id, &hash, 0)], vec![escaping]).is_err());
        let mut future = serde_json::to_value(SnapshotIndex {
            format: FORMAT,
            sequence: 1,
            published_at: 0,
            program: "p".into(),
            reading_version: "1".into(),
            entries: vec![],
            packs: vec![],
        })
        .unwrap();
        future["format"] = (FORMAT + 1).into();
        let err = SnapshotIndex::parse(&serde_json::to_vec(&future).unwrap()).unwrap_err().to_string();
        assert!(err.contains("update Skills Guide"), "{err}");
        for older in [1, 2] {
            future["format"] = older.into();
            let err = SnapshotIndex::parse(&serde_json::to_vec(&future).unwrap()).unwrap_err().to_string();
            assert!(err.contains("must publish again"), "{err}");
        }
    }
}
