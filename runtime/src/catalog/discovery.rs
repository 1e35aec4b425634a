//! `math.find`: search, browse and exact inspection of the visible catalog.
//!
//! Every answer is deterministic for a given catalog, policy and request, is bounded to
//! [`MAX_RESPONSE_BYTES`], and carries the catalog and policy digests it was computed
//! against. Ranking is retrieval, not advice: the scores say how words matched.

use std::sync::OnceLock;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::Installed;
use super::cards::{Card, View, card, inspect};
use super::rank::{Query, Score, SearchIndex};
use crate::canonical::Digest;
use crate::contract::{Diagnostic, InputKind, Mode};
use crate::schema::{CompiledSchema, parse_typed, schema_for};

/// Upper bound of what a client receives for one `math.find` call: the structured response,
/// its text projection ([`find_text`]) and the tool result around them ([`delivered_len`]).
pub const MAX_RESPONSE_BYTES: usize = 16 * 1024;
/// Bytes of the tool result around its two projections (`{"content":[{"type":"text","text":…}],
/// "structuredContent":…,"isError":false}`), with room to spare.
const ENVELOPE_BYTES: usize = 128;
const DEFAULT_LIMIT: u32 = 5;

/// Phrases that unambiguously describe informal proof text, which no formal capability reads.
const PROSE_PHRASES: &[&str] = &[
    "informal proof",
    "proof prose",
    "natural language proof",
    "prose proof",
    "proof in english",
    "handwritten proof",
];

/// A `math.find` request.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindRequest {
    /// Words describing the desired outcome. Omit to browse in id order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 512))]
    pub query: Option<String>,
    /// Inspect exactly this capability (exclusive with search fields).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 128))]
    pub capability_id: Option<String>,
    /// Inspection view: SUMMARY (default), CONTRACT or FULL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<View>,
    /// Only this domain (first id segment) or exact tag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 64))]
    pub domain: Option<String>,
    /// Only capabilities supporting this mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    /// Only capabilities consuming this kind of input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_kind: Option<InputKind>,
    /// Only capabilities accepting artifacts of this schema URI.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 256))]
    pub artifact_type: Option<String>,
    /// Matches per page, 1..=20 (default 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 20))]
    pub limit: Option<u32>,
    /// `next_cursor` of the previous page; give the same query, filters and limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 256))]
    pub cursor: Option<String>,
}

impl FindRequest {
    /// Parses and validates a request value, with JSON Pointer diagnostics.
    pub fn from_value(value: &Value) -> Result<Self, Vec<Diagnostic>> {
        static SCHEMA: OnceLock<Option<CompiledSchema>> = OnceLock::new();
        if let Some(schema) = SCHEMA.get_or_init(|| CompiledSchema::compile(&schema_for::<FindRequest>()).ok()) {
            let bad = schema.validate(value, "");
            if !bad.is_empty() {
                return Err(bad);
            }
        }
        parse_typed(value, "").map_err(|d| vec![d])
    }
}

/// Which kind of answer this is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FindKind {
    /// Ranked by a query.
    Search,
    /// In id order, no query.
    Browse,
    /// One capability by id.
    Inspect,
}

/// How far the first match's score must lead the second's for the answer to fit strongly. Two
/// capabilities scoring alike mean the words fit both, or neither, not that the first is the
/// answer. On the evaluation set, a lead of 10 % takes the out-of-portfolio requests answered
/// STRONG from 24 of 203 to 15, and the answerable ones answered STRONG on the wrong capability
/// from 8 % to 3 %, for 11 points fewer STRONG answers on the right one (README, "Discovery").
const LEAD: f32 = 0.1;

/// How well one match's words fit the query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LexicalFit {
    /// Most query terms matched the id, title, tags or outcome.
    Strong,
    /// Only some terms, or only the long description, matched.
    Weak,
}

/// How well the whole answer fits the query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PortfolioFit {
    /// The first match fits strongly and scores clearly above the second.
    Strong,
    /// Only weak lexical matches: their order is not evidence of fit.
    WeakLexicalMatch,
    /// Nothing matched.
    NoLexicalMatch,
}

/// Whether the request found somewhere to go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RoutingStatus {
    /// Installed capabilities match.
    Routed,
    /// Nothing matches the query and filters.
    NoMatch,
    /// No installed capability accepts this kind of input at all.
    NoRoute,
}

/// A way forward when the answer is weak or empty. Unranked; none is a recommendation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RecoveryPath {
    /// SCREAMING_SNAKE_CASE action.
    pub action: String,
    /// How.
    pub detail: String,
}

/// A `math.find` answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FindResponse {
    /// SEARCH, BROWSE or INSPECT.
    pub kind: FindKind,
    /// Digest of the installed catalog.
    pub catalog_digest: Digest,
    /// Digest of the operator policy and checker authority.
    pub policy_digest: Digest,
    /// Name of the policy profile in force.
    pub policy_profile: String,
    /// The query's normalized terms (SEARCH).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub query_terms: Vec<String>,
    /// This page of matches (SEARCH and BROWSE).
    pub matches: Vec<Card>,
    /// Matches over all pages.
    pub total_matches: usize,
    /// Pass back with the same query, filters and limit for the next page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
    /// Fit of the whole answer (SEARCH).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portfolio_fit: Option<PortfolioFit>,
    /// ROUTED, NO_MATCH or NO_ROUTE.
    pub routing_status: RoutingStatus,
    /// Why that routing status.
    pub routing_basis: String,
    /// Ways forward, when the answer is weak, empty or unroutable.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub recovery_paths: Vec<RecoveryPath>,
    /// The inspected capability (INSPECT).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capability: Option<Value>,
}

/// What a response is computed against.
#[derive(Debug, Clone)]
pub struct FindContext {
    /// Catalog digest.
    pub catalog_digest: Digest,
    /// Policy digest.
    pub policy_digest: Digest,
    /// Policy profile name.
    pub policy_profile: String,
}

/// Answers a `math.find` request over the visible capabilities (already filtered by policy
/// and health, in id order), ranking with the catalog's index.
pub(crate) fn find(
    index: &SearchIndex,
    visible: &[&Installed],
    cx: &FindContext,
    req: &FindRequest,
) -> Result<FindResponse, Vec<Diagnostic>> {
    check_combination(req)?;
    let installed = |id: &str| visible.iter().any(|e| e.id() == id);
    let mut response = FindResponse {
        kind: FindKind::Browse,
        catalog_digest: cx.catalog_digest,
        policy_digest: cx.policy_digest,
        policy_profile: cx.policy_profile.clone(),
        query_terms: vec![],
        matches: vec![],
        total_matches: 0,
        next_cursor: None,
        portfolio_fit: None,
        routing_status: RoutingStatus::Routed,
        routing_basis: String::new(),
        recovery_paths: vec![],
        capability: None,
    };

    if let Some(id) = &req.capability_id {
        let Some(entry) = visible.iter().find(|e| e.id() == id) else {
            return Err(vec![unknown_capability(index, id, visible)]);
        };
        let view = req.view.unwrap_or_default();
        response.kind = FindKind::Inspect;
        response.total_matches = 1;
        response.routing_basis = format!("exact inspection of {id}");
        for with_examples in [true, false] {
            response.capability =
                Some(inspect(&entry.descriptor, &entry.descriptor_digest, view, &installed, with_examples));
            if delivered_len(&response) <= MAX_RESPONSE_BYTES {
                return Ok(response);
            }
        }
        return Err(vec![Diagnostic::at(
            "/view",
            "RESPONSE_TOO_LARGE",
            format!(
                "the {view:?} view of {id} exceeds {MAX_RESPONSE_BYTES} bytes; ask for SUMMARY or read capability://catalog"
            ),
        )]);
    }

    let filtered: Vec<&Installed> = visible.iter().copied().filter(|e| passes_filters(e, req)).collect();
    let has_filters =
        req.domain.is_some() || req.mode.is_some() || req.input_kind.is_some() || req.artifact_type.is_some();
    let limit = req.limit.unwrap_or(DEFAULT_LIMIT) as usize;

    // Informal proof text: no formal capability reads it, whatever the words match.
    let prose = req.input_kind == Some(InputKind::NaturalLanguageProof)
        || req.query.as_deref().is_some_and(|q| {
            let q = q.to_lowercase().replace(['-', '_'], " ");
            PROSE_PHRASES.iter().any(|p| q.contains(p))
        });
    if prose && !filtered.iter().any(|e| e.descriptor.input_kind == InputKind::NaturalLanguageProof) {
        response.kind = if req.query.is_some() { FindKind::Search } else { FindKind::Browse };
        response.routing_status = RoutingStatus::NoRoute;
        response.routing_basis =
            "informal proof prose is not a formal artifact, and no installed capability accepts it".into();
        response.recovery_paths = vec![
            RecoveryPath {
                action: "FORMALIZE".into(),
                detail: "state the claim in a formal syntax a capability accepts (a propositional structure, an \
                         identity over a magma, a graph property, a CNF formula) and search for that"
                    .into(),
            },
            recovery_browse(),
            recovery_catalog(),
        ];
        if req.query.is_some() {
            response.portfolio_fit = Some(PortfolioFit::NoLexicalMatch);
        }
        return Ok(response);
    }

    // Rank (SEARCH) or list in id order (BROWSE).
    let ranked: Vec<(&Installed, Option<Score>)>;
    let mut query = None;
    if let Some(text) = &req.query {
        response.kind = FindKind::Search;
        let q = Query::new(text);
        let (mask, by_ordinal) = visibility(index, &filtered);
        // A capability that says it is not for the request does not fit it strongly.
        ranked = index
            .rank(&q, &mask)
            .into_iter()
            .filter_map(|(d, mut s)| {
                let entry = by_ordinal[d]?;
                s.not_for = index.excluded(&q, d);
                s.strong &= s.not_for.is_none();
                Some((entry, Some(s)))
            })
            .collect();
        let score = |i: usize| ranked.get(i).and_then(|r| r.1.as_ref());
        let leads =
            |first: &Score| score(1).is_none_or(|s| first.relevance as f32 >= (1.0 + LEAD) * s.relevance as f32);
        let fit = match score(0) {
            None => PortfolioFit::NoLexicalMatch,
            Some(first) if first.strong && leads(first) => PortfolioFit::Strong,
            Some(_) => PortfolioFit::WeakLexicalMatch,
        };
        response.portfolio_fit = Some(fit);
        response.query_terms = q.terms.clone();
        query = Some(q);
    } else {
        ranked = filtered.iter().map(|e| (*e, None)).collect();
    }
    response.total_matches = ranked.len();

    let key = cursor_key(req, cx);
    let offset = match &req.cursor {
        Some(c) => decode_cursor(c, &key, ranked.len())?,
        None => 0,
    };
    for (entry, scored) in ranked.iter().skip(offset).take(limit) {
        let mut c = card(&entry.descriptor, &installed);
        if let (Some(s), Some(q)) = (scored, &query) {
            let mut s = s.clone();
            index.explain(q, entry.ordinal(), &mut s);
            c.relevance_score = Some(s.relevance);
            c.query_coverage_milli = Some(s.coverage_milli);
            c.lexical_fit = Some(if s.strong { LexicalFit::Strong } else { LexicalFit::Weak });
            c.matched_on = s.matched_on.iter().map(|f| f.to_string()).collect();
            c.matched_terms = s.matched_terms;
            c.not_for = s.not_for.and_then(|i| entry.descriptor.not_for.get(i)).cloned();
        }
        response.matches.push(c);
    }

    response.routing_status = if ranked.is_empty() { RoutingStatus::NoMatch } else { RoutingStatus::Routed };
    response.routing_basis = match (response.kind, ranked.is_empty()) {
        (FindKind::Search, false) => format!("{} capabilities share terms with the query", ranked.len()),
        (FindKind::Search, true) => "no visible capability shares a term with the query".into(),
        (_, false) => format!("{} visible capabilities pass the filters", ranked.len()),
        (_, true) => "no visible capability passes the filters".into(),
    };
    let weak = response.kind == FindKind::Search && response.portfolio_fit != Some(PortfolioFit::Strong);
    if weak || ranked.is_empty() {
        if response.kind == FindKind::Search {
            response.recovery_paths.push(RecoveryPath {
                action: "REFORMULATE_QUERY".into(),
                detail: "describe the mathematical outcome with the domain's words (e.g. \"maximum induced tree\", \
                         \"countermodel magma\")"
                    .into(),
            });
        }
        if has_filters {
            response.recovery_paths.push(RecoveryPath {
                action: "REMOVE_FILTERS".into(),
                detail: "drop domain, mode, input_kind or artifact_type".into(),
            });
        }
        response.recovery_paths.push(recovery_browse());
        response.recovery_paths.push(recovery_catalog());
    }

    // Hold the page, cursor included, to the size bound, moving the cursor back over whatever
    // does not fit.
    loop {
        let end = offset + response.matches.len();
        response.next_cursor = (end < ranked.len()).then(|| encode_cursor(end, &key));
        if delivered_len(&response) <= MAX_RESPONSE_BYTES || response.matches.len() <= 1 {
            return Ok(response);
        }
        response.matches.pop();
    }
}

fn recovery_browse() -> RecoveryPath {
    RecoveryPath {
        action: "BROWSE".into(),
        detail: "call math.find with no arguments to list the installed capabilities".into(),
    }
}

fn recovery_catalog() -> RecoveryPath {
    RecoveryPath {
        action: "READ_CATALOG".into(),
        detail: "read the capability://catalog resource for the full inventory".into(),
    }
}

fn check_combination(req: &FindRequest) -> Result<(), Vec<Diagnostic>> {
    let mut bad = Vec::new();
    if req.capability_id.is_some() {
        let conflicting = [
            ("query", req.query.is_some()),
            ("domain", req.domain.is_some()),
            ("mode", req.mode.is_some()),
            ("input_kind", req.input_kind.is_some()),
            ("artifact_type", req.artifact_type.is_some()),
            ("limit", req.limit.is_some()),
            ("cursor", req.cursor.is_some()),
        ];
        for (field, present) in conflicting {
            if present {
                bad.push(Diagnostic::at(
                    format!("/{field}"),
                    "CONFLICTING_FIELDS",
                    format!(
                        "`{field}` cannot be combined with `capability_id`: inspection takes only an id and a view"
                    ),
                ));
            }
        }
    } else if req.view.is_some() {
        bad.push(Diagnostic::at(
            "/view",
            "CONFLICTING_FIELDS",
            "`view` applies only to an inspection by `capability_id`",
        ));
    }
    if bad.is_empty() { Ok(()) } else { Err(bad) }
}

fn passes_filters(e: &Installed, req: &FindRequest) -> bool {
    let d = &e.descriptor;
    req.domain.as_ref().is_none_or(|dom| d.domain() == dom || d.tags.iter().any(|t| t == dom))
        && req.mode.is_none_or(|m| d.modes.contains(&m))
        && req.input_kind.is_none_or(|k| d.input_kind == k)
        && req.artifact_type.as_ref().is_none_or(|t| d.artifact_types.iter().any(|a| a == t))
}

/// The index's document mask of `entries`, and each document's entry.
fn visibility<'a>(index: &SearchIndex, entries: &[&'a Installed]) -> (Vec<bool>, Vec<Option<&'a Installed>>) {
    let n = index.len();
    let mut mask = vec![false; n];
    let mut by_ordinal = vec![None; n];
    for e in entries {
        if let Some(slot) = mask.get_mut(e.ordinal()) {
            *slot = true;
            by_ordinal[e.ordinal()] = Some(*e);
        }
    }
    (mask, by_ordinal)
}

fn unknown_capability(index: &SearchIndex, id: &str, visible: &[&Installed]) -> Diagnostic {
    let (mask, by_ordinal) = visibility(index, visible);
    let near: Vec<&str> =
        index.rank(&Query::new(id), &mask).into_iter().filter_map(|(d, _)| by_ordinal[d].map(|e| e.id())).collect();
    let hint = if near.is_empty() {
        "browse with math.find and no arguments".to_owned()
    } else {
        format!("similar ids: {}", near.iter().take(3).copied().collect::<Vec<_>>().join(", "))
    };
    Diagnostic::at("/capability_id", "UNKNOWN_CAPABILITY", format!("no visible capability has the id `{id}`; {hint}"))
}

fn encoded_len(r: &FindResponse) -> usize {
    serde_json::to_vec(r).map(|v| v.len()).unwrap_or(usize::MAX)
}

/// What a client receives for `r`: the structured response, the text projection beside it
/// (as the JSON string it travels in) and the tool result's envelope.
pub fn delivered_len(r: &FindResponse) -> usize {
    let text = serde_json::to_vec(&find_text(r)).map(|v| v.len()).unwrap_or(usize::MAX);
    encoded_len(r).saturating_add(text).saturating_add(ENVELOPE_BYTES)
}

/// The wire name of a contract enum (`SEARCH`, `ROUTED`, ...).
fn wire<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::from("?"),
    }
}

/// The text projection of a `math.find` answer, sent beside the structured content (and
/// counted in its size bound).
pub fn find_text(f: &FindResponse) -> String {
    use std::fmt::Write as _;
    let mut t = String::new();
    let _ = write!(
        t,
        "{}: {} of {} shown; routing {}",
        wire(&f.kind),
        f.matches.len(),
        f.total_matches,
        wire(&f.routing_status)
    );
    if let Some(fit) = &f.portfolio_fit {
        let _ = write!(t, "; portfolio fit {}", wire(fit));
    }
    t.push('\n');
    for m in &f.matches {
        let _ = write!(t, "{} — {}", m.capability_id, m.title);
        if let Some(score) = m.relevance_score {
            let _ = write!(t, " (score {score})");
        }
        let _ = writeln!(t, "\n    {}", m.outcome);
    }
    if let Some(card) = &f.capability {
        let id = card.get("capability_id").and_then(Value::as_str).unwrap_or("?");
        let title = card.get("title").and_then(Value::as_str).unwrap_or("");
        let _ = writeln!(t, "{id} — {title}");
        if let Some(outcome) = card.get("outcome").and_then(Value::as_str) {
            let _ = writeln!(t, "    {outcome}");
        }
    }
    for p in &f.recovery_paths {
        let _ = writeln!(t, "recovery {}: {}", p.action, p.detail);
    }
    if let Some(cursor) = &f.next_cursor {
        let _ = writeln!(t, "next cursor: {cursor}");
    }
    t.trim_end().to_owned()
}

fn cursor_key(req: &FindRequest, cx: &FindContext) -> String {
    let bound = json!({
        "query": req.query, "domain": req.domain, "mode": req.mode, "input_kind": req.input_kind,
        "artifact_type": req.artifact_type, "limit": req.limit.unwrap_or(DEFAULT_LIMIT),
        "catalog": cx.catalog_digest, "policy": cx.policy_digest,
    });
    Digest::of_value(&bound).hex()[..16].to_owned()
}

fn encode_cursor(offset: usize, key: &str) -> String {
    let plain = format!("{offset}:{key}");
    plain.bytes().map(|b| format!("{b:02x}")).collect()
}

fn decode_cursor(cursor: &str, key: &str, total: usize) -> Result<usize, Vec<Diagnostic>> {
    let bad = |why: &str| vec![Diagnostic::at("/cursor", "INVALID_CURSOR", why.to_owned())];
    let bytes: Option<Vec<u8>> = (0..cursor.len())
        .step_by(2)
        .map(|i| cursor.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()))
        .collect();
    let plain =
        bytes.and_then(|b| String::from_utf8(b).ok()).ok_or_else(|| bad("the cursor is not one this server issued"))?;
    let (offset, got_key) = plain.split_once(':').ok_or_else(|| bad("the cursor is not one this server issued"))?;
    if got_key != key {
        return Err(bad(
            "the cursor belongs to another query, filter set, limit, catalog or policy; repeat the request that \
             returned it, or start again without a cursor",
        ));
    }
    let offset: usize = offset.parse().map_err(|_| bad("the cursor is not one this server issued"))?;
    if offset > total {
        return Err(bad("the cursor points past the end of the matches"));
    }
    Ok(offset)
}
