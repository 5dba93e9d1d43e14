// The shortcut card, generated from the keymap table (www/controls/keymap.js) of the current
// mode: what the card says is what the keys do.

import { $, h, renderKeyed } from '../dom.js';
import { rowsFor } from '../controls/keymap.js';

/** `app`: { state }. */
export function createShortcuts(app) {
  return {
    render() {
      const mode = app.state.mode;
      renderKeyed($('shortcuts'), mode, () => rowsFor(mode).map((r) => [h('dt', null, r.show), h('dd', null, r.label)]));
    },
  };
}
