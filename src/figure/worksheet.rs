//! Worksheets and answer keys for print (issue 31 §1): an exercise of src/teach as a LaTeX
//! page — the tree with its leaf values (and a chance branch's probability), blank nodes for the
//! values, blank windows when the exercise asks for them, what to do in the exercise's own
//! words and its link — and its answer key on a page of its own, drawn from the same search as
//! the key of src/teach/key.rs (tests/figure.rs checks the two agree node by node). A class set
//! is several exercises in one document: every worksheet first, one per student, then a key per
//! exercise, each on its own page, so the keys come off the printer as one stack.

use super::scene::{SceneSearch, View, scene};
use super::tikz::{Blanks, PREAMBLE, Show, colours, fitted, forest, text_tex};
use super::{FigureError, bad};
use crate::run::chance_config;
use crate::search::config::{Algorithm, SearchConfig};
use crate::teach::{Exercise, ExerciseParams};
use std::fmt::Write as _;

/// The most worksheets one document holds (a class set: one per student).
pub const MAX_SHEETS: usize = 200;

/// Checks a page address a worksheet's links start with: `http://` or `https://`, and only
/// the characters a URL is written in that LaTeX's `\url` prints as they are.
pub fn check_base(base: &str) -> Result<(), FigureError> {
    let ok_scheme = base.starts_with("https://") || base.starts_with("http://");
    let ok_chars = base
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-._~:/?=&+,;@!$'()*".contains(c));
    if !ok_scheme || !ok_chars || base.contains('#') || base.len() > 500 {
        return Err(bad(
            "base",
            format!(
                "{:?} is not a page address: expected http:// or https:// and a URL without \
                 '#', spaces or %-escapes (e.g. https://you.github.io/prunescope/)",
                base.chars().take(80).collect::<String>()
            ),
        ));
    }
    Ok(())
}

/// The search an exercise's key is read from: alpha-beta in its cut-off rule, or its chance
/// search (src/teach: `AnswerKey::of`, `AnswerKey::of_chance`).
fn key_search(p: &ExerciseParams) -> SearchConfig {
    if p.chance {
        chance_config(p.algo.search(), 0)
    } else {
        SearchConfig {
            algo: Algorithm::AlphaBeta,
            cutoff: p.cutoff,
            depth: 1,
            iterative: false,
            ..SearchConfig::default()
        }
    }
}

/// What the student is asked, in the exercise's own words.
fn task(e: &Exercise) -> String {
    let p = &e.params;
    let mut s = String::new();
    if p.chance {
        let _ = write!(
            s,
            "Search the tree with {} (Russell \\& Norvig's EXPECTIMINIMAX; Ballard's Star1 prunes \
             with the bounds $L = {}$, $U = {}$), children from left to right. Write each \
             node's value in it, as an exact fraction (a node that stops early: the bound it \
             returns, $\\le$ or $\\ge$)",
            text_tex(p.algo.name()),
            p.value_min,
            p.value_max
        );
        if e.key.algo != "expectimax" {
            s.push_str(", and cross out each branch the search prunes");
        }
    } else {
        let _ = write!(
            s,
            "Search the tree with alpha-beta (fail-soft), children from left to right, {} \
             moving at the root. Cut-off rule: {}. Write each inner node's value in it (a node \
             that stops early: the bound it returns, as $\\le 2$ or $\\ge 5$)",
            if p.root == crate::teach::RootPlayer::Max {
                "MAX"
            } else {
                "MIN"
            },
            text_tex(e.rule)
        );
        if p.windows {
            s.push_str(", the window $(\\alpha, \\beta)$ it is entered with beside it");
        }
        s.push_str(", and cross out each branch the search prunes");
    }
    s.push_str(". Values are from MAX's view; leave the nodes the search never enters empty.");
    s
}

/// The parameters in a line, for the header (and to tell the sheets of a class set apart).
fn params_line(p: &ExerciseParams) -> String {
    if p.tree.is_some() {
        // a teacher's own tree (the link's `tree=`): no generator's parameters
        return format!("the teacher's own tree; cut-off rule {}", p.cutoff.name());
    }
    let mut s = format!(
        "seed {}, branching {}--{}, depth {}, values {} to {}, ordering {}",
        p.seed,
        p.branching_min,
        p.branching_max,
        p.depth,
        p.value_min,
        p.value_max,
        p.ordering.name()
    );
    if p.chance {
        let _ = write!(s, ", chance nodes ({})", text_tex(p.algo.name()));
    }
    s
}

/// One worksheet or answer key: its page.
fn page(out: &mut String, e: &Exercise, link: &str, key: bool) -> Result<(), FigureError> {
    let p = &e.params;
    let cfg = key_search(p);
    let (figure, title) = if key {
        let mut s = scene(
            &e.tree,
            Some(SceneSearch {
                config: &cfg,
                at: None,
            }),
            View::Maxmin,
        )?;
        // The key states each value as the grader does (src/teach/answer.rs): a node that
        // searched every child, each exact, is exact ("2", AIMA's [2, 2]) although the
        // fail-soft trace records "≤ 2". Both number the tree's nodes in pre-order.
        for (n, k) in s.nodes.iter_mut().zip(&e.key.nodes) {
            if let (true, Some((_, b))) = (k.exact, n.value.as_mut()) {
                *b = crate::schema::Bound::Exact;
            }
        }
        let show = Show {
            values: true,
            windows: p.windows,
            types: false,
            pruned: true,
        };
        (forest(&s, show, Blanks::default()), "Answer key")
    } else {
        let s = scene(&e.tree, None, View::Maxmin)?;
        let blanks = Blanks { windows: p.windows };
        (forest(&s, Show::NONE, blanks), "Alpha-beta exercise")
    };
    let _ = writeln!(
        out,
        "\\noindent{{\\Large\\bfseries {title}}}\\hfill {}\\par\\medskip",
        if key {
            "\\textbf{For the teacher}".to_string()
        } else {
            "Name: \\underline{\\hspace{7cm}}".to_string()
        }
    );
    let _ = writeln!(
        out,
        "\\noindent{{\\small {}}}\\par\\medskip",
        params_line(p)
    );
    if key {
        let pruned = e.key.nodes.iter().filter(|n| n.pruned).count();
        let _ = writeln!(
            out,
            "\\noindent The root's value is ${}$ (MAX's view); the search enters {} nodes and \
             prunes {} branch{} (greyed, dashed, each cut marked with the rule that cut it). \
             Cut-off rule: {}.\\par\\medskip",
            key_value_tex(&e.key.value),
            e.key.visited,
            pruned,
            if pruned == 1 { "" } else { "es" },
            text_tex(e.rule)
        );
    } else {
        let _ = writeln!(out, "\\noindent {}\\par\\medskip", task(e));
    }
    out.push_str("\\begin{center}\n");
    out.push_str(&fitted(&figure));
    out.push_str("\\end{center}\n\\vfill\n");
    let where_ = if link.starts_with('#') {
        "after the address of your copy of prunescope"
    } else {
        "in prunescope"
    };
    let _ = writeln!(
        out,
        "\\noindent{{\\small The same exercise, graded node by node, {where_}: \\url{{{link}}}}}"
    );
    out.push_str("\\clearpage\n");
    Ok(())
}

/// A key's root value (`3`, `-4`, `15/2`) in math mode.
fn key_value_tex(v: &str) -> String {
    match v.split_once('/') {
        Some((n, d)) => match n.strip_prefix('-') {
            Some(n) => format!("-\\tfrac{{{n}}}{{{d}}}"),
            None => format!("\\tfrac{{{n}}}{{{d}}}"),
        },
        None => v.to_string(),
    }
}

/// The LaTeX document of `sheets`, each an exercise and its link: every worksheet, then every
/// answer key, one page each. Refuses no sheet, more than [`MAX_SHEETS`], or a link that is not
/// one (`check_base` for the address before the fragment).
pub fn worksheets(sheets: &[(Exercise, String)]) -> Result<String, FigureError> {
    if sheets.is_empty() || sheets.len() > MAX_SHEETS {
        return Err(bad(
            "seed",
            format!(
                "a document holds 1 to {MAX_SHEETS} worksheets, asked for {}",
                sheets.len()
            ),
        ));
    }
    let mut out = String::new();
    out.push_str(
        "% prunescope worksheets: every worksheet, then every answer key, one page each\n",
    );
    out.push_str("\\documentclass[11pt]{article}\n");
    out.push_str("\\usepackage[a4paper,landscape,margin=1.5cm]{geometry}\n");
    out.push_str("\\usepackage{graphicx}\n\\usepackage{url}\n");
    out.push_str(PREAMBLE);
    out.push_str(&colours());
    out.push_str("\\pagestyle{empty}\n\\setlength{\\parindent}{0pt}\n\\begin{document}\n");
    for (e, link) in sheets {
        let (base, frag) = link.split_once('#').unwrap_or(("", link));
        if !base.is_empty() {
            check_base(base)?;
        }
        if format!("#{frag}") != crate::teach::link::fragment(&e.params) {
            return Err(bad("link", "the link is not this exercise's"));
        }
        page(&mut out, e, link, false)?;
    }
    for (e, link) in sheets {
        page(&mut out, e, link, true)?;
    }
    out.push_str("\\end{document}\n");
    Ok(out)
}
