//! The trace's JSON form (`docs/trace-format.md`): written by the CLI and the page, read back
//! by `prunescope diff` and the page's "open trace". Nodes are streamed one at a time so a
//! million-node trace never exists twice in memory.

use super::record::{NodeRec, Recorder, plies};
use crate::game::Game;
use crate::game::INF;
use crate::game::Value;
use crate::game::chess::{ChessPos, code_to_uci};
use crate::lab::{Input, Prepared, Summary};
use crate::search::config::SearchConfig;
use crate::trace::schema::EventKind;
use crate::trace::schema::PruneReason;
use serde::{Deserialize, Serialize};
use std::io::{self, Write};

/// The `format` field of every trace file.
pub const FORMAT: &str = "prunescope-trace";
/// Bumped whenever a field changes meaning or a required field is added.
pub const VERSION: u32 = 2;

/// One child a node never searched, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pruned {
    /// Child index (trees) — present for explicit and synthetic trees.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub child: Option<u32>,
    /// UCI move (chess).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none", default)]
    pub mv: Option<String>,
    pub reason: String,
}

/// One node as it appears in the JSON trace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeJson {
    pub id: u32,
    pub parent: Option<u32>,
    pub ply: u32,
    /// Child indices from the root (trees).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub path: Option<Vec<u32>>,
    /// UCI move into this node (chess; null at a root).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none", default)]
    pub mv: Option<String>,
    /// SAN of that move (chess).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub san: Option<String>,
    /// Position of the move in the parent's (ordered) move list.
    pub index: u32,
    /// How the node came to be searched: normal, null, mc_probe, reduced, lmr_research,
    /// extended, quiescence.
    pub kind: String,
    /// Which ordering heuristic placed the move: generated, tt, capture, killer, refutation,
    /// history, previous_best.
    pub order: String,
    /// Remaining depth (null for explicit trees, which are searched to their leaves).
    pub depth: Option<i32>,
    pub alpha: Option<Value>,
    pub beta: Option<Value>,
    pub value: Value,
    pub bound: String,
    pub expected: String,
    pub actual: String,
    pub uncertain: bool,
    pub reason: String,
    /// Legal moves at this node (0 if it never generated moves).
    pub moves: u32,
    /// Index in the move list of the move that produced `value`.
    pub best_index: Option<u32>,
    pub pruned: Vec<Pruned>,
    pub research_of: Option<u32>,
}

/// One event of the step-through sequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventJson {
    pub kind: String,
    pub node: Option<u32>,
    /// Values the event carries (see the format doc per kind).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub data: Vec<Value>,
}

/// One root search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RootJson {
    pub depth: i32,
    pub root: u32,
}

/// A whole trace file, as read back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceDoc {
    pub format: String,
    pub version: u32,
    pub input: Input,
    pub config: SearchConfig,
    /// The root value (`summary.value`), `None` when no iteration finished.
    pub value: Option<Value>,
    pub summary: Summary,
    pub roots: Vec<RootJson>,
    pub nodes: Vec<NodeJson>,
    pub events: Vec<EventJson>,
}

fn bounded(v: Value) -> Option<Value> {
    if v <= -INF || v >= INF { None } else { Some(v) }
}

/// Children of every node in compressed-row form, in search order.
struct Children {
    offsets: Vec<u32>,
    ids: Vec<u32>,
}

impl Children {
    fn of(nodes: &[NodeRec]) -> Children {
        let mut offsets = vec![0u32; nodes.len() + 1];
        for n in nodes.iter().filter(|n| !n.is_root()) {
            offsets[n.parent as usize + 1] += 1;
        }
        for i in 0..nodes.len() {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut ids = vec![0u32; offsets[nodes.len()] as usize];
        for (id, n) in nodes.iter().enumerate().filter(|(_, n)| !n.is_root()) {
            let slot = &mut fill[n.parent as usize];
            ids[*slot as usize] = id as u32;
            *slot += 1;
        }
        Children { offsets, ids }
    }
    fn get(&self, id: usize) -> &[u32] {
        &self.ids[self.offsets[id] as usize..self.offsets[id + 1] as usize]
    }
}

/// Writes the trace of a finished search as JSON.
pub fn write_trace<W: Write>(
    mut w: W,
    input: &Input,
    prepared: &Prepared,
    config: &SearchConfig,
    summary: &Summary,
    rec: &Recorder,
) -> io::Result<()> {
    let head = serde_json::json!({
        "format": FORMAT,
        "version": VERSION,
        "input": input,
        "config": config,
        "value": summary.value,
        "summary": summary,
        "roots": rec.roots.iter().zip(&rec.root_depths)
            .map(|(&root, &depth)| RootJson { depth, root }).collect::<Vec<_>>(),
    });
    let head = serde_json::to_string(&head)?;
    w.write_all(&head.as_bytes()[..head.len() - 1])?;
    w.write_all(b",\n\"nodes\":[\n")?;
    let children = Children::of(&rec.nodes);
    let plies = plies(&rec.nodes);
    // Moves pruned for a reason of their own (SEE, uncertainty), by node.
    let mut own_reason: std::collections::HashMap<u32, Vec<(u16, &'static str)>> =
        std::collections::HashMap::new();
    for e in rec.replay().filter(|e| e.kind == EventKind::Prune) {
        if let (Some(node), Some(r)) = (
            e.node,
            u8::try_from(e.aux[1]).ok().and_then(PruneReason::from_u8),
        ) {
            own_reason
                .entry(node)
                .or_default()
                .push((e.aux[0] as u16, r.name()));
        }
    }
    let reason_of = |id: usize, code: u16, default: &str| -> String {
        own_reason
            .get(&(id as u32))
            .and_then(|v| v.iter().find(|(c, _)| *c == code))
            .map_or(default, |(_, r)| r)
            .to_string()
    };
    let is_tree = !matches!(prepared, Prepared::Chess(_));
    let mut paths: Vec<Vec<u32>> = Vec::new(); // path per open ancestor (trees)
    let mut stack: Vec<(u32, Option<ChessPos>)> = Vec::new(); // open ancestors (chess)
    for (id, n) in rec.nodes.iter().enumerate() {
        let reason = n.reason();
        let mut node = NodeJson {
            id: id as u32,
            parent: (!n.is_root()).then_some(n.parent),
            ply: plies[id],
            path: None,
            mv: None,
            san: None,
            index: n.index as u32,
            kind: n.node_kind().name().to_string(),
            order: n.order().name().to_string(),
            depth: (!matches!(prepared, Prepared::Tree(_))).then_some(n.depth as i32),
            alpha: bounded(n.alpha),
            beta: bounded(n.beta),
            value: n.value,
            bound: format!("{:?}", n.bound()).to_lowercase(),
            expected: n.expected().name().to_string(),
            actual: n.actual().name().to_string(),
            uncertain: n.uncertain(),
            reason: reason.name().to_string(),
            moves: n.n_moves as u32,
            best_index: n.best_index(),
            pruned: Vec::new(),
            research_of: rec.research_of(id as u32),
        };
        let kids = children.get(id);
        let prune_reason = reason.prune_reason().unwrap_or("not_searched");
        if is_tree {
            paths.truncate(plies[id] as usize);
            let mut path = paths.last().cloned().unwrap_or_default();
            if !n.is_root() {
                path.push(n.move_code as u32);
            }
            if n.n_moves > 0 {
                let mut seen = vec![false; n.n_moves as usize];
                for &k in kids {
                    if let Some(s) = seen.get_mut(rec.nodes[k as usize].move_code as usize) {
                        *s = true;
                    }
                }
                node.pruned = (0..n.n_moves as u32)
                    .filter(|&c| !seen[c as usize])
                    .map(|c| Pruned {
                        child: Some(c),
                        mv: None,
                        reason: reason_of(id, c as u16, prune_reason),
                    })
                    .collect();
            }
            paths.push(path.clone());
            node.path = Some(path);
        } else if let Prepared::Chess(root) = prepared {
            while stack.last().is_some_and(|&(top, _)| top != n.parent) {
                stack.pop();
            }
            let pos = match stack.last() {
                None => Some(root.clone()),
                Some((_, parent_pos)) => {
                    node.mv = Some(code_to_uci(n.move_code));
                    parent_pos.as_ref().and_then(|p| {
                        let (child, san) = p.play_code(n.move_code)?;
                        node.san = Some(san);
                        Some(child)
                    })
                }
            };
            if let Some(p) = &pos
                && n.n_moves > 0
            {
                let searched: Vec<u16> = kids
                    .iter()
                    .map(|&k| rec.nodes[k as usize].move_code)
                    .collect();
                let quiescence = n.depth <= 0 && config.quiescence.enabled;
                node.pruned = p
                    .unsearched_moves(&searched, quiescence)
                    .into_iter()
                    .map(|m| {
                        let c = p.move_code(m, 0);
                        Pruned {
                            child: None,
                            mv: Some(code_to_uci(c)),
                            reason: reason_of(id, c, prune_reason),
                        }
                    })
                    .collect();
            }
            stack.push((id as u32, pos));
        }
        if id > 0 {
            w.write_all(b",\n")?;
        }
        serde_json::to_writer(&mut w, &node)?;
    }
    w.write_all(b"\n],\n\"events\":[\n")?;
    for (i, e) in rec.replay().enumerate() {
        if i > 0 {
            w.write_all(b",\n")?;
        }
        let ev = EventJson {
            kind: e.kind.name().to_string(),
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

/// Reads a trace file back, checking that it is one and that its nodes are consistent.
pub fn read_trace(text: &str) -> Result<TraceDoc, String> {
    let probe: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not a JSON trace file: {e}"))?;
    if probe.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(format!(
            "not a prunescope trace: the top-level \"format\" must be \"{FORMAT}\""
        ));
    }
    match probe.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == VERSION as u64 => {}
        Some(v) => {
            return Err(format!(
                "trace format version {v} is not supported (this build reads version {VERSION})"
            ));
        }
        None => return Err("the trace has no numeric \"version\"".to_string()),
    }
    let doc: TraceDoc =
        serde_json::from_value(probe).map_err(|e| format!("malformed trace file: {e}"))?;
    for (i, n) in doc.nodes.iter().enumerate() {
        if n.id as usize != i {
            return Err(format!(
                "malformed trace file: node {i} has id {} (ids must be 0, 1, 2, … in order)",
                n.id
            ));
        }
        if let Some(p) = n.parent
            && p >= n.id
        {
            return Err(format!(
                "malformed trace file: node {} names parent {p}, which does not come before it",
                n.id
            ));
        }
    }
    Ok(doc)
}

/// The event names, for documentation and validation.
pub fn event_names() -> Vec<&'static str> {
    (0..=255u8)
        .filter_map(EventKind::from_u8)
        .map(EventKind::name)
        .collect()
}
