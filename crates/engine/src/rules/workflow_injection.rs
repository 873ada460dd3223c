//! R-RULE-5 read for CI workflows: text that anyone on GitHub can write (an
//! issue's or a discussion's title or body, a comment, a pull request's
//! title, a branch name) put straight into a step's shell script with
//! `${{ … }}`. The runner executes whatever that text says: a workflow a
//! skill installs this way runs strangers' commands on the user's runner
//! (the "Discussion Create" backdoor of self-hosted runners, and GitHub's
//! own "script injection" warning).
//!
//! Counted: such an expression inside a `run:` value (inline or its block).
//! Never here: the same expression given to an action's input (`with:`), an
//! environment variable (`env:`, the documented fix), or the workflow's own
//! context (`github.sha`, `github.event.pull_request.number`).

use std::sync::LazyLock;

use regex::Regex;

use super::{RuleId, Segment, Sink};

pub(super) const ANCHORS: &[&str] = &["github.event.", "github.head_ref"];

static UNTRUSTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\$\{\{[ \t]*github\.(?:event\.(?:issue|comment|discussion|discussion_comment|pull_request|review|review_comment|head_commit|commits|pages)[A-Za-z0-9_.\[\]*]*\.(?:title|body|message|name|email|label|ref|default_branch)|head_ref)[ \t]*\}\}")
        .unwrap()
});

pub(super) fn patterns() -> Vec<String> {
    vec![UNTRUSTED.as_str().to_owned()]
}

pub(super) fn check(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    let Some(m) = UNTRUSTED.find(seg.text()) else { return };
    let at = seg.abs(m.range());
    if !in_run_script(sink.text, at.start) {
        return;
    }
    let (txt, lines) = (sink.text, sink.lines);
    let expr = m.as_str().to_owned();
    sink.add(RuleId::DownloadExec, at.start, || {
        format!(
            "text anyone on GitHub can write ({expr}) put into a workflow step's shell script, which runs it: {}",
            crate::text::excerpt(txt, lines, at.clone())
        )
    });
}

/// Whether byte `at` of a YAML text is in a `run:` value: on the line of
/// the key, or in the block below it (lines indented deeper than the key's).
fn in_run_script(text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..at];
    let is_run = |l: &str| {
        let t = l.trim_start().trim_start_matches("- ").trim_start();
        t.starts_with("run:") || t.starts_with("script:")
    };
    if is_run(line) {
        return true;
    }
    let indent = |l: &str| l.len() - l.trim_start().len();
    let here = indent(&text[line_start..text[line_start..].find('\n').map_or(text.len(), |i| line_start + i)]);
    // The nearest line above indented less than this one holds the key.
    for above in text[..line_start].lines().rev().take(200) {
        if above.trim().is_empty() {
            continue;
        }
        if indent(above) < here {
            let key = above.trim_end();
            return is_run(above)
                && (key.ends_with('|') || key.ends_with('>') || key.ends_with("|-") || key.ends_with(">-"));
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use crate::rules::{check, RuleId};

    fn found(text: &str) -> bool {
        check(text).findings.iter().any(|f| f.rule == RuleId::DownloadExec)
    }

    #[test]
    fn r_rule_5_untrusted_event_text_in_a_run_script_is_found() {
        assert!(found(
            "on: discussion\njobs:\n  a:\n    steps:\n      - run: echo ${{ github.event.discussion.body }}\n"
        ));
        assert!(found(
            "jobs:\n  a:\n    steps:\n      - name: t\n        run: |\n          echo start\n          title=\"${{ github.event.issue.title }}\"\n"
        ));
        assert!(found("      - run: git checkout ${{ github.head_ref }}\n"));
    }

    #[test]
    fn r_rule_5_the_same_text_given_to_an_input_or_an_env_or_the_workflows_own_context_is_not() {
        for t in [
            "      - uses: actions/github-script@v7\n        with:\n          title: ${{ github.event.issue.title }}\n",
            "      - env:\n          TITLE: ${{ github.event.issue.title }}\n        run: echo \"$TITLE\"\n",
            "      - run: echo ${{ github.event.pull_request.number }} ${{ github.sha }}\n",
        ] {
            assert!(!found(t), "{t}");
        }
    }
}
