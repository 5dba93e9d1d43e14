// Exercises in the page (issue 18 §2; docs/teaching.md): the link parameters of an exercise,
// the running total kept in the browser, and the one-line result. The tree, the answer key and
// the grading come from the core (src/teach through wasm): nothing here decides an answer.
// No DOM; no work on import.

/** localStorage key of the scores (docs/teaching.md, "Exercises"). */
export const EXERCISE_STORE = 'prunescope.exercises';

/** The parameters' link keys, in link order. */
const LINK_KEYS = ['seed', 'b', 'd', 'values', 'order', 'root', 'cutoff', 'windows', 'chance', 'algo', 'tree'];
/** The keys a tree exercise (`tree=`) refuses: its tree says them. */
const TREE_SAYS = ['seed', 'b', 'd', 'values', 'order', 'root', 'chance'];
export const EXERCISE_KEYS = new Set(LINK_KEYS);

/** Defaults (the core's `ExerciseParams::default`, repeated only to leave them out of links). */
export const EXERCISE_DEFAULTS = Object.freeze({
  seed: 1, branching_min: 2, branching_max: 3, depth: 3, value_min: 0, value_max: 9,
  ordering: 'random', root: 'max', cutoff: 'standard', windows: false, chance: false, algo: 'star1',
});

/** Writes the exercise's parameters as link pairs on `p` (a URLSearchParams). */
export function encodeExercise(p, e) {
  // a teacher's tree (issue 28 §3): the tree text, then what it does not say itself
  if (typeof e.tree === 'string') {
    p.set('tree', e.tree);
    if (e.cutoff !== 'standard') p.set('cutoff', e.cutoff);
    if (e.windows) p.set('windows', '1');
    if (e.chance) p.set('algo', e.algo);
    return;
  }
  p.set('seed', String(e.seed));
  p.set('b', e.branching_min === e.branching_max ? String(e.branching_min) : `${e.branching_min}-${e.branching_max}`);
  p.set('d', String(e.depth));
  p.set('values', `${e.value_min}..${e.value_max}`);
  p.set('order', e.ordering);
  p.set('root', e.root);
  if (e.cutoff !== 'standard') p.set('cutoff', e.cutoff);
  if (e.windows) p.set('windows', '1');
  // a chance exercise (docs/share-links.md, "Exercises": chance, algo): its search is always written, so the link says what the
  // ✂ toggles ask
  if (e.chance) {
    p.set('chance', '1');
    p.set('algo', e.algo);
  }
}

/** Reads the exercise parameters from link pairs; `fail(key, message)` throws. Shapes only:
 * the core checks the ranges and names the field. With `seedOptional` (openExercise's
 * parameters), a missing seed takes the default. */
export function decodeExercise(p, fail, { seedOptional = false } = {}) {
  const whole = (key, raw, digits = 15) => {
    if (!new RegExp(`^\\d{1,${digits}}$`).test(raw)) fail(key, `“${raw.slice(0, 40)}” is not a whole number`);
    return Number(raw);
  };
  const e = { ...EXERCISE_DEFAULTS };
  if (p.has('tree')) {
    for (const k of TREE_SAYS) if (p.has(k)) fail(k, 'a tree exercise (tree=) takes its shape from the tree');
    e.tree = p.get('tree');
  } else if (!p.has('seed') && !seedOptional) fail('seed', 'missing');
  if (p.has('seed')) e.seed = whole('seed', p.get('seed'));
  if (!Number.isSafeInteger(e.seed)) fail('seed', 'too large');
  if (p.has('b')) {
    const m = /^(\d{1,2})(?:-(\d{1,2}))?$/.exec(p.get('b'));
    if (!m) fail('b', 'expected a branching n or a range n-m');
    e.branching_min = Number(m[1]);
    e.branching_max = Number(m[2] ?? m[1]);
  }
  if (p.has('d')) e.depth = whole('d', p.get('d'), 2);
  if (p.has('values')) {
    const m = /^(-?\d{1,3})\.\.(-?\d{1,3})$/.exec(p.get('values'));
    if (!m) fail('values', 'expected min..max');
    e.value_min = Number(m[1]);
    e.value_max = Number(m[2]);
  }
  const choice = (key, options, field) => {
    if (!p.has(key)) return;
    const raw = p.get(key);
    if (!options.includes(raw)) fail(key, `“${raw.slice(0, 40)}” is not one of ${options.join(', ')}`);
    e[field] = raw;
  };
  choice('order', ['best', 'worst', 'random'], 'ordering');
  choice('root', ['max', 'min'], 'root');
  choice('cutoff', ['standard', 'strict'], 'cutoff');
  if (p.has('windows')) {
    if (!['0', '1'].includes(p.get('windows'))) fail('windows', 'expected 0 or 1');
    e.windows = p.get('windows') === '1';
  }
  if (p.has('chance')) {
    if (!['0', '1'].includes(p.get('chance'))) fail('chance', 'expected 0 or 1');
    e.chance = p.get('chance') === '1';
  }
  choice('algo', ['expectimax', 'star1'], 'algo');
  if (p.has('algo') && !e.chance && e.tree === undefined) fail('algo', 'algo=expectimax|star1 applies to a chance exercise (chance=1)');
  return e;
}

/** Link-style parameters (`{ chance: '1', algo: 'star1', b: '2', d: '2', values: '0..9' }`,
 * docs/share-links.md "Exercises") as the core's; an object already in the core's fields passes through. Throws
 * an Error naming the key on a malformed one. */
export function exerciseParams(params) {
  const keys = Object.keys(params ?? {});
  const linkStyle = keys.some((k) => ['b', 'd', 'values', 'order'].includes(k)) || (keys.length > 0 && keys.every((k) => typeof params[k] === 'string'));
  if (!linkStyle) return params;
  const p = new URLSearchParams();
  for (const k of keys) {
    if (!EXERCISE_KEYS.has(k)) throw new Error(`exercise parameter ${k}: unknown`);
    p.set(k, String(params[k]));
  }
  return decodeExercise(p, (key, msg) => {
    throw new Error(`exercise parameter ${key}: ${msg}`);
  }, { seedOptional: true });
}

/** The scores kept in the browser: { results: [{link, right, total, seconds, at}], } read from
 * `storage` (localStorage or a stand-in); a malformed entry reads as empty. */
export function loadScores(storage) {
  try {
    const raw = storage?.getItem(EXERCISE_STORE);
    const v = raw ? JSON.parse(raw) : null;
    if (v && Array.isArray(v.results)) {
      const ok = v.results.filter((r) => r && typeof r.link === 'string' && Number.isInteger(r.right) && Number.isInteger(r.total) && r.right >= 0 && r.right <= r.total);
      return { results: ok.slice(-500) };
    }
  } catch {
    // unreadable storage: start again
  }
  return { results: [] };
}

/** The running total of `scores`: answers right, answers asked, exercises checked. */
export function runningTotal(scores) {
  let right = 0, total = 0;
  for (const r of scores.results) {
    right += r.right;
    total += r.total;
  }
  return { right, total, exercises: scores.results.length };
}

/** Saves `scores`; false when the browser refuses (private mode, full storage). */
export function saveScores(storage, scores) {
  try {
    storage.setItem(EXERCISE_STORE, JSON.stringify({ results: scores.results.slice(-500) }));
    return true;
  } catch {
    return false;
  }
}

/** The one-line result a student hands in: link, score, time taken. */
export function resultLine(link, grade, seconds) {
  const pct = grade.total ? Math.round((100 * grade.right) / grade.total) : 0;
  const m = Math.floor(seconds / 60), s = Math.round(seconds % 60);
  return `${link} — score ${grade.right}/${grade.total} (${pct} %) — time ${m}:${String(s).padStart(2, '0')}`;
}
