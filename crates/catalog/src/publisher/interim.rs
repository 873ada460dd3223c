//! Until the snapshot module exports them (`snapshot::offer`,
//! `snapshot::apply::last_applied`), the same two readings with the same
//! signatures, made from what that module already makes public: the
//! signed index (fetched and checked, nothing applied) and the applied
//! publication's state as the apply step stores it.

use minisign::PublicKey;
use serde::Deserialize;
use skills_guide_remote::http::RetryPolicy;

use crate::snapshot::origin::{IndexAnswer, Origin, Traffic, Validators};
use crate::snapshot::{decompress, keys, SnapshotError, SnapshotIndex, MAX_INDEX_BYTES};
use crate::store::Store;
use crate::CatalogError;

/// What a publication offers before anything is downloaded: from its
/// signed index alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    pub sequence: u64,
    pub published_at: i64,
    pub entries: usize,
    /// What a first sync downloads, when the index says.
    pub download_bytes: Option<u64>,
}

/// The publication last applied from one publisher key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppliedPublication {
    pub address: String,
    pub sequence: u64,
    pub published_at: i64,
}

/// Fetches the index at `address` and checks its signature with `key`;
/// nothing is kept and nothing in a catalog changes.
pub fn offer(address: &str, key: &PublicKey, retry: RetryPolicy) -> Result<Offer, SnapshotError> {
    let origin = Origin::parse(address, retry)?;
    let traffic = Traffic::default();
    let IndexAnswer::Fresh { compressed, signature, .. } = origin.index(&Validators::default(), &traffic)? else {
        return Err(SnapshotError::Fetch(format!("{address}: not modified without a validator")));
    };
    let json = decompress(&compressed, MAX_INDEX_BYTES, "the snapshot index")?;
    keys::verify(key, &json, &signature)?;
    let index = SnapshotIndex::parse(&json)?;
    Ok(Offer {
        sequence: index.sequence,
        published_at: index.published_at,
        entries: index.entries.len(),
        download_bytes: None,
    })
}

/// The applied publication's part of the apply step's state record (kept
/// under `snapshot:KEYID`; its other fields are not read here).
#[derive(Deserialize)]
struct Applied {
    #[serde(default)]
    address: String,
    #[serde(default)]
    sequence: u64,
    #[serde(default)]
    published_at: i64,
}

/// The publication last applied from the publisher whose key id is
/// `key_id`, if any.
pub fn last_applied(store: &Store, key_id: &str) -> Result<Option<AppliedPublication>, CatalogError> {
    let state: Option<Applied> = store.crawl_state(&format!("snapshot:{key_id}"))?;
    Ok(state.filter(|a| a.sequence > 0).map(|a| AppliedPublication {
        address: a.address,
        sequence: a.sequence,
        published_at: a.published_at,
    }))
}
