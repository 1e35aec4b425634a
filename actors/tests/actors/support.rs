//! Fixtures: a capability whose behaviour the input chooses, and a checker for its evidence.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, LazyLock, Mutex};
use std::time::{Duration, Instant};

use jacobian_actors::{Jacobian, JacobianBuilder};
use jacobian_runtime::adapter::{AdapterContext, AdapterError, Interruption, Outcome, PrepareContext};
use jacobian_runtime::contract::{AssuranceLevel, Completeness, Diagnostic, InputKind, Mode, Provider};
use jacobian_runtime::policy::OperatorConfig;
use jacobian_runtime::typed::{Describe, Operation, Typed};
use jacobian_runtime::{
    CapabilityRequest, CheckContext, CheckError, Checker, CheckerIdentity, Digest, Evidence, Finding, Scope,
    SharedAdapter, SharedChecker, Verdict,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// What the fixture does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Returns `n` at once (with evidence).
    Echo,
    /// Busy-loops for `ms`, never looking at cancellation.
    Spin,
    /// Loops for up to `ms`, checking cancellation and the deadline every millisecond.
    Cooperative,
    /// Panics.
    Panic,
    /// Waits until the gate named `n` opens (or the run is cancelled).
    Gate,
    /// Reports progress `0..n`, a millisecond apart.
    Progress,
    /// Counts items until stopped, then returns the prefix as a partial result.
    Partial,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub action: Action,
    #[serde(default)]
    pub n: u64,
    #[serde(default)]
    pub ms: u64,
    /// Tells the fixture checker how to behave: `accept`, `reject`, `panic`, `slow`.
    #[serde(default)]
    pub checker: Option<String>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct Output {
    pub n: u64,
}

pub struct Fixture(pub &'static str);

/// Invocations started, by the input's `n` (tests use distinct values, so counts do not mix).
pub static STARTED: LazyLock<Mutex<HashMap<u64, usize>>> = LazyLock::new(Default::default);
/// Threads of fixture invocations that have not returned yet.
pub static ALIVE: AtomicUsize = AtomicUsize::new(0);

impl Operation for Fixture {
    type Input = Input;
    type Output = Output;
    type Prepared = Input;

    fn describe(&self) -> Describe {
        Describe {
            id: self.0,
            title: "Test fixture",
            outcome: "Behaves as its input says, to exercise the runtime.",
            description: "A fixture for runtime tests.",
            tags: &["fixture"],
            modes: &[Mode::Explore, Mode::Verify],
            input_kind: InputKind::StructuredRequest,
            artifact_types: &[],
            assurance_ceiling: AssuranceLevel::Verified,
            scope_rule: "Exactly the input.",
            read_only: true,
            writes_artifacts: false,
            evidence_kinds: &["test.echo/v1"],
            relationships: &[],
        }
    }

    fn provider(&self) -> Provider {
        Provider {
            id: "fixture".into(),
            version: "1".into(),
            digest_kind: "SHA256_IDENTITY".into(),
            digest: Digest::of_bytes(b"fixture").prefixed(),
            platform: Provider::current_platform(),
            install_tier: "BUNDLED".into(),
            license: "Apache-2.0".into(),
            features: vec![],
        }
    }

    fn examples(&self) -> Vec<(&'static str, Mode, Value)> {
        vec![("echo", Mode::Explore, json!({"action": "echo", "n": 1}))]
    }

    fn prepare(&self, input: Input, _: &PrepareContext) -> Result<Input, Vec<Diagnostic>> {
        if input.action == Action::Spin && input.ms > 10_000 {
            return Err(vec![Diagnostic::at("/ms", "TOO_LONG", "spin at most 10 s")]);
        }
        Ok(input)
    }

    fn run(&self, input: Input, ctx: &AdapterContext) -> Result<Outcome<Output>, AdapterError> {
        *STARTED.lock().unwrap().entry(input.n).or_default() += 1;
        ALIVE.fetch_add(1, Ordering::SeqCst);
        struct Alive;
        impl Drop for Alive {
            fn drop(&mut self) {
                ALIVE.fetch_sub(1, Ordering::SeqCst);
            }
        }
        let _alive = Alive;
        let scope = Scope::exact_input("the fixture input", Digest::of_value(&json!({"n": input.n})));
        match input.action {
            Action::Echo => {}
            Action::Spin => {
                let until = Instant::now() + Duration::from_millis(input.ms);
                while Instant::now() < until {
                    std::hint::spin_loop();
                }
            }
            Action::Cooperative => {
                let until = Instant::now() + Duration::from_millis(input.ms);
                while Instant::now() < until {
                    ctx.checkpoint()?;
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            Action::Panic => panic!("fixture panic"),
            Action::Gate => gate_wait(input.n, ctx)?,
            Action::Progress => {
                for i in 0..=input.n {
                    ctx.progress(i, Some(input.n), Some(format!("step {i}")));
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            Action::Partial => {
                let mut done = 0;
                while !ctx.should_stop() {
                    done += 1;
                    std::thread::sleep(Duration::from_millis(1));
                }
                let why = if ctx.cancel.is_cancelled() && std::time::Instant::now() < ctx.deadline {
                    Interruption::Cancelled
                } else {
                    Interruption::Deadline
                };
                return Ok(Outcome::computed(Output { n: done }, scope).interrupted(why));
            }
        }
        let evidence = Evidence {
            kind: "test.echo/v1".into(),
            claim: json!({"n": input.n, "checker": input.checker.clone().unwrap_or_else(|| "accept".into())}),
            semantics: "urn:test:echo".into(),
            candidate: json!({"n": input.n}),
            scope: scope.clone(),
            certificate_format: "TEST".into(),
            artifacts: vec![],
        };
        let _ = Completeness::computed();
        Ok(Outcome::computed(Output { n: input.n }, scope).evidence(evidence))
    }
}

static GATES: LazyLock<(Mutex<HashMap<u64, bool>>, Condvar)> = LazyLock::new(Default::default);

fn gate_wait(name: u64, ctx: &AdapterContext) -> Result<(), AdapterError> {
    let (lock, cv) = &*GATES;
    let mut gates = lock.lock().unwrap();
    while !gates.get(&name).copied().unwrap_or(false) {
        ctx.checkpoint()?;
        gates = cv.wait_timeout(gates, Duration::from_millis(2)).unwrap().0;
    }
    Ok(())
}

pub fn open_gate(name: u64) {
    let (lock, cv) = &*GATES;
    lock.lock().unwrap().insert(name, true);
    cv.notify_all();
}

/// Opens its gate when dropped, so a failing test does not leave a thread waiting forever.
pub struct Gate(pub u64);

impl Drop for Gate {
    fn drop(&mut self) {
        open_gate(self.0);
    }
}

pub fn started(n: u64) -> usize {
    STARTED.lock().unwrap().get(&n).copied().unwrap_or(0)
}

/// Accepts `test.echo/v1` evidence whose candidate repeats the claim, or misbehaves as told.
pub struct EchoChecker(pub CheckerIdentity);

impl Checker for EchoChecker {
    fn identity(&self) -> &CheckerIdentity {
        &self.0
    }
    fn evidence_kinds(&self) -> &[&'static str] {
        &["test.echo/v1"]
    }
    fn check(&self, e: &Evidence, cx: &CheckContext) -> Result<Verdict, CheckError> {
        match e.claim["checker"].as_str() {
            Some("panic") => panic!("checker fixture panic"),
            Some("slow") => {
                while !cx.should_stop() {
                    std::thread::sleep(Duration::from_millis(1));
                }
                return Err(CheckError::Interrupted);
            }
            Some("reject") => {
                return Ok(Verdict::Rejected {
                    findings: vec![Finding::at("/candidate/n", "WRONG", "told to reject")],
                });
            }
            _ => {}
        }
        Ok(if e.candidate["n"] == e.claim["n"] {
            Verdict::Accepted { summary: "candidate repeats the claim".into() }
        } else {
            Verdict::Rejected { findings: vec![Finding::new("MISMATCH", "candidate differs")] }
        })
    }
}

pub fn checker_identity() -> CheckerIdentity {
    CheckerIdentity::from_source("test.check.echo", "1", "echo checker source")
}

pub fn fixture(id: &'static str) -> SharedAdapter {
    Arc::new(Typed::new(Fixture(id)))
}

pub fn echo_checker() -> SharedChecker {
    Arc::new(EchoChecker(checker_identity()))
}

/// A builder with the fixtures `test.a` and `test.b`, the echo checker (bundled, so
/// authorized by default), and the given configuration.
pub fn builder(config: &str) -> JacobianBuilder {
    Jacobian::builder()
        .adapters([fixture("test.a"), fixture("test.b")])
        .bundled_checkers([echo_checker()])
        .config(OperatorConfig::from_toml(config).unwrap())
}

pub fn req(id: &str, input: Value) -> CapabilityRequest {
    CapabilityRequest::new(id, input)
}
