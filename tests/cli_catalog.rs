//! The catalog commands as a whole program: `sync --from dir:`, `list`,
//! `search` (and its `--sort` orders), `show`, the starter catalog, bad
//! input, and a sync killed mid-way (kill -9) that leaves a consistent catalog.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;
use skills_guide_testkit::{FakeGithub, Repo, World};

fn run(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skills-guide"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// `run`, pointed at a fake GitHub (the contract's variables).
fn run_with_github(data: &Path, gh: &FakeGithub, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skills-guide"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .env("GITHUB_TOKEN", FakeGithub::TOKEN)
        .env("SKILLS_GUIDE_GITHUB_API", gh.api_base())
        .env("SKILLS_GUIDE_GITHUB_RAW", gh.raw_base())
        .env_remove("SKILLS_GUIDE_LLM_URL")
        .env_remove("SKILLS_GUIDE_LLM_KEY")
        .env_remove("DEEPSEEK_API_KEY")
        .output()
        .expect("the binary runs")
}

fn json(data: &Path, args: &[&str]) -> Value {
    let out = run(data, args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.stderr.is_empty() || !args.contains(&"--json"),
        "--json keeps stderr quiet: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

fn write(dir: &Path, rel: &str, content: &str) {
    let p = dir.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, content).unwrap();
}

/// A distinct, well-formed skill.
fn skill(name: &str, topic: &str) -> String {
    format!(
        "---\nname: {name}\ndescription: Helps with {topic} tasks. Use when the user works on {topic}.\n---\n\
         # {name}\n\n## Purpose\nMake {topic} work easy.\n\n## When to use\nWhen {topic} comes up.\n\n\
         ## Instructions\n1. Look at the {topic} files.\n2. Explain what you will change.\n\n## Rules\n- Ask first.\n"
    )
}

fn sync_dir(data: &Path, dir: &Path) -> Value {
    let from = format!("dir:{}", dir.display());
    json(data, &["sync", "--from", &from, "--no-llm", "--no-git", "--json"])
}

#[test]
fn a_fresh_catalog_opens_with_the_starter_examples() {
    let tmp = tempfile::tempdir().unwrap();
    let list = json(tmp.path(), &["list", "--json"]);
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 13, "the examples");
    for e in list {
        for key in [
            "id",
            "name",
            "title",
            "sha256",
            "status",
            "verified",
            "safety",
            "quality",
            "score",
            "copy_of",
            "indexable",
            "source",
        ] {
            assert!(e.get(key).is_some(), "missing {key}: {e}");
        }
        assert_eq!(e["verified"], false, "R-LLM-8: nothing was read by a model");
        assert_eq!(e["safety"], Value::Null);
    }
    let copies: Vec<&Value> = list.iter().filter(|e| !e["copy_of"].is_null()).collect();
    assert_eq!(copies.len(), 1, "the example copy points at its original (R-DUP-1)");
    let excluded: Vec<&Value> = list.iter().filter(|e| e["status"] == "excluded").collect();
    assert_eq!(excluded.len(), 1, "one example scores under 35 (R-SCORE-7): {excluded:?}");
    // Opening again imports nothing more.
    assert_eq!(json(tmp.path(), &["list", "--json"]).as_array().unwrap().len(), 13);
}

#[test]
fn r_src_2_sync_twice_imports_nothing_new_and_an_edit_makes_one_new_version() {
    let tmp = tempfile::tempdir().unwrap();
    let (data, dir) = (tmp.path().join("data"), tmp.path().join("skills"));
    for (i, topic) in ["kubernetes", "pdf", "postgres"].iter().enumerate() {
        write(&dir, &format!("s{i}/SKILL.md"), &skill(&format!("{topic}-helper"), topic));
    }
    let first = sync_dir(&data, &dir);
    assert_eq!((first["discovered"].as_u64(), first["new_skills"].as_u64()), (Some(3), Some(3)));
    let second = sync_dir(&data, &dir);
    assert_eq!(second["new_skills"], 0);
    assert_eq!(second["new_versions"], 0);
    assert_eq!(second["unchanged"], 3);

    write(&dir, "s1/SKILL.md", &(skill("pdf-helper", "pdf") + "\n## Notes\nAlso merges files.\n"));
    let third = sync_dir(&data, &dir);
    assert_eq!((third["new_versions"].as_u64(), third["unchanged"].as_u64()), (Some(1), Some(2)));

    let shown = json(&data, &["show", "pdf-helper", "--json"]);
    assert_eq!(shown["versions"], 2);
    assert!(shown["content"].as_str().unwrap().contains("Also merges files."));
    let list = json(&data, &["list", "--json"]);
    assert_eq!(list.as_array().unwrap().len(), 13 + 3, "examples plus three skills, one of them with two versions");
}

#[test]
fn search_and_show_work_offline_with_the_contract_fields() {
    let tmp = tempfile::tempdir().unwrap();
    let (data, dir) = (tmp.path().join("data"), tmp.path().join("skills"));
    write(&dir, "k/SKILL.md", &skill("kube-deploy", "kubernetes"));
    write(&dir, "p/SKILL.md", &skill("paper-tools", "pdf"));
    sync_dir(&data, &dir);

    let hits = json(&data, &["search", "kubernets", "--json"]);
    let names: Vec<&str> = hits.as_array().unwrap().iter().filter_map(|h| h["name"].as_str()).collect();
    assert_eq!(names.first(), Some(&"kube-deploy"), "typo tolerance: {names:?}");

    let hits = json(&data, &["search", "pdf", "--json"]);
    let names: Vec<&str> = hits.as_array().unwrap().iter().filter_map(|h| h["name"].as_str()).collect();
    assert!(names.contains(&"paper-tools") && names.contains(&"pdf-toolkit"), "{names:?}");

    let id = hits.as_array().unwrap().iter().find(|h| h["name"] == "paper-tools").unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let shown = json(&data, &["show", &id, "--json"]);
    for key in ["content", "findings", "audits", "card", "reading", "source", "score", "status"] {
        assert!(shown.get(key).is_some(), "show lacks {key}");
    }
    assert_eq!(shown["source"]["kind"], "dir");
    assert!(shown["source"]["path"].as_str().unwrap().ends_with("p/SKILL.md"));

    let text = String::from_utf8(run(&data, &["show", &id, "--content"]).stdout).unwrap();
    assert!(text.contains("Not read by the model yet: no Verified badge and no safety analysis."), "{text}");
    assert!(text.contains("    1  ---"), "line-numbered content: {text}");

    let excluded = json(&data, &["search", "quick note", "--json"]);
    assert!(
        excluded.as_array().unwrap().iter().all(|h| h["status"] != "excluded"),
        "excluded skills stay out of default results"
    );
    let status = json(&data, &["list", "--status", "excluded", "--json"]);
    assert!(status.as_array().unwrap().iter().all(|h| h["status"] == "excluded"));
    assert_eq!(run(&data, &["list", "--status", "nonsense"]).status.code(), Some(2), "bad usage");
    assert_eq!(run(&data, &["search", "x", "--safety", "meh"]).status.code(), Some(2), "bad usage");
    assert_eq!(run(&data, &["sync", "--from", "ftp://x"]).status.code(), Some(2), "bad usage");
    assert_eq!(run(&data, &["show", "no-such-skill"]).status.code(), Some(1));
}

#[test]
fn search_sort_stars_orders_by_the_repositories_stars_unknown_last() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    // The fewer stars, the better the match: relevance and stars disagree.
    let date = "2026-11-01T00:00:00Z";
    let world = World::new()
        .repo(Repo::new("acme/few").stars(3).file("s/SKILL.md", skill("weekly-report-weekly", "weekly reports"), date))
        .repo(Repo::new("acme/some").stars(40).file("s/SKILL.md", skill("report-writer", "weekly notes"), date))
        .repo(Repo::new("acme/many").stars(900).file("s/SKILL.md", skill("note-taker", "notes, weekly"), date));
    let gh = FakeGithub::start(world);
    let out = run_with_github(&data, &gh, &["sync", "--from", "github", "--no-llm", "--no-git", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    let names = |args: &[&str]| -> Vec<String> {
        json(&data, args).as_array().unwrap().iter().map(|h| h["name"].as_str().unwrap_or("").to_owned()).collect()
    };
    let by_stars = names(&["search", "weekly", "--sort", "stars", "--json"]);
    assert_eq!(by_stars, ["note-taker", "report-writer", "weekly-report-weekly"], "900, 40, 3 stars");
    let by_relevance = names(&["search", "weekly", "--json"]);
    assert_ne!(by_relevance, by_stars, "the sort is not the relevance order: {by_relevance:?}");
    let default_sort = names(&["search", "weekly", "--sort", "relevance", "--json"]);
    assert_eq!(default_sort, by_relevance);
    // Every skill: the three GitHub ones first, then the starter examples (local files, stars unknown).
    let all = names(&["search", "", "--sort", "stars", "--limit", "100", "--json"]);
    assert_eq!(all[..3], ["note-taker", "report-writer", "weekly-report-weekly"], "{all:?}");
    assert!(all.len() > 3);
    // A page is the start of the same order.
    let page = names(&["search", "", "--sort", "stars", "--limit", "2", "--json"]);
    assert_eq!(page, all[..2]);

    let bad = run(&data, &["search", "weekly", "--sort", "popularity"]);
    assert_eq!(bad.status.code(), Some(2), "bad usage");
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("unknown sort `popularity`") && err.contains("freshness"), "{err}");
    assert!(bad.stdout.is_empty());
    let tool = names(&["search", "", "--tool", "Claude Code", "--level", "beginner", "--json"]);
    assert!(tool.is_empty(), "no card read without a model: {tool:?}");
}

#[cfg(unix)]
#[test]
fn bad_input_every_file_is_accounted_for() {
    let tmp = tempfile::tempdir().unwrap();
    let (data, dir) = (tmp.path().join("data"), tmp.path().join("skills"));
    write(&dir, "good/SKILL.md", &skill("good-one", "docs"));
    std::fs::create_dir_all(dir.join("big")).unwrap();
    let big = std::fs::File::create(dir.join("big/SKILL.md")).unwrap();
    big.set_len(50 * 1024 * 1024).unwrap(); // a 50 MB (sparse) file
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    std::fs::write(dir.join("bin/SKILL.md"), (0..=255u8).cycle().take(100_000).collect::<Vec<u8>>()).unwrap();
    std::fs::create_dir_all(dir.join("dangling")).unwrap();
    std::os::unix::fs::symlink(dir.join("nowhere"), dir.join("dangling/SKILL.md")).unwrap();
    std::fs::create_dir_all(dir.join("loop")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("loop/again")).unwrap();
    for i in 0..1_000 {
        write(&dir, &format!("copies/c{i}/SKILL.md"), &skill("same-skill", "copies"));
    }
    let s = sync_dir(&data, &dir);
    let accounted = s["new_skills"].as_u64().unwrap()
        + s["new_versions"].as_u64().unwrap()
        + s["unchanged"].as_u64().unwrap()
        + s["errors"].as_array().unwrap().len() as u64
        + s["not_reached"].as_u64().unwrap();
    assert_eq!(accounted, s["discovered"].as_u64().unwrap(), "every file accounted for: {s}");
    let errors: Vec<String> =
        s["errors"].as_array().unwrap().iter().map(|e| format!("{} {}", e["path"], e["reason"])).collect();
    assert!(errors.iter().any(|e| e.contains("big") && e.contains("limit")), "{errors:?}");
    assert!(errors.iter().any(|e| e.contains("loop")), "{errors:?}");
    assert!(errors.iter().any(|e| e.contains("dangling")), "{errors:?}");
    assert_eq!(s["new_skills"], 1 + 1 + 1_000, "good, binary, and the copies");
    let list = json(&data, &["list", "--json"]);
    let copies = list.as_array().unwrap().iter().filter(|e| !e["copy_of"].is_null()).count();
    assert_eq!(copies, 999 + 1, "999 copies of same-skill, plus the example copy");
}

#[cfg(unix)]
#[test]
fn a_sync_killed_mid_way_leaves_a_consistent_catalog_and_resumes() {
    let tmp = tempfile::tempdir().unwrap();
    let (data, dir) = (tmp.path().join("data"), tmp.path().join("skills"));
    let total = 3_000;
    for i in 0..total {
        write(&dir, &format!("s{i:05}/SKILL.md"), &skill(&format!("skill-{i}"), &format!("topic{i}")));
    }
    // Open once so the examples are in, then kill syncs at growing delays.
    json(&data, &["list", "--json"]);
    let from = format!("dir:{}", dir.display());
    // Kill at growing delays until a kill lands mid-import (some written, not all).
    let mut partial_seen = false;
    let mut delay_ms = 100u64;
    for _ in 0..10 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_skills-guide"))
            .arg("--data-dir")
            .arg(&data)
            .args(["sync", "--from", &from, "--no-git", "--json"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();
        let n = assert_consistent(&data);
        if n > 13 && n < 13 + total {
            partial_seen = true;
        }
        if n == 13 + total || (partial_seen && delay_ms > 400) {
            break;
        }
        delay_ms = delay_ms * 3 / 2;
    }
    assert!(partial_seen, "no kill landed mid-import: the test proved nothing");
    let s = sync_dir(&data, &dir);
    assert_eq!(s["errors"].as_array().unwrap().len(), 0, "{s}");
    let list = json(&data, &["list", "--json"]);
    assert_eq!(list.as_array().unwrap().len(), 13 + total, "the last sync completed the import");
    assert_eq!(assert_consistent(&data), 13 + total);
    let again = sync_dir(&data, &dir);
    assert_eq!(again["unchanged"], total as u64, "finished work is not redone");
}

/// Every entry opens with its content, and search sees exactly what the store
/// has. Returns the number of entries.
fn assert_consistent(data: &Path) -> usize {
    let list = json(data, &["list", "--json"]);
    let list = list.as_array().unwrap();
    for e in list.iter().step_by(97) {
        let id = e["id"].as_str().unwrap();
        let shown = json(data, &["show", id, "--json"]);
        assert_eq!(shown["sha256"], e["sha256"]);
        assert!(
            !shown["content"].as_str().unwrap().is_empty() || e["score"]["structure"] == 0,
            "{id} lost its content"
        );
    }
    let visible = list.iter().filter(|e| e["status"] != "excluded" && e["copy_of"].is_null()).count();
    let ids: std::collections::HashSet<&str> = list.iter().map(|e| e["id"].as_str().unwrap()).collect();
    let hits = json(data, &["search", "", "--limit", "1000", "--json"]);
    assert!(
        hits.as_array().unwrap().iter().all(|h| ids.contains(h["id"].as_str().unwrap())),
        "no index entry points at nothing"
    );
    let out = run(data, &["search", "", "--limit", "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let total: usize = text
        .lines()
        .last()
        .and_then(|l| l.split(" of ").nth(1))
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!(total, visible, "index and store agree");
    list.len()
}

#[test]
fn a_missing_or_corrupt_index_is_rebuilt_from_the_store() {
    let tmp = tempfile::tempdir().unwrap();
    let (data, dir) = (tmp.path().join("data"), tmp.path().join("skills"));
    write(&dir, "k/SKILL.md", &skill("kube-deploy", "kubernetes"));
    sync_dir(&data, &dir);
    let find = |data: &Path| -> Vec<String> {
        json(data, &["search", "kubernetes", "--json"])
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["name"].as_str().unwrap_or("").to_owned())
            .collect()
    };
    assert!(find(&data).contains(&"kube-deploy".to_owned()));
    std::fs::remove_dir_all(data.join("index")).unwrap();
    assert!(find(&data).contains(&"kube-deploy".to_owned()), "rebuilt after removal");
    std::fs::write(data.join("index/meta.json"), b"{ not json").unwrap();
    assert!(find(&data).contains(&"kube-deploy".to_owned()), "rebuilt after corruption");
    assert_eq!(json(&data, &["list", "--json"]).as_array().unwrap().len(), 14, "the store lost nothing");
}
