//! The model's readings in the pipeline, then the decision (R-LLM-2..8,
//! R-DEC-1..7): for each skill, the title (R-LLM-2), the bilingual card and
//! the audit (R-LLM-3), a second audit pass when R-LLM-6 asks for one, then
//! the fixed decision rule over the passes and the fixed-rule findings.
//!
//! The title and the card read SKILL.md; the audit reads the skill folder:
//! SKILL.md, then the folder's other text files (contents from the store),
//! the rest named as not sent (`readings::audit_request` says in which order
//! and within which budget). The record's [`ReadingInfo`] keeps which files
//! the audit read and which it left out, and why (R-LLM-7).
//!
//! Readings are cached in the store by (prompt id, reading version, pass,
//! model, subject), the subject being SKILL.md's hash for the title and the
//! card and the folder's version for the audit: an unchanged skill is never
//! read twice by the same prompts and model, an edited script is audited
//! again (its card is not written again), exact copies cost one reading, a
//! new reading version reads everything anew, and a run killed mid-way pays
//! again only for the readings in flight. A few skills are read at once (the
//! model configuration's concurrency); the store and the index are written
//! from one thread.
//!
//! Never here: a publish on a failed reading (the skill keeps its previous
//! state and shows the failure), or any rule of its own: the decision is
//! `skills_guide_engine::decide`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};

use serde::de::DeserializeOwned;
use serde::Serialize;
use skills_guide_engine::decide::{decide, indexable, needs_reaudit, AuditPass, AuditRun, Status};
use skills_guide_engine::filekind::FileKind;
use skills_guide_engine::folder::FileState;
use skills_guide_engine::scan::SKILL_FILE_NAME;
use skills_guide_remote::model::{AnswerSchema, ChatCall, FailureKind, ModelClient, ModelError, ResponseFormat, Usage};
use skills_guide_remote::readings::{self, Card, FileBody, Fit, FolderFile, LeftOutWhy, ReadingKind, Request, Title};

use crate::index::SearchIndex;
use crate::pipeline::reindex;
use crate::progress::{Cancel, Progress, ProgressFn, Stage};
use crate::record::{ReadingCost, ReadingInfo, SkillRecord};
use crate::store::Store;
use crate::{dedup, CatalogError};

/// Which skills `verify` reads again: the named ones, plus every pending,
/// every one awaiting a reading, or every admitted one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// Ids, id prefixes or names (as `Catalog::resolve` takes them).
    pub ids: Vec<String>,
    pub pending: bool,
    /// Admitted skills the model has not read, or whose reading failed.
    pub unverified: bool,
    pub all: bool,
}

impl Selection {
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty() && !self.pending && !self.unverified && !self.all
    }

    /// Whether `r` is selected by the flags (not by name).
    pub(crate) fn takes(&self, r: &SkillRecord) -> bool {
        r.admitted
            && (self.all || (self.pending && r.status() == Status::Pending) || (self.unverified && r.awaits_reading()))
    }
}

/// A skill whose readings failed, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReadFailure {
    pub id: String,
    pub name: Option<String>,
    pub reason: String,
    /// The reading that failed, and what kind of failure it was.
    pub reading: ReadingKind,
    pub kind: FailureKind,
}

/// Failures of one kind in one reading, counted: what a run says of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FailureGroup {
    pub reading: ReadingKind,
    pub kind: FailureKind,
    /// In words, for people.
    pub why: String,
    pub skills: usize,
}

/// The failures grouped by reading and kind, the most frequent first.
pub fn group_failures(failed: &[ReadFailure]) -> Vec<FailureGroup> {
    let mut counts: std::collections::BTreeMap<(ReadingKind, FailureKind), usize> = Default::default();
    for f in failed {
        *counts.entry((f.reading, f.kind)).or_default() += 1;
    }
    let mut groups: Vec<FailureGroup> = counts
        .into_iter()
        .map(|((reading, kind), skills)| FailureGroup { reading, kind, why: kind.describe().to_owned(), skills })
        .collect();
    groups.sort_by_key(|g| std::cmp::Reverse(g.skills));
    groups
}

/// What a verification run did, and what it cost.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct VerifySummary {
    pub model: String,
    /// Skills asked for.
    pub selected: usize,
    /// Excluded skills are not read (R-SCORE-7).
    pub skipped_excluded: usize,
    /// Skills whose readings all succeeded, and the decision each got.
    pub read: usize,
    pub published: usize,
    pub pending: usize,
    pub rejected: usize,
    /// Skills whose readings failed: they are not published (R-LLM-8).
    pub failed: Vec<ReadFailure>,
    /// The same failures, grouped by reading and kind.
    pub failure_groups: Vec<FailureGroup>,
    /// Requests sent to the model server (retries included).
    pub requests: u64,
    /// Readings answered from the cache (no request, no cost).
    pub cached: u64,
    /// Tokens the server counted for this run's requests.
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// Skills left unread because the run stopped.
    pub not_reached: usize,
    pub cancelled: bool,
    /// Why the run stopped early: the server refused the configuration, or
    /// could not be reached at all.
    pub stopped: Option<String>,
    /// How the requests asked for their answers at the end of the run (a
    /// server that refused schemas was asked in JSON mode, and so on).
    pub response_format: Option<ResponseFormat>,
    /// The model's context the readings were fitted to, when known.
    pub context_tokens: Option<u32>,
    /// Skills read at once.
    pub concurrency: usize,
}

impl VerifySummary {
    /// Whether some readings failed, or the run stopped before reading
    /// every skill it was asked to.
    pub fn incomplete(&self) -> bool {
        !self.failed.is_empty() || self.stopped.is_some() || self.not_reached > 0
    }
}

/// The readings of one skill, all validated.
#[derive(Clone)]
struct Readings {
    title: Title,
    card: Card,
    audit: AuditRun,
    info: ReadingInfo,
}

/// Counts for one skill's readings, kept whether they succeed or not.
#[derive(Default)]
struct Cost {
    requests: u64,
    cached: u64,
    usage: Usage,
    /// Each reading answered, in order.
    readings: Vec<ReadingCost>,
}

#[derive(Clone)]
enum ReadError {
    /// This skill's reading failed.
    Failed { reason: String, reading: ReadingKind, kind: FailureKind },
    /// The server refused the configuration: stop the run.
    Fatal(String),
    /// The store failed under the reading (its message: errors are not Clone).
    Store(String),
}

/// Runs the readings and the decision for the skills `ids` (in that order),
/// writing each skill as soon as it is decided.
pub fn verify(
    store: &Store,
    index: &mut SearchIndex,
    client: &ModelClient,
    ids: &[String],
    cancel: &Cancel,
    now_unix: i64,
    progress: ProgressFn<'_>,
) -> Result<VerifySummary, CatalogError> {
    let mut summary = VerifySummary {
        model: client.config().model.clone(),
        selected: ids.len(),
        context_tokens: client.config().context_tokens,
        concurrency: client.config().concurrency.clamp(1, 32),
        ..Default::default()
    };
    // Skills with one version (exact copies, folders identical file for
    // file) are read once, by one worker.
    let mut groups: Vec<Vec<SkillRecord>> = Vec::new();
    let mut group_of: std::collections::HashMap<String, usize> = Default::default();
    for id in ids {
        match store.get(id)? {
            Some(r) if !r.admitted => summary.skipped_excluded += 1,
            Some(r) => {
                let at = *group_of.entry(r.version_key()).or_insert_with(|| {
                    groups.push(Vec::new());
                    groups.len() - 1
                });
                groups[at].push(r);
            }
            None => return Err(CatalogError::NotFound(id.clone())),
        }
    }
    let total = groups.iter().map(Vec::len).sum::<usize>() as u64;
    progress(Progress::Stage { stage: Stage::Read, total: Some(total) });
    let workers = client.config().concurrency.clamp(1, 32).min(groups.len().max(1));
    let queue = Mutex::new(groups.into_iter());
    let stop = AtomicBool::new(false);
    // Each result travels with the skill's bytes, which the index needs too.
    let (tx, rx) = mpsc::channel::<(SkillRecord, Arc<Vec<u8>>, Cost, Result<Readings, ReadError>)>();
    let mut touched_hashes = Vec::new();
    let mut first_error: Option<CatalogError> = None;

    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (queue, stop) = (&queue, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) || cancel.is_cancelled() {
                    return;
                }
                let next = queue.lock().unwrap_or_else(|e| e.into_inner()).next();
                let Some(group) = next else { return };
                let mut cost = Cost::default();
                let (bytes, result) = match store.content(&group[0].sha256) {
                    Ok(bytes) => {
                        let bytes = Arc::new(bytes.unwrap_or_default());
                        let result = read_skill(store, client, &group[0], &bytes, now_unix, &mut cost);
                        (bytes, result)
                    }
                    Err(e) => (Arc::default(), Err(ReadError::Store(e.to_string()))),
                };
                if matches!(result, Err(ReadError::Fatal(_)) | Err(ReadError::Store(_))) {
                    stop.store(true, Ordering::SeqCst);
                }
                // The first of the group carries the cost; its copies share the readings.
                let mut costs = std::iter::once(cost).chain(std::iter::repeat_with(Cost::default));
                for record in group {
                    let result = match &result {
                        Ok(readings) => Ok(readings.clone()),
                        Err(e) => Err(e.clone()),
                    };
                    if tx.send((record, bytes.clone(), costs.next().unwrap_or_default(), result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut done = 0u64;
        for (mut record, bytes, cost, result) in rx {
            summary.requests += cost.requests;
            summary.cached += cost.cached;
            summary.prompt_tokens += cost.usage.prompt_tokens;
            summary.completion_tokens += cost.usage.completion_tokens;
            match result {
                Ok(readings) => {
                    apply(&mut record, readings);
                    summary.read += 1;
                    match record.status() {
                        Status::Published => summary.published += 1,
                        Status::Pending => summary.pending += 1,
                        Status::Rejected => summary.rejected += 1,
                        _ => {}
                    }
                }
                Err(ReadError::Failed { reason, reading, kind }) => {
                    progress(Progress::Note { message: format!("{}: the reading failed: {reason}", record.id) });
                    summary.failed.push(ReadFailure {
                        id: record.id.clone(),
                        name: record.name.clone(),
                        reason: reason.clone(),
                        reading,
                        kind,
                    });
                    record.reading_error = Some(reason);
                }
                Err(ReadError::Fatal(reason)) => {
                    if summary.stopped.is_none() {
                        summary.stopped = Some(reason);
                    }
                    summary.not_reached += 1;
                    continue;
                }
                Err(ReadError::Store(e)) => {
                    first_error.get_or_insert(CatalogError::StoreWhileReading(e));
                    summary.not_reached += 1;
                    continue;
                }
            }
            if let Err(e) = write(store, index, &record, &bytes) {
                stop.store(true, Ordering::SeqCst);
                first_error.get_or_insert(e);
                continue;
            }
            touched_hashes.push(record.version_key());
            done += 1;
            progress(Progress::Advance { stage: Stage::Read, done, total: Some(total) });
        }
    });
    if let Some(e) = first_error {
        return Err(e);
    }
    summary.not_reached += queue.into_inner().unwrap_or_else(|e| e.into_inner()).map(|g| g.len()).sum::<usize>();
    summary.cancelled = cancel.is_cancelled();
    summary.failure_groups = group_failures(&summary.failed);
    summary.response_format = Some(client.response_format());

    // The model's quality can change which copy is kept (R-DUP-2).
    touched_hashes.sort();
    touched_hashes.dedup();
    reindex(store, index, &dedup::regroup(store, &touched_hashes)?)?;
    store.flush()?;
    index.commit(store.generation()?)?;
    Ok(summary)
}

/// The readings' results into the record, then the fixed decision.
fn apply(record: &mut SkillRecord, readings: Readings) {
    record.title = Some(readings.title.title);
    record.short_description = Some(readings.title.short_description);
    record.card = serde_json::to_value(&readings.card).ok();
    record.audit = Some(readings.audit);
    record.reading = Some(readings.info);
    record.reading_error = None;
    let rule_ids: Vec<_> = record.findings.iter().map(|f| f.rule).collect();
    record.decision = decide(record.admitted, record.audit.as_ref(), &rule_ids);
    record.indexable = indexable(&record.decision, record.chars, record.copy_of.is_some());
}

fn write(store: &Store, index: &mut SearchIndex, record: &SkillRecord, content: &[u8]) -> Result<(), CatalogError> {
    store.put(record, None)?;
    index.upsert(record, &String::from_utf8_lossy(content))?;
    Ok(())
}

/// The title, the card, the audit and, when R-LLM-6 asks, its second pass.
fn read_skill(
    store: &Store,
    client: &ModelClient,
    record: &SkillRecord,
    bytes: &[u8],
    now_unix: i64,
    cost: &mut Cost,
) -> Result<Readings, ReadError> {
    let text = skills_guide_engine::text::decode(bytes).text;
    let tools = &record.declared_tools;
    let texts = folder_texts(store, record)?;
    let others = folder_files(record, &texts);
    let version = record.version_key();
    let fit = Fit::for_context(client.config().context_tokens);
    let ctx = Ctx { store, client, fit };
    let title: Title = ctx.reading(
        ReadingKind::Title,
        1,
        &record.sha256,
        || readings::request(ReadingKind::Title, &text, tools, 1, fit),
        readings::parse_title,
        cost,
    )?;
    let card: Card = ctx.reading(
        ReadingKind::Card,
        1,
        &record.sha256,
        || readings::request(ReadingKind::Card, &text, tools, 1, fit),
        readings::parse_card,
        cost,
    )?;
    let (first_request, scope) = readings::audit_request(&text, &others, tools, 1, fit);
    // R-LLM-1's echo guard looks at every text the audit may have been shown.
    let all_text: String =
        std::iter::once(text.as_str()).chain(texts.iter().filter_map(|t| t.as_deref())).collect::<Vec<_>>().join("\n");
    let audit = |pass: u8, cost: &mut Cost| {
        ctx.reading(
            ReadingKind::Audit,
            pass,
            &version,
            || match pass {
                1 => first_request.clone(),
                n => readings::audit_request(&text, &others, tools, n, fit).0,
            },
            parse_audit_of(&all_text),
            cost,
        )
    };
    let first: AuditPass = audit(1, cost)?;
    let second = if needs_reaudit(&first) { Some(audit(2, cost)?) } else { None };
    let chars = text.chars().count();
    let over_budget = scope.left_out.iter().any(|f| f.why == LeftOutWhy::OverBudget);
    let (audit_chars, card_chars) = (fit.chars(ReadingKind::Audit), fit.chars(ReadingKind::Card));
    let fitted = audit_chars < readings::AUDIT_CHARS || card_chars < readings::CARD_CHARS;
    Ok(Readings {
        title,
        card,
        audit: AuditRun { first, second },
        info: ReadingInfo {
            version: readings::READING_VERSION.to_owned(),
            audit_chars,
            card_chars,
            audit_truncated: scope.cut.is_some() || over_budget,
            card_truncated: chars > card_chars,
            audit_files: scope.read,
            audit_cut: scope.cut,
            audit_left_out: scope.left_out,
            model: client.config().model.clone(),
            read_at: now_unix,
            prompt_tokens: cost.usage.prompt_tokens,
            completion_tokens: cost.usage.completion_tokens,
            context_tokens: fit.context_tokens.filter(|_| fitted),
            costs: cost.readings.clone(),
        },
    })
}

/// The decoded text of each of the record's files (same order), for the
/// text files read whole whose content the store has; `None` for the others
/// and for SKILL.md (read by the caller).
fn folder_texts(store: &Store, record: &SkillRecord) -> Result<Vec<Option<String>>, ReadError> {
    record
        .files
        .iter()
        .map(|f| match (&f.sha256, f.state, f.kind) {
            (Some(sha), FileState::Read, Some(FileKind::Text)) if f.path != SKILL_FILE_NAME => {
                let bytes = store.content(sha).map_err(|e| ReadError::Store(e.to_string()))?;
                Ok(bytes.map(|b| skills_guide_engine::text::decode(&b).text))
            }
            _ => Ok(None),
        })
        .collect()
}

/// The folder's files other than SKILL.md as the audit is given them: the
/// texts `folder_texts` found, every other file by name and why not.
fn folder_files<'a>(record: &'a SkillRecord, texts: &'a [Option<String>]) -> Vec<FolderFile<'a>> {
    record
        .files
        .iter()
        .zip(texts)
        .filter(|(f, _)| f.path != SKILL_FILE_NAME)
        .map(|(f, text)| {
            let body = match (text, f.state, f.kind) {
                (Some(text), ..) => FileBody::Text(text),
                (None, FileState::Read, Some(kind)) if !kind.is_text() => FileBody::NotText(kind),
                (None, FileState::Link, _) => FileBody::NotSent(LeftOutWhy::Link),
                (None, FileState::Special, _) => FileBody::NotSent(LeftOutWhy::Special),
                // Not read, an error, or a text the store no longer has.
                _ => FileBody::NotSent(LeftOutWhy::NotRead),
            };
            FolderFile { path: &f.path, bytes: f.bytes, executable: f.executable, body }
        })
        .collect()
}

/// The audit's validation, plus R-LLM-1's last guard: an answer the skill
/// wrote for the model is reported as a manipulation attempt.
fn parse_audit_of(text: &str) -> impl Fn(&str) -> Result<AuditPass, String> + '_ {
    move |content| {
        let mut pass = readings::parse_audit(content)?;
        if readings::echoes_text(content, text) {
            pass.manipulation_attempts.push(readings::ECHOED_ANSWER.to_owned());
        }
        Ok(pass)
    }
}

struct Ctx<'a> {
    store: &'a Store,
    client: &'a ModelClient,
    /// What of the skill fits the model's context.
    fit: Fit,
}

impl Ctx<'_> {
    /// One reading of `subject` (what the reading reads: SKILL.md's hash, or
    /// the folder's version for the audit), from the cache or from the model
    /// (then cached); `request` is built only when the model is asked.
    fn reading<T: Serialize + DeserializeOwned>(
        &self,
        kind: ReadingKind,
        pass: u8,
        subject: &str,
        request: impl FnOnce() -> Request,
        parse: impl Fn(&str) -> Result<T, String>,
        cost: &mut Cost,
    ) -> Result<T, ReadError> {
        let key = cache_key(kind, pass, &self.client.config().model, subject, self.fit.chars(kind));
        if let Some(cached) = self.store.cached_reading(&key).map_err(|e| ReadError::Store(e.to_string()))? {
            if let Ok(value) = serde_json::from_value::<T>(cached) {
                cost.cached += 1;
                cost.readings.push(ReadingCost {
                    reading: kind,
                    pass,
                    cached: true,
                    attempts: 0,
                    prompt_tokens: 0,
                    completion_tokens: 0,
                    millis: 0,
                    response_format: None,
                });
                return Ok(value);
            }
        }
        let request = request();
        let call = ChatCall {
            system: request.system,
            user: &request.user,
            max_tokens: request.max_tokens,
            temperature: request.temperature,
            schema: Some(AnswerSchema { name: kind.schema_name(), schema: kind.schema_text() }),
        };
        match self.client.chat(&call, parse) {
            Ok(answer) => {
                cost.requests += u64::from(answer.attempts);
                cost.usage += answer.usage;
                cost.readings.push(ReadingCost {
                    reading: kind,
                    pass,
                    cached: false,
                    attempts: answer.attempts,
                    prompt_tokens: answer.usage.prompt_tokens,
                    completion_tokens: answer.usage.completion_tokens,
                    millis: answer.elapsed.as_millis() as u64,
                    response_format: Some(answer.format),
                });
                if let Ok(json) = serde_json::to_value(&answer.value) {
                    self.store.cache_reading(&key, &json).map_err(|e| ReadError::Store(e.to_string()))?;
                }
                Ok(answer.value)
            }
            Err(ModelError::Failed { attempts, last, usage, kind: failure }) => {
                cost.requests += u64::from(attempts);
                cost.usage += usage;
                Err(ReadError::Failed {
                    reason: format!("{} reading: {last} (after {attempts} attempt(s))", kind.as_str()),
                    reading: kind,
                    kind: failure,
                })
            }
            Err(e @ ModelError::Unreachable { attempts, .. }) => {
                cost.requests += u64::from(attempts);
                Err(ReadError::Fatal(e.to_string()))
            }
            Err(e @ ModelError::Refused { .. }) => {
                cost.requests += 1;
                Err(ReadError::Fatal(e.to_string()))
            }
        }
    }
}

/// The readings cache's key: what was asked (reading, prompt text, reading
/// version, pass), of whom (model) and about what (`subject`: SKILL.md's
/// hash, or the folder's version for the audit). The reading version is in
/// it, so a reading made when the audit read less (version 1: SKILL.md
/// alone) is never reused. A reading fitted to a small context (`chars`
/// under the reading's budget) is kept apart: the same model given more
/// room reads the skill again.
fn cache_key(kind: ReadingKind, pass: u8, model: &str, subject: &str, chars: usize) -> String {
    let key = format!("{}\u{0}{}\u{0}{pass}\u{0}{model}\u{0}{subject}", kind.prompt_id(), readings::READING_VERSION);
    if chars < kind.max_chars() {
        format!("{key}\u{0}{chars}")
    } else {
        key
    }
}

/// Files named at most in [`audit_scope_sentence`]'s list of files not read.
const LISTED_LEFT_OUT: usize = 10;

/// What the audit of `info` read of the skill folder, in one sentence for
/// people (`fr`: in French): "The audit read SKILL.md and 3 of 5 files; not
/// read: assets/big.csv (over the budget), bin/tool (binary, elf)." Each
/// path goes through `show` (the caller's escaping: paths are the skill's).
/// `None` for a reading made before the audit read folders (version 1).
pub fn audit_scope_sentence(info: &ReadingInfo, fr: bool, show: impl Fn(&str) -> String) -> Option<String> {
    let skill_md = info.audit_files.first()?;
    let read = info.audit_files.len() - 1;
    let total = read + info.audit_left_out.len();
    let mut out = match (fr, total) {
        (false, 0) => format!("The audit read {}, the folder's only file", show(skill_md)),
        (true, 0) => format!("L'audit a lu {}, seul fichier du dossier", show(skill_md)),
        (false, _) => format!("The audit read {} and {read} of {total} files", show(skill_md)),
        (true, _) => format!("L'audit a lu {} et {read} fichier(s) sur {total}", show(skill_md)),
    };
    if let Some(cut) = &info.audit_cut {
        out.push_str(&format!(" ({} {})", show(cut), if fr { "en partie" } else { "in part" }));
    }
    if !info.audit_left_out.is_empty() {
        out.push_str(if fr { " ; non lus : " } else { "; not read: " });
        let listed: Vec<String> = info
            .audit_left_out
            .iter()
            .take(LISTED_LEFT_OUT)
            .map(|f| {
                let why = match (f.why, fr) {
                    (LeftOutWhy::OverBudget, false) => "over the budget".to_owned(),
                    (LeftOutWhy::OverBudget, true) => "au-delà du budget".to_owned(),
                    (LeftOutWhy::Binary, _) => {
                        let word = if fr { "binaire" } else { "binary" };
                        match f.kind.filter(|k| *k != FileKind::Binary) {
                            Some(kind) => format!("{word}, {}", kind.as_str()),
                            None => word.to_owned(),
                        }
                    }
                    (LeftOutWhy::NotRead, false) => "not read by the catalog".to_owned(),
                    (LeftOutWhy::NotRead, true) => "non lu par le catalogue".to_owned(),
                    (LeftOutWhy::Link, false) => "a link".to_owned(),
                    (LeftOutWhy::Link, true) => "un lien".to_owned(),
                    (LeftOutWhy::Special, false) => "a special file".to_owned(),
                    (LeftOutWhy::Special, true) => "un fichier spécial".to_owned(),
                };
                format!("{} ({why})", show(&f.path))
            })
            .collect();
        out.push_str(&listed.join(", "));
        let more = info.audit_left_out.len().saturating_sub(LISTED_LEFT_OUT);
        if more > 0 {
            out.push_str(&if fr { format!(" et {more} autre(s)") } else { format!(", and {more} more") });
        }
    }
    out.push('.');
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use skills_guide_remote::readings::LeftOutFile;

    fn info(files: &[&str], cut: Option<&str>, left_out: Vec<LeftOutFile>) -> ReadingInfo {
        ReadingInfo {
            version: "2".into(),
            audit_chars: 40_000,
            card_chars: 4_000,
            audit_truncated: false,
            card_truncated: false,
            audit_files: files.iter().map(|f| f.to_string()).collect(),
            audit_cut: cut.map(str::to_owned),
            audit_left_out: left_out,
            model: "m".into(),
            read_at: 0,
            prompt_tokens: 0,
            completion_tokens: 0,
            context_tokens: None,
            costs: Vec::new(),
        }
    }

    fn left(path: &str, why: LeftOutWhy, kind: Option<FileKind>) -> LeftOutFile {
        LeftOutFile { path: path.into(), bytes: 1, why, kind }
    }

    #[test]
    fn a_reading_stored_by_version_1_still_loads_and_says_nothing_of_files() {
        let old = r#"{"version":"1","audit_chars":40000,"card_chars":4000,"audit_truncated":false,
            "card_truncated":false,"model":"m","read_at":0,"prompt_tokens":1,"completion_tokens":1}"#;
        let info: ReadingInfo = serde_json::from_str(old).unwrap();
        assert!(info.audit_files.is_empty() && info.audit_cut.is_none() && info.audit_left_out.is_empty());
        assert_eq!(audit_scope_sentence(&info, false, str::to_owned), None);
    }

    #[test]
    fn r_llm_7_the_sentence_says_what_the_audit_read() {
        let i = info(
            &["SKILL.md", "scripts/a.py", "scripts/b.sh", "references/r.md"],
            Some("references/r.md"),
            vec![
                left("assets/big.csv", LeftOutWhy::OverBudget, None),
                left("bin/tool", LeftOutWhy::Binary, Some(FileKind::Elf)),
            ],
        );
        let plain = |s: &str| s.to_owned();
        assert_eq!(
            audit_scope_sentence(&i, false, plain).unwrap(),
            "The audit read SKILL.md and 3 of 5 files (references/r.md in part); not read: assets/big.csv (over the budget), bin/tool (binary, elf)."
        );
        assert_eq!(
            audit_scope_sentence(&i, true, plain).unwrap(),
            "L'audit a lu SKILL.md et 3 fichier(s) sur 5 (references/r.md en partie) ; non lus : assets/big.csv (au-delà du budget), bin/tool (binaire, elf)."
        );
        assert_eq!(
            audit_scope_sentence(&info(&["SKILL.md"], None, vec![]), false, plain).unwrap(),
            "The audit read SKILL.md, the folder's only file."
        );
        // A reading of version 1 read SKILL.md alone and says nothing more here.
        assert_eq!(audit_scope_sentence(&info(&[], None, vec![]), false, plain), None);
        // Names go through the caller's escaping; a long list is cut.
        let many = (0..12).map(|n| left(&format!("l{n}\n"), LeftOutWhy::Link, None)).collect();
        let s = audit_scope_sentence(&info(&["SKILL.md"], None, many), false, |p| p.replace('\n', "\\n")).unwrap();
        assert!(s.contains("l0\\n (a link)") && s.ends_with("l9\\n (a link), and 2 more.") && !s.contains('\n'), "{s}");
    }
}
