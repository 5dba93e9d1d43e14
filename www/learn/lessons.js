// The course "Learn": nine lessons from minimax to forward pruning and chance nodes (issue 20,
// §2, §3). Data only: each lesson's text (for a student who has never seen a game tree), the book or paper it comes
// from, where the page departs from it, the search it prepares (in the share link's words,
// docs/share-links.md: the search itself runs in the core), its pauses and its closing
// question. Every answer is read from the core's trace when the student answers
// (www/learn/questions.js), never written here. docs/learn.md says how to add a lesson. No DOM.
//
// A pause: { ask, at, say? }. `ask` is the question's kind (www/learn/questions.js):
//   value    — the value (or bound: "≤ 2", "≥ 5") a node returns, from MAX's view (`side`:
//              from the side to move, at a MAX node; `early`: asked when the node is entered)
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
//   ucut     — after how many moves will an uncertainty cut-off stop this expected CUT node?
//   same     — will this search's root value equal the previous part's (a lesson's parts;
//              `before` and `now` name the two searches: 'without the null move', …)?
// `at` picks the node: { path: [i, j, …] } (in the last root search, from the root: on a
// tree each number is a child's index, counted from 0; on a game it is the move's code, as the
// core numbers moves, e.g. tic-tac-toe's squares: path [4] is b2), { moves: ['Qxd5'] } (chess moves from the root), { next: EVENT }
// (the node of the next event of that kind after the previous pause, e.g. 'null_verdict'),
// { iteration: k } (the root search of iteration k), or nothing (the root). `say` is shown
// above the question.
//
// A lesson may go on with `parts`: further prepared searches, each { title, text, departs?,
// setup, pauses, closing? }, run one after the other within the lesson once the questions
// before them are answered (a second position: lesson 1's tic-tac-toe, lesson 7's Connect Four).

/** The lessons, in order; `id` is the share link's `learn=` number. */
export const LESSONS = Object.freeze([
  {
    id: 1,
    slug: 'minimax',
    title: 'Minimax: looking ahead in a game',
    source: 'Russell & Norvig, Artificial Intelligence: A Modern Approach (AIMA), 3rd ed., §5.2, the game tree of fig. 5.2',
    text: [
      'Two players, MAX and MIN, take turns. A game tree draws every way the game can go: each triangle is a position (a node): ▲ where MAX is to move, ▼ where MIN is; each line is a move. The top node, the root, is now, with MAX to move. The nodes under a node are its children: the positions one move later.',
      'A MAX node is a position where MAX is to move; a MIN node one where MIN is to move. Since the players take turns, the rows alternate: the root is a MAX node, its children are MIN nodes, theirs MAX nodes, and so on.',
      'At the bottom are the leaves: positions where we stop and score the game. A node’s score is also called its value: the two words mean the same number. Every score is from MAX’s side: MAX wants it high, MIN wants it low. Here MAX has three moves; after each, MIN has three replies.',
      'Minimax works from the bottom up. A MIN node takes the smallest value of its children (MIN picks the reply worst for MAX); a MAX node takes the largest. When a node has its value, it returns it: it hands the value up to its parent, the node above it. The value that reaches the root is what MAX can get against a MIN who never errs.',
      'Nodes are named by their path. The children of a node are counted from the left, starting at 0, not 1: the root’s children are nodes 0, 1 and 2, so node 1 is the middle one. Node 1.0 is child 0 (the leftmost) of node 1. The drawing labels each node with its last number only: node 1.0 is the “0” under the “1”.',
      'The search goes depth first: it follows the leftmost move down to a leaf, then backs up one level and tries the next move there, and so on, left to right. Press play (or space, or → to step): it stops and asks you before it reveals a value.',
    ],
    departs: 'AIMA writes the values beside each node and names nodes by letters; this page writes each value under its node and names each node by its path, counting from 0.',
    // what the page shows before the lesson teaches it (www/modes/learn.js `shows`): no windows
    // yet (lesson 2), no node types (lesson 3)
    shows: { windows: false, types: false },
    setup: { tree: '((3 12 8) (2 4 6) (14 5 2))', algo: 'minimax' },
    pauses: [
      { ask: 'value', at: { path: [0] }, bounds: false, say: 'Node 0, the first MIN node, has seen its three leaves: 3, 12 and 8. MIN chooses.' },
      { ask: 'value', at: { path: [1] }, bounds: false, say: 'Node 1, the second MIN node, has seen its leaves 2, 4 and 6.' },
      { ask: 'value', at: { path: [2] }, bounds: false, say: 'Node 2, the third MIN node, has seen its leaves 14, 5 and 2.' },
    ],
    closing: { ask: 'value', at: {}, bounds: false, say: 'All three MIN nodes have returned. Now MAX chooses at the root.' },
    // a second search in the same lesson (www/learn/questions.js `lessonParts`): the same
    // minimax on a real game, AIMA's own first game, with its board synced to the cursor
    parts: [
      {
        title: 'Part 2: a real game, tic-tac-toe',
        text: [
          'Minimax plays real games the same way. AIMA’s first game is tic-tac-toe (fig. 5.1): X (MAX) and O (MIN) take turns marking a square of a 3 × 3 board; three marks in a row (across, up or diagonal) win; a full board without one is a draw.',
          'The Position board (beside the tree; on a phone, below the question) shows the position at the node the search is at, and follows it at every step. Squares are named like a chess board’s: columns a, b, c from the left, rows 1, 2, 3 from the bottom, so b2 is the centre. A ply is one move by one player: one mark.',
          'In a game the tree labels each node by its move, not by its path as on the first tree: by the square just marked, and its ply. “a1 (ply 1)” is the position after X marks a1, where O is to move. The label’s square is the one marked by the player who just moved: under a ▼ node (O to move) it is X’s mark, under a ▲ node (X to move) O’s. So the same square can label nodes on different rows.',
          'Here the game is near its end: X is to move and three squares are empty, a1, b2 and a3. The search plays every way the game can end. Its leaves are finished games, scored from X’s side: a win for X is worth 1000 minus the number of plies played from here, counted from the root. For example: X marks b2 (ply 1), O marks a1 (ply 2), X marks a3 and wins (ply 3): that leaf is worth 1000 − 3 = 997 (the sooner, the higher), a win for O the same with a minus sign (O winning on the 2nd ply is −998), a draw 0. A game that is over is a leaf wherever it ends: a leaf can sit above the bottom row.',
          'A game’s tree is not drawn in advance: each node appears when the search reaches it. As before, a MIN node takes the smallest of its children’s values and a MAX node the largest. Look at the board first: where can each player complete a row?',
        ],
        departs: 'AIMA scores a finished game of tic-tac-toe +1, 0 or −1 for X; this page scores a win 1000 minus the plies to it, so that a sooner win counts more. The signs are AIMA’s.',
        setup: { game: 'tictactoe', pos: '.ox/x.o/.ox', algo: 'minimax', depth: 3 },
        pauses: [
          { ask: 'value', at: { path: [0] }, bounds: false, say: 'X marked a1 (the bottom left square). O has tried both of its replies there, and each has returned.' },
          { ask: 'value', at: { path: [4] }, bounds: false, early: true, say: 'X marked b2 instead (the centre); O is to move. O’s replies are not drawn yet: predict from the board what b2 returns.' },
        ],
        closing: { ask: 'value', at: {}, bounds: false, say: 'X’s three moves have returned. X chooses at the root.' },
      },
    ],
  },
  {
    id: 2,
    slug: 'alpha-beta',
    title: 'Alpha-beta: skipping what cannot matter',
    source: 'Knuth & Moore, An analysis of alpha-beta pruning, Artificial Intelligence 6 (1975); AIMA 3rd ed., §5.3, fig. 5.5',
    text: [
      'Minimax looks at every leaf. Often it does not need to. On the same tree: once MAX knows the first move is worth 3, a second move where MIN has a reply worth 2 can never be better than 3 for MAX, whatever that move’s other leaves hold. Those leaves are pruned: never looked at.',
      'Alpha-beta carries two numbers down the tree, the window (α, β), always from MAX’s view. α (alpha) is the score MAX is already sure of: some move MAX has already searched, at this node or at a MAX node on the path above it, gets MAX at least α. β (beta) is the score MIN is already sure of, the same way. The scores that can still change the choice at the root lie between the two, like a view through a window: scores at or below α, or at or above β, cannot.',
      'How the window moves. At the root it is (−∞, +∞): nothing is guaranteed yet. Each child starts with its parent’s window as it is at that moment. At a MAX node, α rises to a move’s value when that move is better than α; at a MIN node, β falls to a move’s value when it is lower than β.',
      'When α ≥ β the node stops: a cut-off, and its remaining moves are pruned. So a MIN node stops as soon as one reply is worth α or less: MAX will not allow this line, since MAX is already sure of α elsewhere (in the first paragraph, the reply worth 2 against the 3 MAX is sure of). A MAX node stops as soon as one move is worth β or more. A node that stops early returns a bound, not an exact value, and the bound is the value it found: a MIN node that stopped at a reply worth v returns “≤ v”, meaning “at most v, maybe less”; a MAX node returns “≥ v”, at least v. The drawing writes a bound so too.',
      'Under each node the drawing writes the window the node started with; the label beside the node the search is at (its tag) shows its window now, as α and β move.',
      'The answer at the root is the same as minimax’s, always. Only the work changes.',
    ],
    departs: 'Like AIMA, this page cuts when the value reaches the bound (α ≥ β); some courses (Berkeley CS188) cut only when it is strictly passed. The search is fail-soft, like AIMA’s and CS188’s pseudo-code, which return the value v they found: a node that stops early returns that value as its bound (“≤ 2” at node 1). A fail-hard course returns the bound of the window instead, and writes node 1 as “≤ 3” (α). The closing exercise cuts at equality too: where a value there ties with α or β, this page prunes and CS188’s strict rule would not. AIMA’s fig. 5.5 writes each node’s range of possible values; this page writes the window (α, β) it is searched with.',
    shows: { types: false }, // node types come in lesson 3
    setup: { tree: '((3 12 8) (2 4 6) (14 5 2))', algo: 'alphabeta' },
    pauses: [
      { ask: 'window', at: { path: [1] }, say: 'Node 0, the first MIN node, has returned. The search enters node 1, the second MIN node. Type the window as two numbers, ∞ as inf: “7 inf” means (7, +∞), “-inf 10” means (−∞, 10).' },
      { ask: 'cutoff', at: { path: [1, 0] } },
      { ask: 'value', at: { path: [1] }, say: 'Type a bound as “<= 5” or “>= 5”, an exact value as a number.' },
      { ask: 'pruned', at: { path: [2, 1] }, say: 'Node 2, the third MIN node, has seen its first leaf, node 2.0, worth 14. The question is about its second leaf, node 2.1 (worth 5).' },
    ],
    closing: { ask: 'leaves', say: 'Minimax looked at all 9 leaves of this tree.' },
    // the closing exercise: a new tree of the same shape (b = 3, d = 2) from the exercise
    // generator (src/teach/, docs/teaching.md), in exercise mode's parameters
    exercise: { seed: 2, branching_min: 3, branching_max: 3, depth: 2, value_min: 0, value_max: 15, ordering: 'random' },
  },
  {
    id: 3,
    slug: 'ordering',
    title: 'Move ordering and the minimal tree',
    source: 'Knuth & Moore (1975), the minimal tree: b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves; node types as in Björnsson et al. (1997), fig. 1',
    text: [
      'How much alpha-beta saves depends on the order of the moves. If the best move at every node comes first, every cut-off happens as early as it can.',
      'Knuth and Moore proved that alpha-beta must then look at exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves, where b is the number of moves at each node (the branching factor) and d the depth of the tree: how many moves the search looks ahead from the root. ⌈ ⌉ rounds up, ⌊ ⌋ rounds down. That is the minimal tree: no method that is sure of the root’s value (not just guessing it) can look at fewer leaves. With the worst order, alpha-beta looks at all b^d leaves, like minimax.',
      'A node’s type shows in the value it returns, compared with its window, from the side to move at that node. CUT: one move was good enough for that side to stop (at a MAX node the value reached β; at a MIN node it fell to α or below). The node is said to fail high, and returns a bound. ALL: every move was tried and none was good enough (a MAX node’s value stayed at or below α; a MIN node’s at or above β). It fails low, and also returns a bound. PV (principal variation, the line both sides will play): the value fell strictly inside the window; it is exact. A leaf has no moves: it takes the type its value gives against its window. Fail high and fail low mean this: what the node does, from the side to move at the node. The drawing writes values from MAX’s view, so at a MIN node the words look turned round. An example: a MIN node searched with (3, +∞) finds a reply worth 2. For MIN a low score is good, and 2 is at or below α = 3, so MIN has found a reply good enough to stop: from MIN’s side the node fails high, and it is a CUT node, though the drawing writes its value in MAX’s view as “≤ 2”.',
      'Knuth and Moore’s rule predicts the types before the search (the expected type): the root is PV; a PV node’s first child is PV and its other children are CUT; a CUT node’s children are ALL (with perfect ordering only the first is searched); an ALL node’s children are CUT.',
      'This tree has b = 3, d = 3, and the best move always first.',
    ],
    departs: 'Knuth and Moore number the types 1, 2 and 3; this page uses the names PV, CUT and ALL (Marsland & Popowich), as the papers on this page do.',
    setup: { tree: '(((5 0 -4) (9 4 2) (13 7 5)) ((1 -4 -7) (6 1 -2) (10 6 2)) ((-4 -9 -11) (1 -3 -8) (5 -1 -2)))', algo: 'alphabeta' },
    pauses: [
      { ask: 'cutoff', at: { path: [1, 0, 0] }, say: 'The root’s first move, node 0, returned 5: MAX is sure of 5. Now the root’s second move: node 1 (MIN to move), then MIN’s first reply, node 1.0 (MAX to move), then its first leaf, node 1.0.0, worth 1.' },
      { ask: 'type', at: { path: [1, 0] } },
      { ask: 'type', at: { path: [1] } },
    ],
    closing: { ask: 'leaves', say: 'b = 3, d = 3. Use the formula, or count.' },
    // the closing exercise: a perfectly ordered tree of the same shape (b = 3, d = 3), new values
    exercise: { seed: 3, branching_min: 3, branching_max: 3, depth: 3, value_min: -9, value_max: 15, ordering: 'best' },
  },
  {
    id: 4,
    slug: 'iterative-deepening',
    title: 'Iterative deepening and the transposition table',
    source: 'Slate & Atkin, CHESS 4.5 (1977), iterative deepening; Zobrist (1970), hashing; Hsu, Transposition Table, History Heuristic, and other Search Enhancements (slides 11–15); Nilsson, Principles of Artificial Intelligence (1980), ch. 3, the evaluation of tic-tac-toe',
    text: [
      'Real games are too big to search to the end. A program searches to a fixed depth and then scores the position it reached with an evaluation: a guess of who stands better. Here the game is lesson 1’s tic-tac-toe, and the evaluation is Nilsson’s: the lines (rows, columns, diagonals) still open for X, with no O in them, minus those still open for O. A finished game keeps lesson 1’s scoring (1000 minus the plies to a win, negative when O wins, 0 for a draw). The evaluation is never more than 8, so it can’t be mistaken for a win. All scores are from X’s side (MAX).',
      'Iterative deepening searches to depth 1, then depth 2, then 3, and so on. Each of these searches is an iteration: iteration k searches to depth k (k plies), and the tree labels it “depth k”. That looks wasteful, but each extra ply of depth multiplies the tree by about the number of moves at each node. Here X has 5 moves, then O has 4 and X 3: without pruning, the searches to depths 1 and 2 end in 5 + 20 = 25 leaves, fewer than the 52 of the search to depth 3 alone (52, not 5 × 4 × 3 = 60, because a game that ends on the way ends its line early): without pruning, all the earlier searches together cost less than the last one. With alpha-beta and the table, as in this lesson’s search, that need not hold: here the first three iterations together visit more nodes than the fourth. And each leaves something behind: the best move it found at each position.',
      'It keeps them in a transposition table (TT): a memory of positions already searched. It is called a transposition table because the same position can be reached by moves in a different order (X marks c1 and later a3, or a3 and later c1, O replying the same), and the table finds it again. It finds a position by a number computed from it (its key; Zobrist hashing is the usual way to compute it). For each position the table keeps an entry: the value found, whether that value is exact or only a bound (a lower bound, “at least”, after a cut-off; an upper bound, “at most”, when no move was good enough), the depth it was searched to, and the best move.',
      'When the search meets the position again, it may use the entry’s value instead of searching, but only if the entry is deep enough (searched with at least as many plies as are left now) and its value is exact, or a bound that already decides the window (a lower bound at or above β, an upper bound at or below α). Otherwise it still searches the position, and tries the entry’s best move first. That is good move ordering, and from the last lesson you know what good ordering buys. In this lesson every entry the search finds comes from the iteration before, one ply too shallow to decide anything: here the table only orders the moves.',
      'A deeper search can change its mind: a move that looks best one ply ahead may lose once the opponent’s reply is seen. Then the next iteration tries the new best move first. Without the table, moves are tried in their normal order: bottom row first, left to right (a1, b1, c1, a2, b2, c2, a3, b3, c3), skipping marked squares. A later move replaces the best so far only if it is strictly better, so among equal moves the first one tried stays best.',
      'Here X is to move with five squares empty, and the search deepens to 4 plies. Moves are named by their squares (lesson 1). The tree draws each iteration’s moves in the order it searched them, so a move tried first is drawn leftmost. Watch which move each new iteration tries first, at the root and further down, and whether the best move changes. Look at the board first: what does O threaten?',
    ],
    departs: 'Slate and Atkin’s program played chess; this page shows the same on tic-tac-toe, whose tree fits on the screen. Nilsson scores lines from MAX’s side, as the tree does here. In a game with many transpositions the table also saves work: an entry deep enough, and exact or a bound that decides the window, ends the search of a position at once. This page uses an entry so only where the node is not expected PV, and never an entry whose value is uncertain (lesson 8); this lesson asks only about the order of the moves.',
    setup: { game: 'tictactoe', pos: '.x./.oo/x..', depth: 4, iterative: true, algo: 'alphabeta', enable: 'tt, tt_move' },
    pauses: [
      { ask: 'first', at: { iteration: 2 }, say: 'Iteration 1 looked one ply deep and scored each of X’s moves with the evaluation.' },
      { ask: 'first', at: { iteration: 3 }, say: 'Iteration 2 looked one ply deeper: it saw O’s replies.' },
    ],
    closing: { ask: 'first', at: { iteration: 3, path: [3] }, say: 'Further down the table helps too: it remembers the best reply at each position the last iteration searched.' },
  },
  {
    id: 5,
    slug: 'pvs',
    title: 'PVS and NegaScout: testing before searching',
    source: 'Reinefeld, An improvement to the Scout tree search algorithm, ICCA Journal 6(4) (1983); Marsland & Campbell, Parallel search of strongly ordered game trees, ACM Computing Surveys 14(4) (1982)',
    text: [
      'If the first move is usually the best (good ordering), the other moves only need a proof that they are not better. A yes/no test is cheaper than an exact value: the narrower the window, the sooner a node reaches α ≥ β, so the more cut-offs.',
      'PVS (principal variation search) and NegaScout search the first move with the node’s own window (α, β). Every later move gets a null window (α, α + 1): the scores here are whole numbers, so no score lies strictly between α and α + 1, and the search can only answer “better than α” or “not better”. That test is a scout.',
      'Two answers, seen from MAX, who chooses the move at the root: the scout says “better” when the move turns out better than α (it returns a value ≥ α + 1), and “not better” when it does not (a value ≤ α): then the move is done.',
      'A scout’s “better” is only a bound: the move is at least that good. So the move is searched again with a wider window to learn its value: a re-search, with (v, β) where v is the scout’s value. If the scout’s value already reaches β, though, there is no re-search: the move is good enough to cut the node off, whatever its exact value (at the root β is +∞, so this never happens there). A re-search costs time, so PVS pays off when the ordering is good. One exception: where the move’s own children are leaves, the scout has seen every leaf below it, its value is already exact, and there is no re-search.',
      'Watch what the scouts return.',
    ],
    departs: 'Papers and engines say a scout that answers “better” fails high; this page says better, since in lesson 3’s words (what the node does) the scouted MIN node then fails low. This page’s PVS is Reinefeld’s NegaScout: it re-searches with (v, β), v being the scout’s value, and skips the re-search where the scout’s value is already exact (the exception above). Many engines re-search with (α, β) instead; the page offers that too, as the algorithm “PVS as engines write it”.',
    setup: { tree: '(((1 2) (3 4)) ((5 6) (7 8)) ((9 10) (11 12)))', algo: 'pvs' },
    pauses: [
      { ask: 'window', at: { path: [1] }, say: 'The first move, node 0, is searched with the full window: MAX is sure of its value, 2. The second move, node 1, gets a scout. Type the window as two numbers, ∞ as inf.' },
      { ask: 'research', at: { path: [1] } },
    ],
    closing: { ask: 'research', at: { path: [2] } },
  },
  {
    id: 6,
    slug: 'quiescence',
    title: 'Quiescence search and the horizon effect',
    source: 'Russell & Norvig, AIMA 3rd ed., §5.4 (quiescence and the horizon effect); Berliner (1974), the horizon effect; Shannon (1950), quiescent positions; Hsu, slides 49–53 (quiescent search with SEE)',
    text: [
      'Now a real game: chess, on a board of 8 × 8 squares named a1 to h8 (columns a–h from White’s left, rows 1–8 from White’s side). Each side moves one piece per turn; a piece captures (takes) an enemy piece by moving onto its square, and the captured piece leaves the board. A pawn captures one square diagonally forward; the queen, the strongest piece, moves any distance in a straight line. A piece protects another of its side when it could capture on that square. White (MAX) has a king and a queen; Black has a king and two pawns, and the pawn on e6 protects the pawn on d5. Scores count material from White’s side, in hundredths of a pawn (a pawn is about 100, a queen about 900): here White stands about +700.',
      'A ply is one move by one side: “1.Qxd5” (the queen, Q, takes, x, the pawn on the square d5) is one ply; “1.Qxd5 exd5” (the e-pawn takes back on d5) is two. Written alone, a Black move gets three dots: “1…exd5”. The tree names each node by the move that leads to it: “Qxd5 (ply 1)” is the position after 1.Qxd5, with Black to move. This search looks one ply ahead and then evaluates.',
      'A plain one-ply search, without what follows, would score 1.Qxd5 about +800: a pawn won. It never looks at Black’s reply, one ply beyond its depth. A position where a capture is still possible is not quiescent (Shannon’s word: not quiet): its score can swing at once, so its evaluation cannot be trusted.',
      'The cure is a quiescence search: at the depth limit, do not trust the evaluation of a position that is not quiescent. Search the captures (only captures) until the position is quiet. The side to move may also stand pat: take the evaluation as it is and capture nothing, since no one is forced to capture. A side in check (its king attacked) must answer the check, so there all its moves are searched. The window works as in lesson 2.',
      'The horizon effect (Berliner) is a different, harder problem: AIMA (3rd ed., §5.4.2) treats it as a separate problem, right after quiescence. A program facing a loss it cannot avoid plays delaying moves that push the loss beyond its depth limit, and then believes the loss is gone. AIMA’s example: Black’s bishop (a piece) is trapped and will be taken, but Black can check the White king with a pawn, then with another; each check delays the capture, and a search that runs out of depth during the checks never sees the bishop fall, so it gives the pawns away for nothing. A quiescence search does not cure this: delaying moves need not be captures. A deeper search helps, or one that searches further along a move that is clearly better than all the others (AIMA’s singular extensions).',
      'Quiescence is switched on here: watch the search at the depth limit.',
    ],
    departs: 'This page’s quiescence searches captures and promotions (a pawn reaching the last row becomes a queen), all moves when in check, and skips captures that lose material by static exchange evaluation (SEE: counting the captures and recaptures on one square without searching). Hsu’s slides (quiescent search with SEE) go further: they search a capture only if its net gain is positive; this page also searches an even exchange (SEE = 0). That skip is not safe: a skipped capture could have been good. Some books search every capture.',
    setup: { fen: '4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1', depth: 1, algo: 'alphabeta', enable: 'quiescence' },
    pauses: [
      { ask: 'extends', at: { moves: ['Qxd5'] }, say: 'The search has played 1.Qxd5. Its depth is used up. Look at the position on the board.' },
      { ask: 'cutoff', at: { moves: ['Qxd5', 'exd5'] }, say: 'Below the depth limit, the quiescence search tries Black’s captures. Values are in hundredths of a pawn, from White’s side; after 1.Qxd5 it is Black (MIN) to move.' },
    ],
    closing: { ask: 'best', at: { moves: ['Qxd5'] } },
  },
  {
    id: 7,
    slug: 'null-move',
    title: 'Null move and zugzwang',
    source: 'Beal (1989), Goetsch & Campbell (1990), Donninger (1993): null-move pruning; David & Netanyahu, Verified null-move pruning, ICGA Journal 25 (2002); slides Enhanced Forward Pruning (2019), §3',
    text: [
      'The pruning of lessons 2–5 was safe: the value at the root never changed. (Lesson 6’s quiescence was not quite safe: it skipped captures that lose material, and one of those could have been good.) Forward pruning gives safety up for speed: it skips moves that are probably bad, and can be wrong.',
      'In this lesson and the next, scores are from the side to move at each node, as chess programs keep them, and the tree shows them so (the MAX/MIN box is off). An example of the sign change: a position worth +100 for Black, who is to move there, is worth −100 for White, who moved into it; so a child’s score, seen from its parent, changes sign. The window turns round the same way. A node’s β is lesson 2’s β seen from the side to move: the score the opponent is already sure of elsewhere, turned round, so that reaching β means the opponent will avoid this position and the node can stop. As in lesson 3, a node fails high when its score reaches β (≥ β), and fails low when it stays at or below α. Chess programmers also say that a move fails high: its score, seen from the node it is played at, reaches that node’s β. The node the move leads to then fails low, from its own side, in lesson 3’s words.',
      'The null move is the best-known trick. At a node with d plies left to search (d is the depth left here, not the depth of the whole search), let the side to move pass: a “null move”, so the opponent moves twice. Search what follows with d − R − 1 plies: the pass itself uses one ply, and R (the null move’s reduction; R = 3 here) more are saved. The null move is searched with a null window at β, (β − 1, β), which only asks “at least β or not?”.',
      'If even after passing the side to move still scores at least β (the null move fails high), a real move would very likely be at least as good (having the move is usually an advantage), so the node is cut off without searching its moves.',
      'That reasoning fails in zugzwang (German: “compulsion to move”): positions where every real move makes things worse, so passing is better than any move. Chess endgames have them, and Connect Four is full of them. The null move then cuts where it must not.',
      'Verified null-move pruning (David & Netanyahu) does not trust the first fail-high. Instead of cutting, it searches the node’s real moves with one ply less (d − 1). If one of them fails high too, the cut-off is confirmed. If they all fail low after all, zugzwang is suspected: the pass reached β and no real move did. That is no proof, for the two were not searched alike: the position after the pass gets d − R − 1 plies (with few left, below zero: it is only evaluated), the position after each real move d − 2 (the node searches with d − 1, and the move uses one). So the node is searched again at its full depth d, and that search decides: a real move may still reach β, and the node is cut after all; or none does. In this endgame, watch what that search finds.',
      'The position is a chess endgame, White to move: White has its king on f2, a rook on e1 and pawns on a2, b2, c2 and b4; Black has its king in the corner on h1, a rook on g1 and pawns on a6, b5, c6, h2, h4 and h5. A rook moves any distance along a row or a column. The search deepens step by step (iterative deepening, lesson 4) to 5 plies, so the first null moves come in its early, shallow iterations. Near the leaves d − R − 1 is below zero: the null move’s position is then simply evaluated. A chess node is named by the move that leads to it and its ply: “a3 (ply 1)” is the position after 1.a3, with Black to move. The tree has thousands of nodes; the questions give the numbers they need.',
    ],
    shows: { view: 'side' }, // scores from the side to move, as the text announces
    departs: 'The page follows David & Netanyahu with R = 3, as in the paper (the Enhanced Forward Pruning slides, §3), and below a verified node null moves cut at once (one verification on a line is enough). The page’s other, standard null move (not used in the chess position; part 3 uses it on Connect Four) has R = 2, cuts at once, and in chess is never tried by a side that has only king and pawns: a common engine guard against zugzwang, not a rule from these papers (Hsu’s slides say only not to try the null move “when there is a chance of Zugzwang” or few pieces remain).',
    setup: { fen: '8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1', depth: 5, iterative: true, algo: 'pvs', enable: 'verified_null' },
    pauses: [
      { ask: 'nullcut', at: { next: 'null_verdict' }, say: 'A null move has been searched with a null window at β.' },
      { ask: 'zugzwang', at: { next: 'zugzwang' } },
    ],
    closing: { ask: 'nullcut', at: { next: 'null_verdict' }, say: 'The node is searched again at its full depth. Its first move meets a null move of its own.' },
    // Connect Four, where zugzwang decides games (docs/games.md): the same position searched
    // without null moves, then with the plain (unverified) null move the game refuses unless
    // the input is marked unsafe
    parts: [
      {
        title: 'Part 2: Connect Four, where a pass would save you',
        text: [
          'In Connect Four zugzwang is everywhere: Allis (1988) built his solution of the game on it. Two players drop discs into 7 columns, numbered 1 to 7 from the left; a disc falls to the lowest empty cell of its column. Four in a row (across, up or diagonal) wins. We call the first player Solid and the second Ringed: the Position board (beside the tree; on a phone, below the question) draws Solid’s discs solid and Ringed’s ringed, and follows the search at every step. A move is named by its column: “5 (ply 2)” is the position after the second move, a disc in column 5.',
          'A finished game is scored as in lesson 1’s tic-tac-toe, but from the side to move at each node (at the root that is Solid): 1000 minus the number of plies played until the end if that side wins, the same with a minus sign if it loses (losing on the 6th ply is −994). At the depth limit an unfinished game gets an evaluation instead (the lines of four still open for one side minus those open for the other), always far from 1000.',
          'The position: Solid is to move, and only three columns have room. Columns 2 and 5 have one empty cell each, at the top; column 3 is empty. In the second row from the bottom, Ringed has discs in columns 1, 2 and 4: a ringed disc in column 3’s second cell completes four across. So if Solid drops the first disc into column 3, Ringed drops on top of it and wins. Solid would rather not move into column 3 at all: it is the having to move that hurts. That is zugzwang.',
          'First this search looks 4 plies ahead without null moves: it skips nothing on a guess (its cut-offs are the safe ones of lessons 2–5, which never change the value).',
        ],
        setup: { game: 'connect4', pos: '5764747751666771225661154244112452', depth: 4, algo: 'pvs' },
        pauses: [],
        closing: { ask: 'value', at: {}, bounds: false, side: true, early: true, say: 'Before the search starts: predict its answer at the root from the board, as a number scored as above. Which moves does Solid have, and what must happen after them?' },
      },
      {
        title: 'Part 3: the same position with null moves',
        text: [
          'Now the same search with null-move pruning in its first, plain form (Beal; Donninger): R = 2, and when the null move fails high the node is cut off at once, with no verification. Null moves are safe only where passing is never better than every move. In Connect Four it can be, so the page refuses null moves there, except in this demonstration.',
          'With 2 plies left at a node, the pass leaves 2 − 2 − 1 = −1 plies: the position after the pass is simply evaluated, as near the leaves in the chess position above. The tree draws the null move as a node labelled “--”, like a move. Its score is from the side to move there, the opponent, and changes sign at its parent, as in the chess position: −1 for Ringed is +1 for Solid.',
        ],
        departs: 'Connect Four was solved in 1988 by James Allen and by Victor Allis (A Knowledge-based Approach of Connect-Four, his thesis), whose solution rests on zugzwang; so the page refuses null moves in this game unless a position is marked as this demonstration.',
        setup: { game: 'connect4', pos: '5764747751666771225661154244112452', unsafe_null_move: true, depth: 4, algo: 'pvs', enable: 'null_move' },
        pauses: [
          { ask: 'nullcut', at: { next: 'null_verdict' }, say: 'Solid played 2 and Ringed 5: Solid is to move, with 2 plies left, and only column 3 has room. A null move lets Solid pass instead.' },
        ],
        closing: { ask: 'same', before: 'without the null move', now: 'with the null move', say: 'The search goes on to its end. A pass is not a legal move in Connect Four.' },
      },
    ],
  },
  {
    id: 8,
    slug: 'uncertainty-multi-cut',
    title: 'Uncertainty cut-offs and multi-cut',
    source: 'Björnsson, Marsland, Schaeffer & Junghanns, Searching with uncertainty cut-offs, ICCA Journal 20(1) (1997); Björnsson & Marsland, Multi-cut αβ-pruning in game-tree search, Theoretical Computer Science 252 (2001); Winands et al., Enhanced forward pruning (2003/2005)',
    text: [
      'Two more forward-pruning ideas, both at expected CUT nodes: nodes that Knuth and Moore’s rule (lesson 3) expects to fail high, where one good move should be enough. An expected CUT node may turn out otherwise and try many moves. As in lesson 7, scores are from the side to move, and a move fails high (lesson 7’s words) when its score reaches the node’s β.',
      'Multi-cut (Björnsson & Marsland): at an expected CUT node with enough depth left (d − 1 − R ≥ 0, d being the plies left there), first probe the first M moves: search each one R plies shallower than normal (this R is multi-cut’s own reduction, not the null move’s). If at least C of these probes fail high, a full search would very likely cut too: cut now and return β itself, a bound (“at least β”) that may be wrong. Returning the window’s own bound β, not a score a probe found, is called fail-hard; lesson 2’s search, which returns the score it found, is fail-soft. It stops probing as soon as C of them have failed high, so it often probes fewer than M. Here M = 10, C = 3, R = 3.',
      'Uncertainty cut-offs (Björnsson, Marsland, Schaeffer & Junghanns): an expected CUT node with n moves that has tried more than n × CUT_RATIO of them without a cut-off starts to look like an ALL node (CUT_RATIO = 0.5 here: with 30 moves, 30 × 0.5 = 15, so it stops after the 16th; every move tried counts, captures too). It stops early and returns the best score it has so far, flagged uncertain: a bookmark saying “this may be wrong”. Only the moves not yet tried that are not captures (quiet moves) are skipped: captures are still searched. The flag marks only uncertainty cut-offs: multi-cut’s cut-offs are not flagged.',
      'The safe form used here cuts only at an expected CUT node whose parent is a PV node, and only when the value it would return lies inside its parent’s window, so that the parent would search the move again anyway (as a scout that comes back “better” is searched again in lesson 5). The flag travels up: a node whose value comes from an uncertain child is uncertain too. A PV node that receives an uncertain value searches that move again in full, which clears the flag.',
      'The position is the start of a chess game, searched 5 plies deep; captures are tried first (most valuable victim first, least valuable attacker first). The line under the board is the position in FEN, chess’s usual text notation for a position.',
    ],
    shows: { view: 'side' }, // scores from the side to move, as in lesson 7
    departs: 'The page follows the papers’ names (M, C, R, CUT_RATIO). M = 10, C = 3, R = 3 are the multi-cut settings (MC-C at CUT nodes) of Winands et al.’s experiment as the Enhanced Forward Pruning slides (2019) list them, on the slide “Multi-cut”; CUT_RATIO = 0.5 is the largest of the three ratios in Björnsson et al.’s Table 1 (10, 30 and 50 % of the legal moves). The safe form’s limits are the paper’s Fig. 5; it re-searches uncertain values at PV nodes as the Chess Programming Wiki’s pseudo-code does; captures are never skipped by an uncertainty cut-off (the paper’s §5).',
    setup: { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', depth: 5, iterative: true, algo: 'pvs', enable: 'tt, tt_move, mvv_lva, mc_c, uc_safe' },
    pauses: [
      { ask: 'ucut', at: { next: 'uncertainty_cutoff' }, say: 'The first uncertainty cut-off happens in the second iteration (2 plies deep), before any multi-cut. The search has just entered this node, with 1 ply left below it: too few for multi-cut’s probes (d − 1 − R ≥ 0 is needed), so it tries its moves one by one. They will be drawn below it as they are tried.' },
      { ask: 'multicut', at: { next: 'multi_cut' }, say: 'This expected CUT node has probed its first moves 3 plies shallower.' },
    ],
    closing: { ask: 'uncertain', say: 'The search uses uncertainty cut-offs in the safe form.' },
    // the same search without multi-cut: not flagged uncertain is not the same as unchanged
    // (issue 27: the flag marks only uncertainty cut-offs, as lesson 7 part 3 shows for the null move)
    parts: [
      {
        title: 'Part 2: the same search without multi-cut',
        text: [
          'Now the same position is searched again with multi-cut switched off and everything else the same: 5 plies, the same move ordering, the same safe uncertainty cut-offs.',
        ],
        setup: { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', depth: 5, iterative: true, algo: 'pvs', enable: 'tt, tt_move, mvv_lva, uc_safe' },
        pauses: [],
        closing: { ask: 'same', before: 'with multi-cut', now: 'without multi-cut', say: 'Before this search is stepped: predict.' },
      },
    ],
  },
  {
    id: 9,
    slug: 'chance',
    title: 'Chance nodes: expectiminimax and Ballard’s Star1',
    source: 'Russell & Norvig, AIMA 3rd ed., ch. 5 (§5.5, expectiminimax); Ballard, The *-minimax search procedure for trees containing chance nodes, Artificial Intelligence 21:327–350 (1983); Star1 in the form of Hauk, Buro & Schaeffer, Rediscovering *-minimax search (2004)',
    text: [
      'Some games have dice. Between the players’ turns, chance decides what happens next. Scores are from MAX’s view again, as in lessons 1–6 (lessons 7 and 8 used the side to move). The game tree then has a third kind of node, the chance node, drawn as a circle: nobody chooses there; each branch happens with some probability, written above it as p.',
      'The page can also write a tree as text: a node’s children in parentheses, a leaf as its value (lesson 1’s tree is ((3 12 8) (2 4 6) (14 5 2))). A chance node is written in square brackets, each branch with its weight before a colon. A branch’s probability is its weight divided by the sum of the weights of its chance node: in [1:a 3:b], branch 0 has probability 1/4 and branch 1 has 3/4.',
      'AIMA’s expectiminimax extends lesson 1’s minimax: a MAX node takes the largest value of its children and a MIN node the smallest, as before; a chance node takes the weighted average of its branches: the sum of each branch’s value times its probability (the probabilities already add up to 1, so the sum is the average). Values become fractions: the page writes them exactly, as n/d, never as decimals. Type one as 7/2 (or a whole number when it is one).',
      'Can lesson 2’s pruning work at a chance node? One poor branch proves nothing: the other branches may make up for it. It can if every leaf value is known to lie between two limits, L (the lowest) and U (the highest). The tree text then starts with “bounds L U”; here L = 0 and U = 10. With bounds the root starts with the window (L, U) = (0, 10), not lesson 2’s (−∞, +∞): no value lies outside it.',
      'Ballard’s *-minimax (“star”) search, in its first and simplest form Star1, gives each chance node a window, like alpha-beta. After each branch it asks: even if every branch still to come were worth U, could the average still climb above α? If not, it stops, and the branches left are pruned. Likewise: if, even with every branch still to come worth L, the average could not fall below β, it stops. The value it returns is then a bound, as a cut-off’s was in lesson 2: “≤ v” when the α test stopped it, v being the average with the pruned branches counted at U. A chance node does not pass its window on unchanged: each branch gets a narrower one, worked out from the window, the branches already searched, L and U. Ballard calls the two limits for branch i A_i and B_i: branch i must come out above A_i, or the average cannot climb above α, and below B_i, or it cannot fall below β. The text under the tree (the narration) and the node’s details (the inspector) say which limit stopped the node.',
      'Here MAX chooses between two chance nodes. Under node 0, branch 1 leads to a MIN node. The search goes left to right, as always, and the root’s answer is expectiminimax’s.',
    ],
    departs: 'AIMA only sketches pruning at chance nodes with bounded values; Star1 is Ballard’s, written as Hauk, Buro & Schaeffer give it. Ballard counts branches from 1; the page counts them from 0, as it counts moves, so its B_1 is the limit after the second branch. The page states windows and bounds from MAX’s view; Ballard’s are from the side to move (negamax: one player’s +v is the other’s −v), so where MIN moves after a chance node (node 1 here) the page writes his limit negated, with a minus sign: a cut shown as “v ≤ w = −B_i” is the α test of the text above. This tree’s cut at node 1 is “2 ≤ 8 = −B_1” for his “−2 ≥ B_1 = −8”. Berkeley’s CS188 calls the search of a tree of MAX and chance nodes only expectimax, and with MIN nodes too, as here, expectiminimax; the page’s algorithm for both is named expectimax.',
    shows: { types: false }, // node types (lesson 3) are not needed here
    setup: { tree: 'bounds 0 10 ([1:5 2:(7 9)] [1:1 1:2 1:9])', algo: 'star1' },
    pauses: [
      { ask: 'value', at: { path: [0] }, bounds: false, fraction: true, say: 'Node 0, a chance node, has seen both its branches: a leaf worth 5 (weight 1, p = 1/3) and the MIN node 0.1 (weight 2, p = 2/3).' },
      { ask: 'pruned', at: { path: [1, 2] }, say: 'Node 1, the second chance node, has three branches of weight 1 each. Its first two have returned. Node 1 was entered with α = 19/3, from the root. Star1 knows that no leaf is worth more than U = 10.' },
    ],
    closing: { ask: 'value', at: {}, bounds: false, fraction: true, say: 'Both chance nodes have returned. MAX chooses at the root.' },
    // the closing exercise, in the exercise link's own words (docs/share-links.md, Exercises)
    exerciseLink: { chance: '1', algo: 'star1', b: '2', d: '2', values: '0..9' },
  },
]);

/** The lesson with `id`, or null. */
export const lessonById = (id) => LESSONS.find((l) => l.id === id) ?? null;
