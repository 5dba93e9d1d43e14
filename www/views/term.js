// A term with its plain-words explanation (www/model/glossary.js): the explanation is the
// element's tooltip on hover, and a tap or click (or Enter) shows it in the page's one help line
// (#term-help), which phones need. Built from text nodes only.

import { $, h, setText } from '../dom.js';
import { explain, splitTerms } from '../model/glossary.js';

/** Shows `label: words` in the help line. */
export function showTerm(label, words) {
  const el = $('term-help');
  if (!el) return;
  setText(el, `${label}: ${words}`);
  el.hidden = false;
}

/** The element for term `key` written as `label` (an unknown key gives plain text). */
export function term(label, key) {
  const words = explain(key);
  if (!words) return label;
  return h('button', { type: 'button', class: 'term', title: words, dataset: { term: key }, onclick: () => showTerm(label, words) }, label);
}

/** Running text with every known term wrapped (narration); with `seen` (a lesson's text, shared
 * by its paragraphs) its everyday words too, each only at its first use (www/model/glossary.js). */
export const withTerms = (text, seen = null) => splitTerms(text, seen).map((p) => (typeof p === 'string' ? p : term(p[0], p[1])));
