//! The runtime's error type: infrastructure faults a caller can act on.
//!
//! Mathematical verdicts and request diagnostics are data ([`crate::Verdict`],
//! [`crate::Diagnostic`]); this type is for what went wrong around them.

use std::path::PathBuf;

/// Errors raised by the runtime's infrastructure (store, schemas, configuration).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An artifact URI or digest names nothing in the store.
    #[error("artifact {uri} does not exist")]
    ArtifactNotFound {
        /// The URI that was looked up.
        uri: String,
    },
    /// Stored bytes or their manifest do not match their digest.
    #[error("artifact {uri} is corrupted: {reason}")]
    ArtifactCorrupted {
        /// The artifact.
        uri: String,
        /// What did not match.
        reason: String,
    },
    /// An artifact exceeds the store's size limit.
    #[error("artifact of {size} bytes exceeds the store limit of {limit} bytes")]
    ArtifactTooLarge {
        /// Size offered.
        size: u64,
        /// The configured limit.
        limit: u64,
    },
    /// The same bytes were stored before under a different schema.
    #[error("artifact {uri} already exists with schema {existing}, not {offered}")]
    ArtifactConflict {
        /// The artifact.
        uri: String,
        /// Schema URI of the stored manifest.
        existing: String,
        /// Schema URI offered now.
        offered: String,
    },
    /// A write that would take a tenant past a quota the operator set.
    #[error("tenant {tenant} is at its {quota} quota ({used} of {limit}); nothing was written")]
    QuotaExceeded {
        /// The tenant.
        tenant: String,
        /// The quota's name in the operator configuration (`stored_bytes`, `artifacts`).
        quota: &'static str,
        /// What the tenant uses.
        used: u64,
        /// The limit.
        limit: u64,
    },
    /// A write that the caller is not allowed to make (a reserved schema, a dangling parent).
    #[error("artifact write refused: {reason}")]
    ArtifactRefused {
        /// Why.
        reason: String,
    },
    /// A malformed artifact URI.
    #[error("`{uri}` is not an artifact URI (expected artifact://sha256/<64 lowercase hex digits>)")]
    BadArtifactUri {
        /// The text offered.
        uri: String,
    },
    /// A filesystem operation failed.
    #[error("{context} ({}): {source}", path.display())]
    Io {
        /// What was being done.
        context: &'static str,
        /// The path involved.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
    /// The database behind a shared store failed or could not be reached.
    #[error("{context}: {reason}")]
    Database {
        /// What was being done.
        context: &'static str,
        /// What the database said.
        reason: String,
    },
    /// A schema that does not compile, or a descriptor that breaks the contract.
    #[error("capability {capability_id} cannot be registered: {reason}")]
    Registration {
        /// The capability.
        capability_id: String,
        /// Why.
        reason: String,
    },
    /// Operator configuration is malformed.
    #[error("configuration error: {0}")]
    Config(String),
    /// JSON (de)serialization failed.
    #[error("JSON: {0}")]
    Json(#[from] serde_json::Error),
}

impl Error {
    pub(crate) fn io(context: &'static str, path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io { context, path: path.into(), source }
    }
}

/// Shorthand for results with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
