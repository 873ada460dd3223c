//! Installing a vetted skill into an agent's skills folder, keeping it
//! updated, removing it, and saying what is installed.
//!
//! An install writes the skill's whole folder, `<folder>/<name>/`: every
//! file of the version that was verified and read whole, byte for byte, with
//! its execute bit ([`disk`] says how: a temporary folder beside the target,
//! then a rename or a swap, so an interrupted install leaves the old install
//! or nothing). A file of the version that was not read whole (past a bound,
//! a link, a special file) is never written: it is listed as not installed.
//! The catalog keeps a provenance record (source, version hash, every file
//! written with its SHA-256 and execute bit, status and rating at install
//! time, date). That record is how `installed`, `update` and `uninstall`
//! know what they own: a folder with no record, or whose files changed since
//! (a file edited, removed or added), is never replaced or removed without
//! `force`, and uninstalling removes only the files the install wrote.
//!
//! A record made when an install was a lone SKILL.md (no file list) reads as
//! an install of that one file ([`InstallRecord::upgraded`]).
//!
//! No file of a skill is ever run here (R-LIM): installing copies bytes.

pub mod disk;
pub mod name;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use skills_guide_engine::decide::{Safety, Status};

use crate::agents::{Agent, AgentEnv, Scope};
use crate::progress::{Cancel, ProgressFn};
use crate::record::{single_file_version, SkillRecord, SourceRef};
use crate::store::StoreError;
use crate::{Catalog, CatalogError};
pub use disk::{Change, FileChange, InstalledFile, Local, Removed};
use disk::{DiskError, Inspection, SKILL_FILE};
use name::NameError;
use skills_guide_engine::filekind::FileKind;
use skills_guide_engine::folder::FileState;

/// The provenance of one install, kept in the catalog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InstallRecord {
    pub name: String,
    /// An agent's name (`claude-code`…), or `custom` for a folder the user named.
    pub agent: String,
    /// `None` for a custom folder.
    pub scope: Option<Scope>,
    /// The agent's skills folder (absolute).
    pub folder: PathBuf,
    /// The skill's entry point, `<folder>/<name>/SKILL.md` (every file
    /// written is in `files`).
    pub path: PathBuf,
    pub skill_id: String,
    pub source: SourceRef,
    /// SKILL.md's SHA-256 in the version installed (the catalog's `sha256`).
    pub sha256: String,
    /// The version installed: its folder's version hash
    /// ([`SkillRecord::version_key`]). Empty in a record made before
    /// installs were folders ([`Self::upgraded`] fills it).
    #[serde(default)]
    pub version: String,
    /// Bytes written, every file together.
    pub bytes: u64,
    /// Every file written, SKILL.md included, by path. Empty in a record
    /// made when an install was SKILL.md alone ([`Self::upgraded`]).
    #[serde(default)]
    pub files: Vec<InstalledFile>,
    /// Files of the version that were not written: not read whole when the
    /// skill was synced (past a bound, a link, a special file).
    #[serde(default)]
    pub not_installed: Vec<NotInstalled>,
    /// The verification of that version when it was installed.
    pub status: Status,
    pub verified: bool,
    pub safety: Option<Safety>,
    pub quality: Option<u8>,
    /// Installed although not published, on the user's explicit say-so.
    pub allowed_unverified: bool,
    pub installed_at: i64,
}

impl InstallRecord {
    pub fn key(&self) -> Vec<u8> {
        install_key(&self.folder, &self.name)
    }

    pub fn dir(&self) -> PathBuf {
        self.folder.join(&self.name)
    }

    /// The record as this version reads it: one made when an install was a
    /// lone SKILL.md is an install of that one file, of that file's version.
    pub fn upgraded(mut self) -> InstallRecord {
        if self.files.is_empty() {
            self.files = vec![InstalledFile {
                path: SKILL_FILE.to_owned(),
                sha256: self.sha256.clone(),
                bytes: self.bytes,
                executable: false,
            }];
        }
        if self.version.is_empty() {
            self.version = single_file_version(&self.sha256);
        }
        self
    }

    /// The paths of the files the install wrote.
    pub fn written_paths(&self) -> Vec<String> {
        self.files.iter().map(|f| f.path.clone()).collect()
    }
}

/// A file of a skill's version that an install does not write.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotInstalled {
    /// Relative to the skill folder; escape it to show it.
    pub path: String,
    /// Why: `not-read` (past a bound), `link`, `special` or `error`.
    pub state: FileState,
    pub bytes: u64,
    /// The catalog's note on it (the bound, where a link points…), for people.
    #[serde(default)]
    pub note: Option<String>,
}

/// One file an install of a skill's current version writes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlannedFile {
    #[serde(flatten)]
    pub file: InstalledFile,
    /// The content's kind (text, elf, zip…).
    pub kind: Option<FileKind>,
}

/// What installing a skill's current version writes, and what it cannot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InstallPlan {
    /// The version: its folder's version hash.
    pub version: String,
    /// Every file written, by path (SKILL.md included).
    pub files: Vec<PlannedFile>,
    /// Every file of the version that is not written, by path.
    pub not_installed: Vec<NotInstalled>,
    /// Bytes written, every file together.
    pub bytes: u64,
}

impl InstallPlan {
    fn written(&self) -> Vec<InstalledFile> {
        self.files.iter().map(|f| f.file.clone()).collect()
    }
}

/// The files installing `record`'s current version writes: each file read
/// whole (with its SHA-256), checked as a path inside the folder (a record
/// may come from a snapshot); the others are listed as not installed, never
/// dropped silently. A link is never recreated.
pub fn install_plan(record: &SkillRecord) -> Result<InstallPlan, InstallError> {
    let mut files = Vec::new();
    let mut not_installed = Vec::new();
    for f in &record.files {
        disk::check_path(&f.path)?;
        match (&f.sha256, f.state) {
            (Some(sha), FileState::Read) => files.push(PlannedFile {
                file: InstalledFile {
                    path: f.path.clone(),
                    sha256: sha.clone(),
                    bytes: f.bytes,
                    executable: f.executable,
                },
                kind: f.kind,
            }),
            _ => not_installed.push(NotInstalled {
                path: f.path.clone(),
                state: f.state,
                bytes: f.bytes,
                note: f.note.clone(),
            }),
        }
    }
    // A record without a file list (never written by this version) is its SKILL.md.
    if !files.iter().any(|f| f.file.path == SKILL_FILE) {
        not_installed.retain(|f| f.path != SKILL_FILE);
        files.push(PlannedFile {
            file: InstalledFile {
                path: SKILL_FILE.to_owned(),
                sha256: record.sha256.clone(),
                bytes: record.bytes,
                executable: false,
            },
            kind: None,
        });
    }
    let mut seen = std::collections::BTreeSet::new();
    if files.len() > skills_guide_engine::folder::MAX_FILES || !files.iter().all(|f| seen.insert(&f.file.path)) {
        return Err(InstallError::BadRecord(record.id.clone()));
    }
    files.sort_by(|a, b| a.file.path.cmp(&b.file.path));
    not_installed.sort_by(|a, b| a.path.cmp(&b.path));
    let bytes = files.iter().map(|f| f.file.bytes).sum();
    Ok(InstallPlan { version: record.version_key(), files, not_installed, bytes })
}

/// The store key of the install of `name` in `folder`.
pub fn install_key(folder: &Path, name: &str) -> Vec<u8> {
    let mut key = folder.as_os_str().as_encoded_bytes().to_vec();
    key.push(0);
    key.extend_from_slice(name.as_bytes());
    key
}

/// Where to install: an agent's folder for a scope, or a folder the user names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub agent: String,
    pub scope: Option<Scope>,
    /// The skills folder, absolute.
    pub folder: PathBuf,
}

impl Target {
    /// `agent`'s folder for `scope`; a project scope is rooted at
    /// `project_dir`, which must exist.
    pub fn agent(agent: Agent, env: &AgentEnv, scope: Scope, project_dir: &Path) -> Result<Target, InstallError> {
        if scope == Scope::Project && !project_dir.is_dir() {
            return Err(InstallError::NoProject(project_dir.to_path_buf()));
        }
        let folder = absolute(&agent.folder(env, scope, project_dir))?;
        Ok(Target { agent: agent.name().to_owned(), scope: Some(scope), folder })
    }

    /// A skills folder the user names (for an agent not in the list).
    pub fn custom(folder: &Path) -> Result<Target, InstallError> {
        Ok(Target { agent: "custom".to_owned(), scope: None, folder: absolute(folder)? })
    }
}

fn absolute(p: &Path) -> Result<PathBuf, InstallError> {
    std::path::absolute(p).map_err(|e| InstallError::Disk(DiskError::Io { path: p.to_path_buf(), source: e }))
}

/// How far the verification vouches for a skill's current version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Vetting {
    /// Published after the model read it (R-DEC-7): installs.
    Vetted,
    /// Pending, unverified or excluded: installs only on explicit consent.
    Unvetted,
    /// Rejected: never installs.
    Refused,
}

pub fn vetting(r: &SkillRecord) -> Vetting {
    match r.status() {
        Status::Published if r.decision.verified && r.audit.is_some() && r.reading_error.is_none() => Vetting::Vetted,
        Status::Rejected => Vetting::Refused,
        _ => Vetting::Unvetted,
    }
}

#[derive(Debug, Clone, Default)]
pub struct InstallOptions {
    /// Install a pending or unverified skill (never a rejected one).
    pub allow_unverified: bool,
    /// Replace a SKILL.md that Skills Guide did not write, or that was edited.
    pub force: bool,
    /// The folder name, when the skill's own name is not a valid one.
    pub name: Option<String>,
}

/// What an install did to the skill folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// A new folder.
    New,
    /// Replaced an install this catalog made whose files nobody edited
    /// (some may have been removed, others added: the added ones stay).
    Replaced,
    /// The same files, byte for byte, were already there, placed by someone
    /// else: now tracked.
    Adopted,
    /// Replaced a folder that was foreign or edited, because of `force`
    /// (the entries the version does not have stay).
    Forced,
}

#[derive(Debug, Clone, Serialize)]
pub struct Installed {
    #[serde(flatten)]
    pub install: InstallRecord,
    pub action: Action,
    pub vetting: Vetting,
    /// Entries that were in the folder, not written by Skills Guide (or not
    /// by the install replaced), kept in place (relative paths).
    pub kept: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error(
        "{name} ({id}) was rejected by its verification and is never installed; `skills-guide show {id}` says why"
    )]
    Rejected { id: String, name: String },
    #[error(
        "{name} ({id}) is {}, not vetted: read its findings (`skills-guide show {id}`), \
         then pass --allow-unverified to install it anyway",
        .status.as_str()
    )]
    NotVetted { id: String, name: String, status: Status },
    #[error("cannot install under this name: {0}; pass --name NAME with a valid one")]
    BadName(#[from] NameError),
    #[error(
        "{0} already exists and was not installed by Skills Guide; nothing was written \
         (--force replaces its files with the skill's, keeping the others)"
    )]
    Foreign(PathBuf),
    #[error("{0} was edited since Skills Guide installed it; nothing was changed (--force replaces or removes it)")]
    Edited(PathBuf),
    #[error("{name} in {folder} was not installed by Skills Guide; nothing was removed")]
    NotInstalled { name: String, folder: PathBuf },
    #[error("the files of {0} are not in the catalog yet (a snapshot sync still bringing them?); sync again")]
    NoContent(String),
    #[error("the project folder {0} does not exist")]
    NoProject(PathBuf),
    #[error("the catalog's file list of {0} is not one an install can write (too many files, or a path twice); sync it again")]
    BadRecord(String),
    #[error(transparent)]
    Disk(#[from] DiskError),
}

impl From<StoreError> for InstallError {
    fn from(e: StoreError) -> Self {
        InstallError::Catalog(CatalogError::Store(e))
    }
}

/// Looks at an install's folder; a record whose file list cannot be paths
/// (a damaged store) reads as tampered: nothing of it is touched.
fn inspect_install(install: &InstallRecord) -> Result<Inspection, DiskError> {
    match disk::inspect(&install.dir(), &install.files) {
        Err(DiskError::BadPath(_)) => Ok(Inspection {
            local: Local::Tampered,
            changes: Vec::new(),
            unlisted: 0,
            tampered: Some((install.dir(), false)),
        }),
        other => other,
    }
}

/// The path of the first file edited since the install, for an error.
fn first_edit(dir: &Path, seen: &Inspection) -> PathBuf {
    seen.changes.iter().find(|c| c.change == Change::Edited).map_or_else(|| dir.to_path_buf(), |c| dir.join(&c.path))
}

/// The catalog's current knowledge of an installed skill.
#[derive(Debug, Clone, Serialize)]
pub struct Upstream {
    pub id: String,
    /// SKILL.md's SHA-256 in the catalog's version.
    pub sha256: String,
    /// The catalog's version (its folder's version hash).
    pub version: String,
    pub status: Status,
    pub verified: bool,
    pub safety: Option<Safety>,
    pub quality: Option<u8>,
    /// The catalog holds another version than the one installed (any file of
    /// the folder changed).
    pub changed: bool,
    /// How far the verification vouches for that version (the install policy's input).
    pub vetting: Vetting,
    /// That version awaits the model's reading: `update` has it read first.
    pub awaits_reading: bool,
}

/// One install as `installed` shows it.
#[derive(Debug, Clone, Serialize)]
pub struct InstallStatus {
    #[serde(flatten)]
    pub install: InstallRecord,
    pub local: Local,
    /// What changed in the folder since the install, by path: files edited
    /// or removed, entries added (without following any link).
    pub changes: Vec<FileChange>,
    /// Changes past the ones listed, counted.
    pub unlisted_changes: u64,
    /// `None` when the catalog no longer knows the skill.
    pub upstream: Option<Upstream>,
}

impl InstallStatus {
    /// What [`Catalog::update`] would do with this install now, with `opts`;
    /// `reads`: a model is configured, so a new version not read yet is read
    /// first (its verdict is then unknown until the update runs).
    pub fn update_plan(&self, opts: &UpdateOptions, reads: bool) -> UpdatePlan {
        let Some(upstream) = &self.upstream else { return UpdatePlan::Skip(UpdateSkip::Gone) };
        if !upstream.changed {
            return UpdatePlan::UpToDate;
        }
        // The state on disk decides first, whatever a reading would say.
        if let Some(skip) = update_skip(self.local, Vetting::Vetted, opts) {
            return UpdatePlan::Skip(skip);
        }
        if reads && upstream.awaits_reading {
            return UpdatePlan::ReadFirst;
        }
        match update_skip(self.local, upstream.vetting, opts) {
            Some(skip) => UpdatePlan::Skip(skip),
            None => UpdatePlan::Update,
        }
    }
}

/// What `update` would do with an install ([`InstallStatus::update_plan`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpdatePlan {
    /// The installed version is the catalog's.
    UpToDate,
    /// The new version replaces the installed one.
    Update,
    /// The new version is read by the model first; the policy then decides.
    ReadFirst,
    /// The installed version is kept, for this reason.
    Skip(UpdateSkip),
}

/// Why `update` keeps an install as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum UpdateSkip {
    /// The catalog no longer holds the skill.
    Gone,
    /// Removed from the agent folder since it was installed.
    Missing,
    /// Replaced by a link or something that is not a file.
    Tampered,
    /// A file edited, removed or added since it was installed (only `force`
    /// replaces it).
    Edited,
    /// The new version was rejected by its verification.
    Rejected,
    /// The new version is pending, unverified or excluded (only
    /// `allow_unverified` takes it).
    NotVetted,
}

impl UpdateSkip {
    /// The reason in words; `status` is the new version's.
    pub fn reason(self, status: Option<Status>) -> String {
        match self {
            UpdateSkip::Gone => "the skill is no longer in the catalog".into(),
            UpdateSkip::Missing => "removed from the agent folder since it was installed".into(),
            UpdateSkip::Tampered => "a link or a non-file is where it was installed".into(),
            UpdateSkip::Edited => {
                "edited since it was installed: a file edited, removed or added (--force replaces it)".into()
            }
            UpdateSkip::Rejected => {
                "the new version was rejected by its verification; the installed one is kept".into()
            }
            UpdateSkip::NotVetted => format!(
                "the new version is {}, not vetted (--allow-unverified takes it)",
                status.map_or("not vetted", Status::as_str)
            ),
        }
    }
}

/// Whether `update` replaces an install found `local` by a new version
/// vetted as `new_version`: `None` when it does, else why it does not. Only
/// a clean install (no file edited, removed or added; or an edited one with
/// `force`) is replaced, and only by a version the install policy admits.
pub fn update_skip(local: Local, new_version: Vetting, opts: &UpdateOptions) -> Option<UpdateSkip> {
    match (local, new_version) {
        (Local::Missing, _) => Some(UpdateSkip::Missing),
        (Local::Tampered, _) => Some(UpdateSkip::Tampered),
        (Local::Edited, _) if !opts.force => Some(UpdateSkip::Edited),
        (_, Vetting::Refused) => Some(UpdateSkip::Rejected),
        (_, Vetting::Unvetted) if !opts.allow_unverified => Some(UpdateSkip::NotVetted),
        _ => None,
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Uninstalled {
    #[serde(flatten)]
    pub install: InstallRecord,
    pub local: Local,
    /// What had changed in the folder since the install, found before removing.
    pub changes: Vec<FileChange>,
    #[serde(flatten)]
    pub removed: Removed,
}

#[derive(Debug, Clone, Default)]
pub struct UpdateOptions {
    /// Only the installs of these names (all when empty).
    pub names: Vec<String>,
    /// Only the installs in this folder.
    pub folder: Option<PathBuf>,
    pub allow_unverified: bool,
    pub force: bool,
}

/// What `update` did with one install.
#[derive(Debug, Clone, Serialize)]
pub struct UpdateOutcome {
    pub name: String,
    pub agent: String,
    /// The agent's skills folder (with `name`, the install's identity).
    pub folder: PathBuf,
    pub path: PathBuf,
    /// SKILL.md's SHA-256, installed and in the catalog.
    pub from_sha256: String,
    pub to_sha256: Option<String>,
    /// The folder's version hash, installed and in the catalog.
    pub from_version: String,
    pub to_version: Option<String>,
    /// `updated`, `up-to-date` or `skipped`.
    pub result: &'static str,
    /// Why it was skipped, or what changed.
    pub reason: Option<String>,
    /// Why it was skipped, as a code.
    pub skip: Option<UpdateSkip>,
    pub status: Option<Status>,
    pub safety: Option<Safety>,
}

impl Catalog {
    /// Installs the skill `key` (id, id prefix or name) into `target`.
    /// A copy installs its kept skill (R-DUP-3).
    pub fn install(&self, key: &str, target: &Target, opts: &InstallOptions) -> Result<Installed, InstallError> {
        let record = self.kept(self.resolve(key)?)?;
        let now = skills_guide_engine::scan::now_unix();
        self.install_record(&record, target, opts, now)
    }

    /// What installing `record` installs: itself, or for an exact copy its
    /// kept skill (R-DUP-3).
    pub fn kept(&self, record: SkillRecord) -> Result<SkillRecord, InstallError> {
        match record.copy_of.as_deref() {
            Some(kept) => Ok(self.store().get(kept)?.unwrap_or(record)),
            None => Ok(record),
        }
    }

    fn install_record(
        &self,
        record: &SkillRecord,
        target: &Target,
        opts: &InstallOptions,
        now: i64,
    ) -> Result<Installed, InstallError> {
        let display_name = record.name.clone().unwrap_or_else(|| record.id.clone());
        let vetting = vetting(record);
        match vetting {
            Vetting::Refused => return Err(InstallError::Rejected { id: record.id.clone(), name: display_name }),
            Vetting::Unvetted if !opts.allow_unverified => {
                return Err(InstallError::NotVetted {
                    id: record.id.clone(),
                    name: display_name,
                    status: record.status(),
                })
            }
            _ => {}
        }
        let name = name::validate(opts.name.as_deref().or(record.name.as_deref()).unwrap_or(""))?;
        let plan = install_plan(record)?;
        let files = plan.written();
        let dir = target.folder.join(name);
        let key = install_key(&target.folder, name);
        // What a killed install left in this agent folder goes first.
        let ours_of = |n: &str| {
            let key = install_key(&target.folder, n);
            self.store().install(&key).ok().flatten().map(|i| i.upgraded().written_paths()).unwrap_or_default()
        };
        for done in disk::clean_leftovers(&target.folder, ours_of) {
            tracing::info!(folder = %target.folder.display(), "{done}");
        }
        let previous = self.store().install(&key)?.map(InstallRecord::upgraded);
        let action = match disk::target(&dir)? {
            disk::Target::Symlink(p) => return Err(DiskError::Symlink(p).into()),
            disk::Target::NotAFolder(p) => return Err(DiskError::NotAFile(p).into()),
            disk::Target::Nothing if previous.is_some() => Action::Replaced,
            disk::Target::Nothing => Action::New,
            disk::Target::Folder => match &previous {
                Some(prev) => {
                    let seen = inspect_install(prev)?;
                    if let Some(e) = seen.tampered_error() {
                        return Err(e.into());
                    }
                    // Removed files come back and added ones stay; only an
                    // edit of the user's needs `force` to be replaced.
                    match (seen.has_edits(), opts.force) {
                        (false, _) => Action::Replaced,
                        (true, true) => Action::Forced,
                        (true, false) => return Err(InstallError::Edited(first_edit(&dir, &seen))),
                    }
                }
                None => {
                    let seen = disk::inspect(&dir, &files)?;
                    let same = seen.local != Local::Missing
                        && seen.tampered.is_none()
                        && seen.unlisted == 0
                        && seen.changes.iter().all(|c| c.change == Change::Added);
                    match (same, opts.force) {
                        (true, _) => Action::Adopted,
                        (false, true) => Action::Forced,
                        (false, false) => return Err(InstallError::Foreign(dir)),
                    }
                }
            },
        };
        let ours = previous.as_ref().map(InstallRecord::written_paths).unwrap_or_default();
        let written = match action {
            Action::Adopted => disk::Written::default(),
            _ => disk::write_folder(&target.folder, name, &files, &ours, |f: &InstalledFile| {
                self.store().content(&f.sha256)?.ok_or_else(|| InstallError::NoContent(record.id.clone()))
            })?,
        };
        let install = InstallRecord {
            name: name.to_owned(),
            agent: target.agent.clone(),
            scope: target.scope,
            folder: target.folder.clone(),
            path: dir.join(SKILL_FILE),
            skill_id: record.id.clone(),
            source: record.source.clone(),
            sha256: record.sha256.clone(),
            version: plan.version.clone(),
            bytes: plan.bytes,
            files,
            not_installed: plan.not_installed,
            status: record.status(),
            verified: vetting == Vetting::Vetted,
            safety: record.audit.as_ref().and(record.decision.safety),
            quality: record.audit.as_ref().and(record.decision.quality),
            allowed_unverified: vetting != Vetting::Vetted,
            installed_at: now,
        };
        if let Err(e) = self.store().put_install(&install) {
            // No untracked folder: a new install that cannot be recorded is undone.
            if written.created {
                let _ = disk::remove_files(&dir, &install.files);
            }
            return Err(e.into());
        }
        Ok(Installed { install, action, vetting, kept: written.kept })
    }

    /// Every install, with its local state and the catalog's current version.
    pub fn installs(&self) -> Result<Vec<InstallStatus>, InstallError> {
        let mut out = Vec::new();
        for install in self.store().installs()? {
            let install = install.upgraded();
            let seen = inspect_install(&install)?;
            let upstream = self.store().get(&install.skill_id)?.map(|r| Upstream {
                id: r.id.clone(),
                changed: r.version_key() != install.version,
                version: r.version_key(),
                sha256: r.sha256.clone(),
                status: r.status(),
                verified: vetting(&r) == Vetting::Vetted,
                safety: r.audit.as_ref().and(r.decision.safety),
                quality: r.audit.as_ref().and(r.decision.quality),
                vetting: vetting(&r),
                awaits_reading: r.awaits_reading(),
            });
            out.push(InstallStatus {
                install,
                local: seen.local,
                changes: seen.changes,
                unlisted_changes: seen.unlisted,
                upstream,
            });
        }
        Ok(out)
    }

    /// Removes the install of `name` in `folder`: the files it wrote (unless
    /// one was edited, without `force`), the folders it wrote into that are
    /// then empty, and the record. Whatever the user added stays.
    pub fn uninstall(&self, folder: &Path, name: &str, force: bool) -> Result<Uninstalled, InstallError> {
        let name = name::validate(name)?;
        let folder = absolute(folder)?;
        let key = install_key(&folder, name);
        let install = self
            .store()
            .install(&key)?
            .ok_or_else(|| InstallError::NotInstalled { name: name.to_owned(), folder: folder.clone() })?
            .upgraded();
        let seen = inspect_install(&install)?;
        let removed = match seen.local {
            Local::Edited if seen.has_edits() && !force => {
                return Err(InstallError::Edited(first_edit(&install.dir(), &seen)))
            }
            Local::Clean | Local::Edited => disk::remove_files(&install.dir(), &install.files)?,
            // Nothing of ours is left to remove, or a link is in the way:
            // only the record goes.
            Local::Missing | Local::Tampered => Removed::default(),
        };
        self.store().remove_install(&key)?;
        Ok(Uninstalled { install, local: seen.local, changes: seen.changes, removed })
    }

    /// Brings installs up to the catalog's current version of their skill.
    /// A new version the model has not read is read first when `client` is
    /// given; then the install policy applies to the new version, and only
    /// clean installs (or edited ones with `force`) are replaced.
    pub fn update(
        &mut self,
        opts: &UpdateOptions,
        client: Option<&skills_guide_remote::model::ModelClient>,
        cancel: &Cancel,
        progress: ProgressFn<'_>,
    ) -> Result<Vec<UpdateOutcome>, InstallError> {
        let chosen: Vec<InstallStatus> = self
            .installs()?
            .into_iter()
            .filter(|s| opts.names.is_empty() || opts.names.contains(&s.install.name))
            .filter(|s| opts.folder.as_ref().is_none_or(|f| absolute(f).is_ok_and(|f| f == s.install.folder)))
            .collect();
        if let Some(client) = client {
            let mut unread = Vec::new();
            for s in chosen.iter().filter(|s| s.upstream.as_ref().is_some_and(|u| u.changed)) {
                if let Some(r) = self.store().get(&s.install.skill_id)? {
                    if r.awaits_reading() && !unread.contains(&r.id) {
                        unread.push(r.id);
                    }
                }
            }
            if !unread.is_empty() {
                self.verify(client, &unread, cancel, progress)?;
            }
        }
        let now = skills_guide_engine::scan::now_unix();
        let mut outcomes = Vec::new();
        for s in chosen {
            outcomes.push(self.update_one(s, opts, now)?);
        }
        Ok(outcomes)
    }

    fn update_one(&self, s: InstallStatus, opts: &UpdateOptions, now: i64) -> Result<UpdateOutcome, InstallError> {
        let install = &s.install;
        let mut outcome = UpdateOutcome {
            name: install.name.clone(),
            agent: install.agent.clone(),
            folder: install.folder.clone(),
            path: install.path.clone(),
            from_sha256: install.sha256.clone(),
            to_sha256: None,
            from_version: install.version.clone(),
            to_version: None,
            result: "skipped",
            reason: None,
            skip: None,
            status: None,
            safety: None,
        };
        let Some(record) = self.store().get(&install.skill_id)? else {
            outcome.reason = Some(UpdateSkip::Gone.reason(None));
            outcome.skip = Some(UpdateSkip::Gone);
            return Ok(outcome);
        };
        outcome.to_sha256 = Some(record.sha256.clone());
        outcome.to_version = Some(record.version_key());
        outcome.status = Some(record.status());
        outcome.safety = record.audit.as_ref().and(record.decision.safety);
        if record.version_key() == install.version {
            outcome.result = "up-to-date";
            return Ok(outcome);
        }
        if let Some(skip) = update_skip(s.local, vetting(&record), opts) {
            outcome.reason = Some(skip.reason(Some(record.status())));
            outcome.skip = Some(skip);
            return Ok(outcome);
        }
        let target = Target { agent: install.agent.clone(), scope: install.scope, folder: install.folder.clone() };
        let install_opts =
            InstallOptions { allow_unverified: opts.allow_unverified, force: true, name: Some(install.name.clone()) };
        self.install_record(&record, &target, &install_opts, now)?;
        outcome.result = "updated";
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(local: Local, upstream: Option<(bool, Vetting, bool)>) -> InstallStatus {
        let install = InstallRecord {
            name: "x".into(),
            agent: "custom".into(),
            scope: None,
            folder: PathBuf::from("/skills"),
            path: PathBuf::from("/skills/x/SKILL.md"),
            skill_id: "0123456789abcdef".into(),
            source: SourceRef {
                kind: crate::record::SourceKind::Dir,
                repo: None,
                path: "x/SKILL.md".into(),
                url: None,
                license: None,
            },
            sha256: "a".repeat(64),
            version: String::new(),
            bytes: 1,
            files: Vec::new(),
            not_installed: Vec::new(),
            status: Status::Published,
            verified: true,
            safety: None,
            quality: None,
            allowed_unverified: false,
            installed_at: 0,
        };
        let install = install.upgraded();
        let upstream = upstream.map(|(changed, vetting, awaits_reading)| Upstream {
            id: install.skill_id.clone(),
            sha256: if changed { "b".repeat(64) } else { install.sha256.clone() },
            version: if changed { "c".repeat(64) } else { install.version.clone() },
            status: match vetting {
                Vetting::Vetted => Status::Published,
                Vetting::Refused => Status::Rejected,
                Vetting::Unvetted => Status::Unverified,
            },
            verified: vetting == Vetting::Vetted,
            safety: None,
            quality: None,
            changed,
            vetting,
            awaits_reading,
        });
        InstallStatus { install, local, changes: Vec::new(), unlisted_changes: 0, upstream }
    }

    #[test]
    fn the_plan_says_what_update_does_the_disk_first_then_the_policy() {
        let opts = UpdateOptions::default();
        let plan = |local, up| status(local, up).update_plan(&opts, true);
        assert_eq!(plan(Local::Clean, None), UpdatePlan::Skip(UpdateSkip::Gone));
        assert_eq!(plan(Local::Edited, Some((false, Vetting::Vetted, false))), UpdatePlan::UpToDate);
        assert_eq!(plan(Local::Clean, Some((true, Vetting::Vetted, false))), UpdatePlan::Update);
        assert_eq!(plan(Local::Edited, Some((true, Vetting::Vetted, false))), UpdatePlan::Skip(UpdateSkip::Edited));
        assert_eq!(plan(Local::Missing, Some((true, Vetting::Vetted, false))), UpdatePlan::Skip(UpdateSkip::Missing));
        assert_eq!(plan(Local::Tampered, Some((true, Vetting::Vetted, false))), UpdatePlan::Skip(UpdateSkip::Tampered));
        assert_eq!(plan(Local::Clean, Some((true, Vetting::Refused, false))), UpdatePlan::Skip(UpdateSkip::Rejected));
        assert_eq!(plan(Local::Clean, Some((true, Vetting::Unvetted, false))), UpdatePlan::Skip(UpdateSkip::NotVetted));
        // Not read yet: read first when a model is there, else not vetted.
        assert_eq!(plan(Local::Clean, Some((true, Vetting::Unvetted, true))), UpdatePlan::ReadFirst);
        assert_eq!(plan(Local::Edited, Some((true, Vetting::Unvetted, true))), UpdatePlan::Skip(UpdateSkip::Edited));
        let no_model = status(Local::Clean, Some((true, Vetting::Unvetted, true))).update_plan(&opts, false);
        assert_eq!(no_model, UpdatePlan::Skip(UpdateSkip::NotVetted));
        // The options the CLI has.
        let forced = UpdateOptions { force: true, allow_unverified: true, ..UpdateOptions::default() };
        assert_eq!(update_skip(Local::Edited, Vetting::Unvetted, &forced), None);
        assert_eq!(update_skip(Local::Edited, Vetting::Refused, &forced), Some(UpdateSkip::Rejected));
        assert!(UpdateSkip::NotVetted.reason(Some(Status::Pending)).contains("pending"));
    }

    /// A skill folder at `/up/x` as the catalog records it, its contents
    /// stored; `files`: (path, bytes, executable).
    fn put_folder(catalog: &Catalog, files: &[(&str, &[u8], bool)]) -> SkillRecord {
        use skills_guide_engine::folder::{analyze_folder, MemoryEntry, SkillFolder};
        use skills_guide_engine::score::RepoFacts;
        let entries = files
            .iter()
            .map(|(p, b, x)| MemoryEntry::File { path: (*p).into(), bytes: b.to_vec(), executable: *x })
            .collect();
        let folder = SkillFolder::from_memory(entries).unwrap();
        let analysis = analyze_folder(&folder, &RepoFacts::default(), 0);
        let source = SourceRef {
            kind: crate::record::SourceKind::Dir,
            repo: None,
            path: "/up/x/SKILL.md".into(),
            url: None,
            license: None,
        };
        let previous = catalog.store().get(&source.skill_id()).unwrap();
        let record = crate::record::build_folder_record(source, Default::default(), analysis, previous, 0).unwrap();
        let contents: Vec<(String, Vec<u8>)> =
            files.iter().map(|(_, b, _)| (skills_guide_engine::analyze::sha256_hex(b), b.to_vec())).collect();
        let refs = contents.iter().map(|(s, b)| (s.as_str(), b.as_slice())).collect();
        catalog.store().put_many(std::slice::from_ref(&record), refs).unwrap();
        record
    }

    const MD: &[u8] = b"---\nname: x\ndescription: Does x. Use when x.\n---\n# X\n\nDo x.\n";

    #[test]
    fn an_install_recorded_when_it_was_a_lone_skill_md_still_lists_updates_and_uninstalls() {
        let tmp = tempfile::tempdir().unwrap();
        let catalog = Catalog::open(&tmp.path().join("data"), &crate::progress::quiet).unwrap();
        let v1 = put_folder(&catalog, &[("SKILL.md", MD, false)]);
        let folder = tmp.path().join("skills");
        std::fs::create_dir_all(folder.join("x")).unwrap();
        std::fs::write(folder.join("x/SKILL.md"), MD).unwrap();
        // The record as an earlier version wrote it: no version, no file list.
        let old = serde_json::json!({
            "name": "x", "agent": "custom", "scope": null,
            "folder": folder, "path": folder.join("x/SKILL.md"),
            "skill_id": v1.id, "source": v1.source,
            "sha256": v1.sha256, "bytes": MD.len(),
            "status": "unverified", "verified": false, "safety": null, "quality": null,
            "allowed_unverified": true, "installed_at": 1
        });
        let old: InstallRecord = serde_json::from_value(old).unwrap();
        assert!(old.files.is_empty() && old.version.is_empty());
        catalog.store().put_install(&old).unwrap();

        let listed = catalog.installs().unwrap();
        assert_eq!(listed.len(), 1);
        let s = &listed[0];
        assert_eq!((s.local, s.changes.len()), (Local::Clean, 0));
        assert_eq!(s.install.files.len(), 1);
        assert_eq!(s.install.version, v1.version_key(), "a lone SKILL.md's version");
        assert!(!s.upstream.as_ref().unwrap().changed);

        // The skill becomes a folder upstream; SKILL.md is clean, so update takes it.
        let run: &[u8] = b"#!/bin/sh\necho run\n";
        put_folder(
            &catalog,
            &[("SKILL.md", MD, false), ("scripts/run.sh", run, true), ("references/a.md", b"# A\n", false)],
        );
        assert!(catalog.installs().unwrap()[0].upstream.as_ref().unwrap().changed);
        let mut catalog = catalog;
        let opts = UpdateOptions { allow_unverified: true, ..UpdateOptions::default() };
        let outcomes = catalog.update(&opts, None, &Cancel::default(), &crate::progress::quiet).unwrap();
        assert_eq!(outcomes[0].result, "updated", "{outcomes:?}");
        assert_eq!(std::fs::read(folder.join("x/scripts/run.sh")).unwrap(), run);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(folder.join("x/scripts/run.sh")).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o755);
        }
        let now = catalog.installs().unwrap();
        assert_eq!(now[0].install.files.len(), 3);
        assert_eq!((now[0].local, now[0].upstream.as_ref().unwrap().changed), (Local::Clean, false));
        let gone = catalog.uninstall(&folder, "x", false).unwrap();
        assert_eq!(gone.removed.removed.len(), 3);
        assert!(gone.removed.folder_removed && !folder.join("x").exists());

        // An old record uninstalls as it is, too.
        std::fs::create_dir_all(folder.join("x")).unwrap();
        std::fs::write(folder.join("x/SKILL.md"), MD).unwrap();
        std::fs::write(folder.join("x/mine.txt"), b"the user's").unwrap();
        catalog.store().put_install(&old).unwrap();
        let gone = catalog.uninstall(&folder, "x", false).unwrap();
        assert_eq!(gone.removed.removed, ["SKILL.md"]);
        assert_eq!(gone.removed.left, [folder.join("x/mine.txt")]);
        assert!(catalog.installs().unwrap().is_empty());
    }

    #[test]
    fn a_record_whose_paths_are_not_paths_is_refused_before_anything_is_written() {
        let tmp = tempfile::tempdir().unwrap();
        let catalog = Catalog::open(&tmp.path().join("data"), &crate::progress::quiet).unwrap();
        let mut r = put_folder(&catalog, &[("SKILL.md", MD, false), ("a.md", b"a", false)]);
        // As a snapshot could say it (the engine would have refused it).
        for bad in ["../../evil.sh", "/etc/cron.d/x", "a\\..\\b", "scripts/../../x"] {
            r.files[1].path = bad.into();
            catalog.store().put(&r, None).unwrap();
            let target = Target::custom(&tmp.path().join("skills")).unwrap();
            let opts = InstallOptions { allow_unverified: true, ..InstallOptions::default() };
            let err = catalog.install(&r.id, &target, &opts).unwrap_err();
            assert!(matches!(err, InstallError::Disk(DiskError::BadPath(_))), "{bad}: {err}");
        }
        assert!(!tmp.path().join("skills").exists() && !tmp.path().join("evil.sh").exists());
    }
}
