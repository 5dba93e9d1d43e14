// A worker that inflates a gzip-compressed trace file for the search worker (./open-file.js),
// on another core: while the search worker's core decodes and checks what was inflated, the
// browser's `DecompressionStream` (native code) inflates the rest here. The page's main thread
// has nothing to do until the file's first batch, so on two cores this work runs beside the
// decoding instead of before it.
//
// Protocol (search worker ↔ this worker): `{file, ahead}` starts; then `{type: 'piece', bytes}`
// (a transferred `Uint8Array` of PIECE bytes, the last one shorter) as the file inflates, at most
// `ahead` pieces before the search worker asks for more (`{type: 'more'}`, one per piece taken),
// so that the inflated file is never held whole; `{type: 'end'}` after the last piece, or
// `{type: 'error', message}` when the browser's decoder refuses the file.

/** Bytes of the inflated file per message. */
const PIECE = 1 << 20;

let credit = 0; // worker-local: pieces the search worker will take before it asks for more
let wake = null; // worker-local: resumes the inflating loop when more pieces are wanted

self.onmessage = ({ data }) => {
  if (data?.type === 'more') {
    credit++;
    wake?.();
    wake = null;
    return;
  }
  credit = data.ahead;
  inflate(data.file).catch((err) => self.postMessage({ type: 'error', message: String(err?.message ?? err) }));
};

async function inflate(file) {
  const reader = file.stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  let piece = new Uint8Array(PIECE);
  let fill = 0;
  const send = async () => {
    while (credit <= 0) await new Promise((r) => (wake = r));
    credit--;
    const bytes = fill === PIECE ? piece : piece.slice(0, fill);
    self.postMessage({ type: 'piece', bytes }, [bytes.buffer]);
    piece = new Uint8Array(PIECE);
    fill = 0;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let at = 0; at < value.length; ) {
      const k = Math.min(value.length - at, PIECE - fill);
      piece.set(value.subarray(at, at + k), fill);
      fill += k;
      at += k;
      if (fill === PIECE) await send();
    }
  }
  if (fill) await send();
  self.postMessage({ type: 'end' });
}
