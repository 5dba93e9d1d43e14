// A tree canvas: its size, the view transform it is given (zoom and pan live in the page state,
// shared by compare mode's panes), fitting, hit testing and input — wheel and drag, pinch, tap,
// double-tap and horizontal flicks on touch screens. Drawing is www/views/draw/tree.js; this
// module decides nothing about the trace: it reports what the user did through callbacks.

import { NONE } from '../model/store.js';
import { L_HIDDEN } from '../model/layout.js';
import { drawTree } from './draw/tree.js';
import { GUTTER } from './draw/scene.js';

/** A flick: at least this far, this fast, and mostly sideways. */
const FLICK_PX = 40;
const FLICK_MS = 350;

export class TreeCanvas {
  /**
   * `canvas`; `transform`: { x0, sx, y0, sy, userMoved } (shared or not); `on`: { select(id),
   * toggle(id), moved() (the user zoomed or panned), flick(dir) (dir 1 = forward), resized() }.
   */
  constructor(canvas, transform, on) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d', { alpha: false });
    this.t = transform;
    this.on = on;
    this.W = 300;
    this.H = 200;
    this.dpr = 1;
    this.lastFrameMs = 0;
    this.lastStats = { nodes: 0, dense: 0, ghostStubs: [] };
    /** What the last frame drew (for hit tests): { store, layout }. */
    this.drawn = null;
    this.lastTap = { t: 0, id: NONE };
    this.bind();
    this.resize();
    new ResizeObserver(() => {
      if (this.resize()) on.resized?.();
    }).observe(canvas.parentElement);
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

  /** Fits a layout `width` slots wide and `rows` plies deep into the canvas. */
  fit(width, rows) {
    const t = this.t;
    const w = Math.max(1, width);
    const usable = Math.max(20, this.W - GUTTER - 30);
    t.sx = Math.min(110, usable / w);
    t.x0 = (w - 1) / 2 - usable / 2 / t.sx - 15 / t.sx;
    t.sy = Math.max(14, Math.min(rows <= 6 ? 160 : 100, (this.H - 60) / Math.max(1, rows)));
    t.y0 = -34 / t.sy;
    t.userMoved = false;
  }

  /** Screen position (CSS px, relative to the canvas) of node `id` of `store` in `layout`. */
  screenOf(id, store, layout) {
    const { x0, sx, y0, sy } = this.t;
    return [(layout.x[id] - x0) * sx + GUTTER, (store.ply[id] - y0) * sy];
  }

  /** Pans (keeping the zoom) so that node `id` is on screen, with a margin. */
  ensureVisible(id, store, layout) {
    if (id === NONE || id >= store.n) return false;
    const [px, py] = this.screenOf(id, store, layout);
    const mx = 14, my = 24;
    const t = this.t;
    let moved = false;
    if (px < GUTTER + mx) {
      t.x0 -= (GUTTER + mx * 3 - px) / t.sx;
      moved = true;
    } else if (px > this.W - mx) {
      t.x0 += (px - (this.W - mx * 3)) / t.sx;
      moved = true;
    }
    if (py < my) {
      t.y0 -= (my * 2 - py) / t.sy;
      moved = true;
    } else if (py > this.H - my) {
      t.y0 += (py - (this.H - my * 2)) / t.sy;
      moved = true;
    }
    if (moved) t.userMoved = true;
    return moved;
  }

  /** Zooms so that node `id`'s neighbourhood is readable, centred on it. */
  zoomTo(id, store, layout, sx = 80) {
    if (id === NONE || id >= store.n) return;
    const t = this.t;
    t.sx = sx;
    t.sy = Math.max(t.sy, 72);
    t.x0 = layout.x[id] - (this.W - GUTTER) / 2 / sx;
    t.y0 = store.ply[id] - this.H / 2 / t.sy;
    t.userMoved = true;
  }

  /** The node under a canvas point in the last frame, or NONE. */
  hit(cx, cy) {
    if (!this.drawn) return NONE;
    const { store: st, layout: lay } = this.drawn;
    const { x0, sx, y0, sy } = this.t;
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

  /** Zooms by `f` about the canvas point (mx, my); rows grow a little up to a reading height. */
  zoomAt(f, mx, my, rowsOnly = false) {
    const t = this.t;
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
      drag = { x, y, x0: this.t.x0, y0: this.t.y0, moved: false, at: performance.now(), touch: ev.pointerType === 'touch' };
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
    this.canvas.classList.add('panning');
    this.t.x0 = drag.x0 - dx / this.t.sx;
    this.t.y0 = drag.y0 - dy / this.t.sy;
    this.t.userMoved = true;
    this.on.moved?.();
  }

  /** The end of a press: a flick steps, a tap selects, a second tap on a node folds it. */
  release(d, x, y) {
    const dx = x - d.x, dy = y - d.y;
    if (d.touch && d.moved && performance.now() - d.at < FLICK_MS && Math.abs(dx) > FLICK_PX && Math.abs(dx) > 2 * Math.abs(dy)) {
      // a flick steps (left = forward, like turning a page) and undoes its pan
      this.t.x0 = d.x0;
      this.t.y0 = d.y0;
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

  /** Draws one frame of `store` laid out by `layout`; `opts` as for drawTree. */
  draw(store, layout, opts) {
    const t0 = performance.now();
    const ctx = this.ctx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    this.drawn = { store, layout };
    this.lastStats = drawTree(ctx, this.W, this.H, store, layout, this.t, opts);
    this.lastFrameMs = performance.now() - t0;
    return this.lastStats;
  }
}
