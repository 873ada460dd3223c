//! Flows in Go, Rust and Ruby: a smaller reading than [`super::code`]'s,
//! over the tree-sitter syntax trees of these languages.
//!
//! What it follows, by name and within the folder:
//! - **sources**: the environment read whole (`os.Environ()`, `env::vars()`,
//!   `ENV.each`) or by a secret-looking name (`os.Getenv("GITHUB_TOKEN")`,
//!   `env::var(…)`, `ENV["…"]`); a credential file read (`os.ReadFile`,
//!   `fs::read_to_string`, `File.read`), its path built from parts
//!   (`filepath.Join(home, ".kube", "config")`); a password typed at a
//!   prompt, but only towards a chat bot or a paste site (a login helper
//!   sends the password it asks for to its own service);
//! - **sinks**: HTTP requests, sockets, DNS lookups (a name built from the
//!   data is a send), and a network program started with the data
//!   (`exec.Command("curl", …)`, `Command::new("nslookup").arg(…)`,
//!   `system("curl …")`);
//! - **downloaded code run**: what an HTTP read returns reaching `eval`, or
//!   a shell's `-c`; and a shell's command line assembled at run time (from
//!   joined, indexed or reversed pieces) that downloads and runs code;
//! - **propagation**: assignments, loops, blocks and closures, string
//!   building (`+`, interpolation, `format!`, `fmt.Sprintf`), any call not
//!   known to drop its arguments, and functions of the folder by their name
//!   (a summary per function: what it returns, and which parameters, or
//!   which files named by a parameter, reach a sink inside it).
//!
//! Names are flow-insensitive inside a function, as in `code`. Nothing here
//! runs anything; depth and steps are capped.

use std::collections::HashMap;

use tree_sitter::{Node, Parser, Tree};

use super::names::{self, is_credential_path, is_net_tool, is_secret_name};
use super::{Lang, Shared, Site, Src, SrcKind, Unit, Use};

const MAX_DEPTH: usize = 96;
const MAX_STEPS: usize = 200_000;
const MAX_STRS: usize = 8;
const MAX_STR_LEN: usize = 512;
const MAX_ITEMS: usize = 256;
/// The `what` of a password typed at a prompt: a source only towards a
/// chat bot or a paste site (see [`drop_host`]).
pub(super) const TYPED: &str = "a password typed at a prompt";

/// A value: the secret or downloaded data it holds, the constant strings
/// (or list of strings) it may be, and what it depends on.
#[derive(Debug, Clone, Default)]
struct V {
    secret: Option<Src>,
    code: Option<Src>,
    strs: Vec<String>,
    /// Built by the code (joined, indexed, reversed), not one literal.
    built: bool,
    items: Vec<String>,
    ints: Vec<i64>,
    /// Parameters of the function being read that it depends on.
    params: u32,
    /// Parameters whose file's content it holds.
    pfile: u32,
    /// A process being built for this program (Rust's `Command::new`).
    tool: Option<String>,
    /// Arguments of that process so far.
    argv: Vec<V>,
    /// A connection or request that sends what is written to it.
    conn: bool,
}

impl V {
    fn s(s: String) -> V {
        V { strs: vec![s], ..V::default() }
    }
    /// What flows on from this value through an operation that keeps its
    /// data but not its text.
    fn taint(&self) -> V {
        V {
            secret: self.secret.clone(),
            code: self.code.clone(),
            params: self.params,
            pfile: self.pfile,
            ..V::default()
        }
    }
    fn join(mut self, o: V) -> V {
        self.secret = super::stronger(self.secret, o.secret);
        self.code = self.code.or(o.code);
        self.params |= o.params;
        self.pfile |= o.pfile;
        self.conn |= o.conn;
        self.built |= o.built;
        for s in o.strs {
            if self.strs.len() < MAX_STRS && !self.strs.contains(&s) {
                self.strs.push(s);
            }
        }
        // A list, a number or a process builder is kept when only one side
        // has one (a name bound once).
        if self.items.is_empty() {
            self.items = o.items;
        }
        if self.ints.is_empty() {
            self.ints = o.ints;
        }
        if self.tool.is_none() {
            self.tool = o.tool;
            self.argv = o.argv;
        }
        self
    }
    fn str1(&self) -> Option<&str> {
        (self.strs.len() == 1).then(|| self.strs[0].as_str())
    }
    /// This value's data with `o`'s text.
    fn with_text(mut self, o: V) -> V {
        self.strs = o.strs;
        self.items = o.items;
        self.ints = o.ints;
        self.built = o.built;
        self.tool = o.tool;
        self.argv = o.argv;
        self.conn |= o.conn;
        self
    }
}

/// A function's summary.
#[derive(Debug, Clone, Default, PartialEq)]
struct Summary {
    /// Returns its one argument's text reversed (the two-index swap loop of
    /// a string reverser).
    reverses: bool,
    ret_secret: Option<Src>,
    ret_code: Option<Src>,
    ret_strs: Vec<String>,
    ret_params: u32,
    ret_pfile: u32,
    /// (parameters, their file's content rather than their value, the sink).
    sinks: Vec<(u32, bool, Site)>,
}

impl Summary {
    /// `v`'s data and text among what the function returns.
    fn add_return(&mut self, v: V) {
        self.ret_secret = super::stronger(self.ret_secret.take(), v.secret);
        self.ret_code = self.ret_code.take().or(v.code);
        self.ret_params |= v.params;
        self.ret_pfile |= v.pfile;
        for s in v.strs {
            if self.ret_strs.len() < MAX_STRS && !self.ret_strs.contains(&s) {
                self.ret_strs.push(s);
            }
        }
    }
}

struct Frame {
    unit: usize,
    env: HashMap<String, V>,
    sum: Summary,
    is_module: bool,
}

/// The Go, Rust and Ruby files of a folder, parsed once.
pub(super) struct Folder {
    trees: Vec<Option<Tree>>,
    summaries: HashMap<(Lang, String), Summary>,
    module_env: Vec<HashMap<String, V>>,
}

/// Whether a Go, Rust or Ruby file is worth reading although it holds no
/// source anchor of [`names`]: it starts processes, runs code, reads a
/// password or the environment in its own words, looks names up, or builds
/// a pattern (of keys, see [`names::is_key_pattern`]).
pub(super) fn worth_reading(bytes: &[u8]) -> bool {
    static AC: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> = std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build([
                "exec.command",
                "command::new",
                "eval",
                "popen",
                "system",
                "spawn",
                "open3",
                "`",
                "%x",
                "getpass",
                "noecho",
                "readpassword",
                "read_password",
                "prompt_password",
                ".mask(",
                "env::var",
                "env[",
                "env.",
                "lookup",
                "to_socket_addrs",
                "resolv",
                "regex::new",
                "regexp.",
            ])
            .ok()
    });
    AC.as_ref().is_none_or(|ac| ac.is_match(bytes))
}

fn grammar(lang: Lang) -> Option<tree_sitter::Language> {
    match lang {
        Lang::Go => Some(tree_sitter_go::LANGUAGE.into()),
        Lang::Rust => Some(tree_sitter_rust::LANGUAGE.into()),
        Lang::Ruby => Some(tree_sitter_ruby::LANGUAGE.into()),
        _ => None,
    }
}

impl Folder {
    pub(super) fn new(units: &[Unit]) -> Folder {
        let trees = units
            .iter()
            .map(|u| {
                let l = grammar(u.lang)?;
                let mut p = Parser::new();
                p.set_language(&l).ok()?;
                p.parse(&u.text, None)
            })
            .collect();
        Folder { trees, summaries: HashMap::new(), module_env: vec![HashMap::new(); units.len()] }
    }

    /// One pass over every file; whether a summary changed.
    pub(super) fn round(&mut self, units: &[Unit], shared: &mut Shared) -> bool {
        if self.trees.iter().all(Option::is_none) {
            return false;
        }
        let funcs: Vec<Vec<(String, Node<'_>)>> = self
            .trees
            .iter()
            .enumerate()
            .map(|(i, t)| t.as_ref().map(|t| functions(t.root_node(), &units[i].text)).unwrap_or_default())
            .collect();
        let mut by_name: HashMap<(Lang, String), Vec<(usize, Node<'_>)>> = HashMap::new();
        for (i, fs) in funcs.iter().enumerate() {
            for (name, n) in fs {
                by_name.entry((units[i].lang, name.clone())).or_default().push((i, *n));
            }
        }
        let roots: Vec<Option<Node<'_>>> = self.trees.iter().map(|t| t.as_ref().map(Tree::root_node)).collect();
        let mut run = Run {
            units,
            roots: &roots,
            funcs: &by_name,
            summaries: &mut self.summaries,
            module_env: &mut self.module_env,
            shared,
            steps: 0,
            changed: false,
            pending: Vec::new(),
        };
        for (i, t) in self.trees.iter().enumerate() {
            let Some(t) = t else { continue };
            let mut fr = Frame { unit: i, env: HashMap::new(), sum: Summary::default(), is_module: true };
            run.eval(&mut fr, t.root_node(), 0);
            for (k, v) in fr.env {
                let slot = run.module_env[i].entry(k).or_default();
                *slot = std::mem::take(slot).join(v);
            }
            for (name, def) in &funcs[i] {
                run.function(i, name, *def);
            }
        }
        for (unit, line, cmd) in std::mem::take(&mut run.pending) {
            run.shared.assembled(unit, line, &cmd, "");
        }
        run.changed
    }
}

/// Every named function or method of a file, with its node.
fn functions<'t>(root: Node<'t>, text: &str) -> Vec<(String, Node<'t>)> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    let mut seen = 0usize;
    while let Some(n) = stack.pop() {
        seen += 1;
        if seen > 200_000 || out.len() > 2_000 {
            break;
        }
        if is_function(n.kind()) {
            if let Some(name) = n.child_by_field_name("name") {
                out.push((node_text(name, text).to_owned(), n));
            }
        }
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
    }
    out
}

fn is_function(kind: &str) -> bool {
    matches!(kind, "function_declaration" | "method_declaration" | "function_item" | "method" | "singleton_method")
}

fn node_text<'a>(n: Node<'_>, text: &'a str) -> &'a str {
    text.get(n.byte_range()).unwrap_or("")
}

fn line_of(n: Node<'_>) -> usize {
    n.start_position().row + 1
}

fn named_kids<'t>(n: Node<'t>) -> Vec<Node<'t>> {
    let mut c = n.walk();
    n.named_children(&mut c).filter(|k| !matches!(k.kind(), "comment" | "line_comment" | "block_comment")).collect()
}

/// A chat bot's, a webhook's or a paste site's address: where a stolen
/// password is posted, never where a login goes.
fn drop_host(s: &str) -> bool {
    let l = s.to_ascii_lowercase();
    [
        "api.telegram.org",
        "discord.com/api/webhooks",
        "discordapp.com/api/webhooks",
        "hooks.slack.com",
        "webhook.site",
        "pastebin.com",
        "paste.ee",
        "pipedream.net",
        "requestbin",
        "ngrok",
    ]
    .iter()
    .any(|h| l.contains(h))
}

/// A Go format string with its verbs as `X`, or a Rust one with its
/// `{…}` as `X`: the command or address around the data.
fn fill_format(f: &str, rust: bool) -> String {
    let mut out = String::with_capacity(f.len());
    let mut cs = f.chars().peekable();
    while let Some(c) = cs.next() {
        if rust && c == '{' {
            if cs.peek() == Some(&'{') {
                cs.next();
                out.push('{');
                continue;
            }
            for d in cs.by_ref() {
                if d == '}' {
                    break;
                }
            }
            out.push('X');
        } else if !rust && c == '%' {
            if cs.peek() == Some(&'%') {
                cs.next();
                out.push('%');
                continue;
            }
            while let Some(&d) = cs.peek() {
                cs.next();
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
            out.push('X');
        } else {
            out.push(c);
        }
    }
    out
}

/// Names of a Rust format string's inline arguments (`{k}`, `{v:?}`).
fn inline_args(f: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = f;
    while let Some(i) = rest.find('{') {
        rest = &rest[i + 1..];
        if rest.starts_with('{') {
            rest = &rest[1..];
            continue;
        }
        let end = rest.find('}').unwrap_or(rest.len());
        let name = rest[..end].split(':').next().unwrap_or("").trim();
        if !name.is_empty()
            && name.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !name.starts_with(char::is_numeric)
        {
            out.push(name.to_owned());
        }
        rest = &rest[end..];
    }
    out
}

/// The short string literals of a file, in order: the pieces a command
/// hidden by splitting is assembled from.
fn fragments(root: Node<'_>, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if out.len() > 400 {
            break;
        }
        if matches!(n.kind(), "interpreted_string_literal_content" | "string_content" | "raw_string_literal_content") {
            let t = node_text(n, text);
            if t.len() <= 24 {
                out.push((n.start_byte(), t.to_owned()));
            }
            continue;
        }
        let mut c = n.walk();
        stack.extend(n.named_children(&mut c));
    }
    out.sort();
    out.into_iter().map(|(_, s)| s).collect()
}

/// Whether pieces of text, joined in their order or each reversed, spell a
/// download piped to a shell (in any order of the pieces: a shuffled
/// array is put back in order by the code).
fn pieces_download_and_run(pieces: &[String]) -> Option<String> {
    if pieces.len() < 3 {
        return None;
    }
    let forward: String = pieces.concat();
    let reversed: String = pieces.iter().map(|p| p.chars().rev().collect::<String>()).collect();
    [forward, reversed].into_iter().find_map(|j| {
        let l = j.to_ascii_lowercase();
        let fetch = ["curl", "wget", "http"].iter().filter_map(|w| l.find(w)).min()?;
        let piped = l.match_indices('|').any(|(i, _)| {
            let after = l[i + 1..].trim_start();
            ["sh", "bash", "zsh", "/bin/", "/usr/bin/"].iter().any(|w| after.starts_with(w))
        });
        let shell = ["bash", "/sh", "| sh", "|sh"].iter().filter_map(|w| l.rfind(w).map(|i| i + w.len())).max()?;
        let both =
            (l.contains("curl") || l.contains("wget")) && l.contains("http") && l.contains('|') && (piped || shell > 0);
        // What is shown: from the first word of the download to the last
        // of the shell, when they come in that order.
        both.then(|| if fetch < shell { j[fetch..shell].to_owned() } else { j })
    })
}

struct Run<'a, 't> {
    units: &'a [Unit],
    roots: &'a [Option<Node<'t>>],
    funcs: &'a HashMap<(Lang, String), Vec<(usize, Node<'t>)>>,
    summaries: &'a mut HashMap<(Lang, String), Summary>,
    module_env: &'a mut Vec<HashMap<String, V>>,
    shared: &'a mut Shared,
    steps: usize,
    changed: bool,
    /// Command lines built that download and run code: (unit, line, the
    /// command).
    pending: Vec<(usize, usize, String)>,
}

impl<'a, 't> Run<'a, 't> {
    fn text(&self, u: usize) -> &'a str {
        &self.units[u].text
    }

    fn lang(&self, u: usize) -> Lang {
        self.units[u].lang
    }

    fn function(&mut self, unit: usize, name: &str, def: Node<'t>) {
        let text = self.text(unit);
        let mut fr = Frame { unit, env: HashMap::new(), sum: Summary::default(), is_module: false };
        if let Some(ps) = def.child_by_field_name("parameters") {
            for (i, p) in param_names(ps, text).into_iter().enumerate().take(32) {
                fr.env.insert(p, V { params: 1 << i, ..V::default() });
            }
        }
        let Some(body) = def.child_by_field_name("body") else { return };
        // Rust and Ruby return their body's last expression.
        let mut last = V::default();
        for k in named_kids(body) {
            last = self.eval(&mut fr, k, 0);
        }
        if self.lang(unit) != Lang::Go {
            self.ret(&mut fr, last);
        }
        let key = (self.lang(unit), name.to_owned());
        let old = self.summaries.get(&key);
        let mut merged = old.cloned().unwrap_or_default();
        let s = fr.sum;
        merged.reverses |= is_reverser(node_text(body, text));
        merged.add_return(V {
            secret: s.ret_secret,
            code: s.ret_code,
            params: s.ret_params,
            pfile: s.ret_pfile,
            strs: s.ret_strs,
            ..V::default()
        });
        for sk in s.sinks {
            if merged.sinks.len() < 32 && !merged.sinks.contains(&sk) {
                merged.sinks.push(sk);
            }
        }
        if old != Some(&merged) {
            self.changed = true;
            self.summaries.insert(key, merged);
        }
    }

    fn ret(&mut self, fr: &mut Frame, v: V) {
        fr.sum.add_return(v);
    }

    fn lookup(&self, fr: &Frame, name: &str) -> Option<V> {
        if let Some(v) = fr.env.get(name) {
            return Some(v.clone());
        }
        if let Some(v) = self.module_env[fr.unit].get(name) {
            return Some(v.clone());
        }
        // A package's variable or a Ruby constant, from another file of the
        // same language.
        let lang = self.lang(fr.unit);
        let upper = name.starts_with(|c: char| c.is_ascii_uppercase());
        if lang == Lang::Go || (lang == Lang::Ruby && upper) {
            for (i, env) in self.module_env.iter().enumerate() {
                if i != fr.unit && self.units[i].lang == lang {
                    if let Some(v) = env.get(name) {
                        return Some(v.clone());
                    }
                }
            }
        }
        None
    }

    fn bind(&mut self, fr: &mut Frame, target: Node<'t>, v: V) {
        let text = self.text(fr.unit);
        match target.kind() {
            "identifier" | "constant" | "instance_variable" | "class_variable" | "global_variable" => {
                let name = node_text(target, text).to_owned();
                let slot = fr.env.entry(name).or_default();
                *slot = std::mem::take(slot).join(v);
            }
            "expression_list"
            | "tuple_pattern"
            | "left_assignment_list"
            | "destructured_left_assignment"
            | "tuple_struct_pattern"
            | "mut_pattern"
            | "ref_pattern"
            | "reference_pattern"
            | "splat_argument"
            | "rest_assignment" => {
                for k in named_kids(target) {
                    self.bind(fr, k, v.taint());
                }
            }
            // `data[k] = v`, `s.field = v`: the container holds it.
            "index_expression" | "element_reference" | "selector_expression" | "field_expression" | "call" => {
                let root = target
                    .child_by_field_name("operand")
                    .or_else(|| target.child_by_field_name("object"))
                    .or_else(|| target.child_by_field_name("value"))
                    .or_else(|| target.child_by_field_name("receiver"))
                    .or_else(|| target.named_child(0));
                if let Some(r) = root {
                    if r.id() != target.id() {
                        self.bind(fr, r, v.taint());
                    }
                }
            }
            _ => {}
        }
    }

    fn eval(&mut self, fr: &mut Frame, n: Node<'t>, depth: usize) -> V {
        if depth > MAX_DEPTH || self.steps > MAX_STEPS {
            return V::default();
        }
        self.steps += 1;
        let text = self.text(fr.unit);
        let lang = self.lang(fr.unit);
        let kind = n.kind();
        match kind {
            k if is_function(k) => V::default(),
            "comment" | "line_comment" | "block_comment" => V::default(),
            "identifier" | "constant" | "instance_variable" | "class_variable" | "global_variable" => {
                let name = node_text(n, text);
                if let Some(v) = self.lookup(fr, name) {
                    return v;
                }
                if lang == Lang::Ruby && name == "ENV" {
                    return self.src(fr, SrcKind::Env, n, "ENV");
                }
                // A Ruby method called without arguments or parentheses.
                if lang == Lang::Ruby && kind == "identifier" {
                    return self.call_own(fr, name, &[], line_of(n));
                }
                V::default()
            }
            "int_literal" | "integer" | "integer_literal" => {
                let t = node_text(n, text).replace('_', "");
                let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
                    i64::from_str_radix(h, 16).ok()
                } else if let Some(o) = t.strip_prefix("0o") {
                    i64::from_str_radix(o, 8).ok()
                } else {
                    t.trim_end_matches(|c: char| c.is_ascii_alphabetic()).parse().ok()
                };
                V { ints: v.into_iter().collect(), ..V::default() }
            }
            "interpreted_string_literal"
            | "raw_string_literal"
            | "string_literal"
            | "string"
            | "subshell"
            | "bare_string"
            | "simple_symbol" => {
                let v = self.string(fr, n, depth);
                if kind == "subshell" {
                    self.process(fr, std::slice::from_ref(&v), line_of(n), "a backtick command");
                }
                v
            }
            "string_array" => {
                let items: Vec<String> = named_kids(n).iter().map(|k| node_text(*k, text).to_owned()).collect();
                V { items, ..V::default() }
            }
            "composite_literal" | "literal_value" | "array_expression" | "array" | "tuple_expression" => {
                let kids = match n.child_by_field_name("body") {
                    Some(b) => named_kids(b),
                    None => named_kids(n),
                };
                let mut v = V::default();
                for k in kids {
                    let kv = self.eval(fr, k, depth + 1);
                    if v.items.len() < MAX_ITEMS {
                        if let Some(s) = kv.str1() {
                            v.items.push(s.to_owned());
                        }
                        if let [i] = kv.ints[..] {
                            v.ints.push(i);
                        }
                    }
                    v = v.join(kv.taint());
                }
                v
            }
            "literal_element"
            | "keyed_element"
            | "pair"
            | "parenthesized_expression"
            | "parenthesized_statements"
            | "expression_statement"
            | "type_conversion_expression"
            | "unary_expression"
            | "reference_expression"
            | "try_expression"
            | "await_expression"
            | "unary"
            | "go_statement"
            | "defer_statement"
            | "interpolation"
            | "argument_list"
            | "arguments" => {
                let kids = named_kids(n);
                let last = kids.len().saturating_sub(1);
                let mut data = V::default();
                let mut shown = V::default();
                for (i, k) in kids.into_iter().enumerate() {
                    // A pair's key and a conversion's type say nothing.
                    if (kind == "pair" || kind == "keyed_element") && i == 0 && last > 0 {
                        continue;
                    }
                    if kind == "type_conversion_expression" && Some(k) == n.child_by_field_name("type") {
                        continue;
                    }
                    let kv = self.eval(fr, k, depth + 1);
                    data = data.join(kv.taint());
                    if i == last {
                        shown = kv;
                    }
                }
                // One named key as an authentication header or parameter
                // (`"Authorization" => "Bearer #{ENV["GH_TOKEN"]}"`) is how a
                // client talks to its API, as in `code`.
                if matches!(kind, "pair" | "keyed_element")
                    && data.secret.as_ref().is_some_and(|s| s.kind == SrcKind::Named && s.what != TYPED)
                {
                    let key = n.child_by_field_name("key").or_else(|| n.named_child(0));
                    let key =
                        key.map(|k| node_text(k, text).trim_matches(['"', '\'', ':']).to_owned()).unwrap_or_default();
                    if super::code::is_auth_kwarg(&key) {
                        data.secret = None;
                    }
                }
                data.with_text(shown)
            }
            "index_expression" | "element_reference" => self.index(fr, n, depth),
            "slice_expression" => {
                let base = n.child_by_field_name("operand").map(|o| self.eval(fr, o, depth + 1)).unwrap_or_default();
                let num = |r: &mut Self, f: &Frame, name: &str| -> Option<usize> {
                    let k = n.child_by_field_name(name)?;
                    node_text(k, r.text(f.unit)).trim().parse().ok()
                };
                let (lo, hi) = (num(self, fr, "start").unwrap_or(0), num(self, fr, "end").unwrap_or(base.items.len()));
                let mut v = base.taint();
                if lo <= hi && hi <= base.items.len() {
                    v.items = base.items[lo..hi].to_vec();
                }
                v.built = true;
                v
            }
            "binary_expression" | "binary" => {
                let l = n.child_by_field_name("left").map(|x| self.eval(fr, x, depth + 1)).unwrap_or_default();
                let r = n.child_by_field_name("right").map(|x| self.eval(fr, x, depth + 1)).unwrap_or_default();
                let op = n.child_by_field_name("operator").map(|o| node_text(o, text)).unwrap_or("");
                let mut v = l.taint().join(r.taint());
                match op {
                    "+" => {
                        for a in &l.strs {
                            for b in &r.strs {
                                if v.strs.len() < MAX_STRS && a.len() + b.len() <= MAX_STR_LEN {
                                    v.strs.push(format!("{a}{b}"));
                                }
                            }
                        }
                        v.built = true;
                        self.note_built(fr, &v, line_of(n));
                    }
                    "^" => {
                        if let ([a], [b]) = (&l.ints[..], &r.ints[..]) {
                            v.ints = vec![a ^ b];
                        }
                    }
                    "||" | "or" | "??" => {
                        v.strs = l.strs.iter().chain(&r.strs).take(MAX_STRS).cloned().collect();
                    }
                    _ => {}
                }
                v
            }
            "type_cast_expression" => {
                let mut v = n.child_by_field_name("value").map(|x| self.eval(fr, x, depth + 1)).unwrap_or_default();
                let to = n.child_by_field_name("type").map(|t| node_text(t, text)).unwrap_or("");
                if to == "char" && v.ints.len() == 1 {
                    v.strs = vec![chars_of(&v.ints)];
                }
                v
            }
            "selector_expression" | "field_expression" | "scope_resolution" => {
                let base = n
                    .child_by_field_name("operand")
                    .or_else(|| n.child_by_field_name("value"))
                    .map(|b| self.eval(fr, b, depth + 1))
                    .unwrap_or_default();
                V { conn: base.conn, ..base.taint() }
            }
            "call_expression" | "call" | "method_call" => self.call(fr, n, depth),
            "macro_invocation" => self.macro_call(fr, n, depth),
            "func_literal" | "closure_expression" | "block" | "do_block" | "lambda" => {
                // Closures run where they are written, over the same names.
                let v = match n.child_by_field_name("body") {
                    Some(b) => self.eval(fr, b, depth + 1),
                    None => self.eval_children(fr, n, depth),
                };
                v
            }
            "short_var_declaration"
            | "assignment_statement"
            | "assignment_expression"
            | "assignment"
            | "compound_assignment_expr"
            | "operator_assignment" => {
                let (Some(l), Some(r)) = (n.child_by_field_name("left"), n.child_by_field_name("right")) else {
                    return V::default();
                };
                self.assign(fr, l, r, depth)
            }
            "var_spec" | "const_spec" => {
                let Some(value) = n.child_by_field_name("value") else { return V::default() };
                let names: Vec<Node<'t>> = {
                    let mut c = n.walk();
                    n.children_by_field_name("name", &mut c).collect()
                };
                let vals = named_kids(value);
                let mut all = V::default();
                for (i, name) in names.iter().enumerate() {
                    let v = match vals.get(i).or(vals.first()) {
                        Some(x) => self.eval(fr, *x, depth + 1),
                        None => V::default(),
                    };
                    self.bind(fr, *name, v.clone());
                    all = all.join(v.taint());
                }
                all
            }
            "const_item" | "static_item" => {
                let (Some(name), Some(value)) = (n.child_by_field_name("name"), n.child_by_field_name("value")) else {
                    return V::default();
                };
                let v = self.eval(fr, value, depth + 1);
                self.bind(fr, name, v.clone());
                v
            }
            "let_declaration" => {
                let (Some(p), Some(value)) = (n.child_by_field_name("pattern"), n.child_by_field_name("value")) else {
                    return V::default();
                };
                let v = self.eval(fr, value, depth + 1);
                self.bind(fr, p, v.clone());
                v
            }
            "range_clause" => {
                let r = n.child_by_field_name("right").map(|x| self.eval(fr, x, depth + 1)).unwrap_or_default();
                if let Some(l) = n.child_by_field_name("left") {
                    self.bind(fr, l, r.taint());
                }
                r
            }
            "for_expression" | "for" => {
                let v = n.child_by_field_name("value").map(|x| self.eval(fr, x, depth + 1)).unwrap_or_default();
                if let Some(p) = n.child_by_field_name("pattern") {
                    self.bind(fr, p, v.taint());
                }
                if let Some(b) = n.child_by_field_name("body") {
                    self.eval(fr, b, depth + 1);
                }
                V::default()
            }
            "return_statement" | "return_expression" | "return" => {
                let v = self.eval_children(fr, n, depth);
                self.ret(fr, v.clone());
                v
            }
            _ => self.eval_children(fr, n, depth),
        }
    }

    /// Every child in order; the value of all of them (the text of the last
    /// when it is the only one).
    fn eval_children(&mut self, fr: &mut Frame, n: Node<'t>, depth: usize) -> V {
        let kids = named_kids(n);
        let one = kids.len() == 1;
        let mut v = V::default();
        for k in kids {
            let kv = self.eval(fr, k, depth + 1);
            v = if one { kv } else { v.join(kv.taint()) };
        }
        v
    }

    fn assign(&mut self, fr: &mut Frame, l: Node<'t>, r: Node<'t>, depth: usize) -> V {
        let ls = if l.kind() == "expression_list" { named_kids(l) } else { vec![l] };
        let rs = if r.kind() == "expression_list" { named_kids(r) } else { vec![r] };
        let mut all = V::default();
        if ls.len() == rs.len() {
            for (a, b) in ls.iter().zip(&rs) {
                let v = self.eval(fr, *b, depth + 1);
                self.bind(fr, *a, v.clone());
                all = all.join(v);
            }
        } else {
            // `raw, err := os.ReadFile(p)`: the first name holds the value.
            let mut v = V::default();
            for b in &rs {
                v = v.join(self.eval(fr, *b, depth + 1));
            }
            if let Some(first) = ls.first() {
                self.bind(fr, *first, v.clone());
            }
            all = v;
        }
        all
    }

    /// A string literal: its text with escapes decoded and interpolations as
    /// `X` (their data joined).
    fn string(&mut self, fr: &mut Frame, n: Node<'t>, depth: usize) -> V {
        let text = self.text(fr.unit);
        let kids = named_kids(n);
        if kids.is_empty() {
            let raw = node_text(n, text);
            let body = raw.trim_start_matches(['r', '#', 'b', ':']).trim_matches(['"', '\'', '`', '#']);
            return V::s(body.to_owned());
        }
        let mut s = String::new();
        let mut v = V::default();
        for k in kids {
            match k.kind() {
                "escape_sequence" => s.push_str(&names::unescape(node_text(k, text))),
                "interpolation" => {
                    let iv = self.eval(fr, k, depth + 1);
                    match iv.str1() {
                        Some(x) => s.push_str(x),
                        None => s.push('X'),
                    }
                    v = v.join(iv.taint());
                    v.built = true;
                }
                _ => s.push_str(node_text(k, text)),
            }
        }
        if s.len() <= MAX_STR_LEN {
            v.strs = vec![s];
        }
        v
    }

    fn index(&mut self, fr: &mut Frame, n: Node<'t>, depth: usize) -> V {
        let text = self.text(fr.unit);
        let kids = named_kids(n);
        let base_node =
            n.child_by_field_name("operand").or_else(|| n.child_by_field_name("object")).or(kids.first().copied());
        let Some(base_node) = base_node else { return V::default() };
        let idx_node =
            n.child_by_field_name("index").or_else(|| kids.iter().copied().find(|k| k.id() != base_node.id()));
        let idx = idx_node.map(|i| self.eval(fr, i, depth + 1)).unwrap_or_default();
        // `ENV["GITHUB_TOKEN"]`: one variable, not the environment.
        if self.lang(fr.unit) == Lang::Ruby && node_text(base_node, text) == "ENV" && self.lookup(fr, "ENV").is_none() {
            return self.env_var(fr, idx.str1().unwrap_or(""), base_node);
        }
        let base = self.eval(fr, base_node, depth + 1);
        let mut v = base.taint().join(idx.taint());
        if let [i] = idx.ints[..] {
            if let Some(s) = usize::try_from(i).ok().and_then(|i| base.items.get(i)) {
                v.strs = vec![s.clone()];
                v.built = true;
            }
        }
        v
    }

    fn src(&mut self, fr: &Frame, kind: SrcKind, at: Node<'_>, what: &str) -> V {
        let s = Src { kind, unit: fr.unit, line: line_of(at), what: what.to_owned() };
        if kind == SrcKind::Download {
            V { code: Some(s), ..V::default() }
        } else {
            V { secret: Some(s), ..V::default() }
        }
    }

    fn env_var(&mut self, fr: &Frame, name: &str, at: Node<'_>) -> V {
        if name == "HOME" || name == "USERPROFILE" {
            return V::s("~".to_owned());
        }
        if is_secret_name(name) {
            return self.src(fr, SrcKind::Named, at, name);
        }
        V::default()
    }

    /// A file read: a credential source when its path names one; the
    /// parameters its path depends on, for the callers.
    fn read_file(&mut self, fr: &Frame, path: &V, at: Node<'_>) -> V {
        let mut v = V { pfile: path.params, ..V::default() };
        if let Some(p) = path.strs.iter().find(|p| is_credential_path(p)) {
            v = v.join(self.src(fr, SrcKind::CredFile, at, p));
        }
        v
    }

    /// A send of `vals` at `line`.
    fn send(&mut self, fr: &mut Frame, vals: &[V], line: usize, what: &str, hint: String) {
        let site = Site { unit: fr.unit, line, what: what.to_owned(), hint, uses: Use::Send };
        self.sink(fr, vals, site);
    }

    fn sink(&mut self, fr: &mut Frame, vals: &[V], site: Site) {
        let mut params = 0u32;
        let mut pfile = 0u32;
        for v in vals {
            let data = if site.uses == Use::Send { v.secret.as_ref() } else { v.code.as_ref() };
            if let Some(s) = data {
                let line = self.text(site.unit).lines().nth(site.line.saturating_sub(1)).unwrap_or("");
                if !(s.what == TYPED && !drop_host(&site.hint) && !drop_host(line)) {
                    self.shared.flow(s, site.clone());
                }
            }
            params |= v.params;
            pfile |= v.pfile;
        }
        if !fr.is_module {
            for (mask, file) in [(params, false), (pfile, true)] {
                if mask != 0 && fr.sum.sinks.len() < 32 {
                    let s = (mask, file, site.clone());
                    if !fr.sum.sinks.contains(&s) {
                        fr.sum.sinks.push(s);
                    }
                }
            }
        }
    }

    /// A process started with `argv` (its program first, or one command
    /// line): a network program sends its arguments; a shell's command line
    /// runs what was downloaded, or downloads and runs code.
    fn process(&mut self, fr: &mut Frame, argv: &[V], line: usize, what: &str) {
        let Some(first) = argv.first() else { return };
        let words: Vec<String> =
            first.strs.first().map(|s| s.split_whitespace().map(str::to_owned).collect()).unwrap_or_default();
        let prog = words.first().cloned().unwrap_or_default();
        let one_line = argv.len() == 1;
        self.dropper_steps(fr, argv, &prog, line, what);
        if is_net_tool(&prog) || (one_line && first.strs.iter().any(|s| names::is_net_command(s))) {
            let hint = argv.iter().flat_map(|a| a.strs.iter()).cloned().collect::<Vec<_>>().join(" ");
            self.send(fr, argv, line, if prog.is_empty() { what } else { &prog }, hint);
            return;
        }
        // The command line a shell runs: after `-c`, or the one line given.
        let cmd: Option<&V> = if names::is_shell(&prog) {
            argv.iter()
                .position(|a| a.str1().is_some_and(|s| matches!(s, "-c" | "/c" | "-Command" | "-command")))
                .and_then(|i| argv.get(i + 1))
                .or(argv.last().filter(|_| argv.len() > 1))
        } else if one_line {
            Some(first)
        } else {
            None
        };
        let Some(cmd) = cmd else { return };
        let site = Site { unit: fr.unit, line, what: what.to_owned(), hint: String::new(), uses: Use::Run };
        if cmd.code.is_some() {
            self.sink(fr, std::slice::from_ref(cmd), site);
            return;
        }
        // A command line the code assembles (a literal one is the fixed
        // rules' to read, where it is written).
        let assembled =
            if cmd.built { cmd.strs.iter().find(|s| super::code::downloads_and_runs(s)).cloned() } else { None };
        let assembled = assembled.or_else(|| {
            (cmd.strs.is_empty() && names::is_shell(&prog))
                .then(|| {
                    let root = self.root_of(fr.unit)?;
                    pieces_download_and_run(&fragments(root, self.text(fr.unit)))
                })
                .flatten()
        });
        if let Some(c) = assembled {
            self.shared.assembled(fr.unit, line, &c, &site.what);
        } else if cmd.built {
            if let Some(c) = cmd.strs.iter().find(|s| super::code::wipes(s)) {
                self.shared.assembled_as(fr.unit, line, c, &site.what, Use::Wipe);
            }
        }
    }

    /// A download saved to a file (`curl -o F URL`, its address a literal
    /// or built at run time), and a process started with a file a download
    /// was saved to: the dropper's two steps (R-RULE-5), as the shell's
    /// reading has them. A vendor's own installer is that vendor's still.
    fn dropper_steps(&mut self, fr: &Frame, argv: &[V], prog: &str, line: usize, what: &str) {
        if matches!(prog, "curl" | "wget") {
            let url =
                argv.iter().flat_map(|a| a.strs.iter()).find(|s| s.starts_with("http://") || s.starts_with("https://"));
            let vendor = url.is_some_and(|u| crate::rules::vendor_installer_of(u).is_some());
            let out_at = argv.iter().position(|a| a.str1().is_some_and(|w| names::is_output_option(prog, w)));
            if let (false, Some(i)) = (vendor, out_at) {
                if let Some(file) = argv.get(i + 1).and_then(|v| v.strs.first()) {
                    let from = url.map_or("an address built at run time", String::as_str);
                    let src = Src { kind: SrcKind::Download, unit: fr.unit, line, what: format!("{prog} {from}") };
                    self.shared.drop_code(file, &src);
                }
            }
        }
        if !self.shared.code_drops.is_empty() {
            let words: Vec<&str> =
                argv.iter().take(2).flat_map(|a| a.strs.iter()).flat_map(|s| s.split_whitespace()).collect();
            if let Some(src) = self.shared.code_dropped(words) {
                let site = Site { unit: fr.unit, line, what: what.to_owned(), hint: String::new(), uses: Use::Run };
                self.shared.flow(&src, site);
            }
        }
    }

    fn root_of(&self, unit: usize) -> Option<Node<'t>> {
        self.roots.get(unit).copied().flatten()
    }

    /// A call of a function of the folder by its name, with its summary.
    fn call_own(&mut self, fr: &mut Frame, name: &str, args: &[V], line: usize) -> V {
        let key = (self.lang(fr.unit), name.to_owned());
        if !self.funcs.contains_key(&key) {
            return V::default();
        }
        let Some(s) = self.summaries.get(&key).cloned() else { return V::default() };
        let mut v =
            V { secret: s.ret_secret.clone(), code: s.ret_code.clone(), strs: s.ret_strs.clone(), ..V::default() };
        if s.reverses {
            if let [a] = args {
                v.strs = a.strs.iter().map(|x| x.chars().rev().collect()).collect();
                v.built = true;
            }
        }
        for (i, a) in args.iter().enumerate().take(32) {
            if s.ret_params & (1 << i) != 0 {
                v = v.join(a.taint());
            }
            if s.ret_pfile & (1 << i) != 0 {
                let here = Src { kind: SrcKind::CredFile, unit: fr.unit, line, what: String::new() };
                if let Some(p) = a.strs.iter().find(|p| is_credential_path(p)) {
                    v = v.join(V { secret: Some(Src { what: p.clone(), ..here }), ..V::default() });
                }
                v.pfile |= a.params;
            }
        }
        for (mask, file, site) in &s.sinks {
            for (i, a) in args.iter().enumerate().take(32) {
                if mask & (1 << i) == 0 {
                    continue;
                }
                if *file {
                    if let Some(p) = a.strs.iter().find(|p| is_credential_path(p)) {
                        let src = Src { kind: SrcKind::CredFile, unit: fr.unit, line, what: p.clone() };
                        self.shared.flow(&src, site.clone());
                    }
                    if a.params != 0 && !fr.is_module && fr.sum.sinks.len() < 32 {
                        fr.sum.sinks.push((a.params, true, site.clone()));
                    }
                } else {
                    let a2 = V {
                        pfile: a.pfile,
                        params: a.params,
                        secret: a.secret.clone(),
                        code: a.code.clone(),
                        ..V::default()
                    };
                    self.sink(fr, &[a2], site.clone());
                }
            }
        }
        v
    }

    fn macro_call(&mut self, fr: &mut Frame, n: Node<'t>, depth: usize) -> V {
        let text = self.text(fr.unit);
        let name = n.child_by_field_name("macro").map(|m| node_text(m, text)).unwrap_or("");
        let mut v = V::default();
        let mut fmt: Option<String> = None;
        let mut stack: Vec<Node<'t>> = named_kids(n).into_iter().filter(|k| k.kind() == "token_tree").collect();
        let mut seen = 0;
        while let Some(t) = stack.pop() {
            seen += 1;
            if seen > 256 {
                break;
            }
            for k in named_kids(t) {
                match k.kind() {
                    "token_tree" => stack.push(k),
                    "string_literal" | "raw_string_literal" => {
                        let s = self.string(fr, k, depth + 1);
                        // A pattern of keys built inside a macro
                        // (`vec![Regex::new(r"0x[a-f0-9]{64}").unwrap(), …]`).
                        if let Some(p) = s.str1().filter(|p| names::is_key_pattern(p)) {
                            if node_text(n, text).contains("Regex") {
                                let what = names::keys_matched(p);
                                v = v.join(self.src(fr, SrcKind::CredFile, k, &what));
                            }
                        }
                        if fmt.is_none() {
                            fmt = s.str1().map(str::to_owned);
                        }
                    }
                    "identifier" => {
                        if let Some(x) = self.lookup(fr, node_text(k, text)) {
                            v = v.join(x.taint());
                        }
                    }
                    _ => {}
                }
            }
        }
        if let Some(f) = fmt {
            for a in inline_args(&f) {
                if let Some(x) = self.lookup(fr, &a) {
                    v = v.join(x.taint());
                }
            }
            if matches!(name, "format" | "concat") {
                v.strs = vec![fill_format(&f, true)];
                v.built = true;
            }
        }
        v
    }

    fn call(&mut self, fr: &mut Frame, n: Node<'t>, depth: usize) -> V {
        let text = self.text(fr.unit);
        let lang = self.lang(fr.unit);
        let line = line_of(n);
        let (func, recv_node, method) = match lang {
            Lang::Ruby => {
                let m = n.child_by_field_name("method").map(|m| node_text(m, text)).unwrap_or("");
                (None, n.child_by_field_name("receiver"), m)
            }
            _ => {
                let Some(f) = n.child_by_field_name("function") else { return self.eval_children(fr, n, depth) };
                match f.kind() {
                    "selector_expression" => (
                        Some(f),
                        f.child_by_field_name("operand"),
                        f.child_by_field_name("field").map(|x| node_text(x, text)).unwrap_or(""),
                    ),
                    "field_expression" => (
                        Some(f),
                        f.child_by_field_name("value"),
                        f.child_by_field_name("field").map(|x| node_text(x, text)).unwrap_or(""),
                    ),
                    "scoped_identifier" => {
                        (Some(f), None, f.child_by_field_name("name").map(|x| node_text(x, text)).unwrap_or(""))
                    }
                    "identifier" => (Some(f), None, node_text(f, text)),
                    _ => {
                        // `func() { … }()`: the closure runs here.
                        let v = self.eval(fr, f, depth + 1);
                        let a =
                            n.child_by_field_name("arguments").map(|a| self.eval(fr, a, depth + 1)).unwrap_or_default();
                        return v.join(a.taint());
                    }
                }
            }
        };
        // The qualified name, as written: `os.ReadFile`, `env::var`,
        // `Net::HTTP.post_form`.
        let recv_text = recv_node.map(|r| node_text(r, text)).unwrap_or("");
        let q: String = match (lang, func) {
            (Lang::Ruby, _) => {
                if recv_text.is_empty() {
                    method.to_owned()
                } else {
                    format!("{recv_text}.{method}")
                }
            }
            (_, Some(f)) => node_text(f, text).trim_start_matches("std::").trim_start_matches("::").to_owned(),
            _ => method.to_owned(),
        };
        let q: String = q.chars().filter(|c| !c.is_whitespace()).collect();
        // A package or a class named as the receiver (`strings.Join`,
        // `File.read`) is not a value.
        let recv = recv_node
            .filter(|r| {
                !matches!(r.kind(), "identifier" | "constant" | "scope_resolution" | "package_identifier")
                    || self.lookup(fr, node_text(*r, text)).is_some()
                    || node_text(*r, text) == "ENV"
            })
            .map(|r| self.eval(fr, r, depth + 1));
        let arg_nodes: Vec<Node<'t>> = n.child_by_field_name("arguments").map(named_kids).unwrap_or_default();
        let args: Vec<V> = arg_nodes.iter().map(|a| self.eval(fr, *a, depth + 1)).collect();
        let at = n;
        let arg_str = |i: usize| args.get(i).and_then(|a| a.str1()).unwrap_or("").to_owned();
        let hint_of = |vals: &[V]| vals.iter().flat_map(|a| a.strs.iter()).cloned().collect::<Vec<_>>().join(" ");
        let all_args = || args.iter().fold(V::default(), |acc, a| acc.join(a.taint()));

        // Sources.
        match q.as_str() {
            "os.Getenv" | "os.LookupEnv" | "syscall.Getenv" | "env::var" | "env::var_os" | "dotenv::var"
            | "ENV.fetch" | "ENV.[]" => return self.env_var(fr, &arg_str(0), at),
            "os.Environ" | "syscall.Environ" | "env::vars" | "env::vars_os" | "ENV.to_h" | "ENV.to_a"
            | "ENV.to_hash" | "ENV.each" | "ENV.each_pair" | "ENV.select" | "ENV.filter" | "ENV.map" | "ENV.keys"
            | "ENV.inspect" => {
                let v = self.src(fr, SrcKind::Env, at, &q);
                self.block(fr, n, &v, depth);
                return v;
            }
            "os.UserHomeDir" | "dirs::home_dir" | "home::home_dir" | "env::home_dir" | "Dir.home" => {
                return V::s("~".to_owned());
            }
            // A pattern of private keys or tokens: what it matches in the
            // files read is a secret (a build script scanning a project).
            "Regex::new" | "regex::Regex::new" | "RegexBuilder::new" | "regexp.MustCompile" | "regexp.Compile"
            | "Regexp.new"
                if names::is_key_pattern(&arg_str(0)) =>
            {
                let what = names::keys_matched(&arg_str(0));
                return self.src(fr, SrcKind::CredFile, at, &what);
            }
            "filepath.Join" | "path.Join" | "File.join" | "Path::new" | "PathBuf::from" => {
                let parts: Vec<Vec<String>> = args.iter().map(|a| a.strs.clone()).collect();
                let mut v = all_args();
                if parts.iter().all(|p| p.len() == 1) && !parts.is_empty() {
                    v.strs = vec![parts.iter().map(|p| p[0].trim_end_matches('/')).collect::<Vec<_>>().join("/")];
                }
                return v;
            }
            "File.expand_path" => {
                let mut v = all_args();
                v.strs = args.first().map(|a| a.strs.clone()).unwrap_or_default();
                return v;
            }
            "os.ReadFile" | "ioutil.ReadFile" | "os.Open" | "os.OpenFile" | "fs::read_to_string" | "fs::read"
            | "File::open" | "File.read" | "File.binread" | "IO.read" | "File.readlines" | "File.open" | "File.new"
            | "YAML.load_file" | "JSON.load_file" => {
                let path = args.first().cloned().unwrap_or_default();
                let v = self.read_file(fr, &path, at);
                self.block(fr, n, &v, depth);
                return v;
            }
            "term.ReadPassword"
            | "terminal.ReadPassword"
            | "rpassword::read_password"
            | "rpassword::prompt_password"
            | "IO.console.getpass"
            | "STDIN.getpass"
            | "$stdin.getpass"
            | "STDIN.noecho"
            | "$stdin.noecho" => {
                return self.src(fr, SrcKind::Named, at, TYPED);
            }
            _ => {}
        }
        if lang == Lang::Ruby && method == "mask" && text.contains("TTY::Prompt") {
            return self.src(fr, SrcKind::Named, at, TYPED);
        }

        // Downloads, which are also sends of what their address carries.
        // A DNS TXT record's answer is what its zone's owner writes there.
        let download = matches!(
            q.as_str(),
            "http.Get"
                | "net.LookupTXT"
                | "net.DefaultResolver.LookupTXT"
                | "reqwest::get"
                | "reqwest::blocking::get"
                | "ureq::get"
                | "Net::HTTP.get"
                | "Net::HTTP.get_response"
                | "URI.open"
                | "HTTParty.get"
                | "Faraday.get"
                | "RestClient.get"
                | "Excon.get"
        ) || (lang == Lang::Ruby && method == "read" && recv_text.starts_with("URI.open"))
            // A resolver of its own (`r := &net.Resolver{…}; r.LookupTXT(…)`).
            || (lang == Lang::Go && method == "LookupTXT")
            || (q == "open" && arg_str(0).starts_with("http"));
        if download {
            self.send(fr, &args, line, &q, hint_of(&args));
            let mut v = self.src(fr, SrcKind::Download, at, &q).join(all_args());
            v.conn = false;
            self.block(fr, n, &v, depth);
            return v;
        }

        // Sends.
        let send_call = matches!(
            q.as_str(),
            "http.Post"
                | "http.PostForm"
                | "http.NewRequest"
                | "http.NewRequestWithContext"
                | "Net::HTTP.post"
                | "Net::HTTP.post_form"
                | "HTTParty.post"
                | "HTTParty.put"
                | "Faraday.post"
                | "Faraday.put"
                | "RestClient.post"
                | "RestClient.put"
                | "Excon.post"
                | "Resolv.getaddress"
                | "Resolv.getaddresses"
                | "dns_lookup::lookup_host"
                | "net::lookup_host"
                | "tokio::net::lookup_host"
        ) || (lang == Lang::Go
            && matches!(
                method,
                "LookupHost" | "LookupIP" | "LookupTXT" | "LookupCNAME" | "LookupMX" | "LookupAddr" | "LookupNS"
            ))
            || (lang == Lang::Rust && method == "to_socket_addrs");
        if send_call {
            let mut vals = args.clone();
            if let Some(r) = &recv {
                vals.push(r.clone());
            }
            self.send(fr, &vals, line, &q, hint_of(&args));
            return V { conn: true, ..all_args() };
        }
        // Connections: what is written to them is sent.
        if matches!(
            q.as_str(),
            "net.Dial"
                | "net.DialTimeout"
                | "tls.Dial"
                | "TcpStream::connect"
                | "UdpSocket::bind"
                | "TCPSocket.new"
                | "TCPSocket.open"
                | "Socket.tcp"
                | "UDPSocket.new"
                | "Net::HTTP.new"
                | "Net::HTTP.start"
                | "reqwest::Client::new"
                | "reqwest::blocking::Client::new"
                | "Client::new"
                | "http.Client"
                | "ureq::post"
                | "ureq::put"
                | "ureq::request"
                | "ureq::patch"
        ) {
            return V { conn: true, ..all_args() };
        }
        if let Some(r) = &recv {
            if r.conn {
                if matches!(
                    method,
                    "Write"
                        | "WriteString"
                        | "write"
                        | "write_all"
                        | "puts"
                        | "print"
                        | "send"
                        | "send_to"
                        | "sendmsg"
                        | "post"
                        | "put"
                        | "request"
                        | "body"
                        | "json"
                        | "form"
                        | "query"
                        | "send_string"
                        | "send_json"
                        | "send_form"
                        | "Do"
                        | "Post"
                        | "PostForm"
                        | "Get"
                        | "get"
                ) {
                    let mut vals = args.clone();
                    vals.push(r.clone());
                    self.send(fr, &vals, line, &q, hint_of(&args));
                }
                // What a connection gives back is code when it is run (a
                // remote shell's commands, a loader's next stage).
                if matches!(
                    method,
                    "Read"
                        | "ReadString"
                        | "ReadLine"
                        | "ReadBytes"
                        | "Text"
                        | "read"
                        | "read_line"
                        | "read_to_string"
                        | "read_to_end"
                        | "gets"
                        | "readline"
                        | "recv"
                        | "readpartial"
                        | "body"
                ) {
                    let what = format!("what a network connection sends ({q})");
                    return V { conn: true, ..self.src(fr, SrcKind::Download, n, &what).join(r.taint()) };
                }
                return V { conn: true, ..r.taint().join(all_args()) };
            }
        }
        if lang == Lang::Go && q.starts_with("fmt.Fprint") {
            if let Some(w) = args.first().filter(|w| w.conn) {
                let vals = args[1..].to_vec();
                self.send(fr, &vals, line, &q, hint_of(std::slice::from_ref(w)));
                return V::default();
            }
        }

        // Processes.
        match q.as_str() {
            "exec.Command" | "exec.CommandContext" => {
                let argv = if q.ends_with("Context") { &args[args.len().min(1)..] } else { &args[..] };
                let argv = spread(argv);
                self.process(fr, &argv, line, &q);
                return V::default();
            }
            "Command::new" | "process::Command::new" => {
                return V { tool: Some(arg_str(0)), argv: args.clone(), ..V::default() };
            }
            "system" | "exec" | "spawn" | "Kernel.system" | "Kernel.exec" | "Kernel.spawn" | "Process.spawn"
            | "IO.popen" | "Open3.capture2" | "Open3.capture2e" | "Open3.capture3" | "Open3.popen3"
            | "Open3.popen2" => {
                // `system(ENV, "cmd")`: a leading environment is not the command.
                let start = usize::from(args.len() > 1 && args[0].strs.is_empty() && args[0].items.is_empty());
                let argv: Vec<V> = spread(&args[start..]);
                self.process(fr, &argv, line, &q);
                self.block(fr, n, &V::default(), depth);
                return V::default();
            }
            "eval" | "Kernel.eval" | "instance_eval" | "class_eval" | "module_eval" | "binding.eval"
            | "instance_exec" => {
                let site = Site { unit: fr.unit, line, what: q.clone(), hint: String::new(), uses: Use::Run };
                self.sink(fr, &args, site);
                return V::default();
            }
            _ => {}
        }
        if let Some(r) = &recv {
            if let Some(tool) = &r.tool {
                let mut v = r.clone();
                if matches!(method, "arg" | "args") {
                    let added = spread(&args);
                    v.argv.extend(added.clone());
                    if is_net_tool(tool) {
                        let hint = hint_of(&added);
                        self.send(fr, &added, line, tool, hint);
                    }
                } else if matches!(method, "output" | "spawn" | "status" | "exec") {
                    let mut argv = vec![V::s(tool.clone())];
                    argv.extend(r.argv.iter().skip(1).cloned());
                    if is_net_tool(tool) {
                        self.dropper_steps(fr, &argv, tool, line, &format!("Command::new(\"{tool}\")"));
                    } else {
                        self.process(fr, &argv, line, &format!("Command::new(\"{tool}\")"));
                    }
                    return r.taint();
                }
                return v;
            }
        }

        // Functions of the folder.
        if self.funcs.contains_key(&(lang, method.to_owned())) {
            let v = self.call_own(fr, method, &args, line);
            let blockv = recv.as_ref().map(V::taint).unwrap_or_default();
            self.block(fr, n, &blockv, depth);
            return v.join(recv.map(|r| V { conn: false, ..r.taint() }).unwrap_or_default());
        }

        // Text operations the value is read through.
        let base = recv.clone().unwrap_or_default();
        let mut v = base.taint().join(all_args());
        // A request being built stays one (`ureq::post(u).set(…)`).
        v.conn = base.conn;
        match (lang, method) {
            (Lang::Go, "Join") if q.starts_with("strings.") => {
                if let Some(items) = args.first().map(|a| a.items.clone()).filter(|i| !i.is_empty()) {
                    v.strs = vec![items.join(&arg_str(1))];
                    v.built = true;
                }
            }
            (Lang::Go, "Sprintf") => {
                if let Some(f) = args.first().and_then(|a| a.str1()) {
                    v.strs = vec![fill_format(f, false)];
                    v.built = true;
                }
            }
            (Lang::Go, "string" | "TrimSpace" | "ToLower")
            | (
                _,
                "to_s" | "freeze" | "strip" | "to_string" | "to_owned" | "clone" | "into" | "as_str" | "dup" | "iter"
                | "into_iter" | "copied" | "cloned" | "to_vec" | "bytes",
            ) => {
                let from = if recv.is_some() { &base } else { args.first().unwrap_or(&base) };
                v.strs = from.strs.clone();
                v.items = from.items.clone();
                v.ints = from.ints.clone();
                v.built = from.built;
                v.conn = from.conn;
                // Bytes read as text: Go's `string(b)`.
                if v.strs.is_empty() && !v.ints.is_empty() && method == "string" {
                    v.strs = vec![chars_of(&v.ints)];
                }
            }
            (_, "chr") if base.ints.len() == 1 => {
                v.strs = vec![chars_of(&base.ints)];
                v.built = true;
            }
            (_, "pack") if !base.ints.is_empty() => {
                v.strs = vec![chars_of(&base.ints)];
                v.built = true;
            }
            (_, "collect" | "concat") if !base.items.is_empty() && recv.is_some() && lang == Lang::Rust => {
                v.strs = vec![base.items.concat()];
                v.items = base.items.clone();
                v.built = true;
            }
            (_, "map" | "collect" | "filter_map") if !(base.ints.is_empty() && base.items.is_empty()) => {
                // A small list mapped element by element (`bytes.map { |b|
                // (b ^ K).chr }`, `.map(|b| (b ^ K) as char)`): what a
                // decoder of an encoded command does.
                let closure = match lang {
                    Lang::Ruby => n.child_by_field_name("block"),
                    _ => arg_nodes.first().copied().filter(|a| a.kind() == "closure_expression"),
                };
                if let Some(mapped) = closure.and_then(|c| self.map_each(fr, &base, c, depth)) {
                    v = v.with_text(mapped);
                }
            }
            (_, "join") if lang == Lang::Ruby && !base.items.is_empty() => {
                v.strs = vec![base.items.join(&arg_str(0))];
                v.built = true;
            }
            // Rust: a list's `concat()` and `join(sep)`, and a path's
            // `join(part)` (`Path::new("/tmp").join("x.bin")`).
            (Lang::Rust, "concat" | "join") if !base.items.is_empty() => {
                v.strs = vec![base.items.join(if method == "join" { arg_str(0) } else { String::new() }.as_str())];
                v.built = true;
            }
            (Lang::Rust, "join") if base.strs.len() == 1 && args.len() == 1 && args[0].strs.len() == 1 => {
                v.strs = vec![format!("{}/{}", base.strs[0].trim_end_matches('/'), args[0].strs[0])];
            }
            // A conversion or a wrapper of one value (`URI(x)`, `Ok(x)`,
            // `[]byte(x)`, `String::from(x)`) keeps its text.
            _ if recv.is_none() && args.len() == 1 => {
                v = v.with_text(args[0].clone());
            }
            (_, "reverse") => {
                v.strs = base.strs.iter().map(|s| s.chars().rev().collect()).collect();
                v.built = true;
            }
            _ => {}
        }
        // A write into the receiver (`found.push(m)`, `buf.WriteString(s)`)
        // gives it the data written.
        if let Some(rn) = recv_node {
            let written = all_args();
            let writes = matches!(
                method,
                "push"
                    | "push_str"
                    | "extend"
                    | "extend_from_slice"
                    | "insert"
                    | "append"
                    | "write"
                    | "write_all"
                    | "write_str"
                    | "WriteString"
                    | "Write"
                    | "concat"
                    | "add"
                    | "store"
                    | "update"
                    | "merge!"
            );
            if writes && (written.secret.is_some() || written.code.is_some()) {
                self.bind(fr, rn, base.clone().join(written));
            }
        }
        self.block(fr, n, &base.taint(), depth);
        self.note_built(fr, &v, line);
        v
    }

    /// `closure` (a Ruby block or a Rust closure of one parameter) run on
    /// each element of `base`'s list: the list it gives, when every
    /// element gives one character, string or number.
    fn map_each(&mut self, fr: &mut Frame, base: &V, closure: Node<'t>, depth: usize) -> Option<V> {
        let text = self.text(fr.unit);
        let param = closure.child_by_field_name("parameters").and_then(|p| named_kids(p).into_iter().next())?;
        let param = if param.kind() == "identifier" { param } else { param.named_child(0)? };
        let body = closure.child_by_field_name("body")?;
        let elems: Vec<V> = if base.ints.is_empty() {
            base.items.iter().map(|s| V::s(s.clone())).collect()
        } else {
            base.ints.iter().map(|&i| V { ints: vec![i], ..V::default() }).collect()
        };
        if elems.len() > MAX_ITEMS {
            return None;
        }
        let name = node_text(param, text).to_owned();
        let saved = fr.env.remove(&name);
        let mut out = V { built: true, ..V::default() };
        let mut ok = true;
        for e in elems {
            fr.env.insert(name.clone(), e);
            let r = self.eval(fr, body, depth + 1);
            match (r.str1(), &r.ints[..]) {
                (Some(s), _) => out.items.push(s.to_owned()),
                (None, [i]) => out.ints.push(*i),
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        fr.env.remove(&name);
        if let Some(v) = saved {
            fr.env.insert(name, v);
        }
        (ok && (out.items.is_empty() || out.ints.is_empty())).then_some(out)
    }

    /// A command line that downloads and runs code, built by the code at
    /// `line`: kept until the round ends, then reported where nothing ran
    /// it through a known runner (it may go into a crontab, a file, a
    /// pipe).
    fn note_built(&mut self, fr: &Frame, v: &V, line: usize) {
        if !v.built || self.pending.len() >= 16 {
            return;
        }
        for s in &v.strs {
            if s.contains("http")
                && s.contains('|')
                && !self.pending.iter().any(|p| super::same_command(&p.2, s))
                && super::code::downloads_and_runs(s)
            {
                self.pending.push((fr.unit, line, s.clone()));
            }
        }
    }

    /// A Ruby block given to a call: its parameters hold `v`'s data.
    fn block(&mut self, fr: &mut Frame, call: Node<'t>, v: &V, depth: usize) {
        let Some(b) = call.child_by_field_name("block") else { return };
        if let Some(ps) = b.child_by_field_name("parameters") {
            for p in named_kids(ps) {
                self.bind(fr, p, v.taint());
            }
        }
        if let Some(body) = b.child_by_field_name("body") {
            self.eval(fr, body, depth + 1);
        }
    }
}

/// Whether a function's body reverses a string in place: the two-index swap
/// of a loop (`b[i], b[j] = b[j], b[i]`, `b.swap(i, j)`).
fn is_reverser(body: &str) -> bool {
    static SWAP: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\w+\[\w+\],\s*\w+\[\w+\]\s*=\s*\w+\[\w+\],\s*\w+\[\w+\]|\.swap\(\s*\w+\s*,\s*\w+\s*\)")
            .unwrap()
    });
    body.len() < 600 && SWAP.is_match(body)
}

/// Bytes (or code points) as the text they spell.
fn chars_of(ints: &[i64]) -> String {
    ints.iter().map(|&i| u32::try_from(i).ok().and_then(char::from_u32).unwrap_or('\u{fffd}')).collect()
}

/// Arguments with a list spread into its items (`args...`, `%w[crontab -]`).
fn spread(args: &[V]) -> Vec<V> {
    let mut out = Vec::new();
    for a in args {
        if a.strs.is_empty() && !a.items.is_empty() {
            out.extend(a.items.iter().map(|s| V { built: a.built, ..V::s(s.clone()) }));
        } else {
            out.push(a.clone());
        }
    }
    out
}

/// The names of a function's parameters, in order.
fn param_names(ps: Node<'_>, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for p in named_kids(ps) {
        match p.kind() {
            // Go: `a, b string` declares two.
            "parameter_declaration" | "variadic_parameter_declaration" => {
                let mut c = p.walk();
                for name in p.children_by_field_name("name", &mut c) {
                    out.push(node_text(name, text).to_owned());
                }
            }
            "parameter" => {
                if let Some(pat) = p.child_by_field_name("pattern") {
                    out.push(node_text(pat, text).trim_start_matches("mut ").to_owned());
                }
            }
            "identifier" => out.push(node_text(p, text).to_owned()),
            "optional_parameter"
            | "keyword_parameter"
            | "splat_parameter"
            | "hash_splat_parameter"
            | "block_parameter" => {
                if let Some(name) = p.child_by_field_name("name") {
                    out.push(node_text(name, text).to_owned());
                }
            }
            _ => out.push(String::new()),
        }
    }
    out
}
