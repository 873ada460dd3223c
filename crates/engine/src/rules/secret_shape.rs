//! Project rule (R-RULE-8 allows it): a secret known by its shape, for the
//! vendors R-RULE-1 (`secret-key`) does not know — in the manner of
//! gitleaks' `generic-api-key` rule. A name that says it holds a secret
//! (`API_KEY`, `client_secret`, `authToken`, `DB_PASSWORD`, `"apiKey"`,
//! `Authorization: Bearer …`) given a value (`=`, `:`, `:=`, `=>`,
//! `"name": "value"`, `export NAME=value`) of 16 to 128 characters of
//! `[A-Za-z0-9_-+/=.]` whose Shannon entropy is above gitleaks' threshold
//! for that rule (3.5 bits a character), with letters and digits. It reads
//! every text file of a skill folder (scripts, `.env` files, configs) like
//! the other rules. The value is masked in the excerpt.
//!
//! Never here, as gitleaks' allow-lists do: placeholders (`xxxx`,
//! `your_…`, `<…>`, `${…}`, `example`, `changeme`, `dummy`, `test`,
//! `sample`, runs of one character, `abc123…`), values made of dictionary
//! words (`my-super-secret-password`, `process.env.API_KEY`,
//! `settings.SECRET_KEY`), references (`$FOO`, `os.environ[…]`,
//! `process.env.X`), paths, host names and file names (`/run/secrets/db`,
//! `auth.example.com`, `key.pem`), the RFC examples of UUIDs; names that
//! do not hold a secret (`public_key`, `publishable_key`, `cache_key`,
//! `primary_key`, `key_id`, `max_tokens`, `token_url`, `password_hash`);
//! and a value shaped like a key `secret-key` knows (`ghp_…`, `sk-…`,
//! `AKIA…`, `xoxb-…`, even an example of one): that rule reports it, or
//! judged it an example, and one key is never reported twice.

use std::sync::LazyLock;

use regex::Regex;

use super::secret_key::{known_shape, looks_placeholder, masked_excerpt};
use super::{shannon_entropy, Segment, Sink};
use crate::rules::RuleId;

/// A name that holds a secret ends with one of [`SECRET_WORDS`] (its last
/// word, see [`names_a_secret`]); the anchors are those endings. `key`,
/// `auth`, `pass` and `pat` are in so much prose that they count only right
/// before what may follow a name (a quote, a space, a tab, `:`, `=`).
pub(super) fn anchors() -> Vec<String> {
    let glued = |w: &'static str, after: &'static [&'static str]| after.iter().map(move |a| format!("{w}{a}"));
    const AFTER: &[&str] = &["=", ":", "\"", "'", "`", " ", "\t"];
    glued("key", AFTER)
        .chain(glued("auth", AFTER))
        .chain(glued("pass", AFTER))
        .chain(glued("pat", AFTER))
        .chain(
            ["authorization", "token", "secret", "passw", "passphrase", "pwd", "credential", "creds", "bearer"]
                .map(String::from),
        )
        .collect()
}

/// gitleaks' entropy threshold for `generic-api-key`.
const MIN_ENTROPY: f64 = 3.5;

static PATTERN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?P<id>[A-Za-z0-9_.-]*(?i:key|token|secret|passw(?:or)?d|pwd|passphrase|credentials?|creds|auth|bearer)[A-Za-z0-9_.-]*)["'`]?[ \t]*(?::=|=>|=|:)[ \t]*["'`]?(?:(?i:bearer|token|basic)[ \t]+)?(?P<val>[A-Za-z0-9_+/=.-]+)(?:["'`\s;,)}\]]|\\[nrt]|$)"#,
    )
    .unwrap()
});

/// A secret written as its variable's default, where the environment is
/// read: `os.environ.get("API_KEY", "…")`, `os.getenv("API_KEY", "…")`,
/// `ENV.fetch("API_KEY", "…")`, `${API_KEY:-…}`, `process.env.API_KEY ||
/// "…"` (and `??`). The value ships with the skill whatever the
/// environment holds.
static DEFAULT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?:(?:environ\.get|getenv|env\.get|ENV\.fetch|env::var_or|Environment\.GetEnvironmentVariable)[ \t]*\([ \t]*["'](?P<id>[A-Za-z0-9_]+)["'][ \t]*,[ \t]*|\$\{(?P<id2>[A-Za-z0-9_]+):?-|process\.env\.(?P<id3>[A-Za-z0-9_]+)[ \t]*(?:\|\||\?\?)[ \t]*)["']?(?P<val>[A-Za-z0-9_+/=.-]+)(?:["'`\s;,)}\]]|$)"#,
    )
    .unwrap()
});

pub(super) fn patterns() -> Vec<String> {
    vec![PATTERN.as_str().to_owned(), DEFAULT.as_str().to_owned()]
}

/// Last words of a name that holds a secret.
const SECRET_WORDS: &[&str] = &[
    "key",
    "apikey",
    "token",
    "secret",
    "password",
    "passwd",
    "pwd",
    "pass",
    "passphrase",
    "credential",
    "credentials",
    "creds",
    // A personal access token (`VSCE_PAT`, `GITHUB_PAT`, `ADO_PAT`).
    "pat",
    "auth",
    "bearer",
    "authorization",
    "authtoken",
    "accesstoken",
    "secretkey",
    "privatekey",
    "accesskey",
    "clientsecret",
];

/// Words that make a name hold something else than a secret.
const NOT_SECRET: &[&str] = &[
    "public",
    "pub",
    "publishable",
    "anon",
    "site",
    "primary",
    "foreign",
    "sort",
    "partition",
    "cache",
    "idempotency",
    "hot",
    "short",
    "shortcut",
    "lookup",
    "row",
    "map",
    "dict",
    "object",
    "unique",
    "composite",
    "index",
    "keyboard",
    "fingerprint",
    "hash",
    "hashed",
    "digest",
    "checksum",
    "id",
    "ids",
    "name",
    "type",
    "path",
    "file",
    "dir",
    "url",
    "uri",
    "endpoint",
    "host",
    "header",
    "prefix",
    "format",
    "version",
    "example",
    "sample",
    "test",
    "dummy",
    "fake",
    "mock",
    // Crypto-currency tokens: a mint or a contract address is public.
    "sell",
    "buy",
    "spl",
    "mint",
    "erc20",
    "input",
    "output",
    "from",
    "to",
    "base",
    "quote",
    "contract",
    "address",
    "pair",
    "native",
    "wrapped",
    "reward",
    "staking",
];

/// The words of an identifier: split on `_`, `-`, `.` and lower-to-upper
/// case changes, lower-cased.
fn words(id: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in id.chars() {
        if matches!(c, '_' | '-' | '.') {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        cur.push(c.to_ascii_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Whether an identifier names a secret (see the module doc).
fn names_a_secret(id: &str) -> bool {
    let w = words(id);
    let Some(last) = w.last() else { return false };
    if !SECRET_WORDS.contains(&last.as_str()) || w.iter().any(|x| NOT_SECRET.contains(&x.as_str())) {
        return false;
    }
    // A bare `key` says nothing (`"key": "value"` pairs), nor a bare `pat`
    // (a pattern); `API_KEY`, `STRIPE_KEY`, `signing_key`, `VSCE_PAT` do.
    !matches!(last.as_str(), "key" | "pat") || w.len() > 1
}

/// The RFC 4122 and other well-known example UUIDs.
const EXAMPLE_UUIDS: &[&str] = &[
    "550e8400-e29b-41d4-a716-446655440000",
    "123e4567-e89b-12d3-a456-426614174000",
    "123e4567-e89b-12d3-a456-426655440000",
    "f47ac10b-58cc-4372-a567-0e02b2c3d479",
];

/// Whether `v` reads like a real secret (see the module doc).
fn secret_value(v: &str) -> bool {
    let lower = v.to_ascii_lowercase();
    if !v.bytes().any(|b| b.is_ascii_digit()) || !v.bytes().any(|b| b.is_ascii_alphabetic()) {
        return false;
    }
    if v.starts_with(['/', '.', '-', '=']) || v.contains("..") || EXAMPLE_UUIDS.contains(&lower.as_str()) {
        return false;
    }
    // A JSON web token (gitleaks has a rule of its own for them; the ones in
    // docs are examples) or an Ethereum address (public).
    if v.starts_with("eyJ") || (lower.starts_with("0x") && v.len() == 42) {
        return false;
    }
    // A host or a file name: ends with a dot and a short word.
    if let Some((_, ext)) = v.rsplit_once('.') {
        if (1..=6).contains(&ext.len()) && ext.bytes().all(|b| b.is_ascii_alphabetic()) {
            return false;
        }
    }
    const MORE_PLACEHOLDERS: &[&str] = &["changeme", "change_me", "xxx", "your", "my_", "mysecret", "lorem", "foobar"];
    if looks_placeholder(v) || MORE_PLACEHOLDERS.iter().any(|p| lower.contains(p)) {
        return false;
    }
    // Dictionary-like: every piece between separators is a word (letters
    // only) or a short number (`my-app-v2-prod`, `process.env.API_KEY`).
    let dictionary = v.split(['_', '-', '.', '/', '+', '=']).filter(|p| !p.is_empty()).all(|p| {
        p.bytes().all(|b| b.is_ascii_alphabetic())
            || (p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
            || is_word_and_number(p)
            || identifier_like(p)
    });
    if dictionary {
        return false;
    }
    shannon_entropy(v) > MIN_ENTROPY && !known_shape(v)
}

/// `v2`, `prod1`, `x25519`: letters then a number.
fn is_word_and_number(p: &str) -> bool {
    let letters = p.bytes().take_while(u8::is_ascii_alphabetic).count();
    let rest = &p[letters..];
    letters > 0 && !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())
}

/// A name in camel case (`Uint8ArrayBuffer`, `getAPIKeyV2`): words of three
/// letters or more with a vowel, acronyms of two to four capitals, a number
/// only at the end of a word or after `v`, at most three digits. A random
/// string breaks into short pieces without vowels.
fn identifier_like(p: &str) -> bool {
    let b = p.as_bytes();
    if !b.iter().all(u8::is_ascii_alphanumeric) {
        return false;
    }
    let vowel = |w: &[u8]| w.iter().any(|c| b"aeiouyAEIOUY".contains(c));
    let (mut i, mut digits) = (0, 0);
    while i < b.len() {
        let start = i;
        if b[i].is_ascii_digit() {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            digits += i - start;
            continue;
        }
        let caps = b[i..].iter().take_while(|c| c.is_ascii_uppercase()).count();
        if caps > 1 {
            // An acronym, up to the capital that starts the next word.
            let acronym = if b.get(i + caps).is_some_and(u8::is_ascii_lowercase) { caps - 1 } else { caps };
            if !(2..=4).contains(&acronym) {
                return false;
            }
            i += acronym;
            continue;
        }
        i += caps;
        while i < b.len() && b[i].is_ascii_lowercase() {
            i += 1;
        }
        let word = &b[start..i];
        let version = word.eq_ignore_ascii_case(b"v") && b.get(i).is_some_and(u8::is_ascii_digit);
        if !version && (word.len() < 3 || !vowel(word)) {
            return false;
        }
    }
    digits <= 3
}

/// The printable text a base64 value decodes to, if it is one.
fn base64_text(val: &str) -> Option<String> {
    if !val.len().is_multiple_of(4) {
        return None;
    }
    let bytes = super::decode_base64(val)?;
    let text = String::from_utf8(bytes).ok()?;
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_graphic())).then_some(text)
}

pub(super) fn check(seg: &Segment<'_>, sink: &mut Sink<'_>) {
    let s = seg.text();
    for c in PATTERN.captures_iter(s).chain(DEFAULT.captures_iter(s)) {
        let (Some(id), Some(val)) = (c.name("id").or(c.name("id2")).or(c.name("id3")), c.name("val")) else {
            continue;
        };
        // The name must start a word (`xapi_key` inside a longer token is
        // still a name; `$API_KEY` and `--api-key` are too).
        // The lengths are checked here, not in the pattern: bounded
        // repetitions make its automaton blow up.
        // The name ends with its secret word (the anchors count on it).
        if id.len() > 64
            || !(16..=128).contains(&val.len())
            || !id.as_str().ends_with(|c: char| c.is_ascii_alphabetic())
        {
            continue;
        }
        if !names_a_secret(id.as_str()) || !secret_value(val.as_str()) {
            continue;
        }
        // A value written in base64 (a Kubernetes Secret's `data:`, which the
        // API requires so) is judged by the text it holds: the documentation's
        // `MWYyZDFlMmU2N2Rm` holds `1f2d1e2e67df`, too short to be a key.
        if let Some(inner) = base64_text(val.as_str()) {
            if !(16..=128).contains(&inner.len()) || !secret_value(&inner) {
                continue;
            }
        }
        let abs = seg.abs(val.range());
        let (txt, lines) = (sink.text, sink.lines);
        sink.add(RuleId::SecretShape, abs.start, || masked_excerpt(txt, lines, abs.clone(), 4));
    }
}

#[cfg(test)]
mod tests {
    use super::{names_a_secret, words};
    // Built here from a seed, so that no real secret is ever written down.
    use crate::rules::secret_key::tests::random;
    use crate::rules::secret_key::BASE62 as B62;
    use crate::rules::{check, RuleId};

    const HEX: &[u8] = b"0123456789abcdef";

    fn found(text: &str) -> Vec<String> {
        check(text).findings.into_iter().filter(|f| f.rule == RuleId::SecretShape).map(|f| f.excerpt).collect()
    }

    #[test]
    fn every_secret_word_holds_an_anchor() {
        let anchors = super::anchors();
        for w in super::SECRET_WORDS {
            let named = format!("{w}=");
            assert!(anchors.iter().any(|a| named.contains(a.as_str())), "{w}");
        }
    }

    #[test]
    fn camel_case_names_are_names() {
        for v in ["Uint8ArrayBuffer", "getAPIKeyV2", "ArrayBuffer", "HTTPServer", "parseJSON"] {
            assert!(super::identifier_like(v), "{v}");
        }
        for v in ["Kq8ZpL2xYtR4mN7b", "aZ3kQ9wE", "x25519", "ABcdEF12"] {
            assert!(!super::identifier_like(v), "{v}");
        }
        // Random keys are almost never taken for names.
        let named =
            (0..10_000u64).filter(|i| super::identifier_like(&random(100 + i, 16 + (*i as usize % 24), B62))).count();
        let ex: Vec<String> = (0..10_000u64)
            .map(|i| random(100 + i, 16 + (i as usize % 24), B62))
            .filter(|v| super::identifier_like(v))
            .take(8)
            .collect();
        assert!(named < 10, "{named} {ex:?}");
    }

    #[test]
    fn identifiers_are_split_into_words() {
        assert_eq!(words("clientSecret"), ["client", "secret"]);
        assert_eq!(words("OPENWEATHER_API_KEY"), ["openweather", "api", "key"]);
        assert_eq!(words("x-auth-token"), ["x", "auth", "token"]);
        assert!(names_a_secret("MAILGUN_API_KEY"));
        assert!(names_a_secret("authToken"));
        assert!(names_a_secret("password"));
        assert!(!names_a_secret("key"));
        assert!(!names_a_secret("public_key"));
        assert!(!names_a_secret("max_tokens"));
        assert!(!names_a_secret("token_url"));
        assert!(!names_a_secret("password_hash"));
    }

    #[test]
    fn r_rule_8_secrets_by_shape_are_found_and_masked() {
        let k = random(1, 32, B62);
        let h = random(2, 40, HEX);
        let b = format!("{}/{}+{}==", random(3, 20, B62), random(4, 10, B62), random(5, 8, B62));
        for t in [
            format!("MAILGUN_API_KEY={k}"),
            format!("export ACME_TOKEN=\"{k}\""),
            format!("  \"apiKey\": \"{k}\","),
            format!("client_secret: '{h}'"),
            format!("db_password := \"{k}\""),
            format!("auth_token => '{k}'"),
            format!("headers = {{\"Authorization\": \"Bearer {k}\"}}"),
            format!("SECRET_ACCESS_KEY = {b}"),
            format!("const stripeKey = `{k}`;"),
            format!("$env:VENDOR_SECRET = '{k}'"),
            format!("ELEVEN_API_KEY = os.environ.get(\"ELEVEN_API_KEY\", \"{k}\")"),
            format!("export OVSX_TOKEN=\"${{OVSX_TOKEN:-{k}}}\""),
            format!("export VSCE_PAT=\"${{VSCE_PAT:-{k}}}\""),
            format!("const key = process.env.VENDOR_TOKEN || \"{k}\";"),
        ] {
            let f = found(&t);
            assert_eq!(f.len(), 1, "{t}: {f:?}");
            assert!(f[0].contains('…'), "{t}: {f:?}");
            for secret in [&k, &h, &b] {
                assert!(!f[0].contains(secret.as_str()), "{t}: {f:?}");
            }
        }
    }

    #[test]
    fn r_rule_8_a_base64_value_is_judged_by_what_it_holds() {
        use crate::test_support::encode_base64;
        // Kubernetes' documented example, base64 of `1f2d1e2e67df`.
        assert!(found("  password: MWYyZDFlMmU2N2Rm").is_empty());
        let short = encode_base64(b"hunter2-hunter2");
        assert!(found(&format!("  password: {short}")).is_empty(), "{short}");
        // A random key, base64-encoded, is still one.
        let key = encode_base64(random(6, 32, B62).as_bytes());
        assert_eq!(found(&format!("  api_token: {key}")).len(), 1, "{key}");
    }

    #[test]
    fn r_rule_8_placeholders_references_and_known_shapes_are_not() {
        let k = random(7, 32, B62);
        for t in [
            "API_KEY=your_api_key_here".to_owned(),
            "API_KEY=xxxxxxxxxxxxxxxxxxxxxxxx".to_owned(),
            "API_KEY=<your-api-key-0000>".to_owned(),
            "API_KEY=${VENDOR_API_KEY}".to_owned(),
            "API_KEY=\"${API_KEY:-your_api_key_here}\"".to_owned(),
            "key = os.getenv(\"VENDOR_API_KEY\", \"\")".to_owned(),
            format!("cache = os.getenv(\"CACHE_DIR\", \"{k}\")"),
            "api_key = os.environ[\"VENDOR_API_KEY\"]".to_owned(),
            "const apiKey = process.env.VENDOR_API_KEY;".to_owned(),
            "SECRET_KEY = settings.DJANGO_SECRET_KEY".to_owned(),
            "JWT_SECRET=my-super-secret-jwt-key-change-in-production".to_owned(),
            "password: changeme123changeme".to_owned(),
            "token: test_1234567890abcdefXYZ".to_owned(),
            "API_KEY=abc123def456ghi789jkl012".to_owned(),
            "API_KEY=aaaaaaaaaaaaaaaaaaaa1".to_owned(),
            "key_file: /run/secrets/vendor_key_2024".to_owned(),
            "auth_host: auth0-tenant.eu.auth0.com".to_owned(),
            "api_key: 550e8400-e29b-41d4-a716-446655440000".to_owned(),
            "PRIVATE_KEY_FILE=keys/service-account-prod-2.json".to_owned(),
            format!("public_key: {k}"),
            format!("publishable_key: {k}"),
            format!("cache_key = \"{k}\""),
            format!("key: {k}"),
            format!("pat = \"{k}\""),
            format!("key_id = {k}"),
            format!("max_tokens: {k}"),
            format!("sha256: {k}"),
            format!("OPENAI_API_KEY=sk-proj-{k}"),
            "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx".to_owned(),
            "aws_access_key_id = AKIAIOSFODNN7EXAMPLE".to_owned(),
            "SLACK_TOKEN=xoxb-123456789012-123456789012-abcdefghijklmnopqrstuvwx".to_owned(),
            format!("API_KEY={}", &k[..12]),
            "The token: abcdefghijklmnopqrstu".to_owned(),
            "generate_private_key: x25519_generate_private_key,".to_owned(),
            "  privateKey: Uint8ArrayBuffer;".to_owned(),
            format!("SELL_TOKEN=\"0x{}\"", &random(8, 40, HEX)),
            format!("mint_token: {k}"),
            format!("Authorization: Bearer eyJ{k}.eyJ{k}.sig"),
        ] {
            assert!(found(&t).is_empty(), "{t}: {:?}", found(&t));
        }
    }
}
