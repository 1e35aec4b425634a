//! `quadratic_form.binary.check`: stated facts about a binary quadratic form, each decided
//! natively and, in VERIFY mode, each verdict (true or false) proven by integer relations over
//! the form's own coefficients that `jacobian.check.relations` replays.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Form, check_form, form_bound};
use crate::cas::{self, Answer, Query};
use crate::integer::big;
use crate::relations as rel;

/// Most claims in one request.
pub const MAX_CLAIMS: usize = 64;

/// A fact about the form f = [a, b, c].
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum FormClaim {
    /// b² − 4ac equals this.
    Discriminant(DecimalInteger),
    /// gcd(a, b, c) = 1.
    Primitive,
    /// Positive definite: b² − 4ac < 0 and a > 0.
    PositiveDefinite,
    /// Indefinite: b² − 4ac > 0.
    Indefinite,
    /// Reduced: −a < b ≤ a ≤ c with b ≥ 0 when a = c (definite); |√D − 2|a|| < b < √D (indefinite).
    Reduced,
    /// f(x, y) = n.
    Represents {
        /// x.
        x: DecimalInteger,
        /// y.
        y: DecimalInteger,
        /// n.
        n: DecimalInteger,
    },
    /// f(x, y) = n with gcd(x, y) = 1.
    ProperlyRepresents {
        /// x.
        x: DecimalInteger,
        /// y.
        y: DecimalInteger,
        /// n.
        n: DecimalInteger,
    },
    /// g = f∘M for M = [[α, β], [γ, δ]] with det M = 1 (f(αx + βy, γx + δy) = g(x, y)).
    EquivalentBy {
        /// The form g.
        form: Form,
        /// M, by rows.
        matrix: [[DecimalInteger; 2]; 2],
    },
}

/// Input of `quadratic_form.binary.check`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckInput {
    /// [a, b, c] for a·x² + b·xy + c·y² (non-square discriminant; a > 0 when definite).
    pub form: Form,
    /// The facts to decide (1 to 64).
    pub claims: Vec<FormClaim>,
}

/// One claim's verdict.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Verdict {
    /// Whether the claim holds.
    pub holds: bool,
    /// The integer facts that decide it, e.g. "f(x, y) = 13 ≠ 12".
    pub because: Vec<String>,
}

/// Output of `quadratic_form.binary.check`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CheckOutput {
    /// Each claim's verdict, in order.
    pub verdicts: Vec<Verdict>,
    /// Whether every claim holds.
    pub all_hold: bool,
}

/// An integer expression over the input's values, with its value.
#[derive(Clone)]
struct E {
    v: BigInt,
    r: Value,
}

fn lit(n: &BigInt) -> E {
    E { v: n.clone(), r: rel::int(n) }
}

fn sum(items: Vec<E>) -> E {
    E { v: items.iter().map(|e| &e.v).sum(), r: rel::sum(items.into_iter().map(|e| e.r).collect()) }
}

fn prod(items: Vec<E>) -> E {
    E { v: items.iter().map(|e| &e.v).product(), r: rel::product(items.into_iter().map(|e| e.r).collect()) }
}

fn neg(e: E) -> E {
    prod(vec![lit(&BigInt::from(-1)), e])
}

fn square(e: E) -> E {
    E { v: &e.v * &e.v, r: rel::power(e.r, 2) }
}

/// A true atomic fact, as a relation and as text.
struct Fact {
    relation: Value,
    text: String,
}

fn fact(relation: Value, l: &E, op: &str, r: &E) -> Fact {
    Fact { relation, text: format!("{} {op} {}", l.v, r.v) }
}

/// Whichever of l < r, l = r, l > r is true.
fn compare(l: &E, r: &E) -> Fact {
    match l.v.cmp(&r.v) {
        std::cmp::Ordering::Less => fact(rel::less(l.r.clone(), r.r.clone()), l, "<", r),
        std::cmp::Ordering::Equal => fact(rel::equal(l.r.clone(), r.r.clone()), l, "=", r),
        std::cmp::Ordering::Greater => fact(rel::less(r.r.clone(), l.r.clone()), l, ">", r),
    }
}

/// l < r (strict) or l ≤ r: whether it holds, and the true fact among the comparisons.
fn at_most(l: &E, r: &E, strict: bool) -> (bool, Fact) {
    let holds = if strict { l.v < r.v } else { l.v <= r.v };
    let f = if holds && !strict && l.v < r.v {
        fact(rel::less_equal(l.r.clone(), r.r.clone()), l, "≤", r)
    } else {
        compare(l, r)
    };
    (holds, f)
}

/// Conditions that must all hold; the verdict with the facts proving it.
fn all(conditions: Vec<(bool, Fact)>) -> (bool, Vec<Fact>) {
    match conditions.iter().position(|(holds, _)| !holds) {
        None => (true, conditions.into_iter().map(|(_, f)| f).collect()),
        Some(k) => (false, conditions.into_iter().nth(k).map(|(_, f)| f).into_iter().collect()),
    }
}

/// gcd(values) = 1 by Bézout coefficients, or a common divisor g > 1 (2 when every value is 0).
fn coprime(values: &[E]) -> (bool, Vec<Fact>) {
    let mut g = BigInt::zero();
    let mut coefficients: Vec<BigInt> = vec![];
    for e in values {
        let ext = g.extended_gcd(&e.v);
        coefficients.iter_mut().for_each(|c| *c *= &ext.x);
        coefficients.push(ext.y);
        g = ext.gcd;
    }
    if g.is_one() {
        let combination = sum(values.iter().zip(&coefficients).map(|(e, c)| prod(vec![lit(c), e.clone()])).collect());
        let one = lit(&BigInt::one());
        return (true, vec![fact(rel::equal(combination.r.clone(), one.r.clone()), &combination, "=", &one)]);
    }
    let g = lit(&if g.is_zero() { BigInt::from(2) } else { g });
    let mut facts: Vec<Fact> = values
        .iter()
        .map(|e| Fact { relation: rel::divides(g.r.clone(), e.r.clone()), text: format!("{} divides {}", g.v, e.v) })
        .collect();
    facts.push(compare(&lit(&BigInt::one()), &g));
    (false, facts)
}

fn value_at(f: &[E; 3], x: &E, y: &E) -> E {
    let [a, b, c] = f.clone();
    sum(vec![prod(vec![a, square(x.clone())]), prod(vec![b, x.clone(), y.clone()]), prod(vec![c, square(y.clone())])])
}

fn decide(f: &[E; 3], d: &E, claim: &FormClaim) -> (bool, Vec<Fact>) {
    let [a, b, c] = f;
    let zero = lit(&BigInt::zero());
    let int = |v: &DecimalInteger| lit(&big(v));
    match claim {
        FormClaim::Discriminant(want) => {
            let want = int(want);
            (d.v == want.v, vec![compare(d, &want)])
        }
        FormClaim::Primitive => coprime(&[a.clone(), b.clone(), c.clone()]),
        FormClaim::PositiveDefinite => all(vec![at_most(d, &zero, true), at_most(&zero, a, true)]),
        FormClaim::Indefinite => all(vec![at_most(&zero, d, true)]),
        FormClaim::Reduced if d.v.is_negative() => {
            let mut conditions = vec![at_most(&neg(a.clone()), b, true), at_most(b, a, false), at_most(a, c, false)];
            if a.v == c.v {
                // a = c forces b ≥ 0.
                conditions.push(at_most(&zero, b, false));
            }
            all(conditions)
        }
        FormClaim::Reduced => {
            let abs_a = if a.v.is_negative() { neg(a.clone()) } else { a.clone() };
            let two = lit(&BigInt::from(2));
            let upper = square(sum(vec![prod(vec![two.clone(), abs_a.clone()]), b.clone()]));
            let lower = sum(vec![prod(vec![two, abs_a]), neg(b.clone())]);
            let (holds, facts) =
                all(vec![at_most(&zero, b, true), at_most(&square(b.clone()), d, true), at_most(d, &upper, true)]);
            if !holds {
                return (false, facts);
            }
            // 2|a| − b < √D: either 2|a| − b < 0, or its square is below D.
            let (negative, f1) = at_most(&lower, &zero, true);
            if negative {
                return (true, facts.into_iter().chain([f1]).collect());
            }
            let (below, f2) = at_most(&square(lower.clone()), d, true);
            (below, if below { facts.into_iter().chain([f2]).collect() } else { vec![f1, f2] })
        }
        FormClaim::Represents { x, y, n } => {
            let v = value_at(f, &int(x), &int(y));
            (v.v == big(n), vec![compare(&v, &int(n))])
        }
        FormClaim::ProperlyRepresents { x, y, n } => {
            let v = value_at(f, &int(x), &int(y));
            if v.v != big(n) {
                return (false, vec![compare(&v, &int(n))]);
            }
            let (holds, facts) = coprime(&[int(x), int(y)]);
            (holds, std::iter::once(compare(&v, &int(n))).chain(facts).collect())
        }
        FormClaim::EquivalentBy { form, matrix } => {
            let [[al, be], [ga, de]] = matrix.each_ref().map(|r| r.each_ref().map(int));
            let det = sum(vec![prod(vec![al.clone(), de.clone()]), neg(prod(vec![be.clone(), ga.clone()]))]);
            let two = lit(&BigInt::from(2));
            let image = [
                value_at(f, &al, &ga),
                sum(vec![
                    prod(vec![two.clone(), a.clone(), al.clone(), be.clone()]),
                    prod(vec![
                        b.clone(),
                        sum(vec![prod(vec![al.clone(), de.clone()]), prod(vec![be.clone(), ga.clone()])]),
                    ]),
                    prod(vec![two, c.clone(), ga, de.clone()]),
                ]),
                value_at(f, &be, &de),
            ];
            let mut conditions = vec![(det.v.is_one(), compare(&det, &lit(&BigInt::one())))];
            conditions.extend(image.iter().zip(form).map(|(e, g)| (e.v == big(g), compare(e, &int(g)))));
            all(conditions)
        }
    }
}

/// `quadratic_form.binary.check`.
pub struct Check;

impl Query for Check {
    type Input = CheckInput;
    type Output = CheckOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "quadratic_form.binary.check",
                "Check facts about a binary quadratic form",
                "Checks stated facts about a binary quadratic form ax² + bxy + cy²: discriminant, primitive, definite, \
                 reduced, represents n at (x, y), equivalent to g by a given matrix.",
                "Decides each claim exactly and says why, true or false: the discriminant's value, primitivity \
                 (Bézout coefficients or a common divisor), positive definite or indefinite, reduced (Gauss for \
                 definite forms, |√D − 2|a|| < b < √D for indefinite ones), f(x, y) = n and proper representation, \
                 and g = f∘M for a given M in SL₂(Z). Native; VERIFY proves every verdict by integer relations over \
                 the coefficients, replayed by an independent checker.",
                &[
                    "quadratic-form",
                    "binary-quadratic-form",
                    "check",
                    "verify",
                    "claim",
                    "reduced",
                    "represents",
                    "equivalence",
                ],
            ),
            &[rel::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("check.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "is x² + xy + 6y² reduced, primitive, of discriminant −23, and does it represent 8 at (1, 1)?",
            Mode::Verify,
            json!({"form": [1, 1, 6], "claims": ["reduced", "primitive", {"discriminant": -23},
                   {"represents": {"x": 1, "y": 1, "n": 8}}, {"equivalent_by": {"form": [6, -1, 1], "matrix": [[0, -1], [1, 0]]}}]}),
        )]
    }
    fn validate(&self, i: &CheckInput) -> Result<(), Diagnostic> {
        check_form(&i.form, "/form")?;
        if i.claims.is_empty() || i.claims.len() > MAX_CLAIMS {
            return Err(Diagnostic::at("/claims", "OUT_OF_RANGE", "1 to 64 claims"));
        }
        Ok(())
    }
    fn bounds(&self, i: &CheckInput) -> Result<(), Refusal> {
        form_bound(&i.form, "/form")?;
        for (k, claim) in i.claims.iter().enumerate() {
            let at = format!("/claims/{k}");
            let values: Vec<&DecimalInteger> = match claim {
                FormClaim::Discriminant(d) => vec![d],
                FormClaim::Represents { x, y, n } | FormClaim::ProperlyRepresents { x, y, n } => vec![x, y, n],
                FormClaim::EquivalentBy { form, matrix } => form.iter().chain(matrix.iter().flatten()).collect(),
                _ => vec![],
            };
            values.into_iter().try_for_each(|v| cas::digit_bound(v, super::MAX_DIGITS, &at))?;
        }
        Ok(())
    }
    fn answer(&self, i: &CheckInput, _ctx: &AdapterContext) -> Result<Answer<CheckOutput>, AdapterError> {
        let f = i.form.each_ref().map(|v| lit(&big(v)));
        let [a, b, c] = f.clone();
        let d = sum(vec![square(b), neg(prod(vec![lit(&BigInt::from(4)), a, c]))]);
        let mut relations = vec![];
        let verdicts: Vec<Verdict> = i
            .claims
            .iter()
            .map(|claim| {
                let (holds, facts) = decide(&f, &d, claim);
                let because = facts.iter().map(|x| x.text.clone()).collect();
                relations.extend(facts.into_iter().map(|x| x.relation));
                Verdict { holds, because }
            })
            .collect();
        let all_hold = verdicts.iter().all(|v| v.holds);
        Ok(Answer::from(CheckOutput { verdicts, all_hold }).claim(rel::claim(relations)))
    }
}
