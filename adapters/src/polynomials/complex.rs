//! Realification of a polynomial with Gaussian rational coefficients: p(z₁, …, zₙ) with the
//! imaginary unit written as a variable, split into real and imaginary parts over the real
//! coordinates zₖ = xₖ + i·yₖ. Computed in-process; VERIFY replays the identity
//! p(x + i·y) = u + i·v + (i² + 1)·q in the ring of the coordinates and i.

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{PolyValue, Ring};
use jacobian_runtime::typed::Describe;
use num_traits::One;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native::too_large;
use super::{Poly, Rat, equal, identities, power, product, read, ring, substituted, sum, terms};
use crate::cas::{self, Answer, Query};

fn i_name() -> String {
    "i".into()
}

/// Input of `polynomial.transform.realify`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RealifyInput {
    /// The complex variables z₁, …, zₙ (1 to 8).
    pub variables: Vec<String>,
    /// p over Q(i): text or terms in the variables and the imaginary unit (total degree at most 12).
    pub polynomial: PolyValue,
    /// The name of the imaginary unit in `polynomial` (default `i`; not one of the variables).
    #[serde(default = "i_name")]
    pub imaginary_unit: String,
}

/// Output of `polynomial.transform.realify`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RealifyOutput {
    /// The real coordinates: zₖ = `zₖ_re` + i·`zₖ_im`, in this order.
    pub real_variables: Vec<String>,
    /// u = Re p(x + i·y), a polynomial over Q in the real coordinates.
    pub real_part: String,
    /// v = Im p(x + i·y).
    pub imaginary_part: String,
    /// |p|² = u² + v².
    pub modulus_squared: String,
}

/// `polynomial.transform.realify`.
pub struct Realify;

struct Parsed {
    p: Poly,
    /// The real coordinates.
    real: Ring,
}

fn parse(i: &RealifyInput) -> Result<Parsed, Diagnostic> {
    if i.variables.is_empty() || i.variables.len() > 8 {
        return Err(Diagnostic::at("/variables", "BAD_LENGTH", "1 to 8 variables"));
    }
    if i.variables.contains(&i.imaginary_unit) {
        return Err(Diagnostic::at("/imaginary_unit", "DUPLICATE_VARIABLE", "the imaginary unit is not a variable"));
    }
    let mut names = i.variables.clone();
    names.push(i.imaginary_unit.clone());
    let r = ring(&names, "Q").map_err(|d| match d.path.as_deref() {
        Some(path) if path.ends_with(&format!("/{}", i.variables.len())) => {
            Diagnostic::at("/imaginary_unit", d.code, d.message)
        }
        _ => d,
    })?;
    let p = read(&r, &i.polynomial, "/polynomial")?;
    if p.total_degree().unwrap_or(0) > 12 || p.len() > 500 {
        return Err(Diagnostic::at("/polynomial", "TOO_LARGE", "total degree at most 12 and at most 500 terms"));
    }
    let real_names: Vec<String> = i.variables.iter().flat_map(|z| [format!("{z}_re"), format!("{z}_im")]).collect();
    let real = ring(&real_names, "Q").map_err(|d| Diagnostic::at("/variables", d.code, d.message))?;
    Ok(Parsed { p, real })
}

impl Query for Realify {
    type Input = RealifyInput;
    type Output = RealifyOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.transform.realify",
                "Real and imaginary parts of a complex polynomial (realification)",
                "Splits a polynomial with Gaussian rational coefficients in complex variables into real and imaginary \
                 parts over the real coordinates z = x + i y, with the squared modulus.",
                "Substitutes z_k = z_k_re + i z_k_im into a polynomial over Q(i) (the imaginary unit written as a \
                 variable, i by default), reduces with i^2 = -1, and returns u = Re p and v = Im p as real \
                 polynomials with |p|^2 = u^2 + v^2: the realification of a Gaussian polynomial, for example the \
                 harmonic pair of a holomorphic polynomial. VERIFY replays p(x + i y) = u + i v + (i^2 + 1) q.",
                &[
                    "polynomial",
                    "complex",
                    "gaussian-rationals",
                    "real-part",
                    "imaginary-part",
                    "realification",
                    "modulus",
                    "harmonic",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("complex.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("z^3 as u + i v", Mode::Verify, json!({"variables": ["z"], "polynomial": "z^3"})),
            ("(1 + 2i) z w - i", Mode::Verify, json!({"variables": ["z", "w"], "polynomial": "(1 + 2*i)*z*w - i"})),
        ]
    }
    fn validate(&self, i: &RealifyInput) -> Result<(), Diagnostic> {
        parse(i).map(|_| ())
    }
    fn answer(&self, i: &RealifyInput, ctx: &AdapterContext) -> Result<Answer<RealifyOutput>, AdapterError> {
        let p = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let n = i.variables.len();
        // The ring of the real coordinates and i: 2n + 1 variables, i last.
        let big = 2 * n + 1;
        let unit = Poly::variable(2 * n, big);
        let mut images = Vec::with_capacity(n + 1);
        for k in 0..n {
            images.push(Poly::variable(2 * k, big).add(&unit.mul(&Poly::variable(2 * k + 1, big)).map_err(too_large)?));
        }
        images.push(unit.clone());
        let expanded = p.p.compose(&images, big).map_err(too_large)?;
        ctx.checkpoint()?;
        // Reduce with i² = −1: the quotient q by i² + 1 and the remainder u + i·v.
        let (mut q, mut rem) = (Poly::zero(), Poly::zero());
        let mut pending: Vec<(Vec<u32>, Rat)> = expanded.terms().map(|(m, c)| (m.clone(), c.clone())).collect();
        while let Some((m, c)) = pending.pop() {
            if m[2 * n] < 2 {
                rem.add_term(m, c);
                continue;
            }
            // c·m = c·m'·(i² + 1) − c·m' with m' = m / i².
            let mut lower = m;
            lower[2 * n] -= 2;
            q.add_term(lower.clone(), c.clone());
            pending.push((lower, -c));
        }
        let real_of = |odd: u32| {
            Poly::from_terms(
                rem.terms().filter(|(m, _)| m[2 * n] == odd).map(|(m, c)| (m[..2 * n].to_vec(), c.clone())),
            )
        };
        let (u, v) = (real_of(0), real_of(1));
        let modulus = u.mul(&u).map_err(too_large)?.add(&v.mul(&v).map_err(too_large)?);
        // The claim, in the ring of the coordinates and i.
        let lift = |x: &Poly| Poly::from_terms(x.terms().map(|(m, c)| ([m.as_slice(), &[0]].concat(), c.clone())));
        let values: Vec<Value> = images.iter().map(terms).collect();
        let i_squared_plus_one = unit.mul(&unit).map_err(too_large)?.add(&Poly::constant(Rat::one(), big));
        let rel = vec![
            equal(
                substituted(&p.p, &values, big),
                sum(vec![
                    terms(&lift(&u)),
                    product(vec![terms(&unit), terms(&lift(&v))]),
                    product(vec![terms(&i_squared_plus_one), terms(&q)]),
                ]),
            ),
            equal(terms(&lift(&modulus)), sum(vec![power(terms(&lift(&u)), 2), power(terms(&lift(&v)), 2)])),
        ];
        let out = RealifyOutput {
            real_variables: p.real.variables.clone(),
            real_part: p.real.print(&u),
            imaginary_part: p.real.print(&v),
            modulus_squared: p.real.print(&modulus),
        };
        let mut claim_ring = p.real.clone();
        claim_ring.variables.push(i.imaginary_unit.clone());
        Ok(Answer::from(out).claim(identities(&claim_ring, rel)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_imaginary_unit_is_not_a_variable() {
        let i: RealifyInput =
            serde_json::from_value(json!({"variables": ["z", "i"], "polynomial": "z"})).expect("input");
        assert_eq!(parse(&i).err().and_then(|d| d.path), Some("/imaginary_unit".into()));
        let i: RealifyInput =
            serde_json::from_value(json!({"variables": ["z"], "polynomial": "z + w"})).expect("input");
        assert_eq!(parse(&i).err().and_then(|d| d.path), Some("/polynomial".into()));
    }
}
