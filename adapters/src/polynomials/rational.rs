//! Rational functions in one variable over Q: antiderivatives by Hermite reduction and the
//! logarithmic part from the residues (Rothstein–Trager over each irreducible factor of the
//! square-free denominator, the factors from PARI/GP), residues at every pole and at infinity,
//! and indefinite sums of polynomials (q(x + 1) − q(x) = p).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::arith::{self, add, deriv, gcdext, monic, mul, poly, quo, rem, scale, solve_bezout, sub, trim};
use super::calculus::divide;
use super::{Poly, Rat, constant, dense, equal, identities, product, q, read, ring, sum, terms};
use crate::cas::{self, Answer, Query};

/// Highest degree of a numerator or denominator.
pub const MAX_DEGREE: u32 = 120;

fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

/// Input of the rational-function calculus capabilities.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FunctionInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Q` (default; the only domain).
    #[serde(default = "q")]
    pub domain: String,
    /// The numerator.
    pub numerator: PolyValue,
    /// The denominator (not zero).
    pub denominator: PolyValue,
}

fn function_input(i: &FunctionInput) -> Result<(Ring, Vec<Rat>, Vec<Rat>), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::one_variable(&r)?;
    if r.domain.characteristic() != 0 || !r.domain.is_field() {
        return Err(Diagnostic::at("/domain", "NOT_SUPPORTED", "over Q"));
    }
    let n = read(&r, &i.numerator, "/numerator")?;
    let d = read(&r, &i.denominator, "/denominator")?;
    if d.is_zero() {
        return Err(Diagnostic::at("/denominator", "DIVISION_BY_ZERO", "the denominator is not zero"));
    }
    Ok((r, dense(&n), dense(&d)))
}

fn function_bounds(i: &FunctionInput) -> Result<(), Refusal> {
    let (_, n, d) = function_input(i).map_err(super::refused)?;
    for (v, path) in [(n, "/numerator"), (d, "/denominator")] {
        super::degree_bound(&poly(&v), 1, MAX_DEGREE, path)?;
    }
    Ok(())
}

/// A logarithmic term Σ_{q(α)=0} r(α)·log(x − α), which is c·log q when r is a constant c.
struct LogTerm {
    q: Vec<Rat>,
    r: Vec<Rat>,
    order: u32,
}

/// ∫ N/D = polynomial + G/H + Σ log terms.
struct Integral {
    polynomial: Vec<Rat>,
    g: Vec<Rat>,
    h: Vec<Rat>,
    logs: Vec<LogTerm>,
    /// The proper part A/D of N/D, D monic.
    proper: (Vec<Rat>, Vec<Rat>),
}

/// Hermite reduction (Bronstein's quadratic version) and the residues over each irreducible
/// factor of the square-free part of the denominator.
fn integrate(r: &Ring, n: &[Rat], d: &[Rat], ctx: &AdapterContext) -> Result<Integral, AdapterError> {
    let g0 = arith::gcd(r, n, d);
    let (n, d) = (quo(r, n, &g0), quo(r, d, &g0));
    let lc = d.last().cloned().unwrap_or_else(Rat::one);
    let (n, d) = (scale(r, &n, &lc.recip()), monic(r, &d));
    let (p, a0) = divide(r, &n, &d);
    let p = trim(p);
    let polynomial: Vec<Rat> = std::iter::once(Rat::zero())
        .chain(p.iter().enumerate().map(|(k, c)| c / Rat::from_integer((k + 1).into())))
        .collect();
    let parts = arith::squarefree(r, &d);
    let mut a = trim(a0.clone());
    let mut dd = d.clone();
    let (mut g, mut h) = (vec![], vec![Rat::one()]);
    for (k, v) in parts.iter().enumerate().skip(1) {
        ctx.checkpoint()?;
        let i = k + 1;
        if v.len() <= 1 {
            continue;
        }
        let vi = (0..i).fold(vec![Rat::one()], |acc, _| mul(r, &acc, v));
        let u = quo(r, &dd, &vi);
        let uv = mul(r, &u, &deriv(r, v));
        for j in (1..i).rev() {
            let c = scale(r, &a, &-Rat::from_integer(j.into()).recip());
            let (b, cc) = solve_bezout(r, &uv, v, &c);
            // g += b / v^j
            let vj = (0..j).fold(vec![Rat::one()], |acc, _| mul(r, &acc, v));
            g = add(r, &mul(r, &g, &vj), &mul(r, &b, &h));
            h = mul(r, &h, &vj);
            a = sub(r, &scale(r, &cc, &-Rat::from_integer(j.into())), &mul(r, &u, &deriv(r, &b)));
        }
        dd = mul(r, &u, v);
    }
    let common = arith::gcd(r, &g, &h);
    if !g.is_empty() {
        (g, h) = (quo(r, &g, &common), quo(r, &h, &common));
        let l = h.last().cloned().unwrap_or_else(Rat::one);
        (g, h) = (scale(r, &g, &l.recip()), monic(r, &h));
    } else {
        h = vec![Rat::one()];
    }
    // The square-free remainder a/dd: residues over each irreducible factor of dd.
    let mut logs = vec![];
    if !a.is_empty() {
        let (_, factors) = super::univariate::factorize(r, &poly(&dd), ctx)?;
        let dprime = deriv(r, &dd);
        for (fq, _) in factors {
            let qv = monic(r, &dense(&fq));
            let (_, inv, _) = gcdext(r, &dprime, &qv);
            let res = rem(r, &mul(r, &a, &inv), &qv);
            let order = (1..=parts.len()).find(|&k| rem(r, &parts[k - 1], &qv).is_empty()).unwrap_or(1) as u32;
            logs.push(LogTerm { q: qv, r: res, order });
        }
    }
    Ok(Integral { polynomial: trim(polynomial), g, h, logs, proper: (trim(a0), d) })
}

/// One logarithmic term of an antiderivative.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LogOut {
    /// q, an irreducible monic factor of the square-free part of the denominator.
    pub factor: String,
    /// r(x) of degree below q's: the term is Σ over the roots α of q of r(α)·log(x − α).
    pub residue: String,
    /// When r is a constant c: the term is c·log(q(x)).
    pub coefficient: Option<String>,
}

/// Output of `rational_function.compute.integral`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct IntegralOutput {
    /// The antiderivative of the polynomial part (zero constant term).
    pub polynomial_part: String,
    /// The rational part G/H of Hermite reduction: numerator.
    pub rational_numerator: String,
    /// Its denominator, monic.
    pub rational_denominator: String,
    /// The logarithmic part, one term per irreducible factor of the square-free denominator.
    pub logarithmic_part: Vec<LogOut>,
    /// Whether the whole antiderivative has rational coefficients (every residue term a constant).
    pub elementary_over_q: bool,
    /// The antiderivative as one text when `elementary_over_q`: P + G/H + Σ c·log(q).
    pub antiderivative: Option<String>,
}

/// `rational_function.compute.integral`.
pub struct Antiderivative;

impl Query for Antiderivative {
    type Input = FunctionInput;
    type Output = IntegralOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "rational_function.compute.integral",
                "Antiderivative of a rational function (Hermite reduction and logarithmic part)",
                "The antiderivative of a rational function over Q: Hermite reduction's rational part plus logarithms \
                 c*log(q), or sums over the roots of q where a residue is irrational.",
                "Integrates N/D in one variable exactly: the polynomial part, Hermite reduction over the square-free \
                 decomposition of D (the rational part G/H), and the logarithmic part over each irreducible factor q \
                 of the square-free remainder's denominator (factored by PARI/GP): the residue r = A/D' mod q, a \
                 term c*log(q) when r is a constant c, else the sum of r(a)*log(x - a) over the roots a of q. VERIFY \
                 replays N/D = P' + (G/H)' + sum (r q' mod q)/q with every q square-free (a Bezout relation with q').",
                &[
                    "rational-function",
                    "integral",
                    "antiderivative",
                    "integrate",
                    "hermite-reduction",
                    "rothstein-trager",
                    "logarithmic-part",
                    "primitive",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("∫ 1/(x^3 - x) dx", Mode::Verify, json!({"variables": ["x"], "numerator": "1", "denominator": "x^3 - x"})),
            (
                "∫ (x^2 + 1)/((x - 1)^2 (x^2 - 2)) dx",
                Mode::Explore,
                json!({"variables": ["x"], "numerator": "x^2 + 1", "denominator": "(x - 1)^2*(x^2 - 2)"}),
            ),
        ]
    }
    fn validate(&self, i: &FunctionInput) -> Result<(), Diagnostic> {
        function_input(i).map(|_| ())
    }
    fn bounds(&self, i: &FunctionInput) -> Result<(), Refusal> {
        function_bounds(i)
    }
    fn answer(&self, i: &FunctionInput, ctx: &AdapterContext) -> Result<Answer<IntegralOutput>, AdapterError> {
        let (r, n, d) = function_input(i).map_err(unsupported)?;
        let it = integrate(&r, &n, &d, ctx)?;
        let pr = |v: &[Rat]| r.print(&poly(v));
        let elementary = it.logs.iter().all(|l| l.r.len() <= 1);
        let mut rel = vec![];
        // N·H²·Π q = D·(P'·H²·Π q + (G'H − GH')·Π q + H²·Σ Sᵢ Π_{j≠i} qⱼ), Sᵢ = rᵢ qᵢ′ mod qᵢ.
        let qs: Vec<Value> = it.logs.iter().map(|l| terms(&poly(&l.q))).collect();
        let all_q = |skip: Option<usize>| {
            let mut f = vec![constant(&Rat::one(), 1)];
            f.extend(qs.iter().enumerate().filter(|(k, _)| Some(*k) != skip).map(|(_, q)| q.clone()));
            product(f)
        };
        let (gt, ht) = (terms(&poly(&it.g)), terms(&poly(&it.h)));
        let h2 = product(vec![ht.clone(), ht.clone()]);
        let mut inner = vec![
            product(vec![super::derivative(terms(&poly(&it.polynomial)), 0), h2.clone(), all_q(None)]),
            product(vec![
                sum(vec![
                    product(vec![super::derivative(gt.clone(), 0), ht.clone()]),
                    product(vec![constant(&-Rat::one(), 1), gt.clone(), super::derivative(ht.clone(), 0)]),
                ]),
                all_q(None),
            ]),
        ];
        for (k, l) in it.logs.iter().enumerate() {
            let s = rem(&r, &mul(&r, &l.r, &deriv(&r, &l.q)), &l.q);
            inner.push(product(vec![h2.clone(), terms(&poly(&s)), all_q(Some(k))]));
            let (_, u, v) = gcdext(&r, &l.q, &deriv(&r, &l.q));
            rel.push(equal(
                constant(&Rat::one(), 1),
                sum(vec![
                    product(vec![terms(&poly(&u)), terms(&poly(&l.q))]),
                    product(vec![terms(&poly(&v)), super::derivative(terms(&poly(&l.q)), 0)]),
                ]),
            ));
        }
        rel.push(equal(product(vec![terms(&poly(&n)), h2, all_q(None)]), product(vec![terms(&poly(&d)), sum(inner)])));
        let logs: Vec<LogOut> = it
            .logs
            .iter()
            .map(|l| LogOut {
                factor: pr(&l.q),
                residue: pr(&l.r),
                coefficient: (l.r.len() <= 1).then(|| rational_text(l.r.first().unwrap_or(&Rat::zero()))),
            })
            .collect();
        let antiderivative = elementary.then(|| {
            let mut parts = vec![];
            if !it.polynomial.is_empty() {
                parts.push(pr(&it.polynomial));
            }
            if !it.g.is_empty() {
                parts.push(format!("({})/({})", pr(&it.g), pr(&it.h)));
            }
            for l in logs.iter().filter(|l| l.coefficient.as_deref() != Some("0")) {
                parts.push(format!("({})*log({})", l.coefficient.clone().unwrap_or_default(), l.factor));
            }
            if parts.is_empty() { "0".into() } else { parts.join(" + ") }
        });
        let out = IntegralOutput {
            polynomial_part: pr(&it.polynomial),
            rational_numerator: pr(&it.g),
            rational_denominator: pr(&it.h),
            logarithmic_part: logs,
            elementary_over_q: elementary,
            antiderivative,
        };
        Ok(Answer::from(out).claim(identities(&r, rel)))
    }
}

/// The residue of f at the roots of one factor of its denominator.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ResidueOut {
    /// q, an irreducible monic factor of the denominator (in lowest terms).
    pub factor: String,
    /// The order of the pole at each root of q (q's multiplicity in the denominator).
    pub order: u32,
    /// r(x) of degree below q's: the residue at each root α of q is r(α).
    pub residue: String,
    /// The residue itself when r is a constant (always when q is linear).
    pub value: Option<String>,
    /// q linear: the pole α.
    pub pole: Option<String>,
}

/// Output of `rational_function.compute.residues`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ResiduesOutput {
    /// The finite poles, one entry per irreducible factor of the denominator.
    pub poles: Vec<ResidueOut>,
    /// The residue at infinity, −(sum of every finite residue).
    pub residue_at_infinity: String,
    /// The sum of the residues over every finite pole (the trace of each r over its factor).
    pub sum_of_finite_residues: String,
}

/// `rational_function.compute.residues`.
pub struct Residues;

impl Query for Residues {
    type Input = FunctionInput;
    type Output = ResiduesOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "rational_function.compute.residues",
            "Residues of a rational function at its poles and at infinity",
            "The residues of a rational function over Q at every pole (of any order, exact, as r(a) over the roots \
             a of each irreducible factor of the denominator) and the residue at infinity.",
            "Computes global residues of N/D in one variable: Hermite reduction leaves the residues unchanged and \
             makes every pole simple, so the residue at a root a of an irreducible factor q of the denominator (from \
             PARI/GP) is r(a) with r = A/D' mod q; linear factors give rational residues. The pole orders are the \
             multiplicities of the factors; the residue at infinity is minus the sum of the finite residues.",
            &["rational-function", "residue", "residues", "poles", "residue-at-infinity", "laurent", "global-residues"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "residues of (x + 2)/((x - 1)^2 (x^2 + 1))",
            Mode::Explore,
            json!({"variables": ["x"], "numerator": "x + 2", "denominator": "(x - 1)^2*(x^2 + 1)"}),
        )]
    }
    fn validate(&self, i: &FunctionInput) -> Result<(), Diagnostic> {
        function_input(i).map(|_| ())
    }
    fn bounds(&self, i: &FunctionInput) -> Result<(), Refusal> {
        function_bounds(i)
    }
    fn answer(&self, i: &FunctionInput, ctx: &AdapterContext) -> Result<Answer<ResiduesOutput>, AdapterError> {
        let (r, n, d) = function_input(i).map_err(unsupported)?;
        let it = integrate(&r, &n, &d, ctx)?;
        let pr = |v: &[Rat]| r.print(&poly(v));
        // The sum over the roots of q of r(α) is the trace: Σ r(α) = coefficient of the
        // remainder of r·q′ mod q at x^(deg q − 1), read off (r q′ mod q)/q at infinity.
        let mut total = Rat::zero();
        let mut poles = vec![];
        for l in &it.logs {
            let s = rem(&r, &mul(&r, &l.r, &deriv(&r, &l.q)), &l.q);
            total += s.get(l.q.len() - 2).cloned().unwrap_or_else(Rat::zero);
            let constant = (l.r.len() <= 1).then(|| rational_text(l.r.first().unwrap_or(&Rat::zero())));
            let pole = (l.q.len() == 2).then(|| rational_text(&-l.q[0].clone()));
            poles.push(ResidueOut { factor: pr(&l.q), order: l.order, residue: pr(&l.r), value: constant, pole });
        }
        // Cross-check with the residue at infinity read from the proper part A/D.
        let (a, dd) = &it.proper;
        let at_infinity = if !a.is_empty() && a.len() + 1 == dd.len() { -a[a.len() - 1].clone() } else { Rat::zero() };
        if at_infinity != -total.clone() {
            return Err(AdapterError::Backend("the residues do not sum to minus the residue at infinity".into()));
        }
        Ok(ResiduesOutput {
            poles,
            residue_at_infinity: rational_text(&at_infinity),
            sum_of_finite_residues: rational_text(&total),
        }
        .into())
    }
}

/// Input of `polynomial.compute.indefinite_sum`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SumInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Q` (default; the only domain).
    #[serde(default = "q")]
    pub domain: String,
    /// The summand p (degree at most 200).
    pub polynomial: PolyValue,
    /// Also the definite sum Σ_{k=low}^{high} p(k) (integers, low ≤ high + 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<[Coefficient; 2]>,
}

/// Output of `polynomial.compute.indefinite_sum`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SumOutput {
    /// q with q(x + 1) − q(x) = p(x) and q(0) = 0, so Σ_{k=0}^{n-1} p(k) = q(n).
    pub antidifference: String,
    /// Σ_{k=low}^{high} p(k) = q(high + 1) − q(low), when a range was given.
    pub definite_sum: Option<String>,
}

/// `polynomial.compute.indefinite_sum`.
pub struct IndefiniteSum;

/// A range of summation.
type Range = Option<(Rat, Rat)>;

fn sum_input(i: &SumInput) -> Result<(Ring, Poly, Range), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::one_variable(&r)?;
    if r.domain.characteristic() != 0 || !r.domain.is_field() {
        return Err(Diagnostic::at("/domain", "NOT_SUPPORTED", "over Q"));
    }
    let p = read(&r, &i.polynomial, "/polynomial")?;
    let range = match &i.range {
        Some([a, b]) => {
            let (a, b) = (super::native::scalar(&r, a, "/range/0")?, super::native::scalar(&r, b, "/range/1")?);
            if !a.is_integer() || !b.is_integer() || a > &b + Rat::one() {
                return Err(Diagnostic::at("/range", "BAD_RANGE", "integers low ≤ high + 1"));
            }
            Some((a, b))
        }
        None => None,
    };
    Ok((r, p, range))
}

impl Query for IndefiniteSum {
    type Input = SumInput;
    type Output = SumOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.compute.indefinite_sum",
                "Indefinite sum (discrete antiderivative) of a polynomial",
                "The discrete antiderivative q of a polynomial p over Q, q(x + 1) - q(x) = p(x) with q(0) = 0, and \
                 definite sums of p(k) over an integer range.",
                "Solves the difference equation q(x + 1) - q(x) = p(x) for a polynomial q of degree deg p + 1 with \
                 q(0) = 0 (Faulhaber's formulas for powers), by triangular elimination from the top coefficient, and \
                 evaluates sum_{k=low}^{high} p(k) = q(high + 1) - q(low). VERIFY expands q(x + 1) - q(x) - p(x).",
                &["polynomial", "indefinite-sum", "antidifference", "summation", "faulhaber", "finite-difference"],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("rational.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "sum of k^2 for k = 1..100",
            Mode::Verify,
            json!({"variables": ["k"], "polynomial": "k^2", "range": [1, 100]}),
        )]
    }
    fn validate(&self, i: &SumInput) -> Result<(), Diagnostic> {
        sum_input(i).map(|_| ())
    }
    fn bounds(&self, i: &SumInput) -> Result<(), Refusal> {
        let (_, p, range) = sum_input(i).map_err(super::refused)?;
        super::degree_bound(&p, 1, 200, "/polynomial")?;
        if let Some((a, b)) = range
            && (a.numer().bits() > 256 || b.numer().bits() > 256)
        {
            return Err(Refusal::Unsupported(Diagnostic::at("/range", "TOO_LARGE", "at most 256-bit endpoints")));
        }
        Ok(())
    }
    fn answer(&self, i: &SumInput, ctx: &AdapterContext) -> Result<Answer<SumOutput>, AdapterError> {
        let (r, p, range) = sum_input(i).map_err(unsupported)?;
        let mut rest = dense(&p);
        let mut q = vec![Rat::zero(); rest.len() + 1];
        while let Some(top) = rest.last().cloned() {
            ctx.checkpoint()?;
            let k = rest.len() - 1;
            let c = top / Rat::from_integer((k + 1).into());
            q[k + 1] = c.clone();
            // Δ x^(k+1) = Σ_{j ≤ k} C(k+1, j) x^j.
            let mut delta = vec![Rat::zero(); k + 1];
            let mut binom = Rat::one();
            for (j, slot) in delta.iter_mut().enumerate() {
                *slot = binom.clone();
                binom = binom * Rat::from_integer((k + 1 - j).into()) / Rat::from_integer((j + 1).into());
            }
            rest = sub(&r, &rest, &scale(&r, &delta, &c));
        }
        let q = trim(q);
        let qp = poly(&q);
        let definite = range.map(|(a, b)| rational_text(&(arith::value(&q, &(b + Rat::one())) - arith::value(&q, &a))));
        let shifted = super::substituted(&qp, &[sum(vec![terms(&Poly::variable(0, 1)), constant(&Rat::one(), 1)])], 1);
        let rel = vec![equal(terms(&p), sum(vec![shifted, product(vec![constant(&-Rat::one(), 1), terms(&qp)])]))];
        let out = SumOutput { antidifference: r.print(&qp), definite_sum: definite };
        Ok(Answer::from(out).claim(identities(&r, rel)))
    }
}
