//! A binary trace's body pushed into the core's reader as it comes (`trace_file::binary::Body`:
//! the page's open, where the browser inflates the file and the worker pushes the bytes after
//! the head) is the file the pulled reader reads, in any pieces, and is refused where and as
//! the pulled reader refuses it. The trace is a 150,000-node chess search by the CLI (three
//! chunks of records, several root searches, re-search links).

use flate2::read::GzDecoder;
use prunescope::trace_file::binary::{Body, Opened, open_head};
use prunescope::trace_file::{self, TraceFile};
use std::io::Read;

mod common;
use common::{TempDir, prunescope};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const MAX_TEXT: usize = 1 << 20;

/// The CLI's gzip-compressed file and its decompressed bytes.
fn chess_trace() -> (Vec<u8>, Vec<u8>) {
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
}

/// The body of `bytes` (a binary trace, compressed or not) after its head was read.
fn body_of(bytes: &[u8], gzip: bool) -> Body {
    match open_head(bytes, MAX_TEXT).unwrap() {
        Opened::Body { body, gzip: g } => {
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
    let at = sections(&plain)[0];
    for (bytes, gzip) in [(&gz, true), (&plain, false)] {
        for piece in [1, 3, 4096, 65_537, plain.len()] {
            let mut body = body_of(bytes, gzip);
            assert_eq!(body.start(), at as u64, "the head's length");
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
    let at = sections(&plain);
    let mut cuts = vec![at[0], at[0] + 1, at[0] + 65_536 * 28 + 5, at[6] - 1];
    cuts.extend(at[1..6].iter().map(|&s| s + 3));
    for cut in cuts {
        let expect = trace_file::read(&plain[..cut]).err().unwrap().to_string();
        assert!(expect.contains("stops inside its"), "{expect}");
        let mut body = body_of(&plain, false);
        body.push(&plain[at[0]..cut]).unwrap();
        let got = body.staged().err().unwrap().to_string();
        assert_eq!(got, expect, "cut at byte {cut}");
    }
    // bytes after the end
    let mut longer = plain.clone();
    longer.extend_from_slice(&[0, 0]);
    let expect = trace_file::read(&longer[..]).err().unwrap().to_string();
    let mut body = body_of(&plain, false);
    let got = body.push(&longer[at[0]..]).err().unwrap().to_string();
    assert_eq!(got, expect);
    assert!(got.contains("bytes follow"), "{got}");
}

#[test]
fn a_json_file_is_read_whole_by_its_head() {
    let (status, json, err) = prunescope(&["tree", "((3 12 8) (2 4 6) (14 5 2))", "--json"]);
    assert_eq!(status, 0, "{err}");
    match open_head(json.as_bytes(), MAX_TEXT).unwrap() {
        Opened::Whole(staged) => {
            assert!(staged.is_checked(), "checked whole as it was read");
            same(&staged.file, &trace_file::read(json.as_bytes()).unwrap());
        }
        Opened::Body { .. } => panic!("JSON has no binary body"),
    }
}
