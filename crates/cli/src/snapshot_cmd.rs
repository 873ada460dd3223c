//! `snapshot keygen` and `snapshot publish DIR`: a publisher's side of
//! catalog snapshots. The secret key is read, used and dropped: never
//! printed, logged or stored.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use skills_guide_catalog::snapshot::keys;

use crate::catalog_cmd::{open, print_json, stdout, UsageError};
use crate::progress_view::ProgressView;

pub fn keygen(dir: &Path, json: bool) -> anyhow::Result<()> {
    let (secret, public, line) = keys::generate(dir)?;
    if json {
        return print_json(&serde_json::json!({
            "secret_key_file": secret, "public_key_file": public, "public_key": line,
        }));
    }
    let mut out = stdout();
    writeln!(out, "secret key: {}  (keep it secret: your CI's secret store, never the repository)", secret.display())?;
    writeln!(out, "public key: {}", public.display())?;
    writeln!(out, "\nClients sync your snapshots with:")?;
    writeln!(out, "  skills-guide sync --from snapshot:https://YOUR-HOST/PATH --snapshot-key {line}")?;
    out.flush()?;
    Ok(())
}

pub fn publish(
    data_dir: &Path,
    dir: &Path,
    key: Option<PathBuf>,
    key_env: Option<String>,
    pack_bytes: u64,
    json: bool,
) -> anyhow::Result<()> {
    let text = match (key_env, key) {
        (Some(var), _) => std::env::var(&var)
            .map_err(|_| UsageError(format!("the environment variable {var} holds no secret key")))?,
        (None, Some(path)) => {
            std::fs::read_to_string(&path).with_context(|| format!("cannot read the secret key {}", path.display()))?
        }
        (None, None) => return Err(UsageError("give the secret key: --key FILE or --key-env VAR".into()).into()),
    };
    let secret = keys::secret_key(&text)?;
    let view = ProgressView::new(json);
    let catalog = open(data_dir, &view)?;
    let on_event = |p| view.event(p);
    let options = skills_guide_catalog::snapshot::publish::PublishOptions { pack_bytes };
    let summary = catalog.publish_snapshot_with(dir, &secret, options, &on_event);
    view.finish();
    let summary = summary?;
    if json {
        return print_json(&summary);
    }
    let mut out = stdout();
    writeln!(out, "snapshot: {}  (publication {}, key {})", summary.dir.display(), summary.sequence, summary.key_id)?;
    writeln!(
        out,
        "  {} skill(s); {} record(s) written ({} bytes), {} kept from earlier publications",
        summary.entries, summary.records_written, summary.bytes_written, summary.records_kept
    )?;
    writeln!(
        out,
        "  {} file(s) of the skill folders written ({} bytes), {} kept from earlier publications",
        summary.files_written, summary.file_bytes_written, summary.files_kept
    )?;
    writeln!(
        out,
        "  {} pack(s) written ({} bytes), {} pack group(s) kept as they were, {} packed again; {} record(s) \
         unchanged since the last publication (not encoded again)",
        summary.packs_written,
        summary.pack_bytes_written,
        summary.packs_kept,
        summary.packs_repacked,
        summary.records_unchanged
    )?;
    if summary.local_skipped > 0 {
        writeln!(
            out,
            "  {} skill(s) from local folders and the examples left out (snapshots carry public skills)",
            summary.local_skipped
        )?;
    }
    writeln!(out, "  index: {} bytes, signed", summary.index_bytes)?;
    out.flush()?;
    Ok(())
}
