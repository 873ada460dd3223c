//! `sync`, `list`, `search`, `show`: the catalog commands. Each opens the
//! catalog, asks the engine, and prints the contract's JSON or a readable view.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use skills_guide_catalog::entry::{Entry, ShowEntry};
use skills_guide_catalog::index::{SearchQuery, Sort};
use skills_guide_catalog::progress::Cancel;
use skills_guide_catalog::publisher::{self, Publisher};
use skills_guide_catalog::record::{SkillFile, SkillRecord};
use skills_guide_catalog::snapshot::keys;
use skills_guide_catalog::sync::{Source, SyncOptions, SyncSummary};
use skills_guide_catalog::verify::VerifySummary;
use skills_guide_catalog::{default_data_dir, Catalog};
use skills_guide_engine::decide::{Safety, Status};
use skills_guide_engine::folder::FileState;
use skills_guide_engine::scan::SKILL_FILE_NAME;

use crate::fmt::{safe, write_score};
use crate::progress_view::ProgressView;

/// A command line that names something that does not exist (a status, a
/// rating, a source): bad usage, exit status 2 as the contract says.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

pub fn data_dir(given: Option<PathBuf>) -> anyhow::Result<PathBuf> {
    given.or_else(default_data_dir).context("no data folder: pass --data-dir DIR or set SKILLS_GUIDE_DATA_DIR")
}

pub fn open(data_dir: &Path, view: &ProgressView) -> anyhow::Result<Catalog> {
    let on_event = |p| view.event(p);
    let catalog = Catalog::open(data_dir, &on_event)
        .with_context(|| format!("cannot open the catalog in {}", data_dir.display()))?;
    Ok(catalog)
}

pub fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

pub fn print_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    let mut out = stdout();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}

/// `sync`'s flags.
pub struct SyncFlags {
    pub from: Vec<String>,
    pub no_llm: bool,
    pub no_git: bool,
    pub limit: Option<usize>,
    /// Seconds after which no new work starts (`--max-time`).
    pub max_time: Option<u64>,
    /// The snapshot publisher's public key (else `SKILLS_GUIDE_SNAPSHOT_PUBKEY`).
    pub snapshot_key: Option<String>,
    pub allow_rollback: bool,
}

pub fn sync(data_dir: &Path, flags: SyncFlags, json: bool) -> anyhow::Result<()> {
    let SyncFlags { from, no_llm, no_git, limit, max_time, mut snapshot_key, allow_rollback } = flags;
    let env = |name: &str| std::env::var(name).ok();
    let sources: Vec<Source> = if from.is_empty() {
        match default_catalog(&env, snapshot_key.as_deref())? {
            Some((publisher, key_id)) => {
                eprintln!(
                    "syncing the verified catalog from {} (publisher key {key_id}); give --from to choose sources",
                    safe(&publisher.address, 200)
                );
                snapshot_key.get_or_insert(publisher.public_key.clone());
                vec![Source::Snapshot(publisher.address)]
            }
            None => Source::public(),
        }
    } else {
        from.iter().map(|s| Source::parse(s)).collect::<Result<_, _>>().map_err(UsageError)?
    };
    if snapshot_key.is_none() {
        snapshot_key = built_in_key_for(&sources, &env)?;
    }
    // Read the model's configuration first: a broken one fails before any work.
    let client = if no_llm { None } else { crate::verify_cmd::model_client()? };
    let view = ProgressView::new(json);
    let mut catalog = open(data_dir, &view)?;
    let mut opts = SyncOptions { use_git: !no_git, limit, cancel: Cancel::default(), ..SyncOptions::default() };
    opts.snapshot.key = snapshot_key;
    opts.snapshot.allow_rollback = allow_rollback;
    let deadline = crate::deadline::Deadline::start(&opts.cancel, max_time);
    let on_event = |p| view.event(p);
    let result = catalog.sync_and_read(&sources, &opts, client.as_ref(), &on_event);
    view.finish();
    let (sync, readings) = result.map_err(with_flag_hint)?;
    let report = SyncReport {
        readings_skipped: readings.is_none().then_some(skipped_reason(no_llm)),
        stopped_at_max_time: deadline.passed(),
        sync,
        readings,
    };
    if json {
        print_json(&report)?;
    } else {
        print_summary(&report)?;
    }
    report.readings.as_ref().map(crate::verify_cmd::stopped).unwrap_or(Ok(()))
}

/// What a `sync` with no `--from` takes when there is no GitHub token to
/// crawl with: the default publisher's verified catalog (unless
/// `SKILLS_GUIDE_CATALOG=off`), with the key given, else the built-in one;
/// and that key's id, for the line that says so.
fn default_catalog(
    env: &dyn Fn(&str) -> Option<String>,
    given_key: Option<&str>,
) -> anyhow::Result<Option<(Publisher, String)>> {
    // Whoever has a token crawls the public sources themselves, as before.
    if env("GITHUB_TOKEN").is_some_and(|t| !t.trim().is_empty()) {
        return Ok(None);
    }
    let Some(publisher) = publisher::default_publisher(env).map_err(anyhow::Error::msg)? else {
        return Ok(None);
    };
    let key_id = match given_key {
        Some(key) => keys::key_id(&keys::public_key(key)?),
        None => publisher.key_id.clone(),
    };
    Ok(Some((publisher, key_id)))
}

/// With no key given: the built-in key, when every snapshot source named is
/// the default publication (a source elsewhere still needs its own key).
fn built_in_key_for(sources: &[Source], env: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<Option<String>> {
    let mut key = None;
    for source in sources {
        if let Source::Snapshot(address) = source {
            match publisher::key_for(address, env).map_err(anyhow::Error::msg)? {
                Some(p) => key = Some(p.public_key),
                None => return Ok(None),
            }
        }
    }
    Ok(key)
}

/// A snapshot refused for want of a key or for its age: say which flag helps.
fn with_flag_hint(e: skills_guide_catalog::CatalogError) -> anyhow::Error {
    use skills_guide_catalog::snapshot::SnapshotError;
    use skills_guide_catalog::CatalogError;
    match &e {
        CatalogError::Snapshot(SnapshotError::NoKey) => {
            anyhow::anyhow!("{e} (pass --snapshot-key KEY or set SKILLS_GUIDE_SNAPSHOT_PUBKEY)")
        }
        CatalogError::Snapshot(SnapshotError::Rollback { .. }) => {
            anyhow::anyhow!("{e} (--allow-rollback takes it anyway)")
        }
        _ => e.into(),
    }
}

/// `sync --json`: the sync's summary, and the readings step's.
#[derive(serde::Serialize)]
struct SyncReport {
    #[serde(flatten)]
    sync: SyncSummary,
    readings: Option<VerifySummary>,
    /// Why the model did not read anything, when it did not.
    readings_skipped: Option<&'static str>,
    /// `--max-time` ran out: the rest waits for the next sync.
    stopped_at_max_time: bool,
}

fn skipped_reason(no_llm: bool) -> &'static str {
    if no_llm {
        "--no-llm: skills stay unverified"
    } else {
        "no model configured (SKILLS_GUIDE_LLM_URL, SKILLS_GUIDE_LLM_KEY or DEEPSEEK_API_KEY): skills stay unverified"
    }
}

fn print_summary(report: &SyncReport) -> anyhow::Result<()> {
    let s = &report.sync;
    let mut out = stdout();
    writeln!(out, "sync from {}", s.sources.join(", "))?;
    writeln!(
        out,
        "  {} file(s) found: {} new skill(s), {} new version(s), {} unchanged, {} error(s){}",
        s.discovered,
        s.new_skills,
        s.new_versions,
        s.unchanged,
        s.errors.len(),
        if s.not_reached > 0 { format!(", {} left for later", s.not_reached) } else { String::new() }
    )?;
    writeln!(out, "  {} excluded (starting score under 35), {} copy marking(s) changed", s.excluded, s.copies_marked)?;
    if s.stopped_at_limit {
        writeln!(out, "  stopped at --limit")?;
    }
    if report.stopped_at_max_time {
        writeln!(out, "  stopped at --max-time: the rest waits for the next sync")?;
    } else if s.cancelled {
        writeln!(out, "  cancelled")?;
    }
    for why in &s.skipped {
        writeln!(out, "  skipped: {}", safe(why, 300))?;
    }
    if let Some(g) = &s.github {
        writeln!(
            out,
            "  GitHub: {} request(s), {} answered 304 (nothing downloaded), {} file(s) downloaded, {} retr(ies), {} rate-limit wait(s)",
            g.requests, g.not_modified, g.raw_downloads, g.retries, g.rate_waits
        )?;
    }
    for snap in &s.snapshots {
        if snap.up_to_date {
            writeln!(
                out,
                "  snapshot {} (key {}): publication {} applied already, nothing to do ({} request(s))",
                safe(&snap.address, 200),
                snap.key_id,
                snap.sequence,
                snap.requests
            )?;
        } else {
            writeln!(
                out,
                "  snapshot {} (key {}): publication {}{}, {} skill(s); {} record(s) downloaded, {} from an earlier try; \
                 {} applied, {} removed, {} left to your own skill; {} request(s), {} bytes",
                safe(&snap.address, 200), snap.key_id, snap.sequence,
                if snap.rolled_back { " (an older one, as asked)" } else { "" },
                snap.entries, snap.records_fetched, snap.records_from_cache, snap.applied, snap.removed,
                snap.kept_local, snap.requests, snap.bytes
            )?;
            if !snap.plan.is_empty() {
                writeln!(
                    out,
                    "    {} ({} pack(s) downloaded, {} from an earlier try)",
                    safe(&snap.plan, 300),
                    snap.packs_fetched,
                    snap.packs_from_cache
                )?;
            }
        }
    }
    for e in s.errors.iter().take(50) {
        writeln!(out, "  error: {}: {}", safe(&e.path, 200), safe(&e.reason, 200))?;
    }
    if s.errors.len() > 50 {
        writeln!(out, "  … and {} more error(s) (see --json)", s.errors.len() - 50)?;
    }
    match (&report.readings, report.readings_skipped) {
        (Some(readings), _) => crate::verify_cmd::print_readings(&mut out, readings)?,
        (None, Some(why)) => writeln!(out, "  model readings: none ({why})")?,
        (None, None) => {}
    }
    writeln!(out, "  catalog: {} skill(s)", s.catalog_size)?;
    out.flush()?;
    Ok(())
}

pub fn parse_status(s: &str) -> anyhow::Result<Status> {
    Ok(s.parse().map_err(UsageError)?)
}

pub fn parse_safety(s: &str) -> anyhow::Result<Safety> {
    Ok(s.parse().map_err(UsageError)?)
}

pub fn parse_sort(s: &str) -> anyhow::Result<Sort> {
    Ok(s.parse().map_err(UsageError)?)
}

fn badge(e: &Entry) -> String {
    let mut s = e.status.as_str().to_owned();
    if e.verified {
        s = format!("verified, {}", s);
    }
    if let Some(safety) = e.safety {
        s.push_str(&format!(", {}", safety.as_str()));
    }
    if let Some(q) = e.quality {
        s.push_str(&format!(", quality {q}"));
    }
    if let Some(k) = &e.copy_of {
        s.push_str(&format!(", copy of {k}"));
    }
    s
}

pub fn list(data_dir: &Path, status: Option<&str>, json: bool) -> anyhow::Result<()> {
    let status = status.map(parse_status).transpose()?;
    let view = ProgressView::new(json);
    let catalog = open(data_dir, &view)?;
    view.finish();
    let records = catalog.list(status)?;
    if json {
        return print_json(&records.iter().map(Entry::of).collect::<Vec<_>>());
    }
    let mut out = stdout();
    for r in &records {
        writeln!(
            out,
            "{}  {:>3}  {:<40}  {}",
            r.id,
            r.score.total,
            safe(r.name.as_deref().unwrap_or("(no name)"), 40),
            badge(&Entry::of(r))
        )?;
    }
    writeln!(out, "{} skill(s)", records.len())?;
    out.flush()?;
    Ok(())
}

/// The `search` command's filters and order, as typed.
pub struct SearchFlags {
    pub status: Option<String>,
    pub safety: Option<String>,
    pub category: Option<String>,
    pub tag: Option<String>,
    pub tool: Option<String>,
    pub level: Option<String>,
    pub sort: Option<String>,
    pub limit: usize,
}

pub fn search(data_dir: &Path, query: &str, flags: SearchFlags, json: bool) -> anyhow::Result<()> {
    // Bad values are refused before the catalog is opened.
    let q = SearchQuery {
        text: query.to_owned(),
        status: flags.status.as_deref().map(parse_status).transpose()?.into_iter().collect(),
        safety: flags.safety.as_deref().map(parse_safety).transpose()?,
        category: flags.category,
        tag: flags.tag,
        tool: flags.tool,
        level: flags.level,
        sort: flags.sort.as_deref().map(parse_sort).transpose()?.unwrap_or_default(),
        include_copies: false,
        limit: flags.limit,
        offset: 0,
        facets: false, // the command prints no facets
    };
    let view = ProgressView::new(json);
    let catalog = open(data_dir, &view)?;
    view.finish();
    let results = catalog.search(&q)?;
    if json {
        return print_json(&results.hits.iter().map(|h| &h.listing.entry).collect::<Vec<_>>());
    }
    let bold = io::stdout().is_terminal();
    let mut out = stdout();
    for hit in &results.hits {
        let e = &hit.listing.entry;
        writeln!(out, "{}  {}  [{}]", e.id, safe(e.name.as_deref().unwrap_or("(no name)"), 60), badge(e))?;
        if let Some(d) = e.description.as_deref() {
            writeln!(out, "    {}", safe(d, 140))?;
        }
        let snippet = highlight(&hit.snippet.text, &hit.snippet.highlights, bold);
        if !snippet.trim().is_empty() {
            writeln!(out, "    … {} …", snippet)?;
        }
    }
    writeln!(out, "{} of {} match(es)", results.hits.len(), results.total)?;
    out.flush()?;
    Ok(())
}

/// The snippet on one line, escaped, with its highlights in bold (on a
/// terminal) or between « » (elsewhere).
fn highlight(text: &str, ranges: &[std::ops::Range<usize>], bold: bool) -> String {
    let (open, close) = if bold { ("\u{1b}[1m", "\u{1b}[0m") } else { ("«", "»") };
    let mut out = String::new();
    let mut at = 0;
    for r in ranges {
        if r.start < at || r.end > text.len() || !text.is_char_boundary(r.start) || !text.is_char_boundary(r.end) {
            continue;
        }
        out.push_str(&safe(&text[at..r.start], 400));
        out.push_str(open);
        out.push_str(&safe(&text[r.start..r.end], 100));
        out.push_str(close);
        at = r.end;
    }
    out.push_str(&safe(&text[at.min(text.len())..], 400));
    out
}

/// The fixed-rule findings, one line each with line number and excerpt.
pub fn write_findings(out: &mut impl Write, r: &SkillRecord) -> io::Result<()> {
    if r.findings.is_empty() {
        return writeln!(out, "automatic checks (fixed rules): nothing found");
    }
    writeln!(out, "automatic checks (fixed rules):")?;
    for f in &r.findings {
        // The file first when it is not SKILL.md (a script of the folder).
        let place = match (&f.file, f.line) {
            (None, line) => format!("line {line:>5}"),
            (Some(file), 0) => safe(file, 120),
            (Some(file), line) => format!("{}:{line}", safe(file, 120)),
        };
        writeln!(out, "  {place}  {:<24} {}", f.rule.as_str(), safe(&f.excerpt, 160))?;
    }
    Ok(())
}

/// The model's card in one language, its audit passes and the reading that
/// produced them (R-LLM-3..7).
fn write_card(out: &mut impl Write, r: &SkillRecord, fr: bool) -> io::Result<()> {
    let lang = if fr { "fr" } else { "en" };
    let text = r.card.as_ref().and_then(|c| c.get(lang));
    let list = |key: &str| -> Vec<String> {
        text.and_then(|t| t.get(key))
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str())
            .map(|s| safe(s, 300))
            .collect()
    };
    if let Some(summary) = text.and_then(|t| t.get("summary")).and_then(|v| v.as_str()) {
        writeln!(out)?;
        writeln!(out, "{}", safe(summary, 1_000))?;
    }
    let sections: [(&str, &str, &str); 5] = [
        ("strengths", "Strengths", "Points forts"),
        ("limits", "Limits", "Limites"),
        ("when_to_use", "When to use it", "Quand l'utiliser"),
        ("when_to_avoid", "When to avoid it", "Quand l'éviter"),
        ("example_requests", "Example requests", "Exemples de demandes"),
    ];
    for (key, en, fr_label) in sections {
        let items = list(key);
        if !items.is_empty() {
            writeln!(out, "{}:", if fr { fr_label } else { en })?;
            for item in items {
                writeln!(out, "  - {item}")?;
            }
        }
    }
    let category = r.card_str("category").map(|c| safe(c, 60)).unwrap_or_default();
    let level = r.card_str("level").map(|c| safe(c, 20)).unwrap_or_default();
    let tags: Vec<String> = r.card_list("tags").iter().map(|t| safe(t, 40)).collect();
    let tools: Vec<String> = r.card_list("compatible_tools").iter().map(|t| safe(t, 40)).collect();
    writeln!(out, "category: {category}   level: {level}   tags: {}", tags.join(", "))?;
    writeln!(out, "compatible with: {}", tools.join(", "))?;
    writeln!(out)?;
    let audits = r.audit.iter().flat_map(|a| std::iter::once(&a.first).chain(a.second.as_ref()));
    writeln!(out, "{}", if fr { "Analyse de sécurité (modèle) :" } else { "Safety analysis (model):" })?;
    for (n, pass) in audits.enumerate() {
        writeln!(
            out,
            "  pass {}: {}, quality {}, verdict {}",
            n + 1,
            pass.safety.as_str(),
            pass.quality,
            pass.verdict.as_str()
        )?;
        for f in &pass.findings {
            writeln!(out, "    - {}", safe(f, 300))?;
        }
        for m in &pass.manipulation_attempts {
            let label = if fr { "tentative de manipulation" } else { "manipulation attempt" };
            writeln!(out, "    ! {label}: {}", safe(m, 300))?;
        }
    }
    for reason in &r.decision.reasons {
        writeln!(out, "  decision: {}", safe(reason, 300))?;
    }
    if let Some(info) = &r.reading {
        let cut = |truncated: bool| if truncated { " (cut there)" } else { "" };
        writeln!(
            out,
            "  read by {} (reading version {}): the audit read the first {} characters{}, the card the first {}{}",
            safe(&info.model, 60),
            safe(&info.version, 20),
            info.audit_chars,
            cut(info.audit_truncated),
            info.card_chars,
            cut(info.card_truncated)
        )?;
        if let Some(context) = info.context_tokens {
            writeln!(out, "  (less than R-LLM-7's 40,000 and 4,000: the model's context is {context} tokens)")?;
        }
        // R-LLM-7: which files of the folder the audit read, and which not.
        if let Some(scope) = skills_guide_catalog::verify::audit_scope_sentence(info, fr, |p| safe(p, 120)) {
            writeln!(out, "  {scope}")?;
        }
    }
    Ok(())
}

pub fn show(
    data_dir: &Path,
    id: &str,
    lang: &str,
    with_content: bool,
    file: Option<&str>,
    json: bool,
) -> anyhow::Result<()> {
    let view = ProgressView::new(json);
    let mut catalog = open(data_dir, &view)?;
    view.finish();
    let record = catalog.resolve(id)?;
    // A snapshot's skill whose folder has not arrived yet: fetched now.
    let mut pending = catalog.missing_files(&record).len();
    if pending > 0 {
        match catalog.fetch_missing_files(&record) {
            Ok(_) => pending = catalog.missing_files(&record).len(),
            Err(e) => eprintln!(
                "note: {pending} file(s) of this skill's folder have not arrived yet (the sync brings them): {}",
                safe(&e.to_string(), 300)
            ),
        }
    }
    if let Some(path) = file {
        return show_file(&catalog, &record, path, json);
    }
    let content = catalog.content(&record)?;
    if json {
        let mut shown = ShowEntry::of(&record, &content);
        shown.files_pending = pending;
        return print_json(&shown);
    }
    let fr = lang == "fr";
    let mut out = stdout();
    let r = &record;
    writeln!(out, "{}  ({})", safe(r.title.as_deref().or(r.name.as_deref()).unwrap_or("(no name)"), 100), r.id)?;
    if let Some(d) = &r.description {
        writeln!(out, "{}", safe(d, 400))?;
    }
    writeln!(out)?;
    if let Some(kept) = &r.copy_of {
        writeln!(
            out,
            "{}",
            if fr {
                format!("Copie exacte de {kept} : voir ce skill.")
            } else {
                format!("Exact copy of {kept}: see that skill.")
            }
        )?;
    }
    writeln!(out, "status: {}", badge(&Entry::of(r)))?;
    if let Some(error) = &r.reading_error {
        let label = if fr { "La dernière lecture du modèle a échoué" } else { "The model's last reading failed" };
        writeln!(out, "{label}: {}", safe(error, 300))?;
    }
    if r.audit.is_some() {
        write_card(&mut out, r, fr)?;
    } else {
        // R-LLM-8: no badge, no safety analysis for a skill not read by the model.
        writeln!(
            out,
            "{}",
            if fr {
                "Pas encore lu par le modèle : pas de badge Vérifié ni d'analyse de sécurité."
            } else {
                "Not read by the model yet: no Verified badge and no safety analysis."
            }
        )?;
    }
    write_score(&mut out, "", "starting score", None, &r.score, &r.score_details)?;
    if !r.declared_tools.is_empty() {
        let tools: Vec<String> = r.declared_tools.iter().map(|t| safe(t, 60)).collect();
        writeln!(out, "declares: {}", tools.join(", "))?;
    }
    writeln!(out)?;
    write_files(&mut out, r)?;
    writeln!(out)?;
    write_findings(&mut out, r)?;
    for w in &r.decision.warnings {
        writeln!(out, "  warning: {}", safe(w, 300))?;
    }
    writeln!(out)?;
    writeln!(out, "source: {} {}", r.source.kind.as_str(), safe(&r.source.repo.clone().unwrap_or_default(), 100))?;
    writeln!(out, "  path: {}", safe(&r.source.path, 300))?;
    if let Some(l) = &r.source.license {
        writeln!(out, "  license: {}", safe(l, 100))?;
    }
    writeln!(out, "  sha256: {}  ({} bytes, {} version(s))", r.sha256, r.bytes, r.versions.len())?;
    writeln!(out)?;
    writeln!(
        out,
        "{}",
        if fr {
            "Limites : aucun skill n'est exécuté. Les règles fixes lisent chaque fichier texte du dossier du skill ; \
             un fichier binaire est listé, jamais lu. Les règles fixes cherchent des formes précises et le modèle peut \
             se tromper."
        } else {
            "Limits: no skill is ever run. The fixed rules read every text file of the skill's folder; a binary \
             file is listed, never read. The fixed rules look for precise forms and the model can be wrong."
        }
    )?;
    if with_content {
        writeln!(out, "\n----- SKILL.md -----")?;
        let text = String::from_utf8_lossy(&content);
        for (n, line) in text.lines().enumerate() {
            writeln!(out, "{:>5}  {}", n + 1, skills_guide_engine::text::escape_invisible(line))?;
        }
    } else {
        writeln!(out, "(--content prints the whole SKILL.md, --file PATH one file of the folder)")?;
    }
    out.flush()?;
    Ok(())
}

/// How many of the record's findings are in `path` (SKILL.md's have no file).
fn findings_in(r: &SkillRecord, path: &str) -> usize {
    r.findings.iter().filter(|f| f.file.as_deref().unwrap_or(SKILL_FILE_NAME) == path).count()
}

/// A size for people: bytes, KiB or MiB.
fn size(bytes: u64) -> String {
    match bytes {
        0..=1023 => format!("{bytes} B"),
        1024..=1_048_575 => format!("{:.1} KiB", bytes as f64 / 1024.0),
        _ => format!("{:.1} MiB", bytes as f64 / 1_048_576.0),
    }
}

/// What a file is, in a few words: its kind when read, else its state.
fn kind_words(f: &SkillFile) -> &'static str {
    match (f.state, f.kind) {
        (FileState::Read, Some(kind)) => kind.describe(),
        (FileState::Read, None) => "read",
        (FileState::NotRead, _) => "not read",
        (FileState::Link, _) => "link",
        (FileState::Special, _) => "special file",
        (FileState::Error, _) => "unreadable",
    }
}

/// The skill folder's files: path, size, kind, execute bit, why one was not
/// read, and how many findings each has. Paths are the skill's own text:
/// escaped.
fn write_files(out: &mut impl Write, r: &SkillRecord) -> io::Result<()> {
    writeln!(out, "files ({}):", r.files.len())?;
    for f in &r.files {
        let n = findings_in(r, &f.path);
        let mut line = format!(
            "  {:<40} {:>9}  {}{}",
            safe(&f.path, 120),
            size(f.bytes),
            kind_words(f),
            if f.executable { ", executable" } else { "" }
        );
        if n > 0 {
            line.push_str(&format!("  [{n} finding{}]", if n == 1 { "" } else { "s" }));
        }
        if let Some(note) = &f.note {
            line.push_str(&format!("  ({})", safe(note, 200)));
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// One file of the current version, as `show --file` prints it.
#[derive(serde::Serialize)]
struct FileShown<'a> {
    id: &'a str,
    #[serde(flatten)]
    file: &'a SkillFile,
    findings: Vec<&'a skills_guide_engine::rules::Finding>,
    /// The text (lossy UTF-8, a byte-order mark dropped), for a text file
    /// read whole; `null` otherwise, `why` then says why.
    text: Option<String>,
    why: Option<String>,
}

/// `show ID --file PATH`: one file of the skill's current version with line
/// numbers, each line's invisible characters escaped. Only a path of the
/// record's file list is looked up, by its content hash in the store: the
/// path never reaches the disk. A binary, unread or link file is described,
/// never printed.
fn show_file(catalog: &Catalog, r: &SkillRecord, path: &str, json: bool) -> anyhow::Result<()> {
    let file = r.file(path).ok_or_else(|| {
        UsageError(format!("no file `{}` in skill {} (`show {}` lists its files)", safe(path, 200), r.id, r.id))
    })?;
    let (text, why) = match file_text(catalog, file)? {
        Ok(text) => (Some(text), None),
        Err(why) => (None, Some(why)),
    };
    let findings: Vec<_> =
        r.findings.iter().filter(|f| f.file.as_deref().unwrap_or(SKILL_FILE_NAME) == file.path).collect();
    if json {
        return print_json(&FileShown { id: &r.id, file, findings, text, why });
    }
    let mut out = stdout();
    writeln!(
        out,
        "----- {} ({}, {}{}) -----",
        safe(&file.path, 200),
        size(file.bytes),
        kind_words(file),
        if file.executable { ", executable" } else { "" }
    )?;
    for f in &findings {
        let place = if f.line == 0 { "whole file".to_owned() } else { format!("line {}", f.line) };
        writeln!(out, "  finding: {place}  {}  {}", f.rule.as_str(), safe(&f.excerpt, 160))?;
    }
    match (text, why) {
        (Some(text), _) => {
            for (n, line) in text.lines().enumerate() {
                writeln!(out, "{:>5}  {}", n + 1, skills_guide_engine::text::escape_invisible(line))?;
            }
        }
        (None, why) => writeln!(out, "(not shown: {})", safe(why.as_deref().unwrap_or("no text"), 300))?,
    }
    out.flush()?;
    Ok(())
}

/// A file's text when it is a text file read whole and kept by the catalog;
/// otherwise why it is not shown (a binary is never printed).
fn file_text(catalog: &Catalog, file: &SkillFile) -> anyhow::Result<Result<String, String>> {
    let why = match (file.state, file.kind, file.sha256.as_deref()) {
        (FileState::Read, Some(kind), Some(sha)) if kind.is_text() => match catalog.store().content(sha)? {
            Some(bytes) => return Ok(Ok(skills_guide_engine::text::decode(&bytes).text)),
            None => "its content is not in the catalog".to_owned(),
        },
        (FileState::Read, Some(kind), _) => format!("{}: never printed or run", kind.describe()),
        _ => file.note.clone().unwrap_or_else(|| kind_words(file).to_owned()),
    };
    Ok(Err(why))
}
