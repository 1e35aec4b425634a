//! Capability requests: which capability, in which mode, on what input, within what budget.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Mode;

/// The budget a caller asks for. The operator's caps bound it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Budget {
    /// Wall-clock budget in milliseconds, from admission to result (capped by the operator).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 86_400_000))]
    pub wall_ms: Option<u64>,
}

/// One call of one capability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CapabilityRequest {
    /// The capability to run, e.g. `integer.compute.gcd`.
    pub capability_id: String,
    /// EXPLORE (default) or VERIFY.
    #[serde(default)]
    pub mode: Mode,
    /// The operation's input, validated against the capability's input schema.
    pub input: Value,
    /// Optional wall-clock budget.
    #[serde(default)]
    pub budget: Budget,
    /// Groups this run with others under `experiment://{id}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"))]
    pub experiment_id: Option<String>,
    /// The reasoning-log run this call belongs to (required when the log mode is REQUIRED).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasoning_run_id: Option<String>,
    /// The BEFORE_TOOL entry id this call answers (required when the log mode is REQUIRED).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasoning_call_id: Option<String>,
}

impl CapabilityRequest {
    /// A request in EXPLORE mode with no budget or experiment.
    pub fn new(capability_id: impl Into<String>, input: Value) -> Self {
        CapabilityRequest {
            capability_id: capability_id.into(),
            mode: Mode::Explore,
            input,
            budget: Budget::default(),
            experiment_id: None,
            reasoning_run_id: None,
            reasoning_call_id: None,
        }
    }

    /// Sets the mode.
    pub fn mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// Sets the wall-clock budget.
    pub fn wall_ms(mut self, ms: u64) -> Self {
        self.budget.wall_ms = Some(ms);
        self
    }

    /// Sets the experiment.
    pub fn experiment(mut self, id: impl Into<String>) -> Self {
        self.experiment_id = Some(id.into());
        self
    }
}
