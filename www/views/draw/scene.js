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
 * wl, wr (visible world x range) }. `winW`: the widest window a node can be written with
 * (www/views/draw/labels.js `widestWindow`), which decides where a window has room.
 */
export function buildScene(W, H, st, lay, view, o, winW = 60) {
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

  // An explicit tree drawn whole (www/model/fulltree.js): its pruned subtrees take their places
  // in the rows. Before its cut-off a pruned subtree is drawn as the nodes not reached yet
  // (`outline`, www/views/draw/pruned.js): it is placed and labelled with the row's nodes, by the
  // same rules, so that nothing drawn tells it apart (issue 29 §3). Every pruned node counts in
  // its row's spacing, before and after its cut-off, so that no node's size tells how many were
  // searched.
  const g = lay.ghosts;
  const ghostRows = new Map();
  const outline = { k: [], lvl: null };
  if (g && g.n && sx >= 5) {
    const predicting = o.predict && !o.predict.result;
    for (const cut of g.cuts) {
      const early = predicting || (o.cursor >= 0 && o.cursor < cut.ev);
      for (let k = cut.first; k < cut.end; k++) {
        const q = g.ply[k];
        if (q < qMin || q > qMax) continue;
        let gr = ghostRows.get(q);
        if (!gr) ghostRows.set(q, (gr = { all: [], early: [] }));
        gr.all.push(k);
        if (early) gr.early.push(k);
      }
    }
  }
  outline.lvl = new Uint8Array(g?.n ?? 0);

  // per-row node size (from the row's mean spacing) and greedy label placement
  const rad = new Float32Array(vis.length);
  const lvl = new Uint8Array(vis.length);
  const canLabel = sy >= 40;
  const half = o.chess ? 16 : 12;
  for (const row of rows) {
    if (!row || row.dense) continue;
    const gr = ghostRows.get(row.q);
    // the row's positions, searched and pruned, in screen x
    const all = [];
    for (let k = row.start; k < row.end; k++) all.push(SX(x[vis[k]]));
    if (gr) for (const k of gr.all) all.push(SX(g.x[k]));
    all.sort((a, b) => a - b);
    const cnt = all.length;
    const spacing = cnt > 1 ? (all[cnt - 1] - all[0]) / (cnt - 1) : 1e9;
    const rr = Math.max(1.2, Math.min(spacing * 0.3, sy * 0.18, 9));
    row.r = rr;
    row.spacing = spacing;
    // the closest two neighbours decide whether leaf values stagger: a row with gaps (compare
    // mode's other side) has a mean spacing wider than its leaves'
    let gap = 1e9;
    for (let k = 1; k < cnt; k++) gap = Math.min(gap, all[k] - all[k - 1]);
    row.gap = gap;
    // the labels: the searched nodes and the pruned ones drawn as not reached yet, left to right
    const items = [];
    for (let k = row.start; k < row.end; k++) {
      const id = vis[k];
      items.push({ px: SX(x[id]), wx: x[id], k, ghost: false, iter: st.parent[id] === NONE && st.roots.length > 1, leaf: st.lastChild[id] === NONE });
    }
    if (gr) for (const k of gr.early) items.push({ px: SX(g.x[k]), wx: g.x[k], k, ghost: true, iter: false, leaf: Number.isFinite(g.value[k]) });
    if (gr?.early.length) items.sort((a, b) => a.px - b.px);
    const levels = placeLabels(items, row, canLabel, half, winW);
    items.forEach((it, i) => {
      if (it.ghost) {
        outline.k.push(it.k);
        outline.lvl[it.k] = levels[i];
      } else {
        rad[it.k] = rr;
        lvl[it.k] = levels[i];
      }
    });
  }
  const rOf = (id) => {
    const row = rows[st.ply[id] - qMin];
    return row && row.r ? row.r : 3;
  };
  // the labels' boxes as they are written (www/views/draw/labels.js `nodeLabels`): whether two overlap
  const labelBoxes = [];
  return { W, H, st, lay, view, o, x, lf, SX, SY, qMin, qMax, rows, rowOf, vis, rad, lvl, canLabel, rOf, wl, wr, plyLists, outline, labelBoxes };
}

/**
 * Greedy left-to-right label placement in one row: a label only where it has room. Leaves too
 * close for a move and a value keep their value alone, on two staggered lines (level 3), so
 * that textbook trees stay readable. `items`: [{ px (screen x), wx (world x: the stagger's
 * line), iter (a root search's "depth 3"), leaf }] in screen order; `winW` the widest window's
 * width; answers their levels.
 */
function placeLabels(items, row, canLabel, half, winW) {
  const lvl = new Uint8Array(items.length);
  const rr = row.r;
  let lastRight = -1e9;
  // `half`: half a short label's width (tree moves and values are short; SAN is wider)
  // two staggered lines give each value twice the spacing: a three-character value at 12 px
  // ("−12", about 20 px) needs 10 px of it (11 before every label was 12 px, issue 29 §3, and
  // before a row's pruned nodes counted in its spacing: 48 leaves at 1280 px are 10.6 px apart)
  const staggered = canLabel && row.spacing >= 10 && row.gap < 2 * half + 2;
  for (let k = 0; k < items.length; k++) {
    const it = items[k];
    if (staggered && it.leaf && !it.iter) {
      lvl[k] = 3;
      continue;
    }
    if (!canLabel || rr < 3) continue;
    const p = it.px;
    // the last of a row has as much room on its right as its row's spacing gives (not the
    // whole canvas): the rule is the same for every node of the row, so that the last one's
    // label tells nothing the others' would not (issue 29 §3)
    const next = k + 1 < items.length ? items[k + 1].px : items.length > 1 ? p + row.spacing : 1e9;
    const room = Math.min(p - lastRight, next - p);
    if (it.iter) {
      // "depth 3" labels of the root searches need room on both sides
      if (room >= 64) {
        lvl[k] = 2;
        lastRight = p + 32;
      }
      continue;
    }
    // a window (at most `winW` wide, about 60 px for "(−∞, +∞)") has level 2 where it fits
    // between the previous label's right end and the next node's window, 4 px apart (issue 29
    // §5: at 1280 px only 2 of Russell–Norvig's 9 leaves had room for theirs under the rule of
    // 60 px on both sides; 5 under 60 px to the next node; all 9 with the tree's widest window)
    const hw = winW / 2;
    const wide = p - lastRight >= hw + 4 && next - p >= winW + 4;
    if (wide || (room >= 2 * half && p - lastRight >= 60 && next - p >= 2 * half)) {
      lvl[k] = wide ? 2 : 1;
      lastRight = p + (lvl[k] === 2 ? hw : half);
    } else if (p - half >= lastRight + 2 && next - p >= 2 * half) {
      lvl[k] = 1;
      lastRight = p + half;
    }
  }
  return lvl;
}
