//! How much a trace file may hold outside its nodes and events, from what the format allows,
//! so that a reader refuses an inflated array or value before it holds it: a header's arrays
//! are bounded by the search's depth limit and the most aspiration re-searches, and every JSON
//! value by the most bytes its field can need.

use super::error::{Problem, R, TraceFileError};
use super::scan::CHUNK;
use crate::game::tree::MAX_TREE_TEXT_BYTES;
use crate::search::config::{MAX_DEPTH, SearchConfig};
use crate::search::techniques::aspiration::MAX_FAILS_PER_ITERATION;

/// The most bytes one node or event object of a JSON trace may need: a node of an explicit
/// tree lists up to 65 534 pruned moves (`{"move":"65533","reason":"beta_cutoff"}` and a
/// comma, under 64 bytes each), and the rest of a node is a few hundred bytes. Runs of
/// whitespace count as one byte.
pub const MAX_NODE_JSON_BYTES: usize = 65_535 * 64 + CHUNK;

/// The most bytes the header's `input` may need when a reader holds an explicit tree's text of
/// up to `max_text` bytes (the format's own limit is [`MAX_TREE_TEXT_BYTES`]): each byte of
/// the text JSON writes in at most two (`\n`, `\t`: the parser refuses every other control
/// character), and its field names. Runs of whitespace outside the string count as one byte.
pub fn input_json_bytes(max_text: usize) -> usize {
    2 * max_text.min(MAX_TREE_TEXT_BYTES) + CHUNK
}

/// An explicit tree's text longer than `max_text` bytes, the most this reader holds (the
/// format's own limit, or the page's), refused in `input.text`; `len` is its length if known.
pub fn text_too_long(max_text: usize, len: Option<usize>) -> TraceFileError {
    let len = len.map_or("longer than".into(), |n| format!("{n} bytes, more than"));
    let whose = match max_text >= MAX_TREE_TEXT_BYTES {
        true => "the trace format allows".into(),
        false => format!("this reader holds (the trace format allows {MAX_TREE_TEXT_BYTES})"),
    };
    let problem = format!("the tree text is {len} the {max_text} bytes {whose}");
    TraceFileError::header("input.text", Problem::TooLarge(problem))
}

/// The most bytes any other header field may need (`config`, `summary`, `format`, …): the
/// summary's arrays hold at most [`MAX_DEPTH`] iterations and a best line of at most a few
/// hundred moves, well under this.
pub const MAX_HEADER_FIELD_JSON_BYTES: usize = CHUNK;

/// The most iterations any search records: one per depth, up to [`MAX_DEPTH`].
pub const MAX_ITERATIONS: usize = MAX_DEPTH as usize;

/// The most root searches any trace holds: [`MAX_ITERATIONS`] × (the most aspiration
/// re-searches of one iteration + 1). A reader refuses a longer `roots` array while it
/// streams, before it knows the configuration.
pub const MAX_ROOTS: usize = MAX_ITERATIONS * (MAX_FAILS_PER_ITERATION as usize + 1);

/// Checks `summary.iterations` and, when given, the number of root searches against what the
/// header's configuration records (each refusal says why).
pub fn check_header_arrays(cfg: &SearchConfig, iterations: usize, roots: Option<usize>) -> R {
    let (max, id) = match cfg.iterative {
        // `depth` is not yet checked (a larger one is refused later): bounded here first, so
        // that the products below cannot overflow a 32-bit usize
        true => ((cfg.depth as usize).min(MAX_ITERATIONS), "with"),
        false => (1, "without"),
    };
    let (fails, depth, aspiration) = (MAX_FAILS_PER_ITERATION, cfg.depth, cfg.aspiration.enabled);
    let roots_why = match aspiration {
        true => &format!("with aspiration windows, at most {fails} re-searches per iteration"),
        false => "one root search per iteration without aspiration windows",
    };
    let roots_max = max * if aspiration { fails as usize + 1 } else { 1 };
    let it = "one iteration per depth";
    for (field, len, max, why) in [
        ("summary.iterations", iterations, max, it),
        ("roots", roots.unwrap_or(0), roots_max, roots_why),
    ] {
        if len > max {
            let why = format!("a search of depth {depth} {id} iterative deepening ({why})");
            let problem = format!("{len} entries, but {why} allows at most {max}");
            return Err(TraceFileError::header(field, Problem::TooLarge(problem)));
        }
    }
    Ok(())
}
