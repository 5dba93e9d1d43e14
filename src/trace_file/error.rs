//! The one error of trace files: which file, where in it (a node, an event, a root, the
//! header), which field, and what is wrong — so the CLI and the page print one precise line.

use crate::trace_file::json::{OLDEST_READABLE, VERSION};

/// Where in a trace file a problem was found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Location {
    /// The file as a whole: its first bytes, its compression, its length.
    #[default]
    File,
    /// The header: `format`, `version`, `input`, `config`, `summary`, `value`.
    Header,
    /// The node with this id (its position in `nodes`).
    Node { id: u64 },
    /// The event at this position in `events`.
    Event { index: u64 },
    /// `roots[index]`.
    Root { index: u64 },
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Problem {
    /// A missing file, a device error, a corrupt gzip stream.
    #[error("cannot read it: {0}")]
    Io(String),
    /// Neither a JSON nor a binary trace, or `format` is not [`crate::trace_file::json::FORMAT`].
    #[error("not a prunescope trace: {0}")]
    NotATrace(String),
    #[error(
        "trace format version {found} is not supported (this build reads versions \
             {OLDEST_READABLE} to {VERSION})"
    )]
    Version { found: u64 },
    #[error("malformed JSON: {0}")]
    Syntax(String),
    #[error("the file ends early: {0}")]
    Truncated(String),
    /// Missing, unexpected (a field the format does not have, or one given twice), of the
    /// wrong type, out of range, or inconsistent with the rest of the file.
    #[error("{0}")]
    Invalid(String),
    #[error("too large: {0}")]
    TooLarge(String),
    /// The header's `input` does not prepare: the run layer's typed error (field, line, column).
    #[error("{0}")]
    Input(Box<crate::run::InputError>),
    /// The header's `config` is not valid for its input: the search's error, naming the parameter.
    #[error("{0}")]
    Config(Box<crate::search::config::ConfigError>),
}

/// A trace file that cannot be used, and why. Its message reads like
/// `a.json: node 16, "move": "e7e8k" is not a legal move in its parent's position`.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{}{problem}", place(.file, .location, .field))]
pub struct TraceFileError {
    /// The file's name, when the caller gave one ([`TraceFileError::in_file`]).
    pub file: Option<String>,
    pub location: Location,
    /// The field, by its JSON name (`"move"`, `"summary.nodes"`, `"data"`), if one.
    pub field: Option<String>,
    pub problem: Problem,
}

/// `file: place, "field": `, each part there when known (a header field's name says enough).
fn place(file: &Option<String>, location: &Location, field: &Option<String>) -> String {
    let at = match location {
        Location::File | Location::Header => None,
        Location::Node { id } => Some(format!("node {id}")),
        Location::Event { index } => Some(format!("event {index}")),
        Location::Root { index } => Some(format!("roots[{index}]")),
    };
    let field = field.as_ref().map(|f| format!("\"{f}\""));
    let at: Vec<_> = [at, field].into_iter().flatten().collect();
    let at = (!at.is_empty()).then(|| at.join(", "));
    file.iter().chain(&at).map(|p| format!("{p}: ")).collect()
}

/// What a step of reading or checking a trace answers.
pub(super) type R<T = ()> = Result<T, TraceFileError>;

impl TraceFileError {
    pub fn new(location: Location, field: Option<&str>, problem: Problem) -> Self {
        let (file, field) = (None, field.map(str::to_string));
        TraceFileError {
            file,
            location,
            field,
            problem,
        }
    }

    /// A problem with the file as a whole.
    pub fn file_level(problem: Problem) -> Self {
        Self::new(Location::File, None, problem)
    }

    /// A problem with a header field.
    pub fn header(field: &str, problem: Problem) -> Self {
        Self::new(Location::Header, Some(field), problem)
    }

    /// Names the file the error is about.
    pub fn in_file(mut self, name: &str) -> Self {
        self.file = Some(name.to_string());
        self
    }
}

impl From<std::io::Error> for TraceFileError {
    fn from(e: std::io::Error) -> Self {
        TraceFileError::file_level(match e.kind() {
            std::io::ErrorKind::UnexpectedEof => Problem::Truncated(e.to_string()),
            _ => Problem::Io(e.to_string()),
        })
    }
}

/// A broken rule's error in one statement: `err!(node id, "field", "format", args…)` is
/// `Problem::Invalid` in field `field` of node `id` with the message formatted (`event i` names
/// an event, `root k` the entry `roots[k]`, `header` a header field: `err!(header
/// "summary.value", …)`, `@File` the file's top level; the field is any text, a `&str` or a
/// `String`); `bail!(…)` returns it. A required field that is missing: `err!(…, "missing")`.
macro_rules! err {
    (node $id:expr, $($t:tt)+) => {
        $crate::trace_file::error::err!(@Node { id: $id as u64 }, $($t)+)
    };
    (event $i:expr, $($t:tt)+) => {
        $crate::trace_file::error::err!(@Event { index: $i as u64 }, $($t)+)
    };
    (root $k:expr, $($t:tt)+) => {
        $crate::trace_file::error::err!(@Root { index: $k as u64 }, $($t)+)
    };
    (header $($t:tt)+) => { $crate::trace_file::error::err!(@Header, $($t)+) };
    (@$loc:ident $({ $($at:tt)* })?, $field:expr, $($msg:tt)+) => {
        $crate::trace_file::TraceFileError::new(
            $crate::trace_file::Location::$loc $({ $($at)* })?,
            Some(::core::convert::AsRef::<str>::as_ref(&$field)),
            $crate::trace_file::Problem::Invalid(format!($($msg)+)),
        )
    };
}

/// `return Err(err!(…))`.
macro_rules! bail {
    ($($t:tt)+) => {
        return Err($crate::trace_file::error::err!($($t)+))
    };
}

/// `bail!(…)` unless `cond` holds (anyhow's `ensure!`): a rule written as what it requires, the
/// refusal naming what broke it.
macro_rules! ensure {
    ($cond:expr, $($t:tt)+) => {
        if !$cond {
            $crate::trace_file::error::bail!($($t)+);
        }
    };
}

pub(super) use {bail, ensure, err};
