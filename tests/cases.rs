//! One reference case, a line printed by a `tests/reference/*.py` script:
//! `{"capability", "input", "expected", "assurance"?}`, run through the runtime and checked.

use std::path::Path;
use std::process::Command;

use jacobian::runtime::contract::{AssuranceLevel, Mode};
use jacobian::runtime::{CapabilityRequest, CapabilityResult, ExecutionStatus};
use serde_json::{Value, json};

/// The cases printed by the named scripts of `tests/reference/`, in the scripts' order. Two
/// scripts run at a time (each is a Python process computing its references).
pub(crate) fn from_scripts<S: AsRef<Path> + Sync>(scripts: &[S]) -> Vec<Value> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join(".venv/bin/python");
    assert!(python.exists(), "{} is missing: run scripts/provision-python", python.display());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut outputs: Vec<(usize, Vec<Value>)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(|| {
                    let mut done = vec![];
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(script) = scripts.get(k) else { return done };
                        let path = root.join("tests/reference").join(script);
                        let out = Command::new(&python).arg(&path).output().unwrap();
                        assert!(out.status.success(), "{}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
                        let text = String::from_utf8(out.stdout).unwrap();
                        done.push((k, text.lines().map(|l| serde_json::from_str::<Value>(l).unwrap()).collect()));
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    });
    outputs.sort_by_key(|(k, _)| *k);
    outputs.into_iter().flat_map(|(_, cases)| cases).collect()
}

/// Whether `got` has every key of `expected` with an equal value, recursively (arrays of equal
/// length element by element).
pub(crate) fn contains(got: &Value, expected: &Value) -> bool {
    match (got, expected) {
        (Value::Object(g), Value::Object(e)) => e.iter().all(|(k, v)| g.get(k).is_some_and(|gv| contains(gv, v))),
        (Value::Array(g), Value::Array(e)) => g.len() == e.len() && g.iter().zip(e).all(|(g, e)| contains(g, e)),
        _ => got == expected,
    }
}

/// A case's run: its capability id, whether it ran under VERIFY, and the result.
pub(crate) struct Ran {
    pub id: String,
    pub verify: bool,
    pub result: CapabilityResult,
}

/// Runs the case's capability on its input, under VERIFY where the capability offers it and
/// with a generous budget (the tests assert answers, on machines of any speed and load), and
/// checks that it succeeded with an output holding every expected field.
pub(crate) async fn run(jac: &jacobian::Jacobian, c: &Value) -> Ran {
    let id = c["capability"].as_str().expect("a case names its capability").to_owned();
    let descriptor = jac.descriptor(&id).unwrap_or_else(|| panic!("{id} is not registered"));
    let verify = descriptor.modes.contains(&Mode::Verify);
    let mode = if verify { Mode::Verify } else { Mode::Explore };
    let r = jac.run(CapabilityRequest::new(&id, c["input"].clone()).mode(mode).wall_ms(300_000)).await;
    assert_eq!(r.status(), ExecutionStatus::Succeeded, "{id} {}: {:?}", c["input"], r.execution.diagnostics);
    assert!(contains(&r.output, &c["expected"]), "{id} {}: got {}, expected {}", c["input"], r.output, c["expected"]);
    Ran { id, verify, result: r }
}

/// Under VERIFY, the case's assurance was reached: VERIFIED unless the case names another.
pub(crate) fn assert_assurance(c: &Value, ran: &Ran) {
    if ran.verify {
        let expected: AssuranceLevel =
            serde_json::from_value(c.get("assurance").cloned().unwrap_or(json!("VERIFIED"))).unwrap();
        let r = &ran.result;
        assert_eq!(r.assurance.level, expected, "{} {}: {:?}", ran.id, c["input"], r.execution.diagnostics);
    }
}
