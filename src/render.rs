//! Compact text projections of results, for the MCP text content and the terminal.
//!
//! The projection is derived from the structured result alone and never says more than it:
//! status, an output summary, completeness, assurance, scope, obligations, diagnostics and
//! artifact URIs.

use std::fmt::Write as _;

use jacobian_runtime::CapabilityResult;
pub use jacobian_runtime::catalog::find_text;
use serde::Serialize;
use serde_json::Value;

/// Longest output rendering kept in the text projection; the structured result has it all.
const OUTPUT_CHARS: usize = 600;

/// The wire name of a contract enum (`SUCCEEDED`, `COMPUTED`, ...).
pub fn wire<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::from("?"),
    }
}

fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(max).collect();
    out.push_str(" …");
    out
}

/// The text projection of a result.
pub fn result_text(r: &CapabilityResult) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "{} {} [{}] — {} at {}",
        r.capability_id,
        wire(&r.mode),
        r.provenance.episode_id,
        wire(&r.execution.status),
        wire(&r.execution.stage)
    );
    if !r.output.is_null() {
        let _ = writeln!(t, "output: {}", clip(&r.output.to_string(), OUTPUT_CHARS));
    }
    let mut completeness = wire(&r.completeness.state);
    if r.completeness.exhaustive {
        completeness.push_str(" (exhaustive)");
    }
    if !r.completeness.bounds_reached.is_empty() {
        let _ = write!(completeness, " (bounds reached: {})", r.completeness.bounds_reached.join(", "));
    }
    let _ = writeln!(t, "completeness: {completeness}");
    let mut assurance = wire(&r.assurance.level);
    if let Some(checker) = &r.assurance.checker {
        let _ = write!(assurance, " by {}@{}", checker.id, checker.version);
    }
    if let Some(record) = &r.assurance.verification_record {
        let _ = write!(assurance, " (record {record})");
    }
    let _ = writeln!(t, "assurance: {assurance}");
    if !r.qualifiers.is_empty() {
        let q: Vec<String> = r.qualifiers.iter().map(wire).collect();
        let _ = writeln!(t, "qualifiers: {}", q.join(", "));
    }
    if !r.scope.summary.is_empty() {
        let _ = writeln!(t, "scope: {}", r.scope.summary);
    }
    for o in &r.obligations {
        let _ = writeln!(t, "obligation {}: {}", o.kind, o.description);
    }
    for d in &r.execution.diagnostics {
        let at = d.path.as_deref().map(|p| format!(" at {p}")).unwrap_or_default();
        let _ = writeln!(t, "{} {}{at}: {}", wire(&d.severity).to_lowercase(), d.code, d.message);
    }
    for uri in &r.artifact_uris {
        let _ = writeln!(t, "artifact: {uri}");
    }
    let a = &r.execution.accounting;
    let _ = write!(t, "time: queue {:.1} ms, wall {:.1} ms, cpu {:.1} ms", a.queue_ms, a.wall_ms, a.cpu_ms);
    t
}
