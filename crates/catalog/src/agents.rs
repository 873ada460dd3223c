//! The coding agents Skills Guide installs into, and where each one reads its
//! skills (`../shared/contract.md`, "Installing"): a user folder under the
//! home directory and a project folder under a project's root.
//!
//! The environment (home, `$CLAUDE_CONFIG_DIR`, `$XDG_CONFIG_HOME`) is read
//! once into an [`AgentEnv`], so every path below is a pure function of it
//! and tests can point it at a temporary home. Nothing here writes anything.

use std::path::{Path, PathBuf};

use serde::Serialize;

/// An agent that loads skills from `<folder>/<name>/SKILL.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Agent {
    ClaudeCode,
    Codex,
    /// The cross-client folder read by several agents (`~/.agents/skills`).
    Agents,
    Cursor,
    Gemini,
    Copilot,
    Opencode,
    Goose,
    Windsurf,
}

/// Where an install goes: the user's own folder, or a project's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    User,
    Project,
}

impl Scope {
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Project => "project",
        }
    }

    pub fn parse(s: &str) -> Result<Scope, String> {
        match s {
            "user" => Ok(Scope::User),
            "project" => Ok(Scope::Project),
            _ => Err(format!("unknown scope `{s}`: expected user or project")),
        }
    }
}

pub const ALL: [Agent; 9] = [
    Agent::ClaudeCode,
    Agent::Codex,
    Agent::Agents,
    Agent::Cursor,
    Agent::Gemini,
    Agent::Copilot,
    Agent::Opencode,
    Agent::Goose,
    Agent::Windsurf,
];

/// What the agents' folders depend on, read once from the process
/// environment (or built by a test).
#[derive(Debug, Clone)]
pub struct AgentEnv {
    pub home: PathBuf,
    /// `$CLAUDE_CONFIG_DIR`: Claude Code's configuration folder, when moved.
    pub claude_config_dir: Option<PathBuf>,
    /// `$XDG_CONFIG_HOME` (default `~/.config`), where opencode and goose live.
    pub xdg_config_home: Option<PathBuf>,
}

impl AgentEnv {
    /// From the process environment. Empty or relative values are ignored,
    /// as the XDG specification says for its variables.
    pub fn from_env() -> Option<AgentEnv> {
        let absolute = |name: &str| std::env::var_os(name).map(PathBuf::from).filter(|p| p.is_absolute());
        Some(AgentEnv {
            home: dirs::home_dir()?,
            claude_config_dir: absolute("CLAUDE_CONFIG_DIR"),
            xdg_config_home: absolute("XDG_CONFIG_HOME"),
        })
    }

    fn config_home(&self) -> PathBuf {
        self.xdg_config_home.clone().unwrap_or_else(|| self.home.join(".config"))
    }
}

impl Agent {
    pub fn name(self) -> &'static str {
        match self {
            Agent::ClaudeCode => "claude-code",
            Agent::Codex => "codex",
            Agent::Agents => "agents",
            Agent::Cursor => "cursor",
            Agent::Gemini => "gemini",
            Agent::Copilot => "copilot",
            Agent::Opencode => "opencode",
            Agent::Goose => "goose",
            Agent::Windsurf => "windsurf",
        }
    }

    pub fn parse(s: &str) -> Result<Agent, String> {
        ALL.into_iter().find(|a| a.name() == s).ok_or_else(|| {
            let names: Vec<_> = ALL.iter().map(|a| a.name()).collect();
            format!("unknown agent `{s}`: expected one of {}", names.join(", "))
        })
    }

    /// The folder this agent reads the user's skills from.
    pub fn user_folder(self, env: &AgentEnv) -> PathBuf {
        let home = &env.home;
        match self {
            Agent::ClaudeCode => env.claude_config_dir.clone().unwrap_or_else(|| home.join(".claude")).join("skills"),
            Agent::Codex | Agent::Agents => home.join(".agents/skills"),
            Agent::Cursor => home.join(".cursor/skills"),
            Agent::Gemini => home.join(".gemini/skills"),
            Agent::Copilot => home.join(".copilot/skills"),
            Agent::Opencode => env.config_home().join("opencode/skills"),
            Agent::Goose => env.config_home().join("goose/skills"),
            Agent::Windsurf => home.join(".codeium/windsurf/skills"),
        }
    }

    /// The folder, relative to a project's root, this agent reads the
    /// project's skills from.
    pub fn project_folder(self) -> &'static Path {
        Path::new(match self {
            Agent::ClaudeCode => ".claude/skills",
            Agent::Codex | Agent::Agents => ".agents/skills",
            Agent::Cursor => ".cursor/skills",
            Agent::Gemini => ".gemini/skills",
            Agent::Copilot => ".github/skills",
            Agent::Opencode => ".opencode/skills",
            Agent::Goose => ".goose/skills",
            Agent::Windsurf => ".windsurf/skills",
        })
    }

    /// The folder for `scope`; a project scope needs the project's root.
    pub fn folder(self, env: &AgentEnv, scope: Scope, project_dir: &Path) -> PathBuf {
        match scope {
            Scope::User => self.user_folder(env),
            Scope::Project => project_dir.join(self.project_folder()),
        }
    }

    /// The folder whose presence says the agent is set up on this machine
    /// (its configuration folder, which it creates at first start).
    pub fn config_folder(self, env: &AgentEnv) -> PathBuf {
        let home = &env.home;
        match self {
            Agent::ClaudeCode => env.claude_config_dir.clone().unwrap_or_else(|| home.join(".claude")),
            Agent::Codex => home.join(".codex"),
            Agent::Agents => home.join(".agents"),
            Agent::Cursor => home.join(".cursor"),
            Agent::Gemini => home.join(".gemini"),
            Agent::Copilot => home.join(".copilot"),
            Agent::Opencode => env.config_home().join("opencode"),
            Agent::Goose => env.config_home().join("goose"),
            Agent::Windsurf => home.join(".codeium/windsurf"),
        }
    }

    pub fn is_present(self, env: &AgentEnv) -> bool {
        self.config_folder(env).is_dir()
    }
}

/// The distinct skills folders of every agent that exist, user scope first,
/// then those of `project_dir` when given: what `sync --from installed` reads.
pub fn existing_folders(env: &AgentEnv, project_dir: Option<&Path>) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    let mut candidates: Vec<PathBuf> = ALL.iter().map(|a| a.user_folder(env)).collect();
    if let Some(p) = project_dir {
        candidates.extend(ALL.iter().map(|a| p.join(a.project_folder())));
    }
    for c in candidates {
        if c.is_dir() && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(home: &str) -> AgentEnv {
        AgentEnv { home: PathBuf::from(home), claude_config_dir: None, xdg_config_home: None }
    }

    #[test]
    fn the_contract_folders_for_each_agent_and_scope() {
        let e = env("/h");
        let p = Path::new("/proj");
        let user = |a: Agent| a.folder(&e, Scope::User, p);
        let project = |a: Agent| a.folder(&e, Scope::Project, p);
        assert_eq!(user(Agent::ClaudeCode), Path::new("/h/.claude/skills"));
        assert_eq!(project(Agent::ClaudeCode), Path::new("/proj/.claude/skills"));
        assert_eq!(user(Agent::Codex), Path::new("/h/.agents/skills"));
        assert_eq!(project(Agent::Codex), Path::new("/proj/.agents/skills"));
        assert_eq!(user(Agent::Agents), Path::new("/h/.agents/skills"));
        assert_eq!(user(Agent::Opencode), Path::new("/h/.config/opencode/skills"));
        assert_eq!(user(Agent::Goose), Path::new("/h/.config/goose/skills"));
        assert_eq!(project(Agent::Copilot), Path::new("/proj/.github/skills"));
        for a in ALL {
            assert!(user(a).is_absolute() && user(a).ends_with("skills"), "{a:?}");
            assert!(project(a).starts_with(p) && project(a).ends_with("skills"), "{a:?}");
        }
    }

    #[test]
    fn claude_config_dir_and_xdg_config_home_are_honoured() {
        let e = AgentEnv {
            home: PathBuf::from("/h"),
            claude_config_dir: Some(PathBuf::from("/cfg/claude")),
            xdg_config_home: Some(PathBuf::from("/xdg")),
        };
        assert_eq!(Agent::ClaudeCode.user_folder(&e), Path::new("/cfg/claude/skills"));
        assert_eq!(Agent::ClaudeCode.config_folder(&e), Path::new("/cfg/claude"));
        assert_eq!(Agent::Opencode.user_folder(&e), Path::new("/xdg/opencode/skills"));
        assert_eq!(Agent::Goose.user_folder(&e), Path::new("/xdg/goose/skills"));
        // The project folder does not move with the user's configuration.
        assert_eq!(Agent::ClaudeCode.project_folder(), Path::new(".claude/skills"));
    }

    #[test]
    fn names_round_trip_and_unknown_names_list_the_known_ones() {
        for a in ALL {
            assert_eq!(Agent::parse(a.name()), Ok(a));
        }
        let err = Agent::parse("claude").unwrap_err();
        assert!(err.contains("claude-code") && err.contains("windsurf"), "{err}");
        assert_eq!(Scope::parse("project"), Ok(Scope::Project));
        assert!(Scope::parse("global").is_err());
    }

    #[test]
    fn presence_and_existing_folders_follow_the_disk() {
        let tmp = tempfile::tempdir().unwrap();
        let e = AgentEnv { home: tmp.path().to_path_buf(), claude_config_dir: None, xdg_config_home: None };
        assert!(ALL.iter().all(|a| !a.is_present(&e)));
        std::fs::create_dir_all(tmp.path().join(".claude/skills")).unwrap();
        std::fs::create_dir_all(tmp.path().join(".agents/skills")).unwrap();
        std::fs::create_dir_all(tmp.path().join("p/.cursor/skills")).unwrap();
        assert!(Agent::ClaudeCode.is_present(&e) && Agent::Agents.is_present(&e) && !Agent::Cursor.is_present(&e));
        let found = existing_folders(&e, Some(&tmp.path().join("p")));
        // codex and agents share one folder: it is read once.
        assert_eq!(
            found,
            vec![
                tmp.path().join(".claude/skills"),
                tmp.path().join(".agents/skills"),
                tmp.path().join("p/.cursor/skills")
            ]
        );
    }
}
