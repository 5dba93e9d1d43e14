//! Exercises (issue 18 §2): the generator's golden output, and the grader on hundreds of
//! seeded exercises under both cut-off rules: the right answers score 100 %, and each single
//! wrong answer is flagged exactly once, at its node.

use prunescope::search::config::Cutoff;
use prunescope::teach::{
    Answers, Exercise, ExerciseOrdering, ExerciseParams, RootPlayer, generate,
};

fn params(seed: u64) -> ExerciseParams {
    ExerciseParams {
        seed,
        ..ExerciseParams::default()
    }
}

/// Seed and parameters → the exact tree text: exercise links keep their tree.
#[test]
fn golden_trees() {
    let cases = [
        (params(1), GOLDEN[0]),
        (
            ExerciseParams {
                seed: 42,
                branching_min: 3,
                branching_max: 3,
                depth: 2,
                value_min: -9,
                value_max: 9,
                ordering: ExerciseOrdering::Best,
                root: RootPlayer::Min,
                cutoff: Cutoff::Strict,
                windows: true,
            },
            GOLDEN[1],
        ),
        (
            ExerciseParams {
                seed: 7,
                branching_min: 2,
                branching_max: 2,
                depth: 4,
                ordering: ExerciseOrdering::Worst,
                ..ExerciseParams::default()
            },
            GOLDEN[2],
        ),
    ];
    for (p, want) in cases {
        assert_eq!(generate(&p).unwrap(), want, "{p:?}");
    }
}

const GOLDEN: [&str; 3] = [
    "(((5 1) (5 3) (0 7)) ((2 6) (5 1 4)) ((4 5) (3 9)))",
    "min ((6 4 -5) (7 0 -4) (8 -2 -6))",
    "((((5 2) (5 4)) ((6 0) (0 0))) (((5 2) (9 6)) ((3 0) (5 3))))",
];

/// The answers the key holds, as a student would type them.
fn right_answers(e: &Exercise) -> Answers {
    let mut a = Answers::default();
    for (i, n) in e.key.nodes.iter().enumerate() {
        let i = i as u32;
        if n.pruned {
            a.pruned.push(i);
        }
        if e.key.asks_value(i as usize) {
            a.values.push((i, n.answer.clone().unwrap()));
        }
        if e.key.asks_window(i as usize) {
            a.windows.push((i, n.window.clone().unwrap()));
        }
    }
    a
}

fn all_params() -> Vec<ExerciseParams> {
    let mut v = Vec::new();
    for seed in 0..120u64 {
        for cutoff in Cutoff::ALL {
            let ordering = [
                ExerciseOrdering::Random,
                ExerciseOrdering::Best,
                ExerciseOrdering::Worst,
            ][(seed % 3) as usize];
            v.push(ExerciseParams {
                seed,
                branching_min: 1 + (seed % 3) as u32,
                branching_max: 3,
                depth: 2 + (seed % 2) as u32,
                value_min: if seed % 4 == 0 { -3 } else { 0 },
                value_max: [2, 5, 9][(seed % 3) as usize],
                ordering,
                root: if seed % 5 == 1 {
                    RootPlayer::Min
                } else {
                    RootPlayer::Max
                },
                cutoff,
                windows: seed % 2 == 0,
            });
        }
    }
    v
}

#[test]
fn right_answers_score_everything_and_each_wrong_one_is_flagged_once() {
    let mut wrongs = 0;
    for p in all_params() {
        let e = Exercise::new(p.clone()).unwrap();
        let right = right_answers(&e);
        let g = e.grade(&right);
        assert_eq!(g.right, g.total, "{p:?}: {g:?}");
        assert!(g.first_wrong.is_none() && g.hint.is_none());
        assert!(g.total > 0);
        // Each single wrong answer: flip one prune mark, change one value, one window side.
        for (k, verdict) in g.verdicts.iter().enumerate() {
            let mut a = right.clone();
            let node = verdict.node;
            match verdict.kind {
                "pruned" => {
                    if let Some(at) = a.pruned.iter().position(|&x| x == node) {
                        a.pruned.remove(at);
                    } else {
                        a.pruned.push(node);
                    }
                }
                "value" => {
                    let at = a.values.iter().position(|x| x.0 == node).unwrap();
                    let (v, b) = prunescope::teach::parse_value(&a.values[at].1).unwrap();
                    // Alternately a wrong number and a wrong bound.
                    a.values[at].1 = if k % 2 == 0 {
                        (v + 1).to_string()
                    } else {
                        match b {
                            "exact" => format!("≥ {v}"),
                            _ => v.to_string(),
                        }
                    };
                }
                _ => {
                    let at = a.windows.iter().position(|x| x.0 == node).unwrap();
                    a.windows[at].1[k % 2] = "12345".into();
                }
            }
            let g2 = e.grade(&a);
            let wrong: Vec<_> = g2.verdicts.iter().filter(|v| !v.ok).collect();
            assert_eq!(wrong.len(), 1, "{p:?} {verdict:?}: {wrong:?}");
            assert_eq!((wrong[0].node, wrong[0].kind), (node, verdict.kind));
            assert_eq!(g2.right + 1, g2.total);
            assert_eq!(g2.first_wrong, Some(k as u32));
            // The hint names the node (or, for a pruned branch, the parent that cut).
            let hint = g2.hint.unwrap();
            let parent = e.key.nodes[node as usize].parent;
            assert!(
                hint.contains(&format!("node {node} "))
                    || parent.is_some_and(|p| hint.contains(&format!("node {p} "))),
                "{hint}"
            );
            wrongs += 1;
        }
    }
    assert!(wrongs > 2000, "{wrongs}");
}

/// The key is the core's trace: Russell & Norvig's Fig. 5.5 tree prunes 4 and 6 (leaves 7
/// and 8 in pre-order), and the second MIN node is answered "≤ 2".
#[test]
fn the_key_of_the_textbook_tree() {
    let key =
        prunescope::teach::AnswerKey::of("((3 12 8) (2 4 6) (14 5 2))", Cutoff::Standard, true)
            .unwrap();
    let pruned: Vec<usize> = (0..key.nodes.len())
        .filter(|&i| key.nodes[i].pruned)
        .collect();
    assert_eq!(pruned, [7, 8]);
    assert_eq!(key.nodes[0].answer.as_deref(), Some("3"));
    assert_eq!(key.nodes[1].answer.as_deref(), Some("3"));
    assert_eq!(key.nodes[5].answer.as_deref(), Some("≤ 2"));
    // The third MIN node searched all its leaves, but its last one (2 ≤ α = 3) still cut: the
    // trace says upper bound, as the narration says "but no moves were left to prune".
    assert_eq!(key.nodes[9].answer.as_deref(), Some("≤ 2"));
    assert_eq!(
        key.nodes[5].window,
        Some(["3".to_string(), "+inf".to_string()])
    );
    assert_eq!(key.value, 3);
    // Under a MIN root the same leaves give 6, from MAX's view.
    let key = prunescope::teach::AnswerKey::of(
        "min ((3 12 8) (2 4 6) (14 5 2))",
        Cutoff::Standard,
        false,
    )
    .unwrap();
    assert_eq!(key.value, 6);
    assert_eq!(key.nodes[0].answer.as_deref(), Some("6"));
    assert!(!key.nodes[1].max || key.nodes[1].answer.as_deref() == Some("12"));
}

#[test]
fn parameters_are_checked_by_name() {
    let mut p = params(1);
    p.depth = 9;
    assert_eq!(generate(&p).unwrap_err().field, "depth");
    let mut p = params(1);
    p.branching_max = 6;
    p.depth = 3;
    assert_eq!(generate(&p).unwrap_err().field, "depth");
    let mut p = params(1);
    p.value_min = 5;
    p.value_max = 4;
    assert_eq!(generate(&p).unwrap_err().field, "value_max");
}
