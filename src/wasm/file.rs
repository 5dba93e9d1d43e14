//! Trace files in the worker, by the core's own reader and writer (`crate::trace_file`):
//! reading from a JS source in chunks (so that no buffer holds the whole file), reading a
//! binary trace's body as the browser inflates it ([`Opening`]), and writing to a JS sink in
//! chunks.

use super::err;
use crate::trace_file::binary::Body;
use crate::trace_file::{Opened, Staged, open};
use js_sys::{Function, Uint8Array};
use std::io::{self, Read, Write};
use wasm_bindgen::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// A reader over a JS function `read(maxBytes) → Uint8Array` that returns the next bytes of a
/// file (an empty array at its end): the worker reads a `File` piece by piece with
/// `FileReaderSync`, so a file of any size crosses without one buffer holding it.
pub struct JsReader<'a> {
    read: &'a Function,
    buf: Vec<u8>,
    at: usize,
    done: bool,
}

/// The most bytes of an explicit tree's text the page takes from a trace file. The format
/// allows 1 GiB (`crate::game::tree::MAX_TREE_TEXT_BYTES`), which the command line reads within
/// twice its size; the page shows the text in the tree editor's text box, which costs Chromium
/// about 95 MB of renderer memory per MiB of a one-line text (a 4 MiB comment: +380 MB), and a
/// 100 MB comment crashed the tab (issue 32 §5). 2 MiB keeps the renderer within the 1 GiB of
/// the files issue (tests/browser/limits.test.mjs opens a 1.9 MiB comment). The reader refuses
/// a longer text as it streams in, before it holds it (`crate::trace_file::open`).
pub const PAGE_TREE_TEXT_BYTES: usize = 2 << 20;

/// Bytes asked of the JS source at a time.
const READ_CHUNK: u32 = 1 << 20;

impl<'a> JsReader<'a> {
    pub fn new(read: &'a Function) -> Self {
        JsReader {
            read,
            buf: Vec::new(),
            at: 0,
            done: false,
        }
    }
}

impl Read for JsReader<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.at == self.buf.len() && !self.done {
            let chunk = self
                .read
                .call1(&JsValue::NULL, &JsValue::from(READ_CHUNK))
                .map_err(|_| io::Error::other("the file could not be read"))?
                .dyn_into::<Uint8Array>()
                .map_err(|_| io::Error::other("the file source gave no bytes"))?;
            self.buf = chunk.to_vec();
            self.at = 0;
            self.done = self.buf.is_empty();
        }
        let n = out.len().min(self.buf.len() - self.at);
        out[..n].copy_from_slice(&self.buf[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
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

/// A trace file being opened in two parts, so that the browser inflates a binary trace's body
/// (its `DecompressionStream`: native code, where this crate's inflater in wasm took a fifth of
/// the open of a 10 M-node file, docs/benchmarks.md): [`Opening::begin`] reads the file's head
/// from a JS source, as [`crate::trace_file::open`] does — the magic bytes, version,
/// header (each field within its bounds) and counts — and the worker then pushes the bytes after
/// [`Opening::body_at`] of the decompressed file ([`Opening::push`]) as they come. The body is
/// decoded by the core's own reader ([`Body`]) and checked by the one validation
/// (`Session::open_pushed`). A file that is not a binary trace (JSON) is read and checked whole
/// by `begin` (`Session::open_begin`), and wants no bytes.
#[wasm_bindgen]
pub struct Opening {
    state: OpeningState,
}

enum OpeningState {
    Whole(Staged),
    Body { body: Body, gzip: bool },
}

impl Opening {
    /// Reads the head of the file that `read(maxBytes) → Uint8Array` gives (empty at its end),
    /// or the whole file when it is not a binary trace (`Session.open_begin`).
    pub fn begin(read: &Function) -> Result<Opening, crate::trace_file::TraceFileError> {
        let state = match open(JsReader::new(read), PAGE_TREE_TEXT_BYTES)? {
            Opened::Whole(staged) => OpeningState::Whole(staged),
            Opened::Body { body, gzip, .. } => OpeningState::Body { body, gzip },
        };
        Ok(Opening { state })
    }

    /// The file, read whole and checked as far as makes it safe to stream (the first step of
    /// the one validation), or the first problem.
    pub fn staged(self) -> Result<Staged, crate::trace_file::TraceFileError> {
        match self.state {
            OpeningState::Whole(staged) => Ok(staged),
            OpeningState::Body { body, .. } => body.staged(),
        }
    }
}

#[wasm_bindgen]
impl Opening {
    /// Where the bytes the body wants start in the decompressed file (the head's length; the
    /// worker skips as many), or -1 when the file was read whole by [`Opening::begin`].
    pub fn body_at(&self) -> f64 {
        match &self.state {
            OpeningState::Whole(_) => -1.0,
            OpeningState::Body { body, .. } => body.start as f64,
        }
    }

    /// The file is gzip-compressed: the body's bytes are the file's inflated.
    pub fn gzip(&self) -> bool {
        matches!(self.state, OpeningState::Body { gzip: true, .. })
    }

    /// The next bytes of the body, in file order. Throws an `Error` at bytes past the trace's
    /// end.
    pub fn push(&mut self, bytes: &[u8]) -> Result<(), JsError> {
        match &mut self.state {
            OpeningState::Body { body, .. } => body.push(bytes).map_err(|e| err(e.to_string())),
            OpeningState::Whole(_) => Err(err("this file was read whole: it takes no bytes")),
        }
    }
}
