//! Grading a student's answers against the key, node by node, and the hint at the first
//! wrong node, in the narration's words (www/model/narrate.js: "β-cut-off at …: v ≥ β = …").

use super::answer::{Unread, read_number, read_value};
use super::key::{AnswerKey, KeyNode};
use crate::search::config::Cutoff;
use serde::{Deserialize, Serialize};

/// A student's answers. Nodes are the key's pre-order numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Answers {
    /// The nodes whose branch (the edge from their parent) the student marks as pruned.
    pub pruned: Vec<u32>,
    /// `(node, value)`: the value or bound given for an inner node (`5`, `≤ 2`, `>= 5`).
    pub values: Vec<(u32, String)>,
    /// `(node, [α, β])`: the window given for an inner node (`-inf`, `+inf` or integers).
    pub windows: Vec<(u32, [String; 2])>,
}

/// One graded answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub node: u32,
    /// `pruned`, `value` or `window` (the questions of docs/teaching.md "Exercises").
    pub kind: &'static str,
    pub ok: bool,
    /// What the student gave (`pruned`/`searched` for a branch; empty when nothing was given).
    pub given: String,
    /// The answer as the grader states it (src/teach/answer.rs).
    pub expected: String,
    /// The node as the page names it: `the root`, `node 0.2`.
    pub name: String,
    /// What the reader says of the form given, when it refused it: "write ≤ (a bound
    /// includes its value)" for "< 2", the note on decimals, …
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The grade of one exercise: every verdict in the order the search meets the nodes, the
/// score, and a hint at the first wrong answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Grade {
    pub verdicts: Vec<Verdict>,
    pub right: u32,
    pub total: u32,
    /// Index in `verdicts` of the first wrong answer.
    pub first_wrong: Option<u32>,
    pub hint: Option<String>,
    /// Every question asked has an answer: a value in every value field and both sides of
    /// every window (a branch is always answered, pruned or searched). A SCORM package or an
    /// embed scores an exercise at its first complete submission (docs/lms.md).
    pub complete: bool,
}

pub(super) fn grade(key: &AnswerKey, a: &Answers, cutoff: Cutoff) -> Grade {
    let marked: std::collections::HashSet<u32> = a.pruned.iter().copied().collect();
    let value_of = |i: u32| a.values.iter().rev().find(|(n, _)| *n == i).map(|x| &x.1);
    let window_of = |i: u32| a.windows.iter().rev().find(|(n, _)| *n == i).map(|x| &x.1);
    let mut verdicts = Vec::new();
    let blank = |t: &str| t.trim().is_empty();
    let mut complete = true;
    for (i, n) in key.nodes.iter().enumerate() {
        let id = i as u32;
        if key.asks_pruned(i) {
            let given = marked.contains(&id);
            let word = |p: bool| if p { "pruned" } else { "searched" }.to_string();
            verdicts.push(Verdict {
                node: id,
                kind: "pruned",
                ok: given == n.pruned,
                given: word(given),
                expected: word(n.pruned),
                name: n.name(),
                note: None,
            });
        }
        if key.asks_window(i) {
            let want = n.window.clone().expect("a visited node has a window");
            let given = window_of(id);
            complete &= given.is_some_and(|g| !blank(&g[0]) && !blank(&g[1]));
            let read = given.map(|g| (read_number(&g[0]), read_number(&g[1])));
            let ok = read.as_ref().is_some_and(|(a, b)| {
                a.as_ref().ok().map(|x| x.to_string()).as_deref() == Some(want[0].as_str())
                    && b.as_ref().ok().map(|x| x.to_string()).as_deref() == Some(want[1].as_str())
            });
            let note = read.and_then(|(a, b)| note_of(&a).or_else(|| note_of(&b)));
            verdicts.push(Verdict {
                node: id,
                kind: "window",
                ok,
                given: given.map_or(String::new(), |g| format!("({}, {})", g[0], g[1])),
                expected: format!("({}, {})", want[0], want[1]),
                name: n.name(),
                note,
            });
        }
        if key.asks_value(i) {
            let want = n.expected().expect("a visited node has a value");
            let given = value_of(id);
            complete &= given.is_some_and(|g| !blank(g));
            // one reader, one comparison (src/teach/answer.rs): equal fractions in other
            // writings (14/6 for 7/3) are the same number, and an exact node takes its value
            // and the bound the trace records
            let read = given.map(|g| read_value(g));
            let ok = matches!(&read, Some(Ok(r)) if want.accepts(r));
            verdicts.push(Verdict {
                node: id,
                kind: "value",
                ok,
                given: given.cloned().unwrap_or_default(),
                expected: want.stated(),
                name: n.name(),
                note: read.and_then(|r| note_of(&r)),
            });
        }
    }
    let right = verdicts.iter().filter(|v| v.ok).count() as u32;
    let first_wrong = verdicts.iter().position(|v| !v.ok);
    // a refused form is said first: the rule's hint follows
    let hint = first_wrong.map(|k| {
        let v = &verdicts[k];
        let rule = hint(key, v, cutoff);
        match &v.note {
            Some(n) => format!("{}: {n}. {rule}", capital(&v.name)),
            None => rule,
        }
    });
    Grade {
        total: verdicts.len() as u32,
        right,
        first_wrong: first_wrong.map(|k| k as u32),
        hint,
        verdicts,
        complete,
    }
}

/// `node 0.2` as a sentence starts it: `Node 0.2`.
fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// The note on a refused form (nothing for an empty answer or a read one).
fn note_of<T>(r: &Result<T, Unread>) -> Option<String> {
    match r {
        Err(u) if *u != Unread::Empty => Some(u.note().to_string()),
        _ => None,
    }
}

/// A node's name as the page, the key and the solution name it: its path and who moves,
/// `node 0.2 (MAX)`, `the root (MAX)`.
fn name(key: &AnswerKey, i: u32) -> String {
    let n = &key.nodes[i as usize];
    format!("{} ({})", n.name(), if n.max { "MAX" } else { "MIN" })
}

/// The bound a node's cut-off test compares with (MAX: β; MIN: α), from MAX's view.
fn test_bound(n: &KeyNode) -> String {
    let w = n.window.as_ref().expect("a visited node");
    if n.max { w[1].clone() } else { w[0].clone() }
}

fn rule_words(cutoff: Cutoff, max: bool) -> &'static str {
    match (cutoff, max) {
        (Cutoff::Standard, true) => "a child's value v ≥ β is a β-cut-off",
        (Cutoff::Standard, false) => "a child's value v ≤ α is an α-cut-off",
        (Cutoff::Strict, true) => {
            "only a value strictly above β (v > β) is a β-cut-off; a value equal to β is not \
             (the strict rule, CS188)"
        }
        (Cutoff::Strict, false) => {
            "only a value strictly below α (v < α) is an α-cut-off; a value equal to α is not \
             (the strict rule, CS188)"
        }
    }
}

/// A chance exercise's node name: its pre-order number and what it is.
fn chance_name(key: &AnswerKey, i: u32) -> String {
    let n = &key.nodes[i as usize];
    if n.chance {
        format!("{} (chance)", n.name())
    } else {
        name(key, i)
    }
}

/// The rule at the first wrong node of a chance exercise: the weighted average at a chance
/// node, Ballard's Star1 cut-off with the bound that fired (from MAX's view), alpha-beta's at a
/// decision node. It names the rule and the node, not the answer.
fn chance_hint(key: &AnswerKey, v: &Verdict) -> String {
    let n = &key.nodes[v.node as usize];
    let (l, u) = key.bounds.unwrap_or((0, 0));
    match v.kind {
        "pruned" => {
            let p = n.parent.expect("a branch has a parent");
            let pn = &key.nodes[p as usize];
            match (&pn.cut, n.pruned) {
                (Some(c), true) if pn.chance => format!(
                    "At {}, Star1 (Ballard 1983) bounds each unsearched branch by L = {l} and                      U = {u}: after {} returned {} {} {} (from MAX's view), the average can no                      longer come back inside the window whatever the remaining branches are,                      so they are pruned.",
                    chance_name(key, p),
                    chance_name(key, c.by),
                    c.value,
                    c.sign,
                    c.threshold
                ),
                (Some(c), true) => format!(
                    "At {}, alpha-beta's cut-off: {} returned {}, {} the bound {} (from MAX's                      view), so the remaining moves are pruned.",
                    chance_name(key, p),
                    chance_name(key, c.by),
                    c.value,
                    c.sign,
                    c.threshold
                ),
                _ => format!(
                    "The search reaches {}: at its parent {}, no branch before it returned a                      value past the bound that would cut (Star1 at a chance node, α or β at a                      decision node).",
                    chance_name(key, v.node),
                    chance_name(key, p)
                ),
            }
        }
        _ => {
            let decimal = v.given.contains('.') || v.given.contains(',');
            let form = if decimal {
                " Values are exact: write a fraction such as 7/3, not a decimal."
            } else {
                ""
            };
            let bound = if n.exact { Some("exact") } else { n.bound };
            let what = match (n.chance, bound) {
                (true, Some("exact")) => format!(
                    "{} is a chance node: its value is the weighted average of its branches,                      Σ p·v with each branch's probability p = w/S (shown on the branch), an                      exact fraction.",
                    chance_name(key, v.node)
                ),
                (true, _) => format!(
                    "{} stopped at a Star1 cut-off: with the unsearched branches at their                      bound (L = {l} or U = {u}), its average is only known to be at most (≤)                      or at least (≥) a value: write it with ≤ or ≥.",
                    chance_name(key, v.node)
                ),
                (false, Some("exact")) => format!(
                    "{} searched all its moves: it is the {} value its children returned,                      exact, with no ≤ or ≥.",
                    chance_name(key, v.node),
                    if n.max { "largest" } else { "smallest" }
                ),
                (false, _) => format!(
                    "{} stopped at a cut-off (or found nothing inside its window): its value                      is a bound, written with ≤ or ≥.",
                    chance_name(key, v.node)
                ),
            };
            format!("{what}{form}")
        }
    }
}

/// The rule at the first wrong node, in the narration's words; it names the rule and the
/// node, not the answer.
fn hint(key: &AnswerKey, v: &Verdict, cutoff: Cutoff) -> String {
    if key.is_chance() {
        return chance_hint(key, v);
    }
    let n = &key.nodes[v.node as usize];
    match v.kind {
        "pruned" => {
            let p = n.parent.expect("a branch has a parent");
            let pn = &key.nodes[p as usize];
            let side = if pn.max { "β" } else { "α" };
            if n.pruned {
                format!(
                    "At {}, {}: {side} = {} there, and a child searched before this one \
                     returned a value past it, so the remaining moves are pruned.",
                    name(key, p),
                    rule_words(cutoff, pn.max),
                    test_bound(pn)
                )
            } else {
                format!(
                    "The search reaches {}: at its parent {}, {}. {side} = {} there, and no \
                     child before it returned a value past it, so there is no cut-off yet.",
                    name(key, v.node),
                    name(key, p),
                    rule_words(cutoff, pn.max),
                    test_bound(pn)
                )
            }
        }
        "window" => {
            if n.parent.is_none() {
                format!(
                    "{} is the root: it is searched with the full window (-inf, +inf).",
                    name(key, v.node)
                )
            } else {
                format!(
                    "{} is entered with its parent's window as it stands at that moment: α is \
                     the best value MAX is already sure of on the path (raised by each child \
                     that returned more), β the best MIN is sure of (lowered by each child \
                     that returned less).",
                    name(key, v.node)
                )
            }
        }
        _ => {
            let best = if n.max { "largest" } else { "smallest" };
            match n.bound {
                Some("exact") => format!(
                    "{} searched all its moves and its value lies inside its window: it is \
                     the {best} value its children returned, exact, with no ≤ or ≥.",
                    name(key, v.node)
                ),
                // the exact-node rule (src/teach/answer.rs): AIMA fig. 5.5's [2, 2]
                _ if n.exact => format!(
                    "{} searched all its moves and each returned an exact value: it is the \
                     {best} of them, exact (the trace's fail-soft bound, ≤ or ≥ that value, is \
                     right too).",
                    name(key, v.node)
                ),
                Some("lower") if n.max => format!(
                    "{} stopped at a β-cut-off ({}): it returns the value of the child that \
                     cut, and is worth at least that, so write it with ≥.",
                    name(key, v.node),
                    rule_words(cutoff, true)
                ),
                Some("upper") if !n.max => format!(
                    "{} stopped at an α-cut-off ({}): it returns the value of the child that \
                     cut, and is worth at most that, so write it with ≤.",
                    name(key, v.node),
                    rule_words(cutoff, false)
                ),
                Some("upper") => format!(
                    "{} found nothing above α = {}: every child returned {}, so its value, \
                     the largest they returned, is only an upper bound: write it with ≤.",
                    name(key, v.node),
                    n.window.as_ref().map_or("?", |w| w[0].as_str()),
                    if cutoff == Cutoff::Strict {
                        "less than α"
                    } else {
                        "at most α"
                    }
                ),
                _ => format!(
                    "{} found nothing below β = {}: every child returned {}, so its value, \
                     the smallest they returned, is only a lower bound: write it with ≥.",
                    name(key, v.node),
                    n.window.as_ref().map_or("?", |w| w[1].as_str()),
                    if cutoff == Cutoff::Strict {
                        "more than β"
                    } else {
                        "at least β"
                    }
                ),
            }
        }
    }
}
