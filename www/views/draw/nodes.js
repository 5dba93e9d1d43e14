// Layer: the nodes, one Path2D per colour group: triangles (MAX ▲, MIN ▼) in MAX/MIN view,
// circles otherwise, squares when tiny. Colour: actual type once returned (PV, CUT, ALL), open,
// not reached yet, or stopped; in compare mode optionally where they were visited.

import { NONE } from '../../model/store.js';
import { STOP_REASONS_CODE as SR, FLAGS } from '../../schema.js';
import { stateAt } from './scene.js';

// groups: 0 PV, 1 CUT, 2 ALL, 3 open, 4 future, 5 stopped, 6 in both, 7 only here; +8 faded
export function drawNodes(ctx, s) {
  const { st, x, vis, rad, SX, SY, o } = s;
  const df = o.diff;
  const match = df?.match ?? null;
  const ghost = !!df?.ghost;
  const byDiff = df?.colorBy === 'diff';
  const groups = Array.from({ length: 16 }, () => new Path2D());
  for (let k = 0; k < vis.length; k++) {
    const id = vis[k];
    const r = rad[k];
    const stt = stateAt(st, id, o.cursor);
    let g = stt === 0 ? 4 : stt === 1 ? 3 : st.reason[id] === SR.ABORTED ? 5 : st.flags[id] & FLAGS.BOUND_MASK;
    if (byDiff && stt !== 0) g = match[id] !== NONE ? 6 : 7;
    if (ghost && match[id] === NONE) g += 8;
    shape(groups[g], SX(x[id]), SY(st.ply[id]), r, o.maxmin && r >= 3, (st.ply[id] & 1) === 0);
  }
  const pal = o.pal;
  const fills = [pal.pv, pal.cut, pal.all, pal.open, pal.future, pal.aborted, pal.both, df?.only ?? pal.onlyA];
  for (let g = 0; g < 16; g++) {
    const fade = g >= 8;
    const f = g & 7;
    if (fade) ctx.globalAlpha = 0.28;
    ctx.fillStyle = fills[f];
    ctx.fill(groups[g]);
    if (f === 3 || f === 4 || f === 5 || fade) {
      ctx.strokeStyle = f === 4 ? pal.futureStroke : pal.openStroke;
      ctx.lineWidth = 1;
      if (fade) ctx.setLineDash([2, 2]);
      ctx.stroke(groups[g]);
      ctx.setLineDash([]);
    }
    ctx.globalAlpha = 1;
  }
}

function shape(path, px, py, r, tri, up) {
  if (r < 2.5) {
    path.rect(px - r, py - r, 2 * r, 2 * r);
  } else if (tri) {
    const h = r * 1.25;
    const dir = up ? 1 : -1;
    path.moveTo(px, py - dir * h);
    path.lineTo(px + h, py + dir * h * 0.8);
    path.lineTo(px - h, py + dir * h * 0.8);
    path.closePath();
  } else {
    path.moveTo(px + r, py);
    path.arc(px, py, r, 0, Math.PI * 2);
  }
}
