//! Zero-dimensional polynomial systems on Singular: every rational solution exactly, and every
//! real solution in an isolating box with rational corners, from a univariate representation
//! (a separating linear form t, its minimal polynomial χ on the radical, and each coordinate as
//! a polynomial in t) whose real roots are isolated and refined in-process.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::polynomial::{Domain, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::arith::{isolate, sign_changes, sturm_chain};
use super::ideals::{IdealInput, ideal_input, ideal_input_bounds, monic, polys};
use super::native::MonomialOrder;
use super::{Poly, Rat, singular_ideal, singular_ring};
use crate::cas::{self, Answer, Query};

const SINGULAR: BackendKind = BackendKind::Singular;

fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

/// Output of `polynomial.system.solve`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SolveOutput {
    /// Whether the system has finitely many solutions over the algebraic closure.
    pub zero_dimensional: bool,
    /// The number of distinct solutions over the algebraic closure (when zero-dimensional).
    pub solution_count: Option<i64>,
    /// Every solution with coordinates in the coefficient field, one value per variable.
    pub rational_solutions: Vec<Vec<String>>,
    /// Whether every solution is rational.
    pub all_rational: bool,
}

/// `polynomial.system.solve`.
pub struct Solve;

impl Query for Solve {
    type Input = IdealInput;
    type Output = SolveOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.system.solve",
            "Solve a zero-dimensional polynomial system exactly",
            "The number of solutions of a polynomial system with finitely many, and all its solutions with \
             coordinates in Q (or F_p), exactly.",
            "Solves a system of polynomial equations over Q or F_p with finitely many solutions: Singular computes the \
             minimal associated primes; each prime of vector-space dimension 1 is a solution with rational \
             coordinates, read exactly from its reduced basis x_i - c_i. Reports the number of distinct solutions \
             over the algebraic closure and whether all are rational.",
            &[
                "polynomial",
                "system",
                "solve",
                "equations",
                "rational-solutions",
                "zero-dimensional",
                "roots",
                "intersection-points",
            ],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "circle meets line",
            Mode::Explore,
            json!({"variables": ["x", "y"], "generators": ["x^2 + y^2 - 25", "x - y - 1"]}),
        )]
    }
    fn validate(&self, i: &IdealInput) -> Result<(), Diagnostic> {
        ideal_input(i).map(|_| ())
    }
    fn bounds(&self, i: &IdealInput) -> Result<(), Refusal> {
        ideal_input_bounds(i)
    }
    fn answer(&self, i: &IdealInput, ctx: &AdapterContext) -> Result<Answer<SolveOutput>, AdapterError> {
        let (r, g) = ideal_input(i).map_err(unsupported)?;
        let out = match points(&r, &g, ctx)? {
            None => SolveOutput {
                zero_dimensional: false,
                solution_count: None,
                rational_solutions: vec![],
                all_rational: false,
            },
            Some((count, sols)) => SolveOutput {
                zero_dimensional: true,
                solution_count: Some(count),
                all_rational: sols.len() as i64 == count,
                rational_solutions: sols,
            },
        };
        Ok(out.into())
    }
}

/// The number of distinct solutions, and the rational ones as canonical texts.
pub(crate) type Points = (i64, Vec<Vec<String>>);

/// The number of distinct solutions over the algebraic closure and the rational ones (sorted),
/// or `None` when there are infinitely many.
pub(crate) fn points(r: &Ring, g: &[Poly], ctx: &AdapterContext) -> Result<Option<Points>, AdapterError> {
    let prog = singular_ideal(singular_ring(Program::new(SINGULAR), r, "dp"), "i", g).code(
        "LIB \"primdec.lib\"; ideal g = std(i); if (vdim(g) < 0) { print(\"positive\"); } else { print(vdim(std(radical(i)))); \
         list L = minAssGTZ(i); int k; for (k = 1; k <= size(L); k++) { ideal P = std(L[k]); if (vdim(P) == 1) { print(string(P)); } kill P; } }",
    );
    // Loading primdec.lib defines global procedures: the worker is replaced after this run.
    let reply = ctx.backend(&prog.defines_globals())?;
    let first = reply.lines.first().ok_or_else(|| AdapterError::Backend("Singular printed nothing".into()))?;
    if first == "positive" {
        return Ok(None);
    }
    let count: i64 = first.trim().parse().map_err(|_| AdapterError::Backend(format!("Singular printed `{first}`")))?;
    let mut sols = vec![];
    for line in &reply.lines[1..] {
        let mut point = vec![None; r.n()];
        for p in polys(r, line)? {
            let p = monic(r, MonomialOrder::Grevlex, &p).0;
            let vars = p.support(r.n());
            let [k] = vars.as_slice() else {
                return Err(AdapterError::Backend("a maximal ideal of degree 1 is not linear".into()));
            };
            point[*k] = Some(-p.coefficient(&vec![0; r.n()]));
        }
        let point: Option<Vec<Rat>> = point.into_iter().collect();
        let point = point.ok_or_else(|| AdapterError::Backend("a rational solution lacks a coordinate".into()))?;
        sols.push(point.iter().map(rational_text).collect::<Vec<_>>());
    }
    sols.sort();
    Ok(Some((count, sols)))
}

/// Input of `polynomial.system.real_solutions`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RealInput {
    /// Variable names (at most 6).
    pub variables: Vec<String>,
    /// `Q` (default; the only domain).
    #[serde(default = "super::q")]
    pub domain: String,
    /// The equations (1 to 64 polynomials, degree at most 20).
    pub generators: Vec<jacobian_runtime::objects::polynomial::PolyValue>,
    /// Refine every box to width at most 2^-bits in each coordinate (default 10, at most 100).
    #[serde(default = "ten")]
    pub bits: u32,
}

fn ten() -> u32 {
    10
}

/// The univariate representation the boxes come from.
#[derive(Debug, Serialize, JsonSchema)]
pub struct UnivariateRepresentation {
    /// The separating linear form t = Σ cᵢ·xᵢ.
    pub separating_form: String,
    /// χ(t), square-free, whose roots are the values of t at the solutions.
    pub minimal_polynomial: String,
    /// xᵢ = gᵢ(t) at every solution, one per variable.
    pub coordinates: Vec<String>,
}

/// Output of `polynomial.system.real_solutions`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RealOutput {
    /// Whether the system has finitely many complex solutions (otherwise nothing else is given).
    pub zero_dimensional: bool,
    /// The number of distinct complex solutions.
    pub complex_solution_count: Option<usize>,
    /// The number of distinct real solutions.
    pub real_solution_count: Option<usize>,
    /// One box per real solution, pairwise disjoint: [low, high] per variable, rational, containing
    /// exactly that solution; ordered by the separating form's value.
    pub boxes: Vec<Vec<[String; 2]>>,
    /// How the boxes were obtained.
    pub representation: Option<UnivariateRepresentation>,
}

/// `polynomial.system.real_solutions`.
pub struct RealSolutions;

fn real_input(i: &RealInput) -> Result<(Ring, Vec<Poly>), Diagnostic> {
    let (r, g) = ideal_input(&IdealInput {
        variables: i.variables.clone(),
        domain: i.domain.clone(),
        generators: i.generators.clone(),
    })?;
    if r.domain != Domain::Q {
        return Err(Diagnostic::at("/domain", "NOT_SUPPORTED", "over Q"));
    }
    if i.bits > 100 {
        return Err(Diagnostic::at("/bits", "OUT_OF_RANGE", "at most 100"));
    }
    Ok((r, g))
}

/// [lo, hi] of g on [a, b], by Horner's scheme in exact interval arithmetic.
fn enclose(g: &[Rat], a: &Rat, b: &Rat) -> (Rat, Rat) {
    let (mut lo, mut hi) = (Rat::zero(), Rat::zero());
    for c in g.iter().rev() {
        let ps = [&lo * a, &lo * b, &hi * a, &hi * b];
        let mn = ps.iter().min().cloned().unwrap_or_default();
        let mx = ps.iter().max().cloned().unwrap_or_default();
        (lo, hi) = (mn + c, mx + c);
    }
    (lo, hi)
}

impl Query for RealSolutions {
    type Input = RealInput;
    type Output = RealOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "polynomial.system.real_solutions",
            "Real solutions of a zero-dimensional polynomial system in isolating boxes",
            "Every real solution of a polynomial system over Q with finitely many solutions, each in a disjoint box \
             with rational corners, and the numbers of real and complex solutions.",
            "Computes with Singular the radical of the ideal, checks it is zero-dimensional, and finds a separating \
             linear form t whose minimal polynomial chi has degree the number of complex solutions; a lex basis of \
             the radical with t adjoined writes each coordinate as g_i(t). The real roots of chi are isolated by \
             Sturm sequences and refined in-process until the boxes [g_i] on each interval (exact interval \
             arithmetic) are disjoint and narrower than 2^-bits.",
            &[
                "polynomial",
                "system",
                "real-solutions",
                "isolating-boxes",
                "real-roots",
                "zero-dimensional",
                "rational-univariate-representation",
                "real-algebraic",
            ],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "circle and hyperbola",
            Mode::Explore,
            json!({"variables": ["x", "y"], "generators": ["x^2 + y^2 - 4", "x*y - 1"], "bits": 8}),
        )]
    }
    fn validate(&self, i: &RealInput) -> Result<(), Diagnostic> {
        real_input(i).map(|_| ())
    }
    fn bounds(&self, i: &RealInput) -> Result<(), Refusal> {
        let (r, g) = real_input(i).map_err(super::refused)?;
        if r.n() > 6 {
            return Err(Refusal::Unsupported(Diagnostic::at("/variables", "TOO_LARGE", "at most 6 variables")));
        }
        for (k, p) in g.iter().enumerate() {
            super::degree_bound(p, r.n(), 20, &format!("/generators/{k}"))?;
        }
        ideal_input_bounds(&IdealInput {
            variables: i.variables.clone(),
            domain: i.domain.clone(),
            generators: i.generators.clone(),
        })
    }
    fn answer(&self, i: &RealInput, ctx: &AdapterContext) -> Result<Answer<RealOutput>, AdapterError> {
        let (r, g) = real_input(i).map_err(unsupported)?;
        let n = r.n();
        // Ring s: v1..vn and t = v(n+1), lex with t least.
        let mut ext = r.variables.clone();
        ext.push(format!("{}_t", r.variables.join("_")));
        let s = Ring { variables: ext, domain: Domain::Q };
        let vars: Vec<usize> = (1..=n + 1).collect();
        let mut prog = singular_ideal(singular_ring(Program::new(SINGULAR), &r, "dp"), "i", &g).code(
            "LIB \"primdec.lib\"; ideal g = std(i); if (vdim(g) < 0) { print(\"positive\"); } else { \
             ideal R = std(radical(i)); int N = vdim(R); print(N); if (N > 0) { ring s = 0,(",
        );
        prog = prog
            .list(&vars, ",", |p, k| p.code("v").small(*k as i64))
            .code("),lp; ideal R = imap(r, R); int c; int found = 0; ");
        // Try the forms v1 + c v2 + c² v3 + … for c = 1, …, 40: the first whose χ has degree N.
        prog = prog
            .code("for (c = 1; c <= 40 && found == 0; c++) { ideal J = std(R + ideal(v")
            .small(n as i64 + 1)
            .code(" - (");
        for (k, _) in (1..=n).enumerate() {
            if k > 0 {
                prog = prog.code("+");
            }
            prog = prog.code("c^").small(k as i64).code("*v").small(k as i64 + 1);
        }
        prog = prog
            .code("))); if (deg(J[1]) == N) { found = 1; print(c); print(string(J[1])); int k; for (k = 1; k <= ")
            .small(n as i64)
            .code("; k++) { print(string(reduce(var(k), J))); } } kill J; } if (found == 0) { print(\"none\"); } } }");
        let reply = ctx.backend(&prog.defines_globals())?;
        let bad = |m: &str| AdapterError::Backend(format!("Singular printed {m}"));
        let first = reply.lines.first().ok_or_else(|| bad("nothing"))?;
        if first == "positive" {
            let out = RealOutput {
                zero_dimensional: false,
                complex_solution_count: None,
                real_solution_count: None,
                boxes: vec![],
                representation: None,
            };
            return Ok(out.into());
        }
        let total: usize = first.trim().parse().map_err(|_| bad("a malformed count"))?;
        if total == 0 {
            let out = RealOutput {
                zero_dimensional: true,
                complex_solution_count: Some(0),
                real_solution_count: Some(0),
                boxes: vec![],
                representation: None,
            };
            return Ok(out.into());
        }
        let [_, c, chi, coords @ ..] = reply.lines.as_slice() else { return Err(bad("no separating form")) };
        if c == "none" || coords.len() != n {
            return Err(AdapterError::Unsupported("no separating form v1 + c v2 + … with c ≤ 40".into()));
        }
        let c: usize = c.trim().parse().map_err(|_| bad("a malformed form"))?;
        let uni = |line: &str| -> Result<Vec<Rat>, AdapterError> {
            let p = super::from_singular(&s, line)?;
            if p.support(n + 1).iter().any(|&k| k != n) {
                return Err(bad("a coordinate that is not a polynomial in t"));
            }
            Ok(p.dense(n).unwrap_or_default())
        };
        let chi = uni(chi)?;
        let gs: Vec<Vec<Rat>> = coords.iter().map(|l| uni(l)).collect::<Result<_, _>>()?;
        let seq = sturm_chain(&chi);
        let count =
            |a: &Rat, b: &Rat| sign_changes(&seq, Some(a), false) as i64 - sign_changes(&seq, Some(b), false) as i64;
        let width = Rat::new(BigInt::one(), BigInt::one() << i.bits);
        let mut intervals = isolate(&chi, 0, ctx)?;
        let boxes = loop {
            ctx.checkpoint()?;
            let boxes: Vec<Vec<(Rat, Rat)>> =
                intervals.iter().map(|(a, b)| gs.iter().map(|g| enclose(g, a, b)).collect()).collect();
            let narrow = boxes.iter().flatten().all(|(lo, hi)| hi - lo <= width);
            let disjoint = boxes
                .iter()
                .enumerate()
                .all(|(x, bx)| boxes[x + 1..].iter().all(|by| bx.iter().zip(by).any(|(p, q)| p.1 < q.0 || q.1 < p.0)));
            if narrow && disjoint {
                break boxes;
            }
            for (a, b) in intervals.iter_mut() {
                let mut m = (&*a + &*b) / Rat::from_integer(2.into());
                if super::arith::value(&chi, &m).is_zero() {
                    // A rational root: shrink around it without hitting it.
                    let q = (&*b - &*a) / Rat::from_integer(4.into());
                    (*a, *b) = (&m - &q, &m + &q);
                    continue;
                }
                if count(a, &m) > 0 {
                    *b = m;
                } else {
                    std::mem::swap(a, &mut m);
                }
            }
        };
        let t = Ring::new(&["t".to_string()], "Q", "", "").map_err(|_| bad("a ring"))?;
        let pt = |v: &[Rat]| t.print(&Poly::from_dense(v, 0, 1));
        let sep = Poly::from_terms((0..n).map(|k| {
            let mut m = vec![0; n];
            m[k] = 1;
            (m, Rat::from_integer(BigInt::from(c).pow(k as u32)))
        }));
        Ok(RealOutput {
            zero_dimensional: true,
            complex_solution_count: Some(total),
            real_solution_count: Some(boxes.len()),
            boxes: boxes
                .iter()
                .map(|b| b.iter().map(|(lo, hi)| [rational_text(lo), rational_text(hi)]).collect())
                .collect(),
            representation: Some(UnivariateRepresentation {
                separating_form: r.print(&sep),
                minimal_polynomial: pt(&chi),
                coordinates: gs.iter().map(|g| pt(g)).collect(),
            }),
        }
        .into())
    }
}
