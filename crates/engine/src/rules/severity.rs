//! How serious a fixed rule's finding is, for the people and programs that
//! act on a scan (a CI job's exit status, GitHub code scanning's levels).
//!
//! A severity belongs to a rule, not to one match: every finding of a rule
//! has the rule's severity, so a reviewer can accept a rule's finding knowing
//! what class of risk it is. Severities never feed the decision (R-DEC): the
//! decision rule treats every fixed-rule finding alike (R-DEC-5, R-DEC-6).

use serde::{Deserialize, Serialize};

use super::RuleId;

/// From least to most serious; the order is the threshold order of
/// `scan --fail-on`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Low,
    Medium,
    High,
    Critical,
}

impl Severity {
    pub const ALL: [Severity; 4] = [Severity::Low, Severity::Medium, Severity::High, Severity::Critical];

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
            Severity::Critical => "critical",
        }
    }

    /// The lower-case name back to a severity.
    pub fn parse(s: &str) -> Option<Severity> {
        Severity::ALL.into_iter().find(|v| v.as_str() == s)
    }

    /// GitHub code scanning's `security-severity` score (0.0–10.0), the
    /// middle of the CVSS band it shows under the same name: over 9.0 is
    /// critical, 7.0–8.9 high, 4.0–6.9 medium, 0.1–3.9 low.
    pub fn security_score(self) -> &'static str {
        match self {
            Severity::Low => "3.0",
            Severity::Medium => "5.5",
            Severity::High => "8.0",
            Severity::Critical => "9.5",
        }
    }
}

impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl RuleId {
    /// The rule's severity. Critical: code hidden and run, secrets sent out,
    /// a program downloaded and run on an instruction in words — a skill
    /// doing any of it is an attack whatever else it does. High: what does
    /// lasting harm or leaks when it runs as written (a script run from the
    /// network, a wipe, a real key in the text, the agent's settings or a
    /// shell start-up file changed, an instruction to send a key to a named
    /// place). Medium: what hides or steers but does nothing by itself
    /// (an instruction to hide actions from the user among them).
    pub fn severity(self) -> Severity {
        match self {
            RuleId::HiddenBase64 | RuleId::CredentialExfiltration | RuleId::DownloadRunProgram => Severity::Critical,
            RuleId::DownloadExec | RuleId::WipeCommand | RuleId::SecretKey => Severity::High,
            RuleId::EvaluatorManipulation | RuleId::HiddenUnicode | RuleId::Concealment => Severity::Medium,
            // The project's rules for the agent's own settings, secrets by
            // their shape, and credentials asked for in words: each does
            // lasting harm or leaks when followed as written.
            RuleId::AgentConfigPoisoning | RuleId::SecretShape | RuleId::CredentialSendInstruction => Severity::High,
            // A skill folder's own findings: a program or a link nobody can
            // read in place is high; a folder too big to read whole hides
            // nothing by itself, it only cannot be verified whole.
            RuleId::BinaryFile | RuleId::UnsafeLink => Severity::High,
            RuleId::OverLimit => Severity::Medium,
            // Instructions hidden from a rendered reading: high, lowered to
            // medium for a finding whose hidden text holds only words (no
            // command, address or credential file).
            RuleId::HiddenContent => Severity::High,
            // Orders fetched from the network and obeyed: a script run from
            // the network, for an agent (R-RULE-5's class).
            RuleId::RemoteInstructions => Severity::High,
            // The machine's malware protection turned off: what comes next
            // is not scanned (lowered to medium for the quarantine taken off
            // one file, which installers of unsigned tools ask for too).
            RuleId::DefenseEvasion => Severity::High,
            // Every message copied out, as the Postmark MCP backdoor did:
            // the user's mail leaks each time the skill sends one.
            RuleId::HiddenRecipient => Severity::High,
            // Whoever holds the other end types commands as the user.
            RuleId::ReverseShell => Severity::High,
            // The user pays the thief with the next paste.
            RuleId::ClipboardHijack => Severity::High,
            // The machine works for someone else, unseen, until it is found.
            RuleId::Cryptominer => Severity::High,
            // What the user types or loads goes to whoever dressed it up.
            RuleId::Impersonation => Severity::High,
            // The program the user relies on fails on a day its author chose.
            RuleId::TimeBomb => Severity::High,
            // A stranger logs in as the user whenever they like.
            RuleId::BackdoorKey => Severity::Critical,
            // The secrets of every program running are read in clear.
            RuleId::MemoryDump => Severity::High,
            // What the user signs goes to the thief, at once and for good.
            RuleId::WalletDrainer => Severity::Critical,
            // Loading the model runs the attacker's command.
            RuleId::PickleCode => Severity::Critical,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_is_the_threshold_order() {
        assert!(Severity::Low < Severity::Medium && Severity::Medium < Severity::High);
        assert!(Severity::High < Severity::Critical);
        for s in Severity::ALL {
            assert_eq!(Severity::parse(s.as_str()), Some(s));
        }
        assert_eq!(Severity::parse("none"), None);
    }

    #[test]
    fn documented_severities_of_the_seed_rules() {
        assert_eq!(RuleId::HiddenBase64.severity(), Severity::Critical);
        assert_eq!(RuleId::CredentialExfiltration.severity(), Severity::Critical);
        assert_eq!(RuleId::DownloadExec.severity(), Severity::High);
        assert_eq!(RuleId::WipeCommand.severity(), Severity::High);
        assert_eq!(RuleId::SecretKey.severity(), Severity::High);
        assert_eq!(RuleId::EvaluatorManipulation.severity(), Severity::Medium);
        assert_eq!(RuleId::HiddenUnicode.severity(), Severity::Medium);
        assert_eq!(RuleId::BinaryFile.severity(), Severity::High);
        assert_eq!(RuleId::UnsafeLink.severity(), Severity::High);
        assert_eq!(RuleId::OverLimit.severity(), Severity::Medium);
        assert_eq!(RuleId::AgentConfigPoisoning.severity(), Severity::High);
        assert_eq!(RuleId::Concealment.severity(), Severity::Medium);
        assert_eq!(RuleId::SecretShape.severity(), Severity::High);
        assert_eq!(RuleId::CredentialSendInstruction.severity(), Severity::High);
        assert_eq!(RuleId::HiddenContent.severity(), Severity::High);
    }

    #[test]
    fn security_scores_fall_in_githubs_band_of_the_same_name() {
        for s in Severity::ALL {
            let v: f64 = s.security_score().parse().unwrap();
            let band = match v {
                v if v >= 9.0 => Severity::Critical,
                v if v >= 7.0 => Severity::High,
                v if v >= 4.0 => Severity::Medium,
                _ => Severity::Low,
            };
            assert_eq!(band, s);
        }
    }
}
