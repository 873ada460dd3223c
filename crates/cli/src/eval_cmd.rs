//! `eval REFERENCE.jsonl [--json]`: agreement between the pipeline's
//! decisions and a reference set (R-EVAL-1). Reads the reference, asks the
//! catalog (`skills_guide_catalog::eval`) and prints the report; the
//! measurement itself lives in the engine.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use skills_guide_catalog::eval::{parse_reference, Agreement, EvalReport, Share};

use crate::catalog_cmd::{open, print_json, stdout};
use crate::fmt::safe;
use crate::progress_view::ProgressView;

pub fn eval(data_dir: &Path, reference: &Path, json: bool) -> anyhow::Result<()> {
    // A bad reference fails before the catalog is opened.
    let text = std::fs::read_to_string(reference)
        .with_context(|| format!("cannot read the reference file {}", reference.display()))?;
    let lines = parse_reference(&text).map_err(|e| anyhow::anyhow!("{}: {e}", reference.display()))?;
    let view = ProgressView::new(json);
    let catalog = open(data_dir, &view)?;
    view.finish();
    let report = catalog.evaluate(&lines)?;
    if json {
        return print_json(&report);
    }
    print_report(&report)
}

fn percent(rate: Option<f64>) -> String {
    rate.map_or_else(|| "n/a".to_owned(), |r| format!("{:.1} %", r * 100.0))
}

fn agreement_line(label: &str, a: &Agreement) -> String {
    format!(
        "{label}: {} ({} of {} judged the same twice; {} dropped as inconsistent, {} not judged twice)",
        percent(a.rate),
        a.agree,
        a.counted,
        a.dropped,
        a.not_judged_twice
    )
}

fn share_line(label: &str, s: &Share, of_what: &str, what: &str) -> String {
    format!("{label}: of the {} skill(s) {of_what}, the pipeline {what} {} ({})", s.out_of, s.count, percent(s.rate))
}

fn print_report(r: &EvalReport) -> anyhow::Result<()> {
    let mut out = stdout();
    writeln!(
        out,
        "reference: {} line(s), {} matched, {} unmatched, {} repeated",
        r.lines,
        r.matched,
        r.unmatched.len(),
        r.repeated.len()
    )?;
    writeln!(out, "{}", agreement_line("status", &r.status))?;
    writeln!(out, "{}", agreement_line("rating", &r.safety))?;
    writeln!(out, "{}", share_line("generous", &r.generous, "the reference did not publish", "published"))?;
    writeln!(out, "{}", share_line("strict", &r.strict, "the reference published", "did not publish"))?;
    for (title, a) in [("status", &r.status), ("rating", &r.safety)] {
        writeln!(out)?;
        writeln!(out, "{title}: reference (rows) × pipeline (columns)")?;
        let c = &a.confusion;
        let first = c.rows.iter().map(|s| s.len()).max().unwrap_or(0);
        let widths: Vec<usize> = c.columns.iter().map(|s| s.len().max(3)).collect();
        write!(out, "  {:first$}", "")?;
        for (col, w) in c.columns.iter().zip(&widths) {
            write!(out, "  {col:>w$}")?;
        }
        writeln!(out)?;
        for (row, counts) in c.rows.iter().zip(&c.counts) {
            write!(out, "  {row:<first$}")?;
            for (n, w) in counts.iter().zip(&widths) {
                write!(out, "  {n:>w$}")?;
            }
            writeln!(out)?;
        }
    }
    let show = |o: Option<&str>| o.unwrap_or("-").to_owned();
    let status_off: Vec<_> =
        r.skills.iter().filter(|j| j.reference_status.is_some_and(|s| s != j.pipeline_status)).collect();
    let safety_off: Vec<_> =
        r.skills.iter().filter(|j| j.reference_safety.is_some_and(|s| Some(s) != j.pipeline_safety)).collect();
    if !status_off.is_empty() || !safety_off.is_empty() {
        writeln!(out)?;
        writeln!(out, "disagreements (reference → pipeline):")?;
    }
    for j in &status_off {
        writeln!(
            out,
            "  line {:>4}  {}  {:<30}  status {} → {}",
            j.line,
            j.skill_id,
            safe(j.name.as_deref().unwrap_or(&j.key), 30),
            show(j.reference_status.map(|s| s.as_str())),
            j.pipeline_status.as_str()
        )?;
    }
    for j in &safety_off {
        writeln!(
            out,
            "  line {:>4}  {}  {:<30}  rating {} → {}",
            j.line,
            j.skill_id,
            safe(j.name.as_deref().unwrap_or(&j.key), 30),
            show(j.reference_safety.map(|s| s.as_str())),
            j.pipeline_safety.map_or("unread", |s| s.as_str())
        )?;
    }
    if r.skills.iter().any(|j| j.judged_as.is_some()) {
        writeln!(out)?;
        writeln!(out, "exact copies were judged by their kept skill's decision (R-DUP-1)")?;
    }
    if !r.unmatched.is_empty() {
        writeln!(out)?;
        writeln!(out, "unmatched (not counted):")?;
        for u in &r.unmatched {
            let why = match u.reason {
                "ambiguous" => format!("matches several skills: {}", u.candidates.join(", ")),
                _ => "no such skill in the catalog".to_owned(),
            };
            writeln!(out, "  line {:>4}  {}: {why}", u.line, safe(&u.key, 60))?;
        }
    }
    if !r.repeated.is_empty() {
        writeln!(out)?;
        writeln!(out, "repeated (counted once):")?;
        for p in &r.repeated {
            writeln!(out, "  line {:>4}  {}: the same skill as line {}", p.line, safe(&p.key, 60), p.first_line)?;
        }
    }
    out.flush()?;
    Ok(())
}
