// Where a graded activity's score goes (issue 30; docs/lms.md): to the LMS through SCORM 1.2
// (a page of a SCORM package, whose <html data-activity> names the activity), or to the course
// page that frames the embed view through SPLICE. Loaded only in those two cases (www/main.js).
// The exercise and the lesson report here (app.activity): a check, a change of the inputs,
// a lesson's last answer; this module keeps the score (www/model/activity.js) and sends it.

import { newActivity, submit, score, lessonStatus, encodeState, decodeState, completeExercise, finished } from '../model/activity.js';
import { findApi, openSession } from './scorm.js';
import { startSplice } from './splice.js';
import { decodeShare } from '../model/share.js';

/** The package's activity (<html data-activity>, written by scripts/scorm.mjs), checked. */
export function readPackage(doc) {
  const raw = doc.documentElement.dataset.activity;
  if (!raw) return null;
  const a = JSON.parse(raw);
  const mastery = a.mastery === null || (Number.isInteger(a.mastery) && a.mastery >= 0 && a.mastery <= 100) ? a.mastery : null;
  return { links: newActivity(a.links).links, mastery, title: String(a.title ?? '') };
}

export async function connect(app) {
  const { state } = app;
  const A = state.activity;
  const pkg = readPackage(document);
  const framed = window.parent !== window;
  // UI-local: the LMS connection's handles (package, SCORM session, SPLICE channel); what the page shows of it is state.activity
  let activity, session = null, splice = null;
  const notice = (kind, text) => {
    A.notice = text ? { kind, text } : null;
    A.generation++;
    app.invalidateDom();
  };

  /** The student's inputs of the open exercise, as the saved state keeps them. */
  const inputs = () => {
    const ex = state.exercise;
    if (state.mode !== 'exercise' || !ex.exercise || !isCurrent('exercise')) return null;
    const a = ex.answers;
    return { pruned: [...a.pruned], values: [...a.values].filter(([, v]) => v !== ''), windows: [...a.windows].map(([n, w]) => [n, [w[0] ?? '', w[1] ?? '']]) };
  };
  /** Where the student is in the open lesson (the replies given, the cursor), when it is the
   * activity's current item and not yet scored (a scored lesson opens at its start). */
  const lessonPosition = () => (isCurrent('lesson') && !activity.scores[activity.current] ? (app.modes.learn?.position() ?? null) : null);
  const save = () => {
    activity.inputs = inputs();
    activity.lesson = lessonPosition();
    const text = encodeState(activity);
    const s = score(activity);
    if (session) session.report({ raw: activity.scores.some(Boolean) ? s.raw : null, status: lessonStatus(activity, session.mastery), state: text ?? undefined });
    // SPLICE has no message for a state alone: the state goes with the score so far (0 before
    // the first), as course pages save work in progress (docs/lms.md, "SPLICE")
    if (splice) splice.report(s.scaled, text);
    return text;
  };

  /** Opens item `i` of the activity (restoring `restore`, the saved inputs, into an exercise,
   * or `lesson`, the saved position, into a lesson). */
  async function openItem(i, restore = null, lesson = null) {
    activity.current = i;
    let s;
    try {
      s = decodeShare(activity.links[i]);
    } catch (e) {
      notice('error', `This activity's link cannot be opened: ${e.message}`);
      return;
    }
    A.solutionLocked = !activity.scores[i];
    if (s?.learn) await app.openLearn(s.learn, activity.scores[i] ? null : lesson);
    else if (s?.mode === 'exercise') {
      await app.actions.openExercise(s.exercise);
      const ex = state.exercise;
      if (restore && ex.exercise) {
        ex.answers = { pruned: new Set(restore.pruned), values: new Map(restore.values), windows: new Map(restore.windows) };
        app.invalidateDom();
      }
    }
    render();
  }

  function render() {
    const n = activity.links.length;
    const s = score(activity);
    const where = session ? 'the LMS' : splice ? 'the course page' : null;
    const parts = [];
    if (n > 1) parts.push(`Part ${activity.current + 1} of ${n}.`);
    if (activity.scores[activity.current]) parts.push(`Your score: ${s.right}/${s.total}${where ? `, sent to ${where}` : ''}.`);
    else parts.push(activity.links[activity.current].includes('learn=') ? 'Your score is your first answer to every question of the lesson.' : 'Your score is your first Check with every field filled; Show solution opens after it.');
    A.status = parts.join(' ');
    A.next = n > 1 && activity.scores[activity.current] && activity.current + 1 < n;
    A.generation++;
    app.invalidateDom();
  }

  /** Whether what the student has open is the activity's current item (not an exercise made
   * with New exercise, nor another lesson). */
  const isCurrent = (kind) => {
    let s;
    try {
      s = decodeShare(activity.links[activity.current]);
    } catch {
      return false;
    }
    if (kind === 'lesson') return !!s?.learn && state.learn.lesson === s.learn;
    const open = state.exercise.exercise?.params;
    return s?.mode === 'exercise' && !!open && Object.entries(s.exercise).every(([k, v]) => open[k] === v);
  };

  app.activity = {
    /** The exercise's Check: the first complete one is the item's score. */
    exerciseChecked(grade) {
      if (!isCurrent('exercise')) return;
      if (completeExercise(grade) && submit(activity, activity.current, grade.right, grade.total)) A.solutionLocked = false;
      save();
      render();
    },
    /** The student changed an input: the state is kept (at most once a second). */
    changed() {
      if (!isCurrent('exercise')) return;
      clearTimeout(app.activity.timer);
      app.activity.timer = setTimeout(save, 1000);
    },
    /** A lesson's question was answered (not its last): the position is kept. */
    lessonAnswered() {
      if (isCurrent('lesson') && !activity.scores[activity.current]) save();
    },
    /** A lesson's last question was answered: right of asked is its score. */
    lessonDone(right, asked) {
      if (!isCurrent('lesson')) return;
      submit(activity, activity.current, right, asked);
      save();
      render();
    },
    next() {
      if (activity.current + 1 < activity.links.length && activity.scores[activity.current]) {
        openItem(activity.current + 1);
        save();
      }
    },
  };

  if (pkg) {
    A.via = 'scorm';
    activity = newActivity(pkg.links);
    const api = findApi(window);
    if (!api) notice('info', 'No LMS was found: this activity works, but nothing will be recorded.');
    else {
      session = openSession(api, { mastery: pkg.mastery });
      if (!session.open()) {
        notice('error', `The LMS refused to start this activity (${session.error() ?? 'no reason given'}): nothing will be recorded.`);
        session = null;
      } else {
        const saved = session.suspendData();
        if (saved) {
          try {
            activity = decodeState(saved, pkg.links);
          } catch (e) {
            notice('info', `Your saved work could not be read (${e.message}): the activity starts afresh.`);
          }
        }
        if (!activity.scores.some(Boolean)) session.report({ raw: null, status: 'incomplete' });
        addEventListener('pagehide', () => {
          save();
          session.finish();
        });
      }
    }
    await openItem(activity.current, activity.inputs, activity.lesson);
  } else if (framed) {
    A.via = 'splice';
    const frag = location.hash.replace(/^#/, '');
    let s = null;
    try {
      s = decodeShare(frag);
    } catch {
      s = null; // the page's own notice says why the link cannot be opened
    }
    if (!s || !(s.learn || s.mode === 'exercise')) return null;
    activity = newActivity([frag]);
    A.solutionLocked = true;
    // the link's own opening (www/sharing.js, from the address) comes first: a restored state
    // is put into the item it opened, never under it
    const opened = () => new Promise((resolve) => {
      const t0 = Date.now();
      // a lesson is open once its search has run (a second opening meanwhile would stop it)
      const lessonOpen = () => state.learn.open && state.learn.lesson !== null && state.learn.status !== 'loading';
      const poll = () => (state.exercise.exercise || lessonOpen() || Date.now() - t0 > 20000 ? resolve() : setTimeout(poll, 50));
      poll();
    });
    splice = startSplice(window, {
      async onState(text) {
        try {
          const restored = decodeState(text, activity.links);
          await opened();
          activity = restored;
          await openItem(activity.current, activity.inputs, activity.lesson);
        } catch (e) {
          notice('info', `The course page's saved state could not be read (${e.message}): this starts afresh.`);
        }
      },
    });
    render();
    splice?.ask();
  }
  return { finished: () => finished(activity) };
}
