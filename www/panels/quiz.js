// The quiz card (step prediction): "Quiz me" asks about the next event the student can predict
// (www/model/quiz.js) at the cursor, takes the answer by keyboard (a typed number and Enter, or
// Y / N, 1 / 2 / 3) or by tapping the big buttons, says whether it was right with the
// narration's explanation, moves the cursor to that event, and keeps a running score. While
// quizzing, results are shown only as far as the search has got (Final results off). The card
// reads the state only: what an answer or a mark does is the quiz mode's (www/modes/quiz.js).

import { $, h, renderKeyed, setText } from '../dom.js';
import { withTerms } from '../views/term.js';
import { cutoffRule } from '../model/narrate.js';
import { nearest } from '../views/draw/predict.js';
import { GUTTER } from '../views/draw/scene.js';
import { lessonFragment } from '../model/share.js';
import { isControl } from '../controls/keyboard.js';

/**
 * `app`: { state, modes: { explore, quiz } (www/modes/quiz.js), canvases }. The card reads
 * `state.quiz` and forwards the student's keys, taps and clicks to the quiz mode.
 */
export function createQuiz(app) {
  const { state } = app;
  const q = state.quiz;
  const trace = () => state.explore.trace;
  const quiz = () => app.modes.quiz;
  const ask = () => quiz().ask();
  const start = () => quiz().start();
  const stop = () => quiz().stop();
  const answer = (reply) => quiz().answer(reply);
  const startPredict = () => quiz().startPredict();
  const toggleMark = (key) => quiz().toggleMark(key);
  const check = () => quiz().checkMarks();
  /** The form of answer the core's grader takes for `qq`, never its answer
   * (`question_expects`, src/teach/question.rs). */
  const formOf = (qq) => (qq.grade ? app.core.question_expects(qq.grade).form : '');

  function onCanvasClick(ev) {
    const p = q.predict;
    if (!p || p.result || state.mode !== 'explore') return;
    const c = app.canvases.explore;
    const t = trace();
    const lay = app.modes.explore.layout();
    const r = c.canvas.getBoundingClientRect();
    const tf = c.view();
    const s = { st: t.store, x: lay.x, lay, SX: (wx) => (wx - tf.x0) * tf.sx + GUTTER, SY: (q) => (q - tf.y0) * tf.sy };
    toggleMark(nearest(s, ev.clientX - r.left, ev.clientY - r.top));
  }

  function onKey(e) {
    if (!q.on || state.mode !== 'explore' || e.ctrlKey || e.metaKey || e.altKey) return;
    // Enter and Space on a focused control (Continue, a choice, Quiz me, a link) do what it does
    // (www/controls/keyboard.js); the card's Enter is for its answer field and the card itself
    const t = e.target;
    if ((e.key === 'Enter' || e.key === ' ') && isControl(t) && t.id !== 'quiz-answer' && t.id !== 'predict-path') return;
    if (!q.predict && !q.question && q.feedback === null && state.learn.lesson !== null) return; // a lesson between questions: the page's keys

    if (q.predict) {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        return stop();
      }
      if (e.key !== 'Enter' || q.predict.result) return;
      e.preventDefault();
      e.stopPropagation();
      const f = $('predict-path');
      if (e.target === f && f.value.trim()) {
        for (const w of f.value.trim().split(/[\s,]+/)) if (/^\d+(\.\d+)*$/.test(w)) toggleMark(w);
        f.value = '';
      } else check();
      return;
    }
    const inField = e.target?.id === 'quiz-answer';
    if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      if (q.feedback) ask();
      else if (inField) answer(e.target.value);
      return;
    }
    if (e.key === 'Escape') {
      if (q.question?.lesson !== undefined) return; // a lesson ends from its card (www/panels/learn.js)
      e.preventDefault();
      e.stopPropagation();
      return stop();
    }
    const c = q.question?.choices?.find((x) => x.key === e.key.toLowerCase());
    if (c && !q.feedback && !inField) {
      e.preventDefault();
      e.stopPropagation();
      answer(c.key);
    }
  }

  /** The cut-off rule of the search being quizzed (standard or strict), as the narration and
   * the exercises state it; none for minimax. */
  function rule() {
    const words = cutoffRule(trace().config);
    return words ? h('p', { id: 'quiz-rule', class: 'muted quiz-rule' }, words) : null;
  }

  function buildPredict() {
    const p = q.predict;
    const score = h('p', { id: 'quiz-score', class: 'quiz-score' }, `Score ${q.right} / ${q.asked}`);
    if (!p.result) {
      return [
        h('p', { id: 'quiz-question', class: 'quiz-q' }, 'Which branches will the search prune? Tap them in the tree (or type their paths, e.g. 1.1, and press Enter), then Check.'),
        rule(),
        h('div', { class: 'quiz-choices' },
          h('input', { id: 'predict-path', type: 'text', autocomplete: 'off', 'aria-label': 'Paths to mark', placeholder: 'e.g. 1.1 1.2' }),
          h('button', { id: 'predict-check', type: 'button', class: 'quiz-choice primary', onclick: check }, 'Check ', h('kbd', null, '↵'))),
        h('p', { id: 'predict-marks', class: 'muted' }, p.marks.size ? `Marked: ${[...p.marks].join(', ')}` : 'Nothing marked yet.'),
        score,
        h('button', { type: 'button', onclick: stop }, 'End quiz ', h('kbd', null, 'Esc')),
      ];
    }
    const r = p.result;
    return [
      h('p', { id: 'quiz-feedback', class: r.missed.length || r.wrong.length ? 'err' : 'ok' },
        `Found ${r.hits.length} of ${r.hits.length + r.missed.length} pruned branches`,
        r.missed.length ? ` · missed ${r.missed.join(', ')}` : '',
        r.wrong.length ? ` · searched after all: ${r.wrong.join(', ')}` : '',
        '. The search now replays: watch each cut-off prune its branches.'),
      rule(),
      score,
      h('div', { class: 'quiz-row' },
        h('button', { id: 'predict-again', type: 'button', class: 'primary', onclick: startPredict }, 'Again'),
        h('button', { type: 'button', onclick: stop }, 'End quiz ', h('kbd', null, 'Esc'))),
    ];
  }

  /** A lesson's answers so far, each with its verdict (the student's record, and what a
   * student who comes back to the lesson sees of the work done before). */
  function lessonAnswers() {
    const L = state.learn;
    if (L.lesson === null || !L.answers?.length) return null;
    // a choice's key ("n") as its button reads ("No"); a typed answer as typed
    const reply = (a) => new Map((L.questions?.[a.index]?.choices ?? []).map((c) => [c.key, c.label])).get(a.reply) ?? a.reply;
    return h('details', { id: 'quiz-answers', class: 'quiz-answers', open: true },
      h('summary', null, `Your answers so far (${L.answers.length})`),
      h('ol', null, L.answers.map((a) => h('li', { value: a.index + 1, class: a.ok ? 'ok' : 'err', dataset: { index: a.index } },
        `“${reply(a)}”: `, a.ok ? 'right' : `not quite (it is ${a.shown})`))));
  }

  function build() {
    const Ls = state.learn;
    if (!q.on && Ls.open && Ls.lesson !== null && Ls.status === 'finished' && app.modes.learn) {
      // a lesson's end: the way on here, where the student's eyes are, not only at the foot of
      // the lesson's long card (cold reader 2: "Quiz me" looked like the way on)
      const next = app.modes.learn.lessons.find((x) => x.id === Ls.lesson + 1);
      return [
        h('p', { id: 'quiz-question', class: 'quiz-q' }, `Lesson ${Ls.lesson} complete: ${Ls.right} of ${Ls.asked} right.`),
        h('div', { class: 'quiz-row' },
          next ? h('a', { class: 'button primary', id: 'quiz-learn-next', href: `#${lessonFragment(next.id)}` }, `Next: ${next.title} →`) : h('p', null, 'That was the last lesson.')),
      ];
    }
    if (!q.on) {
      return [
        h('p', { class: 'muted' }, 'Predict each step of the search before it happens (windows, values, types, cut-offs, null-move verdicts), or which branches it will prune.'),
        h('div', { class: 'quiz-row' },
          h('button', { id: 'quiz-start', class: 'primary', type: 'button', onclick: start, disabled: !trace().store.nev || trace().running }, 'Quiz me'),
          h('button', { id: 'predict-start', type: 'button', onclick: startPredict, disabled: trace().running || state.tab !== 'tree', title: 'On the tree in the Tree tab, with the chosen algorithm' }, 'Predict prunes')),
      ];
    }
    if (q.predict) return buildPredict();
    const qq = q.question;
    const score = h('p', { id: 'quiz-score', class: 'quiz-score' }, `Score ${q.right} / ${q.asked}`);
    const L = state.learn;
    if (!qq && L.lesson !== null && L.questions) {
      // a lesson between its questions (before the first, or after Continue): the search is not
      // over, the lesson is stepping to its next pause (www/modes/learn.js)
      const n = L.questions.length;
      return [
        h('p', { id: 'quiz-question', class: 'quiz-q' }, `Question ${Math.min(L.pause + 1, n)} of ${n} is ahead. Step with → (or the ▶ button) or press space to play: the lesson stops at each question.`),
        rule(),
        score,
        lessonAnswers(),
      ];
    }
    if (!qq) return [h('p', { id: 'quiz-question' }, 'The search is over: nothing left to predict.'), rule(), score, h('button', { type: 'button', onclick: stop }, 'End quiz')];
    const fb = q.feedback;
    const lesson = qq.lesson !== undefined; // a lesson's pause (www/learn/questions.js)
    return [
      qq.say ? h('p', { class: 'quiz-say' }, withTerms(qq.say)) : null,
      h('p', { id: 'quiz-question', class: 'quiz-q' }, withTerms(qq.text)),
      rule(),
      // the form of answer the grader takes, said before the student answers (issue 28 §2)
      qq.choices ? null : h('p', { id: 'quiz-form', class: 'quiz-form' }, formOf(qq)),
      qq.choices
        ? h('div', { class: 'quiz-choices' }, qq.choices.map((c) => h('button', { type: 'button', class: 'quiz-choice', dataset: { key: c.key }, disabled: !!fb, onclick: () => answer(c.key), title: `key ${c.key.toUpperCase()}` }, `${c.label} `, h('kbd', null, c.key.toUpperCase()))))
        : h('div', { class: 'quiz-choices' },
            h('input', { id: 'quiz-answer', type: 'text', inputmode: 'text', autocomplete: 'off', 'aria-label': 'Your answer', disabled: !!fb, placeholder: qq.placeholder ?? (qq.kind === 'window' ? 'e.g. 3 inf' : 'e.g. 3') }),
            h('button', { type: 'button', class: 'quiz-choice', disabled: !!fb, onclick: () => answer($('quiz-answer').value) }, 'Answer ', h('kbd', null, '↵'))),
      fb ? h('p', { id: 'quiz-feedback', class: fb.ok ? 'ok' : 'err' }, fb.ok ? `Right: ${fb.shown}. ` : `Not quite: it is ${fb.shown}${fb.note ? ` (${fb.note})` : ''}. `, withTerms(fb.why)) : null,
      score,
      h('div', { class: 'quiz-row' },
        fb ? h('button', { id: 'quiz-next', type: 'button', class: 'primary', onclick: ask }, lesson ? (qq.closing ? 'Finish ' : 'Continue ') : 'Next question ', h('kbd', null, '↵')) : null,
        lesson ? null : h('button', { type: 'button', onclick: stop }, 'End quiz ', h('kbd', null, 'Esc'))),
      lesson ? lessonAnswers() : null,
    ];
  }

  // UI-local: the feedback whose Continue button was last focused and scrolled into view (a memo of
  // what the panel did, so that a redraw does not move the focus again)
  let seenFeedback = null;

  return {
    init() {
      document.addEventListener('keydown', onKey, true);
      app.canvases.explore.canvas.addEventListener('click', onCanvasClick);
    },
    render() {
      const t = trace();
      const qq = q.question;
      const p = q.predict;
      const key = `${q.on}|${t.uid}|${t.generation}|${t.running}|${t.store.nev}|${qq?.ev}|${q.feedback?.ok}|${q.right}/${q.asked}|${state.maxmin}|${state.tab}|${qq?.lesson}.${qq?.index}|${state.learn.lesson}.${state.learn.status}.${state.learn.pause}.${state.learn.right}|${t.config?.cutoff}|${p ? `${p.version ?? 0}.${!!p.result}` : ''}`;
      renderKeyed($('quiz'), key, build);
      // an answer's feedback: the way on (Continue) has the focus and is in view, where the
      // answer field was (on a phone it was below the fold; the field, now disabled, had lost
      // the focus)
      if (q.feedback && q.feedback !== seenFeedback) {
        seenFeedback = q.feedback;
        requestAnimationFrame(() => {
          const b = $('quiz-next');
          if (!b) return;
          b.focus({ preventScroll: true });
          b.scrollIntoView({ block: 'nearest' });
        });
      }
      setText('quiz-mode', q.on ? (q.predict ? 'prune prediction' : state.learn.lesson !== null && state.learn.open ? `lesson ${state.learn.lesson}` : 'step prediction') : '');
    },
    /** After a question is asked: focus its answer field ('answer'), the card ('card') or the
     * lesson's card ('learn', at a lesson's end). */
    focus(what) {
      requestAnimationFrame(() => {
        const el = what === 'answer' ? $('quiz-answer') : what === 'learn' ? $('learn-card') : $('quiz-card');
        if (!el) return;
        // on a phone the card sits below the tree: bring the card's bottom into view, so that
        // as much of the tree as fits stays above it (the question is about the tree)
        el.focus({ preventScroll: true });
        // at a lesson's end its card opens with the score and the way on: show its top
        if (what === 'learn') el.scrollIntoView({ block: 'start' });
        else $('quiz-card').scrollIntoView({ block: 'nearest' });
      });
    },
  };
}
