// One redraw per animation frame. Anything that changes the state calls `invalidate()`; the
// next frame advances a playing cursor, then draws the canvases (if the tree changed) and
// renders the DOM views (if anything else did), each from the state alone.

/**
 * `steps`: { tick(now) → keep animating, drawTree(), renderDom() }. Returns { invalidate(tree,
 * ui), frameNow(), afterLayout(f), cost() }.
 */
export function createFrame(steps) {
  let pending = false;
  const dirty = { tree: true, ui: true };
  let later = [];
  /** How long the last frame that drew or rendered took, in ms. */
  let lastCost = 0;

  function frame(now) {
    pending = false;
    if (steps.tick(now)) schedule();
    const work = later;
    later = [];
    for (const f of work) f();
    const drawing = dirty.tree || dirty.ui;
    const t0 = performance.now();
    if (dirty.tree) {
      dirty.tree = false;
      steps.drawTree();
    }
    if (dirty.ui) {
      dirty.ui = false;
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
    invalidate(tree = true, ui = true) {
      if (tree) dirty.tree = true;
      if (ui) dirty.ui = true;
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
      dirty.tree = dirty.ui = true;
      frame(performance.now());
    },
  };
}
