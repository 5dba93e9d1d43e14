// Draws the app icons of the web app manifest (icons/icon-192.png, icons/icon-512.png and the
// maskable icons/icon-maskable-512.png) from icons/icon.svg, the page's logo, with headless
// Chromium. The PNGs are committed; run this again after changing the SVG:
//
//   node scripts/icons.mjs

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../tests/browser/chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(path.join(ROOT, 'icons/icon.svg'), 'utf8');

const browser = await launchChromium();
try {
  for (const [name, size, pad] of [['icon-192.png', 192, 0], ['icon-512.png', 512, 0], ['icon-maskable-512.png', 512, 0.1]]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = Math.round(size * (1 - 2 * pad));
    await page.setContent(`<body style="margin:0;background:#ffffff;display:grid;place-items:center;width:${size}px;height:${size}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</body>`);
    await page.screenshot({ path: path.join(ROOT, 'icons', name), omitBackground: false });
    await page.close();
  }
} finally {
  await browser.close();
}
