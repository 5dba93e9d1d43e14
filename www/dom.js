// DOM building that escapes by construction: every piece of data becomes a text node or an
// attribute value, never markup. The page parses no HTML from strings anywhere
// (tests/browser/security.test.mjs checks the sources for every such sink).

export const $ = (id) => document.getElementById(id);

/**
 * An element: h('td', { class: 'x', title: t, onclick: f }, child, …). Children are nodes,
 * strings or numbers (text nodes), arrays of children, or null/undefined/false (skipped).
 * Attributes named on… become event listeners; `dataset` takes an object; booleans set or
 * drop the attribute.
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (k === 'dataset') Object.assign(el.dataset, v);
      else if (k === 'class') el.className = v;
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** A text fragment with a CSS class: h('span', {class}, text). */
export const span = (cls, ...children) => h('span', { class: cls }, ...children);

/** Sets an element's text unless it is already that (so per-frame renders touch nothing). */
export function setText(el, text) {
  if (typeof el === 'string') el = $(el);
  const t = String(text);
  if (el.textContent !== t) el.textContent = t;
}

/**
 * Replaces an element's children with `build()`'s nodes when `key` differs from the key of the
 * last call (so per-frame renders rebuild only what changed). Returns whether it rebuilt.
 */
export function renderKeyed(el, key, build) {
  if (el._renderKey === key) return false;
  el._renderKey = key;
  el.replaceChildren(...[build()].flat(Infinity).filter((x) => x !== null && x !== undefined && x !== false));
  return true;
}

/** Sets a boolean attribute-like property only when it changes. */
export function setProp(el, prop, value) {
  if (el[prop] !== value) el[prop] = value;
}

/** Toggles a class only when it changes. */
export function setClass(el, cls, on) {
  if (el.classList.contains(cls) !== !!on) el.classList.toggle(cls, !!on);
}

/** Offers a Blob as a file download. */
export function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
