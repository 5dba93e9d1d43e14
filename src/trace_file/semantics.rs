//! What a search could have done: the semantic rules a trace must keep, checked by replaying
//! its event tape once against its node records (issue 22 §1).
//!
//! The structural checks ([`super::check`]) make sure every field is well formed, every move
//! legal and every reference sound. These rules make sure the file does not contradict itself:
//! that each value, window, bound, event, depth, kind and order is one a fail-soft negamax
//! search with the file's configuration could have produced, and that the summary says what
//! the roots returned. They are local — each looks at a node, its parent and the events
//! between — so one pass over the tape with a stack of open nodes checks them all, without a
//! second copy of the trace. `docs/trace-format.md` ("Semantic rules") lists them, and the
//! fields no local rule can check, with the reason; `prunescope verify` re-runs the search and
//! checks those too.
//!
//! Rules that depend on the algorithm read it from the file's `config`: minimax searches every
//! child with the full window; alpha-beta with `(−β, −α)`; the scout algorithms (NegaScout /
//! PVS in its variants) search the first move with `(−β, −α)`, later moves with a null window
//! at α, and re-search a scout with a window `(l, β)` whose lower side lies between α and the
//! scout's value (`(t, β)` in Reinefeld's NegaScout, `(α, β)` in Björnsson et al.'s Fig. 4,
//! anything between in a variant).

use super::TraceHeader;
use super::error::{TraceFileError, window_side as side};
use super::error::{bail, err};
use super::events::each_event;
use crate::game::INF;
use crate::run::Input;
use crate::schema::{
    Bound, EventKind, NodeKind, NodeType, NullVerdict, OrderSource, PruneReason, StopReason,
};
use crate::search::StopCause;
use crate::search::UNBOUNDED_DEPTH;
use crate::search::chance::ChanceAlgorithm;
use crate::search::config::{Algorithm, Cutoff, SearchConfig, UncertaintyMode};
use crate::search::techniques::tt::value_from_tt;
use crate::trace::record::{NodeRec, Recorder};

fn clamp8(d: i32) -> i32 {
    d.clamp(i8::MIN as i32, i8::MAX as i32)
}

/// What the replay knows about an open node.
#[derive(Default)]
struct Frame {
    id: u32,
    /// The node's ply: the root of each iteration is ply 0, and every child (a move, the null
    /// move, a probe) one more than its parent, as the search counts.
    ply: u32,
    /// α as the node's events left it (entry α, raised by `alpha_raised`).
    alpha: i32,
    /// The remaining depth the node searches its moves with: its entry depth, changed by
    /// pre-search and verified null-move pruning.
    depth: i32,
    /// The best counted child of this round of moves: (value in the node's view, index).
    best: Option<(i32, u16)>,
    /// The last child that returned and is not yet counted (a re-search may replace it).
    pending: Option<u32>,
    /// The last child that returned (any kind).
    last_child: Option<u32>,
    /// The event right before was `alpha_raised` to this value.
    raised: Option<i32>,
    /// A cut-off event happened in this round of moves.
    cut: bool,
    /// A transposition-table hit that decides the node: its value.
    tt_cut: Option<i32>,
    /// The null-move verdict: (value, verdict).
    null_verdict: Option<(i32, NullVerdict)>,
    /// Multi-cut probes so far, and those that reached β.
    probes: u32,
    probe_cuts: u32,
    mc_cut: bool,
    /// An uncertainty cut-off happened in this round of moves.
    uc: bool,
    /// A child returned exactly the node's recorded value (for nodes that stopped early).
    value_seen: bool,
    /// A child searched one of the node's moves (not the null move).
    move_children: bool,
    /// One of those children searched moves of its own.
    grandchildren: bool,
    /// The pending child's value is exact whatever its window: it searched no moves, or only
    /// moves that searched none (a fail-soft null-window search one ply above the leaves
    /// returns the leaves' best), so a scout algorithm need not search it again.
    pending_exact: bool,
}

impl Frame {
    fn new(id: u32, ply: u32, n: &NodeRec) -> Frame {
        let (alpha, depth) = (n.alpha, n.depth as i32);
        Frame {
            id,
            ply,
            alpha,
            depth,
            ..Frame::default()
        }
    }
}

/// Checks the semantic rules of a trace whose structure is already valid (the reader calls it
/// after the structural checks): one pass over the event tape.
pub(crate) fn check(header: &TraceHeader, rec: &Recorder) -> Result<(), TraceFileError> {
    every_search(header, rec)?;
    if let Some(algo) = header.config.chance {
        // Ballard's rules replace the negamax replay, not the rules every search keeps.
        super::chance::check(header, algo, rec)?;
        let runs = root_runs(rec);
        summary_against_roots(header, rec, &runs)?;
        return chance_line(header, rec, &runs);
    }
    let mut s = Semantics::new(header, rec);
    each_event(rec, |i, kind, data| s.event(i, kind, data))?;
    // The tape entered every root (check.rs).
    summary_against_roots(header, rec, &s.runs)
}

/// The rules every search keeps, chance searches too: a stop reason, an `order` and an
/// `uncertain` flag only where the configuration has the technique that makes them, at most
/// `node_cap` nodes, and a best line that stops short (`line_proven_to`) only under NegaScout.
fn every_search(h: &TraceHeader, rec: &Recorder) -> Result<(), TraceFileError> {
    let cfg = &h.config;
    let tree = matches!(h.input, Input::Tree { .. });
    let uncertainty = cfg.uncertainty.mode != UncertaintyMode::Off;
    for (id, n) in rec.nodes.iter().enumerate() {
        let id = id as u32;
        let reason = n.reason();
        let (on, what) = match reason {
            StopReason::ChanceFailLow | StopReason::ChanceFailHigh => (
                cfg.chance.is_some_and(|a| a != ChanceAlgorithm::Expectimax),
                "a chance search with cut-offs (config.chance star1 or star2)",
            ),
            StopReason::Probe => (
                cfg.chance == Some(ChanceAlgorithm::Star2),
                "Star2's probing phase (config.chance star2)",
            ),
            StopReason::StandPat => (
                cfg.quiescence.enabled && !tree,
                "quiescence search (quiescence.enabled), which an explicit tree has not",
            ),
            StopReason::UncertaintyCutoff => (uncertainty, "uncertainty.mode"),
            StopReason::TtCutoff => (cfg.tt.enabled, "the transposition table (tt.enabled)"),
            StopReason::NullMoveCutoff => (cfg.null_move.enabled, "null_move.enabled"),
            StopReason::MultiCut => (
                cfg.multi_cut.mc_c || cfg.multi_cut.mc_a,
                "multi-cut (multi_cut.mc_c or multi_cut.mc_a)",
            ),
            _ => (true, ""),
        };
        if !on {
            bail!(node id, "reason",
                "is {}, which needs {what}; the configuration does not search so (rule: \
                 stop reasons)", reason.name());
        }
        if cfg.chance.is_some() && n.order() != OrderSource::Generated {
            bail!(node id, "order",
                "is {}, but a chance search orders no moves: generated (rule: kinds and \
                 orders)", n.order().name());
        }
        if n.uncertain() && !uncertainty {
            bail!(node id, "uncertain",
                "is true, but only uncertainty cut-offs (uncertainty.mode) make a value \
                 uncertain, and they are off (rule: uncertain flags)");
        }
    }
    let s = &h.summary;
    if s.uncertain && !uncertainty {
        bail!(header "summary.uncertain",
            "is true, but only uncertainty cut-offs (uncertainty.mode) make a value uncertain, \
             and they are off (rule: uncertain flags)");
    }
    if cfg.node_cap != 0 && s.nodes > cfg.node_cap {
        bail!(header "config.node_cap",
            "is {}, but the search made {} nodes: it stops at the cap (rule: the node cap)",
            cfg.node_cap, s.nodes);
    }
    if s.line_proven_to.is_some() && (cfg.algo != Algorithm::Pvs || cfg.chance.is_some()) {
        bail!(header "summary.line_proven_to",
            "is node {}, but only NegaScout (pvs) proves a value without its line; {} finds \
             the line with the value (rule: the best line)",
            s.line_proven_to.unwrap_or(0), cfg.chance.map_or(cfg.algo.name(), |a| a.name()));
    }
    Ok(())
}

/// A chance search's best line is derived from its records (the decision nodes' best moves
/// from the root down to the first chance node or leaf, [`Recorder::decision_line`]): it is
/// checked by deriving it again.
fn chance_line(h: &TraceHeader, rec: &Recorder, runs: &[RootRun]) -> Result<(), TraceFileError> {
    let Some(root) = runs
        .iter()
        .rev()
        .find(|r| rec.nodes[r.id as usize].reason() != StopReason::Aborted)
    else {
        return Ok(());
    };
    let line: Vec<String> = rec
        .decision_line(root.id)
        .iter()
        .map(|i| i.to_string())
        .collect();
    if h.summary.best_line != line {
        bail!(header "summary.best_line",
            "is [{}], but the decision nodes' best moves from the root (node {}) to the \
             first chance node or leaf are [{}] (rule: the best line)",
            h.summary.best_line.join(", "), root.id, line.join(", "));
    }
    Ok(())
}

/// The iteration depths a search with this input and configuration makes, in order (without
/// aspiration re-searches).
fn iteration_depths(input: &Input, cfg: &SearchConfig) -> (i32, i32) {
    let last = match input {
        Input::Tree { .. } => return (UNBOUNDED_DEPTH, UNBOUNDED_DEPTH),
        Input::Random(p) => p.depth as i32,
        // chess and the small games: the configuration's depth
        _ => cfg.depth as i32,
    };
    (if cfg.iterative { 1 } else { last }, last)
}

/// One finished or stopped root search: its root, depth, the id after its last node, and
/// whether it failed its aspiration window.
struct RootRun {
    id: u32,
    depth: i32,
    end: u32,
    failed: bool,
}

/// The root searches of `rec`, in order (none failed yet).
fn root_runs(rec: &Recorder) -> Vec<RootRun> {
    let ends = rec
        .roots
        .iter()
        .skip(1)
        .copied()
        .chain([rec.nodes.len() as u32]);
    (rec.roots.iter().zip(&rec.root_depths).zip(ends))
        .map(|((&id, &depth), end)| RootRun {
            id,
            depth,
            end,
            failed: false,
        })
        .collect()
}

struct Semantics<'a> {
    cfg: &'a SearchConfig,
    rec: &'a Recorder,
    tree: bool,
    stack: Vec<Frame>,
    next_id: u32,
    prev: Option<EventKind>,
    /// The depth of the last iteration event, and whether the root search before it failed
    /// its aspiration window.
    iter_depth: Option<i32>,
    after_fail: bool,
    /// Every root search (check.rs matched them with the tape), and how many were entered.
    runs: Vec<RootRun>,
    roots_entered: usize,
    first_depth: i32,
    last_depth: i32,
    /// The game's mate bound ([`Input::mate_bound`]), for a table hit's value.
    mate_bound: i32,
}

impl<'a> Semantics<'a> {
    fn new(h: &'a TraceHeader, rec: &'a Recorder) -> Self {
        let (first_depth, last_depth) = iteration_depths(&h.input, &h.config);
        Semantics {
            cfg: &h.config,
            rec,
            tree: matches!(h.input, Input::Tree { .. }),
            stack: Vec::new(),
            next_id: 0,
            prev: None,
            iter_depth: None,
            after_fail: false,
            runs: root_runs(rec),
            roots_entered: 0,
            first_depth,
            last_depth,
            mate_bound: h.input.mate_bound(),
        }
    }

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

    fn event(&mut self, i: usize, kind: EventKind, d: &[i32]) -> Result<(), TraceFileError> {
        if kind != EventKind::Research
            && kind != EventKind::AlphaRaised
            && kind != EventKind::Enter
            && kind != EventKind::Exit
        {
            self.commit(i, false)?;
        }
        match kind {
            EventKind::Iteration => self.iteration(i, d[0])?,
            EventKind::Enter => {
                self.commit(i, false)?;
                let id = self.next_id;
                self.next_id += 1;
                self.enter(id)?;
            }
            EventKind::Exit => {
                let stopped = self
                    .stack
                    .last()
                    .is_some_and(|f| self.node(f.id).reason() == StopReason::Aborted);
                if stopped {
                    // The search (or the page's Stop) ended the node wherever it was.
                    if let Some(f) = self.stack.last_mut() {
                        f.pending = None;
                    }
                } else {
                    self.commit(i, false)?;
                }
                self.exit()?;
            }
            EventKind::AlphaRaised => {
                self.commit(i, true)?;
                self.alpha_raised(i, d[0], d[1])?;
            }
            EventKind::Cutoff => self.cutoff(i, d[0], d[1])?,
            EventKind::Research => self.research(i)?,
            EventKind::Aborted => {}
            EventKind::ChanceCutoff => {
                bail!(event i, "kind",
                    "a chance_cutoff event needs a chance search (config.chance)");
            }
            EventKind::TtHit => self.tt_hit(i, d)?,
            EventKind::NullVerdict => self.null_verdict(i, d)?,
            EventKind::Zugzwang => self.zugzwang(i, d)?,
            EventKind::MultiCut => self.multi_cut(i, d)?,
            EventKind::UncertaintyCutoff => self.uncertainty_cutoff(i, d)?,
            EventKind::AspirationFail => self.aspiration_fail(i, d)?,
            EventKind::Presearch => self.presearch(i, d)?,
            EventKind::Prune => self.prune(i, d)?,
        }
        if kind != EventKind::AlphaRaised
            && let Some(f) = self.stack.last_mut()
        {
            f.raised = None;
        }
        if kind == EventKind::AlphaRaised
            && let Some(f) = self.stack.last_mut()
        {
            f.raised = Some(d[1]);
        }
        self.prev = Some(kind);
        Ok(())
    }

    fn iteration(&mut self, i: usize, depth: i32) -> Result<(), TraceFileError> {
        let want = match self.iter_depth {
            None => self.first_depth,
            Some(d) if self.after_fail => d,
            Some(d) => d + 1,
        };
        if depth != want {
            let why = match self.iter_depth {
                None if self.cfg.iterative => "iterative deepening begins at depth 1".into(),
                None => format!("the search's depth is {want}"),
                Some(d) if self.after_fail => format!(
                    "an aspiration re-search repeats the depth {d} of the search that failed"
                ),
                Some(d) => format!("the iteration after depth {d} is depth {}", d + 1),
            };
            bail!(event i, "data",
                "begins a root search at depth {depth}, but {why} (rule: iteration depths)");
        }
        if depth > self.last_depth {
            bail!(event i, "data",
                "begins a root search at depth {depth}, beyond the search's depth {} (rule: \
                 iteration depths)", self.last_depth);
        }
        self.iter_depth = Some(depth);
        self.after_fail = false;
        Ok(())
    }

    /// Counts the child that returned last (unless a re-search replaces it). `raise` says
    /// whether the event now is an `alpha_raised`, which must follow exactly the children that
    /// return more than α.
    fn commit(&mut self, i: usize, raise: bool) -> Result<(), TraceFileError> {
        let Some(f) = self.stack.last() else {
            return Ok(());
        };
        let Some(c) = f.pending else {
            if raise {
                bail!(event i, "kind",
                    "an alpha_raised event in node {} must follow the return of a child \
                     (rule: alpha_raised events)", f.id);
            }
            return Ok(());
        };
        let child = self.node(c);
        let v = -child.value;
        let quiescence = self.quiescence(f);
        let fid = f.id;
        let (alpha, beta) = (f.alpha, self.node(fid).beta);
        let minimax = self.cfg.algo == Algorithm::Minimax;
        // A scout that lands inside the window is searched again (unless its value is exact
        // anyway: NegaScout need not re-search near the leaves).
        if self.is_scout(fid, c)
            && v > alpha
            && v < beta
            && child.reason() != StopReason::Aborted
            && !f.pending_exact
        {
            bail!(node c, "value",
                "the scout returned {v} to node {fid}, inside its window ({}, {}), but it \
                 is not searched again, though its subtree is deeper than one ply (rule: a \
                 scout that lands inside the window is re-searched)", side(alpha), side(beta));
        }
        if !raise && !minimax && !quiescence && v > alpha {
            bail!(node fid, "alpha",
                "child {c} returned {v}, above α = {}, but no alpha_raised event follows \
                 (rule: alpha_raised events)", side(alpha));
        }
        let f = self.stack.last_mut().expect("checked");
        f.pending = None;
        if f.best.is_none_or(|(b, _)| v > b) {
            f.best = Some((v, child.index));
        }
        Ok(())
    }

    /// Whether child `c` of node `p` was searched as a scout (a null window at α that a
    /// re-search follows when it lands inside the window).
    fn is_scout(&self, p: u32, c: u32) -> bool {
        let n = self.node(c);
        let f = self.stack.last().expect("open");
        let pvs_research = n.is_research() && n.node_kind() != NodeKind::LmrResearch;
        self.scouts()
            && !self.quiescence(f)
            && n.index > 0
            && n.index != u16::MAX
            && !pvs_research
            && matches!(
                n.node_kind(),
                NodeKind::Normal | NodeKind::Extended | NodeKind::LmrResearch
            )
            && self.node(p).beta.saturating_sub(f.alpha) > 1
    }

    fn enter(&mut self, id: u32) -> Result<(), TraceFileError> {
        let n = self.node(id);
        if let Some(p) = self.stack.last() {
            self.child(p, id, n)?;
        } else {
            self.root(id, n)?;
        }
        let ply = self.stack.len() as u32;
        self.stack.push(Frame::new(id, ply, n));
        Ok(())
    }

    fn root(&mut self, id: u32, n: &NodeRec) -> Result<(), TraceFileError> {
        let depth = self.iter_depth.unwrap_or(self.first_depth);
        if !self.tree && n.depth as i32 != clamp8(depth) {
            bail!(node id, "depth",
                "is {}, but the root search begins at depth {depth} (rule: a root's depth \
                 is its iteration's)", n.depth);
        }
        if n.expected() != NodeType::Pv {
            bail!(node id, "expected",
                "is {}, but a root is expected PV (rule: expected types)", n.expected().name());
        }
        if n.node_kind() != NodeKind::Normal || n.order() != OrderSource::Generated {
            bail!(node id, "kind",
                "is {} (order {}), but a root is a normal node (rule: kinds and orders)",
                n.node_kind().name(), n.order().name());
        }
        let aspiration = self.cfg.aspiration.enabled;
        if (n.alpha, n.beta) != (-INF, INF) && !aspiration {
            bail!(node id, "alpha",
                "the root's window is ({}, {}), but without aspiration windows a root is \
                 searched with (-inf, +inf) (rule: windows)", side(n.alpha), side(n.beta));
        }
        self.roots_entered += 1;
        Ok(())
    }

    /// The rules of a child `c` entered under the open node `p`, in the order the rules are
    /// listed: the first one broken is the one reported.
    fn child(&self, p: &Frame, c: u32, n: &NodeRec) -> Result<(), TraceFileError> {
        let pr = self.node(p.id);
        self.child_kind(p, c, n)?;
        self.child_order(p, pr, c, n)?;
        self.child_depth(p, c, n)?;
        self.child_expected(p, pr, c, n)?;
        self.child_research(c, n)?;
        self.window(p, pr, c, n)
    }

    /// Kinds against the configuration's techniques: a null, probe, reduced, extended or
    /// quiescence child needs the technique that searches it, and a node that searches captures
    /// in quiescence has only quiescence children.
    fn child_kind(&self, p: &Frame, c: u32, n: &NodeRec) -> Result<(), TraceFileError> {
        let cfg = self.cfg;
        let kind = n.node_kind();
        let (on, what) = match kind {
            NodeKind::Normal => (true, ""),
            NodeKind::Null => (cfg.null_move.enabled, "null moves (null_move.enabled)"),
            NodeKind::McProbe => (
                cfg.multi_cut.mc_c || cfg.multi_cut.mc_a,
                "multi-cut (multi_cut.mc_c or multi_cut.mc_a)",
            ),
            NodeKind::Reduced | NodeKind::LmrResearch => {
                (cfg.lmr.enabled, "late move reductions (lmr.enabled)")
            }
            NodeKind::Extended => (cfg.check_extension, "check extensions (check_extension)"),
            NodeKind::Quiescence => (
                self.quiescence(p),
                "quiescence search (quiescence.enabled) at a node with no depth left",
            ),
            NodeKind::Chance | NodeKind::Probe => (false, "a chance search (config.chance)"),
        };
        if !on {
            bail!(node c, "kind",
                "is {}, which needs {what}; the configuration does not search so (rule: \
                 kinds and orders)", kind.name());
        }
        if self.quiescence(p) && kind != NodeKind::Quiescence {
            bail!(node c, "kind",
                "is {}, but its parent (node {}) searches captures in quiescence, whose \
                 children are quiescence nodes (rule: kinds and orders)", kind.name(), p.id);
        }
        Ok(())
    }

    /// Orders against the configuration's move ordering: a move comes from a source the
    /// configuration orders by, and the null move is no ordered move.
    fn child_order(
        &self,
        p: &Frame,
        pr: &NodeRec,
        c: u32,
        n: &NodeRec,
    ) -> Result<(), TraceFileError> {
        let cfg = self.cfg;
        let kind = n.node_kind();
        let o = &cfg.ordering;
        let order = n.order();
        let (on, what) = match order {
            OrderSource::Generated => (true, ""),
            OrderSource::Tt => (o.tt_move && cfg.tt.enabled, "ordering.tt_move"),
            OrderSource::Capture => (
                o.mvv_lva || o.see || self.quiescence(p),
                "ordering.mvv_lva, ordering.see or quiescence search",
            ),
            OrderSource::Killer => (o.killers, "ordering.killers"),
            OrderSource::Refutation => (o.refutation, "ordering.refutation"),
            OrderSource::History => (o.history, "ordering.history"),
            OrderSource::PreviousBest => (
                cfg.iterative && pr.is_root(),
                "iterative deepening, at a root's move",
            ),
        };
        if !on || (kind == NodeKind::Null && order != OrderSource::Generated) {
            bail!(node c, "order",
                "is {}, which needs {}; the configuration does not order so (rule: kinds \
                 and orders)", order.name(), if on { "a real move" } else { what });
        }
        Ok(())
    }

    /// Depths against the parent's: one ply less, less the reduction of a reduced, null or
    /// probe child; the same for an extended one; 0 in quiescence. Not for a tree file, whose
    /// depths are the tree's.
    fn child_depth(&self, p: &Frame, c: u32, n: &NodeRec) -> Result<(), TraceFileError> {
        if self.tree {
            return Ok(());
        }
        let cfg = self.cfg;
        let kind = n.node_kind();
        let d = p.depth;
        let want = match kind {
            NodeKind::Normal | NodeKind::LmrResearch => Some(d - 1),
            NodeKind::Extended => Some(d),
            NodeKind::Reduced => Some(d - 1 - cfg.lmr.h),
            NodeKind::Null => {
                // Below a verified fail-high, `subtree_R` may apply (null_move.rs): the trace
                // does not say whether verification was on, so either depth is accepted; nor
                // does it count the side to move's pieces, so under Heinz's material condition
                // (`adaptive_material`) the R of few pieces is accepted too.
                let nm = &cfg.null_move;
                let depths = [
                    (true, None),
                    (false, None),
                    (true, Some(0)),
                    (false, Some(0)),
                ]
                .map(|(v, pieces)| d - nm.reduction(d, v, pieces) - 1);
                Some(
                    depths
                        .into_iter()
                        .find(|&w| n.depth as i32 == clamp8(w))
                        .unwrap_or(depths[0]),
                )
            }
            NodeKind::McProbe => Some(d - 1 - cfg.multi_cut.r),
            NodeKind::Quiescence => Some(0),
            NodeKind::Chance | NodeKind::Probe => None,
        };
        if let Some(w) = want
            && n.depth as i32 != clamp8(w)
        {
            bail!(node c, "depth",
                "is {}, but a {} child of node {} (depth {d}) has depth {w} (rule: \
                 depths)", n.depth, kind.name(), p.id);
        }
        Ok(())
    }

    /// Expected types: Knuth & Moore's rule; a scout's re-search is expected PV.
    fn child_expected(
        &self,
        p: &Frame,
        pr: &NodeRec,
        c: u32,
        n: &NodeRec,
    ) -> Result<(), TraceFileError> {
        let kind = n.node_kind();
        let pvs_research = n.is_research()
            && kind != NodeKind::LmrResearch
            && self.scouts()
            && !self.quiescence(p);
        let want = if kind == NodeKind::Null {
            pr.expected().child(false)
        } else if pvs_research {
            NodeType::Pv
        } else {
            pr.expected().child(n.index == 0)
        };
        if n.expected() != want {
            let which = if n.index == 0 { "first" } else { "later" };
            let why = match pvs_research {
                true => "a re-search is expected PV".to_string(),
                false => format!(
                    "the {which} child of a {} node is expected {}",
                    pr.expected().name(),
                    want.name()
                ),
            };
            bail!(node c, "expected",
                "is {}, but {why} (rule: expected types)", n.expected().name());
        }
        Ok(())
    }

    /// Re-searches: the same move again, right after it returned; only a reduced child is
    /// searched again as lmr_research, and only a scout algorithm re-searches a scout.
    fn child_research(&self, c: u32, n: &NodeRec) -> Result<(), TraceFileError> {
        let kind = n.node_kind();
        if n.is_research() {
            let earlier = self.rec.research_of(c).map(|e| self.node(e));
            if let Some(e) = earlier
                && (e.move_code != n.move_code || e.index != n.index)
            {
                bail!(node c, "research_of",
                    "names a search of another move (index {}), but a re-search searches the \
                     same move again (index {}) (rule: re-searches)", e.index, n.index);
            }
            let ok = match (kind, earlier.map(|e| e.node_kind())) {
                (NodeKind::LmrResearch, Some(NodeKind::Reduced)) => true,
                (NodeKind::LmrResearch, _) => false,
                (_, Some(NodeKind::Null | NodeKind::McProbe | NodeKind::Quiescence)) => false,
                _ => self.scouts(),
            };
            if !ok {
                bail!(node c, "kind",
                    "is {}, but it re-searches a {} child: only a reduced child is searched \
                     again as lmr_research, and only a scout algorithm re-searches a scout \
                     (rule: re-searches)", kind.name(),
                    earlier.map_or("missing", |e| e.node_kind().name()));
            }
        } else if kind == NodeKind::LmrResearch {
            bail!(node c, "kind",
                "is lmr_research, but no research event makes it a re-search (rule: re-searches)");
        }
        Ok(())
    }

    /// Windows against the parent's window and the events that changed it.
    fn window(&self, p: &Frame, pr: &NodeRec, c: u32, n: &NodeRec) -> Result<(), TraceFileError> {
        let (alpha, beta) = (p.alpha, pr.beta);
        let kind = n.node_kind();
        let got = (n.alpha, n.beta);
        let full = (-beta, -alpha);
        let scout = (-alpha.saturating_add(1).min(INF), -alpha);
        let err = |rule: String| {
            Err(err!(node c, "alpha",
                "the window is ({}, {}), but {rule} (rule: windows)", side(got.0), side(got.1)))
        };
        let neg = |w: (i32, i32)| format!("({}, {})", side(w.0), side(w.1));
        // Quiescence search is alpha-beta under every algorithm (stand pat needs a window).
        if self.cfg.algo == Algorithm::Minimax && !self.quiescence(p) {
            if got != (-INF, INF) {
                return err("minimax searches every node with (-inf, +inf)".into());
            }
            return Ok(());
        }
        match kind {
            NodeKind::Null => {
                let w = (-beta, -beta + 1);
                if got != w {
                    return err(format!(
                        "a null-move search is a null window at β of its parent, negated: {}",
                        neg(w)
                    ));
                }
            }
            NodeKind::McProbe => {
                let w = (-beta, -pr.alpha);
                if got != w {
                    return err(format!(
                        "a multi-cut probe searches with its parent's window negated, {}",
                        neg(w)
                    ));
                }
            }
            _ if self.quiescence(p) => {
                // Stand pat raises α without an event: the upper side is at most −α.
                if got.0 != -beta || got.1 > -alpha {
                    return err(format!(
                        "a quiescence child searches with (−β, −α) of its parent, within {}",
                        neg(full)
                    ));
                }
            }
            _ if n.is_research() && kind != NodeKind::LmrResearch && self.scouts() => {
                // The re-search of a scout that returned t: (l, β) with α ≤ l ≤ max(α, t).
                let t = self
                    .rec
                    .research_of(c)
                    .map_or(alpha, |e| -self.node(e).value);
                let l = -got.1;
                if got.0 != -beta || l < alpha || l > alpha.max(t) {
                    return err(format!(
                        "the re-search of a scout that returned {t} searches (l, β) of its \
                         parent with α = {} ≤ l ≤ {}, negated: within {}",
                        side(alpha),
                        side(alpha.max(t)),
                        neg(full)
                    ));
                }
            }
            _ if self.scouts() && n.index > 0 => {
                if got != scout {
                    return err(format!(
                        "a later move of a {} node is scouted with a null window at α of its \
                         parent, negated: {}",
                        self.cfg.algo.name(),
                        neg(scout)
                    ));
                }
            }
            _ => {
                if got != full {
                    return err(format!(
                        "{} searches this child with (−β, −α) of its parent as its events left \
                         it: {}",
                        self.cfg.algo.name(),
                        neg(full)
                    ));
                }
            }
        }
        Ok(())
    }

    fn exit(&mut self) -> Result<(), TraceFileError> {
        let f = self.stack.pop().expect("the tape is valid");
        let n = self.node(f.id);
        self.node_value(&f, n)?;
        if let Some(p) = self.stack.last_mut() {
            let v = -n.value;
            let pv = self.rec.nodes[p.id as usize].value;
            if v == pv {
                p.value_seen = true;
            }
            p.last_child = Some(f.id);
            p.move_children |= n.node_kind() != NodeKind::Null;
            p.grandchildren |= f.move_children;
            p.pending_exact = !f.move_children || !f.grandchildren;
            if n.reason() == StopReason::Aborted {
                p.pending = None;
            } else {
                match n.node_kind() {
                    NodeKind::Null => {}
                    NodeKind::McProbe => {
                        p.probes += 1;
                        if v >= self.rec.nodes[p.id as usize].beta {
                            p.probe_cuts += 1;
                        }
                    }
                    _ => p.pending = Some(f.id),
                }
            }
        }
        Ok(())
    }

    /// A node's value against its children's returned values, its events and its bound. The
    /// stop reason says which rule decides the value: a transposition-table hit, a null-move
    /// verdict, a multi-cut, or the children the node searched.
    fn node_value(&self, f: &Frame, n: &NodeRec) -> Result<(), TraceFileError> {
        let reason = n.reason();
        self.stopped_before_moves(f, n)?;
        if reason == StopReason::TtCutoff || (f.tt_cut.is_some() && reason != StopReason::Aborted) {
            return self.tt_cutoff_value(f, n);
        }
        self.null_move_value(f, n)?;
        if reason == StopReason::NullMoveCutoff {
            // The null move's value decided it, and null_move_value checked that.
            return Ok(());
        }
        if reason == StopReason::MultiCut || (f.mc_cut && reason != StopReason::Aborted) {
            return self.multi_cut_value(f, n);
        }
        match reason {
            StopReason::BetaCutoff | StopReason::AllMoves | StopReason::UncertaintyCutoff => {
                self.searched_value(f, n)
            }
            // A stopped node keeps the best value it had: one a child returned, or 0.
            StopReason::Aborted if n.value != 0 && !f.value_seen && !self.quiescence(f) => {
                Err(err!(node f.id, "value",
                    "is {}, but the search stopped inside the node, which then returns a \
                     value one of its children returned, or 0 (rule: values)", n.value))
            }
            _ => Ok(()),
        }
    }

    /// Stop reasons that end a node before its moves: such a node has no children.
    fn stopped_before_moves(&self, f: &Frame, n: &NodeRec) -> Result<(), TraceFileError> {
        let reason = n.reason();
        match reason {
            StopReason::Leaf
            | StopReason::Terminal
            | StopReason::Draw
            | StopReason::Repetition
            | StopReason::StandPat
            | StopReason::TtCutoff
                if f.move_children =>
            {
                Err(err!(node f.id, "reason",
                    "is {}, but the node has children: it stops before it searches any move \
                     (rule: stop reasons)", reason.name()))
            }
            _ => Ok(()),
        }
    }

    /// A transposition-table cut-off: the stop reason and the tt_hit event agree, and the node
    /// returns the entry's value.
    fn tt_cutoff_value(&self, f: &Frame, n: &NodeRec) -> Result<(), TraceFileError> {
        let reason = n.reason();
        if reason != StopReason::TtCutoff {
            bail!(node f.id, "reason",
                "is {}, but a tt_hit event decided the node: tt_cutoff (rule: stop reasons)",
                reason.name());
        }
        let Some(t) = f.tt_cut else {
            bail!(node f.id, "reason",
                "is tt_cutoff, but no tt_hit event of the node decides it (rule: stop reasons)");
        };
        let here = value_from_tt(t, f.ply, self.mate_bound);
        if here != n.value {
            bail!(node f.id, "value",
                "is {}, but the transposition-table entry that cut it off gives {here} \
                 (it holds {t}; a win or mate score is stored relative to the node) (rule: \
                 values)", n.value);
        }
        Ok(())
    }

    /// A null-move cut-off and the null_verdict event agree, and the cut-off returns the null
    /// move's value (or β for a mate score). A node the search stopped inside may have had a
    /// cut-off verdict it did not get to act on.
    fn null_move_value(&self, f: &Frame, n: &NodeRec) -> Result<(), TraceFileError> {
        let reason = n.reason();
        match (reason, f.null_verdict) {
            (StopReason::NullMoveCutoff, Some((v, NullVerdict::Cutoff))) => {
                if n.value != v && n.value != n.beta {
                    bail!(node f.id, "value",
                        "is {}, but a null-move cut-off returns the null move's value {v} \
                         (or β = {} for a mate score) (rule: values)", n.value, side(n.beta));
                }
                Ok(())
            }
            (StopReason::NullMoveCutoff, _) => Err(err!(node f.id, "reason",
                "is null_move_cutoff, but no null_verdict event of the node says cut-off (rule: \
                 stop reasons)")),
            (StopReason::Aborted, _) => Ok(()),
            (_, Some((_, NullVerdict::Cutoff))) => Err(err!(node f.id, "reason",
                "is {}, but the node's null_verdict event says cut-off: null_move_cutoff \
                 (rule: stop reasons)", reason.name())),
            _ => Ok(()),
        }
    }

    /// A multi-cut: the stop reason and the multi_cut event agree, and the node returns β.
    fn multi_cut_value(&self, f: &Frame, n: &NodeRec) -> Result<(), TraceFileError> {
        let reason = n.reason();
        if !f.mc_cut || reason != StopReason::MultiCut {
            let why = match f.mc_cut {
                true => "the node's multi_cut event says cut: multi_cut",
                false => "no multi_cut event of the node says cut",
            };
            bail!(node f.id, "reason", "is {}, but {why} (rule: stop reasons)", reason.name());
        }
        if n.value != n.beta {
            bail!(node f.id, "value",
                "is {}, but a multi-cut returns β = {} (rule: values)", n.value, side(n.beta));
        }
        Ok(())
    }

    /// A node that searched its moves: its stop reason against its cut-off events, its value
    /// and best move against its children's, and no value at or above β without a cut-off.
    fn searched_value(&self, f: &Frame, n: &NodeRec) -> Result<(), TraceFileError> {
        let id = f.id;
        let reason = n.reason();
        if (reason == StopReason::BetaCutoff) != f.cut {
            bail!(node id, "reason",
                "is {}, but the node {} cutoff event (rule: stop reasons)", reason.name(),
                if f.cut { "has a" } else { "has no" });
        }
        if reason == StopReason::UncertaintyCutoff && !f.uc {
            bail!(node id, "reason",
                "is uncertainty_cutoff, but the node has no uncertainty_cutoff event (rule: stop \
                 reasons)");
        }
        self.best_child_value(f, n)?;
        let algo_cuts = self.cfg.algo != Algorithm::Minimax;
        if algo_cuts && reason == StopReason::AllMoves && self.cfg.cutoff.cuts(n.value, n.beta) {
            let above = match self.cfg.cutoff {
                Cutoff::Standard => "at or above",
                Cutoff::Strict => "above (the strict rule)",
            };
            bail!(node id, "value",
                "is {}, {above} β = {}, but the node searched all its moves without a cut-off \
                 (rule: cut-offs)", n.value, side(n.beta));
        }
        Ok(())
    }

    /// A searched node's value is the best its children returned (in quiescence, or its
    /// stand-pat value above it), its best_index the move that returned it, and 0 with no best
    /// move when every move was pruned.
    fn best_child_value(&self, f: &Frame, n: &NodeRec) -> Result<(), TraceFileError> {
        let id = f.id;
        let q = self.quiescence(f);
        match f.best {
            Some((b, k)) => {
                if (q && n.value < b) || (!q && n.value != b) {
                    let or = if q {
                        ", or its stand-pat value above it"
                    } else {
                        ""
                    };
                    bail!(node id, "value",
                        "is {}, but the best value its children returned is {b} (rule: a node's \
                         value is the best its children returned{or})", n.value);
                }
                let from_child = n.value == b;
                let bi = n.best_index();
                if (from_child && !q && bi != Some(k as u32))
                    || (q && !from_child && bi.is_some())
                    || (q && from_child && bi.is_some_and(|x| x != k as u32))
                {
                    bail!(node id, "best_index",
                        "is {}, but the value {} came from the move at index {k} (rule: \
                         values)", bi.map_or("null".to_string(), |x| x.to_string()), n.value);
                }
            }
            None if !q => {
                if n.value != 0 || n.best_index().is_some() {
                    bail!(node id, "value",
                        "is {}, but no child returned a value: a node whose every move was \
                         pruned returns 0 (rule: values)", n.value);
                }
            }
            None => {
                if n.best_index().is_some() {
                    bail!(node id, "best_index",
                        "names a move, but no child returned a value (rule: values)");
                }
            }
        }
        Ok(())
    }

    fn alpha_raised(&mut self, i: usize, old: i32, new: i32) -> Result<(), TraceFileError> {
        let f = self.stack.last().expect("checked by the tape");
        let q = self.quiescence(f);
        if self.cfg.algo == Algorithm::Minimax && !q {
            bail!(event i, "kind",
                "minimax has no window to raise: no alpha_raised events (rule: alpha_raised \
                 events)");
        }
        if new <= old {
            bail!(event i, "data",
                "[{old}, {new}] does not raise α in node {}: the new α must be above the old \
                 (rule: alpha_raised events)", f.id);
        }
        if (!q && old != f.alpha) || (q && old < f.alpha) {
            bail!(event i, "data",
                "[{old}, {new}] raises α from {old}, but α of node {} is {} (rule: \
                 alpha_raised events)", f.id, side(f.alpha));
        }
        let v = f.last_child.map_or(i32::MIN, |c| -self.node(c).value);
        if new != v {
            bail!(event i, "data",
                "[{old}, {new}] raises α to {new}, but the child that just returned gave \
                 node {} the value {v} (rule: alpha_raised events)", f.id);
        }
        self.stack.last_mut().expect("open").alpha = new;
        Ok(())
    }

    fn cutoff(&mut self, i: usize, value: i32, beta: i32) -> Result<(), TraceFileError> {
        let f = self.stack.last().expect("checked by the tape");
        let nb = self.node(f.id).beta;
        if beta != nb {
            bail!(event i, "data",
                "[{value}, {beta}] names β = {beta}, but β of node {} is {} (rule: cut-off \
                 events)", f.id, side(nb));
        }
        if !self.cfg.cutoff.cuts(value, beta) {
            let (verb, need) = match self.cfg.cutoff {
                Cutoff::Standard => ("reach", "value ≥ β"),
                Cutoff::Strict => ("pass", "value > β under the strict rule"),
            };
            bail!(event i, "data",
                "[{value}, {beta}]: the value {value} does not {verb} β = {beta}, and a \
                 cut-off needs {need} (rule: cut-off events)");
        }
        if f.raised != Some(value) {
            bail!(event i, "kind",
                "a cut-off event in node {} must follow the alpha_raised event of the child \
                 whose value {value} it names (rule: cut-off events)", f.id);
        }
        self.stack.last_mut().expect("open").cut = true;
        Ok(())
    }

    fn research(&mut self, i: usize) -> Result<(), TraceFileError> {
        let f = self.stack.last_mut().expect("checked by the tape");
        if f.pending.take().is_none() {
            bail!(event i, "kind",
                "a research event follows a child that returned a value (rule: re-searches)");
        }
        Ok(())
    }

    fn tt_hit(&mut self, i: usize, d: &[i32]) -> Result<(), TraceFileError> {
        let f = self.stack.last().expect("checked by the tape");
        let n = self.node(f.id);
        if !self.cfg.tt.enabled {
            bail!(event i, "kind",
                "a tt_hit event needs the transposition table (tt.enabled) (rule: events and \
                 techniques)");
        }
        let cut = d[1] >> 12 & 1 == 1;
        if cut {
            let uncertain = d[1] >> 10 & 1 == 1;
            let bound = Bound::from_u8(((d[1] >> 8) & 3) as u8);
            let tt_depth = (d[1] & 0xFF) as u8 as i8 as i32;
            let v = d[0];
            // The value the entry gives this node: the search's own conversion, which moves a
            // win or mate score from the node back to the root's count of plies.
            let here = value_from_tt(v, f.ply, self.mate_bound);
            let decides = match bound {
                Some(Bound::Exact) => true,
                Some(Bound::Lower) => here >= n.beta,
                Some(Bound::Upper) => here <= n.alpha,
                None => false,
            };
            let why = if uncertain {
                Some("its entry is uncertain".to_string())
            } else if n.expected() == NodeType::Pv {
                Some("the node is expected PV".to_string())
            } else if tt_depth < f.depth && f.depth < i8::MAX as i32 {
                Some(format!(
                    "its entry's depth {tt_depth} is below the node's {}",
                    f.depth
                ))
            } else if !decides {
                Some("its entry's bound does not decide the window".to_string())
            } else {
                None
            };
            if let Some(why) = why {
                bail!(event i, "data",
                    "says the entry cuts node {} off, but {why} (rule: transposition-table \
                     cut-offs)", f.id);
            }
            self.stack.last_mut().expect("open").tt_cut = Some(v);
        }
        Ok(())
    }

    fn null_verdict(&mut self, i: usize, d: &[i32]) -> Result<(), TraceFileError> {
        let f = self.stack.last().expect("checked by the tape");
        let n = self.node(f.id);
        let (v, beta) = (d[0], d[1]);
        let verdict = u8::try_from(d[2]).ok().and_then(NullVerdict::from_u8);
        let child = f
            .last_child
            .filter(|_| self.prev == Some(EventKind::Exit))
            .map(|c| self.node(c))
            .filter(|c| c.node_kind() == NodeKind::Null);
        let problem = match child {
            None => Some("a null_verdict event follows the return of a null-move child".into()),
            Some(c) if -c.value != v => Some(format!(
                "the null-move child returned {}, not {v}",
                -c.value
            )),
            Some(_) if beta != n.beta => Some(format!("β of node {} is {}", f.id, side(n.beta))),
            Some(_) => match verdict {
                Some(NullVerdict::FailLow) if v >= beta => {
                    Some(format!("{v} ≥ β = {beta} is no fail-low"))
                }
                Some(NullVerdict::Cutoff | NullVerdict::Verify) if v < beta => {
                    Some(format!("{v} < β = {beta} is a fail-low"))
                }
                Some(NullVerdict::Verify) if !self.cfg.null_move.verified => {
                    Some("verification needs null_move.verified".into())
                }
                _ => None,
            },
        };
        if let Some(p) = problem {
            bail!(event i, "data", "[{v}, {beta}, {}]: {p} (rule: null-move verdicts)", d[2]);
        }
        let f = self.stack.last_mut().expect("open");
        if let Some(verdict) = verdict {
            f.null_verdict = Some((v, verdict));
            if verdict == NullVerdict::Verify {
                f.depth -= 1;
            }
        }
        Ok(())
    }

    fn zugzwang(&mut self, i: usize, d: &[i32]) -> Result<(), TraceFileError> {
        let f = self.stack.last().expect("checked by the tape");
        let n = self.node(f.id);
        let verified = matches!(f.null_verdict, Some((_, NullVerdict::Verify)));
        let best = f.best.map(|b| b.0);
        if !verified || d[1] != n.beta || d[0] >= d[1] || (best.is_some() && best != Some(d[0])) {
            bail!(event i, "data",
                "[{}, {}]: zugzwang follows a verified null-move fail-high at a node whose \
                 moves then stayed below β = {} (rule: null-move verdicts)", d[0], d[1],
                side(n.beta));
        }
        // The moves are searched again, at the original depth, from the entry window.
        let f = self.stack.last_mut().expect("open");
        f.depth += 1;
        f.alpha = n.alpha;
        f.best = None;
        f.cut = false;
        f.uc = false;
        Ok(())
    }

    fn multi_cut(&mut self, i: usize, d: &[i32]) -> Result<(), TraceFileError> {
        let f = self.stack.last().expect("checked by the tape");
        let mc = &self.cfg.multi_cut;
        let [cuts, c, probes, cut] = [d[0], d[1], d[2], d[3]];
        let problem = if !(mc.mc_c || mc.mc_a) {
            Some("multi-cut is off in the configuration".to_string())
        } else if c != mc.c as i32 {
            Some(format!("C is {} in the configuration", mc.c))
        } else if probes != f.probes as i32 || probes > mc.m as i32 {
            Some(format!(
                "the node made {} probes (at most M = {})",
                f.probes, mc.m
            ))
        } else if cuts != f.probe_cuts as i32 {
            Some(format!("{} of its probes reached β", f.probe_cuts))
        } else {
            None
        };
        if let Some(p) = problem {
            bail!(event i, "data",
                "[{cuts}, {c}, {probes}, {cut}] in node {}: {p} (rule: multi-cut)", f.id);
        }
        let f = self.stack.last_mut().expect("open");
        f.mc_cut = cut == 1;
        Ok(())
    }

    fn uncertainty_cutoff(&mut self, i: usize, d: &[i32]) -> Result<(), TraceFileError> {
        let f = self.stack.last().expect("checked by the tape");
        let n = self.node(f.id);
        let u = &self.cfg.uncertainty;
        let limit = (n.n_moves as f64 * u.cut_ratio) as i32;
        let tried = f.last_child.map_or(0, |c| self.node(c).index as i32 + 1);
        if u.mode == UncertaintyMode::Off || d[1] != limit || d[0] <= limit || d[0] != tried {
            bail!(event i, "data",
                "[{}, {}] in node {}: an uncertainty cut-off (uncertainty.mode on) comes \
                 after more than CUT_RATIO × moves = {limit} moves were tried (here {tried}) \
                 (rule: uncertainty cut-offs)", d[0], d[1], f.id);
        }
        self.stack.last_mut().expect("open").uc = true;
        Ok(())
    }

    fn aspiration_fail(&mut self, i: usize, d: &[i32]) -> Result<(), TraceFileError> {
        let last = self.roots_entered.checked_sub(1);
        let root = last.map(|k| self.runs[k].id);
        let n = root.map(|r| self.node(r));
        let ok = self.cfg.aspiration.enabled
            && n.is_some_and(|n| {
                n.alpha == d[0]
                    && n.beta == d[1]
                    && n.value == d[2]
                    && ((d[2] <= d[0] && d[0] > -INF) || (d[2] >= d[1] && d[1] < INF))
            });
        if !ok {
            bail!(event i, "data",
                "[{}, {}, {}]: an aspiration_fail event names the window and value of the \
                 root search before it, which failed outside a bounded side (aspiration \
                 windows on) (rule: aspiration windows)", d[0], d[1], d[2]);
        }
        self.after_fail = true;
        if let Some(k) = last {
            self.runs[k].failed = true;
        }
        Ok(())
    }

    fn presearch(&mut self, i: usize, d: &[i32]) -> Result<(), TraceFileError> {
        let f = self.stack.last().expect("checked by the tape");
        let ps = &self.cfg.presearch;
        if !ps.enabled || clamp8(d[0]) != f.depth || d[1] <= d[0] || d[1] - d[0] > ps.risk {
            bail!(event i, "data",
                "[{}, {}, {}] in node {} (depth {}): pre-search (presearch.enabled) raises \
                 the node's depth by 1 to Risk = {} plies (rule: pre-search)", d[0], d[1], d[2],
                f.id, f.depth, ps.risk);
        }
        self.stack.last_mut().expect("open").depth = clamp8(d[1]);
        Ok(())
    }

    fn prune(&mut self, i: usize, d: &[i32]) -> Result<(), TraceFileError> {
        let f = self.stack.last().expect("checked by the tape");
        let reason = u8::try_from(d[1]).ok().and_then(PruneReason::from_u8);
        let ok = match reason {
            Some(PruneReason::See) => self.cfg.quiescence.see_pruning && self.quiescence(f),
            Some(PruneReason::Uncertainty) => f.uc,
            None => false,
        };
        if !ok {
            let why = match reason {
                Some(PruneReason::See) => {
                    "SEE pruning happens in quiescence search with quiescence.see_pruning"
                }
                _ => {
                    "a quiet move is pruned for uncertainty only after the node's uncertainty \
                      cut-off"
                }
            };
            bail!(event i, "data",
                "prunes with reason {} in node {}, but {why} (rule: pruned moves)",
                reason.map_or("?", |r| r.name()), f.id);
        }
        Ok(())
    }
}

/// The summary against the roots: each finished iteration's depth, value and node count is
/// that of its root searches, and the root value is the last finished one's.
fn summary_against_roots(
    h: &TraceHeader,
    rec: &Recorder,
    runs: &[RootRun],
) -> Result<(), TraceFileError> {
    let s = &h.summary;
    let user = s.stopped == Some(StopCause::User);
    // The finished iterations: for a search, the root searches grouped by depth (an
    // aspiration re-search belongs to its iteration); the page's Stop lists every root
    // search that finished.
    let mut want: Vec<(i32, u32, u64)> = Vec::new(); // depth, last root, nodes
    let mut group_start: Option<usize> = None;
    for (k, r) in runs.iter().enumerate() {
        let n = &rec.nodes[r.id as usize];
        let finished = n.reason() != StopReason::Aborted;
        if user {
            if finished {
                want.push((r.depth, r.id, (r.end - r.id) as u64));
            }
            continue;
        }
        let start = *group_start.get_or_insert(k);
        if r.failed {
            continue;
        }
        group_start = None;
        if finished {
            let nodes = (r.end - runs[start].id) as u64;
            want.push((r.depth, r.id, nodes));
        }
    }
    if s.iterations.len() != want.len() {
        bail!(header "summary.iterations",
            "lists {} iterations, but the event tape finishes {} (rule: the summary \
             against the roots)", s.iterations.len(), want.len());
    }
    for (k, (it, &(depth, root, nodes))) in s.iterations.iter().zip(&want).enumerate() {
        let field = |f: &str| format!("summary.iterations[{k}].{f}");
        let n = &rec.nodes[root as usize];
        let problem = if it.depth != depth {
            Some((
                field("depth"),
                format!(
                    "is {}, but its root (node {root}) was searched at depth {depth}",
                    it.depth
                ),
            ))
        } else if it.value != n.value {
            Some((
                field("value"),
                format!(
                    "is {}, but its root (node {root}) returned {}",
                    it.value, n.value
                ),
            ))
        } else if it.nodes != nodes {
            Some((
                field("nodes"),
                format!("is {}, but its root searches made {nodes} nodes", it.nodes),
            ))
        } else {
            None
        };
        if let Some((f, msg)) = problem {
            bail!(header & f, "{msg} (rule: the summary against the roots)");
        }
    }
    if let Some(&(_, root, _)) = want.last() {
        let n = &rec.nodes[root as usize];
        if s.value != Some(n.value) {
            bail!(header "summary.value",
                "is {}, but the last finished root (node {root}) returned {} (rule: the \
                 summary against the roots)",
                s.value.map_or("null".to_string(), |v| v.to_string()), n.value);
        }
        if !user && s.uncertain != n.uncertain() {
            bail!(header "summary.uncertain",
                "is {}, but the last finished root (node {root}) is {}uncertain (rule: \
                 the summary against the roots)", s.uncertain,
                if n.uncertain() { "" } else { "not " });
        }
    }
    Ok(())
}
