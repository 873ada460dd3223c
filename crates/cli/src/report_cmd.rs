//! `report ID [--open]`: the prefilled new-issue link on the skill's upstream
//! repository (`skills_guide_catalog::report`), printed, or handed to the
//! default browser; recorded in the catalog either way.

use std::io::Write;
use std::path::Path;

use skills_guide_catalog::browser::open_url;
use skills_guide_catalog::report::{Opener, ReportDraft, Reported};

use crate::catalog_cmd::{open, print_json, stdout};
use crate::progress_view::ProgressView;

pub fn report(data_dir: &Path, id: &str, open_browser: bool, json: bool) -> anyhow::Result<()> {
    let view = ProgressView::new(json);
    let catalog = open(data_dir, &view)?;
    view.finish();
    let browser = |url: &str| open_url(url, std::env::var("BROWSER").ok().as_deref()).map_err(|e| e.to_string());
    let reported = catalog.report(id, open_browser.then_some(&browser as Opener<'_>))?;
    let Reported { draft, opened, open_error, earlier } = reported;
    if open_browser && draft.url.is_none() {
        eprintln!("this skill has no GitHub repository: there is no issue page to open");
    }
    // The link is still printed when the browser could not take it.
    let open_error = open_error.map(anyhow::Error::msg);
    if json {
        #[derive(serde::Serialize)]
        struct Out<'a> {
            #[serde(flatten)]
            draft: &'a ReportDraft,
            opened: bool,
            earlier_reports: usize,
        }
        print_json(&Out { draft: &draft, opened, earlier_reports: earlier })?;
        return open_error.map_or(Ok(()), Err);
    }
    let mut out = stdout();
    match (&draft.url, &draft.repo) {
        (Some(url), Some(repo)) => {
            if opened {
                writeln!(out, "opened a new issue on {repo} in the browser; check it, then submit it there:")?;
            } else {
                writeln!(out, "open this link to report the skill on {repo}:")?;
            }
            writeln!(out, "{url}")?;
            if draft.findings_included < draft.findings_total {
                writeln!(
                    out,
                    "({} of {} findings fit in the link; the body says how to see the rest)",
                    draft.findings_included, draft.findings_total
                )?;
            }
        }
        _ => {
            writeln!(out, "this skill has no GitHub repository, so there is no issue page to open.")?;
            writeln!(out, "Send this to its author:")?;
            writeln!(out)?;
            writeln!(out, "{}", draft.title)?;
            writeln!(out)?;
            write!(out, "{}", draft.body)?;
        }
    }
    if earlier > 0 {
        writeln!(out, "(reported {earlier} time(s) before from this catalog)")?;
    }
    out.flush()?;
    open_error.map_or(Ok(()), Err)
}
