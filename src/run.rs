//! One entry point for every front end: parse an input, run the configured search, and return
//! the result with (optionally) its full trace. The CLI and the wasm adapter both call this, so
//! they accept exactly the same inputs and report exactly the same errors.

use crate::game::Game;
use crate::game::Value;
use crate::game::chess::ChessPos;
use crate::game::chess::fen::FenError;
use crate::game::synthetic::{SynthError, SynthParams};
use crate::game::tree::{ParseError, Tree};
use crate::schema::StopReason;
use crate::search::config::{ConfigError, SearchConfig};
use crate::search::{NoTrace, Tracer};
use crate::search::{SearchResult, Searcher, StopCause};
use crate::trace::record::Recorder;
use crate::trace::stats::{StatsTracer, TraceStats};
use serde::{Deserialize, Serialize};

/// What is wrong with an input, by the input it came from.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum InputError {
    /// The tree text does not parse.
    #[error(transparent)]
    Tree(#[from] ParseError),
    /// A synthetic tree's parameters are out of range.
    #[error(transparent)]
    Random(#[from] SynthError),
    /// The FEN does not describe a legal position.
    #[error(transparent)]
    Chess(#[from] FenError),
}

impl InputError {
    /// The page's input field the error belongs to: `tree`, `fen`, or `random.<parameter>`.
    pub fn field(&self) -> String {
        match self {
            InputError::Tree(_) => "tree".to_string(),
            InputError::Random(e) => format!("random.{}", e.param()),
            InputError::Chess(_) => "fen".to_string(),
        }
    }
}

/// Why a search could not run: a bad input or a bad configuration.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Config(#[from] ConfigError),
}

impl RunError {
    /// The field the error belongs to: an input field (`tree`, `fen`, `random.depth`, …) or a
    /// parameter's dotted name (`null_move.R`); `None` when it names no single field.
    pub fn field(&self) -> Option<String> {
        match self {
            RunError::Input(e) => Some(e.field()),
            RunError::Config(e) => e.param().map(str::to_string),
        }
    }
}

/// What to search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Input {
    /// An explicit tree in textbook notation.
    Tree { text: String },
    /// A seeded synthetic tree.
    Random(SynthParams),
    /// A chess position.
    Chess { fen: String },
}

/// A parsed, ready-to-search input.
pub enum Prepared {
    Tree(Tree),
    Random(SynthParams),
    Chess(ChessPos),
}

impl Input {
    /// Parses and validates the input, with an error that names the input and what is wrong.
    pub fn prepare(&self) -> Result<Prepared, InputError> {
        Ok(match self {
            Input::Tree { text } => Prepared::Tree(Tree::parse(text)?),
            Input::Random(p) => {
                p.validate()?;
                Prepared::Random(p.clone())
            }
            Input::Chess { fen } => Prepared::Chess(ChessPos::from_fen(fen)?),
        })
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Input::Tree { .. } => "tree",
            Input::Random(_) => "random",
            Input::Chess { .. } => "chess",
        }
    }
}

/// A search result in game-independent terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Root value from the root side to move's view, from the last finished iteration; `None`
    /// when the search stopped before any iteration finished.
    pub value: Option<Value>,
    /// The best line: UCI moves for chess, child indices for trees.
    pub best_line: Vec<String>,
    /// The best line in SAN (chess only; empty otherwise).
    pub best_line_san: Vec<String>,
    pub nodes: u64,
    /// The search stopped before it finished (see `stopped`).
    pub aborted: bool,
    /// Why it stopped early: `node_cap`, `memory_budget` or `user`; `None` when it finished.
    pub stopped: Option<StopCause>,
    /// The root value may be wrong (only the unsafe uncertainty cut-offs, `uc_all`, allow
    /// this).
    pub uncertain: bool,
    pub iterations: Vec<IterationSummary>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IterationSummary {
    pub depth: i32,
    pub value: Value,
    pub best_move: Option<String>,
    pub nodes: u64,
}

impl Summary {
    /// The summary of a recording stopped by hand and closed with
    /// [`Recorder::close_cut_short`]: the root searches that finished, and no value when none
    /// did.
    pub fn cut_short(rec: &Recorder) -> Summary {
        let mut iterations = Vec::new();
        for (k, (&root, &depth)) in rec.roots.iter().zip(&rec.root_depths).enumerate() {
            let node = &rec.nodes[root as usize];
            if !node.exited() || node.reason() == StopReason::Aborted {
                continue;
            }
            let end = rec
                .roots
                .get(k + 1)
                .copied()
                .unwrap_or(rec.nodes.len() as u32);
            iterations.push(IterationSummary {
                depth,
                value: node.value,
                best_move: None,
                nodes: (end - root) as u64,
            });
        }
        Summary {
            value: iterations.last().map(|it| it.value),
            best_line: Vec::new(),
            best_line_san: Vec::new(),
            nodes: rec.nodes.len() as u64,
            aborted: true,
            stopped: Some(StopCause::User),
            uncertain: false,
            iterations,
        }
    }
}

impl Prepared {
    /// Runs the search with `tracer`. Explicit trees are searched to their leaves.
    pub fn search<T: Tracer>(
        &self,
        cfg: &SearchConfig,
        tracer: &mut T,
    ) -> Result<Summary, ConfigError> {
        cfg.validate()?;
        Ok(match self {
            Prepared::Tree(t) => {
                let r = Searcher::new(cfg.clone(), tracer).run_to_leaves(&t.root());
                summarize(r, |m| m.to_string())
            }
            Prepared::Random(p) => {
                let cfg = SearchConfig {
                    depth: p.depth,
                    ..cfg.clone()
                };
                let r = Searcher::new(cfg, tracer).run(&p.root());
                summarize(r, |m| m.to_string())
            }
            Prepared::Chess(pos) => {
                let r = Searcher::new(cfg.clone(), tracer).run(pos);
                let san = san_line(pos, &r.pv);
                let mut s = summarize(r, |m| pos.uci(*m));
                s.best_line_san = san;
                s
            }
        })
    }

    /// Runs the search recording every node, within a memory budget of `budget_bytes` for the
    /// recording (0 = none): past it the search stops as at the node cap.
    pub fn search_traced(
        &self,
        cfg: &SearchConfig,
        budget_bytes: u64,
    ) -> Result<(Summary, Recorder), ConfigError> {
        let mut rec = Recorder::with_budget(budget_bytes);
        let s = self.search(cfg, &mut rec)?;
        rec.shrink_to_fit();
        Ok((s, rec))
    }

    /// Runs the search keeping only the statistics ([`TraceStats`]), in memory that does not
    /// grow with the tree: what a summary needs.
    pub fn search_stats(&self, cfg: &SearchConfig) -> Result<(Summary, TraceStats), ConfigError> {
        let mut st = StatsTracer::new();
        let s = self.search(cfg, &mut st)?;
        Ok((s, st.finish()))
    }

    /// Runs the search with no tracer at all.
    pub fn search_untraced(&self, cfg: &SearchConfig) -> Result<Summary, ConfigError> {
        self.search(cfg, &mut NoTrace)
    }
}

fn san_line(root: &ChessPos, line: &[shakmaty::Move]) -> Vec<String> {
    let mut pos = root.clone();
    line.iter()
        .map(|&m| {
            let s = pos.san(m);
            pos = pos.play(m);
            s
        })
        .collect()
}

fn summarize<M: Copy>(r: SearchResult<M>, name: impl Fn(&M) -> String) -> Summary {
    Summary {
        value: r.value,
        best_line: r.pv.iter().map(&name).collect(),
        best_line_san: Vec::new(),
        nodes: r.nodes,
        aborted: r.aborted(),
        stopped: r.stopped,
        uncertain: r.uncertain,
        iterations: r
            .iterations
            .iter()
            .map(|it| IterationSummary {
                depth: it.depth,
                value: it.value,
                best_move: it.best_move.as_ref().map(&name),
                nodes: it.nodes,
            })
            .collect(),
    }
}
