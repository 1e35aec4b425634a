//! Systems of affine forms a_i·n + b_i that are to be prime together (prime k-tuples: twin
//! primes n, n + 2; Sophie Germain pairs n, 2n + 1) or squarefree together: their local
//! obstructions and densities prime by prime, the wheel of residues they leave coprime to a
//! primorial, and exact counts over intervals. Native and exact.
//!
//! Locally, ν(p) counts the residues n mod p at which some form vanishes mod p; the system is
//! admissible for primality when ν(p) < p for every p, which only primes p ≤ k or dividing a
//! form's content can break. Hardy–Littlewood's singular series has local factor
//! (1 − ν(p)/p)·(1 − 1/p)^(−k). For squarefree values ν(p²) counts residues mod p² and the
//! density is the Euler product ∏ (1 − ν(p²)/p²), enclosed here with the tail bound
//! ∏_{p>P} (1 − k/p²) ≥ 1 − k/P.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::One;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::primes_up_to;
use crate::cas::{self, Answer, Query};
use crate::primecert::is_prime_u64;
use crate::rational::Rational;

/// Most forms in a system.
pub const MAX_FORMS: usize = 10;
/// Largest |a| and |b| of a form.
pub const MAX_COEFFICIENT: i64 = 1_000_000_000_000;
/// Largest prime bound P for local data.
pub const MAX_PRIME_BOUND: u64 = 1_000_000;
/// Largest wheel modulus (the primorial of the prime bound).
pub const MAX_WHEEL: u64 = 10_000_000;
/// Most integers in an interval.
pub const MAX_INTERVAL: u64 = 1_000_000;
/// Largest |value| of a form over an interval when primality is asked (deterministic Miller–Rabin).
pub const MAX_PRIME_VALUE: u128 = 1_000_000_000_000_000_000;
/// Largest |value| when squarefreeness is asked (sieved by p² for p ≤ 10^6).
pub const MAX_SQUAREFREE_VALUE: u128 = 1_000_000_000_000;
/// Largest prime bound with the Euler product given exactly.
pub const EXACT_PRODUCT_BOUND: u64 = 1000;
/// Local data is listed at the primes up to this.
pub const LISTED_PRIMES: u64 = 1000;
/// Digits of the fixed-point enclosures.
const SCALE_DIGITS: u32 = 40;
/// Most residues or integers listed.
pub const MAX_LISTED: usize = 100_000;

/// What the forms' values are to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// All values prime (positive primes).
    Prime,
    /// All values squarefree (0 is not).
    Squarefree,
}

/// A form a·n + b as [a, b], with 1 ≤ a ≤ 10^12 and |b| ≤ 10^12.
pub type Form = [i64; 2];

fn validate_forms(forms: &[Form]) -> Result<(), Diagnostic> {
    if forms.is_empty() || forms.len() > MAX_FORMS {
        return Err(Diagnostic::at("/forms", "OUT_OF_RANGE", "1 to 10 forms"));
    }
    for (k, &[a, b]) in forms.iter().enumerate() {
        if !(1..=MAX_COEFFICIENT).contains(&a) {
            return Err(Diagnostic::at(format!("/forms/{k}/0"), "OUT_OF_RANGE", "1 ≤ a ≤ 10^12"));
        }
        if b.unsigned_abs() > MAX_COEFFICIENT as u64 {
            return Err(Diagnostic::at(format!("/forms/{k}/1"), "OUT_OF_RANGE", "|b| ≤ 10^12"));
        }
    }
    Ok(())
}

/// ν: the residues n mod p (primality) or mod p² (squarefreeness) at which some form vanishes,
/// counted from each form's roots without enumerating the residues.
fn vanishing(forms: &[(i128, i128)], p: u64, c: Condition) -> u128 {
    match c {
        Condition::Prime => {
            let p = i128::from(p);
            let mut roots = vec![];
            for &(a, b) in forms {
                let (a, b) = (a.rem_euclid(p), b.rem_euclid(p));
                if a != 0 {
                    let (_, x, _) = egcd(a, p);
                    roots.push((-b * x).rem_euclid(p));
                } else if b == 0 {
                    return p as u128;
                }
            }
            roots.sort_unstable();
            roots.dedup();
            roots.len() as u128
        }
        Condition::Squarefree => square_vanishing(forms, p),
    }
}

fn inverse(a: u64, m: u64) -> u64 {
    let (g, x, _) = egcd(a as i128, m as i128);
    debug_assert_eq!(g, 1);
    x.rem_euclid(m as i128) as u64
}

fn egcd(a: i128, b: i128) -> (i128, i128, i128) {
    if b == 0 {
        (a, 1, 0)
    } else {
        let (g, x, y) = egcd(b, a % b);
        (g, y, x - (a / b) * y)
    }
}

/// The primes dividing some form's content gcd(a, b), found by trial division (contents ≤ 10^12).
fn content_primes(forms: &[Form]) -> Vec<u64> {
    let mut out = vec![];
    for &[a, b] in forms {
        let mut c = (a.unsigned_abs()).gcd(&b.unsigned_abs());
        let mut p = 2;
        while p * p <= c {
            if c.is_multiple_of(p) {
                out.push(p);
                while c.is_multiple_of(p) {
                    c /= p;
                }
            }
            p += 1;
        }
        if c > 1 {
            out.push(c);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The modulus of the local condition at p: p for primality, p² for squarefreeness.
fn local_modulus(c: Condition, p: u64) -> u128 {
    match c {
        Condition::Prime => u128::from(p),
        Condition::Squarefree => u128::from(p) * u128::from(p),
    }
}

/// The local factor at p: (1 − ν/p)(1 − 1/p)^(−k), or 1 − ν/p².
fn local_factor(c: Condition, p: u64, nu: u128, k: usize) -> (BigInt, BigInt) {
    let q = local_modulus(c, p);
    let (num, den) = (BigInt::from(q - nu), BigInt::from(q));
    match c {
        Condition::Prime => (num * BigInt::from(p).pow(k as u32), den * BigInt::from(p - 1).pow(k as u32)),
        Condition::Squarefree => (num, den),
    }
}

/// Input of `number_theory.affine_forms.local`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LocalInput {
    /// The forms [a, b] meaning a·n + b (1 to 10; 1 ≤ a ≤ 10^12, |b| ≤ 10^12).
    pub forms: Vec<Form>,
    /// Prime or squarefree values.
    pub condition: Condition,
    /// Local data at every prime p ≤ this bound (2 to 10^6).
    pub prime_bound: u64,
    /// Translate first: study a·(n + shift) + b.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shift: Option<i64>,
    /// Also the wheel: residues n mod W = ∏_{p ≤ prime_bound} p (W ≤ 10^7) at which every form is coprime to W (primality only).
    #[serde(default)]
    pub wheel: bool,
    /// Also whether these integers lie on the wheel.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<i64>,
}

/// The local data at one prime.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Local {
    /// The prime p.
    pub prime: u64,
    /// ν: residues modulo p (primality) or p² (squarefreeness) at which some form vanishes.
    pub vanishing_residues: u64,
    /// The local factor (1 − ν/p)(1 − 1/p)^(−k), or 1 − ν/p².
    pub factor: Rational,
}

/// The wheel of residues.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Wheel {
    /// W = ∏_{p ≤ P} p.
    pub modulus: u64,
    /// How many residues n mod W leave every form coprime to W: ∏ (p − ν(p)).
    pub count: u64,
    /// The residues, increasing, when at most 100,000.
    pub residues: Option<Vec<u64>>,
    /// For each of `members`, whether it lies on the wheel.
    pub members: Vec<bool>,
}

/// Output of `number_theory.affine_forms.local`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LocalOutput {
    /// The forms studied (after the shift).
    pub forms: Vec<[String; 2]>,
    /// Whether no prime obstructs the condition: ν < p (or ν < p²) at every prime, not only up to the bound.
    pub admissible: bool,
    /// The least obstructing prime, if any.
    pub obstruction: Option<u64>,
    /// Local data at every prime up to the bound (at most the primes below 1,000).
    pub local: Vec<Local>,
    /// The product of the local factors up to the bound (the partial singular series or density), exactly when the bound is at most 1,000.
    pub euler_product: Option<Rational>,
    /// That product enclosed: [lower, upper] as 30-digit decimals rounded outward.
    pub euler_product_bounds: [String; 2],
    /// For squarefree values, the density ∏ over all primes enclosed: [lower, upper] as decimals rounded outward (needs bound > k).
    pub enclosure: Option<[String; 2]>,
    /// The wheel, when asked.
    pub wheel: Option<Wheel>,
}

/// `number_theory.affine_forms.local`.
pub struct LocalData;

impl Query for LocalData {
    type Input = LocalInput;
    type Output = LocalOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.affine_forms.local",
            "Local data of prime or squarefree k-tuples",
            "Local obstructions of affine forms a·n + b being prime (prime k-tuples, admissibility) or squarefree \
             together: ν(p), Hardy–Littlewood local factors, Euler products, density enclosure, residue wheels.",
            "Exact and native, for up to 10 forms: ν(p) (or ν(p²)) at every prime up to 10^6; admissibility over all \
             primes (only primes ≤ k or dividing a content can obstruct); the singular-series local factors \
             (1 − ν/p)(1 − 1/p)^(−k) or 1 − ν/p² and their product; for squarefree values the infinite product \
             enclosed by 1 − k/P; the wheel of residues modulo a primorial ≤ 10^7, and membership; translation.",
            &[
                "prime-k-tuples",
                "admissible",
                "twin-primes",
                "hardy-littlewood",
                "singular-series",
                "local-factor",
                "squarefree",
                "euler-product",
                "wheel",
                "affine-forms",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("affine_forms.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "Twin primes n, n + 2: local factors to 100 and the wheel modulo 30",
                Mode::Explore,
                json!({"forms": [[1, 0], [1, 2]], "condition": "prime", "prime_bound": 5, "wheel": true}),
            ),
            (
                "Density of n with n and n + 1 both squarefree",
                Mode::Explore,
                json!({"forms": [[1, 0], [1, 1]], "condition": "squarefree", "prime_bound": 10000}),
            ),
        ]
    }
    fn validate(&self, i: &LocalInput) -> Result<(), Diagnostic> {
        validate_forms(&i.forms)?;
        if !(2..=MAX_PRIME_BOUND).contains(&i.prime_bound) {
            return Err(Diagnostic::at("/prime_bound", "OUT_OF_RANGE", "2 ≤ P ≤ 10^6"));
        }
        if i.wheel && i.condition == Condition::Squarefree {
            return Err(Diagnostic::at("/wheel", "UNSUPPORTED", "the wheel is for primality"));
        }
        if !i.members.is_empty() && !i.wheel {
            return Err(Diagnostic::at("/members", "NEEDS_WHEEL", "membership is on the wheel: set `wheel`"));
        }
        if i.members.len() > MAX_LISTED {
            return Err(Diagnostic::at("/members", "TOO_MANY", "at most 100,000 members"));
        }
        match i.shift {
            Some(s) if s.unsigned_abs() > MAX_COEFFICIENT as u64 => {
                Err(Diagnostic::at("/shift", "OUT_OF_RANGE", "|shift| ≤ 10^12"))
            }
            _ => Ok(()),
        }
    }
    fn bounds(&self, i: &LocalInput) -> Result<(), Refusal> {
        if i.wheel
            && primes_up_to(i.prime_bound.min(100))
                .iter()
                .try_fold(1u64, |w, &p| w.checked_mul(p).filter(|&w| w <= MAX_WHEEL))
                .is_none()
        {
            let d =
                Diagnostic::at("/prime_bound", "TOO_LARGE", "the wheel's modulus ∏_{p ≤ P} p is at most 10^7 (P ≤ 19)");
            return Err(Refusal::Unsupported(d));
        }
        Ok(())
    }
    fn answer(&self, i: &LocalInput, ctx: &AdapterContext) -> Result<Answer<LocalOutput>, AdapterError> {
        let shift = i128::from(i.shift.unwrap_or(0));
        let shifted: Vec<(i128, i128)> =
            i.forms.iter().map(|&[a, b]| (i128::from(a), i128::from(b) + i128::from(a) * shift)).collect();
        let k = i.forms.len();
        let primes = primes_up_to(i.prime_bound);
        let mut local = vec![];
        // The partial product, exactly while P ≤ 1,000, and always enclosed in fixed point
        // (scaled by 10^40, rounded down and up at every step).
        let exact = i.prime_bound <= EXACT_PRODUCT_BOUND;
        let (mut num, mut den) = (BigInt::one(), BigInt::one());
        let scale = BigInt::from(10).pow(SCALE_DIGITS);
        let (mut lo, mut hi) = (scale.clone(), scale.clone());
        for (step, &p) in primes.iter().enumerate() {
            if step % 4096 == 0 {
                ctx.checkpoint()?;
            }
            let nu = vanishing(&shifted, p, i.condition);
            let (fnum, fden) = local_factor(i.condition, p, nu, k);
            lo = (&lo * &fnum).div_floor(&fden);
            hi = -(-(&hi * &fnum)).div_floor(&fden);
            if exact {
                num *= &fnum;
                den *= &fden;
                let g = num.gcd(&den);
                num /= &g;
                den /= &g;
            }
            if p <= LISTED_PRIMES {
                local.push(Local { prime: p, vanishing_residues: nu as u64, factor: Rational::fraction(&fnum, &fden) });
            }
        }
        // Obstructions: primes ≤ k and primes dividing a content (of the shifted forms: the same contents).
        let mut suspects = primes_up_to(k as u64);
        suspects.extend(content_primes(&i.forms));
        suspects.sort_unstable();
        suspects.dedup();
        let obstruction =
            suspects.into_iter().find(|&p| vanishing(&shifted, p, i.condition) == local_modulus(i.condition, p));
        if exact {
            // The exact product gives the tightest enclosure.
            lo = (&num * &scale).div_floor(&den);
            hi = -(-(&num * &scale)).div_floor(&den);
        }
        let bounds = [decimal_floor(&lo, &scale, 30), decimal_ceil(&hi, &scale, 30)];
        let enclosure = (i.condition == Condition::Squarefree && i.prime_bound > k as u64).then(|| {
            // Primes beyond the bound that divide a content are exact factors, not tail: the
            // other primes p > P have ν(p²) ≤ k and ∏ (1 − k/p²) ≥ 1 − k/P.
            let (mut lo, mut hi) = (lo.clone(), hi.clone());
            for p in content_primes(&i.forms).into_iter().filter(|&p| p > i.prime_bound) {
                let q = BigInt::from(p) * BigInt::from(p);
                let nu = BigInt::from(square_vanishing(&shifted, p));
                lo = (&lo * (&q - &nu)).div_floor(&q);
                hi = -(-(&hi * (&q - &nu))).div_floor(&q);
            }
            let tail = (BigInt::from(i.prime_bound - k as u64), BigInt::from(i.prime_bound));
            lo = (&lo * &tail.0).div_floor(&tail.1);
            [decimal_floor(&lo, &scale, 30), decimal_ceil(&hi, &scale, 30)]
        });
        let wheel = i.wheel.then(|| {
            let modulus: u64 = primes.iter().product();
            let fm: Vec<(u128, u128)> = shifted
                .iter()
                .map(|&(a, b)| (a.rem_euclid(i128::from(modulus)) as u128, b.rem_euclid(i128::from(modulus)) as u128))
                .collect();
            let on = |n: u64| {
                fm.iter().all(|&(a, b)| {
                    let v = (a * u128::from(n) + b) % u128::from(modulus);
                    (v as u64).gcd(&modulus) == 1
                })
            };
            let count: u64 = local.iter().map(|l| l.prime - l.vanishing_residues).product();
            let residues = (count as usize <= MAX_LISTED).then(|| (0..modulus).filter(|&n| on(n)).collect());
            let members = i.members.iter().map(|&n| on(n.rem_euclid(modulus as i64) as u64)).collect();
            Wheel { modulus, count, residues, members }
        });
        Ok(LocalOutput {
            forms: shifted.iter().map(|(a, b)| [a.to_string(), b.to_string()]).collect(),
            admissible: obstruction.is_none(),
            obstruction,
            local,
            euler_product: exact.then(|| Rational::fraction(&num, &den)),
            euler_product_bounds: bounds,
            enclosure,
            wheel,
        }
        .into())
    }
}

/// ν(p²) exactly: a form with p ∤ a vanishes at one
/// residue mod p²; with a = p·a', b = p·b' it vanishes on a whole class mod p when p ∤ a', and
/// everywhere when p | a' and p | b'; the union is counted class by class.
fn square_vanishing(forms: &[(i128, i128)], p: u64) -> u128 {
    let (p, q) = (i128::from(p), i128::from(p) * i128::from(p));
    let (mut singles, mut classes) = (vec![], vec![]);
    for &(a, b) in forms {
        let (a, b) = (a.rem_euclid(q), b.rem_euclid(q));
        if a % p != 0 {
            let (_, x, _) = egcd(a, q);
            singles.push((-b * x).rem_euclid(q));
        } else if b % p == 0 {
            let (a1, b1) = (a / p, b / p);
            if a1 % p != 0 {
                let (_, x, _) = egcd(a1, p);
                classes.push((-b1 * x).rem_euclid(p));
            } else if b1 % p == 0 {
                return q as u128;
            }
        }
    }
    classes.sort_unstable();
    classes.dedup();
    singles.retain(|r| !classes.contains(&(r % p)));
    singles.sort_unstable();
    singles.dedup();
    (p * classes.len() as i128 + singles.len() as i128) as u128
}

fn decimal_floor(n: &BigInt, d: &BigInt, digits: u32) -> String {
    let scale = BigInt::from(10).pow(digits);
    let v = (n * &scale).div_floor(d);
    place(&v, digits)
}

fn decimal_ceil(n: &BigInt, d: &BigInt, digits: u32) -> String {
    let scale = BigInt::from(10).pow(digits);
    let v = -(-(n * &scale)).div_floor(d);
    place(&v, digits)
}

fn place(v: &BigInt, digits: u32) -> String {
    let s = format!("{:0>width$}", v.to_string(), width = digits as usize + 1);
    let (int, frac) = s.split_at(s.len() - digits as usize);
    format!("{int}.{frac}")
}

/// Input of `number_theory.affine_forms.interval`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IntervalInput {
    /// The forms [a, b] meaning a·n + b (1 to 10).
    pub forms: Vec<Form>,
    /// Prime or squarefree values.
    pub condition: Condition,
    /// The interval [low, high] of n (0 ≤ low ≤ high ≤ 10^12, at most 10^6 integers).
    pub low: u64,
    /// Its upper end.
    pub high: u64,
    /// List the n found (at most 100,000).
    #[serde(default)]
    pub list: bool,
    /// Also count the n found by residue modulo this q (2 to 10^4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modulus: Option<u64>,
}

/// Output of `number_theory.affine_forms.interval`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct IntervalOutput {
    /// How many n in [low, high] make every form prime (or squarefree).
    pub count: u64,
    /// Those n, increasing, when listed.
    pub values: Option<Vec<u64>>,
    /// Their counts by n mod q, for q = modulus.
    pub residue_counts: Option<Vec<u64>>,
}

/// `number_theory.affine_forms.interval`.
pub struct Interval;

impl Query for Interval {
    type Input = IntervalInput;
    type Output = IntervalOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "number_theory.affine_forms.interval",
            "Count prime or squarefree k-tuples in an interval",
            "Count and list the n in [low, high] at which affine forms a·n + b are all prime (twin primes, prime \
             k-tuples, Sophie Germain primes) or all squarefree, with counts by residue class.",
            "Exact and native: every n in an interval of up to 10^6 integers (n ≤ 10^12); values up to 10^18 tested \
             by deterministic Miller–Rabin for primality, or sieved by p² (p ≤ 10^6, values ≤ 10^12) for \
             squarefreeness; counts by n mod q.",
            &[
                "prime-k-tuples",
                "twin-primes",
                "sophie-germain",
                "prime-constellation",
                "count",
                "squarefree",
                "interval",
                "affine-forms",
                "enumerate",
            ],
        )
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("affine_forms.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "Twin primes (n, n + 2) with n below 1,000",
            Mode::Explore,
            json!({"forms": [[1, 0], [1, 2]], "condition": "prime", "low": 0, "high": 1000, "list": true}),
        )]
    }
    fn validate(&self, i: &IntervalInput) -> Result<(), Diagnostic> {
        validate_forms(&i.forms)?;
        if i.high < i.low {
            return Err(Diagnostic::at("/high", "OUT_OF_RANGE", "high ≥ low"));
        }
        match i.modulus {
            Some(q) if !(2..=10_000).contains(&q) => Err(Diagnostic::at("/modulus", "OUT_OF_RANGE", "2 ≤ q ≤ 10^4")),
            _ => Ok(()),
        }
    }
    fn bounds(&self, i: &IntervalInput) -> Result<(), Refusal> {
        let too = |at: &str, m: &str| Err(Refusal::Unsupported(Diagnostic::at(at, "TOO_LARGE", m)));
        if i.high > MAX_COEFFICIENT as u64 {
            return too("/high", "n ≤ 10^12");
        }
        if i.high - i.low >= MAX_INTERVAL {
            return too("/high", "at most 10^6 integers");
        }
        let cap = match i.condition {
            Condition::Prime => MAX_PRIME_VALUE,
            Condition::Squarefree => MAX_SQUAREFREE_VALUE,
        };
        let largest = |&[a, b]: &Form| {
            (i128::from(a) * i128::from(i.high) + i128::from(b)).unsigned_abs().max(b.unsigned_abs() as u128)
        };
        match i.forms.iter().position(|f| largest(f) > cap) {
            Some(k) => too(&format!("/forms/{k}"), "values are at most 10^18 (prime) or 10^12 (squarefree)"),
            None => Ok(()),
        }
    }
    fn answer(&self, i: &IntervalInput, ctx: &AdapterContext) -> Result<Answer<IntervalOutput>, AdapterError> {
        let len = (i.high - i.low + 1) as usize;
        let value = |f: &Form, n: u64| i128::from(f[0]) * i128::from(n) + i128::from(f[1]);
        let good: Vec<bool> = match i.condition {
            Condition::Prime => {
                let mut good = vec![false; len];
                for (k, g) in good.iter_mut().enumerate() {
                    if k % 65_536 == 0 {
                        ctx.checkpoint()?;
                    }
                    let n = i.low + k as u64;
                    *g = i.forms.iter().all(|f| {
                        let v = value(f, n);
                        v >= 2 && is_prime_u64(v as u64)
                    });
                }
                good
            }
            Condition::Squarefree => {
                let mut good: Vec<bool> =
                    (0..len).map(|k| i.forms.iter().all(|f| value(f, i.low + k as u64) != 0)).collect();
                let top = i
                    .forms
                    .iter()
                    .map(|f| value(f, i.high).unsigned_abs().max(value(f, i.low).unsigned_abs()))
                    .max()
                    .unwrap_or(0);
                let root = (top as f64).sqrt() as u64 + 1;
                for (step, p) in primes_up_to(root.min(MAX_PRIME_BOUND)).into_iter().enumerate() {
                    if step % 4096 == 0 {
                        ctx.checkpoint()?;
                    }
                    let q = p * p;
                    for &[a, b] in &i.forms {
                        // a·n + b ≡ 0 (mod p²): n ≡ n0 (mod q/g), g = gcd(a, q) | b.
                        let (am, bm) = (a.rem_euclid(q as i64) as u64, b.rem_euclid(q as i64) as u64);
                        let g = am.gcd(&q);
                        let minus_b = (q - bm) % q;
                        if !minus_b.is_multiple_of(g) {
                            continue;
                        }
                        let q1 = q / g;
                        let n0 = if q1 == 1 {
                            0
                        } else {
                            ((minus_b / g) as u128 * inverse((am / g) % q1, q1) as u128 % q1 as u128) as u64
                        };
                        let start = i.low + (n0 + q1 - i.low % q1) % q1;
                        let mut n = start;
                        while n <= i.high {
                            good[(n - i.low) as usize] = false;
                            n += q1;
                        }
                    }
                }
                good
            }
        };
        let found = || good.iter().enumerate().filter(|(_, g)| **g).map(|(k, _)| i.low + k as u64);
        let count = found().count() as u64;
        let residue_counts = i.modulus.map(|q| {
            let mut c = vec![0u64; q as usize];
            found().for_each(|n| c[(n % q) as usize] += 1);
            c
        });
        let values = (i.list && count as usize <= MAX_LISTED).then(|| found().collect());
        let mut answer: Answer<IntervalOutput> = IntervalOutput { count, values, residue_counts }.into();
        if i.list && count as usize > MAX_LISTED {
            answer = answer.note("NOT_LISTED", format!("{count} found; at most {MAX_LISTED} are listed"));
        }
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vanishing_residues_follow_the_roots_of_each_form() {
        // n(n + 2): roots 0 and −2 mod p, one root mod 2.
        assert_eq!(vanishing(&[(1, 0), (1, 2)], 2, Condition::Prime), 1);
        assert_eq!(vanishing(&[(1, 0), (1, 2)], 3, Condition::Prime), 2);
        // n, n + 2, n + 4 covers every residue mod 3: inadmissible.
        assert_eq!(vanishing(&[(1, 0), (1, 2), (1, 4)], 3, Condition::Prime), 3);
        // 2n + 4 ≡ 0 mod 4 at n ≡ 0, 2; 4n + 8 everywhere; n and n + 4 share no root mod 4.
        assert_eq!(vanishing(&[(2, 4)], 2, Condition::Squarefree), 2);
        assert_eq!(vanishing(&[(4, 8)], 2, Condition::Squarefree), 4);
        assert_eq!(vanishing(&[(1, 0), (1, 4), (2, 4)], 2, Condition::Squarefree), 2);
        assert_eq!(place(&BigInt::from(5), 3), "0.005");
        assert_eq!(decimal_ceil(&BigInt::from(1), &BigInt::from(3), 3), "0.334");
        assert_eq!(decimal_floor(&BigInt::from(2), &BigInt::from(3), 3), "0.666");
    }
}
