//! What every capability on a computer-algebra backend shares: its provider record, reading
//! the backend's printed answer back into validated values, and the digit bound of preflight.

use std::sync::OnceLock;

use jacobian_runtime::adapter::{AdapterError, Refusal};
use jacobian_runtime::backend::BackendKind;
use jacobian_runtime::contract::{Diagnostic, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;

use crate::backends::SystemTool;

/// The system tool behind `backend`, located once per process.
pub fn tool(backend: BackendKind) -> &'static SystemTool {
    static TOOLS: [OnceLock<SystemTool>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let (i, var, name, args): (usize, &str, &str, &[&str]) = match backend {
        BackendKind::Pari => (0, "JACOBIAN_GP", "gp", &["--version-short"]),
        BackendKind::Singular => (1, "JACOBIAN_SINGULAR", "Singular", &[]),
        BackendKind::Gap => (2, "JACOBIAN_GAP", "gap", &[]),
    };
    TOOLS[i].get_or_init(|| {
        let mut tool = SystemTool::locate(var, &[name], args);
        if let Some(version) = tool.path.as_deref().and_then(|p| exact_version(backend, p)) {
            tool.version = version;
        }
        tool
    })
}

/// The exact version where the tool's own output is not just that: Singular's `-v` banner,
/// and GAP's `sysinfo.gap` (its `--version` is not reliable).
fn exact_version(backend: BackendKind, exe: &std::path::Path) -> Option<String> {
    match backend {
        BackendKind::Pari => None,
        BackendKind::Singular => {
            let out = std::process::Command::new(exe).arg("-v").stdin(std::process::Stdio::null()).output().ok()?;
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            let at = text.find("version ")? + "version ".len();
            Some(text[at..].split_whitespace().next()?.to_owned())
        }
        BackendKind::Gap => ["/usr/share/gap/sysinfo.gap", "/usr/lib/gap/sysinfo.gap"]
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .find_map(|text| {
                let line = text.lines().find(|l| l.starts_with("GAP_VERSION="))?;
                Some(line.trim_start_matches("GAP_VERSION=").trim_matches('"').to_owned())
            }),
    }
}

/// The provider record of a capability on `backend` (its executable's digest and version).
pub fn provider(backend: BackendKind) -> Provider {
    tool(backend).provider(backend.name(), "GPL-2.0-or-later")
}

/// Reads a decimal integer the backend printed; anything else is a backend failure.
pub fn integer(backend: BackendKind, text: &str) -> Result<DecimalInteger, AdapterError> {
    DecimalInteger::parse(text.trim())
        .map_err(|_| AdapterError::Backend(format!("{backend} printed `{}` where an integer was expected", clip(text))))
}

/// Reads a line of integers separated by single spaces.
pub fn integers(backend: BackendKind, line: &str) -> Result<Vec<DecimalInteger>, AdapterError> {
    line.split(' ').map(|t| integer(backend, t)).collect()
}

/// Refuses an integer input longer than `max` digits, naming its field.
pub fn digit_bound(n: &DecimalInteger, max: usize, field: &str) -> Result<(), Refusal> {
    let digits = n.as_str().trim_start_matches('-').len();
    if digits > max {
        let message = format!("{digits} digits; this capability accepts at most {max}");
        return Err(Refusal::Unsupported(Diagnostic::at(field, "TOO_LARGE", message)));
    }
    Ok(())
}

fn clip(text: &str) -> String {
    text.chars().take(60).collect()
}
