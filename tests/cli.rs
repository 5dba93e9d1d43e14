//! The CLI: every malformed input gives a clear message and a non-zero exit, never a panic.

use std::io::Write;
use std::process::{Command, Stdio};

fn prunescope(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_prunescope"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(s) = stdin {
        child.stdin.take().unwrap().write_all(s.as_bytes()).unwrap();
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn summaries() {
    let (code, out, _) = prunescope(
        &["tree", "--algo", "alphabeta", "((3 12 8) (2 4 6) (14 5 2))"],
        None,
    );
    assert_eq!(code, 0);
    assert!(out.contains("value      3"), "{out}");
    assert!(out.contains("nodes      11 (7 leaves)"), "{out}");
    assert!(out.contains("nodes/s"), "{out}");

    // A MIN root: the value from MAX's view first, the search's negamax value after it.
    let (code, out, _) = prunescope(
        &[
            "tree",
            "--algo",
            "alphabeta",
            "min ((3 12 8) (2 4 6) (14 5 2))",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "value      6 from MAX's view (MIN moves at the root; the search's negamax value is -6)"
        ),
        "{out}"
    );
    assert!(out.contains("best line  1 2"), "{out}");
    assert!(out.contains("nodes      11 (7 leaves)"), "{out}");
    let (code, _, err) = prunescope(&["tree", "MIN (1 2)"], None);
    assert_eq!(code, 1);
    assert!(
        err.contains("tree text, line 1, column 1: unknown header \"MIN\""),
        "{err}"
    );

    let (code, out, _) = prunescope(&["tree", "-", "--json"], Some("(1 (2 3))"));
    assert_eq!(code, 0);
    assert!(out.starts_with('{') && out.contains("\"format\":\"prunescope-trace\""));

    let (code, out, _) = prunescope(
        &[
            "random",
            "-b",
            "3",
            "-d",
            "4",
            "--seed",
            "9",
            "--ordering",
            "p=0.9",
            "--algo",
            "minimax",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert!(out.contains("nodes      121 (81 leaves)"), "{out}");

    let (code, out, _) = prunescope(&["chess", "--fen", START, "--depth", "2", "--stats"], None);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("best line"), "{out}");
    assert!(out.contains("iteration  depth  2"), "{out}");
}

#[test]
fn node_cap_gives_a_notice() {
    let (code, out, err) = prunescope(
        &["random", "-b", "10", "-d", "8", "--node-cap", "5000"],
        None,
    );
    assert_eq!(code, 0);
    assert!(
        err.contains("node cap of 5000 nodes stopped the search"),
        "{err}"
    );
    assert!(out.contains("stopped by the node cap"), "{out}");
}

#[test]
fn malformed_inputs_fail_cleanly() {
    let cases: &[(&[&str], &str)] = &[
        (&["tree", "((3 12 8) (2 4 6"], "expected ')' to close"),
        (&["tree", "(3 x)"], "column 4"),
        (&["tree", "()"], "at least one child"),
        (&["tree", "(1 2))"], "unmatched ')'"),
        (&["tree", ""], "empty tree"),
        (&["tree", "(1 99999999999999999999)"], "out of range"),
        (&["tree", "(1 -)"], "expected digits"),
        (&["tree", "(1 2) 3"], "end of input"),
        (&["chess", "--fen", "not a fen", "--depth", "3"], "FEN"),
        (
            &[
                "chess",
                "--fen",
                "8/8/8/8/8/8/8/8 w - - 0 1",
                "--depth",
                "3",
            ],
            "FEN",
        ),
        (
            &["chess", "--fen", START, "--depth", "0"],
            "depth must be between 1 and 64",
        ),
        (
            &["chess", "--fen", START, "--depth", "99"],
            "depth must be between 1 and 64",
        ),
        (
            &["chess", "--fen", START, "--depth", "x"],
            "invalid value 'x'",
        ),
        (
            &["random", "-b", "3", "-d", "4", "--ordering", "sideways"],
            "unknown ordering 'sideways'",
        ),
        (
            &["random", "-b", "3", "-d", "4", "--ordering", "p=1.5"],
            "between 0 and 1",
        ),
        (
            &["random", "-b", "0", "-d", "4"],
            "branching must be between 1 and 1000",
        ),
        (
            &["random", "-b", "3", "-d", "65"],
            "depth must be between 1 and 64",
        ),
        (&["random", "-b", "3"], "--depth"),
        (
            &["tree", "--algo", "bogus", "(1 2)"],
            "unknown algorithm 'bogus'",
        ),
        (
            &["tree", "--frobnicate", "(1 2)"],
            "unexpected argument '--frobnicate'",
        ),
        (
            &["bench", "--suite", "/nonexistent.epd"],
            "cannot read suite",
        ),
    ];
    for (args, msg) in cases {
        let (code, _out, err) = prunescope(args, None);
        assert_ne!(code, 0, "{args:?} should fail");
        assert!(
            err.contains(msg),
            "{args:?}: stderr {err:?} should mention {msg:?}"
        );
        assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    }
    let (code, _, err) = prunescope(&["tree", "-"], Some("(1 (2"));
    assert_ne!(code, 0);
    assert!(err.contains("expected ')' to close"), "{err}");
}

#[test]
fn help_documents_every_flag() {
    let (_, out, _) = prunescope(&["random", "--help"], None);
    for flag in [
        "--branching",
        "--depth",
        "--seed",
        "--ordering",
        "--random-branching",
        "--algo",
        "--json",
        "--node-cap",
        "--stats",
    ] {
        assert!(out.contains(flag), "random --help lacks {flag}");
    }
    let (_, out, _) = prunescope(&["chess", "--help"], None);
    for flag in ["--fen", "--depth", "--no-iterative", "--algo", "--json"] {
        assert!(out.contains(flag), "chess --help lacks {flag}");
    }
}

// ---------------------------------------------------------------------------------------------
// Faults: closed pipes, full disks, control characters in input (issue 8 items 7 and 13)
// ---------------------------------------------------------------------------------------------

/// Where a child's standard output (or error) goes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Sink {
    /// Captured in full.
    Capture,
    /// A pipe whose reader is closed before the command writes anything.
    Closed,
    /// A pipe whose reader takes one line and then closes, as `| head -1` does.
    FirstLine,
    /// `/dev/full`: every write fails with "no space left on device".
    Full,
}

struct Run {
    code: i32,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

impl Run {
    fn err(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into()
    }
}

fn sink(s: Sink) -> Stdio {
    match s {
        Sink::Full => std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
            .into(),
        _ => Stdio::piped(),
    }
}

/// Runs the binary with `stdin` (if any) and the given sinks; never hangs on a closed pipe.
fn run(args: &[&str], stdin: Option<&[u8]>, out: Sink, err: Sink) -> Run {
    use std::io::{BufRead, Read};
    let mut child = Command::new(env!("CARGO_BIN_EXE_prunescope"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(sink(out))
        .stderr(sink(err))
        .spawn()
        .unwrap();
    let input = child.stdin.take().unwrap();
    let stdin = stdin.map(<[u8]>::to_vec);
    // The command may stop reading early (and then our write fails): write from a thread.
    let writer = std::thread::spawn(move || {
        let mut input = input;
        if let Some(bytes) = stdin {
            let _ = input.write_all(&bytes);
        }
    });
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    // A closed stderr is dropped here, before the command writes to it.
    let err_reader = child
        .stderr
        .take()
        .filter(|_| err == Sink::Capture)
        .map(|mut pipe| {
            std::thread::spawn(move || {
                let mut v = Vec::new();
                let _ = pipe.read_to_end(&mut v);
                v
            })
        });
    match out {
        Sink::Capture => {
            child
                .stdout
                .take()
                .unwrap()
                .read_to_end(&mut stdout)
                .unwrap();
        }
        Sink::Closed => drop(child.stdout.take()),
        Sink::FirstLine => {
            let mut reader = std::io::BufReader::new(child.stdout.take().unwrap());
            reader.read_until(b'\n', &mut stdout).unwrap();
        }
        Sink::Full => {}
    }
    let status = child.wait().unwrap();
    if let Some(r) = err_reader {
        stderr = r.join().unwrap();
    }
    writer.join().unwrap();
    Run {
        code: status.code().unwrap_or(-1),
        stdout,
        stderr,
    }
}

/// A scratch file removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str, contents: &[u8]) -> Scratch {
        // Tests run in parallel: each scratch file gets its own number.
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("prunescope-cli-{}-{n}-{name}", std::process::id()));
        std::fs::write(&path, contents).unwrap();
        Scratch(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A small suite: mate in one with move counters (issue 8 item 5) and a quiet position.
const SUITE: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 bm Ra8#; id \"six\";\n\
                     r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; \
                     id \"two\";\n";

/// A tree with enough leaves that its JSON trace is far larger than a pipe's buffer.
fn big_tree() -> String {
    let leaf = |i: usize| ((i * 7919) % 201) as i64 - 100;
    let inner: Vec<String> = (0..40)
        .map(|k| {
            let leaves: Vec<String> = (0..40).map(|j| leaf(k * 40 + j).to_string()).collect();
            format!("({})", leaves.join(" "))
        })
        .collect();
    format!("({})", inner.join(" "))
}

/// Every command that prints, as argument lists (the files they need live as long as the
/// returned scratch files).
fn printing_commands() -> (Vec<Vec<String>>, Vec<Scratch>) {
    let tree = big_tree();
    let suite = Scratch::new("pipe-suite.epd", SUITE.as_bytes());
    let left = Scratch::new("pipe-left.json", &run_ok(&["tree", "--json", &tree]));
    let right = Scratch::new(
        "pipe-right.json",
        &run_ok(&["tree", "--json", "--algo", "minimax", &tree]),
    );
    let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let commands = vec![
        s(&["tree", "--stats", &tree]),
        s(&["tree", "--json", &tree]),
        s(&["random", "-b", "8", "-d", "4", "--json"]),
        s(&["random", "-b", "8", "-d", "4", "--stats"]),
        s(&["chess", "--fen", START, "--depth", "3", "--json"]),
        s(&["chess", "--fen", START, "--depth", "2"]),
        s(&["bench", "--suite", suite.path(), "--depth", "2"]),
        s(&["schema"]),
        s(&["diff", left.path(), right.path()]),
        s(&["diff", "--json", left.path(), right.path()]),
        s(&[
            "experiment",
            "null-move",
            "--suite",
            suite.path(),
            "--depth",
            "2",
        ]),
        s(&["--help"]),
        s(&["chess", "--help"]),
        s(&["--version"]),
    ];
    (commands, vec![suite, left, right])
}

fn run_ok(args: &[&str]) -> Vec<u8> {
    let r = run(args, None, Sink::Capture, Sink::Capture);
    assert_eq!(r.code, 0, "{args:?}: {}", r.err());
    r.stdout
}

#[test]
fn closed_pipes_end_quietly() {
    let (commands, _files) = printing_commands();
    for args in &commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        for out in [Sink::Closed, Sink::FirstLine] {
            let r = run(&args, None, out, Sink::Capture);
            assert_eq!(r.code, 0, "{args:?} with {out:?}: {}", r.err());
            assert!(r.err().is_empty(), "{args:?} with {out:?}: {}", r.err());
        }
    }
    // Tree text from standard input, with the output closed.
    let r = run(
        &["tree", "-", "--json"],
        Some(big_tree().as_bytes()),
        Sink::Closed,
        Sink::Capture,
    );
    assert_eq!((r.code, r.err()), (0, String::new()));
}

#[test]
fn a_closed_stderr_does_not_stop_a_command() {
    // The node cap's notice goes to stderr; once `eprintln!` panicked here (exit 101).
    let r = run(
        &["random", "-b", "10", "-d", "8", "--node-cap", "5000"],
        None,
        Sink::Capture,
        Sink::Closed,
    );
    assert_eq!(r.code, 0);
    assert!(String::from_utf8_lossy(&r.stdout).contains("stopped by the node cap"));
    // An error that cannot be shown still gives its exit status.
    let r = run(&["tree", "(1"], None, Sink::Capture, Sink::Closed);
    assert_eq!(r.code, 1);
    // So does a usage error.
    let r = run(
        &["tree", "--frobnicate", "(1)"],
        None,
        Sink::Capture,
        Sink::Closed,
    );
    assert_eq!(r.code, 2);
}

#[test]
fn a_full_disk_is_an_error() {
    let (commands, _files) = printing_commands();
    for args in &commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args, None, Sink::Full, Sink::Capture);
        assert_eq!(r.code, 1, "{args:?} wrote to /dev/full: {}", r.err());
        assert!(
            r.err().starts_with("error: cannot write output: ") && r.err().contains("space"),
            "{args:?}: {}",
            r.err()
        );
        assert!(!r.err().contains("panicked"), "{args:?}: {}", r.err());
    }
}

/// The bytes a terminal would act on: C0 controls other than newline, DEL and C1 controls.
fn raw_controls(bytes: &[u8]) -> Vec<char> {
    String::from_utf8_lossy(bytes)
        .chars()
        .filter(|&c| c.is_control() && c != '\n')
        .collect()
}

#[test]
fn control_characters_in_input_are_escaped() {
    let esc = "\u{1b}[2J";
    let suite_esc = Scratch::new(
        "esc-suite.epd",
        format!("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"{esc}\";\n").as_bytes(),
    );
    let suite_nul = Scratch::new(
        "nul-suite.epd",
        b"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#;\0 id \"x\";\n",
    );
    let fen_esc = format!("6k1/5ppp/8/8/8/8/5PPP/R5K1 w {esc} - 0 1");
    let set_esc = format!("tt.size_log2={esc}");
    // (arguments, standard input, what stderr shows in place of the control character)
    type Case<'a> = (Vec<&'a str>, Option<&'a [u8]>, &'a str);
    let cases: Vec<Case> = vec![
        (vec!["tree", "-"], Some(b"(1 \0)"), "'\\0'"),
        (vec!["tree", "-"], Some(b"(1 \x1b[2J)"), "'\\u{1b}'"),
        (vec!["tree", "(1 \u{7})"], None, "'\\u{7}'"),
        (
            vec!["tree", "-"],
            Some(b"(1 2)\x9b"),
            "did not contain valid UTF-8",
        ),
        (
            vec!["chess", "--fen", &fen_esc, "--depth", "1"],
            None,
            "--fen: the FEN's castling field is \"\\u{1b}[2J\"",
        ),
        (
            vec!["bench", "--suite", suite_esc.path(), "--depth", "1"],
            None,
            "line 1: control characters are not allowed in EPD (found '\\u{1b}' in column 47)",
        ),
        (
            vec!["bench", "--suite", suite_nul.path(), "--depth", "1"],
            None,
            "(found '\\0' in column 42)",
        ),
        (
            vec![
                "experiment",
                "null-move",
                "--suite",
                suite_esc.path(),
                "--depth",
                "1",
            ],
            None,
            "control characters are not allowed",
        ),
        (vec!["tree", "--set", &set_esc, "(1 2)"], None, "\\u{1b}[2J"),
        (
            vec!["bench", "--suite", "/nonexistent/\u{1b}[2J.epd"],
            None,
            "cannot read suite '/nonexistent/\\u{1b}[2J.epd'",
        ),
    ];
    for (args, stdin, shown) in cases {
        let r = run(&args, stdin, Sink::Capture, Sink::Capture);
        assert_eq!(r.code, 1, "{args:?}: {}", r.err());
        assert_eq!(raw_controls(&r.stderr), [], "{args:?}: {:?}", r.err());
        assert_eq!(raw_controls(&r.stdout), [], "{args:?}");
        assert!(
            r.err().contains(shown),
            "{args:?}: {:?} lacks {shown:?}",
            r.err()
        );
    }
}

#[test]
fn fen_errors_name_the_field() {
    // shakmaty splits on '_' too: "w _ -" used to blame en passant, "w _ - 0 1" was accepted.
    let cases: &[(&str, &str)] = &[
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w _ - 0 1",
            "--fen: the FEN's castling field is \"_\", expected '-' or some of K, Q, k, q",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w _ -",
            "--fen: the FEN's castling field is \"_\"",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 99999999999999999999 1",
            "--fen: the FEN's halfmove clock field is \"99999999999999999999\", expected a \
             whole number from 0 to 150",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 0",
            "--fen: the FEN's fullmove number field is \"0\"",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq e3 0 1",
            "--fen: the FEN's en passant field is \"e3\", expected '-' or a square on rank 6",
        ),
        ("", "--fen: empty FEN"),
    ];
    for (fen, expected) in cases {
        let r = run(
            &["chess", "--fen", fen, "--depth", "1"],
            None,
            Sink::Capture,
            Sink::Capture,
        );
        assert_eq!(r.code, 1, "{fen}");
        assert!(r.err().contains(expected), "{fen}: {}", r.err());
    }
}

#[test]
fn epd_counters_keep_the_best_move() {
    // Issue 8 item 5: "… w - - 0 1 bm Ra8#;" was counted as not solved.
    let suite = Scratch::new("counters.epd", SUITE.as_bytes());
    let out = run_ok(&[
        "experiment",
        "null-move",
        "--suite",
        suite.path(),
        "--depth",
        "2",
        "--csv",
    ]);
    let out = String::from_utf8(out).unwrap();
    // columns: index, position, depth, capped, four node counts, four solved flags
    let six = out
        .lines()
        .find(|l| l.split(',').nth(1) == Some("six"))
        .expect(&out);
    assert!(six.ends_with(",1,1,1,1"), "{out}");
    // A record the standard does not allow is refused with its file and line.
    let bad = Scratch::new(
        "bad.epd",
        format!("{SUITE}6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 bm Ra8#;\n").as_bytes(),
    );
    let r = run(
        &["bench", "--suite", bad.path(), "--depth", "1"],
        None,
        Sink::Capture,
        Sink::Capture,
    );
    assert_eq!(r.code, 1);
    let expected = format!(
        "error: {}, line 3: the halfmove clock \"0\" is not followed by a fullmove number",
        bad.path()
    );
    assert!(r.err().starts_with(&expected), "{}", r.err());
}

#[test]
fn bench_has_the_search_commands_caps() {
    let suite = Scratch::new("cap-suite.epd", SUITE.as_bytes());
    let r = run(
        &[
            "bench",
            "--suite",
            suite.path(),
            "--depth",
            "4",
            "--node-cap",
            "300",
        ],
        None,
        Sink::Capture,
        Sink::Capture,
    );
    assert_eq!(r.code, 0, "{}", r.err());
    let out = String::from_utf8_lossy(&r.stdout);
    assert!(
        r.err()
            .contains("notice: the node cap of 300 nodes stopped the search of"),
        "{}",
        r.err()
    );
    assert!(
        out.contains("* stopped by the node cap of 300 nodes"),
        "{out}"
    );
    let rows: Vec<&str> = out.lines().filter(|l| l.ends_with(" *")).collect();
    assert!(!rows.is_empty(), "{out}");
    for (depth, shown) in [
        (
            "0",
            "--depth: 0 is out of range: a benchmark searches 1 to 64 plies",
        ),
        ("65", "--depth: 65 is out of range"),
    ] {
        let r = run(
            &["bench", "--suite", suite.path(), "--depth", depth],
            None,
            Sink::Capture,
            Sink::Capture,
        );
        assert_eq!(r.code, 1);
        assert!(r.err().contains(shown), "{}", r.err());
    }
    let (_, out, _) = prunescope(&["bench", "--help"], None);
    assert!(out.contains("--node-cap"), "{out}");
}

/// `bench` repeats each pass and says how (ABBA medians and the spread), runs the untraced
/// pass alone on request, and refuses zero repeats (issues 32 §6 and 33).
#[test]
fn bench_repeats_alternate_and_the_untraced_pass_runs_alone() {
    let suite = Scratch::new("abba-suite.epd", SUITE.as_bytes());
    let bench = |extra: &[&str]| {
        let mut args = vec!["bench", "--suite", suite.path(), "--depth", "2"];
        args.extend_from_slice(extra);
        run(&args, None, Sink::Capture, Sink::Capture)
    };
    let r = bench(&["--repeat", "2"]);
    assert_eq!(r.code, 0, "{}", r.err());
    let out = String::from_utf8_lossy(&r.stdout).into_owned();
    assert!(out.contains("(the median of 2 searches each)"), "{out}");
    assert!(out.contains("the 2 repeats' own ratios"), "{out}");
    let r = bench(&["--untraced-only", "--repeat", "1"]);
    assert_eq!(r.code, 0, "{}", r.err());
    let out = String::from_utf8_lossy(&r.stdout).into_owned();
    assert!(out.contains("the recorded pass was not run"), "{out}");
    let total = out.lines().find(|l| l.starts_with("total")).unwrap();
    assert!(total.trim_end().ends_with("-        -"), "{total}");
    let r = bench(&["--repeat", "0"]);
    assert_eq!(r.code, 1);
    assert!(
        r.err().contains("--repeat: must be at least 1"),
        "{}",
        r.err()
    );
}

#[test]
fn tree_limits_are_refused_where_crossed() {
    // 65,535 children: refused at the child that crosses the limit, not at ')'.
    let wide = format!("({}", "1 ".repeat(65_535));
    let r = run(
        &["tree", "-"],
        Some(wide.as_bytes()),
        Sink::Capture,
        Sink::Capture,
    );
    assert_eq!(r.code, 1);
    assert!(
        r.err().contains(
            "standard input: tree text, line 1, column 131070: the node opened at line 1, \
             column 1 has more than 65534 children"
        ),
        "{}",
        r.err()
    );
    let deep = format!("{}1", "(".repeat(201));
    let (code, _, err) = prunescope(&["tree", &deep], None);
    assert_eq!(code, 1);
    assert!(
        err.contains("column 201: the tree is nested deeper than 200 levels"),
        "{err}"
    );
}

#[test]
fn chance_trees_are_searched_by_the_chance_searches_and_refused_by_the_rest() {
    let tree = "bounds 0 10 ([1:5 1:(10 10)] [1:1 1:(9 9)])";
    let (code, out, err) = prunescope(&["tree", "--algo", "star1", tree], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value      15/2"), "{out}");
    assert!(out.contains("nodes      8"), "{out}");
    assert!(
        out.contains(
            "pruned child 1: chance fail high (value >= B_i) — child 0 returned -1 >= B_0 = -5"
        ),
        "{out}"
    );
    let (code, out, _) = prunescope(&["tree", "--algo", "star2", tree, "--json"], None);
    assert_eq!(code, 0);
    // the trace format (issue 32 §1): 15/2 stored as 15 over the scale 2
    assert!(out.contains("\"chance\":\"star2\""), "{out}");
    assert!(out.contains("\"scale\":2}"), "{out}");
    assert!(out.contains("\"summary\":{\"value\":15,"), "{out}");
    assert!(out.contains("\"reason\":\"chance_fail_high\""), "{out}");
    for (args, expected) in [
        (
            vec!["tree", tree],
            "pvs cannot be used on a tree with chance nodes",
        ),
        (
            vec!["tree", "--algo", "alphabeta", tree],
            "alphabeta cannot be used",
        ),
        (
            vec!["tree", "--algo", "star1", "[1:3 1:4]"],
            "star1 needs bounds L and U",
        ),
        (
            vec!["tree", "--algo", "star2", tree, "--enable", "tt"],
            "tt cannot be used with star2",
        ),
        (
            vec!["random", "-b", "2", "-d", "2", "--algo", "expectimax"],
            "the chance searches run on explicit trees with chance nodes only",
        ),
    ] {
        let (code, _, err) = prunescope(&args, None);
        assert_eq!(code, 1, "{args:?}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

/// Issue 32 §5, what a fuzzing run found in the CLI's messages and in its own reader: each
/// failed on the main of 28c58df.
#[test]
fn what_fuzzing_found_ends_in_clear_words() {
    let dir = std::env::temp_dir().join(format!("prunescope-cli-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str| dir.join(name).to_string_lossy().into_owned();

    // Traces the CLI writes for the small games with the table on are accepted by `verify`
    // (a stored win was not moved back by the node's ply).
    for args in [
        &[
            "nim",
            "--piles",
            "1,2",
            "--algo",
            "alphabeta",
            "--enable",
            "tt",
        ][..],
        &["tictactoe", "--algo", "alphabeta", "--enable", "tt"][..],
        &[
            "tictactoe",
            ".o./.../..x",
            "--algo",
            "pvs",
            "--depth",
            "5",
            "--enable",
            "killers,tt,history",
        ][..],
    ] {
        let path = file("game.json");
        let mut a = args.to_vec();
        a.extend(["--trace", &path]);
        let (code, _, err) = prunescope(&a, None);
        assert_eq!(code, 0, "{args:?}: {err}");
        let (code, out, err) = prunescope(&["verify", &path], None);
        assert_eq!(code, 0, "{args:?}: {out}{err}");
    }

    // A pile past u64 is named as written.
    let (code, _, err) = prunescope(&["nim", "--piles", "18446744073709551616"], None);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("pile 1 has 18446744073709551616 objects"),
        "{err}"
    );

    // A newline in a Connect Four position is escaped in the message.
    let (code, _, err) = prunescope(&["connect4", "44\n53"], None);
    assert_ne!(code, 0);
    assert!(err.contains("'\\n' at move 3"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");

    // An over-large number in `bounds` is called a bound, not a leaf value.
    let (code, _, err) = prunescope(
        &["tree", "--algo", "star1", "bounds 0 99999999999 [1:1 1:2]"],
        None,
    );
    assert_ne!(code, 0);
    assert!(
        err.contains("bound 99999999999 of the 'bounds' header"),
        "{err}"
    );

    // A chance search whose denominators pass 10^9 says where in the tree and what the
    // scale would be, before the search.
    let (code, _, err) = prunescope(
        &[
            "tree",
            "--algo",
            "expectimax",
            "([1:1 999982:0] [1:1 999978:0])",
            "--trace",
            &file("chance.json"),
        ],
        None,
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("need K = 999962000357, past the trace format's limit of 10^9"),
        "{err}"
    );
    assert!(!err.contains('·'), "{err}");

    // A field written at its default value, which the writer leaves out, is still a field.
    let path = file("tree.json");
    let (code, _, err) = prunescope(
        &["tree", "--algo", "alphabeta", "(3 (2 4))", "--trace", &path],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    let with_default = text.replacen("\"node_cap\":", "\"cutoff\":\"standard\",\"node_cap\":", 1);
    assert_ne!(with_default, text);
    std::fs::write(&path, &with_default).unwrap();
    let (code, out, err) = prunescope(&["verify", &path], None);
    assert_eq!(code, 0, "{out}{err}");
    let with_unknown = text.replacen("\"summary\":{", "\"summary\":{\"bogus\":1,", 1);
    assert_ne!(with_unknown, text);
    std::fs::write(&path, &with_unknown).unwrap();
    let (code, _, err) = prunescope(&["verify", &path], None);
    assert_eq!(code, 1);
    assert!(
        err.contains("summary.bogus") && err.contains("not a field of this version"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
