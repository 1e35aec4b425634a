//! Polynomial maps and fields, division, interpolation, homogenization and symmetric
//! polynomials, computed in-process; the Jacobian, the differential operators, division and
//! interpolation carry identities for VERIFY.

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, Domain, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native::{MAX_DETERMINANT, MAX_MAP, scalar, too_large, var_index};
use super::{
    Poly, Rat, constant, degree_less, derivative, equal, identities, power, product, q, read, ring, sum, terms,
};
use crate::cas::{self, Answer, Query};

fn provider() -> Provider {
    super::native(include_str!("calculus.rs"))
}

fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

fn read_list(r: &Ring, vs: &[PolyValue], path: &str) -> Result<Vec<Poly>, Diagnostic> {
    if vs.is_empty() || vs.len() > MAX_MAP {
        return Err(Diagnostic::at(path, "BAD_LENGTH", format!("1 to {MAX_MAP} polynomials")));
    }
    vs.iter().enumerate().map(|(k, v)| read(r, v, &format!("{path}/{k}"))).collect()
}

/// Permutations of 0..n with their signs.
fn permutations(n: usize) -> Vec<(Vec<usize>, bool)> {
    if n == 0 {
        return vec![(vec![], true)];
    }
    let mut out = vec![];
    for (p, even) in permutations(n - 1) {
        for pos in 0..=p.len() {
            let mut q = p.clone();
            q.insert(pos, n - 1);
            // Inserting n−1 at `pos` moves it past len − pos elements.
            out.push((q, even == (p.len() - pos).is_multiple_of(2)));
        }
    }
    out
}

/// Input of `polynomial.map.jacobian`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JacobianInput {
    /// Variable names (the map's source coordinates).
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The map's components f₁, …, fₘ (1 to 16).
    pub map: Vec<PolyValue>,
}

/// Output of `polynomial.map.jacobian`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct JacobianOutput {
    /// Row i, column j: ∂fᵢ/∂xⱼ.
    pub matrix: Vec<Vec<String>>,
    /// det J, for a square map of at most 6 components.
    pub determinant: Option<String>,
    /// Whether det J is a non-zero constant (the Keller condition), for a square map.
    pub keller: Option<bool>,
}

/// `polynomial.map.jacobian`.
pub struct JacobianMatrix;

impl Query for JacobianMatrix {
    type Input = JacobianInput;
    type Output = JacobianOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            Describe {
                scope_rule: "Exactly the given polynomial map.",
                ..cas::describe(
                    "polynomial.map.jacobian",
                    "Jacobian matrix and determinant of a polynomial map (Keller condition)",
                    "The Jacobian matrix of partial derivatives of a polynomial map, its determinant, and whether the \
                     determinant is a non-zero constant (the Keller condition of the Jacobian conjecture).",
                    "Differentiates each component of a polynomial map F = (f1, ..., fm) in n variables over Z, Q or \
                     F_p, and for a square map of up to 6 components expands det J(F) and says whether it is a \
                     non-zero constant, as the Jacobian conjecture's Keller maps require. VERIFY replays every entry as \
                     a derivative and the determinant by the Leibniz formula.",
                    &[
                        "polynomial",
                        "jacobian",
                        "jacobian-matrix",
                        "determinant",
                        "keller",
                        "jacobian-conjecture",
                        "polynomial-map",
                        "partial-derivatives",
                    ],
                )
            },
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("a Keller map", Mode::Verify, json!({"variables": ["x", "y"], "map": ["x + y^2", "y"]}))]
    }
    fn validate(&self, i: &JacobianInput) -> Result<(), Diagnostic> {
        read_list(&ring(&i.variables, &i.domain)?, &i.map, "/map").map(|_| ())
    }
    fn answer(&self, i: &JacobianInput, _: &AdapterContext) -> Result<Answer<JacobianOutput>, AdapterError> {
        let r = ring(&i.variables, &i.domain).map_err(unsupported)?;
        let f = read_list(&r, &i.map, "/map").map_err(unsupported)?;
        let n = r.n();
        let reduce = |x: Poly| r.domain.reduce(x).map_err(AdapterError::Unsupported);
        let j: Vec<Vec<Poly>> = f.iter().map(|p| (0..n).map(|k| p.derivative(k)).collect()).collect();
        let mut relations = vec![];
        for (a, row) in j.iter().enumerate() {
            for (b, e) in row.iter().enumerate() {
                relations.push(equal(terms(e), derivative(terms(&f[a]), b)));
            }
        }
        let mut det = None;
        if f.len() == n && n <= MAX_DETERMINANT {
            let mut acc = Poly::zero();
            let mut expr = vec![];
            for (perm, even) in permutations(n) {
                let mut t = Poly::constant(if even { Rat::one() } else { -Rat::one() }, n);
                let mut factors = vec![constant(&if even { Rat::one() } else { -Rat::one() }, n)];
                for (row, &col) in perm.iter().enumerate() {
                    t = reduce(t.mul(&j[row][col]).map_err(too_large)?)?;
                    factors.push(derivative(terms(&f[row]), col));
                }
                acc = reduce(acc.add(&t))?;
                expr.push(product(factors));
            }
            relations.push(equal(terms(&acc), sum(expr)));
            det = Some(acc);
        }
        let keller = det.as_ref().map(|d| d.as_constant().is_some_and(|c| !c.is_zero()));
        let out = JacobianOutput {
            matrix: j.iter().map(|row| row.iter().map(|e| r.print(e)).collect()).collect(),
            determinant: det.as_ref().map(|d| r.print(d)),
            keller,
        };
        Ok(Answer::from(out).claim(identities(&r, relations)))
    }
}

/// A differential operator on polynomial fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FieldOperation {
    /// ∇f of a scalar field.
    Gradient,
    /// Σ ∂Fᵢ/∂xᵢ of a vector field.
    Divergence,
    /// ∇ × F of a vector field in three variables.
    Curl,
    /// Σ ∂²f/∂xᵢ² of a scalar field.
    Laplacian,
    /// ∇f · direction of a scalar field.
    DirectionalDerivative,
    /// The matrix of second derivatives of a scalar field.
    Hessian,
}

/// Input of `polynomial_field.compute.operator`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FieldInput {
    /// Variable names (coordinates).
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The operator.
    pub operation: FieldOperation,
    /// One polynomial for a scalar field, one per variable for a vector field.
    pub field: Vec<PolyValue>,
    /// `directional_derivative`: one number per variable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direction: Option<Vec<Coefficient>>,
    /// `gradient` of a rational function: its denominator d (not zero), the field being its numerator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub denominator: Option<PolyValue>,
}

/// Output of `polynomial_field.compute.operator`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FieldOutput {
    /// The scalar result (divergence, laplacian, directional derivative).
    pub scalar: Option<String>,
    /// The vector result (gradient, curl).
    pub vector: Option<Vec<String>>,
    /// The matrix result (hessian).
    pub matrix: Option<Vec<Vec<String>>>,
    /// The gradient of a rational function f/d: the common denominator d² of `vector`, whose entries
    /// are then the numerators (∂f/∂xₖ)·d − f·(∂d/∂xₖ), not reduced to lowest terms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub denominator: Option<String>,
}

/// `polynomial_field.compute.operator`.
pub struct FieldOperator;

type Field = (Ring, Vec<Poly>, Vec<Rat>, Option<Poly>);

fn field_check(i: &FieldInput) -> Result<Field, Diagnostic> {
    use FieldOperation as O;
    let r = ring(&i.variables, &i.domain)?;
    let f = read_list(&r, &i.field, "/field")?;
    let denominator = match &i.denominator {
        None => None,
        Some(_) if i.operation != O::Gradient => {
            return Err(Diagnostic::at("/denominator", "NOT_APPLICABLE", "a denominator is for the gradient"));
        }
        Some(v) => {
            let d = read(&r, v, "/denominator")?;
            if d.is_zero() {
                return Err(Diagnostic::at("/denominator", "DIVISION_BY_ZERO", "a non-zero denominator"));
            }
            Some(d)
        }
    };
    let want = match i.operation {
        O::Divergence | O::Curl => r.n(),
        _ => 1,
    };
    if f.len() != want {
        return Err(Diagnostic::at("/field", "BAD_LENGTH", format!("{want} polynomial(s) for this operator")));
    }
    if i.operation == O::Curl && r.n() != 3 {
        return Err(Diagnostic::at("/variables", "BAD_DIMENSION", "the curl is taken in three variables"));
    }
    let mut dir = vec![];
    if i.operation == O::DirectionalDerivative {
        let Some(d) = &i.direction else { return Err(Diagnostic::at("/direction", "MISSING", "a direction vector")) };
        if d.len() != r.n() {
            return Err(Diagnostic::at("/direction", "BAD_LENGTH", "one number per variable"));
        }
        for (k, c) in d.iter().enumerate() {
            dir.push(scalar(&r, c, &format!("/direction/{k}"))?);
        }
    }
    Ok((r, f, dir, denominator))
}

impl Query for FieldOperator {
    type Input = FieldInput;
    type Output = FieldOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            Describe {
                scope_rule: "Exactly the given polynomial field and operator.",
                ..cas::describe(
                    "polynomial_field.compute.operator",
                    "Gradient, divergence, curl, Laplacian, Hessian of polynomial fields",
                    "Vector calculus on polynomial scalar and vector fields: gradient, divergence, curl, Laplacian, \
                     directional derivative and Hessian, exactly.",
                    "Applies a differential operator to a polynomial scalar field f or vector field F over Z, Q or \
                     F_p: the gradient of f, the divergence of F, the curl of F in three variables, the Laplacian of \
                     f, the derivative of f along a rational direction, and the Hessian matrix; with a denominator, \
                     the gradient of a rational function over its squared denominator. VERIFY replays every \
                     component as a sum of partial derivatives.",
                    &[
                        "polynomial",
                        "vector-calculus",
                        "gradient",
                        "divergence",
                        "curl",
                        "laplacian",
                        "hessian",
                        "directional-derivative",
                        "field",
                    ],
                )
            },
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "curl of (y z, x z, x y)",
                Mode::Verify,
                json!({"variables": ["x", "y", "z"], "operation": "curl", "field": ["y*z", "x*z", "x*y"]}),
            ),
            (
                "laplacian of x^2 - y^2",
                Mode::Verify,
                json!({"variables": ["x", "y"], "operation": "laplacian", "field": ["x^2 - y^2"]}),
            ),
        ]
    }
    fn validate(&self, i: &FieldInput) -> Result<(), Diagnostic> {
        field_check(i).map(|_| ())
    }
    fn answer(&self, i: &FieldInput, _: &AdapterContext) -> Result<Answer<FieldOutput>, AdapterError> {
        use FieldOperation as O;
        let (r, f, dir, denominator) = field_check(i).map_err(unsupported)?;
        let n = r.n();
        let red = |x: Poly| r.domain.reduce(x).unwrap_or_default();
        let t: Vec<Value> = f.iter().map(terms).collect();
        let d = |a: usize, k: usize| derivative(t[a].clone(), k);
        let mut rel = vec![];
        let mut out = FieldOutput { scalar: None, vector: None, matrix: None, denominator: None };
        if let Some(q) = denominator {
            // ∇(f/q) = (q ∇f − f ∇q) / q².
            let too_large = super::native::too_large;
            let (m1, tq) = (constant(&-Rat::one(), n), terms(&q));
            let mut vector = vec![];
            for k in 0..n {
                let v = red(f[0]
                    .derivative(k)
                    .mul(&q)
                    .map_err(too_large)?
                    .sub(&f[0].mul(&q.derivative(k)).map_err(too_large)?));
                rel.push(equal(
                    terms(&v),
                    sum(vec![
                        product(vec![d(0, k), tq.clone()]),
                        product(vec![m1.clone(), t[0].clone(), derivative(tq.clone(), k)]),
                    ]),
                ));
                vector.push(r.print(&v));
            }
            let q2 = red(q.mul(&q).map_err(too_large)?);
            rel.push(equal(terms(&q2), power(tq, 2)));
            out.vector = Some(vector);
            out.denominator = Some(r.print(&q2));
            return Ok(Answer::from(out).claim(identities(&r, rel)));
        }
        match i.operation {
            O::Gradient | O::Curl => {
                let comps: Vec<(Poly, Value)> = if i.operation == O::Gradient {
                    (0..n).map(|k| (f[0].derivative(k), d(0, k))).collect()
                } else {
                    let m1 = constant(&-Rat::one(), n);
                    [(2, 1, 1, 2), (0, 2, 2, 0), (1, 0, 0, 1)]
                        .into_iter()
                        .map(|(a, x, b, y)| {
                            let v = f[a].derivative(x).sub(&f[b].derivative(y));
                            (red(v), sum(vec![d(a, x), product(vec![m1.clone(), d(b, y)])]))
                        })
                        .collect()
                };
                for (p, e) in &comps {
                    rel.push(equal(terms(p), e.clone()));
                }
                out.vector = Some(comps.iter().map(|c| r.print(&c.0)).collect());
            }
            O::Hessian => {
                let h: Vec<Vec<Poly>> =
                    (0..n).map(|a| (0..n).map(|b| f[0].derivative(a).derivative(b)).collect()).collect();
                for (a, row) in h.iter().enumerate() {
                    for (b, e) in row.iter().enumerate() {
                        rel.push(equal(terms(e), derivative(d(0, a), b)));
                    }
                }
                out.matrix = Some(h.iter().map(|row| row.iter().map(|e| r.print(e)).collect()).collect());
            }
            O::Divergence | O::Laplacian | O::DirectionalDerivative => {
                let (v, e) = match i.operation {
                    O::Divergence => (
                        (0..n).fold(Poly::zero(), |a, k| a.add(&f[k].derivative(k))),
                        sum((0..n).map(|k| d(k, k)).collect()),
                    ),
                    O::Laplacian => (
                        (0..n).fold(Poly::zero(), |a, k| a.add(&f[0].derivative(k).derivative(k))),
                        sum((0..n).map(|k| derivative(d(0, k), k)).collect()),
                    ),
                    _ => (
                        (0..n).fold(Poly::zero(), |a, k| a.add(&f[0].derivative(k).scale(&dir[k]))),
                        sum((0..n).map(|k| product(vec![constant(&dir[k], n), d(0, k)])).collect()),
                    ),
                };
                let v = red(v);
                rel.push(equal(terms(&v), e));
                out.scalar = Some(r.print(&v));
            }
        }
        Ok(Answer::from(out).claim(identities(&r, rel)))
    }
}

/// Input of `polynomial.compute.division`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DivisionInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The dividend f.
    pub dividend: PolyValue,
    /// The divisor g (not zero).
    pub divisor: PolyValue,
}

/// Output of `polynomial.compute.division`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DivisionOutput {
    /// q with f = q·g + r.
    pub quotient: String,
    /// r, of degree below g's.
    pub remainder: String,
    /// Whether g divides f.
    pub divides: bool,
}

/// `polynomial.compute.division`.
pub struct Division;

fn division_check(i: &DivisionInput) -> Result<(Ring, Poly, Poly), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::one_variable(&r)?;
    super::field_only(&r)?;
    let f = read(&r, &i.dividend, "/dividend")?;
    let g = read(&r, &i.divisor, "/divisor")?;
    if g.is_zero() {
        return Err(Diagnostic::at("/divisor", "DIVISION_BY_ZERO", "the divisor is not zero"));
    }
    Ok((r, f, g))
}

/// Univariate division with remainder over a field domain (dense, lowest first).
pub(crate) fn divide(r: &Ring, f: &[Rat], g: &[Rat]) -> (Vec<Rat>, Vec<Rat>) {
    // Over Z a leading coefficient other than ±1 has no inverse: divide over Q.
    let q;
    let r = if r.domain == Domain::Z {
        q = Ring { domain: Domain::Q, ..r.clone() };
        &q
    } else {
        r
    };
    let mut rem: Vec<Rat> = f.to_vec();
    let dg = g.len() - 1;
    let inv = r.domain.inverse(&g[dg]).unwrap_or_else(Rat::one);
    let mut quo = vec![Rat::zero(); f.len().saturating_sub(dg).max(1)];
    while rem.len() > dg && !rem.is_empty() {
        let top = rem.len() - 1;
        let c = r.domain.element(&(&rem[top] * &inv)).unwrap_or_default();
        quo[top - dg] = c.clone();
        for k in 0..=dg {
            let v = r.domain.element(&(&rem[top - dg + k] - &c * &g[k])).unwrap_or_default();
            rem[top - dg + k] = v;
        }
        while rem.last().is_some_and(Zero::is_zero) {
            rem.pop();
        }
    }
    (quo, rem)
}

impl Query for Division {
    type Input = DivisionInput;
    type Output = DivisionOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.compute.division",
                "Polynomial division with remainder",
                "Quotient and remainder of univariate polynomials over Q or F_p: f = q g + r with deg r < deg g.",
                "Divides a polynomial by another (long division) over the rationals or a prime field, and says whether \
                 the divisor divides it exactly. VERIFY re-expands f = q g + r and checks deg r < deg g.",
                &["polynomial", "division", "quotient", "remainder", "long-division", "divides", "univariate"],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "x^5 - 1 by x^2 + 1",
            Mode::Verify,
            json!({"variables": ["x"], "dividend": "x^5 - 1", "divisor": "x^2 + 1"}),
        )]
    }
    fn validate(&self, i: &DivisionInput) -> Result<(), Diagnostic> {
        division_check(i).map(|_| ())
    }
    fn answer(&self, i: &DivisionInput, _: &AdapterContext) -> Result<Answer<DivisionOutput>, AdapterError> {
        let (r, f, g) = division_check(i).map_err(unsupported)?;
        let (qd, rd) = divide(&r, &super::dense(&f), &super::dense(&g));
        let (q, rem) = (Poly::from_dense(&qd, 0, 1), Poly::from_dense(&rd, 0, 1));
        let rel = vec![
            equal(terms(&f), sum(vec![product(vec![terms(&q), terms(&g)]), terms(&rem)])),
            degree_less(terms(&rem), terms(&g), 0),
        ];
        let out = DivisionOutput { quotient: r.print(&q), remainder: r.print(&rem), divides: rem.is_zero() };
        Ok(Answer::from(out).claim(identities(&r, rel)))
    }
}

/// Input of `polynomial.compute.interpolation`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InterpolationInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// Nodes with distinct x: `[x, y]` asks p(x) = y; `[x, y, y′, y″, …]` (Hermite data, at most 10 values, fewer
    /// than p of them over F_p) asks p^(j)(x) equal to the j-th value as well. At most 200 conditions in all.
    pub points: Vec<Vec<Coefficient>>,
    /// Points at which to evaluate the interpolant in its Newton form (at most 1,000).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub evaluate_at: Vec<Coefficient>,
}

/// Output of `polynomial.compute.interpolation`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InterpolationOutput {
    /// The unique polynomial of degree below the number of conditions that meets them.
    pub polynomial: String,
    /// The nodes of the Newton form: each x repeated once per condition at it, in input order.
    pub nodes: Vec<String>,
    /// The (confluent) divided differences f[z₀], f[z₀, z₁], …: the Newton form's coefficients.
    pub divided_differences: Vec<String>,
    /// The interpolant at `evaluate_at`, by nested multiplication in the Newton form (when asked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<String>>,
}

/// `polynomial.compute.interpolation`.
pub struct Interpolation;

/// A node x with the values y, y′, … asked there.
type Node = (Rat, Vec<Rat>);

fn points(i: &InterpolationInput) -> Result<(Ring, Vec<Node>, Vec<Rat>), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::one_variable(&r)?;
    super::field_only(&r)?;
    let conditions: usize = i.points.iter().map(|p| p.len().saturating_sub(1)).sum();
    if i.points.is_empty() || conditions > 200 {
        return Err(Diagnostic::at("/points", "BAD_LENGTH", "1 to 200 conditions"));
    }
    let p = r.domain.characteristic();
    let mut pts: Vec<Node> = vec![];
    for (k, point) in i.points.iter().enumerate() {
        let values = point.len().saturating_sub(1);
        if !(1..=10).contains(&values) || (p > 0 && values as u64 > p) {
            let why = "[x, y] or [x, y, y′, …]: 1 to 10 values, and at most p over F_p";
            return Err(Diagnostic::at(format!("/points/{k}"), "BAD_LENGTH", why));
        }
        let x = scalar(&r, &point[0], &format!("/points/{k}/0"))?;
        if pts.iter().any(|q| q.0 == x) {
            return Err(Diagnostic::at(format!("/points/{k}/0"), "REPEATED_NODE", "the x are distinct"));
        }
        let ys =
            (1..point.len()).map(|j| scalar(&r, &point[j], &format!("/points/{k}/{j}"))).collect::<Result<_, _>>()?;
        pts.push((x, ys));
    }
    if i.evaluate_at.len() > 1000 {
        return Err(Diagnostic::at("/evaluate_at", "BAD_LENGTH", "at most 1,000 points"));
    }
    let at = i
        .evaluate_at
        .iter()
        .enumerate()
        .map(|(k, c)| scalar(&r, c, &format!("/evaluate_at/{k}")))
        .collect::<Result<_, _>>()?;
    Ok((r, pts, at))
}

/// The quotient of f by (X − a)^m, exactly (f must be divisible), over the ring's domain.
fn divide_by_root_power(r: &Ring, f: &Poly, a: &Rat, m: usize) -> Result<Poly, AdapterError> {
    let mut c = f.dense(0).unwrap_or_default();
    for _ in 0..m {
        // Synthetic division by X − a, from the top coefficient down.
        let mut q = vec![Rat::zero(); c.len().saturating_sub(1)];
        let mut carry = Rat::zero();
        for k in (1..c.len()).rev() {
            carry = r.domain.element(&(&c[k] + &carry * a)).map_err(AdapterError::Unsupported)?;
            q[k - 1] = carry.clone();
        }
        c = q;
    }
    r.domain.reduce(Poly::from_dense(&c, 0, 1)).map_err(AdapterError::Unsupported)
}

impl Query for Interpolation {
    type Input = InterpolationInput;
    type Output = InterpolationOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.compute.interpolation",
                "Polynomial interpolation (Lagrange, Newton divided differences, Hermite)",
                "The interpolating polynomial through points with distinct abscissae, with derivative values too \
                 (Hermite), Newton's divided differences and the Newton form evaluated at points.",
                "Finds the unique polynomial of degree below N meeting N conditions over Q or F_p: values p(x) = y \
                 at distinct nodes, and with Hermite data p^(j)(x) = y_j as well, by (confluent) divided differences, \
                 which it returns with the repeated nodes; evaluates the Newton form at given points. VERIFY checks \
                 each node: p(x) = y, or p = Σ y_j/j!·(X − x)^j + (X − x)^m·q with q given, and the degree.",
                &[
                    "polynomial",
                    "interpolation",
                    "lagrange",
                    "newton",
                    "hermite",
                    "osculating",
                    "divided-differences",
                    "fit",
                    "nodes",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "through (0,1), (1,3), (2,7)",
                Mode::Verify,
                json!({"variables": ["x"], "points": [[0, 1], [1, 3], [2, 7]]}),
            ),
            (
                "Hermite: p(0) = 1, p′(0) = 0, p(1) = 2, p′(1) = 3, and p at 1/2",
                Mode::Verify,
                json!({"variables": ["x"], "points": [[0, 1, 0], [1, 2, 3]], "evaluate_at": ["1/2"]}),
            ),
        ]
    }
    fn validate(&self, i: &InterpolationInput) -> Result<(), Diagnostic> {
        points(i).map(|_| ())
    }
    fn answer(&self, i: &InterpolationInput, _: &AdapterContext) -> Result<Answer<InterpolationOutput>, AdapterError> {
        let (r, pts, at) = points(i).map_err(unsupported)?;
        let el = |x: Rat| r.domain.element(&x).unwrap_or_default();
        // z: each node once per condition; dd starts as the values.
        let (mut z, mut node_of) = (vec![], vec![]);
        for (k, (x, ys)) in pts.iter().enumerate() {
            for _ in ys {
                z.push(x.clone());
                node_of.push(k);
            }
        }
        let n = z.len();
        let mut dd: Vec<Rat> = node_of.iter().map(|&k| pts[k].1[0].clone()).collect();
        let mut factorial = Rat::one();
        for level in 1..n {
            factorial = el(&factorial * Rat::from_integer(level.into()));
            for k in (level..n).rev() {
                dd[k] = if z[k] == z[k - level] {
                    // A repeated node: the derivative's value over level!.
                    let inv = r.domain.inverse(&factorial).unwrap_or_else(Rat::one);
                    el(&pts[node_of[k]].1[level] * inv)
                } else {
                    let den = r.domain.inverse(&el(&z[k] - &z[k - level])).unwrap_or_else(Rat::one);
                    el((&dd[k] - &dd[k - 1]) * den)
                };
            }
        }
        let mut p = Poly::zero();
        let mut basis = Poly::constant(Rat::one(), 1);
        for (k, c) in dd.iter().enumerate() {
            p = r.domain.reduce(p.add(&basis.scale(c))).map_err(AdapterError::Unsupported)?;
            let lin = Poly::from_dense(&[-z[k].clone(), Rat::one()], 0, 1);
            basis = r.domain.reduce(basis.mul(&lin).map_err(too_large)?).map_err(AdapterError::Unsupported)?;
        }
        // p(t) by nested multiplication in the Newton form.
        let values: Vec<String> = at
            .iter()
            .map(|t| {
                let v = (0..n).rev().fold(Rat::zero(), |acc, k| el(&dd[k] + acc * (t - &z[k])));
                rational_text(&v)
            })
            .collect();
        let mut rel = vec![];
        for (x, ys) in &pts {
            if ys.len() == 1 {
                rel.push(equal(super::substituted(&p, &[constant(x, 1)], 1), constant(&ys[0], 1)));
                continue;
            }
            // The Taylor polynomial T of the data at x, and q with p = T + (X − x)^m·q.
            let (m, lin) = (ys.len(), Poly::from_dense(&[-x.clone(), Rat::one()], 0, 1));
            let (mut taylor, mut power_of, mut fact) = (Poly::zero(), Poly::constant(Rat::one(), 1), Rat::one());
            for (j, y) in ys.iter().enumerate() {
                if j > 0 {
                    fact = el(&fact * Rat::from_integer(j.into()));
                }
                let c = el(y * r.domain.inverse(&fact).unwrap_or_else(Rat::one));
                taylor = r.domain.reduce(taylor.add(&power_of.scale(&c))).map_err(AdapterError::Unsupported)?;
                power_of =
                    r.domain.reduce(power_of.mul(&lin).map_err(too_large)?).map_err(AdapterError::Unsupported)?;
            }
            let rest = r.domain.reduce(p.sub(&taylor)).map_err(AdapterError::Unsupported)?;
            let q = divide_by_root_power(&r, &rest, x, m)?;
            rel.push(equal(
                terms(&p),
                sum(vec![terms(&taylor), product(vec![power(terms(&lin), m as u32), terms(&q)])]),
            ));
        }
        rel.push(degree_less(terms(&p), power(json!([["1", [1]]]), n as u32), 0));
        let out = InterpolationOutput {
            polynomial: r.print(&p),
            nodes: z.iter().map(rational_text).collect(),
            divided_differences: dd.iter().map(rational_text).collect(),
            values: (!values.is_empty()).then_some(values),
        };
        Ok(Answer::from(out).claim(identities(&r, rel)))
    }
}

/// Homogenize or dehomogenize.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HomogenizeOperation {
    /// Multiply each term by a power of a new variable to reach the total degree.
    Homogenize,
    /// Set a variable to 1 (an affine chart).
    Dehomogenize,
}

/// Input of `polynomial.transform.homogenize`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HomogenizeInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The operation.
    pub operation: HomogenizeOperation,
    /// The polynomial.
    pub polynomial: PolyValue,
    /// The new variable (homogenize) or the variable set to 1 (dehomogenize).
    pub variable: String,
}

/// Output of `polynomial.transform.homogenize`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct HomogenizeOutput {
    /// The variables of the result's ring.
    pub variables: Vec<String>,
    /// The result.
    pub polynomial: String,
}

/// `polynomial.transform.homogenize`.
pub struct Homogenize;

impl Query for Homogenize {
    type Input = HomogenizeInput;
    type Output = HomogenizeOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.transform.homogenize",
            "Homogenization and affine charts (projective closure)",
            "The homogenization of a polynomial with a new variable (projective closure of a curve or \
             hypersurface), or its dehomogenization at a variable (an affine chart).",
            "Homogenizes a polynomial over Z, Q or F_p with a new variable z, so that f(x, y) becomes the \
             projective curve z^d f(x/z, y/z), or dehomogenizes a form by setting one variable to 1, giving the \
             affine chart of a projective plane curve.",
            &[
                "polynomial",
                "homogenize",
                "dehomogenize",
                "projective-closure",
                "affine-chart",
                "projective",
                "curve",
                "algebraic-geometry",
            ],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "projective closure of y^2 = x^3 + 1",
            Mode::Explore,
            json!({"variables": ["x", "y"], "operation": "homogenize", "polynomial": "y^2 - x^3 - 1", "variable": "z"}),
        )]
    }
    fn validate(&self, i: &HomogenizeInput) -> Result<(), Diagnostic> {
        let r = ring(&i.variables, &i.domain)?;
        read(&r, &i.polynomial, "/polynomial")?;
        match i.operation {
            HomogenizeOperation::Homogenize => {
                ring(&[i.variables.clone(), vec![i.variable.clone()]].concat(), &i.domain)
                    .map_err(|_| Diagnostic::at("/variable", "BAD_VARIABLE", "a new variable name"))?;
            }
            HomogenizeOperation::Dehomogenize => {
                var_index(&r, &i.variable, "/variable")?;
            }
        }
        Ok(())
    }
    fn answer(&self, i: &HomogenizeInput, _: &AdapterContext) -> Result<Answer<HomogenizeOutput>, AdapterError> {
        let r = ring(&i.variables, &i.domain).map_err(unsupported)?;
        let p = read(&r, &i.polynomial, "/polynomial").map_err(unsupported)?;
        let n = r.n();
        let (vars, out) = match i.operation {
            HomogenizeOperation::Homogenize => {
                let d = p.total_degree().unwrap_or(0);
                let q = Poly::from_terms(p.terms().map(|(m, c)| {
                    let mut e = m.clone();
                    e.push(d - m.iter().sum::<u32>());
                    (e, c.clone())
                }));
                ([i.variables.clone(), vec![i.variable.clone()]].concat(), q)
            }
            HomogenizeOperation::Dehomogenize => {
                let k = var_index(&r, &i.variable, "/variable").map_err(unsupported)?;
                let q = Poly::from_terms(p.terms().map(|(m, c)| {
                    let mut e = m.clone();
                    e.remove(k);
                    (e, c.clone())
                }));
                let mut v = i.variables.clone();
                v.remove(k);
                if n == 1 {
                    v = vec![i.variable.clone()];
                    let c = q.as_constant().unwrap_or_default();
                    return Ok(HomogenizeOutput {
                        variables: v,
                        polynomial: jacobian_runtime::objects::polynomial::rational_text(&c),
                    }
                    .into());
                }
                (v, q)
            }
        };
        let r2 = ring(&vars, &i.domain).map_err(unsupported)?;
        let out = r2.domain.reduce(out).map_err(AdapterError::Unsupported)?;
        Ok(HomogenizeOutput { polynomial: r2.print(&out), variables: vars }.into())
    }
}

/// A family of symmetric polynomials.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SymmetricFamily {
    /// eₖ: the sum of all products of k distinct variables.
    Elementary,
    /// hₖ: the sum of all monomials of degree k.
    Complete,
    /// pₖ: Σ xᵢᵏ.
    PowerSum,
}

/// Input of `polynomial.construct.symmetric`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SymmetricInput {
    /// Variable names (1 to 12).
    pub variables: Vec<String>,
    /// The family.
    pub family: SymmetricFamily,
    /// The degree k (0 to 12).
    pub degree: u32,
}

/// Output of `polynomial.construct.symmetric`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SymmetricOutput {
    /// The polynomial over Z.
    pub polynomial: String,
    /// Number of terms.
    pub term_count: usize,
}

/// `polynomial.construct.symmetric`.
pub struct Symmetric;

impl Query for Symmetric {
    type Input = SymmetricInput;
    type Output = SymmetricOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.construct.symmetric",
            "Elementary, complete and power-sum symmetric polynomials",
            "The elementary symmetric polynomial e_k, complete homogeneous h_k or power sum p_k in given variables.",
            "Builds the symmetric polynomials of degree k in up to 12 variables: elementary e_k (sum of products of \
             k distinct variables), complete homogeneous h_k (all monomials of degree k) and power sums p_k.",
            &[
                "polynomial",
                "symmetric",
                "elementary-symmetric",
                "complete-homogeneous",
                "power-sum",
                "newton-identities",
                "vieta",
            ],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "e_2(a, b, c)",
            Mode::Explore,
            json!({"variables": ["a", "b", "c"], "family": "elementary", "degree": 2}),
        )]
    }
    fn validate(&self, i: &SymmetricInput) -> Result<(), Diagnostic> {
        ring(&i.variables, "Z")?;
        if i.variables.len() > 12 || i.degree > 12 {
            return Err(Diagnostic::at("/degree", "OUT_OF_RANGE", "at most 12 variables and degree 12"));
        }
        Ok(())
    }
    fn answer(&self, i: &SymmetricInput, _: &AdapterContext) -> Result<Answer<SymmetricOutput>, AdapterError> {
        let r = ring(&i.variables, "Z").map_err(unsupported)?;
        let (n, k) = (r.n(), i.degree);
        let mut p = Poly::zero();
        // Every exponent vector of total degree k, filtered by family.
        let mut stack = vec![(vec![], 0u32)];
        while let Some((m, d)) = stack.pop() {
            if m.len() == n {
                let keep = d == k
                    && match i.family {
                        SymmetricFamily::Elementary => m.iter().all(|&e| e <= 1),
                        SymmetricFamily::Complete => true,
                        SymmetricFamily::PowerSum => {
                            m.iter().filter(|&&e| e > 0).count() <= 1 && (k > 0 || m.iter().all(|&e| e == 0))
                        }
                    };
                if keep {
                    let c = if i.family == SymmetricFamily::PowerSum && k == 0 {
                        Rat::from_integer(n.into())
                    } else {
                        Rat::one()
                    };
                    p.add_term(m, c);
                }
                continue;
            }
            for e in 0..=(k - d) {
                let mut next = m.clone();
                next.push(e);
                stack.push((next, d + e));
            }
        }
        Ok(SymmetricOutput { polynomial: r.print(&p), term_count: p.len() }.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_have_their_signs() {
        let p = permutations(3);
        assert_eq!(p.len(), 6);
        let inversions = |q: &[usize]| {
            (0..q.len()).flat_map(|a| (a + 1..q.len()).map(move |b| (a, b))).filter(|&(a, b)| q[a] > q[b]).count()
        };
        for (q, even) in p {
            assert_eq!(inversions(&q) % 2 == 0, even, "{q:?}");
        }
    }
}
