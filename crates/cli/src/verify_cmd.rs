//! `verify` and the readings step of `sync`: the model's readings and the
//! decision (R-LLM, R-DEC) through the model server the environment names
//! (`../shared/contract.md`). Prints what was read, what it decided and what
//! it cost; never the key.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use skills_guide_catalog::progress::Cancel;
use skills_guide_catalog::verify::{Selection, VerifySummary};
use skills_guide_remote::model::{ModelClient, ModelConfig};

use crate::catalog_cmd::{open, print_json, stdout, UsageError};
use crate::fmt::safe;
use crate::progress_view::ProgressView;

/// The model client the environment configures, or `None` (no URL, no key).
pub fn model_client() -> anyhow::Result<Option<ModelClient>> {
    let Some(config) = ModelConfig::from_env().map_err(anyhow::Error::msg).context("model configuration")? else {
        return Ok(None);
    };
    Ok(Some(ModelClient::new(config).map_err(anyhow::Error::msg)?))
}

pub fn verify(data_dir: &Path, selection: &Selection, json: bool) -> anyhow::Result<()> {
    if selection.is_empty() {
        return Err(UsageError("name the skills to verify, or use --pending, --unverified or --all".into()).into());
    }
    let client = model_client()?.context(
        "no model is configured: set SKILLS_GUIDE_LLM_URL (a local server) or SKILLS_GUIDE_LLM_KEY / DEEPSEEK_API_KEY",
    )?;
    let view = ProgressView::new(json);
    let mut catalog = open(data_dir, &view)?;
    let ids = catalog.select(selection)?;
    let on_event = |p| view.event(p);
    let summary = catalog.verify(&client, &ids, &Cancel::default(), &on_event);
    view.finish();
    let summary = summary?;
    if json {
        print_json(&summary)?;
    } else {
        let mut out = stdout();
        print_readings(&mut out, &summary)?;
        out.flush()?;
    }
    stopped(&summary)
}

/// A run the server stopped is a failed operation (exit 1), after its summary.
pub fn stopped(summary: &VerifySummary) -> anyhow::Result<()> {
    match &summary.stopped {
        Some(why) => Err(anyhow::anyhow!("{why}")),
        None => Ok(()),
    }
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
