//! The one error type of the command line: every command returns it, and [`CliError::report`]
//! prints it once and picks the exit code.

use std::io;
use std::process::ExitCode;

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input, a refused parameter, a failed search: the message says which and why.
    #[error("{0}")]
    Message(String),
    /// Writing the output failed (other than a closed pipe): a full disk, a revoked file.
    #[error("cannot write output: {0}")]
    Write(io::Error),
    /// The reader of our output went away (`prunescope … | head`): stop quietly.
    #[error("output closed")]
    BrokenPipe,
}

impl CliError {
    /// Prints the error (escaped, on stderr) and returns the exit code: 0 for a closed pipe,
    /// whose reader asked for no more, and 1 otherwise.
    pub fn report(&self) -> ExitCode {
        match self {
            CliError::BrokenPipe => ExitCode::SUCCESS,
            e => {
                let mut err = io::stderr().lock();
                let _ = writeln_escaped(&mut err, &format!("error: {e}"));
                ExitCode::FAILURE
            }
        }
    }
}

fn writeln_escaped(w: &mut impl io::Write, s: &str) -> io::Result<()> {
    writeln!(w, "{}", crate::term::escape(s))
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::BrokenPipe
        } else {
            CliError::Write(e)
        }
    }
}

impl From<prunescope::search::config::ConfigError> for CliError {
    fn from(e: prunescope::search::config::ConfigError) -> Self {
        CliError::Message(e.to_string())
    }
}

impl From<prunescope::lab::InputError> for CliError {
    fn from(e: prunescope::lab::InputError) -> Self {
        CliError::Message(e.to_string())
    }
}

impl From<prunescope::lab::LabError> for CliError {
    fn from(e: prunescope::lab::LabError) -> Self {
        CliError::Message(e.to_string())
    }
}

impl From<String> for CliError {
    fn from(s: String) -> Self {
        CliError::Message(s)
    }
}

impl From<&str> for CliError {
    fn from(s: &str) -> Self {
        CliError::Message(s.to_string())
    }
}
