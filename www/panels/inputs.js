// The input panel (both modes): what to search — a chess position, a tree in textbook
// notation, a seeded random tree, or a small game (the Games tab, www/panels/games.js, loaded
// the first time it is opened). It checks what is typed through the core (wasm
// `validate`, on this thread) and shows each message beside its field; `read()` gives the
// request, `restore()` puts an opened trace's input back.

import { $, h, setText } from '../dom.js';
import { START_FEN, KIWIPETE, trees } from '../model/presets.js';
import { fmtInt } from '../model/format.js';
import { MAX_DEPTH } from '../schema.js';
import { isGame } from '../model/games.js';
import { treeShape } from '../model/shape.js';

/** The core's random-tree parameter names → their fields. */
const RANDOM_FIELDS = { branching: 'rnd-b', depth: 'rnd-d', seed: 'rnd-seed', ordering: 'rnd-p' };

const ORDER_WORDS = { best: 'best first (perfect)', worst: 'worst first', random: 'random', p: 'best first with probability p' };

/**
 * Puts the first classic tree into the Tree tab's text while the wasm is still on its way (the
 * page's default input, and its largest text: painted with the controls, not once the engine
 * is ready). Leaves alone a text already there (typed, or restored by the browser).
 */
export function paintDefaultTree() {
  const text = $('tree-text');
  if (!text.value.trim()) text.value = trees()[0].text;
}

/**
 * `app`: { state, core, selectTab(tab) (the action that changes the state's tab),
 * onInputChange(), loadGames() }.
 */
export function createInputs(app) {
  const { state, core } = app;
  const TREES = trees();
  const timers = {};
  const debounce = (key, f, ms = 150) => {
    clearTimeout(timers[key]);
    timers[key] = setTimeout(f, ms);
  };

  /** Shows `msg` beside a field (and marks the inputs). */
  function setError(errId, msg, inputs = []) {
    const el = $(errId);
    setText(el, msg || '');
    for (const id of inputs) $(id).classList.toggle('invalid', !!msg);
  }

  /** A whole number typed in a field, or an error naming it. */
  function whole(id, name) {
    const raw = $(id).value.trim();
    const v = Number(raw);
    if (raw === '' || !Number.isSafeInteger(v) || v < 0) return [null, `${name} must be a whole number`];
    return [v, null];
  }

  /** Shows the input of `tab` (the state's `tab`, which the action setTab changes). */
  function showTab(tab) {
    for (const b of document.querySelectorAll('.tabs button')) b.setAttribute('aria-selected', String(b.dataset.tab === tab));
    for (const p of document.querySelectorAll('.inputs .panel')) p.hidden = p.dataset.panel !== tab;
    if (tab === 'chess') chessPanel();
    if (tab === 'game') gamesPanel().catch((e) => setText('game-load-err', `The games could not be loaded: ${e.message ?? e}`));
  }

  // ---- games (loaded on first use) -----------------------------------------------------------
  let games = null; // UI-local: modules loaded on first use, and the loads under way
  let gamesWaiting = null;
  /** The Games tab, built once its modules have loaded. */
  function gamesPanel() {
    return (gamesWaiting ??= app.loadGames().then(({ board, panel }) => {
      games = panel.createGamesPanel(app, { mountBoard: board.mountBoard });
      return games;
    }));
  }

  // ---- chess ---------------------------------------------------------------------------------
  let chessWaiting = null; // UI-local: a module load under way
  /**
   * The Chess tab's engine: chess is the engine's second part (www/engine/core.js), loaded the
   * first time the tab is shown, with a line that says so meanwhile; then the Bratko–Kopec
   * positions (read by its EPD parser) and the FEN's check.
   */
  function chessPanel() {
    if (core.hasSecond) return Promise.resolve();
    if (chessWaiting) return chessWaiting;
    setText('chess-load', 'Loading chess: the engine\'s second part comes once, then stays cached…');
    return (chessWaiting = core.loadSecond().then(
      () => {
        setText('chess-load', '');
        fillBratkoKopec();
        checkFen();
      },
      (e) => {
        chessWaiting = null;
        setText('chess-load', `Chess could not be loaded: ${e.message ?? e}. Show the tab again to retry.`);
      },
    ));
  }
  function fillBratkoKopec() {
    const bk = $('fen-preset').querySelector('optgroup');
    fetch('www/data/bk.epd')
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((text) => {
        for (const p of core.parse_epd(text)) bk.append(h('option', { value: p.fen }, `${p.id} — best ${p.best_moves.join(' ')}`));
        syncFenPreset();
      })
      .catch((e) => console.info('Bratko–Kopec positions unavailable:', e.message));
  }
  /** The FEN's problem, or null; not checked (null) until chess has loaded (`chessPanel`). */
  function checkFen() {
    if (!core.hasSecond) return null;
    const fen = $('fen').value.trim();
    const err = fen ? core.check_input({ kind: 'chess', fen })?.message ?? null : 'enter a FEN';
    setError('fen-err', err, ['fen']);
    return err;
  }
  function checkChessDepth() {
    const [d, e] = whole('chess-depth', 'depth');
    const err = e ?? (d < 1 || d > MAX_DEPTH ? `depth must be between 1 and ${MAX_DEPTH}, got ${d}` : null);
    setError('chess-depth-err', err, ['chess-depth']);
    return [d, err];
  }

  // ---- trees ---------------------------------------------------------------------------------
  // UI-local: the last text checked and what the core said of it. Start checks the field again;
  // a text already checked is not parsed again (a generated chance tree of a million nodes is
  // 3.4 MB, and each parse held the page's thread about 100 ms as the search started).
  let checked = { text: null, err: null, ok: '' };
  function checkTree() {
    const text = $('tree-text').value;
    if (checked.text !== text) {
      const err = text.trim() ? core.check_input({ kind: 'tree', text })?.message ?? null : 'enter a tree, e.g. ((3 12 8) (2 4 6) (14 5 2))';
      checked = { text, err, ok: err ? '' : shapeWords(text) };
    }
    const { err, ok } = checked;
    setError('tree-err', err, ['tree-text']);
    setText('tree-ok', ok);
    // a tree with chance nodes is searched by the chance searches only: the algorithm menu
    // offers them then (and only then)
    app.onChanceTree?.(!err && treeChance);
    return err;
  }
  let treeChance = false; // UI-local: derived from the tree field's text when it changes
  /** What the core's reading of a valid tree text says of it: leaves, depth, who moves first. */
  function shapeWords(text) {
    let shape;
    treeChance = false;
    try {
      shape = treeShape(core, text);
    } catch {
      return '';
    }
    treeChance = !!shape.chance;
    const { first } = shape;
    const n = first.length - 1;
    const depth = new Uint32Array(n);
    let leaves = 0, deepest = 0;
    for (let i = 0; i < n; i++) {
      if (first[i] === first[i + 1]) leaves++;
      for (let c = first[i]; c < first[i + 1]; c++) deepest = Math.max(deepest, (depth[c] = depth[i] + 1));
    }
    return `✓ valid: ${fmtInt(leaves)} ${leaves === 1 ? 'leaf' : 'leaves'}, depth ${deepest}${shape.min ? ', MIN at the root' : ''}${shape.chance ? ', chance nodes (expectimax, star1, star2)' : ''}`;
  }

  // ---- random --------------------------------------------------------------------------------
  /** The random-tree input from the fields: [input, error, field id]. */
  function randomInput() {
    for (const [id, name] of [['rnd-b', 'branching'], ['rnd-d', 'depth'], ['rnd-seed', 'seed']]) {
      const [, e] = whole(id, name);
      if (e) return [null, e, id];
    }
    let ordering = $('rnd-order').value;
    if (ordering === 'p') {
      const raw = $('rnd-p').value.trim();
      const p = Number(raw);
      if (raw === '' || !(p >= 0 && p <= 1)) return [null, 'p must be a number between 0 and 1', 'rnd-p'];
      ordering = { p };
    }
    const input = {
      kind: 'random',
      branching: Number($('rnd-b').value),
      depth: Number($('rnd-d').value),
      seed: Number($('rnd-seed').value),
      ordering,
      random_branching: $('rnd-rb').checked,
      transpositions: $('rnd-tr').checked,
    };
    // the core names the parameter at fault (random.branching, random.depth, …)
    const problem = core.check_input(input);
    if (!problem) return [input, null, null];
    return [null, problem.message, RANDOM_FIELDS[problem.field?.replace(/^random\./, '')] ?? null];
  }
  function checkRandom() {
    const [input, err, field] = randomInput();
    for (const id of ['rnd-b', 'rnd-d', 'rnd-seed', 'rnd-p']) $(id).classList.toggle('invalid', id === field);
    setError('rnd-err', err);
    if (input) {
      let total = 0;
      for (let k = 0, p = 1; k <= input.depth && total < 1e15; k++, p *= input.branching) total += p;
      setText('rnd-size', `full tree: ${total >= 1e15 ? '> 10¹⁵' : fmtInt(total)} nodes${input.random_branching ? ' at most' : ''}`);
    } else setText('rnd-size', '');
    return [input, err, field];
  }

  function init() {
    for (const b of document.querySelectorAll('.tabs button')) b.addEventListener('click', () => app.selectTab(b.dataset.tab));
    // chess
    const sel = $('fen-preset');
    sel.append(h('option', { value: START_FEN }, 'Start position'), h('option', { value: KIWIPETE }, 'Kiwipete'));
    const bk = h('optgroup', { label: 'Bratko–Kopec' });
    sel.append(bk, h('option', { value: '', hidden: true }, 'Custom FEN'));
    $('fen').value = START_FEN;
    $('chess-depth').max = String(MAX_DEPTH);
    sel.addEventListener('change', () => {
      if (!sel.value) return;
      $('fen').value = sel.value;
      checkFen();
    });
    $('fen').addEventListener('input', () => {
      syncFenPreset();
      debounce('fen', checkFen);
    });
    $('chess-depth').addEventListener('input', checkChessDepth);
    $('iterative').addEventListener('change', () => app.onInputChange?.());
    // trees
    const ts = $('tree-preset');
    for (const t of TREES) ts.append(h('option', { value: t.id }, t.name));
    ts.append(h('option', { value: '', hidden: true }, 'Custom'));
    // the default tree is already there (`paintDefaultTree`), unless the reader typed another
    // while the engine loaded: that text stays
    if (!$('tree-text').value.trim()) $('tree-text').value = TREES[0].text;
    syncTreePreset();
    ts.addEventListener('change', () => {
      const t = TREES.find((x) => x.id === ts.value);
      if (!t) return;
      $('tree-text').value = t.text;
      if (!checkTree()) app.onTreeText?.(t.text);
    });
    $('tree-text').addEventListener('input', () => {
      syncTreePreset();
      debounce('tree', () => {
        if (!checkTree()) app.onTreeText?.($('tree-text').value);
      });
    });
    // random
    const order = $('rnd-order');
    for (const o of [...core.choices().ordering, 'p']) order.append(h('option', { value: o }, ORDER_WORDS[o] ?? o));
    order.value = 'random';
    for (const id of ['rnd-b', 'rnd-d', 'rnd-seed', 'rnd-p', 'rnd-rb', 'rnd-tr']) $(id).addEventListener('input', () => debounce('rnd', checkRandom, 60));
    order.addEventListener('change', () => {
      $('rnd-p-field').hidden = order.value !== 'p';
      checkRandom();
    });
    checkTree();
    checkFen();
    checkRandom();
  }

  function syncFenPreset() {
    const v = $('fen').value.trim();
    const sel = $('fen-preset');
    sel.value = [...sel.options].some((o) => o.value === v) ? v : '';
  }
  function syncTreePreset() {
    const t = TREES.find((x) => x.text === $('tree-text').value.trim());
    $('tree-preset').value = t ? t.id : '';
  }

  return {
    init,
    showTab,
    /**
     * The request of the selected tab, checked: { input, depth, iterative, hint } — `hint`
     * is the most nodes the search can visit (synthetic trees), 0 when unknown — or null
     * after showing what is wrong beside the field (and focusing it).
     */
    read() {
      const fail = (id) => {
        $(id).focus();
        return null;
      };
      if (state.tab === 'chess') {
        const [depth, dErr] = checkChessDepth();
        if (dErr) return fail('chess-depth');
        if (checkFen()) return fail('fen');
        return { input: { kind: 'chess', fen: $('fen').value.trim() }, depth, iterative: $('iterative').checked, hint: 0 };
      }
      if (state.tab === 'game') {
        if (!games) {
          setText('game-load-err', 'The games are still loading: press Start again in a moment.');
          return null;
        }
        return games.read();
      }
      if (state.tab === 'tree') {
        if (checkTree()) return fail('tree-text');
        const text = $('tree-text').value;
        // the store's columns are reserved for the tree's own nodes, not the node cap (a 1 M-node
        // chance tree under a 10 M cap spent 184 ms of Start reserving them); a search that
        // re-searches (PVS, NegaScout) may pass that number, and the store then grows
        let nodes = 0;
        try {
          nodes = treeShape(core, text).first.length - 1;
        } catch {
          nodes = 0;
        }
        return { input: { kind: 'tree', text }, depth: 1, iterative: false, hint: nodes };
      }
      const [input, err, field] = checkRandom();
      if (err) return fail(field ?? 'rnd-b');
      let total = 0;
      for (let k = 0, p = 1; k <= input.depth && total < 2 ** 31; k++, p *= input.branching) total += p;
      const iterative = $('rnd-it').checked;
      return { input, depth: input.depth, iterative, hint: iterative || input.random_branching || input.transpositions ? 0 : total };
    },
    /** Puts the tree editor's text into the Tree tab (the text follows every edit). */
    setTreeText(text) {
      $('tree-text').value = text;
      syncTreePreset();
      checkTree();
    },
    /** The small game set up in the Games tab, if it is loaded and its position is good, else null. */
    gameInput: () => games?.peek() ?? null,
    /**
     * Puts `input` (and the depth and iterative deepening of `config`) back in the panel; a
     * game's once the Games tab has loaded (the promise settles then).
     */
    async restore(input, config) {
      if (!input) return;
      if (isGame(input)) {
        app.selectTab('game');
        (await gamesPanel()).restore(input, config);
        return;
      }
      if (input.kind === 'chess') {
        $('fen').value = input.fen;
        syncFenPreset();
        if (config) {
          $('chess-depth').value = String(config.depth);
          $('iterative').checked = !!config.iterative;
        }
        checkFen();
        checkChessDepth();
      } else if (input.kind === 'tree') {
        $('tree-text').value = input.text;
        syncTreePreset();
        if (!checkTree()) app.onTreeText?.(input.text);
      } else {
        $('rnd-b').value = String(input.branching);
        $('rnd-d').value = String(input.depth);
        $('rnd-seed').value = String(input.seed);
        const p = input.ordering?.p;
        $('rnd-order').value = p !== undefined ? 'p' : String(input.ordering);
        if (p !== undefined) $('rnd-p').value = String(p);
        $('rnd-p-field').hidden = p === undefined;
        $('rnd-rb').checked = !!input.random_branching;
        $('rnd-tr').checked = !!input.transpositions;
        $('rnd-it').checked = !!config?.iterative;
        checkRandom();
      }
      app.selectTab(input.kind);
    },
  };
}
