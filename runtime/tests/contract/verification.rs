//! VERIFIED stands only on a stored, re-read record whose every binding matches.

use std::sync::Arc;

use jacobian_runtime::adapter::{AdapterContext, ArtifactWriter, PrepareContext};
use jacobian_runtime::artifact::{ArtifactReader, ArtifactStore, FsArtifactStore, MemoryArtifactStore};
use jacobian_runtime::catalog::Catalog;
use jacobian_runtime::contract::{Accounting, AssuranceLevel};
use jacobian_runtime::invoke::{RunFrame, from_outcome, request_digest};
use jacobian_runtime::policy::CheckerAuthority;
use jacobian_runtime::verification::{
    RecordContext, VERIFICATION_RECORD_SCHEMA, check_binding, enforce, promote, write_record,
};
use jacobian_runtime::{CapabilityRequest, CapabilityResult, CheckerIdentity, Digest, Evidence, Mode};
use serde_json::json;

use crate::support::sum;

fn checker() -> CheckerIdentity {
    CheckerIdentity::from_source("test.check.sum", "1.0.0", "fn check() { replay the sum }")
}

/// A VERIFIED result of `test.compute.sum`, its store and the authority that accepts it.
fn verified(store: Arc<dyn ArtifactStore>) -> (CapabilityResult, CheckerAuthority) {
    let catalog = Catalog::build([sum()]);
    let installed = catalog.get("test.compute.sum").unwrap();
    let request = CapabilityRequest::new("test.compute.sum", json!({"values": [1, 2, 3]})).mode(Mode::Verify);
    let cx = PrepareContext { mode: Mode::Verify, artifacts: ArtifactReader::new(Arc::clone(&store)) };
    let run = installed.prepare(&request, &cx).unwrap();
    let ctx = AdapterContext::detached(Arc::clone(&store), Mode::Verify, std::time::Duration::from_secs(5));
    let outcome = run.execute(&ctx).unwrap();
    let frame = RunFrame {
        episode_id: "ep-verify".into(),
        request_digest: request_digest(&request),
        policy_digest: Digest::of_bytes(b"policy"),
        accounting: Accounting::default(),
    };
    let (mut result, _) = from_outcome(installed, &request, outcome, &frame, &*store);
    let evidence = Evidence {
        kind: "test.sum/v1".into(),
        claim: json!({"values": [1, 2, 3], "sum": 6}),
        semantics: "urn:jacobian:semantics:integer-sum:v1".into(),
        candidate: json!({"sum": 6}),
        scope: result.scope.clone(),
        certificate_format: "JACOBIAN_REPLAY_V1".into(),
        artifacts: vec![],
    };
    let record_cx = RecordContext {
        capability_id: "test.compute.sum",
        request_digest: result.provenance.request_digest,
        episode_id: "ep-verify",
    };
    let stored = write_record(&*store, record_cx, &evidence, &checker(), "replayed 3 additions").unwrap();
    promote(&mut result, &stored);
    result.seal();
    (result, CheckerAuthority::of([checker()]))
}

fn refused(result: &mut CapabilityResult, store: &dyn ArtifactStore, authority: &CheckerAuthority, what: &str) {
    assert!(check_binding(result, store, authority).is_err(), "{what}: binding accepted");
    let diagnostic = enforce(result, store, authority, AssuranceLevel::Computed).expect(what);
    assert_eq!(diagnostic.code, "VERIFICATION_NOT_ESTABLISHED", "{what}");
    assert_eq!(result.assurance.level, AssuranceLevel::Computed, "{what}");
    assert!(result.assurance.checker.is_none() && result.assurance.verification_record.is_none(), "{what}");
    assert!(result.obligations.iter().any(|o| o.kind == "INDEPENDENT_CHECK"), "{what}");
}

#[test]
fn an_exact_binding_is_accepted() {
    let store: Arc<dyn ArtifactStore> = Arc::new(MemoryArtifactStore::new());
    let (mut result, authority) = verified(Arc::clone(&store));
    assert_eq!(result.assurance.level, AssuranceLevel::Verified);
    assert_eq!(check_binding(&result, &*store, &authority), Ok(()));
    assert!(enforce(&mut result, &*store, &authority, AssuranceLevel::Computed).is_none());
    assert_eq!(result.artifact_uris.len(), 2, "record and semantics");
    assert_eq!(result.relationships[0].relation, "VERIFIES");
}

#[test]
fn every_mismatch_is_refused() {
    type Mutation = Box<dyn Fn(&mut CapabilityResult, &mut CheckerAuthority, &dyn ArtifactStore)>;
    let mutations: Vec<(&str, Mutation)> = vec![
        ("claim", Box::new(|r, _, _| r.assurance.evidence.as_mut().unwrap().claim_digest = Digest::of_bytes(b"other"))),
        (
            "candidate",
            Box::new(|r, _, _| r.assurance.evidence.as_mut().unwrap().candidate_digest = Digest::of_bytes(b"x")),
        ),
        ("semantics", Box::new(|r, _, _| r.assurance.evidence.as_mut().unwrap().semantics = "urn:other".into())),
        ("format", Box::new(|r, _, _| r.assurance.evidence.as_mut().unwrap().certificate_format = "LRAT".into())),
        (
            "checker version",
            Box::new(|r, a, _| {
                let mut c = r.assurance.checker.clone().unwrap();
                c.version = "2.0.0".into();
                a.authorize(c.clone());
                r.assurance.checker = Some(c);
            }),
        ),
        ("unauthorized checker", Box::new(|_, a, _| *a = CheckerAuthority::none())),
        (
            "missing record",
            Box::new(|r, _, _| {
                r.assurance.verification_record =
                    Some(format!("artifact://sha256/{}", Digest::of_bytes(b"nothing").hex()));
            }),
        ),
        (
            "record is another kind of artifact",
            Box::new(|r, _, _| {
                let semantics = r.assurance.evidence.as_ref().unwrap().semantics_uri.clone();
                r.assurance.verification_record = Some(semantics);
            }),
        ),
        ("request", Box::new(|r, _, _| r.provenance.request_digest = Digest::of_bytes(b"another request"))),
        ("episode", Box::new(|r, _, _| r.provenance.episode_id = "ep-other".into())),
        ("capability", Box::new(|r, _, _| r.capability_id = "test.compute.other".into())),
        (
            "scope",
            Box::new(|r, _, _| {
                r.scope.bounds.insert("max_len".into(), json!(10));
            }),
        ),
        ("artifact_uris omit the record", Box::new(|r, _, _| r.artifact_uris.clear())),
        ("no checker named", Box::new(|r, _, _| r.assurance.checker = None)),
        ("no evidence binding", Box::new(|r, _, _| r.assurance.evidence = None)),
    ];
    for (what, mutate) in mutations {
        let store: Arc<dyn ArtifactStore> = Arc::new(MemoryArtifactStore::new());
        let (mut result, mut authority) = verified(Arc::clone(&store));
        mutate(&mut result, &mut authority, &*store);
        refused(&mut result, &*store, &authority, what);
    }
}

#[test]
fn a_forged_record_for_another_claim_is_refused() {
    let store: Arc<dyn ArtifactStore> = Arc::new(MemoryArtifactStore::new());
    let (mut result, authority) = verified(Arc::clone(&store));
    // A genuine record, but of a different claim, swapped in.
    let other = Evidence {
        kind: "test.sum/v1".into(),
        claim: json!({"values": [1, 2, 3], "sum": 7}),
        semantics: "urn:jacobian:semantics:integer-sum:v1".into(),
        candidate: json!({"sum": 7}),
        scope: result.scope.clone(),
        certificate_format: "JACOBIAN_REPLAY_V1".into(),
        artifacts: vec![],
    };
    let cx = RecordContext {
        capability_id: "test.compute.sum",
        request_digest: result.provenance.request_digest,
        episode_id: "ep-verify",
    };
    let forged = write_record(&*store, cx, &other, &checker(), "forged").unwrap();
    result.assurance.verification_record = Some(forged.record_uri.to_string());
    result.artifact_uris.push(forged.record_uri.to_string());
    refused(&mut result, &*store, &authority, "forged record");
}

#[test]
fn a_tampered_record_on_disk_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let fs_store = Arc::new(FsArtifactStore::open(dir.path()).unwrap());
    let store: Arc<dyn ArtifactStore> = fs_store.clone();
    let (mut result, authority) = verified(Arc::clone(&store));
    let uri = jacobian_runtime::ArtifactUri::parse(result.assurance.verification_record.as_deref().unwrap()).unwrap();
    let path = fs_store.object_path(&uri.digest());
    let text = std::fs::read_to_string(&path).unwrap().replace("replayed 3 additions", "replayed 3 additionz");
    std::fs::write(&path, text).unwrap();
    refused(&mut result, &*store, &authority, "tampered record");
}

#[test]
fn adapters_cannot_write_verification_records() {
    let store: Arc<dyn ArtifactStore> = Arc::new(MemoryArtifactStore::new());
    let writer = ArtifactWriter::new(store, "ep-x");
    assert!(writer.put_json(VERIFICATION_RECORD_SCHEMA, &json!({}), &[]).is_err());
    assert!(writer.put_json("urn:jacobian:schema:claim-semantics:v1", &json!({}), &[]).is_err());
    assert!(writer.put_json("urn:test:ok", &json!({}), &[]).is_ok());
}
