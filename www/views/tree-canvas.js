// The tree canvas: view transform, zoom (wheel), pan (drag), fit, hit testing, collapse.
// Layout lives in layout.js and drawing in render.js; this module only handles interaction.

import { NONE } from './store.js';
import { L_HIDDEN } from './layout.js';
import { drawTree, GUTTER } from './render.js';

export class TreeView {
  constructor(canvas, store, layout, { onSelect, onToggle, onChange }) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d', { alpha: false });
    this.store = store;
    this.layout = layout;
    this.onSelect = onSelect;
    this.onToggle = onToggle;
    this.onChange = onChange;
    this.view = { x0: -1, sx: 60, y0: -0.6, sy: 70 };
    this.userMoved = false; // the user zoomed or panned: stop auto-fitting
    this.W = 300;
    this.H = 200;
    this.dpr = 1;
    this.lastFrameMs = 0;
    this._bind();
    this.resize();
    new ResizeObserver(() => {
      this.resize();
      this.onChange();
    }).observe(canvas.parentElement);
  }

  resize() {
    const r = this.canvas.parentElement.getBoundingClientRect();
    this.dpr = window.devicePixelRatio || 1;
    this.W = Math.max(100, Math.floor(r.width));
    this.H = Math.max(100, Math.floor(r.height));
    this.canvas.width = Math.round(this.W * this.dpr);
    this.canvas.height = Math.round(this.H * this.dpr);
    this.canvas.style.width = this.W + 'px';
    this.canvas.style.height = this.H + 'px';
    if (!this.userMoved) this.fit(false);
  }

  /** Fits the whole tree into the canvas. */
  fit(byUser = true) {
    const lay = this.layout, st = this.store;
    const w = Math.max(1, lay.width);
    const usable = this.W - GUTTER - 30;
    const sx = Math.min(110, usable / w);
    const rows = st.maxPly + 1;
    const sy = Math.max(14, Math.min(rows <= 6 ? 160 : 100, (this.H - 60) / rows));
    this.view.sx = sx;
    this.view.x0 = (w - 1) / 2 - usable / 2 / sx - 15 / sx;
    this.view.sy = sy;
    this.view.y0 = -34 / sy;
    if (byUser) {
      this.userMoved = false;
      this.onChange();
    }
  }

  /** Screen position (CSS px) of node `id`. */
  screenOf(id) {
    const { x0, sx, y0, sy } = this.view;
    return [(this.layout.x[id] - x0) * sx + GUTTER, (this.store.ply[id] - y0) * sy];
  }

  /** Pans (keeping the zoom) so that node `id` is on screen, with a margin. */
  ensureVisible(id) {
    if (id === NONE || id >= this.store.n) return;
    const [px, py] = this.screenOf(id);
    const mx = 14, my = 24;
    let moved = false;
    const v = this.view;
    if (px < GUTTER + mx) {
      v.x0 -= (GUTTER + mx * 3 - px) / v.sx;
      moved = true;
    } else if (px > this.W - mx) {
      v.x0 += (px - (this.W - mx * 3)) / v.sx;
      moved = true;
    }
    if (py < my) {
      v.y0 -= (my * 2 - py) / v.sy;
      moved = true;
    } else if (py > this.H - my) {
      v.y0 += (py - (this.H - my * 2)) / v.sy;
      moved = true;
    }
    if (moved) {
      this.userMoved = true;
      this.onChange();
    }
  }

  /** Zooms so that node `id`'s neighbourhood is readable, centred on it. */
  zoomTo(id, sx = 80) {
    if (id === NONE || id >= this.store.n) return;
    this.view.sx = sx;
    this.view.sy = Math.max(this.view.sy, 72);
    this.view.x0 = this.layout.x[id] - (this.W - GUTTER) / 2 / sx;
    this.view.y0 = this.store.ply[id] - this.H / 2 / this.view.sy;
    this.userMoved = true;
    this.onChange();
  }

  /** The node under a canvas point, or NONE. */
  hit(cx, cy) {
    const st = this.store, lay = this.layout;
    const { x0, sx, y0, sy } = this.view;
    const plyLists = lay.plyLists ?? st.plyLists;
    const q = Math.round(cy / sy + y0);
    if (q < 0 || q > st.maxPly || !plyLists[q]) return NONE;
    if (Math.abs((q - y0) * sy - cy) > Math.max(12, sy * 0.3)) return NONE;
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
    return bd <= Math.max(10, Math.min(sx * 0.5, 20)) ? best : NONE;
  }

  _bind() {
    const c = this.canvas;
    let drag = null;
    c.addEventListener(
      'wheel',
      (ev) => {
        ev.preventDefault();
        const rect = c.getBoundingClientRect();
        const mx = ev.clientX - rect.left, my = ev.clientY - rect.top;
        const f = Math.exp(-ev.deltaY * (ev.deltaMode === 1 ? 0.05 : 0.0018));
        const v = this.view;
        if (ev.shiftKey || ev.altKey) {
          const wy = my / v.sy + v.y0;
          v.sy = Math.max(10, Math.min(200, v.sy * f));
          v.y0 = wy - my / v.sy;
        } else {
          const wx = (mx - GUTTER) / v.sx + v.x0;
          const minSx = (this.W - GUTTER) / (this.layout.width * 8);
          v.sx = Math.max(Math.min(minSx, 1e-3), Math.min(240, v.sx * f));
          v.x0 = wx - (mx - GUTTER) / v.sx;
          // rows grow a little with the zoom, up to a comfortable reading height
          if (f > 1 && v.sx > 30 && v.sy < 80) {
            const wy = my / v.sy + v.y0;
            v.sy = Math.min(80, v.sy * f);
            v.y0 = wy - my / v.sy;
          }
        }
        this.userMoved = true;
        this.onChange();
      },
      { passive: false },
    );
    c.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      c.setPointerCapture(ev.pointerId);
      drag = { x: ev.clientX, y: ev.clientY, x0: this.view.x0, y0: this.view.y0, moved: false };
    });
    c.addEventListener('pointermove', (ev) => {
      if (!drag) return;
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      drag.moved = true;
      c.classList.add('panning');
      this.view.x0 = drag.x0 - dx / this.view.sx;
      this.view.y0 = drag.y0 - dy / this.view.sy;
      this.userMoved = true;
      this.onChange();
    });
    const end = (ev) => {
      if (!drag) return;
      const d = drag;
      drag = null;
      c.classList.remove('panning');
      if (!d.moved && ev.type === 'pointerup') {
        const rect = c.getBoundingClientRect();
        const id = this.hit(ev.clientX - rect.left, ev.clientY - rect.top);
        if (id !== NONE) this.onSelect(id);
      }
    };
    c.addEventListener('pointerup', end);
    c.addEventListener('pointercancel', end);
    c.addEventListener('dblclick', (ev) => {
      const rect = c.getBoundingClientRect();
      const id = this.hit(ev.clientX - rect.left, ev.clientY - rect.top);
      if (id !== NONE) this.onToggle(id);
    });
  }

  /** Draws one frame; `opts` as for render.drawTree. Returns the frame time in ms. */
  draw(opts) {
    const t0 = performance.now();
    const ctx = this.ctx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    this.lastStats = drawTree(ctx, this.W, this.H, this.store, this.layout, this.view, opts);
    this.lastFrameMs = performance.now() - t0;
    return this.lastFrameMs;
  }
}
