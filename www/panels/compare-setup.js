// The compare setup panel: the classic comparisons, and for A and B an algorithm with the
// CLI's words (`--enable` names, `--set NAME=VALUE`), a file to open or save, and Swap. The
// core turns the words into configurations (wasm `build_config`) and names what is wrong.

import { $, h, setText } from '../dom.js';
import { COMPARISONS, CHANCE_COMPARISONS } from '../model/presets.js';
import { DEFAULT_NODE_CAP, ALGORITHMS, CHANCE_ALGORITHMS } from '../schema.js';
import { algoOptions, readCap } from './search.js';

/** `app`: { core, open(k, file), save(k), swap(), run(), stop() }. */
export function createCompareSetup(app) {
  const { core } = app;
  const el = (k, what) => $(`cmp-${what}-${k}`);
  /** Whether the input is a tree with chance nodes: the menus then offer the chance searches. */
  let chance = false; // UI-local: derived from the input field's text when it changes; which menus to offer
  const presets = () => (chance ? [...CHANCE_COMPARISONS, ...COMPARISONS] : COMPARISONS);
  const algos = () => (chance ? [...CHANCE_ALGORITHMS, ...ALGORITHMS] : ALGORITHMS);

  function sidePanel(k) {
    const cls = `tag tag-${k.toLowerCase()}`;
    $(`cmp-side-${k}`).replaceChildren(
      h('div', { class: 'row' },
        h('span', { class: cls, title: `configuration ${k}` }, k),
        h('select', { id: `cmp-algo-${k}`, 'aria-label': `Algorithm of ${k}`, title: `Algorithm of ${k}` }, algoOptions()),
      ),
      h('input', { id: `cmp-enable-${k}`, type: 'text', spellcheck: 'false', autocomplete: 'off', placeholder: 'techniques, e.g. tt, null_move', 'aria-label': `Techniques of ${k} (--enable names)`, title: 'Techniques switched on: the CLI\'s --enable names, comma-separated' }),
      h('input', { id: `cmp-set-${k}`, type: 'text', spellcheck: 'false', autocomplete: 'off', placeholder: 'parameters, e.g. null_move.R=3', 'aria-label': `Parameters of ${k} (NAME=VALUE)`, title: 'Parameters: the CLI\'s --set NAME=VALUE, separated by spaces or commas' }),
      h('div', { class: 'err', id: `cmp-err-${k}`, role: 'alert' }),
      h('div', { class: 'cmp-files' },
        h('button', { id: `cmp-open-${k}`, title: `Open a saved trace (the CLI's --trace or --json, or the page's Save) as ${k}`, onclick: () => el(k, 'file').click() }, 'Open…'),
        h('button', { id: `cmp-save-${k}`, title: `Save trace ${k} (in the format chosen beside the tree's Save)`, disabled: true, onclick: () => app.save(k) }, 'Save'),
        h('input', { id: `cmp-file-${k}`, type: 'file', accept: '.pstrace,.json,.gz,application/json,application/gzip', hidden: true, onchange: (ev) => {
          const file = ev.target.files?.[0];
          ev.target.value = '';
          if (file) app.open(k, file);
        } }),
      ),
    );
    for (const f of ['algo', 'enable', 'set']) {
      el(k, f).addEventListener('input', () => {
        $('cmp-preset').value = '';
        setErr(k, null);
      });
    }
  }

  function setErr(k, msg, field) {
    setText(`cmp-err-${k}`, msg || '');
    el(k, 'enable').classList.toggle('invalid', !!msg && field !== 'set');
    el(k, 'set').classList.toggle('invalid', !!msg && field === 'set');
  }

  function applyPreset(id) {
    const p = presets().find((x) => x.id === id);
    if (!p) return false;
    for (const k of ['A', 'B']) {
      el(k, 'algo').value = p[k].algo;
      el(k, 'enable').value = p[k].enable ?? '';
      el(k, 'set').value = p[k].set ?? '';
      setErr(k, null);
    }
    $('cmp-preset').value = id;
    return true;
  }

  /** The preset menu for the input: the chance comparisons first on a tree with chance nodes. */
  function presetOptions() {
    const ps = $('cmp-preset');
    const was = ps.value;
    ps.replaceChildren(h('option', { value: '' }, 'Custom'), ...presets().map((p) => h('option', { value: p.id }, p.name)));
    ps.value = presets().some((p) => p.id === was) ? was : '';
  }

  return {
    init() {
      const ps = $('cmp-preset');
      presetOptions();
      ps.addEventListener('change', () => applyPreset(ps.value));
      sidePanel('A');
      sidePanel('B');
      $('cmp-cap').value = String(DEFAULT_NODE_CAP);
      $('cmp-swap').addEventListener('click', () => {
        for (const f of ['algo', 'enable', 'set']) {
          const a = el('A', f), b = el('B', f);
          [a.value, b.value] = [b.value, a.value];
        }
        const ea = $('cmp-err-A').textContent, eb = $('cmp-err-B').textContent;
        setErr('A', eb);
        setErr('B', ea);
        app.swap();
      });
      applyPreset('mm-ab');
      // a chance tree shown before the panel was built (a link): offer the chance searches now
      if (chance) {
        chance = false;
        this.offerChance(true);
      }
    },
    applyPreset,
    /**
     * The menus for a tree with chance nodes (`on`), as explore's algorithm menu
     * (www/panels/search.js offerChance): A's and B's menus offer expectimax, Star1 and Star2
     * first and the presets the chance comparisons; a side on a minimax-family algorithm turns
     * to expectimax vs Star1, the pruned tree against the unpruned one. Back on a tree without
     * chance nodes, a side on a chance search returns to minimax vs alpha-beta.
     */
    offerChance(on) {
      on = !!on;
      if (on === chance) return;
      chance = on;
      if (!$('cmp-algo-A')) return; // not built yet: init offers them
      for (const k of ['A', 'B']) {
        const sel = el(k, 'algo');
        const was = sel.value;
        sel.replaceChildren(...algoOptions(algos()));
        sel.value = algos().includes(was) ? was : ALGORITHMS[0];
      }
      presetOptions();
      const sides = ['A', 'B'].map((k) => el(k, 'algo').value);
      if (on && !sides.every((a) => CHANCE_ALGORITHMS.includes(a))) applyPreset('em-star1');
      if (!on && sides.some((a) => CHANCE_ALGORITHMS.includes(a))) applyPreset('mm-ab');
    },
    /**
     * Both configurations on top of `base` ({depth, iterative}): { configs: {A, B} } or null
     * after showing what is wrong beside the side at fault.
     */
    read(base) {
      const [cap, capErr] = readCap('cmp-cap');
      $('cmp-cap').classList.toggle('invalid', !!capErr);
      if (capErr) return { error: capErr };
      const configs = {};
      let bad = false;
      for (const k of ['A', 'B']) {
        const r = core.build_config(el(k, 'algo').value, el(k, 'enable').value, el(k, 'set').value, { ...base, node_cap: cap });
        setErr(k, r.message, r.field);
        if (r.message) bad = true;
        else configs[k] = r.config;
      }
      return bad ? { error: 'Fix the configuration marked in red.' } : { configs };
    },
    /** Shows side `k`'s configuration in the CLI's words (after opening a file). */
    show(k, config) {
      if (config?.chance) this.offerChance(true);
      const w = core.config_words(config);
      el(k, 'algo').value = w.algo;
      el(k, 'enable').value = w.enable;
      el(k, 'set').value = w.set;
      setErr(k, null);
      $('cmp-preset').value = '';
    },
  };
}
