//! The matrix checker against true statements (worked by hand or printed by PARI/GP once and
//! written here) and their mutants: every one-entry change of a certificate or result is rejected.

use super::*;
use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
use jacobian_runtime::{CancellationToken, Digest, Scope};
use serde_json::json;

fn cx() -> CheckContext {
    CheckContext {
        artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
        cancel: CancellationToken::new(),
        deadline: std::time::Instant::now() + std::time::Duration::from_secs(60),
    }
}

fn evidence(claim: Value) -> Evidence {
    Evidence {
        kind: MATRIX_EVIDENCE.into(),
        claim,
        semantics: MATRIX_SEMANTICS.into(),
        candidate: json!({}),
        scope: Scope::exact_input("matrix", Digest::of_bytes(b"t")),
        certificate_format: MATRIX_FORMAT.into(),
        artifacts: vec![],
    }
}

fn check(ring: &str, statement: Value) -> Verdict {
    MatrixCertificate
        .check(&evidence(json!({"ring": ring, "statements": [statement]})), &cx())
        .expect("not interrupted")
}

fn m(rows: &[&[i64]]) -> Value {
    let n = rows.first().map_or(0, |r| r.len());
    json!({"shape": [rows.len(), n], "rows": rows.iter().map(|r| r.iter().map(|x| x.to_string()).collect::<Vec<_>>()).collect::<Vec<_>>()})
}

fn strs(xs: &[i64]) -> Value {
    json!(xs.iter().map(|x| x.to_string()).collect::<Vec<_>>())
}

/// Every string entry under `v` moved by +1 (and, for 0, by −1 too), one at a time, in place.
fn mutants(v: &Value) -> Vec<Value> {
    let mut out = vec![];
    match v {
        Value::String(s) => {
            if let Ok(n) = s.parse::<i64>() {
                out.push(json!((n + 1).to_string()));
                if n == 0 {
                    out.push(json!("-1"));
                }
            }
        }
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                for mutant in mutants(x) {
                    let mut c = items.clone();
                    c[i] = mutant;
                    out.push(Value::Array(c));
                }
            }
        }
        Value::Object(map) => {
            for (k, x) in map {
                if k == "shape" {
                    continue;
                }
                for mutant in mutants(x) {
                    let mut c = map.clone();
                    c.insert(k.clone(), mutant);
                    out.push(Value::Object(c));
                }
            }
        }
        _ => {}
    }
    out
}

fn accepted(v: &Verdict) -> bool {
    matches!(v, Verdict::Accepted { .. })
}

/// `statement` is accepted, and every mutant of each field in `certificate` is rejected.
fn suite(ring: &str, kind: &str, body: Value, certificate: &[&str]) -> usize {
    let v = check(ring, json!({ kind: body.clone() }));
    assert!(accepted(&v), "{kind}: {v:?}");
    let mut count = 0;
    for f in certificate {
        let ms = mutants(&body[*f]);
        assert!(!ms.is_empty(), "{kind}/{f} has no mutants");
        for mutant in ms {
            let mut bad = body.clone();
            bad[*f] = mutant;
            let v = check(ring, json!({ kind: bad.clone() }));
            assert!(matches!(v, Verdict::Rejected { .. }), "{kind}/{f}: {bad} gave {v:?}");
            count += 1;
        }
    }
    count
}

#[test]
fn identity_is_versioned_and_bundled() {
    let id = MatrixCertificate.identity();
    assert_eq!((id.id.as_str(), id.version.as_str()), ("jacobian.check.matrix", "1.0.0"));
    assert!(crate::bundled().iter().any(|c| c.identity() == id && c.evidence_kinds() == [MATRIX_EVIDENCE]));
}

#[test]
fn every_statement_holds_and_every_mutant_of_its_certificate_fails() {
    let a4 = m(&[&[2, -1, 0, 3], &[1, 5, -2, 0], &[0, 4, 7, -1], &[3, 0, 1, 2]]);
    let mut n = 0;
    n += suite("Z", "determinant", json!({"matrix": a4, "value": "-196"}), &["value"]);
    n += suite("Q", "trace", json!({"matrix": m(&[&[1, 2], &[3, 4]]), "value": "5"}), &["value"]);
    n += suite("F_7", "determinant", json!({"matrix": m(&[&[1, 2], &[3, 4]]), "value": "5"}), &["value"]);
    n += suite(
        "Z",
        "inverse",
        json!({"matrix": m(&[&[2, 1], &[1, 1]]), "inverse": m(&[&[1, -1], &[-1, 2]])}),
        &["inverse"],
    );
    n += suite(
        "Z",
        "adjugate",
        json!({"matrix": m(&[&[1, 2], &[3, 4]]), "adjugate": m(&[&[4, -2], &[-3, 1]])}),
        &["adjugate"],
    );
    n += suite(
        "Z",
        "adjugate",
        json!({"matrix": m(&[&[1, 2], &[2, 4]]), "adjugate": m(&[&[4, -2], &[-2, 1]])}),
        &["adjugate"],
    );
    let kernel = json!({
        "matrix": m(&[&[1, 2, 3], &[4, 5, 6]]), "basis": m(&[&[1], &[-2], &[1]]),
        "minor": {"rows": [0, 1], "cols": [0, 1]}, "basis_rows": [0]
    });
    n += suite("Q", "kernel", kernel.clone(), &["basis"]);
    let mut rank = kernel.clone();
    rank["rank"] = json!(2);
    assert!(accepted(&check("Q", json!({"rank": rank.clone()}))));
    rank["rank"] = json!(1);
    assert!(!accepted(&check("Q", json!({"rank": rank}))));
    n += suite(
        "Q",
        "span",
        json!({"matrix": m(&[&[1, 2], &[2, 4]]), "basis": m(&[&[1], &[2]]), "selection": m(&[&[1], &[0]]),
               "combination": m(&[&[1, 2]]), "basis_rows": [0]}),
        &["basis"],
    );
    n += suite(
        "Q",
        "echelon",
        json!({"matrix": m(&[&[1, 2], &[2, 4]]), "form": m(&[&[1, 2], &[0, 0]]), "transform": m(&[&[1, 0], &[-2, 1]]),
               "back": m(&[&[1, 0], &[2, 1]]), "reduced": true}),
        &["form", "transform"],
    );
    n += suite(
        "Z",
        "hermite",
        json!({"matrix": m(&[&[2, 3, 4], &[5, 6, 7], &[8, 9, 11]]), "form": m(&[&[3, 1, 0], &[0, 1, 0], &[0, 0, 1]]),
               "transform": m(&[&[-3, -2, 1], &[-1, 3, -2], &[3, -1, 1]])}),
        &["form", "transform"],
    );
    n += suite(
        "Z",
        "hermite",
        json!({"matrix": m(&[&[1, 2, 3], &[2, 4, 6]]), "form": m(&[&[1], &[2]]),
               "transform": m(&[&[-3, -2, 1], &[0, 1, 0], &[1, 0, 0]])}),
        &["form", "transform"],
    );
    n += suite(
        "Z",
        "smith",
        json!({"matrix": m(&[&[2, 4, 4], &[-6, 6, 12], &[10, -4, -16]]), "left": m(&[&[0, 0, 1], &[0, 1, 0], &[1, 0, -5]]),
               "right": m(&[&[3, -2, 4], &[-1, 3, -2], &[2, -2, 3]]), "diagonal": strs(&[2, 6, 12])}),
        &["left", "right", "diagonal"],
    );
    n += suite(
        "Z",
        "lll",
        json!({"basis": m(&[&[1, 0, 0], &[0, 1, 0], &[10, 20, 31], &[2, 3, 5]]),
               "transform": m(&[&[-12, 7, -5, 31], &[1, 0, 0, 0], &[0, 1, 0, 0], &[2, -2, 1, -6]]),
               "kernel": 1, "reduced": m(&[&[1, 0, 0], &[0, 1, 0], &[0, 0, 1]]), "delta": "99/100", "eta": "51/100"}),
        &["transform", "reduced"],
    );
    n += suite(
        "Q",
        "no_solution",
        json!({"matrix": m(&[&[1, 1], &[2, 2]]), "rhs": m(&[&[1], &[3]]), "certificate": m(&[&[-2, 1]])}),
        &["certificate"],
    );
    n += suite(
        "Q",
        "characteristic_polynomial",
        json!({"matrix": m(&[&[1, 2], &[3, 4]]), "coefficients": strs(&[-2, -5, 1])}),
        &["coefficients"],
    );
    n += suite(
        "Q",
        "minimal_polynomial",
        json!({"matrix": m(&[&[2, 1, 0], &[0, 2, 0], &[0, 0, 2]]), "coefficients": strs(&[4, -4, 1]), "positions": [0, 1]}),
        &["coefficients"],
    );
    n += suite(
        "Z",
        "abelian_group",
        json!({"relations": m(&[&[2, 0], &[0, 3]]), "left": m(&[&[1, 1], &[3, 2]]), "right": m(&[&[-1, 3], &[1, -2]]),
               "diagonal": strs(&[1, 6]), "invariants": strs(&[6]), "rank": 0}),
        &["left", "right", "diagonal", "invariants"],
    );
    n += suite(
        "Z",
        "homology",
        json!({"facets": [[0, 1], [0, 2], [1, 2]],
               "smith": [{"left": m(&[&[-1, 0, -1], &[0, 0, 1], &[1, 1, 1]]), "right": m(&[&[1, 0, 1], &[0, 1, -1], &[0, 0, 1]]),
                          "diagonal": strs(&[1, 1, 0])}],
               "betti": [1, 1], "torsion": [[], []]}),
        &["smith"],
    );
    // The circle again, as a chain complex given by its map.
    n += suite(
        "Z",
        "chain_homology",
        json!({"maps": [m(&[&[-1, -1, 0], &[1, 0, -1], &[0, 1, 1]])],
               "smith": [{"left": m(&[&[-1, 0, -1], &[0, 0, 1], &[1, 1, 1]]), "right": m(&[&[1, 0, 1], &[0, 1, -1], &[0, 0, 1]]),
                          "diagonal": strs(&[1, 1, 0])}],
               "betti": [1, 1], "torsion": [[], []]}),
        &["smith"],
    );
    // [[0, 1], [1, 0]] with P = [[1, -1/2], [1, 1/2]]: PᵀAP = diag(2, -1/2).
    n += suite(
        "Z",
        "congruence",
        json!({"matrix": m(&[&[0, 1], &[1, 0]]),
               "transform": {"shape": [2, 2], "rows": [["1", "-1/2"], ["1", "1/2"]]},
               "diagonal": ["2", "-1/2"], "inertia": [1, 1, 0]}),
        &["transform", "diagonal"],
    );
    n += suite(
        "Z",
        "permanent",
        json!({"matrix": m(&[&[1, 2, 0], &[3, 4, 5], &[6, 0, 7]]), "value": "130"}),
        &["value"],
    );
    n += suite(
        "Z",
        "equal",
        json!([{"product": [m(&[&[1, 2], &[3, 4]]), m(&[&[0, 1], &[1, 0]])]}, m(&[&[2, 1], &[4, 3]])]),
        &[],
    );
    n += suite(
        "Q",
        "gram_schmidt",
        json!({"basis": m(&[&[1, 0], &[1, 1], &[2, 1]]), "orthogonal": m(&[&[1, 0], &[0, 1], &[0, 0]]),
               "coefficients": m(&[&[1, 0, 0], &[1, 1, 0], &[2, 1, 1]])}),
        &["orthogonal", "coefficients"],
    );
    n += suite(
        "Q",
        "jordan",
        json!({"matrix": m(&[&[1, 1, 2], &[-1, 3, 1], &[0, 0, 3]]), "form": m(&[&[2, 1, 0], &[0, 2, 0], &[0, 0, 3]]),
               "transform": m(&[&[1, 0, 1], &[1, 1, 0], &[0, 0, 1]]), "inverse": m(&[&[1, 0, -1], &[-1, 1, 1], &[0, 0, 1]])}),
        &["form", "transform", "inverse"],
    );
    n += suite(
        "Z",
        "equal",
        json!([{"stack": [m(&[&[1, 2]]), {"transpose": m(&[&[3], &[4]])}]}, m(&[&[1, 2], &[3, 4]])]),
        &[],
    );
    assert!(n > 150, "{n} mutants");
}

#[test]
fn sign_statements_hold_exactly_at_their_boundaries() {
    let sign = |of: Value, is: &str| accepted(&check("Q", json!({"sign": {"of": of, "is": is}})));
    let row = |xs: &[&str]| json!({"shape": [1, xs.len()], "rows": [xs]});
    assert!(sign(row(&["1/3", "2"]), "positive"));
    assert!(!sign(row(&["1/3", "0"]), "positive"));
    assert!(sign(row(&["0", "2"]), "nonnegative"));
    assert!(!sign(row(&["0", "-1/1000"]), "nonnegative"));
    assert!(sign(row(&["-1/2", "-3"]), "negative"));
    assert!(!sign(row(&["-1/2", "0"]), "negative"));
    assert!(sign(row(&["0", "-3"]), "nonpositive"));
    assert!(!sign(row(&["1/7", "-3"]), "nonpositive"));
    // An expression: [1 2]·[1; -1] = -1 is negative, not nonnegative.
    let product = json!({"product": [m(&[&[1, 2]]), m(&[&[1], &[-1]])]});
    assert!(sign(product.clone(), "negative"));
    assert!(!sign(product, "nonnegative"));
    assert!(!sign(row(&["1"]), "large"));
    assert!(!accepted(&check("F_5", json!({"sign": {"of": m(&[&[1]]), "is": "positive"}}))));
}

#[test]
fn a_jordan_form_needs_its_shape_and_gram_schmidt_its_orthogonality() {
    // A diagonalizable matrix written with a spurious 1 between different eigenvalues.
    let bad_shape = json!({"matrix": m(&[&[1, 1], &[0, 2]]), "form": m(&[&[1, 1], &[0, 2]]),
                           "transform": m(&[&[1, 0], &[0, 1]]), "inverse": m(&[&[1, 0], &[0, 1]])});
    assert!(matches!(check("Q", json!({"jordan": bad_shape})), Verdict::Rejected { .. }));
    // B = M·B* holds with B* = B and M = I, but the rows of B are not orthogonal.
    let not_orthogonal = json!({"basis": m(&[&[1, 0], &[1, 1]]), "orthogonal": m(&[&[1, 0], &[1, 1]]),
                                "coefficients": m(&[&[1, 0], &[0, 1]])});
    assert!(matches!(check("Q", json!({"gram_schmidt": not_orthogonal})), Verdict::Rejected { .. }));
    let stack = json!([{"stack": [m(&[&[1, 2]]), m(&[&[3]])]}, m(&[&[1, 2], &[3, 0]])]);
    assert!(matches!(check("Z", json!({"equal": stack})), Verdict::Rejected { .. }));
}

#[test]
fn over_z_a_rational_separator_proves_no_integer_solution() {
    let body =
        |y: &str| json!({"matrix": m(&[&[2, 4]]), "rhs": m(&[&[1]]), "certificate": {"shape": [1, 1], "rows": [[y]]}});
    assert!(accepted(&check("Z", json!({"no_solution": body("1/2")}))));
    assert!(!accepted(&check("Z", json!({"no_solution": body("1/4")}))));
    assert!(!accepted(&check("Z", json!({"no_solution": body("1")}))));
}

#[test]
fn expressions_evaluate_with_the_checkers_own_arithmetic() {
    let a = m(&[&[1, 1], &[1, 0]]);
    for (l, r, holds) in [
        (json!({"power": [a.clone(), 10]}), m(&[&[89, 55], &[55, 34]]), true),
        (json!({"power": [a.clone(), 10]}), m(&[&[89, 55], &[55, 35]]), false),
        (json!({"sum": [a.clone(), {"negate": a.clone()}]}), m(&[&[0, 0], &[0, 0]]), true),
        (json!({"kronecker": [m(&[&[1, 2]]), m(&[&[1], &[3]])]}), m(&[&[1, 2], &[3, 6]]), true),
        (json!({"scale": ["3", {"transpose": m(&[&[1, 2]])}]}), m(&[&[3], &[6]]), true),
        (json!({"identity": 2}), m(&[&[1, 0], &[0, 1]]), true),
        (json!({"product": [m(&[&[1, 2]]), m(&[&[1, 2]])]}), m(&[&[1]]), false),
    ] {
        assert_eq!(accepted(&check("Z", json!({"equal": [l.clone(), r]}))), holds, "{l}");
    }
    // Over F_5: 3·2 = 1.
    assert!(accepted(&check("F_5", json!({"equal": [{"scale": ["3", m(&[&[2]])]}, m(&[&[1]])]}))));
    assert!(!accepted(&check("F_5", json!({"equal": [m(&[&[7]]), m(&[&[2]])]}))));
}

#[test]
fn malformed_evidence_is_rejected_and_limits_are_inconclusive() {
    let det = |ring: &str, value: &str| {
        check(ring, json!({"determinant": {"matrix": m(&[&[1, 2], &[3, 4]]), "value": value}}))
    };
    assert!(accepted(&det("Z", "-2")));
    for (ring, value) in
        [("Z", "-2/1"), ("Z", "+2"), ("Z", "-02"), ("F_9", "1"), ("R", "-2"), ("F_5", "-2"), ("Z", "1/2")]
    {
        assert!(matches!(det(ring, value), Verdict::Rejected { .. }), "{ring} {value}");
    }
    assert!(!accepted(&check("Z", json!({"determinant": {"matrix": m(&[&[1, 2]]), "value": "0"}}))));
    assert!(!accepted(&check("Z", json!({"unknown": {}}))));
    assert!(!accepted(&check("Z", json!({"determinant": {"matrix": m(&[&[1]]), "value": "1", "extra": 1}}))));
    let ragged = json!({"shape": [2, 2], "rows": [["1", "2"], ["3"]]});
    assert!(!accepted(&check("Z", json!({"determinant": {"matrix": ragged, "value": "0"}}))));
    let mut e = evidence(json!({"ring": "Z", "statements": [{"determinant": {"matrix": m(&[&[1]]), "value": "1"}}]}));
    assert!(accepted(&MatrixCertificate.check(&e, &cx()).unwrap()));
    e.scope.universal = true;
    assert!(matches!(MatrixCertificate.check(&e, &cx()).unwrap(), Verdict::Rejected { .. }));
    let big = json!({"shape": [MAX_DIMENSION + 1, 0], "rows": vec![json!([]); MAX_DIMENSION + 1]});
    assert!(matches!(check("Z", json!({"equal": [big.clone(), big]})), Verdict::Inconclusive { .. }));
    let c = cx();
    c.cancel.cancel();
    let e = evidence(json!({"ring": "Z", "statements": [{"determinant": {"matrix": m(&[&[1]]), "value": "1"}}]}));
    assert!(matches!(MatrixCertificate.check(&e, &c), Err(CheckError::Interrupted)));
}
