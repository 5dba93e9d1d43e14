// Light and dark themes: the page follows prefers-color-scheme unless the user picked one with
// the toggle (remembered in localStorage). Every colour is a CSS custom property of
// www/style.css; the canvas reads the same properties, so the tree and the page never disagree.

const KEY = 'prunescope.theme';
const CHOICES = ['auto', 'light', 'dark'];

/** Canvas colours: palette key → CSS custom property. */
const CANVAS_VARS = {
  bg: '--canvas', band: '--band', band2: '--band-2', text: '--text', muted: '--muted',
  pv: '--pv', cut: '--cut', all: '--all', open: '--node-open', openStroke: '--node-open-stroke',
  future: '--node-future', futureStroke: '--node-future-stroke', aborted: '--node-aborted',
  edge: '--edge', edgeFuture: '--edge-future', cursor: '--cursor', cursorText: '--cursor-text',
  selected: '--text', research: '--research', pruned: '--pruned', uncertain: '--uncertain',
  uncertainText: '--uncertain-text', both: '--both', onlyA: '--only-a', onlyB: '--only-b',
  changed: '--changed', ghost: '--ghost', gutter: '--gutter', line: '--line', pill: '--pill',
  pillText: '--pill-text',
};

/** The stored choice ('auto' when none or unreadable). */
export function storedTheme() {
  try {
    const v = localStorage.getItem(KEY);
    return CHOICES.includes(v) ? v : 'auto';
  } catch {
    return 'auto';
  }
}

export function storeTheme(choice) {
  try {
    localStorage.setItem(KEY, choice);
  } catch {
    /* private mode: the choice lasts for this page */
  }
}

/** The next choice of the toggle: auto → light → dark → auto. */
export const nextTheme = (choice) => CHOICES[(CHOICES.indexOf(choice) + 1) % CHOICES.length];

/** Whether `choice` means dark now. */
export function isDark(choice) {
  if (choice === 'dark') return true;
  if (choice === 'light') return false;
  return matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Applies a theme to the document: data-theme="light" | "dark" on <html>. */
export function applyTheme(dark) {
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', dark ? 'dark' : 'light');
}

/** The canvas palette of the theme now applied. */
export function readPalette() {
  const cs = getComputedStyle(document.documentElement);
  const p = {};
  for (const [k, v] of Object.entries(CANVAS_VARS)) p[k] = cs.getPropertyValue(v).trim() || '#888';
  p.font = cs.getPropertyValue('--font').trim() || 'system-ui, sans-serif';
  return p;
}

/** Calls `f(dark)` when the system preference changes. */
export function onSystemThemeChange(f) {
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (e) => f(e.matches));
}
