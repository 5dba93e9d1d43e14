// What the page's buttons do beyond stepping: start and stop searches, open and save traces,
// switch modes and themes. Each action reads the panels, changes the state through the modes
// and the traces, and asks for a redraw.

import { download } from './dom.js';
import { fmtBytes } from './model/format.js';
import { nextTheme, storeTheme, isDark, applyTheme, readPalette } from './theme.js';

/**
 * `app`: { state, core, modes, panels: {inputs, search, techniques, compareSetup}, commands,
 * invalidate, afterLayout, startCompareEngines(), loadExercise() (a promise of exercise mode) }.
 */
/**
 * How many nodes to make room for before a search: the tree's size when it is known (a
 * synthetic tree searched whole), else the node cap — the page's columns are then sized once
 * and never copied while the search streams. Room that is reserved and never written is never
 * touched, so a search that stays small does not pay for it in memory.
 */
const reserveFor = (known, cap) => Math.min(known || cap, cap);

export function createActions(app) {
  const { state, modes, panels } = app;
  const ex = state.explore;
  const cmp = state.compare;

  /** Explore: reads the panels and runs the search (errors appear beside their fields). */
  async function start() {
    if (state.mode === 'compare') return compareRun();
    const t = ex.trace;
    if (t.running || !t.engineReady) return;
    // chess is the engine's second part: wait for it (a notice says so) before its FEN is read
    if (state.tab === 'chess' && !(await t.needSecond('chess'))) return;
    if (t.running) return;
    const s = panels.search.read();
    const req = panels.inputs.read();
    if (!s || !req) return;
    if (app.core.needsSecond(req.input)) return (await t.needSecond(req.input.kind)) ? start() : undefined;
    const built = panels.techniques.build(s.algo, { depth: req.depth, iterative: req.iterative, node_cap: s.cap });
    panels.techniques.showError(built.message ? built : null);
    if (built.message) return;
    if (state.editor.on) modes.editor.close();
    // a small game refuses the techniques it cannot use, naming the technique and the game
    const refused = app.core.check_run(req.input, built.config);
    if (refused) return panels.techniques.showError({ message: refused.message, param: refused.field });
    modes.explore.replaced();
    showTree();
    await t.search(req.input, built.config, reserveFor(req.hint, s.cap));
  }

  function stop() {
    if (state.mode === 'compare') return modes.compare.stop();
    ex.trace.stop();
  }

  /** Explore: opens a trace file; a good file also restores the inputs it was made from. */
  async function open(file) {
    const t = ex.trace;
    const gen = t.generation;
    modes.explore.replaced();
    showTree();
    await t.open(file);
    if (t.generation !== gen && t.input) await restorePanels(t.input, t.config);
    app.invalidate();
  }

  /** Which input the left panel shows: 'tree' | 'chess' | 'random' | 'game'. */
  function setTab(tab) {
    state.tab = tab;
    // the tree editor edits the Tree tab's text: another input closes it
    if (tab !== 'tree' && state.editor.on) modes.editor.close();
    panels.inputs.showTab(tab);
    app.invalidateDom();
  }

  /** Puts an input and its configuration back in the panels (a game's once its tab has loaded). */
  async function restorePanels(input, config) {
    await panels.inputs.restore(input, config);
    panels.search.restore(config);
    panels.techniques.show(config);
  }

  /** On a narrow screen the tree sits below the setup: bring it into view. */
  function showTree() {
    // a lesson opens at its text (www/panels/learn.js brings it into view): the tree is below it
    if (state.learn.open && state.learn.lesson !== null) return;
    if (matchMedia('(max-width: 700px)').matches) document.querySelector('.center').scrollIntoView({ block: 'start' });
  }

  async function saveTrace(t, setNotice) {
    try {
      const { blob, name, bytes } = await t.save(state.saveFormat);
      download(name, blob);
      setNotice({ kind: 'info', text: `Saved ${name} (${fmtBytes(bytes)}).` });
    } catch (e) {
      setNotice({ kind: 'error', text: `Cannot save the trace: ${e.message ?? e}` });
    }
    app.invalidateDom();
  }

  const save = () => saveTrace(ex.trace, (n) => (ex.trace.notice = n));

  /** Explore: downloads the tree as 'png', 'svg', 'tikz' or the statistics as 'csv' (or says why not). */
  async function exportAs(kind) {
    // the TikZ writer is in the engine's second part (www/export.js treeTikz): say so while it loads
    let loading = null;
    if (kind === 'tikz' && !app.core.hasSecond) {
      loading = ex.trace.notice = { kind: 'info', text: "Loading the TikZ writer: the engine's second part comes once, then stays cached…" };
      app.invalidateDom();
    }
    // the exporters load when first used (www/export.js): the first search does not need them
    let r;
    try {
      r = await (await import('./export.js')).exportFile(app, kind);
    } catch (e) {
      r = { error: `The exporter could not be loaded: ${e.message ?? e}` };
    }
    if (loading && ex.trace.notice === loading) {
      ex.trace.notice = null;
      app.invalidateDom();
    }
    if (r.error) {
      ex.trace.notice = { kind: 'error', text: r.error };
      return app.invalidateDom();
    }
    download(r.name, r.blob);
  }

  function compareRun() {
    const m = modes.compare;
    if (m.running()) return;
    // chess is the engine's second part (www/engine/core.js): load it, saying so, then run
    if (state.tab === 'chess' && !app.core.hasSecond) {
      cmp.notice = { kind: 'info', text: "Loading chess: the engine's second part comes once, then stays cached…" };
      app.invalidateDom();
      app.core.loadSecond().then(
        () => {
          cmp.notice = null;
          compareRun();
        },
        (e) => {
          cmp.notice = { kind: 'error', text: `Chess could not be loaded (the engine's second part): ${e.message ?? e}` };
          app.invalidateDom();
        },
      );
      return;
    }
    const req = panels.inputs.read();
    if (!req) {
      cmp.notice = { kind: 'error', text: 'The input on the left is not valid: see the message there.' };
      return app.invalidateDom();
    }
    const r = panels.compareSetup.read({ depth: req.depth, iterative: req.iterative });
    if (r.error) {
      cmp.notice = { kind: 'error', text: r.error };
      return app.invalidateDom();
    }
    const cap = r.configs.A.node_cap;
    showTree();
    m.run({ input: req.input, configs: r.configs, hint: reserveFor(req.hint, cap) });
  }

  async function compareOpen(k, file) {
    await modes.compare.open(k, file);
    const s = cmp.sides[k];
    if (s.source === 'file' && s.input && s.status === 'done') {
      panels.compareSetup.show(k, s.config);
      await panels.inputs.restore(s.input, s.config);
    }
  }

  const compareSave = (k) => saveTrace(cmp.sides[k], (n) => (cmp.notice = n));

  function setMode(mode) {
    if (mode === state.mode) return;
    if (mode !== 'explore') app.modes.learn?.close(); // a lesson lives on explore's page
    app.commands.pause();
    state.mode = mode;
    if (mode === 'compare') app.startCompareEngines();
    app.invalidate();
    app.afterLayout(() => {
      app.resizeCanvases();
      app.mode().autoFit();
      app.invalidate();
    });
  }

  function setTheme(choice) {
    state.theme.choice = choice;
    state.theme.dark = isDark(choice);
    applyTheme(state.theme.dark);
    state.theme.pal = readPalette();
    app.invalidate();
  }

  return {
    start,
    stop,
    open,
    save,
    exportAs,
    compareRun,
    compareOpen,
    compareSave,
    setMode,
    setTab,
    /** Opens an exercise from its link parameters as an object (docs/teaching.md, "Giving the same
     * exercise to a class"): the lessons call
     * it. Exercise mode loads the first time (www/main.js `exerciseLoader`); answers a promise
     * of whether it opened. See www/modes/exercise.js `open`. */
    openExercise: async (params) => {
      const exercise = await app.loadExercise();
      return exercise ? exercise.open(params) : false;
    },
    setTheme,
    cycleTheme() {
      const next = nextTheme(state.theme.choice);
      storeTheme(next);
      setTheme(next);
    },
    restorePanels,
  };
}
