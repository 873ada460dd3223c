//! The one client for the model server: any OpenAI-compatible
//! chat-completions endpoint (the DeepSeek API by default, or a local
//! Ollama / llama.cpp / vLLM by URL). One call is one `POST
//! {URL}/chat/completions` in JSON mode (`../shared/contract.md`), with a
//! timeout, bounded retries on 429 / 5xx / transport errors / malformed
//! answers (honouring `Retry-After`), and the tokens it used.
//!
//! Never here: the key in a log line, an error or a `Debug` output; a wait
//! or a retry without a bound; any knowledge of what a reading means (that is
//! [`crate::readings`]).

use std::io::Read;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::http::{self, RetryPolicy, Secret};

pub const DEFAULT_URL: &str = "https://api.deepseek.com";
/// The DeepSeek API's name for its current chat model (the seed used DeepSeek
/// V4.1 Flash); set `SKILLS_GUIDE_LLM_MODEL` to pin another.
pub const DEFAULT_MODEL: &str = "deepseek-chat";
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(120);
pub const DEFAULT_CONCURRENCY: usize = 4;
/// Largest answer body read: a card is a few kilobytes.
const MAX_BODY_BYTES: u64 = 2 * 1024 * 1024;

/// Where the model is and how to talk to it.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelConfig {
    /// Base address, without a trailing slash; `/chat/completions` is appended.
    pub url: String,
    pub model: String,
    pub key: Option<Secret>,
    /// For each request, connection included.
    pub timeout: Duration,
    pub retry: RetryPolicy,
    /// Readings in flight at once.
    pub concurrency: usize,
}

impl ModelConfig {
    /// A server at `url` with the defaults (no key: a local server).
    pub fn new(url: &str, model: &str) -> ModelConfig {
        ModelConfig {
            url: url.trim_end_matches('/').to_owned(),
            model: model.to_owned(),
            key: None,
            timeout: DEFAULT_TIMEOUT,
            retry: RetryPolicy::default(),
            concurrency: DEFAULT_CONCURRENCY,
        }
    }

    /// The configuration the environment gives (the contract's variables),
    /// or `None` when there is no model: no URL and no key.
    pub fn from_env() -> Result<Option<ModelConfig>, String> {
        Self::from_vars(|name| std::env::var(name).ok())
    }

    /// As [`ModelConfig::from_env`], reading variables through `get`.
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Result<Option<ModelConfig>, String> {
        let var = |name: &str| get(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let url = var("SKILLS_GUIDE_LLM_URL");
        let key = var("SKILLS_GUIDE_LLM_KEY").or_else(|| var("DEEPSEEK_API_KEY")).map(Secret::new);
        if url.is_none() && key.is_none() {
            return Ok(None);
        }
        let url = url.unwrap_or_else(|| DEFAULT_URL.to_owned());
        http::check_url("SKILLS_GUIDE_LLM_URL", &url, key.is_some())?;
        let mut config = ModelConfig::new(&url, &var("SKILLS_GUIDE_LLM_MODEL").unwrap_or_else(|| DEFAULT_MODEL.into()));
        config.key = key;
        let number = |name: &str, min: u64, max: u64| http::number_var(&var, name, min, max);
        if let Some(s) = number("SKILLS_GUIDE_LLM_TIMEOUT", 1, 3600)? {
            config.timeout = Duration::from_secs(s);
        }
        if let Some(n) = number("SKILLS_GUIDE_LLM_ATTEMPTS", 1, 10)? {
            config.retry.max_attempts = n as u32;
        }
        if let Some(ms) = number("SKILLS_GUIDE_LLM_BACKOFF_MS", 0, 60_000)? {
            config.retry.base_backoff = Duration::from_millis(ms);
        }
        if let Some(s) = number("SKILLS_GUIDE_LLM_MAX_WAIT", 0, 3600)? {
            config.retry.max_wait = Duration::from_secs(s);
        }
        if let Some(n) = number("SKILLS_GUIDE_LLM_CONCURRENCY", 1, 32)? {
            config.concurrency = n as usize;
        }
        Ok(Some(config))
    }
}

/// Tokens one reading used, as the server counted them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
}

impl std::ops::AddAssign for Usage {
    fn add_assign(&mut self, other: Usage) {
        self.prompt_tokens += other.prompt_tokens;
        self.completion_tokens += other.completion_tokens;
    }
}

/// One chat-completions call: a system message and one user message.
#[derive(Debug, Clone)]
pub struct ChatCall<'a> {
    pub system: &'a str,
    pub user: &'a str,
    pub max_tokens: u32,
    pub temperature: f32,
}

/// A validated answer, with what it cost (every attempt that got an answer
/// counts, malformed ones included: the server billed them).
#[derive(Debug, Clone, PartialEq)]
pub struct Answer<T> {
    pub value: T,
    pub usage: Usage,
    pub attempts: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// The server refused the configuration itself (key, model, address,
    /// balance): no other reading will work either, so the run stops.
    #[error("the model server at {url} refused the request (HTTP {status}): {message}")]
    Refused { url: String, status: u16, message: String },
    /// No attempt could even connect to the server (refused, no route, no
    /// such host): every other reading would pay the same attempts, so the
    /// run stops. A server that answers slowly is not this.
    #[error("the model server cannot be reached after {attempts} attempt(s): {last}")]
    Unreachable { attempts: u32, last: String },
    /// This reading failed, after every attempt it was allowed.
    #[error("the reading failed after {attempts} attempt(s): {last}")]
    Failed { attempts: u32, last: String, usage: Usage },
}

impl ModelError {
    /// Whether the whole run should stop (the configuration is wrong, or
    /// the server is not there).
    pub fn is_fatal(&self) -> bool {
        matches!(self, ModelError::Refused { .. } | ModelError::Unreachable { .. })
    }
}

/// What one attempt came to.
enum Attempt {
    Answer {
        content: String,
        usage: Usage,
    },
    /// Worth another try, after `wait` (or the backoff).
    Retry {
        why: String,
        wait: Option<Duration>,
    },
    /// The connection itself could not be made: worth another try too.
    NoConnection(String),
    /// This request will not work however often it is sent.
    Fail(String),
    Refused {
        status: u16,
        message: String,
    },
}

pub struct ModelClient {
    config: ModelConfig,
    endpoint: String,
    http: reqwest::blocking::Client,
}

impl std::fmt::Debug for ModelClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModelClient").field("config", &self.config).finish_non_exhaustive()
    }
}

impl ModelClient {
    pub fn new(config: ModelConfig) -> Result<ModelClient, String> {
        let http = http::client(config.timeout)?;
        let endpoint = format!("{}/chat/completions", config.url);
        Ok(ModelClient { config, endpoint, http })
    }

    pub fn config(&self) -> &ModelConfig {
        &self.config
    }

    /// Sends `call` until `validate` accepts an answer, within the retry
    /// policy. `validate` gets `choices[0].message.content`; its `Err` says
    /// why the answer is malformed, and the call is retried.
    pub fn chat<T>(
        &self,
        call: &ChatCall<'_>,
        validate: impl Fn(&str) -> Result<T, String>,
    ) -> Result<Answer<T>, ModelError> {
        let body = serde_json::json!({
            "model": self.config.model,
            "messages": [
                { "role": "system", "content": call.system },
                { "role": "user", "content": call.user },
            ],
            "response_format": { "type": "json_object" },
            "max_tokens": call.max_tokens,
            "temperature": call.temperature,
            "stream": false,
        });
        let body = body.to_string();
        let policy = self.config.retry;
        let max_attempts = policy.max_attempts.max(1);
        let mut usage = Usage::default();
        let mut last = String::new();
        // Whether every attempt so far failed to connect at all.
        let mut never_connected = true;
        for attempt in 1..=max_attempts {
            let wait = match self.attempt(&body) {
                Attempt::NoConnection(why) => {
                    last = why;
                    None
                }
                Attempt::Answer { content, usage: used } => {
                    never_connected = false;
                    usage += used;
                    match validate(&content) {
                        Ok(value) => return Ok(Answer { value, usage, attempts: attempt }),
                        Err(why) => {
                            last = format!("malformed answer: {why}");
                            None
                        }
                    }
                }
                Attempt::Retry { why, wait } => {
                    never_connected = false;
                    last = why;
                    wait
                }
                Attempt::Fail(why) => return Err(ModelError::Failed { attempts: attempt, last: why, usage }),
                Attempt::Refused { status, message } => {
                    return Err(ModelError::Refused { url: self.config.url.clone(), status, message });
                }
            };
            if attempt == max_attempts {
                break;
            }
            let wait = match wait {
                Some(asked) if asked > policy.max_wait => {
                    let why = format!(
                        "{last}; the server asks to wait {} s, over the {} s limit",
                        asked.as_secs(),
                        policy.max_wait.as_secs()
                    );
                    return Err(ModelError::Failed { attempts: attempt, last: why, usage });
                }
                Some(asked) => asked,
                None => policy.backoff(attempt),
            };
            tracing::debug!(attempt, wait_ms = wait.as_millis() as u64, reason = %last, "model request retried");
            std::thread::sleep(wait);
        }
        if never_connected {
            return Err(ModelError::Unreachable { attempts: max_attempts, last });
        }
        Err(ModelError::Failed { attempts: max_attempts, last, usage })
    }

    fn attempt(&self, body: &str) -> Attempt {
        let mut request = self
            .http
            .post(&self.endpoint)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(reqwest::header::ACCEPT, "application/json")
            .body(body.to_owned());
        if let Some(key) = &self.config.key {
            request = request.bearer_auth(key.expose());
        }
        let response = match request.send() {
            Ok(r) => r,
            Err(e) if e.is_connect() => return Attempt::NoConnection(self.describe(&e)),
            Err(e) => return Attempt::Retry { why: self.describe(&e), wait: None },
        };
        let status = response.status();
        let wait = http::retry_after(response.headers());
        let mut text = String::new();
        let read = response.take(MAX_BODY_BYTES).read_to_string(&mut text);
        if let Err(e) = read {
            return Attempt::Retry { why: format!("reading the answer failed: {e}"), wait: None };
        }
        if !status.is_success() {
            let message = self.redact(&error_message(&text));
            let code = status.as_u16();
            return match code {
                401..=404 => Attempt::Refused { status: code, message },
                408 | 409 | 429 | 500..=599 => Attempt::Retry { why: format!("HTTP {code}: {message}"), wait },
                _ => Attempt::Fail(format!("HTTP {code}: {message}")),
            };
        }
        match parse_completion(&text) {
            Ok((content, usage)) => Attempt::Answer { content, usage },
            Err(why) => Attempt::Retry { why: self.redact(&why), wait: None },
        }
    }

    /// A transport error in words, without anything that could hold the key.
    fn describe(&self, e: &reqwest::Error) -> String {
        self.redact(&http::describe_send_error(e, self.config.timeout, &self.config.url))
    }

    fn redact(&self, text: &str) -> String {
        match &self.config.key {
            Some(key) => key.redact(text),
            None => text.to_owned(),
        }
    }
}

/// The server's own words for an error (`{"error": {"message": …}}`), clipped.
fn error_message(body: &str) -> String {
    let from_json = serde_json::from_str::<serde_json::Value>(body).ok().and_then(|v| {
        let e = v.get("error")?;
        e.get("message").and_then(|m| m.as_str()).or_else(|| e.as_str()).map(str::to_owned)
    });
    let text = from_json.unwrap_or_else(|| body.trim().to_owned());
    if text.is_empty() {
        "no message".to_owned()
    } else {
        http::clip(&text, 300)
    }
}

#[derive(Deserialize)]
struct Completion {
    choices: Vec<Choice>,
    usage: Option<WireUsage>,
}

#[derive(Deserialize)]
struct Choice {
    message: Option<Message>,
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct Message {
    content: Option<String>,
}

#[derive(Deserialize)]
struct WireUsage {
    #[serde(default)]
    prompt_tokens: u64,
    #[serde(default)]
    completion_tokens: u64,
}

/// `choices[0].message.content` and the usage of a chat.completion body.
fn parse_completion(body: &str) -> Result<(String, Usage), String> {
    let c: Completion = serde_json::from_str(body)
        .map_err(|e| format!("the server's answer is not a chat completion: {e} ({})", http::clip(body, 120)))?;
    let usage = c
        .usage
        .map(|u| Usage { prompt_tokens: u.prompt_tokens, completion_tokens: u.completion_tokens })
        .unwrap_or_default();
    let choice = c.choices.into_iter().next().ok_or("the answer has no choices")?;
    if choice.finish_reason.as_deref() == Some("length") {
        return Err("the answer was cut at the token limit".into());
    }
    let content = choice.message.and_then(|m| m.content).ok_or("the answer has no message content")?;
    Ok((content, usage))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn vars(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn no_url_and_no_key_is_no_model() {
        assert_eq!(ModelConfig::from_vars(vars(&[])), Ok(None));
        assert_eq!(ModelConfig::from_vars(vars(&[("SKILLS_GUIDE_LLM_MODEL", "m")])), Ok(None));
        assert_eq!(ModelConfig::from_vars(vars(&[("SKILLS_GUIDE_LLM_KEY", "  ")])), Ok(None));
    }

    #[test]
    fn a_key_alone_means_deepseek() {
        let c = ModelConfig::from_vars(vars(&[("DEEPSEEK_API_KEY", "sk-abc123456")])).unwrap().unwrap();
        assert_eq!(c.url, DEFAULT_URL);
        assert_eq!(c.model, DEFAULT_MODEL);
        assert_eq!(c.key.as_ref().map(Secret::expose), Some("sk-abc123456"));
        let c =
            ModelConfig::from_vars(vars(&[("DEEPSEEK_API_KEY", "a"), ("SKILLS_GUIDE_LLM_KEY", "b")])).unwrap().unwrap();
        assert_eq!(c.key.as_ref().map(Secret::expose), Some("b"), "the project's own variable wins");
    }

    #[test]
    fn a_local_url_needs_no_key() {
        let c = ModelConfig::from_vars(vars(&[
            ("SKILLS_GUIDE_LLM_URL", "http://127.0.0.1:11434/v1/"),
            ("SKILLS_GUIDE_LLM_MODEL", "qwen3:8b"),
            ("SKILLS_GUIDE_LLM_CONCURRENCY", "2"),
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(
            (c.url.as_str(), c.model.as_str(), c.key, c.concurrency),
            ("http://127.0.0.1:11434/v1", "qwen3:8b", None, 2)
        );
    }

    #[test]
    fn unsafe_or_broken_addresses_are_refused() {
        let err = |pairs: &[(&str, &str)]| ModelConfig::from_vars(vars(pairs)).unwrap_err();
        let e =
            err(&[("SKILLS_GUIDE_LLM_URL", "http://models.example.com/v1"), ("SKILLS_GUIDE_LLM_KEY", "sk-secret-1")]);
        assert!(e.contains("unencrypted") && !e.contains("sk-secret-1"), "{e}");
        assert!(err(&[("SKILLS_GUIDE_LLM_URL", "ftp://x")]).contains("http or https"));
        assert!(err(&[("SKILLS_GUIDE_LLM_URL", "https://u:p@x.example")]).contains("credentials"));
        assert!(err(&[("SKILLS_GUIDE_LLM_URL", "not a url")]).contains("not a URL"));
        assert!(err(&[("SKILLS_GUIDE_LLM_URL", "http://localhost:1"), ("SKILLS_GUIDE_LLM_TIMEOUT", "0")])
            .contains("SKILLS_GUIDE_LLM_TIMEOUT"));
        // Plain http with a key is fine on loopback.
        assert!(ModelConfig::from_vars(vars(&[
            ("SKILLS_GUIDE_LLM_URL", "http://[::1]:8080"),
            ("SKILLS_GUIDE_LLM_KEY", "k")
        ]))
        .is_ok());
    }

    #[test]
    fn completions_are_read_and_truncation_is_malformed() {
        let ok = r#"{"choices":[{"message":{"content":"{}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":7,"completion_tokens":2}}"#;
        assert_eq!(parse_completion(ok), Ok(("{}".into(), Usage { prompt_tokens: 7, completion_tokens: 2 })));
        let cut = r#"{"choices":[{"message":{"content":"{\"a\""},"finish_reason":"length"}]}"#;
        assert!(parse_completion(cut).unwrap_err().contains("token limit"));
        assert!(parse_completion(r#"{"choices":[]}"#).is_err());
        assert!(parse_completion("<html>").is_err());
        assert!(parse_completion(r#"{"choices":[{"message":{"content":null}}]}"#).is_err());
    }

    #[test]
    fn error_bodies_are_quoted_briefly() {
        assert_eq!(error_message(r#"{"error":{"message":"Model Not Exist"}}"#), "Model Not Exist");
        assert_eq!(error_message(""), "no message");
        assert_eq!(error_message(&"x".repeat(1000)).chars().count(), 301);
    }
}
