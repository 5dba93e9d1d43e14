//! What a search could have done (issue 22 §1): one replay of the event tape against the records
//! with a stack of the open nodes checks that each value, window, event, depth, kind and order is
//! one a fail-soft negamax search with the file's configuration could have produced, each rule
//! local (a node, its parent, the events between). A chance trace goes through the same replay;
//! [`super::chance`] adds what only chance nodes have. docs/trace-format.md, "Semantic rules".

use super::TraceHeader;
use super::chance::{At, Chance};
use super::error::{R, bail, ensure};
use super::events::each_event;
use crate::game::INF;
use crate::run::{Input, Prepared};
use crate::schema::{
    Bound, EventKind, NodeKind, NodeType, NullVerdict, OrderSource, PruneReason, StopReason,
};
use crate::search::chance::ChanceAlgorithm;
use crate::search::config::{Algorithm, Cutoff, SearchConfig, UncertaintyMode};
use crate::search::techniques::tt::value_from_tt;
use crate::search::window::side_text as side;
use crate::search::{StopCause, UNBOUNDED_DEPTH};
use crate::trace::record::{NodeRec, Recorder, clamp_i8};

/// What the structural check (`Tape`) refused is not met again: codes in event data are known,
/// and a re-search's link names the child that returned before it.
const CHECKED: &str = "the tape was checked";

const UNCERTAIN: &str = "is true, but only uncertainty cut-offs (uncertainty.mode) make a value \
                         uncertain, and they are off (rule: uncertain flags)";

/// What a technique makes: a stop reason, an event, a node kind or a move's order (and the
/// move's kind).
#[derive(Clone, Copy)]
enum Made {
    Reason(StopReason),
    Event(EventKind),
    Kind(NodeKind),
    Order(OrderSource, NodeKind),
}

/// The technique that makes `x`, as the configuration names it, if the configuration has it
/// not: one table for the stop reasons, events, kinds and orders (`q`: a child of a node in
/// quiescence; `root`: a root's move).
#[inline(always)]
fn technique_off(c: &SearchConfig, tree: bool, x: Made, q: bool, root: bool) -> Option<&str> {
    use Made::{Event as Ev, Kind as Ki, Order as Or, Reason as Re};
    use {EventKind as E, NodeKind as N, OrderSource as O, StopReason as S};
    let star = c.chance.is_some_and(|a| a != ChanceAlgorithm::Expectimax);
    let mc = c.multi_cut.mc_c || c.multi_cut.mc_a;
    let unc = c.uncertainty.mode != UncertaintyMode::Off;
    let o = &c.ordering;
    Some(match x {
        Re(S::TtCutoff) | Ev(E::TtHit) if !c.tt.enabled => "the transposition table (tt.enabled)",
        Re(S::NullMoveCutoff) | Ki(N::Null) if !c.null_move.enabled => "null_move.enabled",
        Re(S::MultiCut) | Ev(E::MultiCut) | Ki(N::McProbe) if !mc => "multi_cut.mc_c or mc_a",
        Re(S::UncertaintyCutoff) | Ev(E::UncertaintyCutoff) if !unc => "uncertainty.mode",
        Ev(E::AspirationFail) if !c.aspiration.enabled => "aspiration windows (aspiration.enabled)",
        Ev(E::Presearch) if !c.presearch.enabled => "pre-search (presearch.enabled)",
        Ev(E::ChanceCutoff) | Ki(N::Chance) if c.chance.is_none() => {
            "a chance search (config.chance)"
        }
        Re(S::ChanceFailLow | S::ChanceFailHigh) if !star => {
            "a chance search with cut-offs (config.chance star1 or star2)"
        }
        Re(S::Probe) | Ki(N::Probe) if c.chance != Some(ChanceAlgorithm::Star2) => {
            "Star2's probing phase (config.chance star2)"
        }
        Re(S::StandPat) if !c.quiescence.enabled || tree => {
            "quiescence search (quiescence.enabled), which an explicit tree has not"
        }
        Ki(N::Reduced | N::LmrResearch) if !c.lmr.enabled => "late move reductions (lmr.enabled)",
        Ki(N::Extended) if !c.check_extension => "check extensions (check_extension)",
        Ki(N::Quiescence) if !q => {
            "quiescence search (quiescence.enabled) at a node with no depth left"
        }
        Or(O::Tt, _) if !o.tt_move || !c.tt.enabled => "ordering.tt_move",
        Or(O::Capture, _) if !o.mvv_lva && !o.see && !q => {
            "ordering.mvv_lva, ordering.see or quiescence search"
        }
        Or(O::Killer, _) if !o.killers => "ordering.killers",
        Or(O::Refutation, _) if !o.refutation => "ordering.refutation",
        Or(O::History, _) if !o.history => "ordering.history",
        Or(O::PreviousBest, _) if !c.iterative || !root => "iterative deepening, at a root's move",
        Or(order, N::Null) if order != O::Generated => "a real move",
        _ => return None,
    })
}

/// [`Semantics::needs`]'s refusal of `x` of node `id` (of event `id`), which needs `what`.
#[cold]
fn refused(id: u32, x: Made, what: &str) -> R {
    let (field, name, verb, rule) = match x {
        Made::Event(k) => bail!(event id, "kind",
            "a {} event needs {what} (rule: events and techniques)", k.name()),
        Made::Reason(r) => ("reason", r.name(), "search", "stop reasons"),
        Made::Kind(k) => ("kind", k.name(), "search", "kinds and orders"),
        Made::Order(o, _) => ("order", o.name(), "order", "kinds and orders"),
    };
    bail!(node id, field,
        "is {name}, which needs {what}; the configuration does not {verb} so (rule: {rule})");
}

/// What the replay knows about an open node: α as its events left it; the depth it searches its
/// moves with (changed by pre-search and verified null-move pruning); its best counted child of
/// this round of moves (value in its view, index); the last child that returned and is not yet
/// counted (a re-search may replace it), and the last of any kind; what its events said.
#[derive(Default)]
struct Frame {
    id: u32,
    alpha: i32,
    depth: i32,
    best: Option<(i32, u16)>,
    pending: Option<u32>,
    last_child: Option<u32>,
    cut: bool,
    uc: bool,
    tt_cut: Option<(i32, i32)>,
    null_verdict: Option<(i32, NullVerdict)>,
    probes: u32,
    probe_cuts: u32,
    mc_cut: bool,
    /// A child returned exactly the node's recorded value (for nodes that stopped early).
    value_seen: bool,
    /// A child searched one of the node's moves (not the null move); one of those searched
    /// moves of its own.
    move_children: bool,
    grandchildren: bool,
    /// The pending child's value is exact whatever its window: it searched no moves, or only
    /// moves that searched none, so a scout algorithm need not search it again.
    pending_exact: bool,
    /// A chance search's own state of the node ([`super::chance`]; unused in a decision search).
    at: At,
}

/// Checks the semantic rules of a trace whose structure is valid: one pass over the tape.
pub(crate) fn check(header: &TraceHeader, rec: &Recorder, prepared: &Prepared) -> R {
    let (cfg, s) = (&header.config, &header.summary);
    let uncertainty = cfg.uncertainty.mode != UncertaintyMode::Off;
    ensure!(!s.uncertain || uncertainty, header "summary.uncertain", "{UNCERTAIN}");
    ensure!(cfg.node_cap == 0 || s.nodes <= cfg.node_cap, header "config.node_cap",
        "is {}, but the search made {} nodes: it stops at the cap (rule: the node cap)",
        cfg.node_cap, s.nodes);
    if let Some(id) = s.line_proven_to
        && (cfg.algo != Algorithm::Pvs || cfg.chance.is_some())
    {
        bail!(header "summary.line_proven_to",
            "is node {id}, but only NegaScout (pvs) proves a value without its line; {} finds \
             the line with the value (rule: the best line)",
            cfg.chance.map_or(cfg.algo.name(), |a| a.name()));
    }
    let chance = Chance::new(header, prepared, rec)?;
    let last = match &header.input {
        Input::Tree { .. } => UNBOUNDED_DEPTH,
        Input::Random(p) => p.depth as i32,
        _ => cfg.depth as i32,
    };
    let tree = matches!(prepared, Prepared::Tree(_));
    let mut s = Semantics {
        cfg,
        rec,
        tree,
        prev: None,
        iter_depth: None,
        after_fail: false,
        failed: vec![false; rec.roots.len()],
        next_id: 0,
        depths: (if cfg.iterative && !tree { 1 } else { last }, last),
        mate_bound: header.input.mate_bound(),
        chance,
        stopped: None,
    };
    let mut stack = Vec::new();
    each_event(rec, |i, kind, data| s.event(&mut stack, i, kind, data))?;
    s.summary(header)
}

struct Semantics<'a> {
    cfg: &'a SearchConfig,
    rec: &'a Recorder,
    tree: bool,
    prev: Option<EventKind>,
    /// The last iteration event's depth; whether the root search before it failed aspiration.
    iter_depth: Option<i32>,
    after_fail: bool,
    /// Which root searches failed their aspiration window (one per root); the next node.
    failed: Vec<bool>,
    next_id: u32,
    /// The first and last iteration depths.
    depths: (i32, i32),
    /// The game's mate bound ([`Input::mate_bound`]), for a table hit's value.
    mate_bound: i32,
    /// A chance search's own rules.
    chance: Option<Chance<'a>>,
    /// The first node that exited `aborted`: the search stopped there.
    stopped: Option<u32>,
}

impl<'a> Semantics<'a> {
    fn node(&self, id: u32) -> &'a NodeRec {
        &self.rec.nodes[id as usize]
    }

    /// A scout algorithm (NegaScout / PVS): later moves get a null window and re-searches.
    fn scouts(&self) -> bool {
        !matches!(self.cfg.algo, Algorithm::Minimax | Algorithm::AlphaBeta)
    }

    /// Whether the node of `f` searches its moves as quiescence search (captures from the
    /// stand-pat value, which raises α without an event).
    fn quiescence(&self, f: &Frame) -> bool {
        !self.tree && self.cfg.quiescence.enabled && f.depth <= 0
    }

    /// Refuses `x` of node `id` (of event `id` for an event) if it needs a technique the
    /// configuration has not (`p`: the parent of a child's kind or order). Asked several times
    /// for every node, so the refusal is built apart ([`refused`]) and this stays small.
    #[inline(always)]
    fn needs(&self, id: u32, x: Made, p: Option<&Frame>) -> R {
        let q = p.is_some_and(|p| self.quiescence(p));
        let root = p.is_some_and(|p| self.node(p.id).is_root());
        technique_off(self.cfg, self.tree, x, q, root).map_or(Ok(()), |what| refused(id, x, what))
    }

    /// One event of the tape; `stack` holds the open nodes, and an event inside a node is
    /// handed its frame.
    fn event(&mut self, stack: &mut Vec<Frame>, i: usize, kind: EventKind, d: &[i32]) -> R {
        use EventKind as K;
        self.needs(i as u32, Made::Event(kind), None)?;
        if let Some(f) = stack.last_mut()
            && !matches!(kind, K::Research | K::AlphaRaised | K::Exit)
        {
            self.commit(f, i, false)?;
        }
        let ply = stack.len() as u32;
        match (kind, stack.last_mut()) {
            (K::Iteration, _) => self.iteration(i, d[0])?,
            (K::Enter, _) => self.enter(stack, i)?,
            (K::Exit, _) => self.exit(stack, i)?,
            (K::AspirationFail, _) => self.aspiration_fail(i, d)?,
            (K::Aborted, _) | (_, None) => {} // the tape was checked: the others are in a node
            (K::AlphaRaised, Some(f)) => self.alpha_raised(f, i, d[0], d[1])?,
            (K::Cutoff, Some(f)) => self.cutoff(f, i, d[0], d[1])?,
            (K::TtHit, Some(f)) => self.tt_hit(f, ply - 1, i, d)?,
            (K::NullVerdict, Some(f)) => self.null_verdict(f, i, d)?,
            (K::Zugzwang, Some(f)) => self.zugzwang(f, i, d)?,
            (K::MultiCut, Some(f)) => self.multi_cut(f, i, d)?,
            (K::UncertaintyCutoff, Some(f)) => self.uncertainty_cutoff(f, i, d)?,
            (K::Presearch, Some(f)) => self.presearch(f, i, d)?,
            (K::Prune, Some(f)) => self.prune(f, i, d)?,
            (K::Research, Some(f)) => ensure!(f.pending.take().is_some(), event i, "kind",
                "a research event follows a child that returned a value (rule: re-searches)"),
            (K::ChanceCutoff, Some(f)) => super::chance::cutoff(i, &mut f.at, f.id, d)?,
        }
        self.prev = Some(kind);
        Ok(())
    }

    fn iteration(&mut self, i: usize, depth: i32) -> R {
        let (want, why) = match self.iter_depth {
            None => (self.depths.0, "the search's first depth is"),
            Some(d) if self.after_fail => (d, "an aspiration re-search repeats the failed depth"),
            Some(d) => (d + 1, "the iteration after it is depth"),
        };
        ensure!(depth == want, event i, "data",
            "begins a root search at depth {depth}, but {why} {want} (rule: iteration depths)");
        ensure!(depth <= self.depths.1, event i, "data",
            "begins a root search at depth {depth}, beyond the search's depth {} (rule: \
             iteration depths)", self.depths.1);
        self.iter_depth = Some(depth);
        self.after_fail = false;
        Ok(())
    }

    /// Counts the child that returned last (unless a re-search replaces it); `raise`: the event
    /// now is an `alpha_raised`, which follows exactly the children that return more than α.
    fn commit(&self, f: &mut Frame, i: usize, raise: bool) -> R {
        let Some(c) = f.pending else {
            ensure!(!raise, event i, "kind",
                "an alpha_raised event in node {} must follow the return of a child \
                 (rule: alpha_raised events)", f.id);
            return Ok(());
        };
        let child = self.node(c);
        let v = -child.value;
        let (alpha, beta) = (f.alpha, self.node(f.id).beta);
        // A scout (a later move searched with a null window at α, not a re-search) that lands
        // inside the window is searched again (unless its value is exact anyway: NegaScout need
        // not re-search near the leaves).
        let scout = self.scouts()
            && !self.quiescence(f)
            && child.index > 0
            && !self.research(f, child)
            && matches!(
                child.node_kind(),
                NodeKind::Normal | NodeKind::Extended | NodeKind::LmrResearch
            )
            && beta.saturating_sub(alpha) > 1;
        let stopped = child.reason() == StopReason::Aborted;
        ensure!(!scout || v <= alpha || v >= beta || stopped || f.pending_exact,
            node c, "value",
            "the scout returned {v} to node {}, inside its window ({}, {}), but it is not \
             searched again, though its subtree is deeper than one ply (rule: a scout that \
             lands inside the window is re-searched)", f.id, side(alpha), side(beta));
        let minimax = self.cfg.algo == Algorithm::Minimax;
        ensure!(raise || minimax || self.quiescence(f) || v <= alpha, node f.id, "alpha",
            "child {c} returned {v}, above α = {}, but no alpha_raised event follows \
             (rule: alpha_raised events)", side(alpha));
        f.pending = None;
        if f.best.is_none_or(|(b, _)| v > b) {
            f.best = Some((v, child.index));
        }
        Ok(())
    }

    /// Whether child `n` of the node of `f` is its scout's re-search (a scout algorithm's
    /// re-search of a later move, not a reduced child's).
    fn research(&self, f: &Frame, n: &NodeRec) -> bool {
        n.is_research()
            && n.node_kind() != NodeKind::LmrResearch
            && self.scouts()
            && !self.quiescence(f)
    }

    /// Enters the next node: the rules every node keeps, then a root's or a child's.
    fn enter(&mut self, stack: &mut Vec<Frame>, i: usize) -> R {
        let id = self.next_id;
        self.next_id += 1;
        if let Some(s) = self.stopped {
            bail!(event i, "kind",
                "enters node {id}, but node {s} exited aborted before it: a search that stops \
                 enters no node (rule: stop reasons)");
        }
        let n = self.node(id);
        self.needs(id, Made::Reason(n.reason()), None)?;
        ensure!(self.chance.is_none() || n.order() == OrderSource::Generated, node id, "order",
            "is {}, but a chance search orders no moves: generated (rule: kinds and \
             orders)", n.order().name());
        let unc = self.cfg.uncertainty.mode != UncertaintyMode::Off;
        ensure!(!n.uncertain() || unc, node id, "uncertain", "{UNCERTAIN}");
        let mut f = Frame::default();
        (f.id, f.alpha, f.depth) = (id, n.alpha, n.depth as i32);
        if let Some(c) = &self.chance {
            f.at = c.enter(i, stack.last().map(|p| (&p.at, p.id, p.cut)), id, n)?;
        }
        match stack.last() {
            Some(p) => self.child(p, id, n)?,
            None => self.root(id, n)?,
        }
        stack.push(f);
        Ok(())
    }

    fn root(&self, id: u32, n: &NodeRec) -> R {
        let depth = self.iter_depth.unwrap_or(self.depths.0);
        ensure!(self.tree || n.depth == clamp_i8(depth), node id, "depth",
            "is {}, but the root search begins at depth {depth} (rule: a root's depth is its \
             iteration's)", n.depth);
        ensure!(n.expected() == NodeType::Pv, node id, "expected",
            "is {}, but a root is expected PV (rule: expected types)", n.expected().name());
        let chance = self.chance.is_some();
        let normal = n.node_kind() == NodeKind::Normal && n.order() == OrderSource::Generated;
        ensure!(chance || normal, node id, "kind",
            "is {} (order {}), but a root is a normal node (rule: kinds and orders)",
            n.node_kind().name(), n.order().name());
        let full = (n.alpha, n.beta) == (-INF, INF) || self.cfg.aspiration.enabled;
        ensure!(chance || full, node id, "alpha",
            "the root's window is ({}, {}), but without aspiration windows a root is \
             searched with (-inf, +inf) (rule: windows)", side(n.alpha), side(n.beta));
        Ok(())
    }

    /// The rules of a child `c` entered under the open node `p`, in the order the rules are
    /// listed: the first one broken is the one reported. A chance search's kinds, expected
    /// types and the windows of a chance node's branches are its own (`trace_file/chance.rs`).
    fn child(&self, p: &Frame, c: u32, n: &NodeRec) -> R {
        let (pr, kind, d) = (self.node(p.id), n.node_kind(), p.depth);
        if self.chance.is_none() {
            // Kinds and orders: a child of a kind needs the technique that searches it, a node
            // in quiescence has only quiescence children, a move comes from a source the
            // configuration orders by, and the null move is no ordered move.
            self.needs(c, Made::Kind(kind), Some(p))?;
            ensure!(!self.quiescence(p) || kind == NodeKind::Quiescence, node c, "kind",
                "is {}, but its parent (node {}) searches captures in quiescence, whose \
                 children are quiescence nodes (rule: kinds and orders)", kind.name(), p.id);
            self.needs(c, Made::Order(n.order(), kind), Some(p))?;
            // Depths against the parent's: one ply less, less a reduced, null or probe child's
            // reduction; the same for an extended one; 0 in quiescence (not in a tree: its own).
            let want = match kind {
                NodeKind::Normal | NodeKind::LmrResearch => d - 1,
                NodeKind::Extended => d,
                NodeKind::Reduced => d - 1 - self.cfg.lmr.h,
                NodeKind::Null => {
                    // Below a verified fail-high `subtree_R` may apply (null_move.rs), and under
                    // Heinz's material condition the R of few pieces: the trace says neither, so
                    // each (verifying, few pieces) is accepted: k = 0..4 is (yes, no), (no, no),
                    // (yes, yes)…
                    let nm = &self.cfg.null_move;
                    let r = |k: u32| nm.reduction(d, k.is_multiple_of(2), (k > 1).then_some(0)) + 1;
                    let fits = (0..4).find(|&k| n.depth == clamp_i8(d - r(k)));
                    d - r(fits.unwrap_or(0))
                }
                NodeKind::McProbe => d - 1 - self.cfg.multi_cut.r,
                NodeKind::Quiescence => 0,
                // A decision search has neither (`needs` refused them).
                NodeKind::Chance | NodeKind::Probe => n.depth.into(),
            };
            ensure!(self.tree || n.depth == clamp_i8(want), node c, "depth",
                "is {}, but a {} child of node {} (depth {d}) has depth {want} (rule: depths)",
                n.depth, kind.name(), p.id);
            // Expected types: Knuth & Moore's rule ([`NodeType::child`], the search's own); a
            // scout's re-search is expected PV.
            let (e, first, research) = (pr.expected(), n.index == 0, self.research(p, n));
            let want = match kind {
                NodeKind::Null => e.child(false),
                _ if research => NodeType::Pv,
                _ => e.child(first),
            };
            let (which, e, w) = (if first { "first" } else { "later" }, e.name(), want.name());
            ensure!(n.expected() == want, node c, "expected",
                "is {}, but {} (rule: expected types)", n.expected().name(),
                if research { "a re-search is expected PV".to_string() }
                else { format!("the {which} child of a {e} node is expected {w}") });
        }
        // Re-searches: the same move again, right after it returned; only a reduced child is
        // searched again as lmr_research, and only a scout algorithm re-searches a scout.
        if !n.is_research() {
            ensure!(kind != NodeKind::LmrResearch, node c, "kind",
                "is lmr_research, but no research event makes it a re-search (rule: re-searches)");
        } else {
            let e = self.node(self.rec.research_of(c).expect(CHECKED));
            ensure!(e.move_code == n.move_code && e.index == n.index, node c, "research_of",
                "names a search of another move (index {}), but a re-search searches the same \
                 move again (index {}) (rule: re-searches)", e.index, n.index);
            let ok = match (kind, e.node_kind()) {
                (NodeKind::LmrResearch, e) => e == NodeKind::Reduced,
                (_, NodeKind::Null | NodeKind::McProbe | NodeKind::Quiescence) => false,
                _ => self.scouts(),
            };
            ensure!(ok, node c, "kind",
                "is {}, but it re-searches a {} child: only a reduced child is searched \
                 again as lmr_research, and only a scout algorithm re-searches a scout \
                 (rule: re-searches)", kind.name(), e.node_kind().name());
        }
        match p.at.sums.is_some() {
            true => Ok(()),
            false => self.window(p, pr, c, n),
        }
    }

    /// Windows against the parent's window and the events that changed it.
    fn window(&self, p: &Frame, pr: &NodeRec, c: u32, n: &NodeRec) -> R {
        let (alpha, beta, q) = (p.alpha, pr.beta, self.quiescence(p));
        let (got, full) = ((n.alpha, n.beta), (-beta, -alpha));
        let is = |w: (i32, i32)| (got == w, w);
        let ((ok, w), rule) = match n.node_kind() {
            // Quiescence search is alpha-beta under every algorithm (stand pat needs a window).
            _ if self.cfg.algo == Algorithm::Minimax && !q => {
                (is((-INF, INF)), "every node is searched with")
            }
            NodeKind::Null => (
                is((-beta, -beta + 1)),
                "a null-move search is a null window at β of its parent, negated:",
            ),
            NodeKind::McProbe => (
                is((-beta, -pr.alpha)),
                "a multi-cut probe searches with its parent's window negated,",
            ),
            // Stand pat raises α without an event: the upper side is at most −α.
            _ if q => (
                (got.0 == -beta && got.1 <= -alpha, full),
                "a quiescence child searches with (−β, −α) of its parent, within",
            ),
            _ if self.research(p, n) => {
                // The re-search of a scout that returned t: (l, β) with α ≤ l ≤ max(α, t).
                let t = (self.rec.research_of(c)).map_or(alpha, |e| -self.node(e).value);
                let (l, top) = (-got.1, alpha.max(t));
                ensure!(got.0 == -beta && l >= alpha && l <= top, node c, "alpha",
                    "the window is ({}, {}), but the re-search of a scout that returned {t} \
                     searches (l, β) of its parent with α = {} ≤ l ≤ {}, negated: within \
                     ({}, {}) (rule: windows)", side(got.0), side(got.1), side(alpha), side(top),
                    side(full.0), side(full.1));
                return Ok(());
            }
            _ if self.scouts() && n.index > 0 => (
                is((-alpha.saturating_add(1).min(INF), -alpha)),
                "a later move is scouted with a null window at α of its parent, negated:",
            ),
            _ => (
                is(full),
                "a child searches with (−β, −α) of its parent as its events left it:",
            ),
        };
        ensure!(ok, node c, "alpha",
            "the window is ({}, {}), but under {} {rule} ({}, {}) (rule: windows)",
            side(got.0), side(got.1), self.cfg.algo.name(), side(w.0), side(w.1));
        Ok(())
    }

    fn exit(&mut self, stack: &mut Vec<Frame>, i: usize) -> R {
        let mut f = stack.pop().expect("the tape is valid");
        let n = self.node(f.id);
        // A stop ends the node it comes in and then each node around it, and nothing else.
        let aborted = n.reason() == StopReason::Aborted;
        if let Some(s) = self.stopped {
            ensure!(aborted, node f.id, "reason",
                "is {}, but node {s} exited aborted before it: a search that stops leaves every \
                 node still open aborted (rule: stop reasons)", n.reason().name());
        }
        self.stopped = self.stopped.or(aborted.then_some(f.id));
        // The search (or the page's Stop) ends an aborted node wherever it was.
        if !aborted {
            self.commit(&mut f, i, false)?;
        }
        // A chance search's leaves and chance nodes have their own rules of value.
        let exit = |c: &Chance| c.exit(i, &f.at, f.id, n, f.cut);
        if self.chance.as_ref().map_or(Ok(true), exit)? {
            self.node_value(&f, n)?;
        }
        let Some(p) = stack.last_mut() else {
            return Ok(());
        };
        let (v, pr) = (-n.value, self.node(p.id));
        if let Some(c) = self.chance.as_ref().filter(|_| !aborted) {
            // A chance node's branch returns its value to the sums, from the same view.
            c.step(&mut p.at, Some(n.value));
            if p.at.sums.is_some() {
                return Ok(());
            }
        }
        p.value_seen |= v == pr.value;
        p.last_child = Some(f.id);
        p.move_children |= n.node_kind() != NodeKind::Null;
        p.grandchildren |= f.move_children;
        p.pending_exact = !f.move_children || !f.grandchildren;
        match n.node_kind() {
            _ if aborted => p.pending = None,
            NodeKind::Null => {}
            NodeKind::McProbe => {
                p.probes += 1;
                p.probe_cuts += u32::from(v >= pr.beta);
            }
            _ => p.pending = Some(f.id),
        }
        Ok(())
    }

    /// A node's value against its children's returned values, its events and its bound. The
    /// stop reason says which rule decides the value: a transposition-table hit, a null-move
    /// verdict, a multi-cut, or the children the node searched.
    fn node_value(&self, f: &Frame, n: &NodeRec) -> R {
        use StopReason as S;
        let (id, reason, name) = (f.id, n.reason(), n.reason().name());
        let early = matches!(
            reason,
            S::Leaf | S::Terminal | S::Draw | S::Repetition | S::StandPat | S::TtCutoff
        );
        ensure!(!f.move_children || !early, node id, "reason",
            "is {name}, but the node has children: it stops before it searches any move \
             (rule: stop reasons)");
        // Each cut-off and the node's event that makes it: the reason needs the event, and the
        // event (but an uncertainty cut-off's) makes the reason, unless the search stopped
        // inside the node before it acted on it.
        let null_cut = matches!(f.null_verdict, Some((_, NullVerdict::Cutoff)));
        let cuts = [
            (S::TtCutoff, f.tt_cut.is_some(), "tt_hit", true),
            (S::NullMoveCutoff, null_cut, "null_verdict", true),
            (S::MultiCut, f.mc_cut, "multi_cut", true),
            (S::BetaCutoff, f.cut, "cutoff", true),
            (S::UncertaintyCutoff, f.uc, "uncertainty_cutoff", false),
        ];
        for (r, fired, event, both) in cuts {
            ensure!(reason != r || fired, node id, "reason",
                "is {name}, but no {event} event of the node cuts it off (rule: stop reasons)");
            ensure!(!both || !fired || reason == r || reason == S::Aborted, node id, "reason",
                "is {name}, but the node's {event} event cuts it off: {} (rule: stop \
                 reasons)", r.name());
        }
        match (reason, f.null_verdict, f.tt_cut) {
            (S::TtCutoff, _, Some((t, here))) if here != n.value => bail!(node id, "value",
                "is {}, but the transposition-table entry that cut it off gives {here} (it \
                 holds {t}; a win or mate score is stored relative to the node) (rule: \
                 values)", n.value),
            (S::NullMoveCutoff, Some((v, _)), _) if n.value != v && n.value != n.beta => {
                bail!(node id, "value",
                    "is {}, but a null-move cut-off returns the null move's value {v} (or β = \
                     {} for a mate score) (rule: values)", n.value, side(n.beta))
            }
            (S::MultiCut, ..) if n.value != n.beta => bail!(node id, "value",
                "is {}, but a multi-cut returns β = {} (rule: values)", n.value, side(n.beta)),
            // A stopped node keeps the best value it had: one a child returned, or 0.
            (S::Aborted, ..) if n.value != 0 && !f.value_seen && !self.quiescence(f) => {
                bail!(node id, "value",
                    "is {}, but the search stopped inside the node, which then returns a \
                     value one of its children returned, or 0 (rule: values)", n.value)
            }
            (S::BetaCutoff | S::AllMoves | S::UncertaintyCutoff | S::Probe, ..) => {}
            _ => return Ok(()),
        }
        // A node that searched its moves: its value the best its children returned (in
        // quiescence, or its stand-pat value above it) from its best_index (every move pruned:
        // 0, none), and no value at or above β without a cut-off.
        let (q, bi) = (self.quiescence(f), n.best_index());
        match f.best {
            Some((b, _)) if (q && n.value < b) || (!q && n.value != b) => bail!(node id, "value",
                "is {}, but the best value its children returned is {b} (rule: a node's \
                 value is the best its children returned{})", n.value,
                if q { ", or its stand-pat value above it" } else { "" }),
            // In quiescence a stand-pat value names no move, and a child's may name none.
            Some((b, k)) => {
                let want = (n.value == b).then_some(k as u32);
                ensure!(bi == want || (q && bi.is_none()), node id, "best_index",
                    "is {}, but the value {} came from the move at index {k} (rule: values)",
                    bi.map_or("null".to_string(), |x| x.to_string()), n.value);
            }
            None if !q && (n.value != 0 || bi.is_some()) => bail!(node id, "value",
                "is {}, but no child returned a value: a node whose every move was \
                 pruned returns 0 (rule: values)", n.value),
            None if bi.is_some() => bail!(node id, "best_index",
                "names a move, but no child returned a value (rule: values)"),
            None => {}
        }
        let (cutoff, minimax) = (self.cfg.cutoff, self.cfg.algo == Algorithm::Minimax);
        ensure!(minimax || reason != S::AllMoves || !cutoff.cuts(n.value, n.beta), node id, "value",
            "is {}, {} β = {}, but the node searched all its moves without a cut-off (rule: \
             cut-offs)", n.value,
            if cutoff == Cutoff::Strict { "above (the strict rule)" } else { "at or above" },
            side(n.beta));
        Ok(())
    }

    fn alpha_raised(&self, f: &mut Frame, i: usize, old: i32, new: i32) -> R {
        self.commit(f, i, true)?;
        let q = self.quiescence(f);
        ensure!(self.cfg.algo != Algorithm::Minimax || q, event i, "kind",
            "minimax has no window to raise: no alpha_raised events (rule: alpha_raised events)");
        ensure!(new > old, event i, "data",
            "[{old}, {new}] does not raise α in node {}: the new α must be above the old \
             (rule: alpha_raised events)", f.id);
        ensure!(if q { old >= f.alpha } else { old == f.alpha }, event i, "data",
            "[{old}, {new}] raises α from {old}, but α of node {} is {} (rule: \
             alpha_raised events)", f.id, side(f.alpha));
        let v = f.last_child.map_or(i32::MIN, |c| -self.node(c).value);
        ensure!(new == v, event i, "data",
            "[{old}, {new}] raises α to {new}, but the child that just returned gave \
             node {} the value {v} (rule: alpha_raised events)", f.id);
        f.alpha = new;
        Ok(())
    }

    fn cutoff(&self, f: &mut Frame, i: usize, value: i32, beta: i32) -> R {
        let nb = self.node(f.id).beta;
        ensure!(beta == nb, event i, "data",
            "[{value}, {beta}] names β = {beta}, but β of node {} is {} (rule: cut-off \
             events)", f.id, side(nb));
        let strict = self.cfg.cutoff == Cutoff::Strict;
        ensure!(self.cfg.cutoff.cuts(value, beta), event i, "data",
            "[{value}, {beta}]: the value {value} does not {} β = {beta}, and a cut-off needs {} \
             (rule: cut-off events)", if strict { "pass" } else { "reach" },
            if strict { "value > β under the strict rule" } else { "value ≥ β" });
        // The event right before raised α to the value.
        ensure!(self.prev == Some(EventKind::AlphaRaised) && f.alpha == value, event i, "kind",
            "a cut-off event in node {} must follow the alpha_raised event of the child \
             whose value {value} it names (rule: cut-off events)", f.id);
        f.cut = true;
        Ok(())
    }

    fn tt_hit(&self, f: &mut Frame, ply: u32, i: usize, d: &[i32]) -> R {
        if d[1] >> 12 & 1 == 0 {
            return Ok(());
        }
        let n = self.node(f.id);
        let td = (d[1] & 0xFF) as u8 as i8 as i32;
        // The value the entry gives this node: the search's own conversion, which moves a win
        // or mate score from the node back to the root's count of plies.
        let here = value_from_tt(d[0], ply, self.mate_bound);
        let decides = match Bound::from_u8(((d[1] >> 8) & 3) as u8).expect(CHECKED) {
            Bound::Exact => true,
            Bound::Lower => here >= n.beta,
            Bound::Upper => here <= n.alpha,
        };
        let why = match d[1] >> 10 & 1 {
            1 => "its entry is uncertain".into(),
            _ if n.expected() == NodeType::Pv => "the node is expected PV".into(),
            _ if td < f.depth && f.depth < i8::MAX as i32 => {
                format!("its entry's depth {td} is below the node's {}", f.depth)
            }
            _ if !decides => "its entry's bound does not decide the window".into(),
            _ => {
                f.tt_cut = Some((d[0], here));
                return Ok(());
            }
        };
        bail!(event i, "data",
            "says the entry cuts node {} off, but {why} (rule: transposition-table cut-offs)",
            f.id);
    }

    fn null_verdict(&self, f: &mut Frame, i: usize, d: &[i32]) -> R {
        use NullVerdict as V;
        let n = self.node(f.id);
        let (v, beta, verdict) = (d[0], d[1], V::from_u8(d[2] as u8).expect(CHECKED));
        let child = (f.last_child)
            .filter(|_| self.prev == Some(EventKind::Exit))
            .map(|c| self.node(c))
            .filter(|c| c.node_kind() == NodeKind::Null);
        let problem = match child {
            None => "a null_verdict event follows the return of a null-move child".into(),
            Some(c) if -c.value != v => {
                format!("the null-move child returned {}, not {v}", -c.value)
            }
            _ if beta != n.beta => format!("β of node {} is {}", f.id, side(n.beta)),
            _ if (verdict == V::FailLow) == (v >= beta) => match verdict {
                V::FailLow => format!("{v} ≥ β = {beta} is no fail-low"),
                _ => format!("{v} < β = {beta} is a fail-low"),
            },
            _ if verdict == V::Verify && !self.cfg.null_move.verified => {
                "verification needs null_move.verified".into()
            }
            _ => {
                f.null_verdict = Some((v, verdict));
                f.depth -= i32::from(verdict == V::Verify);
                return Ok(());
            }
        };
        bail!(event i, "data", "[{v}, {beta}, {}]: {problem} (rule: null-move verdicts)", d[2]);
    }

    fn zugzwang(&self, f: &mut Frame, i: usize, d: &[i32]) -> R {
        let n = self.node(f.id);
        let verified = matches!(f.null_verdict, Some((_, NullVerdict::Verify)));
        let best = f.best.is_none_or(|b| b.0 == d[0]);
        let ok = verified && d[1] == n.beta && d[0] < d[1] && best;
        ensure!(ok, event i, "data",
            "[{}, {}]: zugzwang follows a verified null-move fail-high at a node whose \
             moves then stayed below β = {} (rule: null-move verdicts)", d[0], d[1],
            side(n.beta));
        // The moves are searched again, at the original depth, from the entry window.
        (f.depth, f.alpha, f.best, f.cut, f.uc) = (f.depth + 1, n.alpha, None, false, false);
        Ok(())
    }

    fn multi_cut(&self, f: &mut Frame, i: usize, d: &[i32]) -> R {
        let mc = &self.cfg.multi_cut;
        let [cuts, c, probes] = [d[0], d[1], d[2]];
        ensure!(c == mc.c as i32, event i, "data",
            "{d:?} in node {}: C is {} in the configuration (rule: multi-cut)", f.id, mc.c);
        ensure!(probes == f.probes as i32 && probes <= mc.m as i32, event i, "data",
            "{d:?} in node {}: the node made {} probes (at most M = {}) (rule: multi-cut)", f.id,
            f.probes, mc.m);
        ensure!(cuts == f.probe_cuts as i32, event i, "data",
            "{d:?} in node {}: {} of its probes reached β (rule: multi-cut)", f.id, f.probe_cuts);
        f.mc_cut = d[3] == 1;
        Ok(())
    }

    fn uncertainty_cutoff(&self, f: &mut Frame, i: usize, d: &[i32]) -> R {
        let u = &self.cfg.uncertainty;
        let limit = (self.node(f.id).n_moves as f64 * u.cut_ratio) as i32;
        let tried = f.last_child.map_or(0, |c| self.node(c).index as i32 + 1);
        ensure!(d[1] == limit && d[0] > limit && d[0] == tried, event i, "data",
            "[{}, {}] in node {}: an uncertainty cut-off comes \
             after more than CUT_RATIO × moves = {limit} moves were tried (here {tried}) \
             (rule: uncertainty cut-offs)", d[0], d[1], f.id);
        f.uc = true;
        Ok(())
    }

    fn presearch(&self, f: &mut Frame, i: usize, d: &[i32]) -> R {
        let ps = &self.cfg.presearch;
        let ok = i32::from(clamp_i8(d[0])) == f.depth && d[1] > d[0] && d[1] - d[0] <= ps.risk;
        ensure!(ok, event i, "data",
            "[{}, {}, {}] in node {} (depth {}): pre-search raises the node's depth by 1 to Risk \
             = {} plies (rule: pre-search)", d[0], d[1], d[2], f.id, f.depth, ps.risk);
        f.depth = clamp_i8(d[1]).into();
        Ok(())
    }

    fn prune(&self, f: &Frame, i: usize, d: &[i32]) -> R {
        use PruneReason as P;
        let reason = P::from_u8(d[1] as u8).expect(CHECKED);
        let why = match reason {
            P::See if self.cfg.quiescence.see_pruning && self.quiescence(f) => return Ok(()),
            P::Uncertainty if f.uc => return Ok(()),
            P::See => "SEE pruning happens in quiescence search with quiescence.see_pruning",
            P::Uncertainty => {
                "a quiet move is pruned for uncertainty only after the node's uncertainty cut-off"
            }
        };
        bail!(event i, "data",
            "prunes with reason {} in node {}, but {why} (rule: pruned moves)",
            reason.name(), f.id);
    }

    fn aspiration_fail(&mut self, i: usize, d: &[i32]) -> R {
        // The last root entered (roots are in id order), which the tape saw exit.
        let k = self.rec.roots.partition_point(|&r| r < self.next_id) - 1;
        let n = self.node(self.rec.roots[k]);
        let bounded = (d[2] <= d[0] && d[0] > -INF) || (d[2] >= d[1] && d[1] < INF);
        ensure!((n.alpha, n.beta, n.value) == (d[0], d[1], d[2]) && bounded, event i, "data",
            "{d:?}: an aspiration_fail event names the window and value of the root search \
             before it, which failed outside a bounded side (rule: aspiration windows)");
        (self.failed[k], self.after_fail) = (true, true);
        Ok(())
    }

    /// The summary against the roots: each finished iteration's depth, value and node count is
    /// that of its root searches, and the root value is the last finished one's; a chance
    /// search's best line is checked by deriving it again from its records
    /// ([`Recorder::decision_line`], the function the search's summary is written with).
    fn summary(&self, h: &TraceHeader) -> R {
        let (s, rec) = (&h.summary, self.rec);
        if let Some(id) = self.stopped {
            ensure!(s.aborted, node id, "reason",
                "is aborted, but the search was not stopped: the tape has no aborted event \
                 (rule: stop reasons)");
        }
        let user = s.stopped == Some(StopCause::User);
        // The finished iterations (depth, last root, nodes): for a search, the root searches
        // grouped by depth (an aspiration re-search belongs to its iteration, which starts where
        // the one before ended); the page's Stop lists every root search that finished.
        let (mut want, mut start) = (Vec::new(), 0);
        for (k, (&id, &depth)) in rec.roots.iter().zip(&rec.root_depths).enumerate() {
            if user || !self.failed[k] {
                let end = rec.roots.get(k + 1).map_or(rec.nodes.len() as u32, |&e| e);
                if self.node(id).reason() != StopReason::Aborted {
                    want.push((depth, id, u64::from(end - start)));
                }
                start = end;
            }
        }
        ensure!(s.iterations.len() == want.len(), header "summary.iterations",
            "lists {} iterations, but the event tape finishes {} (rule: the summary \
             against the roots)", s.iterations.len(), want.len());
        for (k, (it, &(d, root, nodes))) in s.iterations.iter().zip(&want).enumerate() {
            let row = |field, got: i128, want: i128, how| {
                ensure!(got == want, header format!("summary.iterations[{k}].{field}"),
                    "is {got}, but its root (node {root}) {how} {want} (rule: the summary \
                     against the roots)");
                Ok(())
            };
            let v = self.node(root).value;
            row("depth", it.depth.into(), d.into(), "was searched at depth")?;
            row("value", it.value.into(), v.into(), "returned")?;
            row("nodes", it.nodes.into(), nodes.into(), "searches made")?;
        }
        let Some(&(_, root, _)) = want.last() else {
            return Ok(());
        };
        let n = self.node(root);
        ensure!(s.value == Some(n.value), header "summary.value",
            "is {}, but the last finished root (node {root}) returned {} (rule: the \
             summary against the roots)",
            s.value.map_or("null".to_string(), |v| v.to_string()), n.value);
        ensure!(user || s.uncertain == n.uncertain(), header "summary.uncertain",
            "is {}, but the last finished root (node {root}) is {}uncertain (rule: the summary \
             against the roots)", s.uncertain, if n.uncertain() { "" } else { "not " });
        if self.chance.is_none() {
            return Ok(());
        }
        let line: Vec<String> = rec.decision_line(root).iter().map(u16::to_string).collect();
        ensure!(s.best_line == line, header "summary.best_line",
            "is [{}], but the decision nodes' best moves from the root (node {root}) to the \
             first chance node or leaf are [{}] (rule: the best line)",
            s.best_line.join(", "), line.join(", "));
        Ok(())
    }
}
