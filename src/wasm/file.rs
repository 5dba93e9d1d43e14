//! Trace files in the worker: reading one into a recording (every field checked by type and
//! range), and writing one in chunks.
//!
//! The reader turns the JSON trace that [`crate::trace::json::read_trace`] parses into the
//! compact recording the page streams. It stands in for the trace module's own file reader,
//! which is to replace it (and add the binary format) — see `docs/worker-protocol.md`.

use crate::game::INF;
use crate::lab::{Input, Summary};
use crate::search::config::SearchConfig;
use crate::trace::diff::uci_to_code;
use crate::trace::json::read_trace;
use crate::trace::record::{NodeRec, Recorder};
use crate::trace::schema::{
    Bound, EventKind, FLAG_EXITED, FLAG_RESEARCH, FLAG_UNCERTAIN, MAX_MOVES, NO_PARENT, NONE16,
    NodeKind, NodeType, OrderSource, StopReason,
};
use js_sys::{Function, Uint8Array};
use std::io::{self, Write};
use wasm_bindgen::JsValue;

/// A trace file, read.
pub struct TraceFile {
    pub input: Input,
    pub config: SearchConfig,
    pub summary: Summary,
    pub recording: Recorder,
}

fn field<T>(v: Option<T>, id: usize, what: &str, got: &str) -> Result<T, String> {
    v.ok_or_else(|| format!("node {id}: unknown {what} {got:?}"))
}

fn u16_field(v: u32, id: usize, what: &str) -> Result<u16, String> {
    if v as usize > MAX_MOVES {
        return Err(format!(
            "node {id}: \"{what}\" {v} is more than the {MAX_MOVES} moves a node can have"
        ));
    }
    Ok(v as u16)
}

/// Reads a trace file's bytes. Errors name the first bad field.
pub fn read_trace_file(bytes: &[u8]) -> Result<TraceFile, String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| format!("not a JSON trace file: it is not UTF-8 text ({e})"))?;
    let doc = read_trace(text)?;
    doc.config
        .validate()
        .map_err(|e| format!("malformed trace file: config: {e}"))?;
    let chess = doc.input.kind() == "chess";
    let bad = |e: String| format!("malformed trace file: {e}");
    let n = doc.nodes.len();
    let mut rec = Recorder::new();
    rec.nodes.reserve_exact(n);
    for (id, nd) in doc.nodes.iter().enumerate() {
        let move_code = match nd.parent {
            // the search enters a root with no move (trace::schema::NONE16)
            None => NONE16,
            Some(_) if chess => {
                let mv = nd
                    .mv
                    .as_deref()
                    .ok_or_else(|| bad(format!("node {id} has no \"move\"")))?;
                uci_to_code(mv)
                    .ok_or_else(|| bad(format!("node {id}: {mv:?} is not a UCI move")))?
            }
            Some(_) => {
                let step = nd
                    .path
                    .as_ref()
                    .and_then(|p| p.last())
                    .ok_or_else(|| bad(format!("node {id} has no \"path\"")))?;
                u16_field(*step, id, "path").map_err(bad)?
            }
        };
        let bound = match nd.bound.as_str() {
            "exact" => Bound::Exact,
            "lower" => Bound::Lower,
            "upper" => Bound::Upper,
            other => return Err(bad(format!("node {id}: unknown bound {other:?}"))),
        };
        let expected = field(
            NodeType::from_name(&nd.expected),
            id,
            "expected type",
            &nd.expected,
        )
        .map_err(bad)?;
        let kind = field(NodeKind::from_name(&nd.kind), id, "kind", &nd.kind).map_err(bad)?;
        let order =
            field(OrderSource::from_name(&nd.order), id, "order", &nd.order).map_err(bad)?;
        let reason =
            field(StopReason::from_name(&nd.reason), id, "reason", &nd.reason).map_err(bad)?;
        let best_index = match nd.best_index {
            None => NONE16,
            Some(b) => u16_field(b, id, "best_index").map_err(bad)?,
        };
        let window = |v: Option<i32>, unbounded: i32| -> Result<i32, String> {
            match v {
                None => Ok(unbounded),
                Some(x) if x.abs() < INF => Ok(x),
                Some(x) => Err(bad(format!("node {id}: window bound {x} is out of range"))),
            }
        };
        if nd.value.abs() > INF {
            return Err(bad(format!(
                "node {id}: value {} is out of range",
                nd.value
            )));
        }
        let mut flags = bound as u8 | (expected as u8) << 2;
        if nd.uncertain {
            flags |= FLAG_UNCERTAIN;
        }
        if let Some(earlier) = nd.research_of {
            if earlier as usize >= id {
                return Err(bad(format!(
                    "node {id}: research_of {earlier} does not come before it"
                )));
            }
            flags |= FLAG_RESEARCH;
            rec.research_of.push((id as u32, earlier));
        }
        rec.nodes.push(NodeRec {
            parent: nd.parent.unwrap_or(NO_PARENT),
            alpha: window(nd.alpha, -INF)?,
            beta: window(nd.beta, INF)?,
            value: nd.value,
            move_code,
            index: if kind == NodeKind::Null {
                NONE16
            } else {
                u16_field(nd.index, id, "index").map_err(bad)?
            },
            n_moves: u16_field(nd.moves, id, "moves").map_err(bad)?,
            best_index,
            kind: kind as u8 | (order as u8) << 4,
            depth: nd
                .depth
                .unwrap_or(127)
                .clamp(i8::MIN as i32, i8::MAX as i32) as i8,
            flags,
            reason: reason as u8,
        });
    }
    // The tape: enters come in id order, exits close the open node; exits mark the nodes done.
    let mut stack: Vec<u32> = Vec::new();
    let mut next = 0u32;
    for (k, e) in doc.events.iter().enumerate() {
        let kind = EventKind::from_name(&e.kind)
            .ok_or_else(|| bad(format!("event {k} has an unknown kind {:?}", e.kind)))?;
        if e.data.len() != kind.aux_words() {
            return Err(bad(format!(
                "event {k} ({}) must carry {} values, got {}",
                e.kind,
                kind.aux_words(),
                e.data.len()
            )));
        }
        match kind {
            EventKind::Enter => {
                if e.node != Some(next) || next as usize >= n {
                    return Err(bad(format!(
                        "event {k} enters node {:?}, expected {next}",
                        e.node
                    )));
                }
                stack.push(next);
                next += 1;
            }
            EventKind::Exit => {
                let top = stack.pop();
                if top.is_none() || e.node != top {
                    return Err(bad(format!(
                        "event {k} leaves node {:?}, but the open node is {top:?}",
                        e.node
                    )));
                }
                if let Some(t) = top {
                    rec.nodes[t as usize].flags |= FLAG_EXITED;
                }
            }
            _ => {}
        }
        rec.events.push(kind as u8);
        rec.aux.extend_from_slice(&e.data);
    }
    for r in &doc.roots {
        if r.root as usize >= n || doc.nodes[r.root as usize].parent.is_some() {
            return Err(bad(format!("root {} is not a root node", r.root)));
        }
        rec.roots.push(r.root);
        rec.root_depths.push(r.depth);
    }
    Ok(TraceFile {
        input: doc.input,
        config: doc.config,
        summary: doc.summary,
        recording: rec,
    })
}

/// A writer that hands its output to a JS callback in chunks of `size` bytes (the last one
/// shorter), so that a file of any size crosses to the page without one buffer holding it.
pub struct ChunkWriter<'a> {
    on_chunk: &'a Function,
    size: usize,
    buf: Vec<u8>,
    written: f64,
}

impl<'a> ChunkWriter<'a> {
    pub fn new(on_chunk: &'a Function, size: usize) -> Self {
        let size = size.clamp(1 << 12, 1 << 26);
        ChunkWriter {
            on_chunk,
            size,
            buf: Vec::with_capacity(size),
            written: 0.0,
        }
    }

    fn emit(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let chunk = Uint8Array::from(&self.buf[..]);
        self.written += self.buf.len() as f64;
        self.buf.clear();
        self.on_chunk
            .call1(&JsValue::NULL, &chunk)
            .map(drop)
            .map_err(|_| io::Error::other("the page stopped taking the file"))
    }

    /// Sends what is left; returns the bytes written in all.
    pub fn finish(mut self) -> io::Result<f64> {
        self.emit()?;
        Ok(self.written)
    }
}

impl Write for ChunkWriter<'_> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        let room = self.size - self.buf.len();
        let take = room.min(data.len());
        self.buf.extend_from_slice(&data[..take]);
        if self.buf.len() >= self.size {
            self.emit()?;
        }
        Ok(take)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
