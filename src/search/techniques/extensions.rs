//! Check extensions.
//!
//! CITE: Hsu, *Transposition Table, History Heuristic, and other Search Enhancements*, slides
//! 45–47 (dynamic search extension: "examples of conditions that need to extend the search
//! depth: … in-check"; "needs to be very careful to avoid non-terminating search").
//!
//! - Parameter: `check_extension` (a switch in [`crate::search::config::SearchConfig`]).
//! - Gate and step: [`extension`]: a move that gives check is searched one ply deeper, as long
//!   as the path is shorter than twice the iteration depth (which bounds the search).

use crate::schema::NodeKind;

/// The extension of a move that `gives_check` at `ply` in an iteration of nominal depth
/// `iteration`: one ply and the `extended` node kind, or none.
#[inline(always)]
pub fn extension(enabled: bool, gives_check: bool, ply: u32, iteration: i32) -> (i32, NodeKind) {
    if enabled && gives_check && (ply as i32) < 2 * iteration {
        (1, NodeKind::Extended)
    } else {
        (0, NodeKind::Normal)
    }
}
