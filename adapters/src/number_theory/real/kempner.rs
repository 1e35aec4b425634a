//! The Kempner set: the positive integers with no digit from an excluded set in base b. Its
//! reciprocal series Σ 1/n converges (Kempner 1914) and is enclosed here by block moments; an
//! arithmetic progression meets it or not, decided exactly by an automaton on residues.
//!
//! Series. Let S_k be the restricted integers with k digits and T_k(j) = Σ_{n ∈ S_k} n^(−j).
//! The first blocks are summed directly. Every (k+1)-digit member is b·m + a with m ∈ S_k and a
//! an allowed digit, and (1 + x)^(−j) = Σ_{i<N} (−1)^i C(j+i−1, i) x^i + R with
//! 0 ≤ (−1)^N R ≤ C(j+N−1, N) x^N for x ≥ 0 (Taylor with Lagrange remainder; the derivatives of
//! (1 + x)^(−j) alternate), so with P_i = Σ_a a^i
//! T_{k+1}(j) = Σ_{i<N} (−1)^i C(j+i−1, i) P_i b^(−j−i) T_k(j+i) + R', and R' is bounded by
//! the same term at i = N, where T_k(J+1) ≤ T_k(J)/b^(k−1). Since 1/(b·m + a) ≤ 1/(b·m), the
//! blocks shrink at least geometrically, T_{k+1}(1) ≤ (c/b)·T_k(1) for c allowed digits, and
//! the tail after block K is at most T_K(1)·c/(b − c). All arithmetic is fixed point, rounded
//! outward.
//!
//! Progressions. Reading digits from the most significant, the residue modulo the step is an
//! automaton; the sets of residues reachable in exactly t digits are iterated (Brent's cycle
//! detection proves absence once they repeat), and the least member ≥ the start is built
//! digit by digit from the sets of residues that can still reach the target.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Fixed, ceil_div, outward};
use crate::cas::{self, Answer, Query};
use crate::integer::decimal;
use crate::rational::Rational;

/// Most decimal places of a series enclosure.
pub const MAX_PLACES: u32 = 60;
/// Largest step of a progression.
pub const MAX_STEP: u64 = 1_000_000;
/// Largest |start| of a progression.
pub const MAX_START: i64 = 1_000_000_000_000_000_000;
/// Guard digits of the fixed-point scale.
const GUARD: u32 = 12;
/// Most restricted integers summed directly.
const DIRECT: u64 = 4000;
/// Most bits held by the reachability sets of one progression (32 MiB).
const MAX_BITS: u64 = 1 << 28;

fn ten() -> u32 {
    10
}

/// What to compute.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum KempnerOperation {
    /// Enclose Σ 1/n over the restricted integers.
    Series {
        /// Decimal places of the decimal enclosure (1 to 60).
        digits: u32,
    },
    /// Whether the progression step·k + start (k ≥ 0) has a positive member with no excluded
    /// digit, and the least one.
    Progression {
        /// The step (1 to 10^6).
        step: u64,
        /// The first term (|start| ≤ 10^18); members are positive.
        start: i64,
    },
}

/// Input of `number_theory.kempner.compute`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KempnerInput {
    /// The base b (2 to 16; 10 by default).
    #[serde(default = "ten")]
    pub base: u32,
    /// The excluded digits (each below the base; at least one, not every digit).
    pub excluded: Vec<u32>,
    /// `{"series": {"digits": d}}` or `{"progression": {"step": a, "start": b}}`.
    pub operation: KempnerOperation,
}

/// How a series enclosure was obtained.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SeriesMethod {
    /// Blocks of k-digit integers summed term by term.
    pub direct_blocks: u32,
    /// Further blocks from the moment recursion.
    pub recursive_blocks: u32,
    /// The bound on the remaining blocks, rounded up.
    pub tail_bound: String,
}

/// Output of `number_theory.kempner.compute`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct KempnerOutput {
    /// Series: the sum lies in [lower, upper] (exact rationals).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enclosure: Option<[Rational; 2]>,
    /// Series: the enclosure rounded outward to `digits` decimal places.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decimal: Option<[String; 2]>,
    /// Series: how it was bounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<SeriesMethod>,
    /// Progression: whether some positive member has no excluded digit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contains: Option<bool>,
    /// Progression: the least such member.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub least: Option<DecimalInteger>,
    /// Progression: its index k (member = step·k + start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<DecimalInteger>,
    /// Progression: how many digits the least member has (also when it is too long to write:
    /// more than 2^28 / step digits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// Progression: its digits in the base, most significant first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digits: Option<Vec<u32>>,
}

/// `number_theory.kempner.compute`.
pub struct Kempner;

impl Query for Kempner {
    type Input = KempnerInput;
    type Output = KempnerOutput;

    fn describe(&self) -> Describe {
        Describe {
            scope_rule: "Exactly the given base, excluded digits and operation.",
            ..cas::describe(
                "number_theory.kempner.compute",
                "Kempner series and digit-restricted integers",
                "Kempner series: sum of 1/n over integers with no digit 9 (any excluded digits, base 2 to 16) \
                 enclosed rigorously; does an arithmetic progression contain such a number, and the least.",
                "Native and exact. `series`: Σ 1/n over the positive integers without the excluded digits, \
                 enclosed to up to 60 decimal places by direct sums of the first blocks, the block-moment \
                 recursion with Taylor remainders, and a geometric tail bound (proof-grade, fixed point rounded \
                 outward). `progression`: whether step·k + start (step ≤ 10^6, |start| ≤ 10^18) has a positive \
                 member with no excluded digit, decided by a residue automaton with cycle detection, and the least \
                 one with its index.",
                &[
                    "kempner",
                    "series",
                    "missing-digit",
                    "digit-restricted",
                    "no-digit-9",
                    "reciprocal-sum",
                    "enclosure",
                    "interval",
                    "arithmetic-progression",
                    "decide",
                ],
            )
        }
    }
    fn provider(&self) -> Provider {
        cas::native(include_str!("kempner.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "Σ 1/n over n with no digit 9, to 30 decimal places",
                Mode::Explore,
                json!({"excluded": [9], "operation": {"series": {"digits": 30}}}),
            ),
            (
                "Does 7k + 3 contain a number with no digit 3?",
                Mode::Explore,
                json!({"excluded": [3], "operation": {"progression": {"step": 7, "start": 3}}}),
            ),
        ]
    }
    fn validate(&self, i: &KempnerInput) -> Result<(), Diagnostic> {
        if !(2..=16).contains(&i.base) {
            return Err(Diagnostic::at("/base", "OUT_OF_RANGE", "2 ≤ base ≤ 16"));
        }
        if i.excluded.is_empty() {
            return Err(Diagnostic::at("/excluded", "EMPTY", "exclude at least one digit"));
        }
        if let Some(k) = i.excluded.iter().position(|&d| d >= i.base) {
            return Err(Diagnostic::at(format!("/excluded/{k}"), "OUT_OF_RANGE", "a digit is below the base"));
        }
        if allowed(i).is_empty() {
            return Err(Diagnostic::at("/excluded", "EVERY_DIGIT", "at least one digit stays allowed"));
        }
        match i.operation {
            KempnerOperation::Series { digits: 0 } => {
                Err(Diagnostic::at("/operation/series/digits", "OUT_OF_RANGE", "at least one decimal place"))
            }
            KempnerOperation::Progression { step: 0, .. } => {
                Err(Diagnostic::at("/operation/progression/step", "OUT_OF_RANGE", "the step is at least 1"))
            }
            KempnerOperation::Progression { start, .. } if start.unsigned_abs() > MAX_START as u64 => {
                Err(Diagnostic::at("/operation/progression/start", "OUT_OF_RANGE", "|start| ≤ 10^18"))
            }
            _ => Ok(()),
        }
    }
    fn bounds(&self, i: &KempnerInput) -> Result<(), Refusal> {
        let (at, message) = match i.operation {
            KempnerOperation::Progression { step, .. } if step > MAX_STEP => {
                ("/operation/progression/step", "the step is at most 10^6")
            }
            KempnerOperation::Series { digits } if digits > MAX_PLACES => {
                ("/operation/series/digits", "at most 60 decimal places")
            }
            _ => return Ok(()),
        };
        Err(Refusal::Unsupported(Diagnostic::at(at, "TOO_LARGE", message)))
    }
    fn answer(&self, i: &KempnerInput, ctx: &AdapterContext) -> Result<Answer<KempnerOutput>, AdapterError> {
        let allowed = allowed(i);
        let empty = KempnerOutput {
            enclosure: None,
            decimal: None,
            method: None,
            contains: None,
            least: None,
            index: None,
            length: None,
            digits: None,
        };
        Ok(match i.operation {
            KempnerOperation::Series { digits } => {
                let s = series(i.base, &allowed, digits, &|| ctx.checkpoint())?;
                let scale = BigInt::from(10).pow(s.places);
                KempnerOutput {
                    enclosure: Some([Rational::fraction(&s.sum.lo, &scale), Rational::fraction(&s.sum.hi, &scale)]),
                    decimal: Some(outward(&s.sum, s.places, digits)),
                    method: Some(SeriesMethod {
                        direct_blocks: s.direct,
                        recursive_blocks: s.recursive,
                        tail_bound: outward(&Fixed::exact(s.tail), s.places, digits)[1].clone(),
                    }),
                    ..empty
                }
            }
            KempnerOperation::Progression { step, start } => {
                let found = progression(i.base, &allowed, step, start, &|| ctx.checkpoint())?;
                let least = match &found {
                    Membership::Least(n, d) => Some((n, d)),
                    _ => None,
                };
                KempnerOutput {
                    contains: Some(found != Membership::Absent),
                    least: least.map(|(n, _)| decimal(n)),
                    index: least.map(|(n, _)| decimal(&((n - BigInt::from(start)) / BigInt::from(step)))),
                    length: match &found {
                        Membership::Absent => None,
                        Membership::Least(_, d) => Some(d.len()),
                        Membership::TooLong(t) => Some(*t),
                    },
                    digits: least.map(|(_, d)| d.clone()),
                    ..empty
                }
            }
        }
        .into())
    }
}

/// The allowed digits, increasing.
fn allowed(i: &KempnerInput) -> Vec<u32> {
    (0..i.base).filter(|d| !i.excluded.contains(d)).collect()
}

/// The run's checkpoint: `Err` once it should stop.
pub(crate) type Check<'a> = dyn Fn() -> Result<(), AdapterError> + 'a;

/// A series enclosure at scale 10^places.
struct Series {
    sum: Fixed,
    places: u32,
    direct: u32,
    recursive: u32,
    tail: BigInt,
}

fn series(base: u32, allowed: &[u32], digits: u32, check: &Check<'_>) -> Result<Series, AdapterError> {
    let places = digits + GUARD;
    let scale = BigInt::from(10).pow(places);
    let lead: Vec<u64> = allowed.iter().filter(|&&d| d != 0).map(|&d| u64::from(d)).collect();
    let zero = || Fixed::exact(BigInt::zero());
    if lead.is_empty() {
        // Only the digit 0 is allowed: no positive integer qualifies.
        return Ok(Series { sum: zero(), places, direct: 0, recursive: 0, tail: BigInt::zero() });
    }
    let c = allowed.len() as u64;
    let b = u64::from(base);
    // Direct blocks: every restricted integer of at most k0 digits (at most DIRECT of the last
    // length, values below 10^15 so they fit in u64).
    let mut k0 = 1u32;
    let mut count = lead.len() as u64;
    while count * c <= DIRECT && (b as f64).powi(k0 as i32 + 1) <= 1e15 && k0 < 64 {
        k0 += 1;
        count *= c;
    }
    // Moments kept at block k0: enough that T(J) is below the scale's unit.
    let log_b = (b as f64).log10();
    let mut moments = ((f64::from(places) / ((f64::from(k0) - 1.0).max(0.5) * log_b)).ceil() as usize + 2).min(400);
    let mut total = zero();
    let mut block: Vec<u64> = lead.clone();
    let mut t: Vec<Fixed> = vec![];
    for k in 1..=k0 {
        check()?;
        let js = if k == k0 { moments } else { 1 };
        t = vec![zero(); js];
        for &n in &block {
            let n = BigInt::from(n);
            let mut power = n.clone();
            for (j, m) in t.iter_mut().enumerate() {
                if power > scale {
                    // 0 < n^(−j) < 1/scale for this and every larger j.
                    t[j..].iter_mut().for_each(|m| m.hi += 1);
                    break;
                }
                m.lo += scale.div_floor(&power);
                m.hi += ceil_div(&scale, &power);
                power *= &n;
            }
        }
        total = total.add(&t[0]);
        if k < k0 {
            block = block.iter().flat_map(|&m| allowed.iter().map(move |&a| m * b + u64::from(a))).collect();
        }
    }
    // Power sums P_i = Σ_a a^i and binomials, for i up to moments + 1.
    let power_sums: Vec<BigInt> = (0..=moments + 1)
        .map(|i| allowed.iter().map(|&a| if i == 0 { BigInt::one() } else { BigInt::from(a).pow(i as u32) }).sum())
        .collect();
    let mut pascal: Vec<Vec<BigInt>> = vec![vec![BigInt::one()]];
    for n in 1..=2 * moments + 2 {
        let prev = &pascal[n - 1];
        let row = (0..=n)
            .map(|k| {
                let left = if k > 0 { prev[k - 1].clone() } else { BigInt::zero() };
                left + prev.get(k).cloned().unwrap_or_default()
            })
            .collect();
        pascal.push(row);
    }
    let bb = BigInt::from(b);
    let threshold = BigInt::from(10).pow(places - digits - 2) * BigInt::from(b - c);
    let mut k = k0;
    let mut recursive = 0u32;
    // T_k(1)·c/(b − c) bounds every later block together.
    while &t[0].hi * BigInt::from(c) > threshold {
        if recursive.is_multiple_of(64) {
            check()?;
        }
        // Drop the moments that have fallen below one unit of the scale.
        while moments > 1 && t[moments - 1].hi <= BigInt::one() {
            moments -= 1;
        }
        t.truncate(moments);
        let least = bb.pow(k - 1);
        let beyond = ceil_div(&t[moments - 1].hi, &least);
        let mut next = Vec::with_capacity(moments);
        for j in 1..=moments {
            let n = moments - j + 1;
            let mut acc = zero();
            for i in 0..n {
                let coef = &pascal[j + i - 1][i] * &power_sums[i];
                let den = bb.pow((j + i) as u32);
                let term = t[j + i - 1].times(&coef, &den);
                acc = if i % 2 == 0 { acc.add(&term) } else { acc.add(&term.neg()) };
            }
            let rem = ceil_div(&(&pascal[j + n - 1][n] * &power_sums[n] * &beyond), &bb.pow((j + n) as u32));
            if n.is_multiple_of(2) {
                acc.hi += rem;
            } else {
                acc.lo -= rem;
            }
            if acc.lo.is_negative() {
                acc.lo = BigInt::zero();
            }
            next.push(acc);
        }
        t = next;
        total = total.add(&t[0]);
        k += 1;
        recursive += 1;
        if recursive > 200_000 {
            return Err(AdapterError::Unsupported("the series did not reach the precision asked".into()));
        }
    }
    let tail = ceil_div(&(&t[0].hi * BigInt::from(c)), &BigInt::from(b - c));
    let sum = Fixed { lo: total.lo, hi: total.hi + &tail };
    Ok(Series { sum, places, direct: k0, recursive, tail })
}

/// A set of residues modulo the step.
#[derive(Clone, PartialEq, Eq)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: u64) -> Bits {
        Bits(vec![0; n.div_ceil(64) as usize])
    }
    fn set(&mut self, i: u64) {
        self.0[(i / 64) as usize] |= 1 << (i % 64);
    }
    fn has(&self, i: u64) -> bool {
        self.0[(i / 64) as usize] >> (i % 64) & 1 == 1
    }
}

/// Whether a progression meets the restricted integers.
#[derive(Debug, PartialEq, Eq)]
enum Membership {
    /// No member has only allowed digits.
    Absent,
    /// The least member and its digits.
    Least(BigInt, Vec<u32>),
    /// Some member has only allowed digits; the least has this many digits, too many to build
    /// within the memory bound.
    TooLong(usize),
}

/// The least positive member of step·k + start (k ≥ 0) whose digits are all allowed.
fn progression(
    base: u32,
    allowed: &[u32],
    step: u64,
    start: i64,
    check: &Check<'_>,
) -> Result<Membership, AdapterError> {
    let (a, b) = (step, u64::from(base));
    let target = start.rem_euclid(step as i64) as u64;
    let low = start.max(1) as u64;
    let mut ld = vec![];
    let mut x = low;
    while x > 0 {
        ld.push((x % b) as u32);
        x /= b;
    }
    ld.reverse();
    let len = ld.len();
    // back[j]: residues s from which j more allowed digits reach the target.
    let mut back = vec![{
        let mut s = Bits::new(a);
        s.set(target);
        s
    }];
    let extend = |back: &mut Vec<Bits>, upto: usize| -> Result<(), AdapterError> {
        while back.len() <= upto {
            check()?;
            if (back.len() as u64 + 1) * a > MAX_BITS {
                return Err(AdapterError::Unsupported("the least member is too long to build within memory".into()));
            }
            let prev = &back[back.len() - 1];
            let mut s = Bits::new(a);
            for r in 0..a {
                if allowed.iter().any(|&d| prev.has((r * b + u64::from(d)) % a)) {
                    s.set(r);
                }
            }
            back.push(s);
        }
        Ok(())
    };
    // Completes a prefix of residue s with j more digits, least first.
    let complete = |back: &[Bits], mut s: u64, j: usize, out: &mut Vec<u32>| {
        for rest in (0..j).rev() {
            let d = allowed.iter().copied().find(|&d| back[rest].has((s * b + u64::from(d)) % a));
            let d = d.unwrap_or(0); // feasible by construction: back[rest + 1] held s
            out.push(d);
            s = (s * b + u64::from(d)) % a;
        }
    };
    // Members with as many digits as `low`: the deepest position where a larger allowed digit
    // can be placed after an allowed prefix of `low`.
    extend(&mut back, len)?;
    let valid = ld.iter().take_while(|d| allowed.contains(d)).count();
    if valid == len && low % a == target {
        return Ok(Membership::Least(BigInt::from(low), ld));
    }
    let mut prefix_residue = vec![0u64; len + 1];
    for p in 0..len {
        prefix_residue[p + 1] = (prefix_residue[p] * b + u64::from(ld[p])) % a;
    }
    for p in (0..=valid.min(len - 1)).rev() {
        let s = prefix_residue[p];
        let rest = len - p - 1;
        if let Some(e) = allowed.iter().copied().find(|&e| e > ld[p] && back[rest].has((s * b + u64::from(e)) % a)) {
            let mut out = ld[..p].to_vec();
            out.push(e);
            complete(&back, (s * b + u64::from(e)) % a, rest, &mut out);
            return Ok(Membership::Least(value(&out, base), out));
        }
    }
    // Longer members: the residues reachable with exactly t digits, from t = len + 1, until the
    // target appears or the sets repeat (Brent), which proves it never will.
    // Sets held as sorted residue lists: along long cycles they are often tiny.
    let step_set = |g: &[u64]| {
        let mut n: Vec<u64> =
            g.iter().flat_map(|&r| allowed.iter().map(move |&d| (r * b + u64::from(d)) % a)).collect();
        n.sort_unstable();
        n.dedup();
        n
    };
    let mut g: Vec<u64> = allowed.iter().filter(|&&d| d != 0).map(|&d| u64::from(d) % a).collect();
    g.sort_unstable();
    g.dedup();
    for _ in 1..=len {
        check()?;
        g = step_set(&g);
    }
    let mut t = len + 1;
    let (mut saved, mut power, mut lam) = (g.clone(), 1usize, 0usize);
    loop {
        if g.binary_search(&target).is_ok() {
            break;
        }
        if lam % 1024 == 0 {
            check()?;
        }
        g = step_set(&g);
        t += 1;
        lam += 1;
        if g == saved {
            return Ok(Membership::Absent);
        }
        if lam == power {
            saved = g.clone();
            power *= 2;
            lam = 0;
        }
    }
    if (t as u64 + 1) * a > MAX_BITS {
        return Ok(Membership::TooLong(t));
    }
    extend(&mut back, t)?;
    let lead = allowed.iter().copied().find(|&d| d != 0 && back[t - 1].has(u64::from(d) % a));
    let lead = lead.unwrap_or(1); // some leading digit reaches the target: g held it
    let mut out = vec![lead];
    complete(&back, u64::from(lead) % a, t - 1, &mut out);
    Ok(Membership::Least(value(&out, base), out))
}

fn value(digits: &[u32], base: u32) -> BigInt {
    digits.iter().fold(BigInt::zero(), |v, &d| v * base + d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(base: u32, allowed: &[u32], step: u64, start: i64, limit: u64) -> Option<u64> {
        let ok = |mut n: u64| {
            while n > 0 {
                if !allowed.contains(&((n % u64::from(base)) as u32)) {
                    return false;
                }
                n /= u64::from(base);
            }
            true
        };
        (0..limit).map(|k| start + (k * step) as i64).filter(|&n| n >= 1).map(|n| n as u64).find(|&n| ok(n))
    }

    #[test]
    fn the_series_encloses_published_values() {
        let ctx = || Ok(());
        // Baillie (1979): no digit 9; the Erdős–Borwein constant Σ 1/(2^k − 1) (base 2, no 0).
        for (base, excluded, value) in
            [(10u32, 9u32, "22.92067661926415034816365709437593191"), (2, 0, "1.606695152415291763783301523190924580")]
        {
            let allowed: Vec<u32> = (0..base).filter(|&d| d != excluded).collect();
            let s = series(base, &allowed, 30, &ctx).unwrap();
            let [lo, hi] = outward(&s.sum, s.places, 30);
            // The value truncated to 30 places, t: lo ≤ value ≤ hi iff lo ≤ t < hi on this grid.
            let t = &value[..value.find('.').unwrap() + 31];
            assert!(lo.as_str() <= t && t < hi.as_str(), "{base}: [{lo}, {hi}] misses {value}");
            assert!(&s.sum.hi - &s.sum.lo < BigInt::from(10).pow(s.places - 29), "{base}: too wide");
        }
    }

    #[test]
    fn the_least_member_agrees_with_brute_force() {
        let ctx = || Ok(());
        for base in [2u32, 3, 10] {
            for excluded in 0..base {
                let allowed: Vec<u32> = (0..base).filter(|&d| d != excluded).collect();
                for step in 1..30u64 {
                    for start in [-5i64, 0, 1, 7, 100, 12345] {
                        let got = match progression(base, &allowed, step, start, &ctx).unwrap() {
                            Membership::Least(n, _) => Some(n),
                            Membership::Absent => None,
                            Membership::TooLong(t) => panic!("{t} digits"),
                        };
                        let limit = 20_000;
                        let want = brute(base, &allowed, step, start, limit).map(BigInt::from);
                        // Brute force sees only the first `limit` members.
                        let beyond = BigInt::from(start) + BigInt::from(limit * step);
                        let seen = if got.as_ref().is_some_and(|n| *n >= beyond) { None } else { got };
                        assert_eq!(seen, want, "{base} {excluded} {step} {start}");
                    }
                }
            }
        }
    }
}
