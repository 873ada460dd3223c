//! # The catalog as a static site (`export-site`)
//!
//! Plain files for any static host or CDN, no server: a page per skill that
//! a reader may take (published, pending, or not read yet), the copies'
//! pages redirecting to their kept skill (R-DUP-3), `noindex` on every page
//! search engines should not be offered and a `sitemap.xml` of exactly the
//! ones they should (R-SEO-1), and an index whose search runs from the
//! site's own files.
//!
//! What the site must never do: run or embed a skill's markup (every value
//! is escaped; the rendered SKILL.md is sanitized by `skills-guide-render`,
//! and each page's Content-Security-Policy forbids scripts on skill pages),
//! decide anything itself (badges, ratings and indexability are the
//! catalog's), or write outside the folder it is given (see [`output`]).

mod date;
pub mod output;
mod pages;
pub mod plan;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use askama::Template;
use serde::Serialize;
use skills_guide_catalog::progress::{Progress, ProgressFn, Stage};
use skills_guide_catalog::record::SkillRecord;
use skills_guide_catalog::{Catalog, CatalogError};

use output::{Outcome, Staging, MARKER};
use pages::{Addresses, Counts, ListItem, ListPage, RedirectPage, SkillPage};
use plan::{own_page, page_of, skill_path, LeftOut, Page};

/// Skills per listing page.
const PER_PAGE: usize = 100;

/// The site format, in the marker file: a later version may read it.
const SITE_FORMAT: &str = "skills-guide-site 1\n";

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error(transparent)]
    Store(#[from] skills_guide_catalog::store::StoreError),
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    #[error(
        "{} is not empty and is not a site written by export-site (it has no {MARKER} file): \
         choose a new or empty folder, so that nothing else in it is replaced",
        .0.display()
    )]
    NotASite(PathBuf),
    #[error("{} is not a folder", .0.display())]
    NotAFolder(PathBuf),
    #[error("the site address `{0}` is not an http(s) address (example: https://skills.example.org)")]
    BadBaseUrl(String),
    #[error("internal: a page path `{0}` that could leave the site")]
    BadPath(String),
    #[error("writing a page: {0}")]
    Template(#[from] askama::Error),
}

#[derive(Debug, Clone, Default)]
pub struct SiteOptions {
    /// Where the site will be served (`https://example.org/skills`): the
    /// sitemap, `robots.txt` and `rel=canonical` need absolute addresses.
    pub base_url: Option<String>,
}

/// What an export wrote.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ExportSummary {
    pub dir: PathBuf,
    /// Pages of skills (published, pending, not read yet).
    pub skill_pages: usize,
    /// Of those, the ones in the sitemap (R-SEO-1); the others say `noindex`.
    pub indexable: usize,
    /// Copies' pages redirecting to their kept skill (R-DUP-3).
    pub redirects: usize,
    pub list_pages: usize,
    /// Skills with no page, by reason.
    pub left_out: LeftOutCounts,
    #[serde(flatten)]
    pub files: Outcome,
    /// Nothing changed: the previous site was left untouched.
    pub unchanged: bool,
    pub warnings: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct LeftOutCounts {
    pub excluded: usize,
    pub rejected: usize,
    pub copies_of_skills_without_page: usize,
    pub bad_ids: usize,
}

impl LeftOutCounts {
    fn add(&mut self, why: LeftOut) {
        match why {
            LeftOut::Excluded => self.excluded += 1,
            LeftOut::Rejected => self.rejected += 1,
            LeftOut::CopyOfNoPage => self.copies_of_skills_without_page += 1,
            LeftOut::BadId => self.bad_ids += 1,
        }
    }
}

/// Writes the static site of `catalog` into `dir`, replacing the site an
/// earlier export wrote there in one step, or leaving it untouched when
/// nothing changed.
pub fn export(
    catalog: &Catalog,
    dir: &Path,
    options: &SiteOptions,
    progress: ProgressFn<'_>,
) -> Result<ExportSummary, SiteError> {
    let at = Addresses { base_url: options.base_url.as_deref().map(base_url).transpose()? };
    let mut site = Staging::new(dir)?;
    let mut summary = ExportSummary { dir: site.target().to_owned(), ..ExportSummary::default() };
    let store = catalog.store();
    let total = store.len() as u64;
    progress(Progress::Stage { stage: Stage::Export, total: Some(total) });

    // Skills with their own page first: a copy's page needs to know whether
    // its kept skill has one.
    let mut with_page = HashSet::new();
    let mut copies = Vec::new();
    let mut items = Vec::new();
    let mut sitemap = Vec::new();
    let mut counts = Counts::default();
    let mut done = 0u64;
    for record in store.records() {
        let r = record?;
        done += 1;
        if done.is_multiple_of(256) {
            progress(Progress::Advance { stage: Stage::Export, done, total: Some(total) });
        }
        if r.copy_of.is_some() {
            copies.push(r.id);
            continue;
        }
        let indexable = match own_page(&r) {
            Page::Skill { indexable } => indexable,
            Page::None(why) => {
                summary.left_out.add(why);
                continue;
            }
            Page::Redirect { .. } => continue, // only copies redirect
        };
        let content = catalog.content(&r)?;
        let page = SkillPage::of(&r, &content, &catalog.copies_of(&r)?, &at, indexable);
        site.write(&skill_path(&r.id), page.render()?.as_bytes())?;
        summary.skill_pages += 1;
        if indexable {
            summary.indexable += 1;
            sitemap.push((r.id.clone(), date::day_of(last_change(&r))));
        }
        let item = ListItem::of(&r);
        match item.status {
            "published" => counts.published += 1,
            "pending" => counts.pending += 1,
            _ => counts.unverified += 1,
        }
        counts.verified += usize::from(item.verified);
        with_page.insert(r.id);
        items.push(item);
    }
    for id in copies {
        let Some(r) = store.get(&id)? else { continue };
        match page_of(&r, |kept| with_page.contains(kept)) {
            Page::Redirect { to } => {
                let Some(kept) = store.get(&to)? else { continue };
                site.write(&skill_path(&r.id), RedirectPage::of(&r, &kept, &at).render()?.as_bytes())?;
                summary.redirects += 1;
            }
            Page::None(why) => summary.left_out.add(why),
            Page::Skill { .. } => {} // a copy always redirects or has no page
        }
    }
    progress(Progress::Advance { stage: Stage::Export, done, total: Some(total) });

    items.sort_by_key(ListItem::order_key);
    write_listing(&mut site, &items, &counts, &at, &mut summary)?;
    site.write("search-data.js", &search_data(&items))?;
    sitemap.sort();
    site.write("sitemap.xml", sitemap_xml(&sitemap, &at).as_bytes())?;
    site.write("robots.txt", robots_txt(&at).as_bytes())?;
    site.write("style.css", include_bytes!("../assets/style.css"))?;
    site.write("search.js", include_bytes!("../assets/search.js"))?;
    site.write(MARKER, SITE_FORMAT.as_bytes())?;
    if at.base_url.is_none() {
        summary.warnings.push(
            "no --base-url: the sitemap, robots.txt and canonical links use relative addresses, \
             which search engines do not accept; pass the address the site will be served from"
                .to_owned(),
        );
    }
    summary.files = site.commit()?;
    summary.unchanged = summary.files.unchanged();
    Ok(summary)
}

fn write_listing(
    site: &mut Staging,
    items: &[ListItem],
    counts: &Counts,
    at: &Addresses,
    summary: &mut ExportSummary,
) -> Result<(), SiteError> {
    let pages = items.len().div_ceil(PER_PAGE).max(1);
    for page in 1..=pages {
        let slice = items.iter().skip((page - 1) * PER_PAGE).take(PER_PAGE).cloned().collect();
        let list = ListPage::new(slice, counts.clone(), page, pages, at);
        site.write(&pages::list_file(page), list.render()?.as_bytes())?;
    }
    summary.list_pages = pages;
    Ok(())
}

/// The listing as a script the index pages load (a file, so it works from
/// `file://` too, where a page cannot fetch JSON).
fn search_data(items: &[ListItem]) -> Vec<u8> {
    let mut out = b"window.SKILLS_GUIDE_SEARCH = ".to_vec();
    // Serializing plain strings and numbers cannot fail; an empty list is
    // the safe answer if it ever did.
    if serde_json::to_writer(&mut out, items).is_err() {
        out.truncate("window.SKILLS_GUIDE_SEARCH = ".len());
        out.extend_from_slice(b"[]");
    }
    out.extend_from_slice(b";\n");
    out
}

/// R-SEO-1: exactly the indexable skills' pages.
fn sitemap_xml(pages: &[(String, String)], at: &Addresses) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (id, day) in pages {
        xml.push_str(&format!(
            "  <url><loc>{}</loc><lastmod>{day}</lastmod></url>\n",
            xml_escape(&at.of(&skill_path(id), ""))
        ));
    }
    xml.push_str("</urlset>\n");
    xml
}

fn robots_txt(at: &Addresses) -> String {
    format!("User-agent: *\nAllow: /\nSitemap: {}\n", at.of("sitemap.xml", "/"))
}

/// When the page last changed in substance: a new version, or a new reading.
fn last_change(r: &SkillRecord) -> i64 {
    let version = r.versions.last().map(|v| v.first_seen).unwrap_or(r.first_seen);
    r.reading.as_ref().map_or(version, |reading| version.max(reading.read_at))
}

/// The publisher's address for the site, checked: http(s), nothing that
/// could break out of an attribute or an XML element.
fn base_url(given: &str) -> Result<String, SiteError> {
    let trimmed = given.trim_end_matches('/');
    let rest = trimmed.strip_prefix("https://").or_else(|| trimmed.strip_prefix("http://"));
    let clean = rest.is_some_and(|r| {
        !r.is_empty() && !r.chars().any(|c| c.is_whitespace() || c.is_control() || "\"'<>`\\{}|^".contains(c))
    });
    if clean {
        Ok(trimmed.to_owned())
    } else {
        Err(SiteError::BadBaseUrl(given.to_owned()))
    }
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_address_must_be_a_plain_web_address() {
        assert_eq!(base_url("https://skills.example.org/").unwrap(), "https://skills.example.org");
        assert_eq!(base_url("http://127.0.0.1:8080/site").unwrap(), "http://127.0.0.1:8080/site");
        for bad in ["ftp://x", "javascript:alert(1)", "https://", "https://a b", "https://a\"><script>", "example.org"]
        {
            assert!(base_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn robots_points_to_the_sitemap() {
        let at = Addresses { base_url: Some("https://x.org".into()) };
        assert!(robots_txt(&at).contains("Sitemap: https://x.org/sitemap.xml\n"));
        let xml = sitemap_xml(&[("0123456789abcdef".into(), "2026-12-03".into())], &at);
        assert!(xml.contains("<loc>https://x.org/skills/0123456789abcdef.html</loc><lastmod>2026-12-03</lastmod>"));
    }
}
