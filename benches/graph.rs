//! The graph domain against its references: exact invariants over the whole atlas against
//! NetworkX, and isomorph-free enumeration at order 10 against `geng` alone.
//!
//! `cargo bench --bench graph`; needs `.venv` (scripts/provision-python) for the NetworkX
//! reference and nauty's geng. Ratios are printed after criterion's report.

use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use jacobian::runtime::{CapabilityRequest, Digest, ExecutionStatus};
use jacobian_adapters::graph::atlas::{ATLAS, ATLAS_G6};
use jacobian_adapters::graph::enumerate::GENG;
use jacobian_adapters::graph::invariants::{self as inv, Graph};
use serde_json::{Value, json};
use tokio::runtime::Runtime;

const PROPERTIES: [&str; 4] = ["connected", "diameter", "triangle_count", "clique_number"];

fn runtime() -> Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("tokio runtime")
}

/// The atlas one graph at a time, each inline as `{"order", "edges"}`.
fn atlas_request() -> CapabilityRequest {
    let graphs: Vec<Value> = ATLAS.iter().map(|g| json!({"graph": g})).collect();
    CapabilityRequest::new("graph.compute.properties", json!({"graphs": graphs, "properties": PROPERTIES}))
}

/// The atlas as one graph6 list, results in `layout`.
fn atlas_list_request(layout: &str) -> CapabilityRequest {
    CapabilityRequest::new(
        "graph.compute.properties",
        json!({"graph6_list": ATLAS_G6, "properties": PROPERTIES, "layout": layout}),
    )
}

/// The same digest as benches/reference/networkx_atlas.py computes over its answers.
fn answers_digest(results: &[Value]) -> String {
    let mut rows: Vec<String> = results
        .iter()
        .map(|r| {
            let v = &r["values"];
            let cell = |x: &Value| if x.is_null() { "null".to_owned() } else { x.to_string() };
            format!(
                "[{}, {}, {}, {}]",
                cell(&v["connected"]),
                cell(&v["diameter"]),
                cell(&v["triangle_count"]),
                cell(&v["clique_number"])
            )
        })
        .collect();
    rows.sort();
    let encoded: Vec<String> = rows.iter().map(|r| serde_json::to_string(r).unwrap_or_default()).collect();
    let hex = Digest::of_bytes(format!("[{}]", encoded.join(", ")).as_bytes()).hex();
    hex[..16].to_owned()
}

/// A `COLUMNS` output read back as `ROWS` entries, so both layouts share one digest.
fn columns_as_rows(output: &Value) -> Vec<Value> {
    let count = output["count"].as_u64().unwrap_or(0) as usize;
    (0..count)
        .map(|i| {
            let values: serde_json::Map<String, Value> =
                PROPERTIES.iter().map(|p| ((*p).to_owned(), output["columns"][*p][i].clone())).collect();
            json!({ "values": values })
        })
        .collect()
}

fn atlas_properties(c: &mut Criterion) {
    let rt = runtime();
    let jac = rt.block_on(jacobian::builder().build()).expect("jacobian");
    let request = atlas_request();
    let first = rt.block_on(jac.run(request.clone()));
    assert_eq!(first.status(), ExecutionStatus::Succeeded, "{:?}", first.execution.diagnostics);
    let ours = answers_digest(first.output["results"].as_array().expect("results"));

    let mut group = c.benchmark_group("atlas_properties");
    group.bench_function("direct_invariants", |b| {
        b.iter(|| {
            let never = || false;
            ATLAS
                .iter()
                .map(|g| {
                    let g = Graph::new(g);
                    (inv::is_connected(&g), inv::diameter(&g), inv::triangle_count(&g), inv::clique_number(&g, &never))
                })
                .count()
        })
    });
    let (rows, columns) = (atlas_list_request("ROWS"), atlas_list_request("COLUMNS"));
    let listed = rt.block_on(jac.run(rows.clone()));
    assert_eq!(answers_digest(listed.output["results"].as_array().expect("results")), ours, "same answers");
    let by_columns = rt.block_on(jac.run(columns.clone()));
    assert_eq!(answers_digest(&columns_as_rows(&by_columns.output)), ours, "same answers in columns");
    group.bench_function("math_run", |b| b.iter(|| rt.block_on(jac.run(request.clone()))));
    group.bench_function("math_run_graph6_list_rows", |b| b.iter(|| rt.block_on(jac.run(rows.clone()))));
    group.bench_function("math_run_graph6_list_columns", |b| b.iter(|| rt.block_on(jac.run(columns.clone()))));
    group.finish();

    // Best of 20 through the runtime, for the ratios.
    let best_of = |request: &CapabilityRequest| {
        (0..20)
            .map(|_| {
                let t = Instant::now();
                let r = rt.block_on(jac.run(request.clone()));
                assert_eq!(r.status(), ExecutionStatus::Succeeded);
                t.elapsed()
            })
            .min()
            .unwrap_or(Duration::ZERO)
    };
    let best = best_of(&request);
    let (best_rows, best_columns) = (best_of(&rows), best_of(&columns));
    let python = concat!(env!("CARGO_MANIFEST_DIR"), "/.venv/bin/python");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/reference/networkx_atlas.py");
    match Command::new(python).args([script, "5"]).output() {
        Ok(out) if out.status.success() => {
            let reference: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
            let nx_ms = reference["best_ms"].as_f64().unwrap_or(f64::NAN);
            let ms = |d: Duration| d.as_secs_f64() * 1e3;
            println!(
                "atlas properties (1,253 graphs; connected, diameter, triangles, clique number), NetworkX best \
                 {nx_ms:.2} ms; math.run best: graphs one by one {:.2} ms ({:.1}x), one graph6 list in rows {:.2} ms \
                 ({:.1}x), in columns {:.2} ms ({:.1}x); identical answers: {}",
                ms(best),
                nx_ms / ms(best),
                ms(best_rows),
                nx_ms / ms(best_rows),
                ms(best_columns),
                nx_ms / ms(best_columns),
                reference["answers_digest"].as_str() == Some(ours.as_str())
            );
        }
        _ => println!("atlas properties: NetworkX reference unavailable (run scripts/provision-python)"),
    }
    rt.block_on(jac.shutdown(Duration::from_secs(1)));
}

fn enumeration(_: &mut Criterion) {
    let Some(geng) = GENG.path.clone() else {
        println!("enumeration: geng not installed");
        return;
    };
    let rt = runtime();
    let jac = rt.block_on(jacobian::builder().build()).expect("jacobian");
    let t = Instant::now();
    let out = Command::new(&geng).args(["-u", "10"]).output().expect("geng");
    let geng_s = t.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let t = Instant::now();
    let r = rt.block_on(jac.run(
        CapabilityRequest::new("graph.enumerate.nonisomorphic", json!({"order": 10, "emit": "COUNT"})).wall_ms(600_000),
    ));
    let ours_s = t.elapsed().as_secs_f64();
    assert_eq!(r.output["count"], 12_005_168, "{:?}", r.execution.diagnostics);
    println!(
        "enumeration n = 10 (12,005,168 graphs): geng -u alone {geng_s:.2} s ({:.2} M graphs/s; {}), math.run counting \
         the streamed graph6 {ours_s:.2} s ({:.2} M graphs/s), {:.0}% of geng's rate",
        12.005168 / geng_s,
        stderr.trim(),
        12.005168 / ours_s,
        100.0 * geng_s / ours_s
    );
    rt.block_on(jac.shutdown(Duration::from_secs(1)));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(5));
    targets = atlas_properties, enumeration
}
criterion_main!(benches);
