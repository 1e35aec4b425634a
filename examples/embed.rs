//! Embedding Jacobian in a Rust program: build the runtime, run a capability in VERIFY mode,
//! and read what the result establishes.
//!
//! `cargo run --example embed`

use jacobian::runtime::{CapabilityRequest, Mode};
use serde_json::json;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let jac = jacobian::builder().build().await?;
    let request = CapabilityRequest::new(
        "integer.compute.gcd",
        json!({"a": "123456789012345678901234567890", "b": 9876543210u64}),
    )
    .mode(Mode::Verify);
    let result = jac.run(request).await;
    println!("status:     {:?}", result.execution.status);
    println!("gcd:        {}", result.output["gcd"]);
    println!("bezout:     {}", result.output["bezout"]);
    println!("assurance:  {:?}", result.assurance.level);
    if let Some(checker) = &result.assurance.checker {
        println!("checked by: {} {}", checker.id, checker.version);
    }
    println!("record:     {}", result.assurance.verification_record.as_deref().unwrap_or("-"));
    println!("scope:      {}", result.scope.summary);
    jac.shutdown(std::time::Duration::from_secs(1)).await;
    Ok(())
}
