// The course's progress in the browser: localStorage key `prunescope.learn` (docs/learn.md),
// { v: 1, last: lesson id, done: { id: { right, asked } } } — the lessons finished, each with
// its best score. What is stored is read back as untrusted data: a malformed entry is dropped,
// never trusted. No DOM.

export const PROGRESS_KEY = 'prunescope.learn';
const VERSION = 1;

const isCount = (x) => Number.isInteger(x) && x >= 0 && x <= 1000;

/** The stored progress, checked field by field: { last, done: Map id → { right, asked } }. */
export function readProgress(ids) {
  const out = { last: null, done: new Map() };
  let raw;
  try {
    raw = JSON.parse(localStorage.getItem(PROGRESS_KEY) ?? 'null');
  } catch {
    return out;
  }
  if (!raw || typeof raw !== 'object' || raw.v !== VERSION) return out;
  if (ids.includes(raw.last)) out.last = raw.last;
  if (raw.done && typeof raw.done === 'object') {
    for (const [k, s] of Object.entries(raw.done)) {
      const id = Number(k);
      if (ids.includes(id) && s && isCount(s.right) && isCount(s.asked) && s.right <= s.asked) out.done.set(id, { right: s.right, asked: s.asked });
    }
  }
  return out;
}

/** Stores `progress` (as readProgress gives it); a full or refused storage is only a lost mark. */
export function writeProgress(progress) {
  const done = Object.fromEntries([...progress.done].map(([id, s]) => [id, { right: s.right, asked: s.asked }]));
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify({ v: VERSION, last: progress.last, done }));
    return true;
  } catch {
    return false;
  }
}

/** Records a finished lesson, keeping its best score. */
export function recordDone(progress, id, right, asked) {
  const old = progress.done.get(id);
  if (!old || right / Math.max(1, asked) >= old.right / Math.max(1, old.asked)) progress.done.set(id, { right, asked });
}
