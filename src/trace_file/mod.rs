//! Trace files, JSON and binary (`docs/trace-format.md`): read from any [`Read`] in one pass
//! into the compact form the search records ([`Recorder`]), never an object per node, and
//! written to any [`Write`], natively and in wasm alike. Every source meets the one validation
//! ([`validate`]; in two steps for the page's staged opening), whose first problem is a
//! [`TraceFileError`] naming node (or event, or root), field and rule.

pub mod binary;
mod chance;
mod check;
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

pub use check::validate;
pub use error::{Location, Problem, TraceFileError};

use crate::game::tree::MAX_TREE_TEXT_BYTES;
use crate::run::{Input, Prepared, Summary};
use crate::search::config::SearchConfig;
use crate::trace::record::Recorder;
use std::io::{self, Read, Write};

/// A trace format name that is neither `json` nor `binary` (the CLI's `--format`, the page's
/// save format).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown trace format '{0}': expected json or binary")]
pub struct UnknownFormat(pub String);

/// What a trace file says besides its nodes and events: what was searched, how, and the result.
#[derive(Clone, Debug, PartialEq)]
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
        let is = |ext: &str| lower.ends_with(ext);
        (is(".json") || is(".json.gz"))
            .then_some(Format::Json)
            .or(is(binary::EXTENSION).then_some(Format::Binary))
    }

    /// `json` or `binary` (the CLI's `--format`).
    pub fn parse(s: &str) -> Result<Format, UnknownFormat> {
        match s {
            "json" => Ok(Format::Json),
            "binary" => Ok(Format::Binary),
            _ => Err(UnknownFormat(s.to_string())),
        }
    }
}

/// Reads a trace file, JSON or binary, gzip-compressed or not, and validates it whole, holding
/// an explicit tree's text up to the format's own limit.
pub fn read<R: Read>(r: R) -> Result<TraceFile, TraceFileError> {
    open(r, MAX_TREE_TEXT_BYTES)?.staged()?.check()
}

/// A trace file opened by [`open`]: read and checked whole (JSON), or a binary trace whose head
/// is read, its [`binary::Body`] waiting for the rest of the (decompressed) file.
pub enum Opened<'a> {
    Whole(Staged),
    Body {
        body: binary::Body,
        /// The file is gzip-compressed: the body's bytes are the file's inflated.
        gzip: bool,
        /// The file after the head, for [`Opened::staged`] to pull the body from.
        rest: Box<dyn Read + 'a>,
    },
}

/// Opens a trace file, its encoding and compression told by its first bytes, holding at most
/// `max_tree_text` bytes of an explicit tree's text (the page holds less than the format's
/// [`MAX_TREE_TEXT_BYTES`]), refused as it streams in. A JSON file is read and checked whole; a
/// binary file up to its first node, so that the page can push the body as its browser inflates
/// it (this crate's inflater in wasm took a fifth of a 10 M-node open, docs/benchmarks.md).
pub fn open<'a, R: Read + 'a>(r: R, max_tree_text: usize) -> Result<Opened<'a>, TraceFileError> {
    let (head, r) = sniff(r)?;
    let gzip = head.starts_with(&[0x1f, 0x8b]);
    let (head, mut rest) = match gzip {
        true => sniff(flate2::read::MultiGzDecoder::new(r))?,
        false => (head, r),
    };
    if head.starts_with(&binary::MAGIC) {
        let body = binary::Body::head(&mut rest, max_tree_text)?;
        return Ok(Opened::Body { body, gzip, rest });
    }
    let why = match head.iter().find(|b| !b.is_ascii_whitespace()) {
        _ if head.is_empty() => "the file is empty",
        Some(b'{') | None => {
            let file = json_read::read(rest, max_tree_text)?;
            return Ok(Opened::Whole(Staged { file, rest: None }));
        }
        _ => {
            "it is neither JSON (which starts with '{') nor a binary trace (which starts with the \
              bytes \"PSTRACE\")"
        }
    };
    Err(TraceFileError::file_level(Problem::NotATrace(why.into())))
}

impl Opened<'_> {
    /// The file read whole and checked as far as makes it safe to stream ([`Staged`]).
    pub fn staged(self) -> Result<Staged, TraceFileError> {
        match self {
            Opened::Whole(staged) => Ok(staged),
            Opened::Body { mut body, rest, .. } => body.push(rest).and_then(|()| body.staged()),
        }
    }
}

/// A trace file read whole and checked far enough to be walked and streamed
/// ([`check::Validation::start`]), for the page, which streams it into a staged store while
/// [`Staged::check`] does the rest; either step's problem is the one [`read`] reports.
pub struct Staged {
    pub file: TraceFile,
    /// What is left to check (`None` for a JSON file, checked as it was read).
    rest: Option<check::Validation>,
}

impl Staged {
    /// Runs the checks left ([`check::Validation::finish`]); answers the file.
    pub fn check(self) -> Result<TraceFile, TraceFileError> {
        self.rest.iter().try_for_each(|v| v.finish(&self.file))?;
        Ok(self.file)
    }

    /// Every check has passed.
    pub fn is_checked(&self) -> bool {
        self.rest.is_none()
    }
}

/// Writes a trace in `format`. `prepared` is `input` parsed (the JSON names moves from it).
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
        Format::Json => json::write_trace(w, input, prepared, config, summary, rec),
        Format::Binary => binary::write(w, input, config, summary, rec),
    }
}

/// Up to the first 8 bytes of `r`, and a reader that still yields them.
fn sniff<'a>(mut r: impl Read + 'a) -> Result<(Vec<u8>, Box<dyn Read + 'a>), TraceFileError> {
    let mut head = Vec::with_capacity(8);
    (&mut r).take(8).read_to_end(&mut head)?;
    Ok((head.clone(), Box::new(io::Cursor::new(head).chain(r))))
}
