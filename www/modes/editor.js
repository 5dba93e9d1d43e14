// The tree editor (issue 18 §1): what each edit does to `state.editor`. Every edit goes through
// `commit`, which has the core print the new tree (wasm `tree_print`: the parser's limits are
// checked there, so an edit past one is refused with the core's words and changes nothing),
// keeps the old tree for undo, and writes the canonical text into the Tree tab's text, so the
// text follows every edit; `followText` goes the other way when the text is typed. No DOM: the
// editor's panel (www/panels/editor.js) shows the state and forwards clicks, taps and keys here.

import * as E from '../model/tree-edit.js';

/** Why the editor leaves a tree with chance nodes alone (docs/teaching.md, "Building a tree"). */
export const CHANCE_REFUSED = 'This tree has chance nodes ([W:…]): the editor builds MAX/MIN trees only, so edit its text in the Tree tab.';

/** Undo keeps this many trees. */
const HISTORY = 200;

/**
 * `app`: { state, core, invalidate(), setTreeText(text) (puts the text into the Tree tab) }.
 */
export function createEditor(app) {
  const { state, core } = app;
  const ed = state.editor;

  /** The core's canonical text of `tree`, or throws the core's refusal. */
  const print = (tree) => {
    const { degrees, values } = E.toPreorder(tree);
    return core.tree_print(degrees, values, tree.min);
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
    // chance nodes (`[W:…]`) are read by the core but not built by the editor: it would drop
    // them, so it leaves such a text alone and says so
    if (shape.chance) {
      ed.message = { kind: 'error', text: CHANCE_REFUSED };
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
      if (!load(text)) {
        // a chance tree stays in the Tree tab as it is: the editor opens on nothing of it
        if (ed.message?.text === CHANCE_REFUSED) {
          app.invalidate();
          return false;
        }
        load('0');
      }
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
      commit({ min: false, root: { v: 0 } }, [], 'New tree');
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
