// The wasm core on the page's thread: loaded once by the composition root, then handed to the
// models that need it (names, checks, configuration words, the comparison).
//
// The crate is built twice (docs/architecture.md, "Two wasm builds"): the first build
// (pkg/prunescope.js, no cargo features) is what the page's default search needs and loads at
// start; the second (pkg/prunescope_full.js, `--features full`: chess, the experiments, trace
// files) loads when first asked for (`loadSecond()`), and the service worker fetches it in the
// background once the first search is ready. The page still asks ONE core: `loadCore()`
// answers an object whose every function and class is the second build's once it has loaded
// (the second build is the same crate with more features, so it answers everything the first
// does) and the first build's until then. Which input kinds a build can search comes from the
// build itself (`build_info()`, src/wasm/contract.rs), never from a list kept here.

/**
 * The two builds' bindings, relative to the page (index.html and embed.html sit at the top of
 * the site, which may be a sub-path of its host; this module may be bundled elsewhere).
 */
export const FIRST_BUILD = new URL('pkg/prunescope.js', document.baseURI).href;
export const SECOND_BUILD = new URL('pkg/prunescope_full.js', document.baseURI).href;

/** A function of the second build asked for before that build has loaded (`what`: its name). */
export class SecondBuildPending extends Error {
  constructor(what) {
    super(`${what} is in the engine's second part (chess, experiments, trace files), which has not loaded yet`);
    this.name = 'SecondBuildPending';
    this.what = what;
  }
}

/** Keys the proxy must not answer with a function: promise detection, JSON, inspection. */
const NOT_EXPORTS = new Set(['then', 'toJSON', 'constructor', 'inspect']);

/**
 * Loads the first build and answers the page's core: the wasm exports (`Names`, `validate`,
 * `check_input`, `check_run`, `describe_config`, `config_words`, `build_config`, `diff_columns`,
 * `choices`, `tree_shape`, …) and
 *   - `hasSecond`: whether the second build has loaded;
 *   - `needsSecond(input)`: whether searching or naming `input` takes the second build (its kind
 *     is not among the first build's `build_info().inputs`) and it has not loaded yet;
 *   - `loadSecond()`: a promise that the second build has loaded (started once; a failed load
 *     may be asked for again);
 *   - `onSecond(f)`: `f()` once the second build has loaded.
 */
export async function loadCore(first = FIRST_BUILD, second = SECOND_BUILD) {
  const one = await import(first);
  await one.default();
  const firstInputs = new Set(one.build_info().inputs);
  let two = null;
  let loading = null;
  const waiting = [];
  const api = {
    get hasSecond() {
      return two !== null;
    },
    needsSecond(input) {
      return two === null && !firstInputs.has(input?.kind);
    },
    loadSecond() {
      loading ??= (async () => {
        const mod = await import(second);
        await mod.default();
        two = mod;
        for (const f of waiting.splice(0)) f();
      })().catch((e) => {
        loading = null;
        throw e;
      });
      return loading;
    },
    onSecond(f) {
      if (two) f();
      else waiting.push(f);
    },
  };
  return new Proxy(api, {
    get(target, key) {
      if (key in target) return target[key];
      const mod = two ?? one;
      if (key in mod) return mod[key];
      if (typeof key !== 'string' || NOT_EXPORTS.has(key)) return undefined;
      // an export only the second build has (parse_epd, experiment_*), asked for too early
      return () => {
        throw new SecondBuildPending(key);
      };
    },
    has(target, key) {
      return key in target || key in (two ?? one);
    },
  });
}
