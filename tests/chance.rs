//! Chance nodes (issue 20 §3): expectimax, Ballard's Star1 and Star2 against a textbook
//! expectimax written here, with its own parser and its own exact fractions, on thousands of
//! seeded random trees; every recorded node's value read against its bound; node counts on
//! hand trees; the tree text's chance grammar and its errors.

use prunescope::game::synthetic::Rng;
use prunescope::game::tree::{ParseErrorKind, Tree};
use prunescope::run::chance::{CutOff, cut_offs, frac};
use prunescope::schema::Bound;
use prunescope::search::chance::{self, ChanceAlgorithm, ChanceError};
use prunescope::search::frac::Frac;

/// A fraction `n / d` of the test's own, `d > 0`, compared by cross-multiplying.
#[derive(Clone, Copy, Debug)]
struct Q(i128, i128);

impl Q {
    fn add(self, o: Q) -> Q {
        Q(self.0 * o.1 + o.0 * self.1, self.1 * o.1)
    }
    fn scale(self, k: i128) -> Q {
        Q(self.0 * k, self.1)
    }
    fn div(self, k: i128) -> Q {
        Q(self.0, self.1 * k)
    }
    fn cmp(self, o: Q) -> std::cmp::Ordering {
        (self.0 * o.1).cmp(&(o.0 * self.1))
    }
    fn eq_text(self, text: &str) -> bool {
        let (n, d) = match text.split_once('/') {
            Some((n, d)) => (n.parse::<i128>().unwrap(), d.parse::<i128>().unwrap()),
            None => (text.parse::<i128>().unwrap(), 1),
        };
        self.cmp(Q(n, d)) == std::cmp::Ordering::Equal
    }
}

/// The textbook tree: a leaf, a decision node, or a chance node with weights.
#[derive(Clone, Debug)]
enum T {
    Leaf(i64),
    Decide(Vec<T>),
    Chance(Vec<(i128, T)>),
}

impl T {
    fn text(&self) -> String {
        match self {
            T::Leaf(v) => v.to_string(),
            T::Decide(c) => format!("({})", c.iter().map(T::text).collect::<Vec<_>>().join(" ")),
            T::Chance(c) => format!(
                "[{}]",
                c.iter()
                    .map(|(w, t)| format!("{w}:{}", t.text()))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        }
    }

    /// Expectimax from MAX's view, `max` the player to move (Russell & Norvig's
    /// EXPECTIMINIMAX): MAX takes the largest child, MIN the smallest, chance the weighted
    /// average; a chance node's children belong to its own player.
    fn value(&self, max: bool) -> Q {
        match self {
            T::Leaf(v) => Q(*v as i128, 1),
            T::Decide(c) => {
                let vals = c.iter().map(|t| t.value(!max));
                if max {
                    vals.max_by(|a, b| a.cmp(*b)).unwrap()
                } else {
                    vals.min_by(|a, b| a.cmp(*b)).unwrap()
                }
            }
            T::Chance(c) => {
                let total: i128 = c.iter().map(|(w, _)| w).sum();
                let mut sum = Q(0, 1);
                for (w, t) in c {
                    sum = sum.add(t.value(max).scale(*w));
                }
                sum.div(total)
            }
        }
    }

    /// The subtree at `path` and its player.
    fn at(&self, path: &[u32], max: bool) -> (&T, bool) {
        match (path.first(), self) {
            (None, _) => (self, max),
            (Some(&k), T::Decide(c)) => c[k as usize].at(&path[1..], !max),
            (Some(&k), T::Chance(c)) => c[k as usize].1.at(&path[1..], max),
            _ => panic!("no node at {path:?}"),
        }
    }

    fn random(rng: &mut Rng, depth: u32, lo: i64, hi: i64) -> T {
        if depth == 0 || rng.below(6) == 0 {
            return T::Leaf(rng.range(lo, hi));
        }
        let n = 1 + rng.below(3) as usize;
        if rng.below(2) == 0 {
            T::Chance(
                (0..n)
                    .map(|_| (1 + rng.below(4) as i128, T::random(rng, depth - 1, lo, hi)))
                    .collect(),
            )
        } else {
            T::Decide((0..n).map(|_| T::random(rng, depth - 1, lo, hi)).collect())
        }
    }
}

/// A node of a chance search as the test reads it from the trace: its path, player, value
/// and bound as exact fractions, why it stopped, and the branches a cut-off pruned.
#[derive(Clone, Debug)]
struct Rec {
    id: u32,
    parent: Option<u32>,
    path: Vec<u32>,
    max_to_move: bool,
    probe: bool,
    value: Frac,
    bound: Bound,
    reason: StopReason,
    /// The branches the node never searched after its cut-off (or its probe).
    pruned: Vec<u32>,
    cut: Option<CutOff>,
}

/// A chance search read from its one recording (src/run/chance.rs).
struct Run {
    /// The root's value from MAX's view.
    value: Frac,
    nodes: u64,
    trace: Vec<Rec>,
    scale: u64,
}

fn run(text: &str, algo: ChanceAlgorithm) -> Run {
    let f = traced(text, algo);
    let tree = Tree::parse(text).unwrap();
    let scale = f.header.summary.scale;
    let fr = |v: i32| frac(v, scale).unwrap_or_else(|| panic!("{text}: an unbounded value"));
    let cuts = cut_offs(&f.rec);
    let mut trace: Vec<Rec> = Vec::new();
    let paths = paths(&f);
    for (id, n) in f.rec.nodes.iter().enumerate() {
        let parent = (!n.is_root()).then_some(n.parent);
        let max_to_move = match parent {
            None => !tree.min_root(),
            Some(p) => {
                let p = &trace[p as usize];
                let chance = f.rec.nodes[p.id as usize].node_kind() == NodeKind::Chance;
                p.max_to_move == chance
            }
        };
        let reason = n.reason();
        let cut = cuts[id];
        let pruned = match (reason, cut) {
            (StopReason::Probe, _) => (1..u32::from(n.n_moves)).collect(),
            (_, Some(CutOff { by: Some(k), .. })) => (k + 1..u32::from(n.n_moves)).collect(),
            _ => Vec::new(),
        };
        trace.push(Rec {
            id: id as u32,
            parent,
            path: paths[id].clone(),
            max_to_move,
            probe: n.node_kind() == NodeKind::Probe,
            value: fr(n.value),
            bound: n.bound(),
            reason,
            pruned,
            cut,
        });
    }
    let root = fr(f
        .header
        .summary
        .value
        .unwrap_or_else(|| panic!("{text}: no value")));
    Run {
        value: if tree.min_root() {
            root.negated()
        } else {
            root
        },
        nodes: f.header.summary.nodes,
        trace,
        scale,
    }
}

/// Whether `algo` searches `text` exactly within the trace format's limit (search/chance.rs,
/// `prepare`); a tree it refuses is refused by a typed error that names the scale, counted in
/// `refused`.
fn searchable(text: &str, algo: ChanceAlgorithm, refused: &mut u32) -> bool {
    let tree = Tree::parse(text).unwrap();
    match chance::prepare(&tree, algo) {
        Ok(_) => true,
        Err(ChanceError::ScaleTooLarge { .. } | ChanceError::ValueTooLarge { .. }) => {
            *refused += 1;
            false
        }
        Err(_) => true,
    }
}

#[test]
fn scale_refusals_are_rare_on_the_random_trees() {
    let mut rng = Rng::new(20);
    let mut refused = [0u32; 3];
    let mut total = 0;
    for case in 0..4000 {
        let lo = rng.range(-6, 3);
        let hi = lo + rng.range(0, 8);
        let t = T::random(&mut rng, 1 + case % 6, lo, hi);
        let text = format!("bounds {lo} {hi} {}", t.text());
        if !text.contains('[') {
            continue;
        }
        total += 1;
        for (a, algo) in ChanceAlgorithm::ALL.into_iter().enumerate() {
            searchable(&text, algo, &mut refused[a]);
        }
    }
    // Measured: [2, 30, 33] of 2874 (the scale is fixed before the search from the weights,
    // a multiple of what the search's values turn out to need; docs/trace-format.md).
    assert!(total > 2500, "{total}");
    for r in refused {
        assert!(
            r * 50 < total,
            "more than 2 % refused: {refused:?} of {total}"
        );
    }
    // A refusal names the node where the weights pass the limit.
    let deep = (0..12).fold("1".to_string(), |t, _| format!("[3:{t} 4:(0 1) 5:1]"));
    let e = chance::prepare(
        &Tree::parse(&format!("bounds 0 1 {deep}")).unwrap(),
        ChanceAlgorithm::Star1,
    )
    .unwrap_err();
    assert!(
        matches!(&e, ChanceError::ScaleTooLarge { node, .. } if !node.is_empty()),
        "{e:?}"
    );
    assert!(
        e.to_string()
            .contains("past the trace format's limit of 10^9"),
        "{e}"
    );
}

#[test]
fn star1_and_star2_give_expectimax_value_and_every_record_tells_the_truth() {
    let mut rng = Rng::new(20);
    let mut pruned_at_chance = [0u32; 3];
    let mut refused = 0;
    for case in 0..4000 {
        let lo = rng.range(-6, 3);
        let hi = lo + rng.range(0, 8);
        let t = T::random(&mut rng, 1 + case % 6, lo, hi);
        let text = format!("bounds {lo} {hi} {}", t.text());
        let truth = t.value(true);
        if !text.contains('[') {
            continue;
        }
        for (a, algo) in ChanceAlgorithm::ALL.into_iter().enumerate() {
            if (lo == hi && algo.needs_bounds()) || !searchable(&text, algo, &mut refused) {
                continue;
            }
            let r = run(&text, algo);
            assert!(
                truth.eq_text(&r.value.to_string()),
                "{}: {} gives {} against {truth:?}",
                text,
                algo.name(),
                r.value
            );
            // The untraced search visits the same nodes.
            let tree = Tree::parse(&text).unwrap();
            let quiet = prunescope::run::chance::search(
                &tree,
                algo,
                &chance_config(algo, 0),
                &mut prunescope::search::NoTrace,
            )
            .unwrap();
            let v = frac(quiet.value.unwrap(), quiet.scale).unwrap();
            assert_eq!((v, quiet.nodes, quiet.scale), (r.value, r.nodes, r.scale));
            assert_eq!(r.trace.len() as u64, r.nodes);
            for n in &r.trace {
                let (sub, max) = t.at(&n.path, true);
                let mut v = sub.value(max);
                if !n.max_to_move {
                    v = Q(-v.0, v.1);
                }
                let got = Q(n.value.num(), n.value.den());
                let ok = match n.bound {
                    Bound::Exact => v.cmp(got).is_eq(),
                    Bound::Lower => v.cmp(got).is_ge(),
                    Bound::Upper => v.cmp(got).is_le(),
                };
                assert!(
                    ok,
                    "{text}: {} node {} at {:?} says {} ({:?}), true {v:?}",
                    algo.name(),
                    n.id,
                    n.path,
                    n.value,
                    n.bound
                );
                if n.reason == StopReason::ChanceFailLow || n.reason == StopReason::ChanceFailHigh {
                    pruned_at_chance[a] += n.pruned.len() as u32;
                }
                // A pruned branch was never entered from this node in the search phase.
                for &p in &n.pruned {
                    let mut path = n.path.clone();
                    path.push(p);
                    let entered = r
                        .trace
                        .iter()
                        .any(|m| m.parent == Some(n.id) && m.path == path && !m.probe);
                    assert!(!entered, "{text}: {} entered pruned {path:?}", algo.name());
                }
            }
        }
    }
    // The searches do prune at chance nodes (the test would be empty otherwise).
    assert_eq!(pruned_at_chance[0], 0);
    assert!(pruned_at_chance[1] > 500, "{pruned_at_chance:?}");
    assert!(pruned_at_chance[2] > 500, "{pruned_at_chance:?}");
}

/// Node counts worked out by hand with the rules of the module documentation (Ballard's
/// Star1 windows; Star2's probes).
#[test]
fn hand_trees_have_the_counted_nodes() {
    // MAX root over two chance nodes (MIN's: their children are MIN nodes or leaves).
    // Chance 1 = (5 + 10) / 2 = 15/2 with everything searched: 5 nodes (itself, leaf 5, the
    // MIN node and its two leaves). Chance 2, in MIN's view, gets β = −15/2; its first leaf
    // reads −1 ≥ B_0 = (2·(−15/2) − (−10)·1) / 1 = −5: fail high, the second branch is
    // pruned (2 nodes). Star1: 1 + 5 + 2 = 8; expectimax all 11.
    let text = "bounds 0 10 ([1:5 1:(10 10)] [1:1 1:(9 9)])";
    let e = run(text, ChanceAlgorithm::Expectimax);
    let s1 = run(text, ChanceAlgorithm::Star1);
    let s2 = run(text, ChanceAlgorithm::Star2);
    assert_eq!((e.nodes, s1.nodes, s2.nodes), (11, 8, 11));
    assert_eq!(s1.value.to_string(), "15/2");
    let cut = &s1.trace[6];
    assert_eq!(cut.path, vec![1]);
    assert_eq!(cut.reason, StopReason::ChanceFailHigh);
    assert_eq!(cut.value.to_string(), "-11/2");
    assert_eq!(cut.bound, Bound::Lower);
    assert_eq!(cut.pruned.len(), 1);
    let c = cut.cut.unwrap();
    assert_eq!(frac(c.bound, s1.scale).unwrap().to_string(), "-5");
    assert_eq!(frac(c.value, s1.scale).unwrap().to_string(), "-1");
    assert_eq!(c.by, Some(0));
    // Star2: chance 1 (unbounded window) probes leaf 5 and the MIN node's first leaf (3
    // nodes), then searches all (4): 8; chance 2 probes its leaf, −1 ≥ B_0 = −5 already in
    // the probing phase: 2. 1 + 8 + 2 = 11.
    let probe_cut = &s2.trace[9];
    assert_eq!(probe_cut.path, vec![1]);
    assert_eq!(probe_cut.reason, StopReason::ChanceFailHigh);
    assert!(s2.trace[10].probe);

    // A chance root (MAX's: its children are MAX nodes), searched with the window (L, U) =
    // (0, 9). Star1: B_0 = (2·9 − 0·1)/1 = 18, so the first MAX node gets (0, 9) and its leaf
    // 9 reaches β = 9 (2 nodes); then B_1 = (18 − 9)/1 = 9 and the second MAX node's leaf 9
    // reaches it too: fail high, 1 + 2 + 2 = 5 nodes. Star2 probes the first MAX node (its
    // first leaf, 2 nodes: W_0 = 9 < B_0 = 18), then the second (2 nodes: W_1 = 9 ≥ B_1 = 9),
    // a cut-off in the probing phase: also 5. Expectimax: all 7.
    let text = "bounds 0 9 [1:(9 1) 1:(9 2)]";
    let e = run(text, ChanceAlgorithm::Expectimax);
    let s1 = run(text, ChanceAlgorithm::Star1);
    let s2 = run(text, ChanceAlgorithm::Star2);
    assert_eq!((e.nodes, s1.nodes, s2.nodes), (7, 5, 5));
    assert_eq!(e.value.to_string(), "9");
    assert_eq!(s2.trace[0].reason, StopReason::ChanceFailHigh);
    assert!(s2.trace[3].probe);
    assert_eq!(s1.value.to_string(), "9");
}

#[test]
fn star_searches_need_declared_bounds() {
    let tree = Tree::parse("[1:3 2:(4 5)]").unwrap();
    for algo in [ChanceAlgorithm::Star1, ChanceAlgorithm::Star2] {
        let e = chance::prepare(&tree, algo).unwrap_err();
        assert_eq!(e, ChanceError::NoBounds { algo: algo.name() });
        assert!(e.to_string().contains("bounds L U"), "{e}");
    }
    let r = run("[1:3 2:(4 5)]", ChanceAlgorithm::Expectimax);
    assert_eq!(r.value.to_string(), "13/3");
    // The node cap stops a chance search as it stops every search: a stop cause, not an
    // error (issue 32 §4).
    let p = Input::Tree {
        text: "[1:3 2:(4 5)]".to_string(),
    }
    .prepare()
    .unwrap();
    let (s, rec) = p
        .search_traced(&chance_config(ChanceAlgorithm::Expectimax, 3), 0)
        .unwrap();
    assert_eq!(s.stopped, Some(prunescope::search::StopCause::NodeCap));
    assert_eq!((s.nodes, rec.nodes.len()), (3, 3));
    assert_eq!(s.value, None);
}

#[test]
fn chance_text_parses_prints_and_says_where_it_is_wrong() {
    let t = Tree::parse("bounds -10 10 [1:(3, 5) 2:7 # comment\n 1:[3:1 1:-2]]").unwrap();
    assert_eq!(t.to_text(), "bounds -10 10 [1:(3 5) 2:7 1:[3:1 1:-2]]");
    assert!(t.has_chance());
    assert_eq!(t.bounds(), Some((-10, 10)));
    assert!(t.is_chance(0));
    assert!(!Tree::parse("((3 12 8) (2 4 6))").unwrap().has_chance());
    // Old texts mean what they meant.
    assert_eq!(
        Tree::parse("((3 12 8) (2 4 6) (14 5 2))")
            .unwrap()
            .to_text(),
        "((3 12 8) (2 4 6) (14 5 2))"
    );
    let cases: &[(&str, (usize, usize), &str)] = &[
        ("[3 4]", (1, 2), "expected a weight 'W:'"),
        ("(1:3 4)", (1, 2), "only before a branch of a chance node"),
        ("[1:]", (1, 4), "expected a branch after the weight"),
        ("[1:2:3]", (1, 4), "expected a branch after the weight"),
        ("[0:3]", (1, 2), "branch weight 0"),
        ("[-1:3]", (1, 2), "branch weight -1"),
        (
            "[1:3)",
            (1, 5),
            "expected ']' to close the '[' at line 1, column 1",
        ),
        ("(1 2]", (1, 5), "expected ')' to close the '('"),
        ("[1:3", (1, 5), "expected ']' to close the '['"),
        ("[1:3]]", (1, 6), "unmatched ']'"),
        ("[]", (1, 2), "at least one child"),
        ("bounds 5 1 3", (1, 1), "L must not exceed U"),
        ("bounds 1 [1:3]", (1, 10), "'bounds' needs two integers"),
        ("bounds 0 5 [1:3 1:6]", (1, 19), "leaf value 6 lies outside"),
        ("bounds 0 1 bounds 0 1 1", (1, 12), "given twice"),
        ("maxi (1 2)", (1, 1), "unknown header \"maxi\""),
    ];
    for &(text, (line, column), expected) in cases {
        let e = Tree::parse(text).unwrap_err();
        let msg = e.to_string();
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {msg}");
        assert!(
            msg.contains(expected),
            "{text:?}: {msg:?} lacks {expected:?}"
        );
    }
    assert!(matches!(
        Tree::parse("[1000001:3]").unwrap_err().kind,
        ParseErrorKind::BadWeight { .. }
    ));
}

/// A `min` header gives the root to MIN (docs/cli.md "Tree text"): a root chance node's
/// children are then MIN's, and the value, from MAX's view, is the average of their minima; Star1 and Star2 start
/// from MIN's window (−U, −L) and agree.
#[test]
fn a_min_root_moves_first_under_every_chance_search() {
    for algo in [
        ChanceAlgorithm::Expectimax,
        ChanceAlgorithm::Star1,
        ChanceAlgorithm::Star2,
    ] {
        // MIN picks 3 and 2: (3 + 2) / 2
        let r = run("min bounds 0 9 [1:(3 5) 1:(2 8)]", algo);
        assert_eq!(r.value.to_string(), "5/2", "{algo:?}");
        // MIN at the root chooses between two chance nodes whose branches are MAX's
        let r = run("min bounds 0 9 ([1:(3 5) 1:(2 8)] [1:(9 9) 3:(1 1)])", algo);
        assert_eq!(r.value.to_string(), "3", "{algo:?}"); // min((5 + 8) / 2, (9 + 3) / 4)
    }
}

/// The editor's printer (wasm `tree_print_chance`): preorder arrays with chance kinds, weights
/// and bounds give the canonical text, which parses back to the same arrays; a weight of 0 and a
/// leaf outside the bounds are refused in the parser's words.
#[test]
fn preorder_with_chance_nodes_round_trips() {
    // MAX → [1:(3 5) 2:7], bounds 0 9, MIN at the root
    let degrees = [1, 2, 2, 0, 0, 0];
    let values = [0, 0, 0, 3, 5, 7];
    let chance = [0, 1, 0, 0, 0, 0];
    let weights = [0, 0, 1, 0, 0, 2];
    let t = Tree::from_preorder_chance(&degrees, &values, true, &chance, &weights, Some((0, 9)))
        .unwrap();
    assert_eq!(t.to_text(), "min bounds 0 9 ([1:(3 5) 2:7])");
    assert_eq!(Tree::parse(&t.to_text()).unwrap(), t);
    assert!(t.has_chance());
    let refused = |w: &[u32], b: Option<(i64, i64)>| {
        Tree::from_preorder_chance(&degrees, &values, false, &chance, w, b)
            .unwrap_err()
            .to_string()
    };
    assert!(
        refused(&[0, 0, 0, 0, 0, 2], None).contains("weight"),
        "{}",
        refused(&[0, 0, 0, 0, 0, 2], None)
    );
    let out = refused(&weights, Some((0, 6)));
    assert!(out.contains("outside the declared bounds"), "{out}");
    let out = refused(&[0, 0], None);
    assert!(out.contains("2 weights for 6 nodes"), "{out}");
    // without chance kinds it is the old printer
    assert_eq!(
        Tree::from_preorder(&[2, 0, 0], &[0, 1, 2], false)
            .unwrap()
            .to_text(),
        "(1 2)"
    );
}

// ---- Chance searches as trace files (run/chance.rs, trace_file/chance.rs) ----

use prunescope::run::{Input, chance_config};
use prunescope::schema::{EventKind, NONE16, NodeKind, StopReason};
use prunescope::trace_file::{self, Format, TraceFile, TraceHeader};

/// The search of `text` with `algo` as a trace file held in memory.
fn traced(text: &str, algo: ChanceAlgorithm) -> TraceFile {
    let input = Input::Tree {
        text: text.to_string(),
    };
    let cfg = chance_config(algo, 0);
    let (summary, rec) = input
        .prepare()
        .unwrap()
        .search_traced(&cfg, 0)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    TraceFile {
        header: TraceHeader {
            input,
            config: cfg,
            summary,
        },
        rec,
    }
}

/// `f` written in `format` and read back (which validates it).
fn round_trip(f: &TraceFile, format: Format) -> TraceFile {
    let mut bytes = Vec::new();
    let p = f.prepare().unwrap();
    let h = &f.header;
    trace_file::write(
        &mut bytes, format, &h.input, &p, &h.config, &h.summary, &f.rec,
    )
    .unwrap();
    trace_file::read(&bytes[..]).unwrap_or_else(|e| panic!("{}: {e}", text_of(f)))
}

fn text_of(f: &TraceFile) -> String {
    match &f.header.input {
        Input::Tree { text } => text.clone(),
        _ => unreachable!(),
    }
}

/// The path of each record: child indices from the root.
fn paths(f: &TraceFile) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = Vec::new();
    for n in &f.rec.nodes {
        let mut p = if n.is_root() {
            Vec::new()
        } else {
            out[n.parent as usize].clone()
        };
        if !n.is_root() {
            p.push(n.index as u32);
        }
        out.push(p);
    }
    out
}

/// Thousands of random chance trees, each searched by the three algorithms and written as a
/// trace (JSON and binary), read back and validated: the root's stored value over the scale is
/// the textbook expectimax value, every node's stored value against its bound is the
/// textbook's value of its subtree, and a chance node that searched every branch returns the
/// weighted average of what they returned.
#[test]
fn chance_traces_read_back_and_tell_the_textbook_truth() {
    let mut rng = Rng::new(2026);
    let mut cuts = [0u32; 3];
    let mut refused = 0;
    for case in 0..2500 {
        let lo = rng.range(-6, 3);
        let hi = lo + rng.range(0, 8);
        let t = T::random(&mut rng, 1 + case % 5, lo, hi);
        let text = format!("bounds {lo} {hi} {}", t.text());
        if !text.contains('[') {
            // A chance search is refused on a tree without chance nodes (docs/cli.md
            // "Chance searches").
            let cfg = chance_config(ChanceAlgorithm::Star1, 0);
            let p = Input::Tree { text: text.clone() }.prepare().unwrap();
            assert!(p.search_traced(&cfg, 0).is_err(), "{text}");
            continue;
        }
        let truth = t.value(true);
        for (a, algo) in ChanceAlgorithm::ALL.into_iter().enumerate() {
            if lo == hi && algo.needs_bounds() {
                let p = Input::Tree { text: text.clone() }.prepare().unwrap();
                let e = p.search_traced(&chance_config(algo, 0), 0).unwrap_err();
                assert!(e.to_string().contains("a search needs L < U"), "{e}");
                continue;
            }
            if !searchable(&text, algo, &mut refused) {
                continue;
            }
            let f = traced(&text, algo);
            let format = if case % 2 == 0 {
                Format::Json
            } else {
                Format::Binary
            };
            let back = round_trip(&f, format);
            assert_eq!(back.rec.nodes, f.rec.nodes, "{text}");
            assert_eq!(
                (&back.rec.events, &back.rec.aux),
                (&f.rec.events, &f.rec.aux)
            );
            let scale = back.header.summary.scale as i128;
            let root = back.header.summary.value.unwrap() as i128;
            assert!(
                truth.cmp(Q(root, scale)).is_eq(),
                "{text}: {} stores {root}/{scale}, textbook {truth:?}",
                algo.name()
            );
            let paths = paths(&back);
            for (id, n) in back.rec.nodes.iter().enumerate() {
                let (sub, max) = t.at(&paths[id], true);
                let mut v = sub.value(max);
                // Values are from the view of the player at the node (negamax).
                if !max {
                    v = Q(-v.0, v.1);
                }
                let got = Q(n.value as i128, scale);
                let ok = match n.bound() {
                    Bound::Exact => v.cmp(got).is_eq(),
                    Bound::Lower => v.cmp(got).is_ge(),
                    Bound::Upper => v.cmp(got).is_le(),
                };
                assert!(
                    ok,
                    "{text}: {} node {id} stores {}/{scale} ({:?}), true {v:?}",
                    algo.name(),
                    n.value,
                    n.bound()
                );
                if n.node_kind() == NodeKind::Chance && n.reason() == StopReason::AllMoves {
                    let T::Chance(branches) = sub else {
                        panic!("{text}: node {id} is no chance node")
                    };
                    let total: i128 = branches.iter().map(|(w, _)| w).sum();
                    // The last search of each branch (Star2 probes come first).
                    let mut sum = 0i128;
                    for (k, (w, _)) in branches.iter().enumerate() {
                        let c = (id + 1..back.rec.nodes.len())
                            .rev()
                            .find(|&c| {
                                back.rec.nodes[c].parent as usize == id
                                    && back.rec.nodes[c].index as usize == k
                            })
                            .unwrap();
                        sum += w * back.rec.nodes[c].value as i128;
                    }
                    assert_eq!(sum, total * n.value as i128, "{text}: node {id}");
                }
                if matches!(
                    n.reason(),
                    StopReason::ChanceFailLow | StopReason::ChanceFailHigh
                ) {
                    cuts[a] += 1;
                }
            }
        }
    }
    assert_eq!(cuts[0], 0);
    assert!(cuts[1] > 300 && cuts[2] > 300, "{cuts:?}");
}

/// Hand trees whose searches make every kind of chance record: fail low and fail high at chance
/// nodes, β cut-offs below them, Star2's probes and its probing cut-off, a MIN root.
const MUTATED: [&str; 4] = [
    "bounds 0 10 ([1:(3 5) 2:7] [1:2 1:(9 1)] [3:4 1:(10 0)])",
    "bounds 0 10 ([1:5 1:(10 10)] [1:1 1:(9 9)])",
    "bounds 0 9 [1:(9 1) 1:(9 2)]",
    "min bounds -5 5 ([2:(1 -3) 1:4] [1:(-5 2) 3:[1:0 1:5]] [1:-5 1:(5 5)])",
];

/// Every mutation of one field of a record, one event value, or the scale of a chance trace
/// makes a file the reader refuses (the semantic rules of trace_file/chance.rs; without them
/// most of these opened). `f` is the honest file.
fn chance_mutations(f: &TraceFile) -> Vec<(String, TraceFile)> {
    let mut out = Vec::new();
    let mut push = |what: String, g: &dyn Fn(&mut TraceFile)| {
        let mut m = f.clone();
        g(&mut m);
        out.push((what, m));
    };
    type G = fn(&mut prunescope::trace::record::NodeRec);
    let fields: [(&str, G); 12] = [
        ("alpha+1", |r| r.alpha += 1),
        ("alpha-1", |r| r.alpha -= 1),
        ("beta+1", |r| r.beta += 1),
        ("beta-1", |r| r.beta -= 1),
        ("value+1", |r| r.value += 1),
        ("value-1", |r| r.value -= 1),
        ("index+1", |r| r.index = r.index.wrapping_add(1)),
        ("best_index", |r| {
            r.best_index = if r.best_index == NONE16 {
                0
            } else {
                r.best_index.wrapping_add(1)
            }
        }),
        ("kind", |r| {
            let k = match NodeKind::from_u8(r.kind & 15) {
                Some(NodeKind::Normal) => NodeKind::Chance,
                Some(NodeKind::Chance) => NodeKind::Probe,
                _ => NodeKind::Normal,
            };
            r.kind = (r.kind & 0xF0) | k as u8;
        }),
        ("reason", |r| {
            let s = match StopReason::from_u8(r.reason) {
                Some(StopReason::AllMoves) => StopReason::ChanceFailHigh,
                Some(StopReason::ChanceFailHigh) => StopReason::ChanceFailLow,
                Some(StopReason::ChanceFailLow) => StopReason::AllMoves,
                Some(StopReason::Probe) => StopReason::AllMoves,
                Some(StopReason::BetaCutoff) => StopReason::Probe,
                _ => StopReason::AllMoves,
            };
            r.reason = s as u8;
        }),
        ("bound", |r| r.flags ^= 1),
        ("expected", |r| r.flags ^= 1 << 2),
    ];
    for id in 0..f.rec.nodes.len() {
        for (name, g) in fields {
            push(format!("node {id} {name}"), &move |m: &mut TraceFile| {
                g(&mut m.rec.nodes[id])
            });
        }
    }
    for w in 0..f.rec.aux.len() {
        push(format!("aux word {w} + 1"), &move |m: &mut TraceFile| {
            m.rec.aux[w] += 1
        });
    }
    // Every value written over twice the scale: true fractions, but over neither the tree's
    // scale (version 5) nor the least common denominator (version 4).
    push("scale doubled".into(), &|m: &mut TraceFile| {
        let dbl = |v: &mut i32| {
            if v.abs() != 1_000_000_000 {
                *v *= 2
            }
        };
        m.header.summary.scale *= 2;
        m.header.summary.value = m.header.summary.value.map(|v| v * 2);
        m.header.summary.iterations[0].value *= 2;
        for n in &mut m.rec.nodes {
            dbl(&mut n.alpha);
            dbl(&mut n.beta);
            dbl(&mut n.value);
        }
        let mut aux = 0;
        for &e in &m.rec.events {
            let k = EventKind::from_u8(e).unwrap();
            let words = k.aux_words();
            if matches!(
                k,
                EventKind::AlphaRaised | EventKind::Cutoff | EventKind::ChanceCutoff
            ) {
                dbl(&mut m.rec.aux[aux]);
                dbl(&mut m.rec.aux[aux + 1]);
            }
            aux += words;
        }
    });
    // A chance cut-off left off the tape: the bound fired, the tape does not say so.
    if let Some(i) = f
        .rec
        .events
        .iter()
        .position(|&e| e == EventKind::ChanceCutoff as u8)
    {
        push("chance_cutoff removed".into(), &move |m: &mut TraceFile| {
            let aux: usize = m.rec.events[..i]
                .iter()
                .map(|&e| EventKind::from_u8(e).unwrap().aux_words())
                .sum();
            m.rec.events.remove(i);
            m.rec.aux.drain(aux..aux + 3);
        });
    }
    out
}

#[test]
fn every_mutation_of_a_chance_trace_is_refused_naming_the_rule() {
    let mut total = 0;
    let mut by_rule = std::collections::BTreeMap::<String, u32>::new();
    for text in MUTATED {
        for algo in ChanceAlgorithm::ALL {
            let f = traced(text, algo);
            trace_file::validate(&f).unwrap_or_else(|e| panic!("{text} {}: {e}", algo.name()));
            for (what, m) in chance_mutations(&f) {
                let e = match trace_file::validate(&m) {
                    Err(e) => e.to_string(),
                    Ok(()) => panic!("{text} {}: {what} was accepted", algo.name()),
                };
                if let Some(rule) = e.split("(rule: ").nth(1) {
                    *by_rule
                        .entry(rule.strip_suffix(')').unwrap_or(rule).to_string())
                        .or_default() += 1;
                }
                total += 1;
            }
        }
    }
    assert!(total > 1500, "{total}");
    // The chance rules themselves fire, not only the per-record checks.
    for rule in [
        "windows",
        "chance cut-offs",
        "a chance node's value is sum(w_i v_i) / sum(w_i)",
        "exact values",
        "kinds",
        "stop reasons",
    ] {
        assert!(
            by_rule.keys().any(|k| k.starts_with(rule)),
            "no mutant was refused by rule '{rule}': {by_rule:?}"
        );
    }
}

/// The CLI writes `--trace` for the chance searches, JSON and binary, and `verify` reruns them;
/// a hand-edited chance node value is refused naming the node and the rule.
#[test]
fn cli_writes_and_verifies_chance_traces() {
    let dir = std::env::temp_dir().join(format!("prunescope-chance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = env!("CARGO_BIN_EXE_prunescope");
    let run = |args: &[&str]| {
        let o = std::process::Command::new(bin).args(args).output().unwrap();
        (
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stdout).to_string(),
            String::from_utf8_lossy(&o.stderr).to_string(),
        )
    };
    let text = MUTATED[0];
    for (algo, ext) in [
        ("expectimax", "json"),
        ("star1", "pstrace"),
        ("star2", "json.gz"),
    ] {
        let path = dir.join(format!("t-{algo}.{ext}"));
        let p = path.to_str().unwrap();
        let (code, _, err) = run(&["tree", "--algo", algo, text, "--trace", p]);
        assert_eq!(code, 0, "{err}");
        let (code, out, err) = run(&["verify", p]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("the search reproduces it"), "{out}");
    }
    // Node 1 is the first chance node: its value -17/3 is stored as -68 over the tree's scale
    // 12 (fixed before the search from the weights: version 5).
    let path = dir.join("t-expectimax.json");
    let json = std::fs::read_to_string(&path).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["summary"]["scale"], 12);
    assert_eq!(v["nodes"][1]["kind"], "chance");
    assert_eq!(v["nodes"][1]["value"], -68);
    let bad = json.replacen(
        "{\"id\":1,\"parent\":0,\"ply\":1,\"path\":[0],\"index\":0,\"kind\":\"chance\",\"order\":\"generated\",\"depth\":null,\"alpha\":null,\"beta\":null,\"value\":-68",
        "{\"id\":1,\"parent\":0,\"ply\":1,\"path\":[0],\"index\":0,\"kind\":\"chance\",\"order\":\"generated\",\"depth\":null,\"alpha\":null,\"beta\":null,\"value\":-67",
        1,
    );
    assert_ne!(bad, json);
    // Each branch below a chance node states its probability w/S in lowest terms; a wrong one,
    // one not in lowest terms, or one left out is refused.
    assert_eq!(v["nodes"][2]["probability"], "1/3");
    assert_eq!(v["nodes"][5]["probability"], "2/3");
    assert!(v["nodes"][0].get("probability").is_none());
    for (from, to, want) in [
        (
            "\"probability\":\"2/3\"",
            "\"probability\":\"4/6\"",
            "is \"4/6\", but the tree's weights make it \"2/3\"",
        ),
        (
            "\"probability\":\"2/3\"",
            "\"probability\":\"1/3\"",
            "make it \"2/3\"",
        ),
        (
            ",\"probability\":\"2/3\"",
            "",
            "\"probability\": is missing",
        ),
    ] {
        let p = dir.join("prob.json");
        std::fs::write(&p, json.replacen(from, to, 1)).unwrap();
        let (code, _, err) = run(&["verify", p.to_str().unwrap()]);
        assert_ne!(code, 0);
        assert!(err.contains("node 5") && err.contains(want), "{err}");
    }
    let bad_path = dir.join("bad.json");
    std::fs::write(&bad_path, bad).unwrap();
    let (code, _, err) = run(&["verify", bad_path.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        err.contains("node 1")
            && err.contains("rule: a chance node's value is sum(w_i v_i) / sum(w_i)"),
        "{err}"
    );
    // Two chance traces written over different scales (12 and 36) are not compared node by
    // node; the same search twice is.
    let e = dir.join("t-expectimax.json");
    let s1 = dir.join("t-star1.pstrace");
    let (code, _, err) = run(&["diff", e.to_str().unwrap(), s1.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(
        err.contains("over the scale 12") && err.contains("over 36"),
        "{err}"
    );
    let (code, _, err) = run(&["diff", s1.to_str().unwrap(), s1.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The page's summary counts the nodes that stopped early from a chance trace's statistics
/// (`TraceStats`: `cutoffs`, `chance_fail_low`, `chance_fail_high`, `probes`), the CLI from the
/// search's own counters (`ChanceResult::stops`): on random trees they are the same numbers, and
/// the records' reasons say the same.
#[test]
fn chance_stop_counts_agree_between_the_trace_statistics_and_the_cli() {
    use prunescope::trace::stats::TraceStats;
    let mut rng = Rng::new(77);
    let mut seen = [0u64; 4];
    let mut refused = 0;
    for case in 0..800 {
        let lo = rng.range(-6, 1);
        let hi = lo + rng.range(1, 8);
        let t = T::random(&mut rng, 2 + case % 4, lo, hi);
        let text = format!("bounds {lo} {hi} {}", t.text());
        if !text.contains('[') {
            continue;
        }
        for algo in ChanceAlgorithm::ALL {
            if !searchable(&text, algo, &mut refused) {
                continue;
            }
            let f = traced(&text, algo);
            let st = TraceStats::of(&f.rec);
            let r = run(&text, algo);
            let of = |why: StopReason| r.trace.iter().filter(|n| n.reason == why).count() as u64;
            let got = [
                st.cutoffs,
                st.chance_fail_low,
                st.chance_fail_high,
                st.probes,
            ];
            let want = [
                of(StopReason::BetaCutoff),
                of(StopReason::ChanceFailLow),
                of(StopReason::ChanceFailHigh),
                of(StopReason::Probe),
            ];
            assert_eq!(got, want, "{text} {}", algo.name());
            let count =
                |r: StopReason| f.rec.nodes.iter().filter(|n| n.reason == r as u8).count() as u64;
            assert_eq!(
                want,
                [
                    count(StopReason::BetaCutoff),
                    count(StopReason::ChanceFailLow),
                    count(StopReason::ChanceFailHigh),
                    count(StopReason::Probe)
                ]
            );
            if algo == ChanceAlgorithm::Expectimax {
                assert_eq!(want, [0; 4], "{text}: expectimax prunes nothing");
            }
            for (k, w) in want.iter().enumerate() {
                seen[k] += w;
            }
        }
    }
    assert!(
        seen.iter().all(|&c| c > 0),
        "every kind of stop happens: {seen:?}"
    );
}

/// Compare mode matches expectimax with Star1 on one tree, whose values are stored over
/// different scales: `diff_scaled` compares a pair's values as the fractions they stand for,
/// so a node both searched to the same exact value is not "changed", whatever the scales.
#[test]
fn expectimax_and_star1_compare_node_by_node_over_their_own_scales() {
    use prunescope::trace::diff::{diff, diff_scaled};
    let text = "bounds 0 10 ([1:5 3:(7 9)] [2:1 1:2 1:9])";
    let e = traced(text, ChanceAlgorithm::Expectimax);
    let s = traced(text, ChanceAlgorithm::Star1);
    let (se, ss) = (e.header.summary.scale, s.header.summary.scale);
    assert_ne!(se, ss, "the scales differ here: {se} and {ss}");
    let d = diff_scaled(&e.rec.nodes, &s.rec.nodes, se as u32, ss as u32);
    // Star1 prunes branches 1.1 and 1.2: every other node is in both
    assert_eq!((d.both, d.only_left, d.only_right), (8, 2, 0));
    // the root (13/2 in both: 26/4 and 156/24) and the first chance node are the same values
    assert_eq!(d.changes[0] & 1, 0);
    assert_eq!(d.changes[1] & 1, 0);
    // the cut chance node: exact in expectimax, a bound in Star1
    let cut = paths(&e).iter().position(|p| p == &[1]).unwrap();
    assert_eq!(
        d.changes[cut] & 3,
        3,
        "value and bound differ at the cut chance node"
    );
    // over one scale (the raw integers), equal fractions would read as different
    let raw = diff(&e.rec.nodes, &s.rec.nodes);
    assert!(raw.changed_value > d.changed_value);
}

/// A chance search's configuration is described by its own algorithm (the page's compare and
/// explore headers, `prunescope diff`), not by its rule at decision nodes (`config.algo`).
#[test]
fn a_chance_configuration_is_described_by_its_algorithm() {
    use prunescope::search::config::describe_config;
    for algo in ChanceAlgorithm::ALL {
        let cfg = chance_config(algo, 0);
        assert_eq!(describe_config(&cfg), algo.name());
    }
}

/// The CLI prints a branch's probability in lowest terms, as every fraction (docs/cli.md
/// "Chance searches"): the
/// branch of weight 2 out of 4 is `p=1/2`, never `p=2/4`; and its `cut-offs` line counts the
/// chance cut-off by the bound that fired.
#[test]
fn cli_prints_probabilities_in_lowest_terms_and_counts_chance_cutoffs() {
    let bin = env!("CARGO_BIN_EXE_prunescope");
    let o = std::process::Command::new(bin)
        .args([
            "tree",
            "--algo",
            "star1",
            "bounds 0 10 ([1:5 2:(7 9)] [2:1 1:2 1:9])",
        ])
        .output()
        .unwrap();
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("leaf p=1/2"), "{out}");
    assert!(!out.contains("p=2/4"), "{out}");
    assert!(out.contains("p=1/3") && out.contains("p=2/3"), "{out}");
    assert!(
        out.contains("cut-offs   0 beta, 0 chance fail low (A_i), 1 chance fail high (B_i)\n"),
        "{out}"
    );
}

// ---- Issue 32: one pipeline (the memory budget, streaming, old files) ----

/// The 612-byte tree: a chain of nested one-branch chance nodes under `bounds 0 1`.
/// Star2 probes every decision node below a chance node and then searches it again, so its
/// search doubles at every level: it never ends, and only the limits stop it.
fn chain_tree() -> String {
    let mut s = "[1:1]".to_string();
    for _ in 0..99 {
        s = format!("[1:({s})]");
    }
    format!("bounds 0 1 ({s})")
}

/// A chance search under a memory budget stops cleanly before the next node that might not
/// fit, as every search does (issue 32 §5: it grew to 2.5 GB before; the page reported "The
/// search core crashed: unreachable"): the recording stays within the budget, the summary says
/// `memory_budget`, the open nodes are `aborted`, and the partial trace reads back and verifies.
#[test]
fn a_chance_search_stops_cleanly_under_the_memory_budget() {
    let text = chain_tree();
    assert_eq!(text.len(), 612);
    let input = Input::Tree { text: text.clone() };
    let p = input.prepare().unwrap();
    let cfg = chance_config(ChanceAlgorithm::Star2, 0);
    let budget: u64 = 4 << 20;
    let (summary, rec) = p.search_traced(&cfg, budget).unwrap();
    assert_eq!(
        summary.stopped,
        Some(prunescope::search::StopCause::MemoryBudget)
    );
    assert!(summary.aborted && summary.value.is_none());
    assert!(
        rec.heap_bytes() as u64 <= budget,
        "{} bytes held against a budget of {budget}",
        rec.heap_bytes()
    );
    assert!(rec.nodes.len() > 10_000, "{}", rec.nodes.len());
    assert_eq!(rec.nodes[0].reason(), StopReason::Aborted);
    let f = TraceFile {
        header: TraceHeader {
            input,
            config: cfg,
            summary,
        },
        rec,
    };
    let back = round_trip(&f, Format::Binary);
    assert_eq!(back.rec.nodes, f.rec.nodes);
    prunescope::trace_file::verify::verify(&back).unwrap();
    // The node cap stops it the same way.
    let (s, rec) = p
        .search_traced(&chance_config(ChanceAlgorithm::Star2, 5000), 0)
        .unwrap();
    assert_eq!(s.stopped, Some(prunescope::search::StopCause::NodeCap));
    assert_eq!(rec.nodes.len(), 5000);
}

/// A hook that hands the recording on every `every` entered nodes, as the page's worker does,
/// and keeps what it was handed.
#[derive(Default)]
struct Stream {
    every: usize,
    parts: usize,
    nodes: Vec<prunescope::trace::record::NodeRec>,
    events: Vec<u8>,
    most_held: usize,
}

impl prunescope::search::Hook<prunescope::Recorder> for Stream {
    fn after(&mut self, r: &mut prunescope::Recorder) {
        if r.nodes.len() < self.every {
            return;
        }
        for (id, rec) in r.early_changed() {
            self.nodes[id as usize] = rec;
        }
        self.nodes.extend_from_slice(&r.nodes);
        self.events.extend_from_slice(&r.events);
        self.most_held = self.most_held.max(r.nodes.len());
        self.parts += 1;
        r.hand_on();
    }
}

/// A chance search streams: its nodes reach the tracer while it searches (the parts are handed
/// on before the search returns), the streaming recorder holds one part at a time, and the
/// parts put together are the whole recording of the same search.
#[test]
fn a_chance_search_streams_as_it_goes() {
    let mut rng = Rng::new(32);
    let t = loop {
        let t = T::random(&mut rng, 6, 0, 9);
        let tree = Tree::parse(&format!("bounds 0 9 {}", t.text())).unwrap();
        let exact = ChanceAlgorithm::ALL
            .iter()
            .all(|&a| chance::prepare(&tree, a).is_ok());
        if matches!(t, T::Chance(_)) && t.text().len() > 200 && exact {
            break t;
        }
    };
    for algo in ChanceAlgorithm::ALL {
        let text = format!("bounds 0 9 {}", t.text());
        let p = Input::Tree { text: text.clone() }.prepare().unwrap();
        let cfg = chance_config(algo, 0);
        let (_, whole) = p.search_traced(&cfg, 0).unwrap();
        let mut h = prunescope::search::Hooked {
            tracer: prunescope::Recorder::new(),
            hook: Stream {
                every: 8,
                ..Stream::default()
            },
        };
        p.search(&cfg, &mut h).unwrap();
        let s = &mut h.hook;
        let r = &h.tracer;
        let parts_during_search = s.parts;
        for (id, rec) in r.early_changed() {
            s.nodes[id as usize] = rec;
        }
        s.nodes.extend_from_slice(&r.nodes);
        s.events.extend_from_slice(&r.events);
        assert!(
            parts_during_search * 8 + 8 > whole.nodes.len() && parts_during_search > 2,
            "{text}: {} parts for {} nodes",
            parts_during_search,
            whole.nodes.len()
        );
        assert!(s.most_held < 16, "{}", s.most_held);
        assert_eq!(s.nodes, whole.nodes, "{text} {}", algo.name());
        assert_eq!(s.events, whole.events, "{text} {}", algo.name());
    }
}

/// Files of versions 3 and 4 keep opening, and `verify` and `convert` keep working on them
/// (issue 32 §6): decision traces, and version-4 chance traces whose `summary.scale` is the
/// least common denominator that version found after the search (tests/fixtures, written by the
/// version-4 build). Converted, they are written as version 5 with their values and scale.
#[test]
fn old_trace_files_still_open_verify_and_convert() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_str().unwrap().starts_with("v4-"))
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect();
    files.sort();
    assert!(files.len() >= 7, "{files:?}");
    // A version-3 decision trace: version 4's file without `line_proven_to`.
    let v4 = String::from_utf8(
        files
            .iter()
            .find(|f| f.0.contains("decision-alphabeta"))
            .unwrap()
            .1
            .clone(),
    )
    .unwrap();
    assert!(v4.contains("\"version\":4"));
    let v3 = v4.replacen("\"version\":4", "\"version\":3", 1).replacen(
        "\"line_proven_to\":null,",
        "",
        1,
    );
    assert_ne!(v3, v4);
    files.push(("v3-decision-alphabeta.json".into(), v3.into_bytes()));
    let mut chance_files = 0;
    for (name, bytes) in &files {
        let f = trace_file::read(&bytes[..]).unwrap_or_else(|e| panic!("{name}: {e}"));
        prunescope::trace_file::verify::verify(&f).unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Some(algo) = f.header.config.chance {
            chance_files += 1;
            // version 4 wrote the least common denominator, which this build's scale divides
            let tree = Tree::parse(&text_of(&f)).unwrap();
            let own = chance::scale_of(&tree, algo).unwrap();
            assert_eq!(own % f.header.summary.scale, 0, "{name}");
        }
        for format in [Format::Json, Format::Binary] {
            let mut out = Vec::new();
            let p = f.prepare().unwrap();
            let h = &f.header;
            trace_file::write(
                &mut out, format, &h.input, &p, &h.config, &h.summary, &f.rec,
            )
            .unwrap();
            let back = trace_file::read(&out[..]).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(back.rec.nodes, f.rec.nodes, "{name}");
            assert_eq!(back.header.summary.scale, f.header.summary.scale, "{name}");
            prunescope::trace_file::verify::verify(&back).unwrap_or_else(|e| panic!("{name}: {e}"));
            if format == Format::Json {
                let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
                assert_eq!(v["version"], 5, "{name}");
            }
        }
        // A hand-edited value is still refused in an old file.
        if name.ends_with("v4-chance-star1.json") {
            let text = String::from_utf8(bytes.clone()).unwrap();
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            let stored = v["nodes"][1]["value"].as_i64().unwrap();
            let bad = text.replacen(
                &format!("\"value\":{stored},\"bound\""),
                &format!("\"value\":{},\"bound\"", stored + 1),
                1,
            );
            assert_ne!(bad, text);
            let refused = trace_file::read(bad.as_bytes())
                .map(|f| prunescope::trace_file::verify::verify(&f).map(|_| ()))
                .map_or(true, |r| r.is_err());
            assert!(refused, "{name}: an edited value was accepted");
        }
    }
    assert_eq!(chance_files, 5);
}

/// `prunescope tree --algo star1 --json` prints the trace format (issue 32 §1), the same
/// recording `--trace` writes, and the CLI runs the search once.
#[test]
fn cli_json_of_a_chance_search_is_the_trace_format() {
    let bin = env!("CARGO_BIN_EXE_prunescope");
    let text = MUTATED[0];
    let dir = std::env::temp_dir().join(format!("prunescope-chance-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.json");
    let o = std::process::Command::new(bin)
        .args(["tree", "--algo", "star1", text, "--json", "--trace"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let printed = String::from_utf8(o.stdout).unwrap();
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(printed.trim_end(), written.trim_end());
    let f = trace_file::read(printed.as_bytes()).unwrap();
    assert_eq!(f.header.config.chance, Some(ChanceAlgorithm::Star1));
    assert_eq!(
        f.header.summary.scale,
        traced(text, ChanceAlgorithm::Star1).header.summary.scale
    );
    std::fs::remove_dir_all(&dir).ok();
}
