//! Jacobian's contract: the types, rules and stores every other crate builds on.
//!
//! - [`contract`]: capability descriptors, requests and results (contract version 2).
//! - [`adapter`] and [`typed`]: how a capability is written; [`checker`]: how evidence is replayed.
//! - [`schema`]: JSON Schema compilation and validation with JSON Pointer diagnostics.
//! - [`canonical`]: canonical JSON and SHA-256 digests.
//! - [`artifact`]: the content-addressed store; [`verification`]: verification records.
//! - [`catalog`]: registration and discovery; [`policy`]: operator policy and checker authority.
//! - [`invoke`]: the synchronous parts of a call (parsing, result assembly, contract checks).
//! - [`objects`]: canonical mathematical objects.
//! - [`backend`]: programs for the computer-algebra backends, and the port adapters reach them by.
//! - [`sandbox`]: how every child process is confined.
//!
//! This crate has no actors, no transport and no solver: it depends on no other workspace
//! crate, and neither on ractor, rmcp nor z3.

#![deny(missing_docs)]

pub mod adapter;
pub mod artifact;
pub mod backend;
pub mod canonical;
pub mod catalog;
pub mod checker;
pub mod contract;
mod error;
pub mod invoke;
pub mod objects;
pub mod policy;
pub mod sandbox;
pub mod schema;
pub mod typed;
pub mod verification;

pub use adapter::{
    AdapterContext, AdapterError, CapabilityAdapter, Outcome, PrepareContext, PreparedRun, SharedAdapter,
};
pub use artifact::{ArtifactReader, ArtifactStore, ArtifactUri};
pub use canonical::Digest;
pub use checker::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, SharedChecker, Verdict};
pub use contract::{
    AssuranceLevel, CapabilityDescriptor, CapabilityRequest, CapabilityResult, Diagnostic, ExecutionStatus, Mode,
    Scope, Stage,
};
pub use error::{Error, Result};
pub use tokio_util::sync::CancellationToken;
