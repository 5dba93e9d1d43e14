//! `prunescope exercise`: the page's graded exercises from the command line (issue 28 §3).
//! `make` prints an exercise's tree text and its share link, `key` its answer key, `grade`
//! grades students' answer files with the core's own grader (src/teach): the same tree, key
//! and verdicts as the page's, and `worksheet` prints it for paper (issue 31 §1). Each action is
//! a subcommand of [`ExerciseArgs`]; they share [`Source`], the exercise's parameters as the
//! page's link keys, and [`open`].

use crate::error::CliError;
use crate::term;
use clap::{Args, Subcommand, ValueEnum};
use prunescope::figure::worksheet::check_base;
use prunescope::figure::worksheets;
use prunescope::teach::link::fragment;
use prunescope::teach::{AnswerKey, Answers, Exercise, ExerciseParams, Grade};
use serde_json::Value as Json;
use std::io::Write;

#[derive(Args)]
pub struct ExerciseArgs {
    #[command(subcommand)]
    pub action: Action,
}

#[derive(Subcommand)]
pub enum Action {
    /// Make an exercise: print its tree text and its share link (the fragment, or the whole
    /// link with --base), from a seed and parameters exactly as the page's links, or from a
    /// tree text of your own (--tree).
    Make(MakeArgs),
    /// Print the answer key: one row per node, with its path, the answer as the grader states
    /// it and every form the grader accepts, as CSV or JSON.
    Key(KeyArgs),
    /// Grade answer files (JSON, one per student, docs/cli.md): a CSV row per student and
    /// question, and a total per student. A bad file is reported (file, node, field) and the
    /// others are still graded; the exit status is then 1.
    Grade(GradeArgs),
    /// Print the exercise as a LaTeX worksheet for paper, then its answer key on a page of its
    /// own (src/figure/worksheet.rs): the tree with its leaf values and blank fields, the task,
    /// a name line and the exercise's link. Several seeds (`--seed 101,102,103`) make a class
    /// set: one worksheet per seed, then a key per seed.
    Worksheet(WorksheetArgs),
}

/// An exercise, by the page's link keys (docs/share-links.md, "Exercises"): a seed with the
/// generator's parameters, a teacher's own tree (--tree), or a whole link (--link).
#[derive(Args, Clone, Default)]
pub struct Source {
    /// A page link or its fragment (`#v=2&mode=exercise&seed=42&…`): the exercise it opens.
    /// Other source flags are refused beside it.
    #[arg(long)]
    pub link: Option<String>,
    /// The generator's seed (a whole number).
    #[arg(long)]
    pub seed: Option<String>,
    /// Children per inner node: `n` or a range `n-m` (1…6; default 2-3).
    #[arg(long = "b")]
    pub b: Option<String>,
    /// Depth, 1…5 (default 3).
    #[arg(long = "d")]
    pub d: Option<String>,
    /// Leaf values `min..max`, −99…99 (default 0..9).
    #[arg(long, allow_hyphen_values = true)]
    pub values: Option<String>,
    /// Move ordering: best, worst or random (default random).
    #[arg(long)]
    pub order: Option<String>,
    /// Who moves at the root: max or min (default max).
    #[arg(long)]
    pub root: Option<String>,
    /// The cut-off rule: standard or strict (default standard).
    #[arg(long)]
    pub cutoff: Option<String>,
    /// Also ask the window (α, β) of each inner node.
    #[arg(long)]
    pub windows: bool,
    /// A tree with chance nodes.
    #[arg(long)]
    pub chance: bool,
    /// With --chance (or a tree with chance nodes): expectimax or star1 (default star1).
    #[arg(long)]
    pub algo: Option<String>,
    /// A tree of your own in the tree text of docs/trace-format.md, e.g.
    /// "((3 12 8) (2 4 6) (14 5 2))": the seed and the generator's parameters are then refused.
    #[arg(long, allow_hyphen_values = true)]
    pub tree: Option<String>,
}

#[derive(Args)]
pub struct MakeArgs {
    #[command(flatten)]
    pub source: Source,
    /// The page's address: prints the whole link (`URL#v=2&…`) instead of the fragment.
    #[arg(long)]
    pub base: Option<String>,
}

#[derive(Clone, Copy, ValueEnum, Default)]
pub enum KeyFormat {
    #[default]
    Csv,
    Json,
}

#[derive(Args)]
pub struct KeyArgs {
    #[command(flatten)]
    pub source: Source,
    /// csv (default) or json.
    #[arg(long, value_enum, default_value_t)]
    pub format: KeyFormat,
}

#[derive(Args)]
pub struct GradeArgs {
    #[command(flatten)]
    pub source: Source,
    /// Answer files, one per student (the student is the file's name without `.json`).
    #[arg(required = true)]
    pub files: Vec<String>,
}

#[derive(Args)]
pub struct WorksheetArgs {
    #[command(flatten)]
    pub source: Source,
    /// The page's address the printed links start with (`https://…/prunescope/`): the whole
    /// link instead of the fragment.
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
}

pub fn run(a: ExerciseArgs) -> Result<(), CliError> {
    match a.action {
        Action::Make(m) => make(m),
        Action::Key(k) => key(k),
        Action::Grade(g) => grade(g),
        Action::Worksheet(w) => worksheet(w),
    }
}

/// The most worksheets of one class set.
const MAX_SEEDS: usize = prunescope::figure::worksheet::MAX_SHEETS;

fn worksheet(a: WorksheetArgs) -> Result<(), CliError> {
    if let Some(b) = &a.base {
        check_base(b).map_err(|e| CliError::from(format!("--base: {}", e.reason)))?;
    }
    // a class set: `--seed 101,102,103`, the other parameters shared
    let seeds: Vec<Option<String>> = match &a.source.seed {
        Some(s) if s.contains(',') => s.split(',').map(|x| Some(x.trim().to_string())).collect(),
        other => vec![other.clone()],
    };
    if seeds.len() > MAX_SEEDS {
        return Err(CliError::from(format!(
            "--seed: {} seeds; a class set holds at most {MAX_SEEDS}",
            seeds.len()
        )));
    }
    let mut sheets = Vec::with_capacity(seeds.len());
    for seed in seeds {
        let source = Source {
            seed: seed.clone(),
            ..a.source.clone()
        };
        let e = open(&source).map_err(|e| match &seed {
            Some(s) if a.source.seed.as_deref() != Some(s.as_str()) => {
                CliError::from(format!("--seed {s}: {e}"))
            }
            _ => e,
        })?;
        let link = format!("{}{}", a.base.as_deref().unwrap_or(""), fragment(&e.params));
        sheets.push((e, link));
    }
    let text = worksheets(&sheets).map_err(|e| CliError::from(e.to_string()))?;
    let mut out = term::stdout();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

// ---- the link keys ------------------------------------------------------------------------

/// The exercise the source names: its parameters checked by the page's link rules, then by the
/// core (which names the field).
pub fn open(s: &Source) -> Result<Exercise, CliError> {
    let pairs = pairs(s)?;
    let p = decode(&pairs)?;
    Exercise::new(p).map_err(|e| CliError::Message(e.to_string()))
}

/// The source as link pairs (key, value), from `--link` or from the flags.
fn pairs(s: &Source) -> Result<Vec<(String, String)>, CliError> {
    if let Some(link) = &s.link {
        let others = s.seed.is_some()
            || s.b.is_some()
            || s.d.is_some()
            || s.values.is_some()
            || s.order.is_some()
            || s.root.is_some()
            || s.cutoff.is_some()
            || s.windows
            || s.chance
            || s.algo.is_some()
            || s.tree.is_some();
        if others {
            return Err(
                "--link: the link holds the whole exercise; give no other source flag".into(),
            );
        }
        let frag = link.split_once('#').map_or(link.as_str(), |x| x.1);
        let pairs = frag
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                Ok((form_decode(k)?, form_decode(v)?))
            })
            .collect::<Result<Vec<_>, String>>()
            .map_err(|e| CliError::Message(format!("--link: {e}")))?;
        let get = |k: &str| pairs.iter().find(|p| p.0 == k).map(|p| p.1.as_str());
        if get("v") != Some("2") {
            return Err("--link: not a version-2 link (v=2)".into());
        }
        if get("mode") != Some("exercise") {
            return Err("--link: not an exercise link (mode=exercise)".into());
        }
        return Ok(pairs
            .into_iter()
            .filter(|(k, _)| k != "v" && k != "mode")
            .collect());
    }
    let mut out = Vec::new();
    let mut put = |k: &str, v: &Option<String>| {
        if let Some(v) = v {
            out.push((k.to_string(), v.clone()));
        }
    };
    put("seed", &s.seed);
    put("b", &s.b);
    put("d", &s.d);
    put("values", &s.values);
    put("order", &s.order);
    put("root", &s.root);
    put("cutoff", &s.cutoff);
    put("algo", &s.algo);
    put("tree", &s.tree);
    if s.windows {
        out.push(("windows".into(), "1".into()));
    }
    if s.chance {
        out.push(("chance".into(), "1".into()));
    }
    Ok(out)
}

/// Reads the link keys as the page does (www/model/exercise.js, `decodeExercise`): shapes
/// here, ranges in the core. A key appears once; unknown keys are refused.
pub fn decode(pairs: &[(String, String)]) -> Result<ExerciseParams, CliError> {
    let fail = |k: &str, m: String| CliError::Message(format!("exercise parameter {k}: {m}"));
    let mut e = ExerciseParams::default();
    let mut seen = std::collections::HashSet::new();
    for (k, _) in pairs {
        if !KEYS.contains(&k.as_str()) {
            return Err(fail(k, "unknown parameter".into()));
        }
        if !seen.insert(k.as_str()) {
            return Err(fail(k, "given twice".into()));
        }
    }
    let get = |k: &str| pairs.iter().find(|p| p.0 == k).map(|p| p.1.as_str());
    let whole = |k: &str, v: &str, digits: usize| -> Result<u64, CliError> {
        if v.is_empty() || v.len() > digits || !v.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail(k, format!("“{v}” is not a whole number")));
        }
        v.parse().map_err(|_| fail(k, "too large".into()))
    };
    if let Some(t) = get("tree") {
        for k in ["seed", "b", "d", "values", "order", "root", "chance"] {
            if get(k).is_some() {
                return Err(fail(
                    k,
                    "a tree exercise (tree=) takes its shape from the tree".into(),
                ));
            }
        }
        e.tree = Some(t.to_string());
    } else {
        let seed = get("seed").ok_or_else(|| fail("seed", "missing (or give a tree)".into()))?;
        e.seed = whole("seed", seed, 15)?;
        if e.seed > (1u64 << 53) - 1 {
            return Err(fail("seed", "too large".into()));
        }
    }
    if let Some(b) = get("b") {
        let (lo, hi) = b.split_once('-').unwrap_or((b, b));
        e.branching_min = whole("b", lo, 2)? as u32;
        e.branching_max = whole("b", hi, 2)? as u32;
    }
    if let Some(d) = get("d") {
        e.depth = whole("d", d, 2)? as u32;
    }
    if let Some(v) = get("values") {
        let bad = || fail("values", "expected min..max".into());
        let (lo, hi) = v.split_once("..").ok_or_else(bad)?;
        let int = |s: &str| -> Result<i32, CliError> {
            let digits = s.strip_prefix('-').unwrap_or(s);
            if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(bad());
            }
            s.parse().map_err(|_| bad())
        };
        e.value_min = int(lo)?;
        e.value_max = int(hi)?;
    }
    let choice = |k: &str, options: &[&str]| -> Result<Option<Json>, CliError> {
        match get(k) {
            None => Ok(None),
            Some(v) if options.contains(&v) => Ok(Some(Json::String(v.into()))),
            Some(v) => Err(fail(
                k,
                format!("“{v}” is not one of {}", options.join(", ")),
            )),
        }
    };
    let set = |field: &str, v: Json, e: &mut ExerciseParams| {
        let mut j = serde_json::to_value(&*e).expect("parameters serialize");
        j[field] = v;
        *e = serde_json::from_value(j).expect("a checked choice");
    };
    if let Some(v) = choice("order", &["best", "worst", "random"])? {
        set("ordering", v, &mut e);
    }
    if let Some(v) = choice("root", &["max", "min"])? {
        set("root", v, &mut e);
    }
    if let Some(v) = choice("cutoff", &["standard", "strict"])? {
        set("cutoff", v, &mut e);
    }
    for k in ["windows", "chance"] {
        if let Some(v) = get(k) {
            let on = match v {
                "1" => true,
                "0" => false,
                _ => return Err(fail(k, "expected 0 or 1".into())),
            };
            set(k, Json::Bool(on), &mut e);
        }
    }
    if let Some(v) = choice("algo", &["expectimax", "star1"])? {
        let chance_tree = e.tree.is_some();
        if !e.chance && !chance_tree {
            return Err(fail(
                "algo",
                "algo=expectimax|star1 applies to a chance exercise (chance=1)".into(),
            ));
        }
        set("algo", v, &mut e);
    }
    Ok(e)
}

/// The link keys, in link order (www/model/exercise.js).
const KEYS: [&str; 11] = [
    "seed", "b", "d", "values", "order", "root", "cutoff", "windows", "chance", "algo", "tree",
];

/// The inverse of [`form_encode`] (`+` a space, `%XX` a byte), refusing text that is not UTF-8.
fn form_decode(s: &str) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => {
                let h = std::str::from_utf8(&b[i + 1..i + 3]).ok();
                match h.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(x) => {
                        out.push(x);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            x => out.push(x),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| format!("“{s}” is not UTF-8 once decoded"))
}

// ---- make, key ----------------------------------------------------------------------------

fn make(a: MakeArgs) -> Result<(), CliError> {
    let e = open(&a.source)?;
    let frag = fragment(&e.params);
    let link = match &a.base {
        Some(b) => format!("{}{frag}", b.split('#').next().unwrap_or(b)),
        None => frag,
    };
    let mut out = term::stdout();
    writeln!(out, "tree: {}", term::escape(&e.tree))?;
    writeln!(out, "link: {}", term::escape(&link))?;
    out.flush()?;
    Ok(())
}

/// One row of the key.
#[derive(serde::Serialize)]
struct KeyRow<'a> {
    node: u32,
    path: &'a str,
    player: &'static str,
    leaf: Option<i32>,
    /// Asked about the branch into the node: `pruned` or `searched`.
    branch: Option<&'static str>,
    /// The answer as the grader states it.
    value: Option<&'a str>,
    /// Every form of the value the grader accepts.
    accepted: &'a [String],
    window: Option<String>,
}

fn rows(key: &AnswerKey) -> Vec<KeyRow<'_>> {
    key.nodes
        .iter()
        .enumerate()
        .map(|(i, n)| KeyRow {
            node: i as u32,
            path: &n.path,
            player: if n.chance {
                "chance"
            } else if n.max {
                "MAX"
            } else {
                "MIN"
            },
            leaf: n.leaf,
            branch: key
                .asks_pruned(i)
                .then_some(if n.pruned { "pruned" } else { "searched" }),
            value: if key.asks_value(i) {
                n.answer.as_deref()
            } else {
                None
            },
            accepted: if key.asks_value(i) { &n.accepted } else { &[] },
            window: key
                .asks_window(i)
                .then(|| n.window.as_ref().map(|w| format!("({}, {})", w[0], w[1])))
                .flatten(),
        })
        .collect()
}

fn key(a: KeyArgs) -> Result<(), CliError> {
    let e = open(&a.source)?;
    let mut out = term::stdout();
    match a.format {
        KeyFormat::Json => {
            let j = serde_json::json!({
                "tree": e.tree,
                "link": fragment(&e.params),
                "rule": e.rule,
                "value": e.key.value,
                "nodes": rows(&e.key),
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&j).expect("json"))?;
        }
        KeyFormat::Csv => {
            writeln!(out, "node,path,player,leaf,branch,value,accepted,window")?;
            for r in rows(&e.key) {
                let cells = [
                    r.node.to_string(),
                    r.path.to_string(),
                    r.player.to_string(),
                    r.leaf.map_or(String::new(), |v| v.to_string()),
                    r.branch.unwrap_or_default().to_string(),
                    r.value.unwrap_or_default().to_string(),
                    r.accepted.join("; "),
                    r.window.unwrap_or_default(),
                ];
                writeln!(out, "{}", csv_row(&cells))?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// A CSV row (RFC 4180): a cell with a comma, quote or line break is quoted, its quotes
/// doubled; control characters of a student's answer are written as visible escapes
/// (src/cli/term.rs), never sent to the terminal.
fn csv_row(cells: &[String]) -> String {
    cells
        .iter()
        .map(|c| term::escape(c).into_owned())
        .map(|c| {
            if c.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", c.replace('"', "\"\""))
            } else {
                c.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

// ---- grade --------------------------------------------------------------------------------

/// A bad answer file: the file, the node (when one is concerned) and the field.
#[derive(Debug, thiserror::Error)]
#[error("{file}: {field}{}: {reason}", node.map_or(String::new(), |n| format!(" (node {n})")))]
pub struct AnswerFileError {
    pub file: String,
    pub field: String,
    pub node: Option<u32>,
    pub reason: String,
}

/// Reads one student's answer file, checking every field against the exercise: the core's
/// grader shape (`pruned`, `values`, `windows`; docs/cli.md), node numbers the key asks about.
pub fn read_answers(file: &str, text: &str, key: &AnswerKey) -> Result<Answers, AnswerFileError> {
    let bad = |field: String, node: Option<u32>, reason: String| AnswerFileError {
        file: file.to_string(),
        field,
        node,
        reason,
    };
    let j: Json = serde_json::from_str(text)
        .map_err(|e| bad("(file)".into(), None, format!("not JSON: {e}")))?;
    let Json::Object(o) = j else {
        return Err(bad(
            "(file)".into(),
            None,
            "expected an object {pruned, values, windows}".into(),
        ));
    };
    for k in o.keys() {
        if !["pruned", "values", "windows"].contains(&k.as_str()) {
            return Err(bad(
                k.clone(),
                None,
                "unknown field (expected pruned, values, windows)".into(),
            ));
        }
    }
    let list = |k: &str| -> Result<Vec<Json>, AnswerFileError> {
        match o.get(k) {
            None => Ok(Vec::new()),
            Some(Json::Array(a)) => Ok(a.clone()),
            Some(_) => Err(bad(k.into(), None, "expected a list".into())),
        }
    };
    let node_of = |field: &str, v: &Json| -> Result<u32, AnswerFileError> {
        v.as_u64()
            .filter(|&n| n < key.nodes.len() as u64)
            .map(|n| n as u32)
            .ok_or_else(|| {
                bad(
                    field.into(),
                    None,
                    format!(
                        "{v} is not a node of this exercise (0 to {})",
                        key.nodes.len() - 1
                    ),
                )
            })
    };
    let text_of = |field: &str, node: u32, v: &Json| -> Result<String, AnswerFileError> {
        match v {
            Json::String(s) if s.chars().count() <= 40 => Ok(s.clone()),
            Json::String(_) => Err(bad(
                field.into(),
                Some(node),
                "longer than 40 characters".into(),
            )),
            Json::Number(n) => Ok(n.to_string()),
            _ => Err(bad(
                field.into(),
                Some(node),
                format!("expected a text such as \"≤ 2\", got {v}"),
            )),
        }
    };
    let mut a = Answers::default();
    for (i, v) in list("pruned")?.iter().enumerate() {
        let f = format!("pruned[{i}]");
        let n = node_of(&f, v)?;
        if !key.asks_pruned(n as usize) {
            return Err(bad(
                f,
                Some(n),
                "this exercise asks about no branch into this node".into(),
            ));
        }
        a.pruned.push(n);
    }
    let mut seen = std::collections::HashSet::new();
    for (i, v) in list("values")?.iter().enumerate() {
        let f = format!("values[{i}]");
        let Some([n, t]) = v
            .as_array()
            .and_then(|x| <&[Json; 2]>::try_from(x.as_slice()).ok())
        else {
            return Err(bad(f, None, "expected [node, \"answer\"]".into()));
        };
        let n = node_of(&f, n)?;
        if !key.asks_value(n as usize) {
            return Err(bad(f, Some(n), "this exercise asks no value at this node (a leaf, or a node the search never entered)".into()));
        }
        if !seen.insert(n) {
            return Err(bad(f, Some(n), "a second value for the node".into()));
        }
        a.values.push((n, text_of(&f, n, t)?));
    }
    let mut seen = std::collections::HashSet::new();
    for (i, v) in list("windows")?.iter().enumerate() {
        let f = format!("windows[{i}]");
        let shape = v
            .as_array()
            .and_then(|x| <&[Json; 2]>::try_from(x.as_slice()).ok());
        let Some([n, w]) = shape else {
            return Err(bad(f, None, "expected [node, [\"α\", \"β\"]]".into()));
        };
        let n = node_of(&f, n)?;
        if !key.asks_window(n as usize) {
            return Err(bad(
                f,
                Some(n),
                "this exercise asks no window at this node".into(),
            ));
        }
        if !seen.insert(n) {
            return Err(bad(f, Some(n), "a second window for the node".into()));
        }
        let Some([lo, hi]) = w
            .as_array()
            .and_then(|x| <&[Json; 2]>::try_from(x.as_slice()).ok())
        else {
            return Err(bad(
                f,
                Some(n),
                "expected the window as [\"α\", \"β\"]".into(),
            ));
        };
        a.windows
            .push((n, [text_of(&f, n, lo)?, text_of(&f, n, hi)?]));
    }
    Ok(a)
}

/// The student an answer file is from: its name without directories and `.json`.
fn student(file: &str) -> String {
    let base = std::path::Path::new(file)
        .file_name()
        .map_or(file.into(), |f| f.to_string_lossy().into_owned());
    base.strip_suffix(".json")
        .map_or(base.clone(), str::to_string)
}

fn grade(a: GradeArgs) -> Result<(), CliError> {
    let e = open(&a.source)?;
    let mut out = term::stdout();
    writeln!(out, "student,node,path,kind,given,expected,right,asked")?;
    let mut failed = 0;
    for file in &a.files {
        let answers = std::fs::read_to_string(file)
            .map_err(|err| AnswerFileError {
                file: file.clone(),
                field: "(file)".into(),
                node: None,
                reason: err.to_string(),
            })
            .and_then(|t| read_answers(file, &t, &e.key));
        let answers = match answers {
            Ok(x) => x,
            Err(err) => {
                // the others are still graded: the error is said now, the status at the end
                out.flush()?;
                let _ = CliError::Message(err.to_string()).report();
                failed += 1;
                continue;
            }
        };
        let g: Grade = e.grade(&answers);
        let who = student(file);
        for v in &g.verdicts {
            let path = &e.key.nodes[v.node as usize].path;
            let cells = [
                who.clone(),
                v.node.to_string(),
                path.clone(),
                v.kind.to_string(),
                v.given.clone(),
                v.expected.clone(),
                u8::from(v.ok).to_string(),
                "1".into(),
            ];
            writeln!(out, "{}", csv_row(&cells))?;
        }
        let total = [
            who,
            "total".into(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            g.right.to_string(),
            g.total.to_string(),
        ];
        writeln!(out, "{}", csv_row(&total))?;
    }
    out.flush()?;
    if failed > 0 {
        return Err(CliError::Message(format!(
            "{failed} of {} answer files could not be graded (above)",
            a.files.len()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use prunescope::teach::link::form_encode;

    #[test]
    fn form_encoding_round_trips_as_urlsearchparams_writes_it() {
        let t = "min ((3 12 8) (2 4 6))";
        assert_eq!(form_encode(t), "min+%28%283+12+8%29+%282+4+6%29%29");
        assert_eq!(form_decode(&form_encode(t)).unwrap(), t);
        assert_eq!(form_encode("−2..9"), "%E2%88%922..9");
        assert_eq!(form_decode("%E2%88%92").unwrap(), "−");
        assert_eq!(form_decode("a%2").unwrap(), "a%2");
    }
}
