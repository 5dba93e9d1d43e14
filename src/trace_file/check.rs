//! Validation of trace files, shared by the JSON and the binary reader (and so by the CLI and,
//! through wasm, the page): every field of every node and event, every reference between them,
//! the moves against the game, and the counts against the summary. Errors name the first bad
//! node (or event, or root) and the field. Checks run in file order: the header, each node as
//! it is read ([`NodeCheck`]), the event tape against the nodes ([`Tape`]), the summary
//! ([`SummaryCheck`]).

use super::error::{Location, Problem, TraceFileError, bail, err, invalid, window_side};
use super::events::each_event;
use super::walk::{TraceGame, Walk, WalkError, WithGame, with_game};
use super::{TraceFile, TraceHeader};
use crate::game::INF;
use crate::game::registry::move_by_code as find_legal;
use crate::run::Prepared;
use crate::schema::{
    Bound, EventKind, FLAG_BOUND_MASK, FLAG_EXITED, FLAG_EXPECTED_SHIFT, FLAG_RESEARCH, FLAGS_USED,
    NO_PARENT, NONE16, NodeKind, NodeType, NullVerdict, OrderSource, PruneReason, StopReason,
};
use crate::search::StopCause;
use crate::search::config::{Cutoff, SearchConfig};
use crate::search::window::Window;
use crate::trace::record::{NodeRec, Recorder};

pub(crate) use crate::run::GameKind;

type R<T = ()> = Result<T, TraceFileError>;

/// How a trace names the moves of its game ([`GameKind`] is the run's, read from the game
/// registry).
impl GameKind {
    /// The game names moves in a `move` field (all but trees, which carry a `path`).
    pub(crate) fn named(self) -> bool {
        self.notation().named()
    }
    /// The JSON field that carries the move into a node.
    pub(crate) fn move_field(self) -> &'static str {
        if self.named() { "move" } else { "path" }
    }
    /// A move code in words: `"e2e4"`, `"b2"` or `child 3`.
    pub(crate) fn name_move(self, code: u16) -> String {
        match self {
            _ if self.named() => format!("\"{}\"", self.notation().name(code)),
            _ if code == NONE16 => "the null move".to_string(),
            _ => format!("child {code}"),
        }
    }
}

/// Checks the header on its own: the input parses and the configuration is valid. Returns the
/// prepared input.
pub(crate) fn check_header(h: &TraceHeader) -> R<Prepared> {
    let input = |e| TraceFileError::header("input", Problem::Input(Box::new(e)));
    let prepared = h.input.prepare().map_err(input)?;
    let config = |e| TraceFileError::header("config", Problem::Config(Box::new(e)));
    prepared.check_config(&h.config).map_err(config)?;
    Ok(prepared)
}

/// The rule that a parent is entered before its children: `parent` as a node id below `id`.
/// Its one statement, for every record and for the JSON reader, which needs the parent to
/// read a node's move.
pub(crate) fn parent_before(id: u32, parent: i64) -> R<u32> {
    match u32::try_from(parent) {
        Ok(p) if p < id => Ok(p),
        _ => Err(err!(node id, "parent",
            "names node {parent}, which does not come before it (a parent is entered before \
             its children)")),
    }
}

/// The record of node `id`'s parent among the records before it (`None` for a root).
fn parent_of<'a>(id: u32, n: &NodeRec, before: &'a [NodeRec]) -> R<Option<&'a NodeRec>> {
    if n.is_root() {
        return Ok(None);
    }
    Ok(before.get(parent_before(id, n.parent as i64)? as usize))
}

/// The checks of one record on its own and against its parent's record (found among the
/// records `before` it).
fn check_record(id: u32, n: &NodeRec, before: &[NodeRec], kind: GameKind, cutoff: Cutoff) -> R {
    let parent = parent_of(id, n, before)?;
    if n.flags & !FLAGS_USED != 0 {
        let bit = (n.flags & !FLAGS_USED).trailing_zeros();
        bail!(node id, "flags", "bit {bit} is not used and must be 0");
    }
    if Bound::from_u8(n.flags & FLAG_BOUND_MASK).is_none() {
        bail!(node id, "bound", "the bound code 3 does not exist");
    }
    if NodeType::from_u8((n.flags >> FLAG_EXPECTED_SHIFT) & 3).is_none() {
        bail!(node id, "expected", "the node type code 3 does not exist");
    }
    let Some(node_kind) = NodeKind::from_u8(n.kind & 15) else {
        bail!(node id, "kind", "unknown node kind code {}", n.kind & 15);
    };
    if OrderSource::from_u8(n.kind >> 4).is_none() {
        bail!(node id, "order", "unknown order source code {}", n.kind >> 4);
    }
    let Some(reason) = StopReason::from_u8(n.reason) else {
        bail!(node id, "reason", "unknown stop reason code {}", n.reason);
    };
    // The window at entry: -inf <= alpha < beta <= +inf (alpha <= beta under the strict rule,
    // whose window [α, α] still holds one value, issue 18 §3).
    if n.alpha < -INF || n.alpha >= INF {
        bail!(node id, "alpha", "{} is outside (-inf, +inf)", n.alpha);
    }
    if n.beta <= -INF || n.beta > INF {
        bail!(node id, "beta", "{} is outside (-inf, +inf)", n.beta);
    }
    if n.alpha > n.beta || (cutoff == Cutoff::Standard && n.alpha == n.beta) {
        bail!(node id, "beta",
            "the window ({}, {}) is empty: alpha must be below beta (at most beta under \
             the strict cut-off rule)", window_side(n.alpha), window_side(n.beta));
    }
    if n.value <= -INF || n.value >= INF {
        bail!(node id, "value", "{} is not a game value (|value| < {INF})", n.value);
    }
    // Star2's probe searched only its first move: whatever it returns is a lower bound.
    let bound = match reason {
        StopReason::Probe => Bound::Lower,
        _ => cutoff.bound_of(Window::new(n.alpha, n.beta), n.value),
    };
    if n.bound() != bound {
        bail!(node id, "bound",
            "is {}, but value {} against the window ({}, {}) is {}", n.bound().name(), n.value,
            window_side(n.alpha), window_side(n.beta), bound.name());
    }
    if kind == GameKind::Tree && n.depth != i8::MAX {
        bail!(node id, "depth",
            "is {}, but explicit trees are searched to their leaves (no depth)", n.depth);
    }
    if reason.before_moves() && n.n_moves != 0 {
        bail!(node id, "moves",
            "is {}, but a node that stops with {} never generates its moves", n.n_moves,
            reason.name());
    }
    if n.best_index != NONE16 && n.best_index >= n.n_moves {
        bail!(node id, "best_index", "is {}, but the node has {} moves", n.best_index, n.n_moves);
    }
    // Its place: a root has no move and index 0 and is no null move; a child's move, index and
    // kind agree on whether it is a null move, and its index is one of its parent's moves.
    // (Its window against its parent's: semantics.rs and chance.rs, rule: windows.)
    let (mv, null) = (kind.move_field(), node_kind == NodeKind::Null);
    let Some(p) = parent else {
        if n.move_code != NONE16 {
            bail!(node id, mv, "a root has no move into it");
        }
        if n.index != 0 {
            bail!(node id, "index", "is {}, but a root's index is 0", n.index);
        }
        if null {
            bail!(node id, "kind", "a root cannot be a null-move search");
        }
        return Ok(());
    };
    if null != (n.move_code == NONE16) {
        bail!(node id, mv, "{}", if null {
            "a null-move search (kind \"null\") must have the null move (\"0000\")"
        } else {
            "the null move (\"0000\") leads only to a null-move search (kind \"null\")"
        });
    }
    if null != (n.index == NONE16) {
        bail!(node id, "index",
            "is {}, but a null-move search has index {NONE16} and only it does", n.index);
    }
    if !null && n.index >= p.n_moves {
        bail!(node id, "index",
            "is {}, but its parent (node {}) has {} moves", n.index, n.parent, p.n_moves);
    }
    Ok(())
}

/// Node `id` names as its parent node `parent`, whose subtree ended.
fn parent_closed(id: u32, parent: u32) -> TraceFileError {
    err!(node id, "parent",
        "names node {parent}, whose subtree ended before node {id}: ids must number the nodes \
         in the order the search entered them")
}

/// Checks nodes one at a time, in id order, against the game: each move is one its parent
/// considered (legal, or noisy in quiescence), a null move only where passing is possible, and
/// `moves` is the number of moves the node considered.
pub(crate) struct NodeCheck<G: TraceGame> {
    pub walk: Walk<G>,
    kind: GameKind,
    cutoff: Cutoff,
    /// A chance search: leaf values are scaled and signed by who moves, which the tree's
    /// positions do not know (trace_file/chance.rs checks them).
    chance: bool,
    /// Every record already passed [`check_record`] ([`structure`]): only the game is checked.
    pub structure_checked: bool,
}

type OnClose<'a, G> = &'a mut dyn FnMut(&mut Walk<G>) -> R;

impl<G: TraceGame> NodeCheck<G> {
    pub fn new(root: G, cfg: &SearchConfig, kind: GameKind) -> Self {
        NodeCheck {
            walk: Walk::new(root, cfg.quiescence.enabled),
            kind,
            cutoff: cfg.cutoff,
            chance: cfg.chance.is_some(),
            structure_checked: false,
        }
    }

    /// Closes the open nodes that are not ancestors of node `id` (record `n`; for a root, all
    /// of them), calling `on_close` with the walk at each one before it closes. Fails, closing
    /// nothing, when `n`'s parent is not open.
    pub fn close_to(&mut self, id: u32, n: &NodeRec, on_close: OnClose<G>) -> R {
        if !n.is_root() && !self.walk.is_open(parent_before(id, n.parent as i64)?) {
            return Err(parent_closed(id, n.parent));
        }
        while self.walk.len() > 0 && (n.is_root() || self.walk.top() != Some(n.parent)) {
            on_close(&mut self.walk)?;
            self.walk.pop();
        }
        Ok(())
    }

    /// Closes every open node (the end of the nodes).
    pub fn finish(&mut self, on_close: OnClose<G>) -> R {
        while self.walk.len() > 0 {
            on_close(&mut self.walk)?;
            self.walk.pop();
        }
        Ok(())
    }

    /// Checks node `id` (its ancestors' records are in `nodes`, which holds the ids below
    /// `id`) and opens it. Call [`NodeCheck::close_to`] first.
    pub fn open(&mut self, nodes: &[NodeRec], id: u32, n: &NodeRec) -> R {
        if !self.structure_checked {
            check_record(id, n, nodes, self.kind, self.cutoff)?;
        }
        let parent = parent_of(id, n, nodes)?;
        let (kind, mv) = (self.kind, self.kind.move_field());
        self.walk.push(id, n).map_err(|e| match e {
            WalkError::NotOnPath => parent_closed(id, n.parent),
            WalkError::NoNullMove => err!(node id, mv,
                "a null move where its parent cannot pass (the side to move is in check, or \
                 the game has no null move)"),
            WalkError::NotConsidered => {
                let what = kind.name_move(n.move_code);
                match kind {
                    GameKind::Chess if parent.is_some_and(|p| p.depth <= 0) => err!(node id, mv,
                        "{what} is not one of the moves its parent considered (a legal move; at \
                         a quiescence node, a legal capture or promotion)"),
                    GameKind::Chess | GameKind::Game(_) => {
                        err!(node id, mv, "{what} is not a legal move in its parent's position")
                    }
                    _ => err!(node id, mv,
                        "{what} is not one of its parent's children (node {} considered {} \
                         moves)", n.parent, parent.map_or(0, |p| p.n_moves)),
                }
            }
        })?;
        // Values the position decides: evaluations, the end of the game, draws.
        let decided = match n.reason() {
            StopReason::Leaf | StopReason::StandPat => Some(self.walk.position().evaluate()),
            StopReason::Terminal => {
                let ply = self.walk.len() as u32 - 1;
                Some(self.walk.position().no_moves_value(ply))
            }
            StopReason::Draw | StopReason::Repetition => Some(0),
            _ => None,
        };
        if let Some(v) = decided.filter(|&v| !self.chance && v != n.value) {
            bail!(node id, "value",
                "is {}, but a node that stops with {} has the value {v} in this position", n.value,
                n.reason().name());
        }
        if n.n_moves != 0 {
            let considered = self.walk.considered().len().min(NONE16 as usize);
            if n.n_moves as usize != considered {
                bail!(node id, "moves",
                    "is {}, but the position has {considered} moves to consider", n.n_moves);
            }
        }
        Ok(())
    }
}

/// Replays the event tape against the nodes: every event's code and data, the node each event
/// refers to, each node entered once in id order inside its parent and exited once, the roots
/// and their depths, and the re-search links.
#[derive(Default)]
pub(crate) struct Tape {
    /// JSON files do not store the "exited" flag: the tape sets it (the caller does, from the
    /// returned node of each exit). Binary files store it, and it is checked.
    derive_exited: bool,
    stack: Vec<u32>,
    next_id: u32,
    last_exited: Option<u32>,
    pending_research: Option<u32>,
    pending_depth: Option<i32>,
    prev: Option<EventKind>,
    root_k: usize,
    research_k: usize,
    /// An `aborted` event was seen.
    pub aborted: bool,
    index: usize,
}

impl Tape {
    pub fn new(derive_exited: bool) -> Tape {
        Tape {
            derive_exited,
            ..Tape::default()
        }
    }

    /// Checks the next event (`aux` holds exactly its data words) and returns the node it
    /// refers to.
    pub fn event(&mut self, rec: &Recorder, kind: EventKind, aux: &[i32]) -> R<Option<u32>> {
        let i = self.index;
        self.index += 1;
        if aux.len() != kind.aux_words() {
            bail!(event i, "data",
                "has {} values, but a {} event carries {} ({})", aux.len(), kind.name(),
                kind.aux_words(), kind.aux_names().join(", "));
        }
        if let Some(v) = aux.iter().find(|v| !(-INF..=INF).contains(*v)) {
            bail!(event i, "data", "{v} is outside [-{INF}, {INF}]");
        }
        if let Some(problem) = data_problem(kind, aux) {
            bail!(event i, "data", "{problem}");
        }
        let top = self.stack.last().copied();
        use EventKind as K;
        let outside = matches!(kind, K::Iteration | K::AspirationFail | K::Aborted);
        if let Some(open) = top.filter(|_| outside) {
            bail!(event i, "kind",
                "a {} event happens between root searches, but node {open} is open", kind.name());
        }
        if !outside && kind != K::Enter && top.is_none() {
            bail!(event i, "kind", "a {} event needs an open node, and none is open", kind.name());
        }
        let after_exit = self.last_exited.filter(|_| self.prev == Some(K::Exit));
        let node = match kind {
            K::Enter => Some(self.enter(rec, i)?),
            K::Exit => {
                let id = self.stack.pop().expect("checked: a node is open");
                if !self.derive_exited && rec.nodes[id as usize].flags & FLAG_EXITED == 0 {
                    bail!(node id, "flags",
                        "the exited bit is clear, but event {i} exits the node");
                }
                self.last_exited = Some(id);
                Some(id)
            }
            K::Research | K::AspirationFail => {
                let of = |c: u32| &rec.nodes[c as usize];
                let (ok, what) = match kind {
                    K::Research => (
                        after_exit.is_some_and(|c| Some(of(c).parent) == top),
                        "a research event must follow the exit of a child of the open node",
                    ),
                    _ => (
                        after_exit.is_some_and(|r| of(r).is_root()),
                        "an aspiration_fail event must follow the exit of a root",
                    ),
                };
                if !ok {
                    bail!(event i, "kind", "{what}");
                }
                self.pending_research = after_exit;
                top
            }
            K::Iteration => {
                self.pending_depth = Some(aux[0]);
                None
            }
            K::Aborted => {
                self.aborted = true;
                None
            }
            _ => top,
        };
        self.prev = Some(kind);
        Ok(node)
    }

    fn enter(&mut self, rec: &Recorder, i: usize) -> R<u32> {
        let id = self.next_id;
        let Some(n) = rec.nodes.get(id as usize) else {
            bail!(event i, "kind",
                "enters node {id}, but the file has only {} nodes", rec.nodes.len());
        };
        self.next_id += 1;
        let expected_parent = self.stack.last().copied().unwrap_or(NO_PARENT);
        if n.parent != expected_parent {
            let said = match n.is_root() {
                true => "null (a root)".to_string(),
                false => n.parent.to_string(),
            };
            let tape = match expected_parent {
                NO_PARENT => "as a root".to_string(),
                p => format!("inside node {p}"),
            };
            bail!(node id, "parent", "is {said}, but the event tape enters it {tape} (event {i})");
        }
        if n.is_root() {
            if self.prev != Some(EventKind::Iteration) {
                bail!(event i, "kind", "a root search must begin with an iteration event");
            }
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
            if depth != self.pending_depth {
                bail!(root k, "depth", "is {}, but the iteration event before it says {}",
                    depth.map_or("missing".to_string(), |d| d.to_string()),
                    self.pending_depth.unwrap_or(0));
            }
            self.root_k += 1;
        }
        let research = rec.research_of.get(self.research_k).copied();
        let flagged = n.flags & FLAG_RESEARCH != 0;
        match self.pending_research.take() {
            Some(prev) if research != Some((id, prev)) || !flagged => {
                bail!(node id, "research_of",
                    "must be {prev}: event {} makes the node the re-search of node {prev}", i - 1);
            }
            Some(_) => self.research_k += 1,
            None if flagged || research.is_some_and(|(r, _)| r == id) => {
                bail!(node id, "research_of",
                    "must be null: no research event comes before the node is entered");
            }
            None => {}
        }
        self.stack.push(id);
        Ok(id)
    }

    /// The end of the tape: every node entered and exited, every root and re-search link used.
    pub fn finish(&self, rec: &Recorder, aux_left: usize) -> R {
        if let Some(&open) = self.stack.last() {
            bail!(node open, "id", "is never exited: the event tape ends inside it");
        }
        if (self.next_id as usize) < rec.nodes.len() {
            bail!(node self.next_id, "id",
                "is never entered: the event tape has fewer enter events than there are nodes");
        }
        if let Some(r) = rec.roots.get(self.root_k) {
            bail!(root self.root_k, "root",
                "names node {r}, but the event tape has only {} root searches", self.root_k);
        }
        if rec.root_depths.len() != rec.roots.len() {
            bail!(header "roots",
                "{} roots but {} root depths", rec.roots.len(), rec.root_depths.len());
        }
        if let Some(&(re, of)) = rec.research_of.get(self.research_k) {
            bail!(node re, "research_of",
                "is {of}, but no research event makes the node a re-search");
        }
        if aux_left != 0 {
            let msg = format!("{aux_left} event data words are left over after the last event");
            return Err(TraceFileError::file_level(invalid(msg)));
        }
        Ok(())
    }
}

/// What is wrong with an event's data words on their own (codes, packed words, counts).
fn data_problem(kind: EventKind, aux: &[i32]) -> Option<String> {
    let code_of = |v: i32| u8::try_from(v).ok();
    Some(match kind {
        EventKind::Prune if !(0..NONE16 as i32).contains(&aux[0]) => {
            format!("move code {} is out of range", aux[0])
        }
        EventKind::Prune if code_of(aux[1]).and_then(PruneReason::from_u8).is_none() => {
            format!("unknown prune reason code {}", aux[1])
        }
        EventKind::NullVerdict if code_of(aux[2]).and_then(NullVerdict::from_u8).is_none() => {
            format!("unknown null-move verdict code {}", aux[2])
        }
        EventKind::TtHit if aux[1] >> 13 != 0 => {
            format!("packed word {} has bits above bit 12 set", aux[1])
        }
        EventKind::TtHit if Bound::from_u8(((aux[1] >> 8) & 3) as u8).is_none() => {
            format!("packed word {} has the bound code 3", aux[1])
        }
        EventKind::MultiCut => {
            let [cuts, c, probes, cut] = [aux[0], aux[1], aux[2], aux[3]];
            if cuts < 0 || c < 0 || probes < cuts || !(0..=1).contains(&cut) {
                format!("[cuts {cuts}, C {c}, probes {probes}, cut {cut}] is inconsistent")
            } else if (cut == 1) != (cuts >= c) {
                format!("cut is {cut}, but {cuts} of the C = {c} needed cut-offs happened")
            } else {
                return None;
            }
        }
        EventKind::ChanceCutoff if !(0..=1).contains(&aux[2]) => {
            format!("side {} is neither 0 (fail low) nor 1 (fail high)", aux[2])
        }
        EventKind::UncertaintyCutoff if aux[0] < 0 || aux[1] < 0 => {
            format!("[{}, {}] must not be negative", aux[0], aux[1])
        }
        _ => return None,
    })
}

/// Checks the summary against the nodes and the game: node count, aborted flag, iterations, and
/// that the best line is a legal line from the root, its SAN derived again by the search's own
/// `run::san_line`.
pub(crate) struct SummaryCheck<'a> {
    pub header: &'a TraceHeader,
    pub nodes: usize,
    pub aborted: bool,
    pub kind: GameKind,
}

impl WithGame for SummaryCheck<'_> {
    type Output = R;

    fn run<G: TraceGame>(self, root: G) -> R {
        // `summary.nodes` was checked first (check_node_count); the iterations, their nodes
        // and values against the roots in semantics.rs.
        let s = &self.header.summary;
        if s.aborted != self.aborted {
            bail!(header "summary.aborted", "is {}, but the event tape has {} aborted event",
                s.aborted, if self.aborted { "an" } else { "no" });
        }
        if s.stopped.is_some() != s.aborted {
            let says = if s.aborted {
                "the search finished"
            } else {
                "why the search stopped"
            };
            bail!(header "summary.stopped", "says {says}, but summary.aborted is {}", s.aborted);
        }
        let cap = self.header.config.node_cap;
        if s.stopped == Some(StopCause::NodeCap) && (cap == 0 || s.nodes != cap) {
            bail!(header "summary.stopped",
                "says the node cap stopped the search, but the cap is {cap} and the search \
                 made {} nodes", s.nodes);
        }
        if s.value.is_none() != s.iterations.is_empty() {
            bail!(header "summary.value", "{}", if s.iterations.is_empty() {
                "must be null: no iteration finished"
            } else {
                "is null, but an iteration finished"
            });
        }
        if let Some(id) = s.line_proven_to.filter(|&id| id >= self.nodes as u64) {
            bail!(header "summary.line_proven_to",
                "is node {id}, but the file has {} nodes", self.nodes);
        }
        let notation = self.kind.notation();
        let mut moves = Vec::new();
        // A move named in `field`, legal in `pos`.
        let mut legal = |field: String, m: &str, pos: &G, after: &str| {
            let code = notation.parse(m).filter(|&c| c != NONE16);
            let Some(code) = code else {
                bail!(header & field, "\"{m}\" is not a {}", notation.describe());
            };
            match find_legal(pos, code, &mut moves) {
                Some(mv) => Ok(mv),
                None => Err(err!(header & field, "\"{m}\" is not a legal move {after}")),
            }
        };
        for (k, it) in s.iterations.iter().enumerate() {
            if let Some(m) = &it.best_move {
                let field = format!("summary.iterations[{k}].best_move");
                legal(field, m, &root, "at the root")?;
            }
        }
        let (mut pos, mut line) = (root.clone(), Vec::new());
        for (k, m) in s.best_line.iter().enumerate() {
            let field = format!("summary.best_line[{k}]");
            let mv = legal(field, m, &pos, "after the moves before it")?;
            line.push(mv);
            pos = pos.play(mv);
        }
        let san = crate::run::san_line(&root, &line);
        if s.best_line_san != san {
            bail!(header "summary.best_line_san", "{}", match self.kind {
                GameKind::Chess => format!("is [{}], but the best line in SAN is [{}]",
                    s.best_line_san.join(" "), san.join(" ")),
                _ => "must be empty: only chess has SAN".to_string(),
            });
        }
        Ok(())
    }
}

/// The one validation of a trace held in memory, whatever its source (a JSON or binary file
/// once decoded, a trace the page hands back, a trace about to be written), resumable in two
/// steps so that the page's staged opening can stream the trace between them:
/// [`Validation::start`] checks what makes a trace safe to walk with no game (the header, the
/// node count, every record against its parent, the event tape), [`Validation::finish`] every
/// node against the game, the summary and the semantic rules. Either way the first problem
/// reported is the same ([`validate`] runs both).
pub(crate) struct Validation {
    prepared: Prepared,
    kind: GameKind,
    aborted: bool,
}

impl Validation {
    pub fn start(file: &TraceFile) -> R<Validation> {
        let (h, rec) = (&file.header, &file.rec);
        let prepared = check_header(h)?;
        let kind = GameKind::of(&prepared);
        check_node_count(h, rec.nodes.len())?;
        for (id, n) in rec.nodes.iter().enumerate() {
            check_record(id as u32, n, &rec.nodes[..id], kind, h.config.cutoff)?;
        }
        let mut tape = Tape::new(false);
        let used = each_event(rec, |_, kind, data| tape.event(rec, kind, data).map(drop))?;
        tape.finish(rec, rec.aux.len() - used)?;
        if let Some(w) = rec.research_of.windows(2).find(|w| w[0].0 >= w[1].0) {
            bail!(node w[1].0, "research_of", "re-search links must be in increasing id order");
        }
        let aborted = tape.aborted;
        Ok(Validation {
            prepared,
            kind,
            aborted,
        })
    }

    pub fn finish(&self, file: &TraceFile) -> R {
        let (header, rec, kind) = (&file.header, &file.rec, self.kind);
        with_game(
            &self.prepared,
            CheckNodes {
                rec,
                cfg: &header.config,
                kind,
            },
        )?;
        let (nodes, aborted) = (rec.nodes.len(), self.aborted);
        with_game(
            &self.prepared,
            SummaryCheck {
                header,
                nodes,
                aborted,
                kind,
            },
        )?;
        super::semantics::check(header, rec, &self.prepared)
    }
}

/// [`Validation`]'s two steps at once.
pub(crate) fn validate(file: &TraceFile) -> R {
    Validation::start(file)?.finish(file)
}

struct CheckNodes<'a> {
    rec: &'a Recorder,
    cfg: &'a SearchConfig,
    kind: GameKind,
}

impl WithGame for CheckNodes<'_> {
    type Output = R;
    fn run<G: TraceGame>(self, root: G) -> R {
        let mut check = NodeCheck::new(root, self.cfg, self.kind);
        check.structure_checked = true; // CheckNodes runs after `Validation::start`
        for (id, n) in self.rec.nodes.iter().enumerate() {
            check.close_to(id as u32, n, &mut |_| Ok(()))?;
            check.open(&self.rec.nodes, id as u32, n)?;
        }
        Ok(())
    }
}

/// The summary's node count against the nodes the file holds.
pub(crate) fn check_node_count(h: &TraceHeader, nodes: usize) -> R {
    if h.summary.nodes != nodes as u64 {
        bail!(header "summary.nodes", "is {}, but the file has {nodes} nodes", h.summary.nodes);
    }
    Ok(())
}

/// `Problem::Missing` for a required field.
pub(crate) fn missing(location: Location, field: &str) -> TraceFileError {
    TraceFileError::new(location, Some(field), Problem::Missing)
}
