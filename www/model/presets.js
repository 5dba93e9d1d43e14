// Inputs and comparisons the page offers ready-made: chess positions, textbook trees and the
// classic comparisons. (The Bratko–Kopec positions are read from www/data/bk.epd by the core's
// EPD parser.) No DOM.

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

/**
 * Text of a uniform tree (b children, d levels) whose MAX-view value is `v` at every level's
 * best child. best = true puts the best child first (perfect ordering: alpha-beta visits the
 * minimal tree); false puts the children in worst-to-best order (no cut-off at all).
 */
export function orderedTree(b, d, best, v = 5) {
  let seed = 12345;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return 1 + (seed % 3);
  };
  const node = (val, ply, depth) => {
    if (depth === 0) return String(val);
    const max = ply % 2 === 0;
    const kids = [];
    for (let i = 0; i < b; i++) {
      // how much worse than the best child, for the side to move; strictly decreasing in i
      // for worst ordering, 0 only for the best child
      const rank = best ? i : b - 1 - i;
      const delta = rank === 0 ? 0 : rank * 3 + (best ? rnd() : 0);
      const cv = max ? val - delta : val + delta;
      kids.push(node(cv, ply + 1, depth - 1));
    }
    return '(' + kids.join(' ') + ')';
  };
  return node(v, 0, d);
}

/** The classic trees: [{ id, name, text }]. */
export const trees = () => [
  {
    id: 'rn',
    name: 'Russell–Norvig (AIMA fig. 5.5)',
    text: '((3 12 8) (2 4 6) (14 5 2))',
  },
  {
    id: 'best',
    name: 'Perfectly ordered, b = 3, d = 3',
    text: orderedTree(3, 3, true),
  },
  {
    id: 'worst',
    name: 'Worst ordered, b = 3, d = 3 (no cut-offs)',
    text: orderedTree(3, 3, false),
  },
  {
    id: 'pvs',
    // Two plies below the root's children, so NegaScout's scouts are bounds and it re-searches
    // (one ply below, their values are exact and it does not: docs/techniques.md).
    name: 'PVS re-searches: improving moves',
    text: '(((1 2) (3 4)) ((5 6) (7 8)) ((9 10) (11 12)))',
  },
  {
    id: 'deep',
    name: 'Deeper, uneven (d = 4)',
    text: '(((5 6) (7 4 5)) ((3)) ((6) (6 9)) ((7)) (((5)) ((9 8) (6))))',
  },
];

const BASELINE = 'tt, tt_move, history, mvv_lva, check_extension';

/** The classic comparisons: each sets both configurations (CLI words) and keeps the input. */
export const COMPARISONS = [
  { id: 'mm-ab', name: 'Minimax vs alpha-beta', A: { algo: 'minimax' }, B: { algo: 'alphabeta' } },
  { id: 'ab-pvs', name: 'Alpha-beta vs PVS', A: { algo: 'alphabeta' }, B: { algo: 'pvs' } },
  { id: 'pvs-full', name: 'NegaScout, re-search with (t, β) vs Fig. 4, re-search with (α, β)', A: { algo: 'pvs' }, B: { algo: 'pvs_full' } },
  { id: 'pvs-uc', name: 'PVS vs PVS + safe uncertainty cut-offs', A: { algo: 'pvs', enable: BASELINE }, B: { algo: 'pvs', enable: BASELINE + ', uc_safe' } },
  { id: 'null', name: 'Null move off vs on', A: { algo: 'pvs', enable: 'tt, tt_move, mvv_lva' }, B: { algo: 'pvs', enable: 'tt, tt_move, mvv_lva, null_move' } },
  {
    id: 'null-r',
    name: 'Null move R = 2 vs R = 3',
    A: { algo: 'pvs', enable: 'tt, tt_move, mvv_lva, null_move', set: 'null_move.R=2' },
    B: { algo: 'pvs', enable: 'tt, tt_move, mvv_lva, null_move', set: 'null_move.R=3' },
  },
];

/**
 * The classic comparisons on a tree with chance nodes (issue 20 §3, docs/compare.md): the pruned
 * tree against the unpruned one — expectimax (nothing pruned) against Ballard's Star1 and
 * Star2 (1983), and Star1 against Star2 (what the probing phase adds). Offered, first, when the
 * tree text holds chance nodes; the comparisons above are refused on such a tree by the core.
 */
export const CHANCE_COMPARISONS = [
  { id: 'em-star1', name: 'Expectimax vs Star1 (Ballard 1983)', A: { algo: 'expectimax' }, B: { algo: 'star1' } },
  { id: 'em-star2', name: 'Expectimax vs Star2 (Ballard 1983)', A: { algo: 'expectimax' }, B: { algo: 'star2' } },
  { id: 'star1-star2', name: 'Star1 vs Star2: what probing adds', A: { algo: 'star1' }, B: { algo: 'star2' } },
];
