//! Contract tests of the runtime: validation, registration, discovery, verification binding
//! and the checks applied to adapter outcomes.

mod discovery;
mod outcome;
mod registration;
mod support;
mod validation;
mod verification;
