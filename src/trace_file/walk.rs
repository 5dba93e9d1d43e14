//! Replaying the positions of a trace: every node's position follows from its parent's by the
//! move code the record stores (or by passing, for a null-move child), so a trace needs only its
//! input to be checked against the game and to name what each node never searched. Nodes come
//! in id order, a preorder: the open nodes form a path from a root. A position is made only
//! when asked for, and its moves generated at most once (only the writer and readers pay).

use crate::game::Game;
use crate::game::registry::index_of_code;
use crate::run::Prepared;
pub(crate) use crate::run::WithGame;
use crate::schema::{NO_PARENT, NONE16};
use crate::search::considered_moves;
use crate::trace::record::NodeRec;

/// What a trace needs of a game: [`Game`] (its `san` names chess moves the standard way).
pub(crate) use crate::game::Game as TraceGame;

/// Runs `w` with the root position of `prepared`, monomorphized per game
/// ([`Prepared::with_game`], which reads the game registry).
pub(crate) fn with_game<W: WithGame>(prepared: &Prepared, w: W) -> W::Output {
    prepared.with_game(w)
}

/// Why a node's position cannot be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WalkError {
    /// The node's parent is not open: it is not an ancestor of the node before it, so the ids
    /// are not a preorder of a tree.
    NotOnPath,
    /// The move code is not one of the moves the parent considered.
    NotConsidered,
    /// A null-move child of a position where passing is impossible.
    NoNullMove,
}

/// How a node's position follows from its parent's.
#[derive(Clone, Copy, Debug)]
enum Step<M> {
    Root,
    Null,
    Move(M),
}

struct Frame<G: Game> {
    id: u32,
    code: u16,
    step: Step<G::Move>,
    quiescence: bool,
    pos: Option<G>,
    /// The considered moves and their codes, once generated.
    moves: Vec<G::Move>,
    codes: Vec<u16>,
    generated: bool,
}

/// The open path of a trace being replayed (see the module doc).
pub(crate) struct Walk<G: Game> {
    root: G,
    quiescence: bool,
    frames: Vec<Frame<G>>,
    len: usize,
}

impl<G: Game> Walk<G> {
    /// A replay from `root`; `quiescence` is the configuration's quiescence switch (a node is a
    /// quiescence node when it is on and the node's remaining depth is 0 or less).
    pub fn new(root: G, quiescence: bool) -> Self {
        Walk {
            root,
            quiescence,
            frames: Vec::new(),
            len: 0,
        }
    }

    /// Number of open nodes; the innermost one's ply is this minus one.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The innermost open node.
    pub fn top(&self) -> Option<u32> {
        self.len.checked_sub(1).map(|i| self.frames[i].id)
    }

    /// Whether node `id` is open (on the path to the innermost node).
    pub fn is_open(&self, id: u32) -> bool {
        // Ids increase along the path: it is a path of a preorder.
        self.frames[..self.len]
            .binary_search_by_key(&id, |f| f.id)
            .is_ok()
    }

    /// Closes the innermost open node.
    pub fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    /// The move codes from the root to the innermost node (the root has none).
    pub fn path_codes(&self) -> impl Iterator<Item = u16> + '_ {
        self.frames[..self.len].iter().skip(1).map(|f| f.code)
    }

    /// Opens node `id` (record `n`) below the innermost open node, which must be its parent
    /// (for a root: the path must be empty). Checks that its move is one the parent considered,
    /// or that the parent may pass for a null-move child (move code [`NONE16`]).
    pub fn push(&mut self, id: u32, n: &NodeRec) -> Result<(), WalkError> {
        let quiescence = self.quiescence && n.depth <= 0;
        let (step, pos) = if n.parent == NO_PARENT {
            if self.len != 0 {
                return Err(WalkError::NotOnPath);
            }
            (Step::Root, Some(self.root.clone()))
        } else {
            if self.top() != Some(n.parent) {
                return Err(WalkError::NotOnPath);
            }
            let p = self.len - 1;
            self.materialize(p);
            let parent = &mut self.frames[p];
            if n.move_code == NONE16 {
                match parent.pos.as_ref().and_then(Game::null_move) {
                    Some(child) => (Step::Null, Some(child)),
                    None => return Err(WalkError::NoNullMove),
                }
            } else {
                parent.generate();
                let codes = &parent.codes;
                let i = index_of_code(codes.len(), n.move_code, |i| codes[i])
                    .ok_or(WalkError::NotConsidered)?;
                (Step::Move(parent.moves[i]), None)
            }
        };
        let code = n.move_code;
        match self.frames.get_mut(self.len) {
            // A closed frame is reused: its move buffers keep their memory.
            Some(f) => {
                (f.id, f.code, f.step, f.quiescence, f.pos) = (id, code, step, quiescence, pos)
            }
            None => {
                let (moves, codes) = (Vec::new(), Vec::new());
                let f = Frame {
                    id,
                    code,
                    step,
                    quiescence,
                    pos,
                    moves,
                    codes,
                    generated: false,
                };
                self.frames.push(f);
            }
        }
        self.frames[self.len].generated = false;
        self.len += 1;
        Ok(())
    }

    /// The innermost node's position.
    pub fn position(&mut self) -> &G {
        let i = self.len - 1;
        self.materialize(i);
        self.frames[i].pos.as_ref().expect("materialized")
    }

    /// The moves the innermost node considered, in generation order, with their codes
    /// ([`considered_moves`]).
    pub fn considered(&mut self) -> &[u16] {
        let i = self.len - 1;
        self.materialize(i);
        let f = &mut self.frames[i];
        f.generate();
        &f.codes
    }

    /// The parent's position and the move into the innermost node, unless it is a root or a
    /// null-move child.
    pub fn parent_move(&mut self) -> Option<(&G, G::Move)> {
        let i = self.len.checked_sub(1)?;
        let Step::Move(mv) = self.frames[i].step else {
            return None;
        };
        let parent = self.frames[i - 1].pos.as_ref()?;
        Some((parent, mv))
    }

    /// The considered moves of the innermost node that are not in `searched` (sorted), in
    /// generation order, appended to `out`.
    pub fn unsearched(&mut self, searched: &[u16], out: &mut Vec<u16>) {
        out.extend(
            self.considered()
                .iter()
                .filter(|c| searched.binary_search(c).is_err()),
        );
    }

    fn materialize(&mut self, i: usize) {
        if self.frames[i].pos.is_some() {
            return;
        }
        let (below, at) = self.frames.split_at_mut(i);
        let f = &mut at[0];
        let parent = below
            .last()
            .and_then(|p| p.pos.as_ref())
            .expect("a pushed child's parent has its position");
        f.pos = Some(match f.step {
            Step::Move(mv) => parent.play(mv),
            // Roots and null-move children get their positions when they are opened.
            Step::Root | Step::Null => unreachable!("roots and null children are materialized"),
        });
    }
}

impl<G: Game> Frame<G> {
    fn generate(&mut self) {
        if self.generated {
            return;
        }
        let pos = self.pos.as_ref().expect("materialized before generating");
        considered_moves(pos, self.quiescence, &mut self.moves);
        self.codes.clear();
        self.codes.extend(
            self.moves
                .iter()
                .enumerate()
                .map(|(i, &m)| pos.move_code(m, i)),
        );
        self.generated = true;
    }
}
