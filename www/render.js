// Canvas rendering of the laid-out trace with level of detail:
//  * per ply row, the visible id range comes from a binary search of the ply's id list by x;
//  * rows with more visible nodes than pixels become density bands (sampled type mix);
//  * edges, decorations and labels appear only as the zoom makes room for them.

import { NONE, INF, F_EXITED, F_UNCERTAIN, F_RESEARCH, PRUNE_WHY } from './store.js';
import { L_HIDDEN, L_COLLAPSED } from './layout.js';

export const COLORS = {
  pv: '#16a34a',
  cut: '#dc2626',
  all: '#2563eb',
  open: '#ffffff',
  openStroke: '#6b7280',
  future: '#e5e7eb',
  aborted: '#9ca3af',
  edge: '#9ca3af',
  edgeFuture: '#e5e7eb',
  cursor: '#f59e0b',
  selected: '#111827',
  research: '#7c3aed',
  pruned: '#9ca3af',
  uncertain: '#facc15',
  band: '#f8fafc',
  band2: '#f1f5f9',
  // compare mode
  both: '#64748b',
  onlyA: '#ea580c',
  onlyB: '#0891b2',
  changed: '#db2777',
  ghost: '#94a3b8',
};
const TYPE_COLORS = [COLORS.pv, COLORS.cut, COLORS.all];

export const GUTTER = 64; // left strip with the ply / MAX-MIN labels

/** Smallest k in [lo, hi) with x[ids[k]] >= v. */
function lbX(ids, x, lo, hi, v) {
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

/** Formats a value; ±INF as ±∞, chess mate scores as #n. */
export function fmtValue(v, chess = false) {
  if (v >= INF) return '+∞';
  if (v <= -INF) return '−∞';
  if (chess && Math.abs(v) >= 100000 - 1000) {
    const plies = 100000 - Math.abs(v);
    return (v > 0 ? '#' : '−#') + Math.ceil(plies / 2);
  }
  return v < 0 ? '−' + -v : String(v);
}

/** The node state at the cursor: 0 future (not entered yet), 1 open, 2 done. */
function stateAt(st, id, cursor) {
  if (cursor < 0) return st.flags[id] & F_EXITED ? 2 : 1;
  if (st.enterEv[id] > cursor) return 0;
  const x = st.exitEv[id];
  return x !== NONE && x <= cursor ? 2 : 1;
}

/** Sign that turns a side-to-move value at `ply` into MAX's view. */
export const maxSign = (ply) => (ply & 1 ? -1 : 1);

/** The window (α, β) at `ply` as shown: negamax, or MAX's view (negated and swapped at MIN). */
export function viewWindow(a, b, ply, maxmin) {
  if (!maxmin || !(ply & 1)) return [a, b];
  return [-b, -a];
}

/**
 * Draws the tree. `o`: { cursor (event index, or -1 when live), selected, maxmin, chess,
 * label(id) -> string|undefined, prefetch(ids), cursorNode, cursorAlpha, dpr, diff }.
 * `o.diff` (compare mode, optional): { match: Int32Array (this trace's node → the other's, -1
 * none), colorBy: 'diff' | 'type', only: fill of the nodes only this trace visited, ghost:
 * draw those faded with their subtree's size on the stub, sizes: subtree sizes, changed(id) →
 * bits (value 1, bound 2, type 4), absent: {x, ply} where the cursor's node would be when this
 * trace never visited it }. A layout may bring its own per-ply id lists (`lay.plyLists`, sorted
 * by x) instead of the store's.
 * Returns { nodes: nodes drawn individually, dense: rows drawn as bands, ghostStubs: ids of the
 * visible roots of faded subtrees }.
 */
export function drawTree(ctx, W, H, st, lay, view, o) {
  const { x0, sx, y0, sy } = view;
  const x = lay.x, lf = lay.lf;
  const { parent, flags, ply: plyA, reason } = st;
  const plyLists = lay.plyLists ?? st.plyLists;
  const df = o.diff ?? null;
  const match = df ? df.match : null;
  const ghost = !!(df && df.ghost);
  const byDiff = !!(df && df.colorBy === 'diff');
  ctx.save();
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, H);
  const stats = { nodes: 0, dense: 0, ghostStubs: [] };
  if (st.n === 0) {
    ctx.restore();
    return stats;
  }
  const SX = (wx) => (wx - x0) * sx + GUTTER;
  const SY = (q) => (q - y0) * sy;
  const maxPly = st.maxPly;
  const qMin = Math.max(0, Math.floor(y0 - 0.6));
  const qMax = Math.min(maxPly, Math.ceil(y0 + H / sy + 0.6));
  const cursor = o.cursor;

  // ply bands
  for (let q = qMin; q <= qMax; q++) {
    ctx.fillStyle = q & 1 ? COLORS.band2 : COLORS.band;
    ctx.fillRect(0, SY(q) - sy / 2, W, sy);
  }

  const margin = Math.max(40, sx) / sx; // world units beyond the edges
  const wl = x0 - margin + -GUTTER / sx, wr = x0 + (W - GUTTER) / sx + margin;
  const maxNodesRow = Math.max(8, (W - GUTTER) * 0.9);

  // visible range and mode per row
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
        const id = ids[k];
        if (lf[id] & L_HIDDEN) {
          k = lbId(ids, k, hi, st.end(lay.hiderOf(id))) - 1;
          continue;
        }
        c++;
      }
      dense = c > maxNodesRow;
    }
    rows.push({ q, ids, lo, hi, dense });
  }
  const rowOf = (q) => rows[q - qMin];

  // visible nodes of the node-mode rows (hidden ones skipped)
  const vis = [];
  for (const row of rows) {
    if (!row || row.dense) continue;
    const { ids, hi } = row;
    row.start = vis.length;
    for (let k = row.lo; k < hi; k++) {
      const id = ids[k];
      if (lf[id] & L_HIDDEN) {
        const h = lay.hiderOf(id);
        k = lbId(ids, k, hi, st.end(h)) - 1;
        continue;
      }
      vis.push(id);
    }
    row.end = vis.length;
  }
  stats.nodes = vis.length;

  // per-row node size (from the row's mean spacing) and greedy label placement
  const rad = new Float32Array(vis.length);
  const lvl = new Uint8Array(vis.length); // 0 no label, 1 move + value, 2 + window
  const canLabel = sy >= 40;
  for (const row of rows) {
    if (!row || row.dense) continue;
    const cnt = row.end - row.start;
    const spacing = cnt > 1 ? ((x[vis[row.end - 1]] - x[vis[row.start]]) * sx) / (cnt - 1) : 1e9;
    const rr = Math.max(1.2, Math.min(spacing * 0.3, sy * 0.18, 9));
    row.r = rr;
    row.spacing = spacing;
    let lastRight = -1e9;
    for (let k = row.start; k < row.end; k++) {
      rad[k] = rr;
      if (!canLabel || rr < 3) continue;
      const px = SX(x[vis[k]]);
      const nextPx = k + 1 < row.end ? SX(x[vis[k + 1]]) : 1e9;
      const room = Math.min(px - lastRight, nextPx - px);
      if (parent[vis[k]] === NONE && st.roots.length > 1) {
        // "depth 3" labels of the root searches need room on both sides
        if (room >= 64) {
          lvl[k] = 2;
          lastRight = px + 32;
        }
        continue;
      }
      if (room >= 60 || (room >= 30 && px - lastRight >= 60 && nextPx - px >= 30)) {
        lvl[k] = room >= 60 ? 2 : 1;
        lastRight = px + (lvl[k] === 2 ? 30 : 15);
      } else if (px - 15 >= lastRight + 2 && nextPx - px >= 30) {
        lvl[k] = 1;
        lastRight = px + 15;
      }
    }
  }
  const rOf = (id) => {
    const row = rows[plyA[id] - qMin];
    return row && row.r ? row.r : 3;
  };

  // ---- edges ----------------------------------------------------------------------------------
  {
    const done = new Path2D(), fut = new Path2D(), faded = new Path2D();
    for (const row of rows) {
      if (!row || row.dense || row.q === 0 || row.spacing < 1.5) continue;
      const up = rowOf(row.q - 1);
      for (let k = row.start; k < row.end; k++) {
        const id = vis[k];
        const p = parent[id];
        if (p === NONE) continue;
        const path = ghost && match[id] < 0 ? faded : stateAt(st, id, cursor) === 0 ? fut : done;
        path.moveTo(SX(x[id]), SY(row.q));
        path.lineTo(SX(x[p]), SY(row.q - 1));
      }
      // fans of visible parents whose extreme children are off screen
      if (up && !up.dense) {
        for (let k = up.start; k < up.end; k++) {
          const p = vis[k];
          const lc = st.lastChild[p];
          if (lc === NONE || lf[p] & L_COLLAPSED) continue;
          const fc = p + 1;
          for (const c of [fc, lc]) {
            const cx = x[c];
            if (cx >= wl && cx <= wr) continue;
            const path = stateAt(st, c, cursor) === 0 ? fut : done;
            path.moveTo(SX(x[p]), SY(row.q - 1));
            path.lineTo(SX(cx), SY(row.q));
          }
        }
      }
    }
    ctx.lineWidth = 1;
    ctx.strokeStyle = COLORS.edgeFuture;
    ctx.stroke(fut);
    ctx.strokeStyle = COLORS.edge;
    ctx.stroke(done);
    if (ghost) {
      ctx.strokeStyle = COLORS.ghost;
      ctx.setLineDash([4, 3]);
      ctx.globalAlpha = 0.6;
      ctx.stroke(faded);
      ctx.globalAlpha = 1;
      ctx.setLineDash([]);
    }
  }

  // ---- path from the root to the cursor node ---------------------------------------------------
  if (o.cursorNode !== NONE && o.cursorNode < st.n) {
    ctx.beginPath();
    let id = o.cursorNode;
    ctx.moveTo(SX(x[id]), SY(plyA[id]));
    while (parent[id] !== NONE) {
      id = parent[id];
      ctx.lineTo(SX(x[id]), SY(plyA[id]));
    }
    ctx.lineWidth = 3;
    ctx.strokeStyle = COLORS.cursor;
    ctx.globalAlpha = 0.7;
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  // ---- density bands -------------------------------------------------------------------------
  // Each 2-px column of a dense row is a stacked bar of the sampled type shares (PV, CUT, ALL,
  // open/stopped), its opacity one of four levels of the column's node count.
  // Compare mode: the shares are of nodes in both / only here (colour by A / B), and nodes the
  // other search never visited are a faded share of their own in the ghost tree.
  const ALPHAS = [0.45, 0.6, 0.8, 1];
  const fills = [COLORS.pv, COLORS.cut, COLORS.all, COLORS.aborted, COLORS.future, COLORS.both, df?.only ?? COLORS.onlyA, '#e2e8f0'];
  const NCAT = fills.length;
  const bandPaths = [];
  for (let i = 0; i < NCAT * 4; i++) bandPaths.push(null);
  for (const row of rows) {
    if (!row || !row.dense) continue;
    stats.dense++;
    const { ids, hi, q } = row;
    const cy = SY(q);
    const bh = Math.max(3, Math.min(sy * 0.42, 26));
    const top = cy - bh / 2;
    const step = 2;
    let k0 = lbX(ids, x, row.lo, hi, x0);
    // first pass: counts, to scale the opacity to this row's densest column
    let maxc = 1;
    {
      let k = k0;
      for (let px = GUTTER; px < W && k < hi; px += step) {
        const k1 = lbX(ids, x, k, hi, x0 + (px + step - GUTTER) / sx);
        if (k1 - k > maxc) maxc = k1 - k;
        k = k1;
      }
    }
    const lm = Math.log(1 + maxc);
    const share = new Array(NCAT).fill(0);
    for (let px = GUTTER; px < W && k0 < hi; px += step) {
      const k1 = lbX(ids, x, k0, hi, x0 + (px + step - GUTTER) / sx);
      const c = k1 - k0;
      if (c > 0) {
        share.fill(0);
        const samples = Math.min(c, 8);
        let w = 0;
        for (let s = 0; s < samples; s++) {
          const id = ids[k0 + Math.floor(((s + 0.5) * c) / samples)];
          if (lf[id] & L_HIDDEN) continue;
          const stt = stateAt(st, id, cursor);
          let t = stt === 0 ? 4 : stt === 2 && reason[id] !== 6 ? flags[id] & 3 : 3;
          if (ghost && match[id] < 0) t = byDiff && stt !== 0 ? 6 : 7;
          else if (byDiff && stt !== 0) t = match[id] >= 0 ? 5 : 6;
          share[t]++;
          w++;
        }
        if (w) {
          const a = Math.min(3, Math.floor((Math.log(1 + c) / lm) * 3.999));
          let y = top;
          for (let t = 0; t < NCAT; t++) {
            if (!share[t]) continue;
            const h = (bh * share[t]) / w;
            const pi = t * 4 + a;
            (bandPaths[pi] ??= new Path2D()).rect(px, y, step, h);
            y += h;
          }
        }
      }
      k0 = k1;
    }
  }
  for (let i = 0; i < NCAT * 4; i++) {
    if (!bandPaths[i]) continue;
    ctx.globalAlpha = ALPHAS[i & 3] * (ghost && i >> 2 === 6 ? 0.35 : 1);
    ctx.fillStyle = fills[i >> 2];
    ctx.fill(bandPaths[i]);
  }
  ctx.globalAlpha = 1;

  // ---- pruned stubs (behind the nodes) ---------------------------------------------------------
  {
    ctx.strokeStyle = COLORS.pruned;
    ctx.fillStyle = COLORS.pruned;
    ctx.lineWidth = 1;
    ctx.setLineDash([3, 3]);
    const stubs = new Path2D();
    const texts = [];
    for (let k = 0; k < vis.length; k++) {
      const id = vis[k];
      if (rad[k] < 3.5 || stateAt(st, id, cursor) !== 2) continue;
      const pc = st.prunedCount(id);
      if (!pc) continue;
      const px = SX(x[id]), py = SY(plyA[id]);
      const dx = Math.min(rad[k] * 2.4, 26);
      const shown = Math.min(pc, 3);
      for (let i = 0; i < shown; i++) {
        const ex = px + rad[k] + dx * (0.5 + 0.4 * i), ey = py + sy * 0.45;
        stubs.moveTo(px + rad[k] * 0.6, py + rad[k] * 0.6);
        stubs.lineTo(ex, ey);
      }
      if (lvl[k] === 2) texts.push([px + rad[k] + dx * (0.5 + 0.4 * (shown - 1)) + 3, py + sy * 0.45, pc, reason[id]]);
    }
    ctx.stroke(stubs);
    ctx.setLineDash([]);
    if (texts.length) {
      ctx.font = '10px system-ui, sans-serif';
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      for (const [tx, ty, pc, rs] of texts) {
        const why = rs === 5 ? (o.maxmin ? 'cut' : 'β-cut') : (PRUNE_WHY[rs] ?? '').replace(' cut-off', '');
        ctx.fillText(`✂ ${pc}${why ? ' ' + why : ''}`, tx, ty);
      }
    }
  }

  // ---- research arcs ---------------------------------------------------------------------------
  if (st.researchOf.size) {
    const arcs = new Path2D();
    const heads = [];
    for (let k = 0; k < vis.length; k++) {
      const id = vis[k];
      if (!(flags[id] & F_RESEARCH)) continue;
      const e = st.researchOf.get(id);
      if (e === undefined || stateAt(st, id, cursor) === 0) continue;
      const r = rad[k];
      const ax = SX(x[id]), bx = SX(x[e]), y = SY(plyA[id]);
      const bulge = Math.min(sy * 0.38, 10 + Math.abs(ax - bx) * 0.3);
      arcs.moveTo(ax, y + r);
      arcs.quadraticCurveTo((ax + bx) / 2, y + r + bulge * 2, bx, y + r);
      heads.push(bx, y + r);
    }
    ctx.strokeStyle = COLORS.research;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 3]);
    ctx.stroke(arcs);
    ctx.setLineDash([]);
    ctx.fillStyle = COLORS.research;
    for (let i = 0; i < heads.length; i += 2) {
      ctx.beginPath();
      ctx.moveTo(heads[i], heads[i + 1]);
      ctx.lineTo(heads[i] - 3, heads[i + 1] + 6);
      ctx.lineTo(heads[i] + 3, heads[i + 1] + 6);
      ctx.fill();
    }
  }

  // ---- nodes ---------------------------------------------------------------------------------
  const groups = [];
  for (let g = 0; g < 16; g++) groups.push(new Path2D());
  // 0 PV, 1 CUT, 2 ALL, 3 open, 4 future, 5 aborted; compare: 6 in both, 7 only here;
  // ghost: 8 + the same for the faded nodes
  for (let k = 0; k < vis.length; k++) {
    const id = vis[k];
    const r = rad[k];
    const tri = o.maxmin && r >= 3;
    const stt = stateAt(st, id, cursor);
    let g = stt === 0 ? 4 : stt === 1 ? 3 : reason[id] === 6 ? 5 : flags[id] & 3;
    if (byDiff && stt !== 0) g = match[id] >= 0 ? 6 : 7;
    if (ghost && match[id] < 0) g += 8;
    const px = SX(x[id]), py = SY(plyA[id]);
    const path = groups[g];
    if (r < 2.5) path.rect(px - r, py - r, 2 * r, 2 * r);
    else if (tri) {
      const up = (plyA[id] & 1) === 0; // MAX ▲, MIN ▼
      const h = r * 1.25;
      if (up) {
        path.moveTo(px, py - h);
        path.lineTo(px + h, py + h * 0.8);
        path.lineTo(px - h, py + h * 0.8);
      } else {
        path.moveTo(px, py + h);
        path.lineTo(px + h, py - h * 0.8);
        path.lineTo(px - h, py - h * 0.8);
      }
      path.closePath();
    } else {
      path.moveTo(px + r, py);
      path.arc(px, py, r, 0, Math.PI * 2);
    }
  }
  const nodeFills = [COLORS.pv, COLORS.cut, COLORS.all, COLORS.open, COLORS.future, COLORS.aborted, COLORS.both, df?.only ?? COLORS.onlyA];
  for (let g = 0; g < 16; g++) {
    const fade = g >= 8;
    const f = g & 7;
    if (fade) ctx.globalAlpha = 0.28;
    ctx.fillStyle = nodeFills[f];
    ctx.fill(groups[g]);
    if (f === 3 || f === 4 || f === 5 || fade) {
      ctx.strokeStyle = f === 4 ? '#d1d5db' : COLORS.openStroke;
      ctx.lineWidth = 1;
      if (fade) ctx.setLineDash([2, 2]);
      ctx.stroke(groups[g]);
      ctx.setLineDash([]);
    }
    ctx.globalAlpha = 1;
  }

  // ---- decorations: expected≠actual ring, uncertain badge, re-search outline, collapsed -------
  {
    ctx.lineWidth = 2;
    for (let k = 0; k < vis.length; k++) {
      const id = vis[k];
      const r = rad[k];
      if (r < 3.5) continue;
      const stt = stateAt(st, id, cursor);
      const px = SX(x[id]), py = SY(plyA[id]);
      const f = flags[id];
      if (stt === 2 && reason[id] !== 6 && ((f >> 2) & 3) !== (f & 3)) {
        ctx.strokeStyle = TYPE_COLORS[(f >> 2) & 3];
        ctx.setLineDash([2, 2]);
        ctx.beginPath();
        ctx.arc(px, py, r + 3, 0, Math.PI * 2);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      if (stt === 2 && f & F_UNCERTAIN) {
        ctx.fillStyle = COLORS.uncertain;
        ctx.beginPath();
        ctx.arc(px - r - 2, py - r - 2, 5, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = '#111827';
        ctx.font = 'bold 8px system-ui, sans-serif';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText('?', px - r - 2, py - r - 1.5);
      }
      if (f & F_RESEARCH && stt !== 0) {
        ctx.strokeStyle = COLORS.research;
        ctx.beginPath();
        ctx.arc(px, py, r + 1, 0, Math.PI * 2);
        ctx.stroke();
      }
      if (lf[id] & L_COLLAPSED) {
        const hidden = st.end(id) - id - 1;
        ctx.fillStyle = '#374151';
        ctx.font = '10px system-ui, sans-serif';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'top';
        ctx.fillText(`▸ ${hidden.toLocaleString('en-US')}`, px, py + r + (lvl[k] === 2 ? 30 : lvl[k] ? 18 : 3));
      }
    }
  }

  // ---- compare: changed marks, ghost stubs with the pruned subtree's size ---------------------
  if (df) {
    const stubTexts = [];
    for (let k = 0; k < vis.length; k++) {
      const id = vis[k];
      const r = rad[k];
      const px = SX(x[id]), py = SY(plyA[id]);
      if (match[id] >= 0) {
        const bits = df.changed && stateAt(st, id, cursor) !== 0 ? df.changed(id) : 0;
        if (bits && r >= 2.5) {
          // a small diamond at the upper right: the other search got another value, bound or type
          const d = Math.max(3, Math.min(5, r * 0.7));
          const cx = px + r + 1, cy = py - r - 1;
          ctx.fillStyle = COLORS.changed;
          ctx.beginPath();
          ctx.moveTo(cx, cy - d);
          ctx.lineTo(cx + d, cy);
          ctx.lineTo(cx, cy + d);
          ctx.lineTo(cx - d, cy);
          ctx.closePath();
          ctx.fill();
        }
      } else if (ghost) {
        const p = parent[id];
        if (p !== NONE && match[p] < 0) continue;
        stats.ghostStubs.push(id);
        if (r >= 3) stubTexts.push([px, py, r, df.sizes ? df.sizes[id] : 1]);
      }
    }
    if (stubTexts.length) {
      ctx.font = '600 10px system-ui, sans-serif';
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      for (const [px, py, r, n] of stubTexts) {
        const t = `✂ ${n.toLocaleString('en-US')}`;
        const tw = ctx.measureText(t).width + 6;
        const tx = px + r + 4, ty = py + r + 2;
        ctx.fillStyle = 'rgba(255,255,255,0.85)';
        ctx.fillRect(tx - 2, ty - 7, tw, 14);
        ctx.fillStyle = '#475569';
        ctx.fillText(t, tx + 1, ty);
      }
    }
    if (df.absent && o.cursorNode !== NONE) {
      const px = SX(df.absent.x), py = SY(df.absent.ply);
      if (px > -50 && px < W + 50) {
        const rr = Math.max(rOf(o.cursorNode), 4) + 3;
        ctx.strokeStyle = COLORS.cursor;
        ctx.lineWidth = 2;
        ctx.setLineDash([3, 3]);
        ctx.beginPath();
        ctx.arc(px, py, rr, 0, Math.PI * 2);
        ctx.stroke();
        ctx.setLineDash([]);
        // a pill to the right, like the cursor's window
        const txt = 'not visited';
        ctx.font = '600 11px system-ui, sans-serif';
        const tw = ctx.measureText(txt).width + 10;
        const bx = px + rr + 6, by = py - 9;
        ctx.fillStyle = '#fef3c7';
        ctx.strokeStyle = COLORS.cursor;
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.roundRect(bx, by, tw, 18, 4);
        ctx.fill();
        ctx.stroke();
        ctx.fillStyle = '#92400e';
        ctx.textAlign = 'left';
        ctx.textBaseline = 'middle';
        ctx.fillText(txt, bx + 5, by + 9);
      }
    }
  }

  // ---- labels --------------------------------------------------------------------------------
  if (canLabel && vis.length) {
    if (o.prefetch) {
      const want = [];
      for (let k = 0; k < vis.length; k++) if (lvl[k]) want.push(vis[k]);
      if (want.length) o.prefetch(want);
    }
    ctx.textAlign = 'center';
    const small = sy < 64;
    for (let k = 0; k < vis.length; k++) {
      if (!lvl[k]) continue;
      const id = vis[k];
      const r = rad[k];
      const stt = stateAt(st, id, cursor);
      const px = SX(x[id]), py = SY(plyA[id]);
      const q = plyA[id];
      const lab = parent[id] === NONE ? (st.roots.length > 1 ? `depth ${st.depth[id]}` : 'root') : o.label(id);
      ctx.fillStyle = stt === 0 ? '#9ca3af' : '#111827';
      ctx.font = '600 11px system-ui, sans-serif';
      ctx.textBaseline = 'bottom';
      if (lab !== undefined) ctx.fillText(lab, px, py - r - 3);
      ctx.textBaseline = 'top';
      if (stt === 2) {
        const v = o.maxmin ? maxSign(q) * st.value[id] : st.value[id];
        ctx.font = '600 11px system-ui, sans-serif';
        ctx.fillStyle = reason[id] === 6 ? '#6b7280' : '#111827';
        ctx.fillText(fmtValue(v, o.chess), px, py + r + 5);
      }
      if (!small && lvl[k] === 2 && stt !== 0) {
        const [a, b] = viewWindow(st.alpha[id], st.beta[id], q, o.maxmin);
        ctx.font = '10px system-ui, sans-serif';
        ctx.fillStyle = '#6b7280';
        ctx.fillText(`(${fmtValue(a, o.chess)}, ${fmtValue(b, o.chess)})`, px, py + r + 18);
      }
    }
  }

  // ---- cursor and selection ------------------------------------------------------------------
  const ring = (id, color, width, dash) => {
    if (id === NONE || id >= st.n || lf[id] & L_HIDDEN) return;
    const px = SX(x[id]), py = SY(plyA[id]);
    if (px < -50 || px > W + 50) return;
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.beginPath();
    ctx.arc(px, py, Math.max(rOf(id), 3) + 3.5, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
  };
  if (o.selected !== NONE && o.selected !== o.cursorNode) ring(o.selected, COLORS.selected, 1.5, [3, 2]);
  if (o.cursorNode !== NONE && o.cursorNode < st.n) {
    ring(o.cursorNode, COLORS.cursor, 3, []);
    const id = o.cursorNode;
    if (!(lf[id] & L_HIDDEN) && o.cursorAlpha !== undefined) {
      const [a, b] = viewWindow(o.cursorAlpha, st.beta[id], plyA[id], o.maxmin);
      const txt = `α ${fmtValue(a, o.chess)}  β ${fmtValue(b, o.chess)}`;
      ctx.font = '600 11px system-ui, sans-serif';
      const tw = ctx.measureText(txt).width + 10;
      const px = SX(x[id]) + Math.max(rOf(id), 3) + 9, py = SY(plyA[id]) - 9;
      ctx.fillStyle = COLORS.cursor;
      ctx.beginPath();
      ctx.roundRect(px, py, tw, 18, 4);
      ctx.fill();
      ctx.fillStyle = '#111827';
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      ctx.fillText(txt, px + 5, py + 9);
    }
  }

  // ---- gutter with ply labels ----------------------------------------------------------------
  ctx.fillStyle = 'rgba(255,255,255,0.92)';
  ctx.fillRect(0, 0, GUTTER - 4, H);
  ctx.fillStyle = '#e5e7eb';
  ctx.fillRect(GUTTER - 4, 0, 1, H);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const every = sy >= 14 ? 1 : Math.ceil(14 / sy);
  for (let q = qMin; q <= qMax; q++) {
    const cy = SY(q);
    if (cy < -10 || cy > H + 10 || q % every) continue;
    const side = o.maxmin ? (q & 1 ? 'MIN ▼' : 'MAX ▲') : (o.sideNames || ['A', 'B'])[q & 1];
    const cnt = compact(plyLists[q] ? plyLists[q].n : 0);
    if (sy >= 30) {
      ctx.fillStyle = '#111827';
      ctx.font = '600 11px system-ui, sans-serif';
      ctx.fillText(side, 8, cy - 6);
      ctx.fillStyle = '#6b7280';
      ctx.font = '10px system-ui, sans-serif';
      ctx.fillText(`ply ${q} · ${cnt}`, 8, cy + 8);
    } else {
      ctx.fillStyle = '#374151';
      ctx.font = '10px system-ui, sans-serif';
      ctx.fillText(`${q} ${o.maxmin ? side.slice(-1) : side.slice(0, 1)} ${cnt}`, 6, cy);
    }
  }
  ctx.restore();
  return stats;
}

export function compact(n) {
  if (n < 1000) return String(n);
  if (n < 1e6) return (n / 1000).toFixed(n < 1e4 ? 1 : 0) + 'k';
  return (n / 1e6).toFixed(n < 1e7 ? 2 : 1) + 'M';
}
