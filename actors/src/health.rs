//! Capability health: bounded failure intensity, circuit-breaker style.
//!
//! An adapter that panics or fails its actor N times within a window is UNHEALTHY: it leaves
//! the visible catalog and calls are refused with a health diagnostic, until a cool-down has
//! passed and it is given another chance. An adapter whose blocking work keeps running past
//! its deadline (ignoring cancellation) is DEGRADED: still offered, but flagged.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use dashmap::DashMap;
use schemars::JsonSchema;
use serde::Serialize;

/// Limits of the health policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HealthPolicy {
    /// Failures (panics, actor crashes) tolerated within `failure_window`...
    pub failure_limit: usize,
    /// ...this window; one more makes the capability UNHEALTHY.
    pub failure_window: Duration,
    /// How long an UNHEALTHY capability stays out before it is offered again.
    pub cooldown: Duration,
    /// Deadline overruns within `overrun_window` that make a capability DEGRADED.
    pub overrun_limit: usize,
    /// Window for overruns.
    pub overrun_window: Duration,
}

impl Default for HealthPolicy {
    fn default() -> Self {
        // OTP's default intensity is one restart in five seconds; adapters are stateless and
        // cheap to restart, so a few more failures are tolerated before the circuit opens.
        HealthPolicy {
            failure_limit: 5,
            failure_window: Duration::from_secs(60),
            cooldown: Duration::from_secs(60),
            overrun_limit: 3,
            overrun_window: Duration::from_secs(300),
        }
    }
}

/// A capability's health, as reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum HealthStatus {
    /// Serving normally.
    Healthy,
    /// Serving, but its work has repeatedly outlived deadlines.
    Degraded,
    /// Out of the catalog until its cool-down ends.
    Unhealthy,
}

/// The health of one capability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Health {
    /// Status.
    pub status: HealthStatus,
    /// Why, when not healthy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Failures within the current window.
    pub recent_failures: usize,
    /// Overruns within the current window.
    pub recent_overruns: usize,
    /// Adapter threads still running past their run's deadline.
    pub running_past_deadline: usize,
}

#[derive(Debug)]
struct Cell {
    failures: VecDeque<Instant>,
    overruns: VecDeque<Instant>,
    unhealthy_until: Option<Instant>,
    reason: Option<String>,
    past_deadline: usize,
}

fn prune(q: &mut VecDeque<Instant>, window: Duration, now: Instant) {
    while q.front().is_some_and(|t| now.duration_since(*t) > window) {
        q.pop_front();
    }
}

/// Health of every capability.
#[derive(Debug, Default)]
pub(crate) struct HealthBoard {
    policy: HealthPolicy,
    cells: DashMap<String, Mutex<Cell>>,
}

impl HealthBoard {
    pub(crate) fn new(policy: HealthPolicy) -> Self {
        HealthBoard { policy, cells: DashMap::new() }
    }

    fn with<R>(&self, id: &str, f: impl FnOnce(&mut Cell, &HealthPolicy, Instant) -> R) -> R {
        let entry = self.cells.entry(id.to_owned()).or_insert_with(|| {
            Mutex::new(Cell {
                failures: VecDeque::new(),
                overruns: VecDeque::new(),
                unhealthy_until: None,
                reason: None,
                past_deadline: 0,
            })
        });
        let mut cell = entry.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut cell, &self.policy, Instant::now())
    }

    /// Records a failure; returns true when it opened the circuit.
    pub(crate) fn record_failure(&self, id: &str, reason: &str) -> bool {
        self.with(id, |c, p, now| {
            prune(&mut c.failures, p.failure_window, now);
            c.failures.push_back(now);
            if c.failures.len() > p.failure_limit && c.unhealthy_until.is_none_or(|t| t <= now) {
                c.unhealthy_until = Some(now + p.cooldown);
                c.reason = Some(format!(
                    "{} failures within {}s (last: {reason}); offered again after {}s",
                    c.failures.len(),
                    p.failure_window.as_secs(),
                    p.cooldown.as_secs()
                ));
                c.failures.clear();
                true
            } else {
                false
            }
        })
    }

    /// Records an adapter thread that outlived its deadline and grace.
    pub(crate) fn record_overrun(&self, id: &str) {
        self.with(id, |c, p, now| {
            prune(&mut c.overruns, p.overrun_window, now);
            c.overruns.push_back(now);
        })
    }

    /// Adjusts the count of adapter threads running past their deadline.
    pub(crate) fn past_deadline(&self, id: &str, delta: isize) {
        self.with(id, |c, _, _| c.past_deadline = c.past_deadline.saturating_add_signed(delta))
    }

    /// True unless the capability is inside an unhealthy cool-down.
    pub(crate) fn is_available(&self, id: &str) -> bool {
        match self.cells.get(id) {
            None => true,
            Some(cell) => {
                let c = cell.lock().unwrap_or_else(|p| p.into_inner());
                c.unhealthy_until.is_none_or(|t| t <= Instant::now())
            }
        }
    }

    /// The reported health of `id`.
    pub(crate) fn health(&self, id: &str) -> Health {
        self.with(id, |c, p, now| {
            prune(&mut c.failures, p.failure_window, now);
            prune(&mut c.overruns, p.overrun_window, now);
            let (status, reason) = if c.unhealthy_until.is_some_and(|t| t > now) {
                (HealthStatus::Unhealthy, c.reason.clone())
            } else if c.overruns.len() >= p.overrun_limit {
                (
                    HealthStatus::Degraded,
                    Some(format!(
                        "{} runs outlived their deadline within {}s",
                        c.overruns.len(),
                        p.overrun_window.as_secs()
                    )),
                )
            } else {
                (HealthStatus::Healthy, None)
            };
            Health {
                status,
                reason,
                recent_failures: c.failures.len(),
                recent_overruns: c.overruns.len(),
                running_past_deadline: c.past_deadline,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_beyond_the_limit_open_the_circuit_until_cooldown() {
        let board = HealthBoard::new(HealthPolicy {
            failure_limit: 2,
            failure_window: Duration::from_secs(60),
            cooldown: Duration::from_millis(50),
            ..HealthPolicy::default()
        });
        assert!(!board.record_failure("c", "panic"));
        assert!(!board.record_failure("c", "panic"));
        assert!(board.is_available("c"));
        assert!(board.record_failure("c", "panic"));
        assert!(!board.is_available("c"));
        assert_eq!(board.health("c").status, HealthStatus::Unhealthy);
        std::thread::sleep(Duration::from_millis(60));
        assert!(board.is_available("c"));
        assert_eq!(board.health("c").status, HealthStatus::Healthy);
        assert!(board.is_available("other"));
    }

    #[test]
    fn overruns_degrade() {
        let board = HealthBoard::new(HealthPolicy { overrun_limit: 2, ..HealthPolicy::default() });
        board.record_overrun("c");
        assert_eq!(board.health("c").status, HealthStatus::Healthy);
        board.record_overrun("c");
        assert_eq!(board.health("c").status, HealthStatus::Degraded);
        assert!(board.is_available("c"), "degraded capabilities are still offered");
    }
}
