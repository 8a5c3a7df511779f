// Boardside's web app page: keeps the screen on while a timer runs.
//
// The app says when it wants that: window.boardsideAwake.set(true|false)
// (app/platform_web.go), and hears how it went through
// boardsideAwake.onchange(how), also in <html data-awake>:
//   "wakelock" the Screen Wake Lock holds it (secure pages: HTTPS, localhost);
//   "video"    a muted, looping, inline video plays, which keeps Android's
//              Chrome and iOS's Safari awake: a plain-HTTP page on the
//              local network (boardside serve's /app/) has no wake lock;
//   "none"     neither works: the app tells the players to keep it on;
//   "off"      nothing is wanted (or the page is hidden).
// The same as the quick viewer's `awake` (assets/web/app.js). iOS plays a
// video only from a tap: the timer starts a moment after the tap that
// started it, on the app's goroutine, so the first tap on the page plays
// the video for an instant ("primes" it), which lets the page start it
// later without one; where it was refused, the next tap starts it.
(() => {
  "use strict";
  const video = document.getElementById("awake");
  const api = { set, how: "off", onchange: null };
  window.boardsideAwake = api;
  if (!video) return;

  let want = false;
  let lock = null;
  let primed = false;
  const hasLock = () => window.isSecureContext && !!navigator.wakeLock;

  function show(how) {
    document.documentElement.dataset.awake = how;
    if (api.how === how) return;
    api.how = how;
    if (typeof api.onchange === "function") api.onchange(how);
  }

  // The sources are named only when first needed: most visits never play it.
  function load() {
    if (video.querySelector("source")) return;
    for (const type of ["webm", "mp4"]) {
      const s = document.createElement("source");
      s.src = video.dataset[type];
      s.type = "video/" + type;
      video.appendChild(s);
    }
    video.load();
  }

  function play() {
    if (!video.paused) return show("video");
    load();
    let p;
    try {
      p = video.play();
    } catch {
      return show("none");
    }
    Promise.resolve(p).then(() => {
      if (!want || document.hidden) {
        video.pause();
        return show("off");
      }
      show("video");
    }, () => {
      if (want) show("none");
    });
  }

  async function apply() {
    if (!want || document.hidden) {
      if (lock) {
        lock.release().catch(() => {});
        lock = null;
      }
      if (!video.paused) video.pause();
      return show("off");
    }
    if (hasLock()) {
      if (lock) return show("wakelock");
      try {
        const l = await navigator.wakeLock.request("screen");
        lock = l;
        // The browser lets go when the page is hidden; apply takes it
        // again when the page is back.
        l.addEventListener("release", () => { if (lock === l) lock = null; });
        if (!want) return apply();
        if (!video.paused) video.pause();
        return show("wakelock");
      } catch {
        // Refused (a battery saver, a policy): the video instead.
      }
    }
    play();
  }

  function set(on) {
    want = !!on;
    apply();
  }

  // A tap or a key: where the video is wanted and not playing, it starts
  // here, in the tap; else, once, where there is no wake lock, it plays
  // for an instant so that iOS lets it start later without a tap.
  function gesture() {
    if (want) {
      if (!document.hidden && api.how !== "wakelock" && video.paused) play();
      return;
    }
    if (primed || hasLock()) return;
    primed = true;
    load();
    try {
      Promise.resolve(video.play()).then(() => { if (!want) video.pause(); }, () => { primed = false; });
    } catch {
      primed = false;
    }
  }
  for (const type of ["touchend", "pointerup", "mousedown", "keydown", "click"]) {
    addEventListener(type, gesture, { capture: true, passive: true });
  }
  document.addEventListener("visibilitychange", apply);
})();
