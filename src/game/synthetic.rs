//! Seeded synthetic game trees whose values come from the node's path, so a tree of 10⁷ nodes
//! needs no storage and the same parameters always give the same tree.
//!
//! Construction: every node carries its negamax value `t` (side to move's view). One child, the
//! *best* child, gets value `-t`; every other child gets `-t + δ` with `δ ≥ 1`, so it is strictly
//! worse for the parent. Where the best child sits in the move list is the ordering knob, which
//! makes "perfectly ordered" exact: alpha-beta then visits precisely the minimal tree.

use crate::game::Game;
use crate::game::Value;
use serde::{Deserialize, Serialize};

/// SplitMix64 finaliser: a cheap, well-mixed hash for path-derived values.
#[inline(always)]
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seeded SplitMix64 generator, for reproducible random inputs in tests and tools.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Where the best child sits among its siblings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ordering {
    /// Best child first: a perfectly ordered tree.
    Best,
    /// Children from worst to best: the worst case for alpha-beta.
    Worst,
    /// Best child at a uniformly random position.
    Random,
    /// Best child first with probability `p`, otherwise at a random later position.
    P(f64),
}

impl Ordering {
    pub fn parse(s: &str) -> Result<Ordering, SynthError> {
        match s {
            "best" => Ok(Ordering::Best),
            "worst" => Ok(Ordering::Worst),
            "random" => Ok(Ordering::Random),
            _ => {
                let Some(p) = s.strip_prefix("p=") else {
                    return Err(SynthError::Ordering {
                        got: s.to_string(),
                        message: "expected best, worst, random or p=<probability>",
                    });
                };
                match p.parse::<f64>() {
                    Ok(p) if (0.0..=1.0).contains(&p) => Ok(Ordering::P(p)),
                    _ => Err(SynthError::Ordering {
                        got: s.to_string(),
                        message: "the probability must be a number between 0 and 1",
                    }),
                }
            }
        }
    }

    pub fn name(&self) -> String {
        match self {
            Ordering::Best => "best".into(),
            Ordering::Worst => "worst".into(),
            Ordering::Random => "random".into(),
            Ordering::P(p) => format!("p={p}"),
        }
    }
}

/// Largest branching factor accepted.
pub const MAX_BRANCHING: u32 = 1000;
/// Spread of the random value gaps `δ` between a node's children.
const SPREAD: i64 = 10;

/// What is wrong with a synthetic tree's parameters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SynthError {
    #[error("{param} must be between {min} and {max}, got {got}")]
    OutOfRange {
        param: &'static str,
        min: u32,
        max: u32,
        got: u32,
    },
    /// The `ordering` parameter is not one of the orderings.
    #[error("unknown ordering '{got}': {message}")]
    Ordering { got: String, message: &'static str },
}

impl SynthError {
    /// The parameter at fault (`branching`, `depth`).
    pub fn param(&self) -> &'static str {
        match self {
            SynthError::OutOfRange { param, .. } => param,
            SynthError::Ordering { .. } => "ordering",
        }
    }
}

/// Parameters of a synthetic tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SynthParams {
    pub branching: u32,
    pub depth: u32,
    pub seed: u64,
    pub ordering: Ordering,
    /// Each node has a random number of children in `1..=branching` instead of exactly
    /// `branching`.
    #[serde(default)]
    pub random_branching: bool,
    /// Positions are identified by *which* moves each side played, not their order, so
    /// different move orders transpose into the same position (same key, same value); move 0
    /// is a waiting move, so a position can recur at another ply. Leaf values then come from
    /// the key, and `ordering` no longer applies.
    #[serde(default)]
    pub transpositions: bool,
}

impl SynthParams {
    pub fn validate(&self) -> Result<(), SynthError> {
        let check = |param, got: u32, max: u32| {
            if got == 0 || got > max {
                Err(SynthError::OutOfRange {
                    param,
                    min: 1,
                    max,
                    got,
                })
            } else {
                Ok(())
            }
        };
        check("branching", self.branching, MAX_BRANCHING)?;
        check("depth", self.depth, crate::schema::MAX_DEPTH)
    }

    /// The root position.
    pub fn root(&self) -> SynthPos<'_> {
        let h = mix(self.seed ^ 0x5EED);
        SynthPos {
            params: self,
            hash: h,
            ply: 0,
            value: if self.transpositions {
                leaf_value(h)
            } else {
                (h % 201) as Value - 100
            },
        }
    }
}

/// Zobrist's side-to-move component: XORed into the key when the second player is to move.
const SIDE_TO_MOVE_KEY: u64 = 0xF8D6_26AA_AF27_8509;

/// Leaf value from a key, in -100..=100: for trees with transpositions.
fn leaf_value(h: u64) -> Value {
    (mix(h ^ 0x1EAF) % 201) as Value - 100
}

/// A node of a synthetic tree.
#[derive(Clone, Copy, Debug)]
pub struct SynthPos<'a> {
    params: &'a SynthParams,
    hash: u64,
    ply: u32,
    /// The node's exact negamax value (side to move's view).
    value: Value,
}

impl PartialEq for SynthPos<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash && self.ply == other.ply
    }
}

impl SynthPos<'_> {
    /// The exact negamax value the generator built this node around.
    pub fn true_value(&self) -> Value {
        self.value
    }

    fn degree(&self) -> u32 {
        if self.ply >= self.params.depth {
            0
        } else if self.params.random_branching {
            // From the key, so transposed positions have the same moves.
            1 + (mix(self.hash ^ 0xB4A7) % self.params.branching as u64) as u32
        } else {
            self.params.branching
        }
    }

    fn best_index(&self, n: u32) -> u32 {
        let h = mix(self.hash ^ 0x0BE5);
        match self.params.ordering {
            Ordering::Best => 0,
            Ordering::Worst => n - 1,
            Ordering::Random => (h % n as u64) as u32,
            Ordering::P(p) => {
                let u = (h >> 11) as f64 / (1u64 << 53) as f64;
                if u < p || n == 1 {
                    0
                } else {
                    1 + (mix(h) % (n as u64 - 1)) as u32
                }
            }
        }
    }
}

impl Game for SynthPos<'_> {
    type Move = u32;

    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.extend(0..self.degree());
    }

    fn play(&self, mv: u32) -> Self {
        if self.params.transpositions {
            // A commutative (additive) key per side: the same moves in another order give the
            // same key. Move 0 adds nothing (a "waiting move"), so positions also recur at
            // other plies with other remaining depths, as in chess, which is what pre-search
            // and depth-preferred replacement are about.
            let side = (self.ply % 2) as u64;
            let step = if mv == 0 {
                0
            } else {
                mix((mv as u64 + 1) * 2 + side).wrapping_mul(0x9E37_79B9)
            };
            let mut child = SynthPos {
                params: self.params,
                hash: self.hash.wrapping_add(step),
                ply: self.ply + 1,
                value: 0,
            };
            // A leaf's value is a function of its position: the key, side to move included.
            child.value = leaf_value(child.key());
            return child;
        }
        let n = self.degree();
        let best = self.best_index(n);
        let child_hash = mix(self.hash ^ (mv as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
        let delta: i64 = if mv == best {
            0
        } else {
            let r = (mix(child_hash ^ 0xDE17) % SPREAD as u64) as i64;
            match self.params.ordering {
                // Strictly decreasing gaps: the worst child first, the best one last.
                Ordering::Worst => (n - 1 - mv) as i64 * SPREAD - r,
                _ => 1 + r,
            }
        };
        SynthPos {
            params: self.params,
            hash: child_hash,
            ply: self.ply + 1,
            value: (-(self.value as i64) + delta) as Value,
        }
    }

    fn evaluate(&self) -> Value {
        self.value
    }

    fn no_moves_value(&self, _ply: u32) -> Value {
        self.value
    }

    /// The position's key: the moves played (`hash`) and, as in Zobrist keys, the side to
    /// move. Without the side, move 0 (which adds nothing to `hash` but passes the turn) would
    /// give a node its parent's key.
    fn key(&self) -> u64 {
        if self.ply % 2 == 1 {
            self.hash ^ SIDE_TO_MOVE_KEY
        } else {
            self.hash
        }
    }

    fn is_leaf(&self) -> bool {
        self.ply >= self.params.depth
    }

    fn move_code(&self, mv: u32, _index: usize) -> u16 {
        mv as u16
    }
}
