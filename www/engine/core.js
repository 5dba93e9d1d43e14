// The wasm core on the page's thread: loaded once by the composition root, then handed to the
// models that need it (names, checks, configuration words, the comparison). Loading it is the
// only thing this module does, and only when asked.

/**
 * Loads /pkg/prunescope.js and returns the functions and classes the page uses:
 * { Names, validate, check_config, describe_config, config_words, build_config, diff_columns,
 *   choices }.
 */
export async function loadCore(url = '/pkg/prunescope.js') {
  const mod = await import(url);
  await mod.default();
  return mod;
}
