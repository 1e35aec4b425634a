//! The reasoning log in REQUIRED mode, end to end through runs.

use jacobian_actors::{EntryKind, ReasoningEntry, ReportedOutcome, TenantId};
use jacobian_runtime::{AssuranceLevel, ExecutionStatus};
use serde_json::json;

use crate::support::{builder, req};

fn entry(kind: EntryKind, run: Option<&str>) -> ReasoningEntry {
    ReasoningEntry {
        kind,
        run_id: run.map(str::to_owned),
        call_id: None,
        capability_id: None,
        summary: "why".into(),
        reported: None,
    }
}

#[tokio::test]
async fn required_mode_binds_runs_to_before_tool_entries() {
    let jac = builder("[reasoning]\nmode = \"REQUIRED\"").build().await.unwrap();
    let local = TenantId::local();
    let bare = jac.run(req("test.a", json!({"action": "echo"}))).await;
    assert_eq!(bare.status(), ExecutionStatus::InvalidRequest);
    assert_eq!(bare.execution.diagnostics[0].path.as_deref(), Some("/reasoning_run_id"));

    let plan = jac.reasoning_write(&local, entry(EntryKind::Plan, None)).unwrap();
    let before = jac
        .reasoning_write(
            &local,
            ReasoningEntry { capability_id: Some("test.a".into()), ..entry(EntryKind::BeforeTool, Some(&plan.run_id)) },
        )
        .unwrap();
    let call_id = before.call_id.clone().unwrap();
    let mut request = req("test.a", json!({"action": "echo", "n": 2}));
    request.reasoning_run_id = Some(plan.run_id.clone());
    request.reasoning_call_id = Some(call_id.clone());
    let r = jac.run(request.clone()).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded);
    let again = jac.run(request).await;
    assert_eq!(again.execution.diagnostics[0].code, "CALL_ALREADY_USED");

    let honest = ReasoningEntry {
        call_id: Some(call_id.clone()),
        reported: Some(ReportedOutcome {
            status: Some(ExecutionStatus::Succeeded),
            assurance: Some(AssuranceLevel::Computed),
            result_digest: Some(r.provenance.result_digest),
            ..ReportedOutcome::default()
        }),
        ..entry(EntryKind::AfterTool, Some(&plan.run_id))
    };
    let ack = jac.reasoning_write(&local, honest.clone()).unwrap();
    assert!(ack.binding.as_ref().unwrap().matches);
    let mut inflated = honest;
    inflated.reported.as_mut().unwrap().assurance = Some(AssuranceLevel::Verified);
    let ack = jac.reasoning_write(&local, inflated).unwrap();
    let binding = ack.binding.unwrap();
    assert!(!binding.matches);
    assert_eq!(binding.mismatches, vec!["assurance"]);
    assert_eq!(binding.actual.assurance, AssuranceLevel::Computed);
}
