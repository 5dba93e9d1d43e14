// Share links are a public interface (docs/share-links.md): every link that document shows
// opens in the page, as it says. For each: no notice that it cannot be opened, the search (or
// the exercise, or the lesson) it names, its input read with the keys the core's game registry
// gives the page (src/game/registry.rs, GAMES of www/schema.js), and for a game link the board
// on the position the link names. A link with a placeholder (`learn=N`, `…`) opens with N = 1.
//
//   node --test tests/browser/share-links.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, setup, settle, snapshot } from './hook.mjs';
import { decodeShare } from '../../www/model/share.js';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

/** Every share link of docs/share-links.md: [page, fragment] in the order the document shows them. */
function documentedLinks() {
  const doc = readFileSync(path.join(ROOT, 'docs/share-links.md'), 'utf8');
  const out = [];
  for (const m of doc.matchAll(/(index\.html|embed\.html)?#(v=[^\s`)]*)/g)) {
    if (m[2].includes('…')) continue; // the embed view's `embed.html#v=2&mode=explore&…`: not a whole link
    out.push([m[1] ?? 'index.html', m[2].replace('learn=N', 'learn=1')]);
  }
  return out;
}

test('docs/share-links.md shows links of every kind: trees, games, exercises, a lesson', () => {
  const links = documentedLinks().map(([, f]) => f);
  for (const want of [/tree=/, /game=tictactoe/, /game=nim/, /game=connect4/, /mode=exercise/, /learn=/]) {
    assert.ok(links.some((f) => want.test(f)), `a link with ${want}`);
  }
});

for (const [page, fragment] of documentedLinks()) {
  test(`opens ${page}#${fragment.slice(0, 90)}`, async () => {
    const want = decodeShare(fragment);
    const p = await env.browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errs = [];
    p.on('pageerror', (e) => errs.push(e.message));
    try {
      await p.goto(env.server.url + `${page}#${fragment}`);
      if (want.learn) {
        await p.waitForFunction((id) => window.prunescope?.snapshot().learn.lesson === id, want.learn, { timeout: 60_000 });
      } else if (want.mode === 'exercise') {
        await p.waitForFunction(() => {
          const s = window.prunescope?.snapshot();
          return s?.mode === 'exercise' && s.exercise.generation > 0;
        }, null, { timeout: 60_000 });
        const e = (await snapshot(p)).exercise;
        assert.equal(e.notice, null);
        assert.ok(e.tree, 'the exercise has its tree');
      } else {
        await p.waitForFunction(() => {
          const t = window.prunescope?.snapshot().explore;
          return t && (t.status === 'done' || t.notice?.kind === 'error');
        }, null, { timeout: 60_000 });
        await settle(p);
        const t = (await snapshot(p)).explore;
        assert.equal(t.notice?.kind === 'error' ? t.notice.text : null, null);
        assert.deepEqual(t.input, want.input);
        assert.equal(t.config.algo, want.configs.A.algo);
        assert.equal(t.config.depth, want.input.kind === 'tree' ? t.config.depth : want.depth);
        if (want.input.kind !== 'tree' && want.input.kind !== 'chess' && want.input.kind !== 'random') {
          // a game: the Position card's board shows a position of the game the link names
          await p.waitForSelector(`#game-board .game-board[data-kind="${want.input.kind}"]`, { state: 'attached', timeout: 20_000 });
        }
      }
      assert.deepEqual(errs, []);
    } finally {
      await p.close();
    }
  });
}
