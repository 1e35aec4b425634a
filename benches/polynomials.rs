//! Polynomials through the runtime against SymPy, in the same run, on the same inputs.
//!
//! `cargo bench --bench polynomials` prints one table: factoring a dense degree-60 polynomial
//! over Z (`polynomial.factor` on PARI/GP against `sympy.factor_list`), the gcd of two degree-200
//! polynomials with a degree-50 common factor (`polynomial.compute.gcd` against `sympy.gcd`), and
//! the reduced grevlex Gröbner bases of cyclic-5 and katsura-6 over Q (`polynomial.groebner_basis`
//! on Singular against `sympy.groebner`). Each row gives both times, SymPy's over ours, whether
//! the answers are identical (factors as sets, bases after reduction, each element monic), and,
//! for the rows run again in VERIFY mode, the checker's replay time beside the producer's.
//!
//! SymPy (`.venv`) runs in a child process per row, driven by
//! benches/reference/polynomial_reference.py; its time is the operation's own, without start-up.
//! A row SymPy has not finished after 60 s is stopped and shown as "> 60 s". Any answer that
//! differs fails the bench, after the table is printed.
//!
//! Without `--bench` (as `cargo test --benches` runs it) a short form runs smaller inputs
//! (degree 24, gcd of degree 40, cyclic-4, katsura-4) with the same assertions.

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

/// How long SymPy may take over one row.
const REFERENCE_LIMIT: Duration = Duration::from_secs(60);
/// The deadline of each of our runs.
const WALL_MS: u64 = 600_000;

/// A checker, timed: same identity as the bundled one, each replay's duration logged.
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

/// xorshift64*: the same polynomials on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: u64) -> i64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n) as i64
    }

    /// A dense univariate polynomial of degree `d` in x, coefficients in [−9, 9], leading 1..9.
    fn dense(&mut self, d: usize) -> String {
        (0..=d)
            .rev()
            .map(|k| {
                let c = if k == d { 1 + self.next(9) } else { self.next(19) - 9 };
                format!("({c})*x^{k}")
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

enum Reference {
    Finished { seconds: f64, answer: Value, version: String },
    Stopped,
}

fn sympy(op: &str, variables: &[&str], polynomials: &[String]) -> Reference {
    let python = concat!(env!("CARGO_MANIFEST_DIR"), "/.venv/bin/python");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/reference/polynomial_reference.py");
    let mut child = Command::new(python)
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the SymPy reference needs .venv (run scripts/provision-python)");
    let job = json!({"op": op, "variables": variables, "polynomials": polynomials}).to_string();
    // The script reads its whole input before it writes anything, so this cannot deadlock.
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(job.as_bytes()).expect("write the job");
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
    match rx.recv_timeout(Duration::from_secs(60)) {
        Ok(Ok(line)) if line == "ready" => {}
        other => panic!("the SymPy reference did not start: {other:?}"),
    }
    let outcome = match rx.recv_timeout(REFERENCE_LIMIT) {
        Ok(Ok(line)) => {
            let out: Value = serde_json::from_str(&line).expect("the reference prints JSON");
            Reference::Finished {
                seconds: out["seconds"].as_f64().expect("seconds"),
                answer: out["answer"].clone(),
                version: out["sympy"].as_str().unwrap_or("?").to_owned(),
            }
        }
        Err(RecvTimeoutError::Timeout) => {
            let _ = child.kill();
            Reference::Stopped
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
    /// None when SymPy was stopped.
    identical: Option<bool>,
    /// (checker replay, whole VERIFY run) when the row was verified.
    checked: Option<(Duration, Duration)>,
}

fn show(seconds: f64) -> String {
    if seconds < 1.0 { format!("{:.2} ms", seconds * 1e3) } else { format!("{seconds:.2} s") }
}

fn ratio(r: f64) -> String {
    let decimals = if r >= 10.0 { 0 } else { (1.0 - r.log10().floor()).max(1.0) as usize };
    format!("{r:.decimals$}x")
}

/// Times one EXPLORE run, then (with `verify`) one VERIFY run with the checkers' replay time.
fn run(
    rt: &Runtime,
    jac: &jacobian::Jacobian,
    id: &str,
    input: &Value,
    verify: bool,
    replays: &Mutex<Vec<Duration>>,
) -> (Value, Duration, Option<(Duration, Duration)>) {
    let t = Instant::now();
    let r = rt.block_on(jac.run(CapabilityRequest::new(id, input.clone()).wall_ms(WALL_MS)));
    let ours = t.elapsed();
    assert!(r.succeeded(), "{id}: {:?}", r.execution.diagnostics);
    let mut checked = None;
    if verify {
        replays.lock().expect("log").clear();
        let t = Instant::now();
        let v = rt.block_on(jac.run(CapabilityRequest::new(id, input.clone()).mode(Mode::Verify).wall_ms(WALL_MS)));
        let whole = t.elapsed();
        assert_eq!(v.assurance.level, AssuranceLevel::Verified, "{id}: {:?}", v.execution.diagnostics);
        let replay: Duration = replays.lock().expect("log").iter().sum();
        checked = Some((replay, whole));
    }
    (r.output, ours, checked)
}

fn row(
    case: String,
    ours: Duration,
    answer: Value,
    reference: Reference,
    checked: Option<(Duration, Duration)>,
) -> Row {
    let (reference, identical) = match reference {
        Reference::Finished { seconds, answer: theirs, .. } => (Some(seconds), Some(theirs == answer)),
        Reference::Stopped => (None, None),
    };
    Row { case, ours, reference, identical, checked }
}

fn cyclic(n: usize) -> (Vec<String>, Vec<String>) {
    let vars: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
    let mut polys = vec![];
    for len in 1..n {
        let terms: Vec<String> =
            (0..n).map(|s| (0..len).map(|k| vars[(s + k) % n].clone()).collect::<Vec<_>>().join("*")).collect();
        polys.push(terms.join(" + "));
    }
    polys.push(format!("{} - 1", vars.join("*")));
    (vars, polys)
}

/// Katsura-n: u_{-k} = u_k, u_k = 0 for |k| > n; Σ_{l} u_l u_{m−l} = u_m (m = 0…n−1), Σ u_l = 1.
fn katsura(n: usize) -> (Vec<String>, Vec<String>) {
    let vars: Vec<String> = (0..=n).map(|i| format!("u{i}")).collect();
    let u = |k: i64| -> Option<String> {
        (k.unsigned_abs() as usize <= n).then(|| vars[k.unsigned_abs() as usize].clone())
    };
    let mut polys = vec![];
    let all: Vec<String> = (-(n as i64)..=n as i64).filter_map(u).collect();
    polys.push(format!("{} - 1", all.join(" + ")));
    for m in 0..n as i64 {
        let products: Vec<String> =
            (-(n as i64)..=n as i64).filter_map(|l| Some(format!("{}*{}", u(l)?, u(m - l)?))).collect();
        polys.push(format!("{} - {}", products.join(" + "), u(m).expect("m ≤ n")));
    }
    (vars, polys)
}

fn sorted_texts(v: &Value) -> Value {
    let mut items: Vec<String> =
        v.as_array().expect("a list").iter().map(|s| s.as_str().expect("text").to_owned()).collect();
    items.sort();
    json!(items)
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let replays = Arc::new(Mutex::new(vec![]));
    let timed = [
        jacobian_checkers::polynomial::identities::PolynomialIdentities.identity().clone(),
        jacobian_checkers::polynomial::groebner::GroebnerBasis.identity().clone(),
    ];
    let checkers = jacobian_checkers::bundled().into_iter().map(|c| {
        if timed.contains(c.identity()) {
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
                .build(),
        )
        .expect("jacobian");
    // Start and warm the two pools used here before anything is timed; no other backend starts,
    // so nothing else competes for the cores while the rows run.
    for _ in 0..4 {
        let gcd = json!({"variables": ["x"], "f": "x^2 - 1", "g": "x - 1"});
        assert!(rt.block_on(jac.run(CapabilityRequest::new("polynomial.compute.gcd", gcd))).succeeded());
        let gb = json!({"variables": ["x"], "polynomials": ["x^2 - 1"]});
        assert!(rt.block_on(jac.run(CapabilityRequest::new("polynomial.groebner_basis", gb))).succeeded());
    }

    let (degrees, gcd_degree, common, cyc, kat) =
        if full { ([20, 25, 15], 200, 50, 5, 6) } else { ([8, 10, 6], 40, 10, 4, 4) };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut rows = vec![];
    let started = Instant::now();

    // Factor a dense product of three random dense factors.
    let product = degrees.iter().map(|&d| format!("({})", rng.dense(d))).collect::<Vec<_>>().join("*");
    let input = json!({"variables": ["x"], "domain": "Z", "polynomial": product});
    let (out, ours, checked) = run(&rt, &jac, "polynomial.factor", &input, true, &replays);
    let expanded = out.clone();
    let mut answer: Vec<Value> = expanded["factors"]
        .as_array()
        .expect("factors")
        .iter()
        .map(|f| json!([f["factor"], f["multiplicity"]]))
        .collect();
    answer.sort_by_key(|v| v.to_string());
    let reference = sympy("factor", &["x"], std::slice::from_ref(&product));
    let total: usize = degrees.iter().sum();
    rows.push(row(format!("factor a dense degree-{total} polynomial over Z"), ours, json!(answer), reference, checked));

    // gcd of two polynomials of degree `gcd_degree` sharing a factor of degree `common`.
    let c = rng.dense(common);
    let f = format!("({c})*({})", rng.dense(gcd_degree - common));
    let g = format!("({c})*({})", rng.dense(gcd_degree - common));
    let input = json!({"variables": ["x"], "f": f, "g": g});
    let (out, ours, checked) = run(&rt, &jac, "polynomial.compute.gcd", &input, true, &replays);
    let reference = sympy("gcd", &["x"], &[f, g]);
    let case = format!("gcd of two degree-{gcd_degree} polynomials, common degree {common}");
    rows.push(row(case, ours, out["gcd"].clone(), reference, checked));

    // Gröbner bases over Q in grevlex.
    for (name, (vars, polys)) in [(format!("cyclic-{cyc}"), cyclic(cyc)), (format!("katsura-{kat}"), katsura(kat))] {
        let input = json!({"variables": vars, "polynomials": polys, "ordering": "grevlex"});
        let (out, ours, checked) = run(&rt, &jac, "polynomial.groebner_basis", &input, true, &replays);
        let names: Vec<&str> = vars.iter().map(String::as_str).collect();
        let reference = sympy("groebner", &names, &polys);
        rows.push(row(
            format!("Gröbner basis of {name} over Q (grevlex)"),
            ours,
            sorted_texts(&out["basis"]),
            reference,
            checked,
        ));
    }
    let took = started.elapsed();
    rt.block_on(jac.shutdown(Duration::from_secs(5)));

    let version = match sympy("gcd", &["x"], &["x".into(), "x".into()]) {
        Reference::Finished { version, .. } => version,
        Reference::Stopped => "?".into(),
    };
    println!(
        "polynomials against SymPy {version}{}; {cores} cores; {:.0} s in all",
        if full { "" } else { " (short form: run with --bench for the full set)" },
        took.as_secs_f64()
    );
    println!(
        "{:<58} {:>11} {:>11} {:>15} {:>10} {:>22}",
        "case", "Jacobian", "SymPy", "SymPy/Jacobian", "identical", "checker / VERIFY run"
    );
    for r in &rows {
        let ours = r.ours.as_secs_f64();
        let (theirs, speedup) = match r.reference {
            Some(s) => (show(s), ratio(s / ours)),
            None => (
                format!("> {} s", REFERENCE_LIMIT.as_secs()),
                format!("> {}", ratio(REFERENCE_LIMIT.as_secs_f64() / ours)),
            ),
        };
        let identical = match r.identical {
            Some(true) => "yes",
            Some(false) => "NO",
            None => "n/a",
        };
        let checked = r
            .checked
            .map_or("—".to_owned(), |(c, w)| format!("{} / {}", show(c.as_secs_f64()), show(w.as_secs_f64())));
        println!("{:<58} {:>11} {:>11} {:>15} {:>10} {:>22}", r.case, show(ours), theirs, speedup, identical, checked);
    }
    let met: Vec<&str> = rows
        .iter()
        .map(|r| {
            let s = r.reference.unwrap_or(REFERENCE_LIMIT.as_secs_f64());
            if s / r.ours.as_secs_f64() >= 20.0 { "met" } else { "not met" }
        })
        .collect();
    println!("target ≥ 20x SymPy, by row: {}", met.join(", "));
    let differing: Vec<&str> = rows.iter().filter(|r| r.identical == Some(false)).map(|r| r.case.as_str()).collect();
    assert!(differing.is_empty(), "answers differ from SymPy's on: {differing:?}");
}
