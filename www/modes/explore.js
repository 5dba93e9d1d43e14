// Explore mode: one search, stepped node by node. What a step, a selection, a fit or a collapse
// means here; the stepping, playing and keys themselves are www/controls/ (shared with compare
// mode). No DOM: it changes the state and asks for a redraw.

import { NONE } from '../model/store.js';
import { WholeTree, ghostDepth, problemLayout } from '../model/fulltree.js';
import { refit } from '../state.js';
import { prefixLayout } from '../model/layout.js';
import { treeShape } from '../model/shape.js';

/**
 * `app`: { state, invalidate(), invalidateTree(), canvas() → the explore TreeCanvas }.
 */
export function createExplore(app) {
  const { state } = app;
  const ex = state.explore;
  const trace = () => ex.trace;
  const whole = new WholeTree(app.core);
  let prefix = null; // UI-local: a game lesson's layout of the nodes entered so far (cached by cursor)
  const problemCache = { text: null, lay: null }; // the problem's layout, by its text

  const mode = {
    name: 'explore',
    /** The trace whose cursor the step commands move. */
    driver: trace,
    traces: () => [ex.trace],
    /** The marker jumps this mode offers (cursor.toMark kinds). */
    marks: ['cutoff', 'research', 'mismatch', 'uncertain'],

    /** The Tree tab's text changed (and is valid): the problem drawn before Start. */
    setProblem(text) {
      if (state.explore.problem === text) return;
      state.explore.problem = text;
      app.invalidate();
    },

    /** The Chess tab's position changed: the board shows it until the next search. */
    setPosition(fen) {
      state.explore.position = { fen: fen.trim(), generation: trace().generation };
      app.invalidateDom();
    },

    /** The problem's layout (www/views/draw/problem.js) from the core's shape of the text, or null. */
    problem() {
      const text = state.explore.problem;
      if (!text) return null;
      if (problemCache.text !== text) {
        problemCache.text = text;
        try {
          const shape = treeShape(app.core, text);
          problemCache.lay = shape.values.length <= 256 ? problemLayout(shape) : null;
        } catch {
          problemCache.lay = null;
        }
      }
      return problemCache.lay;
    },

    /** The layout the tree is drawn with: the whole explicit tree (pruned subtrees greyed)
     * when it is small enough, else the trace's own. */
    layout: () => {
      const t = trace();
      // a lesson draws only what the search has entered by the cursor (docs/learn.md): on an
      // explicit tree the input tree without the re-searches to come, on a game the nodes
      // entered so far, laid out as if the search had stopped there (no room kept for the rest)
      const L = state.learn;
      const until = L.open && L.lesson !== null && !state.finals && !t.running && !t.cursor.live ? t.cursor.at : -1;
      if (until < 0 || t.input?.kind === 'tree') return whole.for(t, until);
      if (t.layout.collapsed.size) return t.layout;
      if (prefix?.store !== t.store || prefix.gen !== t.generation || prefix.at !== until || prefix.n !== t.store.n) {
        prefix = { store: t.store, gen: t.generation, at: until, n: t.store.n, lay: prefixLayout(t.store, until) };
      }
      return prefix.lay;
    },

    /** After the cursor moved: select its node, reveal it, keep it on screen (a fitted view
     * shows the whole tree already; a view the user zoomed or panned follows the cursor). */
    afterStep(changed) {
      if (!changed) return;
      const t = trace();
      const id = t.cursor.node();
      if (id !== NONE) {
        ex.selected = id;
        t.layout.reveal(id);
        const c = app.canvas();
        if (c && ex.transform.userMoved) c.ensureVisible(id, t.store, mode.layout());
      }
      app.invalidate();
    },

    /** Selects node `id`; with `moveCursor`, the cursor goes to its enter event. */
    select(id, moveCursor = true) {
      const t = trace();
      if (state.quiz.predict && !state.quiz.predict.result) return; // a tap marks a branch instead
      if (id === NONE || id >= t.store.n) return;
      // a lesson's question is open: the cursor may not pass its event (www/modes/learn.js)
      if (moveCursor && state.learn.gate >= 0 && t.store.enterOf(id) > state.learn.gate) return;
      ex.selected = id;
      if (moveCursor && t.cursor.toNode(id)) app.pause();
      app.invalidate();
    },

    /** The node the inspector and board show: the selection, else the root once done. */
    shownNode() {
      const t = trace();
      if (ex.selected !== NONE && ex.selected < t.store.n) return ex.selected;
      return t.running ? NONE : t.defaultNode();
    },

    fit() {
      const t = trace();
      const lay = mode.layout();
      // Redraw only when the view moved: autoFit runs inside every tree frame, and an
      // unconditional invalidate there would redraw the tree on every animation frame.
      if (refit(ex.transform, () => app.canvas()?.fit(lay.width, (lay.maxPly ?? t.store.maxPly) + 1 + (lay.ghosts ? ghostDepth(t.store, lay.ghosts) : 0)))) app.invalidateTree();
    },

    /** Fits unless the user zoomed or panned (after new nodes, a resize). */
    autoFit() {
      if (!ex.transform.userMoved) mode.fit();
    },

    /** Stores the transform the tree canvas reports (it owns its own, www/views/tree-canvas.js). */
    setTransform(t) {
      Object.assign(ex.transform, t);
    },

    zoomToCursor() {
      const t = trace();
      const id = t.cursor.node() !== NONE ? t.cursor.node() : ex.selected;
      app.canvas()?.zoomTo(id, t.store, mode.layout());
      app.invalidateTree();
    },

    /** Keys: zoom by `f` about the cursor's node, pan by a fraction of the view. */
    zoomBy(f) {
      const t = trace();
      app.canvas()?.zoomAbout(f, t.cursor.node() !== NONE ? t.cursor.node() : ex.selected, t.store, mode.layout());
    },
    panBy(fx, fy) {
      const c = app.canvas();
      c?.panBy(fx * (c.W - 64), fy * c.H);
    },

    toggleCollapse(id = ex.selected) {
      if (id === NONE) return;
      if (trace().layout.toggle(id)) app.invalidate();
    },

    expandAll() {
      if (trace().layout.expandAll()) app.invalidate();
    },

    /** The root search the iterative-deepening card shows (k ≥ 1; -1: the last). */
    setIteration(k) {
      ex.iteration = k;
      app.invalidate();
    },

    /** A new trace replaced the old one: forget the selection, fit it when it arrives. */
    replaced() {
      app.modes.learn?.traceReplaced(); // a lesson's questions belong to its own search
      ex.selected = NONE;
      ex.transform.userMoved = false;
      app.pause();
    },
  };
  return mode;
}
