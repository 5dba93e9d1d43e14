//! Reading costs memory in proportion to what a file holds (issue 22 §2): each inflated input
//! ends with a clear error and exit status 1 — not an allocation failure (SIGABRT, 134) —
//! with the CLI's address space limited to 1 GiB (`prlimit --as`). The inputs are made by the
//! test in a temporary directory.

use flate2::Compression;
use flate2::write::GzEncoder;
use std::io::{Read, Write};
use std::process::Command;

mod common;
use common::{TempDir, prunescope};

const BIN: &str = env!("CARGO_BIN_EXE_prunescope");
const GIB: u64 = 1 << 30;

/// Runs the CLI with its address space limited to `limit` bytes.
fn limited(limit: u64, args: &[&str]) -> (i32, String) {
    let out = Command::new("prlimit")
        .arg(format!("--as={limit}"))
        .arg("--")
        .arg(BIN)
        .args(args)
        .output()
        .expect("prlimit (util-linux)");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code().unwrap_or(-1), err)
}

fn json_trace() -> String {
    let out = Command::new(BIN)
        .args([
            "random",
            "-b",
            "2",
            "-d",
            "2",
            "--seed",
            "1",
            "--algo",
            "alphabeta",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// Alpha-beta on Russell and Norvig's tree as a JSON trace, and where its `input.text` string
/// starts (just after the opening quote): the place the comment tests write into.
fn rn_trace_and_text_start() -> (String, usize) {
    let tree = "((3 12 8) (2 4 6) (14 5 2))";
    let (code, text, err) = prunescope(&["tree", "--algo", "alphabeta", "--json", tree]);
    assert_eq!(code, 0, "{err}");
    let key = "\"text\":\"";
    let at = text.find(key).unwrap() + key.len();
    (text, at)
}

/// `text` with the JSON array that follows `"key":` replaced: (before, after).
fn split_array<'a>(text: &'a str, key: &str) -> (&'a str, &'a str) {
    let k = text.find(&format!("\"{key}\":")).unwrap() + key.len() + 3;
    assert_eq!(&text[k..k + 1], "[");
    let end = k + text[k..].find(']').unwrap() + 1;
    (&text[..k], &text[end..])
}

#[test]
fn a_gzip_trace_with_3_million_roots_is_refused() {
    let dir = TempDir::new("roots");
    let text = json_trace();
    let (before, after) = split_array(&text, "roots");
    let path = dir.path("roots.json.gz");
    let mut gz = GzEncoder::new(std::fs::File::create(&path).unwrap(), Compression::best());
    gz.write_all(before.as_bytes()).unwrap();
    gz.write_all(b"[").unwrap();
    let entry = b"{\"depth\":2,\"root\":0},";
    let block: Vec<u8> = entry.repeat(10_000);
    for _ in 0..300 {
        gz.write_all(&block).unwrap();
    }
    gz.write_all(b"{\"depth\":2,\"root\":0}]").unwrap();
    gz.write_all(after.as_bytes()).unwrap();
    gz.finish().unwrap();
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(size < 1 << 20, "{size} bytes");
    let (code, err) = limited(GIB, &["convert", path.to_str().unwrap(), "-"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("\"roots\": too large: more than 2112 entries"),
        "{err}"
    );
}

/// `roots` is refused at its 2,113th entry as it streams, before the rest of the array is read
/// (here a token that is not JSON): a reader that held the whole array first, as a JSON value
/// (about 100 MB for the 1 MiB a header field may take), then met the bad token first.
#[test]
fn roots_are_refused_at_the_entry_past_the_bound_before_the_rest_is_read() {
    let text = json_trace();
    let (before, after) = split_array(&text, "roots");
    let entries = "{\"depth\":2,\"root\":0},".repeat(2113);
    let file = format!("{before}[{entries}not json]{after}");
    let err = prunescope::trace_file::read(file.as_bytes())
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("\"roots\": too large: more than 2112 entries"),
        "{err}"
    );
}

#[test]
fn a_binary_trace_whose_iterations_are_inflated_to_250_mb_is_refused() {
    let dir = TempDir::new("iterations");
    let small = dir.path("t.pstrace");
    let out = Command::new(BIN)
        .args([
            "random",
            "-b",
            "2",
            "-d",
            "2",
            "--trace",
            small.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut raw = Vec::new();
    flate2::read::MultiGzDecoder::new(std::fs::File::open(&small).unwrap())
        .read_to_end(&mut raw)
        .unwrap();
    let len = u32::from_le_bytes(raw[12..16].try_into().unwrap()) as usize;
    let header = std::str::from_utf8(&raw[16..16 + len]).unwrap();
    let rest = &raw[16 + len..];
    let (before, after) = split_array(header, "iterations");
    let entry = b"{\"depth\":1,\"value\":0,\"best_move\":null,\"nodes\":1},";
    let copies = 250_000_000 / entry.len();
    let new_len = before.len()
        + 1
        + copies * entry.len()
        + b"{\"depth\":1,\"value\":0,\"best_move\":null,\"nodes\":1}]".len()
        + after.len();
    let path = dir.path("inflated.pstrace");
    let mut gz = GzEncoder::new(std::fs::File::create(&path).unwrap(), Compression::fast());
    gz.write_all(&raw[..12]).unwrap();
    gz.write_all(&(new_len as u32).to_le_bytes()).unwrap();
    gz.write_all(before.as_bytes()).unwrap();
    gz.write_all(b"[").unwrap();
    let block = entry.repeat(10_000);
    for _ in 0..copies / 10_000 {
        gz.write_all(&block).unwrap();
    }
    gz.write_all(&entry.repeat(copies % 10_000)).unwrap();
    gz.write_all(b"{\"depth\":1,\"value\":0,\"best_move\":null,\"nodes\":1}]")
        .unwrap();
    gz.write_all(after.as_bytes()).unwrap();
    gz.write_all(rest).unwrap();
    gz.finish().unwrap();
    let (code, err) = limited(GIB, &["convert", path.to_str().unwrap(), "-"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("\"summary\": too large"), "{err}");
}

#[test]
fn merge_refuses_a_146_mb_csv_and_dev_zero() {
    let dir = TempDir::new("merge");
    let path = dir.path("big.csv");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let cols: Vec<String> = (0..40).map(|i| format!("c{i}")).collect();
    writeln!(f, "index,position,depth,capped,{}", cols.join(",")).unwrap();
    let cells = vec!["1"; 40].join(",");
    for i in 0..1_500_000 {
        writeln!(f, "{i},P{i},1,0,{cells}").unwrap();
    }
    f.flush().unwrap();
    drop(f);
    let size = std::fs::metadata(&path).unwrap().len();
    assert!((140_000_000..160_000_000).contains(&size), "{size} bytes");
    let (code, err) = limited(GIB, &["experiment", "merge", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("too large: a merge reads at most 16 MiB"),
        "{err}"
    );
    let (code, err) = limited(GIB, &["experiment", "merge", "/dev/zero"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("/dev/zero: too large"), "{err}");
}

/// 200 MB of blanks inside a header value are squeezed as they stream, not buffered: the file
/// reads within an address space far smaller than the blanks.
#[test]
fn whitespace_inside_a_value_is_not_buffered_whole() {
    let dir = TempDir::new("blanks");
    let text = json_trace();
    let at = text.find("\"config\":{").unwrap() + "\"config\":{".len();
    let path = dir.path("blanks.json");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    f.write_all(&text.as_bytes()[..at]).unwrap();
    let blanks = vec![b' '; 1 << 20];
    for _ in 0..200 {
        f.write_all(&blanks).unwrap();
    }
    f.write_all(&text.as_bytes()[at..]).unwrap();
    f.flush().unwrap();
    drop(f);
    let out = dir.path("out.json");
    let (code, err) = limited(
        160 << 20,
        &["convert", path.to_str().unwrap(), out.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
}

/// Issue 32 §5: a valid 300 KB `.json.gz` whose `input.text` holds a 300 MB comment (within the
/// format's 1 GiB tree text) reads holding the text about twice at its peak, not five times:
/// `verify` and `convert` finish within 1 GiB of address space (on cd3b4e7 they peaked at
/// 1.45 GB and aborted; now 0.67 GB).
#[test]
fn a_300_mb_comment_in_a_small_gzip_reads_within_1_gib() {
    let dir = TempDir::new("comment");
    let (text, at) = rn_trace_and_text_start();
    let path = dir.path("comment.json.gz");
    let mut gz = GzEncoder::new(std::fs::File::create(&path).unwrap(), Compression::best());
    gz.write_all(&text.as_bytes()[..at]).unwrap();
    gz.write_all(b"# ").unwrap();
    let block = vec![b'x'; 1 << 20];
    for _ in 0..300 {
        gz.write_all(&block).unwrap();
    }
    gz.write_all(b"\\n").unwrap();
    gz.write_all(&text.as_bytes()[at..]).unwrap();
    gz.finish().unwrap();
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(size < 1 << 20, "{size} bytes");
    let p = path.to_str().unwrap();
    let (code, err) = limited(GIB, &["verify", p]);
    assert_eq!(code, 0, "{err}");
    // written back as it was read (a binary header holds at most 256 MiB: JSON here)
    let out = dir.path("comment.json");
    let (code, err) = limited(GIB, &["convert", p, out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let len = text.len() as u64 + 2 + 300 * (1 << 20) + 2;
    assert_eq!(std::fs::metadata(&out).unwrap().len(), len);
    let mut head = vec![0u8; at];
    std::fs::File::open(&out)
        .unwrap()
        .read_exact(&mut head)
        .unwrap();
    assert_eq!(head, text.as_bytes()[..at]);
}

/// Issue 32 §5, the page's side: a reader that holds less of an explicit tree's text than the
/// format allows (the page's, `trace_file::open`'s bound) refuses a longer text in `input.text`, JSON or
/// binary, gzip-compressed or not; past twice its bound, as the text streams in, before it is
/// held. Within the bound the same file reads.
#[test]
fn a_reader_bounds_the_tree_text_it_holds() {
    use prunescope::trace_file::{self, Location, Opened, Staged};
    let read = |b: &[u8], bound| {
        trace_file::open(b, bound)
            .and_then(Opened::staged)
            .and_then(Staged::check)
    };
    let dir = TempDir::new("text-bound");
    let (text, at) = rn_trace_and_text_start();
    let with_comment =
        |len: usize| format!("{}# {}\\n{}", &text[..at], "x".repeat(len), &text[at..]);
    let bound = 10_000;
    for (len, streamed) in [(20_000, false), (3 << 20, true)] {
        let json = with_comment(len);
        let path = dir.path("t.json");
        std::fs::write(&path, &json).unwrap();
        let bin = dir.path("t.pstrace");
        let st = Command::new(BIN)
            .args(["convert", path.to_str().unwrap(), bin.to_str().unwrap()])
            .status()
            .unwrap();
        assert!(st.success());
        let mut gz = GzEncoder::new(Vec::new(), Compression::fast());
        gz.write_all(json.as_bytes()).unwrap();
        let files = [
            ("json", json.clone().into_bytes()),
            ("json.gz", gz.finish().unwrap()),
            ("pstrace", std::fs::read(&bin).unwrap()),
        ];
        for (what, bytes) in files {
            let e = read(&bytes[..], bound).unwrap_err();
            assert_eq!(e.location, Location::Header, "{what} {len}: {e}");
            assert_eq!(e.field.as_deref(), Some("input.text"), "{what} {len}: {e}");
            assert!(
                e.to_string().contains("10000 bytes this reader holds"),
                "{e}"
            );
            // the text's own length is known only once it was held
            assert_eq!(
                e.to_string().contains("longer than"),
                streamed,
                "{what} {len}: {e}"
            );
            let e = trace_file::open(&bytes[..], bound)
                .and_then(Opened::staged)
                .err()
                .unwrap();
            assert_eq!(e.field.as_deref(), Some("input.text"), "{what} {len}: {e}");
            let f = read(&bytes[..], len + 100).unwrap_or_else(|e| panic!("{what} {len}: {e}"));
            assert_eq!(f.header.summary.value, Some(3));
        }
    }
}

/// A node object streams through the reader's buffer: 12 MB of blanks inside one are squeezed
/// as the buffer fills (the node reads as it was), while a node past the bytes the format
/// allows one (a 6 MB string) is refused naming the node, before it is held whole.
#[test]
fn a_node_object_is_read_within_its_bound() {
    use prunescope::trace_file::{self, Location};
    let text = json_trace();
    let at = text.find("{\"id\":1,").unwrap() + "{\"id\":1,".len();
    let blanks = format!("{}{}\n{}", &text[..at], " ".repeat(12 << 20), &text[at..]);
    let f = trace_file::read(blanks.as_bytes()).unwrap();
    assert_eq!(
        f.rec.nodes,
        trace_file::read(text.as_bytes()).unwrap().rec.nodes
    );
    let long = format!(
        "{}\"san\":\"{}\",{}",
        &text[..at],
        "x".repeat(6 << 20),
        &text[at..]
    );
    let e = trace_file::read(long.as_bytes()).unwrap_err();
    assert_eq!(e.location, Location::Node { id: 1 }, "{e}");
    assert!(
        e.to_string().contains("bytes the format allows there"),
        "{e}"
    );
}
