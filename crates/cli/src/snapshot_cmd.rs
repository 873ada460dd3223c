//! `snapshot keygen`, `snapshot publish DIR` and `snapshot mirror ADDRESS
//! DIR`: a publisher's side of catalog snapshots. The secret key is read,
//! used and dropped: never printed, logged or stored.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use anyhow::Context;
use serde::Serialize;
use skills_guide_catalog::progress::{Progress, Stage};
use skills_guide_catalog::snapshot::origin::{IndexAnswer, Origin, Traffic, Validators};
use skills_guide_catalog::snapshot::packs::{self, pack_path};
use skills_guide_catalog::snapshot::{
    checked_file, decompress, file_path, keys, record_hash, record_path, SnapshotError, SnapshotIndex, SnapshotOptions,
    SnapshotRecord, INDEX_FILE, MAX_INDEX_BYTES, MAX_RECORD_BYTES, SIGNATURE_FILE,
};

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

/// Where `snapshot publish` takes its secret key, and the public key it
/// must pair with.
pub struct SecretKeyFlags {
    pub key: Option<PathBuf>,
    pub key_env: Option<String>,
    pub public_key: Option<String>,
}

pub fn publish(data_dir: &Path, dir: &Path, flags: SecretKeyFlags, pack_bytes: u64, json: bool) -> anyhow::Result<()> {
    let SecretKeyFlags { key, key_env, public_key } = flags;
    let text = match (key_env, key) {
        (Some(var), _) => std::env::var(&var)
            .map_err(|_| UsageError(format!("the environment variable {var} holds no secret key")))?,
        (None, Some(path)) => {
            std::fs::read_to_string(&path).with_context(|| format!("cannot read the secret key {}", path.display()))?
        }
        (None, None) => return Err(UsageError("give the secret key: --key FILE or --key-env VAR".into()).into()),
    };
    let secret = keys::secret_key(&text)?;
    if let Some(given) = public_key.as_deref() {
        // A secret key that is not the pair of the public key the clients
        // are given signs a publication every one of them refuses; written
        // over the folder's last good one, it would leave them with none.
        // Checked on a probe signature, before anything is written.
        let expected = keys::public_key(given)?;
        let probe = b"skills-guide publisher key check";
        if keys::verify(&expected, probe, &keys::sign(&secret, probe, "key check")?).is_err() {
            anyhow::bail!(
                "the secret key is not the pair of the public key {} that the clients are given (--public-key): \
                 nothing was published",
                keys::key_id(&expected)
            );
        }
    }
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
    if summary.records_removed + summary.files_removed > 0 {
        writeln!(
            out,
            "  {} record(s) and {} file(s) named by neither this publication nor the one before removed ({} bytes)",
            summary.records_removed, summary.files_removed, summary.bytes_removed
        )?;
    }
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

/// What `snapshot mirror` did.
#[derive(Debug, Default, Serialize)]
struct MirrorSummary {
    address: String,
    dir: PathBuf,
    key_id: String,
    /// The publication at the address.
    sequence: u64,
    published_at: i64,
    entries: usize,
    /// The publication the folder held before, if any.
    previous_sequence: Option<u64>,
    /// The folder held this publication or a newer one: nothing was copied.
    up_to_date: bool,
    /// Objects downloaded, and objects the folder held already (checked too).
    records_fetched: usize,
    records_present: usize,
    files_fetched: usize,
    files_present: usize,
    /// Packs downloaded (those the folder held whole are kept).
    packs_fetched: usize,
    requests: u64,
    bytes: u64,
}

/// `snapshot mirror ADDRESS DIR`: the publication at ADDRESS copied into
/// DIR as it is, once its signature verifies with the publisher key and
/// each record and file matches its hash: the index and its signature last,
/// so DIR never names an object it does not hold. Objects DIR holds already
/// and that check are kept; the others are downloaded.
pub fn mirror(address: &str, dir: &Path, key: Option<&str>, json: bool) -> anyhow::Result<()> {
    let key = key.context("no publisher key: pass --snapshot-key KEY or set SKILLS_GUIDE_SNAPSHOT_PUBKEY")?;
    let key = keys::public_key(key)?;
    let options = SnapshotOptions::default();
    let origin = Origin::parse(address, options.retry)?;
    let traffic = Traffic::default();
    let IndexAnswer::Fresh { compressed, signature, .. } = origin.index(&Validators::default(), &traffic)? else {
        anyhow::bail!("the host answered 304 to a request without validators");
    };
    let index_json = decompress(&compressed, MAX_INDEX_BYTES, "the snapshot index")?;
    keys::verify(&key, &index_json, &signature)?;
    let index = SnapshotIndex::parse(&index_json)?;
    let published = Published { index, compressed, signature, key_id: keys::key_id(&key) };
    let view = ProgressView::new(json);
    let on_event = |p| view.event(p);
    let result = copy_publication(&origin, &published, dir, options.workers, &traffic, &on_event);
    view.finish();
    let mut summary = result?;
    summary.address = address.to_owned();
    summary.dir = dir.to_owned();
    summary.requests = traffic.requests.load(Ordering::Relaxed);
    summary.bytes = traffic.bytes.load(Ordering::Relaxed);
    if json {
        return print_json(&summary);
    }
    let mut out = stdout();
    let before = summary.previous_sequence.map(|s| format!("publication {s}")).unwrap_or_else(|| "none".into());
    if summary.up_to_date {
        writeln!(
            out,
            "mirror: {} holds publication {} (key {}) or a newer one already ({before}); nothing copied",
            summary.dir.display(),
            summary.sequence,
            summary.key_id
        )?;
    } else {
        writeln!(
            out,
            "mirror: publication {} (key {}), {} skill(s), into {} (it held {before})",
            summary.sequence,
            summary.key_id,
            summary.entries,
            summary.dir.display()
        )?;
        writeln!(
            out,
            "  {} record(s) downloaded, {} held already; {} file(s) downloaded, {} held already",
            summary.records_fetched, summary.records_present, summary.files_fetched, summary.files_present
        )?;
    }
    writeln!(out, "  {} request(s), {} bytes", summary.requests, summary.bytes)?;
    out.flush()?;
    Ok(())
}

/// A publication's index, its signature verified, as the host served it.
struct Published {
    index: SnapshotIndex,
    compressed: Vec<u8>,
    signature: String,
    key_id: String,
}

fn copy_publication(
    origin: &Origin,
    published: &Published,
    dir: &Path,
    workers: usize,
    traffic: &Traffic,
    progress: skills_guide_catalog::progress::ProgressFn<'_>,
) -> anyhow::Result<MirrorSummary> {
    let Published { index, compressed, signature, key_id } = published;
    let mut summary = MirrorSummary {
        key_id: key_id.clone(),
        sequence: index.sequence,
        published_at: index.published_at,
        entries: index.entries.len(),
        previous_sequence: held_sequence(dir)?,
        ..Default::default()
    };
    if summary.previous_sequence.is_some_and(|held| held >= index.sequence) {
        summary.up_to_date = true;
        return Ok(summary);
    }

    let records: Vec<&str> =
        index.entries.iter().map(|(_, hash, _)| hash.as_str()).collect::<BTreeSet<_>>().into_iter().collect();
    progress(Progress::Stage { stage: Stage::Fetch, total: Some(records.len() as u64) });
    let done = AtomicU64::new(0);
    let fetched = parallel(&records, workers, |hash| {
        let path = dir.join(record_path(hash));
        let held = std::fs::read(&path).ok().and_then(|bytes| checked_record(hash, &bytes).ok());
        let outcome = match held {
            Some(record) => (record.file_hashes().into_iter().map(str::to_owned).collect::<Vec<_>>(), false),
            None => {
                let bytes = origin.record(hash, traffic)?;
                let record = checked_record(hash, &bytes)?;
                write_atomic(&path, &bytes)?;
                (record.file_hashes().into_iter().map(str::to_owned).collect(), true)
            }
        };
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if n.is_multiple_of(256) {
            progress(Progress::Advance { stage: Stage::Fetch, done: n, total: Some(records.len() as u64) });
        }
        Ok::<_, anyhow::Error>(outcome)
    })?;
    let mut files = BTreeSet::new();
    for (hashes, was_fetched) in fetched {
        if was_fetched {
            summary.records_fetched += 1;
        } else {
            summary.records_present += 1;
        }
        files.extend(hashes);
    }

    let files: Vec<String> = files.into_iter().collect();
    progress(Progress::Stage { stage: Stage::Fetch, total: Some(files.len() as u64) });
    let done = AtomicU64::new(0);
    let fetched = parallel(&files, workers, |sha| {
        let path = dir.join(file_path(sha));
        let held = std::fs::read(&path).ok().is_some_and(|bytes| checked_file(sha, &bytes).is_ok());
        if !held {
            let bytes = origin.file(sha, traffic)?;
            checked_file(sha, &bytes)?;
            write_atomic(&path, &bytes)?;
        }
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if n.is_multiple_of(256) {
            progress(Progress::Advance { stage: Stage::Fetch, done: n, total: Some(files.len() as u64) });
        }
        Ok::<_, anyhow::Error>(!held)
    })?;
    summary.files_fetched = fetched.iter().filter(|f| **f).count();
    summary.files_present = fetched.len() - summary.files_fetched;

    // The packs, each checked against its name once whole.
    for group in &index.packs {
        for pack in std::iter::once(&group.records).chain(group.files.as_ref()) {
            let path = dir.join(pack_path(&pack.sha256));
            if std::fs::metadata(&path).is_ok_and(|m| m.len() == pack.bytes) {
                continue;
            }
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
            }
            packs::download_checked(origin, pack, &path, traffic, &|_| true)?;
            summary.packs_fetched += 1;
        }
    }

    // Every object is in place: now the signature, then the index (as
    // `snapshot publish` writes them).
    write_atomic(&dir.join(SIGNATURE_FILE), signature.as_bytes())?;
    write_atomic(&dir.join(INDEX_FILE), compressed)?;
    Ok(summary)
}

/// A record's compressed bytes, checked as a client checks them: within
/// the bound, named by the hash of what they hold, a valid public record.
fn checked_record(hash: &str, compressed: &[u8]) -> Result<SnapshotRecord, SnapshotError> {
    let bytes = decompress(compressed, MAX_RECORD_BYTES, &format!("record {hash}"))?;
    if record_hash(&bytes) != hash {
        return Err(SnapshotError::BadRecord { hash: hash.to_owned() });
    }
    SnapshotRecord::decode(hash, &bytes)
}

/// The sequence of the publication a folder holds, if it holds one.
fn held_sequence(dir: &Path) -> anyhow::Result<Option<u64>> {
    let path = dir.join(INDEX_FILE);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let unreadable = || format!("{} cannot be read; move it away to mirror into this folder", path.display());
    let json = decompress(&bytes, MAX_INDEX_BYTES, "the folder's index").with_context(unreadable)?;
    let value: serde_json::Value = serde_json::from_slice(&json).with_context(unreadable)?;
    Ok(Some(value["sequence"].as_u64().with_context(unreadable)?))
}

/// `f` over `items` on `workers` threads, in order; the first error stops
/// the others from starting new items and is returned.
fn parallel<T: Sync, R: Send>(
    items: &[T],
    workers: usize,
    f: impl Fn(&T) -> anyhow::Result<R> + Sync,
) -> anyhow::Result<Vec<R>> {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let mut results: Vec<(usize, anyhow::Result<R>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers.clamp(1, items.len().max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    while !failed.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        let result = f(item);
                        failed.fetch_or(result.is_err(), Ordering::Relaxed);
                        mine.push((i, result));
                    }
                    mine
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// Writes `path` through a temporary file beside it and a rename, readable
/// by all (a static host serves what it can read): a reader sees the old
/// file or the new one, never half of one.
fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let parent = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("object");
    let tmp = parent.join(format!(".{name}.tmp-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed)));
    let write = || -> std::io::Result<()> {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o644))?;
        }
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        anyhow::anyhow!("cannot write {}: {e}", path.display())
    })
}
