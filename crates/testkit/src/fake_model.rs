//! A fake OpenAI-compatible chat-completions server (DeepSeek, Ollama, vLLM speak the same
//! dialect), scripted per test by a handler and recording every request it receives.
//!
//! It mimics the real API where clients can tell the difference: request validation, status
//! codes, error bodies, `Retry-After`, the `chat.completion` envelope, the `response_format`
//! types a server of its kind accepts ([`Formats`]: all of them, JSON mode alone as DeepSeek,
//! none), and with [`Options::props`] llama.cpp's `/props`. It must never bind anything but
//! `127.0.0.1`, never call out, and never let bad input kill a worker thread.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

use crate::http::{Answer, Request, Response, Server};

/// Same order of magnitude as real providers' limits; keeps a runaway client from eating RAM.
const MAX_BODY: usize = 8 * 1024 * 1024;

type Handler = dyn Fn(&ChatRequest) -> Reply + Send + Sync;

/// A running fake model server; stops (and joins its threads) when dropped.
/// Each connection has its own thread, so `Delay` replies and parallel
/// clients don't queue behind each other.
pub struct FakeModel {
    shared: Arc<Shared>,
    server: Server,
}

struct Shared {
    handler: Box<Handler>,
    key: Option<String>,
    formats: Formats,
    props: Option<Value>,
    log: Mutex<Vec<ChatRequest>>,
    shutdown: AtomicBool,
}

/// One request as the fake received it.
#[derive(Debug, Clone)]
pub struct ChatRequest {
    /// 0-based arrival order.
    pub seq: usize,
    pub method: String,
    /// As sent, e.g. "/v1/chat/completions" (query string included, if any).
    pub path: String,
    /// Names lowercased.
    pub headers: Vec<(String, String)>,
    /// Raw body, lossily decoded; truncated to 8 MiB.
    pub body: String,
    /// The parsed body, when it is JSON.
    pub json: Option<Value>,
}

/// The `response_format` types a server accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Formats {
    /// `json_schema`, `json_object` and `text`, as OpenAI, llama.cpp, Ollama, vLLM.
    #[default]
    All,
    /// `json_object` and `text` only; `json_schema` is refused with DeepSeek's words.
    JsonObjectOnly,
    /// No `response_format` at all (an older or minimal server).
    None,
}

/// How a fake server is set up beside its handler.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Requests must carry `Authorization: Bearer <key>`; others get a 401.
    pub key: Option<String>,
    pub formats: Formats,
    /// The body of `GET /props` (llama.cpp's server); `None`: a 404 there.
    pub props: Option<Value>,
}

/// What the handler wants sent back for one valid chat-completions request.
#[derive(Debug, Clone)]
pub enum Reply {
    /// 200 with a real `chat.completion` body whose `choices[0].message.content` is this.
    Answer(String),
    /// Same, with `content = value.to_string()`.
    AnswerJson(Value),
    /// 200 with this content cut at the token limit (`finish_reason: "length"`).
    Cut(String),
    /// Any status, extra headers, raw body (served as application/json unless overridden).
    Status { status: u16, headers: Vec<(String, String)>, body: String },
    /// 429 with `Retry-After` and an OpenAI-style error body.
    RateLimited { retry_after: String },
    /// The given 5xx status with an OpenAI-style error body.
    ServerError(u16),
    /// Waits, then sends the inner reply; other requests are served meanwhile.
    Delay(Duration, Box<Reply>),
}

impl Reply {
    pub fn answer(content: impl Into<String>) -> Reply {
        Reply::Answer(content.into())
    }

    fn error(status: u16, message: &str, kind: &str, code: Option<&str>) -> Reply {
        Reply::Status { status, headers: Vec::new(), body: error_body(message, kind, code) }
    }
}

impl FakeModel {
    /// Starts the server; `handler` is called for every valid chat-completions request.
    pub fn start(handler: impl Fn(&ChatRequest) -> Reply + Send + Sync + 'static) -> FakeModel {
        Self::start_with(Options::default(), handler)
    }

    /// Same, but requests must carry `Authorization: Bearer <key>`; others get a 401.
    pub fn start_with_key(key: &str, handler: impl Fn(&ChatRequest) -> Reply + Send + Sync + 'static) -> FakeModel {
        Self::start_with(Options { key: Some(key.to_owned()), ..Options::default() }, handler)
    }

    /// A server set up by `options`.
    pub fn start_with(options: Options, handler: impl Fn(&ChatRequest) -> Reply + Send + Sync + 'static) -> FakeModel {
        let Options { key, formats, props } = options;
        let shared = Arc::new(Shared {
            handler: Box::new(handler),
            key,
            formats,
            props,
            log: Mutex::new(Vec::new()),
            shutdown: AtomicBool::new(false),
        });
        let server = Server::start("fake model", Arc::clone(&shared), Shared::handle);
        FakeModel { shared, server }
    }

    /// Base URL to configure a client with, e.g. "http://127.0.0.1:43123/v1".
    pub fn url(&self) -> String {
        format!("http://{}/v1", self.server.addr())
    }

    /// Every request received so far (valid or not), in arrival order.
    pub fn requests(&self) -> Vec<ChatRequest> {
        self.shared.log.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The chat-completions requests, in arrival order (not the questions about the server).
    pub fn chat_requests(&self) -> Vec<ChatRequest> {
        self.requests().into_iter().filter(ChatRequest::is_chat).collect()
    }

    /// The chat-completions requests whose system message's first line is `reading: {kind}`.
    pub fn requests_for(&self, kind: &str) -> Vec<ChatRequest> {
        self.requests().into_iter().filter(|r| r.is_chat() && r.reading() == Some(kind)).collect()
    }
}

impl Drop for FakeModel {
    fn drop(&mut self) {
        // Delays end early on this flag; the server then stops as it drops.
        self.shared.shutdown.store(true, Ordering::Release);
    }
}

impl Shared {
    fn handle(&self, request: Request) -> Answer {
        let too_large = request.body.len() > MAX_BODY;
        let recorded = self.record(request);
        let reply = if too_large {
            Reply::error(413, "Request body too large", "invalid_request_error", Some("request_too_large"))
        } else {
            self.route(&recorded)
        };
        // Shut down during a delay: the request is abandoned.
        self.render(reply, &recorded).map_or(Answer::Disconnect, Answer::Whole)
    }

    fn record(&self, request: Request) -> ChatRequest {
        let raw = &request.body[..request.body.len().min(MAX_BODY)];
        let body = String::from_utf8_lossy(raw).into_owned();
        let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
        let recorded = ChatRequest {
            seq: log.len(),
            method: request.method,
            path: request.target,
            headers: request.headers,
            json: serde_json::from_str(&body).ok(),
            body,
        };
        log.push(recorded.clone());
        recorded
    }

    fn route(&self, req: &ChatRequest) -> Reply {
        let path = req.path.split('?').next().unwrap_or_default();
        if path.ends_with("/chat/completions") {
            if req.method != "POST" {
                return method_not_allowed("POST");
            }
            // The real API checks the key before it looks at the body.
            if let Some(key) = &self.key {
                if req.header("authorization") != Some(format!("Bearer {key}").as_str()) {
                    return unauthorized(req.header("authorization").unwrap_or_default());
                }
            }
            if let Err(message) = validate(req.json.as_ref()) {
                return Reply::error(400, &message, "invalid_request_error", Some("invalid_request_error"));
            }
            if let Err(message) = self.accepts_format(req) {
                return Reply::error(400, &message, "invalid_request_error", Some("invalid_request_error"));
            }
            // A panicking handler (say, a failed assert) must not take a worker down with it.
            catch_unwind(AssertUnwindSafe(|| (self.handler)(req)))
                .unwrap_or_else(|_| Reply::error(500, "fake model: the test's handler panicked", "server_error", None))
        } else if path == "/v1/models" {
            if req.method != "GET" {
                return method_not_allowed("GET");
            }
            let models = json!({"object": "list", "data": [
                {"id": "fake-model", "object": "model", "owned_by": "skills-guide-testkit"}]});
            Reply::Status { status: 200, headers: Vec::new(), body: models.to_string() }
        } else if let (Some(props), "/props") = (&self.props, path) {
            Reply::Status { status: 200, headers: Vec::new(), body: props.to_string() }
        } else {
            Reply::error(404, &format!("Not found: {path}"), "invalid_request_error", Some("not_found"))
        }
    }

    /// Whether the request's `response_format` is one this server takes, in
    /// the words its kind of server refuses it with.
    fn accepts_format(&self, req: &ChatRequest) -> Result<(), String> {
        let Some(format) = req.json.as_ref().and_then(|j| j.get("response_format")) else { return Ok(()) };
        let kind = format.get("type").and_then(Value::as_str).unwrap_or_default();
        match (self.formats, kind) {
            (Formats::None, _) => Err("response_format is not supported by this server".into()),
            (Formats::JsonObjectOnly, "json_schema") => Err("This response_format type is unavailable now".into()),
            (_, "json_object" | "text") => Ok(()),
            (Formats::All, "json_schema") => {
                let spec = format.get("json_schema");
                let named = spec.and_then(|s| s.get("name")).is_some_and(Value::is_string);
                let schema = spec.and_then(|s| s.get("schema")).is_some_and(Value::is_object);
                if named && schema {
                    Ok(())
                } else {
                    Err("Missing required parameter: 'response_format.json_schema' needs a name and a schema".into())
                }
            }
            (_, other) => Err(format!(
                "Invalid value: '{other}'. Supported values are: 'json_object', 'json_schema', and 'text'."
            )),
        }
    }

    /// `None` when the server shut down during a `Delay`: the request is then abandoned.
    fn render(&self, reply: Reply, req: &ChatRequest) -> Option<Response> {
        let (status, headers, body) = match reply {
            Reply::Answer(content) => (200, Vec::new(), completion(req, &content, "stop")),
            Reply::AnswerJson(value) => (200, Vec::new(), completion(req, &value.to_string(), "stop")),
            Reply::Cut(content) => (200, Vec::new(), completion(req, &content, "length")),
            Reply::Status { status, headers, body } => (status, headers, body),
            Reply::RateLimited { retry_after } => {
                let body = error_body("Rate limit reached", "rate_limit_error", Some("rate_limit_exceeded"));
                (429, vec![("Retry-After".to_owned(), retry_after)], body)
            }
            Reply::ServerError(status) => {
                let message = "The server had an error while processing your request";
                (status, Vec::new(), error_body(message, "server_error", None))
            }
            Reply::Delay(wait, inner) => {
                // Sleep in slices so Drop never waits out a long delay.
                let deadline = Instant::now() + wait;
                while let Some(left) = deadline.checked_duration_since(Instant::now()).filter(|d| !d.is_zero()) {
                    if self.shutdown.load(Ordering::Acquire) {
                        return None;
                    }
                    std::thread::sleep(left.min(Duration::from_millis(20)));
                }
                return self.render(*inner, req);
            }
        };
        // A scripted Content-Type replaces ours.
        let mut all = headers;
        if !all.iter().any(|(name, _)| name.eq_ignore_ascii_case("content-type")) {
            all.insert(0, ("Content-Type".to_owned(), "application/json".to_owned()));
        }
        Some(Response::new(status, all, body.into_bytes()))
    }
}

fn validate(json: Option<&Value>) -> Result<(), String> {
    let body = json.and_then(Value::as_object).ok_or("Request body must be a JSON object")?;
    body.get("model").and_then(Value::as_str).ok_or("`model` must be a string")?;
    let messages = body.get("messages").and_then(Value::as_array).filter(|m| !m.is_empty());
    let messages = messages.ok_or("`messages` must be a non-empty array")?;
    for (i, message) in messages.iter().enumerate() {
        let has = |field: &str| message.get(field).is_some_and(Value::is_string);
        if !(has("role") && has("content")) {
            return Err(format!("messages[{i}] must be an object with string `role` and `content`"));
        }
    }
    Ok(())
}

fn unauthorized(sent: &str) -> Reply {
    let token = sent.strip_prefix("Bearer ").unwrap_or(sent);
    let chars: Vec<char> = token.chars().collect();
    // Like DeepSeek: echo only the tail, and none of a key too short to hide the rest of.
    let tail: String = if chars.len() > 4 { chars[chars.len() - 4..].iter().collect() } else { String::new() };
    let message = format!("Authentication Fails, Your api key: ****{tail} is invalid");
    Reply::error(401, &message, "authentication_error", Some("invalid_request_error"))
}

fn method_not_allowed(allow: &str) -> Reply {
    let body = error_body("Method not allowed", "invalid_request_error", Some("method_not_allowed"));
    Reply::Status { status: 405, headers: vec![("Allow".to_owned(), allow.to_owned())], body }
}

fn error_body(message: &str, kind: &str, code: Option<&str>) -> String {
    json!({"error": {"message": message, "type": kind, "param": null, "code": code}}).to_string()
}

fn completion(req: &ChatRequest, content: &str, finish_reason: &str) -> String {
    let prompt_chars: usize =
        req.messages().iter().filter_map(|m| m["content"].as_str()).map(|c| c.chars().count()).sum();
    let prompt_tokens = (prompt_chars / 4).max(1);
    let completion_tokens = (content.chars().count() / 4).max(1);
    let created = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    json!({
        "id": format!("chatcmpl-{}", req.seq),
        "object": "chat.completion",
        "created": created,
        "model": req.model(),
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
            "finish_reason": finish_reason, "logprobs": null}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens},
    })
    .to_string()
}

impl ChatRequest {
    /// Case-insensitive.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    pub fn model(&self) -> Option<&str> {
        self.json.as_ref()?.get("model")?.as_str()
    }

    /// `messages[0].content`, when that message is the system one.
    pub fn system(&self) -> Option<&str> {
        let first = self.messages().first()?;
        (first.get("role")?.as_str()? == "system").then_some(())?;
        first.get("content")?.as_str()
    }

    /// Which reading the request asks for ("title", "card", "audit"), from the system
    /// message's first line `reading: X`.
    pub fn reading(&self) -> Option<&str> {
        let kind = self.system()?.lines().next()?.strip_prefix("reading:")?.trim();
        (!kind.is_empty()).then_some(kind)
    }

    /// Content of the last message with role "user".
    pub fn user(&self) -> Option<&str> {
        let last = self.messages().iter().rev().find(|m| m.get("role").and_then(Value::as_str) == Some("user"))?;
        last.get("content")?.as_str()
    }

    fn messages(&self) -> &[Value] {
        let messages = self.json.as_ref().and_then(|j| j.get("messages")).and_then(Value::as_array);
        messages.map_or(&[], Vec::as_slice)
    }

    /// `response_format.type`, when the request has one.
    pub fn response_format(&self) -> Option<&str> {
        self.json.as_ref()?.get("response_format")?.get("type")?.as_str()
    }

    pub fn is_chat(&self) -> bool {
        self.path.split('?').next().is_some_and(|p| p.ends_with("/chat/completions"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::sync::atomic::AtomicUsize;

    struct Resp {
        status: u16,
        head: String,
        body: String,
    }

    impl Resp {
        fn header(&self, name: &str) -> Option<&str> {
            self.head.lines().skip(1).find_map(|line| {
                let (n, v) = line.split_once(':')?;
                n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
            })
        }

        fn json(&self) -> Value {
            serde_json::from_str(&self.body).expect("response body is JSON")
        }
    }

    /// Raw HTTP/1.1 over a socket, so the tests see exactly what a client would.
    fn send(base: &str, method: &str, suffix: &str, headers: &[(&str, &str)], body: &str) -> Resp {
        let rest = base.strip_prefix("http://").expect("http base url");
        let (host, prefix) = rest.split_once('/').map_or((rest, String::new()), |(h, p)| (h, format!("/{p}")));
        let mut stream = TcpStream::connect(host).expect("connect to fake");
        let mut request = format!(
            "{method} {prefix}{suffix} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n",
            body.len()
        );
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        request.push_str(body);
        stream.write_all(request.as_bytes()).unwrap();
        let mut raw = String::new();
        stream.read_to_string(&mut raw).unwrap();
        let (head, body) = raw.split_once("\r\n\r\n").expect("complete response");
        let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("status line");
        Resp { status, head: head.to_owned(), body: body.to_owned() }
    }

    fn chat(system: &str, user: &str) -> String {
        json!({"model": "deepseek-chat", "messages": [
            {"role": "system", "content": system},
            {"role": "user", "content": "earlier question"},
            {"role": "assistant", "content": "earlier answer"},
            {"role": "user", "content": user},
        ]})
        .to_string()
    }

    #[test]
    fn answer_round_trip() {
        let fake = FakeModel::start(|req| Reply::answer(format!("echo: {}", req.user().unwrap_or_default())));
        let resp = send(&fake.url(), "POST", "/chat/completions", &[], &chat("reading: audit\nBe strict.", "hi"));
        assert_eq!(resp.status, 200);
        assert_eq!(resp.header("content-type"), Some("application/json"));
        let body = resp.json();
        assert_eq!(body["object"], "chat.completion");
        assert_eq!(body["id"], "chatcmpl-0");
        assert_eq!(body["model"], "deepseek-chat");
        assert_eq!(body["choices"][0]["message"]["role"], "assistant");
        assert_eq!(body["choices"][0]["message"]["content"], "echo: hi");
        assert_eq!(body["choices"][0]["finish_reason"], "stop");
        let usage = &body["usage"];
        assert!(usage["prompt_tokens"].as_u64().unwrap() >= 1);
        assert_eq!(usage["completion_tokens"], 2);
        assert_eq!(
            usage["total_tokens"].as_u64(),
            Some(usage["prompt_tokens"].as_u64().unwrap() + usage["completion_tokens"].as_u64().unwrap())
        );

        let recorded = fake.requests();
        assert_eq!(recorded.len(), 1);
        let req = &recorded[0];
        assert_eq!((req.seq, req.method.as_str(), req.path.as_str()), (0, "POST", "/v1/chat/completions"));
        assert!(req.json.is_some());
        assert_eq!(req.model(), Some("deepseek-chat"));
        assert_eq!(req.reading(), Some("audit"));
        assert_eq!(req.user(), Some("hi"));
        assert_eq!(req.header("Content-Length"), Some(req.body.len().to_string().as_str()));
        assert_eq!(fake.requests_for("audit").len(), 1);
        assert!(fake.requests_for("title").is_empty());
    }

    #[test]
    fn wrong_or_missing_key_is_401_without_echoing_the_key() {
        let calls = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&calls);
        let fake = FakeModel::start_with_key("sk-right-key-1234", move |_| {
            counted.fetch_add(1, Ordering::SeqCst);
            Reply::answer("ok")
        });
        let body = chat("reading: card", "hi");
        let sent = "sk-wrong-secret-abcd";
        let wrong =
            send(&fake.url(), "POST", "/chat/completions", &[("Authorization", &format!("Bearer {sent}"))], &body);
        assert_eq!(wrong.status, 401);
        assert_eq!(wrong.json()["error"]["type"], "authentication_error");
        assert!(wrong.body.contains("****abcd"));
        assert!(!wrong.body.contains(sent));
        let missing = send(&fake.url(), "POST", "/chat/completions", &[], &body);
        assert_eq!(missing.status, 401);
        assert_eq!(calls.load(Ordering::SeqCst), 0);

        let right =
            send(&fake.url(), "POST", "/chat/completions", &[("Authorization", "Bearer sk-right-key-1234")], &body);
        assert_eq!(right.status, 200);
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert_eq!(fake.requests().len(), 3);
    }

    #[test]
    fn invalid_bodies_are_400_and_recorded() {
        let fake = FakeModel::start(|_| panic!("handler must not be called for an invalid request"));
        let not_json = send(&fake.url(), "POST", "/chat/completions", &[], "this is not json");
        assert_eq!(not_json.status, 400);
        assert_eq!(not_json.json()["error"]["type"], "invalid_request_error");
        let no_messages = send(&fake.url(), "POST", "/chat/completions", &[], r#"{"model":"m"}"#);
        assert_eq!(no_messages.status, 400);
        let bad_message =
            send(&fake.url(), "POST", "/chat/completions", &[], r#"{"model":"m","messages":[{"role":"user"}]}"#);
        assert_eq!(bad_message.status, 400);

        let recorded = fake.requests();
        assert_eq!(recorded.iter().map(|r| r.seq).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(recorded[0].body, "this is not json");
        assert!(recorded[0].json.is_none());
    }

    #[test]
    fn other_routes_behave_like_the_real_api() {
        let fake = FakeModel::start(|_| Reply::answer("ok"));
        let models = send(&fake.url(), "GET", "/models", &[], "");
        assert_eq!((models.status, &models.json()["data"][0]["id"]), (200, &json!("fake-model")));
        assert_eq!(send(&fake.url(), "GET", "/chat/completions", &[], "").status, 405);
        assert_eq!(send(&fake.url(), "GET", "/nowhere", &[], "").status, 404);
    }

    #[test]
    fn response_formats_are_taken_or_refused_as_the_servers_do() {
        let with = |format: Value| {
            json!({"model": "m", "messages": [{"role": "user", "content": "hi"}], "response_format": format})
                .to_string()
        };
        let schema = with(json!({"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "object"}}}));
        let object = with(json!({"type": "json_object"}));
        let odd = with(json!({"type": "yaml"}));
        let all = FakeModel::start(|_| Reply::answer("{}"));
        assert_eq!(send(&all.url(), "POST", "/chat/completions", &[], &schema).status, 200);
        assert_eq!(send(&all.url(), "POST", "/chat/completions", &[], &object).status, 200);
        let bad = send(&all.url(), "POST", "/chat/completions", &[], &odd);
        assert_eq!(bad.status, 400);
        assert!(bad.json()["error"]["message"].as_str().unwrap().contains("'yaml'"));
        let no_schema = with(json!({"type": "json_schema", "json_schema": {"name": "x"}}));
        assert_eq!(send(&all.url(), "POST", "/chat/completions", &[], &no_schema).status, 400);

        let deepseek =
            FakeModel::start_with(Options { formats: Formats::JsonObjectOnly, ..Options::default() }, |_| {
                Reply::answer("{}")
            });
        let refused = send(&deepseek.url(), "POST", "/chat/completions", &[], &schema);
        assert_eq!(refused.status, 400);
        assert_eq!(refused.json()["error"]["message"], "This response_format type is unavailable now");
        assert_eq!(send(&deepseek.url(), "POST", "/chat/completions", &[], &object).status, 200);

        let bare =
            FakeModel::start_with(Options { formats: Formats::None, ..Options::default() }, |_| Reply::answer("{}"));
        assert_eq!(send(&bare.url(), "POST", "/chat/completions", &[], &object).status, 400);
        assert_eq!(send(&bare.url(), "POST", "/chat/completions", &[], &chat("reading: x", "hi")).status, 200);
    }

    #[test]
    fn props_and_cut_answers() {
        let props = json!({"default_generation_settings": {"n_ctx": 4096}, "total_slots": 2});
        let fake = FakeModel::start_with(Options { props: Some(props.clone()), ..Options::default() }, |_| {
            Reply::Cut("{\"a\":".into())
        });
        let root = fake.url().trim_end_matches("/v1").to_owned();
        let got = send(&root, "GET", "/props", &[], "");
        assert_eq!((got.status, got.json()), (200, props));
        let cut = send(&fake.url(), "POST", "/chat/completions", &[], &chat("reading: card", "x")).json();
        assert_eq!(cut["choices"][0]["finish_reason"], "length");
        assert!(cut["usage"]["completion_tokens"].as_u64().unwrap() >= 1);
        assert_eq!(send(&FakeModel::start(|_| Reply::answer("")).url(), "GET", "/props", &[], "").status, 404);
    }

    #[test]
    fn rate_limit_and_server_errors() {
        let fake = FakeModel::start(|req| match req.user() {
            Some("busy") => Reply::RateLimited { retry_after: "7".into() },
            _ => Reply::ServerError(503),
        });
        let limited = send(&fake.url(), "POST", "/chat/completions", &[], &chat("reading: title", "busy"));
        assert_eq!(limited.status, 429);
        assert_eq!(limited.header("retry-after"), Some("7"));
        assert_eq!(limited.json()["error"]["code"], "rate_limit_exceeded");
        let down = send(&fake.url(), "POST", "/chat/completions", &[], &chat("reading: title", "x"));
        assert_eq!((down.status, &down.json()["error"]["type"]), (503, &json!("server_error")));
    }

    #[test]
    fn a_delayed_reply_does_not_block_others() {
        let fake = FakeModel::start(|req| match req.user() {
            Some("slow") => Reply::Delay(Duration::from_millis(800), Box::new(Reply::answer("slow"))),
            _ => Reply::answer("fast"),
        });
        let (done, finished) = std::sync::mpsc::channel();
        let threads: Vec<_> = ["slow", "fast"]
            .into_iter()
            .map(|which| {
                let (url, done) = (fake.url(), done.clone());
                std::thread::spawn(move || {
                    let resp = send(&url, "POST", "/chat/completions", &[], &chat("reading: card", which));
                    done.send(resp.json()["choices"][0]["message"]["content"].clone()).unwrap();
                })
            })
            .inspect(|_| std::thread::sleep(Duration::from_millis(100)))
            .collect();
        assert_eq!(finished.recv().unwrap(), "fast");
        assert_eq!(finished.recv().unwrap(), "slow");
        threads.into_iter().for_each(|t| t.join().unwrap());
    }

    #[test]
    fn a_panicking_handler_is_a_500_and_the_server_survives() {
        let fake = FakeModel::start(|req| match req.user() {
            Some("boom") => panic!("scripted panic"),
            _ => Reply::answer("ok"),
        });
        let boom = send(&fake.url(), "POST", "/chat/completions", &[], &chat("reading: card", "boom"));
        assert_eq!(boom.status, 500);
        // More requests than a thread pool of old had threads: none was lost.
        for _ in 0..9 {
            assert_eq!(send(&fake.url(), "POST", "/chat/completions", &[], &chat("reading: card", "x")).status, 200);
        }
    }

    #[test]
    fn an_oversized_body_is_413_and_recorded_truncated() {
        let fake = FakeModel::start(|_| Reply::answer("ok"));
        let resp = send(&fake.url(), "POST", "/chat/completions", &[], &"x".repeat(MAX_BODY + 10));
        assert_eq!(resp.status, 413);
        assert_eq!(fake.requests()[0].body.len(), MAX_BODY);
    }

    #[test]
    fn drop_returns_promptly() {
        let fake = FakeModel::start(|_| Reply::answer("ok"));
        let started = Instant::now();
        drop(fake);
        assert!(started.elapsed() < Duration::from_secs(2), "drop took {:?}", started.elapsed());
    }

    #[test]
    fn binds_loopback_only() {
        let fake = FakeModel::start(|_| Reply::answer("ok"));
        assert!(fake.url().starts_with("http://127.0.0.1:"), "{}", fake.url());
        assert!(fake.url().ends_with("/v1"));
    }
}
