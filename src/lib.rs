//! prunescope's search core: games, negamax search (minimax, alpha-beta, PVS) with the papers'
//! techniques, and the node trace.
//!
//! Pure Rust: the core knows nothing of wasm-bindgen, the DOM or clap. The layers, bottom up:
//!
//! - [`game`]: the [`Game`] trait and the games (textbook trees, synthetic trees, chess);
//! - [`search`]: the searcher, its configuration, move ordering and one module per technique;
//! - [`trace`]: the codes shared with the page ([`trace::schema`]), the [`Tracer`] visitor,
//!   the recorder, statistics, trace files and the node-by-node comparison;
//! - [`lab`]: one entry point for the front ends: parse an input, search it, summarize;
//! - [`experiments`]: the papers' experiments on EPD suites.
//!
//! The front ends are thin edges: `src/cli/` (the `prunescope` binary, the only user of clap)
//! and `src/wasm/` (the wasm-bindgen adapter, built for `wasm32` only).

pub mod experiments;
pub mod game;
pub mod run;
pub mod schema;
pub mod schema_js;
pub mod search;
pub mod trace;
pub mod trace_file;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use game::{Game, INF, Value};
pub use search::config::{Algorithm, SearchConfig};
pub use search::{NoTrace, Tracer};
pub use search::{SearchResult, Searcher};
pub use trace::record::Recorder;
