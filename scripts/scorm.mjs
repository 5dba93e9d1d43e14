// A SCORM 1.2 package of one graded activity (issue 30 §1; docs/lms.md, "The package"): the
// static site (scripts/build-site.mjs, without its precompressed copies and host header files)
// plus `scorm.html`, the full page with the activity in `<html data-activity>`, and
// `imsmanifest.xml` per SCORM 1.2 content packaging (ADL SCORM 1.2 CAM: metadata schema and
// version, one organization, one item with adlcp:masteryscore, one resource of
// adlcp:scormtype="sco" with a `file` for every file of the package). Zipped with fflate (a
// devDependency, as esbuild is). The page's side: www/lms/connect.js.
//
//   bash scripts/build-site.sh --scorm LINK… [--mastery N] [--title T] --out FILE.zip
//   (or node scripts/scorm.mjs …, the same without building the wasm first)
//     LINK: a lesson's or an exercise's share link (the whole URL or its fragment); several
//     make a set. N: the mastery score 0–100 (passed/failed); without it the status is
//     completed. T: the activity's title in the LMS.

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { buildSite } from './build-site.mjs';
import { decodeShare } from '../www/model/share.js';
import { MAX_ITEMS } from '../www/model/activity.js';

/** The package format's version (docs/lms.md): written into the manifest and the page. */
export const PACKAGE_VERSION = 2;
/** The launch page of the package. */
export const LAUNCH = 'scorm.html';
/** Files of the site a package leaves out: host header files (an LMS serves the files itself). */
const LEFT_OUT = new Set(['_headers', '.htaccess']);

export class ScormError extends Error {}

/** A share link (URL or fragment) as its fragment, checked: a lesson or an exercise. */
export function activityLink(link) {
  const frag = String(link).replace(/^[^#]*#/, '').replace(/^#/, '');
  let s;
  try {
    s = decodeShare(frag);
  } catch (e) {
    throw new ScormError(`--scorm ${JSON.stringify(String(link).slice(0, 80))}: ${e.message}`);
  }
  if (!s || !(s.learn || s.mode === 'exercise')) throw new ScormError(`--scorm ${JSON.stringify(String(link).slice(0, 80))}: not a lesson's or an exercise's link (learn=N, or mode=exercise)`);
  return frag;
}

const xml = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** imsmanifest.xml for `files` (every file of the package but the manifest). */
export function manifest({ title, mastery, files, id }) {
  const m = mastery === null ? '' : `\n        <adlcp:masteryscore>${mastery}</adlcp:masteryscore>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- written by scripts/scorm.mjs: prunescope SCORM package, format ${PACKAGE_VERSION} (docs/lms.md) -->
<manifest identifier="${xml(id)}" version="${PACKAGE_VERSION}"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="prunescope">
    <organization identifier="prunescope">
      <title>${xml(title)}</title>
      <item identifier="activity" identifierref="sco" isvisible="true">
        <title>${xml(title)}</title>${m}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco" type="webcontent" adlcp:scormtype="sco" href="${LAUNCH}">
${files.map((f) => `      <file href="${xml(f)}"/>`).join('\n')}
    </resource>
  </resources>
</manifest>
`;
}

function listFiles(dir, rel = '', out = []) {
  for (const e of readdirSync(path.join(dir, rel)).sort()) {
    const r = rel ? `${rel}/${e}` : e;
    if (statSync(path.join(dir, r)).isDirectory()) listFiles(dir, r, out);
    else out.push(r);
  }
  return out;
}

/** Writes the package; answers { files, bytes }. */
export async function buildScorm({ links, mastery = null, title = 'prunescope activity', out }) {
  if (!links.length) throw new ScormError('--scorm: give at least one link');
  if (links.length > MAX_ITEMS) throw new ScormError(`--scorm: at most ${MAX_ITEMS} links (a short set)`);
  if (mastery !== null && !(Number.isInteger(mastery) && mastery >= 0 && mastery <= 100)) throw new ScormError(`--mastery: ${JSON.stringify(mastery)} is not a whole number 0–100`);
  if (!/\.zip$/.test(out ?? '')) throw new ScormError('--out: give the package\'s file name, ending in .zip');
  const frags = links.map(activityLink);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prunescope-scorm-'));
  try {
    await buildSite(dir, { compress: false });
    const activity = JSON.stringify({ format: PACKAGE_VERSION, links: frags, mastery, title });
    const attr = activity.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    // the launch page: the site's full page (its bundle, its policy's meta tag) with the activity
    const index = readFileSync(path.join(dir, 'index.html'), 'utf8').replace(/<html([^>]*)>/, `<html$1 data-activity="${attr}">`);
    writeFileSync(path.join(dir, LAUNCH), index);
    const files = listFiles(dir).filter((f) => !LEFT_OUT.has(f));
    const id = `prunescope-${frags.join('|').replace(/[^A-Za-z0-9]+/g, '-').slice(0, 60)}`;
    const entries = { 'imsmanifest.xml': Buffer.from(manifest({ title, mastery, files, id })) };
    for (const f of files) entries[f] = readFileSync(path.join(dir, f));
    const zip = zipSync(entries, { level: 9, mtime: new Date('2000-01-01T00:00:00Z') });
    writeFileSync(out, zip);
    return { files: ['imsmanifest.xml', ...files], bytes: zip.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The command line (scripts/build-site.mjs hands over on --scorm): answers the exit code. */
export async function main(args) {
  const links = [];
  let mastery = null, title = 'prunescope activity', out = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--scorm') continue;
    if (a === '--mastery') mastery = /^\d{1,3}$/.test(args[i + 1] ?? '') ? Number(args[++i]) : args[++i];
    else if (a === '--title') title = String(args[++i] ?? '').slice(0, 200);
    else if (a === '--out') out = args[++i];
    else if (a.startsWith('--')) {
      console.error(`build-site --scorm: unknown argument ${a}`);
      return 2;
    } else links.push(a);
  }
  try {
    const r = await buildScorm({ links, mastery, title, out: out && path.resolve(out) });
    console.log(`build-site --scorm: ${r.files.length} files, ${r.bytes} bytes in ${out}`);
    return 0;
  } catch (e) {
    console.error(e instanceof ScormError ? e.message : `build-site --scorm: ${e.message}`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main(process.argv.slice(2)));
