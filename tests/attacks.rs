//! The evaluation set of `tests/attacks/` (see its README): every case's
//! expected outcome through `skills-guide scan`, and the goals of the set as
//! a whole.
//!
//! - An attack is *caught* when a finding at medium or above sits in the file
//!   that holds its payload (`case.json`'s `payload`), or names that file as
//!   the source end of a flow. A finding elsewhere in the folder does not
//!   count: it would be luck, not detection.
//! - A look-alike is *flagged* (a false alarm) when any finding of its folder
//!   is at medium or above.
//! - `tests/attacks/known-misses.txt` lists, with a reason each, the cases
//!   whose outcome is still wrong. The test fails when a case goes wrong that
//!   is not listed, and when a listed case has become right (take it off the
//!   list), so the list is always exactly today's misses.
//! - Goals: at least 90 % of the attacks caught, at most 10 % of the
//!   look-alikes flagged. They are printed, met or not; what is asserted is
//!   each case against the list, so the list's length is the distance left.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/attacks")
}

struct Case {
    id: String,
    kind: String,
    category: String,
    payload: String,
}

/// Every case under `attacks/` and `lookalikes/`, checked for its fields.
fn cases(root: &Path) -> Vec<Case> {
    let mut out = Vec::new();
    for (dir, kind) in [("attacks", "attack"), ("lookalikes", "lookalike")] {
        let mut entries: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir())
            .collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text =
                std::fs::read_to_string(path.join("case.json")).unwrap_or_else(|e| panic!("{name}: case.json: {e}"));
            let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: case.json: {e}"));
            let field = |k: &str| v[k].as_str().unwrap_or_else(|| panic!("{name}: case.json has no `{k}`")).to_owned();
            assert_eq!(field("id"), name, "{name}: the id is the folder's name");
            assert_eq!(field("kind"), kind, "{name}: kind");
            let source = field("source");
            assert!(source.starts_with("https://") || source.starts_with("http://"), "{name}: a source address");
            assert_eq!(field("read").len(), 10, "{name}: the date the source was read, YYYY-MM-DD");
            assert!(!field("summary").is_empty(), "{name}: a summary");
            let payload = field("payload");
            assert!(path.join("skill").join(&payload).is_file(), "{name}: the payload file {payload} exists in skill/");
            assert!(path.join("skill/SKILL.md").is_file(), "{name}: skill/SKILL.md");
            let category = field("category");
            out.push(Case { id: name, kind: kind.to_owned(), category, payload });
        }
    }
    out
}

/// `known-misses.txt`: a case id, then why, one per line; `#` comments.
fn known_misses(root: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(root.join("known-misses.txt")).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (id, why) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
            assert!(!why.trim().is_empty(), "known-misses.txt: {id} needs a reason");
            id.to_owned()
        })
        .collect()
}

fn medium_or_above(f: &Value) -> bool {
    matches!(f["severity"].as_str(), Some("medium" | "high" | "critical"))
}

/// The case id a report belongs to: `…/<attacks|lookalikes>/<id>/skill/SKILL.md`.
fn case_of(path: &str) -> Option<String> {
    let parts: Vec<&str> = path.split(['/', '\\']).collect();
    let i = parts.iter().rposition(|p| *p == "skill")?;
    (i >= 1).then(|| parts[i - 1].to_owned())
}

#[test]
fn the_evaluation_set_meets_its_goals_case_by_case() {
    let root = root();
    let cases = cases(&root);
    let attacks: Vec<&Case> = cases.iter().filter(|c| c.kind == "attack").collect();
    let lookalikes: Vec<&Case> = cases.iter().filter(|c| c.kind == "lookalike").collect();
    assert!(attacks.len() >= 60, "at least 60 attacks, got {}", attacks.len());
    let outside = attacks.iter().filter(|c| c.payload != "SKILL.md").count();
    assert!(outside * 2 >= attacks.len(), "at least half the attacks outside SKILL.md: {outside} of {}", attacks.len());
    assert!(lookalikes.len() >= 40, "at least 40 look-alikes, got {}", lookalikes.len());

    let out = Command::new(env!("CARGO_BIN_EXE_skills-guide"))
        .args(["scan", "--json", "--no-git", "--fail-on", "none"])
        .arg(&root)
        .env_remove("SKILLS_GUIDE_DATA_DIR")
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let reports: Vec<Value> = serde_json::from_slice(&out.stdout).expect("JSON");
    let by_case: BTreeMap<String, &Value> =
        reports.iter().filter_map(|r| Some((case_of(r["path"].as_str()?)?, r))).collect();

    let mut wrong = BTreeSet::new();
    let mut caught = 0;
    let mut flagged = 0;
    let mut by_category: BTreeMap<(&str, &str), (usize, usize)> = BTreeMap::new();
    for c in &cases {
        let report = by_case.get(&c.id).unwrap_or_else(|| panic!("{}: no report", c.id));
        let findings = report["findings"].as_array().expect("findings");
        let right = if c.kind == "attack" {
            let in_payload = |f: &&Value| {
                let file = f["file"].as_str().unwrap_or("SKILL.md");
                let source = f["source"]["file"].as_str().or(f["source"].is_object().then_some("SKILL.md"));
                file == c.payload || source == Some(c.payload.as_str())
            };
            let hit = findings.iter().filter(|f| medium_or_above(f)).any(|f| in_payload(&f));
            caught += usize::from(hit);
            hit
        } else {
            let hit = findings.iter().any(medium_or_above);
            flagged += usize::from(hit);
            !hit
        };
        let e = by_category.entry((c.kind.as_str(), c.category.as_str())).or_default();
        e.0 += 1;
        e.1 += usize::from(right);
        if !right {
            wrong.insert(c.id.clone());
        }
    }
    for ((kind, category), (n, right)) in &by_category {
        eprintln!("{kind:9} {category:24} {right}/{n} right");
    }
    eprintln!(
        "attacks caught: {caught} of {} ({:.1} %); look-alikes flagged: {flagged} of {} ({:.1} %)",
        attacks.len(),
        100.0 * caught as f64 / attacks.len() as f64,
        lookalikes.len(),
        100.0 * flagged as f64 / lookalikes.len() as f64
    );

    let known = known_misses(&root);
    let new: Vec<&String> = wrong.difference(&known).collect();
    let fixed: Vec<&String> = known.difference(&wrong).collect();
    assert!(new.is_empty(), "cases with the wrong outcome that known-misses.txt does not list: {new:?}");
    assert!(fixed.is_empty(), "cases now right: take them off known-misses.txt: {fixed:?}");
    // The goals are reported, not asserted: the list above already pins
    // every case, so a regression fails here case by case, and the figures
    // go to BENCHMARKS.md beside Cisco's scanner.
    let recall_met = caught * 10 >= attacks.len() * 9;
    let flags_met = flagged * 10 <= lookalikes.len();
    eprintln!(
        "goal, recall at least 90 %: {}; goal, false flags at most 10 %: {}",
        if recall_met { "met" } else { "not met" },
        if flags_met { "met" } else { "not met" }
    );
}
