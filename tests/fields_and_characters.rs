//! Number fields and Dirichlet characters beyond their reference cases
//! (tests/reference/number_field_cases.py, dirichlet_cases.py): bad input refused with the
//! pointer of the field and nothing written, reducible polynomials refused by name, class groups
//! and units CONDITIONAL on GRH unless certified, Gauss and Jacobi sums of prime moduli with
//! |τ|² = q, and coordinates of characters that round-trip and match their values (discovery is
//! evaluated in `discovery`).

use jacobian::runtime::contract::{AssuranceLevel, Qualifier};
use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_with_the_pointer_of_the_field() {
    let jac = jacobian::builder().build().await.unwrap();
    let degree =
        |n: usize| json!({"polynomial": (0..=n).map(|k| if k == 0 || k == n { 1 } else { 0 }).collect::<Vec<_>>()});
    for (id, input, path) in [
        ("number_field.compute.invariants", json!({"polynomial": []}), "/input/polynomial"),
        ("number_field.compute.invariants", json!({"polynomial": [0, 0, 0]}), "/input/polynomial"),
        ("number_field.compute.invariants", json!({"polynomial": [5]}), "/input/polynomial"),
        ("number_field.compute.invariants", json!({"polynomial": [1, 2, 0]}), "/input/polynomial/2"),
        ("number_field.compute.invariants", json!({"polynomial": ["1/0", 1]}), "/input/polynomial/0"),
        ("number_field.compute.invariants", json!({"polynomial": [1, 1.5]}), "/input/polynomial/1"),
        (
            "number_field.compute.invariants",
            json!({"polynomial": [format!("1/{}", "7".repeat(51)), 1]}),
            "/input/polynomial/0",
        ),
        ("number_field.compute.invariants", degree(41), "/input/polynomial"),
        ("number_field.compute.class_group", json!({"polynomial": [0, 1, 1]}), "/input/polynomial"),
        ("number_field.compute.class_group", degree(13), "/input/polynomial"),
        ("number_field.compute.unit_group", json!({"polynomial": [2, 0, 1], "certify": "yes"}), "/input/certify"),
        ("number_field.compute.galois_group", degree(8), "/input/polynomial"),
        ("number_field.compute.splitting_field", degree(8), "/input/polynomial"),
        ("number_field.compute.subfields", degree(17), "/input/polynomial"),
        ("number_field.compute.subfields", json!({"polynomial": [1, 0, 1], "max_degree": 0}), "/input/max_degree"),
        ("number_field.compute.prime_decomposition", json!({"polynomial": [1, 0, 1], "p": 15}), "/input/p"),
        ("number_field.compute.prime_decomposition", json!({"polynomial": [1, 0, 1], "p": 1}), "/input/p"),
        ("number_field.compute.prime_decomposition", json!({"polynomial": [1, 0, 1], "p": "561"}), "/input/p"),
        (
            "number_field.compute.prime_decomposition",
            json!({"polynomial": [1, 0, 1], "p": "9".repeat(101)}),
            "/input/p",
        ),
        ("number_field.compute.element", json!({"polynomial": [1, 0, 1], "element": [1, 2, 3]}), "/input/element"),
        ("number_field.compute.element", json!({"polynomial": [1, 0, 1], "element": []}), "/input/element"),
        ("dirichlet_character.compute.properties", json!({"modulus": 0, "index": 1}), "/input/modulus"),
        ("dirichlet_character.compute.properties", json!({"modulus": 10, "index": 4}), "/input/index"),
        ("dirichlet_character.compute.properties", json!({"modulus": 10, "index": 0}), "/input/index"),
        ("dirichlet_character.compute.properties", json!({"modulus": 10, "index": 11}), "/input/index"),
        (
            "dirichlet_character.compute.properties",
            json!({"modulus": 10001, "index": 2, "table": true}),
            "/input/table",
        ),
        ("dirichlet_character.compute.properties", json!({"modulus": "1".repeat(31), "index": 1}), "/input/modulus"),
        (
            "dirichlet_character.compute.properties",
            json!({"modulus": 7, "index": 3, "values": vec![1; 1001]}),
            "/input/values",
        ),
        ("dirichlet_character.enumerate.group", json!({"modulus": 0}), "/input/modulus"),
        ("dirichlet_character.enumerate.group", json!({"modulus": 10001}), "/input/modulus"),
        ("dirichlet_character.compute.gauss_sum", json!({"modulus": 4, "index": 3, "psi": 2}), "/input/psi"),
        ("dirichlet_character.compute.gauss_sum", json!({"modulus": 10001, "index": 2}), "/input/modulus"),
        // 2 has order 3324 modulo 9973: τ would need Q(ζ_m) of degree φ(3324·9973) > 10^4.
        ("dirichlet_character.compute.gauss_sum", json!({"modulus": 9973, "index": 2}), "/input/index"),
        ("dirichlet_character.compute.gauss_sum", json!({"modulus": 7, "index": 3, "mixed": [7]}), "/input/mixed/0"),
        (
            "dirichlet_character.compute.gauss_sum",
            json!({"modulus": 7, "index": 3, "mixed": [1, 1, 1, 1, 1]}),
            "/input/mixed",
        ),
        // 3 · 9973² > 2·10^8.
        (
            "dirichlet_character.compute.gauss_sum",
            json!({"modulus": 9973, "index": 1, "mixed": [1, 1, 1]}),
            "/input/mixed",
        ),
        ("dirichlet_character.compute.operation", json!({"modulus": 40, "operation": "kernel"}), "/input/index"),
        (
            "dirichlet_character.compute.operation",
            json!({"modulus": 40, "index": 7, "operation": {"multiply": {"index": 5}}}),
            "/input/operation/multiply/index",
        ),
        (
            "dirichlet_character.compute.operation",
            json!({"modulus": 40, "index": 7, "operation": {"inflate": {"modulus": 60}}}),
            "/input/operation/inflate/modulus",
        ),
        (
            "dirichlet_character.compute.operation",
            json!({"modulus": 40, "index": 7, "operation": {"inflate": {"modulus": 40040}}}),
            "/input/operation/inflate/modulus",
        ),
        (
            "dirichlet_character.compute.operation",
            json!({"modulus": 40, "index": 7, "operation": {"restrict": {"modulus": 3}}}),
            "/input/operation/restrict/modulus",
        ),
        (
            "dirichlet_character.compute.operation",
            json!({"modulus": 40, "index": 7, "operation": {"orthogonality": {}}}),
            "/input/operation/orthogonality",
        ),
        (
            "dirichlet_character.compute.operation",
            json!({"modulus": 40, "operation": {"indicator_expansion": {"residue": 12}}}),
            "/input/operation/indicator_expansion/residue",
        ),
        (
            "dirichlet_character.compute.operation",
            json!({"modulus": 40, "operation": {"from_coordinates": {"exponents": [1, 1]}}}),
            "/input/operation/from_coordinates/exponents",
        ),
        (
            "dirichlet_character.compute.operation",
            json!({"modulus": 401, "operation": "fourier_matrix"}),
            "/input/modulus",
        ),
        ("dirichlet_character.compute.bernoulli", json!({"modulus": 5, "index": 5, "k": 2}), "/input/index"),
        ("dirichlet_character.compute.bernoulli", json!({"modulus": 5, "index": 2, "k": 201}), "/input/k"),
        (
            "dirichlet_character.compute.bernoulli",
            json!({"modulus": 9973, "index": 2, "k": 200, "prefix": true}),
            "/input/k",
        ),
    ] {
        let r = jac.run(CapabilityRequest::new(id, input.clone())).await;
        assert_ne!(r.status(), ExecutionStatus::Succeeded, "{id} {input}");
        let paths: Vec<_> = r.execution.diagnostics.iter().filter_map(|d| d.path.clone()).collect();
        assert!(paths.iter().any(|p| p == path), "{id} {input}: {paths:?} lacks {path}");
        assert!(r.artifact_uris.is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reducible_polynomial_is_refused_by_name() {
    let jac = jacobian::builder().build().await.unwrap();
    // x⁴ + 4 = (x² + 2x + 2)(x² − 2x + 2) has no rational root; 4x² − 9/4 = (2x − 3/2)(2x + 3/2).
    for polynomial in [json!([4, 0, 0, 0, 1]), json!(["-9/4", 0, 4])] {
        for (id, extra) in [
            ("number_field.compute.invariants", json!({})),
            ("number_field.compute.class_group", json!({})),
            ("number_field.compute.unit_group", json!({})),
            ("number_field.compute.galois_group", json!({})),
            ("number_field.compute.prime_decomposition", json!({"p": 5})),
            ("number_field.compute.element", json!({"element": [1, 1]})),
            ("number_field.compute.subfields", json!({})),
            ("number_field.compute.splitting_field", json!({})),
        ] {
            let mut input = extra.clone();
            input["polynomial"] = polynomial.clone();
            let r = jac.run(CapabilityRequest::new(id, input.clone())).await;
            assert_eq!(r.status(), ExecutionStatus::Unsupported, "{id} {input}");
            let said = r.execution.diagnostics.iter().any(|d| d.message.contains("/polynomial is reducible"));
            assert!(said, "{id} {input}: {:?}", r.execution.diagnostics);
            assert!(r.output.is_null() && r.artifact_uris.is_empty());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn class_groups_and_units_rest_on_grh_unless_certified() {
    let jac = jacobian::builder().build().await.unwrap();
    for id in ["number_field.compute.class_group", "number_field.compute.unit_group"] {
        for (certify, polynomial) in
            [(true, json!([-2, 0, 0, 1])), (false, json!([-2, 0, 0, 1])), (false, json!([23, 0, 1]))]
        {
            let input = json!({"polynomial": polynomial, "certify": certify});
            let r = jac.run(CapabilityRequest::new(id, input.clone())).await;
            assert_eq!(r.status(), ExecutionStatus::Succeeded, "{id} {input}: {:?}", r.execution.diagnostics);
            let conditional = r.qualifiers.contains(&Qualifier::Conditional);
            let assumes = r.execution.diagnostics.iter().any(|d| d.code == "ASSUMES" && d.message.contains("GRH"));
            assert_eq!(conditional, !certify, "{id} {input}: {:?}", r.qualifiers);
            assert_eq!(assumes, !certify, "{id} {input}: {:?}", r.execution.diagnostics);
            assert_eq!(r.output["proof"]["unconditional"], json!(certify));
            assert_eq!(r.output["proof"]["method"], json!(if certify { "bnfcertify" } else { "GRH" }));
            assert_ne!(r.assurance.level, AssuranceLevel::Verified);
        }
    }
}

/// The multiplicative order of n modulo q.
fn order(n: u64, q: u64) -> u64 {
    let (mut x, mut k) = (n % q, 1);
    while x != 1 {
        x = x * n % q;
        k += 1;
    }
    k
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gauss_and_jacobi_sums_of_a_prime_modulus_have_absolute_square_q() {
    let jac = jacobian::builder().build().await.unwrap();
    let small: Vec<(u64, u64)> =
        (2..101).filter(|&n| [2, 4, 5, 10].contains(&order(n, 101))).map(|n| (101, n)).collect();
    assert_eq!(small.len(), 11);
    for (q, n) in small.into_iter().chain([(1009, 1008)]) {
        let input = json!({"modulus": q, "index": n, "psi": n});
        let r = jac.run(CapabilityRequest::new("dirichlet_character.compute.gauss_sum", input.clone())).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{input}: {:?}", r.execution.diagnostics);
        let o = order(n, q);
        assert_eq!(r.output["order"], json!(o));
        assert_eq!(r.output["primitive"], json!(true));
        assert_eq!(r.output["gauss_sum"]["abs_squared"], json!(q), "{input}");
        // J(χ, χ) = τ(χ)²/τ(χ²) has |J|² = q when χ² is not trivial, and J(χ, χ̄) = −χ(−1).
        let j: &Value = &r.output["jacobi_sum"];
        assert_eq!(j["abs_squared"], json!(if o > 2 { q } else { 1 }), "{input}");
    }
    let trivial = json!({"modulus": 101, "index": 1});
    let r = jac.run(CapabilityRequest::new("dirichlet_character.compute.gauss_sum", trivial)).await;
    let mut minus_one = vec![0; 100];
    minus_one[0] = -1;
    assert_eq!(r.output["gauss_sum"]["coefficients"], json!(minus_one), "τ(χ₀) = μ(101) = −1 in Q(ζ₁₀₁)");
    assert_eq!(r.output["gauss_sum"]["abs_squared"], json!(1));
}

/// `coordinates` gives exponents c_i with χ(g_i) = e^(2πi·c_i/d_i) on the generators it names
/// (checked against the values of `dirichlet_character.compute.properties`), and
/// `from_coordinates` maps them back to the same Conrey index.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn character_coordinates_round_trip_and_match_the_values() {
    let jac = jacobian::builder().build().await.unwrap();
    let id = "dirichlet_character.compute.operation";
    for (q, n) in [(1, 1), (5, 2), (8, 3), (40, 7), (63, 38), (120, 77), (1001, 500), (4096, 3)] {
        let r =
            jac.run(CapabilityRequest::new(id, json!({"modulus": q, "index": n, "operation": "coordinates"}))).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{q}.{n}: {:?}", r.execution.diagnostics);
        let generators = r.output["generators"].as_array().unwrap().clone();
        let exponents = r.output["exponents"].clone();
        let at: Vec<Value> = generators.iter().map(|g| g[0].clone()).collect();
        let input = json!({"modulus": q, "index": n, "values": at});
        let p = jac.run(CapabilityRequest::new("dirichlet_character.compute.properties", input)).await;
        let order = p.output["order"].as_str().unwrap().parse::<u64>().unwrap();
        for (i, g) in generators.iter().enumerate() {
            let d = g[1].as_u64().unwrap();
            let c = exponents[i].as_u64().unwrap();
            let k = p.output["values"][i]["exponent"].as_str().unwrap().parse::<u64>().unwrap();
            // e(c/d) = e(k/order)
            assert_eq!((c * order) % d, 0, "{q}.{n} generator {g}");
            assert_eq!(c * order / d % order, k, "{q}.{n} generator {g}");
        }
        let back = json!({"modulus": q, "operation": {"from_coordinates": {"exponents": exponents}}});
        let r = jac.run(CapabilityRequest::new(id, back)).await;
        assert_eq!(r.output["character"]["index"], json!(n), "{q}.{n}");
    }
}
