//! The two published null-window forms, each against a textbook implementation written here
//! from its pseudo-code, on thousands of seeded random trees: every node's window, value and
//! whether it is a re-search, in the order the search enters them, and the best line as far as
//! it is proven.
//!
//! - `pvs`: NegaScout as the Chess Programming Wiki gives it (seed 001's `pvs`, fail-soft,
//!   re-search with `(t, β)`), with Reinefeld's depth condition (1983; "d < maxdepth-1"): no
//!   re-search where the scout is exact by construction (a static leaf, or a node whose
//!   children are all static leaves).
//! - `pvs_full`: Björnsson et al. (1997), Fig. 4: re-search with `(α, β)` wherever the scout
//!   lands inside the window, leaves included.
//!
//! The best line is checked twice: against the textbook form's own line, and against the
//! truth, minimax's first best line: the search's line is a prefix of it, and where it is
//! shorter, `line_proven_to` names the node where it stops, which is not a leaf.

use prunescope::Game;
use prunescope::game::synthetic::{Ordering, Rng, SynthParams};
use prunescope::game::tree::{Shape, Tree};
use prunescope::game::{INF, Value};
use prunescope::schema::StopReason;
use prunescope::search::config::{Algorithm, SearchConfig};
use prunescope::search::{SearchResult, Searcher};
use prunescope::trace::record::Recorder;

/// One node as the textbook form enters it: ply, window (side to move's view), whether it is
/// a re-search, and the value it returned.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Visit {
    ply: u32,
    alpha: Value,
    beta: Value,
    research: bool,
    value: Value,
}

struct Textbook {
    algo: Algorithm,
    log: Vec<Visit>,
}

/// A node whose value the search takes without searching a child.
fn is_static<G: Game>(pos: &G, depth: i32) -> bool {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.is_empty() || depth <= 0
}

/// NegaScout's depth condition, structurally: the node is a static leaf, or all its children
/// are.
fn exact_by_construction<G: Game>(pos: &G, depth: i32) -> bool {
    if is_static(pos, depth) {
        return true;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.iter().all(|&m| is_static(&pos.play(m), depth - 1))
}

impl Textbook {
    /// Fail-soft NegaScout in the variant's form: (value, best line as far as proven).
    fn search<G: Game>(
        &mut self,
        pos: &G,
        ply: u32,
        depth: i32,
        alpha: Value,
        beta: Value,
        research: bool,
    ) -> (Value, Vec<G::Move>) {
        let at = self.log.len();
        self.log.push(Visit {
            ply,
            alpha,
            beta,
            research,
            value: 0,
        });
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let (value, line) = if moves.is_empty() {
            let v = if pos.is_leaf() {
                pos.evaluate()
            } else {
                pos.no_moves_value(ply)
            };
            (v, Vec::new())
        } else if depth <= 0 {
            (pos.evaluate(), Vec::new())
        } else {
            self.expand(pos, &moves, ply, depth, alpha, beta)
        };
        self.log[at].value = value;
        (value, line)
    }

    fn expand<G: Game>(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        ply: u32,
        depth: i32,
        alpha: Value,
        beta: Value,
    ) -> (Value, Vec<G::Move>) {
        // CPW / seed 001:
        //   best = -pvs(first, -β, -α)
        //   while next: if best >= β return best; α = max(α, best);
        //     merit = -nws(next, -α); if merit > α && merit < β: merit = -pvs(next, -β, -merit)
        //     best = max(merit, best)
        // Fig. 4 re-searches with (-β, -α) instead.
        let mut best = -INF;
        let mut a = alpha;
        let mut line: Vec<G::Move> = Vec::new();
        for (k, &m) in moves.iter().enumerate() {
            let child = pos.play(m);
            let (t, child_line) = if k == 0 {
                let (v, l) = self.search(&child, ply + 1, depth - 1, -beta, -a, false);
                (-v, l)
            } else {
                let (v, l) = self.search(&child, ply + 1, depth - 1, -(a + 1), -a, false);
                let t = -v;
                let skip = self.algo == Algorithm::Pvs && exact_by_construction(&child, depth - 1);
                if t > a && t < beta && !skip {
                    let lo = if self.algo == Algorithm::Pvs { t } else { a };
                    let (v, l) = self.search(&child, ply + 1, depth - 1, -beta, -lo, true);
                    (-v, l)
                } else {
                    (t, l)
                }
            };
            if t > best {
                best = t;
                if t > a {
                    // The books' triangular PV: a move that raises α takes the line.
                    line = vec![m];
                    line.extend(child_line);
                } else if self.algo == Algorithm::Pvs && is_static(&child, depth - 1) {
                    // An exact static value below α that beats every bound before it.
                    line = vec![m];
                } else {
                    line.clear();
                }
            }
            if best > a {
                a = best;
            }
            if best >= beta {
                break;
            }
        }
        (best, line)
    }
}

/// Negamax minimax with the first move of maximal value: (value, line).
fn minimax<G: Game>(pos: &G, ply: u32, depth: i32) -> (Value, Vec<G::Move>) {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        let v = if pos.is_leaf() {
            pos.evaluate()
        } else {
            pos.no_moves_value(ply)
        };
        return (v, Vec::new());
    }
    if depth <= 0 {
        return (pos.evaluate(), Vec::new());
    }
    let mut best = (-INF, Vec::new());
    for &m in &moves {
        let (v, l) = minimax(&pos.play(m), ply + 1, depth - 1);
        if -v > best.0 {
            let mut line = vec![m];
            line.extend(l);
            best = (-v, line);
        }
    }
    best
}

fn run<G: Game>(
    algo: Algorithm,
    root: &G,
    depth: Option<u32>,
) -> (SearchResult<G::Move>, Recorder) {
    let mut rec = Recorder::new();
    let cfg = SearchConfig {
        algo,
        depth: depth.unwrap_or(4),
        ..SearchConfig::default()
    };
    let s = Searcher::new(cfg, &mut rec);
    let r = match depth {
        Some(_) => s.run(root),
        None => s.run_to_leaves(root),
    };
    (r, rec)
}

/// The trace node at the end of `line`, following the last search of each move from the root.
fn end_of_line(rec: &Recorder, codes: &[u16]) -> usize {
    let mut id = *rec.roots.last().expect("a root") as usize;
    for &code in codes {
        id = (id + 1..rec.nodes.len())
            .rev()
            .find(|&k| rec.nodes[k].parent as usize == id && rec.nodes[k].move_code == code)
            .expect("the line's move was searched");
    }
    id
}

/// Compares one search with its textbook form and with minimax.
fn check<G: Game>(algo: Algorithm, root: &G, depth: Option<u32>, what: &str) {
    let d = depth.map_or(i32::MAX, |d| d as i32);
    let mut tb = Textbook {
        algo,
        log: Vec::new(),
    };
    let (tv, tline) = tb.search(root, 0, d, -INF, INF, false);
    let (r, rec) = run(algo, root, depth);
    // Every node, in entry order.
    let ply = prunescope::trace::record::plies(&rec.nodes);
    let got: Vec<Visit> = rec
        .nodes
        .iter()
        .zip(&ply)
        .map(|(n, &p)| Visit {
            ply: p,
            alpha: n.alpha,
            beta: n.beta,
            research: n.is_research(),
            value: n.value,
        })
        .collect();
    assert_eq!(got.len(), tb.log.len(), "{what}: node count");
    for (id, (g, w)) in got.iter().zip(&tb.log).enumerate() {
        assert_eq!(g, w, "{what}: node {id}");
    }
    // With no technique on, `pvs` never re-searches a leaf.
    if algo == Algorithm::Pvs {
        for (id, n) in rec.nodes.iter().enumerate() {
            assert!(
                !(n.is_research() && matches!(n.reason(), StopReason::Leaf | StopReason::Terminal)),
                "{what}: leaf {id} re-searched"
            );
        }
    }
    // Value and line.
    let (mv, mline) = minimax(root, 0, d);
    assert_eq!(r.value, Some(tv), "{what}: value");
    assert_eq!(tv, mv, "{what}: the textbook form's value is minimax's");
    assert_eq!(r.pv, tline, "{what}: best line against the textbook form");
    assert!(
        mline.starts_with(&r.pv),
        "{what}: the best line is not a prefix of minimax's"
    );
    let mut pos = root.clone();
    let mut codes = Vec::new();
    for &m in &r.pv {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let i = moves.iter().position(|&x| x == m).expect("legal");
        codes.push(pos.move_code(m, i));
        pos = pos.play(m);
    }
    let end = end_of_line(&rec, &codes);
    if r.pv.len() < mline.len() {
        assert_eq!(
            algo,
            Algorithm::Pvs,
            "{what}: only NegaScout leaves a line unproven"
        );
        assert_eq!(
            r.line_proven_to,
            Some(end as u64),
            "{what}: the line stops at node {end}, line_proven_to says otherwise"
        );
        assert!(
            !matches!(
                rec.nodes[end].reason(),
                StopReason::Leaf | StopReason::Terminal
            ),
            "{what}: the line stops at a leaf yet is called unproven"
        );
    } else {
        assert_eq!(r.line_proven_to, None, "{what}: the line is complete");
    }
    // The node at the end of the line holds the root's value (negamax sign).
    let sign = if codes.len() % 2 == 0 { 1 } else { -1 };
    assert_eq!(
        Some(sign * rec.nodes[end].value),
        r.value,
        "{what}: value at the line's end"
    );
}

#[test]
fn both_forms_equal_their_textbook_on_random_explicit_trees() {
    let mut rng = Rng::new(1702);
    let mut stopped_short = 0;
    for case in 0..3000 {
        let shape = Shape::random(&mut rng, 1 + (case % 6), 4, 9);
        let tree = Tree::from_shape(&shape);
        for algo in [Algorithm::Pvs, Algorithm::PvsFull] {
            let what = format!("{} on {}", algo.name(), shape.to_text());
            check(algo, &tree.root(), None, &what);
        }
        if run(Algorithm::Pvs, &tree.root(), None)
            .0
            .line_proven_to
            .is_some()
        {
            stopped_short += 1;
        }
    }
    // The case the fields exist for does occur on these trees.
    assert!(stopped_short > 0, "no NegaScout line stopped short");
}

#[test]
fn both_forms_equal_their_textbook_on_random_synthetic_trees() {
    let mut rng = Rng::new(202_617);
    for _ in 0..1500 {
        let ordering = match rng.below(3) {
            0 => Ordering::Best,
            1 => Ordering::Worst,
            _ => Ordering::Random,
        };
        let p = SynthParams {
            branching: 1 + rng.below(4) as u32,
            depth: 1 + rng.below(5) as u32,
            seed: rng.next_u64(),
            ordering,
            random_branching: rng.below(2) == 0,
            transpositions: false,
        };
        for algo in [Algorithm::Pvs, Algorithm::PvsFull] {
            let what = format!("{} on {p:?}", algo.name());
            check(algo, &p.root(), Some(p.depth), &what);
        }
    }
}

/// Issue 17's example: node [1] is re-searched with NegaScout's window (−∞, 3) from its side
/// to move (the scout said 3), and with Fig. 4's (−∞, 7) by `pvs_full` (α at the root is −7);
/// `((2 1))` re-searches nothing.
#[test]
fn the_issue_examples() {
    let tree = Tree::parse("(((3 6) (-7 -7) (3 8)) ((-2 7) (-1 -4 -6) (-3 -9 -1)))").unwrap();
    for (algo, beta) in [(Algorithm::Pvs, 3), (Algorithm::PvsFull, 7)] {
        let (r, rec) = run(algo, &tree.root(), None);
        assert_eq!(r.value, Some(-1));
        let re: Vec<usize> = (0..rec.nodes.len())
            .filter(|&k| rec.nodes[k].is_research() && rec.nodes[k].parent == 0)
            .collect();
        assert_eq!(re.len(), 1, "{}: one re-search at the root", algo.name());
        let n = &rec.nodes[re[0]];
        assert_eq!(n.move_code, 1);
        assert_eq!((n.alpha, n.beta), (-INF, beta), "{}", algo.name());
    }
    let tree = Tree::parse("((2 1))").unwrap();
    let (_, rec) = run(Algorithm::Pvs, &tree.root(), None);
    assert_eq!(rec.nodes.len(), 4, "leaf [0, 1] is searched once");
    assert!(rec.nodes.iter().all(|n| !n.is_research()));
    let (_, rec) = run(Algorithm::PvsFull, &tree.root(), None);
    assert_eq!(rec.nodes.len(), 5, "Fig. 4 re-searches the leaf");
}

// ---------------------------------------------------------------------------------------------
// The trace file: `summary.line_proven_to`, version 4, version-3 files
// ---------------------------------------------------------------------------------------------

/// A JSON trace of `text` searched by `algo`.
fn trace_json(text: &str, algo: Algorithm) -> String {
    let input = prunescope::run::Input::Tree { text: text.into() };
    let prepared = input.prepare().unwrap();
    let cfg = SearchConfig {
        algo,
        ..SearchConfig::default()
    };
    let (summary, rec) = prepared.search_traced(&cfg, 0).unwrap();
    let mut out = Vec::new();
    prunescope::trace_file::json::write_trace(&mut out, &input, &prepared, &cfg, &summary, &rec)
        .unwrap();
    String::from_utf8(out).unwrap()
}

/// A tree whose NegaScout line stops short: the first of the random explicit trees above on
/// which it does.
fn short_line_tree() -> String {
    let mut rng = Rng::new(1702);
    for case in 0.. {
        let shape = Shape::random(&mut rng, 1 + (case % 6), 4, 9);
        let tree = Tree::from_shape(&shape);
        if run(Algorithm::Pvs, &tree.root(), None)
            .0
            .line_proven_to
            .is_some()
        {
            return shape.to_text();
        }
    }
    unreachable!()
}

#[test]
fn the_file_says_where_the_line_stops() {
    let text = short_line_tree();
    let json = trace_json(&text, Algorithm::Pvs);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["version"], 5);
    let id = doc["summary"]["line_proven_to"]
        .as_u64()
        .unwrap_or_else(|| panic!("{text}: no line_proven_to"));
    let node = &doc["nodes"][id as usize];
    assert_ne!(node["reason"], "leaf", "{text}");
    assert_eq!(
        node["path"].as_array().unwrap().len(),
        doc["summary"]["best_line"].as_array().unwrap().len(),
        "{text}: node {id} is at the end of the best line"
    );
    // Read back to the same text; a node id beyond the file is refused.
    let back = prunescope::trace_file::read(json.as_bytes()).unwrap();
    assert_eq!(back.header.summary.line_proven_to, Some(id));
    let bad = json.replacen(
        &format!("\"line_proven_to\":{id}"),
        "\"line_proven_to\":99999",
        1,
    );
    let e = prunescope::trace_file::read(bad.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("summary.line_proven_to"), "{e}");
    // Fig. 4's form proves the whole line.
    let full: serde_json::Value =
        serde_json::from_str(&trace_json(&text, Algorithm::PvsFull)).unwrap();
    assert_eq!(full["summary"]["line_proven_to"], serde_json::Value::Null);
}

/// Version-3 files open as before, except `pvs` ones: that form has no name in version 4.
#[test]
fn version_3_files_open_except_the_retired_pvs() {
    let json = trace_json("((3 12 8) (2 4 6) (14 5 2))", Algorithm::AlphaBeta);
    let v3 = json.replacen("\"version\":5", "\"version\":3", 1).replacen(
        "\"line_proven_to\":null,",
        "",
        1,
    );
    assert!(!v3.contains("line_proven_to"));
    let f = prunescope::trace_file::read(v3.as_bytes()).expect("a version-3 file opens");
    assert_eq!(f.header.summary.line_proven_to, None);
    assert_eq!(f.rec.nodes.len(), 11);
    // A version-4 or -5 file must have the field.
    let missing = json.replacen("\"line_proven_to\":null,", "", 1);
    assert!(prunescope::trace_file::read(missing.as_bytes()).is_err());
    // A version-3 pvs file is refused with the reason.
    let pvs = trace_json("((3 12 8) (2 4 6) (14 5 2))", Algorithm::Pvs)
        .replacen("\"version\":5", "\"version\":3", 1)
        .replacen("\"line_proven_to\":null,", "", 1);
    let e = prunescope::trace_file::read(pvs.as_bytes()).unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("config.algo") && msg.contains("(t - 1, beta)"),
        "{msg}"
    );
    // Version 2 is still refused.
    let v2 = json.replacen("\"version\":5", "\"version\":2", 1);
    let e = prunescope::trace_file::read(v2.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("versions 3 to 5"), "{e}");
}
