// Numbers and values as the page writes them: one home for every formatting rule. No DOM.

import { INF } from '../schema.js';

const NUM = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1234567 → "1,234,567". */
export const fmtInt = (n) => NUM.format(Math.round(n));

/** "1 move", "3 moves". */
export const plural = (n, one, many) => `${fmtInt(n)} ${n === 1 ? one : many}`;

/** Upper-cases the first letter. */
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The chess mate scores (set once from the wasm module: `{mate, mateBound}`); values beyond
 * ±mateBound are written as mate distances.
 */
const MATE = { mate: 0, bound: Infinity };
/** The small games' won and lost scores (`{win, winBound}` of the same answer; docs/games.md). */
const WIN = { win: 0, bound: Infinity };
export function setMateScores({ mate, mateBound, win, winBound }) {
  MATE.mate = mate;
  MATE.bound = mateBound;
  if (win !== undefined) {
    WIN.win = win;
    WIN.bound = winBound;
  }
}

/** What a small game's root value means, from the side to move's view. */
export function gameValueWords(v) {
  if (Math.abs(v) >= WIN.bound && Math.abs(v) < INF) {
    const plies = WIN.win - Math.abs(v);
    return v > 0 ? ` the side to move wins, in ${plural(plies, 'ply', 'plies')} against the best defence` : ` the side to move loses, in ${plural(plies, 'ply', 'plies')} at the latest`;
  }
  return v === 0 ? ' a draw with best play, or an even evaluation at the depth limit' : ' an evaluation at the depth limit, from the side to move’s view';
}

const gcd = (a, b) => {
  while (b) [a, b] = [b, a % b];
  return a;
};

/** `n/d` as the page prints an exact fraction: lowest terms, `n` when d is 1, minus as "−"
 * (never a decimal: docs/teaching.md, "Exercises with chance nodes"). */
export function fmtFraction(n, d) {
  const g = gcd(Math.abs(n), Math.abs(d)) || 1;
  const [p, q] = [n / g, d / g];
  const s = q === 1 ? String(Math.abs(p)) : `${Math.abs(p)}/${q}`;
  return p < 0 ? '−' + s : s;
}

/** Formats a value: ±INF as ±∞, chess mate scores as #n (moves to mate), a chance search's
 * stored value as its exact fraction n/d over `scale` (the exact-value scale of the trace the
 * value comes from: a chance search stores each value as the fraction times its
 * `summary.scale`, docs/trace-format.md "Chance searches"; `Trace.scale`, 1 for every other
 * search; each trace's own, so two traces on screen never share one), minus as "−". */
export function fmtValue(v, chess = false, scale = 1) {
  if (v >= INF) return '+∞';
  if (v <= -INF) return '−∞';
  if (chess && Math.abs(v) > MATE.bound) {
    const plies = MATE.mate - Math.abs(v);
    return (v > 0 ? '#' : '−#') + Math.ceil(plies / 2);
  }
  if (Number.isInteger(scale) && scale > 1) return fmtFraction(v, scale);
  return v < 0 ? '−' + -v : String(v);
}

/** Whether `v` is a chess mate score, and in how many moves: null, or { moves, winning }. */
export function mateOf(v) {
  if (Math.abs(v) <= MATE.bound || Math.abs(v) >= INF) return null;
  return { moves: Math.ceil((MATE.mate - Math.abs(v)) / 2), winning: v > 0 };
}

/** 1234 → "1.2k", 3400000 → "3.40M". */
export function compact(n) {
  if (n < 1000) return String(n);
  if (n < 1e6) return (n / 1000).toFixed(n < 1e4 ? 1 : 0) + 'k';
  return (n / 1e6).toFixed(n < 1e7 ? 2 : 1) + 'M';
}

/** Nodes per second in a few characters. */
export function compactRate(r) {
  if (r >= 1e6) return (r / 1e6).toFixed(2) + ' M';
  if (r >= 1e3) return (r / 1e3).toFixed(1) + ' k';
  return r.toFixed(0);
}

/** Milliseconds as "12 ms" or "1.25 s". */
export function fmtMs(ms) {
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** Bytes as "12 KB", "3.4 MB". */
export function fmtBytes(b) {
  if (b < 1024) return `${b} B`;
  if (b < 1 << 20) return `${(b / 1024).toFixed(0)} KB`;
  if (b < 1 << 30) return `${(b / (1 << 20)).toFixed(1)} MB`;
  return `${(b / (1 << 30)).toFixed(2)} GB`;
}

/** Whether MIN moves at a node whose `turn` is given: the trace store's per-node column
 * (`st.turn[id]`, 1 when MIN moves), derived from the trace shown: its root's player and, below
 * it, each node's kind (a decision node's children the other player's, a chance node's children
 * its own player's), never from the ply's parity. */
export const minTurn = (turn) => (turn & 1) === 1;

/** Sign that turns a side-to-move value at a node of `turn` into MAX's view. */
export const maxSign = (turn) => (minTurn(turn) ? -1 : 1);

/** A side-to-move value at a node of `turn` as shown: MAX's view in MAX/MIN mode, else negamax. */
export const shownValue = (v, turn, maxmin) => (maxmin ? maxSign(turn) * v : v);

/** The window (α, β) at a node of `turn` as shown: negamax, or MAX's view (negated and swapped
 * at MIN). */
export function viewWindow(a, b, turn, maxmin) {
  if (!maxmin || !minTurn(turn)) return [a, b];
  return [-b, -a];
}
