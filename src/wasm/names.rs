//! Naming the nodes of a trace on the page's thread, for any input: the move into a node (SAN
//! for chess, the child index for trees, the game's notation for the small games), the path from the root, the position (FEN), and the
//! moves a node pruned, with their reasons.
//!
//! The handle keeps no column of its own: the page's store already holds every node's parent
//! and move code, so the page describes each node it asks about by its *path*, and nothing is
//! copied per node while a trace streams in (a second copy cost 19 bytes a node and a wasm call
//! per batch; issue 13). A path is a flat list of `u32`s: the number of moves `n`, then `n`
//! pairs (node id, move code) from the first move below the root down to the node itself. A
//! root's path is `[0]`. Lists of paths are such paths one after another.
//!
//! "The moves a node pruned" are its `pruned` list as the trace writer gives it
//! ([`crate::trace_file::json::node_pruned`], the one rule): its considered moves
//! ([`crate::search::considered_moves`]) whose codes no child of the node carries, each with
//! its own prune reason (SEE, uncertainty) or the node's stop reason — for every stop reason
//! that lists them, including cut-offs that came before the node generated its moves
//! (transposition table, null move, stand pat), where the record's `n_moves` is 0, and nodes
//! that searched every move but skipped some by SEE. The page sends what its store holds of
//! each node (stop reason, depth, children's codes, prune events) and gets flat arrays back.

use super::{WasmError, err, parse_config_unchecked, parse_input};
use crate::game::Game;
#[cfg(feature = "chess")]
use crate::game::chess::ChessPos;
use crate::game::registry::{SmallGame, VisitGame, move_by_code};
use crate::run::{Prepared, WithGame, board};
use crate::schema::{NONE16, PruneReason, StopReason};
use crate::search::considered_moves;
use crate::trace_file::json::node_pruned;
use js_sys::{Array, Uint8Array, Uint16Array, Uint32Array};
#[cfg(feature = "chess")]
use std::collections::HashMap;
use wasm_bindgen::prelude::*;

/// Cached chess positions before the cache is cleared.
#[cfg(feature = "chess")]
const POS_CACHE_LIMIT: usize = 1 << 14;

/// Names the nodes of one trace. Created from the trace's input and configuration (which says
/// whether quiescence search was on); every question names its node by path (module docs).
#[wasm_bindgen]
pub struct Names {
    prepared: Prepared,
    quiescence: bool,
    /// Chess positions by node id, for paths that share their beginning (a frame's labels).
    #[cfg(feature = "chess")]
    chess_cache: HashMap<u32, ChessPos>,
}

/// The pruned moves of a list of nodes, flat: node `k`'s are `offsets[k] .. offsets[k + 1]`.
#[derive(Default)]
struct PrunedLists {
    offsets: Vec<u32>,
    /// Move codes (the trace's `move_code` of the child each would have been).
    codes: Vec<u16>,
    /// Each move's reason, as an index into `reason_names`.
    reasons: Vec<u8>,
    /// The reasons' schema names (a stop reason's or a prune reason's), each once.
    reason_names: Vec<&'static str>,
    /// The moves' names (SAN for chess, the child index for trees, the game's notation for
    /// the small games), when asked for.
    names: Option<Vec<String>>,
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
            "paths",
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
    move_by_code(pos, code, buf).map(|m| pos.play(m))
}

/// The codes of the moves `pos` considers, in generation order.
fn considered_codes<G: Game>(pos: &G, quiescence_node: bool) -> Vec<u16> {
    let mut moves = Vec::new();
    considered_moves(pos, quiescence_node, &mut moves);
    moves
        .iter()
        .enumerate()
        .map(|(i, &m)| pos.move_code(m, i))
        .collect()
}

#[cfg(feature = "chess")]
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
    #[cfg(feature = "chess")]
    Chess(ChessPos),
    Other,
}

impl Names {
    #[cfg(feature = "chess")]
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

    /// A tree or small-game position at the end of `path`, replayed from the root (they are
    /// cheap to replay).
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

    #[cfg_attr(not(feature = "chess"), allow(unused_variables))]
    fn chess_at(&mut self, path: Path) -> Result<Position, WasmError> {
        match &self.prepared {
            #[cfg(feature = "chess")]
            Prepared::Chess(root) => {
                let root = root.clone();
                Ok(Position::Chess(self.chess_position(&root, path)?))
            }
            _ => Ok(Position::Other),
        }
    }

    /// The codes of the moves the node at the end of `path` considered (quiescence nodes,
    /// at depth 0 and below with quiescence on, consider captures only).
    fn considered_of(&mut self, path: Path, depth: i8) -> Result<Vec<u16>, WasmError> {
        let q = self.quiescence && depth <= 0;
        match &self.prepared {
            #[cfg(feature = "chess")]
            Prepared::Chess(root) => {
                let root = root.clone();
                let pos = self.chess_position(&root, path)?;
                Ok(considered_codes(&pos, q))
            }
            other => {
                struct Considered<'a>(Path<'a>, bool);
                impl WithGame for Considered<'_> {
                    type Output = Result<Vec<u16>, WasmError>;
                    fn run<G: Game>(self, root: G) -> Self::Output {
                        Ok(considered_codes(
                            &Names::tree_position(root, self.0)?,
                            self.1,
                        ))
                    }
                }
                other.with_game(Considered(path, q))
            }
        }
    }

    /// The names of moves `codes` in the position at the end of `path`.
    fn move_names(&mut self, path: Path, codes: &[u16]) -> Result<Vec<String>, WasmError> {
        Ok(match self.chess_at(path)? {
            #[cfg(feature = "chess")]
            Position::Chess(pos) => codes
                .iter()
                .map(|&c| {
                    pos.move_from_code(c)
                        .map_or_else(|| "?".to_string(), |m| pos.san(m))
                })
                .collect(),
            Position::Other => {
                let notation = self.prepared.notation();
                codes.iter().map(|&c| notation.name(c)).collect()
            }
        })
    }

    /// The name of the last move of `path`: SAN for chess ("--" for a null move), the child
    /// index for trees, "" for a root.
    fn name_of(&mut self, path: Path) -> Result<String, WasmError> {
        let Some(last) = path.len().checked_sub(1) else {
            return Ok(String::new());
        };
        let code = path.code(last);
        match self.chess_at(path.parent())? {
            #[cfg(feature = "chess")]
            Position::Chess(pos) => Ok(play_chess(&pos, code, path.id(last))?.1),
            Position::Other if code == NONE16 => Ok("--".into()),
            Position::Other => Ok(self.prepared.notation().name(code)),
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
            #[cfg(feature = "chess")]
            chess_cache: HashMap::new(),
        })
    }

    /// Whether the trace is a chess search (SAN names, FENs).
    pub fn is_chess(&self) -> bool {
        self.prepared.is_chess()
    }

    /// A value stored in the transposition table (a `tt_hit` event's), as the search reads it
    /// back at a node `ply` plies below the root: the core's own
    /// [`crate::search::techniques::tt::value_from_tt`] with this input's win bound, so that a
    /// win stored counted from its node is counted from the root, as every other value the page
    /// shows. The narration asks here, so the rule lives in Rust only (issue 27). A tree stores
    /// no win: its values come back unchanged, as do the unbounded ones.
    pub fn table_value(&self, v: i32, ply: u32) -> i32 {
        let b = match &self.prepared {
            Prepared::Tree(_) | Prepared::Random(_) => return v,
            #[cfg(feature = "chess")]
            Prepared::Chess(_) => crate::game::CHESS_MATE_BOUND,
            Prepared::Game(g) => g.id().mate_bound(),
        };
        if v.abs() >= crate::game::INF {
            return v;
        }
        crate::search::techniques::tt::value_from_tt(v, ply, b)
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
    /// for chess, the child index for trees, the game's notation for the small games); "?" when there is no such move.
    pub fn move_name(&mut self, path: &[u32], code: u16) -> String {
        let Ok(path) = one_path(path) else {
            return "?".into();
        };
        match self.chess_at(path) {
            #[cfg(feature = "chess")]
            Ok(Position::Chess(pos)) => pos
                .play_code(code)
                .map_or_else(|| "?".into(), |(_, san)| san),
            Ok(Position::Other) if code == NONE16 => "--".into(),
            Ok(Position::Other) => self.prepared.notation().name(code),
            Err(_) => "?".into(),
        }
    }

    /// UCI of the move with trace code `code` (chess, not the null move; else `undefined`):
    /// the squares a board highlights.
    pub fn uci(&self, code: u16) -> Option<String> {
        (self.is_chess() && code != NONE16).then(|| crate::game::notation::Notation::Uci.name(code))
    }

    /// The names of the moves of `path`, from the root down (empty for a root).
    pub fn path(&mut self, path: &[u32]) -> Result<Vec<String>, JsError> {
        let path = one_path(path)?;
        (1..=path.len())
            .map(|k| self.name_of(Path(&path.0[..2 * k])).map_err(JsError::from))
            .collect()
    }

    /// FEN of the position at the end of `path` (chess only; `undefined` otherwise).
    pub fn fen(&mut self, path: &[u32]) -> Result<Option<String>, JsError> {
        let path = one_path(path)?;
        match self.chess_at(path)? {
            #[cfg(feature = "chess")]
            Position::Chess(pos) => Ok(Some(pos.fen())),
            Position::Other => Ok(None),
        }
    }

    /// The board of the small-game position at the end of `path` (see [`Names`]), as
    /// `game_view` answers it, with `last` the move into it: `undefined` for other inputs.
    /// Throws if the path is malformed or leads nowhere.
    pub fn game_view(&mut self, path: &[u32]) -> Result<JsValue, JsError> {
        let path = one_path(path)?;
        let Prepared::Game(g) = &self.prepared else {
            return Ok(JsValue::UNDEFINED);
        };
        struct At<'a>(Path<'a>);
        impl VisitGame for At<'_> {
            type Output = Result<board::BoardView, WasmError>;
            fn visit<G: SmallGame>(self, root: &G) -> Self::Output {
                Ok(board::view(&Names::tree_position(*root, self.0)?))
            }
        }
        let mut view = g.visit(At(path))?;
        if let Some(k) = path.len().checked_sub(1) {
            view.last = board::last_move(&view, path.code(k));
        }
        super::to_js(&view)
    }

    /// The `pruned` lists of the nodes at the ends of `paths` (see [`Names`]), as the trace
    /// file gives them ([`node_pruned`]), in one call for any number of nodes. Per path: its
    /// node's depth (`depths`), stop-reason code (`reasons`), its children's move codes
    /// (`searched`: a count, then the codes) and its own prune events in tape order (`own`: a
    /// count, then (move code, prune-reason code) pairs). With `named`, the moves' names too.
    /// Answers `{offsets: Uint32Array, codes: Uint16Array, reasons: Uint8Array, reason_names:
    /// string[], names?: string[]}`: node `k`'s moves are `offsets[k] .. offsets[k + 1]` of
    /// `codes`, each with the reason `reason_names[reasons[i]]`. A node whose path leads
    /// nowhere lists none. Throws if the lists are malformed or disagree in length, or a stop
    /// reason is not a schema code.
    pub fn pruned(
        &mut self,
        paths: &[u32],
        depths: &[i8],
        reasons: &[u8],
        searched: &[u32],
        own: &[u32],
        named: bool,
    ) -> Result<JsValue, JsError> {
        let lists = self.pruned_lists(paths, depths, reasons, searched, own, named)?;
        let out = js_sys::Object::new();
        let set = |k: &str, v: JsValue| js_sys::Reflect::set(&out, &JsValue::from_str(k), &v);
        let names: Array = lists
            .reason_names
            .iter()
            .map(|&n| JsValue::from_str(n))
            .collect();
        set("offsets", Uint32Array::from(&lists.offsets[..]).into())
            .and(set("codes", Uint16Array::from(&lists.codes[..]).into()))
            .and(set("reasons", Uint8Array::from(&lists.reasons[..]).into()))
            .and(set("reason_names", names.into()))
            .and(match &lists.names {
                Some(n) => set(
                    "names",
                    n.iter()
                        .map(|s| JsValue::from_str(s))
                        .collect::<Array>()
                        .into(),
                ),
                None => Ok(true),
            })
            .map_err(|_| err("cannot build the answer"))?;
        Ok(out.into())
    }
}

impl Names {
    fn pruned_lists(
        &mut self,
        paths: &[u32],
        depths: &[i8],
        reasons: &[u8],
        searched: &[u32],
        own: &[u32],
        named: bool,
    ) -> Result<PrunedLists, WasmError> {
        let paths = split_paths(paths)?;
        let searched = split(searched, 1)?;
        let own = split(own, 2)?;
        let n = paths.len();
        if depths.len() != n || reasons.len() != n || searched.len() != n || own.len() != n {
            return Err(WasmError::argument(
                "paths",
                format!(
                    "{n} paths, {} depths, {} stop reasons, {} lists of searched moves and {} \
                     lists of prune events",
                    depths.len(),
                    reasons.len(),
                    searched.len(),
                    own.len()
                ),
            ));
        }
        let mut out = PrunedLists {
            offsets: vec![0],
            names: named.then(Vec::new),
            ..PrunedLists::default()
        };
        let mut kids: Vec<u16> = Vec::new();
        let mut events: Vec<(u16, &'static str)> = Vec::new();
        let mut listed: Vec<(u16, &'static str)> = Vec::new();
        for k in 0..n {
            let reason = StopReason::from_u8(reasons[k]).ok_or_else(|| {
                WasmError::argument(
                    "reasons",
                    format!("node {k}: stop reason {} is not a schema code", reasons[k]),
                )
            })?;
            kids.clear();
            kids.extend(searched[k].iter().map(|&c| c as u16));
            kids.sort_unstable();
            events.clear();
            events.extend(own[k].chunks_exact(2).filter_map(|e| {
                let r = u8::try_from(e[1]).ok().and_then(PruneReason::from_u8)?;
                Some((e[0] as u16, r.name()))
            }));
            listed.clear();
            // A path that leads nowhere lists nothing (as `labels` names it "?").
            node_pruned(
                reason,
                || self.considered_of(paths[k], depths[k]).unwrap_or_default(),
                &kids,
                &events,
                &mut listed,
            );
            for &(code, why) in &listed {
                let r = match out.reason_names.iter().position(|&x| x == why) {
                    Some(i) => i,
                    None => {
                        out.reason_names.push(why);
                        out.reason_names.len() - 1
                    }
                };
                out.codes.push(code);
                out.reasons.push(r as u8);
            }
            if let Some(names) = &mut out.names {
                let codes: Vec<u16> = listed.iter().map(|&(c, _)| c).collect();
                names.extend(
                    self.move_names(paths[k], &codes)
                        .unwrap_or_else(|_| vec!["?".into(); codes.len()]),
                );
            }
            out.offsets.push(out.codes.len() as u32);
        }
        Ok(out)
    }
}
