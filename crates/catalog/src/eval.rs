//! Trust in the algorithm (R-EVAL-1): how often the pipeline's decisions
//! agree with a reference set (a stronger reviewer's judgments, one JSON
//! object a line), measured as the seed measured it: only the judgments the
//! reviewer made the same way twice count, separately for status and rating.
//!
//! Parsing the reference and computing the report are pure: no file, no
//! clock, the catalog reached only through a lookup. This module never
//! changes the catalog, never calls the model, and never panics on any input.

use std::collections::HashMap;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use skills_guide_engine::decide::{Safety, Status};

use crate::entry::Entry;
use crate::record::SkillRecord;
use crate::{Catalog, CatalogError};

/// How a reference line names its skill. `id` wins when both are given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SkillKey {
    /// A full id, or its first 4+ characters.
    Id(String),
    /// A skill's exact name.
    Name(String),
}

impl SkillKey {
    pub fn as_str(&self) -> &str {
        match self {
            SkillKey::Id(s) | SkillKey::Name(s) => s,
        }
    }
}

/// One line of the reference: the skill and the reviewer's two judgments of
/// its status and of its rating (`None`: that judgment is missing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReferenceLine {
    /// 1-based, counting every line of the file (blank lines and comments too).
    pub line: usize,
    pub key: SkillKey,
    pub status: Option<Status>,
    pub status_2: Option<Status>,
    pub safety: Option<Safety>,
    pub safety_2: Option<Safety>,
}

/// A reference file that cannot be read as one: the line says where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReferenceError {
    #[error("line {line}: not valid JSON ({message})")]
    NotJson { line: usize, message: String },
    #[error("line {line}: not a JSON object")]
    NotObject { line: usize },
    #[error("line {line}: names no skill (give \"id\" or \"name\")")]
    NoSkill { line: usize },
    #[error("line {line}: `{field}` is {found}, expected {expected}")]
    BadValue { line: usize, field: &'static str, found: String, expected: &'static str },
}

impl ReferenceError {
    pub fn line(&self) -> usize {
        match self {
            ReferenceError::NotJson { line, .. }
            | ReferenceError::NotObject { line }
            | ReferenceError::NoSkill { line }
            | ReferenceError::BadValue { line, .. } => *line,
        }
    }
}

const STATUS_VALUES: &str = "published, pending or rejected";
const SAFETY_VALUES: &str = "safe, caution or risky";

/// Reads a reference (JSONL). Blank lines and lines starting with `#` are
/// skipped; fields beyond the six known ones are allowed. A value is read
/// without regard to case or surrounding spaces; `null` is a missing value.
pub fn parse_reference(text: &str) -> Result<Vec<ReferenceLine>, ReferenceError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let value: serde_json::Value =
            serde_json::from_str(trimmed).map_err(|e| ReferenceError::NotJson { line, message: json_message(&e) })?;
        let serde_json::Value::Object(object) = value else {
            return Err(ReferenceError::NotObject { line });
        };
        let key = match (text_field(&object, "id", line)?, text_field(&object, "name", line)?) {
            (Some(id), _) => SkillKey::Id(id),
            (None, Some(name)) => SkillKey::Name(name),
            (None, None) => return Err(ReferenceError::NoSkill { line }),
        };
        let status = |field| judgment(&object, field, line, STATUS_VALUES, reference_status);
        let safety = |field| judgment(&object, field, line, SAFETY_VALUES, |s| s.parse::<Safety>().ok());
        lines.push(ReferenceLine {
            line,
            key,
            status: status("status")?,
            status_2: status("status_2")?,
            safety: safety("safety")?,
            safety_2: safety("safety_2")?,
        });
    }
    Ok(lines)
}

/// serde_json's message without its position in the line's text (always
/// "line 1"), which would be mistaken for the file's line.
fn json_message(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let position = format!(" at line {} column {}", e.line(), e.column());
    match full.strip_suffix(&position) {
        Some(message) => format!("{message} at column {}", e.column()),
        None => full,
    }
}

/// The reviewer judges published, pending or rejected: the pipeline's
/// `unverified` and `excluded` are not judgments.
fn reference_status(s: &str) -> Option<Status> {
    match s {
        "published" => Some(Status::Published),
        "pending" => Some(Status::Pending),
        "rejected" => Some(Status::Rejected),
        _ => None,
    }
}

/// A value from the file, shown in an error: short, and with control and
/// invisible characters escaped so it cannot drive a terminal.
fn shown(value: &serde_json::Value) -> String {
    let json = value.to_string();
    let cut = skills_guide_engine::text::truncate_chars(&json, 60);
    let more = if cut.len() < json.len() { "…" } else { "" };
    format!("{}{more}", skills_guide_engine::text::escape_invisible(cut))
}

fn text_field(
    object: &serde_json::Map<String, serde_json::Value>,
    field: &'static str,
    line: usize,
) -> Result<Option<String>, ReferenceError> {
    match object.get(field) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::String(s)) => Ok(Some(s.trim().to_owned()).filter(|s| !s.is_empty())),
        Some(other) => Err(ReferenceError::BadValue { line, field, found: shown(other), expected: "a string" }),
    }
}

fn judgment<T>(
    object: &serde_json::Map<String, serde_json::Value>,
    field: &'static str,
    line: usize,
    expected: &'static str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, ReferenceError> {
    let bad = |v: &serde_json::Value| ReferenceError::BadValue { line, field, found: shown(v), expected };
    match object.get(field) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(v @ serde_json::Value::String(s)) => parse(&s.trim().to_ascii_lowercase()).map(Some).ok_or_else(|| bad(v)),
        Some(other) => Err(bad(other)),
    }
}

/// What the pipeline decided for one skill, as `list --json` shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decided {
    pub id: String,
    pub name: Option<String>,
    pub status: Status,
    /// The rating shown; `None` when the model has not read the skill (R-LLM-8).
    pub safety: Option<Safety>,
    /// For an exact copy, the id of its kept skill (R-DUP-1).
    pub copy_of: Option<String>,
}

impl Decided {
    pub fn of(r: &SkillRecord) -> Decided {
        // Entry::of gives the contract's status and the rating as shown.
        let e = Entry::of(r);
        Decided { id: e.id, name: e.name, status: e.status, safety: e.safety, copy_of: e.copy_of }
    }
}

/// What a lookup found for a reference line's skill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lookup {
    Found(Decided),
    NotFound,
    /// Several skills answer to the key: their ids.
    Ambiguous(Vec<String>),
}

/// Every skill's decision, looked up the way `Catalog::resolve` finds a
/// skill: exact id, then id prefix (4+ characters) or exact name, and among
/// several skills of one name the kept one of a copy group.
#[derive(Debug, Default)]
pub struct Decisions {
    all: Vec<Decided>,
    by_id: HashMap<String, usize>,
}

impl Decisions {
    pub fn new(all: Vec<Decided>) -> Decisions {
        let by_id = all.iter().enumerate().map(|(i, d)| (d.id.clone(), i)).collect();
        Decisions { all, by_id }
    }

    pub fn lookup(&self, key: &SkillKey) -> Lookup {
        if let SkillKey::Id(id) = key {
            if let Some(&i) = self.by_id.get(id) {
                return Lookup::Found(self.all[i].clone());
            }
        }
        let mut matches: Vec<&Decided> = self
            .all
            .iter()
            .filter(|d| match key {
                SkillKey::Id(id) => id.len() >= 4 && d.id.starts_with(id.as_str()),
                SkillKey::Name(name) => d.name.as_deref() == Some(name.as_str()),
            })
            .collect();
        if matches.len() > 1 {
            let originals: Vec<&Decided> = matches.iter().copied().filter(|d| d.copy_of.is_none()).collect();
            if originals.len() == 1 {
                matches = originals;
            }
        }
        match matches.as_slice() {
            [] => Lookup::NotFound,
            [one] => Lookup::Found((*one).clone()),
            several => Lookup::Ambiguous(several.iter().map(|d| d.id.clone()).collect()),
        }
    }
}

/// The pipeline's status columns of the status matrix.
pub const PIPELINE_STATUSES: [Status; 5] =
    [Status::Published, Status::Pending, Status::Rejected, Status::Unverified, Status::Excluded];
/// The reference's status rows.
pub const REFERENCE_STATUSES: [Status; 3] = [Status::Published, Status::Pending, Status::Rejected];
pub const SAFETIES: [Safety; 3] = [Safety::Safe, Safety::Caution, Safety::Risky];
/// The rating column of a skill the pipeline has not read (R-LLM-8).
pub const UNREAD: &str = "unread";

/// A confusion matrix: reference rows × pipeline columns. In JSON, an object
/// of rows, each an object of columns, in this order:
/// `{"published": {"published": 3, "pending": 1, …}, …}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confusion {
    pub rows: Vec<&'static str>,
    pub columns: Vec<&'static str>,
    /// `counts[row][column]`.
    pub counts: Vec<Vec<usize>>,
}

impl Confusion {
    fn new(rows: Vec<&'static str>, columns: Vec<&'static str>) -> Confusion {
        let counts = vec![vec![0; columns.len()]; rows.len()];
        Confusion { rows, columns, counts }
    }

    /// The count in `row` × `column` (0 for a name not in the matrix).
    pub fn get(&self, row: &str, column: &str) -> usize {
        let r = self.rows.iter().position(|x| *x == row);
        let c = self.columns.iter().position(|x| *x == column);
        match (r, c) {
            (Some(r), Some(c)) => self.counts.get(r).and_then(|row| row.get(c)).copied().unwrap_or(0),
            _ => 0,
        }
    }

    fn add(&mut self, row: &str, column: &str) {
        let r = self.rows.iter().position(|x| *x == row);
        let c = self.columns.iter().position(|x| *x == column);
        if let (Some(r), Some(c)) = (r, c) {
            if let Some(n) = self.counts.get_mut(r).and_then(|row| row.get_mut(c)) {
                *n += 1;
            }
        }
    }
}

impl Serialize for Confusion {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Row<'a>(&'a [&'static str], &'a [usize]);
        impl Serialize for Row<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(self.0.len()))?;
                for (column, n) in self.0.iter().zip(self.1) {
                    map.serialize_entry(column, n)?;
                }
                map.end()
            }
        }
        let mut map = serializer.serialize_map(Some(self.rows.len()))?;
        for (row, counts) in self.rows.iter().zip(&self.counts) {
            map.serialize_entry(row, &Row(&self.columns, counts))?;
        }
        map.end()
    }
}

/// Agreement on one judgment (status, or rating).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Agreement {
    /// Matched lines the reference judged the same way twice: the denominator.
    pub counted: usize,
    /// Of those, how many the pipeline decided the same way.
    pub agree: usize,
    /// `agree / counted`, 0..1; `None` (null) when nothing was counted.
    pub rate: Option<f64>,
    /// Matched lines with two different judgments: dropped by the consistency filter.
    pub dropped: usize,
    /// Matched lines with one judgment or none: not judged twice, not counted.
    pub not_judged_twice: usize,
    pub confusion: Confusion,
}

impl Agreement {
    fn new(confusion: Confusion) -> Agreement {
        Agreement { counted: 0, agree: 0, rate: None, dropped: 0, not_judged_twice: 0, confusion }
    }

    fn finish(&mut self) {
        self.rate = rate(self.agree, self.counted);
    }
}

/// `count` of `out_of`, and its rate (null when `out_of` is 0).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Share {
    pub count: usize,
    pub out_of: usize,
    pub rate: Option<f64>,
}

fn rate(n: usize, of: usize) -> Option<f64> {
    (of > 0).then(|| n as f64 / of as f64)
}

/// A reference line whose skill the catalog does not have, or names ambiguously.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unmatched {
    pub line: usize,
    /// The id or name as the line gives it.
    pub key: String,
    /// `not_found` or `ambiguous`.
    pub reason: &'static str,
    /// For an ambiguous key, the ids it matches.
    pub candidates: Vec<String>,
}

/// A reference line naming a skill an earlier line already named: not counted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Repeated {
    pub line: usize,
    pub key: String,
    pub skill_id: String,
    pub first_line: usize,
}

/// One matched line, with both sides of each judgment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JudgedLine {
    pub line: usize,
    pub key: String,
    pub skill_id: String,
    pub name: Option<String>,
    /// For an exact copy, the kept skill whose decision was used (R-DUP-1).
    pub judged_as: Option<String>,
    pub pipeline_status: Status,
    /// `None`: the pipeline has no rating (R-LLM-8).
    pub pipeline_safety: Option<Safety>,
    /// The reference's status when judged the same twice, else `None`.
    pub reference_status: Option<Status>,
    /// The reference's rating when judged the same twice, else `None`.
    pub reference_safety: Option<Safety>,
}

/// The measurement of R-EVAL-1.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EvalReport {
    /// Reference lines naming a skill (blank lines and comments aside).
    pub lines: usize,
    /// Lines whose skill was found (repeated ones aside): the lines counted
    /// below, then filtered separately for status and for rating.
    pub matched: usize,
    pub status: Agreement,
    pub safety: Agreement,
    /// Skills the reference consistently did not publish (status counted,
    /// not `published`), and how many of them the pipeline published.
    pub generous: Share,
    /// Skills the reference consistently published, and how many of them the
    /// pipeline did not publish.
    pub strict: Share,
    pub unmatched: Vec<Unmatched>,
    pub repeated: Vec<Repeated>,
    pub skills: Vec<JudgedLine>,
}

/// The judgment, when the reference made it the same way twice: `Ok(Some)`
/// counted, `Ok(None)` not judged twice, `Err(())` judged twice differently.
fn consistent<T: PartialEq + Copy>(first: Option<T>, second: Option<T>) -> Result<Option<T>, ()> {
    match (first, second) {
        (Some(a), Some(b)) if a == b => Ok(Some(a)),
        (Some(_), Some(_)) => Err(()),
        _ => Ok(None),
    }
}

/// Computes the report of R-EVAL-1 from the reference and a lookup giving
/// each named skill's decision. Pure: the lookup is the only way out.
pub fn evaluate(reference: &[ReferenceLine], mut lookup: impl FnMut(&SkillKey) -> Lookup) -> EvalReport {
    let status_names = |statuses: &[Status]| statuses.iter().map(|s| s.as_str()).collect::<Vec<_>>();
    let safety_names = SAFETIES.iter().map(|s| s.as_str()).collect::<Vec<_>>();
    let mut status =
        Agreement::new(Confusion::new(status_names(&REFERENCE_STATUSES[..]), status_names(&PIPELINE_STATUSES[..])));
    let mut safety = Agreement::new(Confusion::new(
        safety_names.clone(),
        safety_names.into_iter().chain(std::iter::once(UNREAD)).collect(),
    ));
    let (mut generous, mut strict) = ((0, 0), (0, 0));
    let mut unmatched = Vec::new();
    let mut repeated = Vec::new();
    let mut skills = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();

    for r in reference {
        let key = r.key.as_str().to_owned();
        let found = match lookup(&r.key) {
            Lookup::Found(d) => d,
            Lookup::NotFound => {
                unmatched.push(Unmatched { line: r.line, key, reason: "not_found", candidates: Vec::new() });
                continue;
            }
            Lookup::Ambiguous(ids) => {
                unmatched.push(Unmatched { line: r.line, key, reason: "ambiguous", candidates: ids });
                continue;
            }
        };
        // R-DUP-1: copies are one skill, so an exact copy is judged by its
        // kept skill's decision. A kept skill the lookup cannot find (a
        // catalog mid-regroup) leaves the copy's own decision.
        let kept = match &found.copy_of {
            Some(kept_id) => match lookup(&SkillKey::Id(kept_id.clone())) {
                Lookup::Found(k) if k.id == *kept_id => Some(k),
                _ => None,
            },
            None => None,
        };
        let judged = kept.as_ref().unwrap_or(&found);
        // Naming one skill twice (or a copy and its kept skill) counts it once.
        if let Some(&first_line) = seen.get(&judged.id) {
            repeated.push(Repeated { line: r.line, key, skill_id: found.id.clone(), first_line });
            continue;
        }
        seen.insert(judged.id.clone(), r.line);

        let pipeline_status = judged.status;
        let pipeline_safety = judged.safety;
        // R-EVAL-1: each judgment is filtered on its own; a line inconsistent
        // on status may still count for the rating, and the reverse.
        let reference_status = match consistent(r.status, r.status_2) {
            Ok(Some(s)) => {
                status.counted += 1;
                status.agree += usize::from(s == pipeline_status);
                status.confusion.add(s.as_str(), pipeline_status.as_str());
                let published = pipeline_status == Status::Published;
                if s == Status::Published {
                    strict.1 += 1;
                    strict.0 += usize::from(!published);
                } else {
                    generous.1 += 1;
                    generous.0 += usize::from(published);
                }
                Some(s)
            }
            Ok(None) => {
                status.not_judged_twice += 1;
                None
            }
            Err(()) => {
                status.dropped += 1;
                None
            }
        };
        let reference_safety = match consistent(r.safety, r.safety_2) {
            Ok(Some(s)) => {
                safety.counted += 1;
                // R-LLM-8: a skill the pipeline has not read has no rating:
                // it never agrees, and shows in the `unread` column.
                safety.agree += usize::from(Some(s) == pipeline_safety);
                safety.confusion.add(s.as_str(), pipeline_safety.map_or(UNREAD, Safety::as_str));
                Some(s)
            }
            Ok(None) => {
                safety.not_judged_twice += 1;
                None
            }
            Err(()) => {
                safety.dropped += 1;
                None
            }
        };
        skills.push(JudgedLine {
            line: r.line,
            key,
            skill_id: found.id.clone(),
            name: found.name.clone(),
            judged_as: kept.as_ref().map(|k| k.id.clone()),
            pipeline_status,
            pipeline_safety,
            reference_status,
            reference_safety,
        });
    }
    status.finish();
    safety.finish();
    EvalReport {
        lines: reference.len(),
        matched: skills.len(),
        status,
        safety,
        generous: Share { count: generous.0, out_of: generous.1, rate: rate(generous.0, generous.1) },
        strict: Share { count: strict.0, out_of: strict.1, rate: rate(strict.0, strict.1) },
        unmatched,
        repeated,
        skills,
    }
}

impl Catalog {
    /// R-EVAL-1 against this catalog: one pass over the store for every
    /// skill's decision, then the pure computation.
    pub fn evaluate(&self, reference: &[ReferenceLine]) -> Result<EvalReport, CatalogError> {
        let mut all = Vec::new();
        for r in self.store().records() {
            all.push(Decided::of(&r?));
        }
        let decisions = Decisions::new(all);
        Ok(evaluate(reference, |key| decisions.lookup(key)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(id: &str, name: &str, status: Status, safety: Option<Safety>) -> Decided {
        Decided { id: id.to_owned(), name: Some(name.to_owned()), status, safety, copy_of: None }
    }

    fn copy(id: &str, name: &str, of: &str, status: Status, safety: Option<Safety>) -> Decided {
        Decided { copy_of: Some(of.to_owned()), ..d(id, name, status, safety) }
    }

    fn report(reference: &str, all: Vec<Decided>) -> EvalReport {
        let lines = parse_reference(reference).unwrap();
        let decisions = Decisions::new(all);
        evaluate(&lines, |k| decisions.lookup(k))
    }

    fn close(a: Option<f64>, b: f64) -> bool {
        a.is_some_and(|a| (a - b).abs() < 1e-12)
    }

    use Safety::{Caution, Risky, Safe};
    use Status::{Excluded, Pending, Published, Rejected, Unverified};

    #[test]
    fn r_eval_1_parse_skips_blank_and_comment_lines_and_keeps_line_numbers() {
        let text = "\u{feff}# a comment\n\n{\"id\":\"abcd\",\"status\":\"published\",\"status_2\":\"Published \",\"note\":1}\r\n  \n{\"name\":\"x\",\"safety\":\"RISKY\",\"status\":null}\n";
        let lines = parse_reference(text).unwrap();
        assert_eq!(
            lines,
            vec![
                ReferenceLine {
                    line: 3,
                    key: SkillKey::Id("abcd".into()),
                    status: Some(Published),
                    status_2: Some(Published),
                    safety: None,
                    safety_2: None
                },
                ReferenceLine {
                    line: 5,
                    key: SkillKey::Name("x".into()),
                    status: None,
                    status_2: None,
                    safety: Some(Risky),
                    safety_2: None
                },
            ]
        );
        let both = parse_reference(r#"{"id":"abcdef","name":"x"}"#).unwrap();
        assert_eq!(both[0].key, SkillKey::Id("abcdef".into()), "id wins");
        let empty_id = parse_reference(r#"{"id":"  ","name":"x"}"#).unwrap();
        assert_eq!(empty_id[0].key, SkillKey::Name("x".into()));
        assert!(parse_reference("").unwrap().is_empty());
    }

    #[test]
    fn r_eval_1_parse_errors_name_their_line() {
        let cases: &[(&str, usize, &str)] = &[
            ("{\"id\":\"abcd\"}\n{\"id\": ", 2, "not valid JSON"),
            ("# c\n[1,2]", 2, "not a JSON object"),
            ("\n\n{\"note\":\"no skill\"}", 3, "names no skill"),
            ("{\"id\":12}", 1, "`id` is 12, expected a string"),
            (
                "{\"name\":\"x\",\"status\":\"unverified\"}",
                1,
                "`status` is \"unverified\", expected published, pending or rejected",
            ),
            ("{\"name\":\"x\",\"status_2\":\"maybe\"}", 1, "`status_2` is \"maybe\""),
            ("{\"name\":\"x\",\"safety\":\"unsafe\"}", 1, "expected safe, caution or risky"),
            ("{\"name\":\"x\",\"safety_2\":true}", 1, "`safety_2` is true"),
            ("{\"name\":\"x\",\"safety\":\"\\u001b[31m\"}", 1, "\\u001b"),
            ("{\"name\":\"x\",\"safety\":\"\u{202e}evil\"}", 1, "evil"),
        ];
        for (text, line, message) in cases {
            let e = parse_reference(text).unwrap_err();
            assert_eq!(e.line(), *line, "{text}: {e}");
            let shown = e.to_string();
            assert!(shown.starts_with(&format!("line {line}: ")) && shown.contains(message), "{text}: {shown}");
            assert!(!shown.contains(['\u{1b}', '\u{202e}']), "no raw escape reaches a terminal: {shown:?}");
        }
        let e = parse_reference("{\"id\": ").unwrap_err();
        assert!(!e.to_string().contains("at line 1"), "no confusing inner line number: {e}");
    }

    #[test]
    fn r_eval_1_lookup_by_id_prefix_and_name_like_resolve() {
        let all = Decisions::new(vec![
            d("aaaa1111", "one", Published, Some(Safe)),
            d("aaaa2222", "two", Pending, Some(Caution)),
            d("bbbb1111", "twin", Published, Some(Safe)),
            d("bbbb2222", "twin", Pending, Some(Safe)),
            d("cccc1111", "dup", Published, Some(Safe)),
            copy("cccc2222", "dup", "cccc1111", Published, Some(Safe)),
        ]);
        let id = |s: &str| SkillKey::Id(s.into());
        let name = |s: &str| SkillKey::Name(s.into());
        let found = |l: Lookup| match l {
            Lookup::Found(d) => d.id,
            other => format!("{other:?}"),
        };
        assert_eq!(found(all.lookup(&id("aaaa1111"))), "aaaa1111");
        assert_eq!(found(all.lookup(&id("aaaa2"))), "aaaa2222");
        assert_eq!(all.lookup(&id("aaaa")), Lookup::Ambiguous(vec!["aaaa1111".into(), "aaaa2222".into()]));
        assert_eq!(all.lookup(&id("aaa")), Lookup::NotFound, "a prefix needs 4 characters");
        assert_eq!(all.lookup(&id("one")), Lookup::NotFound, "an id is not a name");
        assert_eq!(all.lookup(&name("aaaa1111")), Lookup::NotFound, "a name is not an id");
        assert_eq!(found(all.lookup(&name("one"))), "aaaa1111");
        assert!(matches!(all.lookup(&name("twin")), Lookup::Ambiguous(ids) if ids.len() == 2));
        assert_eq!(found(all.lookup(&name("dup"))), "cccc1111", "the kept one of a copy group");
        assert_eq!(all.lookup(&name("nobody")), Lookup::NotFound);
    }

    /// The catalog of the tables below (hand-made decisions).
    fn catalog() -> Vec<Decided> {
        vec![
            d("p1000000", "p1", Published, Some(Safe)),
            d("p2000000", "p2", Published, Some(Caution)),
            d("q1000000", "q1", Pending, Some(Safe)),
            d("r1000000", "r1", Rejected, Some(Risky)),
            d("u1000000", "u1", Unverified, None),
            d("x1000000", "x1", Excluded, None),
        ]
    }

    #[test]
    fn r_eval_1_counts_only_judgments_made_the_same_way_twice() {
        // line 1 p1: status published×2 (agree), safety safe×2 (agree)
        // line 2 p2: status pending×2 (pipeline published: disagree, generous), safety caution×2 (agree)
        // line 3 q1: status pending/rejected (dropped), safety safe×2 (agree): counts only for the rating
        // line 4 r1: status rejected×2 (agree), safety caution/risky (dropped): counts only for status
        // line 5 u1: status published×2 (pipeline unverified: strict), safety safe×2 (pipeline unread)
        // line 6 x1: status rejected, no second (not judged twice), safety risky×2 (pipeline unread)
        let reference = r#"{"name":"p1","status":"published","status_2":"published","safety":"safe","safety_2":"safe"}
{"name":"p2","status":"pending","status_2":"pending","safety":"caution","safety_2":"caution"}
{"name":"q1","status":"pending","status_2":"rejected","safety":"safe","safety_2":"safe"}
{"name":"r1","status":"rejected","status_2":"rejected","safety":"caution","safety_2":"risky"}
{"name":"u1","status":"published","status_2":"published","safety":"safe","safety_2":"safe"}
{"name":"x1","status":"rejected","safety":"risky","safety_2":"risky"}"#;
        let r = report(reference, catalog());
        assert_eq!((r.lines, r.matched), (6, 6));
        // status: counted p1, p2, r1, u1 = 4; agree p1, r1 = 2; dropped q1; once x1.
        let s = &r.status;
        assert_eq!((s.counted, s.agree, s.dropped, s.not_judged_twice), (4, 2, 1, 1));
        assert!(close(s.rate, 0.5));
        // rating: counted p1, p2, q1, u1, x1 = 5; agree p1, p2, q1 = 3; dropped r1.
        let f = &r.safety;
        assert_eq!((f.counted, f.agree, f.dropped, f.not_judged_twice), (5, 3, 1, 0));
        assert!(close(f.rate, 0.6));
        // status matrix, reference rows × pipeline columns.
        let c = &s.confusion;
        assert_eq!(c.get("published", "published"), 1); // p1
        assert_eq!(c.get("published", "unverified"), 1); // u1
        assert_eq!(c.get("pending", "published"), 1); // p2
        assert_eq!(c.get("rejected", "rejected"), 1); // r1
        assert_eq!(c.counts.iter().flatten().sum::<usize>(), 4);
        // rating matrix: R-LLM-8's unread column.
        let c = &f.confusion;
        assert_eq!(c.columns, vec!["safe", "caution", "risky", "unread"]);
        assert_eq!(c.get("safe", "safe"), 2); // p1, q1
        assert_eq!(c.get("caution", "caution"), 1); // p2
        assert_eq!(c.get("safe", "unread"), 1); // u1
        assert_eq!(c.get("risky", "unread"), 1); // x1
        assert_eq!(c.counts.iter().flatten().sum::<usize>(), 5);
        // generous: reference did not publish p2, r1 (status counted); the pipeline published p2.
        assert_eq!((r.generous.count, r.generous.out_of), (1, 2));
        assert!(close(r.generous.rate, 0.5));
        // strict: reference published p1, u1; the pipeline did not publish u1.
        assert_eq!((r.strict.count, r.strict.out_of), (1, 2));
        let q1 = r.skills.iter().find(|j| j.key == "q1").unwrap();
        assert_eq!((q1.reference_status, q1.reference_safety), (None, Some(Safe)));
    }

    #[test]
    fn r_eval_1_the_seed_figures_come_out_of_a_reference_like_the_seeds() {
        // 60 skills: 53 consistent on status (7 dropped), 57 on rating (3 dropped);
        // 41 + 52 agree; of the 25 the reference did not publish, 5 published.
        let mut all = Vec::new();
        let mut text = String::new();
        for i in 0..60 {
            let id = format!("{i:016x}");
            // Reference status: 28 published (0..28), 25 not (28..53), 7 inconsistent (53..60).
            let (s1, s2) = match i {
                0..28 => ("published", "published"),
                28..53 => ("rejected", "rejected"),
                _ => ("published", "pending"),
            };
            // Pipeline status: agrees on 41 of 53: 0..21 published (21 agree), 21..28 pending (7 strict),
            // 28..33 published (5 generous), 33..53 rejected (20 agree): 21 + 20 = 41.
            let status = match i {
                0..21 | 28..33 => Published,
                21..28 => Pending,
                _ => Rejected,
            };
            // Rating: 57 consistent (3 dropped at 57..60); the pipeline agrees on 52 (5 differ at 52..57).
            let (f1, f2) = if i < 57 { ("safe", "safe") } else { ("safe", "risky") };
            let safety = if (52..57).contains(&i) { Caution } else { Safe };
            all.push(d(&id, &format!("s{i}"), status, Some(safety)));
            text.push_str(&format!(
                "{{\"id\":\"{id}\",\"status\":\"{s1}\",\"status_2\":\"{s2}\",\"safety\":\"{f1}\",\"safety_2\":\"{f2}\"}}\n"
            ));
        }
        let r = report(&text, all);
        assert_eq!((r.status.agree, r.status.counted, r.status.dropped), (41, 53, 7));
        assert!(close(r.status.rate, 41.0 / 53.0)); // 77.4 %: "about 78 %"
        assert_eq!((r.safety.agree, r.safety.counted, r.safety.dropped), (52, 57, 3));
        assert!(close(r.safety.rate, 52.0 / 57.0)); // 91.2 %: "about 91 %"
        assert_eq!((r.generous.count, r.generous.out_of), (5, 25));
        assert_eq!((r.strict.count, r.strict.out_of), (7, 28));
    }

    #[test]
    fn r_eval_1_unknown_and_ambiguous_skills_are_listed_not_counted() {
        let mut all = catalog();
        all.push(d("t1000000", "twin", Published, Some(Safe)));
        all.push(d("t2000000", "twin", Pending, Some(Safe)));
        let reference = "{\"name\":\"p1\",\"status\":\"published\",\"status_2\":\"published\"}\n\
                         # skipped\n\
                         {\"name\":\"ghost\",\"status\":\"published\",\"status_2\":\"published\"}\n\
                         {\"name\":\"twin\",\"status\":\"pending\",\"status_2\":\"pending\"}\n\
                         {\"id\":\"p100\",\"status\":\"rejected\",\"status_2\":\"rejected\"}\n";
        let r = report(reference, all);
        assert_eq!((r.lines, r.matched), (4, 1));
        assert_eq!(r.status.counted, 1);
        assert_eq!(
            r.unmatched,
            vec![
                Unmatched { line: 3, key: "ghost".into(), reason: "not_found", candidates: vec![] },
                Unmatched {
                    line: 4,
                    key: "twin".into(),
                    reason: "ambiguous",
                    candidates: vec!["t1000000".into(), "t2000000".into()]
                },
            ]
        );
        // Line 5 names p1 again (by id prefix): counted once, listed as repeated.
        assert_eq!(
            r.repeated,
            vec![Repeated { line: 5, key: "p100".into(), skill_id: "p1000000".into(), first_line: 1 }]
        );
    }

    #[test]
    fn r_dup_1_a_copy_is_judged_by_its_kept_skills_decision() {
        let mut all = catalog();
        // The copy's own record says pending/caution; its kept skill p1 says published/safe.
        all.push(copy("c1000000", "c1", "p1000000", Pending, Some(Caution)));
        // A copy whose kept skill is missing keeps its own decision.
        all.push(copy("c2000000", "c2", "gone0000", Rejected, Some(Risky)));
        let reference = r#"{"name":"c1","status":"published","status_2":"published","safety":"safe","safety_2":"safe"}
{"name":"c2","status":"rejected","status_2":"rejected","safety":"risky","safety_2":"risky"}
{"name":"p1","status":"pending","status_2":"pending"}"#;
        let r = report(reference, all);
        assert_eq!((r.status.agree, r.status.counted), (2, 2), "c1 agrees through p1; c2 on its own");
        assert_eq!((r.safety.agree, r.safety.counted), (2, 2));
        let c1 = &r.skills[0];
        assert_eq!((c1.skill_id.as_str(), c1.judged_as.as_deref()), ("c1000000", Some("p1000000")));
        assert_eq!((c1.pipeline_status, c1.pipeline_safety), (Published, Some(Safe)));
        assert_eq!(r.skills[1].judged_as, None);
        // Line 3 names p1, which line 1 already judged through its copy: one skill.
        assert_eq!(r.repeated.len(), 1);
        assert_eq!((r.repeated[0].line, r.repeated[0].first_line), (3, 1));
    }

    #[test]
    fn r_eval_1_empty_reference_and_missing_judgments_give_no_rate() {
        let r = report("# nothing\n", catalog());
        assert_eq!((r.lines, r.matched, r.status.counted, r.status.rate), (0, 0, 0, None));
        assert_eq!((r.generous.rate, r.strict.rate), (None, None));
        let r = report(r#"{"name":"p1"}"#, catalog());
        assert_eq!((r.status.not_judged_twice, r.safety.not_judged_twice, r.status.rate), (1, 1, None));
    }

    #[test]
    fn r_eval_1_json_shape_is_stable() {
        let r = report(
            r#"{"name":"p1","status":"published","status_2":"published","safety":"safe","safety_2":"safe"}"#,
            catalog(),
        );
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["status"]["rate"], 1.0);
        assert_eq!(v["status"]["confusion"]["published"]["published"], 1);
        assert_eq!(v["status"]["confusion"]["rejected"]["excluded"], 0);
        assert_eq!(v["safety"]["confusion"]["safe"]["unread"], 0);
        assert_eq!(v["generous"], serde_json::json!({"count": 0, "out_of": 0, "rate": null}));
        assert_eq!(v["skills"][0]["pipeline_status"], "published");
        assert_eq!(v["skills"][0]["reference_safety"], "safe");
        for key in ["lines", "matched", "status", "safety", "generous", "strict", "unmatched", "repeated", "skills"] {
            assert!(v.get(key).is_some(), "{key}");
        }
    }
}
