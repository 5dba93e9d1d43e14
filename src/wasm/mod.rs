//! The wasm adapter: a thin `wasm-bindgen` layer over [`crate::run`] for the browser.
//!
//! It holds no search logic. A module Web Worker (`www/worker.js`) creates a [`Session`] per
//! search and streams the trace to the page in batches of typed-array copies; the page keeps a
//! [`ChessLabels`] on the main thread to name chess nodes (SAN, FEN) without one call per node.
//! The message protocol and the binary layout are in `docs/worker-protocol.md`.

use crate::game::Value;
use crate::game::chess::{ChessPos, code_to_uci};
use crate::lab::{Input, Prepared, Summary};
use crate::search::config::SearchConfig;
use crate::search::techniques::tt::TtEntry;
use crate::trace::Enter;
use crate::trace::Exit;
use crate::trace::Tracer;
use crate::trace::record::NodeRec;
use crate::trace::record::Recorder;
use crate::trace::schema::NO_PARENT;
use crate::trace::schema::NullVerdict;
use crate::trace::schema::PruneReason;
use crate::trace::stats::TraceStats;
use js_sys::{Array, Function, Int32Array, Object, Reflect, Uint8Array, Uint32Array};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Mutex;
use wasm_bindgen::prelude::*;

/// Size of one node record on the wire.
pub const NODE_BYTES: usize = 28;
const _: () = assert!(core::mem::size_of::<NodeRec>() == NODE_BYTES);

// ---------------------------------------------------------------------------------------------
// Panics
// ---------------------------------------------------------------------------------------------

/// The message of the most recent panic. A panic aborts the wasm instance with
/// `RuntimeError: unreachable`; the worker then reads this to say what went wrong.
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// Name of the global the panic hook also writes the message to, so JavaScript can read it
/// without calling back into an instance that just trapped.
const PANIC_GLOBAL: &str = "__prunescopeLastPanic";

/// Runs when the module is instantiated: installs the panic hook.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        let _ = Reflect::set(
            &js_sys::global(),
            &JsValue::from_str(PANIC_GLOBAL),
            &JsValue::from_str(&message),
        );
        if let Ok(mut last) = LAST_PANIC.try_lock() {
            *last = message;
        }
        console_error_panic_hook::hook(info);
    }));
}

/// The message of the last panic ("" if none).
#[wasm_bindgen]
pub fn last_panic() -> String {
    LAST_PANIC.try_lock().map(|m| m.clone()).unwrap_or_default()
}

/// Panics with `message`: lets the browser tests check that a panic's message reaches the page.
#[doc(hidden)]
#[wasm_bindgen]
pub fn debug_panic(message: &str) {
    panic!("{message}");
}

// ---------------------------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------------------------

/// Reads a JS value through `JSON.stringify` and serde_json, so unknown fields are rejected
/// (`deny_unknown_fields`) and errors name the field and what was expected, exactly as for
/// the CLI's JSON.
fn from_js<T: serde::de::DeserializeOwned>(value: &JsValue) -> Result<T, String> {
    let json = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or("it is not a JSON value")?;
    serde_json::from_str(&json).map_err(|e| {
        // serde_json appends " at line 1 column N", which points into our own stringified
        // copy, not into anything the user typed.
        let msg = e.to_string();
        match msg.rfind(" at line ") {
            Some(i) => msg[..i].to_string(),
            None => msg,
        }
    })
}

fn parse_input(input: JsValue) -> Result<Input, String> {
    from_js(&input).map_err(|e| {
        format!(
            "invalid input: {e} (expected {{kind: 'tree', text}}, {{kind: 'chess', fen}} or \
             {{kind: 'random', branching, depth, seed, ordering}})"
        )
    })
}

fn parse_config(config: JsValue) -> Result<SearchConfig, String> {
    if config.is_undefined() || config.is_null() {
        return Ok(SearchConfig::default());
    }
    let cfg: SearchConfig =
        from_js(&config).map_err(|e| format!("invalid search configuration: {e}"))?;
    cfg.validate()?;
    Ok(cfg)
}

/// Serializes to plain JS objects and numbers (no `Map`s, no `BigInt`s).
fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("cannot convert the result: {e}")))
}

fn set(obj: &Object, key: &str, value: impl Into<JsValue>) {
    // Setting a property on a fresh plain object cannot fail.
    let _ = Reflect::set(obj, &JsValue::from_str(key), &value.into());
}

/// The bytes of node records, exactly as laid out in memory (`#[repr(C)]`, no padding,
/// little-endian on wasm32): what the batches carry.
pub fn node_bytes(nodes: &[NodeRec]) -> &[u8] {
    // SAFETY: NodeRec is #[repr(C)] with only integer fields and no padding (28 bytes, checked
    // above), so every byte is initialized; u8 has alignment 1.
    unsafe { core::slice::from_raw_parts(nodes.as_ptr().cast::<u8>(), nodes.len() * NODE_BYTES) }
}

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

/// Checks an input (tree text, FEN or synthetic parameters) without searching it: the error
/// message, or `undefined` when the input is fine.
#[wasm_bindgen]
pub fn validate(input: JsValue) -> Option<String> {
    parse_input(input)
        .and_then(|i| i.prepare().map(drop).map_err(|e| e.to_string()))
        .err()
}

/// Checks a search configuration: the error message, or `undefined` when it is fine.
#[wasm_bindgen]
pub fn validate_config(config: JsValue) -> Option<String> {
    parse_config(config).err()
}

// ---------------------------------------------------------------------------------------------
// The streaming tracer
// ---------------------------------------------------------------------------------------------

/// A [`Recorder`] that hands what it recorded since the last flush to a JS callback every
/// `batch_nodes` entered nodes. Every callback is delegated to the recorder; only `enter`
/// adds the flush check, so the search stays monomorphized over this type.
///
/// Every [`Tracer`] method must be forwarded here: one left to its default no-op would be
/// silently missing from the browser's trace. `tests/wasm.rs` compares a streamed search with
/// the native recording to catch that.
struct Streamer<'a> {
    rec: Recorder,
    on_batch: &'a Function,
    batch_nodes: usize,
    next_flush: usize,
    started_ms: f64,
    // What the previous flushes sent.
    sent_nodes: usize,
    sent_events: usize,
    sent_aux: usize,
    sent_research: usize,
    sent_roots: usize,
    /// Nodes open at the previous flush, with their records as sent.
    open_sent: Vec<(u32, NodeRec)>,
    batches: u32,
    /// The first exception thrown by `on_batch`; no further batches are sent after it.
    error: Option<JsValue>,
}

impl<'a> Streamer<'a> {
    fn new(on_batch: &'a Function, batch_nodes: u32, started_ms: f64) -> Self {
        let batch_nodes = if batch_nodes == 0 {
            usize::MAX
        } else {
            batch_nodes as usize
        };
        Streamer {
            rec: Recorder::new(),
            on_batch,
            batch_nodes,
            next_flush: batch_nodes,
            started_ms,
            sent_nodes: 0,
            sent_events: 0,
            sent_aux: 0,
            sent_research: 0,
            sent_roots: 0,
            open_sent: Vec::new(),
            batches: 0,
            error: None,
        }
    }

    /// Sends everything recorded since the previous flush as one batch.
    fn flush(&mut self) {
        if self.error.is_some() {
            return;
        }
        let rec = &self.rec;
        let batch = Object::new();
        set(&batch, "start", self.sent_nodes as u32);
        set(
            &batch,
            "nodes",
            Uint8Array::from(node_bytes(&rec.nodes[self.sent_nodes..])),
        );

        // Nodes that were open at the previous flush (so were sent unfinished) and changed.
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
            Uint8Array::from(&rec.events[self.sent_events..]),
        );
        set(&batch, "aux", Int32Array::from(&rec.aux[self.sent_aux..]));
        let research: Vec<u32> = rec.research_of[self.sent_research..]
            .iter()
            .flat_map(|&(id, earlier)| [id, earlier])
            .collect();
        set(&batch, "research", Uint32Array::from(&research[..]));
        let roots: Vec<i32> = rec.roots[self.sent_roots..]
            .iter()
            .zip(&rec.root_depths[self.sent_roots..])
            .flat_map(|(&id, &depth)| [id as i32, depth])
            .collect();
        set(&batch, "roots", Int32Array::from(&roots[..]));
        set(&batch, "nodesTotal", rec.nodes.len() as f64);
        set(
            &batch,
            "depth",
            rec.root_depths.last().copied().unwrap_or(0),
        );
        set(&batch, "elapsedMs", js_sys::Date::now() - self.started_ms);
        set(&batch, "batch", self.batches);

        self.sent_nodes = rec.nodes.len();
        self.sent_events = rec.events.len();
        self.sent_aux = rec.aux.len();
        self.sent_research = rec.research_of.len();
        self.sent_roots = rec.roots.len();
        self.open_sent.clear();
        self.open_sent.extend(
            rec.open_nodes()
                .iter()
                .map(|&id| (id, rec.nodes[id as usize])),
        );
        self.batches += 1;
        if let Err(e) = self.on_batch.call1(&JsValue::NULL, &batch) {
            self.error = Some(e);
        }
    }
}

impl Tracer for Streamer<'_> {
    #[inline]
    fn begin_iteration(&mut self, depth: i32) {
        self.rec.begin_iteration(depth);
    }

    #[inline]
    fn enter(&mut self, e: &Enter) {
        self.rec.enter(e);
        if self.rec.nodes.len() >= self.next_flush {
            self.flush();
            self.next_flush = self.rec.nodes.len().saturating_add(self.batch_nodes);
        }
    }

    #[inline]
    fn moves_generated(&mut self, count: u32) {
        self.rec.moves_generated(count);
    }

    #[inline]
    fn child_returned(&mut self, value: Value) {
        self.rec.child_returned(value);
    }

    #[inline]
    fn alpha_raised(&mut self, old: Value, new: Value) {
        self.rec.alpha_raised(old, new);
    }

    #[inline]
    fn cutoff(&mut self, value: Value, beta: Value) {
        self.rec.cutoff(value, beta);
    }

    #[inline]
    fn research(&mut self) {
        self.rec.research();
    }

    #[inline]
    fn exit(&mut self, x: &Exit) {
        self.rec.exit(x);
    }

    #[inline]
    fn aborted(&mut self, nodes: u64) {
        self.rec.aborted(nodes);
    }

    #[inline]
    fn tt_hit(&mut self, entry: &TtEntry, cutoff: bool) {
        self.rec.tt_hit(entry, cutoff);
    }

    #[inline]
    fn null_verdict(&mut self, value: Value, beta: Value, verdict: NullVerdict) {
        self.rec.null_verdict(value, beta, verdict);
    }

    #[inline]
    fn zugzwang(&mut self, value: Value, beta: Value) {
        self.rec.zugzwang(value, beta);
    }

    #[inline]
    fn multi_cut(&mut self, cuts: u32, c: u32, probes: u32, cut: bool) {
        self.rec.multi_cut(cuts, c, probes, cut);
    }

    #[inline]
    fn uncertainty_cutoff(&mut self, tried: u32, limit: u32) {
        self.rec.uncertainty_cutoff(tried, limit);
    }

    #[inline]
    fn aspiration_fail(&mut self, alpha: Value, beta: Value, value: Value) {
        self.rec.aspiration_fail(alpha, beta, value);
    }

    #[inline]
    fn presearch(&mut self, old: i32, new: i32, tt_iteration: u32) {
        self.rec.presearch(old, new, tt_iteration);
    }

    #[inline]
    fn pruned(&mut self, move_code: u16, reason: PruneReason) {
        self.rec.pruned(move_code, reason);
    }
}

// ---------------------------------------------------------------------------------------------
// Session
// ---------------------------------------------------------------------------------------------

/// One prepared search: the parsed input and configuration, and after [`Session::run`] the
/// full recording.
#[wasm_bindgen]
pub struct Session {
    input: Input,
    prepared: Prepared,
    config: SearchConfig,
    recording: Option<Recorder>,
    /// The summary of the last run, for [`Session::trace_json`].
    summary: Option<Summary>,
}

#[derive(Serialize)]
struct RunResult<'a> {
    summary: &'a Summary,
    stats: &'a TraceStats,
    aborted: bool,
    #[serde(rename = "elapsedMs")]
    elapsed_ms: f64,
}

#[wasm_bindgen]
impl Session {
    /// Parses `input` (`{kind:'tree', text}`, `{kind:'chess', fen}` or `{kind:'random', ...}`)
    /// and `config` (`{algo, depth, iterative, node_cap}`, every field optional). Throws an
    /// `Error` whose message says what is wrong.
    #[wasm_bindgen(constructor)]
    pub fn new(input: JsValue, config: JsValue) -> Result<Session, JsError> {
        let input = parse_input(input).map_err(|e| JsError::new(&e))?;
        let config = parse_config(config).map_err(|e| JsError::new(&e))?;
        let prepared = input.prepare().map_err(|e| JsError::new(&e.to_string()))?;
        Ok(Session {
            input,
            prepared,
            config,
            recording: None,
            summary: None,
        })
    }

    /// Runs the search, calling `on_batch(batch)` once every `batch_nodes` entered nodes and
    /// once at the end (0 = only at the end). Returns `{summary, stats, aborted, elapsedMs}`.
    pub fn run(&mut self, on_batch: &Function, batch_nodes: u32) -> Result<JsValue, JsError> {
        self.recording = None;
        self.summary = None;
        let started = js_sys::Date::now();
        let mut streamer = Streamer::new(on_batch, batch_nodes, started);
        let summary = self
            .prepared
            .search(&self.config, &mut streamer)
            .map_err(|e| JsError::new(&e.to_string()))?;
        streamer.flush();
        let elapsed_ms = js_sys::Date::now() - started;
        if let Some(e) = streamer.error.take() {
            let message = e
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
                .or_else(|| e.as_string())
                .unwrap_or_else(|| format!("{e:?}"));
            return Err(JsError::new(&format!(
                "the batch callback threw: {message}"
            )));
        }
        let stats = TraceStats::of(&streamer.rec);
        let result = to_js(&RunResult {
            summary: &summary,
            stats: &stats,
            aborted: summary.aborted,
            elapsed_ms,
        });
        self.recording = Some(streamer.rec);
        self.summary = Some(summary);
        result
    }

    /// The last run's trace as JSON, exactly as `prunescope … --json` writes it
    /// (`docs/trace-format.md`), so the page saves files the CLI reads and vice versa. Throws
    /// before a run.
    pub fn trace_json(&self) -> Result<String, JsError> {
        let (Some(rec), Some(summary)) = (&self.recording, &self.summary) else {
            return Err(JsError::new("no finished search to save"));
        };
        let mut out = Vec::new();
        crate::trace::json::write_trace(
            &mut out,
            &self.input,
            &self.prepared,
            &self.config,
            summary,
            rec,
        )
        .map_err(|e| JsError::new(&format!("cannot write the trace: {e}")))?;
        String::from_utf8(out).map_err(|e| JsError::new(&format!("cannot write the trace: {e}")))
    }

    /// Nodes recorded by the last run (0 before a run).
    pub fn node_count(&self) -> u32 {
        self.recording.as_ref().map_or(0, |r| r.nodes.len() as u32)
    }

    /// All node records of the last run (28 bytes each), e.g. to rebuild a view from scratch.
    pub fn nodes(&self) -> Uint8Array {
        let nodes = self.recording.as_ref().map_or(&[][..], |r| &r.nodes[..]);
        Uint8Array::from(node_bytes(nodes))
    }

    /// What kind of input this session searches: "tree", "random" or "chess".
    pub fn kind(&self) -> String {
        match self.prepared {
            Prepared::Tree(_) => "tree",
            Prepared::Random(_) => "random",
            Prepared::Chess(_) => "chess",
        }
        .to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// Chess labels
// ---------------------------------------------------------------------------------------------

/// Cached positions before the cache is cleared.
const POS_CACHE_LIMIT: usize = 1 << 14;

/// Names the nodes of a chess search on the page's thread: SAN labels, FENs and UCI moves for
/// any node id, fed once per batch with the batch's parents and move codes.
#[wasm_bindgen]
pub struct ChessLabels {
    root: ChessPos,
    parents: Vec<u32>,
    codes: Vec<u16>,
    cache: HashMap<u32, ChessPos>,
}

impl ChessLabels {
    fn check_id(&self, id: u32) -> Result<(), String> {
        if (id as usize) < self.parents.len() {
            Ok(())
        } else {
            Err(format!(
                "node {id} is unknown ({} nodes appended)",
                self.parents.len()
            ))
        }
    }

    /// The position at node `id`, replayed from the nearest cached ancestor.
    fn position(&mut self, id: u32) -> Result<ChessPos, String> {
        self.check_id(id)?;
        let mut path = Vec::new();
        let mut cur = id;
        let mut pos = loop {
            if let Some(p) = self.cache.get(&cur) {
                break p.clone();
            }
            let parent = self.parents[cur as usize];
            if parent == NO_PARENT {
                break self.root.clone();
            }
            path.push(cur);
            cur = parent;
        };
        for &node in path.iter().rev() {
            pos = self.play_node(&pos, node)?.0;
            if self.cache.len() >= POS_CACHE_LIMIT {
                self.cache.clear();
            }
            self.cache.insert(node, pos.clone());
        }
        Ok(pos)
    }

    /// SAN of the move into node `id`, or "" for a root.
    fn san_of(&mut self, id: u32) -> Result<String, String> {
        self.check_id(id)?;
        let parent = self.parents[id as usize];
        if parent == NO_PARENT {
            return Ok(String::new());
        }
        let pos = self.position(parent)?;
        Ok(self.play_node(&pos, id)?.1)
    }

    /// Plays the move into `node` (a null move too) from its parent's position `pos`.
    fn play_node(&self, pos: &ChessPos, node: u32) -> Result<(ChessPos, String), String> {
        let code = self.codes[node as usize];
        pos.play_code(code).ok_or_else(|| {
            format!(
                "node {node}: move {} is not legal in {}",
                code_to_uci(code),
                pos.fen()
            )
        })
    }
}

#[wasm_bindgen]
impl ChessLabels {
    /// Starts labelling a search of `root_fen`. Throws if the FEN is invalid.
    #[wasm_bindgen(constructor)]
    pub fn new(root_fen: &str) -> Result<ChessLabels, JsError> {
        let root = ChessPos::from_fen(root_fen).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(ChessLabels {
            root,
            parents: Vec::new(),
            codes: Vec::new(),
            cache: HashMap::new(),
        })
    }

    /// Appends the next nodes (ids `len()..`), given their parents and move codes.
    pub fn append(&mut self, parents: &[u32], codes: &[u16]) -> Result<(), JsError> {
        if parents.len() != codes.len() {
            return Err(JsError::new(&format!(
                "append: {} parents but {} move codes",
                parents.len(),
                codes.len()
            )));
        }
        self.parents.extend_from_slice(parents);
        self.codes.extend_from_slice(codes);
        Ok(())
    }

    /// Appends the next nodes straight from a batch's `nodes` bytes (28-byte records).
    pub fn append_records(&mut self, records: &[u8]) -> Result<(), JsError> {
        if !records.len().is_multiple_of(NODE_BYTES) {
            return Err(JsError::new(&format!(
                "append_records: {} bytes is not a whole number of {NODE_BYTES}-byte records",
                records.len()
            )));
        }
        for r in records.chunks_exact(NODE_BYTES) {
            self.parents
                .push(u32::from_le_bytes([r[0], r[1], r[2], r[3]]));
            self.codes.push(u16::from_le_bytes([r[16], r[17]]));
        }
        Ok(())
    }

    /// Number of nodes appended.
    pub fn len(&self) -> u32 {
        self.parents.len() as u32
    }

    pub fn is_empty(&self) -> bool {
        self.parents.is_empty()
    }

    /// FEN of the position at node `id`.
    pub fn fen(&mut self, id: u32) -> Result<String, JsError> {
        self.position(id)
            .map(|p| p.fen())
            .map_err(|e| JsError::new(&e))
    }

    /// SAN moves from the root to node `id` (empty for a root).
    pub fn path_san(&mut self, id: u32) -> Result<Vec<String>, JsError> {
        self.check_id(id).map_err(|e| JsError::new(&e))?;
        let mut path = Vec::new();
        let mut cur = id;
        while self.parents[cur as usize] != NO_PARENT {
            path.push(cur);
            cur = self.parents[cur as usize];
        }
        let mut pos = self.root.clone();
        let mut out = Vec::with_capacity(path.len());
        for &node in path.iter().rev() {
            let (next, san) = self.play_node(&pos, node).map_err(|e| JsError::new(&e))?;
            out.push(san);
            pos = next;
        }
        Ok(out)
    }

    /// SAN of the moves of node `id` that were never searched: its moves whose codes are not in
    /// `searched` (the codes of its children). `quiescence`: the node is a quiescence node, whose
    /// candidates were captures and promotions only.
    pub fn unsearched_san(
        &mut self,
        id: u32,
        searched: &[u16],
        quiescence: bool,
    ) -> Result<Vec<String>, JsError> {
        let pos = self.position(id).map_err(|e| JsError::new(&e))?;
        Ok(pos
            .unsearched_moves(searched, quiescence)
            .into_iter()
            .map(|m| pos.san(m))
            .collect())
    }

    /// UCI of the move into node `id` (`undefined` for a root or an unknown id).
    pub fn last_move(&self, id: u32) -> Option<String> {
        let i = id as usize;
        (self.parents.get(i).copied()? != NO_PARENT).then(|| code_to_uci(self.codes[i]))
    }

    /// SAN of the move into each node of `ids`: "" for a root, "?" for an unknown id.
    pub fn san_batch(&mut self, ids: &[u32]) -> Array {
        ids.iter()
            .map(|&id| JsValue::from_str(&self.san_of(id).unwrap_or_else(|_| "?".into())))
            .collect()
    }
}
