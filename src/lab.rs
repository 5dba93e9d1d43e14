//! One entry point for every front end: parse an input, run the configured search, and return
//! the result with (optionally) its full trace. The CLI and the wasm adapter both call this, so
//! they accept exactly the same inputs and report exactly the same errors.

use crate::game::Game;
use crate::game::Value;
use crate::game::chess::ChessPos;
use crate::game::synthetic::SynthParams;
use crate::game::tree::Tree;
use crate::search::config::SearchConfig;
use crate::search::{SearchResult, Searcher};
use crate::trace::NoTrace;
use crate::trace::Tracer;
use crate::trace::record::Recorder;
use serde::{Deserialize, Serialize};

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
    /// Parses and validates the input, with a message that says what is wrong.
    pub fn prepare(&self) -> Result<Prepared, String> {
        match self {
            Input::Tree { text } => Tree::parse(text)
                .map(Prepared::Tree)
                .map_err(|e| e.to_string()),
            Input::Random(p) => p.validate().map(|()| Prepared::Random(p.clone())),
            Input::Chess { fen } => ChessPos::from_fen(fen)
                .map(Prepared::Chess)
                .map_err(|e| e.to_string()),
        }
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
    /// Root value from the root side to move's view.
    pub value: Value,
    /// The best line: UCI moves for chess, child indices for trees.
    pub best_line: Vec<String>,
    /// The best line in SAN (chess only; empty otherwise).
    pub best_line_san: Vec<String>,
    pub nodes: u64,
    pub aborted: bool,
    pub iterations: Vec<IterationSummary>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IterationSummary {
    pub depth: i32,
    pub value: Value,
    pub best_move: Option<String>,
    pub nodes: u64,
}

impl Prepared {
    /// Runs the search with `tracer`. Explicit trees are searched to their leaves.
    pub fn search<T: Tracer>(&self, cfg: &SearchConfig, tracer: &mut T) -> Result<Summary, String> {
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

    /// Runs the search recording every node.
    pub fn search_traced(&self, cfg: &SearchConfig) -> Result<(Summary, Recorder), String> {
        let mut rec = Recorder::new();
        let s = self.search(cfg, &mut rec)?;
        rec.shrink_to_fit();
        Ok((s, rec))
    }

    /// Runs the search with no tracer at all.
    pub fn search_untraced(&self, cfg: &SearchConfig) -> Result<Summary, String> {
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
        aborted: r.aborted,
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
