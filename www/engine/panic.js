// What a worker tells the page when the wasm core traps: the Rust panic's message, which the
// panic hook writes to a global (src/wasm/mod.rs), or the core's `last_panic()`, or else the
// trap's own message. Shared by the search worker and the experiment worker.

import { last_panic } from '../../pkg/prunescope.js';

/** Global the Rust panic hook writes the panic message to (see src/wasm/mod.rs). */
export const PANIC_GLOBAL = '__prunescopeLastPanic';

/** The message of the panic behind trap `err` (a WebAssembly.RuntimeError). */
export function panicMessage(err) {
  let message = self[PANIC_GLOBAL];
  if (!message) {
    try {
      message = last_panic();
    } catch {
      // the instance may be unusable after the trap
    }
  }
  return message || String(err?.message ?? err);
}
