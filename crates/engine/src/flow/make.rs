//! A Makefile's recipes read as the shell script they are: each recipe
//! line where it stands (every other line blanked, so findings keep their
//! line), its `@`/`-`/`+` prefix dropped, `$$` as the shell's `$`, and the
//! Makefile's own variables put in (`CAL_SRC := $(HOME)/.aws/credentials`
//! makes `for f in $(CAL_SRC)` a loop over that file); a variable the
//! Makefile does not set is the environment's (`$(HOME)` as `${HOME}`), and
//! `$(shell cmd)` a command substitution.

use std::collections::HashMap;

/// Whether `name` (a file name, lower case) is a Makefile.
pub(super) fn is_makefile(name: &str) -> bool {
    matches!(name, "makefile" | "gnumakefile") || name.ends_with(".mk")
}

/// The recipes of `text` as shell, line for line.
pub(super) fn recipes_as_shell(text: &str) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut vars: HashMap<&str, String> = HashMap::new();
    for l in &lines {
        if l.starts_with('\t') {
            continue;
        }
        let Some((name, op, value)) = assignment(l) else { continue };
        if op == "+=" {
            let v = vars.entry(name).or_default();
            if !v.is_empty() {
                v.push(' ');
            }
            v.push_str(value.trim());
        } else if op != "?=" || !vars.contains_key(name) {
            vars.insert(name, value.trim().to_owned());
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut continued = false;
    for (i, l) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let recipe = l.starts_with('\t') || continued;
        continued = recipe && l.trim_end().ends_with('\\');
        if !recipe {
            continue;
        }
        let body = l.trim_start_matches('\t').trim_start_matches(['@', '-', '+']);
        out.push_str(&expand(body, &vars, 0));
    }
    out
}

/// `NAME = value`, `NAME := value`, `NAME ?= value`, `NAME += value`.
fn assignment(l: &str) -> Option<(&str, &str, &str)> {
    let l = l.trim_start().strip_prefix("export ").unwrap_or(l.trim_start());
    let end = l.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
    let (name, rest) = l.split_at(end);
    if name.is_empty() {
        return None;
    }
    let rest = rest.trim_start();
    for op in ["::=", ":=", "?=", "+=", "="] {
        if let Some(v) = rest.strip_prefix(op) {
            return Some((name, op, v));
        }
    }
    None
}

/// Make's expansion of one line: `$(NAME)`, `${NAME}`, `$(shell …)`, `$$`.
fn expand(s: &str, vars: &HashMap<&str, String>, depth: usize) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        if let Some(r) = after.strip_prefix('$') {
            out.push('$');
            rest = r;
            continue;
        }
        let close = match after.chars().next() {
            Some('(') => ')',
            Some('{') => '}',
            _ => {
                out.push('$');
                rest = after;
                continue;
            }
        };
        let Some(end) = after.find(close) else {
            out.push('$');
            rest = after;
            continue;
        };
        let inner = &after[1..end];
        if let Some(cmd) = inner.strip_prefix("shell ") {
            out.push_str("$(");
            out.push_str(cmd);
            out.push(')');
        } else if let Some(v) = vars.get(inner).filter(|_| depth < 4) {
            out.push_str(&expand(v, vars, depth + 1));
        } else if inner.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            out.push_str("${");
            out.push_str(inner);
            out.push('}');
        } else {
            out.push('$');
            out.push_str(&after[..=end]);
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recipes_keep_their_lines_with_the_makefile_s_variables_put_in() {
        let mk = "SRC := $(HOME)/.netrc\nOUT ?= out.txt\n\nall:\n\t@cat $(SRC) | od -An > $(OUT)\n\tfor f in a b; do echo $$f; done\n";
        let sh = recipes_as_shell(mk);
        let lines: Vec<&str> = sh.split('\n').collect();
        assert_eq!(lines.len(), mk.split('\n').count());
        assert_eq!(lines[4], "cat ${HOME}/.netrc | od -An > out.txt");
        assert_eq!(lines[5], "for f in a b; do echo $f; done");
        assert!(lines[..4].iter().all(|l| l.is_empty()));
    }

    #[test]
    fn hostile_makefiles_end() {
        let loop_var = "A = $(B)\nB = $(A)\nx:\n\techo $(A) $(\n";
        let _ = recipes_as_shell(loop_var);
        let _ = recipes_as_shell(&"$".repeat(10_000));
    }
}
