//! Replay of least solutions of Pell equations x² − D·y² = ±1, by the checker's own
//! continued-fraction expansion of √D.
//!
//! Evidence `diophantine.pell/v1`, semantics `urn:jacobian:semantics:pell-fundamental-solution:v1`,
//! format `PELL_CONTINUED_FRACTION_V1`. Claim `{"d": D, "n": "1" | "-1", "solution": {"x": X,
//! "y": Y} | null}`, candidate `{}`, every number a canonical decimal string. It says that D ≥ 2
//! is not a square and that (X, Y), X, Y ≥ 1, is the least positive solution of X² − D·Y² = n;
//! a null solution (allowed for n = −1 only) says that X² − D·Y² = −1 has no integer solution.
//!
//! The replay checks the equation directly, then expands √D with the recurrence m ← d·a − m,
//! d ← (D − m²)/d, a ← ⌊(a₀ + m)/d⌋ from (m, d, a) = (0, 1, ⌊√D⌋) until d = 1 again, which gives
//! the period ℓ and the partial quotients a₀, …, a_ℓ (a_ℓ = 2a₀). With p_k/q_k the convergents,
//! the least solution of +1 is (p_{ℓ−1}, q_{ℓ−1}) when ℓ is even and (p_{2ℓ−1}, q_{2ℓ−1}) when it is
//! odd; −1 is solvable exactly when ℓ is odd, and then (p_{ℓ−1}, q_{ℓ−1}) is its least solution
//! (Perron, *Die Lehre von den Kettenbrüchen*, §26). The convergent is the product of the
//! matrices [[a_i, 1], [1, 0]], taken as a balanced product tree so its cost is a few big
//! multiplications rather than one per partial quotient.
//!
//! D over [`MAX_D_DIGITS`] digits, X or Y over [`MAX_SOLUTION_DIGITS`] digits, or a period longer
//! than [`MAX_PERIOD`] is not replayed (inconclusive).

use std::str::FromStr;
use std::sync::LazyLock;

use jacobian_runtime::{CheckContext, CheckError, Checker, CheckerIdentity, Evidence, Verdict};
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive, Zero};
use serde_json::Value;

use crate::evidence::collected::{Step, Stop, bad, expect, field, object, verdict};

/// Evidence kind replayed.
pub const PELL_EVIDENCE: &str = "diophantine.pell/v1";
/// Semantics of the claim: the least solution of x² − D·y² = n, or that there is none.
pub const PELL_SEMANTICS: &str = "urn:jacobian:semantics:pell-fundamental-solution:v1";
/// Certificate format (the claim is replayed by continued fractions; the candidate is empty).
pub const PELL_FORMAT: &str = "PELL_CONTINUED_FRACTION_V1";
/// Most decimal digits of D.
pub const MAX_D_DIGITS: usize = 60;
/// Most decimal digits of X and of Y (reading a decimal string costs its length squared).
pub const MAX_SOLUTION_DIGITS: usize = 100_000;
/// Longest period of the continued fraction of √D expanded.
pub const MAX_PERIOD: usize = 2_000_000;
/// Partial quotients computed between two looks at the deadline.
const POLL_EVERY: usize = 4096;

static IDENTITY: LazyLock<CheckerIdentity> =
    LazyLock::new(|| CheckerIdentity::from_source("jacobian.check.pell_fundamental", "1.0.0", include_str!("pell.rs")));

/// Checks least solutions of x² − D·y² = ±1 (and their absence for −1) by continued fractions.
pub struct PellFundamental;

/// A canonical decimal integer (`0`, or an optional `-` and digits without a leading zero) of at
/// most `max` digits; a longer one is a limit, found before it is read.
fn integer(v: &Value, path: &str, max: usize) -> Step<BigInt> {
    let s = v.as_str().unwrap_or("");
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || (digits.starts_with('0') && s != "0") {
        return bad(path, "NOT_AN_INTEGER", "expected a canonical decimal integer string");
    }
    if digits.len() > max {
        return Err(Stop::Limit(format!("{path} has more than {max} digits")));
    }
    BigInt::from_str(s).or_else(|_| bad(path, "NOT_AN_INTEGER", "expected a canonical decimal integer string"))
}

/// The partial quotients a₀, …, a_ℓ of √D over its first period, for D ≥ 2 not a square.
///
/// Every a_k is at most 2a₀ < 2·10^30 when D has at most [`MAX_D_DIGITS`] digits, so it fits a u128.
fn period(d: &BigInt, max: usize, stop: &dyn Fn() -> bool) -> Step<Vec<u128>> {
    let quotient = |a: &BigInt| a.to_u128().ok_or_else(|| Stop::Limit("a partial quotient exceeds 128 bits".into()));
    let a0 = d.sqrt();
    let (mut m, mut den, mut a) = (BigInt::zero(), BigInt::one(), a0.clone());
    let mut quotients = vec![];
    loop {
        if quotients.len().is_multiple_of(POLL_EVERY) && stop() {
            return Err(Stop::interrupted());
        }
        quotients.push(quotient(&a)?);
        if quotients.len() > max {
            return Err(Stop::Limit(format!("the period of √D is longer than {max}")));
        }
        m = &den * &a - m;
        den = (d - &m * &m) / den;
        a = (&a0 + &m) / &den;
        if den.is_one() {
            quotients.push(quotient(&a)?);
            return Ok(quotients);
        }
    }
}

/// [p_k, p_{k−1}, q_k, q_{k−1}]: the product of [[a_i, 1], [1, 0]] over a non-empty `a`.
fn convergent(a: &[u128], stop: &dyn Fn() -> bool) -> Step<[BigInt; 4]> {
    if let [a] = a {
        return Ok([BigInt::from(*a), BigInt::one(), BigInt::one(), BigInt::zero()]);
    }
    if a.len() >= POLL_EVERY && stop() {
        return Err(Stop::interrupted());
    }
    let (left, right) = a.split_at(a.len() / 2);
    let ([a, b, c, d], [e, f, g, h]) = (convergent(left, stop)?, convergent(right, stop)?);
    Ok([&a * &e + &b * &g, &a * &f + &b * &h, &c * &e + &d * &g, c * f + d * h])
}

/// The least solution of x² − D·y² = n (n = ±1), or `None` when there is none.
fn least_solution(d: &BigInt, n: i8, stop: &dyn Fn() -> bool) -> Step<Option<(BigInt, BigInt)>> {
    let a = period(d, MAX_PERIOD, stop)?;
    let l = a.len() - 1;
    let terms: Vec<u128> = match (n, l % 2) {
        (-1, 0) => return Ok(None),
        (-1, _) | (_, 0) => a[..l].to_vec(),
        _ => a.iter().chain(&a[1..l]).copied().collect(),
    };
    let [p, _, q, _] = convergent(&terms, stop)?;
    Ok(Some((p, q)))
}

fn show(n: &BigInt) -> String {
    if n.bits() <= 256 { n.to_string() } else { format!("a {}-bit integer", n.bits()) }
}

/// D, n and the claimed solution.
type Claim = (BigInt, i8, Option<(BigInt, BigInt)>);

fn read(e: &Evidence) -> Step<Claim> {
    expect(e, PELL_EVIDENCE, PELL_SEMANTICS, PELL_FORMAT, "Pell equation")?;
    object(&e.candidate, "/candidate", &[])?;
    let claim = object(&e.claim, "/claim", &["d", "n", "solution"])?;
    let d = integer(field(claim, "/claim", "d")?, "/claim/d", MAX_D_DIGITS)?;
    let n = match field(claim, "/claim", "n")?.as_str() {
        Some("1") => 1,
        Some("-1") => -1,
        _ => return bad("/claim/n", "BAD_RIGHT_SIDE", "n is \"1\" or \"-1\""),
    };
    let solution = match field(claim, "/claim", "solution")? {
        Value::Null => None,
        s => {
            const PATH: &str = "/claim/solution";
            let s = object(s, PATH, &["x", "y"])?;
            let x = integer(field(s, PATH, "x")?, "/claim/solution/x", MAX_SOLUTION_DIGITS)?;
            Some((x, integer(field(s, PATH, "y")?, "/claim/solution/y", MAX_SOLUTION_DIGITS)?))
        }
    };
    Ok((d, n, solution))
}

fn replay(e: &Evidence, cx: &CheckContext) -> Step<String> {
    const PATH: &str = "/claim/solution";
    let (d, n, solution) = read(e)?;
    if d < BigInt::from(2) {
        return bad("/claim/d", "D_TOO_SMALL", "D is at least 2");
    }
    let root = d.sqrt();
    if &root * &root == d {
        return bad("/claim/d", "D_IS_A_SQUARE", format!("D = {root}²"));
    }
    if let Some((x, y)) = &solution {
        if x < &BigInt::one() || y < &BigInt::one() {
            return bad(PATH, "NOT_POSITIVE", "X and Y are at least 1");
        }
        if x * x - &d * y * y != BigInt::from(n) {
            return bad(PATH, "NOT_A_SOLUTION", format!("X² − D·Y² ≠ {n}"));
        }
    } else if n == 1 {
        return bad(PATH, "SOLUTION_EXISTS", "x² − D·y² = 1 always has a solution");
    }
    match (solution, least_solution(&d, n, &|| cx.should_stop())?) {
        (None, None) => Ok("the period of √D is even, so x² − D·y² = −1 has no solution".into()),
        (Some(_), None) => bad(PATH, "NOT_SOLVABLE", "the period of √D is even"),
        (None, Some((x, y))) => {
            bad(PATH, "SOLUTION_EXISTS", format!("x² − D·y² = −1 has the solution ({}, {})", show(&x), show(&y)))
        }
        (Some(claimed), Some(least)) if claimed == least => {
            Ok(format!("X² − D·Y² = {n}, and (X, Y) is the least solution by the continued fraction of √D"))
        }
        (Some(_), Some((x, y))) => {
            bad(PATH, "NOT_LEAST", format!("the least solution is ({}, {})", show(&x), show(&y)))
        }
    }
}

impl Checker for PellFundamental {
    fn identity(&self) -> &CheckerIdentity {
        &IDENTITY
    }

    fn evidence_kinds(&self) -> &[&'static str] {
        &[PELL_EVIDENCE]
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

    fn cx() -> CheckContext {
        CheckContext {
            artifacts: ArtifactReader::new(std::sync::Arc::new(MemoryArtifactStore::new())),
            cancel: CancellationToken::new(),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(60),
        }
    }

    fn evidence(claim: Value) -> Evidence {
        Evidence {
            kind: PELL_EVIDENCE.into(),
            claim,
            semantics: PELL_SEMANTICS.into(),
            candidate: json!({}),
            scope: Scope::exact_input("pell", Digest::of_bytes(b"t")),
            certificate_format: PELL_FORMAT.into(),
            artifacts: vec![],
        }
    }

    fn run(e: &Evidence) -> Verdict {
        PellFundamental.check(e, &cx()).expect("not interrupted")
    }

    fn claim(d: &str, n: &str, solution: Option<(&str, &str)>) -> Value {
        let solution = solution.map_or(Value::Null, |(x, y)| json!({"x": x, "y": y}));
        json!({"d": d, "n": n, "solution": solution})
    }

    fn accepted(v: &Verdict) -> bool {
        matches!(v, Verdict::Accepted { .. })
    }

    /// D, n and the least solution (or none).
    type Case = (&'static str, &'static str, Option<(&'static str, &'static str)>);

    /// Least solutions computed independently (Python, the same recurrence written afresh).
    const KNOWN: [Case; 14] = [
        ("2", "1", Some(("3", "2"))),
        ("2", "-1", Some(("1", "1"))),
        ("3", "1", Some(("2", "1"))),
        ("3", "-1", None),
        ("5", "-1", Some(("2", "1"))),
        ("13", "1", Some(("649", "180"))),
        ("13", "-1", Some(("18", "5"))),
        ("34", "1", Some(("35", "6"))),
        ("34", "-1", None),
        ("61", "1", Some(("1766319049", "226153980"))),
        ("61", "-1", Some(("29718", "3805"))),
        ("109", "1", Some(("158070671986249", "15140424455100"))),
        ("109", "-1", Some(("8890182", "851525"))),
        ("991", "1", Some(("379516400906811930638014896080", "12055735790331359447442538767"))),
    ];

    #[test]
    fn identity_is_versioned_and_bundled() {
        let id = PellFundamental.identity();
        assert_eq!((id.id.as_str(), id.version.as_str()), ("jacobian.check.pell_fundamental", "1.0.0"));
        assert!(crate::bundled().iter().any(|c| c.identity() == id && c.evidence_kinds() == [PELL_EVIDENCE]));
    }

    fn big(s: &str) -> BigInt {
        s.parse().unwrap()
    }

    #[test]
    fn known_solutions_pass_and_every_mutation_fails() {
        for (d, n, s) in KNOWN {
            let v = run(&evidence(claim(d, n, s)));
            assert!(accepted(&v), "{d} {n} {s:?}: {v:?}");
            let mut mutants = vec![claim(d, if n == "1" { "-1" } else { "1" }, s)];
            if let Some((x, y)) = s {
                let (bx, by, bd) = (big(x), big(y), big(d));
                let plus = |a: &BigInt, k: i32| (a + k).to_string();
                for k in [-1, 1] {
                    mutants.push(claim(&plus(&bd, k), n, s));
                    mutants.push(claim(d, n, Some((&plus(&bx, k), y))));
                    mutants.push(claim(d, n, Some((x, &plus(&by, k)))));
                }
                // The next solution: (x + y√D)².
                let (x2, y2) = ((&bx * &bx + &bd * &by * &by).to_string(), (BigInt::from(2) * &bx * &by).to_string());
                let neg = format!("-{x}");
                let others = [(x2.as_str(), y2.as_str()), (y, x), (neg.as_str(), y), (x, x), ("1", "0"), ("0", "1")];
                for other in others.into_iter().filter(|&o| o != (x, y)) {
                    mutants.push(claim(d, n, Some(other)));
                }
                mutants.push(claim(d, n, None));
            } else {
                mutants.push(claim(d, n, Some(("1", "1"))));
            }
            for m in mutants {
                assert!(!accepted(&run(&evidence(m.clone()))), "{m}");
            }
        }
        // A null claim for D = 3 fails at D = 2 (solvable) and D = 4 (a square).
        for d in ["2", "4"] {
            assert!(!accepted(&run(&evidence(claim(d, "-1", None)))));
        }
    }

    #[test]
    fn malformed_evidence_is_rejected_and_limits_are_inconclusive() {
        let good = claim("13", "1", Some(("649", "180")));
        let mut bad = vec![];
        for (field, value) in [
            ("d", json!(13)),
            ("d", json!("013")),
            ("d", json!("+13")),
            ("d", json!("")),
            ("d", json!("16")),
            ("d", json!("1")),
            ("d", json!("0")),
            ("d", json!("-13")),
            ("n", json!("0")),
            ("n", json!("2")),
            ("n", json!("+1")),
            ("n", json!(1)),
            ("solution", json!({"x": "649"})),
            ("solution", json!({"x": "649", "y": "180", "z": "1"})),
            ("solution", json!({"x": 649, "y": 180})),
            ("solution", json!("649,180")),
            ("solution", json!(["649", "180"])),
            ("extra", json!("1")),
        ] {
            let mut c = good.clone();
            c[field] = value;
            bad.push(evidence(c));
        }
        for missing in ["d", "n", "solution"] {
            let mut c = good.clone();
            c.as_object_mut().unwrap().remove(missing);
            bad.push(evidence(c));
        }
        for edit in 0..5 {
            let mut e = evidence(good.clone());
            match edit {
                0 => e.semantics = "urn:jacobian:semantics:pell-any-solution:v1".into(),
                1 => e.certificate_format = "CONGRUENCES_V1".into(),
                2 => e.kind = "modular.relation/v1".into(),
                3 => e.candidate = json!({"period": "5"}),
                _ => e.scope.universal = true,
            }
            bad.push(e);
        }
        for e in bad {
            assert!(matches!(run(&e), Verdict::Rejected { .. }), "{e:?}");
        }
        let long = format!("2{}", "0".repeat(MAX_D_DIGITS));
        assert!(matches!(run(&evidence(claim(&long, "-1", None))), Verdict::Inconclusive { .. }));
        let huge = "9".repeat(MAX_SOLUTION_DIGITS + 1);
        assert!(matches!(run(&evidence(claim("13", "1", Some((&huge, "1"))))), Verdict::Inconclusive { .. }));
        // √991 has period 60.
        let never = || false;
        assert_eq!(period(&big("991"), 60, &never).map(|a| a.len()).ok(), Some(61));
        assert!(matches!(period(&big("991"), 59, &never), Err(Stop::Limit(_))));
        let cx = cx();
        cx.cancel.cancel();
        let e = evidence(claim("991", "-1", None));
        assert!(matches!(PellFundamental.check(&e, &cx), Err(CheckError::Interrupted)));
    }

    /// The chakravala method (Bhāskara II), which reaches the least solution of x² − D·y² = 1
    /// by a different road: composing (a, b, k) with (m, 1, m² − D).
    fn chakravala(d: i64) -> (BigInt, BigInt) {
        let (bd, root) = (BigInt::from(d), (d as f64).sqrt() as i64);
        let (mut a, mut b, mut k) = (BigInt::from(root), BigInt::one(), root * root - d);
        while k != 1 {
            let kk = k.abs();
            let m = (1..=2 * root + 2 * kk + 2)
                .filter(|&m| ((&a + &b * m) % kk).is_zero())
                .min_by_key(|&m| (m * m - d).abs())
                .unwrap();
            (a, b) = ((&a * m + &bd * &b) / kk, (&a + &b * m) / kk);
            k = (m * m - d) / k;
        }
        (a, b)
    }

    #[test]
    fn generated_equations_agree_with_chakravala_and_brute_force() {
        let mut solvable = 0;
        for d in 2i64..=300 {
            let root = (d as f64).sqrt() as i64;
            if root * root == d {
                continue;
            }
            let ds = d.to_string();
            let (x, y) = chakravala(d);
            // Brute force agrees wherever it reaches.
            let square = |t: i64| {
                let r = (t as f64).sqrt() as i64;
                (r - 1..=r + 1).any(|r| r * r == t)
            };
            if let Some(by) = (1i64..=2000).find(|y| square(d * y * y + 1)) {
                assert_eq!(y, BigInt::from(by), "D = {d}");
            }
            let (xs, ys) = (x.to_string(), y.to_string());
            assert!(accepted(&run(&evidence(claim(&ds, "1", Some((&xs, &ys)))))), "D = {d}");
            // x² − D·y² = −1 is solvable exactly when the least +1 solution is a square in Z[√D]:
            // then (u + v√D)² = x + y√D with u² − D·v² = −1, so 2D·v² = x + 1.
            let v2: BigInt = (&x + 1u32) / (2 * d);
            let v = v2.sqrt();
            if &v * &v * (2 * d) == &x + 1u32 {
                let u = (d * &v * &v - 1u32).sqrt();
                let (us, vs) = (u.to_string(), v.to_string());
                assert!(accepted(&run(&evidence(claim(&ds, "-1", Some((&us, &vs)))))), "D = {d}");
                assert!(!accepted(&run(&evidence(claim(&ds, "-1", None)))), "D = {d}");
                solvable += 1;
            } else {
                assert!(accepted(&run(&evidence(claim(&ds, "-1", None)))), "D = {d}");
            }
        }
        assert!(solvable > 20, "{solvable}");
    }
}
