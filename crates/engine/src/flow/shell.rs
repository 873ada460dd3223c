//! Flows in shell scripts, over tree-sitter-bash's syntax tree: what a
//! command prints (its stdout) is the value that flows, into a variable
//! (`ctx="$(env | base64)"`), through a pipe (`env | curl -d @- …`), into a
//! file (`tar czf "$OUT" ~/.ssh`, `env > /tmp/x`) or into a function's
//! arguments (`register "$(verify_access)"`, `$1` inside `register`).
//!
//! A network tool (`curl`, `wget`, `nc`, `scp`…) is the sink: given secret
//! data in an argument, on its standard input, or as a file it uploads
//! (`-d @file`, `-F f=@file`, `-T file`, `< file`). A folder that credential
//! files were copied into holds them (`cp "$base/Login Data" "$tmp/"`), and so
//! does an archive of it (`tar -czf "$tmp/p.tgz" -C "$tmp" .`, `zip -r`). A named secret in a
//! header or a user option (`-H "Authorization: Bearer $TOKEN"`,
//! `-u user:$TOKEN`) is how a client authenticates to its API, not a flow.

use std::collections::HashMap;

use tree_sitter::{Node, Parser, Tree};

use super::names::{self, command_source, is_credential_path, is_net_tool, is_secret_name, path_key};
use super::{Lang, Shared, Site, Src, SrcKind, Unit, Use};

const MAX_DEPTH: usize = 64;
const MAX_STEPS: usize = 200_000;

#[derive(Debug, Clone, Default)]
struct SVal {
    src: Option<Src>,
    params: u32,
    strs: Vec<String>,
    /// Its text comes from expansions or substitutions, not one literal.
    built: bool,
}

impl SVal {
    fn join(mut self, o: SVal) -> SVal {
        self.src = super::stronger(self.src, o.src);
        self.params |= o.params;
        self.built |= o.built;
        self
    }

    fn taint(&self) -> SVal {
        SVal { src: self.src.clone(), params: self.params, strs: vec![], built: false }
    }
}

#[derive(Debug, Clone, Default)]
struct Sum {
    out: SVal,
    sinks: Vec<(u32, Site)>,
}

/// Whether a shell script is worth reading although it holds no source
/// anchor of [`names`]: it hides words behind `$IFS`, builds text
/// through filters (`tr -d`, `rev`, `base64 -d`), or downloads (a file it
/// saves may be run further down).
pub(super) fn worth_reading(bytes: &[u8]) -> bool {
    static AC: std::sync::LazyLock<Option<aho_corasick::AhoCorasick>> = std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build([
                "$ifs",
                "${ifs",
                "| rev",
                "|rev",
                "| tr ",
                "|tr ",
                "base64 -d",
                "base64 --decode",
                "curl ",
                "wget ",
            ])
            .ok()
    });
    AC.as_ref().is_none_or(|ac| ac.is_match(bytes))
}

pub(super) struct Folder {
    trees: Vec<Option<Tree>>,
}

impl Folder {
    pub(super) fn new(units: &[Unit]) -> Folder {
        let trees = units
            .iter()
            .map(|u| {
                if u.lang != Lang::Shell {
                    return None;
                }
                let mut p = Parser::new();
                p.set_language(&tree_sitter_bash::LANGUAGE.into()).ok()?;
                p.parse(&u.text, None)
            })
            .collect();
        Folder { trees }
    }

    pub(super) fn round(&self, units: &[Unit], shared: &mut Shared) {
        for (i, t) in self.trees.iter().enumerate() {
            let Some(t) = t else { continue };
            let mut run = Run {
                unit: i,
                text: &units[i].text,
                funcs: HashMap::new(),
                sums: HashMap::new(),
                vars: HashMap::new(),
                files: HashMap::new(),
                shared,
                steps: 0,
                params_in: false,
                cur_fn: None,
                script: units[i].path.as_deref().is_some_and(|p| !super::is_markdown(p)),
            };
            run.collect(t.root_node());
            for _ in 0..2 {
                let mut names: Vec<String> = run.funcs.keys().cloned().collect();
                names.sort();
                for n in names {
                    run.function(&n);
                }
                run.stmts(t.root_node(), SVal::default(), 0);
            }
        }
    }
}

struct Run<'a, 't> {
    unit: usize,
    text: &'a str,
    funcs: HashMap<String, Node<'t>>,
    sums: HashMap<String, Sum>,
    vars: HashMap<String, SVal>,
    /// Files written with secret data in this script, by path key
    /// (`/tmp/x`, `$OUT`).
    files: HashMap<String, Src>,
    shared: &'a mut Shared,
    steps: usize,
    /// Whether `$1`… are a function's parameters (else the script's).
    params_in: bool,
    /// The function being read, whose summary its sinks go to.
    cur_fn: Option<String>,
    /// A script file (not a Markdown file's code blocks).
    script: bool,
}

fn line_of(n: Node<'_>) -> usize {
    n.start_position().row + 1
}

fn kids<'t>(n: Node<'t>) -> Vec<Node<'t>> {
    let mut c = n.walk();
    n.named_children(&mut c).collect()
}

impl<'a, 't> Run<'a, 't> {
    fn t(&self, n: Node<'_>) -> &'a str {
        self.text.get(n.byte_range()).unwrap_or("")
    }

    fn collect(&mut self, root: Node<'t>) {
        let mut stack = vec![root];
        let mut seen = 0;
        while let Some(n) = stack.pop() {
            seen += 1;
            if seen > 500_000 {
                break;
            }
            if n.kind() == "function_definition" {
                if let Some(name) = n.child_by_field_name("name") {
                    let name = self.t(name).to_owned();
                    self.funcs.entry(name).or_insert(n);
                }
            }
            stack.extend(kids(n));
        }
    }

    fn function(&mut self, name: &str) {
        let Some(def) = self.funcs.get(name).copied() else { return };
        let Some(body) = def.child_by_field_name("body") else { return };
        let saved_p = std::mem::replace(&mut self.params_in, true);
        let saved_f = self.cur_fn.replace(name.to_owned());
        self.sums.entry(name.to_owned()).or_default();
        let out = self.stmts(body, SVal::default(), 0);
        if let Some(s) = self.sums.get_mut(name) {
            s.out = std::mem::take(&mut s.out).join(out);
        }
        self.params_in = saved_p;
        self.cur_fn = saved_f;
    }

    /// Runs the statements under `n`; returns what they print.
    fn stmts(&mut self, n: Node<'t>, stdin: SVal, depth: usize) -> SVal {
        if depth > MAX_DEPTH || self.steps > MAX_STEPS {
            return SVal::default();
        }
        self.steps += 1;
        match n.kind() {
            "function_definition" | "comment" => SVal::default(),
            "command" => self.command(n, stdin, depth),
            "pipeline" => {
                let mut cur = stdin;
                for c in kids(n) {
                    cur = self.stmts(c, cur, depth + 1);
                }
                cur
            }
            "redirected_statement" => self.redirected(n, stdin, depth),
            "variable_assignment" => {
                self.assign(n, depth);
                SVal::default()
            }
            "declaration_command" => {
                for c in kids(n) {
                    if c.kind() == "variable_assignment" {
                        self.assign(c, depth);
                    }
                }
                SVal::default()
            }
            "for_statement" => {
                let mut v = SVal::default();
                let mut c = n.walk();
                let values: Vec<Node<'t>> = n.children_by_field_name("value", &mut c).collect();
                for x in values {
                    let w = self.word(x, depth + 1);
                    let mut strs = std::mem::take(&mut v.strs);
                    strs.extend(w.strs.iter().take(8usize.saturating_sub(strs.len())).cloned());
                    v = v.join(w);
                    v.strs = strs;
                }
                if let Some(var) = n.child_by_field_name("variable") {
                    let name = self.t(var).to_owned();
                    self.vars.insert(name, v);
                }
                let mut out = SVal::default();
                if let Some(b) = n.child_by_field_name("body") {
                    out = self.stmts(b, SVal::default(), depth + 1);
                }
                out
            }
            "command_substitution"
            | "process_substitution"
            | "subshell"
            | "compound_statement"
            | "program"
            | "list"
            | "do_group"
            | "if_statement"
            | "elif_clause"
            | "else_clause"
            | "while_statement"
            | "case_statement"
            | "case_item"
            | "negated_command" => {
                let mut out = SVal::default();
                for c in kids(n) {
                    out = out.join(self.stmts(c, stdin.taint(), depth + 1));
                }
                out
            }
            _ => {
                // Words and tests: their substitutions still run.
                self.word(n, depth + 1);
                SVal::default()
            }
        }
    }

    fn assign(&mut self, n: Node<'t>, depth: usize) {
        let Some(name) = n.child_by_field_name("name") else { return };
        let v = n.child_by_field_name("value").map(|x| self.word(x, depth + 1)).unwrap_or_default();
        if v.built && self.script {
            for s in &v.strs {
                // As the shell reads it when the line runs (in a crontab, a
                // file, `eval`): `${IFS}` a space, `${SHELL:-sh}` a shell.
                let read =
                    s.replace("${IFS}", " ").replace("$IFS", " ").replace("${SHELL:-sh}", "sh").replace("$SHELL", "sh");
                self.assembled_if_it_downloads(line_of(n), &read, "");
            }
        }
        let name = self.t(name).to_owned();
        if self.vars.len() < 4096 {
            let merged = match self.vars.remove(&name) {
                Some(o) if o.src.is_some() && v.src.is_none() => SVal { strs: v.strs.clone(), ..o.join(v) },
                _ => v,
            };
            self.vars.insert(name, merged);
        }
    }

    /// The value of a word: its literal text and whatever its expansions
    /// and substitutions hold.
    fn word(&mut self, n: Node<'t>, depth: usize) -> SVal {
        if depth > MAX_DEPTH || self.steps > MAX_STEPS {
            return SVal::default();
        }
        self.steps += 1;
        match n.kind() {
            "word" | "number" => SVal { strs: vec![self.t(n).to_owned()], ..SVal::default() },
            "raw_string" => SVal { strs: vec![self.t(n).trim_matches('\'').to_owned()], ..SVal::default() },
            "simple_expansion" | "expansion" => {
                let name = kids(n)
                    .into_iter()
                    .find(|c| matches!(c.kind(), "variable_name" | "special_variable_name"))
                    .map(|c| self.t(c).to_owned())
                    .unwrap_or_default();
                let mut v = self.var(&name, line_of(n));
                v.built |= !v.strs.is_empty();
                v
            }
            "command_substitution" => {
                let mut v = self.stmts(n, SVal::default(), depth + 1);
                if let Some(out) = self.printed(n, depth) {
                    v.strs = vec![out];
                    v.built = true;
                }
                v
            }
            "process_substitution" => self.stmts(n, SVal::default(), depth + 1),
            "string" | "concatenation" | "translated_string" => {
                let mut v = SVal::default();
                // Every text the word may be: one per value of a variable
                // that holds several (a loop's `"$f"`), a few at most.
                let mut lit = Some(vec![String::new()]);
                for c in kids(n) {
                    let cv = self.word(c, depth + 1);
                    lit = match (lit, cv.strs.as_slice()) {
                        (Some(acc), [_, ..]) if acc.len() * cv.strs.len() <= 8 => {
                            Some(acc.iter().flat_map(|a| cv.strs.iter().map(move |s| format!("{a}{s}"))).collect())
                        }
                        _ => None,
                    };
                    v = v.join(cv);
                }
                if n.kind() == "string" && n.named_child_count() == 0 {
                    lit = Some(vec![self.t(n).trim_matches('"').to_owned()]);
                }
                v.strs = lit.unwrap_or_default();
                v
            }
            // In double quotes `\$`, `\"`, `\\` and `\`` stand for the character.
            "string_content" => {
                let t = self.t(n);
                let t = if t.contains('\\') {
                    t.replace("\\$", "$").replace("\\\"", "\"").replace("\\`", "`").replace("\\\\", "\\")
                } else {
                    t.to_owned()
                };
                SVal { strs: vec![t], ..SVal::default() }
            }
            "ansi_c_string" => {
                let t = self.t(n);
                let inner = t.strip_prefix("$'").and_then(|x| x.strip_suffix('\'')).unwrap_or(t);
                SVal { strs: vec![names::unescape(inner)], ..SVal::default() }
            }
            _ => {
                let mut v = SVal::default();
                for c in kids(n) {
                    if matches!(c.kind(), "command" | "pipeline" | "list" | "redirected_statement") {
                        v = v.join(self.stmts(c, SVal::default(), depth + 1));
                    } else {
                        v = v.join(self.word(c, depth + 1).taint());
                    }
                }
                v
            }
        }
    }

    /// What a command substitution prints when it only echoes text through
    /// filters the code could be hiding a word with (`$(echo $c | tr -d ' ')`,
    /// `$(echo … | rev)`, `$(echo … | base64 -d)`).
    fn printed(&mut self, n: Node<'t>, depth: usize) -> Option<String> {
        let inner = kids(n);
        let [one] = inner.as_slice() else { return None };
        let cmds = if one.kind() == "pipeline" { kids(*one) } else { vec![*one] };
        let mut out: Option<String> = None;
        for c in cmds {
            if c.kind() != "command" {
                return None;
            }
            let name = c.child_by_field_name("name").map(|x| self.t(x).to_owned()).unwrap_or_default();
            let mut args = Vec::new();
            let mut cur = c.walk();
            let arg_nodes: Vec<Node<'t>> = c.children_by_field_name("argument", &mut cur).collect();
            for a in arg_nodes {
                let v = self.word(a, depth + 1);
                args.push(v.strs.first()?.clone());
            }
            out = Some(match (name.as_str(), out) {
                ("echo", None) => args.iter().filter(|a| !a.starts_with('-')).cloned().collect::<Vec<_>>().join(" "),
                ("printf", None) if !args.is_empty() => match args[0].as_str() {
                    "%s" | "%s\\n" => args[1..].join(""),
                    f if !f.contains('%') && args.len() == 1 => f.replace("\\n", "\n"),
                    _ => return None,
                },
                ("tr", Some(o)) if args.len() == 2 && args[0] == "-d" => {
                    o.chars().filter(|ch| !args[1].contains(*ch)).collect()
                }
                // `tr 'A-Za-z' 'N-ZA-Mn-za-m'`: rot13, or any mapping of sets.
                ("tr", Some(o)) if args.len() == 2 && !args[0].starts_with('-') => {
                    let (from, to) = (tr_set(&args[0])?, tr_set(&args[1])?);
                    let last = *to.last()?;
                    o.chars()
                        .map(|ch| from.iter().position(|f| *f == ch).map_or(ch, |i| to.get(i).copied().unwrap_or(last)))
                        .collect()
                }
                ("rev", Some(o)) => {
                    o.lines().map(|l| l.chars().rev().collect::<String>()).collect::<Vec<_>>().join("\n")
                }
                ("base64", Some(o)) if args.iter().any(|a| a == "-d" || a == "--decode" || a == "-D") => {
                    names::base64_decode(o.trim())?
                }
                _ => return None,
            });
        }
        out
    }

    /// A command line the script builds (`run_by` runs it, if anything),
    /// when it downloads and runs code: a finding at `line`.
    fn assembled_if_it_downloads(&mut self, line: usize, read: &str, run_by: &str) {
        if read.contains("http") && read.contains('|') && super::code::downloads_and_runs(read) {
            self.shared.assembled(self.unit, line, read, run_by);
        }
    }

    fn var(&self, name: &str, line: usize) -> SVal {
        match name {
            "HOME" => return SVal { strs: vec!["~".to_owned()], ..SVal::default() },
            // Unset in scripts but for a space: what `c${IFS}u` hides.
            "IFS" if !self.vars.contains_key("IFS") => return SVal { strs: vec![" ".to_owned()], ..SVal::default() },
            "@" | "*" if self.params_in => return SVal { params: 0xff, ..SVal::default() },
            _ => {}
        }
        if let Ok(i) = name.parse::<u32>() {
            if self.params_in && (1..=9).contains(&i) {
                return SVal { params: 1 << (i - 1), ..SVal::default() };
            }
            return SVal::default();
        }
        if let Some(v) = self.vars.get(name) {
            return v.clone();
        }
        if is_secret_name(name) {
            let what = format!("${name}");
            return SVal { src: Some(Src { kind: SrcKind::Named, unit: self.unit, line, what }), ..SVal::default() };
        }
        SVal::default()
    }

    /// The path key of a file word: quotes dropped, `${X}` as `$X`.
    fn file_key(&self, n: Node<'_>) -> String {
        let t = self.t(n).trim_matches(|c| c == '"' || c == '\'');
        let t = if let Some(inner) = t.strip_prefix("${").and_then(|x| x.strip_suffix('}')) {
            format!("${inner}")
        } else {
            t.to_owned()
        };
        path_key(&t)
    }

    /// Secret data held by a file: written earlier here or by another file
    /// of the folder, or a credential file itself.
    fn file_src(&self, key: &str, resolved: &[String], line: usize) -> Option<Src> {
        let key = folder_key(key);
        if let Some(s) = self.files.get(key) {
            return Some(s.clone());
        }
        // A folder that secret files were copied or written into (`cp
        // creds "$tmp/"`, then `tar czf out.tgz "$tmp"`).
        if key.len() > 1 {
            if let Some((_, s)) =
                self.files.iter().find(|(k, _)| k.strip_prefix(key).is_some_and(|r| r.starts_with('/')))
            {
                return Some(s.clone());
            }
        }
        for k in std::iter::once(key.to_owned()).chain(resolved.iter().cloned()) {
            let k = folder_key(&k).to_owned();
            if let Some(s) = self.shared.dropped(&k) {
                return Some(s.clone());
            }
            if is_credential_path(&k) {
                return Some(Src { kind: SrcKind::CredFile, unit: self.unit, line, what: k });
            }
        }
        None
    }

    fn mark_file(&mut self, key: String, resolved: &[String], src: &Src, line: usize) {
        let key = folder_key(&key).to_owned();
        let resolved: Vec<String> = resolved.iter().map(|r| folder_key(r).to_owned()).collect();
        for k in std::iter::once(&key).chain(resolved.iter()) {
            if k.starts_with('/') || k.starts_with('~') {
                self.shared.drop_file(k, src, (self.unit, line));
            }
        }
        if self.files.len() < 256 {
            self.files.entry(key).or_insert_with(|| src.clone());
        }
    }

    fn redirected(&mut self, n: Node<'t>, stdin: SVal, depth: usize) -> SVal {
        let mut input = stdin;
        let mut outs: Vec<(String, Vec<String>)> = vec![];
        let mut stdout_gone = false;
        let line = line_of(n);
        for r in kids(n) {
            match r.kind() {
                "file_redirect" => {
                    let t = self.t(r);
                    let desc = r.child_by_field_name("descriptor").map(|d| self.t(d)).unwrap_or("");
                    let Some(dest) = r.child_by_field_name("destination") else { continue };
                    let op = t.get(desc.len()..).unwrap_or(t).trim_start();
                    let key = self.file_key(dest);
                    let dv = self.word(dest, depth + 1);
                    if op.starts_with('<') {
                        if let Some(s) = self.file_src(&key, &dv.strs, line) {
                            input = input.join(SVal { src: Some(s), ..SVal::default() });
                        }
                        input = input.join(dv.taint());
                    } else if (op.starts_with('>') && (desc.is_empty() || desc == "1")) || op.starts_with("&>") {
                        stdout_gone = true;
                        if key != "/dev/null" {
                            outs.push((key, dv.strs));
                        }
                    }
                }
                "herestring_redirect" => {
                    for c in kids(r) {
                        input = input.join(self.word(c, depth + 1));
                    }
                }
                _ => {}
            }
        }
        let body = n.child_by_field_name("body");
        let out = match body {
            Some(b) => self.stmts(b, input, depth + 1),
            None => SVal::default(),
        };
        if let Some(src) = &out.src {
            for (k, strs) in outs {
                self.mark_file(k, &strs, src, line);
            }
        }
        if stdout_gone {
            SVal::default()
        } else {
            out
        }
    }

    fn command(&mut self, n: Node<'t>, stdin: SVal, depth: usize) -> SVal {
        let line = line_of(n);
        // Input redirects the grammar puts on the command itself
        // (`nc h 9 <<< "$1"`).
        let mut stdin = stdin;
        let mut rc = n.walk();
        let redirects: Vec<Node<'t>> = n.children_by_field_name("redirect", &mut rc).collect();
        for r in redirects {
            match r.kind() {
                "herestring_redirect" => {
                    for c in kids(r) {
                        stdin = stdin.join(self.word(c, depth + 1));
                    }
                }
                "file_redirect" => {
                    let t = self.t(r);
                    if let Some(dest) = r.child_by_field_name("destination") {
                        if t.trim_start_matches(|c: char| c.is_ascii_digit()).starts_with('<') {
                            let key = self.file_key(dest);
                            let dv = self.word(dest, depth + 1);
                            if let Some(s) = self.file_src(&key, &dv.strs, line) {
                                stdin = stdin.join(SVal { src: Some(s), ..SVal::default() });
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        let Some(name_node) = n.child_by_field_name("name") else { return SVal::default() };
        let mut c = n.walk();
        let mut args: Vec<Node<'t>> = n.children_by_field_name("argument", &mut c).collect();
        args.truncate(256);
        let mut name = self.t(name_node).trim_matches(|c| c == '"' || c == '\'').to_owned();
        let mut name_at = name_node;
        // Prefixes that run the next word.
        while matches!(name.as_str(), "sudo" | "command" | "exec" | "nohup" | "time" | "builtin" | "env")
            && !args.is_empty()
            && !(name == "env" && self.t(args[0]).starts_with('-'))
        {
            let first = args.remove(0);
            name = self.t(first).to_owned();
            name_at = first;
        }
        let base = name.rsplit('/').next().unwrap_or(&name).to_owned();
        let texts: Vec<String> = args.iter().map(|a| self.file_key(*a)).collect();
        let vals: Vec<SVal> = args.iter().map(|a| self.word(*a, depth + 1)).collect();
        // `eval "$(… | tr …)"`: a line decoded when it runs, run by the shell.
        if base == "eval" && self.script {
            let read: Vec<&str> =
                vals.iter().filter_map(|v| v.built.then(|| v.strs.first()).flatten()).map(String::as_str).collect();
            self.assembled_if_it_downloads(line, &read.join(" "), "eval");
        }
        // The program named through a variable (`"$T" --daemon`).
        let name_strs = if name.contains('$') {
            let word =
                if name_at.kind() == "command_name" { name_at.named_child(0).unwrap_or(name_at) } else { name_at };
            self.word(word, depth + 1).strs
        } else {
            Vec::new()
        };
        let src_at = |kind, what: String| Src { kind, unit: self.unit, line, what };

        // A function of this script.
        if self.funcs.contains_key(&base) {
            let sum = self.sums.get(&base).cloned().unwrap_or_default();
            let arg = |i: usize| vals.get(i).map(SVal::taint).unwrap_or_default();
            let mut out = sum.out.taint();
            out.params = 0;
            let mut bits = sum.out.params;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out = out.join(arg(i));
            }
            for (bits, site) in &sum.sinks {
                let mut b = *bits;
                let mut v = SVal::default();
                while b != 0 {
                    let i = b.trailing_zeros() as usize;
                    b &= b - 1;
                    v = v.join(arg(i));
                }
                self.sink(v, site.clone());
            }
            return out;
        }

        // A download saved to a file (`curl -o F URL`, `wget -O F URL`), and
        // a file run that a download was saved to (`bash F`, `./F`): the
        // dropper's two steps, R-RULE-5 read across lines.
        if matches!(base.as_str(), "curl" | "wget") {
            let url =
                vals.iter().flat_map(|v| v.strs.iter()).find(|s| s.starts_with("http://") || s.starts_with("https://"));
            let out_at = texts.iter().position(|t| names::is_output_option(&base, t));
            // A vendor's own installer saved and run is that vendor's
            // installer still (R-DEC-6; the fixed rules note it).
            let url = url.filter(|u| crate::rules::vendor_installer_of(u).is_none());
            if let (Some(url), Some(i)) = (url, out_at) {
                let src = Src { kind: SrcKind::Download, unit: self.unit, line, what: format!("{base} {url}") };
                let file = vals.get(i + 1).and_then(|v| v.strs.first().cloned()).or_else(|| texts.get(i + 1).cloned());
                if let Some(f) = file {
                    self.shared.drop_code(&f, &src);
                }
            }
        }
        if !self.shared.code_drops.is_empty() {
            let mut words: Vec<String> = vec![name.clone()];
            words.extend(name_strs.iter().cloned());
            if is_interpreter(&base) {
                words.extend(texts.iter().take(2).cloned());
                words.extend(vals.iter().take(2).flat_map(|v| v.strs.iter().cloned()));
            }
            if let Some(src) = self.shared.code_dropped(words.iter().map(String::as_str)) {
                self.shared.flow(
                    &src,
                    Site { unit: self.unit, line, what: name.clone(), hint: String::new(), uses: Use::Run },
                );
            }
        }
        // `read NAME…`: the names hold what comes in (`… | while read chunk`).
        if base == "read" {
            for t in texts.iter().filter(|t| !t.starts_with('-')) {
                if self.vars.len() < 4096 {
                    self.vars.insert(t.clone(), stdin.taint());
                }
            }
            return SVal::default();
        }
        let whole = format!("{base} {}", texts.join(" "));
        // Sources.
        match base.as_str() {
            "env" | "printenv" | "set" | "export" | "declare" => {
                let plain: Vec<&String> = texts.iter().filter(|t| !t.starts_with('-')).collect();
                if plain.is_empty() && (base != "declare" || texts.iter().any(|t| t == "-x" || t == "-p")) {
                    return SVal { src: Some(src_at(SrcKind::Env, base.clone())), ..SVal::default() };
                }
                if base == "printenv" {
                    if let Some(n) = plain.iter().find(|n| is_secret_name(n)) {
                        return SVal { src: Some(src_at(SrcKind::Named, format!("printenv {n}"))), ..SVal::default() };
                    }
                }
                return SVal::default();
            }
            _ => {}
        }
        if let Some(kind) = command_source(&whole) {
            if matches!(base.as_str(), "security" | "pbpaste" | "xclip" | "xsel" | "wl-paste" | "git" | "gh") {
                return SVal { src: Some(src_at(kind, whole.trim().chars().take(60).collect())), ..SVal::default() };
            }
        }
        // Archives and copies of credential files.
        if matches!(base.as_str(), "tar" | "zip" | "7z" | "cp" | "rsync" | "ditto" | "install" | "gzip")
            && !is_net_tool(&base)
        {
            let dest = match base.as_str() {
                "tar" => {
                    let mut d = None;
                    for (i, t) in texts.iter().enumerate() {
                        if t.starts_with("--file=") {
                            d = Some(i);
                            break;
                        }
                        let flags = t.trim_start_matches('-');
                        if i < 3
                            && !t.contains('/')
                            && flags.len() <= 6
                            && flags.contains('f')
                            && flags.chars().all(|c| c.is_ascii_alphabetic())
                        {
                            d = Some(i + 1);
                            break;
                        }
                    }
                    d
                }
                "zip" | "7z" => texts.iter().position(|t| !t.starts_with('-') && t != "a"),
                "gzip" => None,
                _ => texts.iter().rposition(|t| !t.starts_with('-')),
            };
            // `tar … -C DIR member`: the members are read inside DIR.
            let dir = if base == "tar" {
                texts.iter().enumerate().find_map(|(i, t)| {
                    if t == "-C" {
                        texts.get(i + 1).map(|d| (i + 1, d.clone(), vals[i + 1].strs.clone()))
                    } else {
                        t.strip_prefix("--directory=").map(|d| (i, d.to_owned(), vec![]))
                    }
                })
            } else {
                None
            };
            let cred =
                texts.iter().enumerate().filter(|(i, t)| Some(*i) != dest && !t.starts_with('-')).find_map(|(i, t)| {
                    let found = self.file_src(t, &vals[i].strs, line);
                    match &dir {
                        Some((di, d, dstrs)) if found.is_none() && *di != i => {
                            let join = |d: &str| if t == "." { d.to_owned() } else { format!("{}/{t}", folder_key(d)) };
                            let strs: Vec<String> = dstrs.iter().map(|x| join(x)).collect();
                            self.file_src(&join(d), &strs, line)
                        }
                        _ => found,
                    }
                });
            if let (Some(d), Some(src)) = (dest, cred.clone()) {
                if let Some(key) = texts.get(d) {
                    // `--file=out.tgz` names the archive after the `=`.
                    let strip = |x: &str| x.strip_prefix("--file=").unwrap_or(x).to_owned();
                    let strs: Vec<String> = vals[d].strs.iter().map(|x| strip(x)).collect();
                    self.mark_file(strip(key), &strs, &src, line);
                }
                return SVal::default();
            }
            if let Some(src) = cred {
                return SVal { src: Some(src), ..SVal::default() };
            }
        }
        // Readers of a file: its data on stdout.
        const READERS: &[&str] = &[
            "cat", "head", "tail", "base64", "xxd", "od", "gzip", "openssl", "strings", "less", "more", "gpg", "jq",
            "tac", "grep", "egrep", "rg", "awk", "sed", "perl", "cut", "sort", "uniq", "nl", "fold",
        ];
        let mut out = SVal::default();
        if READERS.contains(&base.as_str()) {
            for (i, t) in texts.iter().enumerate() {
                if t.starts_with('-') {
                    continue;
                }
                if let Some(s) = self.file_src(t, &vals[i].strs, line) {
                    out = out.join(SVal { src: Some(s), ..SVal::default() });
                }
            }
        }
        // Sinks: a network tool given the data.
        if is_net_tool(&base) {
            let mut data = stdin.clone();
            let mut prev = "";
            for (i, t) in texts.iter().enumerate() {
                let v = &vals[i];
                // A named secret in a header or a user option authenticates.
                let auth = matches!(prev, "-H" | "--header" | "-u" | "--user" | "--oauth2-bearer" | "--proxy-user")
                    || t.to_ascii_lowercase().starts_with("authorization:");
                let mut vt = v.taint();
                if auth && vt.src.as_ref().is_some_and(|s| s.kind == SrcKind::Named) {
                    vt.src = None;
                }
                data = data.join(vt);
                // A file it uploads: `@file`, `f=@file`, `-T file`, `--post-file=file`.
                let file = if let Some(p) = t.rsplit_once('@').filter(|(a, _)| a.is_empty() || a.ends_with('=')) {
                    Some(p.1.to_owned())
                } else if matches!(prev, "-T" | "--upload-file") || base == "scp" || base == "rsync" {
                    Some(t.clone())
                } else {
                    t.strip_prefix("--post-file=").or_else(|| t.strip_prefix("--body-file=")).map(str::to_owned)
                };
                if let Some(f) = file {
                    let f = f.trim_matches(|c| c == '"' || c == '\'').to_owned();
                    let f = if let Some(inner) = f.strip_prefix("${").and_then(|x| x.strip_suffix('}')) {
                        format!("${inner}")
                    } else {
                        f
                    };
                    let resolved: Vec<String> =
                        v.strs.iter().map(|s| s.rsplit('@').next().unwrap_or(s).to_owned()).collect();
                    if let Some(s) = self.file_src(&f, &resolved, line) {
                        data = data.join(SVal { src: Some(s), ..SVal::default() });
                    }
                }
                prev = t.as_str();
            }
            self.sink(data, Site { unit: self.unit, line, what: base.clone(), hint: String::new(), uses: Use::Send });
            return SVal::default();
        }
        // Filters and printers pass their input and arguments on.
        const FILTERS: &[&str] = &[
            "echo", "printf", "base64", "gzip", "xxd", "tr", "sed", "awk", "jq", "tee", "cat", "head", "tail",
            "openssl", "rev", "od", "sort", "uniq", "cut", "xargs", "gpg", "zstd", "bzip2", "xz", "grep", "paste",
            "fold", "basenc", "base32", "hexdump", "nl", "perl",
        ];
        if FILTERS.contains(&base.as_str()) {
            out = out.join(stdin.taint());
            if matches!(base.as_str(), "echo" | "printf") {
                for v in &vals {
                    out = out.join(v.taint());
                }
            }
        }
        out
    }

    fn sink(&mut self, data: SVal, site: Site) {
        if let Some(s) = &data.src {
            self.shared.flow(s, site.clone());
        }
        if data.params == 0 || !self.params_in {
            return;
        }
        let Some(cur) = self.cur_fn.clone() else { return };
        if let Some(s) = self.sums.get_mut(&cur) {
            if s.sinks.len() < 32 && !s.sinks.iter().any(|(_, x)| x.line == site.line) {
                s.sinks.push((data.params, site));
            }
        }
    }
}

/// A path key without its trailing `/` (`"$tmp/"` and `"$tmp"` are one
/// folder).
fn folder_key(k: &str) -> &str {
    // `"$dir/"` as written: the quotes are the shell's, not the path's.
    let k = k.strip_prefix('"').and_then(|x| x.strip_suffix('"')).unwrap_or(k);
    let t = k.trim_end_matches('/');
    if t.is_empty() {
        k
    } else {
        t
    }
}

/// A set of `tr`'s arguments, its ranges spelled out (`A-Z`, `n-za-m`);
/// `None` for classes (`[:alpha:]`) and escapes, not followed here.
pub(super) fn tr_set(arg: &str) -> Option<Vec<char>> {
    if arg.contains("[:") || arg.contains('\\') {
        return None;
    }
    let cs: Vec<char> = arg.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        if i + 2 < cs.len() && cs[i + 1] == '-' && cs[i] <= cs[i + 2] {
            out.extend(cs[i]..=cs[i + 2]);
            i += 3;
        } else {
            out.push(cs[i]);
            i += 1;
        }
        if out.len() > 512 {
            return None;
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Whether a command's base name is a shell or a language's interpreter,
/// versioned or not (`python3.12`, `python${PY_VERSION}`, `node20`): its
/// first words are the file it runs.
fn is_interpreter(base: &str) -> bool {
    let name = base.split('$').next().unwrap_or(base).trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    ["bash", "sh", "zsh", "dash", "python", "node", "perl", "ruby", "source", "."].contains(&name) || base == "."
}
