//! Functions of one matrix and constructions on it, computed natively and certified by
//! identities the matrix checker replays: `matrix.compute.function` (powers of any sign,
//! polynomials, the remainder of a polynomial modulo the characteristic polynomial, exponentials
//! of nilpotent and logarithms of unipotent matrices), `matrix.compute.centralizer` (the matrices
//! commuting with given ones), `matrix.compute.gram_schmidt` (orthogonalization over Q) and
//! `matrix.compute.norms` (exact entrywise and operator norms, sign profile).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::matrix::{Dense, Entry, Matrix, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::exact::{self, Field};
use super::{claim, lit, read, square, texts};
use crate::cas::{self, Answer, Query};

/// Most rows of a matrix given to a function.
pub const MAX_DIMENSION: usize = 40;
/// Most digits of an entry.
pub const MAX_DIGITS: usize = 100;
/// Largest |exponent| of a power over Z or Q (any exponent below 2^62 over F_p).
pub const MAX_EXPONENT: u64 = 2_000;
/// Largest degree of a polynomial.
pub const MAX_DEGREE: usize = 64;
/// Most digits an entry of a power may reach (estimated from the entries in preflight).
pub const MAX_RESULT_DIGITS: f64 = 20_000.0;

fn fail(d: Diagnostic) -> AdapterError {
    AdapterError::Backend(d.message)
}

fn zero(ring: &Ring, m: usize, n: usize) -> Dense {
    Dense { ring: ring.clone(), rows: m, cols: n, data: vec![vec![Scalar::int(0); n]; m] }
}

fn is_zero(d: &Dense) -> bool {
    d.data.iter().flatten().all(|x| x.num.is_zero())
}

fn over(d: &Dense, ring: &Ring) -> Dense {
    Dense { ring: ring.clone(), ..d.clone() }
}

/// A list of exact values read in `ring` (a fraction moves Z to Q), pointers under `at`.
fn values(xs: &[Entry], ring: &Ring, at: &str) -> Result<(Vec<Scalar>, Ring), Diagnostic> {
    let parsed: Vec<Scalar> = xs
        .iter()
        .enumerate()
        .map(|(j, e)| e.parse().map_err(|m| Diagnostic::at(format!("{at}/{j}"), "NOT_A_NUMBER", m)))
        .collect::<Result<_, _>>()?;
    let ring =
        if *ring == Ring::Integer && parsed.iter().any(|x| !x.is_integer()) { Ring::Rational } else { ring.clone() };
    let out = parsed
        .into_iter()
        .enumerate()
        .map(|(j, x)| match &ring {
            Ring::Prime(p) => x.modulo(*p).ok_or_else(|| {
                Diagnostic::at(format!("{at}/{j}"), "NOT_IN_RING", format!("a denominator divisible by {p}"))
            }),
            _ => Ok(x),
        })
        .collect::<Result<_, _>>()?;
    Ok((out, ring))
}

/// A^k by squaring (k ≥ 0).
fn power(a: &Dense, k: u64, ctx: &AdapterContext) -> Result<Dense, AdapterError> {
    let (mut acc, mut base, mut e) = (exact::identity(&a.ring, a.rows), a.clone(), k);
    while e > 0 {
        ctx.checkpoint()?;
        if e & 1 == 1 {
            acc = exact::product(&acc, &base);
        }
        e >>= 1;
        if e > 0 {
            base = exact::product(&base, &base);
        }
    }
    Ok(acc)
}

/// The checker's expression of A^k for any k ≥ 0: A^k = (A^⌊k/64⌋)^64 · A^(k mod 64).
fn power_expression(a: &Value, k: u64) -> Value {
    if k <= 64 {
        return json!({"power": [a, k]});
    }
    json!({"product": [{"power": [power_expression(a, k / 64), 64]}, {"power": [a, k % 64]}]})
}

/// The checker's expression of Σ c_i·A^i.
fn polynomial_expression(a: &Value, c: &[Scalar], n: usize) -> Value {
    let mut terms: Vec<Value> = c
        .iter()
        .enumerate()
        .filter(|(_, x)| !x.num.is_zero())
        .map(|(i, x)| json!({"scale": [x.to_string(), {"power": [a, i]}]}))
        .collect();
    if terms.is_empty() {
        terms.push(json!({"scale": ["0", {"identity": n}]}));
    }
    json!({"sum": terms})
}

/// p(A) by Horner's rule.
fn evaluate(a: &Dense, c: &[Scalar], ctx: &AdapterContext) -> Result<Dense, AdapterError> {
    let f = Field::of(&a.ring);
    let n = a.rows;
    let mut value = zero(&a.ring, n, n);
    for k in c.iter().rev() {
        ctx.checkpoint()?;
        value = exact::product(&value, a);
        for i in 0..n {
            value.data[i][i] = f.add(&value.data[i][i], k);
        }
    }
    Ok(value)
}

/// The characteristic polynomial det(tI − A), constant term first, by the division-free
/// Samuelson–Berkowitz recurrence over the leading principal submatrices.
fn charpoly(a: &Dense) -> Vec<Scalar> {
    let f = Field::of(&a.ring);
    let n = a.rows;
    // Berkowitz: the coefficient vector (leading first) built over the leading principal minors.
    let mut c: Vec<Scalar> = vec![Scalar::int(1)];
    for k in 0..n {
        // A_k = leading (k+1)×(k+1); r = row k left of the diagonal, s = column k above, a_kk.
        let akk = a.data[k][k].clone();
        let r: Vec<Scalar> = (0..k).map(|j| a.data[k][j].clone()).collect();
        let s: Vec<Scalar> = (0..k).map(|i| a.data[i][k].clone()).collect();
        let m: Vec<Vec<Scalar>> = (0..k).map(|i| a.data[i][..k].to_vec()).collect();
        // Toeplitz column: 1, −a_kk, −r·s, −r·M·s, …
        let mut t = vec![Scalar::int(1), f.neg(&akk)];
        let mut v = s.clone();
        for _ in 0..k {
            let dot = r.iter().zip(&v).fold(Scalar::int(0), |acc, (x, y)| f.add(&acc, &f.mul(x, y)));
            t.push(f.neg(&dot));
            v = (0..k)
                .map(|i| m[i].iter().zip(&v).fold(Scalar::int(0), |acc, (x, y)| f.add(&acc, &f.mul(x, y))))
                .collect();
        }
        // New coefficients: the lower-triangular Toeplitz matrix of t times c.
        let next: Vec<Scalar> = (0..k + 2)
            .map(|i| {
                (0..=i.min(c.len() - 1)).fold(Scalar::int(0), |acc, j| {
                    if i - j < t.len() { f.add(&acc, &f.mul(&t[i - j], &c[j])) } else { acc }
                })
            })
            .collect();
        c = next;
    }
    c.reverse();
    c
}

/// The remainder of p by the monic m (constant term first).
fn remainder(f: Field, p: &[Scalar], m: &[Scalar]) -> Vec<Scalar> {
    let mut r = p.to_vec();
    let d = m.len() - 1;
    while r.len() > d {
        let lead = r.pop().unwrap_or_else(|| Scalar::int(0));
        let shift = r.len() - d;
        for (k, c) in m[..d].iter().enumerate() {
            r[shift + k] = f.add(&r[shift + k], &f.neg(&f.mul(&lead, c)));
        }
    }
    while r.len() > 1 && r.last().is_some_and(|x| x.num.is_zero()) {
        r.pop();
    }
    r
}

/// The function computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Function {
    /// A^k for any integer k (`exponent`; negative powers of an invertible A over Q or F_p).
    Power,
    /// p(A) for p given by `coefficients` (constant term first).
    Polynomial,
    /// The remainder r of p modulo the characteristic polynomial χ_A, with r(A) = p(A)
    /// (Cayley–Hamilton).
    Remainder,
    /// exp(A) = Σ A^k/k! of a nilpotent A (a finite sum).
    Exponential,
    /// log(A) = Σ (−1)^{k+1}(A − I)^k/k of a unipotent A (A − I nilpotent).
    Logarithm,
}

/// Input of `matrix.compute.function`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FunctionInput {
    /// A square matrix over Z, Q or F_p.
    pub matrix: Matrix,
    /// The function.
    pub function: Function,
    /// The exponent of `power`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exponent: Option<i64>,
    /// The polynomial of `polynomial` and `remainder`, constant term first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 65))]
    pub coefficients: Option<Vec<Entry>>,
}

/// Output of `matrix.compute.function`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FunctionOutput {
    /// f(A).
    pub result: Matrix,
    /// For `remainder`: r = p mod χ_A, constant term first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remainder: Option<Vec<String>>,
    /// For `remainder`: χ_A, constant term first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub characteristic_polynomial: Option<Vec<String>>,
    /// For `exponential` and `logarithm`: the least k with N^k = 0 (N = A, or A − I).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nilpotency_index: Option<usize>,
}

/// `matrix.compute.function`.
pub struct MatrixFunction;

/// The validated request: the matrix (over the ring the function needs) and the polynomial.
struct Request {
    a: Dense,
    coefficients: Vec<Scalar>,
}

fn nilpotency(n: &Dense) -> Option<usize> {
    let mut p = exact::identity(&n.ring, n.rows);
    for k in 0..=n.rows {
        if is_zero(&p) {
            return Some(k);
        }
        p = exact::product(&p, n);
    }
    None
}

fn minus_identity(a: &Dense) -> Dense {
    let f = Field::of(&a.ring);
    let mut n = a.clone();
    for i in 0..a.rows {
        n.data[i][i] = f.add(&n.data[i][i], &Scalar::int(-1));
    }
    n
}

fn function_request(i: &FunctionInput) -> Result<Request, Diagnostic> {
    let a = read(&i.matrix, "/matrix")?;
    square(&a, "/matrix")?;
    let mut ring = a.ring.clone();
    let mut coefficients = vec![];
    match i.function {
        Function::Power => {
            let k =
                i.exponent.ok_or_else(|| Diagnostic::at("/exponent", "MISSING_FIELD", "the exponent of a power"))?;
            if !matches!(ring, Ring::Prime(_)) && k.unsigned_abs() > MAX_EXPONENT {
                return Err(Diagnostic::at("/exponent", "OUT_OF_RANGE", format!("|k| ≤ {MAX_EXPONENT} over Z or Q")));
            }
            if k < 0 && ring == Ring::Integer {
                ring = Ring::Rational;
            }
        }
        Function::Polynomial | Function::Remainder => {
            let c = i
                .coefficients
                .as_ref()
                .ok_or_else(|| Diagnostic::at("/coefficients", "MISSING_FIELD", "the polynomial's coefficients"))?;
            if c.is_empty() || c.len() > MAX_DEGREE + 1 {
                return Err(Diagnostic::at("/coefficients", "OUT_OF_RANGE", "1 to 65 coefficients"));
            }
            let (c, r) = values(c, &ring, "/coefficients")?;
            coefficients = c;
            ring = r;
        }
        Function::Exponential | Function::Logarithm => {
            if ring == Ring::Integer {
                ring = Ring::Rational;
            }
            let n = if i.function == Function::Exponential { a.clone() } else { minus_identity(&a) };
            let Some(k) = nilpotency(&n) else {
                let what =
                    if i.function == Function::Exponential { "nilpotent" } else { "unipotent (A − I nilpotent)" };
                return Err(Diagnostic::at(
                    "/matrix",
                    "NOT_NILPOTENT",
                    format!("the series is finite for a {what} matrix"),
                ));
            };
            if let Ring::Prime(p) = ring
                && k as u64 > p
            {
                return Err(Diagnostic::at(
                    "/matrix/ring",
                    "DIVISION_BY_P",
                    "the series divides by k < nilpotency index; p too small",
                ));
            }
        }
    }
    Ok(Request { a: over(&a, &ring), coefficients })
}

impl Query for MatrixFunction {
    type Input = FunctionInput;
    type Output = FunctionOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.compute.function",
                "Functions of a matrix: powers, polynomials, exponential, logarithm",
                "f(A) for a square matrix A: powers A^k of any sign, p(A) for a polynomial p, p mod the characteristic \
                 polynomial, exp of a nilpotent and log of a unipotent matrix.",
                "Computes natively over Z, Q or F_p (up to 40 × 40, |k| ≤ 2000 over Z and Q, polynomials of degree ≤ \
                 64). VERIFY replays the identity: the power or polynomial expression, A·A⁻¹ = I, N^k = 0 and the \
                 finite series, χ_A by interpolation.",
                &[
                    "matrix",
                    "matrix-function",
                    "power",
                    "polynomial",
                    "evaluate",
                    "exponential",
                    "logarithm",
                    "nilpotent",
                    "unipotent",
                    "cayley-hamilton",
                    "remainder",
                ],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("functions.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "[[1, 1], [1, 0]]^-10",
                Mode::Verify,
                json!({"matrix": {"rows": [[1, 1], [1, 0]]}, "function": "power", "exponent": -10}),
            ),
            (
                "exp of the nilpotent [[0, 1, 0], [0, 0, 1], [0, 0, 0]]",
                Mode::Verify,
                json!({"matrix": {"rows": [[0, 1, 0], [0, 0, 1], [0, 0, 0]]}, "function": "exponential"}),
            ),
            (
                "t^10 mod the characteristic polynomial of [[2, 1], [1, 1]]",
                Mode::Verify,
                json!({"matrix": {"rows": [[2, 1], [1, 1]]}, "function": "remainder",
                       "coefficients": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]}),
            ),
        ]
    }
    fn validate(&self, i: &FunctionInput) -> Result<(), Diagnostic> {
        function_request(i).map(drop)
    }
    fn bounds(&self, i: &FunctionInput) -> Result<(), Refusal> {
        super::bound(&i.matrix, MAX_DIMENSION, MAX_DIGITS, "/matrix")?;
        if let (Function::Power, Some(k), Ok(a)) = (i.function, i.exponent, i.matrix.dense())
            && !matches!(a.ring, Ring::Prime(_))
        {
            // Entries of A^k have at most k·log10(n·max|a|) digits (denominators alike).
            let growth = (a.rows as f64).log10() + a.max_digits() as f64;
            if k.unsigned_abs() as f64 * growth > MAX_RESULT_DIGITS {
                let message = format!("A^{k} could reach {:.0} digits per entry", k.unsigned_abs() as f64 * growth);
                return Err(Refusal::Unsupported(Diagnostic::at("/exponent", "TOO_LARGE", message)));
            }
        }
        Ok(())
    }
    fn answer(&self, i: &FunctionInput, ctx: &AdapterContext) -> Result<Answer<FunctionOutput>, AdapterError> {
        let Request { a, coefficients } = function_request(i).map_err(fail)?;
        let f = Field::of(&a.ring);
        let n = a.rows;
        let al = lit(&a);
        let mut statements = vec![];
        let mut out = FunctionOutput {
            result: Matrix { ring: None, shape: None, rows: None, entries: None },
            remainder: None,
            characteristic_polynomial: None,
            nilpotency_index: None,
        };
        let result = match i.function {
            Function::Power => {
                let k = i.exponent.unwrap_or(0);
                if k >= 0 {
                    let r = power(&a, k as u64, ctx)?;
                    statements.push(json!({"equal": [power_expression(&al, k as u64), lit(&r)]}));
                    r
                } else {
                    let red = exact::reduce(&a, true, ctx)?;
                    if red.pivots.len() < n {
                        return Err(AdapterError::Backend(
                            "SINGULAR: the matrix is singular, so it has no negative powers".into(),
                        ));
                    }
                    let inv = red.transform;
                    let r = power(&inv, k.unsigned_abs(), ctx)?;
                    statements.push(json!({"inverse": {"matrix": al, "inverse": lit(&inv)}}));
                    statements.push(json!({"equal": [power_expression(&lit(&inv), k.unsigned_abs()), lit(&r)]}));
                    r
                }
            }
            Function::Polynomial => {
                let r = evaluate(&a, &coefficients, ctx)?;
                statements.push(json!({"equal": [polynomial_expression(&al, &coefficients, n), lit(&r)]}));
                r
            }
            Function::Remainder => {
                let chi = charpoly(&a);
                let rem = remainder(f, &coefficients, &chi);
                let r = evaluate(&a, &rem, ctx)?;
                statements.push(json!({"characteristic_polynomial": {"matrix": al, "coefficients": texts(&chi)}}));
                statements.push(json!({"equal": [polynomial_expression(&al, &coefficients, n), lit(&r)]}));
                statements.push(json!({"equal": [polynomial_expression(&al, &rem, n), lit(&r)]}));
                out.remainder = Some(texts(&rem));
                out.characteristic_polynomial = Some(texts(&chi));
                r
            }
            Function::Exponential | Function::Logarithm => {
                let exp = i.function == Function::Exponential;
                let nil = if exp { a.clone() } else { minus_identity(&a) };
                let index = nilpotency(&nil).unwrap_or(n);
                // Coefficients of the finite series in N: 1/k! or (−1)^{k+1}/k.
                let c: Vec<Scalar> = (0..index)
                    .map(|k| {
                        let k = k as u64;
                        let q = if exp {
                            Scalar::fraction(BigInt::one(), (1..=k).map(BigInt::from).product())
                        } else if k == 0 {
                            Scalar::int(0)
                        } else {
                            Scalar::fraction(BigInt::from(if k % 2 == 1 { 1 } else { -1 }), BigInt::from(k))
                        };
                        match a.ring {
                            Ring::Prime(p) => q.modulo(p).unwrap_or_else(|| Scalar::int(0)),
                            _ => q,
                        }
                    })
                    .collect();
                let r = evaluate(&nil, &c, ctx)?;
                let nl = lit(&nil);
                if !exp {
                    statements.push(json!({"equal": [{"sum": [al, {"negate": {"identity": n}}]}, nl]}));
                }
                statements.push(json!({"equal": [{"power": [nl, index]}, lit(&zero(&a.ring, n, n))]}));
                statements.push(json!({"equal": [polynomial_expression(&nl, &c, n), lit(&r)]}));
                out.nilpotency_index = Some(index);
                r
            }
        };
        out.result = result.to_matrix();
        Ok(Answer::from(out).claim(claim(&a.ring, statements)))
    }
}

/// Input of `matrix.compute.centralizer`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CentralizerInput {
    /// Square matrices of one size and ring (over Z read over Q).
    #[schemars(length(min = 1, max = 8))]
    pub matrices: Vec<Matrix>,
}

/// Output of `matrix.compute.centralizer`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CentralizerOutput {
    /// The dimension of {X : A_i·X = X·A_i for every i} over the field.
    pub dimension: usize,
    /// A basis of it (integral over Q).
    pub basis: Vec<Matrix>,
    /// Whether only the scalar matrices commute with every A_i.
    pub scalar_only: bool,
}

/// Most rows of a matrix whose centralizer is computed (n² unknowns).
pub const MAX_CENTRALIZER: usize = 12;

/// `matrix.compute.centralizer`.
pub struct Centralizer;

fn centralizer_matrices(i: &CentralizerInput) -> Result<Vec<Dense>, Diagnostic> {
    let mut ms = vec![];
    for (k, m) in i.matrices.iter().enumerate() {
        let at = format!("/matrices/{k}");
        let a = read(m, &at)?;
        square(&a, &at)?;
        let a = if a.ring == Ring::Integer { over(&a, &Ring::Rational) } else { a };
        if let Some(first) = ms.first() {
            let first: &Dense = first;
            if first.ring != a.ring || first.rows != a.rows {
                return Err(Diagnostic::at(at, "NOT_CONFORMABLE", "every matrix of one size and ring"));
            }
        }
        ms.push(a);
    }
    if ms.is_empty() {
        return Err(Diagnostic::at("/matrices", "EMPTY", "at least one matrix"));
    }
    Ok(ms)
}

impl Query for Centralizer {
    type Input = CentralizerInput;
    type Output = CentralizerOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.compute.centralizer",
                "Centralizer (commutant) of matrices",
                "A basis and the dimension of the centralizer {X : A·X = X·A} of a square matrix, or of the common \
                 commutant of several, over Q or F_p.",
                "Solves the linear system (A ⊗ I − I ⊗ Aᵀ)·vec X = 0 natively (up to 12 × 12). VERIFY replays the \
                 Kronecker system, its kernel with a rank witness, and A·X = X·A for each basis matrix.",
                &["matrix", "centralizer", "commutant", "commuting", "commute", "kernel", "similarity"],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("functions.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "matrices commuting with [[1, 1], [0, 1]]",
            Mode::Verify,
            json!({"matrices": [{"rows": [[1, 1], [0, 1]]}]}),
        )]
    }
    fn validate(&self, i: &CentralizerInput) -> Result<(), Diagnostic> {
        centralizer_matrices(i).map(drop)
    }
    fn bounds(&self, i: &CentralizerInput) -> Result<(), Refusal> {
        i.matrices
            .iter()
            .enumerate()
            .try_for_each(|(k, m)| super::bound(m, MAX_CENTRALIZER, MAX_DIGITS, &format!("/matrices/{k}")))
    }
    fn answer(&self, i: &CentralizerInput, ctx: &AdapterContext) -> Result<Answer<CentralizerOutput>, AdapterError> {
        let ms = centralizer_matrices(i).map_err(fail)?;
        let ring = ms[0].ring.clone();
        let f = Field::of(&ring);
        let n = ms[0].rows;
        let id = exact::identity(&ring, n);
        // Row-major vec: vec(A·X) = (A ⊗ I)·vec X, vec(X·A) = (I ⊗ Aᵀ)·vec X.
        let mut system = Dense { ring: ring.clone(), rows: 0, cols: n * n, data: vec![] };
        let mut parts = vec![];
        for a in &ms {
            let k = exact::zip(&exact::kronecker(a, &id), &exact::kronecker(&id, &exact::transpose(a)), |x, y| {
                f.add(x, &f.neg(y))
            });
            system.data.extend(k.data);
            system.rows += n * n;
            parts.push(json!({"sum": [{"kronecker": [lit(a), {"identity": n}]},
                                      {"negate": {"kronecker": [{"identity": n}, {"transpose": lit(a)}]}}]}));
        }
        let (basis, kernel_statement, _) = super::spaces::field_kernel(&system, ctx)?;
        let basis = if ring == Ring::Rational { over(&exact::integral_columns(&basis), &ring) } else { basis };
        let mut statements = vec![json!({"equal": [{"stack": parts}, lit(&system)]})];
        // The kernel statement names the basis it was computed with; restate it for the scaled one.
        let mut kernel_statement = kernel_statement;
        kernel_statement["kernel"]["basis"] = lit(&basis);
        statements.push(kernel_statement);
        let mut matrices = vec![];
        for j in 0..basis.cols {
            let x = Dense {
                ring: ring.clone(),
                rows: n,
                cols: n,
                data: (0..n).map(|r| (0..n).map(|c| basis.data[r * n + c][j].clone()).collect()).collect(),
            };
            for a in &ms {
                statements.push(json!({"equal": [{"product": [lit(a), lit(&x)]}, {"product": [lit(&x), lit(a)]}]}));
            }
            matrices.push(x.to_matrix());
        }
        let out = CentralizerOutput { dimension: basis.cols, scalar_only: basis.cols == 1, basis: matrices };
        Ok(Answer::from(out).claim(claim(&ring, statements)))
    }
}

/// Input of `matrix.compute.gram_schmidt`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GramSchmidtInput {
    /// The vectors b_1, …, b_k as the rows of a matrix over Z or Q.
    pub vectors: Matrix,
}

/// Output of `matrix.compute.gram_schmidt`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GramSchmidtOutput {
    /// b*_1, …, b*_k (rows), pairwise orthogonal, b*_i = b_i − Σ_{j<i} μ_ij·b*_j; a zero row where b_i
    /// depends on the vectors before it.
    pub orthogonal: Matrix,
    /// M = (μ_ij), lower unitriangular, with B = M·B*.
    pub coefficients: Matrix,
    /// ‖b*_i‖², exact.
    pub squared_norms: Vec<String>,
    /// The rank (non-zero b*_i).
    pub rank: usize,
    /// det(B·Bᵀ) = Π ‖b*_i‖² (the squared volume of the parallelotope).
    pub gram_determinant: String,
}

/// Most rows or columns of an orthogonalized matrix.
pub const MAX_VECTORS: usize = 60;

/// `matrix.compute.gram_schmidt`.
pub struct GramSchmidt;

fn rational_rows(m: &Matrix, at: &str) -> Result<Dense, Diagnostic> {
    let a = read(m, at)?;
    super::non_empty(&a, at)?;
    if let Ring::Prime(_) = a.ring {
        return Err(Diagnostic::at(format!("{at}/ring"), "WRONG_RING", "vectors over Z or Q"));
    }
    Ok(over(&a, &Ring::Rational))
}

impl Query for GramSchmidt {
    type Input = GramSchmidtInput;
    type Output = GramSchmidtOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.compute.gram_schmidt",
                "Gram–Schmidt orthogonalization over Q",
                "The Gram–Schmidt orthogonalization of vectors over Q: the orthogonal vectors b*_i, the coefficients \
                 μ_ij, the squared norms and the Gram determinant, exactly.",
                "Computes natively in exact rationals (up to 60 vectors of length 60). VERIFY replays B = M·B* with \
                 M lower unitriangular and B*·B*ᵀ diagonal, which fix B*.",
                &["gram-schmidt", "orthogonalization", "orthogonal", "vectors", "rational", "projection", "lattice"],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("functions.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "orthogonalize (1, 1, 0), (1, 0, 1), (0, 1, 1)",
            Mode::Verify,
            json!({"vectors": {"rows": [[1, 1, 0], [1, 0, 1], [0, 1, 1]]}}),
        )]
    }
    fn validate(&self, i: &GramSchmidtInput) -> Result<(), Diagnostic> {
        rational_rows(&i.vectors, "/vectors").map(drop)
    }
    fn bounds(&self, i: &GramSchmidtInput) -> Result<(), Refusal> {
        super::bound(&i.vectors, MAX_VECTORS, MAX_DIGITS, "/vectors")
    }
    fn answer(&self, i: &GramSchmidtInput, ctx: &AdapterContext) -> Result<Answer<GramSchmidtOutput>, AdapterError> {
        let b = rational_rows(&i.vectors, "/vectors").map_err(fail)?;
        let q = Field::of(&Ring::Rational);
        let dot =
            |x: &[Scalar], y: &[Scalar]| x.iter().zip(y).fold(Scalar::int(0), |acc, (u, v)| q.add(&acc, &q.mul(u, v)));
        let k = b.rows;
        let mut star: Vec<Vec<Scalar>> = vec![];
        let mut norms: Vec<Scalar> = vec![];
        let mut mu = exact::identity(&Ring::Rational, k);
        for i in 0..k {
            ctx.checkpoint()?;
            let mut v = b.data[i].clone();
            for j in 0..i {
                if norms[j].num.is_zero() {
                    continue;
                }
                let m = q.mul(&dot(&b.data[i], &star[j]), &q.inv(&norms[j]));
                for (x, y) in v.iter_mut().zip(&star[j]) {
                    *x = q.add(x, &q.neg(&q.mul(&m, y)));
                }
                mu.data[i][j] = m;
            }
            norms.push(dot(&v, &v));
            star.push(v);
        }
        let star = Dense { ring: Ring::Rational, rows: k, cols: b.cols, data: star };
        let rank = norms.iter().filter(|x| !x.num.is_zero()).count();
        let det = if rank < k { Scalar::int(0) } else { norms.iter().fold(Scalar::int(1), |acc, x| q.mul(&acc, x)) };
        let statement = json!({"gram_schmidt": {"basis": lit(&b), "orthogonal": lit(&star), "coefficients": lit(&mu)}});
        let gram = exact::product(&b, &exact::transpose(&b));
        let det_statement = json!({"determinant": {"matrix": lit(&gram), "value": det.to_string()}});
        let gram_statement = json!({"equal": [{"product": [lit(&b), {"transpose": lit(&b)}]}, lit(&gram)]});
        let out = GramSchmidtOutput {
            orthogonal: star.to_matrix(),
            coefficients: mu.to_matrix(),
            squared_norms: texts(&norms),
            rank,
            gram_determinant: det.to_string(),
        };
        Ok(Answer::from(out).claim(claim(&Ring::Rational, vec![statement, gram_statement, det_statement])))
    }
}

/// A norm or profile of a matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Norm {
    /// ‖A‖_F² = Σ a_ij² (the Frobenius norm squared, exact).
    FrobeniusSquared,
    /// ‖A‖_1 = the largest column sum of |a_ij|.
    One,
    /// ‖A‖_∞ = the largest row sum of |a_ij|.
    Infinity,
    /// max |a_ij|.
    Max,
    /// Σ |a_ij| (the entrywise 1-norm).
    EntrywiseOne,
    /// Counts of positive, negative and zero entries, and the sign pattern.
    SignProfile,
    /// Hadamard's bound Π_i ‖row_i‖₂ squared, ≥ det(A)².
    HadamardBound,
}

/// Input of `matrix.compute.norms`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NormsInput {
    /// A matrix over Z or Q.
    pub matrix: Matrix,
    /// The norms wanted (all when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub norms: Option<Vec<Norm>>,
}

/// The sign profile of a matrix.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SignProfile {
    /// Positive entries.
    pub positive: usize,
    /// Negative entries.
    pub negative: usize,
    /// Zero entries.
    pub zero: usize,
    /// The sign pattern, one string per row of `+`, `-` and `0`.
    pub pattern: Vec<String>,
}

/// Output of `matrix.compute.norms`.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct NormsOutput {
    /// ‖A‖_F².
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frobenius_squared: Option<String>,
    /// ‖A‖_1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub one: Option<String>,
    /// ‖A‖_∞.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub infinity: Option<String>,
    /// max |a_ij|.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<String>,
    /// Σ |a_ij|.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entrywise_one: Option<String>,
    /// The sign profile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign_profile: Option<SignProfile>,
    /// Π_i ‖row_i‖₂² (square matrices).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hadamard_bound: Option<String>,
}

/// `matrix.compute.norms`.
pub struct Norms;

impl Query for Norms {
    type Input = NormsInput;
    type Output = NormsOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "matrix.compute.norms",
            "Exact matrix norms and sign profile",
            "Exact norms of a rational matrix: Frobenius norm squared, operator 1-norm and ∞-norm, max entry, \
             entrywise 1-norm, Hadamard's determinant bound, and the sign profile of the entries.",
            "Computes natively in exact rationals (up to 500 × 500 entries of up to 1,000 digits).",
            &["matrix", "norm", "frobenius", "one-norm", "infinity-norm", "sign", "hadamard-bound", "entrywise"],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("functions.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("norms of [[1, -2], [3, \"1/2\"]]", Mode::Explore, json!({"matrix": {"rows": [[1, -2], [3, "1/2"]]}}))]
    }
    fn validate(&self, i: &NormsInput) -> Result<(), Diagnostic> {
        rational_rows(&i.matrix, "/matrix").map(drop)
    }
    fn bounds(&self, i: &NormsInput) -> Result<(), Refusal> {
        super::bound(&i.matrix, 500, 1_000, "/matrix")
    }
    fn answer(&self, i: &NormsInput, ctx: &AdapterContext) -> Result<Answer<NormsOutput>, AdapterError> {
        let a = rational_rows(&i.matrix, "/matrix").map_err(fail)?;
        ctx.checkpoint()?;
        let q = Field::of(&Ring::Rational);
        let abs = |x: &Scalar| Scalar { num: x.num.abs(), den: x.den.clone() };
        let sum = |xs: &mut dyn Iterator<Item = Scalar>| xs.fold(Scalar::int(0), |acc, x| q.add(&acc, &x));
        let max = |xs: Vec<Scalar>| {
            xs.into_iter()
                .reduce(|m, x| if (&x.num * &m.den) > (&m.num * &x.den) { x } else { m })
                .unwrap_or_else(|| Scalar::int(0))
        };
        let wanted = i.norms.clone().unwrap_or_else(|| {
            vec![
                Norm::FrobeniusSquared,
                Norm::One,
                Norm::Infinity,
                Norm::Max,
                Norm::EntrywiseOne,
                Norm::SignProfile,
                Norm::HadamardBound,
            ]
        });
        let mut out = NormsOutput::default();
        for w in wanted {
            match w {
                Norm::FrobeniusSquared => {
                    out.frobenius_squared = Some(sum(&mut a.data.iter().flatten().map(|x| q.mul(x, x))).to_string());
                }
                Norm::One => {
                    let cols = (0..a.cols).map(|j| sum(&mut a.data.iter().map(|r| abs(&r[j])))).collect();
                    out.one = Some(max(cols).to_string());
                }
                Norm::Infinity => {
                    let rows = a.data.iter().map(|r| sum(&mut r.iter().map(abs))).collect();
                    out.infinity = Some(max(rows).to_string());
                }
                Norm::Max => out.max = Some(max(a.data.iter().flatten().map(abs).collect()).to_string()),
                Norm::EntrywiseOne => out.entrywise_one = Some(sum(&mut a.data.iter().flatten().map(abs)).to_string()),
                Norm::SignProfile => {
                    let count = |s: num_bigint::Sign| a.data.iter().flatten().filter(|x| x.num.sign() == s).count();
                    let pattern = a
                        .data
                        .iter()
                        .map(|r| {
                            r.iter()
                                .map(|x| {
                                    if x.num.is_positive() {
                                        '+'
                                    } else if x.num.is_negative() {
                                        '-'
                                    } else {
                                        '0'
                                    }
                                })
                                .collect()
                        })
                        .collect();
                    out.sign_profile = Some(SignProfile {
                        positive: count(num_bigint::Sign::Plus),
                        negative: count(num_bigint::Sign::Minus),
                        zero: count(num_bigint::Sign::NoSign),
                        pattern,
                    });
                }
                Norm::HadamardBound => {
                    out.hadamard_bound = Some(
                        a.data
                            .iter()
                            .fold(Scalar::int(1), |acc, r| q.mul(&acc, &sum(&mut r.iter().map(|x| q.mul(x, x)))))
                            .to_string(),
                    );
                }
            }
        }
        Ok(Answer::from(out))
    }
}

/// What to do with Hadamard matrices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HadamardOperation {
    /// Sylvester's H_{2^k} = H_2 ⊗ … ⊗ H_2 (`order` a power of 2).
    Sylvester,
    /// Paley's construction I of order q + 1 for a prime q ≡ 3 (mod 4) (`order` = q + 1).
    Paley,
    /// Decide whether `matrix` is a Hadamard matrix (entries ±1, H·Hᵀ = nI).
    Decide,
    /// Normalize `matrix` (first row and column all 1) by negating rows and columns.
    Normalize,
}

/// Input of `matrix.construct.hadamard`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HadamardInput {
    /// The operation.
    pub operation: HadamardOperation,
    /// The order of `sylvester` and `paley`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<usize>,
    /// The matrix of `decide` and `normalize`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matrix: Option<Matrix>,
}

/// Output of `matrix.construct.hadamard`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct HadamardOutput {
    /// Whether the matrix is Hadamard.
    pub hadamard: bool,
    /// The order n.
    pub order: usize,
    /// The matrix built or normalized.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matrix: Option<Matrix>,
    /// H·Hᵀ (nI exactly when Hadamard).
    pub gram: Matrix,
    /// |det H| = n^{n/2} for a Hadamard matrix (the largest possible for ±1 entries).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub absolute_determinant: Option<String>,
    /// For `normalize`: D₁·H·D₂ with D₁, D₂ diagonal ±1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row_signs: Option<Vec<i8>>,
    /// For `normalize`: the column signs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column_signs: Option<Vec<i8>>,
}

/// Largest order of a Hadamard matrix built or read.
pub const MAX_HADAMARD: usize = 256;

/// `matrix.construct.hadamard`.
pub struct Hadamard;

fn hadamard_matrix(i: &HadamardInput) -> Result<Option<Dense>, Diagnostic> {
    match i.operation {
        HadamardOperation::Sylvester | HadamardOperation::Paley => {
            let n = i.order.ok_or_else(|| Diagnostic::at("/order", "MISSING_FIELD", "the order"))?;
            if n > MAX_HADAMARD {
                return Err(Diagnostic::at("/order", "TOO_LARGE", format!("an order up to {MAX_HADAMARD}")));
            }
            let ok = if i.operation == HadamardOperation::Sylvester {
                n.is_power_of_two()
            } else {
                n >= 4 && (n - 1) % 4 == 3 && jacobian_runtime::objects::matrix::is_prime((n - 1) as u64)
            };
            if !ok {
                let what = if i.operation == HadamardOperation::Sylvester {
                    "a power of 2"
                } else {
                    "q + 1 for a prime q ≡ 3 (mod 4)"
                };
                return Err(Diagnostic::at("/order", "NO_CONSTRUCTION", format!("this construction needs {what}")));
            }
            Ok(None)
        }
        HadamardOperation::Decide | HadamardOperation::Normalize => {
            let m = i.matrix.as_ref().ok_or_else(|| Diagnostic::at("/matrix", "MISSING_FIELD", "the matrix"))?;
            let a = read(m, "/matrix")?;
            square(&a, "/matrix")?;
            if a.rows > MAX_HADAMARD {
                return Err(Diagnostic::at("/matrix", "TOO_LARGE", format!("an order up to {MAX_HADAMARD}")));
            }
            for (r, row) in a.data.iter().enumerate() {
                for (c, x) in row.iter().enumerate() {
                    if a.ring != Ring::Integer || !(x.num == BigInt::one() || x.num == -BigInt::one()) {
                        return Err(Diagnostic::at(format!("/matrix/rows/{r}/{c}"), "NOT_SIGN", "entries 1 or −1"));
                    }
                }
            }
            Ok(Some(a))
        }
    }
}

fn sign_diagonal(s: &[i8]) -> Dense {
    let n = s.len();
    Dense {
        ring: Ring::Integer,
        rows: n,
        cols: n,
        data: (0..n).map(|i| (0..n).map(|j| Scalar::int(if i == j { s[i] } else { 0 })).collect()).collect(),
    }
}

impl Query for Hadamard {
    type Input = HadamardInput;
    type Output = HadamardOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "matrix.construct.hadamard",
                "Hadamard matrices: Sylvester and Paley constructions, test, normalization",
                "Builds Hadamard matrices (Sylvester's of order 2^k, Paley's of order q + 1), decides whether a ±1 \
                 matrix is Hadamard (H·Hᵀ = nI), and normalizes one.",
                "Computes natively (orders up to 256). VERIFY replays H·Hᵀ = nI (or the Gram matrix showing it \
                 fails) and the signed normalization D₁·H·D₂.",
                &["hadamard", "matrix", "sylvester", "paley", "normalize", "orthogonal", "plus-minus-one", "design"],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("functions.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("Paley Hadamard matrix of order 12", Mode::Verify, json!({"operation": "paley", "order": 12})),
            (
                "is [[1, 1], [1, -1]] Hadamard?",
                Mode::Verify,
                json!({"operation": "decide", "matrix": {"rows": [[1, 1], [1, -1]]}}),
            ),
        ]
    }
    fn validate(&self, i: &HadamardInput) -> Result<(), Diagnostic> {
        hadamard_matrix(i).map(drop)
    }
    fn answer(&self, i: &HadamardInput, ctx: &AdapterContext) -> Result<Answer<HadamardOutput>, AdapterError> {
        let given = hadamard_matrix(i).map_err(fail)?;
        ctx.checkpoint()?;
        let mut statements = vec![];
        let (mut row_signs, mut column_signs) = (None, None);
        let h = match (i.operation, given) {
            (HadamardOperation::Sylvester, _) => {
                let two = Dense {
                    ring: Ring::Integer,
                    rows: 2,
                    cols: 2,
                    data: vec![vec![Scalar::int(1), Scalar::int(1)], vec![Scalar::int(1), Scalar::int(-1)]],
                };
                let mut h = exact::identity(&Ring::Integer, 1);
                while h.rows < i.order.unwrap_or(1) {
                    h = exact::kronecker(&h, &two);
                }
                h
            }
            (HadamardOperation::Paley, _) => {
                let n = i.order.unwrap_or(4);
                let q = (n - 1) as i64;
                let chi = |x: i64| {
                    let x = x.rem_euclid(q);
                    if x == 0 {
                        0
                    } else if (1..q).any(|y| y * y % q == x) {
                        1
                    } else {
                        -1
                    }
                };
                // H = I + S with S = [[0, 1ᵀ], [−1, Q]], Q_ij = χ(j − i).
                let data = (0..n)
                    .map(|r| {
                        (0..n)
                            .map(|c| {
                                let s = match (r, c) {
                                    (0, 0) => 0,
                                    (0, _) => 1,
                                    (_, 0) => -1,
                                    _ => chi(c as i64 - r as i64),
                                };
                                Scalar::int(s + i64::from(r == c))
                            })
                            .collect()
                    })
                    .collect();
                Dense { ring: Ring::Integer, rows: n, cols: n, data }
            }
            (HadamardOperation::Normalize, Some(a)) => {
                let rs: Vec<i8> = a.data.iter().map(|r| if r[0].num.is_positive() { 1 } else { -1 }).collect();
                let d1 = sign_diagonal(&rs);
                let b = exact::product(&d1, &a);
                let cs: Vec<i8> = b.data[0].iter().map(|x| if x.num.is_positive() { 1 } else { -1 }).collect();
                let d2 = sign_diagonal(&cs);
                let h = exact::product(&b, &d2);
                statements.push(json!({"equal": [{"product": [lit(&d1), lit(&a), lit(&d2)]}, lit(&h)]}));
                row_signs = Some(rs);
                column_signs = Some(cs);
                h
            }
            (_, Some(a)) => a,
            (_, None) => return Err(AdapterError::Backend("no matrix".into())),
        };
        let n = h.rows;
        let gram = exact::product(&h, &exact::transpose(&h));
        let hadamard = gram == exact::map(&exact::identity(&Ring::Integer, n), |x| Scalar::int(&x.num * n));
        statements.push(json!({"equal": [{"product": [lit(&h), {"transpose": lit(&h)}]}, lit(&gram)]}));
        let out = HadamardOutput {
            hadamard,
            order: n,
            absolute_determinant: hadamard.then(|| {
                // n^{n/2}: n is 1, 2 or a multiple of 4, so n/2 is whole for n > 1.
                if n == 1 { "1".to_string() } else { num_traits::pow(BigInt::from(n), n / 2).to_string() }
            }),
            matrix: (i.operation != HadamardOperation::Decide).then(|| h.to_matrix()),
            gram: gram.to_matrix(),
            row_signs,
            column_signs,
        };
        Ok(Answer::from(out).claim(claim(&Ring::Integer, statements)))
    }
}
