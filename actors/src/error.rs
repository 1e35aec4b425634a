//! Errors of building and operating a `Jacobian` (never of a run: runs return results).

/// Why a `Jacobian` could not be built or an operation outside a run failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JacobianError {
    /// Configuration is malformed.
    #[error("configuration: {0}")]
    Config(String),
    /// A filesystem operation failed.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: &'static str,
        /// The OS error.
        source: std::io::Error,
    },
    /// The runtime's store or contract layer failed.
    #[error(transparent)]
    Runtime(#[from] jacobian_runtime::Error),
    /// An actor could not be started.
    #[error("actor system: {0}")]
    Actor(String),
    /// The runtime is shutting down.
    #[error("the runtime is shutting down")]
    ShuttingDown,
}

impl JacobianError {
    pub(crate) fn io(context: &'static str, source: std::io::Error) -> Self {
        JacobianError::Io { context, source }
    }
}
