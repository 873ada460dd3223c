//! Checks a SARIF log against the official SARIF 2.1.0 JSON schema, with
//! Python's `jsonschema` (both installed by `scripts/install-deps --test`).
//! A missing tool or schema fails the test with that hint: never a skip.
// Each test file uses the part it needs.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

const HINT: &str = "run scripts/install-deps --test";

/// The schema: `SKILLS_GUIDE_SARIF_SCHEMA`, else the copy `install-deps`
/// leaves in the target folder, else the one in the `serde-sarif` crate's
/// source in cargo's registry (where `install-deps` fetched it from).
pub fn schema() -> PathBuf {
    if let Some(p) = std::env::var_os("SKILLS_GUIDE_SARIF_SCHEMA") {
        return p.into();
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target"));
    let target = if target.is_absolute() { target } else { root.join(target) };
    let copy = target.join("sarif-schema-2.1.0.json");
    if copy.is_file() {
        return copy;
    }
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cargo"));
    let registry = cargo_home.join("registry/src");
    let found = std::fs::read_dir(&registry).ok().into_iter().flatten().flatten().find_map(|index| {
        let p = index.path().join("serde-sarif-0.8.0/src/schema.json");
        p.is_file().then_some(p)
    });
    found.unwrap_or_else(|| {
        panic!("no SARIF 2.1.0 schema at {} nor under {}: {HINT}", copy.display(), registry.display())
    })
}

/// Fails the test, listing every violation, unless `file` is a valid SARIF 2.1.0 log.
pub fn assert_valid(file: &Path) {
    let check = "import json, sys, jsonschema\n\
                 schema = json.load(open(sys.argv[1], encoding='utf-8'))\n\
                 log = json.load(open(sys.argv[2], encoding='utf-8'))\n\
                 v = jsonschema.validators.validator_for(schema)(schema)\n\
                 errors = [f'{list(e.absolute_path)}: {e.message}' for e in v.iter_errors(log)]\n\
                 print('\\n'.join(errors)); sys.exit(1 if errors else 0)\n";
    let out = Command::new("python3")
        .args(["-c", check])
        .arg(schema())
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("python3 does not run ({e}): {HINT}"));
    assert!(
        out.status.success(),
        "{} is not valid SARIF 2.1.0 (or jsonschema is missing: {HINT}):\n{}{}",
        file.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// As [`assert_valid`], for a log held in memory.
pub fn assert_valid_bytes(log: &[u8]) {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("log.sarif");
    std::fs::write(&file, log).unwrap();
    assert_valid(&file);
}
