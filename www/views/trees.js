// The tree canvases of both modes: what each draws — which trace, laid out how, with which
// cursor, selection and marks — read from the state. One call per animation frame.

import { NONE } from '../model/store.js';
import { fmtInt } from '../model/format.js';
import { sideNames } from './inspector.js';
import { setText } from '../dom.js';

/** Drawing options that depend only on a trace (names, counts). */
function traceOpts(state, t) {
  return {
    pal: state.theme.pal,
    maxmin: state.maxmin,
    chess: t.names.chess,
    // this trace's exact-value scale: each canvas formats its own trace's fractions
    scale: t.scale,
    // an explicit tree's leaf values are its problem statement: shown at every step
    leaves: t.input?.kind === 'tree',
    sideNames: sideNames(t),
    // a chance branch: its probability w/S beside the move (AIMA's and CS188's drawings),
    // shortened by the labels layer where the slot is narrow (www/views/draw/labels.js)
    label: (id) => {
      const l = t.names.label(id);
      const p = t.probability(id);
      return p === null ? l : `${l ?? ''} p ${p}`;
    },
    probability: (id) => t.probability(id),
    prefetch: (ids) => t.names.prefetch(ids),
    // the core's pruned lists (cached; fetched for a frame's nodes in one call)
    pruned: (id) => t.names.cachedPruned(id),
    prefetchPruned: (ids, named, limit) => t.names.prefetchPruned(ids, named, limit),
  };
}

/**
 * The count under the tree. An explicit tree drawn whole (its pruned subtrees included) counts
 * what the student sees: the tree's nodes and how many the search has reached at the cursor —
 * never the nodes searched against those drawn, which would tell how many will be pruned (issue
 * 29 §3). Other traces: the nodes searched, those drawn, the frame's cost.
 */
function frameInfo(t, lay, stats, c, cursor) {
  const st = t.store;
  const bands = stats.dense ? ` · ${stats.dense} ply band${stats.dense > 1 ? 's' : ''}` : '';
  if (lay.ghosts) {
    const reached = cursor < 0 ? st.n : st.enteredBefore(Math.min(st.nev, cursor + 1));
    return `${fmtInt(st.n + lay.ghosts.n)} nodes in the tree · ${fmtInt(reached)} reached${bands}`;
  }
  return `${fmtInt(st.n)} nodes · ${fmtInt(stats.nodes)} drawn${bands} · ${c.lastFrameMs.toFixed(1)} ms`;
}

/** `app`: { state, mode(), modes: {explore, compare}, canvases: {explore, A, B, G} }. */
export function createTreeViews(app) {
  const { state } = app;

  function explore() {
    const t = state.explore.trace;
    const c = app.canvases.explore;
    // before the search, an explicit tree's problem is drawn whole (issue 29 §3)
    const problem = !t.store.n && !t.running && state.tab === 'tree' && !state.learn.open ? app.modes.explore.problem() : null;
    if (problem) {
      c.drawProblem(problem, { pal: state.theme.pal, maxmin: state.maxmin, scale: 1 });
      setText('frame-info', `${fmtInt(problem.nodes.length)} nodes in the tree · none reached: press Start`);
      return;
    }
    app.modes.explore.autoFit();
    const live = t.cursor.live;
    const cur = live && t.running ? NONE : t.cursor.node();
    const stats = c.draw(t.store, app.modes.explore.layout(), {
      ...traceOpts(state, t),
      cursor: live || state.finals ? -1 : t.cursor.at,
      // a search streaming in, shown live: its density bands sample fewer nodes a column
      // (www/views/draw/bands.js); the frame at `done` samples them all again
      streaming: live && t.status === 'running',
      selected: state.explore.selected,
      predict: state.quiz.predict,
      // a lesson on an explicit tree shows its problem whole (www/views/draw/predict.js)
      problem: state.learn.open && state.learn.lesson !== null && t.input?.kind === 'tree',
      // ... and a lesson on a game hides what the search has not reached (www/views/draw/scene.js)
      hideFuture: state.learn.open && state.learn.lesson !== null && t.input?.kind !== 'tree',
      // ... and only the marks it has taught: windows, node types (www/modes/learn.js `shows`);
      // a bound is written "≤ 2" / "≥ 9", as the lesson's questions want it
      teach: state.learn.open && state.learn.lesson !== null ? state.learn.shows : null,
      guesses: self.guesses?.() ?? null,
      cursorNode: cur,
      cursorAlpha: cur === NONE ? undefined : t.store.alphaAt(cur, t.cursor.at),
    });
    const lesson = state.learn.open && state.learn.lesson !== null; // the node count would answer a lesson's question
    setText('frame-info', t.store.n && !lesson ? frameInfo(t, app.modes.explore.layout(), stats, c, live || state.finals ? -1 : t.cursor.at) : '');
  }

  function compare() {
    const cmp = state.compare;
    const m = app.modes.compare;
    m.autoFit();
    const d = cmp.diff;
    const draw = (canvas, k, ghost, withoutDiff = false) => {
      const s = cmp.sides[k];
      const cur = m.cursorFor(k);
      canvas.draw(s.store, m.layoutOf(k), {
        ...traceOpts(state, s),
        cursor: state.finals ? -1 : cur.ev,
        selected: cmp.selected[k],
        cursorNode: cur.node,
        cursorAlpha: cur.node !== NONE && cur.ev >= 0 ? s.store.alphaAt(cur.node, cur.ev) : undefined,
        diff: d && !withoutDiff
          ? {
              match: m.match(k),
              colorBy: cmp.colorBy,
              only: k === 'A' ? state.theme.pal.onlyA : state.theme.pal.onlyB,
              ghost,
              sizes: k === 'A' ? d.sizeA : d.sizeB,
              changed: k === 'A' ? (id) => d.changes[id] : (id) => (d.bToA[id] !== NONE ? d.changes[d.bToA[id]] : 0),
              absent: cur.absent,
            }
          : null,
      });
    };
    if (cmp.view === 'side') {
      draw(app.canvases.A, 'A', false);
      draw(app.canvases.B, 'B', false);
    } else if (m.held()) {
      // the ghost tree fades what the other search never visited, which is the answer (what
      // alpha-beta prunes): until the driving cursor reaches the end it draws its tree as the
      // side-by-side view draws that side, nodes not reached yet all alike (issue 29 §3)
      draw(app.canvases.G, m.ghostSide(), false, true);
    } else draw(app.canvases.G, m.ghostSide(), !!d);
  }

  const self = {
    /** Set by the composition root: the iterative-deepening card's marks (Map id → right/wrong). */
    guesses: null,
    draw() {
      if (state.mode === 'explore') explore();
      else compare();
    },
  };
  return self;
}
