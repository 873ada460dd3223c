//! Data flows in a skill's code, from where a secret is read to where it
//! leaves the machine: R-RULE-4 (`credential-exfiltration`) found by reading
//! scripts as code rather than line by line.
//!
//! Python, JavaScript, TypeScript, shell and PowerShell files are parsed
//! into syntax trees with tree-sitter. The fenced code blocks of a
//! Markdown file are read as one file per language, each block at its own
//! lines.
//!
//! **Sources**: the environment read whole (`os.environ`, `dict(os.environ)`,
//! `process.env`, `env`, `Get-ChildItem Env:`) or one variable of it by a
//! secret-looking name (`os.getenv("GITHUB_TOKEN")`); credential files
//! (`~/.ssh/id_*`, `~/.aws/credentials`, `.npmrc`, `.netrc`, `.env`, gh's
//! `hosts.yml`, wallets, a browser's `Login Data` and `Cookies`…); the
//! keychain (`security find-generic-password`, DPAPI, the Windows
//! Credential Manager); the clipboard.
//!
//! **Sinks**: a network send (`requests.post`, `urlopen`, a socket's
//! `sendall`, `fetch`, `axios`, a request's `write`, `curl`, `nc`,
//! `Invoke-RestMethod`, a `WebClient`'s uploads, `Send-MailMessage`), a
//! process started with a network tool (`subprocess.run(["curl", …])`,
//! `exec("curl …")`), and a file written outside the workspace that another
//! file of the folder sends (`shutil.copy(creds, "/tmp/x")` then
//! `curl -d @/tmp/x`).
//!
//! **Propagation**: assignments, function returns and arguments (a summary
//! per function: what it returns, which parameters reach a sink inside it),
//! attributes, containers, string formatting and any call not known to drop
//! its argument (`json.dumps`, `base64.b64encode`, `str`). Across the files
//! of one folder: a function imported from another file (`from helper import
//! collect`, `require('./lib/net')`) brings its summary, and a file written
//! by one script and sent by another links the two.
//!
//! **Names are resolved before matching**: `import os as o`, `e = os.environ`,
//! `from os import environ as E`, `__import__("o" + "s")`,
//! `importlib.import_module`, `getattr(os, "env" + "iron")`,
//! `globals()["__builtins__"]`, `require("child_" + "process")`, string
//! joins, `chr`/`String.fromCharCode`, hex and base64 literals decoded, and
//! escapes in string literals.
//!
//! **Not flows** (each exclusion is where it applies): one named key sent as
//! an authentication header, query parameter or client credential
//! (`headers={"Authorization": f"Bearer {key}"}`, `params={"appid": key}`,
//! `OpenAI(api_key=key)`): that is how every API client talks to its API;
//! the environment handed to a local child process (`env=os.environ`); a
//! single value of the environment that does not look secret.
//!
//! **Staging**: secret data written to a temporary file (`/tmp/…`) that no
//! file of the folder sends is a finding of its own at the write, lowered to
//! medium (scripts only: documentation shows temporary copies of keys for
//! local tools).
//!
//! **Downloaded code run**: what a network read returns (`urlopen`,
//! `requests.get`, `fetch`, `Invoke-RestMethod`, a `WebClient`'s
//! `DownloadString`) reaching a call that runs it as code (`exec`, `eval`,
//! `new Function`, a shell's command line, `Invoke-Expression`, a script
//! block, `& (Get-Command …)`) is R-RULE-5's download-and-run
//! (`download-exec`), however far apart: through loops, containers,
//! functions and files. Downloaded data sent on, parsed or printed is
//! nothing; a secret run as code is nothing either.
//!
//! **Wipes**: the home folder, or every entry of a listing of it, deleted
//! or overwritten in a script (`fs.rmSync(path.join(home, e), …)` over
//! `readdirSync(home)`, `shutil.rmtree(Path.home())`), however the path was
//! built and through the functions of the folder, is R-RULE-2's
//! `wipe-command`. A folder of the tool's own under the home folder, a
//! named file there, or the entries of another folder are not.
//!
//! Bounds: a folder is parsed only when one of its files holds a source's
//! anchor, or both a network read's and a code runner's (one
//! case-insensitive pass over each file), a Markdown file's code
//! blocks only when they hold one themselves; files over
//! [`MAX_PARSE_BYTES`] are not parsed; evaluation depth and steps are capped
//! and the trees are read on a thread with a stack sized for those caps.
//! Nothing here panics on any input, runs anything, or reads anything but
//! the bytes it is given.

use std::collections::HashMap;

use crate::rules::{Finding, FlowEnd, RuleId};
use crate::text::{self, LineIndex};

mod batch;
mod code;
mod commands;
mod droppers;
mod lexical;
mod light;
mod make;
pub(crate) mod names;
mod notebook;
mod pwsh;
mod shell;
mod stack;
mod vbscript;

pub(crate) use names::is_shell;
pub use stack::on_flow_stacks;

/// Largest file (or Markdown file's code) parsed, in bytes.
pub const MAX_PARSE_BYTES: usize = 1024 * 1024;
/// Most files of one folder read for flows.
const MAX_UNITS: usize = 200;

/// A language read for flows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Lang {
    Python,
    JavaScript,
    TypeScript,
    /// TypeScript with JSX.
    Tsx,
    Shell,
    PowerShell,
    Go,
    Rust,
    Ruby,
    /// Java, Kotlin, C#, Swift, Groovy, Scala, Dart, PHP, Perl, Lua,
    /// Elixir, R: read by statement, without a tree ([`lexical`]).
    Lexical,
}

impl Lang {
    /// JavaScript or one of its typed forms: the same reading applies.
    pub fn is_js(self) -> bool {
        matches!(self, Lang::JavaScript | Lang::TypeScript | Lang::Tsx)
    }
}

/// One text read for flows: a script, or one language's code blocks of a
/// Markdown file (every other line blanked, so lines keep their numbers).
pub(crate) struct Unit {
    /// The file, relative to the folder; `None` for SKILL.md.
    pub path: Option<String>,
    pub lang: Lang,
    pub text: String,
    /// Code decoded from a base64 literal of another unit: (that unit, the
    /// line the literal starts on). Its findings are reported there.
    pub decoded_from: Option<(usize, usize)>,
}

/// What kind of secret a flow starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SrcKind {
    /// The whole environment.
    Env,
    /// One environment variable (or keyring entry) by a secret-looking name.
    Named,
    /// A credential file's content (or the file itself, handed to a tool
    /// that sends it).
    CredFile,
    Keychain,
    Clipboard,
    /// What a network read returns: code when it reaches an [`Site::exec`]
    /// sink (R-RULE-5 read as code), nothing of note anywhere else.
    Download,
}

impl SrcKind {
    /// How much a source says when a value holds two: a file, the
    /// environment, a keychain or the clipboard over one named variable,
    /// and any secret over downloaded data.
    fn weight(self) -> u8 {
        match self {
            SrcKind::Download => 0,
            SrcKind::Named => 1,
            _ => 2,
        }
    }
}

/// The source that says more, of two a value holds (see [`SrcKind::weight`]);
/// the first when they weigh the same.
pub(crate) fn stronger(a: Option<Src>, b: Option<Src>) -> Option<Src> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b.kind.weight() > a.kind.weight() { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// Where secret data is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Src {
    pub kind: SrcKind,
    pub unit: usize,
    pub line: usize,
    /// What is read, for people: `os.environ`, `~/.ssh/id_rsa`.
    pub what: String,
}

/// Where data leaves: a network send or a process with the network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Site {
    pub unit: usize,
    pub line: usize,
    /// The call, for people: `requests.post`, `curl`.
    pub what: String,
    /// The addresses the call names where they are known only by a
    /// constant (`requests.post(API, …)`), for [`vendor_own`].
    pub hint: String,
    /// What the call does with what reaches it.
    pub uses: Use,
}

/// What a sink does with the data that reaches it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Use {
    /// Sends it out (a request, a process with the network): a sink for
    /// secrets.
    Send,
    /// Runs it as code (`exec`, `eval`, `Invoke-Expression`): a sink for
    /// downloaded data, not for secrets.
    Run,
    /// Hands it to the model as instructions (an MCP tool's description):
    /// a sink for downloaded data too.
    Obey,
    /// Runs a command line, assembled by the code, that wipes a disk or
    /// the home folder (R-RULE-2 read as code).
    Wipe,
}

/// A flow found: secret data from `src` reaches `sink`.
#[derive(Debug, Clone)]
pub(crate) struct Flow {
    pub src: Src,
    pub sink: Site,
    /// The data is written to a temporary file outside the workspace and
    /// nothing in the folder sends that file: a staging step, reported at
    /// medium.
    pub staged: bool,
}

/// What all languages share while a folder is read: the files written with
/// secret data (path → where the data came from) and the flows found.
#[derive(Default)]
pub(crate) struct Shared {
    pub drops: HashMap<String, Src>,
    pub flows: Vec<Flow>,
    /// Secret data written to a temporary file (`/tmp/…`), and where.
    pub stages: Vec<(Src, Site)>,
    /// Agent settings written through a path built at run time.
    pub config_writes: Vec<ConfigWrite>,
    /// Messages given a fixed hidden recipient.
    pub hidden_recipients: Vec<HiddenRecipient>,
    /// Files written with what a network read returned (path key → where
    /// it was read): a program or script downloaded to disk.
    pub code_drops: HashMap<String, Src>,
    /// The home folder deleted, or every entry of it: (unit, line, what).
    pub wipes: Vec<Wipe>,
}

/// A deletion of the home folder or of all it holds: (unit, line, the call and path).
pub(crate) type Wipe = (usize, usize, String);

/// A Bcc fixed in the code: (unit, line, the address).
pub(crate) type HiddenRecipient = (usize, usize, String);

/// A write of an agent's settings file: (unit, line, what the file is, the path).
pub(crate) type ConfigWrite = (usize, usize, &'static str, String);

impl Shared {
    pub fn flow(&mut self, src: &Src, sink: Site) {
        // Downloaded data matters where it is run; a secret where it is sent.
        if (src.kind == SrcKind::Download) != (sink.uses != Use::Send) {
            return;
        }
        if let Some(f) = self.flows.iter_mut().find(|f| f.sink.unit == sink.unit && f.sink.line == sink.line) {
            // One flow per sink: the strongest source (a file or the whole
            // environment rather than one named variable).
            if f.src.kind == SrcKind::Named && src.kind != SrcKind::Named {
                f.src = src.clone();
            }
            return;
        }
        if self.flows.len() < 1024 {
            self.flows.push(Flow { src: src.clone(), sink, staged: false });
        }
    }

    /// Secret data from `src` written to `path` at `at` (unit, line).
    pub fn drop_file(&mut self, path: &str, src: &Src, at: (usize, usize)) {
        let key = names::path_key(path);
        let temp = ["/tmp/", "/var/tmp/", "/dev/shm/", "/private/tmp/"].iter().any(|t| key.starts_with(t));
        if src.kind == SrcKind::Download {
            return;
        }
        if temp && self.stages.len() < 64 && !self.stages.iter().any(|(_, s)| (s.unit, s.line) == at) {
            let what = format!("a write to {key}");
            self.stages
                .push((src.clone(), Site { unit: at.0, line: at.1, what, hint: String::new(), uses: Use::Send }));
        }
        if key.len() > 1 && self.drops.len() < 256 {
            self.drops.entry(key).or_insert_with(|| src.clone());
        }
    }

    /// A Bcc at `at` (unit, line) that is always `address`, whatever the
    /// caller asks for.
    pub fn hidden_recipient(&mut self, address: &str, at: (usize, usize)) {
        if self.hidden_recipients.len() < 64 && !self.hidden_recipients.iter().any(|r| (r.0, r.1) == at) {
            self.hidden_recipients.push((at.0, at.1, address.to_owned()));
        }
    }

    /// The home folder, or every entry of it, deleted at `at` (unit, line).
    pub fn wipe(&mut self, what: &str, at: (usize, usize)) {
        if self.wipes.len() < 64 && !self.wipes.iter().any(|w| (w.0, w.1) == at) {
            self.wipes.push((at.0, at.1, what.to_owned()));
        }
    }

    /// A shell start-up file written at `at` (unit, line) with more than
    /// settings (see [`names::only_shell_settings`]).
    pub fn startup_write(&mut self, path: &str, at: (usize, usize)) {
        if self.config_writes.len() < 64 && !self.config_writes.iter().any(|w| (w.0, w.1) == at) {
            self.config_writes.push((at.0, at.1, "a shell start-up file", names::path_key(path)));
        }
    }

    /// A write of `path` at `at` (unit, line), whatever is written: kept
    /// when the path is an agent's settings file.
    pub fn wrote(&mut self, path: &str, at: (usize, usize)) {
        let Some(what) = names::agent_config_path(path) else { return };
        if self.config_writes.len() < 64 && !self.config_writes.iter().any(|w| (w.0, w.1) == at) {
            self.config_writes.push((at.0, at.1, what, names::path_key(path)));
        }
    }

    /// A command line that downloads and runs code, assembled by the code
    /// at `line` of `unit` (joined, indexed, decoded pieces), run by `run_by`
    /// (empty when nothing known runs it: it goes into a crontab, a file, a
    /// pipe). One finding for a command and the longer lines built on it.
    pub fn assembled(&mut self, unit: usize, line: usize, cmd: &str, run_by: &str) {
        self.assembled_as(unit, line, cmd, run_by, Use::Run);
    }

    /// [`Shared::assembled`] for a command line of the kind `uses` names
    /// (one that wipes: [`Use::Wipe`]).
    pub fn assembled_as(&mut self, unit: usize, line: usize, cmd: &str, run_by: &str, uses: Use) {
        let what = format!("{ASSEMBLED}{}", cmd.chars().take(160).collect::<String>());
        if self
            .flows
            .iter()
            .any(|f| f.src.what.strip_prefix(ASSEMBLED).is_some_and(|o| same_command(o, &what[ASSEMBLED.len()..])))
        {
            return;
        }
        let src = Src { kind: SrcKind::Download, unit, line, what };
        let site = Site { unit, line, what: run_by.to_owned(), hint: String::new(), uses };
        self.flow(&src, site);
    }

    /// What a network read returned, written to `path`.
    pub fn drop_code(&mut self, path: &str, src: &Src) {
        let key = names::path_key(path);
        // A bare name matches too many paths: a folder part is needed.
        if src.kind == SrcKind::Download && key.contains('/') && self.code_drops.len() < 64 {
            self.code_drops.entry(key).or_insert_with(|| src.clone());
        }
    }

    /// The download written to the file one of `words` names, when a
    /// process is started with it (`python3 ~/.cache/x/upd.py`, `./mirrorctl`).
    pub fn code_dropped<'w>(&self, words: impl IntoIterator<Item = &'w str>) -> Option<Src> {
        if self.code_drops.is_empty() {
            return None;
        }
        words.into_iter().find_map(|w| {
            let key = names::path_key(w.trim_matches(['"', '\'']));
            self.code_drops
                .get(&key)
                .or_else(|| {
                    // `?/upd.py` stands for a folder not known here.
                    self.code_drops
                        .iter()
                        .find(|(k, _)| {
                            k.strip_prefix("?/").is_some_and(|tail| key.ends_with(&format!("/{tail}")))
                                || key.strip_prefix("?/").is_some_and(|tail| k.ends_with(&format!("/{tail}")))
                        })
                        .map(|(_, s)| s)
                })
                .cloned()
        })
    }

    pub fn dropped(&self, path: &str) -> Option<&Src> {
        if self.drops.is_empty() {
            return None;
        }
        self.drops.get(&names::path_key(path))
    }
}

/// Whether an environment variable's name looks like it holds a secret
/// (`GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`), for the fixed rules too.
pub(crate) fn is_secret_name(name: &str) -> bool {
    names::is_secret_name(name)
}

/// The start of the `what` of a command line that downloads and runs code,
/// assembled by the code (see [`Shared::assembled`]).
pub(crate) const ASSEMBLED: &str = "a command line assembled at run time: ";

/// Whether two command lines are one, or one is a longer line built on the
/// other.
pub(crate) fn same_command(a: &str, b: &str) -> bool {
    a.contains(b) || b.contains(a)
}

/// A flow finding to add to the report of one file of the folder.
#[derive(Debug, Clone)]
pub struct FlowFinding {
    /// The file holding the sink, relative to the folder (`SKILL.md` for
    /// SKILL.md itself).
    pub path: String,
    /// Its finding: [`RuleId::CredentialExfiltration`] at the sink's line,
    /// [`Finding::source`] at the source, [`Finding::file`] left `None` as
    /// the fixed rules leave it in a file's report.
    pub finding: Finding,
}

/// The language a file of a skill folder is read in for flows, if any,
/// from its name and `#!` line. Markdown is [`Lang`]-less: its code blocks
/// are split by [`markdown_units`].
fn lang_of(path: &str, text: &str) -> Option<Lang> {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    if make::is_makefile(&name) || commands::is_command_file(&name) {
        return Some(Lang::Shell);
    }
    // Ruby's build and dependency files, Ruby code without an extension.
    if matches!(
        name.as_str(),
        "rakefile" | "gemfile" | "guardfile" | "podfile" | "fastfile" | "vagrantfile" | "brewfile"
    ) {
        return Some(Lang::Ruby);
    }
    let ext = name.rsplit_once('.').map(|(_, e)| e);
    match ext {
        Some("py" | "pyw") => return Some(Lang::Python),
        Some("js" | "mjs" | "cjs" | "jsx") => return Some(Lang::JavaScript),
        Some("ts" | "mts" | "cts") => return Some(Lang::TypeScript),
        Some("tsx") => return Some(Lang::Tsx),
        Some("sh" | "bash" | "zsh" | "ksh") => return Some(Lang::Shell),
        Some("ps1" | "psm1") => return Some(Lang::PowerShell),
        Some("go") => return Some(Lang::Go),
        Some("rs") => return Some(Lang::Rust),
        Some("rb" | "gemspec" | "rake") => return Some(Lang::Ruby),
        _ if lexical::reads(&name, "") => return Some(Lang::Lexical),
        _ => {}
    }
    let prog = shebang_program(text)?;
    if prog.starts_with("python") {
        Some(Lang::Python)
    } else if matches!(prog, "node" | "nodejs") {
        Some(Lang::JavaScript)
    } else if matches!(prog, "deno" | "bun" | "ts-node" | "tsx") {
        Some(Lang::TypeScript)
    } else if matches!(prog, "sh" | "bash" | "zsh" | "dash" | "ksh") {
        Some(Lang::Shell)
    } else if matches!(prog, "pwsh" | "powershell") {
        Some(Lang::PowerShell)
    } else if prog == "ruby" {
        Some(Lang::Ruby)
    } else if lexical::reads("", prog) {
        Some(Lang::Lexical)
    } else {
        None
    }
}

/// Whether code holds a source's anchor, both a network read's and a
/// runner's, or names built at run time: worth parsing.
fn code_anchored(text: &str) -> bool {
    names::has_source_anchor(text, true)
        || names::has_download_and_run_anchors(text.as_bytes())
        || names::has_evasion_anchor(text)
}

/// The program a `#!` line names (`#!/usr/bin/env -S python3 -u`: `python3`).
fn shebang_program(text: &str) -> Option<&str> {
    let first = text.lines().next().unwrap_or("");
    let words: Vec<&str> = first.strip_prefix("#!")?.split_whitespace().collect();
    Some(match words.first().map(|w| w.rsplit('/').next().unwrap_or(w)) {
        Some("env") => words.iter().skip(1).find(|w| !w.starts_with('-')).copied().unwrap_or(""),
        Some(p) => p,
        None => "",
    })
}

/// A Makefile's recipes as the shell runs them, the Makefile's variables
/// put in, line for line (other lines blank); `None` for another file.
pub fn makefile_recipes(path: &str, text: &str) -> Option<String> {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    make::is_makefile(&name).then(|| make::recipes_as_shell(text))
}

/// Whether the flow analysis reads this file of a skill folder: a script
/// by its name or `#!` line, or a Markdown file with code blocks.
pub fn candidate(path: &str, bytes: &[u8]) -> bool {
    if is_notebook(path) || vbscript::is_vbscript(&path.to_ascii_lowercase()) {
        return true;
    }
    if is_markdown(path) {
        // Its code blocks are checked for anchors one by one later: prose,
        // most of a Markdown file, is never scanned.
        return memchr::memmem::find(bytes, b"```").is_some() || memchr::memmem::find(bytes, b"~~~").is_some();
    }
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or(b"");
    lang_of(path, &String::from_utf8_lossy(first)).is_some()
}

fn is_notebook(path: &str) -> bool {
    path.to_ascii_lowercase().ends_with(".ipynb")
}

fn is_markdown(path: &str) -> bool {
    let l = path.to_ascii_lowercase();
    let name = l.rsplit('/').next().unwrap_or(&l);
    l.ends_with(".md")
        || l.ends_with(".markdown")
        || l.ends_with(".mdx")
        // Agents' rule files, Markdown without the extension: Cursor's
        // `.mdc`, Cline's, Cursor's, Windsurf's and Roo's single rule files.
        || l.ends_with(".mdc")
        || matches!(name, ".clinerules" | ".cursorrules" | ".windsurfrules" | ".roorules")
}

/// A block with no language whose first line is a command (`curl -s …`,
/// `sudo apt install …`): shell. Prose, data and output start otherwise.
fn bare_block_shell(block: &[&str]) -> Option<Lang> {
    const COMMANDS: &[&str] = &[
        "curl", "wget", "bash", "sh", "zsh", "sudo", "export", "cd", "echo", "git", "npm", "npx", "pnpm", "yarn",
        "pip", "pip3", "python", "python3", "node", "chmod", "mkdir", "cat", "env", "source", "brew", "apt", "apt-get",
        "docker", "kubectl", "gh", "uv", "cargo", "go", "make", "set", "eval", "nc", "scp", "rsync",
    ];
    let first = block.iter().map(|l| l.trim()).find(|l| !l.is_empty())?;
    let first = first.strip_prefix("$ ").unwrap_or(first);
    let word = first.split_whitespace().next()?;
    COMMANDS.contains(&word).then_some(Lang::Shell)
}

/// The language of a fenced block's info string.
fn fence_lang(info: &str) -> Option<Lang> {
    let word = info.trim().trim_start_matches('{').split([' ', ',', '}', '\t']).next().unwrap_or("");
    match word.to_ascii_lowercase().as_str() {
        "python" | "py" | "python3" => Some(Lang::Python),
        "js" | "javascript" | "node" | "mjs" | "jsx" => Some(Lang::JavaScript),
        "ts" | "typescript" => Some(Lang::TypeScript),
        "tsx" => Some(Lang::Tsx),
        "sh" | "bash" | "shell" | "zsh" | "console" => Some(Lang::Shell),
        "powershell" | "ps1" | "pwsh" | "ps" => Some(Lang::PowerShell),
        _ => None,
    }
}

/// One unit per language of a Markdown file's fenced code blocks: the text
/// keeps every line of those blocks where it is and blanks the others.
fn markdown_units(path: Option<String>, text: &str) -> Vec<Unit> {
    // Only the blocks of a language read here are searched for anchors
    // (not the prose around them, nor `json`, `text` or bare blocks), each
    // block once; a file without a fence is not split into lines at all.
    let bytes = text.as_bytes();
    if memchr::memmem::find(bytes, b"```").is_none() && memchr::memmem::find(bytes, b"~~~").is_none() {
        return Vec::new();
    }
    let mut per: Vec<(Lang, String)> = Vec::new();
    // Byte offset of each line's start (the newlines found with SIMD).
    let mut starts = vec![0];
    starts.extend(memchr::memchr_iter(b'\n', bytes).map(|i| i + 1));
    let lines: Vec<&str> = starts
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let end = starts.get(i + 1).map_or(bytes.len(), |e| e - 1);
            &text[s..end]
        })
        .collect();
    // A block without a source of its own is not parsed: examples in a
    // document rarely depend on each other.
    let anchored = |from: usize, to: usize| {
        let (lo, hi) = (starts[from], starts.get(to).copied().unwrap_or(bytes.len()).min(bytes.len()));
        lo < hi
            && (names::has_source_anchor_bytes(&bytes[lo..hi], true)
                || names::has_download_and_run_anchors(&bytes[lo..hi]))
    };
    // A block that sends (`curl --data-binary @/tmp/x …`) is read too when
    // another block of the file holds a source: what one step collects, a
    // later step of the same instructions may upload.
    let sends = |from: usize, to: usize| {
        let (lo, hi) = (starts[from], starts.get(to).copied().unwrap_or(bytes.len()).min(bytes.len()));
        lo < hi && names::has_send_anchor(&bytes[lo..hi])
    };
    let mut senders: Vec<(Lang, usize, usize)> = Vec::new();
    let mut in_block: Option<(Option<Lang>, char, usize, usize)> = None;
    let mut marks: Vec<Option<Lang>> = vec![None; lines.len()];
    let mut any = false;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        // Only a fence opens or closes a block.
        if !t.starts_with(['`', '~']) {
            continue;
        }
        let indent = line.len() - t.len();
        let fence = |c: char| t.chars().take_while(|&x| x == c).count();
        match in_block {
            None => {
                if indent < 4 {
                    for c in ['`', '~'] {
                        let n = fence(c);
                        if n >= 3 {
                            in_block = Some((fence_lang(&t[n..]), c, n, i + 1));
                            break;
                        }
                    }
                }
            }
            Some((lang, c, n, start)) => {
                if indent < 4 && fence(c) >= n && t[fence(c)..].trim().is_empty() {
                    in_block = None;
                    let lang = lang.or_else(|| bare_block_shell(&lines[start..i]));
                    if lang.is_some() && anchored(start, i) {
                        marks[start..i].iter_mut().for_each(|m| *m = lang);
                        any = true;
                    } else if let Some(l) = lang.filter(|_| senders.len() < 16 && sends(start, i)) {
                        senders.push((l, start, i));
                    }
                }
            }
        }
    }
    // A block left open runs to the end of the file.
    if let Some((lang @ Some(_), _, _, start)) = in_block {
        if start < lines.len() && anchored(start, lines.len()) {
            marks[start..].iter_mut().for_each(|m| *m = lang);
            any = true;
        }
    }
    if !any {
        return Vec::new();
    }
    for (lang, start, end) in senders {
        marks[start..end].iter_mut().for_each(|m| *m = Some(lang));
    }
    for lang in [Lang::Python, Lang::JavaScript, Lang::TypeScript, Lang::Tsx, Lang::Shell, Lang::PowerShell] {
        if !marks.contains(&Some(lang)) {
            continue;
        }
        let mut out = String::with_capacity(text.len());
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            if marks[i] == Some(lang) {
                // A console block's prompt is not part of the command.
                let l = if lang == Lang::Shell { line.strip_prefix("$ ").unwrap_or(line) } else { line };
                out.push_str(l);
            }
        }
        per.push((lang, out));
    }
    per.into_iter().map(|(lang, text)| Unit { path: path.clone(), lang, text, decoded_from: None }).collect()
}

/// Code a script carries encoded: a long base64 string literal (a module
/// loaded from a `data:` URL, a blob handed to `exec`) that reads as code of
/// the script's own language (Python, JavaScript and TypeScript only), or
/// in any language a hex script with a shebang; each with its language and
/// the line its literal starts on, at most four per file.
fn decoded_code(lang: Lang, text: &str) -> Vec<(usize, Lang, String)> {
    static BLOB: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r#"["'`]([A-Za-z0-9+/]{160,}={0,2})["'`]"#).unwrap());
    // A script kept as hex in quoted pieces joined by `.`, `+`, `..` or
    // nothing (Perl's `pack("H*", "2321…" .\n "6563…")`), written out to a
    // hook or run later: read as its shebang's language.
    static HEX_CHAIN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        let piece = r#"(?:"[0-9A-Fa-f]{16,}"|'[0-9A-Fa-f]{16,}')"#;
        regex::Regex::new(&format!(r"{piece}(?:[ \t\r\n]*(?:\.\.|\.|\+)?[ \t\r\n]*{piece})*")).unwrap()
    });
    if text.len() > MAX_PARSE_BYTES {
        return Vec::new();
    }
    let mut out = Vec::new();
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    if memchr::memmem::find(text.as_bytes(), b"2321").is_some() {
        for m in HEX_CHAIN.find_iter(text).take(16) {
            let hex: String = m.as_str().split(['"', '\'']).skip(1).step_by(2).collect();
            if !hex.starts_with("2321") || !hex.len().is_multiple_of(2) {
                continue;
            }
            let bytes: Option<Vec<u8>> =
                (0..hex.len() / 2).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()).collect();
            let Some(code) = bytes.and_then(|b| String::from_utf8(b).ok()) else { continue };
            if let Some(code_lang) = lang_of("", &code) {
                out.push((line_of(m.start()), code_lang, code));
            }
            if out.len() >= 4 {
                return out;
            }
        }
    }
    if !matches!(lang, Lang::Python | Lang::JavaScript | Lang::TypeScript | Lang::Tsx) {
        return out;
    }
    for c in BLOB.captures_iter(text).take(16) {
        let Some(m) = c.get(1) else { continue };
        let Some(code) = names::base64_decode(m.as_str()) else { continue };
        let looks_like_code = match lang {
            Lang::Python => ["import ", "def ", "exec(", "os.", "open("].iter().any(|w| code.contains(w)),
            _ => ["import ", "require(", "function", "=>", "fetch(", "process."].iter().any(|w| code.contains(w)),
        };
        if looks_like_code && code.contains('\n') {
            out.push((line_of(m.start()), lang, code));
            if out.len() >= 4 {
                break;
            }
        }
    }
    out
}

/// The flows of one skill folder, as findings on the files that hold their
/// sinks. `files` are the folder's text files (path relative to the folder,
/// decoded text); SKILL.md is the one named `SKILL.md`.
pub fn analyze(files: &[(String, String)]) -> Vec<FlowFinding> {
    // The folder is read when one of its scripts holds a source's anchor,
    // or one of its Markdown code blocks does (a block without one is not
    // kept, see `markdown_units`).
    let mut anchored = false;
    let mut units = Vec::new();
    for (path, text) in files {
        if units.len() >= MAX_UNITS {
            break;
        }
        let shown = if path == crate::scan::SKILL_FILE_NAME { None } else { Some(path.clone()) };
        if is_markdown(path) {
            let found = markdown_units(shown, text);
            anchored |= !found.is_empty();
            units.extend(found);
        } else if is_notebook(path) {
            let Some((python, shell)) = notebook::code_cells(text) else { continue };
            for (lang, text) in [(Lang::Python, python), (Lang::Shell, shell)] {
                if text.trim().is_empty() {
                    continue;
                }
                anchored =
                    anchored || code_anchored(&text) || (lang == Lang::Shell && shell::worth_reading(text.as_bytes()));
                units.push(Unit { path: shown.clone(), lang, text, decoded_from: None });
            }
        } else if vbscript::is_vbscript(&path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase()) {
            // The file itself, blank, for the lines its PowerShell is reported at.
            let at = units.len();
            let found = vbscript::powershell_commands(text);
            if found.is_empty() {
                continue;
            }
            let blank: String = text.chars().filter(|c| *c == '\n').collect();
            units.push(Unit { path: shown.clone(), lang: Lang::Shell, text: blank, decoded_from: None });
            for (line, code) in found {
                anchored = anchored || code_anchored(&code);
                units.push(Unit {
                    path: shown.clone(),
                    lang: Lang::PowerShell,
                    text: code,
                    decoded_from: Some((at, line)),
                });
            }
        } else if let Some(lang) = lang_of(path, text) {
            let made;
            let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
            let text = if make::is_makefile(&name) {
                made = make::recipes_as_shell(text);
                &made
            } else if commands::is_command_file(&name) {
                made = commands::as_shell(&name, text);
                &made
            } else {
                text
            };
            anchored = anchored
                || code_anchored(text)
                || names::names_agent_config(text.as_bytes())
                || names::names_bcc(text.as_bytes())
                || ((lang == Lang::Python || lang.is_js()) && names::has_wipe_anchors(text.as_bytes()))
                || (matches!(lang, Lang::Go | Lang::Rust | Lang::Ruby) && light::worth_reading(text.as_bytes()))
                || (lang == Lang::Shell && shell::worth_reading(text.as_bytes()))
                || lang == Lang::Lexical;
            let at = units.len();
            let decoded = decoded_code(lang, text);
            units.push(Unit { path: shown.clone(), lang, text: text.clone(), decoded_from: None });
            for (line, code_lang, code) in decoded {
                anchored = true;
                units.push(Unit { path: shown.clone(), lang: code_lang, text: code, decoded_from: Some((at, line)) });
            }
            // A Jenkins pipeline's `sh` steps: shell, beside the Groovy.
            if lang == Lang::Lexical && (name == "jenkinsfile" || name.ends_with(".groovy")) {
                if let Some(sh) = commands::pipeline_steps(text) {
                    anchored = anchored || code_anchored(&sh) || shell::worth_reading(sh.as_bytes());
                    units.push(Unit { path: shown.clone(), lang: Lang::Shell, text: sh, decoded_from: None });
                }
            }
            // `python3 -c "…"` on a command line: that code, read as code.
            if lang == Lang::Shell {
                for (code_lang, line, code) in commands::inline_code(text) {
                    anchored = anchored || code_anchored(&code);
                    units.push(Unit {
                        path: shown.clone(),
                        lang: code_lang,
                        text: code,
                        decoded_from: Some((at, line)),
                    });
                }
            }
        }
    }
    if !anchored {
        return Vec::new();
    }
    units.retain(|u| u.text.len() <= MAX_PARSE_BYTES);
    if units.is_empty() {
        return Vec::new();
    }
    // The trees are read recursively (depth-bounded, see `code` and
    // `shell`): on a stack sized for those bounds (see `stack`).
    let read = stack::on_flow_stack(|| run_rounds(&units));
    let Some(Shared { flows, config_writes, hidden_recipients: recipients, wipes, .. }) = read else {
        return Vec::new();
    };
    let mut out: Vec<FlowFinding> =
        flows.iter().filter(|f| !vendor_own(&units, f)).map(|f| finding(&units, f)).collect();
    for (unit, line, what, path) in config_writes {
        let (u, line, _) = place(&units, unit, line);
        // In scripts only: documentation shows settings being written.
        if u.path.as_deref().is_none_or(is_markdown) {
            continue;
        }
        let mut f = Finding::new(
            RuleId::AgentConfigPoisoning,
            line,
            format!("writes {what} ({}): {}", text::escape_invisible(&path), line_excerpt(&u.text, line)),
        );
        f.note = Some(if what == "a shell start-up file" {
            "every new shell runs what the script puts there".to_owned()
        } else {
            "the path is built when the script runs".to_owned()
        });
        if crate::rules::asks_first(&u.text, line) {
            f.lowered_to = Some(crate::rules::Severity::Low);
            let why = f.note.take().unwrap_or_default();
            f.note = Some(format!("{why}; the script asks the user first, no by default"));
        }
        out.push(FlowFinding { path: u.path.clone().unwrap_or_default(), finding: f });
    }
    for (unit, line, address) in recipients {
        let (u, line, _) = place(&units, unit, line);
        // In scripts only: documentation shows a Bcc in its examples.
        if u.path.as_deref().is_none_or(is_markdown) {
            continue;
        }
        let mut f = Finding::new(
            RuleId::HiddenRecipient,
            line,
            format!(
                "every message gets a hidden copy to {}: {}",
                text::escape_invisible(&address),
                line_excerpt(&u.text, line)
            ),
        );
        f.note = Some("the Bcc address is fixed in the code, not given by the caller".to_owned());
        out.push(FlowFinding { path: u.path.clone().unwrap_or_default(), finding: f });
    }
    for (unit, line, what) in wipes {
        let (u, line, _) = place(&units, unit, line);
        // In scripts only, as the settings writes above.
        if u.path.as_deref().is_none_or(is_markdown) {
            continue;
        }
        let mut f = Finding::new(
            RuleId::WipeCommand,
            line,
            format!(
                "deletes the home folder or all it holds ({}): {}",
                text::escape_invisible(&what),
                line_excerpt(&u.text, line)
            ),
        );
        f.note = Some("the path is the home folder, or each entry of a listing of it".to_owned());
        out.push(FlowFinding { path: u.path.clone().unwrap_or_default(), finding: f });
    }
    out
}

fn run_rounds(units: &[Unit]) -> Shared {
    let mut shared = Shared::default();
    let mut code = code::Analyzer::new(units);
    let shells = shell::Folder::new(units);
    let pwsh = pwsh::Folder::new(units);
    let mut light = light::Folder::new(units);
    // Four rounds at most: summaries and written files found in one round
    // are used by the files read before them in the next.
    for _ in 0..4 {
        let before = (shared.flows.len(), shared.drops.len());
        let changed = code.round(&mut shared) | light.round(units, &mut shared);
        shells.round(units, &mut shared);
        pwsh.round(units, &mut shared);
        if !changed && before == (shared.flows.len(), shared.drops.len()) {
            break;
        }
    }
    lexical::read(units, &mut shared);
    lexical::number_lists(units, &mut shared);
    for (i, u) in units.iter().enumerate() {
        if u.lang == Lang::Shell {
            for (line, cmd) in droppers::rewritten_into_shell(&u.text) {
                shared.assembled(i, line, &cmd, "a shell, after the file's characters were rewritten");
            }
        } else if u.lang == Lang::Python || u.lang.is_js() {
            for (line, url, run) in droppers::download_to_variable_then_run(&u.text) {
                let src =
                    Src { kind: SrcKind::Download, unit: i, line, what: format!("a download of {url} to a file") };
                let what = "a process started with that file".to_owned();
                shared.flow(&src, Site { unit: i, line: run, what, hint: String::new(), uses: Use::Run });
            }
        }
    }
    // A temporary file of secret data that no file of the folder sends:
    // staged for a program outside it.
    // Only in scripts: documentation shows temporary copies of keys for
    // a local tool (an import, a format change) as a matter of course.
    let stages = std::mem::take(&mut shared.stages);
    for (src, site) in stages {
        if units[site.unit].path.as_deref().is_none_or(is_markdown) {
            continue;
        }
        let sent = shared.flows.iter().any(|f| f.src == src);
        let here = shared.flows.iter().any(|f| (f.sink.unit, f.sink.line) == (site.unit, site.line));
        if !sent && !here && shared.flows.len() < 1024 {
            shared.flows.push(Flow { src, sink: site, staged: true });
        }
    }
    shared
}

/// A named secret sent to its own vendor: the vendor's name (from the
/// variable's, `MOONPAY` of `MOONPAY_API_KEY`) is in the sending call or
/// the few lines it spans (`https://api.moonpay.com/…`, `$MOONPAY_URL`).
/// That is a client using its key, however the key is passed.
fn vendor_own(units: &[Unit], f: &Flow) -> bool {
    if f.src.kind != SrcKind::Named {
        return false;
    }
    let what = &f.src.what;
    let Some(name) =
        what.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).rev().find(|t| names::is_secret_name(t))
    else {
        return false;
    };
    let Some(vendor) = names::vendor_of(name) else { return false };
    let text = &units[f.sink.unit].text;
    // The call: its line and the lines that continue it (indented, or after
    // a `\`, a comma or an opening bracket), six at most.
    let mut call_lines: Vec<&str> = Vec::new();
    for l in text.split('\n').skip(f.sink.line.saturating_sub(1)).take(6) {
        let continues = call_lines.last().is_none_or(|prev: &&str| {
            prev.trim_end().ends_with(['\\', ',', '(', '{', '[']) || l.starts_with([' ', '\t', ')', '}', ']'])
        });
        if !continues {
            break;
        }
        call_lines.push(l);
    }
    let call = call_lines.join("\n");
    // The variable's own name in the call does not count, only the rest.
    let call = format!("{call} {}", f.sink.hint).to_ascii_lowercase().replace(&name.to_ascii_lowercase(), "");
    // The vendor named as a form field or a key (`-d "openai=$KEY"`,
    // `{"openai": key}`) says where the value goes in the body, not whom
    // it is sent to; named in a file's path (`--data-binary @.npmrc`), what
    // is sent.
    call.match_indices(&vendor).any(|(i, v)| {
        let after = call[i + v.len()..].trim_start_matches(['"', '\'']);
        !after.starts_with('=') && !after.starts_with(':') && !in_a_file_path(&call, i)
    })
}

/// Whether byte `i` of `line` sits in a word that is a file's path (`@.npmrc`,
/// `~/.npmrc`, `./x`, `/etc/x`), not an address.
fn in_a_file_path(line: &str, i: usize) -> bool {
    let is_sep = |c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '=' | '(' | ')');
    let start = line[..i].rfind(is_sep).map_or(0, |k| k + 1);
    let end = line[i..].find(is_sep).map_or(line.len(), |k| i + k);
    let word = &line[start..end];
    word.starts_with(['@', '~', '/', '.']) && !word.contains("://")
}

fn line_excerpt(text: &str, line: usize) -> String {
    let idx = LineIndex::new(text);
    let r = idx.line_range(text, line);
    let start = r.start + (text[r.clone()].len() - text[r.clone()].trim_start().len());
    text::excerpt(text, &idx, start..r.end)
}

/// Where a line of a unit is reported: its own file and line, or for code
/// decoded from a base64 literal, the literal's line in the file that holds
/// it (with the decoded line, for people).
fn place(units: &[Unit], unit: usize, line: usize) -> (&Unit, usize, Option<String>) {
    let u = &units[unit];
    match u.decoded_from {
        Some((orig, at)) => (&units[orig], at, Some(line_excerpt(&u.text, line))),
        None => (u, line, None),
    }
}

fn finding(units: &[Unit], f: &Flow) -> FlowFinding {
    let (su, sink_line, sink_decoded) = place(units, f.sink.unit, f.sink.line);
    let (ou, src_line, src_decoded) = place(units, f.src.unit, f.src.line);
    let f = &Flow {
        src: Src { line: src_line, ..f.src.clone() },
        sink: Site { line: sink_line, ..f.sink.clone() },
        staged: f.staged,
    };
    let shown =
        |u: &Unit| text::escape_invisible(u.path.as_deref().unwrap_or(crate::scan::SKILL_FILE_NAME)).into_owned();
    let kind = match f.src.kind {
        SrcKind::Env => "the environment",
        SrcKind::Named => "a secret environment variable",
        SrcKind::CredFile if f.src.what.starts_with(names::KEYS_MATCHED) => "private keys or tokens",
        SrcKind::CredFile => "a credential file",
        SrcKind::Keychain => "a keychain password",
        SrcKind::Clipboard => "the clipboard",
        SrcKind::Download => "code downloaded",
    };
    let what = text::escape_invisible(f.src.what.trim_start_matches("?/"));
    let note = if f.src.what.starts_with(ASSEMBLED) {
        let run = if f.sink.what.is_empty() {
            String::new()
        } else {
            format!(", run by {}", text::escape_invisible(&f.sink.what))
        };
        format!("{what} (at {}:{}){run}", shown(ou), f.src.line)
    } else if f.src.what == light::TYPED {
        format!("{} at {}:{} is sent by {}", light::TYPED, shown(ou), f.src.line, text::escape_invisible(&f.sink.what))
    } else if f.sink.uses == Use::Run {
        format!("{kind} ({what}) at {}:{} is run by {}", shown(ou), f.src.line, text::escape_invisible(&f.sink.what))
    } else if f.sink.uses == Use::Obey {
        format!(
            "text downloaded ({what}) at {}:{} becomes {}, which the model reads as instructions: it can change \
             after the skill was verified",
            shown(ou),
            f.src.line,
            text::escape_invisible(&f.sink.what)
        )
    } else if f.staged {
        format!(
            "{kind} ({what}) read at {}:{} is staged by {} outside the workspace, where another program can send it",
            shown(ou),
            f.src.line,
            text::escape_invisible(&f.sink.what)
        )
    } else {
        format!(
            "{kind} ({what}) read at {}:{} is sent by {}",
            shown(ou),
            f.src.line,
            text::escape_invisible(&f.sink.what)
        )
    };
    let rule = match f.sink.uses {
        Use::Run => RuleId::DownloadExec,
        Use::Wipe => RuleId::WipeCommand,
        Use::Obey => RuleId::RemoteInstructions,
        Use::Send => RuleId::CredentialExfiltration,
    };
    let note = if sink_decoded.is_some() || src_decoded.is_some() {
        format!("{note} (in code decoded from a base64 string at line {})", f.sink.line)
    } else {
        note
    };
    let mut finding = Finding::new(rule, f.sink.line, line_excerpt(&su.text, f.sink.line));
    finding.note = Some(note);
    finding.decoded = sink_decoded.or(src_decoded);
    if f.staged {
        finding.lowered_to = Some(crate::rules::Severity::Medium);
    }
    finding.source =
        Some(FlowEnd { file: ou.path.clone(), line: f.src.line, excerpt: line_excerpt(&ou.text, f.src.line) });
    FlowFinding { path: su.path.clone().unwrap_or_else(|| crate::scan::SKILL_FILE_NAME.to_owned()), finding }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod light_tests;
