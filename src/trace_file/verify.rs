//! `prunescope verify`: what this search did, not only what a search could have done.
//!
//! A search is deterministic from its input, its configuration and its limits, so a trace can
//! be checked completely by running the search again and comparing the two recordings node by
//! node and event by event. The checker that runs on every open ([`crate::trace_file`]) checks
//! the rules any search keeps; this checks the fields no local rule can (an evaluation inside a
//! quiescence node, the order the moves were searched in, a move that was not tried, a value a
//! transposition-table entry held, …).
//!
//! Limits: the node cap is in the configuration. A search stopped by its memory budget stopped
//! before a node exactly as the node cap stops it, so it is re-run with the cap at its node
//! count. A recording cut short by the page's Stop is a prefix of the search's tape whose open
//! nodes were closed by `Recorder::close_cut_short`; it is re-run to its node count, and the
//! nodes closed by the stop are compared at entry only (their values are what the page closed
//! them with), the tape up to the first of their exits.

use crate::run::Summary;
use crate::schema::{EventKind, StopReason};
use crate::search::StopCause;
use crate::trace::record::{NodeRec, Recorder};
use crate::trace_file::error::window_side;
use crate::trace_file::events::{events, value_words};
use crate::trace_file::{Location, Problem, TraceFile, TraceFileError};
use core::ops::Range;

/// What a verified trace holds, for the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    pub nodes: usize,
    pub events: usize,
}

fn differs(location: Location, field: &str, msg: String) -> TraceFileError {
    TraceFileError::new(
        location,
        Some(field),
        Problem::Invalid(format!("{msg} (verify: what this search did)")),
    )
}

/// Runs the search the trace records again and compares: every node record, the event tape,
/// the roots, the re-search links and the summary. Returns the first difference, naming the
/// node (or event, or summary field) and the field. The file must have been read (and so
/// checked) by [`crate::trace_file::read`] or [`crate::trace_file::validate`] first.
pub fn verify(file: &TraceFile) -> Result<Verified, TraceFileError> {
    let prepared = file.prepare()?;
    let h = &file.header;
    let mut cfg = h.config.clone();
    let stopped = h.summary.stopped;
    let nodes = h.summary.nodes;
    if matches!(stopped, Some(StopCause::MemoryBudget | StopCause::User)) {
        cfg.node_cap = nodes;
    }
    let (mut summary, mut rec) = if stopped == Some(StopCause::User) && nodes == 0 {
        (h.summary.clone(), Recorder::new())
    } else {
        prepared
            .search_traced(&cfg, 0)
            .map_err(|e| TraceFileError::header("config", Problem::Invalid(e.to_string())))?
    };
    if cfg.chance.is_some() {
        over_scale(&mut summary, &mut rec, h.summary.scale);
    }
    if stopped == Some(StopCause::MemoryBudget) && summary.stopped == Some(StopCause::NodeCap) {
        summary.stopped = stopped;
    }
    let user = stopped == Some(StopCause::User);
    let mine = &file.rec;
    // Nodes, in id order.
    let common = mine.nodes.len().min(rec.nodes.len());
    for id in 0..common {
        let closed_by_stop = user && mine.nodes[id].reason() == StopReason::Aborted;
        compare_node(id as u32, &mine.nodes[id], &rec.nodes[id], closed_by_stop)?;
    }
    if mine.nodes.len() != rec.nodes.len() {
        let id = common as u64;
        return Err(differs(
            Location::Node { id },
            "id",
            if mine.nodes.len() > rec.nodes.len() {
                format!(
                    "is in the file, but the search makes only {} nodes",
                    rec.nodes.len()
                )
            } else {
                format!(
                    "is missing: the file ends after {} nodes, but the search makes {}",
                    mine.nodes.len(),
                    rec.nodes.len()
                )
            },
        ));
    }
    // The event tape, up to where the page's Stop closed the open nodes.
    let end = if user {
        first_stop_exit(mine)
    } else {
        mine.events.len().max(rec.events.len())
    };
    let (mut a, mut b) = (
        events(mine).map_while(Result::ok),
        events(&rec).map_while(Result::ok),
    );
    for i in 0..end {
        let (x, y) = (a.next(), b.next());
        let at = Location::Event { index: i as u64 };
        let kind = |e: &Option<(usize, EventKind, Range<usize>)>| e.as_ref().map(|e| e.1);
        if kind(&x) != kind(&y) {
            let name = |k: Option<EventKind>| k.map_or("nothing", |k| k.name());
            let msg = format!(
                "is {}, but the search records {}",
                name(kind(&x)),
                name(kind(&y))
            );
            return Err(differs(at, "kind", msg));
        }
        let (dx, dy) = (data_of(x, mine), data_of(y, &rec));
        if dx != dy {
            return Err(differs(
                at,
                "data",
                format!("is {dx:?}, but the search records {dy:?}"),
            ));
        }
    }
    // Roots, their depths and the re-search links (their counts follow from the tape above).
    for (k, (r, d)) in mine.roots.iter().zip(&mine.root_depths).enumerate() {
        let want = (rec.roots.get(k), rec.root_depths.get(k));
        if want != (Some(r), Some(d)) {
            return Err(differs(
                Location::Root { index: k as u64 },
                "root",
                format!(
                    "is node {r} at depth {d}, but the search's root search {k} is {}",
                    match want {
                        (Some(r), Some(d)) => format!("node {r} at depth {d}"),
                        _ => "missing".to_string(),
                    }
                ),
            ));
        }
    }
    if let Some(&(re, of)) = mine
        .research_of
        .iter()
        .zip(&rec.research_of)
        .find(|(x, y)| x != y)
        .map(|(x, _)| x)
    {
        return Err(differs(
            Location::Node { id: re as u64 },
            "research_of",
            format!("is {of}, but the search links its re-searches otherwise"),
        ));
    }
    if !user {
        compare_summary(&h.summary, &summary)?;
    }
    Ok(Verified {
        nodes: mine.nodes.len(),
        events: mine.events.len(),
    })
}

/// An event's data words (none for no event).
fn data_of(e: Option<(usize, EventKind, Range<usize>)>, rec: &Recorder) -> &[i32] {
    e.map_or(&[], |e| &rec.aux[e.2])
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
        down(&mut n.alpha);
        down(&mut n.beta);
        down(&mut n.value);
    }
    let values: Vec<Range<usize>> = events(rec)
        .map_while(Result::ok)
        .map(|(_, kind, data)| data.start..data.start + value_words(kind))
        .collect();
    values
        .into_iter()
        .for_each(|r| rec.aux[r].iter_mut().for_each(down));
    if let Some(v) = summary.value.as_mut() {
        down(v);
    }
    for it in &mut summary.iterations {
        down(&mut it.value);
    }
    summary.scale = scale;
}

/// The index of the first exit of a node the page's Stop closed (the end of the search's own
/// tape in a recording cut short).
fn first_stop_exit(rec: &Recorder) -> usize {
    let mut stack = Vec::new();
    let mut next = 0u32;
    for (i, &e) in rec.events.iter().enumerate() {
        match EventKind::from_u8(e) {
            Some(EventKind::Enter) => {
                stack.push(next);
                next += 1;
            }
            Some(EventKind::Exit) => {
                if let Some(id) = stack.pop()
                    && rec.nodes[id as usize].reason() == StopReason::Aborted
                {
                    return i;
                }
            }
            Some(EventKind::Aborted) => return i,
            _ => {}
        }
    }
    rec.events.len()
}

/// A node field as `verify` compares and names it: its name and its text.
type Field = (&'static str, fn(&NodeRec) -> String);

/// The fields a node has from its entry, in the file's order.
const ENTRY_FIELDS: [Field; 10] = [
    ("parent", |n| n.parent.to_string()),
    ("move", |n| n.move_code.to_string()),
    ("index", |n| n.index.to_string()),
    ("kind", |n| n.node_kind().name().into()),
    ("order", |n| n.order().name().into()),
    ("depth", |n| n.depth.to_string()),
    ("alpha", |n| window_side(n.alpha)),
    ("beta", |n| window_side(n.beta)),
    ("expected", |n| n.expected().name().into()),
    ("research_of", |n| n.is_research().to_string()),
];

/// The fields a node has from its exit.
const EXIT_FIELDS: [Field; 8] = [
    ("moves", |n| n.n_moves.to_string()),
    ("value", |n| n.value.to_string()),
    ("bound", |n| n.bound().name().into()),
    ("uncertain", |n| n.uncertain().to_string()),
    ("reason", |n| n.reason().name().into()),
    ("best_index", |n| {
        n.best_index().map_or("null".into(), |b| b.to_string())
    }),
    ("flags", |n| n.exited().to_string()),
    ("flags", |n| n.flags.to_string()),
];

/// Node `id` of the file (`got`) against the search's (`want`): the first field that differs,
/// of its entry only when `entry_only`.
fn compare_node(
    id: u32,
    got: &NodeRec,
    want: &NodeRec,
    entry_only: bool,
) -> Result<(), TraceFileError> {
    let exit: &[Field] = if entry_only { &[] } else { &EXIT_FIELDS };
    for (field, text) in ENTRY_FIELDS.iter().chain(exit) {
        let (g, w) = (text(got), text(want));
        if g != w {
            let msg = format!("is {g}, but the search makes {w}");
            return Err(differs(Location::Node { id: id as u64 }, field, msg));
        }
    }
    Ok(())
}

fn compare_summary(got: &Summary, want: &Summary) -> Result<(), TraceFileError> {
    let g = serde_json::to_value(got).unwrap_or_default();
    let w = serde_json::to_value(want).unwrap_or_default();
    let (serde_json::Value::Object(g), serde_json::Value::Object(w)) = (g, w) else {
        return Ok(());
    };
    for (k, gv) in &g {
        let wv = w.get(k).cloned().unwrap_or_default();
        if *gv != wv {
            return Err(differs(
                Location::Header,
                &format!("summary.{k}"),
                format!("is {gv}, but the search gives {wv}"),
            ));
        }
    }
    Ok(())
}
