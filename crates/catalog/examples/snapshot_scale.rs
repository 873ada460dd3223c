//! Snapshots at scale: publish a catalog, sync it into an empty one, change
//! 1 % of the skills, publish again, sync again.
//!
//! `snapshot_scale prepare SOURCE_DATA WORK`, then `publish WORK`,
//! `sync WORK CLIENT`, `change WORK`, `publish WORK`, `sync WORK CLIENT`:
//! one process a step, so each step's peak memory is its own
//! (`scripts/bench-snapshot` runs them under GNU time).
//!
//! SOURCE_DATA is a catalog (for example the one `scripts/bench-catalog
//! 100000 --with-files` builds). Snapshots carry public skills only, so its
//! skills are copied, every file of their folders with them, into a
//! publisher catalog in WORK as if found on GitHub. A client syncs through
//! the static host on loopback with a link of 30 ms and 100 Mbit/s per
//! connection; requests and bytes are counted at the host. A benchmark: it
//! asserts nothing.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use skills_guide_catalog::progress::{quiet, Progress};
use skills_guide_catalog::record::{build_record, SkillRecord, SourceKind, SourceRef};
use skills_guide_catalog::snapshot::keys;
use skills_guide_catalog::sync::{Source, SyncOptions};
use skills_guide_catalog::Catalog;

fn main() {
    // As the CLI and the app do: the figures are theirs.
    skills_guide_catalog::allocator::return_large_blocks();
    let args: Vec<String> = std::env::args().collect();
    let usage = || -> ! {
        eprintln!("usage: snapshot_scale prepare SOURCE_DATA WORK | publish WORK | change WORK | sync WORK CLIENT");
        std::process::exit(2);
    };
    let work = |i: usize| PathBuf::from(args.get(i).unwrap_or_else(|| usage()));
    match args.get(1).map(String::as_str) {
        Some("prepare") => prepare(&work(2), &work(3)),
        Some("publish") => publish(&work(2)),
        Some("change") => {
            let changed = change_one_percent(&work(2).join("publisher"));
            println!("{changed} skills changed");
        }
        Some("sync") => sync(&work(2), &work(3)),
        _ => usage(),
    }
}

/// The source catalog copied into a publisher catalog as GitHub skills, and
/// a key pair.
/// A record with the bytes of its folder's files, by SHA-256.
type WithFiles = (SkillRecord, Vec<(String, Vec<u8>)>);

fn prepare(source: &Path, work: &Path) {
    let started = Instant::now();
    let count = copy_as_public(source, &work.join("publisher"));
    println!("publisher catalog: {count} public skills ({:.1} s)", started.elapsed().as_secs_f64());
    keys::generate(&work.join("keys")).expect("a key pair");
}

fn publish(work: &Path) {
    let secret = keys::secret_key(&std::fs::read_to_string(work.join("keys/snapshot.key")).unwrap()).unwrap();
    let publisher = Catalog::open(&work.join("publisher"), &quiet).unwrap();
    let t = Instant::now();
    let s = publisher.publish_snapshot(&work.join("snapshot"), &secret, &quiet).unwrap();
    println!(
        "publish: {:.1} s; {} records written, {} kept ({} not encoded again); {} files written; {} packs written \
         ({:.1} MB), {} groups kept, {} packed again; index {:.1} MB",
        t.elapsed().as_secs_f64(),
        s.records_written,
        s.records_kept,
        s.records_unchanged,
        s.files_written,
        s.packs_written,
        s.pack_bytes_written as f64 / 1e6,
        s.packs_kept,
        s.packs_repacked,
        s.index_bytes as f64 / 1e6
    );
}

/// Syncs WORK/snapshot into CLIENT through the static host on loopback,
/// with a 30 ms latency and 100 Mbit/s per connection, and a search for
/// "pdf" tried every second from another handle on the catalog, to see
/// when the first result appears.
fn sync(work: &Path, client_dir: &Path) {
    let link =
        skills_guide_testkit::static_host::Link { latency: Duration::from_millis(30), bytes_per_sec: Some(12_500_000) };
    let host = skills_guide_testkit::StaticHost::start_with_link(work.join("snapshot"), link);
    let public = std::fs::read_to_string(work.join("keys/snapshot.pub")).unwrap();
    let mut client = Catalog::open(client_dir, &quiet).unwrap();
    let reader = client.reader();
    let mut opts = SyncOptions::default();
    opts.snapshot.key = Some(public);
    let source = [Source::Snapshot(host.url())];
    let t = Instant::now();
    // When each stage began, and when the records became searchable.
    let stages = std::sync::Mutex::new(Vec::<(String, f64)>::new());
    let on_event = |p: Progress| {
        let at = t.elapsed().as_secs_f64();
        match p {
            Progress::Stage { stage, .. } => stages.lock().unwrap().push((format!("{stage:?} [{}]", memory()), at)),
            Progress::Note { message } if message.contains("searchable") => {
                // A search through the catalog's reader, as the app's window makes it.
                let query = skills_guide_catalog::index::SearchQuery { text: "pdf".into(), ..Default::default() };
                let hits = reader.search(&query).map_or(0, |r| r.hits.len());
                let found = t.elapsed().as_secs_f64();
                stages.lock().unwrap().push((format!("first search result ({hits} hits; {})", memory()), found));
            }
            _ => {}
        }
    };
    let summary = client.sync(&source, &opts, &on_event).unwrap();
    let whole = t.elapsed().as_secs_f64();
    let query = skills_guide_catalog::index::SearchQuery { text: "pdf".into(), ..Default::default() };
    let at_end = client.search(&query).map_or(0, |r| r.hits.len());
    report("sync", whole, &summary, host.total_requests(), host.total_bytes());
    let stages = stages.into_inner().unwrap();
    let when: Vec<String> = stages.iter().map(|(what, at)| format!("{what} {at:.1} s")).collect();
    println!("  stages: {}", when.join(", "));
    println!("  whole catalog at {whole:.1} s ({at_end} hits for the same search)");
    println!("  memory at the end: {}", memory());
}

/// The peak and the current resident memory, and how much of it is the
/// process's own (anonymous) and how much mapped files (tantivy's segments,
/// sled's file) that the kernel may drop: `/proc/self/status`.
fn memory() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status.lines().find(|l| l.starts_with(name)).map_or("?".into(), |l| l[name.len()..].trim().to_owned())
    };
    format!(
        "peak {}, now {} ({} anonymous, {} files)",
        field("VmHWM:"),
        field("VmRSS:"),
        field("RssAnon:"),
        field("RssFile:")
    )
}

fn report(what: &str, secs: f64, summary: &skills_guide_catalog::sync::SyncSummary, requests: u64, bytes: u64) {
    let s = &summary.snapshots[0];
    println!(
        "{what}: {secs:.1} s, {requests} requests, {:.1} MB at the host; {}; {} packs, {} records and {} files one \
         by one; {} applied, {} removed",
        bytes as f64 / 1e6,
        s.plan,
        s.packs_fetched,
        s.records_fetched,
        s.files_fetched,
        s.applied,
        s.removed
    );
}

/// Every skill of `source` into a new catalog at `dest`, as a GitHub skill.
fn copy_as_public(source: &Path, dest: &Path) -> usize {
    let from = Catalog::open(source, &quiet).unwrap();
    let to = Catalog::open(dest, &quiet).unwrap();
    let mut batch: Vec<WithFiles> = Vec::new();
    let mut count = 0;
    for (i, record) in from.store().records().enumerate() {
        let mut r = record.unwrap();
        let content: Vec<(String, Vec<u8>)> = r
            .content_hashes()
            .into_iter()
            .map(|sha| (sha.to_owned(), from.store().content(sha).unwrap().expect("a file of the folder")))
            .collect();
        r.source = SourceRef {
            kind: SourceKind::Github,
            repo: Some(format!("bench{}/skills", i % 1000)),
            path: format!("skills/skill-{i}/SKILL.md"),
            url: None,
            license: Some("MIT".into()),
        };
        r.id = r.source.skill_id();
        r.copy_of = None;
        batch.push((r, content));
        count += 1;
        if batch.len() == 1000 {
            put(&to, &mut batch);
        }
    }
    put(&to, &mut batch);
    count
}

fn put(catalog: &Catalog, batch: &mut Vec<WithFiles>) {
    let records: Vec<SkillRecord> = batch.iter().map(|(r, _)| r.clone()).collect();
    let contents: Vec<(&str, &[u8])> =
        batch.iter().flat_map(|(_, files)| files.iter().map(|(sha, c)| (sha.as_str(), c.as_slice()))).collect();
    catalog.store().put_many(&records, contents).unwrap();
    batch.clear();
}

/// A new version of every hundredth skill (a sentence added).
fn change_one_percent(dir: &Path) -> usize {
    let catalog = Catalog::open(dir, &quiet).unwrap();
    let mut batch = Vec::new();
    for (i, record) in catalog.store().records().enumerate() {
        let r = record.unwrap();
        if i % 100 != 0 || r.source.kind != SourceKind::Github {
            continue;
        }
        let mut content = catalog.content(&r).unwrap();
        content.extend_from_slice(b"\nA sentence added in a new version.\n");
        let a = skills_guide_engine::analyze::analyze(&content, &r.facts, 1_796_000_000);
        let source = r.source.clone();
        let facts = r.facts;
        let record = build_record(source, facts, a, Some(r), 1_796_000_000);
        let sha = record.sha256.clone();
        batch.push((record, vec![(sha, content)]));
    }
    let n = batch.len();
    for chunk in batch.chunks(1000) {
        let mut owned: Vec<WithFiles> = chunk.to_vec();
        put(&catalog, &mut owned);
    }
    n
}
