// The page's frame scheduler (www/frame.js): one redraw per animation frame, and a tree
// invalidated while it is being drawn (the modes fit the view inside the tree's frame, before
// drawing: www/modes/explore.js `fit`) is the tree that frame draws, not a second redraw in the
// next frame (issue 33, "Stalls": while a search streamed in, every redraw moved the fit and
// asked for an identical one, which shared its frame with a slice of batches).
//
//   node --test tests/checks/frame.test.mjs

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createFrame } from '../../www/frame.js';

let raf = [];
beforeEach(() => {
  raf = [];
  globalThis.requestAnimationFrame = (f) => raf.push(f);
});
/** Runs one animation frame: the callbacks queued before it. */
const frame = () => {
  const run = raf;
  raf = [];
  for (const f of run) f(0);
};

/** A page whose tree drawing fits the view first, as the modes do, moving it while `grows`. */
function page() {
  const log = [];
  let grows = true;
  const f = createFrame({
    tick: () => false,
    drawTree() {
      if (grows) f.invalidateTree(); // the fit moved the view: drawn below, in this frame
      log.push('tree');
    },
    renderDom: () => log.push('dom'),
  });
  return { f, log, stop: () => (grows = false) };
}

test('a tree invalidated while it is drawn is not drawn again', () => {
  const p = page();
  p.f.invalidate();
  frame();
  assert.deepEqual(p.log, ['tree', 'dom']);
  assert.equal(raf.length, 0, 'no second frame asked for');
  p.f.invalidateTree();
  frame();
  frame();
  assert.deepEqual(p.log, ['tree', 'dom', 'tree'], 'one redraw for one change');
  assert.equal(raf.length, 0);
});

test('invalidations outside the tree drawing still draw', () => {
  const p = page();
  p.stop();
  p.f.invalidate();
  frame();
  p.f.invalidate();
  p.f.invalidateTree();
  frame();
  p.f.invalidateDom();
  frame();
  assert.deepEqual(p.log, ['tree', 'dom', 'tree', 'dom', 'dom']);
});

test('the DOM views invalidated while the tree draws render in the same frame', () => {
  const log = [];
  const f = createFrame({
    tick: () => false,
    drawTree() {
      log.push('tree');
      f.invalidateDom();
    },
    renderDom: () => log.push('dom'),
  });
  f.invalidateTree();
  frame();
  assert.deepEqual(log, ['tree', 'dom']);
});

test('a drawing that throws leaves later invalidations working', () => {
  let fail = true;
  const log = [];
  const f = createFrame({
    tick: () => false,
    drawTree() {
      if (fail) throw new Error('drawing failed');
      log.push('tree');
    },
    renderDom: () => {},
  });
  f.invalidateTree();
  assert.throws(frame, /drawing failed/);
  fail = false;
  f.invalidateTree();
  frame();
  assert.deepEqual(log, ['tree']);
});
