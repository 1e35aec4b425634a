//! Replay of polynomial identities, degree bounds and resultants, every expression expanded
//! by the checker's own sparse arithmetic over Q or F_p.
//!
//! Evidence `polynomial.identities/v1`, semantics
//! `urn:jacobian:semantics:polynomial-identities-hold:v1`, format `POLYNOMIAL_IDENTITIES_V1`.
//! Claim `{"variables": n, "modulus": "0" | "p", "relations": [R, …]}`, candidate `{}`.
//! `R` is one of
//!
//! - `{"kind": "equal", "left": E, "right": E}`: the two sides expand to the same polynomial;
//! - `{"kind": "degree_less", "left": E, "right": E, "variable": i}`: deg_i left < deg_i right
//!   (the zero polynomial has degree −∞, and the right side is not zero);
//! - `{"kind": "resultant", "f": E, "g": E, "variable": i, "value": E}`: f and g involve only
//!   variable i, the value is a constant, and it is the determinant of their Sylvester matrix
//!   (computed by the checker's own elimination);
//! - `{"kind": "sign", "value": E, "sign": "positive" | "nonnegative" | "negative"}`: over Q, the
//!   value expands to a constant of that sign (the weights of a sum-of-squares certificate, a
//!   point where a polynomial is negative);
//! - `{"kind": "syzygy", "generators": [E, …], "syzygy": [E, …], "degree": d}`: the tuple
//!   (a₁, …, aₖ) is not zero, each aᵢ has total degree ≤ d, and Σ aᵢ·gᵢ = 0;
//! - `{"kind": "no_syzygy", "generators": [E, …], "degree": d, "rows": [[e₁, …, eₙ], …],
//!   "prime": "q"}`: no nonzero tuple of polynomials of total degree ≤ d has Σ aᵢ·gᵢ = 0. The
//!   checker enumerates the unknowns (one per generator and monomial of degree ≤ d) itself;
//!   `rows` names as many monomials, and the square matrix of their coefficients in m·gᵢ is
//!   nonsingular modulo the prime q (the modulus itself over F_p; over Q any prime below 2³¹
//!   dividing no denominator), so the map is injective;
//!
//! with `E` a polynomial in the term-list form of [`super`], `{"sum": [E, …]}`,
//! `{"product": [E, …]}`, `{"power": [E, k]}` (k ≤ 1000) or `{"derivative": [E, i]}`.
//!
//! This one language carries the certificates of the polynomial pack: factorizations (the
//! product of the factors is the input), gcds (cofactors and a Bézout relation), ideal
//! membership and Nullstellensatz certificates (Σ cᵢ·gᵢ = f, or = 1), divisions (f = q·g + r
//! with deg r < deg g), partial fractions (recombined over the common denominator) and
//! resultants and discriminants. Sizes past the bounds of [`super`] answer inconclusive.

use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use num_integer::Integer;
use num_traits::{One, Zero};
use serde_json::Value;

use super::{Field, Poly, Q, field, poly, variables};
use crate::evidence::collected::{Findings, Step, Stop, array, bad, expect, field as get, object, pointer, verdict};

/// Evidence kind replayed.
pub const EVIDENCE: &str = "polynomial.identities/v1";
/// Semantics: every listed relation holds.
pub const SEMANTICS: &str = "urn:jacobian:semantics:polynomial-identities-hold:v1";
/// Certificate format (the claim is its own certificate).
pub const FORMAT: &str = "POLYNOMIAL_IDENTITIES_V1";
/// Most relations.
pub const MAX_RELATIONS: usize = 1000;
/// Most expression nodes.
pub const MAX_NODES: usize = 100_000;
/// Deepest nesting.
pub const MAX_DEPTH: usize = 32;
/// Largest power.
pub const MAX_POWER: u64 = 1000;
/// Largest Sylvester matrix.
pub const MAX_SYLVESTER: usize = 400;
/// Largest square minor of a `no_syzygy` relation.
pub const MAX_MINOR: usize = 1000;
/// Most generators of a syzygy relation.
pub const MAX_GENERATORS: usize = 64;

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.polynomial_identities", "1.2.0", include_str!("identities.rs"))
});

/// Checks polynomial identities, degree bounds and resultants by expanding them.
pub struct PolynomialIdentities;

struct Eval<'a> {
    n: usize,
    f: Field,
    cx: &'a CheckContext,
    nodes: usize,
}

impl Eval<'_> {
    fn eval(&mut self, v: &Value, path: &str, depth: usize) -> Step<Poly> {
        self.nodes += 1;
        if self.nodes > MAX_NODES || depth > MAX_DEPTH {
            return Err(Stop::Limit(format!("{path}: more than {MAX_NODES} nodes or {MAX_DEPTH} levels")));
        }
        if self.cx.should_stop() {
            return Err(Stop::interrupted());
        }
        if v.is_array() {
            return poly(v, path, self.n, &self.f);
        }
        let Some((op, args)) = v.as_object().filter(|m| m.len() == 1).and_then(|m| m.iter().next()) else {
            return bad(path, "NOT_AN_EXPRESSION", "a term list, or one of sum, product, power, derivative");
        };
        let at = pointer(path, op);
        let items = array(args, &at)?;
        match op.as_str() {
            "sum" | "product" if !items.is_empty() => {
                let mut acc = Poly::constant(Q::from_integer(i64::from(op == "product").into()), self.n);
                for (i, e) in items.iter().enumerate() {
                    let x = self.eval(e, &pointer(&at, i), depth + 1)?;
                    acc = if op == "sum" { self.f.add(&acc, &x) } else { self.f.mul(&acc, &x)? };
                }
                Ok(acc)
            }
            "power" | "derivative" if items.len() == 2 => {
                let Some(k) = items[1].as_u64() else {
                    return bad(pointer(&at, 1), "NOT_A_NATURAL", "expected k ≥ 0");
                };
                let base = self.eval(&items[0], &pointer(&at, 0), depth + 1)?;
                if op == "power" {
                    if k > MAX_POWER {
                        return Err(Stop::Limit(format!("{at}: a power above {MAX_POWER}")));
                    }
                    let mut acc = Poly::constant(Q::one(), self.n);
                    for _ in 0..k {
                        acc = self.f.mul(&acc, &base)?;
                    }
                    return Ok(acc);
                }
                let i = usize::try_from(k).ok().filter(|&i| i < self.n);
                let Some(i) = i else { return bad(pointer(&at, 1), "BAD_VARIABLE", "a variable index") };
                let mut out = Poly::default();
                for (m, c) in &base.0 {
                    if m[i] > 0 {
                        let mut e = m.clone();
                        e[i] -= 1;
                        let t = Poly(std::iter::once((e, c * Q::from_integer(m[i].into()))).collect());
                        out = self.f.add(&out, &t);
                    }
                }
                Ok(out)
            }
            _ => bad(at, "BAD_OPERATION", "sum and product take a non-empty list; power and derivative [E, k]"),
        }
    }
}

/// The determinant of a square matrix over the field, by Gaussian elimination.
fn determinant(mut a: Vec<Vec<Q>>, f: &Field, cx: &CheckContext) -> Step<Q> {
    let n = a.len();
    let mut det = Q::one();
    for col in 0..n {
        if cx.should_stop() {
            return Err(Stop::interrupted());
        }
        let Some(piv) = (col..n).find(|&r| !a[r][col].is_zero()) else { return Ok(Q::zero()) };
        if piv != col {
            a.swap(piv, col);
            det = -det;
        }
        det = f.norm(&det * &a[col][col]);
        let inv = f.inv(&a[col][col]);
        for r in col + 1..n {
            if a[r][col].is_zero() {
                continue;
            }
            let factor = f.norm(&a[r][col] * &inv);
            let (top, rest) = a.split_at_mut(r);
            for (x, y) in rest[0][col..].iter_mut().zip(&top[col][col..]) {
                *x = f.norm(&*x - &factor * y);
            }
        }
    }
    Ok(f.norm(det))
}

/// Res(f, g) by the Sylvester determinant; `f`, `g` dense, lowest first.
pub fn sylvester_resultant(f: &[Q], g: &[Q], field: &Field, cx: &CheckContext) -> Step<Q> {
    if f.is_empty() || g.is_empty() {
        return Ok(Q::zero());
    }
    let (m, n) = (f.len() - 1, g.len() - 1);
    let size = m + n;
    if size > MAX_SYLVESTER {
        return Err(Stop::Limit(format!("a Sylvester matrix of order {size}")));
    }
    let mut rows = vec![];
    for (poly, copies, deg) in [(f, n, m), (g, m, n)] {
        for k in 0..copies {
            let mut row = vec![Q::zero(); size];
            for j in 0..=deg {
                row[k + j] = poly[deg - j].clone();
            }
            rows.push(row);
        }
    }
    determinant(rows, field, cx)
}

fn relation(ev: &mut Eval, r: &Value, path: &str) -> Step<Option<Finding>> {
    let kind = r.get("kind").and_then(Value::as_str).unwrap_or("");
    let fields: &[&str] = match kind {
        "equal" => &["kind", "left", "right"],
        "degree_less" => &["kind", "left", "right", "variable"],
        "resultant" => &["kind", "f", "g", "variable", "value"],
        "sign" => &["kind", "value", "sign"],
        "syzygy" | "no_syzygy" => return syzygy(ev, r, kind, path),
        _ => {
            return bad(
                pointer(path, "kind"),
                "UNKNOWN_RELATION",
                "equal, degree_less, resultant, sign, syzygy or no_syzygy",
            );
        }
    };
    let map = object(r, path, fields)?;
    let mut sides = vec![];
    for name in &fields[1..] {
        let v = get(map, path, name)?;
        if *name == "sign" {
            let code = match v.as_str() {
                Some("negative") => -1,
                Some("nonnegative") => 0,
                Some("positive") => 1,
                _ => return bad(pointer(path, name), "BAD_SIGN", "positive, nonnegative or negative"),
            };
            sides.push(Poly::constant(Q::from_integer(code.into()), 0));
        } else if *name == "variable" {
            match v.as_u64().filter(|&i| (i as usize) < ev.n) {
                Some(i) => sides.push(Poly::constant(Q::from_integer(i.into()), 0)),
                None => return bad(pointer(path, name), "BAD_VARIABLE", "a variable index"),
            }
        } else {
            sides.push(ev.eval(v, &pointer(path, name), 0)?);
        }
    }
    let var = |p: &Poly| p.0.values().next().and_then(|q| q.numer().try_into().ok()).unwrap_or(0usize);
    let fail = |code: &str, m: String| Ok(Some(Finding::at(path, code, m)));
    match kind {
        "equal" if sides[0] == sides[1] => Ok(None),
        "equal" => fail("NOT_EQUAL", "the two sides expand to different polynomials".into()),
        "sign" => {
            let constant = sides[0].0.keys().all(|m| m.iter().all(|&e| e == 0));
            let value = sides[0].0.values().next().cloned().unwrap_or_else(Q::zero);
            let want = sides[1].0.values().next().cloned().unwrap_or_else(Q::zero);
            let holds = match want.numer().sign() {
                num_bigint::Sign::Minus => value < Q::zero(),
                num_bigint::Sign::NoSign => value >= Q::zero(),
                num_bigint::Sign::Plus => value > Q::zero(),
            };
            if ev.f.p != 0.into() {
                fail("NOT_ORDERED", "signs are of rational constants (modulus 0)".into())
            } else if !constant {
                fail("NOT_CONSTANT", "the value of a sign relation is a constant".into())
            } else if holds {
                Ok(None)
            } else {
                fail("WRONG_SIGN", format!("the value is {value}"))
            }
        }
        "degree_less" => {
            let i = var(&sides[2]);
            match (sides[0].degree_in(i), sides[1].degree_in(i)) {
                (_, None) => fail("DEGREE", "the right side is zero".into()),
                (Some(a), Some(b)) if a >= b => fail("DEGREE", format!("degree {a} is not below {b}")),
                _ => Ok(None),
            }
        }
        _ => {
            let i = var(&sides[2]);
            let (Some(f), Some(g)) = (sides[0].dense(i), sides[1].dense(i)) else {
                return fail("NOT_UNIVARIATE", format!("f and g must involve only variable {i}"));
            };
            let Some(value) = sides[3].dense(0).filter(|_| sides[3].0.keys().all(|m| m.iter().all(|&e| e == 0))) else {
                return fail("NOT_CONSTANT", "the resultant value is a constant".into());
            };
            let value = value.first().cloned().unwrap_or_else(Q::zero);
            let res = sylvester_resultant(&f, &g, &ev.f, ev.cx)?;
            if res == value { Ok(None) } else { fail("WRONG_RESULTANT", format!("the Sylvester determinant is {res}")) }
        }
    }
}

/// The expressions of a list, evaluated.
fn expressions(ev: &mut Eval, v: &Value, path: &str) -> Step<Vec<Poly>> {
    let items = array(v, path)?;
    if items.is_empty() || items.len() > MAX_GENERATORS {
        return bad(path, "BAD_LENGTH", format!("1 to {MAX_GENERATORS} polynomials"));
    }
    items.iter().enumerate().map(|(i, e)| ev.eval(e, &pointer(path, i), 0)).collect()
}

/// `syzygy` and `no_syzygy`.
fn syzygy(ev: &mut Eval, r: &Value, kind: &str, path: &str) -> Step<Option<Finding>> {
    let fields: &[&str] = if kind == "syzygy" {
        &["kind", "generators", "syzygy", "degree"]
    } else {
        &["kind", "generators", "degree", "rows", "prime"]
    };
    let map = object(r, path, fields)?;
    let gens = expressions(ev, get(map, path, "generators")?, &pointer(path, "generators"))?;
    let degree = crate::evidence::collected::natural(get(map, path, "degree")?, &pointer(path, "degree"))?;
    let fail = |code: &str, m: String| Ok(Some(Finding::at(path, code, m)));
    if kind == "syzygy" {
        let a = expressions(ev, get(map, path, "syzygy")?, &pointer(path, "syzygy"))?;
        if a.len() != gens.len() {
            return fail("BAD_LENGTH", format!("{} entries for {} generators", a.len(), gens.len()));
        }
        if a.iter().all(Poly::is_zero) {
            return fail("ZERO_SYZYGY", "the tuple is zero".into());
        }
        let total = |m: &[u32]| m.iter().map(|&e| u64::from(e)).sum::<u64>();
        if a.iter().flat_map(|x| x.0.keys()).any(|m| total(m) > degree) {
            return fail("DEGREE", format!("an entry has total degree above {degree}"));
        }
        let mut sum = Poly::default();
        for (x, g) in a.iter().zip(&gens) {
            sum = ev.f.add(&sum, &ev.f.mul(x, g)?);
        }
        return if sum.is_zero() { Ok(None) } else { fail("NOT_A_SYZYGY", "the combination is not zero".into()) };
    }
    // The unknowns: one per generator and monomial of total degree ≤ d. Their number, C(n + d, n)
    // per generator, is bounded before any is built.
    let mut count: u128 = 1;
    for i in 1..=ev.n as u128 {
        count = count * (i + u128::from(degree)) / i;
        if count > MAX_MINOR as u128 || count * gens.len() as u128 > MAX_MINOR as u128 {
            return Err(Stop::Limit(format!("a minor of order above {MAX_MINOR}")));
        }
    }
    let mut monomials = vec![vec![]];
    for _ in 0..ev.n {
        monomials = monomials
            .into_iter()
            .flat_map(|m: Vec<u32>| {
                let used: u64 = m.iter().map(|&e| u64::from(e)).sum();
                (0..=degree.saturating_sub(used)).map(move |e| [m.clone(), vec![e as u32]].concat())
            })
            .collect();
        if monomials.len() * gens.len() > MAX_MINOR {
            return Err(Stop::Limit(format!("a minor of order above {MAX_MINOR}")));
        }
    }
    let size = monomials.len() * gens.len();
    let rows_at = pointer(path, "rows");
    let rows = array(get(map, path, "rows")?, &rows_at)?;
    if rows.len() != size {
        return fail("NOT_SQUARE", format!("{} rows for {size} unknowns", rows.len()));
    }
    let mut seen = std::collections::BTreeSet::new();
    let mut exponents = vec![];
    for (i, row) in rows.iter().enumerate() {
        let at = pointer(&rows_at, i);
        let e = crate::evidence::collected::naturals(row, &at)?;
        if e.len() != ev.n || e.iter().any(|&x| x > u64::from(u32::MAX)) {
            return bad(at, "BAD_MONOMIAL", format!("{} exponents", ev.n));
        }
        let e: Vec<u32> = e.into_iter().map(|x| x as u32).collect();
        if !seen.insert(e.clone()) {
            return fail("REPEATED_ROW", format!("row {i} repeats a monomial"));
        }
        exponents.push(e);
    }
    let prime_at = pointer(path, "prime");
    let q = field(get(map, path, "prime")?, &prime_at)?.p;
    let Some(q) = u64::try_from(&q).ok().filter(|&q| q != 0) else {
        return bad(prime_at, "NOT_A_PRIME", "a prime below 2^31, as a string");
    };
    if !ev.f.p.is_zero() && ev.f.p != q.into() {
        return fail("WRONG_PRIME", format!("over F_{} the prime is {}", ev.f.p, ev.f.p));
    }
    let reduce = |c: &Q| -> Option<u64> {
        let qb = num_bigint::BigInt::from(q);
        let den = u64::try_from(c.denom().mod_floor(&qb)).ok().filter(|&d| d != 0)?;
        let num = u64::try_from(c.numer().mod_floor(&qb)).ok()?;
        Some(mul_mod(num, pow_mod(den, q - 2, q), q))
    };
    let mut a = vec![vec![0u64; size]; size];
    for (r, row) in exponents.iter().enumerate() {
        for (gi, g) in gens.iter().enumerate() {
            for (mi, m) in monomials.iter().enumerate() {
                if row.iter().zip(m).any(|(x, y)| x < y) {
                    continue;
                }
                let e: Vec<u32> = row.iter().zip(m).map(|(x, y)| x - y).collect();
                if let Some(c) = g.0.get(&e) {
                    let Some(v) = reduce(c) else { return fail("BAD_PRIME", format!("{q} divides a denominator")) };
                    a[r][gi * monomials.len() + mi] = v;
                }
            }
        }
    }
    if determinant_is_zero(a, q, ev.cx)? {
        return fail("SINGULAR", format!("the minor is singular modulo {q}"));
    }
    Ok(None)
}

fn mul_mod(a: u64, b: u64, q: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(q)) as u64
}

fn pow_mod(mut b: u64, mut e: u64, q: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b, q);
        }
        b = mul_mod(b, b, q);
        e >>= 1;
    }
    r
}

/// Whether a square matrix over F_q is singular, by elimination.
fn determinant_is_zero(mut a: Vec<Vec<u64>>, q: u64, cx: &CheckContext) -> Step<bool> {
    let n = a.len();
    for col in 0..n {
        if cx.should_stop() {
            return Err(Stop::interrupted());
        }
        let Some(piv) = (col..n).find(|&r| a[r][col] != 0) else { return Ok(true) };
        a.swap(piv, col);
        let inv = pow_mod(a[col][col], q - 2, q);
        for r in col + 1..n {
            let factor = mul_mod(a[r][col], inv, q);
            if factor == 0 {
                continue;
            }
            let (top, rest) = a.split_at_mut(r);
            for (x, &y) in rest[0][col..].iter_mut().zip(&top[col][col..]) {
                *x = (*x + q - mul_mod(factor, y, q)) % q;
            }
        }
    }
    Ok(false)
}

fn replay(e: &Evidence, cx: &CheckContext) -> Step<String> {
    expect(e, EVIDENCE, SEMANTICS, FORMAT, "list of polynomial relations")?;
    object(&e.candidate, "/candidate", &[])?;
    let claim = object(&e.claim, "/claim", &["variables", "modulus", "relations"])?;
    let n = variables(get(claim, "/claim", "variables")?, "/claim/variables")?;
    let f = field(get(claim, "/claim", "modulus")?, "/claim/modulus")?;
    let relations = array(get(claim, "/claim", "relations")?, "/claim/relations")?;
    if relations.is_empty() {
        return bad("/claim/relations", "NO_RELATIONS", "a non-empty list of relations");
    }
    if relations.len() > MAX_RELATIONS {
        return Err(Stop::Limit(format!("more than {MAX_RELATIONS} relations")));
    }
    let mut ev = Eval { n, f, cx, nodes: 0 };
    let mut findings = Findings::default();
    for (i, r) in relations.iter().enumerate() {
        if let Some(f) = relation(&mut ev, r, &pointer("/claim/relations", i))? {
            findings.push(f);
        }
    }
    if !findings.is_empty() {
        return Err(Stop::Malformed(findings));
    }
    Ok(format!("{} polynomial relations replayed ({} expressions)", relations.len(), ev.nodes))
}

impl Checker for PolynomialIdentities {
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
    use crate::polynomial::testing::{cx, evidence, uni};
    use serde_json::json;

    fn check(modulus: &str, n: usize, relations: Value) -> Verdict {
        let claim = json!({"variables": n, "modulus": modulus, "relations": relations});
        PolynomialIdentities.check(&evidence(EVIDENCE, SEMANTICS, FORMAT, claim, json!({})), &cx()).unwrap()
    }

    fn accepted(v: &Verdict) -> bool {
        matches!(v, Verdict::Accepted { .. })
    }

    /// (x² − 1) = (x − 1)(x + 1); gcd(x² − 1, x² + 3x + 2) = x + 1 with Bézout;
    /// x³ = (x² + 1)·x + (−x) with deg(−x) < deg(x² + 1); Res(x² − 2, x − 1) = −1.
    fn good() -> Value {
        json!([
            {"kind": "equal", "left": uni(&[-1, 0, 1]), "right": {"product": [uni(&[-1, 1]), uni(&[1, 1])]}},
            {"kind": "equal", "left": uni(&[1, 1]), "right": {"sum": [
                {"product": [[["-1/3", [0]]], uni(&[-1, 0, 1])]},
                {"product": [[["1/3", [0]]], uni(&[2, 3, 1])]}
            ]}},
            {"kind": "equal", "left": uni(&[0, 0, 0, 1]), "right": {"sum": [{"product": [uni(&[1, 0, 1]), uni(&[0, 1])]}, uni(&[0, -1])]}},
            {"kind": "degree_less", "left": uni(&[0, -1]), "right": uni(&[1, 0, 1]), "variable": 0},
            {"kind": "resultant", "f": uni(&[-2, 0, 1]), "g": uni(&[-1, 1]), "variable": 0, "value": uni(&[-1])},
            {"kind": "equal", "left": {"derivative": [{"power": [uni(&[1, 1]), 3]}, 0]}, "right": uni(&[3, 6, 3])},
            {"kind": "sign", "value": {"sum": [uni(&[3]), [["-5/2", [0]]]]}, "sign": "positive"},
            {"kind": "sign", "value": uni(&[-1]), "sign": "negative"}
        ])
    }

    #[test]
    fn identity_is_bundled() {
        let id = PolynomialIdentities.identity();
        assert!(crate::bundled().iter().any(|c| c.identity() == id && c.evidence_kinds() == [EVIDENCE]));
    }

    #[test]
    fn true_relations_pass_and_every_mutation_fails() {
        let good = good();
        assert!(accepted(&check("0", 1, good.clone())), "{:?}", check("0", 1, good.clone()));
        let mut count = 0;
        // A changed coefficient, a dropped term, a changed exponent, anywhere in the relations.
        fn mutate(v: &Value, out: &mut Vec<Value>) {
            match v {
                Value::Array(items) if items.first().is_some_and(|t| t.is_array() && t[0].is_string()) => {
                    for k in 0..items.len() {
                        let mut c = items.clone();
                        c.remove(k);
                        out.push(Value::Array(c));
                        let mut c = items.clone();
                        let q: num_rational::BigRational = c[k][0].as_str().unwrap().parse().unwrap();
                        let q = q + num_rational::BigRational::one();
                        if !q.is_zero() {
                            c[k][0] = json!(crate::polynomial::testing::text(&q));
                            out.push(Value::Array(c));
                        }
                    }
                }
                Value::Array(items) => {
                    for k in 0..items.len() {
                        let mut sub = vec![];
                        mutate(&items[k], &mut sub);
                        for s in sub {
                            let mut c = items.clone();
                            c[k] = s;
                            out.push(Value::Array(c));
                        }
                    }
                }
                Value::Object(m) => {
                    for (key, val) in m {
                        let mut sub = vec![];
                        mutate(val, &mut sub);
                        for s in sub {
                            let mut c = m.clone();
                            c.insert(key.clone(), s);
                            out.push(Value::Object(c));
                        }
                    }
                }
                _ => {}
            }
        }
        for i in [0, 1, 2, 4, 5] {
            let mut ms = vec![];
            mutate(&good[i], &mut ms);
            for m in ms {
                let mut bad = good.clone();
                bad[i] = m;
                assert!(!accepted(&check("0", 1, bad.clone())), "{}", bad[i]);
                count += 1;
            }
        }
        assert!(count > 40, "{count}");
        for (i, key, value) in [
            (3, "left", uni(&[0, 0, 1])),
            (3, "right", uni(&[0, 1])),
            (3, "right", json!([])),
            (4, "value", uni(&[1])),
            (4, "g", uni(&[-1, 0, 1])),
            (4, "value", uni(&[0, 1])),
            (0, "kind", json!("degree_less")),
            (0, "extra", json!(1)),
            (6, "sign", json!("negative")),
            (6, "value", uni(&[0, 1])),
            (6, "value", json!([])),
            (6, "sign", json!("zero")),
            (7, "sign", json!("nonnegative")),
            (7, "sign", json!("positive")),
            (7, "value", uni(&[1])),
        ] {
            let mut bad = good.clone();
            bad[i][key] = value;
            assert!(!accepted(&check("0", 1, bad.clone())), "{}", bad[i]);
        }
        // The same claim over F_3 is another claim: 1/3 is not an element.
        assert!(!accepted(&check("3", 1, good.clone())));
        assert!(!accepted(&check("4", 1, json!([]))));
        assert!(!accepted(&check("0", 2, good)));
    }

    #[test]
    fn gradient_syzygies_and_injective_slices_are_replayed_and_mutations_fail() {
        // f = x·y: ∇f = (y, x); (x, −y) is a syzygy of degree 1, and none has degree 0 (the
        // minor on the rows y and x is the identity).
        let gens = json!([{"derivative": [[["1", [1, 1]]], 0]}, {"derivative": [[["1", [1, 1]]], 1]}]);
        let syz = |a: Value, d: u64| json!({"kind": "syzygy", "generators": gens, "syzygy": a, "degree": d});
        let none = |rows: Value, d: u64, q: &str| json!({"kind": "no_syzygy", "generators": gens, "degree": d, "rows": rows, "prime": q});
        let witness = json!([[["1", [1, 0]]], [["-1", [0, 1]]]]);
        let good = json!([syz(witness.clone(), 1), none(json!([[0, 1], [1, 0]]), 0, "2147483647")]);
        assert!(accepted(&check("0", 2, good.clone())), "{:?}", check("0", 2, good));
        let mod5 = json!([[["1", [1, 0]]], [["4", [0, 1]]]]);
        assert!(accepted(&check("5", 2, json!([syz(mod5, 1), none(json!([[0, 1], [1, 0]]), 0, "5")]))));
        let six = json!([[1, 1], [0, 2], [2, 0], [0, 1], [1, 0], [0, 0]]);
        for bad in [
            syz(json!([[["1", [1, 0]]], [["1", [0, 1]]]]), 1),
            syz(json!([[], []]), 1),
            syz(witness.clone(), 0),
            syz(json!([[["1", [1, 0]]]]), 1),
            syz(json!([[["1", [1, 0]]], [["-1", [0, 1]]], []]), 1),
            none(json!([[0, 1], [0, 0]]), 0, "2147483647"),
            none(json!([[0, 1], [0, 1]]), 0, "2147483647"),
            none(json!([[0, 1]]), 0, "2147483647"),
            none(json!([[0, 1], [1, 0]]), 0, "15"),
            none(json!([[0, 1], [1, 0]]), 0, "2147483648"),
            none(json!([[0, 1], [1, 0, 0]]), 0, "2147483647"),
            none(six.clone(), 1, "2147483647"),
            none(json!([[0, 1], [1, 0]]), 1, "2147483647"),
        ] {
            assert!(!accepted(&check("0", 2, json!([bad.clone()]))), "{bad}");
        }
        // Over F_5 the prime is 5; another generator list makes the same rows singular.
        assert!(!accepted(&check("5", 2, json!([none(json!([[0, 1], [1, 0]]), 0, "7")]))));
        let other = json!([{"kind": "no_syzygy", "generators": [[["1", [0, 1]]], [["1", [0, 1]]]], "degree": 0,
            "rows": [[0, 1], [1, 0]], "prime": "2147483647"}]);
        assert!(!accepted(&check("0", 2, other)));
        // A degree far past the bound is refused before the unknowns are enumerated.
        let huge = json!([none(json!([[0, 1], [1, 0]]), 1_111_111_111, "2147483647")]);
        assert!(!accepted(&check("0", 2, huge)));
        // A rational generator with the prime in its denominator.
        let half = json!([{"kind": "no_syzygy", "generators": [[["1/7", [0, 1]]], [["1", [1, 0]]]], "degree": 0,
            "rows": [[0, 1], [1, 0]], "prime": "7"}]);
        assert!(!accepted(&check("0", 2, half)));
    }

    #[test]
    fn relations_modulo_p_hold_modulo_p() {
        // x² + 1 = (x + 2)(x + 3) over F_5; Res(x + 2, x + 3) = 1.
        let r = json!([
            {"kind": "equal", "left": uni(&[1, 0, 1]), "right": {"product": [uni(&[2, 1]), uni(&[3, 1])]}},
            {"kind": "resultant", "f": uni(&[2, 1]), "g": uni(&[3, 1]), "variable": 0, "value": uni(&[1])}
        ]);
        assert!(accepted(&check("5", 1, r.clone())));
        assert!(!accepted(&check("7", 1, r)));
        // Malformed coefficients over F_p.
        let bad = json!([{"kind": "equal", "left": [["-1", [0]]], "right": [["4", [0]]]}]);
        assert!(matches!(check("5", 1, bad), Verdict::Rejected { .. }));
    }

    #[test]
    fn resultants_agree_with_known_values() {
        let cx = cx();
        let f = Field { p: 0.into() };
        let q = |v: &[i64]| v.iter().map(|&c| Q::from_integer(c.into())).collect::<Vec<_>>();
        // Res(x² + 1, x² − 1) = 4; Res(x³ − x, x² − 1) = 0; Res(2, x² + 1) = 4; Res(x − a, g) = g(a).
        assert_eq!(sylvester_resultant(&q(&[1, 0, 1]), &q(&[-1, 0, 1]), &f, &cx).unwrap(), Q::from_integer(4.into()));
        assert_eq!(sylvester_resultant(&q(&[0, -1, 0, 1]), &q(&[-1, 0, 1]), &f, &cx).unwrap(), Q::zero());
        assert_eq!(sylvester_resultant(&q(&[2]), &q(&[1, 0, 1]), &f, &cx).unwrap(), Q::from_integer(4.into()));
        assert_eq!(sylvester_resultant(&q(&[-3, 1]), &q(&[5, 2, 1]), &f, &cx).unwrap(), Q::from_integer(20.into()));
    }

    #[test]
    fn limits_are_inconclusive_and_cancellation_interrupts() {
        let big = json!([{"kind": "equal", "left": {"power": [uni(&[1, 1]), 1001]}, "right": uni(&[1])}]);
        assert!(matches!(check("0", 1, big), Verdict::Inconclusive { .. }));
        let cx = cx();
        cx.cancel.cancel();
        let claim = json!({"variables": 1, "modulus": "0", "relations": good()});
        let e = evidence(EVIDENCE, SEMANTICS, FORMAT, claim, json!({}));
        assert!(matches!(PolynomialIdentities.check(&e, &cx), Err(CheckError::Interrupted)));
    }
}
