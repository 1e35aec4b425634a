//! The reasoning log: bounded, model-authored PLAN / BEFORE_TOOL / AFTER_TOOL / FINAL entries,
//! bound by the runtime to what the runs actually returned.
//!
//! It is an operational record, not a proof object: the runtime never copies a request's
//! payload or a result's output into it, only statuses, assurance, completeness, digests and
//! artifact URIs. In REQUIRED mode each `math.run` must carry the ids of the current
//! BEFORE_TOOL entry, which it consumes; the runtime binds the run's actual outcome to that
//! call, and an AFTER_TOOL entry is compared against the binding.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::sync::Mutex;

use jacobian_runtime::artifact::{PgDatabase, ReasoningTx};
use jacobian_runtime::contract::{AssuranceLevel, CompletenessState};
use jacobian_runtime::policy::ReasoningMode;
use jacobian_runtime::{CapabilityRequest, CapabilityResult, Diagnostic, Digest, ExecutionStatus};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// Longest summary accepted, in characters.
pub const MAX_SUMMARY_CHARS: usize = 2000;
/// Most entries in one reasoning run.
pub const MAX_ENTRIES_PER_RUN: usize = 10_000;
/// Most reasoning runs per tenant.
pub const MAX_RUNS: usize = 10_000;

/// The kind of an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EntryKind {
    /// What the agent intends to do (starts a run when no run_id is given).
    Plan,
    /// The next capability call and why; returns the call id a `math.run` must carry.
    BeforeTool,
    /// What the agent took from a finished call; compared with what the call returned.
    AfterTool,
    /// The conclusion; closes the run.
    Final,
}

/// What an agent reports a call returned (every field optional; given fields are compared).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportedOutcome {
    /// Execution status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<ExecutionStatus>,
    /// Assurance level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assurance: Option<AssuranceLevel>,
    /// Completeness.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completeness: Option<CompletenessState>,
    /// Result digest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_digest: Option<Digest>,
    /// Artifact URIs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artifact_uris: Option<Vec<String>>,
}

/// One `reasoning.write` entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReasoningEntry {
    /// PLAN, BEFORE_TOOL, AFTER_TOOL or FINAL.
    pub kind: EntryKind,
    /// The reasoning run (omit on a first PLAN to start one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,
    /// AFTER_TOOL: the call id its BEFORE_TOOL returned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call_id: Option<String>,
    /// BEFORE_TOOL: the capability about to be called.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capability_id: Option<String>,
    /// A bounded summary (at most 2000 characters).
    #[schemars(length(max = 2000))]
    pub summary: String,
    /// AFTER_TOOL: what the agent says the call returned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reported: Option<ReportedOutcome>,
}

/// What a run actually returned, as bound by the runtime.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ActualOutcome {
    /// Execution status.
    pub status: ExecutionStatus,
    /// Assurance level.
    pub assurance: AssuranceLevel,
    /// Completeness.
    pub completeness: CompletenessState,
    /// Result digest.
    pub result_digest: Digest,
    /// Artifact URIs.
    pub artifact_uris: Vec<String>,
}

impl ActualOutcome {
    pub(crate) fn of(result: &CapabilityResult) -> Self {
        ActualOutcome {
            status: result.execution.status,
            assurance: result.assurance.level,
            completeness: result.completeness.state,
            result_digest: result.provenance.result_digest,
            artifact_uris: result.artifact_uris.clone(),
        }
    }
}

/// The comparison of an AFTER_TOOL report with the bound outcome.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BindingReport {
    /// What the call returned.
    pub actual: ActualOutcome,
    /// True when every reported field equals the actual one.
    pub matches: bool,
    /// Fields that differ.
    pub mismatches: Vec<String>,
}

/// The answer to a `reasoning.write`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct WriteAck {
    /// The reasoning run.
    pub run_id: String,
    /// This entry's id.
    pub entry_id: String,
    /// BEFORE_TOOL: the id the next `math.run` must carry as `reasoning_call_id`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub call_id: Option<String>,
    /// AFTER_TOOL: the comparison with the bound outcome.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub binding: Option<BindingReport>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Call {
    capability_id: String,
    consumed: bool,
    actual: Option<ActualOutcome>,
}

/// A run's own state; its calls are kept one by one beside it, so that an entry reads and
/// writes one run and at most one call however many calls the run has.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Run {
    entries: usize,
    current_call: Option<String>,
    closed: bool,
}

/// Where a tenant's reasoning runs are kept while the log's rules are applied to them.
trait Ledger {
    /// The tenant's next entry number.
    fn next(&mut self) -> Result<u64, Vec<Diagnostic>>;
    /// How many runs the tenant has.
    fn runs(&mut self) -> Result<usize, Vec<Diagnostic>>;
    /// Starts a run.
    fn create(&mut self, run_id: &str) -> Result<(), Vec<Diagnostic>>;
    /// A run, to read and change in place.
    fn run(&mut self, run_id: &str) -> Result<Option<&mut Run>, Vec<Diagnostic>>;
    /// One call of a run, to read and change in place (a new call starts as `Call::default()`
    /// when `create` is set).
    fn call(&mut self, run_id: &str, call_id: &str, create: bool) -> Result<Option<&mut Call>, Vec<Diagnostic>>;
    /// Keeps the changes made to the run and the call [`Ledger::run`] and [`Ledger::call`]
    /// gave last.
    fn save(&mut self) -> Result<(), Vec<Diagnostic>>;
}

/// This process's runs.
#[derive(Debug, Default)]
struct State {
    runs: HashMap<String, (Run, HashMap<String, Call>)>,
    next: u64,
}

impl Ledger for State {
    fn next(&mut self) -> Result<u64, Vec<Diagnostic>> {
        self.next += 1;
        Ok(self.next)
    }
    fn runs(&mut self) -> Result<usize, Vec<Diagnostic>> {
        Ok(self.runs.len())
    }
    fn create(&mut self, run_id: &str) -> Result<(), Vec<Diagnostic>> {
        self.runs.insert(run_id.to_owned(), Default::default());
        Ok(())
    }
    fn run(&mut self, run_id: &str) -> Result<Option<&mut Run>, Vec<Diagnostic>> {
        Ok(self.runs.get_mut(run_id).map(|(run, _)| run))
    }
    fn call(&mut self, run_id: &str, call_id: &str, create: bool) -> Result<Option<&mut Call>, Vec<Diagnostic>> {
        let Some((_, calls)) = self.runs.get_mut(run_id) else { return Ok(None) };
        if create {
            return Ok(Some(calls.entry(call_id.to_owned()).or_default()));
        }
        Ok(calls.get_mut(call_id))
    }
    fn save(&mut self) -> Result<(), Vec<Diagnostic>> {
        Ok(())
    }
}

/// The runs every process on the shared database sees, within one transaction; the run and the
/// call being changed are read into `open` and `open_call` and written back by `save`.
struct Shared<'a, 'b> {
    tx: &'a mut ReasoningTx<'b>,
    open: Option<(String, Run)>,
    open_call: Option<(String, String, Call)>,
}

fn unavailable(e: impl std::fmt::Display) -> Vec<Diagnostic> {
    vec![Diagnostic::error("REASONING_LOG_UNAVAILABLE", format!("the shared reasoning log: {e}"))]
}

impl Ledger for Shared<'_, '_> {
    fn next(&mut self) -> Result<u64, Vec<Diagnostic>> {
        self.tx.next_number().map_err(unavailable)
    }
    fn runs(&mut self) -> Result<usize, Vec<Diagnostic>> {
        self.tx.runs().map(|n| usize::try_from(n).unwrap_or(usize::MAX)).map_err(unavailable)
    }
    fn create(&mut self, run_id: &str) -> Result<(), Vec<Diagnostic>> {
        self.open = Some((run_id.to_owned(), Run::default()));
        self.save()
    }
    fn run(&mut self, run_id: &str) -> Result<Option<&mut Run>, Vec<Diagnostic>> {
        if self.open.as_ref().is_none_or(|(id, _)| id != run_id) {
            self.open = match self.tx.load(run_id).map_err(unavailable)? {
                Some(text) => Some((run_id.to_owned(), serde_json::from_str(&text).map_err(unavailable)?)),
                None => None,
            };
        }
        Ok(self.open.as_mut().map(|(_, run)| run))
    }
    fn call(&mut self, run_id: &str, call_id: &str, create: bool) -> Result<Option<&mut Call>, Vec<Diagnostic>> {
        if self.open_call.as_ref().is_none_or(|(r, c, _)| r != run_id || c != call_id) {
            self.open_call = match self.tx.load_call(run_id, call_id).map_err(unavailable)? {
                Some(text) => {
                    Some((run_id.to_owned(), call_id.to_owned(), serde_json::from_str(&text).map_err(unavailable)?))
                }
                None if create => Some((run_id.to_owned(), call_id.to_owned(), Call::default())),
                None => None,
            };
        }
        Ok(self.open_call.as_mut().map(|(_, _, call)| call))
    }
    fn save(&mut self) -> Result<(), Vec<Diagnostic>> {
        if let Some((run_id, run)) = &self.open {
            let text = serde_json::to_string(run).map_err(unavailable)?;
            self.tx.store(run_id, &text).map_err(unavailable)?;
        }
        if let Some((run_id, call_id, call)) = &self.open_call {
            let text = serde_json::to_string(call).map_err(unavailable)?;
            self.tx.store_call(run_id, call_id, &text).map_err(unavailable)?;
        }
        Ok(())
    }
}

enum Place {
    Local { state: Mutex<State>, file: Mutex<Option<File>> },
    Shared { db: PgDatabase, tenant: String },
}

/// The reasoning log of one tenant: in this process (appended to a file when it has a home),
/// or in the database that replicas share, so that a BEFORE_TOOL written through one replica
/// admits the run another replica takes.
pub(crate) struct ReasoningLog {
    mode: ReasoningMode,
    place: Place,
}

impl std::fmt::Debug for ReasoningLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let place = match self.place {
            Place::Local { .. } => "local",
            Place::Shared { .. } => "shared",
        };
        f.debug_struct("ReasoningLog").field("mode", &self.mode).field("place", &place).finish()
    }
}

fn invalid(path: &str, code: &str, message: impl Into<String>) -> Vec<Diagnostic> {
    vec![Diagnostic::at(path, code, message)]
}

/// A change to the log: its answer, and the line it appends, if any.
type Change<T> = Result<(T, Option<serde_json::Value>), Vec<Diagnostic>>;

impl ReasoningLog {
    pub(crate) fn new(mode: ReasoningMode, path: Option<&Path>) -> io::Result<Self> {
        let file = match (mode, path) {
            (ReasoningMode::Off, _) | (_, None) => None,
            (_, Some(p)) => Some(OpenOptions::new().append(true).create(true).open(p)?),
        };
        Ok(ReasoningLog { mode, place: Place::Local { state: Mutex::new(State::default()), file: Mutex::new(file) } })
    }

    /// The log of `tenant` in the shared database.
    pub(crate) fn shared(mode: ReasoningMode, db: PgDatabase, tenant: &str) -> Self {
        ReasoningLog { mode, place: Place::Shared { db, tenant: tenant.to_owned() } }
    }

    /// Applies `change` to the tenant's runs and appends its line, all or nothing.
    fn apply<T: Send + 'static>(
        &self,
        change: impl FnOnce(&mut dyn Ledger) -> Change<T> + Send + 'static,
    ) -> Result<T, Vec<Diagnostic>> {
        match &self.place {
            Place::Local { state, file } => {
                let mut st = state.lock().unwrap_or_else(|p| p.into_inner());
                let (answer, line) = change(&mut *st)?;
                drop(st);
                let mut file = file.lock().unwrap_or_else(|p| p.into_inner());
                if let (Some(f), Some(line)) = (file.as_mut(), line) {
                    let mut bytes = serde_json::to_vec(&line).unwrap_or_default();
                    bytes.push(b'\n');
                    // The local log is operational; a failed append is reported by tracing,
                    // not by failing the call.
                    if let Err(e) = f.write_all(&bytes) {
                        tracing::warn!(error = %e, "reasoning log append failed");
                    }
                }
                Ok(answer)
            }
            Place::Shared { db, tenant } => db
                .reasoning(tenant, move |tx| {
                    let (answer, line) = match change(&mut Shared { tx, open: None, open_call: None }) {
                        Ok(done) => done,
                        Err(refused) => return Ok(Err(refused)),
                    };
                    if let Some(line) = line {
                        tx.append(&line.to_string())?;
                    }
                    Ok(Ok(answer))
                })
                .map_err(unavailable)?,
        }
    }

    /// Appends an entry.
    pub(crate) fn write(&self, entry: ReasoningEntry) -> Result<WriteAck, Vec<Diagnostic>> {
        if self.mode == ReasoningMode::Off {
            return Err(invalid("", "REASONING_LOG_OFF", "the operator has not enabled the reasoning log"));
        }
        if entry.summary.chars().count() > MAX_SUMMARY_CHARS {
            return Err(invalid(
                "/summary",
                "SUMMARY_TOO_LONG",
                format!("summaries are limited to {MAX_SUMMARY_CHARS} characters"),
            ));
        }
        self.apply(move |ledger| write_entry(ledger, entry))
    }

    /// Checks a run's reasoning ids before it runs, and consumes the BEFORE_TOOL it names.
    /// `Ok(None)`: no binding (mode OFF, or AUDIT without ids).
    pub(crate) fn admit(&self, request: &CapabilityRequest) -> Result<Option<(String, String)>, Vec<Diagnostic>> {
        let ids = (&request.reasoning_run_id, &request.reasoning_call_id);
        match (self.mode, ids) {
            (ReasoningMode::Off, _) | (ReasoningMode::Audit, (None, None)) => return Ok(None),
            (ReasoningMode::Required, (None, _)) => {
                return Err(invalid(
                    "/reasoning_run_id",
                    "REASONING_IDS_REQUIRED",
                    "the operator requires each run to carry the ids of its BEFORE_TOOL entry (reasoning.write)",
                ));
            }
            (_, (_, None)) => {
                return Err(invalid(
                    "/reasoning_call_id",
                    "REASONING_IDS_REQUIRED",
                    "give reasoning_call_id with reasoning_run_id",
                ));
            }
            (_, (None, Some(_))) => {
                return Err(invalid(
                    "/reasoning_run_id",
                    "REASONING_IDS_REQUIRED",
                    "give reasoning_run_id with reasoning_call_id",
                ));
            }
            _ => {}
        }
        let (Some(run_id), Some(call_id)) = ids else { return Ok(None) };
        let (run_id, call_id, capability_id) = (run_id.clone(), call_id.clone(), request.capability_id.clone());
        self.apply(move |ledger| {
            let run = ledger
                .run(&run_id)?
                .ok_or_else(|| invalid("/reasoning_run_id", "UNKNOWN_RUN", format!("no reasoning run `{run_id}`")))?;
            if run.current_call.as_deref() != Some(call_id.as_str()) {
                return Err(invalid(
                    "/reasoning_call_id",
                    "NOT_CURRENT_CALL",
                    "the call id is not the run's current BEFORE_TOOL",
                ));
            }
            let call = ledger
                .call(&run_id, &call_id, false)?
                .ok_or_else(|| invalid("/reasoning_call_id", "UNKNOWN_CALL", "unknown call id"))?;
            if call.consumed {
                return Err(invalid(
                    "/reasoning_call_id",
                    "CALL_ALREADY_USED",
                    "each BEFORE_TOOL entry admits one run; write another",
                ));
            }
            if call.capability_id != capability_id {
                return Err(invalid(
                    "/capability_id",
                    "CALL_CAPABILITY_MISMATCH",
                    format!("the BEFORE_TOOL entry announced {}", call.capability_id),
                ));
            }
            call.consumed = true;
            ledger.save()?;
            Ok(((run_id, call_id), None))
        })
        .map(Some)
    }

    /// Binds a finished run's actual outcome to its call.
    pub(crate) fn bind(&self, run_id: &str, call_id: &str, result: &CapabilityResult) {
        let actual = ActualOutcome::of(result);
        let (run_id, call_id) = (run_id.to_owned(), call_id.to_owned());
        let bound = self.apply(move |ledger| {
            if let Some(call) = ledger.call(&run_id, &call_id, false)? {
                call.actual = Some(actual.clone());
                ledger.save()?;
            }
            Ok(((), Some(json!({"run_id": run_id, "call_id": call_id, "kind": "BINDING", "actual": actual}))))
        });
        if let Err(e) = bound {
            tracing::warn!(diagnostics = ?e, "binding a run to its reasoning call failed");
        }
    }
}

/// The rules of one entry, applied to the tenant's runs.
fn write_entry(ledger: &mut dyn Ledger, entry: ReasoningEntry) -> Change<WriteAck> {
    let n = ledger.next()?;
    let run_id = match (&entry.run_id, entry.kind) {
        (None, EntryKind::Plan) => {
            if ledger.runs()? >= MAX_RUNS {
                return Err(invalid("/run_id", "TOO_MANY_RUNS", format!("at most {MAX_RUNS} reasoning runs")));
            }
            let id = format!("rl-{n}");
            ledger.create(&id)?;
            id
        }
        (None, _) => return Err(invalid("/run_id", "MISSING_FIELD", "run_id is required except on a first PLAN")),
        (Some(id), _) => id.clone(),
    };
    let run = ledger
        .run(&run_id)?
        .ok_or_else(|| invalid("/run_id", "UNKNOWN_RUN", format!("no reasoning run `{run_id}`")))?;
    if run.closed {
        return Err(invalid("/run_id", "RUN_CLOSED", "this reasoning run has its FINAL entry"));
    }
    if run.entries >= MAX_ENTRIES_PER_RUN {
        return Err(invalid("/run_id", "RUN_FULL", format!("at most {MAX_ENTRIES_PER_RUN} entries per run")));
    }
    let mut ack = WriteAck { run_id: run_id.clone(), entry_id: format!("e-{n}"), call_id: None, binding: None };
    match entry.kind {
        EntryKind::Plan | EntryKind::Final => {}
        EntryKind::BeforeTool => {
            let capability_id = entry.capability_id.clone().ok_or_else(|| {
                invalid("/capability_id", "MISSING_FIELD", "BEFORE_TOOL names the capability it precedes")
            })?;
            let call_id = format!("call-{n}");
            if let Some(call) = ledger.call(&run_id, &call_id, true)? {
                *call = Call { capability_id, ..Call::default() };
            }
            ack.call_id = Some(call_id);
        }
        EntryKind::AfterTool => {
            let call_id = entry
                .call_id
                .as_deref()
                .ok_or_else(|| invalid("/call_id", "MISSING_FIELD", "AFTER_TOOL names its call"))?;
            let call = ledger
                .call(&run_id, call_id, false)?
                .ok_or_else(|| invalid("/call_id", "UNKNOWN_CALL", format!("no call `{call_id}` in this run")))?;
            let actual = call
                .actual
                .clone()
                .ok_or_else(|| invalid("/call_id", "CALL_NOT_FINISHED", "no run carrying this call id has finished"))?;
            ack.binding = Some(compare(entry.reported.clone().unwrap_or_default(), actual));
        }
    }
    let run = ledger.run(&run_id)?.ok_or_else(|| invalid("/run_id", "UNKNOWN_RUN", "the run left the ledger"))?;
    if ack.call_id.is_some() {
        run.current_call.clone_from(&ack.call_id);
    }
    run.closed |= entry.kind == EntryKind::Final;
    run.entries += 1;
    ledger.save()?;
    let line = json!({
        "entry_id": ack.entry_id, "run_id": ack.run_id, "kind": entry.kind, "summary": entry.summary,
        "capability_id": entry.capability_id, "call_id": ack.call_id.clone().or(entry.call_id),
        "reported": entry.reported, "binding": ack.binding,
    });
    Ok((ack, Some(line)))
}

/// What an AFTER_TOOL entry reported, against the outcome bound to its call.
fn compare(reported: ReportedOutcome, actual: ActualOutcome) -> BindingReport {
    let mut mismatches = Vec::new();
    let mut differ = |field: &str, same: bool| {
        if !same {
            mismatches.push(field.to_owned());
        }
    };
    if let Some(s) = reported.status {
        differ("status", s == actual.status);
    }
    if let Some(a) = reported.assurance {
        differ("assurance", a == actual.assurance);
    }
    if let Some(c) = reported.completeness {
        differ("completeness", c == actual.completeness);
    }
    if let Some(d) = reported.result_digest {
        differ("result_digest", d == actual.result_digest);
    }
    if let Some(u) = &reported.artifact_uris {
        let (mut a, mut b) = (u.clone(), actual.artifact_uris.clone());
        a.sort();
        b.sort();
        differ("artifact_uris", a == b);
    }
    BindingReport { matches: mismatches.is_empty(), mismatches, actual }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn entry(kind: EntryKind, run: Option<&str>) -> ReasoningEntry {
        ReasoningEntry {
            kind,
            run_id: run.map(str::to_owned),
            call_id: None,
            capability_id: None,
            summary: "s".into(),
            reported: None,
        }
    }

    #[test]
    fn required_mode_admits_only_the_current_before_tool_once() {
        let log = ReasoningLog::new(ReasoningMode::Required, None).unwrap();
        let plan = log.write(entry(EntryKind::Plan, None)).unwrap();
        let before = log
            .write(ReasoningEntry {
                capability_id: Some("integer.compute.gcd".into()),
                ..entry(EntryKind::BeforeTool, Some(&plan.run_id))
            })
            .unwrap();
        let call = before.call_id.unwrap();
        let mut req = CapabilityRequest::new("integer.compute.gcd", json!({"a": 1, "b": 2}));
        assert_eq!(log.admit(&req).unwrap_err()[0].code, "REASONING_IDS_REQUIRED");
        req.reasoning_run_id = Some(plan.run_id.clone());
        req.reasoning_call_id = Some("call-999".into());
        assert_eq!(log.admit(&req).unwrap_err()[0].code, "NOT_CURRENT_CALL");
        req.reasoning_call_id = Some(call.clone());
        let mut other = req.clone();
        other.capability_id = "artifact.put".into();
        assert_eq!(log.admit(&other).unwrap_err()[0].code, "CALL_CAPABILITY_MISMATCH");
        assert_eq!(log.admit(&req).unwrap(), Some((plan.run_id.clone(), call.clone())));
        assert_eq!(log.admit(&req).unwrap_err()[0].code, "CALL_ALREADY_USED");
    }

    #[test]
    fn audit_mode_accepts_runs_without_ids_and_off_refuses_writes() {
        let audit = ReasoningLog::new(ReasoningMode::Audit, None).unwrap();
        assert_eq!(audit.admit(&CapabilityRequest::new("x.y", json!({}))).unwrap(), None);
        let off = ReasoningLog::new(ReasoningMode::Off, None).unwrap();
        assert_eq!(off.write(entry(EntryKind::Plan, None)).unwrap_err()[0].code, "REASONING_LOG_OFF");
    }

    #[test]
    fn bounds_and_closing() {
        let log = ReasoningLog::new(ReasoningMode::Audit, None).unwrap();
        let long = ReasoningEntry { summary: "x".repeat(MAX_SUMMARY_CHARS + 1), ..entry(EntryKind::Plan, None) };
        assert_eq!(log.write(long).unwrap_err()[0].path.as_deref(), Some("/summary"));
        let plan = log.write(entry(EntryKind::Plan, None)).unwrap();
        log.write(entry(EntryKind::Final, Some(&plan.run_id))).unwrap();
        assert_eq!(log.write(entry(EntryKind::Plan, Some(&plan.run_id))).unwrap_err()[0].code, "RUN_CLOSED");
        assert_eq!(log.write(entry(EntryKind::BeforeTool, None)).unwrap_err()[0].path.as_deref(), Some("/run_id"));
    }

    /// On the shared database, a run's calls are rows of their own: the run's state stays the
    /// same size however many calls it has, and the rules hold on calls read one at a time.
    #[test]
    fn a_shared_run_keeps_its_calls_apart_and_its_own_state_small() {
        let server = jacobian_runtime::artifact::test_postgres::TestPostgres::start().unwrap();
        let db = PgDatabase::connect(&server.database().unwrap()).unwrap();
        let log = ReasoningLog::shared(ReasoningMode::Required, db.clone(), "t");
        let plan = log.write(entry(EntryKind::Plan, None)).unwrap();
        let state = || {
            let run = plan.run_id.clone();
            db.reasoning("t", move |tx| Ok(Ok::<_, ()>(tx.load(&run)?.unwrap_or_default().len()))).unwrap().unwrap()
        };
        let before = |capability: &str| ReasoningEntry {
            capability_id: Some(capability.into()),
            ..entry(EntryKind::BeforeTool, Some(&plan.run_id))
        };
        let first = log.write(before("integer.factor")).unwrap().call_id.unwrap();
        let small = state();
        let mut current = first.clone();
        for _ in 0..300 {
            current = log.write(before("integer.compute.gcd")).unwrap().call_id.unwrap();
        }
        // Only its counters' digits grow (entries and the current call's number).
        assert!(state() <= small + 8, "the run's state grew from {small} to {} bytes", state());
        let mut req = CapabilityRequest::new("integer.compute.gcd", json!({"a": 1, "b": 2}));
        req.reasoning_run_id = Some(plan.run_id.clone());
        req.reasoning_call_id = Some(first);
        assert_eq!(log.admit(&req).unwrap_err()[0].code, "NOT_CURRENT_CALL");
        req.reasoning_call_id = Some(current.clone());
        assert_eq!(log.admit(&req).unwrap(), Some((plan.run_id.clone(), current.clone())));
        assert_eq!(log.admit(&req).unwrap_err()[0].code, "CALL_ALREADY_USED");
        let after = ReasoningEntry { call_id: Some(current), ..entry(EntryKind::AfterTool, Some(&plan.run_id)) };
        assert_eq!(log.write(after).unwrap_err()[0].code, "CALL_NOT_FINISHED");
    }
}
