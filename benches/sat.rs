//! SAT with certificates against its references: solving through `math.run` against CaDiCaL
//! called directly (the same library, options and proof), and our LRAT checker against
//! drat-trim's `lrat-check` on the same proofs.
//!
//! `cargo bench --bench sat`; `lrat-check` (Debian package drat-trim) and, for a reference
//! point, Debian's `cadical` binary are used when installed. Ratios are printed after
//! criterion's report.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use jacobian::runtime::{CapabilityRequest, Mode};
use jacobian_adapters::sat::{Answer, solve_cnf};
use jacobian_checkers::sat::{check_lrat, parse_dimacs};
use jacobian_runtime::objects::cnf::Cnf;
use serde_json::json;
use tokio::runtime::Runtime;

fn runtime() -> Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("tokio runtime")
}

/// xorshift64*: the same formulas on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn random_3sat(rng: &mut Rng, n: u32, m: usize) -> Cnf {
    let clauses = (0..m)
        .map(|_| {
            let mut vars: Vec<i32> = Vec::with_capacity(3);
            while vars.len() < 3 {
                let v = (rng.next() % u64::from(n)) as i32 + 1;
                if !vars.contains(&v) {
                    vars.push(v);
                }
            }
            vars.into_iter().map(|v| if rng.next() & 1 == 0 { v } else { -v }).collect()
        })
        .collect();
    Cnf::new(n, clauses).expect("valid formula")
}

/// Unsatisfiable instances: PHP(9, 8) and the first three UNSAT random 3-SAT formulas with 200
/// variables at ratio 4.26.
fn instances() -> Vec<(String, Cnf)> {
    let mut out = vec![("PHP(9, 8)".to_owned(), Cnf::pigeonhole(8))];
    let mut rng = Rng(0x5a7_0000_0000_0001);
    while out.len() < 4 {
        let cnf = random_3sat(&mut rng, 200, 852);
        if matches!(solve_cnf(&cnf, false, &|| false), Ok(Some(Answer::Unsat(_)))) {
            out.push((format!("random 3-SAT n=200 #{}", out.len()), cnf));
        }
    }
    out
}

fn best(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or(Duration::ZERO)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn proof_of(cnf: &Cnf) -> Vec<u8> {
    match solve_cnf(cnf, true, &|| false) {
        Ok(Some(Answer::Unsat(Some(proof)))) => proof,
        other => panic!("expected an UNSAT proof, got {other:?}"),
    }
}

fn tool(name: &str) -> bool {
    Command::new("sh").args(["-c", &format!("command -v {name}")]).output().is_ok_and(|o| o.status.success())
}

fn run_tool(program: &str, args: &[&Path]) -> (Duration, String) {
    let t = Instant::now();
    let out = Command::new(program).args(args).output().expect("run tool");
    (t.elapsed(), String::from_utf8_lossy(&out.stdout).into_owned())
}

fn solving(c: &mut Criterion) {
    let rt = runtime();
    let jac = rt.block_on(jacobian::builder().build()).expect("jacobian");
    let dir = tempfile::tempdir().expect("temp dir");
    let cases = instances();

    let (name, cnf) = &cases[1];
    let request = CapabilityRequest::new("sat.solve", json!({"cnf": cnf})).wall_ms(600_000);
    let mut group = c.benchmark_group("sat_solve");
    group.bench_function("cadical_direct_with_lrat", |b| b.iter(|| proof_of(cnf)));
    group.bench_function("math_run_explore", |b| b.iter(|| rt.block_on(jac.run(request.clone()))));
    group.bench_function("math_run_verify", |b| b.iter(|| rt.block_on(jac.run(request.clone().mode(Mode::Verify)))));
    group.finish();
    println!("criterion group sat_solve ran on {name}");

    let cadical = tool("cadical");
    for (name, cnf) in &cases {
        let direct = best(5, || drop(proof_of(cnf)));
        let request = CapabilityRequest::new("sat.solve", json!({"cnf": cnf})).wall_ms(600_000);
        let explore = best(5, || {
            let r = rt.block_on(jac.run(request.clone()));
            assert_eq!(r.output["status"], "UNSAT", "{:?}", r.execution.diagnostics);
        });
        let verify = best(5, || {
            let r = rt.block_on(jac.run(request.clone().mode(Mode::Verify)));
            assert_eq!(r.assurance.level, jacobian::runtime::AssuranceLevel::Verified);
        });
        let mut line = format!(
            "{name} ({} vars, {} clauses): CaDiCaL 2.2.1 direct with LRAT {:.1} ms; math.run sat.solve {:.1} ms \
             ({:+.1}%); VERIFY (solve, store, LRAT check) {:.1} ms",
            cnf.variables,
            cnf.clauses.len(),
            ms(direct),
            ms(explore),
            100.0 * (ms(explore) / ms(direct) - 1.0),
            ms(verify),
        );
        if cadical {
            let path = dir.path().join("f.cnf");
            std::fs::write(&path, cnf.to_dimacs()).expect("write formula");
            let alone = best(5, || drop(run_tool("cadical", &[Path::new("-q"), &path])));
            line.push_str(&format!("; Debian cadical 1.5.3 binary alone, no proof: {:.1} ms", ms(alone)));
        }
        println!("{line}");
    }
    rt.block_on(jac.shutdown(Duration::from_secs(1)));
}

fn lrat_checking(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases: Vec<(String, Cnf, Vec<u8>)> = instances()
        .into_iter()
        .map(|(name, cnf)| {
            let proof = proof_of(&cnf);
            (name, cnf, proof)
        })
        .collect();
    let (_, cnf, proof) = &cases[1];
    let dimacs = cnf.to_dimacs();
    let mut group = c.benchmark_group("lrat_check");
    group.bench_function("jacobian_check_lrat", |b| {
        b.iter(|| {
            let parsed = parse_dimacs(dimacs.as_bytes()).expect("dimacs");
            check_lrat(&parsed, proof, &|| false).expect("accepted")
        })
    });
    group.finish();

    let reference = tool("lrat-check");
    for (name, cnf, proof) in &cases {
        let dimacs = cnf.to_dimacs();
        let ours = best(10, || {
            let parsed = parse_dimacs(dimacs.as_bytes()).expect("dimacs");
            check_lrat(&parsed, proof, &|| false).expect("accepted");
        });
        let steps = proof.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count();
        let mut line = format!(
            "{name}: LRAT proof {:.1} MB, {steps} lines; jacobian.check.lrat (parse both, replay) {:.2} ms",
            proof.len() as f64 / 1e6,
            ms(ours)
        );
        if reference {
            let (cnf_path, proof_path) = (dir.path().join("f.cnf"), dir.path().join("f.lrat"));
            std::fs::write(&cnf_path, &dimacs).expect("write formula");
            std::fs::write(&proof_path, proof).expect("write proof");
            let (_, out) = run_tool("lrat-check", &[&cnf_path, &proof_path]);
            assert!(out.lines().any(|l| l.trim() == "c VERIFIED"), "lrat-check: {out}");
            let theirs = best(10, || drop(run_tool("lrat-check", &[&cnf_path, &proof_path])));
            line.push_str(&format!(
                "; drat-trim's lrat-check (process, files) {:.2} ms; ratio {:.2}x",
                ms(theirs),
                ms(theirs) / ms(ours)
            ));
        } else {
            line.push_str("; lrat-check not installed (Debian package drat-trim)");
        }
        println!("{line}");
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(5));
    targets = solving, lrat_checking
}
criterion_main!(benches);
