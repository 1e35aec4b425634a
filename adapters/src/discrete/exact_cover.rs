//! `combinatorics.exact_cover.solve`: generalized exact cover (Knuth's XC with secondary items).
//! Options are sets of items; a solution is a set of options covering every primary item exactly
//! once and every secondary item at most once. Algorithm X on bitsets, branching on the primary
//! item with the fewest compatible options: one solution, the number of solutions (with the
//! first few listed), the fewest options in a solution (branch and bound), and the search split
//! into disjoint shards — prefixes of forced options, the leaves of a breadth-first expansion of
//! the search tree — whose results `combine` adds up after recomputing the split. VERIFY replays
//! a found solution item by item in the discrete checker; counts and minimality are COMPUTED.

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Refusal};
use jacobian_runtime::contract::{Diagnostic, Mode, Provider};
use jacobian_runtime::typed::Describe;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{native, statements};
use crate::cas::{self, Answer, Query};

/// Most items (primary and secondary).
pub const MAX_ITEMS: usize = 2_048;
/// Most options.
pub const MAX_OPTIONS: usize = 20_000;
/// Most search nodes.
pub const MAX_NODES: u64 = 50_000_000;
/// Most shards.
pub const MAX_SHARDS: usize = 4_096;

/// What to compute.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Question {
    /// One solution, or that none exists.
    Find,
    /// The number of solutions, with up to `list` of them (default 10).
    Count {
        /// Solutions listed.
        #[serde(default)]
        list: Option<usize>,
    },
    /// A solution with the fewest options.
    Minimum,
    /// At least `parts` disjoint shards (1 to 4,096) covering the whole search, each a prefix of
    /// options to force.
    Shard {
        /// The number of shards wanted.
        parts: usize,
    },
    /// The results of the shards of `shard` with the same `parts`, in the same order, combined:
    /// counts added, minima compared, the first solution kept.
    Combine {
        /// The `parts` the shards were made with.
        parts: usize,
        /// Each shard's result: its `prefix`, and `count`, `minimum` (null when it had no
        /// solution) or `solution` (null when none).
        results: Vec<ShardResult>,
    },
}

/// The result of one shard, as `count`, `minimum` or `find` printed it.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShardResult {
    /// The shard's prefix.
    pub prefix: Vec<usize>,
    /// Its number of solutions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Its least solution size (absent or null: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minimum: Option<usize>,
    /// A solution of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<usize>>,
}

/// Input of `combinatorics.exact_cover.solve`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExactCoverInput {
    /// The number of primary items, numbered 0..p − 1 (each covered exactly once).
    pub primary: usize,
    /// The number of secondary items, numbered p..p + s − 1 (each covered at most once).
    #[serde(default)]
    pub secondary: usize,
    /// The options, each a list of distinct items with at least one primary item.
    pub options: Vec<Vec<usize>>,
    /// Options forced into every solution (a shard's prefix).
    #[serde(default)]
    pub prefix: Vec<usize>,
    /// What to compute.
    pub question: Question,
}

/// `combinatorics.exact_cover.solve`.
pub struct ExactCover;

/// The options as bitsets over the items.
struct Problem {
    primary: usize,
    words: usize,
    options: Vec<Vec<u64>>,
    /// For each primary item, the options containing it.
    containing: Vec<Vec<usize>>,
}

fn read(i: &ExactCoverInput) -> Result<Problem, Diagnostic> {
    let items = i.primary + i.secondary;
    if items == 0 || items > MAX_ITEMS {
        return Err(Diagnostic::at("/primary", "OUT_OF_RANGE", "1 to 2,048 items in all"));
    }
    if i.options.len() > MAX_OPTIONS {
        return Err(Diagnostic::at("/options", "TOO_LARGE", "at most 20,000 options"));
    }
    let words = items.div_ceil(64);
    let mut options = vec![];
    let mut containing = vec![vec![]; i.primary];
    for (k, o) in i.options.iter().enumerate() {
        if o.is_empty() {
            return Err(Diagnostic::at(format!("/options/{k}"), "EMPTY", "an option has at least one item"));
        }
        let mut set = vec![0u64; words];
        for (j, &x) in o.iter().enumerate() {
            if x >= items {
                return Err(Diagnostic::at(
                    format!("/options/{k}/{j}"),
                    "OUT_OF_RANGE",
                    format!("items are 0 to {}", items - 1),
                ));
            }
            if set[x / 64] >> (x % 64) & 1 == 1 {
                return Err(Diagnostic::at(
                    format!("/options/{k}/{j}"),
                    "REPEATED_ITEM",
                    "an item twice in one option",
                ));
            }
            set[x / 64] |= 1 << (x % 64);
            if x < i.primary {
                containing[x].push(k);
            }
        }
        if !o.iter().any(|&x| x < i.primary) {
            return Err(Diagnostic::at(format!("/options/{k}"), "NO_PRIMARY_ITEM", "every option has a primary item"));
        }
        options.push(set);
    }
    if let Some(j) = i.prefix.iter().position(|&o| o >= i.options.len()) {
        return Err(Diagnostic::at(format!("/prefix/{j}"), "OUT_OF_RANGE", "not an option"));
    }
    match &i.question {
        Question::Shard { parts } | Question::Combine { parts, .. } if !(1..=MAX_SHARDS).contains(parts) => {
            return Err(Diagnostic::at("/question", "OUT_OF_RANGE", "1 to 4,096 parts"));
        }
        _ => {}
    }
    Ok(Problem { primary: i.primary, words, options, containing })
}

fn meets(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// A node of the search: the items covered and the options chosen.
#[derive(Clone)]
struct Node {
    covered: Vec<u64>,
    chosen: Vec<usize>,
}

enum Step {
    /// Every primary item is covered.
    Solved,
    /// A primary item no compatible option contains.
    Dead,
    /// Branch on these options (those containing the chosen item).
    Branch(Vec<usize>),
}

impl Problem {
    fn root(&self, prefix: &[usize]) -> Option<Node> {
        let mut node = Node { covered: vec![0; self.words], chosen: vec![] };
        for &o in prefix {
            if meets(&node.covered, &self.options[o]) {
                return None;
            }
            node = self.with(&node, o);
        }
        Some(node)
    }
    fn with(&self, n: &Node, o: usize) -> Node {
        let covered = n.covered.iter().zip(&self.options[o]).map(|(a, b)| a | b).collect();
        let mut chosen = n.chosen.clone();
        chosen.push(o);
        Node { covered, chosen }
    }
    /// The uncovered primary item with the fewest compatible options.
    fn step(&self, n: &Node) -> Step {
        let mut best: Option<Vec<usize>> = None;
        for x in 0..self.primary {
            if n.covered[x / 64] >> (x % 64) & 1 == 1 {
                continue;
            }
            let fits: Vec<usize> =
                self.containing[x].iter().copied().filter(|&o| !meets(&n.covered, &self.options[o])).collect();
            if fits.is_empty() {
                return Step::Dead;
            }
            if best.as_ref().is_none_or(|b| fits.len() < b.len()) {
                best = Some(fits);
            }
        }
        best.map_or(Step::Solved, Step::Branch)
    }
    fn uncovered(&self, n: &Node) -> usize {
        (0..self.primary).filter(|&x| n.covered[x / 64] >> (x % 64) & 1 == 0).count()
    }
}

/// Depth-first search from `node`: `visit` sees each solution and returns whether to go on.
fn search(
    p: &Problem,
    node: &Node,
    nodes: &mut u64,
    ctx: &AdapterContext,
    prune: &dyn Fn(&Node) -> bool,
    visit: &mut dyn FnMut(&Node) -> bool,
) -> Result<bool, AdapterError> {
    *nodes += 1;
    if nodes.is_multiple_of(1 << 12) {
        ctx.checkpoint()?;
    }
    if *nodes > MAX_NODES {
        return Err(AdapterError::Unsupported(format!("the search passed {MAX_NODES} nodes; split it into shards")));
    }
    if prune(node) {
        return Ok(true);
    }
    match p.step(node) {
        Step::Solved => Ok(visit(node)),
        Step::Dead => Ok(true),
        Step::Branch(options) => {
            for o in options {
                if !search(p, &p.with(node, o), nodes, ctx, prune, visit)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
    }
}

/// The shards: leaves of a breadth-first expansion until there are at least `parts` of them (or
/// the tree is exhausted); solved leaves are kept as shards, dead ones dropped.
fn shards(p: &Problem, root: Node, parts: usize, ctx: &AdapterContext) -> Result<Vec<Vec<usize>>, AdapterError> {
    let mut frontier = std::collections::VecDeque::from([root]);
    let mut done: Vec<Node> = vec![];
    while frontier.len() + done.len() < parts {
        ctx.checkpoint()?;
        let Some(n) = frontier.pop_front() else { break };
        match p.step(&n) {
            Step::Solved => done.push(n),
            Step::Dead => {}
            Step::Branch(options) => frontier.extend(options.into_iter().map(|o| p.with(&n, o))),
        }
        if frontier.len() + done.len() > MAX_SHARDS * 64 {
            break;
        }
    }
    Ok(done.into_iter().chain(frontier).map(|n| n.chosen).collect())
}

/// One exact cover of the points 0..n by `sets` (every point exactly once), as indices into
/// `sets`, if any: the same search with every point primary and empty sets left out.
pub fn first_cover(n: usize, sets: &[Vec<usize>], ctx: &AdapterContext) -> Result<Option<Vec<usize>>, AdapterError> {
    let kept: Vec<usize> = (0..sets.len()).filter(|&j| !sets[j].is_empty()).collect();
    let words = n.div_ceil(64).max(1);
    let mut containing = vec![vec![]; n];
    let options = kept
        .iter()
        .enumerate()
        .map(|(k, &j)| {
            let mut set = vec![0u64; words];
            for &x in &sets[j] {
                set[x / 64] |= 1 << (x % 64);
                containing[x].push(k);
            }
            set
        })
        .collect();
    let p = Problem { primary: n, words, options, containing };
    let mut found = None;
    let root = Node { covered: vec![0; words], chosen: vec![] };
    search(&p, &root, &mut 0, ctx, &|_| false, &mut |node| {
        found = Some(sorted(node.chosen.iter().map(|&k| kept[k]).collect()));
        false
    })?;
    Ok(found)
}

fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v
}

impl Query for ExactCover {
    type Input = ExactCoverInput;
    type Output = Value;

    fn describe(&self) -> Describe {
        cas::checked(
            cas::describe(
                "combinatorics.exact_cover.solve",
                "Generalized exact cover: find, count, minimize, shard and combine",
                "Covers of primary items exactly once and secondary items at most once by a choice of options: one \
                 solution, the number of them, the fewest options, or the search split into shards and recombined.",
                "Knuth's Algorithm X on bitsets (up to 2,048 items and 20,000 options), branching on the primary \
                 item with the fewest compatible options; minimum by branch and bound; `shard` lists disjoint \
                 prefixes whose searches together are the whole search, and `combine` recomputes them before \
                 adding the shards' counts or comparing their minima. VERIFY replays a found solution item by item \
                 (counts and minimality are COMPUTED).",
                &["exact-cover", "algorithm-x", "dancing-links", "secondary-items", "tiling", "set-partition"],
            ),
            &[super::EVIDENCE],
        )
    }
    fn provider(&self) -> Provider {
        native(include_str!("exact_cover.rs"))
    }
    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        // Knuth's example: items a..g, options ce, adg, bcf, adf, bg, deg; the unique cover is
        // adf, bg, ce.
        let options = json!([[2, 4], [0, 3, 6], [1, 2, 5], [0, 3, 5], [1, 6], [3, 4, 6]]);
        vec![
            (
                "Knuth's seven-item example: its exact cover",
                Mode::Verify,
                json!({"primary": 7, "options": options, "question": "find"}),
            ),
            (
                "how many ways to tile a 2 × 4 board with dominoes (cells as items)",
                Mode::Explore,
                json!({"primary": 8, "options": [[0, 1], [1, 2], [2, 3], [4, 5], [5, 6], [6, 7], [0, 4], [1, 5], [2, 6], [3, 7]],
                       "question": {"count": {}}}),
            ),
        ]
    }
    fn validate(&self, i: &ExactCoverInput) -> Result<(), Diagnostic> {
        read(i).map(drop)
    }
    fn bounds(&self, _: &ExactCoverInput) -> Result<(), Refusal> {
        Ok(())
    }
    fn answer(&self, i: &ExactCoverInput, ctx: &AdapterContext) -> Result<Answer<Value>, AdapterError> {
        let p = read(i).map_err(|d| AdapterError::Unsupported(d.message))?;
        let Some(root) = p.root(&i.prefix) else {
            return Ok(json!({"note": "the prefix options overlap", "exists": false, "count": 0}).into());
        };
        let mut nodes = 0u64;
        let no_prune = |_: &Node| false;
        let claim = |solution: &[usize]| {
            statements(vec![json!({"exact_cover": {
                "primary": i.primary, "secondary": i.secondary, "options": i.options, "solution": solution
            }})])
        };
        Ok(match &i.question {
            Question::Find => {
                let mut found = None;
                search(&p, &root, &mut nodes, ctx, &no_prune, &mut |n| {
                    found = Some(sorted(n.chosen.clone()));
                    false
                })?;
                let out = json!({"exists": found.is_some(), "solution": found, "nodes": nodes});
                match &found {
                    Some(s) => Answer::from(out).claim(claim(s)),
                    None => out.into(),
                }
            }
            Question::Count { list } => {
                let limit = list.unwrap_or(10);
                let (mut count, mut listed) = (0u64, vec![]);
                search(&p, &root, &mut nodes, ctx, &no_prune, &mut |n| {
                    count += 1;
                    if listed.len() < limit {
                        listed.push(sorted(n.chosen.clone()));
                    }
                    true
                })?;
                json!({"count": count, "solutions": listed, "nodes": nodes}).into()
            }
            Question::Minimum => {
                let largest = p.options.iter().map(|o| o.iter().map(|w| w.count_ones() as usize).sum::<usize>()).max();
                let best = std::cell::RefCell::new(None::<Vec<usize>>);
                // A node cannot beat the best when its options plus ⌈uncovered / largest option⌉ reach it.
                let prune = |n: &Node| {
                    let need = n.chosen.len() + p.uncovered(n).div_ceil(largest.unwrap_or(1).max(1));
                    best.borrow().as_ref().is_some_and(|b| need >= b.len())
                };
                search(&p, &root, &mut nodes, ctx, &prune, &mut |n| {
                    let mut b = best.borrow_mut();
                    if b.as_ref().is_none_or(|b| n.chosen.len() < b.len()) {
                        *b = Some(sorted(n.chosen.clone()));
                    }
                    true
                })?;
                let best = best.into_inner();
                // No claim: the checker would replay the cover, not its minimality.
                json!({"minimum": best.as_ref().map(Vec::len), "solution": best, "nodes": nodes}).into()
            }
            Question::Shard { parts } => {
                let list = shards(&p, root, *parts, ctx)?;
                json!({"shards": list.iter().map(|s| json!({"prefix": s})).collect::<Vec<_>>()}).into()
            }
            Question::Combine { parts, results } => {
                let expected = shards(&p, root, *parts, ctx)?;
                let given: Vec<&Vec<usize>> = results.iter().map(|r| &r.prefix).collect();
                if given.len() != expected.len() || given.iter().zip(&expected).any(|(g, e)| *g != e) {
                    return Err(AdapterError::Unsupported(format!(
                        "the results are not the {} shards of this problem with {parts} parts, in order",
                        expected.len()
                    )));
                }
                let count = results.iter().map(|r| r.count).sum::<Option<u64>>();
                let minimum = results.iter().filter_map(|r| r.minimum).min();
                let solution = results.iter().find_map(|r| r.solution.clone());
                json!({"shards": expected.len(), "count": count, "minimum": minimum, "solution": solution}).into()
            }
        })
    }
}
