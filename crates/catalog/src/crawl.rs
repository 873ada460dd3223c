//! The public GitHub source (R-SRC-1, R-SRC-3): code search for files named
//! SKILL.md, split by size past the 1,000-results cap, with the facts the
//! score needs (stars, the last commit touching the skill's folder, license)
//! and the content from the raw host.
//!
//! Incremental: a search result whose git blob SHA-1 is that of the content
//! already stored at that location is unchanged (R-SRC-2) and costs no
//! download. Resumable: each finished size shard is recorded in the store
//! (`crawl` tree) before the next begins, and a sync that finds an
//! unfinished run skips the shards that run finished.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use sha1::{Digest, Sha1};
use skills_guide_engine::analyze::sha256_hex;
use skills_guide_engine::score::RepoFacts;
use skills_guide_remote::awesome::{github_links, GithubLink, LinkTarget};
use skills_guide_remote::github::{CachedAnswer, GithubClient, GithubError, RepoInfo, SearchItem, ValidatorCache};
use skills_guide_remote::registry::{parse_marketplace, RegistryRepo};

use crate::pack;
use crate::progress::{Progress, Stage};
use crate::record::{SkillRecord, SourceKind, SourceRef};
use crate::store::StoreError;
use crate::sync::{Fetched, FileError, Importer, Pending, SyncSummary, MAX_SKILL_BYTES};
use crate::CatalogError;

/// The sizes code search can see: GitHub indexes files under 384 KB.
pub const FULL_RANGE: (u64, u64) = (0, 512 * 1024);
/// GitHub returns at most this many results per query.
pub const SEARCH_CAP: u64 = 1_000;
const RUN_KEY: &str = "github-search-run";
/// Files fetched, then imported, at a time.
const FETCH_BATCH: usize = 64;

/// Answers with their validators, kept in the store between syncs (packed,
/// like every large value of the store).
pub struct StoreCache(pub sled::Tree);

impl ValidatorCache for StoreCache {
    fn get(&self, url: &str) -> Option<CachedAnswer> {
        // An unreadable entry is a miss: the request is simply made again.
        let packed = self.0.get(url.as_bytes()).ok().flatten()?;
        serde_json::from_slice(&pack::unpack(&packed).ok()?).ok()
    }
    fn put(&self, url: &str, answer: &CachedAnswer) {
        // A failed write only costs the next sync a download.
        if let Some(packed) = serde_json::to_vec(answer).ok().and_then(|json| pack::pack(&json).ok()) {
            let _ = self.0.insert(url.as_bytes(), packed);
        }
    }
}

/// A code-search run: the shards it finished, so a killed sync resumes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchRun {
    pub started: i64,
    pub done: Vec<(u64, u64)>,
    pub finished: bool,
}

/// The git blob SHA-1 of `bytes`: what code search reports as an item's `sha`.
pub fn git_blob_sha(bytes: &[u8]) -> String {
    let mut h = Sha1::new();
    h.update(format!("blob {}\0", bytes.len()).as_bytes());
    h.update(bytes);
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

fn github_err(e: GithubError) -> CatalogError {
    CatalogError::Github(e.to_string())
}

fn store_err(e: StoreError) -> CatalogError {
    CatalogError::Store(e)
}

impl Importer<'_> {
    /// Code search over every size shard, importing each shard's skills
    /// before the next shard is searched.
    pub(crate) fn github(&mut self, client: &GithubClient, summary: &mut SyncSummary) -> Result<(), CatalogError> {
        if !client.has_token() {
            let why = GithubError::NoToken.to_string();
            (self.progress)(Progress::Note { message: format!("github: skipped — {why}") });
            summary.skipped.push(format!("github: {why}"));
            return Ok(());
        }
        let mut run = match self.store.crawl_state::<SearchRun>(RUN_KEY).map_err(store_err)? {
            Some(run) if !run.finished => {
                (self.progress)(Progress::Note {
                    message: format!("github: resuming a search stopped after {} shard(s)", run.done.len()),
                });
                run
            }
            _ => SearchRun { started: self.opts.now_unix, ..SearchRun::default() },
        };
        self.store.put_crawl_state(RUN_KEY, &run).map_err(store_err)?;
        (self.progress)(Progress::Stage { stage: Stage::Discover, total: None });
        let mut queue = vec![FULL_RANGE];
        // Shards whose search kept failing: said, and left for a later sync
        // (the run is then not finished, so the next one resumes with them).
        let mut failed_shards = 0;
        while let Some((lo, hi)) = queue.pop() {
            if self.stopped(summary) {
                return Ok(());
            }
            if run.done.contains(&(lo, hi)) {
                continue;
            }
            let items = match self.search_shard(client, lo, hi, &mut queue, summary) {
                Ok(Some(items)) => items,
                Ok(None) => continue, // split into smaller shards
                Err(e) if !e.stops_the_run() => {
                    let msg =
                        format!("github: the search for sizes {lo}..{hi} failed ({e}); a later sync tries it again");
                    (self.progress)(Progress::Note { message: msg.clone() });
                    summary.skipped.push(msg);
                    failed_shards += 1;
                    continue;
                }
                Err(e) => return Err(github_err(e)),
            };
            self.import_found(client, items, false, summary)?;
            if self.stopped(summary) {
                // The shard was cut short by --limit or a cancel: not done.
                return Ok(());
            }
            run.done.push((lo, hi));
            self.store.put_crawl_state(RUN_KEY, &run).map_err(store_err)?;
        }
        if failed_shards > 0 {
            return Ok(());
        }
        run.finished = true;
        self.store.put_crawl_state(RUN_KEY, &run).map_err(store_err)?;
        Ok(())
    }

    /// One size shard's search results, every page; `None` when the shard
    /// holds more than the search shows and was split onto `queue` instead.
    fn search_shard(
        &self,
        client: &GithubClient,
        lo: u64,
        hi: u64,
        queue: &mut Vec<(u64, u64)>,
        summary: &mut SyncSummary,
    ) -> Result<Option<Vec<SearchItem>>, GithubError> {
        let query = format!("filename:SKILL.md size:{lo}..{hi}");
        let mut page = client.search_code(&query)?;
        if page.total_count > SEARCH_CAP && lo < hi {
            // Saturated: split, smaller sizes first (the queue is a stack).
            let mid = lo + (hi - lo) / 2;
            queue.push((mid + 1, hi));
            queue.push((lo, mid));
            return Ok(None);
        }
        if page.total_count > SEARCH_CAP {
            let msg = format!(
                "github: {} files of exactly {lo} bytes, only the first {SEARCH_CAP} can be seen",
                page.total_count
            );
            (self.progress)(Progress::Note { message: msg.clone() });
            summary.skipped.push(msg);
        }
        if page.incomplete_results {
            // GitHub timed out on its side: ask once more before going on.
            page = client.search_code(&query)?;
            if page.incomplete_results {
                let msg = format!("github: results for sizes {lo}..{hi} were incomplete; a later sync sees the rest");
                (self.progress)(Progress::Note { message: msg.clone() });
                summary.skipped.push(msg);
            }
        }
        let mut items = std::mem::take(&mut page.items);
        let mut next = page.next.take();
        while let Some(url) = next {
            let p = client.search_page(&url)?;
            items.extend(p.items);
            next = p.next;
        }
        Ok(Some(items))
    }

    fn stopped(&self, summary: &SyncSummary) -> bool {
        self.opts.cancel.is_cancelled()
            || self.opts.limit.is_some_and(|l| summary.new_skills + summary.new_versions >= l)
    }

    /// Imports files found on GitHub: unchanged ones are counted without a
    /// download, the others fetched (with their facts) on a few threads.
    pub(crate) fn import_found(
        &mut self,
        client: &GithubClient,
        mut items: Vec<SearchItem>,
        in_awesome: bool,
        summary: &mut SyncSummary,
    ) -> Result<(), CatalogError> {
        items.sort_by(|a, b| (&a.repo, &a.path).cmp(&(&b.repo, &b.path)));
        items.dedup_by(|a, b| a.repo.eq_ignore_ascii_case(&b.repo) && a.path == b.path);
        let mut to_fetch = Vec::new();
        let mut listed_now = Vec::new();
        for item in items {
            if item.path.rsplit('/').next() != Some("SKILL.md") {
                continue;
            }
            let source = source_of(&item, None);
            let known = match self.store.id_for_location(&source.location_key()).map_err(store_err)? {
                Some(id) => self.store.get(&id).map_err(store_err)?,
                None => None,
            };
            let stored = match &known {
                Some(r) => self.store.content(&r.sha256).map_err(store_err)?,
                None => None,
            };
            if let (Some(r), Some(content)) = (known.as_ref(), stored) {
                if git_blob_sha(&content) == item.sha {
                    // R-SRC-2: same location, same content; nothing downloaded.
                    summary.discovered += 1;
                    summary.unchanged += 1;
                    if r.awaits_reading() {
                        summary.unread.push(r.id.clone());
                    }
                    if in_awesome && !r.facts.in_awesome {
                        listed_now.push(with_awesome(r, &content, self.opts.now_unix));
                    }
                    continue;
                }
            }
            let was_in_awesome = known.is_some_and(|r| r.facts.in_awesome);
            to_fetch.push((item, in_awesome || was_in_awesome));
        }
        if !listed_now.is_empty() {
            // Known skills a list names now: rescored with R-SCORE-6's bonus,
            // their readings kept (the text did not change).
            self.store.put_many(&listed_now, Vec::new()).map_err(store_err)?;
            crate::sync::reindex(self.store, self.index, &listed_now)?;
            summary.unread.extend(listed_now.iter().filter(|r| r.awaits_reading()).map(|r| r.id.clone()));
            // Admission may have changed, and copy groups are among admitted skills.
            self.touched_hashes.extend(listed_now.iter().map(|r| r.version_key()));
        }
        if to_fetch.is_empty() {
            return Ok(());
        }
        if let Some(limit) = self.opts.limit {
            // Fetch no more than the limit can still take.
            let room = limit.saturating_sub(summary.new_skills + summary.new_versions);
            if to_fetch.len() > room {
                summary.discovered += to_fetch.len() - room;
                summary.not_reached += to_fetch.len() - room;
                summary.stopped_at_limit = true;
                to_fetch.truncate(room);
            }
        }
        // In batches, so a killed sync keeps what it downloaded before it
        // died and memory holds one batch of files.
        for batch in to_fetch.chunks(FETCH_BATCH) {
            if self.stopped(summary) {
                summary.discovered += batch.len();
                summary.not_reached += batch.len();
                continue;
            }
            let fetched = fetch_all(client, batch);
            self.run(fetched, summary)?;
        }
        Ok(())
    }
}

/// `r` found in an awesome list (R-SRC-4): its score again with the bonus
/// (R-SCORE-6), and the decision again from the same readings, since
/// admission may change.
fn with_awesome(r: &SkillRecord, content: &[u8], now: i64) -> SkillRecord {
    let facts = RepoFacts { in_awesome: true, ..r.facts };
    let a = skills_guide_engine::analyze::analyze(content, &facts, now);
    let rule_ids: Vec<_> = a.rules.findings.iter().map(|f| f.rule).collect();
    let mut out = r.clone();
    out.decision = skills_guide_engine::decide::decide(a.admitted, r.audit.as_ref(), &rule_ids);
    out.facts = facts;
    out.score = a.score;
    out.score_details = a.score_details;
    out.admitted = a.admitted;
    out
}

fn source_of(item: &SearchItem, info: Option<&RepoInfo>) -> SourceRef {
    SourceRef {
        kind: SourceKind::Github,
        repo: Some(info.map(|i| i.full_name.clone()).unwrap_or_else(|| item.repo.clone())),
        path: item.path.clone(),
        url: item
            .html_url
            .clone()
            .or_else(|| Some(format!("https://github.com/{}/blob/HEAD/{}", item.repo, item.path))),
        license: info.and_then(|i| i.license.clone()),
    }
}

/// Fetches the items on the client's number of threads; a failure is that
/// file's error, never the run's.
fn fetch_all(client: &GithubClient, items: &[(SearchItem, bool)]) -> Vec<Pending> {
    parallel_map(items, client.config().concurrency, |(item, in_awesome)| match fetch_one(client, item, *in_awesome) {
        Ok(f) => Pending::Ready(f),
        Err(reason) => Pending::Unlisted(FileError { path: display(item), reason }),
    })
}

/// `f` over `items` on at most `workers` threads, results in input order.
fn parallel_map<T: Sync, R: Send>(items: &[T], workers: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::with_capacity(items.len()));
    std::thread::scope(|scope| {
        for _ in 0..workers.clamp(1, 16).min(items.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(item);
                results.lock().unwrap_or_else(|e| e.into_inner()).push((i, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

fn display(item: &SearchItem) -> String {
    format!("{}/{}", item.repo, item.path)
}

fn fetch_one(client: &GithubClient, item: &SearchItem, in_awesome: bool) -> Result<Fetched, String> {
    let info = client.repo(&item.repo).map_err(|e| e.to_string())?;
    let folder = item.path.rsplit_once('/').map(|(dir, _)| dir).unwrap_or("");
    let last_commit = if folder.is_empty() {
        info.pushed_at_unix
    } else {
        client.last_commit(&info.full_name, folder).map_err(|e| e.to_string())?.or(info.pushed_at_unix)
    };
    let bytes = client.raw(&info.full_name, &info.default_branch, &item.path).map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_SKILL_BYTES {
        return Err(format!("file is over the {MAX_SKILL_BYTES}-byte limit for a SKILL.md"));
    }
    let sha = sha256_hex(&bytes);
    let len = bytes.len() as u64;
    Ok(Fetched {
        source: source_of(item, Some(&info)),
        facts: RepoFacts { stars: Some(info.stars), last_commit_unix: last_commit, in_awesome },
        display: display(item),
        bytes: Ok((bytes, sha, len)),
    })
}

/// The awesome lists read by default (R-SRC-1): `SKILLS_GUIDE_AWESOME_LISTS`
/// (comma-separated `owner/name`) replaces them.
pub const DEFAULT_AWESOME_LISTS: [&str; 4] = [
    "ComposioHQ/awesome-claude-skills",
    "VoltAgent/awesome-agent-skills",
    "libukai/awesome-agent-skills",
    "travisvn/awesome-claude-skills",
];

/// Which SKILL.md files of one repository a list or registry points at.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pick {
    /// Every SKILL.md (a link to the whole repository).
    All,
    /// Every SKILL.md at or under this folder.
    Under(String),
    /// This one file.
    Exact(String),
}

impl Pick {
    fn takes(&self, path: &str) -> bool {
        if path.rsplit('/').next() != Some("SKILL.md") {
            return false;
        }
        match self {
            Pick::All => true,
            Pick::Under(dir) if dir.is_empty() => true,
            Pick::Under(dir) => path.strip_prefix(dir.as_str()).is_some_and(|rest| rest.starts_with('/')),
            Pick::Exact(p) => p == path,
        }
    }
}

fn pick_of(link: &GithubLink) -> Option<Pick> {
    Some(match &link.target {
        LinkTarget::Repo => Pick::All,
        LinkTarget::Tree { path, .. } => Pick::Under(path.clone()),
        LinkTarget::Blob { path, .. } if path.rsplit('/').next() == Some("SKILL.md") => Pick::Exact(path.clone()),
        // A folder linked with `blob/` (GitHub redirects it to `tree/`).
        LinkTarget::Blob { path, .. } if !path.rsplit('/').next().unwrap_or("").contains('.') => {
            Pick::Under(path.clone())
        }
        LinkTarget::Blob { .. } => return None,
    })
}

/// The lists to read: the environment's, or the defaults.
pub fn awesome_lists() -> Vec<String> {
    match std::env::var("SKILLS_GUIDE_AWESOME_LISTS") {
        Ok(v) if !v.trim().is_empty() => v
            .split(',')
            .map(str::trim)
            .filter(|l| skills_guide_remote::awesome::valid_full_name(l))
            .map(str::to_owned)
            .collect(),
        _ => DEFAULT_AWESOME_LISTS.iter().map(|s| s.to_string()).collect(),
    }
}

type Wanted = BTreeMap<String, (String, Vec<Pick>)>;

fn want(wanted: &mut Wanted, full_name: &str, pick: Pick) {
    let entry = wanted.entry(full_name.to_ascii_lowercase()).or_insert_with(|| (full_name.to_owned(), Vec::new()));
    if !entry.1.contains(&pick) {
        entry.1.push(pick);
    }
}

impl Importer<'_> {
    /// Awesome lists (R-SRC-1, R-SRC-4): every README's links to GitHub,
    /// resolved through each repository's tree to the SKILL.md files they
    /// point at, imported with `in_awesome`.
    pub(crate) fn awesome(&mut self, client: &GithubClient, summary: &mut SyncSummary) -> Result<(), CatalogError> {
        let mut wanted = Wanted::new();
        (self.progress)(Progress::Stage { stage: Stage::Discover, total: None });
        for list in awesome_lists() {
            let readme = match client.raw(&list, "HEAD", "README.md") {
                Ok(b) => b,
                Err(e) => {
                    summary.errors.push(FileError { path: format!("{list}/README.md"), reason: e.to_string() });
                    continue;
                }
            };
            for link in github_links(&String::from_utf8_lossy(&readme)) {
                if link.full_name().eq_ignore_ascii_case(&list) && link.target == LinkTarget::Repo {
                    continue;
                }
                if let Some(pick) = pick_of(&link) {
                    want(&mut wanted, &link.full_name(), pick);
                }
            }
        }
        self.import_wanted(client, wanted, HashMap::new(), true, summary)
    }

    /// The n-skills registry: its marketplace index, each entry resolved
    /// like an awesome link; install counts kept where it has them (R-DUP-2).
    pub(crate) fn registry(&mut self, client: &GithubClient, summary: &mut SyncSummary) -> Result<(), CatalogError> {
        let home = RegistryRepo::n_skills();
        let home_name = format!("{}/{}", home.owner, home.repo);
        (self.progress)(Progress::Stage { stage: Stage::Discover, total: None });
        let index = ".claude-plugin/marketplace.json";
        let skills = client
            .raw(&home_name, home.git_ref.as_deref().unwrap_or("HEAD"), index)
            .map_err(|e| e.to_string())
            .and_then(|b| parse_marketplace(&String::from_utf8_lossy(&b), &home));
        let skills = match skills {
            Ok(s) => s,
            Err(reason) => {
                summary.errors.push(FileError { path: format!("{home_name}/{index}"), reason });
                return Ok(());
            }
        };
        let mut wanted = Wanted::new();
        let mut installs = HashMap::new();
        for s in skills {
            let full = format!("{}/{}", s.owner, s.repo);
            if let Some(n) = s.installs {
                installs.insert(format!("{}\0{}", full.to_ascii_lowercase(), s.path), n);
            }
            want(&mut wanted, &full, Pick::Exact(s.path));
        }
        self.import_wanted(client, wanted, installs, false, summary)
    }

    fn import_wanted(
        &mut self,
        client: &GithubClient,
        wanted: Wanted,
        installs: HashMap<String, u64>,
        in_awesome: bool,
        summary: &mut SyncSummary,
    ) -> Result<(), CatalogError> {
        let wanted: Vec<(String, Vec<Pick>)> = wanted.into_values().collect();
        let mut items = Vec::new();
        // A few repositories at a time, listed in parallel: a list links
        // hundreds, each a repository and a tree request.
        for group in wanted.chunks(32) {
            if self.stopped(summary) {
                break;
            }
            let listings = parallel_map(group, client.config().concurrency, |(full_name, _)| {
                client.repo(full_name).and_then(|info| {
                    let (files, truncated) = client.tree(&info.full_name, &info.default_branch)?;
                    Ok((info, files, truncated))
                })
            });
            for ((full_name, picks), listing) in group.iter().zip(listings) {
                let (info, files, truncated) = match listing {
                    Ok(l) => l,
                    // A dead link in a list is that link's error, not the sync's.
                    Err(e) => {
                        summary.errors.push(FileError { path: full_name.clone(), reason: e.to_string() });
                        continue;
                    }
                };
                if truncated {
                    summary
                        .skipped
                        .push(format!("{full_name}: GitHub cut its file listing short; some skills may be missed"));
                }
                for f in files.into_iter().filter(|f| picks.iter().any(|p| p.takes(&f.path))) {
                    let html_url =
                        Some(format!("https://github.com/{}/blob/{}/{}", info.full_name, info.default_branch, f.path));
                    items.push(SearchItem { repo: info.full_name.clone(), path: f.path, sha: f.sha, html_url });
                }
            }
            if items.len() >= 256 {
                self.import_found(client, std::mem::take(&mut items), in_awesome, summary)?;
            }
        }
        self.import_found(client, items, in_awesome, summary)?;
        if !installs.is_empty() {
            self.set_installs(&installs)?;
        }
        Ok(())
    }

    /// Keeps the registry's install counts on the skills it lists.
    fn set_installs(&mut self, installs: &HashMap<String, u64>) -> Result<(), CatalogError> {
        let mut changed = Vec::new();
        for (key, n) in installs {
            let Some((repo, path)) = key.split_once('\0') else { continue };
            let location = format!("gh\u{0}{repo}\u{0}{path}");
            if let Some(id) = self.store.id_for_location(&location).map_err(store_err)? {
                if let Some(mut r) = self.store.get(&id).map_err(store_err)? {
                    if r.installs != *n {
                        r.installs = *n;
                        changed.push(r);
                    }
                }
            }
        }
        if !changed.is_empty() {
            self.store.put_many(&changed, Vec::new()).map_err(store_err)?;
            crate::sync::reindex(self.store, self.index, &changed)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn git_blob_sha_is_gits() {
        // `printf 'hello\n' | git hash-object --stdin`
        assert_eq!(git_blob_sha(b"hello\n"), "ce013625030ba8dba906f756967f9e9ca394464a");
        assert_eq!(git_blob_sha(b""), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
    }

    #[test]
    fn parallel_map_keeps_the_input_order() {
        let input: Vec<u32> = (0..500).collect();
        assert_eq!(parallel_map(&input, 4, |x| x * 2), input.iter().map(|x| x * 2).collect::<Vec<_>>());
        assert!(parallel_map(&Vec::<u32>::new(), 4, |x| *x).is_empty());
    }

    #[test]
    fn picks_take_only_skill_files_at_or_under_their_folder() {
        assert!(Pick::All.takes("a/b/SKILL.md") && !Pick::All.takes("a/README.md"));
        let under = Pick::Under("skills/pdf".into());
        assert!(under.takes("skills/pdf/SKILL.md") && under.takes("skills/pdf/x/SKILL.md"));
        assert!(!under.takes("skills/pdf-extra/SKILL.md"), "a sibling with the same prefix is not under it");
        assert!(Pick::Under(String::new()).takes("SKILL.md"));
        assert!(
            Pick::Exact("a/SKILL.md".into()).takes("a/SKILL.md")
                && !Pick::Exact("a/SKILL.md".into()).takes("b/SKILL.md")
        );
    }
}
