//! Restart intensity: at most N restarts within a window, as in OTP supervisors.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Tracks recent restarts of one child.
#[derive(Debug)]
pub(crate) struct RestartBudget {
    max: usize,
    window: Duration,
    recent: VecDeque<Instant>,
}

impl RestartBudget {
    pub(crate) fn new(max: usize, window: Duration) -> Self {
        RestartBudget { max, window, recent: VecDeque::new() }
    }

    /// Checkers hold no state between checks, so restarting is cheap; a checker that keeps
    /// dying (three times in ten seconds) is a bug to surface, not to hide by restarting.
    pub(crate) fn checker() -> Self {
        Self::new(3, Duration::from_secs(10))
    }

    /// The core actors (scheduler, supervisors) are restarted the same way; beyond that the
    /// runtime stops rather than limp on.
    pub(crate) fn core() -> Self {
        Self::new(3, Duration::from_secs(10))
    }

    /// Records a restart attempt; false when the budget is spent.
    pub(crate) fn allow(&mut self) -> bool {
        let now = Instant::now();
        while self.recent.front().is_some_and(|t| now.duration_since(*t) > self.window) {
            self.recent.pop_front();
        }
        if self.recent.len() >= self.max {
            return false;
        }
        self.recent.push_back(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allows_up_to_max_within_the_window() {
        let mut b = RestartBudget::new(2, Duration::from_millis(40));
        assert!(b.allow());
        assert!(b.allow());
        assert!(!b.allow());
        std::thread::sleep(Duration::from_millis(50));
        assert!(b.allow());
    }
}
