//! `matrix.symbolic.compute`: matrices whose entries are polynomials in named variables over Z, Q
//! or F_p — products, determinants, ranks over the field of rational functions, characteristic
//! polynomials det(tI − A), and Cramer solutions of square systems — by fraction-free (Bareiss)
//! elimination with exact polynomial division, in-process; eigenvalues from the factors of
//! det(tI − A) on Singular.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Domain, Poly, PolyValue, Rat, Ring};
use jacobian_runtime::typed::Describe;
use num_integer::Integer;
use num_traits::{One, Signed};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Query};
use crate::polynomials as pk;
use crate::polynomials::native::too_large;
use crate::polynomials::subresultants::bareiss;

/// Most rows or columns.
const MAX_DIMENSION: usize = 8;
/// Most variables.
const MAX_VARIABLES: usize = 6;
/// Largest degree of an entry in a variable.
const MAX_DEGREE: u32 = 12;

/// What to compute.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SymbolicOperation {
    /// A · B.
    Multiply {
        /// B, with as many rows as A has columns.
        by: Vec<Vec<PolyValue>>,
    },
    /// det A (A square).
    Determinant,
    /// The rank of A over the field of rational functions in the variables.
    Rank,
    /// det(t·I − A) in a new variable (A square).
    CharacteristicPolynomial {
        /// The new variable's name, not one of `variables` (default `t`).
        #[serde(default = "t")]
        variable: String,
    },
    /// The eigenvalues: the irreducible factors of det(t·I − A) over Q(variables)[t] with their
    /// multiplicities (Singular's factorize); a factor of degree 1 in t gives its eigenvalue as a
    /// rational function of the variables (A square).
    Eigenvalues {
        /// The new variable's name, not one of `variables` (default `t`).
        #[serde(default = "t")]
        variable: String,
    },
    /// x with A·x = b for A square with det A ≠ 0, by Cramer's rule: xᵢ = det Aᵢ / det A.
    Solve {
        /// b, one polynomial per row.
        rhs: Vec<PolyValue>,
    },
}

fn t() -> String {
    "t".into()
}

/// Input of `matrix.symbolic.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SymbolicInput {
    /// Variable names (1 to 6).
    pub variables: Vec<String>,
    /// `Z`, `Q` (default) or `F_p`.
    #[serde(default = "pk::q")]
    pub domain: String,
    /// A, rows of polynomials (at most 8 × 8, degree ≤ 12 in each variable).
    pub matrix: Vec<Vec<PolyValue>>,
    /// The operation.
    pub operation: SymbolicOperation,
}

/// One coordinate of a solution, xᵢ = numerator / denominator.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Fraction {
    /// det Aᵢ, divided by the rational content the two share.
    pub numerator: String,
    /// det A, divided likewise (common polynomial factors are not cancelled).
    pub denominator: String,
}

/// A class of eigenvalues of a symbolic matrix: one irreducible factor of det(tI − A).
#[derive(Debug, Serialize, JsonSchema)]
pub struct SymbolicEigenvalues {
    /// The factor, in the variables and t, irreducible over Q(variables)[t].
    pub factor: String,
    /// Its degree in t: the number of conjugate eigenvalues it carries.
    pub degree: u32,
    /// Its multiplicity in det(tI − A).
    pub multiplicity: u32,
    /// For degree 1, c₁t + c₀: the eigenvalue −c₀/c₁.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Fraction>,
}

/// Output of `matrix.symbolic.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SymbolicOutput {
    /// A · B.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product: Option<Vec<Vec<String>>>,
    /// det A.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub determinant: Option<String>,
    /// The rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<usize>,
    /// det(tI − A), in the variables and t.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub characteristic_polynomial: Option<String>,
    /// x with A·x = b.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<Fraction>>,
    /// The eigenvalues, by irreducible factor of det(tI − A).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eigenvalues: Option<Vec<SymbolicEigenvalues>>,
}

/// `matrix.symbolic.compute`.
pub struct Symbolic;

fn rows(r: &Ring, m: &[Vec<PolyValue>], at: &str) -> Result<Vec<Vec<Poly>>, Diagnostic> {
    if m.is_empty() || m.len() > MAX_DIMENSION {
        return Err(Diagnostic::at(at, "BAD_SHAPE", format!("1 to {MAX_DIMENSION} rows")));
    }
    let width = m[0].len();
    let mut out = vec![];
    for (k, row) in m.iter().enumerate() {
        if row.len() != width || width == 0 || width > MAX_DIMENSION {
            let why = format!("every row has the first row's length, 1 to {MAX_DIMENSION}");
            return Err(Diagnostic::at(format!("{at}/{k}"), "RAGGED", why));
        }
        out.push(r.read_all(row, &format!("{at}/{k}"))?);
    }
    Ok(out)
}

struct Parsed {
    r: Ring,
    a: Vec<Vec<Poly>>,
    b: Option<Vec<Vec<Poly>>>,
    rhs: Option<Vec<Poly>>,
}

fn parse(i: &SymbolicInput) -> Result<Parsed, Diagnostic> {
    let r = pk::ring(&i.variables, &i.domain)?;
    if r.n() > MAX_VARIABLES {
        return Err(Diagnostic::at("/variables", "TOO_MANY_VARIABLES", format!("at most {MAX_VARIABLES}")));
    }
    let a = rows(&r, &i.matrix, "/matrix")?;
    let square = a.len() == a[0].len();
    let (mut b, mut rhs) = (None, None);
    match &i.operation {
        SymbolicOperation::Multiply { by } => {
            let m = rows(&r, by, "/operation/multiply/by")?;
            if m.len() != a[0].len() {
                let why = "B has as many rows as A has columns";
                return Err(Diagnostic::at("/operation/multiply/by", "BAD_SHAPE", why));
            }
            b = Some(m);
        }
        SymbolicOperation::Rank => {}
        _ if !square => return Err(Diagnostic::at("/matrix", "NOT_SQUARE", "a square matrix")),
        SymbolicOperation::Determinant => {}
        SymbolicOperation::CharacteristicPolynomial { variable } | SymbolicOperation::Eigenvalues { variable } => {
            let at = match &i.operation {
                SymbolicOperation::Eigenvalues { .. } => "/operation/eigenvalues/variable",
                _ => "/operation/characteristic_polynomial/variable",
            };
            if i.variables.contains(variable) {
                return Err(Diagnostic::at(at, "NAME_TAKEN", "a name that is not one of the variables"));
            }
            let mut names = i.variables.clone();
            names.push(variable.clone());
            pk::ring(&names, &i.domain).map_err(|d| Diagnostic::at(at, &d.code, d.message))?;
        }
        SymbolicOperation::Solve { rhs: v } => {
            if v.len() != a.len() {
                return Err(Diagnostic::at("/operation/solve/rhs", "BAD_SHAPE", "one polynomial per row"));
            }
            rhs = Some(r.read_all(v, "/operation/solve/rhs")?);
        }
    }
    Ok(Parsed { r, a, b, rhs })
}

/// `p` in one more variable (the last), which it does not involve.
fn widen(p: &Poly) -> Poly {
    Poly::from_terms(p.terms().map(|(m, c)| {
        let mut m = m.clone();
        m.push(0);
        (m, c.clone())
    }))
}

fn reduce(d: &Domain, p: Poly) -> Result<Poly, AdapterError> {
    d.reduce(p).map_err(AdapterError::Backend)
}

impl Query for Symbolic {
    type Input = SymbolicInput;
    type Output = SymbolicOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "matrix.symbolic.compute",
            "Symbolic matrices whose entries are polynomials in parameters",
            "Exact arithmetic on symbolic (parametric) matrices, whose entries involve named variables, over Z, Q \
             or F_p: products, determinants, ranks, det(tI - A), eigenvalues and Cramer solutions.",
            "Works with matrices of multivariate polynomials (symbolic or parametric matrices) in-process: the \
             product A B, the determinant and the rank over the field of rational functions by fraction-free \
             Bareiss elimination with exact polynomial division, det(tI - A) in a new variable, and the solution \
             of a square system A x = b with symbolic entries as x_i = det(A_i) / det(A) (Cramer); eigenvalues \
             as the irreducible factors of det(tI - A) over Q(variables)[t] (Singular's factorize), a linear \
             factor giving its eigenvalue as a rational function.",
            &[
                "matrix",
                "symbolic",
                "parametric",
                "polynomial-matrix",
                "determinant",
                "rank",
                "cramer",
                "bareiss",
                "eigenvalues",
            ],
        )
    }
    fn provider(&self) -> Provider {
        pk::native(include_str!("symbolic.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "determinant of [[a, b], [c, d]]",
                Mode::Explore,
                json!({"variables": ["a", "b", "c", "d"], "matrix": [["a", "b"], ["c", "d"]], "operation": "determinant"}),
            ),
            (
                "characteristic polynomial of [[0, k], [1, 0]]",
                Mode::Explore,
                json!({"variables": ["k"], "matrix": [["0", "k"], ["1", "0"]],
                       "operation": {"characteristic_polynomial": {"variable": "t"}}}),
            ),
        ]
    }
    fn validate(&self, i: &SymbolicInput) -> Result<(), Diagnostic> {
        parse(i).map(|_| ())
    }
    fn bounds(&self, i: &SymbolicInput) -> Result<(), Refusal> {
        let p = parse(i).map_err(pk::refused)?;
        let all = p.a.iter().chain(p.b.iter().flatten()).flatten().chain(p.rhs.iter().flatten());
        for e in all {
            pk::degree_bound(e, p.r.n(), MAX_DEGREE, "/matrix")?;
        }
        Ok(())
    }
    fn answer(&self, i: &SymbolicInput, ctx: &AdapterContext) -> Result<Answer<SymbolicOutput>, AdapterError> {
        let p = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let (r, d, n) = (&p.r, &p.r.domain, p.r.n());
        let mut out = SymbolicOutput {
            product: None,
            determinant: None,
            rank: None,
            characteristic_polynomial: None,
            solution: None,
            eigenvalues: None,
        };
        match &i.operation {
            SymbolicOperation::Multiply { .. } => {
                let b = p.b.as_ref().ok_or_else(|| AdapterError::Backend("no B".into()))?;
                let mut product = vec![];
                for row in &p.a {
                    ctx.checkpoint()?;
                    let mut out_row = vec![];
                    for j in 0..b[0].len() {
                        let mut s = Poly::zero();
                        for (x, b_row) in row.iter().zip(b) {
                            s = s.add(&x.mul(&b_row[j]).map_err(too_large)?);
                        }
                        out_row.push(r.print(&reduce(d, s)?));
                    }
                    product.push(out_row);
                }
                out.product = Some(product);
            }
            SymbolicOperation::Determinant => out.determinant = Some(r.print(&bareiss(p.a.clone(), n, d, ctx)?.1)),
            SymbolicOperation::Rank => out.rank = Some(bareiss(p.a.clone(), n, d, ctx)?.0),
            SymbolicOperation::CharacteristicPolynomial { variable } => {
                let (wide, chi) = characteristic(&p, &i.variables, variable, ctx)?;
                out.characteristic_polynomial = Some(wide.print(&chi));
            }
            SymbolicOperation::Eigenvalues { variable } => {
                let (wide, chi) = characteristic(&p, &i.variables, variable, ctx)?;
                let (_, factors) = crate::polynomials::univariate::factorize(&wide, &chi, ctx)?;
                let mut classes = vec![];
                for (f, multiplicity) in factors {
                    let degree = f.degree_in(n).unwrap_or(0);
                    if degree == 0 {
                        return Err(AdapterError::Backend("a factor of det(tI - A) without t".into()));
                    }
                    // c₁t + c₀ → −c₀/c₁, both in the original variables.
                    let part = |k: u32| {
                        Poly::from_terms(
                            f.terms().filter(|(m, _)| m[n] == k).map(|(m, c)| (m[..n].to_vec(), c.clone())),
                        )
                    };
                    let value = if degree == 1 { Some(fraction(r, part(0).neg(), part(1))?) } else { None };
                    classes.push(SymbolicEigenvalues { factor: wide.print(&f), degree, multiplicity, value });
                }
                out.eigenvalues = Some(classes);
            }
            SymbolicOperation::Solve { .. } => {
                let rhs = p.rhs.as_ref().ok_or_else(|| AdapterError::Backend("no b".into()))?;
                let det = bareiss(p.a.clone(), n, d, ctx)?.1;
                if det.is_zero() {
                    return Err(AdapterError::Unsupported(
                        "det A = 0: the system has no unique solution over the rational functions".into(),
                    ));
                }
                let mut solution = vec![];
                for col in 0..p.a.len() {
                    let mut ai = p.a.clone();
                    for (row, b) in ai.iter_mut().zip(rhs) {
                        row[col] = b.clone();
                    }
                    let num = bareiss(ai, n, d, ctx)?.1;
                    solution.push(fraction(r, num, det.clone())?);
                }
                out.solution = Some(solution);
            }
        }
        Ok(out.into())
    }
}

/// det(tI − A) in the ring of the variables and t (the last).
fn characteristic(
    p: &Parsed,
    variables: &[String],
    t_name: &str,
    ctx: &AdapterContext,
) -> Result<(Ring, Poly), AdapterError> {
    let (d, n) = (&p.r.domain, p.r.n());
    let mut names = variables.to_vec();
    names.push(t_name.to_owned());
    let wide = Ring { variables: names, domain: d.clone() };
    let t = Poly::variable(n, n + 1);
    let m =
        p.a.iter()
            .enumerate()
            .map(|(k, row)| {
                row.iter()
                    .enumerate()
                    .map(|(l, x)| {
                        let x = widen(x).neg();
                        reduce(d, if k == l { x.add(&t) } else { x })
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()?;
    let chi = bareiss(m, n + 1, d, ctx)?.1;
    Ok((wide, chi))
}

/// num/den with the rational content they share divided out and den's leading coefficient
/// positive (over F_p: den monic).
fn fraction(r: &Ring, num: Poly, den: Poly) -> Result<Fraction, AdapterError> {
    let (num, den) = match r.domain {
        Domain::Fp(_) => {
            let inv = r.domain.inverse(&den.leading_coefficient()).unwrap_or_else(Rat::one);
            (reduce(&r.domain, num.scale(&inv))?, reduce(&r.domain, den.scale(&inv))?)
        }
        _ => {
            let (a, b) = (num.content(), den.content());
            let g = if num.is_zero() { b } else { Rat::new(a.numer().gcd(b.numer()), a.denom().lcm(b.denom())) };
            let g = if den.leading_coefficient().is_negative() { -g } else { g };
            (num.scale(&g.recip()), den.scale(&g.recip()))
        }
    };
    Ok(Fraction { numerator: r.print(&num), denominator: r.print(&den) })
}
