// The chessground board: the position at the selected / cursor node, view only.

import { Chessground } from 'chessground';

export class Board {
  constructor(el) {
    this.el = el;
    this.fen = null;
    this.cg = Chessground(el, {
      viewOnly: true,
      coordinates: true,
      disableContextMenu: true,
      animation: { enabled: true, duration: 150 },
      highlight: { lastMove: true, check: true },
      drawable: { enabled: false, visible: true },
    });
  }

  /** Shows `fen` with `lastMove` ([from, to] squares or undefined) highlighted. */
  show(fen, lastMove) {
    const key = fen + '|' + (lastMove ? lastMove.join('') : '');
    if (key === this.fen) return;
    this.fen = key;
    const fields = fen.split(/\s+/);
    const turnColor = fields[1] === 'b' ? 'black' : 'white';
    this.cg.set({ fen: fields[0], turnColor, lastMove: lastMove || undefined, check: false });
  }

  /** Marks the king of the side to move as in check. */
  setCheck(inCheck) {
    this.cg.set({ check: inCheck });
  }

  orient(color) {
    if (this.cg.state.orientation !== color) this.cg.set({ orientation: color });
  }

  redraw() {
    this.cg.redrawAll();
  }
}
