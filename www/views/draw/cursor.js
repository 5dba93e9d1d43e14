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
  const [px, py] = pillPlace(s, id, r, tw, 18);
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

/**
 * Where the α/β pill goes: beside the cursor node, on the right or the left, or in the band
 * between its row and the next one — the first place that covers no other node and none of
 * their labels (its move above, its value below; issue 29 §4: the pill hid leaf 1.1 in Explore
 * and the pruned 4 and 6 of lesson 2 on a phone), else the one that covers least. Always inside
 * the canvas and off the gutter. Answers [x, y] of its top left corner.
 */
export function pillPlace(s, id, r, w, h) {
  const { st, x, SX, SY, W, H, vis, rad, view } = s;
  const nx = SX(x[id]), ny = SY(st.ply[id]);
  // every other node's box with its labels, searched or pruned (drawn whole)
  const boxes = [];
  const box = (px, py, rr) => boxes.push([px - 15, py - rr - 18, px + 15, py + rr + 20]);
  for (let k = 0; k < vis.length; k++) if (vis[k] !== id) box(SX(x[vis[k]]), SY(st.ply[vis[k]]), rad[k]);
  const g = s.lay.ghosts;
  if (g && view.sx >= 5) for (let k = 0; k < g.n; k++) box(SX(g.x[k]), SY(g.ply[k]), s.rows[g.ply[k] - s.qMin]?.r || r);
  const gap = Math.max(h, view.sy / 2);
  const spots = [
    [nx + r + 9, ny - h / 2],
    [nx - r - 9 - w, ny - h / 2],
    [nx + 4, ny + gap - h / 2],
    [nx - 4 - w, ny + gap - h / 2],
    [nx + 4, ny - gap - h / 2],
    [nx - 4 - w, ny - gap - h / 2],
  ];
  let best = null, least = Infinity;
  for (const [sx0, sy0] of spots) {
    const px = Math.max(GUTTER + 2, Math.min(W - w - 2, sx0));
    const py = Math.max(2, Math.min(H - h - 2, sy0));
    let covered = 0;
    for (const [a, b, c, d] of boxes) covered += Math.max(0, Math.min(c, px + w) - Math.max(a, px)) * Math.max(0, Math.min(d, py + h) - Math.max(b, py));
    if (covered < least) {
      least = covered;
      best = [px, py];
      if (!covered) break;
    }
  }
  return best;
}
