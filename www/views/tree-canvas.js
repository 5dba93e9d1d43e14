// A tree canvas: its size, its view transform, fitting, hit testing and input — wheel and
// drag, pinch, tap, double-tap and horizontal flicks on touch screens. Drawing is
// www/views/draw/tree.js; this module decides nothing about the trace: it reports what the
// user did through callbacks. The canvas owns its transform and never writes the page state:
// it takes the stored transform before using its own (`on.transform()`; compare mode's panes
// share one) and reports every change (`on.transformed(t)`), which the mode stores
// (issue 32 §4; scripts/check/view-writes.mjs).

import { NONE } from '../model/store.js';
import { L_HIDDEN } from '../model/layout.js';
import { drawTree } from './draw/tree.js';
import { drawProblem } from './draw/problem.js';
import { GUTTER } from './draw/scene.js';
import { newTransform } from '../state.js';

/** A flick: at least this far, this fast, and mostly sideways. */
const FLICK_PX = 40;
const FLICK_MS = 350;
/** Fitting: room beside the outermost leaves (half a value label and the node), above the root
 * (its label and the cursor's α/β pill) and below the deepest row (value, window, the frame
 * counter); the widest a slot gets. */
const FIT_SIDE = 26;
const FIT_TOP = 38;
const FIT_BOTTOM = 40;
const FIT_COUNTER = 22; // the frame counter in the bottom corner (explore's canvas)
const FIT_MAX_SX = 110;
/** Following the cursor: the margin (a fraction of the view, capped) it must not enter, and how
 * long a pan takes. */
const FOLLOW_MARGIN = 0.12;
export const PAN_MS = 160;

/** Whether the reader asked the system for reduced motion (`prefers-reduced-motion`). */
const reduceMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

export class TreeCanvas {
  /**
   * `canvas`; `on`: { transform() (the stored transform, { x0, sx, y0, sy, userMoved }),
   * transformed(t) (the canvas changed it: store a copy of `t`), select(id), toggle(id), moved()
   * (the user zoomed or panned), flick(dir) (dir 1 = forward), resized() }; `counter`: a frame
   * counter sits in the canvas's bottom corner (fitting keeps clear of it).
   */
  constructor(canvas, on, counter = false) {
    this.counter = counter;
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d', { alpha: false });
    /** The canvas's own transform (view()), reported on every change (changed()). */
    this.own = newTransform();
    this.on = on;
    this.W = 300;
    this.H = 200;
    this.dpr = 1;
    this.lastFrameMs = 0;
    this.lastStats = { nodes: 0, dense: 0, ghostStubs: [] };
    /** What the last frame drew (for hit tests): { store, layout }. */
    this.drawn = null;
    this.lastTap = { t: 0, id: NONE };
    /** A pan under way (ensureVisible): { x0, y0 (from), x1, y1 (to), start }, or null. */
    this.anim = null;
    this.bind();
    this.resize();
    new ResizeObserver(() => {
      if (this.resize()) on.resized?.();
    }).observe(canvas.parentElement);
  }

  /** The canvas's transform, first brought up to the stored one (the mode may have changed it,
   * or another pane of compare mode). */
  view() {
    return Object.assign(this.own, this.on.transform());
  }

  /** Reports a change of the transform to the mode, which stores it. */
  changed() {
    this.on.transformed({ ...this.own });
  }

  /** Takes the canvas's CSS size; returns whether it changed. */
  resize() {
    const r = this.canvas.parentElement.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const W = Math.max(60, Math.floor(r.width)), H = Math.max(60, Math.floor(r.height));
    if (W === this.W && H === this.H && dpr === this.dpr && this.canvas.width) return false;
    this.dpr = dpr;
    this.W = W;
    this.H = H;
    this.canvas.width = Math.round(W * dpr);
    this.canvas.height = Math.round(H * dpr);
    this.canvas.style.width = W + 'px';
    this.canvas.style.height = H + 'px';
    return true;
  }

  /**
   * Fits a layout `width` slots wide and `rows` plies deep into the canvas, wholly: every node
   * right of the gutter with room for a leaf's value label on both sides, the root's label and
   * the cursor's pill above the top row, and a node's value and window below the bottom row
   * (clear of the frame counter in the corner). Textbook trees get at most FIT_MAX_SX a slot.
   */
  fit(width, rows) {
    const t = this.view();
    const w = Math.max(1, width);
    const usable = Math.max(20, this.W - GUTTER - 2 * FIT_SIDE);
    t.sx = Math.min(FIT_MAX_SX, w > 1 ? usable / (w - 1) : FIT_MAX_SX);
    // centred in the area right of the gutter
    t.x0 = (w - 1) / 2 - (this.W - GUTTER) / 2 / t.sx;
    const tall = Math.max(20, this.H - FIT_TOP - FIT_BOTTOM - (this.counter ? FIT_COUNTER : 0));
    t.sy = Math.max(14, Math.min(rows <= 6 ? 160 : 100, rows > 1 ? tall / (rows - 1) : 160));
    t.y0 = -FIT_TOP / t.sy;
    t.userMoved = false;
    this.anim = null;
    this.changed();
  }

  /** Screen position (CSS px, relative to the canvas) of node `id` of `store` in `layout`. */
  screenOf(id, store, layout) {
    const { x0, sx, y0, sy } = this.view();
    return [(layout.x[id] - x0) * sx + GUTTER, (store.ply[id] - y0) * sy];
  }

  /**
   * Keeps node `id` in view by panning (the zoom stays): only when it would leave a margin of
   * the view (FOLLOW_MARGIN of each side), and then just far enough to bring it back inside the
   * margin plus a little more, so that the next steps do not pan again at once. The pan is
   * animated over PAN_MS (at most 200 ms, issue 18), or immediate under reduced motion
   * (`prefers-reduced-motion`) or with `animate` false. Not a user move: a later fit still
   * applies. Returns whether it panned.
   */
  ensureVisible(id, store, layout, animate = true) {
    if (id === NONE || id >= store.n) return false;
    const t = this.view();
    // measured where the view is going, not where an unfinished pan is now
    const x0 = this.anim ? this.anim.x1 : t.x0, y0 = this.anim ? this.anim.y1 : t.y0;
    const px = (layout.x[id] - x0) * t.sx + GUTTER, py = (store.ply[id] - y0) * t.sy;
    const inner = this.W - GUTTER;
    const [mx, my] = this.followMargins();
    let dx = 0, dy = 0;
    if (px < GUTTER + mx) dx = px - (GUTTER + mx + inner * 0.15);
    else if (px > this.W - mx) dx = px - (this.W - mx - inner * 0.15);
    if (py < my) dy = py - (my + this.H * 0.1);
    else if (py > this.H - my) dy = py - (this.H - my - this.H * 0.1);
    if (!dx && !dy) return false;
    const x1 = x0 + dx / t.sx, y1 = y0 + dy / t.sy;
    if (!animate || reduceMotion()) {
      this.anim = null;
      t.x0 = x1;
      t.y0 = y1;
      this.changed();
    } else this.anim = { x0: t.x0, y0: t.y0, x1, y1, start: performance.now() };
    return true;
  }

  /** The margins [x, y] in CSS px (inside the gutter's edge and the canvas's) that a followed
   * cursor must not enter. */
  followMargins() {
    return [Math.min((this.W - GUTTER) * FOLLOW_MARGIN, 80), Math.min(this.H * FOLLOW_MARGIN, 60)];
  }

  /** Advances a pan started by ensureVisible to time `now`; whether it is still under way. */
  tick(now) {
    const a = this.anim;
    if (!a) return false;
    const t = this.view();
    const u = Math.min(1, Math.max(0, (now - a.start) / PAN_MS));
    const e = 1 - (1 - u) * (1 - u) * (1 - u); // ease out
    t.x0 = a.x0 + (a.x1 - a.x0) * e;
    t.y0 = a.y0 + (a.y1 - a.y0) * e;
    if (u >= 1) this.anim = null;
    this.changed();
    return this.anim !== null;
  }

  /**
   * Zooms so that node `id` and its children are readable, centred on it: as close as 80 px a
   * slot, but never so close that a large subtree's children fall off the canvas (which would
   * leave the node alone on screen).
   */
  zoomTo(id, store, layout, sx = 80) {
    if (id === NONE || id >= store.n) return;
    const t = this.view();
    const lc = store.lastChild[id];
    let lo = layout.x[id], hi = layout.x[id];
    if (lc !== NONE && !(layout.lf[id] & 2)) {
      lo = Math.min(lo, layout.x[id + 1]);
      hi = Math.max(hi, layout.x[lc]);
    }
    const usable = Math.max(40, this.W - GUTTER - 40);
    this.anim = null;
    t.sx = Math.max(1e-3, Math.min(sx, usable / Math.max(1, hi - lo + 1)));
    t.sy = Math.max(t.sy, 72);
    t.x0 = (lo + hi) / 2 - (this.W - GUTTER) / 2 / t.sx;
    t.y0 = store.ply[id] - Math.min(this.H / 2, 2.2 * t.sy) / t.sy + 0.5;
    t.userMoved = true;
    this.changed();
  }

  /** The node under a canvas point in the last frame, or NONE. */
  hit(cx, cy) {
    if (!this.drawn) return NONE;
    const { store: st, layout: lay } = this.drawn;
    const { x0, sx, y0, sy } = this.view();
    const plyLists = lay.plyLists ?? st.plyLists;
    const q = Math.round(cy / sy + y0);
    if (q < 0 || q > st.maxPly || !plyLists[q]) return NONE;
    if (Math.abs((q - y0) * sy - cy) > Math.max(14, sy * 0.3)) return NONE;
    const l = plyLists[q];
    const wx = (cx - GUTTER) / sx + x0;
    const ids = l.a;
    let lo = 0, hi = l.n;
    while (lo < hi) {
      const m = (lo + hi) >>> 1;
      if (lay.x[ids[m]] < wx) lo = m + 1;
      else hi = m;
    }
    let best = NONE, bd = Infinity;
    for (let k = Math.max(0, lo - 2); k < Math.min(l.n, lo + 2); k++) {
      const id = ids[k];
      if (lay.lf[id] & L_HIDDEN) continue;
      const d = Math.abs((lay.x[id] - x0) * sx + GUTTER - cx);
      if (d < bd) {
        bd = d;
        best = id;
      }
    }
    return bd <= Math.max(12, Math.min(sx * 0.5, 22)) ? best : NONE;
  }

  local(ev) {
    const rect = this.canvas.getBoundingClientRect();
    return [ev.clientX - rect.left, ev.clientY - rect.top];
  }

  /** Zooms by `f` about the cursor's node if it is on screen, else the view's centre (keys). */
  zoomAbout(f, id, store, layout) {
    let [mx, my] = [(this.W + GUTTER) / 2, this.H / 2];
    if (id !== NONE && id < store.n) {
      const [px, py] = this.screenOf(id, store, layout);
      if (px >= GUTTER && px <= this.W && py >= 0 && py <= this.H) [mx, my] = [px, py];
    }
    this.zoomAt(f, mx, my);
  }

  /** Pans the view by (dx, dy) CSS px, as a drag would (keys). */
  panBy(dx, dy) {
    this.anim = null;
    const t = this.view();
    t.x0 += dx / t.sx;
    t.y0 += dy / t.sy;
    t.userMoved = true;
    this.changed();
    this.on.moved?.();
  }

  /** Zooms by `f` about the canvas point (mx, my); rows grow a little up to a reading height. */
  zoomAt(f, mx, my, rowsOnly = false) {
    const t = this.view();
    this.anim = null;
    if (rowsOnly) {
      const wy = my / t.sy + t.y0;
      t.sy = Math.max(10, Math.min(200, t.sy * f));
      t.y0 = wy - my / t.sy;
    } else {
      const wx = (mx - GUTTER) / t.sx + t.x0;
      const width = this.drawn?.layout.width ?? 1;
      const minSx = (this.W - GUTTER) / (width * 8);
      t.sx = Math.max(Math.min(minSx, 1e-3), Math.min(240, t.sx * f));
      t.x0 = wx - (mx - GUTTER) / t.sx;
      if (f > 1 && t.sx > 30 && t.sy < 80) {
        const wy = my / t.sy + t.y0;
        t.sy = Math.min(80, t.sy * f);
        t.y0 = wy - my / t.sy;
      }
    }
    t.userMoved = true;
    this.changed();
    this.on.moved?.();
  }

  bind() {
    this.canvas.addEventListener(
      'wheel',
      (ev) => {
        ev.preventDefault();
        const [mx, my] = this.local(ev);
        this.zoomAt(Math.exp(-ev.deltaY * (ev.deltaMode === 1 ? 0.05 : 0.0018)), mx, my, ev.shiftKey || ev.altKey);
      },
      { passive: false },
    );
    this.bindPointers();
    this.canvas.addEventListener('dblclick', (ev) => {
      const id = this.hit(...this.local(ev));
      if (id !== NONE) this.on.toggle?.(id);
    });
  }

  /** Drag to pan, two fingers to zoom, tap or click to select, double-tap to fold, flick to step. */
  bindPointers() {
    const c = this.canvas;
    const pointers = new Map(); // pointerId -> [x, y]
    let drag = null;
    let pinch = null;
    c.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      try {
        c.setPointerCapture(ev.pointerId);
      } catch {
        /* a pointer the browser no longer tracks: drag without capture */
      }
      pointers.set(ev.pointerId, this.local(ev));
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]), mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
        drag = null;
        return;
      }
      const [x, y] = this.local(ev);
      const t = this.view();
      drag = { x, y, x0: t.x0, y0: t.y0, moved: false, at: performance.now(), touch: ev.pointerType === 'touch' };
    });
    c.addEventListener('pointermove', (ev) => {
      if (!pointers.has(ev.pointerId)) return;
      pointers.set(ev.pointerId, this.local(ev));
      if (pinch && pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (pinch.d > 0 && d > 0) this.zoomAt(d / pinch.d, pinch.mid[0], pinch.mid[1]);
        pinch.d = d;
      } else if (drag) this.dragTo(drag, ...this.local(ev));
    });
    const end = (ev) => {
      pointers.delete(ev.pointerId);
      if (pointers.size < 2) pinch = null;
      if (!drag) return;
      const d = drag;
      drag = null;
      c.classList.remove('panning');
      if (ev.type === 'pointerup') this.release(d, ...this.local(ev));
    };
    c.addEventListener('pointerup', end);
    c.addEventListener('pointercancel', end);
  }

  dragTo(drag, x, y) {
    const dx = x - drag.x, dy = y - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) < (drag.touch ? 8 : 4)) return;
    drag.moved = true;
    this.anim = null;
    this.canvas.classList.add('panning');
    const t = this.view();
    t.x0 = drag.x0 - dx / t.sx;
    t.y0 = drag.y0 - dy / t.sy;
    t.userMoved = true;
    this.changed();
    this.on.moved?.();
  }

  /** The end of a press: a flick steps, a tap selects, a second tap on a node folds it. */
  release(d, x, y) {
    const dx = x - d.x, dy = y - d.y;
    if (d.touch && d.moved && performance.now() - d.at < FLICK_MS && Math.abs(dx) > FLICK_PX && Math.abs(dx) > 2 * Math.abs(dy)) {
      // a flick steps (left = forward, like turning a page) and undoes its pan
      const t = this.view();
      t.x0 = d.x0;
      t.y0 = d.y0;
      this.changed();
      this.on.flick?.(dx < 0 ? 1 : -1);
      return;
    }
    if (d.moved) return;
    const id = this.hit(x, y);
    const now = performance.now();
    if (d.touch && id !== NONE && id === this.lastTap.id && now - this.lastTap.t < 350) {
      this.on.toggle?.(id);
      this.lastTap = { t: 0, id: NONE };
      return;
    }
    this.lastTap = { t: now, id };
    if (id !== NONE) this.on.select?.(id);
  }

  /** Draws an explicit tree's problem before its search (www/views/draw/problem.js). */
  drawProblem(lay, opts) {
    const ctx = this.ctx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    this.drawn = null;
    this.lastStats = { nodes: 0, dense: 0, ghostStubs: [], problem: drawProblem(ctx, this.W, this.H, lay, opts) };
    return this.lastStats;
  }

  /** Draws one frame of `store` laid out by `layout`; `opts` as for drawTree. */
  draw(store, layout, opts) {
    const t0 = performance.now();
    const ctx = this.ctx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    this.drawn = { store, layout };
    this.lastStats = drawTree(ctx, this.W, this.H, store, layout, this.view(), opts);
    this.lastFrameMs = performance.now() - t0;
    return this.lastStats;
  }
}
