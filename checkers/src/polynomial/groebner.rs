//! Replay of reduced Gröbner bases: Buchberger's criterion by the checker's own division
//! algorithm, and both-way ideal membership by cofactors.
//!
//! Evidence `polynomial.groebner/v1`, semantics `urn:jacobian:semantics:reduced-groebner-basis:v1`,
//! format `GROEBNER_COFACTORS_V1`. Claim `{"variables": n, "modulus": "0" | "p", "order":
//! "lex" | "grevlex" | "deglex", "generators": [P, …], "basis": [P, …]}` (term-list form of
//! [`super`]; variable 0 is the greatest), candidate `{"basis_from_generators": [[C, …], …],
//! "generators_from_basis": [[C, …], …]}`: row i gives basisᵢ = Σⱼ Cⱼ·generatorⱼ, and row j
//! gives generatorⱼ = Σᵢ Cᵢ·basisᵢ, so both generate the same ideal. The basis is a Gröbner
//! basis when every S-polynomial of two elements whose leading monomials are not coprime
//! reduces to zero (Buchberger's criterion with his first criterion), and it is reduced when
//! each element is monic and no monomial of one is divisible by the leading monomial of another.

use std::cmp::Ordering;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Verdict};
use num_traits::One;
use serde_json::Value;

use super::{Field, Mono, Poly, Q, field, polys, variables};
use crate::evidence::collected::{Step, Stop, array, bad, expect, field as get, object, pointer, verdict};

/// Evidence kind replayed.
pub const EVIDENCE: &str = "polynomial.groebner/v1";
/// Semantics: the basis is the reduced Gröbner basis of the generators' ideal in the order.
pub const SEMANTICS: &str = "urn:jacobian:semantics:reduced-groebner-basis:v1";
/// Certificate format.
pub const FORMAT: &str = "GROEBNER_COFACTORS_V1";
/// Most basis elements or generators.
pub const MAX_ELEMENTS: usize = 500;
/// Most reduction steps in total.
pub const MAX_STEPS: usize = 2_000_000;

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.groebner_basis", "1.0.0", include_str!("groebner.rs"))
});

/// Checks reduced Gröbner bases by Buchberger's criterion and cofactors.
pub struct GroebnerBasis;

/// A monomial order (greater first).
#[derive(Debug, Clone, Copy)]
pub enum Order {
    /// Lexicographic, variable 0 greatest.
    Lex,
    /// Degree reverse lexicographic.
    Grevlex,
    /// Degree lexicographic.
    Deglex,
}

impl Order {
    /// Compares two monomials.
    pub fn cmp(self, a: &[u32], b: &[u32]) -> Ordering {
        let deg = |m: &[u32]| m.iter().map(|&e| u64::from(e)).sum::<u64>();
        match self {
            Order::Lex => a.cmp(b),
            Order::Deglex => deg(a).cmp(&deg(b)).then_with(|| a.cmp(b)),
            Order::Grevlex => deg(a).cmp(&deg(b)).then_with(|| {
                // The smaller is the one with the larger exponent in the last differing variable.
                match a.iter().zip(b).rev().find(|(x, y)| x != y) {
                    Some((x, y)) => y.cmp(x),
                    None => Ordering::Equal,
                }
            }),
        }
    }

    /// The leading term.
    pub fn lead(self, p: &Poly) -> Option<(&Mono, &Q)> {
        p.0.iter().max_by(|a, b| self.cmp(a.0, b.0))
    }
}

fn divides(a: &[u32], b: &[u32]) -> bool {
    a.iter().zip(b).all(|(x, y)| x <= y)
}

struct Reducer<'a> {
    f: &'a Field,
    order: Order,
    cx: &'a CheckContext,
    steps: usize,
}

impl Reducer<'_> {
    /// Whether `p` reduces to zero modulo `basis` (full reduction of leading terms).
    fn reduces_to_zero(&mut self, mut p: Poly, basis: &[(Mono, Q, &Poly)]) -> Step<bool> {
        while let Some((m, c)) = self.order.lead(&p).map(|(m, c)| (m.clone(), c.clone())) {
            self.steps += 1;
            if self.steps > MAX_STEPS {
                return Err(Stop::Limit(format!("more than {MAX_STEPS} reduction steps")));
            }
            if self.steps.is_multiple_of(256) && self.cx.should_stop() {
                return Err(Stop::interrupted());
            }
            let Some((lm, lc, g)) = basis.iter().find(|(lm, _, _)| divides(lm, &m)) else { return Ok(false) };
            let shift: Mono = m.iter().zip(lm.iter()).map(|(x, y)| x - y).collect();
            let coef = self.f.norm(-(c * self.f.inv(lc)));
            p = self.f.add(&p, &self.f.term_times(&coef, &shift, g));
            if p.0.len() > super::MAX_TERMS {
                return Err(Stop::Limit("an intermediate polynomial beyond the term bound".into()));
            }
        }
        Ok(true)
    }
}

fn combination(f: &Field, cofactors: &[Poly], of: &[Poly]) -> Step<Poly> {
    let mut acc = Poly::default();
    for (c, g) in cofactors.iter().zip(of) {
        acc = f.add(&acc, &f.mul(c, g)?);
    }
    Ok(acc)
}

fn cofactor_rows(v: &Value, path: &str, rows: usize, cols: usize, n: usize, f: &Field) -> Step<Vec<Vec<Poly>>> {
    let items = array(v, path)?;
    if items.len() != rows {
        return bad(path, "BAD_LENGTH", format!("{rows} rows of cofactors"));
    }
    let mut out = vec![];
    for (i, row) in items.iter().enumerate() {
        let at = pointer(path, i);
        let row = polys(row, &at, n, f)?;
        if row.len() != cols {
            return bad(at, "BAD_LENGTH", format!("{cols} cofactors"));
        }
        out.push(row);
    }
    Ok(out)
}

fn replay(e: &Evidence, cx: &CheckContext) -> Step<String> {
    expect(e, EVIDENCE, SEMANTICS, FORMAT, "polynomial ideal")?;
    let claim = object(&e.claim, "/claim", &["variables", "modulus", "order", "generators", "basis"])?;
    let cand = object(&e.candidate, "/candidate", &["basis_from_generators", "generators_from_basis"])?;
    let n = variables(get(claim, "/claim", "variables")?, "/claim/variables")?;
    let f = field(get(claim, "/claim", "modulus")?, "/claim/modulus")?;
    let order = match get(claim, "/claim", "order")?.as_str() {
        Some("lex") => Order::Lex,
        Some("grevlex") => Order::Grevlex,
        Some("deglex") => Order::Deglex,
        _ => return bad("/claim/order", "UNKNOWN_ORDER", "lex, grevlex or deglex"),
    };
    let gens = polys(get(claim, "/claim", "generators")?, "/claim/generators", n, &f)?;
    let basis = polys(get(claim, "/claim", "basis")?, "/claim/basis", n, &f)?;
    if gens.len() > MAX_ELEMENTS || basis.len() > MAX_ELEMENTS {
        return Err(Stop::Limit(format!("more than {MAX_ELEMENTS} polynomials")));
    }
    let path = "/candidate/basis_from_generators";
    let down = cofactor_rows(get(cand, "/candidate", "basis_from_generators")?, path, basis.len(), gens.len(), n, &f)?;
    let path = "/candidate/generators_from_basis";
    let up = cofactor_rows(get(cand, "/candidate", "generators_from_basis")?, path, gens.len(), basis.len(), n, &f)?;
    for (i, (b, row)) in basis.iter().zip(&down).enumerate() {
        if cx.should_stop() {
            return Err(Stop::interrupted());
        }
        if combination(&f, row, &gens)? != *b {
            return bad(pointer("/candidate/basis_from_generators", i), "WRONG_COFACTORS", "Σ cⱼ·gⱼ ≠ basis element");
        }
    }
    for (j, (g, row)) in gens.iter().zip(&up).enumerate() {
        if cx.should_stop() {
            return Err(Stop::interrupted());
        }
        if combination(&f, row, &basis)? != *g {
            return bad(pointer("/candidate/generators_from_basis", j), "WRONG_COFACTORS", "Σ cᵢ·bᵢ ≠ generator");
        }
    }
    let mut leads = vec![];
    for (i, b) in basis.iter().enumerate() {
        let Some((m, c)) = order.lead(b) else {
            return bad(pointer("/claim/basis", i), "ZERO", "a basis element is not zero");
        };
        if !c.is_one() {
            return bad(pointer("/claim/basis", i), "NOT_MONIC", "a reduced basis element has leading coefficient 1");
        }
        leads.push((m.clone(), c.clone(), b));
    }
    for (i, b) in basis.iter().enumerate() {
        for (j, (lm, _, _)) in leads.iter().enumerate() {
            if i != j && b.0.keys().any(|m| divides(lm, m)) {
                let why = format!("a monomial of element {i} is divisible by the leading monomial of element {j}");
                return bad(pointer("/claim/basis", i), "NOT_REDUCED", why);
            }
        }
    }
    let mut r = Reducer { f: &f, order, cx, steps: 0 };
    let mut pairs = 0;
    for i in 0..leads.len() {
        for j in i + 1..leads.len() {
            let (a, b) = (&leads[i], &leads[j]);
            if a.0.iter().zip(&b.0).all(|(x, y)| *x == 0 || *y == 0) {
                continue;
            }
            pairs += 1;
            let lcm: Mono = a.0.iter().zip(&b.0).map(|(x, y)| *x.max(y)).collect();
            let sa: Mono = lcm.iter().zip(&a.0).map(|(x, y)| x - y).collect();
            let sb: Mono = lcm.iter().zip(&b.0).map(|(x, y)| x - y).collect();
            let s = f.sub(&f.term_times(&Q::one(), &sa, a.2), &f.term_times(&Q::one(), &sb, b.2));
            if !r.reduces_to_zero(s, &leads)? {
                let why = format!("the S-polynomial of elements {i} and {j} does not reduce to zero");
                return bad("/claim/basis", "NOT_A_GROEBNER_BASIS", why);
            }
        }
    }
    Ok(format!(
        "{} basis elements: cofactors both ways, {pairs} S-polynomials reduced to zero in {} steps",
        basis.len(),
        r.steps
    ))
}

impl Checker for GroebnerBasis {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        verdict(replay(e, cx))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polynomial::testing::{cx, evidence};
    use serde_json::json;

    fn check(claim: Value, candidate: Value) -> Verdict {
        GroebnerBasis.check(&evidence(EVIDENCE, SEMANTICS, FORMAT, claim, candidate), &cx()).unwrap()
    }

    fn accepted(v: &Verdict) -> bool {
        matches!(v, Verdict::Accepted { .. })
    }

    /// Ideal (x² + y² − 1, x − y) in lex x > y: reduced basis (x − y, y² − 1/2).
    /// x − y = g₂; y² − 1/2 = 1/2·g₁ − 1/2·(x + y)·g₂; g₁ = (x + y)·b₁ + 2·b₂; g₂ = b₁.
    fn good() -> (Value, Value) {
        let claim = json!({
            "variables": 2, "modulus": "0", "order": "lex",
            "generators": [[["1", [2, 0]], ["1", [0, 2]], ["-1", [0, 0]]], [["1", [1, 0]], ["-1", [0, 1]]]],
            "basis": [[["1", [1, 0]], ["-1", [0, 1]]], [["1", [0, 2]], ["-1/2", [0, 0]]]]
        });
        let candidate = json!({
            "basis_from_generators": [[[], [["1", [0, 0]]]], [[["1/2", [0, 0]]], [["-1/2", [1, 0]], ["-1/2", [0, 1]]]]],
            "generators_from_basis": [[[["1", [1, 0]], ["1", [0, 1]]], [["2", [0, 0]]]], [[["1", [0, 0]]], []]]
        });
        (claim, candidate)
    }

    #[test]
    fn identity_is_bundled() {
        let id = GroebnerBasis.identity();
        assert!(crate::bundled().iter().any(|c| c.identity() == id && c.evidence_kinds() == [EVIDENCE]));
    }

    #[test]
    fn a_reduced_basis_passes_and_mutations_fail() {
        let (claim, cand) = good();
        assert!(accepted(&check(claim.clone(), cand.clone())), "{:?}", check(claim.clone(), cand.clone()));
        let mut bad_claims = vec![];
        // A dropped basis element (its cofactor row dropped too): not a Gröbner basis of the ideal.
        let mut c = claim.clone();
        c["basis"].as_array_mut().unwrap().remove(1);
        let mut k = cand.clone();
        k["basis_from_generators"].as_array_mut().unwrap().remove(1);
        k["generators_from_basis"][0].as_array_mut().unwrap().remove(1);
        k["generators_from_basis"][1].as_array_mut().unwrap().remove(1);
        bad_claims.push((c, k));
        // A changed coefficient in the basis.
        let mut c = claim.clone();
        c["basis"][1][1][0] = json!("-1/3");
        bad_claims.push((c, cand.clone()));
        // Another order: in grevlex, the same basis is still a basis, but try deglex with a
        // basis that is not reduced (y² − 1/2 + (x − y) keeps the ideal, breaks reducedness).
        let mut c = claim.clone();
        c["basis"][1] = json!([["1", [0, 2]], ["1", [1, 0]], ["-1", [0, 1]], ["-1/2", [0, 0]]]);
        bad_claims.push((c, cand.clone()));
        // A wrong cofactor each way.
        let mut k = cand.clone();
        k["basis_from_generators"][1][0] = json!([["1", [0, 0]]]);
        bad_claims.push((claim.clone(), k));
        let mut k = cand.clone();
        k["generators_from_basis"][0][1] = json!([["3", [0, 0]]]);
        bad_claims.push((claim.clone(), k));
        // A certificate for another ideal: (x² + y² − 4, x − y).
        let mut c = claim.clone();
        c["generators"][0][2][0] = json!("-4");
        bad_claims.push((c, cand.clone()));
        // Not monic.
        let mut c = claim.clone();
        c["basis"][1] = json!([["2", [0, 2]], ["-1", [0, 0]]]);
        let mut k = cand.clone();
        k["basis_from_generators"][1] = json!([[["1", [0, 0]]], [["-1", [1, 0]], ["-1", [0, 1]]]]);
        k["generators_from_basis"][0][1] = json!([["1", [0, 0]]]);
        bad_claims.push((c, k));
        // Generators that are not a Gröbner basis, offered as one (x² + y² − 1, x − y).
        let mut c = claim.clone();
        c["basis"] = c["generators"].clone();
        c["basis"][0] = json!([["1", [2, 0]], ["1", [0, 2]], ["-1", [0, 0]]]);
        let k = json!({
            "basis_from_generators": [[[["1", [0, 0]]], []], [[], [["1", [0, 0]]]]],
            "generators_from_basis": [[[["1", [0, 0]]], []], [[], [["1", [0, 0]]]]]
        });
        bad_claims.push((c, k));
        for (c, k) in bad_claims {
            assert!(!accepted(&check(c.clone(), k.clone())), "{c} {k}");
        }
        let mut c = claim.clone();
        c["order"] = json!("revlex");
        assert!(!accepted(&check(c, cand.clone())));
    }

    #[test]
    fn orders_compare_as_singular_does() {
        // x > y > z. grevlex: x*z^2 (deg 3) > y^2 (deg 2); x*z vs y^2: y^2 > x*z; lex: x*z > y^2.
        assert_eq!(Order::Grevlex.cmp(&[1, 0, 1], &[0, 2, 0]), Ordering::Less);
        assert_eq!(Order::Lex.cmp(&[1, 0, 1], &[0, 2, 0]), Ordering::Greater);
        assert_eq!(Order::Deglex.cmp(&[1, 0, 1], &[0, 2, 0]), Ordering::Greater);
        assert_eq!(Order::Grevlex.cmp(&[1, 1, 0], &[1, 0, 1]), Ordering::Greater);
    }
}
