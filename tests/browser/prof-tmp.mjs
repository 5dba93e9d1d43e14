// temporary: CPU profile of the page's main thread during a stream; prints busy stretches > 50 ms
import { writeFileSync } from 'node:fs';
import { setup, openPage, settle, snapshot, hook, watchFrames, frameGaps } from './hook.mjs';
const argv = process.argv.slice(2);
const arg = (n, d) => { const i = argv.indexOf(n); return i >= 0 ? argv[i + 1] : d; };
const CAP = Number(arg('--cap', 10_000_000)); const KIND = arg('--only', 'random');
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const env = await setup();
const page = await openPage(env);
const cdp = await page.context().newCDPSession(page);
if (KIND === 'random') {
  await page.click('#tab-random'); await page.fill('#rnd-b', '10'); await page.fill('#rnd-d', '8');
  await page.selectOption('#algo', 'minimax');
} else {
  await page.click('#tab-chess'); await page.fill('#fen', START_FEN); await page.fill('#chess-depth', '14');
  await page.check('#iterative'); await page.selectOption('#algo', 'pvs');
  await hook(page, () => (document.getElementById('techniques').open = true));
  for (const n of ['tt', 'tt_move', 'mvv_lva', 'killers', 'history', 'quiescence']) await page.check(`#tech-switches input[data-enable="${n}"]`);
}
await page.fill('#node-cap', String(CAP));
const OPEN = arg('--open', '');
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
const g = (await snapshot(page)).explore.generation;
await watchFrames(page);
await cdp.send('Profiler.start');
const t0 = Date.now();
if (OPEN) await page.setInputFiles('#open-file', OPEN); else await page.click('#start');
await page.waitForFunction((g) => { const s = window.prunescope.snapshot().explore; return s.generation > g && s.status === 'done'; }, g, { timeout: 1_800_000, polling: 100 });
const wall = Date.now() - t0;
const { profile } = await cdp.send('Profiler.stop');
const gaps = (await frameGaps(page)).slice(1);
console.log('wall', wall, 'nodes', (await snapshot(page)).explore.nodes, 'max gap', Math.max(...gaps).toFixed(1), 'long', gaps.filter((x) => x > 50).reduce((a, b) => a + b, 0).toFixed(0));
console.log('gaps>50:', gaps.filter((x) => x > 50).map((x) => x.toFixed(0)).join(' '));
writeFileSync(arg('--out', '/work/runs/prof/p.cpuprofile'), JSON.stringify(profile));
// analysis
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (id) => { const n = byId.get(id); const f = n.callFrame; return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`; };
let t = profile.startTime; const samples = profile.samples.map((s, i) => { t += profile.timeDeltas[i]; return [t, s]; });
const idle = (id) => byId.get(id).callFrame.functionName === '(idle)';
const total = new Map(); let runStart = null, run = [];
const report = (run) => {
  const dur = (run[run.length - 1][0] - run[0][0]) / 1000;
  if (dur < 50) return;
  const self = new Map(); const incl = new Map();
  for (let i = 0; i < run.length - 1; i++) { const dt = (run[i + 1][0] - run[i][0]) / 1000; const id = run[i][1];
    self.set(name(id), (self.get(name(id)) ?? 0) + dt);
    const seen = new Set(); for (let p = id; p; p = parent.get(p)) { const nm = name(p); if (seen.has(nm)) continue; seen.add(nm); incl.set(nm, (incl.get(nm) ?? 0) + dt); } }
  console.log(`busy ${dur.toFixed(0)} ms at ${((run[0][0] - profile.startTime) / 1000).toFixed(0)}: self`, [...self].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k}=${v.toFixed(0)}`).join(', '));
  console.log('    incl', [...incl].sort((a, b) => b[1] - a[1]).filter(([k]) => !k.startsWith('(root)')).slice(0, 10).map(([k, v]) => `${k}=${v.toFixed(0)}`).join(', '));
};
for (const s of samples) { if (idle(s[1])) { if (run.length) report(run); run = []; } else run.push(s); }
if (run.length) report(run);
const selfAll = new Map(); for (let i = 0; i < samples.length - 1; i++) { const dt = (samples[i + 1][0] - samples[i][0]) / 1000; const nm = name(samples[i][1]); selfAll.set(nm, (selfAll.get(nm) ?? 0) + dt); }
console.log('TOTAL self', [...selfAll].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, v]) => `${k}=${v.toFixed(0)}`).join('\n  '));
await env.close();
