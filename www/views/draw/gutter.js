// Layer: the ply bands behind everything, and the gutter on the left with each ply's side
// (MAX ▲ / MIN ▼, or the side to move) and its node count. A lesson leaves the count out: it
// counts the whole finished search, so it would answer a question (lesson 3's leaves: the
// deepest row's count is the minimal tree's size).

import { compact } from '../../model/format.js';
import { GUTTER } from './scene.js';

export function drawPlyBands(ctx, s) {
  const { qMin, qMax, SY, W, view, o } = s;
  for (let q = qMin; q <= qMax; q++) {
    ctx.fillStyle = q & 1 ? o.pal.band2 : o.pal.band;
    ctx.fillRect(0, SY(q) - view.sy / 2, W, view.sy);
  }
}

export function drawGutter(ctx, s) {
  const { qMin, qMax, SY, H, view, plyLists, o } = s;
  const pal = o.pal;
  ctx.fillStyle = pal.gutter;
  ctx.fillRect(0, 0, GUTTER - 4, H);
  ctx.fillStyle = pal.line;
  ctx.fillRect(GUTTER - 4, 0, 1, H);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const sy = view.sy;
  const every = sy >= 14 ? 1 : Math.ceil(14 / sy);
  for (let q = qMin; q <= qMax; q++) {
    const cy = SY(q);
    if (cy < -10 || cy > H + 10 || q % every) continue;
    const side = o.maxmin ? (q & 1 ? 'MIN ▼' : 'MAX ▲') : (o.sideNames || ['A', 'B'])[q & 1];
    const lesson = o.problem || o.hideFuture;
    const cnt = lesson ? '' : compact(plyLists[q] ? plyLists[q].n : 0);
    if (sy >= 30) {
      ctx.fillStyle = pal.text;
      ctx.font = `600 11px ${pal.font}`;
      ctx.fillText(side, 8, cy - 6);
      ctx.fillStyle = pal.muted;
      ctx.font = `10px ${pal.font}`;
      ctx.fillText(lesson ? `ply ${q}` : `ply ${q} · ${cnt}`, 8, cy + 8);
    } else {
      ctx.fillStyle = pal.text;
      ctx.font = `10px ${pal.font}`;
      ctx.fillText(`${q} ${o.maxmin ? side.slice(-1) : side.slice(0, 1)} ${cnt}`.trimEnd(), 6, cy);
    }
  }
}
