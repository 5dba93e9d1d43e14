// The page's one test hook, `window.prunescope` (docs/test-hook.md): the browser tests and the
// benchmarks talk to the page through these functions only, never through its modules. Every
// answer is plain data (JSON-able), so that playwright can carry it out of the page.

import { NONE } from './model/store.js';
import { GUTTER } from './views/draw/scene.js';
import { PAN_MS } from './views/tree-canvas.js';
import { eventName } from './model/narrate.js';
import { summaryValue } from './views/summary.js';
import { STOP_REASONS, NODE_KINDS, NODE_TYPES, BOUNDS, ORDER_SOURCES, NONE16 } from './schema.js';

export const HOOK_VERSION = 1;

const nn = (id) => (id === NONE || id === undefined ? -1 : id);

export function installTestHook(app, { canvases, actions, frame }) {
  const { state } = app;
  const trace = (side) => (side === 'explore' ? state.explore.trace : state.compare.sides[side]);
  /** The canvas that shows a trace now (compare's ghost view shows only the larger side). */
  const canvasFor = (side) => (side === 'explore' ? canvases.explore : app.modes.compare.canvasOf(side));

  function traceSnapshot(t) {
    const c = t.cursor;
    const e = c.live ? -1 : c.at;
    return {
      generation: t.generation,
      status: t.status,
      ready: t.engineReady,
      nodes: t.store.n,
      batches: t.batches,
      events: t.store.nev,
      roots: t.store.roots.length,
      value: summaryValue(t.outcome?.summary),
      hasStats: !!t.outcome?.stats,
      stats: t.outcome?.stats ?? null,
      aborted: t.outcome?.aborted ?? null,
      elapsedMs: t.elapsedMs,
      notice: t.notice,
      openEnded: t.openEnded,
      file: t.fileName,
      input: t.input,
      config: t.config,
      cursor: { event: e, node: nn(e < 0 ? NONE : c.node()), kind: e < 0 ? null : eventName(t.store.ev[e]) },
      marks: Object.fromEntries(Object.entries(t.store.marks).map(([k, m]) => [k, m.n])),
    };
  }

  /** Experiments mode: the list, the committed result and the small run, as plain data. */
  function experimentsSnapshot() {
    const x = state.experiments;
    const c = x.committed;
    const r = x.run;
    return {
      list: x.list?.map((e) => ({ name: e.name, small: e.small, whyNot: e.why_not, results: e.results })) ?? null,
      chosen: x.chosen,
      notice: x.notice,
      committed: c && { generation: x.committedGeneration, stem: c.stem, status: c.status, message: c.message ?? null, result: c.result ?? null },
      run: r && { generation: r.generation, version: r.version, status: r.status, name: r.name, depths: r.depths, count: r.count, positionsDone: r.positionsDone, nodes: r.nodes, rows: r.rows, report: r.report, arrivals: r.arrivals, error: r.error },
      /** The run's version and positions that the run's tables on screen show. */
      shown: { version: Number(document.getElementById('exp-run-out')?.dataset.version ?? -1), positions: Number(document.getElementById('exp-run-out')?.dataset.positions ?? -1) },
    };
  }

  /** Learn (www/modes/learn.js): the open lesson and where it is, as plain data. */
  function learnSnapshot() {
    const L = state.learn;
    return {
      loaded: !!app.modes.learn, open: L.open, lesson: L.lesson, part: L.part, status: L.status, pause: L.pause, gate: L.gate,
      questions: L.questions?.length ?? 0, right: L.right, asked: L.asked, notice: L.notice, generation: L.generation,
      done: L.progress ? Object.fromEntries(L.progress.done) : null,
    };
  }

  const hook = {
    version: HOOK_VERSION,

    /** What the page shows now. */
    snapshot() {
      const c = state.compare;
      const d = c.diff;
      return {
        mode: state.mode,
        tab: state.tab,
        maxmin: state.maxmin,
        theme: { choice: state.theme.choice, dark: state.theme.dark },
        playing: state.play.on,
        speed: state.play.speed,
        explore: { ...traceSnapshot(state.explore.trace), selected: nn(state.explore.selected) },
        exercise: {
          generation: state.exercise.generation,
          gradeGeneration: state.exercise.gradeGeneration,
          tree: state.exercise.exercise?.tree ?? null,
          params: state.exercise.exercise?.params ?? null,
          key: state.exercise.exercise?.key ?? null,
          grade: state.exercise.grade,
          hint: state.exercise.hint,
          solution: state.exercise.solution,
          total: state.exercise.total,
          result: state.exercise.result,
          notice: state.exercise.notice?.text ?? null,
        },
        // a graded activity (www/lms/connect.js)
        activity: { via: state.activity.via, generation: state.activity.generation, notice: state.activity.notice?.text ?? null, status: state.activity.status ?? null, solutionLocked: state.activity.solutionLocked },
        compare: {
          generation: c.generation,
          drive: c.drive,
          view: c.view,
          colorBy: c.colorBy,
          selected: { A: nn(c.selected.A), B: nn(c.selected.B) },
          diff: d && {
            nA: d.nA, nB: d.nB, onlyA: d.onlyA, onlyB: d.onlyB, both: d.both, changed: d.changed, changedValue: d.changedValue,
            perPly: d.perPly.map((p) => [p.left, p.right]),
          },
          notice: c.notice,
          timings: c.timings,
          A: traceSnapshot(c.sides.A),
          B: traceSnapshot(c.sides.B),
        },
        experiments: experimentsSnapshot(),
        learn: learnSnapshot(),
        quiz: { on: state.quiz.on, right: state.quiz.right, asked: state.quiz.asked, question: state.quiz.question && { kind: state.quiz.question.kind, node: state.quiz.question.node ?? null, text: state.quiz.question.text, choices: state.quiz.question.choices?.map((c) => c.key) ?? null, lesson: state.quiz.question.lesson ?? null, index: state.quiz.question.index ?? null }, feedback: state.quiz.feedback && { ok: state.quiz.feedback.ok, shown: state.quiz.feedback.shown, note: state.quiz.feedback.note ?? null } },
        editor: {
          on: state.editor.on,
          text: state.editor.text,
          selected: state.editor.selected.join('.'),
          typing: state.editor.typing,
          message: state.editor.message?.text ?? null,
          undo: state.editor.undo.length,
          redo: state.editor.redo.length,
          generation: state.editor.generation,
        },
      };
    },

    /** Experiments mode: what its two charts last drew ({kind, names, paper, series} or null). */
    experimentsDrawn: () => app.views.experiments?.drawn() ?? null,

    /** Node `id` of a trace ('explore', 'A' or 'B'), as the page knows it. */
    node(side, id) {
      const t = trace(side);
      const st = t.store;
      if (id < 0 || id >= st.n) return null;
      const best = st.bestIndex[id] === NONE16 ? NONE : st.childAtIndex(id, st.bestIndex[id]);
      return {
        id,
        parent: nn(st.parent[id]),
        ply: st.ply[id],
        path: st.pathCodes(id),
        move: st.parent[id] === NONE ? null : t.names.move(id),
        value: st.value[id],
        alpha: st.alpha[id],
        beta: st.beta[id],
        exited: st.exited(id),
        bound: BOUNDS[st.actual(id)]?.name,
        expected: NODE_TYPES[st.expected(id)]?.name,
        reason: STOP_REASONS[st.reason[id]]?.name,
        kind: NODE_KINDS[st.nodeKind(id)]?.name,
        moves: st.nMoves[id],
        bestIndex: st.bestIndex[id],
        children: st.children(id),
        pruned: t.names.pruned(id),
        // the rest of what the inspector shows, read as it reads it
        depth: st.depth[id],
        index: st.index[id],
        order: ORDER_SOURCES[st.orderSource(id)]?.name,
        actual: NODE_TYPES[st.actual(id)]?.name,
        uncertain: st.uncertain(id),
        researchOf: nn(st.researchOf.get(id)),
        bestChild: nn(best),
        bestMove: best === NONE ? null : t.names.move(best),
        enterEvent: nn(st.enterOf(id)),
        exitEvent: nn(st.exitEv[id]),
      };
    },

    /** Nodes `ids` of a trace, as `node` answers each: their names and pruned lists fetched
     * in one call each, as a frame fetches them. */
    nodes(side, ids) {
      const t = trace(side);
      const known = ids.filter((id) => id >= 0 && id < t.store.n);
      t.names.prefetch(known);
      t.names.prefetchPruned(known, true);
      return ids.map((id) => hook.node(side, id));
    },

    /** The node at a path of move codes ([] = the root of the root search `k`, default the
     * last; compare mode matches the first), or -1. */
    nodeAt(side, path, k) {
      const st = trace(side).store;
      return nn(st.nodeAt(path, k ?? (side === 'explore' ? st.roots.length - 1 : 0)));
    },

    /** Where node `id` of a trace is drawn, in page (client) coordinates, or null. */
    screenOf(side, id) {
      const canvas = canvasFor(side);
      const t = trace(side);
      if (!canvas || id < 0 || id >= t.store.n) return null;
      const lay = side === 'explore' ? app.modes.explore.layout() : app.modes.compare.layoutOf(side);
      const [x, y] = canvas.screenOf(id, t.store, lay);
      const r = canvas.canvas.getBoundingClientRect();
      return [r.left + x, r.top + y];
    },

    /** Runs a command of the keymap table by name (www/controls/commands.js). */
    run(command) {
      if (!app.commands.run(command)) throw new Error(`unknown command ${command}`);
    },
    commands: () => app.commands.names(),

    /** Selects node `id` of a trace (the cursor goes to its entry). */
    select(side, id) {
      if (side === 'explore') app.modes.explore.select(id);
      else app.modes.compare.select(id, true, side);
    },

    /** Compare mode: where side `k`'s cursor is (the driving side's, or following by path). */
    cursorFor(k) {
      const c = app.modes.compare.cursorFor(k);
      const st = trace(k).store;
      return { event: c.ev, node: nn(c.node), exact: !!c.exact, absent: !!c.absent, path: c.node !== NONE && c.node < st.n ? st.pathCodes(c.node) : null };
    },

    /** Compare mode: the visible roots of faded subtrees in the last ghost frame. */
    ghostStubs() {
      const k = app.modes.compare.ghostSide();
      const sizes = k === 'A' ? state.compare.diff?.sizeA : state.compare.diff?.sizeB;
      return canvases.G.lastStats.ghostStubs.map((id) => ({ path: trace(k).store.pathCodes(id), size: sizes ? sizes[id] : 1 }));
    },

    /** Compare mode: matches and lays out the two traces again; answers { diffMs, layoutMs,
     * totalMs } (benchmarks). */
    compareAgain() {
      app.modes.compare.recompute();
      frame.frameNow();
      return state.compare.timings;
    },

    /** Draws a frame now; answers the explore canvas's last frame { nodes, dense, ms }. */
    frame() {
      frame.frameNow();
      const c = state.mode === 'explore' ? canvases.explore : state.compare.view === 'ghost' ? canvases.G : canvases.A;
      return { nodes: c.lastStats.nodes, dense: c.lastStats.dense, ms: c.lastFrameMs };
    },

    /** A canvas's last frame (explore's, or the one showing compare side `side`): the pruned
     * subtrees drawn whole [{ id, rule, values }], the α/β pill's rectangle { x, y, w, h, W, H }
     * (or null), the labels { px (font size), returned (visible nodes returned at the
     * cursor), values (how many of them have their value written) }, the leaf values written on
     * leaves not yet returned (`leafValues`) and the pruned subtrees drawn as not reached yet
     * (`outline`: [{ id, nodes, values }]); `nodes` trace nodes drawn, `research` of them
     * re-searches, `rows` the ply rows the frame makes room for. */
    drawn(side = 'explore') {
      const c = canvasFor(side);
      const st = c?.lastStats ?? {};
      return { nodes: st.nodes ?? 0, research: st.research ?? 0, rows: st.rows ?? 0, pruned: st.pruned ?? [], badge: st.badge ?? null, labels: st.labels ?? null, leafValues: st.leafValues ?? [], outline: st.outline ?? [] };
    },

    /**
     * The view transform of a tree canvas (`side`: explore, A, B or G) as the mode stores it and
     * as the canvas holds its own (www/views/tree-canvas.js reports each change): { stored, own,
     * same } (`same`: one object, which would let the view write the state).
     */
    transforms(side = 'explore') {
      const c = canvasFor(side);
      const stored = side === 'explore' ? state.explore.transform : state.compare.transform;
      return c ? { stored: { ...stored }, own: { ...c.own }, same: c.own === stored } : null;
    },

    /**
     * Where the whole tree sits in the canvas that shows `side`, as its layout places it now:
     * { W, H, gutter (the canvas's size and the ply gutter's width, CSS px), view (the transform:
     * screen x = (x - x0) · sx + gutter, y = (ply - y0) · sy), userMoved, panning (a pan that
     * follows the cursor is under way), panMs (how long a pan takes), margin ([x, y]: the margins
     * a followed cursor must not enter), nodes: [[x, y]] of every node of the trace,
     * ghosts: [[x, y]] of every node of the pruned subtrees drawn whole (explicit trees) }, or
     * null.
     */
    placed(side = 'explore') {
      const c = canvasFor(side);
      const t = trace(side);
      if (!c) return null;
      const lay = side === 'explore' ? app.modes.explore.layout() : app.modes.compare.layoutOf(side);
      const { x0, sx, y0, sy, userMoved } = c.view();
      const st = t.store;
      const at = (wx, ply) => [(wx - x0) * sx + GUTTER, (ply - y0) * sy];
      const nodes = [];
      for (let id = 0; id < st.n; id++) nodes.push(at(lay.x[id], st.ply[id]));
      const g = lay.ghosts;
      const ghosts = [];
      for (let k = 0; g && k < g.n; k++) ghosts.push(at(g.x[k], g.ply[k]));
      // per pruned node: its ply, whether it is a leaf, and the event of its cut-off (before
      // it, it is drawn as not reached yet)
      const ghostInfo = [];
      for (const cut of g?.cuts ?? []) for (let k = cut.first; k < cut.end; k++) ghostInfo[k] = { ply: g.ply[k], leaf: !Number.isNaN(g.value[k]), cutEvent: cut.ev };
      const nodeInfo = [];
      for (let id = 0; id < st.n; id++) nodeInfo.push({ ply: st.ply[id], leaf: st.nMoves[id] === 0, enterEvent: st.enterOf(id) });
      return { W: c.W, H: c.H, gutter: GUTTER, view: { x0, sx, y0, sy }, userMoved, panning: !!c.anim, panMs: PAN_MS, margin: c.followMargins(), nodes, ghosts, nodeInfo, ghostInfo };
    },

    /**
     * Draws the tree that canvas `side` shows now onto `ctx` instead of its own canvas — a
     * recording context a test made, which answers the 2D context's calls — exactly as the next
     * frame would draw it (the same scene, options and transform); the next frame draws the
     * canvas itself again.
     * The drawing test of issue 29 §3 reads what is drawn for each node from the record.
     */
    drawWith(side, ctx) {
      const c = canvasFor(side);
      if (!c) return false;
      const real = c.ctx;
      c.ctx = ctx;
      try {
        app.views.trees.draw();
      } finally {
        c.ctx = real;
        app.invalidateTree();
      }
      return true;
    },

    /** The share link of what the page shows now (docs/share-links.md), or null. */
    shareLink: () => app.sharing?.link() ?? null,

    /** Pans the explore view by `dx` CSS pixels (benchmarks). */
    pan(dx) {
      const t = state.explore.transform;
      t.x0 += dx / t.sx;
      t.userMoved = true;
      app.invalidateTree();
    },

    /**
     * Events `order` (a list of positions) of a trace: the kind of each and the node the store
     * says it belongs to (`nodeOf`; -1 for none). Tests replay the tape themselves to check it.
     */
    events(side = 'explore', order = []) {
      const st = trace(side).store;
      return { kinds: order.map((e) => st.ev[e]), nodes: order.map((e) => nn(st.nodeOf(e))) };
    },

    /** One past the last id of each subtree of `ids` as the store derives it (`end`; tests). */
    ends(side = 'explore', ids = []) {
      const st = trace(side).store;
      return ids.map((id) => st.end(id));
    },

    /** The enter event of each node of `ids` as the store derives it (`enterOf`; tests). */
    enters(side = 'explore', ids = []) {
      const st = trace(side).store;
      return ids.map((id) => st.enterOf(id));
    },

    /** Memory the page holds for a trace's store, in bytes (benchmarks). */
    storeBytes: (side = 'explore') => trace(side).store.bytes(),

    /**
     * SHA-256 digests of everything a trace's store holds — the node records (in the worker
     * layout), the event tape, the aux words, the re-search pairs and the roots — with their
     * counts: two traces whose digests match are equal node for node (tests).
     */
    async digest(side = 'explore') {
      const st = trace(side).store;
      const hex = async (a) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', a))].map((b) => b.toString(16).padStart(2, '0')).join('');
      const parts = [];
      for (let from = 0; from < st.n; from += 1 << 20) parts.push(await hex(st.records(from, Math.min(st.n, from + (1 << 20)))));
      return {
        nodes: st.n,
        events: st.nev,
        aux: st.naux,
        records: parts.join(''),
        tape: await hex(st.ev.subarray(0, st.nev)),
        auxWords: await hex(st.aux.subarray(0, st.naux)),
        research: [...st.researchPairs()].join(','),
        roots: [...st.rootPairs()].join(','),
      };
    },

    /**
     * SHA-256 digests of every column of a trace's store, each up to its length — the record
     * fields and the derived ones (ply, enter and exit events, last child), the tape, the aux
     * words and the checkpoints kept every 64 events, the per-ply lists, the marks and the
     * prune lists — with the counts the store keeps, and of the layout's columns: two stores
     * built from the same trace, however it arrived, give equal answers (tests).
     */
    async columns(side = 'explore') {
      const t = trace(side);
      const st = t.store, lay = t.layout;
      const hex = async (a) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', a))].map((b) => b.toString(16).padStart(2, '0')).join('');
      const of = async (a, n) => hex(a.slice(0, n));
      const out = { n: st.n, nev: st.nev, naux: st.naux, maxPly: st.maxPly, counts: { ...st.counts }, nextEnter: st.nextEnter, sp: st.sp };
      for (const name of ['parent', 'alpha', 'beta', 'value', 'code', 'index', 'nMoves', 'bestIndex', 'kind', 'depth', 'flags', 'reason', 'ply', 'exitEv', 'lastChild']) {
        out[name] = await of(st[name], st.n);
      }
      // derived from the tape (store.enterOf), as every reader gets it
      out.enterEv = await of(Uint32Array.from({ length: st.n }, (_, id) => st.enterOf(id)), st.n);
      out.ev = await of(st.ev, st.nev);
      out.aux = await of(st.aux, st.naux);
      const ck = (st.nev >> 6) + 1;
      out.auxCk = await of(st.auxCk, ck);
      out.enterCk = await of(st.enterCk, ck);
      out.plyLists = await Promise.all(st.plyLists.map((l) => of(l.a, l.n)));
      out.marks = Object.fromEntries(await Promise.all(Object.entries(st.marks).map(async ([k, m]) => [k, await of(m.a, m.n)])));
      out.pruneEv = await of(st.pruneEv.a, st.pruneEv.n);
      out.pruneNode = await of(st.pruneNode.a, st.pruneNode.n);
      out.research = [...st.researchPairs()].join(',');
      out.roots = [...st.rootPairs()].join(',');
      out.layout = { done: lay.done, width: lay.width, x: await of(lay.x, st.n), lf: await of(lay.lf, st.n) };
      return out;
    },

    /** A real panic inside a trace's wasm worker (tests that the page recovers). */
    debugPanic(side, message) {
      trace(side).client.debugPanic(message);
    },

    /** The page's `openExercise(params)` action (docs/teaching.md, "Giving the same exercise to a class"), as a lesson calls it:
     * answers its promise of whether the exercise opened. */
    openExercise: (params) => actions.openExercise(params),

    /** The core's chance search of a tree text (wasm `tree_chance_value`): `{value, nodes}`. */
    chanceValue: (text, algo) => app.core.tree_chance_value(text, algo, 1_000_000),

    /** Opens a file (given as text or bytes) as if chosen in the file dialog. */
    async openText(side, text, name = 'trace.json') {
      const file = new File([text], name);
      if (side === 'explore') await actions.open(file);
      else await actions.compareOpen(side, file);
    },
  };
  window.prunescope = hook;
}
