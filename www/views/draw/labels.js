// Layer: node labels where the scene found room: the move into the node above it, its value
// below once it returned (a leaf of an explicit tree: always, since its value is the problem
// the search solves, not an answer), and its window under that at the most detailed zoom.

import { NONE } from '../../model/store.js';
import { STOP_REASONS_CODE as SR } from '../../schema.js';
import { fmtValue, shownValue, viewWindow } from '../../model/format.js';
import { stateAt, NODE_STATE as NS } from './scene.js';

/** Draws the labels; returns the leaf values it wrote on leaves not yet returned (an explicit
 * tree's problem statement), as shown. */
export function drawLabels(ctx, s) {
  const { st, x, vis, rad, lvl, SX, SY, view, canLabel, o } = s;
  const given = [];
  if (!canLabel || !vis.length) return given;
  if (o.prefetch) {
    const want = [];
    for (let k = 0; k < vis.length; k++) if (lvl[k]) want.push(vis[k]);
    if (want.length) o.prefetch(want);
  }
  const pal = o.pal;
  const bold = `600 11px ${pal.font}`, small = `10px ${pal.font}`;
  ctx.textAlign = 'center';
  const compact = view.sy < 64;
  for (let k = 0; k < vis.length; k++) {
    if (!lvl[k]) continue;
    const id = vis[k];
    const r = rad[k];
    const stt = stateAt(st, id, o.cursor);
    const px = SX(x[id]), py = SY(st.ply[id]);
    const q = st.ply[id];
    const leaf = o.leaves && st.nMoves[id] === 0;
    if (leaf && stt !== NS.RETURNED) given.push(shownValue(st.value[id], q, o.maxmin));
    if (lvl[k] === 3) {
      if (stt !== NS.RETURNED && !leaf) continue;
      ctx.font = small;
      ctx.textBaseline = 'top';
      ctx.fillStyle = st.reason[id] === SR.ABORTED ? pal.muted : pal.text;
      ctx.fillText(fmtValue(shownValue(st.value[id], q, o.maxmin), o.chess), px, py + r + 3 + (k & 1 ? 11 : 0));
      continue;
    }
    const lab = st.parent[id] === NONE ? (st.roots.length > 1 ? `depth ${st.depth[id]}` : 'root') : o.label(id);
    ctx.fillStyle = stt === NS.NOT_ENTERED ? pal.muted : pal.text;
    ctx.font = bold;
    ctx.textBaseline = 'bottom';
    if (lab !== undefined) ctx.fillText(lab, px, py - r - 3);
    ctx.textBaseline = 'top';
    if (stt === NS.RETURNED || leaf) {
      ctx.fillStyle = st.reason[id] === SR.ABORTED ? pal.muted : pal.text;
      ctx.fillText(fmtValue(shownValue(st.value[id], q, o.maxmin), o.chess), px, py + r + 5);
    }
    if (!compact && lvl[k] === 2 && stt !== NS.NOT_ENTERED) {
      const [a, b] = viewWindow(st.alpha[id], st.beta[id], q, o.maxmin);
      ctx.font = small;
      ctx.fillStyle = pal.muted;
      ctx.fillText(`(${fmtValue(a, o.chess)}, ${fmtValue(b, o.chess)})`, px, py + r + 18);
    }
  }
  return given;
}
