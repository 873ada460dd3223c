//! The whole shared corpus (2,520 real SKILL.md files, some of them malware
//! lures) through `skills-guide scan --json`: every file gets a valid object,
//! nothing panics, the hashes match the manifest, and every ClawHub
//! `base64 -D | bash` lure is flagged. Skipped, with a message, when the
//! corpus is not beside the project.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

#[path = "support/sarif.rs"]
mod sarif;

fn corpus() -> Option<PathBuf> {
    let dir = std::env::var_os("SKILLS_GUIDE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"));
    if dir.join("manifest.jsonl").is_file() {
        Some(dir)
    } else {
        eprintln!("skipping: no corpus at {} (set SKILLS_GUIDE_CORPUS)", dir.display());
        None
    }
}

/// The corpus's manifest: one object per file.
fn manifest(corpus: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(corpus.join("manifest.jsonl"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn scan_json_covers_the_whole_corpus() {
    let Some(corpus) = corpus() else { return };
    let manifest = manifest(&corpus);
    let skills = corpus.join("skills");
    let out = Command::new(env!("CARGO_BIN_EXE_skills-guide"))
        .args(["scan", "--json", "--fail-on", "none"])
        .arg(&skills)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let reports: Vec<Value> = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(reports.len(), manifest.len(), "one object per file");

    let by_path: HashMap<String, &Value> = reports
        .iter()
        .map(|r| {
            let p = PathBuf::from(r["path"].as_str().unwrap());
            let rel = p.strip_prefix(&corpus).unwrap().to_string_lossy().into_owned();
            (rel, r)
        })
        .collect();
    // The ClawHub lure: `echo '<base64>' | base64 -D | bash`, and its -d / --decode / sh spellings.
    let lure = regex::bytes::Regex::new(r"base64 +(-d|-D|--decode) *\| *(sudo +)?(ba|z)?sh").unwrap();
    let mut lures = 0;
    for m in &manifest {
        let file = m["file"].as_str().unwrap();
        let r = by_path.get(file).unwrap_or_else(|| panic!("no report for {file}"));
        assert_eq!(r["sha256"], m["sha256"], "{file}");
        assert_eq!(r["bytes"], m["bytes"], "{file}");
        let total = r["score"]["total"].as_u64().unwrap();
        assert!(total <= 100);
        assert_eq!(r["admitted"].as_bool().unwrap(), total >= 35, "{file}");
        let content = std::fs::read(corpus.join(file)).unwrap();
        if lure.is_match(&content) {
            lures += 1;
            let rules: Vec<&str> =
                r["findings"].as_array().unwrap().iter().map(|f| f["rule"].as_str().unwrap()).collect();
            assert!(rules.contains(&"hidden-base64"), "lure not flagged: {file}: {rules:?}");
        }
    }
    assert!(lures >= 10, "the corpus holds the ClawHub lures ({lures} found)");
    eprintln!("corpus: {} files scanned, {lures} base64 lures all flagged", reports.len());

    // The project rules for the agent's settings, hidden actions, secrets by
    // shape and credentials asked for in words, as the JSON carries them:
    // each with its severity; concealment only in security tools' malicious
    // test skills (the counts are pinned, after a read of every finding, by
    // the engine's corpus test).
    let mut per_rule: HashMap<&str, usize> = HashMap::new();
    for r in &reports {
        let mut seen = Vec::new();
        for f in r["findings"].as_array().unwrap() {
            let rule = f["rule"].as_str().unwrap();
            let expected = match rule {
                "concealment" => "medium",
                "agent-config-poisoning"
                | "secret-shape"
                | "credential-send-instruction"
                | "remote-instructions"
                | "defense-evasion" => "high",
                _ => continue,
            };
            // A finding kept at a lower severity says so, and why.
            let expected = f["lowered_to"].as_str().unwrap_or(expected);
            assert_eq!(f["severity"], expected, "{rule}: {f}");
            if !f["lowered_to"].is_null() {
                assert!(f["note"].as_str().is_some_and(|n| !n.is_empty()), "{rule}: {f}");
            }
            if !seen.contains(&rule) {
                seen.push(rule);
                *per_rule.entry(rule).or_default() += 1;
            }
            if rule == "concealment" {
                let path = r["path"].as_str().unwrap();
                assert!(path.contains("test-fixtures") || path.contains("/evals/"), "{path}: {f}");
            }
        }
    }
    assert!(per_rule.get("agent-config-poisoning").copied().unwrap_or(0) >= 20, "{per_rule:?}");
    // Credentials asked for in words once: a scanner's test fixture that
    // hides the sentence in base64 (found once decoded).
    assert_eq!(per_rule.get("credential-send-instruction"), Some(&1), "{per_rule:?}");
    // Orders fetched from the network: four ClawHub skills' `heartbeat.md`.
    assert_eq!(per_rule.get("remote-instructions"), Some(&4), "{per_rule:?}");
    // Malware protection turned off: no skill of the corpus does it.
    assert_eq!(per_rule.get("defense-evasion"), None, "{per_rule:?}");
    eprintln!("corpus: files per project rule: {per_rule:?}");
}

fn skills_guide(data: &std::path::Path, args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_skills-guide")).arg("--data-dir").arg(data).args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// R-DUP-1 on real data: after `sync --from dir:` of the corpus, the copy
/// groups are exactly the groups of identical SHA-256 in the manifest; then a
/// few real queries find what a person would expect.
#[test]
fn catalog_of_the_corpus_groups_copies_like_the_manifest_and_searches_well() {
    let Some(corpus) = corpus() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path();
    let from = format!("dir:{}", corpus.join("skills").display());
    let summary = skills_guide(data, &["sync", "--from", &from, "--no-llm", "--no-git", "--json"]);
    assert_eq!(summary["errors"].as_array().unwrap().len(), 0, "{}", summary["errors"]);
    let list = skills_guide(data, &["list", "--json"]);
    let canonical = std::fs::canonicalize(corpus.join("skills")).unwrap();
    let mut by_file: HashMap<String, &Value> = HashMap::new();
    for e in list.as_array().unwrap() {
        let path = e["source"]["path"].as_str().unwrap();
        if let Ok(rel) = std::path::Path::new(path).strip_prefix(&canonical) {
            by_file.insert(format!("skills/{}", rel.to_string_lossy()), e);
        }
    }
    let manifest = manifest(&corpus);
    assert_eq!(by_file.len(), manifest.len(), "every corpus file is in the catalog");
    let mut groups: HashMap<&str, Vec<&Value>> = HashMap::new();
    for m in &manifest {
        let entry = by_file[m["file"].as_str().unwrap()];
        assert_eq!(entry["sha256"], m["sha256"]);
        groups.entry(m["sha256"].as_str().unwrap()).or_default().push(entry);
    }
    let mut copy_groups = 0;
    for (sha, members) in &groups {
        let admitted: Vec<&&Value> = members.iter().filter(|e| e["status"] != "excluded").collect();
        let kept: Vec<&&&Value> = admitted.iter().filter(|e| e["copy_of"].is_null()).collect();
        if admitted.is_empty() {
            continue;
        }
        assert_eq!(kept.len(), 1, "group {sha}: exactly one kept");
        let kept_id = kept[0]["id"].as_str().unwrap();
        for e in &admitted {
            if e["id"] != kept_id {
                assert_eq!(e["copy_of"], kept_id, "group {sha}");
            }
        }
        if admitted.len() > 1 {
            copy_groups += 1;
        }
    }
    let copies = list.as_array().unwrap().iter().filter(|e| !e["copy_of"].is_null()).count();
    let expected: usize =
        groups.values().map(|g| g.iter().filter(|e| e["status"] != "excluded").count().saturating_sub(1)).sum();
    assert_eq!(copies, expected + 1, "copies are the manifest's duplicates (plus the starter example's copy)");
    eprintln!("corpus catalog: {} copy groups, {copies} copies", copy_groups);

    // Relevance on a handful of real queries: the top hits are about the query.
    let top = |q: &str, n: usize| -> Vec<String> {
        let hits = skills_guide(data, &["search", q, "--limit", &n.to_string(), "--json"]);
        hits.as_array()
            .unwrap()
            .iter()
            .map(|h| {
                format!("{} {}", h["name"].as_str().unwrap_or(""), h["description"].as_str().unwrap_or(""))
                    .to_lowercase()
            })
            .collect()
    };
    for (query, words) in [
        ("pdf", &["pdf"][..]),
        ("kubernetes", &["kubernetes", "k8s", "kube", "helm"][..]),
        ("kubernets", &["kubernetes", "k8s", "kube", "helm"][..]),
        ("git commit", &["commit", "git"][..]),
        ("excel spreadsheet", &["excel", "spreadsheet", "xlsx", "sheet"][..]),
        ("security audit", &["security", "audit", "vulnerab"][..]),
    ] {
        let hits = top(query, 5);
        assert!(hits.len() >= 3, "{query}: too few hits: {hits:?}");
        for h in &hits {
            assert!(words.iter().any(|w| h.contains(w)), "{query}: off-topic hit {h:?} in {hits:?}");
        }
    }
}

#[test]
fn the_whole_corpus_as_sarif_validates_against_the_schema() {
    let Some(corpus) = corpus() else { return };
    let out = Command::new(env!("CARGO_BIN_EXE_skills-guide"))
        .args(["scan", "--format", "sarif", "--no-git"])
        .arg(corpus.join("skills"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "the lures are high or critical: {}", String::from_utf8_lossy(&out.stderr));
    sarif::assert_valid_bytes(&out.stdout);
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert!(results.iter().any(|r| r["ruleId"] == "hidden-base64" && r["level"] == "error"));
    for r in results {
        let uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str().unwrap();
        assert!(uri.starts_with("file:///") && !uri.contains(' '), "{uri}");
    }
}
