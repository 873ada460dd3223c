//! Snapshots at scale: publish a catalog, sync it into an empty one, change
//! 1 % of the skills, publish again, sync again.
//!
//! `cargo run --release -p skills-guide-catalog --example snapshot_scale -- SOURCE_DATA WORK_DIR`
//!
//! SOURCE_DATA is a catalog (for example the one `scripts/bench-catalog`
//! builds). Snapshots carry public skills only, so its skills are copied
//! into a publisher catalog in WORK_DIR as if found on GitHub. The client
//! reads the snapshot from the folder: requests are files read, bytes are
//! their bytes, the same counts a static host would serve. A benchmark: it
//! asserts nothing.

use std::path::{Path, PathBuf};
use std::time::Instant;

use skills_guide_catalog::progress::quiet;
use skills_guide_catalog::record::{build_record, SkillRecord, SourceKind, SourceRef};
use skills_guide_catalog::snapshot::keys;
use skills_guide_catalog::sync::{Source, SyncOptions};
use skills_guide_catalog::Catalog;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(source), Some(work)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: snapshot_scale SOURCE_DATA WORK_DIR");
        std::process::exit(2);
    };
    let work = PathBuf::from(work);
    let publisher_dir = work.join("publisher");
    let started = Instant::now();
    let count = copy_as_public(Path::new(source), &publisher_dir);
    println!("publisher catalog: {count} public skills ({:.1} s)", started.elapsed().as_secs_f64());

    let (secret_path, _, public_line) = keys::generate(&work.join("keys")).expect("a key pair");
    let secret = keys::secret_key(&std::fs::read_to_string(secret_path).unwrap()).unwrap();
    let snapshot = work.join("snapshot");
    let publisher = Catalog::open(&publisher_dir, &quiet).unwrap();
    let t = Instant::now();
    let first = publisher.publish_snapshot(&snapshot, &secret, &quiet).unwrap();
    println!(
        "publish 1: {:.1} s, {} records, {} bytes of records, index {} bytes",
        t.elapsed().as_secs_f64(),
        first.records_written,
        first.bytes_written,
        first.index_bytes
    );
    drop(publisher);

    let client_dir = work.join("client");
    let mut client = Catalog::open(&client_dir, &quiet).unwrap();
    let mut opts = SyncOptions::default();
    opts.snapshot.key = Some(public_line);
    let source = [Source::Snapshot(snapshot.to_string_lossy().into_owned())];
    let t = Instant::now();
    let summary = client.sync(&source, &opts, &quiet).unwrap();
    report("first sync", t, &summary);
    drop(client);

    let changed = change_one_percent(&publisher_dir);
    let publisher = Catalog::open(&publisher_dir, &quiet).unwrap();
    let t = Instant::now();
    let second = publisher.publish_snapshot(&snapshot, &secret, &quiet).unwrap();
    println!(
        "publish 2 ({changed} skills changed): {:.1} s, {} records written, {} kept",
        t.elapsed().as_secs_f64(),
        second.records_written,
        second.records_kept
    );
    drop(publisher);

    let mut client = Catalog::open(&client_dir, &quiet).unwrap();
    let t = Instant::now();
    let summary = client.sync(&source, &opts, &quiet).unwrap();
    report("incremental sync", t, &summary);
}

fn report(what: &str, t: Instant, summary: &skills_guide_catalog::sync::SyncSummary) {
    let s = &summary.snapshots[0];
    println!(
        "{what}: {:.1} s, {} requests, {} bytes, {} records fetched, {} applied, {} removed",
        t.elapsed().as_secs_f64(),
        s.requests,
        s.bytes,
        s.records_fetched,
        s.applied,
        s.removed
    );
}

/// Every skill of `source` into a new catalog at `dest`, as a GitHub skill.
fn copy_as_public(source: &Path, dest: &Path) -> usize {
    let from = Catalog::open(source, &quiet).unwrap();
    let to = Catalog::open(dest, &quiet).unwrap();
    let mut batch: Vec<(SkillRecord, Vec<u8>)> = Vec::new();
    let mut count = 0;
    for (i, record) in from.store().records().enumerate() {
        let mut r = record.unwrap();
        let content = from.content(&r).unwrap();
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

fn put(catalog: &Catalog, batch: &mut Vec<(SkillRecord, Vec<u8>)>) {
    let records: Vec<SkillRecord> = batch.iter().map(|(r, _)| r.clone()).collect();
    let contents: Vec<(&str, &[u8])> = batch.iter().map(|(r, c)| (r.sha256.as_str(), c.as_slice())).collect();
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
        batch.push((build_record(source, facts, a, Some(r), 1_796_000_000), content));
    }
    let n = batch.len();
    for chunk in batch.chunks(1000) {
        let mut owned: Vec<(SkillRecord, Vec<u8>)> = chunk.to_vec();
        put(&catalog, &mut owned);
    }
    n
}
