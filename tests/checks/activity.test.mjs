// The graded activity's model (www/model/activity.js; issue 30): the first complete submission
// is the score, a set sums, the SCORM status, the session time, and the saved state read as
// untrusted input. And the package command's refusals (scripts/scorm.mjs).
//
//   node --test tests/checks/activity.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newActivity, submit, score, lessonStatus, encodeState, decodeState, completeExercise, scormTime, ActivityStateError, STATE_LIMIT } from '../../www/model/activity.js';
import { activityLink, buildScorm, manifest, ScormError } from '../../scripts/scorm.mjs';

const EX = 'v=2&mode=exercise&seed=3&b=2&d=2&values=0..9&order=random&root=max';
const LESSON = 'v=2&learn=1';

test('the first complete submission is the score; a set sums right over asked', () => {
  const a = newActivity([EX, LESSON]);
  assert.equal(lessonStatus(a, 80), 'incomplete');
  assert.equal(submit(a, 0, 3, 4), true);
  assert.equal(submit(a, 0, 4, 4), false, 'a second submission does not count');
  assert.equal(lessonStatus(a, 80), 'incomplete', 'the set is not finished');
  assert.equal(submit(a, 1, 5, 6), true);
  assert.deepEqual(score(a), { right: 8, total: 10, scaled: 0.8, raw: 80 });
  assert.equal(lessonStatus(a, 80), 'passed');
  assert.equal(lessonStatus(a, 81), 'failed');
  assert.equal(lessonStatus(a, null), 'completed');
  assert.equal(submit(a, 2, 1, 1), false, 'no such item');
  assert.equal(submit(newActivity([EX]), 0, 5, 4), false, 'right over asked');
});

test('a complete exercise submission is what the core\'s grade says (src/teach/grade.rs complete)', () => {
  assert.equal(completeExercise({ verdicts: [], complete: true }), true);
  assert.equal(completeExercise({ verdicts: [], complete: false }), false);
  assert.equal(completeExercise({ verdicts: [] }), false, 'a grade without the field is not complete');
  assert.equal(completeExercise(null), false);
});

test('SCORM 1.2 session time: HHHH:MM:SS.SS', () => {
  assert.equal(scormTime(0), '0000:00:00.00');
  assert.equal(scormTime(3723450), '0001:02:03.45');
  assert.equal(scormTime(59999.996), '0000:01:00.00');
});

test('the saved state: round trip, no answer key, at most 4096 characters', () => {
  const a = newActivity([EX]);
  a.inputs = { pruned: [4], values: [[1, '≥ 5']], windows: [[2, ['-inf', '3']]] };
  submit(a, 0, 2, 3);
  const text = encodeState(a);
  assert.deepEqual(decodeState(text, [EX]), { links: [EX], scores: [{ right: 2, total: 3 }], current: 0, inputs: a.inputs, lesson: null });
  a.inputs = { pruned: [], values: Array.from({ length: 400 }, (_, i) => [i, '12345678901234567890']), windows: [] };
  const long = encodeState(a);
  assert.ok(long.length <= STATE_LIMIT);
  assert.equal(decodeState(long).inputs, null, 'too many inputs: the inputs are left out, the score kept');
  // a lesson's position: the replies given and the cursor (version 2); version 1 is still read
  const l = newActivity([LESSON]);
  l.lesson = { replies: ['3 inf', 'y'], cursor: 17 };
  assert.deepEqual(decodeState(encodeState(l), [LESSON]).lesson, { replies: ['3 inf', 'y'], cursor: 17 });
  assert.equal(JSON.parse(encodeState(l)).v, 2);
  assert.deepEqual(decodeState(JSON.stringify({ v: 1, links: [LESSON], scores: [null], current: 0, lesson: { replies: ['x'] } }), [LESSON]).lesson, null, 'version 1 has no lesson position');
  l.lesson = { replies: Array.from({ length: 40 }, () => 'y'.repeat(80)), cursor: 3 };
  assert.ok(encodeState(l).length <= STATE_LIMIT, 'the longest position fits');
});

test('a saved state is untrusted: too long, corrupt, unknown version, wrong shape or another activity are refused', () => {
  const good = encodeState(newActivity([EX]));
  const bad = [
    'x'.repeat(STATE_LIMIT + 1), good.slice(0, -2), '[]', 'null', JSON.stringify({ v: 3, links: [EX], scores: [null], current: 0 }),
    JSON.stringify({ v: 1, links: [EX], scores: [null], current: 1 }), JSON.stringify({ v: 1, links: [EX], scores: [[5, 4]], current: 0 }),
    JSON.stringify({ v: 1, links: [EX], scores: [null], current: 0, inputs: { values: [[1, 'x'.repeat(21)]] } }),
    JSON.stringify({ v: 1, links: [EX], scores: [null], current: 0, inputs: { pruned: ['<img>'] } }),
    JSON.stringify({ v: 1, links: [LESSON], scores: [null], current: 0 }),
    JSON.stringify({ v: 2, links: [EX], scores: [null], current: 0, lesson: { replies: 'y' } }),
    JSON.stringify({ v: 2, links: [EX], scores: [null], current: 0, lesson: { replies: [3] } }),
    JSON.stringify({ v: 2, links: [EX], scores: [null], current: 0, lesson: { replies: ['z'.repeat(81)] } }),
    JSON.stringify({ v: 2, links: [EX], scores: [null], current: 0, lesson: { replies: Array(41).fill('y') } }),
    JSON.stringify({ v: 2, links: [EX], scores: [null], current: 0, lesson: { replies: [], cursor: -1 } }),
    JSON.stringify({ v: 2, links: [EX], scores: [null], current: 0, lesson: [] }),
  ];
  for (const t of bad) assert.throws(() => decodeState(t, [EX]), ActivityStateError, t.slice(0, 60));
});

test('the package command refuses what is not an activity', async () => {
  assert.equal(activityLink(`https://host/course/#${EX}`), EX);
  assert.equal(activityLink(LESSON), LESSON);
  assert.throws(() => activityLink('v=2&mode=explore&tree=(1 2)'), ScormError);
  assert.throws(() => activityLink('v=2&mode=exercise&seed=x'), ScormError);
  await assert.rejects(buildScorm({ links: [EX], mastery: 101, out: 'a.zip' }), /--mastery/);
  await assert.rejects(buildScorm({ links: [EX], out: 'a.tar' }), /--out/);
  await assert.rejects(buildScorm({ links: [], out: 'a.zip' }), /at least one link/);
  const m = manifest({ title: 'A & <B>', mastery: null, files: ['scorm.html', 'a"b.js'], id: 'x' });
  assert.match(m, /<title>A &amp; &lt;B&gt;<\/title>/);
  assert.doesNotMatch(m, /masteryscore/);
  assert.match(m, /<file href="a&quot;b.js"\/>/);
});
