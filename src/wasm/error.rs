//! The adapter's error: what the page passed that cannot be used, by the argument and, where
//! one is at fault, the field or node. Functions inside the adapter return it; it becomes a
//! `JsError` (a JS `Error` with this message) only at the `#[wasm_bindgen]` boundary, through
//! wasm-bindgen's `From<E: std::error::Error> for JsError`.

use crate::run::InputError;
use crate::search::config::ConfigError;

#[derive(Debug, thiserror::Error)]
pub enum WasmError {
    /// An argument cannot be read: which one (`input`, `config`, `summary`, `rows`, `records`,
    /// `columns`, `paths`) and why (serde's words name the field).
    #[error("{message}")]
    Argument {
        argument: &'static str,
        message: String,
    },
    /// A configuration that reads but is refused (the error names the parameter).
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// An input that reads but cannot be searched (the error names the input field).
    #[error(transparent)]
    Input(#[from] InputError),
    /// A node of a path the page named: the move into it is not there.
    #[error("node {node}: {message}")]
    Node { node: u32, message: String },
}

impl WasmError {
    /// A [`WasmError::Argument`].
    pub fn argument(argument: &'static str, message: impl Into<String>) -> WasmError {
        WasmError::Argument {
            argument,
            message: message.into(),
        }
    }
}
