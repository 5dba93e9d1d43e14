// The tree editor (issue 18 §1): what each edit does to `state.editor`. Every edit goes through
// `commit`, which has the core print the new tree (wasm `tree_print`: the parser's limits are
// checked there, so an edit past one is refused with the core's words and changes nothing),
// keeps the old tree for undo, and writes the canonical text into the Tree tab's text, so the
// text follows every edit; `followText` goes the other way when the text is typed. No DOM: the
// editor's panel (www/panels/editor.js) shows the state and forwards clicks, taps and keys here.

import * as E from '../model/tree-edit.js';

/** Undo keeps this many trees. */
const HISTORY = 200;

/**
 * `app`: { state, core, invalidate(), setTreeText(text) (puts the text into the Tree tab) }.
 */
export function createEditor(app) {
  const { state, core } = app;
  const ed = state.editor;

  /** The core's canonical text of `tree` (chance nodes, weights and bounds included), or
   * throws the core's refusal. */
  const print = (tree) => {
    const { degrees, values, chance, weights, bounds } = E.toPreorder(tree);
    return core.tree_print_chance(degrees, values, tree.min, chance, weights, bounds);
  };

  function changed() {
    ed.generation++;
    app.invalidate();
  }

  /** Makes `tree` the editor's tree with `selected`; false (and the core's message shown) if the
   * core refuses it. */
  function commit(tree, selected, what) {
    let text;
    try {
      text = print(tree);
    } catch (e) {
      ed.message = { kind: 'refused', text: `${what} refused: ${e.message}` };
      changed();
      return false;
    }
    ed.undo.push({ tree: ed.tree, selected: ed.selected });
    if (ed.undo.length > HISTORY) ed.undo.shift();
    ed.redo = [];
    ed.tree = tree;
    ed.selected = selected;
    ed.text = text;
    ed.message = null;
    app.setTreeText(text);
    changed();
    return true;
  }

  /** Loads `text` (parsed by the core) as the editor's tree; false if the core refuses it. */
  function load(text) {
    let shape;
    try {
      shape = core.tree_shape(text);
    } catch {
      return false;
    }
    if (ed.tree && shape.text === ed.text) return true;
    if (ed.tree) {
      ed.undo.push({ tree: ed.tree, selected: ed.selected });
      ed.redo = [];
    }
    ed.tree = E.fromShape(shape);
    ed.text = shape.text;
    if (!E.nodeAt(ed.tree, ed.selected)) ed.selected = [];
    ed.message = null;
    return true;
  }

  const sel = () => ed.selected;
  const selNode = () => E.nodeAt(ed.tree, ed.selected);

  const editor = {
    /** Opens the editor on `text` (the Tree tab's), or on a new tree if that does not parse. */
    open(text) {
      if (!load(text)) load('0');
      ed.on = true;
      ed.message = null;
      changed();
      return true;
    },
    close() {
      ed.on = false;
      ed.typing = false;
      changed();
    },
    /** A new tree: a single leaf of value 0, MAX at the root. */
    clear() {
      commit({ min: false, bounds: null, root: { v: 0 } }, [], 'New tree');
    },
    /** The Tree tab's text changed and parses: the editor follows it. */
    followText(text) {
      if (!ed.on || text === ed.text) return;
      if (load(text)) changed();
    },
    select(path) {
      if (!E.nodeAt(ed.tree, path)) return;
      ed.selected = path;
      ed.message = null;
      changed();
    },
    /** Moves the selection: 'up' (parent), 'down' (first child), 'left' / 'right' (siblings). */
    go(dir) {
      const p = sel();
      let q = null;
      if (dir === 'up' && p.length) q = p.slice(0, -1);
      else if (dir === 'down' && selNode().c) q = [...p, 0];
      else if ((dir === 'left' || dir === 'right') && p.length) q = [...p.slice(0, -1), p[p.length - 1] + (dir === 'left' ? -1 : 1)];
      if (q && E.nodeAt(ed.tree, q)) editor.select(q);
    },
    /** Adds a leaf child to the selected node, which stays selected (A A A: three children). */
    addChild() {
      const [t] = E.addChild(ed.tree, sel());
      return commit(t, sel(), 'Add child');
    },
    remove() {
      const r = E.removeSubtree(ed.tree, sel());
      if (!r) {
        ed.message = { kind: 'info', text: 'The root cannot be deleted: New tree starts again from a single leaf.' };
        return changed();
      }
      commit(r[0], r[1], 'Delete');
    },
    move(dir) {
      const r = E.moveChild(ed.tree, sel(), dir);
      if (r) commit(r[0], r[1], 'Move');
    },
    setMin(min) {
      if (ed.tree.min !== min) commit(E.setMin(ed.tree, min), sel(), min ? 'MIN root' : 'MAX root');
    },
    /** Typing a leaf value: on while the value field has the keyboard (page shortcuts off). */
    typing(on) {
      if (ed.typing === on) return;
      ed.typing = on;
      changed();
    },
    /**
     * Sets the selected leaf's value from the typed `raw` (a whole number; the core checks its
     * range); with `next`, the next leaf in preorder is selected (Enter, as in a spreadsheet).
     * Returns whether the value was taken.
     */
    setValue(raw, next = false) {
      const n = selNode();
      if (!n || n.c) {
        ed.message = { kind: 'refused', text: 'Select a leaf to type its value: inner values are what the search finds.' };
        changed();
        return false;
      }
      const s = String(raw).trim();
      if (!/^[-+−]?\d+$/.test(s)) {
        ed.message = { kind: 'refused', text: `Value refused: "${s}" is not a whole number.` };
        changed();
        return false;
      }
      const v = Number(s.replace('−', '-'));
      const ok = v === n.v || commit(E.setValue(ed.tree, sel(), v), sel(), 'Value');
      if (ok && next) {
        const q = E.nextLeaf(ed.tree, sel(), 1);
        if (q) editor.select(q);
      }
      return ok;
    },
    /** The selected node turned into a chance node (its branches weighted 1) or back into a
     * decision node; a leaf becomes a chance node with the leaf as its one branch. */
    toggleChance() {
      const n = selNode();
      const what = n.w ? 'Decision node' : 'Chance node';
      return commit(E.toggleChance(ed.tree, sel()), sel(), what);
    },
    /** The weight of the branch into the selected node (its parent a chance node) from the
     * typed `raw`: a whole number ≥ 1 (the core checks its range). Returns whether taken. */
    setWeight(raw) {
      const s = String(raw).trim();
      if (!E.branchWeight(ed.tree, sel())) {
        ed.message = { kind: 'refused', text: 'Select a branch of a chance node to set its weight.' };
        changed();
        return false;
      }
      if (!/^\d+$/.test(s)) {
        ed.message = { kind: 'refused', text: `Weight refused: "${s}" is not a whole number of 1 or more.` };
        changed();
        return false;
      }
      const w = Number(s);
      if (w === E.branchWeight(ed.tree, sel())[0]) return true;
      return commit(E.setWeight(ed.tree, sel(), w), sel(), 'Weight');
    },
    /** The `bounds L U` header from the typed `lo`, `hi` (both empty: none). The core checks
     * L ≤ U and every leaf against them. Returns whether taken. */
    setBounds(lo, hi) {
      const l = String(lo).trim().replace('−', '-'), u = String(hi).trim().replace('−', '-');
      if (l === '' && u === '') return ed.tree.bounds ? commit(E.setBounds(ed.tree, null), sel(), 'Bounds') : true;
      if (!/^-?\d+$/.test(l) || !/^-?\d+$/.test(u)) {
        ed.message = { kind: 'refused', text: `Bounds refused: L and U must both be whole numbers (got "${l}", "${u}").` };
        changed();
        return false;
      }
      const b = [Number(l), Number(u)];
      if (ed.tree.bounds && ed.tree.bounds[0] === b[0] && ed.tree.bounds[1] === b[1]) return true;
      return commit(E.setBounds(ed.tree, b), sel(), 'Bounds');
    },
    undo() {
      const u = ed.undo.pop();
      if (!u) return;
      ed.redo.push({ tree: ed.tree, selected: ed.selected });
      restore(u);
    },
    redo() {
      const r = ed.redo.pop();
      if (!r) return;
      ed.undo.push({ tree: ed.tree, selected: ed.selected });
      restore(r);
    },
  };

  function restore({ tree, selected }) {
    ed.tree = tree;
    ed.selected = E.nodeAt(tree, selected) ? selected : [];
    ed.text = print(tree);
    ed.message = null;
    app.setTreeText(ed.text);
    changed();
  }

  return editor;
}
