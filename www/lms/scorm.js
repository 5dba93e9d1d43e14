// SCORM 1.2 in the page (issue 30 §1; docs/lms.md): finds the LMS's run-time API, reports the
// activity's score and status, keeps its state in cmi.suspend_data, and finishes the session.
//
// The content-side finder is written here rather than taken from npm: it is ADL's published
// algorithm (SCORM 1.2 RTE, "API adapter": look for `API` in the window's parents, at most 7
// levels, then in its opener's), a dozen lines, and the content-side wrappers on npm
// (pipwerks-scorm-api-wrapper and its forks) are unmaintained and would wrap the same dozen
// lines. The LMS side in the tests is scorm-again (tests/browser/scorm.test.mjs).

import { scormTime } from '../model/activity.js';

/** The SCORM 1.2 API (an object with LMSInitialize…) in `win`'s parents or opener, or null. A
 * frame of another origin throws on access: it is skipped. */
export function findApi(win) {
  const look = (w) => {
    let tries = 0;
    while (w && tries <= 7) {
      try {
        if (w.API && typeof w.API.LMSInitialize === 'function') return w.API;
      } catch {
        // another origin: not ours to read
      }
      let parent = null;
      try {
        parent = w.parent;
      } catch {
        parent = null;
      }
      if (!parent || parent === w) return null;
      w = parent;
      tries++;
    }
    return null;
  };
  let api = look(win);
  if (!api) {
    try {
      if (win.opener) api = look(win.opener);
    } catch {
      api = null;
    }
  }
  return api;
}

const ok = (r) => r === true || r === 'true';

/**
 * A SCORM session on `api`: initialized at once. `mastery` (0–100 or null) is the teacher's,
 * from the package. Answers { suspendData, report, commit, finish, error }; every call is safe
 * to repeat, and nothing is sent after finish.
 */
export function openSession(api, { mastery = null, now = () => Date.now() } = {}) {
  const started = now();
  let open = ok(api.LMSInitialize(''));
  const error = () => {
    try {
      const code = api.LMSGetLastError();
      return code && code !== '0' ? `${code} ${api.LMSGetErrorString(code)}` : null;
    } catch {
      return 'the LMS API failed';
    }
  };
  const set = (k, v) => open && ok(api.LMSSetValue(k, String(v)));
  const get = (k) => (open ? String(api.LMSGetValue(k) ?? '') : '');
  const session = {
    open: () => open,
    /** cmi.suspend_data as the LMS gives it ('' when there is none). */
    suspendData: () => get('cmi.suspend_data'),
    /** The entry: 'ab-initio' (first time) or 'resume'. */
    entry: () => get('cmi.core.entry'),
    /** Sends the score (raw 0–100, min 0, max 100), the status and the state; then commits. */
    report({ raw, status, state }) {
      if (!open) return false;
      if (raw !== null && raw !== undefined) {
        set('cmi.core.score.min', 0);
        set('cmi.core.score.max', 100);
        set('cmi.core.score.raw', raw);
      }
      if (status) set('cmi.core.lesson_status', status);
      if (typeof state === 'string') set('cmi.suspend_data', state);
      return session.commit();
    },
    commit: () => open && ok(api.LMSCommit('')),
    /** Ends the session: the time spent, exit suspend (the state is kept) and LMSFinish. */
    finish() {
      if (!open) return false;
      set('cmi.core.session_time', scormTime(now() - started));
      set('cmi.core.exit', 'suspend');
      session.commit();
      const r = ok(api.LMSFinish(''));
      open = false;
      return r;
    },
    error,
    mastery,
  };
  // cmi.student_data.mastery_score is the LMS's copy of the manifest's adlcp:masteryscore: when
  // the LMS has one, it is the teacher's latest word
  if (open) {
    const m = get('cmi.student_data.mastery_score');
    if (/^\d{1,3}(\.\d+)?$/.test(m) && Number(m) <= 100) session.mastery = Number(m);
  }
  return session;
}
