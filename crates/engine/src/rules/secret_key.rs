//! R-RULE-1: real secret keys — AWS access key ids, GitHub tokens (their
//! CRC32 checksum verified), OpenAI, Anthropic, Slack, Stripe live and Google
//! API keys, Telegram bot tokens, Discord webhook addresses with their token,
//! PEM private keys with a real body.
//!
//! Never here: documentation examples (`AKIAIOSFODNN7EXAMPLE`, `sk-...xxxx`,
//! `<your-token>`, `ghp_xxxx…`, `YOUR_API_KEY`, runs of one character,
//! `1234567890abcdef`, low-entropy strings, a GitHub token whose checksum is
//! wrong, a PEM header followed by `...`); and never the secret itself in an
//! excerpt: a key is shown masked (`ghp_AbCd…wXyZ`), and so is any other
//! long random-looking word on its line.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::{shannon_entropy, Segment, Sink};
use crate::rules::RuleId;
use crate::text::{self, LineIndex};

pub(super) const ANCHORS: &[&str] = &[
    "akia",
    "asia",
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "t3blbkfj",
    "sk-proj-",
    "sk-svcacct-",
    "sk-admin-",
    "sk-ant-",
    "xoxa-",
    "xoxb-",
    "xoxp-",
    "xoxo-",
    "xoxr-",
    "xoxs-",
    "sk_live_",
    "rk_live_",
    "aiza",
    "r8_",
    "gsk_",
    ":aa",
    "discord.com/api/webhooks/",
    "discordapp.com/api/webhooks/",
    "private key-----",
    "private key block-----",
    "rubygems_",
    "npm_",
    "pypi-ageichlwas5vcmc",
    "glpat-",
    "hf_",
];

/// One kind of key: its pattern, how much of it a masked excerpt keeps, and
/// the check that tells a real key from an example.
struct Kind {
    re: Regex,
    /// Characters kept at the start of the masked key (its fixed prefix and a few more).
    keep: usize,
    real: fn(&str) -> bool,
}

struct Patterns {
    kinds: Vec<Kind>,
    pem: Regex,
    /// A long word that could be a secret, masked in excerpts.
    token: Regex,
}

static PATTERNS: LazyLock<Patterns> = LazyLock::new(|| {
    let kind = |re: &str, keep, real| Kind { re: Regex::new(re).unwrap(), keep, real };
    Patterns {
        kinds: vec![
            kind(r"(?:AKIA|ASIA)[0-9A-Z]{16}", 6, real_aws),
            kind(r"gh[pousr]_[A-Za-z0-9]{36}", 8, real_github),
            kind(r"github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}", 15, |k| random_enough(&k[11..])),
            kind(r"sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{16,}T3BlbkFJ[A-Za-z0-9_-]{16,}", 7, |k| {
                random_enough(&k[3..])
            }),
            kind(r"sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}", 12, |k| random_enough(&k[8..])),
            kind(r"sk-ant-(?:api|admin|oat|ort)[0-9]{2}-[A-Za-z0-9_-]{40,}", 14, |k| random_enough(&k[13..])),
            kind(r"xox[abposr]-[0-9]{6,}-[0-9A-Za-z-]{16,}", 9, |k| random_enough(&k[5..])),
            kind(r"[sr]k_live_[0-9A-Za-z]{20,}", 12, |k| random_enough(&k[8..])),
            kind(r"AIza[0-9A-Za-z_-]{35}", 8, |k| random_enough(&k[4..])),
            // Replicate's API tokens (`r8_` and 37 characters) and Groq's
            // keys (`gsk_` and 52), as their dashboards issue them.
            kind(r"(?-u:\b)r8_[0-9A-Za-z]{37}(?-u:\b)", 6, |k| random_enough(&k[3..])),
            kind(r"(?-u:\b)gsk_[0-9A-Za-z]{52}(?-u:\b)", 7, |k| random_enough(&k[4..])),
            // Package registries' publish tokens (RubyGems, npm, PyPI), a
            // GitLab personal token and a Hugging Face token, as issued:
            // whoever holds one publishes as the owner.
            kind(r"(?-u:\b)rubygems_[0-9a-f]{48}(?-u:\b)", 12, |k| random_enough(&k[9..])),
            kind(r"(?-u:\b)npm_[0-9A-Za-z]{36}(?-u:\b)", 7, |k| random_enough(&k[4..])),
            kind(r"pypi-AgEIcHlwaS5vcmc[0-9A-Za-z_-]{50,}", 22, |k| random_enough(&k[20..])),
            kind(r"(?-u:\b)glpat-[0-9A-Za-z_-]{20}(?-u:\b)", 9, |k| random_enough(&k[6..])),
            kind(r"(?-u:\b)hf_[A-Za-z]{34}(?-u:\b)", 6, |k| random_enough(&k[3..])),
            // A bot's numeric id, then its secret (Telegram's Bot API docs).
            kind(r"[0-9]{8,10}:AA[0-9A-Za-z_-]{33}", 13, |k| random_enough(after_last(k, ':'))),
            // Whoever holds the address posts as the webhook: its token is a secret.
            kind(r"discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/[0-9A-Za-z_-]{60,80}", 45, |k| {
                random_enough(after_last(k, '/'))
            }),
        ],
        pem: Regex::new(r"-----BEGIN (?P<kind>(?:RSA |EC |OPENSSH |DSA |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----")
            .unwrap(),
        token: Regex::new(r"[A-Za-z0-9+/_-]{20,}={0,2}").unwrap(),
    }
});

pub(super) fn patterns() -> Vec<String> {
    let p = &*PATTERNS;
    p.kinds.iter().map(|k| k.re.as_str().to_owned()).chain([p.pem.as_str().to_owned()]).collect()
}

/// Whether `value` has the shape of a key this rule knows (a vendor's
/// prefix, even on an example or a cut key): such a value is this rule's to
/// judge, and the generic `secret-shape` rule leaves it alone.
pub(super) fn known_shape(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    PATTERNS.kinds.iter().any(|k| k.re.is_match(value))
        || ANCHORS.iter().any(|a| lower.starts_with(a))
        || ["sk-", "sk_", "rk_", "pk_", "xox"].iter().any(|p| lower.starts_with(p))
}

/// Characters that may continue a key: a match glued to more of them is part
/// of some longer word (`risk-…`, a hash), not a key.
fn key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

pub(super) fn check(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    let p = &*PATTERNS;
    let s = seg.text();
    for kind in &p.kinds {
        for m in kind.re.find_iter(s) {
            let glued_before = s[..m.start()].chars().next_back().is_some_and(key_char);
            let glued_after = s[m.end()..].chars().next().is_some_and(key_char);
            if glued_before || glued_after || !(kind.real)(m.as_str()) {
                continue;
            }
            let (txt, lines, keep) = (sink.text, sink.lines, kind.keep);
            let abs = seg.abs(m.range());
            sink.add(RuleId::SecretKey, abs.start, || masked_excerpt(txt, lines, abs, keep));
        }
    }
    for c in p.pem.captures_iter(s) {
        let (Some(all), Some(kind)) = (c.get(0), c.name("kind")) else { continue };
        let abs = seg.abs(all.range());
        let body = &sink.text[abs.end..];
        if has_key_body(body) {
            let excerpt = format!("-----BEGIN {}----- followed by key material (not shown)", kind.as_str());
            sink.add(RuleId::SecretKey, abs.start, || excerpt);
        }
    }
}

/// Whether the text after a PEM header starts with a real base64 body line
/// (not `...`, `<key>`, `MIIE...` or a run of one character). The body may
/// be on the next lines or, in a JSON string, after a literal `\n`.
fn has_key_body(after: &str) -> bool {
    let head = &after[..text::floor_char_boundary(after, 2048)];
    let mut skipped = 0;
    let mut body_lines = 0;
    for piece in head.split('\n').flat_map(|l| l.split("\\n")).take(12) {
        let t =
            piece.trim().trim_matches(|c: char| matches!(c, '"' | '\'' | ',' | '+' | '`' | '|') || c.is_whitespace());
        if t.is_empty() || t.contains(':') {
            // A blank line or a header field (`Proc-Type:`, `Version:`).
            skipped += 1;
            if skipped > 4 {
                return false;
            }
            continue;
        }
        if t.len() < 40 || !t.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=')) {
            return false;
        }
        if random_enough(t.trim_end_matches('=')) {
            return true;
        }
        // A real key's first line can be its fixed header (an OpenSSH key
        // always starts `b3BlbnNzaC1rZXktdjEAAAAA…`, "openssh-key-v1" and
        // zeros): the next lines say whether random material follows.
        body_lines += 1;
        if body_lines == 3 {
            return false;
        }
    }
    false
}

/// What follows the last `sep` in `k` (all of it without one).
fn after_last(k: &str, sep: char) -> &str {
    k.rsplit(sep).next().unwrap_or(k)
}

fn real_aws(k: &str) -> bool {
    let random = &k[4..];
    !k.contains("EXAMPLE") && !looks_placeholder(random) && shannon_entropy(random) >= 3.0
}

fn real_github(k: &str) -> bool {
    github_checksum_ok(k) && !looks_placeholder(&k[4..34]) && shannon_entropy(&k[4..34]) >= 3.0
}

pub(crate) const BASE62: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// `n` in base 62, six digits, zero-padded (62^6 > 2^32, so it always fits).
fn base62_6(mut n: u32) -> String {
    let mut digits = [b'0'; 6];
    for d in digits.iter_mut().rev() {
        *d = BASE62[(n % 62) as usize];
        n /= 62;
    }
    String::from_utf8_lossy(&digits).into_owned()
}

/// GitHub's token format (github.blog, 2021-04-05): the last 6 characters
/// are the base62 CRC32 checksum. Public validators (credsweeper,
/// secret-scanner crates) compute it over the 30 random characters;
/// the form over the prefix and the random part is accepted too, so the
/// check does not depend on which of the two readings is right (a random
/// string passes either by chance once in ~10^10).
fn github_checksum_ok(token: &str) -> bool {
    let Some((prefix, body)) = token.split_once('_') else { return false };
    if body.len() != 36 || !body.is_ascii() {
        return false;
    }
    let (random, check) = body.split_at(30);
    let over_random = base62_6(crc32fast::hash(random.as_bytes()));
    let over_all = base62_6(crc32fast::hash(format!("{prefix}_{random}").as_bytes()));
    check == over_random || check == over_all
}

/// Whether the random part of a key reads like an example: a word such as
/// `example`, `your`, `xxxx`; a run of one character; mostly consecutive
/// characters (`abcdef`, `123456`).
pub(super) fn looks_placeholder(s: &str) -> bool {
    const WORDS: &[&str] = &[
        "example",
        "xxxx",
        "your",
        "placeholder",
        "redacted",
        "dummy",
        "sample",
        "changeme",
        "insert",
        "replace",
        "fake",
        "test",
        "token",
        "secret",
        "apikey",
        "here",
        "0000",
    ];
    let lower = s.to_ascii_lowercase();
    if WORDS.iter().any(|w| lower.contains(w)) {
        return true;
    }
    let b = lower.as_bytes();
    let mut run = 1;
    for w in b.windows(2) {
        run = if w[0] == w[1] { run + 1 } else { 1 };
        if run >= 5 {
            return true;
        }
    }
    let consecutive = b.windows(2).filter(|w| w[1] == w[0].wrapping_add(1)).count();
    b.len() > 1 && consecutive * 10 >= (b.len() - 1) * 4
}

/// Whether the random part of a key looks random: not an example, mixed
/// character classes, and a Shannon entropy near what random text of that
/// length and alphabet has.
fn random_enough(s: &str) -> bool {
    let core: String = s.chars().filter(char::is_ascii_alphanumeric).collect();
    if core.len() < 16 || looks_placeholder(&core) {
        return false;
    }
    let classes = [
        core.bytes().any(|b| b.is_ascii_lowercase()),
        core.bytes().any(|b| b.is_ascii_uppercase()),
        core.bytes().any(|b| b.is_ascii_digit()),
    ];
    if classes.iter().filter(|&&c| c).count() < 2 {
        return false;
    }
    let alphabet = if core.bytes().all(|b| b.is_ascii_hexdigit()) { 16.0 } else { 62.0 };
    let threshold = 0.75 * (core.len() as f64).min(alphabet).log2();
    shannon_entropy(&core) >= threshold
}

/// `secret` with only its first `keep` and last 4 characters shown.
fn mask(secret: &str, keep: usize) -> String {
    let chars: Vec<char> = secret.chars().collect();
    let n = chars.len();
    let tail = if n >= 24 { 4 } else { 2 };
    let keep = keep.min(n / 2);
    let head: String = chars[..keep].iter().collect();
    let end: String = chars[n.saturating_sub(tail).max(keep)..].iter().collect();
    format!("{head}…{end}")
}

/// Every long random-looking word of `s` masked (another key on the same
/// line must not leak through the context of the excerpt).
fn mask_tokens(s: &str) -> String {
    PATTERNS
        .token
        .replace_all(s, |c: &regex::Captures<'_>| {
            let w = &c[0];
            if random_enough(w) {
                mask(w, 4)
            } else {
                w.to_owned()
            }
        })
        .into_owned()
}

/// The excerpt for a key at `range`: its line with the key and any other
/// secret-looking word masked.
pub(super) fn masked_excerpt(text: &str, lines: &LineIndex, range: Range<usize>, keep: usize) -> String {
    let line = lines.line_range(text, lines.line_of(range.start));
    let start = range.start.clamp(line.start, line.end);
    let end = range.end.clamp(start, line.end);
    let mut masked = mask_tokens(&text[line.start..start]);
    let key_start = masked.len();
    masked.push_str(&mask(&text[start..end], keep));
    let key_end = masked.len();
    masked.push_str(&mask_tokens(&text[end..line.end]));
    text::excerpt(&masked, &LineIndex::new(&masked), key_start..key_end)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{base62_6, github_checksum_ok, BASE62};
    use crate::rules::{check, Finding, RuleId};

    /// A deterministic pseudo-random base62 string, so that test keys are
    /// built here and no real key is ever written down.
    fn random62(seed: u64, n: usize) -> String {
        random(seed, n, BASE62)
    }

    /// The same over any `alphabet` (the other secret rules' tests use it too).
    pub(crate) fn random(seed: u64, n: usize, alphabet: &[u8]) -> String {
        let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                alphabet[(x % alphabet.len() as u64) as usize] as char
            })
            .collect()
    }

    fn random_upper(seed: u64, n: usize) -> String {
        random62(seed, n * 3).chars().filter(|c| c.is_ascii_uppercase() || c.is_ascii_digit()).take(n).collect()
    }

    /// A GitHub token with a valid checksum (over the random part).
    fn github_token(prefix: &str, seed: u64) -> String {
        let random = random62(seed, 30);
        format!("{prefix}_{random}{}", base62_6(crc32fast::hash(random.as_bytes())))
    }

    fn found(text: &str) -> Vec<Finding> {
        check(text).findings.into_iter().filter(|f| f.rule == RuleId::SecretKey).collect()
    }

    fn flags(text: &str) -> bool {
        !found(text).is_empty()
    }

    #[test]
    fn r_rule_1_github_checksum() {
        for (i, p) in ["ghp", "gho", "ghu", "ghs", "ghr"].iter().enumerate() {
            let t = github_token(p, i as u64 + 1);
            assert!(github_checksum_ok(&t), "{t}");
            let mut broken = t.clone();
            let last = broken.pop().unwrap_or('0');
            broken.push(if last == 'A' { 'B' } else { 'A' });
            assert!(!github_checksum_ok(&broken), "{broken}");
        }
        // The prefix-and-random reading is accepted too.
        let random = random62(99, 30);
        let alt = format!("ghp_{random}{}", base62_6(crc32fast::hash(format!("ghp_{random}").as_bytes())));
        assert!(github_checksum_ok(&alt));
        assert_eq!(base62_6(0), "000000");
        assert_eq!(base62_6(61), "00000z");
        assert_eq!(base62_6(62), "000010");
    }

    #[test]
    fn r_rule_1_true_positives() {
        let keys = [
            format!("AKIA{}", random_upper(1, 16)),
            format!("ASIA{}", random_upper(2, 16)),
            github_token("ghp", 3),
            github_token("gho", 4),
            format!("github_pat_{}_{}", random62(5, 22), random62(6, 59)),
            format!("sk-{}T3BlbkFJ{}", random62(7, 20), random62(8, 20)),
            format!("sk-proj-{}", random62(9, 120)),
            format!("sk-ant-api03-{}AA", random62(10, 93)),
            format!("xoxb-{}-{}-{}", "2846710935", "7320194856", random62(11, 24)),
            format!("sk_live_{}", random62(12, 24)),
            format!("rk_live_{}", random62(13, 24)),
            format!("AIza{}", random62(14, 35)),
            format!("7987575695:AA{}", random62(15, 33)),
            format!("https://discord.com/api/webhooks/1285178857847114689/{}", random62(16, 68)),
            format!("https://discordapp.com/api/webhooks/128517885784711468/{}", random62(17, 68)),
            format!("r8_{}", random62(18, 37)),
            format!("gsk_{}", random62(19, 52)),
            format!("npm_{}", random62(20, 36)),
            format!("glpat-{}", random62(21, 20)),
            format!("pypi-AgEIcHlwaS5vcmc{}", random62(22, 60)),
            format!("rubygems_{}", "b7d41f0e92c3a65d8e17f4a0c29b6e53d81a7f04c6e2b95d"),
        ];
        for k in &keys {
            for t in [format!("key = \"{k}\""), format!("export TOKEN={k}"), k.clone()] {
                let f = found(&t);
                assert_eq!(f.len(), 1, "{t}");
                // The secret never appears whole in the excerpt.
                assert!(!f[0].excerpt.contains(k.as_str()), "{}", f[0].excerpt);
                assert!(f[0].excerpt.contains('…'), "{}", f[0].excerpt);
            }
        }
    }

    #[test]
    fn r_rule_1_excerpt_masks_the_key_and_its_neighbours() {
        let k = github_token("ghp", 21);
        let other = random62(22, 40);
        let f = found(&format!("GH={k} AWS_SECRET={other}"));
        assert_eq!(f.len(), 1);
        assert!(f[0].excerpt.starts_with(&format!("GH={}…{}", &k[..8], &k[k.len() - 4..])), "{}", f[0].excerpt);
        assert!(!f[0].excerpt.contains(&other), "{}", f[0].excerpt);
    }

    #[test]
    fn r_rule_1_pem_private_keys() {
        let body: Vec<String> = (0..4).map(|i| random62(30 + i, 64)).collect();
        let pem = format!("-----BEGIN RSA PRIVATE KEY-----\n{}\n-----END RSA PRIVATE KEY-----", body.join("\n"));
        let f = found(&format!("key:\n```\n{pem}\n```"));
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].line, 3);
        assert!(!f[0].excerpt.contains(&body[0]));
        // An OpenSSH key's fixed first line, then its random material.
        let openssh = format!(
            "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n{}\n{}\n",
            body[2], body[3]
        );
        assert!(flags(&openssh));
        assert!(!flags(&format!(
            "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n{}\n{}\n",
            "A".repeat(70),
            "A".repeat(70)
        )));
        for header in ["OPENSSH PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "DSA PRIVATE KEY"] {
            assert!(flags(&format!("-----BEGIN {header}-----\n{}\n", body[1])), "{header}");
        }
        let json = format!(
            "{{\"private_key\": \"-----BEGIN PRIVATE KEY-----\\n{}\\n-----END PRIVATE KEY-----\\n\"}}",
            body[2]
        );
        assert!(flags(&json));
        let encrypted = format!(
            "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00AA\n\n{}\n",
            body[3]
        );
        assert!(flags(&encrypted));
    }

    #[test]
    fn r_rule_1_hard_negatives() {
        let bad_checksum = {
            let mut t = github_token("ghp", 40);
            t.replace_range(10..11, if &t[10..11] == "a" { "b" } else { "a" });
            t
        };
        for t in [
            "AKIAIOSFODNN7EXAMPLE".to_owned(),
            "aws_access_key_id = AKIAXXXXXXXXXXXXXXXX".to_owned(),
            "AKIAYYYYYYYYYYYYYYYY".to_owned(),
            "AKIA1234567890ABCDEF".to_owned(),
            "OPENAI_API_KEY=sk-...xxxx".to_owned(),
            "sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx".to_owned(),
            "sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx".to_owned(),
            "sk-proj-your-api-key-goes-here-0000000000000000000000".to_owned(),
            "token: <your-token>".to_owned(),
            "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx".to_owned(),
            "GITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a".to_owned(),
            bad_checksum,
            "YOUR_API_KEY".to_owned(),
            "ANTHROPIC_API_KEY=\"sk-ant-...\"".to_owned(),
            "SLACK_TOKEN=xoxb-...".to_owned(),
            "echo '{\"user_token\": \"xoxp-xxx\"}'".to_owned(),
            "stripe.api_key = \"sk_test_...\"".to_owned(),
            "--field \"api_key=sk_live_abc123\"".to_owned(),
            "export FIELDFIX_API_KEY=ff_sk_live_your_key_here".to_owned(),
            "export YOUTUBE_API_KEY=\"AIzaSy...\"".to_owned(),
            "- Google: `AIza[a-zA-Z0-9_-]{35}`".to_owned(),
            "- GitHub: `ghp_[a-zA-Z0-9]{36}`".to_owned(),
            "risk-management-specialist and task-assessment-templates".to_owned(),
            "re.compile(r\"-----BEGIN (RSA |EC )?PRIVATE KEY-----\")".to_owned(),
            "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----".to_owned(),
            "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n-----END PRIVATE KEY-----".to_owned(),
            "-----BEGIN OPENSSH PRIVATE KEY-----\n<your key here>\n".to_owned(),
            format!("-----BEGIN PRIVATE KEY-----\n{}\n", "A".repeat(64)),
            format!("sk-proj-{}", "ab".repeat(30)),
            format!("xoxb-123456789012-123456789012-{}", "abcdefghijklmnopqrstuvwx"),
            "TELEGRAM_BOT_TOKEN=123456789:AAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx".to_owned(),
            "bot token looks like `110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw`".to_owned(),
            format!("https://discord.com/api/webhooks/123456789012345678/{}", "X".repeat(68)),
            "- `https://discord.com/api/webhooks/` in install scripts".to_owned(),
            "https://discord.com/api/webhooks/{WEBHOOK_ID}/{WEBHOOK_TOKEN}".to_owned(),
            "NPM_TOKEN=npm_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx".to_owned(),
            format!("rubygems_{}", "0".repeat(48)),
            "export npm_config_registry=https://registry.npmjs.org/".to_owned(),
        ] {
            assert!(!flags(&t), "{t}");
        }
    }

    #[test]
    fn r_rule_1_a_key_glued_to_a_longer_word_is_not_a_key() {
        let k = format!("AKIA{}", random_upper(50, 16));
        assert!(!flags(&format!("x{k}")));
        assert!(!flags(&format!("{k}Z")));
        assert!(flags(&format!("({k})")));
    }

    #[test]
    fn r_rule_1_known_misses() {
        // Known miss of this rule: keys of services it does not know
        // (generic `api_key = "…"` assignments, AWS secret access keys
        // without their key id). The project's `secret-shape` rule reads
        // those, by the name they are given and their entropy.
        assert!(!flags(&format!("aws_secret_access_key = {}", random62(60, 40))));
        // Known miss: a key split over two lines. Concatenated in code on
        // one line, it is joined by the decoding pass (`decode.rs`) and found.
        let k = github_token("ghp", 61);
        assert!(flags(&format!("t = \"{}\" + \"{}\"", &k[..20], &k[20..])));
    }
}
