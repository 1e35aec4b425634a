//! Elliptic curves over Q on PARI/GP: invariants and reduction data, torsion, rank bounds,
//! rational points, the group law, reduction modulo a prime, and isogeny classes.
//!
//! A curve is given as [a1, a2, a3, a4, a6] (y² + a1·xy + a3·y = x³ + a2·x² + a4·x + a6) or
//! [a4, a6] (y² = x³ + a4·x + a6), rationals allowed. Its discriminant is computed here, on the
//! integral model x ↦ x/L², y ↦ y/L³ (L the lcm of the denominators), so a singular cubic is
//! refused before anything runs. Torsion and group-law answers are claims that
//! `jacobian.check.elliptic_points` replays with its own rational arithmetic.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::cas::{self, Answer, Claim, Gp, Query};
use crate::integer::decimal;
use crate::rational::Rational;

pub mod finite;
pub mod group;
pub mod isomorphism;

const PARI: BackendKind = BackendKind::Pari;
const EVIDENCE: &str = "elliptic_curve.points/v1";
const SEMANTICS: &str = "urn:jacobian:semantics:elliptic-curve-rational-points:v1";
const FORMAT: &str = "WEIERSTRASS_REPLAY_V1";

/// Most digits of the numerator or denominator of a coefficient.
pub const MAX_COEFFICIENT_DIGITS: usize = 30;
/// Most digits of the numerator or denominator of a coordinate.
pub const MAX_COORDINATE_DIGITS: usize = 1_000;
/// Largest |n| of a multiple (the checker's bound).
pub const MAX_MULTIPLIER: i64 = 1_000_000;
/// Largest n²·ĥ(P) of a multiple n·P: its coordinates then have about n²·ĥ(P)/ln 10 ≤ 10,000 digits.
const MAX_HEIGHT_GROWTH: u32 = 23_000;
/// Largest naive height of a point search.
pub const MAX_HEIGHT: u64 = 1_000_000;
/// Most digits of the prime of a reduction.
pub const MAX_PRIME_DIGITS: usize = 40;
/// Most extension degrees k of #E(F_{p^k}).
pub const MAX_EXTENSIONS: u32 = 100;

/// A point of E(Q): `[x, y]` with rational coordinates, or `"infinity"`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Point {
    /// The affine point (x, y).
    Affine([Rational; 2]),
    /// The point at infinity (the identity).
    Infinity(AtInfinity),
}

/// The string `"infinity"`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
pub enum AtInfinity {
    /// The point at infinity.
    #[serde(rename = "infinity")]
    Infinity,
}

impl Point {
    fn read(g: &Gp) -> Result<Point, AdapterError> {
        match g.items()? {
            [Gp::Int(z)] if z.is_zero() => Ok(Point::Infinity(AtInfinity::Infinity)),
            [x, y] => Ok(Point::Affine([x.rational()?, y.rational()?])),
            _ => Err(AdapterError::Backend(format!("PARI/GP printed {g:?} where a point was expected"))),
        }
    }

    fn print(&self, program: Program) -> Program {
        match self {
            Point::Infinity(_) => program.code("[0]"),
            Point::Affine([x, y]) => rational(rational(program.code("["), x).code(","), y).code("]"),
        }
    }

    fn bounds(&self, at: &str) -> Result<(), Refusal> {
        let Point::Affine(xy) = self else { return Ok(()) };
        xy.iter().enumerate().try_for_each(|(i, c)| digits(c, MAX_COORDINATE_DIGITS, &format!("{at}/{i}")))
    }
}

fn rational(program: Program, r: &Rational) -> Program {
    let (n, d) = r.parts();
    let program = program.code("(").int(&decimal(&n));
    if d.is_one() { program.code(")") } else { program.code("/").int(&decimal(&d)).code(")") }
}

fn digits(r: &Rational, max: usize, at: &str) -> Result<(), Refusal> {
    let (n, d) = r.parts();
    cas::digit_bound(&decimal(&n), max, at)?;
    cas::digit_bound(&decimal(&d), max, at)
}

/// The five coefficients of a curve given by five or two, refused when singular.
fn model(c: &[Rational]) -> Result<[Rational; 5], Diagnostic> {
    let zero = Rational::integer(&BigInt::zero());
    let a = match c {
        [a4, a6] => [zero.clone(), zero.clone(), zero, a4.clone(), a6.clone()],
        [a1, a2, a3, a4, a6] => [a1.clone(), a2.clone(), a3.clone(), a4.clone(), a6.clone()],
        _ => return Err(Diagnostic::at("/curve", "BAD_LENGTH", "a curve is [a1, a2, a3, a4, a6] or [a4, a6]")),
    };
    // Oversized coefficients are refused in preflight; their discriminant is not computed here.
    let sized = c.iter().all(|r| r.as_str().len() <= 2 * MAX_COEFFICIENT_DIGITS + 2);
    if sized && invariants(&integral(&a))[2].is_zero() {
        return Err(Diagnostic::at(
            "/curve",
            "SINGULAR",
            "the discriminant is 0: a singular cubic, not an elliptic curve",
        ));
    }
    Ok(a)
}

fn curve_bounds(c: &[Rational]) -> Result<(), Refusal> {
    c.iter().enumerate().try_for_each(|(i, r)| digits(r, MAX_COEFFICIENT_DIGITS, &format!("/curve/{i}")))
}

/// The integral model aᵢ·L^i (weights 1, 2, 3, 4, 6), L the lcm of the denominators.
fn integral(a: &[Rational; 5]) -> [BigInt; 5] {
    let l = a.iter().fold(BigInt::one(), |l, r| l.lcm(&r.parts().1));
    let w = [1u32, 2, 3, 4, 6];
    std::array::from_fn(|i| {
        let (n, d) = a[i].parts();
        n * l.pow(w[i]) / d
    })
}

/// c4, c6 and Δ of an integral model (Silverman III.1).
fn invariants([a1, a2, a3, a4, a6]: &[BigInt; 5]) -> [BigInt; 3] {
    let k = |n: i32| BigInt::from(n);
    let b2: BigInt = a1 * a1 + k(4) * a2;
    let b4: BigInt = k(2) * a4 + a1 * a3;
    let b6: BigInt = a3 * a3 + k(4) * a6;
    let b8: BigInt = a1 * a1 * a6 + k(4) * a2 * a6 - a1 * a3 * a4 + a2 * a3 * a3 - a4 * a4;
    let c4 = &b2 * &b2 - k(24) * &b4;
    let c6 = -(&b2 * &b2 * &b2) + k(36) * &b2 * &b4 - k(216) * &b6;
    let delta = -(&b2 * &b2 * &b8) - k(8) * &b4 * &b4 * &b4 - k(27) * &b6 * &b6 + k(9) * &b2 * &b4 * &b6;
    [c4, c6, delta]
}

/// Whether (x, y) satisfies the equation, by exact cross-multiplication.
fn on_curve(a: &[Rational; 5], p: &Point) -> bool {
    let Point::Affine([x, y]) = p else { return true };
    type F = (BigInt, BigInt);
    let add = |(a, b): F, (c, d): F| (&a * &d + &c * &b, b * d);
    let mul = |(a, b): &F, (c, d): &F| (a * c, b * d);
    let [a1, a2, a3, a4, a6] = a.clone().map(|r| r.parts());
    let (x, y) = (x.parts(), y.parts());
    let left = add(mul(&y, &y), mul(&y, &add(mul(&a1, &x), a3)));
    let right = add(mul(&x, &add(mul(&x, &add(x.clone(), a2)), a4)), a6);
    left.0 * right.1 == right.0 * left.1
}

fn ellinit(program: Program, a: &[Rational; 5]) -> Program {
    program.code("my(E=ellinit([").list(a, ",", rational).code("]));")
}

/// Runs `program` and reads its `N` printed lines.
fn lines<const N: usize>(ctx: &AdapterContext, program: &Program) -> Result<[Gp; N], AdapterError> {
    let values = ctx.backend(program)?.lines.iter().map(|l| Gp::parse(l)).collect::<Result<Vec<_>, _>>()?;
    let count = values.len();
    values
        .try_into()
        .map_err(|_| AdapterError::Backend(format!("PARI/GP printed {count} lines where {N} were expected")))
}

fn small(g: &Gp) -> Result<u64, AdapterError> {
    g.int()?.to_u64().ok_or_else(|| AdapterError::Backend(format!("PARI/GP printed {g:?} where a count was expected")))
}

fn claim(a: &[Rational; 5], points: &[Point], relations: Vec<Value>, torsion: Option<Value>) -> Claim {
    let mut claim = json!({"curve": a, "points": points, "relations": relations});
    if let Some(t) = torsion {
        claim["torsion"] = t;
    }
    Claim { kind: EVIDENCE, semantics: SEMANTICS, format: FORMAT, claim, candidate: json!({}) }
}

fn describe(
    id: &'static str,
    title: &'static str,
    outcome: &'static str,
    text: &'static str,
    tags: &'static [&'static str],
) -> Describe {
    Describe { scope_rule: "Exactly the given curve and request.", ..cas::describe(id, title, outcome, text, tags) }
}

/// Input of the capabilities that take a curve only.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CurveInput {
    /// [a1, a2, a3, a4, a6] or [a4, a6]: rationals of up to 30 digits above and below.
    #[schemars(length(min = 2, max = 5))]
    pub curve: Vec<Rational>,
}

/// Reduction data at one bad prime.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BadPrime {
    /// The prime p dividing the conductor.
    pub prime: DecimalInteger,
    /// The Kodaira symbol of the special fibre: I0, In, II, III, IV, I0*, In*, II*, III*, IV*.
    pub kodaira: String,
    /// The exponent of p in the conductor.
    pub conductor_exponent: u32,
    /// The Tamagawa number c_p.
    pub tamagawa: u64,
    /// additive, split or nonsplit (multiplicative).
    pub reduction: &'static str,
}

/// Output of `elliptic_curve.compute.invariants`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct InvariantsOutput {
    /// The discriminant Δ of the given model.
    pub discriminant: Rational,
    /// The j-invariant c4³/Δ.
    pub j_invariant: Rational,
    /// c4 of the given model.
    pub c4: Rational,
    /// c6 of the given model.
    pub c6: Rational,
    /// The conductor N.
    pub conductor: DecimalInteger,
    /// The reduced global minimal model [a1, a2, a3, a4, a6] (a1, a3 ∈ {0, 1}, a2 ∈ {−1, 0, 1}).
    pub minimal_model: Vec<DecimalInteger>,
    /// The minimal discriminant.
    pub minimal_discriminant: DecimalInteger,
    /// Every prime of bad reduction, increasing.
    pub bad_primes: Vec<BadPrime>,
}

fn kodaira(code: i64) -> String {
    let name = |k: i64| match k {
        1 => "I0".to_owned(),
        2 => "II".into(),
        3 => "III".into(),
        4 => "IV".into(),
        _ => format!("I{}", k - 4),
    };
    if code > 0 { name(code) } else { format!("{}*", name(-code)) }
}

/// `elliptic_curve.compute.invariants`.
pub struct Invariants;

impl Query for Invariants {
    type Input = CurveInput;
    type Output = InvariantsOutput;

    fn describe(&self) -> Describe {
        describe(
            "elliptic_curve.compute.invariants",
            "Elliptic curve invariants: conductor, minimal model, reduction types",
            "The discriminant, j-invariant, c4, c6, conductor and global minimal model of an elliptic curve over Q, \
             with the Kodaira symbol, conductor exponent and Tamagawa number at every bad prime.",
            "For a curve [a1, a2, a3, a4, a6] or [a4, a6] over Q (rationals of up to 30 digits) with PARI/GP's \
             ellinit, ellglobalred (Tate's algorithm), elllocalred and ellminimalmodel. The conductor needs the \
             factorization of the discriminant, which the deadline may stop for huge coefficients.",
            &["elliptic-curve", "conductor", "discriminant", "j-invariant", "minimal-model", "kodaira", "tamagawa"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the curve 11a1", Mode::Explore, json!({"curve": [0, -1, 1, -10, -20]}))]
    }
    fn validate(&self, i: &CurveInput) -> Result<(), Diagnostic> {
        model(&i.curve).map(|_| ())
    }
    fn bounds(&self, i: &CurveInput) -> Result<(), Refusal> {
        curve_bounds(&i.curve)
    }
    fn answer(&self, i: &CurveInput, ctx: &AdapterContext) -> Result<Answer<InvariantsOutput>, AdapterError> {
        let a = model(&i.curve).map_err(|d| AdapterError::Unsupported(d.message))?;
        let program = ellinit(Program::new(PARI), &a).code(
            "my(G=ellglobalred(E),M=ellminimalmodel(E),P=G[4][,1]~);print([E.disc,E.j,E.c4,E.c6]);print(G[1]);\
             print(M[1..5]);print(M.disc);print(P);print(G[5]);print(vector(#P,i,ellap(E,P[i])))",
        );
        let [inv, n, minimal, disc, primes, local, ap] = lines::<7>(ctx, &program)?;
        let [discriminant, j_invariant, c4, c6] = <[_; 4]>::try_from(inv.rationals()?)
            .map_err(|_| AdapterError::Backend("PARI/GP printed the wrong number of invariants".into()))?;
        let (primes, local, ap) = (primes.ints()?, local.items()?, ap.ints()?);
        if local.len() != primes.len() || ap.len() != primes.len() {
            return Err(AdapterError::Backend("PARI/GP printed local data for other primes".into()));
        }
        let mut bad_primes = vec![];
        for ((p, l), ap) in primes.into_iter().zip(local).zip(ap) {
            let [f, kod, _, c] = l.items()? else { return Err(AdapterError::Backend("bad elllocalred".into())) };
            let kod = kod.int()?.to_i64().unwrap_or(1);
            let reduction = match ap.as_str() {
                "1" => "split",
                "-1" => "nonsplit",
                _ => "additive",
            };
            let conductor_exponent = small(f)?.try_into().unwrap_or(u32::MAX);
            bad_primes.push(BadPrime {
                prime: p,
                kodaira: kodaira(kod),
                conductor_exponent,
                tamagawa: small(c)?,
                reduction,
            });
        }
        let output = InvariantsOutput {
            discriminant,
            j_invariant,
            c4,
            c6,
            conductor: decimal(n.int()?),
            minimal_model: minimal.ints()?,
            minimal_discriminant: decimal(disc.int()?),
            bad_primes,
        };
        Ok(output.into())
    }
}

/// Output of `elliptic_curve.compute.torsion`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TorsionOutput {
    /// |E(Q)_tors|.
    pub order: u64,
    /// The invariants [n] or [n1, n2] with n2 | n1 (E(Q)_tors ≅ Z/n1 × Z/n2).
    pub structure: Vec<u64>,
    /// One generator per invariant, of that order.
    pub generators: Vec<Point>,
}

/// `elliptic_curve.compute.torsion`.
pub struct Torsion;

impl Query for Torsion {
    type Input = CurveInput;
    type Output = TorsionOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            describe(
                "elliptic_curve.compute.torsion",
                "Torsion subgroup of an elliptic curve over Q",
                "The rational torsion points of an elliptic curve over Q: the order, structure and generators of \
                 E(Q)_tors (Mazur: at most 16 points).",
                "PARI/GP's elltors on a curve [a1, a2, a3, a4, a6] or [a4, a6] over Q. VERIFY replays the orders of \
                 the generators, enumerates the subgroup they span and bounds E(Q)_tors by the gcd of #E(F_p) over \
                 small primes of good reduction (reduction is injective on torsion); when that gcd exceeds the order, \
                 or the coefficients are not integers, the answer stays COMPUTED.",
                &["elliptic-curve", "torsion", "torsion-subgroup", "mazur", "finite-order", "rational-points"],
            ),
            &[EVIDENCE],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "the torsion of y² + xy + y = x³ − x² − 122x + 1721",
            Mode::Verify,
            json!({"curve": [1, -1, 1, -122, 1721]}),
        )]
    }
    fn validate(&self, i: &CurveInput) -> Result<(), Diagnostic> {
        model(&i.curve).map(|_| ())
    }
    fn bounds(&self, i: &CurveInput) -> Result<(), Refusal> {
        curve_bounds(&i.curve)
    }
    fn answer(&self, i: &CurveInput, ctx: &AdapterContext) -> Result<Answer<TorsionOutput>, AdapterError> {
        let a = model(&i.curve).map_err(|d| AdapterError::Unsupported(d.message))?;
        let program = ellinit(Program::new(PARI), &a).code("my(T=elltors(E));print(T[1]);print(T[2]);print(T[3])");
        let [order, structure, generators] = lines::<3>(ctx, &program)?;
        let structure: Vec<u64> = structure.items()?.iter().map(small).collect::<Result<_, _>>()?;
        let generators: Vec<Point> = generators.items()?.iter().map(Point::read).collect::<Result<_, _>>()?;
        if structure.len() != generators.len() || generators.iter().any(|p| !on_curve(&a, p)) {
            return Err(AdapterError::Backend("PARI/GP's torsion generators are not points of the curve".into()));
        }
        let order = small(&order)?;
        let relations = structure
            .iter()
            .enumerate()
            .map(|(k, n)| json!({"kind": "order", "p": k, "order": n.to_string()}))
            .collect();
        let torsion = json!({"order": order.to_string(), "generators": (0..generators.len()).collect::<Vec<_>>()});
        let claim = claim(&a, &generators, relations, Some(torsion));
        Ok(Answer::from(TorsionOutput { order, structure, generators }).claim(claim))
    }
}

/// Output of `elliptic_curve.compute.rank`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RankOutput {
    /// A lower bound of the rank: the number of independent points found.
    pub rank_lower: u64,
    /// An upper bound of the rank from 2-descent.
    pub rank_upper: u64,
    /// Whether the bounds meet, so the rank is known.
    pub exact: bool,
    /// Independent points of infinite order, each checked to lie on the curve.
    pub points: Vec<Point>,
}

/// `elliptic_curve.compute.rank`.
pub struct Rank;

impl Query for Rank {
    type Input = CurveInput;
    type Output = RankOutput;

    fn describe(&self) -> Describe {
        describe(
            "elliptic_curve.compute.rank",
            "Rank of an elliptic curve over Q (Mordell–Weil rank bounds)",
            "Lower and upper bounds for the Mordell–Weil rank of an elliptic curve over Q, with independent points of \
             infinite order.",
            "PARI/GP's ellrank (Denis Simon's 2-descent): the upper bound comes from the 2-Selmer group, the lower \
             bound from the independent points found; the points are checked here to lie on the curve, with exact \
             rational arithmetic, before they are returned. When the bounds differ (Sha[2] may hide points), the \
             rank is not determined.",
            &["elliptic-curve", "rank", "mordell-weil", "2-descent", "selmer", "generators", "infinite-order"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("the rank of 389a1", Mode::Explore, json!({"curve": [0, 1, 1, -2, 0]}))]
    }
    fn validate(&self, i: &CurveInput) -> Result<(), Diagnostic> {
        model(&i.curve).map(|_| ())
    }
    fn bounds(&self, i: &CurveInput) -> Result<(), Refusal> {
        curve_bounds(&i.curve)
    }
    fn answer(&self, i: &CurveInput, ctx: &AdapterContext) -> Result<Answer<RankOutput>, AdapterError> {
        let a = model(&i.curve).map_err(|d| AdapterError::Unsupported(d.message))?;
        let program = ellinit(Program::new(PARI), &a).code("my(R=ellrank(E));print(R[1]);print(R[2]);print(R[4])");
        let [lower, upper, points] = lines::<3>(ctx, &program)?;
        let points: Vec<Point> = points.items()?.iter().map(Point::read).collect::<Result<_, _>>()?;
        if points.iter().any(|p| !on_curve(&a, p)) {
            return Err(AdapterError::Backend("PARI/GP returned a point that is not on the curve".into()));
        }
        let (rank_lower, rank_upper) = (small(&lower)?, small(&upper)?);
        if points.len() as u64 != rank_lower {
            return Err(AdapterError::Backend("PARI/GP's points do not match its lower bound".into()));
        }
        Ok(RankOutput { rank_lower, rank_upper, exact: rank_lower == rank_upper, points }.into())
    }
}

/// Input of `elliptic_curve.find.points`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointsInput {
    /// [a1, a2, a3, a4, a6] or [a4, a6]: rationals of up to 30 digits above and below.
    #[schemars(length(min = 2, max = 5))]
    pub curve: Vec<Rational>,
    /// The naive height bound h: every point with x = n/d, max(|n|, d) ≤ h (1 to 1,000,000).
    #[schemars(range(min = 1, max = 1000000))]
    pub height: u64,
}

/// Output of `elliptic_curve.find.points`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PointsOutput {
    /// The affine rational points of naive height ≤ h, by increasing x, then y (the point at infinity is not listed).
    pub points: Vec<Point>,
    /// How many.
    pub count: usize,
}

fn cmp(a: &Rational, b: &Rational) -> std::cmp::Ordering {
    let ((n1, d1), (n2, d2)) = (a.parts(), b.parts());
    (n1 * d2).cmp(&(n2 * d1))
}

/// `elliptic_curve.find.points`.
pub struct FindPoints;

impl Query for FindPoints {
    type Input = PointsInput;
    type Output = PointsOutput;

    fn describe(&self) -> Describe {
        describe(
            "elliptic_curve.find.points",
            "Search rational points on an elliptic curve up to a height bound",
            "Every rational point (x, y) of an elliptic curve over Q whose x = n/d has max(|n|, d) ≤ h.",
            "PARI/GP's ellratpoints (Stoll's ratpoints sieve) on the given model: exhaustive up to the naive height \
             bound h ≤ 1,000,000, so the answer is bounded, not the whole of E(Q). Points are sorted by x, then y, \
             and checked on the curve with exact arithmetic.",
            &["elliptic-curve", "rational-points", "search", "height", "ratpoints", "integral-points"],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("points of 37a1 of height ≤ 10", Mode::Explore, json!({"curve": [0, 0, 1, -1, 0], "height": 10}))]
    }
    fn validate(&self, i: &PointsInput) -> Result<(), Diagnostic> {
        if i.height == 0 || i.height > MAX_HEIGHT {
            return Err(Diagnostic::at("/height", "OUT_OF_RANGE", "the height bound is from 1 to 1,000,000"));
        }
        model(&i.curve).map(|_| ())
    }
    fn bounds(&self, i: &PointsInput) -> Result<(), Refusal> {
        curve_bounds(&i.curve)
    }
    fn answer(&self, i: &PointsInput, ctx: &AdapterContext) -> Result<Answer<PointsOutput>, AdapterError> {
        let a = model(&i.curve).map_err(|d| AdapterError::Unsupported(d.message))?;
        let h = i64::try_from(i.height).unwrap_or(i64::MAX);
        let program = ellinit(Program::new(PARI), &a).code("print(ellratpoints(E,").small(h).code("))");
        let [found] = lines::<1>(ctx, &program)?;
        let mut points: Vec<Point> = found.items()?.iter().map(Point::read).collect::<Result<_, _>>()?;
        if points.iter().any(|p| !on_curve(&a, p)) {
            return Err(AdapterError::Backend("PARI/GP returned a point that is not on the curve".into()));
        }
        points.sort_by(|p, q| match (p, q) {
            (Point::Affine([x1, y1]), Point::Affine([x2, y2])) => cmp(x1, x2).then(cmp(y1, y2)),
            _ => std::cmp::Ordering::Equal,
        });
        let count = points.len();
        Ok(Answer::from(PointsOutput { points, count })
            .note("BOUNDED", format!("exhaustive up to naive height {}, not a description of all of E(Q)", i.height)))
    }
}
