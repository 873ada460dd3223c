//! `skills-guide scan`: runs the engine's scan, reviews the findings
//! (severity, fingerprint, accepted or not: `scan_review`), prints them for
//! people, as the contract's JSON, or as SARIF, and turns them into the exit
//! status a CI job or a pre-commit hook acts on.
//!
//! Exit status: 0 when no finding at or above `--fail-on` remains; 1 when one
//! does (accepted findings never count); 2 for bad usage, a bad
//! accepted-findings file included; 3 when a path could not be read and no
//! finding blocks (a blocking finding is the stronger news, so it wins).

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::Value;
use skills_guide_engine::folder::{FileReport, FileState};
use skills_guide_engine::rules::Severity;
use skills_guide_engine::scan::{self, ScanOptions};

use crate::fmt::{safe, write_score};
use crate::scan_accept::{self, Acceptances};
use crate::scan_review::{self, Review, ReviewedFile};
use crate::scan_sarif;

/// Exit statuses beyond 0 (see the module doc).
const EXIT_FINDINGS: u8 = 1;
const EXIT_USAGE: u8 = 2;
const EXIT_UNREADABLE: u8 = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
    Sarif,
}

/// `--fail-on`: a severity, or `None` for `none` (never fail on findings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threshold(pub Option<Severity>);

pub fn parse_threshold(s: &str) -> Result<Threshold, String> {
    if s == "none" {
        return Ok(Threshold(None));
    }
    Severity::parse(s).map(|v| Threshold(Some(v))).ok_or_else(|| "expected none, low, medium, high or critical".into())
}

pub struct Flags {
    pub format: Format,
    pub fail_on: Threshold,
    pub accept: Option<PathBuf>,
    pub use_git: bool,
}

pub fn run(paths: &[PathBuf], flags: &Flags) -> anyhow::Result<ExitCode> {
    let cwd = std::env::current_dir()?;
    let accept_path = flags.accept.clone().or_else(|| scan_accept::find(&cwd));
    let accept = match accept_path.as_deref().map(scan_accept::load).transpose() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("skills-guide: {e:#}");
            return Ok(ExitCode::from(EXIT_USAGE));
        }
    };
    let root = match &accept {
        Some(a) => scan_review::lexical_absolute(&cwd, a.root()),
        None => scan_accept::work_tree_root(&cwd).unwrap_or_else(|| cwd.clone()),
    };
    let opts = ScanOptions { use_git: flags.use_git, ..ScanOptions::default() };
    let reports = scan::scan(paths, &opts);
    let review = scan_review::review(&reports, accept.as_ref(), &cwd, &root);

    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match flags.format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut out, &json_reports(&review)?)?;
            writeln!(out)?;
        }
        Format::Sarif => {
            let source = accept.as_ref().map(|a| accept_uri(a, &root));
            serde_json::to_writer_pretty(&mut out, &scan_sarif::log(&review, source.as_deref()))?;
            writeln!(out)?;
        }
        Format::Human => {
            for file in &review.files {
                print_report(&mut out, file)?;
            }
            print_summary(&mut out, &review, flags.fail_on)?;
        }
    }
    out.flush()?;

    for e in &review.stale {
        let source = accept.as_ref().map(|a| a.source.display().to_string()).unwrap_or_default();
        eprintln!(
            "skills-guide: {source}: accepted finding {} ({} in {}) matches nothing: remove it or fix its path, line or fingerprint",
            e.number,
            e.rule.as_str(),
            safe(&e.path, 200)
        );
    }
    let blocking = review.blocking(flags.fail_on.0);
    let unreadable = review.unreadable();
    if unreadable > 0 {
        eprintln!("skills-guide: {unreadable} path(s) could not be read (see their errors)");
    }
    if blocking > 0 {
        let at = flags.fail_on.0.map(Severity::as_str).unwrap_or("none");
        eprintln!("skills-guide: {blocking} finding(s) at or above {at} and not accepted");
        return Ok(ExitCode::from(EXIT_FINDINGS));
    }
    if unreadable > 0 {
        return Ok(ExitCode::from(EXIT_UNREADABLE));
    }
    Ok(ExitCode::SUCCESS)
}

/// The accepted-findings file as a URI relative to the root when it is under
/// it, for SARIF suppressions.
fn accept_uri(a: &Acceptances, root: &std::path::Path) -> String {
    let cwd = std::env::current_dir().unwrap_or_default();
    let abs = scan_review::lexical_absolute(&cwd, &a.source);
    match abs.strip_prefix(root) {
        Ok(rel) => rel.to_string_lossy().replace('\\', "/"),
        Err(_) => abs.to_string_lossy().into_owned(),
    }
}

/// The contract's `scan --json` array, each finding with extra fields: its
/// `severity`, `fingerprint`, and `accepted` (the reviewer's reason) or null.
fn json_reports(review: &Review<'_>) -> anyhow::Result<Vec<Value>> {
    review
        .files
        .iter()
        .map(|file| {
            let mut v = serde_json::to_value(file.report)?;
            let findings: Vec<Value> = file
                .findings
                .iter()
                .map(|r| {
                    let mut f = serde_json::to_value(r.finding)?;
                    f["severity"] = r.severity.as_str().into();
                    f["fingerprint"] = r.fingerprint.clone().into();
                    f["accepted"] = r.accepted.map(|e| serde_json::json!({ "reason": e.reason })).into();
                    Ok(f)
                })
                .collect::<anyhow::Result<_>>()?;
            v["findings"] = findings.into();
            Ok(v)
        })
        .collect()
}

fn print_report(out: &mut impl Write, file: &ReviewedFile<'_>) -> io::Result<()> {
    let r = file.report;
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
    if r.files.len() > 1 {
        print_files(out, &r.files)?;
    }
    if file.findings.is_empty() {
        writeln!(out, "  findings: none")?;
    } else {
        writeln!(out, "  findings:")?;
        // `PATH:LINE` first, the form editors and terminals jump to; a
        // finding on a whole file (line 0) names the file alone.
        for f in &file.findings {
            let path = safe(&f.at.shown, 300);
            let place = if f.finding.line > 0 { format!("{path}:{}", f.finding.line) } else { path };
            writeln!(
                out,
                "    {place}: {:<8} {:<24} {}",
                f.severity.as_str(),
                f.finding.rule.as_str(),
                safe(&f.finding.excerpt, 160)
            )?;
            if let Some(n) = &f.finding.note {
                writeln!(out, "      note: {}", safe(n, 300))?;
            }
            if let Some(d) = &f.finding.decoded {
                writeln!(out, "      decoded: {}", safe(d, 300))?;
            }
            if let Some(src) = &f.finding.source {
                // The source end of a flow, as `FILE:LINE` inside the same
                // skill folder.
                let file = src.file.as_deref().unwrap_or(scan::SKILL_FILE_NAME);
                writeln!(
                    out,
                    "      data read in this skill at {}:{}: {}",
                    safe(file, 300),
                    src.line,
                    safe(&src.excerpt, 160)
                )?;
            }
            if let Some(e) = f.accepted {
                writeln!(out, "      accepted: {}", safe(&e.reason, 300))?;
            }
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

/// Most files listed one by one for a skill; the rest are counted.
const FILES_SHOWN: usize = 50;

/// A skill folder's files: path, size, kind, and why one was not read.
fn print_files(out: &mut impl Write, files: &[FileReport]) -> io::Result<()> {
    writeln!(out, "  files: {}", files.len())?;
    for f in files.iter().take(FILES_SHOWN) {
        let mut what = match f.state {
            FileState::Read => f.kind.map(|k| k.as_str().to_owned()).unwrap_or_default(),
            FileState::NotRead => "not read".to_owned(),
            FileState::Link => "link".to_owned(),
            FileState::Special => "special".to_owned(),
            FileState::Error => "error".to_owned(),
        };
        if f.executable {
            what.push_str(", executable");
        }
        if !f.findings.is_empty() {
            what.push_str(&format!(", {} finding(s)", f.findings.len()));
        }
        writeln!(out, "    {:<40} {:>9}  {what}", safe(&f.path, 120), f.bytes)?;
        if let Some(note) = f.note.as_ref().or(f.error.as_ref()) {
            writeln!(out, "      {}", safe(note, 200))?;
        }
    }
    if files.len() > FILES_SHOWN {
        writeln!(out, "    … and {} more (see --format json)", files.len() - FILES_SHOWN)?;
    }
    Ok(())
}

fn print_summary(out: &mut impl Write, review: &Review<'_>, fail_on: Threshold) -> io::Result<()> {
    let reports: Vec<_> = review.files.iter().map(|f| f.report).collect();
    let admitted = reports.iter().filter(|r| r.admitted).count();
    let flagged = reports.iter().filter(|r| !r.findings.is_empty()).count();
    let mut by_rule: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &reports {
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
        review.unreadable()
    )?;
    if !by_rule.is_empty() {
        let parts: Vec<String> = by_rule.iter().map(|(k, v)| format!("{k} {v}")).collect();
        writeln!(out, "files per rule: {}", parts.join(", "))?;
    }
    let all: Vec<_> = review.files.iter().flat_map(|f| &f.findings).collect();
    if !all.is_empty() {
        let mut by_severity: BTreeMap<std::cmp::Reverse<Severity>, usize> = BTreeMap::new();
        for f in &all {
            *by_severity.entry(std::cmp::Reverse(f.severity)).or_default() += 1;
        }
        let parts: Vec<String> = by_severity.iter().map(|(s, n)| format!("{} {n}", s.0)).collect();
        let accepted = all.iter().filter(|f| f.accepted.is_some()).count();
        writeln!(out, "findings by severity: {}; {accepted} accepted", parts.join(", "))?;
    }
    match fail_on.0 {
        Some(t) => {
            writeln!(out, "{} finding(s) at or above {t} and not accepted (--fail-on {t})", review.blocking(Some(t)))
        }
        None => writeln!(out, "--fail-on none: findings do not change the exit status"),
    }
}
