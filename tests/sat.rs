//! SAT and SMT with certificates, end to end: sat.solve against a second solver (varisat) on
//! random 3-SAT at the threshold, every refutation replayed by our LRAT checker (VERIFIED) and by
//! drat-trim's lrat-check; pigeonhole formulas; corrupted proofs through certificate.verify;
//! models through witness.verify; graph colouring composed with SAT; smt.check with replayed
//! models; deadlines and bad input.

use std::path::Path;
use std::process::Command;

use jacobian::TenantId;
use jacobian::runtime::{ArtifactUri, AssuranceLevel, CapabilityRequest, CapabilityResult, ExecutionStatus, Mode};
use serde_json::{Value, json};

use crate::rng::Rng;

fn request(id: &str, input: Value) -> CapabilityRequest {
    CapabilityRequest::new(id, input)
}

/// Random 3-SAT: `m` clauses of three distinct variables of `1..=n`, random signs.
fn random_3sat(rng: &mut Rng, n: u32, m: usize) -> Vec<Vec<i32>> {
    (0..m)
        .map(|_| {
            let mut vars: Vec<i32> = Vec::with_capacity(3);
            while vars.len() < 3 {
                let v = rng.below(u64::from(n)) as i32 + 1;
                if !vars.contains(&v) {
                    vars.push(v);
                }
            }
            vars.into_iter().map(|v| if rng.below(2) == 0 { v } else { -v }).collect()
        })
        .collect()
}

/// The pigeonhole formula PHP(holes + 1, holes), as variables and clauses.
fn pigeonhole(holes: u32) -> (u32, Vec<Vec<i32>>) {
    let php = jacobian::runtime::objects::cnf::Cnf::pigeonhole(holes);
    (php.variables, php.clauses)
}

/// The second solver's answer.
fn varisat_satisfiable(clauses: &[Vec<i32>]) -> bool {
    use varisat::ExtendFormula;
    let mut solver = varisat::Solver::new();
    for clause in clauses {
        let lits: Vec<varisat::Lit> = clause.iter().map(|&l| varisat::Lit::from_dimacs(l as isize)).collect();
        solver.add_clause(&lits);
    }
    solver.solve().unwrap()
}

fn uri(r: &CapabilityResult, field: &str) -> ArtifactUri {
    ArtifactUri::parse(r.output[field].as_str().unwrap_or_else(|| panic!("no {field} in {}", r.output))).unwrap()
}

fn bytes(jac: &jacobian::Jacobian, uri: &ArtifactUri) -> Vec<u8> {
    jac.artifact(&TenantId::local(), uri).unwrap().bytes.to_vec()
}

/// drat-trim's own LRAT checker (Debian package `drat-trim`) on a formula and a proof.
fn lrat_check(dir: &Path, dimacs: &[u8], proof: &[u8]) -> bool {
    let (cnf, lrat) = (dir.join("f.cnf"), dir.join("f.lrat"));
    std::fs::write(&cnf, dimacs).unwrap();
    std::fs::write(&lrat, proof).unwrap();
    let out =
        Command::new("lrat-check").arg(&cnf).arg(&lrat).output().unwrap_or_else(|e| {
            panic!("lrat-check (Debian package drat-trim; .ci/run installs it) could not run: {e}")
        });
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines().any(|l| l.trim() == "c VERIFIED") && !text.contains("FAILED")
}

#[tokio::test]
async fn random_3sat_at_the_threshold_agrees_with_varisat_and_every_answer_is_verified() {
    let jac = jacobian::builder().build().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let (mut sat, mut unsat) = (0, 0);
    for n in [50u32, 75, 100, 125, 150] {
        let m = (f64::from(n) * 4.26).round() as usize;
        for _ in 0..4 {
            let clauses = random_3sat(&mut rng, n, m);
            let expected = varisat_satisfiable(&clauses);
            let r = jac
                .run(request("sat.solve", json!({"cnf": {"variables": n, "clauses": clauses}})).mode(Mode::Verify))
                .await;
            assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
            assert_eq!(r.output["status"], if expected { "SAT" } else { "UNSAT" }, "n={n}: CaDiCaL and varisat differ");
            assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{:?}", r.execution.diagnostics);
            let checker = &r.assurance.checker.as_ref().unwrap().id;
            if expected {
                sat += 1;
                assert_eq!(checker, "jacobian.check.sat_model");
            } else {
                unsat += 1;
                assert_eq!(checker, "jacobian.check.lrat");
                let (cnf, proof) = (bytes(&jac, &uri(&r, "cnf_uri")), bytes(&jac, &uri(&r, "proof_uri")));
                assert!(lrat_check(dir.path(), &cnf, &proof), "lrat-check rejects the proof for n={n}");
            }
        }
    }
    // The threshold gives both answers; a run of one kind only would test half the path.
    assert!(sat >= 3 && unsat >= 3, "{sat} SAT and {unsat} UNSAT");
}

#[tokio::test]
async fn pigeonhole_formulas_are_verified_unsat_and_the_record_binds_formula_proof_and_checker() {
    let jac = jacobian::builder().build().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    for holes in 2..=7 {
        let (variables, clauses) = pigeonhole(holes);
        let r = jac
            .run(request("sat.solve", json!({"cnf": {"variables": variables, "clauses": clauses}})).mode(Mode::Verify))
            .await;
        assert_eq!(r.output["status"], "UNSAT", "{:?}", r.execution.diagnostics);
        assert_eq!(r.assurance.level, AssuranceLevel::Verified, "PHP({}, {holes})", holes + 1);
        let (cnf_uri, proof_uri) = (uri(&r, "cnf_uri"), uri(&r, "proof_uri"));
        assert!(lrat_check(dir.path(), &bytes(&jac, &cnf_uri), &bytes(&jac, &proof_uri)));

        // The verification record names the formula and proof (by digest), the format and the checker.
        let record_uri = ArtifactUri::parse(r.assurance.verification_record.as_ref().unwrap()).unwrap();
        let record: Value = serde_json::from_slice(&bytes(&jac, &record_uri)).unwrap();
        let record = record.get("record").unwrap_or(&record);
        assert_eq!(record["checker"]["id"], "jacobian.check.lrat");
        assert_eq!(record["binding"]["certificate_format"], "LRAT_TEXT_V1");
        let listed: Vec<&str> =
            record["evidence_artifacts"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        assert!(listed.contains(&cnf_uri.to_string().as_str()) && listed.contains(&proof_uri.to_string().as_str()));

        // The same proof through certificate.verify, by reference.
        let again = jac
            .run(
                request("certificate.verify", json!({"cnf_uri": cnf_uri.to_string(), "proof_uri": proof_uri.to_string(), "format": "LRAT_TEXT_V1"}))
                    .mode(Mode::Verify),
            )
            .await;
        assert_eq!(again.assurance.level, AssuranceLevel::Verified, "{:?}", again.execution.diagnostics);
    }
}

#[tokio::test]
async fn corrupted_refutations_are_never_verified() {
    let jac = jacobian::builder().build().await.unwrap();
    let (variables, clauses) = pigeonhole(5);
    let solved = jac
        .run(
            request("sat.solve", json!({"cnf": {"variables": variables, "clauses": clauses.clone()}}))
                .mode(Mode::Verify),
        )
        .await;
    assert_eq!(solved.assurance.level, AssuranceLevel::Verified);
    let proof = String::from_utf8(bytes(&jac, &uri(&solved, "proof_uri"))).unwrap();
    let lines: Vec<&str> = proof.lines().collect();
    let additions: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].split_whitespace().nth(1) != Some("d")).collect();
    assert!(additions.len() > 3, "{proof}");

    let check = |cnf: Value, proof: String| {
        let jac = &jac;
        async move {
            jac.run(
                request("certificate.verify", json!({"cnf": cnf, "proof": proof, "format": "LRAT_TEXT_V1"}))
                    .mode(Mode::Verify),
            )
            .await
        }
    };
    let formula = json!({"variables": variables, "clauses": clauses});
    // The intact proof, inline, is accepted: the mutations below fail for what they change.
    assert_eq!(check(formula.clone(), proof.clone()).await.assurance.level, AssuranceLevel::Verified);

    let with_line = |i: usize, line: String| {
        let mut l: Vec<String> = lines.iter().map(|s| (*s).to_owned()).collect();
        l[i] = line;
        l.join("\n") + "\n"
    };
    let mut mutants: Vec<(String, String)> = Vec::new();
    for &i in additions.iter().take(6) {
        let fields: Vec<&str> = lines[i].split_whitespace().collect();
        let zero = fields.iter().skip(1).position(|f| *f == "0").unwrap() + 1;
        // A flipped literal in the added clause.
        if zero > 1 {
            let mut f: Vec<String> = fields.iter().map(|s| (*s).to_owned()).collect();
            let lit: i64 = f[1].parse().unwrap();
            f[1] = (-lit).to_string();
            mutants.push((format!("flipped literal, line {}", i + 1), with_line(i, f.join(" "))));
        }
        // A dropped hint.
        if fields.len() > zero + 2 {
            let mut f: Vec<&str> = fields.clone();
            f.remove(zero + 1);
            mutants.push((format!("dropped hint, line {}", i + 1), with_line(i, f.join(" "))));
        }
        // A wrong hint: an input clause that cannot propagate here (the last pigeon's clause).
        if fields.len() > zero + 2 {
            let mut f: Vec<String> = fields.iter().map(|s| (*s).to_owned()).collect();
            f[zero + 1] = "1".into();
            if f != fields {
                mutants.push((format!("wrong hint, line {}", i + 1), with_line(i, f.join(" "))));
            }
        }
    }
    // Truncated: everything from the empty clause on is gone.
    let empty = additions.iter().copied().find(|&i| lines[i].split_whitespace().nth(1) == Some("0")).unwrap();
    mutants.push(("truncated".into(), lines[..empty].join("\n") + "\n"));
    mutants.push(("empty proof".into(), String::new()));
    mutants.push(("garbage".into(), "this is not a proof\n".into()));
    for (what, mutant) in mutants {
        let r = check(formula.clone(), mutant).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{what}: {:?}", r.execution.diagnostics);
        assert_ne!(r.assurance.level, AssuranceLevel::Verified, "{what} was verified");
    }
    // The proof of PHP(6, 5) for PHP(7, 6), and for the formula missing one clause.
    let (v7, c7) = pigeonhole(6);
    let other = check(json!({"variables": v7, "clauses": c7}), proof.clone()).await;
    assert_ne!(other.assurance.level, AssuranceLevel::Verified);
    let mut fewer = clauses.clone();
    fewer.remove(0);
    let fewer = check(json!({"variables": variables, "clauses": fewer}), proof).await;
    assert_ne!(fewer.assurance.level, AssuranceLevel::Verified);
}

#[tokio::test]
async fn models_are_verified_through_witness_verify_and_wrong_models_are_not() {
    let jac = jacobian::builder().build().await.unwrap();
    let put = jac
        .run(request(
            "artifact.put",
            json!({"object_type": "cnf", "object": {"variables": 3, "clauses": [[1, 2], [-1, 3], [-3, -2]]}}),
        ))
        .await;
    assert_eq!(put.status(), ExecutionStatus::Succeeded, "{:?}", put.execution.diagnostics);
    let claim = json!({"semantics": "cnf_satisfiable", "cnf_uri": put.output["uri"]});
    let validated = jac.run(request("claim.validate", json!({"claim": claim}))).await;
    assert_eq!(validated.status(), ExecutionStatus::Succeeded, "{:?}", validated.execution.diagnostics);

    let found = jac.run(request("witness.find", json!({"claim": claim}))).await;
    assert_eq!(found.output["found"], true, "{:?}", found.execution.diagnostics);
    let verify =
        |witness: Value| request("witness.verify", json!({"claim": claim, "witness": witness})).mode(Mode::Verify);
    let verified = jac.run(verify(found.output["witness"].clone())).await;
    assert_eq!(verified.assurance.level, AssuranceLevel::Verified, "{:?}", verified.execution.diagnostics);
    assert_eq!(verified.assurance.checker.as_ref().unwrap().id, "jacobian.check.sat_model");

    // Every assignment: verified exactly when it satisfies every clause (brute force).
    for bits in 0..8u32 {
        let model: Vec<i32> = (0..3).map(|i| if bits >> i & 1 == 1 { i + 1 } else { -(i + 1) }).collect();
        let (x1, x2, x3) = (model[0] > 0, model[1] > 0, model[2] > 0);
        let satisfies = (x1 || x2) && (!x1 || x3) && (!x3 || !x2);
        let r = jac.run(verify(json!({"model": model}))).await;
        assert_eq!(r.assurance.level == AssuranceLevel::Verified, satisfies, "{model:?}");
    }
    let short = jac.run(verify(json!({"model": [1, -2]}))).await;
    assert_ne!(short.assurance.level, AssuranceLevel::Verified);

    // An unsatisfiable formula: none found, and that rests on CaDiCaL until proved.
    let put = jac
        .run(request("artifact.put", json!({"object_type": "cnf", "object": {"variables": 1, "clauses": [[1], [-1]]}})))
        .await;
    let claim = json!({"semantics": "cnf_satisfiable", "cnf_uri": put.output["uri"]});
    let none = jac.run(request("witness.find", json!({"claim": claim}))).await;
    assert_eq!(none.output["found"], false, "{:?}", none.execution.diagnostics);
    assert!(none.obligations.iter().any(|o| o.kind == "CHECK_REFUTATION"));
}

/// Decodes a model of the k-colouring encoding into a colouring.
fn colouring(model: &[Value], order: usize, k: usize) -> Vec<usize> {
    (0..order)
        .map(|v| {
            let colours: Vec<usize> = (0..k).filter(|&c| model[v * k + c].as_i64().unwrap() > 0).collect();
            assert_eq!(colours.len(), 1, "vertex {v} has colours {colours:?}");
            colours[0]
        })
        .collect()
}

#[tokio::test]
async fn graph_colouring_composes_with_sat() {
    let jac = jacobian::builder().build().await.unwrap();
    // The Petersen graph: chromatic number 3.
    let edges = json!([
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [0, 4],
        [0, 5],
        [1, 6],
        [2, 7],
        [3, 8],
        [4, 9],
        [5, 7],
        [7, 9],
        [6, 9],
        [6, 8],
        [5, 8]
    ]);
    let petersen = json!({"order": 10, "edges": edges});
    for (k, colourable) in [(2, false), (3, true)] {
        let encoded = jac.run(request("graph.coloring.encode_k_cnf", json!({"graph": petersen, "k": k}))).await;
        assert_eq!(encoded.status(), ExecutionStatus::Succeeded, "{:?}", encoded.execution.diagnostics);
        assert!(encoded.relationships.iter().any(|r| r.relation == "variable_map_of"));
        let map: Value = serde_json::from_slice(&bytes(&jac, &uri(&encoded, "variable_map_uri"))).unwrap();
        assert_eq!(map["colours"], k);
        let solved =
            jac.run(request("sat.solve", json!({"cnf_uri": encoded.output["cnf_uri"]})).mode(Mode::Verify)).await;
        assert_eq!(solved.assurance.level, AssuranceLevel::Verified, "{:?}", solved.execution.diagnostics);
        assert_eq!(solved.output["cnf_uri"], encoded.output["cnf_uri"], "the stored formula is reused as is");
        assert_eq!(solved.output["status"], if colourable { "SAT" } else { "UNSAT" });
        if colourable {
            let c = colouring(solved.output["model"].as_array().unwrap(), 10, k);
            for e in edges.as_array().unwrap() {
                let (u, v) = (e[0].as_u64().unwrap() as usize, e[1].as_u64().unwrap() as usize);
                assert_ne!(c[u], c[v], "edge {u}-{v}");
            }
        }
    }
}

#[tokio::test]
async fn sat_deadlines_and_cancellation_are_no_answer() {
    let jac = jacobian::builder().build().await.unwrap();
    // PHP(13, 12) takes CaDiCaL far longer than the budget.
    let (variables, clauses) = pigeonhole(12);
    let started = std::time::Instant::now();
    let r =
        jac.run(request("sat.solve", json!({"cnf": {"variables": variables, "clauses": clauses}})).wall_ms(200)).await;
    assert_eq!(r.status(), ExecutionStatus::TimedOut, "{:?}", r.execution.diagnostics);
    assert!(r.output.get("status").is_none(), "{}", r.output);
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "the solver was not stopped");

    // Cancelled mid-solve: CANCELLED at once, no answer.
    let cancel = jacobian::runtime::CancellationToken::new();
    let options = jacobian::RunOptions { cancel: Some(cancel.clone()), ..jacobian::RunOptions::default() };
    let (variables, clauses) = pigeonhole(12);
    let solve = request("sat.solve", json!({"cnf": {"variables": variables, "clauses": clauses}})).wall_ms(60_000);
    let run = tokio::spawn({
        let jac = jac.clone();
        async move { jac.run_with(solve, options).await }
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let t = std::time::Instant::now();
    cancel.cancel();
    let r = run.await.unwrap();
    assert_eq!(r.status(), ExecutionStatus::Cancelled, "{:?}", r.execution.diagnostics);
    assert!(r.output.get("status").is_none(), "{}", r.output);
    assert!(t.elapsed() < std::time::Duration::from_secs(2));
}

#[tokio::test]
async fn bad_formulas_are_refused_with_their_place_and_nothing_is_written() {
    let home = tempfile::tempdir().unwrap();
    let jac = jacobian::builder().home(home.path()).build().await.unwrap();
    let files = || walk(home.path());
    let before = files();
    let cases = [
        (json!({"dimacs": "p cnf 2 1\n1 3 0\n"}), "/input/dimacs"),
        (json!({"cnf": {"variables": 2, "clauses": [[1, 0]]}}), "/input/cnf/clauses/0/1"),
        (json!({"cnf": {"variables": 2, "clauses": [[1]]}, "dimacs": "p cnf 1 0\n"}), "/input/dimacs"),
        (json!({}), "/input/cnf"),
    ];
    for (input, path) in cases {
        let r = jac.run(request("sat.solve", input.clone())).await;
        assert_eq!(r.status(), ExecutionStatus::InvalidRequest, "{input}");
        let paths: Vec<_> = r.execution.diagnostics.iter().filter_map(|d| d.path.clone()).collect();
        assert!(paths.iter().any(|p| p == path), "{input}: {paths:?}");
    }
    let r = jac
        .run(
            request(
                "certificate.verify",
                json!({"cnf": {"variables": 1, "clauses": [[1]]}, "format": "DRAT", "proof": "0\n"}),
            )
            .mode(Mode::Verify),
        )
        .await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
    assert_eq!(files(), before, "a refused request wrote nothing");
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else if !path.to_string_lossy().contains("episodes") {
            out.push(path);
        }
    }
    out.sort();
    out
}

#[tokio::test]
async fn smt_models_are_replayed_without_z3() {
    let jac = jacobian::builder().build().await.unwrap();
    let scripts = [
        "(set-logic QF_LIA)(declare-const x Int)(declare-const y Int)\
         (assert (= (+ x y) 10))(assert (= (- x y) 4))(assert (> (* 3 x) (div y (- 2))))",
        "(set-logic QF_LIA)(declare-fun a () Int)(define-fun twice ((v Int)) Int (* 2 v))\
         (assert (let ((b (twice a))) (and (< b (- 7)) (= (mod b 3) 1))))",
        "(set-logic QF_BV)(declare-const a (_ BitVec 8))(declare-const b (_ BitVec 8))\
         (assert (bvult (bvadd a #x10) a))(assert (= (bvmul a b) #x2a))(assert (bvslt b #x00))",
        "(set-logic QF_BV)(declare-const w (_ BitVec 32))\
         (assert (= ((_ extract 7 0) (bvlshr w #x00000008)) #xab))(assert (bvsgt w #x00000000))",
    ];
    for script in scripts {
        let r = jac.run(request("smt.check", json!({"script": script})).mode(Mode::Verify)).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{script}: {:?}", r.execution.diagnostics);
        assert_eq!(r.output["status"], "sat", "{script}");
        assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{script}: {:?}", r.execution.diagnostics);
        assert_eq!(r.assurance.checker.as_ref().unwrap().id, "jacobian.check.smt_model_replay");
    }

    // Z3 reads `-2` as a numeral; in SMT-LIB it is an undeclared symbol, so the checker does not
    // vouch for the model of a script that is not SMT-LIB.
    let lenient = "(set-logic QF_LIA)(declare-const x Int)(assert (< x -2))";
    let r = jac.run(request("smt.check", json!({"script": lenient})).mode(Mode::Verify)).await;
    assert_eq!(r.output["status"], "sat", "{:?}", r.execution.diagnostics);
    assert_ne!(r.assurance.level, AssuranceLevel::Verified);

    // unsat: Z3's word, COMPUTED with an obligation.
    let r = jac
        .run(
            request(
                "smt.check",
                json!({"script": "(set-logic QF_LIA)(declare-const x Int)(assert (< x 0))(assert (> x 0))"}),
            )
            .mode(Mode::Verify),
        )
        .await;
    assert_eq!(r.output["status"], "unsat");
    assert_eq!(r.assurance.level, AssuranceLevel::Computed);
    assert!(r.obligations.iter().any(|o| o.kind == "CHECK_UNSAT"));

    // A logic outside the replayed fragments: a model, not verified, with the reason.
    let r = jac
        .run(
            request("smt.check", json!({"script": "(set-logic QF_LRA)(declare-const x Real)(assert (> (* 3 x) 1))"}))
                .mode(Mode::Verify),
        )
        .await;
    assert_eq!(r.output["status"], "sat");
    assert_ne!(r.assurance.level, AssuranceLevel::Verified);
    assert!(r.obligations.iter().any(|o| o.kind == "REPLAY_MODEL"));

    // Ill-sorted, or reaching for a file: refused or failed, never an answer.
    let r = jac.run(request("smt.check", json!({"script": "(declare-const x Int)(assert (+ x true))"}))).await;
    assert!(r.output.get("status").is_none(), "{}", r.output);
    assert_ne!(r.status(), ExecutionStatus::Succeeded);
    let r = jac.run(request("smt.check", json!({"script": "(include \"/etc/passwd\")(assert true)"}))).await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest);
    assert_eq!(r.execution.diagnostics[0].path.as_deref(), Some("/input/script"));

    // Z3 reads `#| ... |#` as a comment; a script hiding commands in one is refused, and Z3
    // never opens the file the hidden command names.
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("written-by-z3");
    let smuggled = format!(
        "(define-sort S () Int #|A|B|# ) (set-option :regular-output-channel \"{}\") (echo \"X\") \
         (define-sort |T| () Int #|E|F|# ) (assert true)",
        target.display()
    );
    let r = jac.run(request("smt.check", json!({"script": smuggled}))).await;
    assert_eq!(r.status(), ExecutionStatus::InvalidRequest, "{:?}", r.execution.diagnostics);
    assert!(!target.exists(), "Z3 wrote a file named by the script");
}

/// varisat's DRAT refutation of an unsatisfiable formula (a second solver, a second proof format).
fn varisat_drat(clauses: &[Vec<i32>]) -> String {
    use varisat::ExtendFormula;
    let mut proof = Vec::new();
    {
        let mut solver = varisat::Solver::new();
        solver.write_proof(&mut proof, varisat::ProofFormat::Drat);
        for clause in clauses {
            let lits: Vec<varisat::Lit> = clause.iter().map(|&l| varisat::Lit::from_dimacs(l as isize)).collect();
            solver.add_clause(&lits);
        }
        assert!(!solver.solve().unwrap(), "the formula is unsatisfiable");
        solver.close_proof().unwrap();
    }
    String::from_utf8(proof).unwrap()
}

#[tokio::test]
async fn drat_proofs_are_converted_by_drat_trim_and_verified_only_by_the_lrat_checker() {
    let jac = jacobian::builder().build().await.unwrap();
    let (variables, clauses) = pigeonhole(5);
    let drat = varisat_drat(&clauses);
    let formula = json!({"variables": variables, "clauses": clauses});
    let check = |cnf: Value, proof: String| {
        let jac = &jac;
        async move {
            jac.run(
                request("certificate.verify", json!({"cnf": cnf, "proof": proof, "format": "DRAT_V1"}))
                    .mode(Mode::Verify),
            )
            .await
        }
    };
    let r = check(formula.clone(), drat.clone()).await;
    assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{:?}", r.execution.diagnostics);
    assert_eq!(r.assurance.checker.as_ref().unwrap().id, "jacobian.check.lrat");
    assert_eq!(r.output["conversion"]["tool"], "drat-trim -L");
    assert!(r.relationships.iter().any(|rel| rel.relation == "converted_from"));
    assert_eq!(r.assurance.evidence.as_ref().unwrap().certificate_format, "LRAT_TEXT_V1");

    // A DRAT proof cut before its end, or for a different formula, never verifies.
    let lines: Vec<&str> = drat.lines().collect();
    let cut = lines[..lines.len() / 2].join("\n") + "\n";
    let (v6, c6) = pigeonhole(6);
    for (what, cnf, proof) in
        [("truncated", formula.clone(), cut), ("other formula", json!({"variables": v6, "clauses": c6}), drat)]
    {
        let r = check(cnf, proof).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{what}: {:?}", r.execution.diagnostics);
        assert_ne!(r.assurance.level, AssuranceLevel::Verified, "{what}");
        assert!(r.execution.diagnostics.iter().any(|d| d.code == "DRAT_NOT_CONVERTED"), "{what}");
    }
}

#[tokio::test]
async fn sat_and_smt_questions_find_their_capability_first() {
    let jac = jacobian::builder().build().await.unwrap();
    for (query, expected) in [
        ("is this CNF formula satisfiable", "sat.solve"),
        ("decide satisfiability of a boolean formula", "sat.solve"),
        ("check an LRAT proof of unsatisfiability", "certificate.verify"),
        ("check a DRAT proof", "certificate.verify"),
        ("verify a satisfying assignment", "witness.verify"),
        ("solve SMT-LIB script with Z3", "smt.check"),
        ("encode graph coloring as CNF", "graph.coloring.encode_k_cnf"),
    ] {
        let r = jac.find_value(&json!({"query": query})).unwrap();
        let ids: Vec<&str> = r.matches.iter().map(|m| m.capability_id.as_str()).collect();
        assert_eq!(ids.first().copied(), Some(expected), "{query:?} found {ids:?}");
    }
}
