//! Running one search for an experiment: the [`Census`] tracer that counts what the tables need
//! (cut-offs on the first move, the best move's place at ALL nodes, zugzwang detections) per
//! iteration, a progress meter, and Hlynka & Schaeffer's stopping rule (search until a node
//! count is reached, then finish the iteration under way).

use crate::game::chess::ChessPos;
use crate::game::{Game, MoveFacts, Value};
use crate::schema::{Bound, NodeKind, NullVerdict, StopReason};
use crate::search::Searcher;
use crate::search::config::SearchConfig;
use crate::search::{Enter, Exit, Tracer};
use core::cell::Cell;
use core::sync::atomic::{AtomicU64, Ordering};

/// Where a run reports its progress: nodes searched so far, summed over the threads of a run.
/// The CLI reads it for its progress line; without a counter nothing is reported.
#[derive(Clone, Copy, Default)]
pub struct Meter<'a> {
    pub nodes: Option<&'a AtomicU64>,
}

impl<'a> Meter<'a> {
    pub fn new(nodes: &'a AtomicU64) -> Meter<'a> {
        Meter { nodes: Some(nodes) }
    }

    pub(crate) fn add(&self, n: u64) {
        if let Some(c) = self.nodes {
            c.fetch_add(n, Ordering::Relaxed);
        }
    }
}

/// Fig. 6 of Björnsson et al. counts the best move's place (1st, 2nd, …) at ALL nodes with at
/// least this many legal moves.
pub const FIG6_MIN_MOVES: u32 = 10;

/// Places 1..=FIG6_BINS are counted one by one; later places share the last bin.
pub const FIG6_BINS: usize = 30;

/// What the census counts, cumulatively.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// β-cut-offs by a searched move at nodes with depth left (not quiescence).
    pub cutoffs: u64,
    /// … of which by the first move searched.
    pub first_cutoffs: u64,
    /// β-cut-offs at quiescence nodes.
    pub q_cutoffs: u64,
    pub q_first_cutoffs: u64,
    /// Actual ALL nodes (all moves searched, none reached β) with at least
    /// [`FIG6_MIN_MOVES`] legal moves, outside quiescence.
    pub all_nodes: u64,
    /// Where their best move was: `[k]` = place k + 1; the last bin holds every later place.
    pub all_best: [u64; FIG6_BINS + 1],
    /// Verified null-move pruning found zugzwang (and re-searched at full depth).
    pub zugzwangs: u64,
    /// Null-move searches that failed high and cut the node.
    pub null_cutoffs: u64,
    /// Null-move searches that failed high where verification was on (David & Netanyahu):
    /// the node went on one ply shallower instead of cutting.
    pub null_verified: u64,
    /// Nodes whose depth pre-searching raised.
    pub presearches: u64,
    /// Uncertainty cut-offs taken.
    pub uc_cutoffs: u64,
    /// Re-searches (PVS scouts that landed inside the window, LMR and the remedies).
    pub researches: u64,
}

#[derive(Clone, Copy)]
struct Frame {
    quiescence: bool,
    moves: u32,
}

/// The stopping rule of Hlynka & Schaeffer (§3): when an iteration ends with at least `nodes`
/// searched, or with a mate score, no further iteration starts.
struct SoftLimit<'a> {
    nodes: u64,
    stop: &'a Cell<bool>,
    /// The iteration that was not started.
    stopped_at: Option<i32>,
}

/// The experiments' tracer: counts per iteration, progress, and the soft node limit.
pub struct Census<'a> {
    meter: Meter<'a>,
    unreported: u64,
    nodes: u64,
    stack: Vec<Frame>,
    counters: Counters,
    /// `(depth, counters and nodes before the iteration's first root search)`.
    starts: Vec<(i32, Counters, u64)>,
    root_value: Option<Value>,
    soft: Option<SoftLimit<'a>>,
}

impl<'a> Census<'a> {
    fn new(meter: Meter<'a>, soft: Option<SoftLimit<'a>>) -> Census<'a> {
        Census {
            meter,
            unreported: 0,
            nodes: 0,
            stack: Vec::with_capacity(128),
            counters: Counters::default(),
            starts: Vec::new(),
            root_value: None,
            soft,
        }
    }

    fn flush(&mut self) {
        self.meter.add(self.unreported);
        self.unreported = 0;
    }
}

impl Tracer for Census<'_> {
    fn begin_iteration(&mut self, depth: i32) {
        // Aspiration re-searches start the same iteration again: keep the first start.
        if self.starts.last().is_some_and(|s| s.0 == depth) {
            return;
        }
        if let Some(s) = &mut self.soft
            && !self.starts.is_empty()
            && s.stopped_at.is_none()
            && (self.nodes >= s.nodes
                || self
                    .root_value
                    .is_some_and(|v| v.abs() >= ChessPos::MATE_BOUND))
        {
            s.stop.set(true);
            s.stopped_at = Some(depth);
        }
        self.starts.push((depth, self.counters.clone(), self.nodes));
    }

    #[inline]
    fn enter(&mut self, e: &Enter) {
        self.nodes += 1;
        self.unreported += 1;
        if self.unreported >= 1 << 14 {
            self.flush();
        }
        self.stack.push(Frame {
            quiescence: e.depth <= 0 || e.kind == NodeKind::Quiescence,
            moves: 0,
        });
    }

    #[inline]
    fn moves_generated(&mut self, count: u32) {
        if let Some(f) = self.stack.last_mut() {
            f.moves = count;
        }
    }

    #[inline]
    fn exit(&mut self, x: &Exit) {
        let Some(f) = self.stack.pop() else {
            return;
        };
        if self.stack.is_empty() {
            self.root_value = Some(x.value);
        }
        let c = &mut self.counters;
        match x.reason {
            StopReason::BetaCutoff => {
                let first = x.best_index == Some(0);
                if f.quiescence {
                    c.q_cutoffs += 1;
                    c.q_first_cutoffs += u64::from(first);
                } else {
                    c.cutoffs += 1;
                    c.first_cutoffs += u64::from(first);
                }
            }
            StopReason::AllMoves
                if x.bound == Bound::Upper && !f.quiescence && f.moves >= FIG6_MIN_MOVES =>
            {
                if let Some(i) = x.best_index {
                    c.all_nodes += 1;
                    c.all_best[(i as usize).min(FIG6_BINS)] += 1;
                }
            }
            _ => {}
        }
    }

    fn null_verdict(&mut self, _value: Value, _beta: Value, verdict: NullVerdict) {
        match verdict {
            NullVerdict::Cutoff => self.counters.null_cutoffs += 1,
            NullVerdict::Verify => self.counters.null_verified += 1,
            _ => {}
        }
    }

    fn zugzwang(&mut self, _value: Value, _beta: Value) {
        self.counters.zugzwangs += 1;
    }

    fn presearch(&mut self, _old: i32, _new: i32, _tt_iteration: u32) {
        self.counters.presearches += 1;
    }

    fn uncertainty_cutoff(&mut self, _tried: u32, _limit: u32) {
        self.counters.uc_cutoffs += 1;
    }

    fn research(&mut self) {
        self.counters.researches += 1;
    }
}

/// A chess position that offers no moves once `stop` is set: the root of every iteration
/// after the stop then ends at once (one node, discarded), which is how the soft node limit
/// ends iterative deepening from outside the search. Until then it is the position itself;
/// the tests check that searches through it equal searches of the bare position.
///
/// `root_only` restricts the root (and only the root) to one move: the exact value of that move
/// by the same search, for checking that two best moves are tied.
#[derive(Clone)]
struct Halting<'a> {
    pos: ChessPos,
    stop: &'a Cell<bool>,
    root_only: Option<shakmaty::Move>,
}

impl Game for Halting<'_> {
    type Move = shakmaty::Move;
    const MATE_BOUND: Value = ChessPos::MATE_BOUND;

    #[inline]
    fn legal_moves(&self, out: &mut Vec<Self::Move>) {
        if self.stop.get() {
            return;
        }
        match self.root_only {
            Some(only) => out.push(only),
            None => self.pos.legal_moves(out),
        }
    }
    #[inline]
    fn play(&self, mv: Self::Move) -> Self {
        Halting {
            pos: self.pos.play(mv),
            stop: self.stop,
            root_only: None,
        }
    }
    #[inline]
    fn evaluate(&self) -> Value {
        self.pos.evaluate()
    }
    #[inline]
    fn no_moves_value(&self, ply: u32) -> Value {
        self.pos.no_moves_value(ply)
    }
    #[inline]
    fn key(&self) -> u64 {
        self.pos.key()
    }
    #[inline]
    fn is_rule_draw(&self) -> bool {
        self.pos.is_rule_draw()
    }
    #[inline]
    fn repetition_horizon(&self) -> u32 {
        self.pos.repetition_horizon()
    }
    #[inline]
    fn in_check(&self) -> bool {
        self.pos.in_check()
    }
    #[inline]
    fn is_leaf(&self) -> bool {
        self.pos.is_leaf()
    }
    #[inline]
    fn move_facts(&self, mv: Self::Move) -> MoveFacts {
        self.pos.move_facts(mv)
    }
    #[inline]
    fn see(&self, mv: Self::Move) -> Value {
        self.pos.see(mv)
    }
    #[inline]
    fn noisy_moves(&self, out: &mut Vec<Self::Move>) {
        if !self.stop.get() {
            self.pos.noisy_moves(out);
        }
    }
    #[inline]
    fn null_move(&self) -> Option<Self> {
        self.pos.null_move().map(|pos| Halting {
            pos,
            stop: self.stop,
            root_only: None,
        })
    }
    #[inline]
    fn zugzwang_likely(&self) -> bool {
        self.pos.zugzwang_likely()
    }
    #[inline]
    fn pieces(&self) -> Option<u32> {
        self.pos.pieces()
    }
    #[inline]
    fn side(&self) -> usize {
        self.pos.side()
    }
    #[inline]
    fn move_code(&self, mv: Self::Move, index: usize) -> u16 {
        self.pos.move_code(mv, index)
    }
}

/// One finished iteration: everything a table needs about the search to this depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterRun {
    pub depth: u32,
    /// Nodes of the whole iterative search up to and including this iteration.
    pub nodes: u64,
    pub value: Value,
    /// The best root move in SAN.
    pub best: Option<String>,
    /// The census through this iteration.
    pub counters: Counters,
}

/// A finished (or capped) iterative search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub iterations: Vec<IterRun>,
    /// The node cap stopped the search inside an iteration.
    pub capped: bool,
    /// The root value of the last iteration is uncertain (unsafe uncertainty cut-offs).
    pub uncertain: bool,
}

impl Run {
    /// The iteration at `depth`, if it finished.
    pub fn at(&self, depth: u32) -> Option<&IterRun> {
        self.iterations.iter().find(|i| i.depth == depth)
    }

    /// The deepest finished iteration.
    pub fn last(&self) -> Option<&IterRun> {
        self.iterations.last()
    }

    /// Whether the best move at `depth` is one of `bm`.
    pub fn solved_at(&self, depth: u32, bm: &[String]) -> bool {
        self.at(depth)
            .and_then(|i| i.best.as_deref())
            .is_some_and(|m| super::is_best_move(m, bm))
    }
}

/// Searches `pos` iteratively to `cfg.depth`, counting with the census. With `soft_nodes`,
/// no iteration starts once that many nodes were searched or a mate was found (Hlynka &
/// Schaeffer's method); `cfg.depth` is then only a ceiling.
pub fn search(pos: &ChessPos, cfg: &SearchConfig, meter: Meter, soft_nodes: Option<u64>) -> Run {
    search_from(pos, None, cfg, meter, soft_nodes)
}

/// The value of the root move `san` alone, by the same search as [`search`] with every other
/// root move left out; `None` if `san` is not a legal move here.
pub fn search_move(pos: &ChessPos, san: &str, cfg: &SearchConfig, meter: Meter) -> Option<Run> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mv = moves
        .into_iter()
        .find(|&m| super::is_best_move(&pos.san(m), &[san.to_string()]))?;
    Some(search_from(pos, Some(mv), cfg, meter, None))
}

fn search_from(
    pos: &ChessPos,
    root_only: Option<shakmaty::Move>,
    cfg: &SearchConfig,
    meter: Meter,
    soft_nodes: Option<u64>,
) -> Run {
    let stop = Cell::new(false);
    let soft = soft_nodes.map(|nodes| SoftLimit {
        nodes,
        stop: &stop,
        stopped_at: None,
    });
    let mut census = Census::new(meter, soft);
    let root = Halting {
        pos: pos.clone(),
        stop: &stop,
        root_only,
    };
    let result = Searcher::new(cfg.clone(), &mut census).run(&root);
    census.flush();
    let stopped_at = census.soft.as_ref().and_then(|s| s.stopped_at);
    let mut iterations = Vec::new();
    let mut nodes = 0;
    for it in &result.iterations {
        if stopped_at.is_some_and(|d| it.depth >= d) {
            break;
        }
        nodes += it.nodes;
        // The census through this iteration is what it had when the next one started, or
        // at the end.
        let counters = census
            .starts
            .iter()
            .find(|s| s.0 == it.depth + 1)
            .map_or_else(|| census.counters.clone(), |s| s.1.clone());
        iterations.push(IterRun {
            depth: it.depth as u32,
            nodes,
            value: it.value,
            best: it.best_move.map(|m| pos.san(m)),
            counters,
        });
    }
    Run {
        iterations,
        capped: result.aborted(),
        uncertain: result.uncertain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::config;
    use crate::run::Input;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";

    #[test]
    fn a_census_search_equals_the_plain_search() {
        let pos = ChessPos::from_fen(KIWIPETE).unwrap();
        let prepared = Input::Chess {
            fen: KIWIPETE.to_string(),
        }
        .prepare()
        .unwrap();
        for enable in [
            &crate::experiments::TURK_BASELINE[..],
            &["tt", "tt_move", "presearch", "null_move", "verified_null"][..],
            &["tt", "killers", "refutation", "aspiration", "mc_c", "mc_a"][..],
        ] {
            let cfg = config(4, enable).unwrap();
            let plain = prepared.search_untraced(&cfg).unwrap();
            let run = search(&pos, &cfg, Meter::default(), None);
            let last = run.last().unwrap();
            assert_eq!(last.nodes, plain.nodes, "{enable:?}");
            assert_eq!(Some(last.value), plain.value, "{enable:?}");
            assert_eq!(
                last.best.as_ref(),
                plain.best_line_san.first(),
                "{enable:?}"
            );
            let cum: Vec<u64> = plain
                .iterations
                .iter()
                .scan(0, |s, i| {
                    *s += i.nodes;
                    Some(*s)
                })
                .collect();
            let ours: Vec<u64> = run.iterations.iter().map(|i| i.nodes).collect();
            assert_eq!(ours, cum, "{enable:?}");
        }
    }

    #[test]
    fn earlier_iterations_are_the_shallower_searches() {
        // What lets one search per configuration serve every depth of a table.
        let pos = ChessPos::from_fen(KIWIPETE).unwrap();
        let enable = [
            "tt",
            "tt_move",
            "mvv_lva",
            "history",
            "quiescence",
            "presearch",
        ];
        let deep = search(&pos, &config(5, &enable).unwrap(), Meter::default(), None);
        for d in 1..5 {
            let shallow = search(&pos, &config(d, &enable).unwrap(), Meter::default(), None);
            assert_eq!(shallow.last(), deep.at(d), "depth {d}");
        }
    }

    #[test]
    fn the_soft_limit_finishes_the_iteration_under_way() {
        let pos = ChessPos::from_fen(KIWIPETE).unwrap();
        let cfg = config(30, &["tt", "tt_move", "mvv_lva", "history"]).unwrap();
        let full = search(
            &pos,
            &config(6, &["tt", "tt_move", "mvv_lva", "history"]).unwrap(),
            Meter::default(),
            None,
        );
        let limit = full.at(4).unwrap().nodes + 1;
        let run = search(&pos, &cfg, Meter::default(), Some(limit));
        // Depth 4 ends below the limit, so depth 5 runs to its end, and nothing after it.
        assert_eq!(run.last().unwrap().depth, 5);
        assert_eq!(run.iterations[..], full.iterations[..5]);
        assert!(!run.capped);
    }

    #[test]
    fn the_soft_limit_stops_at_a_mate() {
        let pos = ChessPos::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - -").unwrap();
        let run = search(
            &pos,
            &config(20, &["tt"]).unwrap(),
            Meter::default(),
            Some(u64::MAX),
        );
        let last = run.last().unwrap();
        assert!(last.value >= ChessPos::MATE_BOUND);
        assert!(last.depth < 5, "stopped at depth {}", last.depth);
    }

    #[test]
    fn the_census_counts_first_move_cutoffs_and_all_nodes() {
        let pos = ChessPos::from_fen(KIWIPETE).unwrap();
        let cfg = config(4, &["tt", "tt_move", "mvv_lva", "history", "quiescence"]).unwrap();
        let (summary, rec) = Input::Chess {
            fen: KIWIPETE.to_string(),
        }
        .prepare()
        .unwrap()
        .search_traced(&cfg, 0)
        .unwrap();
        let run = search(&pos, &cfg, Meter::default(), None);
        let c = &run.last().unwrap().counters;
        assert_eq!(run.last().unwrap().nodes, summary.nodes);
        // The recorded trace says the same, counted independently from its records.
        let plies = crate::trace::record::plies(&rec.nodes);
        let (mut cut, mut first, mut all, mut hist) = (0, 0, 0, [0u64; FIG6_BINS + 1]);
        for n in &rec.nodes {
            let horizon = n.depth <= 0;
            if n.reason() == StopReason::BetaCutoff && !horizon {
                cut += 1;
                first += u64::from(n.best_index == 0);
            }
            if n.reason() == StopReason::AllMoves
                && n.bound() == Bound::Upper
                && !horizon
                && n.n_moves as u32 >= FIG6_MIN_MOVES
                && let Some(i) = n.best_index()
            {
                all += 1;
                hist[(i as usize).min(FIG6_BINS)] += 1;
            }
        }
        assert!(plies.len() as u64 == summary.nodes);
        assert_eq!((c.cutoffs, c.first_cutoffs), (cut, first));
        assert_eq!(c.all_nodes, all);
        assert_eq!(c.all_best, hist);
        assert!(c.cutoffs > 0 && c.all_nodes > 0);
    }
}
