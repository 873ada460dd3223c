//! Flows in PowerShell, read line by line (no PowerShell grammar is built
//! here: the one crate published adds a large parser for a language few
//! skills use). What a line reads is tracked through `$variables`
//! assigned on it and through functions (`function Get-X { … }`): a
//! function whose body reads a source gives it as output; a function whose
//! body sends one of its parameters is a sink for whoever calls it.
//!
//! Sources: `Get-ChildItem Env:` (and `gci`/`ls`/`dir env:`),
//! `[Environment]::GetEnvironmentVariables()`, `$env:NAME` with a secret
//! name, `Get-Content` of a credential path, `Get-Clipboard`. Sinks:
//! `Invoke-RestMethod`, `Invoke-WebRequest` (`irm`, `iwr`), `curl.exe`,
//! `WebClient.Upload*`, `Send-MailMessage`, a TCP client's stream. A
//! named secret only in `-Headers` authenticates and is not a flow.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::names::{is_credential_path, is_secret_name};
use super::{Lang, Shared, Site, Src, SrcKind, Unit};

static FUNC: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^\s*function\s+([A-Za-z_][\w-]*)\s*(?:\(([^)]*)\))?").expect("regex"));
static PARAM: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^\s*param\s*\(([^)]*)\)?").expect("regex"));
static VAR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\$([A-Za-z_][\w]*)").expect("regex"));
static ASSIGN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*\$([A-Za-z_]\w*)(?:\[[^\]]*\])?\s*(?:\+)?=[^=]").expect("regex"));
static ENV_WHOLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)(?:get-childitem|gci|ls|dir|get-item)\s+(?:-path\s+)?env:|environment\]::getenvironmentvariables\(",
    )
    .expect("regex")
});
static ENV_NAMED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)\$env:([A-Za-z_]\w*)|getenvironmentvariable\(\s*["']([A-Za-z_]\w*)["']"#).expect("regex")
});
static READ: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:get-content|gc|cat|type|readalltext|readallbytes|readalllines|copy-item|compress-archive)\b")
        .expect("regex")
});
static PATHS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"["']([^"']{2,200})["']|(\S*[\\/]\S+)"#).expect("regex"));
static SINK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:invoke-restmethod|invoke-webrequest|irm|iwr|curl\.exe|wget\.exe|send-mailmessage)\b|\.upload(?:string|data|values|file)\s*\(|\.write\s*\(")
        .expect("regex")
});

struct Func {
    start: usize,
    end: usize,
    params: Vec<String>,
}

pub(super) fn round(units: &[Unit], shared: &mut Shared) {
    for (i, u) in units.iter().enumerate() {
        if u.lang == Lang::PowerShell {
            file(i, &u.text, shared);
        }
    }
}

fn file(unit: usize, text: &str, shared: &mut Shared) {
    let lines: Vec<&str> = text.split('\n').take(50_000).collect();
    // Functions and their line ranges, by brace depth.
    let mut funcs: HashMap<String, Func> = HashMap::new();
    let mut open: Vec<(String, usize, i64, Vec<String>)> = vec![];
    let mut depth: i64 = 0;
    for (i, l) in lines.iter().enumerate() {
        let code = l.split('#').next().unwrap_or("");
        if let Some(c) = FUNC.captures(code) {
            let params = c.get(2).map(|p| vars(p.as_str())).unwrap_or_default();
            open.push((c[1].to_ascii_lowercase(), i, depth, params));
        } else if let Some(c) = PARAM.captures(code) {
            if let Some(last) = open.last_mut() {
                last.3.extend(vars(c.get(1).map(|m| m.as_str()).unwrap_or("")));
            }
        }
        for ch in code.chars() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
        }
        while let Some(top) = open.last() {
            if depth <= top.2 && i > top.1 || (depth <= top.2 && code.contains('}') && code.contains('{')) {
                let (name, start, _, params) = open.pop().unwrap_or_default();
                funcs.insert(name, Func { start, end: i, params });
            } else {
                break;
            }
        }
    }
    for (name, start, _, params) in open {
        funcs.insert(name, Func { start, end: lines.len().saturating_sub(1), params });
    }
    let in_fn = |i: usize| funcs.iter().find(|(_, f)| f.start <= i && i <= f.end).map(|(n, _)| n.clone());

    let mut tvars: HashMap<String, Src> = HashMap::new();
    let mut tfuncs: HashMap<String, Src> = HashMap::new();
    let mut sink_funcs: HashMap<String, Site> = HashMap::new();
    for _ in 0..3 {
        for (i, l) in lines.iter().enumerate() {
            let code = l.split(" #").next().unwrap_or("");
            let line = i + 1;
            let lower = code.to_ascii_lowercase();
            let fname = in_fn(i);
            let at = |kind, what: &str| Src { kind, unit, line, what: what.to_owned() };
            // What this line reads.
            let mut src: Option<Src> = None;
            if ENV_WHOLE.is_match(code) {
                src = Some(at(SrcKind::Env, "Env:"));
            }
            if lower.contains("get-clipboard") {
                src = src.or(Some(at(SrcKind::Clipboard, "Get-Clipboard")));
            }
            if READ.is_match(code) {
                for c in PATHS.captures_iter(code) {
                    let p = c.get(1).or(c.get(2)).map(|m| m.as_str()).unwrap_or("");
                    for piece in p.split(['"', '\'', '(', ')', ',', ' ']) {
                        let p = piece.replace("$env:USERPROFILE", "~").replace("$HOME", "~").replace('\\', "/");
                        if is_credential_path(&p) {
                            src = src.or(Some(at(SrcKind::CredFile, &p)));
                        }
                    }
                }
            }
            let headers_at = lower.find("-headers");
            let mut named: Option<Src> = None;
            for c in ENV_NAMED.captures_iter(code) {
                let n = c.get(1).or(c.get(2)).map(|m| m.as_str()).unwrap_or("");
                let pos = c.get(0).map(|m| m.start()).unwrap_or(0);
                // A named secret in the request's headers authenticates.
                if is_secret_name(n) && headers_at.is_none_or(|h| pos <= h) {
                    named = Some(at(SrcKind::Named, &format!("$env:{n}")));
                }
            }
            for c in VAR.captures_iter(code) {
                if let Some(s) = tvars.get(&c[1].to_ascii_lowercase()) {
                    src = src.or(Some(s.clone()));
                }
            }
            for (f, s) in &tfuncs {
                if Some(f) != fname.as_ref() && contains_word(&lower, f) {
                    src = src.or(Some(s.clone()));
                }
            }
            let src = src.or(named);
            let assign = ASSIGN.captures(code).map(|c| c[1].to_ascii_lowercase());
            if let Some(s) = &src {
                if let Some(v) = &assign {
                    tvars.entry(v.clone()).or_insert_with(|| s.clone());
                }
                if let Some(f) = &fname {
                    if assign.is_none() || lower.trim_start().starts_with("return") {
                        tfuncs.entry(f.clone()).or_insert_with(|| s.clone());
                    }
                }
            }
            if let Some(f) = &fname {
                let t = lower.trim_start();
                if let Some(rest) = t.strip_prefix("return") {
                    for c in VAR.captures_iter(rest) {
                        if let Some(s) = tvars.get(&c[1].to_ascii_lowercase()) {
                            tfuncs.entry(f.clone()).or_insert_with(|| s.clone());
                        }
                    }
                }
            }
            // Sinks on this line.
            if SINK.is_match(code) {
                let site = Site { unit, line, what: sink_name(code), hint: String::new() };
                if let Some(s) = &src {
                    shared.flow(s, site.clone());
                }
                if let Some(f) = &fname {
                    let params = &funcs[f].params;
                    if VAR.captures_iter(code).any(|c| params.contains(&c[1].to_ascii_lowercase())) {
                        sink_funcs.entry(f.clone()).or_insert(site);
                    }
                }
            }
            // Calls of a function that sends its parameter.
            if let Some(s) = &src {
                for (f, site) in &sink_funcs {
                    if Some(f) != fname.as_ref() && contains_word(&lower, f) {
                        shared.flow(s, site.clone());
                    }
                }
            }
        }
    }
}

fn vars(s: &str) -> Vec<String> {
    VAR.captures_iter(s).map(|c| c[1].to_ascii_lowercase()).collect()
}

fn contains_word(hay: &str, w: &str) -> bool {
    let mut from = 0;
    while let Some(p) = hay[from..].find(w) {
        let s = from + p;
        let e = s + w.len();
        let before = hay[..s].chars().next_back();
        let after = hay[e..].chars().next();
        let ok = |c: Option<char>| c.is_none_or(|c| !(c.is_alphanumeric() || c == '-' || c == '_' || c == '$'));
        if ok(before) && ok(after) {
            return true;
        }
        from = e;
    }
    false
}

fn sink_name(code: &str) -> String {
    SINK.find(code).map(|m| m.as_str().trim_end_matches('(').trim().to_owned()).unwrap_or_default()
}
