// SPLICE messages from the embed view (issue 30 §2; docs/lms.md, "SPLICE"): the score (0–1) and
// the state go to the page that frames the embed (SPLICE.reportScoreAndState); at start the
// embed asks that page for the state it keeps (SPLICE.getState) and restores the one its
// SPLICE.getState.response carries.
//
// Every received message is untrusted. Origin policy: only a message whose source is this
// frame's parent, from the parent's origin (location.ancestorOrigins where the browser has it),
// that answers a getState this embed sent (its message_id), is read; its state goes through
// the activity's own checks (www/model/activity.js decodeState). Everything else is ignored.

let counter = 0; // UI-local: numbers this page's SPLICE messages

/** Starts SPLICE in `win` (an embed's window). `onState(text)` receives a state the page sent
 * back. Answers { report(score, state), ask() } or null when the window is not framed. */
export function startSplice(win, { onState }) {
  if (!win.parent || win.parent === win) return null;
  const parentOrigin = win.location.ancestorOrigins?.[0] ?? null;
  const target = parentOrigin && parentOrigin !== 'null' ? parentOrigin : '*';
  const pending = new Set();
  const post = (msg) => {
    try {
      win.parent.postMessage(msg, target);
    } catch {
      // a parent that went away: nothing to tell
    }
  };
  win.addEventListener('message', (e) => {
    if (e.source !== win.parent) return;
    if (target !== '*' && e.origin !== target) return;
    const d = e.data;
    if (!d || typeof d !== 'object' || Array.isArray(d)) return;
    if (d.subject !== 'SPLICE.getState.response') return;
    if (typeof d.message_id !== 'string' || !pending.has(d.message_id)) return;
    pending.delete(d.message_id);
    // a page with no state for this embed answers without one (or with null)
    if (d.state === undefined || d.state === null) return;
    if (typeof d.state !== 'string' || d.state.length > 4096) return;
    onState(d.state);
  });
  return {
    /** SPLICE.reportScoreAndState: `score` 0–1, `state` the activity's saved state (text). */
    report(score, state) {
      post({ subject: 'SPLICE.reportScoreAndState', message_id: `prunescope-${++counter}`, score, state });
    },
    /** SPLICE.getState: asks the page for the state it keeps. */
    ask() {
      const id = `prunescope-${++counter}-${Math.random().toString(36).slice(2, 10)}`;
      pending.add(id);
      post({ subject: 'SPLICE.getState', message_id: id });
    },
  };
}
