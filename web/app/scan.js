// Boardside's web app page: reads a QR code with the camera (a guest's
// answer, shown full screen by the quick viewer, when this browser hosts
// the table over WebRTC).
//
//   const stop = boardsideScan.start(onText, onError, { hint, cancel });
//
// shows the camera full screen above the app, with a square to aim with,
// the hint and a Cancel button, and reads 4 frames a second. The first
// code read stops the camera, closes the screen and calls onText(text).
// Otherwise onError(why) is called once, with why one of:
//   "insecure"   no camera API: a plain-HTTP page on the local network is
//                not a secure context, and browsers give it no camera;
//   "no-camera"  the device has none, or it went away;
//   "denied"     the player (or the browser's settings) refused it;
//   "busy"       another app holds the camera;
//   "no-decoder" jsqr.js could not be loaded;
//   "cancelled"  Cancel, Escape or Back, or a new start;
//   "failed"     anything else.
// stop() ends it all without calling either. start never throws.
//
// Frames are read by the browser's BarcodeDetector where it reads QR codes
// (Chrome on Android and macOS, Safari with it turned on), else by jsQR,
// loaded on the first scan only: jsqr.js is 250 KB and most visits never
// scan. Its hashed name comes in this script's data-jsqr (cmd/webbuild).
//
// boardsideScan.decodeImage(imageData) reads a code from an ImageData, the
// same way, for tests: a promise of its text, or null where none is found.
(() => {
  "use strict";
  const PERIOD = 250; // ms between frames read: 4 a second
  const MAX_SIDE = 800; // px: larger frames are scaled down for jsQR, which then takes a quarter of the time
  const me = document.currentScript;
  const jsqrURL = (me && me.dataset.jsqr) || "jsqr.js";

  // ---- decoders ----

  let jsqrLoad = null;
  function loadJsQR() {
    if (typeof globalThis.jsQR === "function") return Promise.resolve(globalThis.jsQR);
    if (!jsqrLoad) {
      jsqrLoad = new Promise((resolve, reject) => {
        const s = document.createElement("script");
        s.src = jsqrURL;
        s.onload = () => (typeof globalThis.jsQR === "function" ? resolve(globalThis.jsQR) : reject(new Error(jsqrURL + " gave no jsQR")));
        s.onerror = () => reject(new Error("could not load " + jsqrURL));
        document.head.append(s);
      }).catch((e) => {
        jsqrLoad = null; // tried again at the next scan: the host may be back
        throw e;
      });
    }
    return jsqrLoad;
  }

  let native; // a promise of a BarcodeDetector, or of null where there is none that reads QR codes
  let nativeBroken = false; // it threw once: jsQR from then on
  function nativeDetector() {
    if (nativeBroken) return Promise.resolve(null);
    if (!native) {
      native = (async () => {
        try {
          if (typeof BarcodeDetector !== "function") return null;
          const formats = await BarcodeDetector.getSupportedFormats();
          return formats.includes("qr_code") ? new BarcodeDetector({ formats: ["qr_code"] }) : null;
        } catch {
          return null;
        }
      })();
    }
    return native;
  }

  let canvas = null;
  // pixels is a frame's ImageData: src's own, or a video's frame drawn
  // into a canvas, scaled down to MAX_SIDE.
  function pixels(src) {
    if (src instanceof ImageData) return src;
    const scale = Math.min(1, MAX_SIDE / Math.max(src.videoWidth, src.videoHeight));
    const w = Math.round(src.videoWidth * scale), h = Math.round(src.videoHeight * scale);
    if (!canvas) canvas = document.createElement("canvas");
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    ctx.drawImage(src, 0, 0, w, h);
    return ctx.getImageData(0, 0, w, h);
  }

  // read reads a code from src, a <video> or an ImageData: its text, or
  // null. It rejects only where jsqr.js cannot be loaded.
  async function read(src, live) {
    const detector = await nativeDetector();
    if (detector) {
      try {
        const codes = await detector.detect(src);
        const code = codes.find((c) => c.rawValue);
        return code ? code.rawValue : null;
      } catch {
        nativeBroken = true; // some builds list qr_code and then fail: jsQR reads it
      }
    }
    const jsQR = await loadJsQR();
    const img = pixels(src);
    // Live frames skip the inverted look (light modules on dark), which
    // doubles jsQR's work on every frame without a code: the codes read
    // here are the viewer's, black on white (assets/web/qrdraw.js).
    const code = jsQR(img.data, img.width, img.height, { inversionAttempts: live ? "dontInvert" : "attemptBoth" });
    return code && code.data ? code.data : null;
  }

  // ---- the camera screen ----

  const overlayStyle = "position:fixed;inset:0;z-index:10;background:#000;color:#fff;overflow:hidden;" +
    "font:16px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;";
  const videoStyle = "position:absolute;inset:0;width:100%;height:100%;object-fit:cover;";
  // The square to aim with; its shadow darkens the rest of the picture.
  const guideStyle = "position:absolute;left:50%;top:50%;width:min(72vw,60vh);aspect-ratio:1;transform:translate(-50%,-50%);" +
    "box-sizing:border-box;border:3px solid #fff;border-radius:16px;box-shadow:0 0 0 100vmax rgba(0,0,0,.45);pointer-events:none;";
  const hintStyle = "position:absolute;left:16px;right:16px;top:max(24px,env(safe-area-inset-top,0px));margin:0;" +
    "text-align:center;text-shadow:0 1px 3px #000;";
  const buttonStyle = "position:absolute;left:50%;bottom:calc(24px + env(safe-area-inset-bottom,0px));transform:translateX(-50%);" +
    "min-height:44px;min-width:120px;padding:10px 24px;border:0;border-radius:8px;background:#fff;color:#1a1a1a;font:inherit;";

  function element(tag, style, props) {
    const el = document.createElement(tag);
    el.style.cssText = style;
    Object.assign(el, props);
    return el;
  }

  // cameraError names why getUserMedia refused.
  function cameraError(e) {
    switch (e && e.name) {
      case "NotAllowedError": case "SecurityError": return "denied";
      case "NotFoundError": case "OverconstrainedError": return "no-camera";
      case "NotReadableError": case "AbortError": return "busy";
      default: return "failed";
    }
  }

  let current = null; // the scan under way: a function that cancels it

  function start(onText, onError, labels) {
    labels = labels || {};
    let done = false, stream = null, timer = 0, ui = null;
    const listeners = [];

    function stop() {
      if (done) return;
      done = true;
      if (current === cancel) current = null;
      clearTimeout(timer);
      if (stream) for (const t of stream.getTracks()) t.stop();
      for (const [type, fn] of listeners) removeEventListener(type, fn, true);
      if (ui) ui.remove();
    }
    // finish stops, then calls back once; a callback's error is the
    // page's, not start's caller's.
    function finish(callback, value) {
      if (done) return;
      stop();
      if (typeof callback !== "function") return;
      try {
        callback(value);
      } catch (e) {
        setTimeout(() => { throw e; });
      }
    }
    const later = (callback, value) => Promise.resolve().then(() => finish(callback, value));
    const cancel = () => finish(onError, "cancelled");

    try {
      if (current) current(); // one camera screen at a time
      current = cancel;
      const media = navigator.mediaDevices;
      if (!media || typeof media.getUserMedia !== "function") {
        // No API at all is a page that is not a secure context, except in
        // the few browsers that never had one.
        later(onError, window.isSecureContext === true ? "no-camera" : "insecure");
        return stop;
      }

      const video = element("video", videoStyle, { muted: true, playsInline: true, autoplay: true });
      video.setAttribute("playsinline", ""); // iOS Safari: in the page, not its own full-screen player
      video.setAttribute("aria-hidden", "true");
      const button = element("button", buttonStyle, { type: "button", textContent: labels.cancel || "Cancel" });
      button.addEventListener("click", cancel);
      ui = element("div", overlayStyle, {});
      ui.id = "boardside-scan";
      ui.setAttribute("role", "dialog");
      ui.setAttribute("aria-modal", "true");
      ui.setAttribute("aria-label", labels.hint || labels.cancel || "Camera");
      ui.append(video, element("div", guideStyle, {}), element("p", hintStyle, { textContent: labels.hint || "" }), button);
      document.body.append(ui);
      button.focus();

      // While the camera shows, keys and Back are the screen's, not the
      // app's (listening first, on window, in the capture phase): Escape
      // and Back cancel; Enter and Space press Cancel, which the app's
      // driver would otherwise prevent.
      const listen = (type, fn) => { listeners.push([type, fn]); addEventListener(type, fn, true); };
      listen("keydown", (e) => {
        e.stopImmediatePropagation();
        if (e.key === "Escape") cancel();
      });
      listen("keyup", (e) => e.stopImmediatePropagation());
      listen("boardside:back", (e) => {
        e.preventDefault(); // the app goes back no screen
        e.stopImmediatePropagation();
        cancel();
      });

      const decoding = nativeDetector().then((d) => (d ? null : loadJsQR())); // jsqr.js loads while the player allows the camera
      decoding.catch(() => {});
      media.getUserMedia({ video: { facingMode: "environment" } }).then(async (s) => {
        if (done) {
          for (const t of s.getTracks()) t.stop();
          return;
        }
        stream = s;
        for (const t of s.getVideoTracks()) t.addEventListener("ended", () => finish(onError, "no-camera"));
        video.srcObject = s;
        video.play().catch(() => {}); // muted and inline: allowed; the frames are read all the same
        try {
          await decoding;
        } catch {
          finish(onError, "no-decoder");
          return;
        }
        const tick = async () => {
          if (done) return;
          const began = performance.now();
          let text = null;
          if (video.readyState >= 2 && video.videoWidth) {
            try {
              text = await read(video, true);
            } catch {
              finish(onError, "no-decoder");
              return;
            }
          }
          if (done) return;
          if (text) finish(onText, text);
          else timer = setTimeout(tick, Math.max(0, PERIOD - (performance.now() - began)));
        };
        tick();
      }, (e) => finish(onError, cameraError(e)));
    } catch {
      later(onError, "failed");
    }
    return stop;
  }

  function decodeImage(imageData) {
    return read(imageData, false);
  }

  globalThis.boardsideScan = { start, decodeImage };
})();
