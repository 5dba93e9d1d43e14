//! Chance nodes (issue 20 §3): expectimax, Ballard's Star1 and Star2 against a textbook
//! expectimax written here, with its own parser and its own exact fractions, on thousands of
//! seeded random trees; every recorded node's value read against its bound; node counts on
//! hand trees; the tree text's chance grammar and its errors.

use prunescope::game::synthetic::Rng;
use prunescope::game::tree::{ParseErrorKind, Tree};
use prunescope::schema::Bound;
use prunescope::search::chance::{self, ChanceAlgorithm, ChanceError, ChanceStop};

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

fn run(text: &str, algo: ChanceAlgorithm) -> chance::ChanceResult {
    let tree = Tree::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    chance::search(&tree, algo, 0, true).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn star1_and_star2_give_expectimax_value_and_every_record_tells_the_truth() {
    let mut rng = Rng::new(20);
    let mut pruned_at_chance = [0u32; 3];
    for case in 0..4000 {
        let lo = rng.range(-6, 3);
        let hi = lo + rng.range(0, 8);
        let t = T::random(&mut rng, 1 + case % 6, lo, hi);
        let text = format!("bounds {lo} {hi} {}", t.text());
        let truth = t.value(true);
        for (a, algo) in ChanceAlgorithm::ALL.into_iter().enumerate() {
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
            let quiet = chance::search(&tree, algo, 0, false).unwrap();
            assert_eq!((quiet.value, quiet.nodes), (r.value, r.nodes));
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
                if n.reason == ChanceStop::ChanceFailLow || n.reason == ChanceStop::ChanceFailHigh {
                    pruned_at_chance[a] += n.pruned.len() as u32;
                }
                // A pruned branch was never entered from this node in the search phase.
                for p in &n.pruned {
                    let mut path = n.path.clone();
                    path.push(p.child);
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
    assert_eq!(cut.reason, ChanceStop::ChanceFailHigh);
    assert_eq!(cut.value.to_string(), "-11/2");
    assert_eq!(cut.bound, Bound::Lower);
    assert_eq!(cut.pruned.len(), 1);
    assert_eq!(cut.pruned[0].bound.to_string(), "-5");
    assert_eq!(cut.pruned[0].value.to_string(), "-1");
    // Star2: chance 1 (unbounded window) probes leaf 5 and the MIN node's first leaf (3
    // nodes), then searches all (4): 8; chance 2 probes its leaf, −1 ≥ B_0 = −5 already in
    // the probing phase: 2. 1 + 8 + 2 = 11.
    let probe_cut = &s2.trace[9];
    assert_eq!(probe_cut.path, vec![1]);
    assert_eq!(probe_cut.reason, ChanceStop::ChanceFailHigh);
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
    assert_eq!(s2.trace[0].reason, ChanceStop::ChanceFailHigh);
    assert!(s2.trace[3].probe);
    assert_eq!(s1.value.to_string(), "9");
}

#[test]
fn star_searches_need_declared_bounds() {
    let tree = Tree::parse("[1:3 2:(4 5)]").unwrap();
    for algo in [ChanceAlgorithm::Star1, ChanceAlgorithm::Star2] {
        let e = chance::search(&tree, algo, 0, false).unwrap_err();
        assert_eq!(e, ChanceError::NoBounds { algo: algo.name() });
        assert!(e.to_string().contains("bounds L U"), "{e}");
    }
    let r = chance::search(&tree, ChanceAlgorithm::Expectimax, 0, false).unwrap();
    assert_eq!(r.value.to_string(), "13/3");
    let e = chance::search(&tree, ChanceAlgorithm::Expectimax, 3, false).unwrap_err();
    assert_eq!(e, ChanceError::NodeCap { cap: 3 });
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

/// A `min` header gives the root to MIN (CONTRACT §1): a root chance node's children are then
/// MIN's, and the value, from MAX's view, is the average of their minima; Star1 and Star2 start
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
