//! The one reader of answer forms and the one comparison (issue 28): every question the page or
//! the command line asks — an exercise's node, the quiz's step prediction, a lesson's pause,
//! prune prediction — is graded here, never in the page.
//!
//! The forms are the textbooks': an exact value as AIMA fig. 5.5 writes it ("2", "-3", "7/3"),
//! a bound with the relation it includes ("≤ 2", "<= 2", "at most 2"; "≥ 5", ">= 5", "at least
//! 5"), and the infinities of a window ("-inf", "−∞", "-infinity"; "inf", "+inf", "∞"). A strict
//! relation ("< 2", "> 5") is refused with a note: a fail-soft bound includes its value. A
//! decimal is refused too: the values are exact.
//!
//! The exact-node rule ([`exact_nodes`]): a node is answered with its exact value when every
//! child was searched and each child's value is exact — AIMA writes Russell–Norvig's third MIN
//! node (14 5 2) as [2, 2], although the fail-soft trace records 2 ≤ α = 3 as an upper bound.
//! Such a node accepts "2" and also the trace's "≤ 2"; the grader states it as "2".

use crate::search::frac::Frac;
use serde::{Deserialize, Serialize};

/// The note a strict relation gets: the bound a fail-soft search returns includes its value.
pub const STRICT_NOTE_UPPER: &str = "write ≤ (a bound includes its value)";
/// [`STRICT_NOTE_UPPER`] mirrored, for "> 5".
pub const STRICT_NOTE_LOWER: &str = "write ≥ (a bound includes its value)";
/// The note a decimal gets.
pub const DECIMAL_NOTE: &str = "values are exact: write a fraction such as 7/3, not a decimal";

/// A number as a student writes it: an exact fraction (integers included) or an infinity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Num {
    NegInf,
    Fin(Frac),
    PosInf,
}

impl Num {
    pub const fn int(v: i64) -> Num {
        Num::Fin(Frac::int(v))
    }

    /// `v / scale` (a chance search's values are fractions over its scale), or an infinity
    /// when `|v| ≥ inf` (the trace's ±∞).
    pub fn scaled(v: i64, scale: i64, inf: i64) -> Num {
        if v >= inf {
            Num::PosInf
        } else if v <= -inf {
            Num::NegInf
        } else {
            Frac::new(v as i128, scale.max(1) as i128).map_or(Num::int(v), Num::Fin)
        }
    }
}

/// `7`, `-7/2`, `-inf`, `+inf`: the grader's own writing of a number.
impl core::fmt::Display for Num {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Num::NegInf => f.write_str("-inf"),
            Num::PosInf => f.write_str("+inf"),
            Num::Fin(x) => write!(f, "{x}"),
        }
    }
}

/// How an answer relates its number to the node's true value, from the question's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rel {
    /// The value itself.
    Exact,
    /// At most the number (≤): an upper bound.
    Upper,
    /// At least the number (≥): a lower bound.
    Lower,
}

/// One read answer: a relation and a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    pub rel: Rel,
    pub num: Num,
}

/// Why a text is not an answer, with the note the student sees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unread {
    /// Nothing given.
    Empty,
    /// A strict relation ("< 2", "> 5"), refused with [`STRICT_NOTE_UPPER`]/[`STRICT_NOTE_LOWER`].
    Strict(&'static str),
    /// A decimal, refused with [`DECIMAL_NOTE`].
    Decimal,
    /// Not a number in any accepted form.
    NotANumber,
}

impl Unread {
    /// The note the student sees (empty for nothing given).
    pub fn note(&self) -> &'static str {
        match self {
            Unread::Empty => "",
            Unread::Strict(n) => n,
            Unread::Decimal => DECIMAL_NOTE,
            Unread::NotANumber => {
                "not a number: write an integer (3, -2), a fraction (7/3), inf or -inf, with ≤ \
                 or ≥ before a bound"
            }
        }
    }
}

/// The relation words a student may put before the number, longest first so that "<=" is not
/// read as "<" followed by "=".
const UPPER: [&str; 5] = ["at most", "≤", "<=", "=<", "⩽"];
const LOWER: [&str; 5] = ["at least", "≥", ">=", "=>", "⩾"];
const STRICT_UPPER: [&str; 2] = ["less than", "<"];
const STRICT_LOWER: [&str; 3] = ["more than", "greater than", ">"];

/// Reads a value or bound: `2`, `= 2`, `≤ 2`, `<= 2`, `at most 2`, `≥ 5`, `>= 5`, `at least
/// 5`, `7/3`, `-inf`, `−∞`. Case and spaces do not matter.
pub fn read_value(text: &str) -> Result<Reading, Unread> {
    let t = normal(text);
    if t.is_empty() {
        return Err(Unread::Empty);
    }
    let strip = |words: &[&str]| words.iter().find_map(|w| t.strip_prefix(w));
    let (rel, rest) = if let Some(r) = strip(&UPPER) {
        (Rel::Upper, r)
    } else if let Some(r) = strip(&LOWER) {
        (Rel::Lower, r)
    } else if strip(&STRICT_UPPER).is_some() {
        return Err(Unread::Strict(STRICT_NOTE_UPPER));
    } else if strip(&STRICT_LOWER).is_some() {
        return Err(Unread::Strict(STRICT_NOTE_LOWER));
    } else if let Some(r) = t.strip_prefix('=') {
        (Rel::Exact, r)
    } else {
        (Rel::Exact, t.as_str())
    };
    let num = read_num(rest)?;
    Ok(Reading { rel, num })
}

/// Reads one number: an integer, a fraction `n/d`, or an infinity.
pub fn read_number(text: &str) -> Result<Num, Unread> {
    let t = normal(text);
    if t.is_empty() {
        return Err(Unread::Empty);
    }
    read_num(&t)
}

/// Reads a list of numbers, as a window is written: `(-inf, 3)`, `-inf 3`, `−∞; 3`.
pub fn read_numbers(text: &str) -> Result<Vec<Num>, Unread> {
    let t = normal(text);
    let parts: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || "(),;[]".contains(c))
        .filter(|p| !p.is_empty())
        .collect();
    if parts.is_empty() {
        return Err(Unread::Empty);
    }
    parts.into_iter().map(read_num).collect()
}

/// Lower case, the minus sign `−` as `-`, trimmed.
fn normal(text: &str) -> String {
    text.trim().to_lowercase().replace(['−', '–'], "-")
}

fn read_num(s: &str) -> Result<Num, Unread> {
    let s = s.trim();
    let (neg, body) = match s.strip_prefix('-') {
        Some(r) => (true, r.trim_start()),
        None => (false, s.strip_prefix('+').map_or(s, str::trim_start)),
    };
    if matches!(body, "inf" | "infinity" | "∞") {
        return Ok(if neg { Num::NegInf } else { Num::PosInf });
    }
    let digits = |d: &str| !d.is_empty() && d.len() <= 12 && d.bytes().all(|b| b.is_ascii_digit());
    let (n, d) = match body.split_once('/') {
        Some((n, d)) => (n.trim(), d.trim()),
        None => (body, "1"),
    };
    if !digits(n) || !digits(d) {
        let decimal = body.contains(['.', ',']) && body.chars().any(|c| c.is_ascii_digit());
        return Err(if decimal {
            Unread::Decimal
        } else {
            Unread::NotANumber
        });
    }
    let (n, d): (i128, i128) = (n.parse().unwrap_or(0), d.parse().unwrap_or(0));
    let f = Frac::new(if neg { -n } else { n }, d).map_err(|_| Unread::NotANumber)?;
    Ok(Num::Fin(f))
}

/// What a value question expects: the node's value (from the question's view), the bound the
/// trace records, and whether the exact-node rule makes it exact ([`exact_nodes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expected {
    pub num: Num,
    /// The bound the trace records.
    pub recorded: Rel,
    /// Every child searched and each exact: graded as exact whatever the trace records.
    pub exact_node: bool,
}

impl Expected {
    /// The relation the grader states: exact for an exact node.
    pub fn rel(&self) -> Rel {
        if self.exact_node {
            Rel::Exact
        } else {
            self.recorded
        }
    }

    /// The answer as the grader states it: `2`, `≤ 2`, `≥ 7`, `7/3`.
    pub fn stated(&self) -> String {
        stated(self.rel(), self.num)
    }

    /// Whether `r` is a right answer: the stated relation and number, or, at an exact node,
    /// also the bound the trace records ("≤ 2" for the node AIMA writes as 2).
    pub fn accepts(&self, r: &Reading) -> bool {
        r.num == self.num && (r.rel == self.rel() || (self.exact_node && r.rel == self.recorded))
    }

    /// Every form this answer is accepted in, the stated one first: the relation's spellings
    /// ("≤ 2", "<= 2", "at most 2") and, at an exact node, the recorded bound's too.
    pub fn accepted_forms(&self) -> Vec<String> {
        let mut out = forms(self.rel(), self.num);
        if self.exact_node && self.recorded != Rel::Exact {
            out.extend(forms(self.recorded, self.num));
        }
        out
    }
}

/// The grader's writing of a relation and number.
pub fn stated(rel: Rel, num: Num) -> String {
    match rel {
        Rel::Exact => num.to_string(),
        Rel::Upper => format!("≤ {num}"),
        Rel::Lower => format!("≥ {num}"),
    }
}

/// The spellings of one relation and number the reader accepts (each read back as the same).
pub fn forms(rel: Rel, num: Num) -> Vec<String> {
    let n = num.to_string();
    match rel {
        Rel::Exact => vec![n.clone(), format!("= {n}")],
        Rel::Upper => vec![format!("≤ {n}"), format!("<= {n}"), format!("at most {n}")],
        Rel::Lower => vec![format!("≥ {n}"), format!(">= {n}"), format!("at least {n}")],
    }
}

/// The exact-node rule over a searched tree given in entry order (a parent before its
/// children): `parent[i]` (`None` at a root), `moves[i]` the moves the node has (0 for one that
/// generated none: a leaf, or a node cut before it generated its moves), `recorded[i]` the
/// trace gives an exact value: an exact bound, or a leaf's evaluation (a fail-soft trace states
/// a leaf's bound against its window, but the leaf's value is what it is). Node `i` is exact when recorded so, or when it has moves,
/// searched every one (each a child here) and every child is exact. Children must come after
/// their parent.
pub fn exact_nodes(parent: &[Option<u32>], moves: &[u32], recorded: &[bool]) -> Vec<bool> {
    let n = parent.len();
    let mut searched = vec![0u32; n];
    let mut all_exact = vec![true; n];
    let mut exact = vec![false; n];
    for i in (0..n).rev() {
        exact[i] = recorded[i] || (moves[i] > 0 && searched[i] >= moves[i] && all_exact[i]);
        if let Some(p) = parent[i] {
            let p = p as usize;
            if p < n && p < i {
                searched[p] += 1;
                all_exact[p] &= exact[i];
            }
        }
    }
    exact
}

/// The form of answer a value question expects, said on the card before the student answers
/// (issue 28 §2): never the answer, only its shape.
pub fn value_form(bounds: bool, fractions: bool) -> String {
    let num = if fractions {
        "a number or an exact fraction (7/3)"
    } else {
        "a number"
    };
    if bounds {
        format!(
            "Answer with {num}; for a node that stopped early, its bound: ≤ v or ≥ v (<= v, at \
             most v; >= v, at least v). A node that searched every child, each exact, is \
             exact."
        )
    } else {
        format!("Answer with {num}.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rel: Rel, n: i64) -> Reading {
        Reading {
            rel,
            num: Num::int(n),
        }
    }

    #[test]
    fn reads_the_textbooks_forms() {
        for (t, want) in [
            ("2", r(Rel::Exact, 2)),
            ("= 2", r(Rel::Exact, 2)),
            ("≤ 2", r(Rel::Upper, 2)),
            ("<=2", r(Rel::Upper, 2)),
            ("At most 2", r(Rel::Upper, 2)),
            ("≥ -5", r(Rel::Lower, -5)),
            (">= −5", r(Rel::Lower, -5)),
            ("at least 5", r(Rel::Lower, 5)),
            ("+3", r(Rel::Exact, 3)),
        ] {
            assert_eq!(read_value(t), Ok(want), "{t}");
        }
        let third = Num::Fin(Frac::new(-19, 3).unwrap());
        assert_eq!(read_number("-19/3"), Ok(third));
        assert_eq!(read_number("−38/6"), Ok(third));
        for t in ["-inf", "−∞", "-infinity", "- inf"] {
            assert_eq!(read_number(t), Ok(Num::NegInf), "{t}");
        }
        for t in ["inf", "+inf", "∞", "+∞", "Infinity"] {
            assert_eq!(read_number(t), Ok(Num::PosInf), "{t}");
        }
        assert_eq!(
            read_numbers("(-inf, 3)"),
            Ok(vec![Num::NegInf, Num::int(3)])
        );
    }

    #[test]
    fn refuses_strict_relations_and_decimals() {
        assert_eq!(read_value("< 2"), Err(Unread::Strict(STRICT_NOTE_UPPER)));
        assert_eq!(read_value("> 5"), Err(Unread::Strict(STRICT_NOTE_LOWER)));
        assert_eq!(
            read_value("less than 2"),
            Err(Unread::Strict(STRICT_NOTE_UPPER))
        );
        assert_eq!(read_value("2.33"), Err(Unread::Decimal));
        assert_eq!(read_value("7/0"), Err(Unread::NotANumber));
        assert_eq!(read_value("#3"), Err(Unread::NotANumber));
        assert_eq!(read_value("  "), Err(Unread::Empty));
    }

    #[test]
    fn an_exact_node_accepts_its_value_and_its_recorded_bound() {
        let e = Expected {
            num: Num::int(2),
            recorded: Rel::Upper,
            exact_node: true,
        };
        assert_eq!(e.stated(), "2");
        for f in e.accepted_forms() {
            assert!(e.accepts(&read_value(&f).unwrap()), "{f}");
        }
        assert!(!e.accepts(&r(Rel::Lower, 2)));
        let b = Expected {
            exact_node: false,
            ..e
        };
        assert_eq!(b.stated(), "≤ 2");
        assert!(!b.accepts(&r(Rel::Exact, 2)));
    }

    #[test]
    fn the_rule_needs_every_child_searched_and_exact() {
        // 0: MIN (14 5 2) cut to ≤ 2 after all three leaves; 4: a node that stopped after one
        // of its two children; 6: its parent, all searched but one child a bound
        let parent = [None, Some(0), Some(0), Some(0), None, Some(4)];
        let moves = [3, 0, 0, 0, 2, 0];
        let recorded = [false, true, true, true, false, true];
        assert_eq!(
            exact_nodes(&parent, &moves, &recorded),
            [true, true, true, true, false, true]
        );
    }
}
