//! Behaviour of the actor runtime: deadlines, cancellation, admission, isolation,
//! verification and durability, over fixture capabilities whose behaviour a test chooses.

#![allow(clippy::unwrap_used)] // test helpers fail loudly by design

mod admission;
mod deadlines;
mod durability;
mod isolation;
mod reasoning;
mod support;
mod verification;
