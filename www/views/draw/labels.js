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
 * The pruned subtrees still drawn as not reached yet (the scene's `outline`) are labelled by the
 * same code as the nodes not reached yet (`nodeLabels`), so that their labels cannot differ.
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
  ctx.textAlign = 'center';
  for (let k = 0; k < vis.length; k++) {
    if (!lvl[k]) continue;
    const id = vis[k];
    const stt = stateAt(st, id, o.cursor);
    const q = st.turn[id];
    const leaf = o.leaves && st.nMoves[id] === 0;
    const value = stt === NS.RETURNED || leaf ? shownValue(st.value[id], q, o.maxmin) : null;
    if (leaf && stt !== NS.RETURNED) given.push(value);
    // a chance branch's probability, shortened where the slot is too narrow for the whole label
    const p = st.parent[id] === NONE ? null : o.probability?.(id) ?? null;
    ctx.font = bold(o);
    const lab = st.parent[id] === NONE ? (st.roots.length > 1 ? `depth ${st.depth[id]}` : 'root') : p === null ? o.label(id) : fitLabel(ctx, [o.label(id), `p ${p}`, p], view.sx - 4);
    const mark = o.teach && stt === NS.RETURNED ? boundMark(st, id, o.maxmin) : '';
    if (mark) out.bounds++;
    const win = lvl[k] === 2 && stt !== NS.NOT_ENTERED && o.teach?.windows !== false ? viewWindow(st.alpha[id], st.beta[id], q, o.maxmin) : null;
    nodeLabels(ctx, s, {
      px: SX(x[id]), py: SY(st.ply[id]), r: rad[k], lvl: lvl[k], stt, wx: x[id], root: st.parent[id] === NONE, lab,
      value: value === null ? null : mark + fmtValue(value, o.chess, o.scale), stopped: st.reason[id] === SR.ABORTED, win,
    });
    if (stt === NS.RETURNED && value !== null) out.values++; // a leaf's given value is counted in `given`
  }
  return out;
}

const bold = (o) => `600 ${LABEL_PX}px ${o.pal.font}`;

/**
 * One node's labels, at its level of detail `lvl` (the scene's): the move above it (muted until
 * the node is entered), its value below (a returned node's, or an explicit tree's leaf's given
 * value), a staggered leaf value alone (level 3), the window under the value (level 2). `n`: {
 * px, py, r, lvl, stt (NODE_STATE), wx (world x: the stagger's line), root, lab (the move's
 * text), value (text or null), stopped, win ([α, β] in the view's terms, or null) }.
 */
export function nodeLabels(ctx, s, n) {
  const { view, o } = s;
  const pal = o.pal;
  if (n.lvl === 3) {
    if (n.value === null) return;
    ctx.font = `${LABEL_PX}px ${pal.font}`;
    ctx.textBaseline = 'top';
    ctx.fillStyle = n.stopped ? pal.muted : pal.text;
    const y = n.py + n.r + 3 + (Math.round(n.wx) & 1 ? LABEL_PX + 1 : 0);
    ctx.fillText(n.value, n.px, y);
    box(ctx, s, n.value, n.px, y);
    return;
  }
  const tight = view.sy < 2 * LABEL_PX + 32;
  ctx.font = bold(o);
  ctx.fillStyle = n.stt === NS.NOT_ENTERED ? pal.muted : pal.text;
  ctx.textBaseline = 'bottom';
  // rows too close for a move above and the parent's value below both: the value wins
  if (n.lab !== undefined && (!tight || n.root)) {
    ctx.fillText(n.lab, n.px, n.py - n.r - 3);
    box(ctx, s, n.lab, n.px, n.py - n.r - 3 - LABEL_PX);
  }
  ctx.textBaseline = 'top';
  if (n.value !== null) {
    ctx.fillStyle = n.stopped ? pal.muted : pal.text;
    ctx.fillText(n.value, n.px, n.py + n.r + 5);
    box(ctx, s, n.value, n.px, n.py + n.r + 5);
  }
  if (view.sy >= 64 && n.win) {
    ctx.font = `${LABEL_PX}px ${pal.font}`;
    ctx.fillStyle = pal.muted;
    const w = `(${fmtValue(n.win[0], o.chess, o.scale)}, ${fmtValue(n.win[1], o.chess, o.scale)})`;
    ctx.fillText(w, n.px, n.py + n.r + 7 + LABEL_PX);
    box(ctx, s, w, n.px, n.py + n.r + 7 + LABEL_PX);
  }
}

/** The width of a window "(−∞, +∞)" as the old rule assumed it, for every tree whose windows
 * cannot be known from its problem (searched positions, chance trees). */
export const WINDOW_PX = 60;

/**
 * The widest window "(α, β)" that a node of this tree can be written with, in CSS px, from the
 * problem alone (never from the search, so that the room it gives tells nothing): in an explicit
 * tree without chance nodes every α and β is ±∞ or a leaf's value (in MAX/MIN view as the
 * leaves are shown, from the side to move either sign), so the widest is two of the widest of
 * those. Other trees: WINDOW_PX. Issue 29 §5: at 1280 px Russell–Norvig's 9 leaves, 62.5 px
 * apart, all have room for their windows, about 55 px wide.
 */
export function widestWindow(ctx, st, lay, o) {
  if (!o.leaves || !o.pal) return WINDOW_PX;
  const texts = new Set(['−∞', '+∞', '-∞']);
  const add = (v) => {
    texts.add(fmtValue(v, o.chess, o.scale));
    if (!o.maxmin) texts.add(fmtValue(-v, o.chess, o.scale));
  };
  for (let id = 0; id < st.n; id++) {
    if (o.probability?.(id) != null) return WINDOW_PX; // a chance tree: expectations and Star1 bounds
    if (st.nMoves[id] === 0) add(shownValue(st.value[id], st.turn[id], o.maxmin));
  }
  const g = lay.ghosts;
  for (let k = 0; g && k < g.n; k++) {
    if (g.chance?.[k]) return WINDOW_PX;
    // a pruned leaf's value is given from MAX's view
    if (!Number.isNaN(g.value[k])) add(g.value[k]);
  }
  ctx.save();
  ctx.font = `${LABEL_PX}px ${o.pal.font}`;
  let w = 0;
  for (const t of texts) w = Math.max(w, ctx.measureText(t).width);
  const all = ctx.measureText('(, )').width + 2 * w;
  ctx.restore();
  return Math.ceil(all);
}

/** Notes a centred label's box (its top at `y`) in the scene's `labelBoxes`. */
function box(ctx, s, text, x, y) {
  const w = ctx.measureText(String(text)).width;
  s.labelBoxes?.push([x - w / 2, y, x + w / 2, y + LABEL_PX]);
}

/** How many pairs of the labels' boxes overlap (a row's labels cannot be read where they do). */
export function labelOverlaps(boxes) {
  const b = [...boxes].sort((p, q) => p[0] - q[0]);
  let n = 0;
  for (let i = 0; i < b.length; i++) {
    for (let j = i + 1; j < b.length && b[j][0] < b[i][2]; j++) if (b[j][1] < b[i][3] && b[i][1] < b[j][3]) n++;
  }
  return n;
}
