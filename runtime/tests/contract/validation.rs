//! Requests are validated completely before anything runs, and every failure has a path.

use std::sync::Arc;

use jacobian_runtime::adapter::PrepareContext;
use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
use jacobian_runtime::catalog::Catalog;
use jacobian_runtime::invoke::parse_request;
use jacobian_runtime::{CapabilityRequest, Mode};
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::support;

fn prepare_errors(request: Value) -> Vec<(String, String)> {
    let catalog = Catalog::build([support::sum()]);
    let cx =
        PrepareContext { mode: Mode::Explore, artifacts: ArtifactReader::new(Arc::new(MemoryArtifactStore::new())) };
    let req = match parse_request(&request) {
        Ok(r) => r,
        Err(ds) => return ds.into_iter().map(|d| (d.path.unwrap_or_default(), d.code)).collect(),
    };
    let installed = catalog.get(&req.capability_id).unwrap();
    match installed.prepare(&req, &cx) {
        Ok(_) => vec![],
        Err(ds) => ds.into_iter().map(|d| (d.path.unwrap_or_default(), d.code)).collect(),
    }
}

fn check(request: Value, expected: &[(&str, &str)]) {
    let want: Vec<(String, String)> = expected.iter().map(|(p, c)| (p.to_string(), c.to_string())).collect();
    assert_eq!(prepare_errors(request.clone()), want, "for {request}");
}

#[test]
fn envelope_and_input_errors_point_at_their_field() {
    check(json!({"capability_id": "test.compute.sum", "input": {"values": [1]}}), &[]);
    check(
        json!({"capability_id": "test.compute.sum", "input": {"values": [1]}, "extra": true}),
        &[("/extra", "UNKNOWN_FIELD")],
    );
    check(json!({"capability_id": "test.compute.sum"}), &[("/input", "MISSING_FIELD")]);
    check(json!({"capability_id": "test.compute.sum", "mode": "PROVE", "input": {}}), &[("/mode", "SCHEMA_VIOLATION")]);
    check(
        json!({"capability_id": "test.compute.sum", "input": {"values": [1], "x": 1}}),
        &[("/input/x", "UNKNOWN_FIELD")],
    );
    check(json!({"capability_id": "test.compute.sum", "input": {}}), &[("/input/values", "MISSING_FIELD")]);
    check(
        json!({"capability_id": "test.compute.sum", "input": {"values": [1, "2"]}}),
        &[("/input/values/1", "SCHEMA_VIOLATION")],
    );
    check(
        json!({"capability_id": "test.compute.sum", "input": {"values": [1], "modulus": 0}}),
        &[("/input/modulus", "NOT_POSITIVE")],
    );
    check(
        json!({"capability_id": "test.compute.sum", "input": {"values": [1]}, "budget": {"wall_ms": 0}}),
        &[("/budget/wall_ms", "SCHEMA_VIOLATION")],
    );
    check(
        json!({"capability_id": "test.compute.sum", "input": {"values": [1]}, "experiment_id": "../etc"}),
        &[("/experiment_id", "SCHEMA_VIOLATION")],
    );
}

#[test]
fn unsupported_mode_is_refused_at_mode() {
    let mut d = support::descriptor("test.x", "X", &["x"], "X.", "X.");
    d.modes = vec![Mode::Explore];
    let catalog = Catalog::build([support::scripted(d, None)]);
    let cx =
        PrepareContext { mode: Mode::Verify, artifacts: ArtifactReader::new(Arc::new(MemoryArtifactStore::new())) };
    let req = CapabilityRequest::new("test.x", json!({"n": 1})).mode(Mode::Verify);
    let err = catalog.get("test.x").unwrap().prepare(&req, &cx).err().unwrap();
    assert_eq!(err[0].path.as_deref(), Some("/mode"));
    assert_eq!(err[0].code, "MODE_NOT_SUPPORTED");
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(|f| json!(f)),
        "[a-z_/~.]{0,12}".prop_map(Value::String),
        Just(json!("test.compute.sum")),
        Just(json!("EXPLORE")),
    ];
    leaf.prop_recursive(4, 40, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("capability_id".to_string()),
                    Just("input".to_string()),
                    Just("mode".to_string()),
                    Just("values".to_string()),
                    Just("modulus".to_string()),
                    Just("budget".to_string()),
                    Just("wall_ms".to_string()),
                    "[a-z/~]{1,6}",
                ],
                inner,
                0..5
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn bad_requests_never_panic_and_always_carry_a_path(request in arb_json()) {
        for (path, code) in prepare_errors_any(&request) {
            prop_assert!(path.starts_with('/'), "diagnostic {code} has no path for {request}");
        }
    }

    #[test]
    fn bad_inputs_to_a_real_capability_carry_input_paths(input in arb_json()) {
        let request = json!({"capability_id": "test.compute.sum", "input": input});
        for (path, code) in prepare_errors(request.clone()) {
            prop_assert!(path.starts_with("/input"), "diagnostic {code} at {path} for {request}");
        }
    }
}

/// Like `prepare_errors`, but tolerates requests naming no installed capability.
fn prepare_errors_any(request: &Value) -> Vec<(String, String)> {
    match parse_request(request) {
        Err(ds) => ds.into_iter().map(|d| (d.path.unwrap_or_default(), d.code)).collect(),
        Ok(req) if req.capability_id == "test.compute.sum" => prepare_errors(request.clone()),
        Ok(_) => vec![],
    }
}
