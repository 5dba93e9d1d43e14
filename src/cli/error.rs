//! The one error type of the command line: every command returns it, and [`CliError::report`]
//! prints it once and picks the exit code.

use prunescope::game::chess::epd::SuiteError;
use std::io;
use std::process::ExitCode;

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A refused parameter or a failed search: the message says which and why.
    #[error("{0}")]
    Message(String),
    /// An input that cannot be used: which one (a flag such as `--fen`, a file, standard
    /// input) and the typed reason, which names the field.
    #[error("{input}: {source}")]
    Input {
        input: String,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// An EPD suite that cannot be used (unreadable, a bad record with its line, empty).
    #[error(transparent)]
    Suite(#[from] SuiteError),
    /// An experiment's option, suite position, configuration, data file or figure.
    #[error(transparent)]
    Experiment(#[from] prunescope::experiments::ExperimentError),
    /// Writing the output failed (other than a closed pipe): a full disk, a revoked file.
    #[error("cannot write output: {0}")]
    Write(io::Error),
    /// The reader of our output went away (`prunescope … | head`): stop quietly.
    #[error("output closed")]
    BrokenPipe,
}

impl CliError {
    /// An error in the input named `input`.
    pub fn input(
        input: impl Into<String>,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> CliError {
        CliError::Input {
            input: input.into(),
            source: source.into(),
        }
    }

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

impl From<prunescope::run::InputError> for CliError {
    fn from(e: prunescope::run::InputError) -> Self {
        CliError::Message(e.to_string())
    }
}

impl From<prunescope::run::RunError> for CliError {
    fn from(e: prunescope::run::RunError) -> Self {
        CliError::Message(e.to_string())
    }
}

impl From<prunescope::experiments::DataError> for CliError {
    fn from(e: prunescope::experiments::DataError) -> Self {
        CliError::Experiment(e.into())
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
