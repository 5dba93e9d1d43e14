// The small games in the page (issue 20 §1): for tic-tac-toe, Nim and Connect Four, a position
// is set up by clicks and keys on the game's own board, searched, and its value and node count
// equal the CLI's for the same position and flags (the CLI runs in the test); stepping moves
// the Position card's board to the cursor's node, checked against the test's own replay of the
// path; a share link with a game position reopens it; a technique the game refuses is refused
// with the core's message naming the technique and the game; and screenshots of each game at
// 1280×720 and 390×844 in both themes go to target/screenshots/games/ (SHOTS_GAMES overrides).
//
//   node --test tests/browser/games.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, setup, openPage, settle, snapshot, hook, run, runSearch, whenTraceEnds, SHOTS as SHOTS_ROOT } from './hook.mjs';

const SHOTS = process.env.SHOTS_GAMES ?? path.join(SHOTS_ROOT, 'games');

let env, cli;

before(async () => {
  // `cargo build` is a no-op when the binary is fresh, and never leaves a stale one in use
  execFileSync('cargo', ['build', '--quiet', '--bin', 'prunescope'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  cli = path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target'), 'debug/prunescope');
  mkdirSync(SHOTS, { recursive: true });
  env = await setup();
});

after(() => env?.close());

/** The CLI's summary ({value, nodes}) for `args`, from its JSON trace. */
function cliSummary(args) {
  const json = JSON.parse(execFileSync(cli, [...args, '--json'], { cwd: ROOT, maxBuffer: 1 << 30, encoding: 'utf8' }));
  return { value: json.summary.value, nodes: json.summary.nodes };
}

// ---- the test's own replay of a path (not the page's, not the core's board code) -------------

/** Tic-tac-toe rows (top first) after the moves `codes` (square index a1 = 0 … c3 = 8). */
function tttAfter(rows, codes) {
  const cells = rows.split('/').reverse().join('').split(''); // a1 first
  let x = cells.filter((c) => c === 'x').length;
  let o = cells.filter((c) => c === 'o').length;
  for (const c of codes) {
    assert.equal(cells[c], '.', `square ${c} is empty`);
    cells[c] = x === o ? 'x' : 'o';
    if (x === o) x++;
    else o++;
  }
  const r = [0, 1, 2].map((k) => cells.slice(k * 3, k * 3 + 3).join(''));
  return r.reverse().join('/');
}

/** Connect Four rows (top first) after columns `cols` (0–6) played from the empty board. */
function c4After(cols) {
  const grid = Array.from({ length: 6 }, () => Array(7).fill('.'));
  cols.forEach((c, i) => {
    let r = 5;
    while (grid[r][c] !== '.') r--;
    grid[r][c] = i % 2 ? 'o' : 'x';
  });
  return grid.map((r) => r.join('')).join('/');
}

/** Nim piles after the moves `codes` ((pile − 1) · 256 + amount). */
const nimAfter = (piles, codes) => {
  const p = [...piles];
  for (const c of codes) p[c >> 8] -= c & 255;
  return p.join(',');
};

const boardPos = (page, sel) => page.getAttribute(`${sel} .game-board`, 'data-position');

/** Opens the technique panel (a fold) and switches technique `name` on. */
async function enable(page, name) {
  if (!(await page.locator('#techniques').evaluate((el) => el.open))) await page.click('#techniques > summary');
  await page.check(`#tech-switches input[data-enable="${name}"]`);
}

async function openGames(page, kind) {
  await page.click('#tab-game');
  await page.waitForSelector('#game-kind');
  await page.selectOption('#game-kind', kind);
  await page.click('#game-clear');
  await settle(page);
}

/** Steps to the first event, then forward `n` events, checking the node board against the path each time. */
async function stepAndFollow(page, n, expected) {
  await run(page, 'step.first');
  await settle(page);
  let seen = new Set();
  for (let k = 0; k < n; k++) {
    await run(page, 'step.forward');
    await settle(page);
    const s = await snapshot(page);
    const node = await hook(page, (id) => window.prunescope.node('explore', id), s.explore.cursor.node);
    const want = expected(node.path);
    assert.equal(await boardPos(page, '#game-board'), want, `event ${s.explore.cursor.event}: board at node ${node.id} (path ${node.path})`);
    seen.add(want);
  }
  assert.ok(seen.size > 2, 'the board followed the cursor through several positions');
  assert.equal(await page.getAttribute('#game-board .game-board', 'data-interactive'), 'false');
}

test('the games load only when first used: nothing of them in the first load', async () => {
  const page = await openPage(env, { width: 1280, height: 720 });
  // the page's scripts, as requested: its modules one by one, or bundled (www/site.mjs) into
  // chunks whose names say nothing — so the test reads what they hold
  const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')));
  const holds = (paths, text) => page.evaluate(async ([ps, t]) => {
    for (const p of ps) if ((await (await fetch(p)).text()).includes(t)) return p;
    return null;
  }, [paths, text]);
  const first = await scripts();
  // a sentence only the Games tab's panel (www/panels/games.js) writes
  const mark = 'the zugzwang demonstration';
  assert.equal(await holds(first, mark), null, 'the games are not in the first load');
  await page.click('#tab-game');
  await page.waitForSelector('#game-setup .game-board');
  const added = (await scripts()).filter((p) => !first.includes(p));
  assert.ok(added.length > 0, 'the games load on first use');
  assert.ok(await holds(added, mark), `the games arrive with the scripts loaded on first use: ${added}`);
  await page.close();
});

test('tic-tac-toe: set up by clicks, searched, equal to the CLI, stepped with the board following', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await openGames(page, 'tictactoe');
  assert.equal(await page.inputValue('#game-pos'), '.../.../...');
  for (const sq of ['b2', 'a1', 'c3']) await page.click(`#game-setup button[aria-label^="${sq},"]`);
  const pos = '..x/.x./o..';
  assert.equal(await page.inputValue('#game-pos'), pos);
  assert.equal(await boardPos(page, '#game-setup'), pos);
  assert.match(await page.innerText('#game-setup .game-status'), /O to move/);
  // a square already taken is not offered
  assert.equal(await page.isDisabled('#game-setup button[aria-label^="b2,"]'), true);
  await page.selectOption('#algo', 'alphabeta');
  await page.uncheck('#game-iterative');
  const s = await runSearch(page);
  assert.equal(s.status, 'done');
  assert.deepEqual(s.input, { kind: 'tictactoe', position: pos });
  const want = cliSummary(['tictactoe', pos, '--algo', 'alphabeta', '--no-iterative']);
  assert.equal(s.value, want.value);
  assert.equal(s.stats.nodes, want.nodes);
  assert.equal(s.nodes, want.nodes);
  // the pruned moves are named in the game's notation, by the core
  const root = await hook(page, () => window.prunescope.node('explore', 0));
  const named = await hook(page, () => window.prunescope.nodes('explore', Array.from({ length: 60 }, (_, i) => i)));
  const pruned = named.flatMap((n) => n?.pruned ?? []);
  assert.ok(pruned.length > 0 && pruned.every((m) => /^[abc][123]$/.test(m.name)), JSON.stringify(pruned.slice(0, 5)));
  assert.equal(root.move, null);
  await stepAndFollow(page, 12, (p) => tttAfter(pos, p));
  assert.match(await page.innerText('#narration'), /\b[abc][123]\b|root/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Nim: piles set by clicks (a pile added, objects taken), misère play, equal to the CLI', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await openGames(page, 'nim');
  assert.equal(await page.inputValue('#game-pos'), '1,3,5');
  await page.click('#nim-add');
  // the third object of pile 4 (3 objects): takes 1
  await page.click('#game-setup button[aria-label^="pile 4, object 3 of 3"]');
  // the fourth object of pile 3 (5 objects): takes 2, with the keyboard
  await page.focus('#game-setup button[aria-label^="pile 3, object 4 of 5"]');
  await page.keyboard.press('Enter');
  await settle(page);
  assert.equal(await page.inputValue('#game-pos'), '1,3,3,2');
  await page.check('#nim-misere');
  await page.selectOption('#algo', 'minimax');
  await page.uncheck('#game-iterative');
  const s = await runSearch(page);
  assert.deepEqual(s.input, { kind: 'nim', piles: [1, 3, 3, 2], misere: true });
  const want = cliSummary(['nim', '--piles', '1,3,3,2', '--misere', '--algo', 'minimax', '--no-iterative']);
  assert.equal(s.value, want.value);
  assert.equal(s.nodes, want.nodes);
  await stepAndFollow(page, 10, (p) => nimAfter([1, 3, 3, 2], p));
  assert.deepEqual(problems, []);
  await page.close();
});

test('Nim 1-3-5 (the signature): 12,456 nodes and a first-player win, as the CLI says', async () => {
  const page = await openPage(env, { width: 1280, height: 720 });
  await openGames(page, 'nim');
  await page.selectOption('#algo', 'minimax');
  await page.uncheck('#game-iterative');
  const s = await runSearch(page);
  assert.equal(s.nodes, 12_456);
  assert.equal(s.value, 993);
  assert.match(await page.innerText('#summary'), /993 the side to move wins, in 7 plies against the best defence/);
  await page.close();
});

test('Connect Four: columns by keys, PVS with the table, equal to the CLI; null move only as the unsafe demonstration', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await openGames(page, 'connect4');
  for (const col of [4, 4, 3]) {
    await page.focus(`#game-setup button[aria-label^="column ${col},"]`);
    await page.keyboard.press('Space');
    await settle(page);
  }
  assert.equal(await page.inputValue('#game-pos'), '443');
  assert.equal(await boardPos(page, '#game-setup'), c4After([3, 3, 2]));
  await page.fill('#game-depth', '4');
  await page.selectOption('#algo', 'pvs');
  await enable(page, 'tt');
  const s = await runSearch(page);
  const want = cliSummary(['connect4', '443', '--depth', '4', '--algo', 'pvs', '--enable', 'tt']);
  assert.equal(s.value, want.value);
  assert.equal(s.nodes, want.nodes);
  await stepAndFollow(page, 12, (p) => c4After([3, 3, 2, ...p.filter((c) => c !== 0xffff)]));

  // null move without the unsafe mark: refused before any search, by the core, naming it
  const g = (await snapshot(page)).explore.generation;
  await enable(page, 'null_move');
  await page.click('#start');
  await settle(page);
  assert.match(await page.innerText('#tech-err'), /null_move cannot be used on Connect Four/);
  assert.equal((await snapshot(page)).explore.generation, g, 'no search started');
  // marked unsafe (the zugzwang demonstration), it runs, and the CLI agrees
  await page.check('#c4-unsafe');
  const u = await runSearch(page);
  assert.equal(u.input.unsafe_null_move, true);
  const wantU = cliSummary(['connect4', '443', '--depth', '4', '--algo', 'pvs', '--enable', 'tt,null_move', '--unsafe-null-move']);
  assert.equal(u.value, wantU.value);
  assert.equal(u.nodes, wantU.nodes);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a chess technique on a game is refused with the core error naming the technique and the game', async () => {
  const page = await openPage(env, { width: 1280, height: 720 });
  await openGames(page, 'tictactoe');
  await enable(page, 'quiescence');
  await settle(page);
  // said as soon as it is switched on, and again at Start, which starts nothing
  assert.match(await page.innerText('#tech-err'), /quiescence cannot be used on tic-tac-toe/);
  const g = (await snapshot(page)).explore.generation;
  await page.click('#start');
  await settle(page);
  assert.match(await page.innerText('#tech-err'), /quiescence cannot be used on tic-tac-toe/);
  assert.equal((await snapshot(page)).explore.generation, g);
  await page.close();
});

test('a share link with a game position reopens it: the board, the search and the step', async () => {
  const page = await openPage(env, { width: 1280, height: 720 });
  await openGames(page, 'connect4');
  for (const col of [4, 3]) await page.click(`#game-setup button[aria-label^="column ${col},"]`);
  await page.fill('#game-depth', '3');
  await page.selectOption('#algo', 'alphabeta');
  const s = await runSearch(page);
  await run(page, 'step.first');
  for (let k = 0; k < 7; k++) await run(page, 'step.forward');
  await settle(page);
  const link = await hook(page, () => window.prunescope.shareLink());
  assert.match(link, /[#&]game=connect4&pos=43&/);
  const at = (await snapshot(page)).explore.cursor;
  const shown = await boardPos(page, '#game-board');
  await page.close();

  const again = await openPage(env, { width: 1280, height: 720 });
  await whenTraceEnds(again, 'explore', () => again.goto(link.replace(/^https?:\/\/[^/]+\//, env.server.url)));
  await again.waitForFunction((e) => window.prunescope.snapshot().explore.cursor.event === e, at.event);
  await settle(again);
  const s2 = await snapshot(again);
  assert.equal(s2.tab, 'game');
  assert.equal(await again.inputValue('#game-kind'), 'connect4');
  assert.equal(await again.inputValue('#game-pos'), '43');
  assert.equal(await again.inputValue('#game-depth'), '3');
  assert.equal(s2.explore.value, s.value);
  assert.equal(s2.explore.nodes, s.nodes);
  assert.equal(s2.explore.cursor.node, at.node);
  assert.equal(await boardPos(again, '#game-board'), shown);
  await again.close();
});

test('a game trace written by the CLI opens in the page: the Games tab, its position, the board at each node', async () => {
  const page = await openPage(env, { width: 1280, height: 720 });
  const json = execFileSync(cli, ['nim', '--piles', '2,2', '--misere', '--algo', 'alphabeta', '--no-iterative', '--json'], { cwd: ROOT, encoding: 'utf8' });
  const before = (await snapshot(page)).explore.openEnded;
  await hook(page, (text) => window.prunescope.openText('explore', text, 'nim.json'), json);
  await page.waitForFunction((b) => window.prunescope.snapshot().explore.openEnded > b, before);
  await settle(page);
  const s = await snapshot(page);
  assert.equal(s.explore.status, 'done');
  assert.equal(s.tab, 'game');
  assert.equal(await page.inputValue('#game-kind'), 'nim');
  assert.equal(await page.inputValue('#game-pos'), '2,2');
  assert.equal(await page.isChecked('#nim-misere'), true);
  assert.equal(s.explore.nodes, JSON.parse(json).summary.nodes);
  await stepAndFollow(page, 6, (p) => nimAfter([2, 2], p));
  await page.close();
});

test('screenshots of each game at 1280×720 and 390×844, light and dark', async () => {
  const setups = {
    tictactoe: async (page) => {
      for (const sq of ['b2', 'a1']) await page.click(`#game-setup button[aria-label^="${sq},"]`);
    },
    nim: async () => {},
    connect4: async (page) => {
      for (const col of [4, 4, 3, 5]) await page.click(`#game-setup button[aria-label^="column ${col},"]`);
      await page.fill('#game-depth', '3');
    },
  };
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    for (const colorScheme of ['light', 'dark']) {
      const problems = [];
      const page = await openPage(env, { width, height, colorScheme, touch: width < 600, problems });
      for (const [kind, prepare] of Object.entries(setups)) {
        await openGames(page, kind);
        await prepare(page);
        await page.selectOption('#algo', 'alphabeta');
        await runSearch(page);
        await run(page, 'step.first');
        for (let k = 0; k < 9; k++) await run(page, 'step.forward');
        await settle(page);
        const name = `${kind}-${width}x${height}-${colorScheme}`;
        await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: width < 600 });
        if (width < 600) {
          await page.locator('#game-setup').screenshot({ path: path.join(SHOTS, `${name}-setup.png`) });
          await page.locator('#board-card').evaluate((el) => (el.open = true));
          await settle(page);
          await page.locator('#board-card').screenshot({ path: path.join(SHOTS, `${name}-node.png`) });
        }
      }
      assert.deepEqual(problems, []);
      await page.close();
    }
  }
});
