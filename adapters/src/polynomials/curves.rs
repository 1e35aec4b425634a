//! Plane algebraic curves over Q: local invariants at a rational point (multiplicity, tangent
//! cone, Milnor and Tjurina numbers, intersection multiplicity with a second curve — Singular in
//! a local ordering), the geometric genus (Singular's normal.lib), blow-up charts (in-process,
//! VERIFY) and rational parametrizations of conics (a rational point from PARI/GP's qfsolve,
//! then lines through it; VERIFY).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, Domain, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_traits::{One, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::native::{scalar, too_large};
use super::{Poly, Rat, constant, equal, identities, power, product, read, ring, sum, terms};
use crate::cas::{self, Answer, Gp, Query};

const SINGULAR: BackendKind = BackendKind::Singular;
const PARI: BackendKind = BackendKind::Pari;
/// Highest degree of a curve.
pub const MAX_DEGREE: u32 = 30;

fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

/// The curve's ring (two variables over Q) and f, non-constant.
fn plane(variables: &[String], f: &PolyValue, path: &str) -> Result<(Ring, Poly), Diagnostic> {
    let r = ring(variables, "Q")?;
    if r.n() != 2 {
        return Err(Diagnostic::at("/variables", "PLANE_CURVE", "a plane curve has two variables"));
    }
    let f = read(&r, f, path)?;
    if f.total_degree().unwrap_or(0) < 1 {
        return Err(Diagnostic::at(path, "CONSTANT", "a curve is given by a non-constant polynomial"));
    }
    Ok((r, f))
}

fn point(r: &Ring, p: &Option<[Coefficient; 2]>) -> Result<[Rat; 2], Diagnostic> {
    match p {
        Some([a, b]) => Ok([scalar(r, a, "/point/0")?, scalar(r, b, "/point/1")?]),
        None => Ok([Rat::zero(), Rat::zero()]),
    }
}

/// f(x + a, y + b).
fn translate(f: &Poly, p: &[Rat; 2]) -> Result<Poly, AdapterError> {
    let shift = |i: usize| Poly::variable(i, 2).add(&Poly::constant(p[i].clone(), 2));
    f.compose(&[shift(0), shift(1)], 2).map_err(too_large)
}

/// The lowest-degree homogeneous part and its degree.
fn lowest_part(f: &Poly) -> (u32, Poly) {
    let m = f.terms().map(|(e, _)| e.iter().sum::<u32>()).min().unwrap_or(0);
    (m, Poly::from_terms(f.terms().filter(|(e, _)| e.iter().sum::<u32>() == m).map(|(e, c)| (e.clone(), c.clone()))))
}

/// Input of `algebraic_geometry.plane_curve.local`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LocalInput {
    /// Two variable names.
    pub variables: Vec<String>,
    /// The curve f = 0 over Q (degree at most 30).
    pub polynomial: PolyValue,
    /// The rational point (default the origin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point: Option<[Coefficient; 2]>,
    /// A second curve g = 0: its intersection multiplicity with f at the point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other: Option<PolyValue>,
}

/// Output of `algebraic_geometry.plane_curve.local`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LocalOutput {
    /// Whether the point is on the curve.
    pub on_curve: bool,
    /// The multiplicity of the point on the curve (0 off the curve, 1 at a smooth point).
    pub multiplicity: u32,
    /// The tangent cone: the lowest-degree form of f at the point, in the original coordinates
    /// (a product of the tangent lines through the point).
    pub tangent_cone: String,
    /// The Milnor number dim O/(f_x, f_y) at the point (null when infinite: a non-isolated singularity).
    pub milnor_number: Option<i64>,
    /// The Tjurina number dim O/(f, f_x, f_y) (null when infinite).
    pub tjurina_number: Option<i64>,
    /// With `other`: the intersection multiplicity dim O/(f, g) at the point (null when infinite: a
    /// common component through the point).
    pub intersection_multiplicity: Option<i64>,
}

/// `algebraic_geometry.plane_curve.local`.
pub struct Local;

fn local_input(i: &LocalInput) -> Result<(Ring, Poly, [Rat; 2], Option<Poly>), Diagnostic> {
    let (r, f) = plane(&i.variables, &i.polynomial, "/polynomial")?;
    let p = point(&r, &i.point)?;
    let g = i.other.as_ref().map(|g| read(&r, g, "/other")).transpose()?;
    Ok((r, f, p, g))
}

impl Query for Local {
    type Input = LocalInput;
    type Output = LocalOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "algebraic_geometry.plane_curve.local",
            "Local invariants of a plane curve at a point: multiplicity, tangent cone, intersection multiplicity",
            "The multiplicity and tangent cone of a plane curve at a rational point, its Milnor and Tjurina numbers \
             there, and the intersection multiplicity with a second curve at the point.",
            "Translates the point to the origin: the multiplicity is the lowest degree of f there and the tangent \
             cone its lowest-degree form (in-process); the Milnor number dim O/(f_x, f_y), the Tjurina number dim \
             O/(f, f_x, f_y) and the intersection multiplicity dim O/(f, g) are vector-space dimensions of local \
             algebras, computed by Singular with standard bases in a local ordering (ds).",
            &[
                "algebraic-geometry",
                "plane-curve",
                "intersection-multiplicity",
                "tangent-cone",
                "multiplicity",
                "milnor-number",
                "tjurina-number",
                "local",
            ],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the cusp y^2 = x^3 meets y = 0 with multiplicity 3",
            Mode::Explore,
            json!({"variables": ["x", "y"], "polynomial": "y^2 - x^3", "other": "y"}),
        )]
    }
    fn validate(&self, i: &LocalInput) -> Result<(), Diagnostic> {
        local_input(i).map(|_| ())
    }
    fn bounds(&self, i: &LocalInput) -> Result<(), Refusal> {
        let (r, f, _, g) = local_input(i).map_err(super::refused)?;
        super::degree_bound(&f, r.n(), MAX_DEGREE, "/polynomial")?;
        g.map_or(Ok(()), |g| super::degree_bound(&g, r.n(), MAX_DEGREE, "/other"))
    }
    fn answer(&self, i: &LocalInput, ctx: &AdapterContext) -> Result<Answer<LocalOutput>, AdapterError> {
        let (r, f, p, g) = local_input(i).map_err(unsupported)?;
        let ft = translate(&f, &p)?;
        let (m, cone) = lowest_part(&ft);
        let back = [-p[0].clone(), -p[1].clone()];
        let cone = translate(&cone, &back)?;
        let gt = g.as_ref().map(|g| translate(g, &p)).transpose()?;
        let mut prog = super::singular_ring(Program::new(SINGULAR), &r, "ds");
        prog = super::singular_poly(prog.code("poly f = "), &ft).code("; ");
        prog = prog.code("print(vdim(std(jacob(f)))); print(vdim(std(ideal(f) + jacob(f)))); ");
        if let Some(gt) = &gt {
            prog = super::singular_poly(prog.code("poly g = "), gt).code("; print(vdim(std(ideal(f, g))));");
        }
        let reply = ctx.backend(&prog)?;
        let nums: Vec<Option<i64>> = reply
            .lines
            .iter()
            .map(|l| l.trim().parse::<i64>().map(|v| (v >= 0).then_some(v)))
            .collect::<Result<_, _>>()
            .map_err(|_| AdapterError::Backend("Singular printed a dimension that does not read".into()))?;
        if nums.len() != 2 + usize::from(gt.is_some()) {
            return Err(AdapterError::Backend("Singular printed a malformed answer".into()));
        }
        let on_curve = m > 0;
        Ok(LocalOutput {
            on_curve,
            multiplicity: m,
            tangent_cone: r.print(&cone),
            milnor_number: nums[0],
            tjurina_number: if on_curve { nums[1] } else { Some(0) },
            intersection_multiplicity: nums.get(2).cloned().flatten(),
        }
        .into())
    }
}

/// Input of `algebraic_geometry.plane_curve.genus`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GenusInput {
    /// Two variable names.
    pub variables: Vec<String>,
    /// The affine curve f = 0 over Q, irreducible over Q (degree at most 12).
    pub polynomial: PolyValue,
}

/// Output of `algebraic_geometry.plane_curve.genus`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GenusOutput {
    /// The degree d of the projective closure.
    pub degree: u32,
    /// The geometric genus of the projective closure (of its normalization); negative only when the
    /// curve splits into several components over the algebraic closure (1 − number of components
    /// for rational ones).
    pub genus: i64,
    /// The arithmetic genus (d − 1)(d − 2)/2 of a plane curve of degree d.
    pub arithmetic_genus: i64,
    /// The total delta invariant of the singularities, at infinity included: arithmetic − geometric genus.
    pub delta: i64,
    /// Whether the curve is rational (genus 0).
    pub rational: bool,
}

/// `algebraic_geometry.plane_curve.genus`.
pub struct Genus;

impl Query for Genus {
    type Input = GenusInput;
    type Output = GenusOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "algebraic_geometry.plane_curve.genus",
            "Geometric genus of a plane algebraic curve",
            "The geometric genus of the projective closure of a plane curve f(x, y) = 0 irreducible over Q, its \
             arithmetic genus and the total delta invariant of its singularities.",
            "Computes the genus of the normalization of the projective plane curve defined by f with Singular's \
             normal.lib (genus, by the delta invariants of the singular points, at infinity too), after checking f \
             is irreducible over Q; the arithmetic genus is (d - 1)(d - 2)/2 and the difference is the total delta \
             invariant; genus 0 means the curve is rational.",
            &["algebraic-geometry", "plane-curve", "genus", "geometric-genus", "delta-invariant", "rational-curve"],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the Fermat quartic", Mode::Explore, json!({"variables": ["x", "y"], "polynomial": "x^4 + y^4 - 1"}))]
    }
    fn validate(&self, i: &GenusInput) -> Result<(), Diagnostic> {
        plane(&i.variables, &i.polynomial, "/polynomial").map(|_| ())
    }
    fn bounds(&self, i: &GenusInput) -> Result<(), Refusal> {
        let (r, f) = plane(&i.variables, &i.polynomial, "/polynomial").map_err(super::refused)?;
        super::degree_bound(&f, r.n(), 12, "/polynomial")
    }
    fn answer(&self, i: &GenusInput, ctx: &AdapterContext) -> Result<Answer<GenusOutput>, AdapterError> {
        let (r, f) = plane(&i.variables, &i.polynomial, "/polynomial").map_err(unsupported)?;
        let prog =
            super::singular_ring(Program::new(SINGULAR).code("LIB \"normal.lib\"; "), &r, "dp").defines_globals();
        let prog = super::singular_poly(prog.code("poly f = "), &f).code(
            "; list L = factorize(f); int k = size(L[1]) - 1; if (k == 1 && L[2][2] == 1) { print(genus(f)); } else { print(\"reducible\"); }",
        );
        let reply = ctx.backend(&prog)?;
        let line = reply.lines.last().map(|s| s.trim()).unwrap_or("");
        if line == "reducible" {
            return Err(AdapterError::Unsupported(
                "f is not irreducible over Q: the genus is of an irreducible curve (factor it first)".into(),
            ));
        }
        let genus: i64 =
            line.parse().map_err(|_| AdapterError::Backend(format!("Singular printed `{line}` for the genus")))?;
        let d = f.total_degree().unwrap_or(0);
        let pa = i64::from(d.saturating_sub(1)) * i64::from(d.saturating_sub(2)) / 2;
        Ok(GenusOutput { degree: d, genus, arithmetic_genus: pa, delta: pa - genus, rational: genus == 0 }.into())
    }
}

/// The chart of a blow-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Chart {
    /// x = u, y = u·v (the exceptional divisor is u = 0; misses the direction x = 0).
    X,
    /// x = u·v, y = v (the exceptional divisor is v = 0).
    Y,
}

/// Input of `algebraic_geometry.plane_curve.blowup`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BlowupInput {
    /// Two variable names; the chart's coordinates keep them.
    pub variables: Vec<String>,
    /// The curve f = 0 over Q (degree at most 30).
    pub polynomial: PolyValue,
    /// The rational point blown up (default the origin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point: Option<[Coefficient; 2]>,
    /// The chart (default x).
    #[serde(default = "chart_x")]
    pub chart: Chart,
}

fn chart_x() -> Chart {
    Chart::X
}

/// Output of `algebraic_geometry.plane_curve.blowup`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BlowupOutput {
    /// m, the multiplicity of the point: the exceptional divisor appears m times.
    pub multiplicity: u32,
    /// The total transform f(a + u, b + u·v) (chart x) in the chart's coordinates, printed with the
    /// input's variable names (the first for u, the second for v; swapped roles in chart y).
    pub total_transform: String,
    /// The strict transform: the total transform divided by the exceptional divisor to the m-th power.
    pub strict_transform: String,
    /// The strict transform on the exceptional divisor (u = 0): its roots are the tangent directions seen in
    /// the chart.
    pub on_exceptional_divisor: String,
}

/// `algebraic_geometry.plane_curve.blowup`.
pub struct Blowup;

fn blowup_input(i: &BlowupInput) -> Result<(Ring, Poly, [Rat; 2]), Diagnostic> {
    let (r, f) = plane(&i.variables, &i.polynomial, "/polynomial")?;
    let p = point(&r, &i.point)?;
    Ok((r, f, p))
}

impl Query for Blowup {
    type Input = BlowupInput;
    type Output = BlowupOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "algebraic_geometry.plane_curve.blowup",
                "Blow-up chart of a plane curve at a point: total and strict transform",
                "The blow-up of a plane curve at a rational point in the x or y chart: the total transform, the \
                 multiplicity of the exceptional divisor and the strict transform.",
                "Substitutes x = a + u, y = b + u v (chart x) or x = a + u v, y = b + v (chart y) in f, factors \
                 out the exceptional divisor to the power m, the multiplicity of the point, and restricts the strict \
                 transform to the exceptional divisor. VERIFY expands f(a + u, b + u v) = u^m * strict transform.",
                &["algebraic-geometry", "plane-curve", "blowup", "blow-up", "strict-transform", "resolution", "chart"],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("curves.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "blow up the node of y^2 = x^3 + x^2",
            Mode::Verify,
            json!({"variables": ["x", "y"], "polynomial": "y^2 - x^3 - x^2"}),
        )]
    }
    fn validate(&self, i: &BlowupInput) -> Result<(), Diagnostic> {
        blowup_input(i).map(|_| ())
    }
    fn bounds(&self, i: &BlowupInput) -> Result<(), Refusal> {
        let (r, f, _) = blowup_input(i).map_err(super::refused)?;
        super::degree_bound(&f, r.n(), MAX_DEGREE, "/polynomial")
    }
    fn answer(&self, i: &BlowupInput, _: &AdapterContext) -> Result<Answer<BlowupOutput>, AdapterError> {
        let (r, f, p) = blowup_input(i).map_err(unsupported)?;
        // e is the exceptional coordinate (u in chart x), o the other.
        let (e, o) = if i.chart == Chart::X { (0, 1) } else { (1, 0) };
        let var = |k: usize| Poly::variable(k, 2);
        let uv = var(0).mul(&var(1)).map_err(too_large)?;
        let mut sub = [Poly::zero(), Poly::zero()];
        sub[e] = var(e).add(&Poly::constant(p[e].clone(), 2));
        sub[o] = uv.add(&Poly::constant(p[o].clone(), 2));
        let total = f.compose(&sub, 2).map_err(too_large)?;
        let m = total.terms().map(|(x, _)| x[e]).min().unwrap_or(0);
        let strict = Poly::from_terms(total.terms().map(|(x, c)| {
            let mut x = x.clone();
            x[e] -= m;
            (x, c.clone())
        }));
        let on_e = Poly::from_terms(strict.terms().filter(|(x, _)| x[e] == 0).map(|(x, c)| (x.clone(), c.clone())));
        let exprs: Vec<Value> = sub.iter().map(terms).collect();
        let rel =
            vec![equal(super::substituted(&f, &exprs, 2), product(vec![power(terms(&var(e)), m), terms(&strict)]))];
        let out = BlowupOutput {
            multiplicity: m,
            total_transform: r.print(&total),
            strict_transform: r.print(&strict),
            on_exceptional_divisor: r.print(&on_e),
        };
        Ok(Answer::from(out).claim(identities(&r, rel)))
    }
}

/// Input of `algebraic_geometry.conic.parametrize`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConicInput {
    /// Two variable names.
    pub variables: Vec<String>,
    /// A conic f(x, y) = 0 of degree 2 over Q, its projective closure smooth.
    pub polynomial: PolyValue,
}

/// Output of `algebraic_geometry.conic.parametrize`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ConicOutput {
    /// Whether the conic has a rational point (projectively; Legendre's theorem).
    pub has_rational_point: bool,
    /// A rational point [X, Y, Z] of the projective closure (Z = 0 at infinity).
    pub point: Option<[String; 3]>,
    /// (X(s, t), Y(s, t), Z(s, t)), binary quadratic forms printed in the input's variables (the
    /// first for s, the second for t) covering every rational point: x = X/Z, y = Y/Z.
    pub parametrization: Option<[String; 3]>,
    /// Without a rational point: a prime (or −1 for the reals) where the conic has no local point.
    pub obstruction: Option<String>,
}

/// `algebraic_geometry.conic.parametrize`.
pub struct ConicParametrization;

/// The symmetric matrix of the homogenized conic, times 2: entries integer after scaling.
fn conic_matrix(f: &Poly) -> [[Rat; 3]; 3] {
    let c = |a: u32, b: u32| f.coefficient(&[a, b]);
    let two = Rat::from_integer(2.into());
    [[c(2, 0) * &two, c(1, 1), c(1, 0)], [c(1, 1), c(0, 2) * &two, c(0, 1)], [c(1, 0), c(0, 1), c(0, 0) * &two]]
}

fn det3(m: &[[Rat; 3]; 3]) -> Rat {
    &m[0][0] * (&m[1][1] * &m[2][2] - &m[1][2] * &m[2][1]) - &m[0][1] * (&m[1][0] * &m[2][2] - &m[1][2] * &m[2][0])
        + &m[0][2] * (&m[1][0] * &m[2][1] - &m[1][1] * &m[2][0])
}

fn conic_input(i: &ConicInput) -> Result<(Ring, Poly, [[Rat; 3]; 3]), Diagnostic> {
    let (r, f) = plane(&i.variables, &i.polynomial, "/polynomial")?;
    if f.total_degree() != Some(2) {
        return Err(Diagnostic::at("/polynomial", "NOT_A_CONIC", "a polynomial of degree 2"));
    }
    let m = conic_matrix(&f);
    if det3(&m).is_zero() {
        return Err(Diagnostic::at("/polynomial", "DEGENERATE", "a smooth conic (not a pair of lines)"));
    }
    Ok((r, f, m))
}

impl Query for ConicParametrization {
    type Input = ConicInput;
    type Output = ConicOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "algebraic_geometry.conic.parametrize",
                "Rational parametrization of a conic",
                "A rational point of a smooth conic over Q and the parametrization of all its points by lines \
                 through it, or a prime where the conic has no local point (Legendre).",
                "Finds a rational point on the projective closure of a conic with PARI/GP's qfsolve (Simon's \
                 algorithm for ternary quadratic forms), which otherwise names a prime with no local solution; then \
                 parametrizes by the lines through the point: v(s, t) = Q(w) P - 2 B(P, w) w for w on a line missing \
                 P. VERIFY expands the homogenized conic at (X(s, t), Y(s, t), Z(s, t)) to zero.",
                &[
                    "algebraic-geometry",
                    "conic",
                    "rational-parametrization",
                    "rational-point",
                    "legendre",
                    "qfsolve",
                    "parametrize",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the unit circle", Mode::Verify, json!({"variables": ["x", "y"], "polynomial": "x^2 + y^2 - 1"}))]
    }
    fn validate(&self, i: &ConicInput) -> Result<(), Diagnostic> {
        conic_input(i).map(|_| ())
    }
    fn bounds(&self, i: &ConicInput) -> Result<(), Refusal> {
        let (_, f, _) = conic_input(i).map_err(super::refused)?;
        if f.coefficient_bits() > 2000 {
            return Err(Refusal::Unsupported(Diagnostic::at(
                "/polynomial",
                "TOO_LARGE",
                "coefficients of at most 2000 bits",
            )));
        }
        Ok(())
    }
    fn answer(&self, i: &ConicInput, ctx: &AdapterContext) -> Result<Answer<ConicOutput>, AdapterError> {
        let (r, f, m) = conic_input(i).map_err(unsupported)?;
        // An integer matrix: scale by the lcm of the denominators.
        let scale = m.iter().flatten().fold(num_bigint::BigInt::one(), |l, c| num_integer::Integer::lcm(&l, c.denom()));
        let scale = Rat::from_integer(scale);
        let mut prog = Program::new(PARI).code("print(qfsolve([");
        for (k, row) in m.iter().enumerate() {
            if k > 0 {
                prog = prog.code(";");
            }
            prog = prog.list(&row.iter().map(|c| c * &scale).collect::<Vec<_>>(), ",", super::rational);
        }
        let reply = ctx.backend(&prog.code("]))"))?;
        let answer = Gp::parse(reply.single(PARI)?)?;
        let Gp::Vec(v) = &answer else {
            let prime = answer.int()?.to_string();
            let out =
                ConicOutput { has_rational_point: false, point: None, parametrization: None, obstruction: Some(prime) };
            return Ok(out.into());
        };
        let pt: Vec<Rat> = v.iter().map(|g| g.int().map(|n| Rat::from_integer(n.clone()))).collect::<Result<_, _>>()?;
        let [px, py, pz] = pt.as_slice() else {
            return Err(AdapterError::Backend("qfsolve printed a vector of the wrong length".into()));
        };
        let p = [px.clone(), py.clone(), pz.clone()];
        // Q(v) = vᵀ M v / 2 over the variables (s, t) of a line w = s e_i + t e_j missing P.
        let skip = (0..3).rev().find(|&k| !p[k].is_zero()).unwrap_or(2);
        let idx: Vec<usize> = (0..3).filter(|&k| k != skip).collect();
        let w: Vec<Poly> = (0..3)
            .map(|k| match idx.iter().position(|&j| j == k) {
                Some(pos) => Poly::variable(pos, 2),
                None => Poly::zero(),
            })
            .collect();
        let half = Rat::new(1.into(), 2.into());
        let mut qw = Poly::zero();
        let mut bpw = Poly::zero();
        for a in 0..3 {
            for b in 0..3 {
                qw = qw.add(&w[a].mul(&w[b]).map_err(too_large)?.scale(&(&m[a][b] * &half)));
                bpw = bpw.add(&w[b].scale(&(&m[a][b] * &p[a] * &half)));
            }
        }
        let two_b = bpw.scale(&Rat::from_integer(2.into()));
        let comps: Vec<Poly> = (0..3)
            .map(|k| Ok(qw.scale(&p[k]).sub(&two_b.mul(&w[k]).map_err(too_large)?)))
            .collect::<Result<_, AdapterError>>()?;
        // F(X, Y, Z) = Σ f_ab X^a Y^b Z^(2−a−b) as an expression in (s, t).
        let mut parts = vec![json!([])];
        for (e, c) in f.terms() {
            let z = 2 - e[0] - e[1];
            parts.push(product(vec![
                constant(c, 2),
                power(terms(&comps[0]), e[0]),
                power(terms(&comps[1]), e[1]),
                power(terms(&comps[2]), z),
            ]));
        }
        let claim = identities(&r, vec![equal(sum(parts), json!([]))]);
        let qr = Ring { domain: Domain::Q, ..r.clone() };
        let out = ConicOutput {
            has_rational_point: true,
            point: Some([rational_text(&p[0]), rational_text(&p[1]), rational_text(&p[2])]),
            parametrization: Some([qr.print(&comps[0]), qr.print(&comps[1]), qr.print(&comps[2])]),
            obstruction: None,
        };
        Ok(Answer::from(out).claim(claim))
    }
}
