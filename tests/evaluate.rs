//! evaluate.batch: graph invariants and magma laws over explicit batches, and the evaluated
//! prefix (PARTIAL, never a whole answer) when the deadline passes.

use std::collections::BTreeMap;

use jacobian::runtime::contract::CompletenessState;
use jacobian::runtime::objects::magma::FiniteMagma;
use jacobian::runtime::objects::term::parse_identity;
use jacobian::runtime::{AssuranceLevel, CapabilityRequest, ExecutionStatus};
use serde_json::{Value, json};

async fn batch(jac: &jacobian::Jacobian, input: Value) -> jacobian::runtime::CapabilityResult {
    jac.run(CapabilityRequest::new("evaluate.batch", input)).await
}

#[tokio::test]
async fn graph_invariants_and_magma_laws_evaluate_in_order() {
    let jac = jacobian::builder().build().await.unwrap();
    let r = batch(&jac, json!({"evaluator": "graph.girth", "candidates": [{"graph6": "Dhc"}, {"graph6": "C~"}, {"graph": {"order": 3, "edges": [[0, 1]]}}]})).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    let values: Vec<&Value> = r.output["results"].as_array().unwrap().iter().map(|e| &e["value"]).collect();
    assert_eq!(values, [&json!(5), &json!(3), &Value::Null]);
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);

    let law = "x * (y * z) = x * y * z";
    let nor = json!({"size": 2, "table": [[1, 0], [0, 0]]});
    let xor = json!({"size": 2, "table": [[0, 1], [1, 0]]});
    let r = batch(&jac, json!({"evaluator": "magma.law", "law": law, "candidates": [{"magma": nor}, {"magma": xor}]}))
        .await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    assert_eq!(r.output["results"][0]["value"], false);
    assert_eq!(r.output["results"][1]["value"], true);
    // The failing assignment really fails, evaluated here.
    let m: FiniteMagma = serde_json::from_value(nor).unwrap();
    let at: BTreeMap<String, u32> =
        serde_json::from_value(r.output["results"][0]["failing_assignment"].clone()).unwrap();
    let id = parse_identity(law).unwrap();
    let op = |a, b| m.op(a, b);
    assert_ne!(id.lhs.eval(&op, &at, &BTreeMap::new()), id.rhs.eval(&op, &at, &BTreeMap::new()));
}

#[tokio::test]
async fn bad_batches_are_refused_with_their_place() {
    let jac = jacobian::builder().build().await.unwrap();
    for (input, path) in [
        (json!({"evaluator": "graph.beauty", "candidates": [{"graph6": "C~"}]}), "/input/evaluator"),
        (json!({"evaluator": "magma.law", "candidates": [{"magma": {"size": 1, "table": [[0]]}}]}), "/input/law"),
        (
            json!({"evaluator": "magma.law", "law": "x *", "candidates": [{"magma": {"size": 1, "table": [[0]]}}]}),
            "/input/law",
        ),
        (
            json!({"evaluator": "graph.size", "candidates": [{"graph6": "C~"}, {"magma": {"size": 1, "table": [[0]]}}]}),
            "/input/candidates/1/magma",
        ),
        (
            json!({"evaluator": "magma.law", "law": "x = x", "candidates": [{"magma": {"size": 2, "table": [[0, 2], [1, 1]]}}]}),
            "/input/candidates/0/magma/table/0/1",
        ),
    ] {
        let r = batch(&jac, input.clone()).await;
        assert_eq!(r.status(), ExecutionStatus::InvalidRequest, "{input}");
        assert_eq!(r.execution.diagnostics[0].path.as_deref(), Some(path), "{input}: {:?}", r.execution.diagnostics);
    }
}

#[tokio::test]
async fn a_deadline_returns_the_evaluated_prefix_as_partial() {
    let jac = jacobian::builder().build().await.unwrap();
    // 50 easy graphs, then a dense random graph on 64 vertices whose chromatic number cannot
    // be found within the budget, then more easy graphs.
    let mut x = 3u64;
    let mut edges = Vec::new();
    for u in 0..64u32 {
        for v in u + 1..64 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if (x >> 33).is_multiple_of(2) {
                edges.push([u, v]);
            }
        }
    }
    let mut candidates = vec![json!({"graph6": "Dhc"}); 50];
    candidates.push(json!({"graph": {"order": 64, "edges": edges}}));
    candidates.extend(vec![json!({"graph6": "C~"}); 10]);
    let r = jac
        .run(
            CapabilityRequest::new(
                "evaluate.batch",
                json!({"evaluator": "graph.chromatic_number", "candidates": candidates}),
            )
            .wall_ms(400),
        )
        .await;
    assert_eq!(r.status(), ExecutionStatus::TimedOut, "{:?}", r.execution.diagnostics);
    assert_eq!(r.completeness.state, CompletenessState::Partial);
    assert!(r.completeness.bounds_reached.iter().any(|b| b == "deadline"));
    assert_eq!(r.output["evaluated"], 50, "the prefix before the hard candidate");
    assert_eq!(r.output["total"], 61);
    assert!(r.output["results"].as_array().unwrap().iter().all(|e| e["value"] == 3));
}
