// The keyboard: a key press looks up the keymap of the current mode and runs its command.
// Keys typed into a field stay there (Ctrl+Enter there starts the search); Enter on a link,
// or in a region marked data-own-keys, does what it does there.

import { bindings, keyOf } from './keymap.js';

const isField = (t) => t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);

/** `app`: { state, commands, start() (Ctrl+Enter in a field) }. */
export function bindKeyboard(app) {
  const maps = { explore: bindings('explore'), compare: bindings('compare') };
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (isField(t) && t.type !== 'checkbox' && t.type !== 'radio' && t.type !== 'range') {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        app.start();
      }
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // Enter follows a focused link. A region that keeps its own keys (the mode buttons, the Learn
    // card, a game board's squares, columns and objects: docs/games.md) takes Enter and Space,
    // except on an element in it marked data-page-keys (a lesson part's heading, which has the
    // focus when the part begins: space plays from there, as the lesson says)
    if (e.key === 'Enter' && t?.tagName === 'A') return;
    if ((e.key === ' ' || e.key === 'Enter') && t?.closest?.('[data-own-keys]') && !t.hasAttribute?.('data-page-keys')) return;
    const command = maps[app.state.mode]?.get(keyOf(e)); // experiments mode has no keymap
    if (!command) return;
    // a focused button must not also be pressed by space / Enter: the page's shortcuts win
    if (t && (t.tagName === 'BUTTON' || t.tagName === 'SUMMARY') && (e.key === ' ' || e.key === 'Enter')) t.blur();
    e.preventDefault();
    app.commands.run(command);
  });
}
