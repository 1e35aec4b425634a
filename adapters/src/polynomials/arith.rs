//! Dense univariate arithmetic over Q or F_p shared by the pack's in-process capabilities:
//! extended Euclid, products and differences of coefficient vectors (lowest degree first), Sturm
//! sequences, sign changes and real-root isolation with exact rational intervals.

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::objects::polynomial::{Domain, Ring};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use super::calculus::divide;
use super::{Poly, Rat};

/// Univariate extended gcd over a field: (g monic, s, t) with s·a + t·b = g.
pub(crate) fn gcdext(r: &Ring, a: &[Rat], b: &[Rat]) -> (Vec<Rat>, Vec<Rat>, Vec<Rat>) {
    let (mut r0, mut r1) = (trim(a.to_vec()), trim(b.to_vec()));
    let (mut s0, mut s1) = (vec![Rat::one()], vec![]);
    let (mut t0, mut t1) = (vec![], vec![Rat::one()]);
    while !r1.is_empty() {
        let (q, rem) = divide(r, &r0, &r1);
        let s2 = sub(r, &s0, &mul(r, &q, &s1));
        let t2 = sub(r, &t0, &mul(r, &q, &t1));
        (r0, r1, s0, s1, t0, t1) = (r1, rem, s1, s2, t1, t2);
    }
    if let Some(lead) = r0.last().cloned() {
        let inv = r.domain.inverse(&lead).unwrap_or_else(Rat::one);
        let sc = |v: Vec<Rat>| trim(v.iter().map(|c| r.domain.element(&(c * &inv)).unwrap_or_default()).collect());
        return (sc(r0), sc(s0), sc(t0));
    }
    (r0, s0, t0)
}

pub(crate) fn trim(mut v: Vec<Rat>) -> Vec<Rat> {
    while v.last().is_some_and(Zero::is_zero) {
        v.pop();
    }
    v
}

pub(crate) fn mul(r: &Ring, a: &[Rat], b: &[Rat]) -> Vec<Rat> {
    if a.is_empty() || b.is_empty() {
        return vec![];
    }
    let mut out = vec![Rat::zero(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    trim(out.into_iter().map(|c| r.domain.element(&c).unwrap_or_default()).collect())
}

pub(crate) fn sub(r: &Ring, a: &[Rat], b: &[Rat]) -> Vec<Rat> {
    let n = a.len().max(b.len());
    let z = Rat::zero();
    trim(
        (0..n)
            .map(|k| r.domain.element(&(a.get(k).unwrap_or(&z) - b.get(k).unwrap_or(&z))).unwrap_or_default())
            .collect(),
    )
}

pub(crate) fn poly(v: &[Rat]) -> Poly {
    Poly::from_dense(v, 0, 1)
}

/// The Sturm sequence p, p′, −rem(p, p′), … over Q, as the remainders come.
pub(crate) fn sturm_sequence(p: &[Rat]) -> Vec<Vec<Rat>> {
    signed_remainders(p, &derivative(p), false)
}

/// A Sturm sequence for counting: each remainder divided by its positive content, which changes
/// no sign and keeps the coefficients from growing as fractions do.
pub(crate) fn sturm_chain(p: &[Rat]) -> Vec<Vec<Rat>> {
    signed_remainders(p, &derivative(p), true)
}

fn derivative(p: &[Rat]) -> Vec<Rat> {
    p.iter().enumerate().skip(1).map(|(k, c)| c * Rat::from_integer(k.into())).collect()
}

/// The signed remainder sequence p, q, −rem(p, q), … of two dense univariate polynomials over
/// Q, up to the last non-zero term (with q = p′, the Sturm sequence); with `scaled`, every member
/// is a primitive integer polynomial, a positive multiple of the one it stands for, found by
/// pseudo-division in integers.
pub(crate) fn signed_remainders(p: &[Rat], q: &[Rat], scaled: bool) -> Vec<Vec<Rat>> {
    if scaled {
        let as_rat = |v: Vec<BigInt>| v.into_iter().map(Rat::from_integer).collect();
        return integer_remainders(integer_coefficients(&trim(p.to_vec())), integer_coefficients(&trim(q.to_vec())))
            .into_iter()
            .map(as_rat)
            .collect();
    }
    let ring = Ring { variables: vec!["x".into()], domain: Domain::Q };
    let mut seq = vec![trim(p.to_vec())];
    let mut next = trim(q.to_vec());
    while !next.is_empty() {
        let (_, rem) = divide(&ring, &seq[seq.len() - 1], &next);
        seq.push(next);
        next = trim(rem.into_iter().map(|c| -c).collect());
    }
    seq
}

/// [`signed_remainders`] in integers: −prem(a, b) times the sign that makes it a positive
/// multiple of −rem(a, b), divided by its content.
fn integer_remainders(p: Vec<BigInt>, q: Vec<BigInt>) -> Vec<Vec<BigInt>> {
    let mut seq = vec![p];
    let mut next = q;
    while next.last().is_some_and(|c| !c.is_zero()) {
        let (a, b) = (&seq[seq.len() - 1], &next);
        let (db, lead) = (b.len() - 1, &b[b.len() - 1]);
        let mut r = a.clone();
        let mut steps = 0u32;
        while r.len() > db {
            let top = r.len() - 1;
            let c = r[top].clone();
            for x in r.iter_mut() {
                *x *= lead;
            }
            for (k, bk) in b.iter().enumerate() {
                r[top - db + k] -= &c * bk;
            }
            steps += 1;
            while r.last().is_some_and(Zero::is_zero) {
                r.pop();
            }
        }
        // lead^steps · a = quotient · b + r: r is rem(a, b) times lead^steps.
        let negate = !(lead.is_negative() && steps % 2 == 1);
        let content = r.iter().fold(BigInt::zero(), |g, c| g.gcd(c));
        let r: Vec<BigInt> = r.into_iter().map(|c| if negate { -(c / &content) } else { c / &content }).collect();
        seq.push(std::mem::replace(&mut next, r));
    }
    seq
}

pub(crate) fn eval(p: &[Rat], x: &Rat) -> Rat {
    p.iter().rev().fold(Rat::zero(), |acc, c| acc * x + c)
}

pub(crate) fn sign_changes(seq: &[Vec<Rat>], x: Option<&Rat>, plus: bool) -> usize {
    let signs: Vec<i8> = seq
        .iter()
        .map(|p| {
            let v = match x {
                Some(x) => eval(p, x),
                None => {
                    let lead = p[p.len() - 1].clone();
                    if plus || (p.len() - 1) % 2 == 0 { lead } else { -lead }
                }
            };
            if v.is_zero() {
                0
            } else if v.is_positive() {
                1
            } else {
                -1
            }
        })
        .filter(|&s| s != 0)
        .collect();
    signs.windows(2).filter(|w| w[0] != w[1]).count()
}

/// A power of two above every root's absolute value (Cauchy's bound).
pub(crate) fn root_bound(p: &[Rat]) -> Rat {
    let lead = p[p.len() - 1].abs();
    let max = p[..p.len() - 1].iter().map(|c| c.abs() / &lead).fold(Rat::zero(), |a, b| if b > a { b } else { a });
    let mut b = Rat::one();
    while b <= max.clone() + Rat::one() {
        b *= Rat::from_integer(2.into());
    }
    b
}

/// Isolating intervals (a < b, p(a) ≠ 0 ≠ p(b)) of the distinct real roots, refined to width ≤ 2^-bits.
pub(crate) fn isolate(p: &[Rat], bits: u32, ctx: &AdapterContext) -> Result<Vec<(Rat, Rat)>, AdapterError> {
    if p.len() <= 1 {
        return Ok(vec![]);
    }
    let bound = root_bound(p);
    isolate_within(p, (-bound.clone(), bound), bits, ctx)
}

/// Isolating intervals of the distinct real roots in (lo, hi], as [`isolate`] gives them.
pub(crate) fn isolate_within(
    p: &[Rat],
    (lo, hi): (Rat, Rat),
    bits: u32,
    ctx: &AdapterContext,
) -> Result<Vec<(Rat, Rat)>, AdapterError> {
    if p.len() <= 1 {
        return Ok(vec![]);
    }
    // The chain's members as integer polynomials, signs taken by integer Horner.
    let chain: Vec<Vec<BigInt>> = sturm_chain(p).iter().map(|q| integer_coefficients(q)).collect();
    let changes = |x: &Rat| {
        let signs: Vec<i8> = chain.iter().map(|q| sign_at(q, x)).filter(|&s| s != 0).collect();
        signs.windows(2).filter(|w| w[0] != w[1]).count() as i64
    };
    let width = Rat::new(BigInt::one(), BigInt::one() << bits);
    let mut out = vec![];
    let (vlo, vhi) = (changes(&lo), changes(&hi));
    let mut stack = vec![(lo, vlo, hi, vhi)];
    while let Some((a, va, b, vb)) = stack.pop() {
        ctx.checkpoint()?;
        let c = va - vb;
        if c == 0 {
            continue;
        }
        if c == 1 && &b - &a <= width {
            out.push((a, b));
            continue;
        }
        // A midpoint that is not a root: the middle, or else a nearby fraction of the interval.
        let mut m = (&a + &b) / Rat::from_integer(2.into());
        let mut k = 3;
        while eval(p, &m).is_zero() {
            m = &a + (&b - &a) * Rat::new(BigInt::from(k / 2), BigInt::from(k));
            k += 2;
        }
        let vm = changes(&m);
        stack.push((m.clone(), vm, b, vb));
        stack.push((a, va, m, vm));
    }
    out.sort();
    Ok(out)
}

/// p's coefficients times their least common denominator.
pub(crate) fn integer_coefficients(p: &[Rat]) -> Vec<BigInt> {
    let l = p.iter().fold(BigInt::one(), |acc, c| acc.lcm(c.denom()));
    p.iter().map(|c| (c * Rat::from_integer(l.clone())).to_integer()).collect()
}

/// For integer coefficients (lowest first) and x = n/d with d > 0: (Σ cᵢ nⁱ d^{deg−i}, d^deg),
/// whose quotient is p(x) — one integer Horner pass, no fractions.
pub(crate) fn homogeneous(c: &[BigInt], x: &Rat) -> (BigInt, BigInt) {
    let (n, d) = (x.numer(), x.denom());
    let mut acc = c.last().cloned().unwrap_or_default();
    let mut power = BigInt::one();
    for ci in c.iter().rev().skip(1) {
        power *= d;
        acc = acc * n + ci * &power;
    }
    (acc, power)
}

/// The sign of p(x) for integer coefficients.
pub(crate) fn sign_at(c: &[BigInt], x: &Rat) -> i8 {
    match homogeneous(c, x).0.sign() {
        num_bigint::Sign::Minus => -1,
        num_bigint::Sign::NoSign => 0,
        num_bigint::Sign::Plus => 1,
    }
}

/// The square-free part p / gcd(p, p′) of a nonzero p.
pub(crate) fn square_free_part(r: &Ring, p: &[Rat]) -> Vec<Rat> {
    quo(r, p, &gcd(r, p, &deriv(r, p)))
}

/// The distinct roots of a square-free s in the open interval (a, b), increasing, each in a
/// bracket of width ≤ w strictly inside (a, b) whose ends are not roots, or a point bracket when
/// the root is rational (hit by bisection, or the simplest fraction of its bracket). Roots at a
/// or b are left out: they are taken out of s first, so that no bracket ends on one.
pub(crate) fn roots_within(
    s: &[Rat],
    (a, b): (&Rat, &Rat),
    w: &Rat,
    ctx: &AdapterContext,
) -> Result<Vec<(Rat, Rat)>, AdapterError> {
    let ring = Ring { variables: vec!["x".into()], domain: Domain::Q };
    let mut s = s.to_vec();
    for end in [a, b] {
        if eval(&s, end).is_zero() {
            s = quo(&ring, &s, &[-end.clone(), Rat::one()]);
        }
    }
    let s = &s;
    let si = integer_coefficients(s);
    let two = Rat::from_integer(2.into());
    let mut out = vec![];
    for (mut l, mut u) in isolate_within(s, (a.clone(), b.clone()), 1, ctx)? {
        let sl = sign_at(&si, &l);
        while &u - &l > *w || &l == a || &u == b {
            ctx.checkpoint()?;
            let m = (&l + &u) / &two;
            match sign_at(&si, &m) {
                0 => {
                    (l, u) = (m.clone(), m);
                    break;
                }
                s if s == sl => l = m,
                _ => u = m,
            }
        }
        if l != u {
            let t = simplest(&l, &u);
            if sign_at(&si, &t) == 0 {
                (l, u) = (t.clone(), t);
            }
        }
        out.push((l, u));
    }
    Ok(out)
}

/// a + b.
pub(crate) fn add(r: &Ring, a: &[Rat], b: &[Rat]) -> Vec<Rat> {
    let neg: Vec<Rat> = b.iter().map(|c| -c).collect();
    sub(r, a, &neg)
}

/// c · a.
pub(crate) fn scale(r: &Ring, a: &[Rat], c: &Rat) -> Vec<Rat> {
    trim(a.iter().map(|x| r.domain.element(&(x * c)).unwrap_or_default()).collect())
}

/// The derivative.
pub(crate) fn deriv(r: &Ring, a: &[Rat]) -> Vec<Rat> {
    trim(
        a.iter()
            .enumerate()
            .skip(1)
            .map(|(k, c)| r.domain.element(&(c * Rat::from_integer(k.into()))).unwrap_or_default())
            .collect(),
    )
}

/// a made monic (the zero vector stays zero).
pub(crate) fn monic(r: &Ring, a: &[Rat]) -> Vec<Rat> {
    match a.last() {
        Some(l) => scale(r, a, &r.domain.inverse(l).unwrap_or_else(Rat::one)),
        None => vec![],
    }
}

/// The monic gcd.
/// The monic gcd (over Q in characteristic 0, even for a ring over Z): in characteristic 0 by a
/// primitive remainder sequence in integers, without the cofactors and the fractions of [`gcdext`].
pub(crate) fn gcd(r: &Ring, a: &[Rat], b: &[Rat]) -> Vec<Rat> {
    let r0 = if r.domain.characteristic() == 0 {
        let (a, b) = (integer_coefficients(&trim(a.to_vec())), integer_coefficients(&trim(b.to_vec())));
        let last = integer_remainders(a, b).pop().unwrap_or_default();
        trim(last.into_iter().map(Rat::from_integer).collect())
    } else {
        let (mut r0, mut r1) = (trim(a.to_vec()), trim(b.to_vec()));
        while !r1.is_empty() {
            let (_, rem) = divide(r, &r0, &r1);
            (r0, r1) = (r1, trim(rem));
        }
        r0
    };
    match r0.last().cloned() {
        Some(lead) => {
            let inv = if r.domain.characteristic() == 0 {
                lead.recip()
            } else {
                r.domain.inverse(&lead).unwrap_or_else(Rat::one)
            };
            trim(r0.iter().map(|c| r.domain.element(&(c * &inv)).unwrap_or_default()).collect())
        }
        None => r0,
    }
}

/// a / b, exact.
pub(crate) fn quo(r: &Ring, a: &[Rat], b: &[Rat]) -> Vec<Rat> {
    if a.is_empty() { vec![] } else { trim(divide(r, a, b).0) }
}

/// a mod b.
pub(crate) fn rem(r: &Ring, a: &[Rat], b: &[Rat]) -> Vec<Rat> {
    if a.is_empty() { vec![] } else { trim(divide(r, a, b).1) }
}

/// The value at x.
pub(crate) fn value(a: &[Rat], x: &Rat) -> Rat {
    eval(a, x)
}

/// Yun's square-free decomposition over Q of a non-constant polynomial: monic, pairwise coprime,
/// square-free parts `[a₁, a₂, …]` with a = lc · Π aᵢ^i (characteristic 0).
pub(crate) fn squarefree(r: &Ring, a: &[Rat]) -> Vec<Vec<Rat>> {
    let a = monic(r, a);
    let da = deriv(r, &a);
    let mut g = gcd(r, &a, &da);
    let mut b = quo(r, &a, &g);
    let mut c = quo(r, &da, &g);
    let mut d = sub(r, &c, &deriv(r, &b));
    let mut out = vec![];
    while b.len() > 1 {
        g = gcd(r, &b, &d);
        out.push(g.clone());
        b = quo(r, &b, &g);
        c = quo(r, &d, &g);
        d = sub(r, &c, &deriv(r, &b));
    }
    out
}

/// (s, t) with s·a + t·b = c and deg s < deg b, for coprime a and b.
pub(crate) fn solve_bezout(r: &Ring, a: &[Rat], b: &[Rat], c: &[Rat]) -> (Vec<Rat>, Vec<Rat>) {
    let (_, s0, _) = gcdext(r, a, b);
    let s = rem(r, &mul(r, &s0, c), b);
    let t = quo(r, &sub(r, c, &mul(r, &s, a)), b);
    (s, t)
}

/// The fraction of least denominator in [l, u] (l ≤ u), by continued fractions.
pub(crate) fn simplest(l: &Rat, u: &Rat) -> Rat {
    if u.is_negative() {
        return -simplest(&-u, &-l);
    }
    if !l.is_positive() {
        return Rat::zero();
    }
    let c = l.ceil();
    if &c <= u {
        return c;
    }
    let n = l.floor();
    n.clone() + simplest(&(u - &n).recip(), &(l - &n).recip()).recip()
}
