//! Permutation groups through the runtime against SymPy, in the same run, on the same inputs.
//!
//! `cargo bench --bench discrete_groups` prints one table: the order of a permutation group of
//! degree 100 given by 3 generators (`group.permutation.order`, on GAP, against SymPy's
//! `PermutationGroup.order()`, whose Schreier–Sims is randomized), the same order replayed by
//! `jacobian.check.permutation_group` (VERIFY: our own Schreier–Sims, randomized then completed
//! deterministically), and the conjugacy classes of S₈ (`group.permutation.subgroups` against
//! SymPy's `conjugacy_classes()`, compared as the multiset of class sizes). Each row gives both
//! times (the median of several runs), SymPy's over ours, and whether the answers are identical;
//! a differing answer fails the bench after the table is printed.
//!
//! SymPy (`.venv`, scripts/provision-python) runs in a child process per row; its time is its
//! own loop's, without start-up. A row SymPy has not finished after 60 s is stopped and shown
//! as "> 60 s". Without `--bench` (as `cargo test --benches` runs it) one run of each row is made
//! with the same assertions.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use jacobian::runtime::objects::ObjectRegistry;
use jacobian::runtime::{AssuranceLevel, CapabilityRequest, Mode};
use serde_json::{Value, json};

/// How long SymPy may take over one row.
const REFERENCE_LIMIT: Duration = Duration::from_secs(60);

struct Rng(u64);

impl Rng {
    fn below(&mut self, k: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % k as u64) as usize
    }
}

/// SymPy's answer and time for `code`, which reads `gens` and prints `json.dumps([seconds, answer])`.
fn sympy(code: &str, gens: &Value) -> Option<(f64, Value)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let program = format!(
        "import json, sys, time\nfrom sympy.combinatorics import Permutation, PermutationGroup\n\
         from sympy.combinatorics.named_groups import SymmetricGroup\ngens = json.loads(sys.argv[1])\n{code}\n"
    );
    let mut child = Command::new(root.join(".venv/bin/python"))
        .arg("-c")
        .arg(program)
        .arg(gens.to_string())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python");
    let start = Instant::now();
    while start.elapsed() < REFERENCE_LIMIT {
        if child.try_wait().expect("wait").is_some() {
            let mut out = String::new();
            child.stdout.take().expect("stdout").read_to_string(&mut out).expect("read");
            let v: Value = serde_json::from_str(out.trim()).expect("SymPy's answer");
            return Some((v[0].as_f64().expect("seconds"), v[1].clone()));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let reps = if full { 7 } else { 1 };
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let objects = ObjectRegistry::bundled();
    let jac = rt
        .block_on(
            jacobian::Jacobian::builder()
                .adapters(jacobian_adapters::bundled(&objects))
                .bundled_checkers(jacobian_checkers::bundled())
                .objects(objects)
                .warm_backends()
                .build(),
        )
        .expect("jacobian");
    let run = |id: &str, input: &Value, mode: Mode| {
        let start = Instant::now();
        let r = rt.block_on(jac.run(CapabilityRequest::new(id, input.clone()).mode(mode)));
        assert!(r.succeeded(), "{id}: {:?}", r.execution.diagnostics);
        (start.elapsed().as_secs_f64(), r)
    };
    // Warm the GAP pool.
    for _ in 0..3 {
        run("group.permutation.order", &json!({"generators": ["(1,2)", "(1,2,3)"]}), Mode::Explore);
    }
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let degree = 100;
    let gens: Vec<Vec<u32>> = (0..3)
        .map(|_| {
            let mut p: Vec<u32> = (1..=degree).collect();
            for i in (1..p.len()).rev() {
                p.swap(i, rng.below(i + 1));
            }
            p
        })
        .collect();
    let mut rows: Vec<(String, f64, Option<f64>, String)> = vec![];
    let mut failed = false;

    // Order of a degree-100 group from 3 random generators.
    let input = json!({"generators": gens});
    let explore: Vec<(f64, Value)> = (0..reps)
        .map(|_| {
            let (t, r) = run("group.permutation.order", &input, Mode::Explore);
            (t, r.output["order"].clone())
        })
        .collect();
    // The checker's replay may not finish within the check deadline (our Schreier–Sims on a
    // degree-100 group); the row then says so instead of failing the bench.
    let verify: Vec<(f64, Value, AssuranceLevel)> = (0..reps.min(2))
        .map(|_| {
            let start = Instant::now();
            let r = rt
                .block_on(jac.run(CapabilityRequest::new("group.permutation.order", input.clone()).mode(Mode::Verify)));
            (start.elapsed().as_secs_f64(), r.output["order"].clone(), r.assurance.level)
        })
        .collect();
    let ours = explore[0].1.clone();
    let reference = (0..reps)
        .map(|_| {
            sympy(
                "G = PermutationGroup([Permutation([x - 1 for x in g]) for g in gens])\nt = time.perf_counter()\n\
                 o = G.order()\nprint(json.dumps([time.perf_counter() - t, str(o)]))",
                &input["generators"],
            )
        })
        .collect::<Option<Vec<_>>>();
    let same = reference.as_ref().map(|r| r.iter().all(|(_, v)| *v == ours));
    let verified = verify.iter().all(|(_, v, l)| *v == ours && *l == AssuranceLevel::Verified);
    failed |= same == Some(false);
    let sympy_time = reference.as_ref().map(|r| median(r.iter().map(|x| x.0).collect()));
    rows.push((
        format!("order of a degree-{degree} group, 3 generators (|G| = {} digits)", ours.as_str().map_or(0, str::len)),
        median(explore.iter().map(|x| x.0).collect()),
        sympy_time,
        agreement(same),
    ));
    rows.push((
        "  the same, VERIFY (GAP + our Schreier–Sims replay)".into(),
        median(verify.iter().map(|x| x.0).collect()),
        sympy_time,
        if verified { "VERIFIED".into() } else { "not verified".into() },
    ));

    // Conjugacy classes of S_8.
    let s8 = json!({"generators": ["(1,2)", "(1,2,3,4,5,6,7,8)"], "operation": "conjugacy_classes"});
    let classes: Vec<(f64, Value)> = (0..reps)
        .map(|_| {
            let (t, r) = run("group.permutation.subgroups", &s8, Mode::Explore);
            let mut sizes: Vec<u64> = r.output["classes"]
                .as_array()
                .expect("classes")
                .iter()
                .map(|c| c["size"].as_str().expect("size").parse().expect("n"))
                .collect();
            sizes.sort_unstable();
            (t, json!(sizes))
        })
        .collect();
    let reference = (0..reps)
        .map(|_| {
            sympy(
                "G = SymmetricGroup(8)\nt = time.perf_counter()\nc = G.conjugacy_classes()\n\
                 print(json.dumps([time.perf_counter() - t, sorted(len(k) for k in c)]))",
                &json!([]),
            )
        })
        .collect::<Option<Vec<_>>>();
    let same = reference.as_ref().map(|r| r.iter().all(|(_, v)| *v == classes[0].1));
    failed |= same == Some(false) || classes[0].1.as_array().map(Vec::len) != Some(22);
    rows.push((
        "conjugacy classes of S_8 (22 classes)".into(),
        median(classes.iter().map(|x| x.0).collect()),
        reference.as_ref().map(|r| median(r.iter().map(|x| x.0).collect())),
        agreement(same),
    ));

    println!("{:<62} {:>12} {:>12} {:>10} {:>12}", "row", "ours", "SymPy", "SymPy/ours", "answers");
    for (name, ours, reference, same) in &rows {
        let (r, ratio) = match reference {
            Some(r) => (format!("{:.4} s", r), format!("{:.1}×", r / ours)),
            None => ("> 60 s".into(), format!("> {:.0}×", 60.0 / ours)),
        };
        println!("{name:<62} {:>10.4} s {r:>12} {ratio:>10} {:>12}", ours, same);
    }
    assert!(!failed, "an answer differs from SymPy's or was not verified");
}

/// The answers column: equal to SymPy's, different, or not compared (SymPy did not finish).
fn agreement(same: Option<bool>) -> String {
    match same {
        Some(true) => "identical".into(),
        Some(false) => "DIFFERENT".into(),
        None => "—".into(),
    }
}
