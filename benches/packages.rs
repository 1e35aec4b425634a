//! Operator packages against built-in capabilities doing the same trivial work, in one session.
//!
//! `cargo bench --bench packages` prints, with warm pools, p50 and p99 of `Jacobian::run` (timed
//! from a task on the runtime, where the MCP server serves requests) for:
//! - a built-in capability that echoes an integer (it runs on the episode's thread, like a package
//!   run), and the same echo served by a Python package (`tests/packages/misbehaving.py ok`);
//! - the Collatz trajectory of 27 computed in process, and by the Rust example package
//!   (`examples/packages/sequences`), whose program `cargo build --release --example
//!   package-sequences` builds (the bench says so and stops when it is missing);
//! - and the overhead between each pair; then throughput with 1, 2 and 8 runs in flight.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use jacobian::Jacobian;
use jacobian::runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext};
use jacobian::runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider};
use jacobian::runtime::typed::{Describe, Operation, Typed};
use jacobian::runtime::{CapabilityAdapter, CapabilityRequest, Digest, ExecutionStatus, Scope};
use serde_json::{Value, json};

const RUNS: usize = 3000;

/// The built-in twin of the packages' trivial work: echo n, or follow Collatz from n.
struct Twin {
    id: &'static str,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct TwinInput {
    n: Value,
}

impl Operation for Twin {
    type Input = TwinInput;
    type Output = Value;
    type Prepared = Value;
    fn describe(&self) -> Describe {
        Describe {
            id: self.id,
            title: "Bench twin",
            outcome: "The built-in twin of a package capability's trivial work.",
            description: "Bench fixture.",
            tags: &["bench"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "The input.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[],
            relationships: &[],
        }
    }
    fn provider(&self) -> Provider {
        jacobian_adapters::backends::jacobian_builtin(self.id)
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![]
    }
    fn prepare(&self, input: TwinInput, _: &PrepareContext) -> Result<Value, Vec<Diagnostic>> {
        Ok(input.n)
    }
    fn run(&self, n: Value, _: &AdapterContext) -> Result<Outcome<Value>, AdapterError> {
        let output = if self.id == "bench.echo" {
            json!({"value": n})
        } else {
            let mut n: u128 = n.as_str().and_then(|s| s.parse().ok()).unwrap_or(1);
            let (mut steps, mut odd, mut peak) = (0u64, 0u64, n);
            while n != 1 {
                if n % 2 == 1 {
                    odd += 1;
                    n = 3 * n + 1;
                } else {
                    n /= 2;
                }
                peak = peak.max(n);
                steps += 1;
            }
            json!({"steps": steps, "odd_steps": odd, "peak": peak.to_string()})
        };
        Ok(Outcome::computed(output, Scope::exact_input("the input", Digest::of_bytes(b""))))
    }
}

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() as f64 - 1.0) * p).round() as usize]
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn echo_package() -> tempfile::TempDir {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(root.join("tests/packages/misbehaving.py"), dir.path().join("misbehaving.py")).expect("script");
    std::fs::write(
        dir.path().join("jacobian-package.toml"),
        "protocol = 1\nname = \"echo\"\nversion = \"1\"\nlicense = \"Apache-2.0\"\n\
         command = [\"python3\", \"misbehaving.py\", \"ok\"]\ncapabilities = [\"misbehaving.run.echo\"]\n\
         [limits]\nworkers = 2\n",
    )
    .expect("manifest");
    dir
}

fn sequences_package() -> tempfile::TempDir {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let built = root.join("target/release/examples/package-sequences");
    assert!(
        built.is_file(),
        "the Rust example package is not built: run `cargo build --release --example package-sequences` first"
    );
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(
        root.join("examples/packages/sequences/jacobian-package.toml"),
        dir.path().join("jacobian-package.toml"),
    )
    .expect("manifest");
    std::fs::create_dir(dir.path().join("bin")).expect("bin");
    std::fs::copy(&built, dir.path().join("bin/package-sequences")).expect("program");
    dir
}

/// p50 and p99 of `RUNS` sequential runs of `id` on `input`, from a task on the runtime.
async fn latency(jac: &Jacobian, id: &str, input: Value) -> (Duration, Duration) {
    for _ in 0..200 {
        let r = jac.run(CapabilityRequest::new(id, input.clone())).await;
        assert_eq!(r.execution.status, ExecutionStatus::Succeeded, "{id}: {:?}", r.execution.diagnostics);
    }
    let jac2 = jac.clone();
    let (id, input) = (id.to_owned(), input.clone());
    let mut samples = tokio::spawn(async move {
        let mut samples = Vec::with_capacity(RUNS);
        for _ in 0..RUNS {
            let t = Instant::now();
            let r = jac2.run(CapabilityRequest::new(id.as_str(), input.clone())).await;
            samples.push(t.elapsed());
            assert_eq!(r.execution.status, ExecutionStatus::Succeeded);
        }
        samples
    })
    .await
    .expect("task");
    (percentile(&mut samples, 0.5), percentile(&mut samples, 0.99))
}

async fn throughput(jac: &Jacobian, id: &str, input: Value, in_flight: usize) -> f64 {
    let total = 2000;
    let t = Instant::now();
    let mut tasks = Vec::new();
    for k in 0..in_flight {
        let (jac, id, input) = (jac.clone(), id.to_owned(), input.clone());
        tasks.push(tokio::spawn(async move {
            for _ in (k..total).step_by(in_flight) {
                let r = jac.run(CapabilityRequest::new(id.as_str(), input.clone())).await;
                assert_eq!(r.execution.status, ExecutionStatus::Succeeded);
            }
        }));
    }
    for task in tasks {
        task.await.expect("task");
    }
    total as f64 / t.elapsed().as_secs_f64()
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    rt.block_on(async {
        let echo = echo_package();
        let sequences = sequences_package();
        let twins: Vec<Arc<dyn CapabilityAdapter>> =
            vec![Arc::new(Typed::new(Twin { id: "bench.echo" })), Arc::new(Typed::new(Twin { id: "bench.collatz" }))];
        let dirs: [&Path; 2] = [echo.path(), sequences.path()];
        let mut builder = jacobian::builder().in_memory().adapters(twins);
        for d in dirs {
            builder = builder.package(d);
        }
        let jac = builder.build().await.expect("jacobian");
        assert!(jac.packages().iter().all(|p| p.state == "SERVING"), "{:?}", jac.packages());
        println!("packages: per-run latency of Jacobian::run from a task, {RUNS} warm runs each (µs)");
        let pairs = [
            ("echo", "bench.echo", "misbehaving.run.echo", json!({"n": 7}), "Python package"),
            ("collatz(27)", "bench.collatz", "sequences.compute.collatz", json!({"n": "27"}), "Rust package"),
        ];
        for (what, builtin, package, input, kind) in pairs {
            let (b50, b99) = latency(&jac, builtin, input.clone()).await;
            let (p50, p99) = latency(&jac, package, input.clone()).await;
            println!(
                "  {what:<12} built-in p50 {:>8.1} p99 {:>8.1} | {kind:<14} p50 {:>8.1} p99 {:>8.1} | overhead p50 {:>8.1} p99 {:>8.1}",
                us(b50),
                us(b99),
                us(p50),
                us(p99),
                us(p50.saturating_sub(b50)),
                us(p99.saturating_sub(b99)),
            );
        }
        println!("packages: throughput on 2 processes (runs/s)");
        for in_flight in [1, 2, 8] {
            let py = throughput(&jac, "misbehaving.run.echo", json!({"n": 7}), in_flight).await;
            let rs = throughput(&jac, "sequences.compute.collatz", json!({"n": "27"}), in_flight).await;
            let bi = throughput(&jac, "bench.echo", json!({"n": 7}), in_flight).await;
            println!("  {in_flight} in flight: built-in echo {bi:>8.0}, Python echo {py:>8.0}, Rust collatz {rs:>8.0}");
        }
        for p in jac.packages() {
            println!("  {}: {:?}", p.name.unwrap_or_default(), p.stats);
        }
        jac.shutdown(Duration::from_secs(5)).await;
    });
}
