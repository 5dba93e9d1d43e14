//! The trace's JSON form (`docs/trace-format.md`): written by the CLI and the page, read back
//! by [`crate::trace_file::read`]. Nodes and events are streamed one at a time, so a
//! million-node trace never exists as JSON objects in memory.

use crate::game::INF;
use crate::game::Value;
use crate::game::notation::Notation;
use crate::run::chance::probability;
use crate::run::{Input, Prepared, Summary};
use crate::schema::{EventKind, NONE16, PruneReason, StopReason};
use crate::search::config::SearchConfig;
use crate::trace::record::{NodeRec, Recorder};
use crate::trace_file::node_fields::{NodeFields, NodeKey};
use crate::trace_file::walk::{TraceGame, Walk, WithGame};
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

/// One event of the step-through sequence.
#[derive(Serialize)]
struct EventJson<'a> {
    kind: &'static str,
    node: Option<u32>,
    /// Values the event carries ([`EventKind::aux_names`]).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    data: &'a [Value],
}

/// One entry of `roots`: a root search.
#[derive(Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RootJson {
    pub(crate) depth: i32,
    pub(crate) root: u32,
}

/// The header of a JSON trace: everything before `nodes`, in this order.
#[derive(Serialize)]
struct Head<'a> {
    format: &'static str,
    version: u32,
    input: &'a Input,
    config: &'a SearchConfig,
    summary: &'a Summary,
    value: &'a Option<Value>,
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
    let root = |(&root, &depth): (&u32, &i32)| RootJson { depth, root };
    let roots = rec.roots.iter().zip(&rec.root_depths).map(root).collect();
    let head = Head {
        format: FORMAT,
        version: VERSION,
        input,
        config,
        summary,
        value: &summary.value,
        roots,
    };
    let head = serde_json::to_string(&head)?;
    w.write_all(&head.as_bytes()[..head.len() - 1])?;
    w.write_all(b",\n\"nodes\":[\n")?;
    prepared.with_game((&mut w, rec, prepared, config))?;
    w.write_all(b"\n],\n\"events\":[\n")?;
    for (i, mut e) in rec.replay().enumerate() {
        if i > 0 {
            w.write_all(b",\n")?;
        }
        let data = &mut e.aux[..e.kind.aux_words()];
        data.iter_mut().for_each(|v| *v = (*v).clamp(-INF, INF));
        let (kind, node) = (e.kind.name(), e.node);
        serde_json::to_writer(&mut w, &EventJson { kind, node, data })?;
    }
    w.write_all(b"\n]}\n")?;
    Ok(())
}

/// Moves pruned for a reason of their own (`prune` events: SEE, uncertainty), by node, each
/// node's sorted by move code: the first event for a move decides its reason.
pub(crate) fn own_prune_reasons(rec: &Recorder) -> HashMap<u32, Vec<(u16, &'static str)>> {
    let mut own: HashMap<u32, Vec<(u16, &'static str)>> = HashMap::new();
    for e in rec.replay().filter(|e| e.kind == EventKind::Prune) {
        let r = u8::try_from(e.aux[1]).ok().and_then(PruneReason::from_u8);
        let (Some(node), Some(r)) = (e.node, r) else {
            continue;
        };
        own.entry(node)
            .or_default()
            .push((e.aux[0] as u16, r.name()));
    }
    // By code, the first event of each: a stable sort keeps the tape's order among equals (a
    // scan per event would be quadratic in a hostile file's prune events).
    for list in own.values_mut() {
        list.sort_by_key(|e| e.0);
        list.dedup_by_key(|e| e.0);
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

/// The moves each node's children searched (a null move is none), in compressed-row form: a
/// node's in O(children), 2 bytes a child. Scanning each node's subtree instead costs n²/2 on a
/// chain of n nodes, which a file read back (an explicit tree) can be.
struct Searched {
    offsets: Vec<u32>,
    codes: Vec<u16>,
}

impl Searched {
    fn of(nodes: &[NodeRec]) -> Searched {
        let moved = |n: &&NodeRec| !n.is_root() && n.move_code != NONE16;
        let mut offsets = vec![0u32; nodes.len() + 1];
        for n in nodes.iter().filter(moved) {
            offsets[n.parent as usize + 1] += 1;
        }
        for i in 0..nodes.len() {
            offsets[i + 1] += offsets[i];
        }
        // Each parent's start serves as its fill cursor and ends at the next parent's start;
        // shifting the offsets back afterwards restores them, without a second array of one
        // entry per node (the writer's memory counts against the CLI's memory budget).
        let mut codes = vec![0u16; offsets[nodes.len()] as usize];
        for n in nodes.iter().filter(moved) {
            let slot = &mut offsets[n.parent as usize];
            codes[*slot as usize] = n.move_code;
            *slot += 1;
        }
        offsets.copy_within(0..nodes.len(), 1);
        offsets[0] = 0;
        Searched { offsets, codes }
    }

    /// Node `id`'s, sorted (in place: each node's are asked for once).
    fn get(&mut self, id: usize) -> &[u16] {
        let codes = &mut self.codes[self.offsets[id] as usize..self.offsets[id + 1] as usize];
        codes.sort_unstable();
        codes
    }
}

/// The nodes' writer: the output, the records, the input they searched and its configuration.
impl<W: Write> WithGame for (&mut W, &Recorder, &Prepared, &SearchConfig) {
    type Output = io::Result<()>;

    /// Writes every node in order, replaying its position for the fields that follow from it
    /// and its `pruned` list ([`node_pruned`], with the reasons of [`own_prune_reasons`]).
    fn run<G: TraceGame>(self, root: G) -> io::Result<()> {
        let (w, rec, prepared, config) = self;
        let (notation, explicit_tree) =
            (prepared.notation(), matches!(prepared, Prepared::Tree(_)));
        let (mut f, mut out) = (NodeFields::default(), Vec::new());
        let (own, mut searched) = (own_prune_reasons(rec), Searched::of(&rec.nodes));
        let mut walk = Walk::new(root, config.quiescence.enabled);
        f.pruned.1 = Some(notation);
        for (id, n) in rec.nodes.iter().enumerate() {
            while walk.len() > 0 && (n.is_root() || walk.top() != Some(n.parent)) {
                walk.pop();
            }
            walk.push(id as u32, n).map_err(|e| {
                let msg = format!("node {id} cannot be replayed from its parent ({e:?})");
                io::Error::new(io::ErrorKind::InvalidData, msg)
            })?;
            f.seen = NodeKey::all().map(NodeKey::bit).sum::<u64>();
            (f.id, f.parent) = (id as i64, (!n.is_root()).then_some(n.parent as i64));
            f.index = n.index as i64;
            (f.kind, f.order) = (Some(n.node_kind()), Some(n.order()));
            let side = |v| (v > -INF && v < INF).then_some(v as i64);
            let depth = (!explicit_tree).then_some(n.depth as i64);
            (f.depth, f.alpha, f.beta) = (depth, side(n.alpha), side(n.beta));
            (f.value, f.bound, f.expected) = (n.value as i64, Some(n.bound()), Some(n.expected()));
            (f.flags, f.reason, f.moves) = (n.flags, Some(n.reason()), n.n_moves as i64);
            f.best_index = n.best_index().map(i64::from);
            f.research_of = rec.research_of(id as u32).map(i64::from);
            derive(&mut f, n, &mut walk, prepared, config.chance.is_some());
            let own = own.get(&(id as u32)).map_or(&[][..], Vec::as_slice);
            f.pruned.0.clear();
            node_pruned(
                n.reason(),
                || walk.considered(),
                searched.get(id),
                own,
                &mut f.pruned.0,
            );
            out.clear();
            if id > 0 {
                out.extend_from_slice(b",\n");
            }
            f.write(&mut out);
            w.write_all(&out)?;
        }
        Ok(())
    }
}

/// The fields of node `n` (at the top of `walk`) that follow from its record, the records
/// above it and the game: `ply`, `actual`, the move into it (`move`, and `san` in chess) or its
/// `path`, and a chance branch's `probability` (in a `chance` search). The writer writes them;
/// the JSON reader derives them again with this function and compares. Fills `f` and sets
/// their bits in `f.seen`.
pub(crate) fn derive<G: TraceGame>(
    f: &mut NodeFields,
    n: &NodeRec,
    walk: &mut Walk<G>,
    prepared: &Prepared,
    chance: bool,
) {
    let notation = prepared.notation();
    use NodeKey::{Move, Path, Probability, San};
    f.seen &= !(Path.bit() | Move.bit() | San.bit() | Probability.bit());
    f.seen |= NodeKey::Ply.bit() | NodeKey::Actual.bit();
    (f.ply, f.actual) = (walk.len() as i64 - 1, Some(n.actual()));
    if !notation.named() {
        f.seen |= Path.bit();
        f.path.clear();
        f.path.extend(walk.path_codes().map(i64::from));
        let p = match prepared {
            Prepared::Tree(t) if chance => probability(t, walk.path_codes().map(u32::from)),
            _ => None,
        };
        if let Some(p) = p {
            f.seen |= Probability.bit();
            f.probability = p.to_string();
        }
    } else if !n.is_root() {
        f.seen |= Move.bit();
        f.mv = notation.name(n.move_code);
        if notation == Notation::Uci {
            f.seen |= San.bit();
            f.san = match n.move_code {
                NONE16 => "--".to_string(),
                _ => walk
                    .parent_move()
                    .and_then(|(p, m)| p.san(m))
                    .unwrap_or_default(),
            };
        }
    }
}
