//! The recording tracer: every node in a flat array of 28-byte records plus a one-byte-per-event
//! tape, so a million-node search fits in about 30 MB and crosses to JavaScript as typed arrays.

use crate::game::Value;
use crate::schema::{
    Bound, EventKind, FLAG_BOUND_MASK, FLAG_EXITED, FLAG_EXPECTED_SHIFT, FLAG_RESEARCH,
    FLAG_UNCERTAIN, MAX_AUX_WORDS, NO_PARENT, NONE16, NodeKind, NodeType, NullVerdict, OrderSource,
    PruneReason, RECORD_BYTES, StopReason,
};
use crate::search::{Enter, Exit, Tracer, TtHit};

/// One searched node. `#[repr(C)]` with a 28-byte stride and no padding: the browser reads
/// batches of these through typed-array views, and binary trace files store them as they are
/// (layout: [`crate::schema::RECORD_FIELDS`], `docs/trace-format.md`). A node's ply is
/// not stored: it is its parent's plus one.
///
/// This declaration is the record's one codec: `Pod` (bytemuck) makes its memory its bytes,
/// [`NodeRec::bytes`] and [`NodeRec::from_bytes`] the layout's two directions, and
/// [`records_bytes`] a batch's.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct NodeRec {
    /// Id of the parent, or [`NO_PARENT`] for a root.
    pub parent: u32,
    /// Window at entry, from the side to move's view; `±INF` means unbounded.
    pub alpha: i32,
    pub beta: i32,
    /// Value returned (fail-soft), from the side to move's view.
    pub value: i32,
    /// Game-specific move code of the move into this node (child index for trees).
    pub move_code: u16,
    /// Index of that move in the parent's (ordered) move list; [`NONE16`] for the null move.
    pub index: u16,
    /// Number of moves this node generated (0 for leaves and nodes that never generated moves;
    /// in quiescence, the captures and promotions considered).
    pub n_moves: u16,
    /// Index in the move list of the move that produced `value`, or [`NONE16`].
    pub best_index: u16,
    /// Low nibble: [`NodeKind`]; high nibble: the [`OrderSource`] of the move into the node.
    pub kind: u8,
    /// Remaining depth, clamped to `i8` (127 = unbounded, as in explicit trees).
    pub depth: i8,
    /// Bits 0–1 bound, 2–3 expected type, 4 uncertain, 5 exited, 6 is a re-search.
    pub flags: u8,
    /// A [`StopReason`] code.
    pub reason: u8,
}

const _: () = assert!(core::mem::size_of::<NodeRec>() == RECORD_BYTES);
// The documented layout is little-endian, as a record is in memory on every target built
// (x86-64, aarch64, wasm32).
#[cfg(target_endian = "big")]
compile_error!("the 28-byte record layout is little-endian");

/// The bytes of `nodes` in the record layout, as they lie in memory.
pub fn records_bytes(nodes: &[NodeRec]) -> &[u8] {
    bytemuck::cast_slice(nodes)
}

impl NodeRec {
    /// The record's bytes in the documented layout ([`crate::schema::RECORD_FIELDS`]).
    pub fn bytes(&self) -> &[u8; RECORD_BYTES] {
        bytemuck::cast_ref(self)
    }
    /// The record whose bytes are `b` (at any alignment).
    pub fn from_bytes(b: &[u8; RECORD_BYTES]) -> NodeRec {
        bytemuck::pod_read_unaligned(b)
    }
    pub fn bound(&self) -> Bound {
        Bound::from_u8(self.flags & FLAG_BOUND_MASK).unwrap_or(Bound::Exact)
    }
    pub fn expected(&self) -> NodeType {
        NodeType::from_u8((self.flags >> FLAG_EXPECTED_SHIFT) & 3).unwrap_or(NodeType::Pv)
    }
    pub fn actual(&self) -> NodeType {
        self.bound().node_type()
    }
    pub fn uncertain(&self) -> bool {
        self.flags & FLAG_UNCERTAIN != 0
    }
    pub fn exited(&self) -> bool {
        self.flags & FLAG_EXITED != 0
    }
    pub fn is_research(&self) -> bool {
        self.flags & FLAG_RESEARCH != 0
    }
    pub fn reason(&self) -> StopReason {
        StopReason::from_u8(self.reason).unwrap_or(StopReason::Aborted)
    }
    pub fn is_root(&self) -> bool {
        self.parent == NO_PARENT
    }
    pub fn node_kind(&self) -> NodeKind {
        NodeKind::from_u8(self.kind & 15).unwrap_or(NodeKind::Normal)
    }
    pub fn order(&self) -> OrderSource {
        OrderSource::from_u8(self.kind >> 4).unwrap_or(OrderSource::Generated)
    }
    pub fn best_index(&self) -> Option<u32> {
        (self.best_index != NONE16).then_some(self.best_index as u32)
    }
    /// Index in the parent's move list, `None` for the null move and roots' placeholder.
    pub fn move_index(&self) -> Option<u32> {
        (self.index != NONE16).then_some(self.index as u32)
    }
}

/// The ply of every node (a root's is 0, a child's its parent's plus one), in one pass: parents
/// come before their children.
pub fn plies(nodes: &[NodeRec]) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::with_capacity(nodes.len());
    for n in nodes {
        let ply = if n.is_root() {
            0
        } else {
            out.get(n.parent as usize).map_or(0, |p| p + 1)
        };
        out.push(ply);
    }
    out
}

/// One event of the replayed tape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventView {
    pub kind: EventKind,
    /// The node the event is about (for Enter/Exit, the node entered or left; for
    /// AlphaRaised/Cutoff/Research, the node whose child just returned). `None` only for
    /// Iteration and Aborted events outside any node.
    pub node: Option<u32>,
    pub aux: [i32; MAX_AUX_WORDS],
}

/// A node entered before the part a streaming recorder still holds, and open: its record as it
/// is now and as it was last handed on.
#[derive(Clone, Copy, Debug)]
pub struct EarlyOpen {
    pub id: u32,
    pub now: NodeRec,
    pub sent: NodeRec,
}

/// Records every node and event of a search.
///
/// A streaming recorder ([`Recorder::hand_on`]) holds only what it has not handed on yet: the
/// nodes from [`Recorder::base`] on, the events, aux words, re-search pairs and roots recorded
/// since, and the records of the nodes still open that it handed on before (at most one per
/// ply). Its memory then stays that of one batch however large the search grows.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// The records of nodes `base..`, in id order.
    pub nodes: Vec<NodeRec>,
    /// Event kinds, one byte each.
    pub events: Vec<u8>,
    /// Values carried by events, in tape order.
    pub aux: Vec<i32>,
    /// `(re-search id, id of the earlier search of the same child)`, in increasing id order.
    pub research_of: Vec<(u32, u32)>,
    /// Root ids, one per root search (iterations and aspiration re-searches).
    pub roots: Vec<u32>,
    /// Nominal depth of each root search, parallel to `roots`.
    pub root_depths: Vec<i32>,
    stack: Vec<u32>,
    last_exited: u32,
    pending_research: Option<u32>,
    pending_depth: i32,
    /// Most heap bytes the recording may hold (0 = no limit).
    budget: u64,
    /// The budget is used up: the search stops before the next node.
    exhausted: bool,
    /// Id of `nodes[0]`: the nodes before it were handed on (0 unless streaming).
    base: u32,
    /// Open nodes before `base` (and those that exited since the last hand-on), by id.
    early: Vec<EarlyOpen>,
    /// Bytes of records, events and aux words handed on so far (they count against the budget:
    /// whoever took them holds them).
    handed_on: u64,
}

/// Room kept free at every node when a budget is set: one more node, and the events and
/// values a node adds in the worst case (an uncertainty cut-off prunes up to one event per
/// legal move).
const NODE_EVENTS: usize = 1024;
const NODE_AUX: usize = 4 * NODE_EVENTS;

/// Grows `v` so that `extra` more elements fit, taking at most `room` bytes: by doubling while
/// the room allows (amortized, as `Vec` does), by what is left of the room after that, and by
/// `extra` when even that is not left (then `room` reports exhaustion).
fn grow<T>(v: &mut Vec<T>, extra: usize, room: &mut u64) -> bool {
    if v.capacity() - v.len() >= extra {
        return true;
    }
    let size = core::mem::size_of::<T>().max(1) as u64;
    let want = (v.capacity().max(1024) as u64).min(*room / size) as usize;
    let add = want.max(extra);
    v.reserve_exact(add);
    let used = add as u64 * size;
    let fits = used <= *room;
    *room = room.saturating_sub(used);
    fits
}

/// A depth as a record stores it (the checker compares a node's depth by the same rule).
pub(crate) fn clamp_i8(d: i32) -> i8 {
    d.clamp(i8::MIN as i32, i8::MAX as i32) as i8
}

impl Recorder {
    pub fn new() -> Self {
        Self::default()
    }

    /// A recorder that holds at most about `budget_bytes` of heap (0 = no limit): when the
    /// next node might not fit, [`Tracer::over_budget`] stops the search, as the node cap
    /// does. Growth is bounded so that the arrays never double past the budget.
    pub fn with_budget(budget_bytes: u64) -> Self {
        Recorder {
            budget: budget_bytes,
            ..Self::default()
        }
    }

    /// Makes room for one more node within the budget, or marks the budget used up. Out of
    /// line, so that [`Recorder::enter`] stays small enough to be inlined into the search
    /// (issue 33, docs/benchmarks.md).
    #[cold]
    #[inline(never)]
    fn reserve_node(&mut self) {
        let held = self.heap_bytes() as u64 + self.handed_on;
        let mut room = self.budget.saturating_sub(held);
        let ok = grow(&mut self.nodes, 1, &mut room)
            & grow(&mut self.events, NODE_EVENTS, &mut room)
            & grow(&mut self.aux, NODE_AUX, &mut room);
        if !ok || room == 0 {
            self.exhausted = true;
        }
    }

    /// Heap bytes held by the recording, for the bytes-per-node measurement.
    pub fn heap_bytes(&self) -> usize {
        self.nodes.capacity() * core::mem::size_of::<NodeRec>()
            + self.events.capacity()
            + self.aux.capacity() * 4
            + self.research_of.capacity() * 8
            + self.roots.capacity() * 4
            + self.root_depths.capacity() * 4
            + self.stack.capacity() * 4
    }

    /// Releases the growth slack of the arrays once the search is over, so the recording
    /// holds exactly its nodes and events.
    pub fn shrink_to_fit(&mut self) {
        self.nodes.shrink_to_fit();
        self.events.shrink_to_fit();
        self.aux.shrink_to_fit();
        self.research_of.shrink_to_fit();
        self.roots.shrink_to_fit();
        self.root_depths.shrink_to_fit();
        self.stack.shrink_to_fit();
    }

    /// Closes a recording that was cut short from outside the search (the page's Stop ends the
    /// worker, and the page keeps the batches it had received), so that it is a whole trace
    /// like one the node cap stopped: every node still open exits innermost first, as a node
    /// the search aborts does — with its finished children's best value (0 when none
    /// finished, as the search returns) and the move that gave it — and the tape ends
    /// with an `aborted` event (unless it already does: the node cap stopped it first).
    /// `cutoff` is the search's cut-off rule, which decides each value's bound.
    pub fn close_cut_short(&mut self, cutoff: crate::search::config::Cutoff) {
        // The open nodes, from the tape: enters come in id order, exits close the innermost.
        self.stack.clear();
        let mut next = 0u32;
        for &e in &self.events {
            match EventKind::from_u8(e) {
                // A recording handed back is closed before it is validated: an enter past its
                // nodes (which validation then refuses) opens nothing.
                Some(EventKind::Enter) if (next as usize) < self.nodes.len() => {
                    self.stack.push(next);
                    next += 1;
                }
                Some(EventKind::Exit) => {
                    self.stack.pop();
                }
                _ => {}
            }
        }
        // The best finished child of each open node (children come after their parents).
        let mut best: Vec<Option<(Value, u32)>> = vec![None; self.stack.len()];
        let depth_of = |id: u32, stack: &[u32]| stack.iter().position(|&s| s == id);
        if let Some(&first) = self.stack.first() {
            for n in &self.nodes[first as usize..] {
                if n.is_root() || !n.exited() || n.node_kind() == NodeKind::Null {
                    continue;
                }
                if let Some(k) = depth_of(n.parent, &self.stack) {
                    let v = -n.value;
                    if best[k].is_none_or(|(b, _)| v > b) {
                        best[k] = Some((v, n.index as u32));
                    }
                }
            }
        }
        while let Some(&id) = self.stack.last() {
            let k = self.stack.len() - 1;
            let (value, best_index) = match best[k] {
                Some((v, i)) => (v, Some(i)),
                None => (0, None),
            };
            let n = self.nodes[id as usize];
            let bound = cutoff.bound_of(crate::search::window::Window::new(n.alpha, n.beta), value);
            self.exit(&Exit {
                value,
                bound,
                reason: StopReason::Aborted,
                uncertain: n.flags & FLAG_UNCERTAIN != 0,
                best_index,
            });
            // As in the search, a parent does not take the value of a child that aborted.
        }
        if self.events.last() != Some(&(EventKind::Aborted as u8)) {
            self.aborted(self.nodes.len() as u64);
        }
    }

    /// Ids of the nodes currently open (entered, not yet exited), outermost first.
    pub fn open_nodes(&self) -> &[u32] {
        &self.stack
    }

    /// Id of `nodes[0]`: how many nodes were handed on before (0 unless streaming).
    pub fn base(&self) -> u32 {
        self.base
    }

    /// Nodes entered so far, handed on or held.
    pub fn node_total(&self) -> usize {
        self.base as usize + self.nodes.len()
    }

    /// Nodes handed on earlier whose record changed since (a child returned, they exited):
    /// `(id, record now)`, in id order.
    pub fn early_changed(&self) -> impl Iterator<Item = (u32, NodeRec)> + '_ {
        self.early
            .iter()
            .filter(|e| e.now != e.sent)
            .map(|e| (e.id, e.now))
    }

    /// Forgets everything the caller has just handed on — the held nodes, events, aux words,
    /// re-search pairs and roots — keeping the arrays' capacity for the next part, and the
    /// records of the nodes still open so that later changes to them can be handed on as
    /// updates ([`Recorder::early_changed`]).
    pub fn hand_on(&mut self) {
        let base = self.base;
        self.early.retain(|e| !e.now.exited());
        for e in &mut self.early {
            e.sent = e.now;
        }
        for &id in &self.stack {
            if id >= base {
                let now = self.nodes[(id - base) as usize];
                self.early.push(EarlyOpen { id, now, sent: now });
            }
        }
        self.handed_on += (self.nodes.len() * core::mem::size_of::<NodeRec>()
            + self.events.len()
            + self.aux.len() * 4) as u64;
        self.base += self.nodes.len() as u32;
        self.nodes.clear();
        self.events.clear();
        self.aux.clear();
        self.research_of.clear();
        self.roots.clear();
        self.root_depths.clear();
    }

    /// Reserves room for `nodes` more nodes and their events (about three per node) and aux
    /// words, so that a streaming recorder allocates once, before the search.
    pub fn reserve(&mut self, nodes: usize) {
        self.nodes.reserve(nodes);
        self.events.reserve(nodes.saturating_mul(3));
        self.aux.reserve(nodes.saturating_mul(2));
    }

    /// The record of node `id`, held or early.
    fn node_mut(&mut self, id: u32) -> Option<&mut NodeRec> {
        if id >= self.base {
            self.nodes.get_mut((id - self.base) as usize)
        } else {
            self.early
                .iter_mut()
                .rev()
                .find(|e| e.id == id)
                .map(|e| &mut e.now)
        }
    }

    /// The earlier search that node `id` re-searches, if it is a re-search.
    pub fn research_of(&self, id: u32) -> Option<u32> {
        self.research_of
            .binary_search_by_key(&id, |&(r, _)| r)
            .ok()
            .map(|i| self.research_of[i].1)
    }

    /// A chance search's best line: the best moves (child indices) of the decision nodes from
    /// `root` down to the first chance node or leaf, each step to the last search of that child
    /// (Star2 searches a branch twice only below a chance node, whose record names no best
    /// child). The writer states it and the reader derives it again to check it.
    pub fn decision_line(&self, root: u32) -> Vec<u16> {
        let mut line = Vec::new();
        let mut at = root as usize;
        while let Some(n) = self.nodes.get(at)
            && n.best_index != NONE16
            && n.node_kind() != NodeKind::Chance
        {
            line.push(n.best_index);
            // The node's subtree is the ids after it up to the first whose parent comes
            // before it (nodes are numbered in the order the search entered them).
            let child = (at + 1..self.nodes.len())
                .take_while(|&c| !self.nodes[c].is_root() && self.nodes[c].parent >= at as u32)
                .filter(|&c| {
                    let r = &self.nodes[c];
                    r.parent == at as u32 && r.index == n.best_index
                })
                .last();
            match child {
                Some(c) => at = c,
                None => break,
            }
        }
        line
    }

    /// Replays the tape, resolving which node each event refers to.
    pub fn replay(&self) -> Replay<'_> {
        Replay {
            rec: self,
            pos: 0,
            aux_pos: 0,
            open: OpenNodes::default(),
        }
    }

    /// A root search begins at node `id` (once per iteration or aspiration re-search).
    #[cold]
    #[inline(never)]
    fn root_entered(&mut self, id: u32) {
        self.roots.push(id);
        self.root_depths.push(self.pending_depth);
    }

    #[inline]
    fn push_event(&mut self, kind: EventKind) {
        self.events.push(kind as u8);
    }
}

/// Iterator over the tape's events with their nodes.
pub struct Replay<'a> {
    rec: &'a Recorder,
    pos: usize,
    aux_pos: usize,
    open: OpenNodes,
}

/// The nodes a tape has entered and not exited: the one rule of which node an event refers to
/// ([`EventView::node`]), for [`Replay`] and the trace checker's tape, which steps it an event
/// at a time as a file streams.
#[derive(Clone, Debug, Default)]
pub struct OpenNodes {
    /// The node the next enter event enters.
    pub next_id: u32,
    /// The open nodes, the outermost first.
    pub stack: Vec<u32>,
}

impl OpenNodes {
    /// Steps over an event of `kind` (entering or exiting a node); returns the node it refers to.
    pub fn step(&mut self, kind: EventKind) -> Option<u32> {
        match kind {
            EventKind::Enter => {
                let id = self.next_id;
                self.next_id += 1;
                self.stack.push(id);
                Some(id)
            }
            EventKind::Exit => self.stack.pop(),
            _ => self.stack.last().copied(),
        }
    }
}

impl Iterator for Replay<'_> {
    type Item = EventView;
    fn next(&mut self) -> Option<EventView> {
        let &code = self.rec.events.get(self.pos)?;
        self.pos += 1;
        let kind = EventKind::from_u8(code)?;
        let mut aux = [0; MAX_AUX_WORDS];
        for slot in aux.iter_mut().take(kind.aux_words()) {
            *slot = self.rec.aux[self.aux_pos];
            self.aux_pos += 1;
        }
        let node = self.open.step(kind);
        Some(EventView { kind, node, aux })
    }
}

impl Tracer for Recorder {
    fn begin_iteration(&mut self, depth: i32) {
        self.pending_depth = depth;
        self.push_event(EventKind::Iteration);
        self.aux.push(depth);
    }

    fn over_budget(&self) -> bool {
        self.exhausted
    }

    /// Inlined into the search, with what it rarely does (the budget's bookkeeping, a new root)
    /// kept out of line: called as a function it cost more than writing the record
    /// (issue 33, docs/benchmarks.md).
    #[inline(always)]
    fn enter(&mut self, e: &Enter) {
        if self.budget != 0 {
            self.reserve_node();
        }
        let id = self.base + self.nodes.len() as u32;
        let parent = self.stack.last().copied().unwrap_or(NO_PARENT);
        let mut flags = (e.expected as u8) << 2;
        if let Some(prev) = self.pending_research.take() {
            flags |= FLAG_RESEARCH;
            self.research_of.push((id, prev));
        }
        if parent == NO_PARENT {
            self.root_entered(id);
        }
        self.nodes.push(NodeRec {
            parent,
            alpha: e.window.alpha,
            beta: e.window.beta,
            value: 0,
            move_code: e.move_code,
            index: e.index.min(NONE16 as u32) as u16,
            n_moves: 0,
            best_index: NONE16,
            kind: e.kind as u8 | (e.order as u8) << 4,
            depth: clamp_i8(e.depth),
            flags,
            reason: StopReason::Aborted as u8,
        });
        self.stack.push(id);
        self.push_event(EventKind::Enter);
    }

    fn moves_generated(&mut self, count: u32) {
        if let Some(&id) = self.stack.last()
            && let Some(n) = self.node_mut(id)
        {
            n.n_moves = count.min(NONE16 as u32) as u16;
        }
    }

    fn alpha_raised(&mut self, old: Value, new: Value) {
        self.push_event(EventKind::AlphaRaised);
        self.aux.extend_from_slice(&[old, new]);
    }

    fn cutoff(&mut self, value: Value, beta: Value) {
        self.push_event(EventKind::Cutoff);
        self.aux.extend_from_slice(&[value, beta]);
    }

    fn research(&mut self) {
        self.pending_research = Some(self.last_exited);
        self.push_event(EventKind::Research);
    }

    #[inline(always)]
    fn exit(&mut self, x: &Exit) {
        let Some(id) = self.stack.pop() else { return };
        let Some(n) = self.node_mut(id) else { return };
        n.value = x.value;
        n.flags = (n.flags & !0b1_0011) | x.bound as u8 | FLAG_EXITED;
        if x.uncertain {
            n.flags |= FLAG_UNCERTAIN;
        }
        n.reason = x.reason as u8;
        n.best_index = x
            .best_index
            .map_or(NONE16, |i| i.min(NONE16 as u32 - 1) as u16);
        self.last_exited = id;
        self.push_event(EventKind::Exit);
    }

    fn aborted(&mut self, _nodes: u64) {
        self.push_event(EventKind::Aborted);
    }

    fn chance_cutoff(&mut self, value: Value, bound: Value, side: i32) {
        self.push_event(EventKind::ChanceCutoff);
        self.aux.extend_from_slice(&[value, bound, side]);
    }

    fn tt_hit(&mut self, e: &TtHit) {
        self.push_event(EventKind::TtHit);
        let packed = (e.depth.clamp(-128, 127) as i32 & 0xFF)
            | (e.bound as i32) << 8
            | (e.uncertain as i32) << 10
            | (e.presearched as i32) << 11
            | (e.cutoff as i32) << 12;
        self.aux
            .extend_from_slice(&[e.value, packed, e.best as i32 | (e.iteration as i32) << 16]);
    }

    fn null_verdict(&mut self, value: Value, beta: Value, verdict: NullVerdict) {
        self.push_event(EventKind::NullVerdict);
        self.aux.extend_from_slice(&[value, beta, verdict as i32]);
    }

    fn zugzwang(&mut self, value: Value, beta: Value) {
        self.push_event(EventKind::Zugzwang);
        self.aux.extend_from_slice(&[value, beta]);
    }

    fn multi_cut(&mut self, cuts: u32, c: u32, probes: u32, cut: bool) {
        self.push_event(EventKind::MultiCut);
        self.aux
            .extend_from_slice(&[cuts as i32, c as i32, probes as i32, cut as i32]);
    }

    fn uncertainty_cutoff(&mut self, tried: u32, limit: u32) {
        self.push_event(EventKind::UncertaintyCutoff);
        self.aux.extend_from_slice(&[tried as i32, limit as i32]);
    }

    fn aspiration_fail(&mut self, alpha: Value, beta: Value, value: Value) {
        self.push_event(EventKind::AspirationFail);
        self.aux.extend_from_slice(&[alpha, beta, value]);
        // The next root search re-searches this one.
        self.pending_research = Some(self.last_exited);
    }

    fn presearch(&mut self, old: i32, new: i32, tt_iteration: u32) {
        self.push_event(EventKind::Presearch);
        self.aux.extend_from_slice(&[old, new, tt_iteration as i32]);
    }

    fn pruned(&mut self, move_code: u16, reason: PruneReason) {
        self.push_event(EventKind::Prune);
        self.aux
            .extend_from_slice(&[move_code as i32, reason as i32]);
    }
}
