//! `matrix.nonnegative.compute`: nonnegativity in exact rationals — Farkas alternatives for
//! {x ≥ 0 : Ax = b} and {x : Ax ≤ b} (decided by an exact simplex method with Bland's rule, or
//! a given certificate checked), and Collatz–Wielandt bounds on the Perron root of a
//! nonnegative matrix with its irreducibility and primitivity. Solutions, certificates and
//! bounds are matrix identities and sign conditions that the matrix checker replays.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::matrix::{Dense, Entry, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use num_traits::{Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::exact::{self, Field};
use super::{lit, read, texts};
use crate::cas::{self, Answer, Query};

/// Most rows or columns.
pub const MAX_DIMENSION: usize = 40;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 40;
/// Most power steps of a Collatz–Wielandt profile.
pub const MAX_ITERATIONS: usize = 64;

/// Which system a Farkas alternative is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum System {
    /// {x ≥ 0 : Ax = b}; its alternative is y with Aᵀy ≥ 0 and bᵀy < 0.
    Equality,
    /// {x : Ax ≤ b}; its alternative is y ≥ 0 with Aᵀy = 0 and bᵀy < 0.
    Inequality,
}

/// The question.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// Feasibility of the system with a solution, or a Farkas certificate of infeasibility; with
    /// `certificate`, whether that y certifies infeasibility, condition by condition.
    Farkas {
        /// Which system.
        system: System,
        /// A, m × n over Z or Q.
        matrix: Matrix,
        /// b, m entries.
        rhs: Vec<Entry>,
        /// A claimed certificate y (m entries) to check instead of deciding.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        certificate: Option<Vec<Entry>>,
    },
    /// min_i (Ax)_i / x_i ≤ ρ(A) ≤ max_i (Ax)_i / x_i for a nonnegative square A and a positive x,
    /// along x, Ax, …, A^k x; with irreducibility and primitivity of A.
    CollatzWielandt {
        /// A, square, entries ≥ 0.
        matrix: Matrix,
        /// x > 0 (all ones by default).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        vector: Option<Vec<Entry>>,
        /// Power steps k (0 to 64).
        #[serde(default)]
        iterations: usize,
    },
}

/// Input of `matrix.nonnegative.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NonnegativeInput {
    /// The question.
    pub question: Question,
}

/// Output of `matrix.nonnegative.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct NonnegativeOutput {
    /// The answer, an object keyed by the question's name.
    pub answer: Value,
}

/// `matrix.nonnegative.compute`.
pub struct Nonnegative;

enum Parsed {
    Farkas(System, Dense, Vec<Scalar>, Option<Vec<Scalar>>),
    Collatz(Dense, Vec<Scalar>, usize),
}

fn q() -> Field {
    Field::of(&Ring::Rational)
}

fn vector(xs: &[Entry], len: usize, at: &str) -> Result<Vec<Scalar>, Diagnostic> {
    if xs.len() != len {
        return Err(Diagnostic::at(at, "WRONG_LENGTH", format!("{len} entries")));
    }
    xs.iter().enumerate().map(|(i, e)| super::bounded_entry(e, MAX_DIGITS, &format!("{at}/{i}"))).collect()
}

fn matrix(m: &Matrix, at: &str) -> Result<Dense, Diagnostic> {
    let d = read(m, at)?;
    super::non_empty(&d, at)?;
    if let Ring::Prime(_) = d.ring {
        return Err(Diagnostic::at(format!("{at}/ring"), "WRONG_RING", "a matrix over Z or Q"));
    }
    if d.rows > MAX_DIMENSION || d.cols > MAX_DIMENSION || d.max_digits() > MAX_DIGITS {
        let m = format!("at most {MAX_DIMENSION} rows and columns, entries of at most {MAX_DIGITS} digits");
        return Err(Diagnostic::at(at, "TOO_LARGE", m));
    }
    Ok(Dense { ring: Ring::Rational, ..d })
}

fn parse(i: &NonnegativeInput) -> Result<Parsed, Diagnostic> {
    match &i.question {
        Question::Farkas { system, matrix: m, rhs, certificate } => {
            let at = "/question/farkas";
            let a = matrix(m, &format!("{at}/matrix"))?;
            let b = vector(rhs, a.rows, &format!("{at}/rhs"))?;
            let y = certificate.as_ref().map(|y| vector(y, a.rows, &format!("{at}/certificate"))).transpose()?;
            Ok(Parsed::Farkas(*system, a, b, y))
        }
        Question::CollatzWielandt { matrix: m, vector: x, iterations } => {
            let at = "/question/collatz_wielandt";
            let a = matrix(m, &format!("{at}/matrix"))?;
            super::square(&a, &format!("{at}/matrix"))?;
            for (r, row) in a.data.iter().enumerate() {
                if let Some(c) = row.iter().position(|x| x.num.is_negative()) {
                    return Err(Diagnostic::at(format!("{at}/matrix/rows/{r}/{c}"), "NEGATIVE", "entries ≥ 0"));
                }
            }
            let x = match x {
                Some(x) => vector(x, a.rows, &format!("{at}/vector"))?,
                None => vec![Scalar::int(1); a.rows],
            };
            if let Some(i) = x.iter().position(|v| !v.num.is_positive()) {
                return Err(Diagnostic::at(format!("{at}/vector/{i}"), "NOT_POSITIVE", "every entry > 0"));
            }
            if *iterations > MAX_ITERATIONS {
                let m = format!("0 to {MAX_ITERATIONS} steps");
                return Err(Diagnostic::at(format!("{at}/iterations"), "OUT_OF_RANGE", m));
            }
            Ok(Parsed::Collatz(a, x, *iterations))
        }
    }
}

fn column(xs: &[Scalar]) -> Dense {
    Dense { ring: Ring::Rational, rows: xs.len(), cols: 1, data: xs.iter().map(|x| vec![x.clone()]).collect() }
}

fn dot(x: &[Scalar], y: &[Scalar]) -> Scalar {
    let f = q();
    x.iter().zip(y).fold(Scalar::int(0), |acc, (a, b)| f.add(&acc, &f.mul(a, b)))
}

/// Phase one of the simplex method on {x ≥ 0 : Ax = b} in exact rationals with Bland's rule:
/// a solution, or y with Aᵀy ≥ 0 and bᵀy < 0 read from the optimal reduced costs.
fn phase_one(a: &Dense, b: &[Scalar], ctx: &AdapterContext) -> Result<Result<Vec<Scalar>, Vec<Scalar>>, AdapterError> {
    let f = q();
    let (m, n) = (a.rows, a.cols);
    let flip: Vec<bool> = b.iter().map(|x| x.num.is_negative()).collect();
    let sgn = |i: usize, x: &Scalar| if flip[i] { f.neg(x) } else { x.clone() };
    // Rows [A' | I | b'], then the reduced costs of min Σ artificials.
    let mut t: Vec<Vec<Scalar>> = (0..m)
        .map(|i| {
            let mut row: Vec<Scalar> = a.data[i].iter().map(|x| sgn(i, x)).collect();
            row.extend((0..m).map(|k| Scalar::int(i64::from(k == i))));
            row.push(sgn(i, &b[i]));
            row
        })
        .collect();
    let width = n + m + 1;
    let mut cost: Vec<Scalar> = (0..width)
        .map(|j| {
            let base = if (n..n + m).contains(&j) { Scalar::int(1) } else { Scalar::int(0) };
            t.iter().fold(base, |acc, row| f.add(&acc, &f.neg(&row[j])))
        })
        .collect();
    let mut basis: Vec<usize> = (n..n + m).collect();
    loop {
        ctx.checkpoint()?;
        let Some(enter) = (0..n + m).find(|&j| cost[j].num.is_negative()) else { break };
        let mut leave: Option<(usize, Scalar)> = None;
        for (i, row) in t.iter().enumerate() {
            if !row[enter].num.is_positive() {
                continue;
            }
            let ratio = f.mul(&row[n + m], &f.inv(&row[enter]));
            let better = match &leave {
                None => true,
                Some((l, best)) => {
                    let d = f.add(&ratio, &f.neg(best));
                    d.num.is_negative() || (d.num.is_zero() && basis[i] < basis[*l])
                }
            };
            if better {
                leave = Some((i, ratio));
            }
        }
        // Phase one is bounded below by 0, so some row limits the step.
        let (r, _) = leave.ok_or_else(|| AdapterError::Backend("an unbounded phase-one ray".into()))?;
        let inv = f.inv(&t[r][enter]);
        let pivot: Vec<Scalar> = t[r].iter().map(|x| f.mul(x, &inv)).collect();
        for (i, row) in t.iter_mut().enumerate() {
            if i != r && !row[enter].num.is_zero() {
                let k = row[enter].clone();
                for (x, p) in row.iter_mut().zip(&pivot) {
                    *x = f.add(x, &f.neg(&f.mul(&k, p)));
                }
            }
        }
        let k = cost[enter].clone();
        for (x, p) in cost.iter_mut().zip(&pivot) {
            *x = f.add(x, &f.neg(&f.mul(&k, p)));
        }
        t[r] = pivot;
        basis[r] = enter;
    }
    if cost[n + m].num.is_zero() {
        let mut x = vec![Scalar::int(0); n];
        for (i, &j) in basis.iter().enumerate() {
            if j < n {
                x[j] = t[i][n + m].clone();
            }
        }
        return Ok(Ok(x));
    }
    // The artificial e_i has reduced cost 1 − y'_i; y = −S·y' certifies the original rows.
    Ok(Err((0..m)
        .map(|i| {
            let yi = f.add(&Scalar::int(1), &f.neg(&cost[n + i]));
            if flip[i] { yi } else { f.neg(&yi) }
        })
        .collect()))
}

fn farkas(
    system: System,
    a: &Dense,
    b: &[Scalar],
    given: Option<&[Scalar]>,
    st: &mut Vec<Value>,
    ctx: &AdapterContext,
) -> Result<Value, AdapterError> {
    let f = q();
    let at_y = |y: &[Scalar]| {
        let aty: Vec<Scalar> =
            (0..a.cols).map(|j| dot(&a.data.iter().map(|r| r[j].clone()).collect::<Vec<_>>(), y)).collect();
        (aty, dot(b, y))
    };
    // The conditions of a certificate, and the statements proving them.
    let conditions = |y: &[Scalar], st: &mut Vec<Value>| -> Value {
        let (aty, value) = at_y(y);
        let (yc, bc) = (lit(&column(y)), lit(&column(b)));
        let aty_expr = json!({"product": [{"transpose": lit(a)}, yc]});
        let value_ok = value.num.is_negative();
        let (dual_ok, multipliers_ok) = match system {
            System::Equality => (aty.iter().all(|x| !x.num.is_negative()), true),
            System::Inequality => (aty.iter().all(|x| x.num.is_zero()), y.iter().all(|x| !x.num.is_negative())),
        };
        if dual_ok && value_ok && multipliers_ok {
            st.push(json!({"sign": {"of": {"product": [{"transpose": bc}, yc]}, "is": "negative"}}));
            match system {
                System::Equality => st.push(json!({"sign": {"of": aty_expr, "is": "nonnegative"}})),
                System::Inequality => {
                    st.push(json!({"equal": [aty_expr, lit(&column(&vec![Scalar::int(0); a.cols]))]}));
                    st.push(json!({"sign": {"of": yc, "is": "nonnegative"}}));
                }
            }
        }
        let first_bad = match system {
            System::Equality => aty.iter().position(|x| x.num.is_negative()),
            System::Inequality => aty.iter().position(|x| !x.num.is_zero()),
        };
        json!({"valid": dual_ok && value_ok && multipliers_ok, "transpose_product": texts(&aty),
               "value": value.to_string(), "value_negative": value_ok,
               "transpose_condition": dual_ok, "first_failing_column": first_bad,
               "multipliers_nonnegative": multipliers_ok})
    };
    if let Some(y) = given {
        let c = conditions(y, st);
        return Ok(json!({"farkas": {"system": system, "certificate": texts(y), "check": c}}));
    }
    // {x : Ax ≤ b} is {(x⁺, x⁻, s) ≥ 0 : [A, −A, I]·(x⁺, x⁻, s) = b}, with the same alternative.
    let standard = match system {
        System::Equality => a.clone(),
        System::Inequality => {
            let data = a
                .data
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let mut row = r.clone();
                    row.extend(r.iter().map(|x| f.neg(x)));
                    row.extend((0..a.rows).map(|k| Scalar::int(i64::from(k == i))));
                    row
                })
                .collect();
            Dense { ring: Ring::Rational, rows: a.rows, cols: 2 * a.cols + a.rows, data }
        }
    };
    match phase_one(&standard, b, ctx)? {
        Ok(z) => {
            let x: Vec<Scalar> = match system {
                System::Equality => z,
                System::Inequality => (0..a.cols).map(|j| f.add(&z[j], &f.neg(&z[a.cols + j]))).collect(),
            };
            let ax = exact::product(a, &column(&x));
            let xc = lit(&column(&x));
            match system {
                System::Equality => {
                    if ax.data.iter().zip(b).any(|(r, v)| r[0] != *v) || x.iter().any(|v| v.num.is_negative()) {
                        return Err(AdapterError::Backend("the simplex solution does not solve the system".into()));
                    }
                    st.push(json!({"equal": [{"product": [lit(a), xc]}, lit(&column(b))]}));
                    st.push(json!({"sign": {"of": xc, "is": "nonnegative"}}));
                }
                System::Inequality => {
                    let slack: Vec<Scalar> = ax.data.iter().zip(b).map(|(r, v)| f.add(v, &f.neg(&r[0]))).collect();
                    if slack.iter().any(|v| v.num.is_negative()) {
                        return Err(AdapterError::Backend("the simplex solution does not solve the system".into()));
                    }
                    let diff = json!({"sum": [lit(&column(b)), {"negate": {"product": [lit(a), xc]}}]});
                    st.push(json!({"sign": {"of": diff, "is": "nonnegative"}}));
                }
            }
            Ok(json!({"farkas": {"system": system, "feasible": true, "solution": texts(&x), "certificate": null}}))
        }
        Err(y) => {
            let c = conditions(&y, st);
            if c["valid"] != json!(true) {
                return Err(AdapterError::Backend("the simplex certificate fails its conditions".into()));
            }
            Ok(json!({"farkas": {"system": system, "feasible": false, "solution": null, "certificate": texts(&y),
                "value": c["value"]}}))
        }
    }
}

/// Reachability closure of A's digraph (i → j when a_ij > 0).
fn reach(a: &Dense) -> Vec<Vec<bool>> {
    let n = a.rows;
    let mut r: Vec<Vec<bool>> =
        (0..n).map(|i| (0..n).map(|j| i == j || !a.data[i][j].num.is_zero()).collect()).collect();
    for k in 0..n {
        let through = r[k].clone();
        for row in r.iter_mut().filter(|row| row[k]) {
            for (x, y) in row.iter_mut().zip(&through) {
                *x |= *y;
            }
        }
    }
    r
}

/// Whether some power of the pattern is all positive (Wielandt: k ≤ (n − 1)² + 1 suffices).
fn primitive(a: &Dense) -> bool {
    let n = a.rows;
    let pattern: Vec<Vec<bool>> = (0..n).map(|i| (0..n).map(|j| !a.data[i][j].num.is_zero()).collect()).collect();
    let mut p = pattern.clone();
    for _ in 0..(n - 1) * (n - 1) + 1 {
        if p.iter().flatten().all(|&x| x) {
            return true;
        }
        p = (0..n).map(|i| (0..n).map(|j| (0..n).any(|k| p[i][k] && pattern[k][j])).collect()).collect();
    }
    p.iter().flatten().all(|&x| x)
}

fn collatz(
    a: &Dense,
    x0: &[Scalar],
    steps: usize,
    st: &mut Vec<Value>,
    ctx: &AdapterContext,
) -> Result<Value, AdapterError> {
    let f = q();
    let n = a.rows;
    let irreducible = reach(a).iter().flatten().all(|&x| x);
    let mut x = x0.to_vec();
    // The best lower and upper bounds so far, with the vectors that give them.
    type Best = (Scalar, Scalar, Vec<Scalar>, Vec<Scalar>);
    let (mut profile, mut best): (Vec<Value>, Option<Best>) = (vec![], None);
    let mut stopped = None;
    for k in 0..=steps {
        ctx.checkpoint()?;
        if let Some(i) = x.iter().position(|v| v.num.is_zero()) {
            stopped = Some(json!({"step": k, "zero_entry": i}));
            break;
        }
        let ax: Vec<Scalar> = exact::product(a, &column(&x)).data.into_iter().map(|mut r| r.remove(0)).collect();
        let quotients: Vec<Scalar> = ax.iter().zip(&x).map(|(p, v)| f.mul(p, &f.inv(v))).collect();
        let cmp = |p: &Scalar, r: &Scalar| f.add(p, &f.neg(r)).num.sign().cmp(&num_bigint::Sign::NoSign);
        let lo = quotients.iter().cloned().reduce(|p, r| if cmp(&p, &r).is_lt() { p } else { r }).expect("n ≥ 1");
        let hi = quotients.iter().cloned().reduce(|p, r| if cmp(&p, &r).is_gt() { p } else { r }).expect("n ≥ 1");
        profile.push(json!({"step": k, "lower": lo.to_string(), "upper": hi.to_string(),
                            "quotients": (n <= 50).then(|| texts(&quotients))}));
        best = Some(match best {
            None => (lo, hi, x.clone(), x.clone()),
            Some((l, h, xl, xh)) => {
                let (l, xl) = if cmp(&lo, &l).is_gt() { (lo, x.clone()) } else { (l, xl) };
                let (h, xh) = if cmp(&hi, &h).is_lt() { (hi, x.clone()) } else { (h, xh) };
                (l, h, xl, xh)
            }
        });
        // Scale by the largest entry to keep the numbers small; quotients do not change.
        let top = ax.iter().cloned().reduce(|p, r| if cmp(&p, &r).is_gt() { p } else { r }).expect("n ≥ 1");
        x = if top.num.is_zero() { ax } else { ax.iter().map(|v| f.mul(v, &f.inv(&top))).collect() };
    }
    let Some((lo, hi, xl, xh)) = best else { return Err(AdapterError::Backend("no step was taken".into())) };
    // A·x_l − l·x_l ≥ 0 and u·x_u − A·x_u ≥ 0 with x_l, x_u > 0 give l ≤ ρ(A) ≤ u.
    let (cl, ch) = (lit(&column(&xl)), lit(&column(&xh)));
    st.push(json!({"sign": {"of": cl, "is": "positive"}}));
    st.push(json!({"sign": {"of": ch, "is": "positive"}}));
    st.push(json!({"sign": {"of": {"sum": [{"product": [lit(a), cl]}, {"negate": {"scale": [lo.to_string(), cl]}}]},
                            "is": "nonnegative"}}));
    st.push(json!({"sign": {"of": {"sum": [{"scale": [hi.to_string(), ch]}, {"negate": {"product": [lit(a), ch]}}]},
                            "is": "nonnegative"}}));
    Ok(json!({"collatz_wielandt": {"lower": lo.to_string(), "upper": hi.to_string(), "exact": lo == hi,
        "lower_vector": texts(&xl), "upper_vector": texts(&xh), "profile": profile, "stopped": stopped,
        "irreducible": irreducible, "primitive": irreducible && primitive(a)}}))
}

impl Query for Nonnegative {
    type Input = NonnegativeInput;
    type Output = NonnegativeOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.nonnegative.compute",
                "Farkas alternatives of linear systems and Collatz–Wielandt bounds on Perron roots, exactly",
                "A solution of {x ≥ 0 : Ax = b} or {x : Ax ≤ b} or a Farkas certificate of infeasibility (or a \
                 given one checked); Collatz–Wielandt bounds on the Perron root of a nonnegative matrix.",
                "Exact rationals up to 40 × 40: feasibility by phase one of the simplex method with Bland's rule, \
                 answering a solution or the certificate y read from the optimal reduced costs (Aᵀy ≥ 0, bᵀy < \
                 0; for Ax ≤ b, y ≥ 0, Aᵀy = 0, bᵀy < 0), or a given y checked condition by condition; \
                 min_i (Ax)_i/x_i ≤ ρ(A) ≤ max_i (Ax)_i/x_i along x, Ax, …, A^k x. VERIFY replays every \
                 identity and sign condition.",
                &[
                    "farkas-lemma",
                    "linear-feasibility",
                    "infeasibility-certificate",
                    "linear-programming",
                    "simplex-method",
                    "perron-frobenius",
                    "collatz-wielandt",
                    "nonnegative-matrix",
                    "spectral-radius",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("nonnegative.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "is x + y = -1 with x, y ≥ 0 infeasible? a Farkas certificate",
                Mode::Verify,
                json!({"question": {"farkas": {"system": "equality", "matrix": {"rows": [[1, 1]]}, "rhs": [-1]}}}),
            ),
            (
                "check the certificate y = (1, 1) for x ≤ 1, −x ≤ −2",
                Mode::Verify,
                json!({"question": {"farkas": {"system": "inequality", "matrix": {"rows": [[1], [-1]]},
                    "rhs": [1, -2], "certificate": [1, 1]}}}),
            ),
            (
                "Collatz–Wielandt bounds on the Perron root of [[1, 2], [3, 4]] after 5 power steps",
                Mode::Verify,
                json!({"question": {"collatz_wielandt": {"matrix": {"rows": [[1, 2], [3, 4]]}, "iterations": 5}}}),
            ),
        ]
    }
    fn validate(&self, i: &NonnegativeInput) -> Result<(), Diagnostic> {
        parse(i).map(drop)
    }
    fn bounds(&self, i: &NonnegativeInput) -> Result<(), Refusal> {
        parse(i).map(drop).map_err(Refusal::Unsupported)
    }
    fn answer(&self, i: &NonnegativeInput, ctx: &AdapterContext) -> Result<Answer<NonnegativeOutput>, AdapterError> {
        let parsed = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let mut st = vec![];
        let answer = match &parsed {
            Parsed::Farkas(system, a, b, y) => farkas(*system, a, b, y.as_deref(), &mut st, ctx)?,
            Parsed::Collatz(a, x, k) => collatz(a, x, *k, &mut st, ctx)?,
        };
        Ok(super::answer(NonnegativeOutput { answer }, &Ring::Rational, st))
    }
}
