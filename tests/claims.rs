//! Claim structure: conjunction splitting and implication obligations on
//! PROPOSITIONAL_STRUCTURE objects, with exact reconstruction of the source.

use jacobian::TenantId;
use jacobian::runtime::{CapabilityRequest, CapabilityResult, ExecutionStatus};
use serde_json::{Value, json};

async fn run(jac: &jacobian::Jacobian, id: &str, input: Value) -> CapabilityResult {
    jac.run(CapabilityRequest::new(id, input)).await
}

fn rebuild(out: &Value, parts: &[&Value]) -> String {
    let r = &out["reconstruction"];
    let mut s = r["prefix"].as_str().unwrap().to_owned();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            s.push_str(r["separators"][i - 1].as_str().unwrap());
        }
        s.push_str(p["text"].as_str().unwrap());
    }
    s.push_str(r["suffix"].as_str().unwrap());
    s
}

#[tokio::test]
async fn conjunctions_split_in_order_keeping_groups_and_rebuild_exactly() {
    let jac = jacobian::builder().build().await.unwrap();
    let source = "  \"n is prime\" & \"n > 2\"  ∧ (p | q)  ";
    let r = run(&jac, "claim.conjunction.split", json!({"source": source})).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    let parts: Vec<&Value> = r.output["conjuncts"].as_array().unwrap().iter().collect();
    let texts: Vec<&str> = parts.iter().map(|p| p["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["\"n is prime\"", "\"n > 2\"", "(p | q)"]);
    assert_eq!(rebuild(&r.output, &parts), source);
    // Each part is a stored structure whose parent is the whole.
    let part = jac.artifact(&TenantId::local(), &parts[2]["uri"].as_str().unwrap().parse().unwrap()).unwrap();
    assert_eq!(part.manifest.parents.len(), 1);
    assert_eq!(serde_json::from_slice::<Value>(&part.bytes).unwrap()["tree"]["op"], "or");

    let grouped = run(&jac, "claim.conjunction.split", json!({"source": "(a & b) & c"})).await;
    let texts: Vec<&str> =
        grouped.output["conjuncts"].as_array().unwrap().iter().map(|p| p["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["(a & b)", "c"]);

    for (source, code) in [("a | b", "WRONG_CONNECTIVE"), ("a & ", "PARSE_ERROR"), ("a & (b", "PARSE_ERROR")] {
        let bad = run(&jac, "claim.conjunction.split", json!({"source": source})).await;
        assert_eq!(bad.status(), ExecutionStatus::InvalidRequest, "{source}");
        assert_eq!(bad.execution.diagnostics[0].path.as_deref(), Some("/input/source"), "{source}");
        assert_eq!(bad.execution.diagnostics[0].code, code, "{source}");
        assert!(bad.artifact_uris.is_empty());
    }
}

#[tokio::test]
async fn implications_give_what_to_assume_and_what_to_prove() {
    let jac = jacobian::builder().build().await.unwrap();
    let r = run(&jac, "claim.implication.obligations", json!({"source": "a -> b -> c"})).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    assert_eq!(r.output["assume"]["text"], "a");
    assert_eq!(r.output["prove"]["text"], "b -> c");
    assert_eq!(rebuild(&r.output, &[&r.output["assume"], &r.output["prove"]]), "a -> b -> c");

    // Composition: split a conjunction, then take obligations of a stored conjunct by URI.
    let split = run(&jac, "claim.conjunction.split", json!({"source": "(p -> q) & r"})).await;
    let uri = split.output["conjuncts"][0]["uri"].clone();
    let ob = run(&jac, "claim.implication.obligations", json!({"structure_uri": uri})).await;
    assert_eq!(ob.status(), ExecutionStatus::Succeeded, "{:?}", ob.execution.diagnostics);
    assert_eq!((ob.output["assume"]["text"].as_str(), ob.output["prove"]["text"].as_str()), (Some("p"), Some("q")));
    let wrong =
        run(&jac, "claim.implication.obligations", json!({"structure_uri": split.output["conjuncts"][1]["uri"]})).await;
    assert_eq!(wrong.status(), ExecutionStatus::InvalidRequest);
    assert_eq!(wrong.execution.diagnostics[0].path.as_deref(), Some("/input/structure_uri"));
    let both = run(&jac, "claim.implication.obligations", json!({"source": "a -> b", "structure_uri": uri})).await;
    assert_eq!(both.execution.diagnostics[0].code, "CONFLICTING_FIELDS");
}
