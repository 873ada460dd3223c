//! In-process search latency on an existing catalog.
//!
//! `cargo run --release -p skills-guide-catalog --example search_latency -- DATA_DIR [ROUNDS] [app]`
//!
//! With `app`, the searches are the desktop app's: every prefix of a few
//! queries as they are typed, 50 hits, facets counted. With `parts`, each
//! query's time is split: the index alone (no snippet text), reading the
//! hits' texts from the store, and the whole search.
//!
//! Runs a fixed set of queries (plain words, two-word queries, a typo, a
//! filter; facets off as in the CLI, and once on) ROUNDS times each after one warm-up round, and prints p50, p90
//! and p99 over all runs, and per query. A benchmark: it asserts nothing.

use std::path::PathBuf;
use std::time::Instant;

use skills_guide_catalog::index::SearchQuery;
use skills_guide_catalog::progress::quiet;
use skills_guide_catalog::Catalog;
use skills_guide_engine::decide::Status;

/// The queries, shared with the SQLite FTS5 comparison (scripts/bench-fts5.py).
pub const QUERIES: &[&str] = &[
    "pdf",
    "kubernetes",
    "git commit",
    "docker compose",
    "security audit",
    "react component",
    "python testing",
    "database migration",
    "markdown",
    "api",
    "kubernets",
    "excel spreadsheet",
    "deploy",
    "code review",
    "slack",
];

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next().map(PathBuf::from) else {
        eprintln!("usage: search_latency DATA_DIR [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(50);
    let mode = args.next();
    let app = mode.as_deref() == Some("app");
    let parts = mode.as_deref() == Some("parts");
    let catalog = Catalog::open(&dir, &quiet).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    // The index's count: the store's `len()` walks every record, and would fill
    // sled's cache before the searches are measured.
    println!("catalog: index {} docs", catalog.index().num_docs());
    let mut all = Vec::new();
    let mut cases: Vec<(String, SearchQuery)> = QUERIES
        .iter()
        .map(|q| (q.to_string(), SearchQuery { text: q.to_string(), limit: 20, facets: false, ..Default::default() }))
        .collect();
    cases.push((
        "pdf --status unverified".into(),
        SearchQuery {
            text: "pdf".into(),
            status: vec![Status::Unverified],
            limit: 20,
            facets: false,
            ..Default::default()
        },
    ));
    cases.push(("pdf, with facets".into(), SearchQuery { text: "pdf".into(), limit: 20, ..Default::default() }));
    if app {
        cases = ["", "kubernetes deploy", "pdf forms", "git commit message", "slack"]
            .iter()
            .flat_map(|q| (0..=q.len()).map(move |end| &q[..end]))
            .map(|t| {
                (format!("{t:?}"), SearchQuery { text: t.to_owned(), limit: 50, facets: true, ..Default::default() })
            })
            .collect();
    }
    if parts {
        print_parts(&catalog, &cases, rounds);
        return;
    }
    for (label, q) in &cases {
        let _ = catalog.search(q); // warm-up
        let mut times = Vec::with_capacity(rounds);
        let mut total = 0;
        for _ in 0..rounds {
            let t = Instant::now();
            let r = catalog.search(q).expect("search");
            times.push(t.elapsed().as_secs_f64() * 1e3);
            total = r.total;
        }
        times.sort_by(f64::total_cmp);
        println!("{label:<28} p50 {:>7.3} ms  p99 {:>7.3} ms  ({total} matches)", pct(&times, 50.0), pct(&times, 99.0));
        all.extend(times);
    }
    all.sort_by(f64::total_cmp);
    println!(
        "ALL {} searches: p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        all.len(),
        pct(&all, 50.0),
        pct(&all, 90.0),
        pct(&all, 99.0),
        all.last().copied().unwrap_or(0.0)
    );
}

/// Median of `rounds` runs of `f`, in milliseconds.
fn median_ms(rounds: usize, mut f: impl FnMut()) -> f64 {
    f(); // warm-up
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    pct(&times, 50.0)
}

fn print_parts(catalog: &Catalog, cases: &[(String, SearchQuery)], rounds: usize) {
    println!("{:<28} {:>10} {:>10} {:>10}", "query (medians, ms)", "index", "store", "whole");
    for (label, q) in cases {
        let index = median_ms(rounds, || {
            catalog.index().search(q, &|_| None).expect("search");
        });
        let hashes: Vec<String> = catalog
            .index()
            .search(q, &|_| None)
            .expect("search")
            .hits
            .into_iter()
            .map(|h| h.listing.entry.sha256)
            .collect();
        let store = median_ms(rounds, || {
            for sha in &hashes {
                let bytes = catalog.store().content(sha).expect("store").unwrap_or_default();
                std::hint::black_box(String::from_utf8_lossy(&bytes).len());
            }
        });
        let whole = median_ms(rounds, || {
            catalog.search(q).expect("search");
        });
        println!("{label:<28} {index:>10.3} {store:>10.3} {whole:>10.3}");
    }
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}
