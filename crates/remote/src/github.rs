//! The GitHub client: the REST API (code search, repositories, commits) and
//! raw file content, with the manners GitHub asks of its clients (R-SRC-3):
//!
//! - **primary limits**: every answer's `x-ratelimit-*` headers are kept per
//!   resource (`core`, `code_search`…); when a resource is spent, the next
//!   request waits for its reset, says so, or fails if the reset is further
//!   away than the configured longest wait;
//! - **secondary limits**: a 403 or 429 with `retry-after` waits that long;
//!   one without waits exponentially longer each time;
//! - **conditional requests**: the `ETag` of each answer is kept in a
//!   [`ValidatorCache`] with its body, and sent back as `If-None-Match`; a 304
//!   costs no download and, on GitHub, no rate limit;
//! - **pagination** by the `link` header, never by guessing page numbers;
//! - 5xx answers and cut-off bodies are retried a bounded number of times.
//!
//! The token is a [`Secret`]: never in a log line, an error or a `Debug`.

use std::collections::HashMap;
use std::io::Read;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::http::{self, RetryPolicy, Secret};

pub const DEFAULT_API: &str = "https://api.github.com";
pub const DEFAULT_RAW: &str = "https://raw.githubusercontent.com";
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// Largest API answer read (a search page of 100 items is ~200 KiB).
const MAX_JSON_BYTES: u64 = 16 * 1024 * 1024;
/// Largest raw file read; the catalog refuses bigger skills anyway.
pub const MAX_RAW_BYTES: u64 = 4 * 1024 * 1024 + 1;
/// The longest wait for a rate limit's reset by default: GitHub's primary
/// window is an hour, its code-search window a minute.
pub const DEFAULT_MAX_RATE_WAIT: Duration = Duration::from_secs(15 * 60);

#[derive(Debug, Clone, PartialEq)]
pub struct GithubConfig {
    /// API base, without a trailing slash.
    pub api: String,
    /// Raw content base, without a trailing slash.
    pub raw: String,
    pub token: Option<Secret>,
    pub timeout: Duration,
    /// For 5xx, cut-off bodies, transport errors and secondary limits.
    pub retry: RetryPolicy,
    /// The longest wait for a primary limit's reset before giving up.
    pub max_rate_wait: Duration,
    /// Requests in flight at once.
    pub concurrency: usize,
}

impl GithubConfig {
    pub fn new(api: &str, raw: &str) -> GithubConfig {
        GithubConfig {
            api: api.trim_end_matches('/').to_owned(),
            raw: raw.trim_end_matches('/').to_owned(),
            token: None,
            timeout: DEFAULT_TIMEOUT,
            retry: RetryPolicy {
                max_attempts: 5,
                base_backoff: Duration::from_secs(1),
                max_wait: Duration::from_secs(120),
            },
            max_rate_wait: DEFAULT_MAX_RATE_WAIT,
            concurrency: 4,
        }
    }

    /// From the contract's variables: `GITHUB_TOKEN`, `SKILLS_GUIDE_GITHUB_API`,
    /// `SKILLS_GUIDE_GITHUB_RAW`; and `SKILLS_GUIDE_GITHUB_BACKOFF_MS`,
    /// `SKILLS_GUIDE_GITHUB_MAX_WAIT` (seconds), `SKILLS_GUIDE_GITHUB_CONCURRENCY`,
    /// `SKILLS_GUIDE_GITHUB_TIMEOUT` (seconds a request may take, 30 by default).
    pub fn from_env() -> Result<GithubConfig, String> {
        Self::from_vars(|name| std::env::var(name).ok())
    }

    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Result<GithubConfig, String> {
        let var = |name: &str| get(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let token = var("GITHUB_TOKEN").map(Secret::new);
        let api = var("SKILLS_GUIDE_GITHUB_API").unwrap_or_else(|| DEFAULT_API.to_owned());
        let raw = var("SKILLS_GUIDE_GITHUB_RAW").unwrap_or_else(|| DEFAULT_RAW.to_owned());
        http::check_url("SKILLS_GUIDE_GITHUB_API", &api, token.is_some())?;
        http::check_url("SKILLS_GUIDE_GITHUB_RAW", &raw, false)?;
        let mut config = GithubConfig::new(&api, &raw);
        config.token = token;
        if let Some(ms) = http::number_var(&var, "SKILLS_GUIDE_GITHUB_BACKOFF_MS", 0, 60_000)? {
            config.retry.base_backoff = Duration::from_millis(ms);
        }
        if let Some(s) = http::number_var(&var, "SKILLS_GUIDE_GITHUB_MAX_WAIT", 0, 24 * 3600)? {
            config.max_rate_wait = Duration::from_secs(s);
            config.retry.max_wait = config.retry.max_wait.min(Duration::from_secs(s.max(1)));
        }
        if let Some(s) = http::number_var(&var, "SKILLS_GUIDE_GITHUB_TIMEOUT", 1, 600)? {
            config.timeout = Duration::from_secs(s);
        }
        if let Some(n) = http::number_var(&var, "SKILLS_GUIDE_GITHUB_CONCURRENCY", 1, 16)? {
            config.concurrency = n as usize;
        }
        Ok(config)
    }
}

/// Where answers with their validators are kept between runs (the catalog
/// keeps them in its store). Keys are request URLs.
pub trait ValidatorCache: Send + Sync {
    fn get(&self, url: &str) -> Option<CachedAnswer>;
    fn put(&self, url: &str, answer: &CachedAnswer);
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CachedAnswer {
    pub etag: String,
    pub body: Vec<u8>,
    /// The `link` header, for pages.
    pub link: Option<String>,
}

/// A cache that forgets everything (one run only).
#[derive(Default)]
pub struct MemoryCache(Mutex<HashMap<String, CachedAnswer>>);

impl ValidatorCache for MemoryCache {
    fn get(&self, url: &str) -> Option<CachedAnswer> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).get(url).cloned()
    }
    fn put(&self, url: &str, answer: &CachedAnswer) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).insert(url.to_owned(), answer.clone());
    }
}

#[derive(Debug, thiserror::Error)]
pub enum GithubError {
    #[error(
        "GitHub code search needs a token: set GITHUB_TOKEN (the awesome lists and the registry work without one)"
    )]
    NoToken,
    #[error("GitHub refused the token (401: {0}); check GITHUB_TOKEN")]
    BadToken(String),
    #[error("GitHub rate limit for {resource}: resets in {wait_secs} s, longer than the longest wait allowed (SKILLS_GUIDE_GITHUB_MAX_WAIT); try again later")]
    RateLimited { resource: String, wait_secs: u64 },
    #[error("not found on GitHub: {0}")]
    NotFound(String),
    #[error("GitHub answered {status} for {url}: {message}")]
    Status { status: u16, url: String, message: String },
    #[error("GitHub request to {url} failed after {attempts} attempt(s): {why}")]
    Failed { url: String, attempts: u32, why: String },
    #[error("GitHub answer from {url} is not what the API documents: {why}")]
    BadAnswer { url: String, why: String },
    #[error("{0}")]
    Config(String),
}

impl GithubError {
    /// Whether every later request of this run would fail the same way (no
    /// or a refused token, a limit that resets too late, bad settings), as
    /// opposed to a failure of this one request (an error status, retries
    /// spent, an answer of the wrong shape) that the run can go past.
    pub fn stops_the_run(&self) -> bool {
        matches!(
            self,
            GithubError::NoToken | GithubError::BadToken(_) | GithubError::RateLimited { .. } | GithubError::Config(_)
        )
    }
}

/// What the client reports while it works: waits, mostly, so a long pause
/// is never silent.
#[derive(Debug, Clone, PartialEq)]
pub enum GithubEvent {
    /// Waiting for a primary limit's reset.
    RateWait { resource: String, wait: Duration },
    /// Backing off after a secondary limit, a 5xx or a transport error.
    Backoff { url: String, wait: Duration, why: String },
}

/// Counts, for the summary and the benchmarks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct RequestStats {
    /// Requests sent (retries included).
    pub requests: u64,
    /// 304 answers: nothing downloaded.
    pub not_modified: u64,
    /// Raw files downloaded.
    pub raw_downloads: u64,
    pub retries: u64,
    pub rate_waits: u64,
}

#[derive(Debug, Clone, Copy)]
struct Budget {
    remaining: u64,
    reset_unix: u64,
}

pub struct GithubClient<'a> {
    http: reqwest::blocking::Client,
    config: GithubConfig,
    cache: Box<dyn ValidatorCache>,
    budgets: Mutex<HashMap<String, Budget>>,
    stats: Mutex<RequestStats>,
    /// Repository facts already asked for in this client's life.
    repos: Mutex<HashMap<String, RepoInfo>>,
    /// Repository trees already listed in this client's life.
    trees: Mutex<TreeMemo>,
    on_event: Box<dyn Fn(GithubEvent) + Send + Sync + 'a>,
}

/// One page of code search results.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchPage {
    pub total_count: u64,
    pub incomplete_results: bool,
    pub items: Vec<SearchItem>,
    /// The `rel="next"` page, when there is one.
    pub next: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchItem {
    /// `owner/name`.
    pub repo: String,
    pub path: String,
    /// The file's git blob SHA-1: equal to a known file's, nothing changed.
    pub sha: String,
    pub html_url: Option<String>,
}

/// What the score needs of a repository (R-SCORE-2, R-SCORE-3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepoInfo {
    pub full_name: String,
    pub stars: u64,
    pub pushed_at_unix: Option<i64>,
    pub default_branch: String,
    /// SPDX id, when GitHub recognised one.
    pub license: Option<String>,
    pub archived: bool,
}

/// What a tree entry is, from its git mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeMode {
    /// `100644` (and git's old `100664`).
    File,
    /// `100755`: the execute bit.
    Executable,
    /// `120000`: a symbolic link; its blob is the target's path.
    Link,
    /// `160000`: a submodule, another repository at a commit (`sha`).
    Submodule,
}

/// One file of a repository's tree (folders are not listed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeFile {
    pub path: String,
    /// The blob's git SHA-1 (a submodule's: the commit it points at).
    pub sha: String,
    /// The blob's size in bytes, as the tree gives it (none for a submodule).
    pub size: Option<u64>,
    pub mode: TreeMode,
}

/// A repository's recursive tree: every file, sorted by path (byte order).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RepoTree {
    pub files: Vec<TreeFile>,
    /// GitHub cut the listing short (past 100,000 entries or 7 MB): files
    /// may be missing from `files`.
    pub truncated: bool,
}

impl RepoTree {
    /// The files at or under `folder` (`""`: the whole repository), by path.
    pub fn under(&self, folder: &str) -> &[TreeFile] {
        if folder.is_empty() {
            return &self.files;
        }
        let prefix = format!("{folder}/");
        let start = self.files.partition_point(|f| f.path.as_str() < prefix.as_str());
        let len = self.files[start..].partition_point(|f| f.path.starts_with(&prefix));
        &self.files[start..start + len]
    }

    /// The file at `path`.
    pub fn get(&self, path: &str) -> Option<&TreeFile> {
        self.files.binary_search_by(|f| f.path.as_str().cmp(path)).ok().map(|i| &self.files[i])
    }
}

#[derive(Deserialize)]
struct RawTree {
    tree: Vec<RawTreeEntry>,
    #[serde(default)]
    truncated: bool,
}

#[derive(Deserialize)]
struct RawTreeEntry {
    path: String,
    #[serde(default)]
    mode: String,
    #[serde(rename = "type")]
    kind: String,
    sha: String,
    #[serde(default)]
    size: Option<u64>,
}

/// Tree entries kept in a client's memory at most: trees past it are asked
/// again (an unchanged one costs a 304) rather than held for the whole sync.
const MAX_MEMO_TREE_FILES: usize = 500_000;

/// The trees a client has listed in its life (one sync), oldest first.
#[derive(Default)]
struct TreeMemo {
    trees: HashMap<String, Arc<RepoTree>>,
    order: std::collections::VecDeque<String>,
    files: usize,
}

impl TreeMemo {
    fn get(&self, key: &str) -> Option<Arc<RepoTree>> {
        self.trees.get(key).cloned()
    }

    fn put(&mut self, key: String, tree: Arc<RepoTree>) {
        if let Some(old) = self.trees.remove(&key) {
            self.files -= old.files.len();
            self.order.retain(|k| *k != key);
        }
        while self.files + tree.files.len() > MAX_MEMO_TREE_FILES {
            let Some(oldest) = self.order.pop_front() else { break };
            if let Some(t) = self.trees.remove(&oldest) {
                self.files -= t.files.len();
            }
        }
        self.files += tree.files.len();
        self.order.push_back(key.clone());
        self.trees.insert(key, tree);
    }
}

#[derive(Deserialize)]
struct RawSearch {
    total_count: u64,
    #[serde(default)]
    incomplete_results: bool,
    items: Vec<RawItem>,
}

#[derive(Deserialize)]
struct RawItem {
    path: String,
    sha: String,
    #[serde(default)]
    html_url: Option<String>,
    repository: RawItemRepo,
}

#[derive(Deserialize)]
struct RawItemRepo {
    full_name: String,
}

#[derive(Deserialize)]
struct RawRepo {
    full_name: String,
    #[serde(default)]
    stargazers_count: u64,
    #[serde(default)]
    pushed_at: Option<String>,
    #[serde(default)]
    default_branch: Option<String>,
    #[serde(default)]
    license: Option<RawLicense>,
    #[serde(default)]
    archived: bool,
}

#[derive(Deserialize)]
struct RawLicense {
    #[serde(default)]
    spdx_id: Option<String>,
}

#[derive(Deserialize)]
struct RawCommit {
    commit: RawCommitInner,
}

#[derive(Deserialize)]
struct RawCommitInner {
    committer: Option<RawWho>,
    author: Option<RawWho>,
}

#[derive(Deserialize)]
struct RawWho {
    date: Option<String>,
}

/// An answer: its body, whether it came from the cache (a 304), and its `link`.
struct Answer {
    body: Vec<u8>,
    link: Option<String>,
}

impl<'a> GithubClient<'a> {
    pub fn new(config: GithubConfig, cache: Box<dyn ValidatorCache>) -> Result<GithubClient<'a>, GithubError> {
        let http = http::client(config.timeout).map_err(GithubError::Config)?;
        Ok(GithubClient {
            http,
            config,
            cache,
            budgets: Mutex::default(),
            stats: Mutex::default(),
            repos: Mutex::default(),
            trees: Mutex::default(),
            on_event: Box::new(|_| {}),
        })
    }

    /// Reports waits and back-offs to `f` (the sync's progress).
    pub fn on_event(mut self, f: impl Fn(GithubEvent) + Send + Sync + 'a) -> Self {
        self.on_event = Box::new(f);
        self
    }

    pub fn config(&self) -> &GithubConfig {
        &self.config
    }

    pub fn has_token(&self) -> bool {
        self.config.token.is_some()
    }

    pub fn stats(&self) -> RequestStats {
        *self.stats.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn count(&self, f: impl FnOnce(&mut RequestStats)) {
        f(&mut self.stats.lock().unwrap_or_else(|e| e.into_inner()));
    }

    /// The first page of a code search for `query` (`filename:SKILL.md size:0..999`).
    pub fn search_code(&self, query: &str) -> Result<SearchPage, GithubError> {
        if self.config.token.is_none() {
            return Err(GithubError::NoToken);
        }
        let url = reqwest::Url::parse_with_params(
            &format!("{}/search/code", self.config.api),
            [("q", query), ("per_page", "100"), ("page", "1")],
        )
        .map_err(|e| GithubError::Config(format!("bad GitHub API address: {e}")))?;
        self.search_page(url.as_str())
    }

    /// A further page, from a previous page's `next`. Only addresses under
    /// the configured API base are followed.
    pub fn search_page(&self, url: &str) -> Result<SearchPage, GithubError> {
        if !url.starts_with(&format!("{}/", self.config.api)) {
            return Err(GithubError::BadAnswer { url: url.to_owned(), why: "a next page outside the API".into() });
        }
        let answer = self.get(url, "code_search", true)?;
        let raw: RawSearch = parse_json(url, &answer.body)?;
        Ok(SearchPage {
            total_count: raw.total_count,
            incomplete_results: raw.incomplete_results,
            items: raw
                .items
                .into_iter()
                .map(|i| SearchItem { repo: i.repository.full_name, path: i.path, sha: i.sha, html_url: i.html_url })
                .collect(),
            next: answer.link.as_deref().and_then(next_link),
        })
    }

    /// A repository's facts, asked once per client (one sync): every skill
    /// of a repository, and the lists that link it, share the answer.
    pub fn repo(&self, full_name: &str) -> Result<RepoInfo, GithubError> {
        let key = full_name.to_ascii_lowercase();
        if let Some(info) = self.repos.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Ok(info.clone());
        }
        let info = self.fetch_repo(full_name)?;
        self.repos.lock().unwrap_or_else(|e| e.into_inner()).insert(key, info.clone());
        Ok(info)
    }

    fn fetch_repo(&self, full_name: &str) -> Result<RepoInfo, GithubError> {
        let url = format!("{}/repos/{}", self.config.api, full_name);
        let answer = self.get(&url, "core", true)?;
        let raw: RawRepo = parse_json(&url, &answer.body)?;
        Ok(RepoInfo {
            full_name: raw.full_name,
            stars: raw.stargazers_count,
            pushed_at_unix: raw.pushed_at.as_deref().and_then(parse_rfc3339),
            default_branch: raw.default_branch.unwrap_or_else(|| "HEAD".into()),
            license: raw.license.and_then(|l| l.spdx_id).filter(|s| s != "NOASSERTION"),
            archived: raw.archived,
        })
    }

    /// Unix time of the last commit touching `path` (a file or a folder).
    pub fn last_commit(&self, full_name: &str, path: &str) -> Result<Option<i64>, GithubError> {
        let url = reqwest::Url::parse_with_params(
            &format!("{}/repos/{}/commits", self.config.api, full_name),
            [("path", path), ("per_page", "1")],
        )
        .map_err(|e| GithubError::Config(format!("bad GitHub API address: {e}")))?;
        let answer = self.get(url.as_str(), "core", true)?;
        let commits: Vec<RawCommit> = parse_json(url.as_str(), &answer.body)?;
        Ok(commits.first().and_then(|c| {
            let who = c.commit.committer.as_ref().or(c.commit.author.as_ref())?;
            who.date.as_deref().and_then(parse_rfc3339)
        }))
    }

    /// Every file of a repository at `git_ref` (`/git/trees/{ref}?recursive=1`),
    /// with its blob SHA-1, size and mode, asked once per client (one sync):
    /// the lists, the registry and code search share the answer.
    pub fn tree(&self, full_name: &str, git_ref: &str) -> Result<Arc<RepoTree>, GithubError> {
        let key = format!("{}\0{git_ref}", full_name.to_ascii_lowercase());
        if let Some(tree) = self.trees.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Ok(tree);
        }
        let url = format!("{}/repos/{}/git/trees/{}?recursive=1", self.config.api, full_name, url_escape(git_ref));
        let answer = self.get(&url, "core", true)?;
        let raw: RawTree = parse_json(&url, &answer.body)?;
        let tree = Arc::new(tree_of(raw));
        self.trees.lock().unwrap_or_else(|e| e.into_inner()).put(key, Arc::clone(&tree));
        Ok(tree)
    }

    /// A file's bytes from the raw host (`git_ref` a branch, `HEAD` or a sha).
    pub fn raw(&self, full_name: &str, git_ref: &str, path: &str) -> Result<Vec<u8>, GithubError> {
        let encoded: Vec<String> = path.split('/').map(url_escape).collect();
        let url = format!("{}/{}/{}/{}", self.config.raw, full_name, url_escape(git_ref), encoded.join("/"));
        let answer = self.get(&url, "raw", false)?;
        self.count(|s| s.raw_downloads += 1);
        Ok(answer.body)
    }

    /// GET with the limits, validators and retries described above. `api`
    /// says whether this is the REST API (JSON, token, rate headers) or the
    /// raw host.
    fn get(&self, url: &str, resource: &str, api: bool) -> Result<Answer, GithubError> {
        let cached = if api { self.cache.get(url) } else { None };
        let mut attempt = 0u32;
        let mut secondary_hits = 0u32;
        let mut primary_hits = 0u32;
        loop {
            attempt += 1;
            if api {
                self.wait_for_budget(resource)?;
            }
            let mut req = self.http.get(url);
            if api {
                req = req.header("accept", "application/vnd.github+json").header("x-github-api-version", "2022-11-28");
                if let Some(token) = &self.config.token {
                    req = req.header("authorization", format!("Bearer {}", token.expose()));
                }
                if let Some(c) = &cached {
                    req = req.header("if-none-match", &c.etag);
                }
            }
            self.count(|s| s.requests += 1);
            let outcome = req.send();
            let resp = match outcome {
                Ok(r) => r,
                Err(e) => {
                    let why = self.redact(&http::describe_send_error(&e, self.config.timeout, url));
                    self.retry_or_fail(url, attempt, None, why)?;
                    continue;
                }
            };
            let status = resp.status().as_u16();
            let headers = resp.headers().clone();
            if api {
                self.note_budget(resource, &headers);
            }
            let limit = if api { MAX_JSON_BYTES } else { MAX_RAW_BYTES };
            match status {
                304 => {
                    if let Some(c) = cached {
                        self.count(|s| s.not_modified += 1);
                        return Ok(Answer { body: c.body, link: c.link });
                    }
                    return Err(GithubError::BadAnswer {
                        url: url.to_owned(),
                        why: "304 to a request without a validator".into(),
                    });
                }
                200..=299 => {
                    let mut body = Vec::new();
                    // A body cut short (a dropped connection) is retried.
                    if let Err(e) = resp.take(limit).read_to_end(&mut body) {
                        self.retry_or_fail(url, attempt, None, format!("the answer was cut off: {e}"))?;
                        continue;
                    }
                    let link = header(&headers, "link");
                    if api {
                        if let Some(etag) = header(&headers, "etag") {
                            self.cache.put(url, &CachedAnswer { etag, body: body.clone(), link: link.clone() });
                        }
                    }
                    return Ok(Answer { body, link });
                }
                _ => {}
            }
            let message = self.redact(&error_message(resp));
            match status {
                401 if api => return Err(GithubError::BadToken(http::clip(&message, 200))),
                401 => return Err(GithubError::NoToken),
                404 => return Err(GithubError::NotFound(url.to_owned())),
                403 | 429 => {
                    let retry_after = http::retry_after(&headers);
                    let spent = header(&headers, "x-ratelimit-remaining").as_deref() == Some("0");
                    if retry_after.is_none() && spent {
                        // A primary limit (another client may share the token):
                        // the next turn of the loop waits for the reset.
                        primary_hits += 1;
                        if primary_hits > 3 {
                            return Err(GithubError::RateLimited { resource: resource.to_owned(), wait_secs: 0 });
                        }
                        attempt -= 1;
                        continue;
                    }
                    let secondary = retry_after.is_some()
                        || status == 429
                        || message.to_lowercase().contains("secondary rate limit");
                    if !secondary {
                        return Err(GithubError::Status {
                            status,
                            url: url.to_owned(),
                            message: http::clip(&message, 300),
                        });
                    }
                    secondary_hits += 1;
                    // Without retry-after GitHub asks for at least a minute; the
                    // policy's backoff grows from there, within its cap.
                    let wait = retry_after
                        .unwrap_or_else(|| self.config.retry.backoff(secondary_hits).max(Duration::from_secs(60)))
                        .min(self.config.retry.max_wait);
                    self.retry_or_fail(url, attempt, Some(wait), format!("secondary rate limit ({status})"))?;
                }
                500..=599 => {
                    self.retry_or_fail(url, attempt, None, format!("{status}: {}", http::clip(&message, 200)))?
                }
                _ => {
                    return Err(GithubError::Status { status, url: url.to_owned(), message: http::clip(&message, 300) })
                }
            }
        }
    }

    /// Waits before the next attempt, or fails when attempts are spent.
    fn retry_or_fail(&self, url: &str, attempt: u32, wait: Option<Duration>, why: String) -> Result<(), GithubError> {
        if attempt >= self.config.retry.max_attempts {
            return Err(GithubError::Failed { url: url.to_owned(), attempts: attempt, why });
        }
        let wait = wait.unwrap_or_else(|| self.config.retry.backoff(attempt));
        (self.on_event)(GithubEvent::Backoff { url: url.to_owned(), wait, why });
        self.count(|s| s.retries += 1);
        std::thread::sleep(wait);
        Ok(())
    }

    fn note_budget(&self, resource: &str, headers: &reqwest::header::HeaderMap) {
        let num = |name: &str| header(headers, name).and_then(|v| v.parse::<u64>().ok());
        let (Some(remaining), Some(reset_unix)) = (num("x-ratelimit-remaining"), num("x-ratelimit-reset")) else {
            return;
        };
        // The server names the resource; ours is the fallback.
        let name = header(headers, "x-ratelimit-resource").unwrap_or_else(|| resource.to_owned());
        let mut budgets = self.budgets.lock().unwrap_or_else(|e| e.into_inner());
        budgets.insert(name, Budget { remaining, reset_unix });
    }

    /// Sleeps until `resource`'s reset when it is spent, saying so.
    fn wait_for_budget(&self, resource: &str) -> Result<(), GithubError> {
        let budget = self.budgets.lock().unwrap_or_else(|e| e.into_inner()).get(resource).copied();
        let Some(b) = budget else { return Ok(()) };
        if b.remaining > 0 {
            return Ok(());
        }
        let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        // One second past the reset: GitHub's clock and ours differ a little.
        let wait = Duration::from_secs(b.reset_unix.saturating_sub(now) + 1);
        if wait > self.config.max_rate_wait {
            return Err(GithubError::RateLimited { resource: resource.to_owned(), wait_secs: wait.as_secs() });
        }
        (self.on_event)(GithubEvent::RateWait { resource: resource.to_owned(), wait });
        self.count(|s| s.rate_waits += 1);
        std::thread::sleep(wait);
        // Spent until an answer says otherwise; assume the window reopened.
        self.budgets.lock().unwrap_or_else(|e| e.into_inner()).remove(resource);
        Ok(())
    }

    fn redact(&self, text: &str) -> String {
        match &self.config.token {
            Some(t) => t.redact(text),
            None => text.to_owned(),
        }
    }
}

/// A tree answer as files: blobs by their mode, submodules; folders left
/// out (their files are listed). An entry of an unknown type is left out.
fn tree_of(raw: RawTree) -> RepoTree {
    let mut files: Vec<TreeFile> = raw
        .tree
        .into_iter()
        .filter_map(|e| {
            let mode = match (e.kind.as_str(), e.mode.as_str()) {
                ("blob", "100755") => TreeMode::Executable,
                ("blob", "120000") => TreeMode::Link,
                ("blob", _) => TreeMode::File,
                ("commit", _) => TreeMode::Submodule,
                _ => return None,
            };
            Some(TreeFile { path: e.path, sha: e.sha, size: e.size, mode })
        })
        .collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files.dedup_by(|a, b| a.path == b.path);
    RepoTree { files, truncated: raw.truncated }
}

fn header(headers: &reqwest::header::HeaderMap, name: &str) -> Option<String> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned)
}

fn error_message(resp: reqwest::blocking::Response) -> String {
    let mut body = String::new();
    let _ = resp.take(64 * 1024).read_to_string(&mut body);
    serde_json::from_str::<serde_json::Value>(&body)
        .ok()
        .and_then(|v| v.get("message").and_then(|m| m.as_str()).map(str::to_owned))
        .unwrap_or(body)
}

fn parse_json<T: serde::de::DeserializeOwned>(url: &str, body: &[u8]) -> Result<T, GithubError> {
    serde_json::from_slice(body).map_err(|e| GithubError::BadAnswer { url: url.to_owned(), why: e.to_string() })
}

/// The `rel="next"` address of a `link` header (RFC 8288, as GitHub writes it).
pub fn next_link(link: &str) -> Option<String> {
    link.split(',').find_map(|part| {
        let (target, params) = part.split_once(';')?;
        let is_next = params.split(';').any(|p| {
            let p = p.trim();
            p == "rel=\"next\"" || p == "rel=next"
        });
        let target = target.trim();
        is_next.then(|| target.strip_prefix('<')?.strip_suffix('>').map(str::to_owned)).flatten()
    })
}

/// Percent-encodes a path segment (anything outside unreserved characters).
fn url_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `2026-10-01T12:00:00Z` or with an offset (`+02:00`) as unix seconds.
pub fn parse_rfc3339(s: &str) -> Option<i64> {
    let s = s.trim();
    if s.len() < 19 || !s.is_char_boundary(19) {
        return None;
    }
    let (date, rest) = s.split_at(10);
    let mut d = date.split('-').map(|p| p.parse::<i64>().ok());
    let (y, m, day) = (d.next()??, d.next()??, d.next()??);
    let time = rest.strip_prefix('T').or_else(|| rest.strip_prefix(' '))?;
    let (hms, zone) = time.split_at(8);
    let mut t = hms.split(':').map(|p| p.parse::<i64>().ok());
    let (h, mi, sec) = (t.next()??, t.next()??, t.next()??);
    let zone = zone.trim_start_matches(|c: char| c == '.' || c.is_ascii_digit());
    let offset = match zone {
        "Z" | "z" | "" => 0,
        z if z.len() == 6 && (z.starts_with('+') || z.starts_with('-')) => {
            let sign = if z.starts_with('-') { -1 } else { 1 };
            let oh: i64 = z[1..3].parse().ok()?;
            let om: i64 = z[4..6].parse().ok()?;
            sign * (oh * 3600 + om * 60)
        }
        _ => return None,
    };
    if !(1..=12).contains(&m) || !(1..=31).contains(&day) || h > 23 || mi > 59 || sec > 60 {
        return None;
    }
    Some(days_from_civil(y, m, day) * 86_400 + h * 3600 + mi * 60 + sec - offset)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_link_reads_githubs_link_header() {
        let h = r#"<https://api.github.com/search/code?q=x&page=2>; rel="next", <https://api.github.com/search/code?q=x&page=10>; rel="last""#;
        assert_eq!(next_link(h).as_deref(), Some("https://api.github.com/search/code?q=x&page=2"));
        let last = r#"<https://api.github.com/search/code?q=x&page=1>; rel="prev", <https://api.github.com/search/code?q=x&page=1>; rel="first""#;
        assert_eq!(next_link(last), None);
        assert_eq!(next_link(""), None);
        assert_eq!(next_link("garbage; rel=\"next\""), None);
    }

    #[test]
    fn a_tree_lists_files_by_mode_and_finds_a_folders_files() {
        let raw: RawTree = serde_json::from_str(
            r#"{"sha": "t", "truncated": false, "tree": [
                {"path": "s", "mode": "040000", "type": "tree", "sha": "a"},
                {"path": "s/SKILL.md", "mode": "100644", "type": "blob", "sha": "b", "size": 10},
                {"path": "s/run.sh", "mode": "100755", "type": "blob", "sha": "c", "size": 5},
                {"path": "s/link", "mode": "120000", "type": "blob", "sha": "d", "size": 4},
                {"path": "s/vendor", "mode": "160000", "type": "commit", "sha": "e"},
                {"path": "s-other/SKILL.md", "mode": "100644", "type": "blob", "sha": "f", "size": 1},
                {"path": "top.md", "mode": "100644", "type": "blob", "sha": "g", "size": 1}
            ]}"#,
        )
        .unwrap();
        let tree = tree_of(raw);
        let modes: Vec<(&str, TreeMode)> = tree.under("s").iter().map(|f| (f.path.as_str(), f.mode)).collect();
        assert_eq!(
            modes,
            [
                ("s/SKILL.md", TreeMode::File),
                ("s/link", TreeMode::Link),
                ("s/run.sh", TreeMode::Executable),
                ("s/vendor", TreeMode::Submodule)
            ]
        );
        assert_eq!(tree.under("").len(), 6, "the folder itself is not a file");
        assert_eq!(tree.under("s-other").len(), 1);
        assert!(tree.under("nothing").is_empty());
        assert_eq!(tree.get("s/run.sh").and_then(|f| f.size), Some(5));
    }

    #[test]
    fn dates_parse_with_offsets() {
        assert_eq!(parse_rfc3339("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(parse_rfc3339("2026-05-02T23:39:33+02:00"), Some(1_777_757_973));
        assert_eq!(parse_rfc3339("2026-05-02T21:39:33Z"), Some(1_777_757_973));
        assert_eq!(parse_rfc3339("2026-05-02T21:39:33.123Z"), Some(1_777_757_973));
        for bad in
            ["", "2026-13-01T00:00:00Z", "yesterday", "2026-05-02", "2026-05-02T21:39:33+2", "é2026-05-02T21:39:33Z"]
        {
            assert_eq!(parse_rfc3339(bad), None, "{bad}");
        }
    }

    #[test]
    fn config_from_the_contracts_variables() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
        };
        let c = GithubConfig::from_vars(vars(&[])).unwrap();
        assert_eq!((c.api.as_str(), c.raw.as_str(), c.token.is_none()), (DEFAULT_API, DEFAULT_RAW, true));
        let c = GithubConfig::from_vars(vars(&[
            ("GITHUB_TOKEN", "ghp_x"),
            ("SKILLS_GUIDE_GITHUB_API", "http://127.0.0.1:9/api/"),
            ("SKILLS_GUIDE_GITHUB_RAW", "http://127.0.0.1:9/raw"),
        ]))
        .unwrap();
        assert_eq!(c.api, "http://127.0.0.1:9/api");
        assert_eq!(format!("{:?}", c.token), "Some(Secret([redacted]))");
        assert_eq!(c.timeout, DEFAULT_TIMEOUT);
        let c = GithubConfig::from_vars(vars(&[("SKILLS_GUIDE_GITHUB_TIMEOUT", "5")])).unwrap();
        assert_eq!(c.timeout, Duration::from_secs(5));
        assert!(GithubConfig::from_vars(vars(&[("SKILLS_GUIDE_GITHUB_TIMEOUT", "0")])).is_err());
        let err =
            GithubConfig::from_vars(vars(&[("GITHUB_TOKEN", "t"), ("SKILLS_GUIDE_GITHUB_API", "http://example.com")]))
                .unwrap_err();
        assert!(err.contains("unencrypted"), "{err}");
    }
}
