//! Progress of long work (sync, verify, index rebuild, site export), as typed events. The
//! CLI draws them as a progress bar; the desktop app streams the same events
//! to its window. Cancellation is a flag the work checks between items.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Finding SKILL.md files in the sources.
    Discover,
    /// Reading, scoring and checking each file; storing what is new.
    Import,
    /// The model's readings and the decision (R-LLM, R-DEC).
    Read,
    /// Grouping exact copies (R-DUP).
    Dedup,
    /// Writing the search index.
    Index,
    /// Rebuilding the search index from the store.
    Rebuild,
    /// Writing the static site (`export-site`).
    Export,
    /// Writing a snapshot's records (`snapshot publish`).
    Publish,
    /// Downloading and checking a snapshot's records.
    Fetch,
    /// Applying a snapshot's records to the catalog.
    Apply,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Progress {
    /// A stage starts; `total` items when known.
    Stage { stage: Stage, total: Option<u64> },
    /// `done` items of the current stage are finished.
    Advance { stage: Stage, done: u64, total: Option<u64> },
    /// `done` bytes of the current stage's downloads have arrived, of
    /// `total` when known (a snapshot's packs and objects): what a byte
    /// progress bar, a rate and a time left are drawn from.
    Bytes { stage: Stage, done: u64, total: Option<u64> },
    /// Something worth saying (a source skipped, a file that failed).
    Note { message: String },
}

/// Receives progress events. Must be cheap: it is called from the work's thread.
pub type ProgressFn<'a> = &'a (dyn Fn(Progress) + Sync);

/// A progress function that drops every event.
pub fn quiet(_: Progress) {}

/// A cancellation flag shared with whoever may cancel (a Ctrl-C handler, the app).
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn cancel(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}
