//! `export-site DIR`: the catalog as a static site (R-SEO, R-DUP-3).

use std::io::Write;
use std::path::Path;

use skills_guide_site::{export, SiteOptions};

use crate::catalog_cmd::{open, print_json, stdout};
use crate::progress_view::ProgressView;

pub fn export_site(data_dir: &Path, dir: &Path, base_url: Option<String>, json: bool) -> anyhow::Result<()> {
    let view = ProgressView::new(json);
    let catalog = open(data_dir, &view)?;
    let on_event = |p| view.event(p);
    let summary = export(&catalog, dir, &SiteOptions { base_url }, &on_event);
    view.finish();
    let summary = summary?;
    for warning in &summary.warnings {
        eprintln!("warning: {warning}");
    }
    if json {
        return print_json(&summary);
    }
    let mut out = stdout();
    writeln!(out, "site: {}", summary.dir.display())?;
    writeln!(
        out,
        "  {} skill page(s), {} of them indexable (in sitemap.xml), the others noindex",
        summary.skill_pages, summary.indexable
    )?;
    writeln!(out, "  {} cop(y/ies) redirecting to their kept skill", summary.redirects)?;
    let left = &summary.left_out;
    writeln!(
        out,
        "  no page: {} excluded, {} rejected, {} copies of skills without a page",
        left.excluded, left.rejected, left.copies_of_skills_without_page
    )?;
    if left.bad_ids > 0 {
        writeln!(out, "  no page: {} record(s) with an id that cannot name a file", left.bad_ids)?;
    }
    if summary.unchanged {
        writeln!(out, "  unchanged: the catalog gives the same site, no file was touched")?;
    } else {
        writeln!(
            out,
            "  {} file(s): {} new or changed, {} removed",
            summary.files.files, summary.files.changed, summary.files.removed
        )?;
    }
    out.flush()?;
    Ok(())
}
