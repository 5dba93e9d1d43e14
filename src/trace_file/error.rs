//! The one error of trace files: which file, where in it (a node, an event, a root, the
//! header), which field, and what is wrong — so the CLI prints one precise line and the page can
//! point at the place.

use serde::Serialize;

/// Where in a trace file a problem was found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
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
#[derive(Clone, Debug, PartialEq, Serialize, thiserror::Error)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum Problem {
    /// A missing file, a device error, a corrupt gzip stream.
    #[error("cannot read it: {0}")]
    Io(String),
    /// The bytes are neither a JSON nor a binary trace, or `format` is not
    /// [`crate::trace_file::json::FORMAT`].
    #[error("not a prunescope trace: {0}")]
    NotATrace(String),
    #[error(
        "trace format version {found} is not supported (this build reads versions {} to {supported})",
        crate::trace_file::json::OLDEST_READABLE
    )]
    Version { found: u64, supported: u32 },
    #[error("malformed JSON: {0}")]
    Syntax(String),
    #[error("the file ends early: {0}")]
    Truncated(String),
    #[error("missing")]
    Missing,
    /// A field appears that the format does not have, or twice.
    #[error("{0}")]
    Unexpected(String),
    /// Of the wrong type, out of range, or inconsistent with the rest of the file.
    #[error("{0}")]
    Invalid(String),
    #[error("too large: {0}")]
    TooLarge(String),
    /// The header's `input` does not prepare: the run layer's own error, kept typed (it names
    /// the input's field, the tree text's line and column).
    #[error("{0}")]
    Input(#[serde(serialize_with = "as_text")] Box<crate::run::InputError>),
    /// The header's `config` is not valid for its input: the search's own error, naming the
    /// parameter.
    #[error("{0}")]
    Config(#[serde(serialize_with = "as_text")] Box<crate::search::config::ConfigError>),
}

/// A typed error inside a [`Problem`] as the page receives it: its message.
fn as_text<E: core::fmt::Display, S: serde::Serializer>(e: &E, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(e)
}

/// A trace file that cannot be used, and why. Its message reads like
/// `a.json: node 16, "move": "e7e8k" is not a legal move in its parent's position`.
#[derive(Clone, Debug, PartialEq, Serialize, thiserror::Error)]
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
    let place = at.into_iter().chain(field).collect::<Vec<_>>().join(", ");
    let place = Some(place).filter(|p| !p.is_empty());
    file.iter()
        .chain(&place)
        .map(|p| format!("{p}: "))
        .collect()
}

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

    /// A problem with field `field` of node `id`.
    pub fn node(id: u64, field: &str, problem: Problem) -> Self {
        Self::new(Location::Node { id }, Some(field), problem)
    }

    /// A problem with field `field` of event `index`.
    pub fn event(index: u64, field: &str, problem: Problem) -> Self {
        Self::new(Location::Event { index }, Some(field), problem)
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

/// `Problem::Invalid` from anything printable.
pub(crate) fn invalid(msg: impl Into<String>) -> Problem {
    Problem::Invalid(msg.into())
}

/// A broken rule's error in one statement: `err!(node id, "field", "format", args…)` is
/// `Problem::Invalid` in field `field` of node `id` with the message formatted (`event i` names
/// an event, `root k` the entry `roots[k]`, `header` a header field: `err!(header
/// "summary.value", …)`; the field is any text, a `&str` or a `String`); `bail!(…)` returns it.
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

/// `Problem::Invalid` in field `field` of node `id` (structural checks, the JSON reader, the
/// semantic replays).
pub(super) fn node_err(id: u32, field: &str, msg: impl Into<String>) -> TraceFileError {
    TraceFileError::node(id as u64, field, invalid(msg))
}

/// `Problem::Invalid` in field `field` of event `index` (its position on the tape).
pub(super) fn event_err(index: usize, field: &str, msg: impl Into<String>) -> TraceFileError {
    TraceFileError::event(index as u64, field, invalid(msg))
}

/// A window side as the trace format writes it: `-inf`, `+inf` or the number.
pub(super) fn window_side(v: i32) -> String {
    match v {
        _ if v <= -crate::game::INF => "-inf".to_string(),
        _ if v >= crate::game::INF => "+inf".to_string(),
        _ => v.to_string(),
    }
}
