// Layer: node labels where the scene found room: the move into the node above it, its value
// below once it returned (a leaf of an explicit tree: always, since its value is the problem
// the search solves, not an answer), and its window under that at the most detailed zoom.

import { NONE } from '../../model/store.js';
import { STOP_REASONS_CODE as SR, BOUNDS_CODE } from '../../schema.js';
import { fmtValue, shownValue, viewWindow } from '../../model/format.js';
import { stateAt, NODE_STATE as NS } from './scene.js';

/** Labels' font size in CSS px: 12 at least, so that a lesson's tree is read from the back of a
 * classroom and on a phone (issue 18). */
export const LABEL_PX = 12;

/**
 * "≤ " or "≥ " before a returned node's value when it is a bound, in the view's terms (MAX's
 * in MAX/MIN view: a MIN node's lower bound for MIN is "≤" for MAX), or "" when exact. A
 * lesson writes bounds so (its questions ask "≤ 2", and the drawing must agree with them).
 */
export function boundMark(st, id, maxmin) {
  const b = st.flags[id] & 3;
  // a leaf's value is the problem itself, exact, whatever its type against its window
  if (b === BOUNDS_CODE.EXACT || st.reason[id] === SR.ABORTED || st.lastChild[id] === NONE) return '';
  const lower = b === BOUNDS_CODE.LOWER;
  return lower !== (maxmin && Boolean(st.turn[id] & 1)) ? '≥ ' : '≤ ';
}

/**
 * The first of `forms` (the longest first) whose width in the current font fits `room` pixels,
 * else the last: a chance branch's "1 p 1/4" turns "p 1/4", then "1/4", where its neighbours
 * would overlap it.
 */
export function fitLabel(ctx, forms, room) {
  for (const f of forms) if (ctx.measureText(f).width <= room) return f;
  return forms[forms.length - 1];
}

/**
 * Draws the labels; returns { px (font size), returned (visible nodes that have returned at the
 * cursor), values (how many of those returned nodes have their value written), bounds (how many
 * of those a lesson wrote as a bound, "≤ 2"), given (the leaf
 * values written on leaves not yet returned — an explicit tree's problem statement — as shown) }.
 */
export function drawLabels(ctx, s) {
  const { st, x, vis, rad, lvl, SX, SY, view, canLabel, o } = s;
  const given = [];
  const out = { px: LABEL_PX, returned: 0, values: 0, bounds: 0, given };
  for (const id of vis) if (stateAt(st, id, o.cursor) === NS.RETURNED) out.returned++;
  if (!canLabel || !vis.length) return out;
  if (o.prefetch) {
    const want = [];
    for (let k = 0; k < vis.length; k++) if (lvl[k]) want.push(vis[k]);
    if (want.length) o.prefetch(want);
  }
  const pal = o.pal;
  const bold = `600 ${LABEL_PX}px ${pal.font}`, small = `${LABEL_PX}px ${pal.font}`;
  ctx.textAlign = 'center';
  const compact = view.sy < 64;
  const tight = view.sy < 2 * LABEL_PX + 32;
  for (let k = 0; k < vis.length; k++) {
    if (!lvl[k]) continue;
    const id = vis[k];
    const r = rad[k];
    const stt = stateAt(st, id, o.cursor);
    const px = SX(x[id]), py = SY(st.ply[id]);
    const q = st.turn[id];
    const leaf = o.leaves && st.nMoves[id] === 0;
    if (leaf && stt !== NS.RETURNED) given.push(shownValue(st.value[id], q, o.maxmin));
    if (lvl[k] === 3) {
      if (stt !== NS.RETURNED && !leaf) continue;
      ctx.font = small;
      ctx.textBaseline = 'top';
      ctx.fillStyle = st.reason[id] === SR.ABORTED ? pal.muted : pal.text;
      ctx.fillText(fmtValue(shownValue(st.value[id], q, o.maxmin), o.chess, o.scale), px, py + r + 3 + (Math.round(x[id]) & 1 ? LABEL_PX + 1 : 0));
      if (stt === NS.RETURNED) out.values++; // a leaf's given value is counted in `given`
      continue;
    }
    ctx.font = bold;
    // a chance branch's probability, shortened where the slot is too narrow for the whole label
    const p = st.parent[id] === NONE ? null : o.probability?.(id) ?? null;
    const lab = st.parent[id] === NONE ? (st.roots.length > 1 ? `depth ${st.depth[id]}` : 'root') : p === null ? o.label(id) : fitLabel(ctx, [o.label(id), `p ${p}`, p], view.sx - 4);
    ctx.fillStyle = stt === NS.NOT_ENTERED ? pal.muted : pal.text;
    ctx.textBaseline = 'bottom';
    // rows too close for a move above and the parent's value below both: the value wins
    if (lab !== undefined && (!tight || st.parent[id] === NONE)) ctx.fillText(lab, px, py - r - 3);
    ctx.textBaseline = 'top';
    if (stt === NS.RETURNED || leaf) {
      ctx.fillStyle = st.reason[id] === SR.ABORTED ? pal.muted : pal.text;
      const mark = o.teach && stt === NS.RETURNED ? boundMark(st, id, o.maxmin) : '';
      if (mark) out.bounds++;
      ctx.fillText(mark + fmtValue(shownValue(st.value[id], q, o.maxmin), o.chess, o.scale), px, py + r + 5);
      if (stt === NS.RETURNED) out.values++; // a leaf's given value is counted in `given`
    }
    if (!compact && lvl[k] === 2 && stt !== NS.NOT_ENTERED && o.teach?.windows !== false) {
      const [a, b] = viewWindow(st.alpha[id], st.beta[id], q, o.maxmin);
      ctx.font = small;
      ctx.fillStyle = pal.muted;
      ctx.fillText(`(${fmtValue(a, o.chess, o.scale)}, ${fmtValue(b, o.chess, o.scale)})`, px, py + r + 7 + LABEL_PX);
    }
  }
  return out;
}
