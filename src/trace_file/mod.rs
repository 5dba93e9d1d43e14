//! Trace files, JSON and binary: reading them in one streaming pass into the compact form the
//! search records ([`Recorder`]), validating every field on the way, and writing them.
//!
//! The API is the same natively and in wasm (no file system, no threads): [`read`] takes any
//! [`Read`] — a file, a byte slice — and detects the encoding; [`write`] takes any [`Write`].
//! The formats are documented in `docs/trace-format.md`:
//!
//! - **JSON** ([`crate::trace_file::json`]): one object per node and per event; for people and other
//!   tools. Optionally gzip-compressed (`.json.gz`).
//! - **Binary** ([`binary`]): the 28-byte node records column by column, the event tape and
//!   the small arrays, gzip-compressed; a tenth of the JSON's size and read in a fraction of
//!   its time.
//!
//! Reading never builds per-node objects: a JSON file is parsed node by node straight into
//! records, and checked as it goes, so a trace costs about its compact size in memory. Every
//! file is validated ([`validate`]) before it is returned, and the first problem is reported as
//! a [`TraceFileError`] naming the node (or event, or root) and the field.

pub mod binary;
mod chance;
mod check;
pub mod diff;
mod error;
mod events;
mod header;
pub mod json;
mod json_read;
mod limits;
mod node_fields;
mod scan;
mod semantics;
pub mod verify;
pub(crate) mod walk;

pub use error::{Location, Problem, TraceFileError};

use crate::game::tree::MAX_TREE_TEXT_BYTES;
use crate::run::{Input, Prepared, Summary};
use crate::search::config::SearchConfig;
use crate::trace::record::Recorder;
use serde::{Deserialize, Serialize};
use std::io::{self, Read, Write};

/// A trace format name that is neither `json` nor `binary` (the CLI's `--format`, the page's
/// save format).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown trace format '{0}': expected json or binary")]
pub struct UnknownFormat(pub String);

/// What a trace file says besides its nodes and events: what was searched, how, and the result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceHeader {
    pub input: Input,
    pub config: SearchConfig,
    pub summary: Summary,
}

/// A trace file read back: its header and the recording, exactly as the search made it.
#[derive(Clone, Debug)]
pub struct TraceFile {
    pub header: TraceHeader,
    pub rec: Recorder,
}

impl TraceFile {
    /// The input, parsed (it was checked when the file was read).
    pub fn prepare(&self) -> Result<Prepared, TraceFileError> {
        check::check_header(&self.header)
    }
}

/// The two encodings of a trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Json,
    Binary,
}

impl Format {
    /// The format a file name asks for: `.json` or `.json.gz` is JSON, `.pstrace` binary.
    pub fn from_path(path: &str) -> Option<Format> {
        let lower = path.to_ascii_lowercase();
        if lower.ends_with(".json") || lower.ends_with(".json.gz") {
            Some(Format::Json)
        } else if lower.ends_with(binary::EXTENSION) {
            Some(Format::Binary)
        } else {
            None
        }
    }

    /// `json` or `binary` (the CLI's `--format`).
    pub fn parse(s: &str) -> Result<Format, UnknownFormat> {
        match s {
            "json" => Ok(Format::Json),
            "binary" => Ok(Format::Binary),
            _ => Err(UnknownFormat(s.to_string())),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Binary => "binary",
        }
    }
}

/// Reads a trace file, JSON or binary, gzip-compressed or not (detected from its first bytes),
/// and validates it. The reader is consumed in one pass; wrap files in nothing (reading is
/// buffered inside).
pub fn read<R: Read>(r: R) -> Result<TraceFile, TraceFileError> {
    read_within(r, MAX_TREE_TEXT_BYTES)
}

/// [`read`], holding at most `max_tree_text` bytes of an explicit tree's text (the format's
/// own limit is [`MAX_TREE_TEXT_BYTES`]; the page holds less, `crate::wasm`): a longer text is
/// refused as it streams in, before it is held.
pub fn read_within<R: Read>(r: R, max_tree_text: usize) -> Result<TraceFile, TraceFileError> {
    let (head, r) = sniff(r)?;
    if head.starts_with(&[0x1f, 0x8b]) {
        let (inner, r) = sniff(flate2::read::MultiGzDecoder::new(r))?;
        read_plain(&inner, r, max_tree_text)
    } else {
        read_plain(&head, r, max_tree_text)
    }
}

/// A trace file read whole and checked far enough to be walked and streamed
/// ([`check::Validation::start`]): the staged reading of the page, which streams the trace into
/// a staged store while [`Staged::check`] does the rest. The file is accepted only once
/// [`Staged::check`] has passed; a problem either step finds is the one [`read`] reports.
pub struct Staged {
    pub file: TraceFile,
    /// What is left to check (`None` once checked, or for a JSON file, checked as it was read).
    rest: Option<check::Validation>,
}

impl Staged {
    /// Runs the checks left ([`check::Validation::finish`]); the error is the first problem
    /// [`read`] would have reported.
    pub fn check(&mut self) -> Result<(), TraceFileError> {
        if let Some(v) = &self.rest {
            v.finish(&self.file)?;
            self.rest = None;
        }
        Ok(())
    }

    /// Every check has passed.
    pub fn is_checked(&self) -> bool {
        self.rest.is_none()
    }
}

/// Reads a trace file as [`read`] does, but checks a binary file in the two steps of the one
/// validation: what makes it safe to walk before it returns, the rest in [`Staged::check`]. A
/// JSON file is checked as it is read, whole.
pub fn read_staged<R: Read>(r: R) -> Result<Staged, TraceFileError> {
    read_staged_within(r, MAX_TREE_TEXT_BYTES)
}

/// [`read_staged`], holding at most `max_tree_text` bytes of an explicit tree's text
/// ([`read_within`]).
pub fn read_staged_within<R: Read>(r: R, max_tree_text: usize) -> Result<Staged, TraceFileError> {
    let (head, r) = sniff(r)?;
    if head.starts_with(&[0x1f, 0x8b]) {
        let (inner, r) = sniff(flate2::read::MultiGzDecoder::new(r))?;
        staged_plain(&inner, r, max_tree_text)
    } else {
        staged_plain(&head, r, max_tree_text)
    }
}

fn staged_plain<R: Read>(head: &[u8], r: R, max: usize) -> Result<Staged, TraceFileError> {
    if !head.starts_with(&binary::MAGIC) {
        return Ok(Staged {
            file: read_plain(head, r, max)?,
            rest: None,
        });
    }
    let file = binary::read_unchecked(r, max)?;
    let rest = Some(check::Validation::start(&file)?);
    Ok(Staged { file, rest })
}

/// Writes a trace in `format`. `prepared` is `input` parsed (the JSON names moves from it);
/// binary files are gzip-compressed and written in chunks.
pub fn write<W: Write>(
    w: W,
    format: Format,
    input: &Input,
    prepared: &Prepared,
    config: &SearchConfig,
    summary: &Summary,
    rec: &Recorder,
) -> io::Result<()> {
    match format {
        Format::Json => {
            crate::trace_file::json::write_trace(w, input, prepared, config, summary, rec)
        }
        Format::Binary => binary::write(w, input, config, summary, rec),
    }
}

/// The one validation, on every source: a trace held in memory (a recording the page hands
/// back, a search's own), as [`read`] runs it before returning a file (the header, every node
/// against its parent and the game, the event tape, the summary and the semantic rules).
pub fn validate(file: &TraceFile) -> Result<(), TraceFileError> {
    check::validate(file)
}

/// Up to the first 8 bytes of `r`, and a reader that still yields them.
fn sniff<R: Read>(mut r: R) -> Result<(Vec<u8>, impl Read), TraceFileError> {
    let mut head = [0u8; 8];
    let mut n = 0;
    while n < head.len() {
        match r.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    let head = head[..n].to_vec();
    Ok((head.clone(), io::Cursor::new(head).chain(r)))
}

fn read_plain<R: Read>(head: &[u8], r: R, max: usize) -> Result<TraceFile, TraceFileError> {
    if head.starts_with(&binary::MAGIC) {
        return binary::read(r, max);
    }
    match head.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'{') | None if !head.is_empty() => json_read::read(r, max),
        _ => Err(TraceFileError::file_level(Problem::NotATrace(
            if head.is_empty() {
                "the file is empty".to_string()
            } else {
                "it is neither JSON (which starts with '{') nor a binary trace (which starts \
                 with the bytes \"PSTRACE\")"
                    .to_string()
            },
        ))),
    }
}
