// The keymap: one table for both modes. Each row binds keys to commands (www/controls/
// commands.js) and says how the shortcut card shows them; the card is generated from this table
// and the keyboard handler reads nothing else. Rows without keys describe the mouse and touch.

/**
 * Rows: { keys: [key…], commands: [command…] (keys[i] runs commands[i]), show: the card's key
 * text, label: what it does, modes: ['explore', 'compare'] }. Keys are KeyboardEvent.key
 * values, lower-cased for letters, with a "Shift+" prefix when Shift is held.
 */
export const KEYMAP = [
  { keys: ['ArrowLeft', 'ArrowRight'], commands: ['step.back', 'step.forward'], show: '← →', label: 'step back / forward' },
  { keys: ['Shift+ArrowLeft', 'Shift+ArrowRight'], commands: ['step.back10', 'step.forward10'], show: 'Shift+← →', label: '10 events back / forward' },
  { keys: [' ', 'Shift+ '], commands: ['play.toggle', 'play.toggle'], show: 'space', label: 'play / pause' },
  { keys: ['+', '=', '-'], commands: ['play.faster', 'play.faster', 'play.slower'], show: '+ −', label: 'play faster / slower' },
  { keys: ['ArrowDown', 'o'], commands: ['step.over', 'step.over'], show: '↓ or O', label: 'step over the subtree' },
  { keys: ['ArrowUp', 'u'], commands: ['step.out', 'step.out'], show: '↑ or U', label: "step out (parent's exit)" },
  { keys: ['Home', 'End'], commands: ['step.first', 'step.last'], show: 'Home End', label: 'first / last event' },
  { keys: ['c', 'Shift+c'], commands: ['jump.cutoff', 'jump.cutoff.back'], show: 'C', label: 'next cut-off' },
  { keys: ['r', 'Shift+r'], commands: ['jump.research', 'jump.research.back'], show: 'R', label: 'next re-search' },
  { keys: ['m', 'Shift+m'], commands: ['jump.mismatch', 'jump.mismatch.back'], show: 'M', label: 'next expected ≠ actual' },
  { keys: ['q', 'Shift+q'], commands: ['jump.uncertain', 'jump.uncertain.back'], show: 'Q', label: 'next uncertain value' },
  { keys: ['d', 'Shift+d'], commands: ['jump.difference', 'jump.difference.back'], show: 'D', label: 'next node the other never visited', modes: ['compare'] },
  { keys: [], commands: [], show: 'Shift+letter', label: 'the previous one' },
  { keys: ['x', 'Enter'], commands: ['view.collapse', 'view.collapse'], show: 'X', label: 'collapse / expand node', modes: ['explore'] },
  { keys: ['f', 'z'], commands: ['view.fit', 'view.zoomCursor'], show: 'F / Z', label: 'fit / zoom to cursor' },
  { keys: [']', '['], commands: ['view.zoomIn', 'view.zoomOut'], show: '[ ]', label: 'zoom out / in' },
  { keys: ['h', 'l', 'k', 'j'], commands: ['view.panLeft', 'view.panRight', 'view.panUp', 'view.panDown'], show: 'H J K L', label: 'pan left / down / up / right' },
  { keys: ['v'], commands: ['view.maxmin'], show: 'V', label: 'MAX/MIN view' },
  { keys: ['e'], commands: ['view.finals'], show: 'E', label: 'show final results (else only what is known at the step)' },
  { keys: ['g'], commands: ['view.ghost'], show: 'G', label: 'side by side / ghost tree', modes: ['compare'] },
  { keys: ['t'], commands: ['view.color'], show: 'T', label: 'colour by A / B or by type', modes: ['compare'] },
  { keys: ['a'], commands: ['view.drive'], show: 'A', label: "step A's or B's events", modes: ['compare'] },
  { keys: ['Escape'], commands: ['play.pause'], show: 'Esc', label: 'pause' },
  { keys: [], commands: [], show: 'Ctrl+Enter', label: 'start (in a field)' },
  { keys: [], commands: [], show: 'wheel', label: 'zoom (Shift: rows)' },
  { keys: [], commands: [], show: 'drag', label: 'pan · click: select' },
  { keys: [], commands: [], show: 'flick ← →', label: 'step (touch) · pinch: zoom', touch: true },
];

const ALL = ['explore', 'compare'];

/** The rows of `mode`. */
export const rowsFor = (mode) => KEYMAP.filter((r) => (r.modes ?? ALL).includes(mode));

/** key → command for `mode`. */
export function bindings(mode) {
  const map = new Map();
  for (const r of rowsFor(mode)) r.keys.forEach((k, i) => map.set(k, r.commands[i]));
  return map;
}

/** The keymap key of a keyboard event ("Shift+c", "ArrowRight", " "). */
export function keyOf(e) {
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  return (e.shiftKey && k !== '+' ? 'Shift+' : '') + k;
}
