// The technique panel (explore mode): a switch for every `--enable` name, the uncertainty
// cut-off form and every parameter, generated from www/schema.js (names, labels, titles,
// ranges, defaults) and the core's choices. The panel speaks the CLI's words; the core turns them into a
// configuration (wasm `build_config`) with its own rules (verified null moves imply null moves
// with R = 3, ranges, dependencies), and the panel shows the result.

import { $, h, setText } from '../dom.js';
import { ENABLE_NAMES, ENABLE_LABELS, UNCERTAINTY_ENABLE_NAMES, UNCERTAINTY_LABELS, PARAM_RANGES, PARAM_TITLES, DEFAULT_CONFIG } from '../schema.js';

/** The switches' order: the core's (ENABLE_LABELS lists them in ENABLE_NAMES order); a name
 * without a label comes last. */
const ORDER = Object.keys(ENABLE_LABELS);
const order = (name) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);


const getPath = (o, path) => path.split('.').reduce((v, k) => (v == null ? undefined : v[k]), o);

/** `app`: { core, onChange() }. */
export function createTechniques(app) {
  const { core } = app;
  // [name, path] in the panel's order; a name the panel does not know yet comes last
  const switches = Object.entries(ENABLE_NAMES).sort(([a], [b]) => order(a) - order(b));
  const params = [
    { name: 'tt.replacement', choices: core.choices().replacement },
    ...PARAM_RANGES.filter((r) => r.name !== 'depth'),
  ];
  const box = (name) => $('tech-switches').querySelector(`input[data-enable="${name}"]`);
  const field = (name) => $('tech-param-grid').querySelector(`[data-param="${name}"]`);

  function init() {
    $('tech-switches').replaceChildren(
      ...switches.map(([name, path]) =>
        h('label', { class: 'check', title: `--enable ${name} (${path})` }, h('input', { type: 'checkbox', dataset: { enable: name, path } }), ' ', ENABLE_LABELS[name] ?? name),
      ),
    );
    const uc = $('uncertainty');
    uc.replaceChildren(h('option', { value: 'off' }, UNCERTAINTY_LABELS.off), ...Object.values(UNCERTAINTY_ENABLE_NAMES).map((m) => h('option', { value: m }, UNCERTAINTY_LABELS[m] ?? m)));
    $('tech-param-grid').replaceChildren(
      ...params.map((p) => {
        const def = getPath(DEFAULT_CONFIG, p.name);
        const input = p.choices
          ? h('select', { dataset: { param: p.name } }, p.choices.map((c) => h('option', { value: c }, c.replace(/_/g, ' '))))
          : h('input', { type: 'number', dataset: { param: p.name }, min: p.min_exclusive ? undefined : p.min, max: p.max, step: Number.isInteger(def) ? 1 : 0.05 });
        input.value = String(def);
        return h('label', { title: PARAM_TITLES[p.name] ?? p.name }, p.name, input);
      }),
    );
    $('techniques').addEventListener('change', (e) => {
      // a switch or a menu changed: let the core's rules show (e.g. verified → null move, R = 3)
      if (e.target.dataset.enable || e.target.tagName === 'SELECT') reflect();
      app.onChange();
    });
    $('techniques').addEventListener('input', (e) => {
      if (e.target.dataset.param) app.onChange();
    });
    show(DEFAULT_CONFIG);
  }

  /** The panel in the CLI's words: { enable, set }. */
  function words() {
    const enable = [];
    const set = [];
    for (const [name, path] of switches) {
      const on = box(name).checked;
      const def = getPath(DEFAULT_CONFIG, path) === true;
      if (on && !def) enable.push(name);
      else if (!on && def) set.push(`${path}=false`);
    }
    const uc = $('uncertainty').value;
    const ucName = Object.entries(UNCERTAINTY_ENABLE_NAMES).find(([, m]) => m === uc)?.[0];
    if (ucName) enable.push(ucName);
    for (const p of params) {
      const raw = field(p.name).value.trim();
      const def = getPath(DEFAULT_CONFIG, p.name);
      if (raw !== String(def)) set.push(`${p.name}=${raw === '' ? '""' : raw}`);
    }
    if ($('cutoff')?.value === 'strict') set.push('cutoff=strict');
    return { enable: enable.join(', '), set: set.join(' ') };
  }

  /**
   * The configuration of `algo` with these techniques on top of `base` ({depth, iterative,
   * node_cap}): { config } or { message, field } (the core's verdict).
   */
  function build(algo, base) {
    // an empty number field is the user's unfinished edit: say so in words (the core would
    // quote its parser on an empty string)
    const empty = params.find((p) => !p.choices && field(p.name).value.trim() === '');
    if (empty) return { message: `${empty.name} is empty: enter a number from ${empty.min} to ${empty.max}`, field: 'set', param: empty.name };
    const w = words();
    return core.build_config(algo, w.enable, w.set, base);
  }

  /** Shows a configuration: switches, the uncertainty form and the parameters. */
  function show(config, withParams = true) {
    for (const [name, path] of switches) box(name).checked = getPath(config, path) === true;
    $('uncertainty').value = getPath(config, 'uncertainty.mode') ?? 'off';
    if ($('cutoff')) $('cutoff').value = config.cutoff === 'strict' ? 'strict' : 'standard';
    if (withParams) for (const p of params) field(p.name).value = String(getPath(config, p.name) ?? getPath(DEFAULT_CONFIG, p.name));
    count();
  }

  /** Re-reads the panel through the core and shows what it makes of it. */
  function reflect() {
    const r = build('pvs', { iterative: true });
    if (r.config) show(r.config);
    count();
  }

  function count() {
    const n = switches.filter(([name, path]) => box(name).checked !== (getPath(DEFAULT_CONFIG, path) === true)).length + ($('uncertainty').value !== 'off' ? 1 : 0);
    setText('tech-count', n ? `(${n} changed)` : '(all off: plain search)');
  }

  /**
   * Shows the core's verdict beside the panel (and opens it): `problem` = { message, param }
   * or null; the parameter it names is marked.
   */
  function showError(problem) {
    setText('tech-err', problem?.message ?? '');
    for (const el of $('techniques').querySelectorAll('.invalid')) el.classList.remove('invalid');
    if (!problem) return;
    $('techniques').open = true;
    const p = problem.param;
    const el = p && (field(p) ?? $('tech-switches').querySelector(`input[data-path="${p}"], input[data-path="${p}.enabled"]`));
    if (el) {
      el.classList.add('invalid');
      if (el.closest('#tech-params')) $('tech-params').open = true;
    }
  }

  return { init, build, show, words, showError };
}
