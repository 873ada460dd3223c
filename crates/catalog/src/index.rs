//! The search index: a tantivy index over the catalog's skills, for the
//! `search` command and the app's search box (full text, typo tolerance,
//! filters, facets, snippets).
//!
//! It is **derived data**, never the source of truth: everything in it comes
//! from the store's records and contents, and the store can rebuild it at any
//! time. So this module never tries to repair an index: a folder that is
//! missing, empty, unreadable or of another [`INDEX_SCHEMA_VERSION`] is wiped
//! and recreated empty, and [`SearchIndex::open`] says so
//! ([`OpenState::NeedsRebuild`]). Each commit records the store's change
//! generation, so a stale index is noticed by comparing the two.
//!
//! What it must never do:
//! - delete anything outside its own folder, or wipe a folder that does not
//!   look like an index of ours (it refuses with [`IndexError::NotAnIndex`]);
//! - panic or fail on a query: any user text is parsed leniently, and limits,
//!   offsets and query length are capped;
//! - keep the whole SKILL.md a second time: the content is indexed, not
//!   stored; snippets are cut from the text the caller hands back
//!   (`content_of`), which comes from the store.
//!
//! Each document also keeps what a result shows of its skill
//! ([`Listing`]: the contract's entry and the list's facts), so a search
//! reads nothing from the store but its hits' texts.
//!
//! Text: English stemming on name, title, description, keywords, card and
//! content; French stemming on second copies of the description and of the
//! card's French text only (the content is indexed once: measured index
//! 0.29–0.36x the raw text, 100,800 skills → 246 MB for 842 MB of SKILL.md).
//!
//! Ranking: BM25 over the text fields (name and title weigh most, then the
//! description and keywords, then the card, then the content), plus fuzzy
//! clauses for typos at a lower weight, for the words that are rare or absent
//! as typed (see `fuzzy_wanted`). The BM25 score is then multiplied by
//! a small factor per status (see `status_boost`): published and verified
//! first, then unverified, pending, rejected. The factors are a few percent
//! apart, so they only reorder results of equal or near-equal relevance; they
//! never lift a poor match above a good one. An empty query lists every
//! visible skill, best starting score first (status rank breaks ties).
//!
//! Sorting ([`Sort`]): by relevance (above), or by the shown quality, the
//! repository's stars or the last commit time, greatest first, unknown values
//! last; ties go by the relevance order (relevance, then its own tie-break:
//! starting score, or status rank for an empty query), then by id, so the
//! order is total and a page continues the one before it. The keys are read from fast fields inside
//! tantivy's top-k collector (`TopDocs::order_by` with our sort key computer,
//! [`RankBy`]), over the whole match set before the page is cut: no stored
//! document is loaded to sort. The id's tie-break is a number
//! ([`id_order`]), not the id text: tantivy's `SortByString` looks each
//! collected id up in the term dictionary, measured at 100,800 skills 2–3x
//! slower for a first page and 160 ms instead of 3–7 ms for a page at 5,000.
//!
//! After a full rebuild, [`SearchIndex::finish_merges`] compacts the segments
//! (typo searches got 3x faster at 100,000 skills).

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use skills_guide_engine::decide::{Safety, Status};
use skills_guide_engine::text::{floor_char_boundary, truncate_chars};
use tantivy::collector::sort_key::{Comparator, NaturalComparator};
use tantivy::collector::{
    Count, FacetCollector, FacetCounts, SegmentSortKeyComputer, SortKeyComputer, TopDocs, TopNComputer,
};
use tantivy::columnar::{Column, ColumnIndex, ColumnValues};
use tantivy::query::{AllQuery, BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, QueryParser, TermQuery};
use tantivy::schema::{
    Facet, FacetOptions, Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, Value, FAST, INDEXED,
    STORED, STRING,
};
use tantivy::snippet::SnippetGenerator;
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, SimpleTokenizer, Stemmer, TextAnalyzer, TokenFilter,
};
use tantivy::{
    DocId, Index, IndexReader, ReloadPolicy, Score, Searcher, SegmentReader, TantivyDocument, TantivyError, Term,
};

use crate::entry::Listing;
use crate::index_dir::IndexDir;
use crate::index_writer::BoundedWriter;
use crate::record::SkillRecord;
use crate::snippet_stem::StemCandidates;

/// The version of the schema below (fields, options, analyzers). Bump it on
/// any change: an index of another version is wiped and rebuilt on open.
/// 2: sort fields (`stars`, `last_commit`, the shown `quality`, `id_order`)
/// and `tools`/`level` as facets. 3: each document keeps its [`Listing`].
pub const INDEX_SCHEMA_VERSION: u32 = 3;

/// The small file, next to tantivy's own, holding [`INDEX_SCHEMA_VERSION`].
/// tantivy's meta.json says nothing of our analyzers or field meanings, so
/// this is what tells an older layout apart.
const VERSION_FILE: &str = "skills-guide-index-version";

/// The analyzer names registered on every opened index.
const EN_ANALYZER: &str = "sg_en";
const FR_ANALYZER: &str = "sg_fr";

/// Tokens longer than this are dropped (base64 blobs, hashes): they are never
/// searched for and would bloat the term dictionary.
const MAX_TOKEN_BYTES: usize = 40;

/// Indexing memory per writer thread (tantivy needs at least 15 MB).
const WRITER_HEAP_PER_THREAD: usize = 40 * 1024 * 1024;
/// The same for a rebuild (every skill added again with its SKILL.md): its
/// segments are merged while the next ones fill, and with 40 MB a thread a
/// first snapshot sync of 100,000 skills peaked at 466 – 501 MB there; with
/// 24 MB, 396 – 403 MB for about 4 % more time (BENCHMARKS.md "Snapshots").
const REBUILD_HEAP_PER_THREAD: usize = 24 * 1024 * 1024;
const MAX_WRITER_THREADS: usize = 4;

/// The longest query text looked at; the rest is ignored, so a pasted book
/// cannot make a search slow.
const MAX_QUERY_CHARS: usize = 1_000;
/// Typo tolerance is for a handful of words; beyond this it is only cost.
const MAX_FUZZY_WORDS: usize = 8;
/// Fuzzy expansions kept per word for highlighting.
const MAX_FUZZY_EXPANSIONS: usize = 32;
/// Hits returned at most by one search, and how far one may page.
pub const MAX_LIMIT: usize = 1_000;
const MAX_OFFSET: usize = 100_000;
/// Characters of a snippet.
const SNIPPET_CHARS: usize = 200;
/// How many category, tag, tool and level facet values are returned at most.
const MAX_FACET_VALUES: usize = 100;

/// Weights of the fields in the query: a word in the name or title says more
/// about what a skill is than one in its description, and far more than one
/// somewhere in a long SKILL.md.
const BOOST_NAME: f32 = 4.0;
const BOOST_TITLE: f32 = 3.0;
const BOOST_DESCRIPTION: f32 = 2.0;
const BOOST_KEYWORDS: f32 = 2.0;
const BOOST_CARD: f32 = 1.5;
const BOOST_DESCRIPTION_FR: f32 = 1.5;
const BOOST_CARD_FR: f32 = 1.0;
const BOOST_CONTENT: f32 = 1.0;
/// A fuzzy clause scores a constant (its boost) per field it matches: kept
/// well under a real BM25 match so exact words always rank first.
const FUZZY_BOOST: f32 = 0.3;

#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    #[error("the search index at {0} is in use by another Skills Guide process; close it and try again")]
    Busy(PathBuf),
    #[error(
        "{0} holds files that are not a Skills Guide search index; nothing was deleted \
         (point the data folder elsewhere or empty it)"
    )]
    NotAnIndex(PathBuf),
    #[error("search index I/O error at {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("search index error: {0}")]
    Tantivy(#[from] TantivyError),
    #[error("this view of the search index is for searching only")]
    ReadOnly,
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> IndexError + '_ {
    move |source| IndexError::Io { path: path.to_owned(), source }
}

/// What [`SearchIndex::open`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum OpenState {
    /// An index of this schema, reflecting the store at `generation`.
    Ready { generation: u64 },
    /// The index was (re)created empty: the caller must rebuild it from the
    /// store. `reason` is for the logs.
    NeedsRebuild { reason: String },
}

/// One search. Deserializable (missing fields take the defaults) so a face
/// can pass it through as JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SearchQuery {
    /// The user's text, in the query syntax (lenient: never an error). Empty
    /// lists everything, best starting score first.
    pub text: String,
    /// The statuses wanted; empty = every status except `Excluded`.
    pub status: Vec<Status>,
    pub safety: Option<Safety>,
    /// Matched case-insensitively (facet values are lowercased).
    pub category: Option<String>,
    pub tag: Option<String>,
    /// A compatible tool from the model's card (`compatible_tools`), matched
    /// case-insensitively.
    pub tool: Option<String>,
    /// The card's level (`beginner`, …), matched case-insensitively.
    pub level: Option<String>,
    /// The order of the hits (default: relevance).
    pub sort: Sort,
    /// Exact copies (`copy_of` is Some) are hidden unless this is set.
    pub include_copies: bool,
    /// Hits wanted (capped at [`MAX_LIMIT`]); 0 gives only `total` and facets.
    pub limit: usize,
    pub offset: usize,
    /// Count the facets (status, rating, category, tags, tools, level) of the matches.
    /// Costs a pass over every match: a face that shows no facets skips it.
    pub facets: bool,
}

impl Default for SearchQuery {
    fn default() -> Self {
        SearchQuery {
            text: String::new(),
            status: Vec::new(),
            safety: None,
            category: None,
            tag: None,
            tool: None,
            level: None,
            sort: Sort::Relevance,
            include_copies: false,
            limit: 20,
            offset: 0,
            facets: true,
        }
    }
}

/// The order of a search's hits. Every order but `relevance` puts the
/// skills whose value is unknown last, and breaks ties by relevance, then by
/// id, so the order is total and paging is stable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sort {
    /// Best match first (see the module's ranking notes); for an empty query,
    /// best starting score first.
    #[default]
    Relevance,
    /// Highest shown quality first (the lower of the audit passes); skills the
    /// model has not read last.
    Quality,
    /// Most repository stars first; skills without a known repository last.
    Stars,
    /// Most recent last commit first (`facts.last_commit_unix`); undated last.
    Freshness,
}

impl Sort {
    pub const ALL: [Sort; 4] = [Sort::Relevance, Sort::Quality, Sort::Stars, Sort::Freshness];

    /// The wire name (as serialized).
    pub fn as_str(self) -> &'static str {
        match self {
            Sort::Relevance => "relevance",
            Sort::Quality => "quality",
            Sort::Stars => "stars",
            Sort::Freshness => "freshness",
        }
    }
}

impl std::str::FromStr for Sort {
    type Err = String;

    fn from_str(s: &str) -> Result<Sort, String> {
        Sort::ALL
            .into_iter()
            .find(|v| v.as_str() == s)
            .ok_or_else(|| format!("unknown sort `{s}`: relevance, quality, stars or freshness"))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchHit {
    pub id: String,
    /// What the result shows of the skill, as of the index's last commit.
    pub listing: Listing,
    /// The relevance key: BM25 times the status factor; for an empty query,
    /// the starting score. With another [`Sort`], the key of its ties.
    pub relevance: f32,
    pub snippet: Snippet,
}

/// A passage of the skill around the matched words. Plain text (not HTML):
/// the faces escape it and render the highlights themselves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct Snippet {
    pub text: String,
    /// Byte ranges into `text`, sorted, not overlapping.
    pub highlights: Vec<Range<usize>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchResults {
    pub hits: Vec<SearchHit>,
    /// Every match of the query with its filters (not just this page).
    pub total: usize,
    pub facets: Facets,
}

/// Counts per value over **every match of the search, filters included**
/// (the whole result set behind `total`, not just the page): so the status
/// counts add up to `total`. Counted in the same pass as the hits, which
/// halves the cost of a typo-tolerant search (measured). Sorted by count,
/// most first, then by name; category, tags, tools and level keep the first
/// 100. Unrated skills (safety null) have no safety value; values are the
/// lowercase wire names (`published`, `caution`, …), categories, tags and
/// levels lowercased. Tools are counted case-insensitively (`Claude Code` and
/// `claude code` are one value, and the `tool` filter takes either) but shown
/// as the cards write them: product names lose their meaning in lowercase.
/// When cards spell one tool differently, the spelling most of the catalog's
/// cards use is shown (ties: the first in byte order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct Facets {
    pub status: Vec<(String, u64)>,
    pub safety: Vec<(String, u64)>,
    pub category: Vec<(String, u64)>,
    pub tags: Vec<(String, u64)>,
    pub tools: Vec<(String, u64)>,
    pub level: Vec<(String, u64)>,
}

/// The schema's fields.
#[derive(Debug, Clone, Copy)]
struct Fields {
    id: Field,
    /// The [`Listing`], JSON, stored only.
    listing: Field,
    /// [`id_order`]: the last tie-break of every order.
    id_order: Field,
    name: Field,
    title: Field,
    /// Description and short description, English-stemmed; stored (small) so
    /// a snippet can fall back on it.
    description: Field,
    /// The same text, French-stemmed.
    description_fr: Field,
    /// The whole SKILL.md, English-stemmed, not stored.
    content: Field,
    /// The card's English text.
    card: Field,
    /// The card's French text, French-stemmed.
    card_fr: Field,
    /// Category, tags, compatible tools and level, as searchable words.
    keywords: Field,
    status: Field,
    safety: Field,
    category: Field,
    tags: Field,
    /// Facets of two levels: the lowercased value, then the card's spelling
    /// (`/claude code/Claude Code`), so counts and filters ignore case and the
    /// facets can show the spelling.
    tools: Field,
    level: Field,
    /// The shown quality (absent when the model has not read the skill).
    quality: Field,
    /// The repository's stars (absent when unknown).
    stars: Field,
    /// Unix time of the last commit (absent when unknown).
    last_commit: Field,
    start_score: Field,
    /// The status order used for ranking (see [`status_rank`]).
    rank: Field,
    verified: Field,
    is_copy: Field,
}

fn build_schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let text = |analyzer: &str, stored: bool| {
        let indexing = TextFieldIndexing::default()
            .set_tokenizer(analyzer)
            .set_index_option(IndexRecordOption::WithFreqsAndPositions);
        let opts = TextOptions::default().set_indexing_options(indexing);
        if stored {
            opts.set_stored()
        } else {
            opts
        }
    };
    let fields = Fields {
        id: b.add_text_field("id", STRING | STORED),
        listing: b.add_bytes_field("listing", STORED),
        id_order: b.add_u64_field("id_order", FAST),
        name: b.add_text_field("name", text(EN_ANALYZER, false)),
        title: b.add_text_field("title", text(EN_ANALYZER, false)),
        description: b.add_text_field("description", text(EN_ANALYZER, true)),
        description_fr: b.add_text_field("description_fr", text(FR_ANALYZER, false)),
        content: b.add_text_field("content", text(EN_ANALYZER, false)),
        card: b.add_text_field("card", text(EN_ANALYZER, false)),
        card_fr: b.add_text_field("card_fr", text(FR_ANALYZER, false)),
        keywords: b.add_text_field("keywords", text(EN_ANALYZER, false)),
        status: b.add_facet_field("status", FacetOptions::default()),
        safety: b.add_facet_field("safety", FacetOptions::default()),
        category: b.add_facet_field("category", FacetOptions::default()),
        tags: b.add_facet_field("tags", FacetOptions::default()),
        tools: b.add_facet_field("tools", FacetOptions::default()),
        level: b.add_facet_field("level", FacetOptions::default()),
        quality: b.add_u64_field("quality", FAST),
        stars: b.add_u64_field("stars", FAST),
        last_commit: b.add_i64_field("last_commit", FAST),
        start_score: b.add_u64_field("start_score", FAST),
        rank: b.add_u64_field("rank", FAST),
        verified: b.add_bool_field("verified", INDEXED | FAST),
        is_copy: b.add_bool_field("is_copy", INDEXED | FAST),
    };
    (b.build(), fields)
}

fn analyzer(language: Language) -> TextAnalyzer {
    analyzer_stemming_with(Stemmer::new(language))
}

/// The indexing analyzer's steps, then `stemmer`.
fn analyzer_stemming_with(stemmer: impl TokenFilter) -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(stemmer)
        .build()
}

/// Lowercased, folded words, unstemmed: the query words typo tolerance works on.
fn plain_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

fn register_analyzers(index: &Index) {
    index.tokenizers().register(EN_ANALYZER, analyzer(Language::English));
    index.tokenizers().register(FR_ANALYZER, analyzer(Language::French));
}

/// Ranking order of a status: higher comes first at equal relevance.
fn status_rank(status: Status, verified: bool) -> u64 {
    match status {
        Status::Published if verified => 5,
        Status::Published => 4,
        Status::Unverified => 3,
        Status::Pending => 2,
        Status::Rejected => 1,
        Status::Excluded => 0,
    }
}

/// The multiplicative factor applied to BM25 per status rank. A few percent
/// apart: enough to order equal matches, too little to beat a better one.
/// The largest [`status_boost`].
const MAX_STATUS_BOOST: f32 = 1.06;

fn status_boost(rank: u64) -> f32 {
    match rank {
        5 => MAX_STATUS_BOOST,
        4 => 1.05,
        3 => 1.03,
        2 => 1.015,
        1 => 1.0,
        _ => 0.98,
    }
}

/// Facet values (category, tags, tools, level) are user-facing words from
/// the model: trimmed, lowercased (so `DevOps` and `devops` count together),
/// control characters (tantivy's facet separator is NUL) turned into spaces,
/// capped.
fn facet_value(raw: &str) -> Option<String> {
    facet_spelling(raw).map(|v| v.to_lowercase().chars().take(100).collect())
}

/// A value as the card writes it (a tool's name, shown in the facets): the
/// cleaning of [`facet_value`] without the lowercasing.
fn facet_spelling(raw: &str) -> Option<String> {
    let cleaned: String = raw.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    if words.is_empty() {
        return None;
    }
    Some(words.join(" ").chars().take(100).collect())
}

fn facet_of(value: &str) -> Facet {
    Facet::from_path([value])
}

/// Every string inside a card's JSON (summary, strengths, …), depth-bounded.
fn collect_strings(value: &serde_json::Value, depth: usize, out: &mut Vec<String>) {
    if depth > 8 {
        return;
    }
    match value {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_strings(v, depth + 1, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| collect_strings(v, depth + 1, out)),
        _ => {}
    }
}

/// A fuzzy clause and the field it searches (tantivy's fuzzy query does not
/// report its term, so the snippets need to be told).
type FieldFuzzy = (Field, FuzzyTermQuery);

/// What probing an existing folder found.
enum Probe {
    Ready(Index, IndexReader, u64),
    Rebuild(String),
}

/// Files that show a folder is (or was) one of our indexes; a non-empty folder
/// with none of them is not wiped.
fn is_our_file(name: &str) -> bool {
    name == VERSION_FILE || name == "meta.json" || name == ".managed.json" || name.starts_with(".tantivy")
}

/// The search index. One per folder: the writer (created on the first
/// change) holds tantivy's lock.
pub struct SearchIndex {
    dir: PathBuf,
    index: Index,
    reader: IndexReader,
    writer: Option<BoundedWriter>,
    /// Indexing memory per thread of the next writer opened.
    heap_per_thread: usize,
    /// A view for searching beside the writer (see [`SearchIndex::read_only_view`]):
    /// it never opens a writer.
    read_only: bool,
    fields: Fields,
    parser: QueryParser,
    generation: u64,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex")
            .field("dir", &self.dir)
            .field("generation", &self.generation)
            .field("writer_open", &self.writer.is_some())
            .field("heap_per_thread", &self.heap_per_thread)
            .finish()
    }
}

impl SearchIndex {
    /// Opens (or creates) the index in `dir`. When the folder is missing,
    /// empty, corrupt (tantivy fails to open it, or meta is unreadable) or of
    /// another [`INDEX_SCHEMA_VERSION`], it is wiped and created empty, and the
    /// state says `NeedsRebuild` with a reason. Never deletes anything outside
    /// `dir`, and refuses ([`IndexError::NotAnIndex`]) to wipe a non-empty
    /// folder holding none of an index's files.
    pub fn open(dir: &Path) -> Result<(SearchIndex, OpenState), IndexError> {
        let (schema, fields) = build_schema();
        match probe(dir, &schema)? {
            Probe::Ready(index, reader, generation) => {
                Ok((SearchIndex::new(dir, index, reader, fields, generation), OpenState::Ready { generation }))
            }
            Probe::Rebuild(reason) => {
                tracing::info!(dir = %dir.display(), %reason, "search index recreated empty");
                wipe(dir)?;
                std::fs::create_dir_all(dir).map_err(io_err(dir))?;
                let index =
                    Index::create(IndexDir::open(dir).map_err(TantivyError::from)?, schema, Default::default())?;
                register_analyzers(&index);
                // Written after tantivy's files: a crash in between leaves no
                // version file, hence another rebuild, never a wrong claim.
                write_version_file(dir)?;
                let reader = index.reader_builder().reload_policy(ReloadPolicy::OnCommitWithDelay).try_into()?;
                Ok((SearchIndex::new(dir, index, reader, fields, 0), OpenState::NeedsRebuild { reason }))
            }
        }
    }

    /// A view of this index for searching while this one writes (another
    /// thread's sync, say): it shares the reader, so it sees each commit
    /// as soon as it is made, and refuses every change.
    pub fn read_only_view(&self) -> SearchIndex {
        let view = SearchIndex::new(&self.dir, self.index.clone(), self.reader.clone(), self.fields, self.generation);
        SearchIndex { read_only: true, ..view }
    }

    fn new(dir: &Path, index: Index, reader: IndexReader, fields: Fields, generation: u64) -> SearchIndex {
        let parser = query_parser(&index, &fields);
        SearchIndex {
            dir: dir.to_owned(),
            index,
            reader,
            writer: None,
            heap_per_thread: WRITER_HEAP_PER_THREAD,
            read_only: false,
            fields,
            parser,
            generation,
        }
    }

    /// The writer, created on first use so that a search-only process never
    /// takes the lock nor the indexing memory.
    fn writer(&mut self) -> Result<&mut BoundedWriter, IndexError> {
        if let Some(ref mut w) = self.writer {
            return Ok(w);
        }
        if self.read_only {
            return Err(IndexError::ReadOnly);
        }
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, MAX_WRITER_THREADS);
        let writer =
            self.index.writer_with_num_threads(threads, threads * self.heap_per_thread).map_err(|e| match e {
                TantivyError::LockFailure(..) => IndexError::Busy(self.dir.clone()),
                e => IndexError::Tantivy(e),
            })?;
        Ok(self.writer.insert(BoundedWriter::new(writer)))
    }

    /// Replaces the document of this skill (delete by id term, then add). Not
    /// visible until [`commit`](Self::commit).
    pub fn upsert(&mut self, rec: &SkillRecord, content: &str) -> Result<(), IndexError> {
        let doc = self.document(rec, content);
        let id_term = Term::from_field_text(self.fields.id, &rec.id);
        let writer = self.writer()?;
        // The delete gets the lower opstamp, so it removes only older copies.
        writer.delete_term(id_term);
        writer.add_document(doc)?;
        Ok(())
    }

    /// Adds the document of a skill the index cannot hold yet: one new to
    /// the store, whose index is rebuilt from it whenever they differ. No
    /// delete is queued: tantivy keeps every delete of a commit in memory and
    /// runs it against each segment flushed before the commit, which on a
    /// 100,000-skill import held about 100 MB and a sixth of the index's time.
    pub fn add_new(&mut self, rec: &SkillRecord, content: &str) -> Result<(), IndexError> {
        let doc = self.document(rec, content);
        self.writer()?.add_document(doc)?;
        Ok(())
    }

    fn document(&self, rec: &SkillRecord, content: &str) -> TantivyDocument {
        let f = &self.fields;
        let mut doc = TantivyDocument::new();
        doc.add_text(f.id, &rec.id);
        // Serializing plain data cannot fail; an empty listing would only
        // leave the document out of results.
        doc.add_bytes(f.listing, serde_json::to_vec(&Listing::of(rec)).unwrap_or_default().as_slice());
        doc.add_u64(f.id_order, id_order(&rec.id));
        if let Some(name) = &rec.name {
            doc.add_text(f.name, name);
        }
        if let Some(title) = &rec.title {
            doc.add_text(f.title, title);
        }
        for d in [&rec.description, &rec.short_description].into_iter().flatten() {
            doc.add_text(f.description, d);
            doc.add_text(f.description_fr, d);
        }
        doc.add_text(f.content, content);
        if let Some(card) = &rec.card {
            for (lang, field) in [("en", f.card), ("fr", f.card_fr)] {
                let mut texts = Vec::new();
                if let Some(v) = card.get(lang) {
                    collect_strings(v, 0, &mut texts);
                }
                if !texts.is_empty() {
                    doc.add_text(field, texts.join("\n"));
                }
            }
        }

        let category = rec.card_str("category").and_then(facet_value);
        let tags: BTreeSet<String> = rec.card_list("tags").iter().filter_map(|t| facet_value(t)).collect();
        // Lowercased value → the card's first spelling of it.
        let mut tools: BTreeMap<String, String> = BTreeMap::new();
        for raw in rec.card_list("compatible_tools") {
            if let (Some(key), Some(spelling)) = (facet_value(&raw), facet_spelling(&raw)) {
                tools.entry(key).or_insert(spelling);
            }
        }
        let level = rec.card_str("level").and_then(facet_value);
        let keywords: Vec<&str> =
            category.iter().chain(&tags).chain(tools.keys()).chain(&level).map(String::as_str).collect();
        if !keywords.is_empty() {
            doc.add_text(f.keywords, keywords.join("\n"));
        }
        if let Some(c) = &category {
            doc.add_facet(f.category, facet_of(c));
        }
        for t in &tags {
            doc.add_facet(f.tags, facet_of(t));
        }
        for (key, spelling) in &tools {
            doc.add_facet(f.tools, Facet::from_path([key.as_str(), spelling.as_str()]));
        }
        if let Some(l) = &level {
            doc.add_facet(f.level, facet_of(l));
        }

        let status = rec.status();
        doc.add_facet(f.status, facet_of(status.as_str()));
        // The rating and quality shown (as `entry::Entry` shows them): none
        // before the model's audit (R-LLM-8).
        if let Some(s) = rec.audit.as_ref().and(rec.safety()) {
            doc.add_facet(f.safety, facet_of(s.as_str()));
        }
        // The quality shown (as `entry::Entry` shows it): none before the model's audit.
        if let Some(q) = rec.audit.as_ref().and(rec.decision.quality) {
            doc.add_u64(f.quality, u64::from(q));
        }
        if let Some(stars) = rec.facts.stars {
            doc.add_u64(f.stars, stars);
        }
        if let Some(t) = rec.facts.last_commit_unix {
            doc.add_i64(f.last_commit, t);
        }
        doc.add_u64(f.start_score, u64::from(rec.score.total));
        doc.add_u64(f.rank, status_rank(status, rec.decision.verified));
        doc.add_bool(f.verified, rec.decision.verified);
        doc.add_bool(f.is_copy, rec.copy_of.is_some());
        doc
    }

    /// Removes the skill's document. Not visible until commit.
    pub fn delete(&mut self, id: &str) -> Result<(), IndexError> {
        let term = Term::from_field_text(self.fields.id, id);
        self.writer()?.delete_term(term);
        Ok(())
    }

    /// Closes the writer after letting its background merges finish: after a
    /// rebuild, so the index is compact (fewer segments: measured 11 → 4 and
    /// typo searches 3x faster at 100,000 skills) and the lock is released.
    /// The next change opens a new writer.
    pub fn finish_merges(&mut self) -> Result<(), IndexError> {
        if let Some(writer) = self.writer.take() {
            writer.wait_merging_threads()?;
            self.reader.reload()?;
        }
        Ok(())
    }

    /// Lets the writer go without waiting for its merges (they finish in
    /// the background or are left to a later writer: the commit is made, so
    /// nothing is lost either way).
    pub fn release_writer(&mut self) {
        self.writer = None;
    }

    /// How many segments the searcher sees (for diagnostics).
    pub fn num_segments(&self) -> usize {
        self.reader.searcher().segment_readers().len()
    }

    /// Removes every document (before a rebuild). Not visible until commit.
    /// Call it with nothing pending since the last commit: the writer is
    /// opened again with a rebuild's smaller indexing memory (kept until
    /// this index is closed).
    pub fn delete_all(&mut self) -> Result<(), IndexError> {
        if self.heap_per_thread != REBUILD_HEAP_PER_THREAD {
            self.writer = None;
            self.heap_per_thread = REBUILD_HEAP_PER_THREAD;
        }
        self.writer()?.delete_all_documents()?;
        Ok(())
    }

    /// Commits, recording `generation` (the store's change counter) in the
    /// commit payload, and reloads the reader so the next search sees it.
    pub fn commit(&mut self, generation: u64) -> Result<(), IndexError> {
        let writer = self.writer()?;
        let mut prepared = writer.prepare_commit()?;
        prepared.set_payload(&generation.to_string());
        prepared.commit()?;
        self.generation = generation;
        self.reader.reload()?;
        Ok(())
    }

    /// The generation of the last commit (from the payload), 0 for a fresh index.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Documents visible to search (committed).
    pub fn num_docs(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    /// The folder of the index.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Runs a search. `content_of(listing)` gives a hit's SKILL.md text (from the
    /// store) for its snippet; `None` falls back on the description.
    pub fn search(
        &self,
        q: &SearchQuery,
        content_of: &dyn Fn(&Listing) -> Option<String>,
    ) -> Result<SearchResults, IndexError> {
        let text = truncate_chars(q.text.trim(), MAX_QUERY_CHARS);
        match self.search_text(q, text, content_of) {
            // tantivy accepts some syntax when parsing that it refuses when
            // searching (`name:*` on a field without fast values, …): the
            // user's words alone then, rather than an error.
            Err(IndexError::Tantivy(
                TantivyError::SchemaError(_) | TantivyError::InvalidArgument(_) | TantivyError::FieldNotFound(_),
            )) if uses_syntax(text) => self.search_text(q, &plain_words(text), content_of),
            result => result,
        }
    }

    fn search_text(
        &self,
        q: &SearchQuery,
        text: &str,
        content_of: &dyn Fn(&Listing) -> Option<String>,
    ) -> Result<SearchResults, IndexError> {
        let f = self.fields;
        let searcher = self.reader.searcher();
        let empty = text.is_empty();
        let (text_query, fuzzy): (Box<dyn Query>, Vec<FieldFuzzy>) =
            if empty { (Box::new(AllQuery), Vec::new()) } else { self.text_query(&searcher, text) };

        let mut filtered: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, text_query.box_clone())];
        if !q.include_copies {
            filtered.push((Occur::MustNot, term_query(Term::from_field_bool(f.is_copy, true))));
        }
        if q.status.is_empty() {
            filtered.push((Occur::MustNot, facet_query(f.status, Status::Excluded.as_str())));
        } else {
            let any: Vec<(Occur, Box<dyn Query>)> =
                q.status.iter().map(|s| (Occur::Should, facet_query(f.status, s.as_str()))).collect();
            filtered.push((Occur::Must, Box::new(BooleanQuery::new(any))));
        }
        if let Some(s) = q.safety {
            filtered.push((Occur::Must, facet_query(f.safety, s.as_str())));
        }
        if let Some(c) = &q.category {
            filtered.push((Occur::Must, facet_filter(f.category, c)));
        }
        if let Some(t) = &q.tag {
            filtered.push((Occur::Must, facet_filter(f.tags, t)));
        }
        if let Some(t) = &q.tool {
            // The first level of `/value/Spelling`: tantivy indexes a facet's
            // ancestors, so this matches every spelling.
            filtered.push((Occur::Must, facet_filter(f.tools, t)));
        }
        if let Some(l) = &q.level {
            filtered.push((Occur::Must, facet_filter(f.level, l)));
        }
        let filtered = BooleanQuery::new(filtered);

        let limit = q.limit.min(MAX_LIMIT);
        let offset = q.offset.min(MAX_OFFSET);
        // TopDocs refuses a limit of 0: no collector then, only counts. The
        // range is cut from the top `offset + limit` of the whole match set
        // in the chosen order, so page 2 continues page 1.
        let top = (limit > 0)
            .then(|| TopDocs::for_doc_range(offset..offset + limit).order_by(RankBy { sort: q.sort, empty }));
        // One pass for hits, total and facets: each pass re-runs the fuzzy
        // clauses' automata over every segment, the costly part of a search.
        let (top, total, facets) = if q.facets {
            // tantivy's tuples of collectors go up to four: nested.
            let facet_collectors = (
                (root_facet_collector("status"), root_facet_collector("safety"), root_facet_collector("category")),
                (root_facet_collector("tags"), root_facet_collector("tools"), root_facet_collector("level")),
            );
            let (top, total, ((status, safety, category), (tags, tools, level))) =
                searcher.search(&filtered, &(top, Count, facet_collectors))?;
            let facets = Facets {
                status: facet_list(&status, usize::MAX),
                safety: facet_list(&safety, usize::MAX),
                category: facet_list(&category, MAX_FACET_VALUES),
                tags: facet_list(&tags, MAX_FACET_VALUES),
                tools: tool_facets(&searcher, f.tools, &tools),
                level: facet_list(&level, MAX_FACET_VALUES),
            };
            (top, total, facets)
        } else {
            let (top, total) = searcher.search(&filtered, &(top, Count))?;
            (top, total, Facets::default())
        };
        let top = top.unwrap_or_default();

        let segments: BTreeSet<u32> = top.iter().map(|(_, a)| a.segment_ord).collect();
        let snippets = Snippets::new(&searcher, &segments, &*text_query, &fuzzy, f)?;
        let mut hits = Vec::with_capacity(top.len());
        for ((_, relevance, _, _), address) in top {
            // Loaded for the page's hits only (id, listing, description), never to sort.
            let doc: TantivyDocument = searcher.doc(address)?;
            let id = doc.get_first(f.id).and_then(|v| v.as_str()).map(str::to_owned);
            let listing =
                doc.get_first(f.listing).and_then(|v| v.as_bytes()).and_then(|b| serde_json::from_slice(b).ok());
            let (Some(id), Some(listing)) = (id, listing) else {
                continue; // cannot happen for our documents; never fail a search for it
            };
            let description: Vec<&str> = doc.get_all(f.description).filter_map(|v| v.as_str()).collect();
            let snippet = snippets.make(empty, content_of(&listing).as_deref(), &description.join("\n"));
            hits.push(SearchHit { id, listing, relevance, snippet });
        }
        Ok(SearchResults { hits, total, facets })
    }

    /// The user's text as a query: the lenient parse over every text field,
    /// plus fuzzy clauses for typos when the text is plain words.
    fn text_query(&self, searcher: &Searcher, text: &str) -> (Box<dyn Query>, Vec<FieldFuzzy>) {
        // Lenient: whatever could not be parsed is dropped, never an error.
        let (parsed, _errors) = self.parser.parse_query_lenient(text);
        if uses_syntax(text) {
            // The user asked for something precise (`+`, `-`, quotes, fields,
            // AND/OR): extra SHOULD clauses would undo their MUST/MUST NOT.
            return (parsed, Vec::new());
        }
        let fuzzy = self.fuzzy_queries(searcher, text);
        if fuzzy.is_empty() {
            return (parsed, fuzzy);
        }
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Should, parsed)];
        for (_, fq) in &fuzzy {
            clauses.push((Occur::Should, Box::new(BoostQuery::new(Box::new(fq.clone()), FUZZY_BOOST))));
        }
        (Box::new(BooleanQuery::new(clauses)), fuzzy)
    }

    /// For each word of 4+ characters, a fuzzy query (distance 1, or 2 from 8
    /// characters, transpositions cost one) on its stemmed token in name,
    /// title, description and content — when that token, as typed, is rare
    /// or absent in every one of them (see [`fuzzy_wanted`]): a word common
    /// in any field is a real word, spelled right.
    fn fuzzy_queries(&self, searcher: &Searcher, text: &str) -> Vec<FieldFuzzy> {
        let f = self.fields;
        let common = common_doc_freq(searcher.num_docs());
        let mut plain = plain_analyzer();
        let mut en = analyzer(Language::English);
        let mut words: Vec<String> = Vec::new();
        let mut stream = plain.token_stream(text);
        while let Some(token) = stream.next() {
            if words.len() >= MAX_FUZZY_WORDS {
                break;
            }
            if token.text.chars().count() >= 4 && !words.contains(&token.text) {
                words.push(token.text.clone());
            }
        }
        let mut out = Vec::new();
        for word in words {
            let distance = if word.chars().count() >= 8 { 2 } else { 1 };
            let mut stemmed = en.token_stream(&word);
            let Some(token) = stemmed.next().map(|t| t.text.clone()) else {
                continue;
            };
            let terms = [f.name, f.title, f.description, f.content].map(|field| Term::from_field_text(field, &token));
            if terms.iter().all(|term| fuzzy_wanted(searcher, term, common)) {
                out.extend(terms.map(|term| (term.field(), FuzzyTermQuery::new(term, distance, true))));
            }
        }
        out
    }
}

/// From how many documents a word, as typed, counts as spelled right.
fn common_doc_freq(num_docs: u64) -> u64 {
    (num_docs / 1_000).max(3)
}

/// Typo tolerance only where the word as typed finds little: a word already
/// common in a field is spelled right, and a fuzzy clause would only add cost
/// (it reads the postings of every neighbour: measured 100–200 ms a query at
/// 100,000 skills when added for common words) and noise.
fn fuzzy_wanted(searcher: &Searcher, term: &Term, common: u64) -> bool {
    searcher.doc_freq(term).map_or(true, |df| df < common)
}

/// The text's words, lowercased, without any syntax.
fn plain_words(text: &str) -> String {
    let mut plain = plain_analyzer();
    let mut stream = plain.token_stream(text);
    let mut words = Vec::new();
    while let Some(token) = stream.next() {
        words.push(token.text.clone());
    }
    words.join(" ")
}

/// Whether the text uses the query syntax rather than plain words.
fn uses_syntax(text: &str) -> bool {
    text.contains(['"', ':', '(', ')', '[', ']', '{', '}', '^', '~', '*'])
        || text
            .split_whitespace()
            .any(|w| w.starts_with(['+', '-', '!']) || matches!(w, "AND" | "OR" | "NOT" | "&&" | "||"))
}

fn term_query(term: Term) -> Box<dyn Query> {
    Box::new(TermQuery::new(term, IndexRecordOption::Basic))
}

fn facet_query(field: Field, value: &str) -> Box<dyn Query> {
    term_query(Term::from_facet(field, &facet_of(value)))
}

/// A category or tag filter, normalized as the indexed values are; a value
/// that normalizes to nothing matches nothing.
fn facet_filter(field: Field, raw: &str) -> Box<dyn Query> {
    match facet_value(raw) {
        Some(v) => facet_query(field, &v),
        None => Box::new(tantivy::query::EmptyQuery),
    }
}

fn root_facet_collector(field: &str) -> FacetCollector {
    let mut c = FacetCollector::for_field(field);
    c.add_facet("/");
    c
}

fn facet_list(counts: &FacetCounts, max: usize) -> Vec<(String, u64)> {
    let out: Vec<(String, u64)> =
        counts.get("/").filter_map(|(facet, n)| facet.to_path().last().map(|v| ((*v).to_owned(), n))).collect();
    sorted_facets(out, max)
}

/// Most first, then by name; the first `max`.
fn sorted_facets(mut out: Vec<(String, u64)>, max: usize) -> Vec<(String, u64)> {
    out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    out.truncate(max);
    out
}

/// The tools facet: counts per lowercased value (the first level of
/// `/value/Spelling`), each shown in the spelling most documents of the index
/// use (ties: the first in byte order). The spellings come from the term
/// dictionary's document frequencies (deleted documents not yet merged away
/// may still count there: it only picks a spelling), not from the documents.
fn tool_facets(searcher: &Searcher, field: Field, counts: &FacetCounts) -> Vec<(String, u64)> {
    let keys: Vec<(String, u64)> =
        counts.get("/").filter_map(|(facet, n)| facet.to_path().first().map(|v| ((*v).to_owned(), n))).collect();
    let mut spelled = Vec::with_capacity(keys.len());
    for (key, n) in keys {
        let mut by_spelling: BTreeMap<String, u64> = BTreeMap::new();
        // Facet terms are their encoded path: `key \0 Spelling`.
        let (from, to) = (format!("{key}\u{0}"), format!("{key}\u{1}"));
        for segment in searcher.segment_readers() {
            let Ok(inverted) = segment.inverted_index(field) else {
                continue;
            };
            let Ok(mut stream) = inverted.terms().range().ge(from.as_bytes()).lt(to.as_bytes()).into_stream() else {
                continue;
            };
            while stream.advance() {
                let spelling = std::str::from_utf8(&stream.key()[from.len()..]).ok();
                // Only the second level (a spelling holds no separator).
                if let Some(spelling) = spelling.filter(|s| !s.is_empty() && !s.contains('\u{0}')) {
                    *by_spelling.entry(spelling.to_owned()).or_default() += u64::from(stream.value().doc_freq);
                }
            }
        }
        let best = by_spelling.into_iter().fold(None::<(String, u64)>, |best, (s, df)| match best {
            Some((b, bdf)) if bdf >= df => Some((b, bdf)),
            _ => Some((s, df)),
        });
        spelled.push((best.map_or(key, |(s, _)| s), n));
    }
    sorted_facets(spelled, MAX_FACET_VALUES)
}

/// What hits are ranked by, greatest first: the [`Sort`]'s value (`None` for
/// relevance, and for an unknown value, which ranks below every known one),
/// the relevance, then what breaks relevance ties (the starting score; for an
/// empty query, whose relevance is the starting score, the status rank), then
/// the id, smallest first (the complement of [`id_order`]), so the order is
/// total.
type RankKey = (Option<u64>, f32, u64, u64);

/// The id as a number that orders as the id does: the catalog's ids (16
/// lowercase hex digits, `SourceRef::skill_id`) read as hexadecimal, which is
/// exact and one-to-one; any other id by its first 8 bytes, big-endian (exact
/// for ids of up to 8 bytes; longer ones sharing them tie, and tantivy then
/// keeps the index's document order, stable while the index is unchanged).
fn id_order(id: &str) -> u64 {
    if id.len() == 16 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        if let Ok(v) = u64::from_str_radix(id, 16) {
            return v;
        }
    }
    let mut bytes = [0u8; 8];
    for (to, from) in bytes.iter_mut().zip(id.bytes()) {
        *to = from;
    }
    u64::from_be_bytes(bytes)
}

/// tantivy's sort key computer for [`RankKey`], from fast fields only.
struct RankBy {
    sort: Sort,
    /// An empty query: every document scores the same, the starting score is
    /// the relevance.
    empty: bool,
}

/// The column a [`Sort`] reads, per segment; `None` when no document of the
/// segment has the field (every value then unknown).
enum SortColumn {
    None,
    U64(FastColumn<u64>),
    I64(FastColumn<i64>),
}

/// A fast field column of one segment, read per document. Most columns have a
/// value for every document: those are read straight from their values,
/// without `Column::first`'s index lookup and iterator (which measured half
/// the cost of ranking a large match set).
enum FastColumn<T> {
    Full(Arc<dyn ColumnValues<T>>),
    Sparse(Column<T>),
}

impl<T: PartialOrd + Copy + std::fmt::Debug + Send + Sync + 'static> FastColumn<T> {
    fn new(column: Column<T>) -> FastColumn<T> {
        match column.index {
            ColumnIndex::Full => FastColumn::Full(column.values),
            _ => FastColumn::Sparse(column),
        }
    }

    #[inline]
    fn get(&self, doc: DocId) -> Option<T> {
        match self {
            FastColumn::Full(values) => Some(values.get_val(doc)),
            FastColumn::Sparse(column) => column.first(doc),
        }
    }
}

struct SegmentRankBy {
    empty: bool,
    value: SortColumn,
    rank: Option<FastColumn<u64>>,
    start: Option<FastColumn<u64>>,
    id_order: Option<FastColumn<u64>>,
}

impl SortKeyComputer for RankBy {
    type SortKey = RankKey;
    type Child = SegmentRankBy;
    type Comparator = NaturalComparator;

    fn requires_scoring(&self) -> bool {
        !self.empty
    }

    fn segment_sort_key_computer(&self, seg: &SegmentReader) -> tantivy::Result<SegmentRankBy> {
        let ff = seg.fast_fields();
        // A missing column (no document of the segment has the field) reads as
        // unknown, never as an error.
        let value = match self.sort {
            Sort::Relevance => SortColumn::None,
            Sort::Quality => ff.u64("quality").map_or(SortColumn::None, |c| SortColumn::U64(FastColumn::new(c))),
            Sort::Stars => ff.u64("stars").map_or(SortColumn::None, |c| SortColumn::U64(FastColumn::new(c))),
            Sort::Freshness => ff.i64("last_commit").map_or(SortColumn::None, |c| SortColumn::I64(FastColumn::new(c))),
        };
        let column = |name: &str| ff.u64(name).ok().map(FastColumn::new);
        Ok(SegmentRankBy {
            empty: self.empty,
            value,
            rank: column("rank"),
            start: column("start_score"),
            id_order: column("id_order"),
        })
    }
}

impl SegmentRankBy {
    /// The sort's value; `None` for relevance and for an unknown value.
    #[inline]
    fn value(&self, doc: DocId) -> Option<u64> {
        match &self.value {
            SortColumn::None => None,
            SortColumn::U64(c) => c.get(doc),
            // Order-preserving map of i64 onto u64.
            SortColumn::I64(c) => c.get(doc).map(|t| (t as u64) ^ (1 << 63)),
        }
    }

    #[inline]
    fn rank(&self, doc: DocId) -> u64 {
        self.rank.as_ref().and_then(|c| c.get(doc)).unwrap_or(0)
    }
}

impl SegmentSortKeyComputer for SegmentRankBy {
    type SortKey = RankKey;
    type SegmentSortKey = RankKey;
    type SegmentComparator = NaturalComparator;

    fn segment_sort_key(&mut self, doc: DocId, score: Score) -> RankKey {
        let value = self.value(doc);
        let rank = self.rank(doc);
        let start = self.start.as_ref().and_then(|c| c.get(doc)).unwrap_or(0);
        let id = !self.id_order.as_ref().and_then(|c| c.get(doc)).unwrap_or(0);
        if self.empty {
            (value, start as f32, rank, id)
        } else {
            (value, score * status_boost(rank), start, id)
        }
    }

    /// Most matches of a large search rank below the page being collected:
    /// those are dropped from their sort value and score alone (the best
    /// status boost cannot lift them), before the tie-break columns are read.
    /// Same outcome as the default (`push` drops a key not above the
    /// threshold), only cheaper.
    #[inline]
    fn compute_sort_key_and_collect<C: Comparator<RankKey>>(
        &mut self,
        doc: DocId,
        score: Score,
        top_n: &mut TopNComputer<RankKey, DocId, C>,
    ) {
        if let Some(threshold) = &top_n.threshold {
            let value = self.value(doc);
            if value < threshold.0 {
                return;
            }
            if value == threshold.0 && !self.empty && score * MAX_STATUS_BOOST < threshold.1 {
                return;
            }
        }
        let key = self.segment_sort_key(doc, score);
        top_n.push(key, doc);
    }

    fn convert_segment_sort_key(&self, key: RankKey) -> RankKey {
        key
    }
}

/// The snippet generators of one search: content first, then the stored
/// description, then the description's start.
/// Content longer than this is not tokenized whole for its snippet: a window
/// around the first literal occurrence of a query term is (tokenizing a whole
/// SKILL.md with the stemmers costs far more than the search itself). A
/// snippet is at most 200 characters, so a window a few times that holds the
/// best fragment around the term; 2 KB cost a third of a search's time.
const SNIPPET_WINDOW_BYTES: usize = 768;
/// When no term occurs literally (accents folded, typos), at most this much
/// of the start of the content is tokenized.
const SNIPPET_SCAN_BYTES: usize = 64 * 1024;

struct Snippets {
    /// The terms the content generator looks for, lower-cased, for the window.
    content_terms: Vec<String>,
    content: SnippetGenerator,
    description: SnippetGenerator,
}

impl Snippets {
    fn new(
        searcher: &Searcher,
        segments: &BTreeSet<u32>,
        query: &dyn Query,
        fuzzy: &[FieldFuzzy],
        f: Fields,
    ) -> Result<Snippets, IndexError> {
        let (content, content_terms) = snippet_generator_with_terms(searcher, segments, query, fuzzy, f.content)?;
        Ok(Snippets {
            content_terms,
            content,
            description: snippet_generator(searcher, segments, query, fuzzy, f.description)?,
        })
    }

    fn make(&self, empty_query: bool, content: Option<&str>, description: &str) -> Snippet {
        if !empty_query {
            let window = content.map(|c| snippet_window(c, &self.content_terms)).unwrap_or("");
            for (generator, text) in [(&self.content, window), (&self.description, description)] {
                let s = generator.snippet(text);
                if !s.is_empty() {
                    return Snippet { text: s.fragment().to_owned(), highlights: s.highlighted().to_vec() };
                }
            }
        }
        let start = if description.trim().is_empty() { content.unwrap_or("") } else { description };
        Snippet { text: truncate_chars(start.trim(), SNIPPET_CHARS).to_owned(), highlights: Vec::new() }
    }
}

/// The part of `text` worth tokenizing for a snippet: all of it when short,
/// else a window around the first literal occurrence of one of `terms`
/// (lower-cased stems: `kubernet` finds `Kubernetes`), else its start.
fn snippet_window<'t>(text: &'t str, terms: &[String]) -> &'t str {
    if text.len() <= SNIPPET_WINDOW_BYTES {
        return text;
    }
    let scan = &text[..floor_char_boundary(text, SNIPPET_SCAN_BYTES)];
    let lower = scan.to_ascii_lowercase(); // same byte offsets as `scan`
    let first = terms.iter().filter(|t| !t.is_empty()).filter_map(|t| first_occurrence(&lower, t)).min();
    let Some(at) = first else { return scan };
    let start = floor_char_boundary(text, at.saturating_sub(SNIPPET_WINDOW_BYTES / 2));
    let end = floor_char_boundary(text, (start + SNIPPET_WINDOW_BYTES).min(text.len()));
    &text[start..end]
}

/// Where `term` first occurs in `lower`. A term of one or two letters (a
/// word being typed: `p`, `gi`) must stand as a whole word or a word's
/// start, or it would match inside nearly every word and the window would
/// miss it; a longer one (a stem) may start anywhere.
fn first_occurrence(lower: &str, term: &str) -> Option<usize> {
    if term.len() > 2 {
        return lower.find(term);
    }
    let bytes = lower.as_bytes();
    lower.match_indices(term).map(|(at, _)| at).find(|&at| at == 0 || !bytes[at - 1].is_ascii_alphanumeric())
}

fn snippet_generator(
    searcher: &Searcher,
    segments: &BTreeSet<u32>,
    query: &dyn Query,
    fuzzy: &[FieldFuzzy],
    field: Field,
) -> Result<SnippetGenerator, IndexError> {
    snippet_generator_with_terms(searcher, segments, query, fuzzy, field).map(|(g, _)| g)
}

/// Like `SnippetGenerator::create`, plus the terms the fuzzy clauses matched
/// (tantivy's fuzzy query reports no terms), so a typo's match is highlighted.
/// Also returns the terms, lower-cased.
fn snippet_generator_with_terms(
    searcher: &Searcher,
    segments: &BTreeSet<u32>,
    query: &dyn Query,
    fuzzy: &[FieldFuzzy],
    field: Field,
) -> Result<(SnippetGenerator, Vec<String>), IndexError> {
    let mut terms: BTreeSet<Term> = BTreeSet::new();
    query.query_terms(&mut |term, _| {
        if term.field() == field {
            terms.insert(term.clone());
        }
    });
    let mut terms_text: BTreeMap<String, f32> = BTreeMap::new();
    for term in &terms {
        if let Some(text) = term.value().as_str() {
            let doc_freq = searcher.doc_freq(term)?;
            if doc_freq > 0 {
                terms_text.insert(text.to_owned(), 1.0 / (1.0 + doc_freq as f32));
            }
        }
    }
    for (_, fq) in fuzzy.iter().filter(|(f, _)| *f == field) {
        let automaton = fq.automaton()?;
        let mut found = 0;
        // Only the segments holding hits: their words are the ones to show.
        for &ord in segments {
            let Some(segment) = searcher.segment_readers().get(ord as usize) else {
                continue;
            };
            let inverted = segment.inverted_index(field)?;
            let mut stream = inverted.terms().search(&automaton).into_stream().map_err(TantivyError::from)?;
            while found < MAX_FUZZY_EXPANSIONS && stream.advance() {
                if let Ok(text) = std::str::from_utf8(stream.key()) {
                    // Fuzzy matches weigh less than exact words in the choice
                    // of the passage.
                    terms_text.entry(text.to_owned()).or_insert(0.1);
                    found += 1;
                }
            }
        }
    }
    // The English analyzer of the fields snippets come from (content and
    // description), stemming only the tokens that could be a term.
    let tokenizer = analyzer_stemming_with(StemCandidates::new(terms_text.keys().map(String::as_str)));
    let terms: Vec<String> = terms_text.keys().map(|t| t.to_ascii_lowercase()).collect();
    Ok((SnippetGenerator::new(terms_text, tokenizer, field, SNIPPET_CHARS), terms))
}

fn query_parser(index: &Index, f: &Fields) -> QueryParser {
    let fields = [
        (f.name, BOOST_NAME),
        (f.title, BOOST_TITLE),
        (f.description, BOOST_DESCRIPTION),
        (f.keywords, BOOST_KEYWORDS),
        (f.card, BOOST_CARD),
        (f.description_fr, BOOST_DESCRIPTION_FR),
        (f.card_fr, BOOST_CARD_FR),
        (f.content, BOOST_CONTENT),
    ];
    let mut parser = QueryParser::for_index(index, fields.iter().map(|(field, _)| *field).collect());
    for (field, boost) in fields {
        parser.set_field_boost(field, boost);
    }
    parser
}

fn read_version_file(dir: &Path) -> Result<Option<String>, IndexError> {
    let path = dir.join(VERSION_FILE);
    match std::fs::read_to_string(&path) {
        Ok(s) => Ok(Some(s)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(IndexError::Io { path, source: e }),
    }
}

fn write_version_file(dir: &Path) -> Result<(), IndexError> {
    let tmp = dir.join(format!("{VERSION_FILE}.tmp"));
    std::fs::write(&tmp, format!("{INDEX_SCHEMA_VERSION}\n")).map_err(io_err(&tmp))?;
    let path = dir.join(VERSION_FILE);
    std::fs::rename(&tmp, &path).map_err(io_err(&path))
}

/// Looks at `dir`: a usable index of this schema, or the reason to rebuild.
/// Errors only for what a rebuild cannot fix (a foreign folder, I/O).
fn probe(dir: &Path, schema: &Schema) -> Result<Probe, IndexError> {
    let meta = match std::fs::symlink_metadata(dir) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Probe::Rebuild("no search index yet".to_owned()))
        }
        Err(e) => return Err(IndexError::Io { path: dir.to_owned(), source: e }),
    };
    if !meta.is_dir() && !std::fs::metadata(dir).is_ok_and(|m| m.is_dir()) {
        return Err(IndexError::NotAnIndex(dir.to_owned()));
    }
    let names: Vec<String> = std::fs::read_dir(dir)
        .map_err(io_err(dir))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    if names.is_empty() {
        return Ok(Probe::Rebuild("the search index folder is empty".to_owned()));
    }
    if !names.iter().any(|n| is_our_file(n)) {
        return Err(IndexError::NotAnIndex(dir.to_owned()));
    }
    match read_version_file(dir)? {
        None => return Ok(Probe::Rebuild("the search index has no schema version file".to_owned())),
        Some(v) if v.trim() != INDEX_SCHEMA_VERSION.to_string() => {
            return Ok(Probe::Rebuild(format!(
                "the search index has schema version {:?}, this program uses {INDEX_SCHEMA_VERSION}",
                truncate_chars(v.trim(), 20)
            )))
        }
        Some(_) => {}
    }
    let index = match IndexDir::open(dir).map_err(TantivyError::from).and_then(Index::open) {
        Ok(index) => index,
        Err(e) => return Ok(Probe::Rebuild(format!("the search index is unreadable: {e}"))),
    };
    if index.schema() != *schema {
        return Ok(Probe::Rebuild("the search index's fields differ from this program's".to_owned()));
    }
    register_analyzers(&index);
    let generation = match index.load_metas() {
        Ok(metas) => match metas.payload.as_deref().map(str::parse::<u64>) {
            None => 0,
            Some(Ok(g)) => g,
            Some(Err(_)) => return Ok(Probe::Rebuild("the search index's generation is unreadable".to_owned())),
        },
        Err(e) => return Ok(Probe::Rebuild(format!("the search index's meta is unreadable: {e}"))),
    };
    // Opening the reader opens every segment: a damaged segment shows here.
    let reader = match index.reader_builder().reload_policy(ReloadPolicy::OnCommitWithDelay).try_into() {
        Ok(r) => r,
        Err(e) => return Ok(Probe::Rebuild(format!("the search index's segments are unreadable: {e}"))),
    };
    Ok(Probe::Ready(index, reader, generation))
}

/// Empties `dir` (not `dir` itself). Symbolic links are removed, never
/// followed, so nothing outside the folder can be touched.
fn wipe(dir: &Path) -> Result<(), IndexError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(IndexError::Io { path: dir.to_owned(), source: e }),
    };
    for entry in entries {
        let entry = entry.map_err(io_err(dir))?;
        let path = entry.path();
        let file_type = entry.file_type().map_err(io_err(&path))?;
        if file_type.is_dir() {
            // remove_dir_all does not follow symbolic links inside.
            std::fs::remove_dir_all(&path).map_err(io_err(&path))?;
        } else {
            std::fs::remove_file(&path).map_err(io_err(&path))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{SourceKind, SourceRef};
    use skills_guide_engine::decide::{AuditPass, AuditRun, Decision, Verdict};
    use skills_guide_engine::score::{RepoFacts, Score, ScoreDetails, StructureChecks};
    use std::collections::HashMap;

    fn record(id: &str, name: &str, description: &str, status: Status) -> SkillRecord {
        let published = status == Status::Published;
        SkillRecord {
            id: id.to_owned(),
            source: SourceRef {
                kind: SourceKind::Dir,
                repo: None,
                path: format!("/skills/{name}/SKILL.md"),
                url: None,
                license: None,
            },
            facts: RepoFacts::default(),
            sha256: "0".repeat(64),
            version: String::new(),
            files: Vec::new(),
            bytes: 0,
            chars: 0,
            versions: Vec::new(),
            first_seen: 0,
            updated: 0,
            name: Some(name.to_owned()),
            description: Some(description.to_owned()),
            declared_tools: Vec::new(),
            title: None,
            short_description: None,
            score: Score { structure: 24, reputation: 15, freshness: 20, security: 20, awesome_bonus: 0, total: 79 },
            score_details: ScoreDetails {
                structure: StructureChecks::default(),
                age_days: None,
                security_deductions: Vec::new(),
            },
            admitted: status != Status::Excluded,
            findings: Vec::new(),
            warnings: Vec::new(),
            errors: Vec::new(),
            // A status past `unverified` comes from the model's reading.
            audit: (!matches!(status, Status::Excluded | Status::Unverified)).then(|| AuditRun {
                first: AuditPass {
                    safety: Safety::Safe,
                    quality: 85,
                    verdict: Verdict::Publish,
                    findings: Vec::new(),
                    manipulation_attempts: Vec::new(),
                },
                second: None,
            }),
            card: None,
            decision: Decision {
                status,
                safety: if matches!(status, Status::Excluded | Status::Unverified) { None } else { Some(Safety::Safe) },
                quality: if matches!(status, Status::Excluded | Status::Unverified) { None } else { Some(85) },
                verified: published,
                reasons: Vec::new(),
                warnings: Vec::new(),
            },
            copy_of: None,
            indexable: false,
            installs: 0,
            reading: None,
            reading_error: None,
        }
    }

    /// An index in a temp dir, with the given records (content = description
    /// plus a fixed body unless given) committed at generation 1.
    struct Fixture {
        _tmp: tempfile::TempDir,
        index: SearchIndex,
        contents: HashMap<String, String>,
    }

    impl Fixture {
        fn new(items: Vec<(SkillRecord, String)>) -> Fixture {
            let tmp = tempfile::tempdir().unwrap();
            let (mut index, state) = SearchIndex::open(&tmp.path().join("index")).unwrap();
            assert!(matches!(state, OpenState::NeedsRebuild { .. }));
            let mut contents = HashMap::new();
            for (rec, content) in items {
                index.upsert(&rec, &content).unwrap();
                contents.insert(rec.id.clone(), content);
            }
            index.commit(1).unwrap();
            Fixture { _tmp: tmp, index, contents }
        }

        fn search(&self, q: &SearchQuery) -> SearchResults {
            let contents = self.contents.clone();
            self.index.search(q, &move |l: &Listing| contents.get(&l.entry.id).cloned()).unwrap()
        }

        fn ids(&self, text: &str) -> Vec<String> {
            self.search(&SearchQuery { text: text.to_owned(), ..Default::default() })
                .hits
                .into_iter()
                .map(|h| h.id)
                .collect()
        }
    }

    fn item(rec: SkillRecord, body: &str) -> (SkillRecord, String) {
        let content = format!(
            "---\nname: {}\ndescription: {}\n---\n\n{body}\n",
            rec.name.clone().unwrap_or_default(),
            rec.description.clone().unwrap_or_default()
        );
        (rec, content)
    }

    fn with_card(mut rec: SkillRecord, category: &str, tags: &[&str], en: &str, fr: &str) -> SkillRecord {
        rec.card = Some(serde_json::json!({
            "en": { "summary": en, "strengths": ["fast"] },
            "fr": { "summary": fr, "strengths": ["rapide"] },
            "category": category,
            "tags": tags,
            "compatible_tools": ["Claude Code"],
            "level": "beginner",
        }));
        rec
    }

    fn corpus() -> Fixture {
        Fixture::new(vec![
            item(
                with_card(
                    record("pdf", "pdf-tools", "Work with PDF files: extract text, fill forms", Status::Published),
                    "Documents",
                    &["pdf", "Forms"],
                    "Fills PDF forms and merges documents.",
                    "Remplit des formulaires et fusionne des documents.",
                ),
                "Use pypdf to extract text from a PDF.",
            ),
            item(
                record("k8s", "kube-deploy", "Deploy applications to Kubernetes clusters", Status::Unverified),
                "Run kubectl apply to deploy. Helm charts are supported.",
            ),
            item(
                with_card(
                    record("inst", "setup-helper", "How to install the toolchain", Status::Pending),
                    "DevOps",
                    &["setup"],
                    "Sets up a development machine.",
                    "Prépare une machine de développement.",
                ),
                "First install rustup, then cargo.",
            ),
            item(record("excl", "pdf-junk", "A PDF thing of poor quality", Status::Excluded), "pdf pdf"),
            item(record("rej", "pdf-evil", "PDF reader that steals secrets", Status::Rejected), "Reads PDF files."),
        ])
    }

    #[test]
    fn finds_by_name_stem_french_and_typo() {
        let fx = corpus();
        assert_eq!(fx.ids("kube-deploy").first().map(String::as_str), Some("k8s"));
        assert!(fx.ids("installing").contains(&"inst".to_owned()), "English stem");
        assert!(fx.ids("installation").contains(&"inst".to_owned()), "stem installation");
        assert!(fx.ids("installer").contains(&"inst".to_owned()), "stem installer");
        assert!(fx.ids("kubernets").contains(&"k8s".to_owned()), "typo");
        assert!(fx.ids("kubernetse").contains(&"k8s".to_owned()), "transposition");
        let pdf = fx.ids("PDF");
        assert!(pdf.contains(&"pdf".to_owned()) && pdf.contains(&"rej".to_owned()), "{pdf:?}");
    }

    #[test]
    fn french_card_text_is_stemmed() {
        let fx = corpus();
        // Singular and infinitive forms find the French card's words.
        assert_eq!(fx.ids("formulaire"), vec!["pdf".to_owned()]);
        assert_eq!(fx.ids("fusionner"), vec!["pdf".to_owned()]);
        assert_eq!(fx.ids("préparer"), vec!["inst".to_owned()]);
        // English stems "fusionne" to "fusionn": only the French stemmer brings it to "fusion".
        assert_eq!(fx.ids("fusion"), vec!["pdf".to_owned()]);
    }

    #[test]
    fn hides_excluded_and_copies_by_default() {
        let mut copy = record("copy", "pdf-tools", "Work with PDF files: extract text, fill forms", Status::Published);
        copy.copy_of = Some("pdf".to_owned());
        let fx = Fixture::new(vec![
            item(record("pdf", "pdf-tools", "Work with PDF files: extract text, fill forms", Status::Published), ""),
            item(copy, ""),
            item(record("excl", "pdf-junk", "A PDF thing", Status::Excluded), ""),
        ]);
        assert_eq!(fx.ids("pdf"), vec!["pdf".to_owned()]);
        let all = fx.search(&SearchQuery {
            text: "pdf".into(),
            include_copies: true,
            status: vec![Status::Published, Status::Excluded],
            ..Default::default()
        });
        let mut ids: Vec<String> = all.hits.into_iter().map(|h| h.id).collect();
        ids.sort();
        assert_eq!(ids, vec!["copy", "excl", "pdf"]);
        assert_eq!(all.total, 3);
    }

    #[test]
    fn filters_by_status_safety_category_tag() {
        let fx = corpus();
        let q = |f: &dyn Fn(&mut SearchQuery)| {
            let mut q = SearchQuery { text: "pdf".into(), ..Default::default() };
            f(&mut q);
            let mut ids: Vec<String> = fx.search(&q).hits.into_iter().map(|h| h.id).collect();
            ids.sort();
            ids
        };
        assert_eq!(q(&|q| q.status = vec![Status::Rejected]), vec!["rej"]);
        assert_eq!(q(&|q| q.status = vec![Status::Excluded]), vec!["excl"]);
        assert_eq!(q(&|q| q.safety = Some(Safety::Safe)), vec!["pdf", "rej"]);
        assert_eq!(q(&|q| q.safety = Some(Safety::Risky)), Vec::<String>::new());
        assert_eq!(q(&|q| q.category = Some("documents".into())), vec!["pdf"]);
        assert_eq!(q(&|q| q.tag = Some("FORMS".into())), vec!["pdf"]);
        assert_eq!(q(&|q| q.tag = Some("setup".into())), Vec::<String>::new());
        // An empty query with a filter lists the matching skills.
        let setup = fx.search(&SearchQuery { category: Some("devops".into()), ..Default::default() });
        assert_eq!(setup.hits.iter().map(|h| h.id.as_str()).collect::<Vec<_>>(), vec!["inst"]);
    }

    #[test]
    fn facets_count_all_matches() {
        let fx = corpus();
        let r = fx.search(&SearchQuery { text: "pdf".into(), limit: 1, ..Default::default() });
        assert_eq!(r.hits.len(), 1);
        assert_eq!(r.total, 2, "excluded hidden by default");
        // Over the whole result set (not the page of one), filters included.
        assert_eq!(r.facets.status, vec![("published".to_owned(), 1), ("rejected".to_owned(), 1)]);
        assert_eq!(r.facets.safety, vec![("safe".to_owned(), 2)]);
        assert_eq!(r.facets.category, vec![("documents".to_owned(), 1)]);
        assert_eq!(r.facets.tags, vec![("forms".to_owned(), 1), ("pdf".to_owned(), 1)]);
        let all = fx.search(&SearchQuery::default());
        assert_eq!(all.total, 4);
        assert_eq!(all.facets.status.iter().map(|(_, n)| n).sum::<u64>(), 4);
        let tagged = fx.search(&SearchQuery { tag: Some("setup".into()), ..Default::default() });
        assert_eq!(tagged.facets.status, vec![("pending".to_owned(), 1)]);
        assert_eq!(tagged.facets.category, vec![("devops".to_owned(), 1)]);
        let excluded = fx.search(&SearchQuery { status: vec![Status::Excluded], ..Default::default() });
        assert_eq!(excluded.facets.status, vec![("excluded".to_owned(), 1)]);
        assert!(excluded.facets.safety.is_empty(), "unrated");
    }

    /// A record with the values the sort orders read: the shown quality
    /// (with an audit; `None` leaves the model's audit out, so even a
    /// decision's quality is not shown), stars and last commit time, and a
    /// starting score (an empty query's relevance).
    fn sortable(
        id: &str,
        quality: Option<u8>,
        stars: Option<u64>,
        last_commit: Option<i64>,
        start: u32,
    ) -> SkillRecord {
        let mut rec = record(id, &format!("skill-{id}"), &format!("Skill {id}"), Status::Published);
        rec.score.total = start;
        rec.facts.stars = stars;
        rec.facts.last_commit_unix = last_commit;
        if let Some(q) = quality {
            rec.audit = Some(AuditRun {
                first: AuditPass {
                    safety: Safety::Safe,
                    quality: q,
                    verdict: Verdict::Publish,
                    findings: Vec::new(),
                    manipulation_attempts: Vec::new(),
                },
                second: None,
            });
            rec.decision.quality = Some(q);
        } else {
            // A skill with a quality but no audit is covered on purpose elsewhere.
            rec.audit = None;
            rec.decision.quality = None;
        }
        rec
    }

    /// Each record upserted and committed on its own, so the index holds
    /// several segments and the orders are merged across them.
    fn segmented(records: Vec<SkillRecord>) -> Fixture {
        let tmp = tempfile::tempdir().unwrap();
        let (mut index, _) = SearchIndex::open(&tmp.path().join("index")).unwrap();
        let mut contents = HashMap::new();
        for (i, (rec, content)) in records.into_iter().map(|r| item(r, "body")).enumerate() {
            index.upsert(&rec, &content).unwrap();
            index.commit(i as u64 + 1).unwrap();
            contents.insert(rec.id.clone(), content);
        }
        Fixture { _tmp: tmp, index, contents }
    }

    fn sort_fixture() -> Fixture {
        segmented(vec![
            sortable("f", Some(70), Some(0), Some(0), 50),
            sortable("e", None, None, None, 79),
            sortable("d", Some(90), Some(10), Some(-5), 80),
            sortable("c", None, Some(500), None, 79),
            sortable("b", Some(70), None, Some(1_800_000_000), 70),
            sortable("a", Some(90), Some(10), Some(1_700_000_000), 60),
        ])
    }

    fn sorted_ids(fx: &Fixture, q: &SearchQuery) -> Vec<String> {
        fx.search(q).hits.into_iter().map(|h| h.id).collect()
    }

    #[test]
    fn each_sort_order_puts_unknown_values_last_and_breaks_ties_by_relevance_then_id() {
        let fx = sort_fixture();
        // Empty query: the relevance is the starting score (a 60, b 70, c 79, d 80, e 79, f 50).
        let table: [(Sort, [&str; 6], &str); 4] = [
            (Sort::Relevance, ["d", "c", "e", "b", "a", "f"], "start score; c and e tie: id"),
            (
                Sort::Quality,
                ["d", "a", "b", "f", "c", "e"],
                "90, 90, 70, 70, then unread (c's decision alone is not shown)",
            ),
            (Sort::Stars, ["c", "d", "a", "f", "e", "b"], "500, 10, 10, 0 (known), then unknown by relevance"),
            (
                Sort::Freshness,
                ["b", "a", "f", "d", "c", "e"],
                "newest first, 1970 and before it still dated, undated last",
            ),
        ];
        for (sort, want, why) in table {
            let got = sorted_ids(&fx, &SearchQuery { sort, ..Default::default() });
            assert_eq!(got, want, "{sort:?}: {why}");
            assert_eq!(fx.search(&SearchQuery { sort, ..Default::default() }).total, 6);
        }
    }

    #[test]
    fn sorted_pages_continue_each_other() {
        let mut records = Vec::new();
        // Many ties on every key, across segments: only the id tells them apart.
        for i in 0..23u32 {
            let quality = (i % 3 != 0).then_some(60 + (i % 2) as u8 * 20);
            let stars = (i % 4 != 0).then_some(u64::from(i % 3));
            let last = (i % 5 != 0).then_some(1_700_000_000 + i64::from(i % 2));
            records.push(sortable(&format!("s{:02}", (i * 7) % 23), quality, stars, last, 50 + i % 2));
        }
        let fx = segmented(records);
        for sort in Sort::ALL {
            for text in ["", "skill"] {
                let all = sorted_ids(&fx, &SearchQuery { text: text.into(), sort, limit: 100, ..Default::default() });
                assert_eq!(all.len(), 23, "{sort:?} {text:?}");
                for page in [1, 2, 5, 7] {
                    let mut paged = Vec::new();
                    for offset in (0..30).step_by(page) {
                        let q = SearchQuery { text: text.into(), sort, limit: page, offset, ..Default::default() };
                        paged.extend(sorted_ids(&fx, &q));
                    }
                    assert_eq!(paged, all, "{sort:?} {text:?}, pages of {page}");
                }
                // The same query twice gives the same order.
                assert_eq!(
                    sorted_ids(&fx, &SearchQuery { text: text.into(), sort, limit: 100, ..Default::default() }),
                    all
                );
            }
        }
        // Equal on every key but the id: ascending id, whatever the insertion order.
        let same = |id: &str| {
            let mut rec = sortable(id, Some(80), Some(3), Some(1_700_000_000), 70);
            rec.name = Some("same".into());
            rec.description = Some("same".into());
            rec
        };
        let fx = segmented(vec![same("x3"), same("x1"), same("x2")]);
        for sort in Sort::ALL {
            for text in ["", "same"] {
                let q = SearchQuery { text: text.into(), sort, ..Default::default() };
                assert_eq!(sorted_ids(&fx, &q), vec!["x1", "x2", "x3"], "{sort:?} {text:?}");
            }
        }
    }

    #[test]
    fn id_order_orders_as_the_ids_do() {
        let mut hex: Vec<String> = (0..200u64)
            .map(|i| format!("{:016x}", i.wrapping_mul(0x9e37_79b9_7f4a_7c15)))
            .chain((0..50).map(|i| record(&i.to_string(), &format!("n{i}"), "", Status::Published).source.skill_id()))
            .collect();
        hex.extend(["0000000000000000", "ffffffffffffffff", "0fffffffffffffff", "f000000000000000"].map(String::from));
        let hex: Vec<&str> = hex.iter().map(String::as_str).collect();
        let short = vec!["", "a", "a0", "ab", "b", "s00", "s01", "s10", "x1", "zzzzzzzz"];
        for ids in [hex, short] {
            for a in &ids {
                for b in &ids {
                    assert_eq!(id_order(a).cmp(&id_order(b)), a.cmp(b), "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn a_sort_keeps_the_text_query_and_ranks_its_ties_by_relevance() {
        let strong = sortable("strong", None, Some(7), None, 50);
        let mut strong = strong;
        strong.name = Some("kubernetes-kubernetes".into());
        strong.description = Some("Kubernetes deploys on Kubernetes clusters".into());
        let mut weak = sortable("weak", None, Some(7), None, 90);
        weak.description = Some("Mentions kubernetes once among many other words about other things".into());
        let mut starry = sortable("starry", None, Some(9_000), None, 10);
        starry.description = Some("A kubernetes helper".into());
        let unrelated = sortable("unrelated", None, Some(100_000), None, 99);
        let fx = segmented(vec![weak, unrelated, strong, starry]);
        let by_stars =
            sorted_ids(&fx, &SearchQuery { text: "kubernetes".into(), sort: Sort::Stars, ..Default::default() });
        assert_eq!(by_stars, vec!["starry", "strong", "weak"], "only matches; 7-star tie by relevance");
        let r = fx.search(&SearchQuery { text: "kubernetes".into(), sort: Sort::Stars, ..Default::default() });
        assert!(r.hits[1].relevance > r.hits[2].relevance, "{:?}", r.hits);
        assert_eq!(r.total, 3);
    }

    /// A card naming these tools (as written) and this level.
    fn with_tools(mut rec: SkillRecord, tools: &[&str], level: &str) -> SkillRecord {
        rec.card = Some(serde_json::json!({
            "en": { "summary": "s" }, "fr": { "summary": "s" },
            "category": "misc", "tags": [], "compatible_tools": tools, "level": level,
        }));
        rec
    }

    fn tools_fixture() -> Fixture {
        let rec = |id: &str| record(id, &format!("tool-{id}"), "A helper for agents", Status::Published);
        Fixture::new(vec![
            item(with_tools(rec("t1"), &["Claude Code", "Cursor", "GitHub Copilot"], "Beginner"), ""),
            item(with_tools(rec("t2"), &["claude code", "claude  Code"], "advanced"), ""),
            item(with_tools(rec("t3"), &["CLAUDE CODE", "Codex", "Github Copilot"], "beginner"), ""),
            item(with_tools(rec("t4"), &["Claude Code"], "intermediate"), ""),
            item(rec("t5"), ""),
        ])
    }

    #[test]
    fn filters_by_tool_and_level_case_insensitively() {
        let fx = tools_fixture();
        let ids = |tool: Option<&str>, level: Option<&str>| {
            let q = SearchQuery { tool: tool.map(Into::into), level: level.map(Into::into), ..Default::default() };
            let mut ids = sorted_ids(&fx, &q);
            ids.sort();
            ids
        };
        let table: [(Option<&str>, Option<&str>, &[&str]); 11] = [
            (None, None, &["t1", "t2", "t3", "t4", "t5"]),
            (Some("claude code"), None, &["t1", "t2", "t3", "t4"]),
            (Some(" Claude   CODE "), None, &["t1", "t2", "t3", "t4"]),
            (Some("cursor"), None, &["t1"]),
            (Some("github copilot"), None, &["t1", "t3"]),
            (Some("claude"), None, &[]),
            (Some("   "), None, &[]),
            (None, Some("BEGINNER"), &["t1", "t3"]),
            (None, Some("expert"), &[]),
            (Some("Claude Code"), Some("advanced"), &["t2"]),
            (Some("codex"), Some("advanced"), &[]),
        ];
        for (tool, level, want) in table {
            assert_eq!(ids(tool, level), want, "tool {tool:?}, level {level:?}");
        }
    }

    #[test]
    fn tool_and_level_facets_count_every_match() {
        let fx = tools_fixture();
        let r = fx.search(&SearchQuery { limit: 1, ..Default::default() });
        assert_eq!(r.total, 5);
        // Counted case-insensitively, shown as most cards write them; a tie
        // of spellings goes to the first in byte order.
        assert_eq!(
            r.facets.tools,
            vec![
                ("Claude Code".to_owned(), 4),
                ("GitHub Copilot".to_owned(), 2),
                ("Codex".to_owned(), 1),
                ("Cursor".to_owned(), 1),
            ]
        );
        assert_eq!(
            r.facets.level,
            vec![("beginner".to_owned(), 2), ("advanced".to_owned(), 1), ("intermediate".to_owned(), 1)]
        );
        // With filters, over the filtered matches only.
        let cursor = fx.search(&SearchQuery { tool: Some("CURSOR".into()), ..Default::default() });
        assert_eq!(
            cursor.facets.tools,
            vec![("Claude Code".to_owned(), 1), ("Cursor".to_owned(), 1), ("GitHub Copilot".to_owned(), 1)]
        );
        assert_eq!(cursor.facets.level, vec![("beginner".to_owned(), 1)]);
        let none = fx.search(&SearchQuery { facets: false, ..Default::default() });
        assert!(none.facets.tools.is_empty() && none.facets.level.is_empty());
        // The tools stay searchable words.
        assert_eq!(fx.ids("codex"), vec!["t3"]);
    }

    #[test]
    fn search_query_json_keeps_old_shapes_and_names_the_sort() {
        let old: SearchQuery = serde_json::from_str(r#"{"text":"pdf","category":"documents","limit":5}"#).unwrap();
        assert_eq!(old.sort, Sort::Relevance);
        assert_eq!((old.tool.as_deref(), old.level.as_deref()), (None, None));
        assert_eq!(old.limit, 5);
        let new: SearchQuery =
            serde_json::from_str(r#"{"text":"","tool":"Cursor","level":"beginner","sort":"freshness"}"#).unwrap();
        assert_eq!(
            (new.tool.as_deref(), new.level.as_deref(), new.sort),
            (Some("Cursor"), Some("beginner"), Sort::Freshness)
        );
        assert!(serde_json::from_str::<SearchQuery>(r#"{"sort":"popularity"}"#).is_err());
        for sort in Sort::ALL {
            let json = serde_json::to_value(sort).unwrap();
            assert_eq!(json, serde_json::Value::String(sort.as_str().to_owned()));
            assert_eq!(sort.as_str().parse::<Sort>(), Ok(sort));
        }
        assert!("Stars".parse::<Sort>().is_err());
        let v = serde_json::to_value(SearchQuery::default()).unwrap();
        assert_eq!((v["sort"].as_str(), v["tool"].is_null(), v["level"].is_null()), (Some("relevance"), true, true));
        let facets = serde_json::to_value(Facets {
            tools: vec![("Claude Code".into(), 2)],
            level: vec![("beginner".into(), 1)],
            ..Default::default()
        })
        .unwrap();
        assert_eq!(facets["tools"], serde_json::json!([["Claude Code", 2]]));
        assert_eq!(facets["level"], serde_json::json!([["beginner", 1]]));
    }

    /// An index as schema version 1 wrote it (before the sort fields and
    /// the tool and level facets), holding `ids`, committed at `generation`.
    fn write_v1_index(dir: &Path, ids: &[&str], generation: u64) {
        let mut b = Schema::builder();
        let text = |stored: bool| {
            let indexing = TextFieldIndexing::default()
                .set_tokenizer(EN_ANALYZER)
                .set_index_option(IndexRecordOption::WithFreqsAndPositions);
            let opts = TextOptions::default().set_indexing_options(indexing);
            if stored {
                opts.set_stored()
            } else {
                opts
            }
        };
        let id = b.add_text_field("id", STRING | STORED);
        let name = b.add_text_field("name", text(false));
        b.add_text_field("title", text(false));
        b.add_text_field("description", text(true));
        for field in ["description_fr", "content", "card", "card_fr", "keywords"] {
            b.add_text_field(field, text(false));
        }
        for field in ["status", "safety", "category", "tags"] {
            b.add_facet_field(field, FacetOptions::default());
        }
        let tools = b.add_text_field("tools", STRING);
        b.add_text_field("level", STRING);
        for field in ["quality", "start_score", "rank"] {
            b.add_u64_field(field, FAST);
        }
        b.add_bool_field("verified", INDEXED | FAST);
        b.add_bool_field("is_copy", INDEXED | FAST);
        std::fs::create_dir_all(dir).unwrap();
        let index = Index::create_in_dir(dir, b.build()).unwrap();
        register_analyzers(&index);
        let mut writer: tantivy::IndexWriter = index.writer_with_num_threads(1, 20_000_000).unwrap();
        for i in ids {
            let mut doc = TantivyDocument::new();
            doc.add_text(id, *i);
            doc.add_text(name, "old");
            doc.add_text(tools, "claude code");
            writer.add_document(doc).unwrap();
        }
        let mut prepared = writer.prepare_commit().unwrap();
        prepared.set_payload(&generation.to_string());
        prepared.commit().unwrap();
        std::fs::write(dir.join(VERSION_FILE), "1\n").unwrap();
    }

    #[test]
    fn an_index_of_the_previous_schema_is_rebuilt_from_the_store_and_sorts() {
        // Version 1 is the oldest layout (no sort fields, no listing): an
        // index of any older version is wiped and rebuilt the same way.
        const { assert!(INDEX_SCHEMA_VERSION > 1, "this test writes version 1") };
        let tmp = tempfile::tempdir().unwrap();
        // On its own: the old index is wiped, with the reason.
        let alone = tmp.path().join("alone");
        write_v1_index(&alone, &["x"], 1);
        let (index, state) = SearchIndex::open(&alone).unwrap();
        match state {
            OpenState::NeedsRebuild { reason } => assert!(reason.contains("version \"1\""), "{reason}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(index.num_docs(), 0);
        drop(index);

        // In a catalog whose index is current by generation but of the old
        // schema: the catalog rebuilds it from the store on open.
        let data = tmp.path().join("data");
        let records = [
            sortable("a", Some(60), Some(5), Some(100), 70),
            sortable("b", Some(95), None, Some(300), 70),
            sortable("c", None, Some(50), None, 70),
        ];
        let generation = {
            let store = crate::store::Store::open(&data.join("store")).unwrap();
            let mut generation = 0;
            for (i, rec) in records.iter().enumerate() {
                let mut rec = rec.clone();
                rec.sha256 = format!("{i:064}");
                generation = store.put(&rec, Some(format!("body of {}", rec.id).as_bytes())).unwrap();
            }
            store.flush().unwrap();
            generation
        };
        write_v1_index(&data.join("index"), &["a", "stale"], generation);
        let notes = std::sync::Mutex::new(Vec::new());
        let progress = |p: crate::progress::Progress| {
            if let crate::progress::Progress::Note { message } = p {
                notes.lock().unwrap().push(message);
            }
        };
        let catalog = crate::Catalog::open(&data, &progress).unwrap();
        let notes = notes.into_inner().unwrap();
        assert!(notes.iter().any(|n| n.contains("rebuilding") && n.contains("version")), "{notes:?}");
        assert_eq!(catalog.index().num_docs(), 3, "the store's skills, not the old index's");
        let order = |sort: Sort| -> Vec<String> {
            let r = catalog.search(&SearchQuery { sort, ..Default::default() }).unwrap();
            r.hits.into_iter().map(|h| h.id).collect()
        };
        assert_eq!(order(Sort::Stars), vec!["c", "a", "b"]);
        assert_eq!(order(Sort::Quality), vec!["b", "a", "c"]);
        assert_eq!(order(Sort::Freshness), vec!["b", "a", "c"]);
        drop(catalog);
        let again = crate::Catalog::open(&data, &|_| {}).unwrap();
        assert_eq!(again.index().num_docs(), 3);
        assert_eq!(
            read_version_file(&data.join("index")).unwrap().as_deref(),
            Some(format!("{INDEX_SCHEMA_VERSION}\n").as_str())
        );
        // The rebuilt documents show their skills as the store has them.
        let hits = again.search(&SearchQuery::default()).unwrap().hits;
        for hit in hits {
            let record = again.store().get(&hit.id).unwrap().unwrap();
            assert_eq!(hit.listing, crate::entry::Listing::of(&record));
        }
    }

    #[test]
    fn published_ahead_at_equal_text() {
        let text = "Convert spreadsheets to charts";
        let fx = Fixture::new(vec![
            item(record("r", "sheet-charts", text, Status::Rejected), "same body"),
            item(record("p", "sheet-charts", text, Status::Pending), "same body"),
            item(record("u", "sheet-charts", text, Status::Unverified), "same body"),
            item(record("v", "sheet-charts", text, Status::Published), "same body"),
        ]);
        assert_eq!(fx.ids("spreadsheets charts"), vec!["v", "u", "p", "r"]);
        // A much better match still beats the status.
        let fx = Fixture::new(vec![
            item(record("v", "other", "Something about charts", Status::Published), "x"),
            item(
                record("r", "spreadsheet-charts", "Spreadsheets to charts, spreadsheets", Status::Unverified),
                "spreadsheets",
            ),
        ]);
        assert_eq!(fx.ids("spreadsheets").first().map(String::as_str), Some("r"));
    }

    #[test]
    fn empty_query_lists_best_starting_score_first() {
        let mut low = record("low", "a", "alpha", Status::Published);
        low.score.total = 40;
        let mut high = record("high", "b", "beta", Status::Unverified);
        high.score.total = 90;
        let fx = Fixture::new(vec![item(low, ""), item(high, "")]);
        let r = fx.search(&SearchQuery::default());
        assert_eq!(r.hits.iter().map(|h| h.id.as_str()).collect::<Vec<_>>(), vec!["high", "low"]);
        assert_eq!(r.hits[0].relevance, 90.0);
        // Paging.
        let page = fx.search(&SearchQuery { offset: 1, limit: 1, ..Default::default() });
        assert_eq!(page.hits.iter().map(|h| h.id.as_str()).collect::<Vec<_>>(), vec!["low"]);
        assert_eq!(page.total, 2);
        let none = fx.search(&SearchQuery { limit: 0, ..Default::default() });
        assert!(none.hits.is_empty());
        assert_eq!(none.total, 2);
    }

    #[test]
    fn snippet_highlights_the_matched_word() {
        let fx = corpus();
        for (query, word) in
            [("helm", "Helm"), ("kubectl", "kubectl"), ("installing", "install"), ("kubctl", "kubectl")]
        {
            let r = fx.search(&SearchQuery { text: query.into(), ..Default::default() });
            let hit = r.hits.iter().find(|h| h.id == "k8s" || h.id == "inst").unwrap();
            let s = &hit.snippet;
            assert!(!s.highlights.is_empty(), "{query}: {s:?}");
            assert!(s.highlights.iter().any(|h| s.text.get(h.clone()) == Some(word)), "{query}: {s:?}");
        }
        // Without content, the description gives the snippet.
        let r = fx.index.search(&SearchQuery { text: "clusters".into(), ..Default::default() }, &|_| None).unwrap();
        let s = &r.hits[0].snippet;
        assert_eq!(s.highlights.iter().map(|h| &s.text[h.clone()]).collect::<Vec<_>>(), vec!["clusters"]);
    }

    #[test]
    fn upsert_replaces_and_delete_removes() {
        let mut fx = corpus();
        let n = fx.index.num_docs();
        let rec = record("k8s", "kube-deploy", "Now about Terraform", Status::Unverified);
        fx.index.upsert(&rec, "terraform plan").unwrap();
        fx.index.commit(2).unwrap();
        assert_eq!(fx.index.num_docs(), n);
        assert!(fx.ids("kubectl").is_empty());
        assert_eq!(fx.ids("terraform"), vec!["k8s"]);
        fx.index.delete("k8s").unwrap();
        fx.index.commit(3).unwrap();
        assert!(fx.ids("terraform").is_empty());
        assert_eq!(fx.index.num_docs(), n - 1);
        assert_eq!(fx.index.heap_per_thread, WRITER_HEAP_PER_THREAD);
        fx.index.delete_all().unwrap();
        // A rebuild follows a delete of everything: its writer is the leaner one.
        assert_eq!(fx.index.heap_per_thread, REBUILD_HEAP_PER_THREAD);
        fx.index.commit(4).unwrap();
        assert_eq!(fx.index.num_docs(), 0);
        assert_eq!(fx.index.generation(), 4);
        // After the merges are let finish, the next change opens a new writer.
        fx.index.finish_merges().unwrap();
        fx.index.upsert(&rec, "terraform apply").unwrap();
        fx.index.commit(5).unwrap();
        assert_eq!(fx.ids("terraform"), vec!["k8s"]);
        assert_eq!(fx.index.generation(), 5);
    }

    #[test]
    fn generation_round_trips_through_reopen() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("idx");
        {
            let (mut index, state) = SearchIndex::open(&dir).unwrap();
            assert!(matches!(state, OpenState::NeedsRebuild { .. }));
            assert_eq!(index.generation(), 0);
            index.upsert(&record("a", "alpha", "first", Status::Published), "alpha").unwrap();
            index.commit(42).unwrap();
            assert_eq!(index.generation(), 42);
        }
        let (index, state) = SearchIndex::open(&dir).unwrap();
        assert_eq!(state, OpenState::Ready { generation: 42 });
        assert_eq!(index.generation(), 42);
        assert_eq!(index.num_docs(), 1);
        // An existing, empty-but-valid index is Ready at generation 0.
        let dir2 = tmp.path().join("idx2");
        drop(SearchIndex::open(&dir2).unwrap());
        assert_eq!(SearchIndex::open(&dir2).unwrap().1, OpenState::Ready { generation: 0 });
    }

    #[test]
    fn corrupt_index_reopens_as_needs_rebuild() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("idx");
        {
            let (mut index, _) = SearchIndex::open(&dir).unwrap();
            index.upsert(&record("a", "alpha", "first", Status::Published), "alpha").unwrap();
            index.commit(7).unwrap();
        }
        let outside = tmp.path().join("keep.txt");
        std::fs::write(&outside, "not the index's").unwrap();
        std::fs::write(dir.join("meta.json"), "\u{0}garbage{{{").unwrap();
        let (mut index, state) = SearchIndex::open(&dir).unwrap();
        assert!(matches!(state, OpenState::NeedsRebuild { .. }), "{state:?}");
        assert_eq!(index.generation(), 0);
        assert_eq!(index.num_docs(), 0);
        assert!(outside.exists(), "nothing outside the folder is touched");
        index.upsert(&record("b", "beta", "second", Status::Published), "beta").unwrap();
        index.commit(8).unwrap();
        let contents: HashMap<String, String> = HashMap::new();
        let r = index.search(&SearchQuery { text: "beta".into(), ..Default::default() }, &|l: &Listing| {
            contents.get(&l.entry.id).cloned()
        });
        assert_eq!(r.unwrap().hits.len(), 1);
        drop(index);
        assert_eq!(SearchIndex::open(&dir).unwrap().1, OpenState::Ready { generation: 8 });
    }

    #[test]
    fn schema_version_mismatch_needs_rebuild() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("idx");
        {
            let (mut index, _) = SearchIndex::open(&dir).unwrap();
            index.upsert(&record("a", "alpha", "first", Status::Published), "alpha").unwrap();
            index.commit(3).unwrap();
        }
        std::fs::write(dir.join(VERSION_FILE), format!("{}\n", INDEX_SCHEMA_VERSION + 1)).unwrap();
        let (index, state) = SearchIndex::open(&dir).unwrap();
        match state {
            OpenState::NeedsRebuild { reason } => assert!(reason.contains("version"), "{reason}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(index.num_docs(), 0);
        drop(index);
        std::fs::remove_file(dir.join(VERSION_FILE)).unwrap();
        assert!(matches!(SearchIndex::open(&dir).unwrap().1, OpenState::NeedsRebuild { .. }));
    }

    #[test]
    fn empty_folder_needs_rebuild_and_foreign_folder_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let empty = tmp.path().join("empty");
        std::fs::create_dir(&empty).unwrap();
        assert!(matches!(SearchIndex::open(&empty).unwrap().1, OpenState::NeedsRebuild { .. }));
        let foreign = tmp.path().join("photos");
        std::fs::create_dir(&foreign).unwrap();
        std::fs::write(foreign.join("holiday.jpg"), "jpeg").unwrap();
        assert!(matches!(SearchIndex::open(&foreign), Err(IndexError::NotAnIndex(_))));
        assert!(foreign.join("holiday.jpg").exists());
    }

    #[test]
    fn hostile_queries_never_fail() {
        let fx = corpus();
        let long = "a".repeat(100_000);
        let many = "word ".repeat(5_000);
        let hostile = [
            "\"unclosed",
            "AND OR (",
            "(((((",
            ")))",
            "*",
            "?",
            "~",
            "^",
            "name:",
            ":",
            "::::",
            "+",
            "-",
            "-pdf",
            "NOT",
            "\"\"",
            "[a TO",
            "{}",
            "status:published",
            "quality:[80 TO 100]",
            "quality:>abc",
            "id:*",
            "pdf^1000000000",
            "pdf~3",
            "\u{0}",
            "\u{202e}pdf",
            "😀 emoji",
            "title:\"a b",
            "a AND",
            "OR b",
            "IN [",
            "content:\\",
            "\\",
            "'",
            "pdf AND -pdf",
            "+pdf -pdf",
            &long,
            &many,
            "null",
            "   ",
        ];
        for q in hostile {
            let r = fx.index.search(&SearchQuery { text: q.to_owned(), ..Default::default() }, &|_| Some("pdf".into()));
            assert!(r.is_ok(), "{:?}: {r:?}", truncate_chars(q, 30));
        }
        let r = fx.index.search(
            &SearchQuery { text: "pdf".into(), limit: usize::MAX, offset: usize::MAX, ..Default::default() },
            &|_| None,
        );
        assert!(r.is_ok());
    }

    /// Index size against the raw text, over the shared corpus of real
    /// SKILL.md files (repeated `SKILLS_GUIDE_INDEX_COPIES` times, default 1,
    /// to reach larger counts). Run with
    /// `cargo test --release -p skills-guide-catalog measure_index_size -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn measure_index_size() {
        let corpus = std::env::var_os("SKILLS_GUIDE_CORPUS")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"));
        let mut files = Vec::new();
        let mut stack = vec![corpus.join("skills")];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let path = e.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.file_name().is_some_and(|n| n == "SKILL.md") {
                    files.push(path);
                }
            }
        }
        if files.is_empty() {
            eprintln!("skipping: no corpus at {}", corpus.display());
            return;
        }
        let copies: usize = std::env::var("SKILLS_GUIDE_INDEX_COPIES").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
        let texts: Vec<String> =
            files.iter().map(|p| String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned()).collect();
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("index");
        let (mut index, _) = SearchIndex::open(&dir).unwrap();
        let started = std::time::Instant::now();
        let mut raw = 0u64;
        let mut n = 0u64;
        for copy in 0..copies {
            for (i, text) in texts.iter().enumerate() {
                let parsed = skills_guide_engine::parse::parse(text);
                let mut rec = record(
                    &format!("{copy}-{i}"),
                    parsed.name.as_deref().unwrap_or("skill"),
                    parsed.description.as_deref().unwrap_or(""),
                    Status::Published,
                );
                rec.name = parsed.name.clone();
                rec.description = parsed.description.clone();
                // Made-up values for the sort orders, some unknown.
                let k = (copy * texts.len() + i) as u64;
                rec.facts.stars = (!k.is_multiple_of(7)).then_some(k.wrapping_mul(2_654_435_761) % 20_000);
                rec.facts.last_commit_unix =
                    (!k.is_multiple_of(5)).then_some(1_600_000_000 + (k * 7_919 % 100_000_000) as i64);
                if !k.is_multiple_of(3) {
                    rec.audit = sortable("q", Some((k % 101) as u8), None, None, 0).audit;
                    rec.decision.quality = Some((k % 101) as u8);
                }
                index.upsert(&rec, text).unwrap();
                raw += text.len() as u64;
                n += 1;
            }
        }
        index.commit(1).unwrap();
        let segments = index.num_segments();
        index.finish_merges().unwrap();
        eprintln!("segments: {segments} after commit, {} after merges", index.num_segments());
        let indexing = started.elapsed();
        let size: u64 = walk_size(&dir);
        let started = std::time::Instant::now();
        let searches = [
            "pdf",
            "kubernets deploy",
            "installing python packages",
            "git commit message",
            "\"code review\"",
            "kuberntes deploymnet",
            "pyhton packgaes",
            "kuberntes deploymnet",
            "pyhton packgaes",
        ];
        for text in searches {
            let one = std::time::Instant::now();
            let q = SearchQuery { text: text.into(), ..Default::default() };
            let r = index.search(&q, &|_| None).unwrap();
            assert!(r.total > 0, "{text}");
            eprintln!("{text:?}: {} matches in {:.1?}", r.total, one.elapsed());
        }
        let one = std::time::Instant::now();
        let r = index.search(&SearchQuery::default(), &|_| None).unwrap();
        eprintln!("empty query: {} matches in {:.1?}", r.total, one.elapsed());
        for sort in Sort::ALL {
            for (text, offset) in [("", 0), ("", 5_000), ("pdf", 0), ("kuberntes deploymnet", 0)] {
                let q = SearchQuery { text: text.into(), sort, offset, facets: false, ..Default::default() };
                let _ = index.search(&q, &|_| None).unwrap(); // warm-up
                let one = std::time::Instant::now();
                let r = index.search(&q, &|_| None).unwrap();
                eprintln!("sort {sort:?}, {text:?} from {offset}: {} matches in {:.1?}", r.total, one.elapsed());
            }
        }
        let per_search = started.elapsed() / searches.len() as u32;
        eprintln!(
            "{n} docs, raw text {:.1} MB, index {:.1} MB ({:.2}x raw), indexing {:.1?}, search {per_search:.1?} each",
            raw as f64 / 1e6,
            size as f64 / 1e6,
            size as f64 / raw as f64,
            indexing
        );
    }

    fn walk_size(dir: &Path) -> u64 {
        std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| match e.metadata() {
                        Ok(m) if m.is_dir() => walk_size(&e.path()),
                        Ok(m) => m.len(),
                        Err(_) => 0,
                    })
                    .sum()
            })
            .unwrap_or(0)
    }

    #[test]
    fn a_short_term_is_found_at_a_word_start_not_inside_words() {
        let long = format!("{} the -p flag sets the port {}", "description paper ".repeat(200), "x".repeat(5000));
        let at = first_occurrence(&long.to_ascii_lowercase(), "p").unwrap();
        assert_eq!(&long[at..at + 7], "paper d", "the first word starting with p");
        let text = format!("{}and a p here{}", "xyzzy ".repeat(1000), " more".repeat(1000));
        let w = snippet_window(&text, &["p".to_owned()]);
        assert!(w.contains("a p here"), "the window holds the word");
        assert_eq!(first_occurrence("kubernetes", "bern"), Some(2), "a stem may start anywhere");
        assert_eq!(first_occurrence("abc", "b"), None);
    }

    #[test]
    fn a_read_only_view_sees_each_commit_and_refuses_changes() {
        let tmp = tempfile::tempdir().unwrap();
        let (mut index, _) = SearchIndex::open(tmp.path()).unwrap();
        let view = index.read_only_view();
        let names = |i: &SearchIndex| -> Vec<String> {
            let q = SearchQuery { text: "kettle".into(), ..Default::default() };
            i.search(&q, &|_| None).unwrap().hits.into_iter().map(|h| h.id).collect()
        };
        index.upsert(&record("k1", "kettle-one", "Boils a kettle.", Status::Unverified), "kettle").unwrap();
        assert!(names(&view).is_empty(), "nothing before the commit");
        index.commit(1).unwrap();
        assert_eq!(names(&view), vec!["k1"], "the view sees the writer's commit");
        let mut view = view;
        let refused = view.upsert(&record("k2", "kettle-two", "Boils.", Status::Unverified), "kettle");
        assert!(matches!(refused, Err(IndexError::ReadOnly)), "{refused:?}");
        // The writer still holds tantivy's lock alone, and goes on.
        index.upsert(&record("k3", "kettle-three", "Boils a kettle too.", Status::Unverified), "kettle").unwrap();
        index.commit(2).unwrap();
        assert_eq!(names(&view).len(), 2);
    }

    #[test]
    fn snippet_window_cuts_around_the_first_literal_term() {
        let long = format!("{}Kubernetes deploy here{}", "é filler ".repeat(600), " tail".repeat(600));
        let w = snippet_window(&long, &["kubernet".to_owned()]);
        assert!(w.len() <= SNIPPET_WINDOW_BYTES && w.contains("Kubernetes deploy"), "{w}");
        let none = snippet_window(&long, &["absent".to_owned()]);
        assert!(long.starts_with(none));
        assert_eq!(snippet_window("short text", &["x".to_owned()]), "short text");
        for cut in 0..40 {
            let t = format!("{}{}", "é".repeat(1_100 + cut), "pdf");
            let _ = snippet_window(&t, &["pdf".to_owned()]);
        }
    }
}
