//! The event tape read back into events. The tape is two flat arrays ([`Recorder::events`], one
//! code per event, and [`Recorder::aux`], every event's data words in order), so an event's data
//! is found only by walking the tape from its start: the structural check (`check.rs`), the
//! semantic replay (`semantics.rs`, `chance.rs`) and `verify` walk it with this one decoder, so
//! the tape is decoded one way and refused with one message.

use super::error::{TraceFileError, err};
use crate::schema::EventKind;
use crate::trace::record::Recorder;
use core::ops::Range;

/// The events of `rec`'s tape in order: each event's index, kind and the range of its data
/// words in [`Recorder::aux`] (its kind's [`EventKind::aux_words`]). An unknown code is refused
/// in field `kind`, data that ends before an event's words in field `data`; nothing follows an
/// error.
pub(super) fn events(
    rec: &Recorder,
) -> impl Iterator<Item = Result<(usize, EventKind, Range<usize>), TraceFileError>> + '_ {
    let mut aux = Some(0usize);
    rec.events.iter().enumerate().map_while(move |(i, &code)| {
        let start = aux.take()?;
        let event = match EventKind::from_u8(code) {
            None => Err(err!(event i, "kind", "unknown event code {code}")),
            Some(kind) if start + kind.aux_words() > rec.aux.len() => Err(err!(event i, "data",
                "the event data ends before this event's values")),
            Some(kind) => Ok((i, kind, start..start + kind.aux_words())),
        };
        aux = event.as_ref().ok().map(|e| e.2.end);
        Some(event)
    })
}

/// Calls `f(index, kind, data)` for each event of `rec`'s tape ([`events`]) up to the first
/// error. Returns the number of data words the events used (a sound tape uses them all).
pub(super) fn each_event(
    rec: &Recorder,
    mut f: impl FnMut(usize, EventKind, &[i32]) -> Result<(), TraceFileError>,
) -> Result<usize, TraceFileError> {
    let mut used = 0;
    for event in events(rec) {
        let (i, kind, data) = event?;
        used = data.end;
        f(i, kind, &rec.aux[data])?;
    }
    Ok(used)
}

/// How many of an event's first data words are values (written over a chance search's
/// `summary.scale`): both of `alpha_raised` and `cutoff`, the value and bound of
/// `chance_cutoff`.
pub(super) fn value_words(kind: EventKind) -> usize {
    match kind {
        EventKind::AlphaRaised | EventKind::Cutoff | EventKind::ChanceCutoff => 2,
        _ => 0,
    }
}
