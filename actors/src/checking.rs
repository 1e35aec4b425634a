//! The checker tree: a supervisor with one actor per operator-authorized checker identity.
//!
//! Only the scheduler holds a route here (episodes ask through it; adapters have none). The
//! supervisor routes evidence to an authorized checker for its kind; each check runs on a
//! blocking thread, and a panicking check becomes a failed check, never a verdict. A checker
//! actor that dies is restarted within a bounded intensity.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Instant;

use jacobian_runtime::{ArtifactReader, CheckContext, CheckerIdentity, Evidence, SharedChecker, Verdict};
use ractor::{Actor, ActorCell, ActorProcessingErr, ActorRef, RpcReplyPort, SupervisionEvent};
use tokio_util::sync::CancellationToken;

use crate::restart::RestartBudget;
use crate::shared::Shared;

/// Evidence to check, with what the check may use.
pub(crate) struct CheckRequest {
    pub(crate) evidence: Evidence,
    pub(crate) artifacts: ArtifactReader,
    pub(crate) cancel: CancellationToken,
    pub(crate) deadline: Instant,
}

/// The outcome of routing and running a check.
pub(crate) enum CheckReply {
    /// A checker decided.
    Verdict { checker: CheckerIdentity, verdict: Verdict },
    /// No authorized checker replays this evidence kind.
    NoAuthorizedChecker { kind: String, unauthorized: Vec<CheckerIdentity> },
    /// The check gave no verdict: it panicked, hit an infrastructure error, or (`interrupted`)
    /// stopped at the run's deadline or cancellation.
    Failed { checker: Option<CheckerIdentity>, reason: String, interrupted: bool },
}

pub(crate) enum CheckerSupMsg {
    Check(Box<CheckRequest>, RpcReplyPort<CheckReply>),
}

pub(crate) enum CheckerMsg {
    Check(Box<CheckRequest>, RpcReplyPort<CheckReply>),
}

/// One authorized checker.
pub(crate) struct CheckerActor;

impl Actor for CheckerActor {
    type Msg = CheckerMsg;
    type State = SharedChecker;
    type Arguments = SharedChecker;

    async fn pre_start(
        &self,
        _: ActorRef<CheckerMsg>,
        checker: SharedChecker,
    ) -> Result<SharedChecker, ActorProcessingErr> {
        Ok(checker)
    }

    async fn handle(
        &self,
        _: ActorRef<CheckerMsg>,
        msg: CheckerMsg,
        checker: &mut SharedChecker,
    ) -> Result<(), ActorProcessingErr> {
        let CheckerMsg::Check(request, reply) = msg;
        let checker = Arc::clone(checker);
        // Checks run off the actor, so one slow check does not hold up the next.
        tokio::task::spawn_blocking(move || {
            let identity = checker.identity().clone();
            let cx = CheckContext {
                artifacts: request.artifacts.clone(),
                cancel: request.cancel.clone(),
                deadline: request.deadline,
            };
            let answer = match catch_unwind(AssertUnwindSafe(|| checker.check(&request.evidence, &cx))) {
                Ok(Ok(verdict)) => CheckReply::Verdict { checker: identity, verdict },
                Ok(Err(e)) => {
                    let interrupted = matches!(e, jacobian_runtime::CheckError::Interrupted);
                    CheckReply::Failed { checker: Some(identity), reason: e.to_string(), interrupted }
                }
                Err(panic) => CheckReply::Failed {
                    checker: Some(identity),
                    reason: format!("the checker panicked: {}", panic_text(&panic)),
                    interrupted: false,
                },
            };
            let _ = reply.send(answer);
        });
        Ok(())
    }
}

pub(crate) fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "non-text panic payload".into())
}

/// Supervises the checker actors.
pub(crate) struct CheckerSupervisor;

struct Child {
    checker: SharedChecker,
    actor: Option<ActorRef<CheckerMsg>>,
    restarts: RestartBudget,
}

pub(crate) struct CheckerSupState {
    children: Vec<Child>,
    /// Evidence kind → indices of authorized children.
    routes: HashMap<String, Vec<usize>>,
    /// Evidence kind → installed but unauthorized identities (reported, never used).
    unauthorized: HashMap<String, Vec<CheckerIdentity>>,
}

async fn spawn_child(
    checker: &SharedChecker,
    supervisor: ActorCell,
) -> Result<ActorRef<CheckerMsg>, ActorProcessingErr> {
    let (actor, _) = Actor::spawn_linked(None, CheckerActor, Arc::clone(checker), supervisor).await?;
    Ok(actor)
}

impl Actor for CheckerSupervisor {
    type Msg = CheckerSupMsg;
    type State = CheckerSupState;
    type Arguments = Arc<Shared>;

    async fn pre_start(
        &self,
        myself: ActorRef<CheckerSupMsg>,
        shared: Arc<Shared>,
    ) -> Result<CheckerSupState, ActorProcessingErr> {
        let mut st = CheckerSupState { children: vec![], routes: HashMap::new(), unauthorized: HashMap::new() };
        for checker in &shared.checkers {
            let identity = checker.identity();
            if !shared.authority.authorizes(identity) {
                for kind in checker.evidence_kinds() {
                    st.unauthorized.entry(kind.to_string()).or_default().push(identity.clone());
                }
                continue;
            }
            let actor = spawn_child(checker, myself.get_cell()).await?;
            let index = st.children.len();
            st.children.push(Child {
                checker: Arc::clone(checker),
                actor: Some(actor),
                restarts: RestartBudget::checker(),
            });
            for kind in checker.evidence_kinds() {
                st.routes.entry(kind.to_string()).or_default().push(index);
            }
        }
        Ok(st)
    }

    async fn handle(
        &self,
        _: ActorRef<CheckerSupMsg>,
        msg: CheckerSupMsg,
        st: &mut CheckerSupState,
    ) -> Result<(), ActorProcessingErr> {
        let CheckerSupMsg::Check(request, reply) = msg;
        let kind = request.evidence.kind.clone();
        let target = st.routes.get(&kind).and_then(|ix| {
            ix.iter()
                .find_map(|&i| st.children[i].actor.clone().map(|a| (a, st.children[i].checker.identity().clone())))
        });
        match target {
            Some((actor, identity)) => {
                if let Err(ractor::MessagingErr::SendErr(CheckerMsg::Check(_, reply))) =
                    actor.cast(CheckerMsg::Check(request, reply))
                {
                    let _ = reply.send(CheckReply::Failed {
                        checker: Some(identity),
                        reason: "the checker is restarting".into(),
                        interrupted: false,
                    });
                }
            }
            None if st.routes.contains_key(&kind) => {
                let _ = reply.send(CheckReply::Failed {
                    checker: None,
                    reason: format!("every authorized checker for {kind} exceeded its restart limit"),
                    interrupted: false,
                });
            }
            None => {
                let unauthorized = st.unauthorized.get(&kind).cloned().unwrap_or_default();
                let _ = reply.send(CheckReply::NoAuthorizedChecker { kind, unauthorized });
            }
        }
        Ok(())
    }

    async fn handle_supervisor_evt(
        &self,
        myself: ActorRef<CheckerSupMsg>,
        event: SupervisionEvent,
        st: &mut CheckerSupState,
    ) -> Result<(), ActorProcessingErr> {
        let (cell, why) = match event {
            SupervisionEvent::ActorFailed(cell, err) => (cell, err.to_string()),
            SupervisionEvent::ActorTerminated(cell, _, reason) => (cell, reason.unwrap_or_else(|| "stopped".into())),
            _ => return Ok(()),
        };
        let Some(child) =
            st.children.iter_mut().find(|c| c.actor.as_ref().is_some_and(|a| a.get_id() == cell.get_id()))
        else {
            return Ok(());
        };
        child.actor = None;
        if child.restarts.allow() {
            tracing::warn!(checker = %child.checker.identity().id, %why, "restarting checker");
            child.actor = Some(spawn_child(&child.checker, myself.get_cell()).await?);
        } else {
            tracing::error!(checker = %child.checker.identity().id, %why, "checker exceeded its restart limit");
        }
        Ok(())
    }
}
