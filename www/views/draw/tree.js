// Draws one frame of a search tree on a canvas, layer by layer, from the scene (what is
// visible and how much detail it has room for). Level of detail: crowded rows become density
// bands; edges, marks and labels appear only as the zoom makes room for them.

import { buildScene } from './scene.js';
import { drawPlyBands, drawGutter } from './gutter.js';
import { drawEdges, drawCursorPath } from './edges.js';
import { drawBands } from './bands.js';
import { drawStubs } from './stubs.js';
import { drawPruned } from './pruned.js';
import { drawPredict } from './predict.js';
import { drawGuesses } from './guesses.js';
import { drawResearchArcs, drawNodeMarks } from './marks.js';
import { drawNodes } from './nodes.js';
import { drawCompareMarks } from './compare.js';
import { drawLabels, labelOverlaps, widestWindow } from './labels.js';
import { drawCursor } from './cursor.js';

/**
 * Draws the tree. `o`: { pal (theme colours), cursor (event, -1 = live), cursorNode,
 * cursorAlpha, selected, streaming (a search streaming in, drawn live: bands sample less, stubs fetch fewer lists), maxmin, chess, sideNames, label(id), prefetch(ids), pruned(id) (the
 * cached pruned list [{code, name, reason}]), prefetchPruned(ids, named, limit), diff }. `o.diff` (compare mode): { match (this trace's node → the
 * other's, NONE none), colorBy 'diff' | 'type', only (fill of nodes only here), ghost, sizes,
 * changed(id) → bits, absent: {x, ply} where the cursor's node would be }. Returns { nodes
 * drawn, dense rows, ghostStubs, pruned (the pruned subtrees drawn whole), badge (the α/β
 * pill's rectangle or null), labels (drawLabels: font size, returned nodes, values written,
 * given), leafValues (the leaf values written on leaves not yet returned), outline (the pruned
 * subtrees drawn as not reached yet: [{ id, nodes, values }]), research (re-search nodes drawn), rows (ply rows in view) }.
 */
export function drawTree(ctx, W, H, st, lay, view, o) {
  ctx.save();
  ctx.fillStyle = o.pal.bg;
  ctx.fillRect(0, 0, W, H);
  const stats = { nodes: 0, research: 0, rows: 0, dense: 0, ghostStubs: [], pruned: [], badge: null, labels: null, leafValues: [], outline: [] };
  if (st.n === 0) {
    ctx.restore();
    return stats;
  }
  const s = buildScene(W, H, st, lay, view, o, widestWindow(ctx, st, lay, o));
  stats.nodes = s.vis.length;
  for (const id of s.vis) if (st.isResearch(id)) stats.research++;
  stats.rows = s.qMax + 1; // the ply rows the frame has room for (0 … qMax)
  drawPlyBands(ctx, s);
  drawEdges(ctx, s);
  drawCursorPath(ctx, s);
  stats.dense = drawBands(ctx, s);
  drawStubs(ctx, s);
  stats.pruned = drawPruned(ctx, s);
  drawResearchArcs(ctx, s);
  drawNodes(ctx, s);
  drawNodeMarks(ctx, s);
  stats.ghostStubs = drawCompareMarks(ctx, s);
  stats.labels = drawLabels(ctx, s);
  stats.labels.overlaps = labelOverlaps(s.labelBoxes);
  stats.leafValues = stats.labels.given;
  stats.outline = stats.pruned.outline;
  drawPredict(ctx, s);
  drawGuesses(ctx, s);
  stats.badge = drawCursor(ctx, s);
  drawGutter(ctx, s);
  ctx.restore();
  return stats;
}
