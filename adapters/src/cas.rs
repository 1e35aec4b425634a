//! What every capability on a computer-algebra backend shares: its provider record, reading
//! the backend's printed answer back into validated values, and the digit bound of preflight.

use std::sync::OnceLock;

use jacobian_runtime::adapter::{AdapterError, Refusal};
use jacobian_runtime::backend::BackendKind;
use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::objects::integer::DecimalInteger;
use jacobian_runtime::typed::Describe;

use crate::backends::SystemTool;

/// The system tool behind `backend`, located once per process, with the exact version the
/// backend reports.
pub fn tool(backend: BackendKind) -> &'static SystemTool {
    static TOOLS: [OnceLock<SystemTool>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    TOOLS[backend as usize].get_or_init(|| {
        let path = backend.locate();
        let version = path.as_deref().and_then(|p| backend.version_of(p));
        SystemTool::at(path, version, &[backend.title()])
    })
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

/// The descriptor of a read-only EXPLORE computation over a structured request: COMPUTED at
/// best, no artifacts, no evidence, no relationships. Callers override what differs with
/// struct update syntax (`Describe { modes: …, ..cas::describe(…) }`).
pub fn describe(
    id: &'static str,
    title: &'static str,
    outcome: &'static str,
    description: &'static str,
    tags: &'static [&'static str],
) -> Describe {
    Describe {
        id,
        title,
        outcome,
        description,
        tags,
        modes: &[Mode::Explore],
        input_kind: InputKind::StructuredRequest,
        artifact_types: &[],
        assurance_ceiling: AssuranceLevel::Computed,
        scope_rule: "Exactly the given input.",
        read_only: true,
        writes_artifacts: false,
        evidence_kinds: &[],
        relationships: &[],
    }
}

/// The `provider` and `backend` methods of an [`Operation`](jacobian_runtime::typed::Operation)
/// that runs on the backend pool `$backend`.
macro_rules! on_backend {
    ($backend:expr) => {
        fn provider(&self) -> jacobian_runtime::contract::Provider {
            $crate::cas::provider($backend)
        }

        fn backend(&self) -> Option<jacobian_runtime::backend::BackendKind> {
            Some($backend)
        }
    };
}
pub(crate) use on_backend;
