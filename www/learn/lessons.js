// The course "Learn": eight lessons from minimax to forward pruning (issue 20, §2). Data only:
// each lesson's text (for a student who has never seen a game tree), the book or paper it comes
// from, where the page departs from it, the search it prepares (in the share link's words,
// docs/share-links.md: the search itself runs in the core), its pauses and its closing
// question. Every answer is read from the core's trace when the student answers
// (www/learn/questions.js), never written here. docs/learn.md says how to add a lesson. No DOM.
//
// A pause: { ask, at, say? }. `ask` is the question's kind (www/learn/questions.js):
//   value    — the value (or bound: "≤ 2", "≥ 5") a node returns, from MAX's view
//   window   — the window (α, β) a node is searched with, from MAX's view
//   cutoff   — after a child returns: does its parent cut off now?
//   pruned   — will this node be searched at all, or pruned?
//   type     — which type (PV, CUT, ALL) a node turns out to be
//   research — will this scout be searched again (a re-search)?
//   first    — which move does this iteration search first at the root?
//   extends  — at the depth limit: does the search stop here, or go on?
//   best     — is this move the one the search finally chooses?
//   nullcut  — does this null move fail high (cut, or go on to verify)?
//   zugzwang — what does the verification do when the real moves fail low after all?
//   multicut — will the multi-cut probes cut this node off?
//   uncertain — will the root's value be flagged uncertain?
//   leaves   — how many leaves will the whole search evaluate?
// `at` picks the node: { path: [i, j, …] } (child indices from the root, counted from 0, in
// the last root search), { moves: ['Qxd5'] } (chess moves from the root), { next: EVENT }
// (the node of the next event of that kind after the previous pause, e.g. 'null_verdict'),
// { iteration: k } (the root search of iteration k), or nothing (the root). `say` is shown
// above the question.

/** The lessons, in order; `id` is the share link's `learn=` number. */
export const LESSONS = Object.freeze([
  {
    id: 1,
    slug: 'minimax',
    title: 'Minimax: looking ahead in a game',
    source: 'Russell & Norvig, Artificial Intelligence: A Modern Approach (AIMA), 3rd ed., §5.2, the game tree of fig. 5.2',
    text: [
      'Two players, MAX and MIN, take turns. A game tree draws every way the game can go: each dot is a position (a node), each line a move. The top node, the root, is now, with MAX to move. The nodes under a node are its children: the positions one move later.',
      'At the bottom are the leaves: positions where we stop and score the game. Every score is from MAX’s side: MAX wants it high, MIN wants it low. Here MAX has three moves; after each, MIN has three replies.',
      'Minimax works from the bottom up. A MIN node takes the smallest value of its children (MIN picks the reply worst for MAX); a MAX node takes the largest. The value that reaches the root is what MAX can get against a MIN who never errs.',
      'The search visits the nodes one at a time, left to right, depth first. Press play (or space, or → to step): it stops and asks you before it reveals a value.',
    ],
    departs: 'AIMA writes the values beside each node; this page writes them inside it, and numbers each node by its path: node 1.0 is the first child of the root’s second child (counting from 0).',
    setup: { tree: '((3 12 8) (2 4 6) (14 5 2))', algo: 'minimax' },
    pauses: [
      { ask: 'value', at: { path: [0] }, say: 'The first MIN node has seen its three leaves: 3, 12 and 8. MIN chooses.' },
      { ask: 'value', at: { path: [1] } },
      { ask: 'value', at: { path: [2] } },
    ],
    closing: { ask: 'value', at: {}, say: 'All three MIN nodes have returned. Now MAX chooses at the root.' },
  },
  {
    id: 2,
    slug: 'alpha-beta',
    title: 'Alpha-beta: skipping what cannot matter',
    source: 'Knuth & Moore, An analysis of alpha-beta pruning, Artificial Intelligence 6 (1975); AIMA 3rd ed., §5.3, fig. 5.5',
    text: [
      'Minimax looks at every leaf. Often it does not need to. On the same tree: once MAX knows the first move is worth 3, a second move whose MIN reply already gives 2 can never be better than 3, whatever its other leaves hold. Those leaves are pruned: never looked at.',
      'Alpha-beta keeps two numbers on the way down, the window (α, β). α (alpha) is the most MAX is already sure to get on the path from the root to here; β (beta) is the least MIN is already sure to hold MAX to. Values outside the window cannot change the choice at the root.',
      'When a MIN node’s value falls to α or below, it stops: a cut-off. It then returns a bound, not an exact value: “≤ 2” means “at most 2, maybe less”. A MAX node stops in the same way when its value reaches β.',
      'The answer at the root is the same as minimax’s, always. Only the work changes.',
    ],
    departs: 'Like AIMA, this page cuts when the value reaches the bound (α ≥ β); some courses (Berkeley CS188) cut only when it is strictly passed. AIMA’s fig. 5.5 writes each node’s range of possible values; this page writes the window (α, β) it is searched with.',
    setup: { tree: '((3 12 8) (2 4 6) (14 5 2))', algo: 'alphabeta' },
    pauses: [
      { ask: 'window', at: { path: [1] }, say: 'The first MIN node returned 3: MAX is now sure of 3. The search enters the second MIN node.' },
      { ask: 'cutoff', at: { path: [1, 0] } },
      { ask: 'value', at: { path: [1] }, say: 'Type a bound as “<= 2” or “>= 5”, an exact value as a number.' },
      { ask: 'pruned', at: { path: [2, 1] }, say: 'The third MIN node’s first leaf is 14: more than MAX’s 3.' },
    ],
    closing: { ask: 'leaves', say: 'Minimax looked at all 9 leaves of this tree.' },
    exercise: { tree: '((3 12 8) (2 4 6) (14 5 2))', algo: 'alphabeta' },
  },
  {
    id: 3,
    slug: 'ordering',
    title: 'Move ordering and the minimal tree',
    source: 'Knuth & Moore (1975), the minimal tree: b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves; node types as in Björnsson et al. (1997), fig. 1',
    text: [
      'How much alpha-beta saves depends on the order of the moves. If the best move at every node comes first, every cut-off happens as early as it can.',
      'Knuth and Moore proved that alpha-beta must then look at exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves, where b is the number of moves at each node (the branching factor) and d the number of moves looked ahead (the depth). ⌈ ⌉ rounds up, ⌊ ⌋ rounds down. That is the minimal tree: no method that proves the value can look at fewer. With the worst order, alpha-beta looks at all b^d leaves, like minimax.',
      'Nodes of the minimal tree have three types. A PV node (principal variation: the line both sides will play) gets an exact value. A CUT node stops after its first move, which is good enough to refute the opponent’s choice. An ALL node must try all its moves, and none helps. Before the search, Knuth and Moore’s rule predicts each node’s type from its parent (the expected type); once the node returns, its value says which type it actually was.',
      'This tree has b = 3, d = 3, and the best move always first.',
    ],
    departs: 'Knuth and Moore number the types 1, 2 and 3; this page uses the names PV, CUT and ALL (Marsland & Popowich), as the papers on this page do.',
    setup: { tree: '(((5 0 -4) (9 4 2) (13 7 5)) ((1 -4 -7) (6 1 -2) (10 6 2)) ((-4 -9 -11) (1 -3 -8) (5 -1 -2)))', algo: 'alphabeta' },
    pauses: [
      { ask: 'cutoff', at: { path: [1, 0, 0] }, say: 'The root’s first move is searched: MAX is sure of 5. Now the second move, and MAX’s first reply below it.' },
      { ask: 'type', at: { path: [1, 0] } },
      { ask: 'type', at: { path: [1] } },
    ],
    closing: { ask: 'leaves', say: 'b = 3, d = 3. Use the formula, or count.' },
    exercise: { tree: '(((5 0 -4) (9 4 2) (13 7 5)) ((1 -4 -7) (6 1 -2) (10 6 2)) ((-4 -9 -11) (1 -3 -8) (5 -1 -2)))', algo: 'alphabeta' },
  },
  {
    id: 4,
    slug: 'iterative-deepening',
    title: 'Iterative deepening and the transposition table',
    source: 'Slate & Atkin, CHESS 4.5 (1977), iterative deepening; Zobrist (1970), hashing; Hsu, Transposition Table, History Heuristic, and other Search Enhancements (slides 11–15)',
    text: [
      'Real games are too big to search to the end. A program searches to a fixed depth and then scores the position with an evaluation: a guess of who stands better.',
      'Iterative deepening searches to depth 1, then depth 2, then 3, and so on. That looks wasteful, but each search is small next to the next one, and it leaves something behind: the best move at each position it searched.',
      'It keeps those in a transposition table (TT): a memory of positions already searched, found again by a key computed from the position (Zobrist hashing). The next, deeper search tries the move the table remembers first. That is good move ordering, and from the last lesson you know what good ordering buys.',
      'This tree is made by a generator: 3 moves everywhere, 4 deep, the best move at a random place. Watch which move each new iteration tries first.',
    ],
    departs: 'A synthetic tree stands in for a game: its positions get their values from a seeded generator, not from a board. A chess engine would also read the table’s stored values; here each position has its own key, so the table only helps ordering between iterations.',
    setup: { random: '3,4,7', order: 'random', depth: 4, iterative: true, algo: 'alphabeta', enable: 'tt, tt_move' },
    pauses: [
      { ask: 'first', at: { iteration: 2 }, say: 'Iteration 1 looked one move deep and chose its best move. Iteration 2 starts.' },
      { ask: 'first', at: { iteration: 3 } },
    ],
    closing: { ask: 'first', at: { iteration: 4 } },
  },
  {
    id: 5,
    slug: 'pvs',
    title: 'PVS and NegaScout: testing before searching',
    source: 'Reinefeld, An improvement to the Scout tree search algorithm, ICCA Journal 6(4) (1983); Marsland & Campbell, Parallel search of strongly ordered game trees, ACM Computing Surveys 14(4) (1982)',
    text: [
      'If the first move is usually the best (good ordering), the other moves only need a proof that they are not better. A yes/no test is cheaper than finding their exact value.',
      'PVS (principal variation search) and NegaScout search the first move with the full window. Every later move gets a null window (α, α + 1): a window so narrow that the search can only answer “better than α” or “not better”. That test is a scout.',
      'If the scout says “not better”, the move is done. If it says “better”, the move is searched again with a wider window to learn its value: a re-search. A re-search costs time, so PVS pays off when the ordering is good.',
      'In this tree every later move is better than the one before: the worst case for PVS. Watch the scouts fail.',
    ],
    departs: 'This page’s pvs is Reinefeld’s NegaScout: it re-searches with (t, β), where t is the scout’s value, and skips the re-search where the scout’s value is already exact (a leaf, or a node whose children are all leaves). Engines’ PVS re-searches with (α, β); the page calls that pvs_full (docs/techniques.md).',
    setup: { tree: '(((1 2) (3 4)) ((5 6) (7 8)) ((9 10) (11 12)))', algo: 'pvs' },
    pauses: [
      { ask: 'window', at: { path: [1] }, say: 'The first move is searched: MAX is sure of its value. The second move gets a scout.' },
      { ask: 'research', at: { path: [1] } },
    ],
    closing: { ask: 'research', at: { path: [2] } },
  },
  {
    id: 6,
    slug: 'quiescence',
    title: 'Quiescence search and the horizon effect',
    source: 'Berliner (1974), the horizon effect; Shannon (1950), quiescent positions; Hsu, slides 49–53 (quiescent search with SEE)',
    text: [
      'Now a real game: chess. White (MAX) has a queen; Black has two pawns, and the pawn on e6 protects the pawn on d5. The search looks one move (one ply) ahead and then evaluates: it counts material, in hundredths of a pawn (a pawn is about 100, a queen about 900).',
      'One ply deep, 1.Qxd5 (the queen takes the pawn) looks great: a pawn up. The search cannot see 1…exd5, Black taking the queen back, because it is one ply beyond its depth. Stopping just before a disaster and believing the position is fine is the horizon effect (Berliner).',
      'The cure is a quiescence search: at the depth limit, do not evaluate a position where captures are still possible. Search the captures (only captures) until the position is quiet. A side may also stand pat: decline to capture and keep the evaluation, since no one is forced to capture.',
      'Quiescence is switched on here. Watch what happens below 1.Qxd5.',
    ],
    departs: 'This page’s quiescence searches captures and promotions (all moves when in check), and skips captures that lose material by static exchange evaluation (SEE), as Hsu’s slides do; some books search every capture.',
    setup: { fen: '4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1', depth: 1, algo: 'alphabeta', enable: 'quiescence' },
    pauses: [
      { ask: 'extends', at: { moves: ['Qxd5'] }, say: 'The search has played 1.Qxd5. Its depth is used up.' },
      { ask: 'cutoff', at: { moves: ['Qxd5', 'exd5'] }, say: 'Below the depth limit, the quiescence search tries Black’s captures. Values are in hundredths of a pawn, from White’s side.' },
    ],
    closing: { ask: 'best', at: { moves: ['Qxd5'] } },
  },
  {
    id: 7,
    slug: 'null-move',
    title: 'Null move and zugzwang',
    source: 'Beal (1989), Goetsch & Campbell (1990), Donninger (1993): null-move pruning; David & Netanyahu, Verified null-move pruning, ICGA Journal 25 (2002); slides Enhanced Forward Pruning (2019), §3',
    text: [
      'So far every pruning was safe: the value at the root never changed. Forward pruning gives that up for speed: it skips moves that are probably bad, and can be wrong.',
      'The null move is the best-known trick. At a node, let the side to move pass (a “null move”: the opponent moves twice) and search with less depth: depth − R − 1, with R = 2 or 3. If even after passing the side is still above β, a real move will surely be too, so the node is cut off without searching its moves.',
      'That reasoning fails in zugzwang (German: “compulsion to move”): positions where every real move makes things worse, so passing is better than any move. Chess endgames have them, and Connect Four is full of them. The null move then cuts where it must not.',
      'Verified null-move pruning (David & Netanyahu) does not trust the first fail-high: it goes on with one ply less, and if the real moves then fail low after all, it has found zugzwang and searches the node again at its full depth. This position (a classic test) has zugzwang in it.',
    ],
    departs: 'The standard null move in this page is never tried by a side that has only king and pawns (where zugzwang is common); the verified form here is tried everywhere, with R = 3 as in the paper.',
    setup: { fen: '8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1', depth: 5, iterative: true, algo: 'pvs', enable: 'verified_null' },
    pauses: [
      { ask: 'nullcut', at: { next: 'null_verdict' }, say: 'A null move has been searched with a null window at β.' },
      { ask: 'zugzwang', at: { next: 'zugzwang' } },
    ],
    closing: { ask: 'nullcut', at: { next: 'null_verdict' }, say: 'The search goes on after the zugzwang re-search. The next null move:' },
  },
  {
    id: 8,
    slug: 'uncertainty-multi-cut',
    title: 'Uncertainty cut-offs and multi-cut',
    source: 'Björnsson, Marsland, Schaeffer & Junghanns, Searching with uncertainty cut-offs, ICCA Journal 20(1) (1997); Björnsson & Marsland, Multi-cut αβ-pruning in game-tree search, Theoretical Computer Science 252 (2001); Winands et al., Enhanced forward pruning (2003/2005)',
    text: [
      'Two more forward-pruning ideas, both about CUT nodes (lesson 3): nodes where one good move should be enough.',
      'Multi-cut (Björnsson & Marsland): at an expected CUT node, first probe the first M moves with a shallower search (R plies less). If at least C of them already fail high, it is very likely that a full search would cut too: cut now and return β. Here M = 10, C = 3, R = 3.',
      'Uncertainty cut-offs (Björnsson, Marsland, Schaeffer & Junghanns): a CUT node that has tried a fair share of its moves (CUT_RATIO) without a cut-off starts to look like an ALL node. It stops early, and its value is flagged uncertain: a bookmark saying “this may be wrong”. In the safe form, a flagged value that could change the choice at a PV node is searched again, so the root’s value stays correct.',
      'The position is the start of a chess game, searched 5 plies deep.',
    ],
    departs: 'The page follows the papers’ names and parameters (M, C, R, CUT_RATIO). The safe form re-searches uncertain values at PV nodes as the Chess Programming Wiki’s pseudo-code does; captures are never skipped by an uncertainty cut-off (the paper’s §5).',
    setup: { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', depth: 5, iterative: true, algo: 'pvs', enable: 'tt, tt_move, mvv_lva, mc_c, uc_safe' },
    pauses: [
      { ask: 'multicut', at: { next: 'multi_cut' }, say: 'This expected CUT node has probed its first moves 3 plies shallower. A probe counts when it gives the node a value of at least β: in the tree it is then an ALL node, since it failed low for the side that moved next.' },
    ],
    closing: { ask: 'uncertain', say: 'The search used uncertainty cut-offs in the safe form.' },
  },
]);

/** The lesson with `id`, or null. */
export const lessonById = (id) => LESSONS.find((l) => l.id === id) ?? null;
