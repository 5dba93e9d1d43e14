// Layer: pruned stubs. Every returned node that left moves unsearched gets dashed stubs (up to
// three) and, where there is room, "✂ n why". The count is the core's (considered moves no child
// searched, through Names), so cut-offs before move generation (TT, null move) show theirs too.

import { STOP_REASONS, STOP_REASONS_CODE as SR } from '../../schema.js';
import { STOP_WORDS } from '../../model/narrate.js';
import { prunes } from '../../model/pruned.js';
import { stateAt } from './scene.js';

export function drawStubs(ctx, s) {
  const { st, x, vis, rad, lvl, SX, SY, view, o } = s;
  const cand = [];
  for (let k = 0; k < vis.length; k++) {
    const id = vis[k];
    if (rad[k] >= 3.5 && st.exited(id) && prunes(st.reason[id]) && stateAt(st, id, o.cursor) === 2) cand.push(k);
  }
  if (!cand.length || !o.prunedCount) return;
  o.prefetchCounts?.(cand.map((k) => vis[k]));
  const pal = o.pal;
  ctx.strokeStyle = pal.pruned;
  ctx.fillStyle = pal.muted;
  ctx.lineWidth = 1;
  ctx.setLineDash([3, 3]);
  const stubs = new Path2D();
  const texts = [];
  for (const k of cand) {
    const id = vis[k];
    const pc = o.prunedCount(id);
    if (!pc) continue;
    const px = SX(x[id]), py = SY(st.ply[id]);
    const r = rad[k];
    const dx = Math.min(r * 2.4, 26);
    const shown = Math.min(pc, 3);
    for (let i = 0; i < shown; i++) {
      stubs.moveTo(px + r * 0.6, py + r * 0.6);
      stubs.lineTo(px + r + dx * (0.5 + 0.4 * i), py + view.sy * 0.45);
    }
    if (lvl[k] === 2) texts.push([px + r + dx * (0.5 + 0.4 * (shown - 1)) + 3, py + view.sy * 0.45, pc, st.reason[id]]);
  }
  ctx.stroke(stubs);
  ctx.setLineDash([]);
  if (!texts.length) return;
  ctx.font = `10px ${pal.font}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const [tx, ty, pc, rs] of texts) {
    const why = rs === SR.BETA_CUTOFF ? (o.maxmin ? 'cut' : 'β-cut') : (STOP_WORDS[STOP_REASONS[rs]?.name] ?? '').replace(' cut-off', '');
    ctx.fillText(`✂ ${pc}${why ? ' ' + why : ''}`, tx, ty);
  }
}
