// Layer: the edges between visible nodes (with fans to children off screen), and the path from
// the root to the cursor node.

import { NONE } from '../../model/store.js';
import { L_COLLAPSED } from '../../model/layout.js';
import { stateAt, NODE_STATE as NS } from './scene.js';

export function drawEdges(ctx, s) {
  const { st, x, lf, rows, rowOf, vis, SX, SY, wl, wr, o } = s;
  const { parent } = st;
  const ghost = o.diff?.ghost ? o.diff.match : null;
  const done = new Path2D(), fut = new Path2D(), faded = new Path2D();
  const cursor = o.cursor;
  for (const row of rows) {
    if (!row || row.dense || row.q === 0 || row.spacing < 1.5) continue;
    const up = rowOf(row.q - 1);
    for (let k = row.start; k < row.end; k++) {
      const id = vis[k];
      const p = parent[id];
      if (p === NONE) continue;
      const path = ghost && ghost[id] === NONE ? faded : stateAt(st, id, cursor) === NS.NOT_ENTERED ? fut : done;
      path.moveTo(SX(x[id]), SY(row.q));
      path.lineTo(SX(x[p]), SY(row.q - 1));
    }
    // fans of visible parents whose extreme children are off screen
    if (up && !up.dense) {
      for (let k = up.start; k < up.end; k++) {
        const p = vis[k];
        const lc = st.lastChild[p];
        if (lc === NONE || lf[p] & L_COLLAPSED) continue;
        for (const c of [p + 1, lc]) {
          const cx = x[c];
          if (cx >= wl && cx <= wr) continue;
          const notYet = stateAt(st, c, cursor) === NS.NOT_ENTERED;
          if (notYet && o.hideFuture) continue;
          const path = notYet ? fut : done;
          path.moveTo(SX(x[p]), SY(row.q - 1));
          path.lineTo(SX(cx), SY(row.q));
        }
      }
    }
  }
  const pal = o.pal;
  ctx.lineWidth = 1;
  ctx.strokeStyle = pal.edgeFuture;
  ctx.stroke(fut);
  ctx.strokeStyle = pal.edge;
  ctx.stroke(done);
  if (ghost) {
    ctx.strokeStyle = pal.ghost;
    ctx.setLineDash([4, 3]);
    ctx.globalAlpha = 0.6;
    ctx.stroke(faded);
    ctx.globalAlpha = 1;
    ctx.setLineDash([]);
  }
}

/** The path from the root to the cursor node, under the nodes. */
export function drawCursorPath(ctx, s) {
  const { st, x, SX, SY, o } = s;
  const id0 = o.cursorNode;
  if (id0 === NONE || id0 >= st.n) return;
  ctx.beginPath();
  let id = id0;
  ctx.moveTo(SX(x[id]), SY(st.ply[id]));
  while (st.parent[id] !== NONE) {
    id = st.parent[id];
    ctx.lineTo(SX(x[id]), SY(st.ply[id]));
  }
  ctx.lineWidth = 3;
  ctx.strokeStyle = o.pal.cursor;
  ctx.globalAlpha = 0.7;
  ctx.stroke();
  ctx.globalAlpha = 1;
}
