//! Flows in Python and JavaScript (and TypeScript): one small taint analysis
//! over the tree-sitter syntax trees of these languages (their node kinds differ in
//! name, rarely in meaning, and both are matched here).
//!
//! Each function gets a summary: the secret data it returns, the
//! parameters whose value it returns, and the parameters that reach a sink
//! inside it. A call applies the summary of the function it names, in the
//! same file or imported from another file of the folder, so a flow through
//! helpers (`_report(_runtime_context())`) is found with both of its ends.
//! Names are flow-insensitive inside a function (every value bound to a name
//! is kept), which over-approximates but never misses a rebinding's data.
//!
//! A value ([`Val`]) carries the secret data it holds (a [`Src`]), the
//! parameters it depends on, the constant strings it may be (for paths,
//! module names, commands), whether it is a network object (a socket, an
//! HTTP connection or session) or a network command (`["curl", …]`), and
//! the qualified name it stands for (`os.environ`, `requests.post`), so
//! that aliases and indirections resolve before any matching.

use std::collections::HashMap;

use tree_sitter::{Node, Parser, Tree};

use super::names::{self, base64_decode, hex_decode, is_credential_path, is_net_command, is_secret_name};
use super::{Lang, Shared, Site, Src, SrcKind, Unit, Use};
use crate::rules::RuleId;

/// Deepest expression evaluated (deeper parts of a hostile tree are read as
/// nothing rather than overflowing the stack).
const MAX_DEPTH: usize = 96;
/// Most nodes evaluated over one folder in one round.
const MAX_STEPS: usize = 400_000;
/// Most constant strings a value keeps.
const MAX_STRS: usize = 8;
/// Longest constant string kept.
const MAX_STR_LEN: usize = 512;

#[derive(Debug, Clone, Default)]
struct Val {
    src: Option<Src>,
    /// Bit `i`: depends on the enclosing function's parameter `i`.
    params: u32,
    strs: Vec<String>,
    net: bool,
    netcmd: bool,
    qual: Option<String>,
    /// A function of the folder: (unit, name).
    func: Option<(usize, String)>,
    /// A module of the folder (an imported file).
    module: Option<usize>,
    /// `s.split("")`: the one string of `strs` stands for its characters,
    /// so `.reverse()` reverses it and `.join(sep)` puts `sep` between them.
    chars: bool,
    /// An archive being written (`tarfile.open(fileobj=buf, mode="w")`,
    /// `zipfile.ZipFile(path, "w")`): the name of what holds its bytes (the
    /// buffer or the path's variable), which a credential file added to it
    /// taints.
    backing: Option<String>,
    /// A tuple's elements, each its own value (`return mod, opener`
    /// unpacked by `m, send = helper()`): at most eight, none depending on
    /// a parameter.
    items: Vec<Val>,
}

/// Most elements a tuple keeps apart (see `Val::items`).
const MAX_ITEMS: usize = 8;

fn better(a: Option<Src>, b: Option<Src>) -> Option<Src> {
    super::stronger(a, b)
}

/// The first of `paths` that names a credential file, as the source read at
/// `line` of `unit`.
fn credential_file<'p>(paths: impl IntoIterator<Item = &'p String>, unit: usize, line: usize) -> Option<Src> {
    let p = paths.into_iter().find(|p| is_credential_path(p))?;
    Some(Src { kind: SrcKind::CredFile, unit, line, what: p.clone() })
}

/// For a call that opens an archive for writing in Python
/// (`tarfile.open(fileobj=buf, mode="w:gz")`, `tarfile.open("x.tgz", "w")`,
/// `zipfile.ZipFile(z, "w")`), the variable that holds its bytes: the
/// `fileobj` buffer, or the variable naming its file.
fn archive_backing(call: Node<'_>, text: &str) -> Option<String> {
    let f = call.child_by_field_name("function")?;
    let callee = node_text(f, text);
    let name = callee.rsplit('.').next().unwrap_or(callee);
    let opens = matches!(name, "ZipFile" | "TarFile" | "SevenZipFile")
        || (name == "open" && callee.rsplit('.').nth(1).is_some_and(|m| m == "tarfile"));
    if !opens {
        return None;
    }
    let args = call.child_by_field_name("arguments")?;
    let mut c = args.walk();
    let kids: Vec<Node<'_>> = args.named_children(&mut c).collect();
    // Written, not read: a mode (`mode=…`, or the second argument) that
    // writes or appends.
    let keyword = |k: &Node<'_>, key: &str| {
        k.kind() == "keyword_argument" && k.child_by_field_name("name").is_some_and(|x| node_text(x, text) == key)
    };
    let mode = kids
        .iter()
        .find(|k| keyword(k, "mode"))
        .and_then(|k| k.child_by_field_name("value"))
        .or_else(|| kids.iter().filter(|k| k.kind() != "keyword_argument").nth(1).copied())
        .map(|m| node_text(m, text).trim_matches(|c| c == '"' || c == '\''));
    if !mode.is_some_and(|m| matches!(m.chars().next(), Some('w' | 'a' | 'x'))) {
        return None;
    }
    let ident = |k: Node<'_>| (k.kind() == "identifier").then(|| node_text(k, text).to_owned());
    if let Some(k) = kids.iter().find(|k| ["fileobj", "file", "name"].iter().any(|key| keyword(k, key))) {
        return k.child_by_field_name("value").and_then(ident);
    }
    kids.first().copied().and_then(ident)
}

impl Val {
    fn taint(&self) -> Val {
        Val { src: self.src.clone(), params: self.params, ..Val::default() }
    }

    /// What a function gives back when it returns or yields this value:
    /// its data, its text and the library object it names.
    fn returned(&self) -> Val {
        Val { net: self.net, strs: self.strs.clone(), qual: self.qual.clone(), ..self.taint() }
    }

    fn join(mut self, o: Val) -> Val {
        // A tuple joined with anything else is one value no more.
        if self.items.is_empty() && self.src.is_none() && self.strs.is_empty() && self.params == 0 {
            self.items = o.items.clone();
        } else if !o.items.is_empty() || !self.items.is_empty() && (o.src.is_some() || !o.strs.is_empty()) {
            self.items.clear();
        }
        self.src = better(self.src, o.src);
        self.params |= o.params;
        for s in o.strs {
            if self.strs.len() < MAX_STRS && !self.strs.contains(&s) {
                self.strs.push(s);
            }
        }
        self.net |= o.net;
        self.netcmd |= o.netcmd;
        if self.qual.is_none() {
            self.qual = o.qual;
        }
        if self.func.is_none() {
            self.func = o.func;
        }
        if self.module.is_none() {
            self.module = o.module;
        }
        if self.backing.is_none() {
            self.backing = o.backing;
        }
        self
    }

    fn str1(&self) -> Option<&str> {
        match self.strs.as_slice() {
            [s] => Some(s),
            _ => None,
        }
    }

    fn with_strs(strs: Vec<String>) -> Val {
        let netcmd = strs.iter().any(|s| is_net_command(s));
        Val { strs, netcmd, ..Val::default() }
    }

    /// The same value with a single named secret dropped: what an
    /// authentication position keeps (see [`AUTH_KEYS`]).
    fn unauth(mut self) -> Val {
        if self.src.as_ref().is_some_and(|s| s.kind == SrcKind::Named) {
            self.src = None;
        }
        self
    }
}

#[derive(Debug, Clone, Default)]
struct Summary {
    ret: Val,
    /// Parameters (bits) that reach a sink inside, and the sink.
    sinks: Vec<(u32, Site)>,
    /// Parameters (bits) that name a file read inside, and where: a
    /// credential path given by the caller (`load("Login Data")`) makes
    /// the read a source.
    reads: Vec<(u32, usize, usize)>,
    /// Parameters (bits) that name a file whose content goes into data of
    /// the function's own (an archive it writes), and where: a credential
    /// path given by the caller makes what the function sends of that data
    /// the file's content.
    content: Vec<(u32, usize, usize)>,
    /// Parameters called inside with data of a source (`function pull(cb)
    /// { https.get(u, r => … cb(d)) }`): the parameter's index and the data.
    /// A callback the caller writes inline gets that data as its parameter.
    calls: Vec<(usize, Val)>,
    /// Parameters (bits) that name a file downloaded data is written to
    /// inside (`def fetch(url, dest): … open(dest, "wb").write(chunk)`),
    /// and that download: the caller's path is then a dropped file.
    drops: Vec<(u32, Src)>,
    /// Parameters (bits) naming a folder whose entries are deleted or
    /// overwritten inside, and where (unit, line, the call): given the
    /// home folder, that is a wiper.
    wipes: Vec<(u32, usize, usize, String)>,
}

/// The entries of a folder a parameter names, listed (see `Summary::wipes`).
const ENTRIES: &str = "<entries of a folder given by the caller>";

/// Keyword arguments and object keys whose value authenticates a client
/// to its own API: a single named key there is how an API client works
/// (`headers={"Authorization": f"Bearer {key}"}`, `params={"appid": key}`,
/// `OpenAI(api_key=key)`, `auth=(user, token)`), not a flow. The whole
/// environment or a credential file there still is.
const AUTH_KEYS: &[&str] = &[
    "headers",
    "header",
    "auth",
    "params",
    "cookies",
    "query",
    "searchparams",
    "authorization",
    "proxy-authorization",
    "api_key",
    "apikey",
    "api-key",
    "appid",
    "bearer",
];
/// Keyword arguments that hand a client its credential
/// (`OpenAI(api_key=key)`, `Github(token=t)`, `login(password=p)`); in a
/// dictionary or object these names are data like any other.
const AUTH_KWARGS: &[&str] =
    &["token", "access_token", "auth_token", "api_token", "key", "password", "secret", "client_secret", "credentials"];

/// Keyword arguments of a process launch that are not sent anywhere: the
/// environment handed to a local child process (`env=os.environ`) is not a
/// flow, nor its working folder or output settings.
const PROC_LOCAL_KW: &[&str] =
    &["env", "cwd", "stdout", "stderr", "capture_output", "text", "check", "shell", "timeout", "encoding"];

/// Calls whose result holds nothing of their arguments' data.
const NO_PROP: &[&str] = &[
    "len",
    "print",
    "bool",
    "int",
    "float",
    "isinstance",
    "hasattr",
    "type",
    "exists",
    "isfile",
    "isdir",
    "existsSync",
    "statSync",
    "log",
    "error",
    "warn",
    "info",
    "debug",
    "warning",
    "startswith",
    "endswith",
    "startsWith",
    "endsWith",
    "count",
    "index",
    "find",
    "test",
    "includes",
    "has",
    "hash",
    "id",
    "getsize",
    "access",
    "register",
    "exit",
];

/// Methods that fill their receiver with their arguments.
const FILL: &[&str] = &[
    "append",
    "extend",
    "update",
    "push",
    "add",
    "insert",
    "setdefault",
    "unshift",
    "set",
    "write",
    // An e-mail message filled with what it carries.
    "add_attachment",
    "attach",
    "set_content",
    "set_payload",
];

/// Network sends by qualified name (after aliases are resolved).
fn is_net_call(q: &str) -> bool {
    let (head, last) = q.rsplit_once('.').unwrap_or(("", q));
    let verbs = ["get", "post", "put", "patch", "delete", "request", "head", "options", "stream", "send"];
    match head {
        "requests" | "httpx" | "requests.api" | "aiohttp" | "urllib3" | "treq" | "grequests" => verbs.contains(&last),
        "urllib.request" | "urllib2" | "urllib" | "six.moves.urllib.request" => last == "urlopen",
        "axios" | "got" | "superagent" | "needle" | "request" | "ky" | "$" | "jQuery" | "node-fetch" => {
            verbs.contains(&last) || last == "ajax"
        }
        "http" | "https" => last == "get" || last == "request",
        "navigator" => last == "sendBeacon",
        // A name looked up carries data to whoever serves its domain.
        "dns" | "dns.promises" => {
            matches!(last, "lookup" | "resolve" | "resolve4" | "resolve6" | "resolveTxt" | "resolveAny")
        }
        "socket" => matches!(last, "gethostbyname" | "getaddrinfo" | "gethostbyname_ex"),
        "dns.resolver" => last == "resolve" || last == "query",
        "" => matches!(last, "fetch" | "axios" | "got" | "urlopen" | "ky" | "sendBeacon"),
        _ => q == "node-fetch" || q == "cross-fetch" || q == "undici.fetch" || q == "undici.request",
    }
}

/// Calls that make a network object (a socket, a connection, a session).
fn is_net_ctor(q: &str) -> bool {
    matches!(
        q,
        "socket.socket"
            | "socket.create_connection"
            | "http.client.HTTPSConnection"
            | "http.client.HTTPConnection"
            | "httplib.HTTPSConnection"
            | "httplib.HTTPConnection"
            | "smtplib.SMTP"
            | "smtplib.SMTP_SSL"
            | "ftplib.FTP"
            | "ftplib.FTP_TLS"
            | "requests.Session"
            | "requests.session"
            | "httpx.Client"
            | "httpx.AsyncClient"
            | "aiohttp.ClientSession"
            | "urllib3.PoolManager"
            | "websocket.create_connection"
            | "websockets.connect"
            | "net.Socket"
            | "net.connect"
            | "net.createConnection"
            | "tls.connect"
            | "http.request"
            | "https.request"
            | "http.get"
            | "https.get"
            | "dgram.createSocket"
            | "WebSocket"
            | "XMLHttpRequest"
            | "nodemailer.createTransport"
            | "axios.create"
            | "boto3.client"
            | "boto3.resource"
            | "paramiko.SFTPClient.from_transport"
    )
}

/// Methods of a network object that send their arguments.
const NET_METHODS: &[&str] = &[
    "send",
    "sendall",
    "sendto",
    "write",
    "end",
    "request",
    "post",
    "put",
    "patch",
    "get",
    "sendmail",
    "send_message",
    "storbinary",
    "storlines",
    "upload",
    "emit",
    "sendMail",
    "putrequest",
    "upload_file",
    "upload_fileobj",
    "put_object",
];

/// The value a call makes an MCP tool's description, when it is one:
/// Python's `Tool(description=…)` (`mcp.types`) and `@mcp.tool(description=…)`,
/// JavaScript's `server.tool(name, description, …)` and
/// `server.registerTool(name, { description, … })`.
fn tool_description(lang: Lang, last: &str, mname: &str, pos: &[(Val, Node<'_>)], kw: &[(String, Val)]) -> Option<Val> {
    let described = |k: &&(String, Val)| k.0 == "description";
    match lang {
        Lang::Python if last == "Tool" || mname == "tool" => kw.iter().find(described).map(|(_, v)| v.clone()),
        _ if lang.is_js() && mname == "tool" && pos.len() >= 3 => pos.get(1).map(|(v, _)| v.clone()),
        _ if lang.is_js() && mname == "registerTool" => pos.get(1).map(|(v, _)| v.taint()),
        _ => None,
    }
}

/// The key an assignment writes: `msg.Bcc = …` (JavaScript's member,
/// Python's attribute) or `msg["Bcc"] = …`.
fn assigned_key<'t>(l: Node<'t>, text: &'t str) -> Option<&'t str> {
    let key = match l.kind() {
        "member_expression" => l.child_by_field_name("property"),
        "attribute" => l.child_by_field_name("attribute"),
        "subscript" => l.child_by_field_name("subscript"),
        "subscript_expression" => l.child_by_field_name("index"),
        _ => None,
    }?;
    Some(node_text(key, text).trim_matches(|c| c == '"' || c == '\''))
}

/// Whether a command line built in code is R-RULE-5's download-and-run
/// (`curl -fsSL https://… | sh`), not a vendor's installer: read by the
/// fixed rules, as the same text written out would be.
pub(super) fn downloads_and_runs(cmd: &str) -> bool {
    rule_finds_high(cmd, RuleId::DownloadExec)
}

/// Whether a command line built in code wipes a disk or the home folder
/// (`dd if=/dev/zero of=/dev/sda`, `rm -rf ~`): R-RULE-2's rule, read on the
/// assembled text.
pub(super) fn wipes(cmd: &str) -> bool {
    rule_finds_high(cmd, RuleId::WipeCommand)
}

/// Whether the fixed rules find `rule` at high or above in a command line
/// built in code (bounded in length).
fn rule_finds_high(cmd: &str, rule: RuleId) -> bool {
    cmd.len() <= MAX_STR_LEN
        && crate::rules::check(cmd)
            .findings
            .iter()
            .any(|f| f.rule == rule && f.severity() >= crate::rules::Severity::High)
}

/// The fields a key pair or a wallet keeps its private key in.
fn is_private_key_field(name: &str) -> bool {
    matches!(
        name,
        "secretKey"
            | "privateKey"
            | "private_key"
            | "secret_key"
            | "mnemonic"
            | "seedPhrase"
            | "seed_phrase"
            | "privKey"
    )
}

/// A process started as a shell given a command line
/// (`spawn("sh", ["-c", cmd])`, `subprocess.run(["bash", "-c", cmd])`,
/// `execFile("cmd", ["/c", cmd])`): the command is code the shell runs.
fn shell_given_a_command(q: &str, pos: &[(Val, Node<'_>)]) -> bool {
    let q = q.strip_prefix("node:").unwrap_or(q);
    let process = matches!(
        q,
        "child_process.spawn" | "child_process.spawnSync" | "child_process.execFile" | "child_process.execFileSync"
    ) || q.starts_with("subprocess.")
        || q.starts_with("os.exec")
        || q.starts_with("os.spawn");
    if !process {
        return false;
    }
    let words: Vec<&str> = pos.iter().flat_map(|(v, _)| v.strs.iter().map(String::as_str)).take(8).collect();
    words.first().is_some_and(|w| names::is_shell(w))
        && words.iter().any(|w| matches!(*w, "-c" | "/c" | "/C" | "-Command" | "-command"))
}

/// Calls that run their first argument as code: Python's `exec`/`eval`,
/// `pickle.loads`/`marshal.loads` (unpickling runs what the bytes name),
/// JavaScript's `eval`, `new Function`, `vm.run*`, and a command line run
/// by a shell (`os.system`, `os.popen`, `subprocess.*(…, shell=True)`,
/// `child_process.exec`).
fn runs_code(q: &str, lang: Lang, last: &str, new_expr: bool, kw: &[(String, Val)]) -> bool {
    let shell_kw = kw.iter().any(|(k, v)| k == "shell" && v.strs.first().is_none_or(|s| s != "False"));
    match lang {
        Lang::Python => {
            matches!(
                q,
                "exec"
                    | "eval"
                    | "os.system"
                    | "os.popen"
                    | "subprocess.getoutput"
                    | "subprocess.getstatusoutput"
                    | "pickle.loads"
                    | "pickle.load"
                    | "cPickle.loads"
                    | "dill.loads"
                    | "marshal.loads"
            ) || (q.starts_with("subprocess.") && shell_kw)
        }
        _ => {
            matches!(q, "eval" | "Function" | "vm.runInThisContext" | "vm.runInNewContext" | "vm.runInContext")
                || (new_expr && last == "Function")
                || matches!(
                    q,
                    "child_process.exec"
                        | "child_process.execSync"
                        | "node:child_process.exec"
                        | "node:child_process.execSync"
                )
        }
    }
}

/// Process launches by qualified name.
fn is_proc_call(q: &str) -> bool {
    let (head, last) = q.rsplit_once('.').unwrap_or(("", q));
    match head {
        "subprocess" => {
            matches!(last, "run" | "call" | "check_call" | "check_output" | "Popen" | "getoutput" | "getstatusoutput")
        }
        "os" => last == "system" || last == "popen" || last.starts_with("spawn") || last.starts_with("exec"),
        "commands" => last == "getoutput",
        "asyncio" => last == "create_subprocess_exec" || last == "create_subprocess_shell",
        "pty" => last == "spawn",
        "child_process" | "node:child_process" => {
            matches!(last, "exec" | "execSync" | "spawn" | "spawnSync" | "execFile" | "execFileSync")
        }
        "Bun" => last == "spawn" || last == "spawnSync",
        _ => false,
    }
}

fn env_object(q: &str) -> Option<&'static str> {
    match q {
        "os.environ" | "os.environb" | "posix.environ" | "nt.environ" | "os.environ._data" => Some("os.environ"),
        "process.env" => Some("process.env"),
        _ => None,
    }
}

/// Methods of the environment object that keep it whole.
const ENV_WHOLE: &[&str] = &["items", "copy", "values", "keys", "toObject", "__iter__", "iteritems"];
/// Methods of the environment object that pick one variable by name.
const ENV_PICK: &[&str] = &["get", "pop", "setdefault", "__getitem__", "getenv"];

/// Normalises a qualified name: the builtins' module and the globals'
/// dictionary are the names themselves, `os.__dict__` is `os`.
/// The name a rot13 helper is given as its callee (no module has it).
const ROT13: &str = "codecs.<rot13>";
/// The qualified name a promise's `resolve` parameter is bound to
/// (`Run::promise_value`).
const RESOLVE: &str = "<promise.resolve>";

fn is_rot13(codec: &str) -> bool {
    matches!(codec.to_ascii_lowercase().replace(['-', '_'], "").as_str(), "rot13")
}

/// A function of the folder (its file and name) and the arguments a thread,
/// a pool or a timer calls it with (`Analyzer::deferred_call`).
type DeferredCall<'t> = ((usize, String), Vec<(Val, Node<'t>)>);

fn normalize(q: &str) -> String {
    let mut s = q.to_owned();
    for p in [
        "builtins.",
        "__builtins__.",
        "__builtin__.",
        "globals().",
        "globalThis.",
        "global.",
        "window.",
        "sys.modules.",
    ] {
        while let Some(rest) = s.strip_prefix(p) {
            s = rest.to_owned();
        }
    }
    s = s.replace(".__dict__", "").replace("node:", "");
    if let Some(rest) = s.strip_prefix("importlib.__import__") {
        s = format!("__import__{rest}");
    }
    s
}

pub(super) struct Analyzer<'u> {
    units: &'u [Unit],
    trees: Vec<Option<Tree>>,
    summaries: HashMap<(usize, String), Summary>,
    module_env: Vec<HashMap<String, Val>>,
}

struct Frame {
    unit: usize,
    env: HashMap<String, Val>,
    is_module: bool,
    sum: Summary,
}

struct Run<'a, 't> {
    units: &'a [Unit],
    lang: Vec<Lang>,
    funcs: &'a [HashMap<String, Node<'t>>],
    summaries: &'a mut HashMap<(usize, String), Summary>,
    module_env: &'a mut Vec<HashMap<String, Val>>,
    shared: &'a mut Shared,
    steps: usize,
    changed: bool,
    bind_depth: usize,
    /// For each `new Promise(executor)` being read, what its `resolve`
    /// was called with: the promise's value.
    resolved: Vec<Val>,
}

impl<'u> Analyzer<'u> {
    pub(super) fn new(units: &'u [Unit]) -> Analyzer<'u> {
        let mut trees = Vec::with_capacity(units.len());
        for u in units {
            let lang: Option<tree_sitter::Language> = match u.lang {
                Lang::Python => Some(tree_sitter_python::LANGUAGE.into()),
                Lang::JavaScript => Some(tree_sitter_javascript::LANGUAGE.into()),
                Lang::TypeScript => Some(tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into()),
                Lang::Tsx => Some(tree_sitter_typescript::LANGUAGE_TSX.into()),
                _ => None,
            };
            let tree = lang.and_then(|l| {
                let mut p = Parser::new();
                p.set_language(&l).ok()?;
                p.parse(&u.text, None)
            });
            trees.push(tree);
        }
        Analyzer { units, trees, summaries: HashMap::new(), module_env: vec![HashMap::new(); units.len()] }
    }

    /// One pass over every file; whether any summary or binding changed.
    pub(super) fn round(&mut self, shared: &mut Shared) -> bool {
        let funcs: Vec<HashMap<String, Node<'_>>> = self
            .trees
            .iter()
            .enumerate()
            .map(|(i, t)| t.as_ref().map(|t| collect_functions(t.root_node(), &self.units[i].text)).unwrap_or_default())
            .collect();
        let mut run = Run {
            units: self.units,
            lang: self.units.iter().map(|u| u.lang).collect(),
            funcs: &funcs,
            summaries: &mut self.summaries,
            module_env: &mut self.module_env,
            shared,
            steps: 0,
            changed: false,
            bind_depth: 0,
            resolved: Vec::new(),
        };
        for (i, t) in self.trees.iter().enumerate() {
            let Some(t) = t else { continue };
            let mut fr = Frame { unit: i, env: HashMap::new(), is_module: true, sum: Summary::default() };
            run.walk(&mut fr, t.root_node(), 0);
            let env = std::mem::take(&mut fr.env);
            for (k, v) in env {
                run.bind_module(i, k, v);
            }
            let mut names: Vec<&String> = funcs[i].keys().collect();
            names.sort();
            for name in names {
                let def = funcs[i][name];
                run.function(i, name, def);
            }
        }
        run.changed
    }
}

/// Every named function of a file: `def`, `function`, methods, and
/// functions bound to a name (`const f = () => …`, `exports.f = function…`).
fn collect_functions<'t>(root: Node<'t>, text: &str) -> HashMap<String, Node<'t>> {
    let mut out = HashMap::new();
    let mut stack = vec![root];
    let mut seen = 0usize;
    while let Some(n) = stack.pop() {
        seen += 1;
        if seen > 500_000 {
            break;
        }
        match n.kind() {
            "function_definition" | "function_declaration" | "generator_function_declaration" | "method_definition" => {
                if let Some(name) = n.child_by_field_name("name") {
                    out.entry(node_text(name, text).to_owned()).or_insert(n);
                }
            }
            "variable_declarator" | "assignment_expression" => {
                let (l, r) = if n.kind() == "variable_declarator" {
                    (n.child_by_field_name("name"), n.child_by_field_name("value"))
                } else {
                    (n.child_by_field_name("left"), n.child_by_field_name("right"))
                };
                if let (Some(l), Some(r)) = (l, r) {
                    if is_function_node(r) {
                        let name = match l.kind() {
                            "member_expression" => l.child_by_field_name("property").map(|p| node_text(p, text)),
                            "identifier" => Some(node_text(l, text)),
                            _ => None,
                        };
                        if let Some(name) = name {
                            out.entry(name.to_owned()).or_insert(r);
                        }
                    }
                }
            }
            _ => {}
        }
        let mut c = n.walk();
        for ch in n.named_children(&mut c) {
            stack.push(ch);
        }
    }
    out
}

fn is_function_node(n: Node<'_>) -> bool {
    matches!(n.kind(), "arrow_function" | "function_expression" | "function" | "generator_function")
}

fn node_text<'a>(n: Node<'_>, text: &'a str) -> &'a str {
    text.get(n.byte_range()).unwrap_or("")
}

/// A parameter's name that says it holds a credential file's contents
/// (`ssh_id_rsa`, `aws_credentials_file_content`, `npmrc`), as the file it
/// names. Keys and tokens passed as arguments are a program's ordinary
/// inputs; files of the user's home are not.
fn credential_parameter(name: &str) -> Option<String> {
    let n = name.to_ascii_lowercase();
    const FILES: &[(&str, &str)] = &[
        ("id_rsa", "~/.ssh/id_rsa"),
        ("id_ed25519", "~/.ssh/id_ed25519"),
        ("ssh_private_key", "an SSH private key"),
        ("aws_credentials", "~/.aws/credentials"),
        ("npmrc", "~/.npmrc"),
        ("netrc", "~/.netrc"),
        ("git_credentials", "~/.git-credentials"),
        ("kubeconfig", "~/.kube/config"),
        ("seed_phrase", "a wallet's seed phrase"),
        ("mnemonic", "a wallet's seed phrase"),
    ];
    FILES.iter().find(|(part, _)| n.contains(part)).map(|(_, f)| format!("{f} (as the parameter `{name}`)"))
}

/// A method that returns a wallet's seed phrase or private key by its
/// name (`getMnemonic`, `exportPrivateKey`, `get_seed_phrase`).
fn wallet_secret_getter(name: &str) -> bool {
    let n = name.to_ascii_lowercase().replace('_', "");
    matches!(
        n.as_str(),
        "getmnemonic"
            | "exportmnemonic"
            | "revealmnemonic"
            | "getseedphrase"
            | "exportseedphrase"
            | "getseed"
            | "getsecretrecoveryphrase"
            | "revealsecretrecoveryphrase"
            | "exportprivatekey"
            | "getprivatekey"
            | "exportaccount"
    )
}

fn line_of(n: Node<'_>) -> usize {
    n.start_position().row + 1
}

/// The first identifier of an expression (`out` of `out["k"]`, `tmp` of
/// `os.path.join(tmp, name)`).
fn root_ident<'t>(n: Node<'t>) -> Option<Node<'t>> {
    let mut cur = n;
    for _ in 0..16 {
        match cur.kind() {
            "identifier" => return Some(cur),
            "attribute" | "member_expression" => cur = cur.child_by_field_name("object")?,
            "subscript" => cur = cur.child_by_field_name("value")?,
            "subscript_expression" => cur = cur.child_by_field_name("object")?,
            "call" | "call_expression" => {
                let args = cur.child_by_field_name("arguments")?;
                cur = args.named_child(0)?;
            }
            "parenthesized_expression" => cur = cur.named_child(0)?,
            _ => return None,
        }
    }
    None
}

fn string_literal(n: Node<'_>, text: &str, lang: Lang) -> Option<String> {
    let raw = node_text(n, text);
    if lang == Lang::Python {
        let prefix_len = raw.find(['"', '\'']).unwrap_or(0);
        let prefix = raw.get(..prefix_len)?.to_ascii_lowercase();
        let body = raw.get(prefix_len..)?;
        let q = if body.starts_with("\"\"\"") || body.starts_with("'''") { 3 } else { 1 };
        if body.len() < 2 * q {
            return None;
        }
        let inner = body.get(q..body.len() - q)?;
        if prefix.contains('f') && inner.contains('{') {
            return None;
        }
        Some(if prefix.contains('r') { inner.to_owned() } else { names::unescape(inner) })
    } else {
        if raw.len() < 2 {
            return None;
        }
        let inner = raw.get(1..raw.len() - 1)?;
        if raw.starts_with('`') && inner.contains("${") {
            return None;
        }
        Some(names::unescape(inner))
    }
}

impl<'a, 't> Run<'a, 't> {
    fn text(&self, u: usize) -> &'a str {
        &self.units[u].text
    }

    fn bind_module(&mut self, unit: usize, k: String, v: Val) {
        let env = &mut self.module_env[unit];
        if env.len() > 4096 && !env.contains_key(&k) {
            return;
        }
        let old = env.get(&k);
        let changed = match old {
            None => true,
            Some(o) => (o.src.is_none() && v.src.is_some()) || (o.params | v.params) != o.params || (!o.net && v.net),
        };
        if changed {
            self.changed = true;
            let merged = match env.remove(&k) {
                Some(o) => o.join(v),
                None => v,
            };
            env.insert(k, merged);
        }
    }

    fn function(&mut self, unit: usize, name: &str, def: Node<'t>) {
        let text = self.text(unit);
        let mut fr = Frame { unit, env: HashMap::new(), is_module: false, sum: Summary::default() };
        let params = def.child_by_field_name("parameters").or_else(|| def.child_by_field_name("parameter"));
        let mut idx = 0u32;
        if let Some(p) = params {
            let list: Vec<Node<'t>> = if p.kind() == "identifier" {
                vec![p]
            } else {
                let mut c = p.walk();
                p.named_children(&mut c).collect()
            };
            for ch in list {
                let target = match ch.kind() {
                    "identifier" => Some(ch),
                    "typed_parameter" | "list_splat_pattern" | "dictionary_splat_pattern" => ch.named_child(0),
                    "default_parameter" | "typed_default_parameter" => ch.child_by_field_name("name"),
                    "assignment_pattern" => ch.child_by_field_name("left"),
                    "required_parameter" | "optional_parameter" => ch.child_by_field_name("pattern"),
                    "object_pattern" | "array_pattern" | "rest_pattern" => Some(ch),
                    _ => None,
                };
                let Some(t) = target else { continue };
                let pname = node_text(t, text);
                if idx == 0 && (pname == "self" || pname == "cls") {
                    continue;
                }
                if idx < 32 {
                    let mut v = Val { params: 1 << idx, ..Val::default() };
                    // A parameter named for a credential file's contents
                    // (`content_from_reading_ssh_id_rsa`, an MCP tool's field
                    // the model is told to fill): what it is given is that file.
                    if let Some(what) = credential_parameter(pname) {
                        v.src = Some(Src { kind: SrcKind::CredFile, unit, line: line_of(t), what });
                    }
                    self.bind(&mut fr, t, v);
                }
                idx += 1;
            }
        }
        if let Some(body) = def.child_by_field_name("body") {
            if matches!(body.kind(), "block" | "statement_block" | "class_body") {
                self.walk(&mut fr, body, 0);
            } else {
                // An arrow's expression body is what it returns, as a
                // `return` statement's value is (its text, its library).
                let v = self.eval(&mut fr, body, 0);
                fr.sum.ret = std::mem::take(&mut fr.sum.ret).join(v.returned());
            }
        }
        let key = (unit, name.to_owned());
        let new = fr.sum;
        let old = self.summaries.get(&key);
        let grew = match old {
            None => {
                new.ret.src.is_some()
                    || new.ret.params != 0
                    || !new.sinks.is_empty()
                    || !new.reads.is_empty()
                    || new.ret.net
                    || !new.ret.strs.is_empty()
                    || new.ret.qual.is_some()
                    || !new.calls.is_empty()
                    || !new.drops.is_empty()
                    || !new.wipes.is_empty()
                    || !new.ret.items.is_empty()
            }
            Some(o) => {
                (o.ret.src.is_none() && new.ret.src.is_some())
                    || (o.ret.params | new.ret.params) != o.ret.params
                    || new.sinks.len() > o.sinks.len()
                    || new.reads.len() > o.reads.len()
                    || (!o.ret.net && new.ret.net)
                    || (o.ret.qual.is_none() && new.ret.qual.is_some())
                    || new.calls.len() > o.calls.len()
                    || new.drops.len() > o.drops.len()
                    || new.wipes.len() > o.wipes.len()
                    || (o.ret.items.is_empty() && !new.ret.items.is_empty())
            }
        };
        if grew {
            self.changed = true;
            self.summaries.insert(key, new);
        }
    }

    fn lookup(&self, fr: &Frame, name: &str, line: usize) -> Val {
        let found = fr.env.get(name).or_else(|| self.module_env[fr.unit].get(name)).cloned();
        match found {
            Some(v) => match (&v.qual, v.src.is_none() || v.params == 0) {
                // A pure alias: the source is read where it is used.
                (Some(q), true) if v.func.is_none() && v.module.is_none() => {
                    let q = q.clone();
                    self.qual_val(fr, &q, line).join(v)
                }
                _ => v,
            },
            None => {
                if self.funcs[fr.unit].contains_key(name) {
                    return Val { func: Some((fr.unit, name.to_owned())), ..Val::default() };
                }
                self.qual_val(fr, name, line)
            }
        }
    }

    /// The value a qualified name stands for: the environment object, one
    /// variable of it, or just the name.
    fn qual_val(&self, fr: &Frame, q: &str, line: usize) -> Val {
        let q = normalize(q);
        let src = |what: &str, kind| Src { kind, unit: fr.unit, line, what: what.to_owned() };
        if let Some(e) = env_object(&q) {
            return Val { src: Some(src(e, SrcKind::Env)), qual: Some(e.to_owned()), ..Val::default() };
        }
        for e in ["os.environ", "process.env", "os.environb"] {
            if let Some(rest) = q.strip_prefix(e).and_then(|r| r.strip_prefix('.')) {
                if ENV_WHOLE.contains(&rest) {
                    return Val { src: Some(src(e, SrcKind::Env)), qual: Some(q.clone()), ..Val::default() };
                }
                if ENV_PICK.contains(&rest) {
                    return Val { qual: Some(q.clone()), ..Val::default() };
                }
                if !rest.contains('.') {
                    // `process.env.GITHUB_TOKEN`: one variable.
                    return if is_secret_name(rest) {
                        Val { src: Some(src(&format!("{e}.{rest}"), SrcKind::Named)), ..Val::default() }
                    } else {
                        Val::default()
                    };
                }
            }
        }
        Val { qual: Some(q), ..Val::default() }
    }

    /// `o.name`, `getattr(o, name)`, `o[name]` with a constant name.
    fn attr_of(&self, fr: &Frame, o: &Val, name: &str, line: usize) -> Val {
        if let Some(u) = o.module {
            if self.funcs.get(u).is_some_and(|f| f.contains_key(name)) {
                return Val { func: Some((u, name.to_owned())), ..Val::default() };
            }
            if let Some(v) = self.module_env[u].get(name) {
                return v.clone();
            }
            // A class of that file (`helper.Probe`): its instances' methods
            // are that file's functions.
            if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                return Val { module: Some(u), ..Val::default() };
            }
            return Val::default();
        }
        if let Some(q) = &o.qual {
            if q == "globals()" || q == "vars()" || q == "locals()" {
                return self.lookup(fr, name, line);
            }
            let whole = format!("{q}.{name}");
            if env_object(&normalize(q)).is_some() {
                // The home folder's variable is a path, not a secret.
                if name == "HOME" || name == "USERPROFILE" {
                    return Val::with_strs(vec!["~".to_owned()]);
                }
                return self.qual_val(fr, &whole, line);
            }
            let v = self.qual_val(fr, &whole, line);
            return v.join(Val { net: o.net, ..o.taint() }).join(Val { strs: o.strs.clone(), ..Val::default() });
        }
        Val { net: o.net, strs: o.strs.clone(), ..o.taint() }
    }

    fn walk(&mut self, fr: &mut Frame, n: Node<'t>, depth: usize) {
        if depth > MAX_DEPTH || self.steps > MAX_STEPS {
            return;
        }
        self.steps += 1;
        let text = self.text(fr.unit);
        match n.kind() {
            "function_definition"
            | "function_declaration"
            | "generator_function_declaration"
            | "class_declaration"
            | "method_definition"
            | "decorator" => {}
            "class_definition" => {
                // Methods are analysed as functions; class attributes bind.
                if fr.is_module {
                    if let Some(b) = n.child_by_field_name("body") {
                        let mut c = b.walk();
                        let kids: Vec<Node<'t>> = b.named_children(&mut c).collect();
                        for k in kids {
                            if k.kind() == "expression_statement" {
                                self.walk(fr, k, depth + 1);
                            }
                        }
                    }
                }
            }
            "return_statement" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for k in kids {
                    let v = self.eval(fr, k, depth + 1);
                    fr.sum.ret = std::mem::take(&mut fr.sum.ret).join(Val { items: v.items.clone(), ..v.returned() });
                }
            }
            "for_statement" | "for_in_statement" => {
                if let (Some(l), Some(r)) = (n.child_by_field_name("left"), n.child_by_field_name("right")) {
                    let v = self.eval(fr, r, depth + 1);
                    self.bind(fr, l, Val { qual: None, func: None, module: None, ..v });
                }
                if let Some(b) = n.child_by_field_name("body") {
                    self.walk(fr, b, depth + 1);
                }
            }
            "with_statement" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for k in kids {
                    if k.kind() == "with_clause" {
                        let mut c2 = k.walk();
                        let items: Vec<Node<'t>> = k.named_children(&mut c2).collect();
                        for it in items {
                            let Some(val) = it.child_by_field_name("value") else { continue };
                            if val.kind() == "as_pattern" {
                                let e = val.named_child(0);
                                let alias = val.child_by_field_name("alias");
                                if let (Some(e), Some(a)) = (e, alias) {
                                    let v = self.eval(fr, e, depth + 1);
                                    let target = a.named_child(0).unwrap_or(a);
                                    self.bind(fr, target, v);
                                }
                            } else {
                                self.eval(fr, val, depth + 1);
                            }
                        }
                    } else {
                        self.walk(fr, k, depth + 1);
                    }
                }
            }
            "import_statement" | "import_from_statement" | "future_import_statement" => self.import(fr, n, text),
            "variable_declarator" => {
                let (Some(name), value) = (n.child_by_field_name("name"), n.child_by_field_name("value")) else {
                    return;
                };
                let Some(value) = value else { return };
                if is_function_node(value) {
                    return;
                }
                let v = self.eval(fr, value, depth + 1);
                self.bind(fr, name, v);
            }
            k if is_container(k) => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for ch in kids {
                    self.walk(fr, ch, depth + 1);
                }
            }
            _ => {
                self.eval(fr, n, depth + 1);
            }
        }
    }

    fn import(&mut self, fr: &mut Frame, n: Node<'t>, text: &str) {
        let lang = self.lang[fr.unit];
        let mut c = n.walk();
        let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
        if lang.is_js() {
            // import x from "m"; import * as x from "m"; import { a as b } from "m"
            let Some(src) = n.child_by_field_name("source") else { return };
            let m = string_literal(src, text, lang).unwrap_or_default();
            let mv = self.module_val(fr, &m, line_of(n));
            for k in kids {
                if k.kind() != "import_clause" {
                    continue;
                }
                let mut c2 = k.walk();
                let parts: Vec<Node<'t>> = k.named_children(&mut c2).collect();
                for p in parts {
                    match p.kind() {
                        "identifier" => self.bind(fr, p, mv.clone()),
                        "namespace_import" => {
                            if let Some(id) = p.named_child(0) {
                                self.bind(fr, id, mv.clone());
                            }
                        }
                        "named_imports" => {
                            let mut c3 = p.walk();
                            let specs: Vec<Node<'t>> = p.named_children(&mut c3).collect();
                            for s in specs {
                                let Some(name) = s.child_by_field_name("name") else { continue };
                                let alias = s.child_by_field_name("alias").unwrap_or(name);
                                let v = self.attr_of(fr, &mv, node_text(name, text), line_of(n));
                                self.bind(fr, alias, v);
                            }
                        }
                        _ => {}
                    }
                }
            }
            return;
        }
        if n.kind() == "import_from_statement" {
            let Some(m) = n.child_by_field_name("module_name") else { return };
            let mname = node_text(m, text).to_owned();
            let mv = self.module_val(fr, &mname, line_of(n));
            for k in kids {
                if k.id() == m.id() {
                    continue;
                }
                let (name, alias) = match k.kind() {
                    "dotted_name" => (k, k),
                    "aliased_import" => match (k.child_by_field_name("name"), k.child_by_field_name("alias")) {
                        (Some(a), Some(b)) => (a, b),
                        _ => continue,
                    },
                    _ => continue,
                };
                let mut v = self.attr_of(fr, &mv, node_text(name, text), line_of(n));
                // `from . import helper`, `from pkg import helper`: a name the
                // package does not define is its module of that name.
                if v.func.is_none()
                    && v.module.is_none()
                    && v.src.is_none()
                    && (mv.module.is_some() || mname.starts_with('.'))
                {
                    let sub = format!("{}.{}", mname.trim_end_matches('.'), node_text(name, text));
                    if let Some(u) = self.resolve_module(fr.unit, &sub) {
                        v = Val { module: Some(u), ..Val::default() };
                    }
                }
                let key = node_text(alias, text).to_owned();
                fr.env.insert(key, v);
            }
        } else {
            for k in kids {
                match k.kind() {
                    "aliased_import" => {
                        if let (Some(a), Some(b)) = (k.child_by_field_name("name"), k.child_by_field_name("alias")) {
                            let v = self.module_val(fr, node_text(a, text), line_of(n));
                            fr.env.insert(node_text(b, text).to_owned(), v);
                        }
                    }
                    "dotted_name" => {
                        let full = node_text(k, text);
                        if !full.contains('.') {
                            let v = self.module_val(fr, full, line_of(n));
                            if v.module.is_some() {
                                fr.env.insert(full.to_owned(), v);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// A module by the name a file imports it by: a file of the folder
    /// (`helper`, `./lib/net`) or a library's qualified name.
    fn module_val(&self, fr: &Frame, m: &str, line: usize) -> Val {
        if let Some(u) = self.resolve_module(fr.unit, m) {
            return Val { module: Some(u), ..Val::default() };
        }
        let m = m.strip_prefix("node:").unwrap_or(m);
        self.qual_val(fr, m, line)
    }

    fn resolve_module(&self, from: usize, m: &str) -> Option<usize> {
        let me = &self.units[from];
        let dir = me.path.as_deref().and_then(|p| p.rsplit_once('/').map(|(d, _)| d)).unwrap_or("");
        match me.lang {
            Lang::Python => {
                let leaf = m.trim_start_matches('.').rsplit('.').next().unwrap_or("");
                if leaf.is_empty() {
                    return None;
                }
                let file = format!("{leaf}.py");
                let mut best = None;
                for (i, u) in self.units.iter().enumerate() {
                    if i == from || u.lang != Lang::Python {
                        continue;
                    }
                    let Some(p) = u.path.as_deref() else { continue };
                    let (d, b) = p.rsplit_once('/').unwrap_or(("", p));
                    if b == file || (b == "__init__.py" && d.rsplit('/').next() == Some(leaf)) {
                        if d == dir {
                            return Some(i);
                        }
                        best.get_or_insert(i);
                    }
                }
                best
            }
            _ => {
                if !(m.starts_with("./") || m.starts_with("../")) {
                    return None;
                }
                let mut parts: Vec<&str> = if dir.is_empty() { vec![] } else { dir.split('/').collect() };
                for seg in m.split('/') {
                    match seg {
                        "." | "" => {}
                        ".." => {
                            parts.pop();
                        }
                        s => parts.push(s),
                    }
                }
                let base = parts.join("/");
                // TypeScript's ES modules import a `.ts` file by the `.js`
                // name it compiles to (`from "../env/collect.js"`).
                let ts = [(".js", ".ts"), (".mjs", ".mts"), (".cjs", ".cts"), (".jsx", ".tsx"), (".js", ".tsx")]
                    .iter()
                    .filter_map(|(js, ts)| base.strip_suffix(js).map(|b| format!("{b}{ts}")));
                let cands: Vec<String> = [
                    base.clone(),
                    format!("{base}.js"),
                    format!("{base}.mjs"),
                    format!("{base}.cjs"),
                    format!("{base}.ts"),
                    format!("{base}/index.js"),
                    format!("{base}/index.ts"),
                ]
                .into_iter()
                .chain(ts)
                .collect();
                self.units
                    .iter()
                    .position(|u| u.lang.is_js() && u.path.as_deref().is_some_and(|p| cands.iter().any(|c| c == p)))
            }
        }
    }

    /// A Bcc given `v`: a hidden recipient when every value it may take
    /// is one fixed address (not the caller's, not the environment's).
    fn fixed_recipient(&mut self, fr: &Frame, v: &Val, line: usize) {
        if v.params != 0 || v.src.is_some() || v.strs.is_empty() {
            return;
        }
        if let Some(address) = v.strs.iter().find(|s| names::is_fixed_address(s)) {
            if v.strs.iter().all(|s| names::is_fixed_address(s)) {
                self.shared.hidden_recipient(address, (fr.unit, line));
            }
        }
    }

    fn bind(&mut self, fr: &mut Frame, target: Node<'t>, v: Val) {
        // Patterns nest (`((a, b), c) = …`): deep ones are not followed.
        if self.bind_depth > 32 {
            return;
        }
        self.bind_depth += 1;
        self.bind_inner(fr, target, v);
        self.bind_depth -= 1;
    }

    fn bind_inner(&mut self, fr: &mut Frame, target: Node<'t>, v: Val) {
        let text = self.text(fr.unit);
        match target.kind() {
            "identifier" | "shorthand_property_identifier_pattern" => {
                let name = node_text(target, text).to_owned();
                let merged = match fr.env.remove(&name) {
                    Some(o) => o.join(v),
                    None => v,
                };
                if fr.env.len() < 4096 {
                    fr.env.insert(name, merged);
                }
            }
            "attribute" | "member_expression" => {
                let key = node_text(target, text).to_owned();
                // `client.api_key = key`, `session.headers = {…}`: a
                // credential handed to a client (see [`AUTH_KEYS`]).
                let last = key.rsplit('.').next().unwrap_or("");
                let v = if is_auth_kwarg(last) { v.unauth() } else { v };
                if key.len() < 128 {
                    self.bind_module(fr.unit, key, v.clone());
                }
                if let Some(obj) = target.child_by_field_name("object") {
                    if let Some(r) = root_ident(obj) {
                        let rn = node_text(r, text);
                        if !matches!(rn, "self" | "this" | "module" | "exports" | "cls") {
                            self.bind(fr, r, v.taint());
                        }
                    }
                }
            }
            "subscript" | "subscript_expression" => {
                // `s.headers["Authorization"] = f"Bearer {tok}"` sets a
                // client's credential, not data it sends.
                let t = node_text(target, text).to_ascii_lowercase();
                let v = if t.contains("headers") || t.contains("authorization") || t.contains("api_key") {
                    v.unauth()
                } else {
                    v
                };
                if let Some(r) = root_ident(target) {
                    self.bind(fr, r, v.taint());
                }
            }
            "object_pattern" => {
                let mut c = target.walk();
                let kids: Vec<Node<'t>> = target.named_children(&mut c).collect();
                for k in kids {
                    match k.kind() {
                        "shorthand_property_identifier_pattern" => {
                            let a = self.attr_of(fr, &v, node_text(k, text), line_of(k));
                            self.bind(fr, k, a);
                        }
                        "pair_pattern" => {
                            if let (Some(key), Some(val)) =
                                (k.child_by_field_name("key"), k.child_by_field_name("value"))
                            {
                                let a = self.attr_of(fr, &v, node_text(key, text), line_of(k));
                                self.bind(fr, val, a);
                            }
                        }
                        _ => self.bind(fr, k, v.taint()),
                    }
                }
            }
            "as_pattern_target"
            | "parenthesized_expression"
            | "assignment_pattern"
            | "rest_pattern"
            | "list_splat_pattern" => {
                let t = target.child_by_field_name("left").or_else(|| target.named_child(0));
                if let Some(t) = t {
                    self.bind(fr, t, v);
                }
            }
            _ => {
                // Tuples, lists and arrays of targets: each gets the data,
                // or its own element of a tuple (`m, send = helper()`).
                let mut c = target.walk();
                let kids: Vec<Node<'t>> = target.named_children(&mut c).collect();
                if !v.items.is_empty() && v.items.len() == kids.len() {
                    for (k, item) in kids.into_iter().zip(v.items.clone()) {
                        let item = item.join(v.taint());
                        self.bind(fr, k, item);
                    }
                    return;
                }
                for k in kids.into_iter().take(64) {
                    self.bind(fr, k, Val { strs: vec![], ..v.clone() }.taint());
                }
            }
        }
    }

    fn eval(&mut self, fr: &mut Frame, n: Node<'t>, depth: usize) -> Val {
        if depth > MAX_DEPTH || self.steps > MAX_STEPS {
            return Val::default();
        }
        self.steps += 1;
        let text = self.text(fr.unit);
        let lang = self.lang[fr.unit];
        let line = line_of(n);
        match n.kind() {
            "identifier" | "shorthand_property_identifier" | "this" | "self" => {
                self.lookup(fr, node_text(n, text), line)
            }
            // A generator's `yield x`: what a loop over its calls gets, as a
            // return gives it (`for part in chunks(secret): send(part)`).
            "yield" | "yield_expression" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for k in kids {
                    let v = self.eval(fr, k, depth + 1);
                    fr.sum.ret = std::mem::take(&mut fr.sum.ret).join(v.returned());
                }
                Val::default()
            }
            "regex" if names::is_key_pattern(node_text(n, text)) => {
                let what = names::keys_matched(node_text(n, text));
                Val {
                    src: Some(Src { kind: SrcKind::CredFile, unit: fr.unit, line: line_of(n), what }),
                    ..Val::default()
                }
            }
            "true" | "false" | "none" | "null" | "undefined" | "integer" | "float" | "number" | "comment" | "regex" => {
                let t = node_text(n, text);
                Val { strs: t.parse::<u32>().ok().map(|v| vec![v.to_string()]).unwrap_or_default(), ..Val::default() }
            }
            "string" | "template_string" => {
                let mut v = match string_literal(n, text, lang) {
                    Some(s) if s.len() <= MAX_STR_LEN => Val::with_strs(vec![s]),
                    Some(_) => Val::default(),
                    None => {
                        let raw = node_text(n, text);
                        let body = raw.trim_start_matches(|c: char| c.is_ascii_alphabetic());
                        let body = body.trim_start_matches(['"', '\'', '`']);
                        Val { netcmd: is_net_command(body), ..Val::default() }
                    }
                };
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.children(&mut c).collect();
                // The text, when every part of it is known (`${local}@${domain}`,
                // f"{host}/x" with module constants).
                let mut text_of = (v.strs.is_empty() && !v.netcmd).then(String::new);
                for k in kids {
                    match k.kind() {
                        "interpolation" | "template_substitution" => {
                            let iv = self.eval_children(fr, k, depth + 1);
                            // The value's own text, not its format spec's.
                            let part = k
                                .named_child(0)
                                .filter(|_| text_of.is_some())
                                .map(|e| self.eval(fr, e, depth + 1))
                                .and_then(|e| e.str1().map(str::to_owned));
                            text_of = match (text_of, part) {
                                (Some(t), Some(p)) => Some(t + &p),
                                _ => None,
                            };
                            v = v.join(iv.taint());
                        }
                        "string_fragment" | "string_content" => {
                            if let Some(t) = text_of.as_mut() {
                                t.push_str(node_text(k, text));
                            }
                        }
                        "escape_sequence" => {
                            if let Some(t) = text_of.as_mut() {
                                t.push_str(&names::unescape(node_text(k, text)));
                            }
                        }
                        _ => {}
                    }
                }
                if let Some(t) = text_of.filter(|t| !t.is_empty() && t.len() <= MAX_STR_LEN) {
                    v.netcmd |= is_net_command(&t);
                    v.strs = vec![t];
                }
                v
            }
            "concatenated_string" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                let mut acc = Some(String::new());
                let mut v = Val::default();
                for k in kids {
                    let kv = self.eval(fr, k, depth + 1);
                    acc = match (acc, kv.str1()) {
                        (Some(a), Some(s)) => Some(a + s),
                        _ => None,
                    };
                    v = v.join(Val { netcmd: kv.netcmd, ..kv.taint() });
                }
                if let Some(s) = acc.filter(|s| s.len() <= MAX_STR_LEN) {
                    v.netcmd |= is_net_command(&s);
                    v.strs = vec![s];
                }
                v
            }
            "binary_operator" | "binary_expression" | "boolean_operator" => {
                let l = n.child_by_field_name("left");
                let r = n.child_by_field_name("right");
                let op = n.child_by_field_name("operator").map(|o| node_text(o, text)).unwrap_or("");
                let lv = l.map(|l| self.eval(fr, l, depth + 1)).unwrap_or_default();
                let rv = r.map(|r| self.eval(fr, r, depth + 1)).unwrap_or_default();
                let mut strs = vec![];
                if op == "+" || op == "/" {
                    let sep = if op == "/" { "/" } else { "" };
                    // A path part not known here (`profile / "Login Data"`,
                    // `profile` found by a glob) still leaves the known one
                    // to match, as in `os.path.join`.
                    let unknown = vec!["?".to_owned()];
                    let either = !lv.strs.is_empty() || !rv.strs.is_empty();
                    let (ls, rs) = if op == "/" && either {
                        (
                            if lv.strs.is_empty() { &unknown } else { &lv.strs },
                            if rv.strs.is_empty() { &unknown } else { &rv.strs },
                        )
                    } else {
                        (&lv.strs, &rv.strs)
                    };
                    for a in ls {
                        for b in rs {
                            if strs.len() < MAX_STRS && a.len() + b.len() <= MAX_STR_LEN {
                                strs.push(format!("{a}{sep}{b}"));
                            }
                        }
                    }
                }
                // `process.env.DIR || path.join(home, ".claude")`, `x ?? d`,
                // `a or b`: the value is either side's.
                if matches!(op, "||" | "??" | "or") {
                    for s in lv.strs.iter().chain(&rv.strs) {
                        if strs.len() < MAX_STRS && !strs.contains(s) {
                            strs.push(s.clone());
                        }
                    }
                }
                let netcmd = lv.netcmd || strs.iter().any(|s| is_net_command(s));
                let mut v = Val { netcmd, strs, ..lv.taint().join(rv.taint()) };
                if op == "/" && lv.strs.is_empty() && rv.strs.is_empty() {
                    v.strs = vec![];
                }
                v
            }
            "attribute" | "member_expression" => {
                let field = if n.kind() == "attribute" { "attribute" } else { "property" };
                let (Some(obj), Some(name)) = (n.child_by_field_name("object"), n.child_by_field_name(field)) else {
                    return Val::default();
                };
                let key = node_text(n, text);
                if let Some(v) = fr.env.get(key).or_else(|| self.module_env[fr.unit].get(key)) {
                    return v.clone();
                }
                let o = self.eval(fr, obj, depth + 1);
                let name = node_text(name, text);
                let mut v = self.attr_of(fr, &o, name, line);
                // A signer's or a wallet's private key read off its object
                // (`kp.secretKey`, `wallet.privateKey`, `account.key.mnemonic`).
                if v.src.is_none() && is_private_key_field(name) {
                    let what = format!("{} (a private key)", first_words(key));
                    v.src = Some(Src { kind: SrcKind::CredFile, unit: fr.unit, line, what });
                }
                pick(v, name)
            }
            "subscript" | "subscript_expression" => {
                let (obj, idx) = if n.kind() == "subscript" {
                    (n.child_by_field_name("value"), n.child_by_field_name("subscript"))
                } else {
                    (n.child_by_field_name("object"), n.child_by_field_name("index"))
                };
                let Some(obj) = obj else { return Val::default() };
                let o = self.eval(fr, obj, depth + 1);
                let Some(idx) = idx else { return o.taint() };
                if idx.kind() == "slice" {
                    // "norivne"[::-1]
                    let t = node_text(idx, text).replace(' ', "");
                    if t == "::-1" {
                        let strs = o.strs.iter().map(|s| s.chars().rev().collect()).collect();
                        return Val { strs, ..o.taint() };
                    }
                    return Val { strs: vec![], ..o };
                }
                let k = self.eval(fr, idx, depth + 1);
                match k.str1() {
                    Some(key) if o.qual.is_some() || o.module.is_some() => {
                        let key = key.to_owned();
                        self.attr_of(fr, &o, &key, line)
                    }
                    _ => {
                        if o.qual.as_deref().is_some_and(|q| env_object(&normalize(q)).is_some()) && k.src.is_none() {
                            // One variable picked by a name not known here; a
                            // key taken from the environment itself
                            // (`{k: env[k] for k in env}`) reads it whole.
                            return Val::default();
                        }
                        let v = o.taint().join(k.taint());
                        match k.str1() {
                            Some(key) if k.src.is_none() => pick(v, key),
                            _ => v,
                        }
                    }
                }
            }
            "call" | "call_expression" | "new_expression" => self.eval_call(fr, n, depth),
            "assignment"
            | "assignment_expression"
            | "augmented_assignment"
            | "augmented_assignment_expression"
            | "named_expression" => {
                let (l, r) = if n.kind() == "named_expression" {
                    (n.child_by_field_name("name"), n.child_by_field_name("value"))
                } else {
                    (n.child_by_field_name("left"), n.child_by_field_name("right"))
                };
                let Some(l) = l else { return Val::default() };
                let Some(r) = r else { return Val::default() };
                if is_function_node(r) {
                    return Val::default();
                }
                let v = self.eval(fr, r, depth + 1);
                if assigned_key(l, text).is_some_and(|k| k.eq_ignore_ascii_case("bcc")) {
                    self.fixed_recipient(fr, &v, line);
                }
                self.bind(fr, l, v.clone());
                v
            }
            "pair" | "keyword_argument" => {
                let (k, v) = if n.kind() == "pair" {
                    (n.child_by_field_name("key"), n.child_by_field_name("value"))
                } else {
                    (n.child_by_field_name("name"), n.child_by_field_name("value"))
                };
                let Some(v) = v else { return Val::default() };
                let val = self.eval(fr, v, depth + 1);
                let kname = k
                    .map(|k| {
                        let t = node_text(k, text);
                        t.trim_matches(|c| c == '"' || c == '\'').to_owned()
                    })
                    .unwrap_or_default();
                if kname.eq_ignore_ascii_case("bcc") {
                    self.fixed_recipient(fr, &val, line);
                }
                if k.is_some_and(|k| k.kind() != "computed_property_name") && is_auth_key(&kname) {
                    val.unauth()
                } else {
                    val
                }
            }
            "list" | "tuple" | "array" | "set" | "expression_list" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                let mut v = Val::default();
                let mut auth_next = false;
                let tuple = matches!(n.kind(), "tuple" | "expression_list") && kids.len() <= MAX_ITEMS;
                let mut items = Vec::new();
                for (i, k) in kids.into_iter().enumerate() {
                    let mut kv = self.eval(fr, k, depth + 1);
                    if tuple {
                        items.push(kv.clone());
                    }
                    let first_net = i == 0 && kv.strs.iter().any(|s| names::is_net_tool(s));
                    // A command's header or user option (`["curl", "-H",
                    // f"Authorization: Bearer {t}"]`) authenticates.
                    let raw = node_text(k, text).to_ascii_lowercase();
                    if auth_next || raw.contains("authorization:") {
                        kv = kv.unauth();
                    }
                    auth_next = kv.strs.iter().any(|s| matches!(s.as_str(), "-H" | "--header" | "-u" | "--user"));
                    v = v.join(Val { qual: None, func: None, module: None, items: Vec::new(), ..kv });
                    v.netcmd |= first_net;
                }
                if items.iter().all(|i| i.params == 0 && i.items.is_empty()) {
                    v.items = items;
                }
                v
            }
            "list_comprehension" | "dictionary_comprehension" | "set_comprehension" | "generator_expression" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for k in &kids {
                    if k.kind() == "for_in_clause" {
                        if let (Some(l), Some(r)) = (k.child_by_field_name("left"), k.child_by_field_name("right")) {
                            let v = self.eval(fr, r, depth + 1);
                            self.bind(fr, l, Val { qual: None, func: None, module: None, ..v });
                        }
                    }
                }
                let mut v = Val::default();
                if let Some(b) = n.child_by_field_name("body") {
                    v = self.eval(fr, b, depth + 1);
                }
                Val { qual: None, func: None, module: None, ..v }
            }
            "lambda" if self.rot13_lambda(fr, n, depth) => Val { qual: Some(ROT13.to_owned()), ..Val::default() },
            "arrow_function" | "function_expression" | "function" | "lambda" => {
                // A callback written inline: read with the enclosing names.
                if let Some(b) = n.child_by_field_name("body") {
                    if b.kind() == "statement_block" {
                        let saved = std::mem::take(&mut fr.sum.ret);
                        self.walk(fr, b, depth + 1);
                        let r = std::mem::replace(&mut fr.sum.ret, saved);
                        return r;
                    }
                    return self.eval(fr, b, depth + 1).taint();
                }
                Val::default()
            }
            "comparison_operator" | "not_operator" | "unary_expression" => {
                self.eval_children(fr, n, depth);
                Val::default()
            }
            _ => {
                let v = self.eval_children(fr, n, depth);
                Val { qual: v.qual.filter(|_| n.named_child_count() == 1), ..v }
            }
        }
    }

    /// `lambda s: codecs.decode(s, "rot13")`: a helper that undoes rot13,
    /// so that its calls on constants give the names they hide.
    fn rot13_lambda(&mut self, fr: &mut Frame, n: Node<'t>, depth: usize) -> bool {
        let text = self.text(fr.unit);
        let (Some(params), Some(body)) = (n.child_by_field_name("parameters"), n.child_by_field_name("body")) else {
            return false;
        };
        let param = node_text(params, text).trim();
        if body.kind() != "call" || param.is_empty() || param.contains(',') {
            return false;
        }
        let (Some(f), Some(args)) = (body.child_by_field_name("function"), body.child_by_field_name("arguments"))
        else {
            return false;
        };
        let mut c = args.walk();
        let list: Vec<Node<'t>> = args.named_children(&mut c).collect();
        let [first, codec] = list.as_slice() else { return false };
        let q = self.eval(fr, f, depth + 1).qual.as_deref().map(normalize).unwrap_or_default();
        matches!(q.as_str(), "codecs.decode" | "codecs.encode")
            && node_text(*first, text) == param
            && is_rot13(node_text(*codec, text).trim_matches(['"', '\'']))
    }

    fn eval_children(&mut self, fr: &mut Frame, n: Node<'t>, depth: usize) -> Val {
        let mut c = n.walk();
        let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
        let mut v = Val::default();
        for k in kids {
            if k.kind() == "comment" {
                continue;
            }
            let kv = self.eval(fr, k, depth + 1);
            v = v.join(kv);
        }
        v
    }

    fn eval_call(&mut self, fr: &mut Frame, n: Node<'t>, depth: usize) -> Val {
        let mut v = self.eval_call_inner(fr, n, depth);
        if self.lang[fr.unit] == Lang::Python {
            v.backing = archive_backing(n, self.text(fr.unit));
        }
        v
    }

    fn eval_call_inner(&mut self, fr: &mut Frame, n: Node<'t>, depth: usize) -> Val {
        let text = self.text(fr.unit);
        let lang = self.lang[fr.unit];
        let line = line_of(n);
        let fnode = n.child_by_field_name("function").or_else(|| n.child_by_field_name("constructor"));
        let Some(fnode) = fnode else { return Val::default() };
        if let Some(v) = self.promise_value(fr, fnode, n, depth) {
            return v;
        }
        self.bind_iife_params(fr, fnode, n, depth);
        // The callee, its receiver and its name, each evaluated once.
        let (recv, recv_node, fval, mname) = match fnode.kind() {
            "attribute" | "member_expression" => {
                let field = if fnode.kind() == "attribute" { "attribute" } else { "property" };
                let obj = fnode.child_by_field_name("object");
                let name = fnode.child_by_field_name(field).map(|x| node_text(x, text)).unwrap_or("");
                let key = node_text(fnode, text);
                let bound = fr.env.get(key).or_else(|| self.module_env[fr.unit].get(key)).cloned();
                let recv = obj.map(|o| self.eval(fr, o, depth + 1)).unwrap_or_default();
                let fval = match bound {
                    Some(b) => b,
                    None => {
                        let mut f = self.attr_of(fr, &recv, name, line);
                        // `self.helper(x)`, `c = Collector(); c.collect()`: a
                        // method of this file, on an object no library names.
                        let on_self = obj.is_some_and(|o| matches!(node_text(o, text), "self" | "this" | "cls"));
                        let local_obj = recv.qual.is_none() && recv.module.is_none() && !recv.net;
                        if (on_self || local_obj) && f.func.is_none() && self.funcs[fr.unit].contains_key(name) {
                            f.func = Some((fr.unit, name.to_owned()));
                        }
                        f
                    }
                };
                (Some(recv), obj, fval, name.to_owned())
            }
            _ => {
                let f = self.eval(fr, fnode, depth + 1);
                let name = node_text(fnode, text).rsplit('.').next().unwrap_or("").to_owned();
                (None, None, f, name)
            }
        };
        // Arguments: positional, keyword (Python), keeping their nodes.
        let mut pos: Vec<(Val, Node<'t>)> = Vec::new();
        let mut kw: Vec<(String, Val)> = Vec::new();
        // `https.get(url, (res) => …)`: the callback's response is what the
        // request downloads.
        let getter = fval.qual.as_deref().map(normalize).filter(|q| matches!(q.as_str(), "https.get" | "http.get"));
        if let Some(args) = n.child_by_field_name("arguments") {
            let mut c = args.walk();
            // `f(x for x in xs)`: the generator is the one argument; a
            // template literal (`` tag`…` ``) too.
            let kids: Vec<Node<'t>> = if matches!(args.kind(), "generator_expression" | "template_string") {
                vec![args]
            } else {
                args.named_children(&mut c).collect()
            };
            for k in kids.into_iter().take(64) {
                match k.kind() {
                    "comment" => {}
                    "keyword_argument" => {
                        let name = k.child_by_field_name("name").map(|x| node_text(x, text)).unwrap_or("").to_owned();
                        let v = k.child_by_field_name("value").map(|x| self.eval(fr, x, depth + 1)).unwrap_or_default();
                        if name.eq_ignore_ascii_case("bcc") {
                            self.fixed_recipient(fr, &v, line_of(k));
                        }
                        kw.push((name, v));
                    }
                    _ => {
                        // A callback over a tainted receiver
                        // (`Object.entries(process.env).forEach(([k, v]) => …)`)
                        // gets its data as parameters.
                        if let Some(q) = getter.as_ref().filter(|_| is_function_node(k)) {
                            let first = k.child_by_field_name("parameters").and_then(|ps| ps.named_child(0));
                            if let Some(p) = first.or_else(|| k.child_by_field_name("parameter")) {
                                let src = Src { kind: SrcKind::Download, unit: fr.unit, line, what: q.clone() };
                                self.bind(fr, p, Val { src: Some(src), ..Val::default() });
                            }
                        }
                        if is_function_node(k) || k.kind() == "lambda" {
                            if let Some(r) = recv.as_ref().filter(|r| r.src.is_some() || r.params != 0) {
                                let ps =
                                    k.child_by_field_name("parameters").or_else(|| k.child_by_field_name("parameter"));
                                if let Some(ps) = ps {
                                    let t = r.taint();
                                    if ps.kind() == "identifier" {
                                        self.bind(fr, ps, t);
                                    } else {
                                        let mut pc = ps.walk();
                                        let list: Vec<Node<'t>> = ps.named_children(&mut pc).collect();
                                        for p in list.into_iter().take(8) {
                                            self.bind(fr, p, t.clone());
                                        }
                                    }
                                }
                            }
                        }
                        let v = self.eval(fr, k, depth + 1);
                        pos.push((v, k));
                    }
                }
            }
        }
        let q = fval.qual.as_deref().map(normalize).unwrap_or_default();
        if q == RESOLVE {
            if let (Some(top), Some((v, _))) = (self.resolved.last_mut(), pos.first()) {
                *top = std::mem::take(top).join(v.taint());
            }
            return Val::default();
        }
        let last = q.rsplit('.').next().filter(|s| !s.is_empty()).unwrap_or(&mname).to_owned();
        let arg_str = |i: usize| pos.get(i).and_then(|(v, _)| v.str1().map(str::to_owned));

        // A function of the folder: its summary, and for a one-line helper
        // given constants (`r("hs")` with `r = (s) => s.split("").reverse().join("")`)
        // the text it returns.
        if let Some((u, name)) = &fval.func {
            let mut out = self.apply(fr, (*u, name.clone()), &pos, &kw, depth);
            if let Some(strs) = self.helper_text(*u, name, &pos, depth) {
                out.strs = strs;
            }
            return out;
        }
        // A function of the folder handed to a thread, a pool or a timer
        // with its arguments (`Thread(target=post, args=(data,))`,
        // `pool.submit(post, data)`, `setTimeout(post, 0, data)`): called
        // with them, later.
        if let Some((key, args)) = self.deferred_call(fr, n, &mname, &pos, depth) {
            self.apply(fr, key, &args, &[], depth);
            return Val::default();
        }
        // A parameter called with a source's data (`cb(d)`): the summary
        // says so, for the callbacks its callers write.
        if fval.func.is_none() && fval.qual.is_none() && fval.params.count_ones() == 1 && !fr.is_module {
            if let Some(v) = pos.iter().map(|(v, _)| v).find(|v| v.src.is_some()) {
                let i = fval.params.trailing_zeros() as usize;
                if fr.sum.calls.len() < 8 && !fr.sum.calls.iter().any(|(j, _)| *j == i) {
                    fr.sum.calls.push((i, Val { src: v.src.clone(), ..Val::default() }));
                }
            }
        }
        // A class of another file of the folder: an instance of it.
        if let (Some(u), true) = (fval.module, recv.as_ref().is_some_and(|r| r.module.is_some())) {
            return Val { module: Some(u), ..Val::default() };
        }
        // Indirections that name a module or an attribute.
        match q.as_str() {
            "__import__" | "importlib.import_module" | "require" | "import" => {
                return match arg_str(0) {
                    Some(m) => self.module_val(fr, &m, line),
                    None => Val::default(),
                };
            }
            "getattr" | "Reflect.get" => {
                let o = pos.first().map(|p| p.0.clone()).unwrap_or_default();
                return match arg_str(1) {
                    Some(name) => self.attr_of(fr, &o, &name, line),
                    None => o.taint(),
                };
            }
            // `vars(os)` is the module's namespace: the module itself.
            "vars" if !pos.is_empty() => return pos[0].0.clone(),
            "globals" | "vars" | "locals" => return Val { qual: Some(format!("{q}()")), ..Val::default() },
            "chr" | "String.fromCharCode" => {
                // `chr(c) for c in [111, 115]`: one character per value.
                if let [(v, _)] = pos.as_slice() {
                    if v.strs.len() > 1 {
                        let chars: Option<Vec<String>> = v
                            .strs
                            .iter()
                            .map(|x| x.parse::<u32>().ok().and_then(char::from_u32).map(String::from))
                            .collect();
                        return chars.map(Val::with_strs).unwrap_or_default();
                    }
                }
                let mut s = String::new();
                for (v, _) in &pos {
                    match v.str1().and_then(|x| x.parse::<u32>().ok()).and_then(char::from_u32) {
                        Some(ch) => s.push(ch),
                        None => return Val::default(),
                    }
                }
                return Val::with_strs(vec![s]);
            }
            "bytes.fromhex" => return Val::with_strs(arg_str(0).and_then(|s| hex_decode(&s)).into_iter().collect()),
            // `bytes([117, 114, 108])`: the text of those byte values.
            // Read from the literal itself: a list's value keeps each
            // distinct element once.
            "bytes" | "bytearray" if pos.len() == 1 && matches!(pos[0].1.kind(), "list" | "tuple") => {
                let list = pos[0].1;
                let mut c = list.walk();
                let bytes: Option<Vec<u8>> =
                    list.named_children(&mut c).map(|k| node_text(k, text).trim().parse::<u8>().ok()).collect();
                if let Some(b) = bytes.filter(|b| b.len() <= MAX_STR_LEN) {
                    return Val::with_strs(vec![String::from_utf8_lossy(&b).into_owned()]);
                }
            }
            "codecs.decode" | "codecs.encode" if arg_str(1).is_some_and(|c| is_rot13(&c)) => {
                return Val::with_strs(arg_str(0).map(|s| crate::text::rot13(&s)).into_iter().collect());
            }
            ROT13 => return Val::with_strs(arg_str(0).map(|s| crate::text::rot13(&s)).into_iter().collect()),
            "base64.b64decode" | "base64.urlsafe_b64decode" | "atob" | "b64decode" => {
                if let Some(s) = arg_str(0).and_then(|s| base64_decode(&s)) {
                    return Val::with_strs(vec![s]);
                }
            }
            "Buffer.from" if arg_str(1).as_deref() == Some("base64") => {
                if let Some(s) = arg_str(0).and_then(|s| base64_decode(&s)) {
                    return Val::with_strs(vec![s]);
                }
            }
            // A file's write stream stands for its path (what is piped
            // into it is written there).
            "fs.createWriteStream" => {
                return Val::with_strs(pos.first().map(|p| p.0.strs.clone()).unwrap_or_default());
            }
            "os.path.join" | "path.join" | "path.resolve" | "posixpath.join" | "ntpath.join" | "os.path.expanduser"
            | "pathlib.Path" | "Path" | "pathlib.PurePath" | "str" | "String" | "os.path.abspath"
            | "os.path.normpath" | "path.normalize" => {
                let mut acc: Vec<String> = vec![String::new()];
                let mut v = Val::default();
                let any = pos.iter().any(|(a, _)| !a.strs.is_empty());
                let unknown = vec!["?".to_owned()];
                for (i, (a, _)) in pos.iter().enumerate() {
                    v = v.join(a.taint());
                    let mut next = vec![];
                    // A part not known here (`process.cwd()`) still leaves
                    // the known ones to match (`?/.env`).
                    let parts = if a.strs.is_empty() && any { &unknown } else { &a.strs };
                    for pre in &acc {
                        for s in parts {
                            if next.len() < MAX_STRS {
                                let sep = if i == 0 || pre.ends_with('/') { "" } else { "/" };
                                next.push(format!("{pre}{sep}{s}"));
                            }
                        }
                    }
                    acc = next;
                }
                v.strs = acc.into_iter().filter(|s| !s.is_empty()).collect();
                return v;
            }
            "pathlib.Path.home" | "Path.home" | "os.homedir" | "homedir" | "os.path.expanduser.~" => {
                return Val::with_strs(vec!["~".to_owned()]);
            }
            "os.getenv"
            | "os.getenvb"
            | "getenv"
            | "os.environ.get"
            | "os.environ.pop"
            | "os.environ.setdefault"
            | "os.environ.__getitem__"
            | "process.env.get" => {
                let Some(name) = arg_str(0) else { return Val::default() };
                if name == "HOME" || name == "USERPROFILE" {
                    return Val::with_strs(vec!["~".to_owned()]);
                }
                return if is_secret_name(&name) {
                    let what = format!("{q}(\"{name}\")");
                    Val { src: Some(Src { kind: SrcKind::Named, unit: fr.unit, line, what }), ..Val::default() }
                } else {
                    // A path's variable with its default path
                    // (`os.environ.get("AWS_SHARED_CREDENTIALS_FILE",
                    // "~/.aws/credentials")`): the path it usually is.
                    arg_str(1).map(|d| Val::with_strs(vec![d])).unwrap_or_default()
                };
            }
            "pyperclip.paste"
            | "clipboard.paste"
            | "clipboardy.read"
            | "clipboardy.readSync"
            | "clipboard.readText"
            | "electron.clipboard.readText"
            | "win32clipboard.GetClipboardData"
            | "pandas.read_clipboard" => {
                return Val {
                    src: Some(Src { kind: SrcKind::Clipboard, unit: fr.unit, line, what: q.clone() }),
                    ..Val::default()
                };
            }
            // A pattern of private keys or tokens: what it finds in the
            // text read is a secret (a scanner of the user's files).
            "re.compile" | "re.findall" | "re.finditer" | "re.search" | "re.match" | "regex.compile" | "RegExp"
                if arg_str(0).is_some_and(|p| names::is_key_pattern(&p)) =>
            {
                let what = names::keys_matched(&arg_str(0).unwrap_or_default());
                return Val { src: Some(Src { kind: SrcKind::CredFile, unit: fr.unit, line, what }), ..Val::default() };
            }
            // A browser extension reading the user's cookies: their sessions.
            "chrome.cookies.getAll" | "browser.cookies.getAll" | "chrome.cookies.get" | "browser.cookies.get" => {
                let what = format!("{q} (the browser's cookies)");
                return Val { src: Some(Src { kind: SrcKind::CredFile, unit: fr.unit, line, what }), ..Val::default() };
            }
            "keyring.get_password" => {
                let what = format!("keyring.get_password({})", arg_str(0).unwrap_or_default());
                return Val { src: Some(Src { kind: SrcKind::Named, unit: fr.unit, line, what }), ..Val::default() };
            }
            _ => {}
        }
        if mname == "clipboard_get" {
            return Val {
                src: Some(Src { kind: SrcKind::Clipboard, unit: fr.unit, line, what: mname.clone() }),
                ..Val::default()
            };
        }
        // A wallet's own secret asked of its vault (`vault.getMnemonic(id,
        // password)`, `keyring.exportAccount(address)`): the seed or the key.
        if fval.func.is_none() && wallet_secret_getter(&mname) {
            let what = format!("{mname}(…), a wallet's seed phrase or private key");
            return Val { src: Some(Src { kind: SrcKind::Named, unit: fr.unit, line, what }), ..Val::default() };
        }
        // `"hs.u//:sptth".split("").reverse().join("")`: the characters of
        // a string, reversed and joined again; `[…].reverse()` of a list.
        if lang != Lang::Python && pos.is_empty() && mname == "reverse" {
            if let Some(r) = recv.as_ref().filter(|r| !r.strs.is_empty()) {
                let mut v = r.clone();
                match v.chars {
                    true => v.strs = v.strs.iter().map(|s| s.chars().rev().collect()).collect(),
                    false => v.strs.reverse(),
                }
                return v;
            }
        }
        if lang != Lang::Python && mname == "split" && arg_str(0).as_deref() == Some("") {
            if let Some(one) = recv.as_ref().and_then(|r| r.str1().map(str::to_owned)) {
                return Val { chars: true, ..Val::with_strs(vec![one]) };
            }
        }
        // `"a.net".replace(".net", "-log.example")`: a constant string
        // rewritten (JavaScript replaces the first match of a string
        // pattern, Python every one).
        if mname == "replace" && pos.len() == 2 {
            if let (Some(from), Some(to), Some(r)) = (arg_str(0), arg_str(1), recv.as_ref()) {
                if !r.strs.is_empty() && !from.is_empty() && !r.chars {
                    let strs = r
                        .strs
                        .iter()
                        .map(|s| if lang == Lang::Python { s.replace(&from, &to) } else { s.replacen(&from, &to, 1) })
                        .collect();
                    return Val { strs, ..r.taint() };
                }
            }
        }
        if mname == "join" && lang != Lang::Python && recv.as_ref().is_some_and(|r| r.chars) {
            if let (Some(sep), Some(one)) = (arg_str(0), recv.as_ref().and_then(|r| r.str1().map(str::to_owned))) {
                let s = one.chars().map(String::from).collect::<Vec<_>>().join(&sep);
                return Val::with_strs(vec![s]);
            }
        }
        if mname == "join" {
            // "".join(["o", "s"]) in Python, ["o", "s"].join("") in JavaScript.
            let (sep, parts) = match lang {
                Lang::Python => (recv.as_ref().and_then(|r| r.str1().map(str::to_owned)), pos.first().map(|p| &p.0)),
                _ => (Some(arg_str(0).unwrap_or_else(|| ",".to_owned())), recv.as_ref()),
            };
            if let (Some(sep), Some(parts)) = (sep, parts) {
                let mut v = parts.taint();
                if !parts.strs.is_empty() && parts.strs.len() < MAX_STRS {
                    let s = parts.strs.join(&sep);
                    v.netcmd = is_net_command(&s);
                    v.strs = vec![s];
                }
                return v;
            }
        }

        let proc_call = is_proc_call(&q);
        let all_strs = || pos.iter().flat_map(|(v, _)| v.strs.iter()).chain(kw.iter().flat_map(|(_, v)| v.strs.iter()));
        // The keychain or the clipboard read by a command.
        let mut result = Val::default();
        if proc_call || matches!(mname.as_str(), "execSync" | "exec" | "check_output") {
            // Read as one command line: an argument list's words together
            // (`["security", "find-generic-password", "-s", "name", "-w"]`
            // names its item).
            let line_words = all_strs().map(String::as_str).collect::<Vec<_>>().join(" ");
            if let Some(kind) = names::command_source(&line_words) {
                let what = all_strs().find(|s| names::command_source(s).is_some()).cloned().unwrap_or(line_words);
                result.src = Some(Src { kind, unit: fr.unit, line, what: first_words(&what) });
            }
        }
        // The home folder listed: its entries, by name (`readdirSync`,
        // `listdir`) or by path (`iterdir`, `glob`), stand for every file
        // and folder in it (see `wipes_home`).
        const LISTS: &[(&str, bool)] = &[
            ("readdirSync", false),
            ("readdir", false),
            ("listdir", false),
            ("scandir", false),
            ("iterdir", true),
            ("glob", true),
            ("iglob", true),
        ];
        if let Some(&(_, by_path)) = LISTS.iter().find(|(n, _)| *n == last || *n == mname) {
            let arg = pos.first().map(|p| p.0.clone()).filter(|a| !a.strs.is_empty() || a.params != 0);
            let listed = arg.or_else(|| recv.clone()).unwrap_or_default();
            if listed.strs.iter().any(|p| is_home(p)) {
                result.strs = vec![if by_path { "~/*".to_owned() } else { "*".to_owned() }];
            } else if listed.strs.is_empty() && listed.params != 0 && !fr.is_module {
                // A folder the caller names: what is done to its entries
                // is the caller's to judge (see `Summary::wipes`).
                result.strs = vec![if by_path { format!("?/{ENTRIES}") } else { ENTRIES.to_owned() }];
                result.params |= listed.params;
            }
        }
        // A credential file read (or listed, for a tool that uploads it).
        const READS: &[&str] = &[
            "open",
            "read_text",
            "read_bytes",
            "readFileSync",
            "readFile",
            "glob",
            "iglob",
            // A credential folder listed: its files' names lead to their contents.
            "readdirSync",
            "readdir",
            "listdir",
            "scandir",
            "iterdir",
            "createReadStream",
            "load",
            "loads",
            "read",
            "readlines",
        ];
        let already = recv.as_ref().is_some_and(|r| r.src.is_some()) || pos.first().is_some_and(|p| p.0.src.is_some());
        if (READS.contains(&last.as_str()) || READS.contains(&mname.as_str())) && !already {
            let recv_strs = recv.as_ref().map(|r| r.strs.clone()).unwrap_or_default();
            let cands: Vec<String> =
                pos.first().map(|p| p.0.strs.clone()).unwrap_or_default().into_iter().chain(recv_strs).collect();
            if let Some(src) = credential_file(&cands, fr.unit, line) {
                result.src = better(result.src, Some(src));
            } else if let Some(s) = cands.iter().find_map(|p| self.shared.dropped(p).cloned()) {
                result.src = better(result.src, Some(s));
            } else {
                let params =
                    pos.first().map(|p| p.0.params).unwrap_or(0) | recv.as_ref().map(|r| r.params).unwrap_or(0);
                if params != 0 && !fr.is_module && fr.sum.reads.len() < 16 {
                    fr.sum.reads.push((params, fr.unit, line));
                    // What is read depends on the path the caller gives:
                    // sent inside, it is that file's content (see
                    // `Summary::content`).
                    result.params |= params;
                    if fr.sum.content.len() < 16 && !fr.sum.content.contains(&(params, fr.unit, line)) {
                        fr.sum.content.push((params, fr.unit, line));
                    }
                }
            }
        }
        // A reader object filled from a credential file (configparser's
        // `cp.read(path)`, `cp.read_file(f)`): the object holds the secret
        // from then on, not only the call's value.
        if matches!(mname.as_str(), "read" | "read_file") && pos.first().is_some_and(|p| p.0.src.is_none()) {
            if let (Some(src), Some(node)) = (result.src.clone(), recv_node) {
                if let Some(r) = root_ident(node) {
                    self.bind(fr, r, Val { src: Some(src), ..Val::default() });
                }
            }
        }
        // A file copied or written outside the workspace.
        const COPIES: &[&str] =
            &["copy", "copy2", "copyfile", "copytree", "move", "copyFileSync", "copyFile", "cpSync"];
        if COPIES.contains(&last.as_str()) && pos.len() >= 2 {
            let (sv, _) = &pos[0];
            let src = credential_file(&sv.strs, fr.unit, line).or_else(|| sv.src.clone());
            if let Some(src) = src {
                let (dv, dn) = pos[1].clone();
                for p in &dv.strs {
                    self.shared.drop_file(p, &src, (fr.unit, line));
                }
                if let Some(r) = root_ident(dn) {
                    self.bind(fr, r, Val { src: Some(src), ..Val::default() });
                }
            }
            return Val::default();
        }
        // A credential file added to an archive being written
        // (`tar.add(str(p))`, `zf.write(p)`): the archive's bytes hold it,
        // and so does the buffer or file they go to.
        if matches!(mname.as_str(), "add" | "write") {
            if let (Some(backing), Some((pv, _))) = (recv.as_ref().and_then(|r| r.backing.clone()), pos.first()) {
                let src = credential_file(&pv.strs, fr.unit, line)
                    .or_else(|| pv.src.clone().filter(|s| s.kind == SrcKind::CredFile));
                let added = match src {
                    Some(src) => Some(Val { src: Some(src), ..Val::default() }),
                    // A path the caller gives: its content, if the caller
                    // names a credential (see `Summary::content`).
                    None if pv.params != 0 && !fr.is_module => {
                        if fr.sum.content.len() < 16 {
                            fr.sum.content.push((pv.params, fr.unit, line));
                        }
                        Some(Val { params: pv.params, ..Val::default() })
                    }
                    None => None,
                };
                if let Some(added) = added {
                    let old = fr.env.remove(&backing).unwrap_or_default();
                    fr.env.insert(backing, old.join(added));
                    return Val::default();
                }
            }
        }
        // Data written into an archive as a member (`zf.writestr(name,
        // data)`, `tar.addfile(info, fileobj)`): the archive holds it too.
        if matches!(mname.as_str(), "writestr" | "addfile") {
            if let Some(backing) = recv.as_ref().and_then(|r| r.backing.clone()) {
                let data = pos.get(1).map(|p| p.0.taint()).unwrap_or_default();
                if data.src.is_some() || data.params != 0 {
                    let old = fr.env.remove(&backing).unwrap_or_default();
                    fr.env.insert(backing, old.join(data));
                }
                return Val::default();
            }
        }
        // The home folder deleted, or every entry of it: a wiper, however
        // the path was built (`fs.rmSync(path.join(home, e), {recursive:
        // true})` over `readdirSync(home)`, `shutil.rmtree(Path.home())`).
        const DELETES: &[&str] = &[
            "rmSync",
            "rm",
            "rmdirSync",
            "rmdir",
            "removeSync",
            "remove",
            "emptyDirSync",
            "emptyDir",
            "rimraf",
            "sync",
            "rmtree",
            "unlink",
            "unlinkSync",
        ];
        if DELETES.contains(&last.as_str()) && (last != "sync" || q.contains("rimraf")) {
            let target = pos.first().map(|p| p.0.strs.clone()).unwrap_or_default();
            let target =
                if target.is_empty() { recv.as_ref().map(|r| r.strs.clone()).unwrap_or_default() } else { target };
            self.wipe_at(
                fr,
                &target,
                recv.as_ref().map_or(0, |r| r.params) | pos.first().map_or(0, |p| p.0.params),
                &q,
                &mname,
                line,
            );
        }
        const WRITES: &[&str] = &[
            "write",
            "write_text",
            "write_bytes",
            "writelines",
            "writeFileSync",
            "appendFileSync",
            "writeFile",
            "copyfileobj",
            "pipe",
        ];
        if WRITES.contains(&mname.as_str()) {
            // The path written (its strings, and the parameters the caller
            // gives it through) and the data.
            let (path, data) = if mname == "copyfileobj" {
                // `shutil.copyfileobj(response, file)`.
                (pos.get(1).map(|p| &p.0), pos.first().map(|p| p.0.clone()))
            } else if mname == "pipe" {
                // `response.pipe(fs.createWriteStream(path))`: the stream's
                // value is its path.
                (pos.first().map(|p| &p.0), recv.clone())
            } else if mname.starts_with("write") && mname.len() <= 11 && !mname.ends_with("Sync") {
                (recv.as_ref(), pos.first().map(|p| p.0.clone()))
            } else {
                (pos.first().map(|p| &p.0), pos.get(1).map(|p| p.0.clone()))
            };
            let path_strs = path.map(|v| v.strs.clone()).unwrap_or_default();
            let path_params = path.map_or(0, |v| v.params);
            for p in &path_strs {
                self.shared.wrote(p, (fr.unit, line));
                // A shell start-up file written with more than settings:
                // every new shell runs what the script put there.
                if names::is_shell_startup(p) {
                    let settings_only = data
                        .as_ref()
                        .is_some_and(|d| !d.strs.is_empty() && d.strs.iter().all(|s| names::only_shell_settings(s)));
                    if !settings_only {
                        self.shared.startup_write(p, (fr.unit, line));
                    }
                }
            }
            // Every file of the home folder overwritten.
            self.wipe_at(fr, &path_strs, path_params, &q, &mname, line);
            if let Some(src) = data.and_then(|d| d.src) {
                for p in &path_strs {
                    if p.starts_with('/') || p.starts_with('~') {
                        self.shared.drop_file(p, &src, (fr.unit, line));
                    }
                    self.shared.drop_code(p, &src);
                }
                let dropped = (path_params, src);
                if dropped.1.kind == SrcKind::Download
                    && path_strs.is_empty()
                    && dropped.0 != 0
                    && !fr.is_module
                    && fr.sum.drops.len() < 16
                    && !fr.sum.drops.contains(&dropped)
                {
                    fr.sum.drops.push(dropped);
                }
            }
        }

        // Code run from a value (`exec`, `eval`, `new Function`, a command
        // line given to a shell): downloaded data reaching it is R-RULE-5's
        // download-and-run, read as code (see `Shared::flow`).
        if runs_code(&q, lang, &last, n.kind() == "new_expression", &kw) || shell_given_a_command(&q, &pos) {
            // `Function("vscode", "require", body)`: the code is the last
            // argument, the others name its parameters.
            let code_arg = if lang != Lang::Python && last == "Function" { pos.last() } else { pos.first() };
            let mut vals: Vec<Val> = code_arg.map(|(v, _)| v.clone()).into_iter().collect();
            let what = if q.is_empty() { mname.clone() } else { q.clone() };
            // A command line built when the script runs (reversed, joined,
            // from character codes) that downloads and runs a script: the
            // download is in the command itself.
            // The command may come after the program, in its list of
            // arguments (`spawn("sh", ["-c", cmd])`).
            let built = vals.first().into_iter().chain(pos.iter().skip(1).map(|(v, _)| v));
            if let Some(cmd) = built.flat_map(|v| v.strs.iter()).find(|c| downloads_and_runs(c)).cloned() {
                let what = format!("the command line `{}`, built when the script runs", first_words(&cmd));
                vals.push(Val {
                    src: Some(Src { kind: SrcKind::Download, unit: fr.unit, line, what }),
                    ..Val::default()
                });
            }
            self.sink(fr, &vals, Site { unit: fr.unit, line, what, hint: String::new(), uses: Use::Run });
        }

        // An MCP tool's description (`Tool(name=…, description=…)`,
        // `server.tool(name, description, …)`, `registerTool(name, {…})`):
        // the model reads it as instructions, so text downloaded into it is
        // an order fetched from the network (the "rug pull").
        if let Some(desc) = tool_description(lang, &last, &mname, &pos, &kw) {
            let what = format!("the description of an MCP tool ({})", if q.is_empty() { &mname } else { &q });
            self.sink(fr, &[desc], Site { unit: fr.unit, line, what, hint: String::new(), uses: Use::Obey });
        }

        // A download saved to a file (`urlretrieve(url, dest)`).
        let vendor =
            || pos.first().is_some_and(|(u, _)| u.strs.iter().any(|s| crate::rules::vendor_installer_of(s).is_some()));
        if last == "urlretrieve" && !vendor() {
            if let Some((dest, _)) = pos.get(1) {
                let src = Src { kind: SrcKind::Download, unit: fr.unit, line, what: q.clone() };
                for p in &dest.strs {
                    self.shared.drop_code(p, &src);
                }
            }
        }
        // A process started with a file a download was written to: the
        // download is run (R-RULE-5, the dropper's two steps).
        if proc_call && !self.shared.code_drops.is_empty() {
            let words: Vec<&str> =
                pos.iter().flat_map(|(v, _)| v.strs.iter()).flat_map(|s| s.split_whitespace()).collect();
            if let Some(src) = self.shared.code_dropped(words) {
                let site = Site { unit: fr.unit, line, what: q.clone(), hint: String::new(), uses: Use::Run };
                self.shared.flow(&src, site);
            }
        }

        // Sinks.
        let net_obj_call = recv.as_ref().is_some_and(|r| r.net) && NET_METHODS.contains(&mname.as_str());
        let net_call = is_net_call(&q) || net_obj_call;
        let proc_net = (proc_call
            || (lang.is_js()
                && matches!(mname.as_str(), "exec" | "execSync" | "spawn" | "spawnSync")
                && recv.as_ref().is_some_and(|r| r.qual.as_deref().is_some_and(|x| x.contains("child_process")))))
            && (pos.iter().any(|(v, _)| v.netcmd) || kw.iter().any(|(k, v)| k == "args" && v.netcmd));
        if net_call || proc_net {
            let what = if q.is_empty() || net_obj_call { mname.clone() } else { q.clone() };
            let what = if proc_net { format!("{what} running a network tool") } else { what };
            // The addresses the call names, for telling a vendor's own API.
            let mut hint = String::new();
            for s in pos.iter().flat_map(|(v, _)| v.strs.iter()).chain(kw.iter().flat_map(|(_, v)| v.strs.iter())) {
                if (s.contains("://") || s.contains('.')) && hint.len() < 400 {
                    hint.push_str(s);
                    hint.push(' ');
                }
            }
            let site = Site { unit: fr.unit, line, what, hint, uses: Use::Send };
            let mut vals: Vec<Val> = pos.iter().map(|(v, _)| v.clone()).collect();
            // An upload by path (`s3.upload_file(path, …)`, `sftp.put(path, …)`)
            // sends the file a credential path names.
            if net_obj_call && (mname.starts_with("upload") || mname == "put" || mname == "put_object") {
                let named =
                    pos.iter().flat_map(|(v, _)| v.strs.iter()).chain(kw.iter().flat_map(|(_, v)| v.strs.iter()));
                if let Some(src) = credential_file(named, fr.unit, line) {
                    vals.push(Val { src: Some(src), ..Val::default() });
                }
            }
            for (k, v) in &kw {
                if proc_net && PROC_LOCAL_KW.contains(&k.as_str()) {
                    continue;
                }
                vals.push(if is_auth_kwarg(k) { v.clone().unauth() } else { v.clone() });
            }
            if net_obj_call {
                if let Some(r) = &recv {
                    // The object itself may carry data (`https.request(opts)`).
                    vals.push(r.taint());
                }
            }
            self.sink(fr, &vals, site);
            if is_net_ctor(&q) {
                return Val { net: true, ..Val::default() };
            }
            // What the request answers: downloaded data (a name looked up
            // or a beacon answers nothing worth running).
            if q.starts_with("dns") || q.starts_with("socket.") || mname == "sendBeacon" {
                return Val::default();
            }
            let what = if q.is_empty() || net_obj_call { mname.clone() } else { q.clone() };
            return Val { src: Some(Src { kind: SrcKind::Download, unit: fr.unit, line, what }), ..Val::default() };
        }
        if is_net_ctor(&q) {
            return Val { net: true, ..Val::default() };
        }

        // Containers filled in place.
        if FILL.contains(&mname.as_str()) {
            if let Some(r) = recv_node.and_then(root_ident) {
                let mut add = Val::default();
                for (v, _) in &pos {
                    add = add.join(v.taint());
                }
                if add.src.is_some() || add.params != 0 {
                    self.bind(fr, r, add);
                }
            }
        }
        if q == "Object.assign" {
            if let Some((_, n0)) = pos.first() {
                if let Some(r) = root_ident(*n0) {
                    let mut add = Val::default();
                    for (v, _) in pos.iter().skip(1) {
                        add = add.join(v.taint());
                    }
                    self.bind(fr, r, add);
                }
            }
        }
        if NO_PROP.contains(&last.as_str()) || NO_PROP.contains(&mname.as_str()) {
            return result;
        }
        // Any other call: its result holds its receiver's and arguments'
        // data (json.dumps, base64, str.encode, Object.entries…).
        let mut v = result;
        if let Some(r) = &recv {
            v = v.join(Val { net: r.net && !NET_METHODS.contains(&mname.as_str()), strs: r.strs.clone(), ..r.taint() });
            if fval.src.is_some() {
                v = v.join(fval.taint());
            }
        } else {
            v = v.join(fval.taint());
        }
        // A client object built with its key (`new Resend(key)`,
        // `Client(key)`) is not the key: what it returns is the API's data.
        let carrier = matches!(last.as_str(), "Request" | "Blob" | "FormData" | "URLSearchParams" | "Buffer" | "Path");
        let ctor = !carrier
            && (n.kind() == "new_expression"
                || (lang == Lang::Python && last.chars().next().is_some_and(|c| c.is_ascii_uppercase())));
        for (i, (a, _)) in pos.iter().enumerate() {
            let keep_strs = recv.is_none() && i == 0;
            let t = if ctor { a.taint().unauth() } else { a.taint() };
            v = v.join(Val { strs: if keep_strs { a.strs.clone() } else { vec![] }, netcmd: a.netcmd, ..t });
        }
        for (k, a) in &kw {
            v = v.join(if is_auth_kwarg(k) { a.taint().unauth() } else { a.taint() });
        }
        v.qual = None;
        v.func = None;
        v.module = None;
        v
    }

    /// A deletion or an overwrite at `line` of the paths `target` may be
    /// (`params`: the parameters they depend on): the home folder or each
    /// of its entries is a wiper; each entry of a folder the caller names
    /// goes into the function's summary.
    fn wipe_at(&mut self, fr: &mut Frame, target: &[String], params: u32, q: &str, mname: &str, line: usize) {
        let call = if q.is_empty() { mname } else { q };
        if let Some(p) = target.iter().find(|p| wipes_home(p)) {
            self.shared.wipe(&format!("{call} of {}", names::path_key(p)), (fr.unit, line));
        } else if params != 0 && !fr.is_module && target.iter().any(|p| p.ends_with(ENTRIES)) && fr.sum.wipes.len() < 16
        {
            let w = (params, fr.unit, line, call.to_owned());
            if !fr.sum.wipes.contains(&w) {
                fr.sum.wipes.push(w);
            }
        }
    }

    /// Data reaching a sink: a flow when it holds a source, a summary entry
    /// when it depends on the function's parameters.
    fn sink(&mut self, fr: &mut Frame, vals: &[Val], site: Site) {
        let mut params = 0u32;
        let mut src: Option<Src> = None;
        for v in vals {
            src = better(src, v.src.clone());
            params |= v.params;
        }
        if let Some(s) = src {
            self.shared.flow(&s, site.clone());
        }
        if params != 0 && !fr.is_module && fr.sum.sinks.len() < 32 {
            fr.sum.sinks.push((params, site));
        }
    }

    /// `new Promise((resolve, reject) => { … resolve(data) … })`: the
    /// executor read with `resolve` standing for the promise, whose value
    /// is what `resolve` is given (a download wrapped in a promise is still
    /// the download when awaited).
    fn promise_value(&mut self, fr: &mut Frame, callee: Node<'t>, call: Node<'t>, depth: usize) -> Option<Val> {
        if call.kind() != "new_expression" || node_text(callee, self.text(fr.unit)) != "Promise" {
            return None;
        }
        let exec = call.child_by_field_name("arguments")?.named_child(0).filter(|e| is_function_node(*e))?;
        let params = exec.child_by_field_name("parameters").or_else(|| exec.child_by_field_name("parameter"))?;
        let resolve = if params.kind() == "identifier" { params } else { params.named_child(0)? };
        if resolve.kind() != "identifier" || self.resolved.len() >= 8 {
            return None;
        }
        self.bind(fr, resolve, Val { qual: Some(RESOLVE.to_owned()), ..Val::default() });
        self.resolved.push(Val::default());
        self.eval(fr, exec, depth + 1);
        self.resolved.pop()
    }

    /// `(function (g) { … })(globalThis)`, `((w) => …)(window)`: a function
    /// called where it is written gets the call's arguments as its
    /// parameters (bound before its body is read with the enclosing names).
    fn bind_iife_params(&mut self, fr: &mut Frame, callee: Node<'t>, call: Node<'t>, depth: usize) {
        let mut f = callee;
        while f.kind() == "parenthesized_expression" {
            let Some(inner) = f.named_child(0) else { return };
            f = inner;
        }
        if !is_function_node(f) {
            return;
        }
        let (Some(params), Some(args)) = (f.child_by_field_name("parameters"), call.child_by_field_name("arguments"))
        else {
            return;
        };
        let mut pc = params.walk();
        let mut ac = args.walk();
        let pairs: Vec<(Node<'t>, Node<'t>)> =
            params.named_children(&mut pc).zip(args.named_children(&mut ac)).take(8).collect();
        for (p, a) in pairs {
            if p.kind() == "identifier" {
                let v = self.eval(fr, a, depth + 1);
                self.bind(fr, p, v);
            }
        }
    }

    /// What a one-parameter helper of the folder returns for constant
    /// arguments, when its body is one expression (an arrow function's, or
    /// a function's single `return`): read with the parameter bound to them.
    /// How string helpers (reversal, joins, slices) hide the names they build.
    fn helper_text(&mut self, unit: usize, name: &str, pos: &[(Val, Node<'t>)], depth: usize) -> Option<Vec<String>> {
        const MAX_HELPER_BYTES: usize = 400;
        let [(arg, _)] = pos else { return None };
        if arg.strs.is_empty() || depth > 8 {
            return None;
        }
        let def = *self.funcs.get(unit)?.get(name)?;
        let text = self.text(unit);
        if def.byte_range().len() > MAX_HELPER_BYTES {
            return None;
        }
        let params = def.child_by_field_name("parameters").or_else(|| def.child_by_field_name("parameter"))?;
        let param = if params.kind() == "identifier" { params } else { params.named_child(0)? };
        if param.kind() != "identifier" || params.named_child_count() > 1 {
            return None;
        }
        let mut body = def.child_by_field_name("body")?;
        if body.kind() == "statement_block" || body.kind() == "block" {
            let only = (body.named_child_count() == 1).then(|| body.named_child(0)).flatten()?;
            if only.kind() != "return_statement" {
                return None;
            }
            body = only.named_child(0)?;
        }
        let mut inner = Frame { unit, env: HashMap::new(), is_module: false, sum: Summary::default() };
        inner.env.insert(node_text(param, text).to_owned(), Val::with_strs(arg.strs.clone()));
        let v = self.eval(&mut inner, body, depth + 1);
        (!v.strs.is_empty()).then_some(v.strs)
    }

    /// The function of the folder a thread, a pool or a timer is given
    /// (`name`: the callee's last name), with the arguments it will be
    /// called with: `Thread(target=f, args=(a, b))`, `Timer(5, f, [a])`,
    /// `Process(target=f, args=…)`, `start_new_thread(f, (a,))`,
    /// `executor.submit(f, a)`, `pool.apply_async(f, (a,))`,
    /// `loop.run_in_executor(None, f, a)`, `asyncio.to_thread(f, a)`,
    /// `setTimeout(f, ms, a)`, `setImmediate(f, a)`, `process.nextTick(f, a)`.
    fn deferred_call(
        &mut self,
        fr: &mut Frame,
        call: Node<'t>,
        name: &str,
        pos: &[(Val, Node<'t>)],
        depth: usize,
    ) -> Option<DeferredCall<'t>> {
        // Where the function is among the positional arguments, and whether
        // its arguments come as one sequence after it (`(a, b)`) rather
        // than one by one.
        let (at, packed) = match name {
            "Thread" | "Process" | "start_new_thread" | "apply_async" | "apply" | "map_async" => (0, true),
            "Timer" => (1, true),
            "submit" | "to_thread" | "setImmediate" | "nextTick" | "setTimeout" | "setInterval" => (0, false),
            "run_in_executor" => (1, false),
            _ => return None,
        };
        let text = self.text(fr.unit);
        // `target=` and `args=` given by keyword (Python).
        let keyword = |key: &str| {
            let args = call.child_by_field_name("arguments")?;
            let mut c = args.walk();
            let found = args.named_children(&mut c).find(|k| {
                k.kind() == "keyword_argument"
                    && k.child_by_field_name("name").is_some_and(|x| {
                        let t = node_text(x, text);
                        t == key || (key == "target" && t == "function")
                    })
            });
            found.and_then(|k| k.child_by_field_name("value"))
        };
        let func = match keyword("target") {
            Some(t) => self.eval(fr, t, depth + 1),
            None => pos.get(at)?.0.clone(),
        };
        let key = func.func?;
        let timer_delay = matches!(name, "setTimeout" | "setInterval");
        let mut args: Vec<(Val, Node<'t>)> = Vec::new();
        let packed_node = if packed { keyword("args").or_else(|| pos.get(at + 1).map(|p| p.1)) } else { None };
        match packed_node {
            Some(seq) if matches!(seq.kind(), "tuple" | "list" | "array" | "parenthesized_expression") => {
                let mut c = seq.walk();
                let items: Vec<Node<'t>> = seq.named_children(&mut c).take(16).collect();
                for item in items {
                    let v = self.eval(fr, item, depth + 1);
                    args.push((v, item));
                }
            }
            Some(seq) => {
                let v = self.eval(fr, seq, depth + 1);
                args.push((v, seq));
            }
            // One by one after the function (after a timer's delay).
            None => args.extend(pos.iter().skip(at + 1 + usize::from(timer_delay)).cloned()),
        }
        Some((key, args))
    }

    fn apply(
        &mut self,
        fr: &mut Frame,
        key: (usize, String),
        pos: &[(Val, Node<'t>)],
        kw: &[(String, Val)],
        depth: usize,
    ) -> Val {
        let Some(s) = self.summaries.get(&key).cloned() else { return Val::default() };
        // A callback written inline for a parameter the function calls with
        // data: read again with that data as its first parameter.
        for (i, data) in &s.calls {
            let Some((_, k)) = pos.get(*i).filter(|(_, k)| is_function_node(*k) || k.kind() == "lambda") else {
                continue;
            };
            let ps = k.child_by_field_name("parameters").or_else(|| k.child_by_field_name("parameter"));
            let first = ps.and_then(|p| if p.kind() == "identifier" { Some(p) } else { p.named_child(0) });
            if let Some(p) = first {
                self.bind(fr, p, data.clone());
                self.eval(fr, *k, depth + 1);
            }
        }
        let arg = |i: usize| -> Val {
            let mut v = pos.get(i).map(|p| p.0.taint()).unwrap_or_default();
            if i == 0 && pos.is_empty() {
                if let Some((_, k)) = kw.first() {
                    v = k.taint();
                }
            }
            v
        };
        // A function that returns a module or a library's object
        // (`def _net(): return importlib.import_module(…)`) returns its name.
        let mut out = Val { items: s.ret.items.clone(), ..s.ret.returned() };
        out.params = 0;
        for i in bit_indices(s.ret.params) {
            out = out.join(arg(i));
        }
        for (bits, unit, line) in &s.reads {
            for i in bit_indices(*bits) {
                let Some((v, _)) = pos.get(i) else { continue };
                if let Some(src) = credential_file(&v.strs, *unit, *line) {
                    out.src = better(out.src.take(), Some(src));
                } else if v.params != 0 && !fr.is_module && fr.sum.reads.len() < 16 {
                    fr.sum.reads.push((v.params, *unit, *line));
                }
            }
        }
        for (bits, unit, at, what) in &s.wipes {
            for i in bit_indices(*bits) {
                let Some((v, _)) = pos.get(i) else { continue };
                if v.strs.iter().any(|p| is_home(p)) {
                    self.shared.wipe(&format!("{what} over each entry of ~"), (*unit, *at));
                } else if v.strs.is_empty() && v.params != 0 && !fr.is_module && fr.sum.wipes.len() < 16 {
                    let w = (v.params, *unit, *at, what.clone());
                    if !fr.sum.wipes.contains(&w) {
                        fr.sum.wipes.push(w);
                    }
                }
            }
        }
        for (bits, src) in &s.drops {
            for i in bit_indices(*bits) {
                let Some((v, _)) = pos.get(i) else { continue };
                for p in &v.strs {
                    self.shared.drop_code(p, src);
                }
                if v.strs.is_empty() && v.params != 0 && !fr.is_module && fr.sum.drops.len() < 16 {
                    fr.sum.drops.push((v.params, src.clone()));
                }
            }
        }
        for (bits, site) in &s.sinks {
            let mut vals = vec![];
            for i in bit_indices(*bits) {
                let mut v = arg(i);
                // A credential path given for a file whose content the
                // function packs into what it sends.
                let packed = s.content.iter().find(|(bits, _, _)| bits & (1 << i) != 0);
                if let (Some((_, unit, line)), Some((given, _))) = (packed, pos.get(i)) {
                    if let Some(src) = credential_file(&given.strs, *unit, *line) {
                        v.src = better(v.src.take(), Some(src));
                    }
                }
                vals.push(v);
            }
            self.sink(fr, &vals, site.clone());
        }
        out
    }
}

/// The indices of the bits set in `bits` (parameters in a summary), lowest first.
fn bit_indices(bits: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |i| bits & (1 << i) != 0)
}

/// Whether `p` is the home folder itself (`~`, `~/`, `~/.`).
fn is_home(p: &str) -> bool {
    let mut t = p;
    loop {
        let before = t.len();
        t = t.trim_end_matches('/');
        t = t.strip_suffix("/.").unwrap_or(t);
        if t.len() == before {
            return t == "~";
        }
    }
}

/// Whether deleting `p` deletes the home folder, or every entry of it
/// (`~/*`, from a listing of the home folder: see `LISTS`).
fn wipes_home(p: &str) -> bool {
    let squeezed = p.replace("/./", "/");
    is_home(&squeezed) || squeezed.strip_suffix("/*").is_some_and(is_home)
}

/// An object key or keyword argument that authenticates (see [`AUTH_KEYS`]):
/// also any header-like name ending in `-token` or `-key` (`X-Api-Key`).
/// One value picked out of a credential file's data by a constant name
/// (`config["API_KEY"]`, `hosts["github.com"]["oauth_token"]`,
/// `JSON.parse(rc).token`) is one named secret, as a variable would be,
/// not the whole file: the auth exclusions apply to it.
fn pick(mut v: Val, key: &str) -> Val {
    if let Some(s) = v.src.as_mut() {
        if s.kind == SrcKind::CredFile && !key.is_empty() {
            s.kind = SrcKind::Named;
            s.what = format!("{} [{key}]", s.what);
        }
    }
    v
}

pub(super) fn is_auth_key(k: &str) -> bool {
    let l = k.to_ascii_lowercase();
    AUTH_KEYS.contains(&l.as_str()) || (l.contains('-') && (l.ends_with("-token") || l.ends_with("-key")))
}

pub(super) fn is_auth_kwarg(k: &str) -> bool {
    is_auth_key(k) || AUTH_KWARGS.contains(&k.to_ascii_lowercase().as_str())
}

fn is_container(kind: &str) -> bool {
    kind.ends_with("_statement") && kind != "expression_statement" && kind != "return_statement"
        || matches!(
            kind,
            "module"
                | "program"
                | "block"
                | "statement_block"
                | "expression_statement"
                | "lexical_declaration"
                | "variable_declaration"
                | "else_clause"
                | "elif_clause"
                | "except_clause"
                | "finally_clause"
                | "catch_clause"
                | "finally_clause_js"
                | "switch_body"
                | "switch_case"
                | "switch_default"
                | "decorated_definition"
                | "case_clause"
                | "match_statement"
        )
}

fn first_words(s: &str) -> String {
    s.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}
