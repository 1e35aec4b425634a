//! `graph.search.atlas`: every simple graph of order at most 7, up to isomorphism.
//!
//! The atlas is `data/atlas.g6`: the null graph (`?`) followed by the output of nauty's
//! `geng -q n` for n = 1..7, 1,253 graphs in all (OEIS A000088 summed), sorted by order,
//! size and graph6 text. A graph's atlas id is its line number, counted from 0. The set is
//! checked against NetworkX's `graph_atlas_g()` up to isomorphism by the test suite.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use jacobian_runtime::adapter::Placement;
use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext};
use jacobian_runtime::contract::{AssuranceLevel, Completeness, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::graph::SimpleGraph;
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{Digest, Scope};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::invariants::{Graph, Interrupted};
use super::properties::{Property, compute, interrupted};
use crate::backends::jacobian_builtin;

/// The atlas in graph6, one graph per line.
pub const ATLAS_G6: &str = include_str!("../../data/atlas.g6");
/// Largest order in the atlas.
pub const ATLAS_MAX_ORDER: u32 = 7;
/// Most graphs per page.
pub const MAX_PAGE: usize = 500;

/// The atlas, parsed once.
pub static ATLAS: LazyLock<Vec<SimpleGraph>> =
    LazyLock::new(|| ATLAS_G6.lines().filter_map(|l| SimpleGraph::from_graph6(l).ok()).collect());

/// A condition on one invariant.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Predicate {
    /// The invariant equals this truth value.
    Is(bool),
    /// The invariant equals this integer.
    Equals(u64),
    /// The invariant lies in this inclusive range.
    Range(Range),
}

/// An inclusive range; a missing end is unbounded.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Range {
    /// Least value.
    #[serde(default)]
    pub min: Option<u64>,
    /// Greatest value.
    #[serde(default)]
    pub max: Option<u64>,
}

impl Predicate {
    fn holds(&self, value: &Value) -> bool {
        let number = value.as_u64().or_else(|| value.as_str().and_then(|s| s.parse().ok()));
        match self {
            Predicate::Is(b) => value.as_bool() == Some(*b),
            Predicate::Equals(n) => number == Some(*n),
            Predicate::Range(r) => number.is_some_and(|x| r.min.is_none_or(|m| x >= m) && r.max.is_none_or(|m| x <= m)),
        }
    }
}

/// Input of `graph.search.atlas`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AtlasInput {
    /// Only graphs of exactly this order (0..=7).
    #[serde(default)]
    #[schemars(range(max = 7))]
    pub order: Option<u32>,
    /// Only graphs with at least this many edges.
    #[serde(default)]
    pub min_size: Option<u32>,
    /// Only graphs with at most this many edges.
    #[serde(default)]
    pub max_size: Option<u32>,
    /// Only connected (true) or disconnected (false) graphs.
    #[serde(default)]
    pub connected: Option<bool>,
    /// Conditions on invariants, e.g. `{"bipartite": true, "girth": {"min": 5}}`.
    #[serde(default, rename = "where")]
    pub conditions: BTreeMap<Property, Predicate>,
    /// Graphs per page (1..=500, default 100).
    #[serde(default)]
    #[schemars(range(min = 1, max = 500))]
    pub limit: Option<usize>,
    /// `next_cursor` of the previous page (same filters).
    #[serde(default)]
    #[schemars(length(max = 128))]
    pub cursor: Option<String>,
}

/// One graph of the atlas.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AtlasGraph {
    /// Its atlas id (line of `data/atlas.g6`, from 0).
    pub atlas_id: usize,
    /// graph6.
    pub graph6: String,
    /// The graph.
    pub graph: SimpleGraph,
}

/// Output of `graph.search.atlas`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AtlasOutput {
    /// Graphs of the atlas matching the filters, over all pages.
    pub total_matches: usize,
    /// This page.
    pub graphs: Vec<AtlasGraph>,
    /// Cursor of the next page, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
}

/// `graph.search.atlas`.
pub struct Atlas;

/// What preparation hands to execution.
pub struct Prepared {
    input: AtlasInput,
    offset: usize,
    limit: usize,
    filters: Value,
}

fn cursor_for(filters: &Value, offset: usize) -> String {
    format!("{offset}.{}", &Digest::of_value(filters).hex()[..16])
}

impl Operation for Atlas {
    type Input = AtlasInput;
    type Output = AtlasOutput;
    type Prepared = Prepared;

    fn describe(&self) -> Describe {
        Describe {
            id: "graph.search.atlas",
            title: "Search the atlas of small graphs",
            outcome: "Every graph of order at most 7, up to isomorphism, that meets the given filters and \
                      invariant conditions.",
            description: "Searches the 1,253 simple graphs of order 0 to 7 (one per isomorphism class) by order, \
                          size, connectivity and conditions on any exact invariant of graph.compute.properties \
                          (e.g. bipartite, girth at least 5, chromatic number 3). The search over the atlas is \
                          exhaustive; results are paged with a cursor, and each page says how many graphs match \
                          in all.",
            tags: &["graph", "atlas", "small-graphs", "search", "catalogue", "isomorphism-class", "example"],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "All graphs of order at most 7, up to isomorphism; nothing about larger orders.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &[],
            relationships: &[("feeds", "graph.compute.properties")],
        }
    }

    fn provider(&self) -> Provider {
        jacobian_builtin(concat!(include_str!("atlas.rs"), include_str!("../../data/atlas.g6")))
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![(
            "connected triangle-free graphs on 6 vertices with chromatic number 3",
            Mode::Explore,
            json!({"order": 6, "connected": true, "where": {"triangle_count": 0, "chromatic_number": 3}}),
        )]
    }

    fn prepare(&self, input: AtlasInput, _cx: &PrepareContext) -> Result<Prepared, Vec<Diagnostic>> {
        let limit = input.limit.unwrap_or(100);
        let filters = json!({
            "order": input.order, "min_size": input.min_size, "max_size": input.max_size,
            "connected": input.connected, "where": input.conditions, "limit": limit,
        });
        let offset = match &input.cursor {
            None => 0,
            Some(c) => {
                let parsed = c.split_once('.').and_then(|(o, _)| o.parse::<usize>().ok());
                match parsed {
                    Some(o) if cursor_for(&filters, o) == *c && o <= ATLAS.len() => o,
                    _ => {
                        return Err(vec![Diagnostic::at(
                            "/cursor",
                            "INVALID_CURSOR",
                            "the cursor does not belong to these filters; start again without it",
                        )]);
                    }
                }
            }
        };
        Ok(Prepared { input, offset, limit, filters })
    }

    fn placement(&self, p: &Prepared) -> Placement {
        if p.input.conditions.is_empty() { Placement::Inline } else { Placement::Blocking }
    }

    fn run(&self, p: Prepared, ctx: &AdapterContext) -> Result<Outcome<AtlasOutput>, AdapterError> {
        let stop = || ctx.should_stop();
        let i = &p.input;
        let mut matches = Vec::new();
        for (id, g) in ATLAS.iter().enumerate() {
            if i.order.is_some_and(|o| g.order != o)
                || i.min_size.is_some_and(|m| (g.size() as u32) < m)
                || i.max_size.is_some_and(|m| (g.size() as u32) > m)
            {
                continue;
            }
            if i.connected.is_none() && i.conditions.is_empty() {
                matches.push(id);
                continue;
            }
            let graph = Graph::new(g);
            if let Some(c) = i.connected
                && super::invariants::is_connected(&graph) != c
            {
                continue;
            }
            let mut ok = true;
            for (prop, predicate) in &i.conditions {
                let value = compute(*prop, &graph, &stop).map_err(|Interrupted| interrupted(ctx))?;
                if !predicate.holds(&value) {
                    ok = false;
                    break;
                }
            }
            if ok {
                matches.push(id);
            }
        }
        let total = matches.len();
        let end = (p.offset + p.limit).min(total);
        let page: Vec<AtlasGraph> = matches[p.offset.min(end)..end]
            .iter()
            .map(|&id| AtlasGraph { atlas_id: id, graph6: ATLAS[id].to_graph6(), graph: ATLAS[id].clone() })
            .collect();
        let next_cursor = (end < total).then(|| cursor_for(&p.filters, end));
        let scope =
            Scope::exact_input("graphs of the atlas (order ≤ 7) meeting the filters", Digest::of_value(&p.filters))
                .bound("max_order", ATLAS_MAX_ORDER);
        let completeness =
            if next_cursor.is_some() { Completeness::partial(["page"]) } else { Completeness::complete() };
        let output = AtlasOutput { total_matches: total, graphs: page, next_cursor };
        Ok(Outcome { completeness, ..Outcome::computed(output, scope) })
    }
}
