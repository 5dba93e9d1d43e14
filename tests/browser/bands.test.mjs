// Density bands (www/views/draw/bands.js) find each column's first node with `gallop`, which
// starts from the previous column's density instead of binary-searching the whole stretch. It
// must answer exactly what a plain lower bound (scene.js `lbX`) answers, whatever the guess:
// checked here in the page, on seeded random ply rows (runs of equal x, as collapsed subtrees
// and iteration gaps make them), against lbX. Also: the layout fed in batches (it writes no 0
// into its flags) against a fresh layout, and the bands' samples per column while streaming.
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

test('a layout fed in batches, with a subtree collapsed and expanded between them, is the full layout', { timeout: 120_000 }, async () => {
  // Layout.update writes no 0 into lf for visible nodes (the column stays untouched memory): it
  // relies on every id past what was laid out holding 0. Checked on seeded random forests in
  // preorder, fed in random batches, against a fresh layout of the whole forest.
  const out = await hook(page, async () => {
    const { Layout, L_HIDDEN } = await import('/www/model/layout.js');
    const NONE = 0xffffffff;
    let seed = 777;
    const rnd = (n) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const problems = [];
    for (let t = 0; t < 60; t++) {
      // a random forest in preorder (ids in entry order, as a trace's)
      const N = 50 + rnd(3000);
      const parent = new Uint32Array(N), lastChild = new Uint32Array(N).fill(NONE), endOf = new Uint32Array(N);
      const stack = [];
      for (let id = 0; id < N; id++) {
        while (stack.length && (rnd(3) === 0 || stack.length > 12)) endOf[stack.pop()] = id;
        const p = stack.length && rnd(12) ? stack[stack.length - 1] : NONE;
        if (p === NONE) while (stack.length) endOf[stack.pop()] = id;
        parent[id] = p;
        if (p !== NONE) lastChild[p] = id;
        stack.push(id);
      }
      while (stack.length) endOf[stack.pop()] = N;
      // the store as a layout reads it, its node count growing batch by batch (lastChild as
      // known by then: a child not yet arrived is not linked)
      const seen = new Uint32Array(N).fill(NONE);
      const store = { n: 0, cap: N, parent, lastChild: seen, end: (id) => Math.min(endOf[id], store.n) };
      const lay = new Layout(store);
      let collapsed = NONE;
      while (store.n < N) {
        const to = Math.min(N, store.n + 1 + rnd(400));
        for (let id = store.n; id < to; id++) if (parent[id] !== NONE) seen[parent[id]] = id;
        store.n = to;
        lay.update();
        // what was laid out batch by batch is what a fresh layout of the nodes so far gives,
        // with the same subtree collapsed
        const ref = new Layout({ ...store, lastChild: seen.slice(), end: store.end });
        if (collapsed !== NONE) ref.collapsed.add(collapsed);
        ref.relayout();
        for (let id = 0; id < store.n; id++) {
          if (lay.lf[id] !== ref.lf[id] || lay.x[id] !== ref.x[id]) {
            problems.push({ t, n: store.n, id, lf: lay.lf[id], wantLf: ref.lf[id], x: lay.x[id], want: ref.x[id] });
            break;
          }
        }
        const r = rnd(4);
        if (r === 0 && collapsed === NONE) {
          const c = rnd(store.n);
          if (lay.toggle(c)) collapsed = c;
        } else if (r === 1 && collapsed !== NONE) {
          lay.toggle(collapsed);
          collapsed = NONE;
        }
      }
      if (collapsed !== NONE) lay.toggle(collapsed);
      const full = new Layout({ n: N, cap: N, parent, lastChild, end: (id) => endOf[id] });
      full.relayout();
      for (let id = 0; id < N; id++) {
        if (lay.lf[id] !== 0 || lay.x[id] !== full.x[id]) {
          problems.push({ t, id, lf: lay.lf[id], x: lay.x[id], want: full.x[id] });
          break;
        }
      }
      // and while collapsed: every node under the collapsed root is hidden, none elsewhere
      const c = rnd(N);
      if (lastChild[c] !== NONE) {
        lay.toggle(c);
        for (let id = 0; id < N; id++) {
          const under = id > c && id < endOf[c];
          if (!!(lay.lf[id] & L_HIDDEN) !== under) {
            problems.push({ t, collapsedAt: c, id, lf: lay.lf[id] });
            break;
          }
        }
      }
    }
    return problems;
  });
  assert.deepEqual(out, []);
});

test('while a search streams in, a band column samples 4 nodes and is 4 px wide; once it is done, 8 and 2 px', { timeout: 120_000 }, async () => {
  // A dense ply row of mixed node types drawn as density bands: each bar's stacked shares are
  // counts of sampled nodes over the samples taken, so their heights are whole quarters of the
  // bar while streaming and whole eighths (some odd) after it. The heights are read from the
  // rectangles the layer builds.
  const out = await hook(page, async () => {
    const { drawBands } = await import('/www/views/draw/bands.js');
    const { FLAGS } = await import('/www/schema.js');
    const N = 200_000;
    const ids = new Uint32Array(N), x = new Float32Array(N), flags = new Uint8Array(N);
    let seed = 99;
    for (let id = 0; id < N; id++) {
      ids[id] = id;
      x[id] = id;
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      flags[id] = FLAGS.EXITED | (seed >>> 16) % 3; // PV, CUT or ALL, returned
    }
    const heights = [];
    const widths = [];
    const rect = Path2D.prototype.rect;
    Path2D.prototype.rect = function (px, y, w, h) {
      heights.push(h);
      widths.push(w);
      return rect.call(this, px, y, w, h);
    };
    const ctx = document.createElement('canvas').getContext('2d');
    const run = (streaming) => {
      heights.length = 0;
      widths.length = 0;
      const view = { x0: 0, sx: 0.002, sy: 60 };
      const s = {
        st: { flags, reason: new Uint8Array(N), n: N }, x, lf: new Uint8Array(N), W: 700, view,
        rows: [{ q: 0, ids, lo: 0, hi: N, dense: true }], SY: (q) => (q + 0.5) * view.sy,
        lay: { collapsed: new Set(), version: 1 },
        o: { pal: { pv: '#f00', cut: '#0f0', all: '#00f', aborted: '#888', future: '#ccc', both: '#000', onlyA: '#111', ghost: '#222' }, cursor: -1, streaming },
      };
      drawBands(ctx, s);
      const bh = Math.max(3, Math.min(view.sy * 0.42, 26));
      return { eighths: heights.map((h) => Math.round((h / bh) * 8)), widths: [...widths] };
    };
    const live = run(true), done = run(false);
    Path2D.prototype.rect = rect;
    return { live: live.eighths, done: done.eighths, liveW: live.widths, doneW: done.widths };
  });
  assert.ok(out.live.length > 50 && out.done.length > 50, `${out.live.length} and ${out.done.length} rectangles`);
  assert.deepEqual(out.live.filter((e) => e % 2 !== 0), [], 'streaming: whole quarters');
  assert.ok(out.done.some((e) => e % 2 !== 0), 'done: some odd eighths');
  // a bar is one column or a run of identical neighbours: whole columns wide
  assert.deepEqual(out.liveW.filter((w) => w % 4 !== 0), [], 'streaming: 4-px columns');
  assert.ok(out.doneW.some((w) => w % 4 !== 0), 'done: 2-px columns');
});
