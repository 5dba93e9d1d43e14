//! The tree as a printed figure shows it: every node of an explicit tree in pre-order, and, when
//! a search of it is given, what the search had done by an event (the page's cursor) or by its
//! end — which nodes it had entered and left, their windows, values, bounds and node types, and
//! the branches it pruned with the rule that cut them. Values are shown in MAX's view (MAX/MIN,
//! as the page's MAX/MIN setting) or as the search returns them (negamax), exactly as the page
//! shows them (www/model/format.js `shownValue`, www/views/draw/pruned.js `cutRule`).
//!
//! Spoiler-free as the page (issue 18 §4): before a node's cut-off event its pruned branches are
//! drawn as the nodes the search has not reached yet, never as pruned.

use super::{FigureError, bad};
use crate::game::INF;
use crate::game::tree::Tree;
use crate::run::{Input, Prepared};
use crate::schema::{Bound, EventKind, NodeType, StopReason};
use crate::search::config::{Cutoff, SearchConfig};
use crate::trace_file::json::{node_pruned, own_prune_reasons};
use serde::{Deserialize, Serialize};

/// Largest tree a figure draws, counting every node (leaves included): past a few hundred nodes
/// the labels of a tree no longer fit a printed page (an A4 page in landscape holds about 60
/// leaves side by side at a readable size). Larger trees are refused, naming this limit.
pub const MAX_FIGURE_NODES: usize = 300;

/// How values are shown: from MAX's view (a MIN node's value, bound and window turned around,
/// as the page's MAX/MIN view), or as the negamax search returns them (the side to move's view).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum View {
    #[default]
    Maxmin,
    Negamax,
}

impl View {
    pub fn parse(s: &str) -> Option<View> {
        match s {
            "maxmin" => Some(View::Maxmin),
            "negamax" => Some(View::Negamax),
            _ => None,
        }
    }
}

/// What the search had done with a node by the figure's event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// No search is drawn, or the search had not entered the node yet (a branch it will prune
    /// is drawn so too until its cut-off: nothing gives the answer away).
    Unsearched,
    /// Entered, not left yet: its window is known, its value not.
    Open,
    /// Left: its value, bound and actual type are known.
    Returned,
    /// In a branch pruned by an ancestor's cut-off that had happened by the figure's event.
    Pruned,
}

/// A number as a figure writes it: an integer, an exact fraction (chance searches) or ±∞.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Num {
    Int(i64),
    /// `n/d` in lowest terms, `d > 1`.
    Frac(i64, i64),
    PosInf,
    NegInf,
}

impl Num {
    /// A stored value `raw` over the trace's `scale` (1 but in chance searches).
    pub fn of(raw: i64, scale: u64) -> Num {
        if raw >= INF as i64 * scale as i64 {
            return Num::PosInf;
        }
        if raw <= -(INF as i64) * scale as i64 {
            return Num::NegInf;
        }
        let d = scale as i64;
        let g = gcd(raw.unsigned_abs(), scale) as i64;
        let (n, d) = (raw / g, d / g);
        if d == 1 { Num::Int(n) } else { Num::Frac(n, d) }
    }

    pub fn negated(self) -> Num {
        match self {
            Num::Int(n) => Num::Int(-n),
            Num::Frac(n, d) => Num::Frac(-n, d),
            Num::PosInf => Num::NegInf,
            Num::NegInf => Num::PosInf,
        }
    }
}

/// The crate's one gcd (search/frac.rs), at least 1.
fn gcd(a: u64, b: u64) -> u64 {
    (crate::search::frac::gcd(u128::from(a), u128::from(b)) as u64).max(1)
}

/// A comparison as a rule writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rel {
    Ge,
    Gt,
    Le,
    Lt,
}

/// The rule that cut a node's remaining branches, in the view the figure is drawn in: the
/// page's words (www/views/draw/pruned.js `cutRule`, www/model/narrate.js `chanceRule`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A β-cut-off: `value ≥ β = bound`, at a MIN node in MAX's view `value ≤ α = bound`
    /// (`>`/`<` under the strict rule, which cuts only when the bound is strictly passed).
    Cut {
        value: Num,
        rel: Rel,
        /// `true`: the bound is α (a MIN node in MAX's view), else β.
        alpha: bool,
        bound: Num,
    },
    /// A chance node's cut-off (Ballard's Star1/Star2): branch `child` returned `value`, which
    /// reached `B_child` (`high`) or fell to `A_child`; `negated`: written from MAX's view at a
    /// MIN chance node, as `−B_i`.
    Chance {
        child: u32,
        value: Num,
        rel: Rel,
        high: bool,
        negated: bool,
        bound: Num,
    },
    /// Any other reason, in the page's words (`TT cut-off`, `search stopped`, …).
    Words(&'static str),
}

/// One node of the figure, in pre-order (the root is 0).
#[derive(Clone, Debug)]
pub struct SceneNode {
    pub parent: Option<u32>,
    pub children: Vec<u32>,
    /// Its index among its parent's children (the move's code in a tree's trace).
    pub code: u32,
    /// MAX moves here (at a chance node: the player who moves after the chance event).
    pub max: bool,
    pub chance: bool,
    /// The probability `w/S` of the branch into it, when its parent is a chance node.
    pub prob: Option<Num>,
    /// A leaf's value in the figure's view (the problem statement: always shown).
    pub leaf: Option<Num>,
    pub state: State,
    /// The value returned, in the figure's view, with its bound in the same view.
    pub value: Option<(Num, Bound)>,
    /// The window at entry, in the figure's view.
    pub window: Option<(Num, Num)>,
    pub expected: Option<NodeType>,
    /// The actual type (known when the node returned).
    pub actual: Option<NodeType>,
    /// On the first branch a cut-off pruned: the rule that cut it.
    pub cut: Option<Rule>,
}

/// A figure's tree: its nodes and what is known of the search drawn.
#[derive(Clone, Debug)]
pub struct Scene {
    pub nodes: Vec<SceneNode>,
    pub view: View,
    /// The search drawn, in the trace's words (`alphabeta`, `star1`, …), if any.
    pub algo: Option<String>,
    pub cutoff: Cutoff,
    /// The tape's length, and the event drawn (`None`: the finished search).
    pub events: u64,
    pub at: Option<u64>,
    /// The root's value from MAX's view when the search finished (exact fractions).
    pub value: Option<Num>,
}

/// What a figure asks of the search: the search itself, and the event to stop at.
pub struct SceneSearch<'a> {
    pub config: &'a SearchConfig,
    /// The event (0-based, as the page's cursor) the figure shows the search at; `None`: the end.
    pub at: Option<u64>,
}

/// The tree's nodes in pre-order with parents, children, players, probabilities and leaves, in
/// `view` (a leaf at a MIN node is negated in the negamax view, as the page shows it).
fn pre_order(tree: &Tree, view: View) -> Vec<SceneNode> {
    let (first, values) = tree.shape_arrays();
    let mut out: Vec<SceneNode> = Vec::with_capacity(values.len());
    // (breadth-first index, parent's pre-order number, code, MAX moves here, parent's weight sum)
    let mut stack: Vec<(u32, Option<u32>, u32, bool, u64)> =
        vec![(0, None, 0, !tree.min_root(), 0)];
    while let Some((b, parent, code, max, total)) = stack.pop() {
        let id = out.len() as u32;
        let (lo, hi) = (first[b as usize], first[b as usize + 1]);
        let chance = tree.is_chance(b);
        let prob = (total > 0).then(|| Num::of(tree.weight_of(b) as i64, total));
        let leaf = (lo == hi).then(|| {
            let v = Num::Int(values[b as usize] as i64);
            if view == View::Negamax && !max {
                v.negated()
            } else {
                v
            }
        });
        out.push(SceneNode {
            parent,
            children: Vec::new(),
            code,
            max,
            chance,
            prob,
            leaf,
            state: State::Unsearched,
            value: None,
            window: None,
            expected: None,
            actual: None,
            cut: None,
        });
        if let Some(p) = parent {
            out[p as usize].children.push(id);
        }
        let s: u64 = if chance {
            (lo..hi).map(|c| tree.weight_of(c) as u64).sum()
        } else {
            0
        };
        for c in (lo..hi).rev() {
            stack.push((c, Some(id), c - lo, if chance { max } else { !max }, s));
        }
    }
    out
}

/// The page's words for a stop reason that is not a cut-off it writes as a rule
/// (www/model/narrate.js `STOP_WORDS`).
fn stop_words(r: StopReason) -> &'static str {
    match r {
        StopReason::Leaf => "leaf",
        StopReason::Terminal => "no legal moves",
        StopReason::Draw => "draw by rule",
        StopReason::Repetition => "repetition",
        StopReason::AllMoves => "all moves",
        StopReason::BetaCutoff => "β-cut-off",
        StopReason::Aborted => "search stopped",
        StopReason::TtCutoff => "TT cut-off",
        StopReason::NullMoveCutoff => "null-move cut-off",
        StopReason::MultiCut => "multi-cut",
        StopReason::UncertaintyCutoff => "uncertainty cut-off",
        StopReason::StandPat => "stand pat",
        StopReason::ChanceFailLow => "chance cut-off (≤ A_i)",
        StopReason::ChanceFailHigh => "chance cut-off (≥ B_i)",
        StopReason::Probe => "probe",
    }
}

/// Per trace node: the events that concern a figure.
#[derive(Clone, Copy, Default)]
struct Events {
    enter: u64,
    exit: Option<u64>,
    /// The cut-off event (`cutoff` or `chance_cutoff`), with its data words and the child that
    /// had just returned.
    cut: Option<(u64, [i32; 3], Option<u32>)>,
}

/// The figure of `tree_text`, with the search `search` drawn if given. Refuses a tree of more
/// than [`MAX_FIGURE_NODES`] nodes, a configuration the core refuses, and an event past the end.
pub fn scene(
    tree_text: &str,
    search: Option<SceneSearch>,
    view: View,
) -> Result<Scene, FigureError> {
    let tree = Tree::parse(tree_text).map_err(|e| bad("tree", e.to_string()))?;
    if tree.len() > MAX_FIGURE_NODES {
        return Err(bad(
            "tree",
            format!(
                "a figure is drawn for trees of up to {MAX_FIGURE_NODES} nodes, leaves \
                 included, and this one has {}: past that its labels no longer fit a page \
                 (export the page's SVG or PNG instead)",
                tree.len()
            ),
        ));
    }
    let mut nodes = pre_order(&tree, view);
    let Some(search) = search else {
        return Ok(Scene {
            nodes,
            view,
            algo: None,
            cutoff: Cutoff::Standard,
            events: 0,
            at: None,
            value: None,
        });
    };
    let cfg = search.config;
    let input = Input::Tree {
        text: tree_text.to_string(),
    };
    let prepared = input.prepare().map_err(|e| bad("tree", e.to_string()))?;
    let (summary, rec) = prepared
        .search_traced(cfg, 0)
        .map_err(|e| bad("config", e.to_string()))?;
    let Prepared::Tree(_) = &prepared else {
        return Err(bad("tree", "not an explicit tree"));
    };
    let scale = summary.scale.max(1);
    let events = rec.events.len() as u64;
    if let Some(at) = search.at
        && at >= events
    {
        return Err(bad(
            "at",
            format!(
                "event {at} is past the end: this search has {events} events, numbered 0 to {}",
                events.saturating_sub(1)
            ),
        ));
    }
    let at = search.at.unwrap_or(u64::MAX);
    let ev = tape(&rec);
    let of_trace = tree_nodes(&rec, &nodes);
    // each tree node's last search entered by the event (a re-search shows its last search)
    let mut visit: Vec<Option<u32>> = vec![None; nodes.len()];
    for (tid, &n) in of_trace.iter().enumerate() {
        if ev[tid].enter <= at {
            visit[n as usize] = Some(tid as u32);
        }
    }
    let maxmin = view == View::Maxmin;
    let strict = cfg.cutoff == Cutoff::Strict;
    let own = own_prune_reasons(&rec);
    let mut searched: Vec<Vec<u16>> = vec![Vec::new(); rec.nodes.len()];
    for r in &rec.nodes {
        if !r.is_root() {
            searched[r.parent as usize].push(r.move_code);
        }
    }
    for i in 0..nodes.len() {
        let Some(t) = visit[i] else { continue };
        let r = &rec.nodes[t as usize];
        let n = &mut nodes[i];
        // MAX's view turns a MIN node's value, bound and window around (www/model/format.js)
        let flip = maxmin && !n.max;
        let num = |v: i32| {
            let x = Num::of(v as i64, scale);
            if flip { x.negated() } else { x }
        };
        n.window = Some(if flip {
            (num(r.beta), num(r.alpha))
        } else {
            (num(r.alpha), num(r.beta))
        });
        n.expected = Some(r.expected());
        let e = ev[t as usize];
        let returned = e.exit.is_some_and(|x| x <= at);
        n.state = if returned {
            State::Returned
        } else {
            State::Open
        };
        if returned {
            let b = match (flip, r.bound()) {
                (true, Bound::Upper) => Bound::Lower,
                (true, Bound::Lower) => Bound::Upper,
                (_, b) => b,
            };
            n.value = Some((num(r.value), b));
            n.actual = Some(r.actual());
        }
        // the branches this search pruned, shown once its cut-off (or its return) has happened
        let shown_from = e.cut.map(|c| c.0).or(e.exit);
        if shown_from.is_none_or(|x| x > at) {
            continue;
        }
        let mut s = searched[t as usize].clone();
        s.sort_unstable();
        let kids = n.children.len() as u16;
        let mut pruned = Vec::new();
        node_pruned(
            r.reason(),
            || (0..kids).collect::<Vec<u16>>(),
            &s,
            own.get(&t).map_or(&[][..], |v| v.as_slice()),
            &mut pruned,
        );
        let Some(&(first, _)) = pruned.first() else {
            continue;
        };
        let rule = cut_rule(r, e, flip, strict, scale, &rec);
        let kids = n.children.clone();
        for (code, _) in &pruned {
            mark_pruned(&mut nodes, kids[*code as usize]);
        }
        nodes[kids[first as usize] as usize].cut = Some(rule);
    }
    let value = summary.value.map(|v| {
        let x = Num::of(v as i64, scale);
        if tree.min_root() { x.negated() } else { x }
    });
    Ok(Scene {
        nodes,
        view,
        algo: Some(match cfg.chance {
            Some(c) => c.name().to_string(),
            None => cfg.algo.name().to_string(),
        }),
        cutoff: cfg.cutoff,
        events,
        at: search.at,
        value: value.filter(|_| search.at.is_none() && !summary.aborted),
    })
}

/// The rule that cut node `r`'s remaining branches, as the page writes it (`cutRule`).
fn cut_rule(
    r: &crate::trace::record::NodeRec,
    e: Events,
    flip: bool,
    strict: bool,
    scale: u64,
    rec: &crate::trace::record::Recorder,
) -> Rule {
    match (r.reason(), e.cut) {
        (StopReason::BetaCutoff, Some((_, [v, beta, _], _))) => {
            let (v, b) = (Num::of(v as i64, scale), Num::of(beta as i64, scale));
            if flip {
                Rule::Cut {
                    value: v.negated(),
                    rel: if strict { Rel::Lt } else { Rel::Le },
                    alpha: true,
                    bound: b.negated(),
                }
            } else {
                Rule::Cut {
                    value: v,
                    rel: if strict { Rel::Gt } else { Rel::Ge },
                    alpha: false,
                    bound: b,
                }
            }
        }
        (
            StopReason::ChanceFailLow | StopReason::ChanceFailHigh,
            Some((_, [v, bound, side], child)),
        ) => {
            let high = side != 0;
            let (v, b) = (Num::of(v as i64, scale), Num::of(bound as i64, scale));
            let child = child.map_or(0, |c| rec.nodes[c as usize].move_code as u32);
            if flip {
                Rule::Chance {
                    child,
                    value: v.negated(),
                    rel: if high { Rel::Le } else { Rel::Ge },
                    high,
                    negated: true,
                    bound: b.negated(),
                }
            } else {
                Rule::Chance {
                    child,
                    value: v,
                    rel: if high { Rel::Ge } else { Rel::Le },
                    high,
                    negated: false,
                    bound: b,
                }
            }
        }
        (reason, _) => Rule::Words(stop_words(reason)),
    }
}

/// Each trace node's pre-order node (a tree's move code is the child's index).
fn tree_nodes(rec: &crate::trace::record::Recorder, nodes: &[SceneNode]) -> Vec<u32> {
    let mut of_trace: Vec<u32> = Vec::with_capacity(rec.nodes.len());
    for r in &rec.nodes {
        let at_node = if r.is_root() {
            0
        } else {
            let p = of_trace[r.parent as usize] as usize;
            nodes[p].children[r.move_code as usize]
        };
        of_trace.push(at_node);
    }
    of_trace
}

/// The tape, once: each node's enter, exit and cut-off events.
fn tape(rec: &crate::trace::record::Recorder) -> Vec<Events> {
    let mut ev: Vec<Events> = vec![Events::default(); rec.nodes.len()];
    let mut last_exit: Option<u32> = None;
    for (e, view) in rec.replay().enumerate() {
        let e = e as u64;
        let Some(n) = view.node else { continue };
        match view.kind {
            EventKind::Enter => ev[n as usize].enter = e,
            EventKind::Exit => {
                ev[n as usize].exit = Some(e);
                last_exit = Some(n);
            }
            EventKind::Cutoff | EventKind::ChanceCutoff => {
                let aux = [view.aux[0], view.aux[1], view.aux[2]];
                ev[n as usize].cut = Some((e, aux, last_exit));
            }
            _ => {}
        }
    }
    ev
}

/// Marks node `i` and its subtree pruned (a pruned branch shows nothing of an earlier search).
fn mark_pruned(nodes: &mut [SceneNode], i: u32) {
    let mut stack = vec![i];
    while let Some(k) = stack.pop() {
        let n = &mut nodes[k as usize];
        n.state = State::Pruned;
        n.value = None;
        n.window = None;
        n.expected = None;
        n.actual = None;
        stack.extend(n.children.iter().copied());
    }
}
