//! The PostgreSQL artifact store: one database shared by any number of Jacobian processes.
//!
//! Tables (created by the versioned migrations below, applied at open under an advisory lock):
//! `artifact_objects` holds one row per stored object and tenant with its size;
//! `artifact_chunks` its bytes in chunks of [`CHUNK_BYTES`] (storage EXTERNAL: the bytes are
//! content-addressed and mostly incompressible, so PostgreSQL does not try); `artifact_manifests`
//! the manifest as JSON text, with its schema URI in a column of its own. Every table is keyed by
//! tenant, so tenants share nothing. `episodes` holds every tenant's episode records (JSON
//! text, in append order), so an experiment run through several processes reads as one.
//! `tenant_runs` holds the runs in flight on every process, for per-tenant limits that hold
//! across processes and for cancellation from any of them; a row expires when its run's
//! deadline has certainly passed, so a process that dies frees its tenants' slots without
//! anyone's help. A cancellation marks the run's row and sends `NOTIFY jacobian_cancel` in the
//! same transaction; every process LISTENs on a connection of its own, and when it
//! (re)connects it also reads the marks it may have missed.
//!
//! A tenant's reasoning runs are rows of `reasoning_runs` and their calls rows of
//! `reasoning_calls`, so an entry reads and writes one run and at most one call, however many
//! calls the run has.
//!
//! `tenant_storage` keeps each tenant's stored bytes and artifacts, updated last in the
//! transaction of every put that adds an object; a put held to a tenant's storage quotas checks
//! the figure that update returns (under the row's lock, so counting every process's committed
//! puts) and rolls back past a quota.
//!
//! A put is one transaction: the object row, its chunks and the manifest become visible
//! together or not at all, so a reader never sees a torn artifact and a writer killed mid-put
//! leaves nothing. Two writers of the same artifact (two replicas) meet on the primary keys:
//! `INSERT … ON CONFLICT DO NOTHING` makes the second wait for the first's commit and then find
//! the row, so it writes no chunk and reads the first's manifest back (another schema URI is a
//! conflict, as in every store). Every read re-hashes the bytes.
//!
//! `postgres::Client` drives its own small runtime and must not be called from inside a tokio
//! runtime, so the store owns a few plain threads, each with one connection, which take jobs
//! from a channel; a caller blocks on the answer, as it would on a file read.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use postgres::{Client, GenericClient, NoTls};

use super::{
    Artifact, ArtifactStore, ArtifactUri, Manifest, NewArtifact, StoreBound, StoreLimits, StoreUsage, check_new,
    manifest_for, reconcile,
};
use crate::canonical::Digest;
use crate::error::{Error, Result};

/// Bytes per stored chunk.
pub const CHUNK_BYTES: usize = 1 << 20;
/// Connections (and threads) per store handle.
const CONNECTIONS: usize = 4;
/// Key of the advisory lock that serializes migrations across processes.
const MIGRATION_LOCK: i64 = 0x6a61_636f_6269_616e; // "jacobian"

/// The schema, one migration per version, applied in order and never edited once released.
const MIGRATIONS: &[(i32, &str)] = &[
    (
        1,
        "CREATE TABLE artifact_objects (
             tenant text NOT NULL,
             digest bytea NOT NULL,
             size bigint NOT NULL CHECK (size >= 0),
             PRIMARY KEY (tenant, digest)
         );
         CREATE TABLE artifact_chunks (
             tenant text NOT NULL,
             digest bytea NOT NULL,
             seq integer NOT NULL,
             data bytea NOT NULL,
             PRIMARY KEY (tenant, digest, seq),
             FOREIGN KEY (tenant, digest) REFERENCES artifact_objects ON DELETE CASCADE
         );
         ALTER TABLE artifact_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
         CREATE TABLE artifact_manifests (
             tenant text NOT NULL,
             digest bytea NOT NULL,
             schema_uri text NOT NULL,
             manifest text NOT NULL,
             PRIMARY KEY (tenant, digest),
             FOREIGN KEY (tenant, digest) REFERENCES artifact_objects
         );",
    ),
    (
        2,
        "CREATE TABLE episodes (
             tenant text NOT NULL,
             seq bigserial NOT NULL,
             experiment_id text,
             record text NOT NULL,
             PRIMARY KEY (tenant, seq)
         );
         CREATE INDEX episodes_by_experiment ON episodes (tenant, experiment_id, seq)
             WHERE experiment_id IS NOT NULL;",
    ),
    (
        3,
        "CREATE TABLE tenant_runs (
             tenant text NOT NULL,
             holder text NOT NULL,
             run_id text NOT NULL,
             expires_at timestamptz NOT NULL,
             PRIMARY KEY (tenant, holder, run_id)
         );",
    ),
    (
        4,
        "ALTER TABLE tenant_runs ADD COLUMN cancel_requested boolean NOT NULL DEFAULT false;
         CREATE INDEX tenant_runs_by_run ON tenant_runs (run_id);",
    ),
    (
        5,
        "CREATE TABLE reasoning_counters (
             tenant text PRIMARY KEY,
             next bigint NOT NULL
         );
         CREATE TABLE reasoning_runs (
             tenant text NOT NULL,
             run_id text NOT NULL,
             state text NOT NULL,
             PRIMARY KEY (tenant, run_id)
         );
         CREATE TABLE reasoning_entries (
             tenant text NOT NULL,
             seq bigserial NOT NULL,
             line text NOT NULL,
             PRIMARY KEY (tenant, seq)
         );",
    ),
    (
        6,
        "CREATE TABLE tenant_cpu (
             tenant text NOT NULL,
             at timestamptz NOT NULL DEFAULT now(),
             seconds float8 NOT NULL CHECK (seconds >= 0)
         );
         CREATE INDEX tenant_cpu_by_time ON tenant_cpu (tenant, at);",
    ),
    (
        7,
        "CREATE TABLE tenant_tokens (
             digest bytea PRIMARY KEY CHECK (length(digest) = 32),
             tenant text NOT NULL,
             label text NOT NULL DEFAULT '',
             created timestamptz NOT NULL DEFAULT now()
         );
         CREATE INDEX tenant_tokens_by_tenant ON tenant_tokens (tenant);",
    ),
    (
        8,
        "CREATE TABLE tenant_storage (
             tenant text PRIMARY KEY,
             bytes bigint NOT NULL CHECK (bytes >= 0),
             artifacts bigint NOT NULL CHECK (artifacts >= 0)
         );
         INSERT INTO tenant_storage (tenant, bytes, artifacts)
             SELECT o.tenant, coalesce(sum(o.size), 0), count(*)
             FROM artifact_objects o JOIN artifact_manifests m USING (tenant, digest)
             GROUP BY o.tenant;",
    ),
    (
        9,
        "CREATE TABLE reasoning_calls (
             tenant text NOT NULL,
             run_id text NOT NULL,
             call_id text NOT NULL,
             state text NOT NULL,
             PRIMARY KEY (tenant, run_id, call_id)
         );
         INSERT INTO reasoning_calls (tenant, run_id, call_id, state)
             SELECT r.tenant, r.run_id, c.key, c.value::text
             FROM reasoning_runs r, jsonb_each(r.state::jsonb -> 'calls') c
             WHERE jsonb_typeof(r.state::jsonb -> 'calls') = 'object';
         UPDATE reasoning_runs SET state = (state::jsonb - 'calls')::text;",
    ),
];

/// A bearer token in the tenant registry (its digest only: the token itself is never stored).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegisteredToken {
    /// The tenant it authenticates.
    pub tenant: String,
    /// SHA-256 of the token, in hexadecimal.
    pub sha256: String,
    /// The operator's note.
    pub label: String,
    /// When it was registered (RFC 3339, UTC).
    pub created: String,
}

/// The version a database's schema is at (0 before the first migration).
const SCHEMA_VERSION: &str = "SELECT coalesce(max(version), 0) FROM schema_migrations";

/// The channel cancellations are announced on; the payload is `<holder> <run id>`.
const CANCEL_CHANNEL: &str = "jacobian_cancel";

type Job = Box<dyn FnOnce(&mut Client) + Send>;

/// Connections shared by every tenant's store on one database.
struct Pool {
    config: postgres::Config,
    jobs: Mutex<Option<SyncSender<Job>>>,
    workers: Mutex<Vec<JoinHandle<()>>>,
    /// Tells the listening thread (if any) to stop.
    stop: Arc<AtomicBool>,
}

impl Pool {
    /// Starts `CONNECTIONS` connection threads, the first of which connects and migrates the
    /// schema before this returns (the others connect on their first job). Connecting happens
    /// on those threads, so this may be called from anywhere, a tokio runtime included.
    fn connect(url: &str) -> Result<Arc<Pool>> {
        let mut config: postgres::Config = url.parse().map_err(|e| db("reading the PostgreSQL URL", e))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(10));
        }
        let (tx, rx) = sync_channel::<Job>(CONNECTIONS * 4);
        let rx = Arc::new(Mutex::new(rx));
        let (ready, first) = sync_channel::<Result<()>>(1);
        let mut workers = Vec::with_capacity(CONNECTIONS);
        for i in 0..CONNECTIONS {
            let (rx, config, ready) = (Arc::clone(&rx), config.clone(), (i == 0).then(|| ready.clone()));
            let worker = std::thread::Builder::new()
                .name(format!("jacobian-pg-{i}"))
                .spawn(move || {
                    let mut client = None;
                    if let Some(ready) = ready {
                        let opened = config
                            .connect(NoTls)
                            .map_err(|e| db("connecting to PostgreSQL", e))
                            .and_then(|mut c| migrate(&mut c).map(|()| c));
                        match opened {
                            Ok(c) => {
                                client = Some(c);
                                let _ = ready.send(Ok(()));
                            }
                            Err(e) => {
                                let _ = ready.send(Err(e));
                                return;
                            }
                        }
                    }
                    serve(&config, client, &rx)
                })
                .map_err(|e| Error::Config(format!("starting a PostgreSQL connection thread: {e}")))?;
            workers.push(worker);
        }
        drop(ready);
        let pool = Arc::new(Pool {
            config,
            jobs: Mutex::new(Some(tx)),
            workers: Mutex::new(workers),
            stop: Arc::new(AtomicBool::new(false)),
        });
        first.recv().map_err(|_| closed())??;
        Ok(pool)
    }

    /// Runs `f` on a connection without waiting for it.
    fn submit(&self, f: impl FnOnce(&mut Client) + Send + 'static) {
        let sender = self.jobs.lock().ok().and_then(|jobs| jobs.clone());
        if let Some(sender) = sender {
            let _ = sender.send(Box::new(f));
        }
    }

    /// Runs `f` on a connection and waits for its answer.
    fn run<T: Send + 'static>(&self, f: impl FnOnce(&mut Client) -> Result<T> + Send + 'static) -> Result<T> {
        let (reply, answer) = sync_channel(1);
        let job: Job = Box::new(move |client| {
            let _ = reply.send(f(client));
        });
        let sender = self.jobs.lock().map_err(|_| closed())?.clone().ok_or_else(closed)?;
        sender.send(job).map_err(|_| closed())?;
        answer.recv().map_err(|_| closed())?
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Ok(mut jobs) = self.jobs.lock() {
            jobs.take();
        }
        if let Ok(mut workers) = self.workers.lock() {
            // The last handle may be dropped on one of these threads (the listener's callback);
            // that one is not joined, it ends on its own.
            for w in workers.drain(..).filter(|w| w.thread().id() != std::thread::current().id()) {
                let _ = w.join();
            }
        }
    }
}

/// A connection thread: takes jobs until the pool is dropped, reconnecting when the server
/// closed the connection (a restart, an idle timeout).
fn serve(config: &postgres::Config, mut client: Option<Client>, jobs: &Mutex<Receiver<Job>>) {
    loop {
        let job = match jobs.lock() {
            Ok(rx) => match rx.recv() {
                Ok(job) => job,
                Err(_) => return,
            },
            Err(_) => return,
        };
        if client.as_ref().is_none_or(Client::is_closed) {
            client = config.connect(NoTls).ok();
        }
        match client.as_mut() {
            Some(c) => job(c),
            // The job is dropped, so its caller sees the pool as unavailable.
            None => drop(job),
        }
    }
}

fn closed() -> Error {
    Error::Database { context: "reaching PostgreSQL", reason: "no connection to the database".into() }
}

fn db(context: &'static str, e: impl std::fmt::Display) -> Error {
    Error::Database { context, reason: e.to_string() }
}

/// Applies the migrations this build knows and the database lacks, under an advisory lock so
/// that replicas starting together migrate once. A database migrated past this build (by a
/// newer Jacobian) is refused rather than written with an old schema.
fn migrate(client: &mut Client) -> Result<()> {
    client.execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK]).map_err(|e| db("locking the schema", e))?;
    let result = (|| {
        client
            .batch_execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (
                     version integer PRIMARY KEY,
                     applied_at timestamptz NOT NULL DEFAULT now()
                 )",
            )
            .map_err(|e| db("creating schema_migrations", e))?;
        let current: i32 = client
            .query_one(SCHEMA_VERSION, &[])
            .and_then(|row| row.try_get(0))
            .map_err(|e| db("reading the schema version", e))?;
        let known = MIGRATIONS.last().map_or(0, |m| m.0);
        if current > known {
            return Err(Error::Config(format!(
                "the database's schema is at version {current}, newer than this build's {known}"
            )));
        }
        for (version, sql) in MIGRATIONS.iter().filter(|m| m.0 > current) {
            let mut tx = client.transaction().map_err(|e| db("migrating the schema", e))?;
            tx.batch_execute(sql).map_err(|e| db("migrating the schema", e))?;
            tx.execute("INSERT INTO schema_migrations (version) VALUES ($1)", &[version])
                .map_err(|e| db("recording a migration", e))?;
            tx.commit().map_err(|e| db("migrating the schema", e))?;
        }
        Ok(())
    })();
    let unlocked = client.execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK]);
    result?;
    unlocked.map(drop).map_err(|e| db("unlocking the schema", e))
}

/// The listening thread of [`PgDatabase::listen_for_cancellations`].
fn listen(config: &postgres::Config, stop: &AtomicBool, holder: &str, cancel: &dyn Fn(&str)) {
    use postgres::fallible_iterator::FallibleIterator;
    const TICK: Duration = Duration::from_millis(250);
    while !stop.load(Ordering::SeqCst) {
        let Ok(mut client) = config.connect(NoTls) else {
            std::thread::sleep(TICK * 4);
            continue;
        };
        if client.batch_execute(&format!("LISTEN {CANCEL_CHANNEL}")).is_err() {
            continue;
        }
        let missed = "SELECT run_id FROM tenant_runs WHERE holder = $1 AND cancel_requested AND expires_at >= now()";
        match client.query(missed, &[&holder]) {
            Ok(rows) => rows.iter().filter_map(|r| r.try_get::<_, &str>(0).ok()).for_each(cancel),
            Err(_) => continue,
        }
        while !stop.load(Ordering::SeqCst) {
            let next = client.notifications().timeout_iter(TICK).next();
            match next {
                Ok(Some(note)) => {
                    if let Some((to, run_id)) = note.payload().split_once(' ')
                        && to == holder
                    {
                        cancel(run_id);
                    }
                }
                Ok(None) if !client.is_closed() => {}
                _ => break,
            }
        }
    }
}

/// A handle on one database, from which each tenant's store is taken.
#[derive(Clone)]
pub struct PgDatabase {
    pool: Arc<Pool>,
}

impl std::fmt::Debug for PgDatabase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PgDatabase")
    }
}

impl PgDatabase {
    /// Connects to `url` (`postgres://user@host/db`, or `host=/run/postgresql dbname=…`) and
    /// brings its schema up to date.
    pub fn connect(url: &str) -> Result<Self> {
        Ok(PgDatabase { pool: Pool::connect(url)? })
    }

    /// The artifact store of one tenant.
    pub fn store(&self, tenant: &str) -> PgArtifactStore {
        PgArtifactStore { pool: Arc::clone(&self.pool), tenant: Arc::from(tenant), limits: StoreLimits::default() }
    }

    /// Appends one episode record (JSON text) of `tenant`; durable once this returns.
    pub fn append_episode(&self, tenant: &str, experiment_id: Option<&str>, record: &str) -> Result<()> {
        let (tenant, experiment, record) = (tenant.to_owned(), experiment_id.map(str::to_owned), record.to_owned());
        self.pool.run(move |c| {
            c.execute(
                "INSERT INTO episodes (tenant, experiment_id, record) VALUES ($1, $2, $3)",
                &[&tenant, &experiment, &record],
            )
            .map(drop)
            .map_err(|e| db("appending an episode record", e))
        })
    }

    /// The episode records of one experiment of `tenant`, in append order.
    pub fn experiment_records(&self, tenant: &str, experiment_id: &str) -> Result<Vec<String>> {
        let (tenant, experiment) = (tenant.to_owned(), experiment_id.to_owned());
        self.pool.run(move |c| {
            c.query(
                "SELECT record FROM episodes WHERE tenant = $1 AND experiment_id = $2 ORDER BY seq",
                &[&tenant, &experiment],
            )
            .and_then(|rows| rows.iter().map(|r| r.try_get(0)).collect())
            .map_err(|e| db("reading an experiment", e))
        })
    }

    /// How many episode records `tenant` has.
    pub fn episode_count(&self, tenant: &str) -> Result<u64> {
        self.count("SELECT count(*) FROM episodes WHERE tenant = $1", tenant, "counting episode records")
    }

    /// The count a query of one tenant parameter answers.
    fn count(&self, sql: &'static str, tenant: &str, context: &'static str) -> Result<u64> {
        let tenant = tenant.to_owned();
        self.pool.run(move |c| {
            c.query_one(sql, &[&tenant])
                .and_then(|row| row.try_get::<_, i64>(0))
                .map(|n| n.max(0) as u64)
                .map_err(|e| db(context, e))
        })
    }

    /// Claims one of `limit` run slots of `tenant` across every process on the database, for
    /// at most `ttl` (past its deadline a run is over, so a slot whose process died frees
    /// itself then). False when the tenant already holds `limit` slots.
    pub fn claim_run(&self, tenant: &str, holder: &str, run_id: &str, limit: usize, ttl: Duration) -> Result<bool> {
        let (tenant, holder, run_id) = (tenant.to_owned(), holder.to_owned(), run_id.to_owned());
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let ttl = ttl.as_secs_f64();
        self.pool.run(move |c| {
            let fail = |e| db("counting a tenant's runs", e);
            let mut tx = c.transaction().map_err(fail)?;
            // One tenant's claims are serialized; other tenants' go on in parallel.
            tx.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 74))", &[&tenant]).map_err(fail)?;
            tx.execute("DELETE FROM tenant_runs WHERE tenant = $1 AND expires_at < now()", &[&tenant]).map_err(fail)?;
            let held: i64 = tx
                .query_one("SELECT count(*) FROM tenant_runs WHERE tenant = $1", &[&tenant])
                .and_then(|row| row.try_get(0))
                .map_err(fail)?;
            if held >= limit {
                return Ok(false);
            }
            tx.execute(
                "INSERT INTO tenant_runs (tenant, holder, run_id, expires_at)
                 VALUES ($1, $2, $3, now() + make_interval(secs => $4::float8)) ON CONFLICT DO NOTHING",
                &[&tenant, &holder, &run_id, &ttl],
            )
            .map_err(fail)?;
            tx.commit().map_err(fail)?;
            Ok(true)
        })
    }

    /// Asks whichever process runs `run_id` to cancel it: marks its row and notifies the
    /// holder. False when no process has such a run in flight.
    pub fn request_cancel(&self, run_id: &str) -> Result<bool> {
        let run_id = run_id.to_owned();
        self.pool.run(move |c| {
            let fail = |e| db("requesting a cancellation", e);
            let mut tx = c.transaction().map_err(fail)?;
            let holders = tx
                .query(
                    "UPDATE tenant_runs SET cancel_requested = true
                     WHERE run_id = $1 AND expires_at >= now() RETURNING holder",
                    &[&run_id],
                )
                .map_err(fail)?;
            for row in &holders {
                let holder: String = row.try_get(0).map_err(fail)?;
                tx.execute("SELECT pg_notify($1, $2)", &[&CANCEL_CHANNEL, &format!("{holder} {run_id}")])
                    .map_err(fail)?;
            }
            tx.commit().map_err(fail)?;
            Ok(!holders.is_empty())
        })
    }

    /// Calls `cancel` with the id of every run of `holder` whose cancellation another process
    /// requests, on a thread and connection of its own, until the database handle is dropped.
    /// After every (re)connection it also reads the requests it may have missed.
    pub fn listen_for_cancellations(&self, holder: &str, cancel: impl Fn(&str) + Send + 'static) -> Result<()> {
        let (config, stop, holder) = (self.pool.config.clone(), Arc::clone(&self.pool.stop), holder.to_owned());
        let listener = std::thread::Builder::new()
            .name("jacobian-pg-listen".into())
            .spawn(move || listen(&config, &stop, &holder, &cancel))
            .map_err(|e| Error::Config(format!("starting the PostgreSQL listener: {e}")))?;
        if let Ok(mut workers) = self.pool.workers.lock() {
            workers.push(listener);
        }
        Ok(())
    }

    /// Frees a slot taken by [`PgDatabase::claim_run`], without waiting for the database (a
    /// release that is lost expires with its slot).
    pub fn release_run(&self, tenant: &str, holder: &str, run_id: &str) {
        let (tenant, holder, run_id) = (tenant.to_owned(), holder.to_owned(), run_id.to_owned());
        self.pool.submit(move |c| {
            let sql = "DELETE FROM tenant_runs WHERE tenant = $1 AND holder = $2 AND run_id = $3";
            if let Err(e) = c.execute(sql, &[&tenant, &holder, &run_id]) {
                tracing::warn!(error = %e, "releasing a tenant's run slot failed; it expires with its deadline");
            }
        });
    }

    /// Records the CPU time of one finished run of `tenant`, and forgets the tenant's records
    /// older than `window`, without waiting for the database (a record that is lost is CPU time
    /// the quota does not count).
    pub fn record_cpu(&self, tenant: &str, cpu: Duration, window: Duration) {
        let (tenant, seconds, window) = (tenant.to_owned(), cpu.as_secs_f64(), window.as_secs_f64());
        self.pool.submit(move |c| {
            let recorded = c
                .execute(
                    "DELETE FROM tenant_cpu WHERE tenant = $1 AND at <= now() - make_interval(secs => $2::float8)",
                    &[&tenant, &window],
                )
                .and_then(|_| {
                    c.execute("INSERT INTO tenant_cpu (tenant, seconds) VALUES ($1, $2)", &[&tenant, &seconds])
                });
            if let Err(e) = recorded {
                tracing::warn!(error = %e, "recording a tenant's CPU time failed");
            }
        });
    }

    /// The CPU seconds `tenant`'s runs on every process spent within the last `window`, and how
    /// long ago the oldest of them ended: one read, as admission asks it for every run.
    pub fn cpu_spent(&self, tenant: &str, window: Duration) -> Result<(f64, Option<f64>)> {
        let (tenant, window) = (tenant.to_owned(), window.as_secs_f64());
        self.pool.run(move |c| {
            let fail = |e| db("counting a tenant's CPU seconds", e);
            let row = c
                .query_one(
                    "SELECT coalesce(sum(seconds), 0)::float8, extract(epoch FROM now() - min(at))::float8
                     FROM tenant_cpu WHERE tenant = $1 AND at > now() - make_interval(secs => $2::float8)",
                    &[&tenant, &window],
                )
                .map_err(fail)?;
            Ok((row.try_get(0).map_err(fail)?, row.try_get(1).map_err(fail)?))
        })
    }

    /// Runs of `tenant` in flight on every process.
    pub fn runs_in_flight(&self, tenant: &str) -> Result<u64> {
        let sql = "SELECT count(*) FROM tenant_runs WHERE tenant = $1 AND expires_at >= now()";
        self.count(sql, tenant, "counting a tenant's runs")
    }

    /// Registers a bearer token of `tenant` by its SHA-256 digest; a digest registered already
    /// is refused.
    pub fn register_token(&self, tenant: &str, sha256: [u8; 32], label: &str) -> Result<()> {
        let (tenant, label) = (tenant.to_owned(), label.to_owned());
        self.pool.run(move |c| {
            let n = c
                .execute(
                    "INSERT INTO tenant_tokens (digest, tenant, label) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                    &[&sha256.as_slice(), &tenant, &label],
                )
                .map_err(|e| db("registering a token", e))?;
            if n == 0 {
                return Err(Error::Config("this token is registered already".into()));
            }
            Ok(())
        })
    }

    /// The tenant a token's digest authenticates, if it is registered.
    pub fn token_tenant(&self, sha256: [u8; 32]) -> Result<Option<String>> {
        self.pool.run(move |c| {
            let row = c
                .query_opt("SELECT tenant FROM tenant_tokens WHERE digest = $1", &[&sha256.as_slice()])
                .map_err(|e| db("looking a token up", e))?;
            row.map(|r| r.try_get(0)).transpose().map_err(|e| db("looking a token up", e))
        })
    }

    /// Every registered token, by tenant and age.
    pub fn registered_tokens(&self) -> Result<Vec<RegisteredToken>> {
        self.pool.run(|c| {
            let fail = |e| db("listing tokens", e);
            let rows = c
                .query(
                    "SELECT tenant, encode(digest, 'hex'), label,
                            to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')
                     FROM tenant_tokens ORDER BY tenant, created",
                    &[],
                )
                .map_err(fail)?;
            rows.iter()
                .map(|r| {
                    Ok(RegisteredToken {
                        tenant: r.try_get(0).map_err(fail)?,
                        sha256: r.try_get(1).map_err(fail)?,
                        label: r.try_get(2).map_err(fail)?,
                        created: r.try_get(3).map_err(fail)?,
                    })
                })
                .collect()
        })
    }

    /// Removes the tokens whose digest starts with the hexadecimal `prefix`, or every token of
    /// `tenant`; how many were removed.
    pub fn revoke_tokens(&self, tenant: Option<&str>, prefix: Option<&str>) -> Result<u64> {
        if tenant.is_none() && prefix.is_none() {
            return Err(Error::Config("name the tokens to revoke: a tenant, a digest prefix or both".into()));
        }
        if prefix.is_some_and(|p| p.len() < 8 || !p.bytes().all(|b| b.is_ascii_hexdigit())) {
            return Err(Error::Config("a digest prefix is at least 8 hexadecimal digits".into()));
        }
        let (tenant, prefix) = (tenant.map(str::to_owned), prefix.map(|p| format!("{}%", p.to_ascii_lowercase())));
        self.pool.run(move |c| {
            c.execute(
                "DELETE FROM tenant_tokens
                 WHERE ($1::text IS NULL OR tenant = $1) AND ($2::text IS NULL OR encode(digest, 'hex') LIKE $2)",
                &[&tenant, &prefix],
            )
            .map_err(|e| db("revoking tokens", e))
        })
    }

    /// The schema version the database is at.
    pub fn schema_version(&self) -> Result<i32> {
        self.pool.run(|c| {
            c.query_one(SCHEMA_VERSION, &[])
                .and_then(|row| row.try_get(0))
                .map_err(|e| db("reading the schema version", e))
        })
    }
}

/// One transaction on a tenant's reasoning log, which holds the tenant's advisory lock: the
/// reasoning runs' states (opaque text to the database), an entry counter and the appended
/// lines. Everything it writes commits together, or nothing does.
pub struct ReasoningTx<'a> {
    tx: postgres::Transaction<'a>,
    tenant: String,
}

impl ReasoningTx<'_> {
    /// The tenant's next entry number (1, 2, …).
    pub fn next_number(&mut self) -> Result<u64> {
        self.tx
            .query_one(
                "INSERT INTO reasoning_counters (tenant, next) VALUES ($1, 1)
                 ON CONFLICT (tenant) DO UPDATE SET next = reasoning_counters.next + 1 RETURNING next",
                &[&self.tenant],
            )
            .and_then(|row| row.try_get::<_, i64>(0))
            .map(|n| n.max(0) as u64)
            .map_err(|e| db("numbering a reasoning entry", e))
    }

    /// The stored state of one run, if the tenant has it.
    pub fn load(&mut self, run_id: &str) -> Result<Option<String>> {
        self.tx
            .query_opt("SELECT state FROM reasoning_runs WHERE tenant = $1 AND run_id = $2", &[&self.tenant, &run_id])
            .and_then(|row| row.map(|r| r.try_get(0)).transpose())
            .map_err(|e| db("reading a reasoning run", e))
    }

    /// The stored state of one call of a run, if the run has it.
    pub fn load_call(&mut self, run_id: &str, call_id: &str) -> Result<Option<String>> {
        self.tx
            .query_opt(
                "SELECT state FROM reasoning_calls WHERE tenant = $1 AND run_id = $2 AND call_id = $3",
                &[&self.tenant, &run_id, &call_id],
            )
            .and_then(|row| row.map(|r| r.try_get(0)).transpose())
            .map_err(|e| db("reading a reasoning call", e))
    }

    /// Stores one call's state.
    pub fn store_call(&mut self, run_id: &str, call_id: &str, state: &str) -> Result<()> {
        self.tx
            .execute(
                "INSERT INTO reasoning_calls (tenant, run_id, call_id, state) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (tenant, run_id, call_id) DO UPDATE SET state = excluded.state",
                &[&self.tenant, &run_id, &call_id, &state],
            )
            .map(drop)
            .map_err(|e| db("storing a reasoning call", e))
    }

    /// How many runs the tenant has.
    pub fn runs(&mut self) -> Result<u64> {
        self.tx
            .query_one("SELECT count(*) FROM reasoning_runs WHERE tenant = $1", &[&self.tenant])
            .and_then(|row| row.try_get::<_, i64>(0))
            .map(|n| n.max(0) as u64)
            .map_err(|e| db("counting reasoning runs", e))
    }

    /// Stores one run's state.
    pub fn store(&mut self, run_id: &str, state: &str) -> Result<()> {
        self.tx
            .execute(
                "INSERT INTO reasoning_runs (tenant, run_id, state) VALUES ($1, $2, $3)
                 ON CONFLICT (tenant, run_id) DO UPDATE SET state = excluded.state",
                &[&self.tenant, &run_id, &state],
            )
            .map(drop)
            .map_err(|e| db("storing a reasoning run", e))
    }

    /// Appends one line to the tenant's log.
    pub fn append(&mut self, line: &str) -> Result<()> {
        self.tx
            .execute("INSERT INTO reasoning_entries (tenant, line) VALUES ($1, $2)", &[&self.tenant, &line])
            .map(drop)
            .map_err(|e| db("appending to the reasoning log", e))
    }
}

impl PgDatabase {
    /// Runs `f` in one transaction on `tenant`'s reasoning log, serialized with every other
    /// process's on the same tenant. It commits when `f` answers `Ok(Ok(_))` and rolls back
    /// otherwise (`Ok(Err(_))`: the log refused the change).
    pub fn reasoning<T: Send + 'static, E: Send + 'static>(
        &self,
        tenant: &str,
        f: impl FnOnce(&mut ReasoningTx<'_>) -> Result<std::result::Result<T, E>> + Send + 'static,
    ) -> Result<std::result::Result<T, E>> {
        let tenant = tenant.to_owned();
        self.pool.run(move |c| {
            let fail = |e| db("updating the reasoning log", e);
            let mut tx = c.transaction().map_err(fail)?;
            tx.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 75))", &[&tenant]).map_err(fail)?;
            let mut rtx = ReasoningTx { tx, tenant };
            let answer = f(&mut rtx)?;
            if answer.is_ok() {
                rtx.tx.commit().map_err(fail)?;
            }
            Ok(answer)
        })
    }

    /// The lines of `tenant`'s reasoning log, in append order.
    pub fn reasoning_lines(&self, tenant: &str) -> Result<Vec<String>> {
        let tenant = tenant.to_owned();
        self.pool.run(move |c| {
            c.query("SELECT line FROM reasoning_entries WHERE tenant = $1 ORDER BY seq", &[&tenant])
                .and_then(|rows| rows.iter().map(|r| r.try_get(0)).collect())
                .map_err(|e| db("reading the reasoning log", e))
        })
    }
}

/// One tenant's artifacts in a PostgreSQL database.
pub struct PgArtifactStore {
    pool: Arc<Pool>,
    tenant: Arc<str>,
    limits: StoreLimits,
}

impl std::fmt::Debug for PgArtifactStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgArtifactStore").field("tenant", &self.tenant).finish()
    }
}

impl PgArtifactStore {
    /// Replaces the limits.
    pub fn with_limits(mut self, limits: StoreLimits) -> Self {
        self.limits = limits;
        self
    }
}

fn read_manifest(c: &mut impl GenericClient, tenant: &str, digest: &[u8]) -> Result<Option<Manifest>> {
    let row = c
        .query_opt("SELECT manifest FROM artifact_manifests WHERE tenant = $1 AND digest = $2", &[&tenant, &digest])
        .map_err(|e| db("reading a manifest", e))?;
    match row {
        None => Ok(None),
        Some(row) => {
            let text: String = row.try_get(0).map_err(|e| db("reading a manifest", e))?;
            Ok(Some(serde_json::from_str(&text)?))
        }
    }
}

impl PgArtifactStore {
    /// Stores `new` in one transaction. The tenant's usage row is updated last, when the object
    /// is new, so its lock is held only from there to the commit and every put takes its locks
    /// in one order (object, then usage). Held to `bound`, the put reads the usage the update
    /// returns, which counts every process's committed puts, and rolls back past the bound.
    fn store(&self, new: &NewArtifact<'_>, bound: Option<StoreBound>) -> Result<Manifest> {
        check_new(self, new)?;
        let uri = ArtifactUri::from_digest(Digest::of_bytes(new.bytes));
        let manifest = manifest_for(uri, new);
        let text = serde_json::to_string(&manifest)?;
        let bytes: Arc<[u8]> = Arc::from(new.bytes);
        let (tenant, schema) = (Arc::clone(&self.tenant), new.schema_uri.to_owned());
        let stored = self.pool.run(move |c| {
            let digest = uri.digest();
            let key = &digest.as_bytes()[..];
            let size = bytes.len() as i64;
            let mut tx = c.transaction().map_err(|e| db("storing an artifact", e))?;
            // A second writer of the same object waits here for the first's commit, then finds
            // it stored: an artifact already stored takes no space and is never refused.
            let fresh = !tx
                .query(
                    "INSERT INTO artifact_objects (tenant, digest, size) VALUES ($1, $2, $3)
                     ON CONFLICT DO NOTHING RETURNING 1",
                    &[&&*tenant, &key, &size],
                )
                .map_err(|e| db("storing an artifact", e))?
                .is_empty();
            if fresh {
                let insert = tx
                    .prepare("INSERT INTO artifact_chunks (tenant, digest, seq, data) VALUES ($1, $2, $3, $4)")
                    .map_err(|e| db("storing an artifact", e))?;
                for (seq, chunk) in bytes.chunks(CHUNK_BYTES).enumerate() {
                    tx.execute(&insert, &[&&*tenant, &key, &(seq as i32), &chunk])
                        .map_err(|e| db("storing an artifact's bytes", e))?;
                }
            }
            let published = !tx
                .query(
                    "INSERT INTO artifact_manifests (tenant, digest, schema_uri, manifest) VALUES ($1, $2, $3, $4)
                     ON CONFLICT DO NOTHING RETURNING 1",
                    &[&&*tenant, &key, &schema, &text],
                )
                .map_err(|e| db("storing a manifest", e))?
                .is_empty();
            let existing = if published { None } else { read_manifest(&mut tx, &tenant, key)? };
            if fresh {
                let row = tx
                    .query_one(
                        "INSERT INTO tenant_storage (tenant, bytes, artifacts) VALUES ($1, $2, 1)
                         ON CONFLICT (tenant) DO UPDATE
                         SET bytes = tenant_storage.bytes + $2, artifacts = tenant_storage.artifacts + 1
                         RETURNING bytes, artifacts",
                        &[&&*tenant, &size],
                    )
                    .map_err(|e| db("counting the tenant's usage", e))?;
                if let Some(bound) = bound {
                    // Dropping the transaction rolls the object back.
                    let after = usage_of(&row);
                    let before = StoreUsage {
                        bytes: after.bytes.saturating_sub(size as u64),
                        artifacts: after.artifacts.saturating_sub(1),
                    };
                    bound.admit(before, size as u64, &tenant)?;
                }
            }
            tx.commit().map_err(|e| db("committing an artifact", e))?;
            Ok(existing)
        })?;
        match stored {
            None => Ok(manifest),
            Some(existing) => reconcile(existing, new),
        }
    }
}

/// A tenant's usage from a row of `tenant_storage` (bytes, artifacts).
fn usage_of(row: &postgres::Row) -> StoreUsage {
    StoreUsage { bytes: row.get::<_, i64>(0).max(0) as u64, artifacts: row.get::<_, i64>(1).max(0) as u64 }
}

impl ArtifactStore for PgArtifactStore {
    fn put(&self, new: &NewArtifact<'_>) -> Result<Manifest> {
        self.store(new, None)
    }

    fn shared(&self) -> bool {
        true
    }

    fn put_within(&self, new: &NewArtifact<'_>, bound: StoreBound) -> Result<Manifest> {
        self.store(new, Some(bound))
    }

    fn get(&self, uri: &ArtifactUri) -> Result<Artifact> {
        let (tenant, uri) = (Arc::clone(&self.tenant), *uri);
        let (manifest, bytes) = self.pool.run(move |c| {
            let digest = uri.digest();
            let key = &digest.as_bytes()[..];
            // One snapshot for the manifest and the chunks.
            let mut tx = c
                .build_transaction()
                .isolation_level(postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .map_err(|e| db("reading an artifact", e))?;
            let manifest = read_manifest(&mut tx, &tenant, key)?
                .ok_or_else(|| Error::ArtifactNotFound { uri: uri.to_string() })?;
            let mut bytes = Vec::with_capacity(usize::try_from(manifest.size).unwrap_or(0));
            let rows = tx
                .query(
                    "SELECT seq, data FROM artifact_chunks WHERE tenant = $1 AND digest = $2 ORDER BY seq",
                    &[&&*tenant, &key],
                )
                .map_err(|e| db("reading an artifact's bytes", e))?;
            for (i, row) in rows.iter().enumerate() {
                let seq: i32 = row.try_get(0).map_err(|e| db("reading an artifact's bytes", e))?;
                if usize::try_from(seq).ok() != Some(i) {
                    return Err(Error::ArtifactCorrupted {
                        uri: uri.to_string(),
                        reason: format!("chunk {i} is missing"),
                    });
                }
                let data: &[u8] = row.try_get(1).map_err(|e| db("reading an artifact's bytes", e))?;
                bytes.extend_from_slice(data);
            }
            tx.commit().map_err(|e| db("reading an artifact", e))?;
            Ok((manifest, bytes))
        })?;
        if bytes.len() as u64 != manifest.size || Digest::of_bytes(&bytes) != uri.digest() {
            return Err(Error::ArtifactCorrupted { uri: uri.to_string(), reason: "digest mismatch".into() });
        }
        Ok(Artifact { manifest, bytes: Arc::from(bytes) })
    }

    fn manifest(&self, uri: &ArtifactUri) -> Result<Manifest> {
        let (tenant, uri) = (Arc::clone(&self.tenant), *uri);
        self.pool
            .run(move |c| read_manifest(c, &tenant, &uri.digest().as_bytes()[..]))?
            .ok_or_else(|| Error::ArtifactNotFound { uri: uri.to_string() })
    }

    fn contains(&self, uri: &ArtifactUri) -> bool {
        let (tenant, uri) = (Arc::clone(&self.tenant), *uri);
        self.pool
            .run(move |c| {
                c.query_opt(
                    "SELECT 1 FROM artifact_manifests WHERE tenant = $1 AND digest = $2",
                    &[&&*tenant, &&uri.digest().as_bytes()[..]],
                )
                .map(|row| row.is_some())
                .map_err(|e| db("looking up an artifact", e))
            })
            .unwrap_or(false)
    }

    fn limits(&self) -> StoreLimits {
        self.limits
    }

    fn usage(&self) -> Result<StoreUsage> {
        let tenant = Arc::clone(&self.tenant);
        self.pool.run(move |c| {
            let row = c
                .query_opt("SELECT bytes, artifacts FROM tenant_storage WHERE tenant = $1", &[&&*tenant])
                .map_err(|e| db("measuring the store", e))?;
            Ok(row.as_ref().map_or(StoreUsage::default(), usage_of))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::artifact::suite;
    use crate::artifact::test_postgres::TestPostgres;

    /// A fresh database and two handles on it, as two processes would hold.
    fn two_processes() -> (TestPostgres, PgDatabase, PgDatabase) {
        let server = TestPostgres::start().unwrap();
        let url = server.database().unwrap();
        let (a, b) = (PgDatabase::connect(&url).unwrap(), PgDatabase::connect(&url).unwrap());
        (server, a, b)
    }

    #[test]
    fn passes_the_store_contract_keeps_tenants_apart_and_is_shared_by_replicas() {
        let server = TestPostgres::start().unwrap();
        let url = server.database().unwrap();
        let db = PgDatabase::connect(&url).unwrap();
        assert_eq!(db.schema_version().unwrap(), 9);
        let store = db.store("alice").with_limits(suite::LIMITS);
        let corrupt = |uri: &ArtifactUri| {
            let sql = format!(
                "UPDATE artifact_chunks SET data = set_byte(data, 0, get_byte(data, 0) # 1)
                 WHERE tenant = 'alice' AND digest = decode('{}', 'hex') AND seq = 1",
                uri.digest().hex()
            );
            server.execute(&url, &sql).unwrap();
        };
        suite::contract(&store, Some(&corrupt));
        suite::bounded(&store);

        // Another tenant on the same database sees nothing of alice's.
        let bob = db.store("bob").with_limits(suite::LIMITS);
        let first = ArtifactUri::from_digest(Digest::of_bytes(b"[1,2,3]"));
        assert!(store.contains(&first) && !bob.contains(&first));
        assert!(matches!(bob.get(&first), Err(Error::ArtifactNotFound { .. })));
        assert_eq!(bob.usage().unwrap(), StoreUsage::default());

        // A second process on the database (a replica) reads what the first wrote, and the
        // two write the same artifacts at once without a torn or doubled one.
        let replica = PgDatabase::connect(&url).unwrap();
        assert_eq!(&*replica.store("alice").get(&first).unwrap().bytes, b"[1,2,3]");
        suite::concurrent_writers(
            Arc::new(db.store("carol").with_limits(suite::LIMITS)),
            Arc::new(replica.store("carol").with_limits(suite::LIMITS)),
        );

        // A missing chunk is corruption, not a short artifact.
        server.execute(&url, "DELETE FROM artifact_chunks WHERE tenant = 'carol' AND seq = 1").unwrap();
        let usage = db.store("carol").usage().unwrap();
        assert_eq!(usage.artifacts, 6);
        let big = ArtifactUri::from_digest(Digest::of_bytes(&vec![b'a' + 5; 1000 + (5 << 18)]));
        assert!(matches!(db.store("carol").get(&big), Err(Error::ArtifactCorrupted { .. })));
    }

    #[test]
    fn episode_records_are_shared_in_order_and_kept_apart_by_tenant() {
        let (_server, a, b) = two_processes();
        for i in 0..6 {
            let via = if i % 2 == 0 { &a } else { &b };
            via.append_episode("alice", Some("tour"), &format!("{{\"n\":{i}}}")).unwrap();
        }
        a.append_episode("alice", None, "{}").unwrap();
        b.append_episode("bob", Some("tour"), "{\"bob\":true}").unwrap();
        let want: Vec<String> = (0..6).map(|i| format!("{{\"n\":{i}}}")).collect();
        assert_eq!(b.experiment_records("alice", "tour").unwrap(), want);
        assert_eq!(a.experiment_records("bob", "tour").unwrap(), vec!["{\"bob\":true}".to_owned()]);
        assert!(a.experiment_records("alice", "other").unwrap().is_empty());
        assert_eq!((a.episode_count("alice").unwrap(), b.episode_count("bob").unwrap()), (7, 1));
    }

    #[test]
    fn run_slots_are_counted_across_processes_and_expire() {
        let (_server, a, b) = two_processes();
        let long = Duration::from_secs(600);
        assert!(a.claim_run("alice", "p1", "r1", 2, long).unwrap());
        assert!(b.claim_run("alice", "p2", "r1", 2, long).unwrap(), "another process, its own run");
        assert!(!a.claim_run("alice", "p1", "r2", 2, long).unwrap(), "the third of two");
        assert!(b.claim_run("bob", "p2", "r2", 2, long).unwrap(), "another tenant is not held back");
        b.release_run("alice", "p2", "r1");
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while a.runs_in_flight("alice").unwrap() != 1 && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(a.claim_run("alice", "p1", "r2", 2, long).unwrap(), "a released slot is free");
        // Slots of a process that died expire with their runs' deadlines.
        assert!(a.claim_run("carol", "dead", "r1", 1, Duration::from_millis(50)).unwrap());
        assert!(!b.claim_run("carol", "p2", "r1", 1, long).unwrap());
        std::thread::sleep(Duration::from_millis(100));
        assert!(b.claim_run("carol", "p2", "r1", 1, long).unwrap());
    }

    #[test]
    fn cancellations_reach_their_holder_live_and_when_it_starts_listening() {
        let (_server, a, b) = two_processes();
        let long = Duration::from_secs(600);
        // A request made before the holder listens is read when it starts listening.
        assert!(a.claim_run("alice", "pa", "early", usize::MAX, long).unwrap());
        assert!(b.request_cancel("early").unwrap());
        assert!(!b.request_cancel("unknown").unwrap(), "no such run in flight");
        let (tx, rx) = std::sync::mpsc::channel::<String>();
        let tx = Mutex::new(tx);
        a.listen_for_cancellations("pa", move |run| {
            let _ = tx.lock().map(|t| t.send(run.to_owned()));
        })
        .unwrap();
        assert_eq!(rx.recv_timeout(Duration::from_secs(10)).unwrap(), "early");
        // A live request reaches its holder, and only its holder.
        assert!(a.claim_run("alice", "pa", "live", usize::MAX, long).unwrap());
        assert!(b.claim_run("alice", "pb", "other", usize::MAX, long).unwrap());
        assert!(b.request_cancel("other").unwrap());
        assert!(b.request_cancel("live").unwrap());
        assert_eq!(rx.recv_timeout(Duration::from_secs(10)).unwrap(), "live");
        assert!(rx.recv_timeout(Duration::from_millis(300)).is_err(), "another holder's run is not ours");
    }

    #[test]
    fn bounded_puts_hold_across_processes_and_the_count_survives_a_migration() {
        let server = TestPostgres::start().unwrap();
        let url = server.database().unwrap();
        let (a, b) = (PgDatabase::connect(&url).unwrap(), PgDatabase::connect(&url).unwrap());
        let (a, b) = (Arc::new(a.store("carol")), Arc::new(b.store("carol")));
        // Two processes, four writers each, eight distinct artifacts against a bound of five.
        let bound = StoreBound { stored_bytes: None, artifacts: Some(5) };
        let writers: Vec<_> = (0..8)
            .map(|i| {
                let store = if i % 2 == 0 { Arc::clone(&a) } else { Arc::clone(&b) };
                std::thread::spawn(move || {
                    let bytes = format!("{{\"writer\":{i}}}");
                    let new = NewArtifact {
                        schema_uri: "urn:t:bounded",
                        media_type: "application/json",
                        bytes: bytes.as_bytes(),
                        parents: &[],
                        producing_episode: None,
                    };
                    store.put_within(&new, bound).is_ok()
                })
            })
            .collect();
        let stored = writers.into_iter().map(|w| w.join().unwrap()).filter(|ok| *ok).count();
        assert_eq!(stored, 5, "exactly the bound's artifacts were stored");
        let usage = a.usage().unwrap();
        assert_eq!((usage.artifacts, b.usage().unwrap()), (5, usage));
        // The count migration 8 builds from the stored artifacts equals the one kept since.
        let rerun =
            "DROP TABLE tenant_storage; DROP TABLE reasoning_calls; DELETE FROM schema_migrations WHERE version >= 8";
        server.execute(&url, rerun).unwrap();
        let again = PgDatabase::connect(&url).unwrap();
        assert_eq!(again.store("carol").usage().unwrap(), usage);
        assert_eq!(again.store("dave").usage().unwrap(), StoreUsage::default());
    }

    #[test]
    fn migration_9_moves_a_runs_calls_to_rows_of_their_own() {
        let server = TestPostgres::start().unwrap();
        let url = server.database().unwrap();
        drop(PgDatabase::connect(&url).unwrap());
        // A run as schema 8 kept it: its calls inside its state.
        let old = r#"{"entries":2,"current_call":"call-2","calls":{"call-2":{"capability_id":"integer.factor","consumed":true,"actual":null}},"closed":false}"#;
        let sql = format!(
            "DROP TABLE reasoning_calls; DELETE FROM schema_migrations WHERE version = 9;
             INSERT INTO reasoning_runs (tenant, run_id, state) VALUES ('erin', 'rl-1', '{old}')"
        );
        server.execute(&url, &sql).unwrap();
        let db = PgDatabase::connect(&url).unwrap();
        let (run, call) = db
            .reasoning("erin", |tx| Ok(Ok::<_, ()>((tx.load("rl-1")?, tx.load_call("rl-1", "call-2")?))))
            .unwrap()
            .unwrap();
        let run: serde_json::Value = serde_json::from_str(&run.unwrap()).unwrap();
        assert_eq!(run, serde_json::json!({"entries": 2, "current_call": "call-2", "closed": false}));
        let call: serde_json::Value = serde_json::from_str(&call.unwrap()).unwrap();
        assert_eq!(call, serde_json::json!({"capability_id": "integer.factor", "consumed": true, "actual": null}));
    }

    #[test]
    fn migrations_run_once_and_a_newer_schema_is_refused() {
        let server = TestPostgres::start().unwrap();
        let url = server.database().unwrap();
        // Replicas starting together migrate once.
        let opened: Vec<_> = (0..4)
            .map(|_| {
                std::thread::spawn({
                    let url = url.clone();
                    move || PgDatabase::connect(&url).map(|d| d.schema_version().unwrap())
                })
            })
            .collect();
        for o in opened {
            assert_eq!(o.join().unwrap().unwrap(), 9);
        }
        server.execute(&url, "INSERT INTO schema_migrations (version) VALUES (99)").unwrap();
        let err = PgDatabase::connect(&url).unwrap_err();
        assert!(err.to_string().contains("newer than this build"), "{err}");
        // An unreachable database is an error at open, not at the first write.
        let err = PgDatabase::connect("host=/nonexistent user=jacobian dbname=none").unwrap_err();
        assert!(matches!(err, Error::Database { .. }), "{err}");
    }
}
