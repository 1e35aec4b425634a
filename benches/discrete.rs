//! Counting numbers through the runtime against SymPy, in the same run, with the same answers.
//!
//! `cargo bench --bench discrete` prints one table: the partition numbers p(0), …, p(10^4)
//! (`combinatorics.compute.numbers` with `table`, against SymPy's `partition` for each n) and
//! the rows S(500, 0..500) and c(500, 0..500) of the Stirling numbers of both kinds (two calls
//! with `table`, against SymPy's `stirling` for each k). Each row gives both times (ours in
//! EXPLORE, through the whole runtime: validation, scheduling, canonical output and digest),
//! SymPy's over ours, and whether every entry is identical; any difference fails the bench
//! after the table is printed.
//!
//! SymPy (`.venv`) runs in a child process per row, driven by
//! benches/reference/discrete_reference.py, and times the operation alone. A row SymPy has not
//! finished after 60 s is stopped and shown as "> 60 s". Without `--bench` a short form runs
//! smaller sizes (p up to 2000, Stirling row 150).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use jacobian::runtime::CapabilityRequest;
use serde_json::{Value, json};
use tokio::runtime::Runtime;

const REFERENCE_LIMIT: Duration = Duration::from_secs(60);
const WALL_MS: u64 = 600_000;

/// SymPy's answer, time and version, or None when stopped at the limit.
fn sympy(op: &str, n: u64) -> Option<(f64, Value, String)> {
    let python = concat!(env!("CARGO_MANIFEST_DIR"), "/.venv/bin/python");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/reference/discrete_reference.py");
    let mut child = Command::new(python)
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the SymPy reference needs .venv (run scripts/provision-python)");
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(json!({"op": op, "n": n}).to_string().as_bytes()).expect("write the job");
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
            Some((out["seconds"].as_f64().expect("seconds"), out["answer"].clone(), out["sympy"].to_string()))
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

/// The table of `input` through the runtime, and the time of the run.
fn ours(rt: &Runtime, jac: &jacobian::Jacobian, input: Value) -> (Value, Duration) {
    let t = Instant::now();
    let r =
        rt.block_on(jac.run(CapabilityRequest::new("combinatorics.compute.numbers", input.clone()).wall_ms(WALL_MS)));
    let elapsed = t.elapsed();
    assert!(r.succeeded(), "{input}: {:?}", r.execution.diagnostics);
    (r.output["table"].clone(), elapsed)
}

fn show(seconds: f64) -> String {
    if seconds < 1.0 { format!("{:.2} ms", seconds * 1e3) } else { format!("{seconds:.2} s") }
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (pn, sn) = if full { (10_000u64, 500u64) } else { (2_000, 150) };
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let jac = rt.block_on(jacobian::builder().build()).expect("jacobian");
    for _ in 0..10 {
        ours(&rt, &jac, json!({"family": "partitions", "n": 50, "table": true}));
    }
    let mut rows: Vec<(String, Duration, Option<f64>, Option<bool>)> = vec![];
    let mut version = String::from("?");

    let (p, t) = ours(&rt, &jac, json!({"family": "partitions", "n": pn, "table": true}));
    let reference = sympy("partitions", pn);
    if let Some((_, _, v)) = &reference {
        version = v.clone();
    }
    rows.push((format!("p(0..={pn})"), t, reference.as_ref().map(|r| r.0), reference.map(|r| r.1 == p)));

    let t = Instant::now();
    let (second, _) = ours(&rt, &jac, json!({"family": "stirling_second", "n": sn, "table": true}));
    let (first, _) = ours(&rt, &jac, json!({"family": "stirling_first", "n": sn, "table": true}));
    let both = t.elapsed();
    let reference = sympy("stirling", sn);
    let same = reference.as_ref().map(|r| r.1["second"] == second && r.1["first"] == first);
    rows.push((format!("S({sn}, 0..={sn}) and c({sn}, 0..={sn})"), both, reference.map(|r| r.0), same));

    println!("discrete: Jacobian (EXPLORE, through the runtime) against SymPy {version}, same run, same answers");
    println!("{:<36} {:>12} {:>12} {:>10} {:>10}", "case", "Jacobian", "SymPy", "SymPy/us", "identical");
    let mut failed = false;
    for (case, ours, reference, identical) in &rows {
        let (theirs, ratio) = match reference {
            Some(s) => (show(*s), format!("{:.1}×", s / ours.as_secs_f64())),
            None => ("> 60 s".to_owned(), format!("> {:.0}×", 60.0 / ours.as_secs_f64())),
        };
        let same = match identical {
            Some(true) => "yes",
            Some(false) => {
                failed = true;
                "NO"
            }
            None => "n/a",
        };
        println!("{case:<36} {:>12} {theirs:>12} {ratio:>10} {same:>10}", show(ours.as_secs_f64()));
    }
    assert!(!failed, "an answer differs from SymPy's");
}
