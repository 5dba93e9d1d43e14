// Layer: prune prediction (www/model/predict.js). While the student marks branches, every
// leaf's value shows and the pruned subtrees look like any node not reached yet (the layer
// www/views/draw/pruned.js keeps them hidden); marked nodes carry a scissors mark. Once
// checked: ✓ on the pruned branches the student found, a dashed ring on those missed, ✗ on
// marks where the search did go.

import { NONE } from '../../model/store.js';
import { fmtValue, shownValue } from '../../model/format.js';
import { tracePath, ghostPath } from '../../model/predict.js';
import { stateAt, NODE_STATE as NS } from './scene.js';
import { shape } from './nodes.js';

/**
 * A lesson on an explicit tree (`o.problem`, www/modes/learn.js) shows its problem whole: the
 * value of every leaf the search has not reached yet, and the subtrees it will prune drawn
 * exactly like any node not reached yet (the same shape, size, label and value), until the
 * cut-off that prunes them (then www/views/draw/pruned.js draws them as pruned). Nothing in the
 * drawing tells in advance which branches will be cut.
 */
export function drawProblem(ctx, s) {
  const { st, x, vis, rad, SX, SY, o, view, canLabel } = s;
  if (!o.problem || o.predict || o.cursor < 0 || view.sx < 5) return;
  const pal = o.pal;
  const g = s.lay.ghosts;
  // the size the scene gave the nodes of each ply (a pruned node takes its row's)
  const rOf = new Map();
  for (let k = 0; k < vis.length; k++) if (!rOf.has(st.ply[vis[k]])) rOf.set(st.ply[vis[k]], rad[k]);
  const fallback = Math.max(2.5, Math.min(view.sx * 0.3, view.sy * 0.18, 9));
  const r = (ply) => rOf.get(ply) ?? fallback;
  const value = (v, ply, px, py) => ctx.fillText(fmtValue(v, o.chess), px, py + r(ply) + 5);
  ctx.save();
  ctx.font = `600 11px ${pal.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.fillStyle = pal.text;
  if (canLabel) {
    for (let id = 0; id < st.n; id++) {
      if (st.lastChild[id] !== NONE || st.parent[id] === NONE || stateAt(st, id, o.cursor) === NS.RETURNED) continue;
      value(shownValue(st.value[id], st.ply[id], o.maxmin), st.ply[id], SX(x[id]), SY(st.ply[id]));
    }
  }
  if (g) {
    const shapes = new Path2D(), edges = new Path2D();
    const labels = [];
    for (const cut of g.cuts) {
      if (o.cursor >= cut.ev) continue; // pruned by now: drawn as pruned
      for (let k = cut.first; k < cut.end; k++) {
        const pr = g.parent[k];
        const [px, py] = pr < 0 ? [SX(x[-1 - pr]), SY(st.ply[-1 - pr])] : [SX(g.x[pr]), SY(g.ply[pr])];
        const gx = SX(g.x[k]), gy = SY(g.ply[k]);
        edges.moveTo(px, py);
        edges.lineTo(gx, gy);
        const rr = r(g.ply[k]);
        shape(shapes, gx, gy, rr, o.maxmin && rr >= 3, (g.ply[k] & 1) === 0);
        labels.push([k, gx, gy, rr]);
      }
    }
    ctx.strokeStyle = pal.edgeFuture;
    ctx.lineWidth = 1;
    ctx.stroke(edges);
    ctx.fillStyle = pal.future;
    ctx.fill(shapes);
    ctx.strokeStyle = pal.futureStroke;
    ctx.stroke(shapes);
    if (canLabel) {
      for (const [k, gx, gy, rr] of labels) {
        ctx.fillStyle = pal.muted;
        ctx.textBaseline = 'bottom';
        ctx.fillText(String(g.code[k]), gx, gy - rr - 3);
        ctx.fillStyle = pal.text;
        ctx.textBaseline = 'top';
        const v = g.value[k];
        if (!Number.isNaN(v)) value(o.maxmin || !(g.ply[k] & 1) ? v : -v, g.ply[k], gx, gy);
      }
    }
  }
  ctx.restore();
}

/** Screen positions of every node by path key: trace nodes and pruned ones. */
export function positions(s) {
  const { st, x, SX, SY } = s;
  const g = s.lay.ghosts;
  const out = new Map();
  for (let id = 0; id < st.n; id++) out.set(tracePath(st, id), [SX(x[id]), SY(st.ply[id])]);
  if (g) for (let k = 0; k < g.n; k++) out.set(ghostPath(st, g, k), [SX(g.x[k]), SY(g.ply[k])]);
  return out;
}

export function drawPredict(ctx, s) {
  const p = s.o.predict;
  if (!p) return;
  const { st, x, SX, SY, o, view } = s;
  const pal = o.pal;
  const g = s.lay.ghosts;
  ctx.save();
  ctx.font = `600 12px ${pal.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  if (!p.result) {
    // every leaf's value (the student needs them all), pruned or not
    ctx.fillStyle = pal.text;
    for (let id = 0; id < st.n; id++) {
      if (st.lastChild[id] !== NONE || st.parent[id] === NONE) continue;
      ctx.fillText(fmtValue(shownValue(st.value[id], st.ply[id], o.maxmin), o.chess), SX(x[id]), SY(st.ply[id]) + 14);
    }
    if (g) {
      const shapes = new Path2D(), edges = new Path2D();
      for (let k = 0; k < g.n; k++) {
        const pr = g.parent[k];
        const [px, py] = pr < 0 ? [SX(x[-1 - pr]), SY(st.ply[-1 - pr])] : [SX(g.x[pr]), SY(g.ply[pr])];
        edges.moveTo(px, py);
        edges.lineTo(SX(g.x[k]), SY(g.ply[k]));
        shapes.moveTo(SX(g.x[k]) + 6, SY(g.ply[k]));
        shapes.arc(SX(g.x[k]), SY(g.ply[k]), 6, 0, Math.PI * 2);
        const v = g.value[k];
        if (!Number.isNaN(v)) ctx.fillText(fmtValue(o.maxmin || !(g.ply[k] & 1) ? v : -v, o.chess), SX(g.x[k]), SY(g.ply[k]) + 14);
      }
      ctx.strokeStyle = pal.edgeFuture;
      ctx.lineWidth = 1;
      ctx.stroke(edges);
      ctx.fillStyle = pal.future;
      ctx.fill(shapes);
      ctx.strokeStyle = pal.futureStroke;
      ctx.stroke(shapes);
    }
  }
  const pos = positions(s);
  const ring = (key, color, dash, sign) => {
    const at = pos.get(key);
    if (!at) return;
    ctx.strokeStyle = color;
    ctx.lineWidth = 2.5;
    ctx.setLineDash(dash);
    ctx.beginPath();
    ctx.arc(at[0], at[1], Math.min(16, Math.max(10, view.sx * 0.3)), 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = color;
    ctx.textBaseline = 'bottom';
    ctx.fillText(sign, at[0] + 14, at[1] - 8);
  };
  if (!p.result) for (const m of p.marks) ring(m, pal.cut, [], '✂');
  else {
    for (const k of p.result.hits) ring(k, pal.ok, [], '✓');
    for (const k of p.result.missed) ring(k, pal.cut, [4, 3], 'missed');
    for (const k of p.result.wrong) ring(k, pal.err, [], '✗');
  }
  ctx.restore();
}

/** The path key of the node nearest a canvas point (trace or pruned), within `maxPx`, or null. */
export function nearest(s, cx, cy, maxPx = 24) {
  let best = null, bd = maxPx;
  for (const [key, [px, py]] of positions(s)) {
    const d = Math.hypot(px - cx, py - cy);
    if (d < bd) {
      bd = d;
      best = key;
    }
  }
  return best;
}
