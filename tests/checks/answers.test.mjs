// scripts/check/answers.mjs: answer parsing or comparison planted in www/ is found, and the
// page's own ways of passing a reply to the core, wording a question and choosing a key pass.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { gradingIn } from '../../scripts/check/answers.mjs';
import { plant } from './plant.mjs';

const SCRIPT = new URL('../../scripts/check/answers.mjs', import.meta.url).pathname;

/** A quiz mode whose answer(reply) does `body`. */
const mode = (body) => `import { nextQuestion } from '../model/quiz.js';
export function createQuizMode(app) {
  const q = app.state.quiz;
  function answer(reply) {
    const qq = q.question;
${body}
  }
  return { answer };
}
`;

test('passing the reply to the core, choosing a key and wording pass', () => {
  const src = mode(`    const verdict = app.core.grade_answer(qq.grade, String(reply ?? '').slice(0, 80));
    const ok = verdict.ok;
    // a comment may say reply === q.answer, or /^at\\s+most/
    const label = qq.choices.find((c) => c.key === key)?.label;
    const text = \`Not quite: it is \${verdict.expected}. Write ≤ 2 or at most 2.\`;
    if (qq.kind === 'value' && n < 3 && a / b / c > 1) q.right++;`);
  assert.deepEqual(gradingIn(src), []);
});

const PLANTED = [
  ['a reply compared with the right answer', 'const ok = reply === qq.answer;', 'a reply compared'],
  ['a right answer compared', 'const ok = got.every((v, i) => v === qq.answer[i]);', 'a right answer compared'],
  ['a reply read as a number', 'const ok = Number(reply) === 3;', 'a reply read as a number'],
  ['a reply trimmed and split', "const parts = reply.trim().split(' ');", 'a reply parsed'],
  ['a regular expression tested on a reply', 'const ok = /^\\d+$/.test(reply);', 'a reply parsed'],
  ['"at most" read', "const t = text.replace(/^at\\s+most/, '≤');", '“at most”'],
  ['the infinities read', 'const inf = /^[+-]?(inf|infinity|∞)$/.exec(t);', 'the infinities'],
  ['a fraction read', 'const q = /^([+-]?\\d{1,9})\\/(\\d{1,9})$/.exec(t);', 'a fraction n/d'],
  ['a relation read', 'const m = /^(≤|≥|=)?\\s*(.+)$/.exec(t);', 'a relation before a number'],
  ['the old grader by name', 'function isRight(question, r) { return false; }', 'a JavaScript grader'],
];

for (const [what, body, expect] of PLANTED) {
  test(`found: ${what}`, () => {
    const found = gradingIn(mode(`    ${body}`));
    assert.ok(found.some((v) => v.what.includes(expect)), `${expect} not in ${JSON.stringify(found)}`);
  });
}

test('the script exits 1 on a planted comparison in www/ and 0 without it', () => {
  const repo = plant({ 'www/modes/quiz.js': mode('    const ok = app.core.grade_answer(qq.grade, reply).ok;') });
  try {
    let r = spawnSync(process.execPath, [SCRIPT, repo.root], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    repo.add({ 'www/model/quiz.js': 'export const isRight = (q, reply) => reply === q.answer;\n' });
    r = spawnSync(process.execPath, [SCRIPT, repo.root], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stdout, /www\/model\/quiz\.js:1: a reply compared/);
  } finally {
    repo.remove();
  }
});

test('the repository passes', () => {
  const root = new URL('../..', import.meta.url).pathname;
  const r = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
