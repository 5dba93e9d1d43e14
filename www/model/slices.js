// Scheduling the slices in which a trace takes its batches in (www/model/trace.js): the next
// task, or a task after the frame that draws what they took in; and the redraws they ask for.

/**
 * A slice that has just asked for a redraw stops, and the next one waits until that frame has
 * been drawn: the frame that redraws a large tree then holds the redraw, not a slice of batches
 * too (issue 33, "Stalls": the long frames of a 10 M-node chess stream were a slice of 8–47 ms
 * and the redraw in one frame). Frames do not come in a hidden tab: the slice then waits at most
 * this long.
 */
const AFTER_FRAME_MAX_MS = 100;

/** Runs `f(byFrame)` in a task after the next animation frame (`byFrame` true), or after
 * AFTER_FRAME_MAX_MS without one (false); returns what cancels it. */
export function afterFrame(f) {
  let raf = 0, timer = 0, task = 0; // UI-local: the pending frame, fallback timer and task of this one wait
  const go = (byFrame) => {
    cancelAnimationFrame(raf);
    clearTimeout(timer);
    task = setTimeout(() => f(byFrame), 0);
  };
  raf = requestAnimationFrame(() => go(true));
  timer = setTimeout(() => go(false), AFTER_FRAME_MAX_MS);
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

/**
 * The redraws a streaming trace asks for, each in a frame of its own. The slice that asks has
 * run since the last frame was painted, so a redraw asked for at once (the page's `invalidate`)
 * would be drawn in the same animation frame as that slice: the frame's time was the slice's
 * and the redraw's (issue 33, "Stalls": 14–46 ms of batches and a 22–158 ms redraw in the
 * longest frame of a 10 M-node chess stream, its first redraw). Here `ask()` (the trace's
 * `onChange`) runs in the next animation frame, whose own redraw it does not join: the redraw
 * comes in the frame after, and no slice runs in between (`due` holds until that frame has
 * run). The cost: one frame (16.7 ms) without batches per redraw, which come at most every
 * 250 ms while a search streams (www/model/trace.js STREAM_REDRAW_MS).
 */
export class RedrawGate {
  /** `ask()`: asks the page for a redraw. */
  constructor(ask) {
    this.ask = ask;
    /** A redraw was asked for and the frame that draws it has not run: slices wait. */
    this.due = false;
    this.raf = 0;
  }

  /** A redraw is wanted (slices wait until it is drawn). */
  request() {
    this.due = true;
    if (this.raf) return;
    this.raf = requestAnimationFrame(() => {
      // this frame paints what the slice that asked did; the redraw asked for now is the next
      // frame's (a callback added while frames' callbacks run belongs to the next frame), and
      // `due` ends after it, in a callback queued after the page's own
      this.ask();
      this.raf = requestAnimationFrame(() => {
        this.raf = 0;
        this.due = false;
      });
    });
  }

  /** A slice comes after a frame (`byFrame`) or after waiting AFTER_FRAME_MAX_MS without one
   * (a hidden tab draws nothing: it goes on): whether it must wait for another frame. */
  waits(byFrame) {
    if (!this.due) return false;
    if (byFrame) return true;
    this.due = false;
    return false;
  }
}
