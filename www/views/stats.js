// Explore mode's statistics card, for researchers: the core's `TraceStats` (computed once, in
// Rust, by trace::stats, and received with the search's end, from a file, or measured after
// Stop) drawn with uPlot — nodes per ply, node types per ply, the effective branching factor per
// iteration, the best-move index at CUT and ALL nodes (Fig. 6 of Björnsson et al. 1997), and
// first-move fail-high. No statistic is computed here. Reads the state only; uPlot is loaded
// the first time the card opens.

import { $, h, span, renderKeyed } from '../dom.js';
import { fmtInt, compact } from '../model/format.js';

/** `app`: { state, uPlot() → the uPlot class or null, loadUPlot() }. */
export function createStats(app) {
  const { state } = app;
  let charts = []; // UI-local: the charts' handles and the data they last drew (a memo)
  let key = '';

  function axes(pal, xLabel, xs, yLog) {
    const axis = { stroke: pal.muted, grid: { stroke: pal.line }, ticks: { stroke: pal.line } };
    return [
      { ...axis, label: xLabel, size: 34, labelSize: 14, splits: xs && xs.length <= 12 ? () => xs : undefined, values: (u, vals) => vals.map((v) => String(v)), grid: { show: false } },
      { ...axis, size: 46, values: (u, vals) => vals.map((v) => (v == null || (yLog && v < 1) ? '' : compact(v))) },
    ];
  }

  /** One bar chart (one series). */
  function bars(uPlot, el, title, xLabel, xs, series, { log = false, height = 170 } = {}) {
    const box = h('div', { class: 'stat-chart', dataset: { chart: title } }, h('div', { class: 'stat-title' }, title));
    el.append(box);
    const pal = state.theme.pal;
    const k = series.length;
    const width = Math.max(220, Math.floor(el.clientWidth) || 300);
    const chart = new uPlot(
      {
        width,
        height,
        legend: { show: k > 1, live: false },
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: [xs[0] - 0.6, xs[xs.length - 1] + 0.6] },
          y: log ? { distr: 3, log: 10, range: (u, min, max) => [0.5, Math.max(10, (max ?? 1) * 2)] } : { range: (u, min, max) => [0, Math.max(1, (max ?? 1) * 1.1)] },
        },
        axes: axes(pal, xLabel, xs, log),
        series: [
          { label: xLabel },
          ...series.map((s) => ({
            label: s.label,
            fill: k === 1 ? s.color : undefined,
            stroke: s.color,
            width: k === 1 ? 1 : 2,
            paths: k === 1 ? uPlot.paths.bars({ size: [0.6, 40], gap: 1 }) : undefined,
            points: { show: k > 1, size: 6, fill: s.color },
            value: (u, v) => (v == null ? '–' : fmtInt(v)),
          })),
        ],
      },
      [xs, ...series.map((s) => s.data.map((v) => (log ? (v > 0 ? v : null) : v)))],
      box,
    );
    charts.push(chart);
  }

  function line(uPlot, el, title, xLabel, xs, ys) {
    const box = h('div', { class: 'stat-chart', dataset: { chart: title } }, h('div', { class: 'stat-title' }, title));
    el.append(box);
    const pal = state.theme.pal;
    const chart = new uPlot(
      {
        width: Math.max(220, Math.floor(el.clientWidth) || 300),
        height: 150,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: [xs[0] - 0.5, xs[xs.length - 1] + 0.5] }, y: { range: (u, min, max) => [0, Math.max(2, (max ?? 1) * 1.2)] } },
        axes: axes(pal, xLabel, xs, false),
        series: [{ label: xLabel }, { label: 'EBF', stroke: pal.cut, width: 2, points: { show: true, size: 7, fill: pal.cut }, value: (u, v) => (v == null ? '–' : v.toFixed(2)) }],
      },
      [xs, ys],
      box,
    );
    charts.push(chart);
  }

  function build(el, t, uPlot) {
    charts.forEach((c) => c.destroy());
    charts = [];
    const s = t.outcome?.stats;
    if (!s) return el.replaceChildren(h('p', { class: 'muted' }, t.running ? 'The statistics come when the search ends.' : 'Run a search to see its statistics.'));
    if (!uPlot) return el.replaceChildren(h('p', { class: 'muted' }, 'Loading the charts…'));
    el.replaceChildren(
      h('p', { class: 'stat-line' }, span('muted', 'first-move fail-high '), h('b', { id: 'stat-fmfh' }, s.cutoffs ? `${s.first_move_cutoff_pct.toFixed(1)}%` : '–'), span('muted', ` of ${fmtInt(s.cutoffs)} cut-offs · ${fmtInt(s.nodes)} nodes`)),
    );
    const pal = state.theme.pal;
    const plies = s.per_ply.map((_, i) => i);
    bars(uPlot, el, 'Nodes per ply (log scale)', 'ply', plies, [{ label: 'nodes', color: pal.accent ?? pal.pv, data: s.per_ply }], { log: true });
    const tp = s.actual_per_ply ?? [];
    if (tp.length) {
      const xs = tp.map((_, i) => i);
      bars(uPlot, el, 'Node types per ply (actual; log scale)', 'ply', xs, ['PV', 'CUT', 'ALL'].map((label, k) => ({ label, color: [pal.pv, pal.cut, pal.all][k], data: tp.map((c) => c[k]) })), { log: true });
    }
    const it = s.iterations ?? [];
    if (it.length > 1) line(uPlot, el, 'Effective branching factor per iteration', 'depth', it.map((x) => x.depth), it.map((x) => x.ebf ?? null));
    else el.append(h('p', { class: 'muted', dataset: { chart: 'ebf' } }, 'Effective branching factor: one root search only (switch on iterative deepening for one value per iteration).'));
    const hist = (title, data) => {
      if (!data?.length || !data.some((v) => v > 0)) return el.append(h('p', { class: 'muted' }, `${title}: no such nodes.`));
      bars(uPlot, el, title, 'index of the best move', data.map((_, i) => i), [{ label: 'nodes', color: pal.muted, data }], { height: 150 });
    };
    hist('Best-move index at CUT nodes', s.best_index_cut);
    hist('Best-move index at ALL nodes (≥ 2 moves; Fig. 6)', s.best_index_all_fig6);
  }

  return {
    render() {
      const card = $('stats-card');
      if (state.mode !== 'explore' || !card.open) return;
      const t = state.explore.trace;
      const uPlot = app.uPlot();
      if (!uPlot) app.loadUPlot();
      const el = $('stats');
      const k = `${t.uid}|${t.generation}|${!!t.outcome}|${state.theme.dark}|${!!uPlot}|${el.clientWidth}`;
      if (k === key) return;
      key = k;
      build(el, t, uPlot);
    },
  };
}

/** The statistics as CSV text: one table per statistic, each headed by its name. */
export function statsCsv(stats) {
  const rows = [];
  const table = (name, head, data) => {
    rows.push([name], head, ...data, []);
  };
  table('summary', ['statistic', 'value'], [
    ['nodes', stats.nodes], ['finished', stats.finished], ['leaves', stats.leaves], ['cutoffs', stats.cutoffs],
    ['first_move_cutoff_pct', stats.first_move_cutoff_pct], ['researches', stats.researches],
    ['mismatched', stats.mismatched], ['mismatched_pct', stats.mismatched_pct],
    ['actual_pv', stats.actual[0]], ['actual_cut', stats.actual[1]], ['actual_all', stats.actual[2]],
    ['expected_pv', stats.expected[0]], ['expected_cut', stats.expected[1]], ['expected_all', stats.expected[2]],
  ]);
  table('per_ply', ['ply', 'nodes', 'pv', 'cut', 'all'], stats.per_ply.map((n, i) => [i, n, ...(stats.actual_per_ply?.[i] ?? [0, 0, 0])]));
  table('iterations', ['depth', 'root', 'nodes', 'ebf'], (stats.iterations ?? []).map((x) => [x.depth, x.root, x.nodes, x.ebf ?? '']));
  const hist = (name, data) => table(name, ['index', 'nodes'], (data ?? []).map((n, i) => [i, n]));
  hist('best_index_cut', stats.best_index_cut);
  hist('best_index_all', stats.best_index_all);
  hist('best_index_all_fig6', stats.best_index_all_fig6);
  return rows.map((r) => r.join(',')).join('\n') + '\n';
}
