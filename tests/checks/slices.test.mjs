// The streaming trace's redraws and slices (www/model/slices.js; issue 33, "Stalls"): a redraw
// asked for by a slice of batches is drawn in a frame of its own, never in the animation frame
// of the slice that asked, and no slice runs between the ask and that redraw. The browser's
// frames and tasks are played by hand here, in the order the HTML event loop runs them: a
// task, then (at a frame) the animation-frame callbacks queued before the frame began, callbacks
// queued while they run going to the next frame.
//
//   node --test tests/checks/slices.test.mjs

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { afterFrame, nextSlice, RedrawGate } from '../../www/model/slices.js';

/** A hand-played event loop: `frame()` runs the frame callbacks queued before it; `tasks()`
 * runs the due timer tasks (and those they queue, with no delay) in order. */
function loop() {
  let now = 0;
  let raf = [], timers = [], id = 0;
  const log = [];
  globalThis.requestAnimationFrame = (f) => (raf.push({ f, id: ++id }), id);
  globalThis.cancelAnimationFrame = (i) => (raf = raf.filter((r) => r.id !== i));
  globalThis.setTimeout = (f, ms = 0) => (timers.push({ f, at: now + ms, id: ++id }), id);
  globalThis.clearTimeout = (i) => (timers = timers.filter((t) => t.id !== i));
  return {
    log,
    frame() {
      const run = raf;
      raf = [];
      log.push('frame');
      for (const r of run) r.f(now);
    },
    tasks(advance = 0) {
      now += advance;
      for (;;) {
        const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) return;
        timers = timers.filter((t) => t !== due);
        due.f();
      }
    },
    pendingFrames: () => raf.length,
  };
}

let L;
beforeEach(() => {
  L = loop();
});

/** The page's frame scheduler in small (www/frame.js): one redraw per frame, after an ask. */
function page() {
  let pending = false;
  return {
    invalidate() {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        L.log.push('redraw');
      });
    },
  };
}

/** A trace's intake as www/model/trace.js runs it: slices take batches until a redraw is due;
 * the n-th slice asks for one. */
function intake(gate, asks) {
  let n = 0;
  let cancel = null;
  const schedule = () => {
    cancel = gate.due ? afterFrame((byFrame) => slice(true, byFrame)) : nextSlice(() => slice(false));
  };
  function slice(afterDraw, byFrame = false) {
    if (gate.due && (!afterDraw || gate.waits(byFrame))) return schedule();
    n++;
    L.log.push(`slice ${n}`);
    if (asks.includes(n)) gate.request();
    if (n < 6) schedule();
  }
  schedule();
  return () => cancel?.();
}

test('a redraw asked for by a slice is drawn a frame later, alone, and slices wait for it', () => {
  const p = page();
  const gate = new RedrawGate(() => p.invalidate());
  intake(gate, [2]);
  L.tasks(); // slices 1 and 2 (2 asks, and stops)
  assert.deepEqual(L.log, ['slice 1', 'slice 2']);
  assert.equal(gate.due, true);
  L.frame(); // the frame of slice 2: the ask runs, nothing is drawn yet
  L.tasks();
  assert.deepEqual(L.log, ['slice 1', 'slice 2', 'frame'], 'no slice after the ask, no redraw in the frame of the slice that asked');
  L.frame(); // the redraw, alone
  assert.deepEqual(L.log.slice(3), ['frame', 'redraw']);
  assert.equal(gate.due, false, 'the redraw is drawn: slices may go on');
  L.tasks();
  assert.deepEqual(L.log.slice(5), ['slice 3', 'slice 4', 'slice 5', 'slice 6']);
});

test('asks while a redraw is due make one redraw', () => {
  const p = page();
  const gate = new RedrawGate(() => p.invalidate());
  gate.request();
  gate.request();
  L.frame();
  gate.request(); // asked again before the redraw: the one asked for draws it
  L.frame();
  L.frame();
  assert.deepEqual(L.log.filter((x) => x === 'redraw'), ['redraw']);
  assert.equal(gate.due, false);
  assert.equal(L.pendingFrames(), 0, 'nothing left queued');
});

test('without frames (a hidden tab) slices go on after the wait', () => {
  const p = page();
  const gate = new RedrawGate(() => p.invalidate());
  intake(gate, [1]);
  L.tasks();
  assert.deepEqual(L.log, ['slice 1']);
  L.tasks(99);
  assert.deepEqual(L.log, ['slice 1'], 'waits for a frame');
  L.tasks(1);
  assert.deepEqual(L.log, ['slice 1', 'slice 2', 'slice 3', 'slice 4', 'slice 5', 'slice 6'], 'no frame came in 100 ms: taken in');
});

test('a cancelled wait runs nothing', () => {
  const gate = new RedrawGate(() => {});
  gate.request();
  const stop = intake(gate, []);
  stop();
  L.frame();
  L.frame();
  L.tasks(200);
  assert.deepEqual(L.log, ['frame', 'frame']);
});
