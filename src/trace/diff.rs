//! Comparing two traces node by node: which nodes both searches visited, which only one did,
//! and where the searches disagree. `prunescope diff` and the page's compare mode
//! (`www/modes/compare.js`, through the wasm adapter's `diff_columns` in `src/wasm/diff.rs`)
//! both use this matching; it is documented in `docs/compare.md`.
//!
//! **The matching rule.** A node is identified by its path from the root, one move code per
//! step (child indices for trees, `from | to << 6 | promotion << 12` for chess, `0xFFFF` for a
//! null move), plus, at every step, which visit of that move it is: the k-th time a search
//! enters the same move under the same (matched) parent is matched with the k-th time the other
//! search does. Re-searches (PVS, LMR, zugzwang verification) are therefore matched in order,
//! and the k-th root search (an iteration of iterative deepening or an aspiration re-search) is
//! matched with the k-th root search of the other trace. A node whose parent is unmatched is
//! unmatched.
//!
//! The algorithm is O(n): the left trace's nodes are visited in id order (a parent always comes
//! before its children); for each matched pair, the left children are chained per move code and
//! the right children take the first unclaimed left child with their code.
//!
//! It works on the compact records themselves ([`NodeRec`], from a search or read with
//! [`crate::trace_file::read`]), so `prunescope diff` never builds an object per node, and it
//! has no file system or thread in it, so the page can call it through wasm.

use crate::game::Value;
use crate::schema::{FLAG_BOUND_MASK, FLAG_EXPECTED_SHIFT, NO_PARENT};
use crate::trace::record::NodeRec;
use serde::Serialize;

/// "No matching node" in [`Diff::left_to_right`] and [`Diff::right_to_left`].
pub const NO_MATCH: u32 = u32::MAX;

/// What matching and comparing need of one node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiffNode {
    /// The parent's id, or [`NO_PARENT`] at a root.
    pub parent: u32,
    /// The move into the node (see the module doc); ignored at a root.
    pub code: u16,
    /// Value returned (side to move's view).
    pub value: Value,
    /// 0 exact, 1 lower (fail-high), 2 upper (fail-low).
    pub bound: u8,
    /// Expected node type: 0 PV, 1 CUT, 2 ALL.
    pub expected: u8,
}

/// A node [`diff`] can match: the search's own records ([`NodeRec`], as recorded or read from
/// a trace file, with no copy), or [`DiffNode`]s built from other columns (the page's).
pub trait AsDiffNode {
    fn diff_node(&self) -> DiffNode;
}

impl AsDiffNode for DiffNode {
    #[inline]
    fn diff_node(&self) -> DiffNode {
        *self
    }
}

impl AsDiffNode for NodeRec {
    #[inline]
    fn diff_node(&self) -> DiffNode {
        DiffNode {
            parent: self.parent,
            code: self.move_code,
            value: self.value,
            bound: self.flags & FLAG_BOUND_MASK,
            expected: (self.flags >> FLAG_EXPECTED_SHIFT) & 3,
        }
    }
}

/// The ply of every node (a root's is 0); parents come before their children.
fn plies_of<N: AsDiffNode>(nodes: &[N]) -> Vec<u32> {
    let mut ply = vec![0u32; nodes.len()];
    for (id, n) in nodes.iter().enumerate() {
        let p = n.diff_node().parent;
        if p != NO_PARENT {
            ply[id] = ply[p as usize] + 1;
        }
    }
    ply
}

/// Node counts of one ply.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlyCounts {
    pub ply: u32,
    /// Nodes at this ply in the left trace.
    pub left: u64,
    /// Nodes at this ply in the right trace.
    pub right: u64,
    pub only_left: u64,
    pub only_right: u64,
    pub both: u64,
}

/// A matched pair whose results differ: bit 0 value, bit 1 bound, bit 2 expected type.
pub const CHANGED_VALUE: u8 = 1;
pub const CHANGED_BOUND: u8 = 2;
pub const CHANGED_TYPE: u8 = 4;

/// The comparison of two traces.
/// Serialized as its counts (in `prunescope diff --json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diff {
    /// For each left node, the right node it matches, or [`NO_MATCH`].
    #[serde(skip)]
    pub left_to_right: Vec<u32>,
    /// For each right node, the left node it matches, or [`NO_MATCH`].
    #[serde(skip)]
    pub right_to_left: Vec<u32>,
    pub only_left: u64,
    pub only_right: u64,
    pub both: u64,
    /// For each left node: the `CHANGED_*` bits against its match (0 when unmatched).
    #[serde(skip)]
    pub changes: Vec<u8>,
    /// Matched pairs whose value, bound or expected type differ.
    pub changed: u64,
    pub changed_value: u64,
    pub changed_bound: u64,
    pub changed_type: u64,
    pub per_ply: Vec<PlyCounts>,
    /// Size of every left node's subtree (the node included).
    #[serde(skip)]
    pub subtree_left: Vec<u32>,
    /// Size of every right node's subtree.
    #[serde(skip)]
    pub subtree_right: Vec<u32>,
}

/// First child, next sibling and the roots of a trace, in id order.
struct Links {
    first: Vec<u32>,
    next: Vec<u32>,
    roots: Vec<u32>,
}

impl Links {
    fn of<N: AsDiffNode>(nodes: &[N]) -> Links {
        let n = nodes.len();
        let mut first = vec![NO_MATCH; n];
        let mut next = vec![NO_MATCH; n];
        let mut last = vec![NO_MATCH; n];
        let mut roots = Vec::new();
        for (id, node) in nodes.iter().enumerate() {
            let id = id as u32;
            let node = node.diff_node();
            if node.parent == NO_PARENT {
                roots.push(id);
                continue;
            }
            let p = node.parent as usize;
            if last[p] == NO_MATCH {
                first[p] = id;
            } else {
                next[last[p] as usize] = id;
            }
            last[p] = id;
        }
        Links { first, next, roots }
    }
}

fn subtree_sizes<N: AsDiffNode>(nodes: &[N]) -> Vec<u32> {
    let mut size = vec![1u32; nodes.len()];
    for id in (0..nodes.len()).rev() {
        let p = nodes[id].diff_node().parent;
        if p != NO_PARENT {
            size[p as usize] += size[id];
        }
    }
    size
}

/// Matches `left` with `right` by the rule of the module doc and counts the differences. Both
/// slices must be in id order with every parent before its children (as recordings and trace
/// files read with [`crate::trace_file::read`] are). A root's move code is ignored.
pub fn diff<N: AsDiffNode>(left: &[N], right: &[N]) -> Diff {
    diff_scaled(left, right, 1, 1)
}

/// Whether `x` over the scale `sx` and `y` over `sy` are the same value: the exact fractions
/// `x/sx` and `y/sy` of a chance search (docs/trace-format.md, "Chance searches"; every other
/// trace has scale 1). ±[`crate::game::INF`] means unbounded on any scale.
fn same_value(x: Value, sx: u32, y: Value, sy: u32) -> bool {
    let inf = |v: Value| v.abs() >= crate::game::INF;
    if sx == sy || inf(x) || inf(y) {
        return x == y;
    }
    i64::from(x) * i64::from(sy) == i64::from(y) * i64::from(sx)
}

/// [`diff`] of two traces whose values are stored over the scales `scale_left` and
/// `scale_right` (a chance search's `summary.scale`, 1 for every other search): a matched
/// pair's values are compared as the exact fractions they stand for, so expectimax and Star1
/// (whose scales usually differ: Star1's windows have denominators of their own) compare node
/// by node. A scale of 0 is read as 1.
pub fn diff_scaled<N: AsDiffNode>(
    left: &[N],
    right: &[N],
    scale_left: u32,
    scale_right: u32,
) -> Diff {
    let (sl, sr) = (scale_left.max(1), scale_right.max(1));
    let (nl, nr) = (left.len(), right.len());
    let ll = Links::of(left);
    let lr = Links::of(right);
    let mut l2r = vec![NO_MATCH; nl];
    let mut r2l = vec![NO_MATCH; nr];
    for (&a, &b) in ll.roots.iter().zip(&lr.roots) {
        l2r[a as usize] = b;
        r2l[b as usize] = a;
    }
    // Per move code, the next unclaimed left child with that code (and the chain's tail while
    // building it); reset after every parent, so the tables stay all NO_MATCH in between.
    let mut head = vec![NO_MATCH; 1 << 16];
    let mut tail = vec![NO_MATCH; 1 << 16];
    let mut same_next = vec![NO_MATCH; nl];
    for a in 0..nl {
        let b = l2r[a];
        if b == NO_MATCH || ll.first[a] == NO_MATCH || lr.first[b as usize] == NO_MATCH {
            continue;
        }
        let mut c = ll.first[a];
        while c != NO_MATCH {
            let code = left[c as usize].diff_node().code as usize;
            if head[code] == NO_MATCH {
                head[code] = c;
            } else {
                same_next[tail[code] as usize] = c;
            }
            tail[code] = c;
            c = ll.next[c as usize];
        }
        let mut d = lr.first[b as usize];
        while d != NO_MATCH {
            let code = right[d as usize].diff_node().code as usize;
            let c = head[code];
            if c != NO_MATCH {
                l2r[c as usize] = d;
                r2l[d as usize] = c;
                head[code] = same_next[c as usize];
            }
            d = lr.next[d as usize];
        }
        let mut c = ll.first[a];
        while c != NO_MATCH {
            let code = left[c as usize].diff_node().code as usize;
            head[code] = NO_MATCH;
            tail[code] = NO_MATCH;
            c = ll.next[c as usize];
        }
    }

    let ply_l = plies_of(left);
    let ply_r = plies_of(right);
    let depth = ply_l
        .iter()
        .chain(&ply_r)
        .max()
        .map_or(0, |&p| p as usize + 1);
    let mut per_ply: Vec<PlyCounts> = (0..depth)
        .map(|ply| PlyCounts {
            ply: ply as u32,
            ..PlyCounts::default()
        })
        .collect();
    let mut d = Diff {
        left_to_right: Vec::new(),
        right_to_left: Vec::new(),
        only_left: 0,
        only_right: 0,
        both: 0,
        changes: vec![0; nl],
        changed: 0,
        changed_value: 0,
        changed_bound: 0,
        changed_type: 0,
        per_ply: Vec::new(),
        subtree_left: subtree_sizes(left),
        subtree_right: subtree_sizes(right),
    };
    for (a, &b) in l2r.iter().enumerate() {
        let row = &mut per_ply[ply_l[a] as usize];
        row.left += 1;
        if b == NO_MATCH {
            row.only_left += 1;
            d.only_left += 1;
            continue;
        }
        row.both += 1;
        d.both += 1;
        let (x, y) = (left[a].diff_node(), right[b as usize].diff_node());
        let mut bits = 0;
        if !same_value(x.value, sl, y.value, sr) {
            bits |= CHANGED_VALUE;
            d.changed_value += 1;
        }
        if x.bound != y.bound {
            bits |= CHANGED_BOUND;
            d.changed_bound += 1;
        }
        if x.expected != y.expected {
            bits |= CHANGED_TYPE;
            d.changed_type += 1;
        }
        if bits != 0 {
            d.changed += 1;
        }
        d.changes[a] = bits;
    }
    for (b, &a) in r2l.iter().enumerate() {
        let row = &mut per_ply[ply_r[b] as usize];
        row.right += 1;
        if a == NO_MATCH {
            row.only_right += 1;
            d.only_right += 1;
        }
    }
    d.left_to_right = l2r;
    d.right_to_left = r2l;
    d.per_ply = per_ply;
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(parent: u32, code: u16) -> NodeRec {
        NodeRec {
            parent,
            alpha: -crate::game::INF,
            beta: crate::game::INF,
            value: 0,
            move_code: code,
            index: 0,
            n_moves: 0,
            best_index: crate::schema::NONE16,
            kind: 0,
            depth: 0,
            flags: 0,
            reason: 0,
        }
    }

    #[test]
    fn revisits_match_in_order_and_unmatched_parents_unmatch_children() {
        // left: root, child 0, its re-search, child 1 with a child 0
        let left = [
            node(NO_PARENT, 0),
            node(0, 0),
            node(0, 0),
            node(0, 1),
            node(3, 0),
        ];
        // right: root, child 1 (with a child 0), child 0 once, child 2
        let right = [
            node(NO_PARENT, 0),
            node(0, 1),
            node(1, 0),
            node(0, 0),
            node(0, 2),
        ];
        let d = diff(&left, &right);
        assert_eq!(d.left_to_right, vec![0, 3, NO_MATCH, 1, 2]);
        assert_eq!(d.right_to_left, vec![0, 3, 4, 1, NO_MATCH]);
        assert_eq!((d.only_left, d.only_right, d.both), (1, 1, 4));
        assert_eq!(d.subtree_left, vec![5, 1, 1, 2, 1]);
        let rows: Vec<(u64, u64, u64)> = d
            .per_ply
            .iter()
            .map(|r| (r.only_left, r.only_right, r.both))
            .collect();
        assert_eq!(rows, vec![(0, 0, 1), (1, 1, 2), (0, 0, 1)]);
    }

    #[test]
    fn kth_root_matches_kth_root() {
        let left = [node(NO_PARENT, 0), node(0, 3), node(NO_PARENT, 0)];
        let right = [node(NO_PARENT, 0), node(NO_PARENT, 0), node(1, 3)];
        let d = diff(&left, &right);
        assert_eq!(d.left_to_right, vec![0, NO_MATCH, 1]);
        assert_eq!(d.right_to_left, vec![0, 2, NO_MATCH]);
    }
}
