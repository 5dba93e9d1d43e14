//! `prunescope bench --config …`: the wall time of several configurations (issue 21 §3). Times
//! are never asserted; what is checked is what does not depend on the machine: the nodes of
//! each configuration (exact, and the `schaeffer-history` experiment's own counts for the same
//! configurations), that every position, repeat and configuration was timed, that the ratios
//! printed are those of the seconds recorded, and the refusals.

mod common;
use common::prunescope;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Schaeffer's history heuristic and his knowledge heuristic, as the `schaeffer-history`
/// experiment defines them (src/experiments/schaeffer.rs), on alpha-beta.
const H: &str = "H:history,ordering.history_weight=pow2,ordering.history_moves=cutoff_or_best";
const K: &str = "K:mvv_lva";

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

#[test]
fn the_configurations_search_the_experiments_nodes_and_every_search_is_timed() {
    let json = std::env::temp_dir().join(format!("prunescope-wall-{}.json", std::process::id()));
    let json_s = json.to_str().unwrap();
    let (code, out, err) = prunescope(&[
        "bench",
        "--suite",
        "www/data/bk.epd",
        "--depth",
        "3",
        "--algo",
        "alphabeta",
        "--node-cap",
        "0",
        "--repeat",
        "2",
        "--config",
        H,
        "--config",
        K,
        "--json",
        json_s,
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let _ = std::fs::remove_file(&json);
    assert_eq!(v["format"], "prunescope-bench");
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 24);
    // Exact node counts: the suite's totals, and position by position the counts the
    // `schaeffer-history` experiment committed for the same configurations at depth 3.
    let total = |c: usize| -> u64 {
        positions
            .iter()
            .map(|p| p["nodes"][c].as_u64().unwrap())
            .sum()
    };
    assert_eq!((total(0), total(1)), (68_771, 64_246));
    assert_eq!(v["configs"][0]["nodes"], 68_771);
    assert_eq!(v["configs"][1]["nodes"], 64_246);
    let committed: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(repo().join("docs/results/schaeffer-history.json")).unwrap(),
    )
    .unwrap();
    let cols = committed["columns"].as_array().unwrap();
    let col = |name: &str| cols.iter().position(|c| c == name).unwrap();
    let (h, k) = (col("nodes_H_his"), col("nodes_K_his"));
    let rows: Vec<&serde_json::Value> = committed["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r[2] == 3)
        .collect();
    assert_eq!(rows.len(), 24);
    for (p, row) in positions.iter().zip(rows) {
        assert_eq!(p["id"], row[1]);
        assert_eq!(p["nodes"][0], row[h], "{}", p["id"]);
        assert_eq!(p["nodes"][1], row[k], "{}", p["id"]);
        assert_eq!(p["capped"], false);
    }
    // Every position, repeat and configuration was timed, by the wall clock and (on Linux,
    // where the system reports a thread's CPU time) by the CPU clock; the ratios recorded are
    // those of the seconds recorded.
    let clocks: &[(&str, &str)] = if cfg!(all(target_os = "linux", target_pointer_width = "64")) {
        &[("wall_seconds", "wall"), ("cpu_seconds", "cpu")]
    } else {
        &[("wall_seconds", "wall")]
    };
    let mut recorded = 0.0;
    for (field, summary) in clocks {
        let mut per_repeat = [[0.0f64; 2]; 2];
        for p in positions {
            let secs = p[field].as_array().unwrap();
            assert_eq!(secs.len(), 2);
            for (r, row) in secs.iter().enumerate() {
                let row = row.as_array().unwrap();
                assert_eq!(row.len(), 2);
                for (c, s) in row.iter().enumerate() {
                    let s = s.as_f64().unwrap();
                    assert!(s > 0.0, "{} {field}: {s}", p["id"]);
                    per_repeat[r][c] += s;
                }
            }
        }
        let ratio = median(per_repeat.iter().map(|r| r[1] / r[0]).collect());
        let got = v["configs"][1][summary]["time_ratio"]["median"]
            .as_f64()
            .unwrap();
        assert!(
            (got - ratio).abs() < 1e-9,
            "{summary}: {got} against {ratio}"
        );
        let per_node = got / (64_246.0 / 68_771.0);
        let got_node = v["configs"][1][summary]["time_per_node_ratio"]["median"]
            .as_f64()
            .unwrap();
        assert!((got_node - per_node).abs() < 1e-9, "{summary}");
        assert_eq!(v["configs"][0][summary]["time_ratio"]["median"], 1.0);
        if *summary == "wall" {
            recorded = got;
        }
    }
    let k_line = out.lines().find(|l| l.starts_with("K  ")).expect(&out);
    assert!(
        k_line.contains(&format!("64246  {:.3}", 64_246.0 / 68_771.0)),
        "{k_line}"
    );
    assert!(k_line.contains(&format!("  {recorded:.3} [")), "{k_line}");
    // The command, relative to the repository; the run's settings.
    let run = &v["runs"][0];
    let command = run["command"].as_str().unwrap();
    assert!(command.starts_with("prunescope bench --suite www/data/bk.epd --depth 3"));
    assert!(!command.contains(repo().to_str().unwrap()), "{command}");
    assert_eq!(run["repeats"], 2);
    assert_eq!(run["algo"], "alphabeta");
}

#[test]
fn configurations_are_checked_before_any_search() {
    let base = ["bench", "--suite", "www/data/bk.epd", "--depth", "2"];
    let cases: [(&[&str], &str); 6] = [
        (
            &["--config", K],
            "--config: give two configurations or more",
        ),
        (
            &["--config", K, "--config", "L:killer"],
            "--config L:killer: unknown technique 'killer'",
        ),
        (
            &["--config", K, "--config", "ordering.history_weight=cubic"],
            "--config ordering.history_weight=cubic: ",
        ),
        (
            &["--config", K, "--config", ":mvv_lva"],
            "the label before ':' is empty",
        ),
        (
            &["--config", K, "--config", H, "--repeat", "0"],
            "--repeat: must be at least 1",
        ),
        // --repeat also repeats the default mode's two passes (issue 33), but not --limit
        (&["--limit", "2"], "--config"),
    ];
    for (extra, shown) in cases {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let (code, out, err) = prunescope(&args);
        assert_ne!(code, 0, "{args:?}: {out}");
        assert!(err.contains(shown), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let (_, help, _) = prunescope(&["bench", "--help"]);
    for flag in ["--config", "--repeat", "--limit", "--markdown", "--json"] {
        assert!(help.contains(flag), "{flag} not in bench --help");
    }
}
