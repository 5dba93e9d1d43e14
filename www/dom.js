// Small DOM helpers shared by the explore and compare views. Writes are skipped when nothing
// changed, so redrawing every frame does not touch the DOM.

export const $ = (id) => document.getElementById(id);

export function setText(id, text) {
  const el = $(id);
  if (el.textContent !== text) el.textContent = text;
}

export function setHtml(id, html) {
  const el = $(id);
  if (el._html !== html) {
    el._html = html;
    el.innerHTML = html;
  }
}
