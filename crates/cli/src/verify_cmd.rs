//! `verify` and the readings step of `sync`: the model's readings and the
//! decision (R-LLM, R-DEC) through the model server the environment names
//! (`../shared/contract.md`). Prints what was read, what it decided and what
//! it cost, and the failures grouped by reading and kind; never the key. A
//! run in which readings failed exits with [`READINGS_FAILED`].
//!
//! `model check` is the same server's check before use
//! (`skills_guide_remote::server::check`).

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use skills_guide_catalog::progress::Cancel;
use skills_guide_catalog::verify::{Selection, VerifySummary};
use skills_guide_remote::model::{ModelClient, ModelConfig};
use skills_guide_remote::server::{self, CheckReport};

use crate::catalog_cmd::{open, print_json, stdout, UsageError};
use crate::fmt::safe;
use crate::progress_view::ProgressView;

/// The exit status of a `sync` or `verify` that ran to its end but in which
/// readings failed (or the server stopped the run): the catalog is
/// consistent, the skills not read stay unpublished, and the summary says
/// how many failed and why.
pub const READINGS_FAILED: u8 = 3;

/// The error that exits with [`READINGS_FAILED`].
#[derive(Debug)]
pub struct ReadingsFailed(pub String);

impl std::fmt::Display for ReadingsFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReadingsFailed {}

/// The model client the environment configures, or `None` (no URL, no key),
/// fitted to what the server says of itself (its context, and on this
/// machine its parallel slots), which it says on stderr.
pub fn model_client() -> anyhow::Result<Option<ModelClient>> {
    let Some(config) = ModelConfig::from_env().map_err(anyhow::Error::msg).context("model configuration")? else {
        return Ok(None);
    };
    let mut client = ModelClient::new(config).map_err(anyhow::Error::msg)?;
    let facts = server::discover(&mut client);
    let config = client.config();
    let context = match (config.context_tokens, &facts.context_source) {
        (Some(tokens), Some(source)) => format!("a context of {tokens} tokens ({})", safe(source, 60)),
        _ => "its context unknown (the full budgets)".to_owned(),
    };
    eprintln!(
        "model: {} at {} ({}), {context}, {} reading(s) at once",
        safe(&config.model, 80),
        safe(&config.url, 120),
        facts.kind.describe(),
        config.concurrency
    );
    Ok(Some(client))
}

pub fn verify(data_dir: &Path, selection: &Selection, max_time: Option<u64>, json: bool) -> anyhow::Result<()> {
    if selection.is_empty() {
        return Err(UsageError("name the skills to verify, or use --pending, --unverified or --all".into()).into());
    }
    let client = model_client()?.context(
        "no model is configured: set SKILLS_GUIDE_LLM_URL (a local server) or SKILLS_GUIDE_LLM_KEY / DEEPSEEK_API_KEY",
    )?;
    let view = ProgressView::new(json);
    let mut catalog = open(data_dir, &view)?;
    let ids = catalog.select(selection)?;
    let cancel = Cancel::default();
    let deadline = crate::deadline::Deadline::start(&cancel, max_time);
    let on_event = |p| view.event(p);
    let summary = catalog.verify(&client, &ids, &cancel, &on_event);
    view.finish();
    let summary = summary?;
    let out_of_time = deadline.passed() && summary.not_reached > 0;
    if json {
        print_json(&VerifyReport { summary: &summary, stopped_at_max_time: out_of_time })?;
    } else {
        let mut out = stdout();
        print_readings(&mut out, &summary)?;
        if out_of_time {
            writeln!(out, "  stopped at --max-time: {} skill(s) left unread for the next run", summary.not_reached)?;
        }
        out.flush()?;
    }
    // Skills left for later because the budget ran out are the budget's
    // purpose, not a failure; failed readings still are.
    if out_of_time && summary.failed.is_empty() && summary.stopped.is_none() {
        return Ok(());
    }
    stopped(&summary)
}

/// `verify --json`: the readings' summary, and whether `--max-time` ran out.
#[derive(serde::Serialize)]
struct VerifyReport<'a> {
    #[serde(flatten)]
    summary: &'a VerifySummary,
    stopped_at_max_time: bool,
}

/// After its summary: a run the server stopped (a refused key, an unknown
/// model, no server) is a failed operation (exit 1); one in which readings
/// failed exits with [`READINGS_FAILED`], saying how many failed and why.
pub fn stopped(summary: &VerifySummary) -> anyhow::Result<()> {
    if let Some(why) = &summary.stopped {
        return Err(anyhow::anyhow!("{why}"));
    }
    if summary.incomplete() {
        let groups: Vec<String> = summary
            .failure_groups
            .iter()
            .map(|g| format!("{} {} reading(s): {}", g.skills, g.reading.as_str(), g.why))
            .collect();
        let mut message = format!("the readings of {} skill(s) failed", summary.failed.len());
        if !groups.is_empty() {
            message.push_str(&format!(" ({})", groups.join("; ")));
        }
        if summary.not_reached > 0 {
            message.push_str(&format!("; {} skill(s) not reached", summary.not_reached));
        }
        return Err(ReadingsFailed(message).into());
    }
    Ok(())
}

pub fn print_readings(out: &mut impl Write, s: &VerifySummary) -> std::io::Result<()> {
    writeln!(
        out,
        "readings by {}: {} skill(s) read — {} published, {} pending, {} rejected; {} failed{}{}",
        safe(&s.model, 80),
        s.read,
        s.published,
        s.pending,
        s.rejected,
        s.failed.len(),
        if s.skipped_excluded > 0 { format!(", {} excluded (not read)", s.skipped_excluded) } else { String::new() },
        if s.not_reached > 0 { format!(", {} not reached", s.not_reached) } else { String::new() },
    )?;
    writeln!(
        out,
        "  cost: {} request(s), {} answer(s) from the cache, {} prompt + {} completion token(s)",
        s.requests, s.cached, s.prompt_tokens, s.completion_tokens
    )?;
    if let Some(format) = s.response_format {
        let context = s.context_tokens.map(|t| format!(", a context of {t} tokens")).unwrap_or_default();
        writeln!(out, "  asked for: {}{context}, {} at once", format.as_str(), s.concurrency)?;
    }
    for g in &s.failure_groups {
        writeln!(out, "  failures: {} skill(s), {} reading: {}", g.skills, g.reading.as_str(), g.why)?;
    }
    for f in s.failed.iter().take(50) {
        let name = f.name.as_deref().map(|n| format!(" ({})", safe(n, 60))).unwrap_or_default();
        writeln!(out, "  failed: {}{name}: {}", f.id, safe(&f.reason, 300))?;
    }
    if s.failed.len() > 50 {
        writeln!(out, "  … and {} more failure(s) (see --json)", s.failed.len() - 50)?;
    }
    if let Some(why) = &s.stopped {
        writeln!(out, "  stopped: {}", safe(why, 300))?;
    }
    Ok(())
}

/// `model check`: what the configured server says of itself, and one tiny
/// structured request. Exits 1 when readings would not work.
pub fn check(json: bool) -> anyhow::Result<()> {
    let config = ModelConfig::from_env().map_err(anyhow::Error::msg).context("model configuration")?.context(
        "no model is configured: set SKILLS_GUIDE_LLM_URL (a local server) or SKILLS_GUIDE_LLM_KEY / DEEPSEEK_API_KEY",
    )?;
    let report = server::check(config);
    if json {
        print_json(&report)?;
    } else {
        let mut out = stdout();
        print_check(&mut out, &report)?;
        out.flush()?;
    }
    match (&report.ok, &report.error) {
        (true, _) => Ok(()),
        (false, Some(e)) => Err(anyhow::anyhow!("the model cannot read skills: {e}")),
        (false, None) => Err(anyhow::anyhow!("the model cannot read skills")),
    }
}

fn print_check(out: &mut impl Write, r: &CheckReport) -> std::io::Result<()> {
    writeln!(out, "server: {} at {}", r.server.kind.describe(), safe(&r.url, 120))?;
    match (&r.server.models, &r.server.models_error) {
        (Some(models), _) => {
            let listed: Vec<String> = models.iter().take(20).map(|m| safe(m, 80)).collect();
            writeln!(out, "models: {}", if listed.is_empty() { "none listed".into() } else { listed.join(", ") })?;
        }
        (None, Some(e)) => writeln!(out, "models: not listed ({})", safe(e, 200))?,
        (None, None) => writeln!(out, "models: not listed")?,
    }
    let listed = match r.model_listed {
        Some(true) => "listed by the server",
        Some(false) => "NOT listed by the server",
        None => "the server lists no models",
    };
    writeln!(out, "model: {} ({listed})", safe(&r.model, 80))?;
    match (r.server.context_tokens, &r.server.context_source) {
        (Some(t), Some(source)) => writeln!(out, "context: {t} tokens ({})", safe(source, 80))?,
        _ => writeln!(out, "context: unknown (set SKILLS_GUIDE_LLM_CONTEXT if it is small)")?,
    }
    let slots = r.server.slots.map(|n| format!(" (the server has {n} slot(s))")).unwrap_or_default();
    writeln!(out, "readings at once: {}{slots}", r.concurrency)?;
    writeln!(out, "a skill's text sent: {} characters to the card, {} to the audit", r.card_chars, r.audit_chars)?;
    match (&r.answer, &r.error) {
        (Some(a), _) => {
            let speed = a.tokens_per_second.map(|t| format!(", {t:.1} tokens/s")).unwrap_or_default();
            writeln!(
                out,
                "structured output: {} works ({:.1} s, {} attempt(s), {} prompt + {} completion tokens{speed})",
                a.response_format.as_str(),
                a.seconds,
                a.attempts,
                a.prompt_tokens,
                a.completion_tokens
            )?;
            writeln!(out, "sample title: {}", safe(&a.title, 100))?;
            writeln!(out, "ok: readings will work")?;
        }
        (None, Some(e)) => writeln!(out, "request: failed: {}", safe(e, 400))?,
        (None, None) => writeln!(out, "request: failed")?,
    }
    Ok(())
}
