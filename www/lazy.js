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
  const [mod] = await Promise.all([import(url), loadStyles(styles)]);
  return mod;
}

export const UPLOT_STYLES = ['/node_modules/uplot/dist/uPlot.min.css'];
export const CHESSGROUND_STYLES = [
  '/node_modules/chessground/assets/chessground.base.css',
  '/node_modules/chessground/assets/chessground.brown.css',
  '/node_modules/chessground/assets/chessground.cburnett.css',
];
