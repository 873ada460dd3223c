//! Makes N distinct SKILL.md files from the shared corpus by mutation, for
//! scale runs of the catalog (import, index, search at 100,000 skills).
//!
//! `cargo run --release -p skills-guide-catalog --example gen_skills -- [--with-files] N OUT_DIR [CORPUS_SKILLS_DIR]`
//!
//! File i is corpus file (i mod corpus size) with its `name:` made unique,
//! a sentence of words drawn from the corpus's own vocabulary inserted after
//! the front matter, and, one time in three, one paragraph dropped — so the
//! documents stay realistic text with realistic sizes, and no two share a
//! hash. Deterministic (a fixed-seed generator): the same N gives the same
//! files. Only reads the corpus; never runs anything in it.
//!
//! `--with-files` makes skill folders like the corpus's (where 38 % of
//! SKILL.md files point at files beside them): one skill in three also gets
//! `scripts/run.sh` (a few harmless lines written here, unique to the skill),
//! `references/notes.md` (a paragraph of corpus words) and the same
//! `LICENSE.txt` as every other such skill (a file the store keeps once).

use std::path::{Path, PathBuf};

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let with_files = all.iter().any(|a| a == "--with-files");
    let mut args = all.into_iter().filter(|a| a != "--with-files");
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let out = PathBuf::from(args.next().unwrap_or_else(|| "/tmp/sg-scale/skills".into()));
    let corpus = args
        .next()
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/skills"));
    let mut sources = Vec::new();
    collect(&corpus, &mut sources);
    sources.sort();
    if sources.is_empty() {
        eprintln!("no SKILL.md under {}", corpus.display());
        std::process::exit(1);
    }
    let texts: Vec<String> =
        sources.iter().map(|p| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned()).collect();
    let vocab: Vec<&str> = {
        let mut v: Vec<&str> = texts
            .iter()
            .flat_map(|t| t.split_whitespace())
            .filter(|w| w.len() > 3 && w.len() < 14 && w.chars().all(|c| c.is_alphabetic()))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut bytes = 0u64;
    for i in 0..n {
        let base = &texts[i % texts.len()];
        let mut text = base.replacen("\nname: ", &format!("\nname: g{i}-"), 1);
        let words: Vec<&str> = (0..12).map(|_| vocab[(next() as usize) % vocab.len().max(1)]).collect();
        let sentence = format!("\nVariant {i}: {}.\n", words.join(" "));
        let insert_at = text.match_indices("\n---").nth(1).map(|(at, _)| at + 4).unwrap_or(0).min(text.len());
        let insert_at = (0..=insert_at).rev().find(|&k| text.is_char_boundary(k)).unwrap_or(0);
        text.insert_str(insert_at, &sentence);
        if next() % 3 == 0 {
            if let Some(start) = text[insert_at..].find("\n\n").map(|k| k + insert_at) {
                if let Some(end) = text[start + 2..].find("\n\n").map(|k| k + start + 2) {
                    text.replace_range(start..end, "");
                }
            }
        }
        let dir = out.join(format!("{:03}", i % 1000)).join(format!("skill-{i:06}"));
        if std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(dir.join("SKILL.md"), &text)).is_err() {
            eprintln!("cannot write under {}", out.display());
            std::process::exit(1);
        }
        bytes += text.len() as u64;
        if with_files && i % 3 == 0 {
            let notes: Vec<&str> = (0..120).map(|_| vocab[(next() as usize) % vocab.len().max(1)]).collect();
            let files = [
                (
                    "scripts/run.sh",
                    format!(
                        "#!/bin/sh\n# Helper of skill {i}.\nset -eu\necho \"skill {i}: $1\"\nls -la \"${{1:-.}}\"\n"
                    ),
                ),
                ("references/notes.md", format!("# Notes for skill {i}\n\n{}.\n", notes.join(" "))),
                ("LICENSE.txt", LICENSE.to_owned()),
            ];
            for (rel, body) in files {
                let path = dir.join(rel);
                let written =
                    std::fs::create_dir_all(path.parent().unwrap()).and_then(|()| std::fs::write(&path, &body));
                if written.is_err() {
                    eprintln!("cannot write under {}", out.display());
                    std::process::exit(1);
                }
                bytes += body.len() as u64;
            }
        }
    }
    println!("{n} skills, {:.1} MB of text, in {}", bytes as f64 / 1e6, out.display());
}

/// The license every generated folder with files shares.
const LICENSE: &str = "Generated test data for the catalog's scale runs. No rights reserved.\n";

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        match e.file_type() {
            Ok(t) if t.is_dir() => collect(&p, out),
            Ok(t) if t.is_file() && e.file_name() == "SKILL.md" => out.push(p),
            _ => {}
        }
    }
}
