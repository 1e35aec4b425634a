//! Operator packages: the two example packages end to end (in process, over MCP and through
//! `jacobian package check`), a deliberately broken package per failure mode, the circuit
//! breaker, schema violations both ways, the sandbox, and 100 runs in flight with cancellations.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use jacobian::runtime::{CapabilityRequest, CapabilityResult, ExecutionStatus, Mode};
use jacobian::{Jacobian, RunOptions};
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn recreational() -> PathBuf {
    root().join("examples/packages/recreational")
}

/// A copy of the Rust example package with its program (built by `cargo test` as the example
/// `package-sequences`) installed where its manifest says.
fn sequences() -> tempfile::TempDir {
    let exe = std::env::current_exe().expect("test executable");
    let built = exe.parent().and_then(Path::parent).expect("target dir").join("examples/package-sequences");
    assert!(built.is_file(), "{} is built by `cargo test` (an example of the package)", built.display());
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(
        root().join("examples/packages/sequences/jacobian-package.toml"),
        dir.path().join("jacobian-package.toml"),
    )
    .expect("manifest");
    std::fs::create_dir(dir.path().join("bin")).expect("bin");
    std::fs::copy(&built, dir.path().join("bin/package-sequences")).expect("program");
    dir
}

/// A package directory running `tests/packages/misbehaving.py` in `mode`, with extra manifest
/// `[limits]` lines.
pub(crate) fn misbehaving(mode: &str, limits: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(root().join("tests/packages/misbehaving.py"), dir.path().join("misbehaving.py")).expect("script");
    let manifest = format!(
        "protocol = 1\nname = \"misbehaving\"\nversion = \"0.1.0\"\nlicense = \"Apache-2.0\"\n\
         command = [\"python3\", \"misbehaving.py\", \"{mode}\"]\ncapabilities = [\"misbehaving.run.echo\"]\n\
         [limits]\ngrace_ms = 100\n{limits}\n"
    );
    std::fs::write(dir.path().join("jacobian-package.toml"), manifest).expect("manifest");
    dir
}

async fn runtime(dirs: &[&Path]) -> Jacobian {
    let mut b = jacobian::builder().in_memory();
    for d in dirs {
        b = b.package(*d);
    }
    b.build().await.expect("runtime")
}

async fn run(jac: &Jacobian, id: &str, input: Value, mode: Mode) -> CapabilityResult {
    jac.run(CapabilityRequest::new(id, input).mode(mode).wall_ms(20_000)).await
}

fn messages(r: &CapabilityResult) -> String {
    r.execution.diagnostics.iter().map(|d| format!("{} {}", d.code, d.message)).collect::<Vec<_>>().join(" | ")
}

/// The runtime keeps serving a bundled capability.
async fn still_serving(jac: &Jacobian) {
    let r = run(jac, "integer.compute.gcd", json!({"a": 84, "b": 36}), Mode::Verify).await;
    assert_eq!(r.output["gcd"], "12", "{}", messages(&r));
}

fn stats(jac: &Jacobian, name: &str) -> jacobian::PackageStats {
    let report = jac.packages().into_iter().find(|p| p.name.as_deref() == Some(name)).expect("package reported");
    report.stats.expect("stats of a loaded package")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_example_computes_and_its_evidence_is_verified_by_a_bundled_checker() {
    let jac = runtime(&[&recreational()]).await;
    // Langford pairings up to reversal, OEIS A014552: 0, 0, 1, 1, 0, 0, 26, 150, 0, 0.
    for (n, count) in [(1, 0), (2, 0), (3, 1), (4, 1), (5, 0), (6, 0), (7, 26), (8, 150), (9, 0), (10, 0)] {
        let r = run(&jac, "recreational.count.langford_pairings", json!({"n": n}), Mode::Explore).await;
        assert_eq!(r.output["pairings"], count, "n = {n}: {}", messages(&r));
        assert!(r.completeness.exhaustive);
    }
    // Magic squares, every property checked here by brute force.
    for n in 3..=16u64 {
        let r = run(&jac, "recreational.construct.magic_square", json!({"order": n}), Mode::Explore).await;
        let rows: Vec<Vec<u64>> = serde_json::from_value(r.output["rows"].clone()).expect("rows");
        let m = n * (n * n + 1) / 2;
        let mut all: Vec<u64> = rows.iter().flatten().copied().collect();
        all.sort_unstable();
        assert_eq!(all, (1..=n * n).collect::<Vec<_>>(), "order {n}");
        let n = n as usize;
        assert!(rows.iter().all(|row| row.iter().sum::<u64>() == m), "rows of order {n}");
        assert!((0..n).all(|j| rows.iter().map(|row| row[j]).sum::<u64>() == m), "columns of order {n}");
        assert_eq!((0..n).map(|i| rows[i][i]).sum::<u64>(), m);
        assert_eq!((0..n).map(|i| rows[i][n - 1 - i]).sum::<u64>(), m);
    }
    // Egyptian fractions: VERIFIED by the integer-relations checker, and the sum checked here.
    for (p, q) in [(4u128, 13u128), (5, 121), (2, 3), (7, 15), (99, 100)] {
        let r = run(
            &jac,
            "recreational.compute.egyptian_fraction",
            json!({"numerator": p, "denominator": q}),
            Mode::Verify,
        )
        .await;
        assert_eq!(r.assurance.level, jacobian::runtime::AssuranceLevel::Verified, "{p}/{q}: {}", messages(&r));
        assert_eq!(r.assurance.checker.as_ref().map(|c| c.id.as_str()), Some("jacobian.check.integer_relations"));
        let ds: Vec<u128> =
            r.output["denominators"].as_array().unwrap().iter().map(|d| d.as_str().unwrap().parse().unwrap()).collect();
        if ds.iter().all(|&d| d < 1 << 40) {
            let (mut num, mut den) = (0u128, 1u128);
            for d in &ds {
                (num, den) = (num * d + den, den * d);
            }
            assert_eq!(num * q, p * den, "{p}/{q} = sum of 1/{ds:?}");
        }
        assert!(ds.windows(2).all(|w| w[0] < w[1]));
        // Provenance names the package, its version and its digest.
        assert_eq!(r.provider.id, "package:recreational");
        assert_eq!(r.provider.version, "1.0.0");
        assert!(r.provider.digest.starts_with("sha256:"));
    }
    // The package's own refusal is UNSUPPORTED, not a failure of the package.
    let r =
        run(&jac, "recreational.compute.egyptian_fraction", json!({"numerator": 3, "denominator": 2}), Mode::Explore)
            .await;
    assert_eq!(r.execution.status, ExecutionStatus::Unsupported, "{}", messages(&r));
    assert_eq!(stats(&jac, "recreational").failures, 0);
    // Discovery finds each capability first from its own words.
    for (query, id) in [
        ("write a fraction as a sum of distinct unit fractions", "recreational.compute.egyptian_fraction"),
        ("count Langford pairings", "recreational.count.langford_pairings"),
        ("construct a magic square of order n", "recreational.construct.magic_square"),
    ] {
        let found = jac.find_value(&json!({"query": query})).expect("find");
        let first = serde_json::to_value(&found).unwrap()["matches"][0]["capability_id"].clone();
        assert_eq!(first, id, "{query}");
    }
    jac.shutdown(Duration::from_secs(5)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rust_example_computes_against_brute_force() {
    let dir = sequences();
    let jac = runtime(&[dir.path()]).await;
    let collatz = |mut n: u64| {
        let (mut steps, mut odd, mut peak) = (0, 0, n);
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
        (steps, odd, peak)
    };
    for n in [1u64, 2, 3, 7, 27, 97, 871, 77_031, 837_799] {
        let r = run(&jac, "sequences.compute.collatz", json!({"n": n.to_string()}), Mode::Explore).await;
        let (steps, odd, peak) = collatz(n);
        assert_eq!(r.output, json!({"steps": steps, "odd_steps": odd, "peak": peak.to_string()}), "{n}");
    }
    // Collatz records against brute force over every n up to the limit (and OEIS A006877).
    for (limit, record) in [(1u64, 1u64), (10, 9), (100, 97), (1000, 871), (100_000, 77_031)] {
        let r = run(&jac, "sequences.search.collatz_record", json!({"limit": limit}), Mode::Explore).await;
        let best = (1..=limit).max_by_key(|&n| (collatz(n).0, std::cmp::Reverse(n))).unwrap();
        assert_eq!(best, record);
        assert_eq!(r.output, json!({"n": record.to_string(), "steps": collatz(record).0}), "limit {limit}");
    }
    let s = |n: u64| (1..n).filter(|d| n.is_multiple_of(*d)).sum::<u64>();
    for n in [12u64, 220, 28, 95, 1264460, 25] {
        let r = run(&jac, "sequences.compute.aliquot", json!({"n": n, "steps": 30}), Mode::Explore).await;
        let terms: Vec<u64> =
            r.output["terms"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().parse().unwrap()).collect();
        assert_eq!(terms[0], n);
        assert!(terms.windows(2).all(|w| w[1] == s(w[0])), "{n}: {terms:?}");
    }
    let r = run(&jac, "sequences.compute.aliquot", json!({"n": 1264460, "steps": 30}), Mode::Explore).await;
    assert_eq!(r.output["ending"], json!({"kind": "cycle", "length": 4}), "a sociable cycle of four");
    jac.shutdown(Duration::from_secs(5)).await;
}

#[test]
fn package_check_accepts_the_examples_and_doctor_lists_them() {
    let seq = sequences();
    for dir in [recreational(), seq.path().to_path_buf()] {
        let out = Command::new(env!("CARGO_BIN_EXE_jacobian"))
            .args(["package", "check", "--json"])
            .arg(&dir)
            .output()
            .unwrap();
        let report: Value = serde_json::from_slice(&out.stdout).expect("json report");
        assert!(out.status.success(), "{report}");
        assert_eq!(report["ok"], true);
        assert!(report["examples"].as_array().unwrap().iter().all(|e| e["status"] == "SUCCEEDED"), "{report}");
    }
    let broken = misbehaving("bad_describe", "");
    let out =
        Command::new(env!("CARGO_BIN_EXE_jacobian")).args(["package", "check"]).arg(broken.path()).output().unwrap();
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("does not describe misbehaving.run.echo"), "{text}");
    let out = Command::new(env!("CARGO_BIN_EXE_jacobian"))
        .args(["doctor", "--json", "--in-memory", "--package"])
        .arg(recreational())
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).expect("doctor json");
    let p = &report["packages"][0];
    assert_eq!(p["name"], "recreational");
    assert_eq!(p["state"], "SERVING");
    assert_eq!(p["capabilities"].as_array().unwrap().len(), 3);
    // The same through the operator configuration, with a path relative to the file.
    let etc = tempfile::tempdir().unwrap();
    let link = etc.path().join("recreational");
    std::os::unix::fs::symlink(recreational(), &link).unwrap();
    std::fs::write(etc.path().join("jacobian.toml"), "[[package]]\npath = \"recreational\"\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_jacobian"))
        .args(["doctor", "--json", "--in-memory", "--config"])
        .arg(etc.path().join("jacobian.toml"))
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).expect("doctor json");
    assert_eq!(report["packages"][0]["state"], "SERVING", "{}", report["packages"]);
    // A broken package makes doctor say the installation is not whole.
    let out = Command::new(env!("CARGO_BIN_EXE_jacobian"))
        .args(["doctor", "--in-memory", "--package"])
        .arg(broken.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&out.stdout).contains("NOT_LOADED"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_broken_package_fails_its_run_naming_the_package_and_the_runtime_keeps_serving() {
    for (mode, limits, expect) in [
        ("crash", "", "exited"),
        ("malformed", "", "not a protocol message"),
        ("twice", "", "more than once"),
        ("other_run", "", "another run"),
        ("bad_output", "", "output schema"),
        ("undeclared_evidence", "", "does not declare"),
        ("huge", "message_bytes = 4096", "longer than 4096 bytes"),
        ("cpu", "cpu_seconds = 1", "exited"),
        ("reserved_artifact", "", "reserved schema"),
    ] {
        let dir = misbehaving(mode, limits);
        let jac = runtime(&[dir.path()]).await;
        let r = run(&jac, "misbehaving.run.echo", json!({"n": 7}), Mode::Verify).await;
        assert_eq!(r.execution.status, ExecutionStatus::AdapterFailed, "{mode}: {}", messages(&r));
        let text = messages(&r);
        assert!(text.contains("package misbehaving 0.1.0") && text.contains(expect), "{mode}: {text}");
        assert_eq!(r.assurance.level, jacobian::runtime::AssuranceLevel::None);
        assert!(r.output.is_null());
        still_serving(&jac).await;
        let s = stats(&jac, "misbehaving");
        assert_eq!(s.failures, 1, "{mode}: {s:?}");
        assert!(s.kills >= 1, "{mode}: the process that broke the protocol is replaced");
        jac.shutdown(Duration::from_secs(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hanging_package_times_out_is_killed_and_replaced() {
    let dir = misbehaving("hang", "");
    let jac = runtime(&[dir.path()]).await;
    let started = std::time::Instant::now();
    let r = jac.run(CapabilityRequest::new("misbehaving.run.echo", json!({"n": 1})).wall_ms(300)).await;
    assert_eq!(r.execution.status, ExecutionStatus::TimedOut, "{}", messages(&r));
    assert!(started.elapsed() < Duration::from_secs(3));
    // The process ignored the cancellation: killed after its grace, counted as a failure.
    for _ in 0..100 {
        if stats(&jac, "misbehaving").kills >= 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let s = stats(&jac, "misbehaving");
    assert!(s.kills >= 1 && s.failures == 1, "{s:?}");
    assert!(s.last_failure.unwrap_or_default().contains("cancellation"));
    still_serving(&jac).await;
    jac.shutdown(Duration::from_secs(5)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repeated_failures_open_the_circuit_and_take_the_package_out_of_discovery() {
    let dir = misbehaving("crash", "");
    let ok = misbehaving("ok", "");
    // A second package under another name keeps serving.
    let manifest = std::fs::read_to_string(ok.path().join("jacobian-package.toml")).unwrap();
    std::fs::write(
        ok.path().join("jacobian-package.toml"),
        manifest
            .replace("name = \"misbehaving\"", "name = \"healthy\"")
            .replace("misbehaving.run.echo\"]", "healthy.run.echo\"]"),
    )
    .unwrap();
    let script = std::fs::read_to_string(ok.path().join("misbehaving.py")).unwrap();
    std::fs::write(
        ok.path().join("misbehaving.py"),
        script.replace("\"misbehaving.run.echo\"", "\"healthy.run.echo\""),
    )
    .unwrap();
    let jac = runtime(&[dir.path(), ok.path()]).await;
    let visible = |jac: &Jacobian, id: &str| jac.catalog().to_string().contains(id);
    assert!(visible(&jac, "misbehaving.run.echo"));
    for i in 0..6 {
        let r = run(&jac, "misbehaving.run.echo", json!({"n": i}), Mode::Explore).await;
        assert_eq!(r.execution.status, ExecutionStatus::AdapterFailed);
    }
    let r = run(&jac, "misbehaving.run.echo", json!({"n": 1}), Mode::Explore).await;
    assert!(
        messages(&r).contains("CAPABILITY_UNHEALTHY") && messages(&r).contains("out of service"),
        "{}",
        messages(&r)
    );
    assert!(!visible(&jac, "misbehaving.run.echo"), "out of discovery while the circuit is open");
    let found = serde_json::to_value(jac.find_value(&json!({"query": "echoes an integer back"})).unwrap()).unwrap();
    assert!(!found.to_string().contains("misbehaving.run.echo"), "{found}");
    let report = jac.packages().into_iter().find(|p| p.name.as_deref() == Some("misbehaving")).unwrap();
    assert_eq!(report.state, "CIRCUIT_OPEN");
    let r = run(&jac, "healthy.run.echo", json!({"n": 5}), Mode::Explore).await;
    assert_eq!(r.output["value"], 5, "{}", messages(&r));
    still_serving(&jac).await;
    jac.shutdown(Duration::from_secs(5)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn schemas_bind_both_directions_and_a_package_cannot_make_itself_verified() {
    let dir = misbehaving("claims_verified", "");
    let jac = runtime(&[dir.path()]).await;
    // Input: refused by the runtime before the package sees it.
    let r = run(&jac, "misbehaving.run.echo", json!({"n": -1}), Mode::Explore).await;
    assert_eq!(r.execution.status, ExecutionStatus::InvalidRequest);
    assert!(r.execution.diagnostics.iter().any(|d| d.path.as_deref() == Some("/input/n")), "{}", messages(&r));
    let r = run(&jac, "misbehaving.run.echo", json!({"n": 1, "extra": true}), Mode::Explore).await;
    assert_eq!(r.execution.status, ExecutionStatus::InvalidRequest);
    assert_eq!(stats(&jac, "misbehaving").runs, 0, "no invalid input reached the package");
    // A package's own VERIFIED claim is withdrawn.
    let r = run(&jac, "misbehaving.run.echo", json!({"n": 3}), Mode::Verify).await;
    assert_eq!(r.execution.status, ExecutionStatus::Succeeded);
    assert_ne!(r.assurance.level, jacobian::runtime::AssuranceLevel::Verified);
    assert!(messages(&r).contains("PRODUCER_CLAIMED_VERIFIED"), "{}", messages(&r));
    jac.shutdown(Duration::from_secs(5)).await;
    // Evidence is promoted only when the bundled checker accepts it.
    let good = misbehaving("evidence", "");
    let bad = misbehaving("false_evidence", "");
    for (dir, verified) in [(good, true), (bad, false)] {
        let jac = runtime(&[dir.path()]).await;
        let r = run(&jac, "misbehaving.run.echo", json!({"n": 3}), Mode::Verify).await;
        assert_eq!(r.assurance.level == jacobian::runtime::AssuranceLevel::Verified, verified, "{}", messages(&r));
        if !verified {
            assert!(r.obligations.iter().any(|o| o.kind == "INDEPENDENT_CHECK"));
        }
        jac.shutdown(Duration::from_secs(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_package_writes_only_its_scratch_directory_and_a_bad_one_is_not_loaded() {
    let dir = misbehaving("escape", "");
    let jac = runtime(&[dir.path()]).await;
    let r = run(&jac, "misbehaving.run.echo", json!({"n": 0}), Mode::Explore).await;
    let value = r.output["value"].as_u64().expect("value");
    assert_eq!(value & 2, 2, "the scratch directory is writable");
    let landlock = jacobian::sandbox::probe()["landlock"].as_str().unwrap_or_default().to_owned();
    assert_eq!(landlock, "fully enforced", "this kernel does not enforce Landlock");
    assert_eq!(value & 1, 0, "the package directory is read-only under Landlock");
    assert!(!dir.path().join("escaped.txt").exists());
    jac.shutdown(Duration::from_secs(5)).await;
    // Packages that cannot be loaded are reported; the rest of the runtime serves.
    let slow = misbehaving("slow_start", "start_ms = 200");
    let wrong = misbehaving("bad_describe", "");
    let jac = runtime(&[slow.path(), wrong.path(), Path::new("/nonexistent/package")]).await;
    let reports = jac.packages();
    assert_eq!(reports.len(), 3);
    assert!(reports.iter().all(|p| p.state == "NOT_LOADED"), "{reports:?}");
    assert!(reports[0].reason.as_deref().unwrap().contains("within 200 ms"), "{reports:?}");
    assert!(!jac.catalog().to_string().contains("misbehaving.run.echo"));
    still_serving(&jac).await;
    jac.shutdown(Duration::from_secs(5)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_progress_flood_is_absorbed() {
    let dir = misbehaving("flood", "");
    let jac = runtime(&[dir.path()]).await;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let r = jac
        .run_with(
            CapabilityRequest::new("misbehaving.run.echo", json!({"n": 9})).wall_ms(20_000),
            RunOptions { progress: Some(tx), ..RunOptions::default() },
        )
        .await;
    assert_eq!(r.output["value"], 9, "{}", messages(&r));
    let mut seen = 0;
    while rx.try_recv().is_ok() {
        seen += 1;
    }
    assert!(seen > 0);
    jac.shutdown(Duration::from_secs(5)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_runs_in_flight_across_two_packages_and_built_ins_with_cancellations() {
    let seq = sequences();
    let jac = runtime(&[&recreational(), seq.path()]).await;
    let mut handles = Vec::new();
    for i in 0..100u64 {
        let jac = jac.clone();
        let cancel = CancellationToken::new();
        let (id, input, expect) = match i % 4 {
            0 => ("recreational.count.langford_pairings", json!({"n": 7}), json!(26)),
            1 => ("sequences.compute.collatz", json!({"n": "27"}), json!(111)),
            2 => (
                "integer.compute.gcd",
                json!({"a": 84 * (i + 1), "b": 36 * (i + 1)}),
                json!((12 * (i + 1)).to_string()),
            ),
            _ => ("recreational.count.langford_pairings", json!({"n": 15}), Value::Null),
        };
        // Every fourth run is hopeless and cancelled; a few others are cancelled at random times.
        let cancelled = i % 4 == 3 || i % 10 == 0;
        let token = cancel.clone();
        handles.push(tokio::spawn(async move {
            if cancelled {
                tokio::spawn(async move {
                    tokio::time::sleep(Duration::from_millis(20 + 7 * (i % 13))).await;
                    token.cancel();
                });
            }
            let r = jac
                .run_with(
                    CapabilityRequest::new(id, input).wall_ms(60_000),
                    RunOptions { cancel: Some(cancel), ..RunOptions::default() },
                )
                .await;
            (i, id, cancelled, expect, r)
        }));
    }
    let mut by_status = std::collections::BTreeMap::new();
    for h in handles {
        let (i, id, cancelled, expect, r) = h.await.unwrap();
        *by_status.entry(format!("{:?}", r.execution.status)).or_insert(0) += 1;
        match r.execution.status {
            ExecutionStatus::Succeeded => {
                let got = match id {
                    "recreational.count.langford_pairings" => r.output["pairings"].clone(),
                    "sequences.compute.collatz" => r.output["steps"].clone(),
                    _ => r.output["gcd"].clone(),
                };
                assert_eq!(got, expect, "run {i} ({id})");
            }
            ExecutionStatus::Cancelled => assert!(cancelled, "run {i} ({id}) was not cancelled: {}", messages(&r)),
            other => panic!("run {i} ({id}): {other:?}: {}", messages(&r)),
        }
    }
    assert!(by_status.get("Cancelled").copied().unwrap_or(0) >= 25, "{by_status:?}");
    for name in ["recreational", "sequences"] {
        assert_eq!(stats(&jac, name).failures, 0, "{name}: {:?}", stats(&jac, name));
    }
    still_serving(&jac).await;
    jac.shutdown(Duration::from_secs(5)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_mcp_packages_are_found_run_cancelled_and_timed_out() {
    let seq = sequences();
    let home = tempfile::tempdir().unwrap();
    let transport =
        TokioChildProcess::new(tokio::process::Command::new(env!("CARGO_BIN_EXE_jacobian")).configure(|c| {
            c.arg("serve")
                .arg("--home")
                .arg(home.path())
                .arg("--package")
                .arg(recreational())
                .arg("--package")
                .arg(seq.path());
        }))
        .expect("spawn jacobian serve");
    let client = ().serve(transport).await.expect("initialize");
    let call = |tool: &'static str, args: Value| {
        let Value::Object(args) = args else { unreachable!() };
        client.call_tool(CallToolRequestParams::new(tool).with_arguments(args))
    };
    let found = call("math.find", json!({"query": "hailstone sequence of 27"})).await.unwrap();
    let found = found.structured_content.unwrap();
    assert_eq!(found["matches"][0]["capability_id"], "sequences.compute.collatz", "{found}");
    let r =
        call("math.run", json!({"capability_id": "sequences.compute.collatz", "input": {"n": "27"}})).await.unwrap();
    assert_eq!(r.structured_content.unwrap()["output"]["peak"], "9232");
    let found = call("math.find", json!({"query": "langford pairings count"})).await.unwrap();
    let found = found.structured_content.unwrap();
    assert_eq!(found["matches"][0]["capability_id"], "recreational.count.langford_pairings", "{found}");
    // The Rust package's long search, timed out.
    let r = call(
        "math.run",
        json!({"capability_id": "sequences.search.collatz_record", "input": {"limit": 10_000_000_000u64},
               "budget": {"wall_ms": 300}}),
    )
    .await
    .unwrap();
    assert_eq!(r.structured_content.unwrap()["execution"]["status"], "TIMED_OUT");
    let r = call(
        "math.run",
        json!({"capability_id": "recreational.compute.egyptian_fraction", "mode": "VERIFY",
               "input": {"numerator": 5, "denominator": 121}}),
    )
    .await
    .unwrap();
    let r = r.structured_content.unwrap();
    assert_eq!(r["assurance"]["level"], "VERIFIED", "{r}");
    assert_eq!(
        r["output"]["denominators"],
        json!(["25", "757", "763309", "873960180913", "1527612795642093418846225"])
    );
    // Timed out.
    let r = call(
        "math.run",
        json!({"capability_id": "recreational.count.langford_pairings", "input": {"n": 16}, "budget": {"wall_ms": 300}}),
    )
    .await
    .unwrap();
    assert_eq!(r.structured_content.unwrap()["execution"]["status"], "TIMED_OUT");
    // Cancelled by the client, in each package.
    let long_runs = [
        ("recreational.count.langford_pairings", json!({"n": 16})),
        ("sequences.search.collatz_record", json!({"limit": 10_000_000_000u64})),
    ];
    for (i, (id, input)) in long_runs.into_iter().enumerate() {
        crate::mcp::cancel_while_running(&client, id, input, &format!("package-cancel-{i}")).await;
    }
    // And the packages serve the next runs.
    let r = call("math.run", json!({"capability_id": "sequences.search.collatz_record", "input": {"limit": 1000}}))
        .await
        .unwrap();
    assert_eq!(r.structured_content.unwrap()["output"]["n"], "871");
    let r = call("math.run", json!({"capability_id": "recreational.count.langford_pairings", "input": {"n": 8}}))
        .await
        .unwrap();
    assert_eq!(r.structured_content.unwrap()["output"]["pairings"], 150);
    client.cancel().await.expect("close");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn package_artifacts_go_through_the_runtimes_store() {
    let dir = misbehaving("artifact", "");
    let jac = runtime(&[dir.path()]).await;
    let r = run(&jac, "misbehaving.run.echo", json!({"n": 4}), Mode::Explore).await;
    assert_eq!(r.execution.status, ExecutionStatus::Succeeded, "{}", messages(&r));
    assert_eq!(r.artifact_uris.len(), 1);
    let uri: jacobian::runtime::ArtifactUri = r.artifact_uris[0].parse().expect("uri");
    let stored = jac.artifact(&jacobian::TenantId::local(), &uri).expect("stored");
    assert_eq!(stored.manifest.schema_uri, "urn:test:echo:v1");
    assert_eq!(serde_json::from_slice::<Value>(&stored.bytes).unwrap(), json!({"echo": 4}));
    jac.shutdown(Duration::from_secs(5)).await;
}

#[test]
fn the_published_protocol_schemas_are_current() {
    // `JACOBIAN_WRITE_SCHEMAS=1 cargo test --test tests the_published_protocol_schemas` rewrites them.
    let schemas = jacobian::packages::protocol::schemas();
    assert_eq!(schemas.len(), 10, "the manifest, two directions and seven messages");
    for (name, schema) in schemas {
        let path = root().join("docs/packages").join(name);
        let text = serde_json::to_string_pretty(&schema).unwrap() + "\n";
        if std::env::var_os("JACOBIAN_WRITE_SCHEMAS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
        }
        let published = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(published, text, "{} differs from the protocol's types", path.display());
    }
}
