// Compare mode on trees with chance nodes (issue 20 §3; docs/compare.md): expectimax against
// Ballard's Star1 on one tree — the unpruned tree against the pruned one — with both sides' exact
// fractions (each over its own scale; since trace version 5 both store twelfths on this tree,
// and tests/chance.rs compares two different scales), chance
// nodes matched across the sides, the bound that fired on Star1's pruned branches, the chance
// cut-offs counted in the summary as the CLI counts them, and the stepping, keys and play explore
// has. Then the greyed pruned subtree that holds a chance node (each node its own player) and the
// SVG export of a chance search. Every expected value comes from the CLI (`prunescope tree
// --json`); every wait waits for a NEW state (a comparison's generation, a cursor's event).
// Screenshots: target/screenshots/compare-chance-*.png.
//
//   node --test tests/browser/compare-chance.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, SHOTS, compareToEnd, hook, openPage, run, runCompare, runSearch, settle, setup, snapshot, text, toCompare } from './hook.mjs';

// Star1 cuts the second chance node after its first branch (1, weight 2 of 4): even with the
// rest at L it cannot come back above 19/3, so branches 1.1 and 1.2 are pruned. Expectimax's
// values need twelfths (13/4 at that node); Star1's scale, fixed from the weights before the
// search (version 5), is twelfths too.
const TREE = 'bounds 0 10 ([1:5 2:(7 9)] [2:1 1:2 1:9])';
// Star1's β-cut-off at the MIN node 1 prunes a chance node: MIN's child, so MAX's, and its
// leaves MAX's too (a chance node's children are its own player's), not MIN's.
const TREE_CUT = 'bounds 0 10 ([1:6 1:6] (3 [1:1 1:9]))';

const TARGET = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target');
const CLI = existsSync(path.join(TARGET, 'debug/prunescope')) ? path.join(TARGET, 'debug/prunescope') : path.join(TARGET, 'release/prunescope');
/** `v / scale` in lowest terms, as the CLI writes a fraction (`n` or `n/d`), by the test's own
 * Euclid. */
const frac = (v, scale) => {
  let [a, b] = [Math.abs(v), scale];
  while (b) [a, b] = [b, a % b];
  a = a || 1;
  return scale / a === 1 ? String(v / a) : `${v / a}/${scale / a}`;
};
/** The CLI's chance search of `tree`, read from the trace `--json` prints (issue 32 §1: the
 * trace format, values over `summary.scale`): the root's value from MAX's view, and per node its
 * path, its value (its player's view) and player, its reason, and the branches a cut-off pruned
 * with the value that reached the bound (the `cutoff`/`chance_cutoff` event's data) and the
 * branch that returned it (the child that exited just before the event). */
/** The scale the CLI's trace of `algo` on `tree` stores its values over. */
const cliScale = (algo, tree) => JSON.parse(execFileSync(CLI, ['tree', '--algo', algo, tree, '--json'], { encoding: 'utf8' })).summary.scale ?? 1;
const cli = (algo, tree) => {
  const t = JSON.parse(execFileSync(CLI, ['tree', '--algo', algo, tree, '--json'], { encoding: 'utf8' }));
  const scale = t.summary.scale ?? 1;
  const nodes = t.nodes;
  const max = [];
  const trace = nodes.map((n) => {
    max[n.id] = n.parent === null ? true : nodes[n.parent].kind === 'chance' ? max[n.parent] : !max[n.parent];
    return { id: n.id, parent: n.parent, path: n.path, value: frac(n.value, scale), max_to_move: max[n.id], reason: n.reason, pruned: [] };
  });
  let lastExit = null;
  for (const e of t.events) {
    if (e.kind === 'cutoff' || e.kind === 'chance_cutoff') {
      const by = lastExit !== null && nodes[lastExit].parent === e.node ? nodes[lastExit].index : null;
      trace[e.node].pruned = (nodes[e.node].pruned ?? []).map((p) => ({ child: p.child, reason: p.reason, by, value: frac(e.data[0], scale), bound: frac(e.data[1], scale) }));
    }
    if (e.kind !== 'alpha_raised') lastExit = e.kind === 'exit' ? e.node : null;
  }
  return { algo, value: frac(t.summary.value, scale), trace };
};
/** A CLI fraction as the page prints it from MAX's view: minus as "−". */
const shown = (frac, maxToMove = true) => {
  const neg = frac.startsWith('-') !== !maxToMove;
  const abs = frac.replace(/^-/, '');
  return abs === '0' ? '0' : (neg ? '−' : '') + abs;
};
/** The CLI's summary line of the nodes that stopped early (src/cli/chance.rs `stop_words`). */
const cliStops = (algo, tree) => {
  const line = execFileSync(CLI, ['tree', '--algo', algo, tree, '--stats'], { encoding: 'utf8' }).split('\n').find((l) => l.startsWith('cut-offs'));
  const m = /(\d+) beta, (\d+) chance fail low \(A_i\), (\d+) chance fail high \(B_i\)/.exec(line);
  return { beta: Number(m[1]), low: Number(m[2]), high: Number(m[3]) };
};

let env;
before(async () => {
  assert.ok(existsSync(CLI), `${CLI} is missing: build it with cargo build`);
  env = await setup();
});
after(async () => env?.close());

/** Compare mode with TREE typed in: waits for the menus to turn to expectimax vs Star1. */
async function compareChance(page) {
  await toCompare(page);
  await page.click('#tab-tree');
  await page.fill('#tree-text', TREE);
  await page.waitForFunction(() => document.getElementById('cmp-algo-B').value === 'star1');
  const s = await runCompare(page);
  await compareToEnd(page);
  return s;
}

test('compare takes chance searches: expectimax vs Star1, exact fractions over each side\'s scale, chance nodes matched, the bound that fired, chance cut-offs counted, stepping, keys and play', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await toCompare(page);
  await page.click('#tab-tree');
  await page.fill('#tree-text', TREE);
  await page.waitForFunction(() => document.getElementById('cmp-algo-B').value === 'star1');
  for (const k of ['A', 'B']) {
    const offered = await page.$$eval(`#cmp-algo-${k} option`, (os) => os.map((o) => o.value));
    for (const a of ['expectimax', 'star1', 'star2']) assert.ok(offered.includes(a), `${k} offers ${a}`);
  }
  assert.equal(await page.inputValue('#cmp-preset'), 'em-star1');
  assert.equal(await page.inputValue('#cmp-algo-A'), 'expectimax');
  const s = (await runCompare(page)).compare;
  await compareToEnd(page);
  assert.equal(s.A.status, 'done', JSON.stringify(s.A.notice));
  assert.equal(s.B.status, 'done', JSON.stringify(s.B.notice));
  assert.deepEqual([s.A.config.chance, s.B.config.chance], ['expectimax', 'star1']);

  // both sides as the CLI searched them; matched by path: Star1 pruned two branches
  const E = cli('expectimax', TREE), S = cli('star1', TREE);
  const byPath = (r) => new Map(r.trace.map((n) => [n.path.join('.'), n]));
  const pe = byPath(E), ps = byPath(S);
  const both = [...ps.keys()].filter((p) => pe.has(p));
  assert.deepEqual([s.diff.nA, s.diff.nB, s.diff.both, s.diff.onlyA, s.diff.onlyB], [E.trace.length, S.trace.length, both.length, E.trace.length - both.length, 0]);
  // a pair's values compared as the fractions they are (the CLI's strings), not as stored integers
  const differ = both.filter((p) => pe.get(p).value !== ps.get(p).value).length;
  assert.equal(s.diff.changedValue, differ);

  // the root values: both 19/3, each printed over its own scale (A drives; B's value is not
  // divided by A's scale)
  assert.equal(E.value, S.value);
  assert.equal(await text(page, '#cmp-value-A'), shown(E.value));
  assert.equal(await text(page, '#cmp-value-B'), shown(S.value));
  // each side named by its chance search (its `algo` is only the rule at decision nodes)
  assert.equal(await text(page, '#cmp-config-A'), 'expectimax');
  assert.equal(await text(page, '#cmp-config-B'), 'star1');
  const summary = await text(page, '#cmp-summary');
  assert.match(summary, /root value\s+19\/3\s+19\/3\s+same/);
  // the chance cut-offs, counted as the CLI counts them, beside the β-cut-offs
  for (const [k, algo] of [['A', 'expectimax'], ['B', 'star1']]) {
    const c = cliStops(algo, TREE);
    assert.equal(await text(page, `#cmp-cutoffs-${k}`), String(c.beta), `${k} β-cut-offs`);
    assert.equal(await text(page, `#cmp-chance-cutoffs-${k}`), String(c.low + c.high), `${k} chance cut-offs`);
  }
  assert.match(summary, /chance cut-offs\s+0\s+1\s+1 fail high \(≥ B_i\)/);

  // the chance node 1 in both: its kind and what it averages, each side's exact value, and the
  // bound that fired in Star1
  const a1 = await hook(page, () => window.prunescope.nodeAt('A', [1]));
  // selecting puts the cursor at the node's entry, where its results are held back (an
  // explicit tree's comparison before its end): Final results shows them
  await run(page, 'view.finals'); // Final results (E)
  await hook(page, (id) => window.prunescope.select('A', id), a1);
  await page.waitForSelector('#cmp-fired-B');
  for (const k of ['A', 'B']) assert.equal(await text(page, `#cmp-who-${k}`), `${k} chance node: nobody chooses; its value is the average of its 3 branches, each weighted by its probability w/S; MIN moves after it`);
  const [ne, ns] = [pe.get('1'), ps.get('1')];
  assert.equal(await text(page, '#cmp-sel-value-A'), shown(ne.value, ne.max_to_move));
  assert.equal(await text(page, '#cmp-sel-value-B'), shown(ns.value, ns.max_to_move));
  // the CLI's "child 0 returned -1 >= B_0 = -8/3" in MAX's view (MIN moves at the chance node)
  const pr = ns.pruned[0];
  assert.equal(await text(page, '#cmp-fired-B'), `child ${pr.by} returned ${shown(pr.value, false)} ≤ ${shown(pr.bound, false)} = −B_${pr.by}`);
  // the first branch carries its probability in both, w/S in lowest terms
  const leaf = await hook(page, () => window.prunescope.nodeAt('A', [1, 0]));
  await hook(page, (id) => window.prunescope.select('A', id), leaf);
  await page.waitForFunction(() => /the branch into it has probability 1\/2/.test(document.getElementById('cmp-who-B')?.textContent));
  assert.match(await text(page, '#cmp-who-A'), /^A MIN to move · the branch into it has probability 1\/2$/);
  await page.screenshot({ path: path.join(SHOTS, 'compare-chance-1280x720-light.png') });

  // stepping Star1's events: A follows by path. The next cut-off is the chance cut-off, narrated
  // with the bound that fired; A (expectimax) is at the same chance node
  let g = (await snapshot(page)).compare.drive;
  await run(page, 'view.drive');
  await page.waitForFunction((d) => window.prunescope.snapshot().compare.drive !== d, g);
  assert.equal((await snapshot(page)).compare.drive, 'B');
  await run(page, 'step.first');
  await page.waitForFunction(() => window.prunescope.snapshot().compare.B.cursor.event === 0);
  await run(page, 'jump.cutoff');
  await page.waitForFunction(() => window.prunescope.snapshot().compare.B.cursor.event > 0);
  const at = (await snapshot(page)).compare.B.cursor;
  assert.equal(at.kind, 'chance cut-off');
  assert.equal(at.node, await hook(page, () => window.prunescope.nodeAt('B', [1])));
  await settle(page);
  assert.match(await text(page, '#narration'), new RegExp(`Chance cut-off at node 1: child ${pr.by} returned 1 ≤ 8/3 = −B_0, so branches 1–2 are pruned\\.`));
  const follow = await hook(page, () => window.prunescope.cursorFor('A'));
  assert.equal(follow.node, a1, 'A follows to its node 1');
  // the keyboard: → steps on
  await page.locator('#cmp-tree-B').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((e) => window.prunescope.snapshot().compare.B.cursor.event > e, at.event);
  // play to the end
  await run(page, 'step.first');
  await page.waitForFunction(() => window.prunescope.snapshot().compare.B.cursor.event === 0);
  await run(page, 'play.faster');
  await run(page, 'play.faster');
  await run(page, 'play.toggle');
  await page.waitForFunction(() => {
    const s = window.prunescope.snapshot();
    return !s.playing && s.compare.B.cursor.event === s.compare.B.events - 1;
  }, null, { timeout: 30_000 });
  // the greyed pruned branches of Star1 carry their rule (the bound that fired) and values
  await run(page, 'step.last');
  await settle(page);
  const drawnB = await hook(page, () => window.prunescope.drawn('B'));
  assert.deepEqual(drawnB.pruned.map((p) => p.rule), [`child 0 returned 1 ≤ 8/3 = −B_0`]);
  const scaleS = cliScale('star1', TREE);
  assert.deepEqual(drawnB.pruned[0].values.map((v) => v / scaleS), [2, 9], 'the pruned leaves, over Star1\'s scale');
  assert.deepEqual(problems, []);
  await page.close();
});

test('expectimax vs Star2 and Star1 vs Star2: the probes are matched as first visits, the same exact root value, Star2\'s probes counted', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await compareChance(page);
  const E = cli('expectimax', TREE), S1 = cli('star1', TREE), S2 = cli('star2', TREE);
  for (const [preset, A, B] of [['em-star2', E, S2], ['star1-star2', S1, S2]]) {
    await page.selectOption('#cmp-preset', preset);
    const s = (await runCompare(page)).compare;
    await compareToEnd(page);
    assert.deepEqual([s.A.config.chance, s.B.config.chance], [A.algo, B.algo]);
    assert.deepEqual([s.diff.nA, s.diff.nB], [A.trace.length, B.trace.length]);
    // the k-th visit of a branch matches the k-th (docs/compare.md): a probe is Star2's first
    // visit of its branch, so the search phase's second visit and everything below it are B's own
    const inA = new Set(A.trace.map((n) => n.path.join('.')));
    const seen = new Set(), matched = new Map();
    let onlyB = 0;
    for (const n of B.trace) {
      const key = n.path.join('.');
      const m = (n.parent === null || matched.get(n.parent)) && inA.has(key) && !seen.has(key);
      if (m) seen.add(key);
      matched.set(n.id, m);
      if (!m) onlyB++;
    }
    assert.ok(onlyB > 0);
    assert.equal(s.diff.onlyB, onlyB, `${preset}: Star2's second visits are its own`);
    assert.equal(await text(page, '#cmp-value-A'), shown(A.value));
    assert.equal(await text(page, '#cmp-value-B'), shown(B.value));
    const probes = B.trace.filter((n) => n.reason === 'probe').length;
    assert.ok(probes > 0);
    assert.match(await text(page, '#cmp-summary'), new RegExp(`probes \\(Star2\\)\\s+${A.algo === 'star2' ? probes : 0}\\s+${probes}`));
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('a greyed pruned subtree holding a chance node draws each node as its own player (negamax values), in explore and compare', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await page.click('#tab-tree');
  await page.fill('#tree-text', TREE_CUT);
  await page.waitForFunction(() => [...document.querySelectorAll('#algo option')].some((o) => o.value === 'star1'));
  await runSearch(page);
  // the side to move's view (negamax): a leaf below the chance node is MAX's, so its value is
  // written as the tree's (not negated as a MIN leaf's would be)
  const mm = (await snapshot(page)).maxmin;
  await run(page, 'view.maxmin');
  await page.waitForFunction((m) => window.prunescope.snapshot().maxmin !== m, mm);
  assert.equal((await snapshot(page)).maxmin, false);
  await run(page, 'step.last');
  await settle(page);
  const S = cli('star1', TREE_CUT);
  assert.equal(S.trace.find((n) => n.path.join('.') === '1').pruned[0].child, 1, 'the CLI prunes branch 1.1, a chance node');
  const d = await hook(page, () => window.prunescope.drawn('explore'));
  // the stored values, over Star1's scale on this tree (docs/trace-format.md "Chance searches")
  const k = cliScale('star1', TREE_CUT);
  assert.deepEqual(d.pruned.map((p) => p.values.map((v) => v / k)), [[1, 9]]);

  // compare: expectimax vs Star1, the same greyed subtree in Star1's pane
  await toCompare(page);
  await page.waitForFunction(() => document.getElementById('cmp-algo-B').value === 'star1');
  await runCompare(page);
  await hook(page, () => window.prunescope.run('view.drive'));
  await page.waitForFunction(() => window.prunescope.snapshot().compare.drive === 'B');
  await run(page, 'step.last');
  await page.waitForFunction(() => {
    const b = window.prunescope.snapshot().compare.B;
    return b.cursor.event === b.events - 1;
  });
  await settle(page);
  const c = await hook(page, () => window.prunescope.drawn('B'));
  assert.deepEqual(c.pruned.map((p) => p.values.map((v) => v / k)), [[1, 9]]);
  assert.deepEqual(problems, []);
  await page.close();
});

test('SVG export of a chance search: chance nodes as circles, branch probabilities, exact fractions, pruned branches with the bound that fired and their own players', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  const save = async () => {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
    const chunks = [];
    for await (const c of await dl.createReadStream()) chunks.push(c);
    return Buffer.concat(chunks).toString('utf8');
  };
  const all = (svg, cls) => [...svg.matchAll(new RegExp(`class="${cls}">([^<]*)<`, 'g'))].map((m) => m[1]);
  await page.click('#tab-tree');
  await page.fill('#tree-text', TREE);
  await page.waitForFunction(() => [...document.querySelectorAll('#algo option')].some((o) => o.value === 'star1'));
  await runSearch(page);
  assert.equal((await snapshot(page)).maxmin, true);
  // explore's summary: the chance cut-off on its own line, as the CLI's `cut-offs` line
  await run(page, 'step.last');
  await page.waitForFunction(() => { const e = window.prunescope.snapshot().explore; return e.cursor.event === e.events - 1; });
  await settle(page);
  const stops = cliStops('star1', TREE);
  assert.match(await text(page, '#summary'), new RegExp(`cut-offs\\s+${stops.beta} \\(β, at decision nodes\\)`));
  assert.equal(await text(page, '#sum-chance-cutoffs'), `${stops.low + stops.high} (1 fail high (≥ B_i))`);
  let svg = await save();
  assert.match(svg, /^<svg /);
  // the two searched chance nodes, each a circle in a dashed ring (no triangle for them)
  assert.equal([...svg.matchAll(/<g class="chance-node">/g)].length, 2);
  // the values, exact, from MAX's view: the CLI's fractions
  const S = cli('star1', TREE);
  const want = S.trace.map((n) => shown(n.value, n.max_to_move)).sort();
  assert.deepEqual(all(svg, 'value').sort(), want);
  // the branch probabilities w/S beside the moves (2/4 in lowest terms)
  for (const p of ['0 p 1/3', '1 p 2/3', '0 p 1/2']) assert.ok(svg.includes(`>${p}<`), p);
  // the pruned branches 1.1 and 1.2, greyed with their values and probabilities, and the bound
  // that fired
  assert.deepEqual(all(svg, 'pruned-value'), ['2', '9']);
  assert.deepEqual(all(svg, 'pruned-prob'), ['p 1/4', 'p 1/4']);
  assert.deepEqual(all(svg, 'cut-rule'), ['✂ child 0 returned 1 ≤ 8/3 = −B_0']);

  // a pruned chance node: drawn as a chance node, its leaves as MAX's (negamax values)
  await page.fill('#tree-text', TREE_CUT);
  await runSearch(page);
  // the export draws the tree at the cursor, and an explicit tree opens at its first event
  await run(page, 'step.last');
  await page.waitForFunction(() => { const e = window.prunescope.snapshot().explore; return e.cursor.event === e.events - 1; });
  const mm = (await snapshot(page)).maxmin;
  await run(page, 'view.maxmin');
  await page.waitForFunction((m) => window.prunescope.snapshot().maxmin !== m, mm);
  svg = await save();
  assert.deepEqual([...svg.matchAll(/class="pruned-node (\w+)"/g)].map((m) => m[1]), ['chance', 'max', 'max']);
  assert.deepEqual(all(svg, 'pruned-value'), ['1', '9']);
  assert.deepEqual(all(svg, 'pruned-prob'), ['p 1/2', 'p 1/2']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the inspector at a chance node says it is one and what it averages, in the narration\'s words', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await page.click('#tab-tree');
  await page.fill('#tree-text', TREE);
  await page.waitForFunction(() => [...document.querySelectorAll('#algo option')].some((o) => o.value === 'star1'));
  await runSearch(page);
  const id = await hook(page, () => window.prunescope.nodeAt('explore', [0]));
  await hook(page, (n) => window.prunescope.select('explore', n), id);
  await page.waitForFunction((n) => window.prunescope.snapshot().explore.selected === n, id);
  await settle(page);
  const words = 'chance node: nobody chooses; its value is the average of its 2 branches, each weighted by its probability w/S; MIN moves after it';
  assert.equal((await text(page, '#insp-mover')).trim(), `· ${words}`);
  assert.doesNotMatch(await text(page, '#inspector'), /MIN to move/);
  // selecting put the cursor at the node's entry: the narration says the same words
  await settle(page);
  assert.match(await text(page, '#narration'), new RegExp(`^Enter node 0, a ${words.replace(/[/()]/g, '\\$&')} \\(PV expected\\), with `));
  assert.deepEqual(problems, []);
  await page.close();
});

for (const [width, height] of [[1280, 720], [390, 844]]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`compare on a chance tree, screenshot ${width}×${height} ${colorScheme}`, async () => {
      const problems = [];
      const page = await openPage(env, { width, height, colorScheme, touch: width < 600, problems });
      const s = (await compareChance(page)).compare;
      assert.equal(s.diff.onlyA, 2);
      const a1 = await hook(page, () => window.prunescope.nodeAt('A', [1]));
      await run(page, 'view.finals'); // Final results (E): the selected node's results, held back at its entry
      await hook(page, (id) => window.prunescope.select('A', id), a1);
      await page.waitForSelector('#cmp-fired-B');
      await settle(page);
      await page.screenshot({ path: path.join(SHOTS, `compare-chance-${width}x${height}-${colorScheme}.png`), fullPage: width < 600 });
      await page.locator('#cmp-side-views').screenshot({ path: path.join(SHOTS, `compare-chance-${width}x${height}-${colorScheme}-trees.png`) });
      await page.locator('#cmp-summary').screenshot({ path: path.join(SHOTS, `compare-chance-${width}x${height}-${colorScheme}-summary.png`) });
      await page.locator('#cmp-sel').screenshot({ path: path.join(SHOTS, `compare-chance-${width}x${height}-${colorScheme}-selected.png`) });
      // at the last step: Star1's pruned branches greyed, with the bound that fired
      await run(page, 'step.last');
      await page.waitForFunction(() => {
        const a = window.prunescope.snapshot().compare.A;
        return a.cursor.event === a.events - 1;
      });
      await settle(page);
      assert.deepEqual((await hook(page, () => window.prunescope.drawn('B'))).pruned.map((p) => p.rule), ['child 0 returned 1 ≤ 8/3 = −B_0']);
      await page.locator('#cmp-side-views').screenshot({ path: path.join(SHOTS, `compare-chance-${width}x${height}-${colorScheme}-end.png`) });
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
}
