// The composition root: loads the wasm core, creates the one state, the models, the modes,
// the panels and the views, and wires the page's controls to the commands and actions. No
// other module does anything when it is imported.

import { $ } from './dom.js';
import { loadCore } from './engine/core.js';
import { setMateScores } from './model/format.js';
import { Trace } from './model/trace.js';
import { createState } from './state.js';
import { createFrame } from './frame.js';
import { storedTheme, isDark, applyTheme, readPalette, onSystemThemeChange } from './theme.js';
import { createExplore } from './modes/explore.js';
import { createCompare } from './modes/compare.js';
import { createCommands, speedAt, SPEED_STEPS } from './controls/commands.js';
import { bindKeyboard } from './controls/keyboard.js';
import { createActions } from './actions.js';
import { createInputs } from './panels/inputs.js';
import { createSearchPanel } from './panels/search.js';
import { createTechniques } from './panels/techniques.js';
import { createCompareSetup } from './panels/compare-setup.js';
import { TreeCanvas } from './views/tree-canvas.js';
import { createTreeViews } from './views/trees.js';
import { createChrome } from './views/chrome.js';
import { createProgress } from './views/progress.js';
import { createStepbar } from './views/stepbar.js';
import { createInspector } from './views/inspector.js';
import { createSummary } from './views/summary.js';
import { createComparePanels } from './views/compare-panels.js';
import { createShortcuts } from './views/shortcuts.js';
import { createBoard } from './views/board.js';
import { installTestHook } from './testhook.js';

const WORKER = '/www/engine/worker.js';

async function main() {
  let core;
  try {
    core = await loadCore();
  } catch (e) {
    $('engine-state').textContent = 'engine failed to load';
    $('engine-state').className = 'pill warn';
    console.error('the wasm core could not be loaded:', e);
    return;
  }
  setMateScores(core.choices());

  // ---- state, models, modes -----------------------------------------------------------------
  const app = { core, uPlot: () => uPlot };
  const onChange = () => app.invalidate();
  const traces = Object.fromEntries(['explore', 'A', 'B'].map((n) => [n, new Trace(n, { core, workerUrl: WORKER, onChange })]));
  const state = (app.state = createState(traces));
  state.core.ready = true;
  const frame = createFrame({
    tick: (now) => app.commands.tick(now),
    drawTree: () => views.trees.draw(),
    renderDom: () => domViews.forEach((v) => v.render()),
  });
  Object.assign(app, {
    invalidate: frame.invalidate,
    afterLayout: frame.afterLayout,
    mode: () => (state.mode === 'explore' ? app.modes.explore : app.modes.compare),
    pause: () => app.commands.pause(),
    canvas: () => canvases.explore,
    canvases: null,
  });
  app.modes = { explore: createExplore(app), compare: createCompare({ ...app, canvases: () => canvases }) };
  app.commands = createCommands(app);
  app.select = (id) => app.mode().select(id);
  app.narrationContext = (t) => ({
    maxmin: state.maxmin,
    chess: t.names.chess,
    name: (id) => t.names.name(id),
    move: (id) => t.names.move(id),
    moveName: (code, id) => t.names.moveName(code, id),
    unsearched: (id) => t.names.unsearched(id).codes.length,
  });

  // ---- theme --------------------------------------------------------------------------------
  state.theme.choice = storedTheme();
  state.theme.dark = isDark(state.theme.choice);
  applyTheme(state.theme.dark);
  state.theme.pal = readPalette();

  // ---- panels -------------------------------------------------------------------------------
  const panels = {
    inputs: createInputs({ ...app, onTabChange: () => app.invalidate(false, true), onInputChange: () => checkTechniques() }),
    search: createSearchPanel(),
    techniques: createTechniques({ core, onChange: () => checkTechniques() }),
    compareSetup: createCompareSetup({
      core,
      open: (k, f) => actions.compareOpen(k, f),
      save: (k) => actions.compareSave(k),
      swap: () => app.modes.compare.swap(),
    }),
  };
  Object.values(panels).forEach((p) => p.init());
  const checkTechniques = () => {
    const iterative = state.tab === 'chess' && $('iterative').checked;
    const built = panels.techniques.build($('algo').value, { depth: 4, iterative });
    panels.techniques.showError(built.message ? built : null);
  };

  // ---- canvases and views -------------------------------------------------------------------
  const canvasOn = (mode, side) => ({
    select: (id) => (mode === 'explore' ? app.modes.explore.select(id) : app.modes.compare.select(id, true, side())),
    toggle: (id) => app.modes[mode].toggleCollapse(id),
    moved: () => app.invalidate(true, false),
    flick: (dir) => app.commands.run(dir > 0 ? 'step.forward' : 'step.back'),
    resized: () => {
      app.mode().autoFit();
      app.invalidate(true, false);
    },
  });
  const cmpT = state.compare.transform;
  const canvases = {
    explore: new TreeCanvas($('tree'), state.explore.transform, canvasOn('explore')),
    A: new TreeCanvas($('cmp-tree-A'), cmpT, canvasOn('compare', () => 'A')),
    B: new TreeCanvas($('cmp-tree-B'), cmpT, canvasOn('compare', () => 'B')),
    G: new TreeCanvas($('cmp-tree-ghost'), cmpT, canvasOn('compare', () => app.modes.compare.ghostSide())),
  };
  app.canvases = canvases;
  app.resizeCanvases = () => Object.values(canvases).forEach((c) => c.resize());
  const views = { trees: createTreeViews({ state, modes: app.modes, canvases, mode: app.mode }) };
  const domViews = [
    createChrome(app),
    createProgress(app),
    createStepbar(app),
    createInspector(app),
    createSummary(app),
    createComparePanels(app),
    createShortcuts(app),
  ];
  let uPlot = null;
  let board = null;

  // ---- actions and controls -----------------------------------------------------------------
  let compareStarted = false;
  const actions = createActions({
    ...app,
    panels,
    startCompareEngines() {
      if (compareStarted) return;
      compareStarted = true;
      state.compare.sides.A.start();
      state.compare.sides.B.start();
      import('/node_modules/uplot/dist/uPlot.esm.js')
        .then((m) => {
          uPlot = m.default;
          app.invalidate(false, true);
        })
        .catch((e) => console.info('uPlot unavailable:', e.message));
    },
  });
  app.actions = actions;
  bindKeyboard({ state, commands: app.commands, start: () => actions.start() });
  for (const b of document.querySelectorAll('[data-command]')) {
    b.addEventListener('click', (e) => app.commands.run(e.shiftKey && b.dataset.back ? b.dataset.back : b.dataset.command));
  }
  const on = (id, ev, f) => $(id).addEventListener(ev, f);
  on('mode-explore', 'click', () => actions.setMode('explore'));
  on('mode-compare', 'click', () => actions.setMode('compare'));
  on('theme', 'click', () => actions.cycleTheme());
  on('start', 'click', () => actions.start());
  on('stop', 'click', () => actions.stop());
  on('cmp-run', 'click', () => actions.compareRun());
  on('cmp-stop', 'click', () => actions.stop());
  on('fit', 'click', () => app.commands.run('view.fit'));
  on('zoom-cursor', 'click', () => app.commands.run('view.zoomCursor'));
  on('collapse', 'click', () => app.commands.run('view.collapse'));
  on('expand-all', 'click', () => app.commands.run('view.expandAll'));
  on('maxmin', 'change', () => app.commands.run('view.maxmin'));
  on('cmp-bydiff', 'change', () => app.commands.run('view.color'));
  on('cmp-view-side', 'click', () => app.modes.compare.setView('side'));
  on('cmp-view-ghost', 'click', () => app.modes.compare.setView('ghost'));
  on('cmp-drive', 'change', () => app.modes.compare.setDrive($('cmp-drive').value));
  on('save-trace', 'click', () => actions.save());
  on('open-trace', 'click', () => $('open-file').click());
  on('open-file', 'change', (ev) => {
    const file = ev.target.files?.[0];
    ev.target.value = '';
    if (file) actions.open(file);
  });
  on('algo', 'change', checkTechniques);
  $('speed').max = String(SPEED_STEPS - 1);
  on('speed', 'input', () => app.commands.setSpeed(speedAt(Number($('speed').value))));
  onSystemThemeChange(() => state.theme.choice === 'auto' && actions.setTheme('auto'));
  // narrow screens open with the side cards folded, so that the tree comes first
  if (matchMedia('(max-width: 700px)').matches) for (const id of ['board-card', 'inspector-card', 'keys-card']) $(id).open = false;

  // ---- the board (chessground, loaded lazily: a missing board never breaks the page) --------
  import('/node_modules/chessground/dist/chessground.min.js')
    .then(({ Chessground }) => {
      board = createBoard(Chessground, app);
      domViews.push(board);
      app.invalidate(false, true);
    })
    .catch((e) => console.info('board unavailable:', e.message));

  installTestHook(app, { canvases, panels, actions, frame });
  state.explore.trace.start();
  panels.inputs.setTab('tree');
  app.invalidate();
}

main();
