//! The recording tracer: every node in a flat array of 28-byte records plus a one-byte-per-event
//! tape, so a million-node search fits in about 30 MB and crosses to JavaScript as typed arrays.

use super::NullVerdict;
use super::{Enter, Exit, Tracer};
use crate::ordering::OrderSource;
use crate::tt::TtEntry;
use crate::types::{Bound, NodeKind, NodeType, PruneReason, StopReason, Value};

/// `parent` of a root node.
pub const NO_PARENT: u32 = u32::MAX;

/// One searched node. `#[repr(C)]` with a 28-byte stride: the browser reads batches of these
/// through `Int32Array`/`Uint16Array`/`Uint8Array` views (layout in `docs/trace-format.md`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// Index of that move in the parent's move list.
    pub index: u16,
    /// Number of moves this node generated (0 for leaves and nodes that never generated moves;
    /// in quiescence, the captures and promotions considered).
    pub n_moves: u16,
    /// Index in the move list of the move that produced `value`, or `u8::MAX` (254 stands for
    /// 254 or more).
    pub best_index: u8,
    /// Low nibble: [`NodeKind`]; high nibble: the [`OrderSource`] of the move into the node.
    pub kind: u8,
    pub ply: u8,
    /// Remaining depth, clamped to `i8` (127 = unbounded, as in explicit trees).
    pub depth: i8,
    /// Bits 0–1 bound, 2–3 expected type, 4 uncertain, 5 exited, 6 is a re-search.
    pub flags: u8,
    /// A [`StopReason`] code.
    pub reason: u8,
}

pub const FLAG_UNCERTAIN: u8 = 1 << 4;
pub const FLAG_EXITED: u8 = 1 << 5;
pub const FLAG_RESEARCH: u8 = 1 << 6;

impl NodeRec {
    pub fn bound(&self) -> Bound {
        Bound::from_u8(self.flags)
    }
    pub fn expected(&self) -> NodeType {
        NodeType::from_u8(self.flags >> 2)
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
        NodeKind::from_u8(self.kind)
    }
    pub fn order(&self) -> OrderSource {
        OrderSource::from_u8(self.kind >> 4)
    }
    pub fn best_index(&self) -> Option<u32> {
        (self.best_index != u8::MAX).then_some(self.best_index as u32)
    }
}

/// Kinds on the event tape. The node an event refers to is implied by replaying the tape with
/// a stack (see [`Recorder::replay`]); values ride on the `aux` stream. Codes are part of the
/// trace format: append, never renumber.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum EventKind {
    /// Enter the next node in id order. aux: none.
    Enter = 0,
    /// Leave the innermost open node. aux: none (its record holds the result).
    Exit = 1,
    /// α of the innermost node raised. aux: old α, new α.
    AlphaRaised = 2,
    /// The child that just returned caused a β-cut-off at the innermost node. aux: value, β.
    Cutoff = 3,
    /// The child that just returned will be searched again; the next Enter is its re-search.
    Research = 4,
    /// A new root search starts. aux: depth.
    Iteration = 5,
    /// The search stopped early (node cap). aux: none.
    Aborted = 6,
    /// A transposition-table hit at the innermost node. aux: value, packed (depth & 0xFF |
    /// bound << 8 | uncertain << 10 | presearched << 11 | cutoff << 12), best move code |
    /// iteration << 16.
    TtHit = 7,
    /// The null-move child just returned. aux: value, β, verdict (0 fail-low, 1 cut-off,
    /// 2 verify: reduce depth by one).
    NullVerdict = 8,
    /// Multi-cut decision. aux: cuts, C, probes searched, decided (1 = cut).
    MultiCut = 9,
    /// Uncertainty cut-off. aux: moves tried, move limit (CUT_RATIO × moves).
    UncertaintyCutoff = 10,
    /// A root search failed its aspiration window. aux: α, β, value.
    AspirationFail = 11,
    /// Pre-search raised the node's depth. aux: old depth, new depth, tt iteration.
    Presearch = 12,
    /// Verified null-move pruning detected zugzwang: re-search at the original depth.
    /// aux: value, β.
    Zugzwang = 13,
    /// A move of the innermost node pruned without being entered. aux: move code, reason
    /// (0 = SEE, 1 = uncertainty cut-off).
    Prune = 14,
}

impl EventKind {
    pub fn from_u8(v: u8) -> Option<EventKind> {
        use EventKind::*;
        Some(match v {
            0 => Enter,
            1 => Exit,
            2 => AlphaRaised,
            3 => Cutoff,
            4 => Research,
            5 => Iteration,
            6 => Aborted,
            7 => TtHit,
            8 => NullVerdict,
            9 => MultiCut,
            10 => UncertaintyCutoff,
            11 => AspirationFail,
            12 => Presearch,
            13 => Zugzwang,
            14 => Prune,
            _ => return None,
        })
    }
    /// How many `aux` words the event carries.
    pub fn aux_words(self) -> usize {
        match self {
            EventKind::AlphaRaised
            | EventKind::Cutoff
            | EventKind::UncertaintyCutoff
            | EventKind::Zugzwang
            | EventKind::Prune => 2,
            EventKind::TtHit
            | EventKind::NullVerdict
            | EventKind::AspirationFail
            | EventKind::Presearch => 3,
            EventKind::MultiCut => 4,
            EventKind::Iteration => 1,
            EventKind::Enter | EventKind::Exit | EventKind::Research | EventKind::Aborted => 0,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Enter => "enter",
            EventKind::Exit => "exit",
            EventKind::AlphaRaised => "alpha_raised",
            EventKind::Cutoff => "cutoff",
            EventKind::Research => "research",
            EventKind::Iteration => "iteration",
            EventKind::Aborted => "aborted",
            EventKind::TtHit => "tt_hit",
            EventKind::NullVerdict => "null_verdict",
            EventKind::MultiCut => "multi_cut",
            EventKind::UncertaintyCutoff => "uncertainty_cutoff",
            EventKind::AspirationFail => "aspiration_fail",
            EventKind::Presearch => "presearch",
            EventKind::Zugzwang => "zugzwang",
            EventKind::Prune => "prune",
        }
    }
}

/// One event of the replayed tape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventView {
    pub kind: EventKind,
    /// The node the event is about (for Enter/Exit, the node entered or left; for
    /// AlphaRaised/Cutoff/Research, the node whose child just returned). `None` only for
    /// Iteration and Aborted events outside any node.
    pub node: Option<u32>,
    pub aux: [i32; 4],
}

/// Records every node and event of a search.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
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
}

fn clamp_i8(d: i32) -> i8 {
    d.clamp(i8::MIN as i32, i8::MAX as i32) as i8
}

impl Recorder {
    pub fn new() -> Self {
        Self::default()
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

    /// Ids of the nodes currently open (entered, not yet exited), outermost first.
    pub fn open_nodes(&self) -> &[u32] {
        &self.stack
    }

    /// The earlier search that node `id` re-searches, if it is a re-search.
    pub fn research_of(&self, id: u32) -> Option<u32> {
        self.research_of
            .binary_search_by_key(&id, |&(r, _)| r)
            .ok()
            .map(|i| self.research_of[i].1)
    }

    /// Replays the tape, resolving which node each event refers to.
    pub fn replay(&self) -> Replay<'_> {
        Replay {
            rec: self,
            pos: 0,
            aux_pos: 0,
            next_id: 0,
            stack: Vec::new(),
        }
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
    next_id: u32,
    stack: Vec<u32>,
}

impl Iterator for Replay<'_> {
    type Item = EventView;
    fn next(&mut self) -> Option<EventView> {
        let &code = self.rec.events.get(self.pos)?;
        self.pos += 1;
        let kind = EventKind::from_u8(code)?;
        let mut aux = [0; 4];
        for slot in aux.iter_mut().take(kind.aux_words()) {
            *slot = self.rec.aux[self.aux_pos];
            self.aux_pos += 1;
        }
        let node = match kind {
            EventKind::Enter => {
                let id = self.next_id;
                self.next_id += 1;
                self.stack.push(id);
                Some(id)
            }
            EventKind::Exit => self.stack.pop(),
            _ => self.stack.last().copied(),
        };
        Some(EventView { kind, node, aux })
    }
}

impl Tracer for Recorder {
    fn begin_iteration(&mut self, depth: i32) {
        self.pending_depth = depth;
        self.push_event(EventKind::Iteration);
        self.aux.push(depth);
    }

    fn enter(&mut self, e: &Enter) {
        let id = self.nodes.len() as u32;
        let parent = self.stack.last().copied().unwrap_or(NO_PARENT);
        let mut flags = (e.expected as u8) << 2;
        if let Some(prev) = self.pending_research.take() {
            flags |= FLAG_RESEARCH;
            self.research_of.push((id, prev));
        }
        if parent == NO_PARENT {
            self.roots.push(id);
            self.root_depths.push(self.pending_depth);
        }
        self.nodes.push(NodeRec {
            parent,
            alpha: e.window.alpha,
            beta: e.window.beta,
            value: 0,
            move_code: e.move_code,
            index: e.index.min(u16::MAX as u32) as u16,
            n_moves: 0,
            best_index: u8::MAX,
            kind: e.kind as u8 | (e.order as u8) << 4,
            ply: e.ply.min(255) as u8,
            depth: clamp_i8(e.depth),
            flags,
            reason: StopReason::Aborted as u8,
        });
        self.stack.push(id);
        self.push_event(EventKind::Enter);
    }

    fn moves_generated(&mut self, count: u32) {
        if let Some(&id) = self.stack.last() {
            self.nodes[id as usize].n_moves = count.min(u16::MAX as u32) as u16;
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

    fn exit(&mut self, x: &Exit) {
        let Some(id) = self.stack.pop() else { return };
        let n = &mut self.nodes[id as usize];
        n.value = x.value;
        n.flags = (n.flags & !0b1_0011) | x.bound as u8 | FLAG_EXITED;
        if x.uncertain {
            n.flags |= FLAG_UNCERTAIN;
        }
        n.reason = x.reason as u8;
        n.best_index = x.best_index.map_or(u8::MAX, |i| i.min(254) as u8);
        self.last_exited = id;
        self.push_event(EventKind::Exit);
    }

    fn aborted(&mut self, _nodes: u64) {
        self.push_event(EventKind::Aborted);
    }

    fn tt_hit(&mut self, e: &TtEntry, cutoff: bool) {
        self.push_event(EventKind::TtHit);
        let packed = (e.depth.clamp(-128, 127) as i32 & 0xFF)
            | (e.bound as i32) << 8
            | (e.uncertain as i32) << 10
            | (e.presearched as i32) << 11
            | (cutoff as i32) << 12;
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
