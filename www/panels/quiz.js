// The quiz card (step prediction): "Quiz me" asks about the next event the student can predict
// (www/model/quiz.js) at the cursor, takes the answer by keyboard (a typed number and Enter, or
// Y / N, 1 / 2 / 3) or by tapping the big buttons, says whether it was right with the
// narration's explanation, moves the cursor to that event, and keeps a running score. While
// quizzing, results are shown only as far as the search has got (Final results off).

import { $, h, renderKeyed, setText } from '../dom.js';
import { nextQuestion, isRight } from '../model/quiz.js';
import { narrate } from '../model/narrate.js';
import { withTerms } from '../views/term.js';

/** `app`: { state, modes, narrationContext(trace), invalidate() }. */
export function createQuiz(app) {
  const { state } = app;
  const q = state.quiz;
  const trace = () => state.explore.trace;

  function ask() {
    const t = trace();
    const ctx = { ...app.narrationContext(t), minimax: t.config?.algo === 'minimax' };
    const at = t.cursor.live ? -1 : t.cursor.at;
    q.question = t.store.nev ? nextQuestion(t.store, at, ctx) : null;
    q.feedback = null;
    app.invalidate();
    requestAnimationFrame(() => (q.question && !q.question.choices ? $('quiz-answer')?.focus() : $('quiz-card')?.focus()));
  }

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
    app.invalidate();
  }

  function answer(reply) {
    const qq = q.question;
    if (!q.on || !qq || q.feedback) return;
    const ok = isRight(qq, reply);
    q.asked++;
    if (ok) q.right++;
    const t = trace();
    const at = qq.ev2 ?? qq.ev;
    t.cursor.set(at);
    app.modes.explore.afterStep(true);
    q.feedback = { ok, shown: qq.shown, why: narrate(t.store, at, app.narrationContext(t)) };
    app.invalidate();
  }

  function onKey(e) {
    if (!q.on || state.mode !== 'explore' || e.ctrlKey || e.metaKey || e.altKey) return;
    const inField = e.target?.id === 'quiz-answer';
    if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      if (q.feedback) ask();
      else if (inField) answer(e.target.value);
      return;
    }
    if (e.key === 'Escape') {
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

  function build() {
    if (!q.on) {
      return [
        h('p', { class: 'muted' }, 'Predict each step of the search before it happens: windows, values, types, cut-offs, null-move verdicts.'),
        h('button', { id: 'quiz-start', class: 'primary', type: 'button', onclick: start, disabled: !trace().store.nev || trace().running }, 'Quiz me'),
      ];
    }
    const qq = q.question;
    const score = h('p', { id: 'quiz-score', class: 'quiz-score' }, `Score ${q.right} / ${q.asked}`);
    if (!qq) return [h('p', { id: 'quiz-question' }, 'The search is over: nothing left to predict.'), score, h('button', { type: 'button', onclick: stop }, 'End quiz')];
    const fb = q.feedback;
    return [
      h('p', { id: 'quiz-question', class: 'quiz-q' }, withTerms(qq.text)),
      qq.choices
        ? h('div', { class: 'quiz-choices' }, qq.choices.map((c) => h('button', { type: 'button', class: 'quiz-choice', dataset: { key: c.key }, disabled: !!fb, onclick: () => answer(c.key), title: `key ${c.key.toUpperCase()}` }, `${c.label} `, h('kbd', null, c.key.toUpperCase()))))
        : h('div', { class: 'quiz-choices' },
            h('input', { id: 'quiz-answer', type: 'text', inputmode: 'text', autocomplete: 'off', 'aria-label': 'Your answer', disabled: !!fb, placeholder: qq.kind === 'window' ? 'e.g. 3 inf' : 'e.g. 3' }),
            h('button', { type: 'button', class: 'quiz-choice', disabled: !!fb, onclick: () => answer($('quiz-answer').value) }, 'Answer ', h('kbd', null, '↵'))),
      fb ? h('p', { id: 'quiz-feedback', class: fb.ok ? 'ok' : 'err' }, fb.ok ? `Right: ${fb.shown}. ` : `Not quite: it is ${fb.shown}. `, withTerms(fb.why)) : null,
      score,
      h('div', { class: 'quiz-row' },
        fb ? h('button', { id: 'quiz-next', type: 'button', class: 'primary', onclick: ask }, 'Next question ', h('kbd', null, '↵')) : null,
        h('button', { type: 'button', onclick: stop }, 'End quiz ', h('kbd', null, 'Esc'))),
    ];
  }

  return {
    init() {
      document.addEventListener('keydown', onKey, true);
    },
    render() {
      const t = trace();
      const qq = q.question;
      const key = `${q.on}|${t.uid}|${t.generation}|${t.running}|${t.store.nev}|${qq?.ev}|${q.feedback?.ok}|${q.right}/${q.asked}|${state.maxmin}`;
      renderKeyed($('quiz'), key, build);
      setText('quiz-mode', q.on ? 'step prediction' : '');
    },
    stop,
  };
}
