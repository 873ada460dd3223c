//! Which page each catalog skill gets on the site. Pure: a record in, a
//! page kind out; no I/O.
//!
//! - Published, pending and unread (admitted, not read by the model) skills
//!   get a page. Only the indexable ones (R-SEO-1, the store's flag) are
//!   offered to search engines; every other page says `noindex`.
//! - An exact copy gets a page that redirects to its kept skill (R-DUP-3),
//!   when that skill has a page.
//! - Excluded (R-SCORE-7) and rejected (R-DEC-1) skills get none: the site
//!   offers nothing a reader should not take.

use skills_guide_catalog::record::SkillRecord;
use skills_guide_engine::decide::Status;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Page {
    /// A skill's own page.
    Skill { indexable: bool },
    /// A copy's page, redirecting to the kept skill's.
    Redirect { to: String },
    /// No page, and why.
    None(LeftOut),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeftOut {
    Excluded,
    Rejected,
    /// A copy whose kept skill has no page (rejected, say).
    CopyOfNoPage,
    /// An id that is not the catalog's 16 hex digits: it could not safely
    /// name a file, so it gets none.
    BadId,
}

/// The page of a skill that is not a copy (or of a copy's kept skill).
pub fn own_page(r: &SkillRecord) -> Page {
    if !is_page_id(&r.id) {
        return Page::None(LeftOut::BadId);
    }
    match r.status() {
        Status::Published | Status::Pending | Status::Unverified => {
            Page::Skill { indexable: r.indexable && r.copy_of.is_none() }
        }
        Status::Excluded => Page::None(LeftOut::Excluded),
        Status::Rejected => Page::None(LeftOut::Rejected),
    }
}

/// The page of `r`, given whether its kept skill (for a copy) has a page.
pub fn page_of(r: &SkillRecord, kept_has_page: impl Fn(&str) -> bool) -> Page {
    match &r.copy_of {
        Some(kept) if !is_page_id(&r.id) || !is_page_id(kept) => Page::None(LeftOut::BadId),
        Some(kept) if kept_has_page(kept) => Page::Redirect { to: kept.clone() },
        Some(_) => Page::None(LeftOut::CopyOfNoPage),
        None => own_page(r),
    }
}

/// The catalog's ids are 16 lowercase hex digits (`SourceRef::skill_id`).
pub fn is_page_id(id: &str) -> bool {
    skills_guide_catalog::record::is_skill_id(id)
}

/// The page's path in the site.
pub fn skill_path(id: &str) -> String {
    format!("skills/{id}.html")
}

#[cfg(test)]
mod tests {
    use super::*;
    use skills_guide_catalog::record::{build_record, SourceKind, SourceRef};
    use skills_guide_engine::score::RepoFacts;

    fn record(status: Status, indexable: bool, copy_of: Option<&str>) -> SkillRecord {
        let text = "---\nname: x\ndescription: y\n---\n# x\n";
        let a = skills_guide_engine::analyze::analyze(text.as_bytes(), &RepoFacts::default(), 0);
        let source =
            SourceRef { kind: SourceKind::Dir, repo: None, path: "/x/SKILL.md".into(), url: None, license: None };
        let mut r = build_record(source, RepoFacts::default(), a, None, 0);
        r.decision.status = status;
        r.indexable = indexable;
        r.copy_of = copy_of.map(str::to_owned);
        r
    }

    #[test]
    fn published_pending_and_unread_skills_get_a_page_excluded_and_rejected_none() {
        let table = [
            (Status::Published, true, Page::Skill { indexable: true }),
            (Status::Published, false, Page::Skill { indexable: false }),
            (Status::Pending, false, Page::Skill { indexable: false }),
            (Status::Unverified, false, Page::Skill { indexable: false }),
            (Status::Excluded, false, Page::None(LeftOut::Excluded)),
            (Status::Rejected, false, Page::None(LeftOut::Rejected)),
        ];
        for (status, indexable, want) in table {
            assert_eq!(page_of(&record(status, indexable, None), |_| true), want, "{status:?}");
        }
    }

    #[test]
    fn r_dup_3_a_copy_redirects_to_its_kept_skill_when_that_one_has_a_page() {
        let kept = "0123456789abcdef";
        let copy = record(Status::Published, false, Some(kept));
        assert_eq!(page_of(&copy, |id| id == kept), Page::Redirect { to: kept.into() });
        assert_eq!(page_of(&copy, |_| false), Page::None(LeftOut::CopyOfNoPage));
    }

    #[test]
    fn r_seo_1_a_copy_is_never_indexable_even_with_a_stale_flag() {
        assert_eq!(
            own_page(&record(Status::Published, true, Some("0123456789abcdef"))),
            Page::Skill { indexable: false }
        );
    }

    #[test]
    fn ids_that_are_not_sixteen_hex_digits_name_no_file() {
        for bad in ["../../etc/passwd", "0123456789ABCDEF", "0123456789abcde", "0123456789abcdeg", ""] {
            assert!(!is_page_id(bad), "{bad}");
            let mut r = record(Status::Published, true, None);
            r.id = bad.into();
            assert_eq!(page_of(&r, |_| true), Page::None(LeftOut::BadId));
        }
        let mut r = record(Status::Published, false, Some("../x"));
        r.id = "0123456789abcdef".into();
        assert_eq!(page_of(&r, |_| true), Page::None(LeftOut::BadId));
    }
}
