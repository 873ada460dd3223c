//! What the flow analysis recognises by name: secret-looking variable names,
//! credential paths, network tools, and the anchors that tell whether a
//! folder is worth parsing at all. Also the decoding of string literals.

/// Byte strings (lower case) one of which a file must hold for its folder
/// to be parsed: every source below is written with one of them, or with an
/// indirection that is (`__import__`, `getattr`, `globals`). English words
/// (`environment`, `credentials`, `cookies`, `wallet`) are not anchors: the
/// paths and calls that read such stores are.
const SOURCE_ANCHORS: &[&str] = &[
    "getenv",
    "process.env",
    "process[",
    "printenv",
    "childitem env:",
    "gci env:",
    "ls env:",
    "dir env:",
    "$env:",
    "env |",
    "env|",
    "$(env",
    "getenvironmentvariable",
    ".ssh",
    "id_rsa",
    "id_ed25519",
    ".aws",
    "npmrc",
    "pypirc",
    "netrc",
    "git-credentials",
    ".credentials",
    "_credentials",
    "hosts.yml",
    ".env",
    "login data",
    "cookies.sqlite",
    "web data",
    "keychain",
    "-password",
    "pbpaste",
    "clipboard",
    "pyperclip",
    "xclip",
    "xsel",
    "wl-paste",
    "wallet.dat",
    ".electrum",
    "exodus",
    "keystore",
    ".kube",
    "gcloud",
    ".azure",
    ".gnupg",
    "key4.db",
    "logins.json",
    "loginusers.vdf",
    "ssfn",
    "_history",
    "__import__",
    "getattr",
    "import_module",
    "__builtins__",
    "globals()",
    "globalthis[",
    "global[",
    "reflect.get",
    "fromcharcode",
    "atob(",
    "b64decode",
    "fromhex",
    // PowerShell: credential stores, and code or names built at run time.
    "protecteddata",
    "storedcredential",
    "get-secret",
    "cmdkey",
    "encodedcommand",
    " -enc ",
    " -ec ",
    // The flag quoted as an item of an argument list (`-ArgumentList '-NoP', '-Enc', $h`).
    "'-enc'",
    "\"-enc\"",
    "'-ec'",
    "\"-ec\"",
    "frombase64string",
    "[char",
    // A browser extension's cookie store.
    ".cookies.",
    // Patterns of keys (see `is_key_pattern`): what they match is a secret.
    "private key",
    "0x[",
    "a-hj-np-z",
    "{63}",
];

/// Anchors of a secret read by name (`$GITHUB_TOKEN`), looked for in
/// scripts only: in Markdown prose these words are everywhere.
const NAMED_ANCHORS: &[&str] = &["token", "secret", "password", "_key"];

static ANCHORS: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> = std::sync::LazyLock::new(|| {
    aho_corasick::AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .kind(Some(aho_corasick::AhoCorasickKind::DFA))
        .build(SOURCE_ANCHORS.iter().chain(NAMED_ANCHORS).chain(["environ"].iter()))
        .ok()
});

/// Whether `text` holds any source anchor (ASCII case folded); `script`:
/// also the anchors of a secret read by name. One pass over the text.
pub(crate) fn has_source_anchor(text: &str, script: bool) -> bool {
    has_source_anchor_bytes(text.as_bytes(), script)
}

pub(crate) fn has_source_anchor_bytes(bytes: &[u8], script: bool) -> bool {
    source_anchors(bytes, script).next().is_some()
}

/// Where the source anchors of `bytes` start, in order (see
/// [`has_source_anchor`]); every position when the automaton could not be
/// built.
pub(crate) fn source_anchors(bytes: &[u8], script: bool) -> impl Iterator<Item = usize> + '_ {
    let named = SOURCE_ANCHORS.len()..SOURCE_ANCHORS.len() + NAMED_ANCHORS.len();
    let all = ANCHORS.is_none().then_some(0).into_iter();
    let found = ANCHORS.iter().flat_map(move |ac| ac.find_iter(bytes)).filter_map(move |m| {
        let i = m.pattern().as_usize();
        let counts = if i < SOURCE_ANCHORS.len() {
            true
        } else if named.contains(&i) {
            script
        } else {
            // `environ` but not the word `environment`.
            !matches!(bytes.get(m.end()), Some(b'm' | b'M'))
        };
        counts.then_some(m.start())
    });
    all.chain(found)
}

/// Words of a network read, and of code run from a value (or text the model
/// obeys, an MCP tool's description): a file that holds
/// one of each is read for downloaded code that is run (its folder is parsed
/// even without a secret's anchor). Lower case, matched without case.
const DOWNLOAD_ANCHORS: &[&str] = &[
    "urlopen",
    "requests.",
    "httpx",
    "urllib",
    "fetch(",
    "axios",
    "http.get",
    "https.get",
    "downloadstring",
    "downloaddata",
    "invoke-webrequest",
    "invoke-restmethod",
    "iwr ",
    "irm ",
    "getstringasync",
    "net.webclient",
    // A command line in a string that downloads (`execSync(`curl … -o ${f}`)`).
    "curl ",
    "wget ",
];
const RUN_ANCHORS: &[&str] = &[
    "exec(",
    "eval(",
    // `new Function(body)`: "function(" alone is every callback in JavaScript.
    "new function",
    "invoke-expression",
    "iex",
    "scriptblock",
    "get-command",
    "gcm ",
    "os.system",
    "os.popen",
    // A process started with a file a download was written to.
    "subprocess.",
    "spawn(",
    "shell=true",
    "child_process",
    "runin",
    // An MCP tool's description, which the model obeys.
    "tool(",
    "registertool",
];

static RUN_AUTOMATON: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> = std::sync::LazyLock::new(|| {
    aho_corasick::AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .build(DOWNLOAD_ANCHORS.iter().chain(RUN_ANCHORS))
        .ok()
});

/// Whether `prog` (a path or a name) is a shell: sh, bash, zsh, dash, ksh,
/// cmd, PowerShell.
pub(crate) fn is_shell(prog: &str) -> bool {
    let p = prog.rsplit(['/', '\\']).next().unwrap_or(prog).to_ascii_lowercase();
    matches!(
        p.strip_suffix(".exe").unwrap_or(&p),
        "sh" | "bash" | "zsh" | "dash" | "ksh" | "cmd" | "powershell" | "pwsh"
    )
}

/// Whether code builds the names it uses, in the ways the flow analysis
/// undoes (reversed strings, character codes, byte lists, runs of `\u`
/// escapes): worth parsing even when no anchor shows, since those are how
/// a file hides `child_process`, `fetch` or `curl` from a word search.
pub(crate) fn has_evasion_anchor(text: &str) -> bool {
    const WORDS: &[&str] = &[".reverse()", "fromCharCode", "[::-1]", "bytes([", "bytearray(["];
    const ESCAPES_IN_A_NAME: usize = 8;
    let b = text.as_bytes();
    WORDS.iter().any(|w| memchr::memmem::find(b, w.as_bytes()).is_some())
        || memchr::memmem::find_iter(b, b"\\u00").nth(ESCAPES_IN_A_NAME - 1).is_some()
}

/// Whether code names the home folder and a deletion or a write, or hides
/// names (see `code`'s wipes): worth reading with no other anchor, since a
/// wiper reads no secret and sends nothing. One case-insensitive pass.
pub(crate) fn has_wipe_anchors(bytes: &[u8]) -> bool {
    const HOME: &[&str] = &["homedir", "path.home", "expanduser", "'home'", "\"home\"", "userprofile"];
    const WIPE: &[&str] = &[
        "rmsync",
        "rmdirsync",
        "rmtree",
        "rimraf",
        "removesync",
        "emptydir",
        "unlink",
        "writefilesync",
        "fs.rm(",
        "promises.rm",
        "write_text",
        "write_bytes",
        "os.remove",
        // Or the calls' names hidden, to be decoded when read.
        "base64",
        "fromcharcode",
        ".reverse()",
    ];
    static AC: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> = std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder().ascii_case_insensitive(true).build(HOME.iter().chain(WIPE)).ok()
    });
    AC.as_ref().is_none_or(|ac| holds_both_kinds(ac, HOME.len(), bytes))
}

/// Whether `bytes` hold a word of `ac`'s first `first` patterns and one of
/// the others; one pass.
fn holds_both_kinds(ac: &aho_corasick::AhoCorasick, first: usize, bytes: &[u8]) -> bool {
    let (mut a, mut b) = (false, false);
    for m in ac.find_overlapping_iter(bytes) {
        if m.pattern().as_usize() < first {
            a = true;
        } else {
            b = true;
        }
        if a && b {
            return true;
        }
    }
    false
}

/// Whether `bytes` hold both a network read's word and a code runner's
/// (see [`DOWNLOAD_ANCHORS`]); one pass.
pub(crate) fn has_download_and_run_anchors(bytes: &[u8]) -> bool {
    RUN_AUTOMATON.as_ref().is_none_or(|ac| holds_both_kinds(ac, DOWNLOAD_ANCHORS.len(), bytes))
}

/// Whether `word` is the option of `curl` or `wget` (`prog`) that names the
/// file a download is saved to (`-o`, `--output`; wget's `-O`,
/// `--output-document`; curl's `-O` keeps the remote name instead).
pub(crate) fn is_output_option(prog: &str, word: &str) -> bool {
    matches!(word, "-o" | "--output" | "--output-document") || (prog == "wget" && word == "-O")
}

/// Whether `bytes` hold a network send's word: a command line's
/// (`curl`, `wget`, `nc`, `scp`, `Invoke-WebRequest`) or a library's
/// (`requests.post`, `fetch(`, `urlopen`).
pub(crate) fn has_send_anchor(bytes: &[u8]) -> bool {
    static AC: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> = std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build([
                "curl ",
                "wget ",
                "nc ",
                "ncat ",
                "scp ",
                "rsync ",
                "invoke-webrequest",
                "invoke-restmethod",
                "iwr ",
                "irm ",
                "requests.",
                "httpx",
                "urlopen",
                "fetch(",
                "axios",
                "http.request",
                "https.request",
            ])
            .ok()
    });
    AC.as_ref().is_none_or(|ac| ac.is_match(bytes))
}

/// Whether `bytes` name one of the agents' settings files (see
/// [`agent_config_path`]): a script that holds one is read for writes of it
/// through paths built at run time.
pub(crate) fn names_agent_config(bytes: &[u8]) -> bool {
    static AC: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> = std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build([
                "mcp.json",
                "claude_desktop_config",
                "mcp_config",
                ".claude",
                ".codex",
                ".gemini",
                // Shell start-up files (see `is_shell_startup`).
                "bashrc",
                "zshrc",
                "profile\"",
                "profile'",
                "config.fish",
            ])
            .ok()
    });
    AC.as_ref().is_none_or(|ac| ac.is_match(bytes))
}

/// Whether `bytes` name a Bcc (`Bcc:`, `"bcc"`, `bcc=`): a mail-sending
/// script is read for a hidden recipient fixed in its code.
pub(crate) fn names_bcc(bytes: &[u8]) -> bool {
    bytes.windows(3).any(|w| w.eq_ignore_ascii_case(b"bcc"))
}

/// Whether a value a Bcc always takes is a real address: `a@b.tld`, with
/// no placeholder and not a documentation domain (`example.com`).
pub(crate) fn is_fixed_address(s: &str) -> bool {
    let Some((local, domain)) = s.trim().split_once('@') else { return false };
    let ok = |c: char| c.is_ascii_alphanumeric() || "._+-".contains(c);
    let documentation = ["example.com", "example.org", "example.net"]
        .iter()
        .any(|d| domain.eq_ignore_ascii_case(d) || domain.to_ascii_lowercase().ends_with(&format!(".{d}")));
    !local.is_empty()
        && local.chars().all(ok)
        && domain.contains('.')
        && domain.chars().all(|c| c.is_ascii_alphanumeric() || ".-".contains(c))
        && !documentation
}

/// Whether an environment variable's name looks like it holds a secret.
pub(crate) fn is_secret_name(name: &str) -> bool {
    let n = name.trim().to_ascii_uppercase();
    if n.is_empty() || n.len() > 80 || !n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return false;
    }
    const PARTS: &[&str] = &[
        "TOKEN",
        "SECRET",
        "PASSWORD",
        "PASSWD",
        "PASSPHRASE",
        "_PASS",
        "APIKEY",
        "API_KEY",
        "_KEY",
        "CREDENTIAL",
        "PRIVATE",
        "COOKIE",
        "SESSION",
        "AUTH",
    ];
    const PREFIXES: &[&str] = &["AWS_", "GITHUB_", "GH_", "NPM_", "AZURE_", "GCP_", "GOOGLE_", "OPENAI_", "ANTHROPIC_"];
    // Names that hold a path or a setting, not the secret itself.
    if n.ends_with("_PATH")
        || n.ends_with("_FILE")
        || n.ends_with("_DIR")
        || n.ends_with("_URL")
        || n.ends_with("_REGION")
    {
        return false;
    }
    // What a vendor's prefix alone does not make secret: the CI's and the
    // package manager's own facts (`GITHUB_SHA`, `GITHUB_REPOSITORY`,
    // `npm_package_version`), a project, profile or model's name.
    const FACTS: &[&str] = &[
        "_SHA",
        "_REF",
        "_REF_NAME",
        "_REPOSITORY",
        "_REPOSITORY_OWNER",
        "_ACTOR",
        "_TRIGGERING_ACTOR",
        "_RUN_ID",
        "_RUN_NUMBER",
        "_RUN_ATTEMPT",
        "_EVENT_NAME",
        "_JOB",
        "_WORKFLOW",
        "_ACTION",
        "_ACTIONS",
        "_WORKSPACE",
        "_OUTPUT",
        "_ENV",
        "_STEP_SUMMARY",
        "_STATE",
        "_PROJECT",
        "_PROFILE",
        "_ACCOUNT_ID",
        "_MODEL",
        "_VERSION",
        "_NAME",
        "_ORG_ID",
    ];
    let fact = n.starts_with("NPM_PACKAGE_")
        || n.starts_with("NPM_LIFECYCLE_")
        || n.starts_with("NPM_CONFIG_")
        || FACTS.iter().any(|f| n.ends_with(f));
    PARTS.iter().any(|p| n.contains(p)) || (!fact && PREFIXES.iter().any(|p| n.starts_with(p) && n.len() > p.len() + 2))
}

/// The vendor a secret's name belongs to (`MOONPAY` of `MOONPAY_API_KEY`,
/// `SUPABASE` of `NEXT_PUBLIC_SUPABASE_KEY`), lower case, if it has one.
pub(crate) fn vendor_of(name: &str) -> Option<String> {
    const GENERIC: &[&str] = &[
        "MY", "APP", "API", "THE", "NEXT", "PUBLIC", "VITE", "REACT", "NUXT", "SECRET", "ACCESS", "AUTH", "PRIVATE",
        "CLIENT", "USER", "BOT", "OAUTH", "TOKEN", "KEY", "PASSWORD", "SERVICE", "DEFAULT", "PROD", "DEV", "LOCAL",
    ];
    let n = name.to_ascii_uppercase();
    n.split('_').filter(|w| w.len() >= 3).find(|w| !GENERIC.contains(w)).map(|w| w.to_ascii_lowercase())
}

/// A path as a key for matching a file written in one place with one read
/// in another: quotes and `./` dropped, `$HOME`/`${HOME}` as `~`.
pub(crate) fn path_key(p: &str) -> String {
    let p = p.trim().trim_matches(|c| c == '"' || c == '\'');
    let p = p.strip_prefix("./").unwrap_or(p);
    let mut s = p.replace("${HOME}", "~").replace("$HOME", "~");
    if let Some(rest) = s.strip_prefix("file://") {
        s = rest.to_owned();
    }
    s
}

/// The agent setting a path names, when it is one of the files
/// `agent-config-poisoning` guards (an agent's settings or MCP servers, its
/// global instructions): `~/.claude.json`, `~/.cursor/mcp.json`,
/// `%APPDATA%/Claude/claude_desktop_config.json`… Written through a value
/// built at run time, which the line rule cannot see.
pub(crate) fn agent_config_path(p: &str) -> Option<&'static str> {
    let l = path_key(p).replace('\\', "/").to_ascii_lowercase();
    let base = l.rsplit('/').next().unwrap_or(&l);
    let has = |part: &str| l.contains(part);
    if base == "claude_desktop_config.json" || base == "mcp_config.json" || base == ".mcp.json" {
        return Some("the agent's MCP servers");
    }
    if base == "mcp.json" && (has(".cursor/") || has(".vscode/") || has(".copilot/")) {
        return Some("the agent's MCP servers");
    }
    if base == ".claude.json" && (l.starts_with('~') || l.starts_with("$home") || has("userprofile")) {
        return Some("the agent's settings");
    }
    if (base == "settings.json" || base == "settings.local.json") && (has(".claude/") || has(".gemini/")) {
        return Some("the agent's settings");
    }
    if base == "config.toml" && has(".codex/") {
        return Some("the agent's settings");
    }
    None
}

/// Whether `p` names a shell's start-up file in the home folder
/// (`~/.bashrc`, `~/.zshrc`, `~/.profile`, fish's `config.fish`).
pub(crate) fn is_shell_startup(p: &str) -> bool {
    let l = path_key(p).replace('\\', "/").to_ascii_lowercase();
    let base = l.rsplit('/').next().unwrap_or("");
    let home = l.starts_with('~') || l.starts_with("?/") || l.contains("home") || !l.contains('/');
    home && (matches!(
        base,
        ".bashrc" | ".bash_profile" | ".bash_login" | ".profile" | ".zshrc" | ".zprofile" | ".zshenv" | ".zlogin"
    ) || l.ends_with("fish/config.fish"))
}

/// Whether text written to a shell start-up file only sets things: every
/// line a variable (`export PATH=…`), an alias, a `source` of a file, a
/// comment or blank. A program started there is more.
pub(crate) fn only_shell_settings(text: &str) -> bool {
    text.lines().map(str::trim).all(|l| {
        l.is_empty()
            || l.starts_with('#')
            || l.starts_with("export ")
            || l.starts_with("alias ")
            || l.starts_with("source ")
            || l.starts_with(". ")
            || l.starts_with("set -gx ")
            || l.split_once('=')
                .is_some_and(|(k, _)| !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
    })
}

/// Whether `p` names a credential file or folder (or a browser's or
/// wallet's store). Public keys and templates are not.
pub(crate) fn is_credential_path(p: &str) -> bool {
    let l = path_key(p).replace('\\', "/").to_ascii_lowercase();
    if l.is_empty() || l.len() > 400 {
        return false;
    }
    let base = l.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    if base.ends_with(".pub")
        || base.ends_with(".example")
        || base.ends_with(".sample")
        || base.ends_with(".template")
        || base.ends_with(".dist")
        || base == "known_hosts"
        || base == "authorized_keys"
    {
        return false;
    }
    let comps: Vec<&str> = l.split('/').filter(|c| !c.is_empty()).collect();
    let has = |c: &str| comps.contains(&c);
    // A `.ssh` folder whole or a private key in it.
    if let Some(i) = comps.iter().position(|c| *c == ".ssh") {
        match comps.get(i + 1) {
            None => return true,
            Some(k) if k.starts_with("id_") || k.ends_with(".pem") || k.ends_with(".key") || k.starts_with('*') => {
                return true
            }
            _ => {}
        }
    }
    if base.starts_with("id_rsa") || base.starts_with("id_ed25519") || base.starts_with("id_ecdsa") {
        return true;
    }
    // Agents' session transcripts: every command, file and pasted secret
    // of the user's sessions (`~/.claude/projects/…/*.jsonl`).
    let under = |dir: &str, sub: &[&str]| comps.windows(2).any(|w| w[0] == dir && sub.contains(&w[1]));
    if under(".claude", &["projects", "transcripts"])
        || under(".codex", &["sessions"])
        || under(".gemini", &["tmp"])
        || under(".openclaw", &["agents", "sessions"])
    {
        return true;
    }
    if matches!(
        base,
        ".npmrc"
            | ".pypirc"
            | ".netrc"
            | "_netrc"
            | ".git-credentials"
            | ".env"
            | ".env.local"
            | ".env.production"
            | ".env.prod"
            | ".env.development"
            | ".pgpass"
            | ".my.cnf"
            | "login data"
            | "login_data"
            | "cookies"
            | "web data"
            | "local state"
            | "key4.db"
            | "logins.json"
            | "cookies.sqlite"
            | "wallet.dat"
            | "accesstokens.json"
            | "application_default_credentials.json"
            | "credentials.db"
            | "access_tokens.db"
            | ".credentials.json"
            | "shadow"
            // Shell and client histories: commands typed with their tokens
            // and passwords, what infostealers take.
            | ".bash_history"
            | ".zsh_history"
            | ".psql_history"
            | ".mysql_history"
            | ".python_history"
            | ".node_repl_history"
            | "consolehost_history.txt"
    ) {
        return true;
    }
    if has(".aws") && (base == "credentials" || base == ".aws") {
        return true;
    }
    // Steam's remembered logins and its machine-auth (`ssfn…`) files.
    if base == "loginusers.vdf" || (l.contains("steam") && (base == "config.vdf" || base.starts_with("ssfn"))) {
        return true;
    }
    if (has("gh") && base == "hosts.yml") || (has(".docker") && base == "config.json") {
        return true;
    }
    if has(".kube") && (base == "config" || base == ".kube") {
        return true;
    }
    // Gradle's and Maven's user settings: repository and signing passwords.
    if (has(".gradle") && base == "gradle.properties") || (has(".m2") && base == "settings.xml") {
        return true;
    }
    if has("gcloud") && (base.ends_with(".db") || base.ends_with(".json") || base == "gcloud") {
        return true;
    }
    if has(".gnupg") || has("keychains") || has("keystore") || has(".electrum") || has("exodus") {
        return true;
    }
    if has(".azure") && base.ends_with(".json") {
        return true;
    }
    if has("solana") && base == "id.json" {
        return true;
    }
    if has(".claude") && base == ".credentials.json" {
        return true;
    }
    // Discord's and the browsers' token stores, what token grabbers read.
    if has("local storage") && (has("leveldb") || base.ends_with(".ldb")) {
        return true;
    }
    // Build tools' user settings, which hold repository passwords and
    // signing keys' passwords; Java key stores.
    if (has(".gradle") && base == "gradle.properties") || (has(".m2") && base == "settings.xml") {
        return true;
    }
    // Dart's pub.dev publishing credentials.
    if base == "pub-credentials.json" || (has(".pub-cache") && base == "credentials.json") {
        return true;
    }
    if base.ends_with(".keystore") || base.ends_with(".jks") || base == "keystore.properties" {
        return true;
    }
    false
}

/// The start of a source's `what` for the matches of a key pattern.
pub(crate) const KEYS_MATCHED: &str = "keys matched by the pattern ";

/// The `what` of a source that is what `pattern` matches (its first 60
/// characters shown).
pub(crate) fn keys_matched(pattern: &str) -> String {
    format!("{KEYS_MATCHED}{}", pattern.chars().take(60).collect::<String>())
}

/// Whether a regular expression's text matches private keys or tokens:
/// a PEM private key, an Ethereum key (`0x` and 64 hex digits), a base58
/// secret key (64 characters or more of Bitcoin's alphabet: addresses are
/// shorter), a 64-byte array, or a vendor token's prefix.
pub(crate) fn is_key_pattern(p: &str) -> bool {
    static BASE58: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\[1-9A-HJ-NP-Za-km-z\]\{(\d+)").unwrap());
    if !p.contains(['[', '{', '\\', '(']) || p.len() > 2000 {
        return false;
    }
    let long_base58 = BASE58.captures(p).and_then(|c| c[1].parse::<u32>().ok()).is_some_and(|n| n >= 64);
    p.contains("PRIVATE KEY")
        || (p.contains("0x") && p.contains("{64}"))
        || long_base58
        || (p.contains("{63}") && p.contains("\\d{1,3}"))
        || ["AKIA", "ghp_", "github_pat_", "sk_live_", "xoxb-", "xoxp-", "AIza", "glpat-"].iter().any(|t| p.contains(t))
}

/// Programs that send over the network what they are given.
pub(crate) fn is_net_tool(word: &str) -> bool {
    let w = word.trim().trim_matches(|c| c == '"' || c == '\'');
    let w = w.rsplit(['/', '\\']).next().unwrap_or(w).to_ascii_lowercase();
    let w = w.strip_suffix(".exe").unwrap_or(&w);
    matches!(
        w,
        "curl"
            | "wget"
            | "nc"
            | "ncat"
            | "netcat"
            | "socat"
            | "telnet"
            | "scp"
            | "sftp"
            | "ftp"
            | "rsync"
            | "dig"
            | "nslookup"
            // `ping -p HEX host` carries 16 bytes in each echo request, and a
            // name built from data leaks it to the resolver.
            | "ping"
            | "ping6"
            | "http"
            | "https"
            | "invoke-webrequest"
            | "invoke-restmethod"
            | "iwr"
            | "irm"
    )
}

/// Whether a command line (or a command's first word) starts a network
/// tool, also after `sh -c` or inside a pipeline.
pub(crate) fn is_net_command(s: &str) -> bool {
    let mut first = true;
    for seg in s.split(['|', ';', '&', '\n']) {
        let mut words = seg.split_whitespace();
        let mut w = words.next();
        while let Some(x) = w {
            if matches!(x, "sudo" | "exec" | "command" | "nohup") || x.contains('=') {
                w = words.next();
            } else {
                break;
            }
        }
        if let Some(x) = w {
            if is_net_tool(x) {
                return true;
            }
        }
        if first {
            first = false;
        }
    }
    false
}

/// The text of a keychain or clipboard read inside a command, if any.
pub(crate) fn command_source(s: &str) -> Option<super::SrcKind> {
    let l = s.to_ascii_lowercase();
    if l.contains("dump-keychain") {
        return Some(super::SrcKind::Keychain);
    }
    if l.contains("find-generic-password") || l.contains("find-internet-password") {
        // One item named by its service (`-s linear-api-key -w`): a secret
        // by name, as an environment variable is, which a client sends to
        // its own API; without a name, whatever the keychain gives first.
        let words: Vec<&str> = l.split_whitespace().collect();
        let named = words.windows(2).any(|w| w[0] == "-s" && !w[1].starts_with('-'));
        return Some(if named { super::SrcKind::Named } else { super::SrcKind::Keychain });
    }
    // git's credential store answers `git credential fill` with the saved
    // user and password of a host; `gh auth token` prints the CLI's token.
    let squeezed = l.split_whitespace().collect::<Vec<_>>().join(" ");
    if squeezed.contains("git credential fill") || squeezed.contains("git credential-manager get") {
        return Some(super::SrcKind::Keychain);
    }
    if squeezed.contains("gh auth token") {
        return Some(super::SrcKind::Named);
    }
    let first = |w: &str| l.split(['|', ';', '&', '(', '`', '\n']).any(|seg| seg.split_whitespace().next() == Some(w));
    if first("pbpaste") || first("xclip") || first("xsel") || first("wl-paste") || l.contains("get-clipboard") {
        return Some(super::SrcKind::Clipboard);
    }
    None
}

/// Decodes backslash escapes the way Python and JavaScript string literals
/// do (`\x41`, `\u0041`, `\u{41}`, `\101`, `\n`…); unknown escapes keep the
/// character.
pub(crate) fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let cs: Vec<char> = s.chars().collect();
    let mut i = 0;
    let hex = |cs: &[char], from: usize, n: usize| -> Option<u32> {
        if from + n > cs.len() {
            return None;
        }
        let t: String = cs[from..from + n].iter().collect();
        u32::from_str_radix(&t, 16).ok()
    };
    while i < cs.len() {
        let c = cs[i];
        if c != '\\' || i + 1 >= cs.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let n = cs[i + 1];
        i += 2;
        match n {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0'..='7' => {
                let mut v = n.to_digit(8).unwrap_or(0);
                let mut k = 0;
                while k < 2 && i < cs.len() && cs[i].is_digit(8) {
                    v = v * 8 + cs[i].to_digit(8).unwrap_or(0);
                    i += 1;
                    k += 1;
                }
                out.extend(char::from_u32(v));
            }
            'x' => match hex(&cs, i, 2) {
                Some(v) => {
                    out.extend(char::from_u32(v));
                    i += 2;
                }
                None => out.push('x'),
            },
            'u' if cs.get(i) == Some(&'{') => {
                let end = cs[i..].iter().position(|&c| c == '}').map(|p| p + i);
                match end.and_then(|e| hex(&cs, i + 1, e - i - 1).map(|v| (e, v))) {
                    Some((e, v)) => {
                        out.extend(char::from_u32(v));
                        i = e + 1;
                    }
                    None => out.push('u'),
                }
            }
            'u' => match hex(&cs, i, 4) {
                Some(v) => {
                    out.extend(char::from_u32(v));
                    i += 4;
                }
                None => out.push('u'),
            },
            'U' => match hex(&cs, i, 8) {
                Some(v) => {
                    out.extend(char::from_u32(v));
                    i += 8;
                }
                None => out.push('U'),
            },
            '\n' => {}
            other => out.push(other),
        }
    }
    out
}

/// Standard or URL-safe base64, padded or not; `None` when not base64 or
/// not UTF-8.
pub(crate) fn base64_decode(s: &str) -> Option<String> {
    String::from_utf8(crate::rules::decode_base64(s.trim())?).ok()
}

/// Hex pairs to text (`bytes.fromhex("6f73").decode()`).
pub(crate) fn hex_decode(s: &str) -> Option<String> {
    let t: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if !t.len().is_multiple_of(2) {
        return None;
    }
    let mut out = Vec::with_capacity(t.len() / 2);
    for pair in t.chunks(2) {
        let h = std::str::from_utf8(pair).ok()?;
        out.push(u8::from_str_radix(h, 16).ok()?);
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credential_paths_are_told_from_public_keys_and_templates() {
        assert!(is_credential_path("~/.ssh/id_rsa"));
        assert!(is_credential_path("$HOME/.ssh"));
        assert!(is_credential_path("~/.aws/credentials"));
        assert!(is_credential_path("${STEAM}/config/loginusers.vdf"));
        assert!(!is_credential_path("${STEAM}/steamapps/libraryfolders.vdf"));
        assert!(is_credential_path("/home/x/.config/gh/hosts.yml"));
        assert!(is_credential_path("Default/Login Data"));
        assert!(is_credential_path(".env"));
        assert!(!is_credential_path("~/.ssh/id_rsa.pub"));
        assert!(!is_credential_path(".env.example"));
        assert!(!is_credential_path("~/.ssh/known_hosts"));
        assert!(!is_credential_path("README.md"));
    }

    #[test]
    fn secret_names_are_told_from_settings() {
        assert!(is_secret_name("GITHUB_TOKEN"));
        assert!(is_secret_name("AWS_SECRET_ACCESS_KEY"));
        assert!(is_secret_name("OPENAI_API_KEY"));
        assert!(!is_secret_name("HOME"));
        assert!(!is_secret_name("SLACK_CHANNEL"));
        assert!(!is_secret_name("GOOGLE_APPLICATION_CREDENTIALS_PATH"));
        // A vendor's prefix on a fact that is no secret.
        for fact in ["npm_package_version", "GITHUB_SHA", "GITHUB_REPOSITORY", "AWS_PROFILE", "OPENAI_MODEL"] {
            assert!(!is_secret_name(fact), "{fact}");
        }
        assert!(is_secret_name("npm_config__authToken"));
        assert!(is_secret_name("AWS_SESSION_TOKEN"));
    }

    #[test]
    fn escapes_and_encodings_decode() {
        assert_eq!(unescape(r"\x65nv\u0069ron\101"), "environA");
        assert_eq!(base64_decode("b3M=").as_deref(), Some("os"));
        assert_eq!(hex_decode("6f73").as_deref(), Some("os"));
        assert!(is_net_command("curl -s -d x https://h"));
        assert_eq!(vendor_of("MOONPAY_API_KEY").as_deref(), Some("moonpay"));
        assert_eq!(vendor_of("NEXT_PUBLIC_SUPABASE_KEY").as_deref(), Some("supabase"));
        assert!(has_source_anchor("x = os.environ", false));
        assert!(!has_source_anchor("the environment of the app", false));
        assert!(is_net_command("cat f | nc 1.2.3.4 9"));
        assert!(!is_net_command("git push"));
    }
}
