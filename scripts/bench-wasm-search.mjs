// The wasm search's own speed, build against build, in Node (docs/benchmarks.md, "First load"):
// what a build setting (opt-level, LTO, target features) costs or gains in the page's engine,
// without the page. Each DIR holds one wasm-bindgen output (`--target web`): the first build
// (prunescope.js, prunescope_bg.wasm) or the second (prunescope_full.js,
// prunescope_full_bg.wasm). The builds run alternately, round after round, so that a change of
// the machine's load falls on each alike; each search is recorded and streamed through
// `Session.run` in batches to a no-op, as the search worker does, less the posting.
//   - default: a random tree's minimax search (b = 6, d = 7, seed 1), which the first build
//     streams in the page;
//   - --chess CAP: the chess scale search of tests/browser/bench-search.mjs (the start
//     position, PVS, depth 14, iterative, its six techniques) capped at CAP nodes; second
//     builds only.
// Prints each build's median time in ms and every round's. Not a test: nothing is asserted.
//
//   node scripts/bench-wasm-search.mjs [--chess CAP] [--rounds 9] DIR [DIR …]

import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { START_FEN, SCALE_TECHNIQUES } from '../tests/browser/bench-search.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => {
  const i = args.indexOf(name);
  return i < 0 ? d : Number(args.splice(i, 2)[1]);
};
const chessCap = opt('--chess', 0);
const rounds = opt('--rounds', 9);
if (!args.length || !(rounds > 0) || !(chessCap >= 0)) {
  console.error('usage: node scripts/bench-wasm-search.mjs [--chess CAP] [--rounds 9] DIR [DIR …]');
  process.exit(2);
}

/** A build's bindings, initialised from its wasm file (the second build's when chess is asked). */
async function loadBuild(dir, k) {
  const name = chessCap || !existsSync(path.join(dir, 'prunescope.js')) ? 'prunescope_full' : 'prunescope';
  const js = path.resolve(dir, `${name}.js`);
  // a query per DIR: two DIRs' bindings are two module instances even if their paths coincide
  const mod = await import(`${pathToFileURL(js).href}?build=${k}`);
  mod.initSync({ module: readFileSync(path.resolve(dir, `${name}_bg.wasm`)) });
  return mod;
}

function search(mod) {
  let input;
  let config;
  if (chessCap) {
    const built = mod.build_config('pvs', SCALE_TECHNIQUES.join(','), `node_cap=${chessCap}`, undefined);
    if (!built.config) throw new Error(`the chess configuration is refused: ${built.message}`);
    input = { kind: 'chess', fen: START_FEN };
    config = { ...built.config, depth: 14, iterative: true };
  } else {
    input = { kind: 'random', branching: 6, depth: 7, seed: 1, ordering: 'random' };
    config = { algo: 'minimax' };
  }
  const session = new mod.Session(input, config);
  try {
    const t = performance.now();
    session.run(() => {}, chessCap ? 8192 : 65536);
    return { ms: performance.now() - t, nodes: session.node_count() };
  } finally {
    session.free();
  }
}

const builds = [];
for (const [k, dir] of args.entries()) builds.push({ dir, mod: await loadBuild(dir, k), ms: [], nodes: 0 });
for (let r = 0; r < rounds; r++) {
  for (const b of builds) {
    const { ms, nodes } = search(b.mod);
    b.ms.push(ms);
    b.nodes = nodes;
  }
}
const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
for (const b of builds) {
  console.log(`${b.dir}: ${b.nodes} nodes, median ${median(b.ms).toFixed(0)} ms (${b.ms.map((t) => t.toFixed(0)).join(' ')})`);
}
