//! The command a results file records (`runs[].command`, `runs[].suite`, `runs[].csv`), with
//! its paths relative to the repository, so anyone with a clone can rerun it (issue 21 §4).
//!
//! A path is written relative to the repository's root — the nearest directory at or above the
//! current one whose `Cargo.toml` names the `prunescope` package — as the command would be typed
//! there: `www/data/bk.epd`, `docs/results/x.json`, `../shared/data/wac.epd` for the public
//! suites beside the repository. Outside any clone of the repository (a cluster's scratch
//! directory), paths are written relative to the current directory instead. Either way no
//! absolute path of the machine that ran the command reaches the file.

use std::path::{Component, Path, PathBuf};

/// The flags of `prunescope experiment NAME` whose values are paths.
const PATH_FLAGS: [&str; 3] = ["--suite", "--json", "--plot"];

/// Where recorded paths are relative to: the repository's root, else the current directory.
/// `None` only when the current directory cannot be read; paths are then recorded as given.
pub fn base() -> Option<PathBuf> {
    let cwd = std::env::current_dir().ok()?;
    let cwd = cwd.canonicalize().unwrap_or(cwd);
    Some(repository_root(&cwd).unwrap_or(cwd))
}

/// The nearest directory at or above `dir` holding the prunescope crate's `Cargo.toml`.
fn repository_root(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .find(|d| {
            std::fs::read_to_string(d.join("Cargo.toml"))
                .is_ok_and(|t| t.lines().any(|l| l.trim() == "name = \"prunescope\""))
        })
        .map(Path::to_path_buf)
}

/// `path` (as given on the command line, relative to `cwd`) written relative to `base`.
/// A relative path is kept as typed, only re-based (`../shared/data/wac.epd` stays so even when
/// `../shared` is a symbolic link: a clone elsewhere has the suites at the typed place, not at
/// the link's target). An absolute path has the links of its directory resolved when it exists,
/// so that it compares with `base` (the current directory, links resolved).
pub fn path_from(path: &str, cwd: &Path, base: &Path) -> String {
    let p = Path::new(path);
    let full = normalize(&cwd.join(p));
    let full = match (p.is_absolute(), full.parent(), full.file_name()) {
        (true, Some(dir), Some(name)) => dir.canonicalize().map_or(full.clone(), |d| d.join(name)),
        _ => full,
    };
    let rel = relative(&full, &normalize(base));
    if rel.as_os_str().is_empty() {
        ".".into()
    } else {
        rel.to_string_lossy().into_owned()
    }
}

/// `path` relative to the repository (see the module's doc); as given when nothing better is
/// known.
pub fn path(path: &str) -> String {
    match (std::env::current_dir(), base()) {
        (Ok(cwd), Some(base)) => path_from(path, &cwd, &base),
        _ => path.to_owned(),
    }
}

/// The command line `args` (without the program's name) as `prunescope …`, each path flag's
/// value rewritten by `rewrite` and every argument quoted for a POSIX shell where it needs it.
pub fn command_with(args: &[String], rewrite: impl Fn(&str) -> String) -> String {
    let mut out = vec!["prunescope".to_owned()];
    let mut value_of_path_flag = false;
    // `experiment merge FILE…`: every word after `merge` that is not a flag is a path (its
    // only flags with values, --json and --plot, take paths too).
    let merge = args.len() > 1 && args[0] == "experiment" && args[1] == "merge";
    for (k, a) in args.iter().enumerate() {
        let arg = if value_of_path_flag || (merge && k > 1 && !a.starts_with('-')) {
            rewrite(a)
        } else if let Some((flag, value)) = a.split_once('=')
            && PATH_FLAGS.contains(&flag)
        {
            format!("{flag}={}", rewrite(value))
        } else {
            a.clone()
        };
        value_of_path_flag = PATH_FLAGS.contains(&a.as_str()) && !value_of_path_flag;
        out.push(shell_quote(&arg));
    }
    out.join(" ")
}

/// This process's command line, for a results file.
pub fn command() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    command_with(&args, path)
}

/// `s` as one word for a POSIX shell: unchanged when it is made of safe characters only,
/// otherwise in single quotes.
fn shell_quote(s: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "_-+=/.,:%@".contains(c);
    if !s.is_empty() && s.chars().all(safe) {
        s.to_owned()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// `p` with `.` dropped and `..` applied to the part before it (without touching the disk).
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// `path` relative to `base`, both absolute and normalized: `..` for each of `base`'s
/// components past the common prefix, then the rest of `path`.
fn relative(path: &Path, base: &Path) -> PathBuf {
    let p: Vec<Component> = path.components().collect();
    let b: Vec<Component> = base.components().collect();
    let common = p.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = PathBuf::new();
    for _ in common..b.len() {
        out.push("..");
    }
    for c in &p[common..] {
        out.push(c.as_os_str());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(path: &str, cwd: &str, base: &str) -> String {
        path_from(path, Path::new(cwd), Path::new(base))
    }

    #[test]
    fn paths_are_written_relative_to_the_base() {
        // These directories do not exist, so nothing is resolved on disk.
        let repo = "/nonexistent-ps/work/main";
        assert_eq!(rel("www/data/bk.epd", repo, repo), "www/data/bk.epd");
        assert_eq!(rel("./www/data/bk.epd", repo, repo), "www/data/bk.epd");
        assert_eq!(
            rel("/nonexistent-ps/work/main/docs/results/x.json", repo, repo),
            "docs/results/x.json"
        );
        assert_eq!(
            rel("/nonexistent-ps/work/shared/data/wac.epd", repo, repo),
            "../shared/data/wac.epd"
        );
        // Typed from a subdirectory of the repository: relative to its root all the same.
        assert_eq!(
            rel("results/x.json", "/nonexistent-ps/work/main/docs", repo),
            "docs/results/x.json"
        );
        assert_eq!(
            rel(
                "../../shared/data/ecm.epd",
                "/nonexistent-ps/work/main/docs",
                repo
            ),
            "../shared/data/ecm.epd"
        );
        assert_eq!(rel("/tmp-ps/out.json", "/", "/"), "tmp-ps/out.json");
    }

    /// A relative path through a symbolic link is recorded as typed, not as the link's target
    /// (the suites beside a worktree reached through `../shared`, a link to elsewhere).
    #[cfg(unix)]
    #[test]
    fn a_relative_path_through_a_link_is_kept_as_typed() {
        let tmp = std::env::temp_dir().join(format!("ps-record-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(tmp.join("elsewhere/shared/data")).unwrap();
        std::fs::create_dir_all(tmp.join("wt/runs")).unwrap();
        std::os::unix::fs::symlink(tmp.join("elsewhere/shared"), tmp.join("wt/shared")).unwrap();
        let runs = tmp.join("wt/runs").canonicalize().unwrap();
        assert_eq!(
            path_from("../shared/data/wac.epd", &runs, &runs),
            "../shared/data/wac.epd"
        );
        std::fs::remove_dir_all(&tmp).unwrap();
    }

    /// A merge's files are paths too (issue 34 §4: the merge step is recorded, and a rebuild
    /// must find the shards it read); its other words are not.
    #[test]
    fn a_merge_records_its_files_as_paths() {
        let args: Vec<String> = [
            "experiment",
            "merge",
            "out/a-0.json",
            "out/a-1.json",
            "--json=out/a.json",
            "--plot",
            "out/a.svg",
            "--markdown",
        ]
        .map(String::from)
        .into();
        assert_eq!(
            command_with(&args, |p| format!("R/{p}")),
            "prunescope experiment merge R/out/a-0.json R/out/a-1.json --json=R/out/a.json \
             --plot R/out/a.svg --markdown"
        );
        // Outside a merge, a word that is no flag's value stays as typed.
        let args: Vec<String> = ["experiment", "uncertainty", "x"].map(String::from).into();
        assert_eq!(
            command_with(&args, |p| format!("R/{p}")),
            "prunescope experiment uncertainty x"
        );
    }

    #[test]
    fn only_path_flags_are_rewritten_and_odd_words_are_quoted() {
        let args: Vec<String> = [
            "experiment",
            "null-move",
            "--suite",
            "/abs/wac.epd",
            "--depth",
            "9",
            "--json=/abs/out.json",
            "--plot",
            "/abs/a b.svg",
            "--limit",
            "60",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let cmd = command_with(&args, |p| format!("REL{}", p.replace("/abs", "")));
        assert_eq!(
            cmd,
            "prunescope experiment null-move --suite REL/wac.epd --depth 9 \
             --json=REL/out.json --plot 'REL/a b.svg' --limit 60"
        );
        // A path flag's value that looks like a flag is still a value, and only one word is.
        let args: Vec<String> = ["--suite", "--json", "x", "--json", "y"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            command_with(&args, |p| format!("<{p}>")),
            "prunescope --suite '<--json>' x --json '<y>'"
        );
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(shell_quote(""), "''");
    }
}
