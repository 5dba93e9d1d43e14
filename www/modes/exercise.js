// Exercise mode (issue 18 §2): opens an exercise from its parameters, collects the student's
// answers, has the core grade them, keeps the scores, and plays the solution in explore. The
// answer key and the grade come from the core (exercise_new / exercise_grade): this module
// never decides whether an answer is right.

import { loadScores, saveScores, runningTotal, resultLine, encodeExercise, exerciseParams } from '../model/exercise.js';

export function createExerciseMode(app) {
  const { state, core } = app;
  const ex = state.exercise;
  const storage = () => {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  };

  function fresh() {
    ex.answers = { pruned: new Set(), values: new Map(), windows: new Map() };
    ex.grade = null;
    ex.hint = null;
    ex.notice = null;
    ex.recorded = false;
    ex.solution = false;
  }

  /** The exercise's share link (its parameters only: the same tree for everyone). */
  function link() {
    const p = new URLSearchParams();
    p.set('v', '2');
    p.set('mode', 'exercise');
    encodeExercise(p, ex.exercise.params);
    return `${location.origin}${location.pathname}#${p.toString()}`;
  }

  /** Opens the exercise `params` describes (an exercise link's parameters as an object;
   * missing ones take their defaults) in exercise mode. Returns false, with a notice, when the
   * core refuses them. The lessons call this (docs/teaching.md, "Giving the same exercise to a class"), also with the link's own keys as
   * strings (`{ chance: '1', algo: 'star1', b: '2', d: '2', values: '0..9' }`, docs/share-links.md "Exercises"). */
  function open(params) {
    let e;
    try {
      e = core.exercise_new(exerciseParams(params));
    } catch (err) {
      ex.notice = { kind: 'error', text: `This exercise cannot be made: ${err.message ?? err}` };
      app.actions.setMode('exercise');
      app.invalidate();
      return false;
    }
    ex.exercise = e;
    ex.params = { ...e.params };
    fresh();
    ex.started = Date.now();
    ex.generation++;
    app.actions.setMode('exercise');
    app.invalidate();
    return true;
  }

  const set = (f) => {
    // the solution shown: its fields are the grader's, not answers
    if (!ex.exercise || ex.solution) return;
    f();
    ex.grade = null;
    ex.hint = null;
    app.activity?.changed(); // a graded activity keeps the inputs (www/lms/connect.js)
    app.invalidateDom();
  };

  function answersForCore() {
    const a = ex.answers;
    return {
      pruned: [...a.pruned].sort((x, y) => x - y),
      values: [...a.values].filter(([, v]) => v.trim() !== ''),
      windows: [...a.windows].map(([n, w]) => [n, [w[0] ?? '', w[1] ?? '']]),
    };
  }

  function check() {
    if (!ex.exercise) return null;
    const g = core.exercise_grade(ex.exercise.params, answersForCore());
    ex.grade = g;
    ex.gradeGeneration++;
    ex.hint = null;
    ex.seconds = (Date.now() - ex.started) / 1000;
    app.activity?.exerciseChecked(g); // a graded activity (www/lms/connect.js): its score
    if (!ex.recorded) {
      // the first check of an exercise is its score; later checks show, but do not count twice
      const s = loadScores(storage());
      s.results.push({ link: link(), right: g.right, total: g.total, seconds: Math.round(ex.seconds), at: new Date().toISOString() });
      if (!saveScores(storage(), s)) ex.notice = { kind: 'info', text: 'The browser does not keep scores here (storage is off): the total counts this page only.' };
      ex.total = runningTotal(s);
      ex.recorded = true;
    }
    app.invalidateDom();
    return g;
  }

  return {
    open,
    link,
    /** A new exercise from the controls' parameters with a new seed (or the given one). */
    newExercise(params, seed) {
      const s = seed ?? Math.floor(Math.random() * 2 ** 31);
      return open({ ...params, seed: s });
    },
    togglePrune: (node) => set(() => (ex.answers.pruned.has(node) ? ex.answers.pruned.delete(node) : ex.answers.pruned.add(node))),
    setValue: (node, text) => set(() => ex.answers.values.set(node, String(text).slice(0, 20))),
    setWindow: (node, side, text) =>
      set(() => {
        const w = ex.answers.windows.get(node) ?? ['', ''];
        w[side] = String(text).slice(0, 20);
        ex.answers.windows.set(node, w);
      }),
    check,
    hint() {
      const g = check();
      if (!g) return;
      ex.hint = g.hint ?? 'Every answer is right: there is nothing to hint at.';
      app.invalidateDom();
    },
    /** Shows the solution on the exercise's own tree, or hides it again: each node's answer as
     * the grader states it and the branches it prunes (the key: src/teach/key.rs), named as the
     * hint names them. The student's answers stay, and come back when it is hidden. */
    solution() {
      if (!ex.exercise) return;
      ex.solution = !ex.solution;
      app.invalidateDom();
    },
    /** Plays the search in explore mode: the exercise's tree, alpha-beta, its cut-off rule (a
     * chance exercise: its chance search, expectimax or Star1). */
    async play() {
      if (!ex.exercise) return;
      const set = ex.exercise.params.cutoff === 'strict' ? 'cutoff=strict' : '';
      const algo = ex.exercise.params.chance ? ex.exercise.params.algo : 'alphabeta';
      let built;
      try {
        built = core.build_config(algo, '', set, { depth: 4, iterative: false });
      } catch (err) {
        built = { message: err.message ?? String(err) };
      }
      if (!built.config) {
        ex.notice = { kind: 'error', text: built.message };
        app.invalidateDom();
        return;
      }
      // the exercise's values and windows are from MAX's view (also under a MIN root): the
      // solution shows them so, whatever view explore was left in
      state.maxmin = true;
      app.actions.setMode('explore');
      app.actions.setTab('tree');
      app.actions.restorePanels({ kind: 'tree', text: ex.exercise.tree }, built.config);
      await app.actions.start();
      // the search waits at its first event for the student to step it (issue 29 §4: it
      // played in two seconds, below the fold); www/main.js brings the tree into view
      app.commands.run('step.first');
      state.explore.trace.notice = { kind: 'info', text: 'The core’s search of your exercise’s tree, at its first event. Step it with → or ▶, play it with space.' };
      app.invalidate();
    },
    async copyResult() {
      if (!ex.grade) check();
      const line = resultLine(link(), ex.grade, ex.seconds ?? (Date.now() - ex.started) / 1000);
      ex.result = line;
      try {
        await navigator.clipboard.writeText(line);
        ex.notice = { kind: 'info', text: 'Result copied.' };
      } catch {
        ex.notice = { kind: 'info', text: 'Copy the result line below (the clipboard is not available here).' };
      }
      app.invalidateDom();
      return line;
    },
    loadTotal() {
      ex.total = runningTotal(loadScores(storage()));
    },
    setParams(p) {
      ex.params = { ...ex.params, ...p };
      app.invalidateDom();
    },
  };
}
