//! What the app holds while it runs: the catalog, the one long job that may
//! be running, the settings and the secrets.
//!
//! Long jobs (opening, sync, verify, rebuild, update) hold the catalog
//! itself, one at a time. Quick commands (search, a skill's page, install,
//! uninstall, report) use a read-only view of it ([`Catalog::reader`]) that
//! shares its store and its index's reader: they keep answering during a
//! sync, which on GitHub's rate limits can last hours, and see its changes
//! as they are stored and indexed. Only while the catalog is being opened do
//! they answer `busy` (and install and uninstall during an update job, which
//! writes the same folders).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, RwLock, RwLockWriteGuard};
use std::time::{Duration, Instant};

use serde::Serialize;
use skills_guide_catalog::progress::{Cancel, Progress};
use skills_guide_catalog::Catalog;

use crate::error::CmdError;
use crate::settings::{self, Secrets, Settings};

/// The kinds of long work, as `app_info` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum JobKind {
    /// Opening the catalog at start (it may rebuild the index).
    Open,
    Sync,
    Verify,
    Rebuild,
    /// Bringing installs up to the catalog's versions (the model may read first).
    Update,
}

impl JobKind {
    fn describe(self) -> &'static str {
        match self {
            JobKind::Open => "opening the catalog",
            JobKind::Sync => "a sync is running",
            JobKind::Verify => "the model's readings are running",
            JobKind::Rebuild => "the search index is being rebuilt",
            JobKind::Update => "the installed skills are being updated",
        }
    }
}

/// When opening the catalog began and ended, in ms after the app started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OpenTiming {
    pub began_ms: u64,
    pub ended_ms: u64,
}

struct RunningJob {
    kind: JobKind,
    cancel: Cancel,
}

pub struct Inner {
    pub data_dir: PathBuf,
    catalog: RwLock<Option<Catalog>>,
    /// The read-only view the quick commands use, once the catalog is open.
    view: Mutex<Option<Arc<Catalog>>>,
    /// Why the catalog could not be opened, when it could not.
    open_error: Mutex<Option<String>>,
    job: Mutex<Option<RunningJob>>,
    /// Skills in the catalog, as of the last job: `app_info` answers with it
    /// even while a job holds the catalog.
    skills: AtomicUsize,
    /// The catalog holds nothing but the starter examples (or nothing), as
    /// of the last job: a first launch, when the verified catalog is offered.
    starter_only: AtomicBool,
    /// When the app started, and when (after the start, in ms) opening the
    /// catalog began and ended: what a slow first screen is made of.
    started: Instant,
    open_timing: Mutex<Option<OpenTiming>>,
    /// Held while the agents' folders are written: by an install or an
    /// uninstall for a moment, by an update job for its whole run.
    installs: Mutex<()>,
    pub settings: Mutex<Settings>,
    /// Why the settings file was not read, when it was not.
    pub settings_error: Option<String>,
    pub secrets: Secrets,
}

/// Shared with the threads that run long jobs.
#[derive(Clone)]
pub struct AppState(pub Arc<Inner>);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl AppState {
    pub fn new(data_dir: &Path, secrets: Secrets) -> AppState {
        let (settings, settings_error) = settings::load(data_dir);
        AppState(Arc::new(Inner {
            data_dir: data_dir.to_path_buf(),
            catalog: RwLock::new(None),
            view: Mutex::new(None),
            open_error: Mutex::new(None),
            job: Mutex::new(None),
            skills: AtomicUsize::new(0),
            starter_only: AtomicBool::new(false),
            started: Instant::now(),
            open_timing: Mutex::new(None),
            installs: Mutex::new(()),
            settings: Mutex::new(settings),
            settings_error,
            secrets,
        }))
    }

    /// Opens the catalog (creating it, with the starter examples, the first
    /// time). Runs as a job: the quick commands answer `busy` meanwhile.
    pub fn open_catalog(&self, progress: &(dyn Fn(Progress) + Sync)) {
        let began = self.0.started.elapsed();
        let result = self.with_catalog_slot(JobKind::Open, |slot, _cancel| {
            let catalog = Catalog::open(&self.0.data_dir, progress)?;
            *lock(&self.0.view) = Some(Arc::new(catalog.reader()));
            *slot = Some(catalog);
            Ok(())
        });
        let ended = self.0.started.elapsed();
        *lock(&self.0.open_timing) =
            Some(OpenTiming { began_ms: began.as_millis() as u64, ended_ms: ended.as_millis() as u64 });
        *lock(&self.0.open_error) = result.err().map(|e| e.message);
    }

    pub fn open_timing(&self) -> Option<OpenTiming> {
        *lock(&self.0.open_timing)
    }

    pub fn settings(&self) -> Settings {
        lock(&self.0.settings).clone()
    }

    pub fn set_settings(&self, settings: Settings) {
        *lock(&self.0.settings) = settings;
    }

    pub fn job(&self) -> Option<JobKind> {
        lock(&self.0.job).as_ref().map(|j| j.kind)
    }

    pub fn skills(&self) -> usize {
        self.0.skills.load(Ordering::Relaxed)
    }

    /// The catalog held only the starter examples (or nothing) after the
    /// last job.
    pub fn starter_only(&self) -> bool {
        self.0.starter_only.load(Ordering::Relaxed)
    }

    /// Runs `f` with the catalog's read-only view; `busy` at once while the
    /// catalog is being opened.
    pub fn read<T>(&self, f: impl FnOnce(&Catalog) -> Result<T, CmdError>) -> Result<T, CmdError> {
        let view = lock(&self.0.view).clone();
        match view {
            Some(catalog) => f(&catalog),
            None => Err(self.not_open()),
        }
    }

    fn not_open(&self) -> CmdError {
        match lock(&self.0.open_error).clone() {
            Some(why) => CmdError::failed(format!("the catalog could not be opened: {why}")),
            None => CmdError::busy(JobKind::Open.describe()),
        }
    }

    /// For an install or an uninstall: the agents' folders, once no other
    /// write to them is under way; `busy` at once during an update job.
    pub fn installs_for_a_moment(&self) -> Result<MutexGuard<'_, ()>, CmdError> {
        if self.job() == Some(JobKind::Update) {
            return Err(CmdError::busy(JobKind::Update.describe()));
        }
        Ok(lock(&self.0.installs))
    }

    /// For an update job: the agents' folders, for as long as it runs.
    pub fn installs_for_a_job(&self) -> MutexGuard<'_, ()> {
        lock(&self.0.installs)
    }

    /// Runs the long job `f` with the catalog for writing. Only one job runs
    /// at a time; another one asked for meanwhile is `busy`.
    pub fn run_job<T>(
        &self,
        kind: JobKind,
        f: impl FnOnce(&mut Catalog, &Cancel) -> Result<T, CmdError>,
    ) -> Result<T, CmdError> {
        self.with_catalog_slot(kind, |slot, cancel| match slot.as_mut() {
            Some(catalog) => f(catalog, cancel),
            None => Err(self.not_open()),
        })
    }

    /// Claims the one job slot for `kind`, then runs `f` with the catalog's
    /// place (empty until it is opened) held for writing.
    fn with_catalog_slot<T>(
        &self,
        kind: JobKind,
        f: impl FnOnce(&mut Option<Catalog>, &Cancel) -> Result<T, CmdError>,
    ) -> Result<T, CmdError> {
        let cancel = {
            let mut job = lock(&self.0.job);
            if let Some(running) = job.as_ref() {
                return Err(CmdError::busy(running.kind.describe()));
            }
            let cancel = Cancel::default();
            *job = Some(RunningJob { kind, cancel: cancel.clone() });
            cancel
        };
        // Clears the job whatever happens in `f`, a panic included.
        struct Clear<'a>(&'a AppState);
        impl Drop for Clear<'_> {
            fn drop(&mut self) {
                *lock(&self.0 .0.job) = None;
            }
        }
        let _clear = Clear(self);
        let mut guard: RwLockWriteGuard<'_, Option<Catalog>> =
            self.0.catalog.write().unwrap_or_else(|p| p.into_inner());
        let result = f(&mut guard, &cancel);
        if let Some(catalog) = guard.as_ref() {
            // The index holds one document per stored skill, and counts them
            // in constant time; the store would walk every record.
            self.0.skills.store(catalog.index().num_docs() as usize, Ordering::Relaxed);
            // Read here, once per job, rather than at every `app_info` (asked
            // every 100 ms while the catalog opens); cheap past a few dozen skills.
            let starter = skills_guide_catalog::publisher::only_starter_examples(catalog.store()).unwrap_or(false);
            self.0.starter_only.store(starter, Ordering::Relaxed);
        }
        result
    }

    /// Asks the running job to stop; true when one was running.
    pub fn cancel_job(&self) -> bool {
        match lock(&self.0.job).as_ref() {
            Some(job) => {
                job.cancel.cancel();
                true
            }
            None => false,
        }
    }
}

/// Passes progress on, but at most one `advance` and one `bytes` every 50
/// ms, so that a sync of 100,000 files (or a download counted in bytes)
/// does not send 100,000 messages to the window. A count held back is sent
/// before the next event of another kind, and by [`Throttle::flush`] at the
/// end, so the last count of each stage is always seen. The two counts are
/// throttled apart: a stream of one never hides the other.
pub struct Throttle<F: Fn(Progress) + Sync> {
    send: F,
    state: Mutex<ThrottleState>,
}

#[derive(Default)]
struct ThrottleState {
    /// Per throttled kind (`advance`, `bytes`): when it was last sent, and
    /// the count held back since.
    last_sent: [Option<Instant>; 2],
    held: [Option<Progress>; 2],
}

/// The throttled kinds' slots, and whether the count is its stage's last.
fn throttled(p: &Progress) -> Option<(usize, bool)> {
    match p {
        Progress::Advance { done, total, .. } => Some((0, Some(*done) == *total)),
        Progress::Bytes { done, total, .. } => Some((1, Some(*done) == *total)),
        _ => None,
    }
}

const THROTTLE: Duration = Duration::from_millis(50);

impl<F: Fn(Progress) + Sync> Throttle<F> {
    pub fn new(send: F) -> Self {
        Throttle { send, state: Mutex::new(ThrottleState::default()) }
    }

    pub fn event(&self, p: Progress) {
        let mut state = lock(&self.state);
        let now = Instant::now();
        if let Some((slot, finished)) = throttled(&p) {
            if !finished && state.last_sent[slot].is_some_and(|t| now.duration_since(t) < THROTTLE) {
                state.held[slot] = Some(p);
                return;
            }
            state.held[slot] = None;
            state.last_sent[slot] = Some(now);
        } else {
            for held in state.held.iter_mut().filter_map(Option::take) {
                (self.send)(held);
            }
        }
        (self.send)(p);
    }

    /// Sends the counts held back, if any.
    pub fn flush(&self) {
        for held in lock(&self.state).held.iter_mut().filter_map(Option::take) {
            (self.send)(held);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skills_guide_catalog::progress::Stage;

    #[test]
    fn the_throttle_drops_intermediate_counts_but_never_a_stage_or_its_last_count() {
        let sent = Mutex::new(Vec::new());
        let throttle = Throttle::new(|p| sent.lock().unwrap().push(p));
        throttle.event(Progress::Stage { stage: Stage::Import, total: Some(1000) });
        for done in 1..=999 {
            throttle.event(Progress::Advance { stage: Stage::Import, done, total: None });
        }
        throttle.event(Progress::Stage { stage: Stage::Dedup, total: Some(3) });
        throttle.event(Progress::Advance { stage: Stage::Dedup, done: 1, total: None });
        throttle.event(Progress::Advance { stage: Stage::Dedup, done: 2, total: None });
        throttle.flush();
        let sent = sent.into_inner().unwrap();
        assert!(sent.len() < 20, "{} events sent", sent.len());
        let import_last =
            sent.iter().rposition(|p| matches!(p, Progress::Advance { stage: Stage::Import, .. })).unwrap();
        assert_eq!(sent[import_last], Progress::Advance { stage: Stage::Import, done: 999, total: None });
        assert!(matches!(sent[import_last + 1], Progress::Stage { stage: Stage::Dedup, .. }), "order kept");
        assert_eq!(sent.last(), Some(&Progress::Advance { stage: Stage::Dedup, done: 2, total: None }));
    }

    #[test]
    fn byte_counts_are_throttled_apart_from_item_counts_and_their_last_one_arrives() {
        let sent = Mutex::new(Vec::new());
        let throttle = Throttle::new(|p| sent.lock().unwrap().push(p));
        throttle.event(Progress::Stage { stage: Stage::Fetch, total: Some(10) });
        for done in 1..=1000u64 {
            throttle.event(Progress::Bytes { stage: Stage::Fetch, done: done * 1000, total: Some(2_000_000) });
            if done % 100 == 0 {
                throttle.event(Progress::Advance { stage: Stage::Fetch, done: done / 100, total: Some(10) });
            }
        }
        throttle.event(Progress::Stage { stage: Stage::Apply, total: Some(10) });
        throttle.flush();
        let sent = sent.into_inner().unwrap();
        assert!(sent.len() < 30, "{} events sent", sent.len());
        let last_bytes = sent.iter().rposition(|p| matches!(p, Progress::Bytes { .. })).unwrap();
        assert_eq!(sent[last_bytes], Progress::Bytes { stage: Stage::Fetch, done: 1_000_000, total: Some(2_000_000) });
        assert!(sent.contains(&Progress::Advance { stage: Stage::Fetch, done: 10, total: Some(10) }), "{sent:?}");
        assert!(matches!(sent.last(), Some(Progress::Stage { stage: Stage::Apply, .. })), "held counts go first");
    }
}
