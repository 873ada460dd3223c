//! The publisher's workflow (`.github/workflows/catalog.yml`) run as its
//! steps run: `scripts/catalog-publish all` against a fake GitHub, a fake
//! model and a static host on loopback, the way the workflow runs them on
//! GitHub Actions with its cache and its deploy. From nothing, a first run
//! publishes the skills of a small world; a client syncs them; a change in
//! the world is published alone, once with the workflow's cache and once
//! from the publication alone (the cache lost); a run with the wrong secret
//! key fails before anything is deployed, leaving the last publication as
//! it was. The workflow file itself is checked by `actionlint`.

#[path = "support/cli.rs"]
mod cli;
#[path = "support/model_script.rs"]
mod model_script;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;
use skills_guide_testkit::{FakeGithub, FakeModel, Repo, StaticHost, World};

/// The skills of the world, by repository: written here for the test.
const SKILLS: [(&str, &str); 5] = [
    ("acme/tools", "skills/weekly-report"),
    ("acme/tools", "skills/meeting-notes"),
    ("acme/tools", "skills/changelog-writer"),
    ("bolt/agent-skills", "release-checklist"),
    ("cairn/skills", "skills/api-docs"),
];

fn name_of(path: &str) -> &str {
    path.rsplit('/').next().unwrap()
}

fn skill_text(name: &str, version: u32) -> String {
    format!(
        "---\nname: {name}\ndescription: Writes weekly reports from notes ({name}).\n---\n# {name}\n\n\
         ## Purpose\nTurn a week of notes into a short report.\n\n## When to use\nWhen the user asks for a weekly report.\n\n\
         ## Instructions\n1. Read the notes the user points to.\n2. Group them by project.\n3. Write the report.\n\n\
         ## Rules\n- Never invent numbers.\n\nRevision {version} of {name}.\n"
    )
}

fn world() -> World {
    let mut world = World::new();
    for (repo, folder) in SKILLS {
        let existing = world.get(repo).cloned();
        let base =
            existing.unwrap_or_else(|| Repo::new(repo).stars(120).pushed_at("2026-11-20T10:00:00Z").license("MIT"));
        let text = skill_text(name_of(folder), 1);
        let repo = base.file(&format!("{folder}/SKILL.md"), text, "2026-11-01T00:00:00Z").file(
            &format!("{folder}/notes/template.md"),
            format!("# Template for {}\n", name_of(folder)),
            "2026-11-01T00:00:00Z",
        );
        world.add_repo(repo);
    }
    world
}

/// A changed SKILL.md upstream: one new version of one skill.
fn change(gh: &FakeGithub, (repo, folder): (&str, &str), version: u32) {
    gh.edit(|w| {
        w.get_mut(repo).unwrap().put_file(
            &format!("{folder}/SKILL.md"),
            skill_text(name_of(folder), version),
            "2026-11-25T00:00:00Z",
        );
    });
}

/// A publisher key pair made by the CLI: the public key's line and the
/// secret key's text.
fn keygen(dir: &Path) -> (String, String) {
    let keys = cli::json(&cli::run(
        &dir.join("scratch-catalog"),
        None,
        &["snapshot", "keygen", "--dir", dir.to_str().unwrap(), "--json"],
    ));
    let secret = std::fs::read_to_string(keys["secret_key_file"].as_str().unwrap()).unwrap();
    (keys["public_key"].as_str().unwrap().to_owned(), secret)
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// The publisher: its folder (the workflow's cache), the fakes it talks to,
/// and the static host serving what was deployed.
struct Publisher {
    tmp: tempfile::TempDir,
    gh: FakeGithub,
    model: FakeModel,
    host: StaticHost,
    public_key: String,
    secret_key: String,
    /// Secrets that must never show in a run's output.
    secrets: Vec<String>,
}

struct RunOutput {
    ok: bool,
    text: String,
}

impl Publisher {
    fn new() -> Publisher {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(tmp.path().join("served")).unwrap();
        let (public_key, secret_key) = keygen(&tmp.path().join("keys"));
        let secret_line = secret_key.lines().nth(1).unwrap().to_owned();
        Publisher {
            gh: FakeGithub::start(world()),
            model: model_script::Script::new().start(),
            host: StaticHost::start(tmp.path().join("served")),
            secrets: vec![secret_line, model_script::KEY.to_owned(), FakeGithub::TOKEN.to_owned()],
            public_key,
            secret_key,
            tmp,
        }
    }

    fn work(&self) -> PathBuf {
        self.tmp.path().join("work")
    }

    fn catalog_url(&self) -> String {
        format!("{}/catalog", self.host.url())
    }

    /// `[publisher]` as the repository's catalog.toml gives it.
    fn write_catalog_toml(&self) -> PathBuf {
        let path = self.tmp.path().join("catalog.toml");
        std::fs::write(
            &path,
            format!("[publisher]\naddress = \"{}\"\npublic_key = \"{}\"\n", self.catalog_url(), self.public_key),
        )
        .unwrap();
        path
    }

    /// `bash scripts/catalog-publish STEP` with the workflow's settings.
    fn run(&self, step: &str, secret_key: &str, catalog_toml: Option<&Path>) -> RunOutput {
        let mut cmd = Command::new("bash");
        cmd.arg(repo_root().join("scripts/catalog-publish")).arg(step).current_dir(self.tmp.path());
        for (name, _) in std::env::vars() {
            let outside = name.starts_with("CATALOG_")
                || name.starts_with("SKILLS_GUIDE_")
                || ["GITHUB_TOKEN", "DEEPSEEK_API_KEY", "GITHUB_ACTIONS"].contains(&name.as_str());
            if outside {
                cmd.env_remove(name);
            }
        }
        let missing_toml = self.tmp.path().join("no-catalog.toml");
        cmd.env("SKILLS_GUIDE_BIN", env!("CARGO_BIN_EXE_skills-guide"))
            .env("CATALOG_WORK", self.work())
            .env("CATALOG_URL", self.catalog_url())
            .env("CATALOG_TOML", catalog_toml.unwrap_or(&missing_toml))
            .env("CATALOG_SOURCES", "github")
            .env("CATALOG_MAX_READINGS", "50")
            .env("CATALOG_SECRET_KEY", secret_key)
            .env("GITHUB_TOKEN", FakeGithub::TOKEN)
            .env("SKILLS_GUIDE_GITHUB_API", self.gh.api_base())
            .env("SKILLS_GUIDE_GITHUB_RAW", self.gh.raw_base())
            .env("SKILLS_GUIDE_GITHUB_BACKOFF_MS", "10")
            .env("SKILLS_GUIDE_GITHUB_MAX_WAIT", "5")
            .env("SKILLS_GUIDE_LLM_URL", self.model.url())
            .env("SKILLS_GUIDE_LLM_KEY", model_script::KEY)
            .env("SKILLS_GUIDE_LLM_MODEL", "fake-model")
            .env("SKILLS_GUIDE_LLM_BACKOFF_MS", "5")
            .env("SKILLS_GUIDE_SNAPSHOT_BACKOFF_MS", "5");
        let out: Output = cmd.output().expect("bash runs");
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        for secret in &self.secrets {
            assert!(!text.contains(secret.as_str()), "a secret showed in the output:\n{text}");
        }
        RunOutput { ok: out.status.success(), text }
    }

    fn all(&self, catalog_toml: Option<&Path>) -> RunOutput {
        let run = self.run("all", &self.secret_key, catalog_toml);
        assert!(run.ok, "the run failed:\n{}", run.text);
        run
    }

    fn report(&self, name: &str) -> Value {
        let path = self.work().join("reports").join(format!("{name}.json"));
        serde_json::from_slice(&std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))).unwrap()
    }

    /// What the workflow's deploy step does after a run that succeeded: the
    /// output folder becomes what the host serves.
    fn deploy(&self) {
        let served = self.tmp.path().join("served");
        std::fs::remove_dir_all(&served).unwrap();
        copy_dir(&self.work().join("out"), &served);
    }

    /// The names of the skills the model was asked about since `from`.
    fn read_since(&self, from: usize) -> (usize, BTreeSet<String>) {
        let asked = self.model.chat_requests();
        let names = asked[from..].iter().filter_map(model_script::skill_name).collect();
        (asked.len() - from, names)
    }

    /// A client that syncs the publication from the host into `name`'s catalog.
    fn client_sync(&self, name: &str) -> Value {
        let data = self.tmp.path().join(name);
        let from = format!("snapshot:{}", self.catalog_url());
        cli::json(&cli::run(&data, None, &["sync", "--from", &from, "--snapshot-key", &self.public_key, "--json"]))
    }

    fn client_skills(&self, name: &str) -> Vec<Value> {
        let list = cli::json(&cli::run(&self.tmp.path().join(name), None, &["list", "--json"]));
        list.as_array().unwrap().iter().filter(|e| e["source"]["kind"] == "github").cloned().collect()
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn runs_publish_the_world_then_only_its_changes_with_or_without_the_cache_and_a_failed_run_deploys_nothing() {
    let publisher = Publisher::new();

    // A step never runs on a catalog that restore did not finish, and
    // restore never takes (or removes) a data folder it did not make.
    let early = publisher.run("publish", &publisher.secret_key, None);
    assert!(!early.ok && early.text.contains("restore` first"), "{}", early.text);
    let stray = publisher.work().join("data/someone-else's");
    std::fs::create_dir_all(&stray).unwrap();
    let refused = publisher.run("restore", &publisher.secret_key, None);
    assert!(!refused.ok && refused.text.contains("holds no catalog this script restored"), "{}", refused.text);
    assert!(stray.is_dir());
    std::fs::remove_dir_all(publisher.work()).unwrap();

    // Run 1, from nothing, before the repository has its catalog.toml: the
    // key check is skipped with a warning.
    let first = publisher.all(None);
    assert!(first.text.contains("no publication at"), "{}", first.text);
    assert!(first.text.contains("the secret key is not checked"), "{}", first.text);
    let published = publisher.report("publish");
    assert_eq!(published["sequence"], 1, "{published}");
    assert_eq!(published["entries"], SKILLS.len(), "{published}");
    assert_eq!(published["records_written"], SKILLS.len(), "{published}");
    assert_eq!(published["local_skipped"], 0, "the starter examples are not in the publisher's catalog: {published}");
    let (requests, read) = publisher.read_since(0);
    let names: BTreeSet<String> = SKILLS.iter().map(|(_, f)| name_of(f).to_owned()).collect();
    assert_eq!(read, names, "the model read every skill of the world and nothing else");
    assert_eq!(requests, 3 * SKILLS.len(), "a title, a card and an audit each");
    assert!(first.text.contains("reading 5 (CATALOG_MAX_READINGS=50), 0 left"), "{}", first.text);
    let site = publisher.work().join("out/site");
    assert!(site.join("index.html").is_file() && site.join("sitemap.xml").is_file());
    let pages = std::fs::read_dir(site.join("skills")).unwrap().count();
    assert_eq!(pages, SKILLS.len(), "a page per skill, none for the starter examples");
    publisher.deploy();

    // A client with an empty catalog takes the publication.
    let client = publisher.client_sync("client");
    assert_eq!(client["snapshots"][0]["applied"], SKILLS.len(), "{client}");
    let skills = publisher.client_skills("client");
    assert_eq!(skills.len(), SKILLS.len());
    assert!(skills.iter().all(|s| s["status"] == "published" && s["verified"] == true), "{skills:?}");

    // From here on the repository has its catalog.toml.
    let toml = publisher.write_catalog_toml();

    // Run 2 with the workflow's cache (the work folder as the last run left
    // it): one skill changed upstream, one record published.
    change(&publisher.gh, SKILLS[1], 2);
    let asked_before = publisher.model.chat_requests().len();
    let second = publisher.all(Some(&toml));
    assert!(second.text.contains("the catalog of the last run is here"), "{}", second.text);
    let published = publisher.report("publish");
    assert_eq!(published["sequence"], 2, "{published}");
    assert_eq!((published["records_written"].as_u64(), published["records_kept"].as_u64()), (Some(1), Some(4)));
    assert_eq!(published["files_written"], 1, "the new SKILL.md alone: {published}");
    let (requests, read) = publisher.read_since(asked_before);
    assert_eq!(read, BTreeSet::from(["meeting-notes".to_owned()]), "only the new version was read");
    assert_eq!(requests, 3);
    publisher.deploy();
    let client = publisher.client_sync("client");
    assert_eq!(client["snapshots"][0]["applied"], 1, "{client}");
    assert_eq!(client["new_versions"], 1, "{client}");

    // Run 3 with the cache lost: the catalog and the output folder come
    // back from the publication alone, and again one change is published.
    std::fs::remove_dir_all(publisher.work()).unwrap();
    change(&publisher.gh, SKILLS[3], 2);
    let asked_before = publisher.model.chat_requests().len();
    let raw_before = publisher.gh.raw_downloads();
    let third = publisher.all(Some(&toml));
    assert!(third.text.contains("rebuilding it from publication 2"), "{}", third.text);
    let mirror = publisher.report("mirror");
    assert_eq!((mirror["sequence"].as_u64(), mirror["records_fetched"].as_u64()), (Some(2), Some(5)), "{mirror}");
    let published = publisher.report("publish");
    assert_eq!(published["sequence"], 3, "numbered on from the deployed publication: {published}");
    assert_eq!((published["records_written"].as_u64(), published["records_kept"].as_u64()), (Some(1), Some(4)));
    assert_eq!(published["files_written"], 1, "{published}");
    let (requests, read) = publisher.read_since(asked_before);
    assert_eq!(read, BTreeSet::from(["release-checklist".to_owned()]), "only the new version was read");
    assert_eq!(requests, 3);
    assert_eq!(publisher.gh.raw_downloads() - raw_before, 1, "unchanged folders were known from the publication");
    publisher.deploy();
    let client = publisher.client_sync("client");
    assert_eq!(client["snapshots"][0]["applied"], 1, "{client}");

    // Run 4 with a secret key that is not catalog.toml's: publish refuses,
    // nothing after it runs, and the last publication stays as it was.
    change(&publisher.gh, SKILLS[4], 2);
    let (_, wrong_secret) = keygen(&publisher.tmp.path().join("other-keys"));
    let index = publisher.work().join("out/catalog/index.json.zst");
    let served_index = publisher.tmp.path().join("served/catalog/index.json.zst");
    let before = (std::fs::read(&index).unwrap(), std::fs::read(&served_index).unwrap());
    let site_index = std::fs::read(site.join("search-data.js")).unwrap();
    let failed = publisher.run("all", &wrong_secret, Some(&toml));
    assert!(!failed.ok, "a wrong key fails the run:\n{}", failed.text);
    assert!(failed.text.contains("is not the pair of the public key"), "{}", failed.text);
    assert_eq!(std::fs::read(&index).unwrap(), before.0, "the output folder's index is untouched");
    assert_eq!(std::fs::read(&served_index).unwrap(), before.1, "nothing was deployed");
    assert_eq!(std::fs::read(site.join("search-data.js")).unwrap(), site_index, "export did not run");
    let client = publisher.client_sync("client");
    assert_eq!(client["snapshots"][0]["up_to_date"], true, "clients still have publication 3: {client}");
    assert_eq!(client["snapshots"][0]["sequence"], 3, "{client}");

    // The next run with the right key publishes what the failed run found.
    publisher.all(Some(&toml));
    let published = publisher.report("publish");
    assert_eq!((published["sequence"].as_u64(), published["records_written"].as_u64()), (Some(4), Some(1)));
}

#[test]
fn a_mirror_takes_only_a_publication_that_checks() {
    let publisher = Publisher::new();
    publisher.all(None);
    publisher.deploy();
    let served = publisher.tmp.path().join("served/catalog");
    let mirror = |address: &str, dir: &Path, key: &str| {
        cli::run(
            &publisher.tmp.path().join("scratch"),
            None,
            &["snapshot", "mirror", address, dir.to_str().unwrap(), "--snapshot-key", key, "--json"],
        )
    };

    // Another publisher's key: refused, nothing written.
    let (other_key, _) = keygen(&publisher.tmp.path().join("other-keys"));
    let refused = publisher.tmp.path().join("refused");
    let out = mirror(&publisher.catalog_url(), &refused, &other_key);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!refused.join("index.json.zst").exists());

    // A record altered on the host: refused, and no index names it.
    let tampered = publisher.tmp.path().join("tampered");
    copy_dir(&served, &tampered);
    let record = walk(&tampered.join("records")).into_iter().next().unwrap();
    let mut bytes = std::fs::read(&record).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&record, bytes).unwrap();
    let host = StaticHost::start(&tampered);
    let into = publisher.tmp.path().join("from-tampered");
    let out = mirror(&host.url(), &into, &publisher.public_key);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!into.join("index.json.zst").exists(), "an index is written only once every object checks");

    // The real one: every object, then the index; a second mirror has nothing to do.
    let into = publisher.tmp.path().join("mirrored");
    let first = cli::json(&mirror(&publisher.catalog_url(), &into, &publisher.public_key));
    assert_eq!((first["records_fetched"].as_u64(), first["up_to_date"].as_bool()), (Some(5), Some(false)), "{first}");
    assert_eq!(
        std::fs::read(into.join("index.json.zst")).unwrap(),
        std::fs::read(served.join("index.json.zst")).unwrap()
    );
    // Every object and pack; the publisher's own bookkeeping stays with it
    // (it only saves work, and a mirror's next publication rebuilds it).
    let published = walk(&served).into_iter().filter(|p| !p.ends_with("publisher.json.zst")).count();
    assert_eq!(walk(&into).len(), published, "the same files");
    let again = cli::json(&mirror(&publisher.catalog_url(), &into, &publisher.public_key));
    assert_eq!(again["up_to_date"], true, "{again}");
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The workflow passes actionlint, where actionlint is installed
/// (`scripts/install-deps --test`); without it the check says it skipped,
/// unless `SKILLS_GUIDE_E2E=required` (CI), where it fails.
#[test]
fn the_workflow_passes_actionlint() {
    let found = std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|dir| dir.join("actionlint")).find(|p| p.is_file()));
    let Some(actionlint) = found else {
        if std::env::var("SKILLS_GUIDE_E2E").as_deref() == Ok("required") {
            panic!("the workflow check is required but actionlint is not on PATH (scripts/install-deps --test)");
        }
        eprintln!("skipped: actionlint is not on PATH");
        return;
    };
    let out = Command::new(actionlint)
        .arg("-no-color")
        .arg(".github/workflows/catalog.yml")
        .current_dir(repo_root())
        .output()
        .expect("actionlint runs");
    assert!(
        out.status.success(),
        "actionlint found problems:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `deploy` to an rsync host (a local folder here, as rsync takes one):
/// the publication arrives whole, and what publish pruned leaves the host
/// too, while the host's other folders stay. Needs rsync, as the skip
/// rule of `the_workflow_passes_actionlint` says.
#[test]
fn deploy_to_an_rsync_host_sends_the_publication_and_removes_what_publish_pruned() {
    let on_path = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("rsync").is_file()));
    if !on_path {
        if std::env::var("SKILLS_GUIDE_E2E").as_deref() == Ok("required") {
            panic!("the deploy check is required but rsync is not on PATH (scripts/install-deps --test)");
        }
        eprintln!("skipped: rsync is not on PATH");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let put = |path: PathBuf, text: &str| {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    let out = tmp.path().join("out");
    let host = tmp.path().join("host");
    let (kept, pruned) = ("records/aa/kept.zst", "records/bb/pruned.zst");
    put(out.join("catalog/index.json.zst"), "index 2");
    put(out.join("catalog/index.json.minisig"), "signature 2");
    put(out.join("catalog").join(kept), "record");
    put(out.join("site/index.html"), "site");
    put(out.join("index.html"), "home");
    put(host.join("catalog/index.json.zst"), "index 1");
    put(host.join("catalog").join(kept), "record");
    put(host.join("catalog").join(pruned), "an older record");
    put(host.join("elsewhere/notes.txt"), "the host's own");

    let run = Command::new("bash")
        .arg(repo_root().join("scripts/catalog-publish"))
        .arg("deploy")
        .env("CATALOG_WORK", tmp.path())
        .env("CATALOG_DEPLOY", &host)
        .env_remove("CATALOG_OUT")
        .env_remove("CATALOG_DEPLOY_SSH_KEY")
        .output()
        .expect("bash runs");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let read = |path: &str| std::fs::read_to_string(host.join(path)).unwrap();
    assert_eq!(read("catalog/index.json.zst"), "index 2");
    assert_eq!(read("catalog/index.json.minisig"), "signature 2");
    assert_eq!(read(&format!("catalog/{kept}")), "record");
    assert!(!host.join("catalog").join(pruned).exists(), "pruned by publish, removed from the host");
    assert_eq!((read("site/index.html"), read("index.html")), ("site".into(), "home".into()));
    assert_eq!(read("elsewhere/notes.txt"), "the host's own");
}
