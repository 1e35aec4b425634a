//! Number theory through the runtime against SymPy, in the same run, on the same inputs.
//!
//! `cargo bench --bench number_theory` prints one table: factoring 30-, 45- and 60-digit
//! semiprimes (`integer.factor` against `sympy.factorint`), proving 100-, 300- and 1000-digit
//! primes with a certificate (`integer.decide.prime` in VERIFY mode against `sympy.isprime`),
//! and 10,000 Euler totients of 18-digit numbers, 64 in flight (`integer.compute.properties`
//! against `sympy.totient` in a loop). Each row gives both times, SymPy's time over ours, whether
//! every answer is identical, and, for the proofs, the checker's replay time over the
//! producer's.
//!
//! SymPy (`.venv`, scripts/provision-python) runs in a child process per row, driven by
//! benches/reference/number_theory_reference.py; its time is its own loop's, without start-up.
//! A row SymPy has not finished after 60 s is stopped and shown as "> 60 s"; our answer is then
//! checked against the primes the semiprime was built from. Any answer that differs fails the
//! bench, after the table is printed.
//!
//! What is proved differs: our primality rows are proofs (PARI's `isprime`, then a `primecert`
//! ECPP certificate replayed by `jacobian.check.primality_certificate`, VERIFIED); SymPy's
//! `isprime` is BPSW, a probable-prime test for n ≥ 2^64, and SymPy has no test that produces
//! a certificate. The comparison is the closest SymPy offers, not like for like.
//!
//! Without `--bench` (as `cargo test --benches` runs it) a short form runs one row of each kind
//! on small inputs, with the same assertions.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
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
/// The deadline of each of our runs (the operator maximum): the 1000-digit proof takes minutes.
const WALL_MS: u64 = 600_000;
/// Totient runs in flight at once.
const IN_FLIGHT: usize = 64;

/// Semiprimes (n, p, q), generated once with PARI/GP 2.15.2 by
/// `semi(d) = my(h = d\2, p, q); until(#digits(p*q) == d, p = nextprime(10^(h-1) + random(9*10^(h-1)));
///  q = nextprime(10^(d-h-1) + random(9*10^(d-h-1)))); [p*q, p, q]` after `setrand(d)`, for d = 30, 45, 60.
const SEMIPRIMES: [(&str, &str, &str); 3] = [
    ("340581945810975744355932854599", "534849569834563", "636780816550573"),
    ("187337515406979014475143969772947469979802417", "2752888845912620747329", "68051245761386357650673"),
    (
        "337119803063335412216620021944686490005350941546167209488899",
        "486753992215275892922456809991",
        "692587648904660627152297066789",
    ),
];

/// Primes of 100, 300 and 1000 digits, generated once with PARI/GP 2.15.2 by
/// `pr(d) = my(p); until(#digits(p) == d, p = nextprime(10^(d-1) + random(9*10^(d-1)))); p`
/// after `setrand(d)`. `nextprime` only promises a BPSW probable prime: the bench proves them.
const P100: &str =
    "3150970908677976900203928043629830039836292255328685998863075776169679202326208185199248541965909403";
const P300: &str = concat!(
    "9161201892669461696618993357076029933116184462780936363235447118987804398218277437540598975152690435",
    "4791253160021660543441342016138820368158762527392454157537140802306616807139835669257212553317523737",
    "4413770149678077959190278652603305591815389404237184152096495065877952887280881521443096080054184963",
);
const P1000: &str = concat!(
    "6923970256069234406284171037085831494881434587556580258277497009735806026298164871466240708565359716",
    "1824709150129534524765115364469826135894614443909760141235281429586377940170575610663512990976830459",
    "3782394954406416169643372537777356658370415889741863365986179220417078220309190948676046496175729050",
    "0590958801116594138894990077951965208076264738274931634617578684977442728306901921546840622341960281",
    "6838992063041573057869358120339136406194961365540292821881318304360368097159413680813686593605593041",
    "2264363390339490695642942113767968069826197498244733477820419240832389374591805393751875299052056447",
    "5426286003579227346888500208497531225368963412819645416495072886851876858931103893297205974962834927",
    "7741233420854410385645542156249734142630503946211375389059601305766081816048033095453509801454307572",
    "4040514273625862802006228350577900976182153616723575928064675100640500791804603562986797008867135289",
    "3890359927951732455703474612741869595197232814859429158299993396487260880839627492163684150677745851",
);

/// The primality checker, timed: the runtime calls it exactly as it calls the bundled one
/// (same identity, so the same authority), and each replay's duration is logged.
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

/// xorshift64*: the same totient inputs on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// `count` numbers of exactly 18 digits.
fn eighteen_digit_numbers(count: usize) -> Vec<String> {
    let mut rng = Rng(0x7071_e4e7_0000_0018);
    (0..count).map(|_| (100_000_000_000_000_000 + rng.next() % 900_000_000_000_000_000).to_string()).collect()
}

/// What SymPy did with one row.
enum Reference {
    Finished { seconds: f64, answers: Vec<Value>, version: String, ground_types: String },
    Stopped,
}

/// Runs SymPy's `op` over `numbers` in a child process, stopped after [`REFERENCE_LIMIT`].
fn sympy(op: &str, numbers: &[String]) -> Reference {
    let python = concat!(env!("CARGO_MANIFEST_DIR"), "/.venv/bin/python");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/reference/number_theory_reference.py");
    let mut child = Command::new(python)
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the SymPy reference needs .venv (run scripts/provision-python)");
    let job = json!({"op": op, "n": numbers}).to_string();
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
    // The limit starts once SymPy is imported and the numbers read.
    match rx.recv_timeout(Duration::from_secs(30)) {
        Ok(Ok(line)) if line == "ready" => {}
        other => panic!("the SymPy reference did not start: {other:?}"),
    }
    let outcome = match rx.recv_timeout(REFERENCE_LIMIT) {
        Ok(Ok(line)) => {
            let out: Value = serde_json::from_str(&line).expect("the reference prints JSON");
            Reference::Finished {
                seconds: out["seconds"].as_f64().expect("seconds"),
                answers: out["answers"].as_array().expect("answers").clone(),
                version: out["sympy"].as_str().unwrap_or("?").to_owned(),
                ground_types: out["ground_types"].as_str().unwrap_or("?").to_owned(),
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

/// Whether every answer agreed.
#[derive(Clone, Copy, PartialEq)]
enum Agreement {
    Identical,
    /// SymPy was stopped; ours matched the known answer.
    ReferenceStopped,
    Differs,
}

struct Row {
    case: String,
    ours: Duration,
    reference: Option<f64>,
    agreement: Agreement,
    /// Checker replay time over the producer's.
    checker_fraction: Option<f64>,
}

fn compare(ours: &[Value], reference: &Reference, known: Option<&[Value]>) -> (Option<f64>, Agreement) {
    match reference {
        Reference::Finished { seconds, answers, .. } => {
            (Some(*seconds), if answers.as_slice() == ours { Agreement::Identical } else { Agreement::Differs })
        }
        Reference::Stopped => {
            (None, if known == Some(ours) { Agreement::ReferenceStopped } else { Agreement::Differs })
        }
    }
}

/// Two significant digits below 10, none above.
fn ratio(r: f64) -> String {
    let decimals = if r >= 10.0 { 0 } else { (1.0 - r.log10().floor()).max(1.0) as usize };
    format!("{r:.decimals$}x")
}

fn show(seconds: f64) -> String {
    if seconds < 1.0 { format!("{:.2} ms", seconds * 1e3) } else { format!("{seconds:.2} s") }
}

/// A factorization as the reference prints it: `[["p", "e"], ...]`, p increasing.
fn factors(output: &Value) -> Value {
    let list = output["factors"].as_array().expect("factors");
    Value::Array(
        list.iter()
            .map(|f| json!([f["prime"].as_str().expect("a decimal prime"), f["exponent"].to_string()]))
            .collect(),
    )
}

fn factoring(rt: &Runtime, jac: &jacobian::Jacobian, cases: &[(&str, &str, &str)], rows: &mut Vec<Row>) {
    for &(n, p, q) in cases {
        let t = Instant::now();
        let r = rt.block_on(jac.run(CapabilityRequest::new("integer.factor", json!({"n": n})).wall_ms(WALL_MS)));
        let ours = t.elapsed();
        assert!(r.succeeded(), "factor {n}: {:?}", r.execution.diagnostics);
        let answer = [factors(&r.output)];
        let known = [json!([[p, "1"], [q, "1"]])];
        let reference = sympy("factorint", &[n.to_owned()]);
        let (reference, agreement) = compare(&answer, &reference, Some(&known));
        let agreement = if answer != known { Agreement::Differs } else { agreement };
        let case = format!("factor a {}-digit semiprime", n.len());
        rows.push(Row { case, ours, reference, agreement, checker_fraction: None });
    }
}

fn proving(
    rt: &Runtime,
    jac: &jacobian::Jacobian,
    primes: &[&str],
    replays: &Mutex<Vec<Duration>>,
    rows: &mut Vec<Row>,
) {
    for &p in primes {
        replays.lock().expect("log").clear();
        let request =
            CapabilityRequest::new("integer.decide.prime", json!({"n": p})).mode(Mode::Verify).wall_ms(WALL_MS);
        let t = Instant::now();
        let r = rt.block_on(jac.run(request));
        let ours = t.elapsed();
        assert!(r.succeeded(), "prove {}-digit: {:?}", p.len(), r.execution.diagnostics);
        assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{:?}", r.assurance);
        let checked: Duration = replays.lock().expect("log").iter().sum();
        assert!(checked > Duration::ZERO, "the timed checker replayed the certificate");
        let fraction = checked.as_secs_f64() / (ours - checked).as_secs_f64();
        let answer = [r.output["prime"].clone()];
        let (reference, agreement) = compare(&answer, &sympy("isprime", &[p.to_owned()]), None);
        let case = format!("prove a {}-digit prime (VERIFY)", p.len());
        rows.push(Row { case, ours, reference, agreement, checker_fraction: Some(fraction) });
    }
}

fn totients(rt: &Runtime, jac: &jacobian::Jacobian, count: usize, rows: &mut Vec<Row>) {
    let numbers = Arc::new(eighteen_digit_numbers(count));
    let next = Arc::new(AtomicUsize::new(0));
    let t = Instant::now();
    let answers: Vec<(usize, Value)> = rt.block_on(async {
        let tasks: Vec<_> = (0..IN_FLIGHT)
            .map(|_| {
                let (jac, numbers, next) = (jac.clone(), Arc::clone(&numbers), Arc::clone(&next));
                tokio::spawn(async move {
                    let mut out = vec![];
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(n) = numbers.get(i) else { break out };
                        let input = json!({"n": n, "properties": ["euler_totient"]});
                        let r = jac.run(CapabilityRequest::new("integer.compute.properties", input)).await;
                        assert!(r.succeeded(), "totient of {n}: {:?}", r.execution.diagnostics);
                        out.push((i, r.output["properties"]["euler_totient"].clone()));
                    }
                })
            })
            .collect();
        let mut all = vec![];
        for task in tasks {
            all.extend(task.await.expect("a totient task"));
        }
        all
    });
    let ours = t.elapsed();
    let mut answer = vec![Value::Null; count];
    for (i, v) in answers {
        answer[i] = v;
    }
    let (reference, agreement) = compare(&answer, &sympy("totient", &numbers), None);
    let case = format!("{count} totients of 18-digit numbers ({IN_FLIGHT} in flight)");
    rows.push(Row { case, ours, reference, agreement, checker_fraction: None });
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let load_before = load_average();
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");

    // jacobian::builder(), with the primality checker timed.
    let replays = Arc::new(Mutex::new(vec![]));
    let primality = jacobian_checkers::primality::PrimalityCertificate;
    let checkers = jacobian_checkers::bundled().into_iter().map(|c| {
        if c.identity() == primality.identity() {
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
    let pari = jac.backends().iter().find(|b| b.backend.name() == "pari").and_then(|b| b.version.clone());
    // Warm every worker of the pool before anything is timed.
    for _ in 0..20 {
        assert!(rt.block_on(jac.run(CapabilityRequest::new("integer.decide.prime", json!({"n": 7})))).succeeded());
    }

    let mut rows = vec![];
    let started = Instant::now();
    if full {
        factoring(&rt, &jac, &SEMIPRIMES, &mut rows);
        proving(&rt, &jac, &[P100, P300, P1000], &replays, &mut rows);
        totients(&rt, &jac, 10_000, &mut rows);
    } else {
        factoring(&rt, &jac, &SEMIPRIMES[..1], &mut rows);
        proving(&rt, &jac, &[P100], &replays, &mut rows);
        totients(&rt, &jac, 200, &mut rows);
    }
    let took = started.elapsed();
    rt.block_on(jac.shutdown(Duration::from_secs(5)));

    let Reference::Finished { version, ground_types, .. } = sympy("isprime", &["7".to_owned()]) else {
        panic!("SymPy did not answer isprime(7)");
    };
    println!(
        "number theory against SymPy {version} (ground types {ground_types}), PARI/GP {}{}; {cores} cores, load \
         average {load_before} before, {} after; {:.0} s in all",
        pari.as_deref().unwrap_or("?"),
        if full { "" } else { " (short form: run with --bench for the full set)" },
        load_average(),
        took.as_secs_f64(),
    );
    println!(
        "{:<50} {:>11} {:>11} {:>15} {:>10} {:>17}",
        "case", "Jacobian", "SymPy", "SymPy/Jacobian", "identical", "checker/producer"
    );
    for row in &rows {
        let ours = row.ours.as_secs_f64();
        let (sympy, ratio) = match row.reference {
            Some(s) => (show(s), ratio(s / ours)),
            None => (
                format!("> {} s", REFERENCE_LIMIT.as_secs()),
                format!("> {}", ratio(REFERENCE_LIMIT.as_secs_f64() / ours)),
            ),
        };
        let identical = match row.agreement {
            Agreement::Identical => "yes",
            Agreement::ReferenceStopped => "n/a (1)",
            Agreement::Differs => "NO",
        };
        let fraction = row.checker_fraction.map_or("—".to_owned(), |f| format!("{:.1}%", f * 100.0));
        println!("{:<50} {:>11} {:>11} {:>15} {:>10} {:>17}", row.case, show(ours), sympy, ratio, identical, fraction);
    }
    if rows.iter().any(|r| r.agreement == Agreement::ReferenceStopped) {
        println!("(1) SymPy stopped at 60 s; our factors are the primes the semiprime was built from.");
    }
    println!(
        "Primality: ours is a proof (PARI isprime, then a primecert ECPP certificate replayed by our checker, \
         VERIFIED); sympy.isprime is BPSW, a probable-prime test, with no certificate. checker/producer: the \
         checker's replay over the rest of the VERIFY run (isprime + primecert + runtime)."
    );
    let met: Vec<&str> = rows
        .iter()
        .map(|r| match r.reference {
            Some(s) if s / r.ours.as_secs_f64() >= 10.0 => "met",
            Some(_) => "not met",
            None if REFERENCE_LIMIT.as_secs_f64() / r.ours.as_secs_f64() >= 10.0 => "met",
            None => "not met",
        })
        .collect();
    println!("target ≥ 10x SymPy, by row: {}", met.join(", "));
    let differing: Vec<&str> =
        rows.iter().filter(|r| r.agreement == Agreement::Differs).map(|r| r.case.as_str()).collect();
    assert!(differing.is_empty(), "answers differ from SymPy's (or the known factors) on: {differing:?}");
}
