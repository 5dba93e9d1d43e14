// One grader, in the core (issue 28 §1): no answer parsing or comparison in www/. The page
// chooses and words the questions; the student's reply goes to the core (`grade_answer`,
// `exercise_grade`, `grade_prune`: src/teach/) untouched, and the verdict comes back. This finds
// in www/ what would grade a reply in JavaScript:
//
// - a reply (a name `reply`, `replies`, `typed`, `guess` or `marks`) compared (`===`, `<`, …),
//   converted to a number (`Number(`, `parseInt(`, `parseFloat(`), or read with a string or
//   regular-expression method (`reply.trim()`, `/…/.test(reply)`);
// - a question's right answer compared with anything (`=== q.answer`, `q.answer[i]`);
// - a regular expression that reads an answer form: "at most"/"at least", the infinities'
//   spellings, a fraction n/d, a leading ≤, ≥, <= or >=;
// - a function of the old JavaScript graders by name (`parseBound`, `parseNumbers`, `isRight`,
//   `scorePrediction`).
//
// It reads source, it does not run it: comments are skipped, and the regular expressions are
// read from the source text itself.
//
// `node scripts/check/answers.mjs [root]`: prints each violation, exits 1 if there is any.

import { files, read, lineAt, splitJs, runAsScript } from './source.mjs';

const REPLY = '(?:reply|replies|typed|guess|marks)';
const CMP = '(?:===|!==|==|!=|<=|>=|<|>)';

/** [pattern over the code (literals blanked), what it is]. */
const CODE_RULES = [
  [new RegExp(`\\b${REPLY}\\b(?:\\.[\\w$]+|\\[[^\\]]*\\])*\\s*${CMP}(?!=)`, 'g'), 'a reply compared'],
  [new RegExp(`[^=!<>]${CMP}\\s*[\\w$.]*\\b${REPLY}\\b(?!\\s*=>)`, 'g'), 'a reply compared'],
  [new RegExp(`\\b(?:Number|parseInt|parseFloat|BigInt)\\s*\\(\\s*(?:String\\s*\\()?\\s*${REPLY}\\b`, 'g'), 'a reply read as a number'],
  [new RegExp(`\\b${REPLY}\\s*\\.\\s*(?:trim|split|replace|replaceAll|match|matchAll|toLowerCase|toUpperCase|startsWith|endsWith|includes|indexOf|slice|at|normalize)\\b`, 'g'), 'a reply parsed'],
  [new RegExp(`\\.(?:test|exec)\\s*\\(\\s*(?:String\\s*\\()?\\s*${REPLY}\\b`, 'g'), 'a reply parsed'],
  [new RegExp(`\\.answer\\b\\s*(?:\\[|${CMP}(?!=))`, 'g'), 'a right answer compared'],
  [new RegExp(`[^=!<>]${CMP}\\s*[\\w$.()]*\\.answer\\b`, 'g'), 'a right answer compared'],
  [/\bfunction\s+(?:parseBound|parseNumbers|isRight|scorePrediction)\b|\b(?:parseBound|parseNumbers|isRight|scorePrediction)\s*=/g, 'a JavaScript grader'],
];

/** [pattern over the source text of regular-expression literals, what it reads]. */
const REGEX_RULES = [
  [/at\\s[+*]?(?:most|least)|at (?:most|least)/, '“at most” / “at least”'],
  [/inf\|infinity|infinity\||\(inf|inf\)|∞/, 'the infinities'],
  [/\\d[^/]*\)\\\/\(|\\d\{[^}]*\}\)\\\/|\\\/\(\\d/, 'a fraction n/d'],
  [/\^\(?(?:<=|>=|≤|≥)|\^\[?≤|\^\[?≥|\(≤\|≥/, 'a relation before a number'],
];

/** The regular-expression literals of `src`: [{ text, at }]. The blanked code keeps a
 * literal's two slashes with only blanks between them, which no division leaves. */
function regexLiterals(src, code) {
  const out = [];
  const re = /\/( +)\//g;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const text = src.slice(m.index + 1, m.index + 1 + m[1].length);
    if (text.trim()) out.push({ text, at: m.index });
    re.lastIndex = m.index + m[0].length;
  }
  return out;
}

/** The violations of one JavaScript source: [{ line, what, text }]. */
export function gradingIn(src) {
  const { code } = splitJs(src);
  const found = [];
  for (const [re, what] of CODE_RULES) {
    re.lastIndex = 0;
    for (let m = re.exec(code); m; m = re.exec(code)) found.push({ line: lineAt(src, m.index), what, text: m[0].trim() });
  }
  for (const { text, at } of regexLiterals(src, code)) {
    for (const [re, what] of REGEX_RULES) if (re.test(text)) found.push({ line: lineAt(src, at), what: `a regular expression that reads ${what}`, text: `/${text.slice(0, 60)}/` });
  }
  return found.sort((a, b) => a.line - b.line);
}

export function check(root) {
  const out = [];
  for (const path of files(root, 'www', ['.js', '.mjs'])) {
    for (const v of gradingIn(read(root, path))) out.push(`${path}:${v.line}: ${v.what} (${v.text}): grading belongs to the core (src/teach/)`);
  }
  return out;
}

runAsScript(import.meta, check, 'check-answers');
