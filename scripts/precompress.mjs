// Writes a brotli (quality 11) and a gzip (level 9) copy beside each file named, as `FILE.br`
// and `FILE.gz`: what www/serve.mjs sends as they are (its `precompressed`), and what
// scripts/build-site.mjs writes for the static folder. `prunescope_build_wasm` (scripts/setup.sh)
// runs it on pkg/ right after wasm-bindgen, so that the README's server answers even its first
// visitor after a build with the best copy of the wasm: without it, that server's first answers
// were a quick brotli-5 copy (295 KB instead of 258 KB for the first build) while it made the
// best one in the background, on the cores the page compiles the wasm on (docs/benchmarks.md,
// "First load").
//
//   node scripts/precompress.mjs pkg/prunescope_bg.wasm pkg/prunescope.js …

import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: node scripts/precompress.mjs FILE…');
  process.exit(2);
}
for (const file of files) {
  const bytes = readFileSync(file);
  const copies = {
    br: brotliCompressSync(bytes, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gz: gzipSync(bytes, { level: 9 }),
  };
  for (const [ext, body] of Object.entries(copies)) {
    // written under a name of its own, then renamed over the copy: a server reading it
    // meanwhile gets the old copy or the new one, never half of one
    const part = `${file}.${ext}.${process.pid}.part`;
    writeFileSync(part, body);
    renameSync(part, `${file}.${ext}`);
  }
  console.log(`${file}: ${bytes.length} B, brotli ${copies.br.length} B, gzip ${copies.gz.length} B`);
}
