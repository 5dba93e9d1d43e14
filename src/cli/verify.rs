//! `prunescope verify FILE`: reads a trace (which checks what a search could have done) and
//! runs its search again, comparing node by node (what this search did).

use crate::error::CliError;
use crate::term;
use clap::Args;
use prunescope::trace_file::verify::verify;
use std::io::Write;

#[derive(Args)]
pub struct VerifyArgs {
    /// The trace file: JSON or binary, possibly gzip-compressed (detected from its bytes).
    pub file: String,
}

/// `prunescope verify`: exit 0 and one line when the search reproduces the file; otherwise the
/// first difference, naming the node (or event, or summary field) and the field, and exit 1.
pub fn run(a: VerifyArgs) -> Result<(), CliError> {
    let f = crate::diff::read_trace_file(&a.file)?;
    let v = verify(&f).map_err(|e| CliError::from(e.in_file(&a.file).to_string()))?;
    let mut out = term::stdout();
    writeln!(
        out,
        "{}: the search reproduces it: {} nodes and {} events, as the file records them",
        term::escape_line(&a.file),
        v.nodes,
        v.events
    )?;
    out.flush()?;
    Ok(())
}
