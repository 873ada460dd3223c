//! R-RULE-5 read for CI workflows: text that anyone on GitHub can write (an
//! issue's or a discussion's title or body, a comment, a pull request's
//! title, a branch name) put straight into a step's shell script with
//! `${{ … }}`. The runner executes whatever that text says: a workflow a
//! skill installs this way runs strangers' commands on the user's runner
//! (the "Discussion Create" backdoor of self-hosted runners, and GitHub's
//! own "script injection" warning).
//!
//! Counted: such an expression inside a `run:` value (inline or its block);
//! and, as agent-configuration poisoning, inside the prompt of a coding
//! agent's action that may run any command (`Bash(*)`, permissions skipped,
//! open to any user): the text then steers an agent that has a shell.
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
    let (txt, lines) = (sink.text, sink.lines);
    let expr = m.as_str().to_owned();
    if in_value_of(txt, at.start, &["run:", "script:"]) {
        sink.add(RuleId::DownloadExec, at.start, || {
            format!(
                "text anyone on GitHub can write ({expr}) put into a workflow step's shell script, which runs it: {}",
                crate::text::excerpt(txt, lines, at.clone())
            )
        });
    } else if in_value_of(txt, at.start, AGENT_PROMPT_KEYS) && agent_step_runs_anything(txt, at.start) {
        sink.add(RuleId::AgentConfigPoisoning, at.start, || {
            format!(
                "text anyone on GitHub can write ({expr}) put into the prompt of a coding agent that may run any \
                 command: {}",
                crate::text::excerpt(txt, lines, at.clone())
            )
        });
    }
}

/// The inputs of the coding agents' actions that hold the agent's prompt.
const AGENT_PROMPT_KEYS: &[&str] = &["prompt:", "direct_prompt:", "override_prompt:", "custom_instructions:"];

/// Whether the workflow step around byte `at` runs a coding agent's action
/// (`anthropics/claude-code-action`, `openai/codex-action`,
/// `google-github-actions/run-gemini-cli`…) with every tool allowed or for
/// anyone (`Bash(*)`, `--dangerously-skip-permissions`, `--yolo`,
/// `allowed_non_write_users: "*"`, `danger-full-access`): then the prompt's
/// text steers an agent with a shell ("Clinejection"). A step that keeps the
/// agent's default, narrow tools is not counted.
fn agent_step_runs_anything(text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let indent = |l: &str| l.len() - l.trim_start().len();
    // The step: from the nearest `- ` item above at a lower indent to the
    // next item at that indent.
    let mut start = None;
    let mut here = usize::MAX;
    let mut off = line_start;
    for above in text[..line_start].lines().rev().take(400) {
        off -= above.len() + 1;
        if above.trim().is_empty() {
            continue;
        }
        let i = indent(above);
        if i < here {
            here = i;
            if above.trim_start().starts_with("- ") {
                start = Some((off, i));
                break;
            }
        }
    }
    let Some((start, step_indent)) = start else { return false };
    let mut end = text.len();
    let mut pos = start;
    for (n, l) in text[start..].split_inclusive('\n').enumerate() {
        if n > 0 && !l.trim().is_empty() && indent(l) <= step_indent {
            end = pos;
            break;
        }
        pos += l.len();
    }
    let step = text[start..end].to_ascii_lowercase();
    let agent =
        ["claude-code-action", "codex-action", "run-gemini-cli", "gemini-cli-action", "cursor-agent", "opencode"]
            .iter()
            .any(|a| step.contains(a));
    let wide_open = [
        "bash(*)",
        "--dangerously-skip-permissions",
        "--yolo",
        "--full-auto",
        "danger-full-access",
        "allowed_non_write_users: \"*\"",
        "allowed_non_write_users: '*'",
        "allowed_non_write_users: *",
    ]
    .iter()
    .any(|w| step.contains(w));
    agent && wide_open
}

/// Whether byte `at` of a YAML text is in the value of one of `keys`: on the
/// line of the key, or in the block below it (lines indented deeper than the
/// key's).
fn in_value_of(text: &str, at: usize, keys: &[&str]) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..at];
    let is_run = |l: &str| {
        let t = l.trim_start().trim_start_matches("- ").trim_start();
        keys.iter().any(|k| t.starts_with(k))
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
    fn r_rule_8_untrusted_event_text_in_the_prompt_of_an_agent_that_may_run_anything_is_found() {
        let step = "jobs:\n  t:\n    steps:\n      - uses: actions/checkout@v4\n      - uses: anthropics/claude-code-action@v1\n        \
                    with:\n          claude_args: --allowedTools \"Bash(*),Read\"\n          prompt: |\n            Triage this issue.\n            \
                    ${{ github.event.issue.body }}\n      - run: echo done\n";
        let agent = |t: &str| check(t).findings.iter().any(|f| f.rule == RuleId::AgentConfigPoisoning);
        assert!(agent(step));
        // The agent's own narrow tools, or another action's input.
        assert!(!agent(&step.replace("Bash(*),Read", "Read,Grep")));
        assert!(!agent(&step.replace("anthropics/claude-code-action@v1", "actions/labeler@v5")));
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
