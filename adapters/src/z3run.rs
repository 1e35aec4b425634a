//! Running a Z3 check under a run's budget: the solver's own timeout is the time left, and a
//! watcher interrupts it the moment the run is cancelled or its deadline passes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use z3::{Context, Params, SatResult};

/// Runs `f` on a Z3 context of its own, made for this call and dropped after it. Z3 objects
/// built by `f` live in that context: what the thread's context saw before (declarations,
/// caches, the order terms were hash-consed in) cannot change the answer, so with Z3's fixed
/// default seeds and its single-threaded search the same request gets the same answer.
pub fn isolated<R: Send + Sync>(f: impl FnOnce() -> R + Send + Sync) -> R {
    z3::with_z3_config(&z3::Config::new(), f)
}

/// Solver parameters with `timeout` set to the run's remaining time.
pub fn params_for(ctx: &AdapterContext) -> Params {
    let mut params = Params::new();
    params.set_u32("timeout", ctx.remaining().as_millis().clamp(1, u128::from(u32::MAX)) as u32);
    params
}

/// Runs `check` (a solver's or optimizer's `check`) with an interrupt watcher on `z3`, then
/// maps an interrupted or timed-out answer to the run's own reason for stopping.
pub fn check(
    z3: &Context,
    ctx: &AdapterContext,
    check: impl FnOnce() -> SatResult,
    reason_unknown: impl FnOnce() -> Option<String>,
) -> Result<SatResult, AdapterError> {
    let done = AtomicBool::new(false);
    let handle = z3.handle();
    let result = std::thread::scope(|s| {
        s.spawn(|| {
            while !done.load(Ordering::Acquire) {
                if ctx.should_stop() {
                    handle.interrupt();
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        let r = check();
        done.store(true, Ordering::Release);
        r
    });
    ctx.checkpoint()?;
    match result {
        SatResult::Unknown => match reason_unknown() {
            Some(r) if r.contains("timeout") || r.contains("canceled") || r.contains("interrupted") => {
                Err(AdapterError::DeadlineExceeded)
            }
            r => Err(AdapterError::Backend(format!("Z3 gave up: {}", r.unwrap_or_default()))),
        },
        sat => Ok(sat),
    }
}
