// Inputs the page offers ready-made: chess positions and textbook trees.

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

/** Parses EPD lines ("<4 FEN fields> bm Qd1+; id \"BK.01\";") into { id, fen, bm }. */
export function parseEpd(text) {
  const out = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t || t.startsWith('#')) continue;
    const f = t.split(/\s+/);
    if (f.length < 4) continue;
    const fen = f.slice(0, 4).join(' ') + ' 0 1';
    const ops = f.slice(4).join(' ');
    const id = /id\s+"([^"]*)"/.exec(ops)?.[1] ?? `#${out.length + 1}`;
    const bm = /bm\s+([^;]*);/.exec(ops)?.[1] ?? '';
    out.push({ id, fen, bm });
  }
  return out;
}

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

export const TREES = [
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
    name: 'PVS re-searches: improving moves',
    text: '((1 2) (3 4) (5 6))',
  },
  {
    id: 'deep',
    name: 'Deeper, uneven (d = 4)',
    text: '(((5 6) (7 4 5)) ((3)) ((6) (6 9)) ((7)) (((5)) ((9 8) (6))))',
  },
];
