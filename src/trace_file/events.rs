//! The event tape read back into events: each code with the data words it carries. The tape is
//! two flat arrays ([`Recorder::events`] holds one code per event, [`Recorder::aux`] every event's
//! data words in order), so an event's data is found only by walking the tape from its start.
//! The structural check (`check.rs`) and both semantic replays (`semantics.rs`, `chance.rs`)
//! walk it with this one function, so the tape is decoded one way and refused with one message.

use super::error::{TraceFileError, event_err};
use crate::schema::EventKind;
use crate::trace::record::Recorder;

/// Calls `f(index, kind, data)` for each event of `rec`'s tape in order, `data` holding exactly
/// the [`EventKind::aux_words`] of that kind, and stops at the first error `f` returns. Returns
/// the number of data words the events used (a sound tape uses them all: `rec.aux.len()`).
///
/// An unknown event code is refused in field `kind`, and data that ends before an event's
/// words in field `data`, both naming the event.
pub(super) fn each_event(
    rec: &Recorder,
    mut f: impl FnMut(usize, EventKind, &[i32]) -> Result<(), TraceFileError>,
) -> Result<usize, TraceFileError> {
    let mut aux = 0usize;
    for (i, &code) in rec.events.iter().enumerate() {
        let Some(kind) = EventKind::from_u8(code) else {
            return Err(event_err(i, "kind", format!("unknown event code {code}")));
        };
        let words = kind.aux_words();
        let Some(data) = rec.aux.get(aux..aux + words) else {
            return Err(event_err(
                i,
                "data",
                "the event data ends before this event's values",
            ));
        };
        aux += words;
        f(i, kind, data)?;
    }
    Ok(aux)
}
