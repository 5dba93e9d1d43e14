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
