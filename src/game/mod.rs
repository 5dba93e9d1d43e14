//! The one trait every searchable game implements, and the games: textbook trees
//! ([`tree`]), seeded synthetic trees ([`synthetic`]), chess ([`chess`]) and the small games
//! courses teach with ([`tictactoe`], [`nim`], [`connect4`]; docs/games.md).

#[cfg(feature = "chess")]
pub mod chess;
pub mod connect4;
pub mod nim;
pub mod notation;
pub mod registry;
pub mod synthetic;
pub mod tictactoe;
pub mod tree;

/// The small games, one line each: the variant's name, the input's `kind` and the type, which
/// implements [`registry::SmallGame`] in its own file. This list is the one registration of a
/// game: the inputs (`run/mod.rs`), the positions, the notation, the board, the checker's replay and
/// the page's list of games (`www/schema.js`) are all made from it (src/game/registry.rs).
/// Calls `$m!` with the list.
#[macro_export]
macro_rules! for_each_game {
    ($m:ident) => {
        $m! {
            TicTacToe "tictactoe" $crate::game::tictactoe::TicTacToe,
            Nim "nim" $crate::game::nim::Nim,
            Connect4 "connect4" $crate::game::connect4::Connect4,
        }
    };
}

/// A score from the side to move's point of view (negamax convention).
pub type Value = i32;

/// Stands for an unbounded side of a window. Every game value must lie strictly inside
/// `(-INF, INF)` so that negation never overflows and "unbounded" stays distinguishable.
pub const INF: Value = 1_000_000_000;

/// Largest magnitude a game may report as a real value (leaves, evaluations, mate scores).
pub const MAX_GAME_VALUE: Value = INF - 1;

/// A won game in the small games (tic-tac-toe, Nim, Connect Four) is worth `WIN − p` to the
/// winner, `p` the plies from the search's root to the end: a sooner win scores higher.
pub const WIN: Value = 1000;

/// Values at or beyond ±`WIN_BOUND` are wins and losses of the small games (their
/// [`Game::MATE_BOUND`]): no search is 200 plies deep, and their evaluations stay far below.
pub const WIN_BOUND: Value = WIN - 200;

/// The magnitude of a chess mate score: being mated at ply `p` is worth `-(MATE - p)`. Here
/// rather than in [`chess`] so that a build without chess still tells the page how chess values
/// read (`choices()`).
pub const MATE: Value = 100_000;

/// Chess mate scores are `±(MATE − ply)`; no search is 10,000 plies deep (chess's
/// [`Game::MATE_BOUND`]).
pub const CHESS_MATE_BOUND: Value = MATE - 10_000;

/// What the move-ordering and pruning heuristics need to know about a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveFacts {
    /// The move captures (or is a promotion that changes material).
    pub capture: bool,
    /// Value of the captured piece (0 if none), for MVV-LVA.
    pub victim: Value,
    /// Value of the moving piece, for MVV-LVA.
    pub attacker: Value,
    /// The move promotes.
    pub promotion: bool,
}

/// A position in a two-player zero-sum game, searched by copy-make.
///
/// Values are from the side to move's view (negamax). Moves are small `Copy` handles; the
/// trace stores them as a 16-bit `move_code` so that it never depends on the game's types.
pub trait Game: Clone {
    type Move: Copy + Eq + core::fmt::Debug;

    /// Values at or beyond ±`MATE_BOUND` are distances to a forced end of the game (mate
    /// scores): the transposition table stores them relative to the node, not the root, so a
    /// transposition at another ply reads the right distance. Games without such scores keep
    /// the default, which no value reaches.
    const MATE_BOUND: Value = INF;

    /// Pushes the legal moves, in generation order, onto `out` (which the caller cleared).
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// The position after `mv`, which must be one of `legal_moves`.
    fn play(&self, mv: Self::Move) -> Self;

    /// Static evaluation from the side to move's view. For trees this is the leaf value.
    fn evaluate(&self) -> Value;

    /// The value of a position with no legal moves (checkmate, stalemate, or a tree leaf).
    /// `ply` lets mate scores prefer the shortest mate.
    fn no_moves_value(&self, ply: u32) -> Value;

    /// A hash key identifying the position (Zobrist for chess, path-derived for synthetic trees).
    fn key(&self) -> u64;

    /// A draw by rule that ends the game here regardless of the moves (50 moves, material).
    #[inline(always)]
    fn is_rule_draw(&self) -> bool {
        false
    }

    /// How many plies back a repetition of this position can be, or 0 when the game has no
    /// repetitions (trees). Chess returns its halfmove clock.
    #[inline(always)]
    fn repetition_horizon(&self) -> u32 {
        0
    }

    /// Whether the side to move is in check; at the horizon a checked side is searched one
    /// more step so checkmates are not mistaken for evaluations.
    #[inline(always)]
    fn in_check(&self) -> bool {
        false
    }

    /// Leaves of explicit trees end the search whatever depth remains.
    #[inline(always)]
    fn is_leaf(&self) -> bool {
        false
    }

    /// Facts about `mv` for move ordering (captures first by MVV-LVA) and pruning decisions
    /// (LMR and uncertainty cut-offs never reduce or prune captures).
    #[inline(always)]
    fn move_facts(&self, _mv: Self::Move) -> MoveFacts {
        MoveFacts::default()
    }

    /// Static exchange evaluation of `mv`: the material balance of the capture sequence on its
    /// target square, from the mover's view. Games without captures return 0.
    #[inline(always)]
    fn see(&self, _mv: Self::Move) -> Value {
        0
    }

    /// Pushes the moves quiescence search considers: captures and promotions. (In check the
    /// search uses all legal moves instead, the evasions.)
    #[inline(always)]
    fn noisy_moves(&self, _out: &mut Vec<Self::Move>) {}

    /// The position after passing (a null move), or `None` where passing is impossible
    /// (trees, or a side in check).
    #[inline(always)]
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// True where null-move pruning is unsafe because zugzwang is likely: the side to move has
    /// only king and pawns.
    #[inline(always)]
    fn zugzwang_likely(&self) -> bool {
        true
    }

    /// The number of pieces of the side to move, for Heinz's material condition of the
    /// adaptive null-move R (techniques/null_move.rs); `None` where the game does not count
    /// them (the condition then does not apply).
    #[inline(always)]
    fn pieces(&self) -> Option<u32> {
        None
    }

    /// 0 or 1: which side is to move, for the history table.
    #[inline(always)]
    fn side(&self) -> usize {
        0
    }

    /// The standard name of `mv` in this position where the game has one beside its trace
    /// notation (chess's SAN); `None` for the others.
    fn san(&self, _mv: Self::Move) -> Option<String> {
        None
    }

    /// Whether positions of this game can be chance nodes at all (only explicit trees). For the
    /// other games every chance step of the searcher is known to be off when it is compiled,
    /// so their untraced search pays nothing for it (issue 32 §6: within 1 % of the
    /// instructions it took before chance nodes joined the one searcher).
    const CHANCE: bool = false;

    /// A chance node (Ballard 1983; explicit trees' `[W:node ...]`): its moves are the branches,
    /// each with [`Game::chance_weight`], and its children belong to its own player. The
    /// searcher searches it with its chance step (src/search/chance.rs).
    #[inline(always)]
    fn is_chance(&self) -> bool {
        false
    }

    /// The weight of branch `mv` of a chance node (its probability is the weight over the
    /// sum of its siblings').
    #[inline(always)]
    fn chance_weight(&self, _mv: Self::Move) -> u32 {
        1
    }

    /// MAX is to move (the chance searches read the bounds L and U from MAX's view).
    #[inline(always)]
    fn max_to_move(&self) -> bool {
        self.side() == 0
    }

    /// A compact, game-specific code for `mv` (the child index for trees; from/to/promotion for
    /// chess), stored in the trace.
    fn move_code(&self, mv: Self::Move, index: usize) -> u16;
}
