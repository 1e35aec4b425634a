//! Continued fractions, best rational approximations, Pell equations, sums of squares and
//! linear Diophantine equations.
//!
//! Continued fractions of rationals and of quadratic irrationals (P + √D)/Q are expanded here
//! with num-bigint by the exact recurrence on (P, Q); Pell's equation is solved from the period of
//! √D and replayed by `jacobian.check.pell_fundamental`; sums of squares come from PARI/GP and
//! are replayed as integer relations.

use std::collections::HashMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Claim, Gp, Query};
use crate::integer::{big, decimal};
use crate::rational::Rational;
use crate::relations::{self as rel, int};

/// Most terms of a continued fraction (preperiod and period together).
pub const MAX_TERMS: usize = 100_000;
/// Most digits of D and of the parts of a value.
pub const MAX_DIGITS: usize = 60;
/// Most steps of the period of √D in Pell's equation.
pub const PELL_MAX_PERIOD: usize = 2_000_000;
/// Most digits of n written as a sum of squares.
pub const SQUARES_MAX_DIGITS: usize = 40;

const PELL_EVIDENCE: &str = "diophantine.pell/v1";

fn native() -> Provider {
    cas::native(include_str!("diophantine.rs"))
}

/// A real number with a computable continued fraction.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum RealValue {
    /// A rational p/q.
    Rational(Rational),
    /// The quadratic irrational (p + √d)/q, d > 0 not a square, q ≠ 0.
    Quadratic {
        /// p.
        p: DecimalInteger,
        /// d, not a perfect square.
        d: DecimalInteger,
        /// q ≠ 0.
        q: DecimalInteger,
    },
}

impl RealValue {
    fn validate(&self, at: &str) -> Result<(), Diagnostic> {
        if let RealValue::Quadratic { d, q, .. } = self {
            let d = big(d);
            if !d.is_positive() || d.sqrt().pow(2) == d {
                return Err(Diagnostic::at(format!("{at}/quadratic/d"), "SQUARE", "d is a positive non-square"));
            }
            if q.as_str() == "0" {
                return Err(Diagnostic::at(format!("{at}/quadratic/q"), "ZERO", "q is non-zero"));
            }
        }
        Ok(())
    }

    fn bounds(&self, at: &str) -> Result<(), Refusal> {
        match self {
            RealValue::Rational(r) => {
                let (n, d) = r.parts();
                cas::digit_bound(&decimal(&n), 10_000, &format!("{at}/rational"))?;
                cas::digit_bound(&decimal(&d), 10_000, &format!("{at}/rational"))
            }
            RealValue::Quadratic { p, d, q } => [(p, "p"), (d, "d"), (q, "q")]
                .iter()
                .try_for_each(|(v, f)| cas::digit_bound(v, MAX_DIGITS, &format!("{at}/quadratic/{f}"))),
        }
    }

    /// The expansion: (preperiod, period), the period empty for a rational.
    fn expand(&self, ctx: &AdapterContext) -> Result<(Vec<BigInt>, Vec<BigInt>), AdapterError> {
        match self {
            RealValue::Rational(r) => {
                let (mut n, mut d) = r.parts();
                let mut terms = vec![];
                while !d.is_zero() {
                    let (a, rem) = n.div_mod_floor(&d);
                    terms.push(a);
                    (n, d) = (d, rem);
                }
                Ok((terms, vec![]))
            }
            RealValue::Quadratic { p, d, q } => quadratic(big(p), big(d), big(q), MAX_TERMS, ctx),
        }
    }
}

/// The continued fraction of (p + √d)/q: preperiod and period, by the recurrence on (P, Q)
/// made exact by scaling so that Q divides d − P².
fn quadratic(
    p: BigInt,
    d: BigInt,
    q: BigInt,
    limit: usize,
    ctx: &AdapterContext,
) -> Result<(Vec<BigInt>, Vec<BigInt>), AdapterError> {
    let (mut p, d, mut q) = if (&d - &p * &p).is_multiple_of(&q) {
        (p, d, q)
    } else {
        let s = q.abs();
        (&p * &s, &d * &q * &q, &q * &s)
    };
    let root = d.sqrt();
    let mut seen: HashMap<(BigInt, BigInt), usize> = HashMap::new();
    let mut terms = vec![];
    loop {
        if let Some(&start) = seen.get(&(p.clone(), q.clone())) {
            let period = terms.split_off(start);
            return Ok((terms, period));
        }
        if terms.len() >= limit {
            return Err(AdapterError::Unsupported(format!("the continued fraction has more than {limit} terms")));
        }
        if terms.len() % 4096 == 0 {
            ctx.checkpoint()?;
        }
        seen.insert((p.clone(), q.clone()), terms.len());
        let a = if q.is_positive() { (&p + &root).div_floor(&q) } else { (&p + &root + BigInt::one()).div_floor(&q) };
        p = &a * &q - &p;
        q = (&d - &p * &p) / &q;
        terms.push(a);
    }
}

/// The convergents p_k/q_k of the terms.
fn convergents(terms: impl Iterator<Item = BigInt>) -> impl Iterator<Item = (BigInt, BigInt)> {
    let mut state = ((BigInt::one(), BigInt::zero()), (BigInt::zero(), BigInt::one()));
    terms.map(move |a| {
        let ((p1, q1), (p2, q2)) = &state;
        let next = (&a * p1 + p2, &a * q1 + q2);
        state = (next.clone(), (p1.clone(), q1.clone()));
        next
    })
}

/// Input of `number_theory.compute.continued_fraction`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ContinuedFractionInput {
    /// The number: a rational, or a quadratic irrational (p + √d)/q.
    pub value: RealValue,
    /// How many convergents to list (0 to 10,000).
    #[serde(default)]
    #[schemars(range(max = 10000))]
    pub convergents: usize,
}

/// Output of `number_theory.compute.continued_fraction`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ContinuedFractionOutput {
    /// The terms before the period (all the terms of a rational).
    pub terms: Vec<DecimalInteger>,
    /// The repeating terms of a quadratic irrational (empty for a rational).
    pub period: Vec<DecimalInteger>,
    /// The first convergents p_k/q_k, as requested.
    pub convergents: Vec<Rational>,
}

/// `number_theory.compute.continued_fraction`.
pub struct ContinuedFraction;

impl Query for ContinuedFraction {
    type Input = ContinuedFractionInput;
    type Output = ContinuedFractionOutput;

    fn describe(&self) -> Describe {
        Describe {
            scope_rule: "Exactly the given number.",
            ..cas::describe(
                "number_theory.compute.continued_fraction",
                "Continued fraction and convergents",
                "The continued fraction of a rational or of a quadratic irrational such as √d, with its convergents.",
                "Expands p/q (finite) or (p + √d)/q (eventually periodic, Lagrange) exactly, giving the preperiod, \
                 the period, and on request the first convergents p_k/q_k. Up to 100,000 terms; d of up to 60 digits.",
                &[
                    "number-theory",
                    "diophantine",
                    "continued-fraction",
                    "convergents",
                    "periodic",
                    "quadratic-irrational",
                ],
            )
        }
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "√7 and its first 6 convergents",
                Mode::Explore,
                json!({"value": {"quadratic": {"p": 0, "d": 7, "q": 1}}, "convergents": 6}),
            ),
            ("415/93", Mode::Explore, json!({"value": {"rational": "415/93"}})),
        ]
    }
    fn validate(&self, i: &ContinuedFractionInput) -> Result<(), Diagnostic> {
        if i.convergents > 10_000 {
            return Err(Diagnostic::at("/convergents", "OUT_OF_RANGE", "at most 10,000 convergents"));
        }
        i.value.validate("/value")
    }
    fn bounds(&self, i: &ContinuedFractionInput) -> Result<(), Refusal> {
        i.value.bounds("/value")
    }
    fn answer(
        &self,
        i: &ContinuedFractionInput,
        ctx: &AdapterContext,
    ) -> Result<Answer<ContinuedFractionOutput>, AdapterError> {
        let (terms, period) = i.value.expand(ctx)?;
        let all =
            terms.iter().chain(period.iter().cycle()).take(if period.is_empty() { terms.len() } else { i.convergents });
        let convergents =
            convergents(all.cloned()).take(i.convergents).map(|(p, q)| Rational::fraction(&p, &q)).collect();
        let list = |v: &[BigInt]| v.iter().map(decimal).collect();
        Ok(ContinuedFractionOutput { terms: list(&terms), period: list(&period), convergents }.into())
    }
}

/// Input of `rational.compute.best_approximation`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApproximationInput {
    /// The number to approximate.
    pub value: RealValue,
    /// The largest denominator allowed (≥ 1).
    pub max_denominator: DecimalInteger,
}

/// Output of `rational.compute.best_approximation`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ApproximationOutput {
    /// The rational p/q with q ≤ max_denominator closest to the value (the smaller denominator on a tie).
    pub approximation: Rational,
    /// Whether it equals the value.
    pub exact: bool,
}

/// `rational.compute.best_approximation`.
pub struct BestApproximation;

impl Query for BestApproximation {
    type Input = ApproximationInput;
    type Output = ApproximationOutput;

    fn describe(&self) -> Describe {
        Describe {
            scope_rule: "Exactly the given number and bound.",
            ..cas::describe(
                "rational.compute.best_approximation",
                "Best rational approximation",
                "The closest fraction to a number among those with denominator at most N.",
                "Finds the best rational approximation p/q with q ≤ N of a rational or of (p + √d)/q from the \
                 continued fraction's convergents and semiconvergents, exactly (no floating point).",
                &["rational", "approximation", "best-approximation", "limit-denominator", "diophantine", "convergents"],
            )
        }
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the best approximation of √2 with denominator at most 1000",
            Mode::Explore,
            json!({"value": {"quadratic": {"p": 0, "d": 2, "q": 1}}, "max_denominator": 1000}),
        )]
    }
    fn validate(&self, i: &ApproximationInput) -> Result<(), Diagnostic> {
        if !big(&i.max_denominator).is_positive() {
            return Err(Diagnostic::at("/max_denominator", "OUT_OF_RANGE", "the denominator bound is at least 1"));
        }
        i.value.validate("/value")
    }
    fn bounds(&self, i: &ApproximationInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.max_denominator, 1000, "/max_denominator")?;
        i.value.bounds("/value")
    }
    fn answer(
        &self,
        i: &ApproximationInput,
        ctx: &AdapterContext,
    ) -> Result<Answer<ApproximationOutput>, AdapterError> {
        let bound = big(&i.max_denominator);
        let (pre, period) = i.value.expand(ctx)?;
        let mut terms = pre.into_iter().chain(period.iter().cycle().cloned());
        // Convergents until the next would exceed the bound; then the best semiconvergent.
        let ((mut p0, mut q0), (mut p1, mut q1)) = ((BigInt::zero(), BigInt::one()), (BigInt::one(), BigInt::zero()));
        let mut exact = true;
        for a in terms.by_ref() {
            let (p2, q2) = (&a * &p1 + &p0, &a * &q1 + &q0);
            if q2 > bound {
                exact = false;
                let k = (&bound - &q0) / &q1;
                // The semiconvergent with k is better than p1/q1 exactly when 2k > a, or 2k = a and
                // the tail comparison favours it; compare the two distances exactly instead.
                let (ps, qs) = (&k * &p1 + &p0, &k * &q1 + &q0);
                if k.is_positive() && closer(&i.value, (&ps, &qs), (&p1, &q1)) {
                    (p1, q1) = (ps, qs);
                }
                break;
            }
            ((p0, q0), (p1, q1)) = ((p1, q1), (p2, q2));
        }
        Ok(ApproximationOutput { approximation: Rational::fraction(&p1, &q1), exact }.into())
    }
}

/// Whether a/b is strictly closer to the value than c/d (exact comparison).
fn closer(value: &RealValue, (a, b): (&BigInt, &BigInt), (c, d): (&BigInt, &BigInt)) -> bool {
    // |x − a/b| < |x − c/d|, with x between them (consecutive (semi)convergents bracket x):
    // equivalently x < (a/b + c/d)/2 when a/b < c/d, and x > the midpoint otherwise.
    let (mid_n, mid_d) = (a * d + c * b, BigInt::from(2) * b * d);
    let below = a * d < c * b;
    let x_less = compare(value, &mid_n, &mid_d) == std::cmp::Ordering::Less;
    if below { x_less } else { compare(value, &mid_n, &mid_d) == std::cmp::Ordering::Greater }
}

/// Compares the value with n/d (d > 0), exactly.
fn compare(value: &RealValue, n: &BigInt, d: &BigInt) -> std::cmp::Ordering {
    use std::cmp::Ordering::{Greater, Less};
    match value {
        RealValue::Rational(r) => {
            let (p, q) = r.parts();
            (&p * d).cmp(&(n * &q))
        }
        RealValue::Quadratic { p, d: disc, q } => {
            // sign((p + √D)/q − n/d) = sign(q)·sign(L + d√D) with L = d·p − n·q; d²D ≠ L².
            let (p, disc, q) = (big(p), big(disc), big(q));
            let l = d * &p - n * &q;
            let t = if !l.is_negative() || d.pow(2) * &disc > l.pow(2) { Greater } else { Less };
            if q.is_negative() { t.reverse() } else { t }
        }
    }
}

/// Input of `number_theory.solve.pell`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PellInput {
    /// D ≥ 2, not a perfect square, up to 60 digits.
    pub d: DecimalInteger,
    /// The right-hand side: 1 (default) or −1.
    #[serde(default = "one")]
    pub n: i8,
}

fn one() -> i8 {
    1
}

/// A solution (x, y).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Pair {
    /// x.
    pub x: DecimalInteger,
    /// y.
    pub y: DecimalInteger,
}

/// Output of `number_theory.solve.pell`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PellOutput {
    /// The least positive solution of x² − D·y² = n, or null when there is none (n = −1 only).
    pub solution: Option<Pair>,
    /// The period length of the continued fraction of √D.
    pub period: usize,
}

/// `number_theory.solve.pell`.
pub struct Pell;

impl Query for Pell {
    type Input = PellInput;
    type Output = PellOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            Describe {
                scope_rule: "Exactly the given equation.",
                ..cas::describe(
                    "number_theory.solve.pell",
                    "Pell equation",
                    "The fundamental solution of Pell's equation x² − D·y² = 1 (or = −1, or why it has none).",
                    "Solves x² − D·y² = ±1 for non-square D of up to 60 digits from the period of the continued \
                     fraction of √D (at most 2,000,000 steps). VERIFY replays the equation and the period with an \
                     independent expansion, which proves the solution is the least.",
                    &[
                        "number-theory",
                        "diophantine",
                        "pell",
                        "pell-equation",
                        "fundamental-solution",
                        "fundamental-unit",
                    ],
                )
            },
            &[PELL_EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("x² − 61y² = 1", Mode::Verify, json!({"d": 61})),
            ("x² − 13y² = −1", Mode::Verify, json!({"d": 13, "n": -1})),
        ]
    }
    fn validate(&self, i: &PellInput) -> Result<(), Diagnostic> {
        let d = big(&i.d);
        if d < BigInt::from(2) || d.sqrt().pow(2) == d {
            return Err(Diagnostic::at("/d", "SQUARE", "D is an integer ≥ 2 that is not a perfect square"));
        }
        if i.n != 1 && i.n != -1 {
            return Err(Diagnostic::at("/n", "OUT_OF_RANGE", "n is 1 or −1"));
        }
        Ok(())
    }
    fn bounds(&self, i: &PellInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.d, MAX_DIGITS, "/d")
    }
    fn answer(&self, i: &PellInput, ctx: &AdapterContext) -> Result<Answer<PellOutput>, AdapterError> {
        let d = big(&i.d);
        let (pre, period) = quadratic(BigInt::zero(), d.clone(), BigInt::one(), PELL_MAX_PERIOD + 1, ctx)?;
        let l = period.len();
        let length = if l % 2 == 0 { l } else { 2 * l };
        let wanted = match i.n {
            -1 if l % 2 == 0 => None,
            -1 => Some(l),
            _ => Some(length),
        };
        let solution = wanted.and_then(|k| {
            let terms = pre.iter().cloned().chain(period.iter().cycle().cloned()).take(k);
            convergents(terms).last().map(|(x, y)| Pair { x: decimal(&x), y: decimal(&y) })
        });
        let claim = json!({
            "d": i.d, "n": i.n.to_string(),
            "solution": solution.as_ref().map(|s| json!({"x": s.x, "y": s.y})),
        });
        let claim = Claim {
            kind: PELL_EVIDENCE,
            semantics: "urn:jacobian:semantics:pell-fundamental-solution:v1",
            format: "PELL_CONTINUED_FRACTION_V1",
            claim,
            candidate: json!({}),
        };
        Ok(Answer::from(PellOutput { solution, period: l }).claim(claim))
    }
}

/// Input of `number_theory.solve.sum_of_squares`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SquaresInput {
    /// n ≥ 0, up to 40 digits.
    pub n: DecimalInteger,
    /// How many squares: 2, 3 or 4.
    #[schemars(range(min = 2, max = 4))]
    pub k: u8,
}

/// Output of `number_theory.solve.sum_of_squares`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SquaresOutput {
    /// a₁ ≥ … ≥ a_k ≥ 0 with Σ aᵢ² = n, or null when n is not a sum of k squares.
    pub squares: Option<Vec<DecimalInteger>>,
    /// Why there is none: a prime ≡ 3 (mod 4) to an odd power (k = 2), or n = 4^a(8b + 7) (k = 3).
    pub obstruction: Option<String>,
}

/// `number_theory.solve.sum_of_squares`.
pub struct SumOfSquares;

impl Query for SumOfSquares {
    type Input = SquaresInput;
    type Output = SquaresOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            Describe {
                scope_rule: "Exactly the given n and k.",
                ..cas::describe(
                    "number_theory.solve.sum_of_squares",
                    "Sum of two, three or four squares",
                    "Writes n as a sum of 2, 3 or 4 squares, or says why it cannot be.",
                    "Finds a₁² + … + a_k² = n for k = 2 (Fermat; needs the factorization of n), 3 (Legendre) or 4 \
                     (Lagrange), n up to 40 digits, with PARI/GP (Cornacchia). When none exists the obstruction is \
                     given. VERIFY replays the sum, or n = 4^a(8b + 7) for three squares.",
                    &[
                        "number-theory",
                        "diophantine",
                        "sum-of-squares",
                        "two-squares",
                        "four-squares",
                        "lagrange",
                        "fermat",
                    ],
                )
            },
            &[rel::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("2026 as a sum of two squares", Mode::Verify, json!({"n": 2026, "k": 2}))]
    }
    fn validate(&self, i: &SquaresInput) -> Result<(), Diagnostic> {
        if !(2..=4).contains(&i.k) {
            return Err(Diagnostic::at("/k", "OUT_OF_RANGE", "k is 2, 3 or 4"));
        }
        if i.n.as_str().starts_with('-') {
            return Err(Diagnostic::at("/n", "NEGATIVE", "a sum of squares is non-negative"));
        }
        Ok(())
    }
    fn bounds(&self, i: &SquaresInput) -> Result<(), Refusal> {
        cas::digit_bound(&i.n, SQUARES_MAX_DIGITS, "/n")
    }
    fn answer(&self, i: &SquaresInput, ctx: &AdapterContext) -> Result<Answer<SquaresOutput>, AdapterError> {
        let n = big(&i.n);
        if i.k == 3 {
            let (mut m, mut a) = (n.clone(), 0u32);
            while !m.is_zero() && m.is_multiple_of(&BigInt::from(4)) {
                m /= 4;
                a += 1;
            }
            if (&m % 8u32) == BigInt::from(7) {
                let b = (&m - 7) / 8;
                let shape = rel::product(vec![
                    rel::power(rel::small(4), a),
                    rel::sum(vec![rel::product(vec![rel::small(8), int(&b)]), rel::small(7)]),
                ]);
                let output = SquaresOutput { squares: None, obstruction: Some(format!("n = 4^{a}·(8·{b} + 7)")) };
                return Ok(Answer::from(output).claim(rel::claim(vec![rel::equal(int(&n), shape)])));
            }
        }
        // two(m): a pair with x² + y² = m, or 0. k squares peel off the largest square first,
        // keeping remainders that are sums of one fewer square.
        let program = Program::new(BackendKind::Pari)
            .code(
                "my(two=(m)->if(m==0,[0,0],my(s=qfbsolve(Qfb(1,0,1),m,2));if(#s,[abs(s[1]),abs(s[2])],[])),\
                 ok3=(m)->my(t=m/4^valuation(m+!m,4));t%8!=7,\
                 three=(m)->forstep(z=sqrtint(m),0,-1,my(t=two(m-z^2));if(#t,return(concat(t,z))));[],\
                 n=",
            )
            .int(&i.n)
            .code(",k=")
            .small(i64::from(i.k))
            .code(
                ",r=[]);if(k==2,r=two(n),k==3,r=three(n),\
                 forstep(w=sqrtint(n),0,-1,if(ok3(n-w^2),r=concat(three(n-w^2),w);break)));\
                 if(#r==0,my(f=factor(n));for(j=1,#f~,if(f[j,1]%4==3&&f[j,2]%2,print(f[j,1]);break)),\
                 print(vecsort(r,,4)))",
            );
        let reply = ctx.backend(&program)?;
        let value = Gp::parse(reply.single(BackendKind::Pari)?)?;
        if let Gp::Int(p) = &value {
            let obstruction = format!("the prime {p} ≡ 3 (mod 4) divides n to an odd power");
            return Ok(SquaresOutput { squares: None, obstruction: Some(obstruction) }.into());
        }
        let squares = value.ints()?;
        let terms = squares.iter().map(|a| rel::power(int(&big(a)), 2)).collect();
        if squares.len() != usize::from(i.k) {
            return Err(AdapterError::Backend("PARI/GP returned the wrong number of squares".into()));
        }
        let claim = rel::claim(vec![rel::equal(int(&n), rel::sum(terms))]);
        Ok(Answer::from(SquaresOutput { squares: Some(squares), obstruction: None }).claim(claim))
    }
}

/// Input of `number_theory.solve.linear_diophantine`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinearInput {
    /// a in a·x + b·y = c.
    pub a: DecimalInteger,
    /// b.
    pub b: DecimalInteger,
    /// c.
    pub c: DecimalInteger,
}

/// Output of `number_theory.solve.linear_diophantine`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LinearOutput {
    /// gcd(a, b).
    pub gcd: DecimalInteger,
    /// A particular solution (x₀, y₀), or null when gcd(a, b) ∤ c.
    pub solution: Option<Pair>,
    /// Every solution is (x₀ + step.x·t, y₀ + step.y·t) for integers t: step = (b/g, −a/g).
    pub step: Option<Pair>,
}

/// `number_theory.solve.linear_diophantine`.
pub struct LinearDiophantine;

impl Query for LinearDiophantine {
    type Input = LinearInput;
    type Output = LinearOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            Describe {
                scope_rule: "Exactly the given equation.",
                ..cas::describe(
                    "number_theory.solve.linear_diophantine",
                    "Linear Diophantine equation",
                    "All integer solutions of a·x + b·y = c, or a proof that there are none.",
                    "Solves a·x + b·y = c over the integers (up to 10,000 digits) by the extended Euclidean algorithm: \
                     a particular solution and the step of the general one, or none when gcd(a, b) ∤ c. VERIFY \
                     replays the solution, or the gcd with its Bézout identity and gcd ∤ c.",
                    &["number-theory", "diophantine", "linear-diophantine", "bezout", "integer-solutions"],
                )
            },
            &[rel::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("12x + 42y = 30", Mode::Verify, json!({"a": 12, "b": 42, "c": 30}))]
    }
    fn validate(&self, i: &LinearInput) -> Result<(), Diagnostic> {
        if i.a.as_str() == "0" && i.b.as_str() == "0" {
            return Err(Diagnostic::at("/b", "ZERO", "a and b are not both zero"));
        }
        Ok(())
    }
    fn bounds(&self, i: &LinearInput) -> Result<(), Refusal> {
        [(&i.a, "/a"), (&i.b, "/b"), (&i.c, "/c")].iter().try_for_each(|(v, p)| cas::digit_bound(v, 10_000, p))
    }
    fn answer(&self, i: &LinearInput, _: &AdapterContext) -> Result<Answer<LinearOutput>, AdapterError> {
        let (a, b, c) = (big(&i.a), big(&i.b), big(&i.c));
        let e = a.extended_gcd(&b);
        let g = e.gcd.clone();
        let bezout = rel::sum(vec![rel::product(vec![int(&a), int(&e.x)]), rel::product(vec![int(&b), int(&e.y)])]);
        if !c.is_multiple_of(&g) {
            let relations = vec![
                rel::equal(bezout, int(&g)),
                rel::divides(int(&g), int(&a)),
                rel::divides(int(&g), int(&b)),
                rel::not_divides(int(&g), int(&c)),
            ];
            let output = LinearOutput { gcd: decimal(&g), solution: None, step: None };
            return Ok(Answer::from(output).claim(rel::claim(relations)));
        }
        let k = &c / &g;
        let (x, y) = (&e.x * &k, &e.y * &k);
        let relations = vec![rel::equal(
            rel::sum(vec![rel::product(vec![int(&a), int(&x)]), rel::product(vec![int(&b), int(&y)])]),
            int(&c),
        )];
        let output = LinearOutput {
            gcd: decimal(&g),
            solution: Some(Pair { x: decimal(&x), y: decimal(&y) }),
            step: Some(Pair { x: decimal(&(&b / &g)), y: decimal(&(-(&a / &g))) }),
        };
        Ok(Answer::from(output).claim(rel::claim(relations)))
    }
}
