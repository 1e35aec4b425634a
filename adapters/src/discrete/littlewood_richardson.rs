//! Littlewood–Richardson tableaux for `combinatorics.compute.tableaux`: the semistandard fillings
//! of a skew shape λ/μ with content ν whose reverse reading word (rows top to bottom, each right
//! to left) is a lattice word. Their number is the coefficient c^λ_{μν} of s_λ in s_μ·s_ν. They are
//! enumerated cell by cell in reading order, each entry bounded by its right neighbour, above the
//! entry over it, and kept lattice; a given filling is checked condition by condition.

use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use serde_json::{Value, json};

/// Most search nodes.
const MAX_NODES: u64 = 20_000_000;

/// The cells of λ/μ in reading order: (row, column).
fn cells(outer: &[usize], inner: &[usize]) -> Vec<(usize, usize)> {
    let mu = |i: usize| inner.get(i).copied().unwrap_or(0);
    (0..outer.len()).flat_map(|i| (mu(i)..outer[i]).rev().map(move |j| (i, j))).collect()
}

/// The LR tableaux of shape λ/μ and content ν: their number and the first `list` of them (each as
/// its rows of entries outside μ).
pub fn enumerate(
    outer: &[usize],
    inner: &[usize],
    content: &[usize],
    list: usize,
    ctx: &AdapterContext,
) -> Result<Value, AdapterError> {
    let order = cells(outer, inner);
    let mu = |i: usize| inner.get(i).copied().unwrap_or(0);
    let mut grid: Vec<Vec<usize>> = outer.iter().map(|&r| vec![0; r]).collect();
    let mut used = vec![0usize; content.len() + 1];
    let (mut count, mut listed, mut nodes) = (0u64, vec![], 0u64);
    #[allow(clippy::too_many_arguments)]
    fn go(
        k: usize,
        order: &[(usize, usize)],
        grid: &mut Vec<Vec<usize>>,
        used: &mut [usize],
        content: &[usize],
        mu: &dyn Fn(usize) -> usize,
        found: &mut dyn FnMut(&[Vec<usize>]),
        nodes: &mut u64,
        ctx: &AdapterContext,
    ) -> Result<(), AdapterError> {
        *nodes += 1;
        if nodes.is_multiple_of(1 << 14) {
            ctx.checkpoint()?;
        }
        if *nodes > MAX_NODES {
            return Err(AdapterError::Unsupported(format!("the enumeration passed {MAX_NODES} nodes")));
        }
        let Some(&(i, j)) = order.get(k) else {
            found(grid);
            return Ok(());
        };
        // Weakly increasing along the row (the right neighbour is filled), strictly down columns.
        let most = if j + 1 < grid[i].len() { grid[i][j + 1] } else { content.len() };
        let least = if i > 0 && j >= mu(i - 1) && j < grid[i - 1].len() { grid[i - 1][j] + 1 } else { 1 };
        for v in least..=most.min(content.len()) {
            // Lattice: after this letter, at least as many v − 1's as v's; content not exceeded.
            if used[v] == content[v - 1] || (v > 1 && used[v] + 1 > used[v - 1]) {
                continue;
            }
            grid[i][j] = v;
            used[v] += 1;
            go(k + 1, order, grid, used, content, mu, found, nodes, ctx)?;
            used[v] -= 1;
        }
        grid[i][j] = 0;
        Ok(())
    }
    let mut found = |g: &[Vec<usize>]| {
        count += 1;
        if listed.len() < list {
            listed.push(g.iter().enumerate().map(|(i, r)| r[mu(i)..].to_vec()).collect::<Vec<_>>());
        }
    };
    go(0, &order, &mut grid, &mut used, content, &mu, &mut found, &mut nodes, ctx)?;
    Ok(json!({"coefficient": count, "tableaux": listed}))
}

/// Whether `filling` (the rows of λ/μ, entries outside μ) is an LR tableau: the failed condition
/// with its cell when not, and the content when it is.
pub fn check(outer: &[usize], inner: &[usize], filling: &[Vec<u64>]) -> Value {
    let mu = |i: usize| inner.get(i).copied().unwrap_or(0);
    let fail =
        |why: &str, cell: Option<(usize, usize)>| json!({"littlewood_richardson": false, "reason": why, "cell": cell});
    if filling.len() != outer.len() || filling.iter().enumerate().any(|(i, r)| r.len() != outer[i] - mu(i)) {
        return fail("the rows do not have the lengths of λ/μ", None);
    }
    let at = |i: usize, j: usize| filling[i][j - mu(i)];
    for (i, j) in cells(outer, inner) {
        if at(i, j) == 0 {
            return fail("entries are positive", Some((i, j)));
        }
        if j + 1 < outer[i] && at(i, j) > at(i, j + 1) {
            return fail("rows weakly increase", Some((i, j)));
        }
        if i > 0 && j >= mu(i - 1) && j < outer[i - 1] && at(i - 1, j) >= at(i, j) {
            return fail("columns strictly increase", Some((i, j)));
        }
    }
    let mut used: Vec<usize> = vec![];
    let size = cells(outer, inner).len() as u64;
    for (i, j) in cells(outer, inner) {
        // A lattice word of this length has no letter above its length.
        if at(i, j) > size {
            return fail("the reverse reading word is not a lattice word", Some((i, j)));
        }
        let v = at(i, j) as usize;
        if used.len() < v {
            used.resize(v, 0);
        }
        used[v - 1] += 1;
        if v > 1 && used[v - 1] > used[v - 2] {
            return fail("the reverse reading word is not a lattice word", Some((i, j)));
        }
    }
    json!({"littlewood_richardson": true, "content": used})
}
