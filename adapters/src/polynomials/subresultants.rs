//! Subresultants of two polynomials in a main variable, whose coefficients lie in Z, Q, F_p or a
//! polynomial ring over them in the other variables: each Sⱼ is one determinant of a Sylvester
//! submatrix whose last column holds polynomials, expanded by fraction-free (Bareiss) elimination
//! with exact division in-process.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::polynomial::{Domain, PolyValue, Ring};
use jacobian_runtime::typed::Describe;
use num_traits::{One, Signed};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native::{too_large, var_index};
use super::{Poly, Rat, q, read, ring};
use crate::cas::{self, Answer, Query};

/// Largest degree of f in the main variable with one variable.
const MAX_DEGREE: u32 = 24;
/// Largest degree of f in the main variable with several variables.
const MAX_DEGREE_SEVERAL: u32 = 8;
/// Largest degree of f or g in each other variable.
const MAX_OTHER_DEGREE: u32 = 6;

/// Input of `polynomial.compute.subresultants`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SubresultantInput {
    /// The variable names (at most four).
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The main variable x (required with several variables): the others are coefficients.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variable: Option<String>,
    /// f, of degree m ≥ 1 in x (at most 24 with one variable, 8 with several; at most 6 in each
    /// other variable; coefficients of at most 64 bits).
    pub f: PolyValue,
    /// g, of degree 1 ≤ n ≤ m in x.
    pub g: PolyValue,
}

/// One subresultant.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SubresultantOut {
    /// j: Sⱼ has degree at most j in x.
    pub index: usize,
    /// Sⱼ(f, g).
    pub polynomial: String,
    /// Its principal coefficient sresⱼ, the coefficient of x^j (a polynomial in the other
    /// variables).
    pub principal_coefficient: String,
}

/// Output of `polynomial.compute.subresultants`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SubresultantOutput {
    /// S_{n−1}, …, S₀ = Res_x(f, g).
    pub subresultants: Vec<SubresultantOut>,
    /// The degree in x of gcd(f, g) over the field of fractions of the coefficients: the least j
    /// with a nonzero principal coefficient (n when there is none: g divides f).
    pub gcd_degree: usize,
    /// That gcd: S_k (or g) made monic over a field and primitive with a positive leading
    /// coefficient over Z; with several variables it may still carry a factor free of x.
    pub gcd: String,
}

/// `polynomial.compute.subresultants`.
pub struct Subresultants;

struct Parsed {
    r: Ring,
    x: usize,
    f: Vec<Poly>,
    g: Vec<Poly>,
}

/// The coefficients of `p` in `x_v`, lowest first, each with `x_v` set to 0 in its monomials.
fn coefficients(p: &Poly, v: usize) -> Vec<Poly> {
    let mut out = vec![Poly::zero(); p.degree_in(v).map_or(0, |d| d as usize + 1)];
    for (m, c) in p.terms() {
        let mut m = m.clone();
        let e = std::mem::take(&mut m[v]) as usize;
        out[e].add_term(m, c.clone());
    }
    out
}

fn parse(i: &SubresultantInput) -> Result<Parsed, Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    if r.n() > 4 {
        return Err(Diagnostic::at("/variables", "TOO_MANY_VARIABLES", "at most four variables"));
    }
    let x = match (&i.variable, r.n()) {
        (Some(name), _) => var_index(&r, name, "/variable")?,
        (None, 1) => 0,
        (None, _) => return Err(Diagnostic::at("/variable", "MISSING_FIELD", "name the main variable")),
    };
    let (f, g) = (read(&r, &i.f, "/f")?, read(&r, &i.g, "/g")?);
    let (f, g) = (coefficients(&f, x), coefficients(&g, x));
    if g.len() < 2 || f.len() < g.len() {
        return Err(Diagnostic::at("/g", "BAD_DEGREE", "deg_x f ≥ deg_x g ≥ 1"));
    }
    Ok(Parsed { r, x, f, g })
}

/// `a / b` in the ring, when `b` divides `a` exactly (lexicographic division).
pub(crate) fn exact_div(a: &Poly, b: &Poly, d: &Domain) -> Result<Poly, AdapterError> {
    let (lead, lc) = b.terms().last().ok_or_else(|| AdapterError::Backend("division by zero".into()))?;
    let inv = d.inverse(lc).unwrap_or_else(|| lc.recip());
    let (mut rem, mut quotient) = (a.clone(), Poly::zero());
    while let Some((m, c)) = rem.terms().last() {
        let Some(e) = m.iter().zip(lead).map(|(a, b)| a.checked_sub(*b)).collect::<Option<Vec<u32>>>() else {
            return Err(AdapterError::Backend("an elimination step did not divide exactly".into()));
        };
        let t = Poly::monomial(e, d.element(&(c * &inv)).map_err(AdapterError::Backend)?);
        rem = reduce(d, rem.sub(&t.mul(b).map_err(too_large)?))?;
        quotient = quotient.add(&t);
    }
    Ok(quotient)
}

fn reduce(d: &Domain, p: Poly) -> Result<Poly, AdapterError> {
    d.reduce(p).map_err(AdapterError::Backend)
}

/// Sⱼ: the determinant of the rows x^{n−j−1}f, …, f, x^{m−j−1}g, …, g in the columns of
/// x^{m+n−j−1}, …, x^{j+1}, followed by a column holding the rows' parts of degree ≤ j.
fn subresultant(p: &Parsed, j: usize, ctx: &AdapterContext) -> Result<Poly, AdapterError> {
    let (m, n, nv, d) = (p.f.len() - 1, p.g.len() - 1, p.r.n(), &p.r.domain);
    let x_to = |e: usize| {
        let mut mono = vec![0; nv];
        mono[p.x] = e as u32;
        Poly::monomial(mono, Rat::one())
    };
    let mut a: Vec<Vec<Poly>> = vec![];
    for (c, count) in [(&p.f, n - j), (&p.g, m - j)] {
        for s in (0..count).rev() {
            // The coefficient of x^e in x^s · c.
            let at = |e: usize| if e >= s && e - s < c.len() { c[e - s].clone() } else { Poly::zero() };
            let mut row: Vec<Poly> = (j + 1..=m + n - j - 1).rev().map(at).collect();
            let mut tail = Poly::zero();
            for e in 0..=j {
                tail = tail.add(&at(e).mul(&x_to(e)).map_err(too_large)?);
            }
            row.push(tail);
            a.push(row);
        }
    }
    Ok(bareiss(a, nv, d, ctx)?.1)
}

/// Fraction-free (Bareiss) elimination of a matrix of polynomials in `nv` variables, rows swapped
/// to find pivots and columns without one passed over: its rank, and for a square matrix its
/// determinant (0 when the rank is short). Every entry stays a minor, so each division is exact.
pub(crate) fn bareiss(
    mut a: Vec<Vec<Poly>>,
    nv: usize,
    d: &Domain,
    ctx: &AdapterContext,
) -> Result<(usize, Poly), AdapterError> {
    let (rows, cols) = (a.len(), a.first().map_or(0, Vec::len));
    let (mut previous, mut negate, mut rank) = (Poly::constant(Rat::one(), nv), false, 0);
    for c in 0..cols {
        if rank == rows {
            break;
        }
        ctx.checkpoint()?;
        let Some(k) = (rank..rows).find(|&k| !a[k][c].is_zero()) else { continue };
        if k != rank {
            a.swap(k, rank);
            negate = !negate;
        }
        let (pivot_row, below) = a.split_at_mut(rank + 1);
        let pivot = &pivot_row[rank];
        for row in below.iter_mut() {
            for l in c + 1..cols {
                let t = pivot[c].mul(&row[l]).map_err(too_large)?.sub(&row[c].mul(&pivot[l]).map_err(too_large)?);
                row[l] = exact_div(&reduce(d, t)?, &previous, d)?;
            }
            row[c] = Poly::zero();
        }
        previous = a[rank][c].clone();
        rank += 1;
    }
    let det = match (rows == cols, rank == rows) {
        (true, true) if negate => reduce(d, previous.neg())?,
        (true, true) => previous,
        _ => Poly::zero(),
    };
    Ok((rank, det))
}

/// `p` monic over a field, or primitive with a positive leading coefficient over Z.
fn normalized(r: &Ring, p: &Poly) -> Poly {
    let p = super::normalized(r, p);
    if r.domain == Domain::Z && p.leading_coefficient().is_negative() { p.neg() } else { p }
}

impl Query for Subresultants {
    type Input = SubresultantInput;
    type Output = SubresultantOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.compute.subresultants",
            "Subresultant sequence of two polynomials in a main variable",
            "The subresultants S_j(f, g), j < deg g, of two polynomials in a main variable (coefficients in Z, Q, \
             F_p or polynomials in other variables), their principal coefficients and the gcd degree.",
            "Computes every subresultant S_j as one determinant of a Sylvester submatrix whose last column holds \
             polynomials, by fraction-free elimination with exact division (in-process), S_0 being the resultant \
             Res_x(f, g); the principal subresultant coefficients (polynomials in the other variables); and gcd(f, g) \
             over the field of fractions, S_k for the least k with a nonzero principal coefficient.",
            &[
                "polynomial",
                "subresultant",
                "subresultants",
                "prs",
                "sylvester",
                "principal-coefficient",
                "gcd",
                "multivariate",
                "parametric",
            ],
        )
    }
    fn provider(&self) -> jacobian_runtime::contract::Provider {
        super::native(include_str!("subresultants.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "subresultants of (x-1)^2 (x+2) and (x-1)(x+3)",
                Mode::Explore,
                json!({"variables": ["x"], "f": "(x - 1)^2*(x + 2)", "g": "(x - 1)*(x + 3)"}),
            ),
            (
                "subresultants in x of x^2 + y x + 1 and x^2 - 1, coefficients in Z[y]",
                Mode::Explore,
                json!({"variables": ["x", "y"], "domain": "Z", "variable": "x", "f": "x^2 + y*x + 1", "g": "x^2 - 1"}),
            ),
        ]
    }
    fn validate(&self, i: &SubresultantInput) -> Result<(), Diagnostic> {
        parse(i).map(|_| ())
    }
    fn bounds(&self, i: &SubresultantInput) -> Result<(), Refusal> {
        let p = parse(i).map_err(super::refused)?;
        let max = if p.r.n() == 1 { MAX_DEGREE } else { MAX_DEGREE_SEVERAL };
        let refuse = |path: &str, m: String| Err(Refusal::Unsupported(Diagnostic::at(path, "TOO_LARGE", m)));
        if p.f.len() - 1 > max as usize {
            return refuse("/f", format!("degree {} in the main variable; at most {max} here", p.f.len() - 1));
        }
        for (c, path) in [(&p.f, "/f"), (&p.g, "/g")] {
            if c.iter().flat_map(|c| c.terms().map(|(_, a)| a.numer().bits().max(a.denom().bits()))).any(|b| b > 64) {
                return refuse(path, "coefficients of at most 64 bits".into());
            }
            for k in (0..p.r.n()).filter(|&k| k != p.x) {
                let d = c.iter().filter_map(|c| c.degree_in(k)).max().unwrap_or(0);
                if d > MAX_OTHER_DEGREE {
                    return refuse(path, format!("degree {d} in another variable; at most {MAX_OTHER_DEGREE}"));
                }
            }
        }
        Ok(())
    }
    fn answer(&self, i: &SubresultantInput, ctx: &AdapterContext) -> Result<Answer<SubresultantOutput>, AdapterError> {
        let p = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let n = p.g.len() - 1;
        let mut out = vec![];
        for j in (0..n).rev() {
            let s = subresultant(&p, j, ctx)?;
            let principal = coefficients(&s, p.x).get(j).cloned().unwrap_or_default();
            out.push((j, s, principal));
        }
        let g = || p.g.iter().enumerate().fold(Poly::zero(), |acc, (e, c)| acc.add(&lift(c, p.x, e)));
        let (k, gcd) = match out.iter().rev().find(|(_, _, psc)| !psc.is_zero()) {
            Some((j, s, _)) => (*j, s.clone()),
            None => (n, g()),
        };
        Ok(SubresultantOutput {
            subresultants: out
                .iter()
                .map(|(j, s, psc)| SubresultantOut {
                    index: *j,
                    polynomial: p.r.print(s),
                    principal_coefficient: p.r.print(psc),
                })
                .collect(),
            gcd_degree: k,
            gcd: if k == 0 { "1".into() } else { p.r.print(&normalized(&p.r, &gcd)) },
        }
        .into())
    }
}

/// `c · x_v^e`, for `c` free of `x_v`.
fn lift(c: &Poly, v: usize, e: usize) -> Poly {
    Poly::from_terms(c.terms().map(|(m, a)| {
        let mut m = m.clone();
        m[v] = e as u32;
        (m, a.clone())
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_division_recovers_a_factor_and_refuses_a_remainder() {
        let r = ring(&["x".into(), "y".into()], "Q").unwrap();
        let read = |t: &str| r.read(&PolyValue::Text(t.into()), "/").unwrap();
        let (a, b) = (read("(x*y + 2)*(x - y^2 + 1/3)"), read("x - y^2 + 1/3"));
        assert_eq!(exact_div(&a, &b, &r.domain).unwrap(), read("x*y + 2"));
        assert!(exact_div(&read("x*y + 3"), &read("x + 1"), &r.domain).is_err());
    }
}
