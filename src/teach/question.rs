//! The page's questions graded by the core (issue 28 §1): the quiz's step prediction, a
//! lesson's pauses and prune prediction ask about a trace the page holds; the page says what
//! the trace records of the node (a value with its bound, a window, a choice's key, the
//! subtree the exact-node rule reads) and gets back the grader's verdict, its statement of the
//! answer and the forms it accepts. One call per answer; the page compares nothing.

use super::answer::{
    Expected, Num, Rel, Unread, exact_nodes, read_numbers, read_value, value_form,
};
use serde::{Deserialize, Serialize};

/// The subtree below a value question's node, as the trace records it, in entry order (the
/// node itself first): what the exact-node rule reads ([`exact_nodes`]). The children of a node
/// recorded exact may be left out: the rule does not read them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Subtree {
    /// Each node's parent as an index into these lists; -1 for the question's node.
    pub parent: Vec<i32>,
    /// The moves each node has (0: a leaf, or a node cut before it generated moves).
    pub moves: Vec<u32>,
    /// The trace records an exact value (1) or a bound (0).
    pub exact: Vec<u8>,
}

/// A question as the page describes it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "form", rename_all = "lowercase", deny_unknown_fields)]
pub enum Question {
    /// A choice among keys ("y"/"n", a node type's number): `answer` is the right key.
    Choice { answer: String },
    /// A value or bound: the trace's value `value / scale` (±`inf` and beyond are infinities),
    /// the bound it records in the question's view, and the subtree the exact-node rule
    /// reads; `bounds`: the question's card offers bounds (a lesson before bounds asks for a
    /// number), `fractions`: values may be fractions (a chance search).
    Value {
        value: i64,
        #[serde(default = "one")]
        scale: i64,
        inf: i64,
        bound: Rel,
        #[serde(default)]
        subtree: Subtree,
        #[serde(default = "yes")]
        bounds: bool,
        #[serde(default)]
        fractions: bool,
    },
    /// Numbers in order (a window's α and β, a count): each ±`inf` or beyond an infinity.
    Numbers { values: Vec<i64>, inf: i64 },
}

fn one() -> i64 {
    1
}
fn yes() -> bool {
    true
}

/// The grader's verdict on one answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub ok: bool,
    /// The right answer as the grader states it: `2`, `≤ 2`, `(-inf, 3)`, a choice's key.
    pub expected: String,
    /// Every form the grader accepts, the stated one first.
    pub accepted: Vec<String>,
    /// The reader's note on a refused form ("write ≤ (a bound includes its value)").
    pub note: Option<String>,
}

/// What a question expects, before any answer: the stated answer, its accepted forms and the
/// form to say on the card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Expects {
    pub expected: String,
    pub accepted: Vec<String>,
    /// The form of answer, said before the student answers; never the answer.
    pub form: String,
}

impl Question {
    fn value_expected(&self) -> Option<Expected> {
        let Question::Value {
            value,
            scale,
            inf,
            bound,
            subtree,
            ..
        } = self
        else {
            return None;
        };
        let s = subtree;
        let ok = !s.parent.is_empty()
            && s.parent.len() == s.moves.len()
            && s.moves.len() == s.exact.len();
        let exact_node = ok && {
            let parent: Vec<Option<u32>> =
                s.parent.iter().map(|&p| u32::try_from(p).ok()).collect();
            let recorded: Vec<bool> = s.exact.iter().map(|&e| e != 0).collect();
            exact_nodes(&parent, &s.moves, &recorded)[0]
        };
        Some(Expected {
            num: Num::scaled(*value, *scale, *inf),
            recorded: *bound,
            exact_node,
        })
    }

    /// The stated answer, its accepted forms and the form to say on the card.
    pub fn expects(&self) -> Expects {
        match self {
            Question::Choice { answer } => Expects {
                expected: answer.clone(),
                accepted: vec![answer.clone()],
                form: "Choose one.".into(),
            },
            Question::Value {
                bounds, fractions, ..
            } => {
                let e = self.value_expected().expect("a value question");
                Expects {
                    expected: e.stated(),
                    accepted: e.accepted_forms(),
                    form: value_form(*bounds, *fractions),
                }
            }
            Question::Numbers { values, inf } => {
                let nums: Vec<String> = values
                    .iter()
                    .map(|&v| Num::scaled(v, 1, *inf).to_string())
                    .collect();
                let stated = if nums.len() == 2 {
                    format!("({}, {})", nums[0], nums[1])
                } else {
                    nums.join(" ")
                };
                let mut accepted = vec![stated.clone()];
                if nums.len() > 1 {
                    accepted.push(nums.join(" "));
                }
                let form = if nums.len() == 2 {
                    "Answer with two numbers, α then β: integers, inf or -inf (−∞ and ∞ too)."
                } else {
                    "Answer with a whole number."
                };
                Expects {
                    expected: stated,
                    accepted,
                    form: form.into(),
                }
            }
        }
    }

    /// Grades `reply` (the text typed, or a choice's key).
    pub fn grade(&self, reply: &str) -> Verdict {
        let x = self.expects();
        let note = |u: &Unread| (*u != Unread::Empty).then(|| u.note().to_string());
        let (ok, note) = match self {
            Question::Choice { answer } => (reply == answer, None),
            Question::Value { .. } => {
                let e = self.value_expected().expect("a value question");
                match read_value(reply) {
                    Ok(r) => (e.accepts(&r), None),
                    Err(u) => (false, note(&u)),
                }
            }
            Question::Numbers { values, inf } => match read_numbers(reply) {
                Ok(got) => (
                    got.len() == values.len()
                        && got
                            .iter()
                            .zip(values)
                            .all(|(g, &v)| *g == Num::scaled(v, 1, *inf)),
                    None,
                ),
                Err(u) => (false, note(&u)),
            },
        };
        Verdict {
            ok,
            expected: x.expected,
            accepted: x.accepted,
            note,
        }
    }
}

/// Prune prediction scored (www/modes/quiz.js): the branches the student marked, as paths
/// ("1.2"), against the roots of the subtrees the search pruned. A pruned root is hit when a
/// mark names it or lies inside it; a mark inside no pruned subtree is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PruneScore {
    pub hits: Vec<String>,
    pub missed: Vec<String>,
    pub wrong: Vec<String>,
    pub right: u32,
    pub asked: u32,
}

pub fn score_prune(marks: &[String], roots: &[String]) -> PruneScore {
    let within = |path: &str, root: &str| {
        path == root
            || path
                .strip_prefix(root)
                .is_some_and(|rest| rest.starts_with('.'))
    };
    let (mut hits, mut missed, mut wrong) = (Vec::new(), Vec::new(), Vec::new());
    for r in roots {
        if marks.iter().any(|m| within(m, r)) {
            hits.push(r.clone());
        } else {
            missed.push(r.clone());
        }
    }
    for m in marks {
        if !roots.iter().any(|r| within(m, r)) {
            wrong.push(m.clone());
        }
    }
    PruneScore {
        right: hits.len() as u32,
        asked: (roots.len() + wrong.len()) as u32,
        hits,
        missed,
        wrong,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rn_third_min() -> Question {
        // Russell–Norvig fig. 5.5's (14 5 2), MIN to move, searched with α = 3: the trace
        // records 2 as an upper bound in MAX's view, after all three leaves
        Question::Value {
            value: 2,
            scale: 1,
            inf: 1_000_000,
            bound: Rel::Upper,
            subtree: Subtree {
                parent: vec![-1, 0, 0, 0],
                moves: vec![3, 0, 0, 0],
                exact: vec![0, 1, 1, 1],
            },
            bounds: true,
            fractions: false,
        }
    }

    #[test]
    fn aima_s_third_min_node_is_two() {
        let q = rn_third_min();
        assert_eq!(q.expects().expected, "2");
        for a in ["2", "≤ 2", "<= 2", "at most 2", "= 2"] {
            assert!(q.grade(a).ok, "{a}");
        }
        let v = q.grade("< 2");
        assert!(!v.ok);
        assert_eq!(
            v.note.as_deref(),
            Some(super::super::answer::STRICT_NOTE_UPPER)
        );
        assert!(!q.grade("≥ 2").ok);
        assert!(!q.grade("3").ok);
    }

    #[test]
    fn windows_and_choices() {
        let w = Question::Numbers {
            values: vec![-1_000_000, 3],
            inf: 1_000_000,
        };
        for a in ["-inf 3", "(−∞, 3)", "-infinity, 3"] {
            assert!(w.grade(a).ok, "{a}");
        }
        assert!(!w.grade("3 -inf").ok);
        let c = Question::Choice { answer: "y".into() };
        assert!(c.grade("y").ok && !c.grade("n").ok);
    }

    #[test]
    fn prune_marks() {
        let s = score_prune(
            &["1.2".into(), "0".into(), "2.1.0".into()],
            &["1.2".into(), "2.1".into(), "2.2".into()],
        );
        assert_eq!(s.hits, ["1.2", "2.1"]);
        assert_eq!(s.missed, ["2.2"]);
        assert_eq!(s.wrong, ["0"]);
        assert_eq!((s.right, s.asked), (2, 4));
    }
}
