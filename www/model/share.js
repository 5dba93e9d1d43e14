// Share links, format version 2 (docs/share-links.md, a public interface): the input, each
// configuration in the CLI's words, the view and the cursor, in the URL's fragment as
// `key=value` pairs. This module only reads and writes the text: every value read from a link
// is untrusted, so it is checked here for its shape (known keys, integers, choices, lengths) and
// then by the core (the input by `check_input`, each configuration by `build_config`) before
// anything runs. No DOM.

export const SHARE_VERSION = 2;

/** The oldest version still opened: version 1, whose `algo=pvs` meant a form that is gone. */
export const OLDEST_SHARE_VERSION = 1;

/** What the page says when a version-1 link names `pvs` (docs/share-links.md, Versions). */
export const V1_PVS_NOTICE =
  'This link was made when pvs re-searched with (t − 1, β), a form no book gives and this page no longer has. ' +
  'It opens with pvs, now Reinefeld\'s NegaScout, whose re-searches use (t, β) and skip exact leaves: ' +
  'windows, node counts and the linked step may differ from what the link showed. ' +
  'pvs_full is the form engines use (Björnsson et al. 1997, Fig. 4: re-search with (α, β)).';

/** Longest link text accepted (a textbook tree fits many times over). */
export const MAX_LINK_CHARS = 200_000;

import { EXERCISE_KEYS, decodeExercise } from './exercise.js';
import { GAMES, GAME } from './games.js';

const ORDERINGS = ['best', 'worst', 'random'];

/** The keys of the small games' links, each game's own (`pos`, `piles`, …): the core's list
 * (`GAMES` of www/schema.js, src/game/registry.rs), so a game's keys are defined once. */
const GAME_LINK_KEYS = [...new Set(GAMES.flatMap((g) => g.link.map((k) => k.key)))];

/** A link problem: the parameter and what is wrong with it. */
export class ShareError extends Error {
  constructor(param, message) {
    super(`share link: ${param}: ${message}`);
    this.param = param;
  }
}

/** The fragment (without '#') of a setup: { mode, input, configs: {A, B?} of {algo, enable,
 * set}, depth, iterative, cap, maxmin, finals, cursor, drive?, view? }. */
export function encodeShare(s) {
  const p = new URLSearchParams();
  p.set('v', String(SHARE_VERSION));
  p.set('mode', s.mode);
  const i = s.input;
  if (i.kind === 'tree') p.set('tree', i.text);
  else if (i.kind === 'chess') p.set('fen', i.fen);
  else if (GAME[i.kind]) {
    p.set('game', i.kind);
    for (const k of GAME[i.kind].link) {
      const v = i[k.field];
      if (k.shape === 'flag') {
        if (v) p.set(k.key, '1');
      } else p.set(k.key, k.shape === 'numbers' ? v.join(',') : v);
    }
  } else {
    p.set('random', `${i.branching},${i.depth},${i.seed}`);
    p.set('order', typeof i.ordering === 'object' ? `p:${i.ordering.p}` : String(i.ordering));
    if (i.random_branching) p.set('rb', '1');
    if (i.transpositions) p.set('tr', '1');
  }
  p.set('depth', String(s.depth));
  if (s.iterative) p.set('iterative', '1');
  p.set('cap', String(s.cap));
  const sides = s.mode === 'compare' ? ['A', 'B'] : ['A'];
  for (const k of sides) {
    const pre = s.mode === 'compare' ? `${k}.` : '';
    const w = s.configs[k];
    p.set(`${pre}algo`, w.algo);
    if (w.enable) p.set(`${pre}enable`, w.enable);
    // the cut-off rule has a key of its own (`cutoff=strict`); the other parameters stay in `set`
    const words = (w.set ?? '').split(/\s+/).filter((x) => x);
    const rest = words.filter((x) => !/^cutoff=/.test(x));
    if (words.includes('cutoff=strict')) p.set(`${pre}cutoff`, 'strict');
    if (rest.length) p.set(`${pre}set`, rest.join(' '));
  }
  p.set('view', s.maxmin ? 'maxmin' : 'negamax');
  if (s.finals) p.set('finals', '1');
  if (s.mode === 'compare') {
    p.set('drive', s.drive);
    p.set('layout', s.view);
  }
  if (s.cursor >= 0) p.set('cursor', String(s.cursor));
  return p.toString();
}

/** The most lessons a `learn=` link may name (the course has fewer; the course says which exist). */
export const MAX_LESSON = 99;

/** The fragment of a lesson's link: `v=2&learn=N` (docs/share-links.md, "Lessons"). */
export const lessonFragment = (id) => `v=${SHARE_VERSION}&learn=${id}`;

const KEYS = new Set(['v', 'learn', 'mode', 'tree', 'fen', 'random', 'game', ...GAME_LINK_KEYS, 'order', 'rb', 'tr', 'depth', 'iterative', 'cap', 'algo', 'enable', 'set', 'A.algo', 'A.enable', 'A.set', 'B.algo', 'B.enable', 'B.set', 'cutoff', 'A.cutoff', 'B.cutoff', 'view', 'finals', 'drive', 'layout', 'cursor']);

function int(p, key, min, max, def) {
  const raw = p.get(key);
  if (raw === null) {
    if (def === undefined) throw new ShareError(key, 'missing');
    return def;
  }
  if (!/^\d{1,10}$/.test(raw)) throw new ShareError(key, `“${raw.slice(0, 40)}” is not a whole number`);
  const v = Number(raw);
  if (v < min || v > max) throw new ShareError(key, `${v} is outside ${min}…${max}`);
  return v;
}

function choice(p, key, options, def) {
  const raw = p.get(key);
  if (raw === null) return def;
  if (!options.includes(raw)) throw new ShareError(key, `“${raw.slice(0, 40)}” is not one of ${options.join(', ')}`);
  return raw;
}

const flag = (p, key) => choice(p, key, ['0', '1'], '0') === '1';

/** A game link's input: `game`, then the game's own keys (tic-tac-toe's `pos`; Nim's `piles`
 * and `misere`; Connect Four's `pos` and `unsafe_null_move`), read by the shapes the core's
 * registry gives them; the core checks the position itself. */
function gameInput(p) {
  const kind = choice(p, 'game', GAMES.map((g) => g.kind));
  const game = GAME[kind];
  const own = new Set(game.link.map((k) => k.key));
  for (const key of GAME_LINK_KEYS) if (p.has(key) && !own.has(key)) throw new ShareError(key, `a ${kind} link does not take it`);
  const input = { kind };
  for (const k of game.link) {
    const raw = p.get(k.key);
    if (k.shape === 'flag') input[k.field] = flag(p, k.key);
    else if (k.shape === 'numbers') {
      if (raw === null) throw new ShareError(k.key, 'missing');
      if (!new RegExp(`^\\d{1,3}(,\\d{1,3}){0,${k.max - 1}}$`).test(raw)) throw new ShareError(k.key, `“${raw.slice(0, 40)}” is not a list of whole numbers such as 1,3,5`);
      input[k.field] = raw.split(',').map(Number);
    } else {
      if (raw === null && k.required) throw new ShareError(k.key, 'missing');
      if (raw !== null && raw.length > k.max) throw new ShareError(k.key, `${raw.length} characters: a ${game.name} position has at most ${k.max}`);
      input[k.field] = raw ?? '';
    }
  }
  return input;
}

/**
 * Reads a fragment (with or without '#'): the setup as encodeShare takes it, { version, learn }
 * for a lesson's link, or null when the fragment is not a share link (no `v`). Throws
 * ShareError naming the first bad parameter.
 */
export function decodeShare(fragment) {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (!text) return null;
  if (text.length > MAX_LINK_CHARS) throw new ShareError('link', `longer than ${MAX_LINK_CHARS} characters`);
  const p = new URLSearchParams(text);
  if (!p.has('v')) {
    // A fragment that names none of the link's keys is no share link (an anchor, say); one
    // that names a key without its version is refused, as docs/share-links.md says
    for (const k of p.keys()) if (KEYS.has(k) || EXERCISE_KEYS.has(k)) throw new ShareError('v', `missing: a share link starts with v=${SHARE_VERSION}`);
    return null;
  }
  const v = p.get('v');
  const version = /^\d{1,3}$/.test(v) ? Number(v) : NaN;
  if (!(version >= OLDEST_SHARE_VERSION && version <= SHARE_VERSION)) {
    throw new ShareError('v', `version ${v.slice(0, 10)} is not supported (this page reads versions ${OLDEST_SHARE_VERSION} to ${SHARE_VERSION})`);
  }
  if (p.has('learn')) {
    // a lesson's link: the lesson prepares its own search, so nothing else may come with it
    for (const k of p.keys()) if (k !== 'v' && k !== 'learn') throw new ShareError(k, 'a lesson link (learn=) takes no other parameter');
    return { version, learn: int(p, 'learn', 1, MAX_LESSON) };
  }
  // an exercise link: its parameters only (docs/share-links.md, Exercises)
  if (p.get('mode') === 'exercise') {
    for (const k of p.keys()) if (k !== 'v' && k !== 'mode' && !EXERCISE_KEYS.has(k)) throw new ShareError(k, 'unknown parameter');
    const fail = (key, message) => {
      throw new ShareError(key, message);
    };
    return { version, notice: null, mode: 'exercise', exercise: decodeExercise(p, fail) };
  }
  for (const k of p.keys()) if (!KEYS.has(k)) throw new ShareError(k, 'unknown parameter');
  const mode = choice(p, 'mode', ['explore', 'compare'], 'explore');
  const kinds = ['tree', 'fen', 'random', 'game'].filter((k) => p.has(k));
  if (kinds.length !== 1) throw new ShareError('input', 'exactly one of tree, fen, random or game is needed');
  for (const k of GAME_LINK_KEYS) if (p.has(k) && kinds[0] !== 'game') throw new ShareError(k, 'only a game link (game=…) takes it');
  let input;
  if (kinds[0] === 'game') input = gameInput(p);
  else if (kinds[0] === 'tree') input = { kind: 'tree', text: p.get('tree') };
  else if (kinds[0] === 'fen') input = { kind: 'chess', fen: p.get('fen') };
  else {
    const parts = p.get('random').split(',');
    if (parts.length !== 3 || !parts.every((x) => /^\d{1,10}$/.test(x))) throw new ShareError('random', 'expected branching,depth,seed');
    const [branching, depth, seed] = parts.map(Number);
    const order = p.get('order') ?? 'best';
    let ordering;
    if (ORDERINGS.includes(order)) ordering = order;
    else if (/^p:(0|1|0?\.\d{1,6})$/.test(order)) ordering = { p: Number(order.slice(2)) };
    else throw new ShareError('order', `“${order.slice(0, 40)}” is not best, worst, random or p:<0…1>`);
    input = { kind: 'random', branching, depth, seed, ordering };
    if (flag(p, 'rb')) input.random_branching = true;
    if (flag(p, 'tr')) input.transpositions = true;
  }
  const words = (pre) => {
    const algo = p.get(`${pre}algo`);
    if (algo === null) throw new ShareError(`${pre}algo`, 'missing');
    const cutoff = choice(p, `${pre}cutoff`, ['standard', 'strict'], 'standard');
    const set = [p.get(`${pre}set`) ?? '', cutoff === 'strict' ? 'cutoff=strict' : ''].filter((x) => x).join(' ');
    return { algo, enable: p.get(`${pre}enable`) ?? '', set };
  };
  const configs = mode === 'compare' ? { A: words('A.'), B: words('B.') } : { A: words('') };
  // Version 1's `pvs` is gone: it opens as the nearest form, version 2's `pvs` (NegaScout: the
  // same name, windows one above the old ones), and the page says what changed.
  const retired = version === 1 && Object.values(configs).some((w) => w.algo === 'pvs');
  return {
    version,
    notice: retired ? V1_PVS_NOTICE : null,
    mode,
    input,
    configs,
    depth: int(p, 'depth', 1, 64, 4),
    iterative: flag(p, 'iterative'),
    cap: int(p, 'cap', 1, 4_000_000_000, 2_000_000),
    maxmin: choice(p, 'view', ['maxmin', 'negamax'], 'maxmin') === 'maxmin',
    finals: flag(p, 'finals'),
    drive: choice(p, 'drive', ['A', 'B'], 'A'),
    view: choice(p, 'layout', ['side', 'ghost'], 'side'),
    cursor: p.has('cursor') ? int(p, 'cursor', 0, 4_000_000_000) : -1,
  };
}
