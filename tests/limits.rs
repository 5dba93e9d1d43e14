//! Limits end work with a notice (issue: "memory and time have limits that stop work with a
//! notice"): the node cap, the memory budget of a kept trace, and a summary that keeps no nodes.

use std::process::Command;

fn prunescope(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_prunescope"))
        .args(args)
        .output()
        .expect("run prunescope");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_memory_budget_stops_a_kept_trace_with_a_notice() {
    let (code, out, err) = prunescope(&[
        "random",
        "-b",
        "30",
        "-d",
        "6",
        "--algo",
        "minimax",
        "--node-cap",
        "0",
        "--json",
        "--memory-budget",
        "24M",
    ]);
    // The budget is the process's: about 5 MiB of code and 16 MiB of reserve leave the trace
    // a few MiB.
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("the memory budget of 24.0 MiB"), "{err}");
    assert!(err.contains("no iteration finished"), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("the partial trace is JSON");
    assert_eq!(doc["summary"]["stopped"], "memory_budget");
    assert!(doc["summary"]["value"].is_null());
    let nodes = doc["nodes"].as_array().unwrap().len();
    assert!(nodes > 10_000 && nodes < 250_000, "{nodes} nodes in 24 MiB");
}

#[test]
fn a_search_stopped_before_an_iteration_finished_shows_no_value() {
    let (code, out, err) = prunescope(&["tree", "--node-cap", "3", "((3 12 8) (2 4 6) (14 5 2))"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("value      none"), "{out}");
    assert!(
        err.contains("node cap of 3 nodes") && err.contains("no iteration finished"),
        "{err}"
    );
    let (_, out, _) = prunescope(&[
        "chess",
        "--fen",
        "8/8/8/4k3/8/8/8/4K2R w K - 0 1",
        "--depth",
        "6",
        "--node-cap",
        "2000",
    ]);
    assert!(out.starts_with("value      "), "{out}");
    assert!(
        !out.starts_with("value      none"),
        "earlier iterations finished: {out}"
    );
}

#[test]
fn bad_sizes_are_refused_by_name() {
    let (code, _, err) = prunescope(&["random", "-b", "3", "-d", "3", "--memory-budget", "12X"]);
    assert_ne!(code, 0);
    assert!(err.contains("'12X' is not a size"), "{err}");
}

#[test]
fn a_zero_memory_budget_is_refused() {
    let (code, _, err) = prunescope(&["random", "-b", "3", "-d", "3", "--memory-budget", "0"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("'0' bounds nothing"), "{err}");
}

#[test]
fn a_table_larger_than_the_budget_is_refused_before_searching() {
    // 2^24 entries of 24 bytes: 384 MiB, in a budget of 100 MiB.
    let (code, out, err) = prunescope(&[
        "chess",
        "--fen",
        "8/8/8/4k3/8/8/8/4K2R w K - 0 1",
        "--depth",
        "3",
        "--enable",
        "tt",
        "--set",
        "tt.size_log2=24",
        "--memory-budget",
        "100M",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("the transposition table alone (tt.size_log2 = 24: 384.0 MiB) exceeds --memory-budget 100.0 MiB"),
        "{err}"
    );
    // A budget that leaves the trace no room is refused too.
    let (code, _, err) = prunescope(&["random", "-b", "3", "-d", "3", "--memory-budget", "1M"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("leaves no room for the search"), "{err}");
}
