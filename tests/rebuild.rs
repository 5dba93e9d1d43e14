//! A committed sharded result is rebuilt from what it records (issue 34 §4): the command of
//! each shard (`runs[].command`) and of each merge step (`merges`), run in order from the
//! repository's root, give the committed rows and tables again. Only the files the commands
//! write are moved to a scratch directory; everything they read (the suite) is as recorded.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The committed result rebuilt here: `best-move-index` at depth 5 on the Bratko–Kopec suite
/// in the repository, run in two shards with jobs/parallel.sh and merged
/// (docs/experiments.md, "Fig. 6").
const RESULT: &str = "docs/results/best-move-index.json";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// A scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The words of a recorded command. Recorded commands quote a word only when a shell would
/// split it; the committed ones used here need no quoting, and a quoted word fails the test.
fn words(command: &str) -> Vec<String> {
    assert!(
        !command.contains('\''),
        "{command}: quoted words are not expected here"
    );
    command.split(' ').map(str::to_string).collect()
}

/// Runs a recorded `prunescope …` command from the repository's root with every path it
/// writes (`--json`, `--plot`) and, for a merge, every file it reads from an earlier step,
/// moved through `moved` into `dir`.
fn run(command: &str, dir: &Path, moved: &mut BTreeMap<String, PathBuf>) {
    let w = words(command);
    assert_eq!(w[0], "prunescope", "{command}");
    let merge = w.get(2).map(String::as_str) == Some("merge");
    let mut args = Vec::new();
    let mut k = 1;
    while k < w.len() {
        let a = &w[k];
        if a == "--json" || a == "--plot" {
            let out = dir.join(format!("{}-{}", moved.len(), a.trim_start_matches('-')));
            moved.insert(w[k + 1].clone(), out.clone());
            args.push(a.clone());
            args.push(out.to_str().unwrap().to_string());
            k += 2;
            continue;
        }
        if merge && k > 2 && !a.starts_with('-') {
            // A file an earlier step wrote: it must have been rebuilt already.
            let from = moved
                .get(a)
                .unwrap_or_else(|| panic!("{command}: {a} was written by no recorded step"));
            args.push(from.to_str().unwrap().to_string());
        } else {
            args.push(a.clone());
        }
        k += 1;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_prunescope"))
        .args(&args)
        .current_dir(repo())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{command}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn read(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_committed_sharded_result_is_rebuilt_from_its_recorded_commands() {
    let committed = read(&repo().join(RESULT));
    assert_eq!(
        committed["version"], 2,
        "{RESULT} predates the merges record"
    );
    let runs = committed["runs"].as_array().unwrap();
    assert!(runs.len() > 1, "{RESULT} is not a sharded result");
    let merges = committed["merges"].as_array().unwrap();
    assert!(!merges.is_empty(), "{RESULT} records no merge");
    let dir = std::env::temp_dir().join(format!("prunescope-rebuild-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let scratch = Scratch(dir);
    let mut moved = BTreeMap::new();
    for r in runs {
        let command = r["command"].as_str().unwrap();
        assert!(command.contains("--shard "), "{command}: not a shard");
        run(command, &scratch.0, &mut moved);
    }
    for m in merges {
        run(m.as_str().unwrap(), &scratch.0, &mut moved);
    }
    // The last merge wrote the committed file.
    let rebuilt = moved
        .get(RESULT)
        .unwrap_or_else(|| panic!("no recorded step writes {RESULT}: {moved:?}"));
    let rebuilt = read(rebuilt);
    for field in [
        "format",
        "version",
        "experiment",
        "positions",
        "depths",
        "columns",
        "rows",
        "report",
    ] {
        assert_eq!(rebuilt[field], committed[field], "{field}");
    }
    // The rebuilt file records the same shards (its commands name the scratch files instead).
    let shards = |v: &serde_json::Value| -> Vec<serde_json::Value> {
        v["runs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["shard"].clone())
            .collect()
    };
    assert_eq!(shards(&rebuilt), shards(&committed));
}
