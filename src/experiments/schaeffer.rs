//! Schaeffer (1989), *The history heuristic and alpha-beta search enhancements in practice*, as
//! Hsu's slides 33–35 summarize it: all 64 combinations of six enhancements (transposition
//! table, knowledge heuristic, aspiration search, refutation table, killer heuristic, history
//! heuristic), tree sizes against plain alpha-beta at depths 2–5, the best ones deeper, and his
//! conclusions, each checked against our numbers.

use super::data::{Column, ColumnKind, Dataset, Row};
use super::probe::Meter;
use super::report::{Figure, Report, Series, Table, count};
use super::{Options, Position, depth_rows, nodes_at, rows_note, run_all};
use crate::search::config::ConfigError;
use crate::search::config::{Algorithm, SearchConfig};

/// The six enhancements: (letter, name, techniques).
pub const ENHANCEMENTS: [(char, &str, &[&str]); 6] = [
    ('T', "transposition table", &["tt", "tt_move"]),
    ('K', "knowledge (MVV-LVA)", &["mvv_lva"]),
    ('A', "aspiration", &["aspiration"]),
    ('R', "refutation table", &["refutation"]),
    ('L', "killer", &["killers"]),
    ('H', "history", &["history"]),
];

/// A combination: a bit per enhancement (bit k = ENHANCEMENTS[k]), and the algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combo {
    pub mask: u8,
    /// NegaScout / PVS (minimal windows) instead of alpha-beta.
    pub pvs: bool,
}

impl Combo {
    /// The column key: the letters of its enhancements ("none" for plain), `pvs_` prefixed.
    pub fn key(self) -> String {
        let letters: String = ENHANCEMENTS
            .iter()
            .enumerate()
            .filter(|(k, _)| self.mask & (1 << k) != 0)
            .map(|(_, e)| e.0)
            .collect();
        let l = if letters.is_empty() {
            "none".to_string()
        } else {
            letters
        };
        if self.pvs { format!("pvs_{l}") } else { l }
    }

    /// How many enhancements it has.
    pub fn size(self) -> u32 {
        self.mask.count_ones()
    }

    fn from_letters(s: &str, pvs: bool) -> Combo {
        let mask = ENHANCEMENTS
            .iter()
            .enumerate()
            .filter(|(_, e)| s.contains(e.0))
            .fold(0, |m, (k, _)| m | (1 << k));
        Combo { mask, pvs }
    }

    /// The combination's configuration; with `his`, the history heuristic is Schaeffer's
    /// ([`SCHAEFFER_HISTORY`]).
    fn config(self, his: bool) -> Result<SearchConfig, ConfigError> {
        let mut c = SearchConfig {
            algo: if self.pvs {
                Algorithm::Pvs
            } else {
                Algorithm::AlphaBeta
            },
            iterative: true,
            ..SearchConfig::default()
        };
        for (k, (_, _, enable)) in ENHANCEMENTS.iter().enumerate() {
            if self.mask & (1 << k) != 0 {
                for e in *enable {
                    c.enable(e)?;
                }
            }
        }
        if his {
            for (k, v) in SCHAEFFER_HISTORY {
                c.set(k, v)?;
            }
        }
        Ok(c)
    }
}

/// Schaeffer's own history heuristic (1989; Hsu's slides "weight = 2^depth", "found to be
/// experimentally inferior" for 1 and depth): every move that caused a cut-off or was best,
/// captures included, weighted 2^depth.
pub const SCHAEFFER_HISTORY: [(&str, &str); 2] = [
    ("ordering.history_weight", "pow2"),
    ("ordering.history_moves", "cutoff_or_best"),
];

/// The column suffix of the runs with Schaeffer's history heuristic (`schaeffer-history`), so
/// that `experiment merge` tells its CSV from `schaeffer`'s by the header.
pub const HIS_SUFFIX: &str = "_his";

/// The 64 alpha-beta combinations, then minimal-window (PVS) versions of plain, TT + history
/// and all six, for his remark on minimal windows.
pub fn all_combos() -> Vec<Combo> {
    let mut v: Vec<Combo> = (0..64).map(|mask| Combo { mask, pvs: false }).collect();
    v.extend(["", "TH", "TKARLH"].map(|s| Combo::from_letters(s, true)));
    v
}

/// The combinations searched deeper: plain alpha-beta, each heuristic alone, the pairs with
/// the TT that slide 34 singles out, and all six.
pub fn deep_combos() -> Vec<Combo> {
    [
        "", "T", "K", "R", "L", "H", "TH", "TK", "TL", "TKLH", "TKARLH",
    ]
    .map(|s| Combo::from_letters(s, false))
    .into_iter()
    .chain([Combo::from_letters("TH", true)])
    .collect()
}

pub fn columns(combos: &[Combo], his: bool) -> Vec<Column> {
    let suffix = if his { HIS_SUFFIX } else { "" };
    combos
        .iter()
        .map(|c| Column::new(format!("nodes_{}{suffix}", c.key()), ColumnKind::Count))
        .collect()
}

pub fn position(
    combos: &[Combo],
    his: bool,
    p: &Position,
    o: &Options,
    meter: &Meter,
) -> Result<Vec<Row>, ConfigError> {
    let cfgs = combos
        .iter()
        .map(|c| c.config(his))
        .collect::<Result<Vec<_>, _>>()?;
    let runs = run_all(p, o, &cfgs, meter)?;
    Ok(depth_rows(p, o, &runs, |d| {
        runs.iter().map(|r| nodes_at(r, d)).collect()
    }))
}

/// The 64 combinations with Schaeffer's history heuristic: the report of `schaeffer` on the
/// same rows (its columns without [`HIS_SUFFIX`]), with the history form said.
pub fn his_report(d: &Dataset) -> Report {
    let plain = Dataset::new(columns(&all_combos(), false), d.rows.clone());
    let mut r = report(&plain, false);
    r.title = "Schaeffer (1989): all 64 combinations, with his history heuristic".into();
    r.setup.push(
        "History heuristic as Schaeffer's: every move that caused a cut-off or, at a node \
         without one, gave the best value, captures included, weighted 2^depth \
         (ordering.history_weight = pow2, ordering.history_moves = cutoff_or_best)."
            .into(),
    );
    r
}

pub fn report(d: &Dataset, deep: bool) -> Report {
    let combos = if deep { deep_combos() } else { all_combos() };
    let depths = d.depths();
    let mut r = Report {
        title: format!(
            "Schaeffer (1989): search enhancements{}",
            if deep {
                ", deeper"
            } else {
                ", all 64 combinations"
            }
        ),
        source: "Schaeffer (1989), on Hsu's slides 33-35 (Phoenix; depths 2-5, the best \
                 combinations to 6-8)"
            .into(),
        setup: vec![
            "Tree size (all nodes of the iterative search to that depth) as a percentage of \
             plain alpha-beta's. Letters: T transposition table (with its move first), K \
             knowledge heuristic (captures by MVV-LVA), A aspiration windows, R refutation \
             table, L killer heuristic, H history heuristic; pvs_: NegaScout (minimal windows) \
             instead of alpha-beta. Every search uses iterative deepening and tries the previous \
             iteration's best root move first."
                .into(),
        ],
        ..Report::default()
    };
    let sizes = Sizes {
        d,
        combos: &combos,
        depths: &depths,
    };
    let pct_of = |key: &str, depth: u32| sizes.pct(key, depth);
    let has = |key: &str| sizes.has(key);
    let mut header = vec!["combination".to_string()];
    header.extend(depths.iter().map(|dd| format!("d {dd}")));
    let header_refs: Vec<&str> = header.iter().map(String::as_str).collect();
    let deepest = depths.last().copied().unwrap_or(0);

    // Plain alpha-beta's absolute size, then the singles.
    let mut singles = Table::new(
        format!(
            "Single enhancements, % of plain alpha-beta ({} at depth {deepest})",
            rows_note(d, deepest)
        ),
        &header_refs,
    );
    let mut plain = vec!["plain alpha-beta (nodes)".to_string()];
    plain.extend(depths.iter().map(|&dd| count(d.sum(dd, "nodes_none"))));
    singles.row(plain);
    let mut fig = Figure {
        title: "Search enhancements: tree size against plain alpha-beta".into(),
        x_label: "depth".into(),
        y_label: "nodes, % of plain alpha-beta".into(),
        reference: vec![(100.0, "plain alpha-beta".into())],
        ..Figure::default()
    };
    for (letter, name, _) in ENHANCEMENTS.iter() {
        let key = letter.to_string();
        if !has(&key) {
            continue;
        }
        let mut row = vec![format!("{letter}: {name}")];
        row.extend(depths.iter().map(|&dd| format!("{:.1}", pct_of(&key, dd))));
        singles.row(row);
        fig.series.push(Series {
            name: format!("{letter}: {name}"),
            points: depths
                .iter()
                .map(|&dd| (f64::from(dd), pct_of(&key, dd)))
                .collect(),
            paper: false,
            group: None,
        });
    }
    for key in ["TH", "TKARLH"] {
        if has(key) {
            fig.series.push(Series {
                name: key.to_string(),
                points: depths
                    .iter()
                    .map(|&dd| (f64::from(dd), pct_of(key, dd)))
                    .collect(),
                paper: false,
                group: None,
            });
        }
    }
    r.tables.push(singles);

    // Every combination, best first at the deepest depth.
    let mut ranked: Vec<Combo> = combos.clone();
    ranked.sort_by(|a, b| pct_of(&a.key(), deepest).total_cmp(&pct_of(&b.key(), deepest)));
    let mut all = Table::new(
        format!("Every combination, % of plain alpha-beta, best first at depth {deepest}"),
        &header_refs,
    );
    for c in &ranked {
        let mut row = vec![c.key()];
        row.extend(
            depths
                .iter()
                .map(|&dd| format!("{:.1}", pct_of(&c.key(), dd))),
        );
        all.row(row);
    }
    r.tables.push(all);

    // The conclusions of slides 34 and 35, one by one.
    let single_keys: Vec<String> = ENHANCEMENTS
        .iter()
        .map(|e| e.0.to_string())
        .filter(|k| has(k))
        .collect();
    r.notes.extend(slide34_notes(&sizes, &single_keys));
    r.notes.extend(combination_notes(&sizes, &single_keys));
    r.figure = fig;
    r
}

/// Tree sizes as a percentage of plain alpha-beta's, from the rows of `d`.
struct Sizes<'a> {
    d: &'a Dataset,
    combos: &'a [Combo],
    depths: &'a [u32],
}

impl Sizes<'_> {
    /// Combination `key`'s tree at `depth`, as a percentage of plain alpha-beta's.
    fn pct(&self, key: &str, depth: u32) -> f64 {
        100.0 * self.d.sum(depth, &format!("nodes_{key}")) as f64
            / self.d.sum(depth, "nodes_none").max(1) as f64
    }

    /// Whether this run has combination `key`.
    fn has(&self, key: &str) -> bool {
        self.combos.iter().any(|c| c.key() == key)
    }
}

/// Slide 34's conclusions about single enhancements (`singles`: their keys in this run), each
/// against our numbers.
fn slide34_notes(s: &Sizes, singles: &[String]) -> Vec<String> {
    let depths = s.depths;
    let pct_of = |key: &str, depth: u32| s.pct(key, depth);
    let has = |key: &str| s.has(key);
    let deepest = depths.last().copied().unwrap_or(0);
    let mut notes = Vec::new();
    for &dd in depths {
        if let Some(best) = singles
            .iter()
            .min_by(|a, b| pct_of(a, dd).total_cmp(&pct_of(b, dd)))
        {
            notes.push(format!(
                "Depth {dd}, \"history performs well\" (best single enhancement): the best \
                 single one is {best} at {:.1} %; history {:.1} %, knowledge {:.1} %, TT {:.1} %.",
                pct_of(best, dd),
                pct_of("H", dd),
                pct_of("K", dd),
                pct_of("T", dd)
            ));
        }
    }
    let series = |key: &str| -> String {
        depths
            .iter()
            .map(|&dd| format!("{:.1}", pct_of(key, dd)))
            .collect::<Vec<_>>()
            .join(" → ")
    };
    let trend = |key: &str| -> Option<bool> {
        let v: Vec<f64> = depths.iter().map(|&dd| pct_of(key, dd)).collect();
        (v.len() >= 2).then(|| v.windows(2).all(|w| w[1] <= w[0]))
    };
    if has("H") {
        notes.push(format!(
            "\"History's efficiency appears to drop after depth 7\": history alone by depth: {} \
             %{}.",
            series("H"),
            if deepest >= 8 {
                ""
            } else {
                " (depth 8 is needed to test the claim; see schaeffer-deep)"
            }
        ));
    }
    if has("K") && has("H") {
        notes.push(format!(
            "\"Knowledge performs about the same as history\": knowledge {} % against history \
             {} %.",
            series("K"),
            series("H")
        ));
    }
    if has("T") {
        notes.push(format!(
            "\"The TT grows more useful with depth\": TT alone {} %: {}.",
            series("T"),
            match trend("T") {
                Some(true) => "it shrinks at every step, as claimed",
                Some(false) => "not at every step",
                None => "one depth only",
            }
        ));
    }
    if has("R") && has("T") {
        let v: Vec<f64> = depths.iter().map(|&dd| pct_of("R", dd)).collect();
        let spread =
            v.iter().copied().fold(f64::MIN, f64::max) - v.iter().copied().fold(f64::MAX, f64::min);
        let worse = depths.iter().all(|&dd| pct_of("R", dd) >= pct_of("T", dd));
        notes.push(format!(
            "\"Refutation tables give constant performance, worse than the TT\": refutation {} % \
             (spread {spread:.1} points), TT {} %; worse than the TT at every depth: {}. (Our \
             refutation table keeps, for each move, the reply that last refuted it, a \
             counter-move table; Schaeffer's keeps the previous iteration's refutation line of \
             every root move.)",
            series("R"),
            series("T"),
            if worse { "yes" } else { "no" }
        ));
    }
    if has("A") {
        notes.push(format!(
            "\"Aspiration and minimal window search provide small benefits\": aspiration alone {} \
             %{}.",
            series("A"),
            if has("pvs_none") {
                format!(
                    "; NegaScout without enhancements {} %, and NegaScout with TT + history {} % \
                     against alpha-beta with TT + history {} %",
                    series("pvs_none"),
                    series("pvs_TH"),
                    series("TH")
                )
            } else {
                String::new()
            }
        ));
    }
    notes
}

/// The conclusions about combinations ("TT + history is the best pair", "three or more add
/// nothing", slide 35's "combining the two best may not give the best"), against our numbers.
fn combination_notes(s: &Sizes, singles: &[String]) -> Vec<String> {
    let (combos, depths) = (s.combos, s.depths);
    let pct_of = |key: &str, depth: u32| s.pct(key, depth);
    let has = |key: &str| s.has(key);
    let deepest = depths.last().copied().unwrap_or(0);
    let mut notes = Vec::new();
    let pairs: Vec<Combo> = combos
        .iter()
        .copied()
        .filter(|c| c.size() == 2 && !c.pvs)
        .collect();
    if pairs.len() == 15 {
        for &dd in depths {
            let mut by: Vec<Combo> = pairs.clone();
            by.sort_by(|a, b| pct_of(&a.key(), dd).total_cmp(&pct_of(&b.key(), dd)));
            let rank = by.iter().position(|c| c.key() == "TH").map_or(0, |k| k + 1);
            let best_more = combos
                .iter()
                .filter(|c| !c.pvs && c.size() >= 3)
                .min_by(|a, b| pct_of(&a.key(), dd).total_cmp(&pct_of(&b.key(), dd)))
                .map(|c| c.key())
                .unwrap_or_default();
            notes.push(format!(
                "Depth {dd}, \"TT + history is the best pair\": the best pair is {} ({:.1} %); \
                 TT + history ranks {rank} of 15 ({:.1} %). \"Three or more add nothing\": the \
                 best combination of three or more, {best_more}, searches {:.1} %, {}.",
                by[0].key(),
                pct_of(&by[0].key(), dd),
                pct_of("TH", dd),
                pct_of(&best_more, dd),
                if pct_of(&best_more, dd) < pct_of(&by[0].key(), dd) {
                    "fewer nodes than the best pair: here they do add"
                } else {
                    "no fewer than the best pair, as claimed, though neither our history \
                     heuristic (quiet cut-off moves only, weighted depth²) nor our refutation \
                     table (a counter-move table) is his"
                }
            ));
        }
    }
    if deepest > 0 && has("H") && has("T") {
        // "Combining the two best heuristics may not give you the best" (slide 35).
        let mut singles_ranked = singles.to_vec();
        singles_ranked.sort_by(|a, b| pct_of(a, deepest).total_cmp(&pct_of(b, deepest)));
        if singles_ranked.len() >= 2 {
            let pair = Combo::from_letters(
                &format!("{}{}", singles_ranked[0], singles_ranked[1]),
                false,
            );
            if has(&pair.key()) {
                let best = combos
                    .iter()
                    .filter(|c| c.size() == 2 && !c.pvs)
                    .min_by(|a, b| pct_of(&a.key(), deepest).total_cmp(&pct_of(&b.key(), deepest)))
                    .map(|c| c.key());
                notes.push(format!(
                    "Depth {deepest}, \"combining the two best may not give the best\": the two \
                     best singles are {} and {}; together {:.1} %{}.",
                    singles_ranked[0],
                    singles_ranked[1],
                    pct_of(&pair.key(), deepest),
                    match best {
                        Some(b) if b != pair.key() => format!(
                            ", while the best pair is {b} at {:.1} %",
                            pct_of(&b, deepest)
                        ),
                        Some(_) => ", the best pair".to_string(),
                        None => String::new(),
                    }
                ));
            }
        }
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_all_distinct() {
        let all = all_combos();
        assert_eq!(all.len(), 67);
        let mut keys: Vec<String> = all.iter().map(|c| c.key()).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), 67);
        assert_eq!(Combo::from_letters("TH", false).key(), "TH");
        assert_eq!(
            Combo {
                mask: 0,
                pvs: false
            }
            .key(),
            "none"
        );
        assert_eq!(Combo::from_letters("", true).key(), "pvs_none");
        for c in all {
            c.config(false).unwrap().validate().unwrap();
            c.config(true).unwrap().validate().unwrap();
        }
        for c in deep_combos() {
            assert!(c.pvs || c.mask < 64);
        }
    }
}
