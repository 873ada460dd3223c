//! `install`, `uninstall`, `installed`, `update`, `agents`: putting vetted
//! skills into agents' folders and keeping track of them. The policy and the
//! file handling live in the catalog (`skills_guide_catalog::install`); this
//! module turns flags into a target, shows the findings before an unvetted
//! install, and prints what happened.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use skills_guide_catalog::agents::{self, Agent, AgentEnv, Scope};
use skills_guide_catalog::install::{
    install_plan, vetting, Action, Change, FileChange, InstallOptions, InstallStatus, InstalledFile, Local,
    NotInstalled, Target, UpdateOptions, UpdateOutcome, UpdatePlan, Vetting,
};
use skills_guide_catalog::progress::Cancel;
use skills_guide_catalog::record::SkillRecord;
use skills_guide_remote::model::ModelConfig;

use crate::catalog_cmd::{open, print_json, stdout, write_findings, UsageError};
use crate::fmt::safe;
use crate::progress_view::ProgressView;

/// R-LIM, said wherever a skill is installed.
pub const INSTALL_NOTE: &str = "Nothing was run: the skill's files were written byte for byte as verified. \
A file the catalog did not read whole is never installed.";

/// Most files listed one by one in human output (the JSON lists them all).
const MAX_LISTED: usize = 50;

/// Where the flags say to install: `--folder DIR`, or `--agent A` with a scope.
pub struct Where {
    pub agent: Option<String>,
    pub scope: Option<String>,
    pub project_dir: Option<PathBuf>,
    pub folder: Option<PathBuf>,
}

impl Where {
    /// The target these flags name; `required` makes naming none bad usage.
    fn target(&self) -> anyhow::Result<Option<Target>> {
        match (&self.agent, &self.folder) {
            (Some(_), Some(_)) => Err(UsageError("pass --agent or --folder, not both".into()).into()),
            (None, Some(folder)) => {
                if self.scope.is_some() || self.project_dir.is_some() {
                    return Err(UsageError("--scope and --project-dir go with --agent, not --folder".into()).into());
                }
                Ok(Some(Target::custom(folder)?))
            }
            (Some(agent), None) => {
                let agent = Agent::parse(agent).map_err(UsageError)?;
                let scope = match &self.scope {
                    Some(s) => Scope::parse(s).map_err(UsageError)?,
                    None if self.project_dir.is_some() => Scope::Project,
                    None => Scope::User,
                };
                if scope == Scope::User && self.project_dir.is_some() {
                    return Err(UsageError("--project-dir goes with --scope project".into()).into());
                }
                let env = agent_env()?;
                let project_dir = match &self.project_dir {
                    Some(p) => p.clone(),
                    None => std::env::current_dir().context("the current folder")?,
                };
                Ok(Some(Target::agent(agent, &env, scope, &project_dir)?))
            }
            (None, None) => {
                if self.scope.is_some() || self.project_dir.is_some() {
                    return Err(UsageError("--scope and --project-dir need --agent".into()).into());
                }
                Ok(None)
            }
        }
    }

    fn required_target(&self) -> anyhow::Result<Target> {
        self.target()?
            .ok_or_else(|| UsageError(format!("pass --agent AGENT ({}) or --folder DIR", agent_names())).into())
    }
}

fn agent_env() -> anyhow::Result<AgentEnv> {
    AgentEnv::from_env().context("no home folder: set HOME")
}

fn agent_names() -> String {
    agents::ALL.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
}

pub struct InstallFlags {
    pub allow_unverified: bool,
    pub force: bool,
    pub name: Option<String>,
}

pub fn install(data_dir: &Path, id: &str, place: &Where, flags: &InstallFlags, json: bool) -> anyhow::Result<()> {
    let target = place.required_target()?;
    let view = ProgressView::new(json);
    let mut catalog = open(data_dir, &view)?;
    view.finish();
    let record = catalog.resolve(id)?;
    let kept = catalog.kept(record.clone())?;
    if kept.id != record.id {
        eprintln!("{} is an exact copy of {}: installing that one (R-DUP-3).", record.id, kept.id);
    }
    // The findings come before any consent is taken into account.
    if vetting(&kept) != Vetting::Vetted {
        let mut err = std::io::stderr().lock();
        write_vetting_notice(&mut err, &kept)?;
        if let Ok(plan) = install_plan(&kept) {
            let files: Vec<InstalledFile> = plan.files.iter().map(|f| f.file.clone()).collect();
            writeln!(err, "Installing it writes {}:", count(files.len(), "file"))?;
            write_files(&mut err, &files)?;
            write_not_installed(&mut err, &plan.not_installed)?;
            writeln!(err)?;
        }
    }
    let opts =
        InstallOptions { allow_unverified: flags.allow_unverified, force: flags.force, name: flags.name.clone() };
    // A snapshot's skill whose folder has not arrived yet: fetched first,
    // each file checked against its record.
    if !catalog.missing_files(&kept).is_empty() {
        catalog.fetch_missing_files(&kept)?;
    }
    let installed = catalog.install(&kept.id, &target, &opts)?;
    if json {
        #[derive(serde::Serialize)]
        struct Out<'a> {
            #[serde(flatten)]
            installed: &'a skills_guide_catalog::install::Installed,
            note: &'static str,
        }
        return print_json(&Out { installed: &installed, note: INSTALL_NOTE });
    }
    let mut out = stdout();
    let i = &installed.install;
    let how = match installed.action {
        Action::New => "installed",
        Action::Replaced => "reinstalled",
        Action::Adopted => "already there, byte for byte: now tracked",
        Action::Forced => "installed, replacing the files that were there (--force)",
    };
    writeln!(out, "{} {how}: {}", safe(&i.name, 64), i.dir().display())?;
    let scope = i.scope.map(|s| format!(", {} scope", s.as_str())).unwrap_or_default();
    writeln!(
        out,
        "  for {}{scope}; version {} ({}, {} bytes)",
        i.agent,
        i.version,
        count(i.files.len(), "file"),
        i.bytes
    )?;
    let rating = i.safety.map(|s| format!(", {}", s.as_str())).unwrap_or_default();
    let vetted = if i.allowed_unverified { " — not vetted, installed on --allow-unverified" } else { "" };
    writeln!(out, "  status at install: {}{rating}{vetted}", i.status.as_str())?;
    let verb = if installed.action == Action::Adopted { "found" } else { "wrote" };
    writeln!(out, "  {verb}:")?;
    write_files(&mut out, &i.files)?;
    write_not_installed(&mut out, &i.not_installed)?;
    if !installed.kept.is_empty() {
        writeln!(out, "  kept in place (not written by Skills Guide):")?;
        write_paths(&mut out, &installed.kept)?;
    }
    writeln!(out, "  {INSTALL_NOTE}")?;
    out.flush()?;
    Ok(())
}

fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// The files an install writes or wrote, one a line: path, size, execute bit.
fn write_files(out: &mut impl Write, files: &[InstalledFile]) -> std::io::Result<()> {
    for f in files.iter().take(MAX_LISTED) {
        let exec = if f.executable { ", executable" } else { "" };
        writeln!(out, "    {}  ({} bytes{exec})", safe(&f.path, 300), f.bytes)?;
    }
    if files.len() > MAX_LISTED {
        writeln!(out, "    … and {} more (--json lists them all)", files.len() - MAX_LISTED)?;
    }
    Ok(())
}

fn write_not_installed(out: &mut impl Write, files: &[NotInstalled]) -> std::io::Result<()> {
    if files.is_empty() {
        return Ok(());
    }
    writeln!(out, "  not installed ({} the catalog did not read whole):", count(files.len(), "file"))?;
    for f in files.iter().take(MAX_LISTED) {
        let state = serde_json::to_value(f.state).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
        let note = f.note.as_deref().map(|n| format!(": {}", safe(n, 200))).unwrap_or_default();
        writeln!(out, "    {}  ({state}{note})", safe(&f.path, 300))?;
    }
    if files.len() > MAX_LISTED {
        writeln!(out, "    … and {} more", files.len() - MAX_LISTED)?;
    }
    Ok(())
}

fn write_paths(out: &mut impl Write, paths: &[String]) -> std::io::Result<()> {
    for p in paths.iter().take(MAX_LISTED) {
        writeln!(out, "    {}", safe(p, 300))?;
    }
    if paths.len() > MAX_LISTED {
        writeln!(out, "    … and {} more", paths.len() - MAX_LISTED)?;
    }
    Ok(())
}

/// What changed in an install's folder since it was installed.
fn write_changes(out: &mut impl Write, changes: &[FileChange], unlisted: u64) -> std::io::Result<()> {
    for c in changes.iter().take(MAX_LISTED) {
        let what = match c.change {
            Change::Edited => "edited",
            Change::Removed => "removed",
            Change::Added => "added",
            Change::Replaced => "replaced by a link or not a file",
        };
        let kind = match (c.change, c.kind) {
            (Change::Added, Some(k)) if k != "file" => format!(" ({k})"),
            _ => String::new(),
        };
        writeln!(out, "    {what}: {}{kind}", safe(&c.path, 300))?;
    }
    let more = (changes.len().saturating_sub(MAX_LISTED)) as u64 + unlisted;
    if more > 0 {
        writeln!(out, "    … and {more} more changes")?;
    }
    Ok(())
}

/// What the user must read before installing a skill that is not vetted.
fn write_vetting_notice(out: &mut impl Write, r: &SkillRecord) -> std::io::Result<()> {
    let name = safe(r.name.as_deref().unwrap_or(&r.id), 64);
    match vetting(r) {
        Vetting::Refused => writeln!(out, "{name} ({}) was rejected by its verification:", r.id)?,
        _ if r.audit.is_none() || r.reading_error.is_some() => writeln!(
            out,
            "{name} ({}) is {}: the model has not read it, so nothing vouches for it.",
            r.id,
            r.status().as_str()
        )?,
        _ => writeln!(out, "{name} ({}) is {}, not published:", r.id, r.status().as_str())?,
    }
    write_findings(out, r)?;
    if let Some(audit) = &r.audit {
        for pass in std::iter::once(&audit.first).chain(audit.second.as_ref()) {
            for f in &pass.findings {
                writeln!(out, "  model: {}", safe(f, 300))?;
            }
        }
    }
    for reason in &r.decision.reasons {
        writeln!(out, "  decision: {}", safe(reason, 300))?;
    }
    writeln!(out)
}

pub fn uninstall(data_dir: &Path, name: &str, place: &Where, force: bool, json: bool) -> anyhow::Result<()> {
    let target = place.required_target()?;
    let view = ProgressView::new(json);
    let catalog = open(data_dir, &view)?;
    view.finish();
    let gone = catalog.uninstall(&target.folder, name, force)?;
    if json {
        return print_json(&gone);
    }
    let mut out = stdout();
    let dir = gone.install.dir();
    match gone.local {
        Local::Missing => {
            writeln!(out, "{} was already gone from {}: its record is removed", safe(name, 64), dir.display())?
        }
        Local::Tampered => writeln!(
            out,
            "{} is no longer the file Skills Guide wrote (a link or not a file): left alone, its record is removed",
            dir.display()
        )?,
        _ => {
            writeln!(out, "removed {} from {}", count(gone.removed.removed.len(), "file"), dir.display())?;
            write_paths(&mut out, &gone.removed.removed)?;
            if gone.removed.folder_removed {
                writeln!(out, "  and the skill folder, then empty")?;
            }
        }
    }
    if !gone.removed.left.is_empty() {
        writeln!(out, "  left in place (not written by Skills Guide):")?;
        for p in &gone.removed.left {
            writeln!(out, "    {}", safe(&p.display().to_string(), 300))?;
        }
    }
    out.flush()?;
    Ok(())
}

pub fn installed(data_dir: &Path, json: bool) -> anyhow::Result<()> {
    let view = ProgressView::new(json);
    let catalog = open(data_dir, &view)?;
    view.finish();
    let all = catalog.installs()?;
    if json {
        return print_json(&all);
    }
    let mut out = stdout();
    if all.is_empty() {
        writeln!(out, "nothing installed by Skills Guide")?;
    }
    // With a model configured, `update` reads a new version before deciding.
    let reads = ModelConfig::from_env().ok().flatten().is_some();
    for s in &all {
        write_install_line(&mut out, s, reads)?;
    }
    out.flush()?;
    Ok(())
}

fn write_install_line(out: &mut impl Write, s: &InstallStatus, reads: bool) -> std::io::Result<()> {
    let i = &s.install;
    let scope = i.scope.map(|s| format!(" ({})", s.as_str())).unwrap_or_default();
    writeln!(out, "{}  {}{scope}  {}", safe(&i.name, 64), i.agent, i.dir().display())?;
    let local = match s.local {
        Local::Clean => "as installed",
        Local::Edited => "changed since install",
        Local::Missing => "removed from the folder",
        Local::Tampered => "a link or a non-file is where it was installed",
    };
    writeln!(
        out,
        "  installed {} ({}, {}), {local}",
        short(&i.version),
        count(i.files.len(), "file"),
        i.status.as_str()
    )?;
    write_changes(out, &s.changes, s.unlisted_changes)?;
    if !i.not_installed.is_empty() {
        writeln!(out, "  {} of the version not installed (not read whole)", count(i.not_installed.len(), "file"))?;
    }
    match &s.upstream {
        None => writeln!(out, "  upstream: no longer in the catalog")?,
        Some(u) if u.changed => {
            let rating = u.safety.map(|r| format!(", {}", r.as_str())).unwrap_or_default();
            let plan = match s.update_plan(&UpdateOptions::default(), reads) {
                UpdatePlan::Skip(skip) => {
                    format!("`skills-guide update` keeps the installed one: {}", skip.reason(Some(u.status)))
                }
                UpdatePlan::ReadFirst => "`skills-guide update` has the model read it first".to_owned(),
                UpdatePlan::Update | UpdatePlan::UpToDate => "`skills-guide update` installs it".to_owned(),
            };
            writeln!(out, "  upstream: newer version {} — {}{rating} ({plan})", short(&u.version), u.status.as_str())?
        }
        Some(u) => writeln!(out, "  upstream: same version, now {}", u.status.as_str())?,
    }
    Ok(())
}

fn short(sha: &str) -> &str {
    sha.get(..12).unwrap_or(sha)
}

pub struct UpdateFlags {
    pub names: Vec<String>,
    pub allow_unverified: bool,
    pub force: bool,
    pub no_llm: bool,
}

pub fn update(data_dir: &Path, place: &Where, flags: UpdateFlags, json: bool) -> anyhow::Result<()> {
    let folder = place.target()?.map(|t| t.folder);
    let client = if flags.no_llm { None } else { crate::verify_cmd::model_client()? };
    let view = ProgressView::new(json);
    let mut catalog = open(data_dir, &view)?;
    let opts =
        UpdateOptions { names: flags.names, folder, allow_unverified: flags.allow_unverified, force: flags.force };
    let on_event = |p| view.event(p);
    let outcomes = catalog.update(&opts, client.as_ref(), &Cancel::default(), &on_event);
    view.finish();
    let outcomes = outcomes?;
    if json {
        return print_json(&outcomes);
    }
    let mut out = stdout();
    if outcomes.is_empty() {
        writeln!(out, "no install to update")?;
    }
    for o in &outcomes {
        write_outcome(&mut out, o)?;
    }
    out.flush()?;
    Ok(())
}

fn write_outcome(out: &mut impl Write, o: &UpdateOutcome) -> std::io::Result<()> {
    let status = o.status.map(|s| format!(" ({})", s.as_str())).unwrap_or_default();
    match o.result {
        "updated" => writeln!(
            out,
            "{}: updated {} → {}{status}",
            safe(&o.name, 64),
            short(&o.from_version),
            o.to_version.as_deref().map(short).unwrap_or("?")
        ),
        "up-to-date" => writeln!(out, "{}: up to date{status}", safe(&o.name, 64)),
        _ => writeln!(out, "{}: skipped — {}", safe(&o.name, 64), o.reason.as_deref().unwrap_or("")),
    }
}

/// `agents`: which agents are on this machine and where their skills go.
pub fn list_agents(project_dir: Option<PathBuf>, json: bool) -> anyhow::Result<()> {
    let env = agent_env()?;
    let project = match project_dir {
        Some(p) => p,
        None => std::env::current_dir().context("the current folder")?,
    };
    #[derive(serde::Serialize)]
    struct AgentOut {
        agent: &'static str,
        present: bool,
        user_folder: PathBuf,
        project_folder: PathBuf,
    }
    let all: Vec<AgentOut> = agents::ALL
        .iter()
        .map(|&a| AgentOut {
            agent: a.name(),
            present: a.is_present(&env),
            user_folder: a.folder(&env, Scope::User, &project),
            project_folder: a.folder(&env, Scope::Project, &project),
        })
        .collect();
    if json {
        return print_json(&all);
    }
    let mut out = stdout();
    for a in &all {
        writeln!(
            out,
            "{:<12} {:<8} {}  |  project: {}",
            a.agent,
            if a.present { "present" } else { "-" },
            a.user_folder.display(),
            a.project_folder.display()
        )?;
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use skills_guide_catalog::install::{InstallRecord, Upstream};
    use skills_guide_catalog::record::{SourceKind, SourceRef};
    use skills_guide_engine::decide::Status;

    fn line(local: Local, vetting: Vetting, awaits_reading: bool, reads: bool) -> String {
        let install = InstallRecord {
            name: "notes".into(),
            agent: "claude-code".into(),
            scope: Some(Scope::User),
            folder: PathBuf::from("/h/.claude/skills"),
            path: PathBuf::from("/h/.claude/skills/notes/SKILL.md"),
            skill_id: "0123456789abcdef".into(),
            source: SourceRef {
                kind: SourceKind::Dir,
                repo: None,
                path: "/s/notes/SKILL.md".into(),
                url: None,
                license: None,
            },
            sha256: "a".repeat(64),
            version: String::new(),
            bytes: 10,
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
        let upstream = Upstream {
            id: install.skill_id.clone(),
            sha256: "b".repeat(64),
            version: "c".repeat(64),
            status: if vetting == Vetting::Refused { Status::Rejected } else { Status::Unverified },
            verified: vetting == Vetting::Vetted,
            safety: None,
            quality: None,
            changed: true,
            vetting,
            awaits_reading,
        };
        let mut out = Vec::new();
        let changes = match local {
            Local::Edited => vec![
                FileChange { path: "scripts/run.sh".into(), change: Change::Edited, kind: None },
                FileChange { path: "notes\u{1b}[31m.md".into(), change: Change::Added, kind: Some("file") },
            ],
            _ => Vec::new(),
        };
        let status = InstallStatus { install, local, changes, unlisted_changes: 0, upstream: Some(upstream) };
        write_install_line(&mut out, &status, reads).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn installed_says_what_update_would_do_with_a_newer_version() {
        let read_first = line(Local::Clean, Vetting::Unvetted, true, true);
        assert!(read_first.contains("newer version") && read_first.contains("read it first"), "{read_first}");
        let edited = line(Local::Edited, Vetting::Unvetted, true, true);
        assert!(edited.contains("keeps the installed one: edited since it was installed"), "{edited}");
        assert!(edited.contains("edited: scripts/run.sh"), "each change is listed: {edited}");
        assert!(edited.contains("added: notes") && !edited.contains('\u{1b}'), "escaped: {edited}");
        let rejected = line(Local::Clean, Vetting::Refused, false, true);
        assert!(rejected.contains("keeps the installed one: the new version was rejected"), "{rejected}");
        let unread = line(Local::Clean, Vetting::Unvetted, true, false);
        assert!(unread.contains("the new version is unverified, not vetted"), "{unread}");
    }
}
