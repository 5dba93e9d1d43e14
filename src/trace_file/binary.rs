//! The binary trace format (`.pstrace`, `docs/trace-format.md` "Binary files"): the compact form
//! the search records, gzip-compressed. Node records are stored in chunks of [`CHUNK`], column
//! by column (a chunk's `parent`s, then its `alpha`s, …), which compress far better than rows;
//! every other array as it lies in the [`Recorder`], written from and read into its memory
//! through bytemuck.

use super::error::{Problem, TraceFileError};
use super::{Staged, TraceFile, check::Validation, json_read, limits};
use crate::run::{Input, Summary};
use crate::schema::{RECORD_BYTES, RECORD_FIELDS};
use crate::search::config::SearchConfig;
use crate::trace::record::{NodeRec, Recorder};
use crate::trace_file::json::{OLDEST_READABLE, VERSION};
use bytemuck::{Pod, Zeroable};
use flate2::{Compression, write::GzEncoder};
use serde_json::to_string;
use std::io::{self, Read, Write};

/// The first bytes of a binary trace (after decompression).
pub const MAGIC: [u8; 8] = *b"PSTRACE\0";
/// Records per chunk of the node section.
pub const CHUNK: usize = 1 << 16;
/// The file name extension of binary traces.
pub const EXTENSION: &str = ".pstrace";
/// Largest header accepted, in bytes (an explicit tree's text is in it).
pub const MAX_HEADER_BYTES: u32 = 256 << 20;

// The file's integers are little-endian (docs/trace-format.md) and are read and written as they
// lie in memory (bytemuck): a big-endian build would misread every file, so it does not build.
const _: () = assert!(cfg!(target_endian = "little"), "little-endian only");

/// Records per tile of a transposition between rows and columns: a tile's records (28 KiB)
/// stay in the first-level cache while its twelve columns are read or written, where a whole
/// chunk's rows (1.8 MB) were walked twelve times.
const TILE: usize = 1 << 10;

/// Appends `nodes` to `out` in the column layout (each field's column in the order of
/// `RECORD_FIELDS`, largest first, so every column starts aligned to its field's size): a
/// binary file's chunks, and the worker's batches (the page copies each column into its own
/// with one typed-array `set`, docs/worker-protocol.md).
pub fn columns_into(nodes: &[NodeRec], out: &mut Vec<u8>) {
    let start = out.len();
    out.resize(start + nodes.len() * RECORD_BYTES, 0);
    transpose(bytemuck::cast_slice(nodes), &mut out[start..], true);
}

/// Fills `nodes` from `bytes`, the same number of records in the column layout.
pub fn records_from_columns(bytes: &[u8], nodes: &mut [NodeRec]) {
    transpose(bytes, bytemuck::cast_slice_mut(nodes), false);
}

/// Copies records' bytes from rows into columns (`to_columns`) or back, a [`TILE`] at a time.
fn transpose(from: &[u8], to: &mut [u8], to_columns: bool) {
    let k = from.len() / RECORD_BYTES;
    for first in (0..k).step_by(TILE) {
        let rows = first * RECORD_BYTES..k.min(first + TILE) * RECORD_BYTES;
        let mut at = 0;
        for &(_, offset, ty) in RECORD_FIELDS {
            let size = ty[1..].parse::<usize>().unwrap_or(8) / 8;
            let (rows, column) = (rows.clone(), at + first * size..);
            at += k * size;
            let (from, to) = match to_columns {
                true => (&from[rows], &mut to[column]),
                false => (&from[column], &mut to[rows]),
            };
            match size {
                4 => cells::<4>(from, to, offset, to_columns),
                2 => cells::<2>(from, to, offset, to_columns),
                _ => cells::<1>(from, to, offset, to_columns),
            }
        }
    }
}

/// One field's `N`-byte cells, at `offset` in each record, into its column or back.
fn cells<const N: usize>(from: &[u8], to: &mut [u8], offset: usize, to_columns: bool) {
    if to_columns {
        for (c, r) in to.chunks_exact_mut(N).zip(from.chunks_exact(RECORD_BYTES)) {
            c.copy_from_slice(&r[offset..offset + N]);
        }
    } else {
        for (r, c) in to.chunks_exact_mut(RECORD_BYTES).zip(from.chunks_exact(N)) {
            r[offset..offset + N].copy_from_slice(c);
        }
    }
}

/// Writes `rec` as a binary trace, gzip-compressed, one chunk of records at a time.
pub fn write<W: Write>(
    w: W,
    input: &Input,
    config: &SearchConfig,
    summary: &Summary,
    rec: &Recorder,
) -> io::Result<()> {
    let (input, config, summary) = (to_string(input)?, to_string(config)?, to_string(summary)?);
    let header = format!("{{\"input\":{input},\"config\":{config},\"summary\":{summary}}}");
    let len = header.len();
    if len > MAX_HEADER_BYTES as usize {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, too_long(len)));
    }
    let mut gz = GzEncoder::new(w, Compression::fast());
    gz.write_all(&MAGIC)?;
    gz.write_all(&VERSION.to_le_bytes())?;
    gz.write_all(&(len as u32).to_le_bytes())?;
    gz.write_all(header.as_bytes())?;
    let research: Vec<[u32; 2]> = rec.research_of.iter().map(|&(a, b)| [a, b]).collect();
    let (nodes, events, aux) = (rec.nodes.len(), rec.events.len(), rec.aux.len());
    let counts = [nodes, events, aux, research.len(), rec.roots.len()];
    gz.write_all(bytemuck::cast_slice(&counts.map(|c| c as u64)))?;
    let mut buf = Vec::with_capacity(CHUNK * RECORD_BYTES);
    for chunk in rec.nodes.chunks(CHUNK) {
        buf.clear();
        columns_into(chunk, &mut buf);
        gz.write_all(&buf)?;
    }
    gz.write_all(&rec.events)?;
    gz.write_all(bytemuck::cast_slice(&rec.aux))?;
    gz.write_all(bytemuck::cast_slice(&research))?;
    gz.write_all(bytemuck::cast_slice(&rec.roots))?;
    gz.write_all(bytemuck::cast_slice(&rec.root_depths))?;
    gz.finish()?.flush()
}

/// A header longer than the format allows, written or read.
fn too_long(len: impl std::fmt::Display) -> String {
    format!("a header of {len} bytes (at most {MAX_HEADER_BYTES})")
}

fn truncated(what: &str) -> TraceFileError {
    let why = format!("the binary trace stops inside its {what}");
    TraceFileError::file_level(Problem::Truncated(why))
}

/// The next value of `r`, which holds the file's `what`, as it lies in memory (little-endian).
fn take<T: Pod>(r: &mut impl Read, what: &str) -> Result<T, TraceFileError> {
    let mut v = T::zeroed();
    match r.read_exact(bytemuck::bytes_of_mut(&mut v)) {
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Err(truncated(what)),
        read => read.map(|_| v).map_err(Into::into),
    }
}

fn too_large(count: u64, what: &str) -> TraceFileError {
    let why = format!("the file declares {count} {what}, more than this reader can hold");
    TraceFileError::file_level(Problem::TooLarge(why))
}

/// `count` elements reserved: a clean refusal where memory (or wasm32's address space) is
/// short, so that a corrupt count never aborts the process. Nothing is filled: the elements
/// come as their bytes arrive ([`room`]).
fn alloc<T>(count: u64, what: &str) -> Result<Vec<T>, TraceFileError> {
    let mut v = Vec::new();
    let n = usize::try_from(count).map_err(|_| too_large(count, what))?;
    v.try_reserve_exact(n).map_err(|_| too_large(count, what))?;
    Ok(v)
}

/// `v`'s bytes, grown by a chunk of zeroes (up to `n` elements) once its `filled` bytes are all
/// it holds: memory follows the bytes that came, not the count the head declared (a file of a
/// hundred bytes may declare a billion events).
fn room<T: Pod>(v: &mut Vec<T>, n: usize, filled: usize) -> &mut [u8] {
    if filled == std::mem::size_of_val(&v[..]) {
        v.resize(n.min(v.len() + CHUNK), T::zeroed());
    }
    bytemuck::cast_slice_mut(v)
}

/// A binary trace after its head: the node chunks, the event tape and the small arrays, read
/// straight into the recorder's arrays in file order as the bytes come ([`Body::push`]), from
/// a reader or from the page, whose browser inflates the file natively, `wasm/file.rs`.
pub struct Body {
    file: TraceFile,
    research: Vec<[u32; 2]>,
    /// The elements each section declares (`rec.nodes` grows by a chunk as each comes whole).
    counts: [usize; 6],
    /// One chunk of records in the column layout, while it is turned into rows.
    scratch: Vec<u8>,
    /// Where the nodes start in the decompressed file (the head's length): what a pusher skips.
    pub start: u64,
    /// The section being read (6 once all are) and its bytes received (the nodes': of the
    /// chunk being read).
    part: usize,
    filled: usize,
}

impl Body {
    /// Reads a binary trace's head — magic (which `super::open` found), version, header,
    /// counts — from `r`, which is then at the first node, and reserves the arrays the counts
    /// declare.
    pub(super) fn head<R: Read>(r: &mut R, max_text: usize) -> Result<Body, TraceFileError> {
        let [_, _, version, len]: [u32; 4] = take(r, "magic bytes, version and header length")?;
        if !(OLDEST_READABLE..=VERSION).contains(&version) {
            let found = version as u64;
            let e = Problem::Version { found };
            return Err(TraceFileError::header("version", e));
        }
        if len > MAX_HEADER_BYTES {
            return Err(TraceFileError::file_level(Problem::TooLarge(too_long(len))));
        }
        // Read through a scanner that holds each field within the bytes the format allows it:
        // the length alone bounds nothing (an `iterations` array inflated to 250 MB fits in it).
        let header = json_read::read_binary_header(r.take(len as u64), version, max_text)?;
        let [n_nodes, n_events, n_aux, n_research, n_roots]: [u64; 5] = take(r, "counts")?;
        let roots = Some(usize::try_from(n_roots).unwrap_or(usize::MAX));
        limits::check_header_arrays(&header.config, header.summary.iterations.len(), roots)?;
        if n_nodes >= u32::MAX as u64 {
            return Err(too_large(n_nodes, "nodes"));
        }
        let mut rec = Recorder::new();
        rec.nodes = alloc(n_nodes, "nodes")?;
        rec.events = alloc(n_events, "events")?;
        rec.aux = alloc(n_aux, "event data words")?;
        let research = alloc(n_research, "re-search links")?;
        rec.roots = alloc(n_roots, "roots")?;
        rec.root_depths = alloc(n_roots, "roots")?;
        // every count now fits in memory, so in a usize
        let counts = [n_nodes, n_events, n_aux, n_research, n_roots, n_roots].map(|c| c as usize);
        Ok(Body {
            file: TraceFile { header, rec },
            research,
            counts,
            scratch: Vec::new(),
            start: 8 + 4 + 4 + len as u64 + 40,
            part: 0,
            filled: 0,
        })
    }

    /// The section being read, by the name a file that stops inside it gives, and its bytes:
    /// the nodes' chunk being read (in the scratch buffer, which keeps its length from chunk to
    /// chunk, so it is zero-filled once), or an array as far as its bytes have come ([`room`]).
    fn section(&mut self) -> (&'static str, &mut [u8]) {
        let n = self.counts.get(self.part).copied().unwrap_or(0);
        let (rec, f) = (&mut self.file.rec, self.filled);
        match self.part {
            0 => {
                self.scratch
                    .resize((n - rec.nodes.len()).min(CHUNK) * RECORD_BYTES, 0);
                ("nodes", &mut self.scratch)
            }
            1 => ("events", room(&mut rec.events, n, f)),
            2 => ("event data", room(&mut rec.aux, n, f)),
            3 => ("re-search links", room(&mut self.research, n, f)),
            4 => ("roots", room(&mut rec.roots, n, f)),
            5 => ("root depths", room(&mut rec.root_depths, n, f)),
            _ => ("", &mut []),
        }
    }

    /// The bytes the next input goes into (empty once every section is read).
    fn space(&mut self) -> &mut [u8] {
        while self.part < 6 && self.filled == self.section().1.len() {
            (self.part, self.filled) = (self.part + 1, 0);
        }
        let filled = self.filled;
        &mut self.section().1[filled..]
    }

    /// Takes in the next bytes of the file, `r` to its end (the page pushes each piece its
    /// browser inflates, a slice; `super::Opened::staged` pulls the file's rest), straight into
    /// the section being read; once all are, one byte more is refused. A chunk of records, once
    /// whole, is turned from columns into rows.
    pub fn push(&mut self, mut r: impl Read) -> Result<(), TraceFileError> {
        loop {
            let space = self.space();
            let last = space.is_empty();
            let mut byte = [0u8];
            match r.read(if last { &mut byte[..] } else { space }) {
                Ok(0) => return Ok(()),
                Ok(_) if last => {
                    let why = "bytes follow the end of the binary trace".to_string();
                    return Err(TraceFileError::file_level(Problem::Invalid(why)));
                }
                Ok(k) => self.filled += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            }
            if self.part == 0 && self.filled == self.scratch.len() {
                let (first, nodes) = (self.file.rec.nodes.len(), &mut self.file.rec.nodes);
                nodes.resize(first + self.filled / RECORD_BYTES, NodeRec::zeroed());
                records_from_columns(&self.scratch, &mut nodes[first..]);
                self.filled = 0;
            }
        }
    }

    /// The trace once every byte has come (a file that stopped early is refused naming the
    /// section it stopped in), checked as far as makes it safe to stream: the first step of the
    /// one validation ([`Validation::start`]).
    pub fn staged(mut self) -> Result<Staged, TraceFileError> {
        if !self.space().is_empty() {
            return Err(truncated(self.section().0));
        }
        let mut file = self.file;
        file.rec.research_of = self.research.into_iter().map(|[a, b]| (a, b)).collect();
        let rest = Some(Validation::start(&file)?);
        Ok(Staged { file, rest })
    }
}
