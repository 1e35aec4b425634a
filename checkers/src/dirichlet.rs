//! Replay of relations between Dirichlet characters in Conrey's labelling, with the checker's
//! own construction of their values (no PARI).
//!
//! Evidence `dirichlet_character.relations/v1`, semantics
//! `urn:jacobian:semantics:dirichlet-character-relations:v1`, format `CONREY_REPLAY_V1`. Claim
//! `{"relations": [Rel, …]}`, candidate `{}`. Numbers are canonical decimal strings. A value
//! χ_q(n, a) is an exponent k modulo λ(q), the exponent of (Z/qZ)^×, with χ(a) = e^(2πik/λ).
//!
//! Values follow Conrey (as in LMFDB): for an odd prime power p^e, with g the least primitive
//! root modulo p² and ν the discrete logarithm to base g, χ(n, a) = e(ν(n)ν(a)/φ(p^e)); modulo 4,
//! χ(3, a) = −1 exactly when a ≡ 3; modulo 2^e, e ≥ 3, writing n ≡ ε_n·5^(α_n),
//! χ(n, a) = e((1 − ε_n)(1 − ε_a)/8 + α_n·α_a/2^(e−2)); χ_q is the product over the prime powers
//! of q, and χ(n, a) = 0 when gcd(a, q) > 1.
//!
//! * `{"kind": "product", "modulus": q, "factors": [[n, e], …], "equals": m}`: ∏ χ_q(n_i)^(e_i) =
//!   χ_q(m) (a conjugate is e = −1, a power any e with |e| ≤ 10^18), compared at every a mod q.
//! * `{"kind": "induces", "from": [d, m], "to": [q, n]}` with d | q: χ_q(n, a) = χ_d(m, a) for
//!   every a coprime to q.
//! * `{"kind": "kernel", "modulus": q, "index": n, "residues": [a, …]}`: the residues are exactly
//!   the a in [0, q) with χ(a) = 1, increasing.
//! * `{"kind": "values", "modulus": q, "index": n, "values": [[a, k], …], "denominator": D}`:
//!   χ(a) = e(k/D) with 0 ≤ k < D (D = λ(q) when absent), or k = null when gcd(a, q) > 1.
//! * `{"kind": "character", "modulus": q, "index": n, "order": o, "conductor": f, "parity": "even" or
//!   "odd", "inducing": m}`: χ has order o (the order of its values), conductor f (the least f | q
//!   with χ trivial on the units ≡ 1 mod f), χ(−1) = ±1, and χ_f(m, ·) induces it.
//!
//! Indices must be in [1, q] and coprime to q. A modulus above [`MAX_MODULUS`], more than
//! [`MAX_RELATIONS`] relations, or more than [`MAX_WORK`] values computed is inconclusive.

use std::collections::HashMap;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Verdict};
use num_integer::Integer;
use serde_json::Value;

use crate::evidence::collected::{Findings, Step, Stop, array, bad, expect, field, object, pointer, verdict};

/// Evidence kind replayed.
pub const DIRICHLET_EVIDENCE: &str = "dirichlet_character.relations/v1";
/// Semantics of the claim.
pub const DIRICHLET_SEMANTICS: &str = "urn:jacobian:semantics:dirichlet-character-relations:v1";
/// Certificate format (everything is replayed from the claim).
pub const DIRICHLET_FORMAT: &str = "CONREY_REPLAY_V1";
/// Largest modulus.
pub const MAX_MODULUS: u64 = 100_000;
/// Most relations.
pub const MAX_RELATIONS: usize = 10_000;
/// Most character values computed for one claim.
pub const MAX_WORK: u64 = 50_000_000;
const MAX_EXPONENT: u64 = 1_000_000_000_000_000_000;

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.dirichlet_characters", "1.0.0", include_str!("dirichlet.rs"))
});

/// Checks relations between Dirichlet characters from their Conrey labels.
pub struct DirichletCharacters;

/// One prime-power component of (Z/qZ)^× with its discrete logarithms.
enum Component {
    /// p^e odd: ν(a) for a mod p^e (None when p | a), of order φ(p^e).
    Odd { pe: u64, order: u64, log: Vec<Option<u64>> },
    /// 4.
    Four,
    /// 2^e, e ≥ 3: α(a) for a ≡ 1 mod 4 (index a), of order 2^(e−2).
    Two { pe: u64, order: u64, log: Vec<Option<u64>> },
}

/// The characters modulo q: its components and λ(q).
struct Group {
    q: u64,
    lambda: u64,
    components: Vec<Component>,
}

fn power(b: u64, e: u64, m: u64) -> u64 {
    let (mut r, mut b, mut e) = (1 % m, b % m, e);
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % m;
        }
        b = b * b % m;
        e >>= 1;
    }
    r
}

fn primes_of(mut n: u64) -> Vec<u64> {
    let mut out = vec![];
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            out.push(p);
            while n.is_multiple_of(p) {
                n /= p;
            }
        }
        p += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

impl Group {
    fn new(q: u64) -> Group {
        let mut components = vec![];
        let mut lambda = 1u64;
        let (mut m, mut p) = (q, 2);
        while m > 1 {
            if p * p > m {
                p = m;
            }
            if m.is_multiple_of(p) {
                let mut pe = 1;
                while m.is_multiple_of(p) {
                    m /= p;
                    pe *= p;
                }
                let c = match (p, pe) {
                    (2, 2) => None,
                    (2, 4) => Some(Component::Four),
                    (2, _) => {
                        let order = pe / 4;
                        let mut log = vec![None; pe as usize];
                        let mut t = 1;
                        for a in 0..order {
                            log[t as usize] = Some(a);
                            t = t * 5 % pe;
                        }
                        Some(Component::Two { pe, order, log })
                    }
                    _ => {
                        let order = pe / p * (p - 1);
                        let p2 = p * p;
                        let full = p * (p - 1);
                        let factors = primes_of(full);
                        // The least g whose order modulo p² is p(p − 1) (Conrey's generator).
                        let g = (2..p2).find(|&g| factors.iter().all(|&r| power(g, full / r, p2) != 1)).unwrap_or(2);
                        let mut log = vec![None; pe as usize];
                        let mut t = 1;
                        for k in 0..order {
                            log[t as usize] = Some(k);
                            t = t * g % pe;
                        }
                        Some(Component::Odd { pe, order, log })
                    }
                };
                if let Some(c) = c {
                    let o = match &c {
                        Component::Four => 2,
                        Component::Two { order, .. } => (*order).max(2),
                        Component::Odd { order, .. } => *order,
                    };
                    lambda = lambda.lcm(&o);
                    components.push(c);
                }
            }
            p += 1;
        }
        Group { q, lambda, components }
    }

    /// k with χ_q(n, a) = e(k/λ), or None when gcd(a, q) > 1.
    fn value(&self, n: u64, a: u64) -> Option<u64> {
        if a.gcd(&self.q) != 1 {
            return None;
        }
        let l = u128::from(self.lambda);
        let mut k: u128 = 0;
        for c in &self.components {
            match c {
                Component::Four => {
                    if n % 4 == 3 && a % 4 == 3 {
                        k += l / 2;
                    }
                }
                Component::Odd { pe, order, log } => {
                    let (x, y) = (log[(n % pe) as usize]?, log[(a % pe) as usize]?);
                    k += u128::from(x) * u128::from(y) % u128::from(*order) * (l / u128::from(*order));
                }
                Component::Two { pe, order, log } => {
                    let split = |t: u64| -> Option<(bool, u64)> {
                        let t = t % pe;
                        if t % 4 == 1 { Some((false, log[t as usize]?)) } else { Some((true, log[(pe - t) as usize]?)) }
                    };
                    let ((en, an), (ea, aa)) = (split(n)?, split(a)?);
                    if en && ea {
                        k += l / 2;
                    }
                    k += u128::from(an) * u128::from(aa) % u128::from(*order) * (l / u128::from(*order));
                }
            }
        }
        Some((k % l) as u64)
    }
}

/// A canonical decimal string of a natural number.
fn natural(v: &Value, path: &str) -> Step<u64> {
    let s = v.as_str().unwrap_or("");
    match s.parse::<u64>() {
        Ok(n) if n.to_string() == s => Ok(n),
        _ => bad(path, "NOT_A_NATURAL", "expected a canonical decimal string of a natural number"),
    }
}

fn integer(v: &Value, path: &str) -> Step<i64> {
    let s = v.as_str().unwrap_or("");
    match s.parse::<i64>() {
        Ok(n) if n.to_string() == s && n.unsigned_abs() <= MAX_EXPONENT => Ok(n),
        Ok(n) if n.to_string() == s => Err(Stop::Limit(format!("{path} is beyond ±10^18"))),
        _ => bad(path, "NOT_AN_INTEGER", "expected a canonical decimal integer string"),
    }
}

/// The replay state: groups built once per modulus, and the work done.
struct Replay<'a> {
    groups: HashMap<u64, Group>,
    work: u64,
    cx: &'a CheckContext,
}

impl Replay<'_> {
    fn modulus(&mut self, v: &Value, path: &str) -> Step<u64> {
        let q = natural(v, path)?;
        if q == 0 {
            return bad(path, "NOT_POSITIVE", "a modulus is at least 1");
        }
        if q > MAX_MODULUS {
            return Err(Stop::Limit(format!("{path}: a modulus above {MAX_MODULUS}")));
        }
        self.work += q;
        if self.work > MAX_WORK {
            return Err(Stop::Limit(format!("more than {MAX_WORK} character values")));
        }
        if self.cx.should_stop() {
            return Err(Stop::interrupted());
        }
        self.groups.entry(q).or_insert_with(|| Group::new(q));
        Ok(q)
    }

    fn index(&self, q: u64, v: &Value, path: &str) -> Step<u64> {
        let n = natural(v, path)?;
        if n == 0 || n > q || n.gcd(&q) != 1 {
            return bad(
                path,
                "NOT_AN_INDEX",
                format!("a Conrey index modulo {q} lies in [1, {q}] and is coprime to it"),
            );
        }
        Ok(n)
    }

    fn group(&self, q: u64) -> &Group {
        // Every modulus is entered by `modulus` before it is used.
        &self.groups[&q]
    }

    fn relation(&mut self, r: &Value, path: &str) -> Step<()> {
        let kind = r.get("kind").and_then(Value::as_str).unwrap_or("");
        let fields: &[&str] = match kind {
            "product" => &["kind", "modulus", "factors", "equals"],
            "induces" => &["kind", "from", "to"],
            "kernel" => &["kind", "modulus", "index", "residues"],
            "values" => &["kind", "modulus", "index", "values", "denominator"],
            "character" => &["kind", "modulus", "index", "order", "conductor", "parity", "inducing"],
            _ => {
                return bad(pointer(path, "kind"), "UNKNOWN_RELATION", "product, induces, kernel, values or character");
            }
        };
        let map = object(r, path, fields)?;
        let at = |name: &str| -> Step<&Value> { Ok(field(map, path, name)?) };
        let holds = match kind {
            "product" => {
                let q = self.modulus(at("modulus")?, &pointer(path, "modulus"))?;
                let mut factors = vec![];
                for (i, f) in array(at("factors")?, &pointer(path, "factors"))?.iter().enumerate() {
                    let fp = pointer(&pointer(path, "factors"), i);
                    let [n, e] = f.as_array().map(Vec::as_slice).unwrap_or(&[]) else {
                        return bad(fp, "NOT_A_FACTOR", "expected [index, exponent]");
                    };
                    factors.push((self.index(q, n, &pointer(&fp, 0))?, integer(e, &pointer(&fp, 1))?));
                }
                let m = self.index(q, at("equals")?, &pointer(path, "equals"))?;
                let g = self.group(q);
                let l = i128::from(g.lambda);
                (0..q).all(|a| {
                    let Some(target) = g.value(m, a) else { return true };
                    let product = factors.iter().fold(0i128, |s, &(n, e)| {
                        (s + i128::from(g.value(n, a).unwrap_or(0)) * (i128::from(e) % l)).rem_euclid(l)
                    });
                    product == i128::from(target)
                })
            }
            "induces" => {
                let pair = |name: &str| -> Step<[&Value; 2]> {
                    match at(name)?.as_array().map(Vec::as_slice) {
                        Some([a, b]) => Ok([a, b]),
                        _ => bad(pointer(path, name), "NOT_A_LABEL", "expected [modulus, index]"),
                    }
                };
                let ([d, m], [q, n]) = (pair("from")?, pair("to")?);
                let d = self.modulus(d, &pointer(&pointer(path, "from"), 0))?;
                let q = self.modulus(q, &pointer(&pointer(path, "to"), 0))?;
                if !q.is_multiple_of(d) {
                    return bad(pointer(path, "from"), "NOT_A_DIVISOR", "the smaller modulus divides the larger");
                }
                let m = self.index(d, m, &pointer(&pointer(path, "from"), 1))?;
                let n = self.index(q, n, &pointer(&pointer(path, "to"), 1))?;
                let (small, large) = (self.group(d), self.group(q));
                (0..q).filter(|a| a.gcd(&q) == 1).all(|a| {
                    // Both values as fractions of 1: k/λ(d) and k'/λ(q).
                    let (x, y) = (small.value(m, a % d).unwrap_or(0), large.value(n, a).unwrap_or(0));
                    u128::from(x) * u128::from(large.lambda) == u128::from(y) * u128::from(small.lambda)
                })
            }
            "kernel" => {
                let q = self.modulus(at("modulus")?, &pointer(path, "modulus"))?;
                let n = self.index(q, at("index")?, &pointer(path, "index"))?;
                let listed = array(at("residues")?, &pointer(path, "residues"))?
                    .iter()
                    .enumerate()
                    .map(|(i, a)| natural(a, &pointer(&pointer(path, "residues"), i)))
                    .collect::<Step<Vec<u64>>>()?;
                let g = self.group(q);
                let kernel: Vec<u64> = (0..q).filter(|&a| g.value(n, a) == Some(0)).collect();
                listed == kernel
            }
            "character" => {
                let q = self.modulus(at("modulus")?, &pointer(path, "modulus"))?;
                let n = self.index(q, at("index")?, &pointer(path, "index"))?;
                let order = natural(at("order")?, &pointer(path, "order"))?;
                let conductor = natural(at("conductor")?, &pointer(path, "conductor"))?;
                let parity = at("parity")?.as_str().unwrap_or("");
                if conductor == 0 || !q.is_multiple_of(conductor) {
                    return bad(pointer(path, "conductor"), "NOT_A_DIVISOR", "the conductor divides q");
                }
                self.modulus(at("conductor")?, &pointer(path, "conductor"))?;
                let inducing = self.index(conductor, at("inducing")?, &pointer(path, "inducing"))?;
                let g = self.group(q);
                let units: Vec<u64> = (0..q).filter(|a| a.gcd(&q) == 1).collect();
                let values: Vec<u64> = units.iter().map(|&a| g.value(n, a).unwrap_or(0)).collect();
                // The order of e(k/λ) over all values: λ / gcd(λ, every k).
                let true_order = g.lambda / values.iter().fold(g.lambda, |d, &k| d.gcd(&k));
                // The conductor: the least f | q with χ(a) = 1 for every unit a ≡ 1 (mod f).
                let trivial_on = |f: u64| units.iter().zip(&values).all(|(&a, &k)| a % f != 1 % f || k == 0);
                let true_conductor = (1..=q).find(|&f| q.is_multiple_of(f) && trivial_on(f)).unwrap_or(q);
                let odd = q > 2 && g.value(n, q - 1).is_some_and(|k| k != 0);
                let small = self.group(conductor);
                let induced = units.iter().zip(&values).all(|(&a, &k)| {
                    let x = small.value(inducing, a % conductor).unwrap_or(0);
                    u128::from(x) * u128::from(g.lambda) == u128::from(k) * u128::from(small.lambda)
                });
                let mut findings = Findings::default();
                for (name, ok) in [
                    ("order", order == true_order),
                    ("conductor", conductor == true_conductor),
                    ("parity", parity == if odd { "odd" } else { "even" }),
                    ("inducing", induced),
                ] {
                    if !ok {
                        findings.push(jacobian_runtime::Finding::at(
                            pointer(path, name),
                            "WRONG",
                            format!("wrong {name}"),
                        ));
                    }
                }
                findings.or_ok(())?;
                true
            }
            _ => {
                let q = self.modulus(at("modulus")?, &pointer(path, "modulus"))?;
                let n = self.index(q, at("index")?, &pointer(path, "index"))?;
                let lambda = self.group(q).lambda;
                let denominator = match map.get("denominator") {
                    Some(d) => natural(d, &pointer(path, "denominator"))?,
                    None => lambda,
                };
                if denominator == 0 {
                    return bad(pointer(path, "denominator"), "NOT_POSITIVE", "a denominator is at least 1");
                }
                let values = array(at("values")?, &pointer(path, "values"))?;
                self.work += values.len() as u64;
                if self.work > MAX_WORK {
                    return Err(Stop::Limit(format!("more than {MAX_WORK} character values")));
                }
                let mut findings = Findings::default();
                for (i, v) in values.iter().enumerate() {
                    let vp = pointer(&pointer(path, "values"), i);
                    let [a, k] = v.as_array().map(Vec::as_slice).unwrap_or(&[]) else {
                        return bad(vp, "NOT_A_VALUE", "expected [a, k]");
                    };
                    let a = natural(a, &pointer(&vp, 0))?;
                    let k = if k.is_null() { None } else { Some(natural(k, &pointer(&vp, 1))?) };
                    if k.is_some_and(|k| k >= denominator) {
                        return bad(pointer(&vp, 1), "NOT_REDUCED", "an exponent lies in [0, denominator)");
                    }
                    let g = self.group(q);
                    // k/denominator and the true k'/λ as fractions of 1.
                    let same = match (g.value(n, a % q), k) {
                        (None, None) => true,
                        (Some(x), Some(k)) => {
                            u128::from(x) * u128::from(denominator) == u128::from(k) * u128::from(lambda)
                        }
                        _ => false,
                    };
                    if !same {
                        findings.push(jacobian_runtime::Finding::at(vp, "WRONG_VALUE", "χ(a) differs"));
                    }
                }
                findings.or_ok(())?;
                true
            }
        };
        if holds { Ok(()) } else { bad(path, "DOES_NOT_HOLD", format!("the `{kind}` relation fails")) }
    }
}

fn replay(e: &Evidence, cx: &CheckContext) -> Step<String> {
    expect(e, DIRICHLET_EVIDENCE, DIRICHLET_SEMANTICS, DIRICHLET_FORMAT, "Dirichlet characters")?;
    object(&e.candidate, "/candidate", &[])?;
    let claim = object(&e.claim, "/claim", &["relations"])?;
    let relations = array(field(claim, "/claim", "relations")?, "/claim/relations")?;
    if relations.len() > MAX_RELATIONS {
        return Err(Stop::Limit(format!("more than {MAX_RELATIONS} relations")));
    }
    let mut state = Replay { groups: HashMap::new(), work: 0, cx };
    let (mut findings, mut limit) = (Findings::default(), None);
    for (i, r) in relations.iter().enumerate() {
        match state.relation(r, &pointer("/claim/relations", i)) {
            Ok(()) => {}
            Err(Stop::Malformed(f)) => findings.extend(f),
            Err(Stop::Limit(reason)) => {
                limit.get_or_insert(reason);
            }
            Err(e @ Stop::Error(_)) => return Err(e),
        }
    }
    findings.or_ok(())?;
    if let Some(reason) = limit {
        return Err(Stop::Limit(reason));
    }
    Ok(format!("{} relations between Dirichlet characters replayed from Conrey's construction", relations.len()))
}

impl Checker for DirichletCharacters {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[DIRICHLET_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        verdict(replay(e, cx))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    use jacobian_runtime::{CancellationToken, Digest, Scope};
    use serde_json::json;

    fn run(claim: Value) -> Verdict {
        let cx = CheckContext {
            artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(60),
        };
        let e = Evidence {
            kind: DIRICHLET_EVIDENCE.into(),
            claim,
            semantics: DIRICHLET_SEMANTICS.into(),
            candidate: json!({}),
            scope: Scope::exact_input("characters", Digest::of_bytes(b"t")),
            certificate_format: DIRICHLET_FORMAT.into(),
            artifacts: vec![],
        };
        DirichletCharacters.check(&e, &cx).expect("not interrupted")
    }

    fn accepted(relations: Value) -> bool {
        matches!(run(json!({ "relations": relations })), Verdict::Accepted { .. })
    }

    /// (q, n, λ, χ(a) for a = 0, 1, …: exponents of e(k/λ), "-" for 0), from PARI/GP 2.15
    /// (znconreychar, chareval), independent of the construction here.
    const PARI: [(u64, u64, u64, &str); 14] = [
        (5, 2, 4, "- 0 1 3 2"),
        (8, 3, 2, "- 0 - 0 - 1 - 1"),
        (8, 5, 2, "- 0 - 1 - 1 - 0"),
        (12, 7, 2, "- 0 - - - 0 - 1 - - - 1"),
        (16, 3, 4, "- 0 - 3 - 3 - 0 - 2 - 1 - 1 - 2"),
        (16, 15, 4, "- 0 - 2 - 0 - 2 - 0 - 2 - 0 - 2"),
        (40, 7, 4, "- 0 - 1 - - - 3 - 2 - 2 - 3 - - - 1 - 0 - 0 - 1 -"),
        (63, 38, 6, "- 0 3 - 0 4 - - 3 - 1 5 - 5 - - 0 4 - 5 4 - 2 1 -"),
        (100, 3, 20, "- 0 - 19 - - - 5 - 18 - 2 - 13 - - - 11 - 16 - 4 - 7 -"),
        (243, 2, 162, "- 0 1 - 2 23 - 70 3 - 24 121 - 8 71 - 4 33 - 156 25 - 122 65 -"),
        (4, 3, 2, "- 0 - 1"),
        (49, 10, 42, "- 0 2 13 4 41 15 - 6 26 1 16 17 9 - 12 8 31 28 35 3 - 18 32 19"),
        (32, 31, 8, "- 0 - 4 - 0 - 4 - 0 - 4 - 0 - 4 - 0 - 4 - 0 - 4 -"),
        (1, 1, 1, "0"),
    ];

    fn values(s: &str) -> Vec<Value> {
        s.split(' ')
            .enumerate()
            .map(|(a, k)| json!([a.to_string(), if k == "-" { Value::Null } else { json!(k) }]))
            .collect()
    }

    #[test]
    fn identity_is_versioned_and_bundled() {
        let id = DirichletCharacters.identity();
        assert_eq!(id.id.as_str(), "jacobian.check.dirichlet_characters");
        assert!(crate::bundled().iter().any(|c| c.identity() == id && c.evidence_kinds() == [DIRICHLET_EVIDENCE]));
    }

    #[test]
    fn values_agree_with_pari_and_wrong_ones_are_rejected() {
        for (q, n, lambda, table) in PARI {
            assert_eq!(Group::new(q).lambda, lambda, "λ({q})");
            let rel = |v: Vec<Value>| json!([{"kind": "values", "modulus": q.to_string(), "index": n.to_string(), "values": v}]);
            assert!(accepted(rel(values(table))), "{q}.{n}");
            for (i, v) in values(table).iter().enumerate() {
                let mut wrong = values(table);
                wrong[i][1] = match &v[1] {
                    Value::Null => json!("0"),
                    k => json!(((k.as_str().unwrap().parse::<u64>().unwrap() + 1) % lambda.max(2)).to_string()),
                };
                if lambda > 1 || v[1].is_null() {
                    assert!(!accepted(rel(wrong)), "{q}.{n} at {i}");
                }
            }
        }
    }

    fn product(q: u64, factors: &[(u64, i64)], m: u64) -> Value {
        let f: Vec<Value> = factors.iter().map(|(n, e)| json!([n.to_string(), e.to_string()])).collect();
        json!({"kind": "product", "modulus": q.to_string(), "factors": f, "equals": m.to_string()})
    }

    fn induces(d: u64, m: u64, q: u64, n: u64) -> Value {
        json!({"kind": "induces", "from": [d.to_string(), m.to_string()], "to": [q.to_string(), n.to_string()]})
    }

    fn kernel(q: u64, n: u64, residues: &[u64]) -> Value {
        let r: Vec<String> = residues.iter().map(u64::to_string).collect();
        json!({"kind": "kernel", "modulus": q.to_string(), "index": n.to_string(), "residues": r})
    }

    /// Facts from PARI/GP (charconj, charmul, charpow, zncharinduce, znchartoprimitive): 40.7 has
    /// conjugate 40.23 and 40.7 · 40.3 = 40.21, 40.7³ = 40.23, 40.7 induces 120.7, 20.7
    /// induces 40.7, 10.3 induces 30.13; ker 40.7 = {1, 19, 21, 39}.
    fn facts() -> Vec<Value> {
        vec![
            product(40, &[(7, -1)], 23),
            product(40, &[(7, 1), (3, 1)], 21),
            product(40, &[(7, 3)], 23),
            product(40, &[(7, 999_999_999_999_999_999)], 23),
            product(40, &[(7, 2), (23, 2)], 1),
            induces(40, 7, 120, 7),
            induces(20, 7, 40, 7),
            induces(10, 3, 30, 13),
            induces(1, 1, 12, 1),
            kernel(40, 7, &[1, 19, 21, 39]),
            kernel(1, 1, &[0]),
        ]
    }

    /// Whether a product relation holds because n ↦ χ_q(n, ·) is a homomorphism: the indices
    /// are units modulo q and ∏ n_i^(e_i) ≡ m (then the edit did not make the claim false).
    fn homomorphic(r: &Value) -> bool {
        let number = |v: &Value| v.as_str().and_then(|s| s.parse::<i64>().ok().filter(|n| n.to_string() == s));
        let (Some(q), Some(m)) = (number(&r["modulus"]), number(&r["equals"])) else { return false };
        if r["kind"] != "product" || q < 1 || m < 1 || m > q || m.gcd(&q) != 1 {
            return false;
        }
        let mut product = 1 % q;
        for f in r["factors"].as_array().unwrap() {
            let (Some(n), Some(e)) = (number(&f[0]), number(&f[1])) else { return false };
            if n < 1 || n > q || n.gcd(&q) != 1 {
                return false;
            }
            let phi = (1..=q).filter(|a| a.gcd(&q) == 1).count() as i64;
            let e = e.rem_euclid(phi.max(1)) as u64;
            product = (i128::from(product) * i128::from(power(n as u64, e, q as u64) as i64) % i128::from(q)) as i64;
        }
        product == m % q
    }

    #[test]
    fn relations_from_pari_are_accepted_and_every_mutation_rejected() {
        assert!(accepted(json!(facts())));
        let mut count = 0;
        for (i, fact) in facts().into_iter().enumerate() {
            let mut mutants: Vec<Value> = vec![];
            let nudge = |v: &Value| -> Vec<Value> {
                let s = v.as_str().unwrap();
                let n: i64 = s.parse().unwrap();
                vec![
                    json!((n + 1).to_string()),
                    json!((n + 2).to_string()),
                    json!((n - 1).to_string()),
                    json!(format!("0{s}")),
                ]
            };
            let paths: Vec<String> = match fact["kind"].as_str().unwrap() {
                "product" => {
                    let mut p = vec!["/modulus".to_string(), "/equals".to_string()];
                    for k in 0..fact["factors"].as_array().unwrap().len() {
                        p.extend([format!("/factors/{k}/0"), format!("/factors/{k}/1")]);
                    }
                    p
                }
                "induces" => ["/from/0", "/from/1", "/to/0", "/to/1"].map(String::from).into(),
                _ => {
                    let mut p = vec!["/modulus".to_string(), "/index".to_string()];
                    p.extend((0..fact["residues"].as_array().unwrap().len()).map(|k| format!("/residues/{k}")));
                    p
                }
            };
            for path in paths {
                for m in nudge(fact.pointer(&path).unwrap()) {
                    let mut x = fact.clone();
                    *x.pointer_mut(&path).unwrap() = m;
                    mutants.push(x);
                }
            }
            if let Some(r) = fact.get("residues") {
                let mut x = fact.clone();
                x["residues"].as_array_mut().unwrap().pop();
                mutants.push(x);
                let mut x = fact.clone();
                x["residues"].as_array_mut().unwrap().push(r[0].clone());
                mutants.push(x);
            }
            for m in mutants {
                // A nudged exponent e → e ± k·order(χ) leaves a true product; exponents move by 1 or 2
                // and every character here has order 4 or more except in the trivial facts.
                let mut all = facts();
                all[i] = m.clone();
                let v = run(json!({ "relations": all }));
                let trivially_true = fact["kind"] == "induces" && fact["from"][0] == "1" || homomorphic(&m);
                if !trivially_true {
                    assert!(!matches!(v, Verdict::Accepted { .. }), "accepted {m}");
                    count += 1;
                }
            }
        }
        assert!(count > 100, "{count} mutants");
    }

    /// (q, n, order, conductor, parity, inducing index), from PARI/GP (charorder,
    /// zncharconductor, zncharisodd, znconreyconductor).
    const CHARACTERS: [(u64, u64, u64, u64, &str, u64); 12] = [
        (40, 7, 4, 20, "even", 7),
        (5, 2, 4, 5, "odd", 2),
        (8, 3, 2, 8, "odd", 3),
        (12, 7, 2, 4, "odd", 3),
        (63, 38, 6, 63, "even", 38),
        (100, 3, 20, 100, "even", 3),
        (1, 1, 1, 1, "even", 1),
        (9, 8, 2, 3, "odd", 2),
        (45, 19, 2, 5, "even", 4),
        (16, 15, 2, 4, "odd", 3),
        (243, 2, 162, 243, "odd", 2),
        (1001, 500, 60, 1001, "even", 500),
    ];

    #[test]
    fn orders_conductors_parities_and_inducing_characters_agree_with_pari() {
        for (q, n, order, conductor, parity, inducing) in CHARACTERS {
            let r = |o: u64, f: u64, p: &str, m: u64| {
                json!([{"kind": "character", "modulus": q.to_string(), "index": n.to_string(), "order": o.to_string(),
                        "conductor": f.to_string(), "parity": p, "inducing": m.to_string()}])
            };
            assert!(accepted(r(order, conductor, parity, inducing)), "{q}.{n}");
            let other = if parity == "odd" { "even" } else { "odd" };
            let mut wrong = vec![r(order + 1, conductor, parity, inducing), r(order * 2, conductor, parity, inducing)];
            wrong.extend([r(order, conductor, other, inducing), r(order, q * 2, parity, inducing)]);
            if order > 1 {
                wrong.push(r(order / 2, conductor, parity, inducing));
            }
            // A proper divisor or multiple of the conductor within q, and another inducing index.
            for f in (1..=q).filter(|f| q % f == 0 && *f != conductor) {
                wrong.push(r(order, f, parity, if f == 1 { 1 } else { (1..=f).find(|m| m.gcd(&f) == 1).unwrap() }));
            }
            for m in (1..=conductor).filter(|m| m.gcd(&conductor) == 1 && *m != inducing).take(3) {
                wrong.push(r(order, conductor, parity, m));
            }
            for w in wrong {
                assert!(!accepted(w.clone()), "{q}.{n}: accepted {w}");
            }
        }
    }

    #[test]
    fn malformed_claims_are_rejected_and_limits_inconclusive() {
        for bad in [
            json!([{"kind": "product", "modulus": "40", "factors": [["8", "1"]], "equals": "1"}]),
            json!([{"kind": "product", "modulus": "0", "factors": [], "equals": "1"}]),
            json!([{"kind": "induces", "from": ["3", "2"], "to": ["40", "7"]}]),
            json!([{"kind": "kernel", "modulus": "40", "index": "7", "residues": [1]}]),
            json!([{"kind": "values", "modulus": "40", "index": "7", "values": [["3"]]}]),
            json!([{"kind": "order", "modulus": "40", "index": "7"}]),
            json!([{"kind": "values", "modulus": "40", "index": "7", "values": [], "extra": 1}]),
        ] {
            assert!(matches!(run(json!({ "relations": bad })), Verdict::Rejected { .. }), "{bad}");
        }
        // χ_5(2, 2) = i = e(1/4) = e(2/8) = e(3/12); over another denominator the exponent scales.
        let v = |d: &str, k: &str| json!([{"kind": "values", "modulus": "5", "index": "2", "denominator": d, "values": [["2", k]]}]);
        assert!(accepted(v("4", "1")) && accepted(v("8", "2")) && accepted(v("12", "3")));
        for (d, k) in [("8", "1"), ("4", "3"), ("2", "1"), ("0", "0"), ("4", "5")] {
            assert!(!accepted(v(d, k)), "{d} {k}");
        }
        let huge = json!([{"kind": "kernel", "modulus": "100001", "index": "1", "residues": []}]);
        assert!(matches!(run(json!({ "relations": huge })), Verdict::Inconclusive { .. }));
        let exponent = json!([product(40, &[(7, 0)], 1)]);
        assert!(accepted(exponent));
        let beyond =
            json!([{"kind": "product", "modulus": "40", "factors": [["7", "10000000000000000000"]], "equals": "1"}]);
        assert!(!matches!(run(json!({ "relations": beyond })), Verdict::Accepted { .. }));
    }
}
