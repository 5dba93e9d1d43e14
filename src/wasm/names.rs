//! Naming the nodes of a trace on the page's thread, for any input: the move into a node (SAN
//! for chess, the child index for trees), the path from the root, the position (FEN), and the
//! moves a node never searched. The page feeds it each batch's records once and asks for
//! whole lists of ids at a time.
//!
//! "The moves a node never searched" are its considered moves
//! ([`crate::search::considered_moves`], the one definition the search and the trace writer
//! use) whose codes no child of the node carries. That holds at every stop reason, including
//! cut-offs that came before the node generated its moves (transposition table, null move,
//! stand pat), where the record's `n_moves` is 0.

use super::{err, parse_config_unchecked, parse_input, records_from_bytes, to_js};
use crate::game::Game;
use crate::game::chess::ChessPos;
use crate::lab::Prepared;
use crate::search::considered_moves;
use crate::trace::schema::{NO_PARENT, NONE16};
use js_sys::{Array, Uint16Array, Uint32Array};
use serde::Serialize;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;

/// Cached chess positions before the cache is cleared.
const POS_CACHE_LIMIT: usize = 1 << 14;

/// Names the nodes of one trace. Created from the trace's input and configuration (which says
/// whether quiescence search was on), fed with [`Names::append_records`] once per batch.
#[wasm_bindgen]
pub struct Names {
    prepared: Prepared,
    quiescence: bool,
    parents: Vec<u32>,
    codes: Vec<u16>,
    depths: Vec<i8>,
    /// Children links, in id order: first child and next sibling (`NO_PARENT` = none).
    first_child: Vec<u32>,
    last_child: Vec<u32>,
    next_sibling: Vec<u32>,
    chess_cache: HashMap<u32, ChessPos>,
}

#[derive(Serialize)]
struct Unsearched {
    /// Move codes (the trace's `move_code` of the child each would have been).
    codes: Vec<u16>,
    /// Their names: SAN for chess, the child index for trees.
    names: Vec<String>,
}

/// The child of `pos` reached by the move with trace code `code` (the null move for
/// [`NONE16`]).
fn child_of<G: Game>(pos: &G, code: u16, buf: &mut Vec<G::Move>) -> Option<G> {
    if code == NONE16 {
        return pos.null_move();
    }
    buf.clear();
    pos.legal_moves(buf);
    let i = buf
        .iter()
        .enumerate()
        .position(|(i, &m)| pos.move_code(m, i) == code)?;
    Some(pos.play(buf[i]))
}

/// The codes of the moves `pos` considers (in generation order) that are not in `searched`.
fn unsearched_codes<G: Game>(pos: &G, quiescence_node: bool, searched: &[u16]) -> Vec<u16> {
    let mut moves = Vec::new();
    considered_moves(pos, quiescence_node, &mut moves);
    moves
        .iter()
        .enumerate()
        .map(|(i, &m)| pos.move_code(m, i))
        .filter(|c| !searched.contains(c))
        .collect()
}

impl Names {
    fn check_id(&self, id: u32) -> Result<(), String> {
        if (id as usize) < self.parents.len() {
            Ok(())
        } else {
            Err(format!(
                "node {id} is unknown ({} nodes appended)",
                self.parents.len()
            ))
        }
    }

    /// Ids from the root to `id` (the root excluded), outermost first.
    fn path_ids(&self, id: u32) -> Vec<u32> {
        let mut path = Vec::new();
        let mut cur = id;
        while self.parents[cur as usize] != NO_PARENT {
            path.push(cur);
            cur = self.parents[cur as usize];
        }
        path.reverse();
        path
    }

    /// The chess position at node `id`, replayed from the nearest cached ancestor.
    fn chess_position(&mut self, root: &ChessPos, id: u32) -> Result<ChessPos, String> {
        let mut path = Vec::new();
        let mut cur = id;
        let mut pos = loop {
            if let Some(p) = self.chess_cache.get(&cur) {
                break p.clone();
            }
            let parent = self.parents[cur as usize];
            if parent == NO_PARENT {
                break root.clone();
            }
            path.push(cur);
            cur = parent;
        };
        for &node in path.iter().rev() {
            pos = play_chess(&pos, self.codes[node as usize], node)?.0;
            if self.chess_cache.len() >= POS_CACHE_LIMIT {
                self.chess_cache.clear();
            }
            self.chess_cache.insert(node, pos.clone());
        }
        Ok(pos)
    }

    /// A tree position at node `id`, replayed from the root (trees are shallow and cheap).
    fn tree_position<G: Game>(&self, root: G, id: u32) -> Result<G, String> {
        let mut buf = Vec::new();
        let mut pos = root;
        for node in self.path_ids(id) {
            let code = self.codes[node as usize];
            pos = child_of(&pos, code, &mut buf)
                .ok_or_else(|| format!("node {node}: move {code} does not exist here"))?;
        }
        Ok(pos)
    }

    fn searched_codes(&self, id: u32) -> Vec<u16> {
        let mut out = Vec::new();
        let mut c = self.first_child[id as usize];
        while c != NO_PARENT {
            out.push(self.codes[c as usize]);
            c = self.next_sibling[c as usize];
        }
        out
    }

    fn quiescence_node(&self, id: u32) -> bool {
        self.quiescence && self.depths[id as usize] <= 0
    }

    fn unsearched_of(&mut self, id: u32) -> Result<Vec<u16>, String> {
        self.check_id(id)?;
        let searched = self.searched_codes(id);
        let q = self.quiescence_node(id);
        match &self.prepared {
            Prepared::Chess(root) => {
                let root = root.clone();
                let pos = self.chess_position(&root, id)?;
                Ok(unsearched_codes(&pos, q, &searched))
            }
            Prepared::Tree(t) => Ok(unsearched_codes(
                &self.tree_position(t.root(), id)?,
                q,
                &searched,
            )),
            Prepared::Random(p) => Ok(unsearched_codes(
                &self.tree_position(p.root(), id)?,
                q,
                &searched,
            )),
        }
    }

    /// The name of the move into `id`: SAN for chess ("--" for a null move), the child index
    /// for trees, "" for a root.
    fn name_of(&mut self, id: u32) -> Result<String, String> {
        self.check_id(id)?;
        let parent = self.parents[id as usize];
        if parent == NO_PARENT {
            return Ok(String::new());
        }
        let code = self.codes[id as usize];
        match &self.prepared {
            Prepared::Chess(root) => {
                let root = root.clone();
                let pos = self.chess_position(&root, parent)?;
                Ok(play_chess(&pos, code, id)?.1)
            }
            _ if code == NONE16 => Ok("--".into()),
            _ => Ok(code.to_string()),
        }
    }
}

fn play_chess(pos: &ChessPos, code: u16, node: u32) -> Result<(ChessPos, String), String> {
    pos.play_code(code).ok_or_else(|| {
        format!(
            "node {node}: move {} is not legal in {}",
            crate::game::chess::code_to_uci(code),
            pos.fen()
        )
    })
}

#[wasm_bindgen]
impl Names {
    /// Starts naming a trace of `input` searched with `config` (only `quiescence.enabled`
    /// matters here). Throws if the input cannot be read (a bad FEN, say).
    #[wasm_bindgen(constructor)]
    pub fn new(input: JsValue, config: JsValue) -> Result<Names, JsError> {
        let input = parse_input(&input).map_err(err)?;
        let config = parse_config_unchecked(&config).map_err(err)?;
        let prepared = input.prepare().map_err(|e| err(e.to_string()))?;
        Ok(Names {
            prepared,
            quiescence: config.quiescence.enabled,
            parents: Vec::new(),
            codes: Vec::new(),
            depths: Vec::new(),
            first_child: Vec::new(),
            last_child: Vec::new(),
            next_sibling: Vec::new(),
            chess_cache: HashMap::new(),
        })
    }

    /// Appends the next nodes (ids `len()..`) from a batch's `nodes` bytes (28-byte records).
    /// Only the parent, move code and depth are read; they never change after a node's entry.
    pub fn append_records(&mut self, records: &[u8]) -> Result<(), JsError> {
        let recs = records_from_bytes(records).map_err(err)?;
        for r in recs {
            let id = self.parents.len() as u32;
            if r.parent != NO_PARENT && r.parent >= id {
                return Err(err(format!(
                    "node {id} names parent {}, which does not come before it",
                    r.parent
                )));
            }
            self.parents.push(r.parent);
            self.codes.push(r.move_code);
            self.depths.push(r.depth);
            self.first_child.push(NO_PARENT);
            self.last_child.push(NO_PARENT);
            self.next_sibling.push(NO_PARENT);
            if r.parent != NO_PARENT {
                let p = r.parent as usize;
                match self.last_child[p] {
                    NO_PARENT => self.first_child[p] = id,
                    last => self.next_sibling[last as usize] = id,
                }
                self.last_child[p] = id;
            }
        }
        Ok(())
    }

    /// Makes room for `nodes` more nodes at once (a search's node cap), so that appending
    /// never stalls to move what is there.
    pub fn reserve(&mut self, nodes: u32) {
        let n = (nodes as usize).min(1 << 23);
        self.parents.reserve(n);
        self.codes.reserve(n);
        self.depths.reserve(n);
        self.first_child.reserve(n);
        self.last_child.reserve(n);
        self.next_sibling.reserve(n);
    }

    /// Number of nodes appended.
    pub fn len(&self) -> u32 {
        self.parents.len() as u32
    }

    pub fn is_empty(&self) -> bool {
        self.parents.is_empty()
    }

    /// Whether the trace is a chess search (SAN names, FENs).
    pub fn is_chess(&self) -> bool {
        matches!(self.prepared, Prepared::Chess(_))
    }

    /// The name of the move into each node of `ids` (see [`Names`]): "" for a root, "?" for an
    /// unknown id.
    pub fn labels(&mut self, ids: &[u32]) -> Array {
        ids.iter()
            .map(|&id| JsValue::from_str(&self.name_of(id).unwrap_or_else(|_| "?".into())))
            .collect()
    }

    /// The name of the move with trace code `code` in the position of node `id` (SAN for
    /// chess, the child index for trees); "?" when there is no such move.
    pub fn move_name(&mut self, id: u32, code: u16) -> String {
        if self.check_id(id).is_err() {
            return "?".into();
        }
        if let Prepared::Chess(root) = &self.prepared {
            let root = root.clone();
            return self
                .chess_position(&root, id)
                .ok()
                .and_then(|pos| pos.play_code(code).map(|(_, san)| san))
                .unwrap_or_else(|| "?".into());
        }
        if code == NONE16 {
            "--".into()
        } else {
            code.to_string()
        }
    }

    /// UCI of the move into node `id` (chess, not a root, not a null move; else `undefined`):
    /// the squares a board highlights.
    pub fn uci(&self, id: u32) -> Option<String> {
        let i = id as usize;
        let parent = *self.parents.get(i)?;
        let code = self.codes[i];
        (self.is_chess() && parent != NO_PARENT && code != NONE16)
            .then(|| crate::game::chess::code_to_uci(code))
    }

    /// The names of the moves from the root to node `id` (empty for a root).
    pub fn path(&mut self, id: u32) -> Result<Vec<String>, JsError> {
        self.check_id(id).map_err(err)?;
        let ids = self.path_ids(id);
        ids.into_iter()
            .map(|n| self.name_of(n).map_err(err))
            .collect()
    }

    /// FEN of the position at node `id` (chess only; `undefined` otherwise).
    pub fn fen(&mut self, id: u32) -> Result<Option<String>, JsError> {
        self.check_id(id).map_err(err)?;
        let Prepared::Chess(root) = &self.prepared else {
            return Ok(None);
        };
        let root = root.clone();
        self.chess_position(&root, id)
            .map(|p| Some(p.fen()))
            .map_err(err)
    }

    /// The moves node `id` considered but never searched: `{codes: number[], names: string[]}`
    /// in generation order.
    pub fn unsearched(&mut self, id: u32) -> Result<JsValue, JsError> {
        let codes = self.unsearched_of(id).map_err(err)?;
        let names = if let Prepared::Chess(root) = &self.prepared {
            let root = root.clone();
            let pos = self.chess_position(&root, id).map_err(err)?;
            codes
                .iter()
                .map(|&c| {
                    pos.move_from_code(c)
                        .map_or_else(|| "?".to_string(), |m| pos.san(m))
                })
                .collect()
        } else {
            codes.iter().map(u16::to_string).collect()
        };
        to_js(&Unsearched { codes, names })
    }

    /// For each node of `ids`, how many considered moves it never searched (0 for an unknown
    /// id). One call per frame for every visible node that stopped early.
    pub fn unsearched_counts(&mut self, ids: &[u32]) -> Uint32Array {
        let counts: Vec<u32> = ids
            .iter()
            .map(|&id| self.unsearched_of(id).map_or(0, |c| c.len() as u32))
            .collect();
        Uint32Array::from(&counts[..])
    }

    /// The move codes of the children of `id` as the trace holds them (tests and debugging).
    pub fn child_codes(&self, id: u32) -> Uint16Array {
        if self.check_id(id).is_err() {
            return Uint16Array::new_with_length(0);
        }
        Uint16Array::from(&self.searched_codes(id)[..])
    }
}
