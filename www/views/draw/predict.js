// Layer: prune prediction (www/model/predict.js). While the student marks branches, every
// leaf's value shows and the pruned subtrees look like any node not reached yet (the layer
// www/views/draw/pruned.js draws them so); marked nodes carry a scissors mark. Once
// checked: ✓ on the pruned branches the student found, a dashed ring on those missed, ✗ on
// marks where the search did go.

import { NONE } from '../../model/store.js';
import { fmtValue, shownValue } from '../../model/format.js';
import { tracePath, ghostPath } from '../../model/predict.js';

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
  ctx.save();
  ctx.font = `600 12px ${pal.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  if (!p.result) {
    // every leaf's value (the student needs them all), pruned or not; an explicit tree's
    // searched leaves have theirs from the labels layer already
    ctx.fillStyle = pal.text;
    if (!o.leaves) {
      for (let id = 0; id < st.n; id++) {
        if (st.lastChild[id] !== NONE || st.parent[id] === NONE) continue;
        ctx.fillText(fmtValue(shownValue(st.value[id], st.turn[id], o.maxmin), o.chess, o.scale), SX(x[id]), SY(st.ply[id]) + 14);
      }
    }
    // the pruned subtrees are drawn exactly as the nodes not reached yet by www/views/draw/pruned.js
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
