//! Parsing a SKILL.md: the YAML front matter, the tools it declares, and the
//! markdown headings and code blocks with their line numbers.
//!
//! Real files are messy (see `../shared/corpus`): CRLF line ends, a BOM, no
//! front matter at all, invalid UTF-8, unquoted colons in values, tools given
//! as a string or a list. The parser is lenient the way agent clients are
//! (agentskills.io's client guide: repair the common unquoted-colon mistake and
//! retry), records every repair as a warning, and never fails: whatever it
//! cannot read is said in `errors`, and the rest is still read.
//!
//! Never here: I/O, executing anything, or panicking on any input.

use serde::Serialize;
use serde_json::Value;

use crate::text::LineIndex;

/// Front matter larger than this is not parsed as YAML (it is still scanned by
/// the rules as text). Real front matter is a few hundred bytes; the cap keeps
/// hostile YAML (deep nesting, alias bombs) cheap on top of the YAML parser's
/// own budget.
pub const MAX_FRONT_MATTER_BYTES: usize = 256 * 1024;

/// What became of the front matter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HeaderState {
    /// A YAML mapping with a non-empty `name` and `description` (R-SCORE-1 item 1).
    Valid,
    /// A YAML mapping, but `name` or `description` is missing or empty.
    Incomplete,
    /// No front matter at all.
    Missing,
    /// Front matter that is not a YAML mapping, even after the lenient repair.
    /// `name`/`description` may still have been read line by line.
    Invalid,
}

/// A markdown heading.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Heading {
    /// 1 to 6.
    pub level: u8,
    /// The heading's text, inline markup removed.
    pub text: String,
    /// 1-based line in the whole file.
    pub line: usize,
}

/// A code block (fenced or indented).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CodeBlock {
    /// The fence's info string (`bash`, `python` …), empty when none.
    pub lang: String,
    /// 1-based lines of the block in the whole file, fences included.
    pub start_line: usize,
    pub end_line: usize,
}

/// A parsed SKILL.md. Owns copies of what it read, so it outlives the text.
#[derive(Debug, Clone, Serialize)]
pub struct ParsedSkill {
    pub header: HeaderState,
    pub name: Option<String>,
    pub description: Option<String>,
    /// The spec's optional fields (agentskills.io) when present as text.
    pub license: Option<String>,
    pub compatibility: Option<String>,
    /// Every front-matter field, as JSON (vendor extras included: `version`,
    /// `author`, `tags`, `model`, `hooks` …). Empty when the header is not a mapping.
    pub fields: serde_json::Map<String, Value>,
    /// Tools from `allowed-tools` / `tools`, in order, without duplicates.
    pub declared_tools: Vec<String>,
    pub headings: Vec<Heading>,
    pub code_blocks: Vec<CodeBlock>,
    /// 1-based line where the markdown body starts (after the front matter).
    pub body_line: usize,
    /// Byte offset where the markdown body starts.
    #[serde(skip)]
    pub body_offset: usize,
    /// What could not be read (the rest was read anyway).
    pub errors: Vec<String>,
    /// What was repaired or is unusual but harmless.
    pub warnings: Vec<String>,
}

/// Parses a SKILL.md's text (already decoded, see [`crate::text::decode`]).
pub fn parse(text: &str) -> ParsedSkill {
    let lines = LineIndex::new(text);
    parse_with_lines(text, &lines)
}

/// As [`parse`], reusing a line index the caller already has.
pub fn parse_with_lines(text: &str, lines: &LineIndex) -> ParsedSkill {
    let mut skill = ParsedSkill {
        header: HeaderState::Missing,
        name: None,
        description: None,
        license: None,
        compatibility: None,
        fields: serde_json::Map::new(),
        declared_tools: Vec::new(),
        headings: Vec::new(),
        code_blocks: Vec::new(),
        body_line: 1,
        body_offset: 0,
        errors: Vec::new(),
        warnings: Vec::new(),
    };

    match split_front_matter(text) {
        FrontMatter::None => {}
        FrontMatter::Unterminated => {
            skill.header = HeaderState::Invalid;
            skill.errors.push("front matter starts with `---` but is never closed".into());
        }
        FrontMatter::Found { yaml, body_offset, leading_blank } => {
            if leading_blank {
                skill.warnings.push("blank lines before the front matter".into());
            }
            skill.body_offset = body_offset;
            skill.body_line = lines.line_of(body_offset);
            read_header(yaml, &mut skill);
        }
    }

    read_markdown(text, lines, &mut skill);
    skill
}

enum FrontMatter<'a> {
    None,
    Unterminated,
    Found { yaml: &'a str, body_offset: usize, leading_blank: bool },
}

/// Finds `---\n … \n---` at the start (after blank lines, if any).
fn split_front_matter(text: &str) -> FrontMatter<'_> {
    let trimmed = text.trim_start_matches(['\n', '\r', ' ', '\t']);
    let start = text.len() - trimmed.len();
    let leading_blank = start > 0;
    let Some(first_end) = trimmed.find('\n') else {
        return if trimmed.trim_end() == "---" { FrontMatter::Unterminated } else { FrontMatter::None };
    };
    if trimmed[..first_end].trim_end() != "---" {
        return FrontMatter::None;
    }
    let yaml_start = start + first_end + 1;
    let mut pos = yaml_start;
    for line in text[yaml_start..].split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']).trim_end();
        if content == "---" || content == "..." {
            return FrontMatter::Found { yaml: &text[yaml_start..pos], body_offset: pos + line.len(), leading_blank };
        }
        pos += line.len();
    }
    FrontMatter::Unterminated
}

fn read_header(yaml: &str, skill: &mut ParsedSkill) {
    if yaml.len() > MAX_FRONT_MATTER_BYTES {
        skill.header = HeaderState::Invalid;
        skill.errors.push(format!(
            "front matter is {} bytes, over the {} bytes read as YAML",
            yaml.len(),
            MAX_FRONT_MATTER_BYTES
        ));
        line_based_fallback(yaml, skill);
        return;
    }
    let yaml = if yaml.contains('\r') { yaml.replace("\r\n", "\n") } else { yaml.to_owned() };

    let value = match parse_yaml(&yaml) {
        Ok(v) => v,
        Err(first_error) => match repair_unquoted_colons(&yaml).map(|repaired| parse_yaml(&repaired)) {
            Some(Ok(v)) => {
                skill.warnings.push("front matter repaired: a value with an unquoted `: ` was quoted".into());
                v
            }
            _ => {
                skill.header = HeaderState::Invalid;
                skill.errors.push(format!("front matter is not valid YAML: {first_error}"));
                line_based_fallback(&yaml, skill);
                return;
            }
        },
    };

    let Value::Object(map) = value else {
        skill.header = HeaderState::Invalid;
        skill.errors.push("front matter is not a mapping of fields".into());
        return;
    };

    skill.name = map.get("name").and_then(scalar_text);
    skill.description = map.get("description").and_then(scalar_text);
    skill.license = map.get("license").and_then(scalar_text);
    skill.compatibility = map.get("compatibility").and_then(scalar_text);
    for key in ["allowed-tools", "allowed_tools", "tools"] {
        if let Some(v) = map.get(key) {
            collect_tools(v, &mut skill.declared_tools, &mut skill.warnings);
        }
    }
    skill.header =
        if skill.name.is_some() && skill.description.is_some() { HeaderState::Valid } else { HeaderState::Incomplete };
    skill.fields = map;
}

fn parse_yaml(yaml: &str) -> Result<Value, String> {
    if yaml.trim().is_empty() {
        return Ok(Value::Object(serde_json::Map::new()));
    }
    serde_saphyr::from_str::<Value>(yaml).map_err(|e| first_line(&e.to_string()))
}

fn first_line(s: &str) -> String {
    let line = s.lines().next().unwrap_or("").trim();
    line.chars().take(200).collect()
}

/// A scalar as text: strings trimmed (empty → none), numbers and booleans
/// written out; sequences and mappings are not text.
fn scalar_text(v: &Value) -> Option<String> {
    let s = match v {
        Value::String(s) => s.trim().to_owned(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => return None,
    };
    (!s.is_empty()).then_some(s)
}

/// The common mistake of `description: Use when: the user asks`: a plain
/// value holding `: `. Rewrites each such top-level value as a folded block
/// scalar (continuation lines keep folding into it), or returns `None` when
/// there is nothing to repair.
fn repair_unquoted_colons(yaml: &str) -> Option<String> {
    let mut out = String::with_capacity(yaml.len() + 64);
    let mut changed = false;
    for line in yaml.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        let repaired = top_level_key_value(body).and_then(|(key, value)| {
            let starts_structured = value.starts_with(['"', '\'', '|', '>', '[', '{', '&', '*', '!', '#']);
            (!starts_structured && (value.contains(": ") || value.ends_with(':') || value.starts_with(['@', '`', '%'])))
                .then(|| format!("{key}: >-\n  {value}\n"))
        });
        match repaired {
            Some(r) => {
                out.push_str(&r);
                changed = true;
            }
            None => out.push_str(line),
        }
    }
    changed.then_some(out)
}

/// `key: value` at the top level (no indentation), with a non-empty value.
fn top_level_key_value(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once(':')?;
    let key_ok = !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    let value = value.strip_prefix([' ', '\t'])?.trim();
    (key_ok && !value.is_empty()).then_some((key, value))
}

/// When the YAML cannot be read at all, reads `name:` and `description:`
/// line by line so the catalog can still show them (the header stays Invalid).
fn line_based_fallback(yaml: &str, skill: &mut ParsedSkill) {
    for line in yaml.lines() {
        if let Some((key, value)) = top_level_key_value(line) {
            let value = value.trim_matches(['"', '\'']).trim();
            if value.is_empty() {
                continue;
            }
            match key {
                "name" if skill.name.is_none() => skill.name = Some(value.to_owned()),
                "description" if skill.description.is_none() => skill.description = Some(value.to_owned()),
                _ => {}
            }
        }
    }
}

/// Tools from a front-matter value: a list of names, or one string of names
/// separated by commas or spaces (agentskills.io uses spaces, Claude Code
/// subagents commas). Parentheses group: `Bash(git add:*)` is one tool.
fn collect_tools(v: &Value, out: &mut Vec<String>, warnings: &mut Vec<String>) {
    match v {
        Value::String(s) => split_tools(s, out),
        Value::Array(items) => {
            for item in items {
                match item {
                    Value::String(s) => split_tools(s, out),
                    Value::Object(m) => {
                        for k in m.keys() {
                            split_tools(k, out);
                        }
                    }
                    Value::Null => {}
                    other => split_tools(&other.to_string(), out),
                }
            }
        }
        Value::Object(m) => {
            for k in m.keys() {
                split_tools(k, out);
            }
        }
        Value::Null => {}
        other => warnings.push(format!("tool list is not text or a list: {other}")),
    }
}

fn split_tools(s: &str, out: &mut Vec<String>) {
    let mut depth = 0usize;
    let mut current = String::new();
    let push = |current: &mut String, out: &mut Vec<String>| {
        let t = current.trim().trim_matches(['"', '\'']).trim();
        if !t.is_empty() && !out.iter().any(|o| o == t) {
            out.push(t.to_owned());
        }
        current.clear();
    };
    for c in s.chars() {
        match c {
            '(' => {
                depth += 1;
                current.push(c);
            }
            ')' => {
                depth = depth.saturating_sub(1);
                current.push(c);
            }
            ',' | ' ' | '\t' | '\n' | '\r' if depth == 0 => push(&mut current, out),
            _ => current.push(c),
        }
    }
    push(&mut current, out);
}

/// Headings and code blocks of the whole text (the front matter is not markdown:
/// parsing starts at the body, offsets are mapped back to whole-file lines).
fn read_markdown(text: &str, lines: &LineIndex, skill: &mut ParsedSkill) {
    use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

    let body_offset = skill.body_offset.min(text.len());
    let body = &text[body_offset..];
    let mut heading: Option<(u8, usize, String)> = None;
    for (event, range) in Parser::new(body).into_offset_iter() {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some((level as u8, lines.line_of(body_offset + range.start), String::new()));
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, line, text)) = heading.take() {
                    skill.headings.push(Heading { level, text: text.trim().to_owned(), line });
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((_, _, h)) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::Start(Tag::CodeBlock(kind)) => {
                let lang = match kind {
                    CodeBlockKind::Fenced(info) => info.split_whitespace().next().unwrap_or("").to_owned(),
                    CodeBlockKind::Indented => String::new(),
                };
                let start_line = lines.line_of(body_offset + range.start);
                let end_line = lines.line_of(body_offset + range.end.saturating_sub(1).max(range.start));
                skill.code_blocks.push(CodeBlock { lang, start_line, end_line });
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_spec_fields_and_vendor_extras() {
        let s = parse(
            "---\nname: pdf-tools\ndescription: Work with PDF files.\nlicense: MIT\n\
             compatibility: Requires python3\nmetadata:\n  author: someone\nversion: 1.2\n\
             allowed-tools: Bash(git:*) Read Write\n---\n# PDF tools\n\n## Overview\ntext\n",
        );
        assert_eq!(s.header, HeaderState::Valid);
        assert_eq!(s.name.as_deref(), Some("pdf-tools"));
        assert_eq!(s.description.as_deref(), Some("Work with PDF files."));
        assert_eq!(s.license.as_deref(), Some("MIT"));
        assert_eq!(s.compatibility.as_deref(), Some("Requires python3"));
        assert_eq!(s.fields["metadata"]["author"], "someone");
        assert!(s.fields.contains_key("version"));
        assert_eq!(s.declared_tools, ["Bash(git:*)", "Read", "Write"]);
        assert_eq!(s.body_line, 11);
        assert_eq!(s.headings[0], Heading { level: 1, text: "PDF tools".into(), line: 11 });
        assert_eq!(s.headings[1].line, 13);
        assert!(s.errors.is_empty() && s.warnings.is_empty());
    }

    #[test]
    fn crlf_and_bom_decoded_files_parse() {
        let bytes = b"\xEF\xBB\xBF---\r\nname: x\r\ndescription: y\r\n---\r\n## Steps\r\n";
        let d = crate::text::decode(bytes);
        let s = parse(&d.text);
        assert_eq!(s.header, HeaderState::Valid);
        assert_eq!(s.name.as_deref(), Some("x"));
        assert_eq!(s.headings[0].text, "Steps");
        assert_eq!(s.headings[0].line, 5);
    }

    #[test]
    fn no_front_matter_is_missing_not_an_error() {
        let s = parse("# Just markdown\n\nSome text.\n");
        assert_eq!(s.header, HeaderState::Missing);
        assert!(s.errors.is_empty());
        assert_eq!(s.headings.len(), 1);
    }

    #[test]
    fn unterminated_front_matter_is_an_error_and_the_body_is_still_read() {
        let s = parse("---\nname: x\n# Heading\n");
        assert_eq!(s.header, HeaderState::Invalid);
        assert_eq!(s.errors.len(), 1);
    }

    #[test]
    fn unquoted_colon_in_a_value_is_repaired_with_a_warning() {
        let s = parse("---\nname: x\ndescription: Use when: the user asks for PDFs\n---\nbody\n");
        assert_eq!(s.header, HeaderState::Valid, "{:?}", s.errors);
        assert_eq!(s.description.as_deref(), Some("Use when: the user asks for PDFs"));
        assert_eq!(s.warnings.len(), 1);
    }

    #[test]
    fn repaired_value_keeps_its_continuation_lines() {
        let s = parse("---\nname: x\ndescription: Note: this\n  continues here\n---\n");
        assert_eq!(s.description.as_deref(), Some("Note: this continues here"));
    }

    #[test]
    fn broken_yaml_falls_back_to_line_reading_but_stays_invalid() {
        let s = parse("---\nname: \"unclosed\ndescription: fine text\n  - [oops\n---\nbody\n");
        assert_eq!(s.header, HeaderState::Invalid);
        assert!(s.errors[0].contains("not valid YAML"), "{:?}", s.errors);
        assert_eq!(s.description.as_deref(), Some("fine text"));
    }

    #[test]
    fn header_that_is_not_a_mapping_is_invalid() {
        let s = parse("---\n- a\n- b\n---\n");
        assert_eq!(s.header, HeaderState::Invalid);
        let s = parse("---\njust a string\n---\n");
        assert_eq!(s.header, HeaderState::Invalid);
    }

    #[test]
    fn empty_name_or_description_is_incomplete() {
        assert_eq!(parse("---\nname: x\ndescription: \"  \"\n---\n").header, HeaderState::Incomplete);
        assert_eq!(parse("---\ndescription: y\n---\n").header, HeaderState::Incomplete);
        assert_eq!(parse("---\n---\n").header, HeaderState::Incomplete);
        // A list is not a description.
        assert_eq!(parse("---\nname: x\ndescription: [a, b]\n---\n").header, HeaderState::Incomplete);
    }

    #[test]
    fn tools_in_every_common_form() {
        let t = |fm: &str| parse(&format!("---\nname: x\ndescription: y\n{fm}\n---\n")).declared_tools;
        assert_eq!(t("allowed-tools: Read, Grep, Glob"), ["Read", "Grep", "Glob"]);
        assert_eq!(
            t("allowed-tools: Bash(git add:*) Bash(npm run test:*) Read"),
            ["Bash(git add:*)", "Bash(npm run test:*)", "Read"]
        );
        assert_eq!(t("allowed-tools:\n  - Bash(docker:*)\n  - WebFetch"), ["Bash(docker:*)", "WebFetch"]);
        assert_eq!(t("tools: [Read, Write]\nallowed-tools: Read"), ["Read", "Write"]);
        assert_eq!(t("allowed-tools: [\"Read, Write\", Bash]"), ["Read", "Write", "Bash"]);
        assert!(t("allowed-tools:").is_empty());
    }

    #[test]
    fn headings_inside_code_blocks_are_not_headings() {
        let s = parse("## Usage\n```bash\n# not a heading\necho hi\n```\nSetext\n======\n");
        let texts: Vec<_> = s.headings.iter().map(|h| h.text.as_str()).collect();
        assert_eq!(texts, ["Usage", "Setext"]);
        assert_eq!(s.code_blocks, [CodeBlock { lang: "bash".into(), start_line: 2, end_line: 5 }]);
        assert_eq!(s.headings[1].line, 6);
    }

    #[test]
    fn hostile_yaml_is_bounded() {
        // Billion laughs: the YAML parser's alias budget refuses it.
        let mut bomb =
            String::from("---\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (i, prev) in ["b", "c", "d", "e", "f", "g", "h", "i"].iter().zip(["a", "b", "c", "d", "e", "f", "g", "h"]) {
            bomb.push_str(&format!(
                "{i}: &{i} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"
            ));
        }
        bomb.push_str("name: x\ndescription: y\n---\n");
        let s = parse(&bomb);
        assert_eq!(s.header, HeaderState::Invalid);
        // Deep nesting.
        let deep = format!("---\nname: {}{}\n---\n", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(parse(&deep).header, HeaderState::Invalid);
        // Too large to read as YAML.
        let big = format!("---\nname: x\ndescription: y\npad: {}\n---\n", "a".repeat(MAX_FRONT_MATTER_BYTES));
        let s = parse(&big);
        assert_eq!(s.header, HeaderState::Invalid);
        assert_eq!(s.name.as_deref(), Some("x"));
    }

    #[test]
    fn never_panics_on_odd_inputs() {
        for t in [
            "",
            "---",
            "---\n",
            "---\n---",
            "\u{FFFD}\u{0}---\n",
            "---\r\n---\r\n",
            "#",
            "```",
            "---\n: :\n---\n",
            "---\n? [a]\n: b\n---\n",
            "---\n1: 2\n---\n",
        ] {
            let _ = parse(t);
        }
    }
}
