//! `polynomial.gradient.syzygies`: the syzygies of the gradient of f — tuples (a₁, …, aₙ) with
//! Σ aᵢ·∂f/∂xᵢ = 0 — degree by degree. The degree-d slice is the linear map from tuples of
//! polynomials of total degree ≤ d to polynomials; its kernel is the space of syzygies of
//! degree ≤ d. Computed in-process: the slice is reduced modulo primes below 2³¹ (over Q, the
//! kernel is lifted by Chinese remaindering and rational reconstruction, then checked exactly).
//!
//! VERIFY replays, with the checker's own arithmetic, that the witness is a syzygy of the
//! stated degree and that a square minor of the slice one degree lower is nonsingular modulo a
//! prime (so no nonzero syzygy of lower degree exists).

use std::collections::BTreeMap;

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::arith::is_prime;
use jacobian_runtime::objects::polynomial::{PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Poly, Rat, derivative, identities, q, read, ring, terms};
use crate::cas::{self, Answer, Query};

/// Most unknowns in the largest slice examined.
pub const MAX_UNKNOWNS: usize = 400;
/// Most equations (monomials) in the largest slice examined.
pub const MAX_EQUATIONS: usize = 4000;
/// Most kernel vectors listed by `slice`.
pub const MAX_BASIS: usize = 50;
/// Primes tried when lifting a kernel from Z/q to Q.
const MAX_PRIMES: usize = 64;

/// What to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GradientOperation {
    /// The least d such that a nonzero syzygy of degree ≤ d exists, with one such syzygy and
    /// every slice below it.
    MinimumDegree,
    /// The linear system of one slice (`degree`), its rank, and a basis of its kernel.
    Slice,
}

/// Input of `polynomial.gradient.syzygies`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GradientInput {
    /// Variable names (1 to 6).
    pub variables: Vec<String>,
    /// Q (default) or F_p.
    #[serde(default = "q")]
    pub domain: String,
    /// f (total degree at most 16, at most 200 terms).
    pub polynomial: PolyValue,
    /// `minimum_degree` or `slice`.
    pub operation: GradientOperation,
    /// `slice`: the degree d of the slice. `minimum_degree`: the highest degree searched
    /// (default deg f − 1, where the Koszul syzygies ∂ⱼf·eᵢ − ∂ᵢf·eⱼ already lie).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<u32>,
}

/// One degree slice: the map (a₁, …, aₙ) ↦ Σ aᵢ·∂f/∂xᵢ on tuples of degree ≤ `degree`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SliceSummary {
    /// d.
    pub degree: u32,
    /// n·C(n + d, n): one unknown per entry and monomial of degree ≤ d.
    pub unknowns: usize,
    /// The monomials that occur in some m·∂f/∂xᵢ.
    pub equations: usize,
    /// The rank of the map.
    pub rank: usize,
    /// unknowns − rank: the dimension of the syzygies of degree ≤ d.
    pub syzygies: usize,
}

/// One unknown of a slice: the coefficient of `monomial` in the entry `entry`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Unknown {
    /// i (0-based): the syzygy's entry multiplying ∂f/∂xᵢ.
    pub entry: usize,
    /// The monomial.
    pub monomial: String,
}

/// The linear system of one slice.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SliceSystem {
    /// The columns: by entry, then monomials in Jacobian's term order (degree, then
    /// lexicographic, descending).
    pub unknowns: Vec<Unknown>,
    /// The rows: monomials in the same order.
    pub equations: Vec<String>,
    /// The nonzero entries [row, column, value], row by row.
    pub entries: Vec<(usize, usize, String)>,
}

/// Output of `polynomial.gradient.syzygies`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GradientOutput {
    /// ∂f/∂x₁, …, ∂f/∂xₙ.
    pub partials: Vec<String>,
    /// `minimum_degree`: the least degree of a nonzero syzygy, or null when there is none up
    /// to `searched_through`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum_degree: Option<Option<u32>>,
    /// `minimum_degree`: the highest degree examined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub searched_through: Option<u32>,
    /// `minimum_degree`: a syzygy of the least degree.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub syzygy: Option<Vec<String>>,
    /// The slices examined, by increasing degree.
    pub slices: Vec<SliceSummary>,
    /// `slice`: the linear system.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system: Option<SliceSystem>,
    /// `slice`: a basis of the syzygies of degree ≤ d (when at most 50 of them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub basis: Option<Vec<Vec<String>>>,
}

/// `polynomial.gradient.syzygies`.
pub struct GradientSyzygies;

struct Parsed {
    ring: Ring,
    f: Poly,
    partials: Vec<Poly>,
    /// The highest degree examined.
    top: u32,
}

fn parse(i: &GradientInput) -> Result<Parsed, Diagnostic> {
    let ring = ring(&i.variables, &i.domain)?;
    if ring.n() > 6 {
        return Err(Diagnostic::at("/variables", "OUT_OF_RANGE", "1 to 6 variables"));
    }
    let f = read(&ring, &i.polynomial, "/polynomial")?;
    let deg = f.total_degree().unwrap_or(0);
    if deg > 16 || f.len() > 200 {
        return Err(Diagnostic::at("/polynomial", "TOO_LARGE", "total degree at most 16 and at most 200 terms"));
    }
    let top = match (i.operation, i.degree) {
        (GradientOperation::Slice, None) => {
            return Err(Diagnostic::at("/degree", "MISSING_FIELD", "slice needs the degree d"));
        }
        (_, Some(d)) if d > 20 => return Err(Diagnostic::at("/degree", "OUT_OF_RANGE", "0 to 20")),
        (_, Some(d)) => d,
        (GradientOperation::MinimumDegree, None) => deg.saturating_sub(1),
    };
    let partials = (0..ring.n())
        .map(|k| ring.domain.reduce(f.derivative(k)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|m| Diagnostic::at("/polynomial", "OUT_OF_DOMAIN", m))?;
    Ok(Parsed { ring, f, partials, top })
}

/// The exponent vectors of total degree ≤ d in n variables, in Jacobian's term order.
fn monomials(n: usize, d: u32) -> Vec<Vec<u32>> {
    fn fill(prefix: &mut Vec<u32>, n: usize, left: u32, out: &mut Vec<Vec<u32>>) {
        if prefix.len() == n {
            out.push(prefix.clone());
            return;
        }
        for e in 0..=left {
            prefix.push(e);
            fill(prefix, n, left - e, out);
            prefix.pop();
        }
    }
    let mut out = vec![];
    fill(&mut vec![], n, d, &mut out);
    out.sort_by(|a, b| term_order(a, b));
    out
}

/// Degree, then lexicographic, descending.
fn term_order(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    let total = |m: &[u32]| m.iter().map(|&e| u64::from(e)).sum::<u64>();
    total(b).cmp(&total(a)).then_with(|| b.cmp(a))
}

/// n·C(n + d, n).
fn unknowns(n: usize, d: u32) -> usize {
    let mut c: u128 = 1;
    for k in 1..=n as u128 {
        c = c * (u128::from(d) + k) / k;
    }
    usize::try_from(c * n as u128).unwrap_or(usize::MAX)
}

/// The matrix of one slice: columns (entry, monomial), rows the monomials that occur.
struct Slice {
    columns: Vec<(usize, Vec<u32>)>,
    rows: Vec<Vec<u32>>,
    /// (row, column, value), row by row.
    entries: Vec<(usize, usize, Rat)>,
}

#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Ordered(std::cmp::Reverse<u32>, std::cmp::Reverse<Vec<u32>>);

fn slice(partials: &[Poly], n: usize, d: u32) -> Slice {
    let columns: Vec<(usize, Vec<u32>)> =
        (0..partials.len()).flat_map(|i| monomials(n, d).into_iter().map(move |m| (i, m))).collect();
    let key = |m: &[u32]| Ordered(std::cmp::Reverse(m.iter().sum()), std::cmp::Reverse(m.to_vec()));
    let mut by_row: BTreeMap<Ordered, Vec<(usize, Rat)>> = BTreeMap::new();
    for (c, (i, m)) in columns.iter().enumerate() {
        for (e, coefficient) in partials[*i].terms() {
            let product: Vec<u32> = e.iter().zip(m).map(|(a, b)| a + b).collect();
            by_row.entry(key(&product)).or_default().push((c, coefficient.clone()));
        }
    }
    let mut rows = vec![];
    let mut entries = vec![];
    for (r, (k, mut items)) in by_row.into_iter().enumerate() {
        rows.push(k.1.0);
        items.sort_by_key(|(c, _)| *c);
        entries.extend(items.into_iter().map(|(c, v)| (r, c, v)));
    }
    Slice { columns, rows, entries }
}

fn mul_mod(a: u64, b: u64, p: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(p)) as u64
}

fn inv_mod(a: u64, p: u64) -> u64 {
    let (mut r, mut e, mut b) = (1, p - 2, a);
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b, p);
        }
        b = mul_mod(b, b, p);
        e >>= 1;
    }
    r
}

/// c modulo p, when p divides no denominator.
fn residue(c: &Rat, p: u64) -> Option<u64> {
    let p_big = BigInt::from(p);
    let den = c.denom().mod_floor(&p_big).to_u64()?;
    if den == 0 {
        return None;
    }
    let num = c.numer().mod_floor(&p_big).to_u64()?;
    Some(mul_mod(num, inv_mod(den, p), p))
}

/// A slice reduced to reduced row echelon form modulo p.
struct Echelon {
    p: u64,
    /// The original rows of the pivots, in pivot order: with `pivots`, a nonsingular minor.
    pivot_rows: Vec<usize>,
    /// The pivot columns.
    pivots: Vec<usize>,
    /// The reduced pivot rows.
    reduced: Vec<Vec<u64>>,
}

fn eliminate(s: &Slice, p: u64, ctx: &AdapterContext) -> Result<Option<Echelon>, AdapterError> {
    let cols = s.columns.len();
    let mut a = vec![vec![0u64; cols]; s.rows.len()];
    for (r, c, v) in &s.entries {
        let Some(x) = residue(v, p) else { return Ok(None) };
        a[*r][*c] = x;
    }
    let mut free: Vec<usize> = (0..a.len()).collect();
    let (mut pivot_rows, mut pivots, mut done) = (vec![], vec![], vec![]);
    for c in 0..cols {
        ctx.checkpoint()?;
        let Some(k) = free.iter().position(|&r| a[r][c] != 0) else { continue };
        let r = free.remove(k);
        let inv = inv_mod(a[r][c], p);
        let row: Vec<u64> = a[r].iter().map(|&x| mul_mod(x, inv, p)).collect();
        for &o in free.iter().chain(&done) {
            let factor = a[o][c];
            if factor != 0 {
                for (x, &y) in a[o].iter_mut().zip(&row) {
                    *x = (*x + p - mul_mod(factor, y, p)) % p;
                }
            }
        }
        a[r] = row;
        pivot_rows.push(r);
        pivots.push(c);
        done.push(r);
    }
    let reduced = pivot_rows.iter().map(|&r| std::mem::take(&mut a[r])).collect();
    Ok(Some(Echelon { p, pivot_rows, pivots, reduced }))
}

impl Echelon {
    /// The kernel vector with 1 at the free column `free` and 0 at the other free columns.
    fn kernel_vector(&self, free: usize, cols: usize) -> Vec<u64> {
        let mut v = vec![0; cols];
        v[free] = 1;
        for (row, &c) in self.reduced.iter().zip(&self.pivots) {
            v[c] = (self.p - row[free]) % self.p;
        }
        v
    }

    fn free_columns(&self, cols: usize) -> Vec<usize> {
        (0..cols).filter(|c| !self.pivots.contains(c)).collect()
    }
}

/// Primes below 2³¹, largest first.
fn primes() -> impl Iterator<Item = u64> {
    (1u64 << 30..1u64 << 31).rev().filter(|&p| is_prime(p))
}

/// The rational number congruent to `a` modulo `m` with |num|, den ≤ √(m/2), if any.
fn reconstruct(a: &BigInt, m: &BigInt) -> Option<Rat> {
    let bound = (m / BigInt::from(2)).sqrt();
    let (mut r0, mut r1) = (m.clone(), a.mod_floor(m));
    let (mut t0, mut t1) = (BigInt::zero(), BigInt::one());
    while r1 > bound {
        let (qt, r2) = r0.div_rem(&r1);
        r0 = std::mem::replace(&mut r1, r2);
        let t2 = &t0 - &qt * &t1;
        t0 = std::mem::replace(&mut t1, t2);
    }
    (!t1.is_zero() && t1.abs() <= bound && r1.gcd(&t1).is_one()).then(|| Rat::new(r1, t1))
}

/// The rank of a slice, the certificate of a full column rank (pivot rows and prime), and up
/// to `want` kernel vectors over the field, each accepted by `exact`.
struct Kernel {
    rank: usize,
    certificate: Option<(Vec<usize>, u64)>,
    vectors: Vec<Vec<Rat>>,
}

fn kernel(
    s: &Slice,
    ring: &Ring,
    want: usize,
    exact: impl Fn(&[Rat]) -> bool,
    ctx: &AdapterContext,
) -> Result<Kernel, AdapterError> {
    let cols = s.columns.len();
    let p = ring.domain.characteristic();
    if p != 0 {
        let e = eliminate(s, p, ctx)?.ok_or_else(|| AdapterError::Backend("a coefficient outside F_p".into()))?;
        let rank = e.pivots.len();
        let certificate = (rank == cols).then(|| (e.pivot_rows.clone(), p));
        let vectors = e
            .free_columns(cols)
            .into_iter()
            .take(want)
            .map(|f| e.kernel_vector(f, cols).into_iter().map(|x| Rat::from_integer(x.into())).collect())
            .collect();
        return Ok(Kernel { rank, certificate, vectors });
    }
    // Over Q: the rank modulo a prime never exceeds the rank over Q, so a full rank modulo one
    // prime is a certificate. Otherwise the kernel of the largest rank seen is lifted.
    let mut best: Option<Echelon> = None;
    let mut lifted: Vec<Vec<BigInt>> = vec![];
    let mut modulus = BigInt::one();
    for (tried, p) in primes().enumerate() {
        if tried == MAX_PRIMES {
            return Err(AdapterError::Backend("the kernel did not lift to Q within 64 primes".into()));
        }
        let Some(e) = eliminate(s, p, ctx)? else { continue };
        if e.pivots.len() == cols {
            return Ok(Kernel { rank: cols, certificate: Some((e.pivot_rows, p)), vectors: vec![] });
        }
        match &best {
            Some(b) if e.pivots.len() < b.pivots.len() => continue,
            Some(b) if e.pivots == b.pivots => {}
            _ => {
                lifted.clear();
                modulus = BigInt::one();
            }
        }
        let frees = e.free_columns(cols);
        let take = frees.len().min(want);
        if lifted.is_empty() {
            lifted = vec![vec![BigInt::zero(); cols]; take];
        }
        let big_p = BigInt::from(p);
        for (slot, &f) in lifted.iter_mut().zip(&frees) {
            let v = e.kernel_vector(f, cols);
            for (acc, x) in slot.iter_mut().zip(v) {
                // CRT: acc ≡ acc (mod modulus), ≡ x (mod p).
                let t = ((BigInt::from(x) - &*acc) * inverse(&modulus, &big_p)).mod_floor(&big_p);
                *acc += &modulus * t;
            }
        }
        modulus *= &big_p;
        best = Some(e);
        let vectors: Option<Vec<Vec<Rat>>> =
            lifted.iter().map(|v| v.iter().map(|a| reconstruct(a, &modulus)).collect()).collect();
        if let Some(vectors) = vectors
            && vectors.iter().all(|v| exact(v))
        {
            let rank = best.as_ref().map_or(0, |b| b.pivots.len());
            return Ok(Kernel { rank, certificate: None, vectors });
        }
    }
    Err(AdapterError::Backend("no prime below 2^31 reduced the slice".into()))
}

/// 1/a modulo p.
fn inverse(a: &BigInt, p: &BigInt) -> BigInt {
    a.extended_gcd(p).x.mod_floor(p)
}

/// The tuple of a kernel vector: entry i is Σ v(i, m)·m.
fn tuple(s: &Slice, v: &[Rat], n: usize) -> Vec<Poly> {
    let mut out = vec![Poly::zero(); n];
    for ((i, m), c) in s.columns.iter().zip(v) {
        if !c.is_zero() {
            out[*i].add_term(m.clone(), c.clone());
        }
    }
    out
}

/// Whether Σ aᵢ·∂ᵢf = 0 in the ring.
fn is_syzygy(p: &Parsed, a: &[Poly]) -> bool {
    let mut sum = Poly::zero();
    for (x, d) in a.iter().zip(&p.partials) {
        match x.mul(d) {
            Ok(t) => sum = sum.add(&t),
            Err(_) => return false,
        }
    }
    p.ring.domain.reduce(sum).is_ok_and(|s| s.is_zero())
}

/// An integer multiple of a rational tuple with coprime integer coefficients.
fn primitive(a: Vec<Poly>) -> Vec<Poly> {
    let mut den = BigInt::one();
    let mut num = BigInt::zero();
    for (_, c) in a.iter().flat_map(|x| x.terms()) {
        den = den.lcm(c.denom());
        num = num.gcd(c.numer());
    }
    if num.is_zero() {
        return a;
    }
    let scale = Rat::new(den, num);
    a.iter().map(|x| x.scale(&scale)).collect()
}

impl Query for GradientSyzygies {
    type Input = GradientInput;
    type Output = GradientOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.gradient.syzygies",
                "Syzygies of the gradient (Jacobian syzygies) degree by degree",
                "Relations sum a_i df/dx_i = 0 among the partial derivatives of f (a f_x + b f_y + c f_z = 0): the \
                 least degree of a nonzero syzygy, or the linear system of one degree slice with its rank and kernel.",
                "For f over Q or F_p, the degree-d slice maps tuples (a_1, ..., a_n) of polynomials of total degree \
                 at most d to sum a_i df/dx_i. minimum_degree finds the least d with a nonzero kernel (at most \
                 deg f - 1, where the Koszul syzygies lie), with a syzygy of that degree and the rank of every slice \
                 below; slice materializes one slice's system (unknowns, monomial equations, sparse entries), its \
                 rank and a basis of the syzygies of degree at most d. Exact, in-process, by elimination modulo \
                 primes with rational reconstruction. VERIFY replays the syzygy and a nonsingular square minor of \
                 the slice one degree lower, modulo a prime, so no lower syzygy exists.",
                &[
                    "polynomial",
                    "syzygy",
                    "jacobian",
                    "gradient",
                    "partial-derivatives",
                    "degree-slice",
                    "linear-system",
                    "rank",
                    "kernel",
                    "koszul",
                    "relations",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("gradient.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "the least degree of a syzygy of the gradient of x^3 + y^3 + z^3 + x*y*z",
                Mode::Verify,
                json!({"variables": ["x", "y", "z"], "polynomial": "x^3 + y^3 + z^3 + x*y*z", "operation": "minimum_degree"}),
            ),
            (
                "the degree-1 slice for x^2*y + y^3",
                Mode::Explore,
                json!({"variables": ["x", "y"], "polynomial": "x^2*y + y^3", "operation": "slice", "degree": 1}),
            ),
        ]
    }
    fn validate(&self, i: &GradientInput) -> Result<(), Diagnostic> {
        parse(i).map(|_| ())
    }
    fn bounds(&self, i: &GradientInput) -> Result<(), Refusal> {
        let p = parse(i).map_err(super::refused)?;
        let n = p.ring.n();
        let deg_partials = p.partials.iter().filter_map(Poly::total_degree).max().unwrap_or(0);
        let equations = unknowns(n, p.top + deg_partials) / n;
        if unknowns(n, p.top) > MAX_UNKNOWNS || equations > MAX_EQUATIONS {
            return Err(Refusal::Unsupported(Diagnostic::at(
                if i.degree.is_some() { "/degree" } else { "/polynomial" },
                "TOO_LARGE",
                format!(
                    "the slice of degree {} has {} unknowns and up to {equations} equations (at most {MAX_UNKNOWNS} \
                     and {MAX_EQUATIONS})",
                    p.top,
                    unknowns(n, p.top)
                ),
            )));
        }
        Ok(())
    }
    fn answer(&self, i: &GradientInput, ctx: &AdapterContext) -> Result<Answer<GradientOutput>, AdapterError> {
        let p = parse(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let n = p.ring.n();
        let summary = |d: u32, s: &Slice, rank: usize| SliceSummary {
            degree: d,
            unknowns: s.columns.len(),
            equations: s.rows.len(),
            rank,
            syzygies: s.columns.len() - rank,
        };
        let mut out = GradientOutput {
            partials: p.partials.iter().map(|x| p.ring.print(x)).collect(),
            minimum_degree: None,
            searched_through: None,
            syzygy: None,
            slices: vec![],
            system: None,
            basis: None,
        };
        let f_terms = terms(&p.f);
        let generators: Vec<Value> = (0..n).map(|k| derivative(f_terms.clone(), k)).collect();
        let print_tuple = |a: &[Poly]| a.iter().map(|x| p.ring.print(x)).collect::<Vec<_>>();
        if i.operation == GradientOperation::Slice {
            let s = slice(&p.partials, n, p.top);
            let k = kernel(&s, &p.ring, MAX_BASIS, |v| is_syzygy(&p, &tuple(&s, v, n)), ctx)?;
            let basis = (s.columns.len() - k.rank <= MAX_BASIS)
                .then(|| k.vectors.iter().map(|v| print_tuple(&primitive(tuple(&s, v, n)))).collect());
            out.system = Some(SliceSystem {
                unknowns: s
                    .columns
                    .iter()
                    .map(|(e, m)| Unknown { entry: *e, monomial: p.ring.print(&Poly::monomial(m.clone(), Rat::one())) })
                    .collect(),
                equations: s.rows.iter().map(|m| p.ring.print(&Poly::monomial(m.clone(), Rat::one()))).collect(),
                entries: s.entries.iter().map(|(r, c, v)| (*r, *c, rational_text(v))).collect(),
            });
            out.slices.push(summary(p.top, &s, k.rank));
            out.basis = basis;
            return Ok(out.into());
        }
        // The least degree: every slice below has full column rank, certified modulo a prime.
        let mut last_certificate: Option<(u32, Vec<Vec<u32>>, u64)> = None;
        for d in 0..=p.top {
            let s = slice(&p.partials, n, d);
            let k = kernel(&s, &p.ring, 1, |v| is_syzygy(&p, &tuple(&s, v, n)), ctx)?;
            out.slices.push(summary(d, &s, k.rank));
            if let Some((rows, prime)) = k.certificate {
                last_certificate = Some((d, rows.into_iter().map(|r| s.rows[r].clone()).collect(), prime));
                continue;
            }
            let a =
                primitive(tuple(&s, k.vectors.first().ok_or_else(|| AdapterError::Backend("no kernel".into()))?, n));
            if !is_syzygy(&p, &a) || a.iter().all(Poly::is_zero) {
                return Err(AdapterError::Backend("a lifted syzygy failed its exact check".into()));
            }
            let mut relations = vec![json!({
                "kind": "syzygy",
                "generators": generators,
                "syzygy": a.iter().map(terms).collect::<Vec<_>>(),
                "degree": d,
            })];
            if let Some((below, rows, prime)) = last_certificate {
                relations.push(no_syzygy(&generators, below, &rows, prime));
            }
            out.minimum_degree = Some(Some(d));
            out.searched_through = Some(d);
            out.syzygy = Some(print_tuple(&a));
            return Ok(Answer::from(out).claim(identities(&p.ring, relations)));
        }
        out.minimum_degree = Some(None);
        out.searched_through = Some(p.top);
        let (below, rows, prime) =
            last_certificate.ok_or_else(|| AdapterError::Backend("no slice was examined".into()))?;
        Ok(Answer::from(out).claim(identities(&p.ring, vec![no_syzygy(&generators, below, &rows, prime)])))
    }
}

/// The relation: no nonzero syzygy of degree ≤ d, by the nonsingular minor on `rows`.
fn no_syzygy(generators: &[Value], d: u32, rows: &[Vec<u32>], prime: u64) -> Value {
    json!({"kind": "no_syzygy", "generators": generators, "degree": d, "rows": rows, "prime": prime.to_string()})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monomials_come_in_term_order_and_count_binomially() {
        let m = monomials(2, 2);
        assert_eq!(m, vec![vec![2, 0], vec![1, 1], vec![0, 2], vec![1, 0], vec![0, 1], vec![0, 0]]);
        assert_eq!(unknowns(3, 4), 3 * 35);
        assert_eq!(monomials(3, 4).len() * 3, unknowns(3, 4));
    }

    #[test]
    fn rational_reconstruction_inverts_reduction() {
        let m = BigInt::from(2_147_483_647u64) * BigInt::from(2_147_483_629u64);
        for (a, b) in [(3, 7), (-12345, 678), (0, 1), (1, 1)] {
            let r = Rat::new(a.into(), b.into());
            let residue = (r.numer() * inverse(r.denom(), &m)).mod_floor(&m);
            assert_eq!(reconstruct(&residue, &m), Some(r));
        }
    }
}
