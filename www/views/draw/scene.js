// What one frame of the tree shows, before anything is drawn: per ply row, the visible id range
// (a binary search of the ply's id list by x) and whether the row is drawn node by node or as a
// density band; the visible nodes, their radius and how much label each has room for. Pure
// computation over the store and the layout; the layers (www/views/draw/*.js) draw from it.

import { NO_PARENT as NONE, FLAGS } from '../../schema.js';
import { L_HIDDEN } from '../../model/layout.js';

export const GUTTER = 64; // left strip with the ply / MAX-MIN labels

/** Smallest k in [lo, hi) with x[ids[k]] >= v. */
export function lbX(ids, x, lo, hi, v) {
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    if (x[ids[m]] < v) lo = m + 1;
    else hi = m;
  }
  return lo;
}

function lbId(ids, lo, hi, v) {
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    if (ids[m] < v) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/** What the search has done with a node by the cursor's event (stateAt). */
export const NODE_STATE = Object.freeze({ NOT_ENTERED: 0, OPEN: 1, RETURNED: 2 });
const NS = NODE_STATE;

/** A node's NODE_STATE at event `cursor` (-1: at the end, every entered node open or returned). */
export function stateAt(st, id, cursor) {
  if (cursor < 0) return st.flags[id] & FLAGS.EXITED ? NS.RETURNED : NS.OPEN;
  // ids are entry order: node id is entered by the cursor when fewer than id + 1 nodes were not
  // (the store answers the same cursor again from its cache, without reading the node)
  if (id >= st.enteredBefore(Math.min(st.nev, cursor + 1))) return NS.NOT_ENTERED;
  const x = st.exitEv[id];
  return x !== NONE && x <= cursor ? NS.RETURNED : NS.OPEN;
}

/**
 * The scene of one frame: { W, H, st, lay, view, o, SX, SY, qMin, qMax, rows, rowOf(q), vis
 * (visible node ids), rad, lvl (0 no label, 1 move + value, 2 + window, 3 a leaf's value alone, staggered), canLabel, rOf(id),
 * wl, wr (visible world x range) }.
 */
export function buildScene(W, H, st, lay, view, o) {
  const { x0, sx, y0, sy } = view;
  const x = lay.x, lf = lay.lf;
  const plyLists = lay.plyLists ?? st.plyLists;
  const SX = (wx) => (wx - x0) * sx + GUTTER;
  const SY = (q) => (q - y0) * sy;
  const qMin = Math.max(0, Math.floor(y0 - 0.6));
  const qMax = Math.min(lay.maxPly ?? st.maxPly, Math.ceil(y0 + H / sy + 0.6));
  const margin = Math.max(40, sx) / sx; // world units beyond the edges
  const wl = x0 - margin - GUTTER / sx;
  const wr = x0 + (W - GUTTER) / sx + margin;
  const maxNodesRow = Math.max(8, (W - GUTTER) * 0.9);

  const rows = [];
  for (let q = qMin; q <= qMax; q++) {
    const l = plyLists[q];
    if (!l || !l.n) {
      rows.push(null);
      continue;
    }
    const ids = l.a;
    const lo = lbX(ids, x, 0, l.n, wl);
    const hi = lbX(ids, x, lo, l.n, wr);
    let dense = hi - lo > maxNodesRow;
    if (dense && lay.collapsed.size) {
      // collapsed subtrees pile up at one x: count only what is visible
      let c = 0;
      for (let k = lo; k < hi && c <= maxNodesRow; k++) {
        if (lf[ids[k]] & L_HIDDEN) {
          k = lbId(ids, k, hi, st.end(lay.hiderOf(ids[k]))) - 1;
          continue;
        }
        c++;
      }
      dense = c > maxNodesRow;
    }
    rows.push({ q, ids, lo, hi, dense, start: 0, end: 0, r: 0, spacing: 0, gap: 0 });
  }
  const rowOf = (q) => rows[q - qMin];

  // visible nodes of the node-mode rows (hidden ones skipped; in a lesson on a game, the nodes
  // the search has not entered yet too: their existence would answer its questions)
  const vis = [];
  const future = o.hideFuture && o.cursor >= 0 ? o.cursor : -1;
  // the nodes entered by then are the ids below this (ids are entry order)
  const enteredByFuture = future >= 0 ? st.enteredBefore(Math.min(st.nev, future + 1)) : Infinity;
  for (const row of rows) {
    if (!row || row.dense) continue;
    const { ids, hi } = row;
    row.start = vis.length;
    for (let k = row.lo; k < hi; k++) {
      const id = ids[k];
      if (id >= enteredByFuture) continue;
      if (lf[id] & L_HIDDEN) {
        k = lbId(ids, k, hi, st.end(lay.hiderOf(id))) - 1;
        continue;
      }
      vis.push(id);
    }
    row.end = vis.length;
  }

  // per-row node size (from the row's mean spacing) and greedy label placement
  const rad = new Float32Array(vis.length);
  const lvl = new Uint8Array(vis.length);
  const canLabel = sy >= 40;
  for (const row of rows) {
    if (!row || row.dense) continue;
    const cnt = row.end - row.start;
    const spacing = cnt > 1 ? ((x[vis[row.end - 1]] - x[vis[row.start]]) * sx) / (cnt - 1) : 1e9;
    const rr = Math.max(1.2, Math.min(spacing * 0.3, sy * 0.18, 9));
    row.r = rr;
    row.spacing = spacing;
    // the closest two neighbours decide whether leaf values stagger: a row with gaps (pruned
    // subtrees drawn whole, compare mode's other side) has a mean spacing wider than its leaves'
    let gap = 1e9;
    for (let k = row.start + 1; k < row.end; k++) gap = Math.min(gap, (x[vis[k]] - x[vis[k - 1]]) * sx);
    row.gap = gap;
    placeLabels(row, vis, rad, lvl, rr, canLabel, (id) => SX(x[id]), (id) => st.parent[id] === NONE && st.roots.length > 1, (id) => st.lastChild[id] === NONE, o.chess ? 16 : 12);
  }
  const rOf = (id) => {
    const row = rows[st.ply[id] - qMin];
    return row && row.r ? row.r : 3;
  };
  return { W, H, st, lay, view, o, x, lf, SX, SY, qMin, qMax, rows, rowOf, vis, rad, lvl, canLabel, rOf, wl, wr, plyLists };
}

/**
 * Greedy left-to-right label placement in one row: a label only where it has room. Leaves too
 * close for a move and a value keep their value alone, on two staggered lines (level 3), so
 * that textbook trees stay readable.
 */
function placeLabels(row, vis, rad, lvl, rr, canLabel, px, isIterationRoot, isLeaf, half) {
  let lastRight = -1e9;
  // `half`: half a short label's width (tree moves and values are short; SAN is wider)
  const staggered = canLabel && row.spacing >= 11 && row.gap < 2 * half + 2;
  for (let k = row.start; k < row.end; k++) {
    rad[k] = rr;
    if (staggered && isLeaf(vis[k]) && !isIterationRoot(vis[k])) {
      lvl[k] = 3;
      continue;
    }
    if (!canLabel || rr < 3) continue;
    const p = px(vis[k]);
    const next = k + 1 < row.end ? px(vis[k + 1]) : 1e9;
    const room = Math.min(p - lastRight, next - p);
    if (isIterationRoot(vis[k])) {
      // "depth 3" labels of the root searches need room on both sides
      if (room >= 64) {
        lvl[k] = 2;
        lastRight = p + 32;
      }
      continue;
    }
    if (room >= 60 || (room >= 2 * half && p - lastRight >= 60 && next - p >= 2 * half)) {
      lvl[k] = room >= 60 ? 2 : 1;
      lastRight = p + (lvl[k] === 2 ? 30 : half);
    } else if (p - half >= lastRight + 2 && next - p >= 2 * half) {
      lvl[k] = 1;
      lastRight = p + half;
    }
  }
}
