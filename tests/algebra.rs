//! Finite countermodels of equational laws: Z3's answers against brute force over every magma
//! of size at most 3, and VERIFY through the countermodel checker.

use std::collections::BTreeMap;

use jacobian::runtime::objects::magma::FiniteMagma;
use jacobian::runtime::objects::term::{Identity, parse_identity};
use jacobian::runtime::{AssuranceLevel, CapabilityRequest, ExecutionStatus, Mode};
use serde_json::{Value, json};

/// Every magma of size `n` with every interpretation of `constants`.
fn all_models(n: u32, constants: &[String]) -> impl Iterator<Item = (FiniteMagma, BTreeMap<String, u32>)> + '_ {
    let cells = (n * n) as usize;
    let tables = (n as u64).pow(cells as u32);
    let interpretations = (n as u64).pow(constants.len() as u32);
    (0..tables).flat_map(move |t| {
        let mut code = t;
        let mut table = vec![vec![0u32; n as usize]; n as usize];
        for i in 0..cells {
            table[i / n as usize][i % n as usize] = (code % n as u64) as u32;
            code /= n as u64;
        }
        let magma = FiniteMagma::new(n, table).unwrap();
        (0..interpretations).map(move |c| {
            let mut code = c;
            let consts = constants
                .iter()
                .map(|k| {
                    let v = (code % n as u64) as u32;
                    code /= n as u64;
                    (k.clone(), v)
                })
                .collect();
            (magma.clone(), consts)
        })
    })
}

/// The smallest size in 1..=3 with a magma where `holds` hold and `fails` fails.
fn brute_force(holds: &[Identity], fails: &Identity) -> Option<u32> {
    let mut constants: Vec<String> = holds.iter().chain([fails]).flat_map(|i| i.constants()).collect();
    constants.sort();
    constants.dedup();
    (2..=3).find(|&n| {
        all_models(n, &constants)
            .any(|(m, c)| holds.iter().all(|h| m.check_identity(h, &c).is_ok()) && m.check_identity(fails, &c).is_err())
    })
}

#[tokio::test]
async fn countermodels_match_brute_force_over_all_magmas_up_to_size_3() {
    let jac = jacobian::builder().build().await.unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["x * y = y * x"], "x * (y * z) = x * y * z"),
        (&["x * (y * z) = x * y * z"], "x * y = y * x"),
        (&["x * x = x", "x * y = y * x", "x * (y * z) = x * y * z"], "x * y = x"),
        (&["x * y = x"], "x * (y * z) = x * y * z"),
        (&["x * y = y * x"], "y * x = x * y"),
        (&["E * x = x", "x * E = x"], "x * y = y * x"),
        (&["x * (x * y) = y"], "x * y = y * x"),
        (&["(x * y) * x = x"], "x * x = x"),
        (&["x * y = z * w"], "x * x = y * y"),
        (&[], "x = y"),
    ];
    for (holds, fails) in cases {
        let ids: Vec<Identity> = holds.iter().map(|h| parse_identity(h).unwrap()).collect();
        let expected = brute_force(&ids, &parse_identity(fails).unwrap());
        let r = jac
            .run(CapabilityRequest::new(
                "universal_algebra.search.countermodel",
                json!({"holds": holds, "fails": fails, "min_size": 2, "max_size": 3}),
            ))
            .await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{holds:?} / {fails}: {:?}", r.execution.diagnostics);
        let found = r.output["found"].as_bool().unwrap();
        let size = found.then(|| r.output["magma"]["size"].as_u64().unwrap() as u32);
        assert_eq!(size, expected, "{holds:?} / {fails}");
        if found {
            // The returned table and assignment replay here, independently of Z3.
            let m: FiniteMagma = serde_json::from_value(r.output["magma"].clone()).unwrap();
            let consts: BTreeMap<String, u32> = serde_json::from_value(r.output["constants"].clone()).unwrap();
            let at: BTreeMap<String, u32> = serde_json::from_value(r.output["assignment"].clone()).unwrap();
            assert!(ids.iter().all(|h| m.check_identity(h, &consts).is_ok()));
            let f = parse_identity(fails).unwrap();
            let op = |a, b| m.op(a, b);
            assert_ne!(f.lhs.eval(&op, &at, &consts), f.rhs.eval(&op, &at, &consts));
        } else {
            assert!(r.completeness.exhaustive, "none found up to the bound is an exhaustive answer");
            assert_eq!(r.output["sizes_searched"], json!([2, 3]));
        }
    }
}

#[tokio::test]
async fn a_countermodel_is_verified_only_through_an_authorized_checker() {
    let input = json!({"holds": ["x * y = y * x"], "fails": "x * (y * z) = x * y * z", "max_size": 3});
    let jac = jacobian::builder().build().await.unwrap();
    let r = jac
        .run(CapabilityRequest::new("universal_algebra.search.countermodel", input.clone()).mode(Mode::Verify))
        .await;
    assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{:?}", r.execution.diagnostics);
    assert_eq!(r.assurance.checker.as_ref().unwrap().id, "jacobian.check.magma_countermodel");
    assert_eq!(r.output["magma"]["size"], 2);

    // The same run when the operator authorizes no bundled checker: computed, with an obligation.
    let config = jacobian::runtime::policy::OperatorConfig::from_toml("[checkers]\nbundled = false\n").unwrap();
    let strict = jacobian::builder().config(config).build().await.unwrap();
    let r = strict.run(CapabilityRequest::new("universal_algebra.search.countermodel", input).mode(Mode::Verify)).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded);
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
    assert!(!r.obligations.is_empty(), "the missing checker is named as an obligation");
}

#[tokio::test]
async fn malformed_laws_are_refused_with_their_place() {
    let jac = jacobian::builder().build().await.unwrap();
    let r = jac
        .run(CapabilityRequest::new(
            "universal_algebra.search.countermodel",
            json!({"holds": ["x * y = y * x", "x * (y = z"], "fails": "x +"}),
        ))
        .await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
    let paths: Vec<&str> = r.execution.diagnostics.iter().filter_map(|d| d.path.as_deref()).collect();
    assert_eq!(paths, ["/input/holds/1", "/input/fails"]);
    assert!(r.execution.diagnostics[0].message.contains("bytes"), "{:?}", r.execution.diagnostics[0]);
    let big = jac
        .run(CapabilityRequest::new(
            "universal_algebra.search.countermodel",
            json!({"holds": ["x * (y * (z * (u * (v * w)))) = w"], "fails": "x = y", "max_size": 8}),
        ))
        .await;
    assert_eq!(big.status(), ExecutionStatus::Unsupported);
    let _: Value = big.output;
}
