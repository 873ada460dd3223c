//! One SKILL.md's bytes through the pure stages: decode, parse, fixed rules,
//! starting score. The scanner and the catalog's sync both call this, so a
//! file gets the same reading wherever it comes from.
//!
//! Never here: I/O (the caller reads the bytes and knows the repository's
//! facts), or a panic on any bytes.

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::parse::{self, ParsedSkill};
use crate::rules::{self, RuleOutcome};
use crate::score::{self, RepoFacts, Score, ScoreDetails};
use crate::text::{self, LineIndex};

/// Everything the pure stages say about one file.
#[derive(Debug, Clone, Serialize)]
pub struct Analysis {
    /// Hex SHA-256 of the bytes (R-DUP-1's "same content").
    pub sha256: String,
    pub bytes: u64,
    /// Length of the decoded text in characters (R-SEO-1 counts characters).
    pub chars: usize,
    pub parsed: ParsedSkill,
    pub rules: RuleOutcome,
    pub score: Score,
    pub score_details: ScoreDetails,
    /// R-SCORE-7.
    pub admitted: bool,
    /// Repairs made while decoding (BOM, invalid UTF-8) and parsing.
    pub warnings: Vec<String>,
}

/// Analyzes a whole file's bytes.
pub fn analyze(bytes: &[u8], facts: &RepoFacts, now_unix: i64) -> Analysis {
    let sha256 = sha256_hex(bytes);
    analyze_with_hash(bytes, sha256, bytes.len() as u64, facts, now_unix)
}

/// As [`analyze`], for a caller that hashed the bytes already (possibly more
/// bytes than it passes here: a file cut at a size limit keeps the hash and
/// size of the whole).
pub fn analyze_with_hash(bytes: &[u8], sha256: String, total_bytes: u64, facts: &RepoFacts, now_unix: i64) -> Analysis {
    let decoded = text::decode(bytes);
    let mut warnings = Vec::new();
    if decoded.had_bom {
        warnings.push("starts with a UTF-8 byte-order mark".to_owned());
    }
    if let Some(at) = decoded.first_invalid_utf8 {
        warnings.push(format!("invalid UTF-8 from byte {at}: read with replacement characters"));
    }
    if memchr::memchr(0, bytes).is_some() {
        warnings.push("holds NUL bytes: looks like a binary file".to_owned());
    }
    let lines = LineIndex::new(&decoded.text);
    let parsed = parse::parse_with_lines(&decoded.text, &lines);
    let rules = rules::check(&decoded.text);
    let (score, score_details) = score::score(&parsed, &rules, facts, now_unix);
    warnings.extend(parsed.warnings.iter().cloned());
    Analysis {
        sha256,
        bytes: total_bytes,
        chars: decoded.text.chars().count(),
        admitted: score::admitted(&score),
        parsed,
        rules,
        score,
        score_details,
        warnings,
    }
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

pub(crate) fn hex(digest: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(digest.len() * 2);
    for b in digest {
        let _ = write!(s, "{b:02x}");
    }
    s
}
