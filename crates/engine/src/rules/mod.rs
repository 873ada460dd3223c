//! The fixed rules (R-RULE-1..8): precise patterns run over the whole text of
//! a SKILL.md, without any model. Each finding names its stable rule id, its
//! line and an excerpt, shows in the safety analysis, and turns a Safe rating
//! into Caution (R-RULE header); a finding never rejects a skill on its own
//! (R-RULE-7) — that is the decision's job (R-DEC-5, R-DEC-6).
//!
//! Never here: any I/O, any exclusion that looks beyond the match itself
//! (a word elsewhere in the file never switches a rule off), any panic.

use serde::{Deserialize, Serialize};

/// Stable rule ids, as printed in JSON (R-RULE-8). The seed's six, plus the
/// project's own `hidden-unicode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleId {
    /// R-RULE-1: a real secret key, not a documentation example.
    SecretKey,
    /// R-RULE-2: a command that wipes the disk or the home folder.
    WipeCommand,
    /// R-RULE-3: code hidden in a long base64 string that is decoded.
    HiddenBase64,
    /// R-RULE-4: credential files or the whole environment sent to a server.
    CredentialExfiltration,
    /// R-RULE-5: a script downloaded and run at once (`curl … | sh`).
    DownloadExec,
    /// R-RULE-6: sentences written to steer the evaluator.
    EvaluatorManipulation,
    /// Project rule (R-RULE-8 allows it): invisible characters that hide text.
    HiddenUnicode,
}

impl RuleId {
    pub const ALL: [RuleId; 7] = [
        RuleId::SecretKey,
        RuleId::WipeCommand,
        RuleId::HiddenBase64,
        RuleId::CredentialExfiltration,
        RuleId::DownloadExec,
        RuleId::EvaluatorManipulation,
        RuleId::HiddenUnicode,
    ];

    /// The id as printed in JSON and tests.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleId::SecretKey => "secret-key",
            RuleId::WipeCommand => "wipe-command",
            RuleId::HiddenBase64 => "hidden-base64",
            RuleId::CredentialExfiltration => "credential-exfiltration",
            RuleId::DownloadExec => "download-exec",
            RuleId::EvaluatorManipulation => "evaluator-manipulation",
            RuleId::HiddenUnicode => "hidden-unicode",
        }
    }

    /// The spec rule it implements.
    pub fn spec_ref(self) -> &'static str {
        match self {
            RuleId::SecretKey => "R-RULE-1",
            RuleId::WipeCommand => "R-RULE-2",
            RuleId::HiddenBase64 => "R-RULE-3",
            RuleId::CredentialExfiltration => "R-RULE-4",
            RuleId::DownloadExec => "R-RULE-5",
            RuleId::EvaluatorManipulation => "R-RULE-6",
            RuleId::HiddenUnicode => "R-RULE-8",
        }
    }

    /// One line for people, in English.
    pub fn summary(self) -> &'static str {
        match self {
            RuleId::SecretKey => "a real-looking secret key or token",
            RuleId::WipeCommand => "a command that wipes the disk or the home folder",
            RuleId::HiddenBase64 => "code hidden in base64 that is decoded",
            RuleId::CredentialExfiltration => "credential files or the environment sent to a server",
            RuleId::DownloadExec => "a script downloaded and run at once",
            RuleId::EvaluatorManipulation => "text that tries to steer the evaluator",
            RuleId::HiddenUnicode => "invisible characters that hide text",
        }
    }
}

impl std::fmt::Display for RuleId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One fixed-rule finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    pub rule: RuleId,
    /// 1-based line of the match's start.
    pub line: usize,
    /// The match with a little context, invisible characters escaped
    /// (see [`crate::text::excerpt`]).
    pub excerpt: String,
}

// ---- PLACEHOLDER (added by the lead so that dependent modules compile while
// ---- the rules are being written). The rules' author replaces this whole
// ---- block with the real `RuleOutcome`, `check` and `ripgrep_patterns`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleOutcome {
    pub findings: Vec<Finding>,
    pub eval_call_lines: Vec<usize>,
}
pub fn check(_text: &str) -> RuleOutcome {
    RuleOutcome::default()
}
pub fn ripgrep_patterns() -> Vec<String> {
    Vec::new()
}
// ---- END PLACEHOLDER
