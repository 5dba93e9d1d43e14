// Export: the tree view as PNG (the canvas as drawn), as SVG for textbook-sized trees (a
// drawing for slides, laid out from the same layout and showing what the canvas shows at the
// cursor, pruned subtrees included), and the core's statistics as CSV. SVG is built as DOM
// (createElementNS, text nodes) and serialized, so no data becomes markup. TikZ (the `forest`
// package, for exams and slides) is the core's text through wasm (`tree_tikz`, src/figure/), the
// same as `prunescope tikz` writes, for the explicit tree at the cursor in the view shown.

import { NONE } from './model/store.js';
import { fmtValue, shownValue } from './model/format.js';
import { stateAt, NODE_STATE as NS } from './views/draw/scene.js';
import { cutRule } from './views/draw/pruned.js';
import { statsCsv } from './views/stats.js';
import { STOP_REASONS_CODE as SR, NODE_KINDS_CODE as NK } from './schema.js';

/** Trees up to this many nodes export as SVG. */
export const MAX_SVG_NODES = 2000;

const SVG = 'http://www.w3.org/2000/svg';

/** The SVG text of the explore tree: { text, nodes } or { error }. */
export function treeSvg(app) {
  const { state } = app;
  const t = state.explore.trace;
  const st = t.store;
  if (!st.n) return { error: 'Nothing to export yet: run a search first.' };
  if (st.n > MAX_SVG_NODES) return { error: `SVG export is for trees of up to ${MAX_SVG_NODES} nodes (this one has ${st.n}); export PNG instead.` };
  const lay = app.modes.explore.layout();
  const pal = state.theme.pal;
  const mm = state.maxmin;
  const chess = t.names.chess;
  // the trace's own exact-value scale: a chance search's values are fractions (n/d, never rounded)
  const scale = t.scale;
  const fv = (v) => fmtValue(v, chess, scale);
  // the finished search at its last event too (an explicit tree opens at its first event, and
  // End puts the cursor on the last one): the CLI's figure without --at
  const cur = state.finals || t.cursor.live || t.cursor.at >= t.store.nev - 1 ? -1 : t.cursor.at;
  const g = lay.ghosts;
  let maxPly = st.maxPly;
  if (g) for (let k = 0; k < g.n; k++) maxPly = Math.max(maxPly, g.ply[k]);
  const SLOT = 44, ROW = 86, M = 40;
  const X = (x) => M + x * SLOT;
  const Y = (ply) => M + ply * ROW;
  const W = Math.ceil(X(lay.width - 1) + M + 60), H = Math.ceil(Y(maxPly) + M + 20);
  const el = (tag, attrs, text) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.append(document.createTextNode(String(text)));
    return e;
  };
  const svg = el('svg', { xmlns: SVG, width: W, height: H, viewBox: `0 0 ${W} ${H}`, 'font-family': 'system-ui, sans-serif', 'font-size': 12 });
  svg.append(el('rect', { x: 0, y: 0, width: W, height: H, fill: pal.bg }));
  const fills = [pal.pv, pal.cut, pal.all];
  // `turn`: the node's own player (1 when MIN moves: the store's per-node column, or a pruned
  // node's from the whole-tree layout), so a MIN root and the nodes below a chance node are
  // right; a chance node is a circle with a dashed ring, as the canvas draws it (AIMA, CS188)
  const shape = (x, y, r, turn, fill, stroke, dashed, chance = false) => {
    const max = (turn & 1) === 0;
    const common = { fill, stroke, 'stroke-width': 1 };
    if (dashed) common['stroke-dasharray'] = '3 2';
    if (chance) {
      const g = el('g', { class: 'chance-node' });
      g.append(el('circle', { cx: x, cy: y, r, ...common }), el('circle', { cx: x, cy: y, r: r + 2.5, fill: 'none', stroke: pal.text, 'stroke-width': 1.5, 'stroke-dasharray': '4 3' }));
      return g;
    }
    if (!mm) return el('circle', { cx: x, cy: y, r, ...common });
    const h = r * 1.25, d = max ? 1 : -1;
    return el('polygon', { points: `${x},${y - d * h} ${x + h},${y + d * h * 0.8} ${x - h},${y + d * h * 0.8}`, ...common });
  };
  let drawn = 0;
  for (let id = 0; id < st.n; id++) {
    const s = stateAt(st, id, cur);
    const p = st.parent[id];
    if (p !== NONE) svg.append(el('line', { x1: X(lay.x[p]), y1: Y(st.ply[p]), x2: X(lay.x[id]), y2: Y(st.ply[id]), stroke: s === NS.NOT_ENTERED ? pal.edgeFuture : pal.edge }));
  }
  if (g) {
    for (const cut of g.cuts) {
      if (cur >= 0 && cur < cut.ev) continue;
      for (let k = cut.first; k < cut.end; k++) {
        const pr = g.parent[k];
        const [px, py] = pr < 0 ? [X(lay.x[-1 - pr]), Y(st.ply[-1 - pr])] : [X(g.x[pr]), Y(g.ply[pr])];
        svg.append(el('line', { x1: px, y1: py, x2: X(g.x[k]), y2: Y(g.ply[k]), stroke: pal.pruned, 'stroke-dasharray': '4 3' }));
        // each pruned node as itself: its own player and kind (the layout's, from the core's data)
        const node = shape(X(g.x[k]), Y(g.ply[k]), 8, g.min[k], pal.future, pal.futureStroke, false, g.chance[k] === 1);
        node.setAttribute('class', `pruned-node ${g.chance[k] ? 'chance' : g.min[k] ? 'min' : 'max'}`);
        svg.append(node);
        if (g.prob[k] !== null) svg.append(el('text', { x: X(g.x[k]), y: Y(g.ply[k]) - 14, 'text-anchor': 'middle', fill: pal.muted, 'font-weight': 600, class: 'pruned-prob' }, `p ${g.prob[k]}`));
        const v = g.value[k];
        // a leaf's value from MAX's view (the tree's), negated for MIN in the negamax view
        if (!Number.isNaN(v)) svg.append(el('text', { x: X(g.x[k]), y: Y(g.ply[k]) + 24, 'text-anchor': 'middle', fill: pal.muted, 'font-weight': 600, class: 'pruned-value' }, fv((mm || !g.min[k] ? v : -v) * scale)));
      }
      const ax = X(lay.x[cut.id]), ay = Y(st.ply[cut.id]), bx = X(g.x[cut.first]), by = Y(g.ply[cut.first]);
      const mx = ax + (bx - ax) * 0.45, my = ay + (by - ay) * 0.45;
      // the rule that cut them: β (or α), or at a chance node the bound that fired (A_i, B_i)
      svg.append(el('text', { x: mx + 8, y: my + 4, fill: pal.cut, 'font-weight': 600, class: 'cut-rule' }, `✂ ${cutRule(st, cut, mm, chess, scale)}`));
    }
  }
  for (let id = 0; id < st.n; id++) {
    const s = stateAt(st, id, cur);
    const x = X(lay.x[id]), y = Y(st.ply[id]);
    const fill = s === NS.NOT_ENTERED ? pal.future : s === NS.OPEN ? pal.open : st.reason[id] === SR.ABORTED ? pal.aborted : fills[st.actual(id)];
    svg.append(shape(x, y, 9, st.turn[id], fill, s === NS.RETURNED ? fill : pal.openStroke, false, st.nodeKind(id) === NK.CHANCE));
    // a chance branch: its probability w/S beside the move, as the canvas labels it
    const p = t.probability(id);
    const lab = st.parent[id] === NONE ? 'root' : `${t.names.label(id) ?? ''}${p === null ? '' : ` p ${p}`}`;
    svg.append(el('text', { x, y: y - 14, 'text-anchor': 'middle', fill: s === NS.NOT_ENTERED ? pal.muted : pal.text, 'font-weight': 600 }, lab));
    if (s === NS.RETURNED) svg.append(el('text', { x, y: y + 24, 'text-anchor': 'middle', fill: pal.text, class: 'value' }, fv(shownValue(st.value[id], st.turn[id], mm))));
    drawn++;
  }
  return { text: new XMLSerializer().serializeToString(svg), nodes: drawn };
}

/** What the TikZ export draws: what the canvas shows (values with their bounds, node types,
 * the pruned branches with their rules); windows stay in the inspector, as on the canvas. */
export const TIKZ_SHOW = Object.freeze({ values: true, windows: false, types: true, pruned: true });

/** The TikZ text of the explore tree at the cursor: { text, nodes, rules } or { error }. The
 * TikZ writer is in the engine's second build (docs/architecture.md, "Two wasm builds"), loaded
 * here when it has not been yet. */
export async function treeTikz(app) {
  const { state } = app;
  const t = state.explore.trace;
  if (!t.store.n) return { error: 'Nothing to export yet: run a search first.' };
  if (t.input?.kind !== 'tree' || typeof t.input.text !== 'string') return { error: 'TikZ export is for explicit trees (the Tree tab, the tree editor, exercises): export PNG or SVG for this one.' };
  if (t.running) return { error: 'TikZ export draws a finished search: wait for this one to end, then step to any event.' };
  if (t.outcome?.aborted || t.outcome?.summary?.aborted) return { error: 'This search stopped before its end (node cap, memory or Stop): TikZ export draws searches that ran to the end, at any of their steps.' };
  // the finished search at its last event too (an explicit tree opens at its first event, and
  // End puts the cursor on the last one): the CLI's figure without --at
  const cur = state.finals || t.cursor.live || t.cursor.at >= t.store.nev - 1 ? -1 : t.cursor.at;
  // what is drawn is what the page showed when asked, even if the second build takes a while
  const args = [t.input.text, t.config ?? null, { show: TIKZ_SHOW, at: cur >= 0 ? cur : null, view: state.maxmin ? 'maxmin' : 'negamax' }];
  try {
    if (!('tree_tikz' in app.core)) await app.core.loadSecond();
  } catch (e) {
    return { error: `TikZ export: the engine's second part did not load (${e.message ?? e})` };
  }
  try {
    return app.core.tree_tikz(...args);
  } catch (e) {
    return { error: `TikZ export: ${e.message ?? e}` };
  }
}

/**
 * The explore tree as a file of `kind` ('png': the canvas as drawn, 'svg', 'tikz', 'csv': the
 * core's statistics): { name, blob }, or { error } saying why not. Writes nothing: the action
 * (www/actions.js exportAs) downloads the file or shows the error.
 */
export async function exportFile(app, kind) {
  const t = app.state.explore.trace;
  const base = t.suggestedName('', '');
  if (kind === 'png') {
    const blob = await new Promise((resolve) => app.canvases.explore.canvas.toBlob(resolve, 'image/png'));
    return blob ? { name: `${base}.png`, blob } : { error: 'The browser could not make the PNG.' };
  }
  if (kind === 'svg') {
    const r = treeSvg(app);
    if (r.error) return r;
    return { name: `${base}.svg`, blob: new Blob([r.text], { type: 'image/svg+xml' }) };
  }
  if (kind === 'tikz') {
    const r = await treeTikz(app);
    if (r.error) return r;
    return { name: `${base}.tex`, blob: new Blob([r.text], { type: 'application/x-tex' }) };
  }
  const s = t.outcome?.stats;
  if (!s) return { error: 'Nothing to export yet: the statistics come when the search ends.' };
  return { name: `${base}-stats.csv`, blob: new Blob([statsCsv(s)], { type: 'text/csv' }) };
}
