//! Naming the nodes of a trace on the page's thread, for any input: the move into a node (SAN
//! for chess, the child index for trees), the path from the root, the position (FEN), and the
//! moves a node never searched.
//!
//! The handle keeps no column of its own: the page's store already holds every node's parent
//! and move code, so the page describes each node it asks about by its *path*, and nothing is
//! copied per node while a trace streams in (a second copy cost 19 bytes a node and a wasm call
//! per batch; issue 13). A path is a flat list of `u32`s: the number of moves `n`, then `n`
//! pairs (node id, move code) from the first move below the root down to the node itself. A
//! root's path is `[0]`. Lists of paths are such paths one after another.
//!
//! "The moves a node never searched" are its considered moves
//! ([`crate::search::considered_moves`], the one definition the search and the trace writer
//! use) whose codes no child of the node carries. That holds at every stop reason, including
//! cut-offs that came before the node generated its moves (transposition table, null move,
//! stand pat), where the record's `n_moves` is 0.

use super::{WasmError, err, parse_config_unchecked, parse_input, to_js};
use crate::game::Game;
use crate::game::chess::ChessPos;
use crate::run::Prepared;
use crate::schema::NONE16;
use crate::search::considered_moves;
use js_sys::{Array, Uint32Array};
use serde::Serialize;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;

/// Cached chess positions before the cache is cleared.
const POS_CACHE_LIMIT: usize = 1 << 14;

/// Names the nodes of one trace. Created from the trace's input and configuration (which says
/// whether quiescence search was on); every question names its node by path (module docs).
#[wasm_bindgen]
pub struct Names {
    prepared: Prepared,
    quiescence: bool,
    /// Chess positions by node id, for paths that share their beginning (a frame's labels).
    chess_cache: HashMap<u32, ChessPos>,
}

#[derive(Serialize)]
struct Unsearched {
    /// Move codes (the trace's `move_code` of the child each would have been).
    codes: Vec<u16>,
    /// Their names: SAN for chess, the child index for trees.
    names: Vec<String>,
}

/// One node's path: (node id, move code) pairs from below the root down to the node.
#[derive(Clone, Copy)]
struct Path<'a>(&'a [u32]);

impl<'a> Path<'a> {
    fn len(self) -> usize {
        self.0.len() / 2
    }
    fn id(self, k: usize) -> u32 {
        self.0[2 * k]
    }
    fn code(self, k: usize) -> u16 {
        self.0[2 * k + 1] as u16
    }
    /// The path of the parent (the root's path stays empty).
    fn parent(self) -> Path<'a> {
        Path(&self.0[..self.0.len().saturating_sub(2)])
    }
}

/// Splits a list of counted runs: a count `n`, then `n × width` words, again and again (a
/// list of paths has width 2, a list of move-code lists width 1). A count that runs past the
/// end is an error.
fn split(list: &[u32], width: usize) -> Result<Vec<&[u32]>, WasmError> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < list.len() {
        let n = list[at] as usize;
        let end = n
            .checked_mul(width)
            .and_then(|w| w.checked_add(at + 1))
            .filter(|&end| end <= list.len())
            .ok_or_else(|| {
                WasmError::argument(
                    "paths",
                    format!("entry {} counts {n} past the list's end", out.len()),
                )
            })?;
        out.push(&list[at + 1..end]);
        at = end;
    }
    Ok(out)
}

fn split_paths(list: &[u32]) -> Result<Vec<Path<'_>>, WasmError> {
    Ok(split(list, 2)?.into_iter().map(Path).collect())
}

/// Exactly one path.
fn one_path(list: &[u32]) -> Result<Path<'_>, WasmError> {
    match split_paths(list)?.as_slice() {
        [p] => Ok(*p),
        ps => Err(WasmError::argument(
            "path",
            format!("expected one path, got {}", ps.len()),
        )),
    }
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

fn play_chess(pos: &ChessPos, code: u16, node: u32) -> Result<(ChessPos, String), WasmError> {
    pos.play_code(code).ok_or_else(|| WasmError::Node {
        node,
        message: format!(
            "move {} is not legal in {}",
            crate::game::chess::code_to_uci(code),
            pos.fen()
        ),
    })
}

/// The position at the end of a path, where the page needs it as a position (chess).
enum Position {
    Chess(ChessPos),
    Other,
}

impl Names {
    /// The chess position at the end of `path`, replayed from its deepest cached node.
    fn chess_position(&mut self, root: &ChessPos, path: Path) -> Result<ChessPos, WasmError> {
        let mut from = path.len();
        let mut pos = loop {
            if from == 0 {
                break root.clone();
            }
            if let Some(p) = self.chess_cache.get(&path.id(from - 1)) {
                break p.clone();
            }
            from -= 1;
        };
        for k in from..path.len() {
            let node = path.id(k);
            pos = play_chess(&pos, path.code(k), node)?.0;
            if self.chess_cache.len() >= POS_CACHE_LIMIT {
                self.chess_cache.clear();
            }
            self.chess_cache.insert(node, pos.clone());
        }
        Ok(pos)
    }

    /// A tree position at the end of `path`, replayed from the root (trees are cheap).
    fn tree_position<G: Game>(root: G, path: Path) -> Result<G, WasmError> {
        let mut buf = Vec::new();
        let mut pos = root;
        for k in 0..path.len() {
            let code = path.code(k);
            pos = child_of(&pos, code, &mut buf).ok_or_else(|| WasmError::Node {
                node: path.id(k),
                message: format!("move {code} does not exist here"),
            })?;
        }
        Ok(pos)
    }

    fn chess_at(&mut self, path: Path) -> Result<Position, WasmError> {
        match &self.prepared {
            Prepared::Chess(root) => {
                let root = root.clone();
                Ok(Position::Chess(self.chess_position(&root, path)?))
            }
            _ => Ok(Position::Other),
        }
    }

    fn unsearched_of(
        &mut self,
        path: Path,
        depth: i8,
        searched: &[u16],
    ) -> Result<Vec<u16>, WasmError> {
        let q = self.quiescence && depth <= 0;
        match &self.prepared {
            Prepared::Chess(root) => {
                let root = root.clone();
                let pos = self.chess_position(&root, path)?;
                Ok(unsearched_codes(&pos, q, searched))
            }
            Prepared::Tree(t) => Ok(unsearched_codes(
                &Self::tree_position(t.root(), path)?,
                q,
                searched,
            )),
            Prepared::Random(p) => Ok(unsearched_codes(
                &Self::tree_position(p.root(), path)?,
                q,
                searched,
            )),
        }
    }

    /// The name of the last move of `path`: SAN for chess ("--" for a null move), the child
    /// index for trees, "" for a root.
    fn name_of(&mut self, path: Path) -> Result<String, WasmError> {
        let Some(last) = path.len().checked_sub(1) else {
            return Ok(String::new());
        };
        let code = path.code(last);
        match self.chess_at(path.parent())? {
            Position::Chess(pos) => Ok(play_chess(&pos, code, path.id(last))?.1),
            Position::Other if code == NONE16 => Ok("--".into()),
            Position::Other => Ok(code.to_string()),
        }
    }
}

#[wasm_bindgen]
impl Names {
    /// Starts naming a trace of `input` searched with `config` (only `quiescence.enabled`
    /// matters here). Throws if the input cannot be read (a bad FEN, say).
    #[wasm_bindgen(constructor)]
    pub fn new(input: JsValue, config: JsValue) -> Result<Names, JsError> {
        let input = parse_input(&input)?;
        let config = parse_config_unchecked(&config)?;
        let prepared = input.prepare().map_err(WasmError::from)?;
        Ok(Names {
            prepared,
            quiescence: config.quiescence.enabled,
            chess_cache: HashMap::new(),
        })
    }

    /// Whether the trace is a chess search (SAN names, FENs).
    pub fn is_chess(&self) -> bool {
        matches!(self.prepared, Prepared::Chess(_))
    }

    /// The name of the move into the node at the end of each path of `paths` (see [`Names`]):
    /// "" for a root, "?" for a move that does not exist. Throws if the list is malformed.
    pub fn labels(&mut self, paths: &[u32]) -> Result<Array, JsError> {
        let paths = split_paths(paths)?;
        Ok(paths
            .into_iter()
            .map(|p| JsValue::from_str(&self.name_of(p).unwrap_or_else(|_| "?".into())))
            .collect())
    }

    /// The name of the move with trace code `code` in the position at the end of `path` (SAN
    /// for chess, the child index for trees); "?" when there is no such move.
    pub fn move_name(&mut self, path: &[u32], code: u16) -> String {
        let Ok(path) = one_path(path) else {
            return "?".into();
        };
        match self.chess_at(path) {
            Ok(Position::Chess(pos)) => pos
                .play_code(code)
                .map_or_else(|| "?".into(), |(_, san)| san),
            Ok(Position::Other) if code == NONE16 => "--".into(),
            Ok(Position::Other) => code.to_string(),
            Err(_) => "?".into(),
        }
    }

    /// UCI of the move with trace code `code` (chess, not the null move; else `undefined`):
    /// the squares a board highlights.
    pub fn uci(&self, code: u16) -> Option<String> {
        (self.is_chess() && code != NONE16).then(|| crate::game::chess::code_to_uci(code))
    }

    /// The names of the moves of `path`, from the root down (empty for a root).
    pub fn path(&mut self, path: &[u32]) -> Result<Vec<String>, JsError> {
        let path = one_path(path)?;
        (1..=path.len())
            .map(|k| Ok(self.name_of(Path(&path.0[..2 * k]))?))
            .collect()
    }

    /// FEN of the position at the end of `path` (chess only; `undefined` otherwise).
    pub fn fen(&mut self, path: &[u32]) -> Result<Option<String>, JsError> {
        let path = one_path(path)?;
        match self.chess_at(path)? {
            Position::Chess(pos) => Ok(Some(pos.fen())),
            Position::Other => Ok(None),
        }
    }

    /// The moves the node at the end of `path` considered but never searched, given its depth
    /// (quiescence nodes consider captures only) and the move codes of its children:
    /// `{codes: number[], names: string[]}` in generation order.
    pub fn unsearched(
        &mut self,
        path: &[u32],
        depth: i8,
        searched: &[u16],
    ) -> Result<JsValue, JsError> {
        let path = one_path(path)?;
        let codes = self.unsearched_of(path, depth, searched)?;
        let names = match self.chess_at(path)? {
            Position::Chess(pos) => codes
                .iter()
                .map(|&c| {
                    pos.move_from_code(c)
                        .map_or_else(|| "?".to_string(), |m| pos.san(m))
                })
                .collect(),
            Position::Other => codes.iter().map(u16::to_string).collect(),
        };
        to_js(&Unsearched { codes, names })
    }

    /// For each path of `paths`, how many considered moves its node never searched (0 where
    /// the path leads nowhere): `depths` has one entry per path, `searched` one list per path
    /// (a count, then the children's move codes). One call per frame for every visible node
    /// that stopped early.
    pub fn unsearched_counts(
        &mut self,
        paths: &[u32],
        depths: &[i8],
        searched: &[u32],
    ) -> Result<Uint32Array, JsError> {
        let paths = split_paths(paths)?;
        let lists = split(searched, 1)?;
        if depths.len() != paths.len() || lists.len() != paths.len() {
            return Err(err(format!(
                "{} paths, {} depths and {} lists of searched moves",
                paths.len(),
                depths.len(),
                lists.len()
            )));
        }
        let mut codes = Vec::new();
        let counts: Vec<u32> = paths
            .iter()
            .zip(depths)
            .zip(&lists)
            .map(|((&p, &d), l)| {
                codes.clear();
                codes.extend(l.iter().map(|&c| c as u16));
                self.unsearched_of(p, d, &codes)
                    .map_or(0, |c| c.len() as u32)
            })
            .collect();
        Ok(Uint32Array::from(&counts[..]))
    }
}
