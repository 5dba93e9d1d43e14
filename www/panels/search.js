// The search panel (explore mode): the algorithm and the node cap; Start and Stop themselves
// are wired by the composition root (www/main.js) and drawn by www/views/progress.js.

import { $, h, setText } from '../dom.js';
import { ALGORITHMS, CHANCE_ALGORITHMS, ALGORITHM_DESCRIPTIONS, DEFAULT_NODE_CAP } from '../schema.js';

/** The options of an algorithm menu, from the schema: each the CLI's name and one line that
 * says what it is and whose (src/search/config.rs, `Algorithm::describe`). */
export const algoOptions = (list = ALGORITHMS) =>
  list.map((a) => h('option', { value: a, title: ALGORITHM_DESCRIPTIONS[a] ?? a }, `${a} — ${ALGORITHM_DESCRIPTIONS[a] ?? a}`));

/** A node cap typed in a field: [value, error]. */
export function readCap(id) {
  const raw = $(id).value.trim();
  const v = Number(raw);
  if (raw === '' || !Number.isSafeInteger(v) || v < 1) return [null, 'the node cap must be a whole number of at least 1'];
  return [v, null];
}

export function createSearchPanel() {
  let chance = null; // UI-local: derived from the input when it changes: which algorithms the menu offers
  return {
    init() {
      $('algo').replaceChildren(...algoOptions());
      $('algo').value = 'alphabeta';
      $('node-cap').value = String(DEFAULT_NODE_CAP);
      if (chance) this.offerChance(true, true);
    },
    /** The menu for a tree with chance nodes (`on`): the chance searches (src/search/chance.rs)
     * first, Star1 chosen, then the others, which the core refuses for such a tree with its own
     * words; without chance nodes the chance searches are not offered. */
    offerChance(on, force = false) {
      on = !!on;
      if (on === chance && !force) return;
      chance = on;
      const sel = $('algo');
      if (!sel.options.length) return; // not built yet: init builds it
      const was = sel.value;
      sel.replaceChildren(...algoOptions(on ? [...CHANCE_ALGORITHMS, ...ALGORITHMS] : ALGORITHMS));
      sel.value = on ? (CHANCE_ALGORITHMS.includes(was) ? was : 'star1') : ALGORITHMS.includes(was) ? was : 'alphabeta';
    },
    /** { algo, cap } or null after showing what is wrong. */
    read() {
      const [cap, err] = readCap('node-cap');
      setText('cap-err', err ?? '');
      $('node-cap').classList.toggle('invalid', !!err);
      if (err) {
        $('node-cap').focus();
        return null;
      }
      return { algo: $('algo').value, cap };
    },
    /** Shows an opened trace's algorithm and node cap. */
    restore(config) {
      // a chance search names its algorithm in `chance` (`algo` is its rule at decision nodes)
      if (config?.chance) this.offerChance(true);
      const algo = config?.chance ?? config?.algo;
      if (algo) $('algo').value = algo;
      if (config?.node_cap) $('node-cap').value = String(config.node_cap);
    },
  };
}
