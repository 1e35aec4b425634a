//! Versions and digests of the backends the adapters link or run, for provider pinning.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use jacobian_runtime::Digest;
use jacobian_runtime::adapter::{AdapterContext, AdapterError};
use jacobian_runtime::contract::Provider;

/// Exact version of the num-bigint crate linked (checked against Cargo.lock by a test).
pub const NUM_BIGINT_VERSION: &str = "0.4.8";
/// Version of CaDiCaL that rustsat-cadical compiles in (its default).
pub const CADICAL_VERSION: &str = "2.2.1";
/// Exact version of the rustsat-cadical crate linked (checked against Cargo.lock by a test).
pub const RUSTSAT_CADICAL_VERSION: &str = "0.7.5";
/// Exact version of the petgraph crate linked (checked against Cargo.lock by a test).
pub const PETGRAPH_VERSION: &str = "0.8.3";

/// The version of the Z3 library linked at run time, e.g. `5.4.1.0`.
pub fn z3_version() -> String {
    let full = z3::full_version();
    // "Z3 5.4.1.0" or "Z3 5.4.1.0 - build hashcode ..."
    full.split_whitespace().nth(1).unwrap_or(full).to_owned()
}

/// A provider that is a Rust library compiled into Jacobian: its digest binds the library's
/// exact version to the adapter source that wraps it.
pub fn bundled_crate(id: &str, version: &str, license: &str, adapter_source: &str, features: &[&str]) -> Provider {
    let identity = format!("{id} {version}\n{adapter_source}");
    Provider {
        id: id.to_owned(),
        version: version.to_owned(),
        digest_kind: "SHA256_IDENTITY".into(),
        digest: Digest::of_bytes(identity.as_bytes()).prefixed(),
        platform: Provider::current_platform(),
        install_tier: "BUNDLED".into(),
        license: license.to_owned(),
        features: features.iter().map(|f| f.to_string()).collect(),
    }
}

/// An executable run as a child process (nauty's `geng`, drat-trim), as found on this machine.
#[derive(Debug, Clone)]
pub struct SystemTool {
    /// The executable, when found.
    pub path: Option<PathBuf>,
    /// The first line it prints when asked for its version, or `not found`.
    pub version: String,
    /// `sha256:` of the executable's bytes.
    pub digest: String,
}

impl SystemTool {
    /// `$env_var` when it names a file, else the first of `names` on `PATH`; the version is the
    /// first non-empty line `version_args` make it print (stdout, else stderr), and a tool
    /// without a version flag (empty `version_args`) is known by its digest alone.
    pub fn locate(env_var: &str, names: &[&str], version_args: &[&str]) -> Self {
        let path = std::env::var_os(env_var).map(PathBuf::from).filter(|p| p.is_file()).or_else(|| {
            let dirs = std::env::var_os("PATH").unwrap_or_default();
            names.iter().find_map(|name| std::env::split_paths(&dirs).map(|d| d.join(name)).find(|p| p.is_file()))
        });
        let version = path
            .as_deref()
            .filter(|_| !version_args.is_empty())
            .and_then(|p| Command::new(p).args(version_args).stdin(Stdio::null()).output().ok())
            .and_then(|o| {
                [o.stdout, o.stderr].iter().find_map(|bytes| {
                    let text = String::from_utf8_lossy(bytes);
                    text.lines().map(str::trim).find(|l| !l.is_empty()).map(str::to_owned)
                })
            });
        Self::at(path, version, names)
    }

    /// The tool at `path` (when found) reporting `version`; `names` name it when it is missing.
    pub fn at(path: Option<PathBuf>, version: Option<String>, names: &[&str]) -> Self {
        let version =
            version.unwrap_or_else(|| if path.is_some() { "unversioned (see digest)" } else { "not found" }.into());
        let digest = path
            .as_deref()
            .and_then(|p| std::fs::read(p).ok())
            .map(|bytes| Digest::of_bytes(&bytes).prefixed())
            .unwrap_or_else(|| Digest::of_bytes(format!("{} not found", names.join(" ")).as_bytes()).prefixed());
        SystemTool { path, version, digest }
    }

    /// The provider record of an operation that runs this tool.
    pub fn provider(&self, id: &str, license: &str) -> Provider {
        Provider {
            id: id.to_owned(),
            version: self.version.clone(),
            digest_kind: "SHA256_EXECUTABLE".into(),
            digest: self.digest.clone(),
            platform: Provider::current_platform(),
            install_tier: "SYSTEM_PACKAGE".into(),
            license: license.to_owned(),
            features: vec![],
        }
    }
}

/// A command that runs `program` with `args` under the sandbox (own process group, cleared
/// environment, resource limits, Landlock), in `scratch`, which it may write.
pub fn confined(
    program: &std::path::Path,
    args: &[&std::ffi::OsStr],
    scratch: &std::path::Path,
) -> Result<Command, AdapterError> {
    jacobian_runtime::sandbox::command(program, args, &jacobian_runtime::sandbox::Limits::default(), scratch)
        .map_err(|e| AdapterError::Backend(e.to_string()))
}

/// Runs `command` to completion with its output going to `stdout` (a file, so a chatty tool
/// never blocks on a full pipe), killing and reaping it the moment the run must stop; then the
/// run's own reason for stopping is the error.
pub fn run_to_completion(
    command: &mut Command,
    stdout: std::fs::File,
    ctx: &AdapterContext,
) -> Result<std::process::ExitStatus, AdapterError> {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| AdapterError::Backend(format!("could not start {:?}: {e}", command.get_program())))?;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) => {}
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(AdapterError::Backend(e.to_string()));
            }
        }
        if ctx.should_stop() {
            let _ = child.kill();
            let _ = child.wait();
            ctx.checkpoint()?;
            // Not reached: `should_stop` held, so `checkpoint` names the reason.
            return Err(AdapterError::Cancelled);
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// Jacobian's own code as the provider (operations that wrap no external library).
pub fn jacobian_builtin(adapter_source: &str) -> Provider {
    bundled_crate("jacobian", env!("CARGO_PKG_VERSION"), "Apache-2.0", adapter_source, &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn locked_version(name: &str) -> String {
        let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.lock")).unwrap();
        let at = lock.find(&format!("name = \"{name}\"\nversion = \"")).unwrap_or_else(|| panic!("{name} not locked"));
        let rest = &lock[at..];
        rest.lines().nth(1).unwrap().trim_start_matches("version = \"").trim_end_matches('"').to_owned()
    }

    #[test]
    fn pinned_versions_match_the_lock_file() {
        assert_eq!(locked_version("num-bigint"), NUM_BIGINT_VERSION);
        assert_eq!(locked_version("petgraph"), PETGRAPH_VERSION);
        assert_eq!(locked_version("rustsat-cadical"), RUSTSAT_CADICAL_VERSION);
    }

    #[test]
    fn the_linked_z3_is_current_and_solves() {
        let version: Vec<u32> = z3_version().split('.').filter_map(|p| p.parse().ok()).collect();
        assert!(version.len() >= 3, "unparseable Z3 version {}", z3::full_version());
        assert!(
            version[..3] >= [4, 13, 3][..],
            "Z3 {} is older than z3-sys needs; run scripts/provision-z3",
            z3_version()
        );
        // A function Debian's 4.8.12 lacks: links only against a current Z3.
        let s = z3::Solver::new();
        let x = z3::ast::Real::from_rational_str("1", "3").expect("rational");
        s.assert(x.gt(z3::ast::Real::from_rational(0, 1)));
        assert_eq!(s.check(), z3::SatResult::Sat);
    }
}
