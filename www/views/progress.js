// How the searches are going: Start/Stop and Compare/Stop, node counts and rates, notices, the
// captions of compare mode's panes and the "press Start" overlays. Reads the state only.

import { $, setText, setProp, setClass, renderKeyed, span } from '../dom.js';
import { fmtInt, fmtValue, compactRate, fmtMs } from '../model/format.js';
import { EMBED_EMPTY } from '../model/narrate.js';

const WHAT = { chess: 'the position', tree: 'the tree', random: 'the random tree', game: 'the game position' };

function notice(el, n) {
  el.hidden = !n;
  if (!n) return;
  const cls = `notice ${n.kind}`;
  if (el.className !== cls) el.className = cls;
  setText(el, n.text);
}

/** `app`: { state, core, embed }. */
export function createProgress(app) {
  const { state, core } = app;

  function explore() {
    const t = state.explore.trace;
    const running = t.running;
    setProp($('start'), 'disabled', running || !t.engineReady);
    setText('start', t.status === 'running' ? 'Searching…' : t.status === 'opening' ? 'Opening…' : '▶ Start');
    setProp($('stop'), 'disabled', !running);
    const n = t.store.n;
    const ms = t.elapsedMs ?? 0;
    setText('p-nodes', fmtInt(n));
    setText('p-rate', ms > 10 && n && t.source === 'search' ? compactRate(n / (ms / 1000)) : '–');
    setText('p-depth', t.input?.kind === 'tree' ? 'all' : t.depth ? String(t.depth) : '–');
    setText('p-time', t.source === 'file' ? 'from a file' : ms ? fmtMs(ms) : '–');
    notice($('notice'), t.notice);
    const empty = $('empty');
    empty.hidden = n > 0 || running;
    // an explicit tree's problem is drawn before Start (www/views/trees.js): the words go under it
    const problem = !n && !running && state.tab === 'tree' && !app.embed && !!app.modes.explore.problem();
    setClass(empty, 'under', problem);
    setText(empty, app.embed ? EMBED_EMPTY : `Press Start (or Ctrl+Enter in a field) to search ${WHAT[state.tab]}.`);
  }

  /**
   * How far side `k`'s search is shown: the nodes reached at the cursor while a finished search
   * of an explicit tree is stepped short of its end, else null. Its total and its value would
   * tell how many nodes the other side prunes, and the answer, before the cut-offs are reached
   * (issue 29 §3: Compare opens such a search at its first event).
   */
  function reachedAt(k, s) {
    if (!app.modes.compare.held() || !s.store.nev) return null;
    const ev = app.modes.compare.cursorFor(k).ev;
    return ev < 0 ? 0 : s.store.enteredBefore(Math.min(s.store.nev, ev + 1));
  }

  function caption(k, s) {
    if (!s.input && !s.store.n) return '–';
    let what = '?';
    try {
      what = core.describe_config(s.config);
    } catch {
      /* no configuration yet */
    }
    const reached = reachedAt(k, s);
    if (reached != null) return `${what} · ${fmtInt(reached)} reached so far${s.fileName ? ` · ${s.fileName}` : ''}`;
    const chess = s.input?.kind === 'chess';
    const status = s.running ? `searching… ${fmtInt(s.store.n)} nodes` : `${fmtInt(s.store.n)} nodes`;
    const sum = s.outcome?.summary;
    const v = sum && sum.iterations?.length ? ` · value ${fmtValue(sum.value, chess, s.scale)}` : '';
    return `${what} · ${status}${v}${s.fileName ? ` · ${s.fileName}` : ''}${s.status === 'stopped' ? ' · stopped' : ''}`;
  }

  function compare() {
    const c = state.compare;
    const { A, B } = c.sides;
    const running = A.running || B.running;
    setProp($('cmp-run'), 'disabled', running || !(A.engineReady && B.engineReady));
    setText('cmp-run', running ? 'Searching…' : '▶ Compare');
    setProp($('cmp-stop'), 'disabled', !running);
    for (const [k, s] of [['A', A], ['B', B]]) {
      const reached = reachedAt(k, s);
      setText(`cmp-n-${k}`, reached != null ? `${fmtInt(reached)} reached` : s.store.n ? `${fmtInt(s.store.n)} nodes${s.running ? '…' : ''}` : '–');
      const cap = caption(k, s);
      setText(`cmp-cap-${k}`, cap);
      $(`cmp-cap-${k}`).title = cap;
      setProp($(`cmp-save-${k}`), 'disabled', s.running || !s.store.n);
    }
    notice($('cmp-notice'), c.notice);
    const empty = !(A.store.n || B.store.n || running);
    $('cmp-empty').hidden = !empty;
    $('cmp-side-views').hidden = empty || c.view !== 'side';
    $('cmp-ghost-views').hidden = empty || c.view !== 'ghost';
    const d = c.diff;
    const g = d && B.store.n > A.store.n ? 'B' : 'A';
    const o = g === 'A' ? 'B' : 'A';
    const held = app.modes.compare.held();
    renderKeyed($('cmp-cap-ghost'), `${c.generation}|${c.view}|${g}|${!!d}|${held}`, () =>
      held
        ? 'The ghost tree compares the finished searches: press End (⇥) to see it.'
        : d
        ? [
            span(`tag tag-${g.toLowerCase()}`, g),
            ` ${fmtInt(c.sides[g].store.n)} nodes, the larger tree · faded: the ${fmtInt(g === 'A' ? d.onlyA : d.onlyB)} nodes `,
            span(`tag tag-${o.toLowerCase()}`, o),
            ' never visited',
            (g === 'A' ? d.onlyB : d.onlyA) ? ` · not shown: the ${fmtInt(g === 'A' ? d.onlyB : d.onlyA)} nodes only ${o} visited` : '',
          ]
        : 'The ghost tree appears once both searches are done.',
    );
  }

  return {
    render() {
      if (state.mode === 'explore') explore();
      else compare();
    },
  };
}
