//! `real_algebraic.plane.components`: the connected components of a plane semialgebraic set
//! {(x, y) : f(x, y) ρ 0}, ρ one of =, >, ≥, <, ≤, ≠, by a cylindrical algebraic decomposition
//! with cell adjacency.
//!
//! Singular factors f; the distinct irreducible factors of positive degree in y make G, those
//! in x alone make the vertical lines c(x) = 0. The critical abscissae are the real roots of the
//! irreducible factors of c · lc_y(G) · Res_y(G, ∂G/∂y) (Singular's resultant and factorize).
//! Over each open interval between them the roots of G(x₀, ·) are isolated at a rational x₀;
//! over each critical α the roots of G(α, ·) are isolated in Q(α)[y] by Sturm sequences, with
//! signs of elements of Q(α) decided by interval evaluation on a shrinking isolating interval
//! of α. Which sections run into which points of a critical fibre is read off boxes around
//! those points: the abscissa interval of α is shrunk until no box side y = c meets G = 0 over
//! it, so the sections counted inside a box at its ends stay in the box up to α. The cells of
//! the set are joined along these adjacencies; each component is reported with its dimension,
//! whether it is bounded, and a sample point.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::polynomial::{Domain, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::arith::{eval, isolate, isolate_within, mul, rem, sign_changes, sturm_chain, trim};
use super::{Poly, Rat, read, ring};
use crate::cas::{self, Answer, Query};

const SINGULAR: BackendKind = BackendKind::Singular;
/// Highest total degree of f.
pub const MAX_DEGREE: u32 = 6;

/// The relation of the set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
pub enum Relation {
    /// f = 0.
    #[serde(rename = "=")]
    Zero,
    /// f > 0.
    #[serde(rename = ">")]
    Positive,
    /// f ≥ 0.
    #[serde(rename = ">=")]
    Nonnegative,
    /// f < 0.
    #[serde(rename = "<")]
    Negative,
    /// f ≤ 0.
    #[serde(rename = "<=")]
    Nonpositive,
    /// f ≠ 0.
    #[serde(rename = "!=")]
    Nonzero,
}

impl Relation {
    fn holds(self, sign: i8) -> bool {
        match self {
            Relation::Zero => sign == 0,
            Relation::Positive => sign > 0,
            Relation::Nonnegative => sign >= 0,
            Relation::Negative => sign < 0,
            Relation::Nonpositive => sign <= 0,
            Relation::Nonzero => sign != 0,
        }
    }
}

fn relation() -> Relation {
    Relation::Zero
}

/// Input of `real_algebraic.plane.components`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ComponentsInput {
    /// The two coordinates [x, y].
    pub variables: Vec<String>,
    /// f over Q (total degree at most 6, coefficients of at most 64 bits).
    pub polynomial: PolyValue,
    /// `=` (default), `>`, `>=`, `<`, `<=` or `!=`: the set {f ρ 0}.
    #[serde(default = "relation")]
    pub relation: Relation,
}

/// A point given by isolating intervals [lo, hi] of its coordinates (lo = hi when exact).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Sample {
    /// The x interval.
    pub x: [String; 2],
    /// The y interval.
    pub y: [String; 2],
}

/// One connected component.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Component {
    /// 0 (an isolated point), 1 (a curve) or 2 (a region): the largest dimension of its cells.
    pub dimension: u8,
    /// Whether it is bounded.
    pub bounded: bool,
    /// A point of it, in a cell of the largest dimension.
    pub sample: Sample,
    /// Cells of the decomposition in it.
    pub cells: usize,
}

/// Output of `real_algebraic.plane.components`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ComponentsOutput {
    /// The number of connected components.
    pub components: usize,
    /// How many of them are bounded.
    pub bounded: usize,
    /// Each component's dimension, ascending.
    pub dimensions: Vec<u8>,
    /// The components, by dimension, then by sample.
    pub list: Vec<Component>,
    /// The critical abscissae (isolating intervals).
    pub critical_x: Vec<[String; 2]>,
    /// Cells of the decomposition.
    pub cells: usize,
}

/// `real_algebraic.plane.components`.
pub struct Components;

fn parse(i: &ComponentsInput) -> Result<(Ring, Poly), Diagnostic> {
    if i.variables.len() != 2 {
        return Err(Diagnostic::at("/variables", "BAD_LENGTH", "exactly two variables, x and y"));
    }
    let r = ring(&i.variables, "Q")?;
    let f = read(&r, &i.polynomial, "/polynomial")?;
    if f.total_degree().unwrap_or(0) > MAX_DEGREE || f.coefficient_bits() > 64 {
        return Err(Diagnostic::at(
            "/polynomial",
            "TOO_LARGE",
            "total degree at most 6, coefficients of at most 64 bits",
        ));
    }
    Ok((r, f))
}

type Up = Vec<Rat>;

/// [lo, hi] ⊇ p([l, u]), by Horner's rule in interval arithmetic.
fn range(p: &[Rat], l: &Rat, u: &Rat) -> (Rat, Rat) {
    let (mut lo, mut hi) = (Rat::zero(), Rat::zero());
    for c in p.iter().rev() {
        let products = [&lo * l, &lo * u, &hi * l, &hi * u];
        lo = products.iter().min().cloned().unwrap_or_default() + c;
        hi = products.iter().max().cloned().unwrap_or_default() + c;
    }
    (lo, hi)
}

fn sign(q: &Rat) -> i8 {
    if q.is_zero() {
        0
    } else if q.is_positive() {
        1
    } else {
        -1
    }
}

/// A real algebraic number: the root of the irreducible m in (l, u).
#[derive(Clone, Debug)]
struct Alg {
    m: Up,
    l: Rat,
    u: Rat,
}

impl Alg {
    fn rational(&self) -> Option<Rat> {
        (self.m.len() == 2).then(|| -&self.m[0] / &self.m[1])
    }

    /// Halves the isolating interval.
    fn refine(&mut self) {
        let two = Rat::from_integer(2.into());
        if let Some(r) = self.rational() {
            self.l = (&self.l + &r) / &two;
            self.u = (&self.u + &r) / &two;
            return;
        }
        let mid = (&self.l + &self.u) / &two;
        if sign(&eval(&self.m, &mid)) == sign(&eval(&self.m, &self.l)) {
            self.l = mid;
        } else {
            self.u = mid;
        }
    }

    /// The sign of e(α), for e reduced modulo m.
    fn sign(&mut self, e: &[Rat], ctx: &AdapterContext) -> Result<i8, AdapterError> {
        if e.is_empty() {
            return Ok(0);
        }
        if let Some(r) = self.rational() {
            return Ok(sign(&eval(e, &r)));
        }
        loop {
            ctx.checkpoint()?;
            let (lo, hi) = range(e, &self.l, &self.u);
            if lo.is_positive() {
                return Ok(1);
            }
            if hi.is_negative() {
                return Ok(-1);
            }
            self.refine();
        }
    }

    fn interval(&self) -> [String; 2] {
        match self.rational() {
            Some(r) => [rational_text(&r), rational_text(&r)],
            None => [rational_text(&self.l), rational_text(&self.u)],
        }
    }
}

/// Arithmetic in Q(α) = Q[x]/(m).
struct Field<'a> {
    m: &'a [Rat],
    q: Ring,
}

impl Field<'_> {
    fn reduce(&self, a: &[Rat]) -> Up {
        rem(&self.q, &trim(a.to_vec()), self.m)
    }
    fn mul(&self, a: &[Rat], b: &[Rat]) -> Up {
        self.reduce(&mul(&self.q, a, b))
    }
    fn sub(&self, a: &[Rat], b: &[Rat]) -> Up {
        super::arith::sub(&self.q, a, b)
    }
    /// Polynomials over Q(α) in y, coefficients lowest first, trimmed.
    fn trim_y(v: Vec<Up>) -> Vec<Up> {
        let mut v = v;
        while v.last().is_some_and(Vec::is_empty) {
            v.pop();
        }
        v
    }
    /// A positive multiple (at α) of −rem(a, b): the pseudo-remainder lc(b)ˢ·a − q·b, no
    /// inverse taken in Q(α), with the sign of lc(b)(α)ˢ divided out.
    fn negated_remainder(
        &self,
        a: &[Up],
        b: &[Up],
        alpha: &mut Alg,
        ctx: &AdapterContext,
    ) -> Result<Vec<Up>, AdapterError> {
        let mut a = a.to_vec();
        let lb = &b[b.len() - 1];
        let mut steps = 0u32;
        while a.len() >= b.len() {
            ctx.checkpoint()?;
            let shift = a.len() - b.len();
            let la = a[a.len() - 1].clone();
            a = a.iter().map(|c| self.mul(c, lb)).collect();
            for (k, c) in b.iter().enumerate() {
                a[shift + k] = self.sub(&a[shift + k], &self.mul(&la, c));
            }
            a = positive_scaled(Self::trim_y(a));
            steps += 1;
        }
        let flip = alpha.sign(lb, ctx)? < 0 && steps % 2 == 1;
        Ok(if flip { a } else { a.into_iter().map(|c| c.iter().map(|x| -x).collect()).collect() })
    }
    /// The Sturm sequence of g in Q(α)[y], each member a positive multiple (at α) of the
    /// Euclidean one.
    fn sturm(&self, g: &[Up], alpha: &mut Alg, ctx: &AdapterContext) -> Result<Vec<Vec<Up>>, AdapterError> {
        let d: Vec<Up> = g
            .iter()
            .enumerate()
            .skip(1)
            .map(|(k, c)| c.iter().map(|x| x * Rat::from_integer(k.into())).collect())
            .collect();
        let mut seq = vec![g.to_vec(), Self::trim_y(d)];
        while seq[seq.len() - 1].len() > 1 {
            let r = self.negated_remainder(&seq[seq.len() - 2], &seq[seq.len() - 1], alpha, ctx)?;
            if r.is_empty() {
                break;
            }
            seq.push(r);
        }
        seq.retain(|p| !p.is_empty());
        Ok(seq)
    }
    /// g(c) ∈ Q(α).
    fn at(&self, g: &[Up], c: &Rat) -> Up {
        let mut acc: Up = vec![];
        for coefficient in g.iter().rev() {
            acc = super::arith::add(&self.q, &acc.iter().map(|x| x * c).collect::<Vec<_>>(), coefficient);
        }
        trim(acc)
    }
}

/// The polynomial divided by the positive rational that makes its coefficients coprime integers.
fn positive_scaled(p: Vec<Up>) -> Vec<Up> {
    let (mut num, mut den) = (BigInt::zero(), BigInt::one());
    for x in p.iter().flatten() {
        num = num.gcd(x.numer());
        den = den.lcm(x.denom());
    }
    if num.is_zero() {
        return p;
    }
    let s = Rat::new(den, num);
    p.into_iter().map(|c| c.into_iter().map(|x| x * &s).collect()).collect()
}

/// Sign changes of a Sturm sequence over Q(α) at y = c (None: at +∞ when `plus`, else −∞).
fn changes(
    k: &Field,
    alpha: &mut Alg,
    seq: &[Vec<Up>],
    c: Option<&Rat>,
    plus: bool,
    ctx: &AdapterContext,
) -> Result<usize, AdapterError> {
    let mut signs = vec![];
    for p in seq {
        let s = match c {
            Some(c) => alpha.sign(&k.at(p, c), ctx)?,
            None => {
                let lead = alpha.sign(&p[p.len() - 1], ctx)?;
                if plus || (p.len() - 1) % 2 == 0 { lead } else { -lead }
            }
        };
        if s != 0 {
            signs.push(s);
        }
    }
    Ok(signs.windows(2).filter(|w| w[0] != w[1]).count())
}

/// G(x, y) as a polynomial in y with coefficients in Q[x].
fn in_y(g: &Poly) -> Vec<Up> {
    let dy = g.degree_in(1).unwrap_or(0) as usize;
    let mut out = vec![vec![]; dy + 1];
    for (m, c) in g.terms() {
        let (ex, ey) = (m[0] as usize, m[1] as usize);
        if out[ey].len() <= ex {
            out[ey].resize(ex + 1, Rat::zero());
        }
        out[ey][ex] = c.clone();
    }
    out.into_iter().map(trim).collect()
}

/// G(x₀, y) ∈ Q[y].
fn fibre_at(g: &[Up], x0: &Rat) -> Up {
    trim(g.iter().map(|c| eval(c, x0)).collect())
}

/// G(x, c) ∈ Q[x].
fn line_at(g: &[Up], c: &Rat) -> Up {
    let mut acc: Up = vec![];
    let q = Ring { variables: vec!["x".into()], domain: Domain::Q };
    for coefficient in g.iter().rev() {
        acc = super::arith::add(&q, &acc.iter().map(|x| x * c).collect::<Vec<_>>(), coefficient);
    }
    trim(acc)
}

/// Roots of G(α, ·) in boxes (c, d] with c, d not roots, in increasing order.
fn fibre_roots(g: &[Up], alpha: &mut Alg, ctx: &AdapterContext) -> Result<Vec<(Rat, Rat)>, AdapterError> {
    let m = alpha.m.clone();
    let k = Field { m: &m, q: Ring { variables: vec!["x".into()], domain: Domain::Q } };
    let gk = Field::trim_y(g.iter().map(|c| k.reduce(c)).collect());
    if gk.len() <= 1 {
        return Ok(vec![]);
    }
    let seq = k.sturm(&gk, alpha, ctx)?;
    let total = changes(&k, alpha, &seq, None, false, ctx)? - changes(&k, alpha, &seq, None, true, ctx)?;
    if total == 0 {
        return Ok(vec![]);
    }
    // Cauchy's bound from interval bounds of the coefficients at α.
    let lead = &gk[gk.len() - 1];
    let lead_low = loop {
        ctx.checkpoint()?;
        let (lo, hi) = range(lead, &alpha.l, &alpha.u);
        if let Some(r) = alpha.rational() {
            break eval(lead, &r).abs();
        }
        if lo.is_positive() || hi.is_negative() {
            break lo.abs().min(hi.abs());
        }
        alpha.refine();
    };
    let mut bound = Rat::one();
    for c in &gk[..gk.len() - 1] {
        let (lo, hi) = match alpha.rational() {
            Some(r) => {
                let v = eval(c, &r);
                (v.clone(), v)
            }
            None => range(c, &alpha.l, &alpha.u),
        };
        bound = bound.max(Rat::one() + lo.abs().max(hi.abs()) / &lead_low);
    }
    let bound = bound + Rat::one();
    let mut out = vec![];
    let mut stack = vec![(-bound.clone(), bound)];
    while let Some((c, d)) = stack.pop() {
        ctx.checkpoint()?;
        let count = changes(&k, alpha, &seq, Some(&c), true, ctx)? - changes(&k, alpha, &seq, Some(&d), true, ctx)?;
        if count == 0 {
            continue;
        }
        if count == 1 {
            out.push((c, d));
            continue;
        }
        let mut mid = (&c + &d) / Rat::from_integer(2.into());
        let mut j = 3;
        while k.at(&gk, &mid).is_empty() {
            mid = &c + (&d - &c) * Rat::new(BigInt::from(j / 2), BigInt::from(j));
            j += 2;
        }
        stack.push((mid.clone(), d));
        stack.push((c, mid));
    }
    out.sort();
    Ok(out)
}

/// Distinct real roots of G(x₀, ·) in (lo, hi], by a Sturm chain over Q.
fn count_between(chain: &[Up], lo: Option<&Rat>, hi: Option<&Rat>) -> usize {
    let at = |x: Option<&Rat>, plus: bool| sign_changes(chain, x, plus);
    at(lo, false) - at(hi, true)
}

/// Where each section over an adjacent interval ends on the fibre: a position −1 (−∞), 2r − 1
/// (the r-th point, 1-based) or 2k + 1 (+∞).
fn limits(g: &[Up], x0: &Rat, boundaries: &[Rat], roots: usize) -> Result<Vec<i64>, AdapterError> {
    let p = fibre_at(g, x0);
    if p.len() <= 1 {
        return Ok(vec![]);
    }
    let chain = sturm_chain(&p);
    let mut out = vec![];
    let below = count_between(&chain, None, boundaries.first());
    out.extend(std::iter::repeat_n(-1, below));
    if roots == 0 {
        let above = count_between(&chain, boundaries.first(), None);
        out.extend(std::iter::repeat_n(1, above));
        return Ok(out);
    }
    // boundaries = c₁ < d₁ ≤ c₂ < d₂ ≤ … (boxes (c_r, d_r]).
    for r in 0..roots {
        let (c, d) = (&boundaries[2 * r], &boundaries[2 * r + 1]);
        let inside = count_between(&chain, Some(c), Some(d));
        out.extend(std::iter::repeat_n(2 * r as i64 + 1, inside));
        if let Some(next) = boundaries.get(2 * r + 2)
            && count_between(&chain, Some(d), Some(next)) != 0
        {
            return Err(AdapterError::Backend("a section ran between two boxes of a critical fibre".into()));
        }
    }
    let above = count_between(&chain, boundaries.last(), None);
    out.extend(std::iter::repeat_n(2 * roots as i64 + 1, above));
    Ok(out)
}

/// One critical fibre.
struct Fibre {
    alpha: Alg,
    /// The whole line x = α lies in the zero set.
    line: bool,
    /// Boxes (c, d] of the roots of G(α, ·).
    boxes: Vec<(Rat, Rat)>,
    /// Section ends from the left and from the right.
    left: Vec<i64>,
    right: Vec<i64>,
}

/// A cell of the decomposition.
struct Cell {
    dimension: u8,
    bounded: bool,
    inside: bool,
    sample: Sample,
}

fn exact(v: &Rat) -> [String; 2] {
    [rational_text(v), rational_text(v)]
}

/// Union–find.
fn find(parent: &mut [usize], mut a: usize) -> usize {
    while parent[a] != a {
        parent[a] = parent[parent[a]];
        a = parent[a];
    }
    a
}

impl Query for Components {
    type Input = ComponentsInput;
    type Output = ComponentsOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "real_algebraic.plane.components",
            "Connected components of a plane semialgebraic set {f = 0}, {f > 0}, {f >= 0}, ...",
            "Connected components of {(x, y) : f(x, y) rel 0} in the real plane for f over Q (the real zero set of a \
             curve, or a region), with dimensions, isolated points, boundedness and sample points.",
            "Builds a cylindrical algebraic decomposition of the plane adapted to f (critical abscissae from the \
             discriminant and leading coefficient in y, Singular's factorize and resultant; real roots isolated \
             exactly, over algebraic abscissae by Sturm sequences in Q(alpha)[y]) and joins its cells along their \
             adjacencies. For rel in =, >, >=, <, <=, != returns the number of connected components, how many are \
             bounded, each component's dimension (0 for an isolated point, 1 for a curve piece, 2 for a region) \
             and a sample point: ovals and branches of a real curve, isolated singular points, the regions cut \
             out by a curve.",
            &[
                "real-algebraic",
                "semialgebraic",
                "plane-curve",
                "plane-components",
                "topology",
                "cad",
                "cylindrical-algebraic-decomposition",
                "ovals",
                "regions",
                "bounded",
            ],
        )
    }
    cas::on_backend!(SINGULAR);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the components of the elliptic curve y^2 = x^3 - x (an oval and a branch)",
                Mode::Explore,
                json!({"variables": ["x", "y"], "polynomial": "y^2 - x^3 + x"}),
            ),
            (
                "the regions where (x^2 + y^2 - 1)(x^2 + y^2 - 4) > 0",
                Mode::Explore,
                json!({"variables": ["x", "y"], "polynomial": "(x^2 + y^2 - 1)*(x^2 + y^2 - 4)", "relation": ">"}),
            ),
        ]
    }
    fn validate(&self, i: &ComponentsInput) -> Result<(), Diagnostic> {
        parse(i).map(|_| ())
    }
    fn bounds(&self, i: &ComponentsInput) -> Result<(), Refusal> {
        parse(i).map(|_| ()).map_err(super::refused)
    }
    fn answer(&self, i: &ComponentsInput, ctx: &AdapterContext) -> Result<Answer<ComponentsOutput>, AdapterError> {
        let (r, f) = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let q = Ring { variables: vec!["x".into()], domain: Domain::Q };
        // G: the distinct factors of positive degree in y; c: those in x alone.
        let (_, factors) = super::univariate::factorize(&r, &f, ctx)?;
        let (mut g, mut verticals) = (Poly::constant(Rat::one(), 2), vec![]);
        for (p, _) in &factors {
            if p.degree_in(1).unwrap_or(0) == 0 {
                verticals.push(super::arith::monic(&q, &trim(p.dense(0).unwrap_or_default())));
            } else {
                g = g.mul(p).map_err(super::native::too_large)?;
            }
        }
        let gy = in_y(&g);
        // The critical polynomials: irreducible factors of lc · Res(G, G_y), and the verticals.
        let mut critical: Vec<Up> = verticals.clone();
        if gy.len() > 1 {
            let prog = super::singular_ring(Program::new(SINGULAR), &r, "dp");
            let prog = super::singular_poly(prog.code("poly G = "), &g).code(
                "; matrix C = coeffs(G, var(2)); poly R = resultant(G, diff(G, var(2)), var(2)) * C[nrows(C), 1]; \
                 list L = factorize(R); int k; for (k = 2; k <= size(L[1]); k++) { print(string(L[1][k])); }",
            );
            let reply = ctx.backend(&prog)?;
            for line in &reply.lines {
                let p = super::from_singular(&r, line)?;
                if p.degree_in(1).unwrap_or(0) != 0 {
                    return Err(AdapterError::Backend("Singular printed a critical factor in y".into()));
                }
                let p = super::arith::monic(&q, &trim(p.dense(0).unwrap_or_default()));
                if p.len() > 1 && !critical.contains(&p) {
                    critical.push(p);
                }
            }
        }
        // Their real roots, isolated and separated.
        let mut alphas: Vec<Alg> = vec![];
        for m in &critical {
            let m = m.clone();
            if m.len() == 2 {
                let root = -&m[0];
                alphas.push(Alg { m, l: &root - Rat::one(), u: &root + Rat::one() });
                continue;
            }
            for (l, u) in isolate(&m, 1, ctx)? {
                alphas.push(Alg { m: m.clone(), l, u });
            }
        }
        loop {
            ctx.checkpoint()?;
            alphas.sort_by(|a, b| a.l.cmp(&b.l));
            let Some(k) = (1..alphas.len()).find(|&k| alphas[k - 1].u >= alphas[k].l) else { break };
            alphas[k - 1].refine();
            alphas[k].refine();
        }
        // The fibres: roots of G(α, ·), then α's interval shrunk until no box side meets G = 0.
        let mut fibres = vec![];
        for mut alpha in alphas {
            let line = verticals.contains(&alpha.m);
            let boxes = fibre_roots(&gy, &mut alpha, ctx)?;
            let mut boundaries: Vec<Rat> = boxes.iter().flat_map(|(c, d)| [c.clone(), d.clone()]).collect();
            if boxes.is_empty() {
                boundaries.push(Rat::zero());
            }
            let sides: Vec<Up> = boundaries.iter().map(|c| line_at(&gy, c)).collect();
            loop {
                ctx.checkpoint()?;
                let clear = sides.iter().all(|h| {
                    h.len() <= 1
                        || (!eval(h, &alpha.l).is_zero()
                            && isolate_within(h, (alpha.l.clone(), alpha.u.clone()), 0, ctx)
                                .is_ok_and(|v| v.is_empty()))
                });
                if clear {
                    break;
                }
                alpha.refine();
            }
            let left = limits(&gy, &alpha.l, &boundaries, boxes.len())?;
            let right = limits(&gy, &alpha.u, &boundaries, boxes.len())?;
            fibres.push(Fibre { alpha, line, boxes, left, right });
        }
        // The open intervals: samples, sections and sectors.
        let n = fibres.len();
        let mut cells: Vec<Cell> = vec![];
        let mut edges: Vec<(usize, usize)> = vec![];
        // Per interval: index of its first sector cell, and its section count.
        let mut columns: Vec<(usize, usize)> = vec![];
        for k in 0..=n {
            let x0 = if n == 0 {
                Rat::zero()
            } else if k == 0 {
                fibres[0].alpha.l.clone()
            } else {
                fibres[k - 1].alpha.u.clone()
            };
            let p = fibre_at(&gy, &x0);
            let roots = if p.len() > 1 { isolate(&p, 1, ctx)? } else { vec![] };
            let ends = |side: Option<&Vec<i64>>, s: usize| side.map(|v| v.get(s).copied());
            let unbounded_interval = k == 0 || k == n;
            if k > 0 && fibres[k - 1].right.len() != roots.len() || k < n && fibres[k].left.len() != roots.len() {
                return Err(AdapterError::Backend("section counts disagree along an interval".into()));
            }
            let section_bounded = |s: usize| -> bool {
                if unbounded_interval {
                    return false;
                }
                let left = ends(Some(&fibres[k - 1].right), s).flatten();
                let right = ends(Some(&fibres[k].left), s).flatten();
                let finite = |pos: Option<i64>, f: &Fibre| pos.is_some_and(|p| p >= 0 && p < 2 * f.boxes.len() as i64);
                finite(left, &fibres[k - 1]) && finite(right, &fibres[k])
            };
            let first = cells.len();
            let m = roots.len();
            let two = Rat::from_integer(2.into());
            // Sectors 0..=m, then sections 1..=m.
            for s in 0..=m {
                let y = match (s, m) {
                    (_, 0) => Rat::zero(),
                    (0, _) => &roots[0].0 - Rat::one(),
                    (s, m) if s == m => &roots[m - 1].1 + Rat::one(),
                    (s, _) => (&roots[s - 1].1 + &roots[s].0) / &two,
                };
                let value = f.evaluate(&[x0.clone(), y.clone()]);
                let bounded = s > 0 && s < m && section_bounded(s - 1) && section_bounded(s);
                cells.push(Cell {
                    dimension: 2,
                    bounded,
                    inside: i.relation.holds(sign(&value)),
                    sample: Sample { x: exact(&x0), y: exact(&y) },
                });
            }
            for (s, (lo, hi)) in roots.iter().enumerate() {
                cells.push(Cell {
                    dimension: 1,
                    bounded: section_bounded(s),
                    inside: i.relation.holds(0),
                    sample: Sample { x: exact(&x0), y: [rational_text(lo), rational_text(hi)] },
                });
                let section = first + m + 1 + s;
                edges.push((section, first + s));
                edges.push((section, first + s + 1));
            }
            columns.push((first, m));
        }
        // The fibres' cells, and their adjacencies with the intervals on both sides.
        for (j, fibre) in fibres.iter().enumerate() {
            let k = fibre.boxes.len();
            let first = cells.len();
            let x = fibre.alpha.interval();
            // Cells at positions 0..=2k: segment v_0, point β_1, v_1, …, β_k, v_k; or the line.
            let cell_at = |pos: i64| -> Option<usize> {
                if fibre.line {
                    return (0..=2 * k as i64).contains(&pos).then_some(first);
                }
                (0..=2 * k as i64).contains(&pos).then(|| first + pos as usize)
            };
            if fibre.line {
                cells.push(Cell {
                    dimension: 1,
                    bounded: false,
                    inside: i.relation.holds(0),
                    sample: Sample { x: x.clone(), y: exact(&Rat::zero()) },
                });
            } else {
                // A segment's sign is that of the sector on its left that reaches it.
                let (left_first, left_m) = columns[j];
                for pos in 0..=2 * k {
                    if pos % 2 == 1 {
                        let (c, d) = &fibre.boxes[pos / 2];
                        cells.push(Cell {
                            dimension: 0,
                            bounded: true,
                            inside: i.relation.holds(0),
                            sample: Sample { x: x.clone(), y: [rational_text(c), rational_text(d)] },
                        });
                        continue;
                    }
                    let r = pos / 2;
                    let y = match (r, k) {
                        (_, 0) => Rat::zero(),
                        (0, _) => &fibre.boxes[0].0 - Rat::one(),
                        (r, k) if r == k => &fibre.boxes[k - 1].1 + Rat::one(),
                        (r, _) => fibre.boxes[r - 1].1.clone(),
                    };
                    let position = pos as i64;
                    let sector = (0..=left_m)
                        .find(|&s| {
                            let lo = if s == 0 { -1 } else { fibre.left[s - 1] };
                            let hi = if s == left_m { 2 * k as i64 + 1 } else { fibre.left[s] };
                            lo <= position && position <= hi
                        })
                        .ok_or_else(|| AdapterError::Backend("a fibre segment met no sector".into()))?;
                    let inside = cells[left_first + sector].inside;
                    cells.push(Cell {
                        dimension: 1,
                        bounded: r > 0 && r < k,
                        inside,
                        sample: Sample { x: x.clone(), y: exact(&y) },
                    });
                }
                for pos in (1..2 * k).step_by(2) {
                    edges.push((first + pos, first + pos - 1));
                    edges.push((first + pos, first + pos + 1));
                }
            }
            // Adjacency with the interval on the left (column j) and on the right (column j + 1).
            for (column, ends) in [(columns[j], &fibre.left), (columns[j + 1], &fibre.right)] {
                let (cf, m) = column;
                for s in 0..=m {
                    let lo = if s == 0 { -1 } else { ends[s - 1] };
                    let hi = if s == m { 2 * k as i64 + 1 } else { ends[s] };
                    for pos in lo.max(0)..=hi.min(2 * k as i64) {
                        if let Some(c) = cell_at(pos) {
                            edges.push((cf + s, c));
                        }
                    }
                }
                for (s, &end) in ends.iter().enumerate().take(m) {
                    if let Some(c) = cell_at(end) {
                        edges.push((cf + m + 1 + s, c));
                    }
                }
            }
        }
        // Components: cells of the set joined along adjacencies.
        let mut parent: Vec<usize> = (0..cells.len()).collect();
        for (a, b) in edges {
            if cells[a].inside && cells[b].inside {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra] = rb;
            }
        }
        let mut groups: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
        for (c, cell) in cells.iter().enumerate() {
            if cell.inside {
                let root = find(&mut parent, c);
                groups.entry(root).or_default().push(c);
            }
        }
        let total_cells = cells.len();
        let mut list: Vec<Component> = groups
            .into_values()
            .map(|members| {
                let best = *members.iter().max_by_key(|&&c| cells[c].dimension).expect("non-empty");
                Component {
                    dimension: cells[best].dimension,
                    bounded: members.iter().all(|&c| cells[c].bounded),
                    sample: Sample { x: cells[best].sample.x.clone(), y: cells[best].sample.y.clone() },
                    cells: members.len(),
                }
            })
            .collect();
        list.sort_by(|a, b| (a.dimension, &a.sample.x, &a.sample.y).cmp(&(b.dimension, &b.sample.x, &b.sample.y)));
        let out = ComponentsOutput {
            components: list.len(),
            bounded: list.iter().filter(|c| c.bounded).count(),
            dimensions: list.iter().map(|c| c.dimension).collect(),
            list,
            critical_x: fibres.iter().map(|f| f.alpha.interval()).collect(),
            cells: total_cells,
        };
        Ok(out.into())
    }
}
