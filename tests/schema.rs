//! The page's copy of the contract (`www/schema.js`) is generated from `src/schema.rs` by `src/schema_js.rs`;
//! these tests fail when it is stale or when the declared record layout drifts from `NodeRec`.

use prunescope::schema::{self, EventKind, RECORD_BYTES, RECORD_FIELDS, StopReason};
use prunescope::trace::record::NodeRec;

#[test]
fn www_schema_js_is_fresh() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/www/schema.js");
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    let fresh = prunescope::schema_js::js_module();
    if committed != fresh {
        if std::env::var_os("PRUNESCOPE_BLESS").is_some() {
            std::fs::write(path, &fresh).expect("write www/schema.js");
            return;
        }
        panic!(
            "www/schema.js is stale: run `cargo run -- schema > www/schema.js` \
             (or PRUNESCOPE_BLESS=1 cargo test --test schema)"
        );
    }
}

#[test]
fn record_fields_match_noderec() {
    use core::mem::{offset_of, size_of};
    assert_eq!(size_of::<NodeRec>(), RECORD_BYTES);
    let actual = [
        ("parent", offset_of!(NodeRec, parent)),
        ("alpha", offset_of!(NodeRec, alpha)),
        ("beta", offset_of!(NodeRec, beta)),
        ("value", offset_of!(NodeRec, value)),
        ("move_code", offset_of!(NodeRec, move_code)),
        ("index", offset_of!(NodeRec, index)),
        ("n_moves", offset_of!(NodeRec, n_moves)),
        ("best_index", offset_of!(NodeRec, best_index)),
        ("kind", offset_of!(NodeRec, kind)),
        ("depth", offset_of!(NodeRec, depth)),
        ("flags", offset_of!(NodeRec, flags)),
        ("reason", offset_of!(NodeRec, reason)),
    ];
    let declared: Vec<(&str, usize)> = RECORD_FIELDS.iter().map(|&(n, o, _)| (n, o)).collect();
    assert_eq!(declared, actual);
    // Fields tile the record with no gap.
    let size = |t: &str| match t {
        "u32" | "i32" => 4,
        "u16" => 2,
        _ => 1,
    };
    let end = RECORD_FIELDS.iter().fold(0, |at, &(n, o, t)| {
        assert_eq!(o, at, "{n} leaves a gap");
        o + size(t)
    });
    assert_eq!(end, RECORD_BYTES);
}

#[test]
fn codes_are_dense_and_round_trip() {
    for (i, r) in StopReason::ALL.iter().enumerate() {
        assert_eq!(*r as usize, i);
        assert_eq!(StopReason::from_u8(i as u8), Some(*r));
        assert_eq!(StopReason::from_name(r.name()), Some(*r));
        assert!(!r.doc().is_empty());
    }
    for (i, k) in EventKind::ALL.iter().enumerate() {
        assert_eq!(*k as usize, i);
        assert!(k.aux_words() <= schema::MAX_AUX_WORDS);
    }
}

/// Issue 8, item 15: the format document named version 1 while the files said 2. The document
/// must name the version the writer writes, in its title, its field table and its history.
#[test]
fn the_trace_format_document_names_the_written_version() {
    let v = prunescope::trace_file::json::VERSION;
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/trace-format.md"))
        .expect("docs/trace-format.md");
    assert!(
        doc.starts_with(&format!("# Trace format (version {v})")),
        "docs/trace-format.md's title does not name version {v}"
    );
    assert!(
        doc.contains(&format!("| `version` | integer | `{v}` for this document")),
        "docs/trace-format.md's header table does not give version {v}"
    );
    assert!(
        doc.contains(&format!("- **{v}** —")),
        "docs/trace-format.md's version history has no entry for {v}"
    );
}
