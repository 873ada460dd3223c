//! The one error shape the webview receives: a kind it can act on, and a
//! message for the user. Messages never hold a secret: the engine's errors
//! do not carry them (its `Secret` type prints as `***`).

use serde::Serialize;
use skills_guide_catalog::install::InstallError;
use skills_guide_catalog::snapshot::SnapshotError;
use skills_guide_catalog::CatalogError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// A long job holds the catalog; try again when it ends.
    Busy,
    NotFound,
    /// The install policy refused.
    Policy,
    BadInput,
    Failed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct CmdError {
    pub kind: ErrorKind,
    pub message: String,
    /// For `policy`: which rule refused, so the UI offers the right way on
    /// (`rejected`: none; `not_vetted`: install anyway; `foreign` or
    /// `edited`: replace).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
}

impl CmdError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> CmdError {
        CmdError { kind, message: message.into(), reason: None }
    }

    pub fn busy(job: &str) -> CmdError {
        CmdError::new(ErrorKind::Busy, format!("the catalog is busy ({job}); try again when it ends"))
    }

    pub fn bad_input(message: impl Into<String>) -> CmdError {
        CmdError::new(ErrorKind::BadInput, message)
    }

    pub fn failed(message: impl Into<String>) -> CmdError {
        CmdError::new(ErrorKind::Failed, message)
    }
}

fn catalog_kind(e: &CatalogError) -> ErrorKind {
    match e {
        CatalogError::NotFound(_) | CatalogError::Ambiguous(..) => ErrorKind::NotFound,
        CatalogError::BadSource(_) => ErrorKind::BadInput,
        CatalogError::Snapshot(SnapshotError::NoKey | SnapshotError::Key(_) | SnapshotError::Rollback { .. }) => {
            ErrorKind::BadInput
        }
        _ => ErrorKind::Failed,
    }
}

impl From<CatalogError> for CmdError {
    fn from(e: CatalogError) -> Self {
        let message = match &e {
            CatalogError::Snapshot(SnapshotError::NoKey) => format!("{e} (give the publisher's key in Settings)"),
            _ => e.to_string(),
        };
        CmdError::new(catalog_kind(&e), message)
    }
}

impl From<InstallError> for CmdError {
    fn from(e: InstallError) -> Self {
        let reason = match &e {
            InstallError::Rejected { .. } => Some("rejected"),
            InstallError::NotVetted { .. } => Some("not_vetted"),
            InstallError::Foreign(_) => Some("foreign"),
            InstallError::Edited(_) => Some("edited"),
            _ => None,
        };
        let kind = match &e {
            InstallError::Catalog(c) => catalog_kind(c),
            InstallError::Rejected { .. }
            | InstallError::NotVetted { .. }
            | InstallError::Foreign(_)
            | InstallError::Edited(_) => ErrorKind::Policy,
            InstallError::BadName(_) | InstallError::NoProject(_) => ErrorKind::BadInput,
            InstallError::NotInstalled { .. } => ErrorKind::NotFound,
            _ => ErrorKind::Failed,
        };
        // The CLI's wording names its flags; the app has a checkbox instead.
        let message = e
            .to_string()
            .replace("then pass --allow-unverified to install it anyway", "then choose to install it anyway")
            .replace(
                "(--force replaces its files with the skill's, keeping the others)",
                "(choose Replace to overwrite its files with the skill's, keeping the others)",
            )
            .replace("(--force replaces or removes it)", "(choose Replace to overwrite it)")
            .replace("pass --name NAME with a valid one", "give it a valid folder name");
        CmdError { reason, ..CmdError::new(kind, message) }
    }
}
