//! TikZ figures (issue 31 §2): the text pinned by goldens, the figure's values against the
//! exercises' answer key (the core's own reading of the same search), spoiler-free drawing at
//! an event, the size limit, and the figures compiled with pdfLaTeX.

mod common;

use common::{TempDir, prunescope};
use prunescope::figure::scene::{Num, State};
use prunescope::figure::{SceneSearch, View, scene};
use prunescope::schema::Bound;
use prunescope::search::config::{Algorithm, Cutoff, SearchConfig};
use prunescope::teach::{Exercise, ExerciseParams, RootPlayer};

const RN: &str = "((3 12 8) (2 4 6) (14 5 2))";

/// The goldens: (file name under tests/golden/, `prunescope tikz` arguments).
const GOLDENS: &[(&str, &[&str])] = &[
    ("tikz-tree.tex", &["tikz", "--body", RN]),
    (
        "tikz-russell-norvig-alphabeta.tex",
        &["tikz", "--algo", "alphabeta", "--show", "all", RN],
    ),
    (
        "tikz-min-strict-negamax.tex",
        &[
            "tikz",
            "--algo",
            "alphabeta",
            "--cutoff",
            "strict",
            "--view",
            "negamax",
            "--show",
            "values,windows,pruned",
            "min ((3 3 8) (2 4 6) (3 5 2))",
        ],
    ),
    (
        "tikz-star1.tex",
        &[
            "tikz",
            "--algo",
            "star1",
            "--show",
            "all",
            "bounds 0 10 ([1:5 1:(10 10)] [1:1 1:(9 9)])",
        ],
    ),
    (
        "tikz-pvs-at-12.tex",
        &["tikz", "--algo", "pvs", "--at", "12", "--show", "all", RN],
    ),
];

fn golden_path(name: &str) -> String {
    format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Compares with `tests/golden/NAME`; `UPDATE_GOLDEN=1` rewrites the file instead.
fn golden(name: &str, actual: &str) {
    let path = golden_path(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(
        actual, want,
        "{name} differs from its golden (UPDATE_GOLDEN=1 rewrites it)"
    );
}

#[test]
fn tikz_text_is_pinned_by_goldens() {
    for (name, args) in GOLDENS {
        let (code, out, err) = prunescope(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        golden(name, &out);
    }
}

#[test]
fn the_russell_norvig_figure_draws_what_the_book_draws() {
    let (_, out, _) = prunescope(&["tikz", "--algo", "alphabeta", RN]);
    // the second MIN node stops at ≤ 2 and its last two leaves are pruned, with the rule
    assert!(out.contains(r"[{$\le 2$}, ps min"), "{out}");
    assert!(out.contains(r"[{$4$}, ps leaf, ps pruned leaf, edge label={node[ps cut mark]{$\parallel$}node[ps cut rule]{$2 \le \alpha = 3$}}]"), "{out}");
    assert!(out.contains(r"[{$6$}, ps leaf, ps pruned leaf]"), "{out}");
    assert_eq!(
        out.matches("ps pruned").count()
            - out.matches("ps pruned/").count()
            - out.matches("ps pruned leaf/").count(),
        2
    );
    // the strict rule keeps searching a move equal to the bound and writes `<`
    let (_, strict, _) = prunescope(&[
        "tikz",
        "--algo",
        "alphabeta",
        "--cutoff",
        "strict",
        "((3 12 8) (2 4 6) (14 5 1))",
    ]);
    assert!(strict.contains(r"$2 < \alpha = 3$"), "{strict}");
}

fn cfg(algo: Algorithm, cutoff: Cutoff) -> SearchConfig {
    SearchConfig {
        algo,
        cutoff,
        depth: 1,
        iterative: false,
        ..SearchConfig::default()
    }
}

/// The figure's values, bounds, windows and pruned branches are those of the exercises'
/// answer key (src/teach/key.rs reads the same search its own way), on generated trees of both
/// roots and both cut-off rules, in MAX's view.
#[test]
fn figure_values_match_the_answer_key() {
    for seed in 1..=60u64 {
        for (root, cutoff) in [
            (RootPlayer::Max, Cutoff::Standard),
            (RootPlayer::Min, Cutoff::Strict),
        ] {
            let ex = Exercise::new(ExerciseParams {
                seed,
                root,
                cutoff,
                windows: true,
                ..ExerciseParams::default()
            })
            .unwrap();
            let c = cfg(Algorithm::AlphaBeta, cutoff);
            let s = scene(
                &ex.tree,
                Some(SceneSearch {
                    config: &c,
                    at: None,
                }),
                View::Maxmin,
            )
            .unwrap();
            assert_eq!(s.nodes.len(), ex.key.nodes.len());
            for (i, (n, k)) in s.nodes.iter().zip(&ex.key.nodes).enumerate() {
                let what = format!("seed {seed} {root:?} {cutoff:?} node {i}: {}", ex.tree);
                assert_eq!(
                    n.state == State::Pruned,
                    k.pruned || ancestor_pruned(&ex, i),
                    "{what}"
                );
                // the figure draws what the trace records (the page's drawing); the key's
                // `value` and `bound` are the same record, while its `answer` is the grader's
                // statement (an exact node's "2" where the fail-soft trace records "≤ 2")
                let recorded = k.value.as_ref().map(|v| match k.bound {
                    Some("upper") => format!("≤ {v}"),
                    Some("lower") => format!("≥ {v}"),
                    _ => v.clone(),
                });
                match (&n.value, &recorded) {
                    (Some((v, b)), Some(a)) => {
                        let Num::Int(v) = v else {
                            panic!("{what}: not an integer")
                        };
                        let text = match b {
                            Bound::Exact => v.to_string(),
                            Bound::Upper => format!("≤ {v}"),
                            Bound::Lower => format!("≥ {v}"),
                        };
                        assert_eq!(&text, a, "{what}");
                    }
                    (None, None) => {}
                    other => panic!("{what}: {other:?}"),
                }
                if let (Some((a, b)), Some([ka, kb])) = (n.window, &k.window) {
                    let w = |x: Num| match x {
                        Num::Int(v) => v.to_string(),
                        Num::PosInf => "+inf".into(),
                        Num::NegInf => "-inf".into(),
                        Num::Frac(..) => panic!("{what}: a fraction"),
                    };
                    assert_eq!((w(a), w(b)), (ka.clone(), kb.clone()), "{what}");
                }
            }
        }
    }
}

fn ancestor_pruned(ex: &Exercise, mut i: usize) -> bool {
    while let Some(p) = ex.key.nodes[i].parent {
        i = p as usize;
        if ex.key.nodes[i].pruned {
            return true;
        }
    }
    false
}

/// Before the cut-off event, the branches it will prune are drawn as the nodes not reached
/// yet, with no rule; from the event on, greyed with the rule.
#[test]
fn a_figure_at_an_event_gives_nothing_away() {
    let c = cfg(Algorithm::AlphaBeta, Cutoff::Standard);
    let full = scene(
        RN,
        Some(SceneSearch {
            config: &c,
            at: None,
        }),
        View::Maxmin,
    )
    .unwrap();
    let events = full.events;
    let mut seen_before = false;
    let mut seen_after = false;
    for at in 0..events {
        let s = scene(
            RN,
            Some(SceneSearch {
                config: &c,
                at: Some(at),
            }),
            View::Maxmin,
        )
        .unwrap();
        let pruned = s.nodes.iter().filter(|n| n.state == State::Pruned).count();
        let ruled = s.nodes.iter().filter(|n| n.cut.is_some()).count();
        assert_eq!(pruned > 0, ruled > 0, "event {at}");
        // node 7 is the leaf 4, the first the second MIN node prunes
        if s.nodes[7].state == State::Unsearched {
            seen_before = true;
            let (_, out, _) =
                prunescope(&["tikz", "--algo", "alphabeta", "--at", &at.to_string(), RN]);
            assert!(
                !out.contains("ps pruned leaf,") && !out.contains("ps cut rule]"),
                "event {at}: {out}"
            );
            assert!(
                out.contains("[{$4$}, ps leaf, ps future leaf]"),
                "event {at}: {out}"
            );
        } else {
            seen_after = true;
            assert_eq!(s.nodes[7].state, State::Pruned, "event {at}");
        }
    }
    assert!(seen_before && seen_after);
}

#[test]
fn refusals_name_the_limit_and_the_field() {
    // 301 nodes: a root with 300 leaves
    let big = format!("({})", vec!["1"; 300].join(" "));
    let (code, _, err) = prunescope(&["tikz", &big]);
    assert_eq!(code, 1);
    assert!(
        err.contains("up to 300 nodes") && err.contains("this one has 301"),
        "{err}"
    );
    let ok = format!("({})", vec!["1"; 299].join(" "));
    assert_eq!(prunescope(&["tikz", &ok]).0, 0);
    let (code, _, err) = prunescope(&["tikz", "--algo", "alphabeta", "--at", "99", RN]);
    assert_eq!(code, 1);
    assert!(
        err.contains("--at") && err.contains("has 31 events"),
        "{err}"
    );
    let (code, _, err) = prunescope(&["tikz", "--at", "3", RN]);
    assert_eq!(code, 1);
    assert!(err.contains("give --algo"), "{err}");
    let (code, _, err) = prunescope(&["tikz", "--show", "values,colour", RN]);
    assert_eq!(code, 1);
    assert!(err.contains("'colour'"), "{err}");
    let (code, _, err) = prunescope(&["tikz", "--algo", "alphabeta", "[1:3 1:4]"]);
    assert_eq!(code, 1);
    assert!(err.contains("chance"), "{err}");
}

/// Runs pdfLaTeX on `tex` in `dir`; `None` when TeX is not installed and this is not CI (a
/// machine without TeX skips, saying so; CI, where scripts/setup.sh installs it, fails).
pub fn pdflatex(dir: &TempDir, name: &str, tex: &str) -> Option<(Vec<u8>, String)> {
    let have = std::process::Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "pdflatex is not installed: scripts/setup.sh installs TeX Live (texlive-latex-extra)"
        );
        eprintln!("skipped: pdflatex is not installed (scripts/setup.sh installs it)");
        return None;
    }
    std::fs::write(dir.path(&format!("{name}.tex")), tex).unwrap();
    let out = std::process::Command::new("pdflatex")
        .args([
            "-interaction=nonstopmode",
            "-halt-on-error",
            &format!("{name}.tex"),
        ])
        .current_dir(&dir.0)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name}.tex does not compile:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
    Some((
        std::fs::read(dir.path(&format!("{name}.pdf"))).unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    ))
}

#[test]
fn figures_compile_with_pdflatex() {
    let dir = TempDir::new("compile");
    for (name, args) in GOLDENS {
        let (_, out, _) = prunescope(args);
        let stem = name.trim_end_matches(".tex");
        let tex = if args.contains(&"--body") {
            // a fragment goes into a document of the teacher's own, with the preamble it names
            format!(
                "\\documentclass{{article}}\n{}\\begin{{document}}\n{out}\\end{{document}}\n",
                prunescope::figure::tikz::PREAMBLE
            )
        } else {
            out
        };
        let Some((pdf, _)) = pdflatex(&dir, stem, &tex) else {
            return;
        };
        assert!(pdf.starts_with(b"%PDF"), "{name}");
    }
}

/// Splits a worksheet document into its pages (each ends with `\clearpage`).
fn pages(doc: &str) -> Vec<&str> {
    let body = doc.split("\\begin{document}").nth(1).unwrap();
    body.split("\\clearpage")
        .filter(|p| p.contains("\\begin{forest}"))
        .collect()
}

#[test]
fn a_class_set_is_one_worksheet_per_seed_then_a_key_per_seed() {
    let (code, doc, err) = prunescope(&[
        "exercise",
        "worksheet",
        "--seed",
        "1,2,3",
        "--windows",
        "--cutoff",
        "strict",
        "--base",
        "https://teacher.example/prunescope/",
    ]);
    assert_eq!(code, 0, "{err}");
    let p = pages(&doc);
    assert_eq!(p.len(), 6);
    for (k, seed) in [1u64, 2, 3].into_iter().enumerate() {
        let params = ExerciseParams {
            seed,
            cutoff: Cutoff::Strict,
            windows: true,
            ..ExerciseParams::default()
        };
        let ex = Exercise::new(params.clone()).unwrap();
        let link = format!(
            "https://teacher.example/prunescope/#v=2&mode=exercise&seed={seed}&b=2-3&d=3&values=0..9&order=random&root=max&cutoff=strict&windows=1"
        );
        assert_eq!(
            prunescope::teach::link::fragment(&params),
            format!("#{}", link.split_once('#').unwrap().1)
        );
        // the worksheet: leaf values, blank inner nodes and windows, nothing pruned, the link
        let w = p[k];
        assert!(
            w.contains("Name:") && w.contains(&format!("\\url{{{link}}}")),
            "{w}"
        );
        assert!(
            !w.contains(", ps pruned") && !w.contains("[{$\\le") && !w.contains("[{$\\ge"),
            "{w}"
        );
        let inner = ex.key.nodes.iter().filter(|n| n.leaf.is_none()).count();
        assert_eq!(w.matches("[{}, ps m").count(), inner, "{w}");
        assert_eq!(
            w.matches("\\underline{\\hspace{1.6em}}, \\underline")
                .count(),
            inner
        );
        for n in ex.key.nodes.iter().filter_map(|n| n.leaf) {
            assert!(w.contains(&format!("[{{${n}$}}, ps leaf")), "leaf {n}");
        }
        // the key: its own page, the key's value and pruned branches, the same link
        let key = p[3 + k];
        assert!(key.contains("Answer key") && key.contains(&format!("\\url{{{link}}}")));
        assert!(
            key.contains(&format!("value is ${}$", ex.key.value)),
            "{key}"
        );
        // one cut mark per node that pruned a branch, as many greyed nodes as pruned branches
        let cuts = ex
            .key
            .nodes
            .iter()
            .filter(|n| n.children.iter().any(|&c| ex.key.nodes[c as usize].pruned));
        assert_eq!(key.matches("ps cut rule]").count(), cuts.count(), "{key}");
    }
}

#[test]
fn worksheets_refuse_bad_parameters_naming_them() {
    let (code, _, err) =
        prunescope(&["exercise", "worksheet", "--seed", "1", "--base", "ftp://x/"]);
    assert_eq!(code, 1);
    assert!(err.contains("--base"), "{err}");
    let (code, _, err) = prunescope(&["exercise", "worksheet", "--seed", "1", "--d", "9"]);
    assert_eq!(code, 1);
    assert!(err.contains("depth"), "{err}");
    let (code, _, err) = prunescope(&[
        "exercise",
        "worksheet",
        "--seed",
        "1",
        "--chance",
        "--cutoff",
        "strict",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("cutoff"), "{err}");
}

#[test]
fn worksheets_compile_with_pdflatex() {
    let dir = TempDir::new("worksheets");
    for (name, args) in [
        (
            "class",
            &["exercise", "worksheet", "--seed", "4,5", "--windows"][..],
        ),
        (
            "chance",
            &[
                "exercise",
                "worksheet",
                "--seed",
                "7",
                "--chance",
                "--b",
                "2",
                "--d",
                "3",
                "--base",
                "https://you.github.io/prunescope/",
            ][..],
        ),
        (
            "min",
            &[
                "exercise",
                "worksheet",
                "--seed",
                "8",
                "--root",
                "min",
                "--values=-9..9",
                "--b",
                "3",
                "--d",
                "3",
            ][..],
        ),
    ] {
        let (code, doc, err) = prunescope(args);
        assert_eq!(code, 0, "{err}");
        let Some((pdf, log)) = pdflatex(&dir, name, &doc) else {
            return;
        };
        assert!(pdf.starts_with(b"%PDF"));
        // every worksheet and every key on a page of its own
        let want = 2 * args[3].split(',').count();
        assert!(
            log.contains(&format!(".pdf ({want} pages")),
            "{name}: {log}"
        );
    }
}
