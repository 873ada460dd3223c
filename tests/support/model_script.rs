//! A scripted fake model for the readings tests: answers title and card
//! readings with valid cards, and audit readings as each test's script says,
//! per skill (found by the `name:` in the data block) and per audit pass.

#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use skills_guide_testkit::{ChatRequest, FakeModel, Reply};

pub const KEY: &str = "sk-test-4f9c2d7e1a8b6035";

/// A well-formed skill that the starting score admits (85 from a local folder).
pub fn skill(name: &str, extra: &str) -> String {
    skill_with_tools(name, None, extra)
}

pub fn skill_with_tools(name: &str, tools: Option<&str>, extra: &str) -> String {
    let tools = tools.map(|t| format!("allowed-tools: {t}\n")).unwrap_or_default();
    format!(
        "---\nname: {name}\ndescription: Writes weekly reports from notes ({name}).\n{tools}---\n# {name}\n\n\
         ## Purpose\nTurn a week of notes into a short report.\n\n## When to use\nWhen the user asks for a weekly report.\n\n\
         ## Instructions\n1. Read the notes the user points to.\n2. Group them by project.\n3. Write the report.\n\n\
         ## Rules\n- Never invent numbers.\n\n{extra}\n"
    )
}

pub fn audit(safety: &str, quality: u64, verdict: &str) -> Reply {
    Reply::AnswerJson(audit_json(safety, quality, verdict, &[]))
}

pub fn audit_json(safety: &str, quality: u64, verdict: &str, manipulation: &[&str]) -> Value {
    json!({ "safety": safety, "quality": quality, "verdict": verdict,
            "findings": [format!("rated {safety}")], "manipulation_attempts": manipulation })
}

pub fn card_json(name: &str) -> Value {
    let text = |lang: &str| {
        json!({ "summary": format!("[{lang}] {name} writes weekly reports."),
                "strengths": [format!("[{lang}] short")], "limits": [format!("[{lang}] needs notes")],
                "when_to_use": ["weekly reports"], "when_to_avoid": ["legal documents"],
                "example_requests": ["write my weekly report"] })
    };
    json!({ "en": text("en"), "fr": text("fr"), "category": "writing", "tags": ["reports", name],
            "compatible_tools": ["claude-code", "codex"], "level": "beginner" })
}

/// The skill name a request is about: the `name:` line inside its data block.
pub fn skill_name(req: &ChatRequest) -> Option<String> {
    let user = req.user()?;
    let start = user.find("\nname: ")? + "\nname: ".len();
    Some(user[start..].lines().next()?.trim().to_owned())
}

/// Audit pass number of a request (1 when not said).
pub fn audit_pass(req: &ChatRequest) -> usize {
    req.user()
        .and_then(|u| u.split("Audit pass: ").nth(1))
        .and_then(|rest| rest.chars().next())
        .and_then(|c| c.to_digit(10))
        .unwrap_or(1) as usize
}

/// Per skill name: for each audit pass, the replies to its attempts in
/// order (the last one repeats). A skill not in the script is audited
/// `safe, 90, publish`.
#[derive(Default, Clone)]
pub struct Script {
    audits: HashMap<String, Vec<Vec<Reply>>>,
    card_replies: HashMap<String, Vec<Reply>>,
}

impl Script {
    pub fn new() -> Script {
        Script::default()
    }

    /// One reply per pass.
    pub fn audit(mut self, name: &str, passes: Vec<Reply>) -> Script {
        self.audits.insert(name.to_owned(), passes.into_iter().map(|r| vec![r]).collect());
        self
    }

    /// Several attempts for the first pass.
    pub fn audit_attempts(mut self, name: &str, attempts: Vec<Reply>) -> Script {
        self.audits.insert(name.to_owned(), vec![attempts]);
        self
    }

    pub fn card_attempts(mut self, name: &str, attempts: Vec<Reply>) -> Script {
        self.card_replies.insert(name.to_owned(), attempts);
        self
    }

    pub fn start(self) -> FakeModel {
        FakeModel::start_with_key(KEY, self.handler())
    }

    pub fn handler(self) -> impl Fn(&ChatRequest) -> Reply + Send + Sync + 'static {
        let seen: Arc<Mutex<HashMap<String, usize>>> = Arc::default();
        move |req: &ChatRequest| {
            let name = skill_name(req).unwrap_or_default();
            let turn = |key: String| {
                let mut seen = seen.lock().unwrap_or_else(|e| e.into_inner());
                let n = seen.entry(key).or_insert(0);
                *n += 1;
                *n - 1
            };
            let pick = |replies: &[Reply], attempt: usize| replies[attempt.min(replies.len() - 1)].clone();
            match req.reading() {
                Some("title") => Reply::AnswerJson(json!({
                    "title": format!("Weekly reports ({name})"),
                    "short_description": format!("{name} turns notes into a weekly report.")
                })),
                Some("card") => match self.card_replies.get(&name) {
                    Some(replies) => pick(replies, turn(format!("card\0{name}"))),
                    None => Reply::AnswerJson(card_json(&name)),
                },
                Some("audit") => {
                    let pass = audit_pass(req);
                    match self.audits.get(&name).and_then(|passes| passes.get(pass - 1)) {
                        Some(replies) => pick(replies, turn(format!("audit\0{name}\0{pass}"))),
                        None => audit("safe", 90, "publish"),
                    }
                }
                _ => Reply::Status {
                    status: 400,
                    headers: vec![],
                    body: r#"{"error":{"message":"unknown reading"}}"#.into(),
                },
            }
        }
    }
}

/// Requests of one reading kind about one skill.
pub fn requests_about(model: &FakeModel, kind: &str, name: &str) -> Vec<ChatRequest> {
    model.requests_for(kind).into_iter().filter(|r| skill_name(r).as_deref() == Some(name)).collect()
}
