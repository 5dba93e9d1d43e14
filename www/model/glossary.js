// The glossary: one plain-words explanation per term the page uses. The codes' own words come
// from the schema's `doc` strings (www/schema.js, generated from src/schema.rs); the terms
// the schema does not define live here, once. No DOM: www/views/term.js shows them.

import { NODE_TYPES, BOUNDS, STOP_REASONS, PRUNE_REASONS } from '../schema.js';

const doc = (list, name) => list.find((x) => x.name === name)?.doc ?? '';

/** term key → plain words. */
export const GLOSSARY = Object.freeze({
  pv: doc(NODE_TYPES, 'pv'),
  cut: doc(NODE_TYPES, 'cut'),
  all: doc(NODE_TYPES, 'all'),
  expected:
    'The type Knuth and Moore’s rule predicts before the node is searched, from its parent: the first child of a PV node is PV, other children of a PV node are CUT, children of a CUT node are ALL, and children of an ALL node are CUT.',
  actual:
    'The type the node turned out to have once it returned, read from its value against its window, from the side to move at the node: exact → PV; fail-high → CUT (its value reached β; in MAX’s view a MIN node’s value fell to α or below); fail-low → ALL (its value stayed at or below α; in MAX’s view a MIN node’s stayed at or above β). A leaf can be “expected ALL, actually PV” when its value lands inside the window: the prediction assumed perfect move ordering.',
  mismatch: 'Expected ≠ actual: the node behaved differently from the prediction, usually because the moves were not ordered best first.',
  window:
    'The interval (α, β) a node is searched with. α is the value MAX is already sure of elsewhere, β the value MIN is already sure of. A value outside the window cannot change the result above, so the search may stop early.',
  nullwindow: 'A window of width one, (α, α + 1): it only answers “is the value above α or not?”, cheaply. PVS searches every move after the first this way. The null move uses one at β, (β − 1, β): “at least β or not?”.',
  alpha: 'α: the value MAX can already force elsewhere on the path to this node. A MIN node whose value drops to α or below can stop: MAX will choose that other path. Where scores are from the side to move (lessons 7–8), α is what the side to move is already sure of, and a node’s α is its parent’s β with the sign changed.',
  beta: 'β: the best value MIN can already force on the path to this node. A MAX node whose value reaches β or more can stop: MIN will avoid it. Where scores are from the side to move (lessons 7–8), β is what the opponent is already sure of, turned round: a node whose score reaches β can stop; its β is its parent’s α with the sign changed.',
  'alpha-cutoff': 'α-cut-off (at a MIN node): a move gave MIN a value at most α, which MAX already beats elsewhere, so MAX will never come here and the remaining moves are pruned.',
  'beta-cutoff': 'β-cut-off (at a MAX node): a move gave MAX a value at least β, which MIN already avoids elsewhere, so the remaining moves are pruned.',
  cutoff: 'A cut-off: the node stops before searching all its moves, because what it found already decides that its parent will choose something else.',
  'fail-high':
    'Fail-high: what a node does when the side to move there finds a move good enough to stop. From that side’s view its value reached β, and the true value is at least this. In MAX’s view: a MAX node’s value reached β (the true value is at least this); a MIN node’s value fell to α or below (the true value is at most this). The node is a CUT node. Chess programmers also say a move fails high: its score, from the node it is played at, reaches that node’s β; the node it leads to then fails low.',
  'fail-low':
    'Fail-low: what a node does when no move is good enough for the side to move there. From that side’s view its value stayed at or below α, and the true value is at most this. In MAX’s view: a MAX node’s value stayed at or below α (the true value is at most this); a MIN node’s stayed at or above β (the true value is at least this). The node is an ALL node.',
  'lower-bound': 'A lower bound: the true value is at least this (the search stopped once it knew that much).',
  'upper-bound': 'An upper bound: the true value is at most this (no move did better).',
  exact: doc(BOUNDS, 'exact'),
  uncertain:
    'Uncertain: an uncertainty cut-off (Björnsson et al. 1997) stopped this node, or one below it whose value reached it, so the value may differ from a full search’s. The flag marks only uncertainty cut-offs: the null move’s and multi-cut’s cut-offs can change a value too, and are never flagged, so a value without the flag is not thereby exact.',
  research: 'A re-search: the same move searched again with a wider window, because the first (scout or reduced) search returned a value that says it might be better than expected.',
  negamax: 'Negamax view: every value is from the side to move’s point of view, so a child’s value is negated at its parent and every node maximises.',
  maxmin: 'MAX/MIN view: every value is from MAX’s (the root player’s) point of view; MAX nodes maximise, MIN nodes minimise.',
  tt: 'The transposition table (TT) keeps an entry for each position already searched: its value, whether that value is exact or a lower or upper bound, the depth it was searched to, and its best move. Met again, a position is decided by its entry only if the entry is deep enough and exact, or a bound that decides the window (this page also never uses an entry at an expected PV node, nor one whose value is uncertain); otherwise its best move is tried first. With iterative deepening, each iteration leaves best moves that the next one tries first.',
  pruned: 'Pruned: a move the search never searched, because a cut-off showed its result could not matter, or a forward-pruning technique (null move, multi-cut, an uncertainty cut-off, quiescence’s SEE) judged that it probably would not.',
  ply: 'A ply is one move by one side (one mark in tic-tac-toe, one disc in Connect Four). A node’s ply counts the plies played from the root to reach it: the root is at ply 0, its children at ply 1 (one move played), theirs at ply 2, and so on; “a1 (ply 1)” is the position after the first move, a1.',
  node: 'A node is one position in the game tree; the lines below it are the moves from there, and the nodes they lead to are its children.',
  root: 'The root is the top node of the tree: the position now, where the search starts.',
  leaf: 'A leaf is a node the search does not look below: the game is over there, or the search has reached its depth and scores the position with the evaluation.',
  'return': 'A node returns its value when it is done: it hands the value up to its parent, which compares it with its other children’s values.',
  value: 'A node’s value (also called its score) is the number the search gives it: at a leaf the game’s result or the evaluation, above it the value minimax (or the technique) backs up from its children.',
  bound: 'A bound: a value that is not exact but limits the true value from one side: “≤ 2” means at most 2, “≥ 5” at least 5. A node that stops early returns one.',
  'fail-soft': 'Fail-soft: a node that stops early returns the value it found (“≤ 2”), which may lie beyond its window; AIMA’s and CS188’s pseudo-code, and this page, work so (except multi-cut, lesson 8).',
  'fail-hard': 'Fail-hard: a node that stops early returns the bound of its window itself (“≤ α”, “≥ β”), never a value beyond it. Multi-cut’s “return β” is fail-hard.',
  branching: 'The branching factor b: the number of moves at each node (in a real game, the average number).',
  'depth-of-search': 'The depth of a search: how many plies it looks ahead from the root before it evaluates.',
  evaluation: 'An evaluation: a guess of who stands better in a position the search does not look beyond, as a number from one side’s view; never as large as a win’s score.',
  scout: 'A scout: a search with a null window, (α, α + 1), that only answers “better than α or not?”, cheaply (PVS and NegaScout, lesson 5).',
  iteration: 'An iteration of iterative deepening: one whole search from the root to a fixed depth; iteration k searches k plies deep.',
  quiescent: 'Quiescent (Shannon): quiet, with no capture (or check) that could swing the score at once; only such a position’s evaluation is trusted.',
  'stand-pat': 'Stand pat: in the quiescence search, the side to move takes the evaluation as it is and captures nothing, since no one is forced to capture.',
  horizon: 'The horizon effect (Berliner; AIMA 3rd ed., §5.4.2): facing a loss it cannot avoid, a program plays delaying moves that push the loss beyond its depth limit, and believes it gone. Quiescence search does not cure it.',
  'forward-pruning': 'Forward pruning: skipping moves that are probably bad, without a proof; faster, but it can change the value (null move, multi-cut, uncertainty cut-offs). Alpha-beta’s own cut-offs never change the value.',
  'null-move': 'The null move: the side to move passes, so the opponent moves twice; if it still scores at least β, the node is cut off (lesson 7). Not a legal move: a test.',
  zugzwang: 'Zugzwang (German: “compulsion to move”): a position where every real move makes things worse for the side to move, so passing would be better; there the null move’s reasoning fails.',
  'chance-node': 'A chance node (drawn as a circle): nobody chooses there; each branch happens with its probability, its weight divided by the sum of the weights. Its value is the weighted average of its branches.',
  'expected-type': 'The expected type of a node: what Knuth and Moore’s rule predicts it will be (PV, CUT or ALL) before it is searched.',
  'depth-left': 'The depth still to search below this node; at 0 the search evaluates the position (or starts the quiescence search).',
  ...Object.fromEntries(STOP_REASONS.map((r) => [`reason:${r.name}`, r.doc])),
  ...Object.fromEntries(PRUNE_REASONS.map((r) => [`prune:${r.name}`, r.doc])),
});

/** The words for `key`, or ''. */
export const explain = (key) => GLOSSARY[key] ?? '';

/**
 * Terms recognised in running text (narration, notices), longest first: [pattern, key]. Only
 * whole words match.
 */
export const TEXT_TERMS = [
  ['α-cut-off', 'alpha-cutoff'],
  ['β-cut-off', 'beta-cutoff'],
  ['null-window', 'nullwindow'],
  ['null window', 'nullwindow'],
  ['horizon effect', 'horizon'],
  ['forward pruning', 'forward-pruning'],
  ['forward-pruning', 'forward-pruning'],
  ['branching factor', 'branching'],
  ['chance node', 'chance-node'],
  ['null move', 'null-move'],
  ['stand pat', 'stand-pat'],
  ['fail-high', 'fail-high'],
  ['fail high', 'fail-high'],
  ['fails high', 'fail-high'],
  ['fail-low', 'fail-low'],
  ['fail low', 'fail-low'],
  ['fails low', 'fail-low'],
  ['fail-soft', 'fail-soft'],
  ['fail-hard', 'fail-hard'],
  ['quiescent', 'quiescent'],
  ['zugzwang', 'zugzwang'],
  ['cut-offs', 'cutoff'],
  ['cut-off', 'cutoff'],
  ['re-search', 'research'],
  ['uncertain', 'uncertain'],
  ['window', 'window'],
  ['scout', 'scout'],
  ['ply', 'ply'],
  ['PV', 'pv'],
  ['CUT', 'cut'],
  ['ALL', 'all'],
];

/**
 * Everyday words of the lessons a beginner needs explained (cold read 5, the beginner): linked
 * only in a lesson's own text, and only at their first use there (`splitTerms` with `seen`), so
 * that the narration and the questions do not turn every "node" into a link.
 */
export const LESSON_TERMS = [
  ['expected type', 'expected-type'],
  ['evaluation', 'evaluation'],
  ['iteration', 'iteration'],
  ['returns', 'return'],
  ['return', 'return'],
  ['leaves', 'leaf'],
  ['leaf', 'leaf'],
  ['root', 'root'],
  ['node', 'node'],
  ['value', 'value'],
  ['bound', 'bound'],
];

/** The pattern of `terms`: a term is a whole word, not a part of a parameter name like
 * CUT_RATIO, nor of a longer word or number. */
const termsRe = (terms) => new RegExp(`(^|[^\\p{L}\\p{N}_-])(${terms.map(([t]) => t).join('|')})(?![\\p{L}\\p{N}_-])`, 'u');
const TERMS_RE = termsRe(TEXT_TERMS);
const ALL_TERMS = [...TEXT_TERMS, ...LESSON_TERMS];
const ALL_RE = termsRe(ALL_TERMS);

/**
 * Splits `text` into plain strings and [term text, key] pairs (for the view to wrap the terms),
 * no DOM. With `seen` (a Set shared by a lesson's paragraphs), the lesson's everyday words are
 * recognised too, and each term is wrapped only at its first use: later uses stay plain text.
 */
export function splitTerms(text, seen = null) {
  const out = [];
  const terms = seen ? ALL_TERMS : TEXT_TERMS;
  const re = seen ? ALL_RE : TERMS_RE;
  let plain = '';
  let rest = text;
  for (;;) {
    const m = re.exec(rest);
    if (!m) break;
    const at = m.index + m[1].length;
    const key = terms.find(([t]) => t === m[2])[1];
    if (seen?.has(key)) plain += rest.slice(0, at + m[2].length);
    else {
      seen?.add(key);
      if (plain || at > 0) out.push(plain + rest.slice(0, at));
      plain = '';
      out.push([m[2], key]);
    }
    rest = rest.slice(at + m[2].length);
  }
  if (plain || rest) out.push(plain + rest);
  return out;
}
