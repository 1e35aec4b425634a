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

/// The scratch directory of one confined process, removed when dropped. It is named
/// `jacobian-<what>-<pid>-<random>` in the temporary directory and held under an exclusive
/// `flock` for its whole life, so that a process killed before it could remove its own leaves
/// a directory that [`scratch`] recognises as abandoned.
#[derive(Debug)]
pub struct Scratch {
    dir: tempfile::TempDir,
    _held: std::fs::File,
}

impl Scratch {
    /// Where it is.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

/// A fresh scratch directory for a confined `what` (`gap`, `geng`, …). The first call of each
/// process also removes the scratch directories that no living process holds.
pub fn scratch(what: &str) -> std::io::Result<Scratch> {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    SWEPT.call_once(|| sweep_abandoned(&std::env::temp_dir()));
    let dir = tempfile::Builder::new().prefix(&format!("jacobian-{what}-{}-", std::process::id())).tempdir()?;
    let held = std::fs::File::open(dir.path())?;
    held.try_lock().map_err(std::io::Error::other)?;
    Ok(Scratch { dir, _held: held })
}

/// Removes the directories under `tmp` named like a [`Scratch`] whose lock nobody holds. Only
/// that name form is touched: other programs' directories, and scratch directories of
/// versions that did not lock them, are left alone.
fn sweep_abandoned(tmp: &Path) {
    let Ok(entries) = std::fs::read_dir(tmp) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let ours = name.to_str().is_some_and(is_scratch_name);
        if !ours || !entry.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        // A held lock means a living owner; a lock taken here is released when `probe` drops.
        let Ok(probe) = std::fs::File::open(entry.path()) else { continue };
        if probe.try_lock().is_ok() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Whether `name` is `jacobian-<lowercase>-<pid>-<suffix>`.
fn is_scratch_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("jacobian-") else { return false };
    let mut parts = rest.splitn(3, '-');
    let (Some(what), Some(pid), Some(suffix)) = (parts.next(), parts.next(), parts.next()) else { return false };
    !what.is_empty()
        && what.bytes().all(|b| b.is_ascii_lowercase())
        && !pid.is_empty()
        && pid.bytes().all(|b| b.is_ascii_digit())
        && !suffix.is_empty()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abandoned_scratch_directories_are_swept_and_held_ones_kept() {
        let tmp = tempfile::tempdir().unwrap();
        let make = |name: &str| {
            let p = tmp.path().join(name);
            std::fs::create_dir(&p).unwrap();
            std::fs::write(p.join("left-behind"), b"x").unwrap();
            p
        };
        let abandoned = make("jacobian-gap-4242-aB3dEf");
        let held = make("jacobian-pari-4243-Zz9YyX");
        let lock = std::fs::File::open(&held).unwrap();
        lock.try_lock().unwrap();
        let unversioned = make("jacobian-gap-aB3dEf");
        let foreign = make("jacobian-notes");
        sweep_abandoned(tmp.path());
        assert!(!abandoned.exists());
        assert!(held.join("left-behind").exists());
        assert!(unversioned.exists() && foreign.exists());
        drop(lock);
        sweep_abandoned(tmp.path());
        assert!(!held.exists());
    }

    #[test]
    fn a_scratch_directory_is_named_held_and_removed() {
        let s = scratch("test").unwrap();
        let path = s.path().to_owned();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        assert!(is_scratch_name(&name), "{name}");
        assert!(name.starts_with(&format!("jacobian-test-{}-", std::process::id())));
        assert!(std::fs::File::open(&path).unwrap().try_lock().is_err(), "another open file cannot lock it");
        drop(s);
        assert!(!path.exists());
    }
}
