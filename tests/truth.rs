//! The trace never lies: every search's value, best line, windows, bounds, types and stop
//! reasons are checked against independent textbook implementations written here, on
//! thousands of seeded random trees, for every algorithm and every technique that applies.
//!
//! - `textbook_minimax`: negamax minimax with the first maximum as the best move: the value and
//!   the best line every algorithm must report when it searches moves in generation order.
//! - `check_trace`: recomputes every finished node from its recorded children by the rules of
//!   fail-soft negamax (alpha-beta: Knuth & Moore's F2; PVS: NegaScout with re-searches) and
//!   compares value, bound, best move, stop reason, child windows and expected types.
//! - `line_reaches_the_value`: the best line is legal and runs from the root to the leaf (or
//!   horizon node) whose value the root returns, or, for NegaScout (`pvs`), to the node where
//!   it proved the value without the line below (`line_proven_to`).
//! - `textbook_ab_tt`: alpha-beta with a transposition table, for the TT's guarantee on trees
//!   with transpositions.

use prunescope::Game;
use prunescope::game::synthetic::{Ordering, Rng, SynthParams};
use prunescope::game::tree::{Shape, Tree};
use prunescope::game::{INF, Value};
use prunescope::schema::{Bound, NONE16, NodeKind, NodeType, StopReason};
use prunescope::search::config::{Algorithm, SearchConfig};
use prunescope::search::window::Window;
use prunescope::search::{SearchResult, Searcher, StopCause};
use prunescope::trace::record::{NodeRec, Recorder};
use prunescope::trace::stats::{StatsTracer, TraceStats};

// ---------------------------------------------------------------------------------------------
// Textbook searches
// ---------------------------------------------------------------------------------------------

/// Negamax minimax to `depth` (or the leaves), with the first move of maximal value as the best
/// move: (value, best line).
fn textbook_minimax<G: Game>(pos: &G, depth: i32) -> (Value, Vec<G::Move>) {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        let v = if pos.is_leaf() {
            pos.evaluate()
        } else {
            pos.no_moves_value(0)
        };
        return (v, Vec::new());
    }
    if depth <= 0 {
        return (pos.evaluate(), Vec::new());
    }
    let mut best = (-INF, Vec::new());
    for &m in &moves {
        let (v, line) = textbook_minimax(&pos.play(m), depth - 1);
        if -v > best.0 {
            let mut l = vec![m];
            l.extend(line);
            best = (-v, l);
        }
    }
    best
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

fn cfg(algo: Algorithm, enable: &[&str]) -> SearchConfig {
    let mut c = SearchConfig {
        algo,
        ..SearchConfig::default()
    };
    for e in enable {
        c.enable(e).unwrap();
    }
    c
}

/// A random synthetic tree: branching, depth, ordering, random branching and transpositions
/// all drawn from `rng`.
fn random_synth(rng: &mut Rng, transpositions: bool) -> SynthParams {
    let ordering = match rng.below(4) {
        0 => Ordering::Best,
        1 => Ordering::Worst,
        2 => Ordering::Random,
        _ => Ordering::P(0.7),
    };
    SynthParams {
        branching: 1 + rng.below(4) as u32,
        depth: 1 + rng.below(5) as u32,
        seed: rng.next_u64(),
        ordering,
        random_branching: rng.below(2) == 0,
        transpositions,
    }
}

/// Configurations that search moves in generation order: their best line must be the textbook
/// one.
fn plain_configs() -> Vec<SearchConfig> {
    Algorithm::ALL.iter().map(|&a| cfg(a, &[])).collect()
}

/// Every technique that acts on trees, alone and together, for alpha-beta and PVS (the
/// forward-pruning ones with small parameters so they fire on small trees).
fn technique_configs() -> Vec<SearchConfig> {
    let mut v = Vec::new();
    for algo in [Algorithm::AlphaBeta, Algorithm::Pvs, Algorithm::PvsFull] {
        for e in [
            &["tt"][..],
            &["tt", "tt_move"],
            &["killers", "history", "history_aging", "refutation"],
            &["tt", "tt_move", "killers", "history"],
            &["mc_c"],
            &["mc_c", "mc_a"],
            &["lmr"],
            &["lmr", "mc_c", "tt", "tt_move"],
        ] {
            let mut c = cfg(algo, e);
            c.multi_cut.m = 3;
            c.multi_cut.c = 2;
            c.multi_cut.r = 1;
            c.lmr.k = 1;
            c.tt.size_log2 = 10;
            v.push(c);
        }
    }
    for e in [
        &["uc_safe"][..],
        &["uc_general"],
        &["uc_all"],
        &["uc_general", "tt", "tt_move", "history"],
    ] {
        for algo in [Algorithm::Pvs, Algorithm::PvsFull] {
            let mut c = cfg(algo, e);
            c.uncertainty.cut_ratio = 0.3;
            v.push(c);
        }
    }
    v
}

/// Iterative configurations for synthetic trees (aspiration windows and pre-search need
/// iterative deepening).
fn iterative_configs() -> Vec<SearchConfig> {
    let mut v = Vec::new();
    for algo in [Algorithm::AlphaBeta, Algorithm::Pvs, Algorithm::PvsFull] {
        for e in [
            &["tt", "tt_move"][..],
            &["aspiration"],
            &["aspiration", "tt", "tt_move", "killers", "history"],
            &["tt", "presearch"],
        ] {
            let mut c = cfg(algo, e);
            c.iterative = true;
            c.aspiration.width = 3;
            c.presearch.near_leaf = 1;
            c.tt.size_log2 = 10;
            v.push(c);
        }
    }
    v
}

/// Forward pruning and the unsafe uncertainty cut-offs may change the value.
fn may_change_value(c: &SearchConfig) -> bool {
    c.forward_pruning()
        || c.uncertainty.mode == prunescope::search::config::UncertaintyMode::UnsafeAll
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

/// The best line is legal and is the chain of best moves of the trace's last root search,
/// down to the node where the root's value came from; if that node is a leaf, a horizon node or
/// a terminal position, its static value (from the root's side) is the root's value.
fn line_reaches_the_value<G: Game>(
    root: &G,
    r: &SearchResult<G::Move>,
    rec: &Recorder,
    what: &str,
) {
    let mut pos = root.clone();
    let mut codes = Vec::new();
    for (i, &m) in r.pv.iter().enumerate() {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let at = moves.iter().position(|&x| x == m);
        let at = at.unwrap_or_else(|| panic!("{what}: move {i} of the best line is illegal"));
        codes.push(pos.move_code(m, at));
        pos = pos.play(m);
    }
    // The chain of best moves in the trace.
    let kids = children(rec);
    let mut id = *rec.roots.last().expect("a root") as usize;
    let mut chain = Vec::new();
    // NegaScout may prove the value without the line below a node (`line_proven_to`): the
    // chain of best moves is the line only down to there.
    while let Some(bi) = rec.nodes[id]
        .best_index()
        .filter(|_| r.line_proven_to != Some(id as u64))
    {
        let next = kids[id]
            .iter()
            .rev()
            .map(|&k| k as usize)
            .find(|&k| {
                let n = &rec.nodes[k];
                n.index as u32 == bi && !matches!(n.node_kind(), NodeKind::Null | NodeKind::McProbe)
            })
            .unwrap_or_else(|| panic!("{what}: node {id}'s best move has no child"));
        assert_eq!(
            rec.nodes[next].value, -rec.nodes[id].value,
            "{what}: node {next}"
        );
        chain.push(rec.nodes[next].move_code);
        id = next;
    }
    assert_eq!(
        codes, chain,
        "{what}: the best line is not the chain of best moves"
    );
    let sign = if codes.len() % 2 == 0 { 1 } else { -1 };
    assert_eq!(
        Some(sign * rec.nodes[id].value),
        r.value,
        "{what}: value at the end of the line"
    );
    let end = &rec.nodes[id];
    if matches!(end.reason(), StopReason::Leaf | StopReason::Terminal) {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let stat = if moves.is_empty() && !pos.is_leaf() {
            pos.no_moves_value(r.pv.len() as u32)
        } else {
            pos.evaluate()
        };
        assert_eq!(
            Some(sign * stat),
            r.value,
            "{what}: the best line ({} moves) ends at a position worth {}, the root says {:?}",
            r.pv.len(),
            sign * stat,
            r.value
        );
    }
}

/// The search's best line is the textbook one; NegaScout's (`pvs`) may stop short of it where
/// it proved the value without the line (tests/pvs.rs checks where), every other form's
/// reaches the leaf.
fn same_line<M: PartialEq + std::fmt::Debug>(
    r: &SearchResult<M>,
    line: &[M],
    c: &SearchConfig,
    what: &str,
) {
    if c.algo == Algorithm::Pvs && r.line_proven_to.is_some() {
        assert!(line.starts_with(&r.pv), "{what}: best line {:?}", r.pv);
        assert!(
            r.pv.len() < line.len(),
            "{what}: a full line called unproven"
        );
    } else {
        assert_eq!(r.pv, line, "{what}: best line");
    }
}

fn children(rec: &Recorder) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new(); rec.nodes.len()];
    for (id, n) in rec.nodes.iter().enumerate() {
        if !n.is_root() {
            out[n.parent as usize].push(id as u32);
        }
    }
    out
}

fn window(n: &NodeRec) -> Window {
    Window::new(n.alpha, n.beta)
}

/// Recomputes every finished node from its recorded children by the textbook rules and
/// compares. `forward`: forward pruning is on (children's windows are then not checked, as
/// remedies change them).
fn check_trace(rec: &Recorder, c: &SearchConfig, what: &str) {
    let kids = children(rec);
    let mut pruned_events = vec![0usize; rec.nodes.len()];
    for e in rec.replay() {
        if e.kind == prunescope::schema::EventKind::Prune {
            pruned_events[e.node.unwrap() as usize] += 1;
        }
    }
    for (id, n) in rec.nodes.iter().enumerate() {
        let at = format!("{what}: node {id}");
        assert!(n.exited(), "{at} never exited");
        let reason = n.reason();
        if reason == StopReason::Aborted {
            continue;
        }
        assert_eq!(n.bound(), window(n).bound_of(n.value), "{at}: bound");
        let ks = &kids[id];
        let null: Vec<&NodeRec> = ks
            .iter()
            .map(|&k| &rec.nodes[k as usize])
            .filter(|k| k.node_kind() == NodeKind::Null)
            .collect();
        let probes: Vec<&NodeRec> = ks
            .iter()
            .map(|&k| &rec.nodes[k as usize])
            .filter(|k| k.node_kind() == NodeKind::McProbe)
            .collect();
        // Moves: the last search of each move (a re-search supersedes its scout).
        let mut moves: Vec<(u16, &NodeRec, Vec<&NodeRec>)> = Vec::new();
        for &k in ks {
            let ch = &rec.nodes[k as usize];
            if matches!(ch.node_kind(), NodeKind::Null | NodeKind::McProbe) {
                continue;
            }
            match moves.last_mut() {
                Some(last) if last.0 == ch.index => {
                    assert!(
                        ch.is_research() || ch.node_kind() == NodeKind::LmrResearch,
                        "{at}: move {} searched twice without a re-search",
                        ch.index
                    );
                    last.2.push(last.1);
                    last.1 = ch;
                }
                _ => {
                    assert!(
                        moves.iter().all(|m| m.0 != ch.index),
                        "{at}: move {} searched again later",
                        ch.index
                    );
                    moves.push((ch.index, ch, Vec::new()));
                }
            }
        }
        // Every child is expected by Knuth & Moore's rule; a re-search is a PV node.
        for (index, last, earlier) in &moves {
            for ch in earlier.iter().chain([last]) {
                let want = if ch.is_research() && ch.node_kind() != NodeKind::LmrResearch {
                    NodeType::Pv
                } else {
                    n.expected().child(*index == 0)
                };
                assert_eq!(ch.expected(), want, "{at}: expected type of move {index}");
            }
        }
        for ch in &null {
            assert_eq!(ch.expected(), n.expected().child(false), "{at}: null child");
        }
        let value_of = |ch: &NodeRec| -ch.value;
        match reason {
            StopReason::Leaf | StopReason::Terminal | StopReason::Draw | StopReason::Repetition => {
                assert!(ks.is_empty(), "{at}: a {} node has children", reason.name());
            }
            StopReason::TtCutoff => {
                assert!(ks.is_empty(), "{at}: a TT cut-off has children");
                assert_ne!(n.expected(), NodeType::Pv, "{at}: TT cut-off at a PV node");
            }
            StopReason::NullMoveCutoff => {
                assert!(moves.is_empty() && probes.is_empty(), "{at}");
                assert_eq!(null.len(), 1, "{at}: one null-move search");
                assert!(
                    value_of(null[0]) >= n.beta,
                    "{at}: the null move failed high"
                );
            }
            StopReason::MultiCut => {
                assert!(moves.is_empty(), "{at}: multi-cut searched moves");
                let cuts = probes.iter().filter(|p| value_of(p) >= n.beta).count();
                assert!(
                    cuts as u32 >= c.multi_cut.c,
                    "{at}: only {cuts} probes failed high"
                );
                assert_eq!(n.value, n.beta, "{at}: multi-cut returns β (remedy 1)");
            }
            StopReason::BetaCutoff | StopReason::AllMoves | StopReason::UncertaintyCutoff
                if c.quiescence.enabled && n.depth <= 0 =>
            {
                // Quiescence: the stand-pat evaluation is a lower bound besides the moves.
                let best = moves.iter().map(|(_, ch, _)| value_of(ch)).max();
                assert!(
                    best.is_none_or(|b| n.value >= b),
                    "{at}: below a child's value"
                );
                if let Some(bi) = n.best_index() {
                    let (_, ch, _) = moves.iter().find(|m| m.0 as u32 == bi).expect("best child");
                    assert_eq!(value_of(ch), n.value, "{at}: best move's value");
                }
                if reason == StopReason::BetaCutoff {
                    assert!(n.value >= n.beta, "{at}: cut-off below β");
                }
            }
            StopReason::BetaCutoff | StopReason::AllMoves | StopReason::UncertaintyCutoff => {
                assert!(!moves.is_empty(), "{at}: no move searched");
                // The value is the first maximum of the moves' values.
                let mut best = (-INF, usize::MAX);
                for (k, (_, ch, _)) in moves.iter().enumerate() {
                    if value_of(ch) > best.0 {
                        best = (value_of(ch), k);
                    }
                }
                assert_eq!(n.value, best.0, "{at}: value is not the best child's");
                let best_index = moves[best.1].0 as u32;
                assert_eq!(n.best_index(), Some(best_index), "{at}: best move");
                if reason == StopReason::BetaCutoff {
                    assert!(n.value >= n.beta, "{at}: cut-off below β");
                    assert_eq!(
                        best.1,
                        moves.len() - 1,
                        "{at}: moves searched after the cut"
                    );
                } else {
                    assert!(
                        moves.iter().all(|(_, ch, _)| value_of(ch) < n.beta),
                        "{at}: a move reached β without a cut-off"
                    );
                }
                if reason != StopReason::BetaCutoff {
                    assert_eq!(
                        moves.len() + pruned_events[id],
                        n.n_moves as usize,
                        "{at}: every move is searched or pruned with a reason"
                    );
                }
                if !may_change_value(c) {
                    check_windows(n, &moves, c, &at);
                }
            }
            StopReason::StandPat | StopReason::Aborted => {}
            StopReason::ChanceFailLow | StopReason::ChanceFailHigh | StopReason::Probe => {
                panic!("{at}: a chance search's reason in a search without chance nodes")
            }
        }
    }
}

/// The scout's value (parent's view) lies strictly inside `(alpha, beta)`.
fn scout_inside(scout: &NodeRec, alpha: Value, beta: Value) -> bool {
    -scout.value > alpha && -scout.value < beta
}

/// Each move's window by the algorithm's rule, with α raised by the moves before it.
fn check_windows(
    n: &NodeRec,
    moves: &[(u16, &NodeRec, Vec<&NodeRec>)],
    c: &SearchConfig,
    at: &str,
) {
    let mut alpha = n.alpha;
    for (k, (index, last, earlier)) in moves.iter().enumerate() {
        let searches: Vec<&NodeRec> = earlier.iter().copied().chain([*last]).collect();
        let first = searches[0];
        let parent_view = |ch: &NodeRec| window(ch).negate();
        match c.algo {
            Algorithm::Minimax => assert_eq!(window(first), Window::FULL, "{at}: move {index}"),
            Algorithm::AlphaBeta => assert_eq!(
                parent_view(first),
                Window::new(alpha, n.beta),
                "{at}: alpha-beta window of move {index}"
            ),
            Algorithm::Pvs | Algorithm::PvsFull if k == 0 => assert_eq!(
                parent_view(first),
                Window::new(alpha, n.beta),
                "{at}: PVS first move {index}"
            ),
            Algorithm::Pvs | Algorithm::PvsFull => {
                assert_eq!(
                    parent_view(first),
                    Window::null_at(alpha),
                    "{at}: PVS scout of move {index}"
                );
                if let Some(re) = searches.get(1) {
                    let scout = -first.value;
                    assert!(
                        scout > alpha && scout < n.beta || first.uncertain(),
                        "{at}: re-search of move {index} after a scout outside the window"
                    );
                    let w = parent_view(re);
                    assert_eq!(w.beta, n.beta, "{at}: re-search β");
                    // NegaScout re-searches with (t, β), Fig. 4 with (α, β); an unsure scout
                    // with (α, β) in both (seed 001's `pvs`).
                    let lo = if c.algo == Algorithm::Pvs && !first.uncertain() {
                        scout
                    } else {
                        alpha
                    };
                    assert_eq!(w.alpha, lo, "{at}: re-search α for scout {scout}");
                } else if scout_inside(first, alpha, n.beta) {
                    // Only NegaScout's depth condition skips it, and only with no technique.
                    assert!(
                        c.algo == Algorithm::Pvs && !c.any_technique(),
                        "{at}: scout of move {index} inside the window, not re-searched"
                    );
                }
            }
        }
        let v = -last.value;
        if c.algo != Algorithm::Minimax && v > alpha {
            alpha = v;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------------------------

fn search<G: Game>(
    c: &SearchConfig,
    root: &G,
    to_leaves: bool,
) -> (SearchResult<G::Move>, Recorder) {
    let mut rec = Recorder::new();
    let s = Searcher::new(c.clone(), &mut rec);
    let r = if to_leaves {
        s.run_to_leaves(root)
    } else {
        s.run(root)
    };
    (r, rec)
}

#[test]
fn plain_searches_report_the_textbook_value_and_line_on_explicit_trees() {
    let mut rng = Rng::new(20_261_122);
    for case in 0..3000 {
        let shape = Shape::random(&mut rng, 1 + (case % 6), 4, 20);
        let tree = Tree::from_shape(&shape);
        let (value, line) = textbook_minimax(&tree.root(), i32::MAX);
        for c in plain_configs() {
            let what = format!("{} on {}", c.algo.name(), shape.to_text());
            let (r, rec) = search(&c, &tree.root(), true);
            assert_eq!(r.value, Some(value), "{what}");
            same_line(&r, &line, &c, &what);
            line_reaches_the_value(&tree.root(), &r, &rec, &what);
            check_trace(&rec, &c, &what);
        }
    }
}

#[test]
fn plain_searches_report_the_textbook_value_and_line_on_synthetic_trees() {
    let mut rng = Rng::new(77);
    for _ in 0..1500 {
        let transpositions = rng.below(3) == 0;
        let p = random_synth(&mut rng, transpositions);
        let (value, line) = textbook_minimax(&p.root(), p.depth as i32);
        for c in plain_configs() {
            let c = SearchConfig {
                depth: p.depth,
                ..c
            };
            let what = format!("{} on {p:?}", c.algo.name());
            let (r, rec) = search(&c, &p.root(), false);
            assert_eq!(r.value, Some(value), "{what}");
            same_line(&r, &line, &c, &what);
            check_trace(&rec, &c, &what);
        }
    }
}

#[test]
fn every_technique_keeps_the_trace_true_on_explicit_trees() {
    let mut rng = Rng::new(31337);
    let configs = technique_configs();
    for case in 0..1200 {
        let shape = Shape::random(&mut rng, 2 + (case % 5), 5, 30);
        let tree = Tree::from_shape(&shape);
        let (value, _) = textbook_minimax(&tree.root(), i32::MAX);
        for c in &configs {
            let what = format!("{c:?} on {}", shape.to_text());
            let (r, rec) = search(c, &tree.root(), true);
            if !may_change_value(c) {
                assert_eq!(r.value, Some(value), "{what}");
            }
            if !r.uncertain {
                line_reaches_the_value(&tree.root(), &r, &rec, &what);
            }
            check_trace(&rec, c, &what);
        }
    }
}

#[test]
fn every_technique_keeps_the_trace_true_on_synthetic_trees() {
    let mut rng = Rng::new(4711);
    let mut configs = technique_configs();
    configs.extend(iterative_configs());
    for _ in 0..500 {
        let p = random_synth(&mut rng, false);
        let (value, _) = textbook_minimax(&p.root(), p.depth as i32);
        for c in &configs {
            let c = SearchConfig {
                depth: p.depth,
                ..c.clone()
            };
            let what = format!("{c:?} on {p:?}");
            let (r, rec) = search(&c, &p.root(), false);
            if !may_change_value(&c) {
                assert_eq!(r.value, Some(value), "{what}");
            }
            if !r.uncertain {
                line_reaches_the_value(&p.root(), &r, &rec, &what);
            }
            check_trace(&rec, &c, &what);
        }
    }
}

/// docs/techniques.md, "What the transposition table guarantees": without transpositions every
/// position has its own key and the TT never changes the value; with them, the value is the
/// textbook alpha-beta-with-TT value, which equals minimax whenever no position is reused at a
/// smaller remaining depth than it was stored with.
#[test]
fn the_transposition_table_keeps_its_documented_guarantee() {
    let mut rng = Rng::new(19);
    let (mut equal, mut reused_deeper) = (0, 0);
    for case in 0..1500 {
        let p = SynthParams {
            branching: 2 + case % 2,
            depth: 4 + case % 4,
            ..random_synth(&mut rng, true)
        };
        let (value, _) = textbook_minimax(&p.root(), p.depth as i32);
        let c = SearchConfig {
            depth: p.depth,
            ..cfg(Algorithm::AlphaBeta, &["tt"])
        };
        let (r, rec) = search(&c, &p.root(), false);
        let mut table = TextbookTt::new(c.tt.size_log2);
        let textbook = textbook_ab_tt(&p.root(), p.depth as i32, -INF, INF, &mut table);
        assert_eq!(r.value, Some(textbook.0), "{p:?}: alpha-beta with a TT");
        if textbook.1 {
            reused_deeper += 1;
        } else {
            assert_eq!(
                r.value,
                Some(value),
                "{p:?}: no deeper reuse, so minimax's value"
            );
            equal += 1;
        }
        check_trace(&rec, &c, &format!("{p:?}"));
    }
    eprintln!("{equal} trees without deeper reuse, {reused_deeper} with");
    assert!(equal > 500 && reused_deeper > 10, "{equal} {reused_deeper}");
}

/// A direct-mapped transposition table, depth-preferred: an independent copy of the textbook
/// rule (Hsu, slide 13) with the same slot choice as prunescope's.
struct TextbookTt {
    slots: Vec<Option<(u64, Value, i32, Bound)>>,
    mask: u64,
}

impl TextbookTt {
    fn new(size_log2: u32) -> Self {
        TextbookTt {
            slots: vec![None; 1 << size_log2],
            mask: (1 << size_log2) - 1,
        }
    }
}

/// Fail-soft alpha-beta with a transposition table (Hlynka & Schaeffer, Fig. 3, with cut-offs
/// only at nodes off the principal variation, as prunescope does): (value, whether an entry
/// was used at a smaller remaining depth than it was stored with).
fn textbook_ab_tt<G: Game>(
    pos: &G,
    depth: i32,
    alpha: Value,
    beta: Value,
    tt: &mut TextbookTt,
) -> (Value, bool) {
    textbook_ab_tt_node(pos, depth, alpha, beta, NodeType::Pv, tt)
}

fn textbook_ab_tt_node<G: Game>(
    pos: &G,
    depth: i32,
    mut alpha: Value,
    beta: Value,
    expected: NodeType,
    tt: &mut TextbookTt,
) -> (Value, bool) {
    if depth <= 0 {
        return (pos.evaluate(), false);
    }
    let key = pos.key();
    let slot = (key & tt.mask) as usize;
    if let Some((k, v, d, b)) = tt.slots[slot]
        && k == key
        && d >= depth
        && expected != NodeType::Pv
    {
        let cut = match b {
            Bound::Exact => true,
            Bound::Lower => v >= beta,
            Bound::Upper => v <= alpha,
        };
        if cut {
            return (v, d > depth);
        }
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return (pos.evaluate(), false);
    }
    let (a0, mut best, mut deeper) = (alpha, -INF, false);
    for (k, &m) in moves.iter().enumerate() {
        let (v, d) = textbook_ab_tt_node(
            &pos.play(m),
            depth - 1,
            -beta,
            -alpha,
            expected.child(k == 0),
            tt,
        );
        deeper |= d;
        let v = -v;
        if v > best {
            best = v;
        }
        if best > alpha {
            alpha = best;
        }
        if alpha >= beta {
            break;
        }
    }
    let bound = Window::new(a0, beta).bound_of(best);
    match tt.slots[slot] {
        Some((k, _, d, _)) if k != key && d > depth => {}
        _ => tt.slots[slot] = Some((key, best, depth, bound)),
    }
    (best, deeper)
}

#[test]
fn best_lines_reach_their_value_in_chess() {
    let suite = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/data/bk.epd"))
        .expect("the Bratko-Kopec suite");
    let configs: Vec<(&[&str], u32)> = vec![
        (&[], 3),
        (&["tt", "tt_move", "mvv_lva", "killers", "history"], 4),
        (&["tt", "tt_move", "mvv_lva", "quiescence"], 3),
        (
            &["tt", "tt_move", "see_ordering", "killers", "quiescence"],
            3,
        ),
        (&["tt", "tt_move", "null_move", "lmr", "check_extension"], 4),
    ];
    for line in suite.lines().take(12) {
        let fen: Vec<&str> = line.split_whitespace().take(4).collect();
        let pos = prunescope::game::chess::ChessPos::from_fen(&fen.join(" ")).unwrap();
        for (enable, depth) in &configs {
            for algo in [Algorithm::AlphaBeta, Algorithm::Pvs, Algorithm::PvsFull] {
                let c = SearchConfig {
                    depth: *depth,
                    iterative: true,
                    ..cfg(algo, enable)
                };
                let what = format!("{} {enable:?} d{depth} on {}", algo.name(), fen.join(" "));
                let (r, rec) = search(&c, &pos, false);
                line_reaches_the_value(&pos, &r, &rec, &what);
                check_trace(&rec, &c, &what);
            }
        }
    }
}

#[test]
fn statistics_without_nodes_equal_statistics_of_the_recording() {
    let mut rng = Rng::new(5);
    let mut configs = technique_configs();
    configs.extend(iterative_configs());
    for _ in 0..200 {
        let transpositions = rng.below(2) == 0;
        let p = random_synth(&mut rng, transpositions);
        for c in &configs {
            let c = SearchConfig {
                depth: p.depth,
                ..c.clone()
            };
            let (_, rec) = search(&c, &p.root(), false);
            let mut st = StatsTracer::new();
            let _ = Searcher::new(c.clone(), &mut st).run(&p.root());
            assert_eq!(st.finish(), TraceStats::of(&rec), "{c:?} on {p:?}");
        }
    }
}

#[test]
fn the_memory_budget_stops_the_search_within_it() {
    let p = SynthParams {
        branching: 30,
        depth: 6,
        seed: 3,
        ordering: Ordering::Random,
        random_branching: false,
        transpositions: false,
    };
    let c = SearchConfig {
        depth: 6,
        ..cfg(Algorithm::Minimax, &[])
    };
    let budget = 4 << 20;
    let mut rec = Recorder::with_budget(budget);
    let r = Searcher::new(c, &mut rec).run(&p.root());
    assert_eq!(r.stopped, Some(StopCause::MemoryBudget));
    assert_eq!(r.value, None, "no iteration finished");
    assert!(
        rec.heap_bytes() as u64 <= budget,
        "{} > {budget}",
        rec.heap_bytes()
    );
    assert!(
        rec.heap_bytes() as u64 > budget / 2,
        "stopped far below the budget"
    );
    assert!(rec.nodes.iter().all(|n| n.exited()));
    assert_eq!(rec.nodes.len() as u64, r.nodes);
}

#[test]
fn a_search_stopped_before_its_first_iteration_has_no_value() {
    let tree = Tree::parse("((3 12 8) (2 4 6) (14 5 2))").unwrap();
    let c = SearchConfig {
        node_cap: 5,
        ..cfg(Algorithm::AlphaBeta, &[])
    };
    let (r, rec) = search(&c, &tree.root(), true);
    assert_eq!(r.value, None);
    assert_eq!(r.stopped, Some(StopCause::NodeCap));
    assert!(r.pv.is_empty());
    assert_eq!(rec.nodes.len(), 5);
    assert!(rec.nodes.iter().all(|n| n.exited()));
}

#[test]
fn best_indices_are_exact_beyond_255() {
    let leaves: Vec<String> = (0..511)
        .map(|i| if i == 500 { "9".into() } else { "1".into() })
        .collect();
    let tree = Tree::parse(&format!("({})", leaves.join(" "))).unwrap();
    let (r, rec) = search(&cfg(Algorithm::AlphaBeta, &[]), &tree.root(), true);
    assert_eq!(r.value, Some(9));
    assert_eq!(rec.nodes[0].best_index(), Some(500));
    assert_eq!(rec.nodes[0].n_moves, 511);
    assert_eq!(TraceStats::of(&rec).best_index_all.len(), 0);
    let null = NodeRec {
        index: NONE16,
        ..rec.nodes[1]
    };
    assert_eq!(null.move_index(), None);
}

// ---------------------------------------------------------------------------------------------
// MIN at the root (the `min` header of the tree text)
// ---------------------------------------------------------------------------------------------

/// Minimax as the textbooks write it, with MAX and MIN nodes and every value from MAX's view
/// (Russell & Norvig's MINIMAX-VALUE): no negation anywhere, so it shares nothing with the
/// negamax search it checks.
fn textbook_maxmin(shape: &Shape, max_node: bool) -> i64 {
    match shape {
        Shape::Leaf(v) => *v as i64,
        Shape::Node(kids) => {
            let vals = kids.iter().map(|k| textbook_maxmin(k, !max_node));
            if max_node {
                vals.max().unwrap()
            } else {
                vals.min().unwrap()
            }
        }
    }
}

/// Fail-soft alpha-beta in MAX/MIN form (Russell & Norvig's ALPHA-BETA-SEARCH, returning the
/// best value seen rather than the bound), cutting when α ≥ β. Pushes every visited node's
/// value from MAX's view in the order the search enters the nodes (preorder of the visit).
fn textbook_alphabeta(
    shape: &Shape,
    max_node: bool,
    mut alpha: i64,
    mut beta: i64,
    out: &mut Vec<i64>,
) -> i64 {
    let slot = out.len();
    out.push(0);
    let v = match shape {
        Shape::Leaf(v) => *v as i64,
        Shape::Node(kids) => {
            let mut best = if max_node { i64::MIN } else { i64::MAX };
            for k in kids {
                let v = textbook_alphabeta(k, !max_node, alpha, beta, out);
                if max_node {
                    best = best.max(v);
                    alpha = alpha.max(best);
                } else {
                    best = best.min(v);
                    beta = beta.min(best);
                }
                if alpha >= beta {
                    break;
                }
            }
            best
        }
    };
    out[slot] = v;
    v
}

#[test]
fn a_min_root_gives_the_textbook_value_and_alpha_beta_visits_the_textbook_nodes() {
    let mut rng = Rng::new(18_2026);
    for case in 0..3000 {
        let shape = Shape::random(&mut rng, 1 + (case % 6), 4, 20);
        for min_root in [false, true] {
            let text = format!("{}{}", if min_root { "min " } else { "" }, shape.to_text());
            let tree = Tree::parse(&text).unwrap();
            assert_eq!(tree.min_root(), min_root);
            assert_eq!(tree.to_text(), text, "canonical print");
            let expect = textbook_maxmin(&shape, !min_root);
            // The root's side to move is MIN: its negamax value is MAX's value negated.
            let side = if min_root { -1 } else { 1 };
            for c in plain_configs() {
                let what = format!("{} on {text}", c.algo.name());
                let (r, rec) = search(&c, &tree.root(), true);
                assert_eq!(r.value.map(|v| side * v as i64), Some(expect), "{what}");
                line_reaches_the_value(&tree.root(), &r, &rec, &what);
                check_trace(&rec, &c, &what);
                if c.algo != Algorithm::AlphaBeta {
                    continue;
                }
                // Node by node: the same nodes in the same order, with the same values from
                // MAX's view.
                let mut book = Vec::new();
                textbook_alphabeta(&shape, !min_root, i64::MIN, i64::MAX, &mut book);
                assert_eq!(rec.nodes.len(), book.len(), "{what}: nodes visited");
                let mut ply = vec![0usize; rec.nodes.len()];
                for (id, n) in rec.nodes.iter().enumerate() {
                    if id > 0 {
                        ply[id] = ply[n.parent as usize] + 1;
                    }
                    let max_node = (ply[id] % 2 == 0) != min_root;
                    let shown = if max_node { n.value } else { -n.value } as i64;
                    assert_eq!(shown, book[id], "{what}: node {id}");
                }
            }
        }
    }
}

#[test]
fn russell_norvig_under_a_min_root() {
    // MIN chooses among MAX's replies: min(max(3, 12, 8), max(2, 4, 6), max(14, 5, 2)) = 6.
    let tree = Tree::parse("min ((3 12 8) (2 4 6) (14 5 2))").unwrap();
    let c = cfg(Algorithm::AlphaBeta, &[]);
    let (r, rec) = search(&c, &tree.root(), true);
    assert_eq!(r.value, Some(-6));
    // After the second subtree β = 6, and 14 ≥ β cuts the third: the root, 3 subtrees and
    // 3 + 3 + 1 leaves.
    assert_eq!(rec.nodes.len(), 11);
}
