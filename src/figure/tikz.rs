//! A figure as TikZ, in the `forest` package teachers already draw trees with: MAX nodes as
//! triangles pointing up and MIN nodes as triangles pointing down (AIMA's figures; circles in
//! the negamax view, as the page), chance nodes as dashed circles, leaves as their values. What
//! it shows besides the tree is chosen by [`Show`]: values with their bounds (`≤ 2`, `≥ 5` as
//! AIMA writes a fail-soft bound), windows, node types, and the pruned branches drawn as the
//! page draws them (www/views/draw/pruned.js): greyed, dashed, their leaf values kept, and a
//! cut mark on the edge into the first with the rule that cut them.
//!
//! The text is ASCII LaTeX: every value is typeset in math mode and every word the page writes
//! with a Greek letter or a relation (`β-cut-off`, `≤ A_i`) is translated, so the figure
//! compiles with pdfLaTeX as well as LuaLaTeX.

use super::scene::{Num, Rel, Rule, Scene, SceneNode, State};
use crate::schema::{Bound, NodeType};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// What a figure shows besides the tree and its leaf values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Show {
    /// Each returned node's value with its bound (`3`, `≤ 2`, `≥ 5`).
    pub values: bool,
    /// Each entered node's window (α, β) at entry.
    pub windows: bool,
    /// Each node's type: filled with the page's PV/CUT/ALL colours and named beside it (the
    /// expected type too when it differs).
    pub types: bool,
    /// The pruned branches, greyed and dashed, with the rule that cut them.
    pub pruned: bool,
}

impl Default for Show {
    fn default() -> Self {
        Show {
            values: true,
            windows: false,
            types: false,
            pruned: true,
        }
    }
}

impl Show {
    /// Nothing but the tree.
    pub const NONE: Show = Show {
        values: false,
        windows: false,
        types: false,
        pruned: false,
    };

    /// Reads the CLI's `--show` list: `values`, `windows`, `types`, `pruned` (comma-separated),
    /// `all`, or `none`. Returns the unknown word on failure.
    pub fn parse(list: &str) -> Result<Show, String> {
        let mut s = Show::NONE;
        for w in list.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match w {
                "values" => s.values = true,
                "windows" => s.windows = true,
                "types" => s.types = true,
                "pruned" => s.pruned = true,
                "all" => {
                    s = Show {
                        values: true,
                        windows: true,
                        types: true,
                        pruned: true,
                    }
                }
                "none" => {}
                _ => return Err(w.to_string()),
            }
        }
        Ok(s)
    }
}

/// The page's node-type colours (www/style.css, light theme: `--pv`, `--cut`, `--all`), chosen
/// to stay apart for protanopia, deuteranopia and tritanopia.
const TYPE_COLOURS: [(&str, &str); 3] =
    [("pspv", "009E73"), ("pscut", "E36209"), ("psall", "6A3FC2")];

/// The preamble lines a figure needs, for a document of the teacher's own.
pub const PREAMBLE: &str =
    "\\usepackage{amsmath}\n\\usepackage{forest}\n\\usetikzlibrary{shapes.geometric}\n";

/// A number in math mode's words (no `$`).
pub fn num_tex(n: Num) -> String {
    match n {
        Num::Int(v) => v.to_string(),
        Num::Frac(v, d) if v < 0 => format!("-\\tfrac{{{}}}{{{d}}}", -v),
        Num::Frac(v, d) => format!("\\tfrac{{{v}}}{{{d}}}"),
        Num::PosInf => "+\\infty".into(),
        Num::NegInf => "-\\infty".into(),
    }
}

fn rel_tex(r: Rel) -> &'static str {
    match r {
        Rel::Ge => "\\ge",
        Rel::Gt => ">",
        Rel::Le => "\\le",
        Rel::Lt => "<",
    }
}

/// A value with its bound as AIMA writes it, in math mode's words.
pub fn value_tex(v: Num, b: Bound) -> String {
    match b {
        Bound::Exact => num_tex(v),
        Bound::Upper => format!("\\le {}", num_tex(v)),
        Bound::Lower => format!("\\ge {}", num_tex(v)),
    }
}

/// Text for LaTeX's text mode: the special characters escaped, the page's Greek letters and
/// relations in math mode, `A_i`/`B_i` as subscripts.
pub fn text_tex(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            'α' => out.push_str("$\\alpha$"),
            'β' => out.push_str("$\\beta$"),
            '−' => out.push_str("$-$"),
            '∞' => out.push_str("$\\infty$"),
            'A' | 'B' if chars.peek() == Some(&'_') => {
                chars.next();
                let sub = chars.next().unwrap_or('i');
                let _ = write!(out, "${c}_{}$", text_tex(&sub.to_string()));
            }
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '#' | '$' | '%' | '&' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            c if c.is_ascii() && !c.is_ascii_control() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

/// The rule that cut a branch, as the cut mark's label (text mode).
pub fn rule_tex(r: &Rule) -> String {
    match r {
        Rule::Cut {
            value,
            rel,
            alpha,
            bound,
        } => format!(
            "${} {} \\{} = {}$",
            num_tex(*value),
            rel_tex(*rel),
            if *alpha { "alpha" } else { "beta" },
            num_tex(*bound)
        ),
        Rule::Chance {
            child,
            value,
            rel,
            high,
            negated,
            bound,
        } => {
            let name = format!("{}_{{{child}}}", if *high { "B" } else { "A" });
            if *negated {
                format!(
                    "child {child} returned ${} {} {} = -{name}$",
                    num_tex(*value),
                    rel_tex(*rel),
                    num_tex(*bound)
                )
            } else {
                format!(
                    "child {child} returned ${} {} {name} = {}$",
                    num_tex(*value),
                    rel_tex(*rel),
                    num_tex(*bound)
                )
            }
        }
        Rule::Words(w) => text_tex(w),
    }
}

/// The rule in the page's own words (www/views/draw/pruned.js `cutRule`, with the strict rule's
/// `>`/`<` as the narration writes them): what a browser test compares with the page.
pub fn rule_words(r: &Rule) -> String {
    let f = |n: Num| match n {
        Num::Int(v) if v < 0 => format!("−{}", -v),
        Num::Int(v) => v.to_string(),
        Num::Frac(v, d) if v < 0 => format!("−{}/{d}", -v),
        Num::Frac(v, d) => format!("{v}/{d}"),
        Num::PosInf => "+∞".into(),
        Num::NegInf => "−∞".into(),
    };
    let rel = |r: Rel| match r {
        Rel::Ge => "≥",
        Rel::Gt => ">",
        Rel::Le => "≤",
        Rel::Lt => "<",
    };
    match r {
        Rule::Cut {
            value,
            rel: r,
            alpha,
            bound,
        } => format!(
            "{} {} {} = {}",
            f(*value),
            rel(*r),
            if *alpha { "α" } else { "β" },
            f(*bound)
        ),
        Rule::Chance {
            child,
            value,
            rel: r,
            high,
            negated,
            bound,
        } => {
            let name = format!("{}_{child}", if *high { "B" } else { "A" });
            if *negated {
                format!(
                    "child {child} returned {} {} {} = −{name}",
                    f(*value),
                    rel(*r),
                    f(*bound)
                )
            } else {
                format!(
                    "child {child} returned {} {} {name} = {}",
                    f(*value),
                    rel(*r),
                    f(*bound)
                )
            }
        }
        Rule::Words(w) => w.to_string(),
    }
}

fn type_name(t: NodeType) -> &'static str {
    match t {
        NodeType::Pv => "PV",
        NodeType::Cut => "CUT",
        NodeType::All => "ALL",
    }
}

fn type_colour(t: NodeType) -> &'static str {
    match t {
        NodeType::Pv => "pspv",
        NodeType::Cut => "pscut",
        NodeType::All => "psall",
    }
}

/// How a node's field is written when the figure leaves it for a student: nothing inside the
/// node, and a window as two blanks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Blanks {
    /// Draw a blank window `(___, ___)` beside every inner node.
    pub windows: bool,
}

/// Writes one node and its subtree in forest's bracket notation.
fn node(out: &mut String, s: &Scene, i: usize, show: Show, blanks: Blanks, depth: usize) {
    let n: &SceneNode = &s.nodes[i];
    let pad = "  ".repeat(depth + 1);
    let greyed = n.state == State::Pruned && show.pruned;
    let content = match (&n.leaf, &n.value) {
        (Some(v), _) => format!("${}$", num_tex(*v)),
        (None, Some((v, b))) if show.values && !greyed => format!("${}$", value_tex(*v, *b)),
        _ => String::new(),
    };
    let mut opts: Vec<String> = Vec::new();
    opts.push(
        if n.leaf.is_some() {
            "ps leaf"
        } else if n.chance {
            "ps chance"
        } else if s.view == super::scene::View::Negamax {
            "ps node"
        } else if n.max {
            "ps max"
        } else {
            "ps min"
        }
        .to_string(),
    );
    let leaf = if n.leaf.is_some() { " leaf" } else { "" };
    match n.state {
        _ if greyed => opts.push(format!("ps pruned{leaf}")),
        // a branch the search had not reached, or one it will prune (spoiler-free), is drawn alike
        State::Unsearched | State::Pruned if s.algo.is_some() => {
            opts.push(format!("ps future{leaf}"))
        }
        State::Open => opts.push("ps open".into()),
        _ => {}
    }
    if show.types && !greyed && n.leaf.is_none() {
        if let Some(t) = n.actual {
            opts.push(format!("fill={}!30", type_colour(t)));
        }
        let words = match (n.expected, n.actual) {
            (Some(e), Some(a)) if e != a => {
                Some(format!("{}, exp.\\ {}", type_name(a), type_name(e)))
            }
            (_, Some(a)) => Some(type_name(a).to_string()),
            (Some(e), None) => Some(format!("exp.\\ {}", type_name(e))),
            _ => None,
        };
        if let Some(w) = words {
            opts.push(format!("label={{[ps note]left:{{{w}}}}}"));
        }
    }
    if n.leaf.is_none() {
        if show.windows && !greyed {
            if let Some((a, b)) = n.window {
                opts.push(format!(
                    "label={{[ps note]right:{{$({}, {})$}}}}",
                    num_tex(a),
                    num_tex(b)
                ));
            }
        } else if blanks.windows && n.state != State::Pruned {
            opts.push("label={[ps note]right:{$(\\underline{\\hspace{1.6em}}, \\underline{\\hspace{1.6em}})$}}".into());
        }
    }
    let mut edge_labels = String::new();
    if let Some(p) = n.prob {
        let _ = write!(edge_labels, "node[ps prob]{{$p = {}$}}", num_tex(p));
    }
    if greyed && let Some(rule) = &n.cut {
        let _ = write!(
            edge_labels,
            "node[ps cut mark]{{$\\parallel$}}node[ps cut rule]{{{}}}",
            rule_tex(rule)
        );
    }
    if !edge_labels.is_empty() {
        opts.push(format!("edge label={{{edge_labels}}}"));
    }
    let _ = write!(out, "{pad}[{{{content}}}, {}", opts.join(", "));
    if n.children.is_empty() {
        out.push_str("]\n");
    } else {
        out.push('\n');
        for &c in &n.children {
            node(out, s, c as usize, show, blanks, depth + 1);
        }
        let _ = writeln!(out, "{pad}]");
    }
}

/// The `forest` environment of `scene`: the styles it uses, defined in its own preamble so that
/// it needs only [`PREAMBLE`] from the document, then the tree.
pub fn forest(scene: &Scene, show: Show, blanks: Blanks) -> String {
    let mut out = String::new();
    let wide = show.windows || blanks.windows;
    out.push_str("\\begin{forest}\n");
    out.push_str(
        "  ps max/.style={regular polygon, regular polygon sides=3, draw, inner sep=0pt, \
         minimum size=3.3em},\n\
         \x20 ps min/.style={regular polygon, regular polygon sides=3, shape border rotate=180, \
         draw, inner sep=0pt, minimum size=3.3em},\n\
         \x20 ps node/.style={circle, draw, inner sep=1pt, minimum size=2em},\n\
         \x20 ps chance/.style={circle, draw, densely dashed, inner sep=1pt, minimum size=2em},\n\
         \x20 ps leaf/.style={rectangle, inner sep=2pt},\n\
         \x20 ps open/.style={line width=1.2pt},\n\
         \x20 ps future/.style={draw=black!35, fill=black!5, text=black!60},\n\
         \x20 ps future leaf/.style={text=black!60},\n\
         \x20 ps pruned/.style={draw=black!35, fill=black!5, text=black!50, edge={densely dashed, black!45}},\n\
         \x20 ps pruned leaf/.style={text=black!50, edge={densely dashed, black!45}},\n\
         \x20 /tikz/ps note/.style={font=\\scriptsize, inner sep=1pt},\n\
         \x20 /tikz/ps prob/.style={midway, auto=right, font=\\scriptsize, inner sep=1pt},\n\
         \x20 /tikz/ps cut mark/.style={pos=0.45, sloped, text=pscut, font=\\bfseries},\n\
         \x20 /tikz/ps cut rule/.style={pos=0.45, anchor=west, xshift=0.5em, text=pscut, font=\\scriptsize, inner sep=1pt},\n",
    );
    let _ = writeln!(
        out,
        "  for tree={{s sep={}, l=4.5em, l sep=1.2em, font=\\small, edge={{thin}}}},",
        if wide || show.types { "5.5em" } else { "1.5em" }
    );
    node(&mut out, scene, 0, show, blanks, 0);
    out.push_str("\\end{forest}\n");
    out
}

/// The colours a figure names, as `\definecolor` lines (in the document's preamble, or before
/// the environment in a fragment: `\definecolor` works in either).
pub fn colours() -> String {
    TYPE_COLOURS
        .iter()
        .map(|(n, hex)| format!("\\definecolor{{{n}}}{{HTML}}{{{hex}}}\n"))
        .collect()
}

/// One line saying what the figure shows, for the comment at its head and the caption.
pub fn describe(scene: &Scene) -> String {
    match &scene.algo {
        None => "the tree".to_string(),
        Some(a) => {
            let view = match scene.view {
                super::scene::View::Maxmin => "values from MAX's view",
                super::scene::View::Negamax => "values as negamax returns them",
            };
            let rule = match scene.cutoff {
                crate::search::config::Cutoff::Strict => ", strict cut-off rule",
                crate::search::config::Cutoff::Standard => "",
            };
            match scene.at {
                Some(e) => format!(
                    "the {a} search at event {e} of {} ({view}{rule})",
                    scene.events
                ),
                None => format!("the finished {a} search ({view}{rule})"),
            }
        }
    }
}

/// The figure: the `forest` environment alone with a comment naming the preamble it needs
/// (`body`), or a `standalone` document that compiles on its own to a PDF of the figure's size
/// (for `\includegraphics` in slides).
pub fn tikz(scene: &Scene, show: Show, body: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "% prunescope tikz: {}", text_comment(&describe(scene)));
    if body {
        out.push_str("% needs in the preamble: \\usepackage{amsmath} \\usepackage{forest} \\usetikzlibrary{shapes.geometric}\n");
        out.push_str(&colours());
        out.push_str(&forest(scene, show, Blanks::default()));
        return out;
    }
    out.push_str("\\documentclass[border=6pt]{standalone}\n");
    out.push_str(PREAMBLE);
    out.push_str(&colours());
    out.push_str("\\begin{document}\n");
    out.push_str(&forest(scene, show, Blanks::default()));
    out.push_str("\\end{document}\n");
    out
}

/// A comment's text: one line, no control characters.
fn text_comment(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// `forest` boxed and shrunk to the line's width when wider (never enlarged).
pub fn fitted(forest: &str) -> String {
    format!(
        "\\sbox0{{%\n{forest}}}%\n\\ifdim\\wd0>\\linewidth\\resizebox{{\\linewidth}}{{!}}{{\\usebox0}}\\else\\usebox0\\fi\n"
    )
}
