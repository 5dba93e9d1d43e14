// Layer: what alpha-beta pruned, drawn whole (explicit trees of textbook size, laid out by
// www/model/fulltree.js): every pruned child and subtree greyed with its leaf values, a dashed
// edge, and a cut mark on the edge where the search stopped, labelled with the rule that fired
// ("2 ≤ α = 3"). Spoiler-free: before a node's cut-off event (or its return) its pruned subtrees
// are drawn exactly as the nodes the search has not reached yet — the same shapes, sizes,
// colours, move labels and leaf values — so the outline is the whole input tree and its gaps
// give no answer away (issue 18 §4); they turn grey, with the rule, at the cut-off.

import { STOP_REASONS, STOP_REASONS_CODE as SR, EVENTS_CODE as EV } from '../../schema.js';
import { STOP_WORDS, chanceRule } from '../../model/narrate.js';
import { fmtValue, minTurn } from '../../model/format.js';
import { shape } from './nodes.js';
import { fitLabel, nodeLabels, LABEL_PX } from './labels.js';
import { NODE_STATE } from './scene.js';

/** Whether MIN moves at pruned node `k`: its own player, as the whole-tree layout read it from
 * the core's data (www/model/fulltree.js: the trace's `turn` above the cut, each node's kind in
 * the tree's shape below it), never the ply's parity. */
const ghostMin = (g, k) => g.min[k] === 1;

/** A pruned branch's label: its child index, and its probability w/S under a chance node
 * (shortened as the searched branches' labels are, where the slot is narrow). */
const ghostLabel = (ctx, g, k, room) => (g.prob[k] === null ? String(g.code[k]) : fitLabel(ctx, [`${g.code[k]} p ${g.prob[k]}`, `p ${g.prob[k]}`, g.prob[k]], room));

/** The radius of a pruned node drawn greyed (an outline node takes its row's radius). */
export const ghostRadius = (view) => Math.max(2.5, Math.min(view.sx * 0.3, view.sy * 0.18, 9));

/** The rule that pruned node `id`'s remaining moves, in the chosen view's words. */
export function cutRule(st, cut, maxmin, chess, scale = 1) {
  const f = (v) => fmtValue(v, chess, scale);
  if (st.reason[cut.id] === SR.BETA_CUTOFF && cut.cutEv >= 0) {
    const [v, beta] = st.auxOf(cut.cutEv);
    if (maxmin && minTurn(st.turn[cut.id])) return `${f(-v)} ≤ α = ${f(-beta)}`;
    return `${f(v)} ≥ β = ${f(beta)}`;
  }
  if (cut.cutEv >= 0 && st.ev[cut.cutEv] === EV.CHANCE_CUTOFF) return chanceRule(st, cut.id, cut.cutEv, maxmin, chess, scale);
  return STOP_WORDS[STOP_REASONS[st.reason[cut.id]]?.name] ?? 'pruned';
}

/**
 * Draws the pruned subtrees; returns what it drew: [{ id, rule, values (leaves, as shown),
 * labelled (whether the values and the rule are written) }].
 */
export function drawPruned(ctx, s) {
  const drawn = [];
  drawn.outline = [];
  const g = s.lay.ghosts;
  if (!g || !g.n) return drawn;
  const { st, x, SX, SY, view, o } = s;
  if (view.sx < 5) return drawn; // too crowded to read: the stubs of the normal view say it
  // the student is predicting: every pruned subtree is drawn as not reached yet
  const predicting = o.predict && !o.predict.result;
  const pal = o.pal;
  const r = ghostRadius(view);
  const gx = (k) => SX(g.x[k]);
  const gy = (k) => SY(g.ply[k]);
  // values where a 12 px label fits: side by side, or on two staggered lines (by slot parity,
  // as the searched leaves beside them) when the leaves are close
  const showValues = view.sy >= 40 && view.sx >= 9.5;
  const stagger = view.sx < 26;
  /** The right end of the last rule written on each ply (rules never overlap). */
  const ruleEnd = new Map();
  const rules = [];
  ctx.save();
  for (const cut of g.cuts) {
    if (predicting || (o.cursor >= 0 && o.cursor < cut.ev)) {
      drawn.outline.push({ id: cut.id, nodes: cut.end - cut.first, values: drawOutline(ctx, s, cut, r) });
      continue;
    }
    const rule = cutRule(st, cut, o.maxmin, o.chess, o.scale);
    const leafValues = [];
    for (let k = cut.first; k < cut.end; k++) if (!Number.isNaN(g.value[k])) leafValues.push((o.maxmin || !ghostMin(g, k) ? g.value[k] : -g.value[k]) * o.scale);
    drawn.push({ id: cut.id, rule, values: leafValues, labelled: showValues && view.sy >= 40 });
    const edges = new Path2D(), shapes = new Path2D(), rings = new Path2D();
    for (let k = cut.first; k < cut.end; k++) {
      const p = g.parent[k];
      const [px, py] = p < 0 ? [SX(x[-1 - p]), SY(st.ply[-1 - p])] : [gx(p), gy(p)];
      edges.moveTo(px, py);
      edges.lineTo(gx(k), gy(k));
      shapes.moveTo(gx(k) + r, gy(k));
      shapes.arc(gx(k), gy(k), r, 0, Math.PI * 2);
      // a pruned chance node keeps its dashed ring (www/views/draw/nodes.js)
      if (g.chance[k]) shape(rings, gx(k), gy(k), r + 2, false, true, true);
    }
    ctx.globalAlpha = 0.55;
    ctx.strokeStyle = pal.pruned;
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    ctx.stroke(edges);
    ctx.setLineDash([]);
    ctx.fillStyle = pal.future;
    ctx.fill(shapes);
    ctx.strokeStyle = pal.futureStroke;
    ctx.stroke(shapes);
    ctx.strokeStyle = pal.pruned;
    ctx.setLineDash([3, 2]);
    ctx.stroke(rings);
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    if (showValues && view.sx >= 24) {
      // a pruned chance branch's probability, as the searched branches show theirs
      ctx.fillStyle = pal.muted;
      ctx.font = `600 11px ${pal.font}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      for (let k = cut.first; k < cut.end; k++) if (g.prob[k] !== null) ctx.fillText(fitLabel(ctx, [`p ${g.prob[k]}`, g.prob[k]], view.sx - 4), gx(k), gy(k) - r - 3);
    }
    if (showValues) {
      ctx.fillStyle = pal.muted;
      ctx.font = `600 12px ${pal.font}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      for (let k = cut.first; k < cut.end; k++) {
        const v = g.value[k];
        if (Number.isNaN(v)) continue;
        const shown = (o.maxmin || !ghostMin(g, k) ? v : -v) * o.scale;
        ctx.fillText(fmtValue(shown, o.chess, o.scale), gx(k), gy(k) + r + (stagger ? 3 + (Math.round(g.x[k]) & 1 ? 13 : 0) : 5));
      }
    }
    // the cut mark: two strokes across the edge into the first pruned child, and the rule
    const ax = SX(x[cut.id]), ay = SY(st.ply[cut.id]);
    const bx = gx(cut.first), by = gy(cut.first);
    const mx = ax + (bx - ax) * 0.45, my = ay + (by - ay) * 0.45;
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const ux = (bx - ax) / len, uy = (by - ay) / len; // along the edge
    const nx = -uy, ny = ux; // across it
    ctx.strokeStyle = pal.cut;
    ctx.lineWidth = 2;
    ctx.beginPath();
    for (const d of [-3, 3]) {
      ctx.moveTo(mx + ux * d - nx * 7, my + uy * d - ny * 7);
      ctx.lineTo(mx + ux * d + nx * 7, my + uy * d + ny * 7);
    }
    ctx.stroke();
    if (view.sy >= 40) {
      ctx.font = `600 12px ${pal.font}`;
      const w = ctx.measureText(rule).width;
      const tx = Math.min(mx + 10, s.W - w - 4);
      const row = st.ply[cut.id];
      if (tx < (ruleEnd.get(row) ?? -Infinity) + 6) continue; // the cut mark says it; no room for the words
      ruleEnd.set(row, tx + w);
      rules.push([rule, tx, my, w]);
    }
  }
  // the rules over every cut mark, so that no mark crosses a rule's words
  ctx.font = `600 12px ${pal.font}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const [rule, tx, my, w] of rules) {
    ctx.fillStyle = pal.bg;
    ctx.globalAlpha = 0.85;
    ctx.fillRect(tx - 2, my - 9, w + 4, 18);
    ctx.globalAlpha = 1;
    ctx.fillStyle = pal.cut;
    ctx.fillText(rule, tx, my);
  }
  ctx.restore();
  return drawn;
}

/**
 * Nodes of a pruned subtree before its cut-off: drawn as the nodes not reached yet are
 * (www/views/draw/nodes.js, edges.js, and labels.js's `nodeLabels` with the levels the scene
 * placed them at among their row's nodes), at the size of their row's searched nodes.
 * Returns the leaf values it wrote, as shown.
 */
export function drawOutline(ctx, s, cut, r0) {
  const { st, x, SX, SY, view, o, rows, qMin } = s;
  const g = s.lay.ghosts;
  const pal = o.pal;
  const rOf = (q) => rows[q - qMin]?.r || r0;
  const edges = new Path2D(), shapes = new Path2D(), rings = new Path2D();
  for (let k = cut.first; k < cut.end; k++) {
    const p = g.parent[k];
    // as drawEdges: no edges into a row too crowded for them
    if ((rows[g.ply[k] - qMin]?.spacing ?? 1e9) >= 1.5) {
      const [px, py] = p < 0 ? [SX(x[-1 - p]), SY(st.ply[-1 - p])] : [SX(g.x[p]), SY(g.ply[p])];
      edges.moveTo(SX(g.x[k]), SY(g.ply[k]));
      edges.lineTo(px, py);
    }
    const r = rOf(g.ply[k]);
    // its own shape: a chance node a circle with its dashed ring, MAX ▲ / MIN ▼ from its own player
    shape(shapes, SX(g.x[k]), SY(g.ply[k]), r, o.maxmin && r >= 3, !ghostMin(g, k), g.chance[k] === 1);
    if (g.chance[k] && r >= 2.5) shape(rings, SX(g.x[k]), SY(g.ply[k]), r + 2, false, true, true);
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = pal.edgeFuture;
  ctx.stroke(edges);
  ctx.fillStyle = pal.future;
  ctx.fill(shapes);
  ctx.strokeStyle = pal.futureStroke;
  ctx.stroke(shapes);
  ctx.strokeStyle = pal.text;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([4, 3]);
  ctx.stroke(rings);
  ctx.setLineDash([]);
  const values = [];
  const lvl = s.outline?.lvl;
  if (!lvl) return values;
  ctx.textAlign = 'center';
  for (let k = cut.first; k < cut.end; k++) {
    if (!lvl[k]) continue;
    const v = g.value[k];
    const shown = Number.isNaN(v) ? null : (o.maxmin || !ghostMin(g, k) ? v : -v) * o.scale;
    if (shown !== null) values.push(shown);
    ctx.font = `600 ${LABEL_PX}px ${pal.font}`;
    nodeLabels(ctx, s, {
      px: SX(g.x[k]), py: SY(g.ply[k]), r: rOf(g.ply[k]), lvl: lvl[k], stt: NODE_STATE.NOT_ENTERED, wx: g.x[k], root: false,
      lab: ghostLabel(ctx, g, k, view.sx - 4), value: shown === null ? null : fmtValue(shown, o.chess, o.scale), stopped: false, win: null,
    });
  }
  return values;
}
