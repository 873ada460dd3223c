//! The starting score (R-SCORE-1..7), computed by fixed rules before any model
//! reads the file: structure, reputation, freshness and security, plus the
//! awesome-list bonus, out of 100. A skill under [`ADMISSION_THRESHOLD`] is
//! kept as excluded (R-SCORE-7).
//!
//! A pure function of the parsed skill, the fixed-rule outcome and the
//! repository's facts: no I/O, no clock (the caller passes "now").

use serde::{Deserialize, Serialize};

use crate::parse::{HeaderState, ParsedSkill};
use crate::rules::{RuleId, RuleOutcome};
use crate::text::fold;

/// R-SCORE-7: a total below this does not enter the catalog.
pub const ADMISSION_THRESHOLD: u32 = 35;

/// What is known of the skill's repository (R-SCORE-2, -3, -6).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepoFacts {
    /// The repository's stars; `None` when the skill has no repository
    /// (a local file, a registry entry without one): R-SCORE-2 gives 15.
    pub stars: Option<u64>,
    /// Unix time of the last commit touching the file (or the repository's
    /// last push, or a local file's modification time); `None` when unknown.
    pub last_commit_unix: Option<i64>,
    /// Found through an awesome list (R-SRC-4).
    pub in_awesome: bool,
}

/// The score, with the contract's field names (`scan --json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub structure: u32,
    pub reputation: u32,
    pub freshness: u32,
    pub security: u32,
    pub awesome_bonus: u32,
    pub total: u32,
}

/// Why the score is what it is, for people (the breakdown a user sees).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreDetails {
    /// R-SCORE-1's five elements, each found or not.
    pub structure: StructureChecks,
    /// Age in days of the last commit (R-SCORE-3), when known.
    pub age_days: Option<i64>,
    /// Each R-SCORE-4 deduction that applied, with its reason.
    pub security_deductions: Vec<Deduction>,
}

/// R-SCORE-1: which of the five structure elements the skill has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StructureChecks {
    pub valid_header: bool,
    pub purpose: bool,
    pub when_to_use: bool,
    pub instructions: bool,
    pub rules: bool,
}

impl StructureChecks {
    fn count(&self) -> u32 {
        [self.valid_header, self.purpose, self.when_to_use, self.instructions, self.rules]
            .iter()
            .filter(|b| **b)
            .count() as u32
    }
}

/// One R-SCORE-4 deduction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deduction {
    pub points: u32,
    pub reason: String,
}

/// Computes the starting score (R-SCORE-5: the sum of the four parts, plus the
/// awesome bonus of R-SCORE-6, capped at 100).
pub fn score(skill: &ParsedSkill, rules: &RuleOutcome, facts: &RepoFacts, now_unix: i64) -> (Score, ScoreDetails) {
    let structure_checks = structure_checks(skill);
    let structure = 6 * structure_checks.count();
    let reputation = reputation(facts.stars);
    let age_days = facts.last_commit_unix.map(|t| (now_unix - t).div_euclid(86_400).max(0));
    let freshness = freshness(age_days);
    let deductions = security_deductions(&skill.declared_tools, rules);
    let security = 20u32.saturating_sub(deductions.iter().map(|d| d.points).sum());
    let awesome_bonus = if facts.in_awesome { 10 } else { 0 };
    let total = (structure + reputation + freshness + security + awesome_bonus).min(100);
    (
        Score { structure, reputation, freshness, security, awesome_bonus, total },
        ScoreDetails { structure: structure_checks, age_days, security_deductions: deductions },
    )
}

/// R-SCORE-7.
pub fn admitted(score: &Score) -> bool {
    score.total >= ADMISSION_THRESHOLD
}

/// R-SCORE-2, Decision: `round(30 * min(1, log10(1 + stars) / 3))`; 15 without a repository.
pub fn reputation(stars: Option<u64>) -> u32 {
    match stars {
        None => 15,
        Some(stars) => {
            let ratio = ((1.0 + stars as f64).log10() / 3.0).min(1.0);
            (30.0 * ratio).round() as u32
        }
    }
}

/// R-SCORE-3, Decision: `d <= 30` → 20, `d >= 365` → 0, between
/// `round(20 * (365 - d) / 335)`; no date → 0. A date in the future counts as today.
pub fn freshness(age_days: Option<i64>) -> u32 {
    match age_days {
        None => 0,
        Some(d) if d <= 30 => 20,
        Some(d) if d >= 365 => 0,
        Some(d) => (20.0 * (365 - d) as f64 / 335.0).round() as u32,
    }
}

/// R-SCORE-4: each deduction at most once; they add up (the caller floors at 0).
fn security_deductions(tools: &[String], rules: &RuleOutcome) -> Vec<Deduction> {
    let declared = DeclaredPowers::of(tools);
    let mut out = Vec::new();
    if declared.bash_or_docker {
        out.push(Deduction { points: 2, reason: "declares bash or docker".into() });
    }
    if declared.sudo_or_network {
        out.push(Deduction { points: 10, reason: "declares sudo or network access".into() });
    }
    // "A suspicious pattern": a script (or, in words, a program) downloaded
    // then run, an eval, an
    // `rm -rf /` (and the other wipe commands of R-RULE-2), content decoded
    // from base64 — read from the fixed rules, so the score and the safety
    // analysis never disagree about what the text holds.
    let mut suspicious: Vec<&str> = Vec::new();
    for rule in [RuleId::DownloadExec, RuleId::DownloadRunProgram, RuleId::WipeCommand, RuleId::HiddenBase64] {
        if rules.findings.iter().any(|f| f.rule == rule) {
            suspicious.push(rule.as_str());
        }
    }
    if !rules.eval_call_lines.is_empty() {
        suspicious.push("eval");
    }
    if !suspicious.is_empty() {
        out.push(Deduction { points: 15, reason: format!("suspicious pattern: {}", suspicious.join(", ")) });
    }
    out
}

/// What the front matter's tool list allows (R-SCORE-4's "declares").
#[derive(Debug, Default, PartialEq, Eq)]
pub struct DeclaredPowers {
    pub bash_or_docker: bool,
    pub sudo_or_network: bool,
}

/// Shell commands that reach the network when a tool pattern allows them
/// (`Bash(curl:*)`).
const NETWORK_COMMANDS: &[&str] =
    &["curl", "wget", "ssh", "scp", "sftp", "rsync", "nc", "ncat", "netcat", "telnet", "ftp", "http", "https", "xh"];

/// Tool names (lowercased) that are web or network tools.
const NETWORK_TOOL_WORDS: &[&str] = &["web", "fetch", "http", "browser", "network", "internet", "url"];

impl DeclaredPowers {
    /// Decision: `Bash`, `Bash(...)` and any tool whose name holds "docker"
    /// are bash/docker; `sudo` as a tool or a `Bash(sudo …)` pattern is sudo; a
    /// tool named for the web (WebFetch, WebSearch, fetch, browser …) or a
    /// pattern allowing curl/wget/ssh and the like is network. An unrestricted
    /// `Bash` is bash only: "network" needs an explicit grant.
    pub fn of(tools: &[String]) -> Self {
        let mut p = DeclaredPowers::default();
        for tool in tools {
            let lower = tool.to_ascii_lowercase();
            let (base, pattern) = match lower.split_once('(') {
                Some((b, rest)) => (b.trim(), Some(rest.trim_end_matches(')').trim())),
                None => (lower.trim(), None),
            };
            let command = pattern
                .map(|p| p.split([' ', ':', '*']).find(|w| !w.is_empty()).unwrap_or("").trim_start_matches("./"));
            if base == "bash" || lower.contains("docker") {
                p.bash_or_docker = true;
            }
            if base == "sudo" || command == Some("sudo") {
                p.sudo_or_network = true;
            }
            if command.is_some_and(|c| NETWORK_COMMANDS.contains(&c))
                || NETWORK_COMMANDS.contains(&base)
                || NETWORK_TOOL_WORDS.iter().any(|w| base.contains(w))
            {
                p.sudo_or_network = true;
            }
        }
        p
    }
}

/// R-SCORE-1: a valid header plus the four section kinds, matched on headings
/// of any level, case-insensitively, in English and French.
pub fn structure_checks(skill: &ParsedSkill) -> StructureChecks {
    let mut c = StructureChecks { valid_header: skill.header == HeaderState::Valid, ..Default::default() };
    let mut cleaned = String::new();
    for h in &skill.headings {
        // A kind already found is not looked for again (a long document has
        // hundreds of headings).
        if c.purpose && c.when_to_use && c.instructions && c.rules {
            break;
        }
        heading_words(&h.text, &mut cleaned);
        let words: Vec<&str> = cleaned.split_whitespace().collect();
        // Most headings hold no keyword's first word at all.
        if !words.iter().any(|w| is_first_word(w) || w.strip_suffix('s').is_some_and(is_first_word)) {
            continue;
        }
        for (found, keywords) in [
            (&mut c.purpose, PURPOSE),
            (&mut c.when_to_use, WHEN_TO_USE),
            (&mut c.instructions, INSTRUCTIONS),
            (&mut c.rules, RULES),
        ] {
            *found = *found || matches_any(&words, keywords);
        }
    }
    c
}

/// A heading keyword: its words (already folded, apostrophes removed), and
/// whether it must be the whole heading (French "But" would otherwise match
/// English prose).
struct Keyword(&'static [&'static str], bool);

const PURPOSE: &[Keyword] = &[
    Keyword(&["purpose"], false),
    Keyword(&["overview"], false),
    Keyword(&["goal"], false),
    Keyword(&["objective"], false),
    Keyword(&["about"], false),
    Keyword(&["introduction"], false),
    Keyword(&["what", "this", "skill", "does"], false),
    Keyword(&["what", "it", "does"], false),
    Keyword(&["objectif"], false),
    Keyword(&["but"], true),
    Keyword(&["presentation"], false),
    Keyword(&["apercu"], false),
    Keyword(&["vue", "densemble"], false),
    Keyword(&["a", "propos"], false),
];
const WHEN_TO_USE: &[Keyword] = &[
    Keyword(&["when", "to", "use"], false),
    Keyword(&["use", "when"], false),
    Keyword(&["trigger"], false),
    Keyword(&["when", "to", "apply"], false),
    Keyword(&["when", "to", "invoke"], false),
    Keyword(&["when", "to", "activate"], false),
    Keyword(&["use", "case"], false),
    Keyword(&["quand", "lutiliser"], false),
    Keyword(&["quand", "utiliser"], false),
    Keyword(&["cas", "dusage"], false),
    Keyword(&["cas", "dutilisation"], false),
];
const INSTRUCTIONS: &[Keyword] = &[
    Keyword(&["instruction"], false),
    Keyword(&["step"], false),
    Keyword(&["workflow"], false),
    Keyword(&["usage"], false),
    Keyword(&["how", "to"], false),
    Keyword(&["process"], false),
    Keyword(&["procedure"], false),
    Keyword(&["quick", "start"], false),
    Keyword(&["quickstart"], false),
    Keyword(&["getting", "started"], false),
    Keyword(&["etape"], false),
    Keyword(&["utilisation"], false),
    Keyword(&["mode", "demploi"], false),
];
const RULES: &[Keyword] = &[
    Keyword(&["rule"], false),
    Keyword(&["guideline"], false),
    Keyword(&["constraint"], false),
    Keyword(&["best", "practice"], false),
    Keyword(&["do", "dont"], false),
    Keyword(&["dos", "and", "donts"], false),
    Keyword(&["do", "and", "dont"], false),
    Keyword(&["dos", "donts"], false),
    Keyword(&["regle"], false),
    Keyword(&["contrainte"], false),
    Keyword(&["bonne", "pratique"], false),
    Keyword(&["consigne"], false),
];

/// Folded, apostrophes dropped (`Don't` → `dont`, `l'utiliser` → `lutiliser`),
/// everything else that is not a letter or digit a word break; written into
/// `out` (reused across headings: this runs for every heading of every file).
fn heading_words(text: &str, out: &mut String) {
    out.clear();
    for c in fold(text).chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if c != '\'' {
            out.push(' ');
        }
    }
}

/// Whether `w` starts one of the four kinds' keywords.
fn is_first_word(w: &str) -> bool {
    static FIRST: std::sync::LazyLock<std::collections::HashSet<&'static str>> = std::sync::LazyLock::new(|| {
        [PURPOSE, WHEN_TO_USE, INSTRUCTIONS, RULES].iter().flat_map(|k| k.iter()).map(|Keyword(kw, _)| kw[0]).collect()
    });
    FIRST.contains(w)
}

/// A keyword matches as a run of whole words; its last word may take a plural `s`.
fn matches_any(words: &[&str], keywords: &[Keyword]) -> bool {
    keywords.iter().any(|Keyword(kw, whole)| {
        if *whole {
            return words.len() == kw.len() && words.iter().zip(kw.iter()).all(|(w, k)| w == k);
        }
        words.windows(kw.len()).any(|win| {
            win.iter()
                .zip(kw.iter())
                .enumerate()
                .all(|(i, (w, k))| w == k || (i == kw.len() - 1 && w.strip_suffix('s') == Some(*k)))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;
    use crate::rules::Finding;

    const DAY: i64 = 86_400;
    const NOW: i64 = 1_790_000_000;

    fn no_rules() -> RuleOutcome {
        RuleOutcome { findings: vec![], eval_call_lines: vec![] }
    }

    fn with_findings(rules: &[RuleId]) -> RuleOutcome {
        RuleOutcome {
            findings: rules.iter().map(|r| Finding::new(*r, 1, String::new())).collect(),
            eval_call_lines: vec![],
        }
    }

    fn tools(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn security(tools_list: &[&str], rules: &RuleOutcome) -> u32 {
        20u32.saturating_sub(security_deductions(&tools(tools_list), rules).iter().map(|d| d.points).sum())
    }

    const FULL: &str =
        "---\nname: x\ndescription: y\n---\n# X\n## Purpose\n## When to use\n## Instructions\n## Rules\n";

    #[test]
    fn r_score_1_six_points_per_element() {
        let checks = |t: &str| structure_checks(&parse(t));
        assert_eq!(checks(FULL).count() * 6, 30);
        assert_eq!(checks("---\nname: x\ndescription: y\n---\nbody").count() * 6, 6);
        assert_eq!(checks("# X\n## Purpose\n## When to use\n## Instructions\n## Rules\n").count() * 6, 24);
        assert_eq!(checks("---\nname: x\n---\n## Overview\n").count() * 6, 6);
        let (s, _) = score(&parse(FULL), &no_rules(), &RepoFacts::default(), NOW);
        assert_eq!(s.structure, 30);
    }

    #[test]
    fn r_score_1_header_needs_a_mapping_with_name_and_description() {
        assert!(structure_checks(&parse("---\nname: x\ndescription: y\n---\n")).valid_header);
        assert!(!structure_checks(&parse("---\nname: x\ndescription: ''\n---\n")).valid_header);
        assert!(!structure_checks(&parse("no front matter")).valid_header);
        assert!(!structure_checks(&parse("---\n- list\n---\n")).valid_header);
        assert!(!structure_checks(&parse("---\nname: \"broken\n---\n")).valid_header);
    }

    #[test]
    fn r_score_1_headings_any_level_any_case_english_and_french() {
        let c = |h: &str| structure_checks(&parse(&format!("{h}\n")));
        assert!(c("#### OVERVIEW").purpose);
        assert!(c("## 🎯 Goals").purpose);
        assert!(c("## Objectif").purpose);
        assert!(c("## But").purpose);
        assert!(!c("## Nothing but the facts").purpose, "French `But` only as the whole heading");
        assert!(c("## When to Use This Skill").when_to_use);
        assert!(c("## Quand l'utiliser").when_to_use);
        assert!(c("## Quand l’utiliser").when_to_use, "typographic apostrophe");
        assert!(c("## Triggers").when_to_use);
        assert!(c("### Quand utiliser ce skill").when_to_use);
        assert!(c("## 1. Step-by-step instructions").instructions);
        assert!(c("## Étapes").instructions);
        assert!(c("## Utilisation").instructions);
        assert!(c("## Core Workflow").instructions);
        assert!(c("## How to run it").instructions);
        assert!(c("## Best Practices").rules);
        assert!(c("## Do's and Don'ts").rules);
        assert!(c("## Do / Don't").rules);
        assert!(c("## Règles").rules);
        assert!(c("## Contraintes").rules);
        assert!(!c("## Rulers and grids").rules, "whole words only");
        assert!(!c("## Stepwise").instructions, "whole words only");
        // A heading inside a code block is not a heading.
        assert!(!structure_checks(&parse("```\n## Rules\n```\n")).rules);
    }

    #[test]
    fn r_score_2_reputation_from_stars() {
        assert_eq!(reputation(None), 15);
        assert_eq!(reputation(Some(0)), 0);
        assert_eq!(reputation(Some(1)), 3);
        assert_eq!(reputation(Some(10)), 10);
        assert_eq!(reputation(Some(100)), 20);
        assert_eq!(reputation(Some(999)), 30);
        assert_eq!(reputation(Some(1_000)), 30);
        assert_eq!(reputation(Some(250_000)), 30);
        assert_eq!(reputation(Some(u64::MAX)), 30);
    }

    #[test]
    fn r_score_3_freshness_from_age() {
        assert_eq!(freshness(None), 0);
        assert_eq!(freshness(Some(0)), 20);
        assert_eq!(freshness(Some(30)), 20);
        assert_eq!(freshness(Some(31)), 20); // round(20*334/335) = round(19.94)
        assert_eq!(freshness(Some(48)), 19); // round(20*317/335) = round(18.93)
        assert_eq!(freshness(Some(200)), 10); // round(9.85)
        assert_eq!(freshness(Some(364)), 0); // round(0.06)
        assert_eq!(freshness(Some(365)), 0);
        assert_eq!(freshness(Some(10_000)), 0);
        let at = |age_secs: i64| {
            let facts = RepoFacts { last_commit_unix: Some(NOW - age_secs), ..Default::default() };
            score(&parse(""), &no_rules(), &facts, NOW).0.freshness
        };
        assert_eq!(at(30 * DAY + DAY - 1), 20, "whole days: 30.99 days is 30");
        assert_eq!(at(-5 * DAY), 20, "a date in the future counts as today");
        assert_eq!(at(400 * DAY), 0);
    }

    #[test]
    fn r_score_4_declared_tools() {
        assert_eq!(security(&[], &no_rules()), 20);
        assert_eq!(security(&["Read", "Grep"], &no_rules()), 20);
        assert_eq!(security(&["Bash"], &no_rules()), 18);
        assert_eq!(security(&["Bash(git:*)"], &no_rules()), 18);
        assert_eq!(security(&["Bash", "Bash(docker:*)"], &no_rules()), 18, "bash and docker: once");
        assert_eq!(security(&["mcp__docker__run"], &no_rules()), 18);
        assert_eq!(security(&["WebFetch"], &no_rules()), 10);
        assert_eq!(security(&["WebFetch", "WebSearch"], &no_rules()), 10, "network: once");
        assert_eq!(security(&["Bash(sudo:*)"], &no_rules()), 8, "a Bash pattern is bash, and sudo");
        assert_eq!(security(&["Bash(curl:*)", "Bash(sudo apt:*)"], &no_rules()), 8, "sudo and network: once");
        assert_eq!(security(&["Bash(ssh *)"], &no_rules()), 8);
        assert_eq!(security(&["Read", "Write", "Edit"], &no_rules()), 20);
    }

    #[test]
    fn r_score_4_suspicious_pattern_once_and_floor_zero() {
        assert_eq!(security(&[], &with_findings(&[RuleId::DownloadExec])), 5);
        assert_eq!(security(&[], &with_findings(&[RuleId::WipeCommand])), 5);
        assert_eq!(security(&[], &with_findings(&[RuleId::HiddenBase64])), 5);
        assert_eq!(
            security(&[], &with_findings(&[RuleId::DownloadExec, RuleId::HiddenBase64, RuleId::WipeCommand])),
            5
        );
        let eval = RuleOutcome { findings: vec![], eval_call_lines: vec![3] };
        assert_eq!(security(&[], &eval), 5, "an eval is a suspicious pattern");
        // Other findings are not R-SCORE-4's suspicious patterns (they count in the decision).
        assert_eq!(security(&[], &with_findings(&[RuleId::SecretKey, RuleId::EvaluatorManipulation])), 20);
        // The lowest: 20 - 2 - 10 - 15 → 0, not negative.
        assert_eq!(security(&["Bash(sudo:*)", "WebFetch"], &with_findings(&[RuleId::DownloadExec])), 0);
        assert_eq!(security(&["Bash"], &with_findings(&[RuleId::DownloadExec])), 3);
    }

    #[test]
    fn r_score_5_total_is_the_sum() {
        let facts = RepoFacts { stars: Some(100), last_commit_unix: Some(NOW - 10 * DAY), in_awesome: false };
        let (s, d) = score(&parse(FULL), &no_rules(), &facts, NOW);
        assert_eq!((s.structure, s.reputation, s.freshness, s.security, s.awesome_bonus), (30, 20, 20, 20, 0));
        assert_eq!(s.total, 90);
        assert_eq!(d.age_days, Some(10));
        assert!(d.security_deductions.is_empty());
    }

    #[test]
    fn r_score_6_awesome_bonus_capped_at_100() {
        let mut facts = RepoFacts { stars: Some(5_000), last_commit_unix: Some(NOW), in_awesome: true };
        let (s, _) = score(&parse(FULL), &no_rules(), &facts, NOW);
        assert_eq!(s.awesome_bonus, 10);
        assert_eq!(s.total, 100, "30+30+20+20+10 capped");
        facts.stars = Some(0);
        let (s, _) = score(&parse(FULL), &no_rules(), &facts, NOW);
        assert_eq!(s.total, 30 + 20 + 20 + 10, "no reputation for 0 stars");
    }

    #[test]
    fn r_score_7_admission_threshold() {
        let at = |total| {
            admitted(&Score { structure: 0, reputation: 0, freshness: 0, security: 0, awesome_bonus: 0, total })
        };
        assert!(!at(34));
        assert!(at(35));
        // A bare file with no repository and no date: 0 + 15 + 0 + 20 = 35, admitted.
        let (s, _) = score(&parse("just text"), &no_rules(), &RepoFacts::default(), NOW);
        assert_eq!(s.total, 35);
        assert!(admitted(&s));
        // The same with a zero-star repository is not.
        let (s, _) = score(&parse("just text"), &no_rules(), &RepoFacts { stars: Some(0), ..Default::default() }, NOW);
        assert!(!admitted(&s));
    }
}
