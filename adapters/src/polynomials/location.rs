//! Where the complex roots of a real polynomial lie, counted exactly with multiplicity: inside,
//! on and outside the unit circle (Schur stability), or left of, on and right of the imaginary
//! axis (Hurwitz stability). In-process over Q: the unit disk is carried to the left half-plane
//! by w = (z − 1)/(z + 1), roots on the axis are the real roots of gcd(Re q(iy), Im q(iy)), the
//! pairs symmetric about the origin are those of gcd(q(w), q(−w)), and the rest are counted by a
//! Cauchy index from a signed remainder sequence (the Routh–Hurwitz theorem).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Domain, PolyValue, Ring};
use jacobian_runtime::typed::Describe;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::arith::{gcd, quo, sign_changes, signed_remainders, squarefree, sturm_chain, trim};
use super::{Rat, dense, q, read, ring};
use crate::cas::{self, Answer, Query};

/// Highest degree counted.
const MAX_LOCATION_DEGREE: u32 = 200;

/// The region the roots are counted against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Region {
    /// |z| < 1, |z| = 1, |z| > 1 (Schur stability: every root inside).
    UnitDisk,
    /// Re z < 0, Re z = 0, Re z > 0 (Hurwitz stability: every root to the left).
    LeftHalfPlane,
}

/// Input of `polynomial.roots.location`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LocationInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Z` or `Q` (default).
    #[serde(default = "q")]
    pub domain: String,
    /// The polynomial (degree 1 to 200).
    pub polynomial: PolyValue,
    /// The region.
    pub region: Region,
}

/// Output of `polynomial.roots.location`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LocationOutput {
    /// Roots in the open region (|z| < 1, or Re z < 0), with multiplicity.
    pub inside: u32,
    /// Roots on its boundary (|z| = 1, or Re z = 0), with multiplicity.
    pub boundary: u32,
    /// Roots outside its closure, with multiplicity.
    pub outside: u32,
    /// Every root inside: Schur (unit disk) or Hurwitz (half-plane) stable.
    pub stable: bool,
}

/// `polynomial.roots.location`.
pub struct Location;

fn q_ring() -> Ring {
    Ring { variables: vec!["x".into()], domain: Domain::Q }
}

/// V(−∞) − V(+∞) over p, q, −rem(p, q), …: the Cauchy index of q/p over the real line.
fn cauchy_index(p: &[Rat], q: &[Rat]) -> i64 {
    let seq = signed_remainders(p, q, true);
    sign_changes(&seq, None, false) as i64 - sign_changes(&seq, None, true) as i64
}

/// Re and Im of q(iy) as real polynomials in y.
fn on_axis(q: &[Rat]) -> (Vec<Rat>, Vec<Rat>) {
    let (mut re, mut im) = (vec![Rat::zero(); q.len()], vec![Rat::zero(); q.len()]);
    for (k, c) in q.iter().enumerate() {
        // i^k = 1, i, −1, −i.
        match k % 4 {
            0 => re[k] = c.clone(),
            1 => im[k] = c.clone(),
            2 => re[k] = -c,
            _ => im[k] = -c,
        }
    }
    (trim(re), trim(im))
}

/// Distinct real roots of a non-zero polynomial (Sturm).
fn real_roots(p: &[Rat]) -> u32 {
    if p.len() <= 1 {
        return 0;
    }
    let seq = sturm_chain(p);
    (sign_changes(&seq, None, false) - sign_changes(&seq, None, true)) as u32
}

/// (left, on the axis, right) for a square-free real polynomial q (dense, non-zero).
fn half_plane(q: &[Rat]) -> (u32, u32, u32) {
    let r = q_ring();
    let n = (q.len() - 1) as u32;
    if n == 0 {
        return (0, 0, 0);
    }
    let (a, b) = on_axis(q);
    let axis = real_roots(&gcd(&r, &a, &b));
    // Roots symmetric about the origin (the axis roots among them) are split evenly.
    let mirrored: Vec<Rat> = q.iter().enumerate().map(|(k, c)| if k % 2 == 1 { -c } else { c.clone() }).collect();
    let g = gcd(&r, q, &mirrored);
    let pairs = (g.len() as u32 - 1 - axis) / 2;
    let q1 = quo(&r, q, &g);
    let n1 = q1.len() as i64 - 1;
    let (a1, b1) = on_axis(&q1);
    // left − right of q1: −Ind(B/A) for even degree, Ind(A/B) for odd.
    let d = if n1 % 2 == 0 { -cauchy_index(&a1, &b1) } else { cauchy_index(&b1, &a1) };
    let left1 = ((n1 + d) / 2) as u32;
    let left = left1 + pairs;
    (left, axis, n - left - axis)
}

/// (inside, on the circle, outside) for a square-free real polynomial s.
fn unit_disk(s: &[Rat]) -> (u32, u32, u32) {
    let r = q_ring();
    let mut s = s.to_vec();
    let mut on = 0;
    // z = −1 goes to infinity under the transform: take it out first.
    let minus_one = -Rat::one();
    if super::arith::eval(&s, &minus_one).is_zero() {
        s = quo(&r, &s, &[Rat::one(), Rat::one()]);
        on += 1;
    }
    let m = s.len() - 1;
    // q(w) = (1 − w)^m s((1 + w)/(1 − w)): |z| < 1 exactly when Re w < 0.
    let mut q = vec![Rat::zero(); m + 1];
    for (k, c) in s.iter().enumerate() {
        let term = super::arith::mul(&r, &binomial_power(k, true), &binomial_power(m - k, false));
        for (j, t) in term.iter().enumerate() {
            q[j] += c * t;
        }
    }
    let (left, axis, right) = half_plane(&trim(q));
    (left, on + axis, right)
}

/// (1 + w)^k or (1 − w)^k.
fn binomial_power(k: usize, plus: bool) -> Vec<Rat> {
    let mut out = vec![Rat::one()];
    for _ in 0..k {
        let mut next = vec![Rat::zero(); out.len() + 1];
        for (j, c) in out.iter().enumerate() {
            next[j] += c;
            if plus {
                next[j + 1] += c;
            } else {
                next[j + 1] -= c;
            }
        }
        out = next;
    }
    out
}

/// (inside, on the boundary, outside) of `region` for the roots of a non-constant real polynomial
/// (dense, lowest first), with multiplicity: each square-free part counted separately.
pub(crate) fn counts(p: &[Rat], region: Region, ctx: &AdapterContext) -> Result<(u32, u32, u32), AdapterError> {
    let (mut inside, mut boundary, mut outside) = (0, 0, 0);
    for (k, part) in squarefree(&q_ring(), p).iter().enumerate() {
        ctx.checkpoint()?;
        if part.len() <= 1 {
            continue;
        }
        let (a, b, c) = match region {
            Region::UnitDisk => unit_disk(part),
            Region::LeftHalfPlane => half_plane(part),
        };
        let multiplicity = k as u32 + 1;
        (inside, boundary, outside) =
            (inside + a * multiplicity, boundary + b * multiplicity, outside + c * multiplicity);
    }
    let degree = p.len() as u32 - 1;
    if inside + boundary + outside != degree {
        return Err(AdapterError::Backend(format!(
            "the counts {inside} + {boundary} + {outside} do not add up to the degree {degree}"
        )));
    }
    Ok((inside, boundary, outside))
}

fn location_input(i: &LocationInput) -> Result<Vec<Rat>, Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::one_variable(&r)?;
    if r.domain.characteristic() != 0 {
        return Err(Diagnostic::at("/domain", "NOT_SUPPORTED", "roots are located for polynomials over Z or Q"));
    }
    let p = read(&r, &i.polynomial, "/polynomial")?;
    let degree = p.total_degree().unwrap_or(0);
    if p.is_zero() || degree == 0 {
        return Err(Diagnostic::at("/polynomial", "CONSTANT", "a polynomial of degree at least 1"));
    }
    Ok(dense(&p))
}

impl Query for Location {
    type Input = LocationInput;
    type Output = LocationOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.roots.location",
            "Count roots inside the unit circle or the left half-plane (Schur and Hurwitz stability)",
            "How many complex roots of a real polynomial lie inside, on and outside the unit circle, or left of, on \
             and right of the imaginary axis, counted exactly with multiplicity: Schur and Hurwitz stability.",
            "Counts the complex roots of a polynomial over Q by region, exactly and with multiplicity, without \
             computing them: for the unit disk (Schur-Cohn stability of a discrete-time system, roots of unity on \
             the circle) through the Moebius transform w = (z - 1)/(z + 1), and for the left half-plane \
             (Routh-Hurwitz stability of a continuous-time system) by a Cauchy index from signed remainder \
             sequences; roots on the boundary are found as common real roots, and each square-free part is counted \
             separately.",
            &[
                "polynomial",
                "roots",
                "unit-circle",
                "unit-disk",
                "schur-stable",
                "hurwitz-stable",
                "routh-hurwitz",
                "schur-cohn",
                "stability",
                "root-location",
            ],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("location.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "roots of 2z^3 - z + 1 against the unit circle",
                Mode::Explore,
                json!({"variables": ["z"], "polynomial": "2*z^3 - z + 1", "region": "unit_disk"}),
            ),
            (
                "is s^3 + 2s^2 + 3s + 1 Hurwitz stable?",
                Mode::Explore,
                json!({"variables": ["s"], "polynomial": "s^3 + 2*s^2 + 3*s + 1", "region": "left_half_plane"}),
            ),
        ]
    }
    fn validate(&self, i: &LocationInput) -> Result<(), Diagnostic> {
        location_input(i).map(|_| ())
    }
    fn bounds(&self, i: &LocationInput) -> Result<(), Refusal> {
        let p = location_input(i).map_err(super::refused)?;
        if p.len() - 1 > MAX_LOCATION_DEGREE as usize {
            let why = format!("degree at most {MAX_LOCATION_DEGREE}");
            return Err(Refusal::Unsupported(Diagnostic::at("/polynomial", "TOO_LARGE", why)));
        }
        Ok(())
    }
    fn answer(&self, i: &LocationInput, ctx: &AdapterContext) -> Result<Answer<LocationOutput>, AdapterError> {
        let p = location_input(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let (inside, boundary, outside) = counts(&p, i.region, ctx)?;
        let degree = p.len() as u32 - 1;
        Ok(LocationOutput { inside, boundary, outside, stable: inside == degree }.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(v: &[i64]) -> Vec<Rat> {
        v.iter().map(|&c| Rat::from_integer(c.into())).collect()
    }

    #[test]
    fn counts_small_cases_by_hand() {
        // w + 1: left; w − 1: right; w² + 1: both on the axis; (w + 1)(w − 2)(w² + 4).
        assert_eq!(half_plane(&ints(&[1, 1])), (1, 0, 0));
        assert_eq!(half_plane(&ints(&[-1, 1])), (0, 0, 1));
        assert_eq!(half_plane(&ints(&[1, 0, 1])), (0, 2, 0));
        assert_eq!(half_plane(&ints(&[-8, -4, 2, -1, 1])), (1, 2, 1));
        // z² − 1/4 inside; z² − 4 outside; z² + z + 1 on the circle; 2z + 1 inside.
        assert_eq!(unit_disk(&[Rat::new((-1).into(), 4.into()), Rat::zero(), Rat::one()]), (2, 0, 0));
        assert_eq!(unit_disk(&ints(&[-4, 0, 1])), (0, 0, 2));
        assert_eq!(unit_disk(&ints(&[1, 1, 1])), (0, 2, 0));
        assert_eq!(unit_disk(&ints(&[1, 2])), (1, 0, 0));
        assert_eq!(unit_disk(&ints(&[1, 1])), (0, 1, 0));
    }
}
