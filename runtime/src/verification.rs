//! Verification records: the only way a result becomes VERIFIED, and the check that keeps it honest.
//!
//! When an authorized checker accepts evidence, the runtime stores two artifacts: the claim
//! with its semantics (what was claimed, under which reading, over which scope) and a
//! verification record binding that claim to the candidate, certificate format, checker
//! identity, request and episode. It then re-reads the record and compares every binding
//! with the result before returning VERIFIED. [`enforce`] repeats that comparison on any
//! result claiming VERIFIED and downgrades it, with a diagnostic, on the first mismatch.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::artifact::{ArtifactStore, ArtifactUri, NewArtifact};
use crate::canonical::{Digest, to_canonical_vec};
use crate::checker::{CheckerIdentity, Evidence};
use crate::contract::{
    Assurance, AssuranceLevel, CapabilityResult, Diagnostic, EvidenceBinding, Obligation, Relationship, Scope,
};
use crate::error::Result;
use crate::policy::CheckerAuthority;

/// Schema URI of verification records.
pub const VERIFICATION_RECORD_SCHEMA: &str = "urn:jacobian:schema:verification-record:v1";
/// Schema URI of the claim-and-semantics document a record binds.
pub const CLAIM_SEMANTICS_SCHEMA: &str = "urn:jacobian:schema:claim-semantics:v1";
/// Schemas only the runtime may write.
pub const RESERVED_SCHEMAS: &[&str] = &[VERIFICATION_RECORD_SCHEMA, CLAIM_SEMANTICS_SCHEMA];
/// The record format version.
pub const RECORD_VERSION: u32 = 1;

/// An accepted check, bound to everything it covers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VerificationRecord {
    /// Format version (1).
    pub record_version: u32,
    /// Always `ACCEPTED`: rejected or inconclusive checks leave no record.
    pub verdict: String,
    /// What the checker replayed.
    pub summary: String,
    /// The capability whose result was checked.
    pub capability_id: String,
    /// Digest of the producer's exact request.
    pub request_digest: Digest,
    /// The episode that ran producer and checker.
    pub episode_id: String,
    /// The checker that accepted.
    pub checker: CheckerIdentity,
    /// Claim, semantics, candidate, scope and format digests.
    pub binding: EvidenceBinding,
    /// The scope, in full.
    pub scope: Scope,
    /// Artifacts the evidence named (proof files, stored objects).
    pub evidence_artifacts: Vec<ArtifactUri>,
}

/// A record as stored and re-read.
#[derive(Debug, Clone)]
pub struct StoredRecord {
    /// URI of the record.
    pub record_uri: ArtifactUri,
    /// URI of the claim-and-semantics document.
    pub semantics_uri: ArtifactUri,
    /// The record, parsed back from the store.
    pub record: VerificationRecord,
}

/// Who asked for the record to be written.
#[derive(Debug, Clone, Copy)]
pub struct RecordContext<'a> {
    /// Capability id.
    pub capability_id: &'a str,
    /// Digest of the producer's request.
    pub request_digest: Digest,
    /// Episode id.
    pub episode_id: &'a str,
}

/// Stores the semantics document and the record of an accepted check, re-reads the record,
/// and confirms it says what was written.
pub fn write_record(
    store: &dyn ArtifactStore,
    cx: RecordContext<'_>,
    evidence: &Evidence,
    checker: &CheckerIdentity,
    summary: &str,
) -> Result<StoredRecord> {
    let semantics_doc = json!({
        "evidence_kind": evidence.kind,
        "semantics": evidence.semantics,
        "claim": evidence.claim,
        "scope": evidence.scope,
    });
    let semantics = store.put(&NewArtifact {
        schema_uri: CLAIM_SEMANTICS_SCHEMA,
        media_type: "application/json",
        bytes: &to_canonical_vec(&semantics_doc),
        parents: &[],
        producing_episode: Some(cx.episode_id),
    })?;
    let record = VerificationRecord {
        record_version: RECORD_VERSION,
        verdict: "ACCEPTED".into(),
        summary: summary.chars().take(1000).collect(),
        capability_id: cx.capability_id.to_owned(),
        request_digest: cx.request_digest,
        episode_id: cx.episode_id.to_owned(),
        checker: checker.clone(),
        binding: EvidenceBinding {
            evidence_kind: evidence.kind.clone(),
            claim_digest: evidence.claim_digest(),
            semantics: evidence.semantics.clone(),
            semantics_uri: semantics.uri.to_string(),
            candidate_digest: evidence.candidate_digest(),
            scope_digest: evidence.scope_digest(),
            certificate_format: evidence.certificate_format.clone(),
        },
        scope: evidence.scope.clone(),
        evidence_artifacts: evidence.artifacts.clone(),
    };
    let mut parents = vec![semantics.uri];
    parents.extend(evidence.artifacts.iter().copied());
    let bytes = to_canonical_vec(&serde_json::to_value(&record)?);
    let manifest = store.put(&NewArtifact {
        schema_uri: VERIFICATION_RECORD_SCHEMA,
        media_type: "application/json",
        bytes: &bytes,
        parents: &parents,
        producing_episode: Some(cx.episode_id),
    })?;
    // Re-read through the digest check; the stored record must be the one just written.
    let reread: VerificationRecord = serde_json::from_slice(&store.get(&manifest.uri)?.bytes)?;
    if reread != record {
        return Err(crate::Error::ArtifactCorrupted {
            uri: manifest.uri.to_string(),
            reason: "the re-read verification record differs from the one written".into(),
        });
    }
    Ok(StoredRecord { record_uri: manifest.uri, semantics_uri: semantics.uri, record: reread })
}

/// Marks `result` VERIFIED on the strength of `stored`, adding both artifacts and the
/// `VERIFIES` relationship. The caller then runs [`enforce`], which re-checks everything.
pub fn promote(result: &mut CapabilityResult, stored: &StoredRecord) {
    let record_uri = stored.record_uri.to_string();
    let semantics_uri = stored.semantics_uri.to_string();
    result.assurance = Assurance {
        level: AssuranceLevel::Verified,
        checker: Some(stored.record.checker.clone()),
        verification_record: Some(record_uri.clone()),
        evidence: Some(stored.record.binding.clone()),
    };
    for uri in [&record_uri, &semantics_uri] {
        if !result.artifact_uris.contains(uri) {
            result.artifact_uris.push(uri.clone());
        }
    }
    result.relationships.push(Relationship { relation: "VERIFIES".into(), subject: record_uri, object: semantics_uri });
    result.obligations.retain(|o| o.kind != "INDEPENDENT_CHECK");
}

/// Checks that a VERIFIED result names a stored record whose every binding matches it.
/// `Ok(())` for results that do not claim VERIFIED.
pub fn check_binding(
    result: &CapabilityResult,
    store: &dyn ArtifactStore,
    authority: &CheckerAuthority,
) -> Result<(), String> {
    let a = &result.assurance;
    if a.level != AssuranceLevel::Verified {
        return Ok(());
    }
    let checker = a.checker.as_ref().ok_or("no checker is named")?;
    let record_uri = a.verification_record.as_deref().ok_or("no verification record is named")?;
    let binding = a.evidence.as_ref().ok_or("no evidence binding is given")?;
    if !authority.authorizes(checker) {
        return Err(format!("checker {} {} is not authorized by the operator", checker.id, checker.version));
    }
    let uri = ArtifactUri::parse(record_uri).map_err(|e| e.to_string())?;
    let stored = store.get(&uri).map_err(|e| format!("the verification record cannot be read: {e}"))?;
    if stored.manifest.schema_uri != VERIFICATION_RECORD_SCHEMA {
        return Err(format!("{record_uri} is not a verification record"));
    }
    let record: VerificationRecord =
        serde_json::from_slice(&stored.bytes).map_err(|e| format!("the verification record is malformed: {e}"))?;
    let mismatch = |what: &str| Err(format!("the verification record does not match the result's {what}"));
    if record.record_version != RECORD_VERSION || record.verdict != "ACCEPTED" {
        return mismatch("verdict");
    }
    if &record.checker != checker {
        return mismatch("checker identity");
    }
    if &record.binding != binding {
        return mismatch("evidence binding");
    }
    if record.capability_id != result.capability_id {
        return mismatch("capability");
    }
    if record.request_digest != result.provenance.request_digest {
        return mismatch("request");
    }
    if record.episode_id != result.provenance.episode_id {
        return mismatch("episode");
    }
    if record.scope != result.scope || Digest::of_serialize(&result.scope).ok() != Some(binding.scope_digest) {
        return mismatch("scope");
    }
    let semantics_uri = ArtifactUri::parse(&binding.semantics_uri).map_err(|e| e.to_string())?;
    if !stored.manifest.parents.contains(&semantics_uri) {
        return mismatch("semantics lineage");
    }
    let semantics = store.get(&semantics_uri).map_err(|e| format!("the claim semantics cannot be read: {e}"))?;
    if semantics.manifest.schema_uri != CLAIM_SEMANTICS_SCHEMA {
        return mismatch("semantics document");
    }
    let doc: Value = serde_json::from_slice(&semantics.bytes).map_err(|e| e.to_string())?;
    if Digest::of_value(&doc["claim"]) != binding.claim_digest
        || doc["semantics"] != binding.semantics.as_str()
        || doc["evidence_kind"] != binding.evidence_kind.as_str()
        || serde_json::from_value::<Scope>(doc["scope"].clone()).ok().as_ref() != Some(&result.scope)
    {
        return mismatch("claim or semantics");
    }
    for needed in [record_uri, binding.semantics_uri.as_str()] {
        if !result.artifact_uris.iter().any(|u| u == needed) {
            return Err(format!("artifact_uris omit {needed}"));
        }
    }
    Ok(())
}

/// Fail-closed enforcement: a result claiming VERIFIED whose binding does not check is
/// downgraded to `fallback` (never above COMPUTED), loses its checker fields, gains an
/// `INDEPENDENT_CHECK` obligation, and the returned diagnostic says why.
pub fn enforce(
    result: &mut CapabilityResult,
    store: &dyn ArtifactStore,
    authority: &CheckerAuthority,
    fallback: AssuranceLevel,
) -> Option<Diagnostic> {
    let reason = check_binding(result, store, authority).err()?;
    let evidence_kind = result.assurance.evidence.as_ref().map(|b| b.evidence_kind.clone());
    result.assurance = Assurance::unchecked(fallback.min(AssuranceLevel::Computed));
    if !result.obligations.iter().any(|o| o.kind == "INDEPENDENT_CHECK") {
        result.obligations.push(Obligation {
            kind: "INDEPENDENT_CHECK".into(),
            description: "an operator-authorized checker must accept evidence bound to this exact claim".into(),
            evidence_kind,
        });
    }
    Some(Diagnostic::warning("VERIFICATION_NOT_ESTABLISHED", format!("VERIFIED was withdrawn: {reason}")))
}
