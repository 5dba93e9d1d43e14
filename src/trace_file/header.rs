//! A header read strictly, by the JSON and the binary reader alike: every field read as its
//! type and written back the same, so that a file can say nothing the reader would ignore and
//! leave out nothing but the fields added after a version's first files (docs/trace-format.md,
//! Versions).

use super::TraceHeader;
use super::error::{R, bail, ensure, err};
use super::limits::{check_header_arrays, text_too_long};
use crate::run::Input;
use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value as J;

/// Fields a file may leave out, read as their defaults, which every file written before them
/// behaved as: configuration added to version 4 after its first files (issue 21: the verified
/// null-move ablation and Schaeffer's history heuristic) and to version 5 (issue 34 §3: the
/// null move at PV nodes, Heinz's material condition, the PVS remedies' switch).
const ADDED: [&str; 10] = [
    "config.null_move.min_depth",
    "config.null_move.subtree_R",
    "config.null_move.store_nominal",
    "config.null_move.zugzwang_research",
    "config.null_move.null_search_verifies",
    "config.ordering.history_weight",
    "config.ordering.history_moves",
    "config.null_move.pv_nodes",
    "config.null_move.adaptive_material",
    "config.remedies",
];

/// The header of a file of `version` from its three fields as JSON values: read strictly, its
/// tree text within `max_text` bytes, and its summary's iterations (and, when given, its
/// number of roots) within what its configuration records.
pub(super) fn from_parts(
    version: u64,
    [input, config, mut summary]: [J; 3],
    max_text: usize,
    roots: Option<usize>,
) -> R<TraceHeader> {
    // Version 3's `pvs` (NegaScout re-searching with (t − 1, β)) has no name in version 4:
    // opening it as `pvs` would call its windows NegaScout's.
    if version == 3 && config.get("algo").and_then(J::as_str) == Some("pvs") {
        bail!(header "config.algo",
            "is \"pvs\" in a version-3 file: that form (re-search with (t - 1, beta)) is gone; \
             version 4's pvs is NegaScout and pvs_full is Fig. 4's form. Search again to get a \
             version-4 trace");
    }
    // A version-3 summary has no `line_proven_to` (read as null).
    if let (3, J::Object(summary)) = (version, &mut summary) {
        summary.entry("line_proven_to").or_insert(J::Null);
    }
    let input = strict(input, "input")?;
    if let Input::Tree { text } = &input
        && text.len() > max_text
    {
        return Err(text_too_long(max_text, Some(text.len())));
    }
    let header = TraceHeader {
        input,
        config: strict(config, "config")?,
        summary: strict(summary, "summary")?,
    };
    check_header_arrays(&header.config, header.summary.iterations.len(), roots)?;
    Ok(header)
}

/// Reads header field `field` from its JSON strictly: it must read as a `T`, and `T` must
/// write it back the same ([`same`]), except for a field the writer leaves out at its default
/// (`"cutoff": "standard"`, `"scale": 1`) and the [`ADDED`] ones it may lack.
fn strict<T: Serialize + DeserializeOwned>(v: J, field: &str) -> R<T> {
    let fail = |e: serde_json::Error| err!(header field, "{e}");
    // The form is checked on a copy whose long strings (a tree's text: up to 1 GiB) are cut
    // to one character, which reads and writes alike; the value itself is then moved, not
    // copied, so reading holds the text once (issue 32 §5: a 300 MB comment peaked at 1.4 GB).
    let short = shorten(&v);
    let back = serde_json::from_value::<T>(short.clone()).map_err(fail)?;
    let back = serde_json::to_value(back).map_err(fail)?;
    // A field the writer left out is known to `T` if a value of no type at all in its place
    // fails to read (an unknown field is ignored, and reading still succeeds).
    let known = |pointer: &str| {
        let mut probe = short.clone();
        *probe.pointer_mut(pointer).expect("found in it") = serde_json::json!({ "\u{0}": [] });
        serde_json::from_value::<T>(probe).is_err()
    };
    same(&short, &back, field, "", &known)?;
    serde_json::from_value(v).map_err(fail)
}

/// `v` with every string longer than 64 bytes replaced by `"…"`.
fn shorten(v: &J) -> J {
    match v {
        J::String(s) if s.len() > 64 => J::String("…".into()),
        J::Array(a) => a.iter().map(shorten).collect(),
        J::Object(o) => o.iter().map(|(k, x)| (k.clone(), shorten(x))).collect(),
        other => other.clone(),
    }
}

/// Refuses the first place where `got` (as read) differs from `back` (as written), by its path
/// in the file's words (`config.cutoff`); `pointer` is its JSON pointer within the field.
fn same(got: &J, back: &J, path: &str, pointer: &str, known: &dyn Fn(&str) -> bool) -> R {
    let inner = |k: &str| {
        let k_pointer = k.replace('~', "~0").replace('/', "~1");
        (format!("{path}.{k}"), format!("{pointer}/{k_pointer}"))
    };
    match (got, back) {
        (J::Object(a), J::Object(b)) => {
            for (k, x) in a {
                let (path, pointer) = inner(k);
                match b.get(k) {
                    Some(y) => same(x, y, &path, &pointer, known)?,
                    None => ensure!(known(&pointer), header path, "is not a field of this version"),
                }
            }
            for (path, _) in b.keys().filter(|k| !a.contains_key(*k)).map(|k| inner(k)) {
                ensure!(ADDED.contains(&path.as_str()), header path, "is missing");
            }
            Ok(())
        }
        (J::Array(a), J::Array(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                let (path, pointer) = (format!("{path}[{i}]"), format!("{pointer}/{i}"));
                same(x, y, &path, &pointer, known)?;
            }
            Ok(())
        }
        (a, b) if a == b => Ok(()),
        (a, b) => bail!(header path, "is {a}, which reads as {b}: write it as {b}"),
    }
}
