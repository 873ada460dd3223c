//! Opening a link in the user's browser, never in a webview and never
//! through a shell: the CLI's `report --open` and the desktop app's links
//! share this. The link is one argument to one program, whatever it holds.

use std::process::{Command, Stdio};

#[derive(Debug, thiserror::Error)]
pub enum BrowserError {
    #[error("cannot start the browser `{program}` (set BROWSER, or open the link yourself): {source}")]
    Start { program: String, source: std::io::Error },
    #[error("`{program}` could not open the link ({status}); open it yourself")]
    Refused { program: String, status: String },
}

/// Hands `url` to `$BROWSER` when set (its first entry; `%s` stands for the
/// link), else to the platform's opener. Never through a shell: the link is
/// one argument, whatever it holds. A browser named by `$BROWSER` is not
/// waited for (it may run until the user closes it); the platform openers
/// return at once and say whether they could open the page.
pub fn open_url(url: &str, browser: Option<&str>) -> Result<(), BrowserError> {
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
    let mut child = Command::new(&program)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .map_err(|source| BrowserError::Start { program: program.clone(), source })?;
    if entry.is_some() {
        return Ok(());
    }
    let status = child.wait().map_err(|source| BrowserError::Start { program: program.clone(), source })?;
    // explorer.exe reports 1 even when it opened the page.
    if !status.success() && !cfg!(windows) {
        return Err(BrowserError::Refused { program, status: status.to_string() });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

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
        assert!(err.to_string().contains("cannot start the browser `/nonexistent/browser`"), "{err:#}");
    }
}
