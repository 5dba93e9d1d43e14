// Learn (issue 20, §2): the course's lessons on explore mode's search and stepping. Opening a
// lesson runs its prepared search through the share-link machinery (www/sharing.js: the same
// checks and the same search as a link), reads its pauses as questions from the finished trace
// (www/learn/questions.js), and then lets the student step or play: the cursor cannot pass the
// next pause's event (`state.learn.gate`, kept by www/controls/commands.js) until the question
// there is answered in the quiz card (www/modes/quiz.js); the answer moves the cursor on to what
// it reveals. Progress is kept in localStorage (www/learn/progress.js). Loaded only when Learn
// is opened. No DOM: it changes `state.learn` and `state.quiz` and asks for a redraw.

import { LESSONS, lessonById } from '../learn/lessons.js';
import { lessonQuestions, lessonParts, lessonQuestionCount, carryOf } from '../learn/questions.js';
import { readProgress, writeProgress, recordDone } from '../learn/progress.js';
import { encodeShare, lessonFragment } from '../model/share.js';
import { GAME } from '../model/games.js';
import { speedAt, SPEED_STEPS } from '../controls/commands.js';
import { NONE } from '../model/store.js';
import { L_HIDDEN } from '../model/layout.js';

/** Playing to the next question takes at most about this many seconds (a chess search has
 * thousands of events between two questions). */
const SECONDS_TO_NEXT = 4;
/** The play speed a lesson starts with (the page's default). */
const LESSON_SPEED = 25;

const IDS = LESSONS.map((l) => l.id);

/** The input and configuration words of a lesson's `setup`, as a share link carries them. */
/**
 * What a lesson's page shows of what it has not taught yet (docs/learn.md "What the page says
 * in a lesson"): `windows` (the window under each node, the α/β tag, the window in the
 * narration), `types` (PV/CUT/ALL colours, the expected ≠ actual ring, type words), `view`
 * ('maxmin': scores from MAX's view, MAX/MIN triangles; 'side': from the side to move, as
 * lessons 7–8 announce). A lesson's `shows` overrides these defaults.
 */
export const SHOWS_DEFAULT = Object.freeze({ windows: true, types: true, view: 'maxmin' });
export const lessonShows = (lesson) => ({ ...SHOWS_DEFAULT, ...(lesson?.shows ?? {}) });

export function lessonShare(setup, shows = SHOWS_DEFAULT) {
  let input;
  if (setup.tree) input = { kind: 'tree', text: setup.tree };
  else if (setup.fen) input = { kind: 'chess', fen: setup.fen };
  else if (setup.game) {
    // a small game (docs/games.md), in the share link's words: `game`, then the game's own
    // keys (`pos`; Connect Four's null move only as the marked unsafe demonstration), read as
    // the core's registry says (GAMES of www/schema.js)
    input = { kind: setup.game };
    for (const k of GAME[setup.game].link) {
      const v = setup[k.key];
      input[k.field] = k.shape === 'flag' ? !!v : k.shape === 'numbers' ? String(v).split(',').map(Number) : (v ?? '');
    }
  }
  else {
    const [branching, depth, seed] = setup.random.split(',').map(Number);
    input = { kind: 'random', branching, depth, seed, ordering: setup.order ?? 'random' };
  }
  return {
    mode: 'explore',
    input,
    configs: { A: { algo: setup.algo, enable: setup.enable ?? '', set: setup.set ?? '' } },
    depth: setup.depth ?? 1,
    iterative: !!setup.iterative,
    cap: 2_000_000,
    maxmin: shows.view !== 'side',
    finals: false,
    cursor: 0,
  };
}

/**
 * `app`: { state, sharing, modes: { explore }, commands, actions, invalidate() };
 * `focusQuiz(what)`: focuses the quiz card's answer field ('answer') or the card.
 */
export function createLearn(app, { focusQuiz = () => {} } = {}) {
  const { state } = app;
  const L = state.learn;
  const q = state.quiz;
  const trace = () => state.explore.trace;
  L.progress = readProgress(IDS);

  const setAddress = (frag) => history.replaceState(null, '', frag ? `${location.pathname}#${frag}` : location.pathname);

  /** Ends the lesson's questions: the cursor is free again and the quiz card empty. */
  function leaveLesson() {
    L.shows = null;
    L.part = 0;
    L.gate = -1;
    L.questions = null;
    L.pause = 0;
    if (q.question?.lesson !== undefined || q.on) {
      q.on = false;
      q.question = null;
      q.feedback = null;
    }
  }

  /** The course's index: every lesson, with the ones finished marked. */
  function openIndex() {
    L.generation++;
    leaveLesson();
    L.open = true;
    L.lesson = null;
    L.status = 'index';
    L.notice = null;
    if (state.mode !== 'explore') app.actions.setMode('explore');
    setAddress(null);
    app.invalidate();
    return true;
  }

  /**
   * Opens lesson `id`: runs its search, prepares its questions, and waits at the start; or, with
   * `saved` (a graded activity's state: { replies, cursor }, www/model/activity.js), where the
   * student left it: the replies given are graded again by the core, in order, and the lesson
   * waits at the next question (at the saved cursor, kept between that question's reach).
   */
  async function openLesson(id, saved = null) {
    const lesson = lessonById(id);
    if (!lesson) {
      openIndex();
      L.notice = `There is no lesson ${id}: the course has lessons 1 to ${LESSONS.length}.`;
      app.invalidate();
      return false;
    }
    const gen = ++L.generation;
    leaveLesson();
    Object.assign(L, { open: true, lesson: id, shows: lessonShows(lesson), status: 'loading', notice: null, right: 0, asked: 0, answers: [] });
    if (state.mode !== 'explore') app.actions.setMode('explore');
    L.progress.last = id;
    writeProgress(L.progress);
    setAddress(lessonFragment(id));
    app.invalidate();
    L.questions = new Array(lessonQuestionCount(lesson)).fill(null);
    L.pause = 0;
    const ran = await runPart(lesson, 0, gen);
    if (!ran || !saved?.replies?.length) return ran;
    return resumeAt(lesson, saved, gen);
  }

  /** Replays the saved replies (untrusted: each is only text the grader reads) and waits at the
   * first question not answered. A lesson answered through (its score is kept) opens at its start. */
  async function resumeAt(lesson, saved, gen) {
    const said = saved.replies;
    if (said.length >= L.questions.length) return true;
    for (const reply of said) {
      if (!L.questions[L.pause] && !(await runPart(lesson, L.part + 1, gen))) return false;
      const qq = L.questions[L.pause];
      const verdict = app.core.grade_answer(qq.grade, String(reply).slice(0, 80));
      L.answers.push({ index: qq.index, reply: String(reply).slice(0, 80), ok: verdict.ok, shown: qq.grade?.form === 'value' ? verdict.expected : qq.shown });
      L.asked++;
      if (verdict.ok) L.right++;
      L.pause++;
    }
    if (!L.questions[L.pause] && !(await runPart(lesson, L.part + 1, gen))) return false;
    if (gen !== L.generation) return false;
    Object.assign(q, { right: L.right, asked: L.asked, question: null, feedback: null });
    // where the student was: after the last answer's reveal (in this part), before the gate
    const prev = L.questions[L.pause - 1];
    const from = prev && prev.part === L.part ? (prev.ev2 ?? prev.ev) : 0;
    L.gate = L.questions[L.pause].gate;
    const c = Number.isInteger(saved.cursor) ? saved.cursor : from;
    L.status = 'stepping';
    trace().cursor.set(Math.max(from, Math.min(L.gate, c)));
    app.modes.explore.afterStep(true);
    paceToGate();
    atGate();
    app.invalidate();
    return true;
  }

  /**
   * Runs part `k` of `lesson` (www/learn/questions.js `lessonParts`): its search, through the
   * share-link machinery, and its questions, put in their places in `L.questions`; then waits
   * at the part's start. `gen`: the lesson's generation (another lesson opened meanwhile wins).
   */
  async function runPart(lesson, k, gen) {
    const part = lessonParts(lesson)[k];
    const carry = k > 0 && trace().store.nev ? carryOf(trace()) : null;
    L.status = 'loading';
    L.part = k;
    L.gate = -1;
    app.invalidate();
    const ran = await app.sharing.openFromAddress('#' + encodeShare(lessonShare(part.setup, lessonShows(lesson))));
    if (gen !== L.generation) return false; // another lesson was opened meanwhile
    const t = trace();
    if (!ran) return fail(`The lesson’s search could not run. ${t.notice?.text ?? ''}`);
    try {
      const qs = lessonQuestions(lesson, t, k, carry);
      qs.forEach((qq) => (L.questions[qq.index] = { ...qq, part: k }));
    } catch (e) {
      return fail(`This lesson cannot be prepared on its search: ${e.message}`);
    }
    L.shows = lessonShows(lesson);
    state.maxmin = L.shows.view !== 'side';
    state.finals = false;
    if (k === 0) Object.assign(q, { on: true, question: null, feedback: null, right: 0, asked: 0, predict: null });
    else Object.assign(q, { question: null, feedback: null });
    L.gate = L.questions[L.pause].gate;
    L.status = 'stepping';
    t.cursor.set(0);
    app.modes.explore.afterStep(true);
    app.commands.setSpeed(LESSON_SPEED);
    paceToGate();
    atGate();
    L.zoomed = null;
    app.invalidate();
    zoomIfUnreadable(gen);
    return true;
  }

  /**
   * Once the part's tree is drawn: where its labels overlap (lesson 3's 27 leaves on a phone),
   * the view zooms on the node the next question is about (its parent, for a leaf), and the
   * card says how to see the rest (issue 29 §4).
   */
  function zoomIfUnreadable(gen) {
    app.afterLayout(() => app.afterLayout(() => {
      const c = app.canvas();
      const q = L.questions?.[L.pause];
      if (gen !== L.generation || !c || !q || !c.lastStats?.labels) return;
      const t = trace();
      const st = t.store;
      // readable: no two labels overlap, and every leaf's value (the problem) is written
      const stats = c.lastStats;
      const lay = app.modes.explore.layout();
      const g = lay.ghosts;
      let leaves = 0, written = stats.labels.given.length;
      // the leaves drawn: a re-search not entered yet is hidden (its leaves are counted once)
      for (let id = 0; id < st.n; id++) if (st.nMoves[id] === 0 && !(lay.lf[id] & L_HIDDEN)) leaves++;
      for (let k = 0; g && k < g.n; k++) if (!Number.isNaN(g.value[k])) leaves++;
      for (const o of stats.outline ?? []) written += o.values.length;
      if (!(stats.labels.overlaps > 0) && (t.input?.kind !== 'tree' || written >= leaves)) return;
      const id = q.node !== undefined && q.node >= 0 && q.node < st.n ? (st.lastChild[q.node] === NONE && st.parent[q.node] !== NONE ? st.parent[q.node] : q.node) : NONE;
      if (id === NONE) return;
      c.zoomTo(id, st, app.modes.explore.layout());
      L.zoomed = t.names.name(id);
      app.invalidate();
    }));
  }

  function fail(text) {
    leaveLesson();
    L.status = 'failed';
    L.notice = text.trim();
    app.invalidate();
    return false;
  }

  /** Raises the play speed so that playing reaches the next question in a few seconds. */
  function paceToGate() {
    const dist = L.gate - trace().cursor.at;
    let k = 0;
    while (k < SPEED_STEPS - 1 && speedAt(k) * SECONDS_TO_NEXT < dist) k++;
    if (speedAt(k) > state.play.speed) app.commands.setSpeed(speedAt(k));
  }

  /** The cursor reached the gate: ask the pause's question (once). */
  function atGate() {
    if (L.status !== 'stepping' || L.gate < 0) return;
    if (trace().cursor.at < L.gate) return;
    app.commands.pause();
    L.status = 'asking';
    q.question = L.questions[L.pause];
    q.feedback = null;
    app.invalidate();
    focusQuiz(q.question.choices ? 'card' : 'answer');
  }

  /** The quiz took the answer `reply` (and moved the cursor to what it reveals); `shown` is the
   * answer as the feedback states it. */
  function answered(ok, reply = '', shown = '') {
    if (L.status !== 'asking') return;
    L.asked++;
    if (ok) L.right++;
    L.answers.push({ index: L.pause, reply: String(reply).slice(0, 80), ok, shown });
    L.pause++;
    if (L.pause >= L.questions.length) {
      L.gate = -1;
      L.status = 'done';
      recordDone(L.progress, L.lesson, L.right, L.asked);
      writeProgress(L.progress);
      app.activity?.lessonDone(L.right, L.asked); // a graded activity (www/lms/connect.js): its score
    } else {
      // the next question may belong to the lesson's next part, whose search has not run yet
      L.gate = L.questions[L.pause]?.gate ?? -1;
      L.status = 'answered';
      app.activity?.lessonAnswered(); // a graded activity keeps the replies so far
    }
    app.invalidate();
  }

  /** Continue after an answer: play on to the next pause (or close the quiz at the end). */
  function resume() {
    if (L.status === 'done') {
      q.on = false;
      q.question = null;
      q.feedback = null;
      L.status = 'finished';
      app.invalidate();
      focusQuiz('learn');
      return;
    }
    if (L.status !== 'answered') return;
    q.question = null;
    q.feedback = null;
    if (!L.questions[L.pause]) {
      // the next part: its search runs now, and the page waits at its start
      if (state.play.on) app.commands.pause();
      const lesson = lessonById(L.lesson);
      runPart(lesson, L.part + 1, L.generation);
      return;
    }
    L.status = 'stepping';
    if (trace().cursor.at >= L.gate) return atGate();
    paceToGate();
    if (!state.play.on) app.commands.run('play.toggle');
    app.invalidate();
  }

  /** Another search or file replaced the lesson's (Start, Open): its questions no longer apply. */
  function traceReplaced() {
    if (L.lesson === null || L.status === 'loading' || L.status === 'failed') return;
    fail('The lesson’s search was replaced by another one. Start again to go back to the lesson.');
  }

  /** Leaves the course. */
  function close() {
    L.generation++;
    leaveLesson();
    L.open = false;
    L.lesson = null;
    L.status = 'index';
    setAddress(null);
    app.invalidate();
  }

  /** Where the student is in the open lesson, as a graded activity's state keeps it: the
   * replies given, in order, and the cursor (null outside a lesson). */
  function position() {
    if (L.lesson === null || !L.questions || L.status === 'loading' || L.status === 'failed') return null;
    return { replies: L.answers.map((a) => a.reply), cursor: trace().cursor.live ? null : trace().cursor.at };
  }

  return { lessons: LESSONS, openIndex, openLesson, atGate, answered, resume, close, traceReplaced, position };
}
