//! Fuzz target: every bundled object kind's validation and canonicalization.

use jacobian_runtime::objects::ObjectRegistry;

fn main() {
    let registry = ObjectRegistry::bundled();
    // The state outlives a panicking input only to report it; nothing is reused after one.
    let kinds = std::panic::AssertUnwindSafe(registry.kinds().cloned().collect::<Vec<_>>());
    afl::fuzz!(|data: &[u8]| {
        if let Some((k, value)) = jacobian_fuzz::selector_and_json(data) {
            let kind = &kinds[k as usize % kinds.len()];
            // The canonical form must itself be accepted, unchanged.
            if let Ok(canonical) = kind.canonicalize(&value) {
                let again = kind.canonicalize(&canonical).expect("a canonical form is valid");
                assert_eq!(again, canonical, "canonicalization is idempotent for {}", kind.name());
            }
        }
    });
}
