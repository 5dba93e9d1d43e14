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
import { createQuizMode } from './modes/quiz.js';
import { createCommands, speedAt, SPEED_STEPS } from './controls/commands.js';
import { bindKeyboard } from './controls/keyboard.js';
import { createActions } from './actions.js';
import { createInputs, paintDefaultTree } from './panels/inputs.js';
import { createSearchPanel } from './panels/search.js';
import { createTechniques } from './panels/techniques.js';
import { createCompareSetup } from './panels/compare-setup.js';
import { TreeCanvas } from './views/tree-canvas.js';
import { createTreeViews } from './views/trees.js';
import { createChrome } from './views/chrome.js';
import { createProgress } from './views/progress.js';
import { createA11yTree } from './views/a11y-tree.js';
import { createStepbar } from './views/stepbar.js';
import { createInspector } from './views/inspector.js';
import { createSummary } from './views/summary.js';
import { createComparePanels } from './views/compare-panels.js';
import { createShortcuts } from './views/shortcuts.js';
import { createBoard, showsChess } from './views/board.js';
import { createGameBoard } from './views/game-board.js';
import { installTestHook } from './testhook.js';
import { createSharing } from './sharing.js';
import { createQuiz } from './panels/quiz.js';
import { createStats } from './views/stats.js';
import { createIterations } from './views/iterations.js';
import { registerOffline } from './offline.js';
import { importWithStyles, loadStyles, siteUrl, UPLOT_MODULE, UPLOT_STYLES, CHESSGROUND_MODULE, CHESSGROUND_STYLES } from './lazy.js';

const WORKER = siteUrl('www/engine/worker.js');

/** The state, the frame loop, the modes and the commands: `app`, which the rest receives. */
function createApp(core) {
  // `embed`: the page is the embed view, whose reader has no Start and no setup panels
  const app = { core, embed: EMBED, libs: { uPlot: null, games: null, print: null } };
  app.uPlot = () => app.libs.uPlot;
  let uPlotLoading = null; // UI-local: a library load under way, once
  /** Loads uPlot once (compare's chart, explore's statistics); a missing library never breaks the page. */
  app.loadUPlot = () =>
    (uPlotLoading ??= (loadStyles(UPLOT_STYLES), import(siteUrl(UPLOT_MODULE)))
      .then((m) => {
        app.libs.uPlot = m.default;
        app.invalidateDom();
      })
      .catch((e) => console.info('uPlot unavailable:', e.message)));
  let gamesLoading = null; // UI-local: a module load under way, once
  /**
   * Loads the small games' boards and the Games tab once, the first time a game is used (the
   * tab is opened, a game's trace or link is opened): they add nothing to the first load.
   * Answers { board, panel } (www/views/games/board.js, www/panels/games.js).
   */
  app.loadGames = () =>
    (gamesLoading ??= Promise.all([import('./views/games/board.js'), import('./panels/games.js')]).then(([board, panel]) => {
      app.libs.games = { board, panel };
      app.invalidateDom();
      return app.libs.games;
    }));
  const onChange = () => app.invalidate();
  const drawCost = () => app.frame?.cost() ?? 0;
  const traces = Object.fromEntries(['explore', 'A', 'B'].map((n) => [n, new Trace(n, { core, workerUrl: WORKER, onChange, drawCost })]));
  const state = (app.state = createState(traces));
  state.core.ready = true;
  app.views = { trees: null, dom: [] };
  const frame = (app.frame = createFrame({
    tick: (now) => {
      const playing = app.commands.tick(now);
      // a pan that follows the cursor (TreeCanvas.ensureVisible) moves on each frame until done
      let panning = false;
      for (const c of Object.values(app.canvases ?? {})) {
        if (!c.anim) continue;
        panning = c.tick(now) || panning;
        app.invalidateTree();
      }
      return playing || panning;
    },
    drawTree: () => app.views.trees?.draw(),
    renderDom: () => app.views.dom.forEach((v) => v.render()),
  }));
  Object.assign(app, {
    invalidate: frame.invalidate,
    invalidateTree: frame.invalidateTree,
    invalidateDom: frame.invalidateDom,
    afterLayout: frame.afterLayout,
    mode: () => (state.mode === 'explore' ? app.modes.explore : app.modes.compare),
    pause: () => app.commands.pause(),
    canvas: () => app.canvases?.explore,
    select: (id) => app.mode().select(id),
  });
  app.modes = { explore: createExplore(app), compare: createCompare({ ...app, canvases: () => app.canvases }) };
  app.commands = createCommands(app);
  app.narrationContext = (t) => ({
    maxmin: state.maxmin,
    chess: t.names.chess,
    // the trace's own exact-value scale (a chance search's fractions; 1 otherwise)
    scale: t.scale,
    named: t.names.named,
    name: (id) => t.names.name(id),
    move: (id) => t.names.move(id),
    moveName: (code, id) => t.names.moveName(code, id),
    // a stored table value as the core reads it back (www/model/names.js `tableValue`)
    tableValue: (v, ply) => t.names.tableValue(v, ply),
    pruned: (id) => t.names.pruned(id).length,
    strict: t.config?.cutoff === 'strict',
    embed: app.embed,
    // a lesson's narration speaks only the words it has taught (www/modes/learn.js `shows`)
    ...(t === state.explore.trace && state.learn.open && state.learn.shows ? { types: state.learn.shows.types, windows: state.learn.shows.windows } : {}),
  });
  return app;
}

function initTheme(app) {
  const t = app.state.theme;
  t.choice = storedTheme();
  t.dark = isDark(t.choice);
  applyTheme(t.dark);
  t.pal = readPalette();
}

function createPanels(app) {
  const { state, core } = app;
  const checkTechniques = () => {
    const iterative = state.tab === 'chess' && $('iterative').checked;
    const built = panels.techniques.build($('algo').value, { depth: 4, iterative });
    // a game refuses the techniques it cannot use, by name (the core's check, as Start's)
    const game = !built.message && state.tab === 'game' ? panels.inputs.gameInput() : null;
    const refused = game ? core.check_run(game, built.config) : null;
    panels.techniques.showError(built.message ? built : refused ? { message: refused.message, param: refused.field } : null);
  };
  const panels = {
    inputs: createInputs({ ...app, selectTab: (tab) => app.actions.setTab(tab), onInputChange: checkTechniques, onTreeText: (text) => {
        app.modes.editor?.followText(text);
        app.modes.explore.setProblem(text);
      }, onChanceTree: (c) => {
        panels.search.offerChance(c);
        panels.compareSetup?.offerChance(c);
      } }),
    search: createSearchPanel(),
    techniques: createTechniques({ core, onChange: checkTechniques }),
    compareSetup: createCompareSetup({
      core,
      open: (k, f) => app.actions.compareOpen(k, f),
      save: (k) => app.actions.compareSave(k),
      swap: () => app.modes.compare.swap(),
    }),
  };
  Object.values(panels).forEach((p) => p.init());
  // the Tree tab's first text is the problem drawn before Start (www/views/draw/problem.js)
  app.modes.explore.setProblem($('tree-text').value);
  // a chess position chosen or pasted shows on the Position board at once (www/views/board.js)
  for (const [id, ev] of [['fen-preset', 'change'], ['fen', 'input']]) $(id).addEventListener(ev, () => app.modes.explore.setPosition($('fen').value));
  $('algo').addEventListener('change', checkTechniques);
  return panels;
}

function createCanvases(app) {
  const on = (mode, side) => ({
    transform: () => app.state[mode].transform,
    transformed: (t) => app.modes[mode].setTransform(t),
    select: (id) => (mode === 'explore' ? app.modes.explore.select(id) : app.modes.compare.select(id, true, side())),
    toggle: (id) => app.modes[mode].toggleCollapse(id),
    moved: () => app.invalidateTree(),
    flick: (dir) => app.commands.run(dir > 0 ? 'step.forward' : 'step.back'),
    resized: () => {
      app.mode().autoFit();
      app.invalidateTree();
    },
  });
  const canvases = {
    explore: new TreeCanvas($('tree'), on('explore'), true),
    A: new TreeCanvas($('cmp-tree-A'), on('compare', () => 'A')),
    B: new TreeCanvas($('cmp-tree-B'), on('compare', () => 'B')),
    G: new TreeCanvas($('cmp-tree-ghost'), on('compare', () => app.modes.compare.ghostSide())),
  };
  app.resizeCanvases = () => Object.values(canvases).forEach((c) => c.resize());
  return canvases;
}

function createViews(app) {
  app.views.trees = createTreeViews({ state: app.state, modes: app.modes, canvases: app.canvases, mode: app.mode });
  app.views.dom.push(createChrome(app), createProgress(app), createStepbar(app), createInspector(app), createSummary(app), createComparePanels(app), createShortcuts(app), createA11yTree(app), createGameBoard(app));
  app.views.dom.push(experimentsLoader(app));
  app.views.dom.push(chessBoardLoader(app));
}

/**
 * Experiments mode and its view load the first time the mode is shown (`app.modes.experiments`,
 * `app.views.experiments`): they are not part of the first load, and the experiments themselves
 * are the engine's second part (www/modes/experiments.js loads it).
 */
function experimentsLoader(app) {
  let loading = null; // UI-local: a module load under way, once
  return {
    render() {
      if (app.views.experiments) return app.views.experiments.render();
      if (loading || app.state.mode !== 'experiments') return;
      loading = Promise.all([import('./modes/experiments.js'), import('./views/experiments.js')]).then(
        ([mode, view]) => {
          app.modes.experiments = mode.createExperiments(app);
          app.views.experiments = view.createExperimentsView(app);
          app.invalidateDom();
        },
        (e) => {
          loading = null;
          const p = document.createElement('p');
          p.className = 'notice error';
          p.setAttribute('role', 'alert');
          p.textContent = `Experiments mode could not be loaded: ${e.message ?? e}. Choose the mode again to retry.`;
          $('exp').replaceChildren(p);
        },
      );
    },
  };
}

/**
 * The chess board loads the first time the page shows one (the Chess tab, a chess trace or
 * link; www/views/board.js `showsChess`): chessground and its stylesheets are not part of the
 * first load, whose input is a tree. A missing library never breaks the page.
 */
function chessBoardLoader(app) {
  let loading = null; // UI-local: a module load under way, once
  return {
    render() {
      if (loading || !showsChess(app)) return;
      loading = importWithStyles(CHESSGROUND_MODULE, CHESSGROUND_STYLES)
        .then(({ Chessground }) => {
          app.views.dom.push(createBoard(Chessground, app));
          app.invalidateDom();
        })
        .catch((e) => console.info('board unavailable:', e.message));
    },
  };
}

/**
 * Learn loads when it is first opened (a click on Learn or a lesson's link): its lessons, its
 * mode and its card are not part of the page's first load. `openLearn(id, saved)` opens lesson
 * `id` (where a graded activity's `saved` position left it, www/modes/learn.js), or the course's
 * index without one; it answers whether it opened.
 */
function learnOpener(app, focusQuiz) {
  let loading = null; // UI-local: a module load under way, once
  const load = () =>
    (loading ??= Promise.all([import('./modes/learn.js'), import('./panels/learn.js')]).then(([mode, panel]) => {
      app.modes.learn = mode.createLearn(app, { focusQuiz });
      app.views.dom.push(panel.createLearnPanel(app));
      return app.modes.learn;
    }));
  return async (id, saved = null) => {
    let learn;
    try {
      learn = await load();
    } catch (e) {
      loading = null;
      app.state.explore.trace.notice = { kind: 'error', text: `Learn could not be loaded: ${e.message ?? e}` };
      app.invalidate();
      return false;
    }
    return id ? learn.openLesson(id, saved) : learn.openIndex();
  };
}

/** Compare mode's engines and chart start the first time it is opened. */
function compareStarter(app) {
  let started = false; // UI-local: the engines are started once
  return () => {
    if (started) return;
    started = true;
    app.state.compare.sides.A.start();
    app.state.compare.sides.B.start();
    app.loadUPlot();
  };
}

function wireControls(app, actions) {
  const { commands } = app;
  bindKeyboard({ state: app.state, commands, start: () => actions.start() });
  // Start, Compare and the step bar hand the focus to the tree, as a click on it would leave
  // it: the page's shortcuts act only where no control has the focus (www/controls/keyboard.js),
  // so space plays next, as the key card says
  const toTree = (from = document.activeElement, frames = 600) => {
    const c = app.state.mode === 'compare' ? (app.state.compare.view === 'ghost' ? $('cmp-tree-ghost') : $(`cmp-tree-${app.state.compare.drive}`)) : $('tree');
    if (!c) return;
    if (c.offsetParent !== null) return void c.focus({ preventScroll: true });
    // compare's trees show once its first comparison is there: wait for them, unless the user
    // has put the focus elsewhere meanwhile
    const still = document.activeElement === from || document.activeElement === document.body;
    if (frames > 0 && still) requestAnimationFrame(() => toTree(from, frames - 1));
  };
  for (const b of document.querySelectorAll('[data-command]')) {
    b.addEventListener('click', (e) => {
      commands.run(e.shiftKey && b.dataset.back ? b.dataset.back : b.dataset.command);
      if (b.closest('#stepbar')) toTree(b);
    });
  }
  const on = (id, ev, f) => $(id).addEventListener(ev, f);
  on('mode-explore', 'click', () => {
    app.modes.learn?.close();
    actions.setMode('explore');
  });
  on('mode-learn', 'click', () => (app.state.learn.open ? null : app.openLearn()));
  on('mode-compare', 'click', () => actions.setMode('compare'));
  on('mode-experiments', 'click', () => actions.setMode('experiments'));
  on('theme', 'click', () => actions.cycleTheme());
  on('start', 'click', () => {
    actions.start();
    toTree($('start'));
  });
  on('stop', 'click', () => actions.stop());
  on('cmp-run', 'click', () => {
    actions.compareRun();
    toTree($('cmp-run'));
  });
  on('cmp-stop', 'click', () => actions.stop());
  on('fit', 'click', () => commands.run('view.fit'));
  on('zoom-cursor', 'click', () => commands.run('view.zoomCursor'));
  on('collapse', 'click', () => commands.run('view.collapse'));
  on('expand-all', 'click', () => commands.run('view.expandAll'));
  on('maxmin', 'change', () => commands.run('view.maxmin'));
  on('finals', 'change', () => commands.run('view.finals'));
  on('cmp-bydiff', 'change', () => commands.run('view.color'));
  on('cmp-view-side', 'click', () => app.modes.compare.setView('side'));
  on('cmp-view-ghost', 'click', () => app.modes.compare.setView('ghost'));
  on('cmp-drive', 'change', () => app.modes.compare.setDrive($('cmp-drive').value));
  on('save-trace', 'click', () => actions.save());
  on('open-trace', 'click', () => $('open-file').click());
  on('save-format', 'change', () => (app.state.saveFormat = $('save-format').value));
  on('open-file', 'change', (ev) => {
    const file = ev.target.files?.[0];
    ev.target.value = '';
    if (file) actions.open(file);
  });
  $('speed').max = String(SPEED_STEPS - 1);
  on('speed', 'input', () => commands.setSpeed(speedAt(Number($('speed').value))));
  onSystemThemeChange(() => app.state.theme.choice === 'auto' && actions.setTheme('auto'));
  // narrow screens open with the side cards folded, so that the tree comes first
  if (matchMedia('(max-width: 700px)').matches) for (const id of ['board-card', 'inspector-card', 'keys-card']) $(id).open = false;
}

/**
 * Exercise mode loads when it is first used (its button, an exercise link, a lesson's closing
 * exercise): its mode, its view and the engine's second part (the exercise generator and its
 * grader, `exercise_new` and `exercise_grade`) are not part of the page's first load. Answers
 * a function that loads them once and answers the mode (www/modes/exercise.js); a failed load
 * leaves a notice and is tried again on the next use.
 */
function exerciseLoader(app) {
  let loading = null; // UI-local: a module load under way, once
  const notices = () => app.state.explore.trace;
  return () => {
    if (loading) return loading;
    // the exercise generator is in the engine's second part (docs/architecture.md, "Two wasm
    // builds"): say so while it loads
    let waiting = null;
    if (!app.core.hasSecond) {
      waiting = notices().notice = { kind: 'info', text: "Loading exercises: the engine's second part comes once, then stays cached…" };
      app.invalidateDom();
    }
    return (loading = Promise.all([import('./modes/exercise.js'), import('./views/exercise.js'), import('./print.js'), app.core.loadSecond()]).then(
      ([mode, view, print]) => {
        if (waiting && notices().notice === waiting) notices().notice = null;
        // the worksheet's printer (the exercise's Print button) comes with the mode
        app.libs.print = print;
        const exercise = (app.modes.exercise = mode.createExerciseMode(app));
        exercise.loadTotal();
        app.views.dom.push(view.createExerciseView(app, exercise));
        app.invalidateDom();
        return exercise;
      },
      (e) => {
        loading = null;
        notices().notice = { kind: 'error', text: `Exercises could not be loaded: ${e.message ?? e}` };
        app.invalidate();
        return null;
      },
    ));
  };
}

/** Exercise mode's controls: the parameters are read when "New exercise" is pressed. The mode
 * loads on the first click of its button (the other controls show only in the mode). */
function wireExercise(app) {
  const with_ = (f) => app.loadExercise().then((exercise) => exercise && f(exercise));
  const on = (id, f) => $(id).addEventListener('click', () => with_(f));
  const num = (id) => Number($(id).value);
  const params = () => ({
    branching_min: num('ex-bmin'), branching_max: num('ex-bmax'), depth: num('ex-depth'),
    value_min: num('ex-vmin'), value_max: num('ex-vmax'), ordering: $('ex-order').value,
    root: $('ex-root').value, cutoff: $('ex-cutoff').value, windows: $('ex-windows').checked,
    chance: $('ex-chance').checked, algo: $('ex-algo').value,
  });
  on('mode-exercise', (exercise) => {
    app.actions.setMode('exercise');
    if (!app.state.exercise.exercise) exercise.newExercise(params());
  });
  on('ex-new', (exercise) => exercise.newExercise(params()));
  // what a button shows (the grade, the hint, the solution's words) is written under the tree:
  // once drawn, it comes into view (on a phone it was below the fold, and Check seemed to do
  // nothing)
  const show = (id) => app.afterLayout(() => app.afterLayout(() => $(id).textContent && $(id).scrollIntoView({ block: 'nearest' })));
  on('ex-check', (exercise) => (exercise.check(), show('ex-score')));
  on('ex-hint', (exercise) => (exercise.hint(), show('ex-hint-text')));
  on('ex-solution', (exercise) => (exercise.solution(), show('ex-solution-text')));
  on('ex-play', async (exercise) => {
    await exercise.play();
    // the search's tree in view, with the focus, so that the arrows and space step it
    if (app.state.mode !== 'explore') return;
    document.querySelector('.center').scrollIntoView({ block: 'start' });
    $('tree').focus({ preventScroll: true });
  });
  // the tree editor's tree as an exercise (issue 28 §3): the exercise controls' rule and windows
  on('ed-exercise', (exercise) => {
    const text = app.state.editor.text;
    if (text) exercise.open({ tree: text, cutoff: $('ex-cutoff').value, windows: $('ex-windows').checked, algo: $('ex-algo').value });
  });
  on('ex-copy', (exercise) => exercise.copyResult());
  // the worksheet and its key, printed (www/print.js: a print-only section)
  on('ex-print', (exercise) => app.libs.print.printWorksheet(app, exercise.link()));
  on('ex-link', async (exercise) => {
    const url = exercise.link();
    history.replaceState(null, '', url);
    // said, as Copy link in explore says it (a teacher pressing it saw nothing happen)
    let text;
    try {
      await navigator.clipboard.writeText(url);
      text = 'Link copied: it opens this exercise, the same tree with empty fields.';
    } catch {
      text = 'The link is in the address bar: copy it from there (this browser did not allow copying).';
    }
    app.state.exercise.notice = { kind: 'info', text };
    app.invalidateDom();
  });
}

/**
 * The tree editor loads when it is first opened (✎ Edit tree): its mode, its panel and its
 * tree model are not part of the page's first load. Answers a function that loads them once
 * and answers the editor mode (www/modes/editor.js), or null (with a notice) when it could not.
 */
function editorLoader(app, panels) {
  let loading = null; // UI-local: a module load under way, once
  return () =>
    (loading ??= Promise.all([import('./modes/editor.js'), import('./panels/editor.js')]).then(
      ([mode, panel]) => {
        app.modes.editor = mode.createEditor({ ...app, setTreeText: (text) => panels.inputs.setTreeText(text) });
        const editorPanel = panel.createEditorPanel(app);
        editorPanel.init();
        app.views.dom.push(editorPanel);
        return app.modes.editor;
      },
      (e) => {
        loading = null;
        app.state.explore.trace.notice = { kind: 'error', text: `The tree editor could not be loaded: ${e.message ?? e}` };
        app.invalidate();
        return null;
      },
    ));
}

/** ✎ Edit tree: opens the editor on the Tree tab's text (loading it the first time), or closes it. */
function wireEditor(app, panels) {
  const load = editorLoader(app, panels);
  app.openEditor = async () => {
    app.actions.setTab('tree');
    const editor = await load();
    if (!editor) return;
    if (app.state.editor.on) return editor.close();
    if (!editor.open($('tree-text').value)) {
      app.state.explore.trace.notice = { kind: 'error', text: app.state.editor.message.text };
      app.invalidate();
      return;
    }
    requestAnimationFrame(() => $('ed-tree').focus());
  };
  $('edit-tree').addEventListener('click', () => app.openEditor());
}

async function main() {
  paintDefaultTree();
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
  const app = createApp(core);
  initTheme(app);
  const panels = createPanels(app);
  app.canvases = createCanvases(app);
  createViews(app);
  app.loadExercise = exerciseLoader(app);
  const actions = (app.actions = createActions({ ...app, panels, startCompareEngines: compareStarter(app) }));
  wireControls(app, actions);
  const sharing = (app.sharing = createSharing(app, { actions, panels }));
  const quiz = createQuiz(app);
  app.modes.quiz = createQuizMode(app, actions, (what) => quiz.focus(what));
  app.openLearn = learnOpener(app, (what) => quiz.focus(what));
  quiz.init();
  wireEditor(app, panels);
  wireExercise(app);
  const iterations = createIterations(app);
  app.views.dom.push(quiz, createStats(app), iterations);
  app.views.trees.guesses = iterations.marks;
  $('id-card').addEventListener('toggle', () => app.invalidate());
  $('stats-card').addEventListener('toggle', () => app.invalidateDom());
  for (const kind of ['png', 'svg', 'tikz', 'csv']) $(`export-${kind}`).addEventListener('click', () => actions.exportAs(kind));
  $('copy-link').addEventListener('click', () => sharing.copy());
  $('embed-link').addEventListener('click', () => sharing.copyEmbed());
  if (EMBED) {
    app.views.dom.push(createEmbedLink(sharing));
    // the setup panels are hidden in the embed view: its notices (a link that cannot be opened,
    // chess loading) go above the tree, where its reader looks
    $('toolbar').after($('notice'), $('cmp-notice'));
    // an embedded lesson shows its text and its quiz in one column beside the tree (the rest of
    // the results column stays hidden): the quiz card goes under the lesson's card
    $('learn-card').after($('quiz-card'));
  }
  installTestHook(app, { canvases: app.canvases, actions, frame: app.frame });
  app.state.explore.trace.start();
  actions.setTab('tree');
  app.invalidate();
  // a share link in the address opens its search at its step (docs/share-links.md)
  sharing.openFromAddress();
  addEventListener('hashchange', () => sharing.openFromAddress());
  // a graded activity: a SCORM package's page, or the embed view in a course page (SPLICE)
  // (an embedded search that asks nothing is not one)
  if (document.documentElement.dataset.activity || (EMBED && window.parent !== window && /[#&](mode=exercise|learn=)/.test(location.hash))) connectActivity(app);
  whenEngineReady(app, () => registerOffline());
}

/** Loads the graded activity's modules (www/lms/connect.js) and its bar. */
function connectActivity(app) {
  Promise.all([import('./lms/connect.js'), import('./views/activity.js')]).then(
    ([lms, view]) => {
      app.views.dom.push(view.createActivityView(app));
      return lms.connect(app);
    },
    (e) => console.error('the graded activity could not be loaded:', e),
  );
}

/** The embed view (embed.html): the page with `<html class="embed">`, its setup panels hidden by the CSS. */
const EMBED = document.documentElement.dataset.embed === '1';

/** The embed view's way out: the same search, at the same step, in the full page (a new tab). */
function createEmbedLink(sharing) {
  const a = document.createElement('a');
  a.id = 'embed-open';
  a.target = '_blank';
  a.rel = 'noopener';
  a.textContent = 'Open in prunescope ↗';
  a.href = 'index.html';
  $('toolbar').append(a);
  return {
    render() {
      const href = sharing.link() ?? siteUrl('index.html');
      if (a.getAttribute('href') !== href) a.href = href;
    },
  };
}

/** Calls `f` once explore's engine is ready and the page is idle (the service worker's downloads wait for both). */
function whenEngineReady(app, f) {
  const t = app.state.explore.trace;
  const idle = (g) => (window.requestIdleCallback ? requestIdleCallback(g, { timeout: 2000 }) : setTimeout(g, 200));
  const poll = () => (t.engineReady ? idle(f) : setTimeout(poll, 100));
  poll();
}

main();
