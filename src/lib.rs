//! prunescope's search core: games, negamax search (minimax, alpha-beta, PVS) with the papers'
//! techniques, and the node trace.
//!
//! Pure Rust: the core knows nothing of wasm-bindgen, the DOM or clap. The layers, bottom up;
//! each imports only the ones listed before it (`scripts/check/layers.mjs` checks it, and
//! `docs/architecture.md` says why each sits where it does):
//!
//! - [`schema`]: the codes and record layout every layer shares (the contract with the page);
//! - [`game`]: the [`Game`] trait and the games (textbook trees, synthetic trees, chess);
//! - [`search`]: the searcher, its configuration, move ordering, one module per technique, and
//!   the [`Tracer`] visitor it calls;
//! - [`trace`]: observing a search: the recorder, statistics, the node-by-node comparison;
//! - [`run`]: one entry point for the front ends: prepare an input, search it, summarize;
//! - [`teach`]: graded alpha-beta exercises: generator, answer key from the trace, grading;
//! - [`trace_file`]: the trace file format: writing, reading and checking JSON and binary files;
//! - [`figure`]: figures and worksheets for print: a tree and its search as TikZ, exercises as
//!   LaTeX worksheets with their keys;
//! - [`experiments`]: the papers' experiments on EPD suites;
//! - [`schema_js`]: the text of `www/schema.js`, gathered from the layers below;
//! - `wasm`: the wasm-bindgen adapter, built for `wasm32` only.
//!
//! The command line, `src/cli/` (the `prunescope` binary, the only user of clap), sits above
//! them all.

#[cfg(feature = "chess")]
pub mod experiments;
pub mod figure;
pub mod game;
pub mod run;
pub mod schema;
pub mod schema_js;
pub mod search;
pub mod teach;
pub mod trace;
pub mod trace_file;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use game::{Game, INF, Value};
pub use search::config::{Algorithm, SearchConfig};
pub use search::{NoTrace, Tracer};
pub use search::{SearchResult, Searcher};
pub use trace::record::Recorder;
