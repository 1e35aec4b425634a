//! Versions and digests of the backends the adapters link or run, for provider pinning.

/// The version of the Z3 library linked at run time, e.g. `5.4.1.0`.
pub fn z3_version() -> String {
    let full = z3::full_version();
    // "Z3 5.4.1.0" or "Z3 5.4.1.0 - build hashcode ..."
    full.split_whitespace().nth(1).unwrap_or(full).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_linked_z3_is_current_and_solves() {
        let version: Vec<u32> = z3_version().split('.').filter_map(|p| p.parse().ok()).collect();
        assert!(version.len() >= 3, "unparseable Z3 version {}", z3::full_version());
        assert!(
            version[..3] >= [4, 13, 3][..],
            "Z3 {} is older than z3-sys needs; run scripts/provision-z3",
            z3_version()
        );
        // A function Debian's 4.8.12 lacks: links only against a current Z3.
        let s = z3::Solver::new();
        let x = z3::ast::Real::from_rational_str("1", "3").expect("rational");
        s.assert(x.gt(z3::ast::Real::from_rational(0, 1)));
        assert_eq!(s.check(), z3::SatResult::Sat);
    }
}
