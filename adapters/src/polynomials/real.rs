//! Real algebraic questions about univariate polynomials over Q: nonnegativity on the line or
//! on an interval with an exact sum-of-squares certificate or a point of negativity, and the
//! signs of polynomials at the real roots of another (sign conditions, Thom encodings, Tarski
//! queries).

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::backend::{BackendKind, Program};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::{Coefficient, PolyValue, Ring, rational_text};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::arith::{self, deriv, isolate, mul, poly, sign_changes, sturm_chain, sub, trim};
use super::native::scalar;
use super::{Rat, constant, dense, equal, from_gp, identities, power, product, q, read, ring, sum, terms};
use crate::cas::{self, Answer, Gp, Query};

const PARI: BackendKind = BackendKind::Pari;

fn unsupported(d: Diagnostic) -> AdapterError {
    AdapterError::Unsupported(d.message)
}

fn over_q(variables: &[String], domain: &str) -> Result<Ring, Diagnostic> {
    let r = ring(variables, domain)?;
    super::one_variable(&r)?;
    if r.domain.characteristic() != 0 {
        return Err(Diagnostic::at("/domain", "NOT_SUPPORTED", "over Z or Q"));
    }
    Ok(r)
}

fn sign(x: &Rat) -> i8 {
    if x.is_zero() {
        0
    } else if x.is_positive() {
        1
    } else {
        -1
    }
}

/// A `sign` relation of the identities checker: the constant expression has the sign.
fn sign_relation(value: Value, sign: &str) -> Value {
    json!({"kind": "sign", "value": value, "sign": sign})
}

/// Input of `polynomial.decide.nonnegative`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NonnegativeInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Z` or `Q` (default).
    #[serde(default = "q")]
    pub domain: String,
    /// The polynomial (degree at most 60).
    pub polynomial: PolyValue,
    /// Decide p ≥ 0 on [low, high] only (default: on the whole real line).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<[Coefficient; 2]>,
}

/// One weighted square w·s(t)² of a certificate.
#[derive(Debug, Serialize, JsonSchema)]
pub struct WeightedSquare {
    /// w ≥ 0.
    pub weight: String,
    /// s.
    pub square_of: String,
}

/// Output of `polynomial.decide.nonnegative`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct NonnegativeOutput {
    /// Whether p ≥ 0 everywhere (or on the interval).
    pub nonnegative: bool,
    /// Whether p > 0 everywhere (or on the interval): nonnegative without a real root there.
    pub positive: bool,
    /// When nonnegative: p = Σ wᵢ·sᵢ² (on an interval [a, b], for P(t) = (1 + t²)^d·p((a + b t²)/(1 + t²))
    /// in the same variable, d = deg p).
    pub certificate: Vec<WeightedSquare>,
    /// The Gram matrix G (rows of the monomials 1, x, …, x^(deg/2)) with p = mᵀ G m, G = Σ wᵢ sᵢ sᵢᵀ.
    pub gram_matrix: Vec<Vec<String>>,
    /// When not nonnegative: a rational point (in the interval) where p is negative, and p's value there.
    pub witness: Option<[String; 2]>,
}

/// `polynomial.decide.nonnegative`.
pub struct Nonnegative;

/// An optional interval [low, high].
type Interval = Option<(Rat, Rat)>;

fn nonnegative_input(i: &NonnegativeInput) -> Result<(Ring, Vec<Rat>, Interval), Diagnostic> {
    let r = over_q(&i.variables, &i.domain)?;
    let p = dense(&read(&r, &i.polynomial, "/polynomial")?);
    let interval = match &i.interval {
        Some([a, b]) => {
            let (a, b) = (scalar(&r, a, "/interval/0")?, scalar(&r, b, "/interval/1")?);
            if a >= b {
                return Err(Diagnostic::at("/interval", "EMPTY_INTERVAL", "low < high"));
            }
            Some((a, b))
        }
        None => None,
    };
    Ok((r, p, interval))
}

/// P(t) = (1 + t²)^d · p((a + b t²)/(1 + t²)), d = deg p: nonnegative on R iff p is on [a, b].
fn goursat(r: &Ring, p: &[Rat], a: &Rat, b: &Rat) -> Vec<Rat> {
    let d = p.len().saturating_sub(1);
    let num = vec![a.clone(), Rat::zero(), b.clone()];
    let den = vec![Rat::one(), Rat::zero(), Rat::one()];
    let pow = |v: &[Rat], k: usize| (0..k).fold(vec![Rat::one()], |acc, _| mul(r, &acc, v));
    p.iter()
        .enumerate()
        .fold(vec![], |acc, (k, c)| arith::add(r, &acc, &arith::scale(r, &mul(r, &pow(&num, k), &pow(&den, d - k)), c)))
}

/// A point where p < 0, if any: p changes sign at a root of odd multiplicity, and every gap
/// between consecutive roots holds an endpoint of an isolating interval.
fn negative_point(p: &[Rat], ctx: &AdapterContext) -> Result<Option<Rat>, AdapterError> {
    if p.is_empty() {
        return Ok(None);
    }
    let mut points = vec![Rat::zero()];
    for (l, u) in isolate(p, 0, ctx)? {
        points.push(l);
        points.push(u);
    }
    Ok(points.into_iter().map(|x| (arith::value(p, &x), x)).filter(|(v, _)| v.is_negative()).min().map(|(_, x)| x))
}

/// Weighted squares (w, s) with h = Σ w s², for h > 0 on R with rational coefficients: a
/// numerical factorization h − εT ≈ lc·|q|² (q monic over the roots in the upper half plane, from
/// PARI/GP), rounded to rationals, the exact remainder absorbed by εT, T = Σ x^{2k}.
fn positive_sos(r: &Ring, h: &[Rat], ctx: &AdapterContext) -> Result<Vec<(Rat, Vec<Rat>)>, AdapterError> {
    if h.len() <= 1 {
        return Ok(vec![(h.first().cloned().unwrap_or_default(), vec![Rat::one()])]);
    }
    let d = (h.len() - 1) / 2;
    let t: Vec<Rat> = (0..=2 * d).map(|k| if k % 2 == 0 { Rat::one() } else { Rat::zero() }).collect();
    // The largest ε = 2^-k (k ≤ 200) leaving h − εT positive definite.
    let mut eps = Rat::one();
    let he = loop {
        ctx.checkpoint()?;
        let he = sub(r, h, &arith::scale(r, &t, &eps));
        let lc = he.last().cloned().unwrap_or_default();
        if lc.is_positive() && he.len() == h.len() && isolate(&he, 0, ctx)?.is_empty() {
            break he;
        }
        eps /= Rat::from_integer(2.into());
        if eps < Rat::new(BigInt::one(), BigInt::one() << 200) {
            return Err(AdapterError::Backend("no positive margin for a certificate".into()));
        }
    };
    let lc = he[he.len() - 1].clone();
    for bits in [64u32, 128, 256, 512, 1024, 2048] {
        ctx.checkpoint()?;
        let prog = super::gp_pol(
            Program::new(PARI).code("default(realprecision,").small(i64::from(bits) / 2 + 40).code(");my(h="),
            &he,
            &r.domain,
        )
        .code(",z=polroots(h),q=1,n=0);for(i=1,#z,if(imag(z[i])>0,q*=(x-z[i]);n++));print(n);")
        .code("print(Vecrev(apply(c->round(c*2^")
        .small(i64::from(bits))
        .code(")/2^")
        .small(i64::from(bits))
        .code(",real(q))));print(Vecrev(apply(c->round(c*2^")
        .small(i64::from(bits))
        .code(")/2^")
        .small(i64::from(bits))
        .code(",imag(q))))");
        let reply = ctx.backend(&prog)?;
        let [n, s1, s2] = reply.lines.as_slice() else {
            return Err(AdapterError::Backend("PARI/GP printed a malformed factorization".into()));
        };
        if Gp::parse(n)?.int()? != &BigInt::from(d) {
            continue;
        }
        let s1 = dense(&from_gp(&Gp::parse(s1)?, 0, 1, &r.domain)?);
        let s2 = dense(&from_gp(&Gp::parse(s2)?, 0, 1, &r.domain)?);
        let approx = arith::scale(r, &arith::add(r, &mul(r, &s1, &s1), &mul(r, &s2, &s2)), &lc);
        // εT + u with u = he − approx, as Σ c_k x^{2k} + Σ |u_{2k+1}|/2 (x^{k+1} ± x^k)².
        let u = arith::add(r, &sub(r, &he, &approx), &arith::scale(r, &t, &eps));
        let at = |k: usize| u.get(k).cloned().unwrap_or_default();
        let half = Rat::new(BigInt::one(), BigInt::from(2));
        let mut out = vec![(lc.clone(), s1.clone()), (lc.clone(), s2.clone())];
        let mut ok = u.len() <= 2 * d + 1;
        for k in 0..=d {
            let mut c = at(2 * k) - at(2 * k + 1).abs() * &half;
            if k > 0 {
                c -= at(2 * k - 1).abs() * &half;
            }
            ok &= !c.is_negative();
            let mut m = vec![Rat::zero(); k + 1];
            m[k] = Rat::one();
            out.push((c, m));
            if k < d && !at(2 * k + 1).is_zero() {
                let mut m = vec![Rat::zero(); k + 2];
                m[k + 1] = Rat::one();
                m[k] = if at(2 * k + 1).is_negative() { -Rat::one() } else { Rat::one() };
                out.push((at(2 * k + 1).abs() * &half, m));
            }
        }
        if ok {
            out.retain(|(w, s)| !w.is_zero() && !trim(s.clone()).is_empty());
            return Ok(out);
        }
    }
    Err(AdapterError::Backend("no rational certificate at 2048 bits".into()))
}

impl Query for Nonnegative {
    type Input = NonnegativeInput;
    type Output = NonnegativeOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "polynomial.decide.nonnegative",
                "Nonnegativity of a univariate polynomial with a sum-of-squares certificate",
                "Whether a univariate polynomial over Q is nonnegative on the real line or an interval: an exact \
                 rational sum-of-squares certificate p = sum w s^2 with its Gram matrix, or a point where p < 0.",
                "Decides p >= 0 on R (or on [a, b] through P(t) = (1 + t^2)^d p((a + b t^2)/(1 + t^2))): a root of \
                 odd multiplicity gives a rational point of negativity; otherwise p = g^2 h with h positive, and h \
                 - eps T is factored numerically (PARI/GP's polroots) as lc |q|^2, rounded to rationals, and the \
                 exact remainder absorbed by eps T: a sum of squares with nonnegative rational weights. VERIFY \
                 expands the certificate and checks every weight's sign, or p's value at the witness.",
                &[
                    "polynomial",
                    "nonnegative",
                    "positivity",
                    "sum-of-squares",
                    "sos",
                    "certificate",
                    "gram-matrix",
                    "interval-positivity",
                ],
            ),
            &[super::IDENTITIES],
        )
    }
    cas::on_pari!();
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "x^4 - 2x^3 + 3x^2 - 2x + 1 ≥ 0",
                Mode::Verify,
                json!({"variables": ["x"], "polynomial": "x^4 - 2*x^3 + 3*x^2 - 2*x + 1"}),
            ),
            (
                "x^3 - x ≥ 0 on [1, 3]",
                Mode::Verify,
                json!({"variables": ["x"], "polynomial": "x^3 - x", "interval": [1, 3]}),
            ),
        ]
    }
    fn validate(&self, i: &NonnegativeInput) -> Result<(), Diagnostic> {
        nonnegative_input(i).map(|_| ())
    }
    fn bounds(&self, i: &NonnegativeInput) -> Result<(), Refusal> {
        let (_, p, _) = nonnegative_input(i).map_err(super::refused)?;
        super::degree_bound(&poly(&p), 1, 60, "/polynomial")
    }
    fn answer(&self, i: &NonnegativeInput, ctx: &AdapterContext) -> Result<Answer<NonnegativeOutput>, AdapterError> {
        let (r, p0, interval) = nonnegative_input(i).map_err(unsupported)?;
        let p = match &interval {
            Some((a, b)) => goursat(&r, &p0, a, b),
            None => p0.clone(),
        };
        // The expression of P in the claim: p itself, or Σ c_k (a + b t²)^k (1 + t²)^(d−k).
        let expr = match &interval {
            None => terms(&poly(&p)),
            Some((a, b)) => {
                let d = p0.len().saturating_sub(1) as u32;
                let num = terms(&poly(&[a.clone(), Rat::zero(), b.clone()]));
                let den = terms(&poly(&[Rat::one(), Rat::zero(), Rat::one()]));
                let mut parts = vec![json!([])];
                for (k, c) in p0.iter().enumerate() {
                    let k = k as u32;
                    parts.push(product(vec![constant(c, 1), power(num.clone(), k), power(den.clone(), d - k)]));
                }
                sum(parts)
            }
        };
        if let Some(t) = negative_point(&p, ctx)? {
            let x = match &interval {
                Some((a, b)) => (a + b * &t * &t) / (Rat::one() + &t * &t),
                None => t.clone(),
            };
            let v = arith::value(&p0, &x);
            let at = super::substituted(&poly(&p0), &[constant(&x, 1)], 1);
            let claim = identities(&r, vec![sign_relation(at, "negative")]);
            let out = NonnegativeOutput {
                nonnegative: false,
                positive: false,
                certificate: vec![],
                gram_matrix: vec![],
                witness: Some([rational_text(&x), rational_text(&v)]),
            };
            return Ok(Answer::from(out).claim(claim));
        }
        // p = lc·Π aᵢ^i ≥ 0: every odd part has no real root; p = g²·h, h = lc·Π_{odd} aᵢ > 0.
        let mut squares = vec![];
        // Positive: no real root of P (on an interval: none in [a, b), and p(b) > 0).
        let mut positive = !p.is_empty() && isolate(&p, 0, ctx)?.is_empty();
        if let Some((_, b)) = &interval {
            positive &= arith::value(&p0, b).is_positive();
        }
        if !p.is_empty() {
            let lc = p[p.len() - 1].clone();
            let parts = arith::squarefree(&r, &p);
            let (mut g, mut h) = (vec![Rat::one()], vec![lc]);
            for (k, a) in parts.iter().enumerate() {
                let i = k + 1;
                for _ in 0..i / 2 {
                    g = mul(&r, &g, a);
                }
                if i % 2 == 1 {
                    h = mul(&r, &h, a);
                }
            }
            for (w, s) in positive_sos(&r, &h, ctx)? {
                squares.push((w, mul(&r, &g, &s)));
            }
        }
        let mut rel = vec![equal(
            expr,
            sum(std::iter::once(json!([]))
                .chain(squares.iter().map(|(w, s)| product(vec![constant(w, 1), power(terms(&poly(s)), 2)])))
                .collect()),
        )];
        rel.extend(squares.iter().map(|(w, _)| sign_relation(constant(w, 1), "nonnegative")));
        let half = p.len().saturating_sub(1) / 2 + 1;
        let mut gram = vec![vec![Rat::zero(); half]; half];
        for (w, s) in &squares {
            for (a, x) in s.iter().enumerate() {
                for (b, y) in s.iter().enumerate() {
                    if a < half && b < half {
                        gram[a][b] += w * x * y;
                    }
                }
            }
        }
        let out = NonnegativeOutput {
            nonnegative: true,
            positive,
            certificate: squares
                .iter()
                .map(|(w, s)| WeightedSquare { weight: rational_text(w), square_of: r.print(&poly(s)) })
                .collect(),
            gram_matrix: gram.iter().map(|row| row.iter().map(rational_text).collect()).collect(),
            witness: None,
        };
        Ok(Answer::from(out).claim(identities(&r, rel)))
    }
}

/// Input of `real_algebraic.compute.sign_conditions`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SignInput {
    /// One variable name.
    pub variables: Vec<String>,
    /// `Z` or `Q` (default).
    #[serde(default = "q")]
    pub domain: String,
    /// p, whose real roots are examined (not zero; degree at most 100).
    pub polynomial: PolyValue,
    /// q₁, …, q_k whose signs are determined at each real root of p (at most 16).
    #[serde(default)]
    pub polynomials: Vec<PolyValue>,
}

/// One real root of p.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RootSigns {
    /// An isolating interval (a, b) with rational ends, no root of p or of a qⱼ other than this one inside.
    pub interval: [String; 2],
    /// sign qⱼ(α) ∈ {−1, 0, 1}, in the order of `polynomials`.
    pub signs: Vec<i8>,
    /// The Thom encoding: signs of p′, p″, …, p^(deg p − 1) at α (of p's square-free part).
    pub thom_encoding: Vec<i8>,
}

/// Output of `real_algebraic.compute.sign_conditions`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SignOutput {
    /// The distinct real roots of p, increasing.
    pub roots: Vec<RootSigns>,
    /// The Tarski queries TaQ(qⱼ, p) = Σ_α sign qⱼ(α).
    pub tarski_queries: Vec<i64>,
    /// Each realized sign condition on (q₁, …, q_k) with the number of roots of p realizing it.
    pub sign_conditions: Vec<(Vec<i8>, usize)>,
}

/// `real_algebraic.compute.sign_conditions`.
pub struct SignConditions;

/// The ring, p and the qⱼ, dense.
type Signs = (Ring, Vec<Rat>, Vec<Vec<Rat>>);

fn sign_input(i: &SignInput) -> Result<Signs, Diagnostic> {
    let r = over_q(&i.variables, &i.domain)?;
    let p = dense(&read(&r, &i.polynomial, "/polynomial")?);
    if p.is_empty() {
        return Err(Diagnostic::at("/polynomial", "ZERO", "not the zero polynomial"));
    }
    if i.polynomials.len() > 16 {
        return Err(Diagnostic::at("/polynomials", "BAD_LENGTH", "at most 16 polynomials"));
    }
    let qs = i
        .polynomials
        .iter()
        .enumerate()
        .map(|(k, v)| read(&r, v, &format!("/polynomials/{k}")).map(|p| dense(&p)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((r, p, qs))
}

/// The sign of q at the unique root α of the square-free s in (a, b): 0 when gcd(s, q) vanishes
/// there, else the sign at an end of a sub-interval holding no root of q.
fn sign_at(r: &Ring, s: &[Rat], q: &[Rat], a: &Rat, b: &Rat, ctx: &AdapterContext) -> Result<i8, AdapterError> {
    if q.is_empty() {
        return Ok(0);
    }
    let ss = sturm_chain(s);
    let count = |seq: &[Vec<Rat>], x: &Rat, y: &Rat| {
        sign_changes(seq, Some(x), false) as i64 - sign_changes(seq, Some(y), false) as i64
    };
    let g = arith::gcd(r, s, q);
    if g.len() > 1 && count(&sturm_chain(&g), a, b) > 0 {
        return Ok(0);
    }
    let qs = sturm_chain(q);
    let (mut a, mut b) = (a.clone(), b.clone());
    loop {
        ctx.checkpoint()?;
        if count(&qs, &a, &b) == 0 && !arith::value(q, &b).is_zero() && !arith::value(q, &a).is_zero() {
            return Ok(sign(&arith::value(q, &b)));
        }
        let m = (&a + &b) / Rat::from_integer(2.into());
        if arith::value(s, &m).is_zero() {
            return Ok(sign(&arith::value(q, &m)));
        }
        if count(&ss, &a, &m) > 0 { b = m } else { a = m }
    }
}

impl Query for SignConditions {
    type Input = SignInput;
    type Output = SignOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "real_algebraic.compute.sign_conditions",
            "Signs of polynomials at the real roots of a polynomial (sign conditions, Thom encodings)",
            "The sign of each q_j at every real root of p over Q, the Thom encodings of the roots, Tarski queries \
             TaQ(q, p) and the realized sign conditions with their counts.",
            "Isolates the real roots of p's square-free part by Sturm sequences in exact rational intervals, then \
             decides the sign of each q_j at each root exactly: zero when gcd(p, q_j) has the root, otherwise the \
             sign at an end of a refined interval holding no root of q_j. The Thom encoding of a root is the list \
             of signs of the derivatives of p there; the Tarski query sums sign q(a) over the roots.",
            &[
                "real-algebraic",
                "sign-conditions",
                "sign-determination",
                "thom-encoding",
                "tarski-query",
                "real-roots",
                "semialgebraic",
            ],
        )
    }
    fn provider(&self) -> Provider {
        super::native(include_str!("real.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "signs of x and x^2 - 2 at the roots of x^3 - 3x + 1",
            Mode::Explore,
            json!({"variables": ["x"], "polynomial": "x^3 - 3*x + 1", "polynomials": ["x", "x^2 - 2"]}),
        )]
    }
    fn validate(&self, i: &SignInput) -> Result<(), Diagnostic> {
        sign_input(i).map(|_| ())
    }
    fn bounds(&self, i: &SignInput) -> Result<(), Refusal> {
        let (_, p, qs) = sign_input(i).map_err(super::refused)?;
        super::degree_bound(&poly(&p), 1, 100, "/polynomial")?;
        for (k, q) in qs.iter().enumerate() {
            super::degree_bound(&poly(q), 1, 100, &format!("/polynomials/{k}"))?;
        }
        Ok(())
    }
    fn answer(&self, i: &SignInput, ctx: &AdapterContext) -> Result<Answer<SignOutput>, AdapterError> {
        let (r, p, qs) = sign_input(i).map_err(unsupported)?;
        let s = arith::quo(&r, &p, &arith::gcd(&r, &p, &deriv(&r, &p)));
        let mut derivs = vec![];
        let mut d = deriv(&r, &s);
        while d.len() > 1 {
            let next = deriv(&r, &d);
            derivs.push(d);
            d = next;
        }
        let mut roots = vec![];
        for (a, b) in isolate(&s, 0, ctx)? {
            let mut signs = vec![];
            for q in &qs {
                signs.push(sign_at(&r, &s, q, &a, &b, ctx)?);
            }
            let mut thom = vec![];
            for q in &derivs {
                thom.push(sign_at(&r, &s, q, &a, &b, ctx)?);
            }
            roots.push(RootSigns { interval: [rational_text(&a), rational_text(&b)], signs, thom_encoding: thom });
        }
        let tarski = (0..qs.len()).map(|j| roots.iter().map(|x| i64::from(x.signs[j])).sum()).collect();
        let mut conditions: Vec<(Vec<i8>, usize)> = vec![];
        for x in &roots {
            match conditions.iter_mut().find(|(c, _)| *c == x.signs) {
                Some((_, n)) => *n += 1,
                None => conditions.push((x.signs.clone(), 1)),
            }
        }
        conditions.sort();
        Ok(SignOutput { roots, tarski_queries: tarski, sign_conditions: conditions }.into())
    }
}
