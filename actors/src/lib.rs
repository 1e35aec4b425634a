//! Jacobian's concurrent runtime on ractor: the budget scheduler, one episode task per run,
//! one actor per installed capability, a separately supervised checker tree, and the
//! cloneable [`Jacobian`] handle that the MCP server, the CLI and embedders all call.
//!
//! ```text
//! Jacobian handle ─ Episode (per run) ─ BudgetScheduler ─ CheckerSupervisor ─ Checker actors
//!                          └─ Capability actor ─ blocking thread ─ adapter
//! Root supervisor ─ { Scheduler, CapabilitySupervisor ─ Capability actors, CheckerSupervisor }
//! ```

#![deny(missing_docs)]

mod backends;
mod capability;
mod checking;
mod cpu;
mod episode;
mod error;
mod health;
mod jacobian;
pub mod metrics;
pub mod packages;
pub mod quotas;
mod reasoning;
mod records;
mod restart;
mod root;
mod scheduler;
mod shared;
mod tenants;
mod workers;

pub use backends::{BackendPolicy, BackendPools, PoolStats};
pub use error::JacobianError;
pub use health::{Health, HealthPolicy, HealthStatus};
pub use jacobian::{CheckerInfo, Jacobian, JacobianBuilder, RunOptions};
pub use reasoning::{ActualOutcome, BindingReport, EntryKind, ReasoningEntry, ReportedOutcome, WriteAck};
pub use records::{Durability, EpisodeRecord, ExperimentView};
pub use scheduler::SchedulerSnapshot;
pub use tenants::TenantId;
pub use workers::WorkerStatus;
