//! A results file records its command with paths relative to the repository, never the machine's
//! absolute paths (issue 21 §4): whether the paths were typed absolute or relative, from the
//! repository's root or from a directory below it, and for the CSV shards a merge reads.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .unwrap()
}

/// Runs prunescope in `dir`; panics unless it succeeds.
fn prunescope(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_prunescope"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A fresh scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(parent: &Path, name: &str) -> Scratch {
        let p = parent.join(format!("prunescope-paths-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Scratch(p.canonicalize().unwrap())
    }
    fn file(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn read_json(path: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The value of `flag` in a recorded command (`--flag VALUE`).
fn flag_value<'a>(command: &'a str, flag: &str) -> &'a str {
    let words: Vec<&str> = command.split(' ').collect();
    let i = words
        .iter()
        .position(|w| *w == flag)
        .unwrap_or_else(|| panic!("{flag} not in {command}"));
    words[i + 1]
}

/// No word of the runs' records (command, suite, shard files) is an absolute path, and the
/// repository's location appears nowhere in the file.
fn assert_no_machine_path(path: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    let place = repo().to_str().unwrap().to_owned();
    assert!(!text.contains(&place), "{path} names {place}:\n{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut strings = Vec::new();
    collect_strings(&v["runs"], &mut strings);
    assert!(!strings.is_empty());
    for s in strings {
        for word in s.split(|c: char| c.is_whitespace() || c == '=' || c == '\'') {
            assert!(!word.starts_with('/'), "{path}: {s} holds an absolute path");
        }
    }
}

fn collect_strings<'a>(v: &'a serde_json::Value, out: &mut Vec<&'a str>) {
    match v {
        serde_json::Value::String(s) => out.push(s),
        serde_json::Value::Array(a) => a.iter().for_each(|x| collect_strings(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| collect_strings(x, out)),
        _ => {}
    }
}

/// The recorded path names, from the repository's root, the file that was meant.
fn assert_names(recorded: &str, meant: &Path) {
    assert!(!recorded.starts_with('/'), "{recorded} is absolute");
    let resolved = repo().join(recorded);
    assert_eq!(
        resolved.canonicalize().unwrap(),
        meant.canonicalize().unwrap(),
        "{recorded}"
    );
}

#[test]
fn absolute_paths_are_recorded_relative_to_the_repository() {
    let suite = repo().join("www/data/bk.epd");
    // One output inside the repository (under target/), one outside it.
    for parent in [
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")),
        std::env::temp_dir(),
    ] {
        let dir = Scratch::new(&parent, "abs");
        let (json, svg) = (dir.file("r.json"), dir.file("r.svg"));
        prunescope(
            &repo(),
            &[
                "experiment",
                "uncertainty",
                "--suite",
                suite.to_str().unwrap(),
                "--depth",
                "2",
                "--limit",
                "1",
                "--jobs",
                "1",
                &format!("--json={json}"),
                "--plot",
                &svg,
            ],
        );
        let v = read_json(&json);
        let command = v["runs"][0]["command"].as_str().unwrap();
        assert!(
            command.starts_with(
                "prunescope experiment uncertainty --suite www/data/bk.epd --depth 2 --limit 1"
            ),
            "{command}"
        );
        assert_eq!(v["runs"][0]["suite"], "www/data/bk.epd");
        let json_word = command
            .split(' ')
            .find_map(|w| w.strip_prefix("--json="))
            .unwrap();
        assert_names(json_word, Path::new(&json));
        assert_names(flag_value(command, "--plot"), Path::new(&svg));
        assert_no_machine_path(&json);
    }
}

#[test]
fn relative_paths_typed_below_the_root_are_recorded_from_the_root() {
    let docs = repo().join("docs");
    let dir = Scratch::new(Path::new(env!("CARGO_TARGET_TMPDIR")), "rel");
    let json = dir.file("r.json");
    let rel_json = format!(
        "../{}",
        Path::new(&json)
            .strip_prefix(repo())
            .unwrap()
            .to_str()
            .unwrap()
    );
    prunescope(
        &docs,
        &[
            "experiment",
            "multi-cut",
            "--suite",
            "../www/data/bk.epd",
            "--depth",
            "2",
            "--limit",
            "1",
            "--json",
            &rel_json,
        ],
    );
    let v = read_json(&json);
    let command = v["runs"][0]["command"].as_str().unwrap();
    assert_eq!(flag_value(command, "--suite"), "www/data/bk.epd");
    assert_eq!(v["runs"][0]["suite"], "www/data/bk.epd");
    assert_eq!(flag_value(command, "--json"), &rel_json[3..]);
    assert_no_machine_path(&json);
}

#[test]
fn merged_shards_record_their_files_relative_to_the_repository() {
    let dir = Scratch::new(&std::env::temp_dir(), "merge");
    let suite = repo().join("www/data/bk.epd");
    let mut shards = Vec::new();
    for i in 0..2 {
        let csv = prunescope(
            &repo(),
            &[
                "experiment",
                "multi-cut",
                "--suite",
                suite.to_str().unwrap(),
                "--depth",
                "2",
                "--limit",
                "2",
                "--shard",
                &format!("{i}/2"),
                "--csv",
            ],
        );
        let path = dir.file(&format!("shard-{i}.csv"));
        std::fs::write(&path, csv).unwrap();
        shards.push(path);
    }
    let json = dir.file("merged.json");
    prunescope(
        &repo(),
        &[
            "experiment",
            "merge",
            &shards[0],
            &shards[1],
            "--json",
            &json,
        ],
    );
    let v = read_json(&json);
    for (run, shard) in v["runs"].as_array().unwrap().iter().zip(&shards) {
        assert_names(run["csv"].as_str().unwrap(), Path::new(shard));
    }
    assert_no_machine_path(&json);
}

/// Every committed result records its runs with paths relative to the repository, so anyone
/// can rerun them from a clone (issue 21 §4).
#[test]
fn committed_results_hold_no_machine_path() {
    let dir = repo().join("docs/results");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "json") {
            assert_no_machine_path(p.to_str().unwrap());
            n += 1;
        }
    }
    assert!(n >= 13, "{n} results files in {}", dir.display());
    // The wall-time runs (`prunescope bench --config …`), kept apart from the experiments'
    // deterministic results.
    let mut m = 0;
    for e in std::fs::read_dir(dir.join("wall-time")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "json") {
            assert_no_machine_path(p.to_str().unwrap());
            m += 1;
        }
    }
    assert!(m >= 1, "no wall-time results under {}", dir.display());
}

/// A result made of shards records the merge that joined them (issue 34 §4): without it the
/// shard commands alone do not say how the committed file was made.
#[test]
fn committed_sharded_results_record_their_merge() {
    let dir = repo().join("docs/results");
    let mut sharded = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let v = read_json(p.to_str().unwrap());
        let runs = v["runs"].as_array().map(Vec::len).unwrap_or(0);
        if runs < 2 {
            continue;
        }
        sharded += 1;
        let merges = v["merges"].as_array();
        assert!(
            merges.is_some_and(|m| m.iter().any(|c| c
                .as_str()
                .is_some_and(|c| c.starts_with("prunescope experiment merge ")))),
            "{} joins {runs} runs but records no `prunescope experiment merge` command",
            p.display()
        );
    }
    assert!(
        sharded >= 3,
        "{sharded} sharded results under {}",
        dir.display()
    );
}
