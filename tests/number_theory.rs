//! The number-theory pack against its references: every capability's answers on generated
//! cases equal SymPy's or brute force's (tests/reference/*_cases.py), VERIFY-capable
//! capabilities reach VERIFIED through their checkers, and bad input is refused with the pointer
//! of the field (discovery is evaluated in `discovery`).

use std::collections::BTreeSet;
use std::path::Path;

use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
use serde_json::{Value, json};

/// The families of the pack.
const FAMILIES: &[&str] = &[
    "integer.",
    "modular.",
    "rational.",
    "number_theory.",
    "elliptic_curve.",
    "number_field.",
    "quadratic_form.",
    "finite_field.",
    "dirichlet_character.",
    "congruence.",
    "arithmetic.",
    "polynomial.",
    "real_algebraic.",
    "polynomial_field.",
    "formal_series.",
    "orthogonal_polynomial.",
    "rational_function.",
];

/// Capabilities of the pack whose references live in tests/backends.rs.
const TESTED_ELSEWHERE: &[&str] = &[
    "integer.compute.gcd",
    "integer.factor",
    "integer.decide.prime",
    "integer.compute.properties",
    "integer.compute.primes",
    "integer.compute.divisors",
    "modular.compute.inverse",
    "modular.compute.power",
    "modular.solve.sqrt",
    "modular.solve.discrete_log",
    "modular.solve.crt",
];

/// `REFERENCE_CASES=<part of a script name>` runs only those scripts (and skips the coverage
/// check, which needs them all).
fn only() -> Option<String> {
    std::env::var("REFERENCE_CASES").ok()
}

/// Every case of every `tests/reference/*_cases.py` but the linear-algebra pack's (run with its
/// own checks in `linear_algebra`), in script order.
fn reference_cases() -> Vec<Value> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut scripts: Vec<String> = std::fs::read_dir(root.join("tests/reference"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with("_cases.py"))
        .filter(|f| !crate::linear_algebra::SCRIPTS.contains(&f.as_str()))
        .filter(|f| only().is_none_or(|o| f.contains(&o)))
        .collect();
    scripts.sort();
    crate::cases::from_scripts(&scripts)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_capability_agrees_with_its_reference_and_verifies() {
    let jac = jacobian::builder().build().await.unwrap();
    let cases = reference_cases();
    // Three cases in flight: backend round trips and checker replays overlap.
    let permits = std::sync::Arc::new(tokio::sync::Semaphore::new(3));
    let mut runs = tokio::task::JoinSet::new();
    for c in cases {
        let (jac, permit) = (jac.clone(), permits.clone().acquire_owned().await.unwrap());
        runs.spawn(async move {
            let _permit = permit;
            let ran = crate::cases::run(&jac, &c).await;
            crate::cases::assert_assurance(&c, &ran);
            ran.id
        });
    }
    let mut tested = BTreeSet::new();
    while let Some(id) = runs.join_next().await {
        tested.insert(id.unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic())));
    }
    let catalog = jac.catalog();
    let ids: Vec<&str> =
        catalog["capabilities"].as_array().unwrap().iter().filter_map(|c| c["descriptor"]["id"].as_str()).collect();
    assert!(ids.len() > 200, "the catalog lists {} capabilities", ids.len());
    let untested: Vec<String> = ids
        .into_iter()
        .filter(|id| FAMILIES.iter().any(|f| id.starts_with(f)))
        .filter(|id| !tested.contains(*id) && !TESTED_ELSEWHERE.contains(id))
        .map(str::to_owned)
        .collect();
    assert!(only().is_some() || untested.is_empty(), "capabilities without reference cases: {untested:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_with_the_pointer_of_the_field() {
    let jac = jacobian::builder().build().await.unwrap();
    for (id, input, path) in [
        ("integer.compute.lcm", json!({"values": []}), "/input/values"),
        ("integer.compute.lcm", json!({"values": ["1.5"]}), "/input/values/0"),
        ("integer.compute.root", json!({"n": -8, "k": 2}), "/input/n"),
        ("integer.compute.root", json!({"n": 8, "k": 1}), "/input/k"),
        ("integer.compute.valuation", json!({"n": 0, "p": 2}), "/input/n"),
        ("integer.compute.valuation", json!({"n": 12, "p": 1}), "/input/p"),
        ("integer.transform.base_digits", json!({"n": 12, "base": 1}), "/input/base"),
        ("integer.transform.base_digits", json!({"n": "1".repeat(1001), "base": 2}), "/input/n"),
        ("integer.decide.divides", json!({"d": 0, "n": 5}), "/input/d"),
        ("integer.compute.primorial", json!({"n": 100001}), "/input/n"),
        (
            "number_theory.compute.continued_fraction",
            json!({"value": {"quadratic": {"p": 0, "d": 49, "q": 1}}}),
            "/input/value/quadratic/d",
        ),
        ("number_theory.compute.continued_fraction", json!({"value": {"rational": "1/0"}}), "/input/value/rational"),
        (
            "rational.compute.best_approximation",
            json!({"value": {"rational": "1/3"}, "max_denominator": 0}),
            "/input/max_denominator",
        ),
        ("number_theory.solve.pell", json!({"d": 16}), "/input/d"),
        ("number_theory.solve.pell", json!({"d": 2, "n": 3}), "/input/n"),
        ("number_theory.solve.pell", json!({"d": "2".repeat(61)}), "/input/d"),
        ("number_theory.solve.sum_of_squares", json!({"n": -5, "k": 2}), "/input/n"),
        ("number_theory.solve.sum_of_squares", json!({"n": 5, "k": 5}), "/input/k"),
        ("number_theory.solve.linear_diophantine", json!({"a": 0, "b": 0, "c": 1}), "/input/b"),
        ("number_theory.compute.kronecker_symbol", json!({"a": "x", "n": 3}), "/input/a"),
        ("modular.compute.multiplicative_order", json!({"a": 2, "m": 1}), "/input/m"),
        ("modular.compute.multiplicative_order", json!({"a": 2, "m": "9".repeat(61)}), "/input/m"),
        ("modular.compute.primitive_root", json!({"m": 0}), "/input/m"),
        ("modular.enumerate.quadratic_residues", json!({"m": 1000001}), "/input/m"),
        ("modular.solve.linear_congruence", json!({"a": 3, "b": 1, "m": -7}), "/input/m"),
        ("modular.solve.polynomial_congruence", json!({"coefficients": [], "m": 7}), "/input/coefficients"),
        ("modular.solve.polynomial_congruence", json!({"coefficients": [1, 1], "m": 1}), "/input/m"),
        ("modular.compute.polynomial_image", json!({"coefficients": [1, 1], "m": "10000000"}), "/input/m"),
        ("number_theory.compute.factorial_valuation", json!({"n": 10, "p": 4}), "/input/p"),
        ("number_theory.compute.factorial_valuation", json!({"n": 10, "p": 2, "k": 11}), "/input/k"),
        ("number_theory.compute.interval_profile", json!({"low": 0, "high": 5, "functions": ["mobius"]}), "/input/low"),
        (
            "number_theory.compute.interval_profile",
            json!({"low": 1, "high": 200000, "functions": ["mobius"]}),
            "/input/high",
        ),
        (
            "number_theory.compute.interval_profile",
            json!({"low": 1, "high": 5, "functions": ["zeta"]}),
            "/input/functions/0",
        ),
        ("number_theory.compute.summatory", json!({"x": 10000001, "functions": ["mobius"]}), "/input/x"),
        ("arithmetic.compute.dirichlet", json!({"operation": "convolution", "f": [1, 2]}), "/input/g"),
        ("arithmetic.compute.dirichlet", json!({"operation": "inverse", "f": [2, 1]}), "/input/f/0"),
        ("number_theory.compute.ramanujan_sum", json!({"q": 0, "n": 1}), "/input/q"),
        ("number_theory.compute.smooth_count", json!({"x": 100000000, "y": 5}), "/input/x"),
        ("number_theory.compute.totient_preimages", json!({"m": 0}), "/input/m"),
        ("quadratic_form.binary.reduce", json!({"form": [1, 2, 1]}), "/input/form"),
        ("quadratic_form.binary.reduce", json!({"form": [-1, 1, -1]}), "/input/form/0"),
        ("quadratic_form.binary.compose", json!({"f": [1, 1, 1], "g": [1, 0, 1]}), "/input/g"),
        ("quadratic_form.binary.equivalent", json!({"f": [1, 1, 1], "g": [1, 2, 2]}), "/input/g"),
        ("quadratic_form.binary.class_group", json!({"discriminant": -5}), "/input/discriminant"),
        ("quadratic_form.binary.class_group", json!({"discriminant": 5, "forms": true}), "/input/forms"),
        ("quadratic_form.compute.invariants", json!({"gram": [[1, 2], [3, 1]]}), "/input/gram/1/0"),
        ("quadratic_form.compute.invariants", json!({"gram": [[1, 2]]}), "/input/gram/0"),
        ("quadratic_form.compute.representation_numbers", json!({"gram": [[1]], "bound": 0}), "/input/bound"),
        (
            "rational.compute.arithmetic",
            json!({"operation": "quotient", "operands": ["1/2", "0/5"]}),
            "/input/operands/1",
        ),
        ("rational.compute.arithmetic", json!({"operation": "difference", "operands": ["1/2"]}), "/input/operands"),
        ("rational.compute.arithmetic", json!({"operation": "sum", "operands": ["1/0"]}), "/input/operands/0"),
        (
            "number_theory.solve.padic_roots",
            json!({"coefficients": [1], "p": 5, "precision": 3}),
            "/input/coefficients",
        ),
        (
            "number_theory.solve.padic_roots",
            json!({"coefficients": [1, 1], "p": 5, "precision": 0}),
            "/input/precision",
        ),
        (
            "quadratic_form.compute.operation",
            json!({"coefficients": [[1, 1], [1, 1]], "operation": "matrices"}),
            "/input/coefficients/1",
        ),
        (
            "quadratic_form.compute.operation",
            json!({"coefficients": [[1, 1], [1]], "operation": {"evaluate": {"vectors": [[1]]}}}),
            "/input/operation/evaluate/vectors/0",
        ),
        (
            "quadratic_form.compute.operation",
            json!({"coefficients": [[1, 1], [1]], "operation": {"restrict": {"keep": [1, 0]}}}),
            "/input/operation/restrict/keep",
        ),
        ("congruence.compute.covering", json!({"classes": [{"residue": 1, "modulus": 0}]}), "/input/classes/0/modulus"),
        (
            "congruence.compute.covering",
            json!({"classes": [{"residue": 1, "modulus": 9999991}, {"residue": 1, "modulus": 9999973}]}),
            "/input/classes/1/modulus",
        ),
        (
            "quadratic_form.compute.operation",
            json!({"coefficients": [[1, 0, 0], [1, 0], [1]], "operation": {"modular_values": {"modulus": 101}}}),
            "/input/operation/modular_values/modulus",
        ),
        (
            "quadratic_form.compute.operation",
            json!({"coefficients": [[1]], "operation": {"modular_values": {"modulus": 5, "value": 5}}}),
            "/input/operation/modular_values/value",
        ),
        (
            "quadratic_form.compute.operation",
            json!({"coefficients": [[1, 0], [1]], "operation": {"box_values": {"bound": 1000}}}),
            "/input/operation/box_values/bound",
        ),
        (
            "quadratic_form.compute.operation",
            json!({"coefficients": [[1]], "operation": {"radical": {"prime": 9}}}),
            "/input/operation/radical/prime",
        ),
        (
            "number_theory.affine_forms.local",
            json!({"forms": [[0, 1]], "condition": "prime", "prime_bound": 10}),
            "/input/forms/0/0",
        ),
        (
            "number_theory.affine_forms.local",
            json!({"forms": [[1, 0]], "condition": "prime", "prime_bound": 23, "wheel": true}),
            "/input/prime_bound",
        ),
        (
            "number_theory.affine_forms.local",
            json!({"forms": [[1, 0]], "condition": "squarefree", "prime_bound": 10, "wheel": true}),
            "/input/wheel",
        ),
        (
            "number_theory.affine_forms.interval",
            json!({"forms": [[1, 0]], "condition": "prime", "low": 0, "high": 1_000_000}),
            "/input/high",
        ),
        (
            "number_theory.affine_forms.interval",
            json!({"forms": [[1_000_000, 0]], "condition": "squarefree", "low": 10_000_000, "high": 10_000_010}),
            "/input/forms/0",
        ),
        (
            "finite_field.compute.polynomial_map",
            json!({"p": 8, "variables": ["x"], "polynomials": ["x"], "operation": "table"}),
            "/input/p",
        ),
        (
            "finite_field.compute.polynomial_map",
            json!({"p": 7, "variables": ["x"], "polynomials": ["x + z"], "operation": "table"}),
            "/input/polynomials/0",
        ),
        (
            "finite_field.compute.polynomial_map",
            json!({"p": 7, "variables": ["x", "y"], "polynomials": ["x"], "operation": "dynamics"}),
            "/input/polynomials",
        ),
        (
            "finite_field.compute.polynomial_map",
            json!({"p": 7, "variables": ["x", "y"], "polynomials": ["x^2 + y"], "operation": "projective_zeros"}),
            "/input/polynomials/0",
        ),
        (
            "finite_field.compute.polynomial_map",
            json!({"p": 7, "variables": ["x"], "polynomials": ["x"], "operation": {"evaluate": {"points": [[7]]}}}),
            "/input/operation/evaluate/points/0/0",
        ),
        (
            "finite_field.compute.polynomial_map",
            json!({"p": 1009, "variables": ["x", "y", "z"], "polynomials": ["x"], "operation": "collisions"}),
            "/input/p",
        ),
        (
            "finite_field.compute.polynomial_map",
            json!({"p": 101, "variables": ["x", "y"], "polynomials": ["x*y"], "operation": "directions"}),
            "/input/p",
        ),
        (
            "finite_field.compute.algebraic_set",
            json!({"p": 5, "variables": ["x"], "polynomials": ["x - t"], "operation": "restrict_scalars"}),
            "/input/base_field",
        ),
        (
            "finite_field.compute.algebraic_set",
            json!({"p": 5, "variables": ["x"], "polynomials": ["x"], "operation": "restrict_scalars",
                   "base_field": {"generator": "t", "modulus": [2, 0, 0, 1]}}),
            "/input/base_field/modulus",
        ),
        (
            "finite_field.compute.algebraic_set",
            json!({"p": 3, "variables": ["x"], "polynomials": ["x"], "operation": "restrict_scalars",
                   "base_field": {"generator": "x", "modulus": [1, 0, 1]}}),
            "/input/base_field/generator",
        ),
        (
            "finite_field.compute.algebraic_set",
            json!({"p": 3, "variables": ["x"], "polynomials": ["x + s"], "operation": {"points": {}}}),
            "/input/polynomials/0",
        ),
        (
            "finite_field.compute.algebraic_set",
            json!({"p": 3, "variables": ["x"], "polynomials": ["x"], "operation": {"points": {"degrees": [1, 0]}}}),
            "/input/operation/points/degrees/1",
        ),
        (
            "finite_field.compute.algebraic_set",
            json!({"p": 11, "variables": ["x", "y"], "polynomials": ["x*y"], "operation": {"points": {"degrees": [3]}}}),
            "/input/operation/points/degrees/0",
        ),
        ("finite_field.construct.paley", json!({"p": 9}), "/input/p"),
        ("finite_field.construct.paley", json!({"p": 5003}), "/input/p"),
        ("number_theory.compute.divisor_sum_preimages", json!({"m": 0}), "/input/m"),
        ("number_theory.compute.divisor_sum_preimages", json!({"m": 10, "k": 0}), "/input/k"),
        ("number_theory.compute.divisor_sum_preimages", json!({"m": 10, "power_sums": [11]}), "/input/power_sums/0"),
        ("number_theory.compute.totient_preimages", json!({"m": 10, "power_sums": vec![1; 11]}), "/input/power_sums"),
        (
            "number_theory.construct.arithmetic_graph",
            json!({"integers": [2, 3, 2], "relation": "divides"}),
            "/input/integers/2",
        ),
        (
            "number_theory.construct.arithmetic_graph",
            json!({"integers": [2], "targets": [0], "relation": "coprime"}),
            "/input/targets/0",
        ),
        (
            "number_theory.compute.interval_statistics",
            json!({"low": 1, "high": 10, "statistic": {"p_adic_valuation": {"p": 4}}}),
            "/input/statistic/p_adic_valuation/p",
        ),
        (
            "number_theory.compute.interval_statistics",
            json!({"low": 0, "high": 10, "statistic": "prime_gaps"}),
            "/input/low",
        ),
        (
            "number_theory.compute.interval_statistics",
            json!({"low": 1, "high": 2_000_000, "statistic": "consecutive_sums"}),
            "/input/high",
        ),
        (
            "number_theory.compute.interval_statistics",
            json!({"low": 1, "high": 10, "statistic": {"prime_coverage": {"primes": [2, 9]}}}),
            "/input/statistic/prime_coverage/primes/1",
        ),
        (
            "number_theory.compute.interval_statistics",
            json!({"low": 1, "high": 10, "statistic": {"polynomial_gcd": {"f": [-1, 0, 1], "g": [1, 1]}}}),
            "/input/statistic/polynomial_gcd/g",
        ),
        (
            "number_theory.compute.interval_statistics",
            json!({"low": 1, "high": 10, "statistic": {"product_divisibility": {"shifts": [0, 1], "modulus": 0}}}),
            "/input/statistic/product_divisibility/modulus",
        ),
        (
            "number_theory.compute.interval_statistics",
            json!({"low": 1, "high": 10, "statistic": {"translated_primes": {"translations": [2, 4, 2]}}}),
            "/input/statistic/translated_primes/translations/2",
        ),
        ("quadratic_form.binary.represent", json!({"form": [1, 3, 1], "n": 5}), "/input/form"),
        ("quadratic_form.binary.check", json!({"form": [1, 2, 1], "claims": ["primitive"]}), "/input/form"),
        (
            "finite_field.compute.jacobian_syzygies",
            json!({"variables": ["x", "y"], "domain": "Q", "polynomial": "x^2 + y^2", "operation": "generators"}),
            "/input/domain",
        ),
        (
            "finite_field.compute.invariant_forms",
            json!({"variables": ["x", "y"], "p": 5, "matrices": [[[1, 2], [2, 4]]], "degree": 2}),
            "/input/matrices/0",
        ),
        (
            "finite_field.compute.jacobian_syzygies",
            json!({"variables": ["x", "y"], "domain": "F_5", "polynomial": "x^2 + y^2",
                   "operation": {"check": {"syzygy": ["y"]}}}),
            "/input/operation/check/syzygy",
        ),
        ("quadratic_form.binary.check", json!({"form": [1, 1, 6], "claims": []}), "/input/claims"),
        (
            "quadratic_form.binary.check",
            json!({"form": [1, 1, 6], "claims": [{"represents": {"x": "1e5", "y": 1, "n": 8}}]}),
            "/input/claims/0",
        ),
        ("quadratic_form.binary.represent", json!({"form": [1, 0, 1], "n": 1_000_000_000_000_001u64}), "/input/n"),
        ("number_theory.numerical_semigroup.invariants", json!({"generators": [4, 6]}), "/input/generators"),
        ("number_theory.numerical_semigroup.invariants", json!({"generators": [3, 0]}), "/input/generators/1"),
        (
            "number_theory.numerical_semigroup.invariants",
            json!({"generators": [3001, 3002], "factorization": true}),
            "/input/generators",
        ),
        (
            "number_theory.numerical_semigroup.factorizations",
            json!({"generators": [3, 5], "element": 20_000_001}),
            "/input/element",
        ),
        (
            "number_theory.numerical_semigroup.factorizations",
            json!({"generators": [3, 5], "element": 7, "limit": 100_001}),
            "/input/limit",
        ),
        (
            "number_field.compute.automorphisms",
            json!({"polynomial": [1, 0, 1], "operation": {"apply": {"automorphism": [0, 1, 5], "elements": [[1]]}}}),
            "/input/operation/apply/automorphism",
        ),
        (
            "number_field.compute.automorphisms",
            json!({"polynomial": [1, 0, 1], "operation": {"compose": {"automorphisms": [[0, 1]]}}}),
            "/input/operation/compose/automorphisms",
        ),
        ("number_field.compute.automorphisms", json!({"polynomial": [0, 1, 1]}), "/input/polynomial"),
        (
            "number_field.compute.galois_correspondence",
            json!({"polynomial": [1, 0, 1], "operation": {"compositum": {"polynomial": [1, 0]}}}),
            "/input/operation/compositum/polynomial/1",
        ),
        (
            "number_field.compute.galois_correspondence",
            json!({"polynomial": [1, 0, 1], "operation": {"fixed_field": {"automorphisms": []}}}),
            "/input/operation/fixed_field/automorphisms",
        ),
        (
            "number_field.compute.relative_norm_trace",
            json!({"polynomial": [1, 0, 1], "subfield": [1], "elements": [[1, 2, 3]]}),
            "/input/elements/0",
        ),
        ("number_field.compute.embeddings", json!({"polynomial": [-2, 0, 1], "digits": 501}), "/input/digits"),
        (
            "number_field.compute.embeddings",
            json!({"polynomial": [-2, 0, 1], "operation": {"order": {"elements": [[1], [2]], "embedding": 2}}}),
            "/input/operation/order/embedding",
        ),
        (
            "number_field.compute.embeddings",
            json!({"polynomial": [-2, 0, 1],
                   "operation": {"power_sums": {"element": [0, 1], "embedding": 0, "exponent": 11}}}),
            "/input/operation/power_sums/exponent",
        ),
    ] {
        let r = jac.run(CapabilityRequest::new(id, input.clone())).await;
        assert_ne!(r.status(), ExecutionStatus::Succeeded, "{id} {input}");
        let paths: Vec<_> = r.execution.diagnostics.iter().filter_map(|d| d.path.clone()).collect();
        assert!(paths.iter().any(|p| p == path), "{id} {input}: {paths:?} lacks {path}");
        assert!(r.artifact_uris.is_empty());
    }
}

/// Published constants lie in what the affine-form capabilities enclose: the twin-prime singular
/// series 2·C₂ = 1.32032363169… (the partial product to 10^6 exceeds it by less than 10^−6), and
/// the density ∏ (1 − 2/p²) = 0.32263409893924… of consecutive squarefree pairs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn affine_form_products_enclose_published_constants() {
    let jac = jacobian::builder().build().await.unwrap();
    let decimal = |v: &Value| v.as_str().unwrap().parse::<f64>().unwrap();
    let input = json!({"forms": [[1, 0], [1, 2]], "condition": "prime", "prime_bound": 1_000_000});
    let r = jac.run(CapabilityRequest::new("number_theory.affine_forms.local", input)).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    let [lo, hi] = [0, 1].map(|k| decimal(&r.output["euler_product_bounds"][k]));
    assert!(lo <= hi && 1.320_323_631_69 < lo && hi < 1.320_323_631_69 + 1e-6, "[{lo}, {hi}]");
    let input = json!({"forms": [[1, 0], [1, 1]], "condition": "squarefree", "prime_bound": 1_000_000});
    let r = jac.run(CapabilityRequest::new("number_theory.affine_forms.local", input)).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{:?}", r.execution.diagnostics);
    let [lo, hi] = [0, 1].map(|k| decimal(&r.output["enclosure"][k]));
    assert!(lo < 0.322_634_098_939_244 && 0.322_634_098_939_245 < hi && hi - lo < 3e-6, "[{lo}, {hi}]");
}
