//! The papers' experiments, reproduced on an EPD suite (the Bratko–Kopec positions by default).
//! Each returns its table as data; `main.rs` prints it. Node counts are exact and
//! deterministic, so the tables are signatures of the search.

use crate::lab::{Input, Prepared, Summary};
use crate::search::config::{Algorithm, SearchConfig};

/// One EPD record: its id, the position, and the best moves (`bm`, SAN) if given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdPosition {
    pub id: String,
    pub fen: String,
    pub best_moves: Vec<String>,
}

/// Reads an EPD suite (see [`crate::game::chess::epd`]): the position, `bm` and `id`.
pub fn read_epd(path: &str) -> Result<Vec<EpdPosition>, String> {
    let records = crate::game::chess::epd::read_suite(path).map_err(|e| e.to_string())?;
    Ok(records
        .into_iter()
        .map(|r| EpdPosition {
            id: r.name(),
            best_moves: r.best_moves.into_iter().map(|m| m.san).collect(),
            fen: r.fen,
        })
        .collect())
}

/// Parses the text of an EPD suite; see [`read_epd`].
pub fn parse_epd(text: &str) -> Result<Vec<EpdPosition>, String> {
    let records = crate::game::chess::epd::parse_suite(text).map_err(|e| e.to_string())?;
    Ok(records
        .into_iter()
        .map(|r| EpdPosition {
            id: r.name(),
            best_moves: r.best_moves.into_iter().map(|m| m.san).collect(),
            fen: r.fen,
        })
        .collect())
}

/// Parses every position of a suite, naming the one that fails.
pub fn prepare_suite(positions: &[EpdPosition]) -> Result<Vec<Prepared>, String> {
    positions
        .iter()
        .map(|p| {
            Input::Chess { fen: p.fen.clone() }
                .prepare()
                .map_err(|e| format!("{}: {e}", p.id))
        })
        .collect()
}

fn config(depth: u32, enable: &[&str]) -> Result<SearchConfig, String> {
    let mut c = SearchConfig {
        algo: Algorithm::Pvs,
        depth,
        iterative: true,
        ..SearchConfig::default()
    };
    for e in enable {
        c.enable(e)?;
    }
    Ok(c)
}

/// Whether the search's best move is one of the suite's `bm` moves (SAN, ignoring +/#).
pub fn solved(s: &Summary, best_moves: &[String]) -> bool {
    let strip = |m: &str| m.trim_end_matches(['+', '#']).to_string();
    s.best_line_san
        .first()
        .is_some_and(|m| best_moves.iter().any(|b| strip(b) == strip(m)))
}

/// Percentage of `part` in `whole`.
pub fn pct(part: u64, whole: u64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// The baseline of Table 1 in Björnsson et al. (1997): PVS with the transposition table,
/// history heuristic, captures first and check extensions.
pub const UNCERTAINTY_BASELINE: [&str; 5] =
    ["tt", "tt_move", "history", "mvv_lva", "check_extension"];

/// The CUT_RATIOs of Table 1, in percent.
pub const UNCERTAINTY_RATIOS: [u32; 3] = [10, 30, 50];

/// One position of Table 1: baseline nodes, and nodes and agreement at each CUT_RATIO.
#[derive(Clone, Debug, PartialEq)]
pub struct UncertaintyRow {
    pub id: String,
    pub base_nodes: u64,
    pub nodes: [u64; 3],
    /// Same root value and best move as the baseline.
    pub same: [bool; 3],
}

/// Table 1 of Björnsson, Marsland, Schaeffer & Junghanns (1997): safe uncertainty cut-offs
/// at CUT_RATIO 10/30/50 % against the baseline.
pub fn uncertainty_table(suite: &[EpdPosition], depth: u32) -> Result<Vec<UncertaintyRow>, String> {
    let prepared = prepare_suite(suite)?;
    let base = config(depth, &UNCERTAINTY_BASELINE)?;
    let mut rows = Vec::new();
    for (pos, p) in suite.iter().zip(&prepared) {
        let b = p.search_untraced(&base)?;
        let mut row = UncertaintyRow {
            id: pos.id.clone(),
            base_nodes: b.nodes,
            nodes: [0; 3],
            same: [false; 3],
        };
        for (k, r) in UNCERTAINTY_RATIOS.iter().enumerate() {
            let mut c = base.clone();
            c.enable("uc_safe")?;
            c.uncertainty.cut_ratio = *r as f64 / 100.0;
            let s = p.search_untraced(&c)?;
            row.nodes[k] = s.nodes;
            row.same[k] = s.value == b.value && s.best_line.first() == b.best_line.first();
        }
        rows.push(row);
    }
    Ok(rows)
}

/// The four null-move variants of David & Netanyahu's Tables 1–3 (Enhanced Forward Pruning
/// slides): standard R = 1, 2, 3 and verified R = 3.
pub const NULL_MOVE_VARIANTS: [&str; 4] = ["Std R=1", "Std R=2", "Std R=3", "Vrfd R=3"];

/// One position: nodes and whether the `bm` move was found, per variant.
#[derive(Clone, Debug, PartialEq)]
pub struct NullMoveRow {
    pub id: String,
    pub nodes: [u64; 4],
    pub solved: [bool; 4],
}

/// Baseline of the null-move and multi-cut experiments: PVS with the TT, history heuristic,
/// captures first, check extensions and quiescence (the papers' programs had all of these).
pub const FORWARD_PRUNING_BASELINE: [&str; 6] = [
    "tt",
    "tt_move",
    "history",
    "mvv_lva",
    "check_extension",
    "quiescence",
];

/// Node counts and solved positions of standard (R = 1, 2, 3) and verified (R = 3) null-move
/// pruning, as in David & Netanyahu (2002), Tables 1 and 2.
pub fn null_move_table(suite: &[EpdPosition], depth: u32) -> Result<Vec<NullMoveRow>, String> {
    let prepared = prepare_suite(suite)?;
    let mut variants = Vec::new();
    for r in 1..=3 {
        let mut c = config(depth, &FORWARD_PRUNING_BASELINE)?;
        c.enable("null_move")?;
        c.null_move.r = r;
        variants.push(c);
    }
    let mut c = config(depth, &FORWARD_PRUNING_BASELINE)?;
    c.enable("verified_null")?;
    variants.push(c);
    let mut rows = Vec::new();
    for (pos, p) in suite.iter().zip(&prepared) {
        let mut row = NullMoveRow {
            id: pos.id.clone(),
            nodes: [0; 4],
            solved: [false; 4],
        };
        for (k, c) in variants.iter().enumerate() {
            let s = p.search_untraced(c)?;
            row.nodes[k] = s.nodes;
            row.solved[k] = solved(&s, &pos.best_moves);
        }
        rows.push(row);
    }
    Ok(rows)
}

/// The four settings of Winands et al.'s MC-A table (Enhanced Forward Pruning slides): no
/// forward pruning, null move only, MC-C only, null move and MC-C; each without and with MC-A.
pub const MULTI_CUT_SETTINGS: [(&str, &[&str]); 4] = [
    ("No forward pruning", &[]),
    ("Only null move", &["null_move"]),
    ("Only MC-C", &["mc_c"]),
    ("Null move and MC-C", &["null_move", "mc_c"]),
];

/// Total nodes over the suite at one depth, per setting: without MC-A, with MC-A.
#[derive(Clone, Debug, PartialEq)]
pub struct MultiCutRow {
    pub depth: u32,
    pub nodes: [[u64; 2]; 4],
}

/// The MC-A experiment of Winands et al. (slides, "Added value of MC-A"), on a chess suite.
pub fn multi_cut_table(suite: &[EpdPosition], depths: &[u32]) -> Result<Vec<MultiCutRow>, String> {
    let prepared = prepare_suite(suite)?;
    let mut rows = Vec::new();
    for &depth in depths {
        let mut row = MultiCutRow {
            depth,
            nodes: [[0; 2]; 4],
        };
        for (k, (_, enable)) in MULTI_CUT_SETTINGS.iter().enumerate() {
            for (a, with_mca) in [false, true].into_iter().enumerate() {
                let mut c = config(depth, &FORWARD_PRUNING_BASELINE)?;
                for e in *enable {
                    c.enable(e)?;
                }
                if with_mca {
                    c.enable("mc_a")?;
                }
                for p in &prepared {
                    row.nodes[k][a] += p.search_untraced(&c)?.nodes;
                }
            }
        }
        rows.push(row);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_fields_are_read() {
        let s = parse_epd(
            "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";\n\
             r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - bm Nd5 a4; id \"BK.05\";",
        )
        .unwrap();
        assert_eq!(s[0].id, "BK.01");
        assert_eq!(s[0].best_moves, ["Qd1+"]);
        assert_eq!(s[1].best_moves, ["Nd5", "a4"]);
        assert_eq!(
            s[1].fen,
            "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - -"
        );
        assert!(parse_epd("").is_err());
        assert!(parse_epd("8/8 w").unwrap_err().contains("line 1"));
    }

    #[test]
    fn solved_ignores_check_marks() {
        let s = Summary {
            value: Some(0),
            best_line: vec!["d8d1".into()],
            best_line_san: vec!["Qd1+".into()],
            nodes: 1,
            aborted: false,
            stopped: None,
            uncertain: false,
            iterations: vec![],
        };
        assert!(solved(&s, &["Qd1".to_string()]));
        assert!(!solved(&s, &["Qd2".to_string()]));
    }
}
