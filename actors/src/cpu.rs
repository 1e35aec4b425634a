//! CPU time of the calling thread, for run accounting.

use std::time::Duration;

use nix::time::{ClockId, clock_gettime};

/// CPU time consumed so far by the calling thread (zero where the clock is unavailable).
pub(crate) fn thread_cpu_time() -> Duration {
    clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).map(Duration::from).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advances_with_work_on_this_thread() {
        let before = thread_cpu_time();
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        std::hint::black_box(x);
        assert!(thread_cpu_time() > before);
    }
}
