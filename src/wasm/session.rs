//! One trace in the search worker: a search it runs, a trace file it opened, or a trace the
//! page hands back (after Stop, which ends the worker that ran the search). Whatever its origin,
//! the trace reaches the page as the same batches, and is measured ([`TraceStats`]) and saved
//! by the core's own code.

use super::batch::BatchCursor;
#[cfg(feature = "files")]
use super::file::{ChunkWriter, JsReader, Opening, PAGE_TREE_TEXT_BYTES};
#[cfg(feature = "files")]
use super::{WasmError, parse_config_unchecked, records_from_bytes};
use super::{err, parse_config, parse_input, to_js};
use crate::run::{Input, Prepared, Summary};
use crate::search::config::SearchConfig;
use crate::search::{Hook, Hooked, Tee};
use crate::trace::record::Recorder;
use crate::trace::stats::{StatsTracer, TraceStats};
use crate::trace_file::Staged;
#[cfg(feature = "files")]
use crate::trace_file::{Format, Opened, TraceFile, TraceHeader, open, validate};
use js_sys::Function;
use serde::Serialize;
use wasm_bindgen::prelude::*;

// ---------------------------------------------------------------------------------------------
// The streaming tracer
// ---------------------------------------------------------------------------------------------

/// The memory budget of a search's trace: 3.5 GiB of records, events and aux words (about 110
/// million chess nodes). The worker hands every batch on and keeps none of it, so this bounds
/// what the page is sent; past it the search stops as at the node cap.
pub const WORKER_BUDGET_BYTES: u64 = 7 << 29;

/// The streaming tracer: a [`Recorder`] and a [`StatsTracer`] fed every callback by a [`Tee`],
/// and after each callback the [`BatchSender`], which hands what was recorded since the last
/// batch to a JS callback every `batch_nodes` entered nodes and then forgets it
/// ([`Recorder::hand_on`]): the worker holds one batch, never the trace. The tee and the hook
/// forward every [`Tracer`] callback by construction (`search/tracer.rs` declares them from
/// the one list of callbacks), so none can go missing from the browser's trace; the search
/// stays monomorphized over this type.
type Streamer<'a> = Hooked<Tee<Recorder, StatsTracer>, BatchSender<'a>>;

/// Sends the recording to the page in batches (see [`Streamer`]).
struct BatchSender<'a> {
    on_batch: &'a Function,
    batch_nodes: usize,
    next_flush: usize,
    started_ms: f64,
    cursor: BatchCursor,
    /// The first exception thrown by `on_batch`; no further batches are sent after it.
    error: Option<JsValue>,
}

fn streamer(on_batch: &Function, batch_nodes: u32, started_ms: f64) -> Streamer<'_> {
    // The worker's recording stops the search at its memory budget (the node-cap notice),
    // well before wasm32's 4 GiB or a Vec over 2 GiB would trap.
    let batch_nodes = if batch_nodes == 0 {
        usize::MAX
    } else {
        batch_nodes as usize
    };
    let mut rec = Recorder::with_budget(WORKER_BUDGET_BYTES);
    // A warm worker: one batch's room, reserved once (it is reused for every batch).
    rec.reserve(batch_nodes.min(1 << 16) + 64);
    Hooked {
        tracer: Tee(rec, StatsTracer::new()),
        hook: BatchSender {
            on_batch,
            batch_nodes,
            next_flush: batch_nodes,
            started_ms,
            cursor: BatchCursor::default(),
            error: None,
        },
    }
}

impl BatchSender<'_> {
    /// Sends everything recorded since the previous flush as one batch.
    fn flush(&mut self, rec: &mut Recorder) {
        if self.error.is_some() {
            return;
        }
        let batch = self.cursor.next_streamed(rec);
        super::set(&batch, "elapsedMs", js_sys::Date::now() - self.started_ms);
        if let Err(e) = self.on_batch.call1(&JsValue::NULL, &batch) {
            self.error = Some(e);
        }
    }
}

impl Hook<Tee<Recorder, StatsTracer>> for BatchSender<'_> {
    #[inline]
    fn after(&mut self, tracer: &mut Tee<Recorder, StatsTracer>) {
        let rec = &mut tracer.0;
        if rec.node_total() >= self.next_flush {
            self.flush(rec);
            self.next_flush = rec.node_total().saturating_add(self.batch_nodes);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Session
// ---------------------------------------------------------------------------------------------

/// One trace in the worker: its input and configuration, and once searched, opened or handed
/// back, its recording and summary.
#[wasm_bindgen]
pub struct Session {
    input: Input,
    prepared: Prepared,
    config: SearchConfig,
    recording: Option<Recorder>,
    summary: Option<Summary>,
    /// The statistics of a search this session ran (it streamed its trace and kept none).
    stats: Option<TraceStats>,
    /// Nodes the last search streamed.
    streamed: u32,
    /// Where the next [`Session::replay_next`] batch starts.
    replay: BatchCursor,
    /// A file read by [`Session::open_staged`] whose checks are not all done: it streams to the
    /// page from here, and becomes the session's recording once [`Session::check`] passes.
    staged: Option<Staged>,
}

/// What `run`, `replay` and `adopt_end` answer: a small object (serde), never per-node data.
#[derive(Serialize)]
struct Outcome<'a> {
    summary: &'a Summary,
    stats: &'a TraceStats,
    aborted: bool,
    input: &'a Input,
    config: &'a SearchConfig,
    #[serde(rename = "elapsedMs", skip_serializing_if = "Option::is_none")]
    elapsed_ms: Option<f64>,
}

impl Session {
    #[cfg(feature = "files")]
    fn from_file(
        file: Result<TraceFile, crate::trace_file::TraceFileError>,
    ) -> Result<Session, JsError> {
        let file = file.map_err(|e| err(e.to_string()))?;
        let prepared = file.prepare().map_err(|e| err(e.to_string()))?;
        let TraceFile { header, rec } = file;
        Ok(Session {
            input: header.input,
            prepared,
            config: header.config,
            recording: Some(rec),
            summary: Some(header.summary),
            stats: None,
            streamed: 0,
            replay: BatchCursor::default(),
            staged: None,
        })
    }

    fn outcome(&self, elapsed_ms: Option<f64>) -> Result<JsValue, JsError> {
        let Some(summary) = &self.summary else {
            return Err(err("no trace yet"));
        };
        let stats = match (&self.stats, &self.recording) {
            (Some(s), _) => s.clone(),
            (None, Some(rec)) => TraceStats::of(rec),
            (None, None) => return Err(err("no trace yet")),
        };
        to_js(&Outcome {
            summary,
            stats: &stats,
            aborted: summary.aborted,
            input: &self.input,
            config: &self.config,
            elapsed_ms,
        })
    }
}

#[wasm_bindgen]
impl Session {
    /// Parses `input` (`{kind:'tree', text}`, `{kind:'chess', fen}`, `{kind:'random', ...}`,
    /// `{kind:'tictactoe', position}`, `{kind:'nim', piles, misere}` or
    /// `{kind:'connect4', position, unsafe_null_move}`; docs/trace-format.md)
    /// and `config` (`{algo, depth, iterative, node_cap}` and the technique groups, every field
    /// optional). Throws an `Error` whose message says what is wrong.
    #[wasm_bindgen(constructor)]
    pub fn new(input: JsValue, config: JsValue) -> Result<Session, JsError> {
        let input = parse_input(&input)?;
        let config = parse_config(&config)?;
        let prepared = input.prepare().map_err(|e| err(e.to_string()))?;
        // The small games refuse techniques they do not accept, by name, before any search.
        prepared
            .check_config(&config)
            .map_err(|e| err(e.to_string()))?;
        Ok(Session {
            input,
            prepared,
            config,
            recording: None,
            summary: None,
            stats: None,
            streamed: 0,
            replay: BatchCursor::default(),
            staged: None,
        })
    }
}

/// Trace files: opening, handing a trace back, saving (the `files` feature: the second wasm
/// build's, docs/architecture.md "Two wasm builds").
#[cfg(feature = "files")]
#[wasm_bindgen]
impl Session {
    /// Opens a trace file's bytes (JSON or binary, gzip-compressed or not:
    /// `docs/trace-format.md`), checking every field and reference with the core's reader before
    /// anything reaches the page. Throws an `Error` naming the first bad item.
    pub fn open(bytes: &[u8]) -> Result<Session, JsError> {
        Session::from_file(
            open(bytes, PAGE_TREE_TEXT_BYTES)
                .and_then(Opened::staged)
                .and_then(Staged::check),
        )
    }

    /// Opens a trace file from a JS source `read(maxBytes) → Uint8Array` (empty at the end),
    /// read piece by piece and never held whole, in two steps: this reads it and checks what
    /// makes it safe to stream (header, node count, every record against its parent, the event
    /// tape); [`Session::check`] does the rest. Batches ([`Session::replay_next`]) may be sent
    /// in between, to a staged store that becomes the page's trace only once `check` passes.
    /// A JSON file is checked whole here. Throws an `Error` naming the first bad item, the
    /// same as [`Session::open`].
    pub fn open_staged(read: &Function) -> Result<Session, JsError> {
        let staged = open(JsReader::new(read), PAGE_TREE_TEXT_BYTES)
            .and_then(Opened::staged)
            .map_err(|e| err(e.to_string()))?;
        Session::of_staged(staged)
    }

    /// Reads the head of a trace file from a JS source `read(maxBytes) → Uint8Array`, for the
    /// worker to push the body of a binary trace into the [`Opening`] as the browser inflates it
    /// (or, for a JSON file, the whole file, read and checked as [`Session::open_staged`] reads
    /// it); [`Session::open_pushed`] makes the session. Throws an `Error` naming the first bad
    /// item, the same as [`Session::open_staged`].
    pub fn open_begin(read: &Function) -> Result<Opening, JsError> {
        Opening::begin(read).map_err(|e| err(e.to_string()))
    }

    /// [`Session::open_staged`] for a file whose body the worker pushed ([`Opening`]): the same
    /// session once the body is whole and passes the same first step of the validation. Throws
    /// an `Error` naming the first bad item (a file that stopped early names the section).
    pub fn open_pushed(opening: Opening) -> Result<Session, JsError> {
        Session::of_staged(opening.staged().map_err(|e| err(e.to_string()))?)
    }

    fn of_staged(staged: Staged) -> Result<Session, JsError> {
        if staged.is_checked() {
            return Session::from_file(Ok(staged.file));
        }
        let prepared = staged.file.prepare().map_err(|e| err(e.to_string()))?;
        let header = &staged.file.header;
        Ok(Session {
            input: header.input.clone(),
            prepared,
            config: header.config.clone(),
            recording: None,
            summary: None,
            stats: None,
            streamed: 0,
            replay: BatchCursor::default(),
            staged: Some(staged),
        })
    }

    /// The checks [`Session::open_staged`] left: every node against the game, the summary and
    /// the semantic rules. Throws an `Error` naming the first bad item (the session then holds
    /// no trace); once it passes, the session holds the file as [`Session::open`] would.
    pub fn check(&mut self) -> Result<(), JsError> {
        let Some(staged) = self.staged.take() else {
            return Ok(());
        };
        let TraceFile { header, rec } = staged.check().map_err(|e| err(e.to_string()))?;
        self.recording = Some(rec);
        self.summary = Some(header.summary);
        Ok(())
    }

    /// A session for a trace the page holds (the page hands it back in parts with
    /// [`Session::adopt_part`], then [`Session::adopt_end`]).
    pub fn adopt(input: JsValue, config: JsValue) -> Result<Session, JsError> {
        let input = parse_input(&input)?;
        let config = parse_config_unchecked(&config)?;
        let prepared = input.prepare().map_err(|e| err(e.to_string()))?;
        Ok(Session {
            input,
            prepared,
            config,
            recording: Some(Recorder::new()),
            summary: None,
            stats: None,
            streamed: 0,
            replay: BatchCursor::default(),
            staged: None,
        })
    }

    /// Appends the next part of a handed-back trace: node records (28 bytes each), event tape
    /// bytes, aux words, `(re-search, earlier)` pairs and `(root, depth)` pairs.
    pub fn adopt_part(
        &mut self,
        records: &[u8],
        events: &[u8],
        aux: &[i32],
        research: &[u32],
        roots: &[i32],
    ) -> Result<(), JsError> {
        let rec = self
            .recording
            .as_mut()
            .ok_or_else(|| err("adopt_part needs Session.adopt first"))?;
        if !research.len().is_multiple_of(2) || !roots.len().is_multiple_of(2) {
            return Err(err("research and roots come in pairs"));
        }
        rec.nodes.extend(records_from_bytes(records)?);
        rec.events.extend_from_slice(events);
        rec.aux.extend_from_slice(aux);
        rec.research_of
            .extend(research.chunks_exact(2).map(|p| (p[0], p[1])));
        for p in roots.chunks_exact(2) {
            rec.roots.push(p[0] as u32);
            rec.root_depths.push(p[1]);
        }
        Ok(())
    }

    /// Takes `summary` (the search's, or `null` for a stopped search: then the nodes it left
    /// open are closed and the finished root searches make it) and checks the handed-back
    /// trace with the one validation every trace file gets. Answers `{summary, stats,
    /// aborted, input, config}`.
    pub fn adopt_end(&mut self, summary: JsValue) -> Result<JsValue, JsError> {
        let mut rec = self
            .recording
            .take()
            .ok_or_else(|| err("adopt_end needs Session.adopt first"))?;
        let summary = if summary.is_null() || summary.is_undefined() {
            // Stop ended the search: close the nodes it left open, as the node cap would.
            rec.close_cut_short(self.config.cutoff);
            Summary {
                scale: self.prepared.scale(&self.config),
                ..Summary::cut_short(&rec)
            }
        } else {
            super::from_js(&summary, "summary")
                .map_err(|e| WasmError::argument("summary", format!("invalid summary: {e}")))?
        };
        let file = self.file_of(summary, rec);
        validate(&file).map_err(|e| err(format!("the page's trace is inconsistent: {e}")))?;
        self.recording = Some(file.rec);
        self.summary = Some(file.header.summary);
        self.outcome(None)
    }

    /// Writes the trace as a file in `format` (`"binary"`: gzip-compressed columns, or
    /// `"json"`; `docs/trace-format.md`), calling `on_chunk(bytes)` with pieces of at most
    /// `chunk_bytes` bytes so that no single buffer holds the whole file. Returns the number of
    /// bytes written. A trace the page handed back after Stop saves as a search stopped by
    /// hand (`"stopped": "user"`).
    pub fn save(
        &mut self,
        format: &str,
        on_chunk: &Function,
        chunk_bytes: u32,
    ) -> Result<f64, JsError> {
        let format = Format::parse(format)?;
        let (Some(rec), Some(summary)) = (self.recording.take(), self.summary.clone()) else {
            return Err(err("no trace to save yet"));
        };
        let file = self.file_of(summary, rec);
        let result = self.write_file(&file, format, on_chunk, chunk_bytes);
        self.recording = Some(file.rec);
        result
    }

    /// The trace this session holds as a file: its input and configuration with `summary`
    /// and `rec` (validated after a hand-back, written by `save`).
    fn file_of(&self, summary: Summary, rec: Recorder) -> TraceFile {
        TraceFile {
            header: TraceHeader {
                input: self.input.clone(),
                config: self.config.clone(),
                summary,
            },
            rec,
        }
    }

    fn write_file(
        &self,
        file: &TraceFile,
        format: Format,
        on_chunk: &Function,
        chunk_bytes: u32,
    ) -> Result<f64, JsError> {
        let mut w = ChunkWriter::new(on_chunk, chunk_bytes as usize);
        crate::trace_file::write(
            &mut w,
            format,
            &self.input,
            &self.prepared,
            &self.config,
            &file.header.summary,
            &file.rec,
        )
        .map_err(|e| err(format!("cannot write the trace: {e}")))?;
        w.finish()
            .map_err(|e| err(format!("cannot write the trace: {e}")))
    }
}

#[wasm_bindgen]
impl Session {
    /// Runs the search, calling `on_batch(batch)` once every `batch_nodes` entered nodes and
    /// once at the end (0 = only at the end). Returns `{summary, stats, aborted, input, config,
    /// elapsedMs}`.
    pub fn run(&mut self, on_batch: &Function, batch_nodes: u32) -> Result<JsValue, JsError> {
        self.recording = None;
        self.summary = None;
        self.stats = None;
        let started = js_sys::Date::now();
        let mut streamer = streamer(on_batch, batch_nodes, started);
        let summary = self
            .prepared
            .search(&self.config, &mut streamer)
            .map_err(|e| err(e.to_string()))?;
        let Hooked {
            tracer: Tee(mut rec, stats),
            hook: mut sender,
        } = streamer;
        sender.flush(&mut rec);
        let elapsed_ms = js_sys::Date::now() - started;
        if let Some(e) = sender.error.take() {
            let message = e
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
                .or_else(|| e.as_string())
                .unwrap_or_else(|| format!("{e:?}"));
            return Err(err(format!("the batch callback threw: {message}")));
        }
        // The page holds the trace now; it hands it back to be saved.
        self.streamed = rec.node_total() as u32;
        self.stats = Some(stats.finish());
        self.summary = Some(summary);
        self.outcome(Some(elapsed_ms))
    }

    /// The next batch of an opened or handed-back trace (at most `max_nodes` new nodes), in
    /// the layout of [`Session::run`]'s batches; `undefined` once the whole trace was sent.
    pub fn replay_next(&mut self, max_nodes: u32) -> Option<js_sys::Object> {
        let rec = match (&self.recording, &self.staged) {
            (Some(rec), _) => rec,
            (None, Some(staged)) => &staged.file.rec,
            (None, None) => return None,
        };
        self.replay.next_part(rec, max_nodes as usize)
    }

    /// `{input, config}`: what the trace searched.
    pub fn header(&self) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct Header<'a> {
            input: &'a Input,
            config: &'a SearchConfig,
        }
        to_js(&Header {
            input: &self.input,
            config: &self.config,
        })
    }

    /// `{summary, stats, aborted, input, config}` of the trace.
    pub fn outcome_now(&self) -> Result<JsValue, JsError> {
        self.outcome(None)
    }

    /// Nodes recorded (0 before a run): streamed by a search, or held (an opened or handed-back
    /// trace).
    pub fn node_count(&self) -> u32 {
        match (&self.recording, &self.staged) {
            (Some(r), _) => r.nodes.len() as u32,
            (None, Some(s)) => s.file.rec.nodes.len() as u32,
            (None, None) => self.streamed,
        }
    }

    /// All node records the session holds (28 bytes each): those of an opened or handed-back
    /// trace; none after a search, which streamed them and kept nothing.
    pub fn nodes(&self) -> js_sys::Uint8Array {
        let nodes = self.recording.as_ref().map_or(&[][..], |r| &r.nodes[..]);
        js_sys::Uint8Array::from(super::node_bytes(nodes))
    }

    /// What kind of input this session searches: "tree", "random" or "chess".
    pub fn kind(&self) -> String {
        self.input.kind().to_string()
    }
}
