//! The checker contract: independent replay of evidence, returning a verdict as data.
//!
//! A checker sees the evidence and a read-only view of the artifact store, nothing else. It
//! never learns which adapter produced the evidence, and adapters have no way to reach it.

use std::sync::Arc;
use std::time::Instant;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use crate::artifact::{ArtifactReader, ArtifactUri};
use crate::canonical::Digest;
use crate::contract::Scope;

/// Who a checker is, exactly. The operator authorizes identities, not names.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckerIdentity {
    /// Stable id, e.g. `jacobian.check.magma_law_replay`.
    pub id: String,
    /// Version of the checker's code.
    pub version: String,
    /// `sha256:<hex>` of the checker's source, so an edited checker is a different identity.
    pub digest: String,
}

impl CheckerIdentity {
    /// An identity whose digest is computed from the checker's source text.
    pub fn from_source(id: &str, version: &str, source: &str) -> Self {
        CheckerIdentity {
            id: id.to_owned(),
            version: version.to_owned(),
            digest: Digest::of_bytes(source.as_bytes()).prefixed(),
        }
    }
}

/// Evidence submitted for an independent check, bound to an exact claim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Evidence {
    /// The evidence kind, which selects the checker (e.g. `graph.induced_tree.maximum/v1`).
    pub kind: String,
    /// The claim, canonical JSON.
    pub claim: Value,
    /// The semantics identifier under which the claim is read.
    pub semantics: String,
    /// The candidate: a witness, a model, a certificate, or its summary.
    pub candidate: Value,
    /// The scope the claim is about; the checker's acceptance covers exactly this.
    pub scope: Scope,
    /// The certificate format of the candidate.
    pub certificate_format: String,
    /// Artifacts the candidate refers to (a proof file, a stored graph).
    #[serde(default)]
    pub artifacts: Vec<ArtifactUri>,
}

impl Evidence {
    /// Digest of the canonical claim.
    pub fn claim_digest(&self) -> Digest {
        Digest::of_value(&self.claim)
    }
    /// Digest of the canonical candidate.
    pub fn candidate_digest(&self) -> Digest {
        Digest::of_value(&self.candidate)
    }
    /// Digest of the canonical scope.
    pub fn scope_digest(&self) -> Digest {
        // Scope is plain data; serializing it cannot fail.
        Digest::of_serialize(&self.scope).unwrap_or_else(|_| Digest::of_bytes(b""))
    }
}

/// One reason a checker rejected evidence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Finding {
    /// SCREAMING_SNAKE_CASE code, e.g. `CLAUSE_NOT_SATISFIED`.
    pub code: String,
    /// What failed to replay.
    pub message: String,
    /// JSON Pointer into the evidence, when the failure has a place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

impl Finding {
    /// A finding without a place.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        Finding { code: code.into(), message: message.into(), path: None }
    }
    /// A finding about the evidence at `path`.
    pub fn at(path: impl Into<String>, code: impl Into<String>, message: impl Into<String>) -> Self {
        Finding { code: code.into(), message: message.into(), path: Some(path.into()) }
    }
}

/// A checker's decision. Data, not an error: rejection is a normal, informative answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "verdict", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Verdict {
    /// The evidence establishes the claim within its scope.
    Accepted {
        /// What was replayed, for the record (e.g. `65536 subsets examined`).
        summary: String,
    },
    /// The evidence does not establish the claim.
    Rejected {
        /// Every reason found.
        findings: Vec<Finding>,
    },
    /// The checker cannot decide (unsupported size, ill-formed for this checker).
    Inconclusive {
        /// Why.
        reason: String,
    },
}

/// What a checker may use: the evidence's artifacts (read-only), a deadline, a cancellation token.
#[derive(Clone)]
pub struct CheckContext {
    /// Read-only access to the artifacts the evidence names.
    pub artifacts: ArtifactReader,
    /// Fires when the run is cancelled or its deadline passes.
    pub cancel: CancellationToken,
    /// When the check must have finished.
    pub deadline: Instant,
}

impl CheckContext {
    /// True once the check should stop.
    pub fn should_stop(&self) -> bool {
        self.cancel.is_cancelled() || Instant::now() >= self.deadline
    }
}

/// Infrastructure faults of a check (not verdicts).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckError {
    /// The check was cancelled or ran out of time.
    #[error("the check was interrupted before a verdict")]
    Interrupted,
    /// An artifact the evidence names could not be read.
    #[error(transparent)]
    Artifact(#[from] crate::Error),
}

/// An independent checker: replays evidence of the kinds it accepts, on its own code path.
pub trait Checker: Send + Sync + 'static {
    /// The exact identity the operator authorizes.
    fn identity(&self) -> &CheckerIdentity;

    /// The evidence kinds this checker replays.
    fn evidence_kinds(&self) -> &[&'static str];

    /// Replays `evidence`. Must not trust anything in it that it can recompute; must return
    /// `Rejected` (never `Accepted`) for anything it cannot fully replay within its scope.
    fn check(&self, evidence: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError>;
}

/// A shared checker.
pub type SharedChecker = Arc<dyn Checker>;
