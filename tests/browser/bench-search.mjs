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
