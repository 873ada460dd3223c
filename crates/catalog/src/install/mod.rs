//! Installing a vetted skill into an agent's skills folder, keeping it
//! updated, removing it, and saying what is installed.
//!
//! An install writes one file, `<folder>/<name>/SKILL.md`, byte for byte the
//! version that was verified, and keeps a provenance record in the catalog
//! (source, version hash, status and rating at install time, date). That
//! record is how `update` and `uninstall` know what they own: a folder with
//! no record, or whose SKILL.md no longer has the recorded hash (the user
//! edited it), is never overwritten or removed without `force`.
//!
//! Only SKILL.md is read and installed (R-LIM): a skill's scripts and other
//! files are neither analysed nor copied.

pub mod disk;
pub mod name;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use skills_guide_engine::decide::{Safety, Status};

use crate::agents::{Agent, AgentEnv, Scope};
use crate::progress::{Cancel, ProgressFn};
use crate::record::{SkillRecord, SourceRef};
use crate::store::StoreError;
use crate::{Catalog, CatalogError};
use disk::{DiskError, OnDisk, Removed};
use name::NameError;

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
    /// The file written: `<folder>/<name>/SKILL.md`.
    pub path: PathBuf,
    pub skill_id: String,
    pub source: SourceRef,
    /// The version installed.
    pub sha256: String,
    pub bytes: u64,
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
    /// Replaced a SKILL.md this catalog installed and nobody edited (or that was removed).
    Replaced,
    /// The same bytes were already there, placed by someone else: now tracked.
    Adopted,
    /// Replaced a SKILL.md that was foreign or edited, because of `force`.
    Forced,
}

#[derive(Debug, Clone, Serialize)]
pub struct Installed {
    #[serde(flatten)]
    pub install: InstallRecord,
    pub action: Action,
    pub vetting: Vetting,
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
        "{0} already exists and was not installed by Skills Guide; nothing was written (--force replaces its SKILL.md)"
    )]
    Foreign(PathBuf),
    #[error("{0} was edited since Skills Guide installed it; nothing was changed (--force replaces or removes it)")]
    Edited(PathBuf),
    #[error("{name} in {folder} was not installed by Skills Guide; nothing was removed")]
    NotInstalled { name: String, folder: PathBuf },
    #[error("the catalog holds no content for {0}; sync it again")]
    NoContent(String),
    #[error("the project folder {0} does not exist")]
    NoProject(PathBuf),
    #[error(transparent)]
    Disk(#[from] DiskError),
}

impl From<StoreError> for InstallError {
    fn from(e: StoreError) -> Self {
        InstallError::Catalog(CatalogError::Store(e))
    }
}

/// The state of an installed SKILL.md compared with what was installed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Local {
    /// Byte for byte what was installed.
    Clean,
    /// Changed since (by the user or another tool).
    Edited,
    /// Removed from the agent folder.
    Missing,
    /// Replaced by a link or something that is not a file: left alone.
    Tampered,
}

fn local_state(install: &InstallRecord) -> Result<Local, DiskError> {
    Ok(match disk::inspect(&install.dir())? {
        OnDisk::File { sha256 } if sha256 == install.sha256 => Local::Clean,
        OnDisk::File { .. } => Local::Edited,
        OnDisk::Nothing | OnDisk::NoSkillFile => Local::Missing,
        OnDisk::Symlink(_) | OnDisk::NotAFile(_) => Local::Tampered,
    })
}

/// The catalog's current knowledge of an installed skill.
#[derive(Debug, Clone, Serialize)]
pub struct Upstream {
    pub id: String,
    pub sha256: String,
    pub status: Status,
    pub verified: bool,
    pub safety: Option<Safety>,
    pub quality: Option<u8>,
    /// The catalog holds a newer version than the one installed.
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
    /// Edited since it was installed (only `force` replaces it).
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
            UpdateSkip::Tampered => "replaced by a link or a non-file since it was installed".into(),
            UpdateSkip::Edited => "edited since it was installed (--force replaces it)".into(),
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
/// a clean install (or an edited one with `force`) is replaced, and only by
/// a version the install policy admits.
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
    pub from_sha256: String,
    pub to_sha256: Option<String>,
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
        let content =
            self.store().content(&record.sha256)?.ok_or_else(|| InstallError::NoContent(record.id.clone()))?;
        let dir = target.folder.join(name);
        let key = install_key(&target.folder, name);
        let previous = self.store().install(&key)?;
        let action = match (disk::inspect(&dir)?, &previous) {
            (OnDisk::Symlink(p), _) => return Err(DiskError::Symlink(p).into()),
            (OnDisk::NotAFile(p), _) => return Err(DiskError::NotAFile(p).into()),
            (OnDisk::Nothing, None) => Action::New,
            (OnDisk::Nothing | OnDisk::NoSkillFile, Some(_)) => Action::Replaced,
            (OnDisk::File { sha256 }, Some(prev)) if sha256 == prev.sha256 => Action::Replaced,
            (OnDisk::File { sha256 }, _) if sha256 == record.sha256 => Action::Adopted,
            (OnDisk::NoSkillFile, None) | (OnDisk::File { .. }, None) if !opts.force => {
                return Err(InstallError::Foreign(dir))
            }
            (OnDisk::File { .. }, Some(_)) if !opts.force => {
                return Err(InstallError::Edited(dir.join(disk::SKILL_FILE)))
            }
            _ => Action::Forced,
        };
        let created = match action {
            Action::Adopted => false,
            _ => disk::write_skill(&target.folder, name, &content, &record.sha256)?,
        };
        let install = InstallRecord {
            name: name.to_owned(),
            agent: target.agent.clone(),
            scope: target.scope,
            folder: target.folder.clone(),
            path: dir.join(disk::SKILL_FILE),
            skill_id: record.id.clone(),
            source: record.source.clone(),
            sha256: record.sha256.clone(),
            bytes: content.len() as u64,
            status: record.status(),
            verified: vetting == Vetting::Vetted,
            safety: record.audit.as_ref().and(record.decision.safety),
            quality: record.audit.as_ref().and(record.decision.quality),
            allowed_unverified: vetting != Vetting::Vetted,
            installed_at: now,
        };
        if let Err(e) = self.store().put_install(&install) {
            // No untracked file: a new install that cannot be recorded is undone.
            if created {
                let _ = disk::remove_skill(&dir);
            }
            return Err(e.into());
        }
        Ok(Installed { install, action, vetting })
    }

    /// Every install, with its local state and the catalog's current version.
    pub fn installs(&self) -> Result<Vec<InstallStatus>, InstallError> {
        let mut out = Vec::new();
        for install in self.store().installs()? {
            let local = local_state(&install)?;
            let upstream = self.store().get(&install.skill_id)?.map(|r| Upstream {
                id: r.id.clone(),
                changed: r.sha256 != install.sha256,
                sha256: r.sha256.clone(),
                status: r.status(),
                verified: vetting(&r) == Vetting::Vetted,
                safety: r.audit.as_ref().and(r.decision.safety),
                quality: r.audit.as_ref().and(r.decision.quality),
                vetting: vetting(&r),
                awaits_reading: r.awaits_reading(),
            });
            out.push(InstallStatus { install, local, upstream });
        }
        Ok(out)
    }

    /// Removes the install of `name` in `folder`: its SKILL.md (unless edited,
    /// without `force`), the folder if nothing else is in it, and the record.
    pub fn uninstall(&self, folder: &Path, name: &str, force: bool) -> Result<Uninstalled, InstallError> {
        let name = name::validate(name)?;
        let folder = absolute(folder)?;
        let key = install_key(&folder, name);
        let install = self
            .store()
            .install(&key)?
            .ok_or_else(|| InstallError::NotInstalled { name: name.to_owned(), folder: folder.clone() })?;
        let local = local_state(&install)?;
        let removed = match local {
            Local::Clean => disk::remove_skill(&install.dir())?,
            Local::Edited if force => disk::remove_skill(&install.dir())?,
            Local::Edited => return Err(InstallError::Edited(install.path.clone())),
            // Nothing of ours is left to remove: only the record goes.
            Local::Missing | Local::Tampered => {
                Removed { file_removed: false, folder_removed: false, left: Vec::new() }
            }
        };
        self.store().remove_install(&key)?;
        Ok(Uninstalled { install, local, removed })
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
        outcome.status = Some(record.status());
        outcome.safety = record.audit.as_ref().and(record.decision.safety);
        if record.sha256 == install.sha256 {
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
            bytes: 1,
            status: Status::Published,
            verified: true,
            safety: None,
            quality: None,
            allowed_unverified: false,
            installed_at: 0,
        };
        let upstream = upstream.map(|(changed, vetting, awaits_reading)| Upstream {
            id: install.skill_id.clone(),
            sha256: if changed { "b".repeat(64) } else { install.sha256.clone() },
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
        InstallStatus { install, local, upstream }
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
}
