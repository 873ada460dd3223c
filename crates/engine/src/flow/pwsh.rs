//! Flows in PowerShell, over tree-sitter-powershell's syntax tree. A value
//! ([`PVal`]) carries the secret data it holds, the enclosing function's
//! parameters it depends on, the constant strings it may be, and whether it
//! is a network object (a `Net.WebClient`, a `TcpClient` and its stream);
//! it moves through variables, pipelines (`$_`), string building (`+`,
//! `"…$x…"`, `-f`, `-join`, `-replace`, `[char]` casts, backtick escapes),
//! hashtables and function calls (a summary per function: what it outputs,
//! which parameters reach a sink inside it).
//!
//! Sources: the `Env:` drive listed or read (`Get-ChildItem Env:`, `gci
//! env:`), `[Environment]::GetEnvironmentVariables()`, `$env:NAME` with a
//! secret name, a credential file read (`Get-Content`, `[IO.File]::Read*`)
//! or copied/archived (`Copy-Item`, `Compress-Archive`), `Get-Clipboard`,
//! DPAPI (`ProtectedData.Unprotect`) and the Credential Manager or secret
//! vaults (`Get-StoredCredential`, `Get-Secret`, `cmdkey /list`).
//!
//! Sinks: `Invoke-WebRequest`/`Invoke-RestMethod` (`iwr`, `irm`) given the
//! data in the body, the address or `-InFile`; a `WebClient`'s `Upload*`
//! and `Download*` (the address carries the data); an `HttpClient`'s sends;
//! a TCP or UDP client's stream writes; `Send-MailMessage`; a DNS lookup;
//! a network tool run directly or by `Start-Process` (`curl.exe -d …`).
//!
//! Code built from strings is read as code: `Invoke-Expression` (`iex`),
//! `[ScriptBlock]::Create`, `powershell -Command` and `-EncodedCommand`
//! (UTF-16 base64) of a constant are parsed and read in place, at the line
//! that runs them. Aliases (`Set-Alias`, `sal`) and commands named by a
//! variable (`& $cmd`) resolve first.
//!
//! Not flows: a named secret in `-Headers`, `-Credential`, `-Token` and the
//! like, or under an authentication key of a hashtable (`@{ Authorization =
//! "Bearer $env:X" }`): that is how a client talks to its API.

use std::collections::HashMap;

use tree_sitter::{Node, Parser, Tree};

use super::code::{is_auth_key, is_auth_kwarg};
use super::names::{is_credential_path, is_net_tool, is_secret_name, path_key};
use super::{Lang, Shared, Site, Src, SrcKind, Unit, Use};

const MAX_DEPTH: usize = 96;
const MAX_STEPS: usize = 200_000;
const MAX_STRS: usize = 8;
const MAX_ELEMS: usize = 4096;
/// Longest constant string kept (an encoded command decodes to a script).
const MAX_STR_LEN: usize = 64 * 1024;
/// Deepest code-in-a-string read (`iex "iex '…'"`).
const MAX_NEST: usize = 4;

#[derive(Debug, Clone, Default)]
struct PVal {
    src: Option<Src>,
    /// Bit `i`: depends on the enclosing function's parameter `i`.
    params: u32,
    strs: Vec<String>,
    /// An array of constants, in order (`'a','b'`, `[char[]](105,119)`).
    elems: Vec<String>,
    /// A network client, or a stream or writer over one.
    net: bool,
    /// `strs` are PowerShell code (a script block made from a string).
    code: bool,
    /// The .NET type a type literal names (`[Net.WebClient]`), lower case,
    /// without `system.`.
    ty: Option<String>,
}

fn better(a: Option<Src>, b: Option<Src>) -> Option<Src> {
    super::stronger(a, b)
}

impl PVal {
    fn text(s: impl Into<String>) -> PVal {
        let mut s: String = s.into();
        if s.len() > MAX_STR_LEN {
            let mut cut = MAX_STR_LEN;
            while !s.is_char_boundary(cut) {
                cut -= 1;
            }
            s.truncate(cut);
        }
        PVal { strs: vec![s], ..PVal::default() }
    }

    fn source(s: Src) -> PVal {
        PVal { src: Some(s), ..PVal::default() }
    }

    fn taint(&self) -> PVal {
        PVal { src: self.src.clone(), params: self.params, ..PVal::default() }
    }

    fn join(mut self, o: PVal) -> PVal {
        self.src = better(self.src, o.src);
        self.params |= o.params;
        for s in o.strs {
            if self.strs.len() < MAX_STRS && !self.strs.contains(&s) {
                self.strs.push(s);
            }
        }
        if self.elems.is_empty() {
            self.elems = o.elems;
        }
        self.net |= o.net;
        self.code |= o.code;
        if self.ty.is_none() {
            self.ty = o.ty;
        }
        self
    }

    fn str1(&self) -> Option<&str> {
        match self.strs.as_slice() {
            [s] => Some(s),
            _ => None,
        }
    }

    /// The value with a single named secret dropped: what an authentication
    /// position keeps.
    fn unauth(mut self) -> PVal {
        if self.src.as_ref().is_some_and(|s| s.kind == SrcKind::Named) {
            self.src = None;
        }
        self
    }

    /// Its constants as a list: the array's elements, else its one string.
    fn items(&self) -> Option<Vec<String>> {
        if !self.elems.is_empty() {
            return Some(self.elems.clone());
        }
        self.str1().map(|s| vec![s.to_owned()])
    }
}

#[derive(Debug, Clone, Default)]
struct Sum {
    out: PVal,
    sinks: Vec<(u32, Site)>,
}

/// What one file's reading keeps: shared by the code read in place
/// (`iex "…"`), which has no tree of the file.
#[derive(Default)]
struct State {
    vars: HashMap<String, PVal>,
    /// The file's functions: lower-case name → parameter names.
    funcs: HashMap<String, Vec<String>>,
    sums: HashMap<String, Sum>,
    aliases: HashMap<String, String>,
    /// Files written with secret data here, by path key.
    files: HashMap<String, Src>,
    params: Vec<String>,
    cur_fn: Option<String>,
    steps: usize,
    nest: usize,
}

pub(super) struct Folder {
    trees: Vec<Option<Tree>>,
}

fn parser() -> Option<Parser> {
    let mut p = Parser::new();
    p.set_language(&tree_sitter_powershell::LANGUAGE.into()).ok()?;
    Some(p)
}

impl Folder {
    pub(super) fn new(units: &[Unit]) -> Folder {
        let mut p: Option<Parser> = None;
        let trees = units
            .iter()
            .map(|u| {
                if u.lang != Lang::PowerShell {
                    return None;
                }
                if p.is_none() {
                    p = parser();
                }
                p.as_mut()?.parse(&u.text, None)
            })
            .collect();
        Folder { trees }
    }

    pub(super) fn round(&self, units: &[Unit], shared: &mut Shared) {
        for (i, t) in self.trees.iter().enumerate() {
            let Some(t) = t else { continue };
            let text = &units[i].text;
            let root = t.root_node();
            let funcs = collect_functions(root, text);
            let mut st = State::default();
            for (name, _, params) in &funcs {
                st.funcs.entry(name.clone()).or_insert_with(|| params.clone());
            }
            for _ in 0..2 {
                for (name, body, params) in &funcs {
                    let mut run = Run { unit: i, text, line: None, st: &mut st, shared };
                    run.function(name, *body, params);
                }
                let mut run = Run { unit: i, text, line: None, st: &mut st, shared };
                run.eval(root, 0);
            }
        }
    }
}

/// Every `function`/`filter` of a file: lower-case name, body, parameters.
fn collect_functions<'t>(root: Node<'t>, text: &str) -> Vec<(String, Node<'t>, Vec<String>)> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    let mut seen = 0usize;
    while let Some(n) = stack.pop() {
        seen += 1;
        if seen > 500_000 || out.len() >= 512 {
            break;
        }
        if n.kind() == "function_statement" {
            let name = kids(n).into_iter().find(|c| c.kind() == "function_name");
            let body = kids(n).into_iter().find(|c| c.kind() == "script_block");
            if let (Some(name), Some(body)) = (name, body) {
                let mut params = Vec::new();
                for c in kids(n).into_iter().chain(kids(body)) {
                    if matches!(c.kind(), "function_parameter_declaration" | "param_block") {
                        params.extend(param_names(c, text));
                    }
                }
                let name = text.get(name.byte_range()).unwrap_or("").replace('`', "").to_ascii_lowercase();
                out.push((name, body, params));
            }
        }
        stack.extend(kids(n));
    }
    out.reverse();
    out
}

fn param_names(n: Node<'_>, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for list in kids(n).into_iter().filter(|c| c.kind() == "parameter_list") {
        for p in kids(list).into_iter().filter(|c| c.kind() == "script_parameter") {
            if let Some(v) = kids(p).into_iter().find(|c| c.kind() == "variable") {
                out.push(var_name(text.get(v.byte_range()).unwrap_or("")));
            }
        }
    }
    out
}

fn kids<'t>(n: Node<'t>) -> Vec<Node<'t>> {
    let mut c = n.walk();
    n.named_children(&mut c).collect()
}

fn all_kids<'t>(n: Node<'t>) -> Vec<Node<'t>> {
    let mut c = n.walk();
    n.children(&mut c).collect()
}

/// A variable's name as looked up: lower case, without `$`/`@`, braces
/// or a scope (`$script:x` is `x`); `env:` is kept.
fn var_name(t: &str) -> String {
    let t = t.trim_start_matches(['$', '@']);
    let t = t.strip_prefix('{').and_then(|x| x.strip_suffix('}')).unwrap_or(t);
    let l = t.replace('`', "").to_ascii_lowercase();
    for scope in ["global:", "script:", "local:", "private:", "using:", "workflow:"] {
        if let Some(rest) = l.strip_prefix(scope) {
            return rest.to_owned();
        }
    }
    l
}

/// Backtick escapes of a double-quoted string or a bare word.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if c != '`' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('0') => out.push('\0'),
            Some('a') => out.push('\x07'),
            Some('b') => out.push('\x08'),
            Some('e') => out.push('\x1b'),
            Some('f') => out.push('\x0c'),
            Some('v') => out.push('\x0b'),
            Some('\n') => {}
            Some('\r') if it.peek() == Some(&'\n') => {
                it.next();
            }
            Some('\r') => {}
            Some('u') if it.peek() == Some(&'{') => {
                it.next();
                let hex: String = it.by_ref().take_while(|&c| c != '}').collect();
                out.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
            }
            Some(o) => out.push(o),
            None => {}
        }
    }
    out
}

/// A command's canonical name: lower case, backticks, quotes, a path and
/// `.exe` dropped, built-in aliases resolved.
fn canon(name: &str, aliases: &HashMap<String, String>) -> String {
    let n = name.trim().trim_matches(|c| c == '"' || c == '\'').replace('`', "");
    let base = n.rsplit(['/', '\\']).next().unwrap_or(&n).to_ascii_lowercase();
    let base = base.strip_suffix(".exe").unwrap_or(&base).to_owned();
    if let Some(a) = aliases.get(&base) {
        return a.clone();
    }
    const ALIASES: &[(&str, &str)] = &[
        ("iwr", "invoke-webrequest"),
        ("irm", "invoke-restmethod"),
        ("iex", "invoke-expression"),
        ("gcm", "get-command"),
        ("icm", "invoke-command"),
        ("gci", "get-childitem"),
        ("ls", "get-childitem"),
        ("dir", "get-childitem"),
        ("gi", "get-item"),
        ("gc", "get-content"),
        ("cat", "get-content"),
        ("type", "get-content"),
        ("gcb", "get-clipboard"),
        ("%", "foreach-object"),
        ("foreach", "foreach-object"),
        ("?", "where-object"),
        ("where", "where-object"),
        ("saps", "start-process"),
        ("start", "start-process"),
        ("echo", "write-output"),
        ("write", "write-output"),
        ("cp", "copy-item"),
        ("copy", "copy-item"),
        ("cpi", "copy-item"),
        ("mv", "move-item"),
        ("move", "move-item"),
        ("mi", "move-item"),
        ("sc", "set-content"),
        ("ac", "add-content"),
        ("sal", "set-alias"),
        ("nal", "new-alias"),
        ("sv", "set-variable"),
        ("set", "set-variable"),
        ("nv", "new-variable"),
        ("rvpa", "resolve-path"),
        ("tee", "tee-object"),
        ("powershell_ise", "powershell"),
        ("pwsh", "powershell"),
    ];
    ALIASES.iter().find(|(a, _)| *a == base).map(|(_, c)| (*c).to_owned()).unwrap_or(base)
}

/// Parameters of a cmdlet that authenticate: a named secret there is not
/// a flow.
fn is_auth_param(p: &str) -> bool {
    matches!(
        p,
        "headers"
            | "credential"
            | "authentication"
            | "token"
            | "certificate"
            | "certificatethumbprint"
            | "proxycredential"
            | "websession"
            | "usedefaultcredentials"
    ) || is_auth_kwarg(p)
}

/// Switch parameters of the cmdlets read here (they take no value).
fn is_switch(p: &str) -> bool {
    matches!(
        p,
        "usebasicparsing"
            | "raw"
            | "force"
            | "recurse"
            | "passthru"
            | "noprofile"
            | "nop"
            | "noninteractive"
            | "noni"
            | "nologo"
            | "wait"
            | "nonewwindow"
            | "asjob"
            | "disablekeepalive"
            | "skipcertificatecheck"
            | "allowunencryptedauthentication"
            | "asplaintext"
            | "update"
            | "whatif"
            | "confirm"
            | "verbose"
            | "debug"
            | "compress"
            | "asstring"
            | "hidden"
            | "append"
            | "textformattype"
    )
}

/// A path as a key, Windows folders as their POSIX counterparts.
fn file_key(p: &str) -> String {
    let p = p.trim().trim_matches(|c| c == '"' || c == '\'').replace('\\', "/");
    let l = p.to_ascii_lowercase();
    let p = if l.starts_with("$env:userprofile") {
        format!("~{}", &p["$env:userprofile".len()..])
    } else if l.starts_with("$env:temp") {
        format!("/tmp{}", &p["$env:temp".len()..])
    } else {
        p
    };
    path_key(&p)
}

/// Each of `heads` followed by each of `tails`, at most [`MAX_STRS`]
/// strings of at most [`MAX_STR_LEN`] bytes.
fn product(heads: &[String], tails: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for h in heads {
        for t in tails {
            if out.len() < MAX_STRS && h.len() + t.len() <= MAX_STR_LEN {
                out.push(format!("{h}{t}"));
            }
        }
    }
    out
}

/// The type given to a method taken as a value (`$o.('Name')`), before its name.
const PS_METHOD: &str = "psmethod:";

/// Whether `-EncodedCommand` (any prefix from `-e`) is among the items of
/// these arguments, followed by a value that decodes to text.
fn passes_encoded_command(args: &[&Arg<'_>]) -> bool {
    let items: Vec<String> = args.iter().flat_map(|a| a.val.items().unwrap_or_else(|| vec![a.text.clone()])).collect();
    items.windows(2).any(|w| {
        let flag = w[0].trim().trim_start_matches('-').to_ascii_lowercase();
        w[0].trim_start().starts_with('-')
            && flag.starts_with('e')
            && (flag == "ec" || "encodedcommand".starts_with(&flag))
            && b64_text(&w[1]).is_some()
    })
}

/// Standard base64 to text: UTF-16 (what `-EncodedCommand` and
/// `[Text.Encoding]::Unicode` take) when every other byte is zero, else
/// UTF-8.
fn b64_text(s: &str) -> Option<String> {
    let bytes = crate::rules::decode_base64(s.trim())?;
    if bytes.len() >= 2 && bytes.len() % 2 == 0 && bytes.iter().skip(1).step_by(2).all(|&b| b == 0) {
        let units: Vec<u16> = bytes.chunks(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
        return String::from_utf16(&units).ok();
    }
    String::from_utf8(bytes).ok()
}

fn number(s: &str) -> Option<u32> {
    let l = s.trim().to_ascii_lowercase();
    if let Some(h) = l.strip_prefix("0x") {
        return u32::from_str_radix(h.trim_end_matches('l'), 16).ok();
    }
    l.trim_end_matches(['l', 'd']).parse().ok()
}

/// `"{0}{1}" -f a, b`.
fn format(f: &str, args: &[String]) -> Option<String> {
    let mut out = String::new();
    let mut rest = f;
    while let Some(i) = rest.find(['{', '}']) {
        out.push_str(&rest[..i]);
        let r = &rest[i..];
        if r.starts_with("{{") || r.starts_with("}}") {
            out.push(r.chars().next()?);
            rest = &r[2..];
            continue;
        }
        if let Some(after) = r.strip_prefix('}') {
            out.push('}');
            rest = after;
            continue;
        }
        let end = r.find('}')?;
        let spec = &r[1..end];
        let idx: usize = spec.split([',', ':']).next()?.trim().parse().ok()?;
        out.push_str(args.get(idx)?);
        rest = &r[end + 1..];
    }
    out.push_str(rest);
    Some(out)
}

struct Arg<'t> {
    /// The parameter it is given to (lower case, without `-`), if named.
    param: Option<String>,
    val: PVal,
    /// Its text, quotes trimmed (for paths and native tools' options).
    text: String,
    node: Option<Node<'t>>,
}

struct Run<'a> {
    unit: usize,
    /// The text of the tree read: the file's, or code read in place.
    text: &'a str,
    /// Code read in place: every line is the line that runs it.
    line: Option<usize>,
    st: &'a mut State,
    shared: &'a mut Shared,
}

impl<'a> Run<'a> {
    fn t(&self, n: Node<'_>) -> &'a str {
        self.text.get(n.byte_range()).unwrap_or("")
    }

    fn line_of(&self, n: Node<'_>) -> usize {
        self.line.unwrap_or(n.start_position().row + 1)
    }

    fn src(&self, kind: SrcKind, line: usize, what: impl Into<String>) -> Src {
        let what: String = what.into();
        Src { kind, unit: self.unit, line, what: what.chars().take(80).collect() }
    }

    fn function(&mut self, name: &str, body: Node<'_>, params: &[String]) {
        let saved_p = std::mem::replace(&mut self.st.params, params.to_vec());
        let saved_f = self.st.cur_fn.replace(name.to_owned());
        self.st.sums.entry(name.to_owned()).or_default();
        let out = self.eval(body, 0);
        if let Some(s) = self.st.sums.get_mut(name) {
            s.out = std::mem::take(&mut s.out).join(out.taint());
        }
        self.st.params = saved_p;
        self.st.cur_fn = saved_f;
    }

    /// The value (for a statement: the output) of a node.
    fn eval(&mut self, n: Node<'_>, depth: usize) -> PVal {
        if depth > MAX_DEPTH || self.st.steps > MAX_STEPS {
            return PVal::default();
        }
        self.st.steps += 1;
        let line = self.line_of(n);
        match n.kind() {
            "comment"
            | "function_statement"
            | "class_statement"
            | "enum_statement"
            | "param_block"
            | "empty_statement"
            | "type_spec"
            | "command_argument_sep" => PVal::default(),
            "assignment_expression" => {
                self.assign(n, depth);
                PVal::default()
            }
            "pipeline_chain" => self.chain(n, depth),
            "command" => self.command(n, PVal::default(), depth),
            "variable" | "braced_variable" => {
                let name = var_name(self.t(n));
                self.var(&name, line)
            }
            "expandable_string_literal" | "expandable_here_string_literal" => self.string(n, depth),
            "verbatim_string_characters" => {
                let t = self.t(n);
                let inner = t.strip_prefix('\'').and_then(|x| x.strip_suffix('\'')).unwrap_or(t);
                PVal::text(inner.replace("''", "'"))
            }
            "verbatim_here_string_characters" => {
                let t = self.t(n);
                let body = t.split_once('\n').map(|x| x.1).unwrap_or("");
                let body = body.rsplit_once('\n').map(|x| x.0).unwrap_or("");
                PVal::text(body.trim_end_matches('\r'))
            }
            "generic_token" => PVal::text(unescape(self.t(n))),
            "decimal_integer_literal" | "hexadecimal_integer_literal" | "real_literal" => {
                let t = self.t(n);
                PVal::text(number(t).map(|v| v.to_string()).unwrap_or_else(|| t.to_owned()))
            }
            "type_literal" => PVal { ty: Some(type_name(self.t(n))), ..PVal::default() },
            "additive_expression" => self.additive(n, depth),
            "format_expression" => {
                let k = kids(n);
                if k.len() < 3 {
                    return self.generic(n, depth);
                }
                let f = self.eval(k[0], depth + 1);
                let a = self.eval(k[2], depth + 1);
                let mut v = f.taint().join(a.taint());
                if let (Some(fs), Some(items)) = (f.str1(), a.items()) {
                    if let Some(s) = format(fs, &items) {
                        v.strs = vec![s];
                    }
                }
                v
            }
            "array_literal_expression" => {
                let k = kids(n);
                if k.len() == 1 {
                    return self.eval(k[0], depth + 1);
                }
                let mut v = PVal::default();
                let mut elems = Some(Vec::new());
                for c in k {
                    let cv = self.eval(c, depth + 1);
                    elems = match (elems, cv.str1()) {
                        (Some(mut e), Some(s)) if e.len() < MAX_ELEMS => {
                            e.push(s.to_owned());
                            Some(e)
                        }
                        _ => None,
                    };
                    v = v.join(cv.taint());
                }
                v.elems = elems.unwrap_or_default();
                v
            }
            "comparison_expression" => self.comparison(n, depth),
            "expression_with_unary_operator" => self.unary(n, depth),
            "cast_expression" => self.cast(n, depth),
            "member_access" => self.member(n, depth),
            "element_access" => {
                let k = kids(n);
                let Some(obj) = k.first() else { return PVal::default() };
                let o = self.eval(*obj, depth + 1);
                for i in k.iter().skip(1) {
                    self.eval(*i, depth + 1);
                }
                // `$s[-1..-($s.Length)]`: the characters of a string from
                // the last to the first (joined, the string reversed).
                let index = k.get(1).map(|i| self.t(*i).replace([' ', '(', ')'], "")).unwrap_or_default();
                let reversed =
                    index.starts_with("-1..-") && index.ends_with(".Length") || index.ends_with(".Length-1..0");
                if let (true, Some(s)) = (reversed, o.str1()) {
                    let mut v = o.taint();
                    v.elems = s.chars().rev().map(String::from).collect();
                    return v;
                }
                o.taint()
            }
            "invokation_expression" => self.invoke(n, depth),
            "invokation_foreach_expression" => {
                let k = kids(n);
                let o = k.first().map(|c| self.eval(*c, depth + 1)).unwrap_or_default();
                let saved = self.st.vars.insert("_".into(), o.clone());
                let mut out = o.taint();
                for c in k.iter().skip(1) {
                    out = out.join(self.eval(*c, depth + 1).taint());
                }
                self.restore("_", saved);
                out
            }
            "hash_literal_expression" | "hash_literal_body" => {
                let mut v = PVal::default();
                for c in kids(n) {
                    v = v.join(self.eval(c, depth + 1).taint());
                }
                v
            }
            "hash_entry" => {
                let k = kids(n);
                let key =
                    k.first().map(|c| self.t(*c).trim_matches(['"', '\'']).to_ascii_lowercase()).unwrap_or_default();
                let mut v = PVal::default();
                for c in k.iter().skip(1) {
                    v = v.join(self.eval(*c, depth + 1).taint());
                }
                if is_auth_key(&key) {
                    v.unauth()
                } else {
                    v
                }
            }
            "foreach_statement" => {
                let k = kids(n);
                let var = k.iter().find(|c| c.kind() == "variable").map(|c| var_name(self.t(*c)));
                let coll = k.iter().find(|c| c.kind() == "pipeline" || c.kind().ends_with("_expression"));
                let cv = coll.map(|c| self.eval(*c, depth + 1)).unwrap_or_default();
                if let Some(v) = var {
                    // The loop's variable takes each element in turn: it
                    // holds all of them as the strings it may be.
                    let mut each = cv.taint();
                    for e in cv.elems.iter().chain(&cv.strs) {
                        each = each.join(PVal::text(e.clone()));
                    }
                    self.bind(&v, each, false);
                }
                let mut out = PVal::default();
                for c in k.iter().filter(|c| c.kind() == "statement_block") {
                    out = out.join(self.eval(*c, depth + 1).taint());
                }
                out
            }
            "if_statement" | "elseif_clause" | "while_statement" | "do_statement" | "switch_statement" => {
                // The condition runs; only the blocks output.
                let mut out = PVal::default();
                for c in kids(n) {
                    let v = self.eval(c, depth + 1);
                    if matches!(
                        c.kind(),
                        "statement_block" | "elseif_clauses" | "elseif_clause" | "else_clause" | "switch_body"
                    ) {
                        out = out.join(v.taint());
                    }
                }
                out
            }
            _ => self.generic(n, depth),
        }
    }

    /// A node read through its children: one child is the node itself
    /// (the grammar's many single-child expression levels); several are
    /// statements or parts whose data is joined.
    fn generic(&mut self, n: Node<'_>, depth: usize) -> PVal {
        let k = kids(n);
        if k.len() == 1 {
            return self.eval(k[0], depth + 1);
        }
        let mut v = PVal::default();
        for c in k {
            v = v.join(self.eval(c, depth + 1).taint());
        }
        v
    }

    fn restore(&mut self, name: &str, saved: Option<PVal>) {
        match saved {
            Some(v) => self.st.vars.insert(name.to_owned(), v),
            None => self.st.vars.remove(name),
        };
    }

    fn var(&self, name: &str, line: usize) -> PVal {
        if let Some(e) = name.strip_prefix("env:") {
            return match e {
                "userprofile" | "home" => PVal::text("~"),
                "appdata" => PVal::text("~/AppData/Roaming"),
                "localappdata" => PVal::text("~/AppData/Local"),
                "temp" | "tmp" => PVal::text("/tmp"),
                _ if is_secret_name(e) => {
                    PVal::source(self.src(SrcKind::Named, line, format!("$env:{}", e.to_ascii_uppercase())))
                }
                _ => PVal::default(),
            };
        }
        match name {
            "home" => return PVal::text("~"),
            "true" | "false" | "null" => return PVal::default(),
            "args" | "input" if self.st.cur_fn.is_some() => return PVal { params: 0xff, ..PVal::default() },
            "psitem" => return self.st.vars.get("_").cloned().unwrap_or_default(),
            _ => {}
        }
        if self.st.cur_fn.is_some() {
            if let Some(i) = self.st.params.iter().position(|p| p == name) {
                if i < 32 {
                    return PVal { params: 1 << i, ..PVal::default() };
                }
            }
        }
        self.st.vars.get(name).cloned().unwrap_or_default()
    }

    fn bind(&mut self, name: &str, v: PVal, whole: bool) {
        if name.starts_with("env:") || name == "null" {
            return;
        }
        let merged = match self.st.vars.remove(name) {
            Some(o) if !whole => o.join(v.taint()),
            Some(o) if o.src.is_some() && v.src.is_none() => PVal { src: o.src, params: o.params | v.params, ..v },
            _ => v,
        };
        if self.st.vars.len() < 4096 || self.st.vars.contains_key(name) {
            self.st.vars.insert(name.to_owned(), merged);
        }
    }

    /// The variable an assignment's left side writes, and whether whole
    /// (`$x = …`) or a part of it (`$h[$k] = …`, `$o.p = …`).
    fn target(&self, n: Node<'_>) -> Option<(String, bool)> {
        let mut cur = n;
        let mut whole = true;
        for _ in 0..64 {
            match cur.kind() {
                "variable" | "braced_variable" => return Some((var_name(self.t(cur)), whole)),
                "element_access" | "member_access" => {
                    whole = false;
                    cur = cur.named_child(0)?;
                }
                "cast_expression" => cur = cur.named_child(cur.named_child_count().checked_sub(1)?)?,
                _ => {
                    if cur.named_child_count() != 1 {
                        return None;
                    }
                    cur = cur.named_child(0)?;
                }
            }
        }
        None
    }

    fn assign(&mut self, n: Node<'_>, depth: usize) {
        let k = kids(n);
        let value = n.child_by_field_name("value").map(|v| self.eval(v, depth + 1)).unwrap_or_default();
        let op = k.iter().find(|c| c.kind() == "assignement_operator").map(|c| self.t(*c)).unwrap_or("=");
        let plain = op == "=";
        let Some(left) = k.first() else { return };
        // Element and member targets still run their index expressions.
        if let Some((name, whole)) = self.target(*left) {
            self.bind(&name, value, whole && plain);
        }
    }

    fn chain(&mut self, n: Node<'_>, depth: usize) -> PVal {
        let mut cur = PVal::default();
        let mut first = true;
        for p in kids(n) {
            cur = match p.kind() {
                "command" => self.command(p, if first { PVal::default() } else { cur }, depth + 1),
                "redirections" | "redirection" => self.redirect(p, cur, depth),
                "verbatim_command_argument" => cur,
                _ => self.eval(p, depth + 1),
            };
            first = false;
        }
        cur
    }

    /// Output redirected to a file: written there, no longer output.
    fn redirect(&mut self, r: Node<'_>, out: PVal, depth: usize) -> PVal {
        let rs = if r.kind() == "redirections" { kids(r) } else { vec![r] };
        let mut out = out;
        for r in rs {
            let k = kids(r);
            let op = k.iter().find(|c| c.kind() == "file_redirection_operator").map(|c| self.t(*c)).unwrap_or("");
            let Some(dest) = k.iter().find(|c| c.kind() == "redirected_file_name") else { continue };
            if !(op.starts_with('>') || op.starts_with("1>") || op.starts_with("*>")) {
                continue;
            }
            let text = self.t(*dest).trim().to_owned();
            let dv = self.eval(*dest, depth + 1);
            if let Some(src) = out.src.clone() {
                let line = self.line_of(r);
                self.write_file(&dv, &text, &src, line);
            }
            out = PVal::default();
        }
        out
    }

    fn string(&mut self, n: Node<'_>, depth: usize) -> PVal {
        let t = self.t(n);
        let base = n.start_byte();
        let (start, end) = if n.kind() == "expandable_here_string_literal" {
            let s = t.find('\n').map(|i| i + 1).unwrap_or(t.len());
            let e = t.rfind('\n').unwrap_or(t.len()).max(s);
            (s, e)
        } else {
            (1.min(t.len()), t.len().saturating_sub(1).max(1.min(t.len())))
        };
        let mut v = PVal::default();
        // Every value the string can take: a variable with several (a loop's
        // over a list of names) gives one string each.
        let mut lits = Some(vec![String::new()]);
        let mut pos = start;
        let piece = |s: &str| unescape(&s.replace("\"\"", "\""));
        for c in kids(n) {
            let (cs, ce) = (c.start_byte() - base, c.end_byte() - base);
            if cs < pos || ce > end {
                continue;
            }
            let before = piece(t.get(pos..cs).unwrap_or(""));
            let cv = self.eval(c, depth + 1);
            lits = lits.and_then(|ls| {
                let ls: Vec<String> = ls.into_iter().map(|l| l + &before).collect();
                if !cv.strs.is_empty() {
                    Some(product(&ls, &cv.strs))
                } else if cv.src.is_none() && cv.params == 0 {
                    // An unknown value: the string is still known around it
                    // for paths (`"$dir\Login Data"`), marked by `*`.
                    Some(ls.into_iter().map(|l| l + "*").collect())
                } else {
                    None
                }
            });
            v = v.join(cv.taint());
            pos = ce;
        }
        if let Some(ls) = lits {
            let after = piece(t.get(pos..end).unwrap_or(""));
            for l in ls {
                v = v.join(PVal::text(l + &after));
            }
        }
        v
    }

    fn additive(&mut self, n: Node<'_>, depth: usize) -> PVal {
        let k = kids(n);
        if k.len() != 2 {
            return self.generic(n, depth);
        }
        let plus = all_kids(n).iter().any(|c| c.kind() == "+");
        let a = self.eval(k[0], depth + 1);
        let b = self.eval(k[1], depth + 1);
        let mut v = a.taint().join(b.taint());
        if plus {
            if !a.elems.is_empty() {
                let mut e = a.elems.clone();
                e.extend(b.items().unwrap_or_default());
                e.truncate(MAX_ELEMS);
                v.elems = e;
            } else {
                v.strs = product(&a.strs, &b.strs);
            }
        }
        v
    }

    fn comparison(&mut self, n: Node<'_>, depth: usize) -> PVal {
        let k = kids(n);
        if k.len() != 3 {
            return self.generic(n, depth);
        }
        let op = self.t(k[1]).to_ascii_lowercase();
        let a = self.eval(k[0], depth + 1);
        let b = self.eval(k[2], depth + 1);
        let mut v = a.taint().join(b.taint());
        match op.as_str() {
            "-join" => {
                if let Some(items) = a.items() {
                    v.strs = PVal::text(items.join(b.str1().unwrap_or(""))).strs;
                }
                v
            }
            "-replace" | "-ireplace" | "-creplace" => {
                let pr = b.items().unwrap_or_default();
                if let (Some(s), Some(pat)) = (a.str1(), pr.first()) {
                    let rep = pr.get(1).map(String::as_str).unwrap_or("");
                    let ci = op != "-creplace";
                    let re = regex::RegexBuilder::new(pat).case_insensitive(ci).size_limit(1 << 20).build();
                    let out = match re {
                        Ok(re) => re.replace_all(s, rep.replace("$$", "$")).into_owned(),
                        Err(_) => s.replace(pat.as_str(), rep),
                    };
                    v.strs = PVal::text(out).strs;
                }
                v
            }
            "-split" | "-isplit" | "-csplit" | "-as" => v,
            // Comparisons give a boolean.
            _ => PVal::default(),
        }
    }

    fn unary(&mut self, n: Node<'_>, depth: usize) -> PVal {
        let all = all_kids(n);
        let Some(first) = all.first() else { return PVal::default() };
        if first.is_named() {
            return self.generic(n, depth);
        }
        let op = self.t(*first).to_ascii_lowercase();
        let operand = kids(n).last().map(|c| self.eval(*c, depth + 1)).unwrap_or_default();
        match op.as_str() {
            "-join" => {
                let mut v = operand.taint();
                if let Some(items) = operand.items() {
                    v.strs = PVal::text(items.concat()).strs;
                }
                v
            }
            "," => operand,
            "-split" => operand.taint(),
            _ => PVal::default(),
        }
    }

    fn cast(&mut self, n: Node<'_>, depth: usize) -> PVal {
        let k = kids(n);
        if k.len() != 2 {
            return self.generic(n, depth);
        }
        let ty = type_name(self.t(k[0]));
        let o = self.eval(k[1], depth + 1);
        let chr = |s: &str| number(s).and_then(char::from_u32).map(String::from);
        match ty.as_str() {
            "char" => {
                let mut v = o.taint();
                if let Some(c) = o.str1().and_then(chr) {
                    v.strs = vec![c];
                }
                v
            }
            "char[]" => {
                let mut v = o.taint();
                if !o.elems.is_empty() {
                    v.elems = o.elems.iter().filter_map(|s| chr(s)).collect();
                } else if let Some(s) = o.str1() {
                    v.elems = s.chars().take(MAX_ELEMS).map(String::from).collect();
                }
                v
            }
            "string" => {
                let mut v = o.clone();
                if !o.elems.is_empty() {
                    v.strs = PVal::text(o.elems.join(" ")).strs;
                    v.elems.clear();
                }
                v
            }
            "scriptblock" => PVal { code: true, ..o },
            "void" => PVal::default(),
            _ => o,
        }
    }

    fn member(&mut self, n: Node<'_>, depth: usize) -> PVal {
        let k = kids(n);
        let (Some(obj), Some(name)) = (k.first(), k.get(1)) else { return self.generic(n, depth) };
        let o = self.eval(*obj, depth + 1);
        // A name computed at run time (`$wc.('Down' + 'loadString')`).
        let computed = matches!(self.t(*name).trim_start().chars().next(), Some('(' | '$' | '"' | '\''));
        let shown = if computed {
            self.eval(*name, depth + 1).str1().map_or_else(|| self.t(*name).to_owned(), str::to_owned)
        } else {
            self.t(*name).to_owned()
        };
        let prop = shown.trim_matches(['"', '\'']).replace('`', "").to_ascii_lowercase();
        if computed && o.ty.is_none() {
            // A method taken as a value, called later with `.Invoke(…)`.
            return PVal { ty: Some(format!("{PS_METHOD}{prop}")), net: o.net, ..o.taint() };
        }
        if let Some(t) = &o.ty {
            return PVal { ty: Some(format!("{t}::{prop}")), ..o.taint() };
        }
        match prop.as_str() {
            "length" | "count" | "exists" => PVal::default(),
            // A file object's path.
            "fullname" | "pspath" | "path" | "name" | "directoryname" => PVal { strs: o.strs.clone(), ..o.taint() },
            _ => PVal { net: o.net && prop == "basestream", ..o.taint() },
        }
    }

    fn args_of(&mut self, list: Option<Node<'_>>, depth: usize) -> Vec<PVal> {
        let Some(list) = list else { return vec![] };
        let mut out = Vec::new();
        for c in kids(list) {
            if c.kind() == "argument_expression_list" {
                for a in kids(c) {
                    out.push(self.eval(a, depth + 1));
                }
            } else {
                out.push(self.eval(c, depth + 1));
            }
        }
        out
    }

    fn invoke(&mut self, n: Node<'_>, depth: usize) -> PVal {
        let line = self.line_of(n);
        let k = kids(n);
        let (Some(obj_n), Some(name_n)) = (k.first(), k.get(1)) else { return self.generic(n, depth) };
        let list = k.iter().find(|c| c.kind() == "argument_list").copied();
        let is_static = all_kids(n).iter().any(|c| c.kind() == "::");
        let obj = self.eval(*obj_n, depth + 1);
        let m = match name_n.kind() {
            "simple_name" => self.t(*name_n).to_owned(),
            _ => {
                let v = self.eval(*name_n, depth + 1);
                v.str1().map(str::to_owned).unwrap_or_else(|| self.t(*name_n).to_owned())
            }
        };
        let mut m = m.replace('`', "").trim_matches(['"', '\'']).to_ascii_lowercase();
        // `$wc.('Download' + 'String').Invoke($u)`: the method taken as a
        // value, called.
        let mut obj = obj;
        if m == "invoke" {
            if let Some(inner) = obj.ty.as_deref().and_then(|t| t.strip_prefix(PS_METHOD)).map(str::to_owned) {
                m = inner;
                obj.ty = None;
            }
        }
        let args = self.args_of(list, depth);
        let arg = |i: usize| args.get(i).cloned().unwrap_or_default();
        let all = || args.iter().fold(PVal::default(), |v, a| v.join(a.taint()));
        let site = |what: String, hint: String| Site { unit: self.unit, line, what, hint, uses: Use::Send };

        if is_static {
            let ty = obj.ty.clone().unwrap_or_default();
            match (ty.as_str(), m.as_str()) {
                ("environment", "getenvironmentvariables") => {
                    return PVal::source(self.src(SrcKind::Env, line, "[Environment]::GetEnvironmentVariables()"));
                }
                ("environment", "getenvironmentvariable") => {
                    let a = arg(0);
                    return match a.str1() {
                        Some(name) if is_secret_name(name) => PVal::source(self.src(
                            SrcKind::Named,
                            line,
                            format!("[Environment]::GetEnvironmentVariable('{name}')"),
                        )),
                        Some(name) => self.var(&format!("env:{}", name.to_ascii_lowercase()), line),
                        None => a.taint(),
                    };
                }
                ("environment", "expandenvironmentvariables") => {
                    let a = arg(0);
                    if let Some(s) = a.str1() {
                        if let Some(name) = s.split('%').skip(1).step_by(2).find(|x| is_secret_name(x)) {
                            return PVal::source(self.src(SrcKind::Named, line, format!("%{name}%")));
                        }
                    }
                    return a.taint();
                }
                ("environment", "getfolderpath") => {
                    let which = arg(0).str1().unwrap_or("").to_ascii_lowercase();
                    return PVal::text(match which.as_str() {
                        "applicationdata" => "~/AppData/Roaming",
                        "localapplicationdata" => "~/AppData/Local",
                        _ => "~",
                    });
                }
                (
                    "io.file",
                    "readalltext" | "readallbytes" | "readalllines" | "readlines" | "openread" | "opentext",
                ) => {
                    let a = arg(0);
                    // A file a download was written to: what it reads is downloaded.
                    let paths: Vec<String> = a.strs.iter().map(|p| p.replace('\\', "/")).collect();
                    if let Some(s) = self.shared.code_dropped(paths.iter().map(String::as_str)) {
                        return PVal::source(s);
                    }
                    return match self.file_src(&a, "", line) {
                        Some(s) => PVal::source(s),
                        None => a.taint(),
                    };
                }
                (
                    "io.file",
                    "writealltext" | "writeallbytes" | "writealllines" | "appendalltext" | "appendalllines" | "copy"
                    | "move",
                ) => {
                    let data = if matches!(m.as_str(), "copy" | "move") {
                        self.file_src(&arg(0), "", line).or(arg(0).src)
                    } else {
                        arg(1).src
                    };
                    if let Some(s) = data {
                        let dest = if matches!(m.as_str(), "copy" | "move") { arg(1) } else { arg(0) };
                        self.write_file(&dest, "", &s, line);
                    }
                    return PVal::default();
                }
                ("io.compression.zipfile", "createfromdirectory") => {
                    if let Some(s) = self.file_src(&arg(0), "", line) {
                        self.write_file(&arg(1), "", &s, line);
                    }
                    return PVal::default();
                }
                ("convert", "frombase64string") => {
                    let a = arg(0);
                    let mut v = a.taint();
                    if let Some(t) = a.str1().and_then(b64_text) {
                        v.strs = PVal::text(t).strs;
                    }
                    return v;
                }
                ("scriptblock" | "management.automation.scriptblock", "create") => {
                    return PVal { code: true, ..arg(0) };
                }
                ("net.dns", "gethostaddresses" | "gethostentry" | "resolve" | "gethostbyname")
                | ("net.dns", "gethostaddressesasync" | "gethostentryasync") => {
                    let a = all();
                    self.sink(a, site("[Net.Dns]::".to_owned() + &m, String::new()));
                    return PVal::default();
                }
                ("security.cryptography.protecteddata", "unprotect") => {
                    return PVal::source(self.src(SrcKind::Keychain, line, "DPAPI ProtectedData.Unprotect"));
                }
                ("windows.forms.clipboard" | "windows.clipboard", _) if m.starts_with("get") => {
                    return PVal::source(self.src(SrcKind::Clipboard, line, "[Clipboard]::".to_owned() + &m));
                }
                ("string", "join") => {
                    let mut v = all();
                    let rest: Vec<String> = args.iter().skip(1).filter_map(|a| a.items()).flatten().collect();
                    if args.len() >= 2 {
                        if let Some(sep) = arg(0).str1() {
                            v.strs = PVal::text(rest.join(sep)).strs;
                        }
                    }
                    return v;
                }
                ("string", "concat") => {
                    let mut v = all();
                    let parts: Option<Vec<Vec<String>>> = args.iter().map(|a| a.items()).collect();
                    if let Some(p) = parts {
                        v.strs = PVal::text(p.concat().concat()).strs;
                    }
                    return v;
                }
                ("string", "format") => {
                    let mut v = all();
                    let rest: Vec<String> = args.iter().skip(1).filter_map(|a| a.items()).flatten().collect();
                    if let Some(s) = arg(0).str1().and_then(|f| format(f, &rest)) {
                        v.strs = PVal::text(s).strs;
                    }
                    return v;
                }
                ("char", "convertfromutf32") => {
                    let mut v = all();
                    if let Some(c) = arg(0).str1().and_then(number).and_then(char::from_u32) {
                        v.strs = vec![c.to_string()];
                    }
                    return v;
                }
                ("io.path", "combine") => {
                    let mut v = all();
                    let parts: Option<Vec<String>> = args.iter().map(|a| a.str1().map(str::to_owned)).collect();
                    if let Some(p) = parts {
                        v.strs = PVal::text(p.join("/")).strs;
                    }
                    return v;
                }
                (_, "new") => return self.construct(&ty, &args),
                _ => {}
            }
        }
        // Methods.
        if m.starts_with("upload") {
            let mut data = PVal::default();
            for (i, a) in args.iter().enumerate() {
                data = data.join(a.taint());
                if m.starts_with("uploadfile") && i >= 1 {
                    if let Some(s) = self.file_src(a, "", line) {
                        data = data.join(PVal::source(s));
                    }
                }
            }
            let hint = arg(0).strs.join(" ");
            self.sink(data, site(format!("WebClient.{}", method_shown(self.t(*name_n))), hint));
            return PVal::default();
        }
        if matches!(
            m.as_str(),
            "downloadstring"
                | "downloaddata"
                | "downloadfile"
                | "downloadstringasync"
                | "downloadstringtaskasync"
                | "downloaddatataskasync"
                | "downloadfiletaskasync"
        ) || (obj.net && m == "openread")
        {
            let hint = arg(0).strs.join(" ");
            // The address carries what it is given; the downloaded text
            // is the server's: code, if it is run.
            let shown = format!("WebClient.{}", method_shown(self.t(*name_n)));
            self.sink(arg(0).taint(), site(shown.clone(), hint));
            if m.starts_with("downloadfile") {
                return PVal::default();
            }
            return PVal::source(self.src(SrcKind::Download, line, shown));
        }
        if obj.net {
            if matches!(
                m.as_str(),
                "postasync"
                    | "putasync"
                    | "patchasync"
                    | "sendasync"
                    | "getasync"
                    | "getstringasync"
                    | "getbytearrayasync"
                    | "getstreamasync"
                    | "deleteasync"
                    | "send"
                    | "write"
                    | "writeline"
                    | "writeasync"
                    | "writelineasync"
                    | "beginwrite"
                    | "beginsend"
                    | "sendto"
            ) {
                let hint = arg(0).strs.join(" ");
                let shown = format!("a network client's {}", method_shown(self.t(*name_n)));
                self.sink(all(), site(shown.clone(), hint));
                if m.starts_with("get") {
                    return PVal::source(self.src(SrcKind::Download, line, shown));
                }
                return PVal::default();
            }
            if matches!(m.as_str(), "getstream" | "getrequeststream" | "getsslstream") {
                return PVal { net: true, ..PVal::default() };
            }
        }
        match m.as_str() {
            "getstring" | "getbytes" | "tostring" | "trim" | "trimend" | "trimstart" | "normalize" | "toarray" => {
                let base = if args.is_empty() { obj.clone() } else { arg(0) };
                let mut v = base.clone().join(obj.taint());
                v.net = false;
                v.ty = None;
                v
            }
            "tolower" | "tolowerinvariant" | "toupper" | "toupperinvariant" => {
                let up = m.starts_with("toupper");
                let mut v = obj.taint();
                v.strs = obj.strs.iter().map(|s| if up { s.to_uppercase() } else { s.to_lowercase() }).collect();
                v
            }
            "replace" => {
                let mut v = obj.taint().join(all());
                if let (Some(s), Some(a), Some(b)) = (obj.str1(), arg(0).str1(), arg(1).str1()) {
                    if !a.is_empty() {
                        v.strs = PVal::text(s.replace(a, b)).strs;
                    }
                }
                v
            }
            "invoke" | "invokereturnasis" if obj.code => {
                let code = obj.str1().map(str::to_owned);
                match code {
                    Some(c) => self.nested(&c, line),
                    // A script block made of what is known only at run time
                    // (`[ScriptBlock]::Create($d).Invoke()`): its code is run.
                    None => {
                        self.run_code(&obj, "[ScriptBlock]::Invoke", line);
                        obj.taint()
                    }
                }
            }
            "invokescript" | "newscriptblock" => {
                let a = arg(0);
                match a.str1().map(str::to_owned) {
                    Some(c) if m == "invokescript" => self.nested(&c, line),
                    _ => PVal { code: true, ..a },
                }
            }
            "add" | "append" | "appendline" | "insert" | "push" | "enqueue" | "addrange" | "set_item" | "setvalue"
            | "appendformat" => {
                // The receiver is filled with the arguments.
                let a = all();
                if let Some((name, _)) = self.target(*obj_n) {
                    self.bind(&name, a, false);
                }
                PVal::default()
            }
            _ => obj.taint().join(all()),
        }
    }

    /// A .NET object made (`New-Object T(…)`, `[T]::new(…)`).
    fn construct(&mut self, ty: &str, args: &[PVal]) -> PVal {
        let ty = ty.trim().trim_matches(['[', ']', '"', '\'']).to_ascii_lowercase();
        let ty = ty.strip_prefix("system.").unwrap_or(&ty);
        let data = args.iter().fold(PVal::default(), |v, a| v.join(a.taint()));
        match ty {
            "net.webclient"
            | "net.sockets.tcpclient"
            | "net.sockets.udpclient"
            | "net.http.httpclient"
            | "net.mail.smtpclient"
            | "net.sockets.socket" => PVal { net: true, ..PVal::default() },
            "io.streamwriter" | "io.binarywriter" | "net.security.sslstream" if args.iter().any(|a| a.net) => {
                PVal { net: true, ..PVal::default() }
            }
            "net.networkcredential" | "management.automation.pscredential" => data.unauth(),
            _ => data,
        }
    }

    /// Secret data a file holds: written earlier here or by another file
    /// of the folder, or a credential file itself.
    fn file_src(&self, v: &PVal, text: &str, line: usize) -> Option<Src> {
        let mut cands: Vec<String> = v.strs.clone();
        cands.extend(v.elems.iter().cloned());
        if !text.is_empty() {
            cands.push(text.to_owned());
        }
        for c in cands {
            let key = file_key(&c);
            if let Some(s) = self.st.files.get(&key) {
                return Some(s.clone());
            }
            if let Some(s) = self.shared.dropped(&key) {
                return Some(s.clone());
            }
            if is_credential_path(&key) {
                return Some(self.src(SrcKind::CredFile, line, key));
            }
        }
        None
    }

    fn write_file(&mut self, dest: &PVal, text: &str, src: &Src, line: usize) {
        let mut cands: Vec<String> = dest.strs.clone();
        if !text.is_empty() {
            cands.push(text.to_owned());
        }
        for c in cands {
            let key = file_key(&c);
            if key.len() > 1 {
                self.shared.drop_file(&key, src, (self.unit, line));
                if self.st.files.len() < 256 {
                    self.st.files.entry(key).or_insert_with(|| src.clone());
                }
            }
        }
    }

    fn sink(&mut self, data: PVal, site: Site) {
        if let Some(s) = &data.src {
            self.shared.flow(s, site.clone());
        }
        if data.params == 0 {
            return;
        }
        let Some(cur) = self.st.cur_fn.clone() else { return };
        if let Some(s) = self.st.sums.get_mut(&cur) {
            if s.sinks.len() < 32 && !s.sinks.iter().any(|(_, x)| x.line == site.line) {
                s.sinks.push((data.params, site));
            }
        }
    }

    /// Code known only at run time, run at `line` by `what`: downloaded
    /// data reaching it is R-RULE-5's download-and-run (see `Shared::flow`).
    fn run_code(&mut self, code: &PVal, what: &str, line: usize) {
        let site = Site { unit: self.unit, line, what: what.to_owned(), hint: String::new(), uses: Use::Run };
        self.sink(code.taint(), site);
    }

    /// Code given as a string, read in place at `line`.
    fn nested(&mut self, code: &str, line: usize) -> PVal {
        if self.st.nest >= MAX_NEST || code.len() > MAX_STR_LEN || self.st.steps > MAX_STEPS {
            return PVal::default();
        }
        let Some(tree) = parser().and_then(|mut p| p.parse(code, None)) else { return PVal::default() };
        self.st.nest += 1;
        let out = {
            let mut sub =
                Run { unit: self.unit, text: code, line: Some(line), st: &mut *self.st, shared: &mut *self.shared };
            sub.eval(tree.root_node(), 0)
        };
        self.st.nest -= 1;
        out
    }

    /// A command's elements: parameters paired with their values.
    fn elements<'t>(&mut self, n: Option<Node<'t>>, depth: usize) -> (Vec<Arg<'t>>, Vec<Node<'t>>) {
        let mut args: Vec<Arg<'t>> = Vec::new();
        let mut redirs = Vec::new();
        let Some(n) = n else { return (args, redirs) };
        let mut pending: Option<String> = None;
        for c in kids(n) {
            match c.kind() {
                "command_argument_sep" => {}
                "command_parameter" => {
                    if let Some(p) = pending.take() {
                        args.push(Arg { param: Some(p), val: PVal::default(), text: String::new(), node: None });
                    }
                    let p = self.t(c).trim_start_matches('-').replace('`', "").to_ascii_lowercase();
                    let p = p.split_once('=').map(|x| x.0.to_owned()).unwrap_or(p);
                    if is_switch(&p) {
                        args.push(Arg { param: Some(p), val: PVal::default(), text: String::new(), node: None });
                    } else {
                        pending = Some(p);
                    }
                }
                "redirection" => redirs.push(c),
                "stop_parsing" => {
                    let t = self.t(c).trim_start_matches("--%").trim().to_owned();
                    args.push(Arg { param: None, val: PVal::text(t.clone()), text: t, node: Some(c) });
                }
                "argument_list" => {
                    // `New-Object T(a, b)`: constructor arguments.
                    let vals = self.args_of(Some(c), depth);
                    let mut v = PVal::default();
                    for a in vals {
                        v = v.join(a);
                    }
                    args.push(Arg { param: Some("argumentlist".into()), val: v, text: String::new(), node: Some(c) });
                }
                _ => {
                    let val = self.eval(c, depth + 1);
                    let text = self.t(c).trim().trim_matches(['"', '\'']).to_owned();
                    args.push(Arg { param: pending.take(), val, text, node: Some(c) });
                }
            }
        }
        if let Some(p) = pending {
            args.push(Arg { param: Some(p), val: PVal::default(), text: String::new(), node: None });
        }
        (args, redirs)
    }

    fn command(&mut self, n: Node<'_>, input: PVal, depth: usize) -> PVal {
        let line = self.line_of(n);
        let Some(name_n) = n.child_by_field_name("command_name") else { return PVal::default() };
        let dot = all_kids(n).first().is_some_and(|c| c.kind() == "command_invokation_operator" && self.t(*c) == ".");
        let (name, name_val) = if name_n.kind() == "command_name" {
            (self.t(name_n).to_owned(), None)
        } else {
            let v = self.eval(name_n, depth + 1);
            (v.str1().unwrap_or("").to_owned(), Some(v))
        };
        // `$_` in the script blocks of a pipeline's command is its input.
        let piped = input.src.is_some() || input.params != 0 || !input.strs.is_empty();
        let saved = if piped { self.st.vars.insert("_".into(), input.clone()) } else { None };
        let (args, redirs) = self.elements(n.child_by_field_name("command_elements"), depth);
        if piped {
            self.restore("_", saved);
        }
        let out = match &name_val {
            Some(v) if v.code => match v.str1().map(str::to_owned) {
                Some(c) => self.nested(&c, line),
                None => {
                    self.run_code(v, "a script block", line);
                    v.taint()
                }
            },
            Some(v) if v.str1().is_none() || dot => v.taint(),
            _ => self.run_command(&name, &args, input, line),
        };
        if redirs.is_empty() {
            return out;
        }
        let mut out = out;
        for r in redirs {
            out = self.redirect(r, out, depth);
        }
        out
    }

    fn run_command(&mut self, name: &str, args: &[Arg<'_>], input: PVal, line: usize) -> PVal {
        let lname = name.replace('`', "").trim_matches(['"', '\'']).to_ascii_lowercase();
        // A function of this file.
        if let Some(params) = self.st.funcs.get(&lname).cloned() {
            return self.call(&lname, &params, args, input);
        }
        let c = canon(name, &self.st.aliases);
        let shown = name.trim_matches(['"', '\'']).to_owned();
        let named = |p: &[&str]| args.iter().find(|a| a.param.as_deref().is_some_and(|x| p.contains(&x)));
        let positional: Vec<&Arg<'_>> = args.iter().filter(|a| a.param.is_none()).collect();
        let path_arg = |i: usize| named(&["path", "literalpath", "filepath", "lp"]).or(positional.get(i).copied());
        let all_taint = |skip_auth: bool| {
            args.iter().fold(PVal::default(), |v, a| {
                let t = a.val.taint();
                let auth = a.param.as_deref().is_some_and(is_auth_param);
                v.join(if skip_auth && auth { t.unauth() } else { t })
            })
        };
        let site =
            |what: &str, hint: String| Site { unit: self.unit, line, what: what.to_owned(), hint, uses: Use::Send };

        match c.as_str() {
            "get-childitem" | "get-item" | "get-content" | "get-itemproperty" | "get-itempropertyvalue" => {
                let p = path_arg(0);
                let text = p.map(|a| a.val.str1().unwrap_or(&a.text).to_owned()).unwrap_or_default();
                let lt = text.to_ascii_lowercase();
                if let Some(rest) = lt.strip_prefix("env:") {
                    let rest = rest.trim_matches(['\\', '/', '*']);
                    if rest.is_empty() {
                        return PVal::source(self.src(SrcKind::Env, line, format!("{shown} {text}")));
                    }
                    if is_secret_name(rest) {
                        return PVal::source(self.src(SrcKind::Named, line, format!("{shown} {text}")));
                    }
                    return PVal::default();
                }
                let Some(p) = p else { return input.taint() };
                if c == "get-content" {
                    if let Some(s) = self.file_src(&p.val, &p.text, line) {
                        return PVal::source(s);
                    }
                    // A file named by secret data (a listed credential
                    // folder's entries).
                    return p.val.taint();
                }
                // A file object: its path, for a later read.
                let mut v = p.val.taint();
                v.strs = if p.val.strs.is_empty() { vec![p.text.clone()] } else { p.val.strs.clone() };
                v
            }
            "join-path" | "resolve-path" | "convert-path" => {
                let mut paths = vec![String::new()];
                for a in args.iter().filter(|a| {
                    a.param.is_none() || matches!(a.param.as_deref(), Some("path" | "childpath" | "literalpath"))
                }) {
                    let part: Vec<String> =
                        if a.val.strs.is_empty() { vec![a.text.clone()] } else { a.val.strs.clone() };
                    let sep: Vec<String> =
                        paths.iter().map(|p| if p.is_empty() { p.clone() } else { format!("{p}/") }).collect();
                    paths = product(&sep, &part);
                }
                let mut v = all_taint(false);
                for p in paths {
                    v = v.join(PVal::text(p));
                }
                v
            }
            "get-clipboard" => PVal::source(self.src(SrcKind::Clipboard, line, shown)),
            "get-storedcredential" | "get-secret" | "get-keychainpassword" => {
                PVal::source(self.src(SrcKind::Keychain, line, shown))
            }
            "cmdkey" | "vaultcmd" if args.iter().any(|a| a.text.to_ascii_lowercase().starts_with("/list")) => {
                PVal::source(self.src(SrcKind::Keychain, line, format!("{shown} /list")))
            }
            "set-content" | "add-content" | "out-file" | "export-csv" | "export-clixml" | "tee-object" => {
                let data = named(&["value", "inputobject"])
                    .map(|a| a.val.taint())
                    .or_else(|| {
                        if c == "set-content" || c == "add-content" {
                            positional.get(1).map(|a| a.val.taint())
                        } else {
                            None
                        }
                    })
                    .unwrap_or_default()
                    .join(input.taint());
                if let (Some(src), Some(p)) = (data.src.clone(), path_arg(0)) {
                    self.write_file(&p.val, &p.text, &src, line);
                }
                if let Some(p) = path_arg(0) {
                    for cand in p.val.strs.iter().chain(std::iter::once(&p.text)) {
                        let key = file_key(cand);
                        self.shared.wrote(&key, (self.unit, line));
                    }
                }
                if c == "tee-object" {
                    data
                } else {
                    PVal::default()
                }
            }
            "copy-item" | "move-item" | "compress-archive" => {
                let srcs: Vec<&Arg<'_>> =
                    args.iter().filter(|a| matches!(a.param.as_deref(), None | Some("path" | "literalpath"))).collect();
                let dest = named(&["destination", "destinationpath"]).or(if positional.len() >= 2 {
                    positional.last().copied()
                } else {
                    None
                });
                let found = srcs
                    .iter()
                    .filter(|a| dest.is_none_or(|d| !same(a, d)))
                    .find_map(|a| self.file_src(&a.val, &a.text, line).or(a.val.src.clone()))
                    .or(input.src.clone());
                if let (Some(s), Some(d)) = (found, dest) {
                    self.write_file(&d.val, &d.text, &s, line);
                }
                PVal::default()
            }
            "invoke-webrequest" | "invoke-restmethod" => {
                let mut data = input.taint();
                let mut hint = String::new();
                for a in args {
                    let p = a.param.as_deref().unwrap_or("");
                    if p.is_empty() || p == "uri" {
                        hint.push_str(&a.val.strs.join(" "));
                        hint.push(' ');
                    }
                    if p == "infile" {
                        if let Some(s) = self.file_src(&a.val, &a.text, line) {
                            data = data.join(PVal::source(s));
                        }
                    }
                    if matches!(p, "outfile" | "method" | "contenttype" | "useragent") {
                        continue;
                    }
                    let t = a.val.taint();
                    data = data.join(if is_auth_param(p) { t.unauth() } else { t });
                }
                self.sink(data, site(&shown, hint));
                // The answer, unless it went to a file: downloaded data,
                // and that file holds it (read back, or started, later).
                if let Some(out) = named(&["outfile"]) {
                    let src = self.src(SrcKind::Download, line, shown.clone());
                    for p in out.val.strs.iter().chain(std::iter::once(&out.text)) {
                        self.shared.drop_code(&p.replace('\\', "/"), &src);
                    }
                    return PVal::default();
                }
                PVal::source(self.src(SrcKind::Download, line, shown.clone()))
            }
            "send-mailmessage" => {
                let mut data = input.taint().join(all_taint(true));
                if let Some(a) = named(&["attachments", "attachment"]) {
                    for item in a.val.items().unwrap_or_default().iter().chain(std::iter::once(&a.text)) {
                        if let Some(s) = self.file_src(&PVal::text(item.clone()), "", line) {
                            data = data.join(PVal::source(s));
                        }
                    }
                }
                self.sink(data, site(&shown, String::new()));
                PVal::default()
            }
            "resolve-dnsname" | "test-connection" | "test-netconnection" => {
                let data = all_taint(false);
                self.sink(data, site(&shown, String::new()));
                PVal::default()
            }
            "invoke-expression" => {
                let code = named(&["command"])
                    .or(positional.first().copied())
                    .map(|a| a.val.clone())
                    .unwrap_or_else(|| input.clone());
                match code.str1().map(str::to_owned) {
                    Some(s) => self.nested(&s, line),
                    None => {
                        self.run_code(&code, &shown, line);
                        code.taint()
                    }
                }
            }
            "get-command" => {
                // `& (Get-Command ('I'+'nvoke-Expression'))`: the name it finds.
                let n = named(&["name"]).or(positional.first().copied());
                n.and_then(|a| a.val.str1().map(PVal::text)).unwrap_or_default()
            }
            "powershell" | "cmd" => self.shell_command(&c, args, line),
            "start-process" => {
                let prog = named(&["filepath"]).or(positional.first().copied());
                let pname = prog.map(|a| a.val.str1().unwrap_or(&a.text).to_owned()).unwrap_or_default();
                let rest: Vec<&Arg<'_>> = args
                    .iter()
                    .filter(|a| prog.is_none_or(|p| !same(a, p)))
                    .filter(|a| matches!(a.param.as_deref(), None | Some("argumentlist" | "args")))
                    .collect();
                let pc = canon(&pname, &self.st.aliases);
                if is_net_tool(&pc) {
                    let data = rest.iter().fold(PVal::default(), |v, a| v.join(a.val.taint()));
                    self.sink(data, site(&format!("Start-Process {pname}"), String::new()));
                } else if pc == "powershell" || passes_encoded_command(&rest) {
                    // A program held in a variable (`$ps = Join-Path $PSHOME
                    // "powershell.exe"`) is still PowerShell when it is given
                    // an encoded command: no other program takes one.
                    let line_text: Vec<String> = rest
                        .iter()
                        .map(|a| a.val.items().map(|i| i.join(" ")).unwrap_or_else(|| a.text.clone()))
                        .collect();
                    self.nested(&format!("powershell {}", line_text.join(" ")), line);
                    // The command held in a variable (`-EncodedCommand $enc`,
                    // `$enc` the download's base64): what it holds is run.
                    let data = rest.iter().fold(PVal::default(), |v, a| v.join(a.val.taint()));
                    self.run_code(&data, &format!("Start-Process {pname}"), line);
                }
                PVal::default()
            }
            "new-object" => {
                if named(&["comobject"]).is_some() {
                    return PVal::default();
                }
                let ty = named(&["typename"]).or(positional.first().copied());
                let tname = ty.map(|a| a.val.str1().unwrap_or(&a.text).to_owned()).unwrap_or_default();
                let cargs: Vec<PVal> = args
                    .iter()
                    .filter(|a| ty.is_none_or(|t| !same(a, t)))
                    .filter(|a| matches!(a.param.as_deref(), None | Some("argumentlist" | "args")))
                    .map(|a| a.val.clone())
                    .collect();
                self.construct(&tname, &cargs)
            }
            "set-alias" | "new-alias" => {
                let n = named(&["name"])
                    .or(positional.first().copied())
                    .map(|a| a.val.str1().unwrap_or(&a.text).to_owned());
                let v = named(&["value"])
                    .or(positional.get(1).copied())
                    .map(|a| a.val.str1().unwrap_or(&a.text).to_owned());
                if let (Some(n), Some(v)) = (n, v) {
                    if self.st.aliases.len() < 256 {
                        let target = canon(&v, &self.st.aliases);
                        self.st.aliases.insert(n.to_ascii_lowercase(), target);
                    }
                }
                PVal::default()
            }
            "set-variable" | "new-variable" => {
                let n = named(&["name"])
                    .or(positional.first().copied())
                    .map(|a| a.val.str1().unwrap_or(&a.text).to_owned());
                let v = named(&["value"])
                    .or(positional.get(1).copied())
                    .map(|a| a.val.clone())
                    .unwrap_or_else(|| input.clone());
                if let Some(n) = n {
                    self.bind(&var_name(&n), v, true);
                }
                PVal::default()
            }
            "get-variable" => {
                let n = named(&["name"])
                    .or(positional.first().copied())
                    .map(|a| a.val.str1().unwrap_or(&a.text).to_owned());
                n.map(|n| self.var(&var_name(&n), line)).unwrap_or_default()
            }
            "foreach-object" => {
                let mut out = PVal::default();
                for a in args {
                    out = out.join(a.val.clone());
                }
                if args.is_empty() {
                    input.taint()
                } else {
                    out
                }
            }
            "out-null" | "write-host" | "write-verbose" | "write-debug" | "write-information" | "write-warning"
            | "write-error" | "write-progress" | "start-sleep" | "remove-item" | "new-item" | "test-path"
            | "set-location" | "push-location" | "pop-location" | "out-host" | "clear-host" | "measure-object"
            | "set-clipboard" | "add-type" | "import-module" | "exit" => PVal::default(),
            _ if is_net_tool(&c) => {
                self.native_net(&shown, args, input, line);
                PVal::default()
            }
            // Anything else passes on its input and its arguments' data
            // (named secrets given to an authentication parameter aside).
            _ => input.taint().join(all_taint(true)),
        }
    }

    /// `powershell -EncodedCommand …`, `-Command …`, or a script string.
    fn shell_command(&mut self, c: &str, args: &[Arg<'_>], line: usize) -> PVal {
        if c == "cmd" {
            return PVal::default();
        }
        for (i, a) in args.iter().enumerate() {
            let p = a.param.as_deref().unwrap_or("");
            let text = a.val.str1().unwrap_or(&a.text).to_owned();
            if !p.is_empty()
                && p.len() <= "encodedcommand".len()
                && "encodedcommand".starts_with(p)
                && p.starts_with('e')
            {
                if let Some(code) = b64_text(&text) {
                    return self.nested(&code, line);
                }
            }
            if !p.is_empty() && "command".starts_with(p) {
                // The rest of the line is the command.
                let rest: Vec<String> = std::iter::once(text)
                    .chain(args[i + 1..].iter().map(|a| a.val.str1().unwrap_or(&a.text).to_owned()))
                    .collect();
                return self.nested(&rest.join(" "), line);
            }
            if p.is_empty() && a.node.is_some_and(|n| n.kind().contains("string")) {
                return self.nested(&text, line);
            }
        }
        PVal::default()
    }

    /// A network tool run from PowerShell (`curl.exe`, `scp`): given data in
    /// an argument, on its input or as a file it uploads.
    fn native_net(&mut self, shown: &str, args: &[Arg<'_>], input: PVal, line: usize) {
        let mut data = input.taint();
        let mut prev = String::new();
        let base = canon(shown, &HashMap::new());
        for a in args {
            let mut items: Vec<(String, PVal)> = Vec::new();
            if let Some(p) = &a.param {
                items.push((format!("-{p}"), PVal::default()));
            }
            if a.node.is_some() {
                items.push((a.val.str1().unwrap_or(&a.text).to_owned(), a.val.clone()));
            }
            for (t, v) in items {
                let auth = matches!(prev.as_str(), "-h" | "--header" | "-u" | "--user" | "--oauth2-bearer")
                    || t.to_ascii_lowercase().starts_with("authorization:");
                let vt = if auth { v.taint().unauth() } else { v.taint() };
                data = data.join(vt);
                let file = if let Some(p) = t.rsplit_once('@').filter(|(a, _)| a.is_empty() || a.ends_with('=')) {
                    Some(p.1.to_owned())
                } else if matches!(prev.as_str(), "-t" | "--upload-file") || base == "scp" || base == "rsync" {
                    Some(t.clone())
                } else {
                    None
                };
                if let Some(f) = file {
                    if let Some(s) = self.file_src(&PVal::text(f), "", line) {
                        data = data.join(PVal::source(s));
                    }
                }
                prev = t.to_ascii_lowercase();
            }
        }
        self.sink(data, Site { unit: self.unit, line, what: shown.to_owned(), hint: String::new(), uses: Use::Send });
    }

    /// A call of a function of this file: its summary applied to the
    /// arguments (by name or position; the pipeline's input to the first).
    fn call(&mut self, name: &str, params: &[String], args: &[Arg<'_>], input: PVal) -> PVal {
        let sum = self.st.sums.get(name).cloned().unwrap_or_default();
        let mut vals: Vec<PVal> = vec![PVal::default(); params.len().min(32)];
        let mut pos = args.iter().filter(|a| a.param.is_none());
        for (i, p) in params.iter().take(32).enumerate() {
            let by_name = args.iter().find(|a| a.param.as_deref().is_some_and(|x| !x.is_empty() && p.starts_with(x)));
            let v = match by_name {
                Some(a) => a.val.taint(),
                None => pos.next().map(|a| a.val.taint()).unwrap_or_default(),
            };
            vals[i] = if i == 0 { v.join(input.taint()) } else { v };
        }
        // `$args`: whatever is left.
        let rest = pos.fold(PVal::default(), |v, a| v.join(a.val.taint()));
        let arg = |bits: u32| {
            let mut v = PVal::default();
            let mut b = bits;
            while b != 0 {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                v = v.join(vals.get(i).cloned().unwrap_or_else(|| rest.clone()));
            }
            v
        };
        let mut out = sum.out.taint();
        out.params = 0;
        out = out.join(arg(sum.out.params));
        for (bits, site) in &sum.sinks {
            let v = arg(*bits);
            self.sink(v, site.clone());
        }
        out
    }
}

/// A type literal's type: lower case, without its brackets, spaces or
/// `system.` (`[System.Char[]]` is `char[]`).
fn type_name(t: &str) -> String {
    let t = t.trim();
    let t = t.strip_prefix('[').and_then(|x| x.strip_suffix(']')).unwrap_or(t);
    let t = t.replace(' ', "").to_ascii_lowercase();
    t.strip_prefix("system.").map(str::to_owned).unwrap_or(t)
}

fn same(a: &Arg<'_>, b: &Arg<'_>) -> bool {
    std::ptr::eq(a, b)
}

fn method_shown(t: &str) -> String {
    t.trim_matches(['"', '\'']).replace('`', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_formats_and_encodings_decode() {
        assert_eq!(unescape("I`nv`oke"), "I\nvoke");
        assert_eq!(unescape("Inv`o`ke"), "Invoke");
        assert_eq!(format("{0}-{1:x}", &["a".into(), "b".into()]).as_deref(), Some("a-b"));
        assert_eq!(b64_text("SQBFAFgA").as_deref(), Some("IEX"));
        assert_eq!(canon("C:\\Windows\\System32\\curl.exe", &HashMap::new()), "curl");
        assert_eq!(canon("i`wr", &HashMap::new()), "invoke-webrequest");
        assert_eq!(var_name("${env:GH_TOKEN}"), "env:gh_token");
        assert_eq!(var_name("$script:X"), "x");
        assert_eq!(file_key("$env:USERPROFILE\\.ssh\\id_rsa"), "~/.ssh/id_rsa");
    }
}
