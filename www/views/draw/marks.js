// Layers: marks on the nodes. Before the nodes, the re-search arcs (from a re-search back to the
// search it repeats); after them, the expected ≠ actual ring (dashed, in the expected type's
// colour), the uncertain badge, the re-search outline and the size of collapsed subtrees.

import { STOP_REASONS_CODE as SR, FLAGS } from '../../schema.js';
import { L_COLLAPSED } from '../../model/layout.js';
import { fmtInt } from '../../model/format.js';
import { stateAt, NODE_STATE as NS } from './scene.js';

export function drawResearchArcs(ctx, s) {
  const { st, x, vis, rad, SX, SY, view, o } = s;
  if (!st.researchOf.size) return;
  const arcs = new Path2D();
  const heads = [];
  for (let k = 0; k < vis.length; k++) {
    const id = vis[k];
    if (!st.isResearch(id)) continue;
    const e = st.researchOf.get(id);
    if (e === undefined || stateAt(st, id, o.cursor) === NS.NOT_ENTERED) continue;
    const r = rad[k];
    const ax = SX(x[id]), bx = SX(x[e]), y = SY(st.ply[id]);
    const bulge = Math.min(view.sy * 0.38, 10 + Math.abs(ax - bx) * 0.3);
    arcs.moveTo(ax, y + r);
    arcs.quadraticCurveTo((ax + bx) / 2, y + r + bulge * 2, bx, y + r);
    heads.push(bx, y + r);
  }
  const pal = o.pal;
  ctx.strokeStyle = pal.research;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([4, 3]);
  ctx.stroke(arcs);
  ctx.setLineDash([]);
  ctx.fillStyle = pal.research;
  for (let i = 0; i < heads.length; i += 2) {
    ctx.beginPath();
    ctx.moveTo(heads[i], heads[i + 1]);
    ctx.lineTo(heads[i] - 3, heads[i + 1] + 6);
    ctx.lineTo(heads[i] + 3, heads[i + 1] + 6);
    ctx.fill();
  }
}

export function drawNodeMarks(ctx, s) {
  const { st, x, lf, vis, rad, lvl, SX, SY, o } = s;
  const pal = o.pal;
  const typeColors = [pal.pv, pal.cut, pal.all];
  ctx.lineWidth = 2;
  for (let k = 0; k < vis.length; k++) {
    const id = vis[k];
    const r = rad[k];
    if (r < 3.5) continue;
    const stt = stateAt(st, id, o.cursor);
    const px = SX(x[id]), py = SY(st.ply[id]);
    const f = st.flags[id];
    const exp = (f >> FLAGS.EXPECTED_SHIFT) & 3;
    if (stt === NS.RETURNED && st.reason[id] !== SR.ABORTED && exp !== (f & FLAGS.BOUND_MASK) && o.teach?.types !== false) {
      ctx.strokeStyle = typeColors[exp];
      ctx.setLineDash([2, 2]);
      ctx.beginPath();
      ctx.arc(px, py, r + 3, 0, Math.PI * 2);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    if (stt === NS.RETURNED && f & FLAGS.UNCERTAIN) {
      ctx.fillStyle = pal.uncertain;
      ctx.beginPath();
      ctx.arc(px - r - 2, py - r - 2, 5, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = pal.uncertainText;
      ctx.font = `bold 8px ${pal.font}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText('?', px - r - 2, py - r - 1.5);
    }
    if (f & FLAGS.RESEARCH && stt !== NS.NOT_ENTERED) {
      ctx.strokeStyle = pal.research;
      ctx.beginPath();
      ctx.arc(px, py, r + 1, 0, Math.PI * 2);
      ctx.stroke();
    }
    if (lf[id] & L_COLLAPSED) {
      ctx.fillStyle = pal.text;
      ctx.font = `10px ${pal.font}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      // an explicit tree drawn whole counts the input tree's nodes under it (www/model/fulltree.js):
      // the searched ones would tell how many were pruned
      ctx.fillText(`▸ ${fmtInt(s.lay.subtreeSize?.(id) ?? st.end(id) - id - 1)}`, px, py + r + (lvl[k] === 2 ? 30 : lvl[k] ? 18 : 3));
    }
  }
}
