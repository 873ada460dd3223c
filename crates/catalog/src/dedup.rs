//! Exact copies (R-DUP-1..3): skills in the catalog whose folders are
//! identical file for file (the same version hash over every file's path,
//! mode and SHA-256; for a lone SKILL.md, the same bytes) are one skill. One is kept; the others point to it with
//! `copy_of`, and their pages redirect to it.
//!
//! Only admitted skills are grouped: an excluded file is not in the catalog
//! (R-SCORE-7), so it is nobody's copy and nobody is its copy.

use std::cmp::Ordering;

use skills_guide_engine::decide::indexable;

use crate::record::SkillRecord;
use crate::store::{Store, StoreError};

/// R-DUP-2: the best in quality (the model's where it exists, else the
/// starting score), then the most installed, then the oldest (first seen);
/// the id breaks the last ties so the choice never flips between runs.
pub fn better(a: &SkillRecord, b: &SkillRecord) -> Ordering {
    let quality = |r: &SkillRecord| r.decision.quality.map(u32::from).unwrap_or(r.score.total);
    quality(b)
        .cmp(&quality(a))
        .then(b.installs.cmp(&a.installs))
        .then(a.first_seen.cmp(&b.first_seen))
        .then(a.id.cmp(&b.id))
}

/// The id of the skill kept among `group`, if any is admitted.
pub fn kept(group: &[SkillRecord]) -> Option<&SkillRecord> {
    group.iter().filter(|r| r.admitted).min_by(|a, b| better(a, b))
}

/// Sets `copy_of` (and the indexable flag, which depends on it, R-SEO-1) for
/// every skill whose version ([`SkillRecord::version_key`]) is one of
/// `hashes`: folders identical file for file. Returns the records that
/// changed, already written to the store.
pub fn regroup(store: &Store, hashes: &[String]) -> Result<Vec<SkillRecord>, StoreError> {
    let mut changed = Vec::new();
    for sha in hashes {
        let mut group = Vec::new();
        for id in store.ids_with_version(sha)? {
            if let Some(r) = store.get(&id)? {
                group.push(r);
            }
        }
        let kept_id = kept(&group).map(|k| k.id.clone());
        for mut r in group {
            let copy_of = match &kept_id {
                Some(k) if r.admitted && *k != r.id => Some(k.clone()),
                _ => None,
            };
            let index_flag = indexable(&r.decision, r.chars, copy_of.is_some());
            if r.copy_of != copy_of || r.indexable != index_flag {
                r.copy_of = copy_of;
                r.indexable = index_flag;
                changed.push(r);
            }
        }
    }
    if !changed.is_empty() {
        store.put_many(&changed, Vec::new())?;
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::test_record;
    use skills_guide_engine::decide::{Decision, Status};

    fn rec(path: &str, total: u32, quality: Option<u8>, installs: u64, first_seen: i64) -> SkillRecord {
        let mut r = test_record(path, "same content");
        r.score.total = total;
        r.admitted = total >= 35;
        r.installs = installs;
        r.first_seen = first_seen;
        r.decision = Decision {
            status: if quality.is_some() { Status::Published } else { Status::Unverified },
            safety: None,
            quality,
            verified: false,
            reasons: vec![],
            warnings: vec![],
        };
        r
    }

    #[test]
    fn r_dup_2_quality_then_installs_then_oldest() {
        let a = rec("/a", 60, None, 0, 10);
        let b = rec("/b", 70, None, 0, 20);
        assert_eq!(kept(&[a.clone(), b.clone()]).unwrap().source.path, "/b", "higher starting score");
        let c = rec("/c", 50, Some(90), 0, 30);
        assert_eq!(
            kept(&[a.clone(), b.clone(), c.clone()]).unwrap().source.path,
            "/c",
            "model quality beats starting score"
        );
        let d = rec("/d", 70, None, 5, 40);
        assert_eq!(kept(&[b.clone(), d.clone()]).unwrap().source.path, "/d", "then most installed");
        let e = rec("/e", 70, None, 0, 5);
        assert_eq!(kept(&[b.clone(), e.clone()]).unwrap().source.path, "/e", "then oldest");
        let excluded = rec("/x", 20, None, 100, 0);
        assert_eq!(kept(&[excluded.clone(), a.clone()]).unwrap().source.path, "/a", "excluded skills are never kept");
        assert!(kept(&[excluded]).is_none());
    }

    #[test]
    fn r_dup_1_regroup_points_copies_at_the_kept_one() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::open(tmp.path()).unwrap();
        let a = rec("/a", 60, None, 0, 10);
        let b = rec("/b", 80, None, 0, 20);
        let x = rec("/x", 20, None, 0, 0);
        store
            .put_many(&[a.clone(), b.clone(), x.clone()], vec![(a.sha256.as_str(), b"same content".as_slice())])
            .unwrap();
        let changed = regroup(&store, &[a.version_key()]).unwrap();
        assert_eq!(changed.len(), 1);
        assert_eq!(store.get(&a.id).unwrap().unwrap().copy_of, Some(b.id.clone()));
        assert_eq!(store.get(&b.id).unwrap().unwrap().copy_of, None);
        assert_eq!(store.get(&x.id).unwrap().unwrap().copy_of, None, "an excluded file is nobody's copy");
        assert!(regroup(&store, &[a.version_key()]).unwrap().is_empty(), "stable");
    }
}
