//! Running the `skills-guide` binary in whole-program tests: a data folder,
//! the fake model's address (or none), and the contract's JSON back.

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use super::model_script::KEY;

/// Runs `skills-guide --data-dir DATA ARGS…`, configured for the fake model
/// at `url` (or with no model at all), and checks the key never shows.
pub fn run(data: &Path, url: Option<&str>, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_skills-guide"));
    cmd.arg("--data-dir").arg(data).args(args);
    for var in ["SKILLS_GUIDE_LLM_URL", "SKILLS_GUIDE_LLM_KEY", "DEEPSEEK_API_KEY", "SKILLS_GUIDE_LLM_MODEL"] {
        cmd.env_remove(var);
    }
    if let Some(url) = url {
        cmd.env("SKILLS_GUIDE_LLM_URL", url)
            .env("SKILLS_GUIDE_LLM_KEY", KEY)
            .env("SKILLS_GUIDE_LLM_MODEL", "fake-model")
            .env("SKILLS_GUIDE_LLM_BACKOFF_MS", "5");
    }
    let out = cmd.output().expect("the binary runs");
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!all.contains(KEY), "the key never shows: {all}");
    out
}

/// The JSON a successful command printed.
pub fn json(out: &Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

/// The JSON a command printed before exiting with `code` (3: readings failed).
pub fn json_exit(out: &Output, code: i32) -> Value {
    assert_eq!(out.status.code(), Some(code), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

/// Writes `root/NAME/SKILL.md` for each skill and returns the `dir:` source.
pub fn folder(root: &Path, skills: &[(&str, String)]) -> String {
    for (name, text) in skills {
        std::fs::create_dir_all(root.join(name)).unwrap();
        std::fs::write(root.join(name).join("SKILL.md"), text).unwrap();
    }
    format!("dir:{}", root.display())
}
