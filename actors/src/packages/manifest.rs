//! `jacobian-package.toml`: what an operator package is, how it starts, what it asks for.

use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::protocol::PROTOCOL_VERSION;

/// The manifest's file name inside a package directory.
pub const MANIFEST_FILE: &str = "jacobian-package.toml";

/// A package manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The protocol version the package speaks (1).
    pub protocol: u32,
    /// The package's name: `[a-z][a-z0-9_-]*`, at most 64 characters.
    pub name: String,
    /// Its version, as the package's authors number it.
    pub version: String,
    /// SPDX licence expression of the package.
    pub license: String,
    /// The command that starts one package process: the program (a path inside the package
    /// directory when it contains `/`, else a name looked up in `/usr/local/bin:/usr/bin:/bin`)
    /// and its arguments, given verbatim. The process runs in the package directory.
    pub command: Vec<String>,
    /// The capability ids the package serves; its `describe` answer must list exactly these.
    pub capabilities: Vec<String>,
    /// What the package asks for; the runtime's own ceilings apply.
    #[serde(default)]
    pub limits: RequestedLimits,
}

/// Limits a package requests, each clamped to a ceiling of the runtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct RequestedLimits {
    /// Processes serving runs at once (1 to 16).
    pub workers: usize,
    /// Address space of each process, MiB (64 to 8192).
    pub address_space_mib: u64,
    /// CPU seconds of each process over its life (1 to 86400); a process is replaced before it
    /// reaches them.
    pub cpu_seconds: u64,
    /// Longest message the package may print, bytes (1 KiB to 64 MiB).
    pub message_bytes: usize,
    /// How long a process has to answer `describe` after it starts, ms (100 to 60000).
    pub start_ms: u64,
    /// How long a process has to end a run after `cancel` before it is killed, ms (10 to 10000).
    pub grace_ms: u64,
}

impl Default for RequestedLimits {
    fn default() -> Self {
        RequestedLimits {
            workers: 1,
            address_space_mib: 1024,
            cpu_seconds: 3600,
            message_bytes: 4 << 20,
            start_ms: 10_000,
            grace_ms: 500,
        }
    }
}

impl RequestedLimits {
    /// Every limit inside its range, or what is out of range.
    fn check(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut within = |name: &str, v: u64, lo: u64, hi: u64| {
            if !(lo..=hi).contains(&v) {
                problems.push(format!("limits.{name} is {v}, outside {lo}..={hi}"));
            }
        };
        within("workers", self.workers as u64, 1, 16);
        within("address_space_mib", self.address_space_mib, 64, 8192);
        within("cpu_seconds", self.cpu_seconds, 1, 86_400);
        within("message_bytes", self.message_bytes as u64, 1 << 10, 64 << 20);
        within("start_ms", self.start_ms, 100, 60_000);
        within("grace_ms", self.grace_ms, 10, 10_000);
        problems
    }
}

/// A manifest read from a package directory, with the program resolved.
#[derive(Debug, Clone)]
pub struct Located {
    /// The manifest.
    pub manifest: Manifest,
    /// The package directory, canonical.
    pub dir: PathBuf,
    /// The program to start, absolute.
    pub program: PathBuf,
}

/// Reads and checks `dir/jacobian-package.toml`; every problem is reported.
pub fn read(dir: &Path) -> Result<Located, Vec<String>> {
    let dir = dir.canonicalize().map_err(|e| vec![format!("{}: {e}", dir.display())])?;
    let path = dir.join(MANIFEST_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| vec![format!("{}: {e}", path.display())])?;
    let manifest: Manifest = toml::from_str(&text).map_err(|e| vec![format!("{}: {e}", path.display())])?;
    let mut problems = Vec::new();
    if manifest.protocol != PROTOCOL_VERSION {
        problems.push(format!("protocol is {}, the runtime speaks {PROTOCOL_VERSION}", manifest.protocol));
    }
    let name_ok = manifest.name.len() <= 64
        && manifest.name.starts_with(|c: char| c.is_ascii_lowercase())
        && manifest.name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
    if !name_ok {
        problems.push(format!("name `{}` must match [a-z][a-z0-9_-]* (at most 64 characters)", manifest.name));
    }
    if manifest.version.trim().is_empty() || manifest.version.len() > 64 {
        problems.push("version must be non-empty and at most 64 characters".into());
    }
    if manifest.license.trim().is_empty() {
        problems.push("license must name the package's licence (SPDX)".into());
    }
    if manifest.capabilities.is_empty() {
        problems.push("capabilities lists no capability".into());
    }
    for id in &manifest.capabilities {
        if let Err(e) = jacobian_runtime::contract::CapabilityId::new(id.clone()) {
            problems.push(e);
        }
    }
    problems.extend(manifest.limits.check());
    let program = match manifest.command.first() {
        None => {
            problems.push("command is empty".into());
            None
        }
        Some(p) => match resolve(&dir, p) {
            Ok(program) => Some(program),
            Err(e) => {
                problems.push(e);
                None
            }
        },
    };
    match program {
        Some(program) if problems.is_empty() => Ok(Located { manifest, dir, program }),
        _ => Err(problems),
    }
}

/// The program: inside the package when the name has a `/` (and it may not leave the package),
/// else found on the confined processes' `PATH`.
fn resolve(dir: &Path, program: &str) -> Result<PathBuf, String> {
    if program.contains('/') {
        let path = dir.join(program).canonicalize().map_err(|e| format!("command `{program}`: {e}"))?;
        if !path.starts_with(dir) {
            return Err(format!("command `{program}` leaves the package directory"));
        }
        return Ok(path);
    }
    ["/usr/local/bin", "/usr/bin", "/bin"]
        .iter()
        .map(|d| Path::new(d).join(program))
        .find(|p| p.is_file())
        .ok_or_else(|| format!("command `{program}` is not in /usr/local/bin, /usr/bin or /bin"))
}

/// Files whose content is not the package's (a byte-code cache).
const SKIPPED: &[&str] = &["__pycache__"];
/// Most bytes hashed for a package's digest.
const MAX_PACKAGE_BYTES: u64 = 512 << 20;

/// SHA-256 over the package directory: every regular file, in path order, as its relative path,
/// its length and its bytes. Symbolic links are hashed as their target text.
pub fn digest(dir: &Path) -> Result<jacobian_runtime::Digest, String> {
    use sha2::{Digest as _, Sha256};
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| e.to_string())?;
            let name = entry.file_name();
            if SKIPPED.iter().any(|s| name == *s) {
                continue;
            }
            let kind = entry.file_type().map_err(|e| e.to_string())?;
            if kind.is_dir() {
                stack.push(entry.path());
            } else {
                files.push((entry.path(), kind.is_symlink()));
            }
        }
    }
    files.sort();
    let mut hasher = Sha256::new();
    let mut total = 0u64;
    for (path, link) in files {
        let rel = path.strip_prefix(dir).unwrap_or(&path).to_string_lossy().into_owned();
        let bytes = if link {
            std::fs::read_link(&path).map_err(|e| e.to_string())?.to_string_lossy().into_owned().into_bytes()
        } else {
            std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?
        };
        total += bytes.len() as u64;
        if total > MAX_PACKAGE_BYTES {
            return Err(format!("the package holds more than {} MiB", MAX_PACKAGE_BYTES >> 20));
        }
        hasher.update(rel.as_bytes());
        hasher.update([0]);
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
    }
    let hex: String = hasher.finalize().iter().map(|b| format!("{b:02x}")).collect();
    jacobian_runtime::Digest::from_hex(&hex).ok_or_else(|| "the digest could not be formed".to_owned())
}
