//! The site's pages: what each shows, as plain values, and the templates
//! that print them. The templates escape every value for HTML; the one
//! exception is the rendered SKILL.md, which comes sanitized from
//! `skills-guide-render`.
//!
//! What a page shows follows the catalog's rules, never its own: the
//! Verified badge, the rating and the quality only where R-DEC-7 gives them
//! (the contract's `verified`); a skill the model has not read shows no
//! safety analysis (R-LLM-8); a copy's page sends the reader to its kept
//! skill (R-DUP-3).

use askama::Template;
use skills_guide_catalog::entry::Entry;
use skills_guide_catalog::record::SkillRecord;
use skills_guide_catalog::report;
use skills_guide_engine::decide::{AuditPass, Status};
use skills_guide_engine::folder::FileState;
use skills_guide_engine::scan::SKILL_FILE_NAME;
use skills_guide_engine::text::{escape_invisible, is_invisible};

use crate::date::day_of;
use crate::plan::skill_path;

/// A skill page loads no script; only the listing pages load the search.
const CSP_PAGE: &str = "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'";
const CSP_LIST: &str = "default-src 'none'; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'self'";

/// What every page's `<head>` says.
pub struct Head {
    pub title: String,
    pub description: Option<String>,
    pub canonical: String,
    pub noindex: bool,
    /// From the page to the site's root: `""` or `"../"`.
    pub root: &'static str,
    pub csp: &'static str,
}

/// Where the site will be served from, when the publisher says so.
pub struct Addresses {
    /// `https://example.org/skills` (no trailing slash), or none.
    pub base_url: Option<String>,
}

impl Addresses {
    /// The address of `rel` (a path from the site's root), absolute when the
    /// base is known; otherwise relative to a page at `from_root` depth.
    pub fn of(&self, rel: &str, root: &str) -> String {
        match &self.base_url {
            Some(base) => format!("{base}/{rel}"),
            None => format!("{root}{rel}"),
        }
    }
}

#[derive(Template)]
#[template(path = "skill.html")]
pub struct SkillPage {
    pub head: Head,
    pub id: String,
    pub heading: String,
    pub name: Option<String>,
    pub description: Option<String>,
    /// `published`, `pending` or `unverified`.
    pub status: &'static str,
    pub verified: bool,
    /// With the badge only (R-DEC-7).
    pub safety: Option<&'static str>,
    pub quality: Option<u8>,
    /// The model has read this version (R-LLM-8).
    pub read: bool,
    pub reasons: Vec<String>,
    pub reading_error: Option<String>,
    pub reading: Option<String>,
    pub cards: Vec<CardView>,
    pub facets: Vec<(&'static str, String)>,
    pub audits: Vec<AuditView>,
    pub findings: Vec<FindingView>,
    pub warnings: Vec<String>,
    pub declared_tools: Vec<String>,
    pub score: String,
    pub lines: Vec<LineView>,
    /// The skill folder's files, SKILL.md first (listed, not published:
    /// only SKILL.md's text is on the page).
    pub files: Vec<FileRow>,
    /// Sanitized by `skills-guide-render`: the only unescaped value.
    pub rendered: String,
    pub source: SourceView,
    pub copies: Vec<CopyView>,
    pub report_url: Option<String>,
}

pub struct CardView {
    pub lang: &'static str,
    pub heading: &'static str,
    pub summary: String,
    pub sections: Vec<(&'static str, Vec<String>)>,
}

pub struct AuditView {
    pub pass: usize,
    pub verdict: &'static str,
    pub findings: Vec<String>,
    pub manipulation_attempts: Vec<String>,
}

pub struct FindingView {
    pub rule: &'static str,
    pub summary: &'static str,
    pub spec: &'static str,
    pub line: usize,
    pub excerpt: String,
    /// The file of the folder it is in, invisible characters escaped;
    /// `None` for SKILL.md (whose lines are on the page, so it links there).
    pub file: Option<String>,
}

/// One file of the skill folder, as the page lists it.
pub struct FileRow {
    /// Invisible characters escaped: a path is the skill's own text.
    pub path: String,
    pub size: String,
    /// Its kind when read (`text`, `ELF executable`…), else why not.
    pub kind: String,
    pub executable: bool,
    pub findings: usize,
    /// Why it was not read, or where a link points, escaped.
    pub note: Option<String>,
}

pub struct LineView {
    pub n: usize,
    pub parts: Vec<Part>,
}

/// A run of a line's text, or one invisible character shown by its code.
pub struct Part {
    pub text: String,
    pub hidden: bool,
}

pub struct SourceView {
    pub kind: String,
    pub repo: Option<String>,
    pub repo_url: Option<String>,
    pub path: String,
    pub url: Option<String>,
    pub license: Option<String>,
    pub stars: Option<u64>,
    pub last_commit: Option<String>,
    pub first_seen: String,
    pub versions: usize,
    pub sha256: String,
    pub bytes: u64,
}

pub struct CopyView {
    pub location: String,
    pub url: Option<String>,
}

#[derive(Template)]
#[template(path = "redirect.html")]
pub struct RedirectPage {
    pub head: Head,
    pub to_file: String,
    pub to_name: String,
}

#[derive(Template)]
#[template(path = "list.html")]
pub struct ListPage {
    pub head: Head,
    pub counts: Counts,
    pub items: Vec<ListItem>,
    pub page: usize,
    pub pages: usize,
    pub previous: Option<String>,
    pub next: Option<String>,
}

#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Counts {
    pub published: usize,
    pub verified: usize,
    pub pending: usize,
    pub unverified: usize,
}

/// One skill in the listing and in the search data.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ListItem {
    pub id: String,
    pub name: String,
    pub title: String,
    pub description: String,
    pub status: &'static str,
    pub verified: bool,
    pub safety: Option<&'static str>,
    pub quality: Option<u8>,
    pub category: Option<String>,
    pub tags: Vec<String>,
}

impl ListItem {
    pub fn of(r: &SkillRecord) -> ListItem {
        let entry = Entry::of(r);
        let name = r.name.clone().unwrap_or_else(|| r.id.clone());
        ListItem {
            id: r.id.clone(),
            title: r.title.clone().unwrap_or_else(|| name.clone()),
            name,
            description: truncate(entry.description.as_deref().unwrap_or(""), 240),
            status: r.status().as_str(),
            verified: entry.verified,
            safety: entry.verified.then(|| entry.safety.map(|s| s.as_str())).flatten(),
            quality: if entry.verified { entry.quality } else { None },
            category: r.card_str("category").map(str::to_owned),
            tags: r.card_list("tags"),
        }
    }

    /// Verified first, then published, pending, unread; better quality first.
    pub fn order_key(&self) -> (u8, std::cmp::Reverse<u8>, String, String) {
        let rank = match (self.verified, self.status) {
            (true, _) => 0,
            (false, "published") => 1,
            (false, "pending") => 2,
            _ => 3,
        };
        (rank, std::cmp::Reverse(self.quality.unwrap_or(0)), self.name.to_lowercase(), self.id.clone())
    }

    pub fn file(&self) -> String {
        skill_path(&self.id)
    }
}

impl SkillPage {
    pub fn of(r: &SkillRecord, content: &[u8], copies: &[SkillRecord], at: &Addresses, indexable: bool) -> SkillPage {
        let entry = Entry::of(r);
        let text = String::from_utf8_lossy(content);
        let heading = r.title.clone().or_else(|| r.name.clone()).unwrap_or_else(|| r.id.clone());
        let read = r.audit.is_some();
        let draft = report::draft(r);
        let description = entry.description.clone();
        SkillPage {
            head: Head {
                title: format!("{heading} · Skills Guide"),
                description: description.as_deref().map(|d| truncate(d, 300)),
                canonical: at.of(&skill_path(&r.id), "../"),
                noindex: !indexable,
                root: "../",
                csp: CSP_PAGE,
            },
            id: r.id.clone(),
            heading,
            name: r.name.clone(),
            description,
            status: r.status().as_str(),
            verified: entry.verified,
            safety: entry.verified.then(|| entry.safety.map(|s| s.as_str())).flatten(),
            quality: if entry.verified { entry.quality } else { None },
            read,
            reasons: if r.status() == Status::Pending { r.decision.reasons.clone() } else { Vec::new() },
            reading_error: r.reading_error.clone(),
            reading: r.reading.as_ref().filter(|_| read).map(|i| {
                format!(
                    "Read by {} (reading version {}): the audit read up to {} characters{}, the card up to {}{}{}.",
                    i.model,
                    i.version,
                    i.audit_chars,
                    if i.audit_truncated { ", and this text is longer" } else { "" },
                    i.card_chars,
                    if i.card_truncated { ", and this text is longer" } else { "" },
                    i.context_tokens.map(|c| format!(" (the model's context was {c} tokens)")).unwrap_or_default(),
                )
            }),
            cards: if read { cards(r) } else { Vec::new() },
            facets: if read { facets(r) } else { Vec::new() },
            audits: r
                .audit
                .as_ref()
                .map(|a| std::iter::once(&a.first).chain(a.second.as_ref()).enumerate().map(audit_view).collect())
                .unwrap_or_default(),
            findings: r
                .findings
                .iter()
                .map(|f| FindingView {
                    rule: f.rule.as_str(),
                    summary: f.rule.summary(),
                    spec: f.rule.spec_ref(),
                    line: f.line,
                    excerpt: f.excerpt.clone(),
                    file: f.file.as_deref().map(|p| escape_invisible(p).into_owned()),
                })
                .collect(),
            warnings: r.decision.warnings.iter().chain(&r.warnings).cloned().collect(),
            declared_tools: r.declared_tools.clone(),
            score: format!(
                "{} / 100 (structure {}, reputation {}, freshness {}, security {}, awesome-list bonus {})",
                r.score.total,
                r.score.structure,
                r.score.reputation,
                r.score.freshness,
                r.score.security,
                r.score.awesome_bonus
            ),
            lines: lines(&text),
            files: file_rows(r),
            rendered: skills_guide_render::skill_html(&text),
            source: SourceView {
                kind: entry.source.kind.clone(),
                repo_url: draft.repo.as_ref().map(|repo| format!("https://github.com/{repo}")),
                repo: r.source.repo.clone(),
                path: r.source.path.clone(),
                url: r.source.url.clone().filter(|u| is_web_link(u)),
                license: r.source.license.clone(),
                stars: r.facts.stars,
                last_commit: r.facts.last_commit_unix.map(day_of),
                first_seen: day_of(r.first_seen),
                versions: r.versions.len(),
                sha256: r.sha256.clone(),
                bytes: r.bytes,
            },
            copies: copies
                .iter()
                .map(|c| CopyView {
                    location: match &c.source.repo {
                        Some(repo) => format!("{repo}: {}", c.source.path),
                        None => c.source.path.clone(),
                    },
                    url: c.source.url.clone().filter(|u| is_web_link(u)),
                })
                .collect(),
            report_url: draft.url,
        }
    }
}

impl RedirectPage {
    /// R-DUP-3: the copy `r`'s page sends the reader (and search engines,
    /// through `rel=canonical`) to its kept skill's.
    pub fn of(r: &SkillRecord, kept: &SkillRecord, at: &Addresses) -> RedirectPage {
        let to_name = kept.title.clone().or_else(|| kept.name.clone()).unwrap_or_else(|| kept.id.clone());
        RedirectPage {
            head: Head {
                title: format!("{to_name} · Skills Guide"),
                description: None,
                canonical: at.of(&skill_path(&kept.id), "../"),
                noindex: true,
                root: "../",
                csp: CSP_PAGE,
            },
            // Both pages are in `skills/`.
            to_file: format!("{}.html", kept.id),
            to_name: format!("{to_name} ({})", r.source.repo.as_deref().unwrap_or(&r.source.path)),
        }
    }
}

impl ListPage {
    pub fn new(items: Vec<ListItem>, counts: Counts, page: usize, pages: usize, at: &Addresses) -> ListPage {
        let file = |n: usize| list_file(n);
        ListPage {
            head: Head {
                title: if page == 1 {
                    "Skills Guide: agent skills, read and verified".to_owned()
                } else {
                    format!("Skills Guide: all skills, page {page} of {pages}")
                },
                description: Some(format!(
                    "{} agent skills (SKILL.md), {} of them verified: each read whole, its safety analysed, its source named.",
                    counts.published + counts.pending + counts.unverified,
                    counts.verified
                )),
                canonical: at.of(&file(page), ""),
                noindex: false,
                root: "",
                csp: CSP_LIST,
            },
            counts,
            items,
            page,
            pages,
            previous: (page > 1).then(|| file(page - 1)),
            next: (page < pages).then(|| file(page + 1)),
        }
    }
}

/// The listing's page `n` (1-based): `index.html`, `page-2.html`, …
pub fn list_file(n: usize) -> String {
    if n <= 1 {
        "index.html".to_owned()
    } else {
        format!("page-{n}.html")
    }
}

fn audit_view((i, pass): (usize, &AuditPass)) -> AuditView {
    AuditView {
        pass: i + 1,
        verdict: pass.verdict.as_str(),
        findings: pass.findings.clone(),
        manipulation_attempts: pass.manipulation_attempts.clone(),
    }
}

fn cards(r: &SkillRecord) -> Vec<CardView> {
    let Some(card) = &r.card else { return Vec::new() };
    let labels = |lang: &str| -> [&'static str; 6] {
        if lang == "fr" {
            ["Français", "Points forts", "Limites", "Quand l'utiliser", "Quand l'éviter", "Exemples de demandes"]
        } else {
            ["English", "Strengths", "Limits", "When to use", "When to avoid", "Example requests"]
        }
    };
    let mut out = Vec::new();
    for lang in ["en", "fr"] {
        let Some(c) = card.get(lang) else { continue };
        let list = |key: &str| -> Vec<String> {
            c.get(key)
                .and_then(|v| v.as_array())
                .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect())
                .unwrap_or_default()
        };
        let [heading, strengths, limits, use_, avoid, examples] = labels(lang);
        out.push(CardView {
            lang: if lang == "fr" { "fr" } else { "en" },
            heading,
            summary: c.get("summary").and_then(|s| s.as_str()).unwrap_or("").to_owned(),
            sections: vec![
                (strengths, list("strengths")),
                (limits, list("limits")),
                (use_, list("when_to_use")),
                (avoid, list("when_to_avoid")),
                (examples, list("example_requests")),
            ]
            .into_iter()
            .filter(|(_, items)| !items.is_empty())
            .collect(),
        });
    }
    out
}

fn facets(r: &SkillRecord) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if let Some(c) = r.card_str("category") {
        out.push(("Category", c.to_owned()));
    }
    if let Some(l) = r.card_str("level") {
        out.push(("Level", l.to_owned()));
    }
    for (label, key) in [("Tags", "tags"), ("Works with", "compatible_tools")] {
        let list = r.card_list(key);
        if !list.is_empty() {
            out.push((label, list.join(", ")));
        }
    }
    out
}

/// The text's lines, each invisible character (tab excepted) set apart so
/// the page can show it by its code: a reader sees what the agent would.
fn lines(text: &str) -> Vec<LineView> {
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let mut parts: Vec<Part> = Vec::new();
            for c in line.chars() {
                if c != '\t' && is_invisible(c) {
                    parts.push(Part { text: format!("U+{:04X}", c as u32), hidden: true });
                } else {
                    match parts.last_mut() {
                        Some(last) if !last.hidden => last.text.push(c),
                        _ => parts.push(Part { text: c.to_string(), hidden: false }),
                    }
                }
            }
            LineView { n: i + 1, parts }
        })
        .collect()
}

/// The folder's files, SKILL.md first then by path, each with its size,
/// kind and number of findings.
fn file_rows(r: &SkillRecord) -> Vec<FileRow> {
    let mut files: Vec<&skills_guide_catalog::record::SkillFile> = r.files.iter().collect();
    files.sort_by(|a, b| (a.path != SKILL_FILE_NAME, &a.path).cmp(&(b.path != SKILL_FILE_NAME, &b.path)));
    files
        .into_iter()
        .map(|f| FileRow {
            path: escape_invisible(&f.path).into_owned(),
            size: size(f.bytes),
            kind: match (f.state, f.kind) {
                (FileState::Read, Some(kind)) => kind.describe(),
                (FileState::Read, None) => "read",
                (FileState::NotRead, _) => "not read",
                (FileState::Link, _) => "symbolic link",
                (FileState::Special, _) => "special file",
                (FileState::Error, _) => "unreadable",
            }
            .to_owned(),
            executable: f.executable,
            findings: r.findings.iter().filter(|x| x.file.as_deref().unwrap_or(SKILL_FILE_NAME) == f.path).count(),
            note: f.note.as_deref().map(|n| escape_invisible(n).into_owned()),
        })
        .collect()
}

/// A size for people: bytes, KiB or MiB.
fn size(bytes: u64) -> String {
    match bytes {
        0..=1023 => format!("{bytes} B"),
        1024..=1_048_575 => format!("{:.1} KiB", bytes as f64 / 1024.0),
        _ => format!("{:.1} MiB", bytes as f64 / 1_048_576.0),
    }
}

/// Only web links become links; anything else stays text.
fn is_web_link(url: &str) -> bool {
    (url.starts_with("https://") || url.starts_with("http://")) && !url.chars().any(|c| c.is_whitespace() || c == '"')
}

fn truncate(s: &str, max_chars: usize) -> String {
    match s.char_indices().nth(max_chars) {
        Some((at, _)) => format!("{}…", s[..at].trim_end()),
        None => s.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_characters_are_set_apart_by_their_code() {
        let shown = lines("a\u{200B}b\tc\nd\u{202E}");
        assert_eq!(shown.len(), 2);
        let texts: Vec<(&str, bool)> = shown[0].parts.iter().map(|p| (p.text.as_str(), p.hidden)).collect();
        assert_eq!(texts, [("a", false), ("U+200B", true), ("b\tc", false)]);
        assert_eq!(shown[1].parts.last().map(|p| p.text.as_str()), Some("U+202E"));
    }

    #[test]
    fn sizes_read_as_bytes_kib_and_mib() {
        assert_eq!(size(812), "812 B");
        assert_eq!(size(2048), "2.0 KiB");
        assert_eq!(size(5 * 1024 * 1024), "5.0 MiB");
    }

    #[test]
    fn only_web_addresses_become_links() {
        assert!(is_web_link("https://github.com/a/b"));
        for bad in ["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd", "https://a\" onmouseover=\"x"] {
            assert!(!is_web_link(bad), "{bad}");
        }
    }

    #[test]
    fn addresses_are_absolute_with_a_base_and_relative_without() {
        let with = Addresses { base_url: Some("https://example.org/skills".into()) };
        assert_eq!(with.of("skills/ab.html", "../"), "https://example.org/skills/skills/ab.html");
        let without = Addresses { base_url: None };
        assert_eq!(without.of("skills/ab.html", "../"), "../skills/ab.html");
    }
}
