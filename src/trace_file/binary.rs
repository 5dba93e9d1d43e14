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

/// Appends `nodes` to `out` in the column layout ([`each_column`]). The binary format stores
/// its chunks so, and the worker sends its batches so (the page copies each column into its own
/// with one typed-array `set`; docs/worker-protocol.md). Every column starts aligned to its
/// field's size: the fields are ordered by size, largest first. Each column is written straight
/// from the records (a pass through rows cost the worker a fifth of a random tree's search
/// time).
pub fn columns_into(nodes: &[NodeRec], out: &mut Vec<u8>) {
    let start = out.len();
    out.resize(start + nodes.len() * RECORD_BYTES, 0);
    let out = &mut out[start..];
    each_column(nodes.len(), |offset, size, at| match size {
        4 => put::<4>(&mut out[at], nodes, offset),
        2 => put::<2>(&mut out[at], nodes, offset),
        _ => put::<1>(&mut out[at], nodes, offset),
    });
}

/// Appends to `nodes` the records of `bytes`, which holds whole records in the column layout of
/// [`columns_into`]; bytes past the last whole record are ignored.
pub fn records_from_columns(bytes: &[u8], nodes: &mut Vec<NodeRec>) {
    let k = bytes.len() / RECORD_BYTES;
    let start = nodes.len();
    nodes.resize(start + k, bytemuck::Zeroable::zeroed());
    let new = &mut nodes[start..];
    each_column(k, |offset, size, at| match size {
        4 => get::<4>(&bytes[at], new, offset),
        2 => get::<2>(&bytes[at], new, offset),
        _ => get::<1>(&bytes[at], new, offset),
    });
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

/// Reads `count` 32-bit words in chunks.
fn read_words<R: Read>(
    r: &mut R,
    buf: &mut Vec<u8>,
    count: usize,
    what: &str,
    mut each: impl FnMut(u32),
) -> Result<(), TraceFileError> {
    let mut left = count;
    while left > 0 {
        let k = left.min(CHUNK);
        buf.resize(k * 4, 0);
        read_exact(r, buf, what)?;
        for w in buf.chunks_exact(4) {
            each(u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
        }
        left -= k;
    }
    Ok(())
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
    let mut word = [0u8; 8];
    read_exact(&mut r, &mut word, "magic bytes")?;
    if word != MAGIC {
        return Err(TraceFileError::file_level(Problem::NotATrace(
            "the binary magic bytes are wrong".to_string(),
        )));
    }
    let mut w4 = [0u8; 4];
    read_exact(&mut r, &mut w4, "version")?;
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
    read_exact(&mut r, &mut w4, "header length")?;
    let len = u32::from_le_bytes(w4);
    if len > MAX_HEADER_BYTES {
        return Err(TraceFileError::file_level(Problem::TooLarge(format!(
            "a header of {len} bytes (at most {MAX_HEADER_BYTES})"
        ))));
    }
    // Read through a scanner that holds each field within the bytes the format allows it:
    // the length alone bounds nothing (an `iterations` array inflated to 250 MB fits in it).
    let header =
        super::json_read::read_binary_header((&mut r).take(len as u64), version, max_text)?;
    let mut counts = [0u64; 5];
    for c in &mut counts {
        read_exact(&mut r, &mut word, "counts")?;
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

    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK * RECORD_BYTES);
    let mut left = n_nodes as usize;
    while left > 0 {
        let k = left.min(CHUNK);
        buf.resize(k * RECORD_BYTES, 0);
        read_exact(&mut r, &mut buf, "nodes")?;
        records_from_columns(&buf, &mut rec.nodes);
        left -= k;
    }
    let mut left = n_events as usize;
    while left > 0 {
        let k = left.min(CHUNK * 4);
        buf.resize(k, 0);
        read_exact(&mut r, &mut buf, "events")?;
        rec.events.extend_from_slice(&buf);
        left -= k;
    }
    read_words(&mut r, &mut buf, n_aux as usize, "event data", |w| {
        rec.aux.push(w as i32)
    })?;
    let mut pending = None;
    read_words(
        &mut r,
        &mut buf,
        n_research as usize * 2,
        "re-search links",
        |w| match pending.take() {
            None => pending = Some(w),
            Some(a) => rec.research_of.push((a, w)),
        },
    )?;
    read_words(&mut r, &mut buf, n_roots as usize, "roots", |w| {
        rec.roots.push(w)
    })?;
    read_words(&mut r, &mut buf, n_roots as usize, "root depths", |w| {
        rec.root_depths.push(w as i32)
    })?;
    let mut extra = [0u8; 1];
    if r.read(&mut extra)? != 0 {
        return Err(TraceFileError::file_level(Problem::Invalid(
            "bytes follow the end of the binary trace".to_string(),
        )));
    }
    Ok(TraceFile { header, rec })
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
