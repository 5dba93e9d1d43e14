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
use crate::schema::{
    Bound, EventKind, FLAG_BOUND_MASK, FLAG_EXITED, FLAG_EXPECTED_SHIFT, FLAG_RESEARCH,
    FLAG_UNCERTAIN, NodeKind, NodeType, OrderSource, StopReason,
};
use crate::search::StopCause;
use crate::trace::record::{NodeRec, Recorder};
use crate::trace_file::{Location, Problem, TraceFile, TraceFileError};

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
    let (mut a, mut b) = (0usize, 0usize);
    for i in 0..end {
        let (x, y) = (mine.events.get(i), rec.events.get(i));
        let name = |c: Option<&u8>| {
            c.and_then(|&c| EventKind::from_u8(c))
                .map_or("nothing", |k| k.name())
        };
        if x != y {
            return Err(differs(
                Location::Event { index: i as u64 },
                "kind",
                format!("is {}, but the search records {}", name(x), name(y)),
            ));
        }
        let words = x
            .and_then(|&c| EventKind::from_u8(c))
            .map_or(0, |k| k.aux_words());
        let (dx, dy) = (&mine.aux[a..a + words], &rec.aux[b..b + words]);
        if dx != dy {
            return Err(differs(
                Location::Event { index: i as u64 },
                "data",
                format!("is {dx:?}, but the search records {dy:?}"),
            ));
        }
        a += words;
        b += words;
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
    let mut at = 0usize;
    for &code in &rec.events {
        let Some(kind) = EventKind::from_u8(code) else {
            break;
        };
        let words = match kind {
            EventKind::AlphaRaised | EventKind::Cutoff => 2,
            EventKind::ChanceCutoff => 2,
            _ => 0,
        };
        rec.aux[at..at + words].iter_mut().for_each(down);
        at += kind.aux_words();
    }
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

fn compare_node(
    id: u32,
    got: &NodeRec,
    want: &NodeRec,
    entry_only: bool,
) -> Result<(), TraceFileError> {
    let at = Location::Node { id: id as u64 };
    let bound = |n: &NodeRec| Bound::from_u8(n.flags & FLAG_BOUND_MASK).map_or("?", |b| b.name());
    let expected = |n: &NodeRec| {
        NodeType::from_u8((n.flags >> FLAG_EXPECTED_SHIFT) & 3).map_or("?", |t| t.name())
    };
    let kind = |n: &NodeRec| NodeKind::from_u8(n.kind & 15).map_or("?", |k| k.name());
    let order = |n: &NodeRec| OrderSource::from_u8(n.kind >> 4).map_or("?", |o| o.name());
    let reason = |n: &NodeRec| StopReason::from_u8(n.reason).map_or("?", |r| r.name());
    let flag = |n: &NodeRec, f: u8| (n.flags & f != 0).to_string();
    let side = |v: i32| match crate::trace_file::json::bounded(v) {
        Some(v) => v.to_string(),
        None if v < 0 => "-inf".to_string(),
        None => "+inf".to_string(),
    };
    // (field, in the file, in the search), entry fields first.
    let mut fields: Vec<(&str, String, String)> = vec![
        ("parent", got.parent.to_string(), want.parent.to_string()),
        (
            "move",
            got.move_code.to_string(),
            want.move_code.to_string(),
        ),
        ("index", got.index.to_string(), want.index.to_string()),
        ("kind", kind(got).into(), kind(want).into()),
        ("order", order(got).into(), order(want).into()),
        ("depth", got.depth.to_string(), want.depth.to_string()),
        ("alpha", side(got.alpha), side(want.alpha)),
        ("beta", side(got.beta), side(want.beta)),
        ("expected", expected(got).into(), expected(want).into()),
        (
            "research_of",
            flag(got, FLAG_RESEARCH),
            flag(want, FLAG_RESEARCH),
        ),
    ];
    if !entry_only {
        fields.extend([
            ("moves", got.n_moves.to_string(), want.n_moves.to_string()),
            ("value", got.value.to_string(), want.value.to_string()),
            ("bound", bound(got).into(), bound(want).into()),
            (
                "uncertain",
                flag(got, FLAG_UNCERTAIN),
                flag(want, FLAG_UNCERTAIN),
            ),
            ("reason", reason(got).into(), reason(want).into()),
            (
                "best_index",
                got.best_index().map_or("null".into(), |b| b.to_string()),
                want.best_index().map_or("null".into(), |b| b.to_string()),
            ),
            ("flags", flag(got, FLAG_EXITED), flag(want, FLAG_EXITED)),
            ("flags", got.flags.to_string(), want.flags.to_string()),
        ]);
    }
    match fields.into_iter().find(|(_, g, w)| g != w) {
        Some((field, g, w)) => Err(differs(
            at,
            field,
            format!("is {g}, but the search makes {w}"),
        )),
        None => Ok(()),
    }
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
