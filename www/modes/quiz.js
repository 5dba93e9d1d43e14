// The quiz (explore mode): step prediction asks about the next event the student can predict
// (www/model/quiz.js), has the core grade the answer (`grade_answer`, src/teach/question.rs),
// moves the cursor to that event and keeps the score; prune prediction takes the branches the
// student marks and has the core score them against what the search pruned
// (www/model/predict.js; `grade_prune`), then replays the search. No DOM: it changes
// `state.quiz` (and the cursor, and Final results off while quizzing) and asks for a redraw;
// the card (www/panels/quiz.js) draws it and forwards the keys and taps.

import { nextQuestion } from '../model/quiz.js';
import { narrate } from '../model/narrate.js';
import { prunedRoots } from '../model/predict.js';

/**
 * `app`: { state, modes: { explore }, commands, narrationContext(trace), invalidate() };
 * `actions`: { start() }. Returns the quiz's actions; `focus(what)` is called after a question
 * is asked ('answer' when it takes a typed answer, else 'card').
 */
export function createQuizMode(app, actions, focus = () => {}) {
  const { state } = app;
  const q = state.quiz;
  const trace = () => state.explore.trace;
  const ghosts = () => app.modes.explore.layout().ghosts;

  /** Asks about the next predictable event at the cursor (none when the search is over); in a
   * lesson, goes on to its next pause instead (www/modes/learn.js). */
  function ask() {
    if (q.question?.lesson !== undefined) return app.modes.learn?.resume();
    const t = trace();
    const ctx = { ...app.narrationContext(t), minimax: t.config?.algo === 'minimax' };
    const at = t.cursor.live ? -1 : t.cursor.at;
    q.question = t.store.nev ? nextQuestion(t.store, at, ctx) : null;
    q.feedback = null;
    app.invalidate();
    focus(q.question && !q.question.choices ? 'answer' : 'card');
  }

  /** Step prediction: from the cursor (the start when the cursor is live), score reset. */
  function start() {
    const t = trace();
    if (!t.store.nev || t.running) return;
    q.on = true;
    q.right = 0;
    q.asked = 0;
    state.finals = false;
    if (t.cursor.live) t.cursor.set(0);
    app.modes.explore.afterStep(true);
    ask();
  }

  function stop() {
    q.on = false;
    q.question = null;
    q.feedback = null;
    q.predict = null;
    app.invalidate();
  }

  /** Takes the answer to the current question, moves the cursor to its event and says why. */
  function answer(reply) {
    const qq = q.question;
    if (!q.on || !qq || q.feedback) return;
    // the core's grader (src/teach/question.rs): it reads the reply and compares
    const verdict = app.core.grade_answer(qq.grade, String(reply ?? '').slice(0, 80));
    const ok = verdict.ok;
    q.asked++;
    if (ok) q.right++;
    const t = trace();
    const at = qq.ev2 ?? qq.ev;
    t.cursor.set(at);
    app.modes.explore.afterStep(true);
    // a lesson's question says why in the lesson's own words and view (www/learn/questions.js)
    // a value is stated as the grader states it ("2" for an exact node the trace records as
    // "≤ 2"), with its note on a refused form ("write ≤ (a bound includes its value)"); a
    // window or a count is the same numbers in the page's writing ("(−∞, 3)")
    const shown = qq.grade?.form === 'value' ? verdict.expected : qq.shown;
    q.feedback = { ok, shown, note: verdict.note ?? null, why: qq.why ?? narrate(t.store, at, app.narrationContext(t)) };
    if (qq.lesson !== undefined) app.modes.learn?.answered(ok, reply, shown);
    app.invalidate();
  }

  /** Prune prediction: searches the Tree tab's tree whole, then waits for the marks. */
  async function startPredict() {
    const t = trace();
    if (t.running || state.tab !== 'tree') return;
    stop();
    await actions.start();
    if (t.status !== 'done' || !ghosts()) {
      t.notice = { kind: 'warn', text: 'Prune prediction needs an explicit tree of textbook size (the Tree tab).' };
      return app.invalidate();
    }
    q.on = true;
    q.right = q.asked = 0;
    state.finals = false;
    t.cursor.set(0);
    app.modes.explore.afterStep(true);
    q.predict = { marks: new Set(), result: null };
    app.invalidate();
  }

  /** Marks or unmarks the branch at path `key` ("1.2") as one the student predicts pruned. */
  function toggleMark(key) {
    const p = q.predict;
    if (!p || p.result || !key) return;
    if (p.marks.has(key)) p.marks.delete(key);
    else p.marks.add(key);
    p.version = (p.version ?? 0) + 1;
    app.invalidate();
  }

  /** Scores the marks, then replays the search from the start with the marks in place. */
  function checkMarks() {
    const p = q.predict;
    if (!p || p.result) return;
    const t = trace();
    p.result = app.core.grade_prune([...p.marks], [...prunedRoots(t.store, ghosts()).keys()]);
    q.right += p.result.right;
    q.asked += p.result.asked;
    t.cursor.set(0);
    app.modes.explore.afterStep(true);
    if (!state.play.on) app.commands.run('play.toggle');
    app.invalidate();
  }

  return { ask, start, stop, answer, startPredict, toggleMark, checkMarks };
}
