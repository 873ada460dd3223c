//! The default publisher: the signed catalog a new install offers, named by
//! the repository's `catalog.toml` (its address and its minisign public key)
//! and built into every program made from this source.
//!
//! Why built in: most people have no GitHub token and no model key, so the
//! catalog they can have at once is one somebody else verified. The key is
//! what makes that safe: a publication is applied only when its index is
//! signed by it, whoever serves the files.
//!
//! `SKILLS_GUIDE_CATALOG` changes the default for one environment: an
//! address (another host of the same publication, a mirror, or a test's
//! loopback host) keeps the built-in key; `off` turns the default off, and
//! then nothing here is used at all.

use std::sync::OnceLock;

use minisign::PublicKey;
use serde::Deserialize;

use crate::record::SourceKind;
use crate::snapshot::keys;
use crate::store::Store;
use crate::CatalogError;

// What a first launch shows beside the publisher: the signed index's offer
// and the publication last applied, as the snapshot module reads them.
pub use crate::snapshot::apply::{last_applied, AppliedPublication};
pub use crate::snapshot::{offer, Offer};

/// The repository's `catalog.toml`, as this program was built with it.
pub const CATALOG_TOML: &str = include_str!("../../../catalog.toml");

/// The environment variable that overrides the default's address, or turns
/// the default off with `off`.
pub const CATALOG_VAR: &str = "SKILLS_GUIDE_CATALOG";

/// A publisher: where its snapshot is published and the key it signs with.
#[derive(Debug, Clone)]
pub struct Publisher {
    /// An `https://` (or `http://`) address, or a folder.
    pub address: String,
    /// The public key's line, as written (`RW…`).
    pub public_key: String,
    pub key: PublicKey,
    /// The key's id as minisign prints it (16 hex digits).
    pub key_id: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogFile {
    publisher: PublisherTable,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PublisherTable {
    address: String,
    public_key: String,
}

/// Reads a `catalog.toml`: its `[publisher]` table, with an address and a
/// key that parses.
pub fn parse(text: &str) -> Result<Publisher, String> {
    let file: CatalogFile = toml::from_str(text).map_err(|e| format!("catalog.toml: {e}"))?;
    let address = file.publisher.address.trim().to_owned();
    if address.is_empty() {
        return Err("catalog.toml: the publisher's address is empty".into());
    }
    let public_key = file.publisher.public_key.trim().to_owned();
    let key = keys::public_key(&public_key).map_err(|e| format!("catalog.toml: {e}"))?;
    Ok(Publisher { address, public_key, key_id: keys::key_id(&key), key })
}

/// The publisher this program was built with, parsed once.
pub fn built_in() -> Result<&'static Publisher, String> {
    static BUILT_IN: OnceLock<Result<Publisher, String>> = OnceLock::new();
    BUILT_IN.get_or_init(|| parse(CATALOG_TOML)).as_ref().map_err(Clone::clone)
}

/// The default publisher in this environment (`var` reads a variable: the
/// process's environment, or the app's settings over it): the built-in one,
/// at the address `SKILLS_GUIDE_CATALOG` gives when it gives one; `None`
/// when that variable is `off`.
pub fn default_publisher(var: impl Fn(&str) -> Option<String>) -> Result<Option<Publisher>, String> {
    let given = var(CATALOG_VAR).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    match given {
        Some(v) if v.eq_ignore_ascii_case("off") => Ok(None),
        Some(address) => Ok(Some(Publisher { address, ..built_in()?.clone() })),
        None => built_in().map(|p| Some(p.clone())),
    }
}

/// Two snapshot addresses name the same publication: equal once trimmed of
/// spaces and a trailing slash, the scheme and host in any case.
pub fn same_address(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        let s = s.trim().trim_end_matches('/');
        match s.find("://") {
            // Past the host, case matters (paths are case-sensitive).
            Some(i) => {
                let end = s[i + 3..].find('/').map_or(s.len(), |j| i + 3 + j);
                format!("{}{}", s[..end].to_ascii_lowercase(), &s[end..])
            }
            None => s.to_owned(),
        }
    };
    norm(a) == norm(b)
}

/// The key to check `address` with when none was given: the built-in one
/// when `address` is the default publication's (at its built-in address or
/// the one `SKILLS_GUIDE_CATALOG` gives). Nothing when the default is off.
pub fn key_for(address: &str, var: impl Fn(&str) -> Option<String>) -> Result<Option<Publisher>, String> {
    let Some(default) = default_publisher(var)? else { return Ok(None) };
    let built_in = built_in()?;
    let known = same_address(address, &default.address) || same_address(address, &built_in.address);
    Ok(known.then(|| Publisher { address: address.trim().to_owned(), ..default }))
}

/// A catalog that holds nothing yet but the starter examples (or nothing at
/// all): what a first launch looks like, when the verified catalog is
/// offered.
pub fn only_starter_examples(store: &Store) -> Result<bool, CatalogError> {
    // Past this many skills it cannot be the examples alone (a dozen):
    // no record is read.
    const MOST: usize = 64;
    if store.len() > MOST {
        return Ok(false);
    }
    for record in store.records() {
        if record?.source.kind != SourceKind::Example {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
    }

    #[test]
    fn the_shipped_file_parses_and_its_key_is_a_minisign_key() {
        let p = built_in().expect("catalog.toml parses");
        assert!(p.address.starts_with("https://"), "{}", p.address);
        let key = keys::public_key(&p.public_key).expect("its key parses");
        assert_eq!(keys::key_id(&key), p.key_id);
        assert_eq!(p.key_id.len(), 16);
        // A public key's line is 56 characters; a secret key's is far longer.
        assert_eq!(p.public_key.len(), 56, "only the public key is in the file");
    }

    #[test]
    fn a_broken_file_is_a_clear_error() {
        let line = built_in().unwrap().public_key.clone();
        let ok = format!("[publisher]\naddress = \"https://h/x\"\npublic_key = \"{line}\"\n");
        assert_eq!(parse(&ok).unwrap().address, "https://h/x");
        for (text, says) in [
            ("[publisher]\naddress = \"https://h/x\"\n".to_owned(), "public_key"),
            (format!("[publisher]\naddress = \"\"\npublic_key = \"{line}\"\n"), "empty"),
            (
                "[publisher]\naddress = \"https://h/x\"\npublic_key = \"RWQnope\"\n".to_owned(),
                "not a minisign public key",
            ),
            (format!("{ok}extra = 1\n"), "unknown field"),
            ("not toml [".to_owned(), "catalog.toml"),
        ] {
            let err = parse(&text).unwrap_err();
            assert!(err.contains(says), "{text}: {err}");
        }
    }

    #[test]
    fn the_environment_moves_the_default_or_turns_it_off() {
        let built_in = built_in().unwrap();
        let plain = default_publisher(vars(&[])).unwrap().unwrap();
        assert_eq!(
            (plain.address.as_str(), plain.key_id.as_str()),
            (built_in.address.as_str(), built_in.key_id.as_str())
        );
        let moved = default_publisher(vars(&[(CATALOG_VAR, " http://127.0.0.1:9/c ")])).unwrap().unwrap();
        assert_eq!(moved.address, "http://127.0.0.1:9/c");
        assert_eq!(moved.key_id, built_in.key_id, "the key stays the built-in one");
        for off in ["off", "OFF", " Off "] {
            assert!(default_publisher(vars(&[(CATALOG_VAR, off)])).unwrap().is_none(), "{off}");
        }
        assert!(default_publisher(vars(&[(CATALOG_VAR, "")])).unwrap().is_some(), "empty is unset");
    }

    #[test]
    fn the_built_in_key_goes_with_the_default_address_only() {
        let built_in = built_in().unwrap();
        let with_slash = format!("{}/", built_in.address);
        assert!(key_for(&with_slash, vars(&[])).unwrap().is_some());
        assert!(key_for("https://elsewhere.example/catalog", vars(&[])).unwrap().is_none());
        let moved = vars(&[(CATALOG_VAR, "http://127.0.0.1:9/c")]);
        assert!(key_for("http://127.0.0.1:9/c", &moved).unwrap().is_some());
        assert!(key_for(&built_in.address, &moved).unwrap().is_some(), "the built-in address keeps its key");
        assert!(key_for(&built_in.address, vars(&[(CATALOG_VAR, "off")])).unwrap().is_none(), "off is off");
    }

    #[test]
    fn addresses_compare_without_a_trailing_slash_or_the_host_s_case() {
        assert!(same_address("https://Example.org/Cat/", "https://example.org/Cat"));
        assert!(!same_address("https://example.org/cat", "https://example.org/Cat"));
        assert!(same_address(" /srv/snapshot/ ", "/srv/snapshot"));
        assert!(!same_address("https://example.org/a", "https://example.org/b"));
    }

    #[test]
    fn only_the_starter_examples_is_a_first_launch() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(&tmp.path().join("store")).unwrap();
        assert!(only_starter_examples(&store).unwrap(), "empty");
        let catalog = crate::Catalog::open(&tmp.path().join("data"), &crate::progress::quiet).unwrap();
        assert!(!catalog.store().is_empty(), "the examples were imported");
        assert!(only_starter_examples(catalog.store()).unwrap());
        let mine = tmp.path().join("mine/s");
        std::fs::create_dir_all(&mine).unwrap();
        std::fs::write(mine.join("SKILL.md"), "---\nname: s\ndescription: d\n---\n").unwrap();
        let mut catalog = catalog;
        let opts = crate::sync::SyncOptions { use_git: false, ..Default::default() };
        let dir = crate::sync::Source::Dir(tmp.path().join("mine"));
        catalog.sync(&[dir], &opts, &crate::progress::quiet).unwrap();
        assert!(!only_starter_examples(catalog.store()).unwrap(), "a skill of one's own");
    }

    /// A publisher's catalog of one public skill, published signed into a
    /// folder: the folder and the public key's line.
    fn published(root: &std::path::Path) -> (std::path::PathBuf, String) {
        use crate::record::{build_record, SourceRef};
        use skills_guide_engine::score::RepoFacts;
        let catalog = crate::Catalog::open(&root.join("publisher"), &crate::progress::quiet).unwrap();
        let text = "---\nname: x\ndescription: Does x for the user.\n---\n# X\n";
        let a = skills_guide_engine::analyze::analyze(text.as_bytes(), &RepoFacts::default(), 0);
        let source = SourceRef {
            kind: SourceKind::Github,
            repo: Some("o/r".into()),
            path: "x/SKILL.md".into(),
            url: None,
            license: None,
        };
        let record = build_record(source, RepoFacts::default(), a, None, 0);
        catalog
            .store()
            .put_many(std::slice::from_ref(&record), vec![(record.sha256.as_str(), text.as_bytes())])
            .unwrap();
        let (secret_file, _, line) = keys::generate(&root.join("keys")).unwrap();
        let secret = keys::secret_key(&std::fs::read_to_string(secret_file).unwrap()).unwrap();
        catalog.publish_snapshot(&root.join("snapshot"), &secret, &crate::progress::quiet).unwrap();
        (root.join("snapshot"), line)
    }

    #[test]
    fn an_offer_reads_the_signed_index_only_and_the_applied_publication_is_remembered() {
        let tmp = tempfile::tempdir().unwrap();
        let (snapshot, line) = published(tmp.path());
        let address = snapshot.display().to_string();
        let key = keys::public_key(&line).unwrap();
        let retry = skills_guide_remote::http::RetryPolicy::default();
        let got = offer(&address, &key, retry).unwrap();
        assert_eq!((got.sequence, got.entries), (1, 1), "{got:?}");
        assert!(got.published_at > 0);
        let other = built_in().unwrap();
        assert!(
            matches!(offer(&address, &other.key, retry), Err(crate::snapshot::SnapshotError::BadSignature(_))),
            "another key's publication is refused"
        );

        let mut client = crate::Catalog::open(&tmp.path().join("client"), &crate::progress::quiet).unwrap();
        let key_id = keys::key_id(&key);
        assert_eq!(last_applied(client.store(), &key_id).unwrap(), None);
        let mut opts = crate::sync::SyncOptions::default();
        opts.snapshot.key = Some(line);
        client.sync(&[crate::sync::Source::Snapshot(address.clone())], &opts, &crate::progress::quiet).unwrap();
        let applied = last_applied(client.store(), &key_id).unwrap().unwrap();
        assert_eq!(
            (applied.address.as_str(), applied.sequence, applied.published_at),
            (address.as_str(), 1, got.published_at)
        );
        assert_eq!(last_applied(client.store(), &other.key_id).unwrap(), None, "per publisher key");
    }
}
