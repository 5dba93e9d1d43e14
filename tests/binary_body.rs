//! A binary trace's body pushed into the core's reader as it comes (`trace_file::binary::Body`:
//! the page's open, where the browser inflates the file and the worker pushes the bytes after
//! the head) is the file the pulled reader reads, in any pieces, and is refused where and as
//! the pulled reader refuses it. The trace is a 150,000-node chess search by the CLI (three
//! chunks of records, several root searches, re-search links). And the record layout and the
//! column layout of the file's chunks and the worker's batches.

use flate2::read::GzDecoder;
use prunescope::schema::{RECORD_BYTES, RECORD_FIELDS};
use prunescope::trace::record::NodeRec;
use prunescope::trace_file::binary::{Body, columns_into, records_from_columns};
use prunescope::trace_file::{self, Opened, TraceFile, open};
use std::io::Read;

mod common;
use common::{TempDir, prunescope};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const MAX_TEXT: usize = 1 << 20;

/// The CLI's gzip-compressed file and its decompressed bytes, made once: the tests run in
/// parallel and share one temporary directory name.
fn chess_trace() -> &'static (Vec<u8>, Vec<u8>) {
    static TRACE: std::sync::OnceLock<(Vec<u8>, Vec<u8>)> = std::sync::OnceLock::new();
    TRACE.get_or_init(|| {
        let dir = TempDir::new("binary-body");
        let file = dir.path("c.pstrace");
        let (status, _, err) = prunescope(&[
            "chess",
            "--fen",
            KIWIPETE,
            "-d",
            "6",
            "--algo",
            "pvs",
            "--enable",
            "tt,tt_move,mvv_lva",
            "--node-cap",
            "150000",
            "--trace",
            file.to_str().unwrap(),
        ]);
        assert_eq!(status, 0, "{err}");
        let gz = std::fs::read(&file).unwrap();
        let mut plain = Vec::new();
        GzDecoder::new(&gz[..]).read_to_end(&mut plain).unwrap();
        (gz, plain)
    })
}

/// The body of `bytes` (a binary trace, compressed or not) after its head was read.
fn body_of(bytes: &[u8], gzip: bool) -> Body {
    match open(bytes, MAX_TEXT).unwrap() {
        Opened::Body { body, gzip: g, .. } => {
            assert_eq!(g, gzip);
            body
        }
        Opened::Whole(_) => panic!("a binary trace is read by its head"),
    }
}

fn same(a: &TraceFile, b: &TraceFile) {
    assert_eq!(a.header, b.header);
    assert!(a.rec.nodes == b.rec.nodes, "the records");
    assert_eq!(a.rec.events, b.rec.events);
    assert_eq!(a.rec.aux, b.rec.aux);
    assert_eq!(a.rec.research_of, b.rec.research_of);
    assert_eq!(a.rec.roots, b.rec.roots);
    assert_eq!(a.rec.root_depths, b.rec.root_depths);
}

/// Where each section of the decompressed file starts: nodes, events, event data, re-search
/// links, roots, root depths, and the end.
fn sections(plain: &[u8]) -> [usize; 7] {
    let len = u32::from_le_bytes(plain[12..16].try_into().unwrap()) as usize;
    let counts_at = 16 + len;
    let count = |k: usize| {
        u64::from_le_bytes(
            plain[counts_at + 8 * k..counts_at + 8 * k + 8]
                .try_into()
                .unwrap(),
        ) as usize
    };
    let sizes = [
        count(0) * 28,
        count(1),
        count(2) * 4,
        count(3) * 8,
        count(4) * 4,
        count(4) * 4,
    ];
    let mut at = [counts_at + 40; 7];
    for k in 0..6 {
        at[k + 1] = at[k] + sizes[k];
    }
    at
}

#[test]
fn a_body_pushed_in_any_pieces_is_the_file_the_reader_reads() {
    let (gz, plain) = chess_trace();
    let whole = trace_file::read(&gz[..]).unwrap();
    assert_eq!(whole.rec.nodes.len(), 150_000, "three chunks of records");
    assert!(whole.rec.roots.len() > 1 && !whole.rec.research_of.is_empty());
    let at = sections(plain)[0];
    for (bytes, gzip) in [(&gz, true), (&plain, false)] {
        for piece in [1, 3, 4096, 65_537, plain.len()] {
            let mut body = body_of(bytes, gzip);
            assert_eq!(body.start, at as u64, "the head's length");
            for p in plain[at..].chunks(piece) {
                body.push(p).unwrap();
            }
            let staged = body.staged().unwrap();
            assert!(
                !staged.is_checked(),
                "the second step of the validation is left"
            );
            same(&staged.file, &whole);
        }
    }
}

#[test]
fn a_pushed_body_is_refused_where_and_as_the_reader_refuses_it() {
    let (_, plain) = chess_trace();
    let at = sections(plain);
    let mut cuts = vec![at[0], at[0] + 1, at[0] + 65_536 * 28 + 5, at[6] - 1];
    cuts.extend(at[1..6].iter().map(|&s| s + 3));
    for cut in cuts {
        let expect = trace_file::read(&plain[..cut]).err().unwrap().to_string();
        assert!(expect.contains("stops inside its"), "{expect}");
        let mut body = body_of(plain, false);
        body.push(&plain[at[0]..cut]).unwrap();
        let got = body.staged().err().unwrap().to_string();
        assert_eq!(got, expect, "cut at byte {cut}");
    }
    // bytes after the end
    let mut longer = plain.clone();
    longer.extend_from_slice(&[0, 0]);
    let expect = trace_file::read(&longer[..]).err().unwrap().to_string();
    let mut body = body_of(plain, false);
    let got = body.push(&longer[at[0]..]).err().unwrap().to_string();
    assert_eq!(got, expect);
    assert!(got.contains("bytes follow"), "{got}");
}

#[test]
fn a_json_file_is_read_whole_by_its_head() {
    let (status, json, err) = prunescope(&["tree", "((3 12 8) (2 4 6) (14 5 2))", "--json"]);
    assert_eq!(status, 0, "{err}");
    match open(json.as_bytes(), MAX_TEXT).unwrap() {
        Opened::Whole(staged) => {
            assert!(staged.is_checked(), "checked whole as it was read");
            same(&staged.file, &trace_file::read(json.as_bytes()).unwrap());
        }
        Opened::Body { .. } => panic!("JSON has no binary body"),
    }
}

/// A field's size in bytes, from its type in `RECORD_FIELDS`.
fn field_size(ty: &str) -> usize {
    match ty {
        "u32" | "i32" => 4,
        "u16" | "i16" => 2,
        _ => 1,
    }
}

/// A record whose every field tells `i` apart.
fn record(i: u32) -> NodeRec {
    NodeRec {
        parent: i.wrapping_mul(2_654_435_761),
        alpha: -(i as i32) * 3,
        beta: i as i32 * 5 + 1,
        value: i as i32 - 1000,
        move_code: i as u16 ^ 0x5A5A,
        index: (i * 7) as u16,
        n_moves: (i % 219) as u16,
        best_index: (i * 13) as u16,
        kind: i as u8,
        depth: (i % 100) as i8 - 50,
        flags: (i * 3) as u8,
        reason: (i * 11) as u8,
    }
}

/// The column layout (a binary file's chunks, the worker's batches): every column starts
/// aligned to its field's size, holds every record's value in order, and turns back into the
/// same records, over more records than a transposition tile (1024) and not a multiple of it.
#[test]
fn columns_round_trip_aligned() {
    let mut at = 0;
    for &(name, _, ty) in RECORD_FIELDS {
        let size = field_size(ty);
        // with any record count k, a column starts at k × (the sizes before it): a multiple
        // of its own size when every earlier size is a multiple of it
        assert_eq!(
            at % size,
            0,
            "{name}: fields are ordered by size, largest first"
        );
        at += size;
    }
    for k in [3, 2 * 1024 + 37] {
        let nodes: Vec<NodeRec> = (0..k as u32).map(record).collect();
        let mut out = vec![9u8; 5];
        columns_into(&nodes, &mut out);
        assert_eq!(&out[..5], &[9; 5], "appended after what was there");
        let cols = &out[5..];
        assert_eq!(cols.len(), k * RECORD_BYTES);
        let parents: Vec<u32> = cols[..4 * k]
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(parents, nodes.iter().map(|n| n.parent).collect::<Vec<_>>());
        let reasons = &cols[27 * k..];
        assert_eq!(reasons, nodes.iter().map(|n| n.reason).collect::<Vec<_>>());
        let mut back = vec![NodeRec::from_bytes(&[1; RECORD_BYTES]); k];
        records_from_columns(cols, &mut back);
        assert_eq!(back, nodes, "every field of every record comes back");
    }
}

/// A record's bytes are the documented layout (`RECORD_FIELDS`: offsets and types, little-endian).
#[test]
fn record_bytes_follow_the_documented_layout() {
    let n = NodeRec {
        parent: 0x0403_0201,
        alpha: -2,
        beta: 0x0C0B_0A09,
        value: 0x100F_0E0D,
        move_code: 0x1211,
        index: 0x1413,
        n_moves: 0x1615,
        best_index: 0x1817,
        kind: 0x19,
        depth: -3,
        flags: 0x1B,
        reason: 0x1C,
    };
    let b = n.bytes();
    assert_eq!(NodeRec::from_bytes(b), n);
    for &(name, offset, ty) in RECORD_FIELDS {
        let expect: Vec<u8> = match name {
            "parent" => n.parent.to_le_bytes().to_vec(),
            "alpha" => n.alpha.to_le_bytes().to_vec(),
            "beta" => n.beta.to_le_bytes().to_vec(),
            "value" => n.value.to_le_bytes().to_vec(),
            "move_code" => n.move_code.to_le_bytes().to_vec(),
            "index" => n.index.to_le_bytes().to_vec(),
            "n_moves" => n.n_moves.to_le_bytes().to_vec(),
            "best_index" => n.best_index.to_le_bytes().to_vec(),
            "kind" => vec![n.kind],
            "depth" => vec![n.depth as u8],
            "flags" => vec![n.flags],
            "reason" => vec![n.reason],
            other => panic!("unknown field {other}"),
        };
        assert_eq!(&b[offset..offset + field_size(ty)], &expect[..], "{name}");
    }
    let sizes = RECORD_FIELDS.iter().map(|f| field_size(f.2));
    assert_eq!(sizes.sum::<usize>(), RECORD_BYTES);
}

/// The most resident memory this test process has held (`VmHWM` of /proc/self/status), bytes.
fn peak_resident() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib * 1024
}

/// A head's counts are reserved, not filled: a file of a few kilobytes that declares 1.6 GB of
/// event data is refused as cut short without the reader ever holding that memory (a reader
/// that zero-filled each array at the head held all of it first).
#[test]
fn declared_counts_cost_no_memory_until_their_bytes_come() {
    let (_, plain) = chess_trace();
    let counts_at = sections(plain)[0] - 40;
    let mut file = plain[..counts_at].to_vec();
    for count in [0u64, 0, 400_000_000, 0, 0] {
        file.extend_from_slice(&count.to_le_bytes());
    }
    let err = trace_file::read(&file[..]).err().unwrap().to_string();
    assert!(err.contains("stops inside its event data"), "{err}");
    // the other tests of this file hold a few tens of megabytes at most
    assert!(
        peak_resident() < 800 << 20,
        "peak {} bytes",
        peak_resident()
    );
}
