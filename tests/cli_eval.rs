//! `eval REFERENCE.jsonl` as a whole program (R-EVAL-1): a catalog built
//! from a folder through a fake model server on loopback, a reference
//! written by hand, and every number of the report checked against values
//! computed by hand below.

#[path = "support/cli.rs"]
mod cli;
#[path = "support/model_script.rs"]
mod model_script;

use std::path::Path;

use cli::{json, json_exit, run};
use model_script::{audit, skill, skill_with_tools, Script};
use serde_json::Value;
use skills_guide_testkit::Reply;

fn rate_is(v: &Value, expected: f64) {
    let r = v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"));
    assert!((r - expected).abs() < 1e-9, "{r} != {expected}");
}

/// The catalog of the test: through the model, `good` published/safe,
/// `unsure` pending/safe, `bad` rejected/risky, `careful` published/caution,
/// `broken` unverified (its reading fails, no rating: R-LLM-8), `solo` and
/// its exact copy published/safe, two different skills named `twin`; and the
/// starter examples, among them `quick-note`, excluded (under 35).
fn catalog(root: &Path) -> std::path::PathBuf {
    let data = root.join("data");
    let skills = root.join("skills");
    let files = [
        ("good", skill("good", "")),
        ("unsure", skill("unsure", "")),
        ("bad", skill("bad", "")),
        ("careful", skill("careful", "")),
        ("broken", skill("broken", "")),
        ("solo", skill("solo", "")),
        ("solo-copy", skill("solo", "")),
        ("twin-a", skill("twin", "")),
        ("twin-b", skill_with_tools("twin", Some("Bash"), "")),
    ];
    for (dir, text) in &files {
        std::fs::create_dir_all(skills.join(dir)).unwrap();
        std::fs::write(skills.join(dir).join("SKILL.md"), text).unwrap();
    }
    let model = Script::new()
        .audit("good", vec![audit("safe", 91, "publish")])
        .audit("unsure", vec![audit("safe", 60, "review")])
        .audit("bad", vec![audit("risky", 30, "reject")])
        // Caution runs a second pass (R-LLM-6), scripted safe 90 publish: shown caution, published.
        .audit("careful", vec![audit("caution", 88, "publish")])
        .audit_attempts("broken", vec![Reply::Answer("Sure! Looks fine.".into())])
        .start();
    let from = format!("dir:{}", skills.display());
    // `broken`'s reading fails: the sync says so with its exit status (3).
    json_exit(&run(&data, Some(&model.url()), &["sync", "--from", &from, "--no-git", "--json"]), 3);
    data
}

#[test]
fn r_eval_1_eval_measures_agreement_with_a_hand_made_reference() {
    let tmp = tempfile::tempdir().unwrap();
    let data = catalog(tmp.path());
    let list = json(&run(&data, None, &["list", "--json"]));
    let list = list.as_array().unwrap();
    let entry = |pred: &dyn Fn(&Value) -> bool| list.iter().find(|e| pred(e)).expect("the catalog has it");
    let status_of = |name: &str| entry(&|e| e["name"] == name)["status"].as_str().unwrap().to_owned();
    // The catalog is as the reference below assumes.
    for (name, status) in [
        ("good", "published"),
        ("unsure", "pending"),
        ("bad", "rejected"),
        ("careful", "published"),
        ("broken", "unverified"),
    ] {
        assert_eq!(status_of(name), status, "{name}");
    }
    assert_eq!(entry(&|e| e["name"] == "careful")["safety"], "caution");
    assert!(entry(&|e| e["name"] == "broken")["safety"].is_null());
    let copy = entry(&|e| e["name"] == "solo" && !e["copy_of"].is_null());
    let (copy_id, kept_id) = (copy["id"].as_str().unwrap(), copy["copy_of"].as_str().unwrap());
    let kept = entry(&|e| e["id"] == kept_id);
    assert_eq!((kept["status"].as_str(), kept["safety"].as_str()), (Some("published"), Some("safe")));
    // quick-note has no header, hence no name: found by its path.
    let excluded = entry(&|e| e["source"]["path"].as_str().is_some_and(|p| p.ends_with("quick-note/SKILL.md")));
    assert_eq!(excluded["status"], "excluded");
    let excluded_id = excluded["id"].as_str().unwrap();
    let good_id = entry(&|e| e["name"] == "good")["id"].as_str().unwrap();

    let line = |key: &str, value: &str, judgments: &str| format!("{{\"{key}\": \"{value}\"{judgments}}}");
    let both = |s1: &str, s2: &str, f1: &str, f2: &str| {
        format!(", \"status\": \"{s1}\", \"status_2\": \"{s2}\", \"safety\": \"{f1}\", \"safety_2\": \"{f2}\"")
    };
    let reference = [
        "# hand-made reference (R-EVAL-1)".to_owned(),                         // 1
        line("name", "good", &both("published", "published", "safe", "safe")), // 2
        line("name", "unsure", &both("published", "published", "safe", "safe")), // 3
        line("name", "bad", &both("rejected", "pending", "risky", "risky")),   // 4
        line("name", "broken", &both("pending", "pending", "caution", "caution")), // 5
        line("name", "careful", &both("published", "published", "safe", "caution")), // 6
        line("id", copy_id, &(both("rejected", "rejected", "safe", "safe") + ", \"note\": \"x\"")), // 7
        String::new(),                                                         // 8
        line("id", &excluded_id[..6], ", \"status\": \"rejected\", \"status_2\": \"rejected\", \"safety\": \"risky\""), // 9
        line("name", "ghost", ", \"status\": \"published\", \"status_2\": \"published\""), // 10
        line("name", "twin", ", \"status\": \"pending\", \"status_2\": \"pending\""),      // 11
        line("id", &good_id[..8], ", \"status\": \"published\", \"status_2\": \"published\""), // 12
    ]
    .join("\n");
    let path = tmp.path().join("reference.jsonl");
    std::fs::write(&path, reference).unwrap();
    let path = path.to_str().unwrap();

    let r = json(&run(&data, None, &["eval", path, "--json"]));
    // 10 lines name a skill (2..7, 9..12); ghost and twin are unmatched, line 12 repeats good: 7 matched.
    assert_eq!((r["lines"].as_u64(), r["matched"].as_u64()), (Some(10), Some(7)), "{r:#}");
    let unmatched = r["unmatched"].as_array().unwrap();
    assert_eq!(unmatched.len(), 2);
    assert_eq!((unmatched[0]["line"].as_u64(), unmatched[0]["key"].as_str()), (Some(10), Some("ghost")));
    assert_eq!(unmatched[0]["reason"], "not_found");
    assert_eq!((unmatched[1]["line"].as_u64(), unmatched[1]["reason"].as_str()), (Some(11), Some("ambiguous")));
    assert_eq!(unmatched[1]["candidates"].as_array().unwrap().len(), 2);
    assert_eq!(r["repeated"][0]["line"], 12);
    assert_eq!(r["repeated"][0]["first_line"], 2);

    // Status, by hand (reference → pipeline):
    //   good published→published (agree), unsure published→pending, bad dropped (rejected/pending),
    //   broken pending→unverified, careful published→published (agree),
    //   the copy rejected→published (its kept skill's decision, R-DUP-1), quick-note rejected→excluded.
    //   counted 6, agree 2, dropped 1, not judged twice 0: 2/6.
    let s = &r["status"];
    assert_eq!(
        (s["agree"].as_u64(), s["counted"].as_u64(), s["dropped"].as_u64(), s["not_judged_twice"].as_u64()),
        (Some(2), Some(6), Some(1), Some(0))
    );
    rate_is(&s["rate"], 2.0 / 6.0);
    let c = &s["confusion"];
    assert_eq!(
        c["published"],
        serde_json::json!({"published": 2, "pending": 1, "rejected": 0, "unverified": 0, "excluded": 0})
    );
    assert_eq!(
        c["pending"],
        serde_json::json!({"published": 0, "pending": 0, "rejected": 0, "unverified": 1, "excluded": 0})
    );
    assert_eq!(
        c["rejected"],
        serde_json::json!({"published": 1, "pending": 0, "rejected": 0, "unverified": 0, "excluded": 1})
    );

    // Rating, by hand: good, unsure, the copy safe→safe; bad risky→risky; broken caution→unread
    // (R-LLM-8); careful dropped (safe/caution); quick-note judged once.
    //   counted 5, agree 4, dropped 1, not judged twice 1: 4/5.
    let f = &r["safety"];
    assert_eq!(
        (f["agree"].as_u64(), f["counted"].as_u64(), f["dropped"].as_u64(), f["not_judged_twice"].as_u64()),
        (Some(4), Some(5), Some(1), Some(1))
    );
    rate_is(&f["rate"], 0.8);
    let c = &f["confusion"];
    assert_eq!(c["safe"], serde_json::json!({"safe": 3, "caution": 0, "risky": 0, "unread": 0}));
    assert_eq!(c["caution"], serde_json::json!({"safe": 0, "caution": 0, "risky": 0, "unread": 1}));
    assert_eq!(c["risky"], serde_json::json!({"safe": 0, "caution": 0, "risky": 1, "unread": 0}));

    // Generous: not published by the reference (counted): broken, the copy, quick-note = 3;
    // the pipeline published the copy: 1 of 3. Strict: published by the reference: good,
    // unsure, careful = 3; the pipeline did not publish unsure: 1 of 3.
    assert_eq!((r["generous"]["count"].as_u64(), r["generous"]["out_of"].as_u64()), (Some(1), Some(3)));
    rate_is(&r["generous"]["rate"], 1.0 / 3.0);
    assert_eq!((r["strict"]["count"].as_u64(), r["strict"]["out_of"].as_u64()), (Some(1), Some(3)));
    rate_is(&r["strict"]["rate"], 1.0 / 3.0);

    // The copy's line says whose decision judged it (R-DUP-1).
    let skills = r["skills"].as_array().unwrap();
    assert_eq!(skills.len(), 7);
    let copy_line = skills.iter().find(|j| j["line"] == 7).unwrap();
    assert_eq!((copy_line["skill_id"].as_str(), copy_line["judged_as"].as_str()), (Some(copy_id), Some(kept_id)));
    assert_eq!(copy_line["pipeline_status"], "published");
    let broken = skills.iter().find(|j| j["line"] == 5).unwrap();
    assert!(broken["pipeline_safety"].is_null());

    // The human report: the rates with their counts, the matrices, the unmatched lines.
    let out = run(&data, None, &["eval", path]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    for expected in [
        "status: 33.3 % (2 of 6 judged the same twice; 1 dropped",
        "rating: 80.0 % (4 of 5 judged the same twice; 1 dropped",
        "generous: of the 3 skill(s) the reference did not publish, the pipeline published 1 (33.3 %)",
        "strict: of the 3 skill(s) the reference published, the pipeline did not publish 1 (33.3 %)",
        "published  pending  rejected  unverified  excluded",
        "safe  caution  risky  unread",
        "line   10  ghost: no such skill",
        "line   11  twin: matches several skills",
        "the same skill as line 2",
        "R-DUP-1",
    ] {
        assert!(text.contains(expected), "missing `{expected}` in:\n{text}");
    }
}

#[test]
fn r_eval_1_a_bad_reference_fails_naming_its_line() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let cases = [
        (
            "not-json.jsonl",
            "{\"name\": \"tidy-commit-messages\"}\n# fine so far\n{\"name\": oops}\n",
            3,
            "not valid JSON",
        ),
        ("bad-status.jsonl", "\n{\"name\": \"x\", \"status\": \"publish\"}\n", 2, "`status` is \"publish\""),
        ("bad-safety.jsonl", "{\"id\": \"abcd\", \"safety_2\": \"dangerous\"}\n", 1, "`safety_2` is \"dangerous\""),
        ("no-skill.jsonl", "{\"status\": \"pending\"}\n", 1, "names no skill"),
    ];
    for (file, text, line, message) in cases {
        let path = tmp.path().join(file);
        std::fs::write(&path, text).unwrap();
        let out = run(&data, None, &["eval", path.to_str().unwrap(), "--json"]);
        assert_eq!(out.status.code(), Some(1), "{file}");
        assert!(out.stdout.is_empty(), "{file}: nothing on stdout");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(&format!("{file}: line {line}: ")) && stderr.contains(message), "{file}: {stderr}");
    }
    let out = run(&data, None, &["eval", tmp.path().join("missing.jsonl").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read the reference file"));
    assert!(!data.exists(), "a bad reference fails before the catalog is opened");
}
