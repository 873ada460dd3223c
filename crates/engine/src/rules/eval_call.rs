//! The "an `eval`" signal of R-SCORE-4's suspicious patterns: a line where
//! code is run through `eval`. It is a scoring signal, not a finding (the
//! spec lists no `eval` rule; `eval "$(ssh-agent)"` is common and harmless).
//!
//! Counted: the shell builtin at the start of a command followed by quoted
//! or substituted code (`eval "$(…)"`, `eval $VAR`, ``eval `…` ``), and a
//! call `eval(<something>)` in Python, JavaScript, PHP, Ruby, the argument
//! glued to the parenthesis as code is written.
//!
//! Never counted: the words "eval", "evals", "evaluation" in prose or paths;
//! a tool's `eval` subcommand or `--eval` option (`agent-browser eval "…"`,
//! `--eval "pytest"`), which is not the shell's eval; `eval()` with nothing
//! inside, or prose around it ("no eval() or exec()", "No eval (LLM
//! judge mode)", "eval( or exec(", semgrep's `eval(...)` placeholder);
//! method calls such as PyTorch's `model.eval()` (switches a model to
//! inference mode, runs no code from a string), `$eval(…)` in Puppeteer,
//! and `ast.literal_eval(…)` or Ruby's `instance_eval`, which are other
//! functions. A security checklist that writes `eval(user_input)` is counted:
//! R-SCORE-4 reads "contains an eval" literally.

use std::sync::LazyLock;

use regex::Regex;

use super::{Segment, Sink};

pub(super) const ANCHORS: &[&str] = &["eval"];

struct Patterns {
    shell: Regex,
    call: Regex,
}

static PATTERNS: LazyLock<Patterns> = LazyLock::new(|| {
    Patterns {
    shell: Regex::new(
        r#"(?:^[ \t]*(?:[-*+>$%][ \t]+|[0-9]+[.)][ \t]+)?|[;&|({`]|(?:^|[ \t;&|(])(?:then|do|else|sudo|command|builtin)[ \t]+)[ \t]*eval[ \t]+["'$`]"#,
    )
    .unwrap(),
    call: Regex::new(r"(?:^|[^A-Za-z0-9_.$:])eval\([^) \t.]").unwrap(),
}
});

/// All the patterns in one regex: most segments match none, and one pass
/// of this says so before the patterns and their captures run.
static ANY: LazyLock<Regex> = LazyLock::new(|| {
    let p = &*PATTERNS;
    super::any_of([&p.shell, &p.call])
});

pub(super) fn patterns() -> Vec<String> {
    vec![PATTERNS.shell.as_str().to_owned(), PATTERNS.call.as_str().to_owned()]
}

pub(super) fn check(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    let p = &*PATTERNS;
    let s = seg.text();
    if !ANY.is_match(s) {
        return;
    }
    for re in [&p.shell, &p.call] {
        for m in re.find_iter(s) {
            let at = m.as_str().find("eval").map_or(m.start(), |i| m.start() + i);
            sink.add_eval_call(seg.start + at);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::check;

    fn evals(text: &str) -> Vec<usize> {
        check(text).eval_call_lines
    }

    #[test]
    fn r_score_4_eval_calls_are_counted() {
        for t in [
            "eval \"$(ssh-agent -s)\"",
            "eval $(aws sts assume-role --role-arn x)",
            "eval `dircolors`",
            "   eval \"$command\"",
            "$ eval \"$(az completion init zsh)\"",
            "- eval \"$(direnv hook bash)\"",
            "if true; then eval \"$CMD\"; fi",
            "x && eval \"$y\"",
            "`eval \"$(brew shellenv)\"`",
            "result = eval(user_input)",
            "eval(request.args.get('code'))",
            "<script>eval('al'+'ert(1)')</script>",
            "@eval($_POST['c']);",
        ] {
            assert_eq!(evals(t), vec![1], "{t}");
        }
    }

    #[test]
    fn r_score_4_eval_words_and_other_evals_are_not_counted() {
        for t in [
            "Run the evaluation on the test set.",
            "See evals/README.md and eval/run.py",
            "- eval the model on held-out data",
            "agent-browser eval \"document.title\"   # Run JavaScript",
            "  --eval \"pytest bench.py --tb=no -q\"",
            "- ❌ No eval() or exec() with user input",
            "model.eval()",
            "model.eval(); torch.no_grad()",
            "await page.$eval('h1', el => el.textContent)",
            "value = ast.literal_eval(text)",
            "obj.instance_eval(&block)",
            "Pattern: `(eval|exec)\\(`",
            "the `eval` builtin",
            "/hub:init --agents 2   # No eval (LLM judge mode)",
            "(eval|exec)\\(    Matches: eval( or exec(",
            "pattern: eval(...)",
        ] {
            assert!(evals(t).is_empty(), "{t}");
        }
    }

    #[test]
    fn r_score_4_eval_lines_are_sorted_unique_and_bounded() {
        let t = "eval \"$a\"; eval \"$b\"\nx\neval(c)\n";
        assert_eq!(evals(t), vec![1, 3]);
        let many = "eval \"$x\"\n".repeat(500);
        assert_eq!(evals(&many).len(), crate::rules::MAX_EVAL_CALL_LINES);
    }
}
