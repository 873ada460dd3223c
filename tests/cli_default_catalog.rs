//! The default publisher built into the CLI (`catalog.toml`): a plain
//! `sync` with no GitHub token takes its verified catalog, checked with the
//! built-in key; `SKILLS_GUIDE_CATALOG` moves its address (here, to a
//! static host on loopback) or turns it off. The built-in key's secret is
//! nobody's here, so a publication the tests sign is "another key's" unless
//! its own key is given.

#[path = "support/cli.rs"]
mod cli;
#[path = "support/model_script.rs"]
mod model_script;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cli::json;
use skills_guide_catalog::progress::quiet;
use skills_guide_catalog::publisher;
use skills_guide_catalog::record::{build_record, SourceKind, SourceRef};
use skills_guide_catalog::snapshot::keys;
use skills_guide_catalog::Catalog;
use skills_guide_engine::score::RepoFacts;
use skills_guide_testkit::{FakeGithub, StaticHost, World};

/// A publisher's catalog of `n` public skills, published signed in
/// `root/snapshot` with a key made in `root/keys`: the folder and the
/// public key's line.
fn published(root: &Path, n: usize) -> (PathBuf, String) {
    let catalog = Catalog::open(&root.join("publisher"), &quiet).unwrap();
    let mut records = Vec::new();
    let mut contents = Vec::new();
    for i in 0..n {
        let body = format!(
            "---\nname: lumen-{i}\ndescription: Writes lumen release notes number {i} from the merged changes.\n---\n\
             # Lumen {i}\n\n## When to use\nWhen the user asks for release notes.\n\n## Steps\n1. Read the log.\n\
             2. Write the notes.\n"
        );
        let facts = RepoFacts { stars: Some(10), last_commit_unix: Some(1_790_000_000), in_awesome: false };
        let analysis = skills_guide_engine::analyze::analyze(body.as_bytes(), &facts, 1_796_000_000);
        let source = SourceRef {
            kind: SourceKind::Github,
            repo: Some("lumen/skills".into()),
            path: format!("skills/lumen-{i}/SKILL.md"),
            url: None,
            license: Some("MIT".into()),
        };
        records.push(build_record(source, facts, analysis, None, 1_796_000_000));
        contents.push(body.into_bytes());
    }
    let refs: Vec<(&str, &[u8])> =
        records.iter().zip(&contents).map(|(r, c)| (r.sha256.as_str(), c.as_slice())).collect();
    catalog.store().put_many(&records, refs).unwrap();
    let (secret_file, _, line) = keys::generate(&root.join("keys")).unwrap();
    let secret = keys::secret_key(&std::fs::read_to_string(secret_file).unwrap()).unwrap();
    catalog.publish_snapshot(&root.join("snapshot"), &secret, &quiet).unwrap();
    (root.join("snapshot"), line)
}

/// `skills-guide --data-dir DATA ARGS…` with only `env` of the variables
/// that matter here (no token, no model, no key from the machine).
fn run(data: &Path, env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_skills-guide"));
    cmd.arg("--data-dir").arg(data).args(args);
    for var in [
        "GITHUB_TOKEN",
        "SKILLS_GUIDE_CATALOG",
        "SKILLS_GUIDE_SNAPSHOT_PUBKEY",
        "SKILLS_GUIDE_LLM_URL",
        "SKILLS_GUIDE_LLM_KEY",
        "SKILLS_GUIDE_LLM_MODEL",
        "DEEPSEEK_API_KEY",
        "SKILLS_GUIDE_AWESOME_LISTS",
    ] {
        cmd.env_remove(var);
    }
    cmd.env("SKILLS_GUIDE_SNAPSHOT_BACKOFF_MS", "5").env("SKILLS_GUIDE_GITHUB_BACKOFF_MS", "5");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("the binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn skills(data: &Path) -> usize {
    json(&run(data, &[], &["list", "--json"])).as_array().unwrap().len()
}

fn built_in_id() -> String {
    publisher::built_in().unwrap().key_id.clone()
}

#[test]
fn a_plain_sync_without_a_token_takes_the_default_catalog_checked_with_the_built_in_key() {
    let tmp = tempfile::tempdir().unwrap();
    let (snapshot, line) = published(tmp.path(), 4);
    let host = StaticHost::start(&snapshot);
    let data = tmp.path().join("client");
    let before = skills(&data);
    let url = host.url();
    let env = [("SKILLS_GUIDE_CATALOG", url.as_str())];

    // Signed by another key than the built-in one: refused, nothing changed.
    let out = run(&data, &env, &["sync", "--no-llm"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    let said = format!(
        "syncing the verified catalog from {} (publisher key {}); give --from to choose sources",
        host.url(),
        built_in_id()
    );
    assert!(err.lines().any(|l| l == said), "one line says what is synced: {err}");
    assert!(err.contains("signature does not verify with the publisher key"), "{err}");
    assert!(err.contains("nothing was changed"), "{err}");
    assert_eq!(skills(&data), before);
    let paths: Vec<String> = host.requests().into_iter().map(|r| r.path).collect();
    assert!(paths.iter().all(|p| p.starts_with("/index.json")), "only the signed index was read: {paths:?}");

    // The publisher's own key given: the same plain sync applies it.
    host.clear_requests();
    let own_id = keys::key_id(&keys::public_key(&line).unwrap());
    let out = run(&data, &env, &["sync", "--no-llm", "--snapshot-key", &line, "--json"]);
    let report = json(&out);
    assert!(stderr(&out).contains(&format!("(publisher key {own_id})")), "{}", stderr(&out));
    assert_eq!(report["sources"], serde_json::json!([format!("snapshot:{}", host.url())]), "{report}");
    assert_eq!(report["snapshots"][0]["applied"], 4, "{report}");
    assert_eq!(report["snapshots"][0]["key_id"], own_id.as_str(), "{report}");
    assert_eq!(skills(&data), before + 4);
}

#[test]
fn naming_the_default_address_needs_no_key_and_another_address_still_does() {
    let tmp = tempfile::tempdir().unwrap();
    let (snapshot, _) = published(tmp.path(), 2);
    let host = StaticHost::start(&snapshot);
    let other = StaticHost::start(&snapshot);
    let data = tmp.path().join("client");
    let url = host.url();

    // The default's address: checked with the built-in key (and refused, as signed by another).
    let from = format!("snapshot:{url}/");
    let out = run(&data, &[("SKILLS_GUIDE_CATALOG", &url)], &["sync", "--from", &from, "--no-llm"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("signature does not verify"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("syncing the verified catalog"), "--from chose the sources");

    // Another address: no key, as before.
    let from = format!("snapshot:{}", other.url());
    let out = run(&data, &[("SKILLS_GUIDE_CATALOG", &url)], &["sync", "--from", &from, "--no-llm"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no publisher key"), "{}", stderr(&out));
    assert!(other.requests().is_empty(), "nothing read without a key");

    // Off: the default's address is just another address.
    let from = format!("snapshot:{url}");
    let out = run(&data, &[("SKILLS_GUIDE_CATALOG", "off")], &["sync", "--from", &from, "--no-llm"]);
    assert!(stderr(&out).contains("no publisher key"), "{}", stderr(&out));
}

#[test]
fn off_or_a_token_syncs_the_public_sources_as_before() {
    let tmp = tempfile::tempdir().unwrap();
    let (snapshot, _) = published(tmp.path(), 2);
    let host = StaticHost::start(&snapshot);
    let gh = FakeGithub::start(World::new());
    let (api, raw) = (gh.api_base(), gh.raw_base());
    let data = tmp.path().join("client");
    let github = [("SKILLS_GUIDE_GITHUB_API", api.as_str()), ("SKILLS_GUIDE_GITHUB_RAW", raw.as_str())];

    let mut off = github.to_vec();
    off.push(("SKILLS_GUIDE_CATALOG", "off"));
    let out = run(&data, &off, &["sync", "--no-llm", "--json"]);
    let report = json(&out);
    assert_eq!(report["sources"], serde_json::json!(["awesome", "registry", "github"]), "{report}");
    assert!(!stderr(&out).contains("verified catalog"), "{}", stderr(&out));

    let url = host.url();
    let mut token = github.to_vec();
    token.push(("SKILLS_GUIDE_CATALOG", &url));
    token.push(("GITHUB_TOKEN", FakeGithub::TOKEN));
    let report = json(&run(&data, &token, &["sync", "--no-llm", "--json"]));
    assert_eq!(report["sources"], serde_json::json!(["awesome", "registry", "github"]), "{report}");
    assert!(host.requests().is_empty(), "the default catalog was not asked");
}
