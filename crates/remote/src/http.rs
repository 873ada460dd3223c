//! What every client of an outside service shares: the HTTP client itself
//! (TLS provider, timeouts, no proxy guessing), the retry policy (bounded
//! attempts, exponential backoff, `Retry-After` honoured up to a cap), and
//! the secret type that keeps API keys out of logs, errors and the catalog.
//!
//! Never here: a retry without a bound, a wait the server did not ask for
//! beyond the policy's cap, or a secret in a `Debug`/`Display` output.

use std::fmt;
use std::time::{Duration, SystemTime};

/// The `User-Agent` of every request (services ask clients to name themselves).
pub const USER_AGENT: &str = concat!("skills-guide/", env!("CARGO_PKG_VERSION"));

/// Makes ring the process's TLS crypto provider: reqwest is built without
/// one (see Cargo.toml). Calling it again, or after a host application
/// installed its own, does nothing.
pub fn install_crypto_provider() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // `Err` means a provider is installed already, which is the goal.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

/// A blocking client with a timeout on every request (connect included).
/// Proxies are not read from the environment: a skill catalog's traffic goes
/// only where its configuration says.
pub fn client(timeout: Duration) -> Result<reqwest::blocking::Client, String> {
    install_crypto_provider();
    reqwest::blocking::Client::builder()
        .user_agent(USER_AGENT)
        .timeout(timeout)
        .connect_timeout(timeout.min(Duration::from_secs(15)))
        .no_proxy()
        .build()
        .map_err(|e| format!("cannot build the HTTP client: {e}"))
}

/// A request that could not be sent or answered, in words: a timeout or a
/// refused connection said as such (reqwest's own message says only that
/// sending failed), then the innermost cause ("Connection refused", "timed
/// out"). reqwest's messages name the URL, never a header; callers redact
/// all the same.
pub fn describe_send_error(e: &reqwest::Error, timeout: Duration, url: &str) -> String {
    let kind = if e.is_timeout() {
        format!("no answer within {} s", timeout.as_secs())
    } else if e.is_connect() {
        format!("cannot connect to {url}")
    } else {
        "the request failed".to_owned()
    };
    let mut cause: &dyn std::error::Error = e;
    while let Some(inner) = cause.source() {
        cause = inner;
    }
    format!("{kind}: {cause}")
}

/// An API key or token. Its `Debug` and `Display` never show it; the only way
/// to the value is [`Secret::expose`], used where a header is built.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    /// `text` with every occurrence of the secret replaced, for messages that
    /// quote a server's answer (some servers echo the key they refused).
    pub fn redact(&self, text: &str) -> String {
        if self.0.len() < 4 {
            return text.to_owned();
        }
        text.replace(&self.0, "[redacted]")
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// How many times to try one request, and how long to wait in between.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included (at least 1).
    pub max_attempts: u32,
    /// Wait before the second attempt; doubled for each one after.
    pub base_backoff: Duration,
    /// The longest wait, whether from backoff or from `Retry-After`. A server
    /// asking for longer makes the request fail rather than hang the run.
    pub max_wait: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy { max_attempts: 4, base_backoff: Duration::from_secs(1), max_wait: Duration::from_secs(60) }
    }
}

impl RetryPolicy {
    /// The wait after failed attempt number `attempt` (1-based): exponential,
    /// with up to a quarter of jitter so parallel workers do not retry in step.
    pub fn backoff(&self, attempt: u32) -> Duration {
        let exp = self.base_backoff.saturating_mul(1u32 << attempt.saturating_sub(1).min(16));
        let jitter_range = exp.as_millis() as u64 / 4;
        let jitter = if jitter_range == 0 { 0 } else { cheap_random() % jitter_range };
        (exp + Duration::from_millis(jitter)).min(self.max_wait)
    }
}

/// A few random bits for jitter, without a crate: the clock's nanoseconds
/// mixed with the thread's id.
fn cheap_random() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0));
    h.finish()
}

/// The wait a `Retry-After` header asks for: delay-seconds or an HTTP date
/// (RFC 9110 §10.2.3). `None` when absent or unreadable.
pub fn retry_after(headers: &reqwest::header::HeaderMap) -> Option<Duration> {
    let value = headers.get(reqwest::header::RETRY_AFTER)?.to_str().ok()?.trim();
    parse_retry_after(value, SystemTime::now())
}

fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

/// Whether `url`'s host is this machine (127.0.0.0/8, ::1, `localhost`).
pub fn is_loopback_url(url: &str) -> bool {
    reqwest::Url::parse(url).is_ok_and(|u| is_loopback_host(&u))
}

fn is_loopback_host(url: &reqwest::Url) -> bool {
    match url.host() {
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        None => false,
    }
}

/// An address a client will talk to (`name` is its variable, for messages):
/// http(s), no credentials in it, and a secret never sent in clear text
/// beyond this machine.
pub fn check_url(name: &str, url: &str, has_secret: bool) -> Result<(), String> {
    let parsed = reqwest::Url::parse(url).map_err(|e| format!("{name} `{url}` is not a URL: {e}"))?;
    match parsed.scheme() {
        "https" => {}
        "http" => {
            if has_secret && !is_loopback_host(&parsed) {
                return Err(format!(
                    "{name} uses plain http to {}: the key would travel unencrypted; use https",
                    parsed.host_str().unwrap_or("?")
                ));
            }
        }
        other => return Err(format!("{name} must be http or https, not {other}")),
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(format!("{name} must not hold credentials; keys go in their own variables"));
    }
    Ok(())
}

/// A whole-number setting from `var`, within `min..=max`.
pub fn number_var(
    var: &impl Fn(&str) -> Option<String>,
    name: &str,
    min: u64,
    max: u64,
) -> Result<Option<u64>, String> {
    let Some(v) = var(name) else { return Ok(None) };
    match v.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
        _ => Err(format!("{name} must be a whole number from {min} to {max}, not `{v}`")),
    }
}

/// At most `max` characters of `text`, for error messages quoting a body.
pub fn clip(text: &str, max: usize) -> String {
    let head = skills_guide_engine::text::truncate_chars(text, max);
    if head.len() < text.len() {
        format!("{head}…")
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_never_print() {
        let s = Secret::new("sk-live-0123456789abcdef");
        assert_eq!(format!("{s:?} {s}"), "Secret([redacted]) [redacted]");
        assert_eq!(s.redact("bad key sk-live-0123456789abcdef!"), "bad key [redacted]!");
    }

    #[test]
    fn retry_after_reads_seconds_and_dates() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        assert_eq!(parse_retry_after("7", now), Some(Duration::from_secs(7)));
        let later = httpdate::fmt_http_date(now + Duration::from_secs(30));
        assert_eq!(parse_retry_after(&later, now), Some(Duration::from_secs(30)));
        let past = httpdate::fmt_http_date(now - Duration::from_secs(30));
        assert_eq!(parse_retry_after(&past, now), Some(Duration::ZERO));
        assert_eq!(parse_retry_after("soon", now), None);
        assert_eq!(parse_retry_after("-3", now), None);
    }

    #[test]
    fn backoff_doubles_and_stays_under_the_cap() {
        let p =
            RetryPolicy { max_attempts: 6, base_backoff: Duration::from_millis(100), max_wait: Duration::from_secs(1) };
        let first = p.backoff(1);
        assert!(first >= Duration::from_millis(100) && first <= Duration::from_millis(125), "{first:?}");
        let third = p.backoff(3);
        assert!(third >= Duration::from_millis(400) && third <= Duration::from_millis(500), "{third:?}");
        assert_eq!(p.backoff(10), Duration::from_secs(1));
        assert_eq!(p.backoff(200), Duration::from_secs(1), "no overflow");
    }

    #[test]
    fn loopback_addresses() {
        for url in ["http://127.0.0.1:8080/v1", "http://localhost:11434", "http://[::1]:1234/v1", "http://127.3.2.1"] {
            assert!(is_loopback_url(url), "{url}");
        }
        for url in ["https://api.deepseek.com", "http://192.168.1.2:8080", "http://localhost.example.com", "nope"] {
            assert!(!is_loopback_url(url), "{url}");
        }
    }

    #[test]
    fn clip_cuts_on_characters() {
        assert_eq!(clip("ééé", 2), "éé…");
        assert_eq!(clip("ab", 5), "ab");
    }
}
