//! A sync: the sources `sync --from` names, each handed the import
//! pipeline ([`crate::pipeline`]) in turn, then the copy groups and the index
//! brought up to date once. The pipeline knows no source; each source module
//! knows the pipeline only.

use std::path::PathBuf;

use skills_guide_remote::github::{GithubClient, GithubConfig, GithubEvent};

use crate::index::SearchIndex;
use crate::pipeline::Importer;
pub use crate::pipeline::{FileError, SyncOptions, SyncSummary, MAX_SKILL_BYTES};
use crate::progress::{Progress, ProgressFn};
use crate::store::Store;
use crate::CatalogError;

/// A place skills come from (`sync --from`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Dir(PathBuf),
    /// The starter catalog shipped with the program.
    Examples,
    Github,
    Awesome,
    Registry,
    Snapshot(String),
    /// Every agent's skills folder that exists on this machine (user scope,
    /// then the current folder's project scope): what the agents load today.
    Installed,
}

impl Source {
    /// Parses `github`, `awesome`, `registry`, `dir:PATH`, `snapshot:URL_OR_PATH`, `examples`.
    pub fn parse(s: &str) -> Result<Source, String> {
        match s {
            "github" => Ok(Source::Github),
            "awesome" => Ok(Source::Awesome),
            "registry" => Ok(Source::Registry),
            "examples" => Ok(Source::Examples),
            "installed" => Ok(Source::Installed),
            _ => {
                if let Some(p) = s.strip_prefix("dir:").filter(|p| !p.is_empty()) {
                    Ok(Source::Dir(expand_home(p)?))
                } else if let Some(p) = s.strip_prefix("snapshot:").filter(|p| !p.is_empty()) {
                    Ok(Source::Snapshot(p.to_owned()))
                } else {
                    Err(format!(
                        "unknown source `{s}`: expected github, awesome, registry, dir:PATH, snapshot:URL_OR_PATH, installed or examples"
                    ))
                }
            }
        }
    }

    /// The public sources a sync with none named reads, in this order: the
    /// lists first, so a skill they name is imported with `in_awesome`
    /// (R-SRC-4) before code search finds the same file.
    pub fn public() -> Vec<Source> {
        vec![Source::Awesome, Source::Registry, Source::Github]
    }

    pub fn describe(&self) -> String {
        match self {
            Source::Dir(p) => format!("dir:{}", p.display()),
            Source::Examples => "examples".into(),
            Source::Github => "github".into(),
            Source::Awesome => "awesome".into(),
            Source::Registry => "registry".into(),
            Source::Snapshot(s) => format!("snapshot:{s}"),
            Source::Installed => "installed".into(),
        }
    }
}

/// `~` and `~/…` as the home folder: `--from dir:~/.claude/skills` reaches
/// the program unexpanded, since the shell expands `~` only at a word's start.
fn expand_home(p: &str) -> Result<PathBuf, String> {
    let rest = match p.strip_prefix('~') {
        Some("") => "",
        Some(rest) if rest.starts_with('/') => &rest[1..],
        _ => return Ok(PathBuf::from(p)),
    };
    let home = dirs::home_dir().ok_or_else(|| format!("`{p}`: no home folder to expand `~` to"))?;
    Ok(if rest.is_empty() { home } else { home.join(rest) })
}

/// The GitHub client of a sync: its answers' validators kept in the store,
/// its waits reported as progress notes.
fn github_client<'p>(
    store: &Store,
    opts: &SyncOptions,
    progress: ProgressFn<'p>,
) -> Result<GithubClient<'p>, CatalogError> {
    let config = match &opts.github {
        Some(c) => c.clone(),
        None => GithubConfig::from_env().map_err(CatalogError::Github)?,
    };
    let client = GithubClient::new(config, Box::new(crate::crawl::StoreCache(store.http_cache())))
        .map_err(|e| CatalogError::Github(e.to_string()))?;
    Ok(client.on_event(move |e| {
        let message = match e {
            GithubEvent::RateWait { resource, wait } => {
                format!("GitHub rate limit ({resource}) reached: waiting {} s for its reset", wait.as_secs().max(1))
            }
            GithubEvent::Backoff { wait, why, .. } => {
                format!("GitHub: {why}; trying again in {:.1} s", wait.as_secs_f64())
            }
        };
        progress(Progress::Note { message });
    }))
}

/// Runs the pipeline over `sources` into the store and the index.
pub fn sync(
    store: &Store,
    index: &mut SearchIndex,
    sources: &[Source],
    opts: &SyncOptions,
    progress: ProgressFn<'_>,
) -> Result<SyncSummary, CatalogError> {
    let mut summary = SyncSummary { sources: sources.iter().map(Source::describe).collect(), ..Default::default() };
    let mut importer = Importer::new(store, index, opts, progress);
    // One GitHub client for the public sources, made when the first needs it:
    // repository facts asked by one source serve the next.
    let mut github = None;
    for source in sources {
        if let Err(e) = import_source(&mut importer, source, &mut github, &mut summary) {
            // What was stored before the failure is grouped and indexed all
            // the same, so the catalog the next sync starts from is whole.
            importer.finish(&mut summary)?;
            return Err(e);
        }
    }
    summary.github = github.as_ref().map(GithubClient::stats);
    importer.finish(&mut summary)?;
    Ok(summary)
}

/// Hands one source the importer.
fn import_source<'p>(
    importer: &mut Importer<'p>,
    source: &Source,
    github: &mut Option<GithubClient<'p>>,
    summary: &mut SyncSummary,
) -> Result<(), CatalogError> {
    match source {
        Source::Dir(path) => crate::local::import_dir(importer, path, summary),
        Source::Installed => crate::local::import_installed(importer, summary),
        Source::Examples => crate::examples::import(importer, summary),
        Source::Github | Source::Awesome | Source::Registry => {
            let client = match github {
                Some(c) => &*c,
                None => &*github.insert(github_client(importer.store(), importer.opts(), importer.progress())?),
            };
            let mut public = crate::crawl::PublicSources::new(importer);
            match source {
                Source::Github => public.github(client, summary),
                Source::Awesome => public.awesome(client, summary),
                _ => public.registry(client, summary),
            }
        }
        Source::Snapshot(address) => crate::snapshot::apply::import(importer, address, summary),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Stage;
    use std::sync::Mutex;

    #[test]
    fn progress_reports_each_stage_and_the_import_count() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("skills");
        for i in 0..3 {
            std::fs::create_dir_all(dir.join(format!("s{i}"))).unwrap();
            std::fs::write(dir.join(format!("s{i}/SKILL.md")), format!("---\nname: s{i}\ndescription: d\n---\n"))
                .unwrap();
        }
        let store = Store::open(&tmp.path().join("store")).unwrap();
        let (mut index, _) = SearchIndex::open(&tmp.path().join("index")).unwrap();
        let events = Mutex::new(Vec::new());
        let record = |p: Progress| events.lock().unwrap().push(p);
        let opts = SyncOptions { use_git: false, ..SyncOptions::default() };
        let summary = sync(&store, &mut index, &[Source::Dir(dir)], &opts, &record).unwrap();
        assert_eq!(summary.new_skills, 3);
        let events = events.into_inner().unwrap();
        let stages: Vec<Stage> = events
            .iter()
            .filter_map(|e| if let Progress::Stage { stage, .. } = e { Some(*stage) } else { None })
            .collect();
        assert_eq!(stages, [Stage::Discover, Stage::Import, Stage::Dedup, Stage::Index]);
        assert!(events.contains(&Progress::Advance { stage: Stage::Import, done: 3, total: Some(3) }), "{events:?}");
    }

    #[test]
    fn sources_parse_like_the_contract_says() {
        assert_eq!(Source::parse("dir:/x"), Ok(Source::Dir(PathBuf::from("/x"))));
        assert_eq!(Source::parse("github"), Ok(Source::Github));
        assert_eq!(Source::parse("snapshot:https://h/x"), Ok(Source::Snapshot("https://h/x".into())));
        assert!(Source::parse("dir:").is_err());
        assert_eq!(Source::parse("installed"), Ok(Source::Installed));
        let home = dirs::home_dir().unwrap();
        assert_eq!(Source::parse("dir:~/.claude/skills"), Ok(Source::Dir(home.join(".claude/skills"))));
        assert_eq!(Source::parse("dir:~"), Ok(Source::Dir(home)));
        assert_eq!(Source::parse("dir:~other/x"), Ok(Source::Dir(PathBuf::from("~other/x"))), "only one's own home");
        assert!(Source::parse("ftp").is_err());
    }

    #[test]
    fn code_search_without_a_token_is_skipped_with_the_reason_and_nothing_sent() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(&tmp.path().join("store")).unwrap();
        let (mut index, _) = SearchIndex::open(&tmp.path().join("index")).unwrap();
        // An address nothing listens on: a request would fail the sync.
        let github = GithubConfig::new("http://127.0.0.1:9/api", "http://127.0.0.1:9/raw");
        let opts = SyncOptions { github: Some(github), ..SyncOptions::default() };
        let summary = sync(&store, &mut index, &[Source::Github], &opts, &crate::progress::quiet).unwrap();
        assert!(summary.skipped[0].contains("GITHUB_TOKEN"), "{:?}", summary.skipped);
        assert_eq!(summary.github.unwrap().requests, 0);
    }

    #[test]
    fn a_snapshot_without_a_publisher_key_is_refused_before_anything_is_read() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(&tmp.path().join("store")).unwrap();
        let (mut index, _) = SearchIndex::open(&tmp.path().join("index")).unwrap();
        let mut opts = SyncOptions::default();
        opts.snapshot.key = None;
        if std::env::var_os("SKILLS_GUIDE_SNAPSHOT_PUBKEY").is_some() {
            return; // the environment names a key: this case cannot be made here
        }
        let err =
            sync(&store, &mut index, &[Source::Snapshot("x".into())], &opts, &crate::progress::quiet).unwrap_err();
        assert!(err.to_string().contains("no publisher key"), "{err}");
        assert!(store.is_empty(), "nothing written");
    }
}
