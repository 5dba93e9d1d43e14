// The 10-million-node chess search the scale benchmarks share (docs/benchmarks.md, "At scale"):
// the start position, PVS, depth 14 with iterative deepening and the techniques below, stopped
// by the node cap. Set once here, through the page's own controls, and as the same search on the
// command line, so that scale-bench, stream-bench and worker-bench time one search.

import { hook } from './hook.mjs';

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const SCALE_TECHNIQUES = ['tt', 'tt_move', 'mvv_lva', 'killers', 'history', 'quiescence'];

/** Sets the search up in `page`'s controls, capped at `cap` nodes. */
export async function chessScaleControls(page, cap) {
  await page.click('#tab-chess');
  await page.fill('#fen', START_FEN);
  await page.fill('#chess-depth', '14');
  await page.check('#iterative');
  await page.selectOption('#algo', 'pvs');
  await page.fill('#node-cap', String(cap));
  await hook(page, () => (document.getElementById('techniques').open = true));
  for (const n of SCALE_TECHNIQUES) await page.check(`#tech-switches input[data-enable="${n}"]`);
}

/** The same search as the CLI's arguments. */
export const chessScaleCli = (cap) => ['chess', '--fen', START_FEN, '-d', '14', '--algo', 'pvs', '--enable', SCALE_TECHNIQUES.join(','), '--node-cap', String(cap)];

/** Sets an expectimax search of the explicit tree `text` up in `page`'s controls, capped at
 * `cap` nodes (the chance case of scale-bench and stream-bench). */
export async function chanceScaleControls(page, cap, text) {
  await page.click('#tab-tree');
  await page.fill('#tree-text', text);
  await page.waitForFunction(() => [...document.querySelectorAll('#algo option')].some((o) => o.value === 'expectimax'));
  await page.selectOption('#algo', 'expectimax');
  await page.fill('#node-cap', String(cap));
}

/** The same search as the CLI's arguments (the tree text on standard input). */
export const chanceScaleCli = (cap) => ['tree', '--algo', 'expectimax', '--node-cap', String(cap), '-'];

/**
 * The text of a generated explicit chance tree (docs/cli.md, "Tree text"): decision levels of
 * `decision` children alternate with chance levels of `chance` weighted branches, `levels`
 * levels below the root, leaves 0–100 under the header `bounds 0 100` (Star1 and Star2
 * need it). A chance node's weights (1 to 2·chance − 1) always sum to 2·chance, so every
 * value is a whole multiple of 1/(2·chance)^(chance levels), far inside the trace format's
 * scale limit of 10^9 (docs/trace-format.md, "Chance searches"). A seeded generator, so the same arguments give the same text. The defaults,
 * 3 and 4 over 11 levels, give 1,085,812 nodes (issue 32 §6, "Chance at scale"); the number is
 * returned beside the text.
 */
export function chanceTreeText({ decision = 3, chance = 4, levels = 11, seed = 1 } = {}) {
  let s = seed >>> 0 || 1;
  const rnd = (n) => {
    // xorshift32: small, seeded, the same in every run
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
  const parts = ['bounds 0 100 '];
  let nodes = 0;
  const node = (level) => {
    nodes++;
    if (level === levels) {
      parts.push(String(rnd(101)));
      return;
    }
    const isChance = level % 2 === 1;
    parts.push(isChance ? '[' : '(');
    const k = isChance ? chance : decision;
    const w = new Array(k).fill(2);
    if (isChance) {
      for (let m = 0; m < k; m++) {
        const from = rnd(k);
        const to = rnd(k);
        if (w[from] > 1) {
          w[from]--;
          w[to]++;
        }
      }
    }
    for (let i = 0; i < k; i++) {
      if (i) parts.push(' ');
      if (isChance) parts.push(`${w[i]}:`);
      node(level + 1);
    }
    parts.push(isChance ? ']' : ')');
  };
  node(0);
  return { text: parts.join(''), nodes };
}
