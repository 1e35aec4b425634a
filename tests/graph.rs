//! The graph domain end to end through the runtime, against independent references: OEIS
//! counts, NetworkX (test-only, from `.venv/`), and brute force written here.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use jacobian::runtime::{AssuranceLevel, CapabilityRequest, CapabilityResult, ExecutionStatus, Mode};
use jacobian::{Jacobian, RunOptions};
use serde_json::{Value, json};

async fn jac() -> Jacobian {
    jacobian::builder().build().await.expect("jacobian")
}

async fn run(jac: &Jacobian, id: &str, input: Value) -> CapabilityResult {
    jac.run(CapabilityRequest::new(id, input)).await
}

async fn verify(jac: &Jacobian, id: &str, input: Value) -> CapabilityResult {
    jac.run(CapabilityRequest::new(id, input).mode(Mode::Verify)).await
}

fn ok(r: &CapabilityResult) -> &Value {
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    &r.output
}

fn python() -> std::path::PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/python");
    assert!(p.exists(), "{} is missing: run scripts/provision-python", p.display());
    p
}

/// Runs a reference script with `stdin` and returns its stdout.
fn reference(script: &str, stdin: &str) -> String {
    let mut child = Command::new(python())
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference").join(script))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("reference script");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write");
    let out = child.wait_with_output().expect("reference output");
    assert!(out.status.success(), "{script}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

fn petersen() -> Value {
    json!({"order": 10, "edges": [[0,1],[1,2],[2,3],[3,4],[0,4],[0,5],[1,6],[2,7],[3,8],[4,9],[5,7],[7,9],[6,9],[6,8],[5,8]]})
}

fn cycle(n: u32) -> Value {
    json!({"order": n, "edges": (0..n).map(|i| [i, (i + 1) % n]).collect::<Vec<_>>()})
}

// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn construct_maps_labels_and_refuses_bad_input_with_a_path() {
    let home = tempfile::tempdir().unwrap();
    let jac = jacobian::builder().home(home.path()).build().await.unwrap();
    let r = run(&jac, "graph.construct.explicit", json!({"vertices": ["a", "b", 7], "edges": [["b", "a"], [7, "b"]]}))
        .await;
    let out = ok(&r);
    assert_eq!(out["graph"], json!({"order": 3, "edges": [[0, 1], [1, 2]]}));
    assert_eq!(out["labels"], json!(["a", "b", 7]));
    assert_eq!(out["graph6"], "Bg", "the path 0-1-2 in graph6");
    let uri = out["uri"].as_str().unwrap();
    let stored = jac.artifact(&jacobian::TenantId::local(), &uri.parse().unwrap()).unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&stored.bytes).unwrap(), out["graph"]);

    let objects = |home: &Path| walk(&home.join("tenants/local/objects"));
    let before = objects(home.path());
    for (input, path, code) in [
        (json!({"vertices": ["a", "b"], "edges": [["a", "c"]]}), "/input/edges/0/1", "UNKNOWN_VERTEX"),
        (json!({"vertices": ["a", "b"], "edges": [["a", "a"]]}), "/input/edges/0", "LOOP"),
        (json!({"vertices": ["a", "b"], "edges": [["a", "b"], ["b", "a"]]}), "/input/edges/1", "DUPLICATE_EDGE"),
        (json!({"vertices": ["a", "a"], "edges": []}), "/input/vertices/1", "DUPLICATE_VERTEX"),
        (json!({"vertices": [1.5], "edges": []}), "/input/vertices/0", ""),
    ] {
        let r = run(&jac, "graph.construct.explicit", input.clone()).await;
        assert_eq!(r.status(), ExecutionStatus::InvalidRequest, "{input}");
        let d = &r.execution.diagnostics[0];
        assert_eq!(d.path.as_deref(), Some(path), "{input}: {d:?}");
        assert!(code.is_empty() || d.code == code, "{input}: {d:?}");
    }
    assert_eq!(objects(home.path()), before, "a refused request writes nothing");
}

fn walk(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| if e.path().is_dir() { walk(&e.path()) } else { 1 }).sum())
        .unwrap_or(0)
}

#[tokio::test]
async fn the_atlas_is_networkx_atlas_and_pages_through_every_graph_once() {
    let jac = jac().await;
    let mut seen = Vec::new();
    let mut graph6 = String::new();
    let mut cursor = Value::Null;
    loop {
        let mut input = json!({"limit": 500});
        if !cursor.is_null() {
            input["cursor"] = cursor.clone();
        }
        let r = run(&jac, "graph.search.atlas", input).await;
        let out = ok(&r).clone();
        assert_eq!(out["total_matches"], 1253);
        for g in out["graphs"].as_array().unwrap() {
            seen.push(g["atlas_id"].as_u64().unwrap());
            graph6.push_str(g["graph6"].as_str().unwrap());
            graph6.push('\n');
        }
        cursor = out.get("next_cursor").cloned().unwrap_or(Value::Null);
        let complete = r.completeness.state == jacobian::runtime::contract::CompletenessState::Complete;
        assert_eq!(complete, cursor.is_null(), "only the last page is COMPLETE");
        if cursor.is_null() {
            break;
        }
    }
    assert_eq!(seen, (0..1253).collect::<Vec<_>>());
    assert_eq!(reference("networkx_atlas.py", &graph6).trim(), "atlas: ok");

    // Counts by order (OEIS A000088) and connected counts (A001349; the null graph is not connected).
    for (order, all, connected) in
        [(0, 1, 0), (1, 1, 1), (2, 2, 1), (3, 4, 2), (4, 11, 6), (5, 34, 21), (6, 156, 112), (7, 1044, 853)]
    {
        let r = run(&jac, "graph.search.atlas", json!({"order": order, "limit": 1})).await;
        assert_eq!(ok(&r)["total_matches"], all, "order {order}");
        let r = run(&jac, "graph.search.atlas", json!({"order": order, "connected": true, "limit": 1})).await;
        assert_eq!(ok(&r)["total_matches"], connected, "connected, order {order}");
    }
    // Invariant conditions: trees on 7 vertices (A000055: 11); connected bipartite graphs on 6 (A005142: 17).
    let r = run(&jac, "graph.search.atlas", json!({"order": 7, "where": {"tree": true}})).await;
    assert_eq!(ok(&r)["total_matches"], 11);
    let r = run(&jac, "graph.search.atlas", json!({"order": 6, "connected": true, "where": {"bipartite": true}})).await;
    assert_eq!(ok(&r)["total_matches"], 17);
    let r = run(&jac, "graph.search.atlas", json!({"where": {"girth": {"min": 5}, "connected": true}})).await;
    let girth5 = ok(&r)["graphs"].as_array().unwrap().clone();
    assert!(!girth5.is_empty() && girth5.iter().all(|g| g["graph"]["order"].as_u64().unwrap() >= 5));
    let bad = run(&jac, "graph.search.atlas", json!({"cursor": "3.0000000000000000"})).await;
    assert_eq!(bad.status(), ExecutionStatus::InvalidRequest);
    assert_eq!(bad.execution.diagnostics[0].path.as_deref(), Some("/input/cursor"));
}

#[tokio::test]
async fn enumeration_counts_match_oeis() {
    let jac = jac().await;
    // A000088 and A001349 (n = 1..9; the null graph counts as not connected here).
    let all = [1u64, 1, 2, 4, 11, 34, 156, 1044, 12346, 274668];
    let connected = [0u64, 1, 1, 2, 6, 21, 112, 853, 11117, 261080];
    for n in 0..=9u32 {
        let r = run(&jac, "graph.enumerate.nonisomorphic", json!({"order": n, "emit": "COUNT"})).await;
        assert_eq!(ok(&r)["count"], all[n as usize], "order {n}");
        assert!(r.completeness.exhaustive, "order {n}");
        let r =
            run(&jac, "graph.enumerate.nonisomorphic", json!({"order": n, "connected": true, "emit": "COUNT"})).await;
        assert_eq!(ok(&r)["count"], connected[n as usize], "connected, order {n}");
    }
    // Inline graphs, an artifact for many, a limit that makes the result PARTIAL.
    let r = run(&jac, "graph.enumerate.nonisomorphic", json!({"order": 4})).await;
    assert_eq!(ok(&r)["graphs"].as_array().unwrap().len(), 11);
    let r = run(&jac, "graph.enumerate.nonisomorphic", json!({"order": 7, "min_edges": 10, "max_edges": 11})).await;
    let uri = ok(&r)["graphs_uri"].as_str().expect("many graphs go to an artifact").to_owned();
    let stored = jac.artifact(&jacobian::TenantId::local(), &uri.parse().unwrap()).unwrap();
    let lines = String::from_utf8(stored.bytes.to_vec()).unwrap();
    assert_eq!(lines.lines().count() as u64, r.output["count"].as_u64().unwrap());
    let r = run(&jac, "graph.enumerate.nonisomorphic", json!({"order": 8, "limit": 100, "emit": "COUNT"})).await;
    assert_eq!(ok(&r)["count"], 100);
    assert_eq!(r.output["finished"], false);
    assert_eq!(r.completeness.state, jacobian::runtime::contract::CompletenessState::Partial);
    let bad = run(&jac, "graph.enumerate.nonisomorphic", json!({"order": 4, "max_edges": 7})).await;
    assert_eq!(bad.execution.diagnostics[0].path.as_deref(), Some("/input/max_edges"));
}

fn geng_children() -> usize {
    let me = std::process::id().to_string();
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| {
            let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
            // pid (comm) state ppid ...
            let after = stat.rsplit_once(") ").map(|(_, rest)| rest).unwrap_or("");
            let ppid = after.split_whitespace().nth(1).unwrap_or("");
            // Only this test's geng (order 13, all 78 edge counts): other tests run geng too.
            let cmdline = std::fs::read_to_string(e.path().join("cmdline")).unwrap_or_default();
            ppid == me && cmdline.split('\0').any(|a| a == "0:78")
        })
        .count()
}

#[tokio::test]
async fn cancelling_an_enumeration_kills_and_reaps_geng() {
    let jac = jac().await;
    let cancel = jacobian::runtime::CancellationToken::new();
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let options = RunOptions { cancel: Some(cancel.clone()), progress: Some(tx), ..RunOptions::default() };
    let request = CapabilityRequest::new("graph.enumerate.nonisomorphic", json!({"order": 13, "emit": "COUNT"}));
    let run = tokio::spawn({
        let jac = jac.clone();
        async move { jac.run_with(request, options).await }
    });
    let first = tokio::time::timeout(Duration::from_secs(20), rx.recv()).await.expect("progress").expect("report");
    assert!(first.done > 0);
    assert_eq!(geng_children(), 1, "geng is running");
    let t = Instant::now();
    cancel.cancel();
    let r = run.await.unwrap();
    assert_eq!(r.status(), ExecutionStatus::Cancelled);
    assert_eq!(r.assurance.level, AssuranceLevel::None);
    assert!(t.elapsed() < Duration::from_secs(2));
    for _ in 0..200 {
        if geng_children() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(geng_children(), 0, "geng was killed and reaped");
}

// ---------------------------------------------------------------------------------------------

const ALL_PROPERTIES: [&str; 23] = [
    "order",
    "size",
    "degree_sequence",
    "connected",
    "component_count",
    "bipartite",
    "tree",
    "forest",
    "diameter",
    "radius",
    "girth",
    "triangle_count",
    "clique_number",
    "independence_number",
    "chromatic_number",
    "domination_number",
    "matching_number",
    "automorphism_group_order",
    "eulerian",
    "hamiltonian",
    "spanning_tree_count",
    "vertex_connectivity",
    "edge_connectivity",
];

/// Our invariants against NetworkX's, graph by graph.
async fn cross_check(jac: &Jacobian, graph6: &[String]) {
    let graphs: Vec<Value> = graph6
        .iter()
        .map(|g| {
            let sg = jacobian::runtime::objects::graph::SimpleGraph::from_graph6(g).unwrap();
            json!({"graph": sg})
        })
        .collect();
    let r = run(jac, "graph.compute.properties", json!({"graphs": graphs, "properties": ALL_PROPERTIES})).await;
    let ours = ok(&r)["results"].as_array().unwrap().clone();
    let theirs = reference("networkx_invariants.py", &(graph6.join("\n") + "\n"));
    let theirs: Vec<Value> = theirs.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(ours.len(), theirs.len());
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        for p in ALL_PROPERTIES {
            let (x, y) = (&a["values"][p], &b[p]);
            let same = x == y || x.as_str().is_some_and(|s| y.as_u64().is_some_and(|n| s == n.to_string()));
            assert!(same, "graph {i} ({}): {p} is {x} here, {y} in NetworkX", graph6[i]);
        }
    }
}

#[tokio::test]
async fn invariants_agree_with_networkx_on_the_atlas_and_a_sample_of_order_8() {
    let jac = jac().await;
    let atlas: Vec<String> = jacobian_adapters::graph::atlas::ATLAS_G6.lines().map(str::to_owned).collect();
    cross_check(&jac, &atlas).await;
    let out = Command::new(jacobian_adapters::graph::enumerate::GENG.path.clone().expect("geng installed"))
        .args(["-q", "8"])
        .output()
        .unwrap();
    let sample: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().step_by(97).map(str::to_owned).collect();
    assert!(sample.len() >= 100);
    cross_check(&jac, &sample).await;
}

#[tokio::test]
async fn graph6_lists_give_the_same_invariants_in_rows_or_columns() {
    let jac = jac().await;
    let atlas = jacobian_adapters::graph::atlas::ATLAS_G6;
    let props = json!(["connected", "diameter", "triangle_count", "clique_number", "spanning_tree_count"]);
    let items: Vec<Value> = atlas.lines().map(|g| json!({"graph6": g})).collect();
    let one_by_one = run(&jac, "graph.compute.properties", json!({"graphs": items, "properties": props})).await;
    let rows = run(&jac, "graph.compute.properties", json!({"graph6_list": atlas, "properties": props})).await;
    let columns =
        run(&jac, "graph.compute.properties", json!({"graph6_list": atlas, "properties": props, "layout": "COLUMNS"}))
            .await;
    assert_eq!(ok(&rows)["results"], ok(&one_by_one)["results"]);
    assert_eq!(ok(&rows)["count"], 1253);
    assert_eq!(rows.scope.input_digest, one_by_one.scope.input_digest, "the same graphs, the same scope");
    let results = ok(&rows)["results"].as_array().unwrap();
    for p in props.as_array().unwrap() {
        let column = ok(&columns)["columns"][p.as_str().unwrap()].as_array().unwrap();
        assert_eq!(column.len(), 1253);
        for (i, v) in column.iter().enumerate() {
            assert_eq!(v, &results[i]["values"][p.as_str().unwrap()], "graph {i}, {p}");
        }
    }

    // A stored list, as enumeration writes it: the 1,044 graphs of order 7.
    let listed = run(&jac, "graph.enumerate.nonisomorphic", json!({"order": 7})).await;
    let uri = ok(&listed)["graphs_uri"].clone();
    let r = run(
        &jac,
        "graph.compute.properties",
        json!({"graphs_uri": uri, "properties": ["connected"], "layout": "COLUMNS"}),
    )
    .await;
    let connected = ok(&r)["columns"]["connected"].as_array().unwrap();
    assert_eq!(connected.len(), 1044);
    assert_eq!(connected.iter().filter(|v| **v == true).count(), 853, "OEIS A001349 at 7");
    assert!(r.artifact_uris.iter().any(|u| json!(u.to_string()) == uri));

    // Bad lists are refused with their place.
    for (input, path) in [
        (json!({"graph6_list": "D?{\nnot graph6\n", "properties": ["size"]}), "/input/graph6_list"),
        (json!({"graph6_list": "\n", "properties": ["size"]}), "/input/graph6_list"),
        (json!({"graph6_list": "D?{", "graphs_uri": uri, "properties": ["size"]}), "/input/graphs_uri"),
        (
            json!({"graphs_uri": ok(&listed)["graphs_uri"], "graphs": [{"graph6": "D?{"}], "properties": ["size"]}),
            "/input/graphs_uri",
        ),
    ] {
        let r = run(&jac, "graph.compute.properties", input.clone()).await;
        assert_eq!(r.status(), ExecutionStatus::InvalidRequest, "{input}");
        assert_eq!(r.execution.diagnostics[0].path.as_deref(), Some(path), "{input}");
    }
}

#[tokio::test]
async fn hard_invariants_are_refused_above_their_bound_and_honour_deadlines() {
    let jac = jac().await;
    let big = json!({"order": 65, "edges": []});
    let r = run(&jac, "graph.compute.properties", json!({"graphs": [{"graph": big}], "properties": ["clique_number"]}))
        .await;
    assert_eq!(r.status(), ExecutionStatus::Unsupported);
    assert_eq!(r.execution.diagnostics[0].path.as_deref(), Some("/input/graphs/0/graph"));
    let r = run(
        &jac,
        "graph.compute.properties",
        json!({"graphs": [{"graph": big}], "properties": ["diameter", "spanning_tree_count"]}),
    )
    .await;
    assert_eq!(ok(&r)["results"][0]["values"]["spanning_tree_count"], "0");

    // A dense random graph on 64 vertices: its chromatic number cannot finish in 200 ms.
    let mut x = 7u64;
    let mut edges = Vec::new();
    for u in 0..64u32 {
        for v in u + 1..64 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if (x >> 33).is_multiple_of(2) {
                edges.push([u, v]);
            }
        }
    }
    let t = Instant::now();
    let r = jac
        .run(
            CapabilityRequest::new(
                "graph.compute.properties",
                json!({"graphs": [{"graph": {"order": 64, "edges": edges}}], "properties": ["chromatic_number"]}),
            )
            .wall_ms(200),
        )
        .await;
    assert_eq!(r.status(), ExecutionStatus::TimedOut);
    assert!(t.elapsed() < Duration::from_millis(1000), "{:?}", t.elapsed());
    // graph6 in, as nauty writes it: K4 is `C~`.
    let r =
        run(&jac, "graph.compute.properties", json!({"graphs": [{"graph6": "C~"}], "properties": ["clique_number"]}))
            .await;
    assert_eq!(ok(&r)["results"][0]["values"]["clique_number"], 4);
    let r = run(&jac, "graph.compute.properties", json!({"graphs": [{"graph6": "C~~"}], "properties": ["size"]})).await;
    assert_eq!(r.execution.diagnostics[0].path.as_deref(), Some("/input/graphs/0/graph6"));
    let dup =
        run(&jac, "graph.compute.properties", json!({"graphs": [{"graph": cycle(4)}], "properties": ["size", "size"]}))
            .await;
    assert_eq!(dup.execution.diagnostics[0].path.as_deref(), Some("/input/properties/1"));
    let both = run(
        &jac,
        "graph.compute.properties",
        json!({"graphs": [{"graph": cycle(4), "graph_uri": format!("artifact://sha256/{}", "0".repeat(64))}], "properties": ["size"]}),
    )
    .await;
    assert_eq!(both.status(), ExecutionStatus::InvalidRequest);
}

// ---------------------------------------------------------------------------------------------

/// The maximum induced tree by brute force over vertex subsets.
fn brute_induced_tree(n: usize, edges: &[[u32; 2]]) -> usize {
    let mut best = 0;
    for mask in 1u32..(1 << n) {
        let k = mask.count_ones() as usize;
        if k <= best {
            continue;
        }
        let inside: Vec<_> = edges.iter().filter(|[u, v]| mask >> u & 1 == 1 && mask >> v & 1 == 1).collect();
        if inside.len() + 1 != k {
            continue;
        }
        // connected: flood from the lowest vertex
        let mut reached = 1u32 << mask.trailing_zeros();
        loop {
            let mut next = reached;
            for [u, v] in &inside {
                if reached >> u & 1 == 1 || reached >> v & 1 == 1 {
                    next |= 1 << u | 1 << v;
                }
            }
            if next == reached {
                break;
            }
            reached = next;
        }
        if reached == mask {
            best = k;
        }
    }
    best
}

#[tokio::test]
async fn maximum_induced_tree_matches_brute_force_and_verifies_through_the_checker() {
    let jac = jac().await;
    let mut x = 11u64;
    for n in [1usize, 2, 5, 7, 9, 10] {
        for _ in 0..3 {
            let mut edges = Vec::new();
            for u in 0..n as u32 {
                for v in u + 1..n as u32 {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    if !(x >> 33).is_multiple_of(3) {
                        edges.push([u, v]);
                    }
                }
            }
            let graph = json!({"order": n, "edges": edges});
            let r = run(&jac, "graph.induced_tree.maximum", json!({"graph": graph})).await;
            assert_eq!(ok(&r)["max_induced_tree_order"], brute_induced_tree(n, &edges), "{graph}");
            let v = verify(&jac, "graph.induced_tree.maximum", json!({"graph": graph})).await;
            assert_eq!(v.assurance.level, AssuranceLevel::Verified, "{graph}: {:?}", v.execution.diagnostics);
        }
    }
    let r = verify(&jac, "graph.induced_tree.maximum", json!({"graph": petersen()})).await;
    assert_eq!(r.assurance.level, AssuranceLevel::Verified);
    assert_eq!(r.assurance.checker.as_ref().unwrap().id, "jacobian.check.induced_tree_exhaustive");

    // Claims made elsewhere: a true maximum is verified; a non-maximum or a non-tree is not.
    let c5 = cycle(5);
    let good = verify(&jac, "graph.induced_tree.maximum.verify", json!({"graph": c5, "vertices": [3, 0, 1, 2]})).await;
    assert_eq!(good.assurance.level, AssuranceLevel::Verified, "{:?}", good.execution.diagnostics);
    for vertices in [json!([0, 1, 2]), json!([0, 1, 2, 3, 4])] {
        let bad = verify(&jac, "graph.induced_tree.maximum.verify", json!({"graph": c5, "vertices": vertices})).await;
        assert_ne!(bad.assurance.level, AssuranceLevel::Verified, "{vertices}");
        assert_ne!(bad.assurance.level, AssuranceLevel::Computed, "an unchecked claim is not a computation");
    }
    let dup = verify(&jac, "graph.induced_tree.maximum.verify", json!({"graph": c5, "vertices": [0, 0]})).await;
    assert_eq!(dup.execution.diagnostics[0].path.as_deref(), Some("/input/vertices/1"));
    let big = cycle(15);
    let r = verify(&jac, "graph.induced_tree.maximum", json!({"graph": big})).await;
    assert_eq!(r.status(), ExecutionStatus::Unsupported);
    assert_eq!(r.assurance.level, AssuranceLevel::None);
    let r = run(&jac, "graph.induced_tree.maximum", json!({"graph": big})).await;
    assert_eq!(ok(&r)["max_induced_tree_order"], 14);
}

#[tokio::test]
async fn hamiltonian_cycles_and_chromatic_numbers_are_checked_by_replay() {
    let jac = jac().await;
    let cube = json!({"order": 8, "edges": [[0,1],[0,2],[0,4],[1,3],[1,5],[2,3],[2,6],[3,7],[4,5],[4,6],[5,7],[6,7]]});
    let r = verify(&jac, "graph.search.hamiltonian_cycle", json!({"graph": cube})).await;
    assert_eq!(r.output["hamiltonian"], true);
    assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{:?}", r.execution.diagnostics);
    let r = verify(&jac, "graph.search.hamiltonian_cycle", json!({"graph": petersen()})).await;
    assert_eq!(r.output["hamiltonian"], false);
    assert_eq!(r.assurance.level, AssuranceLevel::Computed, "non-Hamiltonicity has no certificate");
    assert!(r.obligations.iter().any(|o| o.kind == "NO_CERTIFICATE"));

    // Lower bounds: C5 and Petersen need the checker's exhaustive search (no triangle), K4 and
    // the empty graph rest on a clique.
    for (graph, k) in [
        (cycle(5), 3),
        (petersen(), 3),
        (json!({"order": 4, "edges": [[0,1],[0,2],[0,3],[1,2],[1,3],[2,3]]}), 4),
        (json!({"order": 3, "edges": []}), 1),
    ] {
        let r = verify(&jac, "graph.compute.chromatic_number", json!({"graph": graph})).await;
        assert_eq!(r.output["chromatic_number"], k, "{graph}");
        assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{graph}: {:?}", r.execution.diagnostics);
    }
}
