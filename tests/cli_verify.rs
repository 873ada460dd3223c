//! `sync`, `verify` and `show` as a whole program against a fake model
//! server on loopback, configured through the contract's variables.

#[path = "support/cli.rs"]
mod cli;
#[path = "support/model_script.rs"]
mod model_script;

use cli::{folder, json, run};
use model_script::{audit, skill, Script};

#[test]
fn sync_against_a_model_publishes_holds_and_rejects_and_show_prints_the_card() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let from = folder(
        &tmp.path().join("skills"),
        &[("good", skill("good", "")), ("unsure", skill("unsure", "")), ("bad", skill("bad", ""))],
    );
    let model = Script::new()
        .audit("good", vec![audit("safe", 91, "publish")])
        .audit("unsure", vec![audit("safe", 60, "review")])
        .audit("bad", vec![audit("risky", 30, "reject")])
        .start();
    let url = model.url();
    let report = json(&run(&data, Some(&url), &["sync", "--from", &from, "--no-git", "--json"]));
    assert_eq!(report["new_skills"], 3);
    let readings = &report["readings"];
    assert_eq!(
        (readings["published"].as_u64(), readings["pending"].as_u64(), readings["rejected"].as_u64()),
        (Some(1), Some(1), Some(1)),
        "{report}"
    );
    assert!(readings["prompt_tokens"].as_u64().unwrap() > 0);
    assert!(report["readings_skipped"].is_null());

    let list = json(&run(&data, None, &["list", "--status", "published", "--json"]));
    let good = list.as_array().unwrap().iter().find(|e| e["name"] == "good").expect("good is published").clone();
    assert_eq!(
        (good["verified"].as_bool(), good["safety"].as_str(), good["quality"].as_u64()),
        (Some(true), Some("safe"), Some(91))
    );

    let shown = json(&run(&data, None, &["show", "good", "--json"]));
    assert_eq!(shown["reading"]["version"], "1");
    assert_eq!(shown["reading"]["audit_chars"], 40_000);
    assert_eq!(shown["reading"]["card_chars"], 4_000);
    assert_eq!(shown["audits"][0]["verdict"], "publish");
    assert!(shown["audits"][0]["manipulation_attempts"].as_array().unwrap().is_empty());
    assert!(shown["card"]["en"]["summary"].as_str().unwrap().starts_with("[en]"));
    assert!(shown["card"]["fr"]["summary"].as_str().unwrap().starts_with("[fr]"));
    assert_eq!(shown["card"]["level"], "beginner");

    let text = run(&data, None, &["show", "good", "--lang", "fr"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("[fr] good writes weekly reports."), "{text}");
    assert!(text.contains("Points forts:") && text.contains("pass 1: safe, quality 91, verdict publish"), "{text}");
    let bad = String::from_utf8_lossy(&run(&data, None, &["show", "bad"]).stdout).into_owned();
    assert!(bad.contains("rejected") && bad.contains("R-DEC-1"), "{bad}");

    // verify again: everything answered from the cache, nothing sent.
    let before = model.requests().len();
    let again = json(&run(&data, Some(&url), &["verify", "good", "unsure", "bad", "--json"]));
    assert_eq!((again["requests"].as_u64(), again["cached"].as_u64()), (Some(0), Some(9)), "{again}");
    assert_eq!(model.requests().len(), before);
}

#[test]
fn without_a_model_skills_stay_unverified_and_verify_says_why() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let from = folder(&tmp.path().join("skills"), &[("plain", skill("plain", ""))]);
    let model = Script::new().start();
    let url = model.url();
    // --no-llm: no request even with a model configured.
    let report = json(&run(&data, Some(&url), &["sync", "--from", &from, "--no-git", "--no-llm", "--json"]));
    assert!(report["readings"].is_null());
    assert!(report["readings_skipped"].as_str().unwrap().contains("--no-llm"));
    assert!(model.requests().is_empty());
    let list = json(&run(&data, None, &["list", "--status", "unverified", "--json"]));
    assert!(list
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["name"] == "plain" && e["verified"] == false && e["safety"].is_null()));

    let out = run(&data, None, &["verify", "--all"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no model is configured"));
    let out = run(&data, Some(&url), &["verify"]);
    assert_eq!(out.status.code(), Some(2), "no selection is bad usage");

    // verify --unverified reads it now.
    let v = json(&run(&data, Some(&url), &["verify", "--unverified", "--json"]));
    assert!(v["read"].as_u64().unwrap() >= 1, "{v}");
    let shown = json(&run(&data, None, &["show", "plain", "--json"]));
    assert_eq!(shown["status"], "published");
}

#[test]
fn a_refused_key_fails_the_command_after_the_import() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let from = folder(&tmp.path().join("skills"), &[("k", skill("k", ""))]);
    let model = skills_guide_testkit::FakeModel::start_with_key("sk-another-key-9999", Script::new().handler());
    let out = run(&data, Some(&model.url()), &["sync", "--from", &from, "--no-git"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("HTTP 401"), "{stderr}");
    let list = json(&run(&data, None, &["list", "--json"]));
    assert!(
        list.as_array().unwrap().iter().any(|e| e["name"] == "k" && e["status"] == "unverified"),
        "the import stays"
    );
}
