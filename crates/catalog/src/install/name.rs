//! The folder name a skill is installed under. It comes from the skill's
//! `name`, which is hostile text: only the Agent Skills charset is accepted
//! (lowercase ASCII letters, digits and single inner hyphens, 1 to 64
//! characters), so a name can never be a path (`../x`, `/etc`, `.`), hold a
//! NUL or a separator, or be a name Windows reserves for devices.

/// Why a name cannot be a folder name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("the skill has no name")]
    Empty,
    #[error("{0:?} is {1} characters long; at most 64 are allowed")]
    TooLong(String, usize),
    #[error("{0:?} holds {1:?}; only lowercase letters a-z, digits and hyphens are allowed")]
    BadChar(String, char),
    #[error("{0:?} starts or ends with a hyphen, or has two in a row")]
    Hyphens(String),
    #[error("{0:?} is a device name reserved by Windows")]
    Reserved(String),
}

pub const MAX_NAME_CHARS: usize = 64;

/// Device names Windows refuses as file names, whatever the extension.
const RESERVED: &[&str] = &["con", "prn", "aux", "nul", "conin$", "conout$"];

/// Accepts `name` as a folder name, or says why not.
pub fn validate(name: &str) -> Result<&str, NameError> {
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        // Only the start is quoted: the name may be megabytes of hostile text.
        let start: String = name.chars().take(MAX_NAME_CHARS).collect();
        return Err(NameError::TooLong(format!("{start}…"), chars));
    }
    if let Some(c) = name.chars().find(|c| !matches!(c, 'a'..='z' | '0'..='9' | '-')) {
        return Err(NameError::BadChar(name.to_owned(), c));
    }
    if name.starts_with('-') || name.ends_with('-') || name.contains("--") {
        return Err(NameError::Hyphens(name.to_owned()));
    }
    let com_or_lpt =
        (name.starts_with("com") || name.starts_with("lpt")) && name.len() == 4 && name.as_bytes()[3].is_ascii_digit();
    if RESERVED.contains(&name) || com_or_lpt {
        return Err(NameError::Reserved(name.to_owned()));
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_the_agent_skills_charset_are_accepted() {
        for ok in ["pdf", "git-release", "a", "x1-2-3", "com10", "lpt", "console", &"a".repeat(64)] {
            assert_eq!(validate(ok), Ok(ok), "{ok}");
        }
    }

    type Expect = fn(&NameError) -> bool;

    #[test]
    fn paths_traversal_nul_and_reserved_names_are_refused() {
        let cases: &[(&str, Expect)] = &[
            ("", |e| matches!(e, NameError::Empty)),
            ("..", |e| matches!(e, NameError::BadChar(_, '.'))),
            (".", |e| matches!(e, NameError::BadChar(_, '.'))),
            ("../x", |e| matches!(e, NameError::BadChar(_, '.'))),
            ("/etc/passwd", |e| matches!(e, NameError::BadChar(_, '/'))),
            ("a/b", |e| matches!(e, NameError::BadChar(_, '/'))),
            ("a\\b", |e| matches!(e, NameError::BadChar(_, '\\'))),
            ("C:evil", |e| matches!(e, NameError::BadChar(_, 'C'))),
            ("a\0b", |e| matches!(e, NameError::BadChar(_, '\0'))),
            ("My Skill", |e| matches!(e, NameError::BadChar(_, 'M'))),
            ("café", |e| matches!(e, NameError::BadChar(_, 'é'))),
            ("ａｂ", |e| matches!(e, NameError::BadChar(_, 'ａ'))),
            ("x\u{202E}", |e| matches!(e, NameError::BadChar(_, '\u{202E}'))),
            ("-x", |e| matches!(e, NameError::Hyphens(_))),
            ("x-", |e| matches!(e, NameError::Hyphens(_))),
            ("a--b", |e| matches!(e, NameError::Hyphens(_))),
            ("con", |e| matches!(e, NameError::Reserved(_))),
            ("nul", |e| matches!(e, NameError::Reserved(_))),
            ("com1", |e| matches!(e, NameError::Reserved(_))),
            ("lpt9", |e| matches!(e, NameError::Reserved(_))),
        ];
        for (name, want) in cases {
            let err = validate(name).expect_err(name);
            assert!(want(&err), "{name:?} gave {err:?}");
        }
        let long = "a".repeat(65);
        assert!(matches!(validate(&long), Err(NameError::TooLong(_, 65))));
    }

    #[test]
    fn messages_quote_hostile_names_escaped_and_bounded() {
        let msg = validate("a\u{1b}[31mb").unwrap_err().to_string();
        assert!(!msg.contains('\u{1b}') && msg.contains("\\u{1b}"), "{msg}");
        let huge = "a".repeat(1_000_000);
        assert!(validate(&huge).unwrap_err().to_string().len() < 200);
    }
}
