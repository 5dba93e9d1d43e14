//! Perft of the six standard positions (Chess Programming Wiki) through `ChessPos`'s `Game`
//! implementation, to depth 4, against the published counts in `tests/data/perft.epd`
//! (lines `FEN ;D1 n ;D2 n ...`). Also checks that the incrementally updated Zobrist keys and
//! the FEN round trip agree with shakmaty along the way.

use std::time::Instant;

use prunescope::Game;
use prunescope::game::chess::{ChessPos, perft};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{EnPassantMode, Position};

/// Deepest published count checked for every position.
const MAX_DEPTH: u32 = 4;

struct Case {
    fen: String,
    /// `(depth, expected leaf count)` in file order.
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.epd");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let (d, n) = p
                        .trim()
                        .split_once(' ')
                        .unwrap_or_else(|| panic!("bad field {p:?} in {line:?}"));
                    let depth = d
                        .strip_prefix('D')
                        .and_then(|d| d.parse().ok())
                        .unwrap_or_else(|| panic!("bad depth {d:?} in {line:?}"));
                    let count = n
                        .trim()
                        .parse()
                        .unwrap_or_else(|_| panic!("bad count {n:?} in {line:?}"));
                    (depth, count)
                })
                .collect();
            Case { fen, counts }
        })
        .collect()
}

fn check_position(index: usize) {
    let all = cases();
    assert_eq!(all.len(), 6, "perft.epd holds the six standard positions");
    let case = &all[index];
    let pos = ChessPos::from_fen(&case.fen).unwrap_or_else(|e| panic!("{e}"));
    let mut checked = 0;
    for &(depth, expected) in &case.counts {
        if depth > MAX_DEPTH {
            continue;
        }
        let start = Instant::now();
        let got = perft(&pos, depth);
        eprintln!(
            "position {} depth {depth}: {got} nodes in {:.3} s",
            index + 1,
            start.elapsed().as_secs_f64()
        );
        assert_eq!(got, expected, "perft({}, {depth})", case.fen);
        checked += 1;
    }
    assert_eq!(
        checked, MAX_DEPTH as usize,
        "{} lists depths 1..={MAX_DEPTH}",
        case.fen
    );
}

#[test]
fn perft_startpos() {
    check_position(0);
}

#[test]
fn perft_kiwipete() {
    check_position(1);
}

#[test]
fn perft_position_3() {
    check_position(2);
}

#[test]
fn perft_position_4_promotions() {
    check_position(3);
}

#[test]
fn perft_position_5() {
    check_position(4);
}

#[test]
fn perft_position_6() {
    check_position(5);
}

/// Walks every position's tree to depth 3 comparing the incrementally updated key with a fresh
/// computation, and (to depth 2) with the key of the position re-read from its own FEN.
#[test]
fn keys_and_fens_agree_along_the_tree() {
    fn walk(pos: &ChessPos, depth: u32, nodes: &mut u64) {
        *nodes += 1;
        let full: Zobrist64 = pos.position().zobrist_hash(EnPassantMode::Legal);
        assert_eq!(pos.key(), full.0, "incremental key of {}", pos.fen());
        if depth >= 2 {
            let reread = ChessPos::from_fen(&pos.fen()).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(reread.key(), pos.key(), "FEN round trip of {}", pos.fen());
        }
        if depth == 0 {
            return;
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for m in moves {
            walk(&pos.play(m), depth - 1, nodes);
        }
    }
    let start = Instant::now();
    let mut nodes = 0;
    for case in cases() {
        let pos = ChessPos::from_fen(&case.fen).unwrap_or_else(|e| panic!("{e}"));
        walk(&pos, 3, &mut nodes);
    }
    eprintln!(
        "key check: {nodes} nodes in {:.3} s",
        start.elapsed().as_secs_f64()
    );
}
