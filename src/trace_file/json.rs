//! The trace's JSON form (`docs/trace-format.md`): written by the CLI and the page, read back
//! by [`crate::trace_file::read`]. Nodes and events are streamed one at a time, so a
//! million-node trace never exists as JSON objects in memory.

use crate::game::INF;
use crate::game::Value;
use crate::game::notation::Notation;
use crate::run::{Input, Prepared, Summary};
use crate::schema::{EventKind, NONE16, PruneReason, StopReason};
use crate::search::config::SearchConfig;
use crate::trace::record::{NodeRec, Recorder};
use crate::trace_file::walk::{TraceGame, Walk, WithGame, with_game};
use serde::Serialize;
use std::collections::HashMap;
use std::io::{self, Write};

/// The `format` field of every trace file.
pub const FORMAT: &str = "prunescope-trace";
/// The trace format's version, in JSON and binary files alike. Bumped whenever a field changes
/// meaning or a required field is added. Version 4 added `pvs_full` and
/// `summary.line_proven_to`, and `pvs` became NegaScout; version 5 fixes a chance search's
/// `summary.scale` before the search, from the tree's weights (search/chance.rs), where version
/// 4 wrote the least common denominator found after it (docs/trace-format.md).
pub const VERSION: u32 = 5;
/// The oldest version readers still open: version-3 files read as before (their summary has
/// no `line_proven_to`; read as `null`). Older versions are refused.
pub const OLDEST_READABLE: u32 = 3;

/// One child a node never searched, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pruned {
    /// Child index (trees) — present for explicit and synthetic trees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub child: Option<u32>,
    /// The move in the game's notation: UCI (chess), a square (tic-tac-toe), `p3-2` (Nim), a
    /// column (Connect Four).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// The node's stop reason, or the move's own (`see`, `uncertainty_cutoff`) from a `prune`
    /// event.
    pub reason: &'static str,
}

/// One node as it appears in the JSON trace (field by field in `docs/trace-format.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeJson {
    pub id: u32,
    pub parent: Option<u32>,
    pub ply: u32,
    /// Child indices from the root (trees).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<u32>>,
    /// The move into this node in the game's notation (absent at a root and for trees): UCI
    /// for chess ("0000" for the null move), docs/games.md for the small games ("--" for the
    /// null move).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// SAN of that move (chess; "--" for the null move).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub san: Option<String>,
    /// Position of the move in the parent's (ordered) move list; 0 at a root, 65535 for the
    /// null move.
    pub index: u32,
    /// How the node came to be searched ([`crate::schema::NodeKind`]).
    pub kind: &'static str,
    /// Which ordering heuristic placed the move ([`crate::schema::OrderSource`]).
    pub order: &'static str,
    /// Remaining depth (null for explicit trees, which are searched to their leaves).
    pub depth: Option<i32>,
    pub alpha: Option<Value>,
    pub beta: Option<Value>,
    pub value: Value,
    pub bound: &'static str,
    pub expected: &'static str,
    pub actual: &'static str,
    pub uncertain: bool,
    pub reason: &'static str,
    /// Moves the node considered (0 if it never generated moves).
    pub moves: u32,
    /// Index in the move list of the move that produced `value`.
    pub best_index: Option<u32>,
    pub pruned: Vec<Pruned>,
    pub research_of: Option<u32>,
    /// A chance search's branch below a chance node: its probability `w/S` in lowest terms
    /// (derived from the tree text; added to version 4, absent elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub probability: Option<String>,
}

/// One event of the step-through sequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EventJson {
    pub kind: &'static str,
    pub node: Option<u32>,
    /// Values the event carries ([`EventKind::aux_names`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub data: Vec<Value>,
}

/// One root search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RootJson {
    pub depth: i32,
    pub root: u32,
}

/// A window side as JSON: `null` when unbounded.
pub(crate) fn bounded(v: Value) -> Option<Value> {
    if v <= -INF || v >= INF { None } else { Some(v) }
}

/// Children of every node in compressed-row form, in search order.
pub(crate) struct Children {
    offsets: Vec<u32>,
    ids: Vec<u32>,
}

impl Children {
    pub(crate) fn of(nodes: &[NodeRec]) -> Children {
        let mut offsets = vec![0u32; nodes.len() + 1];
        for n in nodes.iter().filter(|n| !n.is_root()) {
            offsets[n.parent as usize + 1] += 1;
        }
        for i in 0..nodes.len() {
            offsets[i + 1] += offsets[i];
        }
        // Each parent's start serves as its fill cursor and ends at the next parent's start;
        // shifting the offsets back afterwards restores them, without a second array of one
        // entry per node (the writer's memory counts against the CLI's memory budget).
        let mut ids = vec![0u32; offsets[nodes.len()] as usize];
        for (id, n) in nodes.iter().enumerate().filter(|(_, n)| !n.is_root()) {
            let slot = &mut offsets[n.parent as usize];
            ids[*slot as usize] = id as u32;
            *slot += 1;
        }
        offsets.copy_within(0..nodes.len(), 1);
        offsets[0] = 0;
        Children { offsets, ids }
    }
    pub(crate) fn get(&self, id: usize) -> &[u32] {
        &self.ids[self.offsets[id] as usize..self.offsets[id + 1] as usize]
    }
}

/// The header of a JSON trace: everything before `nodes`, in this order.
#[derive(Serialize)]
struct Head<'a> {
    format: &'static str,
    version: u32,
    input: &'a Input,
    config: &'a SearchConfig,
    summary: &'a Summary,
    value: &'a serde_json::Value,
    roots: Vec<RootJson>,
}

/// Writes the trace of a finished search (or of a trace file read back) as JSON.
pub fn write_trace<W: Write>(
    mut w: W,
    input: &Input,
    prepared: &Prepared,
    config: &SearchConfig,
    summary: &Summary,
    rec: &Recorder,
) -> io::Result<()> {
    let value = serde_json::to_value(summary.value)?;
    let head = Head {
        format: FORMAT,
        version: VERSION,
        input,
        config,
        summary,
        value: &value,
        roots: rec
            .roots
            .iter()
            .zip(&rec.root_depths)
            .map(|(&root, &depth)| RootJson { depth, root })
            .collect(),
    };
    let head = serde_json::to_string(&head)?;
    w.write_all(&head.as_bytes()[..head.len() - 1])?;
    w.write_all(b",\n\"nodes\":[\n")?;
    with_game(
        prepared,
        WriteNodes {
            w: &mut w,
            rec,
            chess: prepared.is_chess(),
            notation: prepared.notation(),
            explicit_tree: matches!(prepared, Prepared::Tree(_)),
            quiescence: config.quiescence.enabled,
            chance_tree: match prepared {
                Prepared::Tree(t) if config.chance.is_some() => Some(t),
                _ => None,
            },
        },
    )?;
    w.write_all(b"\n],\n\"events\":[\n")?;
    for (i, e) in rec.replay().enumerate() {
        if i > 0 {
            w.write_all(b",\n")?;
        }
        let ev = EventJson {
            kind: e.kind.name(),
            node: e.node,
            data: e.aux[..e.kind.aux_words()]
                .iter()
                .map(|&v| v.clamp(-INF, INF))
                .collect(),
        };
        serde_json::to_writer(&mut w, &ev)?;
    }
    w.write_all(b"\n]}\n")?;
    Ok(())
}

/// Moves pruned for a reason of their own (`prune` events: SEE, uncertainty), by node: the
/// first event for a move decides its reason.
pub(crate) fn own_prune_reasons(rec: &Recorder) -> HashMap<u32, Vec<(u16, &'static str)>> {
    let mut own: HashMap<u32, Vec<(u16, &'static str)>> = HashMap::new();
    for e in rec.replay().filter(|e| e.kind == EventKind::Prune) {
        if let (Some(node), Some(r)) = (
            e.node,
            u8::try_from(e.aux[1]).ok().and_then(PruneReason::from_u8),
        ) {
            let list = own.entry(node).or_default();
            let code = e.aux[0] as u16;
            if !list.iter().any(|&(c, _)| c == code) {
                list.push((code, r.name()));
            }
        }
    }
    own
}

/// Whether a node that stopped with `reason` lists the moves it considered and no child
/// searched, and the reason they carry unless a `prune` event gives one of their own: the
/// node's stop reason when it prunes ([`StopReason::prune_reason`]). A node that searched all
/// its moves (`all_moves`) skips only moves with a reason of their own (losing captures in
/// quiescence, `see`), so its default is never used. Leaves, terminal positions, draws and
/// repetitions consider no moves worth listing: their moves are beyond the horizon or the end.
pub(crate) fn unsearched_reason(reason: StopReason) -> Option<&'static str> {
    reason
        .prune_reason()
        .or((reason == StopReason::AllMoves).then_some(reason.name()))
}

/// The `pruned` list of one node (docs/trace-format.md), the one rule the trace writer and the
/// page (through `wasm::names`) use: of the moves the node considered (`considered`, in
/// generation order), those whose codes no child carries (`searched`, sorted), each with its
/// own reason from the node's `prune` events (`own`, in tape order: the first event for a move
/// decides), else the node's stop reason — and nothing for a node whose stop reason lists no
/// unsearched moves ([`unsearched_reason`]). `considered` is asked only when the node lists
/// moves, so leaves cost no move generation. Appends `(move code, reason name)` to `out`.
pub(crate) fn node_pruned<C: AsRef<[u16]>>(
    reason: StopReason,
    considered: impl FnOnce() -> C,
    searched: &[u16],
    own: &[(u16, &'static str)],
    out: &mut Vec<(u16, &'static str)>,
) {
    let Some(default) = unsearched_reason(reason) else {
        return;
    };
    out.extend(
        considered()
            .as_ref()
            .iter()
            .filter(|c| searched.binary_search(c).is_err())
            .map(|&c| {
                let r = own
                    .iter()
                    .find(|&&(o, _)| o == c)
                    .map_or(default, |&(_, r)| r);
                (c, r)
            }),
    );
}

struct WriteNodes<'a, W: Write> {
    w: &'a mut W,
    rec: &'a Recorder,
    chess: bool,
    notation: Notation,
    explicit_tree: bool,
    quiescence: bool,
    /// The tree of a chance search (its branches' probabilities are written).
    chance_tree: Option<&'a crate::game::tree::Tree>,
}

impl<W: Write> WithGame for WriteNodes<'_, W> {
    type Output = io::Result<()>;

    fn run<G: TraceGame>(self, root: G) -> io::Result<()> {
        let WriteNodes {
            w,
            rec,
            chess,
            notation,
            explicit_tree,
            quiescence,
            chance_tree,
        } = self;
        let named = notation.named();
        let children = Children::of(&rec.nodes);
        let own = own_prune_reasons(rec);
        let mut walk = Walk::new(root, quiescence);
        let mut searched: Vec<u16> = Vec::new();
        let mut listed: Vec<(u16, &'static str)> = Vec::new();
        for (id, n) in rec.nodes.iter().enumerate() {
            while walk.len() > 0 && (n.is_root() || walk.top() != Some(n.parent)) {
                walk.pop();
            }
            walk.push(id as u32, n).map_err(|e| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("node {id} cannot be replayed from its parent ({e:?})"),
                )
            })?;
            let reason = n.reason();
            let mut node = NodeJson {
                id: id as u32,
                parent: (!n.is_root()).then_some(n.parent),
                ply: walk.len() as u32 - 1,
                path: None,
                mv: None,
                san: None,
                index: n.index as u32,
                kind: n.node_kind().name(),
                order: n.order().name(),
                depth: (!explicit_tree).then_some(n.depth as i32),
                alpha: bounded(n.alpha),
                beta: bounded(n.beta),
                value: n.value,
                bound: n.bound().name(),
                expected: n.expected().name(),
                actual: n.actual().name(),
                uncertain: n.uncertain(),
                reason: reason.name(),
                moves: n.n_moves as u32,
                best_index: n.best_index(),
                pruned: Vec::new(),
                research_of: rec.research_of(id as u32),
                probability: None,
            };
            if named {
                if !n.is_root() {
                    node.mv = Some(notation.name(n.move_code));
                }
                if chess && !n.is_root() {
                    node.san = Some(if n.move_code == NONE16 {
                        "--".to_string()
                    } else {
                        walk.parent_move()
                            .and_then(|(p, m)| p.san(m))
                            .unwrap_or_default()
                    });
                }
            } else {
                node.path = Some(walk.path_codes().map(u32::from).collect());
                if let Some(t) = chance_tree {
                    node.probability =
                        crate::run::chance::probability(t, walk.path_codes().map(u32::from))
                            .map(|f| f.to_string());
                }
            }
            searched.clear();
            searched.extend(
                children
                    .get(id)
                    .iter()
                    .map(|&k| rec.nodes[k as usize].move_code)
                    .filter(|&c| c != NONE16),
            );
            searched.sort_unstable();
            listed.clear();
            node_pruned(
                reason,
                || walk.considered(),
                &searched,
                own.get(&(id as u32)).map_or(&[][..], Vec::as_slice),
                &mut listed,
            );
            node.pruned = listed
                .iter()
                .map(|&(c, reason)| Pruned {
                    child: (!named).then_some(c as u32),
                    mv: named.then(|| notation.name(c)),
                    reason,
                })
                .collect();
            if id > 0 {
                w.write_all(b",\n")?;
            }
            serde_json::to_writer(&mut *w, &node)?;
        }
        Ok(())
    }
}
