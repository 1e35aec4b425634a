//! The group law on E(Q), reduction modulo a prime, and isogeny classes: the capabilities of
//! [`super`] that act on points, on E(F_p), and on the curves isogenous to E.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::Program;
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::Zero;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{
    CurveInput, EVIDENCE, MAX_EXTENSIONS, MAX_HEIGHT_GROWTH, MAX_MULTIPLIER, MAX_PRIME_DIGITS, PARI, Point, claim,
    curve_bounds, describe, ellinit, integral, invariants, lines, model, on_curve, small,
};
use crate::cas::{self, Answer, Gp, Query};
use crate::integer::{big, decimal};
use crate::number_theory::finite_field::probable_prime;
use crate::rational::Rational;

/// A group-law operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    /// P + Q.
    Add,
    /// n·P.
    Multiply,
    /// −P.
    Negate,
    /// The order of P (0 when infinite).
    Order,
    /// Whether P lies on the curve.
    OnCurve,
}

/// Input of `elliptic_curve.compute.point_arithmetic`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArithmeticInput {
    /// [a1, a2, a3, a4, a6] or [a4, a6]: rationals of up to 30 digits above and below.
    #[schemars(length(min = 2, max = 5))]
    pub curve: Vec<Rational>,
    /// add, multiply, negate, order or on_curve.
    pub operation: Operation,
    /// The point P: [x, y] (rationals of up to 1,000 digits above and below) or "infinity".
    pub p: Point,
    /// Q, for add.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub q: Option<Point>,
    /// n, for multiply (|n| ≤ 1,000,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n: Option<i64>,
}

/// Output of `elliptic_curve.compute.point_arithmetic`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ArithmeticOutput {
    /// P + Q, n·P or −P; null for order and on_curve.
    pub point: Option<Point>,
    /// For order: the order of P, 0 when P has infinite order; else null.
    pub order: Option<u64>,
    /// For on_curve: whether P satisfies the equation; else null.
    pub on_curve: Option<bool>,
}

/// `elliptic_curve.compute.point_arithmetic`.
pub struct PointArithmetic;

impl Query for PointArithmetic {
    type Input = ArithmeticInput;
    type Output = ArithmeticOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            describe(
                "elliptic_curve.compute.point_arithmetic",
                "Elliptic curve group law: add points, multiply, negate, point order",
                "Adds points of an elliptic curve over Q, multiplies a point by n, negates it, finds its order, or \
                 tests whether it lies on the curve.",
                "The chord-and-tangent group law over Q with PARI/GP (elladd, ellmul, ellneg, ellorder). Points are \
                 [x, y] or \"infinity\" and must lie on the curve (checked). VERIFY replays the sum, multiple or \
                 order relation with independent exact arithmetic; an infinite order, or a point off the curve, stays \
                 COMPUTED. A multiple whose coordinates would pass about 10,000 digits is refused.",
                &["elliptic-curve", "group-law", "point-addition", "scalar-multiplication", "order", "on-curve"],
            ),
            &[EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "5·(0, 0) on 37a1",
                Mode::Verify,
                json!({"curve": [0, 0, 1, -1, 0], "operation": "multiply", "p": [0, 0], "n": 5}),
            ),
            (
                "(2, 3) + (0, 1) on y² = x³ + 1",
                Mode::Verify,
                json!({"curve": [0, 1], "operation": "add", "p": [2, 3], "q": [0, 1]}),
            ),
        ]
    }
    fn validate(&self, i: &ArithmeticInput) -> Result<(), Diagnostic> {
        let a = model(&i.curve)?;
        match (i.operation, &i.q, i.n) {
            (Operation::Add, None, _) => return Err(Diagnostic::at("/q", "MISSING", "add needs the second point q")),
            (Operation::Multiply, _, None) => return Err(Diagnostic::at("/n", "MISSING", "multiply needs n")),
            (Operation::Multiply, _, Some(n)) if n.abs() > MAX_MULTIPLIER => {
                return Err(Diagnostic::at("/n", "OUT_OF_RANGE", "|n| is at most 1,000,000"));
            }
            _ => {}
        }
        if i.operation != Operation::OnCurve {
            for (point, at) in [(Some(&i.p), "/p"), (i.q.as_ref(), "/q")] {
                if point.is_some_and(|p| !on_curve(&a, p)) {
                    return Err(Diagnostic::at(at, "NOT_ON_CURVE", "the point does not satisfy the curve's equation"));
                }
            }
        }
        Ok(())
    }
    fn bounds(&self, i: &ArithmeticInput) -> Result<(), Refusal> {
        curve_bounds(&i.curve)?;
        i.p.bounds("/p")?;
        i.q.as_ref().map_or(Ok(()), |q| q.bounds("/q"))
    }
    fn answer(&self, i: &ArithmeticInput, ctx: &AdapterContext) -> Result<Answer<ArithmeticOutput>, AdapterError> {
        let a = model(&i.curve).map_err(|d| AdapterError::Unsupported(d.message))?;
        let none = ArithmeticOutput { point: None, order: None, on_curve: None };
        if i.operation == Operation::OnCurve {
            let on = on_curve(&a, &i.p);
            let answer = Answer::from(ArithmeticOutput { on_curve: Some(on), ..none });
            return Ok(if on { answer.claim(claim(&a, std::slice::from_ref(&i.p), vec![], None)) } else { answer });
        }
        let (program, n) = (program(&a, i), i.n.unwrap_or(0));
        let reply = ctx.backend(&program)?;
        if reply.single(PARI)? == "large" {
            return Err(AdapterError::Unsupported(format!("{n}·P would have coordinates of more than 10,000 digits")));
        }
        let value = Gp::parse(reply.single(PARI)?)?;
        if i.operation == Operation::Order {
            let order = small(&value)?;
            let answer = Answer::from(ArithmeticOutput { order: Some(order), ..none });
            let relation = json!({"kind": "order", "p": 0, "order": order.to_string()});
            return Ok(if order > 0 {
                answer.claim(claim(&a, std::slice::from_ref(&i.p), vec![relation], None))
            } else {
                answer
            });
        }
        let r = Point::read(&value)?;
        if !on_curve(&a, &r) {
            return Err(AdapterError::Backend("PARI/GP's result is not on the curve".into()));
        }
        let (points, relation) = match &i.q {
            Some(q) if i.operation == Operation::Add => (vec![i.p.clone(), q.clone(), r.clone()], sum(0, 1, 2)),
            _ => (vec![i.p.clone(), r.clone()], multiple(if i.operation == Operation::Negate { -1 } else { n }, 0, 1)),
        };
        Ok(Answer::from(ArithmeticOutput { point: Some(r), ..none }).claim(claim(&a, &points, vec![relation], None)))
    }
}

/// The GP program of an operation other than on_curve: the result's point, its order, or "large"
/// when n·P would have coordinates of more than about 10,000 digits.
fn program(a: &[Rational; 5], i: &ArithmeticInput) -> Program {
    let program = i.p.print(ellinit(Program::new(PARI), a).code("my(P="));
    match (i.operation, &i.q) {
        (Operation::Add, Some(q)) => q.print(program.code(",Q=")).code(");print(elladd(E,P,Q))"),
        (Operation::Multiply, _) => program
            .code(",n=")
            .small(i.n.unwrap_or(0))
            .code(");if(n^2*ellheight(E,P)>")
            .small(MAX_HEIGHT_GROWTH.into())
            .code(",print(\"large\"),print(ellmul(E,P,n)))"),
        (Operation::Negate, _) => program.code(");print(ellneg(E,P))"),
        _ => program.code(");print(ellorder(E,P))"),
    }
}

fn sum(p: usize, q: usize, r: usize) -> Value {
    json!({"kind": "sum", "p": p, "q": q, "r": r})
}

fn multiple(n: i64, p: usize, r: usize) -> Value {
    json!({"kind": "multiple", "n": n.to_string(), "p": p, "r": r})
}

/// Input of `elliptic_curve.compute.reduction`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReductionInput {
    /// [a1, a2, a3, a4, a6] or [a4, a6]: rationals of up to 30 digits above and below.
    #[schemars(length(min = 2, max = 5))]
    pub curve: Vec<Rational>,
    /// A prime of good reduction, up to 40 digits.
    pub p: DecimalInteger,
    /// K: #E(F_{p^k}) is listed for k = 1, …, K (1 to 100; default 1).
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = 100))]
    pub extensions: u32,
}

fn one() -> u32 {
    1
}

/// Output of `elliptic_curve.compute.reduction`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ReductionOutput {
    /// The trace of Frobenius a_p = p + 1 − #E(F_p).
    pub a_p: DecimalInteger,
    /// #E(F_p).
    pub count: DecimalInteger,
    /// The group E(F_p) ≅ Z/d1 × Z/d2 as [d1] or [d1, d2], d2 | d1.
    pub structure: Vec<DecimalInteger>,
    /// The numerator 1 − a_p·T + p·T² of the zeta function, coefficients from T⁰ up.
    pub zeta_numerator: Vec<DecimalInteger>,
    /// #E(F_{p^k}) for k = 1, …, K.
    pub counts: Vec<DecimalInteger>,
}

/// Whether p has good reduction, from the valuations of c4, c6 and Δ of the integral model:
/// for p ≥ 5 that model becomes minimal at p after dividing by p^(12k), k = min(⌊v(c4)/4⌋,
/// ⌊v(c6)/6⌋). For 2 and 3 only p ∤ Δ is decided here (None otherwise; PARI decides).
fn good_reduction(a: &[Rational; 5], p: &BigInt) -> Option<bool> {
    let [c4, c6, delta] = invariants(&integral(a));
    let v = |n: &BigInt| -> u64 {
        let (mut n, mut k) = (n.clone(), 0);
        if n.is_zero() {
            return u64::MAX;
        }
        while n.is_multiple_of(p) {
            n /= p;
            k += 1;
        }
        k
    };
    if v(&delta) == 0 {
        return Some(true);
    }
    (p > &BigInt::from(3)).then(|| v(&delta) == 12 * (v(&c4) / 4).min(v(&c6) / 6))
}

/// `elliptic_curve.compute.reduction`.
pub struct Reduction;

impl Query for Reduction {
    type Input = ReductionInput;
    type Output = ReductionOutput;

    fn describe(&self) -> Describe {
        describe(
            "elliptic_curve.compute.reduction",
            "Elliptic curve modulo p: point count, trace of Frobenius a_p, zeta function",
            "The reduction of an elliptic curve over Q modulo a prime p of good reduction: #E(F_p), a_p, the group \
             structure of E(F_p), the zeta numerator 1 − a_p T + p T², and #E(F_{p^k}) for k up to K.",
            "With PARI/GP's ellap (baby-step giant-step, SEA for large p) and ellgroup on the minimal model at p, for \
             a prime p of up to 40 digits where the curve has good reduction (checked; primes of bad reduction are \
             refused). #E(F_{p^k}) = p^k + 1 − (αᵏ + βᵏ) follows from a_p by the recurrence sₖ = a_p·sₖ₋₁ − p·sₖ₋₂.",
            &[
                "elliptic-curve",
                "finite-field",
                "point-count",
                "frobenius",
                "trace",
                "hasse",
                "zeta-function",
                "reduction",
            ],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("11a1 modulo 7", Mode::Explore, json!({"curve": [0, -1, 1, -10, -20], "p": 7, "extensions": 3}))]
    }
    fn validate(&self, i: &ReductionInput) -> Result<(), Diagnostic> {
        let a = model(&i.curve)?;
        if i.extensions == 0 || i.extensions > MAX_EXTENSIONS {
            return Err(Diagnostic::at("/extensions", "OUT_OF_RANGE", "K is from 1 to 100"));
        }
        let p = big(&i.p);
        if i.p.as_str().len() <= MAX_PRIME_DIGITS && !probable_prime(&p) {
            return Err(Diagnostic::at("/p", "NOT_PRIME", "p must be a prime"));
        }
        if good_reduction(&a, &p) == Some(false) {
            return Err(Diagnostic::at("/p", "BAD_REDUCTION", "the curve has bad reduction at p"));
        }
        Ok(())
    }
    fn bounds(&self, i: &ReductionInput) -> Result<(), Refusal> {
        curve_bounds(&i.curve)?;
        cas::digit_bound(&i.p, MAX_PRIME_DIGITS, "/p")
    }
    fn answer(&self, i: &ReductionInput, ctx: &AdapterContext) -> Result<Answer<ReductionOutput>, AdapterError> {
        let a = model(&i.curve).map_err(|d| AdapterError::Unsupported(d.message))?;
        let program = ellinit(Program::new(PARI), &a).code("my(p=").int(&i.p).code(
            ");if(!isprime(p),print(\"composite\"),if(elllocalred(E,p)[1],print(\"bad\"),\
             print(ellap(E,p));print(ellgroup(E,p))))",
        );
        let reply = ctx.backend(&program)?;
        match reply.lines.first().map(String::as_str) {
            Some("composite") => return Err(AdapterError::Unsupported(format!("{} is not prime", i.p))),
            Some("bad") => return Err(AdapterError::Unsupported(format!("the curve has bad reduction at {}", i.p))),
            _ => {}
        }
        let [ap, structure] = <[&String; 2]>::try_from(reply.lines.iter().collect::<Vec<_>>())
            .map_err(|_| AdapterError::Backend("PARI/GP printed the wrong number of lines".into()))?;
        let (ap, p) = (Gp::parse(ap)?.int()?.clone(), big(&i.p));
        let (mut s0, mut s1, mut q) = (BigInt::from(2), ap.clone(), p.clone());
        let mut counts = vec![];
        for _ in 0..i.extensions {
            counts.push(decimal(&(&q + 1 - &s1)));
            (s0, s1) = (s1.clone(), &ap * &s1 - &p * s0);
            q *= &p;
        }
        let output = ReductionOutput {
            count: counts[0].clone(),
            a_p: decimal(&ap),
            structure: Gp::parse(structure)?.ints()?,
            zeta_numerator: vec![1.into(), decimal(&-&ap), i.p.clone()],
            counts,
        };
        Ok(output.into())
    }
}

/// Output of `elliptic_curve.compute.isogeny_class`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct IsogenyOutput {
    /// The reduced minimal models of the curves of the class, in increasing order of [a1, a2, a3, a4, a6].
    pub curves: Vec<Vec<DecimalInteger>>,
    /// degrees[i][j]: the degree of a cyclic isogeny of least degree from curves[i] to curves[j].
    pub degrees: Vec<Vec<u64>>,
    /// The index in `curves` of the given curve.
    pub input: usize,
}

/// `elliptic_curve.compute.isogeny_class`.
pub struct IsogenyClass;

impl Query for IsogenyClass {
    type Input = CurveInput;
    type Output = IsogenyOutput;

    fn describe(&self) -> Describe {
        describe(
            "elliptic_curve.compute.isogeny_class",
            "Isogeny class of an elliptic curve over Q",
            "Every elliptic curve over Q isogenous to the given one, as minimal models, with the matrix of isogeny \
             degrees between them.",
            "PARI/GP's ellisomat over Q (isogenies of prime degree by Vélu's formulas, closed under composition) \
             with ellminimalmodel on each curve. The curves are sorted by their coefficients; `input` says which is \
             the given curve.",
            &["elliptic-curve", "isogeny", "isogeny-class", "isogenous", "degree-matrix", "velu"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the class of 11a1", Mode::Explore, json!({"curve": [0, -1, 1, -10, -20]}))]
    }
    fn validate(&self, i: &CurveInput) -> Result<(), Diagnostic> {
        model(&i.curve).map(|_| ())
    }
    fn bounds(&self, i: &CurveInput) -> Result<(), Refusal> {
        curve_bounds(&i.curve)
    }
    fn answer(&self, i: &CurveInput, ctx: &AdapterContext) -> Result<Answer<IsogenyOutput>, AdapterError> {
        let a = model(&i.curve).map_err(|d| AdapterError::Unsupported(d.message))?;
        let program = ellinit(Program::new(PARI), &a).code(
            "my(I=ellisomat(E,,1));print(vector(#I[1],i,ellminimalmodel(ellinit(I[1][i]))[1..5]));\
             print(vector(#I[2],i,I[2][i,]))",
        );
        let [curves, matrix] = lines::<2>(ctx, &program)?;
        let curves: Vec<Vec<BigInt>> = curves
            .items()?
            .iter()
            .map(|c| Ok(c.ints()?.iter().map(big).collect()))
            .collect::<Result<_, AdapterError>>()?;
        let rows: Vec<Vec<u64>> =
            matrix.items()?.iter().map(|r| r.items()?.iter().map(small).collect()).collect::<Result<_, _>>()?;
        if rows.len() != curves.len() || rows.iter().any(|r| r.len() != curves.len()) || curves.is_empty() {
            return Err(AdapterError::Backend("PARI/GP printed a degree matrix of another size".into()));
        }
        let mut order: Vec<usize> = (0..curves.len()).collect();
        order.sort_by(|&i, &j| curves[i].cmp(&curves[j]));
        let output = IsogenyOutput {
            curves: order.iter().map(|&i| curves[i].iter().map(decimal).collect()).collect(),
            degrees: order.iter().map(|&i| order.iter().map(|&j| rows[i][j]).collect()).collect(),
            input: order.iter().position(|&i| i == 0).unwrap_or(0),
        };
        Ok(output.into())
    }
}
