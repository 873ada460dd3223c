//! The app's settings: plain ones in `settings.json` beside the catalog, and
//! two secrets (the GitHub token, the model's key) in the OS keyring.
//!
//! A secret never goes into the settings file, the catalog or a log, and
//! never comes back to the webview: the UI only learns *where* each one
//! lives. Where the machine has no keyring (no Secret Service running), a
//! secret the user types is kept in memory for this session only, and the
//! UI says so. The environment's variables (`GITHUB_TOKEN`,
//! `SKILLS_GUIDE_LLM_*`, as the CLI reads them) still work underneath.

use std::collections::BTreeMap;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

/// What the user sets in the Settings screen, minus the secrets.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// `en` or `fr`; `None` follows the system.
    pub language: Option<String>,
    pub model_url: Option<String>,
    pub model_name: Option<String>,
    /// An agent's user skills folder, where it is not the usual one.
    pub agent_folders: BTreeMap<String, String>,
    /// Where the `snapshot` source reads a publisher's signed catalog: an
    /// `http(s)://` address or an absolute folder.
    pub snapshot_url: Option<String>,
    /// The publisher's PUBLIC key (its `RWQ…` line, a `.pub` file's text or
    /// path): not a secret, so it lives here; `None` leaves the catalog to
    /// read `SKILLS_GUIDE_SNAPSHOT_PUBKEY`.
    pub snapshot_key: Option<String>,
    /// The user removed the default publisher (`catalog.toml`, built in):
    /// with no address of their own either, the app syncs no snapshot.
    pub default_publisher_removed: bool,
    /// The user said no to the verified catalog offered at first launch.
    pub catalog_offer_declined: bool,
}

/// Where the publisher the app syncs from was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PublisherOrigin {
    /// Built in (`catalog.toml`).
    Default,
    /// The default publisher as the environment changes it: its address
    /// from `SKILLS_GUIDE_CATALOG`, or its key from
    /// `SKILLS_GUIDE_SNAPSHOT_PUBKEY`.
    Environment,
    /// An address (and key) set in Settings.
    Custom,
}

/// The publisher whose snapshot the `snapshot` source takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ActivePublisher {
    pub address: String,
    /// The public key's line, when one is known; the webview sees its id.
    #[serde(skip)]
    pub key: Option<String>,
    /// The key's id (16 hex digits), when the key is known and parses.
    pub key_id: Option<String>,
    pub origin: PublisherOrigin,
}

impl ActivePublisher {
    fn new(address: String, key: Option<String>, origin: PublisherOrigin) -> ActivePublisher {
        use skills_guide_catalog::snapshot::keys;
        let key_id = key.as_deref().and_then(|k| keys::public_key(k).ok()).map(|k| keys::key_id(&k));
        ActivePublisher { address, key, key_id, origin }
    }
}

/// A snapshot address the app takes: `http(s)://` or an absolute folder (the
/// app has no working folder a relative one could mean).
pub fn check_snapshot_address(address: &str) -> Result<(), String> {
    let web = address.starts_with("http://") || address.starts_with("https://");
    if web || Path::new(address).is_absolute() {
        Ok(())
    } else {
        Err(format!("the snapshot address must be an http:// or https:// address or an absolute folder: {address}"))
    }
}

impl Settings {
    /// Empty strings are no value; languages other than en/fr are refused.
    pub fn normalized(mut self) -> Result<Settings, String> {
        let clean = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
        self.language = clean(self.language);
        if let Some(l) = &self.language {
            if l != "en" && l != "fr" {
                return Err(format!("unknown language `{l}`: en or fr"));
            }
        }
        self.model_url = clean(self.model_url);
        self.model_name = clean(self.model_name);
        let mut folders = BTreeMap::new();
        for (agent, folder) in self.agent_folders {
            let folder = folder.trim().to_owned();
            if folder.is_empty() {
                continue;
            }
            skills_guide_catalog::agents::Agent::parse(&agent)?;
            if !Path::new(&folder).is_absolute() {
                return Err(format!("the folder for {agent} must be an absolute path: {folder}"));
            }
            folders.insert(agent, folder);
        }
        self.agent_folders = folders;
        self.snapshot_url = clean(self.snapshot_url);
        if let Some(address) = &self.snapshot_url {
            check_snapshot_address(address)?;
        }
        self.snapshot_key = clean(self.snapshot_key);
        if let Some(key) = &self.snapshot_key {
            // The catalog's own check, so a key that cannot work is said now,
            // not at the next sync.
            skills_guide_catalog::snapshot::keys::public_key(key).map_err(|e| match e {
                skills_guide_catalog::snapshot::SnapshotError::Key(why) => format!("the snapshot publisher key: {why}"),
                other => other.to_string(),
            })?;
        }
        Ok(self)
    }

    /// The publisher the `snapshot` source takes: the address set here (with
    /// its key, else the environment's, else the built-in one when it is the
    /// default's address); else, unless removed, the default publisher
    /// (`SKILLS_GUIDE_CATALOG` may move it or turn it off). A key in
    /// `SKILLS_GUIDE_SNAPSHOT_PUBKEY` wins over the built-in one, as the
    /// CLI's `--snapshot-key` does. `var` reads the environment.
    pub fn publisher(&self, var: &dyn Fn(&str) -> Option<String>) -> Result<Option<ActivePublisher>, String> {
        use skills_guide_catalog::publisher;
        let env_key = var("SKILLS_GUIDE_SNAPSHOT_PUBKEY").map(|k| k.trim().to_owned()).filter(|k| !k.is_empty());
        if let Some(address) = &self.snapshot_url {
            let built_in = || publisher::key_for(address, var).ok().flatten().map(|p| p.public_key);
            let key = self.snapshot_key.clone().or(env_key).or_else(built_in);
            return Ok(Some(ActivePublisher::new(address.clone(), key, PublisherOrigin::Custom)));
        }
        if self.default_publisher_removed {
            return Ok(None);
        }
        let Some(default) = publisher::default_publisher(var)? else { return Ok(None) };
        let moved = var(publisher::CATALOG_VAR).is_some_and(|v| !v.trim().is_empty());
        let origin = if moved || env_key.is_some() { PublisherOrigin::Environment } else { PublisherOrigin::Default };
        Ok(Some(ActivePublisher::new(default.address, Some(env_key.unwrap_or(default.public_key)), origin)))
    }

    /// The interface language: the setting, else French when the system's
    /// locale is French, else English.
    pub fn language(&self, locale: Option<&str>) -> &'static str {
        match self.language.as_deref() {
            Some("fr") => "fr",
            Some(_) => "en",
            None if locale.is_some_and(|l| l.to_ascii_lowercase().starts_with("fr")) => "fr",
            None => "en",
        }
    }
}

/// The system's locale, as the usual variables give it.
pub fn system_locale() -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"].iter().find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
}

/// The settings file in `data_dir`.
pub fn settings_path(data_dir: &Path) -> PathBuf {
    data_dir.join("settings.json")
}

/// Reads the settings; a missing file is the defaults, a broken one too
/// (with the reason, so the app can say it started from defaults).
pub fn load(data_dir: &Path) -> (Settings, Option<String>) {
    let path = settings_path(data_dir);
    match std::fs::read(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Settings::default(), None),
        Err(e) => (Settings::default(), Some(format!("{}: {e}", path.display()))),
        Ok(bytes) => {
            match serde_json::from_slice::<Settings>(&bytes).map_err(|e| e.to_string()).and_then(Settings::normalized) {
                Ok(s) => (s, None),
                Err(e) => (Settings::default(), Some(format!("{}: {e}", path.display()))),
            }
        }
    }
}

/// Writes the settings atomically: a temporary file beside it, then a rename.
pub fn save(data_dir: &Path, settings: &Settings) -> std::io::Result<()> {
    std::fs::create_dir_all(data_dir)?;
    let mut tmp = tempfile::NamedTempFile::new_in(data_dir)?;
    tmp.write_all(&serde_json::to_vec_pretty(settings).map_err(std::io::Error::other)?)?;
    tmp.as_file().sync_all()?;
    tmp.persist(settings_path(data_dir)).map_err(|e| e.error)?;
    Ok(())
}

/// The two secrets the app keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SecretName {
    GithubToken,
    ModelKey,
}

impl SecretName {
    pub fn parse(s: &str) -> Result<SecretName, String> {
        match s {
            "github_token" => Ok(SecretName::GithubToken),
            "model_key" => Ok(SecretName::ModelKey),
            _ => Err(format!("unknown secret `{s}`: github_token or model_key")),
        }
    }

    fn account(self) -> &'static str {
        match self {
            SecretName::GithubToken => "github_token",
            SecretName::ModelKey => "model_key",
        }
    }

    /// The environment variables that give it, in order.
    fn env_vars(self) -> &'static [&'static str] {
        match self {
            SecretName::GithubToken => &["GITHUB_TOKEN"],
            SecretName::ModelKey => &["SKILLS_GUIDE_LLM_KEY", "DEEPSEEK_API_KEY"],
        }
    }
}

/// Where a secret comes from, as the UI shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SecretPlace {
    Keyring,
    /// Typed in this session, with no keyring to keep it.
    Session,
    Environment,
    None,
}

/// A place that keeps secrets across sessions.
pub trait Vault: Send + Sync {
    fn get(&self, account: &str) -> Result<Option<String>, String>;
    fn set(&self, account: &str, value: &str) -> Result<(), String>;
    fn delete(&self, account: &str) -> Result<(), String>;
}

/// The OS keyring, under the service name `skills-guide`.
pub struct OsKeyring;

const SERVICE: &str = "skills-guide";

impl OsKeyring {
    /// The keyring, when this machine has a usable one (asking it for an
    /// entry answers, even if only "no such entry").
    pub fn probe() -> Option<OsKeyring> {
        let vault = OsKeyring;
        vault.get(SecretName::GithubToken.account()).ok().map(|_| vault)
    }
}

impl Vault for OsKeyring {
    fn get(&self, account: &str) -> Result<Option<String>, String> {
        let entry = keyring::Entry::new(SERVICE, account).map_err(|e| e.to_string())?;
        match entry.get_password() {
            Ok(v) => Ok(Some(v)),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }

    fn set(&self, account: &str, value: &str) -> Result<(), String> {
        let entry = keyring::Entry::new(SERVICE, account).map_err(|e| e.to_string())?;
        entry.set_password(value).map_err(|e| e.to_string())
    }

    fn delete(&self, account: &str) -> Result<(), String> {
        let entry = keyring::Entry::new(SERVICE, account).map_err(|e| e.to_string())?;
        match entry.delete_credential() {
            Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// Reads an environment variable (the process's, or a test's).
pub type EnvLookup = Box<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// The secrets: the vault when there is one, else this session's memory,
/// then the environment.
pub struct Secrets {
    vault: Option<Box<dyn Vault>>,
    session: Mutex<HashMap<SecretName, String>>,
    env: EnvLookup,
}

impl Secrets {
    pub fn new(vault: Option<Box<dyn Vault>>, env: EnvLookup) -> Secrets {
        Secrets { vault, session: Mutex::new(HashMap::new()), env }
    }

    pub fn has_vault(&self) -> bool {
        self.vault.is_some()
    }

    fn session(&self) -> std::sync::MutexGuard<'_, HashMap<SecretName, String>> {
        self.session.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The secret's value and where it came from.
    pub fn get(&self, name: SecretName) -> (Option<String>, SecretPlace) {
        if let Some(vault) = &self.vault {
            // A keyring that fails now is treated as holding nothing; the
            // session and the environment still answer.
            if let Ok(Some(v)) = vault.get(name.account()) {
                return (Some(v), SecretPlace::Keyring);
            }
        }
        if let Some(v) = self.session().get(&name) {
            return (Some(v.clone()), SecretPlace::Session);
        }
        for var in name.env_vars() {
            if let Some(v) = (self.env)(var).filter(|v| !v.trim().is_empty()) {
                return (Some(v), SecretPlace::Environment);
            }
        }
        (None, SecretPlace::None)
    }

    pub fn place(&self, name: SecretName) -> SecretPlace {
        self.get(name).1
    }

    /// Keeps `value` (in the keyring when there is one, else for this
    /// session), or forgets the secret when `value` is `None`.
    pub fn set(&self, name: SecretName, value: Option<&str>) -> Result<SecretPlace, String> {
        let value = value.map(str::trim).filter(|v| !v.is_empty());
        match (value, &self.vault) {
            (Some(v), Some(vault)) => {
                vault.set(name.account(), v).map_err(|e| format!("the keyring refused the secret: {e}"))?;
                self.session().remove(&name);
            }
            (Some(v), None) => {
                self.session().insert(name, v.to_owned());
            }
            (None, vault) => {
                if let Some(vault) = vault {
                    vault
                        .delete(name.account())
                        .map_err(|e| format!("the keyring refused to forget the secret: {e}"))?;
                }
                self.session().remove(&name);
            }
        }
        Ok(self.place(name))
    }

    /// A variable lookup for the engine's configuration readers: the
    /// settings and secrets first, then the environment.
    pub fn lookup<'a>(&'a self, settings: &'a Settings) -> impl Fn(&str) -> Option<String> + 'a {
        move |var| match var {
            "GITHUB_TOKEN" => self.get(SecretName::GithubToken).0,
            "SKILLS_GUIDE_LLM_KEY" => self.get(SecretName::ModelKey).0,
            // Read through SKILLS_GUIDE_LLM_KEY above.
            "DEEPSEEK_API_KEY" => None,
            "SKILLS_GUIDE_LLM_URL" => settings.model_url.clone().or_else(|| (self.env)(var)),
            "SKILLS_GUIDE_LLM_MODEL" => settings.model_name.clone().or_else(|| (self.env)(var)),
            _ => (self.env)(var),
        }
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;

    /// A keyring in memory, for tests.
    #[derive(Default)]
    pub struct MemoryVault(pub Mutex<HashMap<String, String>>);

    impl Vault for MemoryVault {
        fn get(&self, account: &str) -> Result<Option<String>, String> {
            Ok(self.0.lock().unwrap().get(account).cloned())
        }
        fn set(&self, account: &str, value: &str) -> Result<(), String> {
            self.0.lock().unwrap().insert(account.into(), value.into());
            Ok(())
        }
        fn delete(&self, account: &str) -> Result<(), String> {
            self.0.lock().unwrap().remove(account);
            Ok(())
        }
    }

    fn env(pairs: &'static [(&'static str, &'static str)]) -> EnvLookup {
        Box::new(move |k| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string()))
    }

    #[test]
    fn a_secret_goes_to_the_vault_and_back_and_is_forgotten() {
        let secrets = Secrets::new(Some(Box::new(MemoryVault::default())), env(&[]));
        assert_eq!(secrets.get(SecretName::GithubToken), (None, SecretPlace::None));
        assert_eq!(secrets.set(SecretName::GithubToken, Some(" ghp_x ")).unwrap(), SecretPlace::Keyring);
        assert_eq!(secrets.get(SecretName::GithubToken), (Some("ghp_x".into()), SecretPlace::Keyring));
        assert_eq!(secrets.set(SecretName::GithubToken, None).unwrap(), SecretPlace::None);
        assert_eq!(secrets.get(SecretName::GithubToken).0, None);
    }

    #[test]
    fn without_a_vault_a_secret_lasts_the_session_and_the_environment_is_underneath() {
        let secrets = Secrets::new(None, env(&[("DEEPSEEK_API_KEY", "sk-env")]));
        assert_eq!(secrets.get(SecretName::ModelKey), (Some("sk-env".into()), SecretPlace::Environment));
        assert_eq!(secrets.set(SecretName::ModelKey, Some("sk-typed")).unwrap(), SecretPlace::Session);
        assert_eq!(secrets.get(SecretName::ModelKey).0.as_deref(), Some("sk-typed"));
        assert_eq!(secrets.set(SecretName::ModelKey, Some("  ")).unwrap(), SecretPlace::Environment, "blank forgets");
    }

    #[test]
    fn the_lookup_gives_settings_and_secrets_before_the_environment() {
        let secrets = Secrets::new(
            Some(Box::new(MemoryVault::default())),
            env(&[
                ("SKILLS_GUIDE_LLM_URL", "http://127.0.0.1:1/v1"),
                ("SKILLS_GUIDE_GITHUB_API", "http://127.0.0.1:2"),
            ]),
        );
        secrets.set(SecretName::ModelKey, Some("sk-1")).unwrap();
        let settings = Settings { model_url: Some("http://127.0.0.1:9/v1".into()), ..Default::default() };
        let get = secrets.lookup(&settings);
        assert_eq!(get("SKILLS_GUIDE_LLM_URL").as_deref(), Some("http://127.0.0.1:9/v1"));
        assert_eq!(get("SKILLS_GUIDE_LLM_KEY").as_deref(), Some("sk-1"));
        assert_eq!(get("SKILLS_GUIDE_GITHUB_API").as_deref(), Some("http://127.0.0.1:2"));
        assert_eq!(get("GITHUB_TOKEN"), None);
        let config = skills_guide_remote::model::ModelConfig::from_vars(&get).unwrap().unwrap();
        assert_eq!(config.url, "http://127.0.0.1:9/v1");
    }

    #[test]
    fn settings_are_checked_saved_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(load(dir.path()), (Settings::default(), None));
        let mut s = Settings { language: Some("fr".into()), model_url: Some(" ".into()), ..Default::default() };
        s.agent_folders.insert("claude-code".into(), "/tmp/skills".into());
        s.agent_folders.insert("cursor".into(), "".into());
        let s = s.normalized().unwrap();
        assert_eq!(s.model_url, None);
        assert_eq!(s.agent_folders.len(), 1);
        save(dir.path(), &s).unwrap();
        assert_eq!(load(dir.path()), (s, None));

        let bad = Settings { language: Some("de".into()), ..Default::default() };
        assert!(bad.normalized().is_err());
        let mut bad = Settings::default();
        bad.agent_folders.insert("nosuch".into(), "/x".into());
        assert!(bad.normalized().is_err());
        let mut bad = Settings::default();
        bad.agent_folders.insert("cursor".into(), "relative/x".into());
        assert!(bad.normalized().is_err());

        std::fs::write(settings_path(dir.path()), b"{not json").unwrap();
        let (s, err) = load(dir.path());
        assert_eq!(s, Settings::default());
        assert!(err.is_some());
    }

    #[test]
    fn a_snapshot_address_and_key_are_checked_and_kept() {
        let keys = tempfile::tempdir().unwrap();
        let (_, public_file, line) = skills_guide_catalog::snapshot::keys::generate(keys.path()).unwrap();
        let s = Settings {
            snapshot_url: Some(" https://skills.example.org/snapshot ".into()),
            snapshot_key: Some(format!(" {line}\n")),
            ..Default::default()
        }
        .normalized()
        .unwrap();
        assert_eq!(s.snapshot_url.as_deref(), Some("https://skills.example.org/snapshot"));
        assert_eq!(s.snapshot_key.as_deref(), Some(line.as_str()));
        // A folder, and the key as the `.pub` file's text or path.
        let pub_text = std::fs::read_to_string(&public_file).unwrap();
        for key in [pub_text, public_file.display().to_string()] {
            let s = Settings {
                snapshot_url: Some("/mnt/share/snapshot".into()),
                snapshot_key: Some(key),
                ..Default::default()
            };
            assert!(s.normalized().is_ok());
        }
        // Blank is no value.
        let s = Settings { snapshot_url: Some("  ".into()), snapshot_key: Some("".into()), ..Default::default() };
        let s = s.normalized().unwrap();
        assert_eq!((s.snapshot_url, s.snapshot_key), (None, None));

        for address in ["relative/snapshot", "ftp://host/snapshot", "snapshot:https://h/x", "~/snapshot"] {
            let err = Settings { snapshot_url: Some(address.into()), ..Default::default() }.normalized().unwrap_err();
            assert!(err.contains("absolute folder"), "{address}: {err}");
        }
        for key in ["RWQnot-a-key", "garbage", "untrusted comment: x\nRWQ"] {
            let err = Settings { snapshot_key: Some(key.into()), ..Default::default() }.normalized().unwrap_err();
            assert!(err.contains("not a minisign public key"), "{key}: {err}");
        }
    }

    #[test]
    fn an_older_settings_file_without_the_snapshot_fields_still_loads() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(settings_path(dir.path()), br#"{"language":"fr","model_url":null,"agent_folders":{}}"#).unwrap();
        let (s, err) = load(dir.path());
        assert_eq!(err, None);
        assert_eq!((s.language.as_deref(), s.snapshot_url, s.snapshot_key), (Some("fr"), None, None));
    }

    #[test]
    fn the_language_follows_the_setting_then_the_system() {
        let none = Settings::default();
        assert_eq!(none.language(Some("fr_FR.UTF-8")), "fr");
        assert_eq!(none.language(Some("en_US.UTF-8")), "en");
        assert_eq!(none.language(None), "en");
        let en = Settings { language: Some("en".into()), ..Default::default() };
        assert_eq!(en.language(Some("fr_FR.UTF-8")), "en");
    }

    #[test]
    fn the_publisher_is_the_one_set_here_else_the_default_unless_removed_or_off() {
        use skills_guide_catalog::publisher;
        let built_in = publisher::built_in().unwrap();
        let none = |_: &str| None;
        let p = Settings::default().publisher(&none).unwrap().unwrap();
        assert_eq!((p.address.as_str(), p.origin), (built_in.address.as_str(), PublisherOrigin::Default));
        assert_eq!(p.key.as_deref(), Some(built_in.public_key.as_str()));
        assert_eq!(p.key_id.as_deref(), Some(built_in.key_id.as_str()));

        let moved = |v: &str| (v == publisher::CATALOG_VAR).then(|| "http://127.0.0.1:9/c".to_owned());
        let p = Settings::default().publisher(&moved).unwrap().unwrap();
        assert_eq!((p.address.as_str(), p.origin), ("http://127.0.0.1:9/c", PublisherOrigin::Environment));
        assert_eq!(p.key_id.as_deref(), Some(built_in.key_id.as_str()), "the built-in key");
        let off = |v: &str| (v == publisher::CATALOG_VAR).then(|| "off".to_owned());
        assert_eq!(Settings::default().publisher(&off).unwrap(), None);

        let removed = Settings { default_publisher_removed: true, ..Default::default() };
        assert_eq!(removed.publisher(&none).unwrap(), None);

        // One's own publisher wins, removed default or not.
        let keys = tempfile::tempdir().unwrap();
        let (_, _, line) = skills_guide_catalog::snapshot::keys::generate(keys.path()).unwrap();
        let own = Settings {
            snapshot_url: Some("https://mine.example/snapshot".into()),
            snapshot_key: Some(line.clone()),
            default_publisher_removed: true,
            ..Default::default()
        };
        let p = own.publisher(&none).unwrap().unwrap();
        assert_eq!(
            (p.address.as_str(), p.origin, p.key.as_deref()),
            ("https://mine.example/snapshot", PublisherOrigin::Custom, Some(line.as_str()))
        );
        // Its address without a key: the environment's key, else none.
        let keyless = Settings { snapshot_key: None, ..own.clone() };
        assert_eq!(keyless.publisher(&none).unwrap().unwrap().key, None);
        let env_key = |v: &str| (v == "SKILLS_GUIDE_SNAPSHOT_PUBKEY").then(|| line.clone());
        assert_eq!(keyless.publisher(&env_key).unwrap().unwrap().key.as_deref(), Some(line.as_str()));
        // The default's address set by hand keeps the built-in key.
        let by_hand = Settings { snapshot_url: Some(format!("{}/", built_in.address)), ..Default::default() };
        assert_eq!(by_hand.publisher(&none).unwrap().unwrap().key_id.as_deref(), Some(built_in.key_id.as_str()));
        // A key in the environment wins over the built-in one, as --snapshot-key does.
        let p = Settings::default().publisher(&env_key).unwrap().unwrap();
        assert_eq!((p.key.as_deref(), p.origin), (Some(line.as_str()), PublisherOrigin::Environment));
    }

    #[test]
    fn an_older_settings_file_has_the_default_publisher_and_no_decline() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(settings_path(dir.path()), br#"{"language":"en","snapshot_url":null}"#).unwrap();
        let (s, err) = load(dir.path());
        assert_eq!(err, None);
        assert!(!s.default_publisher_removed && !s.catalog_offer_declined);
    }
}
