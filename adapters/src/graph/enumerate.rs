//! `graph.enumerate.nonisomorphic`: one graph per isomorphism class, from nauty's `geng`.
//!
//! `geng` runs as a child process writing graph6 on its standard output, which is read as a
//! stream: graphs are counted (and kept, up to the limit) as they arrive, with progress. A
//! watcher kills the process as soon as the run is cancelled or its deadline passes, and the
//! process is always reaped. The result is COMPLETE only when `geng` itself finished; a run
//! stopped by its `limit` is PARTIAL and says so.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use jacobian_runtime::adapter::{AdapterContext, AdapterError, Outcome, PrepareContext, Refusal, RunBudget};
use jacobian_runtime::contract::{AssuranceLevel, Completeness, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::graph::SimpleGraph;
use jacobian_runtime::typed::{Describe, Operation};
use jacobian_runtime::{ArtifactUri, Digest, Scope};

use crate::backends::SystemTool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// Schema URI of a list of graphs in graph6, one per line.
pub const GRAPH6_LIST_SCHEMA: &str = "urn:jacobian:schema:graph6-list:v1";
/// Largest order enumerated (the counts grow super-exponentially: 12,005,168 graphs at 10).
pub const MAX_ORDER: u32 = 16;
/// Graphs returned inline at most; more go to a graph6-list artifact.
pub const INLINE_GRAPHS: usize = 200;
/// Graphs kept at most when graphs are asked for (the artifact stays well under the store limit).
pub const MAX_KEPT: u64 = 2_000_000;

/// `geng` as found on this machine: `$JACOBIAN_GENG`, else `geng` or `nauty-geng` (Debian's
/// name) on `PATH`; its version is the first line `geng --version` prints.
pub static GENG: LazyLock<SystemTool> =
    LazyLock::new(|| SystemTool::locate("JACOBIAN_GENG", &["geng", "nauty-geng"], &["--version"]));

/// What to return.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Emit {
    /// Only count.
    Count,
    /// The graphs: inline up to 200, else as a graph6-list artifact.
    #[default]
    Graphs,
}

/// Input of `graph.enumerate.nonisomorphic`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnumerateInput {
    /// Number of vertices (0..=16).
    #[schemars(range(max = 16))]
    pub order: u32,
    /// Only connected graphs (the null graph counts as not connected).
    #[serde(default)]
    pub connected: bool,
    /// At least this many edges.
    #[serde(default)]
    pub min_edges: Option<u32>,
    /// At most this many edges.
    #[serde(default)]
    pub max_edges: Option<u32>,
    /// Stop after this many graphs (the result is then PARTIAL).
    #[serde(default)]
    #[schemars(range(min = 1))]
    pub limit: Option<u64>,
    /// COUNT or GRAPHS (default).
    #[serde(default)]
    pub emit: Emit,
}

/// Output of `graph.enumerate.nonisomorphic`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EnumerateOutput {
    /// Graphs enumerated.
    pub count: u64,
    /// The graphs in graph6, when there are at most 200 and they were asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graphs: Option<Vec<String>>,
    /// The graphs as a graph6-list artifact (one per line), when there are more than 200.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graphs_uri: Option<ArtifactUri>,
    /// True when `geng` ran to its end (not stopped by `limit`).
    pub finished: bool,
}

/// `graph.enumerate.nonisomorphic`.
pub struct Enumerate;

/// What preparation hands to execution.
pub struct Prepared {
    input: EnumerateInput,
    max_edges: u32,
}

impl Operation for Enumerate {
    type Input = EnumerateInput;
    type Output = EnumerateOutput;
    type Prepared = Prepared;

    fn describe(&self) -> Describe {
        Describe {
            id: "graph.enumerate.nonisomorphic",
            title: "Enumerate graphs up to isomorphism",
            outcome: "Exactly one graph per isomorphism class on a given number of vertices (optionally connected, \
                      within an edge range), or how many there are.",
            description: "Runs nauty's geng, streaming its graph6 output: counts the non-isomorphic simple graphs \
                          of an order (up to 16), optionally only connected ones and within an edge range, and \
                          returns them inline (up to 200) or as a graph6-list artifact. The result is COMPLETE only \
                          when geng finished; a `limit` makes it PARTIAL. Cancellation and deadlines kill geng.",
            tags: &[
                "graph",
                "enumerate",
                "generate",
                "nonisomorphic",
                "isomorphism-class",
                "count",
                "nauty",
                "geng",
                "exhaustive",
            ],
            modes: &[Mode::Explore],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Computed,
            scope_rule: "All simple graphs of exactly the given order and filters, one per isomorphism class.",
            read_only: false,
            writes_artifacts: true,
            evidence_kinds: &[],
            relationships: &[("feeds", "graph.compute.properties")],
        }
    }

    fn provider(&self) -> Provider {
        GENG.provider("nauty-geng", "Apache-2.0")
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![
            ("the connected graphs on 5 vertices", Mode::Explore, json!({"order": 5, "connected": true})),
            ("how many graphs on 9 vertices", Mode::Explore, json!({"order": 9, "emit": "COUNT"})),
        ]
    }

    fn prepare(&self, input: EnumerateInput, _cx: &PrepareContext) -> Result<Prepared, Vec<Diagnostic>> {
        let n = input.order;
        let all = n * n.saturating_sub(1) / 2;
        let min = input.min_edges.unwrap_or(0);
        let max = input.max_edges.unwrap_or(all);
        let mut problems = Vec::new();
        if max > all {
            problems.push(Diagnostic::at(
                "/max_edges",
                "OUT_OF_RANGE",
                format!("a graph of order {n} has at most {all} edges"),
            ));
        }
        if min > max.min(all) {
            problems.push(Diagnostic::at(
                "/min_edges",
                "EMPTY_RANGE",
                format!("min_edges {min} exceeds {}", max.min(all)),
            ));
        }
        if problems.is_empty() { Ok(Prepared { max_edges: max, input }) } else { Err(problems) }
    }

    fn preflight(&self, p: &Prepared, _budget: &RunBudget) -> Result<(), Refusal> {
        if p.input.order > 0 && GENG.path.is_none() {
            return Err(Refusal::Unsupported(Diagnostic::error(
                "BACKEND_MISSING",
                "nauty's geng is not installed (Debian: apt install nauty; or set JACOBIAN_GENG)",
            )));
        }
        Ok(())
    }

    fn run(&self, p: Prepared, ctx: &AdapterContext) -> Result<Outcome<EnumerateOutput>, AdapterError> {
        let i = &p.input;
        let keep = i.emit == Emit::Graphs;
        let limit = i.limit.unwrap_or(u64::MAX).min(if keep { MAX_KEPT } else { u64::MAX });
        let mut kept: Vec<String> = Vec::new();
        let (count, finished) = if i.order == 0 {
            // geng starts at one vertex; the null graph is the one graph of order 0 (not connected).
            let n = u64::from(!i.connected && i.min_edges.unwrap_or(0) == 0);
            if keep && n == 1 {
                kept.push(SimpleGraph { order: 0, edges: vec![] }.to_graph6());
            }
            (n, true)
        } else {
            let path = GENG.path.as_deref().ok_or_else(|| AdapterError::Unsupported("geng is not installed".into()))?;
            run_geng(path, &p, limit, keep.then_some(&mut kept), ctx)?
        };
        let reached_limit = !finished;
        let (graphs, graphs_uri) = if !keep {
            (None, None)
        } else if kept.len() <= INLINE_GRAPHS {
            (Some(kept), None)
        } else {
            let mut bytes = Vec::with_capacity(kept.iter().map(|g| g.len() + 1).sum());
            for g in &kept {
                bytes.extend_from_slice(g.as_bytes());
                bytes.push(b'\n');
            }
            let manifest = ctx.artifacts().put_bytes(GRAPH6_LIST_SCHEMA, "text/plain", &bytes, &[])?;
            (None, Some(manifest.uri))
        };
        let filters = json!({
            "order": i.order, "connected": i.connected,
            "min_edges": i.min_edges.unwrap_or(0), "max_edges": p.max_edges,
        });
        let summary = format!(
            "simple graphs of order {}{} with {}..={} edges, one per isomorphism class",
            i.order,
            if i.connected { ", connected" } else { "" },
            i.min_edges.unwrap_or(0),
            p.max_edges
        );
        let scope = Scope::exact_input(summary, Digest::of_value(&filters));
        let completeness = if reached_limit { Completeness::partial(["limit"]) } else { Completeness::complete() };
        let output = EnumerateOutput { count, graphs, graphs_uri, finished };
        let mut outcome = Outcome { completeness, ..Outcome::computed(output, scope) };
        if let Some(uri) = graphs_uri {
            outcome = outcome.artifact(uri);
        }
        Ok(outcome)
    }
}

/// Runs geng, counting (and keeping) graphs until it ends, `limit` graphs were read, or the
/// run must stop. Returns the count and whether geng finished.
fn run_geng(
    path: &Path,
    p: &Prepared,
    limit: u64,
    mut keep: Option<&mut Vec<String>>,
    ctx: &AdapterContext,
) -> Result<(u64, bool), AdapterError> {
    let i = &p.input;
    let edges = Some((u64::from(i.min_edges.unwrap_or(0)), u64::from(p.max_edges)));
    let (count, finished) = stream_geng(path, i.order, i.connected, edges, ctx, |count, line| {
        if let Some(kept) = keep.as_deref_mut() {
            kept.push(line.to_owned());
        }
        Ok(count >= limit)
    })?;
    ctx.checkpoint()?;
    ctx.progress(count, Some(count), Some(format!("{count} graphs")));
    Ok((count, finished))
}

/// Streams `geng -q [-c] order [min:max]`, handing each graph6 line (and the count so far) to
/// `on_graph`, which returns true to stop early. A watcher kills geng as soon as the run must
/// stop, even while geng is silent; geng is always reaped. Returns the graphs read and whether
/// geng ran to its end (a failing exit is an error then); a stream ended by the run's
/// cancellation or deadline is that interruption, never a finished enumeration.
pub(crate) fn stream_geng(
    path: &Path,
    order: u32,
    connected: bool,
    edges: Option<(u64, u64)>,
    ctx: &AdapterContext,
    mut on_graph: impl FnMut(u64, &str) -> Result<bool, AdapterError>,
) -> Result<(u64, bool), AdapterError> {
    let mut args: Vec<String> = vec!["-q".into()];
    if connected {
        args.push("-c".into());
    }
    args.push(order.to_string());
    if let Some((min, max)) = edges {
        args.push(format!("{min}:{max}"));
    }
    let scratch = jacobian_runtime::sandbox::scratch("geng")
        .map_err(|e| AdapterError::Backend(format!("no scratch directory for geng: {e}")))?;
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    let mut cmd = crate::backends::confined(path, &args, scratch.path())?;
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| AdapterError::Backend(format!("cannot start geng: {e}")))?;
    let stdout = child.stdout.take().ok_or_else(|| AdapterError::Backend("geng has no stdout".into()))?;
    let child = Mutex::new(child);
    let done = AtomicBool::new(false);
    let kill = |child: &Mutex<Child>| {
        if let Ok(mut c) = child.lock() {
            let _ = c.kill();
        }
    };
    let outcome = std::thread::scope(|s| {
        s.spawn(|| {
            while !done.load(Ordering::Acquire) {
                if ctx.should_stop() {
                    kill(&child);
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        let mut count = 0u64;
        let mut last_report = Instant::now();
        let mut reader = BufReader::with_capacity(1 << 16, stdout);
        let mut line = String::new();
        let result = loop {
            line.clear();
            match reader.read_line(&mut line) {
                Ok(0) => break Ok(true),
                Ok(_) => {}
                Err(e) => break Err(AdapterError::Backend(format!("reading geng's output: {e}"))),
            }
            count += 1;
            match on_graph(count, line.trim_end()) {
                Ok(false) => {}
                Ok(true) => {
                    kill(&child);
                    break Ok(false);
                }
                Err(e) => {
                    kill(&child);
                    break Err(e);
                }
            }
            if count.is_multiple_of(4096) && last_report.elapsed() >= Duration::from_millis(50) {
                last_report = Instant::now();
                ctx.progress(count, None, Some(format!("{count} graphs")));
            }
        };
        done.store(true, Ordering::Release);
        result.map(|finished| (count, finished))
    });
    let status = child.lock().map_err(|_| AdapterError::Backend("geng handle poisoned".into()))?.wait();
    let (count, finished) = outcome?;
    if finished {
        // The stream also ends when the watcher killed geng: that is the run's interruption.
        ctx.checkpoint()?;
        let status = status.map_err(|e| AdapterError::Backend(format!("waiting for geng: {e}")))?;
        if !status.success() {
            return Err(AdapterError::Backend(format!("geng failed: {status}")));
        }
    }
    Ok((count, finished))
}
