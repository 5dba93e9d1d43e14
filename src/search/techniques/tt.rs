//! Transposition table with Zobrist keys.
//!
//! CITE: Zobrist (1970); Hsu, *Transposition Table, History Heuristic, and other Search
//! Enhancements*, slides 9–14 ("replace the old entry if the current result comes from a deeper
//! subtree"); Hlynka & Schaeffer, *Pre-searching*, Fig. 3 (`TTLook`, `TTUpdate` with
//! `IDDepth`); Björnsson et al. (1997), §4 and Fig. 4 (uncertain entries); Enhanced Forward
//! Pruning slides, remedy 4.
//!
//! - Parameters: [`TtParams`] (`tt.enabled`, `tt.size_log2`, `tt.replacement`).
//! - Gate: the table is probed at nodes with depth left (not at the horizon) and consulted for
//!   a cut-off only at non-PV nodes, so the principal variation stays whole.
//! - Steps: Step 4 [`Searcher::tt_probe`] (cut-off, or the move to search first, and the
//!   pre-search hook), Step 10 [`Searcher::tt_store`].
//!
//! Entries carry the iteration stamp pre-searching needs (`tt_iteration`) and an *uncertain*
//! flag: an uncertain entry may only suggest a move; it never narrows the window or returns a
//! value (Björnsson et al., §4).

use crate::game::{Game, Value};
use crate::schema::{Bound, NONE16, NodeType, StopReason};
use crate::search::params::ParamRange;
use crate::search::techniques::remedies;
use crate::search::window::Window;
use crate::search::{Frame, Node, Outcome, Searcher};
use crate::search::{Tracer, TtHit};
use serde::{Deserialize, Serialize};

/// How a store chooses which entry to overwrite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Replacement {
    /// Keep the entry searched deeper (ties replaced).
    #[default]
    DepthPreferred,
    /// Always overwrite.
    AlwaysReplace,
    /// Two slots per bucket: a depth-preferred slot and an always-replace slot.
    TwoTier,
}

/// Parameters of the transposition table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TtParams {
    pub enabled: bool,
    /// The table holds 2^size_log2 entries (10..=24).
    pub size_log2: u32,
    pub replacement: Replacement,
}

impl TtParams {
    /// `tt.replacement` in a few words (the page's field title: `PARAM_TITLES`).
    pub const REPLACEMENT_TITLE: &'static str = "transposition-table replacement scheme";
    pub const RANGES: &'static [ParamRange] = &[ParamRange::new(
        "tt.size_log2",
        "the table holds 2^size_log2 entries",
        10.0,
        24.0,
    )];

    /// The bytes a table of these parameters allocates ([`TranspositionTable::bytes`]), for a
    /// caller that budgets memory without naming the table's type.
    pub fn table_bytes(&self) -> u64 {
        TranspositionTable::bytes(self)
    }
}

impl Default for TtParams {
    fn default() -> Self {
        TtParams {
            enabled: false,
            size_log2: 20,
            replacement: Replacement::DepthPreferred,
        }
    }
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    pub key: u64,
    pub value: Value,
    /// Remaining depth the value was searched to.
    pub depth: i16,
    pub bound: Bound,
    /// Best (or refuting) move's code, `u16::MAX` for none.
    pub best: u16,
    /// The iteration (nominal depth of the root search) that stored it.
    pub iteration: u16,
    pub uncertain: bool,
    /// The entry comes from a pre-search (Hlynka & Schaeffer): a shallow node searched deeper.
    pub presearched: bool,
}

/// Counters for the trace summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TtStats {
    pub probes: u64,
    pub hits: u64,
    pub stores: u64,
    pub overwrites: u64,
}

pub struct TranspositionTable {
    slots: Vec<Option<TtEntry>>,
    mask: usize,
    replacement: Replacement,
    pub stats: TtStats,
}

impl TtEntry {
    /// The entry as the tracer hears of it (`search::tracer::TtHit`): the table converts, so
    /// that the tracer and the recorder never name this type.
    pub fn hit(&self, cutoff: bool) -> TtHit {
        TtHit {
            value: self.value,
            depth: self.depth,
            bound: self.bound,
            best: self.best,
            iteration: self.iteration,
            uncertain: self.uncertain,
            presearched: self.presearched,
            cutoff,
        }
    }
}

impl TranspositionTable {
    /// The heap bytes a table with `p` holds, all of it from the start (the CLI's memory
    /// budget counts it).
    pub fn bytes(p: &TtParams) -> u64 {
        (core::mem::size_of::<Option<TtEntry>>() as u64) << p.size_log2.clamp(4, 26)
    }

    pub fn new(p: &TtParams) -> Self {
        let n = 1usize << p.size_log2.clamp(4, 26);
        TranspositionTable {
            slots: vec![None; n],
            mask: n - 1,
            replacement: p.replacement,
            stats: TtStats::default(),
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // Two-tier uses slot pairs (2i, 2i+1).
        match self.replacement {
            Replacement::TwoTier => (key as usize & self.mask) & !1,
            _ => key as usize & self.mask,
        }
    }

    pub fn probe(&mut self, key: u64) -> Option<TtEntry> {
        self.stats.probes += 1;
        let b = self.bucket(key);
        let found = match self.replacement {
            Replacement::TwoTier => [b, b + 1]
                .into_iter()
                .filter_map(|i| self.slots[i])
                .find(|e| e.key == key),
            _ => self.slots[b].filter(|e| e.key == key),
        };
        if found.is_some() {
            self.stats.hits += 1;
        }
        found
    }

    pub fn store(&mut self, e: TtEntry) {
        self.stats.stores += 1;
        let b = self.bucket(e.key);
        let slot = match self.replacement {
            Replacement::AlwaysReplace => b,
            Replacement::DepthPreferred => match self.slots[b] {
                Some(old) if old.key != e.key && old.depth > e.depth => return,
                _ => b,
            },
            Replacement::TwoTier => match self.slots[b] {
                // The deep slot keeps the deeper result; everything else goes to the
                // always-replace slot.
                Some(old) if old.key != e.key && old.depth > e.depth => b + 1,
                _ => b,
            },
        };
        if self.slots[slot].is_some_and(|old| old.key != e.key) {
            self.stats.overwrites += 1;
        }
        self.slots[slot] = Some(e);
    }
}

/// What a store reads of its node ([`Node`]'s fields of the same names), handed to the
/// out-of-line [`Searcher::tt_store_entry`] by value.
///
/// Not the node itself, nor a copy of it: a node whose address is handed to a call lives in
/// memory, written there at every node of every search, table or not (about 15 stores a node;
/// issue 32 §6, docs/benchmarks.md). A copy of the whole `Node` does not prevent it: a copy
/// by `*n`, one passed by value and one built field by field each reached the callee as the
/// node's own address in the release build (the callee only reads it, so the compiler may drop
/// the copy; which pass does was not traced). A different type, built from the fields, did
/// not.
struct TtNode<'p, G> {
    pos: &'p G,
    key: u64,
    ply: u32,
    depth: i32,
    window: Window,
    expected: NodeType,
    presearched: bool,
    null_fail_high: bool,
}

impl<G: Game, T: Tracer> Searcher<'_, G, T> {
    /// Step 4. Probes the table: an entry searched at least as deep whose bound decides the
    /// window ends the node (a TT cut-off, at non-PV nodes only); otherwise its move is
    /// searched first, and pre-searching may raise the depth (Step 4a).
    pub(crate) fn tt_probe(&mut self, n: &mut Node<'_, G>) -> Option<Outcome> {
        if n.depth <= 0 {
            return None;
        }
        let e = self.tt.as_mut()?.probe(n.key)?;
        n.tt_move = e.best;
        let v = value_from_tt(e.value, n.ply, G::MATE_BOUND);
        let usable = !e.uncertain && e.depth as i32 >= n.depth && n.expected != NodeType::Pv;
        let cut = usable
            && match e.bound {
                Bound::Exact => true,
                Bound::Lower => v >= n.window.beta,
                Bound::Upper => v <= n.window.alpha,
            };
        self.tracer.tt_hit(&e.hit(cut));
        if cut {
            // A stored search's value, not a static one.
            return Some(Outcome {
                height: Outcome::DEEP,
                ..Outcome::new(v, StopReason::TtCutoff)
            });
        }
        // Step 4a. Pre-searching (techniques/presearch.rs).
        self.presearch(n, &e);
        None
    }

    /// Step 10. Stores the node's result. Uncertain results are stored flagged (move only).
    /// With forward pruning, CUT nodes failing low with value α are not stored: their value is
    /// uncertain (remedy 4 of the Enhanced Forward Pruning slides).
    ///
    /// Only the test for a table is inlined into the node's code: a search without one (the
    /// benchmarks' and most lessons') pays a compare, not a call (issue 32 §6).
    #[inline(always)]
    pub(crate) fn tt_store(&mut self, n: &Node<'_, G>, out: &Outcome, f: &Frame<G::Move>) {
        if self.tt.is_some() {
            // The out-of-line call gets the fields it reads, never the node itself: see
            // [`TtNode`].
            let at = TtNode {
                pos: n.pos,
                key: n.key,
                ply: n.ply,
                depth: n.depth,
                window: n.window,
                expected: n.expected,
                presearched: n.presearched,
                null_fail_high: n.null_fail_high,
            };
            self.tt_store_entry(at, *out, f);
        }
    }

    /// [`Searcher::tt_store`] with a table.
    fn tt_store_entry(&mut self, n: TtNode<'_, G>, out: Outcome, f: &Frame<G::Move>) {
        let fwd = self.cfg.remedies();
        let iteration = self.iteration;
        // After a verified null-move fail-high (D&N Fig. 3) the node searched one ply less;
        // the ablation's `store_nominal` stores the depth it was asked for (null_move.rs).
        let depth = if n.null_fail_high && self.cfg.null_move.store_nominal {
            n.depth + 1
        } else {
            n.depth
        };
        let Some(tt) = self.tt.as_mut() else { return };
        let bound = n.window.bound_of(out.value);
        if remedies::skip_store(fwd, n.expected, bound, out.value, n.window.alpha) {
            return;
        }
        let best = out
            .best_index
            .and_then(|k| f.order.get(k as usize))
            .map_or(NONE16, |o| {
                n.pos.move_code(f.moves[o.index as usize], o.index as usize)
            });
        tt.store(TtEntry {
            key: n.key,
            value: value_to_tt(out.value, n.ply, G::MATE_BOUND),
            depth: depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            bound,
            best,
            iteration: iteration.clamp(0, u16::MAX as i32) as u16,
            uncertain: out.uncertain,
            presearched: n.presearched,
        });
    }
}

/// Mate scores (at or beyond ±`mate_bound`, the game's [`crate::game::Game::MATE_BOUND`]) are
/// stored relative to the node, not the root, so that a transposition at another ply reads the
/// right distance to mate.
#[inline]
pub fn value_to_tt(v: Value, ply: u32, mate_bound: Value) -> Value {
    if v >= mate_bound {
        v + ply as Value
    } else if v <= -mate_bound {
        v - ply as Value
    } else {
        v
    }
}

#[inline]
pub fn value_from_tt(v: Value, ply: u32, mate_bound: Value) -> Value {
    if v >= mate_bound {
        v - ply as Value
    } else if v <= -mate_bound {
        v + ply as Value
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: i16) -> TtEntry {
        TtEntry {
            key,
            value: depth as Value,
            depth,
            bound: Bound::Exact,
            best: 0,
            iteration: 1,
            uncertain: false,
            presearched: false,
        }
    }

    fn table(r: Replacement) -> TranspositionTable {
        TranspositionTable::new(&TtParams {
            enabled: true,
            size_log2: 4,
            replacement: r,
        })
    }

    #[test]
    fn depth_preferred_keeps_the_deeper_entry() {
        let mut t = table(Replacement::DepthPreferred);
        t.store(entry(1, 5));
        t.store(entry(1 + 16, 3)); // same slot, shallower: rejected
        assert_eq!(t.probe(1).unwrap().depth, 5);
        assert!(t.probe(17).is_none());
        t.store(entry(17, 6));
        assert_eq!(t.probe(17).unwrap().depth, 6);
    }

    #[test]
    fn always_replace_overwrites() {
        let mut t = table(Replacement::AlwaysReplace);
        t.store(entry(1, 5));
        t.store(entry(17, 3));
        assert!(t.probe(1).is_none());
        assert_eq!(t.probe(17).unwrap().depth, 3);
        assert_eq!(t.stats.overwrites, 1);
    }

    #[test]
    fn two_tier_keeps_both() {
        let mut t = table(Replacement::TwoTier);
        t.store(entry(2, 5));
        t.store(entry(18, 3));
        assert_eq!(t.probe(2).unwrap().depth, 5);
        assert_eq!(t.probe(18).unwrap().depth, 3);
        t.store(entry(34, 1)); // replaces the always-replace slot
        assert!(t.probe(18).is_none());
        assert_eq!(t.probe(2).unwrap().depth, 5);
    }

    #[test]
    fn mate_scores_are_ply_relative() {
        let v = 100_000 - 7;
        let mb = 90_000;
        assert_eq!(value_from_tt(value_to_tt(v, 3, mb), 3, mb), v);
        assert_eq!(value_from_tt(value_to_tt(v, 3, mb), 5, mb), v - 2);
        assert_eq!(value_to_tt(-v, 2, mb), -v - 2);
        // Games without mate scores: values pass unchanged.
        assert_eq!(value_to_tt(v, 3, crate::game::INF), v);
    }
}
