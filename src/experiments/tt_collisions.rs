//! Hash collisions against table size (Hsu, *Transposition Table, History Heuristic, and other
//! Search Enhancements*, slides 13–14): a table of 2^n entries indexed by `hash(p) mod 2^n`,
//! keys of n + m bits compared on a hit; "the chance of error for hash clash is 1/2^(n+m)", and
//! in a search of 2^w visits "the chance of no clash … P = (1 − 1/2^(n+m))^(2^w) ≃
//! (1/e)^(2^−(n+m−w))".
//!
//! Measured here beside a real search, never inside it: the search's own table keeps the full
//! 64-bit key (so it can never take one position's entry for another's), and this experiment
//! searches a [`Keyed`] position, which passes every position key the search asks for (once
//! per node entered) to shadow tables of 2^n entries for several n. Each shadow table holds the
//! full 64-bit key of the position stored in each slot, the ground truth, and is probed and
//! then overwritten at every visit (always-replace: the search tells a key neither a depth nor
//! a result). A probe whose slot holds another position is an *index collision*; if the m key
//! bits above the index also agree, a table that stored only n + m bits would have taken the
//! other position's entry for this one: a *false match*. Nothing of it feeds back into the
//! search, which is the Turk-like baseline.

use super::data::{Column, ColumnKind, Dataset, Row};
use super::probe::Meter;
use super::report::{Figure, FigureKind, Report, Series, Table, count};
use super::{Options, Position, TURK_BASELINE, config, rows_note};
use crate::game::chess::ChessPos;
use crate::game::{Game, MoveFacts, Value};
use crate::search::config::{ConfigError, SearchConfig};
use crate::search::{Enter, Searcher, Tracer};
use core::cell::RefCell;

/// The table sizes, as n of 2^n entries.
pub const SIZES: [u32; 6] = [10, 12, 14, 16, 18, 20];
/// The key bits kept above the index (m): a false match needs them all to agree.
pub const CHECK_BITS: [u32; 2] = [8, 16];

/// The shadow tables' counts, cumulative over a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub visits: u64,
    /// Per size: the slot held this very position (a true hit).
    pub hits: [u64; SIZES.len()],
    /// Per size: the slot held another position.
    pub index: [u64; SIZES.len()],
    /// Per size and check width: … and its m key bits above the index agreed.
    pub false_matches: [[u64; CHECK_BITS.len()]; SIZES.len()],
}

/// Shadow tables of every size, each slot the full key of the last position stored there
/// (0 = empty: a zero Zobrist key is not a position we can meet in practice, and would only
/// count as an empty slot).
pub struct Shadow {
    tables: Vec<Vec<u64>>,
    pub counts: Counts,
}

impl Shadow {
    pub fn new() -> Shadow {
        Shadow {
            tables: SIZES.iter().map(|&n| vec![0; 1 << n]).collect(),
            counts: Counts::default(),
        }
    }

    /// One visit: probe each table for `key`, count what the slot held, store `key`.
    pub fn visit(&mut self, key: u64) {
        self.counts.visits += 1;
        for (k, (&n, table)) in SIZES.iter().zip(&mut self.tables).enumerate() {
            let slot = &mut table[(key & ((1 << n) - 1)) as usize];
            let old = *slot;
            if old == key {
                self.counts.hits[k] += 1;
            } else if old != 0 {
                self.counts.index[k] += 1;
                for (j, &m) in CHECK_BITS.iter().enumerate() {
                    let mask = ((1u64 << m) - 1) << n;
                    if old & mask == key & mask {
                        self.counts.false_matches[k][j] += 1;
                    }
                }
            }
            *slot = key;
        }
    }
}

impl Default for Shadow {
    fn default() -> Shadow {
        Shadow::new()
    }
}

/// A chess position that shows every key the search asks for to the shadow tables; in every
/// other respect the position itself (a test checks that the search is unchanged).
#[derive(Clone)]
pub struct Keyed<'a> {
    pub pos: ChessPos,
    pub shadow: &'a RefCell<Shadow>,
}

impl Game for Keyed<'_> {
    type Move = shakmaty::Move;
    const MATE_BOUND: Value = ChessPos::MATE_BOUND;

    fn legal_moves(&self, out: &mut Vec<Self::Move>) {
        self.pos.legal_moves(out)
    }
    fn play(&self, mv: Self::Move) -> Self {
        Keyed {
            pos: self.pos.play(mv),
            shadow: self.shadow,
        }
    }
    fn evaluate(&self) -> Value {
        self.pos.evaluate()
    }
    fn no_moves_value(&self, ply: u32) -> Value {
        self.pos.no_moves_value(ply)
    }
    fn key(&self) -> u64 {
        let k = self.pos.key();
        self.shadow.borrow_mut().visit(k);
        k
    }
    fn is_rule_draw(&self) -> bool {
        self.pos.is_rule_draw()
    }
    fn repetition_horizon(&self) -> u32 {
        self.pos.repetition_horizon()
    }
    fn in_check(&self) -> bool {
        self.pos.in_check()
    }
    fn is_leaf(&self) -> bool {
        self.pos.is_leaf()
    }
    fn move_facts(&self, mv: Self::Move) -> MoveFacts {
        self.pos.move_facts(mv)
    }
    fn see(&self, mv: Self::Move) -> Value {
        self.pos.see(mv)
    }
    fn noisy_moves(&self, out: &mut Vec<Self::Move>) {
        self.pos.noisy_moves(out)
    }
    fn null_move(&self) -> Option<Self> {
        self.pos.null_move().map(|pos| Keyed {
            pos,
            shadow: self.shadow,
        })
    }
    fn zugzwang_likely(&self) -> bool {
        self.pos.zugzwang_likely()
    }
    fn pieces(&self) -> Option<u32> {
        self.pos.pieces()
    }
    fn side(&self) -> usize {
        self.pos.side()
    }
    fn move_code(&self, mv: Self::Move, index: usize) -> u16 {
        self.pos.move_code(mv, index)
    }
}

/// Snapshots the shadow's counts as each iteration starts, and reports progress.
struct Snapshots<'a, 'm> {
    shadow: &'a RefCell<Shadow>,
    meter: Meter<'m>,
    unreported: u64,
    /// `(depth, counts before the iteration)`.
    starts: Vec<(i32, Counts)>,
}

impl Tracer for Snapshots<'_, '_> {
    fn begin_iteration(&mut self, depth: i32) {
        if self.starts.last().is_some_and(|s| s.0 == depth) {
            return;
        }
        self.starts
            .push((depth, self.shadow.borrow().counts.clone()));
    }

    fn enter(&mut self, _e: &Enter) {
        self.unreported += 1;
        if self.unreported >= 1 << 14 {
            self.meter.add(self.unreported);
            self.unreported = 0;
        }
    }
}

/// The search of one position with the shadow tables: the counts through each finished
/// iteration, by depth, and whether the node cap stopped it.
pub fn search(pos: &ChessPos, cfg: &SearchConfig, meter: Meter) -> (Vec<(u32, Counts)>, bool) {
    let shadow = RefCell::new(Shadow::new());
    let mut tracer = Snapshots {
        shadow: &shadow,
        meter,
        unreported: 0,
        starts: Vec::new(),
    };
    let root = Keyed {
        pos: pos.clone(),
        shadow: &shadow,
    };
    let result = Searcher::new(cfg.clone(), &mut tracer).run(&root);
    meter.add(tracer.unreported);
    let end = shadow.borrow().counts.clone();
    let through = result
        .iterations
        .iter()
        .map(|it| {
            let c = tracer
                .starts
                .iter()
                .find(|s| s.0 == it.depth + 1)
                .map_or_else(|| end.clone(), |s| s.1.clone());
            (it.depth as u32, c)
        })
        .collect();
    (through, result.aborted())
}

pub fn columns() -> Vec<Column> {
    let mut cols = vec![Column::new("tc_visits", ColumnKind::Count)];
    for n in SIZES {
        cols.push(Column::new(format!("tc_hits_{n}"), ColumnKind::Count));
        cols.push(Column::new(format!("tc_index_{n}"), ColumnKind::Count));
        for m in CHECK_BITS {
            cols.push(Column::new(format!("tc_false{m}_{n}"), ColumnKind::Count));
        }
    }
    cols
}

pub fn position(p: &Position, o: &Options, meter: &Meter) -> Result<Vec<Row>, ConfigError> {
    let mut cfg = SearchConfig {
        depth: o.max_depth(),
        node_cap: o.node_cap,
        ..config(1, &TURK_BASELINE)?
    };
    o.apply(&mut cfg)?;
    let (through, _) = search(p.pos, &cfg, *meter);
    Ok(o.depths
        .iter()
        .map(|&d| {
            let c = through.iter().find(|t| t.0 == d).map(|t| &t.1);
            let mut cells = vec![c.map_or(0, |c| c.visits as i64)];
            for k in 0..SIZES.len() {
                cells.push(c.map_or(0, |c| c.hits[k] as i64));
                cells.push(c.map_or(0, |c| c.index[k] as i64));
                for j in 0..CHECK_BITS.len() {
                    cells.push(c.map_or(0, |c| c.false_matches[k][j] as i64));
                }
            }
            Row {
                index: p.index,
                id: p.epd.id.clone(),
                depth: d,
                capped: c.is_none(),
                cells,
            }
        })
        .collect())
}

/// The false matches expected from `index` collisions with `m` check bits (uniform hashing).
fn expected(index: i64, m: u32) -> String {
    let e = index as f64 / f64::from(1u32 << m);
    if e >= 100.0 {
        count(e.round() as i64)
    } else {
        format!("{e:.1}")
    }
}

/// Hsu's chance of no clash in `visits` probes with keys of `bits` bits.
fn hsu_no_clash(bits: u32, visits: f64) -> f64 {
    (-visits * 2f64.powi(-(bits as i32))).exp()
}

pub fn report(d: &Dataset) -> Report {
    let depths = d.depths();
    let deepest = depths.last().copied().unwrap_or(0);
    let rows = d.complete(deepest);
    let mut r = Report {
        title: "Hash collisions against table size".into(),
        source: "Hsu's slides 13-14: a table of 2^n entries, keys of n + m bits, \"the chance of \
                 error for hash clash is 1/2^(n+m)\"; P(no clash in 2^w visits) ≃ \
                 (1/e)^(2^-(n+m-w))"
            .into(),
        setup: vec![format!(
            "The search: PVS, iterative deepening, {} (its own table keeps the full 64-bit \
             key). Beside it, shadow tables of 2^n entries, probed and overwritten at every \
             node entered, each slot holding the full 64-bit key as ground truth. Index \
             collision: the slot holds another position. False match with m check bits: an \
             index collision whose m key bits above the index agree too (what a table keeping \
             n + m bits would take for a hit). Expected false matches under uniform hashing: \
             index collisions × 2^-m.",
            TURK_BASELINE.join(", ")
        )],
        ..Report::default()
    };
    let visits = d.sum(deepest, "tc_visits");
    let n_pos = rows.len().max(1) as f64;
    let mut header = vec![
        "entries".to_string(),
        "true hits".to_string(),
        "index collisions".to_string(),
        "% of visits".to_string(),
    ];
    for m in CHECK_BITS {
        header.push(format!("false matches, m = {m}"));
        header.push("expected".to_string());
        header.push(format!("searches with one, m = {m}"));
        header.push("Hsu's P(clash)".to_string());
    }
    let hr: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut t = Table::new(
        format!(
            "Per table size, over all visits ({} at depth {deepest}: {} visits)",
            rows_note(d, deepest),
            count(visits)
        ),
        &hr,
    );
    let mut fig = Figure {
        title: "Hash collisions per visit against table size".into(),
        x_label: "log2(table entries)".into(),
        y_label: "per visit (log scale)".into(),
        kind: FigureKind::Lines,
        log_y: true,
        ..Figure::default()
    };
    let mut idx_pts = Vec::new();
    let mut fm_pts: Vec<Vec<(f64, f64)>> = vec![Vec::new(); CHECK_BITS.len()];
    for n in SIZES {
        let index = d.sum(deepest, &format!("tc_index_{n}"));
        let mut row = vec![
            format!("2^{n}"),
            count(d.sum(deepest, &format!("tc_hits_{n}"))),
            count(index),
            format!("{:.1}", 100.0 * index as f64 / visits.max(1) as f64),
        ];
        idx_pts.push((f64::from(n), index as f64 / visits.max(1) as f64));
        for (j, m) in CHECK_BITS.iter().enumerate() {
            let col = format!("tc_false{m}_{n}");
            let fm = d.sum(deepest, &col);
            let with = rows.iter().filter(|row| d.get(row, &col) > 0).count();
            // Hsu's chance of a clash in one search, averaged over the searches' visits.
            let p_clash = rows
                .iter()
                .map(|row| 1.0 - hsu_no_clash(n + m, d.get(row, "tc_visits") as f64))
                .sum::<f64>()
                / n_pos;
            row.push(count(fm));
            row.push(expected(index, *m));
            row.push(format!("{with} of {}", rows.len()));
            row.push(format!("{:.1e}", p_clash));
            if fm > 0 {
                fm_pts[j].push((f64::from(n), fm as f64 / visits.max(1) as f64));
            }
        }
        t.row(row);
    }
    fig.series.push(Series {
        name: "index collisions".into(),
        points: idx_pts,
        paper: false,
        group: None,
    });
    for (j, m) in CHECK_BITS.iter().enumerate() {
        fig.series.push(Series {
            name: format!("false matches, m = {m}"),
            points: fm_pts[j].clone(),
            paper: false,
            group: None,
        });
    }
    r.tables.push(t);
    for m in CHECK_BITS {
        let (fm, index): (i64, i64) = SIZES.iter().fold((0, 0), |(a, b), n| {
            (
                a + d.sum(deepest, &format!("tc_false{m}_{n}")),
                b + d.sum(deepest, &format!("tc_index_{n}")),
            )
        });
        r.notes.push(format!(
            "m = {m}: {} false matches over all sizes, against {} expected from the index \
             collisions (each × 2^-{m}).",
            count(fm),
            expected(index, m),
        ));
    }
    let rate =
        |n: u32| 100.0 * d.sum(deepest, &format!("tc_index_{n}")) as f64 / visits.max(1) as f64;
    let (small, large) = (SIZES[0], SIZES[SIZES.len() - 1]);
    r.notes.push(format!(
        "Hsu's chance of error per probe, 1/2^(n+m), is that of meeting one given other key. A \
         probe meets the key of whatever position holds its slot, which already shares the n \
         index bits, so its chance of a false match is 2^-m times the chance that the slot \
         holds another position: {:.1} % of the visits at 2^{small} entries, {:.1} % at \
         2^{large}. The false matches therefore grow with the visits over the table's size, \
         not with 2^w / 2^(n+m).",
        rate(small),
        rate(large)
    ));
    r.figure = fig;
    r
}
