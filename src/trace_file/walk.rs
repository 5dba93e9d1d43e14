//! Replaying the positions of a trace: every node's position follows from its parent's by the
//! move code the record stores (or by passing, for a null-move child), so a trace needs only its
//! input to be checked against the game and to name what each node never searched. Nodes come
//! in id order, a preorder: the open nodes form a path from a root. A node's moves are
//! generated when first asked for, at most once (only the writer and readers pay).

use crate::game::Game;
use crate::game::registry::index_of_code;
pub(crate) use crate::run::WithGame;
use crate::schema::NONE16;
use crate::search::considered_moves;
use crate::trace::record::NodeRec;

/// What a trace needs of a game: [`Game`] (its `san` names chess moves the standard way).
pub(crate) use crate::game::Game as TraceGame;

/// Why a node's position cannot be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WalkError {
    /// The node's parent is not the innermost open node: the ids are not a preorder of a tree.
    NotOnPath,
    /// The move code is not one of the moves the parent considered.
    NotConsidered,
    /// A null-move child of a position where passing is impossible.
    NoNullMove,
}

/// An open node: its position, and the move into it (none for a root or a null-move child).
struct Frame<G: Game> {
    id: u32,
    code: u16,
    mv: Option<G::Move>,
    pos: G,
    quiescence: bool,
}

/// The open path of a trace being replayed (see the module doc).
pub(crate) struct Walk<G: Game> {
    root: G,
    quiescence: bool,
    path: Vec<Frame<G>>,
    moves: Vec<Generated<G>>,
}

/// At a depth, the node whose considered moves and their codes the buffers hold (kept from
/// node to node).
type Generated<G> = (Option<u32>, Vec<<G as Game>::Move>, Vec<u16>);

impl<G: Game> Walk<G> {
    /// A replay from `root`; `quiescence` is the configuration's quiescence switch (a node is a
    /// quiescence node when it is on and the node's remaining depth is 0 or less).
    pub fn new(root: G, quiescence: bool) -> Self {
        Walk {
            root,
            quiescence,
            path: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Number of open nodes; the innermost one's ply is this minus one.
    pub fn len(&self) -> usize {
        self.path.len()
    }

    pub fn top(&self) -> Option<u32> {
        self.path.last().map(|f| f.id)
    }

    /// Whether node `id` is open (ids increase along the path).
    pub fn is_open(&self, id: u32) -> bool {
        self.path.binary_search_by_key(&id, |f| f.id).is_ok()
    }

    pub fn pop(&mut self) {
        self.path.pop();
    }

    /// The move codes from the root to the innermost node (the root has none).
    pub fn path_codes(&self) -> impl Iterator<Item = u16> + '_ {
        self.path.iter().skip(1).map(|f| f.code)
    }

    /// Opens node `id` (record `n`) below the innermost open node, which must be its parent
    /// (for a root: none is open; the caller closes the others), if its move is one the parent
    /// considered or, for a null-move child (move code [`NONE16`]), if the parent may pass.
    pub fn push(&mut self, id: u32, n: &NodeRec) -> Result<(), WalkError> {
        if self.top() != (!n.is_root()).then_some(n.parent) {
            return Err(WalkError::NotOnPath);
        }
        let (mv, pos) = match self.path.len().checked_sub(1) {
            None => (None, self.root.clone()),
            Some(p) if n.move_code == NONE16 => (
                None,
                self.path[p].pos.null_move().ok_or(WalkError::NoNullMove)?,
            ),
            Some(p) => {
                let (moves, codes) = self.generated(p);
                let i = index_of_code(codes.len(), n.move_code, |i| codes[i]);
                let mv = moves[i.ok_or(WalkError::NotConsidered)?];
                (Some(mv), self.path[p].pos.play(mv))
            }
        };
        let (code, quiescence) = (n.move_code, self.quiescence && n.depth <= 0);
        self.path.push(Frame {
            id,
            code,
            mv,
            quiescence,
            pos,
        });
        Ok(())
    }

    /// The innermost node's position.
    pub fn position(&self) -> &G {
        &self.path[self.path.len() - 1].pos
    }

    /// The moves the innermost node considered, by their codes, in generation order
    /// ([`considered_moves`]).
    pub fn considered(&mut self) -> &[u16] {
        self.generated(self.path.len() - 1).1
    }

    /// The parent's position and the move into the innermost node, unless it is a root or a
    /// null-move child.
    pub fn parent_move(&self) -> Option<(&G, G::Move)> {
        let [.., parent, f] = &self.path[..] else {
            return None;
        };
        Some((&parent.pos, f.mv?))
    }

    /// The considered moves of the open node at depth `i`, and their codes.
    fn generated(&mut self, i: usize) -> (&[G::Move], &[u16]) {
        if self.moves.len() <= i {
            self.moves.resize_with(i + 1, Default::default);
        }
        let (f, (of, moves, codes)) = (&self.path[i], &mut self.moves[i]);
        if *of != Some(f.id) {
            considered_moves(&f.pos, f.quiescence, moves);
            let code = |(i, &m): (usize, _)| f.pos.move_code(m, i);
            codes.clear();
            codes.extend(moves.iter().enumerate().map(code));
            *of = Some(f.id);
        }
        (moves, codes)
    }
}
