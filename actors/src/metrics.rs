//! Metric names and recording helpers (the `metrics` facade; an exporter is the embedder's choice).
//!
//! Without an installed recorder every call here is a cheap no-op.

use std::time::Duration;

use jacobian_runtime::ExecutionStatus;

/// Runs admitted to an episode, by capability.
pub const RUNS_STARTED: &str = "jacobian_runs_started_total";
/// Runs finished, by capability and status.
pub const RUNS_FINISHED: &str = "jacobian_runs_finished_total";
/// Runs waiting for an execution slot.
pub const QUEUE_DEPTH: &str = "jacobian_queue_depth";
/// Runs holding an execution slot (including adapter threads still running past a deadline).
pub const IN_FLIGHT: &str = "jacobian_runs_in_flight";
/// Wall time of finished runs, in seconds, by capability.
pub const RUN_DURATION: &str = "jacobian_run_duration_seconds";
/// Adapter invocations that ran past their deadline and grace, by capability.
pub const OVERRUNS: &str = "jacobian_adapter_overruns_total";
/// Adapter panics, by capability.
pub const PANICS: &str = "jacobian_adapter_panics_total";

/// Worker slots of a backend pool, by backend.
pub const BACKEND_WORKERS: &str = "jacobian_backend_workers";
/// Workers serving a program or starting, by backend.
pub const BACKEND_BUSY: &str = "jacobian_backend_busy";
/// Programs waiting for a worker, by backend.
pub const BACKEND_QUEUE: &str = "jacobian_backend_queue_depth";
/// Worker processes started, by backend.
pub const BACKEND_SPAWNS: &str = "jacobian_backend_spawns_total";
/// Workers replaced after a failure (crash, garbage, a start that hung), by backend.
pub const BACKEND_RESTARTS: &str = "jacobian_backend_restarts_total";
/// Interrupts sent to a backend for a cancelled or timed-out run, by backend.
pub const BACKEND_INTERRUPTS: &str = "jacobian_backend_interrupts_total";
/// Workers killed because they did not come back from an interrupt in time, by backend.
pub const BACKEND_KILLS: &str = "jacobian_backend_kills_total";
/// Time a program waited for a worker, in seconds, by backend.
pub const BACKEND_WAIT: &str = "jacobian_backend_wait_seconds";
/// Time a worker took to answer a program, in seconds, by backend.
pub const BACKEND_LATENCY: &str = "jacobian_backend_run_seconds";

pub(crate) fn run_started(capability: &str) {
    metrics::counter!(RUNS_STARTED, "capability" => capability.to_owned()).increment(1);
}

pub(crate) fn run_finished(capability: &str, status: ExecutionStatus, wall: Duration) {
    metrics::counter!(RUNS_FINISHED, "capability" => capability.to_owned(), "status" => status.as_str()).increment(1);
    metrics::histogram!(RUN_DURATION, "capability" => capability.to_owned()).record(wall.as_secs_f64());
}

pub(crate) fn scheduler_gauges(queued: usize, in_flight: usize) {
    metrics::gauge!(QUEUE_DEPTH).set(queued as f64);
    metrics::gauge!(IN_FLIGHT).set(in_flight as f64);
}

pub(crate) fn overrun(capability: &str) {
    metrics::counter!(OVERRUNS, "capability" => capability.to_owned()).increment(1);
}

pub(crate) fn panic(capability: &str) {
    metrics::counter!(PANICS, "capability" => capability.to_owned()).increment(1);
}

/// Worker nodes on a replica's board.
pub const WORKERS: &str = "jacobian_workers";
/// A worker node's slots, by worker.
pub const WORKER_SLOTS: &str = "jacobian_worker_slots";
/// Runs a worker node last reported (running and queued), by worker.
pub const WORKER_LOAD: &str = "jacobian_worker_load";
/// Runs this replica placed on a worker node and has not seen end, by worker.
pub const WORKER_PLACED: &str = "jacobian_worker_placed";
/// Runs placed on worker nodes, by worker and end (`answered`, `lost`).
pub const WORKER_RUNS: &str = "jacobian_worker_runs_total";
/// Worker nodes lost (silent for the lease), by worker.
pub const WORKERS_LOST: &str = "jacobian_workers_lost_total";

pub(crate) fn workers_alive(n: usize) {
    metrics::gauge!(WORKERS).set(n as f64);
}

pub(crate) fn worker_gauges(worker: &str, slots: usize, load: usize, placed: usize) {
    let w = worker.to_owned();
    metrics::gauge!(WORKER_SLOTS, "worker" => w.clone()).set(slots as f64);
    metrics::gauge!(WORKER_LOAD, "worker" => w.clone()).set(load as f64);
    metrics::gauge!(WORKER_PLACED, "worker" => w).set(placed as f64);
}

pub(crate) fn worker_run(worker: &str, end: &'static str) {
    metrics::counter!(WORKER_RUNS, "worker" => worker.to_owned(), "end" => end).increment(1);
}

pub(crate) fn worker_lost(worker: &str) {
    metrics::counter!(WORKERS_LOST, "worker" => worker.to_owned()).increment(1);
}
