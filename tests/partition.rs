//! Case analysis on finite domains: partitions verified by the coverage checker, gaps and
//! overlaps reported with examples and never verified, malformed predicates refused in place.

use jacobian::runtime::{AssuranceLevel, CapabilityRequest, CapabilityResult, ExecutionStatus, Mode};
use serde_json::{Value, json};

const ID: &str = "case.partition.finite";

fn input(cases: &[(&str, &str)]) -> Value {
    let cases: Vec<Value> = cases.iter().map(|(name, when)| json!({"name": name, "when": when})).collect();
    json!({"domain": {"variables": [{"name": "x", "min": 0, "max": 99}]}, "cases": cases})
}

async fn verify(jac: &jacobian::Jacobian, input: Value) -> CapabilityResult {
    jac.run(CapabilityRequest::new(ID, input).mode(Mode::Verify)).await
}

#[tokio::test]
async fn a_parity_partition_is_verified_by_the_coverage_checker() {
    let jac = jacobian::builder().build().await.unwrap();
    let r = verify(&jac, input(&[("even", "x % 2 = 0"), ("odd", "x % 2 = 1")])).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{:?}", r.obligations);
    assert_eq!(r.assurance.checker.as_ref().unwrap().id, "jacobian.check.partition_coverage");
    assert_eq!(r.output["partition"], true);
    assert_eq!(r.output["domain_size"], 100);
    assert_eq!(r.output["cases"], json!([{"name": "even", "count": 50}, {"name": "odd", "count": 50}]));
    assert_eq!(r.output["uncovered"]["count"], 0);
    assert_eq!(r.output["overlapping"]["count"], 0);

    // Two variables, three cases.
    let grid = json!({
        "domain": {"variables": [{"name": "x", "min": -3, "max": 3}, {"name": "y", "min": -2, "max": 4}]},
        "cases": [{"name": "below", "when": "y < x"}, {"name": "on", "when": "x = y"}, {"name": "above", "when": "y > x"}]
    });
    let r = verify(&jac, grid).await;
    assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{:?}", r.obligations);
    assert_eq!(r.output["cases"][1]["count"], 6);
}

#[tokio::test]
async fn gaps_and_overlaps_are_reported_with_examples_and_never_verified() {
    let jac = jacobian::builder().build().await.unwrap();
    let overlapping = input(&[("small", "x < 60"), ("large", "x >= 50")]);
    for mode in [Mode::Explore, Mode::Verify] {
        let r = jac.run(CapabilityRequest::new(ID, overlapping.clone()).mode(mode)).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
        assert_eq!(r.assurance.level, AssuranceLevel::Computed);
        assert_eq!(r.output["partition"], false);
        assert_eq!(r.output["overlapping"]["count"], 10);
        assert_eq!(r.output["overlapping"]["examples"][0], json!({"element": {"x": 50}, "cases": ["small", "large"]}));
        assert_eq!(r.output["uncovered"]["count"], 0);
        assert_eq!(mode == Mode::Verify, r.obligations.iter().any(|o| o.kind == "NOT_A_PARTITION"));
    }

    let gaps = verify(&jac, input(&[("threes", "x % 3 = 0"), ("fives", "x % 5 = 0 and x % 3 != 0")])).await;
    assert_eq!(gaps.assurance.level, AssuranceLevel::Computed);
    assert_eq!(gaps.output["uncovered"]["count"], 100 - 34 - 13);
    let examples = gaps.output["uncovered"]["examples"].as_array().unwrap();
    assert_eq!(examples.len(), 10);
    assert_eq!(examples[..3], [json!({"x": 1}), json!({"x": 2}), json!({"x": 4})]);
    assert!(!gaps.obligations.is_empty());
}

#[tokio::test]
async fn a_bad_predicate_is_refused_at_its_place() {
    let jac = jacobian::builder().build().await.unwrap();
    let r = verify(&jac, input(&[("even", "x % 2 = 0"), ("odd", "x % 2 = = 1")])).await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
    assert_eq!(r.execution.diagnostics[0].path.as_deref(), Some("/input/cases/1/when"));
    assert!(r.execution.diagnostics[0].message.contains("bytes 8..9"), "{:?}", r.execution.diagnostics[0]);

    let empty = json!({"domain": {"variables": [{"name": "x", "min": 5, "max": 0}]}, "cases": [{"name": "a", "when": "x = 0"}]});
    let r = verify(&jac, empty).await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
    assert_eq!(r.execution.diagnostics[0].path.as_deref(), Some("/input/domain/variables/0/max"));
}

#[tokio::test]
async fn without_an_authorized_checker_a_partition_is_computed_with_an_obligation() {
    let config = jacobian::runtime::policy::OperatorConfig::from_toml("[checkers]\nbundled = false\n").unwrap();
    let jac = jacobian::builder().config(config).build().await.unwrap();
    let r = verify(&jac, input(&[("even", "x % 2 = 0"), ("odd", "x % 2 = 1")])).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
    assert_eq!(r.output["partition"], true);
    assert!(!r.obligations.is_empty(), "the missing checker is named as an obligation");
}
