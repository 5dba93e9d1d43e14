// The keyboard: a key press looks up the keymap of the current mode and runs its command.
//
// The rule (issue 29 §2, which reversed the earlier one): a key pressed on a focused control —
// a button, a link, a summary, a field (input, select, textarea, a checkbox, a slider) or
// anything with a control's role — does what that control does, as the browser and the
// control's role say: Enter and Space press a button, Enter follows a link, Space ticks a
// checkbox, text goes into a field. The page's shortcuts act only when no such control has the
// focus: on the tree, the page's background, a card or a heading. (Before, the shortcuts won
// and blurred the button: Enter on a focused Start collapsed a node instead of searching.) So
// that the shortcuts still work after a click, Start, Compare and the step bar's buttons hand
// the focus to the tree (www/main.js `toTree`), as a click on the tree would leave it.
// Ctrl+Enter in a field starts the search. A region marked data-own-keys (the mode buttons,
// the Learn card, a game board) keeps Enter and Space, except on an element in it marked
// data-page-keys (a lesson part's heading, which has the focus when the part begins: space
// plays from there, as the lesson says).

import { bindings, keyOf } from './keymap.js';

const TEXT_FIELD = (t) => t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable || (t.tagName === 'INPUT' && !['checkbox', 'radio', 'range', 'button', 'submit', 'reset'].includes(t.type));
const CONTROL_ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option', 'slider', 'spinbutton', 'textbox', 'combobox']);
// (the accessible tree, role="tree", is no such control: ↑ ↓ move in it, and ← → step the search
// through the page's keys, as its hint says: www/views/a11y-tree.js)

/** Whether `t` is a control that takes the keys pressed on it (no shortcut acts there). */
export function isControl(t) {
  if (!t || t.nodeType !== 1) return false;
  if (['BUTTON', 'SUMMARY', 'INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName) || t.isContentEditable) return true;
  if (t.tagName === 'A' && t.hasAttribute('href')) return true;
  return CONTROL_ROLES.has(t.getAttribute('role'));
}

/** `app`: { state, commands, start() (Ctrl+Enter in a field) }. */
export function bindKeyboard(app) {
  const maps = { explore: bindings('explore'), compare: bindings('compare') };
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (t && TEXT_FIELD(t) && e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      app.start();
      return;
    }
    if (isControl(t)) return; // the control's own keys (the rule above)
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if ((e.key === ' ' || e.key === 'Enter') && t?.closest?.('[data-own-keys]') && !t.hasAttribute?.('data-page-keys')) return;
    const command = maps[app.state.mode]?.get(keyOf(e)); // experiments mode has no keymap
    if (!command) return;
    e.preventDefault();
    app.commands.run(command);
  });
}
