//! Searches of explicit trees with chance nodes (docs/cli.md, "Tree text"): expectimax, and
//! Ballard's *-minimax pruning, Star1 and Star2.
//!
//! CITE: B. W. Ballard, "The *-minimax search procedure for trees containing chance nodes",
//! Artificial Intelligence 21(3):327–350, 1983 (Star1: §3, the left-to-right depth-first
//! procedure; Star2: §4, probing beneath the chance nodes of regular trees).
//! CITE: T. Hauk, M. Buro, J. Schaeffer, "Rediscovering *-Minimax Search", Computers and
//! Games 2004, LNCS 3846 (Fig. 2, Star1; Fig. 3, Star2), whose negamax form with
//! `A = N(α − U) + U`, `B = N(β − L) + L`, `AX = max(A, L)`, `BX = min(B, U)` this follows,
//! with the equal probabilities 1/N generalised to weights `w_i / S`.
//!
//! Values are negamax: from the point of view of the player at the node. A decision node's
//! children belong to the other player; a chance node's children to the same player as the
//! chance node (docs/cli.md "Tree text"), so a chance node's value is the weighted average of its
//! children's values, not negated. `L` and `U` bound every leaf from MAX's view (the tree's
//! `bounds` header, never the leaves themselves); at MIN's nodes they read `−U` and `−L`.
//!
//! Everything is exact ([`Frac`]): with the branch weights `w_i` of a chance node, their sum
//! `S` and `R_i = Σ_{j>i} w_j`, Star1 searches child `i` with the window `(max(A_i, L),
//! min(B_i, U))` where
//!
//! ```text
//! A_i = (S·α − Σ_{j<i} w_j v_j − U·R_i) / w_i     (below it the node fails low)
//! B_i = (S·β − Σ_{j<i} w_j v_j − L·R_i) / w_i     (above it the node fails high)
//! ```
//!
//! which is Hauk et al.'s `A` and `B` with `P_i = w_i / S`. Star2 first probes each child
//! (a decision node: its first move only), so that the later children count with their probed
//! lower bounds `W_j` instead of `L` in `B_i`.
//!
//! **One searcher.** A chance node is a node step of [`Searcher`] (mod.rs, step 2b): it reports
//! through the [`Tracer`] as it goes, so a chance search is recorded by the one recorder,
//! streams into the page, and stops on the node cap, the memory budget and Stop as every other
//! search does. Its decision nodes are the searcher's own alpha-beta (Star1, Star2) or minimax
//! (expectimax) nodes; a Star2 probe is a decision node entered with kind `probe`, which
//! searches its first move only ([`Searcher::expand`]).
//!
//! **Exact values in 32-bit integers.** The searcher's values are integers, so every value of
//! a chance search is searched and recorded as the fraction times one integer, the *scale*
//! `K`, fixed before the search from the tree alone ([`scale_of`]): `K` is a multiple of the
//! denominator of every value and window the search can produce, so each is an integer
//! `x·K` and nothing is rounded. A tree whose scale passes the trace format's limit (10^9), or
//! whose largest value times the scale does, is refused before the search, naming the node
//! ([`ChanceError`]). docs/trace-format.md ("Chance searches") gives the rule.
//!
//! The arithmetic of a chance node lives once, in [`ChanceSums`]: the search steps it, and the
//! trace checker (src/trace_file/chance.rs) steps the same type over a file's records.

/// The searches a tree with chance nodes accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChanceAlgorithm {
    /// Expectimax: every node searched, a chance node's value the weighted average.
    Expectimax,
    /// Ballard's Star1: alpha-beta at decision nodes, windows at chance nodes from L and U.
    Star1,
    /// Ballard's Star2: Star1 with a probing phase at every chance node.
    Star2,
}

impl ChanceAlgorithm {
    pub const ALL: [ChanceAlgorithm; 3] = [
        ChanceAlgorithm::Expectimax,
        ChanceAlgorithm::Star1,
        ChanceAlgorithm::Star2,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ChanceAlgorithm::Expectimax => "expectimax",
            ChanceAlgorithm::Star1 => "star1",
            ChanceAlgorithm::Star2 => "star2",
        }
    }

    /// One line saying what it is and whose.
    pub fn describe(self) -> &'static str {
        match self {
            ChanceAlgorithm::Expectimax => {
                "expectimax: chance nodes average their branches, no pruning"
            }
            ChanceAlgorithm::Star1 => {
                "Star1 (Ballard 1983): alpha-beta with chance-node windows from the bounds L, U"
            }
            ChanceAlgorithm::Star2 => {
                "Star2 (Ballard 1983): Star1 after probing each branch's first move"
            }
        }
    }

    pub fn parse(s: &str) -> Option<ChanceAlgorithm> {
        Self::ALL.into_iter().find(|a| a.name() == s)
    }

    /// Star1 and Star2 need the bounds L and U before the search.
    pub fn needs_bounds(self) -> bool {
        self != ChanceAlgorithm::Expectimax
    }
}

use crate::game::tree::Tree;
use crate::game::{Game, INF, Value};
use crate::schema::{NodeKind, NodeType, StopReason};
use crate::search::frac::{gcd, lcm};
use crate::search::window::Window;
use crate::search::{Ctx, Frame, Outcome, Searcher, Tracer};
use serde::Serialize;

/// The trace format's limit on a stored value and on the scale: values are stored as `i32`
/// with `±10^9` meaning unbounded (docs/trace-format.md).
pub const SCALE_LIMIT: u64 = INF as u64;

/// Why a chance search cannot run: each is known before the search starts. (A running chance
/// search stops as every search does, on the node cap, the memory budget or Stop, with a
/// [`crate::search::StopCause`]; it has no error of its own.)
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChanceError {
    #[error(
        "{algo} needs bounds L and U on every leaf, declared before the search: start the tree \
         text with 'bounds L U' (e.g. 'bounds -10 10 [1:(3 5) 2:(8 2)]')"
    )]
    NoBounds { algo: &'static str },
    /// The scale (module documentation) passes the format's limit at `node`.
    #[error(
        "{algo} stores every value and window as a whole multiple of 1/K, and the weights down \
         to the tree's node at {node} (child indices from the root) need K = {scale}, past the \
         trace format's limit of 10^9 (docs/trace-format.md, \"Chance searches\"); use \
         smaller or fewer distinct weights"
    )]
    ScaleTooLarge {
        algo: &'static str,
        /// The node's path from the root, child indices joined by `.` (`root` for the root).
        node: String,
        /// The least multiple the node's values and windows need (a decimal, it may pass u64).
        scale: String,
    },
    /// The values need the scale `scale`, and the largest of them, `max`, times it passes 10^9.
    #[error(
        "{what} {max} times the scale K = {scale} that {algo} needs for exact values is \
         {scaled}, past the trace format's limit of 10^9 (docs/trace-format.md, \"Chance \
         searches\"); use smaller values or weights"
    )]
    ValueTooLarge {
        algo: &'static str,
        what: &'static str,
        max: i64,
        scale: u64,
        scaled: u128,
    },
    /// Star1 or Star2 under `bounds L U` with `L = U`: the root's window (L, U) is empty.
    #[error(
        "{algo} with 'bounds {l} {u}': the root's window (L, U) is empty; a search needs L < U \
         (every leaf is then {l}, and expectimax gives it)"
    )]
    EmptyBounds { algo: &'static str, l: i32, u: i32 },
    /// A chance search was asked of an input that is not a tree with chance nodes.
    #[error(
        "{algo} searches explicit trees with chance nodes ('[W:node ...]'); this input has none"
    )]
    NotChance { algo: &'static str },
}

/// How a chance search runs over one tree, fixed before it starts ([`prepare`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChanceSetup {
    pub algo: ChanceAlgorithm,
    /// `K`: every value is searched and stored times it.
    pub scale: u64,
    /// `L·K` and `U·K` from MAX's view (0, 0 for expectimax without bounds).
    pub lower: Value,
    pub upper: Value,
}

impl ChanceSetup {
    /// `(L, U)` times the scale, from the view of the player at the node.
    pub fn bounds_for(&self, max_to_move: bool) -> (Value, Value) {
        if max_to_move {
            (self.lower, self.upper)
        } else {
            (-self.upper, -self.lower)
        }
    }

    /// The root's window: Ballard's procedures start at (L, U), expectimax unbounded.
    pub fn root_window(&self, max_root: bool) -> Window {
        if self.algo.needs_bounds() {
            let (l, u) = self.bounds_for(max_root);
            Window::new(l, u)
        } else {
            Window::FULL
        }
    }
}

/// The path of tree node `path` as errors and the CLI's table name it (`root`, `1.0.2`).
pub fn path_name(path: &[u32]) -> String {
    if path.is_empty() {
        "root".to_string()
    } else {
        path.iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(".")
    }
}

/// The weights of the chance node `id` divided by their greatest common divisor (the
/// probabilities `w_i / S` are the same), with their sum.
fn reduced_weights(tree: &Tree, id: u32) -> (Vec<u128>, u128) {
    let (first, n) = tree.children_of(id);
    let w: Vec<u128> = (0..n)
        .map(|k| u128::from(tree.weight_of(first + k)))
        .collect();
    let g = w.iter().fold(0, |g, &x| gcd(g, x)).max(1);
    let w: Vec<u128> = w.into_iter().map(|x| x / g).collect();
    let total = w.iter().sum();
    (w, total)
}

/// The scale builder: the running lcm, refused past the limit at the node that passes it.
struct ScaleWalk<'t> {
    tree: &'t Tree,
    algo: ChanceAlgorithm,
    /// Denominator of each node's value (`V`).
    value_den: Vec<u64>,
    path: Vec<u32>,
}

impl ScaleWalk<'_> {
    fn too_large(&self, scale: u128) -> ChanceError {
        ChanceError::ScaleTooLarge {
            algo: self.algo.name(),
            node: path_name(&self.path),
            scale: scale.to_string(),
        }
    }

    /// `a·b` or `lcm(a, b)` checked against the limit.
    fn fit(&self, x: Option<u128>) -> Result<u64, ChanceError> {
        match x {
            Some(x) if x < SCALE_LIMIT as u128 => Ok(x as u64),
            Some(x) => Err(self.too_large(x)),
            None => Err(self.too_large(u128::MAX)),
        }
    }

    /// `V(id)`: a leaf's value is an integer; a decision node's is a child's; a chance node's
    /// `Σ w_j v_j / S`, so its denominator divides `S · lcm_j V(c_j)`.
    fn values(&mut self, id: u32) -> Result<u64, ChanceError> {
        let (first, n) = self.tree.children_of(id);
        let mut d: u128 = 1;
        for k in 0..n {
            self.path.push(k);
            let c = self.values(first + k)?;
            d = u128::from(self.fit(lcm(d, u128::from(c)))?);
            self.path.pop();
        }
        let v = if n > 0 && self.tree.is_chance(id) {
            let (_, total) = reduced_weights(self.tree, id);
            self.fit(d.checked_mul(total))?
        } else {
            d as u64
        };
        self.value_den[id as usize] = v;
        Ok(v)
    }

    /// The denominator of Star2's probe of node `id` (its lower bound `W`): a decision node's
    /// probe returns its first child's value; a leaf is an integer; a chance branch is not
    /// probed (it stays at L).
    fn probe_den(&self, id: u32) -> u64 {
        let (first, n) = self.tree.children_of(id);
        if n == 0 || self.tree.is_chance(id) {
            1
        } else {
            self.value_den[first as usize]
        }
    }

    /// The windows below `id`, entered with a window of denominator `wd`; returns the lcm of
    /// every window denominator in the subtree. A decision node's child `k` is searched with
    /// `(−β, −α)`, α raised by the values of children `j < k`; a chance node's branch `k` with
    /// `A_k`, `B_k` (module documentation): the window, the values of branches `j < k` (and in
    /// Star2 the probed bounds `W_j` of every branch) and integers, divided by `w_k`.
    fn windows(&mut self, id: u32, wd: u64) -> Result<u64, ChanceError> {
        let (first, n) = self.tree.children_of(id);
        let chance = self.tree.is_chance(id);
        let mut prefix = u128::from(wd);
        let w = if chance {
            if self.algo == ChanceAlgorithm::Star2 {
                for k in 0..n {
                    let p = u128::from(self.probe_den(first + k));
                    prefix = u128::from(self.fit(lcm(prefix, p))?);
                }
            }
            reduced_weights(self.tree, id).0
        } else {
            Vec::new()
        };
        let mut all = u128::from(wd);
        for k in 0..n {
            self.path.push(k);
            let child = if chance {
                self.fit(prefix.checked_mul(w[k as usize]))?
            } else {
                prefix as u64
            };
            let below = self.windows(first + k, child)?;
            all = u128::from(self.fit(lcm(all, u128::from(below)))?);
            self.path.pop();
            if k + 1 < n {
                let v = u128::from(self.value_den[(first + k) as usize]);
                prefix = u128::from(self.fit(lcm(prefix, v))?);
            }
        }
        Ok(all as u64)
    }
}

/// The scale `K` of `algo` on `tree` (module documentation): the least common multiple of the
/// denominators every value (and, for Star1 and Star2, every window) of the search can have,
/// worked out from the tree's weights before the search. Refused past the trace format's limit
/// (10^9), naming the node where the weights pass it.
pub fn scale_of(tree: &Tree, algo: ChanceAlgorithm) -> Result<u64, ChanceError> {
    let mut walk = ScaleWalk {
        tree,
        algo,
        value_den: vec![1; tree.len()],
        path: Vec::new(),
    };
    let v = walk.values(0)?;
    if !algo.needs_bounds() {
        return Ok(v);
    }
    let w = walk.windows(0, 1)?;
    walk.fit(lcm(u128::from(v), u128::from(w)))
}

/// Checks that `algo` can search `tree` and fixes its scale: a tree with chance nodes, bounds
/// `L < U` for Star1 and Star2, and every value times the scale within the format's limit.
pub fn prepare(tree: &Tree, algo: ChanceAlgorithm) -> Result<ChanceSetup, ChanceError> {
    let name = algo.name();
    if !tree.has_chance() {
        return Err(ChanceError::NotChance { algo: name });
    }
    let bounds = tree.bounds();
    if algo.needs_bounds() {
        match bounds {
            None => return Err(ChanceError::NoBounds { algo: name }),
            Some((l, u)) if l >= u => return Err(ChanceError::EmptyBounds { algo: name, l, u }),
            _ => {}
        }
    }
    let scale = scale_of(tree, algo)?;
    // Every stored value lies within [L, U] (Star1, Star2: windows are clamped to it, and a
    // cut-off's bound lies between the value that reached it and L or U) or within the leaves'
    // range (expectimax).
    let (what, max) = match (bounds, algo.needs_bounds()) {
        (Some((l, u)), true) => ("the bound", i64::from(l.abs().max(u.abs()))),
        _ => (
            "the leaf value",
            (0..tree.len() as u32)
                .filter(|&id| tree.children_of(id).1 == 0)
                .map(|id| i64::from(tree.value_of(id).abs()))
                .max()
                .unwrap_or(0),
        ),
    };
    let scaled = max as u128 * u128::from(scale);
    if scaled >= SCALE_LIMIT as u128 {
        return Err(ChanceError::ValueTooLarge {
            algo: name,
            what,
            max: if what == "the bound" {
                max
            } else {
                max_leaf_signed(tree, max)
            },
            scale,
            scaled,
        });
    }
    let k = scale as Value;
    let (lower, upper) = bounds.map_or((0, 0), |(l, u)| (l * k, u * k));
    Ok(ChanceSetup {
        algo,
        scale,
        lower,
        upper,
    })
}

/// The leaf whose absolute value is `max`, with its sign, as the tree text writes it.
fn max_leaf_signed(tree: &Tree, max: i64) -> i64 {
    (0..tree.len() as u32)
        .filter(|&id| tree.children_of(id).1 == 0)
        .map(|id| i64::from(tree.value_of(id)))
        .find(|v| v.abs() == max)
        .unwrap_or(max)
}

/// A chance node's cut-off (Ballard's Star1 and Star2): the branch's `value` fell to `A_i`
/// (`high` false, fail low) or reached `B_i` (`high` true, fail high), `bound` that bound; in
/// Star2's probing phase `value` is the probed lower bound `W_i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChanceCut {
    pub value: Value,
    pub bound: Value,
    pub high: bool,
}

/// What a chance node does next ([`ChanceSums::next`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceNext {
    /// Search branch `k` with `window`; `probe`: Star2's probe of a decision node or leaf.
    Branch { k: u32, window: Window, probe: bool },
    /// The node is done: its value (its player's view, times the scale) and why.
    End { value: Value, reason: StopReason },
}

/// The running sums of one chance node in scaled integers (Hauk et al. Fig. 2 and 3 with the
/// weights of the tree text): the one place Ballard's arithmetic is written. The search steps
/// it ([`Searcher::chance_node`]); the trace checker (src/trace_file/chance.rs) steps it over
/// a file's records, with the file's scale.
#[derive(Clone, Debug)]
pub struct ChanceSums {
    algo: ChanceAlgorithm,
    w: Vec<i128>,
    total: i128,
    /// `R_k = Σ_{j>k} w_j`.
    rest: Vec<i128>,
    /// Star2's probed lower bounds `W_k` (`L` until probed, and for Star1).
    low: Vec<i128>,
    /// L and U from the node player's view, times the scale.
    l: i128,
    u: i128,
    alpha: Option<i128>,
    beta: Option<i128>,
    /// Star2's probing phase.
    probing: bool,
    /// The next branch.
    k: u32,
    /// `Σ_{j<k} w_j W_j` in the probing phase.
    probed: i128,
    /// `Σ_{j<k} w_j v_j` in the search phase.
    done: i128,
    /// `Σ_{j>k} w_j W_j` in the search phase.
    later: i128,
    /// `A_k`, `B_k` of the branch being searched.
    a: Option<i128>,
    b: Option<i128>,
    /// The node's end once a cut-off decided it.
    end: Option<(Value, StopReason)>,
    /// A value the node returned is not a whole multiple of 1/scale (the scale cannot hold
    /// it: never with [`scale_of`]'s; a checker reading another scale refuses it).
    pub inexact: bool,
}

fn side(v: Value) -> Option<i128> {
    (v.abs() < INF).then_some(i128::from(v))
}

fn floor_div(a: i128, b: i128) -> i128 {
    a.div_euclid(b)
}

fn ceil_div(a: i128, b: i128) -> i128 {
    -(-a).div_euclid(b)
}

/// A value back into the searcher's integers (it lies within ±10^9 whenever the scale was
/// fixed by [`prepare`]; a checker's other scale may not, and then compares unequal).
fn to_value(v: i128) -> Value {
    v.clamp(-i128::from(INF), i128::from(INF)) as Value
}

impl ChanceSums {
    /// A chance node of `algo` with branch `weights`, entered with `window` (scaled; ±10^9
    /// unbounded), `(l, u)` the bounds L and U from its player's view times the scale.
    pub fn new(
        algo: ChanceAlgorithm,
        weights: impl Iterator<Item = u32>,
        (l, u): (Value, Value),
        window: Window,
    ) -> ChanceSums {
        let w: Vec<i128> = weights.map(i128::from).collect();
        let n = w.len();
        let mut rest = vec![0i128; n];
        for k in (0..n.saturating_sub(1)).rev() {
            rest[k] = rest[k + 1] + w[k + 1];
        }
        let (l, u) = (i128::from(l), i128::from(u));
        // Star1's `Σ_{j>0} w_j L` (Star2 sums its probed bounds once it has them).
        let later = w.iter().skip(1).map(|&x| x * l).sum();
        ChanceSums {
            algo,
            total: w.iter().sum(),
            low: vec![l; n],
            rest,
            w,
            l,
            u,
            alpha: side(window.alpha),
            beta: side(window.beta),
            probing: algo == ChanceAlgorithm::Star2,
            k: 0,
            probed: 0,
            done: 0,
            later,
            a: None,
            b: None,
            end: None,
            inexact: false,
        }
    }

    /// The branch the node searches next.
    pub fn branch(&self) -> u32 {
        self.k
    }

    fn div_exact(&mut self, num: i128) -> Value {
        if num % self.total != 0 {
            self.inexact = true;
        }
        to_value(floor_div(num, self.total))
    }

    /// Ends the node with the cut `value ≤ A_k` or `value ≥ B_k`; the node returns Ballard's
    /// bound with the rest at U (fail low) or at L or their probed `W_j` (fail high).
    fn cut(&mut self, value: i128, bound: i128, high: bool, rest_sum: i128) -> ChanceCut {
        let v = self.div_exact(rest_sum);
        let reason = if high {
            StopReason::ChanceFailHigh
        } else {
            StopReason::ChanceFailLow
        };
        self.end = Some((v, reason));
        self.k += 1;
        ChanceCut {
            value: to_value(value),
            bound: to_value(bound),
            high,
        }
    }

    /// What the node does next: the next branch and its window, or its end. Star2's probing
    /// phase passes over chance branches (nothing to probe: their bound stays L), and that may
    /// already reach `B_k`: the cut is returned, and the node ends.
    pub fn next(&mut self, is_chance: impl Fn(u32) -> bool) -> (Option<ChanceCut>, ChanceNext) {
        let n = self.w.len() as u32;
        let mut cut = None;
        if self.algo == ChanceAlgorithm::Expectimax {
            if self.k < n {
                return (None, self.branch_at(Window::FULL, false));
            }
            let v = self.div_exact(self.done);
            return (
                None,
                ChanceNext::End {
                    value: v,
                    reason: StopReason::AllMoves,
                },
            );
        }
        while self.probing && self.end.is_none() && self.k < n {
            let i = self.k as usize;
            // CITE: Ballard §4 (Star2); Hauk et al. Fig. 3: B_k with the probed bounds before k
            // and L after it; the probe's window (L, min(B_k, U)).
            // CITE: checked against what the probing must guarantee, not line by line
            // (docs/techniques.md, "Star2's probing, checked"): the window (L, BX), the first
            // move probed, a chance branch left at L are ours.
            self.b = self.beta.map(|beta| {
                ceil_div(
                    beta * self.total - self.probed - self.l * self.rest[i],
                    self.w[i],
                )
            });
            if !is_chance(self.k) {
                let bx = self.b.map_or(self.u, |b| b.min(self.u));
                let window = Window::new(to_value(self.l), to_value(bx));
                return (None, self.branch_at(window, true));
            }
            // A chance branch: nothing to probe, L stands.
            self.low[i] = self.l;
            self.probed += self.l * self.w[i];
            if let Some(b) = self.b
                && b <= self.l
            {
                let sum = self.probed + self.l * self.rest[i];
                cut = Some(self.cut(self.l, b, true, sum));
            } else {
                self.k += 1;
            }
        }
        if let Some((value, reason)) = self.end {
            return (cut, ChanceNext::End { value, reason });
        }
        if self.probing {
            // Every branch probed: the search phase, with `Σ_{j>0} w_j W_j`.
            self.probing = false;
            self.k = 0;
            self.later = (1..n as usize).map(|j| self.low[j] * self.w[j]).sum();
        }
        if self.k >= n {
            let v = self.div_exact(self.done);
            return (
                cut,
                ChanceNext::End {
                    value: v,
                    reason: StopReason::AllMoves,
                },
            );
        }
        let i = self.k as usize;
        // CITE: Hauk et al. Fig. 2: A = N(α − U) + U, B = N(β − L) + L, with weights: below
        // A_k the node fails low, above B_k it fails high (module documentation).
        self.a = self.alpha.map(|alpha| {
            floor_div(
                alpha * self.total - self.done - self.u * self.rest[i],
                self.w[i],
            )
        });
        self.b = self
            .beta
            .map(|beta| ceil_div(beta * self.total - self.done - self.later, self.w[i]));
        let ax = self.a.map_or(self.l, |a| a.max(self.l));
        let bx = self.b.map_or(self.u, |b| b.min(self.u));
        let window = Window::new(to_value(ax), to_value(bx));
        (cut, self.branch_at(window, false))
    }

    fn branch_at(&self, window: Window, probe: bool) -> ChanceNext {
        ChanceNext::Branch {
            k: self.k,
            window,
            probe,
        }
    }

    /// The branch [`ChanceSums::next`] gave returned `v` (the node player's view): its cut-off,
    /// if it makes one (the node then ends).
    pub fn returned(&mut self, v: Value) -> Option<ChanceCut> {
        let i = self.k as usize;
        let v = i128::from(v);
        let wv = v * self.w[i];
        if self.algo == ChanceAlgorithm::Expectimax {
            self.done += wv;
            self.k += 1;
            return None;
        }
        if self.probing {
            self.low[i] = v;
            self.probed += wv;
            if let Some(b) = self.b
                && b <= v
            {
                // CITE: Star2's probing cut-off: the lower bounds already reach β.
                let sum = self.probed + self.l * self.rest[i];
                return Some(self.cut(v, b, true, sum));
            }
            self.k += 1;
            return None;
        }
        self.done += wv;
        if let Some(a) = self.a
            && v <= a
        {
            // Fail low: the rest at their most, U, still leave the node at or below α.
            let sum = self.done + self.u * self.rest[i];
            return Some(self.cut(v, a, false, sum));
        }
        if let Some(b) = self.b
            && b <= v
        {
            // Fail high: the rest at their least (L, or Star2's probed W_j) reach β.
            let sum = self.done + self.later;
            return Some(self.cut(v, b, true, sum));
        }
        if i + 1 < self.w.len() {
            self.later -= self.low[i + 1] * self.w[i + 1];
        }
        self.k += 1;
        None
    }
}

impl<G: Game, T: Tracer> Searcher<'_, G, T> {
    /// Step 2b: a chance node (Ballard 1983) searches its branches as [`ChanceSums`] says,
    /// each with the node's own player to move (values are not negated), and reports its
    /// cut-offs through the tracer as they happen.
    ///
    /// Never inlined: the step of a chance search only, kept out of the code every explicit
    /// tree's node runs (issue 32 §6; docs/benchmarks.md gives what that node still costs). It
    /// takes the node's fields it reads, not the node: a node whose address a call is given
    /// lives in memory, at every node (see `TtNode` in techniques/tt.rs). Its caller has
    /// published the node's search-stack entry.
    #[inline(never)]
    pub(crate) fn chance_node(
        &mut self,
        pos: &G,
        ply: u32,
        depth: i32,
        window: Window,
        f: &mut Frame<G::Move>,
    ) -> Outcome {
        let Some(setup) = self.chance else {
            return Outcome::new(0, StopReason::Aborted);
        };
        f.moves.clear();
        pos.legal_moves(&mut f.moves);
        self.tracer.moves_generated(f.moves.len() as u32);
        let bounds = setup.bounds_for(pos.max_to_move());
        let mut sums = ChanceSums::new(
            setup.algo,
            f.moves.iter().map(|&m| pos.chance_weight(m)),
            bounds,
            window,
        );
        loop {
            let (cut, next) = sums.next(|k| pos.play(f.moves[k as usize]).is_chance());
            if let Some(c) = cut {
                self.tracer.chance_cutoff(c.value, c.bound, c.high as i32);
            }
            let (k, window, probe) = match next {
                ChanceNext::End { value, reason } => {
                    debug_assert!(!sums.inexact, "the scale holds every chance value");
                    return Outcome {
                        value,
                        reason,
                        best_index: None,
                        uncertain: false,
                        height: Outcome::DEEP,
                    };
                }
                ChanceNext::Branch { k, window, probe } => (k, window, probe),
            };
            let mv = f.moves[k as usize];
            let child = pos.play(mv);
            let ctx = Ctx {
                index: k,
                code: pos.move_code(mv, k as usize),
                kind: if probe {
                    NodeKind::Probe
                } else {
                    NodeKind::Normal
                },
                order: crate::schema::OrderSource::Generated,
            };
            let r = self.node(&child, ply + 1, depth, window, NodeType::Pv, ctx);
            if self.stopped.is_some() {
                return Outcome::new(0, StopReason::Aborted);
            }
            self.tracer.child_returned(r.v);
            if let Some(c) = sums.returned(r.v) {
                self.tracer.chance_cutoff(c.value, c.bound, c.high as i32);
            }
        }
    }
}
