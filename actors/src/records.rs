//! Episode records: an append-only log per tenant, and the experiment views built from it.
//!
//! Each finished run appends one JSON line (digests, status, timings, artifact URIs; never
//! the request's payload or the output) before its result is returned. On open, the log is
//! replayed to rebuild the experiment index; a torn last line (a crash mid-write) is cut off.
//!
//! Durability: with [`Durability::Process`] the line is written to the OS before the result
//! is returned (it survives a crash of the process) and fsynced by a periodic flush; with
//! [`Durability::Fsync`] every line is fsynced before the result is returned (it survives a
//! power loss too, at the cost of one fsync per run).

use std::collections::{BTreeMap, HashMap};
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Mutex;

use jacobian_runtime::artifact::PgDatabase;
use jacobian_runtime::contract::{Accounting, AssuranceLevel, CompletenessState};
use jacobian_runtime::{Digest, ExecutionStatus, Mode, Stage};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// When an episode record is durable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// Written to the OS before the result returns; fsynced periodically and at shutdown.
    #[default]
    Process,
    /// Fsynced before the result returns.
    Fsync,
}

/// One finished run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpisodeRecord {
    /// Episode id.
    pub episode_id: String,
    /// The caller's run id.
    pub run_id: String,
    /// Capability called.
    pub capability_id: String,
    /// Mode.
    pub mode: Mode,
    /// Experiment it belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub experiment_id: Option<String>,
    /// Digest of the request.
    pub request_digest: Digest,
    /// Digest of the result's content.
    pub result_digest: Digest,
    /// Execution status.
    pub status: ExecutionStatus,
    /// Stage reached.
    pub stage: Stage,
    /// Assurance of the result.
    pub assurance: AssuranceLevel,
    /// Completeness of the result.
    pub completeness: CompletenessState,
    /// The result's scope summary.
    pub scope: String,
    /// Artifacts the result refers to.
    pub artifact_uris: Vec<String>,
    /// Time spent.
    pub accounting: Accounting,
    /// Milliseconds since the epoch when the run was submitted.
    pub started_unix_ms: u64,
    /// Milliseconds since the epoch when it finished.
    pub finished_unix_ms: u64,
}

#[derive(Debug)]
struct Writer {
    file: Option<File>,
    dirty: bool,
}

/// The episode log of one tenant.
#[derive(Debug)]
pub(crate) struct EpisodeLog {
    /// The database the log lives in, and the tenant, when processes share one; the fields
    /// below then stay empty.
    shared: Option<(PgDatabase, String)>,
    durability: Durability,
    writer: Mutex<Writer>,
    experiments: Mutex<HashMap<String, Vec<EpisodeRecord>>>,
    total: Mutex<u64>,
}

impl EpisodeLog {
    /// A log kept only in memory (no durability).
    pub(crate) fn in_memory() -> Self {
        EpisodeLog {
            shared: None,
            durability: Durability::Process,
            writer: Mutex::new(Writer { file: None, dirty: false }),
            experiments: Mutex::new(HashMap::new()),
            total: Mutex::new(0),
        }
    }

    /// Opens (creating) the log at `path`, replaying existing records.
    pub(crate) fn open(path: &Path, durability: Durability) -> io::Result<Self> {
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(path)?;
        let mut experiments: HashMap<String, Vec<EpisodeRecord>> = HashMap::new();
        let mut total = 0u64;
        let mut good_len = 0u64;
        {
            let mut reader = BufReader::new(&file);
            let mut line = String::new();
            loop {
                line.clear();
                let n = reader.read_line(&mut line)?;
                if n == 0 || !line.ends_with('\n') {
                    break;
                }
                match serde_json::from_str::<EpisodeRecord>(line.trim_end()) {
                    Ok(record) => {
                        total += 1;
                        if let Some(exp) = &record.experiment_id {
                            experiments.entry(exp.clone()).or_default().push(record);
                        }
                        good_len += n as u64;
                    }
                    Err(_) => break,
                }
            }
        }
        if file.metadata()?.len() != good_len {
            // A torn or corrupt tail from a crash: keep what was whole.
            file.set_len(good_len)?;
            file.sync_all()?;
        }
        file.seek(SeekFrom::End(0))?;
        Ok(EpisodeLog {
            shared: None,
            durability,
            writer: Mutex::new(Writer { file: Some(file), dirty: false }),
            experiments: Mutex::new(experiments),
            total: Mutex::new(total),
        })
    }

    /// The log of `tenant` in a shared database: every append is a committed row, and the
    /// experiments read back whatever any process appended.
    pub(crate) fn shared(db: PgDatabase, tenant: &str) -> Self {
        EpisodeLog { shared: Some((db, tenant.to_owned())), ..Self::in_memory() }
    }

    /// Appends a record (durably, per the log's durability) and indexes it.
    pub(crate) fn append(&self, record: &EpisodeRecord) -> io::Result<()> {
        if let Some((db, tenant)) = &self.shared {
            let text = serde_json::to_string(record).map_err(io::Error::other)?;
            return db.append_episode(tenant, record.experiment_id.as_deref(), &text).map_err(io::Error::other);
        }
        {
            let mut w = self.writer.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(file) = w.file.as_mut() {
                let mut line = serde_json::to_vec(record).map_err(io::Error::other)?;
                line.push(b'\n');
                file.write_all(&line)?;
                if self.durability == Durability::Fsync {
                    file.sync_data()?;
                } else {
                    w.dirty = true;
                }
            }
        }
        *self.total.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        if let Some(exp) = &record.experiment_id {
            self.experiments
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .entry(exp.clone())
                .or_default()
                .push(record.clone());
        }
        Ok(())
    }

    /// Fsyncs pending writes.
    pub(crate) fn flush(&self) -> io::Result<()> {
        let mut w = self.writer.lock().unwrap_or_else(|p| p.into_inner());
        if w.dirty {
            if let Some(file) = w.file.as_mut() {
                file.sync_data()?;
            }
            w.dirty = false;
        }
        Ok(())
    }

    /// Records appended over the log's life.
    pub(crate) fn total(&self) -> u64 {
        if let Some((db, tenant)) = &self.shared {
            return db.episode_count(tenant).unwrap_or_else(|e| {
                tracing::warn!(error = %e, "counting episode records failed");
                0
            });
        }
        *self.total.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Records of an experiment, in append order.
    pub(crate) fn experiment(&self, id: &str) -> Option<Vec<EpisodeRecord>> {
        if let Some((db, tenant)) = &self.shared {
            let records = db.experiment_records(tenant, id).ok()?;
            let parsed: Vec<EpisodeRecord> = records.iter().filter_map(|r| serde_json::from_str(r).ok()).collect();
            return (!parsed.is_empty()).then_some(parsed);
        }
        self.experiments.lock().unwrap_or_else(|p| p.into_inner()).get(id).cloned()
    }
}

/// The views of an experiment served as `experiment://{id}[/accounting|/scope|/archive]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExperimentView {
    /// Episodes with their statuses and digests.
    Summary,
    /// Time spent, by capability and status.
    Accounting,
    /// What each episode covered, and how completely.
    Scope,
    /// Every record and every artifact URI, for retention.
    Archive,
}

pub(crate) fn experiment_view(id: &str, records: &[EpisodeRecord], view: ExperimentView) -> Value {
    match view {
        ExperimentView::Summary => json!({
            "experiment_id": id,
            "episodes": records.iter().map(|r| json!({
                "episode_id": r.episode_id,
                "capability_id": r.capability_id,
                "mode": r.mode,
                "status": r.status,
                "assurance": r.assurance,
                "completeness": r.completeness,
                "result_digest": r.result_digest,
                "artifact_uris": r.artifact_uris,
            })).collect::<Vec<_>>(),
        }),
        ExperimentView::Accounting => {
            let mut by_capability: BTreeMap<&str, (u64, f64, f64, f64)> = BTreeMap::new();
            let mut by_status: BTreeMap<&str, u64> = BTreeMap::new();
            let (mut queue, mut wall, mut cpu) = (0.0, 0.0, 0.0);
            for r in records {
                let e = by_capability.entry(&r.capability_id).or_default();
                e.0 += 1;
                e.1 += r.accounting.queue_ms;
                e.2 += r.accounting.wall_ms;
                e.3 += r.accounting.cpu_ms;
                *by_status.entry(r.status.as_str()).or_default() += 1;
                queue += r.accounting.queue_ms;
                wall += r.accounting.wall_ms;
                cpu += r.accounting.cpu_ms;
            }
            json!({
                "experiment_id": id,
                "episodes": records.len(),
                "total": {"queue_ms": queue, "wall_ms": wall, "cpu_ms": cpu},
                "by_status": by_status,
                "by_capability": by_capability.into_iter().map(|(k, v)| (k.to_owned(), json!({
                    "runs": v.0, "queue_ms": v.1, "wall_ms": v.2, "cpu_ms": v.3,
                }))).collect::<serde_json::Map<_, _>>(),
            })
        }
        ExperimentView::Scope => json!({
            "experiment_id": id,
            "scopes": records.iter().map(|r| json!({
                "episode_id": r.episode_id,
                "capability_id": r.capability_id,
                "scope": r.scope,
                "completeness": r.completeness,
                "assurance": r.assurance,
                "status": r.status,
            })).collect::<Vec<_>>(),
            "note": "each episode covers only its own scope; together they are finite evidence and establish nothing beyond the union of those scopes",
        }),
        ExperimentView::Archive => {
            let mut uris: Vec<&String> = records.iter().flat_map(|r| &r.artifact_uris).collect();
            uris.sort();
            uris.dedup();
            json!({"experiment_id": id, "records": records, "artifact_uris": uris})
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(i: u64, experiment: Option<&str>) -> EpisodeRecord {
        EpisodeRecord {
            episode_id: format!("ep-{i}"),
            run_id: format!("run-{i}"),
            capability_id: "integer.compute.gcd".into(),
            mode: Mode::Explore,
            experiment_id: experiment.map(str::to_owned),
            request_digest: Digest::of_bytes(&i.to_le_bytes()),
            result_digest: Digest::of_bytes(b"r"),
            status: ExecutionStatus::Succeeded,
            stage: Stage::Persistence,
            assurance: AssuranceLevel::Computed,
            completeness: CompletenessState::Complete,
            scope: "pair".into(),
            artifact_uris: vec![],
            accounting: Accounting { queue_ms: 1.0, wall_ms: 2.0, cpu_ms: 1.5 },
            started_unix_ms: 1,
            finished_unix_ms: 2,
        }
    }

    #[test]
    fn records_survive_reopening_and_a_torn_tail_is_cut() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("episodes.jsonl");
        {
            let log = EpisodeLog::open(&path, Durability::Fsync).unwrap();
            log.append(&record(1, Some("e1"))).unwrap();
            log.append(&record(2, None)).unwrap();
            log.append(&record(3, Some("e1"))).unwrap();
        }
        // A crash mid-write.
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"episode_id\":\"ep-4\",\"run").unwrap();
        drop(f);
        let log = EpisodeLog::open(&path, Durability::Process).unwrap();
        assert_eq!(log.total(), 3);
        let e1 = log.experiment("e1").unwrap();
        assert_eq!(e1.iter().map(|r| r.episode_id.as_str()).collect::<Vec<_>>(), vec!["ep-1", "ep-3"]);
        log.append(&record(5, Some("e1"))).unwrap();
        log.flush().unwrap();
        drop(log);
        let reopened = EpisodeLog::open(&path, Durability::Process).unwrap();
        assert_eq!(reopened.total(), 4);
        assert_eq!(reopened.experiment("e1").unwrap().len(), 3);
        let accounting = experiment_view("e1", &reopened.experiment("e1").unwrap(), ExperimentView::Accounting);
        assert_eq!(accounting["total"]["wall_ms"], 6.0);
        assert_eq!(accounting["by_status"]["SUCCEEDED"], 3);
    }
}
