// Density bands (www/views/draw/bands.js) find each column's first node with `gallop`, which
// starts from the previous column's density instead of binary-searching the whole stretch. It
// must answer exactly what a plain lower bound (scene.js `lbX`) answers, whatever the guess:
// checked here in the page, on seeded random ply rows (runs of equal x, as collapsed subtrees
// and iteration gaps make them), against lbX.
//
//   node --test tests/browser/bands.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, hook } from './hook.mjs';

let env, page;
before(async () => {
  env = await setup();
  page = await openPage(env);
});
after(async () => {
  await env?.close();
});

test('gallop finds the same column boundary as a lower bound, for any guess', { timeout: 120_000 }, async () => {
  const out = await hook(page, async () => {
    const { gallop } = await import('/www/views/draw/bands.js');
    const { lbX } = await import('/www/views/draw/scene.js');
    let seed = 12345;
    const rnd = (n) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    let checked = 0;
    const wrong = [];
    for (let t = 0; t < 400; t++) {
      const n = 1 + rnd(t < 200 ? 40 : 5000);
      // a ply row: ids ascending (not contiguous), x ascending with repeats and jumps
      const ids = new Uint32Array(n);
      const x = new Float32Array(2 * n + 2);
      let id = rnd(3);
      let v = rnd(5);
      for (let k = 0; k < n; k++) {
        ids[k] = id;
        x[id] = v;
        id += 1 + rnd(2);
        v += rnd(4) === 0 ? 0 : rnd(10) === 0 ? 1 + rnd(50) : 1;
      }
      for (let q = 0; q < 60; q++) {
        const k = rnd(n + 1);
        const hi = k + rnd(n - k + 1);
        const target = x[ids[Math.min(n - 1, rnd(n))]] + rnd(3) - 1 + (rnd(2) ? 0.5 : 0);
        const guess = [0, 1, 2, 1 + rnd(8), rnd(n + 3), 4 * n][rnd(6)];
        const want = lbX(ids, x, k, hi, target);
        const got = gallop(ids, x, k, hi, target, guess);
        checked++;
        if (got !== want && wrong.length < 5) wrong.push({ n, k, hi, target, guess, want, got });
      }
    }
    return { checked, wrong };
  });
  assert.equal(out.checked, 400 * 60);
  assert.deepEqual(out.wrong, []);
});
