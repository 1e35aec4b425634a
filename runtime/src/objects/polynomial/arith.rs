//! Sparse multivariate polynomials with rational coefficients, and their coefficient domains
//! (Z, Q, F_p): exact arithmetic bounded before it is done.

use std::collections::BTreeMap;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A rational coefficient.
pub type Rat = BigRational;
/// Exponents, one per variable of the ring.
pub type Monomial = Vec<u32>;

/// Most terms of any polynomial built here.
pub const MAX_TERMS: usize = 20_000;
/// Highest exponent of a variable.
pub const MAX_DEGREE: u32 = 10_000;
/// Most coefficient products one multiplication may cost (terms × terms).
pub const MAX_WORK: usize = 4_000_000;
/// Largest prime modulus of F_p (below 2^31, as Singular requires).
pub const MAX_PRIME: u64 = (1 << 31) - 1;

/// The coefficient domain.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Domain {
    /// The integers.
    Z,
    /// The rationals.
    Q,
    /// The prime field F_p, p < 2^31.
    Fp(u64),
}

impl Domain {
    /// Parses `Z`, `Q`, `F_p` (also `ZZ`, `QQ`, `GF(p)`).
    pub fn parse(text: &str) -> Result<Domain, String> {
        let prime = |digits: &str| -> Result<Domain, String> {
            let p: u64 = digits.parse().map_err(|_| format!("`{digits}` is not a prime"))?;
            if !(2..=MAX_PRIME).contains(&p) || !is_prime(p) {
                return Err(format!("{p} is not a prime below 2^31"));
            }
            Ok(Domain::Fp(p))
        };
        match text {
            "Z" | "ZZ" => Ok(Domain::Z),
            "Q" | "QQ" => Ok(Domain::Q),
            t if t.starts_with("F_") => prime(&t[2..]),
            t if t.starts_with("GF(") && t.ends_with(')') => prime(&t[3..t.len() - 1]),
            _ => Err("the domain is Z, Q or F_p for a prime p < 2^31 (e.g. F_7)".into()),
        }
    }

    /// The canonical name.
    pub fn name(&self) -> String {
        match self {
            Domain::Z => "Z".into(),
            Domain::Q => "Q".into(),
            Domain::Fp(p) => format!("F_{p}"),
        }
    }

    /// The characteristic (0 for Z and Q).
    pub fn characteristic(&self) -> u64 {
        match self {
            Domain::Fp(p) => *p,
            _ => 0,
        }
    }

    /// Whether every non-zero element is invertible (Q, F_p).
    pub fn is_field(&self) -> bool {
        !matches!(self, Domain::Z)
    }

    /// The element `c` of this domain: `c` itself over Q, an integer in `[0, p)` over F_p; an
    /// error over Z when `c` is not an integer and over F_p when `p` divides its denominator.
    pub fn element(&self, c: &Rat) -> Result<Rat, String> {
        match self {
            Domain::Q => Ok(c.clone()),
            Domain::Z if c.is_integer() => Ok(c.clone()),
            Domain::Z => Err(format!("{c} is not an integer")),
            Domain::Fp(p) => {
                let p = BigInt::from(*p);
                let d = c.denom().mod_floor(&p);
                let inv = mod_inverse(&d, &p).ok_or_else(|| format!("{} is not invertible modulo {p}", c.denom()))?;
                Ok(Rat::from_integer((c.numer() * inv).mod_floor(&p)))
            }
        }
    }

    /// The inverse of a non-zero element of a field domain.
    pub fn inverse(&self, c: &Rat) -> Option<Rat> {
        match self {
            _ if c.is_zero() => None,
            Domain::Q => Some(c.recip()),
            Domain::Z => (c.abs().is_one()).then(|| c.clone()),
            Domain::Fp(p) => {
                let p = BigInt::from(*p);
                mod_inverse(&c.numer().mod_floor(&p), &p).map(Rat::from_integer)
            }
        }
    }

    /// `p` with every coefficient taken into this domain (terms that vanish dropped).
    pub fn reduce(&self, p: Poly) -> Result<Poly, String> {
        if matches!(self, Domain::Q) {
            return Ok(p);
        }
        let mut out = Poly::zero();
        for (m, c) in p.terms {
            let c = self.element(&c)?;
            if !c.is_zero() {
                out.terms.insert(m, c);
            }
        }
        Ok(out)
    }
}

/// Deterministic primality of a number below 2^31, by trial division.
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d * d <= n {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 1;
    }
    true
}

/// `a⁻¹ mod m`, when it exists.
pub fn mod_inverse(a: &BigInt, m: &BigInt) -> Option<BigInt> {
    let e = a.extended_gcd(m);
    e.gcd.is_one().then(|| e.x.mod_floor(m))
}

/// A polynomial: monomials to non-zero coefficients. Every monomial has one exponent per
/// variable of its ring; the zero polynomial has no terms.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct Poly {
    terms: BTreeMap<Monomial, Rat>,
}

/// Why an operation was not done: its result would pass a bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLarge(pub String);

impl Poly {
    /// The zero polynomial.
    pub fn zero() -> Self {
        Poly::default()
    }

    /// The constant `c` in `n` variables.
    pub fn constant(c: Rat, n: usize) -> Self {
        Poly::monomial(vec![0; n], c)
    }

    /// `c · x^m`.
    pub fn monomial(m: Monomial, c: Rat) -> Self {
        let mut terms = BTreeMap::new();
        if !c.is_zero() {
            terms.insert(m, c);
        }
        Poly { terms }
    }

    /// The variable `x_i` of `n`.
    pub fn variable(i: usize, n: usize) -> Self {
        let mut m = vec![0; n];
        m[i] = 1;
        Poly::monomial(m, Rat::one())
    }

    /// From terms; like monomials are added.
    pub fn from_terms(terms: impl IntoIterator<Item = (Monomial, Rat)>) -> Self {
        let mut p = Poly::zero();
        for (m, c) in terms {
            p.add_term(m, c);
        }
        p
    }

    /// The univariate polynomial Σ cᵢ xⁱ in variable `var` of `n` (coefficients lowest first).
    pub fn from_dense(coefficients: &[Rat], var: usize, n: usize) -> Self {
        Poly::from_terms(coefficients.iter().enumerate().map(|(k, c)| {
            let mut m = vec![0; n];
            m[var] = k as u32;
            (m, c.clone())
        }))
    }

    /// Adds `c · x^m` in place.
    pub fn add_term(&mut self, m: Monomial, c: Rat) {
        if c.is_zero() {
            return;
        }
        match self.terms.entry(m) {
            std::collections::btree_map::Entry::Vacant(v) => {
                v.insert(c);
            }
            std::collections::btree_map::Entry::Occupied(mut o) => {
                *o.get_mut() += c;
                if o.get().is_zero() {
                    o.remove();
                }
            }
        }
    }

    /// The terms, in ascending lexicographic order of exponent vectors.
    pub fn terms(&self) -> impl Iterator<Item = (&Monomial, &Rat)> {
        self.terms.iter()
    }

    /// Number of terms.
    pub fn len(&self) -> usize {
        self.terms.len()
    }

    /// Whether this is the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// Whether this is the zero polynomial (no terms).
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// The coefficient of `x^m`.
    pub fn coefficient(&self, m: &[u32]) -> Rat {
        self.terms.get(m).cloned().unwrap_or_else(Rat::zero)
    }

    /// The constant value, when the polynomial is constant.
    pub fn as_constant(&self) -> Option<Rat> {
        match self.terms.iter().next() {
            None => Some(Rat::zero()),
            Some((m, c)) if self.terms.len() == 1 && m.iter().all(|&e| e == 0) => Some(c.clone()),
            _ => None,
        }
    }

    /// Total degree; `None` for zero.
    pub fn total_degree(&self) -> Option<u32> {
        self.terms.keys().map(|m| m.iter().sum()).max()
    }

    /// Degree in variable `i`; `None` for zero.
    pub fn degree_in(&self, i: usize) -> Option<u32> {
        self.terms.keys().map(|m| m[i]).max()
    }

    /// The variables that occur.
    pub fn support(&self, n: usize) -> Vec<usize> {
        (0..n).filter(|&i| self.terms.keys().any(|m| m[i] > 0)).collect()
    }

    /// Sum.
    pub fn add(&self, o: &Poly) -> Poly {
        let mut r = self.clone();
        for (m, c) in &o.terms {
            r.add_term(m.clone(), c.clone());
        }
        r
    }

    /// Adds `o` in place, taking its terms.
    pub fn absorb(&mut self, o: Poly) {
        for (m, c) in o.terms {
            self.add_term(m, c);
        }
    }

    /// Difference.
    pub fn sub(&self, o: &Poly) -> Poly {
        self.add(&o.neg())
    }

    /// Negation.
    pub fn neg(&self) -> Poly {
        Poly { terms: self.terms.iter().map(|(m, c)| (m.clone(), -c)).collect() }
    }

    /// `c · self`.
    pub fn scale(&self, c: &Rat) -> Poly {
        if c.is_zero() {
            return Poly::zero();
        }
        Poly { terms: self.terms.iter().map(|(m, a)| (m.clone(), a * c)).collect() }
    }

    /// Product, refused when its cost or its size would pass the bounds. The coefficients are
    /// multiplied as integers over the two common denominators (one division per result term,
    /// not a normalized fraction per partial product); in one variable by dense convolution.
    pub fn mul(&self, o: &Poly) -> Result<Poly, TooLarge> {
        if self.len().saturating_mul(o.len()) > MAX_WORK {
            return Err(TooLarge(format!("a product of {} by {} terms is beyond {MAX_WORK}", self.len(), o.len())));
        }
        if self.is_zero() || o.is_zero() {
            return Ok(Poly::zero());
        }
        let top = |p: &Poly, i: usize| p.terms.keys().map(|m| m[i]).max().unwrap_or(0);
        let n = self.terms.keys().next().map_or(0, Vec::len);
        if (0..n).any(|i| top(self, i) + top(o, i) > MAX_DEGREE) {
            return Err(TooLarge(format!("an exponent would pass {MAX_DEGREE}")));
        }
        let (da, a) = self.integers();
        let (db, b) = o.integers();
        let den = da * db;
        let finish = |c: BigInt| if den.is_one() { Rat::from_integer(c) } else { Rat::new(c, den.clone()) };
        let mut r = Poly::zero();
        if n == 1 {
            let (dega, degb) = (a.last().map_or(0, |t| t.0[0]), b.last().map_or(0, |t| t.0[0]));
            if let Some(acc) = small_convolution(&a, &b, (dega + degb) as usize + 1) {
                for (e, c) in acc.into_iter().enumerate() {
                    if c != 0 {
                        r.terms.insert(vec![e as u32], finish(BigInt::from(c)));
                    }
                }
                return Ok(r);
            }
            let mut acc = vec![BigInt::zero(); (dega + degb) as usize + 1];
            for (m, x) in &a {
                for (k, y) in &b {
                    acc[(m[0] + k[0]) as usize] += x * y;
                }
            }
            for (e, c) in acc.into_iter().enumerate() {
                if !c.is_zero() {
                    r.terms.insert(vec![e as u32], finish(c));
                }
            }
        } else {
            let mut acc: std::collections::HashMap<Monomial, BigInt> = std::collections::HashMap::new();
            for (m, x) in &a {
                for (k, y) in &b {
                    let e: Monomial = m.iter().zip(k.iter()).map(|(p, q)| p + q).collect();
                    *acc.entry(e).or_default() += x * y;
                }
            }
            for (e, c) in acc {
                if !c.is_zero() {
                    r.terms.insert(e, finish(c));
                }
            }
        }
        if r.len() > MAX_TERMS {
            return Err(TooLarge(format!("a product would have more than {MAX_TERMS} terms")));
        }
        Ok(r)
    }

    /// `(d, [(m, c·d)])`: the terms as integers over their least common denominator d.
    fn integers(&self) -> (BigInt, Vec<(&Monomial, BigInt)>) {
        let d = self.terms.values().fold(BigInt::one(), |acc, c| acc.lcm(c.denom()));
        let terms = self
            .terms
            .iter()
            .map(|(m, c)| (m, if d.is_one() { c.numer().clone() } else { c.numer() * (&d / c.denom()) }))
            .collect();
        (d, terms)
    }

    /// `self^k` in `n` variables.
    pub fn pow(&self, k: u32, n: usize) -> Result<Poly, TooLarge> {
        let mut r = Poly::constant(Rat::one(), n);
        for _ in 0..k {
            r = r.mul(self)?;
        }
        Ok(r)
    }

    /// ∂/∂x_i.
    pub fn derivative(&self, i: usize) -> Poly {
        Poly::from_terms(self.terms.iter().filter(|(m, _)| m[i] > 0).map(|(m, c)| {
            let mut e = m.clone();
            e[i] -= 1;
            (e, c * Rat::from_integer(BigInt::from(m[i])))
        }))
    }

    /// The value at a point (one rational per variable).
    pub fn evaluate(&self, point: &[Rat]) -> Rat {
        let mut sum = Rat::zero();
        for (m, c) in &self.terms {
            let mut t = c.clone();
            for (e, x) in m.iter().zip(point) {
                if *e > 0 {
                    t *= num_traits::pow(x.clone(), *e as usize);
                }
            }
            sum += t;
        }
        sum
    }

    /// `self` with variable `i` replaced by the polynomial `q[i]` for every `i` (all in `n` variables).
    pub fn compose(&self, q: &[Poly], n: usize) -> Result<Poly, TooLarge> {
        let mut r = Poly::zero();
        let mut powers: Vec<Vec<Poly>> = q.iter().map(|p| vec![Poly::constant(Rat::one(), n), p.clone()]).collect();
        for (m, c) in &self.terms {
            let mut t = Poly::constant(c.clone(), n);
            for (i, &e) in m.iter().enumerate() {
                while powers[i].len() <= e as usize {
                    let next = powers[i][powers[i].len() - 1].mul(&q[i])?;
                    powers[i].push(next);
                }
                t = t.mul(&powers[i][e as usize])?;
            }
            r = r.add(&t);
            if r.len() > MAX_TERMS {
                return Err(TooLarge(format!("a composition would have more than {MAX_TERMS} terms")));
            }
        }
        Ok(r)
    }

    /// The dense coefficients in variable `var` (lowest first), when no other variable occurs.
    pub fn dense(&self, var: usize) -> Option<Vec<Rat>> {
        let deg = match self.degree_in(var) {
            None => return Some(vec![]),
            Some(d) => d as usize,
        };
        let mut out = vec![Rat::zero(); deg + 1];
        for (m, c) in &self.terms {
            if m.iter().enumerate().any(|(i, &e)| i != var && e > 0) {
                return None;
            }
            out[m[var] as usize] = c.clone();
        }
        Some(out)
    }

    /// The coefficients as integers over a common denominator: `(d, self·d)` with `d > 0` least.
    pub fn clear_denominators(&self) -> (BigInt, Poly) {
        let d = self.terms.values().fold(BigInt::one(), |acc, c| acc.lcm(c.denom()));
        (d.clone(), self.scale(&Rat::from_integer(d)))
    }

    /// Terms in print order: total degree descending, then lexicographically descending.
    pub fn sorted_terms(&self) -> Vec<(&Monomial, &Rat)> {
        let mut t: Vec<_> = self.terms.iter().collect();
        t.sort_by(|a, b| {
            let (da, db): (u32, u32) = (a.0.iter().sum(), b.0.iter().sum());
            db.cmp(&da).then_with(|| b.0.cmp(a.0))
        });
        t
    }

    /// The leading coefficient in print order (0 for zero).
    pub fn leading_coefficient(&self) -> Rat {
        self.sorted_terms().first().map(|t| t.1.clone()).unwrap_or_else(Rat::zero)
    }

    /// The gcd of the numerators over the lcm of the denominators, positive (0 for zero).
    pub fn content(&self) -> Rat {
        let n = self.terms.values().fold(BigInt::zero(), |acc, c| acc.gcd(c.numer()));
        let d = self.terms.values().fold(BigInt::one(), |acc, c| acc.lcm(c.denom()));
        Rat::new(n, d)
    }

    /// Largest absolute coefficient numerator or denominator, in bits.
    pub fn coefficient_bits(&self) -> u64 {
        self.terms.values().map(|c| c.numer().bits().max(c.denom().bits())).max().unwrap_or(0)
    }
}

/// The one-variable product of integer terms in i128, when no sum can overflow: every
/// |coefficient| below 2^ba and 2^bb with ba + bb + ⌈log2(terms)⌉ < 127.
fn small_convolution(a: &[(&Monomial, BigInt)], b: &[(&Monomial, BigInt)], len: usize) -> Option<Vec<i128>> {
    let bits = |t: &[(&Monomial, BigInt)]| t.iter().map(|(_, c)| c.bits()).max().unwrap_or(0);
    let terms = a.len().min(b.len()) as u64;
    if bits(a) + bits(b) + u64::from(64 - terms.leading_zeros()) >= 127 {
        return None;
    }
    let small = |t: &[(&Monomial, BigInt)]| -> Option<Vec<(usize, i128)>> {
        t.iter().map(|(m, c)| Some((m[0] as usize, i128::try_from(c).ok()?))).collect()
    };
    let (a, b) = (small(a)?, small(b)?);
    let mut acc = vec![0i128; len];
    for &(i, x) in &a {
        for &(j, y) in &b {
            acc[i + j] += x * y;
        }
    }
    Some(acc)
}

/// The exponent `n` as `u32`, when it is a small non-negative integer.
pub fn small_exponent(n: &BigInt) -> Option<u32> {
    n.to_u32().filter(|&e| e <= MAX_DEGREE)
}
