// Layer: iterative deepening's stored guesses in the chosen root search (www/views/
// iterations.js): ✓ where the move earlier iterations stored was the best, ✗ where it was not.

import { RIGHT } from '../../model/guesses.js';

export function drawGuesses(ctx, s) {
  const marks = s.o.guesses;
  if (!marks || !marks.size) return;
  const { st, x, vis, rad, SX, SY, o } = s;
  const pal = o.pal;
  ctx.save();
  ctx.font = `bold 12px ${pal.font}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'bottom';
  for (let k = 0; k < vis.length; k++) {
    const m = marks.get(vis[k]);
    if (!m || rad[k] < 2.5) continue;
    const id = vis[k];
    ctx.fillStyle = m === RIGHT ? pal.ok : pal.err;
    ctx.fillText(m === RIGHT ? '✓' : '✗', SX(x[id]) + rad[k] + 1, SY(st.ply[id]) - rad[k] + 2);
  }
  ctx.restore();
}
