//! The small games' one registration: everything the rest of the program reads about a game
//! (tic-tac-toe, Nim, Connect Four and any game added beside them) comes from its
//! [`SmallGame`] implementation, in the game's own file, and from its line in
//! [`crate::for_each_game`] (src/game/mod.rs). From that list the core builds the input kinds
//! (`run/mod.rs`'s `Input`, its serde `kind`), the prepared positions ([`GamePos`]), the move
//! notation ([`crate::game::notation::Notation::Game`]), the board the page draws, the checker's
//! replay of a trace, and the page's list of games with their share-link keys
//! (`www/schema.js`, [`games_js`]). docs/architecture.md, "Adding a game", walks through it.

use crate::game::Game;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// How a share link writes one field of a game's input (docs/share-links.md): the link key, the
/// input field it fills, and the shape the page checks before the core reads the value.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct LinkKey {
    /// The link's key (`pos`, `piles`, `misere`, …). Keys are public: a game keeps them.
    pub key: &'static str,
    /// The input's field it fills (`position`, `piles`, …).
    pub field: &'static str,
    /// What the value looks like.
    #[serde(flatten)]
    pub shape: Shape,
}

/// The shape of a link value, which the page checks before the core checks the value itself.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "shape", rename_all = "lowercase")]
pub enum Shape {
    /// Text of at most `max` characters; `required`, or the empty text when absent.
    Text { required: bool, max: usize },
    /// Whole numbers of at most three digits, comma-separated, at most `max` of them (required).
    Numbers { max: usize },
    /// `1` or `0` (absent: `0`): a switch.
    Flag,
}

/// What a position looks like on a board: one of the page's drawings (`layout`) and the
/// data it draws. The page's board widget (www/views/games/board.js) picks its drawing by
/// `layout`, so a new game drawn like an existing one needs no new page code.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Board {
    /// `grid` (cells played by clicking one: tic-tac-toe), `columns` (discs dropped into a
    /// column: Connect Four) or `piles` (objects taken from a pile: Nim).
    pub layout: &'static str,
    /// `grid` and `columns`: the rows, top first, one character per cell: `x` (the first
    /// player's), `o` (the second's) or `.` (empty). Empty for `piles`.
    pub rows: Vec<String>,
    /// `piles`: the pile sizes.
    pub piles: Vec<u32>,
    /// Nim: misère play (whoever takes the last object loses).
    pub misere: bool,
    /// The depth that searches the whole game from here (as the CLI's default), or 0 for a
    /// game searched to a depth limit (Connect Four).
    pub whole_depth: u32,
}

/// A small game: a [`Game`] with everything the program needs to read its input, name its
/// moves, check a configuration for it, draw its board and write its share links. Implement
/// it in the game's file and add the game's line to [`crate::for_each_game`].
pub trait SmallGame: Game + Copy + core::fmt::Debug + 'static {
    /// The input's `kind` (trace files, the page, share links' `game=`): public, kept forever.
    const KIND: &'static str;
    /// The game's name inside a sentence (`tic-tac-toe`, `Nim`, `Connect Four`).
    const NAME: &'static str;
    /// The players' names by side in the page's status line, the first player (side 0) first.
    const PLAYERS: [&'static str; 2];
    /// The sides' short names where the tree and the lessons name the side to move by its
    /// player (`X`, `O`) rather than MAX and MIN; `None` for an impartial game (Nim).
    const SIDES: Option<[&'static str; 2]> = None;
    /// What a move name looks like, for error messages (`Nim move (p<pile>-<amount>, …)`).
    const MOVE_WORDS: &'static str;
    /// The input field an error of the input names (`position`, `piles`); the page's field is
    /// `<kind>.<field>`.
    const FIELD: &'static str;
    /// The page's label of the position's text field, and how the share link writes the input.
    const POSITION_LABEL: &'static str;
    const LINK: &'static [LinkKey];
    /// The depth a search takes when none is given, for a game searched to a depth limit
    /// (Connect Four: 6, the CLI's default); `None` for a game searched whole by default.
    const DEFAULT_DEPTH: Option<u32> = None;

    /// The input's own fields, beside its `kind` (the trace's `input` object).
    type Input: Clone + core::fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// What is wrong with an input.
    type Error: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// The input the Games tab starts from.
    fn start() -> Self::Input;
    /// Reads and checks an input.
    fn prepare(input: &Self::Input) -> Result<Self, Self::Error>;
    /// The name of the move with trace code `code`; `None` for a code that names no move.
    fn code_name(code: u16) -> Option<String>;
    /// The trace code of a move name.
    fn parse_code(name: &str) -> Option<u16>;
    /// Whether null-move pruning may run here (only an unsafe demonstration allows it).
    fn allows_null_move(&self) -> bool {
        false
    }
    /// The position on a board.
    fn board(&self) -> Board;
    /// Where the move with trace code `code` landed on `after`, the board it led to: the cell
    /// `[row from the top, column]` or `[pile, amount]`; `None` for a pass or no move.
    fn landed(after: &Board, code: u16) -> Option<[u32; 2]>;
    /// The input of the position after `mv` (trace code `code`), played on `pos`, read from
    /// `input`: how a board sets up a position by clicks.
    fn input_after(
        input: &Self::Input,
        pos: &Self,
        mv: Self::Move,
        code: u16,
    ) -> Result<Self::Input, Self::Error>;
}

/// Code that runs once per small game: [`GamePos::visit`] calls it with the position, typed.
pub trait VisitGame {
    type Output;
    fn visit<G: SmallGame>(self, pos: &G) -> Self::Output;
}

/// Code that runs once per small game, without a position: [`GameId::visit`].
pub trait VisitGameType {
    type Output;
    fn visit<G: SmallGame>(self) -> Self::Output;
}

/// The move of `pos` with trace code `code`, if it has one: "find a move by its code" for the
/// boards, the names and the checker's best line ([`index_of_code`]).
pub fn move_by_code<G: Game>(pos: &G, code: u16, buf: &mut Vec<G::Move>) -> Option<G::Move> {
    buf.clear();
    pos.legal_moves(buf);
    index_of_code(buf.len(), code, |i| pos.move_code(buf[i], i)).map(|i| buf[i])
}

/// Where the move with trace code `code` is among `n` moves whose codes, in generation order,
/// are `code_at(i)`: the one rule of finding a move by its code, for [`move_by_code`] and the
/// trace replay (trace_file/walk.rs, over the codes it keeps). An explicit tree numbers its
/// moves 0, 1, 2, …, so the code is tried as the index first.
pub fn index_of_code(n: usize, code: u16, code_at: impl Fn(usize) -> u16) -> Option<usize> {
    let i = code as usize;
    if i < n && code_at(i) == code {
        return Some(i);
    }
    (0..n).find(|&i| code_at(i) == code)
}

macro_rules! registry {
    ($($name:ident $kind:literal $ty:ty,)*) => {
        /// A registered small game, by name ([`crate::for_each_game`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $($name,)*
        }

        /// A prepared position of a registered small game.
        #[derive(Clone, Copy, Debug)]
        pub enum GamePos {
            $($name($ty),)*
        }

        /// What is wrong with a small game's input, by game (each game's own typed error).
        #[derive(Clone, Debug, PartialEq, thiserror::Error)]
        pub enum GameInputError {
            $(
                #[error(transparent)]
                $name(<$ty as SmallGame>::Error),
            )*
        }

        impl GameId {
            /// Every registered game, in the registration's order.
            pub const ALL: &'static [GameId] = &[$(GameId::$name,)*];

            /// Runs `v` with the game's type.
            pub fn visit<V: VisitGameType>(self, v: V) -> V::Output {
                match self {
                    $(GameId::$name => v.visit::<$ty>(),)*
                }
            }

            /// The game of an input `kind`.
            pub fn of_kind(kind: &str) -> Option<GameId> {
                match kind {
                    $($kind => Some(GameId::$name),)*
                    _ => None,
                }
            }
        }

        impl GamePos {
            /// Runs `v` with the position, typed.
            pub fn visit<V: VisitGame>(&self, v: V) -> V::Output {
                match self {
                    $(GamePos::$name(p) => v.visit(p),)*
                }
            }

            /// The game.
            pub fn id(&self) -> GameId {
                match self {
                    $(GamePos::$name(_) => GameId::$name,)*
                }
            }
        }

        impl GameInputError {
            /// The game whose input it is.
            pub fn id(&self) -> GameId {
                match self {
                    $(GameInputError::$name(_) => GameId::$name,)*
                }
            }
        }

        $(
            impl From<$ty> for GamePos {
                fn from(p: $ty) -> GamePos {
                    GamePos::$name(p)
                }
            }
            impl From<<$ty as SmallGame>::Error> for GameInputError {
                fn from(e: <$ty as SmallGame>::Error) -> GameInputError {
                    GameInputError::$name(e)
                }
            }
        )*
    };
}

crate::for_each_game!(registry);

impl GameId {
    /// The input's `kind`.
    pub fn kind(self) -> &'static str {
        struct Kind;
        impl VisitGameType for Kind {
            type Output = &'static str;
            fn visit<G: SmallGame>(self) -> &'static str {
                G::KIND
            }
        }
        self.visit(Kind)
    }

    /// The game's name inside a sentence.
    pub fn name(self) -> &'static str {
        struct Name;
        impl VisitGameType for Name {
            type Output = &'static str;
            fn visit<G: SmallGame>(self) -> &'static str {
                G::NAME
            }
        }
        self.visit(Name)
    }

    /// The move with trace code `code`, named.
    pub fn code_name(self, code: u16) -> Option<String> {
        struct CodeName(u16);
        impl VisitGameType for CodeName {
            type Output = Option<String>;
            fn visit<G: SmallGame>(self) -> Option<String> {
                G::code_name(self.0)
            }
        }
        self.visit(CodeName(code))
    }

    /// The trace code of a move name.
    pub fn parse_code(self, name: &str) -> Option<u16> {
        struct ParseCode<'a>(&'a str);
        impl VisitGameType for ParseCode<'_> {
            type Output = Option<u16>;
            fn visit<G: SmallGame>(self) -> Option<u16> {
                G::parse_code(self.0)
            }
        }
        self.visit(ParseCode(name))
    }

    /// What a move name looks like.
    pub fn move_words(self) -> &'static str {
        struct Words;
        impl VisitGameType for Words {
            type Output = &'static str;
            fn visit<G: SmallGame>(self) -> &'static str {
                G::MOVE_WORDS
            }
        }
        self.visit(Words)
    }

    /// The game's [`Game::MATE_BOUND`].
    pub fn mate_bound(self) -> crate::game::Value {
        struct Bound;
        impl VisitGameType for Bound {
            type Output = crate::game::Value;
            fn visit<G: SmallGame>(self) -> crate::game::Value {
                G::MATE_BOUND
            }
        }
        self.visit(Bound)
    }

    /// The input field an input error names, as the page names it: `<kind>.<field>`.
    pub fn field(self) -> String {
        struct Field;
        impl VisitGameType for Field {
            type Output = String;
            fn visit<G: SmallGame>(self) -> String {
                format!("{}.{}", G::KIND, G::FIELD)
            }
        }
        self.visit(Field)
    }
}

/// One game as the page lists it (`GAMES` of www/schema.js).
#[derive(Serialize)]
struct GameJs {
    kind: &'static str,
    name: &'static str,
    players: [&'static str; 2],
    sides: Option<[&'static str; 2]>,
    position_label: &'static str,
    link: &'static [LinkKey],
    start: serde_json::Value,
    default_depth: Option<u32>,
}

/// The page's list of the small games, for `www/schema.js` (src/schema_js.rs): each game's
/// `kind`, name, players, the Games tab's position label and starting input, and the share
/// link's keys. The page reads this list and writes none of its own (a repository check,
/// scripts/check/game-kinds.mjs, flags a game kind written by hand in www/).
pub fn games_js() -> String {
    struct Js;
    impl VisitGameType for Js {
        type Output = GameJs;
        fn visit<G: SmallGame>(self) -> GameJs {
            GameJs {
                kind: G::KIND,
                name: G::NAME,
                players: G::PLAYERS,
                sides: G::SIDES,
                position_label: G::POSITION_LABEL,
                link: G::LINK,
                start: {
                    let mut start = serde_json::to_value(G::start()).expect("an input serializes");
                    if let Some(o) = start.as_object_mut() {
                        o.insert("kind".into(), G::KIND.into());
                    }
                    start
                },
                default_depth: G::DEFAULT_DEPTH,
            }
        }
    }
    let mut out = String::from(
        "\n/** The small games (src/game/registry.rs), in the registration's order: kind, name, \
         players (side 0 first) and their short names where the tree uses them, the Games tab's position label and starting input, the \
         depth searched when the game is not searched whole, and the share link's keys \
         (docs/share-links.md). */\nexport const GAMES = Object.freeze([\n",
    );
    for id in GameId::ALL {
        let g = id.visit(Js);
        let text = serde_json::to_string(&g).expect("a game serializes");
        out.push_str(&format!("  Object.freeze({text}),\n"));
    }
    out.push_str("]);\n");
    out
}
