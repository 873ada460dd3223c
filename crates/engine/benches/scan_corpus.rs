//! Scanner throughput on the shared corpus, next to ripgrep running the same
//! pattern set over the same files.
//!
//! `cargo bench -p skills-guide-engine --bench scan_corpus` (ripgrep on PATH
//! for the comparison; `SKILLS_GUIDE_CORPUS` to point elsewhere). Prints the
//! median of several runs with the min and max, since shared machines are
//! noisy. This is a benchmark, never a test: nothing here asserts a time.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use skills_guide_engine::scan::{self, Located, ScanOptions};
use skills_guide_engine::{analyze, rules, score::RepoFacts};

const RUNS: usize = 11;

fn corpus() -> Option<PathBuf> {
    let dir = std::env::var_os("SKILLS_GUIDE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"));
    dir.join("skills").is_dir().then(|| dir.join("skills"))
}

struct Stats {
    median: Duration,
    min: Duration,
    max: Duration,
}

fn measure(mut f: impl FnMut()) -> Stats {
    f(); // warm the page cache and the lazily built regexes
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    Stats { median: times[RUNS / 2], min: times[0], max: times[RUNS - 1] }
}

fn report(label: &str, s: &Stats, bytes: u64, files: usize) {
    let secs = s.median.as_secs_f64();
    println!(
        "{label:<44} median {:>8.1} ms  (min {:>7.1}, max {:>7.1})  {:>7.1} MB/s  {:>8.0} files/s",
        secs * 1e3,
        s.min.as_secs_f64() * 1e3,
        s.max.as_secs_f64() * 1e3,
        bytes as f64 / 1e6 / secs,
        files as f64 / secs
    );
}

fn main() {
    let Some(skills) = corpus() else {
        eprintln!("no corpus found (set SKILLS_GUIDE_CORPUS): nothing to measure");
        return;
    };
    let files: Vec<PathBuf> = scan::locate(std::slice::from_ref(&skills))
        .into_iter()
        .filter_map(|l| if let Located::File(p) = l { Some(p) } else { None })
        .collect();
    let contents: Vec<Vec<u8>> = files.iter().map(|p| std::fs::read(p).unwrap_or_default()).collect();
    let bytes: u64 = contents.iter().map(|c| c.len() as u64).sum();
    let texts: Vec<String> = contents.iter().map(|c| String::from_utf8_lossy(c).into_owned()).collect();
    println!(
        "corpus: {} files, {:.1} MB; {} threads (rayon); {} runs each",
        files.len(),
        bytes as f64 / 1e6,
        rayon::current_num_threads(),
        RUNS
    );

    let opts = ScanOptions { use_git: false, ..ScanOptions::default() };
    let s = measure(|| {
        let r = scan::scan(std::slice::from_ref(&skills), &opts);
        assert_eq!(r.len(), files.len());
    });
    report("scan (walk + read + parse + rules + score)", &s, bytes, files.len());

    let s = measure(|| {
        let n: usize =
            contents.par_iter().map(|c| analyze::analyze(c, &RepoFacts::default(), 0).rules.findings.len()).sum();
        std::hint::black_box(n);
    });
    report("analyze in memory (parse + rules + score)", &s, bytes, files.len());

    let s = measure(|| {
        let n: usize = texts.par_iter().map(|t| rules::check(t).findings.len()).sum();
        std::hint::black_box(n);
    });
    report("fixed rules only, in memory", &s, bytes, files.len());

    let s = measure(|| {
        let n: usize = texts.iter().map(|t| rules::check(t).findings.len()).sum();
        std::hint::black_box(n);
    });
    report("fixed rules only, in memory, 1 thread", &s, bytes, files.len());

    let patterns = std::env::temp_dir().join(format!("skills-guide-bench-patterns-{}.txt", std::process::id()));
    if std::fs::write(&patterns, rules::ripgrep_patterns().join("\n")).is_err() {
        return;
    }
    let rg_ok = Command::new("rg").arg("--version").stdout(Stdio::null()).status().is_ok_and(|s| s.success());
    if !rg_ok {
        println!("ripgrep not found: `apt-get install ripgrep` for the comparison");
        return;
    }
    let run_rg = |threads: &str| {
        let _ = Command::new("rg")
            .args([
                "--no-config",
                "--count",
                "--no-messages",
                "--hidden",
                "--no-ignore",
                "-j",
                threads,
                "-g",
                "SKILL.md",
                "-f",
            ])
            .arg(&patterns)
            .arg(&skills)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    };
    let threads = rayon::current_num_threads().to_string();
    let s = measure(|| run_rg(&threads));
    report(&format!("ripgrep, same {} patterns, -j{threads}", rules::ripgrep_patterns().len()), &s, bytes, files.len());
    let s = measure(|| run_rg("1"));
    report("ripgrep, same patterns, -j1", &s, bytes, files.len());
    let _ = std::fs::remove_file(&patterns);
}
