//! The root supervisor: starts the scheduler, the capability supervisor, the checker
//! supervisor and the backend supervisor as linked children, and restarts whichever fails, within a bounded intensity.

use std::sync::Arc;

use ractor::{Actor, ActorProcessingErr, ActorRef, SupervisionEvent};

use crate::backends::BackendSupervisor;
use crate::capability::CapabilitySupervisor;
use crate::checking::CheckerSupervisor;
use crate::restart::RestartBudget;
use crate::scheduler::Scheduler;
use crate::shared::Shared;

pub(crate) struct Root;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Child {
    Scheduler,
    Capabilities,
    Checkers,
    Backends,
}

pub(crate) struct RootState {
    shared: Arc<Shared>,
    children: Vec<(Child, ractor::ActorId, RestartBudget)>,
}

async fn start(child: Child, shared: &Arc<Shared>, root: &ActorRef<()>) -> Result<ractor::ActorId, ActorProcessingErr> {
    let cell = root.get_cell();
    Ok(match child {
        Child::Scheduler => {
            let (a, _) = Actor::spawn_linked(None, Scheduler, Arc::clone(shared), cell).await?;
            shared.scheduler.set(Some(a.clone()));
            a.get_id()
        }
        Child::Capabilities => {
            let (a, _) = Actor::spawn_linked(None, CapabilitySupervisor, Arc::clone(shared), cell).await?;
            a.get_id()
        }
        Child::Checkers => {
            let (a, _) = Actor::spawn_linked(None, CheckerSupervisor, Arc::clone(shared), cell).await?;
            shared.checker_supervisor.set(Some(a.clone()));
            a.get_id()
        }
        Child::Backends => {
            let args = (Arc::clone(&shared.backends), shared.needed_backends.clone());
            let (a, _) = Actor::spawn_linked(None, BackendSupervisor, args, cell).await?;
            a.get_id()
        }
    })
}

impl Actor for Root {
    type Msg = ();
    type State = RootState;
    type Arguments = Arc<Shared>;

    async fn pre_start(&self, myself: ActorRef<()>, shared: Arc<Shared>) -> Result<RootState, ActorProcessingErr> {
        let mut children = Vec::new();
        // The checker tree first: the scheduler routes checks to it from its first message.
        // The backend pools start their workers in the background: a run that arrives before a
        // worker is warm waits in its pool's queue.
        for child in [Child::Checkers, Child::Backends, Child::Scheduler, Child::Capabilities] {
            let id = start(child, &shared, &myself).await?;
            children.push((child, id, RestartBudget::core()));
        }
        Ok(RootState { shared, children })
    }

    async fn handle_supervisor_evt(
        &self,
        myself: ActorRef<()>,
        event: SupervisionEvent,
        st: &mut RootState,
    ) -> Result<(), ActorProcessingErr> {
        let (cell, why) = match event {
            SupervisionEvent::ActorFailed(cell, err) => (cell, err.to_string()),
            SupervisionEvent::ActorTerminated(cell, _, reason) => (cell, reason.unwrap_or_else(|| "stopped".into())),
            _ => return Ok(()),
        };
        if !st.shared.accepting.load(std::sync::atomic::Ordering::SeqCst) {
            return Ok(()); // shutting down: children stop on purpose
        }
        let Some(pos) = st.children.iter().position(|(_, id, _)| *id == cell.get_id()) else { return Ok(()) };
        let child = st.children[pos].0;
        match child {
            Child::Scheduler => st.shared.scheduler.set(None),
            Child::Checkers => st.shared.checker_supervisor.set(None),
            Child::Capabilities | Child::Backends => {}
        }
        if !st.children[pos].2.allow() {
            tracing::error!(?child, %why, "core actor exceeded its restart limit; stopping the runtime");
            myself.stop(Some(format!("{child:?} kept failing: {why}")));
            return Ok(());
        }
        tracing::warn!(?child, %why, "restarting core actor");
        if child == Child::Capabilities {
            st.shared.capabilities.clear();
        }
        st.children[pos].1 = start(child, &st.shared, &myself).await?;
        Ok(())
    }
}
