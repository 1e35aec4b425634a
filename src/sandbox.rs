//! The launcher side of the sandbox: `jacobian __sandbox …` confines itself and execs a program.
//!
//! The command line is built by `jacobian_runtime::sandbox::command`; this module applies it.
//! Limits are set with `setrlimit` and a Landlock ruleset with `restrict_self` (which also sets
//! `no_new_privs`), both inherited across `exec`, so the backend starts already confined. Core
//! dumps are disabled. Landlock is applied best-effort: on a kernel without it the rlimits,
//! the process group, the cleared environment and the scratch directory still hold, and
//! [`probe`] (shown by `jacobian doctor`) says so.

use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use jacobian_runtime::sandbox::READ_ONLY_PATHS;
use landlock::{
    ABI, Access, AccessFs, CompatLevel, Compatible, PathBeneath, PathFd, Ruleset, RulesetAttr, RulesetCreatedAttr,
    RulesetStatus,
};
use nix::sys::resource::{Resource, setrlimit};

/// The newest Landlock ABI the ruleset is written for; older kernels get the subset they know.
const LANDLOCK_ABI: ABI = ABI::V3;

struct Spec {
    address_space_mib: u64,
    cpu_seconds: u64,
    file_size_mib: u64,
    open_files: u64,
    writable: Vec<PathBuf>,
    readable: Vec<PathBuf>,
    program: Option<PathBuf>,
    args: Vec<OsString>,
    probe: bool,
}

fn parse(mut args: impl Iterator<Item = OsString>) -> Result<Spec, String> {
    let mut spec = Spec {
        address_space_mib: 0,
        cpu_seconds: 0,
        file_size_mib: 0,
        open_files: 0,
        writable: vec![],
        readable: vec![],
        program: None,
        args: vec![],
        probe: false,
    };
    while let Some(flag) = args.next() {
        let flag = flag.to_string_lossy().into_owned();
        let number = |args: &mut dyn Iterator<Item = OsString>| -> Result<u64, String> {
            args.next()
                .and_then(|v| v.to_str().and_then(|s| s.parse().ok()))
                .ok_or_else(|| format!("{flag} needs a number"))
        };
        match flag.as_str() {
            "--address-space-mib" => spec.address_space_mib = number(&mut args)?,
            "--cpu-seconds" => spec.cpu_seconds = number(&mut args)?,
            "--file-size-mib" => spec.file_size_mib = number(&mut args)?,
            "--open-files" => spec.open_files = number(&mut args)?,
            "--writable" => spec.writable.push(args.next().map(PathBuf::from).ok_or("--writable needs a path")?),
            "--readable" => spec.readable.push(args.next().map(PathBuf::from).ok_or("--readable needs a path")?),
            "--probe" => spec.probe = true,
            "--" => {
                spec.program = args.next().map(PathBuf::from);
                spec.args = args.collect();
                break;
            }
            other => return Err(format!("unknown sandbox flag {other}")),
        }
    }
    Ok(spec)
}

fn limit(resource: Resource, value: u64) -> Result<(), String> {
    setrlimit(resource, value, value).map_err(|e| format!("setrlimit {resource:?}: {e}"))
}

/// Applies the Landlock ruleset: read and execute beneath the system paths, the program's
/// directory and the readable paths, read and write beneath the writable paths, nothing else.
fn landlock(writable: &[PathBuf], extra: &[PathBuf], program: Option<&Path>) -> Result<RulesetStatus, String> {
    let read = AccessFs::from_read(LANDLOCK_ABI);
    let all = AccessFs::from_all(LANDLOCK_ABI);
    let mut readable: Vec<PathBuf> = READ_ONLY_PATHS.iter().map(PathBuf::from).chain(extra.iter().cloned()).collect();
    if let Some(dir) = program.and_then(Path::parent) {
        readable.push(dir.to_path_buf());
    }
    let rules = |paths: &[PathBuf], access| {
        paths
            .iter()
            .filter_map(|p| PathFd::new(p).ok())
            .map(move |fd| Ok::<_, landlock::RulesetError>(PathBeneath::new(fd, access)))
            .collect::<Vec<_>>()
    };
    let status = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(all)
        .and_then(|r| r.create())
        .and_then(|r| r.add_rules(rules(&readable, read)))
        .and_then(|r| r.add_rules(rules(writable, all)))
        .and_then(|r| r.restrict_self())
        .map_err(|e| format!("landlock: {e}"))?;
    Ok(status.ruleset)
}

fn status_name(status: RulesetStatus) -> &'static str {
    match status {
        RulesetStatus::FullyEnforced => "fully enforced",
        RulesetStatus::PartiallyEnforced => "partially enforced",
        RulesetStatus::NotEnforced => "not enforced (the kernel has no Landlock)",
    }
}

/// Runs the `__sandbox` subcommand with the arguments after it: confines this process and
/// execs the program, or with `--probe` prints what was applied and exits.
pub fn launch(args: impl Iterator<Item = OsString>) -> ExitCode {
    let spec = match parse(args) {
        Ok(spec) => spec,
        Err(e) => {
            eprintln!("jacobian sandbox: {e}");
            return ExitCode::from(125);
        }
    };
    let limits = [
        (Resource::RLIMIT_AS, spec.address_space_mib.saturating_mul(1 << 20)),
        (Resource::RLIMIT_CPU, spec.cpu_seconds),
        (Resource::RLIMIT_FSIZE, spec.file_size_mib.saturating_mul(1 << 20)),
        (Resource::RLIMIT_NOFILE, spec.open_files),
        (Resource::RLIMIT_CORE, 0),
    ];
    for (resource, value) in limits {
        // Zero means "not given" for every limit but core dumps, which are always off.
        if value == 0 && resource != Resource::RLIMIT_CORE {
            continue;
        }
        if let Err(e) = limit(resource, value) {
            eprintln!("jacobian sandbox: {e}");
            return ExitCode::from(125);
        }
    }
    let status = match landlock(&spec.writable, &spec.readable, spec.program.as_deref()) {
        Ok(status) => status,
        Err(e) => {
            eprintln!("jacobian sandbox: {e}");
            return ExitCode::from(125);
        }
    };
    if spec.probe {
        println!("{}", serde_json::json!({"landlock": status_name(status), "rlimits": true}));
        return ExitCode::SUCCESS;
    }
    let Some(program) = spec.program else {
        eprintln!("jacobian sandbox: no program after --");
        return ExitCode::from(125);
    };
    let err = Command::new(&program).args(&spec.args).exec();
    eprintln!("jacobian sandbox: cannot run {}: {err}", program.display());
    ExitCode::from(127)
}

/// What the sandbox applies on this machine: runs the launcher with `--probe` in a scratch
/// directory and returns its report, e.g. `{"landlock": "fully enforced", "rlimits": true}`.
pub fn probe() -> serde_json::Value {
    let report = (|| -> Result<serde_json::Value, String> {
        let scratch = tempfile::Builder::new().prefix("jacobian-probe-").tempdir().map_err(|e| e.to_string())?;
        let launcher = jacobian_runtime::sandbox::launcher().map_err(|e| e.to_string())?;
        let out = Command::new(launcher)
            .arg(jacobian_runtime::sandbox::LAUNCHER_SUBCOMMAND)
            .arg("--probe")
            .arg("--writable")
            .arg(scratch.path())
            .env_clear()
            .current_dir(scratch.path())
            .output()
            .map_err(|e| e.to_string())?;
        serde_json::from_slice(&out.stdout).map_err(|_| String::from_utf8_lossy(&out.stderr).trim().to_owned())
    })();
    report.unwrap_or_else(|e| serde_json::json!({"error": e}))
}
