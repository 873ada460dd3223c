//! The skills a registry lists, read out of its index files. The model is
//! n-skills (`numman-ali/n-skills`), which keeps three kinds of file:
//!
//! - `.claude-plugin/marketplace.json`, the plugin marketplace file:
//!   plugins, each with a source (a folder of the registry's repository, or
//!   another repository) and the skill folders in it;
//! - `sources.yaml`, the registry's manifest: each skill is either native
//!   (kept in the registry's repository, `skills/<category>/<name>`) or
//!   mirrored daily from an upstream repository (`source.repo`, `.path`,
//!   `.ref`) into the registry's `target.path`;
//! - `skills/<category>/<name>/.source.json`, written next to each mirrored
//!   copy: which upstream repository, folder and commit it was copied from.
//!
//! None of these files names the repository it lives in, so the caller says
//! which one it fetched them from ([`RegistryRepo`]).
//!
//! Install counts: none of n-skills' files has one. An index that keeps them
//! would put a non-negative integer on a plugin entry (`marketplace.json`) or
//! a skill entry (`sources.yaml`) under `installs`, `install_count`,
//! `installCount` or `downloads`; that field is read when present.
//!
//! The files are input from outside: a malformed file, or an entry whose
//! owner, repository, ref or path could escape where it should point, is an
//! `Err` naming the entry, never a panic nor a skill at a surprising place.
//! Never here: I/O.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::awesome::{parse_github_url, valid_owner, valid_path, valid_ref, valid_repo, LinkTarget};

/// The repository a registry's index files were fetched from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegistryRepo {
    pub owner: String,
    pub repo: String,
    /// The ref the files were read at; `None` for the default branch.
    pub git_ref: Option<String>,
}

impl RegistryRepo {
    /// A registry repository, validated like every owner, name and ref here.
    pub fn new(owner: &str, repo: &str, git_ref: Option<&str>) -> Result<Self, String> {
        let owner = valid_owner(owner).ok_or_else(|| format!("invalid owner {}", quoted(owner)))?;
        let repo = valid_repo(repo).ok_or_else(|| format!("invalid repository name {}", quoted(repo)))?;
        let git_ref = git_ref.map(|r| valid_ref(r).ok_or_else(|| format!("invalid ref {}", quoted(r)))).transpose()?;
        Ok(RegistryRepo { owner, repo, git_ref })
    }

    /// `numman-ali/n-skills` at its default branch.
    pub fn n_skills() -> Self {
        RegistryRepo { owner: "numman-ali".into(), repo: "n-skills".into(), git_ref: None }
    }
}

/// One skill a registry lists, located where its SKILL.md can be fetched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegistrySkill {
    /// The skill's name as the index gives it, or its folder's name.
    pub name: String,
    /// The repository that holds the skill: the upstream one for a mirrored
    /// skill, the registry's own for a native one.
    pub owner: String,
    pub repo: String,
    /// `None`: the repository's default branch.
    pub git_ref: Option<String>,
    /// The path of the SKILL.md in that repository.
    pub path: String,
    pub installs: Option<u64>,
    pub category: Option<String>,
    /// For a skill mirrored from upstream: the path of the registry's copy
    /// of the SKILL.md in the registry's repository (what a user installing
    /// from the registry gets, which may lag behind upstream).
    pub mirror_path: Option<String>,
}

/// What a `.source.json` says about the mirrored copy it sits in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SourceRecord {
    /// The upstream repository the copy was made from.
    pub owner: String,
    pub repo: String,
    /// The path of the upstream SKILL.md.
    pub path: String,
    /// The upstream commit copied, so the copy can be compared with exactly
    /// what it came from.
    pub commit: Option<String>,
    /// The registry's hash of the copied content, as hex (its algorithm is
    /// the registry's business; n-skills writes 64 digits).
    pub content_hash: Option<String>,
    /// When the copy was made, as written (ISO 8601 in n-skills).
    pub synced_at: Option<String>,
    pub license: Option<String>,
}

/// Index files are a few kilobytes; anything far larger is not one, and is
/// refused before a parser spends time or memory on it.
const MAX_INDEX_BYTES: usize = 4 * 1024 * 1024;

const SKILL_FILE: &str = "SKILL.md";

/// The skills of a plugin marketplace file (`.claude-plugin/marketplace.json`)
/// kept in `home`.
///
/// Each plugin's `skills` lists skill folders relative to the plugin's root.
/// That root is a folder of `home` when `source` is a path (with
/// `metadata.pluginRoot` before a path that does not start with `./`), or
/// another repository for a `github`, `url` or `git-subdir` source on GitHub
/// (pinned by its `sha` when it has one, else its `ref`). Plugins from
/// elsewhere (npm, another host) and plugins without a `skills` list are
/// left out: their skills are found only by installing or listing them.
/// A plugin's install count is every one of its skills' count, since a
/// plugin is installed as a whole.
pub fn parse_marketplace(json: &str, home: &RegistryRepo) -> Result<Vec<RegistrySkill>, String> {
    check_size(json, "marketplace.json")?;
    let file: MarketplaceFile =
        serde_json::from_str(json).map_err(|e| format!("marketplace.json: {}", first_line(&e.to_string())))?;
    let plugin_root = match file.metadata.and_then(|m| m.plugin_root) {
        Some(root) => Some(path_in_repo(&root).map_err(|e| format!("marketplace.json: metadata.pluginRoot: {e}"))?),
        None => None,
    };
    let mut skills = Vec::new();
    let mut seen = HashSet::new();
    for (i, plugin) in file.plugins.into_iter().enumerate() {
        let at = format!("marketplace.json: plugins[{i}] ({})", quoted(&plugin.name));
        let Some(listed) = plugin.skills else { continue };
        let Some(root) =
            plugin_location(&plugin.source, home, plugin_root.as_deref()).map_err(|e| format!("{at}: {e}"))?
        else {
            continue;
        };
        let category = plugin.category.as_deref().map(category).transpose().map_err(|e| format!("{at}: {e}"))?;
        let installs = count(plugin.installs).map_err(|e| format!("{at}: {e}"))?;
        for (j, dir) in listed.into_vec().iter().enumerate() {
            let at = format!("{at}: skills[{j}] {}", quoted(dir));
            let dir = path_in_repo(dir).map_err(|e| format!("{at}: {e}"))?;
            let path = join(&root.path, &dir);
            let (folder, path) = match path.strip_suffix(SKILL_FILE) {
                Some(folder) if path == SKILL_FILE || folder.ends_with('/') => {
                    (folder.trim_end_matches('/').to_owned(), path.clone())
                }
                _ => (path.clone(), join(&path, SKILL_FILE)),
            };
            let name = match folder.rsplit('/').next() {
                Some(last) if !last.is_empty() => last.to_owned(),
                _ => plugin.name.clone(),
            };
            let name = skill_name(&name).map_err(|e| format!("{at}: {e}"))?;
            let category = category.clone().or_else(|| layout_category(&folder));
            let skill = RegistrySkill {
                name,
                owner: root.owner.clone(),
                repo: root.repo.clone(),
                git_ref: root.git_ref.clone(),
                path,
                installs,
                category,
                mirror_path: None,
            };
            let key = (
                skill.owner.to_ascii_lowercase(),
                skill.repo.to_ascii_lowercase(),
                skill.git_ref.clone(),
                skill.path.clone(),
            );
            if seen.insert(key) {
                skills.push(skill);
            }
        }
    }
    Ok(skills)
}

/// The skills of an n-skills `sources.yaml` kept in `home`.
///
/// A mirrored entry (`source.repo`) gives the upstream location, with the
/// registry's copy in `mirror_path` when `target.path` says where it is; its
/// `ref` stays `None` when the entry has none (n-skills then syncs `main`;
/// `None` leaves the choice to the caller, usually the default branch). A native entry
/// (`native: true`, no `source`) is at `target.path` in `home`. Names must
/// be unique, as the manifest's schema requires.
pub fn parse_sources(yaml: &str, home: &RegistryRepo) -> Result<Vec<RegistrySkill>, String> {
    check_size(yaml, "sources.yaml")?;
    let file: SourcesFile =
        serde_saphyr::from_str(yaml).map_err(|e| format!("sources.yaml: {}", first_line(&e.to_string())))?;
    if let Some(version) = file.version {
        if version != 1 {
            return Err(format!("sources.yaml: version {version} is not supported (only 1)"));
        }
    }
    let mut names = HashSet::new();
    let mut skills = Vec::new();
    for (i, entry) in file.skills.into_iter().enumerate() {
        let at = format!("sources.yaml: skills[{i}] ({})", quoted(&entry.name));
        let skill = source_entry(entry, home).map_err(|e| format!("{at}: {e}"))?;
        if !names.insert(skill.name.clone()) {
            return Err(format!("{at}: the name is listed twice"));
        }
        skills.push(skill);
    }
    Ok(skills)
}

/// A `.source.json`, the record n-skills writes beside each mirrored copy.
pub fn parse_source_json(json: &str) -> Result<SourceRecord, String> {
    check_size(json, ".source.json")?;
    let file: SourceJsonFile =
        serde_json::from_str(json).map_err(|e| format!(".source.json: {}", first_line(&e.to_string())))?;
    let at = ".source.json";
    let (owner, repo) = full_name(&file.synced_from).map_err(|e| format!("{at}: synced_from: {e}"))?;
    let folder =
        path_in_repo(file.source_path.as_deref().unwrap_or("")).map_err(|e| format!("{at}: source_path: {e}"))?;
    let commit = file.commit.map(|c| hex(&c, 7, 64).map_err(|e| format!("{at}: commit: {e}"))).transpose()?;
    let content_hash =
        file.content_hash.map(|h| hex(&h, 8, 128).map_err(|e| format!("{at}: content_hash: {e}"))).transpose()?;
    let synced_at =
        file.synced_at.map(|s| short_text(&s, 64).map_err(|e| format!("{at}: synced_at: {e}"))).transpose()?;
    let license = file.license.map(|s| short_text(&s, 100).map_err(|e| format!("{at}: license: {e}"))).transpose()?;
    Ok(SourceRecord { owner, repo, path: join(&folder, SKILL_FILE), commit, content_hash, synced_at, license })
}

#[derive(Deserialize)]
struct MarketplaceFile {
    plugins: Vec<PluginEntry>,
    #[serde(default)]
    metadata: Option<MarketplaceMetadata>,
}

#[derive(Deserialize)]
struct MarketplaceMetadata {
    #[serde(default, rename = "pluginRoot")]
    plugin_root: Option<String>,
}

#[derive(Deserialize)]
struct PluginEntry {
    name: String,
    source: Value,
    #[serde(default)]
    skills: Option<OneOrMany>,
    #[serde(default)]
    category: Option<String>,
    #[serde(default, alias = "install_count", alias = "installCount", alias = "downloads")]
    installs: Option<Value>,
}

/// A plugin entry's component fields take one path or a list of them.
#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    fn into_vec(self) -> Vec<String> {
        match self {
            OneOrMany::One(s) => vec![s],
            OneOrMany::Many(v) => v,
        }
    }
}

#[derive(Deserialize)]
struct SourcesFile {
    #[serde(default)]
    version: Option<u64>,
    skills: Vec<SourceEntry>,
}

#[derive(Deserialize)]
struct SourceEntry {
    name: String,
    #[serde(default)]
    native: bool,
    #[serde(default)]
    source: Option<UpstreamSpec>,
    #[serde(default)]
    target: Option<TargetSpec>,
    #[serde(default, alias = "install_count", alias = "installCount", alias = "downloads")]
    installs: Option<u64>,
}

#[derive(Deserialize)]
struct UpstreamSpec {
    repo: String,
    #[serde(default)]
    path: Option<String>,
    #[serde(default, rename = "ref")]
    git_ref: Option<String>,
}

#[derive(Deserialize)]
struct TargetSpec {
    #[serde(default)]
    category: Option<String>,
    #[serde(default)]
    path: Option<String>,
}

#[derive(Deserialize)]
struct SourceJsonFile {
    synced_from: String,
    #[serde(default)]
    source_path: Option<String>,
    #[serde(default)]
    commit: Option<String>,
    #[serde(default)]
    content_hash: Option<String>,
    #[serde(default)]
    synced_at: Option<String>,
    #[serde(default)]
    license: Option<String>,
}

/// A repository and a folder in it (`path` empty for the root).
struct Location {
    owner: String,
    repo: String,
    git_ref: Option<String>,
    path: String,
}

/// Where a plugin's root is; `None` for a source that is not on GitHub.
fn plugin_location(source: &Value, home: &RegistryRepo, plugin_root: Option<&str>) -> Result<Option<Location>, String> {
    let object = match source {
        Value::String(path) => {
            let relative = path_in_repo(path).map_err(|e| format!("source: {e}"))?;
            let path = match plugin_root {
                Some(root) if !path.starts_with("./") => join(root, &relative),
                _ => relative,
            };
            let (owner, repo, git_ref) = (home.owner.clone(), home.repo.clone(), home.git_ref.clone());
            return Ok(Some(Location { owner, repo, git_ref, path }));
        }
        Value::Object(object) => object,
        _ => return Err("source is neither a path nor an object".into()),
    };
    let text = |key: &str| -> Result<Option<&str>, String> {
        match object.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.as_str())),
            Some(_) => Err(format!("source.{key} is not a string")),
        }
    };
    let (owner, repo) = match text("source")? {
        Some("github") => {
            full_name(text("repo")?.ok_or("source.repo is missing")?).map_err(|e| format!("source.repo: {e}"))?
        }
        Some("url" | "git-subdir") => {
            let url = text("url")?.or(text("repo")?).ok_or("source.url is missing")?;
            match parse_github_url(url) {
                Some(link) if link.target == LinkTarget::Repo => (link.owner, link.repo),
                _ => return Ok(None),
            }
        }
        Some(_) => return Ok(None),
        None => return Err("source.source (the kind of source) is missing".into()),
    };
    let git_ref = match text("sha")?.or(text("ref")?) {
        Some(r) => Some(valid_ref(r).ok_or_else(|| format!("invalid source ref {}", quoted(r)))?),
        None => None,
    };
    let path = path_in_repo(text("path")?.unwrap_or("")).map_err(|e| format!("source.path: {e}"))?;
    Ok(Some(Location { owner, repo, git_ref, path }))
}

fn source_entry(entry: SourceEntry, home: &RegistryRepo) -> Result<RegistrySkill, String> {
    let name = skill_name(&entry.name)?;
    let target = entry.target.unwrap_or(TargetSpec { category: None, path: None });
    let category = target.category.as_deref().map(category).transpose()?;
    let target_path = match target.path.as_deref() {
        Some(p) => Some(path_in_repo(p).map_err(|e| format!("target.path: {e}"))?),
        None => None,
    };
    let skill = |owner: String, repo: String, git_ref: Option<String>, path: String, mirror_path: Option<String>| {
        RegistrySkill {
            name: name.clone(),
            owner,
            repo,
            git_ref,
            path,
            installs: entry.installs,
            category: category.clone(),
            mirror_path,
        }
    };
    match (entry.source, entry.native) {
        (Some(_), true) => Err("an entry cannot be both native and synced from a source".into()),
        (Some(source), false) => {
            let (owner, repo) = full_name(&source.repo).map_err(|e| format!("source.repo: {e}"))?;
            let folder = path_in_repo(source.path.as_deref().unwrap_or("")).map_err(|e| format!("source.path: {e}"))?;
            let git_ref = match source.git_ref.as_deref() {
                Some(r) => Some(valid_ref(r).ok_or_else(|| format!("invalid source.ref {}", quoted(r)))?),
                None => None,
            };
            let mirror = target_path.map(|p| join(&p, SKILL_FILE));
            Ok(skill(owner, repo, git_ref, join(&folder, SKILL_FILE), mirror))
        }
        (None, true) => {
            let folder = target_path.ok_or("a native entry needs target.path")?;
            if folder.is_empty() {
                return Err("target.path is the repository's root".into());
            }
            Ok(skill(home.owner.clone(), home.repo.clone(), home.git_ref.clone(), join(&folder, SKILL_FILE), None))
        }
        (None, false) => Err("no source.repo, and not marked native".into()),
    }
}

/// `owner/repo`, each part validated.
fn full_name(s: &str) -> Result<(String, String), String> {
    let mut parts = s.trim().split('/');
    let (Some(owner), Some(repo), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(format!("{} is not owner/repo", quoted(s)));
    };
    let owner = valid_owner(owner).ok_or_else(|| format!("invalid owner {}", quoted(owner)))?;
    let repo = valid_repo(repo).ok_or_else(|| format!("invalid repository name {}", quoted(repo)))?;
    Ok((owner, repo))
}

/// A relative path inside a repository (see [`valid_path`]); an absolute
/// path, `..` or an empty segment is an error.
fn path_in_repo(path: &str) -> Result<String, String> {
    if path.starts_with('/') {
        return Err(format!("{} is absolute", quoted(path)));
    }
    valid_path(path)
        .ok_or_else(|| format!("{} is not a plain relative path (no `.`, `..`, empty segment or `\\`)", quoted(path)))
}

fn join(folder: &str, rest: &str) -> String {
    match (folder.is_empty(), rest.is_empty()) {
        (true, _) => rest.to_owned(),
        (false, true) => folder.to_owned(),
        (false, false) => format!("{folder}/{rest}"),
    }
}

/// A skill's name doubles as a folder name when it is installed, so it has
/// a folder name's charset.
fn skill_name(name: &str) -> Result<String, String> {
    valid_repo(name.trim())
        .ok_or_else(|| format!("invalid skill name {} (expected [A-Za-z0-9._-], at most 100)", quoted(name)))
}

fn category(s: &str) -> Result<String, String> {
    short_text(s, 64).map_err(|e| format!("category: {e}"))
}

/// The n-skills layout, `skills/<category>/<name>`, names the category.
fn layout_category(folder: &str) -> Option<String> {
    match folder.split('/').collect::<Vec<_>>()[..] {
        ["skills", category, _] => Some(category.to_owned()),
        _ => None,
    }
}

fn short_text(s: &str, max_chars: usize) -> Result<String, String> {
    let s = s.trim();
    if s.is_empty() || s.chars().count() > max_chars || s.chars().any(char::is_control) {
        return Err(format!("{} is empty, longer than {max_chars} characters or holds a control character", quoted(s)));
    }
    Ok(s.to_owned())
}

fn hex(s: &str, min: usize, max: usize) -> Result<String, String> {
    if s.len() < min || s.len() > max || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("{} is not {min} to {max} hex digits", quoted(s)));
    }
    Ok(s.to_ascii_lowercase())
}

/// A count is a non-negative integer; anything else is refused rather than
/// guessed at.
fn count(value: Option<Value>) -> Result<Option<u64>, String> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => {
            n.as_u64().map(Some).ok_or_else(|| format!("install count {n} is not a non-negative integer"))
        }
        Some(other) => Err(format!("install count {} is not a number", quoted(&other.to_string()))),
    }
}

fn check_size(text: &str, what: &str) -> Result<(), String> {
    if text.len() > MAX_INDEX_BYTES {
        return Err(format!("{what}: {} bytes, more than an index file's {MAX_INDEX_BYTES}", text.len()));
    }
    Ok(())
}

/// A value from the input, quoted and escaped for a message, and cut short:
/// an error names the culprit without carrying a hostile file into a log.
fn quoted(s: &str) -> String {
    const MAX_CHARS: usize = 80;
    if s.chars().count() <= MAX_CHARS {
        format!("{s:?}")
    } else {
        format!("{:?}…", s.chars().take(MAX_CHARS).collect::<String>())
    }
}

/// Parser messages can quote the input at length; one short line is enough.
fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("").trim().chars().take(200).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn corpus() -> Option<PathBuf> {
        let dir = std::env::var_os("SKILLS_GUIDE_CORPUS")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"))
            .join("registry");
        if dir.is_dir() {
            Some(dir)
        } else {
            eprintln!("skipping: no registry files at {} (set SKILLS_GUIDE_CORPUS)", dir.display());
            None
        }
    }

    fn read(dir: &std::path::Path, name: &str) -> String {
        std::fs::read_to_string(dir.join(format!("numman-ali__n-skills__{name}")))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn home() -> RegistryRepo {
        RegistryRepo::n_skills()
    }

    fn find<'a>(skills: &'a [RegistrySkill], name: &str) -> &'a RegistrySkill {
        skills.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("no {name} in {skills:?}"))
    }

    #[test]
    fn real_marketplace() {
        let Some(dir) = corpus() else { return };
        let json = read(&dir, ".claude-plugin__marketplace.json");
        let skills = parse_marketplace(&json, &home()).unwrap();
        // Counted independently: every entry of every plugin's `skills`.
        let value: Value = serde_json::from_str(&json).unwrap();
        let listed: usize =
            value["plugins"].as_array().unwrap().iter().map(|p| p["skills"].as_array().unwrap().len()).sum();
        assert_eq!(skills.len(), listed);
        assert_eq!(skills.len(), value["metadata"]["skill_count"].as_u64().unwrap() as usize);
        let browser = find(&skills, "dev-browser");
        assert_eq!(
            browser,
            &RegistrySkill {
                name: "dev-browser".into(),
                owner: "numman-ali".into(),
                repo: "n-skills".into(),
                git_ref: None,
                path: "skills/automation/dev-browser/SKILL.md".into(),
                installs: None,
                category: Some("automation".into()),
                mirror_path: None,
            }
        );
        assert_eq!(find(&skills, "zai-cli").path, "skills/tools/zai-cli/SKILL.md");
        assert_eq!(find(&skills, "orchestration").category.as_deref(), Some("workflow"));
        assert!(skills.iter().all(|s| s.installs.is_none()), "n-skills keeps no counts");
    }

    #[test]
    fn real_sources() {
        let Some(dir) = corpus() else { return };
        let yaml = read(&dir, "sources.yaml");
        let skills = parse_sources(&yaml, &home()).unwrap();
        // Counted independently: the entries start with `  - name:`, at the
        // indentation of the `skills:` list.
        let entries = yaml.lines().filter(|l| l.starts_with("  - name:")).count();
        let native = yaml.lines().filter(|l| l.trim_start().starts_with("native: true")).count();
        assert_eq!(skills.len(), entries);
        assert_eq!(skills.iter().filter(|s| s.mirror_path.is_none()).count(), native);
        assert_eq!(
            find(&skills, "dev-browser"),
            &RegistrySkill {
                name: "dev-browser".into(),
                owner: "SawyerHood".into(),
                repo: "dev-browser".into(),
                git_ref: Some("main".into()),
                path: "skills/dev-browser/SKILL.md".into(),
                installs: None,
                category: Some("automation".into()),
                mirror_path: Some("skills/automation/dev-browser/SKILL.md".into()),
            }
        );
        let zai = find(&skills, "zai-cli");
        assert_eq!((zai.owner.as_str(), zai.repo.as_str()), ("numman-ali", "n-skills"));
        assert_eq!(zai.path, "skills/tools/zai-cli/SKILL.md");
        assert_eq!(zai.category.as_deref(), Some("tools"));

        // The marketplace lists the same folders: the native ones and the
        // registry's copies of the mirrored ones.
        let market = parse_marketplace(&read(&dir, ".claude-plugin__marketplace.json"), &home()).unwrap();
        let mut in_market: Vec<&str> = market.iter().map(|s| s.path.as_str()).collect();
        let mut in_sources: Vec<&str> =
            skills.iter().map(|s| s.mirror_path.as_deref().unwrap_or(s.path.as_str())).collect();
        in_market.sort_unstable();
        in_sources.sort_unstable();
        assert_eq!(in_market, in_sources);
    }

    #[test]
    fn real_source_json_matches_the_manifest() {
        let Some(dir) = corpus() else { return };
        let record = parse_source_json(&read(&dir, "skills__automation__dev-browser__.source.json")).unwrap();
        assert_eq!(
            record,
            SourceRecord {
                owner: "SawyerHood".into(),
                repo: "dev-browser".into(),
                path: "skills/dev-browser/SKILL.md".into(),
                commit: Some("66682fb0513aec308e68d71740e2b0394a29d884".into()),
                content_hash: Some("9baddfa1dd72bf063e5172ebdf581986fc91289b9771836721e1a0ece0bd3da9".into()),
                synced_at: Some("2026-01-06T00:21:08.868Z".into()),
                license: Some("MIT".into()),
            }
        );
        let sources = parse_sources(&read(&dir, "sources.yaml"), &home()).unwrap();
        let entry = find(&sources, "dev-browser");
        assert_eq!((&entry.owner, &entry.repo, &entry.path), (&record.owner, &record.repo, &record.path));
    }

    #[test]
    fn marketplace_sources_of_every_kind() {
        let json = r#"{
          "name": "m", "owner": {"name": "x"},
          "metadata": {"pluginRoot": "./plugins"},
          "plugins": [
            {"name": "local", "source": "fmt", "skills": ["./skills/a", "skills/b/SKILL.md"], "category": "Dev", "installs": 12},
            {"name": "dotted", "source": "./top", "skills": "./one"},
            {"name": "gh", "source": {"source": "github", "repo": "o/r", "ref": "v1"}, "skills": ["./s/x"], "downloads": 3},
            {"name": "pinned", "source": {"source": "github", "repo": "o/r", "ref": "v1", "sha": "abc123def"}, "skills": ["./"]},
            {"name": "url", "source": {"source": "url", "url": "https://github.com/o/u.git"}, "skills": ["skills/y"]},
            {"name": "sub", "source": {"source": "git-subdir", "url": "https://github.com/o/mono", "path": "plugins/p"}, "skills": ["skills/z"]},
            {"name": "elsewhere", "source": {"source": "url", "url": "https://gitlab.com/o/r.git"}, "skills": ["./s"]},
            {"name": "npm", "source": {"source": "npm", "package": "x"}, "skills": ["./s"]},
            {"name": "unlisted", "source": "./p"},
            {"name": "again", "source": "fmt", "skills": ["./skills/a"]}
          ]
        }"#;
        let home = RegistryRepo::new("me", "market", Some("main")).unwrap();
        // One line per skill: name, repository@ref, path, count, category.
        let got: Vec<String> = parse_marketplace(json, &home)
            .unwrap()
            .iter()
            .map(|s| {
                let at = s.git_ref.as_deref().unwrap_or("-");
                let (n, c) = (s.installs.map_or("-".into(), |n| n.to_string()), s.category.as_deref().unwrap_or("-"));
                format!("{} {}/{}@{at} {} {n} {c}", s.name, s.owner, s.repo, s.path)
            })
            .collect();
        let want = [
            "a me/market@main plugins/fmt/skills/a/SKILL.md 12 Dev",
            "b me/market@main plugins/fmt/skills/b/SKILL.md 12 Dev",
            "one me/market@main top/one/SKILL.md - -",
            "x o/r@v1 s/x/SKILL.md 3 -",
            "pinned o/r@abc123def SKILL.md - -",
            "y o/u@- skills/y/SKILL.md - -",
            "z o/mono@- plugins/p/skills/z/SKILL.md - -",
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn sources_with_counts_and_defaults() {
        let yaml = "skills:\n\
                    - name: up\n  source: {repo: a/b}\n  install_count: 7\n\
                    - name: root\n  source: {repo: a/c, path: ./, ref: v2}\n  target: {path: skills/x/root}\n\
                    - name: home\n  native: true\n  target: {category: data, path: skills/data/home}\n";
        let home = RegistryRepo::new("me", "reg", None).unwrap();
        let skills = parse_sources(yaml, &home).unwrap();
        assert_eq!(skills.len(), 3);
        assert_eq!(
            (skills[0].path.as_str(), skills[0].installs, skills[0].git_ref.as_deref()),
            ("SKILL.md", Some(7), None)
        );
        assert_eq!(skills[1].path, "SKILL.md");
        assert_eq!(skills[1].git_ref.as_deref(), Some("v2"));
        assert_eq!(skills[1].mirror_path.as_deref(), Some("skills/x/root/SKILL.md"));
        assert_eq!(
            (skills[2].owner.as_str(), skills[2].repo.as_str(), skills[2].path.as_str()),
            ("me", "reg", "skills/data/home/SKILL.md")
        );
    }

    #[test]
    fn bad_input_is_an_error_that_names_the_entry() {
        let home = home();
        let market = |plugins: &str| parse_marketplace(&format!(r#"{{"plugins": [{plugins}]}}"#), &home);
        for (plugins, says) in [
            (r#"{"name": "p", "source": "../up", "skills": ["a"]}"#, "plugins[0]"),
            (r#"{"name": "p", "source": "/etc", "skills": ["a"]}"#, "absolute"),
            (r#"{"name": "p", "source": "./", "skills": ["./a/../../b"]}"#, "skills[0]"),
            (r#"{"name": "p", "source": "./", "skills": ["a\\b"]}"#, "relative path"),
            (r#"{"name": "p", "source": "./", "skills": ["a//b"]}"#, "relative path"),
            (r#"{"name": "p", "source": "./", "skills": [3]}"#, "marketplace.json"),
            (r#"{"name": "p", "source": {"source": "github", "repo": "o/r/x"}, "skills": ["a"]}"#, "owner/repo"),
            (r#"{"name": "p", "source": {"source": "github", "repo": "o!/r"}, "skills": ["a"]}"#, "invalid owner"),
            (r#"{"name": "p", "source": {"source": "github", "repo": "o/.."}, "skills": ["a"]}"#, "invalid repository"),
            (r#"{"name": "p", "source": {"source": "github", "repo": "o/r", "ref": "a..b"}, "skills": ["a"]}"#, "ref"),
            (r#"{"name": "p", "source": {"repo": "o/r"}, "skills": ["a"]}"#, "kind of source"),
            (r#"{"name": "p", "source": 7, "skills": ["a"]}"#, "neither"),
            (r#"{"name": "p", "source": "./", "skills": ["a b"]}"#, "skill name"),
            (r#"{"name": "p", "source": "./", "skills": ["a"], "installs": -1}"#, "non-negative"),
            (r#"{"name": "p", "source": "./", "skills": ["a"], "installs": "many"}"#, "not a number"),
            (r#"{"name": "p", "source": "./", "skills": ["a"], "installs": 1, "downloads": 2}"#, "duplicate"),
        ] {
            let err = market(plugins).expect_err(plugins);
            assert!(err.contains(says), "{plugins}: {err}");
        }
        assert!(parse_marketplace("", &home).unwrap_err().starts_with("marketplace.json"));
        assert!(parse_marketplace("{}", &home).unwrap_err().contains("plugins"));
        assert!(parse_marketplace("[1]", &home).is_err());
        let huge = format!("{{\"plugins\": [], \"x\": \"{}\"}}", "a".repeat(MAX_INDEX_BYTES));
        assert!(parse_marketplace(&huge, &home).unwrap_err().contains("bytes"));

        for (yaml, says) in [
            ("skills:\n- name: a\n  source: {repo: o/r, path: ../x}\n", "source.path"),
            ("skills:\n- name: a\n  source: {repo: o}\n", "owner/repo"),
            ("skills:\n- name: a\n  source: {repo: o/r, ref: 'x y'}\n", "ref"),
            ("skills:\n- name: a\n  native: true\n", "target.path"),
            ("skills:\n- name: a\n  native: true\n  target: {path: /abs}\n", "absolute"),
            ("skills:\n- name: a\n", "not marked native"),
            ("skills:\n- name: a\n  native: true\n  source: {repo: o/r}\n  target: {path: x}\n", "both"),
            ("skills:\n- name: a/b\n  source: {repo: o/r}\n", "skill name"),
            ("skills:\n- name: a\n  source: {repo: o/r}\n- name: a\n  source: {repo: o/s}\n", "twice"),
            ("skills:\n- name: a\n  source: {repo: o/r}\n  installs: -3\n", "sources.yaml"),
            ("version: 2\nskills: []\n", "version 2"),
            ("skills: 3\n", "sources.yaml"),
            ("{", "sources.yaml"),
            ("", "sources.yaml"),
        ] {
            let err = parse_sources(yaml, &home).expect_err(yaml);
            assert!(err.contains(says), "{yaml}: {err}");
        }

        for (json, says) in [
            (r#"{"synced_from": "o/r", "source_path": "../x"}"#, "source_path"),
            (r#"{"synced_from": "o"}"#, "synced_from"),
            (r#"{"synced_from": "o/r", "commit": "not-hex"}"#, "commit"),
            (r#"{"source_path": "x"}"#, "synced_from"),
        ] {
            let err = parse_source_json(json).expect_err(json);
            assert!(err.contains(says), "{json}: {err}");
        }
        let long = format!(r#"{{"name": "{}", "source": "../x", "skills": ["a"]}}"#, "n".repeat(10_000));
        assert!(market(&long).unwrap_err().len() < 400, "messages quote the input cut short");
        assert!(RegistryRepo::new("a b", "r", None).is_err());
        assert!(RegistryRepo::new("o", "r", Some("..")).is_err());
    }

    #[test]
    fn hostile_input_never_panics() {
        let seeds = [
            r#"{"plugins": [{"name": "p", "source": "./", "skills": ["./a"]}]}"#,
            "skills:\n- name: a\n  source: {repo: o/r, path: x}\n  target: {path: y}\n",
            r#"{"synced_from": "o/r", "source_path": "x", "commit": "abcdef1"}"#,
            "a: &x [*x, *x]\nb: *x\n",
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for seed in seeds {
            for _ in 0..300 {
                let mut bytes = seed.as_bytes().to_vec();
                for _ in 0..(next() % 6) {
                    let at = next() as usize % (bytes.len() + 1);
                    match next() % 3 {
                        0 if at < bytes.len() => bytes[at] = next() as u8,
                        1 => bytes.insert(at, b"{}[]:\"\\/.-&*%\n\0\xff"[next() as usize % 16]),
                        _ if at < bytes.len() => {
                            bytes.remove(at);
                        }
                        _ => {}
                    }
                }
                let text = String::from_utf8_lossy(&bytes);
                let _ = parse_marketplace(&text, &home());
                let _ = parse_sources(&text, &home());
                let _ = parse_source_json(&text);
            }
        }
        // An alias bomb is stopped by the YAML parser's budget.
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..30 {
            let p = i - 1;
            bomb.push_str(&format!(
                "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
            ));
        }
        bomb.push_str("skills: []\n");
        let _ = parse_sources(&bomb, &home());
    }
}
