//! The package protocol, version 1: one JSON object per line on the process's standard input
//! (from the runtime) and standard output (from the package). `docs/packages.md` specifies it;
//! its JSON Schemas are generated from these types.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use jacobian_runtime::contract::{AssuranceLevel, Diagnostic, InvocationExample, Mode, Qualifier};

/// The protocol version this runtime speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message from the runtime to a package process.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// The first message a process receives: answer with `describe`.
    Describe {
        /// The protocol version the runtime speaks.
        protocol: u32,
    },
    /// Run one capability on an input that already passed its input schema. Answer with any
    /// number of `progress` messages and then exactly one `result` or `error` for this run.
    Run {
        /// The run's id; every answer names it.
        run: String,
        /// Which of the package's capabilities.
        capability: String,
        /// EXPLORE, or VERIFY (attach evidence when the capability can).
        mode: Mode,
        /// The validated input.
        input: Value,
        /// Milliseconds left before the run's deadline.
        deadline_ms: u64,
    },
    /// Stop the run now and answer it (an `error` with code CANCELLED is enough). The process
    /// is killed when it has not answered within the manifest's `grace_ms`.
    Cancel {
        /// The run to stop.
        run: String,
    },
}

/// A message from a package process to the runtime.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Message {
    /// The answer to `describe`: the package's capabilities.
    Describe {
        /// The protocol version the package speaks.
        protocol: u32,
        /// One entry per capability of the manifest, in any order.
        capabilities: Vec<PackageCapability>,
    },
    /// Progress of a run.
    Progress {
        /// The run.
        run: String,
        /// Units done.
        done: u64,
        /// Units in all, when known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        total: Option<u64>,
        /// What is happening.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        message: Option<String>,
    },
    /// A run's output: its final answer.
    Result {
        /// The run.
        run: String,
        /// The output, which must match the capability's output schema.
        output: Value,
        /// COMPUTED (the default) or HEURISTIC. A package cannot make a result VERIFIED: only a
        /// bundled, operator-authorized checker accepting `evidence` does.
        #[serde(default = "computed")]
        assurance: AssuranceLevel,
        /// How the output was obtained (EXACT, DETERMINISTIC, HEURISTIC, ...).
        #[serde(default)]
        qualifiers: Vec<Qualifier>,
        /// Evidence for a bundled checker, in VERIFY mode.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        evidence: Option<PackageEvidence>,
        /// Warnings and notes.
        #[serde(default)]
        diagnostics: Vec<Diagnostic>,
        /// JSON artifacts to store through the runtime's store (capabilities declaring
        /// `writes_artifacts` only); their URIs are added to the result.
        #[serde(default)]
        artifacts: Vec<PackageArtifact>,
    },
    /// A run that produced no output: its final answer.
    Error {
        /// The run.
        run: String,
        /// Why.
        code: ErrorCode,
        /// What went wrong, for the caller.
        message: String,
    },
}

fn computed() -> AssuranceLevel {
    AssuranceLevel::Computed
}

/// Why a run produced no output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    /// The input is outside what the package supports.
    Unsupported,
    /// The computation failed.
    Failed,
    /// The run was cancelled (the answer to `cancel`).
    Cancelled,
}

/// A capability as a package describes it; the runtime completes the descriptor (contract
/// version, provider, input kind) and registers it like any other.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageCapability {
    /// Namespaced id, listed in the manifest.
    pub id: String,
    /// Short title.
    pub title: String,
    /// One line (at most 200 characters): the mathematical outcome of a call.
    pub outcome: String,
    /// What it does, accepts and does not do.
    pub description: String,
    /// Lowercase discovery tags.
    pub tags: Vec<String>,
    /// Other names for the outcome, for discovery.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Requests it is not for, for discovery's fit (see the descriptor's `not_for`).
    #[serde(default)]
    pub not_for: Vec<String>,
    /// EXPLORE, and VERIFY when it attaches evidence.
    pub modes: Vec<Mode>,
    /// Closed JSON Schema (2020-12) of the input.
    pub input_schema: Value,
    /// JSON Schema (2020-12) of the output.
    pub output_schema: Value,
    /// HEURISTIC, COMPUTED, or VERIFIED when a bundled checker replays its evidence kinds.
    pub assurance_ceiling: AssuranceLevel,
    /// What exactly one call covers.
    pub scope_rule: String,
    /// Evidence kinds it attaches in VERIFY mode (each replayed by a bundled checker).
    #[serde(default)]
    pub evidence_kinds: Vec<String>,
    /// Whether a call may store artifacts.
    #[serde(default)]
    pub writes_artifacts: bool,
    /// Complete example calls, validated against the input schema and run by
    /// `jacobian package check`.
    pub examples: Vec<InvocationExample>,
}

/// Evidence a package attaches; the runtime binds it to the result's scope.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageEvidence {
    /// The evidence kind (one the capability declares).
    pub kind: String,
    /// The semantics identifier under which the claim is read.
    pub semantics: String,
    /// The claim.
    pub claim: Value,
    /// The candidate: a witness or certificate.
    pub candidate: Value,
    /// The certificate format.
    pub certificate_format: String,
}

/// A JSON artifact a package asks the runtime to store.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageArtifact {
    /// The artifact's schema URI (the runtime's reserved schemas are refused).
    pub schema_uri: String,
    /// The object, stored in canonical JSON.
    pub json: Value,
}

impl Message {
    /// The run a message is about (none for `describe`).
    pub fn run(&self) -> Option<&str> {
        match self {
            Message::Describe { .. } => None,
            Message::Progress { run, .. } | Message::Result { run, .. } | Message::Error { run, .. } => Some(run),
        }
    }
}

/// The JSON Schemas published in `docs/packages/`: the manifest, each direction (a `oneOf` of
/// its messages), and one schema per message (`request.run.schema.json`, `message.result.schema.json`, ...).
pub fn schemas() -> Vec<(String, Value)> {
    let value = |s: schemars::Schema| {
        let mut v = serde_json::to_value(s).unwrap_or(Value::Null);
        jacobian_runtime::schema::standard_formats(&mut v);
        v
    };
    let mut out = vec![("manifest.schema.json".to_owned(), value(schemars::schema_for!(super::manifest::Manifest)))];
    for (direction, schema) in
        [("request", value(schemars::schema_for!(Request))), ("message", value(schemars::schema_for!(Message)))]
    {
        for variant in schema["oneOf"].as_array().into_iter().flatten() {
            let Some(tag) = variant.pointer("/properties/type/const").and_then(Value::as_str) else { continue };
            let mut one = variant.clone();
            if let Value::Object(map) = &mut one {
                map.insert("$schema".into(), schema["$schema"].clone());
                map.insert("title".into(), Value::String(format!("{direction} `{tag}`")));
                if let Some(defs) = schema.get("$defs") {
                    map.insert("$defs".into(), defs.clone());
                }
            }
            out.push((format!("{direction}.{tag}.schema.json"), one));
        }
        out.push((format!("{direction}.schema.json"), schema));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn messages_are_tagged_and_closed() {
        let m: Message = serde_json::from_value(json!({"type": "result", "run": "r1", "output": {"n": 1}})).unwrap();
        assert_eq!(m.run(), Some("r1"));
        assert!(matches!(m, Message::Result { assurance: AssuranceLevel::Computed, .. }));
        for bad in [
            json!({"type": "result", "run": "r1", "output": {}, "extra": 1}),
            json!({"type": "results", "run": "r1", "output": {}}),
            json!({"run": "r1", "output": {}}),
            json!({"type": "error", "run": "r1", "code": "OOPS", "message": ""}),
        ] {
            assert!(serde_json::from_value::<Message>(bad.clone()).is_err(), "{bad}");
        }
        let r = serde_json::to_value(Request::Cancel { run: "r1".into() }).unwrap();
        assert_eq!(r, json!({"type": "cancel", "run": "r1"}));
    }
}
