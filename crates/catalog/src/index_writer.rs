//! The index's writer with a bounded queue of documents.
//!
//! tantivy's writer queues up to 10,000 documents for its indexing threads,
//! and the catalog builds documents faster than they are indexed (reading a
//! record and its SKILL.md is cheaper than tokenizing them): an import or a
//! rebuild of 100,000 skills kept the queue full, about 190 MB of documents
//! waiting (a heap profile of a first snapshot sync). Each document here
//! counts itself indexed when tantivy drops it, and adding one waits while
//! too many are still queued.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tantivy::indexer::PreparedCommit;
use tantivy::schema::document::Document;
use tantivy::{IndexWriter, Opstamp, TantivyDocument, Term};

/// Documents handed to the writer and not indexed yet, at most. Enough to
/// keep every indexing thread busy; a few MB of documents.
const MAX_QUEUED_DOCS: u64 = 512;

/// How long adding waits for the queue to move before it goes on anyway: a
/// writer whose threads stopped reports it at the commit, and must not hang
/// the caller here.
const STALL: Duration = Duration::from_secs(30);

/// A document that counts itself indexed when it is dropped (tantivy drops
/// each one as soon as it is in the segment being built).
pub struct CountedDoc {
    doc: TantivyDocument,
    indexed: Arc<AtomicU64>,
}

impl Drop for CountedDoc {
    fn drop(&mut self) {
        self.indexed.fetch_add(1, Ordering::Relaxed);
    }
}

impl Document for CountedDoc {
    type Value<'a> = <TantivyDocument as Document>::Value<'a>;
    type FieldsValuesIter<'a> = <TantivyDocument as Document>::FieldsValuesIter<'a>;

    fn iter_fields_and_values(&self) -> Self::FieldsValuesIter<'_> {
        self.doc.iter_fields_and_values()
    }
}

/// tantivy's writer, whose added documents wait for room in its queue.
pub struct BoundedWriter {
    inner: IndexWriter<CountedDoc>,
    /// Documents added through this writer.
    added: u64,
    /// Of those, documents indexed (or dropped unindexed, as by a rollback).
    indexed: Arc<AtomicU64>,
}

impl BoundedWriter {
    pub fn new(inner: IndexWriter<CountedDoc>) -> BoundedWriter {
        BoundedWriter { inner, added: 0, indexed: Arc::new(AtomicU64::new(0)) }
    }

    /// Adds a document once the queue has room for it.
    pub fn add_document(&mut self, doc: TantivyDocument) -> tantivy::Result<Opstamp> {
        self.wait_for_room();
        self.added += 1;
        self.inner.add_document(CountedDoc { doc, indexed: Arc::clone(&self.indexed) })
    }

    fn wait_for_room(&self) {
        let queued = || self.added.saturating_sub(self.indexed.load(Ordering::Relaxed));
        let mut last = (queued(), Instant::now());
        while queued() >= MAX_QUEUED_DOCS {
            std::thread::sleep(Duration::from_millis(1));
            let now = queued();
            if now != last.0 {
                last = (now, Instant::now());
            } else if last.1.elapsed() > STALL {
                return;
            }
        }
    }

    pub fn delete_term(&mut self, term: Term) -> Opstamp {
        self.inner.delete_term(term)
    }

    pub fn delete_all_documents(&mut self) -> tantivy::Result<Opstamp> {
        self.inner.delete_all_documents()
    }

    pub fn prepare_commit(&mut self) -> tantivy::Result<PreparedCommit<'_, CountedDoc>> {
        self.inner.prepare_commit()
    }

    pub fn wait_merging_threads(self) -> tantivy::Result<()> {
        self.inner.wait_merging_threads()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tantivy::schema::{Schema, TEXT};
    use tantivy::Index;

    /// Every document added is counted once tantivy is done with it, and
    /// the commit holds them all.
    #[test]
    fn documents_are_counted_as_indexed_and_all_committed() {
        let mut schema = Schema::builder();
        let body = schema.add_text_field("body", TEXT);
        let index = Index::create_in_ram(schema.build());
        let mut writer = BoundedWriter::new(index.writer_with_num_threads(1, 15_000_000).unwrap());
        let n = MAX_QUEUED_DOCS * 4;
        for i in 0..n {
            let mut doc = TantivyDocument::new();
            doc.add_text(body, format!("document number {i}"));
            writer.add_document(doc).unwrap();
            assert!(writer.added - writer.indexed.load(Ordering::Relaxed) <= MAX_QUEUED_DOCS);
        }
        writer.prepare_commit().unwrap().commit().unwrap();
        assert_eq!(writer.indexed.load(Ordering::Relaxed), n);
        let reader = index.reader().unwrap();
        assert_eq!(reader.searcher().num_docs(), n);
    }
}
