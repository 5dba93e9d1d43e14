// Layer: the ply bands behind everything, and the gutter on the left with each ply's side
// (MAX ▲ / MIN ▼, or the side to move) and its node count — the nodes drawn as part of the tree,
// so the subtrees still drawn as not reached yet (pruned.js's outline) count too, and the count
// gives no prune away before its cut-off. A lesson leaves the count out: it counts the whole
// finished search, so it would answer a question (lesson 3's leaves: the deepest row's count is
// the minimal tree's size).

import { compact, minTurn } from '../../model/format.js';
import { NODE_KINDS_CODE as NK } from '../../schema.js';
import { GUTTER } from './scene.js';

export function drawPlyBands(ctx, s) {
  const { qMin, qMax, SY, W, view, o } = s;
  for (let q = qMin; q <= qMax; q++) {
    ctx.fillStyle = q & 1 ? o.pal.band2 : o.pal.band;
    ctx.fillRect(0, SY(q) - view.sy / 2, W, view.sy);
  }
}

export function drawGutter(ctx, s) {
  const { qMin, qMax, SY, H, view, plyLists, o, st } = s;
  const pal = o.pal;
  ctx.fillStyle = pal.gutter;
  ctx.fillRect(0, 0, GUTTER - 4, H);
  ctx.fillStyle = pal.line;
  ctx.fillRect(GUTTER - 4, 0, 1, H);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const sy = view.sy;
  const every = sy >= 14 ? 1 : Math.ceil(14 / sy);
  const outlined = outlinedPerPly(s);
  for (let q = qMin; q <= qMax; q++) {
    const cy = SY(q);
    if (cy < -10 || cy > H + 10 || q % every) continue;
    // a level's player: its first node's (the trace's `turn`, so that chance levels and a MIN
    // root are right); a level not reached yet alternates from the root's
    const first = plyLists[q]?.n ? plyLists[q].a[0] : -1;
    const turn = first >= 0 ? st.turn[first] : (q + st.rootTurn) & 1;
    const chance = first >= 0 && st.nodeKind(first) === NK.CHANCE;
    const side = chance ? 'chance ○' : o.maxmin ? (minTurn(turn) ? 'MIN ▼' : 'MAX ▲') : (o.sideNames || ['A', 'B'])[q & 1];
    const lesson = o.problem || o.hideFuture;
    const cnt = lesson ? '' : compact((plyLists[q] ? plyLists[q].n : 0) + (outlined.get(q) ?? 0));
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

/** Per ply, the pruned nodes drawn as not reached yet (the condition of pruned.js's outline). */
function outlinedPerPly(s) {
  const out = new Map();
  const g = s.lay.ghosts;
  const o = s.o;
  if (!g || !g.n || s.view.sx < 5) return out;
  const predicting = o.predict && !o.predict.result;
  for (const cut of g.cuts) {
    if (!predicting && !(o.cursor >= 0 && o.cursor < cut.ev)) continue;
    for (let k = cut.first; k < cut.end; k++) out.set(g.ply[k], (out.get(g.ply[k]) ?? 0) + 1);
  }
  return out;
}
