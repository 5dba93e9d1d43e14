// Experiments mode: the papers' experiments as the core lists them, the committed result of the
// chosen one (docs/results/NAME.json, checked by the core) beside its committed figure, and a
// small run in Web Workers whose tables and plot grow as positions finish. It changes
// state.experiments only; the view (www/views/experiments.js) reads it.

import { ExperimentRun, loadCommitted, SUITE_URL } from '../model/experiments.js';
import { loadStyles, siteUrl, UPLOT_MODULE, UPLOT_STYLES } from '../lazy.js';

const WORKER = siteUrl('www/engine/experiment-worker.js');

/** `app`: { state, core, invalidate(), libs }. */
export function createExperiments(app) {
  const { state, core } = app;
  const x = state.experiments;
  x.run = new ExperimentRun({ core, workerUrl: WORKER, onChange: () => app.invalidateDom() });
  // UI-local: the list is requested once; the committed suite's text is a fetch cache (the state holds what is shown)
  let opened = false;
  let suiteText = null;

  /** The first time the mode shows: the list from the core, the chart library, the first experiment. */
  function open() {
    if (opened) return;
    opened = true;
    // the experiments are chess: the engine's second part (www/engine/core.js), loaded the first
    // time with a line that says so; the mode stays usable meanwhile
    if (!core.hasSecond) {
      x.loading = 'Loading the experiments: the engine\'s second part comes once, then stays cached…';
      app.invalidateDom();
      core.loadSecond().then(
        () => {
          x.loading = null;
          opened = false;
          open();
          app.invalidateDom();
        },
        (e) => {
          x.loading = `The experiments could not be loaded (the engine's second part): ${e.message ?? e}. Open the mode again to retry.`;
          opened = false;
          app.invalidateDom();
        },
      );
      return;
    }
    x.list = core.experiment_list();
    loadStyles(UPLOT_STYLES); // the chart draws on a canvas: it need not wait for its stylesheet
    import(siteUrl(UPLOT_MODULE))
      .then((m) => {
        app.libs.uPlot = m.default;
        app.invalidateDom();
      })
      .catch((e) => console.info('uPlot unavailable:', e.message));
    choose(x.list[0].name);
  }

  /** Shows experiment `name`: its committed result `stem` (default its first; fetched and
   * checked) and its run form. */
  async function choose(name, stem) {
    const entry = x.list?.find((e) => e.name === name);
    if (!entry) return;
    stem = entry.results.includes(stem) ? stem : entry.results[0];
    x.chosen = name;
    x.depths = entry.small ?? '';
    x.notice = null;
    x.committed = { status: 'loading', name, stem };
    x.committedGeneration++;
    app.invalidateDom();
    const c = await loadCommitted(core, name, stem);
    if (x.chosen !== name || x.committed.stem !== stem) return; // another was chosen meanwhile
    x.committed = { ...c, name, stem };
    x.committedGeneration++;
    app.invalidateDom();
  }

  async function suite() {
    if (suiteText !== null) return suiteText;
    const res = await fetch(SUITE_URL);
    if (!res.ok) throw new Error(`${SUITE_URL}: HTTP ${res.status}`);
    suiteText = await res.text();
    return suiteText;
  }

  /** Runs the chosen experiment small: `depths` as typed, the first `count` BK positions. */
  async function run({ depths, count }) {
    x.depths = depths;
    x.count = count;
    x.notice = null;
    let text;
    try {
      text = await suite();
    } catch (e) {
      x.notice = { kind: 'error', text: `The suite could not be fetched: ${e.message ?? e}` };
      return app.invalidateDom();
    }
    const refused = x.run.start({ name: x.chosen, depths, suite: text, count });
    if (refused) x.notice = { kind: 'error', text: `Not run: ${refused}` };
    app.invalidateDom();
  }

  return {
    open,
    choose,
    run,
    stop: () => x.run.stop(),
    // Experiments mode has no tree: the page's stepping machinery finds nothing to do here.
    traces: () => [],
  };
}
