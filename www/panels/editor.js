// The tree editor's panel (issue 18 §1), over explore's tree while it is open: a toolbar (MAX or
// MIN at the root, add a child, delete a subtree, move a child left or right, undo, redo, a new
// tree, done), the value field of the selected leaf, and the tree drawn as SVG built node by
// node (never markup from strings), each node a target for a click or a tap. Keys on the tree:
// arrows select, Shift+←/→ move the child, A or + adds a child, Delete removes, a digit or −
// (or Enter) types the leaf's value, M switches MAX/MIN at the root, Ctrl+Z / Ctrl+Shift+Z
// undo and redo, Esc leaves the editor. In the value field the page's shortcuts are off (a
// field keeps its keys: www/controls/keyboard.js); Enter takes the value and goes on to the
// next leaf, Esc goes back to the tree. The panel reads `state.editor` only: every change is the
// editor mode's (www/modes/editor.js).

import { $, h, renderKeyed, setText, setProp } from '../dom.js';
import { nodeAt, nodeList, samePath, branchWeight, hasChance } from '../model/tree-edit.js';
import { fmtFraction } from '../model/format.js';

const SVG = 'http://www.w3.org/2000/svg';
const SLOT = 40, ROW = 60, GUT = 40, R = 14;

/** An SVG element with attributes and children. */
function s(tag, attrs, ...kids) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs ?? {})) el.setAttribute(k, String(v));
  for (const c of kids) if (c !== null && c !== undefined) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

/** `app`: { state, modes: { editor }, openEditor() }. */
export function createEditorPanel(app) {
  const { state } = app;
  const ed = state.editor;
  const E = () => app.modes.editor;
  let shownSel = null; // UI-local: what the fields were last filled from (a memo, so typing is not overwritten)
  /** What the weight and bounds fields were last filled from (so typing is not overwritten). */
  let shownOther = null;
  // A number for each tree the editor has held (an edit makes a new tree:
  // www/model/tree-edit.js), so that the drawing is keyed on what it draws, the tree and the
  // selection, not on every change: the value field's blur on a click's mousedown (typing ends)
  // must not rebuild the node under the pointer before the mouseup, or the click is lost.
  const treeIds = new WeakMap();
  let treeCount = 0; // UI-local: the trees numbered so far (the drawing's key)

  const field = () => $('ed-value');
  const focusTree = () => $('ed-tree').focus();
  /** The weight and bounds fields: Enter takes what was typed and goes back to the tree, Esc
   * goes back without it. */
  const others = () => [$('ed-weight'), $('ed-lo'), $('ed-hi')];
  function takeOther(el) {
    if (el.id === 'ed-weight') return E().setWeight(el.value);
    return E().setBounds($('ed-lo').value, $('ed-hi').value);
  }

  /** Keys on the tree and the toolbar. */
  function onKey(e) {
    if (!ed.on) return;
    const inField = e.target === field();
    const k = e.key;
    const done = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    if ((e.ctrlKey || e.metaKey) && !inField && (k === 'z' || k === 'Z' || k === 'y')) {
      done();
      return k === 'y' || e.shiftKey ? E().redo() : E().undo();
    }
    if (inField) return onFieldKey(e, done);
    if (others().includes(e.target)) {
      if (e.key === 'Enter') {
        done();
        if (takeOther(e.target)) focusTree();
      } else if (e.key === 'Escape') {
        done();
        shownOther = null;
        focusTree();
      }
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (k === 'Escape') {
      done();
      E().close();
      return $('edit-tree').focus();
    }
    // a button keeps Enter and Space (the page's shortcuts would take them: keyboard.js)
    if (e.target.tagName === 'BUTTON' && (k === 'Enter' || k === ' ')) return e.stopPropagation();
    const arrows = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
    if (arrows[k]) {
      done();
      if (e.shiftKey && (k === 'ArrowLeft' || k === 'ArrowRight')) return E().move(k === 'ArrowLeft' ? -1 : 1);
      return E().go(arrows[k]);
    }
    if (k === 'a' || k === 'A' || k === '+' || k === 'Insert') return done(), E().addChild();
    if (k === 'Delete' || k === 'Backspace') return done(), E().remove();
    if (k === 'm' || k === 'M') return done(), E().setMin(!ed.tree.min);
    if (k === 'c' || k === 'C') return done(), E().toggleChance();
    if (k === 'w' || k === 'W') {
      done();
      if (!branchWeight(ed.tree, ed.selected)) return E().setWeight('');
      const f = $('ed-weight');
      f.focus();
      return f.select();
    }
    if (k === 'Enter' || k === 'F2' || /^[-−0-9]$/.test(k)) {
      done();
      const n = nodeAt(ed.tree, ed.selected);
      if (!n || n.c) return E().setValue('', false);
      const f = field();
      f.value = k === 'Enter' || k === 'F2' ? String(n.v) : k;
      f.focus();
      if (k === 'Enter' || k === 'F2') f.select();
    }
  }

  function onFieldKey(e, done) {
    const f = field();
    if (e.key === 'Enter') {
      done();
      if (E().setValue(f.value, true)) {
        const n = nodeAt(ed.tree, ed.selected);
        f.value = n && !n.c ? String(n.v) : '';
        shownSel = ed.selected;
        f.select();
      }
    } else if (e.key === 'Escape') {
      done();
      const n = nodeAt(ed.tree, ed.selected);
      f.value = n && !n.c ? String(n.v) : '';
      focusTree();
    }
  }

  /** The tree as SVG: level labels, edges, then the nodes (leaves square, with their values). */
  function drawTree() {
    const list = nodeList(ed.tree);
    const leaves = list.filter((n) => n.leaf).length;
    const depth = Math.max(...list.map((n) => n.depth));
    const W = GUT + Math.max(1, leaves) * SLOT + 8, H = (depth + 1) * ROW + 10;
    const X = (n) => GUT + n.x * SLOT + SLOT / 2, Y = (n) => n.depth * ROW + 28;
    const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: 'ed-svg', 'aria-hidden': 'true' });
    // the level labels hold while players alternate by level; with chance nodes (whose
    // branches keep their player) each node's shape says who moves there instead
    if (!hasChance(ed.tree)) {
      for (let d = 0; d <= depth; d++) {
        const max = (d % 2 === 0) !== ed.tree.min;
        svg.append(s('text', { x: 6, y: d * ROW + 32, class: 'ed-level' }, max ? 'MAX' : 'MIN'));
      }
    }
    const byKey = new Map(list.map((n) => [n.key, n]));
    for (const n of list) {
      if (!n.depth) continue;
      const p = byKey.get(n.path.slice(0, -1).join('.'));
      svg.append(s('line', { x1: X(p), y1: Y(p), x2: X(n), y2: Y(n), class: `ed-edge${p.chance ? ' chance' : ''}` }));
      // a chance branch: its probability w/S, exact, beside the edge
      if (n.weight !== null) {
        const mx = (X(p) + X(n)) / 2, my = (Y(p) + Y(n)) / 2;
        svg.append(s('text', { x: mx + (X(n) < X(p) ? -4 : 4), y: my, class: `ed-weight ${X(n) < X(p) ? 'l' : 'r'}` }, `${n.weight}/${n.total}`));
      }
    }
    for (const n of list) {
      const selected = samePath(n.path, ed.selected);
      const max = n.max;
      const g = s('g', { class: `ed-node${selected ? ' sel' : ''}${n.leaf ? ' leaf' : ''}${n.chance ? ' chance' : ''}`, 'data-path': n.key });
      // a larger invisible target for fingers
      g.append(s('circle', { cx: X(n), cy: Y(n), r: 22, class: 'ed-hit' }));
      if (n.leaf) g.append(s('rect', { x: X(n) - R, y: Y(n) - R, width: 2 * R, height: 2 * R, rx: 3, class: 'ed-shape' }));
      else if (n.chance) g.append(s('circle', { cx: X(n), cy: Y(n), r: R, class: 'ed-shape' }));
      else g.append(s('path', { d: triangle(X(n), Y(n), max), class: 'ed-shape' }));
      if (n.leaf) g.append(s('text', { x: X(n), y: Y(n) + 5, class: 'ed-value' }, String(n.value)));
      svg.append(g);
    }
    return svg;
  }

  /** MAX as ▲, MIN as ▼ (the textbooks' triangles). */
  function triangle(x, y, up) {
    const r = R + 2;
    return up ? `M${x} ${y - r} L${x + r} ${y + r * 0.75} L${x - r} ${y + r * 0.75} Z` : `M${x} ${y + r} L${x + r} ${y - r * 0.75} L${x - r} ${y - r * 0.75} Z`;
  }

  function onTreeClick(ev) {
    const g = ev.target.closest?.('.ed-node');
    if (!g) return;
    const key = g.getAttribute('data-path');
    E().select(key === '' ? [] : key.split('.').map(Number));
    focusTree();
  }

  function describe(n) {
    if (!n) return '';
    const where = ed.selected.length ? `node ${ed.selected.join('.')}` : 'the root';
    const what = n.w ? `chance node, ${n.c.length} ${n.c.length === 1 ? 'branch' : 'branches'}` : n.c ? `${n.c.length} ${n.c.length === 1 ? 'child' : 'children'}` : `leaf ${n.v}`;
    return `${where}: ${what}`;
  }

  /** `w/S` in lowest terms (the branch's probability, exact), as the page prints every
   * fraction (model/format.js: the page's one copy of Euclid's gcd). */
  function prob([w, total]) {
    return fmtFraction(w, total);
  }

  return {
    init() {
      const el = $('editor');
      el.addEventListener('keydown', onKey);
      $('ed-tree').addEventListener('click', onTreeClick);
      const on = (id, f) => $(id).addEventListener('click', f);
      on('ed-max', () => E().setMin(false));
      on('ed-min', () => E().setMin(true));
      on('ed-add', () => E().addChild());
      on('ed-del', () => E().remove());
      on('ed-left', () => E().move(-1));
      on('ed-right', () => E().move(1));
      on('ed-undo', () => E().undo());
      on('ed-redo', () => E().redo());
      on('ed-new', () => E().clear());
      on('ed-chance', () => E().toggleChance());
      for (const el of others()) {
        el.addEventListener('focus', () => E().typing(true));
        el.addEventListener('blur', () => E().typing(false));
        el.addEventListener('change', () => {
          // leaving L for U is not yet a pair of bounds: only a whole pair (or none) is taken
          if (el !== $('ed-weight') && ($('ed-lo').value.trim() === '') !== ($('ed-hi').value.trim() === '')) return;
          takeOther(el);
        });
      }
      on('ed-done', () => {
        E().close();
        $('edit-tree').focus();
      });
      const f = field();
      f.addEventListener('focus', () => E().typing(true));
      f.addEventListener('blur', () => E().typing(false));
      f.addEventListener('change', () => {
        const n = nodeAt(ed.tree, ed.selected);
        if (n && !n.c && f.value.trim() !== String(n.v)) E().setValue(f.value, false);
      });
    },
    render() {
      const el = $('editor');
      setProp(el, 'hidden', !ed.on);
      setProp($('edit-tree'), 'ariaPressed', String(ed.on));
      if (!ed.on || !ed.tree) return;
      if (!treeIds.has(ed.tree)) treeIds.set(ed.tree, ++treeCount);
      renderKeyed($('ed-tree'), `${treeIds.get(ed.tree)}|${ed.selected.join('.')}`, drawTree);
      const n = nodeAt(ed.tree, ed.selected);
      $('ed-max').setAttribute('aria-pressed', String(!ed.tree.min));
      $('ed-min').setAttribute('aria-pressed', String(ed.tree.min));
      setProp($('ed-del'), 'disabled', !ed.selected.length);
      setProp($('ed-left'), 'disabled', !ed.selected.length || ed.selected[ed.selected.length - 1] === 0);
      const parent = nodeAt(ed.tree, ed.selected.slice(0, -1));
      setProp($('ed-right'), 'disabled', !ed.selected.length || ed.selected[ed.selected.length - 1] >= (parent?.c?.length ?? 1) - 1);
      setProp($('ed-undo'), 'disabled', !ed.undo.length);
      setProp($('ed-redo'), 'disabled', !ed.redo.length);
      const f = field();
      setProp(f, 'disabled', !n || !!n.c);
      if (document.activeElement !== f && (shownSel === null || !samePath(shownSel, ed.selected) || f.value !== String(n?.v ?? ''))) {
        f.value = n && !n.c ? String(n.v) : '';
        shownSel = ed.selected;
      }
      setText('ed-sel', describe(n));
      // the chance controls: the toggle, the selected branch's weight, the bounds
      $('ed-chance').setAttribute('aria-pressed', String(!!n?.w));
      const bw = branchWeight(ed.tree, ed.selected);
      setProp($('ed-weight'), 'disabled', !bw);
      setText('ed-prob', bw ? `probability ${prob(bw)}` : '');
      const otherKey = `${ed.generation}|${ed.selected.join('.')}`;
      if (shownOther !== otherKey && !others().includes(document.activeElement)) {
        shownOther = otherKey;
        setProp($('ed-weight'), 'value', bw ? String(bw[0]) : '');
        setProp($('ed-lo'), 'value', ed.tree.bounds ? String(ed.tree.bounds[0]) : '');
        setProp($('ed-hi'), 'value', ed.tree.bounds ? String(ed.tree.bounds[1]) : '');
      }
      const msg = $('ed-msg');
      setText(msg, ed.message?.text ?? '');
      msg.className = `ed-msg ${ed.message?.kind ?? ''}`;
      setText('ed-typing', ed.typing ? 'typing a value: page shortcuts are off (Enter: next leaf, Esc: back to the tree)' : 'keys: arrows select · A add child · Del delete · Shift+←/→ move · digits type a value · M MAX/MIN · C chance node · W weight · Ctrl+Z undo · Esc leave');
    },
  };
}
