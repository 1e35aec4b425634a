//! `combinatorics.design.construct`: block designs from their classical constructions — Steiner
//! triple systems STS(v) for every admissible v (Bose's construction for v ≡ 3 and Skolem's for
//! v ≡ 1 mod 6), and the projective and affine planes of prime order q — each checked before it
//! is returned: every pair of points lies in exactly λ blocks.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::objects::polynomial::arith::is_prime;
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{native, out_of_range};
use crate::cas::{self, Answer, Query};

/// Most points of a Steiner triple system.
pub const MAX_TRIPLE_POINTS: u64 = 1_000;
/// Largest order of a plane.
pub const MAX_PLANE_ORDER: u64 = 31;

/// The design.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// STS(v): triples with every pair of the v points in exactly one (v ≡ 1 or 3 mod 6, 3 ≤ v ≤ 1,000).
    SteinerTripleSystem,
    /// PG(2, q): q² + q + 1 points and lines, q + 1 points a line (q prime, ≤ 31).
    ProjectivePlane,
    /// AG(2, q): q² points, q² + q lines of q points (q prime, ≤ 31).
    AffinePlane,
}

/// Input of `combinatorics.design.construct`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DesignInput {
    /// The family.
    pub family: Family,
    /// v for a Steiner triple system, the order q for a plane.
    pub n: u64,
}

/// Output of `combinatorics.design.construct`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DesignOutput {
    /// Points, numbered 0..v−1.
    pub points: u64,
    /// The block size k.
    pub block_size: usize,
    /// λ: every pair of points lies in exactly λ blocks.
    pub lambda: u64,
    /// The number of blocks b.
    pub block_count: usize,
    /// The number of blocks through each point r.
    pub replication: u64,
    /// The blocks, each ascending, in the order of the construction.
    pub blocks: Vec<Vec<u64>>,
    /// How the design was built.
    pub construction: String,
}

fn check(i: &DesignInput) -> Result<(), Diagnostic> {
    match i.family {
        Family::SteinerTripleSystem => {
            if i.n < 3 || i.n > MAX_TRIPLE_POINTS || !matches!(i.n % 6, 1 | 3) {
                return Err(out_of_range(
                    "/n",
                    format!(
                        "a Steiner triple system exists exactly for v ≡ 1 or 3 (mod 6); here 3 ≤ v ≤ {MAX_TRIPLE_POINTS}"
                    ),
                ));
            }
        }
        Family::ProjectivePlane | Family::AffinePlane => {
            if !is_prime(i.n) || i.n > MAX_PLANE_ORDER {
                return Err(out_of_range("/n", format!("a prime order q ≤ {MAX_PLANE_ORDER}")));
            }
        }
    }
    Ok(())
}

/// Bose: v = 3m, m odd; points (x, a) ↦ 3x + a over the idempotent commutative quasigroup
/// x∘y = (x + y)(m + 1)/2 mod m.
fn bose(v: u64) -> Vec<Vec<u64>> {
    let m = v / 3;
    let p = |x: u64, a: u64| 3 * x + a % 3;
    let op = |x: u64, y: u64| (x + y) * m.div_ceil(2) % m;
    let mut blocks: Vec<Vec<u64>> = (0..m).map(|x| vec![p(x, 0), p(x, 1), p(x, 2)]).collect();
    for a in 0..3 {
        for x in 0..m {
            for y in x + 1..m {
                blocks.push(vec![p(x, a), p(y, a), p(op(x, y), a + 1)]);
            }
        }
    }
    blocks
}

/// Skolem: v = 6n + 1; ∞ is point 0 and (x, a) ↦ 1 + 3x + a over the half-idempotent commutative
/// quasigroup of order 2n, x∘y = ((x + y) mod 2n) with 2k ↦ k and 2k + 1 ↦ n + k.
fn skolem(v: u64) -> Vec<Vec<u64>> {
    let n = (v - 1) / 6;
    let p = |x: u64, a: u64| 1 + 3 * x + a % 3;
    let op = |x: u64, y: u64| {
        let s = (x + y) % (2 * n);
        if s.is_multiple_of(2) { s / 2 } else { n + s / 2 }
    };
    let mut blocks: Vec<Vec<u64>> = (0..n).map(|x| vec![p(x, 0), p(x, 1), p(x, 2)]).collect();
    for a in 0..3 {
        for x in 0..n {
            blocks.push(vec![0, p(n + x, a), p(x, a + 1)]);
        }
    }
    for a in 0..3 {
        for x in 0..2 * n {
            for y in x + 1..2 * n {
                blocks.push(vec![p(x, a), p(y, a), p(op(x, y), a + 1)]);
            }
        }
    }
    blocks
}

/// The normalized nonzero vectors of F_q³ (first nonzero coordinate 1), in a fixed order.
fn projective_points(q: u64) -> Vec<[u64; 3]> {
    let mut out = vec![[0, 0, 1]];
    out.extend((0..q).map(|z| [0, 1, z]));
    out.extend((0..q * q).map(|k| [1, k / q, k % q]));
    out
}

fn projective_plane(q: u64) -> Vec<Vec<u64>> {
    let points = projective_points(q);
    // Line [a, b, c] holds the points x with a·x₀ + b·x₁ + c·x₂ = 0.
    points
        .iter()
        .map(|l| {
            (0..points.len() as u64)
                .filter(|&k| {
                    let x = points[k as usize];
                    (l[0] * x[0] + l[1] * x[1] + l[2] * x[2]).is_multiple_of(q)
                })
                .collect()
        })
        .collect()
}

fn affine_plane(q: u64) -> Vec<Vec<u64>> {
    // (x, y) ↦ qx + y; lines y = mx + c, then x = c.
    let mut blocks: Vec<Vec<u64>> = vec![];
    for m in 0..q {
        for c in 0..q {
            let mut line: Vec<u64> = (0..q).map(|x| q * x + (m * x + c) % q).collect();
            line.sort_unstable();
            blocks.push(line);
        }
    }
    blocks.extend((0..q).map(|c| (0..q).map(|y| q * c + y).collect()));
    blocks
}

/// λ when every pair of the v points lies in the same number of blocks, with r.
fn balance(v: u64, blocks: &[Vec<u64>], ctx: &AdapterContext) -> Result<Option<(u64, u64)>, AdapterError> {
    let v = v as usize;
    let mut pairs = vec![0u32; v * v];
    let mut through = vec![0u64; v];
    for (k, b) in blocks.iter().enumerate() {
        if k % 4096 == 0 {
            ctx.checkpoint()?;
        }
        for (j, &x) in b.iter().enumerate() {
            through[x as usize] += 1;
            for &y in &b[j + 1..] {
                pairs[x as usize * v + y as usize] += 1;
            }
        }
    }
    let lambda = if v > 1 { u64::from(pairs[1]) } else { 0 };
    let even = (0..v).all(|x| (x + 1..v).all(|y| u64::from(pairs[x * v + y]) == lambda));
    let r = through.first().copied().unwrap_or(0);
    Ok((even && through.iter().all(|&t| t == r)).then_some((lambda, r)))
}

/// `combinatorics.design.construct`.
pub struct Design;

impl Query for Design {
    type Input = DesignInput;
    type Output = DesignOutput;

    fn describe(&self) -> Describe {
        cas::describe(
            "combinatorics.design.construct",
            "Construct block designs: Steiner triple systems, projective and affine planes",
            "Builds a Steiner triple system STS(v) for any v ≡ 1 or 3 (mod 6), or the projective plane PG(2, q) or \
             affine plane AG(2, q) of prime order q, as explicit blocks.",
            "Steiner triple systems by Bose's construction (v ≡ 3 mod 6, from an idempotent commutative \
             quasigroup) or Skolem's (v ≡ 1 mod 6, from a half-idempotent one), planes from the lines of F_q³ \
             and F_q²; before it is returned every design is checked to cover each pair of points exactly λ \
             times with constant replication.",
            &[
                "design",
                "block-design",
                "steiner-triple-system",
                "sts",
                "bose",
                "skolem",
                "projective-plane",
                "affine-plane",
                "2-design",
                "bibd",
                "combinatorics",
            ],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("design.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("STS(9), the affine plane of order 3", Mode::Explore, json!({"family": "steiner_triple_system", "n": 9})),
            ("the Fano plane PG(2, 2)", Mode::Explore, json!({"family": "projective_plane", "n": 2})),
        ]
    }
    fn validate(&self, i: &DesignInput) -> Result<(), Diagnostic> {
        check(i)
    }
    fn bounds(&self, _: &DesignInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &DesignInput, ctx: &AdapterContext) -> Result<Answer<DesignOutput>, AdapterError> {
        check(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let q = i.n;
        let (points, mut blocks, construction) = match i.family {
            Family::SteinerTripleSystem if q % 6 == 3 => {
                (q, bose(q), "Bose: idempotent commutative quasigroup of order v/3")
            }
            Family::SteinerTripleSystem => {
                (q, skolem(q), "Skolem: half-idempotent commutative quasigroup of order (v − 1)/3")
            }
            Family::ProjectivePlane => (q * q + q + 1, projective_plane(q), "the lines of F_q³ through the origin"),
            Family::AffinePlane => (q * q, affine_plane(q), "the lines y = mx + c and x = c of F_q²"),
        };
        for b in &mut blocks {
            b.sort_unstable();
        }
        let Some((lambda, replication)) = balance(points, &blocks, ctx)? else {
            return Err(AdapterError::Backend("the construction did not give a balanced design".into()));
        };
        Ok(DesignOutput {
            points,
            block_size: blocks.first().map_or(0, Vec::len),
            lambda,
            block_count: blocks.len(),
            replication,
            blocks,
            construction: construction.to_owned(),
        }
        .into())
    }
}
