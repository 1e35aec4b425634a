//! The cost of the actor path: per-run overhead against calling the adapter directly, the
//! throughput of concurrent trivial runs, and how far past its deadline a run answers when
//! its adapter ignores cancellation.
//!
//! `cargo bench --bench runtime`; the percentile lines are printed after criterion's report.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jacobian::Jacobian;
use jacobian::runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext};
use jacobian::runtime::artifact::{ArtifactReader, MemoryArtifactStore};
use jacobian::runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider};
use jacobian::runtime::typed::{Describe, Operation, Typed};
use jacobian::runtime::{CapabilityAdapter, CapabilityRequest, Digest, ExecutionStatus, Scope};
use serde_json::{Value, json};
use tokio::runtime::Runtime;

fn runtime() -> Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("tokio runtime")
}

fn gcd_request() -> CapabilityRequest {
    CapabilityRequest::new("integer.compute.gcd", json!({"a": 84, "b": 36}))
}

/// The bundled gcd adapter, called without the runtime: validation, preparation, execution.
fn direct_call(adapter: &dyn CapabilityAdapter, cx: &PrepareContext, ctx: &AdapterContext, input: &Value) -> Value {
    let run = adapter.prepare(input, cx).expect("valid input");
    run.execute(ctx).expect("gcd runs").output
}

fn percentiles(mut xs: Vec<f64>) -> (f64, f64, f64) {
    xs.sort_by(|a, b| a.total_cmp(b));
    let at = |p: f64| xs[((xs.len() - 1) as f64 * p).round() as usize];
    (at(0.5), at(0.99), xs[xs.len() - 1])
}

fn per_run_overhead(c: &mut Criterion) {
    let rt = runtime();
    let jac = rt.block_on(jacobian::builder().build()).expect("jacobian");
    let adapters = jacobian_adapters::bundled(jac.objects());
    let gcd = adapters.iter().find(|a| a.descriptor().id.as_str() == "integer.compute.gcd").expect("gcd").clone();
    let store = Arc::new(MemoryArtifactStore::new());
    let cx = PrepareContext { mode: Mode::Explore, artifacts: ArtifactReader::new(store.clone()) };
    let ctx = AdapterContext::detached(store, Mode::Explore, Duration::from_secs(60));
    let input = json!({"a": 84, "b": 36});

    let mut group = c.benchmark_group("per_run");
    group.bench_function("direct_adapter_gcd", |b| b.iter(|| direct_call(&*gcd, &cx, &ctx, &input)));
    // Callers (the MCP server's request tasks) run on runtime workers, so the loop does too.
    group.bench_function("actor_path_gcd", |b| {
        b.iter_custom(|iters| {
            let jac = jac.clone();
            rt.block_on(async move {
                tokio::spawn(async move {
                    let t0 = Instant::now();
                    for _ in 0..iters {
                        let r = jac.run(gcd_request()).await;
                        debug_assert_eq!(r.status(), ExecutionStatus::Succeeded);
                    }
                    t0.elapsed()
                })
                .await
                .expect("bench task")
            })
        })
    });
    group.finish();

    // Percentiles of single runs, for the overhead at p50.
    let n = 20_000;
    let direct: Vec<f64> = (0..n)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(direct_call(&*gcd, &cx, &ctx, &input));
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    let runner = jac.clone();
    let actor: Vec<f64> = rt.block_on(async move {
        tokio::spawn(async move {
            let mut v = Vec::with_capacity(n);
            for _ in 0..n {
                let t = Instant::now();
                std::hint::black_box(runner.run(gcd_request()).await);
                v.push(t.elapsed().as_secs_f64() * 1e6);
            }
            v
        })
        .await
        .expect("bench task")
    });
    let (d50, d99, _) = percentiles(direct);
    let (a50, a99, amax) = percentiles(actor);
    println!(
        "per-run latency (µs): direct p50 {d50:.2} p99 {d99:.2}; actor path p50 {a50:.2} p99 {a99:.2} max {amax:.0}"
    );
    println!("per-run overhead of the actor path at p50: {:.2} µs", a50 - d50);
    rt.block_on(jac.shutdown(Duration::from_secs(1)));
}

fn concurrent_throughput(c: &mut Criterion) {
    let rt = runtime();
    let jac = rt.block_on(jacobian::builder().build()).expect("jacobian");
    let mut group = c.benchmark_group("concurrent");
    for width in [64usize, 512] {
        group.throughput(Throughput::Elements(width as u64));
        group.bench_function(format!("gcd_x{width}"), |b| {
            b.iter(|| {
                rt.block_on(async {
                    let tasks: Vec<_> = (0..width)
                        .map(|_| {
                            let jac = jac.clone();
                            tokio::spawn(async move { jac.run(gcd_request()).await.status() })
                        })
                        .collect();
                    for t in tasks {
                        assert_eq!(t.await.expect("join"), ExecutionStatus::Succeeded);
                    }
                })
            })
        });
    }
    group.finish();
    rt.block_on(jac.shutdown(Duration::from_secs(1)));
}

/// Spins for `ms` without ever looking at cancellation.
struct Spin;

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct SpinInput {
    ms: u64,
}

impl Operation for Spin {
    type Input = SpinInput;
    type Output = Value;
    type Prepared = u64;
    fn describe(&self) -> Describe {
        Describe {
            id: "bench.spin",
            title: "Spin",
            outcome: "Spins, ignoring cancellation.",
            description: "Benchmark fixture.",
            tags: &["bench"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "Nothing.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[],
            relationships: &[],
        }
    }
    fn provider(&self) -> Provider {
        jacobian_adapters::backends::jacobian_builtin("bench.spin")
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![]
    }
    fn prepare(&self, input: SpinInput, _: &PrepareContext) -> Result<u64, Vec<Diagnostic>> {
        Ok(input.ms)
    }
    fn run(&self, ms: u64, _: &AdapterContext) -> Result<Outcome<Value>, AdapterError> {
        let until = Instant::now() + Duration::from_millis(ms);
        while Instant::now() < until {
            std::hint::spin_loop();
        }
        Ok(Outcome::computed(json!({}), Scope::exact_input("nothing", Digest::of_bytes(b""))))
    }
}

fn deadline_overshoot(_: &mut Criterion) {
    let rt = runtime();
    let jac: Jacobian = rt
        .block_on(Jacobian::builder().adapters([Arc::new(Typed::new(Spin)) as Arc<dyn CapabilityAdapter>]).build())
        .expect("jacobian");
    let budget = Duration::from_millis(20);
    let overshoot: Vec<f64> = rt.block_on(async {
        let mut v = Vec::new();
        for _ in 0..200 {
            let t = Instant::now();
            let r = jac
                .run(CapabilityRequest::new("bench.spin", json!({"ms": 200})).wall_ms(budget.as_millis() as u64))
                .await;
            assert_eq!(r.status(), ExecutionStatus::TimedOut);
            v.push((t.elapsed().as_secs_f64() - budget.as_secs_f64()) * 1e3);
            // Let the spinning thread end so every sample starts with a free slot.
            while jac.snapshot().await.running > 0 {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        }
        v
    });
    let (p50, p99, max) = percentiles(overshoot);
    println!(
        "deadline overshoot past a 20 ms budget, adapter ignoring cancellation (ms): p50 {p50:.2} p99 {p99:.2} max {max:.2}"
    );
    rt.block_on(jac.shutdown(Duration::from_secs(1)));
}

criterion_group!(benches, per_run_overhead, concurrent_throughput, deadline_overshoot);
criterion_main!(benches);
