// Layer: pruned stubs. Every returned node that left moves unsearched gets one dashed stub per
// pruned move, up to what its row has room for, each labelled with the move (SAN for chess,
// the child index for trees) where labels fit, then "+k more" and the reason. The moves and
// their reasons are the core's, the trace file's `pruned` lists (through Names), so cut-offs
// before move generation (TT, null move) and SEE prunes at nodes that searched every other move
// show theirs too. Explicit trees drawn whole show their pruned
// subtrees instead (www/views/draw/pruned.js).

import { STOP_WORDS } from '../../model/narrate.js';
import { stateAt, NODE_STATE as NS } from './scene.js';
import { minTurn } from '../../model/format.js';

const STUB_PX = 30; // room one labelled stub needs
const MAX_STUBS = 8;
/**
 * While a search streams in, a redraw fetches the pruned lists of at most this many nodes not
 * fetched yet (the core finds each node's unsearched moves from its position: for chess, the
 * game replayed along the node's path). The first redraw of a chess stream drew stubs for
 * about 550 nodes at once, and fetching their lists was most of that frame (issue 33,
 * "Stalls"); the rest get theirs in the next redraws (at most 250 ms apart while streaming,
 * www/model/trace.js) and the last redraw of the search fetches every list it draws.
 */
const STREAM_FETCH = 96;

/** The short words for the reasons (schema names) a node's pruned moves carry. */
function reasonWord(reasons, turn, maxmin) {
  const word = (r) => (r === 'beta_cutoff' ? (maxmin && minTurn(turn) ? 'α-cut' : 'β-cut') : (STOP_WORDS[r] ?? r).replace(' cut-off', ' cut'));
  return [...new Set(reasons)].map(word).join(', ');
}

/**
 * The widths of the stubs' texts in `font`, measured once: a row's tails repeat ("+37 more ✂
 * β-cut") and the moves' names are few, while `measureText` is a call into the canvas per text.
 * The first frame of a chess search draws its stubs for a few thousand nodes, and measuring was
 * a third of that frame (issue 33, "Stalls"). Kept per canvas context and font; emptied when
 * it grows past WIDTHS_MAX.
 */
const widthsOf = new WeakMap();
const WIDTHS_MAX = 4096;
function textWidths(ctx, font) {
  const had = widthsOf.get(ctx);
  const c = had?.font === font ? had : { font, w: new Map() };
  if (c !== had) widthsOf.set(ctx, c);
  return (t) => {
    let w = c.w.get(t);
    if (w === undefined) {
      if (c.w.size >= WIDTHS_MAX) c.w.clear();
      w = ctx.measureText(t).width;
      c.w.set(t, w);
    }
    return w;
  };
}

export function drawStubs(ctx, s) {
  const { st, x, vis, rad, lvl, SX, SY, view, o, W } = s;
  if (s.lay.ghosts && view.sx >= 5) return;
  const cand = [];
  for (let k = 0; k < vis.length; k++) {
    const id = vis[k];
    if (rad[k] >= 3.5 && st.exited(id) && stateAt(st, id, o.cursor) === NS.RETURNED) cand.push(k);
  }
  if (!cand.length || !o.pruned) return;
  const labels = view.sy >= 40;
  o.prefetchPruned?.(cand.map((k) => vis[k]), labels, o.streaming ? STREAM_FETCH : Infinity);
  const pal = o.pal;
  ctx.strokeStyle = pal.pruned;
  ctx.lineWidth = 1;
  ctx.setLineDash([3, 3]);
  const stubs = new Path2D();
  const texts = [];
  ctx.font = `10px ${pal.font}`;
  const width = textWidths(ctx, ctx.font);
  for (const k of cand) {
    const id = vis[k];
    const list = o.pruned(id);
    const pc = list?.length;
    if (!pc) continue;
    const px = SX(x[id]), py = SY(st.ply[id]);
    const r = rad[k];
    const row = s.rowOf(st.ply[id]);
    const next = row && k + 1 < row.end ? SX(x[vis[k + 1]]) : W;
    const room = Math.max(0, Math.min(next, W) - px - r - 8);
    const named = labels && lvl[k];
    const step = named ? STUB_PX : Math.min(r * 1.6, 10);
    const fit = Math.max(1, Math.min(MAX_STUBS, Math.floor(room / step)));
    const shown = pc <= fit ? pc : Math.max(1, fit - 1);
    const ty = py + view.sy * 0.45;
    const names = named ? list.map((m) => (m.reason === 'see' ? `${m.name} (SEE)` : m.name)) : null;
    const right = Math.min(next, W) - 6; // labels stop short of the next node
    for (let i = 0; i < shown; i++) {
      const ex = px + r + 4 + step * (i + 0.5);
      stubs.moveTo(px + r * 0.6, py + r * 0.6);
      stubs.lineTo(ex, ty);
      const name = names?.[i];
      if (name !== undefined && ex + width(name) / 2 <= right) texts.push([ex, ty + 2, name, 'top', 'center']);
    }
    // the tail is written only for a labelled node or where the row has room for labels
    if ((lvl[k] || pc > shown) && (lvl[k] || labels)) {
      const more = pc > shown ? `+${pc - shown} more` : '';
      const why = reasonWord(list.map((m) => m.reason), st.turn[id], o.maxmin);
      const tx = px + r + 4 + step * shown + 2;
      // the longest of "+k more ✂ why", "+k more", "+k" that fits before the next node
      const tail = [[more, why ? `✂ ${why}` : ''].filter(Boolean).join(' '), more, more ? `+${pc - shown}` : ''].find((t) => t && tx + width(t) <= right);
      if (tail) texts.push([tx, ty - (named ? 6 : 0), tail, 'middle', 'left']);
    }
  }
  ctx.stroke(stubs);
  ctx.setLineDash([]);
  if (!texts.length) return;
  ctx.fillStyle = pal.muted;
  for (const [tx, ty, text, base, align] of texts) {
    ctx.textAlign = align;
    ctx.textBaseline = base;
    ctx.fillText(text, tx, ty);
  }
}
