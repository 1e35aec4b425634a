//! Capability descriptors: what an installed capability is, accepts, returns and promises.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{AssuranceLevel, InputKind, Mode};

/// A namespaced capability id: two or more dot-separated segments of `[a-z][a-z0-9_]*`,
/// the first naming the domain (`graph.compute.properties`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "String", into = "String")]
#[schemars(with = "String")]
pub struct CapabilityId(String);

impl CapabilityId {
    /// Longest id accepted.
    pub const MAX_LEN: usize = 96;

    /// Parses and checks an id.
    pub fn new(id: impl Into<String>) -> Result<Self, String> {
        let id = id.into();
        if id.len() > Self::MAX_LEN {
            return Err(format!("capability id is longer than {} characters", Self::MAX_LEN));
        }
        let segments: Vec<&str> = id.split('.').collect();
        if segments.len() < 2 {
            return Err(format!(
                "capability id `{id}` needs a domain and an operation, e.g. `graph.compute.properties`"
            ));
        }
        for seg in &segments {
            let mut chars = seg.chars();
            let ok = matches!(chars.next(), Some('a'..='z')) && chars.all(|c| matches!(c, 'a'..='z' | '0'..='9' | '_'));
            if !ok {
                return Err(format!("capability id `{id}`: segment `{seg}` must match [a-z][a-z0-9_]*"));
            }
        }
        Ok(CapabilityId(id))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The domain: the first segment.
    pub fn domain(&self) -> &str {
        self.0.split('.').next().unwrap_or(&self.0)
    }
}

impl fmt::Display for CapabilityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for CapabilityId {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        CapabilityId::new(s)
    }
}

impl From<CapabilityId> for String {
    fn from(id: CapabilityId) -> String {
        id.0
    }
}

/// The backend behind a capability, pinned exactly.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Provider {
    /// Provider id, e.g. `z3`, `nauty-geng`, `jacobian-builtin`.
    pub id: String,
    /// The provider's exact version.
    pub version: String,
    /// How `digest` was computed: `SHA256_BINARY` (of the executable or shared library) or
    /// `SHA256_IDENTITY` (of the provider's id, version and the adapter's source).
    pub digest_kind: String,
    /// `sha256:<hex>`.
    pub digest: String,
    /// `os-arch`, e.g. `linux-x86_64`.
    pub platform: String,
    /// `BUNDLED` (compiled in), `SYSTEM` (an installed package), or `PROVISIONED` (fetched by a script).
    pub install_tier: String,
    /// SPDX license expression of the provider.
    pub license: String,
    /// Features detected at registration (e.g. `lrat-proofs`).
    #[serde(default)]
    pub features: Vec<String>,
}

impl Provider {
    /// The running platform, `os-arch`.
    pub fn current_platform() -> String {
        format!("{}-{}", std::env::consts::OS, std::env::consts::ARCH)
    }
}

/// A factual relation between two installed capabilities (e.g. `VERIFIED_BY`, `PRODUCES_INPUT_FOR`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CapabilityRelationship {
    /// SCREAMING_SNAKE_CASE relation name.
    pub relation: String,
    /// The related capability.
    pub capability_id: String,
}

/// A complete, valid example call, checked against the input schema at registration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InvocationExample {
    /// What the example does, in a few words.
    pub title: String,
    /// The mode to call with.
    pub mode: Mode,
    /// The `input` object of the call.
    pub input: Value,
}

/// Everything the runtime and an agent need to know about an installed capability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CapabilityDescriptor {
    /// Namespaced id.
    pub id: CapabilityId,
    /// Contract version the capability implements (2).
    pub contract_version: u32,
    /// Short title.
    pub title: String,
    /// One line: the mathematical outcome of a call.
    pub outcome: String,
    /// What it does, what it accepts, what it does not do.
    pub description: String,
    /// Lowercase discovery tags.
    pub tags: Vec<String>,
    /// Other names for the outcome, read by discovery: synonyms, classical names of the
    /// method, abbreviations, notation spelled out, what other systems call it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Requests the capability is not for, in the words they use (`floating point` beside
    /// exact linear algebra, `Weyl algebra` beside commutative Gröbner bases), read by
    /// discovery: a query holding the words of one of them in a row does not fit this
    /// capability strongly, wherever it ranks. Ranking does not read them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_for: Vec<String>,
    /// Supported modes.
    pub modes: Vec<Mode>,
    /// What kind of input it consumes.
    pub input_kind: InputKind,
    /// Artifact schema URIs accepted inline or by `artifact://` URI.
    #[serde(default)]
    pub artifact_types: Vec<String>,
    /// Closed JSON Schema (2020-12) of `input`.
    pub input_schema: Value,
    /// JSON Schema (2020-12) of `output`.
    pub output_schema: Value,
    /// The strongest assurance a result can carry.
    pub assurance_ceiling: AssuranceLevel,
    /// What exactly one call covers, and what it never covers.
    pub scope_rule: String,
    /// A call writes nothing at all (no artifacts, no state beyond its episode record).
    pub read_only: bool,
    /// The call may write artifacts.
    pub writes_artifacts: bool,
    /// The backend.
    pub provider: Provider,
    /// Evidence kinds emitted in VERIFY mode, each to be replayed by a checker for that kind.
    #[serde(default)]
    pub evidence_kinds: Vec<String>,
    /// Relations to other capabilities.
    #[serde(default)]
    pub relationships: Vec<CapabilityRelationship>,
    /// Validated invocation examples.
    #[serde(default)]
    pub examples: Vec<InvocationExample>,
}

impl CapabilityDescriptor {
    /// The domain (first id segment).
    pub fn domain(&self) -> &str {
        self.id.domain()
    }

    /// Structural checks that do not need a schema compiler. Returns every problem found.
    pub fn lint(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.contract_version != super::CONTRACT_VERSION {
            problems.push(format!(
                "contract_version is {}, the runtime speaks {}",
                self.contract_version,
                super::CONTRACT_VERSION
            ));
        }
        if self.title.trim().is_empty() {
            problems.push("title is empty".into());
        }
        if self.outcome.trim().is_empty() || self.outcome.contains('\n') || self.outcome.chars().count() > 200 {
            problems.push("outcome must be one non-empty line of at most 200 characters".into());
        }
        if self.description.trim().is_empty() {
            problems.push("description is empty".into());
        }
        if self.scope_rule.trim().is_empty() {
            problems.push("scope_rule is empty".into());
        }
        if self.tags.is_empty() {
            problems.push("no discovery tags".into());
        }
        for tag in &self.tags {
            if tag.is_empty() || tag.chars().any(|c| c.is_uppercase() || c.is_whitespace()) {
                problems.push(format!("tag `{tag}` must be lowercase and contain no whitespace"));
            }
        }
        // A `not_for` entry is read as words a query holds in a row; one that the title, the
        // outcome, an alias or a tag holds too would take the strong fit from requests for the
        // outcome itself.
        // Read only for the descriptors that have entries: reading every alias is not free.
        let own: Vec<Vec<String>> = if self.not_for.is_empty() {
            Vec::new()
        } else {
            [&self.title, &self.outcome]
                .into_iter()
                .chain(&self.aliases)
                .chain(&self.tags)
                .map(|text| crate::catalog::terms(text))
                .collect()
        };
        for entry in &self.not_for {
            let words = crate::catalog::terms(entry);
            if words.is_empty() {
                problems.push(format!("not_for entry `{entry}` has no word discovery reads"));
            } else if own.iter().any(|text| crate::catalog::in_a_row(text, &words)) {
                problems.push(format!(
                    "not_for entry `{entry}` names the capability's own title, outcome, an alias or a tag"
                ));
            }
        }
        if self.modes.is_empty() {
            problems.push("no supported modes".into());
        }
        let mut modes = self.modes.clone();
        modes.sort();
        modes.dedup();
        if modes.len() != self.modes.len() {
            problems.push("modes repeat".into());
        }
        let verify = self.modes.contains(&Mode::Verify);
        if verify && self.evidence_kinds.is_empty() {
            problems.push("VERIFY mode needs at least one evidence kind for a checker to replay".into());
        }
        if self.assurance_ceiling == AssuranceLevel::Verified && !verify {
            problems.push("assurance ceiling VERIFIED needs VERIFY mode".into());
        }
        if self.assurance_ceiling == AssuranceLevel::None {
            problems.push("assurance ceiling NONE would make every result a non-conclusion".into());
        }
        match (self.input_kind, self.artifact_types.is_empty()) {
            (InputKind::TypedArtifact, true) => {
                problems.push("input kind TYPED_ARTIFACT needs accepted artifact_types".into())
            }
            (InputKind::NaturalLanguageProof, _) => problems
                .push("NATURAL_LANGUAGE_PROOF input needs a provider that really reads prose; none is bundled".into()),
            _ => {}
        }
        if self.read_only && self.writes_artifacts {
            // read_only promises that a call writes nothing at all, artifacts included.
            problems.push("read_only and writes_artifacts are both set".into());
        }
        for example in &self.examples {
            if !self.modes.contains(&example.mode) {
                problems.push(format!("example `{}` uses an unsupported mode", example.title));
            }
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_namespaced_lowercase_segments() {
        assert!(CapabilityId::new("graph.compute.properties").is_ok());
        assert!(CapabilityId::new("integer.compute.gcd").is_ok());
        assert!(CapabilityId::new("a.b2_c").is_ok());
        for bad in ["graph", "Graph.x", "graph..x", "graph.x.", ".graph", "graph.2x", "graph.x-y", ""] {
            assert!(CapabilityId::new(bad).is_err(), "{bad} accepted");
        }
        assert_eq!(CapabilityId::new("graph.search.atlas").unwrap().domain(), "graph");
        assert!(CapabilityId::new("a.".to_string() + &"b".repeat(200)).is_err());
    }
}
