//! Contract tests of the runtime: validation, registration, discovery, verification binding
//! and the checks applied to adapter outcomes.

#![allow(clippy::unwrap_used)] // test helpers fail loudly by design

mod discovery;
mod outcome;
mod registration;
mod support;
mod validation;
mod verification;
