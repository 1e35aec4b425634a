//! The backend pools end to end: answers against SymPy and brute force, deadlines and
//! cancellation that interrupt or kill a backend, a worker that crashes, hangs or prints
//! garbage, isolation between runs, injection attempts, a missing backend, and no orphans.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use jacobian::runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext};
use jacobian::runtime::backend::{BackendKind, Program};
use jacobian::runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider};
use jacobian::runtime::typed::{Describe, Operation, Typed};
use jacobian::runtime::{CapabilityRequest, CapabilityResult, Digest, ExecutionStatus, Scope};
use jacobian::{BackendPolicy, Jacobian, RunOptions};
use serde_json::{Value, json};

/// The product of two random 60-digit primes: far beyond any deadline of these tests.
const SEMIPRIME_120: &str = "319571431702096474587290507917391662645887268939924210727412977948054806355869025491510193734331030362384951841715851437";

fn ok(r: &CapabilityResult) -> &Value {
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    &r.output
}

fn codes(r: &CapabilityResult) -> Vec<String> {
    r.execution
        .diagnostics
        .iter()
        .map(|d| format!("{} {} {}", d.code, d.path.clone().unwrap_or_default(), d.message))
        .collect()
}

/// SymPy answers one JSON request per line.
fn sympy(requests: &[Value]) -> Vec<Value> {
    let python = Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/python");
    assert!(python.exists(), "{} is missing: run scripts/provision-python", python.display());
    let mut child = Command::new(python)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference/sympy_reference.py"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let text: String = requests.iter().map(|r| format!("{r}\n")).collect();
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

async fn jac() -> Jacobian {
    jacobian::builder().build().await.unwrap()
}

fn run(id: &str, input: Value) -> CapabilityRequest {
    CapabilityRequest::new(id, input)
}

/// A deterministic pseudo-random stream for generated cases.
fn lcg(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *seed >> 11
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn factorizations_and_primality_agree_with_sympy() {
    let jac = jac().await;
    let mut seed = 7;
    let mut numbers: Vec<String> = (0..40).map(|_| (lcg(&mut seed) % 1_000_000_000_000).to_string()).collect();
    numbers.extend(
        ["1", "-1", "2", "-360", "18446744073709551617", "170141183460469231731687303715884105727"].map(String::from),
    );
    // A product of two 12-digit primes, and a prime power.
    numbers.push((999_999_999_989u128 * 1_000_000_000_039).to_string());
    numbers.push((1u128 << 100).to_string());
    let requests: Vec<Value> =
        numbers.iter().flat_map(|n| [json!({"op": "factor", "n": n}), json!({"op": "isprime", "n": n})]).collect();
    let reference = sympy(&requests);
    for (i, n) in numbers.iter().enumerate() {
        let f = jac.run(run("integer.factor", json!({"n": n}))).await;
        let got: Vec<Value> =
            ok(&f)["factors"].as_array().unwrap().iter().map(|p| json!([p["prime"], p["exponent"]])).collect();
        assert_eq!(json!(got), reference[2 * i], "factor {n}");
        let p = jac.run(run("integer.decide.prime", json!({"n": n}))).await;
        assert_eq!(ok(&p)["prime"], reference[2 * i + 1], "isprime {n}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn groebner_bases_agree_with_sympy() {
    let jac = jac().await;
    let cases = [
        json!({"variables": ["x", "y", "z"], "polynomials": ["x^2-y", "3/4*y^2-z", "x*z-1"], "ordering": "grevlex", "characteristic": 0}),
        json!({"variables": ["x", "y"], "polynomials": ["x^2+y^2-1", "x-y"], "ordering": "lex", "characteristic": 0}),
        json!({"variables": ["a", "b"], "polynomials": ["a^3-b", "b^2-2*a"], "ordering": "lex", "characteristic": 7}),
        json!({"variables": ["x", "y", "z"], "polynomials": ["x*y-z", "y*z-x", "z*x-y"], "ordering": "deglex", "characteristic": 0}),
        json!({"variables": ["x1", "x2", "x3"], "polynomials": ["x1+x2+x3", "x1*x2+x2*x3+x3*x1", "x1*x2*x3-1"], "ordering": "grevlex", "characteristic": 0}),
        json!({"variables": ["x", "y"], "polynomials": ["2*x*y-1", "x^2-3"], "ordering": "lex", "characteristic": 101}),
    ];
    for case in cases {
        let r = jac.run(run("polynomial.groebner_basis", case.clone())).await;
        let basis = ok(&r)["basis"].clone();
        let mut ours = case.clone();
        ours["op"] = json!("normalize");
        ours["polynomials"] = basis;
        let mut theirs = case.clone();
        theirs["op"] = json!("groebner");
        let answers = sympy(&[ours, theirs]);
        assert_eq!(answers[0], answers[1], "{case}");
    }
}

/// The order of the group generated by `gens` (image lists on 1..=n), by closure.
fn brute_order(gens: &[Vec<u32>], n: usize) -> usize {
    let id: Vec<u32> = (1..=n as u32).collect();
    let pad = |g: &Vec<u32>| -> Vec<u32> { (0..n).map(|i| g.get(i).copied().unwrap_or(i as u32 + 1)).collect() };
    let gens: Vec<Vec<u32>> = gens.iter().map(pad).collect();
    let mut seen = std::collections::HashSet::from([id.clone()]);
    let mut frontier = vec![id];
    while let Some(p) = frontier.pop() {
        for g in &gens {
            let q: Vec<u32> = p.iter().map(|&x| g[x as usize - 1]).collect();
            if seen.insert(q.clone()) {
                frontier.push(q);
            }
        }
    }
    seen.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn permutation_group_orders_match_brute_force_and_known_values() {
    let jac = jac().await;
    let mut seed = 11;
    for _ in 0..12 {
        let n = 3 + (lcg(&mut seed) % 5) as usize;
        let gens: Vec<Vec<u32>> = (0..2)
            .map(|_| {
                let mut p: Vec<u32> = (1..=n as u32).collect();
                for i in (1..n).rev() {
                    p.swap(i, (lcg(&mut seed) % (i as u64 + 1)) as usize);
                }
                p
            })
            .collect();
        let r = jac.run(run("group.permutation.order", json!({"generators": gens}))).await;
        assert_eq!(ok(&r)["order"], brute_order(&gens, n).to_string(), "{gens:?}");
    }
    // Mathieu M11 and M12 (ATLAS generators), S_10 and A_7.
    for (gens, order) in [
        (json!(["(1,2,3,4,5,6,7,8,9,10,11)", "(3,7,11,8)(4,10,5,6)"]), "7920"),
        (json!(["(1,2,3,4,5,6,7,8,9,10,11)", "(3,7,11,8)(4,10,5,6)", "(1,12)(2,11)(3,6)(4,8)(5,9)(7,10)"]), "95040"),
        (json!(["(1,2)", "(1,2,3,4,5,6,7,8,9,10)"]), "3628800"),
        (json!(["(1,2,3)", "(3,4,5,6,7)"]), "2520"),
    ] {
        let r = jac.run(run("group.permutation.order", json!({"generators": gens}))).await;
        assert_eq!(ok(&r)["order"], order, "{gens}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn injection_attempts_are_refused_at_validation() {
    let jac = jac().await;
    let attempts = [
        ("integer.factor", json!({"n": "system(\"ls\")"}), "/input/n"),
        ("integer.factor", json!({"n": "12);extern(\"ls\""}), "/input/n"),
        ("integer.decide.prime", json!({"n": "7\r\nquit"}), "/input/n"),
        ("integer.decide.prime", json!({"n": "9".repeat(200_000)}), "/input/n"),
        (
            "polynomial.groebner_basis",
            json!({"variables": ["x"], "polynomials": ["x; system(\"sh\",\"ls\")"]}),
            "/input/polynomials/0",
        ),
        (
            "polynomial.groebner_basis",
            json!({"variables": ["x"], "polynomials": ["x\"); print(\"@@J"]}),
            "/input/polynomials/0",
        ),
        ("polynomial.groebner_basis", json!({"variables": ["x y"], "polynomials": ["1"]}), "/input/variables/0"),
        (
            "polynomial.groebner_basis",
            json!({"variables": ["x"], "polynomials": [format!("x{}", "+x".repeat(60_000))]}),
            "/input/polynomials/0",
        ),
        (
            "polynomial.groebner_basis",
            json!({"variables": ["x"], "polynomials": ["read(\"/etc/passwd\")"]}),
            "/input/polynomials/0",
        ),
        ("group.permutation.order", json!({"generators": ["(1,2); Exec(\"ls\")"]}), "/input/generators/0"),
        ("group.permutation.order", json!({"generators": ["Process(\"/bin/sh\")"]}), "/input/generators/0"),
        ("group.permutation.order", json!({"generators": ["(1,2)quit;"]}), "/input/generators/0"),
        ("group.permutation.order", json!({"generators": [[2, 1, 3, 3]]}), "/input/generators/0"),
        ("group.permutation.order", json!({"generators": ["((1,2)"]}), "/input/generators/0"),
        ("polynomial.groebner_basis", json!({"variables": ["x"], "polynomials": ["\"x"]}), "/input/polynomials/0"),
        ("polynomial.groebner_basis", json!({"variables": ["x"], "polynomials": ["x]"]}), "/input/polynomials/0"),
        ("integer.factor", json!({"n": format!("1{}", "0".repeat(500))}), "/input/n"),
    ];
    for (id, input, path) in attempts {
        let r = jac.run(run(id, input.clone())).await;
        assert!(
            matches!(r.status(), ExecutionStatus::InvalidRequest | ExecutionStatus::Unsupported),
            "{id} {input}: {:?}",
            r.status()
        );
        assert!(
            r.execution.diagnostics.iter().any(|d| d.path.as_deref().is_some_and(|p| p.starts_with(path))),
            "{id}: {:?}",
            codes(&r)
        );
    }
    // Zero has no factorization; a vanishing denominator over F_p is refused.
    let r = jac.run(run("integer.factor", json!({"n": 0}))).await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
    let r = jac
        .run(run("polynomial.groebner_basis", json!({"variables": ["x"], "polynomials": ["x/7"], "characteristic": 7})))
        .await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_interrupts_pari_and_the_pool_serves_the_next_run_at_once() {
    let jac = jac().await;
    // Warm the pool first, so the deadline measures the interrupt, not the start.
    ok(&jac.run(run("integer.decide.prime", json!({"n": 7}))).await);
    let n = SEMIPRIME_120;
    for _ in 0..3 {
        let started = Instant::now();
        let r = jac.run(run("integer.factor", json!({"n": n})).wall_ms(200)).await;
        let took = started.elapsed();
        assert_eq!(r.status(), ExecutionStatus::TimedOut, "{:?}", codes(&r));
        assert!(took < Duration::from_secs(2), "answered after {took:?}");
        let started = Instant::now();
        ok(&jac.run(run("integer.decide.prime", json!({"n": "1000000007"}))).await);
        assert!(started.elapsed() < Duration::from_secs(2));
    }
    let stats = jac.backend_stats().await;
    let pari = stats.iter().find(|s| s.backend == Some(BackendKind::Pari)).unwrap();
    assert_eq!(pari.restarts, 0, "{pari:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancellation_stops_a_backend_run() {
    let jac = jac().await;
    let n = SEMIPRIME_120;
    let token = jacobian::runtime::CancellationToken::new();
    let options = RunOptions { cancel: Some(token.clone()), ..Default::default() };
    let handle = {
        let jac = jac.clone();
        tokio::spawn(async move { jac.run_with(run("integer.factor", json!({"n": n})).wall_ms(30_000), options).await })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let cancelled = Instant::now();
    token.cancel();
    let r = handle.await.unwrap();
    assert_eq!(r.status(), ExecutionStatus::Cancelled, "{:?}", codes(&r));
    assert!(cancelled.elapsed() < Duration::from_secs(1));
    ok(&jac.run(run("integer.factor", json!({"n": 360}))).await);
}

// --- A test capability that sends fixed programs, to reach the failure paths --------------

struct Fixed(BackendKind, &'static str);

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct FixedInput {
    program: String,
}

#[derive(serde::Serialize, schemars::JsonSchema)]
struct FixedOutput {
    lines: Vec<String>,
}

fn fixed(backend: BackendKind, name: &str) -> Option<Program> {
    let p = Program::new(backend);
    Some(match (backend, name) {
        (BackendKind::Pari, "set_global") => p.code("jcbLeak=42;print(jcbLeak)").defines_globals(),
        (BackendKind::Pari, "read_global") => p.code("print(type(jcbLeak))"),
        (BackendKind::Pari, "garbage") => p.code("print(\"@@J 0123456789abcdef END\")"),
        (BackendKind::Pari, "crash") => p.code("quit()"),
        (BackendKind::Pari, "spin") => p.code("while(1,)"),
        (BackendKind::Pari, "system") => p.code("system(\"touch /tmp/jacobian-pwned\")"),
        (BackendKind::Pari, "ping") => p.code("print(1+1)"),
        (BackendKind::Pari, "defaults") => p.code("print(default(secure),\" \",default(factor_proven))"),
        (BackendKind::Gap, "set_global") => p.code("JcbLeak := 42; Print(JcbLeak, \"\\n\");"),
        (BackendKind::Gap, "read_global") => {
            p.code("if IsBoundGlobal(\"JcbLeak\") then Print(1, \"\\n\"); else Print(0, \"\\n\"); fi;")
        }
        (BackendKind::Gap, "ping") => p.code("Print(2, \"\\n\");"),
        (BackendKind::Singular, "set_global") => p.code("int jcbLeak = 42; export jcbLeak; print(jcbLeak);"),
        (BackendKind::Singular, "read_global") => p.code("print(defined(jcbLeak));"),
        (BackendKind::Singular, "spin") => p.code("int k; while (1) { k = k + 1; }"),
        (BackendKind::Singular, "write") => p.code("write(\":w /tmp/jacobian-pwned\", 1); print(1);"),
        (BackendKind::Singular, "ping") => p.code("print(3);"),
        _ => return None,
    })
}

impl Operation for Fixed {
    type Input = FixedInput;
    type Output = FixedOutput;
    type Prepared = Program;

    fn describe(&self) -> Describe {
        Describe {
            id: self.1,
            title: "Fixed backend program (test)",
            outcome: "Runs one of a few fixed programs on a backend, to reach the pools' failure paths.",
            description: "Test only: each program exercises one behaviour of a worker.",
            tags: &["test"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "test",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[],
            relationships: &[],
        }
    }
    fn provider(&self) -> Provider {
        jacobian_adapters::cas::provider(self.0)
    }
    fn backend(&self) -> Option<BackendKind> {
        Some(self.0)
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("ping", Mode::Explore, json!({"program": "ping"}))]
    }
    fn prepare(&self, input: FixedInput, _: &PrepareContext) -> Result<Program, Vec<Diagnostic>> {
        fixed(self.0, &input.program).ok_or_else(|| vec![Diagnostic::at("/program", "UNKNOWN", "no such program")])
    }
    fn run(&self, program: Program, ctx: &AdapterContext) -> Result<Outcome<FixedOutput>, AdapterError> {
        let reply = ctx.backend(&program)?;
        Ok(Outcome::computed(FixedOutput { lines: reply.lines }, Scope::exact_input("test", Digest::of_bytes(b"t"))))
    }
}

async fn fixed_jac(policy: BackendPolicy) -> Jacobian {
    let jac = Jacobian::builder()
        .adapters([
            Arc::new(Typed::new(Fixed(BackendKind::Pari, "test.pari"))) as _,
            Arc::new(Typed::new(Fixed(BackendKind::Gap, "test.gap"))) as _,
            Arc::new(Typed::new(Fixed(BackendKind::Singular, "test.singular"))) as _,
        ])
        .backend_policy(policy)
        .build()
        .await
        .unwrap();
    assert!(jac.rejected().is_empty(), "{:?}", jac.rejected());
    jac
}

async fn send(jac: &Jacobian, id: &str, program: &str) -> CapabilityResult {
    jac.run(run(id, json!({"program": program}))).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_set_by_one_run_is_not_seen_by_the_next() {
    // One worker per backend, so the next run is served by the same slot.
    let jac = fixed_jac(BackendPolicy { workers: 1, ..BackendPolicy::default() }).await;
    let pari_unset = ok(&send(&jac, "test.pari", "read_global").await)["lines"].clone();
    assert_eq!(pari_unset, json!(["t_POL"]));
    assert_eq!(ok(&send(&jac, "test.pari", "set_global").await)["lines"], json!(["42"]));
    assert_eq!(ok(&send(&jac, "test.pari", "read_global").await)["lines"], pari_unset);
    // GAP and Singular detect a new global themselves (the program does not declare it).
    for (id, unset) in [("test.gap", json!(["0"])), ("test.singular", json!(["0"]))] {
        assert_eq!(ok(&send(&jac, id, "read_global").await)["lines"], unset, "{id}");
        assert_eq!(ok(&send(&jac, id, "set_global").await)["lines"], json!(["42"]), "{id}");
        assert_eq!(ok(&send(&jac, id, "read_global").await)["lines"], unset, "{id} leaked a global");
    }
    // Across tenants too: tenant b never sees what tenant a's run bound.
    let a = RunOptions { tenant: jacobian::TenantId::new("a").unwrap(), ..Default::default() };
    let b = RunOptions { tenant: jacobian::TenantId::new("b").unwrap(), ..Default::default() };
    ok(&jac.run_with(run("test.gap", json!({"program": "set_global"})), a).await);
    assert_eq!(ok(&jac.run_with(run("test.gap", json!({"program": "read_global"})), b).await)["lines"], json!(["0"]));
    let stats = jac.backend_stats().await;
    assert!(stats.iter().all(|s| s.recycled >= 1), "{stats:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_crashes_and_hangs_fail_the_run_and_replace_the_worker() {
    let jac = fixed_jac(BackendPolicy { workers: 1, ..BackendPolicy::default() }).await;
    let r = send(&jac, "test.pari", "garbage").await;
    assert_eq!(r.status(), ExecutionStatus::AdapterFailed);
    assert!(
        codes(&r).iter().any(|c| c.contains("PARI/GP worker failed") && c.contains("another request")),
        "{:?}",
        codes(&r)
    );
    assert_eq!(ok(&send(&jac, "test.pari", "ping").await)["lines"], json!(["2"]));

    let r = send(&jac, "test.pari", "crash").await;
    assert_eq!(r.status(), ExecutionStatus::AdapterFailed);
    assert!(codes(&r).iter().any(|c| c.contains("PARI/GP")), "{:?}", codes(&r));
    assert_eq!(ok(&send(&jac, "test.pari", "ping").await)["lines"], json!(["2"]));

    // An interruptible backend returns to its prompt: the worker survives.
    let started = Instant::now();
    let r = jac.run(run("test.pari", json!({"program": "spin"})).wall_ms(200)).await;
    assert_eq!(r.status(), ExecutionStatus::TimedOut);
    assert!(started.elapsed() < Duration::from_millis(1500));
    assert_eq!(ok(&send(&jac, "test.pari", "ping").await)["lines"], json!(["2"]));

    // Singular asks on its input what to do after SIGINT: the hung worker is killed and replaced.
    ok(&send(&jac, "test.singular", "ping").await);
    let started = Instant::now();
    let r = jac.run(run("test.singular", json!({"program": "spin"})).wall_ms(200)).await;
    assert_eq!(r.status(), ExecutionStatus::TimedOut);
    assert!(started.elapsed() < Duration::from_millis(1500));
    assert_eq!(ok(&send(&jac, "test.singular", "ping").await)["lines"], json!(["3"]));

    let stats = jac.backend_stats().await;
    let pari = stats.iter().find(|s| s.backend == Some(BackendKind::Pari)).unwrap();
    assert_eq!(pari.restarts, 2, "{pari:?}");
    assert!(!pari.circuit_open);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backends_cannot_reach_the_system() {
    let jac = fixed_jac(BackendPolicy { workers: 1, ..BackendPolicy::default() }).await;
    // PARI runs with secure mode and proven factors.
    assert_eq!(ok(&send(&jac, "test.pari", "defaults").await)["lines"], json!(["1 1"]));
    // PARI's secure mode refuses system().
    let r = send(&jac, "test.pari", "system").await;
    assert_eq!(r.status(), ExecutionStatus::AdapterFailed);
    assert!(codes(&r).iter().any(|c| c.contains("secure")), "{:?}", codes(&r));
    // Singular has no secure mode: the sandbox's Landlock ruleset refuses the write.
    let landlock = jacobian::sandbox::probe();
    assert_eq!(landlock["landlock"], "fully enforced", "this kernel does not enforce Landlock: {landlock}");
    let _ = std::fs::remove_file("/tmp/jacobian-pwned");
    let r = send(&jac, "test.singular", "write").await;
    assert_ne!(r.status(), ExecutionStatus::Succeeded, "a write outside the scratch directory succeeded");
    assert!(!Path::new("/tmp/jacobian-pwned").exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_backend_makes_its_capabilities_unavailable_and_the_server_starts() {
    let policy =
        BackendPolicy { executables: vec![(BackendKind::Pari, "/nonexistent/gp".into())], ..BackendPolicy::default() };
    let jac = jacobian::builder().backend_policy(policy).build().await.unwrap();
    let missing: Vec<&str> = jac.unavailable().iter().map(|r| r.capability_id.as_str()).collect();
    assert!(missing.contains(&"integer.factor") && missing.contains(&"integer.decide.prime"), "{missing:?}");
    assert!(jac.unavailable().iter().all(|r| r.reason.contains("pari-gp")), "{:?}", jac.unavailable());
    assert!(jac.descriptor("integer.factor").is_none());
    let r = jac.run(run("integer.factor", json!({"n": 12}))).await;
    assert_ne!(r.status(), ExecutionStatus::Succeeded);
    // Everything else still serves.
    ok(&jac.run(run("group.permutation.order", json!({"generators": ["(1,2)"]}))).await);
    ok(&jac.run(run("integer.compute.gcd", json!({"a": 4, "b": 6}))).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backend_too_old_is_not_offered() {
    // A stand-in `gp` that reports an old version.
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("gp");
    std::fs::write(&fake, "#!/bin/sh\necho 2.11.4\n").unwrap();
    std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let policy = BackendPolicy { executables: vec![(BackendKind::Pari, fake)], ..BackendPolicy::default() };
    let jac = jacobian::builder().backend_policy(policy).build().await.unwrap();
    let pari = jac.backends().iter().find(|b| b.backend == BackendKind::Pari).unwrap();
    assert!(!pari.available);
    assert!(pari.reason.as_deref().unwrap().contains("2.11.4 is older than 2.15"), "{pari:?}");
    assert!(jac.unavailable().iter().any(|r| r.capability_id == "integer.decide.prime"));
}

#[test]
fn workers_leave_no_process_behind() {
    // A CLI run in its own process, with its scratch directories under a fresh TMPDIR: after it
    // exits, no process may still have its working directory there.
    let tmp = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_jacobian"))
        .args(["--in-memory", "run", "integer.factor", "--input", "{\"n\": 360}"])
        .env("TMPDIR", tmp.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left: Vec<String> = std::fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().bytes().all(|b| b.is_ascii_digit()))
            .filter(|e| std::fs::read_link(e.path().join("cwd")).is_ok_and(|cwd| cwd.starts_with(tmp.path())))
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        if left.is_empty() {
            break;
        }
        assert!(Instant::now() < deadline, "orphaned backend processes: {left:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
    // And the scratch directories are gone.
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_runs_in_flight_share_a_pool_of_two() {
    let jac = fixed_jac(BackendPolicy { workers: 2, ..BackendPolicy::default() }).await;
    let tasks: Vec<_> = (0..100)
        .map(|i| {
            let jac = jac.clone();
            let id = ["test.pari", "test.gap", "test.singular"][i % 3];
            tokio::spawn(async move { jac.run(run(id, json!({"program": "ping"}))).await })
        })
        .collect();
    for t in tasks {
        ok(&t.await.unwrap());
    }
    let stats = jac.backend_stats().await;
    assert!(stats.iter().all(|s| s.restarts == 0 && s.workers == 2), "{stats:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn primality_and_factorizations_are_verified_by_the_independent_checkers() {
    use jacobian::runtime::Mode;
    let jac = jac().await;
    let verify = |id: &str, n: &str| CapabilityRequest::new(id, json!({"n": n})).mode(Mode::Verify);
    // Primes: below 2^64 (base case), and ECPP chains of one and several steps.
    for n in [
        "2",
        "1000003",
        "100000000000000000039",
        "170141183460469231731687303715884105727",
        "1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000271",
    ] {
        let r = jac.run(verify("integer.decide.prime", n)).await;
        assert_eq!(ok(&r)["prime"], true, "{n}");
        assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{n}: {:?} {:?}", r.execution.diagnostics, r.assurance);
    }
    // Not prime: below two, a small divisor, a Carmichael strong pseudoprime to base 2, a Mersenne composite.
    for n in ["-7", "1", "91", "29341", "147573952589676412927"] {
        let r = jac.run(verify("integer.decide.prime", n)).await;
        assert_eq!(ok(&r)["prime"], false, "{n}");
        assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{n}: {:?}", r.execution.diagnostics);
    }
    for n in ["-360", "1", "18446744073709551617", "147573952589676412927", "99999999999999999999999999999999999999"] {
        let r = jac.run(verify("integer.factor", n)).await;
        ok(&r);
        assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{n}: {:?} {:?}", r.execution.diagnostics, r.assurance);
    }
    // EXPLORE stays COMPUTED: nothing was checked.
    let r = jac.run(run("integer.factor", json!({"n": 360}))).await;
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn integer_properties_agree_with_sympy() {
    let jac = jac().await;
    let mut seed = 3;
    let mut numbers: Vec<String> = (0..60).map(|_| (lcg(&mut seed) % 10_000_000_000_000).to_string()).collect();
    numbers.extend(
        ["1", "2", "6", "28", "496", "8128", "12", "945", "1024", "3600", "97", "0", "-360", "-1"].map(String::from),
    );
    numbers.push("123456789012345678901234567890".into());
    let reference = sympy(&numbers.iter().map(|n| json!({"op": "properties", "n": n})).collect::<Vec<_>>());
    for (n, expected) in numbers.iter().zip(reference) {
        let r = jac.run(run("integer.compute.properties", json!({"n": n}))).await;
        assert_eq!(ok(&r)["properties"], expected, "{n}");
    }
    // A property undefined for n is refused at its field.
    let r = jac.run(run("integer.compute.properties", json!({"n": -4, "properties": ["euler_totient"]}))).await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
    assert!(codes(&r).iter().any(|c| c.contains("/input/properties")), "{:?}", codes(&r));
    let r = jac.run(run("integer.compute.properties", json!({"n": "9".repeat(100), "properties": ["mobius"]}))).await;
    assert_eq!(r.status(), ExecutionStatus::Unsupported);
    // Digit-only properties take any size.
    let r = jac
        .run(run(
            "integer.compute.properties",
            json!({"n": "9".repeat(5000), "properties": ["decimal_digit_sum", "is_square"]}),
        ))
        .await;
    assert_eq!(ok(&r)["properties"], json!({"decimal_digit_sum": "45000", "is_square": false}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn modular_answers_match_brute_force_and_verify() {
    use jacobian::runtime::Mode;
    let jac = jac().await;
    let verify = |id: &str, input: Value| CapabilityRequest::new(id, input).mode(Mode::Verify);
    let pow = |b: u64, e: u64, m: u64| (0..e).fold(1 % m, |acc, _| acc * b % m);
    for m in [2u64, 7, 12, 13, 30, 97] {
        for a in 0..m {
            // Inverse: the brute-force inverse, or none exactly when gcd ≠ 1.
            let r = jac.run(verify("modular.compute.inverse", json!({"a": a, "m": m}))).await;
            let brute = (0..m).find(|x| a * x % m == 1 % m && m > 1);
            assert_eq!(ok(&r)["inverse"], brute.map_or(Value::Null, |x| json!(x.to_string())), "{a}^-1 mod {m}");
            if brute.is_some() {
                assert_eq!(r.assurance.level, AssuranceLevel::Verified);
            }
            // Discrete logarithm base 3 (a unit modulo m): the least x, or none.
            if m % 3 == 0 {
                let r = jac.run(run("modular.solve.discrete_log", json!({"g": 3, "h": 1, "m": m}))).await;
                assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
                continue;
            }
            for h in [1u64, 2, 5] {
                let r = jac.run(verify("modular.solve.discrete_log", json!({"g": 3, "h": h, "m": m}))).await;
                let brute = (0..2 * m).find(|&x| pow(3, x, m) == h % m);
                assert_eq!(ok(&r)["x"], brute.map_or(Value::Null, |x| json!(x.to_string())), "log_3 {h} mod {m}");
            }
        }
    }
    for p in [2u64, 3, 13, 97, 101] {
        for a in 0..p {
            let r = jac.run(verify("modular.solve.sqrt", json!({"a": a, "p": p}))).await;
            let brute: Vec<String> = (0..p).filter(|x| x * x % p == a).map(|x| x.to_string()).collect();
            assert_eq!(ok(&r)["roots"], json!(brute), "sqrt {a} mod {p}");
            if !brute.is_empty() {
                assert_eq!(r.assurance.level, AssuranceLevel::Verified);
            }
        }
    }
    let r = jac.run(run("modular.solve.sqrt", json!({"a": 2, "p": 15}))).await;
    assert_eq!(r.status(), ExecutionStatus::Unsupported, "{:?}", codes(&r));
    // CRT, coprime or not, against brute force.
    for (residues, moduli) in [
        (vec![2u64, 3, 2], vec![3u64, 5, 7]),
        (vec![1, 3], vec![4, 6]),
        (vec![1, 2], vec![4, 6]),
        (vec![0, 0, 5], vec![2, 3, 11]),
        (vec![7], vec![9]),
    ] {
        let r = jac.run(verify("modular.solve.crt", json!({"residues": residues, "moduli": moduli}))).await;
        let lcm = moduli.iter().fold(1u64, |l, &m| l / gcd(l, m) * m);
        let brute = (0..lcm).find(|x| residues.iter().zip(&moduli).all(|(r, m)| x % m == r % m));
        assert_eq!(ok(&r)["x"], brute.map_or(Value::Null, |x| json!(x.to_string())), "{residues:?} {moduli:?}");
        assert_eq!(ok(&r)["modulus"], lcm.to_string());
        if brute.is_some() {
            assert_eq!(r.assurance.level, AssuranceLevel::Verified);
        }
    }
    // Large numbers: a power and a discrete logarithm, both verified.
    let r = jac
        .run(verify("modular.compute.power", json!({"base": 2, "exponent": "1000000000000000000", "m": 1000000007})))
        .await;
    let expected = (1u128..=1).fold(0u128, |_, _| {
        let (mut acc, mut b, mut e, m) = (1u128, 2u128, 1_000_000_000_000_000_000u128, 1_000_000_007u128);
        while e > 0 {
            if e & 1 == 1 {
                acc = acc * b % m;
            }
            b = b * b % m;
            e >>= 1;
        }
        acc
    });
    assert_eq!(ok(&r)["value"], expected.to_string());
    assert_eq!(r.assurance.level, AssuranceLevel::Verified);
    let r = jac.run(verify("modular.solve.discrete_log", json!({"g": 5, "h": "123456789", "m": "1000000007"}))).await;
    assert!(ok(&r)["x"].is_string());
    assert_eq!(r.assurance.level, AssuranceLevel::Verified);
    // Bad moduli are refused at their field.
    let r = jac.run(run("modular.solve.crt", json!({"residues": [1, 2], "moduli": [3, 1]}))).await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
    assert!(codes(&r).iter().any(|c| c.contains("/input/moduli/1")), "{:?}", codes(&r));
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn prime_queries_agree_with_sympy() {
    let jac = jac().await;
    let queries = [
        json!({"next": 0}),
        json!({"next": 1}),
        json!({"next": 2}),
        json!({"next": 7919}),
        json!({"next": "1000000000000000000000000000000"}),
        json!({"next": "-5"}),
        json!({"previous": 3}),
        json!({"previous": 7920}),
        json!({"previous": "100000000000000000000"}),
        json!({"nth": 1}),
        json!({"nth": 1000}),
        json!({"nth": 1000000}),
        json!({"count_up_to": 0}),
        json!({"count_up_to": 2}),
        json!({"count_up_to": 1000000}),
        json!({"count_up_to": 100000000}),
        json!({"range": {"low": 0, "high": 100}}),
        json!({"range": {"low": 1000000, "high": 1001000}}),
        json!({"range": {"low": 24, "high": 28}}),
    ];
    let reference = sympy(&queries.iter().map(|q| json!({"op": "primes", "query": q})).collect::<Vec<_>>());
    for (q, expected) in queries.iter().zip(reference) {
        let r = jac.run(run("integer.compute.primes", q.clone())).await;
        assert_eq!(ok(&r), &expected, "{q}");
    }
    for (q, status) in [
        (json!({"previous": 2}), ExecutionStatus::InvalidRequest),
        (json!({"nth": 0}), ExecutionStatus::InvalidRequest),
        (json!({"range": {"low": 10, "high": 5}}), ExecutionStatus::InvalidRequest),
        (json!({"range": {"low": 0, "high": 100000000}}), ExecutionStatus::Unsupported),
        (json!({"next": 1, "nth": 2}), ExecutionStatus::InvalidRequest),
    ] {
        assert_eq!(jac.run(run("integer.compute.primes", q.clone())).await.status(), status, "{q}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn divisors_agree_with_sympy() {
    let jac = jac().await;
    let mut seed = 5;
    let mut numbers: Vec<String> = (0..30).map(|_| (lcg(&mut seed) % 1_000_000_000_000).to_string()).collect();
    numbers.extend(["1", "2", "28", "720720", "18446744073709551617"].map(String::from));
    let reference = sympy(&numbers.iter().map(|n| json!({"op": "divisors", "n": n})).collect::<Vec<_>>());
    for (n, expected) in numbers.iter().zip(reference) {
        let r = jac.run(run("integer.compute.divisors", json!({"n": n}))).await;
        assert_eq!(ok(&r)["divisors"], expected, "{n}");
        let proper = jac.run(run("integer.compute.divisors", json!({"n": n, "proper": true}))).await;
        let mut without = expected.as_array().unwrap().clone();
        without.pop();
        assert_eq!(ok(&proper)["divisors"], json!(without), "{n}");
    }
    let r = jac.run(run("integer.compute.divisors", json!({"n": 0}))).await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
    // 2^4·3^4·5^4·7^4·11^4·13^4·17^4·19^4 has 5^8 = 390,625 divisors: refused, not listed.
    let r = jac.run(run("integer.compute.divisors", json!({"n": "8851796439731138118435210000"}))).await;
    assert_ne!(r.status(), ExecutionStatus::Succeeded);
}
