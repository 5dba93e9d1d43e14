// What a student sees (issue 18 §4, §5; issue 19 §4): a textbook tree is wholly in view with
// labels of 12 px at least, nothing under the ply gutter — opened from a share link at any
// cursor, after every step, after a resize — at 1280×720 and 390×844; a 48-leaf tree on a
// laptop and a 16-leaf tree on a phone likewise; a larger tree, zoomed in, follows the cursor by
// panning only when its node would leave the view's margin, smoothly, and at once under reduced
// motion; compare mode draws the pruned subtrees whole as explore does; and the accessible tree,
// reached and stepped with the keyboard alone, announces each node in the narration's words.
// Screenshots at both sizes and in both themes: target/screenshots/view-*.png.
//
//   node --test tests/browser/view.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, settle, snapshot, hook, shot } from './hook.mjs';
import { collectProblems } from './chromium.mjs';

let env;
const problems = [];
before(async () => {
  env = await setup();
});
after(() => env?.close());

const RN = '((3 12 8) (2 4 6) (14 5 2))';
const link = (tree, extra = '') => `#v=2&mode=explore&tree=${encodeURIComponent(tree)}&depth=1&algo=alphabeta&view=maxmin${extra}`;
/** 48 leaves: 6 MIN nodes of 8 leaves; 16 leaves: 4 of 4 (values from a fixed pattern). */
const leaves = (k, m) => Array.from({ length: k }, (_, i) => `(${Array.from({ length: m }, (_, j) => ((i * 7 + j * 5) % 19) - 6).join(' ')})`).join(' ');
const WIDE48 = `(${leaves(6, 8)})`;
const WIDE16 = `(${leaves(4, 4)})`;
/** 144 leaves, three plies: too wide to read whole on a phone. */
const LARGE = `(${Array.from({ length: 4 }, (_, a) => `(${leaves(6, 6).replace(/\d+/g, (v) => String((Number(v) + a) % 13))})`).join(' ')})`;

/** Opens a share link's fragment in the page; waits for its NEW search and its cursor. */
async function open(page, hash) {
  const before = (await snapshot(page)).explore.generation;
  const cursor = Number(/cursor=(\d+)/.exec(hash)?.[1] ?? -1);
  await page.evaluate((h) => (location.hash = h), hash);
  await page.waitForFunction(
    ([g, c]) => {
      const e = window.prunescope.snapshot().explore;
      return e.generation > g && e.status === 'done' && (c < 0 || e.cursor.event === c);
    },
    [before, cursor],
    { timeout: 20_000 },
  );
  await settle(page);
}

async function newPage({ width, height, colorScheme = 'light', reducedMotion = 'no-preference' }) {
  const page = await env.browser.newPage({ viewport: { width, height }, colorScheme, reducedMotion });
  collectProblems(page, problems);
  await page.goto(env.server.url + 'index.html');
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 20_000 });
  await settle(page);
  return page;
}

/**
 * What is wrong with the tree's placement now: nodes (searched or pruned) outside the canvas,
 * under the gutter, or without room for their labels; labels under 12 px; returned nodes whose
 * value is not written.
 */
async function notInView(page, where) {
  await hook(page, () => window.prunescope.frame());
  const p = await hook(page, () => window.prunescope.placed('explore'));
  const d = await hook(page, () => window.prunescope.drawn('explore'));
  const out = [];
  const check = (kind) => ([x, y], k) => {
    // a node's radius and half a short label right of the gutter and inside the canvas; its
    // move label above and its value below inside the canvas
    if (x < p.gutter + 12 || x > p.W - 12 || y < 24 || y > p.H - 30) out.push(`${where}: ${kind} ${k} at (${x.toFixed(0)}, ${y.toFixed(0)}) in ${p.W}×${p.H}`);
  };
  p.nodes.forEach(check('node'));
  p.ghosts.forEach(check('pruned node'));
  if (d.labels.px < 12) out.push(`${where}: labels of ${d.labels.px} px`);
  if (d.labels.values !== d.labels.returned) out.push(`${where}: ${d.labels.returned - d.labels.values} of ${d.labels.returned} returned nodes without their value`);
  for (const c of d.pruned) if (!c.labelled) out.push(`${where}: the leaves node ${c.id} pruned drawn without their values`);
  return out;
}

/** Presses a key and waits until the cursor is at a NEW event. */
async function press(page, key) {
  const e = (await snapshot(page)).explore.cursor.event;
  await page.keyboard.press(key);
  await page.waitForFunction((e0) => window.prunescope.snapshot().explore.cursor.event !== e0, e);
  await settle(page);
  return (await snapshot(page)).explore.cursor.event;
}

for (const [width, height] of [[1280, 720], [390, 844]]) {
  test(`${width}×${height}: Russell–Norvig from its link at event 16 and from the first event — every node in view at every step`, async () => {
    const page = await newPage({ width, height });
    await open(page, link(RN, '&cursor=16'));
    assert.equal((await snapshot(page)).explore.cursor.event, 16);
    const bad = await notInView(page, 'at event 16');
    await page.focus('#tree');
    const events = (await snapshot(page)).explore.events;
    for (let e = 16; e < events - 1; ) {
      e = await press(page, 'ArrowRight');
      bad.push(...(await notInView(page, `link, event ${e}`)));
    }
    await shot(page, `view-rn-${width}x${height}-last.png`);
    // from the first event to the last
    await press(page, 'Home');
    assert.equal((await snapshot(page)).explore.cursor.event, 0);
    for (let e = 0; e < events - 1; ) {
      bad.push(...(await notInView(page, `first, event ${e}`)));
      e = await press(page, 'ArrowRight');
    }
    assert.deepEqual(bad, []);
    await page.close();
  });

  test(`${width}×${height}: opened from a link at any cursor, and after a resize`, async () => {
    const page = await newPage({ width, height });
    const bad = [];
    for (const cursor of [0, 1, 5, 9, 12, 16, 17, 18, 22, 25, 30]) {
      await open(page, link(RN, `&cursor=${cursor}`));
      assert.equal((await snapshot(page)).explore.cursor.event, cursor);
      bad.push(...(await notInView(page, `link at ${cursor}`)));
    }
    // a resize refits: the other size, then back
    const [w2, h2] = width > 700 ? [390, 844] : [1280, 720];
    const before = await hook(page, () => window.prunescope.placed('explore').W);
    await page.setViewportSize({ width: w2, height: h2 });
    await page.waitForFunction((w) => window.prunescope.placed('explore').W !== w, before);
    await settle(page);
    bad.push(...(await notInView(page, `resized to ${w2}×${h2}`)));
    await page.setViewportSize({ width, height });
    await page.waitForFunction((w) => window.prunescope.placed('explore').W === w, before);
    await settle(page);
    bad.push(...(await notInView(page, `back to ${width}×${height}`)));
    assert.deepEqual(bad, []);
    await page.close();
  });
}

test('a 48-leaf tree on a 1280 px laptop and a 16-leaf tree on a 390 px phone: wholly in view, every value written', async () => {
  for (const [tree, width, height, n] of [[WIDE48, 1280, 720, 48], [WIDE16, 390, 844, 16]]) {
    const page = await newPage({ width, height });
    await open(page, link(tree));
    const p = await hook(page, () => window.prunescope.placed('explore'));
    assert.equal(p.nodes.length + p.ghosts.length, 1 + n / (n === 48 ? 8 : 4) + n, 'every node of the input tree is placed: searched or pruned');
    // a link without cursor= opens an explicit tree at its first event (issue 29 §3): End
    await page.focus('#tree');
    await press(page, 'End');
    const bad = await notInView(page, `${n} leaves at the end`);
    // and at every cut-off, where pruned subtrees appear
    await press(page, 'Home');
    for (let k = 0; k < 6; k++) {
      const e0 = (await snapshot(page)).explore.cursor.event;
      await page.keyboard.press('c');
      await settle(page);
      if ((await snapshot(page)).explore.cursor.event === e0) break;
      bad.push(...(await notInView(page, `${n} leaves, cut-off ${k + 1}`)));
    }
    assert.deepEqual(bad, []);
    await shot(page, `view-${n}leaves-${width}x${height}.png`);
    await page.close();
  }
});

/**
 * Steps a zoomed-in large tree forward `n` events and checks, at every step, that the view
 * panned exactly when the cursor's new node stood inside the margin (or outside the view) before
 * the pan, and that the node ends inside the view. Returns { pans, frames (the positions the
 * view went through during each pan) }.
 */
async function followSteps(page, n) {
  let pans = 0;
  const frames = [];
  for (let k = 0; k < n; k++) {
    const before = await hook(page, () => window.prunescope.placed('explore'));
    const e = await press(page, 'ArrowRight');
    const id = (await snapshot(page)).explore.cursor.node;
    if (id < 0) continue;
    const [x, y] = before.nodes[id];
    const [mx, my] = before.margin;
    const needed = x < before.gutter + mx || x > before.W - mx || y < my || y > before.H - my;
    // watch the pan, frame by frame, until it is over
    const seen = await page.evaluate(
      () =>
        new Promise((done) => {
          const xs = [];
          const tick = () => {
            const p = window.prunescope.placed('explore');
            xs.push(p.view.x0);
            if (p.panning) requestAnimationFrame(tick);
            else done(xs);
          };
          tick();
        }),
    );
    const after = await hook(page, () => window.prunescope.placed('explore'));
    const moved = after.view.x0 !== before.view.x0 || after.view.y0 !== before.view.y0;
    assert.equal(moved, needed, `event ${e}: node ${id} at (${x.toFixed(0)}, ${y.toFixed(0)}) before the step, margins ${mx.toFixed(0)}, ${my.toFixed(0)}: ${needed ? 'should pan' : 'should stay'}`);
    assert.equal(after.view.sx, before.view.sx, 'following never zooms');
    const [ax, ay] = after.nodes[id];
    assert.ok(ax >= after.gutter + mx && ax <= after.W - mx && ay >= my && ay <= after.H - my, `event ${e}: node ${id} inside the margins after the pan`);
    if (moved) {
      pans++;
      frames.push(seen);
    }
  }
  return { pans, frames };
}

for (const reducedMotion of ['no-preference', 'reduce']) {
  test(`a larger tree, zoomed in, follows the cursor: pans only when needed, ${reducedMotion === 'reduce' ? 'at once under reduced motion' : 'smoothly in ≤ 200 ms'}`, async () => {
    const page = await newPage({ width: 390, height: 844, reducedMotion });
    assert.equal(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches), reducedMotion === 'reduce');
    await open(page, link(LARGE, '&cursor=4'));
    assert.equal((await snapshot(page)).explore.cursor.kind, 'enter');
    assert.equal((await hook(page, (id) => window.prunescope.node('explore', id), (await snapshot(page)).explore.cursor.node)).ply, 3, 'at the first leaf');
    await page.focus('#tree');
    await page.keyboard.press('z'); // zoom to the cursor (a leaf, 80 px a slot): the user's own view from now on
    await page.waitForFunction(() => window.prunescope.placed('explore').userMoved);
    await settle(page);
    const p = await hook(page, () => window.prunescope.placed('explore'));
    assert.ok(p.panMs <= 200, `a pan takes ${p.panMs} ms`);
    const { pans, frames } = await followSteps(page, 60);
    assert.ok(pans >= 2, `the cursor crossed the margin and the view followed (${pans} pans)`);
    assert.ok(pans <= 30, `it did not pan at every step (${pans} pans in 60 steps)`);
    for (const xs of frames) {
      // each pan moves one way, without a jump back
      const d = xs[xs.length - 1] - xs[0];
      for (let k = 1; k < xs.length; k++) assert.ok((xs[k] - xs[k - 1]) * Math.sign(d) >= -1e-9, `a pan that goes back: ${xs.join(', ')}`);
    }
    const steps = frames.map((xs) => xs.length);
    if (reducedMotion === 'reduce') assert.ok(steps.every((k) => k === 1), `no intermediate frames under reduced motion: ${steps}`);
    else assert.ok(steps.some((k) => k > 2), `the pans are animated over several frames: ${steps}`);
    await page.close();
  });
}

test('compare mode draws the pruned subtrees whole on an explicit tree, aligned with the other side', async () => {
  const page = await newPage({ width: 1280, height: 720 });
  const before = (await snapshot(page)).compare.generation;
  await page.evaluate((h) => (location.hash = h), `#v=2&mode=compare&tree=${encodeURIComponent(RN)}&depth=1&A.algo=alphabeta&B.algo=minimax`);
  await page.waitForFunction((g) => window.prunescope.snapshot().compare.generation > g, before, { timeout: 30_000 });
  await settle(page);
  await page.focus('#cmp-tree-A');
  await page.keyboard.press('End');
  await page.waitForFunction(() => window.prunescope.cursorFor('A').event === window.prunescope.snapshot().compare.A.events - 1);
  await hook(page, () => window.prunescope.frame());
  const a = await hook(page, () => window.prunescope.drawn('A'));
  const cut = await hook(page, () => window.prunescope.nodeAt('A', [1]));
  assert.deepEqual(a.pruned.map((p) => [p.id, p.rule, p.values]), [[cut, '2 ≤ α = 3', [4, 6]]], 'A (alpha-beta) draws the leaves 4 and 6 it pruned, and the rule');
  const pa = await hook(page, () => window.prunescope.placed('A'));
  const pb = await hook(page, () => window.prunescope.placed('B'));
  assert.equal(pa.ghosts.length, 2);
  // the pruned leaves sit where B (minimax) drew the nodes it searched there
  for (const [k, path] of [[0, [1, 1]], [1, [1, 2]]]) {
    const b = await hook(page, (p) => window.prunescope.nodeAt('B', p), path);
    assert.deepEqual(pa.ghosts[k].map(Math.round), pb.nodes[b].map(Math.round), `pruned leaf ${path.join('.')} aligned with B's`);
  }
  assert.equal(a.labels.values, a.labels.returned, 'every returned node of A has its value written');
  await shot(page, 'view-compare-1280x720.png');
  await page.close();
});

/** The accessible tree now: focus, active item's words and level, the items, the narration. */
const a11y = (page) =>
  page.evaluate(() => {
    const t = document.getElementById('a11y-tree');
    const a = document.getElementById(t.getAttribute('aria-activedescendant') ?? '');
    return {
      focused: document.activeElement === t,
      visible: t.checkVisibility() && t.getBoundingClientRect().width > 40,
      label: t.getAttribute('aria-label'),
      active: a?.getAttribute('aria-label') ?? null,
      level: Number(a?.getAttribute('aria-level')),
      selected: a?.getAttribute('aria-selected'),
      items: [...t.querySelectorAll('[role=treeitem]')].map((l) => `${l.getAttribute('aria-level')} ${l.getAttribute('aria-label')}`),
      narration: document.getElementById('narration').textContent,
    };
  });

test('keyboard only: Tab reaches the accessible tree; ↑ ↓ select nodes, ← → step; each node in the narration\'s words', async () => {
  const page = await newPage({ width: 1280, height: 720 });
  await open(page, link(RN, '&cursor=16'));
  // Tab from the top of the page until the tree has the focus
  await page.evaluate(() => document.activeElement?.blur());
  let tabs = 0;
  while (!(await a11y(page)).focused && tabs < 150) {
    await page.keyboard.press('Tab');
    tabs++;
  }
  let s = await a11y(page);
  assert.ok(s.focused, `Tab reaches the accessible tree (${tabs} presses)`);
  assert.ok(s.visible, 'drawn while it has the focus');
  // at the α-cut-off (event 17 of 31): node 1, its parent (the root) and its siblings entered so
  // far, its one searched child; nothing of node 2, which the search has not entered
  assert.equal(s.active, 'MIN node 1, window 3 to infinity, cut-off, 2 moves pruned');
  assert.equal(s.level, 2);
  assert.equal(s.selected, 'true');
  assert.deepEqual(s.items, [
    '1 MAX root, full window, searching',
    '2 MIN node 0, full window, returned 3, all moves searched',
    '2 MIN node 1, window 3 to infinity, cut-off, 2 moves pruned',
    '3 MAX node 1.0, window 3 to infinity, returned 2, leaf',
  ]);
  assert.match(s.narration, /α-cut-off at node 1 \(MIN\) by move 0: 2 ≤ α = 3, so the remaining 2 moves are pruned/);
  // → steps the search: node 1 returns (issue 19's example words)
  await press(page, 'ArrowRight');
  s = await a11y(page);
  assert.ok(s.focused, 'the focus stays in the tree');
  assert.equal(s.active, 'MIN node 1, window 3 to infinity, returned 2, cut-off, 2 moves pruned');
  assert.match(s.narration, /^Node 1 returns 2 after 1 of 3 moves \(α-cut-off\)/);
  await press(page, 'ArrowRight');
  s = await a11y(page);
  assert.equal(s.active, 'MIN node 2, window 3 to infinity, searching');
  assert.match(s.narration, /^Enter node 2 \(CUT expected\) with window \(3, \+∞\)/);
  // ↑ moves to the node above (node 1) and selects it as a tap does: the cursor goes to its entry
  const n1 = await hook(page, () => window.prunescope.nodeAt('explore', [1]));
  const enter1 = (await hook(page, (id) => window.prunescope.node('explore', id), n1)).enterEvent;
  const e = await press(page, 'ArrowUp');
  assert.equal(e, enter1);
  assert.equal((await snapshot(page)).explore.selected, n1);
  s = await a11y(page);
  assert.equal(s.active, 'MIN node 1, window 3 to infinity, searching');
  assert.match(s.narration, /^Enter node 1 \(CUT expected\) with window \(3, \+∞\)/);
  // ↑ again: node 0, returned 3; ↑ again: the root
  await press(page, 'ArrowUp');
  assert.equal((await a11y(page)).active, 'MIN node 0, full window, searching');
  await press(page, 'ArrowUp');
  s = await a11y(page);
  assert.equal(s.active, 'MAX root, full window, searching');
  assert.equal(s.level, 1);
  // → to the root's first child, ↓ to it in the tree after stepping into it
  await press(page, 'ArrowRight');
  s = await a11y(page);
  assert.equal(s.active, 'MIN node 0, full window, searching');
  await press(page, 'End');
  s = await a11y(page);
  assert.equal(s.active, 'MAX root, full window, returned 3, all moves searched');
  // the page's other keys work from the tree: C jumps to the cut-off
  await press(page, 'Home');
  await press(page, 'c');
  assert.equal((await snapshot(page)).explore.cursor.event, 16);
  assert.equal((await a11y(page)).active, 'MIN node 1, window 3 to infinity, cut-off, 2 moves pruned');
  await page.close();
});

test('compare mode: the accessible tree follows the driving search', async () => {
  const page = await newPage({ width: 1280, height: 720 });
  const before = (await snapshot(page)).compare.generation;
  await page.evaluate((h) => (location.hash = h), `#v=2&mode=compare&tree=${encodeURIComponent(RN)}&depth=1&A.algo=alphabeta&B.algo=minimax&cursor=16`);
  await page.waitForFunction((g) => window.prunescope.snapshot().compare.generation > g, before, { timeout: 30_000 });
  await page.waitForFunction(() => window.prunescope.cursorFor('A').event === 16);
  await settle(page);
  await page.focus('#a11y-tree');
  let s = await a11y(page);
  assert.equal(s.label, 'Search tree at the cursor (search A)');
  assert.equal(s.active, 'MIN node 1, window 3 to infinity, cut-off, 2 moves pruned');
  // A drives: B (minimax) follows; switch to B's events (key A), step: the tree is B's
  await page.keyboard.press('a');
  await page.waitForFunction(() => window.prunescope.snapshot().compare.drive === 'B');
  await settle(page);
  s = await a11y(page);
  assert.equal(s.label, 'Search tree at the cursor (search B)');
  const e = await page.evaluate(() => window.prunescope.cursorFor('B').event);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((e0) => window.prunescope.cursorFor('B').event !== e0, e);
  await settle(page);
  const b = await page.evaluate(() => window.prunescope.cursorFor('B'));
  const node = await hook(page, (id) => window.prunescope.node('B', id), b.node);
  s = await a11y(page);
  assert.match(s.active, new RegExp(`^(MAX|MIN) node ${node.path.join('\\.')}, full window`), `B's node ${node.path.join('.')}: ${s.active}`);
  // ↑ selects in B: the cursor goes to that node's entry in B's search
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction((e0) => window.prunescope.cursorFor('B').event < e0, b.event);
  assert.equal((await snapshot(page)).compare.drive, 'B');
  await page.close();
});

test('screenshots: the fitted tree and the accessible tree at both sizes, in both themes', async () => {
  for (const colorScheme of ['light', 'dark']) {
    for (const [width, height] of [[1280, 720], [390, 844]]) {
      const page = await newPage({ width, height, colorScheme });
      await open(page, link(RN, '&cursor=16'));
      await page.locator('.stage').scrollIntoViewIfNeeded();
      await shot(page, `view-rn-${width}x${height}-${colorScheme}.png`);
      await page.focus('#a11y-tree');
      await settle(page);
      await shot(page, `view-a11y-${width}x${height}-${colorScheme}.png`);
      await page.close();
    }
  }
  assert.deepEqual(problems, [], 'no console error, page error or failed request');
});

test('the tree canvas owns its transform: a wheel zoom and a drag reach the state through the mode (issue 32 §4)', async () => {
  const page = await newPage({ width: 1280, height: 720 });
  await open(page, link(RN, '&cursor=16'));
  const t0 = await hook(page, () => window.prunescope.transforms('explore'));
  assert.equal(t0.same, false, 'the canvas holds its own transform, not the state\'s object');
  const box = await page.locator('#tree').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await page.waitForFunction((sx) => window.prunescope.transforms('explore').stored.sx !== sx, t0.stored.sx);
  let t = await hook(page, () => window.prunescope.transforms('explore'));
  assert.ok(t.stored.sx > t0.stored.sx && t.stored.userMoved, 'the zoom is stored by the mode');
  assert.deepEqual(t.stored, t.own, 'what the canvas reported is what the state holds');
  await page.mouse.move(box.x + 300, box.y + 300);
  await page.mouse.down();
  await page.mouse.move(box.x + 380, box.y + 340, { steps: 4 });
  await page.mouse.up();
  await page.waitForFunction((x0) => window.prunescope.transforms('explore').stored.x0 !== x0, t.stored.x0);
  const d = await hook(page, () => window.prunescope.transforms('explore'));
  assert.ok(d.stored.x0 < t.stored.x0, 'dragging right moves the view left');
  assert.deepEqual(d.stored, d.own);
  await page.close();
});

test('keyboard only: ] [ zoom and H J K L pan the view as the wheel and a drag do; F fits again', async () => {
  const page = await newPage({ width: 1280, height: 720 });
  await open(page, link(RN, '&cursor=16'));
  await page.focus('#tree');
  const view = async () => (await hook(page, () => window.prunescope.placed('explore')));
  const key = async (k) => {
    const v = (await view()).view;
    await page.keyboard.press(k);
    await page.waitForFunction((v0) => JSON.stringify(window.prunescope.placed('explore').view) !== v0, JSON.stringify(v));
    await settle(page);
    return (await view()).view;
  };
  const v0 = (await view()).view;
  const z = await key(']');
  assert.ok(z.sx > v0.sx, 'zoomed in');
  assert.ok((await view()).userMoved);
  assert.ok((await key('[')).sx < z.sx, 'zoomed out');
  const l = await key('l');
  const h = await key('h');
  assert.ok(h.x0 < l.x0, 'H pans left, L right');
  const j = await key('j');
  const k = await key('k');
  assert.ok(k.y0 < j.y0, 'K pans up, J down');
  assert.ok((await view()).userMoved);
  await page.keyboard.press('f');
  await page.waitForFunction(() => !window.prunescope.placed('explore').userMoved);
  await settle(page);
  assert.deepEqual(await notInView(page, 'after F'), []);
  // the shortcut card lists the new keys
  const card = await page.locator('#shortcuts').textContent();
  assert.match(card, /H J K L/);
  await page.close();
});
