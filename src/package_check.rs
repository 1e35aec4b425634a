//! `jacobian package check DIR`: what an operator runs before enabling a package.
//!
//! The package is loaded exactly as a server loads it (manifest, confined processes, `describe`,
//! descriptors registered against the contract beside every bundled capability), and then every
//! example it gives is run through the runtime, in its mode, and must succeed.

use std::path::Path;

use jacobian_runtime::{CapabilityRequest, ExecutionStatus};
use serde_json::json;

use crate::cli::{EXIT_BROKEN, EXIT_FAILED};
use crate::render::wire;

/// Checks the package in `dir`; returns the exit code (0 when it may be enabled).
pub async fn check(dir: &Path, as_json: bool) -> u8 {
    let jac = match crate::builder().in_memory().package(dir).build().await {
        Ok(jac) => jac,
        Err(e) => {
            eprintln!("jacobian: {e}");
            return EXIT_BROKEN;
        }
    };
    let report = jac.packages().into_iter().next();
    let mut problems: Vec<String> = Vec::new();
    let mut examples = Vec::new();
    match &report {
        None => problems.push("the package was not loaded".into()),
        Some(r) if r.state != "SERVING" => problems.push(r.reason.clone().unwrap_or_else(|| r.state.to_owned())),
        Some(r) => {
            for rejected in jac.rejected().iter().filter(|x| r.capabilities.contains(&x.capability_id)) {
                problems.push(format!("{}: {}", rejected.capability_id, rejected.reason));
            }
            for id in &r.capabilities {
                let Some(descriptor) = jac.descriptor(id) else { continue };
                if descriptor.examples.is_empty() {
                    problems.push(format!("{id}: gives no example"));
                }
                for example in &descriptor.examples {
                    let request =
                        CapabilityRequest::new(id.as_str(), example.input.clone()).mode(example.mode).wall_ms(30_000);
                    let result = jac.run(request).await;
                    let status = result.execution.status;
                    if status != ExecutionStatus::Succeeded {
                        let why: Vec<String> =
                            result.execution.diagnostics.iter().map(|d| format!("{}: {}", d.code, d.message)).collect();
                        problems.push(format!(
                            "{id}: example `{}` ended {}: {}",
                            example.title,
                            wire(&status),
                            why.join("; ")
                        ));
                    }
                    examples.push(json!({
                        "capability_id": id,
                        "title": example.title,
                        "mode": wire(&example.mode),
                        "status": wire(&status),
                        "assurance": wire(&result.assurance.level),
                    }));
                }
            }
        }
    }
    let ok = problems.is_empty();
    if as_json {
        let out = json!({"ok": ok, "package": report, "problems": problems, "examples": examples});
        println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        if let Some(r) = &report {
            println!(
                "package {} {} ({}), {}",
                r.name.as_deref().unwrap_or("?"),
                r.version.as_deref().unwrap_or("?"),
                r.dir.display(),
                r.digest.as_deref().unwrap_or("not loaded")
            );
        }
        for e in &examples {
            let text = |k: &str| e[k].as_str().unwrap_or("?").to_owned();
            println!(
                "  {} `{}` {}: {} {}",
                text("capability_id"),
                text("title"),
                text("mode"),
                text("status"),
                text("assurance")
            );
        }
        for p in &problems {
            println!("problem: {p}");
        }
        println!("{}", if ok { "ok: the package may be enabled" } else { "NOT ok" });
    }
    jac.shutdown(std::time::Duration::from_secs(5)).await;
    if ok {
        0
    } else if report.as_ref().is_some_and(|r| r.state == "SERVING") {
        EXIT_FAILED
    } else {
        EXIT_BROKEN
    }
}
