// Every screen size and both themes: screenshots at 390×844 (a phone, by touch), 1280×720 and
// 1440×900 in light and dark (target/screenshots/layout-*.png), with the key controls inside
// the viewport and no text overflowing its box; every width from 360 to 2560 px without
// horizontal scrolling; compare mode at ≤1100 px with its step bar and narration; and PV, CUT
// and ALL told apart under simulated protanopia, deuteranopia and tritanopia.
//
//   node --test tests/browser/layout.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, settle, snapshot, hook, runSearch, runCompare, toCompare, shot } from './hook.mjs';

let env;
const problems = [];

before(async () => {
  env = await setup();
});

after(() => env?.close());

/** Problems of the layout now: text clipped or out of its box, the page scrolling sideways. */
const layoutProblems = (page) =>
  page.evaluate(() => {
    const out = [];
    const W = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > W + 1) out.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${W} px window`);
    const name = (el) => el.id || `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` + ` "${el.textContent.trim().slice(0, 30)}"`;
    for (const el of document.querySelectorAll('body *')) {
      if (!el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;
      if (el.closest('select, option, .cg-wrap, .uplot, canvas')) continue;
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own) continue;
      const cs = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (cs.overflowX !== 'visible' && cs.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1) out.push(`clipped: ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
      const box = el.closest('.card, .toolbar, .stepbar, .narration, .top, .cmp-cap, .run-bar');
      if (box && box !== el) {
        const b = box.getBoundingClientRect();
        if (r.right > b.right + 1 || r.left < b.left - 1) out.push(`out of its box: ${name(el)} (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(b.left)}–${Math.round(b.right)})`);
      }
      if (r.right > W + 1) out.push(`off the page: ${name(el)}`);
    }
    return out;
  });

/** Ids of `ids` not fully inside the viewport (or hidden). */
const outOfView = (page, ids) =>
  page.evaluate((ids) => {
    const W = document.documentElement.clientWidth, H = document.documentElement.clientHeight;
    return ids.filter((id) => {
      const el = document.getElementById(id);
      if (!el || !el.checkVisibility()) return true;
      const r = el.getBoundingClientRect();
      return r.top < -1 || r.left < -1 || r.bottom > H + 1 || r.right > W + 1 || r.width === 0;
    });
  }, ids);

const STEP_CONTROLS = ['s-back', 's-play', 's-fwd', 'narration'];

for (const colorScheme of ['light', 'dark']) {
  for (const [width, height] of [[1440, 900], [1280, 720], [390, 844]]) {
    const phone = width < 700;
    test(`${width}×${height} ${colorScheme}: key controls in view, no text overflow`, async () => {
      const page = await openPage(env, { width, height, colorScheme, touch: phone, problems });
      const s = await snapshot(page);
      assert.equal(s.theme.dark, colorScheme === 'dark', 'the theme follows prefers-color-scheme');
      assert.deepEqual(await outOfView(page, ['start', 'mode-explore', 'mode-compare', 'theme']), [], 'at load');
      if (!phone) {
        // laptop: Start stays visible with the technique panels open
        await page.click('#techniques summary');
        await page.click('#tech-params summary');
        await settle(page);
        assert.deepEqual(await outOfView(page, ['start', 'stop']), [], 'with the techniques open');
        await page.click('#techniques summary');
      }
      await runSearch(page);
      await hook(page, () => window.prunescope.run('step.first'));
      await hook(page, () => window.prunescope.run('jump.cutoff'));
      await settle(page);
      assert.deepEqual(await outOfView(page, STEP_CONTROLS), [], 'after a search, the step bar and narration are in view');
      assert.deepEqual(await layoutProblems(page), []);
      if (phone) {
        // buttons large enough to hit with a finger
        const small = await page.evaluate(() => [...document.querySelectorAll('.stepbar .steps button')].filter((b) => b.getBoundingClientRect().height < 44).map((b) => b.id));
        assert.deepEqual(small, [], 'step buttons at least 44 px tall');
      }
      await shot(page, `layout-${width}x${height}-${colorScheme}.png`);
      // compare mode at the same size
      await toCompare(page);
      await runCompare(page);
      await hook(page, () => window.prunescope.run('step.first'));
      await hook(page, () => window.prunescope.run('jump.difference'));
      await settle(page);
      if (phone) await page.locator('.center').scrollIntoViewIfNeeded();
      assert.deepEqual(await outOfView(page, STEP_CONTROLS), [], 'compare: the step bar and narration are in view');
      assert.deepEqual(await layoutProblems(page), []);
      await shot(page, `layout-${width}x${height}-${colorScheme}-compare.png`);
      await page.close();
    });
  }
}

test('phone: stepping by touch — flick the tree, tap a node, tap the big buttons', async () => {
  const page = await openPage(env, { width: 390, height: 844, touch: true, problems });
  await runSearch(page);
  const cdp = await page.context().newCDPSession(page);
  await hook(page, () => window.prunescope.run('step.first'));
  const at = async () => (await snapshot(page)).explore.cursor.event;
  const box = await page.locator('#tree').boundingBox();
  const flick = async (dx) => {
    const y = box.y + box.height * 0.8;
    const x0 = box.x + box.width / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
    for (let k = 1; k <= 4; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + (dx * k) / 4, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await settle(page);
  };
  await flick(-120); // to the left: forward, like turning a page
  assert.equal(await at(), 1);
  await flick(-120);
  assert.equal(await at(), 2);
  await flick(120);
  assert.equal(await at(), 1);
  // tap a node: it is selected and the cursor goes to its entry
  const id = await hook(page, () => window.prunescope.nodeAt('explore', [2]));
  const [x, y] = await hook(page, (i) => window.prunescope.screenOf('explore', i), id);
  await page.touchscreen.tap(x, y);
  await settle(page);
  assert.equal((await snapshot(page)).explore.selected, id);
  // the big buttons
  const before = await at();
  await page.locator('#s-fwd').tap();
  await settle(page);
  assert.equal(await at(), before + 1);
  await page.close();
});

test('every width from 360 to 2560 px: nothing scrolls sideways, nothing is lost', async () => {
  const page = await openPage(env, { width: 1440, height: 900, problems });
  await runSearch(page);
  for (const width of [360, 480, 640, 700, 701, 800, 1000, 1100, 1101, 1280, 1920, 2560]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await settle(page);
    const p = await layoutProblems(page);
    assert.deepEqual(p, [], `${width} px`);
    for (const id of ['start', 's-play', 'narration', 'inspector', 'summary']) {
      assert.equal(await page.evaluate((id) => document.getElementById(id).checkVisibility(), id), true, `${id} at ${width} px`);
    }
  }
  // compare at ≤1100 px keeps its step bar and narration in view
  await page.setViewportSize({ width: 1000, height: 760 });
  await toCompare(page);
  await runCompare(page);
  await hook(page, () => window.prunescope.run('step.first'));
  await settle(page);
  assert.deepEqual(await outOfView(page, STEP_CONTROLS), [], 'compare at 1000 px');
  assert.deepEqual(await layoutProblems(page), []);
  await shot(page, 'layout-1000x760-compare.png');
  await page.close();
});

// Colour-vision deficiencies (Machado, Oliveira & Fernandes 2009, severity 1), in linear RGB.
const CVD = {
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
  tritanopia: [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.3039],
};

function lab(hex, m) {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  const s = m ? [0, 1, 2].map((i) => Math.min(1, Math.max(0, m[3 * i] * c[0] + m[3 * i + 1] * c[1] + m[3 * i + 2] * c[2]))) : c;
  const X = (0.4124 * s[0] + 0.3576 * s[1] + 0.1805 * s[2]) / 0.95047;
  const Y = 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2];
  const Z = (0.0193 * s[0] + 0.1192 * s[1] + 0.9505 * s[2]) / 1.08883;
  const f = (t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

test('PV, CUT and ALL stay apart for colour-blind eyes, in both themes (simulated)', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const page = await openPage(env, { width: 1280, height: 720, colorScheme, problems });
    const pal = await page.evaluate(() => {
      const cs = getComputedStyle(document.documentElement);
      return ['--pv', '--cut', '--all'].map((v) => cs.getPropertyValue(v).trim());
    });
    for (const [kind, m] of [['normal vision', null], ...Object.entries(CVD)]) {
      const L = pal.map((c) => lab(c, m));
      const d = Math.min(...[[0, 1], [0, 2], [1, 2]].map(([i, j]) => Math.hypot(...L[i].map((v, k) => v - L[j][k]))));
      assert.ok(d >= 30, `${colorScheme}, ${kind}: PV/CUT/ALL ${pal.join(' ')} only ΔE ${d.toFixed(0)} apart`);
    }
    // and look at it: the page through each simulation (an SVG colour-matrix filter)
    await runSearch(page);
    for (const [kind, m] of Object.entries(CVD)) {
      await page.evaluate(([kind, m]) => {
        let svg = document.getElementById('cvd-filters');
        if (!svg) {
          svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
          svg.id = 'cvd-filters';
          svg.setAttribute('width', '0');
          svg.setAttribute('height', '0');
          document.body.append(svg);
        }
        const f = document.createElementNS('http://www.w3.org/2000/svg', 'filter');
        f.id = `cvd-${kind}`;
        f.setAttribute('color-interpolation-filters', 'linearRGB');
        const cm = document.createElementNS('http://www.w3.org/2000/svg', 'feColorMatrix');
        cm.setAttribute('type', 'matrix');
        cm.setAttribute('values', [0, 1, 2].map((i) => `${m[3 * i]} ${m[3 * i + 1]} ${m[3 * i + 2]} 0 0`).join(' ') + ' 0 0 0 1 0');
        f.append(cm);
        svg.append(f);
        document.querySelector('main').style.filter = `url(#cvd-${kind})`;
      }, [kind, m]);
      await settle(page);
      await shot(page, `cvd-${colorScheme}-${kind}.png`);
    }
    await page.close();
  }
});

test('no console errors or warnings at any size', () => {
  assert.deepEqual(problems, []);
});
