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
            // The writer makes many small writes; fed to the encoder one by one, each is a call
            // into deflate (about 23 times slower than `gzip -6` on 500 k nodes). Buffered, the
            // encoder sees 64 KiB at a time.
            let mut gz = flate2::write::GzEncoder::new(w, flate2::Compression::default());
            let mut buf = io::BufWriter::with_capacity(1 << 16, &mut gz);
            trace_file::write(&mut buf, format, input, prepared, config, summary, rec)?;
            buf.flush()?;
            drop(buf);
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

/// Writes a trace file. Over a regular file or at a new path, atomically: to a temporary file
/// beside it, renamed into place once complete, so that a failed write (a full disk) never
/// leaves a truncated trace under the real name. A symlink is followed to its target, which is
/// then written as if named (the link stays a link); a dangling one is refused. A device or a
/// FIFO is written through, never replaced: a write error is the device's (`No space left on
/// device` for a full one), and a FIFO with no reader fails at once with "no reader" instead
/// of waiting for one. docs/cli.md, "Output files".
pub fn write_trace_file(path: &str, flag: Option<Format>, t: &TraceRef) -> Result<(), CliError> {
    let format = format_for(path, flag)?;
    let gzip = path.to_ascii_lowercase().ends_with(".gz");
    let fail = |e: &dyn std::fmt::Display| {
        CliError::from(format!("cannot write trace file '{path}': {e}"))
    };
    let target = match Target::of(path) {
        Ok(t) => t,
        Err(e) => return Err(fail(&e)),
    };
    match target {
        Target::Replace(dest) => {
            let tmp = format!("{}.tmp-{}", dest.display(), std::process::id());
            let result = (|| -> io::Result<()> {
                let f = std::fs::File::create(&tmp)?;
                let mut w = BufWriter::with_capacity(1 << 16, f);
                t.write(&mut w, format, gzip)?;
                w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
                std::fs::rename(&tmp, &dest)
            })();
            result.map_err(|e| {
                let _ = std::fs::remove_file(&tmp);
                fail(&e)
            })
        }
        Target::Through(f) => {
            let result = (|| -> io::Result<()> {
                let mut w = BufWriter::with_capacity(1 << 16, f);
                t.write(&mut w, format, gzip)?;
                w.flush()
            })();
            // A reader that closed the FIFO early is an error here: the file was asked for.
            result.map_err(|e| fail(&e))
        }
    }
}

/// Where a trace file goes: a path to replace atomically, or an open device or FIFO to write
/// through.
enum Target {
    Replace(std::path::PathBuf),
    Through(std::fs::File),
}

impl Target {
    fn of(path: &str) -> io::Result<Target> {
        use std::os::unix::fs::FileTypeExt;
        let p = std::path::Path::new(path);
        let meta = match std::fs::symlink_metadata(p) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(Target::Replace(p.to_path_buf()));
            }
            Err(e) => return Err(e),
            Ok(m) => m,
        };
        let (dest, meta) = if meta.file_type().is_symlink() {
            // Followed: the link's final target is written, in its own directory.
            match std::fs::canonicalize(p) {
                Ok(dest) => {
                    let meta = std::fs::metadata(&dest)?;
                    (dest, meta)
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    return Err(io::Error::new(
                        io::ErrorKind::NotFound,
                        "it is a symlink whose target does not exist (name the target instead)",
                    ));
                }
                Err(e) => return Err(e),
            }
        } else {
            (p.to_path_buf(), meta)
        };
        let ft = meta.file_type();
        if ft.is_file() {
            Ok(Target::Replace(dest))
        } else if ft.is_dir() {
            Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a directory",
            ))
        } else if ft.is_fifo() {
            open_fifo(&dest).map(Target::Through)
        } else if ft.is_char_device() || ft.is_block_device() {
            std::fs::OpenOptions::new()
                .write(true)
                .open(&dest)
                .map(Target::Through)
        } else {
            Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "it is neither a regular file, a device nor a FIFO",
            ))
        }
    }
}

/// Opens a FIFO for writing without waiting for a reader: "no reader" if it has none. The
/// non-blocking open only asks; the file is then opened again, blocking, for the writes.
fn open_fifo(path: &std::path::Path) -> io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    #[cfg(target_os = "linux")]
    const O_NONBLOCK: i32 = 0o4000;
    #[cfg(not(target_os = "linux"))]
    const O_NONBLOCK: i32 = 0x0004;
    // ENXIO: a FIFO opened for writing without blocking has no reader.
    const ENXIO: i32 = 6;
    let probe = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(O_NONBLOCK)
        .open(path)
        .map_err(|e| {
            if e.raw_os_error() == Some(ENXIO) {
                io::Error::new(io::ErrorKind::NotConnected, "it is a FIFO with no reader")
            } else {
                e
            }
        })?;
    let f = std::fs::OpenOptions::new().write(true).open(path)?;
    drop(probe);
    Ok(f)
}
