//! The binary trace format (`docs/trace-format.md`, "Binary files"): the compact form the search
//! records, written as it is, gzip-compressed.
//!
//! After decompression a file is, all integers little-endian:
//!
//! 1. the magic bytes [`MAGIC`] and the format version (`u32`, [`VERSION`]);
//! 2. the header: its length in bytes (`u32`) and the JSON object
//!    `{"input": …, "config": …, "summary": …}` ([`super::TraceHeader`]);
//! 3. five counts (`u64` each): nodes, events, event data words, re-search links, roots;
//! 4. the nodes in chunks of [`CHUNK`] records (the last chunk holds the rest); within a chunk,
//!    column by column in the order of [`RECORD_FIELDS`]: all the chunk's `parent`s, then all
//!    its `alpha`s, …, then all its `reason`s;
//! 5. the event tape (one byte per event), then the event data (`i32` each);
//! 6. the re-search links (`u32` re-search id, `u32` earlier id), the root ids (`u32`) and the
//!    roots' nominal depths (`i32`).
//!
//! Nothing follows. Columns compress far better than rows (the `parent`s of a chunk are nearly
//! consecutive, most windows are the same), and chunks let the writer and the reader work with
//! a buffer of one chunk, never the whole file.

use super::TraceFile;
use super::check::validate;
use super::error::{Problem, TraceFileError};
use crate::run::{Input, Summary};
use crate::schema::{RECORD_BYTES, RECORD_FIELDS};
use crate::search::config::SearchConfig;
use crate::trace::record::{NodeRec, Recorder};
use crate::trace_file::json::{OLDEST_READABLE, VERSION};
use flate2::Compression;
use flate2::write::GzEncoder;
use serde::Serialize;
use std::io::{self, Read, Write};

/// The first bytes of a binary trace (after decompression).
pub const MAGIC: [u8; 8] = *b"PSTRACE\0";
/// Records per chunk of the node section.
pub const CHUNK: usize = 1 << 16;
/// The file name extension of binary traces.
pub const EXTENSION: &str = ".pstrace";
/// Largest header accepted, in bytes (an explicit tree's text is in it).
pub const MAX_HEADER_BYTES: u32 = 256 << 20;

#[derive(Serialize)]
struct HeaderRef<'a> {
    input: &'a Input,
    config: &'a SearchConfig,
    summary: &'a Summary,
}

/// Field sizes in bytes, from [`RECORD_FIELDS`].
fn field_size(ty: &str) -> usize {
    match ty {
        "u32" | "i32" => 4,
        "u16" | "i16" => 2,
        _ => 1,
    }
}

/// Calls `f` with each field's offset in the record, its size and where its column lies in `k`
/// records in the column layout: column by column in the order of [`RECORD_FIELDS`] (all the
/// `parent`s, then all the `alpha`s, …, then all the `reason`s).
fn each_column(k: usize, mut f: impl FnMut(usize, usize, std::ops::Range<usize>)) {
    let mut at = 0;
    for &(_, offset, ty) in RECORD_FIELDS {
        let size = field_size(ty);
        f(offset, size, at..at + k * size);
        at += k * size;
    }
}

fn put<const N: usize>(column: &mut [u8], nodes: &[NodeRec], offset: usize) {
    for (c, n) in column.chunks_exact_mut(N).zip(nodes) {
        c.copy_from_slice(&n.bytes()[offset..offset + N]);
    }
}

fn get<const N: usize>(column: &[u8], nodes: &mut [NodeRec], offset: usize) {
    for (c, n) in column.chunks_exact(N).zip(nodes) {
        bytemuck::bytes_of_mut(n)[offset..offset + N].copy_from_slice(c);
    }
}

/// Records per tile of a transposition between rows and columns: a tile's records (28 KiB)
/// stay in the first-level cache while its twelve columns are read or written, where a whole
/// chunk's rows (1.8 MB) were walked twelve times.
const TILE: usize = 1 << 10;

/// Appends `nodes` to `out` in the column layout ([`each_column`]). The binary format stores
/// its chunks so, and the worker sends its batches so (the page copies each column into its own
/// with one typed-array `set`; docs/worker-protocol.md). Every column starts aligned to its
/// field's size: the fields are ordered by size, largest first. Each column is written straight
/// from the records (a pass through rows cost the worker a fifth of a random tree's search
/// time), a tile of records at a time ([`TILE`]).
pub fn columns_into(nodes: &[NodeRec], out: &mut Vec<u8>) {
    let start = out.len();
    out.resize(start + nodes.len() * RECORD_BYTES, 0);
    let out = &mut out[start..];
    for (t, tile) in nodes.chunks(TILE).enumerate() {
        let (first, end) = (t * TILE, t * TILE + tile.len());
        each_column(nodes.len(), |offset, size, at| {
            let column = &mut out[at][first * size..end * size];
            match size {
                4 => put::<4>(column, tile, offset),
                2 => put::<2>(column, tile, offset),
                _ => put::<1>(column, tile, offset),
            }
        });
    }
}

/// Appends to `nodes` the records of `bytes`, which holds whole records in the column layout of
/// [`columns_into`]; bytes past the last whole record are ignored. A tile of records at a time
/// ([`TILE`]).
pub fn records_from_columns(bytes: &[u8], nodes: &mut Vec<NodeRec>) {
    let k = bytes.len() / RECORD_BYTES;
    let start = nodes.len();
    nodes.resize(start + k, bytemuck::Zeroable::zeroed());
    for (t, tile) in nodes[start..].chunks_mut(TILE).enumerate() {
        let (first, end) = (t * TILE, t * TILE + tile.len());
        each_column(k, |offset, size, at| {
            let column = &bytes[at][first * size..end * size];
            match size {
                4 => get::<4>(column, tile, offset),
                2 => get::<2>(column, tile, offset),
                _ => get::<1>(column, tile, offset),
            }
        });
    }
}

/// Writes `rec` as a binary trace, gzip-compressed, one chunk at a time.
pub fn write<W: Write>(
    w: W,
    input: &Input,
    config: &SearchConfig,
    summary: &Summary,
    rec: &Recorder,
) -> io::Result<()> {
    let mut gz = GzEncoder::new(w, Compression::fast());
    gz.write_all(&MAGIC)?;
    gz.write_all(&VERSION.to_le_bytes())?;
    let header = serde_json::to_vec(&HeaderRef {
        input,
        config,
        summary,
    })?;
    let len = u32::try_from(header.len())
        .ok()
        .filter(|&l| l <= MAX_HEADER_BYTES)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the header is too large"))?;
    gz.write_all(&len.to_le_bytes())?;
    gz.write_all(&header)?;
    for count in [
        rec.nodes.len(),
        rec.events.len(),
        rec.aux.len(),
        rec.research_of.len(),
        rec.roots.len(),
    ] {
        gz.write_all(&(count as u64).to_le_bytes())?;
    }
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK * RECORD_BYTES);
    for chunk in rec.nodes.chunks(CHUNK) {
        buf.clear();
        columns_into(chunk, &mut buf);
        gz.write_all(&buf)?;
    }
    for chunk in rec.events.chunks(CHUNK * 4) {
        gz.write_all(chunk)?;
    }
    write_words(&mut gz, &mut buf, rec.aux.iter().map(|&v| v as u32))?;
    write_words(
        &mut gz,
        &mut buf,
        rec.research_of.iter().flat_map(|&(a, b)| [a, b]),
    )?;
    write_words(&mut gz, &mut buf, rec.roots.iter().copied())?;
    write_words(&mut gz, &mut buf, rec.root_depths.iter().map(|&d| d as u32))?;
    gz.finish()?.flush()
}

fn write_words<W: Write>(
    w: &mut W,
    buf: &mut Vec<u8>,
    words: impl Iterator<Item = u32>,
) -> io::Result<()> {
    buf.clear();
    for v in words {
        buf.extend_from_slice(&v.to_le_bytes());
        if buf.len() >= CHUNK * 4 {
            w.write_all(buf)?;
            buf.clear();
        }
    }
    w.write_all(buf)
}

fn truncated(what: &str) -> TraceFileError {
    TraceFileError::file_level(Problem::Truncated(format!(
        "the binary trace stops inside its {what}"
    )))
}

fn read_exact<R: Read>(r: &mut R, buf: &mut [u8], what: &str) -> Result<(), TraceFileError> {
    r.read_exact(buf).map_err(|e| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            truncated(what)
        } else {
            TraceFileError::from(e)
        }
    })
}

fn too_large(what: &str, count: u64) -> TraceFileError {
    TraceFileError::file_level(Problem::TooLarge(format!(
        "the file declares {count} {what}, more than this reader can hold"
    )))
}

/// Reserves exactly `count` elements, failing cleanly where memory (or wasm32's address space)
/// is short, so that a corrupt count never aborts the process.
fn reserve<T>(v: &mut Vec<T>, count: u64, what: &str) -> Result<(), TraceFileError> {
    let n = usize::try_from(count).map_err(|_| too_large(what, count))?;
    v.try_reserve_exact(n).map_err(|_| too_large(what, count))
}

/// Reads a binary trace (decompressed; it starts with [`MAGIC`]) and validates it.
pub(super) fn read<R: Read>(r: R, max_text: usize) -> Result<TraceFile, TraceFileError> {
    let file = read_unchecked(r, max_text)?;
    validate(&file)?;
    Ok(file)
}

/// Reads a binary trace whole without validating what it holds: the header is read by the
/// bounded scanner and every count is bounded as [`read`] bounds it, but no node, event or
/// summary is checked (`super::read_staged` checks them, in two steps). An explicit tree's
/// text is held up to `max_text` bytes.
pub(super) fn read_unchecked<R: Read>(r: R, max_text: usize) -> Result<TraceFile, TraceFileError> {
    let mut r = io::BufReader::with_capacity(1 << 16, r);
    let mut body = read_head(&mut r, max_text)?;
    body.pull(&mut r)?;
    body.finish()
}

/// Reads a binary trace's head — magic, version, header, counts — from `r`, which is then at
/// the first node; answers the [`Body`] that takes the rest, its arrays reserved.
fn read_head<R: Read>(r: &mut R, max_text: usize) -> Result<Body, TraceFileError> {
    let mut word = [0u8; 8];
    read_exact(r, &mut word, "magic bytes")?;
    if word != MAGIC {
        return Err(TraceFileError::file_level(Problem::NotATrace(
            "the binary magic bytes are wrong".to_string(),
        )));
    }
    let mut w4 = [0u8; 4];
    read_exact(r, &mut w4, "version")?;
    let version = u32::from_le_bytes(w4);
    if !(OLDEST_READABLE..=VERSION).contains(&version) {
        return Err(TraceFileError::header(
            "version",
            Problem::Version {
                found: version as u64,
                supported: VERSION,
            },
        ));
    }
    read_exact(r, &mut w4, "header length")?;
    let len = u32::from_le_bytes(w4);
    if len > MAX_HEADER_BYTES {
        return Err(TraceFileError::file_level(Problem::TooLarge(format!(
            "a header of {len} bytes (at most {MAX_HEADER_BYTES})"
        ))));
    }
    // Read through a scanner that holds each field within the bytes the format allows it:
    // the length alone bounds nothing (an `iterations` array inflated to 250 MB fits in it).
    let header = super::json_read::read_binary_header(r.take(len as u64), version, max_text)?;
    let mut counts = [0u64; 5];
    for c in &mut counts {
        read_exact(r, &mut word, "counts")?;
        *c = u64::from_le_bytes(word);
    }
    let [n_nodes, n_events, n_aux, n_research, n_roots] = counts;
    super::limits::check_header_arrays(
        &header.config,
        header.summary.iterations.len(),
        Some(usize::try_from(n_roots).unwrap_or(usize::MAX)),
    )?;
    if n_nodes >= u32::MAX as u64 {
        return Err(too_large("nodes", n_nodes));
    }
    let mut rec = Recorder::new();
    reserve(&mut rec.nodes, n_nodes, "nodes")?;
    reserve(&mut rec.events, n_events, "events")?;
    reserve(&mut rec.aux, n_aux, "event data words")?;
    reserve(&mut rec.research_of, n_research, "re-search links")?;
    reserve(&mut rec.roots, n_roots, "roots")?;
    reserve(&mut rec.root_depths, n_roots, "roots")?;
    // every count now fits in memory, so in a usize
    let n = |c: u64| c as usize;
    let mut body = Body {
        header,
        rec,
        at: 8 + 4 + 4 + len as u64 + 5 * 8,
        parts: [
            (Part::Nodes, n(n_nodes) * RECORD_BYTES),
            (Part::Events, n(n_events)),
            (Part::Aux, n(n_aux) * 4),
            (Part::Research, n(n_research) * 8),
            (Part::Roots, n(n_roots) * 4),
            (Part::RootDepths, n(n_roots) * 4),
        ],
        part: 0,
        left: 0,
        buf: Vec::new(),
        filled: 0,
    };
    body.next_block();
    Ok(body)
}

/// The sections of a binary trace after its counts, in file order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Nodes,
    Events,
    Aux,
    Research,
    Roots,
    RootDepths,
}

impl Part {
    /// What a truncated file names.
    fn what(self) -> &'static str {
        match self {
            Part::Nodes => "nodes",
            Part::Events => "events",
            Part::Aux => "event data",
            Part::Research => "re-search links",
            Part::Roots => "roots",
            Part::RootDepths => "root depths",
        }
    }

    /// Bytes taken in at a time: a chunk of records (the column layout is per chunk), or a
    /// buffer of bytes and words (a multiple of a re-search link's 8 bytes).
    fn block(self) -> usize {
        match self {
            Part::Nodes => CHUNK * RECORD_BYTES,
            _ => CHUNK * 4,
        }
    }
}

/// The rest of a binary trace after its head: its node chunks, event tape and small arrays,
/// taken in block by block, in the one order of the format, whether the bytes are pulled from
/// a reader ([`Body::pull`]: the command line, the tests, the page's fallback) or pushed as
/// they come ([`Body::push`]: the page, whose browser inflates the file natively as a stream,
/// `wasm/file.rs`). A block is one chunk of records or a buffer of the smaller sections; each
/// is decoded once it is whole, so nothing is held twice beyond one block.
pub struct Body {
    header: super::TraceHeader,
    rec: Recorder,
    /// Bytes of the (decompressed) file before the first node: what a pusher skips.
    at: u64,
    /// Each section and its bytes left.
    parts: [(Part, usize); 6],
    /// The section being read (6 once all are).
    part: usize,
    /// Bytes of the current block (`buf[..left]`); 0 at the end.
    left: usize,
    buf: Vec<u8>,
    /// Bytes of the current block received.
    filled: usize,
}

impl Body {
    /// Where the bytes of the nodes start in the decompressed file: the head's length.
    pub fn start(&self) -> u64 {
        self.at
    }

    /// Sets up the next block, skipping empty sections; `left` is 0 once everything is read.
    fn next_block(&mut self) {
        self.filled = 0;
        while self.part < self.parts.len() {
            let (part, rest) = &mut self.parts[self.part];
            if *rest > 0 {
                let k = (*rest).min(part.block());
                // a chunk of records is whole records; so is every block of the other parts
                *rest -= k;
                self.left = k;
                self.buf.resize(k, 0);
                return;
            }
            self.part += 1;
        }
        self.left = 0;
    }

    /// The bytes the next input goes into (empty once the trace is whole).
    fn space(&mut self) -> &mut [u8] {
        &mut self.buf[self.filled..self.left]
    }

    /// `n` bytes were written into [`Body::space`]: decodes the block once it is whole.
    fn advance(&mut self, n: usize) {
        self.filled += n;
        if self.filled < self.left || self.left == 0 {
            return;
        }
        let block = &self.buf[..self.left];
        let rec = &mut self.rec;
        let words = || {
            block
                .chunks_exact(4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        };
        match self.parts[self.part].0 {
            Part::Nodes => records_from_columns(block, &mut rec.nodes),
            Part::Events => rec.events.extend_from_slice(block),
            Part::Aux => rec.aux.extend(words().map(|w| w as i32)),
            Part::Research => rec.research_of.extend(block.chunks_exact(8).map(|p| {
                (
                    u32::from_le_bytes([p[0], p[1], p[2], p[3]]),
                    u32::from_le_bytes([p[4], p[5], p[6], p[7]]),
                )
            })),
            Part::Roots => rec.roots.extend(words()),
            Part::RootDepths => rec.root_depths.extend(words().map(|w| w as i32)),
        }
        self.next_block();
    }

    /// Takes in the next bytes of the file as they come; bytes past the trace's end are refused.
    pub fn push(&mut self, mut bytes: &[u8]) -> Result<(), TraceFileError> {
        while !bytes.is_empty() {
            let space = self.space();
            if space.is_empty() {
                return Err(trailing());
            }
            let k = space.len().min(bytes.len());
            space[..k].copy_from_slice(&bytes[..k]);
            self.advance(k);
            bytes = &bytes[k..];
        }
        Ok(())
    }

    /// Reads the rest of the file from `r`, each block straight into its buffer, and refuses
    /// bytes after the trace's end.
    pub fn pull<R: Read>(&mut self, r: &mut R) -> Result<(), TraceFileError> {
        loop {
            let what = self.what();
            let space = self.space();
            if space.is_empty() {
                break;
            }
            match r.read(space) {
                Ok(0) => return Err(truncated(what)),
                Ok(n) => self.advance(n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        let mut extra = [0u8; 1];
        if r.read(&mut extra)? != 0 {
            return Err(trailing());
        }
        Ok(())
    }

    /// The section being read, as a truncated file names it.
    fn what(&self) -> &'static str {
        self.parts.get(self.part).map_or("end", |p| p.0.what())
    }

    /// The trace, once every byte has come; a file that stopped early is refused naming the
    /// section it stopped in.
    pub fn finish(self) -> Result<TraceFile, TraceFileError> {
        if self.left > 0 {
            return Err(truncated(self.what()));
        }
        Ok(TraceFile {
            header: self.header,
            rec: self.rec,
        })
    }
}

impl Body {
    /// The trace once every byte has come ([`Body::finish`]), checked as far as makes it safe
    /// to stream ([`super::read_staged`]'s first step).
    pub fn staged(self) -> Result<super::Staged, TraceFileError> {
        let file = self.finish()?;
        let rest = Some(super::check::Validation::start(&file)?);
        Ok(super::Staged { file, rest })
    }
}

/// A file being opened by its head alone ([`open_head`]).
pub enum Opened {
    /// Not a binary trace (JSON, read and checked whole as [`super::read_staged`] reads it).
    Whole(super::Staged),
    /// A binary trace whose head is read: its [`Body`] waits for the bytes after
    /// [`Body::start`] of the file, decompressed when `gzip` is set.
    Body { body: Body, gzip: bool },
}

/// [`super::read_staged_within`] for a reader that will push a binary trace's body itself: a
/// binary file (gzip-compressed or not) is read up to its first node only — its head, checked
/// as [`read`] checks it, with the header's fields within their bounds — and the rest is left
/// to [`Body::push`]. The page does this so that the browser's own gzip decoder (native code,
/// streaming) inflates the body instead of this crate's, which in wasm was a fifth of the
/// open's time (docs/benchmarks.md); the bytes it skips are the head, inflated here. Anything
/// else is read whole, as `read_staged_within` reads it.
pub fn open_head<R: Read>(r: R, max_text: usize) -> Result<Opened, TraceFileError> {
    let (head, r) = super::sniff(r)?;
    if head.starts_with(&[0x1f, 0x8b]) {
        let (inner, r) = super::sniff(flate2::read::MultiGzDecoder::new(r))?;
        head_of(&inner, r, true, max_text)
    } else {
        head_of(&head, r, false, max_text)
    }
}

fn head_of<R: Read>(head: &[u8], r: R, gzip: bool, max: usize) -> Result<Opened, TraceFileError> {
    if !head.starts_with(&MAGIC) {
        return super::staged_plain(head, r, max).map(Opened::Whole);
    }
    let mut r = io::BufReader::with_capacity(1 << 16, r);
    let body = read_head(&mut r, max)?;
    Ok(Opened::Body { body, gzip })
}

fn trailing() -> TraceFileError {
    TraceFileError::file_level(Problem::Invalid(
        "bytes follow the end of the binary trace".to_string(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_start_aligned_to_their_fields() {
        let mut at = 0;
        let mut last = usize::MAX;
        for &(name, _, ty) in RECORD_FIELDS {
            let size = field_size(ty);
            assert!(
                size <= last,
                "{name}: fields must be ordered by size, largest first"
            );
            // with any record count k, a column starts at k × (the sizes before it): a multiple
            // of its own size when every earlier size is a multiple of it
            assert_eq!(at % size, 0, "{name}");
            at += size;
            last = size;
        }
        let nodes: Vec<NodeRec> = (0..3u32)
            .map(|i| NodeRec {
                parent: i,
                alpha: -7 * i as i32,
                beta: 1000 + i as i32,
                value: -(i as i32),
                move_code: 300 + i as u16,
                index: 5 * i as u16,
                n_moves: 40 - i as u16,
                best_index: 0xFFFF - i as u16,
                kind: 16 + i as u8,
                depth: -(i as i8),
                flags: 1 << i,
                reason: 9 - i as u8,
            })
            .collect();
        let mut out = Vec::new();
        columns_into(&nodes, &mut out);
        assert_eq!(out.len(), 3 * RECORD_BYTES);
        assert_eq!(
            &out[..12],
            &[0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0],
            "the parents first"
        );
        let mut back = Vec::new();
        records_from_columns(&out, &mut back);
        assert_eq!(back, nodes, "every field of every record comes back");
    }

    #[test]
    fn columns_round_trip_over_several_tiles() {
        // more records than a tile, not a multiple of it: the last tile is short
        let k = 2 * TILE + 37;
        let nodes: Vec<NodeRec> = (0..k as u32)
            .map(|i| NodeRec {
                parent: i.wrapping_mul(2_654_435_761),
                alpha: -(i as i32) * 3,
                beta: i as i32 * 5 + 1,
                value: i as i32 - 1000,
                move_code: i as u16 ^ 0x5A5A,
                index: (i * 7) as u16,
                n_moves: (i % 219) as u16,
                best_index: (i * 13) as u16,
                kind: i as u8,
                depth: (i % 100) as i8 - 50,
                flags: (i * 3) as u8,
                reason: (i * 11) as u8,
            })
            .collect();
        let mut out = vec![9u8; 5];
        columns_into(&nodes, &mut out);
        assert_eq!(&out[..5], &[9; 5], "appended after what was there");
        let cols = &out[5..];
        // the column of a field holds every record's value, in order
        let values: Vec<u32> = cols[..4 * k]
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(values, nodes.iter().map(|n| n.parent).collect::<Vec<_>>());
        let reasons = &cols[27 * k..];
        assert_eq!(reasons, nodes.iter().map(|n| n.reason).collect::<Vec<_>>());
        let mut back = vec![NodeRec::from_bytes(&[1; RECORD_BYTES])];
        records_from_columns(cols, &mut back);
        assert_eq!(back.len(), k + 1, "appended after the record there");
        assert_eq!(&back[1..], &nodes[..]);
    }

    #[test]
    fn record_bytes_follow_the_documented_layout() {
        let n = NodeRec {
            parent: 0x0403_0201,
            alpha: -2,
            beta: 0x0C0B_0A09,
            value: 0x100F_0E0D,
            move_code: 0x1211,
            index: 0x1413,
            n_moves: 0x1615,
            best_index: 0x1817,
            kind: 0x19,
            depth: -3,
            flags: 0x1B,
            reason: 0x1C,
        };
        let b = n.bytes();
        assert_eq!(NodeRec::from_bytes(b), n);
        for &(name, offset, ty) in RECORD_FIELDS {
            let size = field_size(ty);
            let expect: Vec<u8> = match name {
                "parent" => n.parent.to_le_bytes().to_vec(),
                "alpha" => n.alpha.to_le_bytes().to_vec(),
                "beta" => n.beta.to_le_bytes().to_vec(),
                "value" => n.value.to_le_bytes().to_vec(),
                "move_code" => n.move_code.to_le_bytes().to_vec(),
                "index" => n.index.to_le_bytes().to_vec(),
                "n_moves" => n.n_moves.to_le_bytes().to_vec(),
                "best_index" => n.best_index.to_le_bytes().to_vec(),
                "kind" => vec![n.kind],
                "depth" => vec![n.depth as u8],
                "flags" => vec![n.flags],
                "reason" => vec![n.reason],
                other => panic!("unknown field {other}"),
            };
            assert_eq!(&b[offset..offset + size], &expect[..], "{name}");
        }
        assert_eq!(
            RECORD_FIELDS.iter().map(|f| field_size(f.2)).sum::<usize>(),
            RECORD_BYTES
        );
    }
}
