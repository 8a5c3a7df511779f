// Boardside's web app page: checks the browser can run the app, downloads
// it with a progress bar, starts it, and then helps Fyne's web driver on a
// phone: a finger drag scrolls or slides, and Back goes back a screen.
// The page marks performance "app-drawn" (and <html data-drawn="1">) when
// the app's first frame is on screen, after "app-compiled" when the wasm
// is downloaded and compiled; tests and bench/webappbench wait for them.
(() => {
  "use strict";
  const script = document.currentScript;
  const wasmURL = script.dataset.wasm;
  const wasmSize = Number(script.dataset.size) || 0; // bytes once decompressed

  // Whether Fyne's own database ("files") was there before this start.
  // Where it was not, no earlier build kept saves in it, and the app need
  // not read it to move them (app/uristore/idbrepo, MoveFromFyne): on a
  // phone's first visit that took 200 ms to the first frame at 4x CPU.
  // Asked at once, long before the app's Fyne makes it; where the answer
  // has not come, or the browser cannot say, the app looks as before.
  // Where Boardside's own ("boardside-files") was not there either, nothing
  // was ever saved here: a first visit reads its saves after its first
  // frame (app/start.go).
  try {
    indexedDB.databases().then((dbs) => {
      globalThis.boardsideFyneFiles = dbs.some((db) => db.name === "files");
      globalThis.boardsideOwnFiles = dbs.some((db) => db.name === "boardside-files");
    }, () => {});
  } catch {
    // no IndexedDB, or no databases(): the app looks
  }

  const texts = {
    en: {
      loading: "Loading…",
      downloading: (p) => `Downloading Boardside… ${p} %`,
      starting: "Starting…",
      noWasm: "This browser cannot run Boardside: it has no WebAssembly. Open this page in an up-to-date Chrome, Firefox, Safari or Edge.",
      noWebGL: "This browser cannot draw Boardside: WebGL is off or missing. Turn on hardware acceleration, or open this page in an up-to-date Chrome, Firefox, Safari or Edge.",
      failed: (why) => `Boardside could not be loaded (${why}). Check the connection to the host and try again.`,
      stopped: "Boardside stopped. Reload the page to start it again; your games are kept.",
      retry: "Try again",
      reload: "Reload",
      viewer: "Open the table in the quick viewer",
      backAgain: "Press Back again to leave Boardside. Your game is kept.",
    },
    de: {
      loading: "Wird geladen…",
      downloading: (p) => `Boardside wird geladen… ${p} %`,
      starting: "Wird gestartet…",
      noWasm: "Dieser Browser kann Boardside nicht ausführen: Ihm fehlt WebAssembly. Öffne diese Seite in einem aktuellen Chrome, Firefox, Safari oder Edge.",
      noWebGL: "Dieser Browser kann Boardside nicht zeichnen: WebGL ist aus oder fehlt. Schalte die Hardwarebeschleunigung ein oder öffne diese Seite in einem aktuellen Chrome, Firefox, Safari oder Edge.",
      failed: (why) => `Boardside konnte nicht geladen werden (${why}). Prüfe die Verbindung zum Host und versuche es noch einmal.`,
      stopped: "Boardside wurde beendet. Lade die Seite neu, um es wieder zu starten; deine Spiele bleiben erhalten.",
      retry: "Noch einmal",
      reload: "Neu laden",
      viewer: "Den Tisch im einfachen Viewer öffnen",
      backAgain: "Noch einmal Zurück verlässt Boardside. Dein Spiel bleibt erhalten.",
    },
  };
  const lang = (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
  const T = texts[lang];
  document.documentElement.lang = lang;

  const loader = document.getElementById("loader");
  const progress = document.getElementById("progress");
  const status = document.getElementById("status");
  status.textContent = T.loading;

  // fail replaces the progress bar with a message and, maybe, a button;
  // a table link in ?join= is offered in the quick viewer instead.
  function fail(message, button, action) {
    if (!loader.isConnected) document.body.appendChild(loader); // over the app's canvas
    loader.classList.add("failed");
    status.textContent = message;
    if (button) {
      const b = document.createElement("button");
      b.textContent = button;
      b.addEventListener("click", action);
      loader.appendChild(b);
    }
    const join = tableLink();
    if (join) {
      const a = document.createElement("a");
      a.href = join;
      a.textContent = T.viewer;
      loader.appendChild(a);
    }
  }

  // tableLink is ?join= when it is a table on this host (the quick viewer).
  function tableLink() {
    try {
      const join = new URL(new URLSearchParams(location.search).get("join") || "", location.href);
      return join.origin === location.origin && join.searchParams.has("t") ? join.href : "";
    } catch {
      return "";
    }
  }

  function hasWebGL() {
    try {
      const c = document.createElement("canvas");
      const gl = window.WebGLRenderingContext && (c.getContext("webgl") || c.getContext("experimental-webgl"));
      if (!gl) return false;
      const lose = gl.getExtension("WEBGL_lose_context");
      if (lose) lose.loseContext(); // give the context back at once
      return true;
    } catch {
      return false;
    }
  }

  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function" || typeof Go !== "function") {
    fail(T.noWasm);
    return;
  }
  // Stops the download where the browser cannot draw the app.
  const stop = typeof AbortController === "function" ? new AbortController() : null;
  // The wasm comes from the HTTP cache or the host (the service worker
  // leaves it to them: sw.js); where neither answers, or the host has not
  // begun to answer in 3 s (a laptop closed mid-game), from the copy the
  // service worker keeps, for offline play. Without a service worker (a
  // first visit) the page waits for the host however long it takes.
  const WASM_WAIT = 3000;
  // A later visit finds the wasm in the HTTP cache: asked for with
  // "only-if-cached", it comes from there or not at all (a first visit, a
  // new build, a browser that refuses the mode), and then from the host.
  // A copy from the cache goes to the compiler as it is, its bytes not
  // counted (see start). The cache answers at once; should it not in
  // WASM_WAIT, the host is asked.
  let fromCache = false;
  const cachedCopy = () => new Promise((resolve) => {
    const ask = stop ? new AbortController() : null; // on the time-out
    const late = setTimeout(() => {
      if (ask) ask.abort();
      resolve(null);
    }, WASM_WAIT);
    // A mode the browser refuses rejects the promise (fetch never throws).
    fetch(wasmURL, { cache: "only-if-cached", mode: "same-origin", ...(ask ? { signal: ask.signal } : {}) }).then(
      (resp) => resolve(resp.ok ? resp : null),
      () => resolve(null),
    ).finally(() => clearTimeout(late));
  });
  const fromHost = () => new Promise((resolve, reject) => {
    const canKeep = () => {
      const sw = navigator.serviceWorker;
      return !!(sw && sw.controller) && !(stop && stop.signal.aborted);
    };
    // The first try stops with the download, or when the kept copy is asked for.
    const first = stop ? new AbortController() : null;
    if (first) stop.signal.addEventListener("abort", () => first.abort());
    let settled = false;
    const fromKept = (err) => {
      if (settled) return;
      settled = true;
      if (!canKeep()) return reject(err);
      if (first) first.abort();
      fetch(wasmURL + "?kept", stop ? { signal: stop.signal } : {}).then(resolve, reject);
    };
    const late = setTimeout(() => canKeep() && fromKept(new Error("the host does not answer")), WASM_WAIT);
    fetch(wasmURL, first ? { signal: first.signal } : {}).then(
      (resp) => {
        clearTimeout(late);
        if (settled) return;
        if (!resp.ok) return fromKept(new Error(`${resp.status} ${resp.statusText}`));
        settled = true;
        resolve(resp);
      },
      (err) => {
        clearTimeout(late);
        fromKept(err);
      },
    );
  });
  // Where no service worker controls the page (a first visit; every visit
  // to a host on plain HTTP, which has none), the wasm is downloaded and
  // compiled in a worker, off the page's thread, which then has only the
  // WebGL check and the loading bar to do. On a slow phone
  // (bench/webappprof at 4x CPU, median of 5) the wasm was compiled
  // 466 ms sooner and the first frame came 663 ms sooner. The worker counts
  // the bytes, hands the compiled module to the page and stays: Chrome
  // writes the compiled code beside the wasm in the HTTP cache from the
  // worker that compiled it, and a later start through a worker takes it
  // from there as the page would (webappprof -cached: the same time from
  // compiled to drawn). Where a service worker controls the page, the HTTP
  // cache is asked first and the kept copy may have to answer: the page
  // does it itself, as before. Where a worker cannot (none, no
  // compileStreaming, a module that cannot be sent, a host that answers
  // wrong), the page asks for the wasm itself, and says why where that
  // fails too.
  let compiler = null;
  // The worker's script: countBytes's own text, and what it does with it.
  const COMPILER = `"use strict";
${countBytes}
onmessage = async (e) => {
  try {
    const resp = await fetch(e.data);
    if (!resp.ok) throw new Error(resp.status + " " + resp.statusText);
    countBytes(resp.clone().body, (got) => postMessage({ got })).catch(() => {});
    postMessage({ module: await WebAssembly.compileStreaming(resp) });
  } catch (err) {
    postMessage({ error: String((err && err.message) || err) });
  }
};`;
  const viaWorker = (() => {
    const sw = navigator.serviceWorker;
    return !(sw && sw.controller) && typeof Worker === "function" && typeof Blob === "function" &&
      typeof URL.createObjectURL === "function" && typeof WebAssembly.compileStreaming === "function";
  })();
  const inWorker = () => new Promise((resolve, reject) => {
    const src = URL.createObjectURL(new Blob([COMPILER], { type: "text/javascript" }));
    compiler = new Worker(src);
    let settled = false; // a count that comes after the module is stale
    compiler.onmessage = (e) => {
      const d = e.data || {};
      if (typeof d.got === "number") return settled || showProgress(d.got);
      settled = true;
      URL.revokeObjectURL(src);
      if (d.module instanceof WebAssembly.Module) resolve(d.module);
      else reject(new Error(d.error || "no module"));
    };
    compiler.onerror = (e) => {
      e.preventDefault();
      reject(new Error(e.message || "the worker failed"));
    };
    compiler.onmessageerror = () => reject(new Error("the module could not be sent"));
    // The worker's own address (blob:) is no base for the wasm's.
    compiler.postMessage(new URL(wasmURL, location.href).href);
  }).catch((err) => {
    if (compiler) compiler.terminate();
    compiler = null;
    if (stop && stop.signal.aborted) throw err;
    console.warn("Boardside: compiled on the page, not in a worker:", err);
    shown = -1;
    return fromHost();
  });

  // The WebGL check makes a context, which takes a moment: it runs once the
  // wasm is asked for, and the download stops if it fails.
  const noWebGL = new Error("no WebGL");
  const download = (viaWorker ? Promise.resolve(null) : cachedCopy()).then((resp) => {
    fromCache = !!resp;
    const got = resp || (viaWorker ? inWorker() : fromHost());
    if (!hasWebGL()) {
      if (stop) stop.abort();
      if (compiler) compiler.terminate();
      Promise.resolve(got).catch(() => {});
      throw noWebGL;
    }
    return got;
  });

  // ---- the first frame drawn ----

  // Fyne draws into a canvas it adds to the page. Its WebGL context's draw
  // calls are counted; the animation frame after the first ones shows the
  // app, so the loading screen goes then, in the same frame.
  let draws = 0;
  let drawn = false;
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, attrs, ...rest) {
    const fyne = !drawn && this.isConnected && /webgl/.test(type); // the app's canvas
    // Fyne's web driver asks for a depth buffer that its painter never
    // uses (it turns the depth test off): without one, the context of a
    // phone-sized canvas is made in about half the time (SwiftShader: 50
    // against 120 ms, bench/webappprof's "window create").
    if (fyne && attrs && typeof attrs === "object") {
      attrs = { ...attrs, depth: false, stencil: false };
    }
    const ctx = getContext.call(this, type, attrs, ...rest);
    if (ctx && fyne && !ctx.__boardsideCounted) {
      ctx.__boardsideCounted = true;
      for (const name of ["drawArrays", "drawElements"]) {
        const draw = ctx[name];
        ctx[name] = function (...args) {
          if (!drawn && draws++ === 0) {
            performance.mark("app-first-draw-call");
            requestAnimationFrame(onFrame);
          }
          return draw.apply(this, args);
        };
      }
    }
    return ctx;
  };
  function onFrame() {
    drawn = true;
    loader.remove();
    performance.mark("app-drawn");
    document.documentElement.dataset.drawn = "1";
    // The app holds its garbage collector until now (app/startgc_web.go).
    if (typeof globalThis.boardsideDrawn === "function") globalThis.boardsideDrawn();
    // Only now, so that it does not take bandwidth from the first start:
    // its copy of the app comes out of the HTTP cache.
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("sw.js").catch((err) => console.warn("Boardside: no offline copy:", err));
    }
  }

  // ---- download and start ----

  // countBytes reads a copy of the download (body) and tells onCount the
  // bytes so far. It reads a megabyte at a time where the browser can (a
  // byte stream's reader, into one buffer): read chunk by chunk, its few
  // hundred turns of the page's thread held the compiled wasm back on a
  // slow phone (bench/webappprof at 4x CPU, median of 3: last byte to
  // compiled 388 and 531 ms chunk by chunk, 300 and 254 this way, 287 and
  // 327 with no count at all). The worker that compiles runs it too: its
  // text is in the worker's script (COMPILER), so it uses nothing else.
  async function countBytes(body, onCount) {
    let reader;
    let buf = null;
    try {
      reader = body.getReader({ mode: "byob" });
      buf = new ArrayBuffer(1 << 20);
    } catch {
      reader = body.getReader(); // not a byte stream here: chunk by chunk
    }
    let got = 0;
    for (;;) {
      const { done, value } = buf ? await reader.read(new Uint8Array(buf), { min: buf.byteLength }) : await reader.read();
      if (value) {
        got += value.byteLength;
        if (buf) buf = value.buffer; // the buffer comes back with the bytes
      }
      if (done) return;
      onCount(got);
    }
  }

  let shown = -1;
  function showProgress(got) {
    // The download may go on after the start failed (a wasm sent with the
    // wrong type): the reason stays on screen, not a count over it.
    if (!wasmSize || loader.classList.contains("failed")) return;
    const p = Math.min(got / wasmSize, 1);
    const pct = Math.floor(p * 100);
    if (pct === shown) return;
    shown = pct;
    progress.value = p;
    status.textContent = T.downloading(pct);
  }

  async function start() {
    const got = await download;
    const go = new Go();
    if (got instanceof WebAssembly.Module) { // compiled in a worker
      return run(go, await WebAssembly.instantiate(got, go.importObject), "worker");
    }
    const resp = got;
    if (!resp.ok) throw new Error(`${resp.status} ${resp.statusText}`);
    // The response goes to the compiler as it is, and the bytes are counted
    // on a copy (decompressed, so against the file's size, not
    // Content-Length). Piping it through a TransformStream into a new
    // Response instead put every chunk through a JavaScript function on
    // the page's thread on its way to the compiler: 230-290 ms of that
    // thread to the first frame (bench/webappprof).
    // Not for a copy from the cache: it comes in fast, and counting it on
    // a copy (a tee) put every chunk through a JavaScript stream on its way
    // to the compiler, about 300 ms later compiled on a later visit
    // (bench/webappprof -cached).
    if (!fromCache && resp.body && typeof resp.clone === "function") {
      countBytes(resp.clone().body, showProgress).catch(() => {});
    }
    let result;
    if (typeof WebAssembly.instantiateStreaming === "function") {
      result = await WebAssembly.instantiateStreaming(resp, go.importObject);
    } else {
      result = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
    }
    return run(go, result.instance, "page");
  }

  // run starts the app; where it was compiled ("worker", "page") is kept
  // in <html data-compiled>, for the tests and a device's inspector.
  async function run(go, instance, where) {
    performance.mark("app-compiled"); // downloaded and compiled
    document.documentElement.dataset.compiled = where;
    progress.removeAttribute("value"); // busy, without a figure
    status.textContent = T.starting;
    await go.run(instance); // returns only if the app stops
    fail(T.stopped, T.reload, () => location.reload());
  }

  start().catch((err) => {
    if (err === noWebGL) return fail(T.noWebGL);
    console.error("Boardside:", err);
    fail(T.failed(err && err.message ? err.message : String(err)), T.retry, () => location.reload());
  });

  // ---- a finger drag scrolls, or slides ----

  // Fyne's web driver turns a tap into mouse events but ignores a finger
  // drag. The page turns an upright drag into the mouse wheel at the
  // finger, and a sideways one into a mouse drag (a slider follows it;
  // Boardside has nothing that scrolls sideways). For the wheel: Fyne
  // scrolls what is under the mouse. It moves a wheel delta d of 5 or more
  // by 2d (10 × 0.2: internal/driver/glfw/scroll_speed_wasm.go), so the
  // finger's movement is sent in steps of at least 10 px as half of it,
  // and the content follows the finger. A flick coasts to a stop.
  const slop = 8; // px before a touch is a drag, not a tap
  const step = 10; // px
  let drag = null;
  let coast = 0;

  function wheel(target, x, y, dx, dy) {
    const at = { clientX: x, clientY: y, bubbles: true, cancelable: true };
    target.dispatchEvent(new MouseEvent("mousemove", at));
    target.dispatchEvent(new WheelEvent("wheel", { ...at, deltaX: dx / 2, deltaY: dy / 2, deltaMode: 0 }));
  }

  function mouse(type, target, x, y) {
    target.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, button: 0, buttons: type === "mouseup" ? 0 : 1, bubbles: true, cancelable: true }));
  }

  // move scrolls by the finger's movement (dx, dy), in steps.
  function move(d, dx, dy) {
    d.ax += dx;
    d.ay += dy;
    const sx = Math.abs(d.ax) >= step ? d.ax : 0;
    const sy = Math.abs(d.ay) >= step ? d.ay : 0;
    if (!sx && !sy) return;
    wheel(d.target, d.x, d.y, sx, sy);
    if (sx) d.ax = 0;
    if (sy) d.ay = 0;
  }

  document.addEventListener("touchstart", (e) => {
    cancelAnimationFrame(coast);
    const t = e.touches[0];
    if (e.touches.length !== 1 || !(e.target instanceof HTMLCanvasElement)) {
      drag = null;
      return;
    }
    drag = { target: e.target, x0: t.clientX, y0: t.clientY, x: t.clientX, y: t.clientY, ax: 0, ay: 0, moving: false, vx: 0, vy: 0, at: e.timeStamp };
  }, { passive: true });

  document.addEventListener("touchmove", (e) => {
    if (!drag || e.touches.length !== 1) return;
    const t = e.touches[0];
    if (!drag.moving) {
      if (Math.hypot(t.clientX - drag.x0, t.clientY - drag.y0) < slop) return;
      drag.moving = true;
      drag.slide = Math.abs(t.clientX - drag.x0) > Math.abs(t.clientY - drag.y0);
      if (drag.slide) { // press where the finger went down: Fyne drags what is there
        mouse("mousemove", drag.target, drag.x0, drag.y0);
        mouse("mousedown", drag.target, drag.x0, drag.y0);
      }
    }
    e.preventDefault();
    if (drag.slide) {
      drag.x = t.clientX;
      drag.y = t.clientY;
      mouse("mousemove", drag.target, drag.x, drag.y);
      return;
    }
    const dx = drag.x - t.clientX;
    const dy = drag.y - t.clientY;
    const dt = Math.max(e.timeStamp - drag.at, 1);
    drag.vx = 0.8 * (dx / dt) + 0.2 * drag.vx; // px per ms, smoothed
    drag.vy = 0.8 * (dy / dt) + 0.2 * drag.vy;
    drag.x = t.clientX;
    drag.y = t.clientY;
    drag.at = e.timeStamp;
    move(drag, dx, dy);
  }, { passive: false });

  document.addEventListener("touchend", (e) => {
    const d = drag;
    drag = null;
    if (d && d.slide) {
      mouse("mouseup", d.target, d.x, d.y);
      return;
    }
    if (!d || !d.moving || e.timeStamp - d.at > 100) return; // the finger had stopped
    let last = performance.now();
    const glide = (now) => {
      const dt = now - last;
      last = now;
      d.vx *= Math.pow(0.95, dt / 16);
      d.vy *= Math.pow(0.95, dt / 16);
      if (Math.hypot(d.vx, d.vy) < 0.05) return;
      move(d, d.vx * dt, d.vy * dt);
      coast = requestAnimationFrame(glide);
    };
    if (Math.hypot(d.vx, d.vy) >= 0.3) coast = requestAnimationFrame(glide);
  }, { passive: true });

  document.addEventListener("touchcancel", () => {
    if (drag && drag.slide) mouse("mouseup", drag.target, drag.x, drag.y);
    drag = null;
  }, { passive: true });

  // ---- Back goes back a screen ----

  // The page keeps entries of its own in the history, above the one it was
  // opened at (history.state {boardside: "guard", depth: 1, 2, …}; depth 0
  // is any other). Back takes one: the page stays, and "boardside:back" is
  // sent to window. The app goes back a screen and cancels the event; on
  // its home screen it does not, and the page says that a second Back
  // leaves and steps down to depth 0 itself, so that the next Back does.
  //
  // What browsers allow shapes this:
  // - Chrome's Back button skips entries a page added without a user
  //   activation (a tap, a key), and after a Back it no longer counts the
  //   taps before it (docs/history_manipulation_intervention.md in
  //   Chromium). So entries are added only while a tap or key press is
  //   being handled, never after a Back, and then as many as the deepest
  //   way home takes without a tap in between: History → game → home →
  //   "Press Back again" is GUARDS Backs.
  // - So a fresh visit has no entry of its own before its first tap: a Back
  //   then leaves Boardside at once. A page cannot do better in Chrome: an
  //   entry added then would be skipped.
  // - A reload keeps the entries and the one it shows, state and all, and a
  //   Back to them stays in the page: the depth is read from history.state,
  //   so the first Back after a reload goes back a screen, tap or none.
  const GUARDS = 3;
  const depthOf = (state) => (state && state.boardside === "guard" && state.depth > 0 ? state.depth : 0);
  let depth = depthOf(history.state);
  let stepping = false; // the page is going down to depth 0 itself
  function topUp() {
    if (navigator.userActivation && !navigator.userActivation.isActive) return; // not a tap: Chrome would skip it
    while (depth < GUARDS) {
      depth++;
      history.pushState({ boardside: "guard", depth }, "", location.href);
    }
  }
  for (const type of ["pointerup", "touchend", "mousedown", "keydown"]) {
    addEventListener(type, topUp, { capture: true, passive: true });
  }
  addEventListener("popstate", (e) => {
    const from = depth;
    depth = depthOf(e.state);
    if (stepping) {
      stepping = false;
      return;
    }
    if (depth >= from) return; // Forward, or an entry not of this page's
    // The app cancels the event when it went back a screen itself.
    if (dispatchEvent(new CustomEvent("boardside:back", { cancelable: true }))) {
      toast(T.backAgain);
      if (depth > 0) {
        stepping = true;
        history.go(-depth);
      }
    }
  });

  let toastTimer = 0;
  function toast(text) {
    const el = document.getElementById("toast");
    el.textContent = text;
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { el.hidden = true; }, 3000);
  }
})();
