// The record layout of www/schema.js as rows, read into and written from a trace store's
// columns: a batch's updates arrive as rows, and a trace handed back to the worker leaves as
// rows (www/model/store.js keeps the columns). No DOM.

import { RECORD_BYTES, RECORD_FIELDS } from '../schema.js';

export const TYPED = { u32: Uint32Array, i32: Int32Array, u16: Uint16Array, u8: Uint8Array, i8: Int8Array };
/** Record field (schema name) → [store column, the type the page reads it as]. */
export const COLUMN_OF = {
  parent: ['parent', 'u32'], alpha: ['alpha', 'i32'], beta: ['beta', 'i32'], value: ['value', 'i32'],
  move_code: ['code', 'u16'], index: ['index', 'u16'], n_moves: ['nMoves', 'u16'], best_index: ['bestIndex', 'u16'],
  kind: ['kind', 'u8'], depth: ['depth', 'i8'], flags: ['flags', 'u8'], reason: ['reason', 'u8'],
};

/**
 * Where each field sits in a record, in units of its own type (from RECORD_FIELDS), checked
 * against the columns the page has: a field added, retyped or misaligned in the schema is an
 * error here, not a silent misread.
 */
function recordLayout() {
  const at = {};
  for (const [name, { offset, type }] of Object.entries(RECORD_FIELDS)) {
    const c = COLUMN_OF[name];
    if (!c || c[1] !== type) throw new Error(`the record field ${name} (${type}) is unknown to the page`);
    const size = TYPED[type].BYTES_PER_ELEMENT;
    if (offset % size || RECORD_BYTES % size) throw new Error(`the record field ${name} is not aligned`);
    at[c[0]] = offset / size;
  }
  for (const [, [column]] of Object.entries(COLUMN_OF)) if (at[column] === undefined) throw new Error(`the record has no ${column}`);
  return at;
}
const AT = recordLayout();
const W32 = RECORD_BYTES / 4, W16 = RECORD_BYTES / 2;

/**
 * Writes the records in `bytes` (rows: a batch's updates) into store `st`'s nodes `ids[k]`
 * (or `first + k`). One statement per field (each a monomorphic typed-array access), at the
 * offsets of the schema.
 */
export function writeRows(st, bytes, ids, first) {
  const count = (bytes.byteLength / RECORD_BYTES) | 0;
  if (count === 0) return 0;
  let buf = bytes;
  if (buf.byteOffset % 4 !== 0) buf = buf.slice();
  const u32 = new Uint32Array(buf.buffer, buf.byteOffset, count * W32);
  const i32 = new Int32Array(buf.buffer, buf.byteOffset, count * W32);
  const u16 = new Uint16Array(buf.buffer, buf.byteOffset, count * W16);
  const u8 = new Uint8Array(buf.buffer, buf.byteOffset, count * RECORD_BYTES);
  const i8 = new Int8Array(buf.buffer, buf.byteOffset, count * RECORD_BYTES);
  const { parent, alpha, beta, value, code, index, nMoves, bestIndex, kind, depth, flags, reason } = st;
  const a = AT;
  for (let k = 0; k < count; k++) {
    const id = ids ? ids[k] : first + k;
    const w = k * W32, h = k * W16, b = k * RECORD_BYTES;
    parent[id] = u32[w + a.parent];
    alpha[id] = i32[w + a.alpha];
    beta[id] = i32[w + a.beta];
    value[id] = i32[w + a.value];
    code[id] = u16[h + a.code];
    index[id] = u16[h + a.index];
    nMoves[id] = u16[h + a.nMoves];
    bestIndex[id] = u16[h + a.bestIndex];
    kind[id] = u8[b + a.kind];
    depth[id] = i8[b + a.depth];
    flags[id] = u8[b + a.flags];
    reason[id] = u8[b + a.reason];
  }
  return count;
}

/** The records of store `st`'s nodes [from, to) as rows of the record layout (to hand the trace back). */
export function packRows(st, from, to) {
  const count = Math.max(0, to - from);
  const buf = new ArrayBuffer(count * RECORD_BYTES);
  const u32 = new Uint32Array(buf), i32 = new Int32Array(buf), u16 = new Uint16Array(buf);
  const u8 = new Uint8Array(buf), i8 = new Int8Array(buf);
  const { parent, alpha, beta, value, code, index, nMoves, bestIndex, kind, depth, flags, reason } = st;
  const a = AT;
  for (let k = 0, id = from; k < count; k++, id++) {
    const w = k * W32, h = k * W16, b = k * RECORD_BYTES;
    u32[w + a.parent] = parent[id];
    i32[w + a.alpha] = alpha[id];
    i32[w + a.beta] = beta[id];
    i32[w + a.value] = value[id];
    u16[h + a.code] = code[id];
    u16[h + a.index] = index[id];
    u16[h + a.nMoves] = nMoves[id];
    u16[h + a.bestIndex] = bestIndex[id];
    u8[b + a.kind] = kind[id];
    i8[b + a.depth] = depth[id];
    u8[b + a.flags] = flags[id];
    u8[b + a.reason] = reason[id];
  }
  return new Uint8Array(buf);
}
