//! The `jacobian` command line: the same [`Jacobian`] handle the MCP server uses, for people
//! at a terminal.
//!
//! Exit codes: 0 success, 1 the computation failed, 2 invalid input or usage, 3 timed out,
//! 4 refused (policy, overload or cancellation), 5 the installation itself is broken.

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand, ValueEnum};
use jacobian_runtime::catalog::{FindRequest, View};
use jacobian_runtime::contract::Budget;
use jacobian_runtime::policy::OperatorConfig;
use jacobian_runtime::{ArtifactUri, CapabilityRequest, CapabilityResult, ExecutionStatus, Mode};
use serde_json::{Value, json};
use tokio::sync::mpsc::unbounded_channel;

use crate::mcp::{HttpOptions, ServeOptions};
use crate::render::{find_text, result_text, wire};
use crate::{Jacobian, RunOptions, TenantId};

/// Exit code: the computation ran and failed.
pub const EXIT_FAILED: u8 = 1;
/// Exit code: the input or the command line is invalid.
pub const EXIT_INVALID: u8 = 2;
/// Exit code: the run timed out.
pub const EXIT_TIMED_OUT: u8 = 3;
/// Exit code: the run was refused (policy, overload, cancellation).
pub const EXIT_REFUSED: u8 = 4;
/// Exit code: the installation is unusable (home directory, configuration).
pub const EXIT_BROKEN: u8 = 5;

/// Jacobian: checkable mathematical capabilities over MCP and at the terminal.
#[derive(Parser, Debug)]
#[command(name = "jacobian", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

/// Options every command shares.
#[derive(Args, Debug, Clone)]
pub struct Global {
    /// Home directory for artifacts and episode records [default: $JACOBIAN_HOME, else the
    /// platform data directory].
    #[arg(long, global = true, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// Keep artifacts and records in memory only (nothing is written to disk).
    #[arg(long, global = true, conflicts_with = "home")]
    pub in_memory: bool,
    /// Keep artifacts in this PostgreSQL database, shared with every process given the same one
    /// (`postgres://…` or `host=… dbname=…`); overrides the configuration's `[store] url`.
    #[arg(long, global = true, value_name = "URL", env = "JACOBIAN_STORE")]
    pub store: Option<String>,
    /// Operator configuration (TOML): policy profile, limits, checker authority, reasoning log.
    #[arg(long, global = true, value_name = "FILE", env = "JACOBIAN_CONFIG")]
    pub config: Option<PathBuf>,
    /// Serve the operator package in DIR (repeatable; besides the configuration's
    /// `[[package]]` entries). See docs/packages.md.
    #[arg(long = "package", global = true, value_name = "DIR")]
    pub packages: Vec<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Serve MCP over stdio (default) or Streamable HTTP.
    Serve(ServeArgs),
    /// Search the capability catalog (omit the query to browse).
    Find(FindArgs),
    /// Show one capability's card, contract or full descriptor.
    Inspect(InspectArgs),
    /// Run a capability.
    Run(RunArgs),
    /// Print the complete machine-readable catalog.
    Catalog,
    /// Read or store artifacts.
    #[command(subcommand)]
    Artifact(ArtifactCommand),
    /// Report backends and their versions, packages, checker authority and the home directory.
    Doctor(DoctorArgs),
    /// Operator packages.
    #[command(subcommand)]
    Package(PackageCommand),
    /// The tenant registry in the shared store: bearer tokens every replica accepts
    /// (`serve --store-tokens`).
    #[command(subcommand)]
    Tenant(TenantCommand),
    /// Serve as a worker node: join a NATS server and run the adapters of the runs that
    /// replicas (`serve --workers URL`) place here, on the replicas' shared store.
    Worker(WorkerArgs),
}

#[derive(Subcommand, Debug)]
pub enum TenantCommand {
    /// Bearer tokens of tenants.
    #[command(subcommand)]
    Token(TokenCommand),
}

#[derive(Subcommand, Debug)]
pub enum TokenCommand {
    /// Registers a new random token for TENANT and prints it, once: only its SHA-256 is kept.
    Add {
        /// The tenant, 1-64 characters of [A-Za-z0-9_-].
        tenant: String,
        /// A note to tell the token apart (who holds it, what for).
        #[arg(long, default_value = "")]
        label: String,
    },
    /// Lists the registered tokens: tenant, SHA-256, label and when each was added.
    List,
    /// Revokes tokens: those whose SHA-256 starts with --sha256, every one of --tenant, or both.
    Revoke {
        /// Every token of this tenant.
        #[arg(long)]
        tenant: Option<String>,
        /// The tokens whose SHA-256 starts with these hexadecimal digits (at least 8).
        #[arg(long, value_name = "HEX")]
        sha256: Option<String>,
    },
}

#[derive(Args, Debug)]
pub struct WorkerArgs {
    /// The NATS server, `nats://host:port` (`nats://TOKEN@host:port` when it asks for a token).
    #[arg(long, value_name = "URL", env = "JACOBIAN_WORKERS")]
    pub join: String,
    /// This worker's name, 1-64 characters of [A-Za-z0-9_-]; a worker restarted under the same
    /// name takes its place again [default: <host name>-<process id>].
    #[arg(long)]
    pub name: Option<String>,
    /// Serve /healthz and Prometheus /metrics on this address (e.g. 127.0.0.1:9100).
    #[arg(long, value_name = "ADDR")]
    pub metrics: Option<std::net::SocketAddr>,
}

#[derive(Subcommand, Debug)]
pub enum PackageCommand {
    /// Validate a package before enabling it: its manifest, its descriptors against the
    /// contract, and every example it gives, run through the runtime.
    Check {
        /// The package directory.
        dir: PathBuf,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Serve Streamable HTTP on this address (e.g. 127.0.0.1:8765) instead of stdio.
    #[arg(long, value_name = "ADDR")]
    pub http: Option<std::net::SocketAddr>,
    /// Bearer tokens (TOML, `[[token]]` entries with `tenant` and `token` or `sha256`); with it,
    /// every HTTP request must carry a known token and sees only its tenant's data.
    #[arg(long, value_name = "FILE", requires = "http")]
    pub tokens: Option<PathBuf>,
    /// Extra allowed `Host` header values for HTTP (loopback names are always allowed).
    #[arg(long = "allow-host", value_name = "HOST", requires = "http")]
    pub allow_hosts: Vec<String>,
    /// Allowed `Origin` header values for HTTP (requests without Origin are accepted).
    #[arg(long = "allow-origin", value_name = "ORIGIN", requires = "http")]
    pub allow_origins: Vec<String>,
    /// Largest accepted HTTP request body, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 4 * 1024 * 1024, requires = "http")]
    pub max_body: usize,
    /// Accept the bearer tokens registered in the shared store (`jacobian tenant token add`),
    /// besides any --tokens file; every HTTP request then needs a known token.
    #[arg(long, requires = "http")]
    pub store_tokens: bool,
    /// Place heavy runs on the worker nodes that join this NATS server (`nats://host:port`);
    /// overrides the configuration's `[workers] url`.
    #[arg(long, value_name = "URL")]
    pub workers: Option<String>,
}

#[derive(Args, Debug)]
pub struct FindArgs {
    /// Words describing the outcome you want.
    pub query: Option<String>,
    /// Only this domain (first id segment) or tag.
    #[arg(long)]
    pub domain: Option<String>,
    /// Only capabilities supporting this mode.
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    /// Matches per page (1-20).
    #[arg(long, default_value_t = 5)]
    pub limit: u32,
    /// Continue from a previous page.
    #[arg(long)]
    pub cursor: Option<String>,
    /// Print the structured answer as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct InspectArgs {
    /// Capability id.
    pub id: String,
    /// What to show.
    #[arg(long, value_enum, default_value_t = ViewArg::Contract)]
    pub view: ViewArg,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    /// Capability id.
    pub id: String,
    /// The input object: JSON text, `@FILE`, or `@-` for standard input.
    #[arg(long, value_name = "JSON|@FILE")]
    pub input: String,
    /// EXPLORE computes; VERIFY also asks an authorized checker to replay the evidence.
    #[arg(long, value_enum, default_value_t = ModeArg::Explore)]
    pub mode: ModeArg,
    /// Wall-clock budget in seconds.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Group the run's episode record under this experiment.
    #[arg(long, value_name = "ID")]
    pub experiment: Option<String>,
    /// Print the whole result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Subcommand, Debug)]
pub enum ArtifactCommand {
    /// Print an artifact's object (the digest is re-checked on read).
    Get {
        /// `artifact://sha256/<hex>`
        uri: String,
        /// Print the manifest too.
        #[arg(long)]
        manifest: bool,
    },
    /// Validate a typed object, store it in canonical form, print its URI.
    Put {
        /// The object kind: schema URI or short name (e.g. simple_graph).
        #[arg(long = "type", value_name = "KIND")]
        object_type: String,
        /// The object: JSON text, `@FILE`, or `@-` for standard input.
        object: String,
        /// Print the whole result as JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args, Debug)]
pub struct DoctorArgs {
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
#[value(rename_all = "UPPER")]
pub enum ModeArg {
    Explore,
    Verify,
}

impl From<ModeArg> for Mode {
    fn from(m: ModeArg) -> Mode {
        match m {
            ModeArg::Explore => Mode::Explore,
            ModeArg::Verify => Mode::Verify,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug)]
#[value(rename_all = "UPPER")]
pub enum ViewArg {
    Summary,
    Contract,
    Full,
}

impl From<ViewArg> for View {
    fn from(v: ViewArg) -> View {
        match v {
            ViewArg::Summary => View::Summary,
            ViewArg::Contract => View::Contract,
            ViewArg::Full => View::Full,
        }
    }
}

/// A one-line error with the exit code it maps to.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    fn invalid(message: impl Into<String>) -> Self {
        Failure { code: EXIT_INVALID, message: message.into() }
    }
    fn broken(message: impl Into<String>) -> Self {
        Failure { code: EXIT_BROKEN, message: message.into() }
    }
}

/// The exit code a result maps to.
pub fn exit_code(result: &CapabilityResult) -> u8 {
    match result.execution.status {
        ExecutionStatus::Succeeded => 0,
        ExecutionStatus::InvalidRequest | ExecutionStatus::Unsupported => EXIT_INVALID,
        ExecutionStatus::TimedOut => EXIT_TIMED_OUT,
        ExecutionStatus::PolicyDenied | ExecutionStatus::BudgetExceeded | ExecutionStatus::Cancelled => EXIT_REFUSED,
        ExecutionStatus::AdapterFailed => EXIT_FAILED,
    }
}

/// Reads `JSON`, `@FILE` or `@-` into a value.
fn json_argument(text: &str, what: &str) -> Result<Value, Failure> {
    let raw = match text.strip_prefix('@') {
        Some("-") => {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s).map_err(|e| Failure::invalid(format!("{what}: stdin: {e}")))?;
            s
        }
        Some(path) => std::fs::read_to_string(path).map_err(|e| Failure::invalid(format!("{what}: {path}: {e}")))?,
        None => text.to_owned(),
    };
    serde_json::from_str(&raw).map_err(|e| Failure::invalid(format!("{what} is not JSON: {e}")))
}

/// Builds the handle the command line and the server share.
pub async fn open(global: &Global) -> Result<Jacobian, Failure> {
    open_with(global, false).await
}

/// Opens the runtime; `warm` starts every backend worker as soon as it is open (a server) rather
/// than on first use.
async fn open_with(global: &Global, warm: bool) -> Result<Jacobian, Failure> {
    let mut builder = builder_for(global)?;
    if warm {
        builder = builder.warm_backends();
    }
    builder.build().await.map_err(|e| Failure::broken(e.to_string()))
}

/// The operator configuration the global options name.
fn config_of(global: &Global) -> Result<OperatorConfig, Failure> {
    match &global.config {
        Some(path) => OperatorConfig::load(path).map_err(|e| Failure::broken(format!("{}: {e}", path.display()))),
        None => Ok(OperatorConfig::default()),
    }
}

/// A builder from the global options: configuration, packages, home and shared store.
fn builder_for(global: &Global) -> Result<crate::JacobianBuilder, Failure> {
    let mut builder = crate::builder().config(config_of(global)?);
    for dir in &global.packages {
        builder = builder.package(dir);
    }
    if !global.in_memory {
        let home = global.home.clone().or_else(jacobian_runtime::artifact::default_home).ok_or_else(|| {
            Failure::broken("no home directory: set JACOBIAN_HOME, pass --home DIR, or use --in-memory")
        })?;
        builder = builder.home(home);
    }
    if let Some(url) = &global.store {
        builder = builder.shared_store(url);
    }
    Ok(builder)
}

/// `jacobian tenant token …`: the tenant registry of the shared store.
async fn tokens(global: &Global, cmd: &TokenCommand) -> Result<u8, Failure> {
    let url = match &global.store {
        Some(url) => url.clone(),
        None => config_of(global)?
            .store
            .url
            .ok_or_else(|| Failure::broken("the tenant registry is in the shared store: pass --store URL"))?,
    };
    let db = jacobian_runtime::artifact::PgDatabase::connect(&url).map_err(|e| Failure::broken(e.to_string()))?;
    match cmd {
        TokenCommand::Add { tenant, label } => {
            crate::TenantId::new(tenant).map_err(|e| Failure::broken(e.to_string()))?;
            let token = crate::mcp::auth::new_token().map_err(|e| Failure::broken(format!("/dev/urandom: {e}")))?;
            db.register_token(tenant, crate::mcp::auth::token_digest(&token), label)
                .map_err(|e| Failure::broken(e.to_string()))?;
            println!("{token}");
        }
        TokenCommand::List => {
            let listed = db.registered_tokens().map_err(|e| Failure::broken(e.to_string()))?;
            for t in listed {
                println!("{}\t{}\t{}\t{}", t.tenant, t.sha256, t.created, t.label);
            }
        }
        TokenCommand::Revoke { tenant, sha256 } => {
            if let Some(hex) = sha256
                && (hex.len() < 8 || !hex.bytes().all(|b| b.is_ascii_hexdigit()))
            {
                return Err(Failure::broken("--sha256 takes at least 8 hexadecimal digits"));
            }
            if tenant.is_none() && sha256.is_none() {
                return Err(Failure::broken("name the tokens to revoke: --tenant, --sha256 or both"));
            }
            let n =
                db.revoke_tokens(tenant.as_deref(), sha256.as_deref()).map_err(|e| Failure::broken(e.to_string()))?;
            println!("revoked {n} token{}", if n == 1 { "" } else { "s" });
        }
    }
    Ok(0)
}

/// `jacobian worker`: serves runs through NATS until SIGTERM or Ctrl-C, then finishes the runs
/// it holds (within the shutdown grace) before leaving.
async fn worker(global: &Global, args: &WorkerArgs) -> Result<u8, Failure> {
    if global.store.is_none() && config_of(global)?.store.url.is_none() {
        return Err(Failure::broken(
            "a worker writes its runs' artifacts to the replicas' shared store: pass --store URL (or set [store] url)",
        ));
    }
    let name = args.name.clone().unwrap_or_else(default_worker_name);
    let jac =
        builder_for(global)?.warm_backends().as_worker().build().await.map_err(|e| Failure::broken(e.to_string()))?;
    if let Some(addr) = args.metrics {
        let listener =
            tokio::net::TcpListener::bind(addr).await.map_err(|e| Failure::broken(format!("--metrics {addr}: {e}")))?;
        tracing::info!(addr = %listener.local_addr().unwrap_or(addr), "worker metrics listening");
        tokio::spawn(async move { axum::serve(listener, crate::mcp::http::worker_router()).await });
    }
    let mut serving = tokio::spawn({
        let (jac, url, name) = (jac.clone(), args.join.clone(), name.clone());
        async move { jac.serve_worker(&url, &name).await }
    });
    tokio::select! {
        () = crate::mcp::shutdown_signal() => {}
        ended = &mut serving => {
            return match ended {
                Ok(Ok(())) => Ok(0),
                Ok(Err(e)) => Err(Failure::broken(e.to_string())),
                Err(e) => Err(Failure::broken(format!("worker: {e}"))),
            };
        }
    }
    jac.shutdown(Duration::from_secs(5)).await;
    // The serving loop ends with the runtime; its last answers are flushed before exiting.
    let _ = tokio::time::timeout(Duration::from_secs(10), serving).await;
    Ok(0)
}

/// The host's name and this process's id, as a worker name.
fn default_worker_name() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    let host: String =
        host.trim().chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).take(40).collect();
    let host = if host.is_empty() { "worker".to_owned() } else { host };
    format!("{host}-{}", std::process::id())
}

/// Runs a parsed command line; returns the process exit code.
pub async fn run(cli: Cli) -> Result<u8, Failure> {
    if let Command::Serve(args) = &cli.command {
        let mut builder = builder_for(&cli.global)?.warm_backends();
        if let Some(url) = &args.workers {
            builder = builder.workers(url);
        }
        let jac = builder.build().await.map_err(|e| Failure::broken(e.to_string()))?;
        let options = ServeOptions {
            http: args.http.map(|addr| HttpOptions {
                addr,
                tokens: args.tokens.clone(),
                store_tokens: args.store_tokens,
                allow_hosts: args.allow_hosts.clone(),
                allow_origins: args.allow_origins.clone(),
                max_body: args.max_body,
                client_timeout: Duration::from_secs(10),
            }),
        };
        let outcome = crate::mcp::serve(jac.clone(), options).await;
        jac.shutdown(Duration::from_secs(5)).await;
        return outcome.map(|()| 0).map_err(|e| Failure::broken(e.to_string()));
    }
    if let Command::Worker(args) = &cli.command {
        return worker(&cli.global, args).await;
    }
    if let Command::Tenant(TenantCommand::Token(cmd)) = &cli.command {
        return tokens(&cli.global, cmd).await;
    }
    if let Command::Package(PackageCommand::Check { dir, json }) = &cli.command {
        return Ok(crate::package_check::check(dir, *json).await);
    }
    let jac = open(&cli.global).await?;
    let code = match cli.command {
        Command::Serve(_) | Command::Package(_) | Command::Worker(_) | Command::Tenant(_) => {
            unreachable!("handled above")
        }
        Command::Find(args) => find(&jac, args)?,
        Command::Inspect(args) => inspect(&jac, args)?,
        Command::Run(args) => run_capability(&jac, args).await?,
        Command::Catalog => {
            print_json(&jac.catalog());
            0
        }
        Command::Artifact(cmd) => artifact(&jac, cmd).await?,
        Command::Doctor(args) => doctor(&jac, &cli.global, args).await,
    };
    jac.shutdown(Duration::from_secs(5)).await;
    Ok(code)
}

fn print_json(value: &Value) {
    let text = serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string());
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
}

fn find(jac: &Jacobian, args: FindArgs) -> Result<u8, Failure> {
    let request = FindRequest {
        query: args.query,
        domain: args.domain,
        mode: args.mode.map(Mode::from),
        limit: Some(args.limit),
        cursor: args.cursor,
        ..FindRequest::default()
    };
    let answer = jac.find(&request).map_err(|ds| Failure::invalid(crate::mcp::diagnostics_line(&ds)))?;
    if args.json {
        print_json(&serde_json::to_value(&answer).unwrap_or(Value::Null));
    } else {
        println!("{}", find_text(&answer));
    }
    Ok(0)
}

fn inspect(jac: &Jacobian, args: InspectArgs) -> Result<u8, Failure> {
    let request = FindRequest { capability_id: Some(args.id), view: Some(args.view.into()), ..FindRequest::default() };
    let answer = jac.find(&request).map_err(|ds| Failure::invalid(crate::mcp::diagnostics_line(&ds)))?;
    match answer.capability {
        Some(card) => {
            print_json(&card);
            Ok(0)
        }
        None => {
            let hint = answer.recovery_paths.first().map(|p| format!(" ({})", p.detail)).unwrap_or_default();
            Err(Failure::invalid(format!(
                "no visible capability `{}`{hint}",
                request.capability_id.unwrap_or_default()
            )))
        }
    }
}

async fn run_capability(jac: &Jacobian, args: RunArgs) -> Result<u8, Failure> {
    let input = json_argument(&args.input, "--input")?;
    let mut request = CapabilityRequest::new(args.id, input).mode(args.mode.into());
    if let Some(seconds) = args.timeout {
        if !(seconds.is_finite() && seconds > 0.0) {
            return Err(Failure::invalid("--timeout must be a positive number of seconds"));
        }
        request.budget = Budget { wall_ms: Some((seconds * 1000.0).ceil() as u64) };
    }
    request.experiment_id = args.experiment;
    let (tx, mut rx) = unbounded_channel();
    let options = RunOptions { tenant: TenantId::local(), progress: Some(tx), ..RunOptions::default() };
    let show_progress = std::io::stderr().is_terminal() && !args.json;
    let started = Instant::now();
    let run = jac.run_with(request, options);
    tokio::pin!(run);
    let mut last = String::new();
    let mut tick = tokio::time::interval(Duration::from_millis(200));
    let result = loop {
        tokio::select! {
            result = &mut run => break result,
            Some(p) = rx.recv() => {
                let total = p.total.map(|t| format!("/{t}")).unwrap_or_default();
                last = format!("{}{total} {}", p.done, p.message.unwrap_or_default());
            }
            _ = tick.tick() => {
                if show_progress && started.elapsed() > Duration::from_millis(500) {
                    eprint!("\r\x1b[2K{:>6.1}s  {last}", started.elapsed().as_secs_f64());
                }
            }
        }
    };
    if show_progress && started.elapsed() > Duration::from_millis(500) {
        eprint!("\r\x1b[2K");
    }
    if args.json {
        print_json(&serde_json::to_value(&result).unwrap_or(Value::Null));
    } else {
        println!("{}", result_text(&result));
    }
    Ok(exit_code(&result))
}

async fn artifact(jac: &Jacobian, cmd: ArtifactCommand) -> Result<u8, Failure> {
    match cmd {
        ArtifactCommand::Get { uri, manifest } => {
            let uri: ArtifactUri = uri.parse().map_err(|e| Failure::invalid(format!("{uri}: {e}")))?;
            let artifact = jac
                .artifact(&TenantId::local(), &uri)
                .map_err(|e| Failure { code: EXIT_FAILED, message: e.to_string() })?;
            let object: Value = serde_json::from_slice(&artifact.bytes)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&artifact.bytes).into_owned()));
            if manifest {
                print_json(&json!({"manifest": artifact.manifest, "object": object}));
            } else {
                print_json(&object);
            }
            Ok(0)
        }
        ArtifactCommand::Put { object_type, object, json } => {
            let object = json_argument(&object, "the object")?;
            let request = CapabilityRequest::new("artifact.put", json!({"object_type": object_type, "object": object}));
            let result = jac.run(request).await;
            if json {
                print_json(&serde_json::to_value(&result).unwrap_or(Value::Null));
            } else if result.succeeded() {
                println!("{}", result.output["uri"].as_str().unwrap_or_default());
            } else {
                eprintln!("{}", result_text(&result));
            }
            Ok(exit_code(&result))
        }
    }
}

async fn doctor(jac: &Jacobian, global: &Global, args: DoctorArgs) -> u8 {
    let home = if global.in_memory {
        Value::Null
    } else {
        global.home.clone().or_else(jacobian_runtime::artifact::default_home).map(|p| json!(p)).unwrap_or(Value::Null)
    };
    let capabilities: Vec<Value> = jac
        .health()
        .into_iter()
        .map(|(id, health)| {
            let provider = jac.descriptor(&id).map(|d| json!({"id": d.provider.id, "version": d.provider.version}));
            json!({"capability_id": id, "health": wire(&health.status), "provider": provider})
        })
        .collect();
    let report = json!({
        "version": env!("CARGO_PKG_VERSION"),
        "home": home,
        "store": jac.store_kind(),
        "config": global.config,
        "policy_profile": jac.policy_profile().name,
        "policy_digest": jac.policy_digest().prefixed(),
        "catalog_digest": jac.catalog_digest().prefixed(),
        "reasoning_log": wire(&jac.reasoning_mode()),
        "backends": crate::backends(),
        "backend_pools": jac.backends(),
        "pool_stats": jac.backend_stats().await,
        "sandbox": crate::sandbox::probe(),
        "unavailable": jac.unavailable().iter().map(|r| json!({"capability_id": r.capability_id, "reason": r.reason})).collect::<Vec<_>>(),
        "checkers": jac.checkers(),
        "packages": jac.packages(),
        "capabilities": capabilities,
        "rejected": jac.rejected().iter().map(|r| json!({"capability_id": r.capability_id, "reason": r.reason})).collect::<Vec<_>>(),
    });
    if args.json {
        print_json(&report);
        return 0;
    }
    println!("jacobian {}", env!("CARGO_PKG_VERSION"));
    println!("home: {}", home.as_str().unwrap_or("(in memory)"));
    println!("store: {}", report["store"].as_str().unwrap_or_default());
    println!("policy: {} {}", jac.policy_profile().name, jac.policy_digest().prefixed());
    println!("catalog: {} capabilities, {}", capabilities.len(), jac.catalog_digest().prefixed());
    println!("reasoning log: {}", wire(&jac.reasoning_mode()));
    println!("backends:");
    if let Some(list) = report["backends"].as_array() {
        for b in list {
            println!("  {:<12} {}", b["name"].as_str().unwrap_or("?"), b["version"].as_str().unwrap_or("not found"));
        }
    }
    println!("backend pools:");
    for b in jac.backends() {
        let state = match (&b.version, &b.reason) {
            (_, Some(why)) => format!("unavailable: {why}"),
            (Some(v), None) => format!("{v} ({})", b.executable.as_deref().unwrap_or("?")),
            (None, None) => "available".into(),
        };
        println!("  {:<12} {state}", b.backend.title());
    }
    let sandbox = &report["sandbox"];
    match sandbox["landlock"].as_str() {
        Some(landlock) => println!("sandbox: rlimits, own process group, cleared environment; Landlock {landlock}"),
        None => println!("sandbox: NOT WORKING: {}", sandbox["error"].as_str().unwrap_or("unknown")),
    }
    for r in jac.unavailable() {
        println!("unavailable {}: {}", r.capability_id, r.reason);
    }
    let packages = jac.packages();
    if !packages.is_empty() {
        println!("packages:");
    }
    for p in &packages {
        let name = format!("{} {}", p.name.as_deref().unwrap_or("?"), p.version.as_deref().unwrap_or("?"));
        let why = p.reason.as_deref().map(|r| format!(": {r}")).unwrap_or_default();
        println!("  {name:<24} {} ({}){why}", p.state, p.dir.display());
        if let Some(stats) = &p.stats {
            println!(
                "    {} capabilities, digest {}; {} runs, {} processes started, {} failures, {} killed",
                p.capabilities.len(),
                p.digest.as_deref().unwrap_or("?"),
                stats.runs,
                stats.spawns,
                stats.failures,
                stats.kills
            );
        }
    }
    println!("checkers:");
    for c in jac.checkers() {
        let auth = if c.authorized { "authorized" } else { "NOT authorized" };
        println!("  {}@{} [{}] {auth}", c.identity.id, c.identity.version, c.evidence_kinds.join(", "));
    }
    for (id, health) in jac.health() {
        println!("capability {id}: {}", wire(&health.status));
    }
    for r in jac.rejected() {
        println!("rejected {}: {}", r.capability_id, r.reason);
    }
    let packages_ok = packages.iter().all(|p| p.state == "SERVING");
    if jac.rejected().is_empty() && packages_ok { 0 } else { EXIT_BROKEN }
}
