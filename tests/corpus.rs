//! The whole shared corpus (2,520 real SKILL.md files, some of them malware
//! lures) through `skills-guide scan --json`: every file gets a valid object,
//! nothing panics, the hashes match the manifest, and every ClawHub
//! `base64 -D | bash` lure is flagged. Skipped, with a message, when the
//! corpus is not beside the project.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

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

#[test]
fn scan_json_covers_the_whole_corpus() {
    let Some(corpus) = corpus() else { return };
    let manifest: Vec<Value> = std::fs::read_to_string(corpus.join("manifest.jsonl"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let skills = corpus.join("skills");
    let out = Command::new(env!("CARGO_BIN_EXE_skills-guide")).args(["scan", "--json"]).arg(&skills).output().unwrap();
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
}
