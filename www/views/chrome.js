// The page's frame around the tree: which mode shows, the theme toggle, the engine pill, the
// toolbar's buttons and the legend. Reads the state; writes only what changed.

import { $, h, span, setText, setProp, setClass, renderKeyed } from '../dom.js';
import { NONE } from '../model/store.js';

const THEME_WORDS = { auto: 'auto', light: 'light', dark: 'dark' };

/** `app`: { state, mode() }. */
export function createChrome(app) {
  const { state } = app;
  let shownMode = null; // UI-local: the mode last drawn (a memo)

  const noTypes = () => state.mode === 'explore' && state.learn.open && state.learn.shows?.types === false;

  function legend() {
    const dot = (cls) => h('i', { class: `dot ${cls}` });
    const item = (mark, text, title) => h('span', { title }, mark, text);
    if (state.mode === 'explore') {
      // a lesson before node types (lessons 1–2) colours a returned node neutrally
      const types = !noTypes();
      return [
        types ? item(dot('pv'), 'PV', 'principal-variation node: the value is exact') : item(dot('returned'), 'returned', 'the node has returned its value'),
        types ? item(dot('cut'), 'CUT', 'cut node: it failed high') : null,
        types ? item(dot('all'), 'ALL', 'all node: it failed low') : null,
        item(dot('open'), 'open', 'entered, not returned yet'),
        item(dot('future'), 'not reached yet', 'entered after the cursor'),
        types ? item(h('i', { class: 'ring' }), 'expected ≠ actual', 'dashed ring in the expected type’s colour') : null,
        item(h('i', { class: 'badge' }, '?'), 'uncertain'),
        item(h('i', { class: 'stub' }), 'pruned'),
        item(h('i', { class: 'arc' }), 're-search'),
      ];
    }
    const c = state.compare;
    return [
      ...(c.colorBy === 'diff'
        ? [item(dot('only-a'), 'only A'), item(dot('only-b'), 'only B'), item(dot('both'), 'both')]
        : [item(dot('pv'), 'PV'), item(dot('cut'), 'CUT'), item(dot('all'), 'ALL')]),
      item(h('i', { class: 'diamond' }), 'value, bound or type differ'),
      item(dot('faded'), 'not visited by the other (ghost)'),
      item(span('', '✂ n'), 'nodes pruned'),
    ];
  }

  return {
    render() {
      const mode = app.mode();
      if (shownMode !== state.mode) {
        shownMode = state.mode;
        document.body.dataset.mode = state.mode; // for the CSS of each mode
        for (const el of document.querySelectorAll('[data-mode]')) el.hidden = el.dataset.mode !== state.mode;
        $('mode-compare').setAttribute('aria-pressed', String(state.mode === 'compare'));
        $('mode-experiments').setAttribute('aria-pressed', String(state.mode === 'experiments'));
        $('mode-exercise').setAttribute('aria-pressed', String(state.mode === 'exercise'));
      }
      // Learn (www/panels/learn.js) runs on explore's page: Explore is pressed when it is closed
      const explorePressed = String(state.mode === 'explore' && !state.learn.open);
      if ($('mode-explore').getAttribute('aria-pressed') !== explorePressed) $('mode-explore').setAttribute('aria-pressed', explorePressed);
      setText('theme-name', THEME_WORDS[state.theme.choice]);
      $('theme').title = `Theme: ${state.theme.choice === 'auto' ? `follows the system (now ${state.theme.dark ? 'dark' : 'light'})` : state.theme.choice}; click for the next`;
      const pill = $('engine-state');
      // experiments: its own workers; exercises: graded by the core on the page's thread (no
      // search worker of theirs to wait for: compare's, which `app.mode()` answers, may never start)
      const own = state.mode === 'experiments' || state.mode === 'exercise';
      const traces = own ? [] : mode.traces();
      const busy = state.mode === 'experiments' ? !!state.experiments.run?.running : traces.some((t) => t.running);
      const ready = state.core.ready && traces.every((t) => t.engineReady);
      const [cls, text] = state.core.error ? ['warn', 'engine failed to load'] : !ready && !busy ? ['', 'starting engine…'] : busy ? ['busy', 'searching…'] : ['ready', 'engine ready'];
      setText(pill, text);
      if (pill.className !== `pill ${cls}`) pill.className = `pill ${cls}`;
      // toolbar
      const ex = state.explore;
      const t = ex.trace;
      const sel = ex.selected;
      setText('collapse', sel !== NONE && t.layout.isCollapsed(sel) ? '▸ Expand' : '▾ Collapse');
      setProp($('collapse'), 'disabled', sel === NONE || sel >= t.store.n || t.store.lastChild[sel] === NONE);
      setProp($('save-trace'), 'disabled', t.running || !t.store.n);
      setProp($('maxmin'), 'checked', state.maxmin);
      setProp($('finals'), 'checked', state.finals);
      setProp($('cmp-bydiff'), 'checked', state.compare.colorBy === 'diff');
      for (const [id, v] of [['cmp-view-side', 'side'], ['cmp-view-ghost', 'ghost']]) $(id).setAttribute('aria-pressed', String(state.compare.view === v));
      setClass($('legend'), 'compare', state.mode === 'compare');
      renderKeyed($('legend'), `${state.mode}|${state.compare.colorBy}|${noTypes()}`, legend);
    },
  };
}
