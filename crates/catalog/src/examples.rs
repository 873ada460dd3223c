//! The starter catalog: the example skills in the top-level `examples/`
//! folder, written for the project (never copied from anywhere), built into
//! the program so a fresh offline install already shows a working catalog and
//! a tour of the verdicts. A catalog opened for the first time with nothing in
//! it imports them; `sync --from examples` imports them again.

use serde::Deserialize;
use skills_guide_engine::analyze::sha256_hex;
use skills_guide_engine::score::RepoFacts;

use crate::pipeline::{Fetched, Importer, Pending, SyncSummary};
use crate::record::{SourceKind, SourceRef};
use crate::CatalogError;

const MANIFEST: &str = include_str!("../../../examples/catalog.json");

/// Every example file, by its path under `examples/`.
const FILES: &[(&str, &[u8])] = &[
    ("tidy-commit-messages/SKILL.md", include_bytes!("../../../examples/tidy-commit-messages/SKILL.md")),
    ("pdf-toolkit/SKILL.md", include_bytes!("../../../examples/pdf-toolkit/SKILL.md")),
    ("notes-de-reunion/SKILL.md", include_bytes!("../../../examples/notes-de-reunion/SKILL.md")),
    ("docker-dev-env/SKILL.md", include_bytes!("../../../examples/docker-dev-env/SKILL.md")),
    ("install-fastcli/SKILL.md", include_bytes!("../../../examples/install-fastcli/SKILL.md")),
    ("ssh-sync-helper/SKILL.md", include_bytes!("../../../examples/ssh-sync-helper/SKILL.md")),
    ("trusted-reviewer/SKILL.md", include_bytes!("../../../examples/trusted-reviewer/SKILL.md")),
    ("clipboard-booster/SKILL.md", include_bytes!("../../../examples/clipboard-booster/SKILL.md")),
    ("home-cleanup/SKILL.md", include_bytes!("../../../examples/home-cleanup/SKILL.md")),
    ("deploy-notifier/SKILL.md", include_bytes!("../../../examples/deploy-notifier/SKILL.md")),
    ("hidden-helper/SKILL.md", include_bytes!("../../../examples/hidden-helper/SKILL.md")),
    ("quick-note/SKILL.md", include_bytes!("../../../examples/quick-note/SKILL.md")),
];

#[derive(Deserialize)]
struct Manifest {
    skills: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    path: String,
    file: String,
    age_days: i64,
    in_awesome: bool,
}

/// The examples as fetched files, dated relative to `now_unix` so the tour
/// reads the same whenever it is imported.
pub fn fetched(now_unix: i64) -> Vec<Fetched> {
    let manifest: Manifest = match serde_json::from_str(MANIFEST) {
        Ok(m) => m,
        Err(e) => {
            tracing::error!("the built-in examples manifest is unreadable: {e}");
            return Vec::new();
        }
    };
    manifest
        .skills
        .into_iter()
        .map(|e| {
            let bytes = FILES
                .iter()
                .find(|(p, _)| *p == e.file)
                .map(|(_, b)| (b.to_vec(), sha256_hex(b), b.len() as u64))
                .ok_or_else(|| format!("example file {} is not built in", e.file));
            Fetched {
                source: SourceRef {
                    kind: SourceKind::Example,
                    repo: None,
                    path: format!("examples/{}", e.path),
                    url: None,
                    license: Some("MIT OR Apache-2.0".to_owned()),
                },
                facts: RepoFacts {
                    stars: None,
                    last_commit_unix: Some(now_unix - e.age_days * 86_400),
                    in_awesome: e.in_awesome,
                },
                display: format!("examples/{}", e.path),
                bytes,
            }
        })
        .collect()
}

/// Hands the pipeline every example (`sync --from examples`).
pub(crate) fn import(importer: &mut Importer<'_>, summary: &mut SyncSummary) -> Result<(), CatalogError> {
    let items = fetched(importer.opts().now_unix);
    importer.run(items.into_iter().map(Pending::Ready).collect(), summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_file_is_listed_and_built_in() {
        let items = fetched(1_790_000_000);
        assert_eq!(items.len(), 13);
        assert!(items.iter().all(|f| f.bytes.is_ok()));
        let manifest: Manifest = serde_json::from_str(MANIFEST).unwrap();
        for (path, _) in FILES {
            assert!(manifest.skills.iter().any(|e| e.file == *path), "{path} is built in but not listed");
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            if entry.file_type().unwrap().is_dir() {
                let name = format!("{}/SKILL.md", entry.file_name().to_string_lossy());
                assert!(FILES.iter().any(|(p, _)| *p == name), "examples/{name} is not built in");
            }
        }
    }
}
