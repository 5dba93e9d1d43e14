// Libraries loaded when first used, with their stylesheets: the page's first paint waits for no
// stylesheet it does not need (chessground's and uPlot's are not needed by the default search,
// a tree). Nothing here runs on import.

const loaded = new Map();

/** Adds `<link rel="stylesheet">` for each of `hrefs` (once each); resolves when all have loaded or failed. */
export function loadStyles(hrefs) {
  return Promise.all(
    hrefs.map((href) => {
      if (!loaded.has(href)) {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        loaded.set(href, new Promise((resolve) => {
          link.addEventListener('load', resolve);
          link.addEventListener('error', resolve);
        }));
        document.head.append(link);
      }
      return loaded.get(href);
    }),
  );
}

/** Imports module `url` once its stylesheets `styles` are in. */
export async function importWithStyles(url, styles) {
  const [mod] = await Promise.all([import(siteUrl(url)), loadStyles(styles)]);
  return mod;
}

/**
 * A file of the site by its path from the site's top (`www/…`, `node_modules/…`, `pkg/…`), as an
 * absolute URL: the pages sit at the top, and the site may be a sub-path of its host
 * (`https://host/course/prunescope/`), so no path starts with "/".
 */
export const siteUrl = (rel) => new URL(rel, document.baseURI).href;

export const UPLOT_MODULE = 'node_modules/uplot/dist/uPlot.esm.js';
export const CHESSGROUND_MODULE = 'node_modules/chessground/dist/chessground.min.js';
export const UPLOT_STYLES = ['node_modules/uplot/dist/uPlot.min.css'];
export const CHESSGROUND_STYLES = [
  'node_modules/chessground/assets/chessground.base.css',
  'node_modules/chessground/assets/chessground.brown.css',
  'node_modules/chessground/assets/chessground.cburnett.css',
];
