//! Draws the catalog's progress events on stderr: a progress bar on a
//! terminal, one line per stage otherwise, nothing at all with `--json`
//! (stdout then holds only JSON, and stderr stays quiet but for errors).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use skills_guide_catalog::progress::{Progress, Stage};

pub struct ProgressView {
    bar: Option<ProgressBar>,
    lines: bool,
}

impl ProgressView {
    pub fn new(json: bool) -> Self {
        let tty = std::io::stderr().is_terminal();
        let bar = (!json && tty).then(|| {
            let bar = ProgressBar::new(0);
            bar.set_style(
                ProgressStyle::with_template("{prefix:>10} [{bar:30}] {pos}/{len} {wide_msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar
        });
        ProgressView { bar, lines: !json && !tty }
    }

    pub fn event(&self, p: Progress) {
        match (&self.bar, p) {
            (Some(bar), Progress::Stage { stage, total }) => {
                bar.set_prefix(stage_name(stage));
                bar.set_length(total.unwrap_or(0));
                bar.set_position(0);
            }
            (Some(bar), Progress::Advance { done, total, .. }) => {
                if let Some(t) = total {
                    bar.set_length(t);
                }
                bar.set_position(done);
            }
            (Some(bar), Progress::Note { message }) => bar.println(safe_line(&message)),
            (None, Progress::Stage { stage, total }) if self.lines => match total {
                Some(t) => eprintln!("{}: {t} item(s)", stage_name(stage)),
                None => eprintln!("{}…", stage_name(stage)),
            },
            (None, Progress::Note { message }) if self.lines => eprintln!("{}", safe_line(&message)),
            _ => {}
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

fn stage_name(s: Stage) -> &'static str {
    match s {
        Stage::Discover => "discover",
        Stage::Import => "import",
        Stage::Read => "read",
        Stage::Dedup => "copies",
        Stage::Index => "index",
        Stage::Rebuild => "reindex",
        Stage::Export => "site",
        Stage::Publish => "publish",
        Stage::Fetch => "download",
        Stage::Apply => "apply",
    }
}

/// Messages can carry file names and text from skills: escape them.
fn safe_line(s: &str) -> String {
    skills_guide_engine::text::escape_invisible(s).into_owned()
}
