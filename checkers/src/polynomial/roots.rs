//! Replay of real-root isolation: Sturm counts, by the checker's own Sturm sequence, on the
//! rational intervals a producer returned.
//!
//! Evidence `polynomial.real_roots/v1`, semantics
//! `urn:jacobian:semantics:real-roots-isolated:v1`, format `STURM_INTERVALS_V1`. Claim
//! `{"polynomial": P, "intervals": [[a, b], …]}` with `P` a non-zero polynomial in one variable
//! over Q (term-list form of [`super`]) and `a ≤ b` canonical rational strings; candidate `{}`.
//! It says that the distinct real roots of `P` are exactly one in each interval: a point
//! interval `[a, a]` is a root, an interval `a < b` has `P(a) ≠ 0 ≠ P(b)` and exactly one root
//! in `(a, b)` (Sturm's theorem: V(a) − V(b) = 1), the intervals are disjoint and in increasing
//! order, and their number is V(−∞) − V(+∞), the number of distinct real roots.

use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Verdict};
use num_traits::Zero;

use super::{Field, Q, poly, rational, sign, sign_changes};
use crate::evidence::collected::{Step, Stop, array, bad, expect, field as get, object, pointer, verdict};

/// Evidence kind replayed.
pub const EVIDENCE: &str = "polynomial.real_roots/v1";
/// Semantics: the intervals isolate the distinct real roots.
pub const SEMANTICS: &str = "urn:jacobian:semantics:real-roots-isolated:v1";
/// Certificate format.
pub const FORMAT: &str = "STURM_INTERVALS_V1";
/// Highest degree replayed.
pub const MAX_DEGREE: usize = 500;

static IDENTITY: LazyLock<CheckerIdentity> = LazyLock::new(|| {
    CheckerIdentity::from_source("jacobian.check.real_root_isolation", "1.0.0", include_str!("roots.rs"))
});

/// Checks real-root isolating intervals by Sturm sequences.
pub struct RealRootIsolation;

/// The remainder of `a` by `b` (dense, lowest first; `b` non-zero with a non-zero top).
fn remainder(mut a: Vec<Q>, b: &[Q]) -> Vec<Q> {
    let db = b.len() - 1;
    while a.len() > db && !a.is_empty() {
        let top = a.len() - 1;
        let c = &a[top] / &b[db];
        for j in 0..=db {
            let v = &a[top - db + j] - &c * &b[j];
            a[top - db + j] = v;
        }
        while a.last().is_some_and(Zero::is_zero) {
            a.pop();
        }
    }
    a
}

/// The Sturm sequence p, p′, −rem(p, p′), …
fn sturm(p: Vec<Q>, cx: &CheckContext) -> Step<Vec<Vec<Q>>> {
    let d: Vec<Q> = p.iter().enumerate().skip(1).map(|(k, c)| c * Q::from_integer(k.into())).collect();
    let mut seq = vec![p];
    let mut next = d;
    while !next.is_empty() {
        if cx.should_stop() {
            return Err(Stop::interrupted());
        }
        let r: Vec<Q> = remainder(seq[seq.len() - 1].clone(), &next).into_iter().map(|c| -c).collect();
        seq.push(next);
        next = r;
    }
    Ok(seq)
}

fn eval(p: &[Q], x: &Q) -> Q {
    p.iter().rev().fold(Q::zero(), |acc, c| acc * x + c)
}

/// Sign changes at x (`None` for −∞, `Some` for a point), or at +∞ with `plus`.
fn changes(seq: &[Vec<Q>], x: Option<&Q>, plus: bool) -> usize {
    sign_changes(seq.iter().map(|p| match x {
        Some(x) => sign(&eval(p, x)),
        None => {
            let lead = sign(&p[p.len() - 1]);
            if plus || (p.len() - 1) % 2 == 0 { lead } else { -lead }
        }
    }))
}

fn replay(e: &Evidence, cx: &CheckContext) -> Step<String> {
    expect(e, EVIDENCE, SEMANTICS, FORMAT, "polynomial")?;
    object(&e.candidate, "/candidate", &[])?;
    let claim = object(&e.claim, "/claim", &["polynomial", "intervals"])?;
    let p = poly(get(claim, "/claim", "polynomial")?, "/claim/polynomial", 1, &Field { p: 0.into() })?;
    let Some(p) = p.dense(0).filter(|p| !p.is_empty()) else {
        return bad("/claim/polynomial", "ZERO_POLYNOMIAL", "a non-zero polynomial");
    };
    if p.len() > MAX_DEGREE + 1 {
        return Err(Stop::Limit(format!("degree above {MAX_DEGREE}")));
    }
    let items = array(get(claim, "/claim", "intervals")?, "/claim/intervals")?;
    let mut intervals: Vec<(Q, Q)> = vec![];
    for (i, it) in items.iter().enumerate() {
        let at = pointer("/claim/intervals", i);
        let Some([a, b]) = it.as_array().map(Vec::as_slice) else {
            return bad(at, "NOT_AN_INTERVAL", "an interval is [a, b]");
        };
        let (a, b) = (rational(a, &pointer(&at, 0))?, rational(b, &pointer(&at, 1))?);
        if a > b {
            return bad(at, "EMPTY_INTERVAL", "a ≤ b");
        }
        if let Some((pa, pb)) = intervals.last() {
            let touching_points = pa == pb || a == b;
            if a < *pb || (a == *pb && touching_points) {
                return bad(at, "OVERLAP", "intervals are disjoint and increasing");
            }
        }
        intervals.push((a, b));
    }
    let seq = sturm(p.clone(), cx)?;
    let total = changes(&seq, None, false) - changes(&seq, None, true);
    for (i, (a, b)) in intervals.iter().enumerate() {
        let at = pointer("/claim/intervals", i);
        if a == b {
            if !eval(&p, a).is_zero() {
                return bad(at, "NOT_A_ROOT", format!("P({a}) ≠ 0"));
            }
            continue;
        }
        if eval(&p, a).is_zero() || eval(&p, b).is_zero() {
            return bad(at, "ROOT_AT_ENDPOINT", "an open interval's endpoints are not roots");
        }
        let count = changes(&seq, Some(a), false) as i64 - changes(&seq, Some(b), false) as i64;
        if count != 1 {
            return bad(at, "NOT_ISOLATING", format!("the interval holds {count} roots"));
        }
    }
    if total != intervals.len() {
        let m = format!("P has {total} distinct real roots, the claim lists {}", intervals.len());
        return bad("/claim/intervals", "WRONG_COUNT", m);
    }
    Ok(format!("{total} real roots isolated (Sturm sequence of length {})", seq.len()))
}

impl Checker for RealRootIsolation {
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
    use serde_json::{Value, json};

    fn check(p: Value, intervals: Value) -> Verdict {
        let claim = json!({"polynomial": p, "intervals": intervals});
        RealRootIsolation.check(&evidence(EVIDENCE, SEMANTICS, FORMAT, claim, json!({})), &cx()).unwrap()
    }

    fn accepted(v: &Verdict) -> bool {
        matches!(v, Verdict::Accepted { .. })
    }

    #[test]
    fn identity_is_bundled() {
        let id = RealRootIsolation.identity();
        assert!(crate::bundled().iter().any(|c| c.identity() == id && c.evidence_kinds() == [EVIDENCE]));
    }

    #[test]
    fn isolating_intervals_pass_and_mutations_fail() {
        // (x² − 2)(x − 1)²(x² + 1): roots −√2, 1 (double), √2.
        let p = uni(&[-2, 4, -3, 2, 0, -2, 1]);
        let good = json!([["-3/2", "-1"], ["1", "1"], ["5/4", "3/2"]]);
        assert!(accepted(&check(p.clone(), good.clone())), "{:?}", check(p.clone(), good.clone()));
        let mutants = [
            json!([["-3/2", "-1"], ["5/4", "3/2"]]),
            json!([["-3/2", "-1"], ["1", "1"], ["1", "1"], ["5/4", "3/2"]]),
            json!([["-2", "2"]]),
            json!([["-3/2", "-1"], ["1/2", "3/2"], ["5/4", "3/2"]]),
            json!([["-3/2", "-1"], ["1", "1"], ["3/2", "2"]]),
            json!([["-3/2", "-1"], ["9/10", "9/10"], ["5/4", "3/2"]]),
            json!([["-1", "-3/2"], ["1", "1"], ["5/4", "3/2"]]),
            json!([["5/4", "3/2"], ["1", "1"], ["-3/2", "-1"]]),
            json!([["-3/2", "-1"], ["1", "1"], ["5/4", "3/2"], ["2", "3"]]),
            json!([["-3/2", "-1"], ["1", "1"], ["5/4", "6/4"]]),
            json!([["-3/2", "-1"], ["1", "1"], ["5/4"]]),
        ];
        for m in mutants {
            assert!(!accepted(&check(p.clone(), m.clone())), "{m}");
        }
        // A changed coefficient moves the roots out of the intervals.
        assert!(!accepted(&check(uni(&[-1, 4, -3, 2, 0, -2, 1]), good.clone())));
        assert!(!accepted(&check(uni(&[]), json!([]))));
        // No real root.
        assert!(accepted(&check(uni(&[1, 0, 1]), json!([]))));
        assert!(!accepted(&check(uni(&[1, 0, 1]), json!([["-1", "1"]]))));
        // A constant has none.
        assert!(accepted(&check(uni(&[3]), json!([]))));
    }
}
