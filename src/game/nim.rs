//! Nim, the homework game of game-tree search: piles of objects; a move takes one or more
//! objects from one pile. Under normal play whoever takes the last object wins; under misère
//! play whoever takes it loses.
//!
//! - Piles are numbered from 1. A move is a pile and an amount, each its own move: taking 2
//!   from pile 3 is written `p3-2`; its trace code is `(pile − 1) · 256 + amount`. Moves are
//!   generated pile by pile, and within a pile from 1 object up.
//! - A position is its piles, `--piles 1,3,5` ([`MAX_PILES`] piles of at most [`MAX_OBJECTS`]
//!   objects), with normal or misère play (docs/games.md).
//! - The end: a side to move with no object left lost (normal) or won (misère), worth
//!   `WIN − p` to the winner ([`crate::game::WIN`]).
//! - Evaluation at a depth limit: Bouton's theorem (see [`Nim::evaluate`]).

use crate::game::registry::{Board, LinkKey, Shape, SmallGame};
use crate::game::synthetic::mix;
use crate::game::{Game, Value, WIN, WIN_BOUND};
use crate::schema::NONE16;

/// Most piles a position may have (the key packs 8 piles of 8 bits).
pub const MAX_PILES: usize = 8;
/// Most objects a pile may hold.
pub const MAX_OBJECTS: u32 = 255;

/// What is wrong with a Nim position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NimError {
    #[error("nim: piles must number 1 to {MAX_PILES}, got {0}")]
    PileCount(usize),
    /// `got` is the count as it was written: a number past `u64` is named as given, not as the
    /// largest number that fits.
    #[error("nim: pile {pile} has {got} objects; at most {MAX_OBJECTS}")]
    TooMany { pile: usize, got: String },
    #[error("nim: '{0}' is not a list of pile sizes such as 1,3,5")]
    Syntax(String),
}

/// A Nim position: the piles, the play convention and the side to move (0 = the first
/// player, for the history table; the game itself is impartial).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    piles: [u8; MAX_PILES],
    len: u8,
    misere: bool,
    side: u8,
}

impl Nim {
    /// A position with these piles, the first player to move.
    pub fn new(piles: &[u32], misere: bool) -> Result<Nim, NimError> {
        if piles.is_empty() || piles.len() > MAX_PILES {
            return Err(NimError::PileCount(piles.len()));
        }
        let mut p = [0u8; MAX_PILES];
        for (i, &n) in piles.iter().enumerate() {
            p[i] = u8::try_from(n)
                .ok()
                .filter(|&n| n as u32 <= MAX_OBJECTS)
                .ok_or_else(|| NimError::TooMany {
                    pile: i + 1,
                    got: n.to_string(),
                })?;
        }
        Ok(Nim {
            piles: p,
            len: piles.len() as u8,
            misere,
            side: 0,
        })
    }

    /// Reads `1,3,5` (the CLI's `--piles`).
    pub fn parse_piles(text: &str) -> Result<Vec<u32>, NimError> {
        text.split(',')
            .enumerate()
            .map(|(i, s)| {
                let s = s.trim();
                if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(NimError::Syntax(text.escape_default().to_string()));
                }
                s.parse::<u32>().map_err(|_| NimError::TooMany {
                    pile: i + 1,
                    got: s.trim_start_matches('0').to_string(),
                })
            })
            .collect()
    }

    pub fn piles(&self) -> &[u8] {
        &self.piles[..self.len as usize]
    }

    pub fn misere(&self) -> bool {
        self.misere
    }

    /// Objects left on the table: a whole game is at most this many plies.
    pub fn objects(&self) -> u32 {
        self.piles().iter().map(|&n| n as u32).sum()
    }

    /// The name of the move with trace code `code`: `p3-2` takes 2 from pile 3; `--` for a
    /// null move; `None` for a code that is no move.
    pub fn code_name(code: u16) -> Option<String> {
        if code == NONE16 {
            return Some("--".into());
        }
        let (pile, amount) = (code / 256, code % 256);
        (pile < MAX_PILES as u16 && amount > 0).then(|| format!("p{}-{amount}", pile + 1))
    }

    /// The trace code of a move name (`p3-2`; `--` for a null move).
    pub fn parse_code(name: &str) -> Option<u16> {
        if name == "--" {
            return Some(NONE16);
        }
        let (pile, amount) = name.strip_prefix('p')?.split_once('-')?;
        let digits =
            |s: &str| !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(pile) || !digits(amount) {
            return None;
        }
        let (pile, amount): (u16, u16) = (pile.parse().ok()?, amount.parse().ok()?);
        (1..=MAX_PILES as u16).contains(&pile).then_some(())?;
        (1..=MAX_OBJECTS as u16)
            .contains(&amount)
            .then_some((pile - 1) * 256 + amount)
    }
}

/// A Nim input: the pile sizes, and misère play (whoever takes the last object loses) or
/// normal.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NimInput {
    pub piles: Vec<u32>,
    #[serde(default)]
    pub misere: bool,
}

impl SmallGame for Nim {
    const KIND: &'static str = "nim";
    const NAME: &'static str = "Nim";
    const PLAYERS: [&'static str; 2] = ["the first player", "the second player"];
    const MOVE_WORDS: &'static str = "Nim move (p<pile>-<amount>, e.g. p3-2)";
    const FIELD: &'static str = "piles";
    const POSITION_LABEL: &'static str = "Piles (objects in each, comma-separated)";
    const LINK: &'static [LinkKey] = &[
        LinkKey {
            key: "piles",
            field: "piles",
            shape: Shape::Numbers { max: 16 },
        },
        LinkKey {
            key: "misere",
            field: "misere",
            shape: Shape::Flag,
        },
    ];
    type Input = NimInput;
    type Error = NimError;

    fn start() -> NimInput {
        NimInput {
            piles: vec![1, 3, 5],
            misere: false,
        }
    }
    fn prepare(input: &NimInput) -> Result<Nim, NimError> {
        Nim::new(&input.piles, input.misere)
    }
    fn code_name(code: u16) -> Option<String> {
        Nim::code_name(code)
    }
    fn parse_code(name: &str) -> Option<u16> {
        Nim::parse_code(name)
    }
    fn board(&self) -> Board {
        Board {
            layout: "piles",
            piles: self.piles().iter().map(|&n| n as u32).collect(),
            misere: self.misere(),
            whole_depth: self.objects().clamp(1, crate::schema::MAX_DEPTH),
            ..Board::default()
        }
    }
    fn landed(_after: &Board, code: u16) -> Option<[u32; 2]> {
        (code != NONE16)
            .then_some([code as u32 / 256, code as u32 % 256])
            .filter(|m| m[1] > 0)
    }
    fn input_after(
        input: &NimInput,
        pos: &Nim,
        mv: (u8, u8),
        _code: u16,
    ) -> Result<NimInput, NimError> {
        let piles: Vec<u32> = pos.play(mv).piles().iter().map(|&n| n as u32).collect();
        Nim::new(&piles, input.misere)?;
        Ok(NimInput {
            piles,
            misere: input.misere,
        })
    }
}

impl Game for Nim {
    /// (pile index, amount taken).
    type Move = (u8, u8);

    const MATE_BOUND: Value = WIN_BOUND;

    fn legal_moves(&self, out: &mut Vec<(u8, u8)>) {
        for (i, &n) in self.piles().iter().enumerate() {
            out.extend((1..=n).map(|k| (i as u8, k)));
        }
    }

    fn play(&self, (pile, amount): (u8, u8)) -> Self {
        let mut next = *self;
        next.piles[pile as usize] -= amount;
        next.side ^= 1;
        next
    }

    /// CITE: C. L. Bouton, *Nim, a game with a complete mathematical theory*, Annals of
    /// Mathematics 3 (1901): under normal play the side to move wins exactly when the nim-sum
    /// (the XOR of the pile sizes) is not 0; under misère play the same holds while some pile
    /// has two or more objects, and when none has, the side to move wins exactly when an even
    /// number of piles hold one object. The theorem says who wins, not how soon, so it scores
    /// +1 or −1, far below a proven win (`WIN − p`).
    fn evaluate(&self) -> Value {
        let nim_sum = self.piles().iter().fold(0u8, |s, &n| s ^ n);
        let wins = if self.misere && self.piles().iter().all(|&n| n <= 1) {
            self.piles()
                .iter()
                .filter(|&&n| n == 1)
                .count()
                .is_multiple_of(2)
        } else {
            nim_sum != 0
        };
        if wins { 1 } else { -1 }
    }

    /// No object left: the opponent took the last one, so the side to move lost (normal play)
    /// or won (misère play).
    fn no_moves_value(&self, ply: u32) -> Value {
        let v = WIN - ply.min(200) as Value;
        if self.misere { v } else { -v }
    }

    /// Exact within a search: the piles, 8 bits each, through a bijective mixer. Who moves
    /// does not change a position's value in an impartial game, and the play convention is
    /// the same throughout a search, so neither is part of the key.
    fn key(&self) -> u64 {
        mix(u64::from_le_bytes(self.piles))
    }

    /// The game is over. Chess searches a checked side at the horizon one step more so that
    /// checkmate is not mistaken for an evaluation; a finished game is treated the same way,
    /// so a win on the last ply scores as a win, never as an evaluation.
    fn in_check(&self) -> bool {
        self.objects() == 0
    }

    fn side(&self) -> usize {
        self.side as usize
    }

    fn move_code(&self, (pile, amount): (u8, u8), _index: usize) -> u16 {
        pile as u16 * 256 + amount as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piles_are_checked() {
        assert_eq!(Nim::parse_piles("1,3,5").unwrap(), vec![1, 3, 5]);
        assert_eq!(Nim::parse_piles(" 2 , 0").unwrap(), vec![2, 0]);
        assert!(matches!(Nim::parse_piles("1,,3"), Err(NimError::Syntax(_))));
        assert!(matches!(Nim::parse_piles("1,-3"), Err(NimError::Syntax(_))));
        assert!(matches!(
            Nim::new(&[1, 256], false),
            Err(NimError::TooMany { pile: 2, got }) if got == "256"
        ));
        // issue 32 §5: a count past u64 is named as written, not as u64::MAX
        assert_eq!(
            Nim::parse_piles("1,18446744073709551616")
                .unwrap_err()
                .to_string(),
            "nim: pile 2 has 18446744073709551616 objects; at most 255"
        );
        assert!(matches!(Nim::new(&[], false), Err(NimError::PileCount(0))));
        assert!(matches!(
            Nim::new(&[1; 9], false),
            Err(NimError::PileCount(9))
        ));
    }

    #[test]
    fn move_names() {
        let p = Nim::new(&[1, 3, 5], false).unwrap();
        let mut m = Vec::new();
        p.legal_moves(&mut m);
        assert_eq!(m.len(), 9);
        for (i, &mv) in m.iter().enumerate() {
            let code = p.move_code(mv, i);
            let name = Nim::code_name(code).unwrap();
            assert_eq!(Nim::parse_code(&name), Some(code));
        }
        assert_eq!(Nim::code_name(2 * 256 + 4).as_deref(), Some("p3-4"));
        assert_eq!(Nim::parse_code("p0-1"), None);
        assert_eq!(Nim::parse_code("p1-0"), None);
        assert_eq!(Nim::parse_code("p9-1"), None);
    }

    #[test]
    fn ends_and_bouton() {
        let empty = Nim::new(&[0, 0], false).unwrap();
        assert_eq!(empty.no_moves_value(4), -(WIN - 4));
        let empty = Nim::new(&[0, 0], true).unwrap();
        assert_eq!(empty.no_moves_value(4), WIN - 4);
        assert_eq!(Nim::new(&[1, 3, 5], false).unwrap().evaluate(), 1);
        assert_eq!(Nim::new(&[1, 2, 3], false).unwrap().evaluate(), -1);
        // Misère with only single objects: even count wins.
        assert_eq!(Nim::new(&[1, 1], true).unwrap().evaluate(), 1);
        assert_eq!(Nim::new(&[1, 1, 1], true).unwrap().evaluate(), -1);
        assert_eq!(Nim::new(&[1, 1, 1], false).unwrap().evaluate(), 1);
    }
}
