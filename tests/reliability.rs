//! Reliability: a sync killed with SIGKILL at random points, twenty times in
//! a row, on a folder of a few thousand skills whose every file gets a new
//! version before each run (so each run has a whole import to be cut in).
//! After every kill the catalog opens and is consistent (each record has its
//! content, under the hash it names; each location points at its record;
//! the index holds exactly the store's skills), no finished work is lost
//! (the versions it knows never go down), and the last sync completes with
//! every file accounted for and every skill at its file's content.
//!
//! The kill times come from a fixed seed, printed, so a failure can be
//! replayed (`SKILLS_GUIDE_CRASH_SEED`).

#![cfg(unix)]

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use skills_guide_catalog::progress::quiet;
use skills_guide_catalog::Catalog;

const FILES: usize = 3_000;
const KILLS: usize = 20;

fn skill(i: usize, version: usize) -> String {
    format!(
        "---\nname: crash-{i}\ndescription: Keeps note {i} of the user's project tidy and says what changed.\n---\n\
         # Crash {i}\n\n## When to use\nWhen the user asks about note {i}.\n\n## Steps\n1. Read note {i}.\n\
         2. Tidy it (version {version}).\n3. Say what changed, in a sentence about {i}.\n"
    )
}

fn write_all(skills: &Path, version: usize) {
    for i in 0..FILES {
        let dir = skills.join(format!("s{i:05}"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("SKILL.md"), skill(i, version)).unwrap();
    }
}

/// A small deterministic generator (splitmix64): no crate for a dozen numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Opens the catalog and checks it whole; returns its number of skills and
/// the versions it knows of them all.
fn consistent(data: &Path) -> (usize, usize) {
    let catalog = Catalog::open(data, &quiet).unwrap_or_else(|e| panic!("the catalog opens after a kill: {e}"));
    let store = catalog.store();
    let (mut count, mut versions) = (0, 0);
    for record in store.records() {
        let r = record.expect("every record reads");
        versions += r.versions.len();
        let content =
            store.content(&r.sha256).unwrap().unwrap_or_else(|| panic!("{}: content {} is there", r.id, r.sha256));
        assert_eq!(skills_guide_engine::analyze::sha256_hex(&content), r.sha256, "{}: content under its hash", r.id);
        assert_eq!(store.id_for_location(&r.source.location_key()).unwrap().as_deref(), Some(r.id.as_str()));
        assert!(store.ids_with_content(&r.sha256).unwrap().contains(&r.id), "{}: the hash lookup", r.id);
        count += 1;
    }
    assert_eq!(catalog.index().num_docs() as usize, count, "the index holds exactly the store's skills");
    (count, versions)
}

#[test]
fn a_sync_killed_at_random_points_twenty_times_leaves_a_consistent_catalog_and_then_completes() {
    let tmp = tempfile::tempdir().unwrap();
    let skills = tmp.path().join("skills");
    write_all(&skills, 0);
    let data = tmp.path().join("data");
    let from = format!("dir:{}", skills.display());
    let seed = std::env::var("SKILLS_GUIDE_CRASH_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(20_261_203);
    eprintln!("kill times from seed {seed} (SKILLS_GUIDE_CRASH_SEED replays it)");
    let mut rng = Rng(seed);

    // How long a whole sync takes here, so the kills land inside one.
    let started = Instant::now();
    let full = Command::new(env!("CARGO_BIN_EXE_skills-guide"))
        .arg("--data-dir")
        .arg(tmp.path().join("probe"))
        .args(["sync", "--from", &from, "--no-llm", "--no-git", "--json"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(full.success());
    let whole = started.elapsed().max(Duration::from_millis(200));

    let mut last = (0, 0);
    let mut completed_early = 0;
    for kill in 0..KILLS {
        write_all(&skills, kill + 1);
        let mut child = Command::new(env!("CARGO_BIN_EXE_skills-guide"))
            .arg("--data-dir")
            .arg(&data)
            .args(["sync", "--from", &from, "--no-llm", "--no-git", "--json"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Anywhere from the catalog's opening to the end of the import.
        let at = Duration::from_millis(rng.next() % (whole.as_millis() as u64).max(1));
        std::thread::sleep(at);
        // SIGKILL: no destructor, no flush, no goodbye.
        let _ = child.kill();
        let status = child.wait().unwrap();
        if status.success() {
            completed_early += 1;
        }
        let now = consistent(&data);
        assert!(
            now.0 >= last.0 && now.1 >= last.1,
            "kill {kill} at {at:?}: finished work lost ({last:?} skills and versions, then {now:?})"
        );
        last = now;
    }
    eprintln!("{KILLS} kills; {completed_early} syncs finished before their kill; (skills, versions) kept: {last:?}");

    let out = Command::new(env!("CARGO_BIN_EXE_skills-guide"))
        .arg("--data-dir")
        .arg(&data)
        .args(["sync", "--from", &from, "--no-llm", "--no-git", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["discovered"], FILES, "{summary}");
    assert_eq!(summary["errors"].as_array().map(Vec::len), Some(0), "{summary}");
    let accounted =
        ["new_skills", "new_versions", "unchanged"].iter().map(|k| summary[k].as_u64().unwrap()).sum::<u64>();
    assert_eq!(accounted, FILES as u64, "every file accounted for: {summary}");
    let (total, _) = consistent(&data);
    assert!(total >= FILES, "every skill is in the catalog ({total})");
    // Texts a kill caught half-written (temporary files) went with the sync
    // that completed.
    let contents = data.join("store").join("contents");
    for folder in std::fs::read_dir(&contents).unwrap() {
        for file in std::fs::read_dir(folder.unwrap().path()).unwrap() {
            let name = file.unwrap().file_name();
            assert!(!name.to_string_lossy().starts_with('.'), "left over: {name:?}");
        }
    }
    let catalog = Catalog::open(&data, &quiet).unwrap();
    for i in (0..FILES).step_by(97) {
        let path = std::fs::canonicalize(skills.join(format!("s{i:05}/SKILL.md"))).unwrap();
        let key = format!("dir\u{0}{}", path.display());
        let id = catalog
            .store()
            .id_for_location(&key)
            .unwrap()
            .unwrap_or_else(|| panic!("{} is in the catalog", path.display()));
        let record = catalog.store().get(&id).unwrap().unwrap();
        assert_eq!(catalog.content(&record).unwrap(), skill(i, KILLS).into_bytes(), "skill {i} at its last version");
    }
}
