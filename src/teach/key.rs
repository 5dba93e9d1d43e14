//! The answer key of an exercise, read from the core's own trace: which branches the search
//! pruned, what each node returned and the window it was entered with, from MAX's view.

use super::{ExerciseError, bad};
use crate::game::INF;
use crate::game::tree::Tree;
use crate::run::{Input, Prepared};
use crate::schema::Bound;
use crate::search::config::{Algorithm, Cutoff, SearchConfig};
use serde::Serialize;

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
    /// MAX moves here.
    pub max: bool,
    /// A leaf's value from MAX's view (the problem statement: always shown).
    pub leaf: Option<i32>,
    /// The search entered this node.
    pub visited: bool,
    /// The search entered the parent but not this node: the branch to it was pruned.
    pub pruned: bool,
    /// What the node returned, from MAX's view (visited nodes).
    pub value: Option<i32>,
    /// `exact`, `upper` (≤) or `lower` (≥), from MAX's view.
    pub bound: Option<&'static str>,
    /// The value as the student writes it: `5`, `≤ 2`, `≥ 5`.
    pub answer: Option<String>,
    /// The window (α, β) at entry, from MAX's view, as written: `-inf`, `+inf` or an integer.
    pub window: Option<[String; 2]>,
    /// The node's id in the trace (entry order), for the page to follow the search.
    pub trace_id: Option<u32>,
}

/// Everything a grader needs: the tree's nodes with their answers, and the search's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnswerKey {
    pub nodes: Vec<KeyNode>,
    /// Root value from MAX's view.
    pub value: i32,
    /// Nodes the search entered.
    pub visited: u64,
    /// The exercise asks for windows.
    pub windows: bool,
}

/// A window side as written: `-inf`, `+inf` or the integer.
pub fn side_text(v: i32) -> String {
    if v <= -INF {
        "-inf".into()
    } else if v >= INF {
        "+inf".into()
    } else {
        v.to_string()
    }
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
        let prepared = input.prepare().map_err(|e| bad("tree", e.to_string()))?;
        let Prepared::Tree(tree) = &prepared else {
            return Err(bad("tree", "not an explicit tree"));
        };
        let cfg = SearchConfig {
            algo: Algorithm::AlphaBeta,
            cutoff,
            ..SearchConfig::default()
        };
        let (summary, rec) = prepared
            .search_traced(&cfg, 0)
            .map_err(|e| bad("cutoff", e.to_string()))?;
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
            n.value = Some(value);
            n.bound = Some(match bound {
                Bound::Exact => "exact",
                Bound::Upper => "upper",
                Bound::Lower => "lower",
            });
            n.answer = Some(answer_text(value, bound));
            n.window = Some([side_text(window[0]), side_text(window[1])]);
        }
        for i in 1..nodes.len() {
            let p = nodes[i].parent.expect("not the root") as usize;
            nodes[i].pruned = nodes[p].visited && !nodes[i].visited;
        }
        let root = summary.value.unwrap_or(0);
        Ok(AnswerKey {
            value: if tree.min_root() { -root } else { root },
            visited: summary.nodes,
            windows,
            nodes,
        })
    }

    /// The inner nodes whose value the student gives: those the search entered.
    pub fn asks_value(&self, i: usize) -> bool {
        let n = &self.nodes[i];
        n.visited && n.leaf.is_none()
    }

    /// The branches whose pruning the student decides: every node below one the search
    /// entered.
    pub fn asks_pruned(&self, i: usize) -> bool {
        self.nodes[i]
            .parent
            .is_some_and(|p| self.nodes[p as usize].visited)
    }

    /// The inner nodes whose window the student gives (when the exercise asks for windows).
    pub fn asks_window(&self, i: usize) -> bool {
        self.windows && self.asks_value(i)
    }
}

/// The tree's nodes in pre-order, with parents, children, plies and leaf values.
fn pre_order(tree: &Tree) -> Vec<KeyNode> {
    let (first, values) = tree.shape_arrays();
    let mut out: Vec<KeyNode> = Vec::with_capacity(values.len());
    // (breadth-first index, parent's pre-order number, ply)
    let mut stack: Vec<(u32, Option<u32>, u32)> = vec![(0, None, 0)];
    let root_max = !tree.min_root();
    while let Some((b, parent, ply)) = stack.pop() {
        let id = out.len() as u32;
        let (lo, hi) = (first[b as usize], first[b as usize + 1]);
        out.push(KeyNode {
            parent,
            children: Vec::new(),
            ply,
            max: root_max == (ply % 2 == 0),
            leaf: (lo == hi).then_some(values[b as usize]),
            visited: false,
            pruned: false,
            value: None,
            bound: None,
            answer: None,
            window: None,
            trace_id: None,
        });
        if let Some(p) = parent {
            out[p as usize].children.push(id);
        }
        for c in (lo..hi).rev() {
            stack.push((c, Some(id), ply + 1));
        }
    }
    out
}
