//! The event tape read back into events, checked. The tape is two flat arrays
//! ([`Recorder::events`], one code per event, and [`Recorder::aux`], every event's data words in
//! order), so an event's data is found only by walking the tape from its start: the structural
//! check (`check.rs`) and the semantic replay (`semantics.rs`, `chance.rs`) walk it with this
//! one decoder, so an unsound tape is refused one way, with one message (a tape already checked
//! is replayed by [`Recorder::replay`]).

use super::error::{TraceFileError, bail};
use crate::schema::EventKind;
use crate::trace::record::Recorder;

/// Calls `f(index, kind, data)` for each event of `rec`'s tape in order, `data` its kind's
/// [`EventKind::aux_words`], up to the first error: an unknown code is refused in field
/// `kind`, data that ends before an event's words in field `data`. Returns the number of data
/// words the events used (a sound tape uses them all).
pub(super) fn each_event(
    rec: &Recorder,
    mut f: impl FnMut(usize, EventKind, &[i32]) -> Result<(), TraceFileError>,
) -> Result<usize, TraceFileError> {
    let mut used = 0;
    for (i, &code) in rec.events.iter().enumerate() {
        let Some(kind) = EventKind::from_u8(code) else {
            bail!(event i, "kind", "unknown event code {code}");
        };
        let Some(data) = rec.aux.get(used..used + kind.aux_words()) else {
            bail!(event i, "data", "the event data ends before this event's values");
        };
        used += data.len();
        f(i, kind, data)?;
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
