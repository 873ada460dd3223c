//! Small helpers for printing text that came from a SKILL.md to a terminal.

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
