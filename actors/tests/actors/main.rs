//! Behaviour of the actor runtime: deadlines, cancellation, admission, isolation,
//! verification and durability, over fixture capabilities whose behaviour a test chooses.

mod admission;
mod deadlines;
mod durability;
mod isolation;
mod reasoning;
mod support;
mod verification;
