//! What a search could have done: the semantic rules a trace keeps (issue 22 §1), checked by one
//! replay of its event tape against its records with a stack of the open nodes. The structural
//! checks ([`super::check`]) make every field well formed and every reference sound; these rules
//! make the file agree with itself: each value, window, bound, event, depth, kind and order is
//! one a fail-soft negamax search with the file's configuration could have produced. Each rule
//! is local (a node, its parent, the events between). A chance trace goes through the same
//! replay: its decision nodes keep these rules, and [`super::chance`] adds what only chance
//! nodes have. docs/trace-format.md ("Semantic rules") lists them, and the fields no local rule
//! can check, which `prunescope verify` checks.

use super::TraceHeader;
use super::chance::{At, Chance};
use super::error::{TraceFileError, bail, err, window_side as side};
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

type R = Result<(), TraceFileError>;

fn clamp8(d: i32) -> i32 {
    d.clamp(i8::MIN as i32, i8::MAX as i32)
}

const UNCERTAIN: &str = "is true, but only uncertainty cut-offs (uncertainty.mode) make a value \
                         uncertain, and they are off (rule: uncertain flags)";

/// A `field` of node `id` named `name` that needs `what`, which the configuration does not
/// `verb` with (`what` is `None` when it does).
fn needs(id: u32, field: &str, name: &str, what: Option<&str>, verb: &str, rule: &str) -> R {
    match what {
        Some(what) => Err(err!(node id, field,
            "is {name}, which needs {what}; the configuration does not {verb} so (rule: {rule})")),
        None => Ok(()),
    }
}

/// What the replay knows about an open node.
#[derive(Default)]
struct Frame {
    /// Its id, and its ply: each iteration's root is ply 0, a child one more, as the search counts.
    id: u32,
    ply: u32,
    /// α as the node's events left it, and the depth it searches its moves with (the entry
    /// depth, changed by pre-search and verified null-move pruning).
    alpha: i32,
    depth: i32,
    /// The best counted child of this round of moves: (value in the node's view, index).
    best: Option<(i32, u16)>,
    /// The last child that returned and is not yet counted (a re-search may replace it), and
    /// the last child that returned (any kind).
    pending: Option<u32>,
    last_child: Option<u32>,
    /// The event right before was `alpha_raised` to this value.
    raised: Option<i32>,
    /// This round of moves had a cut-off, an uncertainty cut-off.
    cut: bool,
    uc: bool,
    /// The node's events: a deciding table hit's value, the null-move verdict, the multi-cut
    /// probes, those that reached β, and whether the multi_cut event cut.
    tt_cut: Option<i32>,
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
    /// moves that searched none (a fail-soft null-window search one ply above the leaves
    /// returns the leaves' best), so a scout algorithm need not search it again.
    pending_exact: bool,
}

/// Checks the semantic rules of a trace whose structure is valid: one pass over the tape.
pub(crate) fn check(header: &TraceHeader, rec: &Recorder) -> R {
    every_search(header, rec)?;
    let mut s = Semantics::new(header, rec)?;
    each_event(rec, |i, kind, data| s.event(i, kind, data))?;
    summary_against_roots(header, rec, &s.runs)?;
    match s.chance {
        Some(_) => chance_line(header, rec, &s.runs),
        None => Ok(()),
    }
}

/// The rules every search keeps, chance searches too: a stop reason, an `order` and an
/// `uncertain` flag only where the configuration has the technique that makes them, at most
/// `node_cap` nodes, and a best line that stops short (`line_proven_to`) only under NegaScout.
fn every_search(h: &TraceHeader, rec: &Recorder) -> R {
    let cfg = &h.config;
    let tree = matches!(h.input, Input::Tree { .. });
    let uncertainty = cfg.uncertainty.mode != UncertaintyMode::Off;
    for (id, n) in rec.nodes.iter().enumerate() {
        let id = id as u32;
        let (on, what) = match n.reason() {
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
            StopReason::MultiCut => (cfg.multi_cut.mc_c || cfg.multi_cut.mc_a, MULTI_CUT),
            _ => (true, ""),
        };
        let what = (!on).then_some(what);
        needs(
            id,
            "reason",
            n.reason().name(),
            what,
            "search",
            "stop reasons",
        )?;
        if cfg.chance.is_some() && n.order() != OrderSource::Generated {
            bail!(node id, "order",
                "is {}, but a chance search orders no moves: generated (rule: kinds and \
                 orders)", n.order().name());
        }
        if n.uncertain() && !uncertainty {
            bail!(node id, "uncertain", "{UNCERTAIN}");
        }
    }
    let s = &h.summary;
    if s.uncertain && !uncertainty {
        bail!(header "summary.uncertain", "{UNCERTAIN}");
    }
    if cfg.node_cap != 0 && s.nodes > cfg.node_cap {
        bail!(header "config.node_cap",
            "is {}, but the search made {} nodes: it stops at the cap (rule: the node cap)",
            cfg.node_cap, s.nodes);
    }
    if let Some(id) = s.line_proven_to
        && (cfg.algo != Algorithm::Pvs || cfg.chance.is_some())
    {
        bail!(header "summary.line_proven_to",
            "is node {id}, but only NegaScout (pvs) proves a value without its line; {} finds \
             the line with the value (rule: the best line)",
            cfg.chance.map_or(cfg.algo.name(), |a| a.name()));
    }
    Ok(())
}

const MULTI_CUT: &str = "multi-cut (multi_cut.mc_c or multi_cut.mc_a)";

/// A chance search's best line is derived from its records ([`Recorder::decision_line`], the
/// function the search's summary is written with): it is checked by deriving it again.
fn chance_line(h: &TraceHeader, rec: &Recorder, runs: &[RootRun]) -> R {
    let finished = |r: &&RootRun| rec.nodes[r.id as usize].reason() != StopReason::Aborted;
    let Some(root) = runs.iter().rev().find(finished) else {
        return Ok(());
    };
    let line: Vec<String> = rec
        .decision_line(root.id)
        .iter()
        .map(u16::to_string)
        .collect();
    if h.summary.best_line != line {
        bail!(header "summary.best_line",
            "is [{}], but the decision nodes' best moves from the root (node {}) to the \
             first chance node or leaf are [{}] (rule: the best line)",
            h.summary.best_line.join(", "), root.id, line.join(", "));
    }
    Ok(())
}

/// The first and last iteration depths a search with this input and configuration makes.
fn iteration_depths(input: &Input, cfg: &SearchConfig) -> (i32, i32) {
    let last = match input {
        Input::Tree { .. } => return (UNBOUNDED_DEPTH, UNBOUNDED_DEPTH),
        Input::Random(p) => p.depth as i32,
        _ => cfg.depth as i32,
    };
    (if cfg.iterative { 1 } else { last }, last)
}

/// One root search: its root, depth, the id after its last node, and whether it failed its
/// aspiration window.
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
    let runs = rec.roots.iter().zip(&rec.root_depths).zip(ends);
    runs.map(|((&id, &depth), end)| RootRun {
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
    /// The last iteration event's depth; whether the root search before it failed aspiration.
    iter_depth: Option<i32>,
    after_fail: bool,
    /// Every root search (check.rs matched them with the tape), and how many were entered.
    runs: Vec<RootRun>,
    roots_entered: usize,
    first_depth: i32,
    last_depth: i32,
    /// The game's mate bound ([`Input::mate_bound`]), for a table hit's value.
    mate_bound: i32,
    /// A chance search's own rules (`trace_file/chance.rs`): its chance nodes and leaves.
    chance: Option<Chance>,
    /// What those rules know of each open node, beside `stack`; empty in a decision search's
    /// trace, whose frames so stay as small as they were (this runs at every node).
    at: Vec<At>,
}

impl<'a> Semantics<'a> {
    fn new(h: &'a TraceHeader, rec: &'a Recorder) -> Result<Self, TraceFileError> {
        let (first_depth, last_depth) = iteration_depths(&h.input, &h.config);
        let chance = h
            .config
            .chance
            .map(|a| Chance::new(h, a, rec))
            .transpose()?;
        Ok(Semantics {
            cfg: &h.config,
            rec,
            tree: matches!(h.input, Input::Tree { .. }),
            stack: Vec::new(),
            at: Vec::new(),
            next_id: 0,
            prev: None,
            iter_depth: None,
            after_fail: false,
            runs: root_runs(rec),
            roots_entered: 0,
            first_depth,
            last_depth,
            mate_bound: h.input.mate_bound(),
            chance,
        })
    }

    fn node(&self, id: u32) -> &'a NodeRec {
        &self.rec.nodes[id as usize]
    }

    /// The innermost open node (the tape was checked: an event inside a node has one).
    fn top(&self) -> &Frame {
        self.stack.last().expect("checked by the tape")
    }

    fn top_mut(&mut self) -> &mut Frame {
        self.stack.last_mut().expect("checked by the tape")
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

    fn event(&mut self, i: usize, kind: EventKind, d: &[i32]) -> R {
        use EventKind as K;
        let cfg = self.cfg;
        let (on, what) = match kind {
            K::TtHit => (cfg.tt.enabled, "the transposition table (tt.enabled)"),
            K::MultiCut => (cfg.multi_cut.mc_c || cfg.multi_cut.mc_a, MULTI_CUT),
            K::UncertaintyCutoff => (
                cfg.uncertainty.mode != UncertaintyMode::Off,
                "uncertainty.mode",
            ),
            K::AspirationFail => (
                cfg.aspiration.enabled,
                "aspiration windows (aspiration.enabled)",
            ),
            K::Presearch => (cfg.presearch.enabled, "pre-search (presearch.enabled)"),
            K::ChanceCutoff => (cfg.chance.is_some(), "a chance search (config.chance)"),
            _ => (true, ""),
        };
        if !on {
            bail!(event i, "kind",
                "a {} event needs {what} (rule: events and techniques)", kind.name());
        }
        if !matches!(kind, K::Research | K::AlphaRaised | K::Exit) {
            self.commit(i, false)?;
        }
        match kind {
            K::Iteration => self.iteration(i, d[0])?,
            K::Enter => {
                self.next_id += 1;
                self.enter(i, self.next_id - 1)?;
            }
            K::Exit => {
                if self.node(self.top().id).reason() == StopReason::Aborted {
                    // The search (or the page's Stop) ended the node wherever it was.
                    self.top_mut().pending = None;
                } else {
                    self.commit(i, false)?;
                }
                self.exit(i)?;
            }
            K::AlphaRaised => {
                self.commit(i, true)?;
                self.alpha_raised(i, d[0], d[1])?;
            }
            K::Cutoff => self.cutoff(i, d[0], d[1])?,
            K::Research => {
                if self.top_mut().pending.take().is_none() {
                    bail!(event i, "kind",
                        "a research event follows a child that returned a value (rule: \
                         re-searches)");
                }
            }
            K::Aborted => {}
            K::ChanceCutoff => {
                let (c, f) = (self.chance.as_ref(), self.stack.last());
                if let (Some(c), Some(f), Some(at)) = (c, f, self.at.last_mut()) {
                    c.cutoff(i, at, f.id, d)?;
                }
            }
            K::TtHit => self.tt_hit(i, d)?,
            K::NullVerdict => self.null_verdict(i, d)?,
            K::Zugzwang => self.zugzwang(i, d)?,
            K::MultiCut => self.multi_cut(i, d)?,
            K::UncertaintyCutoff => self.uncertainty_cutoff(i, d)?,
            K::AspirationFail => self.aspiration_fail(i, d)?,
            K::Presearch => self.presearch(i, d)?,
            K::Prune => self.prune(i, d)?,
        }
        if let Some(f) = self.stack.last_mut() {
            f.raised = (kind == K::AlphaRaised).then(|| d[1]);
        }
        self.prev = Some(kind);
        Ok(())
    }

    fn iteration(&mut self, i: usize, depth: i32) -> R {
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

    /// Counts the child that returned last (unless a re-search replaces it); `raise`: the event
    /// now is an `alpha_raised`, which follows exactly the children that return more than α.
    fn commit(&mut self, i: usize, raise: bool) -> R {
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
        let (fid, alpha, beta) = (f.id, f.alpha, self.node(f.id).beta);
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
        let minimax = self.cfg.algo == Algorithm::Minimax;
        if !raise && !minimax && !self.quiescence(f) && v > alpha {
            bail!(node fid, "alpha",
                "child {c} returned {v}, above α = {}, but no alpha_raised event follows \
                 (rule: alpha_raised events)", side(alpha));
        }
        let f = self.top_mut();
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
        let f = self.top();
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

    fn enter(&mut self, i: usize, id: u32) -> R {
        let n = self.node(id);
        let at = match &self.chance {
            Some(c) => {
                let p = self.stack.last().zip(self.at.last());
                Some(c.enter(i, p.map(|(p, at)| (at, p.id, p.cut)), id, n)?)
            }
            None => None,
        };
        match self.stack.last() {
            Some(p) => self.child(p, id, n)?,
            None => self.root(id, n)?,
        }
        self.at.extend(at);
        let (ply, alpha, depth) = (self.stack.len() as u32, n.alpha, n.depth as i32);
        self.stack.push(Frame {
            id,
            ply,
            alpha,
            depth,
            ..Frame::default()
        });
        Ok(())
    }

    fn root(&mut self, id: u32, n: &NodeRec) -> R {
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
        let chance = self.chance.is_some();
        if !chance && (n.node_kind() != NodeKind::Normal || n.order() != OrderSource::Generated) {
            bail!(node id, "kind",
                "is {} (order {}), but a root is a normal node (rule: kinds and orders)",
                n.node_kind().name(), n.order().name());
        }
        if !chance && (n.alpha, n.beta) != (-INF, INF) && !self.cfg.aspiration.enabled {
            bail!(node id, "alpha",
                "the root's window is ({}, {}), but without aspiration windows a root is \
                 searched with (-inf, +inf) (rule: windows)", side(n.alpha), side(n.beta));
        }
        self.roots_entered += 1;
        Ok(())
    }

    /// The rules of a child `c` entered under the open node `p`, in the order the rules are
    /// listed: the first one broken is the one reported. A chance search's kinds, expected
    /// types and the windows of a chance node's branches are its own (`trace_file/chance.rs`).
    fn child(&self, p: &Frame, c: u32, n: &NodeRec) -> R {
        let pr = self.node(p.id);
        let chance = self.chance.is_some();
        if !chance {
            self.kind_and_order(p, pr, c, n)?;
            self.child_depth(p, c, n)?;
            self.child_expected(p, pr, c, n)?;
        }
        self.child_research(c, n)?;
        match self.at.last().is_some_and(At::is_chance) {
            true => Ok(()),
            false => self.window(p, pr, c, n),
        }
    }

    /// Kinds and orders against the configuration's techniques: a null, probe, reduced,
    /// extended or quiescence child needs the technique that searches it, a node that searches
    /// captures in quiescence has only quiescence children, a move comes from a source the
    /// configuration orders by, and the null move is no ordered move.
    fn kind_and_order(&self, p: &Frame, pr: &NodeRec, c: u32, n: &NodeRec) -> R {
        let (cfg, q) = (self.cfg, self.quiescence(p));
        let kind = n.node_kind();
        let (on, what) = match kind {
            NodeKind::Normal => (true, ""),
            NodeKind::Null => (cfg.null_move.enabled, "null moves (null_move.enabled)"),
            NodeKind::McProbe => (cfg.multi_cut.mc_c || cfg.multi_cut.mc_a, MULTI_CUT),
            NodeKind::Reduced | NodeKind::LmrResearch => {
                (cfg.lmr.enabled, "late move reductions (lmr.enabled)")
            }
            NodeKind::Extended => (cfg.check_extension, "check extensions (check_extension)"),
            NodeKind::Quiescence => (
                q,
                "quiescence search (quiescence.enabled) at a node with no depth left",
            ),
            NodeKind::Chance | NodeKind::Probe => (false, "a chance search (config.chance)"),
        };
        const KO: &str = "kinds and orders";
        needs(c, "kind", kind.name(), (!on).then_some(what), "search", KO)?;
        if q && kind != NodeKind::Quiescence {
            bail!(node c, "kind",
                "is {}, but its parent (node {}) searches captures in quiescence, whose \
                 children are quiescence nodes (rule: kinds and orders)", kind.name(), p.id);
        }
        let o = &cfg.ordering;
        let order = n.order();
        let (on, what) = match order {
            OrderSource::Generated => (true, ""),
            OrderSource::Tt => (o.tt_move && cfg.tt.enabled, "ordering.tt_move"),
            OrderSource::Capture => (
                o.mvv_lva || o.see || q,
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
        let what = if !on {
            Some(what)
        } else {
            (kind == NodeKind::Null && order != OrderSource::Generated).then_some("a real move")
        };
        needs(c, "order", order.name(), what, "order", KO)
    }

    /// Depths against the parent's: one ply less, less a reduced, null or probe child's
    /// reduction; the same for an extended one; 0 in quiescence (not in a tree: its own).
    fn child_depth(&self, p: &Frame, c: u32, n: &NodeRec) -> R {
        let (cfg, d, kind) = (self.cfg, p.depth, n.node_kind());
        let want = match kind {
            _ if self.tree => return Ok(()),
            NodeKind::Normal | NodeKind::LmrResearch => d - 1,
            NodeKind::Extended => d,
            NodeKind::Reduced => d - 1 - cfg.lmr.h,
            NodeKind::Null => {
                // Below a verified fail-high `subtree_R` may apply (null_move.rs): the trace
                // does not say whether verification was on, so either depth is accepted; nor
                // does it count the side to move's pieces, so under Heinz's material condition
                // (`adaptive_material`) the R of few pieces is accepted too.
                let depths = [
                    (true, None),
                    (false, None),
                    (true, Some(0)),
                    (false, Some(0)),
                ]
                .map(|(v, pieces)| d - cfg.null_move.reduction(d, v, pieces) - 1);
                let fits = depths.into_iter().find(|&w| n.depth as i32 == clamp8(w));
                fits.unwrap_or(depths[0])
            }
            NodeKind::McProbe => d - 1 - cfg.multi_cut.r,
            NodeKind::Quiescence => 0,
            NodeKind::Chance | NodeKind::Probe => return Ok(()),
        };
        if n.depth as i32 != clamp8(want) {
            bail!(node c, "depth",
                "is {}, but a {} child of node {} (depth {d}) has depth {want} (rule: \
                 depths)", n.depth, kind.name(), p.id);
        }
        Ok(())
    }

    /// Expected types: Knuth & Moore's rule; a scout's re-search is expected PV.
    fn child_expected(&self, p: &Frame, pr: &NodeRec, c: u32, n: &NodeRec) -> R {
        let kind = n.node_kind();
        let pvs_research = n.is_research()
            && kind != NodeKind::LmrResearch
            && self.scouts()
            && !self.quiescence(p);
        let want = match kind {
            NodeKind::Null => pr.expected().child(false),
            _ if pvs_research => NodeType::Pv,
            _ => pr.expected().child(n.index == 0),
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
    fn child_research(&self, c: u32, n: &NodeRec) -> R {
        let kind = n.node_kind();
        if !n.is_research() {
            if kind == NodeKind::LmrResearch {
                bail!(node c, "kind",
                    "is lmr_research, but no research event makes it a re-search (rule: \
                     re-searches)");
            }
            return Ok(());
        }
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
        Ok(())
    }

    /// Windows against the parent's window and the events that changed it.
    fn window(&self, p: &Frame, pr: &NodeRec, c: u32, n: &NodeRec) -> R {
        let (alpha, beta, q) = (p.alpha, pr.beta, self.quiescence(p));
        let (got, full) = ((n.alpha, n.beta), (-beta, -alpha));
        let neg = |w: (i32, i32)| format!("({}, {})", side(w.0), side(w.1));
        let exact = |w: (i32, i32), rule: &str| (got != w).then(|| format!("{rule} {}", neg(w)));
        let algo = self.cfg.algo.name();
        let kind = n.node_kind();
        let broken = match kind {
            // Quiescence search is alpha-beta under every algorithm (stand pat needs a window).
            _ if self.cfg.algo == Algorithm::Minimax && !q => {
                exact((-INF, INF), "minimax searches every node with")
            }
            NodeKind::Null => exact(
                (-beta, -beta + 1),
                "a null-move search is a null window at β of its parent, negated:",
            ),
            NodeKind::McProbe => exact(
                (-beta, -pr.alpha),
                "a multi-cut probe searches with its parent's window negated,",
            ),
            // Stand pat raises α without an event: the upper side is at most −α.
            _ if q => (got.0 != -beta || got.1 > -alpha).then(|| {
                let w = neg(full);
                format!("a quiescence child searches with (−β, −α) of its parent, within {w}")
            }),
            _ if n.is_research() && kind != NodeKind::LmrResearch && self.scouts() => {
                // The re-search of a scout that returned t: (l, β) with α ≤ l ≤ max(α, t).
                let t = (self.rec.research_of(c)).map_or(alpha, |e| -self.node(e).value);
                let (l, top) = (-got.1, alpha.max(t));
                (got.0 != -beta || l < alpha || l > top).then(|| {
                    format!(
                        "the re-search of a scout that returned {t} searches (l, β) of its \
                         parent with α = {} ≤ l ≤ {}, negated: within {}",
                        side(alpha),
                        side(top),
                        neg(full)
                    )
                })
            }
            // The rule's text is made only when it is broken (this runs at every node).
            _ if self.scouts() && n.index > 0 => {
                let w = (-alpha.saturating_add(1).min(INF), -alpha);
                (got != w).then(|| {
                    format!(
                        "a later move of a {algo} node is scouted with a null window at α of its \
                         parent, negated: {}",
                        neg(w)
                    )
                })
            }
            _ => (got != full).then(|| {
                format!(
                    "{algo} searches this child with (−β, −α) of its parent as its events left \
                     it: {}",
                    neg(full)
                )
            }),
        };
        match broken {
            Some(rule) => Err(err!(node c, "alpha",
                "the window is {}, but {rule} (rule: windows)", neg(got))),
            None => Ok(()),
        }
    }

    fn exit(&mut self, i: usize) -> R {
        let f = self.stack.pop().expect("the tape is valid");
        let n = self.node(f.id);
        let decision = match (&self.chance, self.at.pop()) {
            (Some(c), Some(at)) => c.exit(i, &at, f.id, n, f.cut)?,
            _ => true,
        };
        if decision {
            self.node_value(&f, n)?;
        }
        let Some(pid) = self.stack.last().map(|p| p.id) else {
            return Ok(());
        };
        let (v, pr) = (-n.value, self.node(pid));
        let p = self.stack.last_mut().expect("a parent");
        if let (Some(c), Some(at)) = (&self.chance, self.at.last_mut())
            && n.reason() != StopReason::Aborted
        {
            // A chance node's branch returns its value to the sums, from the same view.
            c.returned(at, n.value);
            if at.is_chance() {
                return Ok(());
            }
        }
        p.value_seen |= v == pr.value;
        p.last_child = Some(f.id);
        p.move_children |= n.node_kind() != NodeKind::Null;
        p.grandchildren |= f.move_children;
        p.pending_exact = !f.move_children || !f.grandchildren;
        match n.node_kind() {
            _ if n.reason() == StopReason::Aborted => p.pending = None,
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
        let before_moves = matches!(
            reason,
            S::Leaf | S::Terminal | S::Draw | S::Repetition | S::StandPat | S::TtCutoff
        );
        if before_moves && f.move_children {
            bail!(node id, "reason",
                "is {name}, but the node has children: it stops before it searches any move \
                 (rule: stop reasons)");
        }
        // Each cut-off and the node's event that makes it, one table: the reason needs the
        // event, and the event (but an uncertainty cut-off's) makes the reason, unless the
        // search stopped inside the node before it acted on it.
        let null_cut = matches!(f.null_verdict, Some((_, NullVerdict::Cutoff)));
        let cuts = [
            (S::TtCutoff, f.tt_cut.is_some(), "tt_hit", true),
            (S::NullMoveCutoff, null_cut, "null_verdict", true),
            (S::MultiCut, f.mc_cut, "multi_cut", true),
            (S::BetaCutoff, f.cut, "cutoff", true),
            (S::UncertaintyCutoff, f.uc, "uncertainty_cutoff", false),
        ];
        for (r, fired, event, both) in cuts {
            if reason == r && !fired {
                bail!(node id, "reason",
                    "is {name}, but no {event} event of the node cuts it off (rule: stop reasons)");
            }
            if both && fired && reason != r && reason != S::Aborted {
                bail!(node id, "reason",
                    "is {name}, but the node's {event} event cuts it off: {} (rule: stop \
                     reasons)", r.name());
            }
        }
        match (reason, f.null_verdict) {
            (S::TtCutoff, _) => {
                let t = f.tt_cut.unwrap_or_default();
                let here = value_from_tt(t, f.ply, self.mate_bound);
                if here != n.value {
                    bail!(node id, "value",
                        "is {}, but the transposition-table entry that cut it off gives {here} \
                         (it holds {t}; a win or mate score is stored relative to the node) \
                         (rule: values)", n.value);
                }
            }
            (S::NullMoveCutoff, Some((v, _))) if n.value != v && n.value != n.beta => {
                bail!(node id, "value",
                    "is {}, but a null-move cut-off returns the null move's value {v} (or β = \
                     {} for a mate score) (rule: values)", n.value, side(n.beta));
            }
            (S::MultiCut, _) if n.value != n.beta => {
                bail!(node id, "value",
                    "is {}, but a multi-cut returns β = {} (rule: values)", n.value, side(n.beta));
            }
            (S::BetaCutoff | S::AllMoves | S::UncertaintyCutoff | S::Probe, _) => {
                self.searched_value(f, n)?
            }
            // A stopped node keeps the best value it had: one a child returned, or 0.
            (S::Aborted, _) if n.value != 0 && !f.value_seen && !self.quiescence(f) => {
                bail!(node id, "value",
                    "is {}, but the search stopped inside the node, which then returns a \
                     value one of its children returned, or 0 (rule: values)", n.value);
            }
            _ => {}
        }
        Ok(())
    }

    /// A node that searched its moves: its value the best its children returned (in
    /// quiescence, or its stand-pat value above it) from its best_index (every move pruned: 0,
    /// none), and no value at or above β without a cut-off.
    fn searched_value(&self, f: &Frame, n: &NodeRec) -> R {
        let (id, reason, q) = (f.id, n.reason(), self.quiescence(f));
        let bi = n.best_index();
        match f.best {
            Some((b, _)) if (q && n.value < b) || (!q && n.value != b) => {
                let or = if q {
                    ", or its stand-pat value above it"
                } else {
                    ""
                };
                bail!(node id, "value",
                    "is {}, but the best value its children returned is {b} (rule: a node's \
                     value is the best its children returned{or})", n.value);
            }
            Some((b, k)) => {
                let from_child = n.value == b;
                if (from_child && !q && bi != Some(k as u32))
                    || (q && !from_child && bi.is_some())
                    || (q && from_child && bi.is_some_and(|x| x != k as u32))
                {
                    bail!(node id, "best_index",
                        "is {}, but the value {} came from the move at index {k} (rule: \
                         values)", bi.map_or("null".to_string(), |x| x.to_string()), n.value);
                }
            }
            None if !q && (n.value != 0 || bi.is_some()) => {
                bail!(node id, "value",
                    "is {}, but no child returned a value: a node whose every move was \
                     pruned returns 0 (rule: values)", n.value);
            }
            None if bi.is_some() => {
                bail!(node id, "best_index",
                    "names a move, but no child returned a value (rule: values)");
            }
            None => {}
        }
        let cutoff = self.cfg.cutoff;
        let algo_cuts = self.cfg.algo != Algorithm::Minimax;
        if algo_cuts && reason == StopReason::AllMoves && cutoff.cuts(n.value, n.beta) {
            let above = match cutoff {
                Cutoff::Standard => "at or above",
                Cutoff::Strict => "above (the strict rule)",
            };
            bail!(node id, "value",
                "is {}, {above} β = {}, but the node searched all its moves without a cut-off \
                 (rule: cut-offs)", n.value, side(n.beta));
        }
        Ok(())
    }

    fn alpha_raised(&mut self, i: usize, old: i32, new: i32) -> R {
        let f = self.top();
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
        self.top_mut().alpha = new;
        Ok(())
    }

    fn cutoff(&mut self, i: usize, value: i32, beta: i32) -> R {
        let f = self.top();
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
        self.top_mut().cut = true;
        Ok(())
    }

    fn tt_hit(&mut self, i: usize, d: &[i32]) -> R {
        let f = self.top();
        let n = self.node(f.id);
        if d[1] >> 12 & 1 == 0 {
            return Ok(());
        }
        let tt_depth = (d[1] & 0xFF) as u8 as i8 as i32;
        // The value the entry gives this node: the search's own conversion, which moves a win
        // or mate score from the node back to the root's count of plies.
        let here = value_from_tt(d[0], f.ply, self.mate_bound);
        let decides = match Bound::from_u8(((d[1] >> 8) & 3) as u8) {
            Some(Bound::Exact) => true,
            Some(Bound::Lower) => here >= n.beta,
            Some(Bound::Upper) => here <= n.alpha,
            None => false,
        };
        let why = if d[1] >> 10 & 1 == 1 {
            "its entry is uncertain".to_string()
        } else if n.expected() == NodeType::Pv {
            "the node is expected PV".to_string()
        } else if tt_depth < f.depth && f.depth < i8::MAX as i32 {
            format!(
                "its entry's depth {tt_depth} is below the node's {}",
                f.depth
            )
        } else if !decides {
            "its entry's bound does not decide the window".to_string()
        } else {
            self.top_mut().tt_cut = Some(d[0]);
            return Ok(());
        };
        bail!(event i, "data",
            "says the entry cuts node {} off, but {why} (rule: transposition-table cut-offs)",
            f.id);
    }

    fn null_verdict(&mut self, i: usize, d: &[i32]) -> R {
        let f = self.top();
        let n = self.node(f.id);
        let (v, beta) = (d[0], d[1]);
        let verdict = u8::try_from(d[2]).ok().and_then(NullVerdict::from_u8);
        let child = (f.last_child)
            .filter(|_| self.prev == Some(EventKind::Exit))
            .map(|c| self.node(c))
            .filter(|c| c.node_kind() == NodeKind::Null);
        let problem = match (child, verdict) {
            (None, _) => "a null_verdict event follows the return of a null-move child".into(),
            (Some(c), _) if -c.value != v => {
                format!("the null-move child returned {}, not {v}", -c.value)
            }
            _ if beta != n.beta => format!("β of node {} is {}", f.id, side(n.beta)),
            (_, Some(NullVerdict::FailLow)) if v >= beta => {
                format!("{v} ≥ β = {beta} is no fail-low")
            }
            (_, Some(NullVerdict::Cutoff | NullVerdict::Verify)) if v < beta => {
                format!("{v} < β = {beta} is a fail-low")
            }
            (_, Some(NullVerdict::Verify)) if !self.cfg.null_move.verified => {
                "verification needs null_move.verified".into()
            }
            _ => {
                let f = self.top_mut();
                if let Some(verdict) = verdict {
                    f.null_verdict = Some((v, verdict));
                    f.depth -= i32::from(verdict == NullVerdict::Verify);
                }
                return Ok(());
            }
        };
        bail!(event i, "data", "[{v}, {beta}, {}]: {problem} (rule: null-move verdicts)", d[2]);
    }

    fn zugzwang(&mut self, i: usize, d: &[i32]) -> R {
        let f = self.top();
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
        let f = self.top_mut();
        f.depth += 1;
        f.alpha = n.alpha;
        f.best = None;
        f.cut = false;
        f.uc = false;
        Ok(())
    }

    fn multi_cut(&mut self, i: usize, d: &[i32]) -> R {
        let (f, mc) = (self.top(), &self.cfg.multi_cut);
        let [cuts, c, probes, cut] = [d[0], d[1], d[2], d[3]];
        let problem = if c != mc.c as i32 {
            format!("C is {} in the configuration", mc.c)
        } else if probes != f.probes as i32 || probes > mc.m as i32 {
            format!("the node made {} probes (at most M = {})", f.probes, mc.m)
        } else if cuts != f.probe_cuts as i32 {
            format!("{} of its probes reached β", f.probe_cuts)
        } else {
            self.top_mut().mc_cut = cut == 1;
            return Ok(());
        };
        bail!(event i, "data",
            "[{cuts}, {c}, {probes}, {cut}] in node {}: {problem} (rule: multi-cut)", f.id);
    }

    fn uncertainty_cutoff(&mut self, i: usize, d: &[i32]) -> R {
        let f = self.top();
        let u = &self.cfg.uncertainty;
        let limit = (self.node(f.id).n_moves as f64 * u.cut_ratio) as i32;
        let tried = f.last_child.map_or(0, |c| self.node(c).index as i32 + 1);
        if d[1] != limit || d[0] <= limit || d[0] != tried {
            bail!(event i, "data",
                "[{}, {}] in node {}: an uncertainty cut-off comes \
                 after more than CUT_RATIO × moves = {limit} moves were tried (here {tried}) \
                 (rule: uncertainty cut-offs)", d[0], d[1], f.id);
        }
        self.top_mut().uc = true;
        Ok(())
    }

    fn aspiration_fail(&mut self, i: usize, d: &[i32]) -> R {
        let last = self.roots_entered.checked_sub(1);
        let n = last.map(|k| self.node(self.runs[k].id));
        let failed = |n: &NodeRec| {
            (n.alpha, n.beta, n.value) == (d[0], d[1], d[2])
                && ((d[2] <= d[0] && d[0] > -INF) || (d[2] >= d[1] && d[1] < INF))
        };
        if !n.is_some_and(failed) {
            bail!(event i, "data",
                "[{}, {}, {}]: an aspiration_fail event names the window and value of the \
                 root search before it, which failed outside a bounded side (rule: \
                 aspiration windows)", d[0], d[1], d[2]);
        }
        self.after_fail = true;
        if let Some(k) = last {
            self.runs[k].failed = true;
        }
        Ok(())
    }

    fn presearch(&mut self, i: usize, d: &[i32]) -> R {
        let (f, ps) = (self.top(), &self.cfg.presearch);
        if clamp8(d[0]) != f.depth || d[1] <= d[0] || d[1] - d[0] > ps.risk {
            bail!(event i, "data",
                "[{}, {}, {}] in node {} (depth {}): pre-search raises \
                 the node's depth by 1 to Risk = {} plies (rule: pre-search)", d[0], d[1], d[2],
                f.id, f.depth, ps.risk);
        }
        self.top_mut().depth = clamp8(d[1]);
        Ok(())
    }

    fn prune(&mut self, i: usize, d: &[i32]) -> R {
        let f = self.top();
        let reason = u8::try_from(d[1]).ok().and_then(PruneReason::from_u8);
        let why = match reason {
            Some(PruneReason::See) if self.cfg.quiescence.see_pruning && self.quiescence(f) => {
                return Ok(());
            }
            Some(PruneReason::Uncertainty) if f.uc => return Ok(()),
            Some(PruneReason::See) => {
                "SEE pruning happens in quiescence search with quiescence.see_pruning"
            }
            _ => "a quiet move is pruned for uncertainty only after the node's uncertainty cut-off",
        };
        bail!(event i, "data",
            "prunes with reason {} in node {}, but {why} (rule: pruned moves)",
            reason.map_or("?", |r| r.name()), f.id);
    }
}

/// The summary against the roots: each finished iteration's depth, value and node count is
/// that of its root searches, and the root value is the last finished one's.
fn summary_against_roots(h: &TraceHeader, rec: &Recorder, runs: &[RootRun]) -> R {
    let s = &h.summary;
    let user = s.stopped == Some(StopCause::User);
    // The finished iterations (depth, last root, nodes): for a search, the root searches
    // grouped by depth (an aspiration re-search belongs to its iteration); the page's Stop
    // lists every root search that finished.
    let mut want: Vec<(i32, u32, u64)> = Vec::new();
    let mut group_start: Option<u32> = None;
    for r in runs {
        let finished = rec.nodes[r.id as usize].reason() != StopReason::Aborted;
        let start = if user {
            r.id
        } else {
            *group_start.get_or_insert(r.id)
        };
        if !user && r.failed {
            continue;
        }
        group_start = None;
        if finished {
            want.push((r.depth, r.id, (r.end - start) as u64));
        }
    }
    if s.iterations.len() != want.len() {
        bail!(header "summary.iterations",
            "lists {} iterations, but the event tape finishes {} (rule: the summary \
             against the roots)", s.iterations.len(), want.len());
    }
    for (k, (it, &(depth, root, nodes))) in s.iterations.iter().zip(&want).enumerate() {
        let value = rec.nodes[root as usize].value;
        let (field, msg) = if it.depth != depth {
            (
                "depth",
                format!(
                    "is {}, but its root (node {root}) was searched at depth {depth}",
                    it.depth
                ),
            )
        } else if it.value != value {
            (
                "value",
                format!(
                    "is {}, but its root (node {root}) returned {value}",
                    it.value
                ),
            )
        } else if it.nodes != nodes {
            (
                "nodes",
                format!("is {}, but its root searches made {nodes} nodes", it.nodes),
            )
        } else {
            continue;
        };
        bail!(
            header & format!("summary.iterations[{k}].{field}"),
            "{msg} (rule: the summary against the roots)"
        );
    }
    let Some(&(_, root, _)) = want.last() else {
        return Ok(());
    };
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
    Ok(())
}
