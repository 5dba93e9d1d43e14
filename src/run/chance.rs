//! A chance search (search/chance.rs: expectimax, Ballard's Star1 and Star2) run by the one
//! [`Searcher`] over an explicit tree, and what a front end reads from its trace: the exact
//! fractions behind the stored integers, and the cut-off that ended each node
//! (docs/trace-format.md, "Chance searches").
//!
//! Exact values in 32-bit records: every value and window of a chance search is a fraction.
//! The search runs on integers, each the fraction times one denominator for the whole search,
//! its scale `K` (the summary's `scale`), fixed from the tree before the search
//! ([`crate::search::chance::scale_of`]); a stored integer divided by `scale` is the exact
//! fraction. Nothing is rounded: a tree whose values would not fit is refused before the
//! search ([`ChanceError`]).

use super::Summary;
use crate::game::tree::Tree;
use crate::game::{INF, Value};
use crate::schema::EventKind;
use crate::search::chance::{self, ChanceAlgorithm, ChanceError};
use crate::search::config::SearchConfig;
use crate::search::frac::Frac;
use crate::search::{Searcher, Tracer};
use crate::trace::record::Recorder;

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

/// Runs `algo` on `tree` with `cfg` (a [`super::chance_config`]: its node cap) and reports it
/// to `tracer` as it goes; returns its summary, whose values times `1/scale` are the exact
/// fractions. Refused before the search when the tree cannot be searched exactly.
pub fn search<T: Tracer>(
    tree: &Tree,
    algo: ChanceAlgorithm,
    cfg: &SearchConfig,
    tracer: &mut T,
) -> Result<Summary, ChanceError> {
    let setup = chance::prepare(tree, algo)?;
    let root = tree.root_scaled(setup.scale as Value);
    let r = Searcher::new(cfg.clone(), tracer).run_chance(&root, setup);
    let mut s = super::summarize(r, |m| m.to_string());
    s.scale = setup.scale;
    Ok(s)
}

/// A stored value as the exact fraction it stands for (`None`: an unbounded window side).
pub fn frac(v: Value, scale: u64) -> Option<Frac> {
    (v.abs() < INF)
        .then(|| Frac::new(i128::from(v), i128::from(scale.max(1))).ok())
        .flatten()
}

/// The cut-off that ended a node of a chance trace: a decision node's β cut-off or a chance
/// node's fail low / fail high, with the value that reached the bound and which branch
/// returned it. Read from the trace's events ([`cut_offs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CutOff {
    pub kind: EventKind,
    /// The value that reached the bound, and the bound (β, `A_i` or `B_i`), as stored.
    pub value: Value,
    pub bound: Value,
    /// Fail high (`value ≥ B_i`, and every β cut-off).
    pub high: bool,
    /// The branch whose value made it; `None` for a chance branch that Star2's probing phase
    /// passes over, whose bound L made it.
    pub by: Option<u32>,
}

/// Per node of `rec` (a whole recording, ids from 0), the cut-off event it made, if any.
pub fn cut_offs(rec: &Recorder) -> Vec<Option<CutOff>> {
    let mut out = vec![None; rec.nodes.len()];
    // The child that exited just before the current event (`alpha_raised` aside), and its
    // parent.
    let mut just_exited: Option<(u32, u32)> = None;
    for e in rec.replay() {
        // A decision node's `alpha_raised` comes between its child's exit and its cut-off.
        let exited = if e.kind == EventKind::AlphaRaised {
            just_exited
        } else {
            just_exited.take()
        };
        match e.kind {
            EventKind::Exit => {
                just_exited = e.node.and_then(|id| {
                    let n = rec.nodes.get(id as usize)?;
                    (!n.is_root()).then_some((n.parent, u32::from(n.index)))
                });
            }
            EventKind::Cutoff | EventKind::ChanceCutoff => {
                let Some(id) = e.node else { continue };
                let Some(slot) = out.get_mut(id as usize) else {
                    continue;
                };
                *slot = Some(CutOff {
                    kind: e.kind,
                    value: e.aux[0],
                    bound: e.aux[1],
                    high: e.kind == EventKind::Cutoff || e.aux[2] == 1,
                    by: exited.filter(|&(p, _)| p == id).map(|(_, k)| k),
                });
            }
            _ => {}
        }
    }
    out
}
