// The layer check (scripts/check/layers.mjs) on planted violations: each test writes a small
// crate into a temporary directory, checks that it is clean, plants one violation and checks
// that exactly that violation is reported. The last test runs the check on the repository.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { check, stripSource, LAYERS } from '../../scripts/check/layers.mjs';

const SCRIPT = fileURLToPath(new URL('../../scripts/check/layers.mjs', import.meta.url));
const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** A clean crate: every layer a module, each importing the one below it. */
function cleanCrate() {
  const files = {
    'src/lib.rs': LAYERS.map((m) => `pub mod ${m};`).join('\n') + '\n',
    'src/schema.rs': 'pub const NONE16: u16 = u16::MAX;\n',
    'src/game/mod.rs': 'pub mod tree;\nuse crate::schema::NONE16;\npub use tree::Tree;\n',
    'src/game/tree.rs': 'use super::super::schema::NONE16;\npub struct Tree;\n',
    'src/search/mod.rs':
      'pub mod config;\npub mod tracer;\nuse crate::game::Tree;\n' +
      'pub fn run() { let _ = crate::schema::NONE16; }\n',
    'src/search/config.rs': 'pub const MAX_DEPTH: u32 = 64;\n',
    'src/search/tracer.rs': 'use crate::search::config::MAX_DEPTH;\npub trait Tracer {}\n',
    'src/trace/mod.rs': 'pub mod diff;\npub mod record;\nuse crate::search::tracer::Tracer;\n',
    'src/trace/record.rs': 'pub struct Recorder;\n',
    'src/trace/diff.rs': 'use super::record::Recorder;\n',
    'src/run.rs': 'use crate::{search::{self, config::MAX_DEPTH}, trace::record::Recorder};\n',
    'src/trace_file.rs': 'use crate::run;\n',
    'src/experiments/mod.rs':
      'pub mod probe;\nuse crate::trace_file;\n' +
      '#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::probe::Row;\n}\n',
    'src/experiments/probe.rs': 'use super::super::trace_file;\npub struct Row;\n',
    'src/schema_js.rs': 'pub fn js() -> String { crate::search::config::MAX_DEPTH.to_string() }\n',
    'src/wasm/mod.rs': 'mod session;\nuse crate::experiments::probe::Row;\n',
    'src/wasm/session.rs': 'use crate::run;\n',
    'src/cli/main.rs': 'mod bench;\nuse prunescope::wasm;\nuse crate::bench::run;\n',
    'src/cli/bench.rs': 'use prunescope::trace_file;\npub fn run() {}\n',
  };
  return files;
}

function withCrate(files, fn) {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return fn(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test('a crate whose imports run down passes', () => {
  withCrate(cleanCrate(), (root) => assert.deepEqual(check(root), []));
});

test('an upward `use` line is reported with its file, line and layers', () => {
  const files = cleanCrate();
  files['src/game/tree.rs'] += 'use crate::search::config::MAX_DEPTH;\n';
  withCrate(files, (root) => {
    const v = check(root);
    assert.equal(v.length, 2, v.join('\n')); // upward, and the game <-> search cycle
    assert.match(v[0], /^src\/game\/tree\.rs:3: upward import: `game` uses `crate::search::config::MAX_DEPTH` of the higher layer `search`$/);
    assert.match(v[1], /import cycle among 2 sibling modules \(crate::game, crate::search\): crate::game -> crate::search \(src\/game\/tree\.rs:3\), crate::search -> crate::game/);
  });
});

test('an inline `crate::` path in an expression is an import too', () => {
  const files = cleanCrate();
  files['src/game/tree.rs'] += 'fn f() -> u32 { 2 * crate::search::config::MAX_DEPTH }\n';
  withCrate(files, (root) => {
    const v = check(root).filter((s) => s.includes('upward'));
    assert.deepEqual(v, [
      'src/game/tree.rs:3: upward import: `game` uses `crate::search::config::MAX_DEPTH` of the higher layer `search`',
    ]);
  });
});

test('grouped use trees and `super::` paths are resolved', () => {
  const files = cleanCrate();
  files['src/search/tracer.rs'] += 'use crate::{schema::NONE16, trace::{diff, record::Recorder}};\n';
  files['src/game/tree.rs'] += 'use super::super::run;\n';
  withCrate(files, (root) => {
    const v = check(root).filter((s) => s.includes('upward'));
    assert.equal(v.length, 3, v.join('\n'));
    assert.match(v[0], /src\/game\/tree\.rs:3: .*`game` uses `crate::run`/);
    assert.match(v[1], /src\/search\/tracer\.rs:3: .*`crate::trace::diff`/);
    assert.match(v[2], /src\/search\/tracer\.rs:3: .*`crate::trace::record::Recorder`/);
  });
});

test('comments, doc links and strings are not imports', () => {
  const files = cleanCrate();
  files['src/game/tree.rs'] +=
    '/// See [`crate::search::config::MAX_DEPTH`].\n// use crate::trace::diff;\n' +
    '/* crate::run::Input /* nested */ crate::run */\n' +
    'const S: &str = "crate::trace::diff"; const R: &str = r#"use crate::run;"#;\n' +
    "const C: char = '\"'; fn f<'a>(x: &'a str) -> &'a str { x }\n";
  withCrate(files, (root) => assert.deepEqual(check(root), []));
});

test('a cycle between sibling modules inside a layer is reported', () => {
  const files = cleanCrate();
  files['src/trace/record.rs'] += 'use crate::trace::diff;\n';
  files['src/trace/diff.rs'] += '';
  withCrate(files, (root) => {
    assert.deepEqual(check(root), [
      'import cycle among 2 sibling modules (crate::trace::diff, crate::trace::record): ' +
        'crate::trace::diff -> crate::trace::record ' +
        '(src/trace/diff.rs:1), crate::trace::record -> crate::trace::diff (src/trace/record.rs:2)',
    ]);
  });
});

test('a re-export alone makes a cycle', () => {
  const files = cleanCrate();
  files['src/trace/record.rs'] += 'pub use super::diff::*;\n';
  withCrate(files, (root) => assert.equal(check(root).length, 1));
});

test('a configuration that gathers the techniques while they read it is a cycle', () => {
  // The shape of search/: config gathers a technique's parameters, and the technique's types
  // come from a module below both (search/params.rs). That passes; a technique reading the
  // configuration that gathers it (the cycle this layer once had) fails, by name.
  const files = cleanCrate();
  files['src/search/mod.rs'] += 'pub mod params;\npub mod techniques;\n';
  files['src/search/params.rs'] = 'pub struct ConfigError;\n';
  files['src/search/techniques/mod.rs'] = 'pub mod lmr;\n';
  files['src/search/techniques/lmr.rs'] =
    'use crate::search::params::ConfigError;\npub struct LmrParams;\n';
  files['src/search/config.rs'] +=
    'pub use crate::search::techniques::lmr::LmrParams;\npub use super::params::ConfigError;\n';
  withCrate(files, (root) => assert.deepEqual(check(root), []));
  files['src/search/techniques/lmr.rs'] +=
    'impl LmrParams { fn validate(&self, cfg: &crate::search::config::SearchConfig) {} }\n';
  withCrate(files, (root) => {
    assert.deepEqual(check(root), [
      'import cycle among 2 sibling modules (crate::search::config, crate::search::techniques): ' +
        'crate::search::config -> crate::search::techniques (src/search/config.rs:2), ' +
        'crate::search::techniques -> crate::search::config (src/search/techniques/lmr.rs:3)',
    ]);
  });
});

test("a technique's type named by the tracer or a layer above is reported", () => {
  // The shape of issue 32 §4: the tracer and the recorder named the table's entry type. The
  // engine (search/mod.rs) may name it; the tracer speaks in its own terms.
  const files = cleanCrate();
  files['src/search/mod.rs'] += 'pub mod techniques;\nuse crate::search::techniques::tt::TtEntry;\n';
  files['src/search/techniques/mod.rs'] = 'pub mod tt;\n';
  files['src/search/techniques/tt.rs'] =
    'pub struct TtEntry;\npub struct TtParams;\npub fn value_from_tt() {}\n';
  files['src/search/config.rs'] += 'pub use crate::search::techniques::tt::TtParams;\n';
  files['src/trace/record.rs'] += 'fn f() { crate::search::techniques::tt::value_from_tt() }\n';
  withCrate(files, (root) => assert.deepEqual(check(root), []));
  const planted = { ...files };
  planted['src/search/tracer.rs'] += 'use crate::search::techniques::tt::TtEntry;\n';
  planted['src/trace/record.rs'] += 'fn g(_: &crate::search::techniques::tt::TtEntry) {}\n';
  planted['src/wasm/session.rs'] += 'use crate::search::techniques::tt::TtParams;\n';
  withCrate(planted, (root) => {
    const v = check(root);
    assert.equal(v.length, 3, v.join('\n'));
    assert.match(v.join('\n'), /src\/search\/tracer\.rs:3: technique type outside the engine: `search::techniques::tt::TtEntry`/);
    assert.match(v.join('\n'), /src\/trace\/record\.rs:3: technique type outside the engine: `search::techniques::tt::TtEntry`/);
    assert.match(v.join('\n'), /src\/wasm\/session\.rs:2: technique type outside the engine: `search::techniques::tt::TtParams`/);
  });
});

test('a module that is not in the layer order is reported', () => {
  const files = cleanCrate();
  files['src/lib.rs'] += 'pub mod lab;\n';
  files['src/lab.rs'] = 'use crate::game::Tree;\n';
  withCrate(files, (root) => {
    assert.deepEqual(check(root), [
      'src/lab.rs: top-level module `lab` has no place in the layer order (LAYERS in ' +
        'scripts/check/layers.mjs, docs/architecture.md)',
    ]);
  });
});

test('the command exits 1 and prints each violation', () => {
  const files = cleanCrate();
  files['src/schema.rs'] += 'use crate::game::Tree;\n';
  withCrate(files, (root) => {
    let failed = null;
    try {
      execFileSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    } catch (e) {
      failed = e;
    }
    assert.ok(failed, 'the command should fail');
    assert.equal(failed.status, 1);
    assert.match(failed.stdout, /src\/schema\.rs:2: upward import: `schema` uses `crate::game::Tree`/);
  });
});

test('stripSource keeps offsets and lines', () => {
  const src = 'a // crate::x\n"crate::y" b\n';
  const out = stripSource(src);
  assert.equal(out.length, src.length);
  assert.equal(out.split('\n').length, src.split('\n').length);
  assert.ok(!out.includes('crate'));
});

test('the repository itself passes', () => {
  assert.deepEqual(check(REPO), []);
});
