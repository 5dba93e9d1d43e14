// The moves a node never searched, with the reason that stopped each: the node's considered
// moves that no child carries (Names, from the core), each pruned by the node's stop reason
// unless a prune event gave it one of its own (SEE, uncertainty) — the rule of the trace
// writer's `pruned` lists (docs/trace-format.md). No DOM.

import { STOP_REASONS, PRUNE_REASONS, PRUNING_REASONS } from '../schema.js';

const PRUNING = new Set(PRUNING_REASONS);

/** Whether a node that stopped for `reason` leaves its unsearched moves pruned. */
export const prunes = (reason) => PRUNING.has(reason);

/**
 * The pruned moves of node `id`: [{ code, name, reason }] where reason is a stop reason's or a
 * prune reason's schema name. Empty for open nodes and for nodes that stopped without pruning
 * (leaves, all moves searched, …).
 */
export function prunedMoves(store, names, id) {
  if (!store.exited(id) || !prunes(store.reason[id])) return [];
  const { codes, names: moveNames } = names.unsearched(id);
  const own = store.prunedOwn(id);
  const stop = STOP_REASONS[store.reason[id]]?.name ?? 'pruned';
  return Array.from(codes, (code, k) => {
    let reason = stop;
    for (let i = 0; i < own.length; i += 2) {
      if (own[i] === code) reason = PRUNE_REASONS[own[i + 1]]?.name ?? reason;
    }
    return { code, name: moveNames[k], reason };
  });
}

/** How many moves node `id` left pruned, if known (cached by Names), else undefined. */
export function prunedCount(store, names, id) {
  if (!store.exited(id) || !prunes(store.reason[id])) return 0;
  return names.unsearchedCount(id);
}
