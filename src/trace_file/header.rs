//! A header read strictly, by the JSON and the binary reader alike: the fields a later version
//! added filled in with the defaults every earlier file had, a version-3 header read as version
//! 4 writes it, and every field read as its type and written back the same, so that a file
//! can say nothing the reader would ignore (docs/trace-format.md, Versions).

use super::TraceHeader;
use super::error::{TraceFileError, bail, invalid};
use super::limits::{check_header_arrays, check_tree_text};
use crate::search::config::SearchConfig;

/// The header of a file of `version` from its three fields as JSON values: upgraded, read
/// strictly, its tree text within `max_text` bytes, and its summary's iterations (and, when
/// given, its number of roots) within what its configuration records.
pub(super) fn from_parts(
    version: u64,
    [input, mut config, mut summary]: [serde_json::Value; 3],
    max_text: usize,
    roots: Option<usize>,
) -> Result<TraceHeader, TraceFileError> {
    fill_added_config(&mut config);
    upgrade_header(version, &config, &mut summary)?;
    let input = strict_from_value(input, "input")?;
    check_tree_text(&input, max_text)?;
    let header = TraceHeader {
        input,
        config: strict_from_value(config, "config")?,
        summary: strict_from_value(summary, "summary")?,
    };
    check_header_arrays(&header.config, header.summary.iterations.len(), roots)?;
    Ok(header)
}

/// Configuration fields added to version 4 after its first files were written (issue 21: the
/// verified null-move ablation and Schaeffer's history heuristic; issue 34 §3: the null move at
/// PV nodes and Heinz's material condition). A file without one reads it as its default, which
/// is what every file written before it did.
const ADDED_CONFIG_FIELDS: [(&str, &str); 9] = [
    ("null_move", "min_depth"),
    ("null_move", "subtree_R"),
    ("null_move", "store_nominal"),
    ("null_move", "zugzwang_research"),
    ("null_move", "null_search_verifies"),
    ("ordering", "history_weight"),
    ("ordering", "history_moves"),
    ("null_move", "pv_nodes"),
    ("null_move", "adaptive_material"),
];

/// Configuration groups added after the first version-4 files (issue 34 §3: the PVS remedies'
/// switch). A file without one reads the group's defaults, which every earlier file did.
const ADDED_CONFIG_GROUPS: [&str; 1] = ["remedies"];

/// Fills in the [`ADDED_CONFIG_GROUPS`] and [`ADDED_CONFIG_FIELDS`] a header's configuration lacks with their defaults.
fn fill_added_config(config: &mut serde_json::Value) {
    let serde_json::Value::Object(c) = config else {
        return;
    };
    let defaults =
        serde_json::to_value(SearchConfig::default()).expect("a configuration serializes");
    for group in ADDED_CONFIG_GROUPS {
        if !c.contains_key(group) {
            c.insert(group.to_string(), defaults[group].clone());
        }
    }
    for (group, field) in ADDED_CONFIG_FIELDS {
        if let Some(serde_json::Value::Object(g)) = c.get_mut(group)
            && !g.contains_key(field)
        {
            g.insert(field.to_string(), defaults[group][field].clone());
        }
    }
}

/// Reads a version-3 header as version 4 writes it (docs/trace-format.md, Versions): its summary
/// gains `line_proven_to: null`. A version-3 `pvs` trace is refused: its algorithm, NegaScout
/// re-searching with (t − 1, β), has no name in version 4, and opening it as `pvs` would call
/// its windows NegaScout's.
fn upgrade_header(
    version: u64,
    config: &serde_json::Value,
    summary: &mut serde_json::Value,
) -> Result<(), TraceFileError> {
    if version != 3 {
        return Ok(());
    }
    if config.get("algo").and_then(|a| a.as_str()) == Some("pvs") {
        return Err(TraceFileError::header(
            "config.algo",
            invalid(
                "is \"pvs\" in a version-3 file: that form (re-search with (t - 1, beta)) is gone; \
                 version 4's pvs is NegaScout and pvs_full is Fig. 4's form. Search again to \
                 get a version-4 trace",
            ),
        ));
    }
    if let serde_json::Value::Object(s) = summary
        && !s.contains_key("line_proven_to")
    {
        s.insert("line_proven_to".into(), serde_json::Value::Null);
    }
    Ok(())
}

/// Reads header field `field` from its JSON strictly: a field this build does not know, or one
/// written in a form it would not write (so that the file could say something the reader
/// ignores), is an error naming the field's path.
fn strict_from_value<T: serde::Serialize + serde::de::DeserializeOwned>(
    v: serde_json::Value,
    field: &str,
) -> Result<T, TraceFileError> {
    // The form is checked on a copy whose long strings (a tree's text: up to 1 GiB) are cut
    // to one byte, which reads and writes alike; the value itself is then moved, not copied,
    // so reading holds the text once (issue 32 §5: a 300 MB comment peaked at 1.4 GB).
    strict_form::<T>(short_strings(&v), field)?;
    serde_json::from_value(v).map_err(|e| TraceFileError::header(field, invalid(e.to_string())))
}

/// `v` with every string longer than 64 bytes replaced by `"…"`.
fn short_strings(v: &serde_json::Value) -> serde_json::Value {
    use serde_json::Value as J;
    match v {
        J::String(s) if s.len() > 64 => J::String("…".into()),
        J::Array(a) => J::Array(a.iter().map(short_strings).collect()),
        J::Object(o) => J::Object(
            o.iter()
                .map(|(k, x)| (k.clone(), short_strings(x)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Checks that `v` reads as a `T` and that `T` writes it back the same (see
/// [`strict_from_value`]).
fn strict_form<T: serde::Serialize + serde::de::DeserializeOwned>(
    mut v: serde_json::Value,
    field: &str,
) -> Result<(), TraceFileError> {
    let t: T = serde_json::from_value(v.clone())
        .map_err(|e| TraceFileError::header(field, invalid(e.to_string())))?;
    let back = serde_json::to_value(&t)
        .map_err(|e| TraceFileError::header(field, invalid(e.to_string())))?;
    loop {
        match first_difference(&v, &back, field, "") {
            None => return Ok(()),
            Some(Difference::Extra { path, pointer }) => {
                // The writer leaves out a field that holds its default (`"cutoff": "standard"`,
                // `"scale": 1`). Such a field is known to the type: given a value of no type at
                // all, reading fails; an unknown field is ignored and reading still succeeds.
                let mut probe = v.clone();
                *probe
                    .pointer_mut(&pointer)
                    .expect("the path was found in it") = serde_json::json!({ "\u{0}": [] });
                if serde_json::from_value::<T>(probe).is_ok() {
                    bail!(header & path, "is not a field of this version");
                }
                let (parent, key) = pointer.rsplit_once('/').expect("a field's pointer");
                v.pointer_mut(parent)
                    .and_then(|p| p.as_object_mut())
                    .expect("the field's object")
                    .remove(&key.replace("~1", "/").replace("~0", "~"));
            }
            Some(Difference::Other { path, msg }) => {
                return Err(TraceFileError::header(&path, invalid(msg)));
            }
        }
    }
}

/// Where a value as read differs from the same value as written.
enum Difference {
    /// A field the written value leaves out: an unknown field, or a known one at its default.
    Extra {
        path: String,
        pointer: String,
    },
    Other {
        path: String,
        msg: String,
    },
}

/// The first place where `got` (as read) differs from `canonical` (as written): its path in
/// the file's words (`config.cutoff`) and, for an extra field, its JSON pointer within `got`.
fn first_difference(
    got: &serde_json::Value,
    canonical: &serde_json::Value,
    path: &str,
    pointer: &str,
) -> Option<Difference> {
    use serde_json::Value as J;
    let esc = |k: &str| k.replace('~', "~0").replace('/', "~1");
    match (got, canonical) {
        (J::Object(a), J::Object(b)) => {
            if let Some(k) = a.keys().find(|k| !b.contains_key(*k)) {
                return Some(Difference::Extra {
                    path: format!("{path}.{k}"),
                    pointer: format!("{pointer}/{}", esc(k)),
                });
            }
            if let Some(k) = b.keys().find(|k| !a.contains_key(*k)) {
                return Some(Difference::Other {
                    path: format!("{path}.{k}"),
                    msg: "is missing".into(),
                });
            }
            a.iter().find_map(|(k, v)| {
                first_difference(
                    v,
                    &b[k],
                    &format!("{path}.{k}"),
                    &format!("{pointer}/{}", esc(k)),
                )
            })
        }
        (J::Array(a), J::Array(b)) if a.len() == b.len() => {
            a.iter().zip(b).enumerate().find_map(|(i, (x, y))| {
                first_difference(x, y, &format!("{path}[{i}]"), &format!("{pointer}/{i}"))
            })
        }
        (a, b) if a == b => None,
        (a, b) => Some(Difference::Other {
            path: path.to_string(),
            msg: format!("is {a}, which reads as {b}: write it as {b}"),
        }),
    }
}
