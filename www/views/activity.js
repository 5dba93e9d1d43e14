// The graded activity's bar (issue 30; www/lms/connect.js): what the score is and where it goes,
// the notice (no LMS found, a saved state that could not be read) and, in a set, Next. Reads
// state.activity only; Next asks the activity to move on.

import { $, h, setText, setProp } from '../dom.js';

export function createActivityView(app) {
  const A = app.state.activity;
  const note = h('p', { id: 'activity-notice', role: 'status' });
  const status = h('p', { id: 'activity-status', 'aria-live': 'polite' });
  const next = h('button', { id: 'activity-next', type: 'button', onclick: () => app.activity?.next() }, 'Next part');
  const bar = h('section', { id: 'activity-bar', class: 'activity-bar', 'aria-label': 'Graded activity' }, note, status, next);
  $('grid').before(bar);
  let seen = -1; // UI-local: the generation last drawn (a memo)
  return {
    render() {
      if (A.generation === seen) return;
      seen = A.generation;
      setText(note, A.notice?.text ?? '');
      setProp(note, 'hidden', !A.notice);
      setText(status, A.status ?? '');
      setProp(next, 'hidden', !A.next);
    },
  };
}
