//! `report ID [--open]`: the prefilled new-issue link on the skill's upstream
//! repository (`skills_guide_catalog::report`), printed, or handed to the
//! default browser; recorded in the catalog either way.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::Context;
use skills_guide_catalog::report::{self, ReportDraft};

use crate::catalog_cmd::{open, print_json, stdout};
use crate::progress_view::ProgressView;

pub fn report(data_dir: &Path, id: &str, open_browser: bool, json: bool) -> anyhow::Result<()> {
    let view = ProgressView::new(json);
    let catalog = open(data_dir, &view)?;
    view.finish();
    let record = catalog.resolve(id)?;
    let draft = report::draft(&record);
    let mut opened = false;
    let mut open_error = None;
    if open_browser {
        match &draft.url {
            Some(url) => match open_url(url, std::env::var("BROWSER").ok().as_deref()) {
                Ok(()) => opened = true,
                // The link is still printed, for the user to open.
                Err(e) => open_error = Some(e),
            },
            None => eprintln!("this skill has no GitHub repository: there is no issue page to open"),
        }
    }
    let earlier = catalog.record_report(&draft, opened)?;
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

/// Hands `url` to `$BROWSER` when set (its first entry; `%s` stands for the
/// link), else to the platform's opener. Never through a shell: the link is
/// one argument, whatever it holds. A browser named by `$BROWSER` is not
/// waited for (it may run until the user closes it); the platform openers
/// return at once and say whether they could open the page.
fn open_url(url: &str, browser: Option<&str>) -> anyhow::Result<()> {
    let entry = browser.and_then(|b| b.split(':').map(str::trim).find(|e| !e.is_empty()));
    let (program, mut args): (String, Vec<String>) = match entry {
        Some(entry) => {
            let mut words = entry.split_whitespace().map(str::to_owned);
            (words.next().unwrap_or_default(), words.collect())
        }
        None if cfg!(target_os = "macos") => ("open".into(), Vec::new()),
        None if cfg!(windows) => ("explorer".into(), Vec::new()),
        None => ("xdg-open".into(), Vec::new()),
    };
    if args.iter().any(|a| a.contains("%s")) {
        args = args.iter().map(|a| a.replace("%s", url)).collect();
    } else {
        args.push(url.to_owned());
    }
    let mut child =
        Command::new(&program).args(&args).stdin(Stdio::null()).stdout(Stdio::null()).spawn().with_context(|| {
            format!("cannot start the browser `{program}` (set BROWSER, or open the link yourself)")
        })?;
    if entry.is_some() {
        return Ok(());
    }
    let status = child.wait()?;
    // explorer.exe reports 1 even when it opened the page.
    if !status.success() && !cfg!(windows) {
        anyhow::bail!("`{program}` could not open the link ({status}); open it yourself");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A "browser" that writes its arguments, one per line, to `out`.
    fn recorder(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
        use std::os::unix::fs::PermissionsExt;
        let script = dir.join("browser");
        let out = dir.join("args");
        std::fs::write(
            &script,
            format!("#!/bin/sh\nprintf '%s\\n' \"$@\" > {}.tmp && mv {0}.tmp {0}\n", out.display()),
        )
        .unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        (script, out)
    }

    fn wait_for(path: &Path) -> String {
        for _ in 0..200 {
            if let Ok(s) = std::fs::read_to_string(path) {
                return s;
            }
            std::thread::sleep(std::time::Duration::from_millis(25));
        }
        panic!("the browser was not started");
    }

    #[test]
    fn the_link_reaches_the_browser_as_one_argument_never_through_a_shell() {
        let tmp = tempfile::tempdir().unwrap();
        let (script, out) = recorder(tmp.path());
        let url = "https://github.com/o/r/issues/new?title=a%20b&body=%60%24(touch%20x)%60;rm -rf ~ $(id)";
        open_url(url, Some(&format!(":{}:firefox", script.display()))).unwrap();
        assert_eq!(wait_for(&out), format!("{url}\n"), "first entry of $BROWSER, the link whole");
        assert!(!tmp.path().join("x").exists());
    }

    #[test]
    fn percent_s_in_browser_stands_for_the_link() {
        let tmp = tempfile::tempdir().unwrap();
        let (script, out) = recorder(tmp.path());
        open_url("https://github.com/o/r/issues/new", Some(&format!("{} --new-tab=%s --x", script.display()))).unwrap();
        assert_eq!(wait_for(&out), "--new-tab=https://github.com/o/r/issues/new\n--x\n");
    }

    #[test]
    fn a_missing_browser_is_a_clear_error() {
        let err = open_url("https://github.com/o/r", Some("/nonexistent/browser")).unwrap_err();
        assert!(format!("{err:#}").contains("cannot start the browser `/nonexistent/browser`"), "{err:#}");
    }
}
