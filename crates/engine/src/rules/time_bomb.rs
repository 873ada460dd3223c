//! Project rule (R-RULE-8 allows it): a time bomb, code that breaks the
//! program it is part of on purpose, once a date written in it has passed
//! and at random so that it looks like a fault (the sabotaged NuGet
//! packages that killed database and PLC clients at random after a date in
//! 2027).
//!
//! Counted, in a file of code (not Markdown): the process ended by itself
//! (`Process.GetCurrentProcess().Kill()`, `Environment.Exit`/`FailFast`,
//! `os._exit`, `process.exit`, `System.exit`, `os.Exit`, `kill -9 $$`)
//! within a few lines of a random draw, in a file that also compares the
//! clock (`DateTime.Now`, `Date.now()`, `datetime.now()`, `time.Now()`…)
//! with a date it writes out (`new DateTime(2027, 8, 8)`, `"2027-08-08"`),
//! or builds from a year it writes in hexadecimal (`new DateTime(0x7EB, 8,
//! 8)`, `int[] w = { 0x7EB, 0x8, 0x8 }` then `new DateTime(w[0], …)`), or
//! the clock read as a number and compared in a file holding a number that
//! long (`DateTime.UtcNow.Ticks < 0x08E013B176360000`, `Date.now() > T`).
//! Reported at the line that ends the process.
//!
//! Never here: a program that exits on an error, a retry's random jitter,
//! a licence or beta expiry without a random draw, prose.

use std::sync::LazyLock;

use regex::Regex;

use super::{RuleId, Sink};

static KILL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"Process\.GetCurrentProcess\(\)\.Kill\(|Environment\.(?:Exit|FailFast)[ \t]*\(|\bos\._exit[ \t]*\(|\bprocess\.exit[ \t]*\(|process\.kill[ \t]*\([ \t]*process\.pid|\bos\.Exit[ \t]*\(|System\.exit[ \t]*\(|Runtime\.getRuntime\(\)\.halt|kill[ \t]+-9[ \t]+\$\$|std::process::(?:exit|abort)|\bexit![ \t]*\(|Process\.Kill\(")
        .unwrap()
});
static RANDOM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\.Next(?:Double)?[ \t]*\(|Math\.random[ \t]*\(|\brandom\.(?:random|randint|randrange|choice|uniform)[ \t]*\(|\brand(?:::random|::thread_rng)?[ \t]*\(|\$RANDOM|\bmt_rand[ \t]*\(|\brand\.(?:Intn|Float64|Int)[ \t]*\(|\bnextInt[ \t]*\(|\bnextDouble[ \t]*\(")
        .unwrap()
});
static DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?:new[ \t]+DateTime|new|datetime|date|time\.Date|LocalDate\.of|LocalDateTime\.of|DateTime\.new|Time\.new)[ \t]*\([ \t]*20[2-9][0-9][ \t]*,|new[ \t]+Date[ \t]*\([ \t]*["']?20[2-9][0-9]|["']20[2-9][0-9]-[01][0-9]-[0-3][0-9]"#)
        .unwrap()
});
/// A year from 2025 to 2047 written in hexadecimal, as no date is but one
/// hidden from a reader.
static HEX_YEAR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)0x7(?:e[9a-f]|f[0-9a-f])(?-u:\b)").unwrap());
/// A date built from values.
static DATE_BUILT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"new[ \t]+DateTime(?:Offset)?[ \t]*\(|time\.Date[ \t]*\(|LocalDate(?:Time)?\.of[ \t]*\(|new[ \t]+Date[ \t]*\([^)]|datetime[ \t]*\([^)]").unwrap()
});
/// The clock read as a number and compared (`DateTime.UtcNow.Ticks < _k`,
/// `Date.now() > T`, `time.time() >= T`), in a file holding a number long
/// enough to be such a date (ten digits or more, or eight hex digits).
static CLOCK_COMPARED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:\.Ticks|Date\.now\(\)|currentTimeMillis\(\)|time\.time\(\)|\.Unix(?:Milli|Nano)?\(\)|\.ToUnixTimeSeconds\(\)|\.ToUnixTimeMilliseconds\(\))[ \t]*[<>]=?|[<>]=?[ \t]*(?:DateTime(?:Offset)?\.(?:Now|UtcNow)\.Ticks|Date\.now\(\)|time\.time\(\))").unwrap()
});
static LONG_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?-u:\b)(?:0[xX][0-9A-Fa-f]{8,16}|[0-9]{10,19})(?-u:\b)").unwrap());
static NOW: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"DateTime(?:Offset)?\.(?:Now|UtcNow|Today)|Date\.now[ \t]*\(|new[ \t]+Date[ \t]*\([ \t]*\)|datetime\.(?:now|utcnow|today)|date\.today|time\.Now[ \t]*\(|System\.currentTimeMillis|(?:LocalDate|LocalDateTime|Instant)\.now|Time\.now|\$\(date")
        .unwrap()
});

/// Lines between the random draw and the end of the process.
const NEAR: usize = 6;

/// Whether a file is worth the check: code that ends its own process.
pub(super) fn is_candidate(path: &str, text: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    !(lower.ends_with(".md") || lower.ends_with(".markdown") || lower.ends_with(".txt")) && KILL.is_match(text)
}

pub(super) fn check_file(text: &str, sink: &mut Sink<'_>) {
    let dated = DATE.is_match(text)
        || (HEX_YEAR.is_match(text) && DATE_BUILT.is_match(text))
        || (CLOCK_COMPARED.is_match(text) && LONG_NUMBER.is_match(text));
    if !dated || !NOW.is_match(text) {
        return;
    }
    let lines: Vec<&str> = text.split('\n').collect();
    let draws: Vec<usize> = lines.iter().enumerate().filter(|(_, l)| RANDOM.is_match(l)).map(|(i, _)| i).collect();
    let mut at = 0;
    for (i, line) in lines.iter().enumerate() {
        if let Some(m) = KILL.find(line) {
            if draws.iter().any(|&d| d <= i && i - d <= NEAR) {
                let range = at + m.start()..at + m.end();
                let (txt, idx) = (sink.text, sink.lines);
                sink.add(RuleId::TimeBomb, range.start, || {
                    format!(
                        "ends its own process at random, in a file that waits for a date it writes out: {}",
                        crate::text::excerpt(txt, idx, range.clone())
                    )
                });
            }
        }
        at += line.len() + 1;
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{check_file, RuleId};

    fn found(path: &str, text: &str) -> bool {
        check_file(path, text).findings.iter().any(|f| f.rule == RuleId::TimeBomb)
    }

    const CS: &str =
        "using System;\nusing System.Diagnostics;\nstatic class X {\n  static readonly Random R = new();\n\
                      static readonly DateTime From = new(2027, 8, 8);\n  static void Check() {\n\
                      \x20   if (DateTime.UtcNow < From) return;\n    if (R.Next(100) < 20) {\n\
                      \x20     Process.GetCurrentProcess().Kill();\n    }\n  }\n}\n";

    #[test]
    fn r_rule_8_a_random_self_kill_after_a_written_date_is_found() {
        assert!(found("src/X.cs", CS));
        let js = "const START = new Date('2027-03-01');\nfunction tick() {\n  if (Date.now() > START && Math.random() < 0.1) {\n    process.exit(0);\n  }\n}\n";
        assert!(found("lib/tick.js", js));
        // The year written in hexadecimal, in the call or in an array.
        assert!(found("src/X.cs", &CS.replace("new(2027, 8, 8)", "new DateTime(0x7EB, 8, 8)")));
        let array = CS.replace(
            "static readonly DateTime From = new(2027, 8, 8);",
            "static readonly int[] W = { 0x7EB, 0x8, 0x8 };\n  static DateTime From => new DateTime(W[0], W[1], W[2]);",
        );
        assert!(found("src/X.cs", &array));
        // The date as ticks, compared with the clock's.
        let ticks = CS
            .replace("static readonly DateTime From = new(2027, 8, 8);", "static readonly long K = 0x08E013B176360000;")
            .replace("if (DateTime.UtcNow < From) return;", "if (DateTime.UtcNow.Ticks < K) return;");
        assert!(found("src/X.cs", &ticks));
        // Hexadecimal that is no year.
        assert!(!found("src/X.cs", &array.replace("0x7EB", "0x1F")));
    }

    #[test]
    fn r_rule_8_an_exit_on_error_a_jitter_or_an_expiry_is_not() {
        // No random draw near the exit: an expiry.
        let expiry = "const END = new Date('2027-03-01');\nif (Date.now() > END) {\n  console.error('beta over');\n  process.exit(1);\n}\n";
        assert!(!found("cli.js", expiry));
        // A retry's jitter and an exit on error, no date written out.
        let retry = "import random, sys, time\nfor i in range(3):\n    time.sleep(random.random())\n    if ok():\n        break\nelse:\n    sys.exit(1)\n";
        assert!(!found("retry.py", retry));
        // Documentation quoting the code.
        assert!(!found("notes.md", CS));
    }
}
