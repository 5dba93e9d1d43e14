//! The papers' techniques, one module each: its source (`CITE:`), its parameter struct under
//! the paper's names (with serde names, defaults, ranges and validation), its gate (when it
//! applies) and its step (the call the node search makes).
//!
//! | module | technique | step of [`crate::search::Searcher`]'s node search |
//! |---|---|---|
//! | [`tt`] | transposition table | 4 probe, 10 store |
//! | [`presearch`] | pre-searching (Hlynka & Schaeffer) | 4a |
//! | [`null_move`] | standard and verified null-move pruning | 5, 9a |
//! | [`multi_cut`] | multi-cut, MC-C and MC-A | 8 |
//! | [`uncertainty`] | uncertainty cut-offs (Björnsson et al.) | 9 (in the move loop) |
//! | [`lmr`] | late move reductions | 9 (child search) |
//! | [`extensions`] | check extensions | 9 (child depth) |
//! | [`remedies`] | forward pruning inside PVS | 9 (re-searches), 10 |
//! | [`aspiration`] | aspiration windows | the root, per iteration |
//!
//! Move ordering (TT move, MVV-LVA, killers, history, refutation) is in
//! [`crate::search::ordering`], quiescence search in `search/quiescence.rs`.

pub mod aspiration;
pub mod extensions;
pub mod lmr;
pub mod multi_cut;
pub mod null_move;
pub mod presearch;
pub mod remedies;
pub mod tt;
pub mod uncertainty;
