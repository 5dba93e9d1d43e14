// Share links in the page: "Copy link" writes the current setup (the searched input, each
// configuration in the CLI's words, the view and the cursor) as a version-1 link
// (www/model/share.js, docs/share-links.md); opening a page with such a link checks every
// parameter — its shape here, the input and each configuration through the same core checks
// the panels use (`check_input`, `build_config`) — then puts the setup in the panels, runs the
// search (or the comparison) and moves the cursor to the linked event.

import { encodeShare, decodeShare, lessonFragment, ShareError } from './model/share.js';

/** Waits (one animation frame at a time) until `ok()` holds, at most `ms`. */
function until(ok, ms = 60_000) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (ok()) return resolve();
      if (performance.now() - t0 > ms) return reject(new Error('timed out'));
      requestAnimationFrame(tick);
    };
    tick();
  });
}

/** `app`: { state, core, modes, commands, invalidate, openLearn(id) }; `actions`, `panels`. */
export function createSharing(app, { actions, panels }) {
  const { state, core } = app;

  /** The current setup's link (the page's address with the fragment), or null with nothing to share. */
  function link() {
    const L = state.learn;
    if (L.open && L.lesson !== null && state.mode === 'explore') return `${location.origin}${location.pathname}#${lessonFragment(L.lesson)}`;
    const compare = state.mode === 'compare';
    const t = compare ? state.compare.sides[state.compare.drive] : state.explore.trace;
    if (!t.input || !t.config) return null;
    const sides = compare ? ['A', 'B'] : ['A'];
    const configs = {};
    for (const k of sides) {
      const c = compare ? state.compare.sides[k].config : t.config;
      if (!c) return null;
      configs[k] = core.config_words(c);
    }
    const cur = t.cursor;
    const frag = encodeShare({
      mode: state.mode,
      input: t.input,
      configs,
      depth: t.config.depth,
      iterative: !!t.config.iterative,
      cap: t.config.node_cap,
      maxmin: state.maxmin,
      finals: state.finals,
      drive: state.compare.drive,
      view: state.compare.view,
      cursor: cur.live ? -1 : cur.at,
    });
    // the embed view's links open the full page
    return `${location.origin}${location.pathname.replace(/embed\.html$/, '')}#${frag}`;
  }

  /** Reports on the copy through the search's notice. */
  function notice(kind, text) {
    const t = state.mode === 'compare' ? null : state.explore.trace;
    if (t) t.notice = { kind, text };
    else state.compare.notice = { kind, text };
    app.invalidateDom();
  }

  /** Copies the link (and puts it in the address bar); answers the link. */
  async function copy() {
    const url = link();
    if (!url) {
      notice('error', 'Nothing to share yet: run a search first.');
      return null;
    }
    history.replaceState(null, '', url);
    try {
      await navigator.clipboard.writeText(url);
      notice('info', 'Link copied: it opens this search at this step.');
    } catch {
      notice('info', 'The link is in the address bar (the clipboard is not available here).');
    }
    return url;
  }

  /**
   * The HTML that shows this search inside another page: an iframe of the embed view
   * (embed.html, same fragment as the share link: tree, step bar, narration, board), or null.
   */
  function embedSnippet() {
    const url = link();
    if (!url) return null;
    const u = new URL(url);
    const src = `${u.origin}${u.pathname.replace(/[^/]*$/, '')}embed.html${u.hash}`;
    const attr = (v) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    return `<iframe src="${attr(src)}" title="prunescope: a search tree, step by step" width="960" height="600" style="border:1px solid #ccc;border-radius:6px;max-width:100%" loading="lazy" allow="clipboard-write"></iframe>`;
  }

  /** Copies the embed snippet; answers it. */
  async function copyEmbed() {
    const html = embedSnippet();
    if (!html) {
      notice('error', 'Nothing to embed yet: run a search first.');
      return null;
    }
    try {
      await navigator.clipboard.writeText(html);
      notice('info', 'Embed code copied: paste it into a course page (its HTML view) to show this search at this step.');
    } catch {
      notice('info', `The clipboard is not available here; the embed code is: ${html}`);
    }
    return html;
  }

  /** Checks a decoded link through the core: { input, configs } or throws ShareError. */
  function check(s) {
    const bad = core.check_input(s.input);
    if (bad) throw new ShareError(bad.field ?? 'input', bad.message);
    const configs = {};
    for (const [k, w] of Object.entries(s.configs)) {
      let built;
      try {
        built = core.build_config(w.algo, w.enable, w.set, { depth: s.depth, iterative: s.iterative, node_cap: s.cap });
      } catch (e) {
        throw new ShareError(`${k === 'A' && s.mode === 'explore' ? '' : k + '.'}config`, e.message ?? String(e));
      }
      if (built.message) throw new ShareError(`${s.mode === 'compare' ? k + '.' : ''}${built.field === 'config' ? built.param ?? 'config' : built.field}`, built.message);
      // a small game refuses the techniques it cannot use, naming the technique and the game
      const refused = core.check_run(s.input, built.config);
      if (refused) throw new ShareError(`${s.mode === 'compare' ? k + '.' : ''}${refused.field ?? 'config'}`, refused.message);
      configs[k] = built.config;
    }
    return configs;
  }

  /** Opens the link in the page's address, if there is one; answers whether it ran. */
  async function openFromAddress(fragment = location.hash) {
    let s, configs;
    const fail = (e) => {
      const text = e instanceof ShareError ? `This link cannot be opened: ${e.message.replace(/^share link: /, '')}` : `This link cannot be opened: ${e.message ?? e}`;
      if (s?.mode === 'compare') state.compare.notice = { kind: 'error', text };
      else state.explore.trace.notice = { kind: 'error', text };
      app.invalidate();
      return false;
    };
    try {
      s = decodeShare(fragment);
      if (!s) return false;
      if (s.learn) return app.openLearn(s.learn); // a lesson's link (www/modes/learn.js)
      if (s.mode === 'exercise') return app.actions.openExercise(s.exercise);
      // a chess link waits for the engine's second part (www/engine/core.js), with a notice
      if (core.needsSecond(s.input) && !(await state.explore.trace.needSecond(s.input.kind))) return false;
      configs = check(s);
    } catch (e) {
      return fail(e);
    }
    state.maxmin = s.maxmin;
    state.finals = s.finals;
    try {
      await panels.inputs.restore(s.input, configs.A);
      if (s.mode === 'explore') {
        await actions.restorePanels(s.input, configs.A);
        const t = state.explore.trace;
        await until(() => t.engineReady);
        const g = t.generation;
        await actions.start();
        // the core's reason, where it gave one (a chance tree past the node cap, say)
        if (t.generation === g || t.status !== 'done') return fail(new Error(t.error ? `the search did not finish: ${t.error}` : 'the search did not finish'));
        if (s.cursor >= 0) {
          t.cursor.set(s.cursor);
          app.modes.explore.afterStep(true);
        }
      } else {
        actions.setMode('compare');
        for (const k of ['A', 'B']) panels.compareSetup.show(k, configs[k]);
        await until(() => state.compare.sides.A.engineReady && state.compare.sides.B.engineReady);
        const g = state.compare.generation;
        actions.compareRun();
        await until(() => state.compare.generation > g);
        app.modes.compare.setView(s.view);
        app.modes.compare.setDrive(s.drive);
        if (s.cursor >= 0) {
          const d = app.modes.compare.driver();
          d.cursor.set(s.cursor);
          app.modes.compare.afterStep(true);
        }
      }
    } catch (e) {
      return fail(e);
    }
    if (s.notice) {
      // An old link whose meaning changed (model/share.js): say so once the search has run.
      if (s.mode === 'compare') state.compare.notice = { kind: 'info', text: s.notice };
      else state.explore.trace.notice = { kind: 'info', text: s.notice };
    }
    app.invalidate();
    return true;
  }

  return { link, copy, embedSnippet, copyEmbed, openFromAddress };
}
