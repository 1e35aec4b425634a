//! `abelian_group.compute.element`: elements of a finitely generated abelian group
//! ⟨g_1, …, g_n | relations⟩ in the coordinates of its Smith form: reduced form, order, equality.
//! VERIFY: membership in the relation lattice by an integer combination of the relations, and
//! non-membership by a rational separator z with R·z integral and x·z not.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::matrix::{AbelianGroup, Dense, Entry, Ring, Scalar};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::exact;
use super::integral::{Snf, snf};
use super::{claim, lit};
use crate::cas::{self, Answer, Query};

/// What to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ElementOperation {
    /// The element's coordinates in Z^r ⊕ Z/d_1 ⊕ … ⊕ Z/d_k (torsion parts reduced).
    Reduce,
    /// Its order (or "infinite").
    Order,
    /// Whether it equals `other`.
    Equal,
}

/// Input of `abelian_group.compute.element`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ElementInput {
    /// The group.
    pub group: AbelianGroup,
    /// The operation.
    pub operation: ElementOperation,
    /// The element Σ x_j g_j, one integer per generator.
    pub element: Vec<Entry>,
    /// The other element, for `equal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other: Option<Vec<Entry>>,
}

/// Output of `abelian_group.compute.element`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ElementOutput {
    /// The invariant factors d_i > 1 of the torsion part.
    pub invariant_factors: Vec<String>,
    /// The free rank.
    pub free_rank: usize,
    /// The element's torsion coordinates, each in [0, d_i).
    pub torsion_coordinates: Vec<String>,
    /// Its free coordinates.
    pub free_coordinates: Vec<String>,
    /// Its order: a decimal, or "infinite" (order).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
    /// Whether the two elements are equal (equal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub equal: Option<bool>,
}

/// `abelian_group.compute.element`.
pub struct GroupElement;

fn vector(v: &[Entry], at: &str) -> Result<Vec<BigInt>, Diagnostic> {
    let m = jacobian_runtime::objects::matrix::Vector { ring: Some(Ring::Integer), entries: v.to_vec() };
    let d = m.dense().map_err(|d| d.under(at))?;
    Ok(d.data.first().map(|r| r.iter().map(|s| s.num.clone()).collect()).unwrap_or_default())
}

fn read(i: &ElementInput) -> Result<(Dense, Vec<BigInt>), Diagnostic> {
    let r = i.group.dense().map_err(|d| d.under("/group"))?;
    let n = r.cols;
    let x = vector(&i.element, "/element")?;
    if x.len() != n {
        return Err(Diagnostic::at("/element", "NOT_CONFORMABLE", format!("{n} coefficients, one per generator")));
    }
    let x = match (i.operation, &i.other) {
        (ElementOperation::Equal, Some(o)) => {
            let y = vector(o, "/other")?;
            if y.len() != n {
                return Err(Diagnostic::at("/other", "NOT_CONFORMABLE", format!("{n} coefficients")));
            }
            x.iter().zip(&y).map(|(a, b)| a - b).collect()
        }
        (ElementOperation::Equal, None) => {
            return Err(Diagnostic::at("/other", "MISSING_FIELD", "`equal` compares with `other`"));
        }
        (_, Some(_)) => return Err(Diagnostic::at("/other", "NOT_APPLICABLE", "`other` is for `equal`")),
        (_, None) => x,
    };
    Ok((r, x))
}

/// The Smith diagonal padded to n entries (0 past the relations).
fn diagonal(s: &Snf, n: usize) -> Vec<BigInt> {
    (0..n).map(|i| s.diagonal.get(i).cloned().unwrap_or_default()).collect()
}

/// y = x·V.
fn coordinates(x: &[BigInt], s: &Snf) -> Vec<BigInt> {
    (0..s.right.cols).map(|j| x.iter().zip(&s.right.data).map(|(a, row)| a * &row[j].num).sum()).collect()
}

fn row(v: &[Scalar]) -> Dense {
    Dense { ring: Ring::Rational, rows: 1, cols: v.len(), data: vec![v.to_vec()] }
}

/// x ∉ rowspace_Z(R): z = V·e_i / d_i with d_i ∤ y_i, as the no-solution statement of R^T·c = x.
fn outside(r: &Dense, x: &[BigInt], s: &Snf, y: &[BigInt], d: &[BigInt]) -> Option<Value> {
    let i = (0..d.len()).find(|&i| if d[i].is_zero() { !y[i].is_zero() } else { !(&y[i] % &d[i]).is_zero() })?;
    let divisor = if d[i].is_zero() { &y[i] * 2 } else { d[i].clone() };
    let z: Vec<Scalar> = s.right.data.iter().map(|row| Scalar::fraction(row[i].num.clone(), divisor.clone())).collect();
    let xt = Dense {
        ring: Ring::Integer,
        rows: x.len(),
        cols: 1,
        data: x.iter().map(|v| vec![Scalar::int(v.clone())]).collect(),
    };
    Some(json!({"no_solution": {"matrix": lit(&exact::transpose(r)), "rhs": lit(&xt), "certificate": lit(&row(&z))}}))
}

/// k·x ∈ rowspace_Z(R): c = w·U with w_i = k·y_i / d_i, and c·R = k·x.
fn inside(r: &Dense, x: &[BigInt], k: &BigInt, s: &Snf, y: &[BigInt], d: &[BigInt]) -> Value {
    let w: Vec<BigInt> =
        (0..r.rows).map(|i| if i < d.len() && !d[i].is_zero() { k * &y[i] / &d[i] } else { BigInt::zero() }).collect();
    let c: Vec<Scalar> = (0..r.rows)
        .map(|j| Scalar::int(w.iter().zip(&s.left.data).map(|(a, row)| a * &row[j].num).sum::<BigInt>()))
        .collect();
    let cd = Dense { ring: Ring::Integer, ..row(&c) };
    let kx = Dense { ring: Ring::Integer, ..row(&x.iter().map(|v| Scalar::int(k * v)).collect::<Vec<_>>()) };
    json!({"equal": [{"product": [lit(&cd), lit(r)]}, lit(&kx)]})
}

/// The primes of k by trial division, when k < 10^12.
fn primes(k: &BigInt) -> Option<Vec<BigInt>> {
    let mut n = k.to_u64().filter(|&n| n < 1_000_000_000_000)?;
    let mut out = vec![];
    let mut p = 2u64;
    while p * p <= n {
        if n.is_multiple_of(p) {
            out.push(BigInt::from(p));
            while n.is_multiple_of(p) {
                n /= p;
            }
        }
        p += 1;
    }
    if n > 1 {
        out.push(BigInt::from(n));
    }
    Some(out)
}

impl Query for GroupElement {
    type Input = ElementInput;
    type Output = ElementOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "abelian_group.compute.element",
                "Order, normal form and equality of abelian group elements",
                "For an element of a finitely generated abelian group given by generators and relations: its \
                 coordinates in Z^r ⊕ Z/d_1 ⊕ … ⊕ Z/d_k, its order, or whether it equals another element.",
                "Computes the Smith form of the relations with PARI/GP (up to 120 generators and relations). VERIFY: \
                 k·x an integer combination of the relations, and for each prime p | k, (k/p)·x not (a rational \
                 separator z with R·z integral and x·z not); infinite order by z with R·z = 0, x·z ≠ 0.",
                &["abelian-group", "element", "order", "normal-form", "word-problem", "equal", "torsion", "reduce"],
            ),
            &[super::EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the order of a + b in ⟨a, b | 4a = 0, 6b = 0⟩",
            Mode::Verify,
            json!({"group": {"generators": 2, "relations": [[4, 0], [0, 6]]}, "operation": "order", "element": [1, 1]}),
        )]
    }
    fn validate(&self, i: &ElementInput) -> Result<(), Diagnostic> {
        let (r, _) = read(i)?;
        if r.cols == 0 {
            return Err(Diagnostic::at("/group/generators", "EMPTY", "at least one generator"));
        }
        Ok(())
    }
    fn bounds(&self, i: &ElementInput) -> Result<(), Refusal> {
        let d = i.group.dense().map_err(|d| Refusal::Unsupported(d.under("/group")))?;
        super::bound(&d.to_matrix(), 120, 100, "/group/relations")
    }
    fn answer(&self, i: &ElementInput, ctx: &AdapterContext) -> Result<Answer<ElementOutput>, AdapterError> {
        let (r, x) = read(i).map_err(|d| AdapterError::Backend(d.message))?;
        let n = r.cols;
        let s = if r.rows == 0 {
            Snf {
                left: exact::identity(&Ring::Integer, 0),
                right: exact::identity(&Ring::Integer, n),
                diagonal: vec![],
            }
        } else {
            snf(&r, ctx)?
        };
        let d = diagonal(&s, n);
        let y = coordinates(&x, &s);
        let torsion: Vec<usize> = (0..n).filter(|&k| d[k] > BigInt::one()).collect();
        let free: Vec<usize> = (0..n).filter(|&k| d[k].is_zero()).collect();
        let mut out = ElementOutput {
            invariant_factors: torsion.iter().map(|&k| d[k].to_string()).collect(),
            free_rank: free.len(),
            torsion_coordinates: torsion.iter().map(|&k| y[k].mod_floor(&d[k]).to_string()).collect(),
            free_coordinates: free.iter().map(|&k| y[k].to_string()).collect(),
            order: None,
            equal: None,
        };
        let infinite = free.iter().any(|&k| !y[k].is_zero());
        let mut statements = vec![];
        let mut ring = Ring::Integer;
        match i.operation {
            ElementOperation::Reduce => {}
            ElementOperation::Equal => {
                let equal = outside(&r, &x, &s, &y, &d);
                out.equal = Some(equal.is_none());
                statements.push(equal.unwrap_or_else(|| inside(&r, &x, &BigInt::one(), &s, &y, &d)));
            }
            ElementOperation::Order if infinite => {
                // z = V·e_k / y_k for a free coordinate: R·z = 0 and x·z = 1, over Q.
                let k = free.iter().copied().find(|&k| !y[k].is_zero()).unwrap_or(0);
                let z: Vec<Scalar> =
                    s.right.data.iter().map(|row| Scalar::fraction(row[k].num.clone(), y[k].clone())).collect();
                let xt = Dense {
                    ring: Ring::Rational,
                    rows: n,
                    cols: 1,
                    data: x.iter().map(|v| vec![Scalar::int(v.clone())]).collect(),
                };
                let rt = Dense { ring: Ring::Rational, ..exact::transpose(&r) };
                statements
                    .push(json!({"no_solution": {"matrix": lit(&rt), "rhs": lit(&xt), "certificate": lit(&row(&z))}}));
                ring = Ring::Rational;
                out.order = Some("infinite".into());
            }
            ElementOperation::Order => {
                let k = torsion.iter().fold(BigInt::one(), |acc, &t| acc.lcm(&(&d[t] / y[t].gcd(&d[t]))));
                statements.push(inside(&r, &x, &k, &s, &y, &d));
                if let Some(ps) = primes(&k) {
                    for p in ps {
                        let part: Vec<BigInt> = x.iter().map(|v| v * (&k / &p)).collect();
                        let ypart: Vec<BigInt> = y.iter().map(|v| v * (&k / &p)).collect();
                        if let Some(st) = outside(&r, &part, &s, &ypart, &d) {
                            statements.push(st);
                        }
                    }
                } else {
                    statements.clear();
                }
                out.order = Some(k.to_string());
            }
        }
        let answer = Answer::from(out);
        Ok(if statements.is_empty() {
            if i.operation == ElementOperation::Reduce {
                // The reduced coordinates are read off the Smith certificate.
                let (left, right) = (lit(&s.left), lit(&s.right));
                let diag: Vec<String> = s.diagonal.iter().map(BigInt::to_string).collect();
                let xv =
                    Dense { ring: Ring::Integer, ..row(&x.iter().map(|v| Scalar::int(v.clone())).collect::<Vec<_>>()) };
                let yv =
                    Dense { ring: Ring::Integer, ..row(&y.iter().map(|v| Scalar::int(v.clone())).collect::<Vec<_>>()) };
                let statements = vec![
                    json!({"smith": {"matrix": lit(&r), "left": left, "right": right.clone(), "diagonal": diag}}),
                    json!({"equal": [{"product": [lit(&xv), right]}, lit(&yv)]}),
                ];
                answer.claim(claim(&Ring::Integer, statements))
            } else {
                answer
            }
        } else {
            answer.claim(claim(&ring, statements))
        })
    }
}
