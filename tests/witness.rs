//! Existential claims end to end: claim.validate → witness.find → witness.verify, for magma
//! separations (through the countermodel checker) and graph properties (through the graph
//! property witness checker), with operator policy, corrupted witnesses and deadlines.

use jacobian::TenantId;
use jacobian::runtime::{ArtifactUri, AssuranceLevel, CapabilityRequest, ExecutionStatus, Mode};
use serde_json::{Value, json};

fn request(id: &str, input: Value) -> CapabilityRequest {
    CapabilityRequest::new(id, input)
}

#[tokio::test]
async fn a_magma_separation_is_stated_found_and_verified() {
    let home = tempfile::tempdir().unwrap();
    let jac = jacobian::builder().home(home.path()).build().await.unwrap();

    // A known witness, stored: NOR on {0, 1} is commutative and not associative.
    let put = jac
        .run(request(
            "artifact.put",
            json!({"object_type": "finite_magma", "object": {"size": 2, "table": [[1, 0], [0, 0]]}}),
        ))
        .await;
    assert_eq!(put.status(), ExecutionStatus::Succeeded, "{:?}", put.execution.diagnostics);
    let magma_uri = ArtifactUri::parse(put.output["uri"].as_str().unwrap()).unwrap();
    let stored: Value = serde_json::from_slice(&jac.artifact(&TenantId::local(), &magma_uri).unwrap().bytes).unwrap();

    let claim = json!({"semantics": "magma_separation", "holds": ["x*y = y*x"], "fails": "x*(y*z) = (x*y)*z"});
    let validated = jac.run(request("claim.validate", json!({"claim": claim}))).await;
    assert_eq!(validated.status(), ExecutionStatus::Succeeded, "{:?}", validated.execution.diagnostics);
    assert_eq!(validated.assurance.level, AssuranceLevel::Computed);
    assert_eq!(validated.output["claim"]["holds"], json!(["x * y = y * x"]));
    let claim_uri = validated.output["claim_uri"].as_str().unwrap().to_owned();

    let found = jac.run(request("witness.find", json!({"claim_uri": claim_uri, "max_size": 3}))).await;
    assert_eq!(found.status(), ExecutionStatus::Succeeded, "{:?}", found.execution.diagnostics);
    assert_eq!(found.assurance.level, AssuranceLevel::Heuristic);
    assert_eq!(found.output["found"], true);
    let witness = found.output["witness"].clone();
    assert_eq!(witness["magma"]["size"], 2);

    let verify = |witness: Value| {
        request("witness.verify", json!({"claim_uri": claim_uri, "witness": witness})).mode(Mode::Verify)
    };
    let verified = jac.run(verify(witness.clone())).await;
    assert_eq!(verified.assurance.level, AssuranceLevel::Verified, "{:?}", verified.execution.diagnostics);
    assert_eq!(verified.assurance.checker.as_ref().unwrap().id, "jacobian.check.magma_countermodel");

    let nor = json!({"magma": stored, "assignment": {"x": 0, "y": 0, "z": 1}});
    assert_eq!(jac.run(verify(nor.clone())).await.assurance.level, AssuranceLevel::Verified);
    // The same magma with an assignment where the sides agree is not a witness.
    let agreeing = json!({"magma": stored, "assignment": {"x": 0, "y": 0, "z": 0}});
    assert_ne!(jac.run(verify(agreeing)).await.assurance.level, AssuranceLevel::Verified);

    // Without an authorized checker: not VERIFIED, and the missing checker is an obligation.
    let config = jacobian::runtime::policy::OperatorConfig::from_toml("[checkers]\nbundled = false\n").unwrap();
    let strict = jacobian::builder().config(config).build().await.unwrap();
    let r = strict.run(request("witness.verify", json!({"claim": claim, "witness": witness})).mode(Mode::Verify)).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    assert_ne!(r.assurance.level, AssuranceLevel::Verified);
    assert!(!r.obligations.is_empty());

    // Nothing separates a law from itself: "none found" is exhaustive over the sizes searched.
    let same = json!({"semantics": "magma_separation", "holds": ["x*y = y*x"], "fails": "y*x = x*y"});
    let none = jac.run(request("witness.find", json!({"claim": same, "max_size": 3}))).await;
    assert_eq!(none.status(), ExecutionStatus::Succeeded, "{:?}", none.execution.diagnostics);
    assert_eq!(none.output["found"], false);
    assert_eq!(none.assurance.level, AssuranceLevel::Computed);
    assert!(none.completeness.exhaustive);
}

#[tokio::test]
async fn an_identity_claim_is_refuted_by_a_checked_finite_magma() {
    let jac = jacobian::builder().build().await.unwrap();
    let claim = json!({"semantics": "identity_fails", "identity": "x*y=y*x"});
    let validated = jac.run(request("claim.validate", json!({"claim": claim}))).await;
    assert_eq!(validated.status(), ExecutionStatus::Succeeded, "{:?}", validated.execution.diagnostics);
    assert_eq!(validated.output["claim"], json!({"semantics": "identity_fails", "identity": "x * y = y * x"}));
    let found = jac.run(request("witness.find", json!({"claim": claim, "max_size": 3}))).await;
    assert_eq!(found.output["found"], true, "{:?}", found.execution.diagnostics);
    let verified = jac
        .run(request("witness.verify", json!({"claim": claim, "witness": found.output["witness"]})).mode(Mode::Verify))
        .await;
    assert_eq!(verified.assurance.level, AssuranceLevel::Verified, "{:?}", verified.execution.diagnostics);
    // A law of every magma cannot fail: x * y = x * y has no countermodel at any size searched.
    let none = jac
        .run(request(
            "witness.find",
            json!({"claim": {"semantics": "identity_fails", "identity": "x * y = x * y"}, "max_size": 3}),
        ))
        .await;
    assert_eq!(none.output["found"], false);
    assert!(none.completeness.exhaustive);
    let bad = jac
        .run(request("claim.validate", json!({"claim": {"semantics": "identity_fails", "identity": "x * = y"}})))
        .await;
    assert_eq!(bad.execution.diagnostics[0].path.as_deref(), Some("/input/claim/identity"));
}

#[tokio::test]
async fn a_graph_property_is_found_verified_and_a_corruption_rejected() {
    let jac = jacobian::builder().build().await.unwrap();
    let claim = json!({"semantics": "graph_property", "order": 5, "connected": true, "property": "girth", "value": 5});
    let validated = jac.run(request("claim.validate", json!({"claim": claim}))).await;
    assert_eq!(validated.status(), ExecutionStatus::Succeeded, "{:?}", validated.execution.diagnostics);
    assert_eq!(validated.output["claim"]["value"], json!({"min": 5, "max": 5}));
    let claim_uri = validated.output["claim_uri"].clone();

    let found = jac.run(request("witness.find", json!({"claim_uri": claim_uri}))).await;
    assert_eq!(found.status(), ExecutionStatus::Succeeded, "{:?}", found.execution.diagnostics);
    assert_eq!(found.assurance.level, AssuranceLevel::Heuristic);
    let witness = found.output["witness"].clone();
    assert_eq!(witness["graph"]["edges"].as_array().unwrap().len(), 5, "the 5-cycle: {witness}");

    let verify = |witness: &Value| {
        request("witness.verify", json!({"claim_uri": claim_uri, "witness": witness})).mode(Mode::Verify)
    };
    let verified = jac.run(verify(&witness)).await;
    assert_eq!(verified.assurance.level, AssuranceLevel::Verified, "{:?}", verified.execution.diagnostics);
    assert_eq!(verified.assurance.checker.as_ref().unwrap().id, "jacobian.check.graph_property_witness");

    let mut corrupted = witness.clone();
    corrupted["graph"]["edges"].as_array_mut().unwrap().pop();
    let r = jac.run(verify(&corrupted)).await;
    assert_ne!(r.assurance.level, AssuranceLevel::Verified);

    // No graph of order 4 has girth 5: exhaustive over the 6 connected graphs.
    let none = json!({"semantics": "graph_property", "order": 4, "connected": true, "property": "girth", "value": 5});
    let r = jac.run(request("witness.find", json!({"claim": none}))).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    assert_eq!(r.output["found"], false);
    assert!(r.completeness.exhaustive);
    assert!(r.output["searched"].as_str().unwrap().contains("all 6 "), "{}", r.output);
}

#[tokio::test]
async fn a_deadline_is_never_none_found() {
    let jac = jacobian::builder().build().await.unwrap();
    let impossible = json!({"semantics": "graph_property", "order": 10, "property": "clique_number", "value": 11});
    // At once, and mid-search (geng is killed; what was read is never reported as exhaustive).
    for ms in [1, 300] {
        let r = jac.run(request("witness.find", json!({"claim": impossible})).wall_ms(ms)).await;
        assert_eq!(r.status(), ExecutionStatus::TimedOut, "{ms} ms: {:?} {}", r.execution.diagnostics, r.output);
        assert_ne!(r.output["found"], false);
        assert!(!r.completeness.exhaustive);
    }
    assert_eq!(searches_of_order_10(), 0, "geng was killed and reaped");
}

/// This process's children running exactly `geng -q 10` (only this test's search).
fn searches_of_order_10() -> usize {
    let me = std::process::id().to_string();
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| {
            let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
            let after = stat.rsplit_once(") ").map(|(_, rest)| rest).unwrap_or("");
            let cmdline = std::fs::read_to_string(e.path().join("cmdline")).unwrap_or_default();
            let args: Vec<&str> = cmdline.split('\0').filter(|a| !a.is_empty()).skip(1).collect();
            after.split_whitespace().nth(1) == Some(me.as_str()) && args == ["-q", "10"]
        })
        .count()
}

#[tokio::test]
async fn malformed_claims_are_refused_with_their_place() {
    let jac = jacobian::builder().build().await.unwrap();
    let paths = |r: &jacobian::runtime::CapabilityResult| -> Vec<String> {
        r.execution.diagnostics.iter().filter_map(|d| d.path.clone()).collect()
    };
    let bad = json!({"semantics": "magma_separation", "holds": ["x*y = y*x", "x * (y = z"], "fails": "x +"});
    let r = jac.run(request("claim.validate", json!({"claim": bad}))).await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
    assert_eq!(paths(&r), ["/input/claim/holds/1", "/input/claim/fails"]);
    assert!(r.execution.diagnostics[0].message.contains("bytes"));

    let empty = json!({"semantics": "graph_property", "order": 5, "property": "size", "value": {"min": 3, "max": 2}});
    let r = jac.run(request("claim.validate", json!({"claim": empty}))).await;
    assert_eq!(paths(&r), ["/input/claim/value/min"]);
    let mismatched = json!({"semantics": "graph_property", "order": 5, "property": "bipartite", "value": 3});
    let r = jac.run(request("claim.validate", json!({"claim": mismatched}))).await;
    assert_eq!(paths(&r), ["/input/claim/value"]);
    for wrong in [
        json!({"semantics": "graph_property", "order": 11, "property": "size", "value": 3}),
        json!({"semantics": "graph_property", "order": 5, "property": "colour", "value": 3}),
    ] {
        let r = jac.run(request("claim.validate", json!({"claim": wrong}))).await;
        assert_eq!(r.status(), ExecutionStatus::InvalidRequest, "{wrong}");
    }
}

/// `math.run` over a stdio MCP session with the `jacobian` binary; the structured result.
async fn mcp_run(client: &rmcp::service::RunningService<rmcp::service::RoleClient, ()>, args: Value) -> Value {
    let Value::Object(args) = args else { panic!("arguments must be an object") };
    let r = client
        .call_tool(rmcp::model::CallToolRequestParams::new("math.run").with_arguments(args))
        .await
        .expect("tools/call");
    r.structured_content.expect("structured content")
}

#[tokio::test]
async fn the_investigation_composes_over_mcp() {
    use rmcp::ServiceExt;
    use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
    let home = tempfile::tempdir().unwrap();
    let transport =
        TokioChildProcess::new(tokio::process::Command::new(env!("CARGO_BIN_EXE_jacobian")).configure(|c| {
            c.arg("serve").arg("--home").arg(home.path());
        }))
        .unwrap();
    let client = ().serve(transport).await.unwrap();

    let claim = json!({"semantics": "graph_property", "order": 6, "property": "chromatic_number",
                       "value": {"min": 3, "max": 3}, "connected": true});
    let validated = mcp_run(&client, json!({"capability_id": "claim.validate", "input": {"claim": claim}})).await;
    assert_eq!(validated["execution"]["status"], "SUCCEEDED", "{validated}");
    let claim_uri = validated["output"]["claim_uri"].clone();
    let found = mcp_run(&client, json!({"capability_id": "witness.find", "input": {"claim_uri": claim_uri}})).await;
    assert_eq!(found["assurance"]["level"], "HEURISTIC", "{found}");
    let witness = found["output"]["witness"].clone();
    let verified = mcp_run(
        &client,
        json!({"capability_id": "witness.verify", "mode": "VERIFY",
               "input": {"claim_uri": claim_uri, "witness": witness}}),
    )
    .await;
    assert_eq!(verified["assurance"]["level"], "VERIFIED", "{verified}");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn the_checker_agrees_with_the_exact_invariants_on_every_graph_of_order_5() {
    let jac = jacobian::builder().build().await.unwrap();
    let all = jac.run(request("graph.enumerate.nonisomorphic", json!({"order": 5}))).await;
    let graphs = all.output["graphs"].as_array().unwrap();
    assert_eq!(graphs.len(), 34);
    let properties = [
        "size",
        "connected",
        "bipartite",
        "tree",
        "triangle_count",
        "clique_number",
        "independence_number",
        "chromatic_number",
        "girth",
        "diameter",
    ];
    let items: Vec<Value> = graphs.iter().map(|g| json!({"graph6": g})).collect();
    let computed =
        jac.run(request("graph.compute.properties", json!({"graphs": items, "properties": properties}))).await;
    assert_eq!(computed.status(), ExecutionStatus::Succeeded, "{:?}", computed.execution.diagnostics);
    let mut checked = 0;
    for result in computed.output["results"].as_array().unwrap() {
        let graph6 = graphs[result["index"].as_u64().unwrap() as usize].as_str().unwrap();
        let g = jacobian::runtime::objects::graph::SimpleGraph::from_graph6(graph6).unwrap();
        for property in properties {
            let value = &result["values"][property];
            if value.is_null() {
                continue;
            }
            let claim = json!({"semantics": "graph_property", "order": 5, "property": property, "value": value});
            let r = jac
                .run(request("witness.verify", json!({"claim": claim, "witness": {"graph": g}})).mode(Mode::Verify))
                .await;
            assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{graph6} {property} = {value}");
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
}

/// `jacobian serve --home <home>` (plus `extra`) as a stdio child process.
async fn stdio_server(
    home: &std::path::Path,
    extra: &[&str],
) -> rmcp::service::RunningService<rmcp::service::RoleClient, ()> {
    use rmcp::ServiceExt;
    use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
    let transport =
        TokioChildProcess::new(tokio::process::Command::new(env!("CARGO_BIN_EXE_jacobian")).configure(|c| {
            c.arg("serve").arg("--home").arg(home).args(extra);
        }))
        .unwrap();
    ().serve(transport).await.unwrap()
}

/// `math.run` over MCP: whether the call is an error, and the structured result.
async fn mcp_call(client: &rmcp::service::RunningService<rmcp::service::RoleClient, ()>, args: Value) -> (bool, Value) {
    let Value::Object(args) = args else { panic!("arguments must be an object") };
    let r = client
        .call_tool(rmcp::model::CallToolRequestParams::new("math.run").with_arguments(args))
        .await
        .expect("tools/call");
    (r.is_error == Some(true), r.structured_content.expect("structured content"))
}

/// A JSON resource read over MCP.
async fn mcp_read_json(client: &rmcp::service::RunningService<rmcp::service::RoleClient, ()>, uri: &str) -> Value {
    let r = client.read_resource(rmcp::model::ReadResourceRequestParams::new(uri)).await.unwrap();
    match r.contents.into_iter().next() {
        Some(rmcp::model::ResourceContents::TextResourceContents { text, .. }) => serde_json::from_str(&text).unwrap(),
        other => panic!("{uri}: expected text contents, got {other:?}"),
    }
}

#[tokio::test]
async fn a_magma_separation_composes_over_mcp_and_needs_an_authorized_checker() {
    let home = tempfile::tempdir().unwrap();
    let client = stdio_server(home.path(), &[]).await;
    let run = |id: &str, input: Value| json!({"capability_id": id, "input": input});

    let (error, identity) = mcp_call(
        &client,
        run("artifact.put", json!({"object_type": "equational_identity", "object": {"identity": "x*(y*z)=(x*y)*z"}})),
    )
    .await;
    assert!(!error, "{identity}");
    assert_eq!(identity["output"]["already_canonical"], false, "{identity}");
    let stored = mcp_read_json(&client, identity["output"]["uri"].as_str().unwrap()).await;
    assert_eq!(stored, json!({"identity": "x * (y * z) = x * y * z"}));
    let (error, magma) = mcp_call(
        &client,
        run("artifact.put", json!({"object_type": "finite_magma", "object": {"size": 2, "table": [[1, 0], [0, 0]]}})),
    )
    .await;
    assert!(!error, "{magma}");
    assert_eq!(magma["output"]["object_type"], "finite_magma");

    let claim = json!({"semantics": "magma_separation", "holds": ["x*y = y*x"], "fails": "x*(y*z) = (x*y)*z"});
    let (error, validated) = mcp_call(&client, run("claim.validate", json!({"claim": claim}))).await;
    assert!(!error, "{validated}");
    assert_eq!(validated["execution"]["status"], "SUCCEEDED", "{validated}");
    let claim_uri = validated["output"]["claim_uri"].clone();
    let (error, found) = mcp_call(&client, run("witness.find", json!({"claim_uri": claim_uri, "max_size": 3}))).await;
    assert!(!error, "{found}");
    assert_eq!(found["output"]["found"], true, "{found}");
    assert_eq!(found["assurance"]["level"], "HEURISTIC", "{found}");
    let witness = found["output"]["witness"].clone();

    let verify = |input: Value| json!({"capability_id": "witness.verify", "mode": "VERIFY", "input": input});
    let (error, verified) = mcp_call(&client, verify(json!({"claim_uri": claim_uri, "witness": witness}))).await;
    assert!(!error, "{verified}");
    assert_eq!(verified["assurance"]["level"], "VERIFIED", "{verified}");
    let record_uri = verified["assurance"]["verification_record"].as_str().expect("record");
    assert_eq!(mcp_read_json(&client, record_uri).await["verdict"], "ACCEPTED");
    client.cancel().await.unwrap();

    // The same verification where the operator authorizes no bundled checker: the run succeeds,
    // it is not VERIFIED, and the missing checker is an open obligation.
    let strict_home = tempfile::tempdir().unwrap();
    let config = strict_home.path().join("operator.toml");
    std::fs::write(&config, "[checkers]\nbundled = false\n").unwrap();
    let strict = stdio_server(strict_home.path(), &["--config", config.to_str().unwrap()]).await;
    let (error, r) = mcp_call(&strict, verify(json!({"claim": claim, "witness": witness}))).await;
    assert!(!error, "{r}");
    assert_eq!(r["execution"]["status"], "SUCCEEDED", "{r}");
    assert_ne!(r["assurance"]["level"], "VERIFIED", "{r}");
    let obligations = r["obligations"].as_array().expect("obligations");
    assert!(!obligations.is_empty(), "{r}");
    assert!(
        obligations.iter().any(|o| o["kind"] == "INDEPENDENT_CHECK"
            && o["evidence_kind"] == "universal_algebra.countermodel/v1"
            && o["description"].as_str().is_some_and(|d| d.contains("jacobian.check.magma_countermodel"))),
        "{r}"
    );
    strict.cancel().await.unwrap();
}
