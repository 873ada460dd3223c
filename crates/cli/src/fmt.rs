//! Small helpers for printing text that came from a SKILL.md to a terminal.

use std::io::{self, Write};

use skills_guide_engine::score::{Score, ScoreDetails};
use skills_guide_engine::text::escape_invisible;

/// Text from a SKILL.md, made safe for a terminal (escape sequences and
/// invisible characters shown as `\u{…}`), on one line, cut to `max` characters.
pub fn safe(s: &str, max: usize) -> String {
    let one_line = s.replace(['\n', '\r'], " ");
    let escaped = escape_invisible(&one_line);
    let mut cut: String = escaped.chars().take(max).collect();
    if escaped.chars().count() > max {
        cut.push('…');
    }
    cut
}

pub fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// The starting score with its breakdown (R-SCORE): a summary line, the five
/// structure elements, and each security deduction. `admitted` adds the
/// R-SCORE-7 outcome to the summary line.
pub fn write_score(
    out: &mut impl Write,
    indent: &str,
    label: &str,
    admitted: Option<bool>,
    s: &Score,
    d: &ScoreDetails,
) -> io::Result<()> {
    let outcome = match admitted {
        Some(true) => " — admitted",
        Some(false) => " — excluded (under 35)",
        None => "",
    };
    let bonus = if s.awesome_bonus > 0 { format!(", awesome +{}", s.awesome_bonus) } else { String::new() };
    writeln!(
        out,
        "{indent}{label} {}/100{outcome}: structure {}/30, reputation {}/30, freshness {}/20, security {}/20{bonus}",
        s.total, s.structure, s.reputation, s.freshness, s.security
    )?;
    let c = &d.structure;
    writeln!(
        out,
        "  structure: header {}, purpose {}, when to use {}, instructions {}, rules {}",
        yes_no(c.valid_header),
        yes_no(c.purpose),
        yes_no(c.when_to_use),
        yes_no(c.instructions),
        yes_no(c.rules)
    )?;
    for deduction in &d.security_deductions {
        writeln!(out, "  security −{}: {}", deduction.points, deduction.reason)?;
    }
    Ok(())
}
