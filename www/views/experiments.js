// The Experiments view: the list of experiments (from the core), the chosen one's committed
// result — tables, notes, command, wall time — with its figure drawn here (uPlot; the paper's
// series dashed) beside the committed SVG (an <img>), and the small run's form, progress,
// tables and growing plot. Everything is built from DOM nodes and text, never from markup.

import { $, h, span, setText, setProp, renderKeyed } from '../dom.js';
import { figureUrl, alignSeries, wallWords } from '../model/experiments.js';
import { fmtInt, fmtMs } from '../model/format.js';

/** Okabe–Ito: one colour per series group, told apart in both themes and by colour-blind eyes. */
const COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#8c6d1f', '#999999'];

/** A table in a region that scrolls sideways on a phone: focusable and named after its caption,
 * so the keyboard can scroll it too (WCAG 2.1.1). */
function tableOf(t) {
  return h('div', { class: 'exp-table-wrap', tabindex: 0, role: 'region', 'aria-label': t.caption },
    h('table', { class: 'exp-table' },
      h('caption', null, t.caption),
      h('thead', null, h('tr', null, t.header.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', null, t.rows.map((r) => h('tr', null, r.map((c, k) => (k === 0 ? h('th', { scope: 'row' }, c) : h('td', null, c)))))),
    ));
}

function reportBody(r) {
  return [
    r.setup.length ? h('ul', { class: 'exp-setup muted' }, r.setup.map((s) => h('li', null, s))) : null,
    r.tables.map(tableOf),
    r.notes.length ? h('ul', { class: 'exp-notes' }, r.notes.map((n) => h('li', null, n))) : null,
  ];
}

/**
 * A figure drawn with uPlot into `el`: our series solid, the paper's dashed in the same
 * group's colour, reference lines thin and grey. Returns { chart, data } (data: what was drawn).
 */
function drawFigure(uPlot, el, f, pal) {
  const n = f.series.length;
  const bars = f.kind === 'bars';
  // grouped bars: each series shifted within its category
  const w = bars ? 0.8 / Math.max(1, n) : 0;
  const shifted = f.series.map((s, k) => ({ ...s, points: s.points.map(([x, y]) => [bars ? x + (k - (n - 1) / 2) * w : x, y]) }));
  const { xs, ys } = alignSeries(shifted);
  const colour = (s, k) => COLOURS[(s.group ?? k) % COLOURS.length];
  const axis = { stroke: pal.muted, grid: { stroke: pal.line }, ticks: { stroke: pal.line }, labelFont: `600 11px ${pal.font}`, labelSize: 18 };
  const cats = f.x_categories;
  const xAxis = bars
    ? { ...axis, label: f.x_label, splits: () => cats.map((_, i) => i), values: (u, v) => v.map((i) => cats[i] ?? ''), grid: { show: false } }
    : { ...axis, label: f.x_label };
  const xr = bars ? [-0.6, cats.length - 0.4] : undefined;
  const reference = (u) => {
    const ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = pal.muted;
    ctx.setLineDash([2, 3]);
    ctx.lineWidth = 1;
    for (const [y] of f.reference) {
      const py = u.valToPos(y, 'y', true);
      if (!Number.isFinite(py)) continue;
      ctx.beginPath();
      ctx.moveTo(u.bbox.left, py);
      ctx.lineTo(u.bbox.left + u.bbox.width, py);
      ctx.stroke();
    }
    ctx.restore();
  };
  const chart = new uPlot(
    {
      width: Math.max(240, Math.floor(el.clientWidth) || 320),
      height: 240,
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, ...(xr ? { range: xr } : {}) },
        // bars from zero; lines and points fitted to the data (the papers' percentages sit near 100)
        y: f.log_y ? { distr: 3, log: 10 } : bars ? { range: (u, min, max) => [0, (max ?? 1) * 1.05 || 1] } : {},
      },
      axes: [xAxis, { ...axis, label: f.y_label, size: 56 }],
      series: [
        { label: f.x_label },
        ...f.series.map((s, k) => ({
          label: s.paper && !/paper/i.test(s.name) ? `${s.name} (paper)` : s.name,
          stroke: colour(s, k),
          fill: bars ? colour(s, k) + (s.paper ? '55' : 'cc') : undefined,
          width: f.kind === 'points' ? 0 : s.paper ? 1.5 : 2,
          dash: s.paper ? [6, 4] : undefined,
          spanGaps: true,
          paths: bars ? uPlot.paths.bars({ size: [0.9, 64], align: 0 }) : undefined,
          points: { show: !bars, size: f.kind === 'points' ? 8 : 5, fill: s.paper ? pal.bg : colour(s, k) },
        })),
      ],
      hooks: { draw: [reference] },
    },
    [xs, ...ys],
    el,
  );
  return { chart, data: { kind: f.kind, names: f.series.map((s) => s.name), paper: f.series.map((s) => s.paper), series: f.series.map((s) => s.points) } };
}

/** One chart slot ('committed' or 'run'): redraws when its key changes. */
function chartSlot(app, el) {
  let key = null; // UI-local: the chart's handle and the data it last drew (a memo)
  let chart = null;
  let data = null;
  return {
    render(figure, figureKey) {
      const uPlot = app.uPlot();
      const k = `${figureKey}|${app.state.theme.dark}|${!!uPlot}|${el.clientWidth}`;
      if (k === key) return;
      key = k;
      chart?.destroy();
      chart = null;
      data = null;
      if (!figure || !figure.series.length) {
        el.replaceChildren(h('p', { class: 'muted' }, 'No figure yet.'));
        return;
      }
      if (!uPlot) {
        el.replaceChildren(h('p', { class: 'muted' }, 'Loading the chart…'));
        return;
      }
      el.replaceChildren(h('div', { class: 'exp-fig-title' }, figure.title));
      const holder = h('div');
      el.append(holder);
      ({ chart, data } = drawFigure(uPlot, holder, figure, app.state.theme.pal));
    },
    drawn: () => data,
  };
}

/** `app`: { state, uPlot(), modes: { experiments } }. */
export function createExperimentsView(app) {
  const { state } = app;
  const x = state.experiments;
  const root = $('exp');
  let built = false; // UI-local: whether this view built its elements, and its charts' handles
  let charts = null;

  function build() {
    built = true;
    const depth = h('input', { id: 'exp-depth', type: 'text', inputmode: 'numeric', spellcheck: 'false', size: 6, title: 'Depths: 3, a range 2-4 or a list 3,5 (at most 5)' });
    const count = h('input', { id: 'exp-count', type: 'number', min: 1, max: 24, value: 24 });
    const submit = () => app.modes.experiments.run({ depths: depth.value.trim(), count: Number(count.value) });
    root.replaceChildren(
      h('nav', { class: 'card exp-list', 'aria-label': 'Experiments' }, h('h2', null, 'Experiments'), h('ul', { id: 'exp-list' })),
      h('div', { class: 'exp-main' },
        h('section', { class: 'card exp-head', id: 'exp-head', 'aria-live': 'polite' }),
        h('section', { class: 'card', 'aria-label': 'Committed result' },
          h('h2', null, 'Committed result'),
          h('div', { id: 'exp-committed-meta' }),
          h('div', { class: 'exp-figs', id: 'exp-committed-figs' },
            h('figure', { class: 'exp-fig' }, h('div', { id: 'exp-chart-committed', class: 'exp-chart' }), h('figcaption', { class: 'muted' }, 'Drawn in the page from the result file: ours solid, the paper\'s dashed.')),
            h('figure', { class: 'exp-fig' }, h('div', { id: 'exp-svg' }), h('figcaption', { class: 'muted' }, 'The committed figure, docs/figures/'))),
          h('div', { id: 'exp-committed' })),
        h('section', { class: 'card', 'aria-label': 'Run a small version' },
          h('h2', null, 'Run a small version'),
          h('div', { id: 'exp-why-not', class: 'notice', hidden: true }),
          h('form', { id: 'exp-form', class: 'run-bar exp-form', onsubmit: (e) => (e.preventDefault(), submit()) },
            h('span', { class: 'muted' }, 'Bratko–Kopec (24 positions)'),
            h('label', { class: 'field small' }, 'Depth ', depth),
            h('label', { class: 'field small' }, 'Positions ', count),
            h('button', { id: 'exp-run', class: 'primary', type: 'submit' }, '▶ Run'),
            h('button', { id: 'exp-stop', class: 'stop', type: 'button', onclick: () => app.modes.experiments.stop() }, '■ Stop')),
          h('div', { id: 'exp-notice', class: 'notice error', role: 'alert', hidden: true }),
          h('div', { id: 'exp-progress', class: 'exp-progress', 'aria-live': 'polite' }),
          h('div', { class: 'exp-chart', id: 'exp-chart-run' }),
          h('div', { id: 'exp-run-out' }))),
    );
    charts = { committed: chartSlot(app, $('exp-chart-committed')), run: chartSlot(app, $('exp-chart-run')) };
  }

  function list() {
    return (x.list ?? []).map((e) =>
      h('li', null, h('button', {
        class: 'exp-item', dataset: { name: e.name }, 'aria-pressed': String(e.name === x.chosen), title: e.doc,
        onclick: () => app.modes.experiments.choose(e.name),
      }, h('b', null, e.name), e.why_not ? span('muted small', ' committed only') : null)));
  }

  function head() {
    if (x.loading) return [h('p', { class: 'muted', id: 'exp-loading' }, x.loading)];
    const e = x.list?.find((e) => e.name === x.chosen);
    if (!e) return [];
    return [h('h2', null, e.name), h('p', null, e.doc), h('p', { class: 'muted small' }, `The paper's depths: ${e.depths.join(', ')}. `, 'Command line: ', h('code', null, `prunescope experiment ${e.name} --suite FILE --depth D`))];
  }

  /** Experiments run on several suites have one committed file per suite: a button each. */
  function files() {
    const e = x.list?.find((e) => e.name === x.chosen);
    const c = x.committed;
    if (!e || e.results.length < 2) return [];
    return h('div', { class: 'seg exp-files', role: 'group', 'aria-label': 'Committed results files' },
      e.results.map((stem) => h('button', { dataset: { stem }, 'aria-pressed': String(c?.stem === stem), onclick: () => app.modes.experiments.choose(e.name, stem) }, stem)));
  }

  function committedMeta() {
    const c = x.committed;
    if (!c || c.status === 'loading') return h('p', { class: 'muted' }, 'Loading the committed result…');
    if (c.status !== 'ok') return h('div', { class: `notice ${c.status === 'malformed' ? 'error' : 'warn'}`, id: 'exp-committed-notice', role: 'status' }, c.message);
    const r = c.result;
    const runs = r.runs.map((run, k) => h('li', null,
      run.command ? h('code', null, run.command) : run.csv ? `merged from ${run.csv}` : `run ${k + 1}`,
      span('muted', ` · wall time ${wallWords(run.wall_seconds)}`),
      run.jobs ? span('muted', ` on ${run.jobs} thread${run.jobs === 1 ? '' : 's'}`) : null));
    return [
      h('p', null, h('b', null, r.report.title), span('muted', ` — ${r.report.source}`)),
      h('p', { class: 'muted small' }, `${fmtInt(r.positions)} position${r.positions === 1 ? '' : 's'}, depth ${r.depths.join(', ')}, ${fmtInt(r.rows)} rows.`),
      h('ul', { class: 'exp-runs' }, runs),
      // Version 2 files name the merge steps too; version 1 files have none.
      r.merges?.length ? h('ul', { class: 'exp-runs exp-merges' }, r.merges.map((m) => h('li', null, 'merged by ', h('code', null, m)))) : null,
      r.consistent ? null : h('div', { class: 'notice warn', role: 'status' }, 'These tables were written by another version of the experiment: this build computes different ones from the same rows. The file is shown as committed.'),
    ];
  }

  function progress() {
    const r = x.run;
    if (r.status === 'idle' || r.name !== x.chosen) return [];
    const words = { running: 'running', done: 'done', stopped: 'stopped — the rows so far are kept', failed: 'failed' };
    return [
      h('span', { class: `pill ${r.running ? 'busy' : r.status === 'failed' ? 'warn' : 'ready'}`, id: 'exp-status' }, words[r.status]),
      h('span', null, h('b', { id: 'exp-done' }, fmtInt(r.positionsDone)), ` of ${fmtInt(r.count)} positions`),
      h('span', null, h('b', { id: 'exp-nodes' }, fmtInt(r.nodes)), ' nodes'),
      h('span', null, `depth ${r.depths}`),
      h('span', null, fmtMs(r.elapsedMs)),
      r.error ? h('div', { class: 'notice error', role: 'alert' }, r.error) : null,
    ];
  }

  function renderRun(e) {
    const r = x.run;
    const why = $('exp-why-not');
    setProp(why, 'hidden', !e?.why_not);
    if (e?.why_not) setText(why, `This experiment cannot run in the page: ${e.why_not}.`);
    setProp($('exp-form'), 'hidden', !!e?.why_not);
    setProp($('exp-run'), 'disabled', r.running || !e || !!e.why_not);
    setProp($('exp-stop'), 'disabled', !r.running);
    const n = $('exp-notice');
    setProp(n, 'hidden', !x.notice);
    if (x.notice) setText(n, x.notice.text);
    const mine = r.status !== 'idle' && r.name === x.chosen;
    renderKeyed($('exp-progress'), `${x.chosen}|${r.generation}|${r.version}`, progress);
    const runKey = `${x.chosen}|${r.generation}|${r.version}|${mine}`;
    if (renderKeyed($('exp-run-out'), runKey, () => (mine && r.report ? reportBody(r.report) : mine ? [] : h('p', { class: 'muted' }, r.running ? `A run of ${r.name} is under way.` : 'The tables and the plot of a run appear here, growing as positions finish.')))) {
      Object.assign($('exp-run-out').dataset, { version: r.version, positions: mine ? r.positionsDone : 0 });
    }
    setProp($('exp-chart-run'), 'hidden', !(mine && r.report));
    charts.run.render(mine ? r.report?.figure : null, runKey);
  }

  return {
    render() {
      if (state.mode !== 'experiments') return;
      app.modes.experiments.open();
      if (!built) build();
      renderKeyed($('exp-list'), `${x.chosen}|${x.list?.length}`, list);
      renderKeyed($('exp-head'), `${x.chosen}|${x.loading}`, head);
      const c = x.committed;
      const cKey = `${x.chosen}|${x.committedGeneration}`;
      renderKeyed($('exp-committed-meta'), cKey, () => [files(), committedMeta()]);
      renderKeyed($('exp-committed'), cKey, () => (c?.status === 'ok' ? reportBody(c.result.report) : []));
      setProp($('exp-committed-figs'), 'hidden', c?.status !== 'ok');
      renderKeyed($('exp-svg'), `${x.chosen}|${c?.stem}|${c?.status}`, () => (c?.status === 'ok' ? h('img', { src: figureUrl(c.stem), alt: `The committed figure of ${x.chosen}`, class: 'exp-svg', loading: 'lazy' }) : []));
      charts.committed.render(c?.status === 'ok' ? c.result.report.figure : null, cKey);
      const e = x.list?.find((e) => e.name === x.chosen);
      if (e && $('exp-depth').dataset.for !== e.name) {
        $('exp-depth').dataset.for = e.name;
        $('exp-depth').value = e.small ?? '';
      }
      renderRun(e);
    },
    /** What the charts last drew (the test hook). */
    drawn: () => ({ committed: charts?.committed.drawn() ?? null, run: charts?.run.drawn() ?? null }),
  };
}
