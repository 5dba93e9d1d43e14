//! Writing output goes where it is asked to, and fails loudly when it cannot (issue 22 §3): a
//! trace file replaces only a regular file (atomically) or a new path; a device or a FIFO is
//! written through and never replaced; a symlink is followed to its target; a closed standard
//! output is an error, while a closed pipe stays a quiet exit 0. Every special file is made by
//! the test in its own temporary directory (the tests run as root: never at /dev/full itself).

use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_prunescope");

/// Runs the CLI with `args`, killing it (and failing) if it takes more than 20 s: a FIFO open
/// that waits for a reader must not hang the test suite.
fn run(args: &[&str]) -> (i32, String, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("prunescope {args:?} did not finish in 20 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn file_type(p: &Path) -> std::fs::FileType {
    std::fs::symlink_metadata(p).unwrap().file_type()
}

fn mknod_full(dir: &TempDir) -> PathBuf {
    let dev = dir.path("full");
    let ok = Command::new("mknod")
        .arg(&dev)
        .args(["c", "1", "7"])
        .status()
        .unwrap()
        .success();
    assert!(ok, "mknod (the tests run as root)");
    assert!(file_type(&dev).is_char_device());
    dev
}

#[test]
fn a_trace_to_a_full_device_fails_with_its_error_and_leaves_the_device() {
    let dir = TempDir::new("device");
    let dev = mknod_full(&dir);
    let d = dev.to_str().unwrap();
    let (code, _, err) = run(&["tree", "--trace", d, "--format", "json", "(1 2)"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("No space left on device"), "{err}");
    assert!(file_type(&dev).is_char_device(), "the device was replaced");

    // convert IN DEV: the same.
    let json = dir.path("t.json");
    let (code, _, err) = run(&["tree", "--trace", json.to_str().unwrap(), "(1 2)"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["convert", json.to_str().unwrap(), d, "--format", "binary"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("No space left on device"), "{err}");
    assert!(
        file_type(&dev).is_char_device(),
        "convert replaced the device"
    );
    // Nothing was left beside it.
    let names: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn a_fifo_without_a_reader_fails_at_once() {
    let dir = TempDir::new("fifo");
    let fifo = dir.path("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let (code, _, err) = run(&[
        "tree",
        "--trace",
        fifo.to_str().unwrap(),
        "--format",
        "json",
        "(1 2)",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no reader"), "{err}");
    assert!(file_type(&fifo).is_fifo(), "the FIFO was replaced");
}

#[test]
fn a_fifo_with_a_reader_gets_the_trace() {
    let dir = TempDir::new("fifo-reader");
    let fifo = dir.path("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let reader = Command::new("cat")
        .arg(&fifo)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until cat has the FIFO open (a writer's non-blocking open then succeeds).
    let start = Instant::now();
    let mut result = None;
    while start.elapsed() < Duration::from_secs(10) {
        let r = run(&[
            "tree",
            "--trace",
            fifo.to_str().unwrap(),
            "--format",
            "json",
            "(1 2)",
        ]);
        if r.0 == 0 {
            result = Some(r);
            break;
        }
        assert!(r.2.contains("no reader"), "{}", r.2);
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(result.is_some(), "the reader never opened the FIFO");
    let out = reader.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("{\"format\":\"prunescope-trace\""),
        "{text}"
    );
    assert!(file_type(&fifo).is_fifo());
}

#[test]
fn a_symlink_is_followed_to_its_target_and_stays_a_link() {
    let dir = TempDir::new("symlink");
    let real = dir.path("real.json");
    std::fs::write(&real, "old").unwrap();
    let link = dir.path("link.json");
    std::os::unix::fs::symlink("real.json", &link).unwrap();
    let (code, _, err) = run(&["tree", "--trace", link.to_str().unwrap(), "(1 2)"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        file_type(&link).is_symlink(),
        "the link was replaced by a file"
    );
    let text = std::fs::read_to_string(&real).unwrap();
    assert!(
        text.starts_with("{\"format\":\"prunescope-trace\""),
        "{text}"
    );

    // A dangling link is refused, and nothing is created.
    let dangling = dir.path("dangling.json");
    std::os::unix::fs::symlink("nowhere.json", &dangling).unwrap();
    let (code, _, err) = run(&["tree", "--trace", dangling.to_str().unwrap(), "(1 2)"]);
    assert_eq!(code, 1);
    assert!(err.contains("symlink whose target does not exist"), "{err}");
    assert!(file_type(&dangling).is_symlink());
    assert!(!dir.path("nowhere.json").exists());
}

#[test]
fn a_regular_file_is_replaced_atomically() {
    let dir = TempDir::new("regular");
    let path = dir.path("t.pstrace");
    std::fs::write(&path, "old").unwrap();
    let (code, _, err) = run(&["tree", "--trace", path.to_str().unwrap(), "(1 2)"]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read(&path).unwrap().starts_with(&[0x1f, 0x8b]));
    let names: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "a temporary file was left: {names:?}");
}

/// Runs `prunescope ARGS` under sh with standard output closed (`>&-`).
fn run_stdout_closed(args: &str) -> (i32, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" {args} >&-"))
        .arg(BIN)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn a_closed_standard_output_is_an_error_not_silence() {
    let (code, err) = run_stdout_closed("random -b 3 -d 3");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("standard output is closed"), "{err}");
    let (code, err) = run_stdout_closed("--help");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("standard output is closed"), "{err}");

    // With --trace, the file opened after the closed descriptor does not become standard
    // output: the trace file holds a trace, and the summary's write still fails.
    let dir = TempDir::new("closed");
    let t = dir.path("t.json");
    let (code, err) = run_stdout_closed(&format!("random -b 3 -d 3 --trace {}", t.display()));
    assert_eq!(code, 1, "{err}");
    let text = std::fs::read_to_string(&t).unwrap();
    assert!(
        text.starts_with("{\"format\":\"prunescope-trace\"") && text.ends_with("}\n"),
        "{text}"
    );

    // A command that prints nothing runs as usual.
    let p = dir.path("t.pstrace");
    let (code, err) = run_stdout_closed(&format!("convert {} {}", t.display(), p.display()));
    assert_eq!(code, 0, "{err}");

    // > /dev/null is not a closed output.
    let out = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" random -b 3 -d 3 > /dev/null")
        .arg(BIN)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_broken_pipe_still_ends_quietly() {
    let out = Command::new("bash")
        .arg("-c")
        .arg("\"$0\" random -b 8 -d 6 --json | head -c 10 > /dev/null; echo \"${PIPESTATUS[0]}\"")
        .arg(BIN)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
