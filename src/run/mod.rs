//! One entry point for every front end: parse an input, run the configured search, and return
//! the result with (optionally) its full trace. The CLI and the wasm adapter both call this, so
//! they accept exactly the same inputs and report exactly the same errors.

pub mod board;
pub mod chance;

use crate::game::Game;
use crate::game::INF;
use crate::game::Value;
#[cfg(feature = "chess")]
use crate::game::chess::ChessPos;
#[cfg(feature = "chess")]
use crate::game::chess::fen::FenError;
use crate::game::notation::Notation;
use crate::game::registry::{GameId, GameInputError, GamePos, SmallGame, VisitGame, move_by_code};
use crate::game::synthetic::{SynthError, SynthParams};
use crate::game::tree::{ParseError, Tree};
use crate::schema::StopReason;
use crate::search::chance::{ChanceAlgorithm, ChanceError};
use crate::search::config::{ConfigError, SearchConfig};
use crate::search::soundness::check_small_game;
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
    #[cfg(feature = "chess")]
    #[error(transparent)]
    Chess(#[from] FenError),
    /// An input of a game this build leaves out (the first wasm build has no chess: the page
    /// asks the second build, docs/architecture.md "Two wasm builds").
    #[error("{kind} is not in this build of the core: {build}")]
    NotInBuild {
        kind: &'static str,
        field: &'static str,
        build: &'static str,
    },
    /// A small game's position is not one of the game (each game's own error).
    #[error(transparent)]
    Game(#[from] GameInputError),
}

impl InputError {
    /// The page's input field the error belongs to: `tree`, `fen`, or `random.<parameter>`.
    pub fn field(&self) -> String {
        match self {
            InputError::Tree(_) => "tree".to_string(),
            InputError::Random(e) => format!("random.{}", e.param()),
            #[cfg(feature = "chess")]
            InputError::Chess(_) => "fen".to_string(),
            InputError::NotInBuild { field, .. } => field.to_string(),
            InputError::Game(e) => e.id().field(),
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
    /// A chance search (expectimax, Star1, Star2) that cannot search this tree exactly, known
    /// before it starts (search/chance.rs): no bounds, empty bounds, or a scale past the trace
    /// format's limit. Not a configuration error: the tree is at fault.
    #[error(transparent)]
    Chance(#[from] ChanceError),
}

impl RunError {
    /// The field the error belongs to: an input field (`tree`, `fen`, `random.depth`, …) or a
    /// parameter's dotted name (`null_move.R`); `None` when it names no single field.
    pub fn field(&self) -> Option<String> {
        match self {
            RunError::Input(e) => Some(e.field()),
            RunError::Config(e) => e.param().map(str::to_string),
            RunError::Chance(_) => Some("tree".to_string()),
        }
    }
}

macro_rules! inputs {
    ($($name:ident $kind:literal $ty:ty,)*) => {
        /// What to search: a tree, a synthetic tree, a chess position, or one of the small
        /// games of [`crate::for_each_game`], each with its own input fields
        /// ([`SmallGame::Input`]; docs/games.md).
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "kind", rename_all = "lowercase")]
        pub enum Input {
            /// An explicit tree in textbook notation.
            Tree { text: String },
            /// A seeded synthetic tree.
            Random(SynthParams),
            /// A chess position.
            Chess { fen: String },
            $(
                #[serde(rename = $kind)]
                $name(<$ty as SmallGame>::Input),
            )*
        }

        impl Input {
            /// The small game's position, read from its input; `None` for the other inputs.
            fn prepare_game(&self) -> Option<Result<GamePos, GameInputError>> {
                match self {
                    $(
                        Input::$name(i) => Some(
                            <$ty as SmallGame>::prepare(i)
                                .map(GamePos::from)
                                .map_err(GameInputError::from),
                        ),
                    )*
                    _ => None,
                }
            }

            /// The small game this is an input of.
            pub fn game(&self) -> Option<GameId> {
                match self {
                    $(Input::$name(_) => Some(GameId::$name),)*
                    _ => None,
                }
            }

            /// The input after the move with trace code `code` on `pos` (this input's
            /// position): [`board::play`].
            fn game_after(&self, pos: &GamePos, code: u16) -> Result<Input, board::PlayError> {
                match (self, pos) {
                    $(
                        (Input::$name(i), GamePos::$name(p)) => {
                            let m = move_by_code(p, code, &mut Vec::new())
                                .ok_or(board::PlayError::Illegal { game: GameId::$name, code })?;
                            let next = <$ty as SmallGame>::input_after(i, p, m, code)
                                .map_err(|e| board::PlayError::Input(GameInputError::from(e)))?;
                            Ok(Input::$name(next))
                        }
                    )*
                    _ => Err(board::PlayError::NoBoard { kind: self.kind() }),
                }
            }
        }
    };
}

crate::for_each_game!(inputs);

/// A parsed, ready-to-search input.
pub enum Prepared {
    Tree(Tree),
    Random(SynthParams),
    #[cfg(feature = "chess")]
    Chess(ChessPos),
    /// A small game's position.
    Game(GamePos),
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
            #[cfg(feature = "chess")]
            Input::Chess { fen } => Prepared::Chess(ChessPos::from_fen(fen)?),
            #[cfg(not(feature = "chess"))]
            Input::Chess { .. } => {
                return Err(InputError::NotInBuild {
                    kind: "chess",
                    field: "fen",
                    build: "built without the `chess` feature",
                });
            }
            _ => match self.prepare_game() {
                Some(p) => Prepared::Game(p?),
                None => unreachable!("every input kind is a tree, random, chess or a game"),
            },
        })
    }

    /// The input kinds this build of the core can search (the `kind` of [`Input`]): all of
    /// them with the `chess` feature; the first wasm build leaves chess out.
    pub fn kinds_in_build() -> Vec<&'static str> {
        let mut kinds = vec!["tree", "random"];
        if cfg!(feature = "chess") {
            kinds.push("chess");
        }
        kinds.extend(GameId::ALL.iter().map(|g| g.kind()));
        kinds
    }

    /// The game's [`Game::MATE_BOUND`]: values at or beyond it count plies to a forced end,
    /// and the transposition table stores them relative to the node (search/techniques/tt.rs).
    /// The trace checker reads it to derive a table hit's value with the search's own
    /// `value_from_tt`, without parsing the input again.
    pub fn mate_bound(&self) -> Value {
        match self {
            Input::Tree { .. } => <crate::game::tree::TreePos<'static> as Game>::MATE_BOUND,
            Input::Random(_) => <crate::game::synthetic::SynthPos<'static> as Game>::MATE_BOUND,
            Input::Chess { .. } => crate::game::CHESS_MATE_BOUND,
            _ => self.game().map_or(INF, GameId::mate_bound),
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Input::Tree { .. } => "tree",
            Input::Random(_) => "random",
            Input::Chess { .. } => "chess",
            _ => self.game().map_or("?", GameId::kind),
        }
    }
}

/// A search result in game-independent terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Root value from the root side to move's view, from the last finished iteration; `None`
    /// when the search stopped before any iteration finished.
    pub value: Option<Value>,
    /// The best line: UCI moves for chess, child indices for trees, the game's own notation for
    /// the small games (docs/games.md).
    pub best_line: Vec<String>,
    /// The best line in SAN (chess only; empty otherwise).
    pub best_line_san: Vec<String>,
    /// Where the best line stops short of the node whose value the root returns: the id of
    /// the node at its end, whose value is proven but whose best move is not known to this
    /// search (NegaScout proves a value without its line: [`SearchResult::line_proven_to`]).
    /// `None` when the line runs to that node. Absent from version-3 files (read as `None`).
    #[serde(default)]
    pub line_proven_to: Option<u64>,
    pub nodes: u64,
    /// The search stopped before it finished (see `stopped`).
    pub aborted: bool,
    /// Why it stopped early: `node_cap`, `memory_budget` or `user`; `None` when it finished.
    pub stopped: Option<StopCause>,
    /// The root value may be wrong (only the unsafe uncertainty cut-offs, `uc_all`, allow
    /// this).
    pub uncertain: bool,
    pub iterations: Vec<IterationSummary>,
    /// The denominator every value, window side and event value of the trace is written over:
    /// 1 except in a chance search (`config.chance`), whose exact fractions are stored as
    /// integers times this least common multiple of their denominators (run/chance.rs).
    /// Left out when 1 (added to trace version 4).
    #[serde(default = "scale_one", skip_serializing_if = "is_scale_one")]
    pub scale: u64,
}

fn scale_one() -> u64 {
    1
}

fn is_scale_one(s: &u64) -> bool {
    *s == 1
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IterationSummary {
    pub depth: i32,
    pub value: Value,
    pub best_move: Option<String>,
    pub nodes: u64,
}

impl Summary {
    /// The words for [`Summary::line_proven_to`], as the CLI and the page say them.
    pub fn line_words(&self) -> Option<String> {
        self.line_proven_to.map(|id| {
            format!("the value is proven; the line below node {id} is not known to this search")
        })
    }

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
            line_proven_to: None,
            nodes: rec.nodes.len() as u64,
            aborted: true,
            stopped: Some(StopCause::User),
            uncertain: false,
            iterations,
            scale: 1,
        }
    }
}

/// Which kind of input a trace is about: it decides how moves are named (`path` child indices,
/// UCI, or the small game's own notation in a `move`) and whether `depth` is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    /// An explicit tree: searched to its leaves, no depth.
    Tree,
    /// A synthetic tree.
    Random,
    Chess,
    /// A small game of the registry ([`crate::for_each_game`]).
    Game(GameId),
}

impl GameKind {
    pub fn of(p: &Prepared) -> GameKind {
        match p {
            Prepared::Tree(_) => GameKind::Tree,
            Prepared::Random(_) => GameKind::Random,
            #[cfg(feature = "chess")]
            Prepared::Chess(_) => GameKind::Chess,
            Prepared::Game(g) => GameKind::Game(g.id()),
        }
    }

    /// How the game names its moves.
    pub fn notation(self) -> Notation {
        match self {
            GameKind::Tree | GameKind::Random => Notation::Index,
            GameKind::Chess => Notation::Uci,
            GameKind::Game(g) => Notation::Game(g),
        }
    }
}

/// Code that runs once per game type: [`Prepared::with_game`] calls it with the input's root
/// position.
pub trait WithGame {
    type Output;
    fn run<G: Game>(self, root: G) -> Self::Output;
}

impl Prepared {
    /// Whether this is a chess position (SAN, FEN; the second wasm build's).
    pub fn is_chess(&self) -> bool {
        #[cfg(feature = "chess")]
        if let Prepared::Chess(_) = self {
            return true;
        }
        false
    }

    /// How moves of this input are named in traces and summaries.
    pub fn notation(&self) -> Notation {
        match self {
            Prepared::Tree(_) | Prepared::Random(_) => Notation::Index,
            #[cfg(feature = "chess")]
            Prepared::Chess(_) => Notation::Uci,
            Prepared::Game(g) => Notation::Game(g.id()),
        }
    }

    /// Runs `w` with the root position, typed: the one place that turns a prepared input into
    /// a [`Game`] for code generic over the games (the trace writer and readers, the page's
    /// names).
    pub fn with_game<W: WithGame>(&self, w: W) -> W::Output {
        struct Game<W>(W);
        impl<W: WithGame> VisitGame for Game<W> {
            type Output = W::Output;
            fn visit<G: SmallGame>(self, pos: &G) -> W::Output {
                self.0.run(*pos)
            }
        }
        match self {
            Prepared::Tree(t) => w.run(t.root()),
            Prepared::Random(p) => w.run(p.root()),
            #[cfg(feature = "chess")]
            Prepared::Chess(pos) => w.run(pos.clone()),
            Prepared::Game(g) => g.visit(Game(w)),
        }
    }

    /// Validates `cfg` for this input: its parameters, and for the small games that it asks
    /// only for techniques the game accepts (search/soundness.rs).
    pub fn check_config(&self, cfg: &SearchConfig) -> Result<(), ConfigError> {
        cfg.validate()?;
        match self {
            Prepared::Game(g) => {
                struct Check<'a>(&'a SearchConfig);
                impl VisitGame for Check<'_> {
                    type Output = Result<(), ConfigError>;
                    fn visit<G: SmallGame>(self, pos: &G) -> Self::Output {
                        check_small_game(G::NAME, self.0, pos.allows_null_move())
                    }
                }
                g.visit(Check(cfg))
            }
            Prepared::Tree(t) if t.has_chance() => match cfg.chance {
                Some(algo) => check_chance_config(algo, cfg),
                None => Err(chance_refusal(cfg)),
            },
            _ => match cfg.chance {
                Some(algo) => Err(ConfigError::NotForGame {
                    param: "chance".to_string(),
                    technique: algo.name().to_string(),
                    game: "this input".to_string(),
                    reason: "it has no chance node: the chance searches search explicit trees \
                             with chance nodes ('[W:node ...]')"
                        .to_string(),
                }),
                None => Ok(()),
            },
        }
    }

    /// Runs the search with `tracer`. Explicit trees are searched to their leaves; the small
    /// games to `cfg.depth`, which the CLI sets to the whole game for tic-tac-toe and Nim.
    pub fn search<T: Tracer>(
        &self,
        cfg: &SearchConfig,
        tracer: &mut T,
    ) -> Result<Summary, RunError> {
        self.check_config(cfg)?;
        if let (Some(algo), Prepared::Tree(t)) = (cfg.chance, self) {
            return Ok(chance::search(t, algo, cfg, tracer)?);
        }
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
            #[cfg(feature = "chess")]
            Prepared::Chess(pos) => {
                let r = Searcher::new(cfg.clone(), tracer).run(pos);
                let san = san_line(pos, &r.pv);
                let mut s = summarize(r, |m| pos.uci(*m));
                s.best_line_san = san;
                s
            }
            Prepared::Game(g) => {
                struct Search<'a, T>(&'a SearchConfig, &'a mut T);
                impl<T: Tracer> VisitGame for Search<'_, T> {
                    type Output = Summary;
                    fn visit<G: SmallGame>(self, pos: &G) -> Summary {
                        let r = Searcher::new(self.0.clone(), self.1).run(pos);
                        let name = |m: &G::Move| {
                            G::code_name(pos.move_code(*m, 0)).unwrap_or_else(|| "?".into())
                        };
                        summarize(r, name)
                    }
                }
                g.visit(Search(cfg, tracer))
            }
        })
    }

    /// The scale every value of a search of `cfg` on this input is written over: a chance
    /// search's (search/chance.rs, fixed before the search from the tree), else 1. A recording
    /// cut short by the page's Stop keeps it ([`Summary::cut_short`]).
    pub fn scale(&self, cfg: &SearchConfig) -> u64 {
        match (self, cfg.chance) {
            (Prepared::Tree(t), Some(algo)) => {
                crate::search::chance::scale_of(t, algo).unwrap_or(1)
            }
            _ => 1,
        }
    }

    /// Runs the search recording every node, within a memory budget of `budget_bytes` for the
    /// recording (0 = none): past it the search stops as at the node cap.
    pub fn search_traced(
        &self,
        cfg: &SearchConfig,
        budget_bytes: u64,
    ) -> Result<(Summary, Recorder), RunError> {
        let mut rec = Recorder::with_budget(budget_bytes);
        let s = self.search(cfg, &mut rec)?;
        rec.shrink_to_fit();
        Ok((s, rec))
    }

    /// Runs the search keeping only the statistics ([`TraceStats`]), in memory that does not
    /// grow with the tree: what a summary needs.
    pub fn search_stats(&self, cfg: &SearchConfig) -> Result<(Summary, TraceStats), RunError> {
        let mut st = StatsTracer::new();
        let s = self.search(cfg, &mut st)?;
        Ok((s, st.finish()))
    }

    /// Runs the search with no tracer at all. Never inlined: it is the untraced half of
    /// `prunescope bench`, and instruction counts of that half are taken by this one symbol
    /// (`valgrind --tool=callgrind --toggle-collect='*Prepared::search_untraced*'`).
    #[inline(never)]
    pub fn search_untraced(&self, cfg: &SearchConfig) -> Result<Summary, RunError> {
        self.search(cfg, &mut NoTrace)
    }
}

/// The configuration of a chance search: `algo` the rule at decision nodes (`minimax` for
/// expectimax, `alphabeta` for Star1 and Star2), no technique, the standard cut-off
/// (docs/techniques.md, "Chance nodes"). Anything else is refused, naming the field.
pub fn chance_config(algo: ChanceAlgorithm, node_cap: u64) -> SearchConfig {
    SearchConfig {
        algo: if algo == ChanceAlgorithm::Expectimax {
            crate::search::params::Algorithm::Minimax
        } else {
            crate::search::params::Algorithm::AlphaBeta
        },
        depth: SearchConfig::default().depth,
        node_cap,
        chance: Some(algo),
        ..SearchConfig::default()
    }
}

fn check_chance_config(algo: ChanceAlgorithm, cfg: &SearchConfig) -> Result<(), ConfigError> {
    let want = SearchConfig {
        depth: cfg.depth,
        iterative: cfg.iterative,
        ..chance_config(algo, cfg.node_cap)
    };
    if cfg.algo != want.algo {
        return Err(ConfigError::BadValue {
            param: "algo".to_string(),
            value: cfg.algo.name().to_string(),
            reason: format!(
                "{} decides at decision nodes by {} (docs/techniques.md, \"Chance nodes\")",
                algo.name(),
                want.algo.name()
            ),
        });
    }
    if *cfg != want {
        return Err(ConfigError::NotForGame {
            param: "chance".to_string(),
            technique: "a technique or parameter".to_string(),
            game: format!("a chance search ({})", algo.name()),
            reason: "the chance searches take no technique (docs/techniques.md, \"Chance \
                     nodes\")"
                .to_string(),
        });
    }
    Ok(())
}

/// The error for a search of the `Game` trait asked of a tree with chance nodes: alpha-beta,
/// PVS and minimax have no rule for a chance node, and the techniques need them. Only the chance
/// searches of search/chance.rs (`expectimax`, `star1`, `star2`) accept such a tree.
pub fn chance_refusal(cfg: &SearchConfig) -> ConfigError {
    ConfigError::NotForGame {
        param: "algo".to_string(),
        technique: cfg.algo.name().to_string(),
        game: "a tree with chance nodes".to_string(),
        reason: "it has no rule for a chance node; use expectimax, star1 or star2 (Ballard \
                 1983), which take no technique"
            .to_string(),
    }
}

/// A line of moves from `root` in SAN ([`Game::san`]; empty for a game without it): the
/// summary's `best_line_san` as the search writes it, and as the trace checker derives it
/// again from the file's `best_line` (trace_file/check.rs).
pub(crate) fn san_line<G: Game>(root: &G, line: &[G::Move]) -> Vec<String> {
    let mut pos = root.clone();
    line.iter()
        .filter_map(|&m| {
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
        line_proven_to: r.line_proven_to,
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
        scale: 1,
    }
}
