// A graded activity (issue 30; docs/lms.md): one lesson, one exercise, or a short set of them,
// and its score as an LMS or a course page receives it. No DOM; no work on import.
//
// The score of each item is the student's FIRST complete submission (every question of a lesson
// answered; Check pressed on an exercise with every field filled); later checks show but never
// change it. A set scores the sum right over the sum asked. The grade itself comes from the core
// (exercise_grade; the lesson's quiz): nothing here decides whether an answer is right.
//
// The saved state (SCORM's cmi.suspend_data, SPLICE's state) holds the activity's links (their
// parameters or tree, never the answer key), the scores so far and the student's inputs: an
// exercise's fields, or where the student is in a lesson (the replies given, the cursor). It is
// versioned, at most STATE_LIMIT characters, and read back as untrusted input: decodeState
// checks every field and throws an ActivityStateError that says why a state was refused.

/** The version of the saved state (docs/lms.md, "The saved state"): 2 keeps a lesson's
 * position (`lesson`); a state of version 1 (no lesson position) is still read. */
export const STATE_VERSION = 2;
const READS = new Set([1, 2]);
/** The most replies a lesson's position keeps (a lesson asks far fewer), and their length (the
 * quiz reads at most 80 characters of an answer). */
export const MAX_REPLIES = 40;
const REPLY_CHARS = 80;
/** SCORM 1.2's limit on cmi.suspend_data (CMIString4096). */
export const STATE_LIMIT = 4096;
/** The most items a set may hold (a "short set"). */
export const MAX_ITEMS = 12;

export class ActivityStateError extends Error {
  constructor(field, message) {
    super(field === 'state' ? message : `${field}: ${message}`);
    this.field = field;
  }
}

/** A new activity of `links` (share-link fragments: `v=2&mode=exercise&…` or `v=2&learn=N`). */
export function newActivity(links) {
  if (!Array.isArray(links) || links.length === 0 || links.length > MAX_ITEMS) throw new ActivityStateError('links', `expected 1 to ${MAX_ITEMS} links`);
  return { links: [...links], scores: links.map(() => null), current: 0, inputs: null, lesson: null };
}

/** Whether an exercise's grade is a complete submission: the core's grade says so (every value
 * and both sides of every window asked were given; src/teach/grade.rs `complete`). */
export function completeExercise(grade) {
  return grade?.complete === true;
}

/** Records item `i`'s first complete submission; answers whether it counted (false when the item
 * already has its score). */
export function submit(activity, i, right, total) {
  if (!Number.isInteger(i) || i < 0 || i >= activity.links.length) return false;
  if (activity.scores[i]) return false;
  if (!Number.isInteger(right) || !Number.isInteger(total) || right < 0 || total < 0 || right > total) return false;
  activity.scores[i] = { right, total };
  return true;
}

/** Whether every item has its score. */
export const finished = (activity) => activity.scores.every((s) => s !== null);

/** The score so far: { right, total, raw 0–100 (rounded), scaled 0–1 } over the scored items. */
export function score(activity) {
  let right = 0, total = 0;
  for (const s of activity.scores) {
    if (!s) continue;
    right += s.right;
    total += s.total;
  }
  const scaled = total ? right / total : 0;
  return { right, total, scaled, raw: Math.round(100 * scaled) };
}

/** SCORM 1.2's cmi.core.lesson_status: 'incomplete' until every item is scored, then 'passed' or
 * 'failed' against `mastery` (0–100), or 'completed' without one. */
export function lessonStatus(activity, mastery = null) {
  if (!finished(activity)) return 'incomplete';
  if (mastery === null || mastery === undefined) return 'completed';
  return score(activity).raw >= mastery ? 'passed' : 'failed';
}

/** The saved state as text (JSON), or null when it would exceed STATE_LIMIT (the inputs and
 * the lesson's position are then left out, and if still too long, nothing is saved). */
export function encodeState(activity) {
  const body = (inputs, lesson) => JSON.stringify({ v: STATE_VERSION, links: activity.links, scores: activity.scores.map((s) => (s ? [s.right, s.total] : null)), current: activity.current, inputs, lesson });
  let text = body(activity.inputs ?? null, activity.lesson ?? null);
  if (text.length > STATE_LIMIT) text = body(null, null);
  return text.length > STATE_LIMIT ? null : text;
}

const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const isCount = (x) => Number.isInteger(x) && x >= 0 && x <= 100000;
const isNode = (x) => Number.isInteger(x) && x >= 0 && x < 100000;
const isText = (x) => typeof x === 'string' && x.length <= 20;

/** Checks an exercise's inputs ({pruned: [node], values: [[node, text]], windows: [[node, [a, b]]]}). */
function checkInputs(x) {
  if (x === null) return null;
  const bad = (m) => {
    throw new ActivityStateError('inputs', m);
  };
  if (!isObj(x)) bad('not an object');
  const pruned = x.pruned ?? [], values = x.values ?? [], windows = x.windows ?? [];
  if (!Array.isArray(pruned) || !pruned.every(isNode)) bad('pruned: expected node numbers');
  if (!Array.isArray(values) || !values.every((e) => Array.isArray(e) && e.length === 2 && isNode(e[0]) && isText(e[1]))) bad('values: expected [node, text] pairs');
  if (!Array.isArray(windows) || !windows.every((e) => Array.isArray(e) && e.length === 2 && isNode(e[0]) && Array.isArray(e[1]) && e[1].length === 2 && e[1].every(isText))) bad('windows: expected [node, [alpha, beta]] pairs');
  return { pruned: [...pruned], values: values.map(([n, t]) => [n, t]), windows: windows.map(([n, w]) => [n, [w[0], w[1]]]) };
}

/** Checks a lesson's position ({replies: [text], cursor: event or null}). */
function checkLesson(x) {
  if (x === null) return null;
  const bad = (m) => {
    throw new ActivityStateError('lesson', m);
  };
  if (!isObj(x)) bad('not an object');
  // the texts the student gave, in order (only their count and length are checked here: the
  // core grades them again when the lesson resumes)
  const said = x.replies, cursor = x.cursor ?? null;
  if (!Array.isArray(said) || said.length > MAX_REPLIES || !said.every((r) => typeof r === 'string' && r.length <= REPLY_CHARS)) bad(`replies: expected at most ${MAX_REPLIES} texts of at most ${REPLY_CHARS} characters`);
  if (cursor !== null && !(Number.isInteger(cursor) && cursor >= 0 && cursor <= 1e9)) bad('cursor: expected an event number');
  return { replies: [...said], cursor };
}

/**
 * Reads a saved state (untrusted text). `expectLinks`, when given, is the activity the package
 * was built with: a state of another activity is refused. Answers the activity; throws
 * ActivityStateError on a state too long, not JSON, of another version, or of a wrong shape.
 */
export function decodeState(text, expectLinks = null) {
  if (typeof text !== 'string') throw new ActivityStateError('state', 'not text');
  if (text.length > STATE_LIMIT) throw new ActivityStateError('state', `${text.length} characters, more than ${STATE_LIMIT}`);
  let raw;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ActivityStateError('state', 'not JSON');
  }
  if (!isObj(raw)) throw new ActivityStateError('state', 'not an object');
  if (!READS.has(raw.v)) throw new ActivityStateError('v', `unknown version ${JSON.stringify(raw.v)?.slice(0, 20)}`);
  const { links, scores, current } = raw;
  if (!Array.isArray(links) || links.length === 0 || links.length > MAX_ITEMS || !links.every((l) => typeof l === 'string' && l.length <= 1000)) throw new ActivityStateError('links', 'expected 1 to 12 link fragments');
  if (expectLinks && (links.length !== expectLinks.length || links.some((l, i) => l !== expectLinks[i]))) throw new ActivityStateError('links', 'not this activity');
  if (!Array.isArray(scores) || scores.length !== links.length) throw new ActivityStateError('scores', 'one per link expected');
  const checked = scores.map((s) => {
    if (s === null) return null;
    if (!Array.isArray(s) || s.length !== 2 || !isCount(s[0]) || !isCount(s[1]) || s[0] > s[1]) throw new ActivityStateError('scores', 'expected [right, asked] or null');
    return { right: s[0], total: s[1] };
  });
  if (!Number.isInteger(current) || current < 0 || current >= links.length) throw new ActivityStateError('current', 'not an item of the activity');
  const lesson = raw.v >= 2 ? checkLesson(raw.lesson ?? null) : null;
  return { links: [...links], scores: checked, current, inputs: checkInputs(raw.inputs ?? null), lesson };
}

/** SCORM 1.2's CMITimespan, HHHH:MM:SS.SS, of `ms` milliseconds (hours capped at 9999). */
export function scormTime(ms) {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.min(9999, Math.floor(cs / 360000));
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  const two = (n) => String(n).padStart(2, '0');
  return `${String(h).padStart(4, '0')}:${two(m)}:${two(s)}.${two(c)}`;
}
