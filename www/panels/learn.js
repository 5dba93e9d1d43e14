// The Learn card (www/modes/learn.js): the course's index — every lesson as a link
// (`#v=2&learn=N`), the finished ones marked with their score — or the open lesson: its text,
// the book or paper it comes from, where the page departs from it, where the student is, and at
// the end the score and the way on. It reads the state only; its buttons forward to the learn
// mode. The questions themselves are asked in the quiz card (www/panels/quiz.js). Loaded only
// when Learn is opened.

import { $, h, renderKeyed, setProp, setClass } from '../dom.js';
import { withTerms } from '../views/term.js';
import { lessonFragment } from '../model/share.js';
import { EXERCISE_DEFAULTS } from '../model/exercise.js';
import { isGame } from '../model/games.js';

const STATUS_WORDS = {
  loading: 'Preparing the lesson’s search…',
  stepping: 'Step with → (or the ▶ button) or press space to play: the search stops at each question.',
  asking: 'A question is waiting in the Quiz card: predict, then the page reveals.',
  answered: 'Press Continue in the Quiz card (or Enter) to go on.',
};

/** `app`: { state, modes: { learn } }. */
export function createLearnPanel(app) {
  const { state } = app;
  const L = state.learn;
  const learn = () => app.modes.learn;

  const href = (id) => `#${lessonFragment(id)}`;
  const scoreOf = (id) => L.progress?.done.get(id);

  function buildIndex() {
    const lessons = learn().lessons;
    const last = L.progress?.last;
    return [
      h('h2', { id: 'learn-title' }, 'Learn: game-tree search, step by step'),
      h('p', null, 'Nine short lessons, from the first game tree to the pruning tricks of chess programs. Each prepares a search, stops it where something happens, and asks you to predict before it shows you.'),
      L.notice ? h('p', { class: 'err', role: 'alert' }, L.notice) : null,
      h('ol', { class: 'learn-list', id: 'learn-list' },
        lessons.map((l) => {
          const s = scoreOf(l.id);
          return h('li', { dataset: { lesson: l.id, done: s ? '1' : '0' } },
            h('a', { href: href(l.id) }, l.title),
            s ? h('span', { class: 'learn-done', title: 'finished' }, ` ✓ ${s.right} / ${s.asked}`) : null,
            last === l.id && !s ? h('span', { class: 'muted' }, ' (where you left off)') : null);
        })),
      h('p', { class: 'muted' }, 'Your progress stays in this browser.'),
      // an embed (embed.html) shows the course only: there is no page to go back to
      app.embed ? null : h('div', { class: 'quiz-row' }, h('button', { type: 'button', onclick: () => learn().close() }, 'Leave Learn')),
    ];
  }

  function buildLesson() {
    const l = learn().lessons.find((x) => x.id === L.lesson);
    const n = learn().lessons.length;
    const qs = L.questions;
    const end = L.status === 'done' || L.status === 'finished';
    const where = qs && !end ? `Question ${Math.min(L.pause + 1, qs.length)} of ${qs.length} · ` : '';
    const next = learn().lessons.find((x) => x.id === l.id + 1);
    // at the end, the score and the way on come first (the text above them is long: below the
    // fold they were missed); during the lesson, the status follows the text
    // the lesson's terms are linked at their first use only, across all its paragraphs
    const seen = new Set();
    const foot = [
      L.notice ? h('p', { class: 'err', role: 'alert' }, L.notice) : null,
      L.zoomed && !end ? h('p', { class: 'learn-zoomed muted', id: 'learn-zoomed' }, `The whole tree is too wide for this screen to read its labels: the view is zoomed on ${L.zoomed}. ⤢ Fit (or F) shows the whole tree; ◎ Zoom (or Z) comes back to the cursor.`) : null,
      h('p', { class: 'learn-status', id: 'learn-status', role: 'status' },
        end ? `Lesson complete: ${L.right} of ${L.asked} right.` : L.status === 'failed' ? '' : `${where}${STATUS_WORDS[L.status] ?? ''}`),
      end && l.exercise && app.actions.openExercise
        ? h('button', { type: 'button', id: 'learn-exercise', onclick: () => app.actions.openExercise({ ...EXERCISE_DEFAULTS, ...l.exercise }) }, 'Exercise: alpha-beta on a new tree like this one')
        : end && l.exerciseLink && app.actions.openExercise
        ? h('button', { type: 'button', id: 'learn-exercise', onclick: () => app.actions.openExercise(l.exerciseLink) }, 'Exercise: Star1 on a new chance tree')
        : null,
      h('div', { class: 'quiz-row learn-nav' },
        end && next ? h('a', { class: 'button primary', id: 'learn-next', href: href(next.id) }, `Next: ${next.title} →`) : null,
        end && !next ? h('p', null, 'That was the last lesson.') : null,
        h('button', { type: 'button', id: 'learn-restart', onclick: () => learn().openLesson(l.id) }, 'Start again'),
        h('button', { type: 'button', id: 'learn-index', onclick: () => learn().openIndex() }, 'All lessons'),
        app.embed ? null : h('button', { type: 'button', onclick: () => learn().close() }, 'Leave Learn')),
    ];
    return [
      h('p', { class: 'learn-kicker muted' }, `Lesson ${l.id} of ${n}`),
      h('h2', { id: 'learn-title' }, l.title),
      end ? foot : null,
      h('p', { class: 'learn-source' }, h('b', null, 'From: '), l.source),
      l.text.map((p) => h('p', null, withTerms(p, seen))),
      h('p', { class: 'learn-departs' }, h('b', null, 'Where this page departs from the book: '), l.departs),
      // a lesson's later parts (a second position), each shown once the lesson reaches it:
      // before, its text would say what the first search has not shown yet
      (l.parts ?? []).map((part, i) => (L.part > i || end
        ? [
            h('h3', { class: 'learn-part', id: `learn-part-${i + 2}`, tabindex: '-1', 'data-page-keys': '' }, part.title),
            part.text.map((p) => h('p', null, withTerms(p, seen))),
            part.departs ? h('p', { class: 'learn-departs' }, h('b', null, 'Where this page departs from the book: '), part.departs) : null,
          ]
        : null)),
      end ? null : foot,
    ];
  }

  let boardFor = -1; // UI-local: which node the board was last drawn for (a memo)

  return {
    render() {
      const show = L.open && state.mode === 'explore';
      setProp($('learn-card'), 'hidden', !show);
      // the setup cards step aside while Learn is open: a lesson prepares its own search, and
      // their counts (nodes searched) would answer its questions
      setClass(document.body, 'learning', show);
      $('mode-learn').setAttribute('aria-pressed', String(show));
      if (!show) return;
      const done = L.progress ? [...L.progress.done].map(([k, s]) => `${k}:${s.right}/${s.asked}`).join(',') : '';
      const key = `${L.generation}|${L.lesson}|${L.part}|${L.status}|${L.pause}|${L.right}/${L.asked}|${L.notice}|${done}|${!!app.actions.openExercise}|${L.zoomed}`;
      // a chess lesson needs its board: open the card (phones start with it folded), once a lesson
      const t = state.explore.trace;
      const at = `${L.generation}.${L.part}`;
      const fresh = L.status === 'stepping' && boardFor !== at;
      if (fresh) {
        boardFor = at;
        if (t.input?.kind === 'chess' || isGame(t.input)) $('board-card').open = true;
      }
      renderKeyed($('learn'), key, () => (L.lesson === null ? buildIndex() : buildLesson()));
      // a lesson opens at its text (from the index, Next or a link), which explains what the
      // tree will show: on a phone the tree is below it (issue 29 §4)
      if (fresh && L.part === 0) $('learn-card').scrollIntoView({ block: 'start' });
      // a new part begins: its heading and text come into view, with the focus, so that the
      // student reads them before playing on (space plays from there)
      if (fresh && L.part > 0) {
        const head = document.getElementById(`learn-part-${L.part + 1}`);
        if (head) {
          head.focus({ preventScroll: true });
          head.scrollIntoView({ block: 'start' });
        }
      }
      // a game's board is the problem: where the results column scrolls on its own (wide
      // screens), bring its top, the Position card, back into view for a new search
      const right = document.querySelector('.right');
      if (fresh && isGame(t.input) && right && right.scrollHeight > right.clientHeight) right.scrollTop = 0;
    },
  };
}
