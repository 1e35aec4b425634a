//! Exact linear algebra through the runtime against SymPy, in the same run, on the same matrices.
//!
//! `cargo bench --bench linear_algebra` prints one table: the determinant of a 60 × 60 integer
//! matrix with entries up to 10^6 (`matrix.compute.invariants` against `Matrix.det`), the
//! Hermite normal form with its transform of a 40 × 40 matrix (`matrix.transform.hermite`
//! against `hermite_normal_form`, which gives no transform), the Smith normal form of a 30 × 30
//! matrix with both transforms and of its diagonal alone (`matrix.transform.smith` against
//! `smith_normal_form`, which gives the diagonal), and the LLL
//! reduction of a 40-dimensional knapsack lattice (`lattice.reduce.lll` against
//! `DomainMatrix.lll`). Each row gives both times (ours in EXPLORE), SymPy's over ours, whether
//! the answers are identical (for LLL, whether both reduced bases span the same lattice, by their
//! Hermite bases), and the matrix checker's replay time over the producer's in a VERIFY run.
//!
//! SymPy (`.venv`) runs in a child process per row, driven by
//! benches/reference/linear_algebra_reference.py; its time is the operation's alone, the median
//! of up to eleven runs while they take under two seconds in all. A row SymPy has not finished
//! after 60 s is stopped and shown as "> 60 s". Ours is the median of eleven
//! EXPLORE runs (`BENCH_REPEAT=n` for another count, as when profiling). Any answer that differs
//! fails the bench, after the table is printed. Without `--bench` a short form runs smaller sizes.
//! A further argument keeps the rows whose case names contain it (`-- --bench Smith`), as when
//! profiling one operation.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jacobian::runtime::objects::ObjectRegistry;
use jacobian::runtime::{
    AssuranceLevel, CapabilityRequest, CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Mode,
    SharedChecker, Verdict,
};
use serde_json::{Value, json};
use tokio::runtime::Runtime;

const REFERENCE_LIMIT: Duration = Duration::from_secs(60);
const WALL_MS: u64 = 600_000;

/// The matrix checker, timed.
struct TimedChecker {
    inner: SharedChecker,
    replays: Arc<Mutex<Vec<Duration>>>,
}

impl Checker for TimedChecker {
    fn identity(&self) -> &CheckerIdentity {
        self.inner.identity()
    }
    fn evidence_kinds(&self) -> &[&'static str] {
        self.inner.evidence_kinds()
    }
    fn check(&self, evidence: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        let t = Instant::now();
        let verdict = self.inner.check(evidence, cx);
        self.replays.lock().expect("no replay panicked while logging").push(t.elapsed());
        verdict
    }
}

/// xorshift64*: the same matrices on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn matrix(&mut self, m: usize, n: usize, size: i64) -> Vec<Vec<i64>> {
        (0..m).map(|_| (0..n).map(|_| (self.next() % (2 * size as u64 + 1)) as i64 - size).collect()).collect()
    }
}

/// SymPy's answer and time, or None when stopped at the limit.
fn sympy(op: &str, rows: &[Vec<i64>]) -> Option<(f64, Value, String)> {
    let python = concat!(env!("CARGO_MANIFEST_DIR"), "/.venv/bin/python");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/reference/linear_algebra_reference.py");
    let mut child = Command::new(python)
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the SymPy reference needs .venv (run scripts/provision-python)");
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(json!({"op": op, "rows": rows}).to_string().as_bytes()).expect("write the job");
    drop(stdin);
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    match rx.recv_timeout(Duration::from_secs(30)) {
        Ok(Ok(line)) if line == "ready" => {}
        other => panic!("the SymPy reference did not start: {other:?}"),
    }
    let outcome = match rx.recv_timeout(REFERENCE_LIMIT) {
        Ok(Ok(line)) => {
            let out: Value = serde_json::from_str(&line).expect("the reference prints JSON");
            let version = format!(
                "{} (ground types {})",
                out["sympy"].as_str().unwrap_or("?"),
                out["ground_types"].as_str().unwrap_or("?")
            );
            Some((out["seconds"].as_f64().expect("seconds"), out["answer"].clone(), version))
        }
        Err(RecvTimeoutError::Timeout) => {
            let _ = child.kill();
            None
        }
        other => panic!("the SymPy reference failed: {other:?}"),
    };
    let _ = child.wait();
    outcome
}

struct Row {
    case: String,
    ours: Duration,
    reference: Option<f64>,
    identical: Option<bool>,
    checker_fraction: f64,
    version: Option<String>,
}

/// What every row is measured with, and which rows are wanted.
struct Bench<'a> {
    rt: &'a Runtime,
    jac: &'a jacobian::Jacobian,
    replays: &'a Mutex<Vec<Duration>>,
    wanted: &'a dyn Fn(&str) -> bool,
}

impl Bench<'_> {
    /// One row: `id` on `input` against SymPy's `op` on `matrix`, the answers compared by `agree`
    /// (ours, SymPy's); None when the row is not wanted.
    fn row(
        &self,
        case: String,
        id: &str,
        input: &Value,
        op: &str,
        matrix: &[Vec<i64>],
        agree: impl Fn(&Value, &Value) -> bool,
    ) -> Option<Row> {
        if !(self.wanted)(&case) {
            return None;
        }
        let (out, ours, checker_fraction) = run(self.rt, self.jac, self.replays, id, input);
        let reference = sympy(op, matrix);
        Some(Row {
            case,
            ours,
            identical: reference.as_ref().map(|(_, answer, _)| agree(&out, answer)),
            reference: reference.as_ref().map(|r| r.0),
            version: reference.map(|r| r.2),
            checker_fraction,
        })
    }
}

/// Runs `id` in EXPLORE (timed) and in VERIFY (VERIFIED required, the checker timed).
fn run(
    rt: &Runtime,
    jac: &jacobian::Jacobian,
    replays: &Mutex<Vec<Duration>>,
    id: &str,
    input: &Value,
) -> (Value, Duration, f64) {
    let mut times = vec![];
    let mut r = None;
    let repeat: usize = std::env::var("BENCH_REPEAT").ok().and_then(|s| s.parse().ok()).unwrap_or(11).max(1);
    for _ in 0..repeat {
        let t = Instant::now();
        let run = rt.block_on(jac.run(CapabilityRequest::new(id, input.clone()).wall_ms(WALL_MS)));
        times.push(t.elapsed());
        assert!(run.succeeded(), "{id}: {:?}", run.execution.diagnostics);
        r = Some(run);
    }
    times.sort();
    let ours = times[times.len() / 2];
    let r = r.expect("at least one run");
    replays.lock().expect("log").clear();
    let t = Instant::now();
    let v = rt.block_on(jac.run(CapabilityRequest::new(id, input.clone()).mode(Mode::Verify).wall_ms(WALL_MS)));
    let total = t.elapsed();
    assert_eq!(v.assurance.level, AssuranceLevel::Verified, "{id}: {:?}", v.execution.diagnostics);
    let checked: Duration = replays.lock().expect("log").iter().sum();
    (r.output, ours, checked.as_secs_f64() / (total - checked).as_secs_f64())
}

fn strings(rows: &[Vec<i64>]) -> Value {
    json!(rows.iter().map(|r| r.iter().map(|x| x.to_string()).collect::<Vec<_>>()).collect::<Vec<_>>())
}

fn hermite_basis(rt: &Runtime, jac: &jacobian::Jacobian, basis: &Value) -> Value {
    let r = rt
        .block_on(jac.run(CapabilityRequest::new("lattice.compute.invariants", json!({"lattice": {"basis": basis}}))));
    assert!(r.succeeded(), "{:?}", r.execution.diagnostics);
    r.output["hermite_basis"].clone()
}

fn show(seconds: f64) -> String {
    if seconds < 1.0 { format!("{:.2} ms", seconds * 1e3) } else { format!("{seconds:.2} s") }
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let only = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let wanted = |case: &str| only.as_deref().is_none_or(|o| case.contains(o));
    let (det_n, hnf_n, snf_n, lll_n) = if full { (60, 40, 30, 40) } else { (20, 12, 10, 12) };
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let replays = Arc::new(Mutex::new(vec![]));
    let matrix = jacobian_checkers::matrix::MatrixCertificate;
    let checkers = jacobian_checkers::bundled().into_iter().map(|c| {
        if c.identity() == matrix.identity() {
            Arc::new(TimedChecker { inner: c, replays: Arc::clone(&replays) }) as SharedChecker
        } else {
            c
        }
    });
    let objects = ObjectRegistry::bundled();
    let jac = rt
        .block_on(
            jacobian::Jacobian::builder()
                .adapters(jacobian_adapters::bundled(&objects))
                .bundled_checkers(checkers)
                .objects(objects)
                .warm_backends()
                .build(),
        )
        .expect("jacobian");
    for _ in 0..10 {
        let warm = json!({"matrix": {"rows": [[1, 2], [3, 4]]}, "properties": ["determinant"]});
        assert!(rt.block_on(jac.run(CapabilityRequest::new("matrix.compute.invariants", warm))).succeeded());
    }
    // Measure on a quiet machine: every backend worker started (GAP's take seconds of CPU).
    let warming = Instant::now();
    while rt.block_on(jac.backend_stats()).iter().any(|s| s.ready < s.workers) {
        assert!(warming.elapsed() < Duration::from_secs(300), "the backend workers never became ready");
        std::thread::sleep(Duration::from_millis(100));
    }
    let mut rng = Rng(0x11a1_9eb7_a000_0017);
    let mut rows = vec![];

    let bench = Bench { rt: &rt, jac: &jac, replays: &replays, wanted: &wanted };
    let a = rng.matrix(det_n, det_n, 1_000_000);
    let input = json!({"matrix": {"rows": a}, "properties": ["determinant"]});
    let case = format!("{det_n}×{det_n} determinant, entries ≤ 10^6");
    rows.extend(bench.row(case, "matrix.compute.invariants", &input, "det", &a, |out, r| *r == out["determinant"]));

    let a = rng.matrix(hnf_n, hnf_n, 100);
    let case = format!("{hnf_n}×{hnf_n} Hermite form with transform");
    let input = json!({"matrix": {"rows": a}});
    rows.extend(bench.row(case, "matrix.transform.hermite", &input, "hnf", &a, |out, r| *r == out["form"]["rows"]));

    let a = rng.matrix(snf_n, snf_n, 10);
    let case = format!("{snf_n}×{snf_n} Smith form with transforms");
    let input = json!({"matrix": {"rows": a}});
    rows.extend(bench.row(case, "matrix.transform.smith", &input, "snf", &a, |out, r| *r == out["diagonal"]));
    // The same matrix, the diagonal alone (what SymPy computes).
    let case = format!("{snf_n}×{snf_n} Smith form, diagonal only");
    let input = json!({"matrix": {"rows": a}, "transforms": false});
    rows.extend(bench.row(case, "matrix.transform.smith", &input, "snf", &a, |out, r| *r == out["diagonal"]));

    // A knapsack lattice: rows (e_i, a_i) with 40-bit weights a_i.
    let knapsack: Vec<Vec<i64>> = (0..lll_n)
        .map(|i| {
            let w = (rng.next() % (1 << 40)) as i64;
            (0..=lll_n).map(|j| if j == lll_n { w } else { i64::from(i == j) }).collect()
        })
        .collect();
    let case = format!("LLL of a {lll_n}-dimensional knapsack lattice");
    let input = json!({"lattice": {"basis": strings(&knapsack)}});
    rows.extend(bench.row(case, "lattice.reduce.lll", &input, "lll", &knapsack, |out, r| {
        hermite_basis(&rt, &jac, r) == hermite_basis(&rt, &jac, &out["reduced"])
    }));
    let version = rows.iter().find_map(|r| r.version.clone()).unwrap_or_else(|| "?".into());
    rt.block_on(jac.shutdown(Duration::from_secs(5)));

    println!(
        "linear algebra against SymPy {version}{}",
        if full { "" } else { " (short form: run with --bench for the full set)" }
    );
    println!(
        "{:<46} {:>11} {:>11} {:>15} {:>10} {:>17}",
        "case", "Jacobian", "SymPy", "SymPy/Jacobian", "identical", "checker/producer"
    );
    for row in &rows {
        let ours = row.ours.as_secs_f64();
        let (sympy, ratio) = match row.reference {
            Some(s) => (show(s), format!("{:.0}x", s / ours)),
            None => (
                format!("> {} s", REFERENCE_LIMIT.as_secs()),
                format!("> {:.0}x", REFERENCE_LIMIT.as_secs_f64() / ours),
            ),
        };
        let identical = match row.identical {
            Some(true) => "yes",
            Some(false) => "NO",
            None => "n/a",
        };
        println!(
            "{:<46} {:>11} {:>11} {:>15} {:>10} {:>16.1}%",
            row.case,
            show(ours),
            sympy,
            ratio,
            identical,
            row.checker_fraction * 100.0
        );
    }
    assert!(rows.iter().all(|r| r.identical != Some(false)), "an answer differs from SymPy's");
}
