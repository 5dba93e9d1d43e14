// The chess board (chessground, view only): the position at the node the inspector shows, with
// the move into it highlighted. Loaded by the composition root; a missing chessground leaves
// the rest of the page working.

import { $, setText } from '../dom.js';
import { NONE } from '../model/store.js';
import { isGame } from '../model/games.js';

/** Whether the reader asked the system for reduced motion (`prefers-reduced-motion`). */
const reduceMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Whether the page shows a chess board now: the trace shown is a chess search, or the Chess
 * tab is open before a search. The composition root loads chessground the first time it is. */
export function showsChess(app) {
  const t = app.mode().driver();
  return t.input?.kind === 'chess' || (!t.input && app.state.tab === 'chess');
}

/** Whether `fen`'s first field is a board: eight ranks of pieces and empty squares, 8 files each. */
function placement(fen) {
  const ranks = fen.split(/\s+/)[0].split('/');
  return ranks.length === 8 && ranks.every((r) => /^[pnbrqkPNBRQK1-8]+$/.test(r) && [...r].reduce((n, c) => n + (/\d/.test(c) ? Number(c) : 1), 0) === 8);
}

/** `Chessground`: the library's constructor; `app`: { state, mode() }. */
export function createBoard(Chessground, app) {
  const cg = Chessground($('board'), {
    viewOnly: true,
    coordinates: true,
    disableContextMenu: true,
    animation: { enabled: !reduceMotion(), duration: 150 },
    highlight: { lastMove: true, check: true },
    drawable: { enabled: false, visible: true },
  });
  let shown = null; // UI-local: what the board last drew (a memo)

  return {
    render() {
      const mode = app.mode();
      const t = mode.driver();
      const chess = showsChess(app);
      // the card holds a small game's board too (www/views/game-board.js)
      $('board-card').hidden = !chess && !isGame(t.input);
      $('board').hidden = !chess;
      if (!chess) return;
      // the Chess tab's position as chosen, until the next search (issue 29 §5)
      const pos = app.state.explore.position;
      const chosen = app.state.mode === 'explore' && app.state.tab === 'chess' && pos && pos.generation === t.generation && pos.fen !== t.input?.fen && placement(pos.fen);
      if (chosen) {
        const fields = pos.fen.split(/\s+/);
        const key = `chosen|${pos.fen}`;
        if (key === shown) return;
        shown = key;
        const side = fields[1] === 'b' ? 'black' : 'white';
        if (cg.state.orientation !== side) cg.set({ orientation: side });
        cg.set({ fen: fields[0], turnColor: side, lastMove: undefined, check: false });
        setText('board-fen', pos.fen);
        return;
      }
      if (!t.input) return;
      const id = mode.shownNode();
      const fen = (id !== NONE ? t.names.fen(id) : null) ?? t.input.fen;
      const last = id !== NONE ? t.names.squares(id) : undefined;
      const san = id !== NONE && t.store.parent[id] !== NONE ? t.names.move(id) : '';
      const fields = fen.split(/\s+/);
      const turn = fields[1] === 'b' ? 'black' : 'white';
      const root = t.input.fen.split(/\s+/)[1] === 'b' ? 'black' : 'white';
      const key = `${fen}|${last?.join('') ?? ''}|${root}|${san}`;
      if (key === shown) return;
      shown = key;
      if (cg.state.orientation !== root) cg.set({ orientation: root });
      // WCAG 2.3.3: pieces jump instead of gliding while the reader asks for reduced motion
      // (read on every change, so switching the preference takes effect at the next step)
      const glide = !reduceMotion();
      if (cg.state.animation.enabled !== glide) cg.set({ animation: { enabled: glide, duration: 150 } });
      cg.set({ fen: fields[0], turnColor: turn, lastMove: last, check: /[+#]$/.test(san) ? turn : false });
      setText('board-fen', fen);
    },
    redraw: () => cg.redrawAll(),
  };
}
