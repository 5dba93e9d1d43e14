//! `prunescope convert IN OUT`: a trace file from one format to the other, and the one place the
//! CLI writes trace files (`--trace FILE` of the search commands uses it too).

use crate::error::CliError;
use crate::term;
use clap::Args;
use prunescope::run::{Input, Prepared, Summary};
use prunescope::search::config::SearchConfig;
use prunescope::trace::record::Recorder;
use prunescope::trace_file::{self, Format};
use std::io::{self, BufWriter, Write};

#[derive(Args)]
pub struct ConvertArgs {
    /// The trace file to read: JSON or binary, possibly gzip-compressed (detected from its
    /// bytes).
    pub input: String,
    /// The file to write; "-" writes to standard output (JSON unless --format says binary).
    pub output: String,
    /// The format to write: json or binary (default: from OUTPUT's name: .json, .json.gz or
    /// .pstrace).
    #[arg(long, value_parser = Format::parse)]
    pub format: Option<Format>,
}

/// `prunescope convert`: reads and validates a trace, then writes it in the other format.
pub fn run(a: ConvertArgs) -> Result<(), CliError> {
    let f = crate::diff::read_trace_file(&a.input)?;
    let prepared = f
        .prepare()
        .map_err(|e| CliError::from(e.in_file(&a.input).to_string()))?;
    let h = &f.header;
    let t = TraceRef {
        input: &h.input,
        prepared: &prepared,
        config: &h.config,
        summary: &h.summary,
        rec: &f.rec,
    };
    if a.output == "-" {
        let format = a.format.unwrap_or(Format::Json);
        let mut out = term::stdout();
        t.write(&mut out, format, false)?;
        out.flush()?;
        return Ok(());
    }
    write_trace_file(&a.output, a.format, &t)
}

/// A trace to write, with what the writers need.
pub struct TraceRef<'a> {
    pub input: &'a Input,
    pub prepared: &'a Prepared,
    pub config: &'a SearchConfig,
    pub summary: &'a Summary,
    pub rec: &'a Recorder,
}

impl TraceRef<'_> {
    fn write<W: Write>(&self, w: W, format: Format, gzip: bool) -> io::Result<()> {
        let (input, prepared, config, summary, rec) = (
            self.input,
            self.prepared,
            self.config,
            self.summary,
            self.rec,
        );
        if gzip && format == Format::Json {
            let mut gz = flate2::write::GzEncoder::new(w, flate2::Compression::default());
            trace_file::write(&mut gz, format, input, prepared, config, summary, rec)?;
            gz.finish()?.flush()
        } else {
            trace_file::write(w, format, input, prepared, config, summary, rec)
        }
    }
}

/// The format to write `path` in: `flag` if given, else from the file name.
pub fn format_for(path: &str, flag: Option<Format>) -> Result<Format, CliError> {
    flag.or_else(|| Format::from_path(path)).ok_or_else(|| {
        CliError::from(format!(
            "cannot tell the trace format from the name '{path}': name it .json, .json.gz or \
             .pstrace, or pass --format json|binary"
        ))
    })
}

/// Writes a trace file: to a temporary file beside `path`, renamed into place once complete, so
/// a failed write (a full disk) never leaves a truncated trace under the real name.
pub fn write_trace_file(path: &str, flag: Option<Format>, t: &TraceRef) -> Result<(), CliError> {
    let format = format_for(path, flag)?;
    let gzip = path.to_ascii_lowercase().ends_with(".gz");
    let tmp = format!("{path}.tmp-{}", std::process::id());
    let result = (|| -> io::Result<()> {
        let f = std::fs::File::create(&tmp)?;
        let mut w = BufWriter::with_capacity(1 << 16, f);
        t.write(&mut w, format, gzip)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        CliError::from(format!("cannot write trace file '{path}': {e}"))
    })
}
