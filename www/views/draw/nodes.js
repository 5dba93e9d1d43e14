// Layer: the nodes, one Path2D per colour group: triangles (MAX ▲, MIN ▼) in MAX/MIN view,
// circles otherwise, squares when tiny. Colour: actual type once returned (PV, CUT, ALL), open,
// not reached yet, or stopped; in compare mode optionally where they were visited.

import { NONE } from '../../model/store.js';
import { STOP_REASONS_CODE as SR, NODE_TYPES_CODE as NT, NODE_KINDS_CODE as NK, FLAGS } from '../../schema.js';
import { stateAt, NODE_STATE as NS } from './scene.js';
import { minTurn } from '../../model/format.js';

/**
 * The colour groups nodes are filled by: the actual type once returned (the node type codes),
 * open, not entered yet, stopped; in compare mode's diff colouring, visited by both or only
 * this side. A group + FADED is the same faded (ghost view: absent from the other side).
 */
export const FILL = Object.freeze({ PV: NT.PV, CUT: NT.CUT, ALL: NT.ALL, OPEN: 3, FUTURE: 4, STOPPED: 5, BOTH: 6, ONLY: 7 });
const FADED = 8;

export function drawNodes(ctx, s) {
  const { st, x, vis, rad, SX, SY, o } = s;
  const df = o.diff;
  const match = df?.match ?? null;
  const ghost = !!df?.ghost;
  const byDiff = df?.colorBy === 'diff';
  const plain = o.teach?.types === false;
  const groups = Array.from({ length: 2 * FADED }, () => new Path2D());
  // chance nodes' outlines, drawn dashed over their fill (the editor's and exercises' look)
  const chance = new Path2D();
  for (let k = 0; k < vis.length; k++) {
    const id = vis[k];
    const r = rad[k];
    const stt = stateAt(st, id, o.cursor);
    let g = stt === NS.NOT_ENTERED ? FILL.FUTURE : stt === NS.OPEN ? FILL.OPEN : st.reason[id] === SR.ABORTED ? FILL.STOPPED : st.flags[id] & FLAGS.BOUND_MASK; // the actual type
    if (byDiff && stt !== NS.NOT_ENTERED) g = match[id] !== NONE ? FILL.BOTH : FILL.ONLY;
    // a lesson before node types (lessons 1–2): a returned node in one neutral colour
    else if (plain && g < FILL.OPEN) g = FILL.BOTH;
    if (ghost && match[id] === NONE) g += FADED;
    shape(groups[g], SX(x[id]), SY(st.ply[id]), r, o.maxmin && r >= 3, !minTurn(st.turn[id]), st.nodeKind(id) === NK.CHANCE);
    if (r >= 2.5 && st.nodeKind(id) === NK.CHANCE) shape(chance, SX(x[id]), SY(st.ply[id]), r + 2, false, true, true);
  }
  const pal = o.pal;
  const fills = [];
  Object.entries({ PV: pal.pv, CUT: pal.cut, ALL: pal.all, OPEN: pal.open, FUTURE: pal.future, STOPPED: pal.aborted, BOTH: plain ? pal.muted : pal.both, ONLY: df?.only ?? pal.onlyA }).forEach(([k, c]) => (fills[FILL[k]] = c));
  for (let g = 0; g < 2 * FADED; g++) {
    const fade = g >= FADED;
    const f = g % FADED;
    if (fade) ctx.globalAlpha = 0.28;
    ctx.fillStyle = fills[f];
    ctx.fill(groups[g]);
    if (f === FILL.OPEN || f === FILL.FUTURE || f === FILL.STOPPED || fade) {
      ctx.strokeStyle = f === FILL.FUTURE ? pal.futureStroke : pal.openStroke;
      ctx.lineWidth = 1;
      if (fade) ctx.setLineDash([2, 2]);
      ctx.stroke(groups[g]);
      ctx.setLineDash([]);
    }
    ctx.globalAlpha = 1;
  }
  ctx.strokeStyle = pal.text;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([4, 3]);
  ctx.stroke(chance);
  ctx.setLineDash([]);
}

/** Adds one node's outline to `path`: a square when tiny, a triangle (MAX ▲ `up`, MIN ▼), or a
 * circle (a `chance` node always: AIMA's and CS188's chance node). */
export function shape(path, px, py, r, tri, up, chance = false) {
  if (r < 2.5) {
    path.rect(px - r, py - r, 2 * r, 2 * r);
  } else if (tri && !chance) {
    const h = r * 1.25;
    const dir = up ? 1 : -1;
    path.moveTo(px, py - dir * h);
    path.lineTo(px + h, py + dir * h * 0.8);
    path.lineTo(px - h, py + dir * h * 0.8);
    path.closePath();
  } else {
    path.moveTo(px + r, py);
    path.arc(px, py, r, 0, Math.PI * 2);
  }
}
