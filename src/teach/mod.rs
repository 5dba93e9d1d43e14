//! Graded alpha-beta exercises (issue 18 §2): a tree generated from a seed and parameters, the
//! answer key read from the core's own trace, and the grading of a student's answers node by
//! node, with a hint at the first wrong one.
//!
//! The exercise is what Berkeley's CS61B abTreePractice and Minimax Hub ask: mark the branches
//! the search prunes, give each inner node's value (a node that stopped early is answered with
//! the bound it returned, "≤ 2" / "≥ 5" as AIMA writes it) and, when the exercise asks for
//! them, the window (α, β) each inner node is entered with. The search is fail-soft alpha-beta
//! in the course's cut-off rule ([`Cutoff`]); values and windows are written from MAX's view.
//!
//! The generator is part of the public interface: an exercise link (seed + parameters) must
//! give the same tree in later versions. It therefore uses its own pinned generator
//! ([`SplitMix64`]), never a generator shared with other code, and a golden test
//! (tests/teach.rs) fixes its output.

pub mod answer;
mod grade;
mod key;
pub mod link;
pub mod question;

pub use grade::{Answers, Grade, Verdict};
pub use key::{AnswerKey, KeyCut, KeyNode};

use crate::game::tree::Tree;
use crate::search::chance::ChanceAlgorithm;
use crate::search::config::Cutoff;
use crate::search::frac::Frac;
use serde::{Deserialize, Serialize};

/// Largest number of leaves an exercise may have: it must fit a 1280 px laptop's view with
/// readable labels (issue 18 §4: 48 leaves).
pub const MAX_LEAVES: u64 = 48;
/// Largest branching and depth an exercise accepts.
pub const MAX_BRANCHING: u32 = 6;
pub const MAX_DEPTH: u32 = 5;
/// Largest leaf magnitude: values stay short enough to type and to read on a phone.
pub const MAX_VALUE: i32 = 99;
/// Branch weights of a chance exercise lie in `1..=MAX_EXERCISE_WEIGHT`: small integers, so
/// that the probabilities `w / S` and the averages stay fractions a student computes by hand.
pub const MAX_EXERCISE_WEIGHT: u32 = 3;

/// What a chance exercise (`chance = true`) asks about (docs/teaching.md "Exercises with
/// chance nodes"): with `expectimax`
/// nothing is pruned and only values are asked; with `star1` the ✂ toggles ask which branches
/// Ballard's Star1 prunes (src/search/chance.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum ChanceExerciseAlgo {
    Expectimax,
    #[default]
    Star1,
}

impl ChanceExerciseAlgo {
    pub fn name(self) -> &'static str {
        self.search().name()
    }

    /// The core's chance search this exercise is graded from.
    pub fn search(self) -> ChanceAlgorithm {
        match self {
            ChanceExerciseAlgo::Expectimax => ChanceAlgorithm::Expectimax,
            ChanceExerciseAlgo::Star1 => ChanceAlgorithm::Star1,
        }
    }
}

/// How the leaves are ordered, by the CLI's `--ordering` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum ExerciseOrdering {
    /// Each node's best move (for the side to move there) first: the search prunes the most.
    Best,
    /// Each node's worst move first: the search prunes nothing it could avoid.
    Worst,
    /// As generated.
    #[default]
    Random,
}

impl ExerciseOrdering {
    pub fn name(self) -> &'static str {
        match self {
            ExerciseOrdering::Best => "best",
            ExerciseOrdering::Worst => "worst",
            ExerciseOrdering::Random => "random",
        }
    }
}

/// Who moves at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum RootPlayer {
    #[default]
    Max,
    Min,
}

/// An exercise's parameters: what its share link carries (docs/share-links.md, "Exercises").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ExerciseParams {
    pub seed: u64,
    /// Children per inner node, drawn from `branching_min..=branching_max` (equal: fixed).
    pub branching_min: u32,
    pub branching_max: u32,
    /// Plies from the root to the leaves (every leaf is at this depth).
    pub depth: u32,
    /// Leaf values lie in `value_min..=value_max`.
    pub value_min: i32,
    pub value_max: i32,
    pub ordering: ExerciseOrdering,
    pub root: RootPlayer,
    pub cutoff: Cutoff,
    /// Ask for the window (α, β) at each inner node as it is entered.
    pub windows: bool,
    /// A tree with chance nodes (docs/teaching.md "Exercises with chance nodes"): decision
    /// and chance levels alternate from a
    /// decision root, every branch of a chance node has a weight in
    /// `1..=`[`MAX_EXERCISE_WEIGHT`], and the tree declares `bounds value_min value_max`.
    pub chance: bool,
    /// The chance search the exercise asks about (read only when `chance`).
    pub algo: ChanceExerciseAlgo,
    /// A teacher's own tree (issue 28 §3), in the tree text of docs/trace-format.md: the
    /// exercise is this tree, and `seed`, the branching, `depth`, the values, `ordering` and
    /// `root` are not read (the tree's `min` header says who moves first; its chance nodes
    /// make it a chance exercise). At most [`MAX_LEAVES`] leaves, as a generated one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<String>,
}

impl Default for ExerciseParams {
    fn default() -> Self {
        ExerciseParams {
            seed: 1,
            branching_min: 2,
            branching_max: 3,
            depth: 3,
            value_min: 0,
            value_max: 9,
            ordering: ExerciseOrdering::Random,
            root: RootPlayer::Max,
            cutoff: Cutoff::Standard,
            windows: false,
            chance: false,
            algo: ChanceExerciseAlgo::Star1,
            tree: None,
        }
    }
}

/// What is wrong with an exercise's parameters: the field, and why. The cause stays typed (the
/// tree's parse error, the search's refusal) until an edge (the CLI, the wasm adapter) words it
/// (issue 32 §4).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("exercise parameter {field}: {reason}")]
pub struct ExerciseError {
    pub field: &'static str,
    pub reason: ExerciseReason,
}

/// Why an exercise's field is refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ExerciseReason {
    /// A rule of the exercise's own parameters (a range, a combination), in its words.
    #[error("{0}")]
    Rule(String),
    /// The tree text is not a tree the search reads.
    #[error(transparent)]
    Input(#[from] crate::run::InputError),
    /// The chance tree's text does not parse.
    #[error(transparent)]
    Parse(#[from] crate::game::tree::ParseError),
    /// The input prepared into something else than an explicit tree.
    #[error("not an explicit tree")]
    NotExplicitTree,
    /// A chance exercise's tree has no `bounds L U` header.
    #[error("a chance exercise declares bounds")]
    NoBounds,
    /// The search refused the exercise's configuration (its cut-off rule).
    #[error(transparent)]
    Config(#[from] crate::search::config::ConfigError),
    /// The chance search could not run or finish.
    #[error(transparent)]
    Chance(#[from] crate::search::chance::ChanceError),
}

fn bad(field: &'static str, reason: impl Into<ExerciseReason>) -> ExerciseError {
    ExerciseError {
        field,
        reason: reason.into(),
    }
}

impl From<crate::run::RunError> for ExerciseReason {
    fn from(e: crate::run::RunError) -> Self {
        match e {
            crate::run::RunError::Input(e) => ExerciseReason::Input(e),
            crate::run::RunError::Config(e) => ExerciseReason::Config(e),
            crate::run::RunError::Chance(e) => ExerciseReason::Chance(e),
        }
    }
}

impl From<String> for ExerciseReason {
    fn from(s: String) -> Self {
        ExerciseReason::Rule(s)
    }
}

impl From<&str> for ExerciseReason {
    fn from(s: &str) -> Self {
        ExerciseReason::Rule(s.to_string())
    }
}

impl ExerciseParams {
    /// Refuses parameters outside the ranges, naming the field.
    pub fn validate(&self) -> Result<(), ExerciseError> {
        if self.tree.is_some() {
            return self.validate_tree().map(|_| ());
        }
        if self.branching_min < 1 || self.branching_min > MAX_BRANCHING {
            return Err(bad(
                "branching_min",
                format!(
                    "must be between 1 and {MAX_BRANCHING}, got {}",
                    self.branching_min
                ),
            ));
        }
        if self.branching_max < self.branching_min || self.branching_max > MAX_BRANCHING {
            return Err(bad(
                "branching_max",
                format!(
                    "must be between branching_min ({}) and {MAX_BRANCHING}, got {}",
                    self.branching_min, self.branching_max
                ),
            ));
        }
        if self.depth < 1 || self.depth > MAX_DEPTH {
            return Err(bad(
                "depth",
                format!("must be between 1 and {MAX_DEPTH}, got {}", self.depth),
            ));
        }
        let leaves = (self.branching_max as u64).saturating_pow(self.depth);
        if leaves > MAX_LEAVES {
            return Err(bad(
                "depth",
                format!(
                    "branching up to {} at depth {} may give {leaves} leaves; at most \
                     {MAX_LEAVES} fit in view",
                    self.branching_max, self.depth
                ),
            ));
        }
        for (field, v) in [("value_min", self.value_min), ("value_max", self.value_max)] {
            if v.abs() > MAX_VALUE {
                return Err(bad(
                    field,
                    format!("must be between -{MAX_VALUE} and {MAX_VALUE}, got {v}"),
                ));
            }
        }
        if self.value_max < self.value_min {
            return Err(bad(
                "value_max",
                format!(
                    "must be at least value_min ({}), got {}",
                    self.value_min, self.value_max
                ),
            ));
        }
        if self.chance {
            if self.depth < 2 {
                return Err(bad(
                    "depth",
                    "a chance exercise needs depth 2 or more: the root decides, its children \
                     are chance nodes, the leaves come below them",
                ));
            }
            if self.cutoff != Cutoff::Standard {
                return Err(bad(
                    "cutoff",
                    "a chance exercise follows Ballard's Star1, which cuts when a bound is \
                     reached (standard); the strict rule is defined for alpha-beta only",
                ));
            }
            if self.windows {
                return Err(bad(
                    "windows",
                    "a chance exercise asks values and prunes, not windows: Star1's windows \
                     below a chance node are derived from the bounds, not the (α, β) of \
                     alpha-beta",
                ));
            }
        }
        Ok(())
    }
}

impl ExerciseParams {
    /// A teacher's tree: parsed by the core's reader, at most [`MAX_LEAVES`] leaves, a chance
    /// tree with its `bounds` and not under the strict rule or with windows (as a generated
    /// chance exercise).
    fn validate_tree(&self) -> Result<Tree, ExerciseError> {
        let text = self.tree.as_deref().unwrap_or_default();
        let tree = Tree::parse(text).map_err(|e| bad("tree", e.to_string()))?;
        if tree.leaves() as u64 > MAX_LEAVES {
            return Err(bad(
                "tree",
                format!("{} leaves; at most {MAX_LEAVES} fit in view", tree.leaves()),
            ));
        }
        if tree.len() < 2 {
            return Err(bad(
                "tree",
                "a single leaf asks nothing: give an inner node",
            ));
        }
        if tree.has_chance() {
            if tree.bounds().is_none() {
                return Err(bad(
                    "tree",
                    "a tree with chance nodes declares its value range, `bounds L U`, which \
                     Ballard's Star1 needs",
                ));
            }
            if self.cutoff != Cutoff::Standard {
                return Err(bad(
                    "cutoff",
                    "a chance exercise follows Ballard's Star1: standard",
                ));
            }
            if self.windows {
                return Err(bad(
                    "windows",
                    "a chance exercise asks values and prunes, not windows",
                ));
            }
        }
        Ok(tree)
    }
}

/// Sebastiano Vigna's SplitMix64, pinned here so that an exercise's tree never changes with
/// the rest of the code (see the module documentation).
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n ≥ 1`), by rejection so that no value is favoured.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }
}

/// A generated tree before it is written out: leaves from MAX's view.
enum Gen {
    Leaf(i32),
    Node(Vec<Gen>),
    /// A chance node: weighted branches.
    Chance(Vec<(u32, Gen)>),
}

/// Exact comparison of two small fractions (an exercise's values never come near overflow).
fn frac_cmp(a: Frac, b: Frac) -> core::cmp::Ordering {
    (a.num() * b.den()).cmp(&(b.num() * a.den()))
}

impl Gen {
    fn build(p: &ExerciseParams, rng: &mut SplitMix64, depth: u32) -> Gen {
        if depth == 0 {
            let span = (p.value_max - p.value_min) as u64 + 1;
            return Gen::Leaf(p.value_min + rng.below(span) as i32);
        }
        let extra = (p.branching_max - p.branching_min) as u64 + 1;
        let n = p.branching_min + rng.below(extra) as u32;
        Gen::Node((0..n).map(|_| Gen::build(p, rng, depth - 1)).collect())
    }

    /// A chance exercise's tree below a decision node (`chance_level` false) or a chance node:
    /// the levels alternate; each node draws its branching, then each chance branch its weight
    /// before its subtree. Pinned by the golden test like [`Gen::build`].
    fn build_chance(
        p: &ExerciseParams,
        rng: &mut SplitMix64,
        depth: u32,
        chance_level: bool,
    ) -> Gen {
        if depth == 0 {
            let span = (p.value_max - p.value_min) as u64 + 1;
            return Gen::Leaf(p.value_min + rng.below(span) as i32);
        }
        let extra = (p.branching_max - p.branching_min) as u64 + 1;
        let n = p.branching_min + rng.below(extra) as u32;
        if chance_level {
            Gen::Chance(
                (0..n)
                    .map(|_| {
                        let w = 1 + rng.below(MAX_EXERCISE_WEIGHT as u64) as u32;
                        (w, Gen::build_chance(p, rng, depth - 1, false))
                    })
                    .collect(),
            )
        } else {
            Gen::Node(
                (0..n)
                    .map(|_| Gen::build_chance(p, rng, depth - 1, true))
                    .collect(),
            )
        }
    }

    /// Expectimax value from MAX's view, `max` the player at the node (a chance node's
    /// branches belong to its own player, docs/cli.md "Tree text"); orders each decision
    /// node's children by `ordering` as [`Gen::order`] does, by these exact values. Chance branches keep their
    /// generated order: chance decides it, not a player.
    fn order_chance(&mut self, max: bool, ordering: ExerciseOrdering) -> Frac {
        match self {
            Gen::Leaf(v) => Frac::int(*v as i64),
            Gen::Chance(kids) => {
                let total: i128 = kids.iter().map(|k| k.0 as i128).sum();
                let mut num = Frac::ZERO;
                for (w, k) in kids.iter_mut() {
                    let v = k.order_chance(max, ordering);
                    num = num
                        .plus(v.mul_int(*w as i128).expect("small values"))
                        .expect("small values");
                }
                num.div_int(total).expect("small values")
            }
            Gen::Node(kids) => {
                let mut vals: Vec<(Frac, Gen)> = kids
                    .drain(..)
                    .map(|mut k| (k.order_chance(!max, ordering), k))
                    .collect();
                match (ordering, max) {
                    (ExerciseOrdering::Random, _) => {}
                    (ExerciseOrdering::Best, true) | (ExerciseOrdering::Worst, false) => {
                        vals.sort_by(|a, b| frac_cmp(b.0, a.0))
                    }
                    (ExerciseOrdering::Best, false) | (ExerciseOrdering::Worst, true) => {
                        vals.sort_by(|a, b| frac_cmp(a.0, b.0))
                    }
                }
                let pick = |a: &Frac, b: &Frac| frac_cmp(*a, *b);
                let v = if max {
                    vals.iter().map(|x| x.0).max_by(pick)
                } else {
                    vals.iter().map(|x| x.0).min_by(pick)
                }
                .expect("an inner node has children");
                kids.extend(vals.into_iter().map(|x| x.1));
                v
            }
        }
    }

    /// Minimax value from MAX's view; orders every node's children by `ordering` for the side
    /// to move there (a stable sort, so ties keep their generated order).
    fn order(&mut self, max: bool, ordering: ExerciseOrdering) -> i32 {
        match self {
            Gen::Leaf(v) => *v,
            Gen::Chance(_) => unreachable!("decision exercises have no chance nodes"),
            Gen::Node(kids) => {
                let mut vals: Vec<(i32, Gen)> = kids
                    .drain(..)
                    .map(|mut k| (k.order(!max, ordering), k))
                    .collect();
                // Best first for MAX is highest first; for MIN lowest first.
                match (ordering, max) {
                    (ExerciseOrdering::Random, _) => {}
                    (ExerciseOrdering::Best, true) | (ExerciseOrdering::Worst, false) => {
                        vals.sort_by_key(|x| core::cmp::Reverse(x.0))
                    }
                    (ExerciseOrdering::Best, false) | (ExerciseOrdering::Worst, true) => {
                        vals.sort_by_key(|x| x.0)
                    }
                }
                let v = if max {
                    vals.iter().map(|x| x.0).max()
                } else {
                    vals.iter().map(|x| x.0).min()
                }
                .expect("an inner node has children");
                kids.extend(vals.into_iter().map(|x| x.1));
                v
            }
        }
    }

    fn write(&self, out: &mut String) {
        match self {
            Gen::Leaf(v) => out.push_str(&v.to_string()),
            Gen::Node(kids) => {
                out.push('(');
                for (i, k) in kids.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    k.write(out);
                }
                out.push(')');
            }
            Gen::Chance(kids) => {
                out.push('[');
                for (i, (w, k)) in kids.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    out.push_str(&format!("{w}:"));
                    k.write(out);
                }
                out.push(']');
            }
        }
    }
}

/// The exercise's tree text (the canonical print of docs/cli.md "Tree text": `min ` before a
/// MIN root). The
/// same parameters give the same text in every version.
pub fn generate(p: &ExerciseParams) -> Result<String, ExerciseError> {
    p.validate()?;
    if p.tree.is_some() {
        return Ok(p.validate_tree()?.to_text());
    }
    let mut rng = SplitMix64::new(p.seed);
    let max_root = p.root == RootPlayer::Max;
    let mut out = String::new();
    if p.root == RootPlayer::Min {
        out.push_str("min ");
    }
    let g = if p.chance {
        // The value range is the bounds L U Ballard's Star1 needs (never the leaves).
        out.push_str(&format!("bounds {} {} ", p.value_min, p.value_max));
        let mut g = Gen::build_chance(p, &mut rng, p.depth, false);
        g.order_chance(max_root, p.ordering);
        g
    } else {
        let mut g = Gen::build(p, &mut rng, p.depth);
        g.order(max_root, p.ordering);
        g
    };
    g.write(&mut out);
    Ok(out)
}

/// A generated exercise: its tree text and the answer key from the core's trace.
#[derive(Clone, Debug, Serialize)]
pub struct Exercise {
    pub params: ExerciseParams,
    pub tree: String,
    pub key: AnswerKey,
    /// The cut-off rule in words, as the page states it.
    pub rule: &'static str,
}

impl Exercise {
    pub fn new(mut params: ExerciseParams) -> Result<Exercise, ExerciseError> {
        let tree = generate(&params)?;
        if params.tree.is_some() {
            // a teacher's tree says itself who moves first and whether it has chance nodes;
            // its canonical text is what the link and the key carry
            let t = Tree::parse(&tree).map_err(|e| bad("tree", e.to_string()))?;
            params.chance = t.has_chance();
            params.root = if t.min_root() {
                RootPlayer::Min
            } else {
                RootPlayer::Max
            };
            params.tree = Some(tree.clone());
        }
        let (key, rule) = if params.chance {
            (
                AnswerKey::of_chance(&tree, params.algo)?,
                params.algo.search().describe(),
            )
        } else {
            (
                AnswerKey::of(&tree, params.cutoff, params.windows)?,
                params.cutoff.describe(),
            )
        };
        Ok(Exercise {
            rule,
            params,
            tree,
            key,
        })
    }

    /// Grades `answers` against the key.
    pub fn grade(&self, answers: &Answers) -> Grade {
        grade::grade(&self.key, answers, self.params.cutoff)
    }
}
