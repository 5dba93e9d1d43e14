// The Games tab of the input panel (loaded the first time it is opened, www/main.js
// `loadGames`): the core's small games (`GAMES` of www/schema.js, from the game registry,
// src/game/registry.rs; today tic-tac-toe, Nim and Connect Four), each set up by clicking its board (a square
// or a column plays the next mark or disc; a Nim object takes it and those after it) or by
// typing its notation (docs/games.md), with the depth, iterative deepening and the game's own
// switches (misère play; Connect Four's null move, only as the unsafe zugzwang
// demonstration). Every position is checked and drawn by the core (`check_input`,
// `game_view`, `game_play`); `read()` gives the request, `restore()` puts an input back.

import { $, h, setText } from '../dom.js';
import { MAX_DEPTH } from '../schema.js';
import { GAMES, GAME, gameTitle } from '../model/games.js';

/** The link key of a game's position, typed in the position field: its text or its list of
 * numbers (the other keys are switches, each a checkbox of its own). */
const positionKey = (g) => g.link.find((k) => k.shape !== 'flag');

/**
 * `app`: { core, onInputChange() }; `mountBoard`: the board widget (www/views/games/board.js).
 * Builds the tab's fields in `#game-panel`.
 */
export function createGamesPanel(app, { mountBoard }) {
  const { core } = app;
  /** Each game's position and depth text as last set up, and its undo history. */
  // a game searched to a depth limit starts at its default depth (Connect Four's 6, the CLI's)
  const setups = Object.fromEntries(GAMES.map((g) => [g.kind, { input: g.start, depth: g.default_depth ? String(g.default_depth) : '', history: [] }]));
  // UI-local: which game the panel's form is set up for (its menu shows it); the search gets the input it builds
  let kind = GAMES[0].kind;

  const field = (label, control, hint) => h('label', { class: 'field' }, label, hint ? h('span', { class: 'hint' }, hint) : null, control);
  const pos = h('input', { id: 'game-pos', type: 'text', spellcheck: 'false', autocomplete: 'off' });
  const depth = h('input', { id: 'game-depth', type: 'number', min: '1', max: String(MAX_DEPTH) });
  const posLabel = h('span', { id: 'game-pos-label' });
  const boardEl = h('div', { id: 'game-setup', class: 'game-setup' });
  $('game-panel').replaceChildren(
    field('Game', h('select', { id: 'game-kind' }, GAMES.map((g) => h('option', { value: g.kind }, gameTitle(g))))),
    boardEl,
    h('div', { class: 'row game-tools', 'data-own-keys': true },
      h('button', { type: 'button', id: 'game-undo', title: 'Take back the last click on the board' }, '↶ Undo'),
      h('button', { type: 'button', id: 'game-clear', title: 'Start again from the empty board (Nim: piles 1, 3, 5)' }, 'Reset'),
      h('button', { type: 'button', id: 'nim-add', 'data-shape': 'numbers', title: 'Add a pile of 3 objects' }, '+ pile'),
      h('button', { type: 'button', id: 'nim-remove', 'data-shape': 'numbers', title: 'Remove the last pile' }, '− pile')),
    h('label', { class: 'field' }, posLabel, pos),
    // the games' switches, each shown for the games whose input has its field
    h('label', { class: 'check', 'data-field': 'misere' }, h('input', { id: 'nim-misere', type: 'checkbox' }), 'Misère play (who takes the last object loses)'),
    h('label', { class: 'check', 'data-field': 'unsafe_null_move', title: 'Null-move pruning assumes passing is worse than moving; zugzwang makes that false in Connect Four, so it can return a wrong value' },
      h('input', { id: 'c4-unsafe', type: 'checkbox' }), h('span', null, 'Allow null move — ', h('b', { class: 'warn-text' }, 'unsafe'), ': the zugzwang demonstration')),
    h('div', { class: 'row' },
      h('label', { class: 'field small' }, 'Depth', depth),
      h('label', { class: 'check' }, h('input', { id: 'game-iterative', type: 'checkbox', checked: true }), 'Iterative deepening')),
    h('div', { class: 'err', id: 'game-err', role: 'alert' }),
    h('div', { class: 'hint', id: 'game-hint' }),
  );
  const board = mountBoard(boardEl, { core, onChange: (next) => setPosition(next, true), label: 'Set-up board' });

  /** The checkbox of each switch of a game's input, by the input's field. */
  const SWITCHES = { misere: $('nim-misere'), unsafe_null_move: $('c4-unsafe') };

  /** The input the fields describe now (not yet checked), in the game's link keys' order. */
  function fieldsInput() {
    const text = pos.value.trim();
    const input = { kind };
    for (const k of GAME[kind].link) {
      if (k.shape === 'flag') input[k.field] = !!SWITCHES[k.field]?.checked;
      else if (k.shape === 'numbers') {
        const ns = text.split(/[\s,]+/).filter(Boolean).map(Number);
        input[k.field] = ns.every((n) => Number.isSafeInteger(n) && n >= 0) ? ns : [NaN];
      } else input[k.field] = text;
    }
    return input;
  }

  /** Checks the fields through the core; draws the board when they are good. */
  function check() {
    const input = fieldsInput();
    const numbers = GAME[kind].link.find((k) => k.shape === 'numbers' && input[k.field].some(Number.isNaN));
    const bad = numbers ? { message: `${numbers.field}: enter whole numbers separated by commas, e.g. 1,3,5` } : core.check_input(input);
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
    for (const k of GAME[kind].link) {
      const v = input[k.field];
      if (k.shape !== 'flag') pos.value = k.shape === 'numbers' ? v.join(',') : v;
      else if (SWITCHES[k.field]) SWITCHES[k.field].checked = !!v;
    }
    check();
    $('game-undo').disabled = !s.history.length;
    app.onInputChange?.();
  }

  /** Switches the tab to game `k`, with its last position. */
  function choose(k) {
    setups[kind].depth = depth.value;
    kind = k;
    $('game-kind').value = k;
    setText(posLabel, GAME[k].position_label);
    const fields = new Set(GAME[k].link.map((l) => l.field));
    for (const el of $('game-panel').querySelectorAll('[data-field]')) el.hidden = !fields.has(el.dataset.field);
    for (const el of $('game-panel').querySelectorAll('[data-shape]')) el.hidden = positionKey(GAME[k]).shape !== el.dataset.shape;
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
  // Reset keeps the game's switches as they are (Nim's misère play), but not the unsafe
  // demonstration, which Reset turns off as the starting input says
  $('game-clear').addEventListener('click', () => setPosition({ ...GAME[kind].start, ...(fieldsInput().misere !== undefined ? { misere: $('nim-misere').checked } : {}) }, true));
  /** Adds a pile of 3 objects or removes the last one, in a game typed as a list of numbers. */
  const piles = (change) => () => {
    const [input] = check();
    const f = positionKey(GAME[kind]).field;
    const next = input && change(input[f]);
    if (next) setPosition({ ...input, [f]: next }, true);
  };
  $('nim-add').addEventListener('click', piles((ns) => [...ns, 3]));
  $('nim-remove').addEventListener('click', piles((ns) => ns.length > 1 && ns.slice(0, -1)));
  choose(kind);

  return {
    /** The game chosen now (its input `kind`). */
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
        depth.value = config.depth === board.view.whole_depth && !GAME[input.kind].default_depth ? '' : String(config.depth);
        $('game-iterative').checked = !!config.iterative;
      }
    },
  };
}
