//! How every child process Jacobian starts is confined: the command that starts it, its limits
//! and its scratch directory.
//!
//! The workspace forbids unsafe code, so nothing is applied in a `pre_exec` hook. Instead the
//! child is the `jacobian` binary itself, re-executed with a hidden subcommand
//! ([`LAUNCHER_SUBCOMMAND`]) that sets its resource limits and a Landlock ruleset on itself and
//! then `exec`s the real program, which inherits them. The parent gives it its own process
//! group (so an interrupt or a kill reaches everything it started), a cleared environment, and
//! a scratch directory as working directory and home, removed when the run ends.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The hidden subcommand of the `jacobian` binary that confines itself and execs a program.
pub const LAUNCHER_SUBCOMMAND: &str = "__sandbox";

/// Environment variable naming the launcher binary (the `jacobian` executable).
pub const LAUNCHER_ENV: &str = "JACOBIAN_LAUNCHER";

/// Resource limits of one confined process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Address space, MiB (`RLIMIT_AS`).
    pub address_space_mib: u64,
    /// CPU seconds over the process's whole life (`RLIMIT_CPU`); a warm worker is replaced
    /// before it reaches them.
    pub cpu_seconds: u64,
    /// Largest file it may write, MiB (`RLIMIT_FSIZE`).
    pub file_size_mib: u64,
    /// Open file descriptors (`RLIMIT_NOFILE`).
    pub open_files: u64,
}

impl Default for Limits {
    fn default() -> Self {
        // GAP maps its whole workspace up front and PARI doubles its stack on demand, so the
        // address space is generous; the other limits are far from any honest computation.
        Limits { address_space_mib: 8192, cpu_seconds: 3600, file_size_mib: 256, open_files: 64 }
    }
}

/// Why a confined command could not be built.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum SandboxError {
    /// No launcher binary was found.
    #[error("the sandbox launcher (the `jacobian` executable) was not found; set {LAUNCHER_ENV} to its path")]
    NoLauncher,
}

static LAUNCHER: OnceLock<PathBuf> = OnceLock::new();

/// Names the launcher for this process (an embedder whose executable is not `jacobian`).
/// The first call wins.
pub fn set_launcher(path: impl Into<PathBuf>) {
    let _ = LAUNCHER.set(path.into());
}

/// The launcher: the one set by [`set_launcher`], else `$JACOBIAN_LAUNCHER`, else this
/// executable when it is `jacobian`, else a `jacobian` beside it or one directory up (where
/// Cargo puts the binary next to test and bench executables).
pub fn launcher() -> Result<PathBuf, SandboxError> {
    if let Some(path) = LAUNCHER.get() {
        return Ok(path.clone());
    }
    if let Some(path) = std::env::var_os(LAUNCHER_ENV).map(PathBuf::from).filter(|p| p.is_file()) {
        return Ok(path);
    }
    let exe = std::env::current_exe().map_err(|_| SandboxError::NoLauncher)?;
    if exe.file_name() == Some(OsStr::new("jacobian")) {
        return Ok(exe);
    }
    let dir = exe.parent().ok_or(SandboxError::NoLauncher)?;
    [dir.join("jacobian"), dir.parent().map(|d| d.join("jacobian")).unwrap_or_default()]
        .into_iter()
        .find(|p| p.is_file())
        .ok_or(SandboxError::NoLauncher)
}

/// A command that runs `program` with `args` confined by `limits`, in `scratch` (which it may
/// write, and nothing else where Landlock is active). The caller chooses the standard streams.
pub fn command(program: &Path, args: &[&OsStr], limits: &Limits, scratch: &Path) -> Result<Command, SandboxError> {
    command_reading(program, args, limits, scratch, &[])
}

/// [`command`], and the program may also read (never write) beneath each of `readable` (an
/// operator package's own directory).
pub fn command_reading(
    program: &Path,
    args: &[&OsStr],
    limits: &Limits,
    scratch: &Path,
    readable: &[&Path],
) -> Result<Command, SandboxError> {
    let mut cmd = Command::new(launcher()?);
    cmd.arg(LAUNCHER_SUBCOMMAND);
    for dir in readable {
        cmd.arg("--readable").arg(dir);
    }
    cmd.arg("--address-space-mib")
        .arg(limits.address_space_mib.to_string())
        .arg("--cpu-seconds")
        .arg(limits.cpu_seconds.to_string())
        .arg("--file-size-mib")
        .arg(limits.file_size_mib.to_string())
        .arg("--open-files")
        .arg(limits.open_files.to_string())
        .arg("--writable")
        .arg(scratch)
        .arg("--")
        .arg(program)
        .args(args)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("HOME", scratch)
        .env("TMPDIR", scratch)
        .env("LANG", "C.UTF-8")
        .current_dir(scratch);
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    Ok(cmd)
}

/// The read-only paths a confined program may read and execute (system directories).
pub const READ_ONLY_PATHS: &[&str] = &["/usr", "/lib", "/lib64", "/bin", "/sbin", "/etc", "/proc", "/sys", "/dev"];
