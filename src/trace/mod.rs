//! Observing a search: the tracers that implement the search's [`Tracer`](crate::search::Tracer) visitor (the
//! recorder that stores every node, the statistics, the tee that feeds two at once), the JSON
//! form of a recording, and the node-by-node comparison of two recordings.
//!
//! Reading and checking trace files is not part of observing a search: it is
//! [`crate::trace_file`], a layer above this one.

pub mod diff;
pub mod record;
pub mod stats;
