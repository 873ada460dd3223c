//! The commands the webview may call (`src-tauri/IPC.md` is their
//! contract). Each one adapts the catalog engine: it parses the request,
//! calls the engine, and shapes the answer. No rule, score or decision is
//! made here.
//!
//! Every command runs off the main thread (`spawn_blocking`), so the window
//! stays responsive while the store or a server is slow.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use skills_guide_catalog::agents::{self, Agent, AgentEnv, Scope};
use skills_guide_catalog::entry::{Entry, Listing, ShowEntry};
use skills_guide_catalog::index::{Facets, SearchQuery, MAX_LIMIT};
use skills_guide_catalog::install::{
    self, InstallError, InstallOptions, Target, UpdateOptions, UpdateOutcome, UpdatePlan, UpdateSkip, Vetting,
};
use skills_guide_catalog::progress::Progress;
use skills_guide_catalog::record::{SkillFile, SkillRecord};
use skills_guide_catalog::report::Opener;
use skills_guide_catalog::sync::{Source, SyncOptions, SyncSummary};
use skills_guide_catalog::verify::{Selection, VerifySummary};
use skills_guide_catalog::Catalog;
use skills_guide_engine::folder::FileState;
use skills_guide_engine::rules::Finding;
use skills_guide_engine::scan::SKILL_FILE_NAME;
use skills_guide_remote::github::GithubConfig;
use skills_guide_remote::model::{ModelClient, ModelConfig};
use skills_guide_remote::readings;
use skills_guide_remote::server::{self, CheckReport};
use tauri::ipc::Channel;
use tauri::State;

use crate::error::{CmdError, ErrorKind};
use crate::settings::{self, ActivePublisher, SecretName, SecretPlace, Settings};
use crate::state::{AppState, JobKind, Throttle};

/// Runs the long job `f` on the blocking pool, its progress throttled into
/// `channel` (a closed window is no reason to stop the work).
async fn streamed<T: Send + 'static>(
    state: State<'_, AppState>,
    channel: Channel<Progress>,
    f: impl FnOnce(&AppState, &(dyn Fn(Progress) + Sync)) -> Result<T, CmdError> + Send + 'static,
) -> Result<T, CmdError> {
    blocking(state, move |s| {
        let throttle = Throttle::new(move |p| {
            let _ = channel.send(p);
        });
        let result = f(&s, &|p| throttle.event(p));
        throttle.flush();
        result
    })
    .await
}

/// Runs `f` on the blocking pool with a handle on the state.
async fn blocking<T: Send + 'static>(
    state: State<'_, AppState>,
    f: impl FnOnce(AppState) -> Result<T, CmdError> + Send + 'static,
) -> Result<T, CmdError> {
    let state = state.inner().clone();
    tauri::async_runtime::spawn_blocking(move || f(state))
        .await
        .map_err(|e| CmdError::failed(format!("the command stopped: {e}")))?
}

// ----- app_info -----

#[derive(Debug, Serialize)]
pub struct AppInfo {
    pub version: &'static str,
    pub data_dir: String,
    pub skills: usize,
    pub model: Option<String>,
    pub github_token: bool,
    /// A publisher is set (the default one, or one set in Settings): the
    /// `snapshot` source can run.
    pub snapshot: bool,
    /// That publisher (its address, key id, and where it was chosen).
    pub publisher: Option<ActivePublisher>,
    /// A first launch: the catalog holds nothing but the starter examples,
    /// a publisher is set and its offer was not declined. The home view then
    /// asks `catalog_offer` and offers the verified catalog.
    pub catalog_offer: bool,
    pub language: &'static str,
    pub job: Option<JobKind>,
    /// Why the settings file was not read (the app started from defaults).
    pub settings_error: Option<String>,
    /// When opening the catalog began and ended, in ms after the start.
    pub opened: Option<crate::state::OpenTiming>,
}

pub fn app_info_of(state: &AppState) -> AppInfo {
    let settings = state.settings();
    let publisher = publisher_of(state, &settings).ok().flatten();
    AppInfo {
        catalog_offer: publisher.is_some() && !settings.catalog_offer_declined && state.starter_only(),
        publisher: publisher.clone(),
        version: env!("CARGO_PKG_VERSION"),
        data_dir: state.0.data_dir.display().to_string(),
        skills: state.skills(),
        model: model_config(state, &settings).ok().flatten().map(|c| c.model),
        github_token: state.0.secrets.get(SecretName::GithubToken).0.is_some(),
        snapshot: publisher.is_some(),
        language: settings.language(settings::system_locale().as_deref()),
        job: state.job(),
        settings_error: state.0.settings_error.clone(),
        opened: state.open_timing(),
    }
}

#[tauri::command]
pub async fn app_info(state: State<'_, AppState>) -> Result<AppInfo, CmdError> {
    blocking(state, |s| Ok(app_info_of(&s))).await
}

/// The publisher the `snapshot` source takes, from the settings over the
/// environment.
fn publisher_of(state: &AppState, settings: &Settings) -> Result<Option<ActivePublisher>, CmdError> {
    settings.publisher(&state.0.secrets.lookup(settings)).map_err(CmdError::failed)
}

fn model_config(state: &AppState, settings: &Settings) -> Result<Option<ModelConfig>, CmdError> {
    ModelConfig::from_vars(state.0.secrets.lookup(settings))
        .map_err(|e| CmdError::bad_input(format!("model settings: {}", model_words(&e))))
}

/// The engine's words for a model setting, with the app's name for the
/// address (the engine names the CLI's variable).
fn model_words(message: &str) -> String {
    message.replace("SKILLS_GUIDE_LLM_URL", "the server URL")
}

/// A client for the model configured in Settings, fitted to what its server
/// says of itself (its context, and on this machine its parallel slots), as
/// the CLI's is; what it found goes out as a progress note. Asks the
/// server, so it runs inside the job, once the job is ours.
fn model_client(state: &AppState, progress: &(dyn Fn(Progress) + Sync)) -> Result<Option<ModelClient>, CmdError> {
    let Some(config) = model_config(state, &state.settings())? else { return Ok(None) };
    let mut client = ModelClient::new(config).map_err(CmdError::failed)?;
    let facts = server::discover(&mut client);
    let config = client.config();
    let context = match (config.context_tokens, &facts.context_source) {
        (Some(tokens), Some(source)) => format!("a context of {tokens} tokens ({source})"),
        _ => "its context unknown (the full budgets)".to_owned(),
    };
    progress(Progress::Note {
        message: format!(
            "model: {} ({}), {context}, {} reading(s) at once",
            skills_guide_engine::text::truncate_chars(&config.model, 80),
            facts.kind.describe(),
            config.concurrency
        ),
    });
    Ok(Some(client))
}

// ----- search -----

/// A hit: the contract's entry and what the list shows and sorts by (the
/// index's listing: `entry`, `stars`, `last_commit`, `category`, `level`),
/// and its snippet.
#[derive(Debug, Serialize)]
pub struct HitView {
    #[serde(flatten)]
    pub listing: Listing,
    pub snippet: skills_guide_catalog::index::Snippet,
}

#[derive(Debug, Serialize)]
pub struct SearchResponse {
    pub total: usize,
    pub facets: Facets,
    pub hits: Vec<HitView>,
}

pub fn search_in(catalog: &Catalog, mut query: SearchQuery) -> Result<SearchResponse, CmdError> {
    query.facets = true;
    query.limit = query.limit.min(MAX_LIMIT);
    let results = catalog.search(&query)?;
    let hits = results.hits.into_iter().map(|hit| HitView { listing: hit.listing, snippet: hit.snippet }).collect();
    Ok(SearchResponse { total: results.total, facets: results.facets, hits })
}

#[tauri::command]
pub async fn search(state: State<'_, AppState>, query: SearchQuery) -> Result<SearchResponse, CmdError> {
    blocking(state, move |s| s.read(|c| search_in(c, query))).await
}

// ----- skill -----

#[derive(Debug, Serialize)]
pub struct SkillView {
    #[serde(flatten)]
    pub show: ShowEntry,
    /// The SKILL.md rendered and sanitized (skills_guide_render).
    pub content_html: String,
    /// For an exact copy, the kept skill (R-DUP-3).
    pub kept: Option<Entry>,
    pub copies: Vec<Entry>,
    pub vetting: Vetting,
    pub stars: Option<u64>,
    pub last_commit: Option<i64>,
    pub in_awesome: bool,
    pub installs: u64,
    pub first_seen: i64,
    pub updated: i64,
    /// The skill folder's files for the Content tab's tree: SKILL.md first,
    /// then by path.
    pub folder: Vec<FolderFileView>,
}

/// One file of the skill folder as the app lists it: the record's entry,
/// how many fixed-rule findings are in it, and how the Content tab may show
/// it (`markdown`, `text`, or `none` for a file that is not text read whole).
#[derive(Debug, Serialize)]
pub struct FolderFileView {
    #[serde(flatten)]
    pub file: SkillFile,
    pub findings: usize,
    pub display: &'static str,
}

/// How a file of the folder may be shown: only text read whole is shown,
/// markdown (by its name) rendered through the same sanitizer as SKILL.md,
/// everything else as escaped lines; anything else is never shown.
fn display_of(f: &SkillFile) -> &'static str {
    let text = f.state == FileState::Read && f.kind.is_some_and(|k| k.is_text()) && f.sha256.is_some();
    let lower = f.path.to_ascii_lowercase();
    match text {
        false => "none",
        true if lower.ends_with(".md") || lower.ends_with(".markdown") => "markdown",
        true => "text",
    }
}

fn findings_in<'a>(record: &'a SkillRecord, path: &'a str) -> impl Iterator<Item = &'a Finding> {
    record.findings.iter().filter(move |f| f.file.as_deref().unwrap_or(SKILL_FILE_NAME) == path)
}

/// The folder's files, SKILL.md first then by path, each with its count of findings.
pub fn folder_of(record: &SkillRecord) -> Vec<FolderFileView> {
    let mut files: Vec<FolderFileView> = record
        .files
        .iter()
        .map(|f| FolderFileView {
            file: f.clone(),
            findings: findings_in(record, &f.path).count(),
            display: display_of(f),
        })
        .collect();
    files.sort_by(|a, b| {
        (a.file.path != SKILL_FILE_NAME, &a.file.path).cmp(&(b.file.path != SKILL_FILE_NAME, &b.file.path))
    });
    files
}

pub fn skill_in(catalog: &Catalog, id: &str) -> Result<SkillView, CmdError> {
    let record = catalog.resolve(id)?;
    // A snapshot's skill opened before the sync brought its folder: fetched
    // now, each file checked; offline, the page says the files are to come.
    if !catalog.missing_files(&record).is_empty() {
        if let Err(e) = catalog.fetch_missing_files_into_store(&record) {
            tracing::info!(id = %record.id, error = %e, "the skill's files have not arrived yet");
        }
    }
    let content = catalog.content(&record)?;
    let mut show = ShowEntry::of(&record, &content);
    show.files_pending = catalog.missing_files(&record).len();
    let content_html = skills_guide_render::skill_html(&show.content);
    let kept = match &record.copy_of {
        Some(kept_id) => {
            catalog.store().get(kept_id).map_err(|e| CmdError::failed(e.to_string()))?.map(|r| Entry::of(&r))
        }
        None => None,
    };
    let copies = catalog.copies_of(&record)?.iter().map(Entry::of).collect();
    Ok(SkillView {
        content_html,
        kept,
        copies,
        vetting: install::vetting(&record),
        stars: record.facts.stars,
        last_commit: record.facts.last_commit_unix,
        in_awesome: record.facts.in_awesome,
        installs: record.installs,
        first_seen: record.first_seen,
        updated: record.updated,
        folder: folder_of(&record),
        show,
    })
}

/// Most lines `skill_file` sends: the viewer shows one element per line.
pub const MAX_FILE_LINES: usize = 20_000;

/// One file of a skill's current version, for the Content tab's viewer.
#[derive(Debug, Serialize)]
pub struct FileContentView {
    #[serde(flatten)]
    pub file: SkillFile,
    /// `markdown`, `text`, or `none` (then `reason` says why).
    pub display: &'static str,
    /// For `none`: `binary` (a program, an archive, other binary data),
    /// `media` (an image, a PDF, a font), `not-read` (past a bound), `link`
    /// (never followed), `special`, `error`, or `missing` (its content is
    /// not in the catalog). `note` says more, for people.
    pub reason: Option<&'static str>,
    /// The text's lines (at most [`MAX_FILE_LINES`]), invisible and control
    /// characters escaped as `\u{XXXX}`: plain text for JSX, never HTML.
    pub lines: Vec<String>,
    /// The 1-based lines that held such characters.
    pub hidden_lines: Vec<usize>,
    pub total_lines: usize,
    pub truncated: bool,
    /// For `markdown`: the text rendered and sanitized as SKILL.md is.
    pub html: Option<String>,
    /// The fixed rules' findings in this file (line 0: the whole file).
    pub findings: Vec<Finding>,
    /// The version the file belongs to (the skill's current one).
    pub version: String,
}

/// The file `path` of the skill `id`'s current version. `path` is looked up
/// in the record's file list and its content read from the catalog's store
/// by hash: a path from the webview never reaches the disk, and one not in
/// the list is refused.
pub fn skill_file_in(catalog: &Catalog, id: &str, path: &str) -> Result<FileContentView, CmdError> {
    let record = catalog.resolve(id)?;
    let file = record.file(path).ok_or_else(|| {
        CmdError::bad_input(format!(
            "no file `{}` in this skill's folder",
            skills_guide_engine::text::escape_invisible(skills_guide_engine::text::truncate_chars(path, 200))
        ))
    })?;
    let mut view = FileContentView {
        file: file.clone(),
        display: "none",
        reason: None,
        lines: Vec::new(),
        hidden_lines: Vec::new(),
        total_lines: 0,
        truncated: false,
        html: None,
        findings: findings_in(&record, path).cloned().collect(),
        version: record.version_key(),
    };
    let display = display_of(file);
    let content = match (display, file.sha256.as_deref()) {
        ("none", _) | (_, None) => None,
        (_, Some(sha)) => catalog.store().content(sha).map_err(|e| CmdError::failed(e.to_string()))?,
    };
    let Some(bytes) = content else {
        view.reason = Some(match (file.state, file.kind) {
            (FileState::Read, Some(k)) if k.is_media() => "media",
            (FileState::Read, Some(k)) if !k.is_text() => "binary",
            (FileState::Read, _) => "missing",
            (FileState::NotRead, _) => "not-read",
            (FileState::Link, _) => "link",
            (FileState::Special, _) => "special",
            (FileState::Error, _) => "error",
        });
        return Ok(view);
    };
    // Line numbers as the fixed rules count them (the same decoding).
    let text = skills_guide_engine::text::decode(&bytes).text;
    for (i, line) in text.lines().enumerate() {
        view.total_lines += 1;
        if i >= MAX_FILE_LINES {
            view.truncated = true;
            continue;
        }
        let shown = skills_guide_engine::text::escape_invisible(line);
        if matches!(shown, std::borrow::Cow::Owned(_)) {
            view.hidden_lines.push(i + 1);
        }
        view.lines.push(shown.into_owned());
    }
    if display == "markdown" {
        view.html = Some(skills_guide_render::skill_html(&text));
    }
    view.display = display;
    Ok(view)
}

#[tauri::command]
pub async fn skill_file(state: State<'_, AppState>, id: String, path: String) -> Result<FileContentView, CmdError> {
    blocking(state, move |s| s.read(|c| skill_file_in(c, &id, &path))).await
}

#[tauri::command]
pub async fn skill(state: State<'_, AppState>, id: String) -> Result<SkillView, CmdError> {
    blocking(state, move |s| s.read(|c| skill_in(c, &id))).await
}

// ----- agents, install, installed, uninstall, update -----

#[derive(Debug, Serialize)]
pub struct AgentView {
    pub name: &'static str,
    pub present: bool,
    /// Where this app installs for the user scope (the settings' folder when set).
    pub user_folder: String,
    /// The agent's usual user folder.
    pub default_folder: String,
    pub project_folder: String,
    /// The user folder comes from the settings, not the agent's usual place.
    pub overridden: bool,
}

fn agent_env() -> Result<AgentEnv, CmdError> {
    AgentEnv::from_env().ok_or_else(|| CmdError::failed("no home folder: the agents' folders are unknown"))
}

pub fn agents_of(settings: &Settings, env: &AgentEnv) -> Vec<AgentView> {
    let mut out: Vec<AgentView> = agents::ALL
        .iter()
        .map(|a| {
            let custom = settings.agent_folders.get(a.name());
            AgentView {
                name: a.name(),
                present: a.is_present(env),
                user_folder: custom.cloned().unwrap_or_else(|| a.user_folder(env).display().to_string()),
                default_folder: a.user_folder(env).display().to_string(),
                project_folder: a.project_folder().display().to_string(),
                overridden: custom.is_some(),
            }
        })
        .collect();
    // The agents set up on this machine first; the contract's order otherwise.
    out.sort_by_key(|a| !a.present);
    out
}

#[tauri::command]
pub async fn agents(state: State<'_, AppState>) -> Result<Vec<AgentView>, CmdError> {
    blocking(state, |s| Ok(agents_of(&s.settings(), &agent_env()?))).await
}

#[derive(Debug, Clone, Deserialize)]
pub struct InstallRequest {
    pub id: String,
    pub agent: Option<String>,
    pub folder: Option<String>,
    #[serde(default)]
    pub scope: Option<String>,
    pub project_dir: Option<String>,
    #[serde(default)]
    pub allow_unverified: bool,
    #[serde(default)]
    pub force: bool,
    pub name: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct InstallResult {
    pub path: String,
    pub name: String,
    pub action: install::Action,
    pub vetting: Vetting,
    pub skill_id: String,
    pub sha256: String,
    /// The folder's version hash installed.
    pub version: String,
    /// Every file written (path, SHA-256, size, execute bit).
    pub files: Vec<install::InstalledFile>,
    /// Files of the version not written (not read whole, links…).
    pub not_installed: Vec<install::NotInstalled>,
    /// Entries of the user's that were in the folder, kept.
    pub kept: Vec<String>,
}

fn absolute_dir(what: &str, p: &str) -> Result<PathBuf, CmdError> {
    let path = PathBuf::from(p.trim());
    if !path.is_absolute() {
        return Err(CmdError::bad_input(format!("the {what} must be an absolute path: {p}")));
    }
    Ok(path)
}

/// Where the request installs: an agent's folder (the settings may move its
/// user folder) or a folder the user names.
pub fn install_target(req: &InstallRequest, settings: &Settings, env: &AgentEnv) -> Result<Target, CmdError> {
    let empty = |o: &Option<String>| o.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    match (empty(&req.agent), empty(&req.folder)) {
        (Some(agent), None) => {
            let agent = Agent::parse(&agent).map_err(CmdError::bad_input)?;
            let scope = Scope::parse(req.scope.as_deref().unwrap_or("user")).map_err(CmdError::bad_input)?;
            let project = match (scope, empty(&req.project_dir)) {
                (Scope::Project, None) => {
                    return Err(CmdError::bad_input("a project install needs the project's folder"))
                }
                (Scope::Project, Some(p)) => absolute_dir("project folder", &p)?,
                (Scope::User, _) => PathBuf::new(),
            };
            match (scope, settings.agent_folders.get(agent.name())) {
                (Scope::User, Some(custom)) => Ok(Target {
                    agent: agent.name().to_owned(),
                    scope: Some(Scope::User),
                    folder: absolute_dir("agent folder", custom)?,
                }),
                _ => Ok(Target::agent(agent, env, scope, &project)?),
            }
        }
        (None, Some(folder)) => Ok(Target::custom(&absolute_dir("folder", &folder)?)?),
        _ => Err(CmdError::bad_input("name either an agent or a folder to install into")),
    }
}

pub fn install_in(catalog: &Catalog, req: &InstallRequest, target: &Target) -> Result<InstallResult, CmdError> {
    let opts = InstallOptions { allow_unverified: req.allow_unverified, force: req.force, name: req.name.clone() };
    let done = catalog.install(&req.id, target, &opts)?;
    Ok(InstallResult {
        path: done.install.path.display().to_string(),
        name: done.install.name.clone(),
        action: done.action,
        vetting: done.vetting,
        skill_id: done.install.skill_id.clone(),
        sha256: done.install.sha256.clone(),
        version: done.install.version.clone(),
        files: done.install.files.clone(),
        not_installed: done.install.not_installed.clone(),
        kept: done.kept,
    })
}

#[tauri::command]
pub async fn install(state: State<'_, AppState>, request: InstallRequest) -> Result<InstallResult, CmdError> {
    blocking(state, move |s| {
        let target = install_target(&request, &s.settings(), &agent_env()?)?;
        let _writing = s.installs_for_a_moment()?;
        s.read(|c| install_in(c, &request, &target))
    })
    .await
}

/// One install, as the Installed screen shows it.
#[derive(Debug, Serialize)]
pub struct InstallView {
    pub name: String,
    /// An agent's name, or `custom` for a folder the user named.
    pub agent: String,
    /// `null` for a folder the user named.
    pub scope: Option<Scope>,
    /// The agent's skills folder: with `name`, what identifies the install.
    pub folder: String,
    /// The skill's SKILL.md (every file written is in `files`).
    pub path: String,
    pub skill_id: String,
    /// The version installed (SKILL.md's hash, the folder's version hash),
    /// and its verification then.
    pub sha256: String,
    pub version: String,
    /// Every file written, and the version's files not written.
    pub files: Vec<install::InstalledFile>,
    pub not_installed: Vec<install::NotInstalled>,
    /// What changed in the folder since: files edited or removed, entries
    /// added (a link is listed, never followed); past the listed ones, a count.
    pub changes: Vec<install::FileChange>,
    pub unlisted_changes: u64,
    pub status: skills_guide_engine::decide::Status,
    pub allowed_unverified: bool,
    pub installed_at: i64,
    pub local: install::Local,
    /// The catalog's version of the skill (`null` values: no longer in the catalog).
    pub upstream_changed: bool,
    pub upstream_sha256: Option<String>,
    pub upstream_version: Option<String>,
    pub upstream_status: Option<skills_guide_engine::decide::Status>,
    pub upstream_verified: bool,
    pub upstream_safety: Option<skills_guide_engine::decide::Safety>,
    /// What `start_update` would do with it: `up-to-date`, `update`,
    /// `read-first` (the model reads the new version, then the policy
    /// decides) or `skip`, with `skip` saying why.
    pub update: &'static str,
    pub skip: Option<UpdateSkip>,
}

/// The installs and what an update would do with each; `reads`: a model is
/// configured (an update has a new version read first).
pub fn installed_in(catalog: &Catalog, reads: bool) -> Result<Vec<InstallView>, CmdError> {
    Ok(catalog
        .installs()?
        .into_iter()
        .map(|s| {
            let (update, skip) = match s.update_plan(&UpdateOptions::default(), reads) {
                UpdatePlan::UpToDate => ("up-to-date", None),
                UpdatePlan::Update => ("update", None),
                UpdatePlan::ReadFirst => ("read-first", None),
                UpdatePlan::Skip(why) => ("skip", Some(why)),
            };
            let i = &s.install;
            let u = s.upstream.as_ref();
            InstallView {
                name: i.name.clone(),
                agent: i.agent.clone(),
                scope: i.scope,
                folder: i.folder.display().to_string(),
                path: i.path.display().to_string(),
                skill_id: i.skill_id.clone(),
                sha256: i.sha256.clone(),
                version: i.version.clone(),
                files: i.files.clone(),
                not_installed: i.not_installed.clone(),
                changes: s.changes.clone(),
                unlisted_changes: s.unlisted_changes,
                status: i.status,
                allowed_unverified: i.allowed_unverified,
                installed_at: i.installed_at,
                local: s.local,
                upstream_changed: u.is_some_and(|u| u.changed),
                upstream_sha256: u.map(|u| u.sha256.clone()),
                upstream_version: u.map(|u| u.version.clone()),
                upstream_status: u.map(|u| u.status),
                upstream_verified: u.is_some_and(|u| u.verified),
                upstream_safety: u.and_then(|u| u.safety),
                update,
                skip,
            }
        })
        .collect())
}

#[tauri::command]
pub async fn installed(state: State<'_, AppState>) -> Result<Vec<InstallView>, CmdError> {
    blocking(state, |s| {
        let reads = model_config(&s, &s.settings()).ok().flatten().is_some();
        s.read(|c| installed_in(c, reads))
    })
    .await
}

#[derive(Debug, Clone, Deserialize)]
pub struct UninstallRequest {
    /// The install's skills folder and name, as `installed` gives them.
    pub folder: String,
    pub name: String,
    /// Remove files edited since they were installed (the user confirmed).
    #[serde(default)]
    pub force: bool,
}

#[derive(Debug, Serialize)]
pub struct UninstallResult {
    pub name: String,
    pub path: String,
    /// What was found before removing: `clean`, `edited` (removed with
    /// `force`), `missing` or `tampered` (nothing touched: only the record goes).
    pub local: install::Local,
    pub file_removed: bool,
    pub folder_removed: bool,
    /// The files removed, relative to the skill folder.
    pub removed: Vec<String>,
    /// Entries in the skill's folder that Skills Guide did not write, left alone.
    pub left: Vec<String>,
}

pub fn uninstall_in(catalog: &Catalog, req: &UninstallRequest) -> Result<UninstallResult, CmdError> {
    let folder = absolute_dir("folder", &req.folder)?;
    let gone = catalog.uninstall(&folder, &req.name, req.force).map_err(|e| match e {
        // The install error's words are about replacing; here nothing was removed.
        InstallError::Edited(path) => CmdError {
            reason: Some("edited"),
            ..CmdError::new(
                ErrorKind::Policy,
                format!("{} was edited since Skills Guide installed it; nothing was removed", path.display()),
            )
        },
        e => e.into(),
    })?;
    Ok(UninstallResult {
        name: gone.install.name.clone(),
        path: gone.install.path.display().to_string(),
        local: gone.local,
        file_removed: gone.removed.file_removed,
        folder_removed: gone.removed.folder_removed,
        removed: gone.removed.removed.clone(),
        left: gone.removed.left.iter().map(|p| p.display().to_string()).collect(),
    })
}

#[tauri::command]
pub async fn uninstall(state: State<'_, AppState>, request: UninstallRequest) -> Result<UninstallResult, CmdError> {
    blocking(state, move |s| {
        let _writing = s.installs_for_a_moment()?;
        s.read(|c| uninstall_in(c, &request))
    })
    .await
}

/// Which installs to update: all of them (`names` empty, `folder` null),
/// or those of these names, in this folder (the CLI's `update [NAME...] --folder`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct UpdateRequest {
    pub names: Vec<String>,
    pub folder: Option<String>,
}

/// Brings installs up to the catalog's versions, as the CLI's `update` does
/// without flags: a new version not read yet is read by the model first
/// (when one is configured); only clean installs whose new version the
/// install policy admits are replaced, the others are skipped with why.
pub fn run_update(
    state: &AppState,
    request: &UpdateRequest,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<UpdateOutcome>, CmdError> {
    let folder = match request.folder.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
        Some(f) => Some(absolute_dir("folder", f)?),
        None => None,
    };
    let opts = UpdateOptions { names: request.names.clone(), folder, ..UpdateOptions::default() };
    model_config(state, &state.settings())?;
    state.run_job(JobKind::Update, |catalog, cancel| {
        let _writing = state.installs_for_a_job();
        let client = model_client(state, progress)?;
        Ok(catalog.update(&opts, client.as_ref(), cancel, progress)?)
    })
}

#[tauri::command]
pub async fn start_update(
    state: State<'_, AppState>,
    request: UpdateRequest,
    on_progress: Channel<Progress>,
) -> Result<Vec<UpdateOutcome>, CmdError> {
    streamed(state, on_progress, move |s, progress| run_update(s, &request, progress)).await
}

// ----- report, links -----

#[derive(Debug, Serialize)]
pub struct ReportView {
    pub url: Option<String>,
    pub opened: bool,
    pub title: String,
    pub body: String,
    pub repo: Option<String>,
    /// Why the browser could not be started, when it could not.
    pub open_error: Option<String>,
}

/// Only these leave the app for the browser; anything else is refused.
pub fn check_link(url: &str) -> Result<(), CmdError> {
    let lower = url.trim_start().to_ascii_lowercase();
    let allowed = ["https://", "http://", "mailto:"].iter().any(|s| lower.starts_with(s));
    if !allowed || url.chars().any(char::is_control) || url.len() > 8192 {
        return Err(CmdError::bad_input("only https, http and mailto links are opened"));
    }
    Ok(())
}

fn open_in_browser(url: &str) -> Result<(), String> {
    skills_guide_catalog::browser::open_url(url, std::env::var("BROWSER").ok().as_deref()).map_err(|e| e.to_string())
}

pub fn report_in(catalog: &Catalog, id: &str, open: Opener<'_>) -> Result<ReportView, CmdError> {
    let r = catalog.report(id, Some(open))?;
    let d = r.draft;
    Ok(ReportView {
        url: d.url,
        opened: r.opened,
        title: d.title,
        body: d.body,
        repo: d.repo,
        open_error: r.open_error,
    })
}

#[tauri::command]
pub async fn report(state: State<'_, AppState>, id: String) -> Result<ReportView, CmdError> {
    blocking(state, move |s| s.read(|c| report_in(c, &id, &open_in_browser))).await
}

#[tauri::command]
pub async fn open_link(state: State<'_, AppState>, url: String) -> Result<(), CmdError> {
    check_link(&url)?;
    blocking(state, move |_| open_in_browser(&url).map_err(CmdError::failed)).await
}

// ----- long jobs -----

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct SyncRequest {
    pub sources: Vec<String>,
    pub no_llm: bool,
    pub limit: Option<usize>,
}

#[derive(Debug, Serialize)]
pub struct SyncResult {
    pub summary: SyncSummary,
    pub readings: Option<VerifySummary>,
}

/// The request's sources: `snapshot` alone is the publisher's (the default
/// one, or the address set in Settings); the others are the catalog's names
/// (`snapshot:ADDR` as given).
pub fn parse_sources(names: &[String], publisher: Option<&ActivePublisher>) -> Result<Vec<Source>, CmdError> {
    if names.is_empty() {
        return Ok(Source::public());
    }
    let mut sources = Vec::new();
    for name in names {
        let name = name.trim();
        let source = if name == "snapshot" {
            let address = publisher.map(|p| p.address.clone()).ok_or_else(|| {
                CmdError::bad_input(
                    "no snapshot address in Settings: the default publisher was removed; set a publisher's address, \
                     or use the default one again, to sync it",
                )
            })?;
            Source::Snapshot(address)
        } else {
            Source::parse(name).map_err(CmdError::bad_input)?
        };
        match &source {
            Source::Dir(p) if !p.is_absolute() => {
                return Err(CmdError::bad_input(format!("a folder to sync must be an absolute path: {}", p.display())));
            }
            Source::Snapshot(a) => settings::check_snapshot_address(a).map_err(CmdError::bad_input)?,
            _ => {}
        }
        sources.push(source);
    }
    Ok(sources)
}

pub fn run_sync(
    state: &AppState,
    request: &SyncRequest,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<SyncResult, CmdError> {
    let settings = state.settings();
    let publisher = publisher_of(state, &settings)?;
    let sources = parse_sources(&request.sources, publisher.as_ref())?;
    let lookup = state.0.secrets.lookup(&settings);
    let snapshot_key = snapshot_key_for(&sources, publisher.as_ref(), &settings, &lookup);
    let github = GithubConfig::from_vars(&lookup).map_err(|e| CmdError::bad_input(format!("GitHub settings: {e}")))?;
    if !request.no_llm {
        model_config(state, &settings)?;
    }
    state.run_job(JobKind::Sync, |catalog, cancel| {
        let client = if request.no_llm { None } else { model_client(state, progress)? };
        let mut opts = SyncOptions {
            limit: request.limit,
            cancel: cancel.clone(),
            github: Some(github),
            ..SyncOptions::default()
        };
        opts.snapshot.key = snapshot_key;
        let (summary, readings) = catalog.sync_and_read(&sources, &opts, client.as_ref(), progress)?;
        Ok(SyncResult { summary, readings })
    })
}

/// The key the snapshot sources are checked with (one for the sync): the
/// publisher's when every one is the publisher's address; else the key set
/// in Settings, else the environment's (as the CLI reads it), else the
/// built-in one when every one is the default publication.
fn snapshot_key_for(
    sources: &[Source],
    publisher: Option<&ActivePublisher>,
    settings: &Settings,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Option<String> {
    let snapshots: Vec<&str> =
        sources.iter().filter_map(|s| if let Source::Snapshot(a) = s { Some(a.as_str()) } else { None }).collect();
    let all = |address: &str| snapshots.iter().all(|a| skills_guide_catalog::publisher::same_address(a, address));
    if let Some(p) = publisher.filter(|p| all(&p.address) && p.key.is_some()) {
        return p.key.clone();
    }
    settings.snapshot_key.clone().or_else(|| lookup("SKILLS_GUIDE_SNAPSHOT_PUBKEY")).or_else(|| {
        let first = snapshots.first()?;
        let default = skills_guide_catalog::publisher::key_for(first, lookup).ok().flatten()?;
        all(&default.address).then_some(default.public_key)
    })
}

#[tauri::command]
pub async fn start_sync(
    state: State<'_, AppState>,
    request: SyncRequest,
    on_progress: Channel<Progress>,
) -> Result<SyncResult, CmdError> {
    streamed(state, on_progress, move |s, progress| run_sync(s, &request, progress)).await
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct VerifyRequest {
    pub ids: Vec<String>,
    pub pending: bool,
    pub unverified: bool,
    pub all: bool,
}

pub fn run_verify(
    state: &AppState,
    request: &VerifyRequest,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<VerifySummary, CmdError> {
    let selection = Selection {
        ids: request.ids.clone(),
        pending: request.pending,
        unverified: request.unverified,
        all: request.all,
    };
    if selection.is_empty() {
        return Err(CmdError::bad_input("choose the skills to verify"));
    }
    if model_config(state, &state.settings())?.is_none() {
        return Err(CmdError::bad_input("no model is configured: set the model's address or key in Settings"));
    }
    state.run_job(JobKind::Verify, |catalog, cancel| {
        let client = model_client(state, progress)?
            .ok_or_else(|| CmdError::bad_input("no model is configured: set the model's address or key in Settings"))?;
        let ids = catalog.select(&selection)?;
        Ok(catalog.verify(&client, &ids, cancel, progress)?)
    })
}

#[tauri::command]
pub async fn start_verify(
    state: State<'_, AppState>,
    request: VerifyRequest,
    on_progress: Channel<Progress>,
) -> Result<VerifySummary, CmdError> {
    streamed(state, on_progress, move |s, progress| run_verify(s, &request, progress)).await
}

#[tauri::command]
pub async fn rebuild_index(state: State<'_, AppState>, on_progress: Channel<Progress>) -> Result<(), CmdError> {
    streamed(state, on_progress, |s, progress| {
        s.run_job(JobKind::Rebuild, |catalog, _cancel| Ok(catalog.rebuild_index(progress)?))
    })
    .await
}

#[tauri::command]
pub async fn cancel_job(state: State<'_, AppState>) -> Result<bool, CmdError> {
    Ok(state.cancel_job())
}

// ----- settings -----

#[derive(Debug, Serialize)]
pub struct SecretsView {
    pub github_token: SecretPlace,
    pub model_key: SecretPlace,
}

/// A publisher as Settings shows it: where, and the key's id.
#[derive(Debug, Clone, Serialize)]
pub struct PublisherView {
    pub address: String,
    pub key_id: String,
}

/// A publication applied to this catalog.
#[derive(Debug, Clone, Serialize)]
pub struct AppliedView {
    pub address: String,
    pub sequence: u64,
    pub published_at: i64,
}

#[derive(Debug, Serialize)]
pub struct SettingsView {
    #[serde(flatten)]
    pub settings: Settings,
    pub secrets: SecretsView,
    pub keyring: bool,
    /// The publisher the `snapshot` source takes now; `null` when the
    /// default was removed (or turned off) and none is set here.
    pub publisher: Option<ActivePublisher>,
    /// The default publisher (built in, at the address
    /// `SKILLS_GUIDE_CATALOG` may give); `null` when that variable is `off`.
    pub default_publisher: Option<PublisherView>,
    /// The last publication applied from that publisher's key, when any
    /// (and when the catalog is open).
    pub last_applied: Option<AppliedView>,
    /// Why the publisher could not be worked out (a broken built-in file).
    pub publisher_error: Option<String>,
}

pub fn settings_view(state: &AppState) -> SettingsView {
    let secrets = &state.0.secrets;
    let settings = state.settings();
    let (default, publisher) = {
        let lookup = secrets.lookup(&settings);
        (skills_guide_catalog::publisher::default_publisher(&lookup), settings.publisher(&lookup))
    };
    let publisher_error = default.as_ref().err().or(publisher.as_ref().err()).cloned();
    let publisher = publisher.ok().flatten();
    let last_applied = publisher.as_ref().and_then(|p| p.key_id.as_deref()).and_then(|key_id| {
        let applied =
            state.read(|c| skills_guide_catalog::publisher::last_applied(c.store(), key_id).map_err(CmdError::from));
        applied.ok().flatten().map(|a| AppliedView {
            address: a.address,
            sequence: a.sequence,
            published_at: a.published_at,
        })
    });
    SettingsView {
        secrets: SecretsView {
            github_token: secrets.place(SecretName::GithubToken),
            model_key: secrets.place(SecretName::ModelKey),
        },
        keyring: secrets.has_vault(),
        default_publisher: default.ok().flatten().map(|p| PublisherView { address: p.address, key_id: p.key_id }),
        publisher,
        last_applied,
        publisher_error,
        settings,
    }
}

#[tauri::command]
pub async fn get_settings(state: State<'_, AppState>) -> Result<SettingsView, CmdError> {
    blocking(state, |s| Ok(settings_view(&s))).await
}

pub fn save_settings_in(state: &AppState, settings: Settings) -> Result<SettingsView, CmdError> {
    let mut settings = settings.normalized().map_err(CmdError::bad_input)?;
    // These two change only by their own commands (`set_publisher`,
    // `decline_catalog_offer`): a form saved from an older view of them
    // does not undo them. An address of one's own is a publisher again.
    let current = state.settings();
    settings.catalog_offer_declined = current.catalog_offer_declined;
    settings.default_publisher_removed = current.default_publisher_removed && settings.snapshot_url.is_none();
    // A model address that cannot work is said now, not at the next sync.
    ModelConfig::from_vars(state.0.secrets.lookup(&settings)).map_err(|e| CmdError::bad_input(model_words(&e)))?;
    settings::save(&state.0.data_dir, &settings)
        .map_err(|e| CmdError::failed(format!("cannot save the settings in {}: {e}", state.0.data_dir.display())))?;
    state.set_settings(settings);
    Ok(settings_view(state))
}

#[tauri::command]
pub async fn save_settings(state: State<'_, AppState>, settings: Settings) -> Result<SettingsView, CmdError> {
    blocking(state, move |s| save_settings_in(&s, settings)).await
}

// ----- the default publisher and the first launch's offer -----

/// The publisher choices Settings offers besides an address of one's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PublisherChoice {
    /// The default publisher again (an address set here is forgotten).
    Default,
    /// No publisher: no snapshot sync, no offer.
    None,
}

/// Keeps `settings` as they are now, written first.
fn keep_settings(state: &AppState, settings: Settings) -> Result<(), CmdError> {
    settings::save(&state.0.data_dir, &settings)
        .map_err(|e| CmdError::failed(format!("cannot save the settings in {}: {e}", state.0.data_dir.display())))?;
    state.set_settings(settings);
    Ok(())
}

pub fn set_publisher_in(state: &AppState, choice: PublisherChoice) -> Result<SettingsView, CmdError> {
    let mut settings = state.settings();
    settings.snapshot_url = None;
    settings.snapshot_key = None;
    settings.default_publisher_removed = choice == PublisherChoice::None;
    keep_settings(state, settings)?;
    Ok(settings_view(state))
}

#[tauri::command]
pub async fn set_publisher(state: State<'_, AppState>, choice: PublisherChoice) -> Result<SettingsView, CmdError> {
    blocking(state, move |s| set_publisher_in(&s, choice)).await
}

/// The offer is hidden for good (Settings' publisher stays as it is).
pub fn decline_catalog_offer_in(state: &AppState) -> Result<AppInfo, CmdError> {
    let mut settings = state.settings();
    settings.catalog_offer_declined = true;
    keep_settings(state, settings)?;
    Ok(app_info_of(state))
}

#[tauri::command]
pub async fn decline_catalog_offer(state: State<'_, AppState>) -> Result<AppInfo, CmdError> {
    blocking(state, |s| decline_catalog_offer_in(&s)).await
}

/// What the home view offers at first launch: the publisher's latest
/// publication, read from its signed index alone (nothing is downloaded
/// past it, nothing in the catalog changes). Its numbers are checked by the
/// signature; they are still shown as plain text.
#[derive(Debug, Serialize)]
pub struct OfferView {
    pub address: String,
    pub key_id: String,
    pub origin: settings::PublisherOrigin,
    pub sequence: u64,
    pub published_at: i64,
    pub entries: usize,
    /// What the first sync downloads, when the publication says.
    pub download_bytes: Option<u64>,
}

/// The offer, when it is a first launch (`app_info`'s `catalog_offer`);
/// `null` otherwise.
pub fn catalog_offer_in(state: &AppState) -> Result<Option<OfferView>, CmdError> {
    let settings = state.settings();
    let Some(publisher) = publisher_of(state, &settings)? else { return Ok(None) };
    if settings.catalog_offer_declined || !state.starter_only() {
        return Ok(None);
    }
    let (Some(line), Some(key_id)) = (publisher.key.as_deref(), publisher.key_id.clone()) else {
        return Err(CmdError::bad_input("the publisher has no usable key: give its key in Settings"));
    };
    let key = skills_guide_catalog::snapshot::keys::public_key(line).map_err(|e| CmdError::bad_input(e.to_string()))?;
    // Asked on the home view: a host that is down is said soon, not after
    // the sync's full round of retries.
    let mut retry = skills_guide_catalog::snapshot::SnapshotOptions::default().retry;
    retry.max_attempts = retry.max_attempts.min(2);
    let offer = skills_guide_catalog::publisher::offer(&publisher.address, &key, retry)
        .map_err(|e| CmdError::from(skills_guide_catalog::CatalogError::from(e)))?;
    Ok(Some(OfferView {
        address: publisher.address,
        key_id,
        origin: publisher.origin,
        sequence: offer.sequence,
        published_at: offer.published_at,
        entries: offer.entries,
        download_bytes: offer.download_bytes,
    }))
}

#[tauri::command]
pub async fn catalog_offer(state: State<'_, AppState>) -> Result<Option<OfferView>, CmdError> {
    blocking(state, |s| catalog_offer_in(&s)).await
}

// ----- the model's Test button -----

/// The model fields of the Settings form, as they are now (not saved yet).
#[derive(Clone, Default, Deserialize)]
#[serde(default)]
pub struct CheckModelRequest {
    pub model_url: Option<String>,
    pub model_name: Option<String>,
    /// A key typed in the form and not saved yet; empty: the saved one.
    pub model_key: Option<String>,
}

/// Without the key, should the request ever be printed.
impl std::fmt::Debug for CheckModelRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CheckModelRequest")
            .field("model_url", &self.model_url)
            .field("model_name", &self.model_name)
            .field("model_key", &self.model_key.as_ref().map(|_| "***"))
            .finish()
    }
}

/// Which key the check sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKey {
    /// The one typed in the form.
    Typed,
    /// The saved one (keyring, session or environment).
    Saved,
    /// None: there is none, or the saved one belongs to another address
    /// (`key_withheld`).
    None,
}

/// What the Test button shows: the engine's check (`skills-guide model
/// check --json`), the budgets a skill's text is fitted from, and which key
/// went with it (never the key itself).
#[derive(Debug, Serialize)]
pub struct ModelCheckView {
    #[serde(flatten)]
    pub report: CheckReport,
    /// The characters of a skill the card and the audit read with room to
    /// spare (`card_chars`/`audit_chars` are these, or fewer for a small context).
    pub card_chars_full: usize,
    pub audit_chars_full: usize,
    pub key: CheckKey,
    /// A key is saved, but for another address: it was not sent there.
    pub key_withheld: bool,
}

/// Checks the model server the form names, as `skills-guide model check`
/// does. The address is validated as saving validates it. The saved key is
/// sent only to the address it is saved with (the saved one, or DeepSeek's
/// when none is): trying another server sends it only a key typed for it.
pub fn check_model_in(state: &AppState, request: CheckModelRequest) -> Result<ModelCheckView, CmdError> {
    let clean = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let saved = state.settings();
    let form = Settings { model_url: clean(request.model_url), model_name: clean(request.model_name), ..saved.clone() };
    let typed = clean(request.model_key);
    let secrets = state.0.secrets.lookup(&form);
    let lookup = |var: &str| match (var, &typed) {
        ("SKILLS_GUIDE_LLM_KEY", Some(key)) => Some(key.clone()),
        _ => secrets(var),
    };
    let mut config = ModelConfig::from_vars(lookup)
        .map_err(|e| CmdError::bad_input(model_words(&e)))?
        .ok_or_else(|| CmdError::bad_input("no model to test: give the server's address (or a key for DeepSeek)"))?;
    let mut key = match (&typed, &config.key) {
        (Some(_), _) => CheckKey::Typed,
        (None, Some(_)) => CheckKey::Saved,
        (None, None) => CheckKey::None,
    };
    let mut key_withheld = false;
    if key == CheckKey::Saved {
        let saved_url = model_config(state, &saved).ok().flatten().map(|c| c.url);
        if saved_url.as_deref() != Some(config.url.as_str()) {
            config.key = None;
            key = CheckKey::None;
            key_withheld = true;
        }
    }
    Ok(ModelCheckView {
        report: server::check(config),
        card_chars_full: readings::CARD_CHARS,
        audit_chars_full: readings::AUDIT_CHARS,
        key,
        key_withheld,
    })
}

#[tauri::command]
pub async fn check_model(state: State<'_, AppState>, request: CheckModelRequest) -> Result<ModelCheckView, CmdError> {
    blocking(state, move |s| check_model_in(&s, request)).await
}

#[tauri::command]
pub async fn set_secret(
    state: State<'_, AppState>,
    name: String,
    value: Option<String>,
) -> Result<SettingsView, CmdError> {
    blocking(state, move |s| {
        let name = SecretName::parse(&name).map_err(CmdError::bad_input)?;
        s.0.secrets.set(name, value.as_deref()).map_err(|e| CmdError::new(ErrorKind::Failed, e))?;
        Ok(settings_view(&s))
    })
    .await
}
