//! Computer-algebra backends (PARI/GP, Singular, GAP) as adapters see them: programs built only
//! from our own values, and the port through which a run sends one to a warm worker.
//!
//! A [`Program`] can be given text in exactly two ways: `&'static str` fragments written in this
//! repository ([`Program::code`]), and values that were parsed and validated by Jacobian and are
//! re-printed from that parsed form ([`Program::int`], [`Program::small`], [`Program::list`]).
//! There is no constructor that takes a caller's string, so no caller text can reach a backend
//! as code. The fragments of one program are one expression (GP), one procedure body
//! (Singular) or one function body (GAP) that prints its answer; the worker frames it (see the
//! actor runtime's `backends` module) and returns the printed lines.

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use serde::Serialize;

use crate::adapter::{AdapterContext, AdapterError};
use crate::objects::integer::DecimalInteger;

/// A computer-algebra system run as a pool of warm child processes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BackendKind {
    /// PARI/GP (`gp`), number theory.
    Pari,
    /// Singular, commutative algebra.
    Singular,
    /// GAP, groups.
    Gap,
}

impl BackendKind {
    /// Every backend.
    pub const ALL: [BackendKind; 3] = [BackendKind::Pari, BackendKind::Singular, BackendKind::Gap];

    /// Short lowercase name (`pari`, `singular`, `gap`), used in metrics and policy.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Pari => "pari",
            BackendKind::Singular => "singular",
            BackendKind::Gap => "gap",
        }
    }

    /// The system's own name.
    pub fn title(self) -> &'static str {
        match self {
            BackendKind::Pari => "PARI/GP",
            BackendKind::Singular => "Singular",
            BackendKind::Gap => "GAP",
        }
    }

    /// The Debian packages that provide it.
    pub fn packages(self) -> &'static str {
        match self {
            BackendKind::Pari => "pari-gp",
            BackendKind::Singular => "singular",
            BackendKind::Gap => "gap-core gap-libs",
        }
    }

    /// The executable: `$JACOBIAN_GP`, `$JACOBIAN_SINGULAR` or `$JACOBIAN_GAP` when
    /// it names a file, else the usual name on `PATH`.
    pub fn locate(self) -> Option<PathBuf> {
        let (var, name) = match self {
            BackendKind::Pari => ("JACOBIAN_GP", "gp"),
            BackendKind::Singular => ("JACOBIAN_SINGULAR", "Singular"),
            BackendKind::Gap => ("JACOBIAN_GAP", "gap"),
        };
        std::env::var_os(var).map(PathBuf::from).filter(|p| p.is_file()).or_else(|| {
            let dirs = std::env::var_os("PATH").unwrap_or_default();
            std::env::split_paths(&dirs).map(|d| d.join(name)).find(|p| p.is_file())
        })
    }

    /// The version this backend's executable `exe` reports, without starting a session: `gp --version-short`,
    /// `Singular -v`, and GAP's `sysinfo.gap` (its `--version` is not reliable).
    pub fn version_of(self, exe: &Path) -> Option<String> {
        use std::process::{Command, Stdio};
        let run = |args: &[&str]| {
            Command::new(exe)
                .args(args)
                .stdin(Stdio::null())
                .stderr(Stdio::null())
                .output()
                .ok()
                .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        };
        match self {
            BackendKind::Pari => run(&["--version-short"]).map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()),
            BackendKind::Singular => {
                let text = run(&["-v"])?;
                let at = text.find("version ")? + "version ".len();
                Some(text[at..].split_whitespace().next()?.to_owned())
            }
            BackendKind::Gap => {
                ["/usr/share/gap/sysinfo.gap", "/usr/lib/gap/sysinfo.gap", "/usr/local/lib/gap/sysinfo.gap"]
                    .iter()
                    .filter_map(|p| std::fs::read_to_string(p).ok())
                    .find_map(|text| {
                        let line = text.lines().find(|l| l.starts_with("GAP_VERSION="))?;
                        Some(line.trim_start_matches("GAP_VERSION=").trim_matches('"').to_owned())
                    })
            }
        }
    }

    /// The executable at its usual place ([`BackendKind::locate`]) and the version it reports,
    /// probed once per process (the probe runs the executable).
    pub fn found(self) -> &'static Found {
        static FOUND: [OnceLock<Found>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        FOUND[self as usize].get_or_init(|| self.probe(self.locate()))
    }

    /// The executable given, when it is a file, and the version it reports (the probe runs it).
    pub fn probe(self, executable: Option<PathBuf>) -> Found {
        let executable = executable.filter(|p| p.is_file());
        let version = executable.as_deref().and_then(|p| self.version_of(p));
        Found { executable, version }
    }

    /// The oldest version Jacobian's programs are written for.
    pub fn minimum_version(self) -> &'static [u32] {
        match self {
            BackendKind::Pari => &[2, 15],
            BackendKind::Singular => &[4, 3],
            BackendKind::Gap => &[4, 12],
        }
    }
}

impl fmt::Display for BackendKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// A backend's executable as found on this machine, and the version it reports.
#[derive(Debug, Clone)]
pub struct Found {
    /// The executable, when installed.
    pub executable: Option<PathBuf>,
    /// The version it reports, when it reports one.
    pub version: Option<String>,
}

/// Whether running a program can leave state behind in the worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Isolation {
    /// Every name the program binds is local to its own scope (GP `my`, a Singular procedure's
    /// locals, GAP `local`s): the worker serves the next run as it is.
    Scoped,
    /// The program binds global names: the worker is replaced after it, before any other run.
    DefinesGlobals,
}

/// A program for one backend, assembled from repository fragments and re-printed values.
#[derive(Debug, Clone)]
pub struct Program {
    backend: BackendKind,
    text: String,
    isolation: Isolation,
}

impl Program {
    /// An empty, scoped program for `backend`.
    pub fn new(backend: BackendKind) -> Self {
        Program { backend, text: String::new(), isolation: Isolation::Scoped }
    }

    /// Appends a fragment of backend code written in this repository. Fragments never contain
    /// a line break: a program is sent as one logical line.
    pub fn code(mut self, fragment: &'static str) -> Self {
        debug_assert!(!fragment.contains(['\n', '\r']), "program fragments are one line");
        self.text.push_str(fragment);
        self
    }

    /// Appends an integer, re-printed from its validated decimal form.
    pub fn int(mut self, n: &DecimalInteger) -> Self {
        self.text.push_str(n.as_str());
        self
    }

    /// Appends a machine integer.
    pub fn small(mut self, n: i64) -> Self {
        let _ = write!(self.text, "{n}");
        self
    }

    /// Appends `items` separated by `sep` (a repository fragment), each written by `each`.
    pub fn list<T>(mut self, items: &[T], sep: &'static str, each: impl Fn(Program, &T) -> Program) -> Self {
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self = self.code(sep);
            }
            self = each(self, item);
        }
        self
    }

    /// Marks the program as binding global names, so its worker is replaced after it.
    pub fn defines_globals(mut self) -> Self {
        self.isolation = Isolation::DefinesGlobals;
        self
    }

    /// The backend it is written for.
    pub fn backend(&self) -> BackendKind {
        self.backend
    }

    /// Its text (what the worker frames and sends).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether it leaves state behind.
    pub fn isolation(&self) -> Isolation {
        self.isolation
    }
}

/// What a backend printed for one program: the lines between the frame's markers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// Printed lines, in order, without line terminators.
    pub lines: Vec<String>,
}

impl Reply {
    /// The single line of a one-line answer; a backend failure otherwise.
    pub fn single(&self, backend: BackendKind) -> Result<&str, AdapterError> {
        match self.lines.as_slice() {
            [line] => Ok(line),
            other => {
                Err(AdapterError::Backend(format!("{backend} printed {} lines where one was expected", other.len())))
            }
        }
    }
}

/// Whether a backend can serve runs on this machine, and why not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BackendStatus {
    /// Which backend.
    pub backend: BackendKind,
    /// Its executable, when found.
    pub executable: Option<String>,
    /// The version it reports, when found.
    pub version: Option<String>,
    /// Whether capabilities on it are offered.
    pub available: bool,
    /// Why not, naming what to install.
    pub reason: Option<String>,
}

/// How an executing adapter reaches the backend pools. Implemented by the actor runtime.
pub trait BackendPort: Send + Sync + 'static {
    /// Runs `program` on a warm worker and returns what it printed. Blocks the calling thread
    /// (adapters run on blocking threads); returns `Cancelled` or `DeadlineExceeded` as soon as
    /// `ctx` says the run must stop, while the pool interrupts or replaces the worker.
    fn run(&self, program: &Program, ctx: &AdapterContext) -> Result<Reply, AdapterError>;

    /// The status of `backend` as probed when the runtime started.
    fn status(&self, backend: BackendKind) -> BackendStatus;
}

/// A shared port.
pub type SharedBackendPort = Arc<dyn BackendPort>;

/// Parses a dotted version (`2.15.2`, `4.3.1`, `4.12.1`) and compares it with a minimum.
pub fn version_at_least(version: &str, minimum: &[u32]) -> bool {
    let parts: Vec<u32> =
        version.split(|c: char| !c.is_ascii_digit()).filter(|p| !p.is_empty()).filter_map(|p| p.parse().ok()).collect();
    parts.as_slice() >= minimum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_hold_only_fragments_and_values() {
        let n = DecimalInteger::parse("-00120").unwrap();
        let p = Program::new(BackendKind::Pari).code("factor(").int(&n).code(")");
        assert_eq!(p.text(), "factor(-120)");
        let p = Program::new(BackendKind::Gap).code("[").list(&[1i64, 2, 3], ",", |p, x| p.small(*x)).code("]");
        assert_eq!(p.text(), "[1,2,3]");
        assert_eq!(p.isolation(), Isolation::Scoped);
    }

    #[test]
    fn versions_compare_numerically() {
        assert!(version_at_least("2.15.2", &[2, 15]));
        assert!(version_at_least("4.12.1", &[4, 12]));
        assert!(!version_at_least("4.9.3", &[4, 12]));
        assert!(version_at_least("4.10", &[4, 3]));
        assert!(!version_at_least("", &[1]));
    }
}
