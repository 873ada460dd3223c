//! A small W3C WebDriver client for the end-to-end tests: sessions,
//! elements, clicks, keys, script, screenshots. It speaks JSON over HTTP to
//! `tauri-driver` on loopback, which hands the session to WebKitWebDriver
//! driving the real app in a real window.

#![allow(dead_code)]

use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The W3C key for an element reference in JSON.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

pub struct Session {
    http: reqwest::blocking::Client,
    base: String,
    id: String,
}

#[derive(Debug, Clone)]
pub struct Element(String);

impl Element {
    /// The element as a script argument.
    pub fn reference(&self) -> Value {
        json!({ ELEMENT: self.0 })
    }
}

impl Session {
    /// Starts a session of `application` (with `args`) through the driver at `base`.
    pub fn start(base: &str, application: &str, args: &[String]) -> Result<Session, String> {
        // reqwest is built without a TLS provider of its own (see crates/remote).
        skills_guide_remote::http::install_crypto_provider();
        let http = reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(120))
            .build()
            .map_err(|e| e.to_string())?;
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "tauri:options": { "application": application, "args": args }
        } } });
        let answer: Value = http
            .post(format!("{base}/session"))
            .json(&caps)
            .send()
            .and_then(|r| r.json())
            .map_err(|e| format!("new session: {e}"))?;
        let id =
            answer["value"]["sessionId"].as_str().ok_or_else(|| format!("new session refused: {answer}"))?.to_owned();
        Ok(Session { http, base: base.to_owned(), id })
    }

    fn url(&self, path: &str) -> String {
        format!("{}/session/{}{path}", self.base, self.id)
    }

    fn answer(result: reqwest::Result<reqwest::blocking::Response>, what: &str) -> Result<Value, String> {
        let response = result.map_err(|e| format!("{what}: {e}"))?;
        let value: Value = response.json().map_err(|e| format!("{what}: {e}"))?;
        if let Some(error) = value["value"].get("error") {
            return Err(format!("{what}: {error}: {}", value["value"]["message"]));
        }
        Ok(value["value"].clone())
    }

    fn post(&self, path: &str, body: Value) -> Result<Value, String> {
        Self::answer(self.http.post(self.url(path)).json(&body).send(), path)
    }

    fn get(&self, path: &str) -> Result<Value, String> {
        Self::answer(self.http.get(self.url(path)).send(), path)
    }

    /// The first element matching `css`, if any, now.
    pub fn find(&self, css: &str) -> Option<Element> {
        self.try_find(css).ok()
    }

    fn try_find(&self, css: &str) -> Result<Element, String> {
        let v = self.post("/element", json!({ "using": "css selector", "value": css }))?;
        v[ELEMENT].as_str().map(|s| Element(s.to_owned())).ok_or_else(|| format!("no element reference in {v}"))
    }

    pub fn find_all(&self, css: &str) -> Vec<Element> {
        self.post("/elements", json!({ "using": "css selector", "value": css }))
            .ok()
            .and_then(|v| v.as_array().cloned())
            .unwrap_or_default()
            .iter()
            .filter_map(|e| e[ELEMENT].as_str().map(|s| Element(s.to_owned())))
            .collect()
    }

    /// Waits up to `secs` for an element matching `css`.
    pub fn wait(&self, css: &str, secs: u64) -> Element {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let why = match self.try_find(css) {
                Ok(e) => return e,
                Err(why) => why,
            };
            if Instant::now() > deadline {
                let body = self.script("return document.body ? document.body.innerText.slice(0, 2000) : ''", json!([]));
                panic!("no `{css}` after {secs} s ({why}); the page says: {body:?}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until `check` (a script returning a boolean) is true.
    pub fn wait_until(&self, what: &str, check: &str, secs: u64) {
        let deadline = Instant::now() + Duration::from_secs(secs);
        while self.script(check, json!([])) != Value::Bool(true) {
            if Instant::now() > deadline {
                panic!("gave up waiting for {what}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    pub fn click(&self, e: &Element) {
        self.post(&format!("/element/{}/click", e.0), json!({})).unwrap_or_else(|err| panic!("click: {err}"));
    }

    pub fn click_css(&self, css: &str) {
        let e = self.wait(css, 20);
        self.click(&e);
    }

    pub fn type_text(&self, e: &Element, text: &str) {
        self.post(&format!("/element/{}/value", e.0), json!({ "text": text }))
            .unwrap_or_else(|err| panic!("keys: {err}"));
    }

    pub fn clear(&self, e: &Element) {
        self.post(&format!("/element/{}/clear", e.0), json!({})).unwrap_or_else(|err| panic!("clear: {err}"));
    }

    pub fn text(&self, e: &Element) -> String {
        self.get(&format!("/element/{}/text", e.0)).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
    }

    pub fn attr(&self, e: &Element, name: &str) -> Option<String> {
        self.get(&format!("/element/{}/attribute/{name}", e.0)).ok().and_then(|v| v.as_str().map(str::to_owned))
    }

    /// Runs `body` (a function body) in the page with `args`.
    pub fn script(&self, body: &str, args: Value) -> Value {
        self.post("/execute/sync", json!({ "script": body, "args": args })).unwrap_or(Value::Null)
    }

    /// Sets a `<select>` (or input) to `value` as a user's choice would: with a change event.
    pub fn choose(&self, e: &Element, value: &str) {
        self.script(
            "const el = arguments[0]; el.value = arguments[1]; el.dispatchEvent(new Event('change', {bubbles: true}));",
            json!([e.reference(), value]),
        );
    }

    pub fn is_checked(&self, e: &Element) -> bool {
        self.script("return arguments[0].checked === true", json!([e.reference()])) == Value::Bool(true)
    }

    /// Runs `body` as an asynchronous script: it ends by calling its last
    /// argument with the answer.
    pub fn script_async(&self, body: &str, args: Value) -> Value {
        self.post("/execute/async", json!({ "script": body, "args": args })).unwrap_or_else(|e| panic!("script: {e}"))
    }

    pub fn screenshot_png(&self) -> Vec<u8> {
        use base64::Engine;
        let data = self.get("/screenshot").unwrap_or_else(|e| panic!("screenshot: {e}"));
        base64::engine::general_purpose::STANDARD.decode(data.as_str().unwrap_or_default()).unwrap_or_default()
    }

    pub fn close(self) {
        let _ = self.http.delete(format!("{}/session/{}", self.base, self.id)).send();
    }
}
