// One redraw per animation frame. Anything that changes the state says what it changed:
// `invalidate()` (anything: the tree and the DOM views), `invalidateTree()` (only what the tree
// canvases draw: a zoom, a pan, a refit) or `invalidateDom()` (only what the DOM views render: a
// notice, the play speed, a panel). The next frame advances a playing cursor, then draws the
// canvases (if the tree changed) and renders the DOM views (if they did), each from the state.

/**
 * `steps`: { tick(now) → keep animating, drawTree(), renderDom() }. Returns { invalidate(),
 * invalidateTree(), invalidateDom(), frameNow(), afterLayout(f), cost() }.
 */
export function createFrame(steps) {
  // UI-local: the frame scheduler's own bookkeeping (requested frame, queued callbacks, cost), not what the page shows
  let pending = false;
  const dirty = { tree: true, dom: true };
  let later = []; // UI-local: callbacks queued for the next frame
  /**
   * The tree is being drawn: a tree invalidated now is the tree this frame draws. The modes fit
   * the view inside the tree's frame, before drawing, and invalidate the tree when the fit moved
   * it (www/modes/explore.js `fit`, www/modes/compare.js): while a search streams in, the fit
   * moves with every redraw, and each asked for a second, identical redraw in the next frame,
   * with a slice of batches before it (issue 33, "Stalls").
   */
  let drawingTree = false; // UI-local: the frame scheduler's own bookkeeping
  /** How long the last frame that drew or rendered took, in ms. */
  let lastCost = 0; // UI-local: a measurement of the last frame

  function frame(now) {
    pending = false;
    if (steps.tick(now)) schedule();
    const work = later;
    later = [];
    for (const f of work) f();
    const drawing = dirty.tree || dirty.dom;
    const t0 = performance.now();
    if (dirty.tree) {
      dirty.tree = false;
      drawingTree = true;
      try {
        steps.drawTree();
      } finally {
        drawingTree = false;
      }
    }
    if (dirty.dom) {
      dirty.dom = false;
      steps.renderDom();
    }
    if (drawing) lastCost = performance.now() - t0;
  }

  function schedule() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(frame);
  }

  return {
    /** The tree canvases and the DOM views draw again. */
    invalidate() {
      dirty.tree = dirty.dom = true;
      schedule();
    },
    /** The tree canvases draw again; the DOM views stay. (While they draw: they are drawing
     * the change.) */
    invalidateTree() {
      if (drawingTree) return;
      dirty.tree = true;
      schedule();
    },
    /** The DOM views render again; the tree canvases stay. */
    invalidateDom() {
      dirty.dom = true;
      schedule();
    },
    /** Runs `f` at the start of the next frame, after the browser laid out the page. */
    afterLayout(f) {
      later.push(f);
      schedule();
    },
    /**
     * What the last frame that drew cost, in ms: a streaming trace spaces its redraws by it, so
     * that drawing a large tree never takes the thread the batches need.
     */
    cost: () => lastCost,
    /** Draws and renders now (tests and benchmarks). */
    frameNow() {
      dirty.tree = dirty.dom = true;
      frame(performance.now());
    },
  };
}
