//! `matrix.compute.inertia_cells`: the inertia of a symmetric matrix polynomial
//! A(t) = A_0 + t·A_1 + … + t^d·A_d over the whole real line. det(λI − A(t)) = Σ c_k(t)·λ^k has
//! only real roots in λ for each real t, so by Descartes' rule its coefficient signs give the
//! inertia exactly; the inertia can change only at real roots of the c_k, isolated exactly with
//! rational intervals. The line splits into open intervals and points (cells) of constant inertia,
//! each with a rational sample or an isolated algebraic point whose coefficient signs are decided
//! by gcds and interval refinement.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::matrix::Matrix;
use jacobian_runtime::objects::polynomial::{Rat, Ring as PolyRing};
use jacobian_runtime::typed::Describe;
use num_traits::{One, Signed, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::inertia::read_symmetric;
use crate::cas::{self, Answer, Query};
use crate::polynomials::arith as poly;

/// Most rows.
pub const MAX_DIMENSION: usize = 8;
/// Highest power of t.
pub const MAX_DEGREE: usize = 4;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 30;

/// Input of `matrix.compute.inertia_cells`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InertiaCellsInput {
    /// A_0, A_1, …, A_d (1 to 5 symmetric matrices of one size, up to 8 × 8, over Z or Q):
    /// A(t) = Σ t^k·A_k.
    pub coefficients: Vec<Matrix>,
}

/// Output of `matrix.compute.inertia_cells`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InertiaCellsOutput {
    /// c_0(t), …, c_n(t) of det(λI − A(t)) = Σ c_k(t)·λ^k, each by its coefficients in t (lowest first).
    pub characteristic_polynomial: Vec<Vec<String>>,
    /// The points where the inertia may change, increasing: each a root of `polynomial` (squarefree,
    /// coefficients lowest first) isolated in (low, high].
    pub critical_points: Vec<Value>,
    /// The cells in order along the line: open intervals with a rational sample and points, each
    /// with its inertia [positive, negative, zero].
    pub cells: Vec<Value>,
    /// Maximal runs of cells of equal inertia merged.
    pub regions: Vec<Value>,
}

/// `matrix.compute.inertia_cells`.
pub struct InertiaCells;

type P = Vec<Rat>;

fn q() -> PolyRing {
    PolyRing::new(&["t".to_owned()], "Q", "", "").expect("the univariate ring over Q")
}

fn read(i: &InertiaCellsInput) -> Result<Vec<Vec<Vec<Rat>>>, Diagnostic> {
    if !(1..=MAX_DEGREE + 1).contains(&i.coefficients.len()) {
        return Err(Diagnostic::at("/coefficients", "OUT_OF_RANGE", "1 to 5 matrices"));
    }
    let mut out: Vec<Vec<Vec<Rat>>> = vec![];
    for (k, m) in i.coefficients.iter().enumerate() {
        let at = format!("/coefficients/{k}");
        let a = read_symmetric(m, &at)?;
        if a.rows > MAX_DIMENSION || a.max_digits() > MAX_DIGITS {
            let m = format!("at most {MAX_DIMENSION} × {MAX_DIMENSION}, entries of at most {MAX_DIGITS} digits");
            return Err(Diagnostic::at(at, "TOO_LARGE", m));
        }
        if out.first().is_some_and(|f| f.len() != a.rows) {
            return Err(Diagnostic::at(at, "WRONG_SIZE", "every coefficient has A_0's size"));
        }
        out.push(a.data.iter().map(|r| r.iter().map(|x| Rat::new(x.num.clone(), x.den.clone())).collect()).collect());
    }
    Ok(out)
}

/// det(λI − A(t)) by Faddeev–LeVerrier over Q[t]: c_n = 1, M_k = A·M_(k−1) + c_(n−k+1)·I,
/// c_(n−k) = −tr(A·M_k)/k.
fn charpoly(a: &[Vec<P>]) -> Vec<P> {
    let r = q();
    let n = a.len();
    let mut c: Vec<P> = vec![vec![]; n + 1];
    c[n] = vec![Rat::one()];
    let mut m: Vec<Vec<P>> = (0..n).map(|_| vec![vec![]; n]).collect();
    for k in 1..=n {
        // M_k = A·M_(k−1) + c_(n−k+1)·I (M_0 = 0).
        let mut next: Vec<Vec<P>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| (0..n).fold(vec![], |acc, l| poly::add(&r, &acc, &poly::mul(&r, &a[i][l], &m[l][j]))))
                    .collect()
            })
            .collect();
        for (i, row) in next.iter_mut().enumerate() {
            row[i] = poly::add(&r, &row[i], &c[n - k + 1]);
        }
        m = next;
        let trace = (0..n)
            .fold(vec![], |acc, i| (0..n).fold(acc, |acc, l| poly::add(&r, &acc, &poly::mul(&r, &a[i][l], &m[l][i]))));
        c[n - k] = poly::scale(&r, &trace, &Rat::new((-1).into(), (k as i64).into()));
    }
    c
}

fn sign(x: &Rat) -> i8 {
    if x.is_zero() {
        0
    } else if x.is_positive() {
        1
    } else {
        -1
    }
}

/// Inertia from the signs of c_0, …, c_n (c_n = 1) for a real-rooted characteristic polynomial.
fn inertia(signs: &[i8]) -> [usize; 3] {
    let n = signs.len() - 1;
    let zero = signs.iter().position(|&s| s != 0).unwrap_or(n);
    // Descartes: positive roots are the sign changes of (c_n, …, c_zero); negative ones those of
    // the coefficients of p(−λ).
    let changes = |flip: bool| {
        let seq: Vec<i8> = (zero..=n)
            .rev()
            .map(|k| if flip && k % 2 == 1 { -signs[k] } else { signs[k] })
            .filter(|&s| s != 0)
            .collect();
        seq.windows(2).filter(|w| w[0] != w[1]).count()
    };
    [changes(false), changes(true), zero]
}

/// The sign of q at the root of the squarefree p isolated in (a, b].
fn sign_at_root(qp: &P, p: &P, (a, b): (&Rat, &Rat), ctx: &AdapterContext) -> Result<i8, AdapterError> {
    let r = q();
    if qp.is_empty() {
        return Ok(0);
    }
    let g = poly::gcd(&r, qp, p);
    if g.len() > 1 && !poly::isolate_within(&g, (a.clone(), b.clone()), 0, ctx)?.is_empty() {
        return Ok(0);
    }
    let (mut a, mut b) = (a.clone(), b.clone());
    loop {
        ctx.checkpoint()?;
        if qp.len() <= 1 || poly::isolate_within(qp, (a.clone(), b.clone()), 0, ctx)?.is_empty() {
            return Ok(sign(&poly::eval(qp, &b)));
        }
        let mid = (&a + &b) / Rat::from_integer(2.into());
        let pm = poly::eval(p, &mid);
        if pm.is_zero() {
            return Ok(sign(&poly::eval(qp, &mid)));
        }
        if sign(&poly::eval(p, &a)) * sign(&pm) < 0 {
            b = mid;
        } else {
            a = mid;
        }
    }
}

fn text(r: &Rat) -> String {
    if r.is_integer() { r.numer().to_string() } else { format!("{}/{}", r.numer(), r.denom()) }
}

impl Query for InertiaCells {
    type Input = InertiaCellsInput;
    type Output = InertiaCellsOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "matrix.compute.inertia_cells",
            "Where a symmetric matrix A(t) depending on a real parameter t is definite, cell by cell",
            "For which real t a symmetric matrix A(t) = A_0 + t·A_1 + … is positive definite, semidefinite or \
             indefinite: the cells of the parameter line and the signs on each.",
            "Exact over Q up to 8 × 8 and degree 4 in t: det(λI − A(t)) by Faddeev–LeVerrier over Q[t], \
             inertia by Descartes' rule (exact for real-rooted polynomials), critical parameters as isolated \
             real roots of the coefficients, signs at those algebraic points by gcds and interval refinement.",
            &["parametric-matrix", "matrix-pencil", "definiteness-region", "critical-parameters"],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("inertia_cells.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "for which t is [[1, t], [t, 1]] positive definite?",
            Mode::Explore,
            json!({"coefficients": [{"rows": [[1, 0], [0, 1]]}, {"rows": [[0, 1], [1, 0]]}]}),
        )]
    }
    fn validate(&self, i: &InertiaCellsInput) -> Result<(), Diagnostic> {
        read(i).map(drop)
    }
    fn bounds(&self, i: &InertiaCellsInput) -> Result<(), Refusal> {
        read(i).map(drop).map_err(Refusal::Unsupported)
    }
    fn answer(&self, i: &InertiaCellsInput, ctx: &AdapterContext) -> Result<Answer<InertiaCellsOutput>, AdapterError> {
        let coeffs = read(i).map_err(super::complexes::fail)?;
        let n = coeffs[0].len();
        // A(t) with entries in Q[t].
        let a: Vec<Vec<P>> = (0..n)
            .map(|r| (0..n).map(|c| poly::trim(coeffs.iter().map(|m| m[r][c].clone()).collect())).collect())
            .collect();
        let c = charpoly(&a);
        let ring = q();
        // The squarefree product of the nonconstant coefficients: the inertia is constant between its roots.
        let critical = c[..n].iter().filter(|p| p.len() > 1).fold(vec![Rat::one()], |acc, p| poly::mul(&ring, &acc, p));
        let sqf = if critical.len() > 1 { poly::square_free_part(&ring, &critical) } else { vec![Rat::one()] };
        let roots = poly::isolate(&sqf, 4, ctx)?;
        let at_rational =
            |t: &Rat| -> [usize; 3] { inertia(&c.iter().map(|p| sign(&poly::eval(p, t))).collect::<Vec<_>>()) };
        let mut cells = vec![];
        let one = Rat::one();
        let samples: Vec<Rat> = if roots.is_empty() {
            vec![Rat::zero()]
        } else {
            let mut s = vec![&roots[0].0 - &one];
            s.extend(roots.windows(2).map(|w| (&w[0].1 + &w[1].0) / Rat::from_integer(2.into())));
            s.push(&roots[roots.len() - 1].1 + &one);
            s
        };
        for (k, t) in samples.iter().enumerate() {
            let from = if k == 0 { Value::Null } else { json!(k - 1) };
            let to = if k == roots.len() { Value::Null } else { json!(k) };
            cells.push(json!({"kind": "interval", "after_point": from, "before_point": to, "sample": text(t),
                              "inertia": at_rational(t)}));
            if let Some((lo, hi)) = roots.get(k) {
                let signs: Vec<i8> =
                    c.iter().map(|p| sign_at_root(p, &sqf, (lo, hi), ctx)).collect::<Result<_, _>>()?;
                cells.push(json!({"kind": "point", "point": k, "inertia": inertia(&signs)}));
            }
        }
        let critical_points: Vec<Value> = roots
            .iter()
            .map(|(lo, hi)| {
                let approx = ((lo + hi) / Rat::from_integer(2.into())).to_f64();
                json!({"polynomial": sqf.iter().map(text).collect::<Vec<_>>(), "low": text(lo), "high": text(hi), "approx": approx})
            })
            .collect();
        let mut regions: Vec<Value> = vec![];
        let mut start = 0;
        for k in 1..=cells.len() {
            if k == cells.len() || cells[k]["inertia"] != cells[start]["inertia"] {
                regions.push(json!({"first_cell": start, "last_cell": k - 1, "inertia": cells[start]["inertia"]}));
                start = k;
            }
        }
        Ok(Answer::from(InertiaCellsOutput {
            characteristic_polynomial: c.iter().map(|p| p.iter().map(text).collect()).collect(),
            critical_points,
            cells,
            regions,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::inertia;

    #[test]
    fn descartes_reads_the_inertia_of_real_rooted_polynomials() {
        // (λ − 1)(λ + 2)λ = λ³ + λ² − 2λ: signs of c_0..c_3 = [0, −, +, +].
        assert_eq!(inertia(&[0, -1, 1, 1]), [1, 1, 1]);
        // (λ − 1)(λ − 2) = λ² − 3λ + 2.
        assert_eq!(inertia(&[1, -1, 1]), [2, 0, 0]);
        // (λ + 1)² = λ² + 2λ + 1.
        assert_eq!(inertia(&[1, 1, 1]), [0, 2, 0]);
        assert_eq!(inertia(&[0, 0, 1]), [0, 0, 2]);
    }
}
