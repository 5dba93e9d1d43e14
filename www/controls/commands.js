// Every command the keys, the step bar and the toolbar run — once, for both modes. A command
// acts on the current mode (www/modes/explore.js or compare.js), which says what a step or a
// selection means there. Also the play clock: events per second, advanced once per frame.

const SPEEDS = [1, 2, 4, 8, 15, 25, 40, 60, 100, 160, 250, 400, 630, 1000];

/** The play speed nearest to `v` events per second, and the slider position of a speed. */
export const speedIndex = (v) => SPEEDS.reduce((best, s, i) => (Math.abs(s - v) < Math.abs(SPEEDS[best] - v) ? i : best), 0);
export const speedAt = (i) => SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, i))];
export const SPEED_STEPS = SPEEDS.length;

/**
 * The commands. `app`: { state, mode() → the current mode, invalidate(), invalidateDom() }.
 * Returns { run(name) → whether it exists, has(name), pause(), tick(now) }.
 */
export function createCommands(app) {
  const { state } = app;
  const play = state.play;

  /**
   * Moves the driving cursor with `f(cursor)`; pauses unless `keepPlaying`. A lesson's open
   * question (`state.learn.gate`, www/modes/learn.js) holds explore's cursor at its event until
   * it is answered: reaching the gate pauses and asks.
   */
  const step = (f, keepPlaying = false) => {
    const m = app.mode();
    if (!keepPlaying) pause();
    const c = m.driver().cursor;
    let changed = f(c, m);
    const gate = state.mode === 'explore' ? state.learn.gate : -1;
    if (gate >= 0 && c.at > gate) {
      c.set(gate);
      changed = true;
    }
    m.afterStep(changed);
    if (gate >= 0 && c.at >= gate) {
      pause();
      app.modes.learn?.atGate();
    }
  };

  function pause() {
    if (!play.on) return;
    play.on = false;
    app.invalidateDom();
  }

  function togglePlay() {
    if (play.on) return pause();
    const c = app.mode().driver().cursor;
    if (!c.store.nev) return;
    if (c.live || c.atEnd()) c.set(0);
    play.on = true;
    play.owed = 0;
    play.last = performance.now();
    app.mode().afterStep(true);
  }

  /** Advances a playing cursor by the events owed since the last frame. */
  function tick(now) {
    if (!play.on) return false;
    const dt = Math.min(0.25, (now - play.last) / 1000);
    play.last = now;
    play.owed += dt * play.speed;
    const k = Math.floor(play.owed);
    if (k > 0) {
      play.owed -= k;
      step((c) => c.forward(k), true);
      if (app.mode().driver().cursor.atEnd()) pause();
    }
    return play.on;
  }

  const setSpeed = (v) => {
    play.speed = v;
    app.invalidateDom();
  };

  const jump = (kind, dir) => () => step((c) => c.toMark(kind, dir));

  const table = {
    'step.forward': () => step((c) => c.forward()),
    'step.back': () => step((c) => c.back()),
    'step.forward10': () => step((c) => c.forward(10)),
    'step.back10': () => step((c) => c.back(10)),
    'step.first': () => step((c) => c.first()),
    'step.last': () => step((c) => c.last()),
    'step.over': () => step((c) => c.over()),
    'step.out': () => step((c) => c.out()),
    'jump.cutoff': jump('cutoff', 1),
    'jump.cutoff.back': jump('cutoff', -1),
    'jump.research': jump('research', 1),
    'jump.research.back': jump('research', -1),
    'jump.mismatch': jump('mismatch', 1),
    'jump.mismatch.back': jump('mismatch', -1),
    'jump.uncertain': jump('uncertain', 1),
    'jump.uncertain.back': jump('uncertain', -1),
    'jump.difference': () => step((c, m) => m.nextDifference?.(1) ?? false),
    'jump.difference.back': () => step((c, m) => m.nextDifference?.(-1) ?? false),
    'play.toggle': togglePlay,
    'play.pause': pause,
    'play.faster': () => setSpeed(speedAt(speedIndex(play.speed) + 1)),
    'play.slower': () => setSpeed(speedAt(speedIndex(play.speed) - 1)),
    'view.fit': () => app.mode().fit(),
    'view.zoomCursor': () => app.mode().zoomToCursor(),
    // what the wheel and a drag do, for the keyboard alone (issue 19 §4)
    'view.zoomIn': () => app.mode().zoomBy(1.25),
    'view.zoomOut': () => app.mode().zoomBy(0.8),
    'view.panLeft': () => app.mode().panBy(-0.2, 0),
    'view.panRight': () => app.mode().panBy(0.2, 0),
    'view.panUp': () => app.mode().panBy(0, -0.2),
    'view.panDown': () => app.mode().panBy(0, 0.2),
    'view.collapse': () => app.mode().toggleCollapse(),
    'view.expandAll': () => app.mode().expandAll(),
    'view.maxmin': () => {
      state.maxmin = !state.maxmin;
      app.invalidate();
    },
    'view.finals': () => {
      if (state.learn.gate >= 0) return; // a lesson's question is open: final results would answer it
      state.finals = !state.finals;
      app.invalidate();
    },
    'view.ghost': () => app.mode().setView?.(state.compare.view === 'side' ? 'ghost' : 'side'),
    'view.color': () => app.mode().toggleColor?.(),
    'view.drive': () => app.mode().setDrive?.(state.compare.drive === 'A' ? 'B' : 'A'),
  };

  return {
    run(name) {
      const f = table[name];
      if (!f) return false;
      f();
      return true;
    },
    has: (name) => name in table,
    names: () => Object.keys(table),
    pause,
    tick,
    setSpeed,
  };
}
