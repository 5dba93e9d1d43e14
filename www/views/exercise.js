// Exercise mode's view (issue 18 §2): the exercise's tree drawn as DOM, so that every answer
// is a real control on the tree itself (mouse, touch and keyboard alike): a ✂ toggle on each
// branch, a value field in each inner node, and the window's two fields when the exercise asks
// for them. It reads the state only; every change goes through the exercise mode.

import { $, h, renderKeyed, setText, setClass, setProp } from '../dom.js';
import { runningTotal } from '../model/exercise.js';

/** What the student does, per kind of exercise. */
const HOW = "Fail-soft alpha-beta, values and windows from MAX's view, children searched left to right. Mark each pruned branch with its ✂ button; type each inner node's value: a number, or for a node that stopped early its bound, ≤ 2 or ≥ 5 (also <= 2, at most 2; >= 5, at least 5). A node that searched every child, each exact, is exact. Tab moves from field to field; Space or Enter on ✂ marks a branch.";
const HOW_CHANCE = {
  expectimax: "Expectimax, values from MAX's view: a chance node (◯) is worth the weighted average of its branches, each branch's probability p shown above it. Type each inner node's exact value: an integer or a fraction such as 7/3 (any equal form, 14/6 too, is right; decimals are not). Tab moves from field to field.",
  star1: "Ballard's Star1, values from MAX's view, branches searched left to right: a chance node (◯) averages its branches (probability p above each), and Star1 prunes the rest of a chance node once, even with the unsearched branches at the bound L or U, its average cannot come back inside the window. Mark each pruned branch with ✂; type each inner node's exact value (7/3, or ≤ 7/3 / ≥ 7/3 for a node that stopped early).",
};

/** A key node's name (src/teach/key.rs, `KeyNode::name`): "the root", "node 0.2". */
const nodeName = (n) => (n.path ? `node ${n.path}` : 'the root');

/** The solution as the grader states it, in words: each asked node's answer and the pruned
 * branches, named as the hint names them. */
function solutionText(e) {
  const k = e.key.nodes;
  const who = (n) => (n.chance ? 'chance' : n.max ? 'MAX' : 'MIN');
  const values = [];
  const pruned = [];
  k.forEach((n) => {
    if (n.visited && n.leaf === null) {
      const w = e.params.windows && n.window ? `, window (${n.window[0]}, ${n.window[1]})` : '';
      values.push(`${nodeName(n)} (${who(n)}): ${n.answer}${w}`);
    }
    if (n.pruned) pruned.push(nodeName(n));
  });
  return `Solution, as the grader states it — ${values.join('; ')}. Pruned: ${pruned.length ? `the branches to ${pruned.join(', ')}` : 'nothing'}.`;
}

export function createExerciseView(app, mode) {
  const ex = app.state.exercise;
  /** Per node: { box, cut, value, alpha, beta } of the tree built for the current exercise. */
  let els = new Map(); // UI-local: the elements of the tree this view built

  /** The next answer field after `el` in tree order (Enter goes on, as in a spreadsheet). */
  function focusNext(el, back) {
    const fields = [...$('ex-tree').querySelectorAll('input')];
    const i = fields.indexOf(el);
    const next = fields[i + (back ? -1 : 1)];
    if (next) next.focus();
  }

  function field(node, label, onInput, cls, placeholder = '?') {
    return h('input', {
      type: 'text', class: cls, inputmode: 'text', autocomplete: 'off', spellcheck: 'false', size: 4, 'aria-label': label, placeholder,
      oninput: (e) => onInput(e.target.value),
      onkeydown: (e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          focusNext(e.target, e.shiftKey);
        } else if (e.key === 'Escape') e.target.blur();
      },
      dataset: { node },
    });
  }

  function build() {
    els = new Map();
    const e = ex.exercise;
    if (!e) return h('p', { class: 'empty' }, 'Press “New exercise”: a tree appears here, its leaves given, its answers yours.');
    const k = e.key.nodes;
    const asksWindows = e.params.windows;
    // a chance exercise on expectimax asks values only: no ✂ toggles (docs/teaching.md)
    const asksPrunes = e.key.algo !== 'expectimax';
    const chance = !!e.params.chance;
    const node = (i) => {
      const n = k[i];
      const who = n.chance ? 'chance' : n.max ? 'MAX' : 'MIN';
      // a node is named by its path, as the grader's hint, the key and the solution name it
      // (src/teach/key.rs): "the root", "node 0.2"
      const name = nodeName(n);
      const r = { box: null, cut: null, value: null, alpha: null, beta: null, wrap: null };
      // a chance branch's probability w/S, exact, above the node it leads to
      const prob = n.prob ? h('span', { class: 'ex-prob', title: `weight ${n.weight}: probability ${n.prob}` }, `p ${n.prob}`) : null;
      if (n.parent !== null && asksPrunes) {
        r.cut = h('button', {
          class: 'ex-cut', type: 'button', 'aria-pressed': 'false', title: `Mark the branch to ${name} as pruned`,
          'aria-label': `Branch to ${name} (${who}${n.leaf !== null ? `, leaf ${n.leaf}` : ''}${n.prob ? `, probability ${n.prob}` : ''}): pruned?`,
          onclick: () => mode.togglePrune(i),
        }, '✂');
      }
      const label = h('span', { class: 'ex-who' }, n.chance ? `◯ ${n.path || 'root'}` : `${who} ${n.path || 'root'}`);
      let body;
      if (n.leaf !== null) body = h('span', { class: 'ex-leaf' }, String(n.leaf));
      else {
        const how = chance ? ': an integer or a fraction such as 7/3' : '';
        r.value = field(i, `Value of ${name} (${who})${how}`, (v) => mode.setValue(i, v), 'ex-val', chance ? 'n/d' : '?');
        const parts = [r.value];
        if (asksWindows) {
          r.alpha = field(i, `α of ${name} at entry`, (v) => mode.setWindow(i, 0, v), 'ex-win', 'α');
          r.beta = field(i, `β of ${name} at entry`, (v) => mode.setWindow(i, 1, v), 'ex-win', 'β');
          parts.push(h('span', { class: 'ex-window' }, '(', r.alpha, ', ', r.beta, ')'));
        }
        body = h('span', { class: 'ex-fields' }, parts);
      }
      const kind = n.chance ? 'chance' : n.max ? 'max' : 'min';
      r.box = h('div', { title: n.chance ? `chance ${name}: the weighted average of its branches` : `${who}, ${name}`, class: `ex-box ${kind}${n.leaf !== null ? ' leaf' : ''}`, dataset: { node: i } }, label, body);
      r.wrap = h('div', { class: 'ex-n', dataset: { node: i } }, prob, r.cut, r.box, n.children.length ? h('div', { class: 'ex-kids' }, n.children.map(node)) : null);
      els.set(i, r);
      return r.wrap;
    };
    return node(0);
  }

  function render() {
    if (app.state.mode !== 'exercise') return;
    const e = ex.exercise;
    const rebuilt = renderKeyed($('ex-tree'), ex.generation, build);
    if (rebuilt && e) {
      // a tree wider than its region (a phone, many leaves) scrolls inside the region, not the
      // page; it opens centred on the root, where the search starts
      const region = $('ex-tree');
      region.scrollLeft = Math.max(0, (region.scrollWidth - region.clientWidth) / 2);
      // the controls show the opened exercise's parameters (a link may have set them)
      const p = e.params;
      const put = (id, v) => setProp($(id), 'value', String(v));
      put('ex-bmin', p.branching_min);
      put('ex-bmax', p.branching_max);
      put('ex-depth', p.depth);
      put('ex-vmin', p.value_min);
      put('ex-vmax', p.value_max);
      put('ex-order', p.ordering);
      put('ex-root', p.root);
      put('ex-cutoff', p.cutoff);
      setProp($('ex-windows'), 'checked', !!p.windows);
      setProp($('ex-chance'), 'checked', !!p.chance);
      put('ex-algo', p.algo ?? 'star1');
    }
    for (const id of ['ex-check', 'ex-hint', 'ex-solution', 'ex-copy', 'ex-link']) setProp($(id), 'disabled', !e);
    // a graded activity: the solution after the score (www/lms/connect.js)
    if (app.state.activity.solutionLocked) setProp($('ex-solution'), 'disabled', true);
    const chance = !!e?.params.chance;
    const bounds = e?.key.bounds;
    setText('ex-rule', !e ? '' : chance ? `Search: ${e.rule}; bounds L = ${bounds[0]}, U = ${bounds[1]} (the value range).` : `${e.params.cutoff === 'strict' ? 'Cut-off rule: strict' : 'Cut-off rule: standard'} — ${e.rule}.`);
    setText('ex-how', chance ? HOW_CHANCE[e.key.algo] ?? HOW_CHANCE.star1 : HOW);
    const g = ex.grade;
    const verdict = new Map();
    // the solution shown: the key's prunes and no marks of the student's grade on it
    if (g && !ex.solution) for (const v of g.verdicts) verdict.set(`${v.node}:${v.kind}`, v);
    const marked = (i) => (ex.solution && e ? e.key.nodes[i].pruned : ex.answers.pruned.has(i));
    const under = new Set();
    if (e) {
      const k = e.key.nodes;
      for (let i = 1; i < k.length; i++) if (marked(k[i].parent) || under.has(k[i].parent)) under.add(i);
    }
    for (const [i, r] of els) {
      const on = marked(i);
      if (r.cut) {
        r.cut.setAttribute('aria-pressed', String(on));
        setProp(r.cut, 'disabled', under.has(i));
        const v = verdict.get(`${i}:pruned`);
        setClass(r.cut, 'ex-ok', v?.ok === true);
        setClass(r.cut, 'ex-wrong', v?.ok === false);
      }
      setClass(r.wrap, 'ex-marked', on || under.has(i));
      for (const [kind, el] of [['value', r.value], ['window', r.alpha], ['window', r.beta]]) {
        if (!el) continue;
        const v = verdict.get(`${i}:${kind}`);
        setClass(el, 'ex-ok', v?.ok === true);
        setClass(el, 'ex-wrong', v?.ok === false);
        setProp(el, 'disabled', under.has(i) || on);
      }
      const any = [...verdict.values()].filter((v) => v.node === i);
      setClass(r.box, 'ex-wrong', any.some((v) => !v.ok));
      setClass(r.box, 'ex-ok', any.length > 0 && any.every((v) => v.ok));
      const answer = (el, text) => el && document.activeElement !== el && setProp(el, 'value', text);
      // Show solution: every field holds the grader's answer and every ✂ the key's prune
      // (src/teach/key.rs), read-only; the student's own answers come back when it is hidden
      const sol = ex.solution && e ? e.key.nodes[i] : null;
      answer(r.value, sol ? (sol.answer ?? '') : (ex.answers.values.get(i) ?? ''));
      const w = sol ? sol.window : ex.answers.windows.get(i);
      answer(r.alpha, w?.[0] ?? '');
      answer(r.beta, w?.[1] ?? '');
      for (const el of [r.value, r.alpha, r.beta]) if (el) setProp(el, 'readOnly', !!sol);
      if (sol && r.cut) setProp(r.cut, 'disabled', true);
      setClass(r.box, 'ex-solution', !!sol);
    }
    setText('ex-solution-text', ex.solution && e ? solutionText(e) : '');
    setProp($('ex-play'), 'hidden', !(ex.solution && e));
    setText('ex-solution', ex.solution ? 'Hide solution' : 'Show solution');
    setText('ex-score', g ? `Score: ${g.right} of ${g.total} answers right${g.right === g.total ? ' — all right!' : ` — ${g.total - g.right} wrong, marked in red.`}` : '');
    setText('ex-hint-text', ex.hint ? `Hint: ${ex.hint}` : '');
    setText('ex-result', ex.result ?? '');
    const t = ex.total ?? runningTotal({ results: [] });
    setText('ex-total', t.exercises ? `Running total: ${t.right} of ${t.total} answers right over ${t.exercises} exercise${t.exercises === 1 ? '' : 's'} (kept in this browser).` : 'Running total: no exercise checked yet in this browser.');
    const n = ex.notice;
    setProp($('ex-notice'), 'hidden', !n);
    setText('ex-notice', n?.text ?? '');
  }

  return { render };
}
