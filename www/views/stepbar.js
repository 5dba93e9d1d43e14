// The step bar and the narration, shared by both modes: the play button, the cursor's place
// on the event tape, which jumps have somewhere to go, the speed, and one plain-words line for
// the event at the cursor. Reads the state only.

import { $, setText, setProp, setClass, renderKeyed } from '../dom.js';
import { withTerms } from './term.js';
import { NONE } from '../model/store.js';
import { fmtInt } from '../model/format.js';
import { narrate, eventWord } from '../model/narrate.js';
import { speedIndex } from '../controls/commands.js';
import { otherSide as other } from '../state.js';
import { heldBack } from '../model/trace.js';

const JUMPS = [['n-cut', 'cutoff'], ['n-research', 'research'], ['n-mismatch', 'mismatch'], ['n-uncertain', 'uncertain']];

/** `app`: { state, mode(), narrationContext(trace) }. */
export function createStepbar(app) {
  const { state } = app;

  function narration(mode, D) {
    if (state.mode === 'explore') {
      if (D.status === 'running') return `Searching… ${fmtInt(D.store.n)} nodes so far.`;
      if (D.status === 'opening') return `Opening… ${fmtInt(D.openedNodes)} nodes read; the trace on screen stays until the whole file is checked.`;
      // a lesson's "which type?" question waits at the node's return, whose line names what
      // happened there ("α-cut-off at node 1"): the line would answer it (issue 29 §3), so it
      // follows the answer
      const q = state.quiz.question;
      if (state.learn.status === 'asking' && q?.kind === 'type' && D.cursor.at === state.learn.gate) {
        return 'The search stops here for the question in the Quiz card: this step’s narration follows your answer.';
      }
      return narrate(D.store, D.cursor.at, app.narrationContext(D));
    }
    const c = state.compare;
    const { A, B } = c.sides;
    if (A.running || B.running) return `Searching… A ${fmtInt(A.store.n)} nodes, B ${fmtInt(B.store.n)} nodes.`;
    if (!c.diff) return 'Both searches are stepped by one cursor; the other view follows by path.';
    const k = c.drive, o = other(k);
    if (D.cursor.live) {
      return `${fmtInt(c.diff.both)} nodes in both · ${fmtInt(c.diff.onlyA)} only in A · ${fmtInt(c.diff.onlyB)} only in B. Step (← →, Home) to replay ${k}'s search; ${o} follows by path.`;
    }
    let text = `${k}: ${narrate(D.store, D.cursor.at, app.narrationContext(D))}`;
    const f = mode.cursorFor(o);
    if (D.cursor.node() !== NONE) {
      const F = c.sides[o];
      if (f.node === NONE) text += ` — ${o} has no matching root search.`;
      else if (f.exact) text += ` — ${o} visits this node too.`;
      else text += ` — ${o} never visits it (it stops at ${app.narrationContext(F).name(f.node)}).`;
    }
    return text;
  }

  return {
    render() {
      const mode = app.mode();
      const D = mode.driver();
      const st = D.store;
      const e = D.cursor.live ? -1 : D.cursor.at;
      const playing = state.play.on;
      setText('s-play', playing ? 'pause' : 'play');
      setClass($('s-play'), 'on', playing);
      const prefix = state.mode === 'compare' ? `${state.compare.drive} · ` : '';
      // in a lesson, how many events, cut-offs or re-searches lie ahead would answer its
      // questions (www/modes/learn.js): the counts are not shown, the jumps never greyed
      const inLesson = state.mode === 'explore' && state.learn.open && state.learn.lesson !== null;
      // so would they while a finished search of an explicit tree is stepped before its end
      // (issue 29 §3: it opens at its first event; the event total tells how many nodes it
      // visits): hidden until End or Final results, in explore as in compare
      const hide = inLesson || (state.mode === 'compare' ? mode.held() : !state.finals && heldBack(D));
      const total = hide ? '' : ` / ${fmtInt(st.nev)}`;
      setText('evpos', e < 0 ? (st.nev ? `${prefix}${fmtInt(st.nev)} events` : '–') : `${prefix}event ${fmtInt(e + 1)}${total} · ${eventWord(st, e, state.maxmin)}`);
      const none = !st.nev;
      for (const id of ['s-first', 's-back', 's-play', 's-fwd', 's-last', 's-over', 's-out']) setProp($(id), 'disabled', none);
      for (const [id, k] of JUMPS) {
        const n = st.marks[k].n;
        setProp($(id), 'disabled', n === 0 && !hide);
        const title = $(id).title.replace(/ · \d[\d,]*$/, '') + (hide ? '' : ` · ${fmtInt(n)}`);
        if ($(id).title !== title) $(id).title = title;
      }
      setProp($('n-diff'), 'disabled', !state.compare.diff);
      const si = String(speedIndex(state.play.speed));
      if ($('speed').value !== si) $('speed').value = si;
      setText('speed-val', `${fmtInt(state.play.speed)}/s`);
      if ($('cmp-drive').value !== state.compare.drive) $('cmp-drive').value = state.compare.drive;
      const words = narration(mode, D);
      renderKeyed($('narration'), words, () => withTerms(words));
    },
  };
}
