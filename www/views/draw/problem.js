// The problem before the search (issue 29 §3): an explicit tree drawn whole from its text — every
// node as one not reached yet, every leaf with its value — before Start, so that a teacher can
// project the question first. Laid out as the searched tree is (leaves in slots left to right,
// a parent over its children: www/model/fulltree.js `problemLayout`, from the core's shape of
// the text, wasm `tree_shape`), and drawn
// with the layers' own shapes and label sizes (www/views/draw/nodes.js, labels.js).

import { shape as nodeShape } from './nodes.js';
import { LABEL_PX } from './labels.js';
import { GUTTER } from './scene.js';
import { fmtValue } from '../../model/format.js';

/**
 * Draws the problem on `ctx` (W × H CSS px); `o`: { pal, maxmin, scale }. Answers { nodes, values
 * (the leaf values written, as shown) }.
 */
export function drawProblem(ctx, W, H, lay, o) {
  const pal = o.pal;
  ctx.save();
  ctx.fillStyle = pal.bg;
  ctx.fillRect(0, 0, W, H);
  const sx = Math.min(90, (W - GUTTER - 40) / Math.max(1, lay.slots - 1 || 1));
  const sy = Math.max(40, Math.min(100, (H - 70) / (lay.depth + 0.8)));
  const left = GUTTER + (W - GUTTER - sx * (lay.slots - 1)) / 2;
  const X = (x) => left + x * sx;
  const Y = (q) => 34 + q * sy;
  for (let q = 0; q <= lay.depth; q++) {
    ctx.fillStyle = q & 1 ? pal.band2 : pal.band;
    ctx.fillRect(0, Y(q) - sy / 2, W, sy);
  }
  const r = Math.max(2.5, Math.min(sx * 0.3, sy * 0.18, 9));
  const edges = new Path2D(), shapes = new Path2D();
  for (const n of lay.nodes) {
    if (n.parent >= 0) {
      const p = lay.nodes[n.parent];
      edges.moveTo(X(n.x), Y(n.ply));
      edges.lineTo(X(p.x), Y(p.ply));
    }
    nodeShape(shapes, X(n.x), Y(n.ply), r, o.maxmin && r >= 3, !n.min, n.chance);
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = pal.edgeFuture;
  ctx.stroke(edges);
  ctx.fillStyle = pal.future;
  ctx.fill(shapes);
  ctx.strokeStyle = pal.futureStroke;
  ctx.stroke(shapes);
  // the leaves' values (the problem), on two staggered lines where they are close
  const values = [];
  const stagger = sx < 2 * LABEL_PX + 2;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.font = `${stagger ? '' : '600 '}${LABEL_PX}px ${pal.font}`;
  ctx.fillStyle = pal.text;
  for (const n of lay.nodes) {
    if (!n.leaf) continue;
    const v = o.maxmin || !n.min ? n.value : -n.value;
    values.push(v);
    ctx.fillText(fmtValue(v * (o.scale ?? 1), false, o.scale ?? 1), X(n.x), Y(n.ply) + r + (stagger ? 3 + (Math.round(n.x) & 1 ? LABEL_PX + 1 : 0) : 5));
  }
  // the gutter: each level's player
  ctx.fillStyle = pal.gutter;
  ctx.fillRect(0, 0, GUTTER - 4, H);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.font = `600 11px ${pal.font}`;
  ctx.fillStyle = pal.text;
  for (let q = 0; q <= lay.depth; q++) {
    const n = lay.nodes.find((m) => m.ply === q);
    ctx.fillText(n?.chance ? 'chance ○' : n?.min ? 'MIN ▼' : 'MAX ▲', 8, Y(q));
  }
  ctx.restore();
  return { nodes: lay.nodes.length, values };
}
