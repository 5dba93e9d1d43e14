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
  alpha: 'α: the value MAX can already force elsewhere on the path to this node. A MIN node whose value drops to α or below can stop: MAX will choose that other path.',
  beta: 'β: the best value MIN can already force on the path to this node. A MAX node whose value reaches β or more can stop: MIN will avoid it.',
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
  ply: 'A ply is one move by one side; the root is ply 0, its children ply 1, and so on.',
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
  ['fail-high', 'fail-high'],
  ['fail-low', 'fail-low'],
  ['re-search', 'research'],
  ['uncertain', 'uncertain'],
  ['window', 'window'],
  ['PV', 'pv'],
  ['CUT', 'cut'],
  ['ALL', 'all'],
];

/**
 * Splits `text` into plain strings and [term text, key] pairs (for the view to wrap the terms),
 * no DOM. A term is a whole word: not a part of a parameter name like CUT_RATIO, nor of a
 * longer word or number.
 */
const TERMS_RE = new RegExp(`(^|[^\\p{L}\\p{N}_-])(${TEXT_TERMS.map(([t]) => t).join('|')})(?![\\p{L}\\p{N}_-])`, 'u');

export function splitTerms(text) {
  const out = [];
  let rest = text;
  const re = TERMS_RE;
  for (;;) {
    const m = re.exec(rest);
    if (!m) break;
    const at = m.index + m[1].length;
    if (at > 0) out.push(rest.slice(0, at));
    out.push([m[2], TEXT_TERMS.find(([t]) => t === m[2])[1]]);
    rest = rest.slice(at + m[2].length);
  }
  if (rest) out.push(rest);
  return out;
}
