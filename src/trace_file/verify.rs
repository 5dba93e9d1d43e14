//! `prunescope verify`: what this search did, not only what a search could have done. A search
//! is deterministic from its input, configuration and limits, so running it again and comparing
//! the recordings node by node and event by event checks the fields no local rule can (an
//! evaluation inside quiescence, the order of the moves, a value a table entry held, …).
//!
//! A search stopped by its memory budget stopped before a node exactly as the node cap stops
//! it, so it is re-run with the cap at its node count. A recording cut short by the page's Stop
//! is a prefix of the search's tape whose open nodes `Recorder::close_cut_short` closed: it is
//! re-run to its node count, the nodes the stop closed compared at entry only, the tape up to
//! the first of their exits, after which only those exits and the `aborted` event may come.

use crate::run::Summary;
use crate::schema::{EventKind, StopReason::Aborted};
use crate::search::StopCause;
use crate::search::window::side_text;
use crate::trace::record::{EventView, NodeRec, Recorder};
use crate::trace_file::error::{R, err};
use crate::trace_file::events::value_words;
use crate::trace_file::{Location, Problem, TraceFile, TraceFileError};
use serde_json::Value;

/// What a verified trace holds, for the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    pub nodes: usize,
    pub events: usize,
}

fn differs(location: Location, field: &str, msg: String) -> TraceFileError {
    let problem = Problem::Invalid(format!("{msg} (verify: what this search did)"));
    TraceFileError::new(location, Some(field), problem)
}

/// Runs the search the trace records again and compares: every node record, the event tape
/// and the summary. Returns the first difference, naming the node (or event, or summary field)
/// and the field. The file must have been read (and so checked) by [`crate::trace_file::read`]
/// or [`crate::trace_file::validate`] first.
pub fn verify(file: &TraceFile) -> Result<Verified, TraceFileError> {
    let prepared = file.prepare()?;
    let (h, mine) = (&file.header, &file.rec);
    let (stopped, nodes) = (h.summary.stopped, h.summary.nodes);
    let user = stopped == Some(StopCause::User);
    let mut cfg = h.config.clone();
    if matches!(stopped, Some(StopCause::MemoryBudget | StopCause::User)) {
        cfg.node_cap = nodes;
    }
    let (mut summary, mut rec) = if user && nodes == 0 {
        (h.summary.clone(), Recorder::new())
    } else {
        prepared
            .search_traced(&cfg, 0)
            .map_err(|e| err!(header "config", "{e}"))?
    };
    if cfg.chance.is_some() {
        over_scale(&mut summary, &mut rec, h.summary.scale);
    }
    if stopped == Some(StopCause::MemoryBudget) && summary.stopped == Some(StopCause::NodeCap) {
        summary.stopped = stopped;
    }
    for (id, (got, want)) in mine.nodes.iter().zip(&rec.nodes).enumerate() {
        compare_node(id, got, want, user && got.reason() == Aborted)?;
    }
    let (m, r) = (mine.nodes.len(), rec.nodes.len());
    if m != r {
        let msg = match m > r {
            true => format!("is in the file, but the search makes only {r} nodes"),
            false => format!("is missing: the file ends after {m} nodes, but the search makes {r}"),
        };
        let id = m.min(r) as u64;
        return Err(differs(Location::Node { id }, "id", msg));
    }
    // The event tape; in a recording cut short by the page's Stop, up to the first exit of a
    // node the stop closed, after which it holds only what the stop added
    // (`Recorder::close_cut_short`): an exit of each node it closed, then one `aborted` event.
    let (last, mut cut) = (mine.events.len().saturating_sub(1), false);
    for (i, (x, y)) in tape(mine).zip(tape(&rec)).enumerate() {
        let at = Location::Event { index: i as u64 };
        cut |= user && x.as_ref().is_some_and(|e| by_stop(mine, e));
        if cut {
            let Some(e) = x else { break };
            if !by_stop(mine, &e) || (e.kind == EventKind::Aborted) != (i == last) {
                let msg = format!(
                    "is {}, but after the page's Stop a recording holds only an exit of each \
                     node the stop closed, then one aborted event",
                    e.kind.name()
                );
                return Err(differs(at, "kind", msg));
            }
            continue;
        }
        if x.is_none() && y.is_none() {
            break;
        }
        if x != y {
            let (field, show): (_, fn(EventView) -> String) = match x.zip(y) {
                Some((a, b)) if a.kind == b.kind => {
                    ("data", |e| format!("{:?}", &e.aux[..e.kind.aux_words()]))
                }
                _ => ("kind", |e| e.kind.name().into()),
            };
            let show = |e: Option<EventView>| e.map_or("nothing".into(), show);
            let msg = format!("is {}, but the search records {}", show(x), show(y));
            return Err(differs(at, field, msg));
        }
    }
    // The roots, their depths and the re-search links follow from the nodes and the tape
    // compared above (all of it, but what the stop added): reading the file checked them
    // against both (`check::Tape`).
    if !user {
        compare_summary(&h.summary, &summary)?;
    }
    let (nodes, events) = (mine.nodes.len(), mine.events.len());
    Ok(Verified { nodes, events })
}

/// The events of `rec` (its tape, already checked), then `None` for ever.
fn tape(rec: &Recorder) -> impl Iterator<Item = Option<EventView>> {
    rec.replay().map(Some).chain(std::iter::repeat(None))
}

/// A chance search's recording over the file's scale: a version-4 file writes its values over
/// the least common denominator found after the search, which divides the scale this build
/// fixes before it (docs/trace-format.md, "Chance searches"). Values that the file's scale
/// cannot hold are left as they are (and then differ).
fn over_scale(summary: &mut Summary, rec: &mut Recorder, scale: u64) {
    if scale == 0 || summary.scale == scale || !summary.scale.is_multiple_of(scale) {
        return;
    }
    let k = (summary.scale / scale) as i32;
    let down = |v: &mut i32| {
        if v.abs() != crate::game::INF && *v % k == 0 {
            *v /= k;
        }
    };
    for n in &mut rec.nodes {
        [&mut n.alpha, &mut n.beta, &mut n.value]
            .into_iter()
            .for_each(down);
    }
    let mut aux = Vec::with_capacity(rec.aux.len());
    for mut e in rec.replay() {
        e.aux[..value_words(e.kind)].iter_mut().for_each(down);
        aux.extend_from_slice(&e.aux[..e.kind.aux_words()]);
    }
    rec.aux = aux;
    let iterations = summary.iterations.iter_mut().map(|it| &mut it.value);
    summary.value.iter_mut().chain(iterations).for_each(down);
    summary.scale = scale;
}

/// Whether `e` is an event a stop adds: the exit of a node it ended (`aborted`), or the
/// `aborted` event.
fn by_stop(rec: &Recorder, e: &EventView) -> bool {
    let closed = |id: u32| rec.nodes[id as usize].reason() == Aborted;
    e.kind == EventKind::Aborted || e.kind == EventKind::Exit && e.node.is_some_and(closed)
}

/// A node field as `verify` compares and names it: its name and its text. The first
/// [`ENTRY`] are the fields a node has from its entry, in the file's order; the rest
/// from its exit.
type Field = (&'static str, fn(&NodeRec) -> String);

const FIELDS: [Field; 18] = [
    ("parent", |n| n.parent.to_string()),
    ("move", |n| n.move_code.to_string()),
    ("index", |n| n.index.to_string()),
    ("kind", |n| n.node_kind().name().into()),
    ("order", |n| n.order().name().into()),
    ("depth", |n| n.depth.to_string()),
    ("alpha", |n| side_text(n.alpha)),
    ("beta", |n| side_text(n.beta)),
    ("expected", |n| n.expected().name().into()),
    ("research_of", |n| n.is_research().to_string()),
    ("moves", |n| n.n_moves.to_string()),
    ("value", |n| n.value.to_string()),
    ("bound", |n| n.bound().name().into()),
    ("uncertain", |n| n.uncertain().to_string()),
    ("reason", |n| n.reason().name().into()),
    ("best_index", |n| Value::from(n.best_index()).to_string()),
    ("flags", |n| n.exited().to_string()),
    ("flags", |n| n.flags.to_string()),
];

const ENTRY: usize = 10;

/// Node `id` of the file (`got`) against the search's (`want`): the first field that differs,
/// of its entry only when `entry_only`.
fn compare_node(id: usize, got: &NodeRec, want: &NodeRec, entry_only: bool) -> R {
    if got == want {
        return Ok(()); // the common case, without a field's text
    }
    let fields = &FIELDS[..if entry_only { ENTRY } else { FIELDS.len() }];
    match fields.iter().find(|(_, text)| text(got) != text(want)) {
        Some((field, text)) => {
            let msg = format!("is {}, but the search makes {}", text(got), text(want));
            Err(differs(Location::Node { id: id as u64 }, field, msg))
        }
        None => Ok(()),
    }
}

fn compare_summary(got: &Summary, want: &Summary) -> R {
    let [g, w] = [got, want].map(|s| serde_json::to_value(s).unwrap_or_default());
    // (a field `want` lacks indexes as null)
    if let Some((k, gv)) = g
        .as_object()
        .into_iter()
        .flatten()
        .find(|(k, v)| **v != w[k])
    {
        let msg = format!("is {gv}, but the search gives {}", w[k]);
        return Err(differs(Location::Header, &format!("summary.{k}"), msg));
    }
    Ok(())
}
