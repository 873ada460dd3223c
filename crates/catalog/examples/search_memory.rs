//! The memory of a process that keeps searching an existing catalog: a
//! long session's worth of searches typed prefix by prefix (20 hits, facets
//! counted, as the desktop app asks), with the process's resident memory
//! printed every 1,000 searches, anonymous and file-backed apart.
//!
//! `cargo run --release -p skills-guide-catalog --example search_memory -- DATA_DIR [SEARCHES] [PART]`
//!
//! PART narrows what each search does, to see where the memory goes:
//! `index` (the index alone, no text read), `records` (plus each hit's
//! record from the store), `contents` (plus each hit's text); by default the
//! whole `Catalog::search`. A benchmark: it asserts nothing.

use skills_guide_catalog::index::SearchQuery;
use skills_guide_catalog::progress::quiet;
use skills_guide_catalog::Catalog;

/// Words the searches are made of (two-word searches pair them).
const WORDS: &str = "pdf git docker react python test api deploy review slack excel markdown kubernetes \
    database security audit commit compose component migration rust go java typescript node aws azure \
    terraform ansible linux shell bash sql graph chart image video audio email calendar notion jira github \
    gitlab ci lint format refactor debug log metric trace cache queue stream auth token oauth password secret \
    crypto wallet trade stock finance health legal contract resume write blog seo translate summarize \
    research paper math design figma css html web scrape browser playwright mobile ios android flutter game \
    unity animation music prompt agent mcp llm embedding vector rag search index pipeline etl spark pandas \
    jupyter notebook plot dashboard report slide presentation docx xlsx csv json yaml xml regex parser \
    compiler wasm embedded robot map weather travel recipe teach quiz interview meeting note todo plan \
    project release changelog version package npm pip cargo install setup config vault backup monitor alert \
    incident";

/// Resident memory of this process, anonymous and file-backed, in MB.
fn resident() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = |key: &str| -> u64 {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    format!("anonymous {} MB, files {} MB", kb("RssAnon:") / 1024, kb("RssFile:") / 1024)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next() else {
        eprintln!("usage: search_memory DATA_DIR [SEARCHES] [index|records|contents]");
        std::process::exit(2);
    };
    let searches: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(3_000);
    let part = args.next().unwrap_or_default();
    let catalog = Catalog::open(std::path::Path::new(&dir), &quiet).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let words: Vec<&str> = WORDS.split_whitespace().collect();
    println!("opened: {}", resident());
    let mut done = 0;
    let mut n = 0;
    while done < searches {
        let text = match n % 3 {
            0 => words[n % words.len()].to_owned(),
            _ => format!("{} {}", words[n % words.len()], words[(n * 7 + 3) % words.len()]),
        };
        n += 1;
        for end in 1..=text.len() {
            let query = SearchQuery { text: text[..end].to_owned(), limit: 20, facets: true, ..Default::default() };
            search(&catalog, &query, &part);
            done += 1;
            if done % 1_000 == 0 {
                println!("{done} searches: {}", resident());
            }
        }
    }
}

fn search(catalog: &Catalog, query: &SearchQuery, part: &str) {
    if part.is_empty() {
        catalog.search(query).expect("search");
        return;
    }
    let results = catalog.index().search(query, &|_| None).expect("search");
    if part == "index" {
        return;
    }
    for hit in results.hits {
        let Some(record) = catalog.store().get(&hit.id).expect("store") else { continue };
        if part == "contents" {
            std::hint::black_box(catalog.store().content(&record.sha256).expect("store"));
        }
    }
}
