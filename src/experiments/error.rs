//! What can go wrong in an experiment, by the input it came from and the field: an option of
//! the run, the suite, one of its positions, one of the experiment's configurations, a data
//! file of rows, or a figure. The CLI prints these; the wasm adapter turns them into a
//! `JsError` at its boundary.

use crate::game::chess::epd::SuiteError;
use crate::run::InputError;
use crate::search::config::ConfigError;
use std::fmt;

/// An experiment's error.
#[derive(Debug, thiserror::Error)]
pub enum ExperimentError {
    /// An option of the run is out of range or malformed: `option` names it (`--depth`,
    /// `--shard`, `--nodes`, `--node-cap`, `experiment`); the message says why.
    #[error("{message}")]
    Option {
        option: &'static str,
        message: String,
    },
    /// The suite cannot be read.
    #[error(transparent)]
    Suite(#[from] SuiteError),
    /// A position of the suite (by its EPD id) is not a position the search accepts.
    #[error("{position}: {source}")]
    Position {
        position: String,
        #[source]
        source: InputError,
    },
    /// One of the experiment's configurations is refused (the error names the parameter).
    #[error("experiment {experiment}: {source}")]
    Config {
        experiment: &'static str,
        #[source]
        source: ConfigError,
    },
    /// A data file of rows (CSV or results JSON) is not what it should be.
    #[error(transparent)]
    Data(#[from] DataError),
    /// A figure could not be drawn.
    #[error("figure {figure:?}: cannot draw the figure: {message}")]
    Plot { figure: String, message: String },
}

impl ExperimentError {
    /// An [`ExperimentError::Option`].
    pub fn option(option: &'static str, message: impl Into<String>) -> ExperimentError {
        ExperimentError::Option {
            option,
            message: message.into(),
        }
    }
}

/// Where in a data file: the whole file, a line of a CSV file, or an entry of a JSON `rows`
/// array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    File,
    Line(usize),
    Row(usize),
}

/// What is wrong with a data file of rows: the file (its name as given), the place in it, the
/// field (a column's name, `columns`, `rows`, `format`, `version`) when one is at fault, and
/// why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    pub file: String,
    pub place: Place,
    pub field: Option<String>,
    pub message: String,
}

impl DataError {
    pub fn new(
        file: &str,
        place: Place,
        field: Option<&str>,
        message: impl Into<String>,
    ) -> DataError {
        DataError {
            file: file.to_string(),
            place,
            field: field.map(str::to_string),
            message: message.into(),
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Place::File => write!(f, "{}: {}", self.file, self.message),
            Place::Line(n) => write!(f, "{}, line {n}: {}", self.file, self.message),
            Place::Row(k) => write!(f, "{}: rows[{k}]: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for DataError {}
