//! Elliptic curves over Q and finite fields beyond their reference cases
//! (tests/reference/elliptic_cases.py and finite_field_cases.py, run by `number_theory`): bad
//! input is refused at the pointer of its field before anything runs or is written, sizes beyond
//! the contract are TOO_LARGE, and isomorphisms over F_p carry the curve and its points
//! (discovery is evaluated in `discovery`).

use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
use serde_json::{Value, json};

/// Refusals `(capability, input, pointer, status, code)`.
fn refusals() -> Vec<(&'static str, Value, &'static str, ExecutionStatus, &'static str)> {
    use ExecutionStatus::{InvalidRequest as Invalid, Unsupported};
    let huge = format!("1{}", "0".repeat(40));
    let long_poly: Vec<u32> = (0..=2001).map(|i| u32::from(i == 0 || i == 2001)).collect();
    vec![
        ("elliptic_curve.compute.invariants", json!({"curve": [0, 0]}), "/input/curve", Invalid, "SINGULAR"),
        // x³ − 3x + 2 = (x − 1)²(x + 2): a node.
        ("elliptic_curve.compute.invariants", json!({"curve": [-3, 2]}), "/input/curve", Invalid, "SINGULAR"),
        ("elliptic_curve.compute.rank", json!({"curve": ["-3/4", "1/4"]}), "/input/curve", Invalid, "SINGULAR"),
        ("elliptic_curve.compute.torsion", json!({"curve": [1, 2, 3]}), "/input/curve", Invalid, "BAD_LENGTH"),
        ("elliptic_curve.compute.torsion", json!({"curve": [1, huge]}), "/input/curve/1", Unsupported, "TOO_LARGE"),
        ("elliptic_curve.compute.isogeny_class", json!({"curve": [0, "1/0"]}), "/input/curve/1", Invalid, ""),
        ("elliptic_curve.find.points", json!({"curve": [0, 1], "height": 0}), "/input/height", Invalid, ""),
        ("elliptic_curve.find.points", json!({"curve": [0, 1], "height": 1_000_001}), "/input/height", Invalid, ""),
        (
            "elliptic_curve.compute.point_arithmetic",
            json!({"curve": [0, 1], "operation": "negate", "p": [1, 1]}),
            "/input/p",
            Invalid,
            "NOT_ON_CURVE",
        ),
        (
            "elliptic_curve.compute.point_arithmetic",
            json!({"curve": [0, 1], "operation": "add", "p": [2, 3]}),
            "/input/q",
            Invalid,
            "MISSING",
        ),
        (
            "elliptic_curve.compute.point_arithmetic",
            json!({"curve": [0, 1], "operation": "multiply", "p": [2, 3], "n": 1_000_001}),
            "/input/n",
            Invalid,
            "OUT_OF_RANGE",
        ),
        (
            "elliptic_curve.compute.point_arithmetic",
            json!({"curve": [0, 1], "operation": "order", "p": [2, huge]}),
            "/input/p",
            Invalid,
            "NOT_ON_CURVE",
        ),
        ("elliptic_curve.compute.reduction", json!({"curve": [0, 1], "p": 15}), "/input/p", Invalid, "NOT_PRIME"),
        (
            "elliptic_curve.compute.reduction",
            json!({"curve": [0, -1, 1, -10, -20], "p": 11}),
            "/input/p",
            Invalid,
            "BAD_REDUCTION",
        ),
        (
            "elliptic_curve.compute.reduction",
            json!({"curve": [0, 1], "p": 5, "extensions": 101}),
            "/input/extensions",
            Invalid,
            "",
        ),
        (
            "elliptic_curve.compute.reduction",
            json!({"curve": [0, 1], "p": format!("1{}7", "0".repeat(40))}),
            "/input/p",
            Unsupported,
            "TOO_LARGE",
        ),
        ("finite_field.decide.irreducible", json!({"p": 9, "polynomial": [1, 0, 1]}), "/input/p", Invalid, "NOT_PRIME"),
        ("finite_field.decide.irreducible", json!({"p": 1, "polynomial": [1, 1]}), "/input/p", Invalid, "NOT_PRIME"),
        (
            "finite_field.decide.irreducible",
            json!({"p": 7, "polynomial": []}),
            "/input/polynomial",
            Invalid,
            "DEGREE_BELOW_ONE",
        ),
        (
            "finite_field.decide.irreducible",
            json!({"p": 7, "polynomial": [5]}),
            "/input/polynomial",
            Invalid,
            "DEGREE_BELOW_ONE",
        ),
        (
            "finite_field.decide.irreducible",
            json!({"p": 7, "polynomial": [1, 1, 14]}),
            "/input/polynomial/2",
            Invalid,
            "LEADING_ZERO",
        ),
        (
            "finite_field.decide.irreducible",
            json!({"p": 2, "polynomial": long_poly}),
            "/input/polynomial",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "finite_field.decide.irreducible",
            json!({"p": format!("1{}", "0".repeat(200)), "polynomial": [1, 1]}),
            "/input/p",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "finite_field.decide.primitive",
            json!({"p": 3, "polynomial": (0..=320).map(|i| u32::from(i % 320 == 0)).collect::<Vec<_>>()}),
            "/input/polynomial",
            Unsupported,
            "TOO_LARGE",
        ),
        ("finite_field.find.polynomial", json!({"p": 91, "degree": 3}), "/input/p", Invalid, "NOT_PRIME"),
        ("finite_field.find.polynomial", json!({"p": 5, "degree": 0}), "/input/degree", Invalid, ""),
        ("finite_field.find.polynomial", json!({"p": 2, "degree": 500}), "/input/degree", Unsupported, "TOO_LARGE"),
        (
            "finite_field.find.polynomial",
            json!({"p": 7, "degree": 180, "primitive": true}),
            "/input/degree",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "finite_field.compute.element",
            json!({"p": 7, "modulus": [3, 0, 1], "element": [1, 1]}),
            "/input/modulus",
            Invalid,
            "REDUCIBLE",
        ),
        (
            "finite_field.compute.element",
            json!({"p": 7, "degree": 2, "element": []}),
            "/input/element",
            Invalid,
            "BAD_LENGTH",
        ),
        (
            "finite_field.compute.element",
            json!({"p": 7, "degree": 2, "element": [1, 2, 3]}),
            "/input/element",
            Invalid,
            "BAD_LENGTH",
        ),
        ("finite_field.compute.element", json!({"p": 7, "element": [1]}), "/input/degree", Invalid, "MISSING"),
        (
            "finite_field.compute.element",
            json!({"p": "18446744073709551629", "degree": 2, "element": [1]}),
            "/input/p",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "finite_field.count.zeros",
            json!({"p": 4, "variables": 1, "terms": [[1, [1]]]}),
            "/input/p",
            Invalid,
            "NOT_PRIME",
        ),
        (
            "finite_field.count.zeros",
            json!({"p": 5, "variables": 2, "terms": [[1, [1]]]}),
            "/input/terms/0/1",
            Invalid,
            "BAD_ARITY",
        ),
        (
            "finite_field.count.zeros",
            json!({"p": 101, "variables": 3, "terms": [[1, [1, 1, 1]]]}),
            "/input/variables",
            Unsupported,
            "TOO_LARGE",
        ),
        (FF, json!({"curve": [2, 3], "p": 91, "operation": "invariants"}), "/input/p", Invalid, "NOT_PRIME"),
        // y² = x³ + 2x + 2 modulo 5: 4·2³ + 27·2² = 140 ≡ 0.
        (FF, json!({"curve": [2, 2], "p": 5, "operation": "invariants"}), "/input/curve", Invalid, "SINGULAR"),
        (
            FF,
            json!({"curve": [2, 3], "p": 97, "operation": {"add": {"p": [3, 6], "q": [3, 7]}}}),
            "/input/operation/add/q",
            Invalid,
            "NOT_ON_CURVE",
        ),
        (
            FF,
            json!({"curve": [2, 3], "p": 97, "operation": {"membership": {"point": [3, 6], "generators": []}}}),
            "/input/operation/membership/generators",
            Invalid,
            "OUT_OF_RANGE",
        ),
        (
            FF,
            json!({"curve": [2, 3], "p": 97, "operation": {"base_change": {"degree": 101}}}),
            "/input/operation/base_change/degree",
            Invalid,
            "OUT_OF_RANGE",
        ),
        (FF, json!({"curve": [2, 3], "p": 100_003, "operation": "points"}), "/input/p", Unsupported, "TOO_LARGE"),
        (FF, json!({"curve": [2, 3], "p": huge, "operation": "twist"}), "/input/p", Unsupported, "TOO_LARGE"),
        (
            FF,
            json!({"curve": [2, 3], "p": 97, "operation": {"multiply": {"point": [3, 6], "n": "9".repeat(101)}}}),
            "/input/operation/multiply/n",
            Unsupported,
            "TOO_LARGE",
        ),
        (ISO, json!({"curve": [2, 3], "other": [0, 0], "p": 97}), "/input/other", Invalid, "SINGULAR"),
        (
            ISO,
            json!({"curve": [2, 3], "other": [1, 1], "p": 97, "points": [[3, 7]]}),
            "/input/points/0",
            Invalid,
            "NOT_ON_CURVE",
        ),
    ]
}

const FF: &str = "elliptic_curve.compute.finite_field";
const ISO: &str = "elliptic_curve.decide.finite_field_isomorphism";

/// The isomorphism found carries E to E' (E' = ellchangecurve(E, [u, r, s, t]) by Silverman's
/// table 3.1, recomputed here), the transported points are the images x' = (x − r)/u²,
/// y' = (y − s(x − r) − t)/u³, and the generators of E(F_p) have the orders d1 and d2.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn isomorphisms_carry_the_curve_and_its_points_and_generators_form_a_basis() {
    let jac = jacobian::builder().build().await.unwrap();
    let m = |x: i128, p: i128| x.rem_euclid(p);
    let inv = |x: i128, p: i128| (1..p).find(|y| m(x * y, p) == 1).unwrap();
    for (a, b, p, pts) in [
        ([1, 2, 3, 4, 5], [69, 56, 49, 41, 96], 101, vec![[54, 74]]),
        ([0, 0, 0, 2, 3], [0, 0, 0, 85, 44], 97, vec![[3, 6], [80, 10]]),
        ([1, 0, 1, 1, 1], [1, 1, 0, 1, 0], 2, vec![[1, 1]]),
        ([0, 0, 0, 1, 0], [0, 0, 0, 16, 0], 13, vec![]),
    ] {
        let input = json!({"curve": a, "other": b, "p": p, "points": pts});
        let r = jac.run(CapabilityRequest::new(ISO, input.clone())).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{input}: {:?}", r.execution.diagnostics);
        assert_eq!(r.output["isomorphic"], json!(true), "{input}: {}", r.output);
        let v: Vec<i128> =
            r.output["isomorphism"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().parse().unwrap()).collect();
        let (u, rr, s, t) = (v[0], v[1], v[2], v[3]);
        let [a1, a2, a3, a4, a6] = a.map(i128::from);
        let ui = inv(u, p);
        let moved = [
            m((a1 + 2 * s) * ui, p),
            m((a2 - s * a1 + 3 * rr - s * s) * ui.pow(2), p),
            m((a3 + rr * a1 + 2 * t) * ui.pow(3), p),
            m((a4 - s * a3 + 2 * rr * a2 - (t + rr * s) * a1 + 3 * rr * rr - 2 * s * t) * ui.pow(4), p),
            m((a6 + rr * a4 + rr * rr * a2 + rr.pow(3) - t * a3 - t * t - rr * t * a1) * ui.pow(6), p),
        ];
        assert_eq!(moved, b.map(|c| m(c.into(), p)), "{input}");
        for (k, [x, y]) in pts.iter().enumerate() {
            let (x, y) = (i128::from(*x), i128::from(*y));
            let image = [m((x - rr) * ui.pow(2), p), m((y - s * (x - rr) - t) * ui.pow(3), p)];
            let got = &r.output["transported"][k];
            assert_eq!(got, &json!([image[0].to_string(), image[1].to_string()]), "{input}");
        }
    }
    for (curve, p) in [(json!([0, 0, 0, -1, 0]), 13), (json!([1, 2, 3, 4, 5]), 101), (json!([0, 0, 0, 1, 0]), 5)] {
        let input = json!({"curve": curve, "p": p, "operation": "invariants"});
        let r = jac.run(CapabilityRequest::new(FF, input.clone())).await;
        let inv = &r.output["invariants"];
        let structure = inv["structure"].as_array().unwrap();
        for (g, d) in inv["generators"].as_array().unwrap().iter().zip(structure) {
            let order = json!({"curve": curve, "p": p, "operation": {"order": {"point": g}}});
            let o = jac.run(CapabilityRequest::new(FF, order)).await;
            assert_eq!(&o.output["order"], d, "{input}: generator {g}");
        }
        let product: u64 = structure.iter().map(|d| d.as_str().unwrap().parse::<u64>().unwrap()).product();
        assert_eq!(product.to_string(), inv["count"].as_str().unwrap(), "{input}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_at_its_pointer_and_nothing_is_written() {
    let jac = jacobian::builder().build().await.unwrap();
    for (id, input, path, status, code) in refusals() {
        let r = jac.run(CapabilityRequest::new(id, input.clone())).await;
        assert_eq!(r.status(), status, "{id} {input}: {:?}", r.execution.diagnostics);
        let hit = r.execution.diagnostics.iter().find(|d| d.path.as_deref() == Some(path));
        let hit = hit.unwrap_or_else(|| panic!("{id} {input}: {:?} lacks {path}", r.execution.diagnostics));
        assert!(code.is_empty() || hit.code == code, "{id} {input}: {hit:?} is not {code}");
        assert!(r.artifact_uris.is_empty(), "{id} {input} wrote {:?}", r.artifact_uris);
        assert!(r.output.is_null(), "{id} {input} answered {}", r.output);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_that_finds_nothing_is_bounded_and_a_large_multiple_is_refused() {
    let jac = jacobian::builder().build().await.unwrap();
    // y² = x³ + 7 has no rational point of small height (it has none at all but infinity).
    let r =
        jac.run(CapabilityRequest::new("elliptic_curve.find.points", json!({"curve": [0, 7], "height": 1000}))).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded);
    assert_eq!(r.output, json!({"points": [], "count": 0}));
    assert!(r.execution.diagnostics.iter().any(|d| d.code == "BOUNDED"), "{:?}", r.execution.diagnostics);
    // 10^5·(0, 0) on 37a1 would have coordinates of about 2·10^8 digits.
    let input = json!({"curve": [0, 0, 1, -1, 0], "operation": "multiply", "p": [0, 0], "n": 100_000});
    let r = jac.run(CapabilityRequest::new("elliptic_curve.compute.point_arithmetic", input)).await;
    assert_eq!(r.status(), ExecutionStatus::Unsupported, "{:?}", r.execution.diagnostics);
}

/// The restriction of scalars of a system over F_q = F_p[t]/(m) has as many F_p-points as the
/// system has F_q-points, and its points listed over F_q satisfy the system: the restriction (an
/// expansion in polynomial arithmetic) and the count (log tables of F_q) are computed apart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restriction_of_scalars_has_the_points_of_the_system_it_restricts() {
    let jac = jacobian::builder().build().await.unwrap();
    let run = |input: Value| {
        let jac = jac.clone();
        async move {
            let r = jac.run(CapabilityRequest::new("finite_field.compute.algebraic_set", input.clone())).await;
            assert_eq!(r.status(), ExecutionStatus::Succeeded, "{input}: {:?}", r.execution.diagnostics);
            r.output
        }
    };
    let systems = [
        (2, json!([1, 1, 1]), json!(["x", "y"]), json!(["y^2 + t*y - x^3 - 1", "x*y + t"])),
        (2, json!([1, 1, 0, 1]), json!(["x", "y"]), json!(["x^2 + t*x*y + y^3 + t^2"])),
        (3, json!([1, 0, 1]), json!(["x", "y"]), json!(["x^3 - x + t*y^2 - 1"])),
        (5, json!([2, 0, 1]), json!(["x"]), json!(["x^3 - t"])),
        (3, json!([2, 1, 1]), json!(["x", "y", "z"]), json!(["x*y - t*z", "x + y + z + t"])),
    ];
    for (p, modulus, variables, polynomials) in systems {
        let base = json!({"generator": "t", "modulus": modulus});
        let over_q = run(json!({"p": p, "variables": variables, "polynomials": polynomials, "base_field": base,
                                "operation": {"points": {"list": true}}}))
        .await;
        let restricted = run(json!({"p": p, "variables": variables, "polynomials": polynomials, "base_field": base,
                                    "operation": "restrict_scalars"}))
        .await;
        let r = &restricted["restriction"];
        let over_p = run(
            json!({"p": p, "variables": r["variables"], "polynomials": r["polynomials"], "operation": {"points": {}}}),
        )
        .await;
        let count = over_q["extensions"][0]["count"].as_u64().unwrap();
        assert_eq!(over_p["extensions"][0]["count"], count, "{polynomials} over F_{p}[t]/{modulus}");
        assert!(count > 0, "{polynomials}: a system without points tests little");
        assert_eq!(over_q["listed_all"], true);
        assert_eq!(over_q["extensions"][0]["points"].as_array().unwrap().len() as u64, count);
    }
}
