//! Jacobian: an MCP server, CLI and embeddable runtime of composable, checkable mathematical
//! capabilities.
//!
//! This crate is the composition root: it registers the bundled adapters and checkers with
//! the actor runtime and projects it over MCP and the command line.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use jacobian::runtime::{CapabilityRequest, Mode};
//! let jac = jacobian::builder().build().await?;
//! let result = jac.run(CapabilityRequest::new("integer.compute.gcd", serde_json::json!({"a": 84, "b": 36})).mode(Mode::Verify)).await;
//! assert_eq!(result.output["gcd"], "12");
//! # Ok(()) }
//! ```

pub use jacobian_actors::packages::{self, PackageReport, PackageStats};
pub use jacobian_actors::{
    BackendPolicy, BackendPools, CheckerInfo, Durability, EntryKind, ExperimentView, Health, HealthPolicy,
    HealthStatus, Jacobian, JacobianBuilder, JacobianError, PoolStats, ReasoningEntry, ReportedOutcome, RunOptions,
    SchedulerSnapshot, TenantId, WriteAck,
};
pub use jacobian_runtime as runtime;

pub mod cli;
pub mod mcp;
pub mod package_check;
pub mod render;
pub mod sandbox;

use jacobian_runtime::objects::ObjectRegistry;

/// A builder preloaded with every bundled capability and checker (the checkers are
/// authorized unless the operator configuration says `[checkers] bundled = false`).
pub fn builder() -> JacobianBuilder {
    let objects = ObjectRegistry::bundled();
    Jacobian::builder()
        .bundled_adapters(jacobian_adapters::bundled(&objects))
        .bundled_checkers(jacobian_checkers::bundled())
        .objects(objects)
}

/// The backends linked into this build and their versions, for `jacobian doctor`.
pub fn backends() -> serde_json::Value {
    use jacobian_adapters::backends::{NUM_BIGINT_VERSION, PETGRAPH_VERSION, z3_version};
    serde_json::json!([
        {"name": "num-bigint", "version": NUM_BIGINT_VERSION, "kind": "bundled crate"},
        {"name": "petgraph", "version": PETGRAPH_VERSION, "kind": "bundled crate"},
        {"name": "z3", "version": z3_version(), "kind": "shared library"},
    ])
}
