// The page's one declared state. Every field is named here, up front; modules change it only
// through the actions (www/actions.js, www/sharing.js) and those of www/modes/ and
// www/controls/, and the views and panels only read it (scripts/check/view-writes.mjs). The
// composition root (www/main.js) creates it once. A variable that a module or a factory's
// closure keeps outside it is marked `UI-local:` where it lives, with the reason (a memo of
// what was drawn, a handle, a load under way; scripts/check/state-lets.mjs).

import { NONE } from './model/store.js';

/** The other side of a comparison (`compare.sides` holds A and B): B for A, A for B. */
export const otherSide = (k) => (k === 'A' ? 'B' : 'A');

/** A view transform of a tree canvas: world → screen, and whether the user moved it. */
export const newTransform = () => ({ x0: -1, sx: 60, y0: -0.6, sy: 70, userMoved: false });
/** Runs `f` (which may change `transform`); whether it changed the transform. */
export function refit(transform, f) {
  const { x0, sx, y0, sy, userMoved } = transform;
  f();
  const t = transform;
  return t.x0 !== x0 || t.sx !== sx || t.y0 !== y0 || t.sy !== sy || t.userMoved !== userMoved;
}

/**
 * The state. `traces`: { explore, A, B } (www/model/trace.js), made by the composition root
 * because they own workers.
 */
export function createState(traces) {
  return {
    /** 'explore' (one search, stepped node by node), 'compare' (two searches, matched) or
     * 'experiments' (the papers' experiments). */
    mode: 'explore',
    /** Theme: the toggle's choice ('auto' follows the system), whether dark applies, and the
     * canvas palette read from the CSS custom properties of that theme. */
    theme: { choice: 'auto', dark: false, pal: null },
    /** Levels labelled MAX/MIN with values and windows from MAX's view (else negamax). */
    maxmin: true,
    /** Show every node's final value, type and reason at any step (else only what the search
     * knew at the cursor's event: spoiler-free stepping). */
    finals: false,
    /** Playing: events per second, and the fractional events owed since the last frame. */
    play: { on: false, speed: 25, owed: 0, last: 0 },
    /** The quiz (www/panels/quiz.js): on, the current question and the feedback on its
     * answer, and the running score; `predict` (prune prediction): { marks: Set of node paths,
     * result: null until checked, then www/model/predict.js's score }. */
    quiz: { on: false, question: null, feedback: null, right: 0, asked: 0, predict: null },
    /** Learn, the course (www/modes/learn.js, loaded when opened): whether its card shows, the
     * lesson open (its id, or null for the index), its status ('index' | 'loading' | 'stepping'
     * | 'asking' | 'answered' | 'done' | 'finished' | 'failed'), the part whose search is shown
     * (`part`: 0, or one of the lesson's `parts`), its questions, all parts' (a later part's
     * null until its search has run; www/learn/questions.js) and the one asked next (`pause`), the event the cursor may not
     * pass until that question is answered (`gate`, -1: none), the lesson's score and the student's answers so far (`answers`: { index, reply,
     * ok, shown } each, in order; a graded activity keeps the replies), a notice,
     * the stored progress (www/learn/progress.js), a counter bumped by every opening, and the node
     * the view opened zoomed on (`zoomed`, its name) where the whole tree's labels overlapped. */
    learn: { open: false, lesson: null, shows: null, status: 'index', part: 0, questions: null, pause: 0, gate: -1, right: 0, asked: 0, answers: [], notice: null, progress: null, generation: 0, zoomed: null },
    /** The tree editor (www/modes/editor.js): open, the tree ({ min, root }: www/model/tree-edit.js),
     * the selected node's path, the undo and redo histories ({ tree, selected }), the tree's
     * canonical text (the core's print), a refusal or notice { kind, text } to show, whether a
     * leaf value is being typed, and a counter bumped by every change. */
    editor: { on: false, tree: null, selected: [], undo: [], redo: [], text: '', message: null, typing: false, generation: 0 },
    /** Exercise mode (www/modes/exercise.js): the open exercise (the core's {params, tree, key,
     * rule}) and `generation`, bumped when one opens; the student's answers (`pruned`: Set of
     * node numbers, `values`: Map node → text, `windows`: Map node → [α, β] texts); the core's
     * grade (null until checked) and `gradeGeneration`, bumped by each check; the hint shown;
     * when it opened and the seconds taken at the check; whether its score is recorded; the
     * running total (www/model/exercise.js); the result line; a notice; `solution`: Show
     * solution is on (the fields hold the grader's answers). */
    exercise: {
      exercise: null, generation: 0, params: null, solution: false,
      answers: { pruned: new Set(), values: new Map(), windows: new Map() },
      grade: null, gradeGeneration: 0, hint: null, started: 0, seconds: null, recorded: false,
      total: null, result: null, notice: null,
    },
    /** A graded activity (www/lms/connect.js; docs/lms.md): where its score goes ('scorm',
     * 'splice' or null), the notice it shows, and whether Show solution waits for the score. */
    activity: { via: null, notice: null, status: null, next: false, solutionLocked: false, generation: 0 },
    /** The wasm core on the page's thread: loaded, or why not. */
    core: { ready: false, error: null },
    /** Which input the left panel shows: 'tree' | 'chess' | 'random' | 'game' (the small games). */
    tab: 'tree',
    /** The format traces are saved in: 'binary' (compact, compressed) or 'json'. */
    saveFormat: 'binary',
    explore: {
      trace: traces.explore,
      /** The selected node (the cursor's node after each step), or NONE. */
      selected: NONE,
      transform: newTransform(),
      /** The root search the iterative-deepening card shows (-1: the last). */
      iteration: -1,
      /** The Tree tab's text while it is valid (or null): before Start the canvas draws it whole,
       * the problem the search will solve (www/views/draw/problem.js). */
      problem: null,
      /** The Chess tab's position as chosen (a preset or a pasted FEN) and the trace generation
       * it was chosen at: until the next search, the Position board shows it (issue 29 §5). */
      position: null,
    },
    /** Experiments mode (www/modes/experiments.js): the core's list, the chosen experiment, its
     * committed result ({status: 'loading'|'ok'|'missing'|'malformed', result | message}, bumped
     * `committedGeneration`), the small run (www/model/experiments.js ExperimentRun), the depths
     * and positions asked for, and a refusal to show. */
    experiments: { list: null, loading: null, chosen: null, committed: null, committedGeneration: 0, run: null, depths: '', count: 24, notice: null },
    compare: {
      /** The two sides; Swap exchanges the objects. */
      sides: { A: traces.A, B: traces.B },
      /** Whose events the cursor steps: 'A' or 'B'; the other side follows by path. */
      drive: 'A',
      /** 'side' (both trees, aligned) or 'ghost' (the larger tree, the other's absences faded). */
      view: 'side',
      /** Node colours: 'diff' (where they were visited) or 'type' (PV/CUT/ALL). */
      colorBy: 'diff',
      /** The comparison of the two complete traces (wasm diff_columns), or null. */
      diff: null,
      /** The aligned layout of both: { xA, xB, width, plyListsA, plyListsB, fixedA, fixedB (the
       * layouts the sides are drawn with), whole (an explicit tree: fixedA and fixedB are the
       * whole-tree layouts, pruned subtrees included) }. */
      layout: null,
      /** Bumped whenever a new comparison is made. */
      generation: 0,
      /** How long the last comparison took: { diffMs, layoutMs, drawMs, totalMs }. */
      timings: null,
      selected: { A: NONE, B: NONE },
      /** One transform for every compare canvas: zoom and pan are shared. */
      transform: newTransform(),
      /** { kind, text } or null. */
      notice: null,
    },
  };
}
