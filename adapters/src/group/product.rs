//! `group.construct.product`: direct products and wreath products of permutation groups, built
//! natively from the factors' generators (the imprimitive action of G ≀ H on n·m points, and the
//! product action on n^m points), with the order of the result from GAP, replayed in VERIFY by
//! the checker's own Schreier–Sims.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode};
use jacobian_runtime::objects::permutation::{Generated, Permutation};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::permutation::{describe_perm, rename};
use super::{EVIDENCE, Lines, program, read, with_claim};
use crate::cas::{self, Answer, Query};

/// Largest degree of the product.
pub const MAX_DEGREE: usize = 10_000;
/// Most factors of a direct product.
pub const MAX_FACTORS: usize = 16;

/// The product built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Construction {
    /// G₁ × G₂ × … acting on the disjoint union of their points.
    Direct,
    /// G ≀ H (two factors, H on m points) acting on n·m points: block j is a copy of G's points.
    Wreath,
    /// G ≀ H in the product action on the n^m functions from H's points to G's.
    WreathProductAction,
}

/// A factor.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Factor {
    /// Generators (at most 64): image lists or cycles.
    pub generators: Vec<Permutation>,
    /// The degree (default: the largest point moved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<usize>,
}

/// Input of `group.construct.product`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProductInput {
    /// The construction.
    pub construction: Construction,
    /// The factors: two or more for `direct`, exactly [G, H] for the wreath products.
    pub factors: Vec<Factor>,
}

/// Output of `group.construct.product`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ProductOutput {
    /// The degree of the product.
    pub degree: usize,
    /// Its generators (image lists).
    pub generators: Vec<Vec<u32>>,
    /// The generators in cycle notation.
    pub cycles: Vec<String>,
    /// Its order.
    pub order: String,
}

/// `group.construct.product`.
pub struct Product;

fn factors(i: &ProductInput) -> Result<Vec<Generated>, Diagnostic> {
    let want = match i.construction {
        Construction::Direct if i.factors.len() < 2 || i.factors.len() > MAX_FACTORS => {
            return Err(Diagnostic::at("/factors", "BAD_LENGTH", format!("2 to {MAX_FACTORS} factors")));
        }
        Construction::Direct => i.factors.len(),
        _ => 2,
    };
    if i.factors.len() != want {
        return Err(Diagnostic::at("/factors", "BAD_LENGTH", "a wreath product takes two factors [G, H]"));
    }
    i.factors
        .iter()
        .enumerate()
        .map(|(k, f)| {
            read(&f.generators, f.degree).map_err(|d| {
                let d = rename(d, "/generators", &format!("/factors/{k}/generators"));
                rename(d, "/degree", &format!("/factors/{k}/degree"))
            })
        })
        .collect()
}

fn degree_of(i: &ProductInput, fs: &[Generated]) -> Option<usize> {
    match i.construction {
        Construction::Direct => fs.iter().try_fold(0usize, |s, g| s.checked_add(g.degree)),
        Construction::Wreath => fs[0].degree.checked_mul(fs[1].degree),
        Construction::WreathProductAction => u32::try_from(fs[1].degree).ok().and_then(|m| fs[0].degree.checked_pow(m)),
    }
}

/// The first point of each orbit of H on 0..m.
fn orbit_leaders(h: &Generated) -> Vec<usize> {
    let m = h.degree;
    let mut seen = vec![false; m];
    let mut leaders = vec![];
    for s in 0..m {
        if seen[s] {
            continue;
        }
        leaders.push(s);
        let mut stack = vec![s];
        seen[s] = true;
        while let Some(x) = stack.pop() {
            for g in &h.generators {
                let y = g[x] as usize - 1;
                if !seen[y] {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
    }
    leaders
}

/// The product's generators (1-based image lists).
fn build(c: Construction, fs: &[Generated], degree: usize) -> Vec<Vec<u32>> {
    let mut out = vec![];
    match c {
        Construction::Direct => {
            let mut offset = 0u32;
            for f in fs {
                for g in &f.generators {
                    let mut p: Vec<u32> = (1..=degree as u32).collect();
                    g.iter().enumerate().for_each(|(i, &x)| p[offset as usize + i] = offset + x);
                    out.push(p);
                }
                offset += f.degree as u32;
            }
        }
        Construction::Wreath => {
            let (g, h) = (&fs[0], &fs[1]);
            let n = g.degree;
            // Point (i, j) is j·n + i (0-based): G on block j for one j per H-orbit, H on the blocks.
            for j in orbit_leaders(h) {
                for x in &g.generators {
                    let mut p: Vec<u32> = (1..=degree as u32).collect();
                    (0..n).for_each(|i| p[j * n + i] = (j * n) as u32 + x[i]);
                    out.push(p);
                }
            }
            for y in &h.generators {
                out.push((0..degree).map(|pt| ((y[pt / n] as usize - 1) * n + pt % n) as u32 + 1).collect());
            }
        }
        Construction::WreathProductAction => {
            let (g, h) = (&fs[0], &fs[1]);
            let (n, m) = (g.degree, h.degree);
            // A point is a tuple (x_0, …, x_{m−1}) in 0..n, numbered Σ x_j·n^j.
            let digits = |mut pt: usize| {
                (0..m)
                    .map(|_| {
                        let d = pt % n.max(1);
                        pt /= n.max(1);
                        d
                    })
                    .collect::<Vec<_>>()
            };
            let number = |xs: &[usize]| xs.iter().rev().fold(0usize, |acc, &d| acc * n + d);
            for j in orbit_leaders(h) {
                for x in &g.generators {
                    out.push(
                        (0..degree)
                            .map(|pt| {
                                let mut xs = digits(pt);
                                xs[j] = x[xs[j]] as usize - 1;
                                number(&xs) as u32 + 1
                            })
                            .collect(),
                    );
                }
            }
            for y in &h.generators {
                out.push(
                    (0..degree)
                        .map(|pt| {
                            let xs = digits(pt);
                            // The coordinate at j moves to y(j).
                            let mut ys = vec![0; m];
                            (0..m).for_each(|j| ys[y[j] as usize - 1] = xs[j]);
                            number(&ys) as u32 + 1
                        })
                        .collect(),
                );
            }
        }
    }
    out
}

impl Query for Product {
    type Input = ProductInput;
    type Output = ProductOutput;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "group.construct.product",
                "Direct and wreath products of permutation groups",
                "Builds permutation generators of a direct product G₁ × G₂ × … or a wreath product G ≀ H (imprimitive or product action) from the factors' generators, with the order.",
                "Constructs natively (degree of the result up to 10,000): the direct product on the disjoint union of \
                 the factors' points; the wreath product G ≀ H in its imprimitive action on n·m points (a copy of G on \
                 each block, H permuting the blocks) and in its product action on the n^m functions from H's points \
                 to G's; the order from GAP. VERIFY (degree up to 4096): the checker's own Schreier–Sims recomputes \
                 the order from the generators.",
                &["group", "direct-product", "wreath-product", "product-action", "construct", "permutation"],
            ),
            &[EVIDENCE],
        )
    }
    cas::on_backend!(super::GAP);
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "S_3 × C_4",
                Mode::Verify,
                json!({"construction": "direct", "factors": [{"generators": ["(1,2)", "(1,2,3)"]}, {"generators": ["(1,2,3,4)"]}]}),
            ),
            (
                "the hyperoctahedral group C_2 ≀ S_3 (symmetries of the cube), order 48",
                Mode::Verify,
                json!({"construction": "wreath", "factors": [{"generators": ["(1,2)"]}, {"generators": ["(1,2)", "(1,2,3)"]}]}),
            ),
        ]
    }
    fn validate(&self, i: &ProductInput) -> Result<(), Diagnostic> {
        factors(i).map(drop)
    }
    fn bounds(&self, i: &ProductInput) -> Result<(), Refusal> {
        let fs = factors(i).map_err(Refusal::Unsupported)?;
        match degree_of(i, &fs) {
            Some(d) if d <= MAX_DEGREE => Ok(()),
            _ => Err(Refusal::Unsupported(Diagnostic::at(
                "/factors",
                "TOO_LARGE",
                format!("the product would act on more than {MAX_DEGREE} points"),
            ))),
        }
    }
    fn answer(&self, i: &ProductInput, ctx: &AdapterContext) -> Result<Answer<ProductOutput>, AdapterError> {
        let fs = factors(i).map_err(|d| AdapterError::Backend(d.message))?;
        let degree = degree_of(i, &fs).ok_or_else(|| AdapterError::Backend("the degree overflows".into()))?;
        let generators = build(i.construction, &fs, degree);
        let g = Generated { degree, generators };
        let reply = ctx.backend(&program(&g, "").code("Print(Size(G), \"\\n\");"))?;
        let order = Lines::of(&reply).int()?.as_str().to_owned();
        let cycles = g.generators.iter().map(|p| describe_perm(p).cycles).collect();
        let statements = vec![json!({"order": order})];
        let out = ProductOutput { degree, generators: g.generators.clone(), cycles, order };
        Ok(with_claim(out.into(), &g, statements))
    }
}
