//! Projections of descriptors: compact operation cards and the SUMMARY / CONTRACT / FULL views.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::contract::{
    AssuranceLevel, CapabilityDescriptor, CapabilityRelationship, InputKind, InvocationExample, Mode,
};

/// Largest example (canonical JSON bytes) shown on a card; larger ones are replaced by the
/// input's field lists.
const MAX_CARD_EXAMPLE_BYTES: usize = 1536;
/// Most tags and relationships shown on a card.
const MAX_CARD_LIST: usize = 12;

/// How much of a descriptor an inspection returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum View {
    /// Outcome, modes, tags, provider, field summaries.
    #[default]
    Summary,
    /// SUMMARY plus the complete input schema, related operations and validated examples.
    Contract,
    /// CONTRACT plus the complete output schema, provider configuration and licensing.
    Full,
}

/// The top-level fields of an input schema.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct InputFields {
    /// Fields a call must give.
    pub required: Vec<String>,
    /// Every field a call may give.
    pub available: Vec<String>,
}

impl InputFields {
    pub(crate) fn of(schema: &Value) -> Self {
        let available = schema
            .get("properties")
            .and_then(Value::as_object)
            .map(|p| p.keys().cloned().collect())
            .unwrap_or_default();
        let required = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        InputFields { required, available }
    }
}

/// The provider, as an agent needs to see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ProviderAvailability {
    /// Provider id.
    pub id: String,
    /// Exact version.
    pub version: String,
    /// Installed and healthy (listed capabilities always are).
    pub available: bool,
}

/// One match of a search or browse: enough to decide whether and how to call it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Card {
    /// Capability id.
    pub capability_id: String,
    /// Title.
    pub title: String,
    /// One-line outcome.
    pub outcome: String,
    /// Domain.
    pub domain: String,
    /// Modes.
    pub modes: Vec<Mode>,
    /// Tags.
    pub tags: Vec<String>,
    /// Input kind.
    pub input_kind: InputKind,
    /// Accepted artifact schema URIs.
    pub artifact_types: Vec<String>,
    /// Top-level output fields.
    pub output_fields: Vec<String>,
    /// The provider.
    pub provider: ProviderAvailability,
    /// What one call covers.
    pub scope_rule: String,
    /// Strongest assurance.
    pub assurance_ceiling: AssuranceLevel,
    /// Relations to other installed capabilities.
    pub relationships: Vec<CapabilityRelationship>,
    /// One validated example call, when small enough.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<InvocationExample>,
    /// The input's fields, when no example is shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_fields: Option<InputFields>,
    /// Search only: the integer relevance score (higher ranks first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relevance_score: Option<u32>,
    /// Search only: matched query terms per thousand query terms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub query_coverage_milli: Option<u32>,
    /// Search only: STRONG or WEAK.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lexical_fit: Option<super::LexicalFit>,
    /// Search only: descriptor fields that matched.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub matched_on: Vec<String>,
    /// Search only: normalized query terms that matched.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub matched_terms: Vec<String>,
    /// Search only: the entry of the capability's `not_for` the query matched, the request
    /// near its outcome it says it does not serve (its fit is then WEAK).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_for: Option<String>,
}

fn output_fields(d: &CapabilityDescriptor) -> Vec<String> {
    InputFields::of(&d.output_schema).available
}

fn provider(d: &CapabilityDescriptor) -> ProviderAvailability {
    ProviderAvailability { id: d.provider.id.clone(), version: d.provider.version.clone(), available: true }
}

fn relationships(d: &CapabilityDescriptor, installed: &dyn Fn(&str) -> bool) -> Vec<CapabilityRelationship> {
    d.relationships.iter().filter(|r| installed(&r.capability_id)).cloned().collect()
}

/// A card for `d`. `installed` says which related ids are visible.
pub(crate) fn card(d: &CapabilityDescriptor, installed: &dyn Fn(&str) -> bool) -> Card {
    let example = d
        .examples
        .first()
        .filter(|e| crate::canonical::to_canonical_vec(&e.input).len() <= MAX_CARD_EXAMPLE_BYTES)
        .cloned();
    let input_fields = example.is_none().then(|| InputFields::of(&d.input_schema));
    let mut relationships = relationships(d, installed);
    relationships.truncate(MAX_CARD_LIST);
    Card {
        capability_id: d.id.to_string(),
        title: d.title.clone(),
        outcome: d.outcome.clone(),
        domain: d.domain().to_owned(),
        modes: d.modes.clone(),
        tags: d.tags.iter().take(MAX_CARD_LIST).cloned().collect(),
        input_kind: d.input_kind,
        artifact_types: d.artifact_types.clone(),
        output_fields: output_fields(d),
        provider: provider(d),
        scope_rule: d.scope_rule.clone(),
        assurance_ceiling: d.assurance_ceiling,
        relationships,
        example,
        input_fields,
        relevance_score: None,
        query_coverage_milli: None,
        lexical_fit: None,
        matched_on: vec![],
        matched_terms: vec![],
        not_for: None,
    }
}

/// The exact projection of `d` in `view`. `with_examples` is false when the caller must
/// shed examples to fit the response bound.
pub(crate) fn inspect(
    d: &CapabilityDescriptor,
    digest: &crate::canonical::Digest,
    view: View,
    installed: &dyn Fn(&str) -> bool,
    with_examples: bool,
) -> Value {
    let mut v = json!({
        "view": view,
        "capability_id": d.id,
        "title": d.title,
        "outcome": d.outcome,
        "domain": d.domain(),
        "modes": d.modes,
        "tags": d.tags,
        "input_kind": d.input_kind,
        "artifact_types": d.artifact_types,
        "assurance_ceiling": d.assurance_ceiling,
        "scope_rule": d.scope_rule,
        "provider": provider(d),
        "input_fields": InputFields::of(&d.input_schema),
        "output_fields": output_fields(d),
        "examples_available": d.examples.len(),
        "descriptor_digest": digest,
    });
    if view == View::Summary {
        return v;
    }
    let obj = v.as_object_mut().map(|o| {
        o.insert("description".into(), json!(d.description));
        o.insert("input_schema".into(), d.input_schema.clone());
        o.insert("relationships".into(), json!(relationships(d, installed)));
        o.insert("evidence_kinds".into(), json!(d.evidence_kinds));
        o.insert("read_only".into(), json!(d.read_only));
        o.insert("writes_artifacts".into(), json!(d.writes_artifacts));
        if with_examples {
            o.insert("examples".into(), json!(d.examples));
        }
        if view == View::Full {
            o.insert("output_schema".into(), d.output_schema.clone());
            o.insert("provider".into(), json!(d.provider));
            o.insert("contract_version".into(), json!(d.contract_version));
        }
    });
    debug_assert!(obj.is_some());
    v
}
