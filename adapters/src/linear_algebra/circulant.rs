//! `matrix.circulant.compute`: circulant matrices through the cyclotomic decomposition
//! Q[x]/(xⁿ − 1) ≅ ∏_{d | n} Q(ζ_d). The circulant with first row c acts as multiplication by
//! c(x); its image c(ζ_d) in each factor gives the rank Σ φ(d) over the d with c(ζ_d) ≠ 0, the
//! determinant ∏ N(c(ζ_d)), and a kernel basis from gcd(c, xⁿ − 1). Also the inclusions
//! Q(ζ_m) → Q(ζ_n) and the image of one element in Q(ζ_d). VERIFY replays the determinant, the
//! rank and the kernel in the matrix checker.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::matrix::{Dense, Entry, Ring, Scalar};
use jacobian_runtime::objects::polynomial::{Rat, Ring as PolyRing};
use jacobian_runtime::typed::Describe;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{exact, listed, lit, texts};
use crate::cas::{self, Answer, Query};
use crate::number_theory::dirichlet::cyclotomic;
use crate::polynomials::arith as poly;

/// Largest size of a circulant.
pub const MAX_SIZE: usize = 64;
/// Largest order n of Q(ζ_n) for inclusions and elements.
pub const MAX_ORDER: u64 = 240;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 40;

/// The question.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// The circulant C with first row c (C_ij = c_(j−i mod n)), n ≤ 64: c(ζ_d) and its norm for
    /// every d | n, the rank and nullity (the rational rank and kernel profile), the determinant
    /// and a kernel basis.
    Circulant {
        /// c_0, …, c_(n−1) over Z or Q.
        first_row: Vec<Entry>,
    },
    /// The embedding Q(ζ_m) → Q(ζ_n), ζ_m ↦ ζ_n^(n/m), for m | n ≤ 240, as a φ(n) × φ(m) matrix in
    /// the power bases; with `element`, its image.
    Inclusion {
        /// m.
        from: u64,
        /// n, a multiple of m.
        to: u64,
        /// An element Σ a_k ζ_m^k of Q(ζ_m) (any length, reduced by Φ_m).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        element: Option<Vec<Entry>>,
    },
    /// The element Σ a_k x^k of Q[x] (or of the group ring of a cyclic group) mapped to
    /// Q(ζ_d) = Q[x]/(Φ_d): its reduction, whether it vanishes, and its norm.
    Element {
        /// a_0, a_1, … (at most 1,000).
        coefficients: Vec<Entry>,
        /// d ≤ 240.
        order: u64,
    },
}

/// Input of `matrix.circulant.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CirculantInput {
    /// The question.
    pub question: Question,
}

/// Output of `matrix.circulant.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CirculantOutput {
    /// The answer, an object keyed by the question's name.
    pub answer: Value,
}

/// `matrix.circulant.compute`.
pub struct Circulant;

fn entries(xs: &[Entry], at: &str, max: usize) -> Result<Vec<Rat>, Diagnostic> {
    if xs.is_empty() || xs.len() > max {
        return Err(Diagnostic::at(at, "OUT_OF_RANGE", format!("1 to {max} entries")));
    }
    xs.iter()
        .enumerate()
        .map(|(i, e)| super::bounded_entry(e, MAX_DIGITS, &format!("{at}/{i}")).map(|s| Rat::new(s.num, s.den)))
        .collect()
}

fn order(d: u64, at: &str) -> Result<u64, Diagnostic> {
    if !(1..=MAX_ORDER).contains(&d) {
        return Err(Diagnostic::at(at, "OUT_OF_RANGE", format!("1 to {MAX_ORDER}")));
    }
    Ok(d)
}

fn check(i: &CirculantInput) -> Result<(), Diagnostic> {
    match &i.question {
        Question::Circulant { first_row } => entries(first_row, "/question/circulant/first_row", MAX_SIZE).map(drop),
        Question::Inclusion { from, to, element } => {
            let at = "/question/inclusion";
            let (m, n) = (order(*from, &format!("{at}/from"))?, order(*to, &format!("{at}/to"))?);
            if !n.is_multiple_of(m) {
                return Err(Diagnostic::at(
                    format!("{at}/to"),
                    "NOT_A_MULTIPLE",
                    format!("Q(ζ_{m}) lies in Q(ζ_n) when {m} | n"),
                ));
            }
            element.as_ref().map(|e| entries(e, &format!("{at}/element"), 1_000)).transpose().map(drop)
        }
        Question::Element { coefficients, order: d } => {
            order(*d, "/question/element/order")?;
            entries(coefficients, "/question/element/coefficients", 1_000).map(drop)
        }
    }
}

fn q() -> PolyRing {
    PolyRing::new(&["x".to_owned()], "Q", "", "").expect("the univariate ring over Q")
}

fn phi(d: u64) -> Vec<Rat> {
    cyclotomic(d).into_iter().map(|c| Rat::from_integer(c.into())).collect()
}

fn scalar(r: &Rat) -> Scalar {
    Scalar::fraction(r.numer().clone(), r.denom().clone())
}

fn text(r: &Rat) -> String {
    scalar(r).to_string()
}

/// The coefficients of a mod Φ_d, padded to φ(d).
fn reduce(a: &[Rat], d: u64) -> Vec<Rat> {
    let p = phi(d);
    let mut r = poly::rem(&q(), &poly::trim(a.to_vec()), &p);
    r.resize(p.len() - 1, Rat::zero());
    r
}

/// N(a) = det of multiplication by a on Q(ζ_d) in the power basis.
fn norm(a: &[Rat], d: u64) -> Rat {
    let p = phi(d);
    let k = p.len() - 1;
    let columns: Vec<Vec<Rat>> = (0..k)
        .map(|j| {
            let mut shifted = vec![Rat::zero(); j];
            shifted.extend_from_slice(a);
            reduce(&shifted, d)
        })
        .collect();
    let m: Vec<Vec<Scalar>> = (0..k).map(|i| (0..k).map(|j| scalar(&columns[j][i])).collect()).collect();
    let det = super::koszul::det(&m, &Ring::Rational);
    Rat::new(det.num, det.den)
}

fn element_value(a: &[Rat], d: u64) -> Value {
    let r = reduce(a, d);
    let zero = r.iter().all(Zero::is_zero);
    json!({"order": d, "degree": r.len(), "reduced": r.iter().map(text).collect::<Vec<_>>(), "zero": zero,
           "norm": text(&norm(a, d))})
}

fn circulant(c: &[Rat], st: &mut Vec<Value>, ctx: &AdapterContext) -> Result<Value, AdapterError> {
    let n = c.len();
    let data: Vec<Vec<Scalar>> = (0..n).map(|i| (0..n).map(|j| scalar(&c[(j + n - i) % n])).collect()).collect();
    let m = Dense { ring: Ring::Rational, rows: n, cols: n, data };
    let divisors: Vec<u64> = (1..=n as u64).filter(|d| (n as u64).is_multiple_of(*d)).collect();
    let (mut rank, mut det, mut components) = (0usize, Rat::one(), vec![]);
    for &d in &divisors {
        ctx.checkpoint()?;
        let v = element_value(c, d);
        if v["zero"] == json!(false) {
            rank += v["degree"].as_u64().unwrap_or(0) as usize;
        }
        det *= norm(c, d);
        components.push(v);
    }
    // Cv = 0 ⟺ c(x)·w(x) ≡ 0 mod xⁿ − 1 for w = Σ v_j x^(−j): w ∈ (xⁿ − 1)/g · Q[x], g = gcd(c, xⁿ − 1).
    let mut modulus = vec![Rat::zero(); n + 1];
    modulus[0] = -Rat::one();
    modulus[n] = Rat::one();
    let g = poly::gcd(&q(), &poly::trim(c.to_vec()), &modulus);
    let h = poly::quo(&q(), &modulus, &g);
    let nullity = g.len().saturating_sub(1);
    if nullity + rank != n {
        return Err(AdapterError::Backend("the cyclotomic ranks and gcd(c, xⁿ − 1) disagree".into()));
    }
    let kernel: Vec<Vec<Scalar>> = (0..nullity)
        .map(|k| {
            let mut w = vec![Rat::zero(); n];
            for (i, hc) in h.iter().enumerate() {
                w[(i + k) % n] += hc;
            }
            (0..n).map(|j| scalar(&w[(n - j) % n])).collect()
        })
        .collect();
    let basis = Dense {
        ring: Ring::Rational,
        rows: n,
        cols: nullity,
        data: (0..n).map(|j| kernel.iter().map(|v| v[j].clone()).collect()).collect(),
    };
    let cols = exact::reduce(&m, false, ctx)?.pivots;
    let rows = exact::reduce(&exact::transpose(&m), false, ctx)?.pivots;
    let basis_rows = exact::reduce(&exact::transpose(&basis), false, ctx)?.pivots;
    st.push(json!({"determinant": {"matrix": lit(&m), "value": text(&det)}}));
    st.push(json!({"rank": {"matrix": lit(&m), "basis": lit(&basis), "minor": {"rows": rows, "cols": cols},
                            "basis_rows": basis_rows, "rank": rank}}));
    Ok(json!({"circulant": {"size": n, "matrix": listed(&m), "rank": rank, "nullity": nullity,
        "determinant": text(&det), "components": components,
        "kernel": kernel.iter().map(|v| texts(v)).collect::<Vec<_>>(),
        "gcd_with_x^n-1": g.iter().map(text).collect::<Vec<_>>()}}))
}

fn inclusion(m: u64, n: u64, element: Option<&[Rat]>) -> Value {
    let (pm, pn) = (phi(m), phi(n));
    let step = (n / m) as usize;
    let columns: Vec<Vec<Rat>> = (0..pm.len() - 1)
        .map(|k| {
            let mut x = vec![Rat::zero(); k * step + 1];
            x[k * step] = Rat::one();
            reduce(&x, n)
        })
        .collect();
    let rows = pn.len() - 1;
    let data: Vec<Vec<Scalar>> = (0..rows).map(|i| columns.iter().map(|c| scalar(&c[i])).collect()).collect();
    let matrix = Dense { ring: Ring::Integer, rows, cols: columns.len(), data };
    let image = element.map(|a| {
        let r = reduce(a, m);
        let out: Vec<Rat> =
            (0..rows).map(|i| r.iter().zip(&columns).fold(Rat::zero(), |acc, (x, c)| acc + x * &c[i])).collect();
        json!({"reduced": r.iter().map(text).collect::<Vec<_>>(), "image": out.iter().map(text).collect::<Vec<_>>()})
    });
    let show = |p: &[Rat]| p.iter().map(text).collect::<Vec<_>>();
    json!({"inclusion": {"from": m, "to": n, "matrix": listed(&matrix), "from_polynomial": show(&pm),
        "to_polynomial": show(&pn), "element": image}})
}

impl Query for Circulant {
    type Input = CirculantInput;
    type Output = CirculantOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.circulant.compute",
                "Circulant matrices through cyclotomic fields, and the inclusions Q(ζ_m) ⊂ Q(ζ_n)",
                "A circulant's images c(ζ_d) with their norms, its rational rank, null space and product formula; \
                 the matrix of Q(ζ_m) → Q(ζ_n); an element of Q[x] mapped to Q(ζ_d).",
                "Exact rationals: n ≤ 64 for circulants (rank Σ φ(d) over the d | n with c(ζ_d) ≠ 0, \
                 determinant ∏ N(c(ζ_d)), kernel from gcd(c, xⁿ − 1)), orders up to 240 for inclusions and \
                 elements, reductions by Φ_d computed natively. VERIFY replays the determinant by modular images \
                 and the rank with the kernel basis in the matrix checker.",
                &[
                    "circulant",
                    "cyclic-matrix",
                    "cyclotomic-field",
                    "cyclotomic-polynomial",
                    "group-ring",
                    "roots-of-unity",
                    "field-inclusion",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("circulant.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the circulant with first row (1, 1, 0, 0, 1, 1): its cyclotomic components",
                Mode::Verify,
                json!({"question": {"circulant": {"first_row": [1, 1, 0, 0, 1, 1]}}}),
            ),
            (
                "the inclusion of Q(ζ_4) into Q(ζ_12), and the image of 1 + 2i",
                Mode::Explore,
                json!({"question": {"inclusion": {"from": 4, "to": 12, "element": [1, 2]}}}),
            ),
            (
                "1 + x + x² in Q(ζ_3): it vanishes",
                Mode::Explore,
                json!({"question": {"element": {"coefficients": [1, 1, 1], "order": 3}}}),
            ),
        ]
    }
    fn validate(&self, i: &CirculantInput) -> Result<(), Diagnostic> {
        check(i)
    }
    fn bounds(&self, i: &CirculantInput) -> Result<(), Refusal> {
        check(i).map_err(Refusal::Unsupported)
    }
    fn answer(&self, i: &CirculantInput, ctx: &AdapterContext) -> Result<Answer<CirculantOutput>, AdapterError> {
        let read = |xs: &[Entry], max: usize| entries(xs, "", max).map_err(|d| AdapterError::Unsupported(d.message));
        let mut st = vec![];
        let answer = match &i.question {
            Question::Circulant { first_row } => circulant(&read(first_row, MAX_SIZE)?, &mut st, ctx)?,
            Question::Inclusion { from, to, element } => {
                let e = element.as_ref().map(|e| read(e, 1_000)).transpose()?;
                inclusion(*from, *to, e.as_deref())
            }
            Question::Element { coefficients, order } => {
                json!({"element": element_value(&read(coefficients, 1_000)?, *order)})
            }
        };
        Ok(super::answer(CirculantOutput { answer }, &Ring::Rational, st))
    }
}
