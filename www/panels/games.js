// The Games tab of the input panel (loaded the first time it is opened, www/main.js
// `loadGames`): tic-tac-toe, Nim and Connect Four, each set up by clicking its board (a square
// or a column plays the next mark or disc; a Nim object takes it and those after it) or by
// typing its notation (docs/games.md), with the depth, iterative deepening and the game's own
// switches (misère play; Connect Four's null move, only as the unsafe zugzwang
// demonstration). Every position is checked and drawn by the core (`check_input`,
// `game_view`, `game_play`); `read()` gives the request, `restore()` puts an input back.

import { $, h, setText } from '../dom.js';
import { MAX_DEPTH } from '../schema.js';

const GAMES = [
  { kind: 'tictactoe', name: 'Tic-tac-toe', pos: 'Position (rows top first: x, o, .)', empty: { kind: 'tictactoe', position: '.../.../...' } },
  { kind: 'nim', name: 'Nim', pos: 'Piles (objects in each, comma-separated)', empty: { kind: 'nim', piles: [1, 3, 5], misere: false } },
  { kind: 'connect4', name: 'Connect Four', pos: 'Columns played (1–7 from the left)', empty: { kind: 'connect4', position: '', unsafe_null_move: false } },
];
const GAME = Object.fromEntries(GAMES.map((g) => [g.kind, g]));

/** Connect Four's default depth (the CLI's): the whole game is far too big for a page. */
const CONNECT4_DEPTH = 6;

/**
 * `app`: { core, onInputChange() }; `mountBoard`: the board widget (www/views/games/board.js).
 * Builds the tab's fields in `#game-panel`.
 */
export function createGamesPanel(app, { mountBoard }) {
  const { core } = app;
  /** Each game's position and depth text as last set up, and its undo history. */
  const setups = Object.fromEntries(GAMES.map((g) => [g.kind, { input: g.empty, depth: g.kind === 'connect4' ? String(CONNECT4_DEPTH) : '', history: [] }]));
  // UI-local: which game the panel's form is set up for (its menu shows it); the search gets the input it builds
  let kind = 'tictactoe';

  const field = (label, control, hint) => h('label', { class: 'field' }, label, hint ? h('span', { class: 'hint' }, hint) : null, control);
  const pos = h('input', { id: 'game-pos', type: 'text', spellcheck: 'false', autocomplete: 'off' });
  const depth = h('input', { id: 'game-depth', type: 'number', min: '1', max: String(MAX_DEPTH) });
  const posLabel = h('span', { id: 'game-pos-label' });
  const boardEl = h('div', { id: 'game-setup', class: 'game-setup' });
  $('game-panel').replaceChildren(
    field('Game', h('select', { id: 'game-kind' }, GAMES.map((g) => h('option', { value: g.kind }, g.name)))),
    boardEl,
    h('div', { class: 'row game-tools', 'data-own-keys': true },
      h('button', { type: 'button', id: 'game-undo', title: 'Take back the last click on the board' }, '↶ Undo'),
      h('button', { type: 'button', id: 'game-clear', title: 'Start again from the empty board (Nim: piles 1, 3, 5)' }, 'Reset'),
      h('button', { type: 'button', id: 'nim-add', class: 'nim-only', title: 'Add a pile of 3 objects' }, '+ pile'),
      h('button', { type: 'button', id: 'nim-remove', class: 'nim-only', title: 'Remove the last pile' }, '− pile')),
    h('label', { class: 'field' }, posLabel, pos),
    h('label', { class: 'check nim-only' }, h('input', { id: 'nim-misere', type: 'checkbox' }), 'Misère play (who takes the last object loses)'),
    h('label', { class: 'check c4-only', title: 'Null-move pruning assumes passing is worse than moving; zugzwang makes that false in Connect Four, so it can return a wrong value' },
      h('input', { id: 'c4-unsafe', type: 'checkbox' }), h('span', null, 'Allow null move — ', h('b', { class: 'warn-text' }, 'unsafe'), ': the zugzwang demonstration')),
    h('div', { class: 'row' },
      h('label', { class: 'field small' }, 'Depth', depth),
      h('label', { class: 'check' }, h('input', { id: 'game-iterative', type: 'checkbox', checked: true }), 'Iterative deepening')),
    h('div', { class: 'err', id: 'game-err', role: 'alert' }),
    h('div', { class: 'hint', id: 'game-hint' }),
  );
  const board = mountBoard(boardEl, { core, onChange: (next) => setPosition(next, true), label: 'Set-up board' });

  /** The input the fields describe now (not yet checked). */
  function fieldsInput() {
    const text = pos.value.trim();
    if (kind === 'tictactoe') return { kind, position: text };
    if (kind === 'connect4') return { kind, position: text, unsafe_null_move: $('c4-unsafe').checked };
    const piles = text.split(/[\s,]+/).filter(Boolean).map(Number);
    return { kind, piles: piles.every((n) => Number.isSafeInteger(n) && n >= 0) ? piles : [NaN], misere: $('nim-misere').checked };
  }

  /** Checks the fields through the core; draws the board when they are good. */
  function check() {
    const input = fieldsInput();
    const bad = input.piles?.some(Number.isNaN) ? { message: 'piles: enter whole numbers separated by commas, e.g. 1,3,5' } : core.check_input(input);
    setText('game-err', bad ? bad.message : '');
    pos.classList.toggle('invalid', !!bad);
    if (bad) return [null, bad.message];
    setups[kind].input = input;
    board.set(input);
    const v = board.view;
    setText('game-hint', v.whole_depth ? `The whole game from here is ${v.whole_depth} ${v.whole_depth === 1 ? 'ply' : 'plies'} deep: leave the depth empty to search it all.` : 'Searched to the depth limit, where an unfinished game is scored by an evaluation (the lines still open for each side in tic-tac-toe and Connect Four).');
    depth.placeholder = v.whole_depth ? `all (${v.whole_depth})` : '';
    return [input, null];
  }

  /** Shows `input` (of the current game) in the fields; `remember` keeps the last for Undo. */
  function setPosition(input, remember) {
    const s = setups[kind];
    if (remember) s.history.push(s.input);
    s.input = input;
    pos.value = input.kind === 'nim' ? input.piles.join(',') : input.position;
    if (input.kind === 'nim') $('nim-misere').checked = !!input.misere;
    if (input.kind === 'connect4') $('c4-unsafe').checked = !!input.unsafe_null_move;
    check();
    $('game-undo').disabled = !s.history.length;
    app.onInputChange?.();
  }

  /** Switches the tab to game `k`, with its last position. */
  function choose(k) {
    setups[kind].depth = depth.value;
    kind = k;
    $('game-kind').value = k;
    setText(posLabel, GAME[k].pos);
    for (const el of $('game-panel').querySelectorAll('.nim-only')) el.hidden = k !== 'nim';
    for (const el of $('game-panel').querySelectorAll('.c4-only')) el.hidden = k !== 'connect4';
    depth.value = setups[k].depth;
    setPosition(setups[k].input, false);
  }

  let timer = 0; // UI-local: a debounce timer
  $('game-kind').addEventListener('change', () => choose($('game-kind').value));
  pos.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      setups[kind].history.push(setups[kind].input);
      check();
      $('game-undo').disabled = false;
      app.onInputChange?.();
    }, 150);
  });
  for (const id of ['nim-misere', 'c4-unsafe']) $(id).addEventListener('change', () => {
    check();
    app.onInputChange?.();
  });
  $('game-undo').addEventListener('click', () => {
    const s = setups[kind];
    if (s.history.length) setPosition(s.history.pop(), false);
  });
  $('game-clear').addEventListener('click', () => setPosition({ ...GAME[kind].empty, ...(kind === 'nim' ? { misere: $('nim-misere').checked } : {}) }, true));
  $('nim-add').addEventListener('click', () => {
    const [input] = check();
    if (input) setPosition({ ...input, piles: [...input.piles, 3] }, true);
  });
  $('nim-remove').addEventListener('click', () => {
    const [input] = check();
    if (input && input.piles.length > 1) setPosition({ ...input, piles: input.piles.slice(0, -1) }, true);
  });
  choose(kind);

  return {
    /** The game chosen now ('tictactoe', 'nim' or 'connect4'). */
    get kind() {
      return kind;
    },
    /** The input the fields describe, if the core accepts it (for checking techniques), else null. */
    peek: () => check()[0],
    /**
     * The request: { input, depth, iterative, hint: 0 }, or null after showing what is wrong
     * beside its field (and focusing it).
     */
    read() {
      const [input] = check();
      if (!input) {
        pos.focus();
        return null;
      }
      const raw = depth.value.trim();
      let d = board.view.whole_depth;
      if (raw !== '' || !d) {
        d = Number(raw);
        if (!Number.isSafeInteger(d) || d < 1 || d > MAX_DEPTH) {
          setText('game-err', `depth must be between 1 and ${MAX_DEPTH}${board.view.whole_depth ? ', or empty for the whole game' : ''}`);
          depth.classList.add('invalid');
          depth.focus();
          return null;
        }
      }
      depth.classList.remove('invalid');
      return { input, depth: d, iterative: $('game-iterative').checked, hint: 0 };
    },
    /** Puts a game's `input` (and the depth and iterative deepening of `config`) back. */
    restore(input, config) {
      if (!GAME[input.kind]) return;
      choose(input.kind);
      setPosition(input, true);
      if (config) {
        depth.value = config.depth === board.view.whole_depth && input.kind !== 'connect4' ? '' : String(config.depth);
        $('game-iterative').checked = !!config.iterative;
      }
    },
  };
}
