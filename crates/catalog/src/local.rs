//! Local folders as a source: `dir:PATH` and `installed` (every agent's
//! skills folder on this machine). Each SKILL.md found is an item the
//! pipeline reads with its whole folder, lazily, in the chunk that imports
//! it (so memory holds one chunk).

use std::path::{Path, PathBuf};

use skills_guide_engine::freshness;
use skills_guide_engine::scan::{self, Located};

use crate::pipeline::{FileError, Importer, Pending, SyncSummary};
use crate::progress::{Progress, Stage};
use crate::CatalogError;

/// The folders `Source::Installed` reads.
pub fn installed_folders() -> Vec<PathBuf> {
    let Some(env) = crate::agents::AgentEnv::from_env() else { return Vec::new() };
    let cwd = std::env::current_dir().ok();
    crate::agents::existing_folders(&env, cwd.as_deref())
}

/// Imports every agent's skills folder that exists on this machine.
pub(crate) fn import_installed(importer: &mut Importer<'_>, summary: &mut SyncSummary) -> Result<(), CatalogError> {
    let progress = importer.progress();
    let folders = installed_folders();
    if folders.is_empty() {
        progress(Progress::Note { message: "no agent's skills folder exists on this machine".into() });
    }
    for folder in folders {
        progress(Progress::Note { message: format!("reading {}", folder.display()) });
        import_dir(importer, &folder, summary)?;
    }
    Ok(())
}

/// Imports every skill under `root`.
pub(crate) fn import_dir(
    importer: &mut Importer<'_>,
    root: &Path,
    summary: &mut SyncSummary,
) -> Result<(), CatalogError> {
    (importer.progress())(Progress::Stage { stage: Stage::Discover, total: None });
    if !root.is_dir() {
        return Err(CatalogError::BadSource(format!("{} is not a folder", root.display())));
    }
    let located = scan::locate(&[root.to_path_buf()]);
    let files: Vec<PathBuf> =
        located.iter().filter_map(|l| if let Located::File(p) = l { Some(p.clone()) } else { None }).collect();
    let dates = freshness::local_dates(&files, importer.opts().use_git);
    (importer.progress())(Progress::Advance {
        stage: Stage::Discover,
        done: located.len() as u64,
        total: Some(located.len() as u64),
    });
    let pending: Vec<Pending> = located
        .into_iter()
        .map(|l| match l {
            Located::File(path) => {
                // The skill's whole folder is read with its SKILL.md.
                let size = match path.parent() {
                    Some(dir) if path.file_name().is_some_and(|n| n == scan::SKILL_FILE_NAME) => {
                        skills_guide_engine::folder::disk_size(dir)
                    }
                    _ => std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0),
                };
                Pending::Local { last_change: dates.get(&path).map(|d| d.unix), path, size }
            }
            Located::Unreadable(path, why) => {
                Pending::Unlisted(FileError { path: path.to_string_lossy().into_owned(), reason: why })
            }
        })
        .collect();
    importer.run(pending, summary)
}
