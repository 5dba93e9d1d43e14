//! prunescope's search core: games, negamax search (minimax, alpha-beta, PVS) and the node
//! trace. Pure Rust with no knowledge of wasm-bindgen or the DOM; the CLI (`src/main.rs`) and
//! the wasm adapter (`src/wasm.rs`) are thin layers on top.

pub mod chess;
pub mod config;
pub mod diff;
pub mod experiments;
pub mod game;
pub mod ordering;
pub mod run;
pub mod search;
pub mod synthetic;
pub mod trace;
pub mod tree;
pub mod tt;
pub mod types;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use config::{Algorithm, SearchConfig};
pub use game::Game;
pub use search::{SearchResult, Searcher};
pub use trace::{NoTrace, Tracer, record::Recorder};
pub use types::{Bound, INF, NodeType, StopReason, Value, Window};
