//! The structural validation of a trace, whatever its source: each record on its own and
//! against its parent, each node against the game ([`NodeCheck`]), the event tape ([`Tape`]),
//! the summary; run by [`Validation`], or by the JSON reader as it streams.

use super::error::{Problem, R, TraceFileError, bail, ensure, err};
use super::events::each_event;
use super::walk::{TraceGame, Walk, WalkError, WithGame};
use super::{TraceFile, TraceHeader};
use crate::game::INF;
use crate::game::registry::move_by_code;
use crate::run::Prepared;
use crate::schema::{
    Bound, EventKind, FLAG_BOUND_MASK, FLAG_EXPECTED_SHIFT, FLAGS_USED, NO_PARENT, NONE16,
    NodeKind, NodeType, NullVerdict, OrderSource, PruneReason, StopReason,
};
use crate::search::StopCause;
use crate::search::config::{Cutoff, SearchConfig};
use crate::search::window::Window;
use crate::search::window::side_text as window_side;
use crate::trace::record::{NodeRec, OpenNodes, Recorder};

pub(crate) use crate::run::GameKind;

/// How a trace names its game's moves (by the notation of the game's registration).
impl GameKind {
    /// The field that carries the move into a node (trees have a `path` of child indices).
    fn move_field(self) -> &'static str {
        ["path", "move"][self.notation().named() as usize]
    }
    /// A move code in words: `"e2e4"`, `"b2"`, `child 3`, `the null move`.
    pub(crate) fn name_move(self, code: u16) -> String {
        match self.notation() {
            n if n.named() => format!("\"{}\"", n.name(code)),
            _ if code == NONE16 => "the null move".to_string(),
            _ => format!("child {code}"),
        }
    }
}

/// The header on its own: the input prepares and the configuration is valid for it.
pub(crate) fn check_header(h: &TraceHeader) -> R<Prepared> {
    let input = |e| TraceFileError::header("input", Problem::Input(Box::new(e)));
    let prepared = h.input.prepare().map_err(input)?;
    let config = |e| TraceFileError::header("config", Problem::Config(Box::new(e)));
    prepared.check_config(&h.config).map_err(config)?;
    Ok(prepared)
}

/// The one statement of "a parent is entered before its children": `parent` as a node id below
/// `id` (every record, and the JSON reader, which needs the parent to read a node's move).
pub(crate) fn parent_before(id: u32, parent: i64) -> R<u32> {
    match u32::try_from(parent) {
        Ok(p) if p < id => Ok(p),
        _ => Err(err!(node id, "parent",
            "names node {parent}, which does not come before it (a parent is entered before \
             its children)")),
    }
}

/// One record on its own and against its parent's, among the records `before` it.
pub fn check_record(id: u32, n: &NodeRec, before: &[NodeRec], kind: GameKind, cutoff: Cutoff) -> R {
    let parent = (!n.is_root())
        .then(|| parent_before(id, n.parent as i64))
        .transpose()?;
    let unused = n.flags & !FLAGS_USED;
    ensure!(unused == 0, node id, "flags",
        "bit {} is not used and must be 0", unused.trailing_zeros());
    ensure!(Bound::from_u8(n.flags & FLAG_BOUND_MASK).is_some(), node id, "bound",
        "the bound code 3 does not exist");
    ensure!(NodeType::from_u8((n.flags >> FLAG_EXPECTED_SHIFT) & 3).is_some(), node id,
        "expected", "the node type code 3 does not exist");
    let Some(node_kind) = NodeKind::from_u8(n.kind & 15) else {
        bail!(node id, "kind", "unknown node kind code {}", n.kind & 15);
    };
    ensure!(OrderSource::from_u8(n.kind >> 4).is_some(), node id, "order",
        "unknown order source code {}", n.kind >> 4);
    let Some(reason) = StopReason::from_u8(n.reason) else {
        bail!(node id, "reason", "unknown stop reason code {}", n.reason);
    };
    // The window at entry: -inf <= alpha < beta <= +inf (alpha <= beta under the strict rule,
    // whose window [α, α] still holds one value, issue 18 §3).
    ensure!((-INF..INF).contains(&n.alpha), node id, "alpha",
        "{} is outside (-inf, +inf)", n.alpha);
    ensure!((-INF + 1..=INF).contains(&n.beta), node id, "beta",
        "{} is outside (-inf, +inf)", n.beta);
    ensure!(n.alpha < n.beta || (n.alpha == n.beta && cutoff == Cutoff::Strict), node id, "beta",
        "the window ({}, {}) is empty: alpha must be below beta (at most beta under the strict \
         cut-off rule)", window_side(n.alpha), window_side(n.beta));
    ensure!((-INF + 1..INF).contains(&n.value), node id, "value",
        "{} is not a game value (|value| < {INF})", n.value);
    // Star2's probe searched only its first move: whatever it returns is a lower bound.
    let bound = match reason {
        StopReason::Probe => Bound::Lower,
        _ => cutoff.bound_of(Window::new(n.alpha, n.beta), n.value),
    };
    ensure!(n.bound() == bound, node id, "bound",
        "is {}, but value {} against the window ({}, {}) is {}", n.bound().name(), n.value,
        window_side(n.alpha), window_side(n.beta), bound.name());
    ensure!(kind != GameKind::Tree || n.depth == i8::MAX, node id, "depth",
        "is {}, but explicit trees are searched to their leaves (no depth)", n.depth);
    ensure!(!reason.before_moves() || n.n_moves == 0, node id, "moves",
        "is {}, but a node that stops with {} never generates its moves", n.n_moves,
        reason.name());
    ensure!(n.best_index == NONE16 || n.best_index < n.n_moves, node id, "best_index",
        "is {}, but the node has {} moves", n.best_index, n.n_moves);
    // Its place: a root has no move and index 0 and is no null move; a child's move, index and
    // kind agree on whether it is a null move, and its index is one of its parent's moves.
    // (Its window against its parent's: semantics.rs and chance.rs, rule: windows.)
    let (mv, null) = (kind.move_field(), node_kind == NodeKind::Null);
    let Some(p) = parent.map(|p| &before[p as usize]) else {
        ensure!(n.move_code == NONE16, node id, mv, "a root has no move into it");
        ensure!(n.index == 0, node id, "index", "is {}, but a root's index is 0", n.index);
        ensure!(!null, node id, "kind", "a root cannot be a null-move search");
        return Ok(());
    };
    ensure!(null == (n.move_code == NONE16), node id, mv, "{}", if null {
        "a null-move search (kind \"null\") must have the null move (\"0000\")"
    } else {
        "the null move (\"0000\") leads only to a null-move search (kind \"null\")"
    });
    ensure!(null == (n.index == NONE16), node id, "index",
        "is {}, but a null-move search has index {NONE16} and only it does", n.index);
    ensure!(null || n.index < p.n_moves, node id, "index",
        "is {}, but its parent (node {}) has {} moves", n.index, n.parent, p.n_moves);
    Ok(())
}

/// Node `id` names as its parent node `parent`, whose subtree ended.
fn parent_closed(id: u32, parent: u32) -> TraceFileError {
    err!(node id, "parent",
        "names node {parent}, whose subtree ended before node {id}: ids must number the nodes in \
         the order the search entered them")
}

/// Checks nodes one at a time, in id order, against the game: each move is one its parent
/// considered (legal, or noisy in quiescence), a null move only where passing is possible, a
/// value the position decides is that value, and `moves` is the number of moves considered.
pub(crate) struct NodeCheck<G: TraceGame> {
    pub walk: Walk<G>,
    kind: GameKind,
    pub cutoff: Cutoff,
    /// A chance search: leaf values are scaled and signed by who moves, which the tree's
    /// positions do not know (chance.rs checks them).
    chance: bool,
}

type OnClose<'a, G> = &'a mut dyn FnMut(&mut Walk<G>) -> R;

impl<G: TraceGame> NodeCheck<G> {
    pub fn new(root: G, cfg: &SearchConfig, kind: GameKind) -> Self {
        NodeCheck {
            walk: Walk::new(root, cfg.quiescence.enabled),
            kind,
            cutoff: cfg.cutoff,
            chance: cfg.chance.is_some(),
        }
    }

    /// Closes the open nodes that are not ancestors of node `id` (record `n`; for a root, all
    /// of them), calling `on_close` with the walk at each one first. Fails, closing nothing,
    /// when `n`'s parent is not open.
    pub fn close_to(&mut self, id: u32, n: &NodeRec, on_close: OnClose<G>) -> R {
        let open = |p| self.walk.is_open(p);
        if !n.is_root() && !open(parent_before(id, n.parent as i64)?) {
            return Err(parent_closed(id, n.parent));
        }
        let inside = |top: u32| n.is_root() || top != n.parent;
        while self.walk.top().is_some_and(inside) {
            on_close(&mut self.walk)?;
            self.walk.pop();
        }
        Ok(())
    }

    /// Closes every open node (the end of the nodes), as a root would.
    pub fn finish(&mut self, on_close: OnClose<G>) -> R {
        let mut root: NodeRec = bytemuck::Zeroable::zeroed();
        root.parent = NO_PARENT;
        self.close_to(0, &root, on_close)
    }

    /// Checks node `id` (`nodes` holds at least the records before it) and opens it; call
    /// [`NodeCheck::close_to`] and [`check_record`] first.
    pub fn open(&mut self, nodes: &[NodeRec], id: u32, n: &NodeRec) -> R {
        let (kind, mv) = (self.kind, self.kind.move_field());
        self.walk.push(id, n).map_err(|e| match e {
            WalkError::NotOnPath => parent_closed(id, n.parent),
            WalkError::NoNullMove => err!(node id, mv,
                "a null move where its parent cannot pass (the side to move is in check, or \
                 the game has no null move)"),
            // (never a root's: a root plays no move)
            WalkError::NotConsidered => match (kind, &nodes[n.parent as usize]) {
                (GameKind::Chess, p) if p.depth <= 0 => err!(node id, mv,
                    "{} is not one of the moves its parent considered (a legal move; at a \
                     quiescence node, a legal capture or promotion)", kind.name_move(n.move_code)),
                (GameKind::Chess | GameKind::Game(_), _) => err!(node id, mv,
                    "{} is not a legal move in its parent's position", kind.name_move(n.move_code)),
                (_, p) => err!(node id, mv,
                    "{} is not one of its parent's children (node {} considered {} moves)",
                    kind.name_move(n.move_code), n.parent, p.n_moves),
            },
        })?;
        // Values the position decides: evaluations, the end of the game, draws.
        let (pos, ply) = (self.walk.position(), self.walk.len() as u32 - 1);
        let decided = match n.reason() {
            StopReason::Leaf | StopReason::StandPat => Some(pos.evaluate()),
            StopReason::Terminal => Some(pos.no_moves_value(ply)),
            StopReason::Draw | StopReason::Repetition => Some(0),
            _ => None,
        };
        if let Some(v) = decided.filter(|&v| !self.chance && v != n.value) {
            bail!(node id, "value",
                "is {}, but a node that stops with {} has the value {v} in this position", n.value,
                n.reason().name());
        }
        let considered = match n.n_moves {
            0 => 0,
            _ => self.walk.considered().len().min(NONE16 as usize),
        };
        ensure!(n.n_moves as usize == considered, node id, "moves",
            "is {}, but the position has {considered} moves to consider", n.n_moves);
        Ok(())
    }
}

/// Replays the event tape against the nodes: every event's code and data, the node each event
/// refers to, each node entered once in id order inside its parent and exited once, the roots
/// and their depths, and the re-search links.
#[derive(Default)]
pub(crate) struct Tape {
    /// The node each event refers to, found as `Recorder::replay` finds it.
    open: OpenNodes,
    /// The event before, its node and its first data word (an iteration's depth).
    prev: Option<(EventKind, Option<u32>, i32)>,
    pending_research: Option<u32>,
    root_k: usize,
    research_k: usize,
    index: usize,
}

impl Tape {
    /// Checks the next event (`aux`: its data words); returns the node it refers to.
    pub fn event(&mut self, rec: &Recorder, kind: EventKind, aux: &[i32]) -> R<Option<u32>> {
        use EventKind as K;
        let i = self.index;
        self.index += 1;
        ensure!(aux.len() == kind.aux_words(), event i, "data",
            "has {} values, but a {} event carries {} ({})", aux.len(), kind.name(),
            kind.aux_words(), kind.aux_names().join(", "));
        if let Some(v) = aux.iter().find(|v| !(-INF..=INF).contains(*v)) {
            bail!(event i, "data", "{v} is outside [-{INF}, {INF}]");
        }
        if let Some(problem) = data_problem(kind, aux) {
            bail!(event i, "data", "{problem}");
        }
        let top = self.open.stack.last().copied();
        let outside = matches!(kind, K::Iteration | K::AspirationFail | K::Aborted);
        if let Some(open) = top.filter(|_| outside) {
            bail!(event i, "kind",
                "a {} event happens between root searches, but node {open} is open", kind.name());
        }
        ensure!(outside || kind == K::Enter || top.is_some(), event i, "kind",
            "a {} event needs an open node, and none is open", kind.name());
        // The node that just exited: a research event follows a child's exit (the open node is
        // its parent), an aspiration_fail a root's (none is open).
        let exited = self.prev.filter(|p| p.0 == K::Exit).and_then(|p| p.1);
        if kind == K::Enter {
            self.enter(rec, i)?;
        }
        let node = self.open.step(kind);
        match kind {
            K::Research => ensure!(exited.is_some(), event i, "kind",
                "a research event must follow the exit of a child of the open node"),
            K::AspirationFail => ensure!(exited.is_some(), event i, "kind",
                "an aspiration_fail event must follow the exit of a root"),
            _ => {}
        }
        if matches!(kind, K::Research | K::AspirationFail) {
            self.pending_research = exited;
        }
        self.prev = Some((kind, node, aux.first().copied().unwrap_or(0)));
        Ok(node)
    }

    /// Checks the node that event `i` enters, before it opens.
    fn enter(&mut self, rec: &Recorder, i: usize) -> R {
        let id = self.open.next_id;
        let Some(n) = rec.nodes.get(id as usize) else {
            bail!(event i, "kind",
                "enters node {id}, but the file has only {} nodes", rec.nodes.len());
        };
        let tape = self.open.stack.last().copied().unwrap_or(NO_PARENT);
        ensure!(n.parent == tape, node id, "parent",
            "is {}, but the event tape enters it {} (event {i})",
            if n.is_root() { "null (a root)".into() } else { n.parent.to_string() },
            if tape == NO_PARENT { "as a root".into() } else { format!("inside node {tape}") });
        if n.is_root() {
            let Some((EventKind::Iteration, _, iteration)) = self.prev else {
                bail!(event i, "kind", "a root search must begin with an iteration event");
            };
            let k = self.root_k;
            match rec.roots.get(k) {
                Some(&r) if r == id => {}
                Some(&r) => bail!(root k, "root",
                    "is {r}, but root search {k} of the event tape enters node {id}"),
                None => bail!(root k, "root",
                    "is missing: the event tape enters node {id} as root search {k}, but \
                     \"roots\" lists {}", rec.roots.len()),
            }
            let depth = rec.root_depths.get(k).copied();
            ensure!(depth == Some(iteration), root k, "depth",
                "is {}, but the iteration event before it says {iteration}",
                depth.map_or("missing".to_string(), |d| d.to_string()));
            self.root_k += 1;
        }
        let (research, flagged) = (rec.research_of.get(self.research_k), n.is_research());
        match self.pending_research.take() {
            Some(prev) => ensure!(flagged && research == Some(&(id, prev)), node id,
                "research_of", "must be {prev}: event {} makes the node the re-search of node \
                {prev}", i - 1),
            None => ensure!(!flagged && research.is_none_or(|&(r, _)| r != id), node id,
                "research_of", "must be null: no research event comes before the node is entered"),
        }
        self.research_k += flagged as usize;
        Ok(())
    }

    /// The end of the tape: every node entered and exited, every root and re-search link used,
    /// no data word left over (`aux_left`).
    pub fn finish(&self, rec: &Recorder, aux_left: usize) -> R {
        if let Some(&open) = self.open.stack.last() {
            bail!(node open, "id", "is never exited: the event tape ends inside it");
        }
        let next_id = self.open.next_id;
        ensure!(next_id as usize >= rec.nodes.len(), node next_id, "id",
            "is never entered: the event tape has fewer enter events than there are nodes");
        if let Some(r) = rec.roots.get(self.root_k) {
            bail!(root self.root_k, "root",
                "names node {r}, but the event tape has only {} root searches", self.root_k);
        }
        ensure!(rec.root_depths.len() == rec.roots.len(), header "roots",
            "{} roots but {} root depths", rec.roots.len(), rec.root_depths.len());
        if let Some(&(re, of)) = rec.research_of.get(self.research_k) {
            bail!(node re, "research_of",
                "is {of}, but no research event makes the node a re-search");
        }
        if aux_left != 0 {
            let msg = format!("{aux_left} event data words are left over after the last event");
            return Err(TraceFileError::file_level(Problem::Invalid(msg)));
        }
        Ok(())
    }
}

/// What is wrong with an event's data words on their own (codes, packed words, counts;
/// `MultiCut`'s are `[cuts, C, probes, cut]`).
fn data_problem(kind: EventKind, aux: &[i32]) -> Option<String> {
    use EventKind as K;
    fn known<T>(v: i32, from_u8: fn(u8) -> Option<T>) -> bool {
        u8::try_from(v).ok().and_then(from_u8).is_some()
    }
    // The words are bound in each kind's own arm: most events are not checked here at all.
    Some(match (kind, aux) {
        (K::Prune, &[a, ..]) if !(0..NONE16 as i32).contains(&a) => {
            format!("move code {a} is out of range")
        }
        (K::Prune, &[_, b, ..]) if !known(b, PruneReason::from_u8) => {
            format!("unknown prune reason code {b}")
        }
        (K::NullVerdict, &[_, _, c, ..]) if !known(c, NullVerdict::from_u8) => {
            format!("unknown null-move verdict code {c}")
        }
        (K::TtHit, &[_, b, ..]) if b >> 13 != 0 => {
            format!("packed word {b} has bits above bit 12 set")
        }
        (K::TtHit, &[_, b, ..]) if !known((b >> 8) & 3, Bound::from_u8) => {
            format!("packed word {b} has the bound code 3")
        }
        (K::MultiCut, &[a, b, c, d, ..]) if a < 0 || b < 0 || c < a || !(0..=1).contains(&d) => {
            format!("[cuts {a}, C {b}, probes {c}, cut {d}] is inconsistent")
        }
        (K::MultiCut, &[a, b, _, d, ..]) if (d == 1) != (a >= b) => {
            format!("cut is {d}, but {a} of the C = {b} needed cut-offs happened")
        }
        (K::ChanceCutoff, &[_, _, c, ..]) if !(0..=1).contains(&c) => {
            format!("side {c} is neither 0 (fail low) nor 1 (fail high)")
        }
        (K::UncertaintyCutoff, &[a, b, ..]) if a < 0 || b < 0 => {
            format!("[{a}, {b}] must not be negative")
        }
        _ => return None,
    })
}

/// The one validation of a trace held in memory, whatever its source, in two steps so that the
/// page's staged opening can stream the trace between them: [`Validation::start`] checks what
/// makes a trace safe to walk with no game, [`Validation::finish`] the rest. Either way the
/// first problem reported is the same ([`validate`] runs both). The JSON reader, which checks
/// the records, nodes and tape as they stream, makes its own and runs only `finish`.
pub(crate) struct Validation {
    pub prepared: Prepared,
    /// Every node was checked against the game as it streamed.
    pub streamed: bool,
}

impl Validation {
    pub fn start(file: &TraceFile) -> R<Validation> {
        let (h, rec) = (&file.header, &file.rec);
        let prepared = check_header(h)?;
        let kind = GameKind::of(&prepared);
        check_node_count(h, rec.nodes.len())?;
        for (id, n) in rec.nodes.iter().enumerate() {
            check_record(id as u32, n, &rec.nodes[..id], kind, h.config.cutoff)?;
            // The tape exits every node (Tape::finish); a JSON file leaves the flag to it.
            ensure!(n.exited(), node id as u32, "flags",
                "the exited bit is clear, but the event tape exits every node");
        }
        let mut tape = Tape::default();
        let used = each_event(rec, |_, kind, data| tape.event(rec, kind, data).map(drop))?;
        tape.finish(rec, rec.aux.len() - used)?;
        let streamed = false;
        Ok(Validation { prepared, streamed })
    }

    /// The checks with the game (every node by [`NodeCheck`] unless they streamed, then the
    /// summary: the stop, the iterations' best moves, the best line legal from the root and
    /// its SAN derived again by the search's own `run::san_line`), then the semantic rules.
    pub fn finish(&self, file: &TraceFile) -> R {
        self.prepared.with_game((self, file))?;
        super::semantics::check(&file.header, &file.rec, &self.prepared)
    }
}

impl WithGame for (&Validation, &TraceFile) {
    type Output = R;

    fn run<G: TraceGame>(self, root: G) -> R {
        let (v, TraceFile { header: h, rec }) = self;
        let (kind, nodes) = (GameKind::of(&v.prepared), &rec.nodes);
        if !v.streamed {
            let mut check = NodeCheck::new(root.clone(), &h.config, kind);
            for (id, n) in nodes.iter().enumerate() {
                check.close_to(id as u32, n, &mut |_| Ok(()))?;
                check.open(nodes, id as u32, n)?;
            }
        }
        let (s, aborted) = (&h.summary, rec.events.contains(&(EventKind::Aborted as u8)));
        ensure!(s.aborted == aborted, header "summary.aborted",
            "is {}, but the event tape has {} aborted event", s.aborted,
            if aborted { "an" } else { "no" });
        ensure!(s.stopped.is_some() == s.aborted, header "summary.stopped",
            "says {}, but summary.aborted is {}",
            if s.aborted { "the search finished" } else { "why the search stopped" }, s.aborted);
        let cap = h.config.node_cap;
        ensure!(s.stopped != Some(StopCause::NodeCap) || (cap != 0 && s.nodes == cap),
            header "summary.stopped", "says the node cap stopped the search, but the cap is \
            {cap} and the search made {} nodes", s.nodes);
        ensure!(s.value.is_none() == s.iterations.is_empty(), header "summary.value",
            "is {}, but {} iteration finished", s.value.map_or("null".into(), |v| v.to_string()),
            if s.iterations.is_empty() { "no" } else { "an" });
        if let Some(id) = s.line_proven_to.filter(|&id| id >= nodes.len() as u64) {
            bail!(header "summary.line_proven_to",
                "is node {id}, but the file has {} nodes", nodes.len());
        }
        let notation = kind.notation();
        let mut moves = Vec::new();
        // A move named in `field`, legal in `pos`.
        let mut legal = |field: String, m: &str, pos: &G, after: &str| {
            let Some(code) = notation.parse(m).filter(|&c| c != NONE16) else {
                bail!(header field, "\"{m}\" is not a {}", notation.describe());
            };
            let mv = move_by_code(pos, code, &mut moves);
            mv.ok_or_else(|| err!(header field, "\"{m}\" is not a legal move {after}"))
        };
        let best = s.iterations.iter().map(|it| it.best_move.as_ref());
        for (k, m) in best.enumerate().filter_map(|(k, m)| Some((k, m?))) {
            let field = format!("summary.iterations[{k}].best_move");
            legal(field, m, &root, "at the root")?;
        }
        let (mut pos, mut line) = (root.clone(), Vec::new());
        for (k, m) in s.best_line.iter().enumerate() {
            let field = format!("summary.best_line[{k}]");
            line.push(legal(field, m, &pos, "after the moves before it")?);
            pos = pos.play(line[k]);
        }
        let san = crate::run::san_line(&root, &line);
        ensure!(s.best_line_san == san, header "summary.best_line_san",
            "is [{}], but the best line in SAN is [{}]", s.best_line_san.join(" "),
            san.join(" "));
        Ok(())
    }
}

/// The one validation, on every source (`Validation`'s two steps at once): a trace held in
/// memory (a recording the page hands back) as [`super::read`] runs it on a file.
pub fn validate(file: &TraceFile) -> R {
    Validation::start(file)?.finish(file)
}

/// The summary's node count against the nodes the file holds.
pub(crate) fn check_node_count(h: &TraceHeader, nodes: usize) -> R {
    ensure!(h.summary.nodes == nodes as u64, header "summary.nodes",
        "is {}, but the file has {nodes} nodes", h.summary.nodes);
    Ok(())
}
