//! A fake GitHub: the REST API under `/api` and the raw content host under `/raw`, serving a
//! scripted [`World`] of repositories, for tests of the crawler and its GitHub client.
//!
//! It speaks the real API wherever a client can tell the difference: status codes, JSON shapes,
//! error bodies (`{"message", "documentation_url", "status"}`), `link` pagination, the
//! 1,000-result search cap, strong `ETag`s and 304s, `x-ratelimit-*` headers with a budget per
//! resource, and GitHub's ways of failing (5xx, secondary limits, 429, bodies cut off mid-way),
//! scripted per test by [`FaultRule`]s. Same world, same answers, byte for byte: blob and tree
//! ids are real git object ids, so a client may compare them with what it computed itself.
//!
//! Like the fake model it binds only `127.0.0.1` and never calls out. A body cut short is only a
//! fault a client can see when the connection then closes (otherwise it waits for the missing
//! bytes until its own timeout), so a cut answer closes its connection.
//!
//! History is modelled simply: a file's last commit is the only one that touched it, so the
//! state at a commit is every file whose commit is not newer. That keeps refs, trees, raw files
//! and commit lists consistent with each other at any commit, without storing old contents.

use crate::http::{Answer, Bound, Request, Response, Server};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};
use sha1::{Digest, Sha1};

/// GitHub's code search never gives more than this many results for one query.
const SEARCH_CAP: usize = 1000;
const MAX_PER_PAGE: usize = 100;
const DEFAULT_PER_PAGE: usize = 30;
/// GitHub does not index files larger than 384 KB for code search.
const MAX_SEARCHABLE: usize = 384 * 1024;
/// Larger corpus files are refused rather than read whole into memory.
const MAX_CORPUS_FILE: u64 = 8 * 1024 * 1024;
const API_VERSION: &str = "2022-11-28";

const DOCS: &str = "https://docs.github.com/rest";
const SEARCH_DOCS: &str = "https://docs.github.com/rest/search/search#search-code";
const SEARCH_CAP_DOCS: &str = "https://docs.github.com/v3/search/";
const REPO_DOCS: &str = "https://docs.github.com/rest/repos/repos#get-a-repository";
const COMMITS_DOCS: &str = "https://docs.github.com/rest/commits/commits#list-commits";
const TREES_DOCS: &str = "https://docs.github.com/rest/git/trees#get-a-tree";
const BLOBS_DOCS: &str = "https://docs.github.com/rest/git/blobs#get-a-blob";
const CONTENTS_DOCS: &str = "https://docs.github.com/rest/repos/contents#get-repository-content";
const README_DOCS: &str = "https://docs.github.com/rest/repos/contents#get-a-repository-readme";
const RATE_DOCS: &str = "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api";
const SECONDARY_DOCS: &str =
    "https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits";

// ---------------------------------------------------------------------------------------------
// The world
// ---------------------------------------------------------------------------------------------

/// The repositories the fake serves. Names are matched case-insensitively, as on GitHub.
#[derive(Debug, Clone, Default)]
pub struct World {
    repos: BTreeMap<String, Repo>,
}

/// One public repository on its default branch.
///
/// Fields are public so a test can edit a running fake's world in place (see
/// [`FakeGithub::edit`]); the builder methods are the short way to set them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repo {
    /// `owner/name`, in the case GitHub reports it.
    pub full_name: String,
    pub stargazers_count: u64,
    /// RFC 3339; `None` means "the date of the newest file", which is what a push would set.
    pub pushed_at: Option<String>,
    pub default_branch: String,
    /// SPDX id as GitHub's license detection reports it (`"NOASSERTION"` for an unrecognised one).
    pub license: Option<String>,
    pub archived: bool,
    pub fork: bool,
    /// Path in the repository → file.
    pub files: BTreeMap<String, RepoFile>,
}

/// A file and the last commit that touched it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepoFile {
    /// The content; of a symbolic link, its target's path; of a submodule, the 40-hex commit
    /// it points at.
    pub bytes: Vec<u8>,
    /// RFC 3339 date of the last commit touching this file.
    pub date: String,
    /// 40 lowercase hex digits.
    pub commit: String,
    pub mode: FileMode,
}

/// A tree entry's git mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FileMode {
    /// `100644`.
    #[default]
    Regular,
    /// `100755`.
    Executable,
    /// `120000`: the blob is the link's target; never a code search result.
    Symlink,
    /// `160000`, type `commit`: another repository at a commit; no blob, no raw content.
    Submodule,
}

impl FileMode {
    fn git_mode(self) -> &'static str {
        match self {
            FileMode::Regular => "100644",
            FileMode::Executable => "100755",
            FileMode::Symlink => "120000",
            FileMode::Submodule => "160000",
        }
    }
}

impl World {
    pub fn new() -> World {
        World::default()
    }

    /// Adds (or replaces, by name) a repository.
    pub fn repo(mut self, repo: Repo) -> World {
        self.add_repo(repo);
        self
    }

    pub fn add_repo(&mut self, repo: Repo) {
        self.repos.insert(repo.full_name.to_ascii_lowercase(), repo);
    }

    pub fn get(&self, full_name: &str) -> Option<&Repo> {
        self.repos.get(&full_name.to_ascii_lowercase())
    }

    /// For edits in place; renaming a repository this way is not supported (remove and re-add).
    pub fn get_mut(&mut self, full_name: &str) -> Option<&mut Repo> {
        self.repos.get_mut(&full_name.to_ascii_lowercase())
    }

    pub fn remove(&mut self, full_name: &str) -> Option<Repo> {
        self.repos.remove(&full_name.to_ascii_lowercase())
    }

    /// In the order search results use: by lowercased full name.
    pub fn repos(&self) -> impl Iterator<Item = &Repo> {
        self.repos.values()
    }

    /// Files in all repositories.
    pub fn file_count(&self) -> usize {
        self.repos.values().map(|r| r.files.len()).sum()
    }

    /// Loads the shared `SKILL.md` corpus (`manifest.jsonl` and `sources.json` in `dir`).
    ///
    /// Every file becomes a file of its repository at its manifest `path`, touched last by the
    /// manifest `commit` on that repository's `commit_date` from `sources.json` (the corpus
    /// records the head commit, not each file's own last commit); `pushed_at` is that date too
    /// and the license is the repository's `root_license`. The corpus has no star counts, so
    /// each repository gets a made-up, deterministic one: the first four bytes of the SHA-1 of
    /// its full name, as a big-endian number, modulo 20,000 (see [`corpus_stars`]).
    ///
    /// The corpus is hostile input: it is only read, never run. Rows with a path that could
    /// leave `dir`, a symlink or non-regular file, a malformed name, sha or date, or a path that
    /// clashes with another row are skipped, and the count of skipped rows is printed.
    ///
    /// Panics when either index file is missing or not JSON: that is a broken test setup.
    pub fn from_corpus(dir: &Path) -> World {
        let read = |name: &str| {
            std::fs::read_to_string(dir.join(name))
                .unwrap_or_else(|e| panic!("fake github: cannot read {}: {e}", dir.join(name).display()))
        };
        let sources: Value = serde_json::from_str(&read("sources.json"))
            .unwrap_or_else(|e| panic!("fake github: sources.json is not JSON: {e}"));
        let mut meta: HashMap<String, (String, Option<String>)> = HashMap::new();
        for source in sources.get("repos").and_then(Value::as_array).into_iter().flatten() {
            let (Some(repo), Some(date)) =
                (source.get("repo").and_then(Value::as_str), source.get("commit_date").and_then(Value::as_str))
            else {
                continue;
            };
            if parse_rfc3339(date).is_some() {
                let license = source.get("root_license").and_then(Value::as_str).map(str::to_owned);
                meta.insert(repo.to_owned(), (date.to_owned(), license));
            }
        }
        let mut world = World::new();
        let mut skipped = 0usize;
        for line in read("manifest.jsonl").lines().filter(|l| !l.trim().is_empty()) {
            if load_corpus_row(&mut world, dir, &meta, line).is_none() {
                skipped += 1;
            }
        }
        if skipped > 0 {
            eprintln!("fake github: skipped {skipped} corpus row(s): unreadable, unsafe or inconsistent");
        }
        world
    }
}

/// The star count [`World::from_corpus`] makes up for a repository.
pub fn corpus_stars(full_name: &str) -> u64 {
    let digest = sha1(full_name.as_bytes());
    u64::from(u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]])) % 20_000
}

fn load_corpus_row(
    world: &mut World,
    dir: &Path,
    meta: &HashMap<String, (String, Option<String>)>,
    line: &str,
) -> Option<()> {
    let row: Value = serde_json::from_str(line).ok()?;
    let field = |name: &str| row.get(name).and_then(Value::as_str);
    let (file, repo, path, commit) = (field("file")?, field("repo")?, field("path")?, field("commit")?);
    let relative = Path::new(file);
    let safe = relative.components().all(|c| matches!(c, Component::Normal(_))) && !file.is_empty();
    if !safe || !valid_full_name(repo) || !valid_repo_path(path) || !is_sha(commit) {
        return None;
    }
    let (date, license) = meta.get(repo)?;
    let full = dir.join(relative);
    // symlink_metadata: a symlink in the corpus is refused, not followed.
    let info = std::fs::symlink_metadata(&full).ok()?;
    if !info.is_file() || info.len() > MAX_CORPUS_FILE {
        return None;
    }
    let bytes = std::fs::read(&full).ok()?;
    let key = repo.to_ascii_lowercase();
    let entry = world.repos.entry(key).or_insert_with(|| {
        let mut r = Repo::new(repo).stars(corpus_stars(repo)).pushed_at(date);
        r.license = license.clone();
        r
    });
    if entry.files.contains_key(path) || entry.clashes(path) {
        return None;
    }
    let file = RepoFile { bytes, date: date.clone(), commit: commit.to_ascii_lowercase(), mode: FileMode::Regular };
    entry.files.insert(path.to_owned(), file);
    Some(())
}

impl Repo {
    /// A public repository with no stars, no license, no files, on branch `main`.
    pub fn new(full_name: &str) -> Repo {
        assert!(valid_full_name(full_name), "fake github: `{full_name}` is not a valid owner/name");
        Repo {
            full_name: full_name.to_owned(),
            stargazers_count: 0,
            pushed_at: None,
            default_branch: "main".to_owned(),
            license: None,
            archived: false,
            fork: false,
            files: BTreeMap::new(),
        }
    }

    pub fn stars(mut self, count: u64) -> Repo {
        self.stargazers_count = count;
        self
    }

    pub fn pushed_at(mut self, date: &str) -> Repo {
        expect_date(date);
        self.pushed_at = Some(date.to_owned());
        self
    }

    pub fn default_branch(mut self, name: &str) -> Repo {
        assert!(valid_branch(name), "fake github: `{name}` is not a branch name the fake supports");
        self.default_branch = name.to_owned();
        self
    }

    pub fn license(mut self, spdx: &str) -> Repo {
        self.license = Some(spdx.to_owned());
        self
    }

    pub fn archived(mut self, archived: bool) -> Repo {
        self.archived = archived;
        self
    }

    pub fn fork(mut self, fork: bool) -> Repo {
        self.fork = fork;
        self
    }

    /// Adds a file last touched on `date` (RFC 3339). Its commit sha is derived from the
    /// repository and the date, so files given the same date share one commit, as files
    /// pushed together would.
    pub fn file(mut self, path: &str, bytes: impl Into<Vec<u8>>, date: &str) -> Repo {
        self.put_file(path, bytes, date);
        self
    }

    /// Same, with an explicit commit sha (40 hex digits).
    pub fn file_at(mut self, path: &str, bytes: impl Into<Vec<u8>>, date: &str, commit: &str) -> Repo {
        self.put_file_at(path, bytes, date, commit);
        self
    }

    /// [`Repo::file`] for a `&mut Repo`, e.g. inside [`FakeGithub::edit`]; replaces any file at `path`.
    pub fn put_file(&mut self, path: &str, bytes: impl Into<Vec<u8>>, date: &str) -> &mut Repo {
        let commit = derived_commit(&self.full_name, expect_date(date));
        self.put_file_at(path, bytes, date, &commit)
    }

    /// [`Repo::file_at`] for a `&mut Repo`.
    pub fn put_file_at(&mut self, path: &str, bytes: impl Into<Vec<u8>>, date: &str, commit: &str) -> &mut Repo {
        assert!(valid_repo_path(path), "fake github: `{path}` is not a valid path in a repository");
        assert!(!self.clashes(path), "fake github: `{path}` would be both a file and a folder");
        assert!(is_sha(commit), "fake github: `{commit}` is not a 40-hex-digit commit sha");
        expect_date(date);
        let mode = self.files.get(path).map(|f| f.mode).unwrap_or_default();
        let file = RepoFile { bytes: bytes.into(), date: date.to_owned(), commit: commit.to_ascii_lowercase(), mode };
        self.files.insert(path.to_owned(), file);
        self
    }

    /// A file with the execute bit (mode `100755`).
    pub fn executable(mut self, path: &str, bytes: impl Into<Vec<u8>>, date: &str) -> Repo {
        self.put_file(path, bytes, date).set_mode(path, FileMode::Executable);
        self
    }

    /// A symbolic link to `target` (mode `120000`; the blob is the target's path).
    pub fn symlink(mut self, path: &str, target: &str, date: &str) -> Repo {
        self.put_file(path, target, date).set_mode(path, FileMode::Symlink);
        self
    }

    /// A submodule pointing at `commit` (40 hex digits) of another repository.
    pub fn submodule(mut self, path: &str, commit: &str, date: &str) -> Repo {
        assert!(is_sha(commit), "fake github: `{commit}` is not a 40-hex-digit commit sha");
        self.put_file(path, commit.to_ascii_lowercase(), date).set_mode(path, FileMode::Submodule);
        self
    }

    /// Changes the mode of the file at `path` (a `chmod`, in the same commit as its content).
    pub fn set_mode(&mut self, path: &str, mode: FileMode) -> &mut Repo {
        if let Some(f) = self.files.get_mut(path) {
            f.mode = mode;
        }
        self
    }

    pub fn remove_file(&mut self, path: &str) -> Option<RepoFile> {
        self.files.remove(path)
    }

    /// Whether adding `path` would make some path both a file and a folder, which git cannot store.
    fn clashes(&self, path: &str) -> bool {
        let ancestor_is_file = path.match_indices('/').any(|(i, _)| self.files.contains_key(&path[..i]));
        let below = format!("{path}/");
        let has_children = self.files.range(below.clone()..).next().is_some_and(|(p, _)| p.starts_with(&below));
        ancestor_is_file || has_children
    }
}

/// The git blob id of `bytes` (what `git hash-object` prints), as GitHub reports it in `sha`.
pub fn git_blob_sha(bytes: &[u8]) -> String {
    git_object_sha("blob", bytes)
}

/// The shared `SKILL.md` corpus beside the workspace (`../shared/corpus`), when it is there;
/// tests that need it skip themselves otherwise.
pub fn shared_corpus_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    (dir.join("manifest.jsonl").is_file() && dir.join("sources.json").is_file()).then_some(dir)
}

fn derived_commit(full_name: &str, unix: i64) -> String {
    hex(&sha1(format!("fake commit\0{}\0{unix}", full_name.to_ascii_lowercase()).as_bytes()))
}

fn expect_date(date: &str) -> i64 {
    parse_rfc3339(date).unwrap_or_else(|| panic!("fake github: `{date}` is not an RFC 3339 date"))
}

fn valid_full_name(name: &str) -> bool {
    let ok = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    matches!(name.split_once('/'), Some((owner, repo)) if ok(owner) && ok(repo) && repo != "." && repo != "..")
}

fn valid_repo_path(path: &str) -> bool {
    !path.is_empty() && !path.contains('\0') && path.split('/').all(|s| !s.is_empty() && s != "." && s != "..")
}

fn valid_branch(name: &str) -> bool {
    !name.is_empty() && name != "HEAD" && !name.contains('/') && !name.bytes().any(|b| b.is_ascii_whitespace())
}

fn is_sha(s: &str) -> bool {
    s.len() == 40 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

// ---------------------------------------------------------------------------------------------
// Faults
// ---------------------------------------------------------------------------------------------

/// What goes wrong with a request a [`FaultRule`] picks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// This status and body (served as JSON under `/api`, as text under `/raw`), e.g. a 502.
    Status { status: u16, body: String },
    /// 403 with GitHub's secondary-rate-limit message; `retry-after` when given (GitHub
    /// sometimes omits it, and clients must then back off on their own).
    SecondaryRateLimit { retry_after: Option<u64> },
    /// 429 with `retry-after` and the same message.
    TooManyRequests { retry_after: u64 },
    /// The real answer's status, headers and `content-length`, then only the first half of the
    /// body (a claimed byte, for an empty one), then the connection closes.
    TruncatedBody,
    /// The connection closes without an answer.
    Disconnect,
    /// Waits, then answers normally; other requests are served meanwhile.
    Delay(Duration),
}

impl Fault {
    /// A 5xx with the body GitHub sends.
    pub fn server_error(status: u16) -> Fault {
        let message = match status {
            503 => "Service Unavailable",
            504 => {
                "We couldn't respond to your request in time. Sorry about that. \
                 Please try resubmitting your request and contact us if the problem persists."
            }
            _ => "Server Error",
        };
        Fault::Status { status, body: json!({ "message": message }).to_string() }
    }

    fn label(&self) -> String {
        match self {
            Fault::Status { status, .. } => format!("status {status}"),
            Fault::SecondaryRateLimit { .. } => "secondary rate limit".into(),
            Fault::TooManyRequests { .. } => "429".into(),
            Fault::TruncatedBody => "truncated body".into(),
            Fault::Disconnect => "disconnect".into(),
            Fault::Delay(d) => format!("delay {d:?}"),
        }
    }
}

/// Which of the requests a rule matches it applies to, counted from 1 per rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// Only the n-th.
    Nth(usize),
    /// The first n.
    FirstN(usize),
    /// The n-th and every one after it.
    From(usize),
    Always,
}

impl When {
    fn fires(self, seen: usize) -> bool {
        match self {
            When::Nth(n) => seen == n,
            When::FirstN(n) => seen <= n,
            When::From(n) => seen >= n,
            When::Always => true,
        }
    }
}

/// "The `when` of the requests with this method whose target contains this text get `fault`."
///
/// The target is the request line's, still percent-encoded, query included (so
/// `"/api/search/code"`, `"/raw/"` or `"page=3"` all work). Every matching request counts
/// towards every rule it matches; the first rule (in the order added) that fires applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaultRule {
    /// `"*"` for any.
    pub method: String,
    pub path_contains: String,
    pub when: When,
    pub fault: Fault,
}

impl FaultRule {
    pub fn new(method: &str, path_contains: &str, when: When, fault: Fault) -> FaultRule {
        FaultRule { method: method.to_owned(), path_contains: path_contains.to_owned(), when, fault }
    }

    fn matches(&self, req: &GithubRequest) -> bool {
        (self.method == "*" || self.method.eq_ignore_ascii_case(&req.method)) && req.path.contains(&self.path_contains)
    }
}

// ---------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------

/// One request as the fake received it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GithubRequest {
    /// 0-based arrival order.
    pub seq: usize,
    pub method: String,
    /// As sent: path and query, still percent-encoded.
    pub path: String,
    /// Names lowercased.
    pub headers: Vec<(String, String)>,
    /// The status sent; 0 while the answer is being made, or when the connection was closed
    /// without one ([`Fault::Disconnect`]).
    pub status: u16,
    /// The injected fault, if any, e.g. `"status 502"` or `"truncated body"`.
    pub fault: Option<String>,
    /// Body bytes sent (half the body for a truncated one; 0 for a 304 or a closed connection).
    pub bytes: u64,
}

impl GithubRequest {
    /// Case-insensitive.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The path without the query.
    pub fn route(&self) -> &str {
        self.path.split('?').next().unwrap_or_default()
    }

    /// A query parameter, decoded (`+` as a space, as GitHub reads it).
    pub fn query(&self, name: &str) -> Option<String> {
        let query = self.path.split_once('?').map_or("", |(_, q)| q);
        parse_params(query).into_iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    pub fn is_api(&self) -> bool {
        self.route() == "/api" || self.route().starts_with("/api/")
    }

    pub fn is_raw(&self) -> bool {
        self.route().starts_with("/raw/")
    }
}

/// A running fake GitHub; stops (and joins its threads) when dropped.
pub struct FakeGithub {
    shared: Arc<Shared>,
    /// Held only to stop it when the fake drops (after the flag above is set).
    _server: Server,
}

/// Settings for [`FakeGithub::builder`]; defaults are GitHub's own for an authenticated user.
pub struct FakeGithubBuilder {
    world: World,
    tokens: Vec<String>,
    core: (u64, Duration),
    code_search: (u64, Duration),
    faults: Vec<FaultRule>,
    incomplete: Vec<String>,
    tree_limit: Option<usize>,
}

impl FakeGithubBuilder {
    /// Accepts another token (besides [`FakeGithub::TOKEN`]).
    pub fn token(mut self, token: &str) -> Self {
        self.tokens.push(token.to_owned());
        self
    }

    /// The `core` budget (everything but search): default 5,000 an hour.
    pub fn core_limit(mut self, limit: u64, window: Duration) -> Self {
        self.core = (limit, window);
        self
    }

    /// The `code_search` budget: default 10 a minute, as on GitHub.
    pub fn search_limit(mut self, limit: u64, window: Duration) -> Self {
        self.code_search = (limit, window);
        self
    }

    pub fn fault(mut self, rule: FaultRule) -> Self {
        self.faults.push(rule);
        self
    }

    /// Code searches whose decoded `q` contains this text answer `incomplete_results: true`
    /// (GitHub's way of saying the search timed out); the items are still all there.
    pub fn incomplete_results_for(mut self, q_contains: &str) -> Self {
        self.incomplete.push(q_contains.to_owned());
        self
    }

    /// Recursive trees of more than `entries` entries are cut to that many and answer
    /// `truncated: true`, as GitHub does past 100,000 entries or 7 MB.
    pub fn tree_limit(mut self, entries: usize) -> Self {
        self.tree_limit = Some(entries);
        self
    }

    pub fn start(self) -> FakeGithub {
        FakeGithub::spawn(self)
    }
}

struct Shared {
    bases: Bases,
    snapshot: RwLock<Arc<Snapshot>>,
    tokens: Vec<String>,
    incomplete: Vec<String>,
    tree_limit: Option<usize>,
    buckets: Mutex<Buckets>,
    faults: Mutex<Vec<(FaultRule, usize)>>,
    log: Mutex<Vec<GithubRequest>>,
    shutdown: AtomicBool,
}

struct Bases {
    api: String,
    raw: String,
    web: String,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panicking test thread must not poison the fake for the others.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl FakeGithub {
    /// Accepted by default: any `Authorization: Bearer <TOKEN>` or `token <TOKEN>`.
    pub const TOKEN: &'static str = "ghp_fakeGithubToken0000000000000000000000";

    /// Starts with GitHub's default limits and no faults.
    pub fn start(world: World) -> FakeGithub {
        FakeGithub::builder(world).start()
    }

    pub fn builder(world: World) -> FakeGithubBuilder {
        FakeGithubBuilder {
            world,
            tokens: vec![FakeGithub::TOKEN.to_owned()],
            core: (5000, Duration::from_secs(3600)),
            code_search: (10, Duration::from_secs(60)),
            faults: Vec::new(),
            incomplete: Vec::new(),
            tree_limit: None,
        }
    }

    fn spawn(config: FakeGithubBuilder) -> FakeGithub {
        let snapshot = Snapshot::build(config.world);
        let bound = Bound::new("fake github");
        let addr = bound.addr();
        let now = Instant::now();
        let shared = Arc::new(Shared {
            bases: Bases {
                api: format!("http://{addr}/api"),
                raw: format!("http://{addr}/raw"),
                web: format!("http://{addr}"),
            },
            snapshot: RwLock::new(Arc::new(snapshot)),
            tokens: config.tokens,
            incomplete: config.incomplete,
            tree_limit: config.tree_limit,
            buckets: Mutex::new(Buckets {
                core: Bucket::new(config.core, now),
                code_search: Bucket::new(config.code_search, now),
            }),
            faults: Mutex::new(config.faults.into_iter().map(|r| (r, 0)).collect()),
            log: Mutex::new(Vec::new()),
            shutdown: AtomicBool::new(false),
        });
        let server = bound.serve(Arc::clone(&shared), Shared::handle);
        FakeGithub { shared, _server: server }
    }

    /// E.g. `http://127.0.0.1:43123/api`, for the client's API base.
    pub fn api_base(&self) -> String {
        self.shared.bases.api.clone()
    }

    /// E.g. `http://127.0.0.1:43123/raw`, for the client's raw content base.
    pub fn raw_base(&self) -> String {
        self.shared.bases.raw.clone()
    }

    /// Where `html_url`s point (`http://127.0.0.1:43123/{owner}/{repo}/blob/...`): never at
    /// github.com, so a client that follows one stays on loopback. Nothing is served there.
    pub fn web_base(&self) -> String {
        self.shared.bases.web.clone()
    }

    /// Every request received so far (answered or not), in arrival order.
    pub fn requests(&self) -> Vec<GithubRequest> {
        lock(&self.shared.log).clone()
    }

    pub fn count(&self, f: impl Fn(&GithubRequest) -> bool) -> usize {
        lock(&self.shared.log).iter().filter(|r| f(r)).count()
    }

    /// Raw files sent whole (200s from the raw host, truncated ones not included; delayed ones are).
    pub fn raw_downloads(&self) -> usize {
        self.count(|r| r.is_raw() && r.status == 200 && r.fault.as_deref().is_none_or(|f| f.starts_with("delay")))
    }

    /// Raw downloads of files whose path ends with `suffix` (`"scripts/run.sh"`).
    pub fn raw_downloads_of(&self, suffix: &str) -> usize {
        self.count(|r| {
            r.is_raw()
                && r.status == 200
                && r.route().ends_with(suffix)
                && r.fault.as_deref().is_none_or(|f| f.starts_with("delay"))
        })
    }

    /// 304 answers, API and raw.
    pub fn not_modified(&self) -> usize {
        self.count(|r| r.status == 304)
    }

    pub fn add_fault(&self, rule: FaultRule) {
        lock(&self.shared.faults).push((rule, 0));
    }

    pub fn clear_faults(&self) {
        lock(&self.shared.faults).clear();
    }

    /// A copy of the world being served.
    pub fn world(&self) -> World {
        self.shared.current().world()
    }

    /// Changes the world; requests after this returns see the change (ETags, tree shas and
    /// search results follow). Panics, in the caller's thread, on an invalid world.
    pub fn edit(&self, f: impl FnOnce(&mut World)) {
        let mut world = self.world();
        f(&mut world);
        self.set_world(world);
    }

    pub fn set_world(&self, world: World) {
        let snapshot = Arc::new(Snapshot::build(world));
        *self.shared.snapshot.write().unwrap_or_else(|e| e.into_inner()) = snapshot;
    }
}

impl Drop for FakeGithub {
    fn drop(&mut self) {
        // Delays end early on this flag; the server then stops as it drops.
        self.shared.shutdown.store(true, Ordering::Release);
    }
}

// ---------------------------------------------------------------------------------------------
// Rate limits
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Resource {
    Core,
    CodeSearch,
}

impl Resource {
    fn name(self) -> &'static str {
        match self {
            Resource::Core => "core",
            Resource::CodeSearch => "code_search",
        }
    }
}

struct Buckets {
    core: Bucket,
    code_search: Bucket,
}

impl Buckets {
    fn get(&mut self, resource: Resource) -> &mut Bucket {
        match resource {
            Resource::Core => &mut self.core,
            Resource::CodeSearch => &mut self.code_search,
        }
    }
}

/// A fixed window, as GitHub's: it opens at the first request after the previous one closed.
struct Bucket {
    limit: u64,
    window: Duration,
    used: u64,
    ends: Instant,
    ends_unix: u64,
}

impl Bucket {
    fn new((limit, window): (u64, Duration), now: Instant) -> Bucket {
        Bucket { limit, window, used: 0, ends: now, ends_unix: 0 }
    }

    fn roll(&mut self) -> &mut Bucket {
        let now = Instant::now();
        if now >= self.ends {
            self.used = 0;
            self.ends = now + self.window;
            let end = SystemTime::now() + self.window;
            let since = end.duration_since(UNIX_EPOCH).unwrap_or_default();
            // Rounded up: a client that sleeps until `reset` must find the window reopened.
            self.ends_unix = since.as_secs() + u64::from(since.subsec_nanos() > 0);
        }
        self
    }

    fn headers(&self, resource: Resource) -> Vec<(String, String)> {
        vec![
            ("x-ratelimit-limit".into(), self.limit.to_string()),
            ("x-ratelimit-remaining".into(), self.limit.saturating_sub(self.used).to_string()),
            ("x-ratelimit-used".into(), self.used.to_string()),
            ("x-ratelimit-reset".into(), self.ends_unix.to_string()),
            ("x-ratelimit-resource".into(), resource.name().into()),
        ]
    }

    fn json(&self) -> Value {
        json!({"limit": self.limit, "used": self.used, "remaining": self.limit.saturating_sub(self.used),
            "reset": self.ends_unix})
    }
}

// ---------------------------------------------------------------------------------------------
// Snapshot: the world with everything derived from it (blob and tree ids, commits)
// ---------------------------------------------------------------------------------------------

struct Snapshot {
    repos: BTreeMap<String, Entry>,
}

struct Entry {
    repo: Repo,
    view: View,
}

struct View {
    id: u64,
    owner_id: u64,
    pushed_at: String,
    created_at: String,
    /// Path → git blob id.
    blobs: HashMap<String, String>,
    /// Oldest first, by (date, sha).
    commits: Vec<CommitInfo>,
    /// Path → index in `commits` of the commit that last touched it.
    at: HashMap<String, usize>,
    head_tree: Dir,
    /// Tree id of the head's root and of every folder → the folder's path ("" for the root).
    subtrees: HashMap<String, String>,
}

struct CommitInfo {
    sha: String,
    unix: i64,
}

#[derive(Clone)]
struct Dir {
    sha: String,
    /// In git's order.
    entries: Vec<(String, Node)>,
}

#[derive(Clone)]
enum Node {
    Blob { sha: String, size: usize, mode: FileMode },
    Tree(Dir),
}

enum Found<'a> {
    Dir(&'a Dir),
    Blob,
}

impl Snapshot {
    fn build(world: World) -> Snapshot {
        let repos = world
            .repos
            .into_values()
            .map(|repo| {
                let view = View::build(&repo);
                (repo.full_name.to_ascii_lowercase(), Entry { repo, view })
            })
            .collect();
        Snapshot { repos }
    }

    fn world(&self) -> World {
        World { repos: self.repos.iter().map(|(k, e)| (k.clone(), e.repo.clone())).collect() }
    }

    fn get(&self, owner: &str, name: &str) -> Option<&Entry> {
        self.repos.get(&format!("{owner}/{name}").to_ascii_lowercase())
    }
}

impl View {
    fn build(repo: &Repo) -> View {
        let name = &repo.full_name;
        assert!(valid_full_name(name), "fake github: `{name}` is not a valid owner/name");
        assert!(valid_branch(&repo.default_branch), "fake github: {name}: bad default branch");
        let mut blobs = HashMap::new();
        let mut dates: HashMap<String, i64> = HashMap::new();
        for (path, file) in &repo.files {
            assert!(valid_repo_path(path), "fake github: {name}: `{path}` is not a valid path");
            assert!(is_sha(&file.commit), "fake github: {name}: `{}` is not a commit sha", file.commit);
            let unix = expect_date(&file.date);
            let id = match file.mode {
                FileMode::Submodule => String::from_utf8_lossy(&file.bytes).into_owned(),
                _ => git_blob_sha(&file.bytes),
            };
            blobs.insert(path.clone(), id);
            let date = dates.entry(file.commit.to_ascii_lowercase()).or_insert(unix);
            *date = (*date).max(unix);
        }
        let mut commits: Vec<CommitInfo> = dates.into_iter().map(|(sha, unix)| CommitInfo { sha, unix }).collect();
        commits.sort_by(|a, b| (a.unix, &a.sha).cmp(&(b.unix, &b.sha)));
        let index: HashMap<&str, usize> = commits.iter().enumerate().map(|(i, c)| (c.sha.as_str(), i)).collect();
        let at: HashMap<String, usize> =
            repo.files.iter().map(|(p, f)| (p.clone(), index[f.commit.to_ascii_lowercase().as_str()])).collect();
        let head_tree =
            build_dir(repo.files.iter().map(|(p, f)| (p.as_str(), blobs[p].as_str(), f.bytes.len(), f.mode)));
        let mut subtrees = HashMap::new();
        collect_subtrees(&head_tree, "", &mut subtrees);
        let newest = commits.last().map(|c| format_rfc3339(c.unix));
        let pushed_at = match &repo.pushed_at {
            Some(date) => format_rfc3339(expect_date(date)),
            None => newest.unwrap_or_else(|| "2020-01-01T00:00:00Z".to_owned()),
        };
        let created_at = commits.first().map_or_else(|| pushed_at.clone(), |c| format_rfc3339(c.unix));
        let owner = name.split('/').next().unwrap_or_default();
        View {
            id: stable_id("repo", name),
            owner_id: stable_id("owner", owner),
            pushed_at,
            created_at,
            blobs,
            commits,
            at,
            head_tree,
            subtrees,
        }
    }

    fn head(&self) -> Option<usize> {
        self.commits.len().checked_sub(1)
    }

    /// A branch name, `HEAD`, `refs/heads/<branch>`, or a commit sha (7+ hex digits, unique).
    fn resolve(&self, repo: &Repo, reference: &str) -> Option<usize> {
        let branch = reference.strip_prefix("refs/heads/").or_else(|| reference.strip_prefix("heads/"));
        if reference == "HEAD" || branch.unwrap_or(reference) == repo.default_branch {
            return self.head();
        }
        if reference.len() < 7 || reference.len() > 40 || !reference.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let wanted = reference.to_ascii_lowercase();
        let mut hits = self.commits.iter().enumerate().filter(|(_, c)| c.sha.starts_with(&wanted));
        match (hits.next(), hits.next()) {
            (Some((i, _)), None) => Some(i),
            _ => None,
        }
    }

    /// The tree of the repository as of commit `at`.
    fn tree_at<'a>(&'a self, repo: &Repo, at: usize) -> Cow<'a, Dir> {
        if Some(at) == self.head() {
            return Cow::Borrowed(&self.head_tree);
        }
        let visible = repo.files.iter().filter(|(p, _)| self.at[p.as_str()] <= at);
        Cow::Owned(build_dir(visible.map(|(p, f)| (p.as_str(), self.blobs[p].as_str(), f.bytes.len(), f.mode))))
    }
}

fn build_dir<'a>(files: impl Iterator<Item = (&'a str, &'a str, usize, FileMode)>) -> Dir {
    #[derive(Default)]
    struct Tmp {
        files: BTreeMap<String, (String, usize, FileMode)>,
        dirs: BTreeMap<String, Tmp>,
    }
    fn finish(tmp: Tmp) -> Dir {
        let files = tmp.files.into_iter().map(|(name, (sha, size, mode))| (name, Node::Blob { sha, size, mode }));
        let dirs = tmp.dirs.into_iter().map(|(name, dir)| (name, Node::Tree(finish(dir))));
        let mut entries: Vec<(String, Node)> = files.chain(dirs).collect();
        // Git sorts a folder as if its name ended in '/'.
        entries.sort_by_cached_key(|(name, node)| {
            let mut key = name.as_bytes().to_vec();
            if matches!(node, Node::Tree(_)) {
                key.push(b'/');
            }
            key
        });
        let mut object = Vec::new();
        for (name, node) in &entries {
            let (mode, sha) = match node {
                Node::Blob { sha, mode, .. } => (mode.git_mode(), sha),
                Node::Tree(dir) => ("40000", &dir.sha),
            };
            object.extend_from_slice(format!("{mode} {name}\0").as_bytes());
            object.extend_from_slice(&unhex(sha));
        }
        Dir { sha: git_object_sha("tree", &object), entries }
    }
    let mut root = Tmp::default();
    for (path, sha, size, mode) in files {
        let (folders, name) = path.rsplit_once('/').map_or(("", path), |(d, n)| (d, n));
        let mut node = &mut root;
        for part in folders.split('/').filter(|p| !p.is_empty()) {
            assert!(!node.files.contains_key(part), "fake github: `{path}` is below a file");
            node = node.dirs.entry(part.to_owned()).or_default();
        }
        assert!(!node.dirs.contains_key(name), "fake github: `{path}` is also a folder");
        node.files.insert(name.to_owned(), (sha.to_owned(), size, mode));
    }
    finish(root)
}

fn collect_subtrees(dir: &Dir, path: &str, out: &mut HashMap<String, String>) {
    out.entry(dir.sha.clone()).or_insert_with(|| path.to_owned());
    for (name, node) in &dir.entries {
        if let Node::Tree(sub) = node {
            collect_subtrees(sub, &join_path(path, name), out);
        }
    }
}

fn join_path(folder: &str, name: &str) -> String {
    if folder.is_empty() {
        name.to_owned()
    } else {
        format!("{folder}/{name}")
    }
}

fn lookup<'a>(root: &'a Dir, path: &str) -> Option<Found<'a>> {
    if path.is_empty() {
        return Some(Found::Dir(root));
    }
    let mut dir = root;
    let mut parts = path.split('/').peekable();
    while let Some(part) = parts.next() {
        let (_, node) = dir.entries.iter().find(|(name, _)| name == part)?;
        match (node, parts.peek().is_some()) {
            (Node::Tree(sub), true) => dir = sub,
            (Node::Tree(sub), false) => return Some(Found::Dir(sub)),
            (Node::Blob { .. }, false) => return Some(Found::Blob),
            (Node::Blob { .. }, true) => return None,
        }
    }
    None
}

/// Depth first, each folder before its contents, as GitHub lists a recursive tree.
fn walk<'a>(dir: &'a Dir, prefix: &str, recursive: bool, out: &mut Vec<(String, &'a Node)>) {
    for (name, node) in &dir.entries {
        let path = join_path(prefix, name);
        out.push((path.clone(), node));
        if let (Node::Tree(sub), true) = (node, recursive) {
            walk(sub, &path, true, out);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Answering
// ---------------------------------------------------------------------------------------------

struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn json(status: u16, value: &Value) -> Reply {
        let headers = vec![("content-type".into(), "application/json; charset=utf-8".into())];
        Reply { status, headers, body: value.to_string().into_bytes() }
    }

    fn text(status: u16, text: &str) -> Reply {
        let headers = vec![("content-type".into(), "text/plain; charset=utf-8".into())];
        Reply { status, headers, body: text.as_bytes().to_vec() }
    }

    fn with(mut self, name: &str, value: impl Into<String>) -> Reply {
        self.headers.push((name.to_owned(), value.into()));
        self
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

enum Delivery {
    Whole,
    Truncated,
    Disconnect,
}

enum Auth {
    Anonymous,
    Token,
    Bad,
}

fn error(status: u16, message: &str, docs: &str) -> Reply {
    Reply::json(status, &json!({"message": message, "documentation_url": docs, "status": status.to_string()}))
}

fn not_found(docs: &str) -> Reply {
    error(404, "Not Found", docs)
}

fn validation_failed(code: &str, message: Option<&str>) -> Reply {
    let mut detail = json!({"resource": "Search", "field": "q", "code": code});
    if let Some(message) = message {
        detail["message"] = json!(message);
    }
    Reply::json(
        422,
        &json!({"message": "Validation Failed", "errors": [detail], "documentation_url": SEARCH_DOCS, "status": "422"}),
    )
}

fn etag_of(body: &[u8]) -> String {
    format!("\"{}\"", hex(&sha1(body)))
}

/// `If-None-Match` as GitHub reads it: a list, weak or strong tags alike, or `*`.
fn matches_etag(req: &GithubRequest, etag: &str) -> bool {
    let Some(sent) = req.header("if-none-match") else { return false };
    sent.split(',').map(|t| t.trim()).any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == etag)
}

impl Shared {
    fn current(&self) -> Arc<Snapshot> {
        Arc::clone(&self.snapshot.read().unwrap_or_else(|e| e.into_inner()))
    }

    fn handle(&self, request: Request) -> Answer {
        let recorded = self.record(request);
        let outcome = catch_unwind(AssertUnwindSafe(|| self.answer(&recorded)));
        let (reply, delivery, fault) = match outcome {
            Ok(Some(answer)) => answer,
            Ok(None) => return Answer::Disconnect, // shut down during a delay: abandoned
            Err(_) => (error(500, "fake github: internal error", DOCS), Delivery::Whole, None),
        };
        let status = if matches!(delivery, Delivery::Disconnect) { 0 } else { reply.status };
        let bytes = match delivery {
            Delivery::Whole if !crate::http::sends_body(&recorded.method, reply.status) => 0,
            Delivery::Whole => reply.body.len(),
            Delivery::Truncated => reply.body.len() / 2,
            Delivery::Disconnect => 0,
        };
        if let Some(entry) = lock(&self.log).get_mut(recorded.seq) {
            entry.status = status;
            entry.fault = fault;
            entry.bytes = bytes as u64;
        }
        let response = Response::new(reply.status, reply.headers, reply.body);
        match delivery {
            Delivery::Whole => Answer::Whole(response),
            Delivery::Truncated => {
                let half = response.body.len() / 2;
                Answer::Truncated(response, half)
            }
            Delivery::Disconnect => Answer::Disconnect,
        }
    }

    fn record(&self, request: Request) -> GithubRequest {
        let mut log = lock(&self.log);
        let recorded = GithubRequest {
            seq: log.len(),
            method: request.method,
            path: request.target,
            headers: request.headers,
            status: 0,
            fault: None,
            bytes: 0,
        };
        log.push(recorded.clone());
        recorded
    }

    /// `None` when the fake shut down during a delay.
    fn answer(&self, req: &GithubRequest) -> Option<(Reply, Delivery, Option<String>)> {
        let fault = self.pick_fault(req);
        let label = fault.as_ref().map(Fault::label);
        let reply = match &fault {
            Some(Fault::Delay(wait)) => {
                if !self.pause(*wait) {
                    return None;
                }
                self.route(req)
            }
            Some(Fault::Disconnect) => return Some((Reply::text(0, ""), Delivery::Disconnect, label)),
            Some(f @ (Fault::Status { .. } | Fault::SecondaryRateLimit { .. } | Fault::TooManyRequests { .. })) => {
                self.fault_reply(f, req)
            }
            Some(Fault::TruncatedBody) | None => self.route(req),
        };
        let delivery = if fault == Some(Fault::TruncatedBody) { Delivery::Truncated } else { Delivery::Whole };
        Some((reply, delivery, label))
    }

    fn pick_fault(&self, req: &GithubRequest) -> Option<Fault> {
        let mut rules = lock(&self.faults);
        let mut chosen = None;
        for (rule, seen) in rules.iter_mut().filter(|(rule, _)| rule.matches(req)) {
            *seen += 1;
            if chosen.is_none() && rule.when.fires(*seen) {
                chosen = Some(rule.fault.clone());
            }
        }
        chosen
    }

    /// Sleeps in slices so Drop never waits out a long delay; false when shutting down.
    fn pause(&self, wait: Duration) -> bool {
        let deadline = Instant::now() + wait;
        while let Some(left) = deadline.checked_duration_since(Instant::now()).filter(|d| !d.is_zero()) {
            if self.shutdown.load(Ordering::Acquire) {
                return false;
            }
            std::thread::sleep(left.min(Duration::from_millis(20)));
        }
        true
    }

    fn fault_reply(&self, fault: &Fault, req: &GithubRequest) -> Reply {
        let secondary = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. \
             If you reach out to GitHub Support for help, please include the request ID ";
        let secondary = format!("{secondary}{}.", request_id(req.seq));
        let api = req.is_api();
        let reply = match fault {
            Fault::Status { status, body } if api => {
                Reply { status: *status, body: body.clone().into_bytes(), ..Reply::json(*status, &Value::Null) }
            }
            Fault::Status { status, body } => Reply::text(*status, body),
            Fault::SecondaryRateLimit { retry_after } => {
                let reply = if api { error(403, &secondary, SECONDARY_DOCS) } else { Reply::text(403, &secondary) };
                match retry_after {
                    Some(secs) => reply.with("retry-after", secs.to_string()),
                    None => reply,
                }
            }
            Fault::TooManyRequests { retry_after } => {
                let reply = if api { error(429, &secondary, SECONDARY_DOCS) } else { Reply::text(429, &secondary) };
                reply.with("retry-after", retry_after.to_string())
            }
            Fault::TruncatedBody | Fault::Disconnect | Fault::Delay(_) => unreachable!("not an answer of its own"),
        };
        if !api {
            return reply;
        }
        // A secondary limit still reports the primary budget, unspent by this request.
        let resource = resource_of(req.route());
        let rate = lock(&self.buckets).get(resource).roll().headers(resource);
        let mut reply = self.api_headers(reply, req);
        reply.headers.extend(rate);
        reply
    }

    fn route(&self, req: &GithubRequest) -> Reply {
        let (path, query) = req.path.split_once('?').unwrap_or((&req.path, ""));
        if let Some(rest) = path.strip_prefix("/raw/") {
            return self.raw(req, rest);
        }
        match path.strip_prefix("/api") {
            Some(route) if route.is_empty() || route.starts_with('/') => self.api(req, route, query),
            _ => Reply::text(404, "Not Found"),
        }
    }

    fn auth(&self, req: &GithubRequest) -> Auth {
        let Some(value) = req.header("authorization") else { return Auth::Anonymous };
        let token = value.trim().split_once(' ').and_then(|(scheme, token)| {
            (scheme.eq_ignore_ascii_case("bearer") || scheme.eq_ignore_ascii_case("token")).then_some(token.trim())
        });
        match token {
            Some(token) if self.tokens.iter().any(|t| t == token) => Auth::Token,
            _ => Auth::Bad,
        }
    }

    fn api_headers(&self, mut reply: Reply, req: &GithubRequest) -> Reply {
        let authed = matches!(self.auth(req), Auth::Token);
        let cache = if authed { "private, max-age=60, s-maxage=60" } else { "public, max-age=60, s-maxage=60" };
        reply.headers.extend([
            ("server".into(), "github.com".into()),
            ("cache-control".into(), cache.into()),
            ("vary".into(), "Accept, Authorization, Cookie, X-GitHub-OTP".into()),
            ("x-github-api-version-selected".into(), API_VERSION.into()),
            ("x-github-media-type".into(), "github.v3; format=json".into()),
            ("x-github-request-id".into(), request_id(req.seq)),
            ("x-content-type-options".into(), "nosniff".into()),
            ("access-control-allow-origin".into(), "*".into()),
        ]);
        reply
    }

    fn api(&self, req: &GithubRequest, route: &str, query: &str) -> Reply {
        let snap = self.current();
        let resource = resource_of(route);
        let auth = self.auth(req);
        let get = matches!(req.method.as_str(), "GET" | "HEAD");
        let is_rate_limit = route.trim_end_matches('/') == "/rate_limit";
        let mut reply = match auth {
            Auth::Bad => error(401, "Bad credentials", DOCS),
            _ if !get => not_found(DOCS),
            Auth::Anonymous if resource == Resource::CodeSearch => error(401, "Requires authentication", SEARCH_DOCS),
            _ if is_rate_limit => {
                let mut buckets = lock(&self.buckets);
                let (core, search) = (buckets.core.roll().json(), buckets.code_search.roll().json());
                Reply::json(200, &json!({"resources": {"core": core, "code_search": search}, "rate": core}))
            }
            _ => self.route_api(&snap, req, route, query),
        };
        if reply.status == 200 {
            let etag = etag_of(&reply.body);
            reply.headers.push(("etag".into(), etag));
        }
        let mut reply = self.api_headers(reply, req);
        let mut buckets = lock(&self.buckets);
        let bucket = buckets.get(resource).roll();
        // Checking the limit is free, and so are failed logins, as on GitHub.
        if is_rate_limit || reply.status == 401 {
            reply.headers.extend(bucket.headers(resource));
            return reply;
        }
        if reply.status == 200 && reply.header("etag").is_some_and(|e| matches_etag(req, e)) {
            // A 304 does not count against the limit.
            let keep = ["etag", "cache-control", "vary", "server", "x-github-request-id", "x-github-media-type"];
            let mut headers: Vec<(String, String)> =
                reply.headers.into_iter().filter(|(n, _)| keep.contains(&n.as_str())).collect();
            headers.extend(bucket.headers(resource));
            return Reply { status: 304, headers, body: Vec::new() };
        }
        if bucket.used >= bucket.limit {
            let message = match auth {
                Auth::Token => "API rate limit exceeded for user ID 1.".to_owned(),
                _ => "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get \
                      a higher rate limit. Check out the documentation for more details.)"
                    .to_owned(),
            };
            let mut limited = self.api_headers(error(403, &message, RATE_DOCS), req);
            limited.headers.extend(bucket.headers(resource));
            return limited;
        }
        bucket.used += 1;
        reply.headers.extend(bucket.headers(resource));
        reply
    }

    fn route_api(&self, snap: &Snapshot, req: &GithubRequest, route: &str, query: &str) -> Reply {
        let params = parse_params(query);
        let segments: Vec<String> = route.split('/').filter(|s| !s.is_empty()).map(|s| decode(s, false)).collect();
        let segments: Vec<&str> = segments.iter().map(String::as_str).collect();
        match segments.as_slice() {
            ["search", "code"] => self.search(snap, route, query, &params),
            ["repos", owner, name, rest @ ..] => {
                let Some(entry) = snap.get(owner, name) else { return not_found(REPO_DOCS) };
                match rest {
                    [] => Reply::json(200, &repo_json(entry, &self.bases)),
                    ["commits"] => self.commits(entry, route, query, &params),
                    ["git", "trees", reference @ ..] if !reference.is_empty() => {
                        self.tree(entry, &reference.join("/"), &params)
                    }
                    ["git", "blobs", sha] => self.blob(entry, sha),
                    ["contents", path @ ..] => self.contents(entry, &path.join("/"), &params, req),
                    ["readme"] => self.readme(entry, &params, req),
                    _ => not_found(DOCS),
                }
            }
            _ => not_found(DOCS),
        }
    }

    fn search(&self, snap: &Snapshot, route: &str, query: &str, params: &[(String, String)]) -> Reply {
        let Some(q) = param(params, "q").filter(|q| !q.trim().is_empty()) else {
            return validation_failed("missing", None);
        };
        let parsed = match SearchQuery::parse(q) {
            Ok(parsed) => parsed,
            Err(message) => return validation_failed("invalid", Some(&message)),
        };
        let (per_page, page) = paging(params);
        let offset = (page - 1).saturating_mul(per_page);
        if offset >= SEARCH_CAP {
            return error(422, "Only the first 1000 search results are available", SEARCH_CAP_DOCS);
        }
        let hits: Vec<(&Entry, &str)> = snap
            .repos
            .values()
            .filter(|e| parsed.wants_repo(&e.repo))
            .flat_map(|e| e.repo.files.iter().map(move |(p, f)| (e, p.as_str(), f)))
            .filter(|(_, p, f)| parsed.wants_file(p, f))
            .map(|(e, p, _)| (e, p))
            .collect();
        let total = hits.len();
        let reachable = total.min(SEARCH_CAP);
        let end = offset.saturating_add(per_page).min(reachable);
        let items: Vec<Value> =
            hits[offset.min(end)..end].iter().map(|(entry, path)| search_item(entry, path, &self.bases)).collect();
        let incomplete = self.incomplete.iter().any(|s| q.contains(s.as_str()));
        let body = json!({"total_count": total, "incomplete_results": incomplete, "items": items});
        let reply = Reply::json(200, &body);
        match page_links(&format!("{}{route}", self.bases.api), query, page, reachable.div_ceil(per_page)) {
            Some(link) => reply.with("link", link),
            None => reply,
        }
    }

    fn commits(&self, entry: &Entry, route: &str, query: &str, params: &[(String, String)]) -> Reply {
        let (repo, view) = (&entry.repo, &entry.view);
        let Some(head) = view.head() else { return error(409, "Git Repository is empty.", COMMITS_DOCS) };
        let top = match param(params, "sha") {
            Some(reference) => match view.resolve(repo, reference) {
                Some(i) => i,
                None => return error(422, &format!("No commit found for SHA: {reference}"), COMMITS_DOCS),
            },
            None => head,
        };
        let path = param(params, "path").map(|p| p.trim_matches('/')).filter(|p| !p.is_empty());
        // The file itself, or anything in the folder of that name.
        let touches = |p: &str| {
            path.is_none_or(|want| p.strip_prefix(want).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')))
        };
        let touched: BTreeSet<usize> =
            view.at.iter().filter(|(p, &i)| i <= top && touches(p)).map(|(_, &i)| i).collect();
        let newest_first: Vec<usize> = touched.into_iter().rev().collect();
        let (per_page, page) = paging(params);
        let offset = (page - 1).saturating_mul(per_page).min(newest_first.len());
        let end = offset.saturating_add(per_page).min(newest_first.len());
        let items: Vec<Value> = newest_first[offset..end].iter().map(|&i| commit_json(entry, i, &self.bases)).collect();
        let reply = Reply::json(200, &Value::Array(items));
        let last = newest_first.len().div_ceil(per_page);
        match page_links(&format!("{}{route}", self.bases.api), query, page, last) {
            Some(link) => reply.with("link", link),
            None => reply,
        }
    }

    fn tree(&self, entry: &Entry, reference: &str, params: &[(String, String)]) -> Reply {
        let (repo, view) = (&entry.repo, &entry.view);
        if view.head().is_none() {
            return error(409, "Git Repository is empty.", TREES_DOCS);
        }
        // Any value of `recursive` turns it on, even `0` or `false`, as GitHub documents.
        let recursive = params.iter().any(|(k, _)| k == "recursive");
        let built;
        let dir: &Dir = if let Some(at) = view.resolve(repo, reference) {
            built = view.tree_at(repo, at);
            &built
        } else {
            let folder = view.subtrees.get(&reference.to_ascii_lowercase());
            match folder.and_then(|f| lookup(&view.head_tree, f)) {
                Some(Found::Dir(dir)) => dir,
                _ => return not_found(TREES_DOCS),
            }
        };
        let mut listed = Vec::new();
        walk(dir, "", recursive, &mut listed);
        let api = &self.bases.api;
        let tree: Vec<Value> = listed
            .iter()
            .map(|(path, node)| match node {
                Node::Blob { sha, mode: FileMode::Submodule, .. } => {
                    json!({"path": path, "mode": "160000", "type": "commit", "sha": sha})
                }
                Node::Blob { sha, size, mode } => json!({"path": path, "mode": mode.git_mode(), "type": "blob",
                    "sha": sha, "size": size, "url": format!("{api}/repos/{}/git/blobs/{sha}", repo.full_name)}),
                Node::Tree(sub) => json!({"path": path, "mode": "040000", "type": "tree", "sha": sub.sha,
                    "url": format!("{api}/repos/{}/git/trees/{}", repo.full_name, sub.sha)}),
            })
            .collect();
        let url = format!("{api}/repos/{}/git/trees/{}", repo.full_name, dir.sha);
        let mut tree = tree;
        let truncated = recursive && self.tree_limit.is_some_and(|limit| tree.len() > limit);
        if truncated {
            tree.truncate(self.tree_limit.unwrap_or(0));
        }
        Reply::json(200, &json!({"sha": dir.sha, "url": url, "tree": tree, "truncated": truncated}))
    }

    fn blob(&self, entry: &Entry, sha: &str) -> Reply {
        let wanted = sha.to_ascii_lowercase();
        let is_blob = |path: &str| entry.repo.files.get(path).is_some_and(|f| f.mode != FileMode::Submodule);
        let Some((path, _)) = entry.view.blobs.iter().find(|(p, s)| **s == wanted && is_blob(p)) else {
            return not_found(BLOBS_DOCS);
        };
        let bytes = &entry.repo.files[path].bytes;
        let url = format!("{}/repos/{}/git/blobs/{wanted}", self.bases.api, entry.repo.full_name);
        Reply::json(
            200,
            &json!({"sha": wanted, "node_id": format!("B_fake{wanted}"), "size": bytes.len(), "url": url,
                "content": base64_lines(bytes), "encoding": "base64"}),
        )
    }

    fn contents(&self, entry: &Entry, path: &str, params: &[(String, String)], req: &GithubRequest) -> Reply {
        let (repo, view) = (&entry.repo, &entry.view);
        if view.head().is_none() {
            return error(404, "This repository is empty.", CONTENTS_DOCS);
        }
        let reference = param(params, "ref").unwrap_or(&repo.default_branch);
        let Some(at) = view.resolve(repo, reference) else {
            return error(404, &format!("No commit found for the ref {reference}"), CONTENTS_DOCS);
        };
        let tree = view.tree_at(repo, at);
        let path = path.trim_matches('/');
        match lookup(&tree, path) {
            Some(Found::Blob) => self.file_reply(entry, path, reference, req),
            Some(Found::Dir(dir)) => {
                let items: Vec<Value> = dir
                    .entries
                    .iter()
                    .map(|(name, node)| {
                        let child = join_path(path, name);
                        match node {
                            Node::Blob { .. } => content_json(entry, &child, reference, &self.bases, false),
                            Node::Tree(sub) => dir_json(entry, &child, &sub.sha, reference, &self.bases),
                        }
                    })
                    .collect();
                Reply::json(200, &Value::Array(items))
            }
            None => not_found(CONTENTS_DOCS),
        }
    }

    fn readme(&self, entry: &Entry, params: &[(String, String)], req: &GithubRequest) -> Reply {
        let (repo, view) = (&entry.repo, &entry.view);
        let reference = param(params, "ref").unwrap_or(&repo.default_branch);
        let Some(at) = view.resolve(repo, reference) else { return not_found(README_DOCS) };
        let tree = view.tree_at(repo, at);
        let rank = |name: &str| {
            ["readme.md", "readme", "readme.markdown", "readme.rst", "readme.txt"]
                .iter()
                .position(|r| name.eq_ignore_ascii_case(r))
        };
        let best = tree
            .entries
            .iter()
            .filter(|(_, node)| matches!(node, Node::Blob { .. }))
            .filter_map(|(name, _)| rank(name).map(|r| (r, name)))
            .min();
        match best {
            Some((_, name)) => self.file_reply(entry, name, reference, req),
            None => not_found(README_DOCS),
        }
    }

    /// The contents JSON of a file, or its bytes when asked for GitHub's raw media type.
    fn file_reply(&self, entry: &Entry, path: &str, reference: &str, req: &GithubRequest) -> Reply {
        let raw = req.header("accept").is_some_and(|a| a.contains("application/vnd.github.raw") || a.contains(".raw"));
        if raw {
            let bytes = entry.repo.files[path].bytes.clone();
            let headers = vec![("content-type".into(), "application/vnd.github.raw".into())];
            return Reply { status: 200, headers, body: bytes };
        }
        Reply::json(200, &content_json(entry, path, reference, &self.bases, true))
    }

    fn raw(&self, req: &GithubRequest, rest: &str) -> Reply {
        let snap = self.current();
        let reply = self.raw_content(&snap, req, rest);
        let reply = reply
            .with("server", "github.com")
            .with("x-github-request-id", request_id(req.seq))
            .with("x-content-type-options", "nosniff")
            .with("access-control-allow-origin", "*");
        if reply.status != 200 {
            return reply;
        }
        let etag = etag_of(&reply.body);
        if matches_etag(req, &etag) {
            let headers = vec![("etag".into(), etag), ("cache-control".into(), "max-age=300".into())];
            return Reply { status: 304, headers, body: Vec::new() };
        }
        reply.with("etag", etag).with("cache-control", "max-age=300")
    }

    fn raw_content(&self, snap: &Snapshot, req: &GithubRequest, rest: &str) -> Reply {
        let missing = || Reply::text(404, "404: Not Found");
        if !matches!(req.method.as_str(), "GET" | "HEAD") {
            return missing();
        }
        let segments: Vec<&str> = rest.split('/').collect();
        let [owner, name, tail @ ..] = segments.as_slice() else { return missing() };
        let Some(entry) = snap.get(&decode(owner, false), &decode(name, false)) else { return missing() };
        let (reference, path) = match tail {
            ["refs", "heads", branch, path @ ..] => (format!("refs/heads/{}", decode(branch, false)), path),
            [reference, path @ ..] => (decode(reference, false), path),
            [] => return missing(),
        };
        let path: Vec<String> = path.iter().map(|s| decode(s, false)).collect();
        let path = path.join("/");
        let Some(at) = entry.view.resolve(&entry.repo, &reference) else { return missing() };
        match lookup(&entry.view.tree_at(&entry.repo, at), &path) {
            // A submodule has no content of its own on the raw host.
            Some(Found::Blob) if !path.is_empty() && entry.repo.files[&path].mode != FileMode::Submodule => {
                let body = entry.repo.files[&path].bytes.clone();
                Reply { status: 200, body, ..Reply::text(200, "") }
            }
            _ => missing(),
        }
    }
}

fn resource_of(route: &str) -> Resource {
    if route.trim_end_matches('/') == "/search/code" {
        Resource::CodeSearch
    } else {
        Resource::Core
    }
}

fn request_id(seq: usize) -> String {
    format!("FAKE:{seq:08X}")
}

/// `per_page` (default 30, at most 100, silently, like GitHub) and `page` (from 1).
fn paging(params: &[(String, String)]) -> (usize, usize) {
    let number = |name: &str| param(params, name).and_then(|v| v.trim().parse::<usize>().ok()).filter(|&n| n > 0);
    (number("per_page").unwrap_or(DEFAULT_PER_PAGE).min(MAX_PER_PAGE), number("page").unwrap_or(1))
}

/// GitHub's `link` header: `<url>; rel="prev", <url>; rel="next", <url>; rel="last", <url>; rel="first"`,
/// each present when it makes sense, the request's own query kept with `page` replaced.
fn page_links(base: &str, query: &str, page: usize, last: usize) -> Option<String> {
    if last <= 1 && page <= 1 {
        return None;
    }
    let url = |p: usize| {
        let mut replaced = false;
        let mut parts: Vec<String> = query
            .split('&')
            .filter(|kv| !kv.is_empty())
            .map(|kv| {
                if decode(kv.split('=').next().unwrap_or_default(), true) == "page" {
                    replaced = true;
                    format!("page={p}")
                } else {
                    kv.to_owned()
                }
            })
            .collect();
        if !replaced {
            parts.push(format!("page={p}"));
        }
        format!("{base}?{}", parts.join("&"))
    };
    let mut links = Vec::new();
    if page > 1 {
        links.push(format!("<{}>; rel=\"prev\"", url(page - 1)));
    }
    if page < last {
        links.push(format!("<{}>; rel=\"next\"", url(page + 1)));
        links.push(format!("<{}>; rel=\"last\"", url(last)));
    }
    if page > 1 {
        links.push(format!("<{}>; rel=\"first\"", url(1)));
    }
    Some(links.join(", "))
}

// ---------------------------------------------------------------------------------------------
// Code search queries
// ---------------------------------------------------------------------------------------------

#[derive(Default)]
struct SearchQuery {
    filenames: Vec<String>,
    sizes: Vec<(u64, u64)>,
    repos: Vec<String>,
    owners: Vec<String>,
    paths: Vec<String>,
    extensions: Vec<String>,
    words: Vec<String>,
    forks: Forks,
}

#[derive(Default, PartialEq, Eq)]
enum Forks {
    #[default]
    Exclude,
    Include,
    Only,
}

impl SearchQuery {
    /// Terms separated by spaces; `qualifier:value` for the qualifiers below, anything else
    /// a word the content or the path must contain (case-insensitively).
    fn parse(q: &str) -> Result<SearchQuery, String> {
        let mut query = SearchQuery::default();
        for term in q.split_whitespace() {
            let Some((key, value)) = term.split_once(':').filter(|(_, v)| !v.is_empty()) else {
                query.words.push(term.trim_matches('"').to_lowercase());
                continue;
            };
            let value = value.trim_matches('"');
            match key.to_ascii_lowercase().as_str() {
                "filename" => query.filenames.push(value.to_lowercase()),
                "size" => query.sizes.push(parse_size(value).ok_or_else(|| format!("Invalid size: {value}"))?),
                "repo" => query.repos.push(value.to_ascii_lowercase()),
                "user" | "org" => query.owners.push(value.to_ascii_lowercase()),
                "path" => query.paths.push(value.trim_matches('/').to_owned()),
                "extension" => query.extensions.push(value.trim_start_matches('.').to_lowercase()),
                "fork" => {
                    query.forks = match value {
                        "true" => Forks::Include,
                        "only" => Forks::Only,
                        _ => Forks::Exclude,
                    }
                }
                "in" | "language" | "sort" | "order" => {} // accepted, no effect here
                _ => query.words.push(term.to_lowercase()),
            }
        }
        Ok(query)
    }

    fn wants_repo(&self, repo: &Repo) -> bool {
        let name = repo.full_name.to_ascii_lowercase();
        let owner = name.split('/').next().unwrap_or_default();
        let fork_ok = match self.forks {
            Forks::Exclude => !repo.fork,
            Forks::Include => true,
            Forks::Only => repo.fork,
        };
        // Repository and owner qualifiers widen each other (any of them), as on GitHub.
        let scoped = (self.repos.is_empty() && self.owners.is_empty())
            || self.repos.contains(&name)
            || self.owners.iter().any(|o| o == owner);
        fork_ok && scoped
    }

    fn wants_file(&self, path: &str, file: &RepoFile) -> bool {
        let size = file.bytes.len();
        // Links and submodules are not indexed for code search.
        if size > MAX_SEARCHABLE || matches!(file.mode, FileMode::Symlink | FileMode::Submodule) {
            return false;
        }
        let (folder, name) = path.rsplit_once('/').unwrap_or(("", path));
        let lower = name.to_lowercase();
        let stem = lower.rsplit_once('.').map_or(lower.as_str(), |(stem, _)| stem);
        let extension = lower.rsplit_once('.').map(|(_, ext)| ext);
        // `filename:` is the whole name, case-insensitively; a value without an extension also
        // matches the name without its own (`filename:SKILL` finds `SKILL.md`, but
        // `filename:SKILL.md` never finds `SKILL.md.bak`).
        self.filenames.iter().all(|f| *f == lower || (!f.contains('.') && f == stem))
            && self.sizes.iter().all(|&(lo, hi)| (lo..=hi).contains(&(size as u64)))
            && self.paths.iter().all(|p| folder == p || (!p.is_empty() && folder.starts_with(&format!("{p}/"))))
            && self.extensions.iter().all(|e| extension == Some(e.as_str()))
            && (self.words.is_empty() || {
                let text = String::from_utf8_lossy(&file.bytes).to_lowercase();
                let path = path.to_lowercase();
                self.words.iter().all(|w| text.contains(w.as_str()) || path.contains(w.as_str()))
            })
    }
}

/// `N`, `LO..HI` (either end may be `*`), `>N`, `>=N`, `<N`, `<=N`, in bytes.
fn parse_size(value: &str) -> Option<(u64, u64)> {
    let number = |s: &str| s.parse::<u64>().ok();
    if let Some((lo, hi)) = value.split_once("..") {
        let lo = if lo == "*" { 0 } else { number(lo)? };
        let hi = if hi == "*" { u64::MAX } else { number(hi)? };
        return Some((lo, hi));
    }
    if let Some(n) = value.strip_prefix(">=") {
        return Some((number(n)?, u64::MAX));
    }
    if let Some(n) = value.strip_prefix("<=") {
        return Some((0, number(n)?));
    }
    if let Some(n) = value.strip_prefix('>') {
        return Some((number(n)?.saturating_add(1), u64::MAX));
    }
    if let Some(n) = value.strip_prefix('<') {
        // `<0` matches nothing: an empty range.
        return Some(number(n)?.checked_sub(1).map_or((1, 0), |hi| (0, hi)));
    }
    number(value).map(|n| (n, n))
}

// ---------------------------------------------------------------------------------------------
// JSON shapes
// ---------------------------------------------------------------------------------------------

fn owner_json(entry: &Entry, bases: &Bases) -> Value {
    let login = entry.repo.full_name.split('/').next().unwrap_or_default();
    json!({"login": login, "id": entry.view.owner_id, "node_id": format!("U_fake{}", entry.view.owner_id),
        "type": "User", "site_admin": false, "url": format!("{}/users/{login}", bases.api),
        "html_url": format!("{}/{login}", bases.web)})
}

fn repo_brief(entry: &Entry, bases: &Bases) -> Value {
    let (repo, view) = (&entry.repo, &entry.view);
    json!({
        "id": view.id,
        "node_id": format!("R_fake{}", view.id),
        "name": repo.full_name.split('/').nth(1).unwrap_or_default(),
        "full_name": repo.full_name,
        "private": false,
        "owner": owner_json(entry, bases),
        "html_url": format!("{}/{}", bases.web, repo.full_name),
        "description": null,
        "fork": repo.fork,
        "url": format!("{}/repos/{}", bases.api, repo.full_name),
    })
}

fn repo_json(entry: &Entry, bases: &Bases) -> Value {
    let (repo, view) = (&entry.repo, &entry.view);
    let mut value = repo_brief(entry, bases);
    let size_kb: usize = repo.files.values().map(|f| f.bytes.len()).sum::<usize>().div_ceil(1024);
    let extra = json!({
        "created_at": view.created_at,
        "updated_at": view.pushed_at,
        "pushed_at": view.pushed_at,
        "homepage": null,
        "size": size_kb,
        "stargazers_count": repo.stargazers_count,
        "watchers_count": repo.stargazers_count,
        "language": null,
        "has_issues": true,
        "forks_count": 0,
        "archived": repo.archived,
        "disabled": false,
        "open_issues_count": 0,
        "license": repo.license.as_deref().map(|spdx| license_json(spdx, bases)),
        "topics": [],
        "visibility": "public",
        "forks": 0,
        "open_issues": 0,
        "watchers": repo.stargazers_count,
        "default_branch": repo.default_branch,
        "subscribers_count": 0,
        "network_count": 0,
    });
    if let (Some(target), Value::Object(more)) = (value.as_object_mut(), extra) {
        target.extend(more);
    }
    value
}

fn license_json(spdx: &str, bases: &Bases) -> Value {
    let (key, name) = match spdx {
        "MIT" => ("mit".to_owned(), "MIT License"),
        "Apache-2.0" => ("apache-2.0".to_owned(), "Apache License 2.0"),
        "GPL-3.0" | "GPL-3.0-only" => ("gpl-3.0".to_owned(), "GNU General Public License v3.0"),
        "BSD-3-Clause" => ("bsd-3-clause".to_owned(), "BSD 3-Clause \"New\" or \"Revised\" License"),
        "CC-BY-SA-4.0" => ("cc-by-sa-4.0".to_owned(), "Creative Commons Attribution Share Alike 4.0 International"),
        "NOASSERTION" => ("other".to_owned(), "Other"),
        other => (other.to_ascii_lowercase(), other),
    };
    let url = (spdx != "NOASSERTION").then(|| format!("{}/licenses/{key}", bases.api));
    json!({"key": key, "name": name, "spdx_id": spdx, "url": url, "node_id": format!("L_fake{key}")})
}

fn search_item(entry: &Entry, path: &str, bases: &Bases) -> Value {
    let (repo, view) = (&entry.repo, &entry.view);
    let sha = &view.blobs[path];
    let head = view.head().map(|i| view.commits[i].sha.as_str()).unwrap_or_default();
    let escaped = escape_path(path);
    json!({
        "name": path.rsplit('/').next().unwrap_or(path),
        "path": path,
        "sha": sha,
        "url": format!("{}/repos/{}/contents/{escaped}?ref={head}", bases.api, repo.full_name),
        "git_url": format!("{}/repos/{}/git/blobs/{sha}", bases.api, repo.full_name),
        "html_url": format!("{}/{}/blob/{head}/{escaped}", bases.web, repo.full_name),
        "repository": repo_brief(entry, bases),
        "score": 1.0,
    })
}

fn commit_json(entry: &Entry, at: usize, bases: &Bases) -> Value {
    let (repo, view) = (&entry.repo, &entry.view);
    let commit = &view.commits[at];
    let (sha, date) = (&commit.sha, format_rfc3339(commit.unix));
    let tree = view.tree_at(repo, at).sha.clone();
    let api = format!("{}/repos/{}", bases.api, repo.full_name);
    let html = format!("{}/{}", bases.web, repo.full_name);
    let parents: Vec<Value> = at
        .checked_sub(1)
        .map(|p| &view.commits[p].sha)
        .map(|p| json!({"sha": p, "url": format!("{api}/commits/{p}"), "html_url": format!("{html}/commit/{p}")}))
        .into_iter()
        .collect();
    json!({
        "sha": sha,
        "node_id": format!("C_fake{sha}"),
        "commit": {
            "author": {"name": "Fake Author", "email": "author@example.invalid", "date": date},
            "committer": {"name": "GitHub", "email": "noreply@github.com", "date": date},
            "message": format!("Update {} ({})", repo.full_name, &sha[..7]),
            "tree": {"sha": tree, "url": format!("{api}/git/trees/{tree}")},
            "url": format!("{api}/git/commits/{sha}"),
            "comment_count": 0,
        },
        "url": format!("{api}/commits/{sha}"),
        "html_url": format!("{html}/commit/{sha}"),
        "comments_url": format!("{api}/commits/{sha}/comments"),
        "author": null,
        "committer": null,
        "parents": parents,
    })
}

fn content_json(entry: &Entry, path: &str, reference: &str, bases: &Bases, with_content: bool) -> Value {
    let repo = &entry.repo;
    let sha = &entry.view.blobs[path];
    let bytes = &repo.files[path].bytes;
    let escaped = escape_path(path);
    let url = format!("{}/repos/{}/contents/{escaped}?ref={}", bases.api, repo.full_name, escape(reference));
    let git_url = format!("{}/repos/{}/git/blobs/{sha}", bases.api, repo.full_name);
    let html_url = format!("{}/{}/blob/{reference}/{escaped}", bases.web, repo.full_name);
    let download = format!("{}/{}/{reference}/{escaped}", bases.raw, repo.full_name);
    let mut value = json!({
        "type": "file", "name": path.rsplit('/').next().unwrap_or(path), "path": path, "sha": sha,
        "size": bytes.len(), "url": url, "html_url": html_url, "git_url": git_url, "download_url": download,
        "_links": {"self": url, "git": git_url, "html": html_url},
    });
    if with_content {
        value["encoding"] = json!("base64");
        value["content"] = json!(base64_lines(bytes));
    }
    value
}

fn dir_json(entry: &Entry, path: &str, sha: &str, reference: &str, bases: &Bases) -> Value {
    let repo = &entry.repo;
    let escaped = escape_path(path);
    let url = format!("{}/repos/{}/contents/{escaped}?ref={}", bases.api, repo.full_name, escape(reference));
    let git_url = format!("{}/repos/{}/git/trees/{sha}", bases.api, repo.full_name);
    let html_url = format!("{}/{}/tree/{reference}/{escaped}", bases.web, repo.full_name);
    json!({
        "type": "dir", "name": path.rsplit('/').next().unwrap_or(path), "path": path, "sha": sha, "size": 0,
        "url": url, "html_url": html_url, "git_url": git_url, "download_url": null,
        "_links": {"self": url, "git": git_url, "html": html_url},
    })
}

// ---------------------------------------------------------------------------------------------
// Small codecs: URLs, dates, hex, base64, SHA-1
// ---------------------------------------------------------------------------------------------

fn param<'a>(params: &'a [(String, String)], name: &str) -> Option<&'a str> {
    params.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

fn parse_params(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|kv| !kv.is_empty())
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            (decode(k, true), decode(v, true))
        })
        .collect()
}

/// Percent-decoding, lossy for bytes that are not UTF-8; a malformed escape stays as it is.
fn decode(s: &str, plus_is_space: bool) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex_pair = bytes.get(i + 1..i + 3).and_then(|h| Some(hex_digit(h[0])? << 4 | hex_digit(h[1])?));
        match (bytes[i], hex_pair) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
                continue;
            }
            (b'+', _) if plus_is_space => out.push(b' '),
            (b, _) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex_digit(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// Everything but unreserved characters, percent-encoded.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

fn escape_path(path: &str) -> String {
    path.split('/').map(escape).collect::<Vec<_>>().join("/")
}

/// `2026-10-01T12:00:00Z`, fractions and `±HH:MM` offsets allowed, as unix seconds.
fn parse_rfc3339(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't') || b[13] != b':' || b[16] != b':' {
        return None;
    }
    let number = |from: usize, to: usize| -> Option<i64> {
        let part = s.get(from..to)?;
        part.bytes().all(|c| c.is_ascii_digit()).then(|| part.parse().ok())?
    };
    let (year, month, day) = (number(0, 4)?, number(5, 7)?, number(8, 10)?);
    let (hour, minute, second) = (number(11, 13)?, number(14, 16)?, number(17, 19)?);
    let mut zone = s.get(19..)?;
    if let Some(fraction) = zone.strip_prefix('.') {
        let digits = fraction.bytes().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        zone = &fraction[digits..];
    }
    let offset = match zone {
        "Z" | "z" => 0,
        _ => {
            let zb = zone.as_bytes();
            if zb.len() != 6 || !matches!(zb[0], b'+' | b'-') || zb[3] != b':' {
                return None;
            }
            let (h, m) = (zone.get(1..3)?.parse::<i64>().ok()?, zone.get(4..6)?.parse::<i64>().ok()?);
            if h > 23 || m > 59 {
                return None;
            }
            (if zb[0] == b'-' { -1 } else { 1 }) * (h * 3600 + m * 60)
        }
    };
    let valid = (1..=12).contains(&month) && (1..=31).contains(&day) && hour < 24 && minute < 60 && second <= 60;
    valid.then(|| days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset)
}

fn format_rfc3339(unix: i64) -> String {
    let (days, secs) = (unix.div_euclid(86_400), unix.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", secs / 3600, secs / 60 % 60, secs % 60)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// A made-up but stable positive id for a repository or an owner.
fn stable_id(kind: &str, name: &str) -> u64 {
    let digest = sha1(format!("{kind}:{}", name.to_ascii_lowercase()).as_bytes());
    u64::from(u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]])) + 1
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn unhex(s: &str) -> Vec<u8> {
    s.as_bytes().chunks(2).map(|p| hex_digit(p[0]).unwrap_or(0) << 4 | hex_digit(p[1]).unwrap_or(0)).collect()
}

/// What GitHub puts in `content`: base64 in lines of 60 characters, each ending in `\n`.
fn base64_lines(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + bytes.len() / 45 + 4);
    for (i, chunk) in bytes.chunks(3).enumerate() {
        let n = u32::from(chunk[0]) << 16
            | u32::from(chunk.get(1).copied().unwrap_or(0)) << 8
            | u32::from(chunk.get(2).copied().unwrap_or(0));
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
        if (i + 1) % 15 == 0 {
            out.push('\n');
        }
    }
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// Git object ids are SHA-1 (not for anything security-related).
fn git_object_sha(kind: &str, body: &[u8]) -> String {
    let mut hasher = Sha1::new();
    hasher.update(format!("{kind} {}\0", body.len()).as_bytes());
    hasher.update(body);
    hex(&hasher.finalize())
}

fn sha1(data: &[u8]) -> [u8; 20] {
    Sha1::digest(data).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{self, BufRead, Read, Write};
    use std::net::TcpStream;

    const DAY: &str = "2026-09-01T00:00:00Z";

    struct Resp {
        status: u16,
        head: String,
        body: Vec<u8>,
        /// Whether the whole `content-length` arrived.
        complete: bool,
    }

    impl Resp {
        fn header(&self, name: &str) -> Option<&str> {
            self.head.lines().skip(1).find_map(|line| {
                let (n, v) = line.split_once(':')?;
                n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
            })
        }

        fn json(&self) -> Value {
            serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
        }

        fn text(&self) -> String {
            String::from_utf8_lossy(&self.body).into_owned()
        }

        fn message(&self) -> String {
            self.json()["message"].as_str().unwrap_or_default().to_owned()
        }

        fn number(&self, header: &str) -> u64 {
            self.header(header).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no numeric {header}"))
        }
    }

    fn split_url(url: &str) -> (&str, &str) {
        let rest = url.strip_prefix("http://").expect("an http:// url");
        rest.split_once('/').map_or((rest, "/"), |(host, _)| (host, &rest[host.len()..]))
    }

    /// One HTTP/1.1 exchange on `stream`, so the tests see exactly what a client would: the
    /// head, then the body by `content-length` or whatever arrives before the connection ends.
    fn exchange(stream: &TcpStream, method: &str, url: &str, headers: &[(&str, &str)], close: bool) -> Resp {
        let (host, target) = split_url(url);
        let mut request = format!("{method} {target} HTTP/1.1\r\nHost: {host}\r\n");
        if close {
            request.push_str("Connection: close\r\n");
        }
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        (&*stream).write_all(request.as_bytes()).unwrap();
        let mut reader = io::BufReader::new(stream);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            match reader.read_line(&mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) if line == "\r\n" => break,
                Ok(_) => head.push_str(&line),
            }
        }
        let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let mut resp = Resp { status, head, body: Vec::new(), complete: true };
        let length: usize = resp.header("content-length").and_then(|v| v.parse().ok()).unwrap_or(0);
        if method == "HEAD" || status == 304 || status == 0 {
            return resp;
        }
        let mut chunk = [0u8; 8192];
        while resp.body.len() < length {
            match reader.read(&mut chunk[..(length - resp.body.len()).min(8192)]) {
                Ok(0) | Err(_) => break,
                Ok(n) => resp.body.extend_from_slice(&chunk[..n]),
            }
        }
        resp.complete = resp.body.len() == length;
        resp
    }

    fn connect(url: &str) -> TcpStream {
        let stream = TcpStream::connect(split_url(url).0).expect("connect to the fake");
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        stream
    }

    fn get(url: &str, headers: &[(&str, &str)]) -> Resp {
        exchange(&connect(url), "GET", url, headers, true)
    }

    fn bearer() -> String {
        format!("Bearer {}", FakeGithub::TOKEN)
    }

    fn authed(url: &str) -> Resp {
        get(url, &[("Authorization", &bearer())])
    }

    fn paths(resp: &Resp) -> Vec<String> {
        let items = resp.json()["items"].as_array().cloned().unwrap_or_default();
        items
            .iter()
            .map(|i| format!("{}:{}", i["repository"]["full_name"].as_str().unwrap(), i["path"].as_str().unwrap()))
            .collect()
    }

    fn loose_limits(world: World) -> FakeGithub {
        FakeGithub::builder(world).search_limit(1000, Duration::from_secs(60)).start()
    }

    #[test]
    fn search_pages_with_githubs_link_header() {
        let mut alpha = Repo::new("alpha/skills").stars(5);
        for i in 0..130 {
            alpha = alpha.file(&format!("skills/s{i:03}/SKILL.md"), format!("# skill {i}\n"), DAY);
        }
        let beta = Repo::new("Beta/more")
            .file("x/SKILL.md", "b", DAY)
            .file("w/skill.md", "lower case name", DAY)
            .file("README.md", "not a skill", DAY)
            .file("y/SKILL.md.bak", "backup", DAY)
            .file("z/MY-SKILL.md", "other name", DAY);
        let fake = loose_limits(World::new().repo(alpha).repo(beta));
        let api = fake.api_base();
        let page = |p: usize| format!("{api}/search/code?q=filename%3ASKILL.md&per_page=50&page={p}");

        let first = authed(&page(1));
        assert_eq!(first.status, 200);
        assert_eq!(first.header("content-type"), Some("application/json; charset=utf-8"));
        let body = first.json();
        assert_eq!((body["total_count"].as_u64(), &body["incomplete_results"]), (Some(132), &json!(false)));
        assert_eq!(body["items"].as_array().unwrap().len(), 50);
        assert_eq!(
            first.header("link"),
            Some(format!("<{}>; rel=\"next\", <{}>; rel=\"last\"", page(2), page(3)).as_str())
        );
        let item = &body["items"][0];
        assert_eq!((item["name"].as_str(), item["path"].as_str()), (Some("SKILL.md"), Some("skills/s000/SKILL.md")));
        assert_eq!(item["sha"].as_str(), Some(git_blob_sha(b"# skill 0\n").as_str()));
        assert_eq!(item["score"], json!(1.0));
        let repo = &item["repository"];
        assert_eq!((repo["full_name"].as_str(), repo["name"].as_str()), (Some("alpha/skills"), Some("skills")));
        assert_eq!((repo["owner"]["login"].as_str(), &repo["private"]), (Some("alpha"), &json!(false)));
        assert!(repo["id"].as_u64().unwrap() > 0);
        for field in ["url", "git_url", "html_url"] {
            assert!(item[field].as_str().unwrap().starts_with(&fake.web_base()), "{field} stays on loopback");
        }
        assert!(item["git_url"].as_str().unwrap().ends_with(item["sha"].as_str().unwrap()));

        let middle = authed(&page(2));
        let expected = format!(
            "<{}>; rel=\"prev\", <{}>; rel=\"next\", <{}>; rel=\"last\", <{}>; rel=\"first\"",
            page(1),
            page(3),
            page(3),
            page(1)
        );
        assert_eq!(middle.header("link"), Some(expected.as_str()));
        let last = authed(&page(3));
        assert_eq!(paths(&last).len(), 32);
        assert_eq!(
            last.header("link"),
            Some(format!("<{}>; rel=\"prev\", <{}>; rel=\"first\"", page(2), page(1)).as_str())
        );

        // Following `next` visits every result once, in a stable order.
        let mut seen = Vec::new();
        let mut next = Some(page(1));
        while let Some(url) = next.take() {
            let resp = authed(&url);
            seen.extend(paths(&resp));
            next = resp.header("link").and_then(|l| {
                l.split(", ").find(|p| p.ends_with("rel=\"next\"")).map(|p| p[1..p.find('>').unwrap()].to_owned())
            });
        }
        let mut sorted = seen.clone();
        sorted.sort_by_key(|s| s.to_lowercase());
        sorted.dedup();
        assert_eq!((seen.len(), &seen), (132, &sorted));
        assert!(seen.contains(&"Beta/more:w/skill.md".to_owned()), "filename: is case-insensitive, as on GitHub");
        assert!(!seen.iter().any(|s| s.ends_with(".bak") || s.contains("MY-SKILL") || s.contains("README")));

        // Spaces as `+` or `%20`, qualifiers in any case; no page parameter: the link adds one.
        for q in ["filename%3ASKILL.md+repo%3Abeta%2Fmore", "filename:SKILL.md%20REPO:Beta/more"] {
            let resp = authed(&format!("{api}/search/code?q={q}"));
            assert_eq!(paths(&resp), ["Beta/more:w/skill.md", "Beta/more:x/SKILL.md"], "{q}");
            assert_eq!(resp.header("link"), None);
        }
        let unpaged = authed(&format!("{api}/search/code?q=filename%3ASKILL.md"));
        assert_eq!(paths(&unpaged).len(), 30, "30 per page by default");
        let link = unpaged.header("link").unwrap();
        assert!(link.starts_with(&format!("<{api}/search/code?q=filename%3ASKILL.md&page=2>; rel=\"next\"")), "{link}");
        // A name without an extension matches names with one, never a longer name.
        let stems = authed(&format!("{api}/search/code?q=filename%3ASKILL+repo%3Abeta%2Fmore"));
        assert_eq!(paths(&stems), ["Beta/more:w/skill.md", "Beta/more:x/SKILL.md"]);
        // No qualifier at all: a word searched in content and paths.
        assert_eq!(paths(&authed(&format!("{api}/search/code?q=backup"))), ["Beta/more:y/SKILL.md.bak"]);
        let missing = authed(&format!("{api}/search/code?per_page=5"));
        assert_eq!((missing.status, missing.message().as_str()), (422, "Validation Failed"));
    }

    #[test]
    fn only_the_first_thousand_results_are_reachable() {
        let mut world = World::new();
        for r in 0..3 {
            let mut repo = Repo::new(&format!("owner{r}/repo"));
            for i in 0..400 {
                repo = repo.file(&format!("s/{i:03}/SKILL.md"), "x", DAY);
            }
            world = world.repo(repo);
        }
        let fake = loose_limits(world);
        let api = fake.api_base();
        let search = |per_page: usize, page: usize| {
            authed(&format!("{api}/search/code?q=filename%3ASKILL.md+size%3A0..10&per_page={per_page}&page={page}"))
        };
        let first = search(100, 1);
        assert_eq!(first.json()["total_count"], 1200, "the true count, beyond the cap");
        assert!(first.header("link").unwrap().contains("page=10>; rel=\"last\""), "last is capped at 1,000 results");
        let tenth = search(100, 10);
        assert_eq!((tenth.status, paths(&tenth).len()), (200, 100));
        let link = tenth.header("link").unwrap();
        assert!(
            link.contains("rel=\"prev\"") && link.contains("rel=\"first\"") && !link.contains("rel=\"next\""),
            "{link}"
        );
        let eleventh = search(100, 11);
        assert_eq!(eleventh.status, 422);
        assert_eq!(eleventh.message(), "Only the first 1000 search results are available");
        assert!(eleventh.json()["documentation_url"].as_str().unwrap().starts_with("https://docs.github.com/"));
        // Pages that straddle the cap are cut at result 1,000.
        assert_eq!(paths(&search(30, 34)).len(), 10);
        assert_eq!(search(30, 35).status, 422);
        // per_page above 100 is quietly 100.
        assert_eq!(paths(&search(500, 1)).len(), 100);
    }

    #[test]
    fn size_qualifiers() {
        let mut repo = Repo::new("o/sizes");
        for size in [10usize, 100, 1000, 5000, MAX_SEARCHABLE + 1] {
            repo = repo.file(&format!("s{size}/SKILL.md"), vec![b'a'; size], DAY);
        }
        let fake = loose_limits(World::new().repo(repo));
        let total = |q: &str| {
            let resp = authed(&format!("{}/search/code?q=filename%3ASKILL.md{q}", fake.api_base()));
            assert_eq!(resp.status, 200, "{q}: {}", resp.text());
            resp.json()["total_count"].as_u64().unwrap()
        };
        assert_eq!(total(""), 4, "files over 384 KB are not searchable");
        assert_eq!(total("+size%3A100..1000"), 2);
        assert_eq!(total("+size:%3E%3D1000"), 2);
        assert_eq!(total("+size:>1000"), 1);
        assert_eq!(total("+size:%3C100"), 1);
        assert_eq!(total("+size:<=100"), 2);
        assert_eq!(total("+size:100"), 1);
        assert_eq!(total("+size:*..100"), 2);
        assert_eq!(total("+size:1001..*"), 1);
        assert_eq!(total("+size:<0"), 0);
        let bad = authed(&format!("{}/search/code?q=filename%3ASKILL.md+size%3Alots", fake.api_base()));
        assert_eq!((bad.status, bad.json()["errors"][0]["field"].as_str()), (422, Some("q")));
    }

    #[test]
    fn search_needs_a_token_and_a_bad_token_is_refused_everywhere() {
        let fake = FakeGithub::builder(World::new().repo(Repo::new("o/r").file("SKILL.md", "x", DAY)))
            .token("ghp_second")
            .start();
        let search = format!("{}/search/code?q=filename%3ASKILL.md", fake.api_base());
        let anonymous = get(&search, &[]);
        assert_eq!((anonymous.status, anonymous.message().as_str()), (401, "Requires authentication"));
        assert!(anonymous.json()["documentation_url"].is_string());
        assert_eq!(anonymous.header("x-ratelimit-resource"), Some("code_search"));
        let wrong = get(&search, &[("Authorization", "Bearer ghp_wrong")]);
        assert_eq!((wrong.status, wrong.message().as_str()), (401, "Bad credentials"));
        assert_eq!(get(&search, &[("Authorization", "token ghp_second")]).status, 200);
        let ok = authed(&search);
        assert_eq!((ok.status, ok.number("x-ratelimit-used")), (200, 2), "401s are not counted");

        let repo = format!("{}/repos/o/r", fake.api_base());
        assert_eq!(get(&repo, &[]).status, 200, "the rest of the API works without a token");
        let refused = get(&repo, &[("Authorization", "token nope")]);
        assert_eq!((refused.status, refused.message().as_str()), (401, "Bad credentials"));
        assert_eq!(get(&repo, &[("Authorization", "Bearer")]).status, 401);
    }

    #[test]
    fn etags_give_304s_that_cost_nothing() {
        let world = World::new().repo(Repo::new("o/r").stars(3).file("s/SKILL.md", "# s\n", DAY));
        let fake = FakeGithub::start(world);
        let repo_url = format!("{}/repos/o/r", fake.api_base());
        let first = get(&repo_url, &[]);
        let etag = first.header("etag").unwrap().to_owned();
        assert!(etag.starts_with('"') && etag.ends_with('"') && etag.len() == 42, "{etag}");
        assert_eq!(get(&repo_url, &[]).header("etag"), Some(etag.as_str()), "stable for the same content");
        let remaining = get(&repo_url, &[]).number("x-ratelimit-remaining");
        for tag in [etag.clone(), format!("W/{etag}"), format!("\"other\", {etag}")] {
            let again = get(&repo_url, &[("If-None-Match", &tag)]);
            assert_eq!(again.status, 304, "{tag}");
            assert!(again.body.is_empty());
            assert_eq!(again.header("etag"), Some(etag.as_str()));
            assert_eq!(again.number("x-ratelimit-remaining"), remaining, "a 304 is free");
        }
        assert_eq!(get(&repo_url, &[("If-None-Match", "\"stale\"")]).status, 200);

        let raw_url = format!("{}/o/r/main/s/SKILL.md", fake.raw_base());
        let raw = get(&raw_url, &[]);
        let raw_tag = raw.header("etag").unwrap().to_owned();
        let cached = get(&raw_url, &[("If-None-Match", &raw_tag)]);
        assert_eq!((cached.status, cached.body.len()), (304, 0));
        assert_eq!((fake.raw_downloads(), fake.not_modified()), (1, 4));

        fake.edit(|w| w.get_mut("o/r").unwrap().stargazers_count = 4);
        let changed = get(&repo_url, &[("If-None-Match", &etag)]);
        assert_eq!((changed.status, changed.json()["stargazers_count"].as_u64()), (200, Some(4)));
        assert_ne!(changed.header("etag"), Some(etag.as_str()));
        assert_eq!(get(&raw_url, &[("If-None-Match", &raw_tag)]).status, 304, "the file did not change");
        fake.edit(|w| {
            w.get_mut("o/r").unwrap().put_file("s/SKILL.md", "# s, edited\n", "2026-09-02T00:00:00Z");
        });
        assert_eq!(get(&raw_url, &[("If-None-Match", &raw_tag)]).status, 200);
    }

    #[test]
    fn rate_limits_per_resource_and_their_reset() {
        let world = World::new().repo(Repo::new("o/r").file("SKILL.md", "x", DAY));
        let fake = FakeGithub::builder(world)
            .search_limit(2, Duration::from_secs(1))
            .core_limit(3, Duration::from_secs(60))
            .start();
        let search = format!("{}/search/code?q=filename%3ASKILL.md", fake.api_base());
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs();
        let one = authed(&search);
        assert_eq!(one.header("x-ratelimit-resource"), Some("code_search"));
        assert_eq!((one.number("x-ratelimit-limit"), one.number("x-ratelimit-remaining")), (2, 1));
        assert_eq!(one.number("x-ratelimit-used"), 1);
        let reset = one.number("x-ratelimit-reset");
        assert!((now..=now + 2).contains(&reset), "reset {reset} vs now {now}");
        assert_eq!(authed(&search).number("x-ratelimit-remaining"), 0);
        let spent = authed(&search);
        assert_eq!((spent.status, spent.number("x-ratelimit-remaining")), (403, 0));
        assert!(spent.message().starts_with("API rate limit exceeded for user ID"), "{}", spent.message());
        assert!(spent.json()["documentation_url"].is_string());

        // Another resource has its own budget; checking the limit costs nothing.
        let repo = get(&format!("{}/repos/o/r", fake.api_base()), &[]);
        assert_eq!((repo.header("x-ratelimit-resource"), repo.number("x-ratelimit-remaining")), (Some("core"), 2));
        let limits = authed(&format!("{}/rate_limit", fake.api_base())).json();
        assert_eq!(limits["resources"]["code_search"]["remaining"], 0);
        assert_eq!(
            (limits["resources"]["core"]["used"].as_u64(), limits["rate"]["limit"].as_u64()),
            (Some(1), Some(3))
        );
        // The raw host has no rate-limit headers.
        let raw = get(&format!("{}/o/r/main/SKILL.md", fake.raw_base()), &[]);
        assert_eq!((raw.status, raw.header("x-ratelimit-remaining")), (200, None));

        std::thread::sleep(Duration::from_millis(1100));
        let reopened = authed(&search);
        assert_eq!((reopened.status, reopened.number("x-ratelimit-remaining")), (200, 1));
        assert!(reopened.number("x-ratelimit-reset") >= reset);

        for _ in 0..2 {
            assert_eq!(get(&format!("{}/repos/o/r", fake.api_base()), &[]).status, 200);
        }
        let core_spent = get(&format!("{}/repos/o/r", fake.api_base()), &[]);
        assert_eq!(core_spent.status, 403);
        assert!(core_spent.message().starts_with("API rate limit exceeded for 127.0.0.1."), "{}", core_spent.message());
    }

    fn small_world() -> World {
        World::new().repo(Repo::new("o/r").file("s/SKILL.md", "# a skill with a body of some length\n", DAY))
    }

    #[test]
    fn status_and_rate_limit_faults() {
        let fake = FakeGithub::builder(small_world())
            .fault(FaultRule::new("GET", "/api/repos/o/r", When::Nth(2), Fault::server_error(502)))
            .fault(FaultRule::new("POST", "/api/repos/o/r", When::Always, Fault::server_error(500)))
            .start();
        let url = format!("{}/repos/o/r", fake.api_base());
        let statuses: Vec<u16> = (0..3).map(|_| get(&url, &[]).status).collect();
        assert_eq!(statuses, [200, 502, 200]);
        let log = fake.requests();
        assert_eq!((log[1].status, log[1].fault.as_deref()), (502, Some("status 502")));
        assert_eq!(log[0].fault, None);

        fake.clear_faults();
        fake.add_fault(FaultRule::new(
            "*",
            "/repos/",
            When::FirstN(1),
            Fault::SecondaryRateLimit { retry_after: Some(7) },
        ));
        fake.add_fault(FaultRule::new("*", "/repos/", When::Nth(2), Fault::SecondaryRateLimit { retry_after: None }));
        fake.add_fault(FaultRule::new("*", "/repos/", When::Nth(3), Fault::TooManyRequests { retry_after: 3 }));
        fake.add_fault(FaultRule::new("*", "/raw/", When::From(2), Fault::server_error(503)));
        let secondary = get(&url, &[]);
        assert_eq!((secondary.status, secondary.header("retry-after")), (403, Some("7")));
        assert!(secondary.message().contains("secondary rate limit"), "{}", secondary.message());
        assert!(secondary.number("x-ratelimit-remaining") > 0, "not the primary limit");
        let bare = get(&url, &[]);
        assert_eq!((bare.status, bare.header("retry-after")), (403, None));
        let too_many = get(&url, &[]);
        assert_eq!((too_many.status, too_many.header("retry-after")), (429, Some("3")));
        assert_eq!(get(&url, &[]).status, 200);

        let raw = format!("{}/o/r/main/s/SKILL.md", fake.raw_base());
        let raws: Vec<u16> = (0..3).map(|_| get(&raw, &[]).status).collect();
        assert_eq!(raws, [200, 503, 503]);
    }

    #[test]
    fn a_truncated_body_ends_with_the_connection_closed() {
        let fake = FakeGithub::builder(small_world())
            .fault(FaultRule::new("GET", "/raw/", When::FirstN(2), Fault::TruncatedBody))
            .fault(FaultRule::new("GET", "/api/repos/o/r", When::Nth(1), Fault::TruncatedBody))
            .start();
        let raw = format!("{}/o/r/main/s/SKILL.md", fake.raw_base());
        let full = b"# a skill with a body of some length\n".len();

        let closing = get(&raw, &[]);
        assert_eq!((closing.status, closing.complete), (200, false));
        assert_eq!(closing.number("content-length") as usize, full);
        assert_eq!(closing.body.len(), full / 2);

        // A kept-alive connection (what pooling clients use) sees the end at once, not at its timeout.
        let stream = connect(&raw);
        let started = Instant::now();
        let kept = exchange(&stream, "GET", &raw, &[], false);
        assert!(!kept.complete);
        assert!(started.elapsed() < Duration::from_secs(3), "took {:?}", started.elapsed());
        let mut rest = Vec::new();
        assert_eq!((&stream).read_to_end(&mut rest).map(|_| rest.len()).unwrap_or(0), 0, "then EOF");

        let api = get(&format!("{}/repos/o/r", fake.api_base()), &[]);
        assert!(!api.complete && api.status == 200);
        assert!(serde_json::from_slice::<Value>(&api.body).is_err());
        let whole = get(&raw, &[]);
        assert!(whole.complete);
        assert_eq!(fake.raw_downloads(), 1, "cut-off bodies are not downloads");
        assert_eq!(fake.count(|r| r.fault.as_deref() == Some("truncated body")), 3);
    }

    #[test]
    fn disconnects_and_delays() {
        let fake = FakeGithub::builder(small_world())
            .fault(FaultRule::new("GET", "/api/repos/o/r", When::Nth(1), Fault::Disconnect))
            .fault(FaultRule::new("GET", "/raw/", When::Nth(1), Fault::Delay(Duration::from_millis(400))))
            .start();
        let dropped = get(&format!("{}/repos/o/r", fake.api_base()), &[]);
        assert_eq!((dropped.status, dropped.head.as_str()), (0, ""));
        assert_eq!(fake.requests()[0].fault.as_deref(), Some("disconnect"));

        let raw = format!("{}/o/r/main/s/SKILL.md", fake.raw_base());
        let slow = std::thread::spawn(move || {
            let started = Instant::now();
            let resp = get(&raw, &[]);
            (resp.status, started.elapsed())
        });
        std::thread::sleep(Duration::from_millis(100));
        let started = Instant::now();
        assert_eq!(get(&format!("{}/repos/o/r", fake.api_base()), &[]).status, 200);
        assert!(started.elapsed() < Duration::from_millis(250), "a delay does not hold up other requests");
        let (status, took) = slow.join().unwrap();
        assert_eq!(status, 200);
        assert!(took >= Duration::from_millis(400), "{took:?}");
    }

    #[test]
    fn kept_alive_connections_carry_several_requests() {
        let fake = FakeGithub::start(small_world());
        let stream = connect(&fake.api_base());
        for _ in 0..3 {
            let resp = exchange(&stream, "GET", &format!("{}/repos/o/r", fake.api_base()), &[], false);
            assert!(resp.complete && resp.status == 200);
        }
        let raw = exchange(&stream, "GET", &format!("{}/o/r/HEAD/s/SKILL.md", fake.raw_base()), &[], false);
        assert_eq!((raw.status, raw.complete), (200, true));
    }

    fn history() -> World {
        World::new().repo(
            Repo::new("Owner/Repo")
                .file("a/SKILL.md", "# A\n", "2026-01-01T00:00:00Z")
                .file("b/SKILL.md", "# B\n", "2026-02-01T00:00:00Z")
                .file("a/extra.md", "extra\n", "2026-03-01T02:00:00+02:00")
                .file("docs/with space/SKILL.md", b"bytes \xff\xfe\r\n".to_vec(), "2026-01-15T00:00:00Z"),
        )
    }

    fn commit_of(world: &World, path: &str) -> String {
        world.get("owner/repo").unwrap().files[path].commit.clone()
    }

    #[test]
    fn raw_content_by_branch_head_or_sha() {
        let world = history();
        let fake = FakeGithub::start(world.clone());
        let raw = fake.raw_base();
        let head = commit_of(&world, "a/extra.md");
        for reference in ["main", "HEAD", head.as_str(), &head[..7], "refs/heads/main"] {
            let resp = get(&format!("{raw}/owner/repo/{reference}/docs/with%20space/SKILL.md"), &[]);
            assert_eq!(resp.status, 200, "{reference}");
            assert_eq!(resp.body, b"bytes \xff\xfe\r\n");
            assert_eq!(resp.header("content-type"), Some("text/plain; charset=utf-8"));
            assert!(resp.header("etag").is_some());
        }
        // At an older commit, files added later are not there yet.
        let older = commit_of(&world, "b/SKILL.md");
        assert_eq!(get(&format!("{raw}/Owner/Repo/{older}/a/SKILL.md"), &[]).status, 200);
        assert_eq!(get(&format!("{raw}/Owner/Repo/{older}/a/extra.md"), &[]).status, 404);
        for missing in [
            "owner/repo/main/nope.md",
            "owner/repo/main/a",
            "nobody/repo/main/a/SKILL.md",
            "owner/repo/dev/a/SKILL.md",
            "owner",
        ] {
            let resp = get(&format!("{raw}/{missing}"), &[]);
            assert_eq!((resp.status, resp.text().as_str()), (404, "404: Not Found"), "{missing}");
            assert_eq!(resp.header("content-type"), Some("text/plain; charset=utf-8"));
        }
    }

    #[test]
    fn trees_carry_modes_links_submodules_and_can_be_truncated() {
        let submodule = "1".repeat(40);
        let world = World::new().repo(
            Repo::new("o/m")
                .file("s/SKILL.md", "skill\n", DAY)
                .executable("s/run.sh", "#!/bin/sh\necho hi\n", DAY)
                .symlink("s/link", "../x", DAY)
                .submodule("s/vendor", &submodule, DAY),
        );
        let fake = FakeGithub::builder(world.clone()).tree_limit(3).start();
        let url = format!("{}/repos/o/m/git/trees/main", fake.api_base());
        // The id `git write-tree` gives for the same entries (with `git update-index
        // --cacheinfo 160000,…` for the submodule).
        let flat = get(&url, &[]).json();
        assert_eq!(flat["sha"], "187109a6d4ffe76a7dc75d1c20ba2199019eac10");
        assert_eq!(flat["truncated"], false, "a listing of one level is not cut");
        let tree = get(&format!("{url}?recursive=1"), &[]).json();
        assert_eq!(tree["truncated"], true);
        assert_eq!(tree["tree"].as_array().unwrap().len(), 3);
        let whole = FakeGithub::start(world);
        let tree = get(&format!("{}/repos/o/m/git/trees/main?recursive=1", whole.api_base()), &[]).json();
        let listed: Vec<(&str, &str, &str)> = tree["tree"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["mode"].as_str().unwrap(), e["type"].as_str().unwrap(), e["path"].as_str().unwrap()))
            .collect();
        assert_eq!(
            listed,
            [
                ("040000", "tree", "s"),
                ("100644", "blob", "s/SKILL.md"),
                ("120000", "blob", "s/link"),
                ("100755", "blob", "s/run.sh"),
                ("160000", "commit", "s/vendor"),
            ]
        );
        assert_eq!(tree["tree"][2]["sha"], "eda76f7226728b0f13def6ba3452fc35bb8d3961", "the link's blob is its target");
        assert_eq!(tree["tree"][4]["sha"], submodule);
        assert_eq!(tree["tree"][4]["size"], Value::Null);
        let raw = whole.raw_base();
        assert_eq!(get(&format!("{raw}/o/m/main/s/vendor"), &[]).status, 404, "a submodule has no raw content");
        assert_eq!(get(&format!("{raw}/o/m/main/s/run.sh"), &[]).status, 200);
        assert_eq!(whole.raw_downloads_of("s/run.sh"), 1);
        assert_eq!(whole.raw_downloads_of("s/SKILL.md"), 0);
        let search = format!("{}/search/code?q=filename:link", whole.api_base());
        let found = get(&search, &[("authorization", &format!("Bearer {}", FakeGithub::TOKEN))]).json();
        assert_eq!(found["total_count"], 0, "links are not searchable");
    }

    #[test]
    fn trees_are_git_trees() {
        let world = World::new().repo(
            Repo::new("o/t")
                .file("a/SKILL.md", "# A\n", DAY)
                .file("a/b/c.md", "c\n", DAY)
                .file("q/x.md", "x\n", DAY)
                .file("z.md", "z\n", DAY),
        );
        let fake = FakeGithub::start(world);
        let trees = format!("{}/repos/o/t/git/trees", fake.api_base());
        let tree = get(&format!("{trees}/main?recursive=1"), &[]).json();
        // The ids `git write-tree` and `git ls-tree -r -t` give for the same files.
        assert_eq!(tree["sha"], "bf94d4da2238d550f371164e3d8652d42d0fcd3e");
        assert_eq!(tree["truncated"], false);
        let listed: Vec<(String, String, String)> = tree["tree"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["mode"].as_str().unwrap().into(),
                    e["sha"].as_str().unwrap().into(),
                    e["path"].as_str().unwrap().into(),
                )
            })
            .collect();
        let git = [
            ("040000", "59d84aff1f838c26f7f46af43340bec7fd192092", "a"),
            ("100644", "7f3b95d297183eca8f6cf38ceaa253bee8c2d7cd", "a/SKILL.md"),
            ("040000", "08b0b1f03a365b85527e98ecd7136aa6bce0e345", "a/b"),
            ("100644", "f2ad6c76f0115a6ba5b00456a849810e7ec0af20", "a/b/c.md"),
            ("040000", "5e966922f6944392754b5f6a8105103b9edb101e", "q"),
            ("100644", "587be6b4c3f93f93c489c0111bba5596147a26cb", "q/x.md"),
            ("100644", "b68025345d5301abad4d9ec9166f455243a0d746", "z.md"),
        ];
        let git: Vec<(String, String, String)> =
            git.iter().map(|(m, s, p)| (m.to_string(), s.to_string(), p.to_string())).collect();
        assert_eq!(listed, git);
        assert_eq!((&tree["tree"][0]["type"], &tree["tree"][0]["size"]), (&json!("tree"), &Value::Null));
        assert_eq!((&tree["tree"][1]["type"], &tree["tree"][1]["size"]), (&json!("blob"), &json!(4)));

        let flat = get(&format!("{trees}/HEAD"), &[]).json();
        let names: Vec<&str> = flat["tree"].as_array().unwrap().iter().map(|e| e["path"].as_str().unwrap()).collect();
        assert_eq!(names, ["a", "q", "z.md"]);
        let sub = get(&format!("{trees}/59d84aff1f838c26f7f46af43340bec7fd192092"), &[]).json();
        let names: Vec<&str> = sub["tree"].as_array().unwrap().iter().map(|e| e["path"].as_str().unwrap()).collect();
        assert_eq!(names, ["SKILL.md", "b"]);
        assert_eq!(get(&format!("{trees}/nope"), &[]).status, 404);

        // A change below a folder changes its id and its ancestors', and nothing else.
        fake.edit(|w| {
            w.get_mut("o/t").unwrap().put_file("a/b/c.md", "changed\n", "2026-09-02T00:00:00Z");
        });
        let after = get(&format!("{trees}/main?recursive=1"), &[]).json();
        let sha_of = |tree: &Value, path: &str| {
            tree["tree"].as_array().unwrap().iter().find(|e| e["path"] == path).unwrap()["sha"]
                .as_str()
                .unwrap()
                .to_owned()
        };
        assert_ne!(after["sha"], tree["sha"]);
        for changed in ["a", "a/b", "a/b/c.md"] {
            assert_ne!(sha_of(&after, changed), sha_of(&tree, changed), "{changed}");
        }
        for same in ["q", "a/SKILL.md", "z.md"] {
            assert_eq!(sha_of(&after, same), sha_of(&tree, same), "{same}");
        }
        let empty = FakeGithub::start(World::new().repo(Repo::new("o/empty")));
        assert_eq!(get(&format!("{}/repos/o/empty/git/trees/main", empty.api_base()), &[]).status, 409);
    }

    #[test]
    fn commits_name_the_latest_one_touching_a_path() {
        let world = history();
        let fake = FakeGithub::start(world.clone());
        let commits = format!("{}/repos/owner/repo/commits", fake.api_base());
        let latest = |query: &str| {
            let resp = get(&format!("{commits}?{query}"), &[]);
            assert_eq!(resp.status, 200, "{query}");
            resp.json()
        };
        let folder = latest("path=a&per_page=1");
        assert_eq!(folder.as_array().unwrap().len(), 1);
        assert_eq!(folder[0]["sha"].as_str(), Some(commit_of(&world, "a/extra.md").as_str()));
        assert_eq!(folder[0]["commit"]["committer"]["date"], "2026-03-01T00:00:00Z", "normalised to UTC");
        assert_eq!(folder[0]["commit"]["author"]["date"], "2026-03-01T00:00:00Z");
        assert_eq!(latest("path=a/SKILL.md&per_page=1")[0]["commit"]["committer"]["date"], "2026-01-01T00:00:00Z");
        assert_eq!(latest("path=a%2F&per_page=1")[0]["commit"]["committer"]["date"], "2026-03-01T00:00:00Z");
        assert_eq!(latest("path=docs/with+space&per_page=1")[0]["commit"]["committer"]["date"], "2026-01-15T00:00:00Z");
        assert_eq!(latest("path=b&per_page=1")[0]["sha"].as_str(), Some(commit_of(&world, "b/SKILL.md").as_str()));
        assert_eq!(latest("path=nothing/here"), json!([]));
        assert_eq!(latest("path=a/SKILL"), json!([]), "a path prefix is not a folder");

        let all = latest("");
        let dates: Vec<&str> =
            all.as_array().unwrap().iter().map(|c| c["commit"]["committer"]["date"].as_str().unwrap()).collect();
        assert_eq!(
            dates,
            ["2026-03-01T00:00:00Z", "2026-02-01T00:00:00Z", "2026-01-15T00:00:00Z", "2026-01-01T00:00:00Z"]
        );
        assert_eq!(all[0]["parents"][0]["sha"], all[1]["sha"]);
        assert_eq!(all[3]["parents"], json!([]));
        let paged = get(&format!("{commits}?per_page=1&page=2"), &[]);
        assert!(paged.header("link").unwrap().contains("page=4>; rel=\"last\""));

        let at_b = commit_of(&world, "b/SKILL.md");
        let before = latest(&format!("path=a&sha={at_b}"));
        assert_eq!(before[0]["commit"]["committer"]["date"], "2026-01-01T00:00:00Z");
        let unknown = get(&format!("{commits}?sha=0000000000000000000000000000000000000000"), &[]);
        assert_eq!(unknown.status, 422);
        assert!(unknown.message().starts_with("No commit found for SHA"));
        let empty = FakeGithub::start(World::new().repo(Repo::new("o/empty")));
        let resp = get(&format!("{}/repos/o/empty/commits?path=x", empty.api_base()), &[]);
        assert_eq!((resp.status, resp.message().as_str()), (409, "Git Repository is empty."));
    }

    #[test]
    fn repositories_as_github_describes_them() {
        let world = history()
            .repo(
                Repo::new("o/licensed").stars(120).pushed_at("2026-10-01T02:00:00+02:00").license("MIT").archived(true),
            )
            .repo(Repo::new("o/fork").fork(true).file("SKILL.md", "x", DAY));
        let fake = FakeGithub::start(world);
        let repo = get(&format!("{}/repos/O/LICENSED", fake.api_base()), &[]).json();
        assert_eq!(repo["full_name"], "o/licensed", "looked up case-insensitively, named as stored");
        assert_eq!(
            (repo["stargazers_count"].as_u64(), &repo["pushed_at"]),
            (Some(120), &json!("2026-10-01T00:00:00Z"))
        );
        assert_eq!((&repo["default_branch"], &repo["license"]["spdx_id"]), (&json!("main"), &json!("MIT")));
        assert_eq!((&repo["archived"], &repo["fork"], &repo["private"]), (&json!(true), &json!(false), &json!(false)));
        let derived = get(&format!("{}/repos/owner/repo", fake.api_base()), &[]).json();
        assert_eq!((&derived["license"], &derived["pushed_at"]), (&Value::Null, &json!("2026-03-01T00:00:00Z")));
        assert_eq!(get(&format!("{}/repos/o/fork", fake.api_base()), &[]).json()["fork"], true);
        let missing = get(&format!("{}/repos/o/nope", fake.api_base()), &[]);
        assert_eq!((missing.status, missing.message().as_str()), (404, "Not Found"));
        assert_eq!(missing.json()["status"], "404");
        assert!(missing.json()["documentation_url"].as_str().unwrap().starts_with("https://docs.github.com/"));
        assert_eq!(get(&format!("{}/nothing/here", fake.api_base()), &[]).status, 404);
        // Forks stay out of code search unless asked for.
        let search = |q: &str| authed(&format!("{}/search/code?q={q}", fake.api_base())).json()["total_count"].clone();
        assert_eq!((search("filename:SKILL.md"), search("filename:SKILL.md+fork:true")), (json!(3), json!(4)));
    }

    #[test]
    fn contents_readme_and_blobs() {
        let world =
            history().repo(Repo::new("o/readme").file("README.md", "hello", DAY).file("docs/README.md", "no", DAY));
        let fake = FakeGithub::start(world);
        let api = fake.api_base();
        let file = get(&format!("{api}/repos/owner/repo/contents/a/SKILL.md"), &[]).json();
        assert_eq!((&file["type"], &file["encoding"], &file["size"]), (&json!("file"), &json!("base64"), &json!(4)));
        assert_eq!(file["content"], base64_lines(b"# A\n"));
        assert_eq!(file["sha"].as_str(), Some(git_blob_sha(b"# A\n").as_str()));
        let raw =
            get(&format!("{api}/repos/owner/repo/contents/a/SKILL.md"), &[("Accept", "application/vnd.github.raw")]);
        assert_eq!(raw.body, b"# A\n");
        let listing = get(&format!("{api}/repos/owner/repo/contents/a"), &[]).json();
        let names: Vec<(&str, &str)> = listing
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["name"].as_str().unwrap(), e["type"].as_str().unwrap()))
            .collect();
        assert_eq!(names, [("SKILL.md", "file"), ("extra.md", "file")]);
        assert_eq!(get(&format!("{api}/repos/owner/repo/contents/nope"), &[]).status, 404);

        let readme = get(&format!("{api}/repos/o/readme/readme"), &[]).json();
        assert_eq!((&readme["path"], &readme["content"]), (&json!("README.md"), &json!("aGVsbG8=\n")));
        assert_eq!(get(&format!("{api}/repos/owner/repo/readme"), &[]).status, 404);

        let sha = git_blob_sha(b"hello");
        let blob = get(&format!("{api}/repos/o/readme/git/blobs/{sha}"), &[]).json();
        assert_eq!((&blob["content"], &blob["size"]), (&json!("aGVsbG8=\n"), &json!(5)));
        assert_eq!(get(&format!("{api}/repos/o/readme/git/blobs/{}", "0".repeat(40)), &[]).status, 404);
    }

    #[test]
    fn from_corpus_loads_the_shared_corpus() {
        let Some(dir) = shared_corpus_dir() else {
            eprintln!("note: no shared corpus beside the workspace (../shared/corpus); skipping");
            return;
        };
        let world = World::from_corpus(&dir);
        let manifest = std::fs::read_to_string(dir.join("manifest.jsonl")).unwrap();
        let rows: Vec<Value> =
            manifest.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(world.file_count(), rows.len());
        for row in &rows {
            let repo = world.get(row["repo"].as_str().unwrap()).unwrap();
            let file = &repo.files[row["path"].as_str().unwrap()];
            assert_eq!(file.bytes.len() as u64, row["bytes"].as_u64().unwrap());
            // Our SHA-1 and git's agree on every file of the corpus.
            assert_eq!(git_blob_sha(&file.bytes), row["git_blob"].as_str().unwrap(), "{}", row["file"]);
            assert_eq!(file.commit, row["commit"].as_str().unwrap());
        }
        let sources: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("sources.json")).unwrap()).unwrap();
        let source = &sources["repos"][0];
        let name = source["repo"].as_str().unwrap();
        let repo = world.get(name).unwrap();
        assert_eq!(repo.license.as_deref(), source["root_license"].as_str());
        assert_eq!(repo.stargazers_count, corpus_stars(name));
        assert_eq!(
            World::from_corpus(&dir).get(name).unwrap().stargazers_count,
            repo.stargazers_count,
            "deterministic"
        );

        let fake = loose_limits(world.clone());
        let page = authed(&format!("{}/search/code?q=filename%3ASKILL.md&per_page=100", fake.api_base()));
        assert_eq!(page.json()["total_count"].as_u64(), Some(rows.len() as u64));
        let info = get(&format!("{}/repos/{name}", fake.api_base()), &[]).json();
        let expected = format_rfc3339(parse_rfc3339(source["commit_date"].as_str().unwrap()).unwrap());
        assert_eq!(info["pushed_at"].as_str(), Some(expected.as_str()));
        let row = &rows[0];
        let (repo, path) = (row["repo"].as_str().unwrap(), row["path"].as_str().unwrap());
        let raw =
            get(&format!("{}/{repo}/{}/{}", fake.raw_base(), row["commit"].as_str().unwrap(), escape_path(path)), &[]);
        assert_eq!(raw.body, std::fs::read(dir.join(row["file"].as_str().unwrap())).unwrap());
    }

    #[test]
    fn from_corpus_skips_unsafe_rows() {
        let dir = std::env::temp_dir().join(format!("fake-github-corpus-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("skills/o__r/ok")).unwrap();
        std::fs::write(dir.join("skills/o__r/ok/SKILL.md"), "# ok\n").unwrap();
        std::fs::write(dir.join("outside.md"), "# outside\n").unwrap();
        let commit = "a".repeat(40);
        let row = |file: &str, repo: &str, path: &str| {
            json!({"file": file, "repo": repo, "path": path, "commit": commit, "bytes": 5}).to_string()
        };
        let manifest = [
            row("skills/o__r/ok/SKILL.md", "o/r", "ok/SKILL.md"),
            row("../outside.md", "o/r", "up/SKILL.md"),
            row("/etc/hostname", "o/r", "abs/SKILL.md"),
            row("skills/o__r/ok/SKILL.md", "o/r", "../escape/SKILL.md"),
            row("skills/o__r/ok/SKILL.md", "not a name", "x/SKILL.md"),
            row("skills/o__r/ok/SKILL.md", "o/r", "ok/SKILL.md/SKILL.md"),
            row("skills/o__r/missing.md", "o/r", "m/SKILL.md"),
            "not json".to_owned(),
        ];
        std::fs::write(dir.join("manifest.jsonl"), manifest.join("\n")).unwrap();
        let sources =
            json!({"repos": [{"repo": "o/r", "commit_date": "2026-05-02T23:39:33+02:00", "root_license": "MIT"}]});
        std::fs::write(dir.join("sources.json"), sources.to_string()).unwrap();
        let world = World::from_corpus(&dir);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(world.file_count(), 1);
        let repo = world.get("o/r").unwrap();
        assert_eq!(
            (repo.license.as_deref(), repo.files.keys().next().map(String::as_str)),
            (Some("MIT"), Some("ok/SKILL.md"))
        );
    }

    #[test]
    fn bad_input_never_kills_a_worker() {
        let fake = FakeGithub::start(history());
        let api = fake.api_base();
        let junk = [
            format!("{api}/search/code?q=%ZZ%&per_page=-1&page=abc"),
            format!("{api}/search/code?q=size:..&page=99999999999999999999999"),
            format!("{api}/search/code?q=filename:&page=18446744073709551615&per_page=100"),
            format!("{api}/repos/%FF%FE/x"),
            format!("{api}/repos/owner/repo/git/trees/"),
            format!("{api}/repos/owner/repo/contents/%00"),
            format!("{api}/repos/owner/repo/commits?sha=&path=%"),
            format!("{api}/repos/owner/repo/{}", "x/".repeat(2000)),
            format!("{}/owner/repo/main/../../etc/passwd", fake.raw_base()),
            format!("{}/a", fake.raw_base()),
            format!("{}/", fake.web_base()),
        ];
        for url in &junk {
            let resp = authed(url);
            assert!((200..500).contains(&resp.status), "{url}: {}", resp.status);
        }
        let mut garbage = connect(&api);
        garbage.write_all(b"GARBAGE\r\n\r\n").unwrap();
        let _ = garbage.read_to_end(&mut Vec::new());
        // More requests than a thread pool of old had threads: none was lost.
        for _ in 0..9 {
            assert_eq!(get(&format!("{api}/repos/owner/repo"), &[]).status, 200);
        }
        let log = fake.requests();
        assert!(log.iter().all(|r| r.status != 0 && r.headers.iter().all(|(n, _)| *n == n.to_lowercase())));
        assert_eq!(log[0].query("q").as_deref(), Some("%ZZ%"));
        assert!(log[0].is_api() && !log[0].is_raw() && log[0].route().ends_with("/search/code"));
    }

    #[test]
    fn codecs_match_their_references() {
        assert_eq!(hex(&sha1(b"")), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
        assert_eq!(hex(&sha1(b"abc")), "a9993e364706816aba3e25717850c26c9cd0d89d");
        let long = b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
        assert_eq!(hex(&sha1(long)), "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
        assert_eq!(git_blob_sha(b"hello\n"), "ce013625030ba8dba906f756967f9e9ca394464a");
        assert_eq!(build_dir(std::iter::empty()).sha, "4b825dc642cb6eb9a060e54bf8d69288fbee4904", "git's empty tree");

        assert_eq!(base64_lines(b""), "");
        assert_eq!(
            (base64_lines(b"f"), base64_lines(b"fo"), base64_lines(b"foo")),
            ("Zg==\n".into(), "Zm8=\n".into(), "Zm9v\n".into())
        );
        assert_eq!(base64_lines(&[0u8; 45]), format!("{}\n", "A".repeat(60)));
        assert_eq!(base64_lines(&[0u8; 46]), format!("{}\nAA==\n", "A".repeat(60)));

        assert_eq!(parse_rfc3339("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(parse_rfc3339("2026-05-02T23:39:33+02:00"), Some(1_777_757_973));
        assert_eq!(parse_rfc3339("2026-05-02T21:39:33.5Z"), Some(1_777_757_973));
        for bad in [
            "",
            "2026-13-01T00:00:00Z",
            "2026-05-02",
            "2026-05-02T21:39:33",
            "2026-05-02T21:39:33+2",
            "é026-05-02T21:39:33Z",
        ] {
            assert_eq!(parse_rfc3339(bad), None, "{bad}");
        }
        for t in [0, 1_777_757_973, 951_782_400 /* 2000-02-29 */, -86_400] {
            assert_eq!(parse_rfc3339(&format_rfc3339(t)), Some(t));
        }
        assert_eq!(format_rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(decode("a%2Fb+c%zz%", true), "a/b c%zz%");
        assert_eq!(escape_path("with space/é"), "with%20space/%C3%A9");
    }

    #[test]
    #[should_panic(expected = "both a file and a folder")]
    fn a_path_cannot_be_file_and_folder() {
        let _ = Repo::new("o/r").file("a", "x", DAY).file("a/b", "y", DAY);
    }

    #[test]
    fn drop_returns_promptly_even_with_open_connections() {
        let fake = FakeGithub::builder(small_world())
            .fault(FaultRule::new("*", "/slow", When::Always, Fault::Delay(Duration::from_secs(30))))
            .start();
        let idle = connect(&fake.api_base());
        let slow_url = format!("{}/slow", fake.api_base());
        let slow = std::thread::spawn(move || get(&slow_url, &[]).status);
        std::thread::sleep(Duration::from_millis(100));
        let started = Instant::now();
        drop(fake);
        assert!(started.elapsed() < Duration::from_secs(2), "drop took {:?}", started.elapsed());
        let _ = slow.join();
        drop(idle);
    }

    #[test]
    fn binds_loopback_only() {
        let fake = FakeGithub::start(World::new());
        assert!(fake.api_base().starts_with("http://127.0.0.1:") && fake.api_base().ends_with("/api"));
        assert!(fake.raw_base().starts_with("http://127.0.0.1:") && fake.raw_base().ends_with("/raw"));
        assert_eq!(fake.api_base().trim_end_matches("/api"), fake.web_base());
    }
}
