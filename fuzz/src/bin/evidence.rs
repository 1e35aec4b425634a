//! Fuzz target: every bundled checker's evidence reader and replay.

use std::sync::Arc;
use std::time::{Duration, Instant};

use jacobian_runtime::artifact::{ArtifactReader, ArtifactStore, MemoryArtifactStore};
use jacobian_runtime::{CancellationToken, CheckContext, Evidence};

fn main() {
    // The state outlives a panicking input only to report it; nothing is reused after one.
    let checkers = std::panic::AssertUnwindSafe(jacobian_checkers::bundled());
    let store: std::panic::AssertUnwindSafe<Arc<dyn ArtifactStore>> =
        std::panic::AssertUnwindSafe(Arc::new(MemoryArtifactStore::new()));
    afl::fuzz!(|data: &[u8]| {
        if let Some((k, value)) = jacobian_fuzz::selector_and_json(data)
            && let Ok(evidence) = serde_json::from_value::<Evidence>(value)
        {
            let checker = &checkers[k as usize % checkers.len()];
            let cx = CheckContext {
                artifacts: ArtifactReader::new(Arc::clone(&*store)),
                cancel: CancellationToken::new(),
                deadline: Instant::now() + Duration::from_secs(2),
            };
            let _ = checker.check(&evidence, &cx);
        }
    });
}
