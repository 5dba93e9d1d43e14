// The accessible tree (issue 19 §4): what the canvas shows around the cursor, as a structure a
// screen reader can explore — the node at the cursor, its parent, the parent's other children
// and the node's own children, as a `role="tree"` of `treeitem`s with their `aria-level`, each
// named in the narration's words (www/model/narrate.js `nodeWords`: "MIN node 1, window 3 to
// infinity, returned 2, cut-off"). Only what the page shows at the cursor: nodes already
// entered, nothing the search has not reached, no pruned mark ahead of the cut-off. It follows
// the cursor of explore's search, or in compare mode of the driving search.
//
// Keys, when the tree has the focus: ↑ ↓ move to the previous / next node of the tree (the move
// selects it as a tap does: the cursor goes to its entry, and the tree re-centres on it); every
// other key is the page's (← → step, space plays, C jumps to the next cut-off, …), so the tree
// follows the search as it is stepped. Hidden but for screen readers until it has the focus;
// then it is drawn over the canvas's corner, so that a sighted keyboard user sees it too.
//
// In prune prediction (Predict prunes) ↑ ↓ have nowhere to go, on purpose: the cursor waits at
// the search's first event, so only the root is entered and listed, and a selection there is
// refused (a tap marks a branch instead, www/modes/explore.js `select`). Listing the trace's
// other nodes would give the answer away — the trace holds only the nodes the search entered,
// so the pruned branches would show by their absence. Walking the prediction by keys needs the
// whole input tree (the drawing's outline, www/model/fulltree.js) as items, with a key that
// marks a branch; until then the keyboard marks branches in the quiz card's path field.
//
// In a lesson on an explicit tree the drawing shows every leaf's value from the start (the
// leaves are the problem, www/views/draw/predict.js); the tree then reads the problem out too,
// as its description: the tree text, whose numbers are the leaves, left to right. Nothing of
// what the search will prune is told apart, as in the drawing.

import { $, h, renderKeyed, setProp, setText } from '../dom.js';
import { NONE } from '../model/store.js';
import { nodeWords } from '../model/narrate.js';

const itemId = (id) => `a11y-n-${id}`;

/** `app`: { state, mode() → the current mode, narrationContext(trace) }. */
export function createA11yTree(app) {
  const { state } = app;
  const tree = $('a11y-tree');
  const wrap = $('a11y-wrap');
  const problem = h('p', { class: 'a11y-hint', id: 'a11y-problem', hidden: true });
  $('a11y-hint').after(problem);
  /** The node ids of the items in their order on screen (for ↑ ↓), and the active one. */
  let order = []; // UI-local: the items as drawn (a memo) and the roving focus of the tree widget
  let active = NONE;

  /** The node the tree centres on: the cursor's, else the selection, else the root. */
  function centre(mode, D) {
    const st = D.store;
    const e = D.cursor.live ? -1 : D.cursor.at;
    let id = e >= 0 ? D.cursor.node() : NONE;
    if (id === NONE) id = mode.shownNode();
    if (id === NONE || id >= st.n) id = st.roots.length ? st.roots[st.roots.length - 1] : NONE;
    return { id, e };
  }

  function build(D, c, e) {
    const st = D.store;
    const ctx = app.narrationContext(D);
    const entered = (id) => e < 0 || st.enterOf(id) <= e;
    const children = (id) => {
      const out = [];
      st.forChildren(id, (k) => {
        if (entered(k)) out.push(k);
      });
      return out;
    };
    order = [];
    const item = (id, kids, isCentre) => {
      order.push(id);
      const words = nodeWords(st, id, e, ctx) ?? '';
      const sub = kids?.length ? kids : null;
      const li = h('li', {
        role: 'treeitem',
        id: itemId(id),
        'aria-level': st.ply[id] + 1,
        'aria-selected': isCentre ? 'true' : 'false',
        'aria-expanded': sub ? 'true' : undefined,
        'aria-current': isCentre ? 'step' : undefined,
        'aria-label': words,
        class: isCentre ? 'centre' : undefined,
      }, h('span', { 'aria-hidden': 'true' }, words));
      if (sub) li.append(h('ul', { role: 'group' }, sub));
      return li;
    };
    const centreItem = () => item(c, children(c).map((k) => item(k, null, false)), true);
    const p = st.parent[c];
    const root = p === NONE ? centreItem() : item(p, children(p).map((k) => (k === c ? centreItem() : item(k, null, false))), false);
    // on screen in preorder, which is the order of the ids
    order.sort((a, b) => a - b);
    return root;
  }

  function onKey(ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const step = ev.key === 'ArrowDown' ? 1 : ev.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    ev.preventDefault();
    ev.stopPropagation(); // not the page's step over / out
    const k = order.indexOf(active);
    const next = order[k + step];
    if (k < 0 || next === undefined) return;
    app.mode().select(next);
  }
  tree.addEventListener('keydown', onKey);

  return {
    render() {
      const mode = state.mode === 'experiments' ? null : app.mode();
      const D = mode?.driver();
      const off = !D || D.running || !D.store.n || !D.store.nev;
      wrap.hidden = off;
      if (off) {
        renderKeyed(tree, 'off', () => []);
        tree.removeAttribute('aria-activedescendant');
        order = [];
        active = NONE;
        return;
      }
      const { id: c, e } = centre(mode, D);
      if (c === NONE) return;
      const lessonTree = state.mode === 'explore' && state.learn.open && state.learn.lesson !== null && D.input?.kind === 'tree' ? D.input.text : null;
      if (lessonTree !== null) setText(problem, `The problem: the tree ${lessonTree}. Each pair of brackets is a node, each number a leaf’s value from MAX’s view, left to right.`);
      setProp(problem, 'hidden', lessonTree === null);
      tree.setAttribute('aria-describedby', lessonTree === null ? 'a11y-hint' : 'a11y-hint a11y-problem');
      const key = `${state.mode}|${state.compare.drive}|${D.uid}|${D.generation}|${D.store.n}|${e}|${c}|${state.maxmin}`;
      if (renderKeyed(tree, key, () => build(D, c, e))) {
        active = c;
        tree.setAttribute('aria-activedescendant', itemId(c));
        tree.setAttribute('aria-label', `Search tree at the cursor${state.mode === 'compare' ? ` (search ${state.compare.drive})` : ''}`);
      }
    },
  };
}
