//! The linear-algebra pack against its references: every capability's answers on the cases of
//! tests/reference/linear_algebra_cases.py equal SymPy's or brute force's, VERIFY-capable
//! capabilities reach VERIFIED through the matrix checker, the homology of standard complexes is
//! exact, and bad input is refused at the pointer of its field with nothing written (discovery is
//! evaluated in `discovery`).

use std::collections::BTreeSet;

use jacobian::runtime::contract::{AssuranceLevel, Mode};
use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
use serde_json::{Value, json};

/// The capability ids of the pack.
fn pack() -> Vec<String> {
    jacobian_adapters::linear_algebra::adapters().iter().map(|a| a.descriptor().id.to_string()).collect()
}

/// The reference scripts of the pack, run here with the pack's own output checks (and so left
/// out of `number_theory`'s run of every other script).
pub(crate) const SCRIPTS: &[&str] = &[
    "linear_algebra_cases.py",
    "linear_algebra_more_cases.py",
    "cubical_operation_cases.py",
    "morse_cases.py",
    "fundamental_cases.py",
    "simplicial_set_cases.py",
    "koszul_cases.py",
    "semidefinite_cases.py",
    "nonnegative_cases.py",
    "circulant_cases.py",
    "simplicial_complex_cases.py",
    "filtered_map_cases.py",
    "finite_abelian_cases.py",
    "inertia_cells_cases.py",
    "invariant_forms_cases.py",
    "nodal_degeneration_cases.py",
];

fn cases() -> Vec<Value> {
    crate::cases::from_scripts(SCRIPTS)
}

/// The cup pairing H¹ × H¹ → H² of a surface, H² one-dimensional, over F_p or Q: its rank and
/// whether every square vanishes.
fn check_cup_pairing(ring: &Value, want: &Value) {
    let h = ring["betti"][1].as_u64().unwrap() as usize;
    let p: Option<i64> = ring["field"].as_str().unwrap().strip_prefix("F_").map(|p| p.parse().unwrap());
    let mut m = vec![vec![0f64; h]; h];
    for prod in ring["products"].as_array().unwrap() {
        if prod["left"][0] == 1 && prod["right"][0] == 1 {
            let (i, j) = (prod["left"][1].as_u64().unwrap() as usize, prod["right"][1].as_u64().unwrap() as usize);
            m[i][j] = float(prod["product"][1][0].as_str().unwrap());
        }
    }
    if let Some(alternating) = want.get("alternating") {
        assert_eq!((0..h).all(|i| m[i][i] == 0.0), alternating.as_bool().unwrap(), "{ring}");
    }
    // Rank by elimination, modulo p over F_p.
    let reduce = |x: f64| p.map_or(x, |p| (x as i64).rem_euclid(p) as f64);
    let inverse = |x: f64| p.map_or(1.0 / x, |p| (1..p).find(|&y| (x as i64 * y).rem_euclid(p) == 1).unwrap() as f64);
    let (mut rank, mut m) = (0, m);
    for c in 0..h {
        let Some(r) = (rank..h).find(|&r| reduce(m[r][c]).abs() > 1e-9) else { continue };
        m.swap(r, rank);
        let inv = inverse(reduce(m[rank][c]));
        for r in 0..h {
            if r != rank {
                let f = reduce(m[r][c] * inv);
                let pivot = m[rank].clone();
                for (x, y) in m[r].iter_mut().zip(&pivot) {
                    *x = reduce(*x - f * y);
                }
            }
        }
        rank += 1;
    }
    assert_eq!(rank as u64, want["rank"].as_u64().unwrap(), "{ring}");
}

/// The spectral sequence's E_0, E_1 and E_∞ as sorted [p, n, dimension] triples, against the
/// reference's graded pieces, homology of the associated graded and filtration of the homology.
fn check_spectral(output: &Value, expected: &Value) {
    let pages = output["pages"].as_array().unwrap();
    let triples = |page: &Value| -> Value {
        let mut t: Vec<Value> =
            page["terms"].as_array().unwrap().iter().map(|t| json!([t["p"], t["n"], t["dimension"]])).collect();
        t.sort_by_key(|v| v.to_string());
        json!(t)
    };
    let sorted = |v: &Value| -> Value {
        let mut t = v.as_array().unwrap().clone();
        t.sort_by_key(|v| v.to_string());
        json!(t)
    };
    assert_eq!(triples(&pages[0]), sorted(&expected["e0"]), "E_0 of {output}");
    assert_eq!(triples(&pages[1.min(pages.len() - 1)]), sorted(&expected["e1"]), "E_1 of {output}");
    assert_eq!(triples(pages.last().unwrap()), sorted(&expected["einf"]), "E_∞ of {output}");
}

/// A Morse matching's critical counts bound the Betti numbers, and its pairs are face–coface pairs
/// using each face at most once.
fn check_morse(output: &Value, betti: &Value) {
    let counts = output["critical_counts"].as_array().unwrap();
    for (c, b) in counts.iter().zip(betti.as_array().unwrap()) {
        assert!(c.as_u64() >= b.as_u64(), "Morse inequality fails: {output} against {betti}");
    }
    let mut used = BTreeSet::new();
    for pair in output["pairs"].as_array().unwrap() {
        let (sigma, tau) = (pair[0].as_array().unwrap(), pair[1].as_array().unwrap());
        assert!(sigma.len() + 1 == tau.len() && sigma.iter().all(|v| tau.contains(v)), "{pair}");
        assert!(used.insert(pair[0].to_string()) && used.insert(pair[1].to_string()), "{pair} reuses a face");
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
        let real = c["real"].as_array().unwrap().len();
        if want.get("singular").is_some() {
            // Singular values: the nonnegative roots only, each interval within [0, ∞).
            assert!(complex == 0 && real <= c["degree"].as_u64().unwrap() as usize, "{c}");
            assert!(c["real"].as_array().unwrap().iter().all(|iv| float(iv[0].as_str().unwrap()) >= 0.0), "{c}");
        } else {
            assert_eq!(complex + real, c["degree"].as_u64().unwrap() as usize);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_capability_agrees_with_its_reference_and_verifies() {
    let jac = jacobian::builder().build().await.unwrap();
    let mut tested = BTreeSet::new();
    let mut verified = 0;
    for c in cases() {
        let ran = crate::cases::run(&jac, &c).await;
        let (id, r) = (ran.id.as_str(), &ran.result);
        if let Some(eigen) = c.get("eigen") {
            check_eigen(&r.output, eigen);
        }
        if let Some(want) = c.get("symbolic_eigen") {
            let got: Vec<String> = r.output["eigenvalues"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| {
                    json!({"degree": e["degree"], "multiplicity": e["multiplicity"], "value": e["value"]}).to_string()
                })
                .collect();
            let mut got = got;
            let mut want: Vec<String> = want.as_array().unwrap().iter().map(Value::to_string).collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{}", r.output);
        }
        if let Some(spectral) = c.get("spectral") {
            check_spectral(&r.output, spectral);
        }
        if let Some(betti) = c.get("morse_betti") {
            check_morse(&r.output, betti);
        }
        if let Some(degrees) = c.get("induced_degree") {
            // The induced map of circles on H_0 and H_1, up to the sign of the chosen cycles.
            let rows = r.output["answers"][0]["induced_homology"]["degrees"].as_array().unwrap();
            for (row, want) in rows.iter().zip(degrees.as_array().unwrap()) {
                let entry = row["matrix"][0][0].as_str().unwrap().trim_start_matches('-').to_owned();
                assert_eq!(entry, want.to_string(), "{id}: {}", r.output);
            }
        }
        if let Some(pairing) = c.get("cup_pairing") {
            check_cup_pairing(&r.output["answers"][0]["cohomology_ring"], pairing);
        }
        if let Some(degrees) = c.get("induced_abs") {
            // 1 × 1 induced matrices up to the sign of the chosen bases.
            let map = &r.output["answers"][0]["simplicial_map"];
            for (side, key) in [("homology", "induced_homology"), ("cohomology", "induced_cohomology")] {
                for want in degrees.get(side).and_then(Value::as_array).into_iter().flatten() {
                    let k = want[0].as_u64().unwrap() as usize;
                    let entry = map[key][k]["matrix"]["rows"][0][0].as_str().unwrap_or("").trim_start_matches('-');
                    assert_eq!(entry, want[1].as_str().unwrap(), "{id} {side} degree {k}: {map}");
                }
            }
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
        crate::cases::assert_assurance(&c, &ran);
        verified += usize::from(ran.verify);
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
            "matrix.symbolic.compute",
            json!({"variables": ["a"], "matrix": [["a", "1"], ["2"]], "operation": "rank"}),
            "/input/matrix/1",
            Invalid,
        ),
        (
            "matrix.symbolic.compute",
            json!({"variables": ["a"], "matrix": [["a", "1"]], "operation": "determinant"}),
            "/input/matrix",
            Invalid,
        ),
        (
            "matrix.symbolic.compute",
            json!({"variables": ["t"], "matrix": [["t"]], "operation": {"characteristic_polynomial": {"variable": "t"}}}),
            "/input/operation/characteristic_polynomial/variable",
            Invalid,
        ),
        (
            "matrix.symbolic.compute",
            json!({"variables": ["a"], "matrix": [["a^13"]], "operation": "determinant"}),
            "/input/matrix",
            Unsupported,
        ),
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
            "topology.simplicial_complex.operation",
            json!({"complex": {"facets": [[0, 1, 2], [0, 1, 3]]}, "operation": {"collapse": {"face": [0, 1], "facet": [0, 1, 2]}}}),
            "/input/operation/collapse/face",
            Invalid,
        ),
        (
            "topology.simplicial_complex.operation",
            json!({"complex": {"facets": [[0, 1, 2]]}, "operation": {"collapse": {"face": [0], "facet": [0, 1]}}}),
            "/input/operation/collapse/facet",
            Invalid,
        ),
        (
            "topology.simplicial_complex.operation",
            json!({"complex": {"facets": [[0, 1, 2], [2, 3]]}, "operation": "boundary"}),
            "/input/complex",
            Invalid,
        ),
        (
            "topology.simplicial_complex.operation",
            json!({"complex": {"facets": [[0, 1], [1, 2]]}, "operation": {"shelling": {"order": [[0, 1]]}}}),
            "/input/operation/shelling/order",
            Invalid,
        ),
        (
            "topology.finite_space.compute",
            json!({"space": {"points": 3, "open_sets": [[0, 3]]}, "questions": ["properties"]}),
            "/input/space/open_sets/0/1",
            Invalid,
        ),
        (
            "topology.finite_space.compute",
            json!({"space": {"points": 2}, "questions": [{"continuous": {"codomain": {"points": 1}, "map": [0]}}]}),
            "/input/questions/0/continuous/map",
            Invalid,
        ),
        (
            "topology.finite_space.compute",
            json!({"space": {"points": 65}, "questions": ["properties"]}),
            "/input/space/points",
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
        (
            "matrix.compute.function",
            json!({"matrix": {"rows": [[1, 1], [0, 1]]}, "function": "exponential"}),
            "/input/matrix",
            Invalid,
        ),
        (
            "matrix.compute.function",
            json!({"matrix": {"rows": [[1, 1], [0, 1]]}, "function": "polynomial", "coefficients": [1, "x"]}),
            "/input/coefficients/1",
            Invalid,
        ),
        (
            "matrix.compute.function",
            json!({"matrix": {"rows": [["12345678901234567890", 1], [0, 1]]}, "function": "power", "exponent": 1999}),
            "/input/exponent",
            Unsupported,
        ),
        (
            "matrix.compute.centralizer",
            json!({"matrices": [{"rows": [[1]]}, {"rows": [[1, 0], [0, 1]]}]}),
            "/input/matrices/1",
            Invalid,
        ),
        (
            "matrix.compute.gram_schmidt",
            json!({"vectors": {"ring": "F_5", "rows": [[1, 2]]}}),
            "/input/vectors/ring",
            Invalid,
        ),
        ("matrix.compute.norms", json!({"matrix": {"rows": [[1], [1, 2]]}}), "/input/matrix/rows/1", Invalid),
        ("matrix.construct.hadamard", json!({"operation": "paley", "order": 10}), "/input/order", Invalid),
        (
            "matrix.construct.hadamard",
            json!({"operation": "decide", "matrix": {"rows": [[1, 1], [1, 0]]}}),
            "/input/matrix/rows/1/1",
            Invalid,
        ),
        ("matrix.compute.jordan_form", json!({"matrix": {"rows": [[1, 2, 3]]}}), "/input/matrix", Invalid),
        (
            "chain_complex.compute.operation",
            json!({"operation": "tensor_product", "complex": [{"rows": [[2]]}]}),
            "/input/other",
            Invalid,
        ),
        (
            "chain_complex.compute.operation",
            json!({"operation": "mapping_cone", "complex": [{"rows": [[1]]}], "other": [{"rows": [[1]]}],
                   "chain_map": [{"rows": [[1]]}, {"rows": [[2]]}]}),
            "/input/chain_map/1",
            Invalid,
        ),
        (
            "chain_complex.compute.spectral_sequence",
            json!({"maps": [{"rows": [[-1], [1]]}], "filtration": [[0, 2], [1]]}),
            "/input/filtration/1/0",
            Invalid,
        ),
        ("topology.cubical_complex.homology", json!({"bitmap": [[1, 2]]}), "/input/bitmap/0/1", Invalid),
        ("topology.cubical_complex.homology", json!({"bitmap": vec![vec![1; 40]; 40]}), "/input/bitmap", Unsupported),
        (
            "topology.simplicial_complex.fundamental_group",
            json!({"complex": {"facets": [[0, 1], [1, 2]]}, "operation": "edge_path_word", "path": [0, 1, 2, 0]}),
            "/input/path/3",
            Invalid,
        ),
        (
            "topology.simplicial_complex.fundamental_group",
            json!({"complex": {"facets": [[0, 1], [1, 2]]}, "operation": "presentation", "basepoint": 7}),
            "/input/basepoint",
            Invalid,
        ),
        (
            "topology.simplicial_complex.fundamental_group",
            json!({"complex": {"facets": [[0, 1], [1, 2], [0, 2]]}, "operation": "induced_map",
                   "stages": [{"target": {"facets": [[0, 1], [1, 2]]}, "map": [[0, 0], [1, 1], [2, 2]]}]}),
            "/input/stages/0/map",
            Invalid,
        ),
        (
            "topology.simplicial_complex.discrete_morse",
            json!({"complex": {"facets": [[0, 1], [1, 2], [0, 2]]}, "matching": [[[0], [0, 1]], [[1], [1, 2]], [[2], [0, 2]]]}),
            "/input/matching/2",
            Invalid,
        ),
        (
            "topology.simplicial_complex.discrete_morse",
            json!({"complex": {"facets": [[0, 1], [1, 2]]}, "matching": [[[0], [1, 2]]]}),
            "/input/matching/0",
            Invalid,
        ),
        (
            "topology.simplicial_complex.discrete_morse",
            json!({"complex": {"facets": [[0, 1, 2, 3, 4, 5, 6, 7]]}, "contraction": true}),
            "/input/contraction",
            Invalid,
        ),
        (
            "topology.cubical_complex.operation",
            json!({"bitmap": [[1, 1]], "operation": "skeleton"}),
            "/input/dimension",
            Invalid,
        ),
        (
            "topology.cubical_complex.operation",
            json!({"bitmap": [[1, 1]], "operation": "closed_star", "cell": "[0,2]x[0]"}),
            "/input/cell",
            Invalid,
        ),
        (
            "topology.cubical_complex.operation",
            json!({"bitmap": [[1, 1]], "operation": "closed_star", "cell": "[5]x[5]"}),
            "/input/cell",
            Invalid,
        ),
        (
            "topology.cubical_complex.operation",
            json!({"bitmap": [[1, 1]], "operation": "filtration", "values": [[1]]}),
            "/input/values",
            Invalid,
        ),
        (
            "topology.cubical_complex.operation",
            json!({"bitmap": [[1, 1]], "operation": "filtration", "filtration": "lower_star", "values": [[1, 2]]}),
            "/input/vertex_values",
            Invalid,
        ),
        (
            "topology.cubical_complex.operation",
            json!({"operation": "external_product", "left": [[1, "[0,1]"]], "right": [[1, "[0;1]"]]}),
            "/input/right/0/1",
            Invalid,
        ),
        (
            "topology.cubical_complex.operation",
            json!({"bitmap": vec![vec![1; 40]; 40], "operation": "face_poset"}),
            "/input/bitmap",
            Invalid,
        ),
        (
            "topology.simplicial_complex.properties",
            json!({"complex": {"facets": [[0, 0]]}}),
            "/input/complex/facets/0",
            Invalid,
        ),
        (
            "topology.simplicial_complex.discrete_morse",
            json!({"complex": {"facets": []}}),
            "/input/complex/facets",
            Invalid,
        ),
        (
            "abelian_group.compute.subgroup",
            json!({"group": {"generators": 2, "relations": [[2, 0]]}, "elements": [[1]]}),
            "/input/elements/0",
            Invalid,
        ),
        (
            "abelian_group.compute.homomorphism",
            json!({"source": {"generators": 2}, "target": {"generators": 1}, "images": [[1]]}),
            "/input/images",
            Invalid,
        ),
        (
            "abelian_group.compute.functor",
            json!({"functor": "hom", "a": {"generators": 1, "relations": [["1/2"]]}, "b": {"generators": 1}}),
            "/input/a/relations/0/0",
            Invalid,
        ),
        (
            "abelian_group.compute.characters",
            json!({"group": {"generators": 2, "relations": [[2, 0]]}}),
            "/input/group/relations",
            Invalid,
        ),
        // A face table that breaks d0 d1 = d0 d0: the edge's faces are two vertices, the
        // triangle's faces are edges whose endpoints do not match.
        (
            "topology.simplicial_set.compute",
            json!({"space": {"simplices": [{"name": "a"}, {"name": "b"}, {"name": "e", "faces": ["b", "a"]},
                {"name": "t", "faces": ["e", "e", "e"]}]}, "questions": ["homology"]}),
            "/input/space",
            Invalid,
        ),
        (
            "topology.simplicial_set.compute",
            json!({"space": {"simplices": [{"name": "v"}, {"name": "e", "faces": ["v", "w"]}]}, "questions": ["simplices"]}),
            "/input/space/simplices/1/faces/1",
            Invalid,
        ),
        (
            "topology.simplicial_set.compute",
            json!({"space": {"horn": {"n": 2, "k": 3}}, "questions": ["simplices"]}),
            "/input/space/horn/k",
            Invalid,
        ),
        (
            "topology.simplicial_set.compute",
            json!({"space": {"product": [{"standard_simplex": 6}, {"standard_simplex": 6}]}, "questions": ["homology"]}),
            "/input/space/product",
            Invalid,
        ),
        // Identifying t (faces a, a, a) with u (faces a, s0 v, a) would identify the loop a with
        // the degenerate s0 v.
        (
            "topology.simplicial_set.compute",
            json!({"space": {"quotient": {"of": {"simplices": [{"name": "v"}, {"name": "a", "faces": ["v", "v"]},
                {"name": "t", "faces": ["a", "a", "a"]},
                {"name": "u", "faces": ["a", {"simplex": "v", "degeneracies": [0]}, "a"]}]}, "identify": [["t", "u"]]}},
                "questions": ["simplices"]}),
            "/input/space/quotient/identify/0",
            Invalid,
        ),
        // Δ¹ → Δ¹ sending the edge to the edge but the vertices swapped is not simplicial.
        (
            "topology.simplicial_set.compute",
            json!({"space": {"standard_simplex": 1}, "map": {"codomain": {"standard_simplex": 1},
                "images": {"[0]": "[1]", "[1]": "[0]", "[0,1]": "[0,1]"}}, "questions": ["map"]}),
            "/input/map/images/[0,1]",
            Invalid,
        ),
        (
            "topology.simplicial_set.compute",
            json!({"space": {"standard_simplex": 2}, "questions": [{"truncate": 40}]}),
            "/input/questions/0",
            Invalid,
        ),
        (
            "homological.koszul.compute",
            json!({"ring": "Q", "sequence": [[[0, 1], [0, 0]], [[0, 0], [1, 0]]], "questions": ["homology"]}),
            "/input/sequence/1",
            Invalid,
        ),
        (
            "homological.koszul.compute",
            json!({"ring": "Z", "sequence": [2, 3], "questions": [{"contraction": 1}]}),
            "/input/questions/0/contraction",
            Invalid,
        ),
        (
            "homological.koszul.compute",
            json!({"ring": "Z", "sequence": [2, [[1]]], "questions": ["homology"]}),
            "/input/sequence/0",
            Invalid,
        ),
        (
            "homological.koszul.compute",
            json!({"ring": "Z", "sequence": [2], "module": {"rank": 2, "relations": [[1, 2, 3]]}, "questions": ["homology"]}),
            "/input/module/relations/0",
            Invalid,
        ),
        (
            "homological.koszul.compute",
            json!({"ring": "Z", "sequence": ["1/2"], "questions": ["homology"]}),
            "/input/sequence/0",
            Invalid,
        ),
        (
            "matrix.semidefinite.compute",
            json!({"question": {"order": {"a": {"rows": [[1, 2], [3, 1]]}, "b": {"rows": [[1, 0], [0, 1]]}}}}),
            "/input/question/order/a/rows/1/0",
            Invalid,
        ),
        (
            "matrix.semidefinite.compute",
            json!({"question": {"order": {"a": {"rows": [[1]]}, "b": {"rows": [[1, 0], [0, 1]]}}}}),
            "/input/question/order/b",
            Invalid,
        ),
        (
            "matrix.semidefinite.compute",
            json!({"question": {"chordal_completion": {"partial": [[4, 1, null, 1], [1, 4, 1, null], [null, 1, 4, 1], [1, null, 1, 4]]}}}),
            "/input/question/chordal_completion/partial",
            Invalid,
        ),
        (
            "matrix.semidefinite.compute",
            json!({"question": {"chordal_completion": {"partial": [[null, 1], [1, 2]]}}}),
            "/input/question/chordal_completion/partial/0/0",
            Invalid,
        ),
        (
            "matrix.semidefinite.compute",
            json!({"question": {"facial_reduction": {"constraints": [{"matrix": {"rows": [[1]]}, "value": 0}],
                                                     "multipliers": [1, 2]}}}),
            "/input/question/facial_reduction/multipliers",
            Invalid,
        ),
        (
            "matrix.nonnegative.compute",
            json!({"question": {"farkas": {"system": "equality", "matrix": {"rows": [[1, 1]]}, "rhs": [1, 2]}}}),
            "/input/question/farkas/rhs",
            Invalid,
        ),
        (
            "matrix.nonnegative.compute",
            json!({"question": {"collatz_wielandt": {"matrix": {"rows": [[1, -1], [1, 1]]}}}}),
            "/input/question/collatz_wielandt/matrix/rows/0/1",
            Invalid,
        ),
        (
            "matrix.nonnegative.compute",
            json!({"question": {"collatz_wielandt": {"matrix": {"rows": [[1, 1], [1, 1]]}, "vector": [1, 0]}}}),
            "/input/question/collatz_wielandt/vector/1",
            Invalid,
        ),
        (
            "matrix.circulant.compute",
            json!({"question": {"inclusion": {"from": 5, "to": 12}}}),
            "/input/question/inclusion/to",
            Invalid,
        ),
        (
            "topology.simplicial_complex.compute",
            json!({"space": "torus", "field": "Z", "questions": ["cohomology_ring"]}),
            "/input/field",
            Invalid,
        ),
        (
            "topology.simplicial_complex.compute",
            json!({"space": "torus", "questions": [{"local_homology": [0, 9]}]}),
            "/input/questions/0/local_homology",
            Invalid,
        ),
        (
            "topology.simplicial_complex.compute",
            json!({"space": {"facets": [[0, 1, 2]]}, "questions": ["materialize", {"boundary": [{"simplex": [0, 1], "coefficient": 1}, {"simplex": [0, 3], "coefficient": 1}]}]}),
            "/input/questions/1/boundary/1/simplex",
            Invalid,
        ),
        (
            "topology.simplicial_complex.compute",
            json!({"space": {"facets": [[0, 1]]}, "questions": [{"simplicial_map": {"target": [[5]], "vertex_map": [[0, 5]]}}]}),
            "/input/questions/0/simplicial_map/vertex_map",
            Invalid,
        ),
        (
            "topology.simplicial_complex.compute",
            json!({"space": {"sphere": 13}, "questions": ["materialize"]}),
            "/input/space/sphere",
            Invalid,
        ),
        (
            "topology.simplicial_complex.compute",
            json!({"space": {"order_complex": {"elements": 3, "relations": [[0, 1], [1, 2], [2, 0]]}}, "questions": ["materialize"]}),
            "/input/space/order_complex/relations",
            Invalid,
        ),
        (
            "homological.filtered_chain_map.compute",
            json!({"complexes": [{"maps": [{"rows": [[-1], [1]]}], "filtration": [[0, 1], [1]]},
                                 {"maps": [{"rows": [[-1], [1]]}], "filtration": [[1, 0], [1]]}],
                   "maps": [{"from": 0, "to": 1, "components": [{"rows": [[1, 0], [0, 1]]}, {"rows": [[1]]}]}],
                   "questions": [{"page": {"map": 0, "r": 1}}]}),
            "/input/maps/0/components/0/rows/0/0",
            Invalid,
        ),
        (
            "homological.filtered_chain_map.compute",
            json!({"complexes": [{"maps": [{"rows": [[-1], [1]]}], "filtration": [[0, 1], [1]]}],
                   "maps": [{"from": 0, "to": 0, "components": [{"rows": [[1, 0], [0, 1]]}]}],
                   "questions": [{"check": 0}]}),
            "/input/maps/0/components",
            Invalid,
        ),
        (
            "finite_abelian_group.compute",
            json!({"group": [4, 3], "questions": [{"factorization": {"a": [[0, 0], [4, 1]]}}]}),
            "/input/questions/0/factorization/a/1/0",
            Invalid,
        ),
        (
            "finite_abelian_group.compute",
            json!({"group": [128, 64], "questions": [{"spectral": {"set": [[0, 0]]}}]}),
            "/input/group",
            Invalid,
        ),
        (
            "finite_abelian_group.compute",
            json!({"group": [32, 64], "questions": [{"spectral": {"set": [[0, 0], [0, 1]]}}]}),
            "/input/questions/0/spectral/spectrum",
            Invalid,
        ),
        (
            "matrix.compute.inertia_cells",
            json!({"coefficients": [{"rows": [[1, 0], [0, 1]]}, {"rows": [[0, 1], [2, 0]]}]}),
            "/input/coefficients/1/rows/1/0",
            Invalid,
        ),
        (
            "lattice.compute.invariant_forms",
            json!({"generators": [{"rows": [[0, -1], [1, 0]]}, {"rows": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}]}),
            "/input/generators/1",
            Invalid,
        ),
        (
            "topology.nodal_degeneration.compute",
            json!({"genera": [0, 0, 0], "nodes": [[0, 1], [1, 3]]}),
            "/input/nodes/1/1",
            Invalid,
        ),
        (
            "topology.nodal_degeneration.compute",
            json!({"genera": [0, 0, 0], "nodes": [[0, 1], [0, 0]]}),
            "/input/nodes",
            Invalid,
        ),
        (
            "topology.nodal_degeneration.compute",
            json!({"genera": [1, 1], "nodes": [[0, 1], [0, 1]], "thickness": [2, 0]}),
            "/input/thickness/1",
            Invalid,
        ),
        (
            "matrix.circulant.compute",
            json!({"question": {"circulant": {"first_row": vec![1; 65]}}}),
            "/input/question/circulant/first_row",
            Invalid,
        ),
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

/// Every example of every capability of the pack runs and succeeds, VERIFY examples to VERIFIED.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_example_runs() {
    let jac = jacobian::builder().build().await.unwrap();
    for a in jacobian_adapters::linear_algebra::adapters() {
        let d = a.descriptor();
        assert!(!d.examples.is_empty(), "{} has no example", d.id);
        for ex in &d.examples {
            let r = jac.run(CapabilityRequest::new(d.id.as_str(), ex.input.clone()).mode(ex.mode)).await;
            assert_eq!(r.status(), ExecutionStatus::Succeeded, "{} {}: {:?}", d.id, ex.title, r.execution.diagnostics);
            if ex.mode == Mode::Verify {
                let level = r.assurance.level;
                assert_eq!(level, AssuranceLevel::Verified, "{} {}: {:?}", d.id, ex.title, r.execution.diagnostics);
            }
        }
    }
}

/// The native Smith diagonal (no transforms, EXPLORE) equals the one with transforms, which the
/// checker replays in VERIFY (U·A·V = D, det U = det V = ±1): native on generic matrices, PARI/GP
/// on the others (scalar multiples, singular, rectangular, prescribed invariant factors).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn smith_diagonal_without_transforms_equals_the_verified_one() {
    let jac = jacobian::builder().build().await.unwrap();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |bound: i64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % (2 * bound as u64 + 1)) as i64 - bound
    };
    let mut matrices: Vec<Vec<Vec<i64>>> = vec![];
    for n in [1usize, 2, 3, 5, 8, 13, 30, 45] {
        matrices.push((0..n).map(|_| (0..n).map(|_| next(10)).collect()).collect());
        matrices.push((0..n).map(|_| (0..n).map(|_| next(1_000_000)).collect()).collect());
    }
    // diag(1, 2, 6) and 2·I, twisted by unimodular matrices; a singular and a rectangular one.
    let twist = |d: [i64; 3]| {
        let (u, v) = ([[1, 2, 0], [0, 1, 3], [1, 0, 1]], [[1, 0, 0], [4, 1, 0], [-2, 5, 1]]);
        (0..3).map(|i| (0..3).map(|j| (0..3).map(|k| u[i][k] * d[k] * v[k][j]).sum()).collect()).collect()
    };
    // diag(3, 2): Smith form diag(1, 6), but its left kernel modulo 6 is spanned by (2, 3), with
    // no coordinate prime to 6, so the transforms come from PARI/GP.
    matrices.extend([
        twist([1, 2, 6]),
        twist([2, 2, 2]),
        vec![vec![1, 2], vec![2, 4]],
        vec![vec![2, 4, 4]],
        vec![vec![3, 0], vec![0, 2]],
    ]);
    for a in matrices {
        let request = |transforms: bool| {
            CapabilityRequest::new("matrix.transform.smith", json!({"matrix": {"rows": a}, "transforms": transforms}))
        };
        let (plain, full) = (jac.run(request(false)).await, jac.run(request(true).mode(Mode::Verify)).await);
        assert_eq!(plain.status(), ExecutionStatus::Succeeded, "{a:?}: {:?}", plain.execution.diagnostics);
        assert_eq!(full.assurance.level, AssuranceLevel::Verified, "{a:?}: {:?}", full.execution.diagnostics);
        assert_eq!(plain.output["diagonal"], full.output["diagonal"], "{a:?}");
        assert_eq!(plain.output["rank"], full.output["rank"], "{a:?}");
        assert!(plain.output.get("left").is_none() && full.output.get("left").is_some(), "{a:?}");
    }
}
