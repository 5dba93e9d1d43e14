//! Batches: what part of a recording has crossed to the page, and the next part as one message
//! of flat typed arrays (`docs/worker-protocol.md`, "Batch fields"). New nodes go in the column
//! layout of the binary format's chunks, so that the page copies each column whole; updated
//! records (a few open nodes) go as rows. A live search and a
//! recording replayed from a file or handed back by the page use the same cursor, so the page
//! receives one layout whatever the trace came from.

use super::{node_bytes, set};
use crate::schema::EventKind;
use crate::trace::record::{NodeRec, Recorder};
use crate::trace_file::binary::columns_into;
use js_sys::{Int32Array, Object, Uint8Array, Uint32Array};

/// How far a recording has been sent.
#[derive(Default)]
pub struct BatchCursor {
    nodes: usize,
    events: usize,
    aux: usize,
    research: usize,
    roots: usize,
    /// Nodes open at the previous batch, with their records as sent: only these can change.
    open_sent: Vec<(u32, NodeRec)>,
    /// Batches sent.
    pub batches: u32,
    /// Scratch space for the column layout.
    columns: Vec<u8>,
    /// Nominal depth of the last root search sent (streaming).
    depth: i32,
}

impl BatchCursor {
    /// Nodes sent so far.
    pub fn nodes_sent(&self) -> usize {
        self.nodes
    }

    /// `nodes` in the column layout ([`columns_into`]), as a new `Uint8Array` for the page.
    fn columns(&mut self, nodes: &[NodeRec]) -> Uint8Array {
        self.columns.clear();
        columns_into(nodes, &mut self.columns);
        Uint8Array::from(&self.columns[..])
    }

    /// Everything a streaming recorder holds, as the next batch; the recorder then forgets it
    /// ([`Recorder::hand_on`]), so that the worker keeps no copy of what the page has. Nodes
    /// handed on earlier and changed since (open nodes, at most one per ply) are updates.
    pub fn next_streamed(&mut self, rec: &mut Recorder) -> Object {
        let batch = Object::new();
        let start = rec.base();
        set(&batch, "start", start);
        let nodes = self.columns(&rec.nodes);
        set(&batch, "nodes", nodes);
        let (upd_ids, upd): (Vec<u32>, Vec<NodeRec>) = rec.early_changed().unzip();
        set(&batch, "updIds", Uint32Array::from(&upd_ids[..]));
        set(&batch, "upd", Uint8Array::from(node_bytes(&upd)));
        set(&batch, "events", Uint8Array::from(&rec.events[..]));
        set(&batch, "aux", Int32Array::from(&rec.aux[..]));
        let research: Vec<u32> = rec
            .research_of
            .iter()
            .flat_map(|&(id, earlier)| [id, earlier])
            .collect();
        set(&batch, "research", Uint32Array::from(&research[..]));
        let roots: Vec<i32> = rec
            .roots
            .iter()
            .zip(&rec.root_depths)
            .flat_map(|(&id, &depth)| [id as i32, depth])
            .collect();
        set(&batch, "roots", Int32Array::from(&roots[..]));
        if let Some(&d) = rec.root_depths.last() {
            self.depth = d;
        }
        set(&batch, "nodesTotal", rec.node_total() as f64);
        set(&batch, "depth", self.depth);
        set(&batch, "batch", self.batches);
        self.nodes = rec.node_total();
        self.batches += 1;
        rec.hand_on();
        batch
    }

    /// The next part of a finished recording: up to `max_nodes` nodes, with the events up to
    /// (not including) the entry of the first node left out. `None` once everything is sent.
    pub fn next_part(&mut self, rec: &Recorder, max_nodes: usize) -> Option<Object> {
        if self.nodes >= rec.nodes.len() && self.events >= rec.events.len() && self.batches > 0 {
            return None;
        }
        let end = rec
            .nodes
            .len()
            .min(self.nodes.saturating_add(max_nodes.max(1)));
        let (mut e, mut a, mut entered) = (self.events, self.aux, self.nodes);
        while e < rec.events.len() {
            let Some(kind) = EventKind::from_u8(rec.events[e]) else {
                break;
            };
            if kind == EventKind::Enter {
                if entered == end {
                    break;
                }
                entered += 1;
            }
            a += kind.aux_words();
            e += 1;
        }
        Some(self.next_upto(rec, end, e, a.min(rec.aux.len())))
    }

    fn next_upto(&mut self, rec: &Recorder, nodes: usize, events: usize, aux: usize) -> Object {
        let batch = Object::new();
        set(&batch, "start", self.nodes as u32);
        let columns = self.columns(&rec.nodes[self.nodes..nodes]);
        set(&batch, "nodes", columns);
        // Nodes that were open at the previous batch (so were sent unfinished) and changed.
        let mut upd_ids = Vec::new();
        let mut upd = Vec::new();
        for &(id, sent) in &self.open_sent {
            let now = rec.nodes[id as usize];
            if now != sent {
                upd_ids.push(id);
                upd.push(now);
            }
        }
        set(&batch, "updIds", Uint32Array::from(&upd_ids[..]));
        set(&batch, "upd", Uint8Array::from(node_bytes(&upd)));
        set(
            &batch,
            "events",
            Uint8Array::from(&rec.events[self.events..events]),
        );
        set(&batch, "aux", Int32Array::from(&rec.aux[self.aux..aux]));
        let research_end = self.research
            + rec.research_of[self.research..]
                .iter()
                .take_while(|&&(id, _)| (id as usize) < nodes)
                .count();
        let research: Vec<u32> = rec.research_of[self.research..research_end]
            .iter()
            .flat_map(|&(id, earlier)| [id, earlier])
            .collect();
        set(&batch, "research", Uint32Array::from(&research[..]));
        let roots_end = self.roots
            + rec.roots[self.roots..]
                .iter()
                .take_while(|&&id| (id as usize) < nodes)
                .count();
        let roots: Vec<i32> = rec.roots[self.roots..roots_end]
            .iter()
            .zip(&rec.root_depths[self.roots..roots_end])
            .flat_map(|(&id, &depth)| [id as i32, depth])
            .collect();
        set(&batch, "roots", Int32Array::from(&roots[..]));
        set(&batch, "nodesTotal", nodes as f64);
        set(
            &batch,
            "depth",
            rec.root_depths[..roots_end].last().copied().unwrap_or(0),
        );
        set(&batch, "batch", self.batches);

        self.nodes = nodes;
        self.events = events;
        self.aux = aux;
        self.research = research_end;
        self.roots = roots_end;
        self.open_sent.clear();
        if nodes == rec.nodes.len() {
            self.open_sent.extend(
                rec.open_nodes()
                    .iter()
                    .map(|&id| (id, rec.nodes[id as usize])),
            );
        }
        self.batches += 1;
        batch
    }
}
