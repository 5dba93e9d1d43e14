//! How much a trace file may hold outside its nodes and events, from what the format allows,
//! so that a reader refuses an inflated array or value before it holds it: a header's arrays
//! are bounded by the search's depth limit and the most aspiration re-searches, and every JSON
//! value by the most bytes its field can need.

use super::error::{Problem, TraceFileError};
use super::scan::CHUNK;
use crate::game::tree::MAX_TREE_TEXT_BYTES;
use crate::run::Input;
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
/// format's own limit, or the page's), refused in `input.text`.
pub fn text_too_long(max_text: usize, len: Option<usize>) -> TraceFileError {
    let len = len.map_or("longer than".to_string(), |n| {
        format!("{n} bytes, more than")
    });
    let whose = if max_text >= MAX_TREE_TEXT_BYTES {
        "the trace format allows".to_string()
    } else {
        format!("this reader holds (the trace format allows {MAX_TREE_TEXT_BYTES})")
    };
    TraceFileError::header(
        "input.text",
        Problem::TooLarge(format!(
            "the tree text is {len} the {max_text} bytes {whose}"
        )),
    )
}

/// Refuses an explicit tree's text longer than `max_text` bytes.
pub fn check_tree_text(input: &Input, max_text: usize) -> Result<(), TraceFileError> {
    match input {
        Input::Tree { text } if text.len() > max_text => {
            Err(text_too_long(max_text, Some(text.len())))
        }
        _ => Ok(()),
    }
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

/// The most iterations a search with `cfg` records: `depth` with iterative deepening, else 1.
pub fn max_iterations(cfg: &SearchConfig) -> usize {
    if cfg.iterative { cfg.depth as usize } else { 1 }
}

/// The most root searches a search with `cfg` records: each iteration searches its root once,
/// and with aspiration windows again after each failure.
pub fn max_roots(cfg: &SearchConfig) -> usize {
    let per_iteration = if cfg.aspiration.enabled {
        MAX_FAILS_PER_ITERATION as usize + 1
    } else {
        1
    };
    max_iterations(cfg) * per_iteration
}

/// The bound on a header array's length: an error naming `field` if `len` exceeds `max`.
pub fn check_len(field: &str, len: usize, max: usize, why: &str) -> Result<(), TraceFileError> {
    if len > max {
        return Err(TraceFileError::header(
            field,
            Problem::TooLarge(format!("{len} entries, but {why} allows at most {max}")),
        ));
    }
    Ok(())
}

/// Checks the header's arrays against what its configuration allows: `summary.iterations`
/// and (when given) the number of roots.
pub fn check_header_arrays(
    cfg: &SearchConfig,
    iterations: usize,
    roots: Option<usize>,
) -> Result<(), TraceFileError> {
    let why = |what: &str| {
        format!(
            "a search of depth {} {} {what}",
            cfg.depth,
            if cfg.iterative {
                "with iterative deepening"
            } else {
                "without iterative deepening"
            }
        )
    };
    check_len(
        "summary.iterations",
        iterations,
        max_iterations(cfg),
        &why("(one iteration per depth)"),
    )?;
    if let Some(n) = roots {
        let asp = if cfg.aspiration.enabled {
            format!(
                "(with aspiration windows, at most {MAX_FAILS_PER_ITERATION} re-searches per \
                 iteration)"
            )
        } else {
            "(one root search per iteration without aspiration windows)".to_string()
        };
        check_len("roots", n, max_roots(cfg), &why(&asp))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_follow_from_the_format() {
        assert_eq!(MAX_FAILS_PER_ITERATION, 32);
        assert_eq!(MAX_ROOTS, 64 * 33);
        let mut cfg = SearchConfig {
            depth: 5,
            iterative: true,
            ..SearchConfig::default()
        };
        assert_eq!(max_roots(&cfg), 5);
        cfg.aspiration.enabled = true;
        assert_eq!(max_roots(&cfg), 5 * 33);
        assert!(check_header_arrays(&cfg, 5, Some(165)).is_ok());
        assert!(check_header_arrays(&cfg, 6, None).is_err());
        assert!(check_header_arrays(&cfg, 5, Some(166)).is_err());
    }
}
