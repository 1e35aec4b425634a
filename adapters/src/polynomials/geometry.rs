//! Bernstein coefficients and range enclosures, multivariate division by a list, standard
//! monomials of monomial ideals (in-process); syzygies and singular points of plane curves
//! (Singular).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native::{MonomialOrder, scalar};
use super::{Poly, Rat, constant, equal, identities, power, product, q, read, ring, sum, terms};
use crate::cas::{self, Answer, Query};

const SINGULAR: BackendKind = BackendKind::Singular;

fn provider() -> Provider {
    super::native(include_str!("geometry.rs"))
}

fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

fn binomial(n: u32, k: u32) -> Rat {
    let mut c = BigInt::one();
    for j in 0..k {
        c = c * BigInt::from(n - j) / BigInt::from(j + 1);
    }
    Rat::from_integer(c)
}

/// Input of `polynomial.compute.bernstein`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BernsteinInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// The polynomial over Q.
    pub polynomial: PolyValue,
    /// The Bernstein degree n (default the polynomial's degree; at most 500).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<u32>,
    /// The interval [a, b] (default [0, 1]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<[Coefficient; 2]>,
}

/// Output of `polynomial.compute.bernstein`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BernsteinOutput {
    /// b₀, …, bₙ with f(a + (b − a)t) = Σ bₖ C(n, k) tᵏ (1 − t)ⁿ⁻ᵏ.
    pub coefficients: Vec<String>,
    /// [min bₖ, max bₖ]: an enclosure of f on [a, b] (the convex hull property).
    pub enclosure: [String; 2],
    /// Whether the enclosure is tight (its ends are b₀ or bₙ, values of f at a or b).
    pub tight: bool,
}

/// `polynomial.compute.bernstein`.
pub struct Bernstein;

fn bernstein_input(i: &BernsteinInput) -> Result<(Ring, Poly, u32, Rat, Rat), Diagnostic> {
    let r = ring(&i.variables, "Q")?;
    super::one_variable(&r)?;
    let f = read(&r, &i.polynomial, "/polynomial")?;
    let d = f.degree_in(0).unwrap_or(0);
    let n = i.degree.unwrap_or(d);
    if n < d || n > 500 {
        return Err(Diagnostic::at("/degree", "OUT_OF_RANGE", "at least the polynomial's degree, at most 500"));
    }
    let (a, b) = match &i.interval {
        Some([a, b]) => (scalar(&r, a, "/interval/0")?, scalar(&r, b, "/interval/1")?),
        None => (Rat::zero(), Rat::one()),
    };
    if a >= b {
        return Err(Diagnostic::at("/interval", "EMPTY_INTERVAL", "a < b"));
    }
    Ok((r, f, n, a, b))
}

impl Query for Bernstein {
    type Input = BernsteinInput;
    type Output = BernsteinOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.compute.bernstein",
                "Bernstein coefficients and a range enclosure of a polynomial on an interval",
                "The Bernstein-basis coefficients of a univariate polynomial on an interval [a, b], and the enclosure \
                 [min, max] of its values there that they give.",
                "Rewrites a polynomial over Q in the Bernstein basis of degree n on [a, b] (default [0, 1]) exactly; by \
                 the convex hull property its values on the interval lie between the least and greatest coefficient, \
                 which bounds it rigorously (positivity on an interval, range enclosure). VERIFY re-expands f(a + (b - \
                 a) t) = sum b_k C(n, k) t^k (1 - t)^(n - k).",
                &[
                    "polynomial",
                    "bernstein",
                    "bernstein-basis",
                    "enclosure",
                    "range",
                    "bounds",
                    "positivity",
                    "interval",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("x^2 - x on [0, 1]", Mode::Verify, json!({"variables": ["x"], "polynomial": "x^2 - x"}))]
    }
    fn validate(&self, i: &BernsteinInput) -> Result<(), Diagnostic> {
        bernstein_input(i).map(|_| ())
    }
    fn answer(&self, i: &BernsteinInput, _: &AdapterContext) -> Result<Answer<BernsteinOutput>, AdapterError> {
        let (r, f, n, a, b) = bernstein_input(i).map_err(unsupported)?;
        let shift = Poly::from_dense(&[a.clone(), &b - &a], 0, 1);
        let g = f.compose(std::slice::from_ref(&shift), 1).map_err(super::native::too_large)?;
        let gd = super::dense(&g);
        let coef: Vec<Rat> = (0..=n)
            .map(|k| {
                (0..=k.min(gd.len().saturating_sub(1) as u32))
                    .fold(Rat::zero(), |acc, j| acc + binomial(k, j) / binomial(n, j) * &gd[j as usize])
            })
            .collect();
        let min = coef.iter().min().cloned().unwrap_or_default();
        let max = coef.iter().max().cloned().unwrap_or_default();
        let tight = [&min, &max].iter().all(|v| **v == coef[0] || **v == coef[n as usize]);
        let x = json!([["1", [1]]]);
        let one_minus = terms(&Poly::from_dense(&[Rat::one(), -Rat::one()], 0, 1));
        let basis: Vec<Value> = coef
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let k = k as u32;
                product(vec![constant(&(c * binomial(n, k)), 1), power(x.clone(), k), power(one_minus.clone(), n - k)])
            })
            .collect();
        let rel = vec![equal(super::substituted(&f, &[terms(&shift)], 1), sum(basis))];
        let out = BernsteinOutput {
            coefficients: coef.iter().map(rational_text).collect(),
            enclosure: [rational_text(&min), rational_text(&max)],
            tight,
        };
        Ok(Answer::from(out).claim(identities(&r, rel)))
    }
}

/// Input of `polynomial.compute.multivariate_division`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DivideInput {
    /// Variable names, the first greatest.
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The dividend.
    pub dividend: PolyValue,
    /// The divisors g₁, …, gₛ (1 to 32, not zero).
    pub divisors: Vec<PolyValue>,
    /// The monomial order (default grevlex).
    #[serde(default)]
    pub order: MonomialOrder,
}

/// Output of `polynomial.compute.multivariate_division`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DivideOutput {
    /// q₁, …, qₛ.
    pub quotients: Vec<String>,
    /// r: no term of r is divisible by a leading term of a divisor.
    pub remainder: String,
}

/// `polynomial.compute.multivariate_division`.
pub struct MultivariateDivision;

fn divide_input(i: &DivideInput) -> Result<(Ring, Poly, Vec<Poly>), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::field_only(&r)?;
    let f = read(&r, &i.dividend, "/dividend")?;
    if i.divisors.is_empty() || i.divisors.len() > 32 {
        return Err(Diagnostic::at("/divisors", "BAD_LENGTH", "1 to 32 divisors"));
    }
    let mut gs = vec![];
    for (k, g) in i.divisors.iter().enumerate() {
        let g = read(&r, g, &format!("/divisors/{k}"))?;
        if g.is_zero() {
            return Err(Diagnostic::at(format!("/divisors/{k}"), "DIVISION_BY_ZERO", "a divisor is not zero"));
        }
        gs.push(g);
    }
    Ok((r, f, gs))
}

impl Query for MultivariateDivision {
    type Input = DivideInput;
    type Output = DivideOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.compute.multivariate_division",
                "Multivariate polynomial division by a list (division algorithm)",
                "Quotients and remainder of a multivariate polynomial divided by a list of polynomials in a monomial \
                 order: f = q1 g1 + ... + qs gs + r, no term of r divisible by a leading term.",
                "Runs the multivariate division algorithm over Q or F_p in lex, grevlex or deglex order: the leading \
                 term is divided by the first divisor whose leading term divides it, or moved to the remainder. VERIFY \
                 re-expands f = sum q_i g_i + r.",
                &["polynomial", "multivariate", "division", "division-algorithm", "quotients", "remainder", "reduce"],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "x^2 y + x y^2 + y^2 by (x y - 1, y^2 - 1)",
            Mode::Verify,
            json!({"variables": ["x", "y"], "dividend": "x^2*y + x*y^2 + y^2", "divisors": ["x*y - 1", "y^2 - 1"], "order": "lex"}),
        )]
    }
    fn validate(&self, i: &DivideInput) -> Result<(), Diagnostic> {
        divide_input(i).map(|_| ())
    }
    fn bounds(&self, i: &DivideInput) -> Result<(), Refusal> {
        let (r, f, gs) = divide_input(i).map_err(super::refused)?;
        super::degree_bound(&f, r.n(), 200, "/dividend")?;
        super::term_bound(&f, 2000, "/dividend")?;
        gs.iter().enumerate().try_for_each(|(k, g)| super::term_bound(g, 2000, &format!("/divisors/{k}")))
    }
    fn answer(&self, i: &DivideInput, ctx: &AdapterContext) -> Result<Answer<DivideOutput>, AdapterError> {
        let (r, f, gs) = divide_input(i).map_err(unsupported)?;
        let lead = |p: &Poly| p.terms().max_by(|a, b| i.order.cmp(a.0, b.0)).map(|(m, c)| (m.clone(), c.clone()));
        let leads: Vec<(Vec<u32>, Rat)> = gs.iter().filter_map(lead).collect();
        let mut qs = vec![Poly::zero(); gs.len()];
        let mut rem = Poly::zero();
        let mut p = f.clone();
        let mut steps = 0u64;
        while let Some((m, c)) = lead(&p) {
            steps += 1;
            if steps.is_multiple_of(1024) {
                ctx.checkpoint()?;
            }
            match leads.iter().position(|(lm, _)| lm.iter().zip(&m).all(|(a, b)| a <= b)) {
                Some(k) => {
                    let e: Vec<u32> = m.iter().zip(&leads[k].0).map(|(a, b)| a - b).collect();
                    let coef = r
                        .domain
                        .element(&(&c * r.domain.inverse(&leads[k].1).unwrap_or_else(Rat::one)))
                        .unwrap_or_default();
                    let t = Poly::monomial(e, coef);
                    qs[k] = r.domain.reduce(qs[k].add(&t)).unwrap_or_default();
                    let tg = t.mul(&gs[k]).map_err(super::native::too_large)?;
                    p = r.domain.reduce(p.sub(&tg)).map_err(AdapterError::Unsupported)?;
                }
                None => {
                    let t = Poly::monomial(m, c);
                    rem = rem.add(&t);
                    p = p.sub(&t);
                }
            }
        }
        let combo =
            sum(gs.iter().zip(&qs).map(|(g, q)| product(vec![terms(q), terms(g)])).chain([terms(&rem)]).collect());
        let rel = vec![equal(terms(&f), combo)];
        let out = DivideOutput { quotients: super::printed(&r, &qs), remainder: r.print(&rem) };
        Ok(Answer::from(out).claim(identities(&r, rel)))
    }
}

/// Input of `monomial_ideal.compute.standard_monomials`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StandardInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// Monomial generators (each one term; coefficients are ignored).
    pub generators: Vec<PolyValue>,
    /// The degree d (0 to 100).
    pub degree: u32,
}

/// Output of `monomial_ideal.compute.standard_monomials`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StandardOutput {
    /// The number of monomials of degree d outside the ideal (the Hilbert function at d).
    pub count: u64,
    /// Those monomials, when at most 1,000.
    pub monomials: Option<Vec<String>>,
}

/// `monomial_ideal.compute.standard_monomials`.
pub struct StandardMonomials;

fn standard_input(i: &StandardInput) -> Result<(Ring, Vec<Vec<u32>>), Diagnostic> {
    let r = ring(&i.variables, "Q")?;
    if i.generators.is_empty() || i.generators.len() > 256 {
        return Err(Diagnostic::at("/generators", "BAD_LENGTH", "1 to 256 monomials"));
    }
    let mut gens = vec![];
    for (k, g) in i.generators.iter().enumerate() {
        let p = read(&r, g, &format!("/generators/{k}"))?;
        let ms: Vec<_> = p.terms().map(|(m, _)| m.clone()).collect();
        let [m] = ms.as_slice() else {
            return Err(Diagnostic::at(format!("/generators/{k}"), "NOT_A_MONOMIAL", "a single non-zero term"));
        };
        gens.push(m.clone());
    }
    if i.degree > 100 {
        return Err(Diagnostic::at("/degree", "OUT_OF_RANGE", "0 to 100"));
    }
    Ok((r, gens))
}

fn monomials_of_degree(n: usize, d: u32) -> f64 {
    (1..n).fold(1.0, |acc, k| acc * (f64::from(d) + k as f64) / k as f64)
}

impl Query for StandardMonomials {
    type Input = StandardInput;
    type Output = StandardOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "monomial_ideal.compute.standard_monomials",
            "Standard monomials of a monomial ideal in a degree",
            "The monomials of degree d not in a monomial ideal (its Hilbert function at d), counted and listed.",
            "Counts, and lists when at most 1,000, the monomials of total degree d divisible by none of the given \
             monomial generators: the standard monomials of a monomial ideal, whose number is the Hilbert function of \
             the quotient ring at d.",
            &["monomial-ideal", "standard-monomials", "hilbert-function", "monomials", "degree", "count"],
        )
    }
    fn provider(&self) -> Provider {
        provider()
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "(x^2, x y, y^3) in degree 2",
            Mode::Explore,
            json!({"variables": ["x", "y"], "generators": ["x^2", "x*y", "y^3"], "degree": 2}),
        )]
    }
    fn validate(&self, i: &StandardInput) -> Result<(), Diagnostic> {
        standard_input(i).map(|_| ())
    }
    fn bounds(&self, i: &StandardInput) -> Result<(), Refusal> {
        if monomials_of_degree(i.variables.len(), i.degree) > 2e6 {
            return Err(Refusal::Unsupported(Diagnostic::at(
                "/degree",
                "TOO_LARGE",
                "at most 2,000,000 monomials of that degree",
            )));
        }
        Ok(())
    }
    fn answer(&self, i: &StandardInput, ctx: &AdapterContext) -> Result<Answer<StandardOutput>, AdapterError> {
        let (r, gens) = standard_input(i).map_err(unsupported)?;
        let n = r.n();
        let (mut count, mut list) = (0u64, vec![]);
        let mut stack = vec![(Vec::with_capacity(n), 0u32)];
        while let Some((m, d)) = stack.pop() {
            if m.len() == n - 1 {
                let mut full = m.clone();
                full.push(i.degree - d);
                if !gens.iter().any(|g| g.iter().zip(&full).all(|(a, b)| a <= b)) {
                    count += 1;
                    if list.len() <= 1000 {
                        list.push(full);
                    }
                }
                if count.is_multiple_of(4096) {
                    ctx.checkpoint()?;
                }
                continue;
            }
            for e in 0..=(i.degree - d) {
                let mut next = m.clone();
                next.push(e);
                stack.push((next, d + e));
            }
        }
        let monomials = (count <= 1000).then(|| {
            let mut v: Vec<String> = list.into_iter().map(|m| r.print(&Poly::monomial(m, Rat::one()))).collect();
            v.sort();
            v
        });
        Ok(StandardOutput { count, monomials }.into())
    }
}

/// Input of `polynomial.ideal.syzygies`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SyzygyInput {
    /// Variable names.
    pub variables: Vec<String>,
    /// `Q` (default) or `F_p`.
    #[serde(default = "q")]
    pub domain: String,
    /// The polynomials g₁, …, gₛ (1 to 32).
    pub generators: Vec<PolyValue>,
}

/// Output of `polynomial.ideal.syzygies`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SyzygyOutput {
    /// Generators (s₁, …, sₛ) of the module of syzygies Σ sᵢ gᵢ = 0.
    pub syzygies: Vec<Vec<String>>,
}

/// `polynomial.ideal.syzygies`.
pub struct Syzygies;

fn syzygy_input(i: &SyzygyInput) -> Result<(Ring, Vec<Poly>), Diagnostic> {
    let r = ring(&i.variables, &i.domain)?;
    super::field_only(&r)?;
    if i.generators.is_empty() || i.generators.len() > 32 {
        return Err(Diagnostic::at("/generators", "BAD_LENGTH", "1 to 32 polynomials"));
    }
    let gs = i
        .generators
        .iter()
        .enumerate()
        .map(|(k, g)| read(&r, g, &format!("/generators/{k}")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((r, gs))
}

impl Query for Syzygies {
    type Input = SyzygyInput;
    type Output = SyzygyOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.ideal.syzygies",
            "Syzygies of polynomials",
            "Generators of the module of syzygies of a list of polynomials: the relations sum s_i g_i = 0.",
            "Computes with Singular's syz a generating set of the first syzygy module of polynomials g_1, ..., g_s \
             over Q or F_p: every polynomial relation sum s_i g_i = 0 among them is a combination of these.",
            &["polynomial", "syzygies", "syzygy-module", "relations", "module", "kernel", "resolution"],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "syzygies of (x, y, z)",
            Mode::Explore,
            json!({"variables": ["x", "y", "z"], "generators": ["x", "y", "z"]}),
        )]
    }
    fn validate(&self, i: &SyzygyInput) -> Result<(), Diagnostic> {
        syzygy_input(i).map(|_| ())
    }
    fn bounds(&self, i: &SyzygyInput) -> Result<(), Refusal> {
        let (r, gs) = syzygy_input(i).map_err(super::refused)?;
        if r.n() > 16 {
            return Err(Refusal::Unsupported(Diagnostic::at("/variables", "TOO_LARGE", "at most 16 variables")));
        }
        gs.iter().enumerate().try_for_each(|(k, g)| super::degree_bound(g, r.n(), 50, &format!("/generators/{k}")))
    }
    fn answer(&self, i: &SyzygyInput, ctx: &AdapterContext) -> Result<Answer<SyzygyOutput>, AdapterError> {
        let (r, gs) = syzygy_input(i).map_err(unsupported)?;
        let prog = super::singular_ideal(super::singular_ring(Program::new(SINGULAR), &r, "dp"), "i", &gs).code(
            "module S = syz(i); int a; int b; for (a = 1; a <= ncols(S); a++) { print(\"@\"); for (b = 1; b <= ncols(i); b++) { print(string(S[a][b])); } }",
        );
        let reply = ctx.backend(&prog)?;
        let mut out: Vec<Vec<String>> = vec![];
        for line in &reply.lines {
            if line == "@" {
                out.push(vec![]);
            } else if let Some(last) = out.last_mut() {
                last.push(r.print(&super::from_singular(&r, line)?));
            } else {
                return Err(AdapterError::Backend("Singular printed a malformed syzygy".into()));
            }
        }
        if out.iter().any(|s| s.len() != gs.len()) || (out.len() == 1 && out[0].iter().all(|c| c == "0")) {
            out.retain(|s| s.len() == gs.len() && s.iter().any(|c| c != "0"));
        }
        Ok(SyzygyOutput { syzygies: out }.into())
    }
}

/// Input of `algebraic_geometry.plane_curve.singular_points`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CurveInput {
    /// Two variable names.
    pub variables: Vec<String>,
    /// The curve f(x, y) = 0 over Q.
    pub polynomial: PolyValue,
}

/// Output of `algebraic_geometry.plane_curve.singular_points`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CurveOutput {
    /// Whether the affine curve has a singular point (over the algebraic closure).
    pub singular: bool,
    /// Whether the singular points are finitely many (false when f has a repeated factor).
    pub finitely_many: bool,
    /// The number of distinct affine singular points over the algebraic closure.
    pub count: Option<i64>,
    /// The singular points with rational coordinates.
    pub rational_points: Vec<Vec<String>>,
}

/// `algebraic_geometry.plane_curve.singular_points`.
pub struct SingularPoints;

fn curve_input(i: &CurveInput) -> Result<(Ring, Poly), Diagnostic> {
    let r = ring(&i.variables, "Q")?;
    if r.n() != 2 {
        return Err(Diagnostic::at("/variables", "PLANE_CURVE", "a plane curve has two variables"));
    }
    let f = read(&r, &i.polynomial, "/polynomial")?;
    if f.total_degree().unwrap_or(0) < 1 {
        return Err(Diagnostic::at("/polynomial", "CONSTANT", "a curve is given by a non-constant polynomial"));
    }
    Ok((r, f))
}

impl Query for SingularPoints {
    type Input = CurveInput;
    type Output = CurveOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "algebraic_geometry.plane_curve.singular_points",
            "Singular points of an affine plane curve",
            "The singular points of a plane algebraic curve f(x, y) = 0 over Q: whether there are any, how many over \
             the algebraic closure, and the rational ones exactly.",
            "Solves f = df/dx = df/dy = 0 with Singular (minimal associated primes): reports whether the affine curve \
             is singular, the number of distinct singular points over the algebraic closure (infinitely many when f \
             has a repeated factor) and every singular point with rational coordinates (nodes, cusps, tacnodes).",
            &[
                "algebraic-geometry",
                "plane-curve",
                "singular-points",
                "singularities",
                "node",
                "cusp",
                "smooth",
                "curve",
            ],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the nodal cubic", Mode::Explore, json!({"variables": ["x", "y"], "polynomial": "y^2 - x^3 - x^2"}))]
    }
    fn validate(&self, i: &CurveInput) -> Result<(), Diagnostic> {
        curve_input(i).map(|_| ())
    }
    fn bounds(&self, i: &CurveInput) -> Result<(), Refusal> {
        let (r, f) = curve_input(i).map_err(super::refused)?;
        super::degree_bound(&f, r.n(), 30, "/polynomial")
    }
    fn answer(&self, i: &CurveInput, ctx: &AdapterContext) -> Result<Answer<CurveOutput>, AdapterError> {
        let (r, f) = curve_input(i).map_err(unsupported)?;
        let system = vec![f.clone(), f.derivative(0), f.derivative(1)];
        let out = match super::systems::points(&r, &system, ctx)? {
            None => CurveOutput { singular: true, finitely_many: false, count: None, rational_points: vec![] },
            Some((count, pts)) => {
                CurveOutput { singular: count > 0, finitely_many: true, count: Some(count), rational_points: pts }
            }
        };
        Ok(out.into())
    }
}
