//! The linear-algebra pack against its references: every capability's answers on the cases of
//! tests/reference/linear_algebra_cases.py equal SymPy's or brute force's, VERIFY-capable
//! capabilities reach VERIFIED through the matrix checker, the homology of standard complexes is
//! exact, bad input is refused at the pointer of its field with nothing written, and each
//! capability is found first by a question in its own words.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use jacobian::runtime::contract::{AssuranceLevel, Mode};
use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
use serde_json::{Value, json};

/// The capability ids of the pack.
fn pack() -> Vec<String> {
    jacobian_adapters::linear_algebra::adapters().iter().map(|a| a.descriptor().id.to_string()).collect()
}

fn cases() -> Vec<Value> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join(".venv/bin/python");
    assert!(python.exists(), "{} is missing: run scripts/provision-python", python.display());
    let out = Command::new(&python).arg(root.join("tests/reference/linear_algebra_cases.py")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// Whether `got` has every key of `expected` with an equal value, recursively.
fn contains(got: &Value, expected: &Value) -> bool {
    match (got, expected) {
        (Value::Object(g), Value::Object(e)) => e.iter().all(|(k, v)| g.get(k).is_some_and(|gv| contains(gv, v))),
        _ => got == expected,
    }
}

/// `p/q` or `p` as a float, for the interval checks.
fn float(s: &str) -> f64 {
    match s.split_once('/') {
        Some((p, q)) => p.parse::<f64>().unwrap() / q.parse::<f64>().unwrap(),
        None => s.parse().unwrap(),
    }
}

/// The eigenvalue classes against SymPy's factors: minimal polynomials, multiplicities, the
/// number of real roots, and each interval holding a sign change of its polynomial.
fn check_eigen(output: &Value, expected: &Value) {
    let classes = output["classes"].as_array().unwrap();
    let mut got: Vec<(Value, u64, usize)> = classes
        .iter()
        .map(|c| {
            (c["minimal_polynomial"].clone(), c["multiplicity"].as_u64().unwrap(), c["real"].as_array().unwrap().len())
        })
        .collect();
    let mut want: Vec<(Value, u64, usize)> = expected
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (c["minimal_polynomial"].clone(), c["multiplicity"].as_u64().unwrap(), c["real"].as_u64().unwrap() as usize)
        })
        .collect();
    got.sort_by_key(|g| g.0.to_string());
    want.sort_by_key(|g| g.0.to_string());
    assert_eq!(got, want, "{output}");
    for c in classes {
        let f: Vec<f64> =
            c["minimal_polynomial"].as_array().unwrap().iter().map(|x| float(x.as_str().unwrap())).collect();
        let value = |t: f64| f.iter().rev().fold(0.0, |acc, k| acc * t + k);
        for iv in c["real"].as_array().unwrap() {
            let (a, b) = (float(iv[0].as_str().unwrap()), float(iv[1].as_str().unwrap()));
            assert!(a == b && value(a).abs() < 1e-9 || value(a) * value(b) <= 0.0, "{c}");
        }
        let geometric = c["eigenvectors"].as_array().map(Vec::len);
        let want =
            expected.as_array().unwrap().iter().find(|e| e["minimal_polynomial"] == c["minimal_polynomial"]).unwrap();
        assert_eq!(geometric.map(|g| g as u64), want["geometric"].as_u64(), "{c}");
        let complex = c["complex_approximations"].as_array().unwrap().len();
        assert_eq!(complex + c["real"].as_array().unwrap().len(), c["degree"].as_u64().unwrap() as usize);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_capability_agrees_with_its_reference_and_verifies() {
    let jac = jacobian::builder().build().await.unwrap();
    let mut tested = BTreeSet::new();
    let mut verified = 0;
    for c in cases() {
        let id = c["capability"].as_str().unwrap();
        let descriptor = jac.descriptor(id).unwrap_or_else(|| panic!("{id} is not registered"));
        let verify = descriptor.modes.contains(&Mode::Verify);
        let mode = if verify { Mode::Verify } else { Mode::Explore };
        let r = jac.run(CapabilityRequest::new(id, c["input"].clone()).mode(mode)).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{id} {}: {:?}", c["input"], r.execution.diagnostics);
        assert!(
            contains(&r.output, &c["expected"]),
            "{id} {}: got {}, expected {}",
            c["input"],
            r.output,
            c["expected"]
        );
        if let Some(eigen) = c.get("eigen") {
            check_eigen(&r.output, eigen);
        }
        if let Some(relation) = c.get("relation_up_to_sign") {
            let got = &r.output["relation"];
            let negated: Vec<String> = relation
                .as_array()
                .unwrap()
                .iter()
                .map(|x| {
                    let s = x.as_str().unwrap();
                    s.strip_prefix('-').map_or_else(|| format!("-{s}"), str::to_owned)
                })
                .collect();
            assert!(got == relation || *got == json!(negated), "{id}: {got} is not ±{relation}");
        }
        if verify {
            let expected: AssuranceLevel =
                serde_json::from_value(c.get("assurance").cloned().unwrap_or(json!("VERIFIED"))).unwrap();
            assert_eq!(r.assurance.level, expected, "{id} {}: {:?}", c["input"], r.execution.diagnostics);
            verified += 1;
        }
        tested.insert(id.to_owned());
    }
    let untested: Vec<String> = pack().into_iter().filter(|id| !tested.contains(id)).collect();
    assert!(untested.is_empty(), "capabilities without reference cases: {untested:?}");
    assert!(verified > 300, "{verified} verified");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_least_half_of_the_pack_is_verify_capable() {
    let jac = jacobian::builder().build().await.unwrap();
    let ids = pack();
    let verify = ids.iter().filter(|id| jac.descriptor(id).unwrap().modes.contains(&Mode::Verify)).count();
    assert!(2 * verify >= ids.len(), "{verify} of {}", ids.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn homology_of_standard_complexes_is_exact_and_verified() {
    let jac = jacobian::builder().build().await.unwrap();
    let torus = json!([
        [0, 1, 3],
        [1, 3, 4],
        [1, 2, 4],
        [2, 4, 5],
        [2, 0, 5],
        [0, 5, 3],
        [3, 4, 6],
        [4, 6, 7],
        [4, 5, 7],
        [5, 7, 8],
        [5, 3, 8],
        [3, 8, 6],
        [6, 7, 0],
        [7, 0, 1],
        [7, 8, 1],
        [8, 1, 2],
        [8, 6, 2],
        [6, 2, 0]
    ]);
    // The six-vertex projective plane (the quotient of the icosahedron by the antipodal map).
    let rp2 = json!([
        [0, 1, 2],
        [0, 2, 3],
        [0, 3, 4],
        [0, 4, 5],
        [0, 1, 5],
        [1, 2, 4],
        [2, 3, 5],
        [1, 3, 4],
        [1, 3, 5],
        [2, 4, 5]
    ]);
    let sphere = json!([[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]);
    // Cohomology by universal coefficients, and Betti numbers over F_2 and F_3.
    for (facets, groups, cohomology, mod2, chi) in [
        (sphere, json!(["Z", "0", "Z"]), json!(["Z", "0", "Z"]), json!([1, 0, 1]), 2),
        (torus, json!(["Z", "Z^2", "Z"]), json!(["Z", "Z^2", "Z"]), json!([1, 2, 1]), 0),
        (rp2, json!(["Z", "Z/2", "0"]), json!(["Z", "0", "Z/2"]), json!([1, 1, 1]), 1),
    ] {
        let input = json!({"complex": {"facets": facets}, "primes": [2, 3]});
        let r = jac.run(CapabilityRequest::new("topology.simplicial_complex.homology", input).mode(Mode::Verify)).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
        assert_eq!(r.output["groups"], groups);
        assert_eq!(r.output["euler_characteristic"], chi);
        assert_eq!(r.output["cohomology"], cohomology);
        assert_eq!(r.output["betti_mod"][0]["betti"], mod2);
        assert_eq!(r.output["betti_mod"][1]["betti"], r.output["betti"]);
        assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{:?}", r.execution.diagnostics);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_with_the_pointer_of_the_field() {
    use ExecutionStatus::{InvalidRequest as Invalid, Unsupported};
    let jac = jacobian::builder().build().await.unwrap();
    let big = "7".repeat(1001);
    for (id, input, path, status) in [
        ("matrix.compute.invariants", json!({"matrix": {"rows": [[1, 2], [3]]}}), "/input/matrix/rows/1", Invalid),
        (
            "matrix.compute.invariants",
            json!({"matrix": {"ring": "Z", "rows": [[1, "1/2"]]}}),
            "/input/matrix/rows/0/1",
            Invalid,
        ),
        ("matrix.compute.invariants", json!({"matrix": {"ring": "F_4", "rows": [[1]]}}), "/input/matrix/ring", Invalid),
        (
            "matrix.compute.invariants",
            json!({"matrix": {"rows": [[1, 2]]}, "properties": ["determinant"]}),
            "/input/matrix",
            Invalid,
        ),
        ("matrix.compute.invariants", json!({"matrix": {"rows": [[big.clone()]]}}), "/input/matrix", Unsupported),
        (
            "matrix.compute.arithmetic",
            json!({"operation": "sum", "operands": [{"rows": [[1]]}, {"ring": "F_5", "rows": [[1]]}]}),
            "/input/operands/1",
            Invalid,
        ),
        (
            "matrix.compute.arithmetic",
            json!({"operation": "product", "operands": [{"rows": [[1, 2]]}, {"rows": [[1, 2]]}]}),
            "/input/operands/1",
            Invalid,
        ),
        (
            "matrix.compute.arithmetic",
            json!({"operation": "power", "operands": [{"rows": [[1]]}], "exponent": 65}),
            "/input/exponent",
            Invalid,
        ),
        (
            "matrix.compute.arithmetic",
            json!({"operation": "sum", "operands": [{"shape": [2, 2], "entries": [[0, 0, 1], [0, 0, 2]]}]}),
            "/input/operands/0/entries/1",
            Invalid,
        ),
        ("matrix.compute.inverse", json!({"matrix": {"rows": [[1, 2, 3]]}}), "/input/matrix", Invalid),
        ("matrix.transform.hermite", json!({"matrix": {"rows": [["1/2"]]}}), "/input/matrix/ring", Invalid),
        ("matrix.solve.linear_system", json!({"matrix": {"rows": [[1, 2]]}, "rhs": [1, 2]}), "/input/rhs", Invalid),
        (
            "matrix.compute.eigenvalues",
            json!({"matrix": {"ring": "F_7", "rows": [[1]]}}),
            "/input/matrix/ring",
            Invalid,
        ),
        ("matrix.compute.inertia", json!({"matrix": {"rows": [[1, 2], [3, 1]]}}), "/input/matrix/rows/1/0", Invalid),
        ("matrix.decide.similar", json!({"a": {"rows": [[1]]}, "b": {"rows": [[1, 0], [0, 1]]}}), "/input/b", Invalid),
        (
            "chain_complex.compute.homology",
            json!({"maps": [{"rows": [[1, 1]]}, {"rows": [[1], [0]]}]}),
            "/input/maps/1",
            Invalid,
        ),
        (
            "topology.simplicial_complex.operation",
            json!({"complex": {"facets": [[0, 1]]}, "operation": {"link": {"face": [2]}}}),
            "/input/operation",
            Invalid,
        ),
        (
            "abelian_group.compute.element",
            json!({"group": {"generators": 2}, "operation": "equal", "element": [1, 0]}),
            "/input/other",
            Invalid,
        ),
        (
            "abelian_group.compute.element",
            json!({"group": {"generators": 2}, "operation": "order", "element": [1]}),
            "/input/element",
            Invalid,
        ),
        (
            "lattice.decide.sublattice",
            json!({"lattice": {"basis": [[1, 0]]}, "sublattice": {"basis": [[1, 0, 0]]}}),
            "/input/sublattice/basis",
            Invalid,
        ),
        (
            "abelian_group.compute.invariants",
            json!({"group": {"generators": 2, "relations": [[1]]}}),
            "/input/group/relations/0",
            Invalid,
        ),
        (
            "lattice.reduce.lll",
            json!({"lattice": {"basis": [[1, 0], [0, "1/3"]]}}),
            "/input/lattice/basis/1/1",
            Invalid,
        ),
        (
            "lattice.find.short_vectors",
            json!({"lattice": {"basis": [[1, 0]]}, "search": "closest"}),
            "/input/target",
            Invalid,
        ),
        (
            "topology.simplicial_complex.homology",
            json!({"complex": {"facets": [[0, 1], [2, 2]]}}),
            "/input/complex/facets/1",
            Invalid,
        ),
        ("linear_algebra.find.integer_relation", json!({"values": ["1", "pi"]}), "/input/values/1", Invalid),
    ] {
        let r = jac.run(CapabilityRequest::new(id, input.clone())).await;
        assert_eq!(r.status(), status, "{id} {input}: {:?}", r.execution.diagnostics);
        let paths: Vec<_> = r.execution.diagnostics.iter().filter_map(|d| d.path.clone()).collect();
        assert!(paths.iter().any(|p| p == path), "{id} {input}: {paths:?} lacks {path}");
        assert!(r.artifact_uris.is_empty());
    }
    // A singular matrix has no inverse: a clear failure, nothing written.
    let r =
        jac.run(CapabilityRequest::new("matrix.compute.inverse", json!({"matrix": {"rows": [[1, 2], [2, 4]]}}))).await;
    assert_eq!(r.status(), ExecutionStatus::AdapterFailed);
    assert!(r.execution.diagnostics[0].message.contains("SINGULAR"), "{:?}", r.execution.diagnostics);
    assert!(r.artifact_uris.is_empty() && r.output.is_null());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matrices_lattices_groups_and_complexes_are_stored_canonically() {
    let jac = jacobian::builder().build().await.unwrap();
    let put = |kind: &str, object: Value| {
        CapabilityRequest::new("artifact.put", json!({"object_type": kind, "object": object}))
    };
    let dense = jac.run(put("matrix", json!({"rows": [[1, "2/4"], [0, -2]]}))).await;
    let sparse = jac
        .run(put(
            "matrix",
            json!({"ring": "Q", "shape": [2, 2], "entries": [[0, 0, 1], [0, 1, "1/2"], [1, 1, "-4/2"]]}),
        ))
        .await;
    assert_eq!(dense.status(), ExecutionStatus::Succeeded, "{:?}", dense.execution.diagnostics);
    assert_eq!(dense.output["uri"], sparse.output["uri"]);
    for (kind, object) in [
        ("vector", json!({"entries": [1, "1/2"]})),
        ("lattice", json!({"basis": [[1, 2], [3, 4]]})),
        ("abelian_group", json!({"generators": 2, "relations": [[2, 0]]})),
        ("simplicial_complex", json!({"facets": [[1, 0], [0, 1, 2]]})),
    ] {
        let r = jac.run(put(kind, object)).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{kind}: {:?}", r.execution.diagnostics);
    }
    let bad = jac.run(put("matrix", json!({"rows": [[1], [2, 3]]}))).await;
    assert_eq!(bad.execution.diagnostics[0].path.as_deref(), Some("/input/object/rows/1"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_capability_is_found_first_by_a_question_in_its_own_words() {
    let jac = jacobian::builder().build().await.unwrap();
    let mut found = BTreeSet::new();
    for (query, expected) in [
        ("multiply two matrices", "matrix.compute.arithmetic"),
        ("kronecker tensor product of matrices", "matrix.compute.arithmetic"),
        ("determinant of a matrix", "matrix.compute.invariants"),
        ("characteristic polynomial of a matrix", "matrix.compute.invariants"),
        ("rank of a matrix", "matrix.compute.invariants"),
        ("inverse of a matrix", "matrix.compute.inverse"),
        ("adjugate of a matrix", "matrix.compute.adjugate"),
        ("eigenvalues of a matrix exactly", "matrix.compute.eigenvalues"),
        ("null space of a matrix", "matrix.compute.kernel"),
        ("column space of a matrix", "matrix.compute.image"),
        ("reduced row echelon form rref", "matrix.transform.echelon"),
        ("solve the linear system Ax = b", "matrix.solve.linear_system"),
        ("hermite normal form with transform", "matrix.transform.hermite"),
        ("smith normal form of an integer matrix", "matrix.transform.smith"),
        ("invariant factors of a finitely generated abelian group", "abelian_group.compute.invariants"),
        ("LLL reduce a lattice basis", "lattice.reduce.lll"),
        ("shortest vector of a lattice", "lattice.find.short_vectors"),
        ("closest lattice vector to a target", "lattice.find.short_vectors"),
        ("gram matrix and covolume of a lattice", "lattice.compute.invariants"),
        ("integer relation among real numbers pslq", "linear_algebra.find.integer_relation"),
        ("homology of a simplicial complex, betti numbers and torsion", "topology.simplicial_complex.homology"),
        ("boundary matrices of a simplicial complex", "topology.simplicial_complex.chain_complex"),
        ("homology of a chain complex given by boundary maps", "chain_complex.compute.homology"),
        ("link of a vertex in a simplicial complex", "topology.simplicial_complex.operation"),
        ("barycentric subdivision of a simplicial complex", "topology.simplicial_complex.operation"),
        ("rational canonical form of a matrix", "matrix.compute.rational_canonical_form"),
        ("are two matrices similar", "matrix.decide.similar"),
        ("permanent of a matrix", "matrix.compute.invariants"),
        ("is this symmetric matrix positive definite, its inertia", "matrix.compute.inertia"),
        ("order of an element of an abelian group given by relations", "abelian_group.compute.element"),
        ("dual lattice and discriminant group", "lattice.compute.invariants"),
        ("is a lattice a sublattice of another, its index", "lattice.decide.sublattice"),
    ] {
        let r = jac.find_value(&json!({"query": query})).unwrap();
        let ids: Vec<&str> = r.matches.iter().map(|m| m.capability_id.as_str()).collect();
        assert_eq!(ids.first().copied(), Some(expected), "{query:?} found {ids:?}");
        found.insert(expected.to_owned());
    }
    let missing: Vec<String> = pack().into_iter().filter(|id| !found.contains(id)).collect();
    assert!(missing.is_empty(), "no discovery query for {missing:?}");
}
