//! `latin_square.search.complete`: searches on latin squares — completing a partial latin
//! square, finding an orthogonal mate, and counting transversals. Completion and mates are exact
//! covers (cells, row–symbol and column–symbol pairs, and for a mate the pairs of symbols) solved
//! by the search of `combinatorics.exact_cover.solve`; transversals are counted by a depth-first
//! search over rows with column and symbol masks.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::exact_cover::first_cover;
use super::native;
use crate::cas::{self, Answer, Query};

/// Largest order completed or given a mate.
pub const MAX_ORDER: usize = 20;
/// Largest order whose transversals are counted.
pub const MAX_TRANSVERSAL_ORDER: usize = 12;
/// Most transversals listed.
pub const MAX_LISTED: usize = 1_000;

/// What to search for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Search {
    /// A latin square agreeing with every filled cell, or that none exists.
    Complete,
    /// A latin square orthogonal to the (complete) square, or that none exists.
    OrthogonalMate,
    /// The number of transversals of the (complete) square, with the first `list` of them.
    Transversals,
}

/// Input of `latin_square.search.complete`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LatinSearchInput {
    /// The n rows of n cells: a symbol 0..n−1, or null for an empty cell (`complete` only).
    #[schemars(length(min = 1, max = 20))]
    pub square: Vec<Vec<Option<usize>>>,
    /// What to search for.
    pub search: Search,
    /// Transversals listed (default 10, at most 1,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list: Option<usize>,
}

/// `latin_square.search.complete`.
pub struct LatinSearch;

fn read(i: &LatinSearchInput) -> Result<Vec<Vec<Option<usize>>>, Diagnostic> {
    let n = i.square.len();
    if n == 0 || n > MAX_ORDER {
        return Err(Diagnostic::at("/square", "BAD_SIZE", format!("1 to {MAX_ORDER} rows")));
    }
    let (mut in_row, mut in_col) = (vec![vec![false; n]; n], vec![vec![false; n]; n]);
    for (r, row) in i.square.iter().enumerate() {
        if row.len() != n {
            return Err(Diagnostic::at(format!("/square/{r}"), "NOT_SQUARE", format!("{n} cells in each row")));
        }
        for (c, cell) in row.iter().enumerate() {
            let at = format!("/square/{r}/{c}");
            match *cell {
                None if i.search != Search::Complete => {
                    return Err(Diagnostic::at(at, "EMPTY_CELL", "this search needs a complete square"));
                }
                None => {}
                Some(s) if s >= n => return Err(Diagnostic::at(at, "OUT_OF_RANGE", format!("a symbol 0..{}", n - 1))),
                Some(s) => {
                    if std::mem::replace(&mut in_row[r][s], true) {
                        return Err(Diagnostic::at(
                            at,
                            "REPEATED_IN_ROW",
                            format!("symbol {s} appears twice in row {r}"),
                        ));
                    }
                    if std::mem::replace(&mut in_col[c][s], true) {
                        return Err(Diagnostic::at(
                            at,
                            "REPEATED_IN_COLUMN",
                            format!("symbol {s} appears twice in column {c}"),
                        ));
                    }
                }
            }
        }
    }
    if i.list.is_some_and(|l| l > MAX_LISTED) {
        return Err(Diagnostic::at("/list", "OUT_OF_RANGE", format!("at most {MAX_LISTED}")));
    }
    if i.list.is_some() && i.search != Search::Transversals {
        return Err(Diagnostic::at("/list", "UNUSED", "only transversals are listed"));
    }
    Ok(i.square.clone())
}

/// The square of the chosen options (cell, symbol).
fn square_of(n: usize, options: &[(usize, usize, usize)], chosen: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![vec![0; n]; n];
    for &k in chosen {
        let (r, c, s) = options[k];
        out[r][c] = s;
    }
    out
}

/// Completes a partial square (every filled cell kept) or finds a mate of a complete one.
fn cover(sq: &[Vec<Option<usize>>], mate: bool, ctx: &AdapterContext) -> Result<Option<Vec<Vec<usize>>>, AdapterError> {
    let n = sq.len();
    let mut options = vec![];
    let mut sets = vec![];
    for (r, row) in sq.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            // A mate's symbols can be renamed freely, so its first row may be taken as 0, 1, …, n − 1.
            let symbols: Vec<usize> = match (mate, cell) {
                (false, Some(s)) => vec![s],
                (true, _) if r == 0 => vec![c],
                _ => (0..n).collect(),
            };
            for s in symbols {
                // Items: cell, row–symbol, column–symbol, and for a mate (A[r][c], s).
                let mut set = vec![r * n + c, n * n + r * n + s, 2 * n * n + c * n + s];
                if mate {
                    set.push(3 * n * n + cell.unwrap_or(0) * n + s);
                }
                options.push((r, c, s));
                sets.push(set);
            }
        }
        ctx.checkpoint()?;
    }
    let items = if mate { 4 * n * n } else { 3 * n * n };
    Ok(first_cover(items, &sets, ctx)?.map(|chosen| square_of(n, &options, &chosen)))
}

/// The number of transversals and the first `list` (as the column of each row).
fn transversals(sq: &[Vec<usize>], list: usize, ctx: &AdapterContext) -> Result<(u64, Vec<Vec<usize>>), AdapterError> {
    struct Walk<'a> {
        sq: &'a [Vec<usize>],
        list: usize,
        count: u64,
        listed: Vec<Vec<usize>>,
        path: Vec<usize>,
        nodes: u64,
    }
    fn go(w: &mut Walk, row: usize, cols: u32, syms: u32, ctx: &AdapterContext) -> Result<(), AdapterError> {
        w.nodes += 1;
        if w.nodes.is_multiple_of(1 << 16) {
            ctx.checkpoint()?;
        }
        let n = w.sq.len();
        if row == n {
            w.count += 1;
            if w.listed.len() < w.list {
                w.listed.push(w.path.clone());
            }
            return Ok(());
        }
        for c in 0..n {
            let s = w.sq[row][c];
            if cols & (1 << c) == 0 && syms & (1 << s) == 0 {
                w.path.push(c);
                go(w, row + 1, cols | 1 << c, syms | 1 << s, ctx)?;
                w.path.pop();
            }
        }
        Ok(())
    }
    let mut w = Walk { sq, list, count: 0, listed: vec![], path: vec![], nodes: 0 };
    go(&mut w, 0, 0, 0, ctx)?;
    Ok((w.count, w.listed))
}

impl Query for LatinSearch {
    type Input = LatinSearchInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::describe(
            "latin_square.search.complete",
            "Complete a partial latin square; orthogonal mates and transversals",
            "Completes a partial latin square (or shows none exists), finds a latin square orthogonal to a given one, and counts and lists its transversals.",
            "Natively, for order up to 20: completion of a partial latin square keeping every filled cell and an \
             orthogonal mate of a complete square (its first row taken as 0, 1, …, n − 1, no loss since a mate's \
             symbols can be renamed), each as an exact cover solved by Algorithm X (none found means none exists: \
             the search is exhaustive); for order up to 12, the number of transversals (n cells, one per \
             row and column, with n distinct symbols) with the first `list` of them.",
            &["completion", "partial-latin-square", "orthogonal-mate", "mols", "transversal", "exact-cover"],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("latin_search.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            (
                "complete a partial latin square of order 4",
                Mode::Explore,
                json!({"square": [[0, null, null, null], [null, 0, null, null], [null, null, 2, null], [null, null, null, 1]],
                       "search": "complete"}),
            ),
            (
                "an orthogonal mate of the cyclic square of order 5",
                Mode::Explore,
                json!({"square": [[0, 1, 2, 3, 4], [1, 2, 3, 4, 0], [2, 3, 4, 0, 1], [3, 4, 0, 1, 2], [4, 0, 1, 2, 3]],
                       "search": "orthogonal_mate"}),
            ),
        ]
    }
    fn validate(&self, i: &LatinSearchInput) -> Result<(), Diagnostic> {
        read(i).map(drop)
    }
    fn bounds(&self, i: &LatinSearchInput) -> Result<(), Refusal> {
        if i.search == Search::Transversals && i.square.len() > MAX_TRANSVERSAL_ORDER {
            let message = format!("transversals are counted up to order {MAX_TRANSVERSAL_ORDER}");
            return Err(Refusal::Unsupported(Diagnostic::at("/square", "TOO_LARGE", message)));
        }
        Ok(())
    }
    fn answer(&self, i: &LatinSearchInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let sq = read(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        Ok(match i.search {
            Search::Complete | Search::OrthogonalMate => {
                let found = cover(&sq, i.search == Search::OrthogonalMate, ctx)?;
                json!({"exists": found.is_some(), "square": found})
            }
            Search::Transversals => {
                let full: Vec<Vec<usize>> = sq.iter().map(|r| r.iter().map(|c| c.unwrap_or(0)).collect()).collect();
                let (count, listed) = transversals(&full, i.list.unwrap_or(10), ctx)?;
                json!({"count": count, "transversals": listed})
            }
        }
        .into())
    }
}
