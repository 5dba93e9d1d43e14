//! Grading a student's answers against the key, node by node, and the hint at the first
//! wrong node, in the narration's words (www/model/narrate.js: "β-cut-off at …: v ≥ β = …").

use super::key::{AnswerKey, KeyNode};
use crate::search::config::Cutoff;
use crate::search::frac::Frac;
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
    pub expected: String,
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
}

/// The bound a student's answer starts with (`≤`/`<=` upper, `≥`/`>=` lower, none exact) and
/// the rest of it: one reading for integer and fraction answers alike.
fn split_bound(s: &str) -> (&'static str, &str) {
    let s = s.trim();
    if let Some(r) = s.strip_prefix('≤').or_else(|| s.strip_prefix("<=")) {
        ("upper", r)
    } else if let Some(r) = s.strip_prefix('≥').or_else(|| s.strip_prefix(">=")) {
        ("lower", r)
    } else {
        ("exact", s)
    }
}

/// A value as the student writes it: `5`, `-3` (or `−3`), `≤ 2`/`<= 2`, `≥ 5`/`>= 5`. Returns
/// (value, bound: `exact`/`upper`/`lower`), or `None` when it is not one.
pub fn parse_value(s: &str) -> Option<(i32, &'static str)> {
    let (bound, rest) = split_bound(s);
    Some((parse_int(rest)?, bound))
}

fn parse_int(s: &str) -> Option<i32> {
    let s = s.trim();
    let (neg, digits) = match s.strip_prefix('-').or_else(|| s.strip_prefix('−')) {
        Some(r) => (true, r.trim_start()),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v: i32 = digits.parse().ok()?;
    Some(if neg { -v } else { v })
}

/// A window side as the student writes it, in the key's form (`-inf`, `+inf`, an integer).
pub fn parse_window_side(s: &str) -> Option<String> {
    let t = s.trim().to_lowercase();
    let t = t.replace('−', "-");
    match t.as_str() {
        "-inf" | "-∞" | "-infinity" => Some("-inf".into()),
        "inf" | "+inf" | "∞" | "+∞" | "infinity" | "+infinity" => Some("+inf".into()),
        _ => parse_int(&t).map(|v| v.to_string()),
    }
}

/// A chance exercise's value as the student writes it: an integer or a fraction `n/d` (`7/3`,
/// `-7/3`, `−7/3`, `14/6`), optionally after `≤`/`<=` or `≥`/`>=`. Returns the exact value (in
/// lowest terms) and the bound, or `None` when it is not one; a decimal (`2.33`) is not one:
/// the values are exact.
pub fn parse_fraction_value(s: &str) -> Option<(Frac, &'static str)> {
    let (bound, rest) = split_bound(s);
    let rest = rest.trim();
    let (n, d) = match rest.split_once('/') {
        Some((n, d)) => (n, d.trim()),
        None => (rest, "1"),
    };
    let num = parse_int(n)?;
    if d.is_empty() || d.len() > 9 || !d.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let den: i32 = d.parse().ok()?;
    if den == 0 {
        return None;
    }
    Some((Frac::new(num as i128, den as i128).ok()?, bound))
}

fn canonical_value(s: &str) -> Option<String> {
    parse_value(s).map(|(v, b)| match b {
        "upper" => format!("≤ {v}"),
        "lower" => format!("≥ {v}"),
        _ => v.to_string(),
    })
}

pub(super) fn grade(key: &AnswerKey, a: &Answers, cutoff: Cutoff) -> Grade {
    let marked: std::collections::HashSet<u32> = a.pruned.iter().copied().collect();
    let value_of = |i: u32| a.values.iter().rev().find(|(n, _)| *n == i).map(|x| &x.1);
    let window_of = |i: u32| a.windows.iter().rev().find(|(n, _)| *n == i).map(|x| &x.1);
    let mut verdicts = Vec::new();
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
            });
        }
        if key.asks_window(i) {
            let want = n.window.clone().expect("a visited node has a window");
            let given = window_of(id);
            let ok = given.is_some_and(|g| {
                parse_window_side(&g[0]).as_deref() == Some(want[0].as_str())
                    && parse_window_side(&g[1]).as_deref() == Some(want[1].as_str())
            });
            verdicts.push(Verdict {
                node: id,
                kind: "window",
                ok,
                given: given.map_or(String::new(), |g| format!("({}, {})", g[0], g[1])),
                expected: format!("({}, {})", want[0], want[1]),
            });
        }
        if key.asks_value(i) {
            let want = n.answer.clone().expect("a visited node has a value");
            let given = value_of(id);
            // A chance exercise's values are fractions: equal ones in other forms (`14/6` for
            // `7/3`, `4/2` for `2`) are right, the value being the number, not its writing.
            let ok = if key.is_chance() {
                given.and_then(|g| parse_fraction_value(g)) == parse_fraction_value(&want)
                    && given.is_some()
            } else {
                given.and_then(|g| canonical_value(g)).as_deref() == Some(want.as_str())
            };
            verdicts.push(Verdict {
                node: id,
                kind: "value",
                ok,
                given: given.cloned().unwrap_or_default(),
                expected: want,
            });
        }
    }
    let right = verdicts.iter().filter(|v| v.ok).count() as u32;
    let first_wrong = verdicts.iter().position(|v| !v.ok);
    let hint = first_wrong.map(|k| hint(key, &verdicts[k], cutoff));
    Grade {
        total: verdicts.len() as u32,
        right,
        first_wrong: first_wrong.map(|k| k as u32),
        hint,
        verdicts,
    }
}

/// A node's name as the page labels it: its pre-order number and who moves.
fn name(key: &AnswerKey, i: u32) -> String {
    let n = &key.nodes[i as usize];
    format!("node {i} ({})", if n.max { "MAX" } else { "MIN" })
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
        format!("node {i} (chance)")
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
            let what = match (n.chance, n.bound) {
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
