// Layer: rows too crowded to draw node by node become density bands. Each 2-px column (4 px
// while a search streams in) of a
// dense row is a stacked bar of the sampled type shares (PV, CUT, ALL, open/stopped), its
// opacity one of four levels of the column's node count. In compare mode the shares are of
// nodes in both / only here (colour by A / B), and nodes the other search never visited are a
// faded share of their own in the ghost tree.

import { NONE } from '../../model/store.js';
import { STOP_REASONS_CODE as SR, NODE_TYPES_CODE as NT, FLAGS } from '../../schema.js';
import { L_HIDDEN } from '../../model/layout.js';
import { GUTTER, lbX, stateAt, NODE_STATE as NS } from './scene.js';

const ALPHAS = [0.45, 0.6, 0.8, 1];
/** Nodes sampled per 2-px column of a dense row (its bar's shares are in eighths)... */
const SAMPLES = 8;
/** ... and while a search streams in (quarters): see `maxSamples`. */
const STREAM_SAMPLES = 4;
/** A band's column width in px; while a search streams in, twice that: see `step`. */
const STEP = 2;
const STREAM_STEP = 4;
/**
 * What a band's samples are counted by: the actual type once returned (the node type codes),
 * unfinished (open or stopped), not entered yet; in compare mode, visited by both or only this
 * side, and absent from the other side (ghost view).
 */
const BAND = Object.freeze({ PV: NT.PV, CUT: NT.CUT, ALL: NT.ALL, UNFINISHED: 3, FUTURE: 4, BOTH: 5, ONLY: 6, GHOST: 7 });
const NCAT = Object.keys(BAND).length;
/**
 * lbX from `k`, for the next column: neighbouring columns hold about as many nodes, so the
 * search first probes where the previous column's density puts the boundary (`guess` nodes on),
 * then gallops outward from that probe (1, 2, 4, … nodes) until the boundary is bracketed, and
 * binary-searches only the bracket. In a row of a million nodes a column's boundary is then found
 * in a few probes near the guess instead of the ~11 a binary search over `guess` nodes needs; each
 * probe is a random read of a 10-million-node column (a cache miss), which is what the redraw of
 * a large tree spends its time on. The answer is exactly lbX(ids, x, k, hi, v).
 */
export function gallop(ids, x, k, hi, v, guess) {
  if (k >= hi) return hi;
  if (x[ids[k]] >= v) return k;
  // x[ids[k]] < v: the answer is in (k, hi]
  let lo = k + 1;
  let h = Math.min(hi, k + Math.max(1, guess));
  if (h < hi && x[ids[h]] < v) {
    // past the guess: gallop right
    let step = 1;
    lo = h + 1;
    for (;;) {
      const t = Math.min(hi, lo + step);
      if (t >= hi || x[ids[t]] >= v) {
        h = t;
        break;
      }
      lo = t + 1;
      step *= 2;
    }
  } else {
    // at or before the guess: gallop left from it
    let step = 1;
    for (;;) {
      const t = h - step;
      if (t < lo) break;
      if (x[ids[t]] < v) {
        lo = t + 1;
        break;
      }
      h = t;
      step *= 2;
    }
  }
  return lbX(ids, x, lo, h, v);
}

/**
 * Column boundaries per layout (its x array: a new trace or a regrown layout has a new one),
 * per ply row, with the view and layout version they were found for.
 */
const boundsOf = new WeakMap();

export function drawBands(ctx, s) {
  const { st, x, lf, rows, SY, W, view, o } = s;
  const { x0, sx, sy } = view;
  const df = o.diff;
  const match = df?.match ?? null;
  const ghost = !!df?.ghost;
  const byDiff = df?.colorBy === 'diff';
  const pal = o.pal;
  const fills = [];
  Object.entries({ PV: pal.pv, CUT: pal.cut, ALL: pal.all, UNFINISHED: pal.aborted, FUTURE: pal.future, BOTH: pal.both, ONLY: df?.only ?? pal.onlyA, GHOST: pal.ghost }).forEach(([k, c]) => (fills[BAND[k]] = c));
  if (o.hideFuture) fills[BAND.FUTURE] = 'rgba(0, 0, 0, 0)'; // a lesson on a game: not drawn (scene.js)
  const paths = new Array(NCAT * 4).fill(null);
  let dense = 0;
  const share = new Array(NCAT).fill(0);
  const run = new Array(NCAT).fill(0);
  // only a collapsed subtree hides nodes (Layout: L_HIDDEN): without one, the hidden flag is not
  // read (one random read less per sample of a large tree)
  const hiding = s.lay.collapsed.size > 0;
  // Each sample is a few random reads of columns of millions of nodes (the redraw of a large
  // tree spends most of its time on them). While a search streams in, the page redraws every
  // quarter second and the frame must stay short (issue 19 §6: no stall over 50 ms), so a
  // column's shares come from 4 samples instead of 8 until the search is done.
  const maxSamples = o.streaming ? STREAM_SAMPLES : SAMPLES;
  for (const row of rows) {
    if (!row || !row.dense) continue;
    dense++;
    const { ids, hi, q } = row;
    const bh = Math.max(3, Math.min(sy * 0.42, 26));
    const top = SY(q) - bh / 2;
    // While a search streams in, columns are 4 px wide: half the boundaries to find and half the
    // samples, in a redraw that shares its frame with the compositor on a 2-core machine (issue
    // 33, "Stalls": in a profile of the 10 M-node chess stream the bands were 4.4 s of the 6.2 s
    // of redraws, their boundaries and samples most of it); 2 px once it is done.
    const step = o.streaming ? STREAM_STEP : STEP;
    // column boundaries (bounds[c]: the first row position at or past column c's left edge):
    // they depend on the view and the layout, not on the cursor, so stepping reuses them
    const key = `${x0}|${sx}|${W}|${step}|${row.lo}|${hi}|${s.lay.version}|${st.n}`;
    let rowsOf = boundsOf.get(x);
    if (!rowsOf) boundsOf.set(x, (rowsOf = new Map()));
    let cached = rowsOf.get(q);
    if (cached?.key !== key || cached.ids !== ids) {
      const cols = Math.max(0, Math.ceil((W - GUTTER) / step));
      const bounds = new Int32Array(cols + 1);
      let maxc = 1;
      let k = (bounds[0] = lbX(ids, x, row.lo, hi, x0));
      let ncol = 0;
      let guess = 1;
      for (let px = GUTTER; px < W && k < hi; px += step) {
        const k1 = gallop(ids, x, k, hi, x0 + (px + step - GUTTER) / sx, guess);
        bounds[++ncol] = k1;
        if (k1 - k > maxc) maxc = k1 - k;
        guess = Math.max(1, k1 - k);
        k = k1;
      }
      rowsOf.set(q, (cached = { key, ids, bounds, ncol, maxc }));
    }
    const { bounds, ncol, maxc } = cached;
    const lm = Math.log(1 + maxc);
    // Neighbouring columns with the same bar (the same shares at the same opacity) are drawn as
    // one wider bar: far fewer rectangles to build and rasterize in uniform stretches of a row.
    let runKey = -1, runPx = 0, runW = 0, runA = 0, runN = 0;
    const flush = () => {
      if (runKey < 0) return;
      let y = top;
      for (let t = 0; t < NCAT; t++) {
        if (!run[t]) continue;
        const hgt = (bh * run[t]) / runN;
        (paths[t * 4 + runA] ??= new Path2D()).rect(runPx, y, runW, hgt);
        y += hgt;
      }
      runKey = -1;
    };
    for (let col = 0; col < ncol; col++) {
      const px = GUTTER + col * step;
      const k = bounds[col];
      const c = bounds[col + 1] - k;
      if (c <= 0) {
        flush();
        continue;
      }
      share.fill(0);
      const samples = Math.min(c, maxSamples);
      let w = 0;
      for (let i = 0; i < samples; i++) {
        const id = ids[k + Math.floor(((i + 0.5) * c) / samples)];
        if (hiding && lf[id] & L_HIDDEN) continue;
        const stt = stateAt(st, id, o.cursor);
        let t = stt === NS.NOT_ENTERED ? BAND.FUTURE : stt === NS.RETURNED && st.reason[id] !== SR.ABORTED ? st.flags[id] & FLAGS.BOUND_MASK : BAND.UNFINISHED;
        if (ghost && match[id] === NONE) t = BAND.GHOST;
        else if (byDiff && stt !== NS.NOT_ENTERED) t = match[id] !== NONE ? BAND.BOTH : BAND.ONLY;
        share[t]++;
        w++;
      }
      if (!w) {
        flush();
        continue;
      }
      const a = Math.min(3, Math.floor((Math.log(1 + c) / lm) * 3.999));
      // the bar's identity: its shares (each 0..8) and opacity level, as one number
      let key = a;
      for (let t = 0; t < NCAT; t++) key = key * 9 + share[t];
      if (key === runKey && px === runPx + runW) {
        runW += step;
        continue;
      }
      flush();
      runKey = key;
      runPx = px;
      runW = step;
      runA = a;
      runN = w;
      for (let t = 0; t < NCAT; t++) run[t] = share[t];
    }
    flush();
  }
  for (let i = 0; i < NCAT * 4; i++) {
    if (!paths[i]) continue;
    ctx.globalAlpha = ALPHAS[i & 3] * (i >> 2 === 7 ? 0.35 : 1);
    ctx.fillStyle = fills[i >> 2];
    ctx.fill(paths[i]);
  }
  ctx.globalAlpha = 1;
  return dense;
}
