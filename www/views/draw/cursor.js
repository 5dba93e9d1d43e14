// Layer: the selection ring, the cursor ring, and the cursor node's window (α, β) in force at
// the cursor, in a pill kept inside the canvas.

import { NONE } from '../../model/store.js';
import { L_HIDDEN } from '../../model/layout.js';
import { fmtValue, viewWindow } from '../../model/format.js';
import { GUTTER } from './scene.js';

/** Draws the rings and the window pill; returns the pill's rectangle (or null). */
export function drawCursor(ctx, s) {
  const { st, x, lf, SX, SY, W, o } = s; // s.H: the canvas height
  const pal = o.pal;
  const ring = (id, color, width, dash) => {
    if (id === NONE || id >= st.n || lf[id] & L_HIDDEN) return;
    const px = SX(x[id]), py = SY(st.ply[id]);
    if (px < -50 || px > W + 50) return;
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.beginPath();
    ctx.arc(px, py, Math.max(s.rOf(id), 3) + 3.5, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
  };
  if (o.selected !== NONE && o.selected !== o.cursorNode) ring(o.selected, pal.selected, 1.5, [3, 2]);
  const id = o.cursorNode;
  if (id === NONE || id >= st.n) return null;
  ring(id, pal.cursor, 3, []);
  if (lf[id] & L_HIDDEN || o.cursorAlpha === undefined || o.teach?.windows === false) return null;
  const [a, b] = viewWindow(o.cursorAlpha, st.beta[id], st.turn[id], o.maxmin);
  const txt = `α ${fmtValue(a, o.chess, o.scale)}  β ${fmtValue(b, o.chess, o.scale)}`;
  ctx.font = `600 12px ${pal.font}`;
  const tw = ctx.measureText(txt).width + 10;
  const r = Math.max(s.rOf(id), 3);
  let px = SX(x[id]) + r + 9;
  if (px + tw > W - 4) px = SX(x[id]) - r - 9 - tw; // no room on the right: on the left
  px = Math.max(GUTTER + 2, Math.min(W - tw - 2, px)); // never clipped by the canvas's edges or under the gutter
  let py = SY(st.ply[id]) - 9;
  if (py < 2 || py + 18 > s.H - 2) py = Math.max(2, Math.min(s.H - 20, py));
  ctx.fillStyle = pal.cursor;
  ctx.beginPath();
  ctx.roundRect(px, py, tw, 18, 4);
  ctx.fill();
  ctx.fillStyle = pal.cursorText;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(txt, px + 5, py + 9);
  return { x: px, y: py, w: tw, h: 18, W, H: s.H };
}
