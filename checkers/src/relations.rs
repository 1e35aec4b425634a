//! Replay of integer relations: equalities, inequalities and divisibility between expressions
//! built from sums, products and powers, every expression evaluated exactly by the checker.
//!
//! Evidence `integer.relations/v1`, semantics `urn:jacobian:semantics:integer-relations-hold:v1`,
//! format `INTEGER_RELATIONS_V1`. Claim `{"relations": [R, …]}` (1 to [`MAX_RELATIONS`]),
//! candidate `{}`. `R` is `{"kind": K, "left": E, "right": E}` with `K` one of `equal`, `less`
//! (left < right), `less_equal`, `divides` (left | right, where 0 | x only for x = 0) and
//! `not_divides`. An expression `E` is a canonical decimal string (`"-12"`, `"0"`; no `+`, no
//! leading zero, no `-0`), `{"sum": [E, …]}` or `{"product": [E, …]}` (non-empty lists), or
//! `{"power": [E, k]}` with `k` a JSON integer from 0 to [`MAX_EXPONENT`] (and 0^0 = 1).
//!
//! Accepted when every relation holds; rejected with a finding at `/claim/relations/i` for each
//! relation that fails and at the place of every malformed part. Limits answer inconclusive,
//! each tested before the computation it guards: an expression nested deeper than
//! [`MAX_DEPTH`], more than [`MAX_NODES`] expressions in the evidence, a literal of more than
//! [`MAX_DIGITS`] digits, an exponent above [`MAX_EXPONENT`], and a power or product that could
//! exceed [`MAX_BITS`] bits (estimated as bits(base)·k, and as the sum of the factors' bits). A
//! relation found false rejects the evidence even when another one met a limit.

use std::str::FromStr;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Finding, Verdict};
use num_bigint::BigInt;
use num_traits::{One, Zero};
use serde_json::Value;

use crate::evidence::collected::{Findings, Stop, array, expect, field, object, pointer};

/// Evidence kind replayed.
pub const RELATIONS_EVIDENCE: &str = "integer.relations/v1";
/// Semantics of the claim: every listed relation holds.
pub const RELATIONS_SEMANTICS: &str = "urn:jacobian:semantics:integer-relations-hold:v1";
/// Certificate format (the claim is its own certificate; the candidate is empty).
pub const RELATIONS_FORMAT: &str = "INTEGER_RELATIONS_V1";
/// Most relations in one piece of evidence.
pub const MAX_RELATIONS: usize = 10_000;
/// Deepest nesting of an expression (a relation's sides are at depth 0).
pub const MAX_DEPTH: usize = 64;
/// Most expressions (literals, sums, products, powers) in one piece of evidence.
pub const MAX_NODES: usize = 100_000;
/// Largest exponent of a power.
pub const MAX_EXPONENT: u64 = 100_000;
/// Most bits a power or product may have to be computed.
pub const MAX_BITS: u64 = 2_000_000;
/// Most digits of a literal.
pub const MAX_DIGITS: usize = 100_000;
/// Expressions evaluated between two looks at the deadline.
const POLL_EVERY: usize = 256;
const KINDS: [&str; 5] = ["equal", "less", "less_equal", "divides", "not_divides"];

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.integer_relations", "1.0.0", include_str!("relations.rs"))
});

/// Checks equalities, inequalities and divisibilities between integer expressions by evaluating them.
pub struct IntegerRelations;

fn malformed(path: impl Into<String>, code: &str, message: &str) -> Stop {
    Stop::Malformed(Finding::at(path, code, message).into())
}

/// A canonical decimal integer: an optional `-`, then `0` alone or digits without a leading zero (never `-0`).
fn literal(s: &str, path: &str) -> Result<BigInt, Stop> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    let canonical =
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (!digits.starts_with('0') || s == "0");
    if !canonical {
        return Err(malformed(path, "NOT_AN_INTEGER", "expected a canonical decimal integer string"));
    }
    if digits.len() > MAX_DIGITS {
        return Err(Stop::Limit(format!("{path} has more than {MAX_DIGITS} digits")));
    }
    BigInt::from_str(s).map_err(|_| malformed(path, "NOT_AN_INTEGER", "expected a canonical decimal integer string"))
}

struct Evaluator<'a> {
    cx: &'a CheckContext,
    nodes: usize,
}

impl Evaluator<'_> {
    fn eval(&mut self, v: &Value, path: &str, depth: usize) -> Result<BigInt, Stop> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(Stop::Limit(format!("more than {MAX_NODES} expressions")));
        }
        if depth > MAX_DEPTH {
            return Err(Stop::Limit(format!("{path} is nested deeper than {MAX_DEPTH}")));
        }
        if self.nodes.is_multiple_of(POLL_EVERY) && self.cx.should_stop() {
            return Err(Stop::interrupted());
        }
        if let Some(s) = v.as_str() {
            return literal(s, path);
        }
        let Some((op, args)) = v.as_object().filter(|m| m.len() == 1).and_then(|m| m.iter().next()) else {
            return Err(malformed(
                path,
                "NOT_AN_EXPRESSION",
                "expected an integer string, or one of sum, product, power",
            ));
        };
        let args_path = pointer(path, op);
        match op.as_str() {
            "sum" | "product" => {
                let items = array(args, &args_path)?;
                if items.is_empty() {
                    return Err(malformed(args_path, "EMPTY", "a sum or product has at least one term"));
                }
                let sum = op == "sum";
                let mut acc = if sum { BigInt::zero() } else { BigInt::one() };
                for (i, item) in items.iter().enumerate() {
                    let x = self.eval(item, &pointer(&args_path, i), depth + 1)?;
                    if sum {
                        acc += x;
                    } else if acc.bits() + x.bits() > MAX_BITS {
                        return Err(Stop::Limit(format!("the product at {path} could exceed {MAX_BITS} bits")));
                    } else {
                        acc *= x;
                    }
                }
                Ok(acc)
            }
            "power" => {
                let [base, k] = array(args, &args_path)? else {
                    return Err(malformed(args_path, "NOT_A_POWER", "expected [expression, exponent]"));
                };
                let Some(k) = k.as_u64() else {
                    return Err(malformed(pointer(&args_path, 1), "NOT_AN_EXPONENT", "expected a JSON integer ≥ 0"));
                };
                if k > MAX_EXPONENT {
                    return Err(Stop::Limit(format!("the exponent at {path} is above {MAX_EXPONENT}")));
                }
                let base = self.eval(base, &pointer(&args_path, 0), depth + 1)?;
                if base.bits().saturating_mul(k) > MAX_BITS {
                    return Err(Stop::Limit(format!("the power at {path} could exceed {MAX_BITS} bits")));
                }
                // k ≤ MAX_EXPONENT, so it fits a usize.
                Ok(num_traits::pow(base, k as usize))
            }
            _ => Err(malformed(args_path, "UNKNOWN_OPERATION", "expected sum, product or power")),
        }
    }
}

fn divides(d: &BigInt, n: &BigInt) -> bool {
    if d.is_zero() { n.is_zero() } else { (n % d).is_zero() }
}

/// Small numbers in full, others by their size (a finding stays readable).
fn show(n: &BigInt) -> String {
    if n.bits() <= 256 { n.to_string() } else { format!("a {}-bit integer", n.bits()) }
}

/// `Ok(None)` when the relation at `path` holds, `Ok(Some(finding))` when it fails.
fn relation(ev: &mut Evaluator, r: &Value, path: &str) -> Result<Option<Finding>, Stop> {
    let map = object(r, path, &["kind", "left", "right"])?;
    let kind = field(map, path, "kind")?.as_str().filter(|k| KINDS.contains(k)).ok_or_else(|| {
        malformed(pointer(path, "kind"), "UNKNOWN_RELATION", "equal, less, less_equal, divides or not_divides")
    })?;
    let left = ev.eval(field(map, path, "left")?, &pointer(path, "left"), 0)?;
    let right = ev.eval(field(map, path, "right")?, &pointer(path, "right"), 0)?;
    let holds = match kind {
        "equal" => left == right,
        "less" => left < right,
        "less_equal" => left <= right,
        "divides" => divides(&left, &right),
        _ => !divides(&left, &right),
    };
    Ok((!holds).then(|| {
        let message = format!("`{kind}` fails: the left side is {}, the right side {}", show(&left), show(&right));
        Finding::at(path, "DOES_NOT_HOLD", message)
    }))
}

impl Checker for IntegerRelations {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[RELATIONS_EVIDENCE]
    }

    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        let mut findings = Findings::default();
        let what = "list of integer relations";
        if let Err(f) = expect(e, RELATIONS_EVIDENCE, RELATIONS_SEMANTICS, RELATIONS_FORMAT, what) {
            findings.extend(f);
        }
        if let Err(f) = object(&e.candidate, "/candidate", &[]) {
            findings.extend(f);
        }
        let relations = object(&e.claim, "/claim", &["relations"])
            .and_then(|m| field(m, "/claim", "relations"))
            .and_then(|v| array(v, "/claim/relations"));
        let relations = match relations {
            Ok(r) if findings.is_empty() => r,
            Ok(_) => return Ok(findings.rejected()),
            Err(f) => {
                findings.extend(f);
                return Ok(findings.rejected());
            }
        };
        if relations.is_empty() {
            findings.push(Finding::at("/claim/relations", "NO_RELATIONS", "a non-empty list of relations"));
            return Ok(findings.rejected());
        }
        if relations.len() > MAX_RELATIONS {
            return Ok(Verdict::Inconclusive { reason: format!("more than {MAX_RELATIONS} relations") });
        }
        let mut ev = Evaluator { cx, nodes: 0 };
        let mut limit = None;
        for (i, r) in relations.iter().enumerate() {
            if cx.should_stop() {
                return Err(CheckError::Interrupted);
            }
            match relation(&mut ev, r, &pointer("/claim/relations", i)) {
                Ok(None) => {}
                Ok(Some(f)) => findings.push(f),
                Err(Stop::Malformed(f)) => findings.extend(f),
                Err(Stop::Limit(reason)) => {
                    limit.get_or_insert(reason);
                }
                Err(Stop::Error(e)) => return Err(e),
            }
        }
        Ok(match limit {
            Some(reason) if findings.is_empty() => Verdict::Inconclusive { reason },
            _ => findings
                .verdict(|| format!("{} relations evaluated exactly ({} expressions)", relations.len(), ev.nodes)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jacobian_runtime::artifact::{ArtifactReader, MemoryArtifactStore};
    use jacobian_runtime::{CancellationToken, Digest, Scope};
    use serde_json::{Map, json};

    fn cx() -> CheckContext {
        CheckContext {
            artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(60),
        }
    }

    fn evidence(claim: Value, candidate: Value) -> Evidence {
        Evidence {
            kind: RELATIONS_EVIDENCE.into(),
            claim,
            semantics: RELATIONS_SEMANTICS.into(),
            candidate,
            scope: Scope::exact_input("relations", Digest::of_bytes(b"t")),
            certificate_format: RELATIONS_FORMAT.into(),
            artifacts: vec![],
        }
    }

    fn run(e: &Evidence) -> Verdict {
        IntegerRelations.check(e, &cx()).expect("not interrupted")
    }

    fn check(relations: Value) -> Verdict {
        run(&evidence(json!({ "relations": relations }), json!({})))
    }

    fn accepted(v: &Verdict) -> bool {
        matches!(v, Verdict::Accepted { .. })
    }

    fn inconclusive(v: &Verdict) -> bool {
        matches!(v, Verdict::Inconclusive { .. })
    }

    fn rel(kind: &str, left: Value, right: Value) -> Value {
        json!({"kind": kind, "left": left, "right": right})
    }

    fn op(name: &str, args: Vec<Value>) -> Value {
        Value::Object(Map::from_iter([(name.to_owned(), Value::Array(args))]))
    }

    /// Every expression one edit away from `v`: each literal and exponent ±1, each term of a
    /// sum or product removed or duplicated.
    fn mutants(v: &Value) -> Vec<Value> {
        if let Some(s) = v.as_str() {
            let n: BigInt = s.parse().unwrap();
            return vec![json!((&n + 1u32).to_string()), json!((&n - 1u32).to_string())];
        }
        let (name, args) = v.as_object().unwrap().iter().next().unwrap();
        let items = args.as_array().unwrap();
        let mut out = vec![];
        if name == "power" {
            out.extend(mutants(&items[0]).into_iter().map(|b| op(name, vec![b, items[1].clone()])));
            let k = items[1].as_u64().unwrap();
            out.push(op(name, vec![items[0].clone(), json!(k + 1)]));
            if k > 0 {
                out.push(op(name, vec![items[0].clone(), json!(k - 1)]));
            }
            return out;
        }
        for i in 0..items.len() {
            for m in mutants(&items[i]) {
                let mut c = items.clone();
                c[i] = m;
                out.push(op(name, c));
            }
            let mut removed = items.clone();
            removed.remove(i);
            out.push(op(name, removed));
            let mut duplicated = items.clone();
            duplicated.insert(i, items[i].clone());
            out.push(op(name, duplicated));
        }
        out
    }

    fn good() -> Value {
        json!([
            rel(
                "equal",
                op(
                    "sum",
                    vec![
                        json!("2"),
                        op("product", vec![json!("3"), json!("-4")]),
                        op("power", vec![json!("5"), json!(3)])
                    ]
                ),
                json!("115")
            ),
            rel("equal", op("power", vec![op("sum", vec![json!("-3"), json!("1")]), json!(5)]), json!("-32")),
            rel("divides", op("sum", vec![json!("2"), json!("5")]), json!("-21")),
            rel("divides", json!("7"), json!("14")),
            rel("less", json!("-3"), json!("-2")),
            rel("less_equal", json!("5"), json!("5")),
            rel("not_divides", json!("4"), json!("10")),
        ])
    }

    #[test]
    fn identity_is_versioned_and_bundled() {
        let id = IntegerRelations.identity();
        assert_eq!((id.id.as_str(), id.version.as_str()), ("jacobian.check.integer_relations", "1.0.0"));
        assert!(crate::bundled().iter().any(|c| c.identity() == id && c.evidence_kinds() == [RELATIONS_EVIDENCE]));
    }

    #[test]
    fn true_relations_pass_and_every_mutation_fails() {
        let good = good();
        assert!(accepted(&check(good.clone())), "{:?}", check(good.clone()));
        // Equalities and the chosen divisibilities: any one edit of either side breaks them.
        let mut count = 0;
        for i in 0..4 {
            for side in ["left", "right"] {
                for m in mutants(&good[i][side]) {
                    let mut bad = good.clone();
                    bad[i][side] = m;
                    assert!(!accepted(&check(bad.clone())), "{}", bad[i]);
                    count += 1;
                }
            }
        }
        assert!(count > 40, "{count} mutants");
        // Inequalities and non-divisibility, moved the way that breaks them; other kinds.
        for (i, field, value) in [
            (4, "left", json!("-2")),
            (4, "right", json!("-3")),
            (5, "left", json!("6")),
            (5, "right", json!("4")),
            (6, "left", json!("5")),
            (6, "right", json!("12")),
            (0, "kind", json!("less")),
            (0, "kind", json!("not_divides")),
            (1, "kind", json!("divides_not")),
            (1, "kind", json!(null)),
            (4, "kind", json!("equal")),
            (4, "kind", json!("divides")),
            (6, "kind", json!("divides")),
            (3, "extra", json!("1")),
        ] {
            let mut bad = good.clone();
            bad[i][field] = value;
            assert!(!accepted(&check(bad.clone())), "{}", bad[i]);
        }
        for (i, missing) in [(0, "kind"), (1, "left"), (2, "right")] {
            let mut bad = good.clone();
            bad[i].as_object_mut().unwrap().remove(missing);
            assert!(!accepted(&check(bad.clone())), "{}", bad[i]);
        }
        // The failing relation is named.
        let mut bad = good.clone();
        bad[1]["right"] = json!("32");
        let Verdict::Rejected { findings } = check(bad) else { panic!("rejected") };
        assert_eq!(findings[0].path.as_deref(), Some("/claim/relations/1"));
    }

    #[test]
    fn malformed_expressions_and_evidence_are_rejected() {
        // Each would be worth 3 if it were read leniently.
        for bad in [
            json!("+3"),
            json!("03"),
            json!(" 3"),
            json!("3 "),
            json!("3.0"),
            json!("0x3"),
            json!(""),
            json!(3),
            json!(null),
            json!(["3"]),
            json!({}),
            json!({"sum": []}),
            json!({"product": []}),
            json!({"sum": "3"}),
            json!({"sum": ["3"], "product": ["3"]}),
            json!({"difference": ["4", "1"]}),
            json!({"power": ["3"]}),
            json!({"power": ["3", "1"]}),
            json!({"power": ["3", 1.0]}),
            json!({"power": ["3", 1, 1]}),
            json!({"power": ["9", 0.5]}),
        ] {
            let v = check(json!([rel("equal", bad.clone(), json!("3"))]));
            assert!(matches!(v, Verdict::Rejected { .. }), "{bad}: {v:?}");
        }
        assert!(!accepted(&check(json!([rel("equal", json!("-0"), json!("0"))]))));
        assert!(!accepted(&check(json!([]))));
        assert!(!accepted(&check(json!({"kind": "equal", "left": "1", "right": "1"}))));
        let claim = json!({"relations": good()});
        assert!(accepted(&run(&evidence(claim.clone(), json!({})))));
        let mut wrong = vec![
            evidence(claim.clone(), json!({"witness": "1"})),
            evidence(claim.clone(), json!(null)),
            evidence(json!({"relations": good(), "note": "x"}), json!({})),
            evidence(json!({}), json!({})),
        ];
        for edit in 0..4 {
            let mut e = evidence(claim.clone(), json!({}));
            match edit {
                0 => e.semantics = "urn:jacobian:semantics:modular-relations-hold:v1".into(),
                1 => e.certificate_format = "CONGRUENCES_V1".into(),
                2 => e.kind = "modular.relation/v1".into(),
                _ => e.scope.universal = true,
            }
            wrong.push(e);
        }
        for e in wrong {
            assert!(matches!(run(&e), Verdict::Rejected { .. }), "{e:?}");
        }
    }

    #[test]
    fn zero_divides_only_zero() {
        for (kind, l, r, holds) in [
            ("divides", "0", "0", true),
            ("divides", "0", "5", false),
            ("not_divides", "0", "5", true),
            ("divides", "5", "0", true),
            ("divides", "-3", "6", true),
            ("divides", "3", "-7", false),
            ("less", "-5", "0", true),
            ("less_equal", "1", "0", false),
        ] {
            assert_eq!(accepted(&check(json!([rel(kind, json!(l), json!(r))]))), holds, "{kind} {l} {r}");
        }
        assert!(accepted(&check(json!([rel("equal", op("power", vec![json!("0"), json!(0)]), json!("1"))]))));
    }

    #[test]
    fn limits_answer_inconclusive_before_computing() {
        let pow = |b: &str, k: u64| op("power", vec![json!(b), json!(k)]);
        // At the bounds: computed exactly.
        let big = op("power", vec![pow("2", 1000), json!(100)]);
        assert!(accepted(&check(json!([rel("equal", pow("2", 100_000), big)]))));
        let mut deep = json!("1");
        for _ in 0..MAX_DEPTH {
            deep = op("sum", vec![deep]);
        }
        assert!(accepted(&check(json!([rel("equal", deep.clone(), json!("1"))]))));
        // Past them: inconclusive.
        for past in [
            op("sum", vec![deep]),
            pow("2", MAX_EXPONENT + 1),
            op("power", vec![pow("3", 100_000), json!(20)]),
            op("product", vec![pow("3", 100_000); 13]),
            op("sum", vec![json!("1"); MAX_NODES]),
            json!("1".repeat(MAX_DIGITS + 1)),
        ] {
            let v = check(json!([rel("less", past, json!("0"))]));
            assert!(inconclusive(&v), "{v:?}");
        }
        let many = vec![rel("equal", json!("1"), json!("1")); MAX_RELATIONS + 1];
        assert!(inconclusive(&check(Value::Array(many))));
        // A false relation still rejects evidence that met a limit elsewhere.
        let v =
            check(json!([rel("less", pow("2", MAX_EXPONENT + 1), json!("0")), rel("equal", json!("1"), json!("2"))]));
        assert!(matches!(v, Verdict::Rejected { .. }), "{v:?}");
    }

    #[test]
    fn a_cancelled_check_is_interrupted() {
        let cx = cx();
        cx.cancel.cancel();
        let e = evidence(json!({"relations": good()}), json!({}));
        assert!(matches!(IntegerRelations.check(&e, &cx), Err(CheckError::Interrupted)));
    }

    /// A small deterministic generator (64-bit LCG), so failures reproduce.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self, n: u64) -> u64 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (self.0 >> 33) % n
        }

        /// An expression and its value by i128 arithmetic, independent of the checker.
        fn expr(&mut self, depth: u32) -> (Value, Option<i128>) {
            let choice = if depth == 0 { 0 } else { self.next(4) };
            match choice {
                0 => {
                    let n = self.next(19) as i128 - 9;
                    (json!(n.to_string()), Some(n))
                }
                1 | 2 => {
                    let (mut args, mut value) = (vec![], Some(if choice == 1 { 0i128 } else { 1 }));
                    for _ in 0..=self.next(3) {
                        let (e, v) = self.expr(depth - 1);
                        args.push(e);
                        value = match (value, v) {
                            (Some(a), Some(b)) if choice == 1 => a.checked_add(b),
                            (Some(a), Some(b)) => a.checked_mul(b),
                            _ => None,
                        };
                    }
                    (op(if choice == 1 { "sum" } else { "product" }, args), value)
                }
                _ => {
                    let (base, v) = self.expr(depth - 1);
                    let k = self.next(5) as u32;
                    (op("power", vec![base, json!(k)]), v.and_then(|b| b.checked_pow(k)))
                }
            }
        }
    }

    #[test]
    fn generated_relations_agree_with_machine_arithmetic() {
        let mut rng = Lcg(7);
        let (mut held, mut failed) = (0, 0);
        while held + failed < 400 {
            let ((l, lv), (r, rv)) = (rng.expr(3), rng.expr(3));
            let (Some(lv), Some(rv)) = (lv, rv) else { continue };
            let kind = KINDS[rng.next(5) as usize];
            let divides = if lv == 0 { rv == 0 } else { rv % lv == 0 };
            let holds = match kind {
                "equal" => lv == rv,
                "less" => lv < rv,
                "less_equal" => lv <= rv,
                "divides" => divides,
                _ => !divides,
            };
            let v = check(json!([rel(kind, l.clone(), r.clone())]));
            assert_eq!(accepted(&v), holds, "{kind} {l} {r}: {v:?}");
            assert!(holds || matches!(v, Verdict::Rejected { .. }));
            // Every value is also checked as an equality with its own value.
            assert!(accepted(&check(json!([rel("equal", l, json!(lv.to_string()))]))));
            if holds { held += 1 } else { failed += 1 }
        }
        assert!(held > 50 && failed > 50, "{held} held, {failed} failed");
    }
}
