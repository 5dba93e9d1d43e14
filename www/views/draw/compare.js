// Layer (compare mode): what the other search did differently. A diamond on matched nodes whose
// value, bound or type differ; in the ghost tree, "✂ n" on the root of each subtree the other
// search never visited; and where the cursor's node would be when this trace never visited it.

import { NONE } from '../../model/store.js';
import { fmtInt } from '../../model/format.js';
import { stateAt, NODE_STATE as NS } from './scene.js';

/** Draws the compare marks; returns the ids of the visible roots of faded subtrees. */
export function drawCompareMarks(ctx, s) {
  const { st, x, vis, rad, SX, SY, W, o } = s;
  const df = o.diff;
  const stubs = [];
  if (!df) return stubs;
  const pal = o.pal;
  const match = df.match;
  const texts = [];
  for (let k = 0; k < vis.length; k++) {
    const id = vis[k];
    const r = rad[k];
    const px = SX(x[id]), py = SY(st.ply[id]);
    if (match[id] !== NONE) {
      const bits = df.changed && stateAt(st, id, o.cursor) !== NS.NOT_ENTERED ? df.changed(id) : 0;
      if (bits && r >= 2.5) {
        const d = Math.max(3, Math.min(5, r * 0.7));
        const cx = px + r + 1, cy = py - r - 1;
        ctx.fillStyle = pal.changed;
        ctx.beginPath();
        ctx.moveTo(cx, cy - d);
        ctx.lineTo(cx + d, cy);
        ctx.lineTo(cx, cy + d);
        ctx.lineTo(cx - d, cy);
        ctx.closePath();
        ctx.fill();
      }
    } else if (df.ghost) {
      const p = st.parent[id];
      if (p !== NONE && match[p] === NONE) continue;
      stubs.push(id);
      if (r >= 3) texts.push([px, py, r, df.sizes ? df.sizes[id] : 1]);
    }
  }
  if (texts.length) {
    ctx.font = `600 10px ${pal.font}`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    for (const [px, py, r, n] of texts) {
      const t = `✂ ${fmtInt(n)}`;
      const tw = ctx.measureText(t).width + 6;
      const tx = px + r + 4, ty = py + r + 2;
      ctx.fillStyle = pal.bg;
      ctx.globalAlpha = 0.85;
      ctx.fillRect(tx - 2, ty - 7, tw, 14);
      ctx.globalAlpha = 1;
      ctx.fillStyle = pal.muted;
      ctx.fillText(t, tx + 1, ty);
    }
  }
  if (df.absent && o.cursorNode !== NONE) drawAbsent(ctx, s, SX(df.absent.x), SY(df.absent.ply), W);
  return stubs;
}

function drawAbsent(ctx, s, px, py, W) {
  if (px < -50 || px > W + 50) return;
  const pal = s.o.pal;
  const rr = Math.max(s.rOf(s.o.cursorNode), 4) + 3;
  ctx.strokeStyle = pal.cursor;
  ctx.lineWidth = 2;
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.arc(px, py, rr, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);
  const txt = 'not visited';
  ctx.font = `600 11px ${pal.font}`;
  const tw = ctx.measureText(txt).width + 10;
  const bx = Math.min(px + rr + 6, W - tw - 4), by = py - 9;
  ctx.fillStyle = pal.pill;
  ctx.strokeStyle = pal.cursor;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.roundRect(bx, by, tw, 18, 4);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = pal.pillText;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(txt, bx + 5, by + 9);
}
