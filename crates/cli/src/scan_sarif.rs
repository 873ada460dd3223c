//! `scan --format sarif`: the reviewed scan as SARIF 2.1.0, the format GitHub
//! code scanning and most scanners' viewers read.
//!
//! One run; `tool.driver.rules` holds every fixed rule (so a viewer can show
//! a rule's help even for rules that found nothing); one result per finding
//! at its file (SKILL.md or another file of the skill folder) and line (no
//! region for a finding on a whole file: a binary, a link), with the excerpt as the region's snippet, a
//! `partialFingerprints` entry that survives moved lines, and the accepted
//! findings kept with a `suppressions` entry giving the reviewer's reason.
//! Files that could not be read are tool execution notifications, and the
//! invocation is then not successful; stale accepted-findings entries are
//! configuration notifications.
//!
//! Never here: a decision. This only writes what `scan_review` decided.

use serde_json::{json, Value};
use skills_guide_engine::rules::{RuleId, Severity};

use crate::scan_review::{Located, Review};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
const ROOT_ID: &str = "%SRCROOT%";
/// The key of our fingerprint in `partialFingerprints`, versioned like the
/// fingerprint itself.
const FINGERPRINT_KEY: &str = "skillsGuideFinding/v1";

/// SARIF's `level` for a severity: GitHub shows `error` and `warning` as
/// alerts, and orders security alerts by `security-severity`.
fn level(s: Severity) -> &'static str {
    match s {
        Severity::Critical | Severity::High => "error",
        Severity::Medium => "warning",
        Severity::Low => "note",
    }
}

/// The whole SARIF log.
pub fn log(review: &Review<'_>, accept_source: Option<&str>) -> Value {
    let rules: Vec<Value> = RuleId::ALL.iter().map(|r| rule(*r)).collect();
    let mut results = Vec::new();
    let mut notifications = Vec::new();
    for file in &review.files {
        if file.report.sha256.is_none() {
            let why = file.report.errors.join("; ");
            notifications.push(json!({
                "level": "error",
                "message": { "text": format!("{} could not be read: {why}", file.at.file) },
                "locations": [ { "physicalLocation": { "artifactLocation": artifact(&file.at) } } ],
            }));
        }
        for r in &file.findings {
            let index = RuleId::ALL.iter().position(|x| *x == r.finding.rule).unwrap_or(0);
            let mut location = json!({ "artifactLocation": artifact(&r.at) });
            // Line 0 is a finding on the whole file (a binary, a link): no region.
            if r.finding.line > 0 {
                location["region"] = json!({ "startLine": r.finding.line, "snippet": { "text": r.finding.excerpt } });
            }
            let mut result = json!({
                "ruleId": r.finding.rule.as_str(),
                "ruleIndex": index,
                "level": level(r.severity),
                "message": { "text": format!("{} ({}): {}", r.finding.rule.summary(), r.severity, r.finding.excerpt) },
                "locations": [ { "physicalLocation": location } ],
                "partialFingerprints": { FINGERPRINT_KEY: r.fingerprint },
                "properties": { "severity": r.severity.as_str() },
            });
            if let Some(e) = r.accepted {
                result["suppressions"] = json!([ {
                    "kind": "external",
                    "status": "accepted",
                    "justification": e.reason,
                    "location": accept_source.map(|s| json!({
                        "physicalLocation": { "artifactLocation": { "uri": s } }
                    })),
                } ]);
                strip_nulls(&mut result["suppressions"][0]);
            }
            results.push(result);
        }
    }
    let stale: Vec<Value> = review
        .stale
        .iter()
        .map(|e| {
            json!({
                "level": "warning",
                "message": { "text": format!(
                    "accepted finding {} ({} in {}) matches nothing: remove it or fix its path, line or fingerprint",
                    e.number, e.rule.as_str(), e.path) },
            })
        })
        .collect();
    let unreadable = review.unreadable();
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [ {
            "tool": { "driver": {
                "name": "skills-guide",
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            } },
            "originalUriBaseIds": { ROOT_ID: { "uri": dir_uri(&review.root.to_string_lossy()) } },
            "invocations": [ {
                "executionSuccessful": unreadable == 0,
                "toolExecutionNotifications": notifications,
                "toolConfigurationNotifications": stale,
            } ],
            "results": results,
        } ],
    })
}

fn rule(r: RuleId) -> Value {
    let s = r.severity();
    json!({
        "id": r.as_str(),
        "name": r.camel_name(),
        "shortDescription": { "text": r.summary() },
        "fullDescription": { "text": r.description() },
        "help": {
            "text": r.help(),
            "markdown": format!("{}\n\n{}\n\nSeverity: **{}** ({})", r.description(), r.help(), s, r.spec_ref()),
        },
        "defaultConfiguration": { "level": level(s) },
        "properties": {
            "security-severity": s.security_score(),
            "tags": ["security", "agent-skill", r.spec_ref()],
            "precision": "high",
        },
    })
}

fn artifact(at: &Located) -> Value {
    if at.under_root {
        json!({ "uri": encode_path(&at.file), "uriBaseId": ROOT_ID })
    } else {
        json!({ "uri": file_uri(&at.file) })
    }
}

fn strip_nulls(v: &mut Value) {
    if let Value::Object(m) = v {
        m.retain(|_, x| !x.is_null());
    }
}

/// A path's bytes percent-encoded for a URI, `/` kept: RFC 3986's unreserved
/// characters and the sub-delimiters a path may hold stay as they are.
fn encode_path(p: &str) -> String {
    let mut out = String::with_capacity(p.len());
    for b in p.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn file_uri(abs: &str) -> String {
    let p = abs.replace('\\', "/");
    let p = if p.starts_with('/') { p } else { format!("/{p}") };
    format!("file://{}", encode_path(&p))
}

fn dir_uri(abs: &str) -> String {
    let u = file_uri(abs);
    if u.ends_with('/') {
        u
    } else {
        u + "/"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uris_with_their_odd_bytes_encoded() {
        assert_eq!(encode_path("skills/my skill/SKILL.md"), "skills/my%20skill/SKILL.md");
        assert_eq!(encode_path("a/é#?.md"), "a/%C3%A9%23%3F.md");
        assert_eq!(file_uri("/tmp/x y"), "file:///tmp/x%20y");
        assert_eq!(dir_uri("/repo"), "file:///repo/");
        assert_eq!(dir_uri("/"), "file:///");
    }

    #[test]
    fn levels_follow_severities() {
        assert_eq!(level(Severity::Critical), "error");
        assert_eq!(level(Severity::High), "error");
        assert_eq!(level(Severity::Medium), "warning");
        assert_eq!(level(Severity::Low), "note");
    }
}
