//! The answer key of an exercise, read from the core's own trace: which branches the search
//! pruned, what each node returned and the window it was entered with, from MAX's view. A
//! chance exercise's key is read from the core's chance search (src/search/chance.rs), its
//! values exact fractions.

use super::answer::{Expected, Rel, exact_nodes, read_number};
use super::{ChanceExerciseAlgo, ExerciseError, ExerciseReason, bad};
use crate::game::tree::Tree;
use crate::run::{Input, Prepared};
use crate::schema::Bound;
use crate::schema::NodeKind;
use crate::search::config::{Algorithm, Cutoff, SearchConfig};
use crate::search::frac::Frac;
use crate::search::window::side_text;
use crate::trace::record::Recorder;
use serde::Serialize;

/// Where a node stopped early and why, from MAX's view: the branch `by` returned `value`, which
/// passed `threshold` in the direction `sign` (`≥` or `≤`), so the remaining branches were
/// pruned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KeyCut {
    /// `beta_cutoff` (a decision node), `chance_fail_low` or `chance_fail_high` (a chance node
    /// under Ballard's Star1), in the view of the node's own player (src/search/chance.rs).
    pub reason: &'static str,
    /// `≥` or `≤`: how the branch's value passed the threshold, from MAX's view.
    pub sign: &'static str,
    /// The bound that fired (β, α, or Star1's `A_i`/`B_i`), from MAX's view.
    pub threshold: String,
    /// The value that reached it, from MAX's view.
    pub value: String,
    /// The pre-order number of the branch that returned it.
    pub by: u32,
}

/// One node of the exercise's tree, numbered in pre-order (the root is 0, then its first
/// subtree, …), with what the search did there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KeyNode {
    /// Parent's pre-order number (`None` at the root).
    pub parent: Option<u32>,
    /// Children's pre-order numbers, left to right.
    pub children: Vec<u32>,
    /// Plies below the root.
    pub ply: u32,
    /// MAX moves here (at a chance node: the player whose move follows the chance event).
    pub max: bool,
    /// A chance node: its value is the weighted average of its branches.
    pub chance: bool,
    /// The weight of the branch into this node when its parent is a chance node.
    pub weight: Option<u32>,
    /// That branch's probability `w / S`, in lowest terms (`1/3`).
    pub prob: Option<String>,
    /// A leaf's value from MAX's view (the problem statement: always shown).
    pub leaf: Option<i32>,
    /// The search entered this node.
    pub visited: bool,
    /// The search entered the parent but not this node: the branch to it was pruned.
    pub pruned: bool,
    /// What the node returned, from MAX's view (visited nodes): an integer, or an exact
    /// fraction `n/d` in lowest terms in a chance exercise.
    pub value: Option<String>,
    /// `exact`, `upper` (≤) or `lower` (≥), from MAX's view.
    pub bound: Option<&'static str>,
    /// The value as the grader states it (src/teach/answer.rs): `5`, `≤ 2`, `≥ 5`; `2` for a
    /// node the exact-node rule makes exact although the trace records `≤ 2`.
    pub answer: Option<String>,
    /// Graded as exact by the exact-node rule ([`super::answer::exact_nodes`]): the trace
    /// records it so, or every child was searched and each is exact.
    pub exact: bool,
    /// Every form of the value the grader accepts, the stated one first.
    pub accepted: Vec<String>,
    /// The child indices from the root, `0.2` (empty at the root): how the page names it.
    pub path: String,
    /// The window (α, β) at entry, from MAX's view, as written: `-inf`, `+inf` or an integer.
    pub window: Option<[String; 2]>,
    /// The node's id in the trace (entry order), for the page to follow the search.
    pub trace_id: Option<u32>,
    /// The node stopped early: the cut-off that pruned its remaining branches.
    pub cut: Option<KeyCut>,
}

/// Everything a grader needs: the tree's nodes with their answers, and the search's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnswerKey {
    pub nodes: Vec<KeyNode>,
    /// Root value from MAX's view, as written (`3`, `7/3`).
    pub value: String,
    /// The search the key is read from: `alphabeta`, or a chance search (`expectimax`,
    /// `star1`).
    pub algo: &'static str,
    /// The tree's `bounds L U` (chance exercises).
    pub bounds: Option<(i32, i32)>,
    /// Nodes the search entered.
    pub visited: u64,
    /// The exercise asks for windows.
    pub windows: bool,
}

/// A value with its bound, as AIMA writes it.
pub fn answer_text(value: i32, bound: Bound) -> String {
    match bound {
        Bound::Exact => value.to_string(),
        Bound::Upper => format!("≤ {value}"),
        Bound::Lower => format!("≥ {value}"),
    }
}

impl AnswerKey {
    /// Searches `tree_text` with fail-soft alpha-beta under `cutoff` and reads the key from
    /// the trace.
    pub fn of(tree_text: &str, cutoff: Cutoff, windows: bool) -> Result<AnswerKey, ExerciseError> {
        let input = Input::Tree {
            text: tree_text.to_string(),
        };
        let prepared = input.prepare().map_err(|e| bad("tree", e))?;
        let Prepared::Tree(tree) = &prepared else {
            return Err(bad("tree", ExerciseReason::NotExplicitTree));
        };
        let cfg = SearchConfig {
            algo: Algorithm::AlphaBeta,
            cutoff,
            ..SearchConfig::default()
        };
        let (summary, rec) = prepared
            .search_traced(&cfg, 0)
            .map_err(|e| bad("cutoff", e))?;
        let mut nodes = pre_order(tree);
        // Trace node → pre-order node: a child is its parent's child at the move's index.
        let mut of_trace: Vec<u32> = Vec::with_capacity(rec.nodes.len());
        for (tid, r) in rec.nodes.iter().enumerate() {
            let at = if r.is_root() {
                0
            } else {
                let p = of_trace[r.parent as usize] as usize;
                nodes[p].children[r.move_code as usize]
            };
            of_trace.push(at);
            let n = &mut nodes[at as usize];
            // Negamax values are the side to move's: MAX's view flips them at MIN nodes,
            // and with them the bound and the window.
            let (value, bound, window) = if n.max {
                (r.value, r.bound(), [r.alpha, r.beta])
            } else {
                let b = match r.bound() {
                    Bound::Upper => Bound::Lower,
                    Bound::Lower => Bound::Upper,
                    Bound::Exact => Bound::Exact,
                };
                (-r.value, b, [-r.beta, -r.alpha])
            };
            n.visited = true;
            n.trace_id = Some(tid as u32);
            n.value = Some(value.to_string());
            n.bound = Some(match bound {
                Bound::Exact => "exact",
                Bound::Upper => "upper",
                Bound::Lower => "lower",
            });
            n.answer = Some(answer_text(value, bound));
            n.window = Some([side_text(window[0]), side_text(window[1])]);
        }
        finish(&mut nodes);
        let root = summary.value.unwrap_or(0);
        Ok(AnswerKey {
            value: if tree.min_root() { -root } else { root }.to_string(),
            algo: "alphabeta",
            bounds: None,
            visited: summary.nodes,
            windows,
            nodes,
        })
    }

    /// Searches the chance tree `tree_text` with `algo` (src/search/chance.rs) and reads the
    /// key from its record: values exact fractions from MAX's view, a node that stopped early
    /// answered with the bound it returned, and each cut-off with the bound that fired.
    pub fn of_chance(
        tree_text: &str,
        algo: ChanceExerciseAlgo,
    ) -> Result<AnswerKey, ExerciseError> {
        let tree = Tree::parse(tree_text).map_err(|e| bad("tree", e))?;
        let bounds = tree
            .bounds()
            .ok_or_else(|| bad("tree", ExerciseReason::NoBounds))?;
        // The one chance search, recorded as every search is (src/run/chance.rs).
        let cfg = crate::run::chance_config(algo.search(), 0);
        let mut rec = Recorder::new();
        let res = crate::run::chance::search(&tree, algo.search(), &cfg, &mut rec)
            .map_err(|e| bad("algo", e))?;
        let scale = res.scale;
        let frac = |v: i32| crate::run::chance::frac(v, scale).unwrap_or(Frac::ZERO);
        let cuts = crate::run::chance::cut_offs(&rec);
        let mut nodes = pre_order(&tree);
        let text = |f: Frac| f.to_string();
        // Each record's node of the key (pre-order number), found from its parent's.
        let mut key_of: Vec<usize> = Vec::with_capacity(rec.nodes.len());
        for (tid, r) in rec.nodes.iter().enumerate() {
            let at = if r.is_root() {
                0
            } else {
                let p = key_of[r.parent as usize];
                nodes[p].children[r.index as usize] as usize
            };
            key_of.push(at);
            // Star2's probes would enter a node twice; the exercises use expectimax and Star1
            if r.node_kind() == NodeKind::Probe {
                continue;
            }
            let max = nodes[at].max;
            let value = frac(r.value);
            // A value at the node's own bound (L for its player) lies on the edge of what a
            // leaf can be, so a fail-soft "≤ L" (or "≥ U") is exact: nothing lies beyond.
            let (lo, hi) = if max {
                (Frac::int(bounds.0 as i64), Frac::int(bounds.1 as i64))
            } else {
                (Frac::int(-(bounds.1 as i64)), Frac::int(-(bounds.0 as i64)))
            };
            let bound = match r.bound() {
                // a leaf's value is what it is, whatever window it was read with
                _ if nodes[at].leaf.is_some() => Bound::Exact,
                Bound::Upper if value == lo => Bound::Exact,
                Bound::Lower if value == hi => Bound::Exact,
                b => b,
            };
            let flip = |b: Bound| match b {
                Bound::Upper => Bound::Lower,
                Bound::Lower => Bound::Upper,
                Bound::Exact => Bound::Exact,
            };
            let (value, bound) = if max {
                (value, bound)
            } else {
                (value.negated(), flip(bound))
            };
            // A cut-off that left branches unsearched (Star1's chance cut-offs and β cut-offs;
            // a cut by a branch Star2 passes over has no branch that made it: not asked).
            let cut = cuts[tid].and_then(|c| {
                let by = c.by.filter(|&k| k + 1 < u32::from(r.n_moves))?;
                // node view: fail low is `v ≤ A`, fail high and a β cut-off `v ≥ B`
                let low = !c.high;
                let (sign, threshold, v) = if max {
                    (if low { "≤" } else { "≥" }, frac(c.bound), frac(c.value))
                } else {
                    (
                        if low { "≥" } else { "≤" },
                        frac(c.bound).negated(),
                        frac(c.value).negated(),
                    )
                };
                Some(KeyCut {
                    reason: r.reason().name(),
                    sign,
                    threshold: text(threshold),
                    value: text(v),
                    by: nodes[at].children[by as usize],
                })
            });
            let n = &mut nodes[at];
            n.visited = true;
            n.trace_id = Some(tid as u32);
            n.value = Some(text(value));
            n.bound = Some(match bound {
                Bound::Exact => "exact",
                Bound::Upper => "upper",
                Bound::Lower => "lower",
            });
            n.answer = Some(match bound {
                Bound::Exact => text(value),
                Bound::Upper => format!("≤ {value}"),
                Bound::Lower => format!("≥ {value}"),
            });
            n.cut = cut;
        }
        finish(&mut nodes);
        Ok(AnswerKey {
            // the summary's value is the root player's; the key's MAX's
            value: text(if tree.min_root() {
                frac(res.value.unwrap_or(0)).negated()
            } else {
                frac(res.value.unwrap_or(0))
            }),
            algo: algo.name(),
            bounds: Some(bounds),
            visited: res.nodes,
            windows: false,
            nodes,
        })
    }

    /// A chance exercise's key (values are fractions).
    pub fn is_chance(&self) -> bool {
        self.bounds.is_some()
    }

    /// The inner nodes whose value the student gives: those the search entered.
    pub fn asks_value(&self, i: usize) -> bool {
        let n = &self.nodes[i];
        n.visited && n.leaf.is_none()
    }

    /// The branches whose pruning the student decides: every node below one the search
    /// entered.
    pub fn asks_pruned(&self, i: usize) -> bool {
        // expectimax prunes nothing: a chance exercise on it asks values only (docs/teaching.md
        // "Exercises with chance nodes")
        if self.algo == "expectimax" {
            return false;
        }
        self.nodes[i]
            .parent
            .is_some_and(|p| self.nodes[p as usize].visited)
    }

    /// The inner nodes whose window the student gives (when the exercise asks for windows).
    pub fn asks_window(&self, i: usize) -> bool {
        self.windows && self.asks_value(i)
    }
}

/// What every key reads after its search: the pruned branches, the exact-node rule, and each
/// visited inner node's answer as the grader states it with the forms it accepts.
fn finish(nodes: &mut [KeyNode]) {
    for i in 1..nodes.len() {
        let p = nodes[i].parent.expect("not the root") as usize;
        nodes[i].pruned = nodes[p].visited && !nodes[i].visited;
    }
    // an unvisited node is no searched child of its parent: it counts as a move not searched
    let parent: Vec<Option<u32>> = nodes
        .iter()
        .map(|n| if n.visited { n.parent } else { None })
        .collect();
    let moves: Vec<u32> = nodes.iter().map(|n| n.children.len() as u32).collect();
    // a leaf's value is what it is, whatever window it was read with (the trace states its
    // bound against that window)
    let recorded: Vec<bool> = nodes
        .iter()
        .map(|n| n.visited && (n.bound == Some("exact") || n.leaf.is_some()))
        .collect();
    let exact = exact_nodes(&parent, &moves, &recorded);
    for (n, x) in nodes.iter_mut().zip(exact) {
        n.exact = n.visited && x;
        if let Some(e) = n.expected() {
            n.answer = Some(e.stated());
            n.accepted = e.accepted_forms();
        }
    }
}

impl KeyNode {
    /// What the grader expects of this node's value (a visited node), by the exact-node rule.
    pub fn expected(&self) -> Option<Expected> {
        let num = read_number(self.value.as_deref()?).ok()?;
        let recorded = match self.bound? {
            "upper" => Rel::Upper,
            "lower" => Rel::Lower,
            _ => Rel::Exact,
        };
        Some(Expected {
            num,
            recorded,
            exact_node: self.exact,
        })
    }

    /// The node as the page, the hint and the solution name it: `the root`, `node 0.2`.
    pub fn name(&self) -> String {
        if self.path.is_empty() {
            "the root".into()
        } else {
            format!("node {}", self.path)
        }
    }
}

/// The tree's nodes in pre-order, with parents, children, plies, players and leaf values. A
/// decision node's children belong to the other player, a chance node's to its own
/// (docs/cli.md "Tree text"), so on a tree without chance nodes the player alternates with the ply.
fn pre_order(tree: &Tree) -> Vec<KeyNode> {
    let (first, values) = tree.shape_arrays();
    let mut out: Vec<KeyNode> = Vec::with_capacity(values.len());
    // (breadth-first index, parent's pre-order number, ply, MAX moves here, the parent's
    // weight total S when it is a chance node)
    let mut stack: Vec<(u32, Option<u32>, u32, bool, i128)> =
        vec![(0, None, 0, !tree.min_root(), 0)];
    while let Some((b, parent, ply, max, total)) = stack.pop() {
        let id = out.len() as u32;
        let (lo, hi) = (first[b as usize], first[b as usize + 1]);
        let chance = tree.is_chance(b);
        let weight = (total > 0).then(|| tree.weight_of(b));
        let prob = weight.and_then(|w| Frac::new(w as i128, total).ok().map(|f| f.to_string()));
        out.push(KeyNode {
            parent,
            children: Vec::new(),
            ply,
            max,
            chance,
            weight,
            prob,
            leaf: (lo == hi).then_some(values[b as usize]),
            visited: false,
            pruned: false,
            value: None,
            bound: None,
            answer: None,
            exact: false,
            accepted: Vec::new(),
            path: match parent {
                None => String::new(),
                Some(p) => {
                    let pp = &out[p as usize];
                    let k = pp.children.len();
                    if pp.path.is_empty() {
                        k.to_string()
                    } else {
                        format!("{}.{k}", pp.path)
                    }
                }
            },
            window: None,
            trace_id: None,
            cut: None,
        });
        if let Some(p) = parent {
            out[p as usize].children.push(id);
        }
        let s: i128 = if chance {
            (lo..hi).map(|c| tree.weight_of(c) as i128).sum()
        } else {
            0
        };
        for c in (lo..hi).rev() {
            stack.push((c, Some(id), ply + 1, if chance { max } else { !max }, s));
        }
    }
    out
}
