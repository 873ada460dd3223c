//! `skills-guide scan`: prints the engine's scan reports, as JSON or for people.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use skills_guide_engine::scan::{self, ScanOptions, ScanReport};

use crate::fmt::{safe, write_score};

pub fn run(paths: &[PathBuf], json: bool, use_git: bool) -> anyhow::Result<ExitCode> {
    let opts = ScanOptions { use_git, ..ScanOptions::default() };
    let reports = scan::scan(paths, &opts);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if json {
        serde_json::to_writer_pretty(&mut out, &reports)?;
        writeln!(out)?;
    } else {
        for r in &reports {
            print_report(&mut out, r)?;
        }
        print_summary(&mut out, &reports)?;
    }
    out.flush()?;
    let unreadable = reports.iter().filter(|r| r.sha256.is_none()).count();
    if unreadable > 0 {
        eprintln!("skills-guide: {unreadable} path(s) could not be read (see their errors)");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

fn print_report(out: &mut impl Write, r: &ScanReport) -> io::Result<()> {
    writeln!(out, "{}", safe(&r.path, 300))?;
    match (&r.name, &r.description) {
        (Some(n), Some(d)) => writeln!(out, "  {} — {}", safe(n, 80), safe(d, 120))?,
        (Some(n), None) => writeln!(out, "  {} — (no description)", safe(n, 80))?,
        (None, _) => writeln!(out, "  (no name)")?,
    }
    write_score(out, "  ", "score", Some(r.admitted), &r.score, &r.score_details)?;
    if !r.declared_tools.is_empty() {
        let tools: Vec<String> = r.declared_tools.iter().map(|t| safe(t, 60)).collect();
        writeln!(out, "  declares: {}", tools.join(", "))?;
    }
    if r.findings.is_empty() {
        writeln!(out, "  findings: none")?;
    } else {
        writeln!(out, "  findings:")?;
        for f in &r.findings {
            writeln!(out, "    line {:>5}  {:<24} {}", f.line, f.rule.as_str(), safe(&f.excerpt, 160))?;
        }
    }
    for e in &r.errors {
        writeln!(out, "  error: {}", safe(e, 300))?;
    }
    for w in &r.warnings {
        writeln!(out, "  warning: {}", safe(w, 300))?;
    }
    writeln!(out)
}

fn print_summary(out: &mut impl Write, reports: &[ScanReport]) -> io::Result<()> {
    let admitted = reports.iter().filter(|r| r.admitted).count();
    let flagged = reports.iter().filter(|r| !r.findings.is_empty()).count();
    let unreadable = reports.iter().filter(|r| r.sha256.is_none()).count();
    let mut by_rule: BTreeMap<&str, usize> = BTreeMap::new();
    for r in reports {
        let mut seen: Vec<&str> = r.findings.iter().map(|f| f.rule.as_str()).collect();
        seen.sort_unstable();
        seen.dedup();
        for id in seen {
            *by_rule.entry(id).or_default() += 1;
        }
    }
    writeln!(
        out,
        "{} file(s): {} admitted, {} excluded, {} with findings, {} unreadable",
        reports.len(),
        admitted,
        reports.len() - admitted,
        flagged,
        unreadable
    )?;
    if !by_rule.is_empty() {
        let parts: Vec<String> = by_rule.iter().map(|(k, v)| format!("{k} {v}")).collect();
        writeln!(out, "files per rule: {}", parts.join(", "))?;
    }
    Ok(())
}
