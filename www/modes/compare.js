// Compare mode: two searches of the same input (or two saved traces), matched node by node by
// their path from the root — the core's matching (src/trace/diff.rs) through the wasm adapter,
// docs/compare.md. One cursor steps the driving side's events; the other side follows by path.
// Steps, play and keys are www/controls/ (shared with explore mode). No DOM.

import { NONE, EV } from '../model/store.js';
import { refit, otherSide } from '../state.js';
import { alignedLayout, FixedLayout, follow } from '../model/aligned.js';
import { WholeTree, ghostDepth } from '../model/fulltree.js';
import { heldBack } from '../model/trace.js';

const other = otherSide;

/** A key that says whether two inputs are the same search problem. */
function inputKey(inp) {
  if (!inp) return '';
  if (inp.kind === 'tree') return 'tree:' + String(inp.text).trim();
  if (inp.kind === 'chess') return 'chess:' + String(inp.fen).trim().split(/\s+/).slice(0, 4).join(' ');
  return `${inp.kind}:` + JSON.stringify(inp);
}

/**
 * `app`: { state, core, invalidate(), invalidateTree(), invalidateDom(), canvases() → { A, B, G }
 * TreeCanvas, pause() }.
 */
export function createCompare(app) {
  const { state, core } = app;
  const cmp = state.compare;
  const side = (k) => cmp.sides[k];
  const driver = () => side(cmp.drive);
  const running = () => side('A').running || side('B').running;
  /** Explore's whole-tree layouts (pruned subtrees drawn whole), one cache per side. */
  const wholes = { A: new WholeTree(core), B: new WholeTree(core) };

  /**
   * Both sides drawn whole, as explore draws an explicit tree (www/model/fulltree.js): each
   * side's own whole-tree layout, used when the two agree on where every matched node sits (two
   * searches of one explicit tree without re-searches or reordering: alpha-beta against
   * minimax, the two cut-off rules), so that the views stay aligned; else null, and the aligned
   * layout of the union with stubs for what was pruned.
   */
  function wholeLayouts(d) {
    const [wa, wb] = ['A', 'B'].map((k) => {
      const t = side(k);
      const lay = wholes[k].for(t);
      return lay !== t.layout && lay.ghosts ? lay : null;
    });
    if (!wa || !wb || wa.width !== wb.width) return null;
    const A = side('A').store;
    for (let id = 0; id < A.n; id++) {
      const m = d.aToB[id];
      if (m !== NONE && wa.x[id] !== wb.x[m]) return null;
    }
    return { fixedA: wa, fixedB: wb, width: wa.width };
  }

  /** The side the ghost view draws: the larger tree. */
  const ghostSide = () => (cmp.diff && side('B').store.n > side('A').store.n ? 'B' : 'A');
  const match = (k) => (cmp.diff ? (k === 'A' ? cmp.diff.aToB : cmp.diff.bToA) : null);
  /** The canvas that shows side `k` now (the ghost canvas shows only the larger side). */
  const canvasOf = (k) => {
    const c = app.canvases();
    if (!c) return null;
    if (cmp.view === 'ghost') return ghostSide() === k ? c.G : null;
    return c[k];
  };
  /** The layout side `k` is drawn with: the aligned one once compared. */
  const layoutOf = (k) => (cmp.layout ? cmp.layout[k === 'A' ? 'fixedA' : 'fixedB'] : side(k).layout);

  /** Cursor of side `k`: the driving side's own, or the follower's by path. */
  function cursorFor(k) {
    const D = driver();
    const none = { ev: -1, node: NONE, absent: null, exact: false };
    if (D.cursor.live || D.store.nev === 0) return none;
    if (k === cmp.drive) return { ev: D.cursor.at, node: D.cursor.node(), absent: null, exact: true };
    if (!cmp.diff) return none;
    const F = side(k).store, Ds = D.store;
    const e = D.cursor.at;
    const a = D.cursor.node(e);
    const m = match(cmp.drive);
    const end = F.nev - 1;
    if (a === NONE) {
      // an iteration (or stop) event outside any node: the start of the matching root search
      let r = 0;
      while (r < Ds.roots.length && Ds.enterOf(Ds.roots[r]) < e) r++;
      return { ...none, ev: r < F.roots.length ? Math.max(0, F.enterOf(F.roots[r]) - 1) : end };
    }
    const f = follow(m, Ds.parent, a);
    if (f.id === NONE) return { ...none, ev: end };
    const kind = Ds.ev[e];
    let ev;
    if (f.exact && kind === EV.ENTER) ev = F.enterOf(f.id);
    else if (f.exact && kind === EV.EXIT) ev = F.exitEv[f.id];
    else {
      // after the last child of the matched node that has returned in the driving search
      let last = NONE;
      Ds.forChildren(f.from, (c) => {
        const x = Ds.exitEv[c];
        if (x !== NONE && x <= e && m[c] !== NONE) last = c;
      });
      ev = last !== NONE ? F.exitEv[m[last]] : F.enterOf(f.id);
    }
    if (ev === NONE || ev === undefined || ev > end) ev = end;
    const lay = layoutOf(cmp.drive);
    const absent = f.exact || !cmp.layout ? null : { x: lay.x[a], ply: Ds.ply[a] };
    return { ev, node: f.id, absent, exact: f.exact };
  }

  /** Matches the two complete traces, lays out their union, and refits. */
  function recompute() {
    const t0 = performance.now();
    const A = side('A').store, B = side('B').store;
    const cols = (s) => [s.parent.subarray(0, s.n), s.code.subarray(0, s.n), s.value.subarray(0, s.n), s.flags.subarray(0, s.n)];
    // values are compared as the exact fractions they stand for: each side's over its own scale
    // (a chance search's `summary.scale`; expectimax's and Star1's usually differ)
    const r = core.diff_columns(...cols(A), ...cols(B), side('A').scale, side('B').scale);
    const c = r.counts;
    const d = {
      aToB: r.aToB, bToA: r.bToA, changes: r.changes, sizeA: r.sizeA, sizeB: r.sizeB, perPly: r.per_ply,
      nA: A.n, nB: B.n, onlyA: c.only_left, onlyB: c.only_right, both: c.both, changed: c.changed,
      changedValue: c.changed_value, changedBound: c.changed_bound, changedType: c.changed_type,
    };
    const t1 = performance.now();
    const lay = alignedLayout(A, B, d);
    lay.fixedA = new FixedLayout(A.n, lay.xA, lay.width, lay.plyListsA);
    lay.fixedB = new FixedLayout(B.n, lay.xB, lay.width, lay.plyListsB);
    const whole = wholeLayouts(d);
    if (whole) Object.assign(lay, whole, { whole: true });
    cmp.diff = d;
    cmp.layout = lay;
    cmp.generation++;
    cmp.selected = { A: NONE, B: NONE };
    // explicit trees open at the driving search's first event, as in explore (issue 29 §3: no
    // value shows before it is stepped to; End shows the result; the follower follows by path);
    // streamed searches (chess, random trees, the games) show their end
    for (const k of ['A', 'B']) side(k).cursor.follow();
    const D = driver();
    if (D.input?.kind === 'tree' && D.source === 'search' && D.store.nev) D.cursor.set(0);
    cmp.transform.userMoved = false;
    mode.autoFit();
    cmp.timings = { diffMs: t1 - t0, layoutMs: lay.ms, totalMs: performance.now() - t0 };
    if (inputKey(side('A').input) !== inputKey(side('B').input)) {
      cmp.notice = { kind: 'warn', text: 'A and B searched different inputs: nodes are still matched by their paths, but the comparison means little.' };
    }
    app.invalidate();
  }

  function clear() {
    cmp.diff = null;
    cmp.layout = null;
    cmp.timings = null;
    cmp.selected = { A: NONE, B: NONE };
    cmp.transform.userMoved = false;
    app.pause();
  }

  /** Compares once both traces are complete. */
  function maybeCompare() {
    const A = side('A'), B = side('B');
    if (A.complete && B.complete && !cmp.diff && A.store.n && B.store.n) recompute();
  }

  /**
   * Whether the comparison's results are held back: a finished search of an explicit tree
   * opens at its first event (issue 29 §3), and until the driving cursor reaches the end the
   * panels show neither side's value nor its count, which would give the answer and the number
   * pruned away. End (or stepping to it) shows them, and so does Final results (`state.finals`:
   * every value at once, asked for).
   */
  function held() {
    return !state.finals && !running() && heldBack(driver());
  }

  const mode = {
    name: 'compare',
    driver,
    held,
    traces: () => [side('A'), side('B')],
    side,
    marks: ['cutoff', 'research', 'mismatch', 'uncertain'],
    cursorFor,
    ghostSide,
    match,
    layoutOf,
    canvasOf,
    running,
    recompute,
    maybeCompare,

    afterStep(changed) {
      if (!changed) return;
      const D = driver();
      const id = D.cursor.node();
      if (id !== NONE) {
        cmp.selected[cmp.drive] = id;
        const m = match(cmp.drive)?.[id] ?? NONE;
        cmp.selected[other(cmp.drive)] = m;
        // a fitted view shows both trees whole; a view the user zoomed or panned follows
        if (cmp.transform.userMoved) canvasOf(cmp.drive)?.ensureVisible(id, D.store, layoutOf(cmp.drive));
      }
      app.invalidate();
    },

    /** Selects node `id` of side `k` (and its match); the driving cursor goes to its entry. */
    select(id, moveCursor = true, k = cmp.drive) {
      const s = side(k);
      if (id === NONE || id >= s.store.n) return;
      cmp.selected[k] = id;
      const m = match(k)?.[id] ?? NONE;
      cmp.selected[other(k)] = m;
      const driveId = cmp.drive === k ? id : m;
      if (moveCursor && driveId !== NONE && driver().cursor.toNode(driveId)) app.pause();
      app.invalidate();
    },

    shownNode() {
      const id = cmp.selected[cmp.drive];
      if (id !== NONE) return id;
      const D = driver();
      return D.running ? NONE : D.defaultNode();
    },

    fit() {
      const c = app.canvases();
      if (!c) return;
      const width = cmp.layout ? cmp.layout.width : Math.max(side('A').layout.width, side('B').layout.width);
      const deep = (k) => {
        const s = side(k).store;
        const g = cmp.layout?.[k === 'A' ? 'fixedA' : 'fixedB'].ghosts;
        return s.maxPly + (g ? ghostDepth(s, g) : 0);
      };
      const rows = Math.max(deep('A'), deep('B')) + 1;
      // Redraw only when the view moved (autoFit runs inside every tree frame).
      if (refit(cmp.transform, () => (cmp.view === 'ghost' ? c.G : c.A).fit(width, rows))) app.invalidateTree();
    },
    autoFit() {
      if (!cmp.transform.userMoved) mode.fit();
    },

    /** Stores the transform a tree canvas reports: the panes share it (each takes it before
     * drawing, www/views/tree-canvas.js). */
    setTransform(t) {
      Object.assign(cmp.transform, t);
    },

    zoomToCursor() {
      const D = driver();
      const id = D.cursor.node() !== NONE ? D.cursor.node() : cmp.selected[cmp.drive];
      const c = canvasOf(cmp.drive) ?? app.canvases()?.A;
      c?.zoomTo(id, D.store, layoutOf(cmp.drive));
      app.invalidateTree();
    },

    /** Keys: zoom by `f` about the driving cursor's node, pan by a fraction of the view (the
     * panes share one transform). */
    zoomBy(f) {
      const D = driver();
      const c = canvasOf(cmp.drive) ?? app.canvases()?.A;
      c?.zoomAbout(f, D.cursor.node() !== NONE ? D.cursor.node() : cmp.selected[cmp.drive], D.store, layoutOf(cmp.drive));
    },
    panBy(fx, fy) {
      const c = canvasOf(cmp.drive) ?? app.canvases()?.A;
      c?.panBy(fx * (c.W - 64), fy * c.H);
    },

    /** Nothing collapses in compare mode: both trees share one aligned layout. */
    toggleCollapse() {},
    expandAll() {},

    /** To the next (dir 1) or previous (-1) enter of a node the other search never visited,
     * whose parent it did visit: the root of a pruned (or extra) subtree. */
    nextDifference(dir) {
      const m = match(cmp.drive);
      if (!m) return false;
      const D = driver().store;
      return driver().cursor.toEvent((e) => {
        if (D.ev[e] !== EV.ENTER) return false;
        const n = D.nodeOf(e);
        const p = D.parent[n];
        return m[n] === NONE && (p === NONE || m[p] !== NONE);
      }, dir);
    },

    /** Steps `k`'s events from now on; the cursor keeps its node where the new side has it. */
    setDrive(k) {
      if (k === cmp.drive) return;
      const old = driver();
      const cur = cursorFor(k);
      cmp.drive = k;
      if (!old.cursor.live && cur.ev >= 0) side(k).cursor.set(cur.ev);
      else side(k).cursor.follow();
      app.pause();
      app.invalidate();
    },

    setView(v) {
      cmp.view = v;
      app.invalidate();
      app.afterLayout(() => mode.autoFit());
    },

    toggleColor() {
      cmp.colorBy = cmp.colorBy === 'diff' ? 'type' : 'diff';
      app.invalidate();
    },

    /** Runs both searches: `req` = { input, configs: {A, B}, hint }. */
    run(req) {
      if (running()) return;
      clear();
      cmp.notice = null;
      for (const k of ['A', 'B']) {
        side(k)
          .search(req.input, req.configs[k], req.hint)
          .then(() => {
            const capped = ['A', 'B'].filter((x) => side(x).outcome?.aborted);
            if (capped.length && !running()) {
              const n = capped.map((x) => `${x} after ${side(x).store.n.toLocaleString('en-US')} nodes`).join(' and ');
              cmp.notice = { kind: 'warn', text: `The node cap stopped ${n}: the comparison covers what ${capped.length > 1 ? 'they' : 'it'} searched.` };
            }
            maybeCompare();
          });
      }
      app.invalidate();
    },

    stop() {
      let any = false;
      for (const k of ['A', 'B']) any = side(k).stop() || any;
      if (any) {
        cmp.notice = { kind: 'info', text: 'Stopped: the nodes received so far are compared; nodes still open have no result.' };
        maybeCompare();
      }
    },

    /** Opens a trace file as side `k`; the comparison follows when both are there. */
    async open(k, file) {
      const s = side(k);
      const gen = s.generation;
      await s.open(file);
      if (s.generation === gen) {
        cmp.notice = s.notice; // refused: say why, change nothing
        app.invalidate();
        return;
      }
      clear();
      cmp.notice = s.status === 'done' ? { kind: 'info', text: `Opened ${s.fileName} as ${k}: ${s.store.n.toLocaleString('en-US')} nodes, ${core.describe_config(s.config)}.` } : s.notice;
      maybeCompare();
      app.invalidate();
    },

    swap() {
      const { A, B } = cmp.sides;
      cmp.sides = { A: B, B: A };
      B.name = 'A';
      A.name = 'B';
      cmp.selected = { A: cmp.selected.B, B: cmp.selected.A };
      if (cmp.diff) {
        const keep = cmp.selected;
        recompute();
        cmp.selected = keep;
      }
      app.invalidate();
    },
  };
  return mode;
}
