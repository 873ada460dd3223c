//! What a model server says of itself, and a check of one before use.
//!
//! The readings fit the model's context and the server's parallel slots
//! where the server says them ([`discover`]):
//!
//! - llama.cpp's `llama-server`: `GET /props` (`default_generation_settings.n_ctx`,
//!   `total_slots`);
//! - Ollama: `GET /api/ps` (the loaded model's `context_length`), else
//!   `POST /api/show` (its `num_ctx` parameter), else Ollama's default context;
//! - LM Studio: `GET /api/v0/models` (`loaded_context_length`, `max_context_length`);
//! - vLLM and others: `GET {URL}/models` (`max_model_len`, `context_length`).
//!
//! The endpoints at the server's root are asked only of a server on this
//! machine (a remote API has none of them, and its context is large); every
//! question has a short timeout and an answer that is not understood is no
//! answer. A setting the user made always wins over what the server says.
//!
//! [`check`] is the Test button of the settings and `skills-guide model
//! check`: the models the server lists, what it says of itself, and one tiny
//! structured request (a title reading of a built-in skill) with its speed.

use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::Value;

use crate::model::{AnswerSchema, ChatCall, ModelClient, ModelConfig, ResponseFormat};
use crate::readings::{self, Fit, ReadingKind};

/// How long a question about the server may take.
const PROBE_TIMEOUT: Duration = Duration::from_secs(5);
/// The context Ollama gives a model that sets none (its `num_ctx` default).
const OLLAMA_DEFAULT_CONTEXT: u32 = 4_096;

/// Which server software answered, as far as it says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ServerKind {
    LlamaCpp,
    Ollama,
    LmStudio,
    Vllm,
    /// An OpenAI-compatible server that said nothing more of itself.
    Other,
}

impl ServerKind {
    pub fn describe(self) -> &'static str {
        match self {
            ServerKind::LlamaCpp => "llama.cpp server",
            ServerKind::Ollama => "Ollama",
            ServerKind::LmStudio => "LM Studio",
            ServerKind::Vllm => "vLLM",
            ServerKind::Other => "OpenAI-compatible server",
        }
    }
}

/// What the server says of itself; every field may be unknown.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServerFacts {
    pub kind: ServerKind,
    /// The model ids of `GET {URL}/models`, or `None` when it did not answer.
    pub models: Option<Vec<String>>,
    /// Why the model list could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub models_error: Option<String>,
    /// The context, in tokens, of the configured model as the server runs it.
    pub context_tokens: Option<u32>,
    /// Where that figure came from (an endpoint, a setting, a default).
    pub context_source: Option<String>,
    /// Requests the server works on at once.
    pub slots: Option<u32>,
    pub slots_source: Option<String>,
}

impl ServerFacts {
    fn unknown() -> ServerFacts {
        ServerFacts {
            kind: ServerKind::Other,
            models: None,
            models_error: None,
            context_tokens: None,
            context_source: None,
            slots: None,
            slots_source: None,
        }
    }

    fn context(&mut self, tokens: Option<u64>, source: &str) -> bool {
        match tokens.filter(|t| (256..=100_000_000).contains(t)) {
            Some(t) if self.context_tokens.is_none() => {
                self.context_tokens = Some(t as u32);
                self.context_source = Some(source.to_owned());
                true
            }
            _ => false,
        }
    }
}

/// Asks the server what it is, its models, its context and its slots (see
/// the module's documentation), then applies what the user did not set to
/// the client's configuration: the context (which the readings fit) and, on
/// this machine, the concurrency (one reading per slot).
pub fn discover(client: &mut ModelClient) -> ServerFacts {
    let mut facts = ask(client);
    let config = client.config_mut();
    match config.context_tokens {
        Some(set) => {
            facts.context_tokens = Some(set);
            facts.context_source = Some("setting SKILLS_GUIDE_LLM_CONTEXT".into());
        }
        None => config.context_tokens = facts.context_tokens,
    }
    if !config.concurrency_set && crate::http::is_loopback_url(&config.url) {
        if let Some(slots) = facts.slots {
            config.concurrency = (slots as usize).clamp(1, 32);
        }
    }
    facts
}

/// The server's answers, nothing applied.
fn ask(client: &ModelClient) -> ServerFacts {
    let config = client.config();
    let mut facts = ServerFacts::unknown();
    let models = get_json(client, &format!("{}/models", config.url));
    match &models {
        Ok(list) => {
            let data = list.get("data").and_then(Value::as_array).cloned().unwrap_or_default();
            facts.models = Some(data.iter().filter_map(|m| m.get("id")?.as_str()).map(str::to_owned).collect());
            let ours = data.iter().find(|m| m.get("id").and_then(Value::as_str) == Some(config.model.as_str()));
            if let Some(entry) = ours {
                match entry.get("owned_by").and_then(Value::as_str) {
                    Some("llamacpp") => facts.kind = ServerKind::LlamaCpp,
                    Some("vllm") => facts.kind = ServerKind::Vllm,
                    _ => {}
                }
                facts.context(entry.get("max_model_len").and_then(Value::as_u64), "/models max_model_len");
                facts.context(entry.get("context_length").and_then(Value::as_u64), "/models context_length");
            }
        }
        Err(e) => facts.models_error = Some(e.clone()),
    }
    if !crate::http::is_loopback_url(&config.url) {
        return facts;
    }
    let root = server_root(&config.url);
    if let Ok(props) = get_json(client, &format!("{root}/props")) {
        let settings = props.get("default_generation_settings");
        let n_ctx = settings.and_then(|s| s.get("n_ctx")).or_else(|| props.get("n_ctx")).and_then(Value::as_u64);
        if n_ctx.is_some() || props.get("total_slots").is_some() {
            facts.kind = ServerKind::LlamaCpp;
            if let Some(n) = props.get("total_slots").and_then(Value::as_u64).filter(|n| *n >= 1) {
                facts.slots = Some(n as u32);
                facts.slots_source = Some("llama.cpp /props total_slots".into());
            }
            // The default settings are a slot's: its n_ctx is its own part
            // of the context, what one request has.
            facts.context(n_ctx, "llama.cpp /props n_ctx");
            return facts;
        }
    }
    if let Ok(ps) = get_json(client, &format!("{root}/api/ps")) {
        if let Some(loaded) = ps.get("models").and_then(Value::as_array) {
            facts.kind = ServerKind::Ollama;
            let ours = loaded.iter().find(|m| {
                let name = m.get("name").or_else(|| m.get("model")).and_then(Value::as_str).unwrap_or_default();
                same_ollama_model(name, &config.model)
            });
            let loaded_ctx = ours.and_then(|m| m.get("context_length")).and_then(Value::as_u64);
            if !facts.context(loaded_ctx, "Ollama /api/ps context_length") {
                let shown = post_json(client, &format!("{root}/api/show"), &serde_json::json!({"model": config.model}));
                let num_ctx = shown.ok().and_then(|s| num_ctx_parameter(s.get("parameters")?.as_str()?));
                if !facts.context(num_ctx, "Ollama /api/show num_ctx") {
                    facts.context(Some(u64::from(OLLAMA_DEFAULT_CONTEXT)), "Ollama's default num_ctx");
                }
            }
            return facts;
        }
    }
    if let Ok(lm) = get_json(client, &format!("{root}/api/v0/models")) {
        if let Some(data) = lm.get("data").and_then(Value::as_array) {
            facts.kind = ServerKind::LmStudio;
            if let Some(entry) =
                data.iter().find(|m| m.get("id").and_then(Value::as_str) == Some(config.model.as_str()))
            {
                let loaded = entry.get("loaded_context_length").and_then(Value::as_u64);
                if !facts.context(loaded, "LM Studio loaded_context_length") {
                    facts.context(
                        entry.get("max_context_length").and_then(Value::as_u64),
                        "LM Studio max_context_length",
                    );
                }
            }
        }
    }
    facts
}

/// The server's address without the API's `/v1`: where llama.cpp, Ollama
/// and LM Studio answer their own endpoints.
fn server_root(url: &str) -> &str {
    url.trim_end_matches('/').strip_suffix("/v1").unwrap_or(url)
}

/// Ollama names `qwen3` and `qwen3:latest` the same model.
fn same_ollama_model(name: &str, configured: &str) -> bool {
    let full = |n: &str| if n.contains(':') { n.to_owned() } else { format!("{n}:latest") };
    full(name) == full(configured)
}

/// `num_ctx 8192` in Ollama's `parameters` text.
fn num_ctx_parameter(parameters: &str) -> Option<u64> {
    parameters.lines().find_map(|line| {
        let mut words = line.split_whitespace();
        (words.next()? == "num_ctx").then_some(())?;
        words.next()?.parse().ok()
    })
}

fn get_json(client: &ModelClient, url: &str) -> Result<Value, String> {
    send_json(client, client.http().get(url))
}

fn post_json(client: &ModelClient, url: &str, body: &Value) -> Result<Value, String> {
    let request = client.http().post(url).header(reqwest::header::CONTENT_TYPE, "application/json");
    send_json(client, request.body(body.to_string()))
}

fn send_json(client: &ModelClient, request: reqwest::blocking::RequestBuilder) -> Result<Value, String> {
    let mut request = request.timeout(PROBE_TIMEOUT).header(reqwest::header::ACCEPT, "application/json");
    if let Some(key) = &client.config().key {
        request = request.bearer_auth(key.expose());
    }
    let redact = |text: String| client.config().key.as_ref().map_or(text.clone(), |k| k.redact(&text));
    let response = request
        .send()
        .map_err(|e| redact(crate::http::describe_send_error(&e, PROBE_TIMEOUT, &client.config().url)))?;
    let status = response.status();
    if !status.is_success() {
        return Err(format!("HTTP {}", status.as_u16()));
    }
    // Server descriptions are small; a huge one is not one of them.
    let mut text = String::new();
    std::io::Read::read_to_string(&mut std::io::Read::take(response, 4 * 1024 * 1024), &mut text)
        .map_err(|e| format!("reading the answer failed: {e}"))?;
    serde_json::from_str(&text).map_err(|_| "the answer is not JSON".to_owned())
}

/// One tiny structured request's outcome.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckAnswer {
    /// How the answer was asked for (the server refused the formats before it).
    pub response_format: ResponseFormat,
    pub seconds: f64,
    pub attempts: u32,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// Completion tokens per second of the whole request (prompt included).
    pub tokens_per_second: Option<f64>,
    /// The title the model gave the built-in skill.
    pub title: String,
}

/// What [`check`] found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckReport {
    pub url: String,
    pub model: String,
    pub server: ServerFacts,
    /// Whether the server lists the configured model (`None`: no list).
    pub model_listed: Option<bool>,
    /// Readings sent at once.
    pub concurrency: usize,
    /// The characters of a skill the card and the audit will send (R-LLM-7,
    /// fitted to the context).
    pub card_chars: usize,
    pub audit_chars: usize,
    pub answer: Option<CheckAnswer>,
    /// Why the request failed.
    pub error: Option<String>,
    /// Whether readings will work: the request got a valid answer.
    pub ok: bool,
}

/// A skill for the check's request: short, plain, written for it.
const CHECK_SKILL: &str =
    "---\nname: changelog-writer\ndescription: Writes a changelog entry from the staged git diff.\n---\n\
# Changelog writer\n\nRead `git diff --staged`, then add one entry to CHANGELOG.md under \"Unreleased\", \
in the Keep a Changelog style. Ask before committing.\n";

/// Checks the server `config` names: what it says of itself, then one
/// title reading of a built-in skill with the reading's schema.
pub fn check(config: ModelConfig) -> CheckReport {
    let (url, model) = (config.url.clone(), config.model.clone());
    let mut client = match ModelClient::new(config) {
        Ok(c) => c,
        Err(e) => {
            let mut server = ServerFacts::unknown();
            server.models_error = Some(e.clone());
            return CheckReport {
                url,
                model,
                server,
                model_listed: None,
                concurrency: 1,
                card_chars: readings::CARD_CHARS,
                audit_chars: readings::AUDIT_CHARS,
                answer: None,
                error: Some(e),
                ok: false,
            };
        }
    };
    let server = discover(&mut client);
    let model_listed = server.models.as_ref().map(|ids| ids.iter().any(|id| id == &model));
    let fit = Fit::for_context(client.config().context_tokens);
    let request = readings::request(ReadingKind::Title, CHECK_SKILL, &[], 1, fit);
    let call = ChatCall {
        system: request.system,
        user: &request.user,
        max_tokens: request.max_tokens,
        temperature: request.temperature,
        schema: Some(AnswerSchema { name: ReadingKind::Title.schema_name(), schema: ReadingKind::Title.schema_text() }),
    };
    let started = Instant::now();
    let (answer, error) = match client.chat(&call, readings::parse_title) {
        Ok(a) => {
            let seconds = started.elapsed().as_secs_f64();
            let tokens_per_second =
                (a.usage.completion_tokens > 0 && seconds > 0.0).then(|| a.usage.completion_tokens as f64 / seconds);
            let answer = CheckAnswer {
                response_format: a.format,
                seconds,
                attempts: a.attempts,
                prompt_tokens: a.usage.prompt_tokens,
                completion_tokens: a.usage.completion_tokens,
                tokens_per_second,
                title: a.value.title,
            };
            (Some(answer), None)
        }
        Err(e) => (None, Some(e.to_string())),
    };
    CheckReport {
        url,
        model,
        server,
        model_listed,
        concurrency: client.config().concurrency,
        card_chars: fit.chars(ReadingKind::Card),
        audit_chars: fit.chars(ReadingKind::Audit),
        ok: answer.is_some(),
        answer,
        error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_and_names() {
        assert_eq!(server_root("http://127.0.0.1:8080/v1"), "http://127.0.0.1:8080");
        assert_eq!(server_root("http://127.0.0.1:8080"), "http://127.0.0.1:8080");
        assert!(same_ollama_model("qwen3:latest", "qwen3"));
        assert!(same_ollama_model("qwen3:8b", "qwen3:8b"));
        assert!(!same_ollama_model("qwen3:8b", "qwen3"));
        assert_eq!(num_ctx_parameter("stop \"<|im_end|>\"\nnum_ctx                        8192\n"), Some(8192));
        assert_eq!(num_ctx_parameter("temperature 0.7"), None);
    }
}
