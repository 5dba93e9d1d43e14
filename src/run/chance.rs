//! A chance search (search/chance.rs: expectimax, Ballard's Star1 and Star2) as a version-4
//! trace: its nodes, windows, values and cut-offs fed to any [`Tracer`] in the order they
//! happened, so that trace files, the page's streamed batches and the statistics take it as
//! they take every other search (docs/trace-format.md, "Chance searches").
//!
//! Exact values in 32-bit records: a chance search's values and windows are fractions
//! ([`Frac`]). The trace stores each as an integer, the fraction times one denominator for the
//! whole search, `scale` (the summary's `scale`): the least common multiple of the
//! denominators of every value, window side and bound the search produced, so each stored
//! integer divided by `scale` is the exact fraction, and `scale` is the smallest denominator
//! that does this. Nothing is rounded: a search whose values do not fit is refused
//! ([`ChanceError::TooLarge`]).

use super::{IterationSummary, Summary};
use crate::game::tree::Tree;
use crate::game::{INF, Value};
use crate::schema::{NONE16, NodeKind, NodeType, OrderSource, StopReason};
use crate::search::chance::{
    self, ChanceAlgorithm, ChanceError, ChanceEvent, ChanceNode, ChanceResult, ChanceStop,
};
use crate::search::frac::Frac;
use crate::search::window::Window;
use crate::search::{Enter, Exit, Tracer, UNBOUNDED_DEPTH};

/// The trace's stop reason for a chance search's.
pub fn stop_reason(r: ChanceStop) -> StopReason {
    match r {
        ChanceStop::Leaf => StopReason::Leaf,
        ChanceStop::AllMoves => StopReason::AllMoves,
        ChanceStop::BetaCutoff => StopReason::BetaCutoff,
        ChanceStop::ChanceFailLow => StopReason::ChanceFailLow,
        ChanceStop::ChanceFailHigh => StopReason::ChanceFailHigh,
        ChanceStop::Probe => StopReason::Probe,
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Every fraction the trace will store: windows, values and event values.
fn fractions(r: &ChanceResult) -> impl Iterator<Item = Frac> + '_ {
    let nodes = r
        .trace
        .iter()
        .flat_map(|n| [n.alpha, n.beta, Some(n.value)].into_iter().flatten());
    let events = r.events.iter().flat_map(|e| match *e {
        ChanceEvent::AlphaRaised { old, new } => [old, Some(new)],
        ChanceEvent::Cutoff { value, beta } => [Some(value), Some(beta)],
        ChanceEvent::ChanceCut { value, bound, .. } => [Some(value), Some(bound)],
        ChanceEvent::Enter | ChanceEvent::Exit => [None, None],
    });
    nodes.chain(events.flatten())
}

/// The least common multiple of the denominators of `fracs`: the trace's `scale`.
pub fn scale_of(fracs: impl Iterator<Item = Frac>) -> Result<u64, ChanceError> {
    let mut scale: u128 = 1;
    for f in fracs {
        let d = f.den() as u128;
        scale = (scale / gcd(scale, d))
            .checked_mul(d)
            .filter(|&s| s <= INF as u128)
            .ok_or_else(|| ChanceError::ScaleTooLarge {
                value: f.to_string(),
                lcm: (scale / gcd(scale, d))
                    .checked_mul(d)
                    .map_or_else(|| "beyond 128 bits".to_string(), |l| l.to_string()),
            })?;
    }
    Ok(scale as u64)
}

/// `f` times `scale`, as the trace stores it.
fn scaled(f: Frac, scale: u64, what: &str) -> Result<Value, ChanceError> {
    let too_large = |s: String| ChanceError::TooLarge {
        scale: scale.to_string(),
        what: what.to_string(),
        value: f.to_string(),
        scaled: s,
    };
    let k = scale as i128 / f.den();
    let v = f
        .num()
        .checked_mul(k)
        .ok_or_else(|| too_large("beyond 128 bits".to_string()))?;
    if v.abs() >= INF as i128 {
        return Err(too_large(v.to_string()));
    }
    Ok(v as Value)
}

fn side(f: Option<Frac>, scale: u64, unbounded: Value, what: &str) -> Result<Value, ChanceError> {
    f.map_or(Ok(unbounded), |f| scaled(f, scale, what))
}

/// The probability of the branch at `path` (child indices from the root) when its parent is a
/// chance node: its weight over the sum of its siblings' (the JSON's `probability`, derived
/// from the tree text, written in lowest terms); `None` otherwise or off the tree.
pub fn probability(tree: &Tree, path: impl Iterator<Item = u32>) -> Option<Frac> {
    let (mut node, mut parent) = (0u32, None);
    for k in path {
        let (first, n) = tree.children_of(node);
        if k >= n {
            return None;
        }
        parent = Some(node);
        node = first + k;
    }
    let p = parent.filter(|&p| tree.is_chance(p))?;
    let (first, n) = tree.children_of(p);
    let total: i128 = (0..n).map(|j| tree.weight_of(first + j) as i128).sum();
    Frac::new(tree.weight_of(node) as i128, total).ok()
}

/// Runs `algo` on `tree` and feeds the search to `tracer` as a version-4 trace (one root
/// search at the explicit trees' depth); returns its summary, whose values and `scale` say the
/// exact fractions. `node_cap` stops the search with an error (0 = none).
pub fn search<T: Tracer>(
    tree: &Tree,
    algo: ChanceAlgorithm,
    node_cap: u64,
    tracer: &mut T,
) -> Result<Summary, ChanceError> {
    if !tree.has_chance() {
        return Err(ChanceError::NotChance { algo: algo.name() });
    }
    if let Some((l, u)) = tree.bounds()
        && algo.needs_bounds()
        && l >= u
    {
        return Err(ChanceError::EmptyBounds {
            algo: algo.name(),
            l,
            u,
        });
    }
    let r = chance::search(tree, algo, node_cap, true)?;
    let scale = scale_of(fractions(&r))?;
    replay(tree, &r, scale, tracer)?;
    summary(tree, &r, scale)
}

/// The tracer callbacks of the recorded search `r`, in order.
fn replay<T: Tracer>(
    tree: &Tree,
    r: &ChanceResult,
    scale: u64,
    tracer: &mut T,
) -> Result<(), ChanceError> {
    tracer.begin_iteration(UNBOUNDED_DEPTH);
    // The open nodes: trace index, and the tree's node.
    let mut open: Vec<(usize, u32)> = Vec::new();
    let mut next = 0usize;
    for e in &r.events {
        match *e {
            ChanceEvent::Enter => {
                let n = &r.trace[next];
                let tree_id = match (open.last(), n.path.last()) {
                    (Some(&(_, p)), Some(&k)) => tree.children_of(p).0 + k,
                    _ => 0,
                };
                let moves = tree.children_of(tree_id).1;
                tracer.enter(&enter_of(n, tree.is_chance(tree_id), scale)?);
                if moves > 0 {
                    tracer.moves_generated(moves);
                }
                open.push((next, tree_id));
                next += 1;
            }
            ChanceEvent::Exit => {
                let Some((i, _)) = open.pop() else { continue };
                let n = &r.trace[i];
                let value = scaled(n.value, scale, "a value")?;
                tracer.exit(&Exit {
                    value,
                    bound: n.bound,
                    reason: stop_reason(n.reason),
                    uncertain: false,
                    best_index: n.best,
                });
                if let Some(&(p, _)) = open.last() {
                    let negate = r.trace[p].kind != "chance";
                    tracer.child_returned(if negate { -value } else { value });
                }
            }
            ChanceEvent::AlphaRaised { old, new } => {
                let old = side(old, scale, -INF, "alpha")?;
                tracer.alpha_raised(old, scaled(new, scale, "alpha")?);
            }
            ChanceEvent::Cutoff { value, beta } => {
                tracer.cutoff(
                    scaled(value, scale, "a value")?,
                    scaled(beta, scale, "beta")?,
                );
            }
            ChanceEvent::ChanceCut { value, bound, high } => {
                let name = if high { "B_i" } else { "A_i" };
                tracer.chance_cutoff(
                    scaled(value, scale, "a value")?,
                    scaled(bound, scale, name)?,
                    high as i32,
                );
            }
        }
    }
    Ok(())
}

fn enter_of(n: &ChanceNode, is_chance: bool, scale: u64) -> Result<Enter, ChanceError> {
    let alpha = side(n.alpha, scale, -INF, "alpha")?;
    let beta = side(n.beta, scale, INF, "beta")?;
    let k = n.path.last().copied();
    Ok(Enter {
        ply: n.path.len() as u32,
        depth: UNBOUNDED_DEPTH,
        window: Window::new(alpha, beta),
        // Knuth & Moore's rule has no case for chance nodes (docs/techniques.md): every node
        // of a chance search is written `pv`.
        expected: NodeType::Pv,
        index: k.unwrap_or(0),
        move_code: k.map_or(NONE16, |k| k as u16),
        kind: if is_chance {
            NodeKind::Chance
        } else if n.probe {
            NodeKind::Probe
        } else {
            NodeKind::Normal
        },
        order: OrderSource::Generated,
    })
}

/// The summary: the root's value (its player's view, times `scale`), and the best line down
/// the decision nodes' best moves to the first chance node or leaf.
fn summary(tree: &Tree, r: &ChanceResult, scale: u64) -> Result<Summary, ChanceError> {
    let root = &r.trace[0];
    let value = scaled(root.value, scale, "the root's value")?;
    let mut line = Vec::new();
    let (mut i, mut tree_id) = (0usize, 0u32);
    while let Some(b) = r.trace[i].best {
        line.push(b.to_string());
        tree_id = tree.children_of(tree_id).0 + b;
        // The best child's search is the last entry of that child below node i (Star2 enters
        // a branch twice only below chance nodes, whose records name no best child).
        match r.trace[i + 1..]
            .iter()
            .position(|c| c.parent == Some(i as u32) && c.path.last() == Some(&b))
        {
            Some(k) => i = i + 1 + k,
            None => break,
        }
        if tree.is_chance(tree_id) {
            break;
        }
    }
    Ok(Summary {
        value: Some(value),
        best_line: line.clone(),
        best_line_san: Vec::new(),
        line_proven_to: None,
        nodes: r.nodes,
        aborted: false,
        stopped: None,
        uncertain: false,
        iterations: vec![IterationSummary {
            depth: UNBOUNDED_DEPTH,
            value,
            best_move: line.first().cloned(),
            nodes: r.nodes,
        }],
        scale,
    })
}
