//! Backend pools: warm, confined, supervised PARI/GP, Singular and GAP processes that adapters
//! reach through the [`BackendPort`] in their run's context.
//!
//! ```text
//! Root ─ BackendSupervisor ─ Pool (one per available backend) ─ Worker × N ─ child process
//! ```
//!
//! A run is admitted by the budget scheduler as any other; its adapter, on its blocking thread,
//! borrows a warm process from the pool's lender (first come, first served), writes its framed
//! [`Program`] and reads the reply on the process's own pipes, and gives the process back. So a
//! warm run costs what driving the backend directly costs, plus a lock. A cancellation or a
//! deadline ends the wait at once; the process then goes back to its worker actor, which
//! interrupts it or replaces it. Every process runs under the sandbox
//! (`jacobian_runtime::sandbox`).

mod pool;
pub(crate) mod process;
mod protocol;
mod worker;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dashmap::DashMap;
use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::backend::{
    BackendKind, BackendPort, BackendStatus, Found, Isolation, Program, Reply, version_at_least,
};
use jacobian_runtime::sandbox::Limits;
use ractor::{Actor, ActorProcessingErr, ActorRef, SupervisionEvent};
use serde::Serialize;

use crate::restart::RestartBudget;
use pool::{Lender, Pool, PoolArgs, PoolMsg, WorkerEnd};
use process::{Exchange, Stop};
use worker::WorkerMsg;

/// How the backend pools are sized and confined (operator policy).
#[derive(Debug, Clone)]
pub struct BackendPolicy {
    /// Warm workers per backend (default: min(2, cores)).
    pub workers: usize,
    /// Limits of every worker process.
    pub limits: Limits,
    /// How long an interrupted backend has to come back to its prompt before it is killed.
    pub grace: Duration,
    /// Backends not to start even when installed.
    pub disabled: Vec<BackendKind>,
    /// Executables to use instead of the ones found on `PATH`.
    pub executables: Vec<(BackendKind, PathBuf)>,
    /// Start every worker when the runtime starts (a server), rather than on a pool's first
    /// program (the default: an embedder or a one-shot command starts only what it uses).
    pub eager: bool,
}

impl Default for BackendPolicy {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        BackendPolicy {
            workers: cores.min(2),
            limits: Limits::default(),
            grace: Duration::from_millis(200),
            disabled: vec![],
            executables: vec![],
            eager: false,
        }
    }
}

/// A pool's counters and state, for `jacobian doctor` and tests.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PoolStats {
    /// Which backend.
    pub backend: Option<BackendKind>,
    /// Worker slots.
    pub workers: usize,
    /// Workers serving a program or starting.
    pub busy: usize,
    /// Workers ready for a program.
    pub ready: usize,
    /// Programs waiting for a worker.
    pub queued: usize,
    /// Programs handed to a worker since start.
    pub served: u64,
    /// Workers replaced after a failure.
    pub restarts: u64,
    /// Workers replaced because a program may have left globals behind or their CPU limit
    /// was near.
    pub recycled: u64,
    /// Workers killed because they did not return from an interrupt within the grace.
    pub kills: u64,
    /// Whether the pool refuses programs after repeated failures.
    pub circuit_open: bool,
}

/// The backend pools of one runtime: probes what is installed, starts the pools, and serves
/// adapters' programs.
pub struct BackendPools {
    statuses: Vec<BackendStatus>,
    pools: DashMap<BackendKind, (ActorRef<PoolMsg>, Arc<Lender>)>,
    policy: BackendPolicy,
}

impl BackendPools {
    /// Probes every backend (executable, version, launcher) without starting a session.
    pub(crate) fn probe(policy: BackendPolicy) -> Self {
        let launcher = jacobian_runtime::sandbox::launcher();
        // Each backend's executable asked for its version, all at once: the operator's path when
        // the policy names one, else the usual one (probed once per process).
        let found: Vec<Found> = std::thread::scope(|s| {
            let probes: Vec<_> = BackendKind::ALL
                .iter()
                .map(|&backend| {
                    let path = policy.executables.iter().find(|(b, _)| *b == backend).map(|(_, p)| p.clone());
                    s.spawn(move || match path {
                        Some(path) => backend.probe(Some(path)),
                        None => backend.found().clone(),
                    })
                })
                .collect();
            probes.into_iter().map(|p| p.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
        });
        let statuses = BackendKind::ALL
            .iter()
            .zip(found)
            .map(|(&backend, Found { executable: exe, version })| {
                let reason = if policy.disabled.contains(&backend) {
                    Some("disabled by the operator policy".to_owned())
                } else if exe.is_none() {
                    Some(format!("not installed: install the Debian package {}", backend.packages()))
                } else if !version.as_deref().is_some_and(|v| version_at_least(v, backend.minimum_version())) {
                    let need = backend.minimum_version().iter().map(u32::to_string).collect::<Vec<_>>().join(".");
                    Some(format!(
                        "version {} is older than {need}: install a current {}",
                        version.as_deref().unwrap_or("unknown"),
                        backend.packages()
                    ))
                } else {
                    launcher.as_ref().err().map(ToString::to_string)
                };
                BackendStatus {
                    backend,
                    executable: exe.map(|p| p.display().to_string()),
                    version,
                    available: reason.is_none(),
                    reason,
                }
            })
            .collect();
        BackendPools { statuses, pools: DashMap::new(), policy }
    }

    /// Whether a backend can serve programs here.
    pub(crate) fn available(&self, backend: BackendKind) -> bool {
        self.status(backend).available
    }

    /// Every backend's status.
    pub fn statuses(&self) -> &[BackendStatus] {
        &self.statuses
    }

    /// Counters of every running pool.
    pub async fn stats(&self) -> Vec<PoolStats> {
        let pools: Vec<_> = self.pools.iter().map(|p| p.value().0.clone()).collect();
        let mut out = vec![];
        for pool in pools {
            if let Ok(stats) = ractor::call_t!(pool, PoolMsg::Stats, 1000) {
                out.push(stats);
            }
        }
        out.sort_by_key(|s| s.backend);
        out
    }
}

impl BackendPort for BackendPools {
    fn run(&self, program: &Program, ctx: &AdapterContext) -> Result<Reply, AdapterError> {
        let backend = program.backend();
        let Some((pool, lender)) = self.pools.get(&backend).map(|p| p.value().clone()) else {
            return Err(AdapterError::Backend(match self.status(backend).reason {
                Some(why) => format!("{backend} is unavailable: {why}"),
                None => format!("the {backend} pool is restarting; retry"),
            }));
        };
        if lender.first_use() {
            let _ = pool.cast(PoolMsg::Start);
        }
        let queued = Instant::now();
        let mut process = lender.borrow(ctx.deadline, &ctx.cancel)?;
        counters::waited(backend, queued.elapsed());
        let started = Instant::now();
        let exchange = process.exchange(program, ctx.deadline, Some(&ctx.cancel), false);
        let took = started.elapsed();
        counters::ran(backend, took);
        match exchange {
            Exchange::Frame(frame) => {
                let dirty = program.isolation() == Isolation::DefinesGlobals || frame.globals != process.baseline;
                if dirty || process.worn(&self.policy.limits, took) {
                    // Globals may survive in this process, or its CPU limit is near: replace it.
                    send_back(process, |p| WorkerMsg::Retire(p, WorkerEnd::Recycled));
                } else {
                    process.clear_scratch();
                    lender.give(process);
                }
                match frame.status {
                    Ok(()) => Ok(Reply { lines: frame.payload }),
                    Err(message) => Err(AdapterError::Backend(format!("{backend}: {message}"))),
                }
            }
            Exchange::Broken(why) => {
                let error = AdapterError::Backend(format!("{backend} worker failed: {why}"));
                send_back(process, |p| WorkerMsg::Retire(p, WorkerEnd::Failed(why)));
                Err(error)
            }
            Exchange::Stopped(stop) => {
                // The run is answered now; the worker brings the backend back, or replaces it.
                send_back(process, WorkerMsg::Recover);
                Err(match stop {
                    Stop::Cancelled => AdapterError::Cancelled,
                    Stop::Deadline => AdapterError::DeadlineExceeded,
                })
            }
        }
    }

    fn status(&self, backend: BackendKind) -> BackendStatus {
        self.statuses.iter().find(|s| s.backend == backend).cloned().unwrap_or(BackendStatus {
            backend,
            executable: None,
            version: None,
            available: false,
            reason: Some("unknown backend".into()),
        })
    }
}

/// Hands a borrowed process back to the worker actor that owns it, as `msg`.
fn send_back(process: process::Process, msg: impl FnOnce(process::Process) -> WorkerMsg) {
    if let Some(owner) = process.owner.clone() {
        let _ = owner.cast(msg(process));
    }
}

/// Starts one pool per available backend that an installed capability needs, and restarts a
/// pool that fails (a bug: pools handle their workers' failures themselves).
pub(crate) struct BackendSupervisor;

pub(crate) struct BackendSupState {
    pools: Arc<BackendPools>,
    needed: Vec<BackendKind>,
    restarts: RestartBudget,
}

impl Actor for BackendSupervisor {
    type Msg = ();
    type State = BackendSupState;
    type Arguments = (Arc<BackendPools>, Vec<BackendKind>);

    async fn pre_start(
        &self,
        myself: ActorRef<()>,
        (pools, needed): (Arc<BackendPools>, Vec<BackendKind>),
    ) -> Result<BackendSupState, ActorProcessingErr> {
        for &backend in &needed {
            start_pool(&myself, &pools, backend).await?;
        }
        Ok(BackendSupState { pools, needed, restarts: RestartBudget::core() })
    }

    async fn handle_supervisor_evt(
        &self,
        myself: ActorRef<()>,
        event: SupervisionEvent,
        st: &mut BackendSupState,
    ) -> Result<(), ActorProcessingErr> {
        let (cell, why) = match event {
            SupervisionEvent::ActorFailed(cell, err) => (cell, err.to_string()),
            SupervisionEvent::ActorTerminated(cell, _, reason) => (cell, reason.unwrap_or_else(|| "stopped".into())),
            _ => return Ok(()),
        };
        let Some(backend) = st.pools.pools.iter().find(|p| p.value().0.get_id() == cell.get_id()).map(|p| *p.key())
        else {
            return Ok(());
        };
        st.pools.pools.remove(&backend);
        if !st.needed.contains(&backend) || !st.restarts.allow() {
            tracing::error!(%backend, %why, "backend pool stopped for good");
            return Ok(());
        }
        tracing::warn!(%backend, %why, "restarting backend pool");
        start_pool(&myself, &st.pools, backend).await
    }

    async fn post_stop(&self, _: ActorRef<()>, st: &mut BackendSupState) -> Result<(), ActorProcessingErr> {
        st.pools.pools.clear();
        Ok(())
    }
}

async fn start_pool(
    myself: &ActorRef<()>,
    pools: &Arc<BackendPools>,
    backend: BackendKind,
) -> Result<(), ActorProcessingErr> {
    let status = pools.status(backend);
    let Some(executable) = status.executable.filter(|_| status.available).map(PathBuf::from) else { return Ok(()) };
    let workers = pools.policy.workers.max(1);
    let lender = Arc::new(Lender::new(backend, workers, pools.policy.eager));
    let args = PoolArgs { backend, executable, policy: pools.policy.clone(), lender: Arc::clone(&lender) };
    let (pool, _) = Actor::spawn_linked(None, Pool, args, myself.get_cell()).await?;
    pools.pools.insert(backend, (pool, lender));
    Ok(())
}

/// Prometheus metrics of the pools.
pub(crate) mod counters {
    use std::time::Duration;

    use jacobian_runtime::backend::BackendKind;

    pub(crate) fn shelf(backend: BackendKind, workers: usize, idle: usize, waiting: usize) {
        let b = backend.name();
        metrics::gauge!(crate::metrics::BACKEND_WORKERS, "backend" => b).set(workers as f64);
        metrics::gauge!(crate::metrics::BACKEND_BUSY, "backend" => b).set(workers.saturating_sub(idle) as f64);
        metrics::gauge!(crate::metrics::BACKEND_QUEUE, "backend" => b).set(waiting as f64);
    }
    pub(crate) fn spawned(backend: BackendKind) {
        metrics::counter!(crate::metrics::BACKEND_SPAWNS, "backend" => backend.name()).increment(1);
    }
    pub(crate) fn restarted(backend: BackendKind) {
        metrics::counter!(crate::metrics::BACKEND_RESTARTS, "backend" => backend.name()).increment(1);
    }
    pub(crate) fn interrupted(backend: BackendKind) {
        metrics::counter!(crate::metrics::BACKEND_INTERRUPTS, "backend" => backend.name()).increment(1);
    }
    pub(crate) fn killed(backend: BackendKind) {
        metrics::counter!(crate::metrics::BACKEND_KILLS, "backend" => backend.name()).increment(1);
    }
    pub(crate) fn waited(backend: BackendKind, wait: Duration) {
        metrics::histogram!(crate::metrics::BACKEND_WAIT, "backend" => backend.name()).record(wait.as_secs_f64());
    }
    pub(crate) fn ran(backend: BackendKind, took: Duration) {
        metrics::histogram!(crate::metrics::BACKEND_LATENCY, "backend" => backend.name()).record(took.as_secs_f64());
    }
}
