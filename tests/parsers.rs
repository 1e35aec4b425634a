//! Every text parser reachable from a request, fed random text: polynomials, cycle notation,
//! group relators, equational laws, DIMACS, LRAT proofs, SMT-LIB scripts, graph6 and exact
//! matrix entries. Strings are drawn from each grammar's own alphabet (so they reach deep into
//! the parser) and from arbitrary Unicode. Every run either succeeds or is refused with a
//! diagnostic that points into the input; none fails inside an adapter (a panic or an
//! internal error) and none hangs past its wall budget.
//!
//! `JACOBIAN_PARSER_CASES` sets the cases per parser (150 by default).

use jacobian::runtime::contract::AssuranceLevel;
use jacobian::runtime::{CapabilityRequest, ExecutionStatus, Mode};
use serde_json::{Value, json};

use crate::rng::Rng;

/// Text of up to `max` characters: mostly from `alphabet`, sometimes any character.
fn text(rng: &mut Rng, alphabet: &[&str], max: usize) -> String {
    let len = rng.below(max as u64 + 1);
    let mut s = String::new();
    for _ in 0..len {
        if rng.below(10) == 0 {
            s.push(char::from_u32(rng.next() as u32 % 0x11_0000).unwrap_or('\u{fffd}'));
        } else {
            s.push_str(alphabet[rng.below(alphabet.len() as u64) as usize]);
        }
    }
    s
}

type Build = fn(String) -> Value;

fn parsers() -> Vec<(&'static str, &'static str, &'static [&'static str], Build)> {
    vec![
        (
            "polynomial",
            "artifact.put",
            &["x", "y", "z", "+", "-", "*", "^", "/", "(", ")", " ", "1", "2", "0", "9", "12345678901234567890", "."],
            |t| json!({"object_type": "polynomial", "object": {"variables": ["x", "y", "z"], "polynomial": t}}),
        ),
        (
            "cycle notation",
            "artifact.put",
            &["(", ")", ",", " ", "1", "2", "3", "10", "0", "-", "99999999999"],
            |t| json!({"object_type": "permutation_group", "object": {"generators": [t]}}),
        ),
        (
            "group relators",
            "artifact.put",
            &["a", "b", "A", "B", "^", "-", "1", "2", "*", " ", "(", ")", "[", "]", ",", "99999999999"],
            |t| json!({"object_type": "finitely_presented_group", "object": {"generators": ["a", "b"], "relators": [t]}}),
        ),
        (
            "equational laws",
            "universal_algebra.search.countermodel",
            &["x", "y", "z", "*", "=", "(", ")", " ", "->", "&", "exists", "e", "."],
            |t| json!({"holds": [t], "fails": "x * y = y * x", "max_size": 2}),
        ),
        (
            "DIMACS",
            "sat.solve",
            &["p", " cnf", " ", "\n", "1", "-1", "2", "-2", "0", "c", "%", "99999999999"],
            |t| json!({"dimacs": t}),
        ),
        (
            "LRAT proof",
            "certificate.verify",
            &["1", "2", "3", "4", "-1", "-2", "0", " ", "\n", "d", "99999999999"],
            |t| json!({"cnf": {"variables": 2, "clauses": [[1, 2], [-1, 2], [1, -2], [-1, -2]]}, "proof": t, "format": "LRAT_TEXT_V1"}),
        ),
        (
            "SMT-LIB",
            "smt.check",
            &[
                "(",
                ")",
                " ",
                "assert",
                "declare-const",
                "check-sat",
                "x",
                "Int",
                "Bool",
                "+",
                "=",
                "<",
                "1",
                "and",
                "not",
            ],
            |t| json!({"script": t}),
        ),
        (
            "graph6",
            "graph.compute.properties",
            &["?", "@", "A", "B", "D", "~", "_", "{", "^", "`", "z", ">>graph6<<"],
            |t| json!({"graphs": [{"graph6": t}], "properties": ["diameter"]}),
        ),
        (
            "exact matrix entries",
            "matrix.compute.invariants",
            &["1", "2", "0", "-", "/", "3", " ", ".", "e", "99999999999999999999"],
            |t| json!({"matrix": {"rows": [[t, "1"], ["0", "1"]]}}),
        ),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_text_never_breaks_a_parser() {
    let cases = std::env::var("JACOBIAN_PARSER_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(150);
    let jac = jacobian::builder().build().await.unwrap();
    for (name, capability, alphabet, build) in parsers() {
        let mut rng = Rng(0x5EED_0000 ^ name.len() as u64 ^ (capability.len() as u64) << 20);
        let (mut accepted, mut refused) = (0, 0);
        for _ in 0..cases {
            let text = text(&mut rng, alphabet, 40);
            let mut request = CapabilityRequest::new(capability, build(text.clone())).wall_ms(5_000);
            if capability == "certificate.verify" {
                request = request.mode(Mode::Verify);
            }
            let r = jac.run(request).await;
            match r.execution.status {
                // A proof that does not check is answered, unverified: that is its refusal.
                ExecutionStatus::Succeeded
                    if capability == "certificate.verify" && r.assurance.level != AssuranceLevel::Verified =>
                {
                    refused += 1
                }
                ExecutionStatus::Succeeded => accepted += 1,
                // Sizes beyond the contract are refused as a budget, which is also an answer.
                ExecutionStatus::InvalidRequest | ExecutionStatus::BudgetExceeded => {
                    let d = r.execution.diagnostics.first();
                    assert!(
                        d.is_some_and(|d| d.path.as_deref().is_some_and(|p| p.starts_with("/input"))),
                        "{name}: {text:?} refused without a pointer into the input: {:?}",
                        r.execution.diagnostics
                    );
                    refused += 1;
                }
                other => panic!("{name}: {text:?} ended {other:?}: {:?}", r.execution.diagnostics),
            }
        }
        assert!(refused > 0, "{name}: no random text was refused, so the parser was not exercised");
        let _ = accepted;
    }
}

/// A fuzz finding (cargo-afl, `objects` target): a polynomial whose literals are within bounds
/// but whose expansion has a coefficient longer than a literal may be was accepted, and its
/// canonical text could not be read back. It is now refused where it is read, with a pointer;
/// a large coefficient within the bound still round-trips.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_polynomial_whose_coefficient_outgrows_a_literal_is_refused_and_canonical_text_reads_back() {
    let jac = jacobian::builder().build().await.unwrap();
    let put = |text: String| {
        let jac = jac.clone();
        async move {
            let input = json!({"object_type": "polynomial", "object": {"variables": ["x"], "polynomial": text}});
            jac.run(CapabilityRequest::new("artifact.put", input)).await
        }
    };
    // The finding itself is now refused at its power, which costs too much to expand.
    let found = format!("6666+{}^666*x^2 +3*x", "6".repeat(56));
    let r = put(found).await;
    assert_eq!(r.execution.status, ExecutionStatus::InvalidRequest);
    let d = &r.execution.diagnostics[0];
    assert_eq!(d.path.as_deref(), Some("/input/object/polynomial"), "{d:?}");
    // 36^6500 is cheap to expand but has 10,116 digits: refused for the length of its coefficient.
    let r = put("36^6500*x".into()).await;
    assert_eq!(r.execution.status, ExecutionStatus::InvalidRequest);
    let d = &r.execution.diagnostics[0];
    assert_eq!((d.code.as_str(), d.path.as_deref()), ("TOO_LARGE", Some("/input/object/polynomial")), "{d:?}");
    // 9^10000 has 9,543 digits: accepted, and its canonical text is stored and read back alike.
    let r = put("9^10000*x + 1".into()).await;
    assert_eq!(r.execution.status, ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    let uri: jacobian::runtime::ArtifactUri = r.output["uri"].as_str().unwrap().parse().unwrap();
    let stored: Value =
        serde_json::from_slice(&jac.artifact(&jacobian::TenantId::local(), &uri).unwrap().bytes).unwrap();
    let again = put(stored["polynomial"].as_str().unwrap().to_owned()).await;
    assert_eq!(again.output["uri"], r.output["uri"], "the canonical text reads back to the same polynomial");
}

/// Fuzz findings (cargo-afl, `objects` target, 12 hangs): short texts raising a quotient of large
/// literals to a high power, such as `(x / 2222…)^2288`, cost seconds to minutes while they were
/// read, because the expansion's cost counted coefficient size linearly and a single-term base was
/// multiplied in k times; reading is not interruptible, so the last one outlived its deadline.
/// The cost is now quadratic in coefficient size and a single term is raised by squaring: each is
/// refused (at the power that costs too much, or its coefficients too long, or the text after it)
/// within the run's deadline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn powers_of_large_quotients_are_refused_before_they_are_expanded() {
    let jac = jacobian::builder().build().await.unwrap();
    for text in [
        "(x - 1)^2*(x / 22222228834394339467452)^2288 2222222883439432",
        "(x - 8)^2*(x / 222222288343943394674-2)^1112",
        "(1 - 1)^2*(x / 22222228834394339 -7422222228834394339 -7452)^522)^20",
    ] {
        let input = json!({"variables": ["x"], "polynomial": text});
        let r = jac.run(CapabilityRequest::new("polynomial.compute.properties", input).wall_ms(10_000)).await;
        assert_eq!(r.execution.status, ExecutionStatus::InvalidRequest, "{text}: {:?}", r.execution.diagnostics);
        let d = &r.execution.diagnostics[0];
        assert_eq!(d.path.as_deref(), Some("/input/polynomial"), "{text}: {d:?}");
    }
    // Within the bound, a power of a single term is still expanded exactly.
    let input = json!({"variables": ["x"], "polynomial": "(2*x/3)^3000"});
    let r = jac.run(CapabilityRequest::new("polynomial.compute.properties", input)).await;
    assert_eq!(r.execution.status, ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
}

/// A fuzz finding (cargo-afl, `server` target, a hang): an algebraic set over F_p[t]/(m) with
/// p = 4 tested the modulus for irreducibility modulo 4 before checking that 4 is not a prime,
/// and the test never ended (validation cannot be interrupted, so the run missed its deadline).
/// p is now checked first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_base_field_over_a_composite_p_is_refused_before_its_modulus_is_tested() {
    let jac = jacobian::builder().build().await.unwrap();
    for p in [4, 1, 0, 9] {
        let input = json!({"base_field": {"generator": "t", "modulus": [1, 0, 1]}, "operation": "restrict_scalars",
                           "p": p, "polynomials": ["x^2 + t*y - 1"], "variables": ["x", "y"]});
        let r = jac.run(CapabilityRequest::new("finite_field.compute.algebraic_set", input).wall_ms(2_000)).await;
        assert_eq!(r.execution.status, ExecutionStatus::InvalidRequest, "p = {p}: {:?}", r.execution.diagnostics);
        assert_eq!(r.execution.diagnostics[0].path.as_deref(), Some("/input/p"), "p = {p}");
    }
}

/// A fuzz finding (cargo-afl, `server` target): a Ramsey colouring problem whose clique size
/// exceeds the number of vertices underflowed while listing the cliques (a panic in a debug
/// build, wrong clauses in a release one). Such a clique cannot be monochromatic, so it
/// constrains nothing: colouring K_5 with no K_8 in the first colour and no triangle in the
/// second is possible (every edge in the first colour).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ramsey_clique_larger_than_the_graph_constrains_nothing() {
    let jac = jacobian::builder().build().await.unwrap();
    let input = json!({"problem": {"ramsey": {"n": 5, "sizes": [8, 3]}}});
    let r = jac.run(CapabilityRequest::new("combinatorics.ramsey.colouring", input).mode(Mode::Verify)).await;
    assert_eq!(r.execution.status, ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    assert_eq!(r.output["exists"], true, "{}", r.output);
}
