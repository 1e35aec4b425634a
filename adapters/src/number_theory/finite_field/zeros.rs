//! Zero counts of multivariate polynomials over F_p, by evaluation at every point of F_p^n in
//! machine words.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::ToPrimitive;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{MAX_LISTED, MAX_POINTS, probable_prime, small_mul, small_pow, too_large};
use crate::cas::{self, Answer, Query};
use crate::integer::big;

/// Input of `finite_field.count.zeros`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZerosInput {
    /// The prime p (p^n ≤ 1,000,000).
    pub p: u64,
    /// The number of variables n, 1 to 20.
    #[schemars(range(min = 1, max = 20))]
    pub variables: u32,
    /// The terms [coefficient, [e1, …, en]] (an integer and n exponents); [] is the zero polynomial.
    #[schemars(length(max = 1000))]
    pub terms: Vec<(DecimalInteger, Vec<u32>)>,
    /// Also list the affine zeros (the first 10,000, in lexicographic order of (x1, …, xn)).
    #[serde(default)]
    pub list: bool,
}

/// Output of `finite_field.count.zeros`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ZerosOutput {
    /// The number of zeros in F_p^n.
    pub affine: u64,
    /// The number of zeros in projective space: in P^(n−1) when the polynomial is homogeneous, else of its
    /// homogenization (the projective closure) in P^n.
    pub projective: u64,
    /// Whether every term with a non-zero coefficient mod p has the same total degree.
    pub homogeneous: bool,
    /// The dimension of the projective space counted in (n − 1 or n).
    pub projective_dimension: u32,
    /// The affine zeros, when listed.
    pub zeros: Option<Vec<Vec<u64>>>,
    /// Whether every affine zero was listed (null when none were asked for).
    pub listed_all: Option<bool>,
}

/// `finite_field.count.zeros`.
pub struct CountZeros;

impl Query for CountZeros {
    type Input = ZerosInput;
    type Output = ZerosOutput;

    fn describe(&self) -> Describe {
        Describe {
            scope_rule: "Exactly the given polynomial over F_p.",
            ..cas::describe(
                "finite_field.count.zeros",
                "Count the zeros (points) of a polynomial over F_p",
                "How many solutions a multivariate polynomial equation f = 0 has over a finite field F_p, affine and \
                 projective, and optionally the solutions themselves.",
                "Counts the affine zeros in F_p^n and the projective zeros (in P^(n−1) for a homogeneous \
                 polynomial, else of the projective closure in P^n) by evaluating f at every point, exactly, for \
                 p^n ≤ 1,000,000 and p^n times the number of variable occurrences ≤ 2·10^7. The polynomial is a \
                 list of terms [coefficient, [exponents]].",
                &["finite-field", "zeros", "point-count", "solutions", "variety", "hypersurface", "enumeration"],
            )
        }
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("zeros.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        let circle = json!([[1, [2, 0]], [1, [0, 2]], [-1, [0, 0]]]);
        vec![(
            "points of the circle x² + y² = 1 over F_7",
            Mode::Explore,
            json!({"p": 7, "variables": 2, "terms": circle}),
        )]
    }
    fn validate(&self, i: &ZerosInput) -> Result<(), Diagnostic> {
        if !probable_prime(&BigInt::from(i.p)) {
            return Err(Diagnostic::at("/p", "NOT_PRIME", "p must be a prime"));
        }
        if i.variables == 0 || i.variables > 20 {
            return Err(Diagnostic::at("/variables", "OUT_OF_RANGE", "from 1 to 20 variables"));
        }
        match i.terms.iter().position(|(_, e)| e.len() != i.variables as usize) {
            Some(k) => Err(Diagnostic::at(format!("/terms/{k}/1"), "BAD_ARITY", "one exponent per variable")),
            None => Ok(()),
        }
    }
    fn bounds(&self, i: &ZerosInput) -> Result<(), Refusal> {
        let points = i.p.checked_pow(i.variables).filter(|&n| n <= MAX_POINTS);
        let Some(points) = points else { return Err(too_large("/variables", "p^n is above 1,000,000 points".into())) };
        let occurrences: u64 = i.terms.iter().map(|(_, e)| e.iter().filter(|&&e| e > 0).count() as u64).sum();
        if i.terms.len() > 1000 || points.saturating_mul(occurrences.max(1)) > 20_000_000 {
            return Err(too_large("/terms", "p^n times the variable occurrences is above 2·10^7".into()));
        }
        i.terms.iter().enumerate().try_for_each(|(k, (c, _))| cas::digit_bound(c, 1000, &format!("/terms/{k}/0")))
    }
    fn answer(&self, i: &ZerosInput, ctx: &AdapterContext) -> Result<Answer<ZerosOutput>, AdapterError> {
        let f = Polynomial::read(i);
        let (affine, top, zeros) = f.enumerate(i.variables, i.list, ctx)?;
        let (p, origin) = (i.p, u64::from(f.terms.iter().all(|t| t.degree > 0)));
        let (projective, projective_dimension) = if f.homogeneous {
            ((affine - origin) / (p - 1), i.variables - 1)
        } else {
            (affine + (top - 1) / (p - 1), i.variables)
        };
        let listed_all = i.list.then_some(zeros.len() as u64 == affine);
        let zeros = i.list.then_some(zeros);
        let homogeneous = f.homogeneous;
        Ok(ZerosOutput { affine, projective, homogeneous, projective_dimension, zeros, listed_all }.into())
    }
}

/// A term with a coefficient ≢ 0 mod p.
struct Term {
    c: u64,
    /// (variable, exponent) for every exponent above 0.
    powers: Vec<(usize, u64)>,
    degree: u64,
}

/// The polynomial over F_p: its terms with a coefficient ≢ 0 mod p.
struct Polynomial {
    p: u64,
    terms: Vec<Term>,
    degree: u64,
    homogeneous: bool,
}

impl Polynomial {
    fn read(i: &ZerosInput) -> Polynomial {
        let p = i.p;
        let terms: Vec<_> = i
            .terms
            .iter()
            .map(|(c, e)| {
                let c = big(c).mod_floor(&BigInt::from(p)).to_u64().unwrap_or(0);
                let powers = e.iter().enumerate().filter(|(_, e)| **e > 0).map(|(v, e)| (v, u64::from(*e))).collect();
                Term { c, powers, degree: e.iter().map(|&e| u64::from(e)).sum() }
            })
            .filter(|t| t.c != 0)
            .collect();
        let degree = terms.iter().map(|t| t.degree).max().unwrap_or(0);
        let homogeneous = terms.iter().all(|t| t.degree == degree);
        Polynomial { p, terms, degree, homogeneous }
    }

    /// f(x), or its part of top degree.
    fn eval(&self, x: &[u64], top: bool) -> u64 {
        let p = self.p;
        self.terms.iter().filter(|t| !top || t.degree == self.degree).fold(0, |acc, t| {
            let m = t.powers.iter().fold(t.c, |m, &(v, e)| small_mul(m, small_pow(x[v], e, p), p));
            (acc + m) % p
        })
    }

    /// The affine zeros of f and of its top-degree part (when f is not homogeneous), with the first
    /// [`MAX_LISTED`] zeros of f when asked.
    fn enumerate(&self, n: u32, list: bool, ctx: &AdapterContext) -> Result<(u64, u64, Vec<Vec<u64>>), AdapterError> {
        let (mut x, mut affine, mut top, mut zeros) = (vec![0u64; n as usize], 0u64, 0u64, vec![]);
        for k in 0..self.p.pow(n) {
            if k % 65_536 == 0 {
                ctx.checkpoint()?;
            }
            if self.eval(&x, false) == 0 {
                affine += 1;
                if list && zeros.len() < MAX_LISTED {
                    zeros.push(x.clone());
                }
            }
            if !self.homogeneous && self.eval(&x, true) == 0 {
                top += 1;
            }
            // The last variable runs fastest, so points come in lexicographic order of (x1, …, xn).
            for v in x.iter_mut().rev() {
                *v += 1;
                if *v < self.p {
                    break;
                }
                *v = 0;
            }
        }
        Ok((affine, top, zeros))
    }
}
