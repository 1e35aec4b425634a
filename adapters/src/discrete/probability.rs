//! `probability.finite_distribution.compute`: exact finite probability on rational values with
//! rational probabilities: moments, expectation and variance, event probabilities, conditioning,
//! pushforward by a polynomial map, distributions of sums of independent copies (convolution
//! and its powers), total variation distance, and the probability mass function's mode. Every
//! answer carries a `distribution` statement that the discrete checker replays.

// Index loops over several parallel tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::combinatorial::FiniteDistribution;
use jacobian_runtime::objects::polynomial::Rat;
use jacobian_runtime::typed::Describe;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::native;
use crate::cas::{self, Answer, Query};
use crate::rational::Rational;

/// Most atoms of a computed distribution.
pub const MAX_ATOMS: usize = 200_000;

/// An event: values in an interval, or in a list.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Event {
    /// Least value included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least: Option<Rational>,
    /// Greatest value included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_most: Option<Rational>,
    /// Exactly these values (intersected with the bounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<Rational>>,
}

/// An operation on the distribution X.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Operation {
    /// Mean, variance, and E[X^k] for k = 1..=`moments` (default 2).
    Moments {
        /// Highest raw moment.
        #[serde(default)]
        moments: Option<u32>,
    },
    /// P(X ∈ event).
    EventProbability {
        /// The event.
        event: Event,
    },
    /// The law of X given X ∈ event.
    Condition {
        /// The event (of positive probability).
        event: Event,
    },
    /// The law of f(X) for a polynomial f with rational coefficients (constant term first).
    Pushforward {
        /// Coefficients.
        #[schemars(length(min = 1, max = 32))]
        coefficients: Vec<Rational>,
    },
    /// The law of X + Y for Y independent of X.
    Convolution {
        /// Y.
        other: FiniteDistribution,
    },
    /// The law of X + Y₁ + … + Y_k for independent, not necessarily identical Y's (with Bernoulli
    /// operands, the Poisson binomial distribution of the number of successes).
    IndependentSum {
        /// Y₁, …, Y_k (1 to 256).
        others: Vec<FiniteDistribution>,
    },
    /// The law of X₁ + … + X_k for independent copies.
    ConvolutionPower {
        /// k ≥ 1.
        k: u32,
    },
    /// The total variation distance sup |P(A) − Q(A)| = ½ Σ |p − q| to another distribution.
    TotalVariation {
        /// The other distribution.
        other: FiniteDistribution,
    },
    /// The Berry–Esseen bound sup_x |P((S_n − nμ)/(σ√n) ≤ x) − Φ(x)| ≤ C·ρ/(σ³√n) for the sum of
    /// n independent copies, with ρ = E|X − μ|³ and Shevtsova's constant C = 0.56: its exact
    /// square and a 6-decimal upper rounding.
    BerryEsseen {
        /// n ≥ 1.
        n: u64,
    },
    /// S = X₁ + … + X_N with N ~ Poisson(λ) independent of the copies X_i: the cumulants
    /// κ_k = λ·E[X^k], and the raw moments of S, for k = 1..=`order`.
    CompoundPoisson {
        /// λ > 0.
        rate: Rational,
        /// Highest order (1 to 32).
        order: u32,
    },
}

/// Shevtsova's constant of the Berry–Esseen bound for identically distributed summands, 14/25.
const BERRY_ESSEEN: (i64, i64) = (14, 25);

/// Input of `probability.finite_distribution.compute`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DistributionInput {
    /// X.
    pub distribution: FiniteDistribution,
    /// What to compute.
    pub operation: Operation,
}

/// `probability.finite_distribution.compute`.
pub struct Distribution;

type Law = BTreeMap<Rat, Rat>;

fn law(d: &FiniteDistribution) -> Result<Law, Vec<Diagnostic>> {
    let atoms = d.atoms()?;
    Ok(atoms.into_iter().map(|(v, p)| (Rat::new(v.num, v.den), Rat::new(p.num, p.den))).collect())
}

fn show(l: &Law) -> Value {
    json!({"values": l.keys().map(Rational::of).collect::<Vec<_>>(), "probabilities": l.values().map(Rational::of).collect::<Vec<_>>()})
}

fn contains(e: &Event, x: &Rat) -> bool {
    e.at_least.as_ref().is_none_or(|a| *x >= Rational::value(a))
        && e.at_most.as_ref().is_none_or(|b| *x <= Rational::value(b))
        && e.values.as_ref().is_none_or(|vs| vs.iter().any(|v| Rational::value(v) == *x))
}

fn convolve(a: &Law, b: &Law, ctx: &AdapterContext) -> Result<Law, AdapterError> {
    let mut out = Law::new();
    for (x, p) in a {
        ctx.checkpoint()?;
        for (y, q) in b {
            *out.entry(x + y).or_insert_with(Rat::zero) += p * q;
        }
        if out.len() > MAX_ATOMS {
            return Err(AdapterError::Unsupported(format!("more than {MAX_ATOMS} values")));
        }
    }
    Ok(out)
}

/// The least d-decimal number whose square is ≥ `square` (≥ 0).
fn sqrt_up(square: &Rat, d: u32) -> String {
    let scale = num_bigint::BigInt::from(10u32).pow(d);
    // ⌈√(s·10^(2d))⌉ from the integer square root of ⌈s·10^(2d)⌉.
    let scaled = (square * Rat::from_integer(&scale * &scale)).ceil().to_integer();
    let mut r = scaled.sqrt();
    if &r * &r < scaled {
        r += 1;
    }
    let (whole, frac) = (&r / &scale, &r % &scale);
    format!("{whole}.{frac:0>width$}", width = d as usize)
}

impl Query for Distribution {
    type Input = DistributionInput;
    type Output = Map<String, Value>;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "probability.finite_distribution.compute",
                "Exact finite probability",
                "Expectation, variance, moments, event probabilities, conditioning, pushforward, distribution of sums (convolution), total variation, Berry–Esseen bounds, compound Poisson cumulants, exactly.",
                "Exact rationals throughout, natively: a finite distribution (values with probabilities summing to exactly \
             1). `operation`: moments (mean, variance, raw moments), event_probability, condition, pushforward by a \
             polynomial, convolution with an independent Y (distribution of the sum), independent_sum with several \
             independent Y's (Bernoulli ones give the Poisson binomial distribution), convolution_power (sum of k \
             independent copies), total_variation distance, berry_esseen (the bound C·ρ/(σ³√n) with C = 0.56, \
             exactly squared), compound_poisson (cumulants λE[X^k] and moments of a Poisson sum). VERIFY: the \
             discrete checker recomputes the result \
             with its own big rationals.",
                &[
                    "probability",
                    "expectation",
                    "variance",
                    "moments",
                    "convolution",
                    "distribution-of-sum",
                    "poisson-binomial",
                    "total-variation",
                    "conditional",
                    "pushforward",
                    "dice",
                    "exact",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("probability.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        let die = json!({"values": [1, 2, 3, 4, 5, 6], "probabilities": ["1/6", "1/6", "1/6", "1/6", "1/6", "1/6"]});
        vec![
            (
                "Mean and variance of a fair die",
                Mode::Explore,
                json!({"distribution": die, "operation": {"moments": {}}}),
            ),
            (
                "The sum of three dice",
                Mode::Explore,
                json!({"distribution": die, "operation": {"convolution_power": {"k": 3}}}),
            ),
        ]
    }
    fn validate(&self, i: &DistributionInput) -> Result<(), Diagnostic> {
        law(&i.distribution).map_err(|d| d[0].clone().under("/distribution"))?;
        match &i.operation {
            Operation::Convolution { other } => {
                law(other).map(|_| ()).map_err(|d| d[0].clone().under("/operation/convolution/other"))
            }
            Operation::TotalVariation { other } => {
                law(other).map(|_| ()).map_err(|d| d[0].clone().under("/operation/total_variation/other"))
            }
            Operation::IndependentSum { others } => {
                if others.is_empty() || others.len() > 256 {
                    return Err(super::out_of_range("/operation/independent_sum/others", "1 to 256 distributions"));
                }
                others.iter().enumerate().try_for_each(|(k, o)| {
                    law(o)
                        .map(|_| ())
                        .map_err(|d| d[0].clone().under(&format!("/operation/independent_sum/others/{k}")))
                })
            }
            Operation::ConvolutionPower { k } if *k == 0 => {
                Err(super::out_of_range("/operation/convolution_power/k", "k ≥ 1"))
            }
            Operation::Moments { moments: Some(m) } if *m > 64 => {
                Err(super::out_of_range("/operation/moments/moments", "at most 64"))
            }
            Operation::BerryEsseen { n } if *n == 0 => Err(super::out_of_range("/operation/berry_esseen/n", "n ≥ 1")),
            Operation::CompoundPoisson { rate, order } => {
                if rate.as_str().starts_with('-') || rate.as_str() == "0" {
                    return Err(super::out_of_range("/operation/compound_poisson/rate", "λ > 0"));
                }
                if !(1..=32).contains(order) {
                    return Err(super::out_of_range("/operation/compound_poisson/order", "1 to 32"));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
    fn bounds(&self, i: &DistributionInput) -> Result<(), Refusal> {
        if let Operation::ConvolutionPower { k } = &i.operation {
            let atoms = i.distribution.values.len() as u64;
            if (atoms.saturating_sub(1)).saturating_mul(u64::from(*k)) + 1 > MAX_ATOMS as u64 || *k > 10_000 {
                return Err(super::too_large("/operation/convolution_power/k", "the sum could take too many values"));
            }
        }
        Ok(())
    }
    fn answer(&self, i: &DistributionInput, ctx: &AdapterContext) -> Result<Answer<Map<String, Value>>, AdapterError> {
        let bad = |d: Vec<Diagnostic>| AdapterError::Backend(d[0].message.clone());
        let x = law(&i.distribution).map_err(bad)?;
        let mut out = Map::new();
        match &i.operation {
            Operation::Moments { moments } => {
                let k = moments.unwrap_or(2).max(2);
                let raw: Vec<Rat> =
                    (1..=k).map(|j| x.iter().map(|(v, p)| num_traits::pow(v.clone(), j as usize) * p).sum()).collect();
                let mean = raw[0].clone();
                let var = &raw[1] - &mean * &mean;
                out.insert("mean".into(), json!(Rational::of(&mean)));
                out.insert("variance".into(), json!(Rational::of(&var)));
                out.insert("raw_moments".into(), json!(raw.iter().map(Rational::of).collect::<Vec<_>>()));
                let central: Vec<Rat> =
                    (1..=k).map(|j| x.iter().map(|(v, p)| num_traits::pow(v - &mean, j as usize) * p).sum()).collect();
                out.insert("central_moments".into(), json!(central.iter().map(Rational::of).collect::<Vec<_>>()));
            }
            Operation::EventProbability { event } => {
                let p: Rat = x.iter().filter(|(v, _)| contains(event, v)).map(|(_, p)| p.clone()).sum();
                out.insert("probability".into(), json!(Rational::of(&p)));
            }
            Operation::Condition { event } => {
                let p: Rat = x.iter().filter(|(v, _)| contains(event, v)).map(|(_, p)| p.clone()).sum();
                if p.is_zero() {
                    return Err(AdapterError::Unsupported("the event has probability 0".into()));
                }
                let c: Law = x.iter().filter(|(v, _)| contains(event, v)).map(|(v, q)| (v.clone(), q / &p)).collect();
                out.insert("probability".into(), json!(Rational::of(&p)));
                out.insert("conditional".into(), show(&c));
            }
            Operation::Pushforward { coefficients } => {
                let c: Vec<Rat> = coefficients.iter().map(Rational::value).collect();
                let mut y = Law::new();
                for (v, p) in &x {
                    let fx = c.iter().rev().fold(Rat::zero(), |acc, k| acc * v + k);
                    *y.entry(fx).or_insert_with(Rat::zero) += p;
                }
                out.insert("distribution".into(), show(&y));
            }
            Operation::Convolution { other } => {
                let y = law(other).map_err(bad)?;
                out.insert("distribution".into(), show(&convolve(&x, &y, ctx)?));
            }
            Operation::IndependentSum { others } => {
                let mut acc = x.clone();
                for o in others {
                    acc = convolve(&acc, &law(o).map_err(bad)?, ctx)?;
                }
                out.insert("distribution".into(), show(&acc));
            }
            Operation::ConvolutionPower { k } => {
                let mut acc: Law = BTreeMap::from([(Rat::zero(), Rat::one())]);
                let mut base = x.clone();
                let mut e = *k;
                while e > 0 {
                    if e & 1 == 1 {
                        acc = convolve(&acc, &base, ctx)?;
                    }
                    e >>= 1;
                    if e > 0 {
                        base = convolve(&base, &base, ctx)?;
                    }
                }
                let (mode, pmax) =
                    acc.iter().max_by(|a, b| a.1.cmp(b.1)).map(|(v, p)| (v.clone(), p.clone())).unwrap_or_default();
                out.insert("distribution".into(), show(&acc));
                out.insert("peak".into(), json!({"value": Rational::of(&mode), "probability": Rational::of(&pmax)}));
            }
            Operation::TotalVariation { other } => {
                let y = law(other).map_err(bad)?;
                let mut keys: Vec<&Rat> = x.keys().chain(y.keys()).collect();
                keys.sort();
                keys.dedup();
                let zero = Rat::zero();
                let d: Rat = keys
                    .iter()
                    .map(|k| {
                        let diff = x.get(*k).unwrap_or(&zero) - y.get(*k).unwrap_or(&zero);
                        if diff < zero { -diff } else { diff }
                    })
                    .sum::<Rat>()
                    / Rat::from_integer(2.into());
                out.insert("total_variation".into(), json!(Rational::of(&d)));
            }
            Operation::BerryEsseen { n } => {
                let mean: Rat = x.iter().map(|(v, p)| v * p).sum();
                let var: Rat = x.iter().map(|(v, p)| (v - &mean) * (v - &mean) * p).sum();
                if var.is_zero() {
                    return Err(AdapterError::Unsupported("X is constant: the variance is 0".into()));
                }
                let rho: Rat = x.iter().map(|(v, p)| num_traits::abs(num_traits::pow(v - &mean, 3)) * p).sum();
                let c = Rat::new(BERRY_ESSEEN.0.into(), BERRY_ESSEEN.1.into());
                let square = &c * &c * &rho * &rho / (num_traits::pow(var.clone(), 3) * Rat::from_integer((*n).into()));
                out.insert("variance".into(), json!(Rational::of(&var)));
                out.insert("absolute_third_moment".into(), json!(Rational::of(&rho)));
                out.insert("constant".into(), json!("14/25"));
                out.insert("bound_squared".into(), json!(Rational::of(&square)));
                out.insert("bound_upper".into(), json!(sqrt_up(&square, 6)));
            }
            Operation::CompoundPoisson { rate, order } => {
                let lambda = rate.value();
                let k = *order as usize;
                let cumulants: Vec<Rat> = (1..=k)
                    .map(|j| &lambda * x.iter().map(|(v, p)| num_traits::pow(v.clone(), j) * p).sum::<Rat>())
                    .collect();
                // m_j = Σ_{i=1}^{j} C(j − 1, i − 1) κ_i m_{j−i}, m_0 = 1.
                let mut m = vec![Rat::one()];
                for j in 1..=k {
                    let mj = (1..=j)
                        .map(|i| {
                            Rat::from_integer(
                                crate::counting::binomial_saturating((j - 1) as u64, (i - 1) as u64).into(),
                            ) * &cumulants[i - 1]
                                * &m[j - i]
                        })
                        .sum();
                    m.push(mj);
                }
                out.insert("cumulants".into(), json!(cumulants.iter().map(Rational::of).collect::<Vec<_>>()));
                out.insert("raw_moments".into(), json!(m[1..].iter().map(Rational::of).collect::<Vec<_>>()));
            }
        }
        // The discrete checker recomputes the operation on the law and compares every field.
        let statement = json!({"distribution": {"law": show(&x), "operation": serde_json::to_value(&i.operation)
            .map_err(|e| AdapterError::Backend(format!("the operation does not serialize: {e}")))?,
            "result": Value::Object(out.clone())}});
        Ok(Answer::from(out).claim(super::statements(vec![statement])))
    }
}
