// Scheduling the slices in which a trace takes its batches in (www/model/trace.js): the next
// task, or a task after the next animation frame.

/**
 * A slice that has just asked for a redraw stops, and the next one waits until that frame has
 * been drawn: the frame that redraws a large tree then holds the redraw, not a slice of batches
 * too (issue 33, "Stalls": the long frames of a 10 M-node chess stream were a slice of 8–47 ms
 * and the redraw in one frame). Frames do not come in a hidden tab: the slice then waits at most
 * this long.
 */
const AFTER_FRAME_MAX_MS = 100;

/** Runs `f` in a task after the next animation frame (or after AFTER_FRAME_MAX_MS without one);
 * returns what cancels it. */
export function afterFrame(f) {
  let raf = 0, timer = 0, task = 0; // UI-local: the pending frame, fallback timer and task of this one wait
  const go = () => {
    cancelAnimationFrame(raf);
    clearTimeout(timer);
    task = setTimeout(f, 0);
  };
  raf = requestAnimationFrame(go);
  timer = setTimeout(go, AFTER_FRAME_MAX_MS);
  return () => {
    cancelAnimationFrame(raf);
    clearTimeout(timer);
    clearTimeout(task);
  };
}

/** Runs `f` in the next task; returns what cancels it. */
export function nextSlice(f) {
  const t = setTimeout(f, 0);
  return () => clearTimeout(t);
}

