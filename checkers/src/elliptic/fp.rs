//! The replay of [`super`]'s claims over a prime field: with `"field": "p"` in the claim, the
//! coefficients and coordinates are residues in [0, p) (canonical decimal strings), the group
//! law is Silverman III.2.3 modulo p, and p must be a prime below 2^64 (proven by the
//! deterministic Miller–Rabin test of [`crate::primality`]; a larger p is inconclusive). A
//! torsion part is refused: it speaks of E(Q).

use jacobian_runtime::{CheckContext, Finding};
use serde_json::{Map, Value};

use super::{Law, relations};
use crate::evidence::collected::{Findings, Step, Stop, array, bad, field, pointer};
use crate::primality::is_small_prime;

/// Largest p whose points the checker counts.
pub const MAX_COUNT_P: u64 = 1_000_000;

/// Largest |n| of a multiple or an order over F_p (an order's primes are found by trial
/// division to 2^21 and a primality test of the cofactor).
pub const MAX_FP_MULTIPLIER: i64 = 1_000_000_000_000_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Pt {
    Infinity,
    Affine(u64, u64),
}

/// y² + a1·xy + a3·y = x³ + a2·x² + a4·x + a6 over F_p.
pub(super) struct FpCurve {
    p: u64,
    a: [u64; 5],
}

impl FpCurve {
    fn add(&self, x: u64, y: u64) -> u64 {
        ((u128::from(x) + u128::from(y)) % u128::from(self.p)) as u64
    }
    fn sub(&self, x: u64, y: u64) -> u64 {
        self.add(x, self.p - y % self.p)
    }
    fn mul(&self, x: u64, y: u64) -> u64 {
        ((u128::from(x) * u128::from(y)) % u128::from(self.p)) as u64
    }
    fn int(&self, k: u64) -> u64 {
        k % self.p
    }
    /// x^(p−2) = 1/x for x ≠ 0 (p prime).
    fn inv(&self, x: u64) -> u64 {
        let (mut r, mut b, mut e) = (1, x, self.p - 2);
        while e > 0 {
            if e & 1 == 1 {
                r = self.mul(r, b);
            }
            b = self.mul(b, b);
            e >>= 1;
        }
        r
    }

    fn discriminant(&self) -> u64 {
        let [a1, a2, a3, a4, a6] = self.a;
        let (m, k) = (|x, y| self.mul(x, y), |n| self.int(n));
        let b2 = self.add(m(a1, a1), m(k(4), a2));
        let b4 = self.add(m(k(2), a4), m(a1, a3));
        let b6 = self.add(m(a3, a3), m(k(4), a6));
        let b8 = self.sub(
            self.add(self.sub(self.add(m(m(a1, a1), a6), m(m(k(4), a2), a6)), m(m(a1, a3), a4)), m(m(a2, a3), a3)),
            m(a4, a4),
        );
        let minus = self.add(self.add(m(m(b2, b2), b8), m(k(8), m(m(b4, b4), b4))), m(k(27), m(b6, b6)));
        self.sub(m(k(9), m(m(b2, b4), b6)), minus)
    }

    fn contains(&self, p: &Pt) -> bool {
        let Pt::Affine(x, y) = *p else { return true };
        let [a1, a2, a3, a4, a6] = self.a;
        let left = self.add(self.mul(y, y), self.mul(self.add(self.mul(a1, x), a3), y));
        let right = self.add(self.mul(self.add(self.mul(self.add(x, a2), x), a4), x), a6);
        left == right
    }

    /// #E(F_p): the point at infinity and, for each x, the solutions y of y² + (a1·x + a3)·y = f(x):
    /// 1 + (D/p) of them for odd p, D = (a1·x + a3)² + 4f(x) (Euler's criterion); tried for p = 2.
    fn count(&self, cx: &CheckContext) -> Step<u64> {
        let [a1, a2, a3, a4, a6] = self.a;
        let mut n = 1;
        for x in 0..self.p {
            if x % 4096 == 0 && cx.should_stop() {
                return Err(Stop::interrupted());
            }
            let f = self.add(self.mul(self.add(self.mul(self.add(x, a2), x), a4), x), a6);
            let b = self.add(self.mul(a1, x), a3);
            if self.p == 2 {
                n += (0..2).filter(|&y| self.add(self.mul(y, y), self.mul(b, y)) == f).count() as u64;
                continue;
            }
            let d = self.add(self.mul(b, b), self.mul(4 % self.p, f));
            n += match d {
                0 => 1,
                _ if self.power(d, (self.p - 1) / 2) == 1 => 2,
                _ => 0,
            };
        }
        Ok(n)
    }

    fn power(&self, x: u64, mut e: u64) -> u64 {
        let (mut r, mut b) = (1, x);
        while e > 0 {
            if e & 1 == 1 {
                r = self.mul(r, b);
            }
            b = self.mul(b, b);
            e >>= 1;
        }
        r
    }

    fn neg(&self, p: &Pt) -> Pt {
        let [a1, _, a3, _, _] = self.a;
        match *p {
            Pt::Infinity => Pt::Infinity,
            Pt::Affine(x, y) => Pt::Affine(x, self.sub(self.sub(0, y), self.add(self.mul(a1, x), a3))),
        }
    }
}

impl Law for FpCurve {
    type Pt = Pt;

    /// The chord and tangent modulo p, as over Q (Silverman III.2.3).
    fn add(&self, p: &Pt, q: &Pt) -> Step<Pt> {
        let (Pt::Affine(x1, y1), Pt::Affine(x2, y2)) = (*p, *q) else {
            return Ok(if *p == Pt::Infinity { *q } else { *p });
        };
        let [a1, a2, a3, a4, a6] = self.a;
        let (m, k) = (|x, y| self.mul(x, y), |n| self.int(n));
        let (lambda, nu) = if x1 != x2 {
            let d = self.inv(self.sub(x2, x1));
            (m(self.sub(y2, y1), d), m(self.sub(m(y1, x2), m(y2, x1)), d))
        } else {
            let den = self.add(self.add(m(k(2), y1), m(a1, x1)), a3);
            if y1 != y2 || den == 0 {
                return Ok(Pt::Infinity);
            }
            let d = self.inv(den);
            let slope = self.sub(self.add(self.add(m(k(3), m(x1, x1)), m(k(2), m(a2, x1))), a4), m(a1, y1));
            let intercept = self.sub(self.add(self.sub(m(a4, x1), m(m(x1, x1), x1)), m(k(2), a6)), m(a3, y1));
            (m(slope, d), m(intercept, d))
        };
        let x3 = self.sub(self.sub(self.sub(self.add(m(lambda, lambda), m(a1, lambda)), a2), x1), x2);
        let y3 = self.sub(self.sub(self.sub(0, m(self.add(lambda, a1), x3)), nu), a3);
        Ok(Pt::Affine(x3, y3))
    }

    fn mul(&self, n: i64, p: &Pt, cx: &CheckContext) -> Step<Pt> {
        let (base, k) = if n < 0 { (self.neg(p), n.unsigned_abs()) } else { (*p, n.unsigned_abs()) };
        let mut acc = Pt::Infinity;
        for i in (0..u64::BITS - k.leading_zeros()).rev() {
            if cx.should_stop() {
                return Err(Stop::interrupted());
            }
            acc = Law::add(self, &acc, &acc)?;
            if (k >> i) & 1 == 1 {
                acc = Law::add(self, &acc, &base)?;
            }
        }
        Ok(acc)
    }

    fn is_zero(&self, p: &Pt) -> bool {
        *p == Pt::Infinity
    }

    fn max_multiplier(&self) -> i64 {
        MAX_FP_MULTIPLIER
    }
}

/// A canonical decimal string below `p`.
fn residue(v: &Value, path: &str, p: u64) -> Step<u64> {
    let s = v.as_str().unwrap_or("");
    match s.parse::<u64>() {
        Ok(n) if n < p && n.to_string() == s => Ok(n),
        _ => bad(path, "NOT_A_RESIDUE", format!("expected a canonical decimal residue in [0, {p})")),
    }
}

fn point(v: &Value, path: &str, p: u64) -> Step<Pt> {
    if v.as_str() == Some("infinity") {
        return Ok(Pt::Infinity);
    }
    match v.as_array().map(Vec::as_slice) {
        Some([x, y]) => Ok(Pt::Affine(residue(x, &pointer(path, 0), p)?, residue(y, &pointer(path, 1), p)?)),
        _ => bad(path, "NOT_A_POINT", "expected \"infinity\" or [x, y]"),
    }
}

/// Replays a claim over F_p (`claim` has a `field`).
pub(super) fn replay(claim: &Map<String, Value>, cx: &CheckContext) -> Step<String> {
    if claim.contains_key("torsion") {
        return bad("/claim/torsion", "NOT_OVER_Q", "a torsion claim speaks of E(Q), not of a curve over F_p");
    }
    let text = field(claim, "/claim", "field")?.as_str().unwrap_or("");
    let p = match text.parse::<u64>() {
        Ok(p) if p.to_string() == text => p,
        _ if text.len() > 19 && text.bytes().all(|b| b.is_ascii_digit()) && !text.starts_with('0') => {
            return Err(Stop::Limit("the field's prime is not below 2^64".into()));
        }
        _ => return bad("/claim/field", "NOT_AN_INTEGER", "expected a prime as a canonical decimal string"),
    };
    if !is_small_prime(p) {
        return bad("/claim/field", "NOT_PRIME", format!("{p} is not prime"));
    }
    let a = array(field(claim, "/claim", "curve")?, "/claim/curve")?;
    let [a1, a2, a3, a4, a6] = a else {
        return bad("/claim/curve", "NOT_FIVE_COEFFICIENTS", "expected [a1, a2, a3, a4, a6]");
    };
    let mut coefficients = [0; 5];
    for (i, c) in [a1, a2, a3, a4, a6].into_iter().enumerate() {
        coefficients[i] = residue(c, &pointer("/claim/curve", i), p)?;
    }
    let curve = FpCurve { p, a: coefficients };
    if curve.discriminant() == 0 {
        return bad("/claim/curve", "SINGULAR", "the discriminant is 0 modulo p");
    }
    let items = array(field(claim, "/claim", "points")?, "/claim/points")?;
    if items.len() > super::MAX_POINTS {
        return Err(Stop::Limit(format!("more than {} points", super::MAX_POINTS)));
    }
    let points = super::each(items, "/claim/points", |v, path| point(v, path, p))?;
    let mut findings = Findings::default();
    for (i, _) in points.iter().enumerate().filter(|(_, q)| !curve.contains(q)) {
        findings.push(Finding::at(pointer("/claim/points", i), "NOT_ON_CURVE", "the point is not on the curve mod p"));
    }
    findings.or_ok(())?;
    let (count, mut findings, mut limit) = relations(&curve, &points, claim, cx)?;
    let mut counted = String::new();
    if let Some(n) = claim.get("count") {
        let n = residue(n, "/claim/count", u64::MAX)?;
        let mut seen = std::collections::HashSet::new();
        for (i, q) in points.iter().enumerate() {
            if !seen.insert(*q) {
                findings.push(Finding::at(pointer("/claim/points", i), "DUPLICATE", "a point is listed twice"));
            }
        }
        if p > MAX_COUNT_P {
            limit.get_or_insert(format!("points are counted for p ≤ {MAX_COUNT_P} only"));
        } else {
            let actual = curve.count(cx)?;
            if actual != n {
                findings.push(Finding::at("/claim/count", "WRONG_COUNT", format!("#E(F_p) = {actual}")));
            }
            counted = format!(", #E(F_p) = {actual}");
        }
    }
    findings.or_ok(())?;
    if let Some(reason) = limit {
        return Err(Stop::Limit(reason));
    }
    Ok(format!("non-singular curve over F_{p}, {} points on it, {count} relations replayed{counted}", points.len()))
}

#[cfg(test)]
mod tests {
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    use jacobian_runtime::{CancellationToken, Checker, Digest, Evidence, Scope, Verdict};
    use serde_json::{Value, json};

    use super::super::{ELLIPTIC_EVIDENCE, ELLIPTIC_FORMAT, ELLIPTIC_SEMANTICS, EllipticPoints};

    fn run(claim: &Value) -> Verdict {
        let cx = jacobian_runtime::CheckContext {
            artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(60),
        };
        let e = Evidence {
            kind: ELLIPTIC_EVIDENCE.into(),
            claim: claim.clone(),
            semantics: ELLIPTIC_SEMANTICS.into(),
            candidate: json!({}),
            scope: Scope::exact_input("curve", Digest::of_bytes(b"t")),
            certificate_format: ELLIPTIC_FORMAT.into(),
            artifacts: vec![],
        };
        EllipticPoints.check(&e, &cx).expect("not interrupted")
    }

    fn accepted(claim: &Value) -> bool {
        matches!(run(claim), Verdict::Accepted { .. })
    }

    /// (curve, p, P, 2P, 3P, −P, order of P), from PARI/GP 2.15 (ellmul, ellneg, ellorder over F_p).
    const CASES: [(&str, u64, &str, &str, &str, &str, i64); 5] = [
        ("0 0 0 2 3", 97, "3 6", "80 10", "80 87", "3 91", 5),
        ("1 0 1 1 1", 2, "1 1", "infinity", "1 1", "1 1", 2),
        ("0 1 0 1 1", 3, "0 1", "0 2", "infinity", "0 2", 3),
        ("5 1 7 2 9", 10007, "3020 1714", "8446 8319", "2799 825", "3020 3193", 10158),
        (
            "1 2 3 4 5",
            1000000000039,
            "554240151971 775660565221",
            "777577596548 356833474875",
            "817605439345 131388792271",
            "554240151971 670099282883",
            1000000487690,
        ),
    ];

    fn point(s: &str) -> Value {
        if s == "infinity" { json!(s) } else { s.split_whitespace().map(|c| json!(c)).collect() }
    }

    fn claim(c: &str, p: u64, pts: [&str; 4], order: i64) -> Value {
        json!({
            "curve": c.split_whitespace().map(|a| json!(a)).collect::<Vec<_>>(),
            "field": p.to_string(),
            "points": pts.iter().map(|s| point(s)).chain([json!("infinity")]).collect::<Vec<_>>(),
            "relations": [
                {"kind": "multiple", "n": "2", "p": 0, "r": 1},
                {"kind": "sum", "p": 0, "q": 1, "r": 2},
                {"kind": "multiple", "n": "3", "p": 0, "r": 2},
                {"kind": "multiple", "n": "-1", "p": 0, "r": 3},
                {"kind": "sum", "p": 0, "q": 3, "r": 4},
                {"kind": "order", "p": 0, "order": order.to_string()},
                {"kind": "multiple", "n": (order + 1).to_string(), "p": 3, "r": 3},
            ],
        })
    }

    #[test]
    fn pari_answers_over_prime_fields_are_accepted() {
        for (c, p, a, b, d, n, order) in CASES {
            let good = claim(c, p, [a, b, d, n], order);
            assert!(accepted(&good), "{c} mod {p}: {:?}", run(&good));
            for wrong in [order - 1, order + 1, 2 * order] {
                let mut m = good.clone();
                m["relations"] = json!([{"kind": "order", "p": 0, "order": wrong.to_string()}]);
                assert!(!accepted(&m), "{c} mod {p}: order {wrong}");
            }
        }
    }

    /// Every one-number edit of a valid claim: a coefficient, a coordinate, the prime, an index
    /// or a multiplier moved by ±1 (and residues pushed to p), every point removed or
    /// duplicated, each field removed, and a torsion part added. On the curves where P has a
    /// large even order, so that P, 2P, 3P, −P and O are distinct and of distinct orders: there
    /// every such edit makes the claim false (over F_2 and F_3 an edited index can name a
    /// point for which the relation still holds).
    #[test]
    fn every_mutation_is_rejected() {
        let mut count = 0;
        for (c, p, a, b, d, n, order) in CASES.into_iter().filter(|case| case.1 > 1000) {
            let good = claim(c, p, [a, b, d, n], order);
            let mut mutants: Vec<Value> = vec![];
            let nudge = |s: &str| -> Vec<String> {
                let v: u64 = s.parse().unwrap();
                [(v + 1) % p, (v + p - 1) % p, p, v + p].iter().map(u64::to_string).collect()
            };
            for i in 0..5 {
                for m in nudge(good["curve"][i].as_str().unwrap()) {
                    let mut x = good.clone();
                    x["curve"][i] = json!(m);
                    mutants.push(x);
                }
            }
            for (i, q) in good["points"].as_array().unwrap().iter().enumerate() {
                for j in 0..2 {
                    for m in q.get(j).and_then(Value::as_str).map(nudge).unwrap_or_default() {
                        let mut x = good.clone();
                        x["points"][i][j] = json!(m);
                        mutants.push(x);
                    }
                }
                let mut x = good.clone();
                x["points"].as_array_mut().unwrap().remove(i);
                mutants.push(x);
                if i + 1 < 5 {
                    let mut x = good.clone();
                    x["points"].as_array_mut().unwrap().insert(i, q.clone());
                    mutants.push(x);
                }
            }
            for (i, r) in good["relations"].as_array().unwrap().iter().enumerate() {
                for (k, v) in r.as_object().unwrap() {
                    let edits: Vec<Value> = match v {
                        Value::Number(m) => [m.as_i64().unwrap() + 1, m.as_i64().unwrap() - 1].map(|z| json!(z)).into(),
                        Value::String(s) if k != "kind" => {
                            let z: i64 = s.parse().unwrap();
                            [z + 1, z - 1].map(|z| json!(z.to_string())).into()
                        }
                        _ => vec![json!("orders")],
                    };
                    for e in edits {
                        let mut x = good.clone();
                        x["relations"][i][k] = e;
                        mutants.push(x);
                    }
                }
            }
            for f in [(p + 2).to_string(), (p - 1).to_string(), format!("0{p}"), "4".into()] {
                let mut x = good.clone();
                x["field"] = json!(f);
                mutants.push(x);
            }
            for f in ["curve", "points"] {
                let mut x = good.clone();
                x.as_object_mut().unwrap().remove(f);
                mutants.push(x);
            }
            let mut x = good.clone();
            x["torsion"] = json!({"order": "1", "generators": []});
            mutants.push(x);
            for m in mutants {
                assert!(!accepted(&m), "{c} mod {p}: accepted {m}");
                count += 1;
            }
        }
        assert!(count > 150, "{count} mutants rejected");
    }

    /// #E(F_p) from PARI/GP's ellcard: 100 for y² = x³ + 2x + 3 over F_97, 2 for
    /// y² + xy + y = x³ + x + 1 over F_2, 6 for y² = x³ + 2x + 3 over F_7 (listed in full).
    #[test]
    fn point_counts_are_recounted_and_lists_must_be_distinct() {
        let count = |c: &str, p: &str, pts: Value, n: &str| {
            let curve: Vec<Value> = c.split_whitespace().map(|a| json!(a)).collect();
            json!({"curve": curve, "field": p, "points": pts, "count": n})
        };
        assert!(accepted(&count("0 0 0 2 3", "97", json!([]), "100")));
        assert!(accepted(&count("1 0 1 1 1", "2", json!(["infinity", ["1", "1"]]), "2")));
        let all = json!(["infinity", ["2", "1"], ["2", "6"], ["3", "1"], ["3", "6"], ["6", "0"]]);
        assert!(accepted(&count("0 0 0 2 3", "7", all.clone(), "6")));
        for n in ["5", "7", "99", "101", "-1", "06"] {
            assert!(!accepted(&count("0 0 0 2 3", "7", all.clone(), n)), "{n}");
            assert!(!accepted(&count("0 0 0 2 3", "97", json!([]), n)), "{n}");
        }
        let mut twice = all.clone();
        twice[5] = json!(["2", "1"]);
        assert!(!accepted(&count("0 0 0 2 3", "7", twice, "6")));
        assert!(matches!(
            run(&count("0 0 0 2 3", "1000003", json!([]), "1")),
            Verdict::Inconclusive { .. } | Verdict::Rejected { .. }
        ));
        let over_q = json!({"curve": ["0", "0", "0", "2", "3"], "points": [], "count": "1"});
        assert!(matches!(run(&over_q), Verdict::Rejected { .. }));
    }

    #[test]
    fn primes_beyond_two_to_the_64_are_inconclusive_and_singular_curves_rejected() {
        let big = json!({"curve": ["0", "0", "0", "1", "1"], "field": "18446744073709551629", "points": []});
        assert!(matches!(run(&big), Verdict::Inconclusive { .. }));
        // y² = x³ + 4 is singular modulo 3 (Δ = −27·16² ≡ 0), with a point on it.
        let singular = json!({"curve": ["0", "0", "0", "0", "1"], "field": "3", "points": [["0", "1"]]});
        assert!(matches!(run(&singular), Verdict::Rejected { .. }));
        let order = json!({"curve": ["0", "0", "0", "2", "3"], "field": "97", "points": [["3", "6"]],
            "relations": [{"kind": "order", "p": 0, "order": "1000000000000000001"}]});
        assert!(matches!(run(&order), Verdict::Inconclusive { .. }));
    }
}
