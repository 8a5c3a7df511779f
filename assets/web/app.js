// Boardside's web viewer: shows a shared table's public state, computes the
// timers from the host's deadlines and an estimated clock offset, and sends
// public actions with the version that was on screen when the finger went
// down. No build step, nothing loaded
// from the internet. This file is the page's frame: connection, clock, the
// action bar's tap safety, alerts, keeping the screen on. Each game's
// screen is in a file of its own, <game>.js (marsmaze.js, say), which
// registers itself in GAMES; loadGame loads it when its table is seen.
"use strict";

const token = new URLSearchParams(location.search).get("t") || "";
// A table a browser hosts has no address to ask: its link carries the
// host's offer in the fragment (rtc.js), and the table's requests travel
// on a data channel (table) instead of HTTP.
const offerCode = /^#[A-Za-z0-9_-]{60,}$/.test(location.hash) ? location.hash.slice(1) : "";
let table = null;
const de = (navigator.language || "").toLowerCase().startsWith("de");
document.documentElement.lang = de ? "de" : "en";

// T holds the page's words in its language; each game adds its own.
const T = {};
// addWords merges a game's words; tables inside (such as kind, the
// actions' names) are merged one level deep.
function addWords(en, german) {
  const w = de ? german : en;
  for (const k in w) T[k] = typeof w[k] === "object" && T[k] ? Object.assign(T[k], w[k]) : w[k];
}
addWords({
  connected: "connected", connecting: "connecting …", offline: "offline", offset: "clock offset", rtt: "round trip", version: "version",
  offlineBanner: "Offline – reconnecting … Buttons work again as soon as the table is back.",
  showHost: "Show this code to the host's camera", answering: "Making the code for the host …",
  lost: "The link to the host is lost. Rejoin: scan the host's code again (the host taps “Add or rejoin a device”).",
  noJoin: "This code does not open a table: scan the host's newest code. Both devices must be on the same Wi-Fi.",
  noRTC: "This browser cannot join a table hosted in a browser. Try another browser, or the host's laptop.",
  notSent: "Your tap did not reach the table. Check the Wi-Fi, then tap again.",
  forbidden: "This link belongs to another table or an old game: scan the host's code again.",
  stale: "Someone was faster: look again.",
  undo: "Undo: {a}", undoDone: "Undone: {a}", yes: "Yes", no: "No",
  soundOn: "Sound on", soundOff: "Sound off", waiting: "…",
  keepOn: "Keep this screen on yourself: this page cannot do it here.",
  pause: "Pause", resume: "Resume", paused: "Paused", start: "Start",
  openApp: "Open the full app",
  recordTitle: "Record this play", saveNames: "Save names", logBGStats: "Log in BG Stats",
  nameOptional: "Name (optional)", playerN: "Player {n}", whoAdele: "Who played ADELE?", allOrNone: "Name every player, or none.",
  kind: { recordPlay: "Names" },
}, {
  connected: "verbunden", connecting: "verbinde …", offline: "getrennt", offset: "Uhrabweichung", rtt: "Laufzeit", version: "Stand",
  offlineBanner: "Getrennt – verbinde neu … Die Knöpfe gehen wieder, sobald der Tisch zurück ist.",
  showHost: "Zeigt diesen Code der Kamera des Hosts", answering: "Mache den Code für den Host …",
  lost: "Die Verbindung zum Host ist weg. Neu beitreten: scannt den Code des Hosts noch einmal (der Host tippt „Gerät hinzufügen oder neu verbinden“).",
  noJoin: "Dieser Code öffnet keinen Tisch: scannt den neuesten Code des Hosts. Beide Geräte müssen im selben WLAN sein.",
  noRTC: "Dieser Browser kann keinem Tisch beitreten, den ein Browser hostet. Nehmt einen anderen Browser oder den Laptop des Hosts.",
  notSent: "Dein Tippen ist nicht beim Tisch angekommen. Prüft das WLAN und tippt noch einmal.",
  forbidden: "Dieser Link gehört zu einem anderen Tisch oder einem alten Spiel: scannt den Code des Hosts erneut.",
  stale: "Jemand war schneller: schaut noch einmal hin.",
  undo: "Rückgängig: {a}", undoDone: "Rückgängig gemacht: {a}", yes: "Ja", no: "Nein",
  soundOn: "Ton an", soundOff: "Ton aus", waiting: "…",
  keepOn: "Lasst den Bildschirm selbst an: diese Seite kann es hier nicht.",
  pause: "Pause", resume: "Weiter", paused: "Pausiert", start: "Start",
  openApp: "Die ganze App öffnen",
  recordTitle: "Diese Partie festhalten", saveNames: "Namen speichern", logBGStats: "In BG Stats eintragen",
  nameOptional: "Name (optional)", playerN: "Spieler {n}", whoAdele: "Wer hat ADELE gespielt?", allOrNone: "Nennt alle Spieler oder keinen.",
  kind: { recordPlay: "Namen" },
});

const $ = (id) => document.getElementById(id);
const fill = (t, v) => t.replace(/\{(\w)\}/g, (_, k) => v[k]);
const word = (dict, id) => (dict && dict[id]) || id;
const cap = (s) => s ? s[0].toUpperCase() + s.slice(1) : s;
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// GAMES holds each game's screen: { render(state, ui), bar: [[slot, span]…] }.
const GAMES = {};

// ---- clock offset: host time ≈ local time + offset ----
let offset = 0, rtt = null, synced = false, syncing = false;
const now = () => performance.timeOrigin + performance.now();
const hostNow = () => now() + offset;
// syncClock estimates the offset from eight pings, keeping the three with
// the lowest round trip; the first estimate is used after three pings, so
// a timer shows without waiting for all eight.
async function syncClock() {
  if (syncing || fatal || (offerCode && !table)) return;
  syncing = true;
  const samples = [];
  for (let i = 0; i < 8 && !fatal; i++) {
    try {
      const t0 = now();
      const r = await call("GET", "time");
      const t3 = now();
      if (r.status === 403) { forbidden(T.forbidden); break; }
      if (!r.ok) continue;
      const { received: t1, sent: t2 } = r.json;
      samples.push({ off: ((t1 - t0) + (t2 - t3)) / 2, rtt: (t3 - t0) - (t2 - t1) });
    } catch (e) { /* the next ping may go through */ }
    if (samples.length >= 3 && (i === 2 || i === 7)) useSamples(samples);
  }
  if (samples.length) useSamples(samples);
  syncing = false;
}
function useSamples(samples) {
  const best = samples.slice().sort((a, b) => a.rtt - b.rtt);
  const offs = best.slice(0, 3).map((s) => s.off).sort((a, b) => a - b);
  offset = offs[Math.floor(offs.length / 2)];
  rtt = best[0].rtt;
  synced = true;
  $("offset").textContent = offset.toFixed(1) + " ms";
  $("rtt").textContent = rtt.toFixed(1) + " ms";
  render();
}
function api(path) { return "/api/v1/" + path + "?t=" + encodeURIComponent(token); }
// call makes one request of the table, over HTTP or the data channel:
// { status, ok, json }, or it throws when the request did not go.
async function call(method, path, body) {
  if (offerCode) {
    if (!table) throw new Error("no table yet");
    const r = await table.request(method, path, body);
    return { status: r.status, ok: r.status >= 200 && r.status < 300, json: r.body || {}, statusText: "" };
  }
  const r = await fetch(api(path), method === "GET" ? { cache: "no-store" } : {
    method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  return { status: r.status, ok: r.ok, json: await r.json().catch(() => ({})), statusText: r.statusText };
}

// ---- connection ----
let snap = null, es = null, online = false, fatal = false, retry = null;
function connState(cls, text) { const c = $("conn"); c.className = "conn " + cls; c.textContent = text; }
$("conn").onclick = () => { $("details").hidden = !$("details").hidden; };

function connect() {
  if (fatal) return;
  if (offerCode) { joinBrowserTable(); return; }
  if (!/^[0-9a-f]{32}$/.test(token)) { forbidden(T.forbidden); return; } // cut short: no table has it
  connState("", T.connecting);
  es = new EventSource(api("events"));
  es.addEventListener("state", (e) => { take(JSON.parse(e.data)); setOnline(true); render(); });
  es.onopen = () => { setOnline(true); if (synced) syncClock(); offerApp(); }; // a reconnect syncs again, and asks for the app if the host was out of reach
  es.onerror = () => {
    setOnline(false);
    checkLink();
    // The browser retries a dropped stream by itself; one it gave up on
    // (an error status) is opened again here.
    if (es.readyState === EventSource.CLOSED) { clearTimeout(retry); retry = setTimeout(connect, 2000); }
  };
}
// joinBrowserTable answers the host's offer (rtc.js), shows the answer's
// code until the host has scanned it, then follows the table on the
// channel. A channel that closes ends the page's part: the host makes a
// new code for this phone (the game itself is untouched on the host).
async function joinBrowserTable() {
  connState("", T.connecting);
  if (typeof RTCPeerConnection === "undefined") { forbidden(T.noRTC); return; }
  const box = $("answer");
  box.hidden = false;
  setText($("answerHint"), T.answering);
  let j;
  try {
    await Promise.all(["rtc.js", "qrcode.js", "qrdraw.js"].map(loadScript));
    j = await BoardsideRTC.join(offerCode);
  } catch (e) {
    box.hidden = true;
    forbidden(T.noJoin);
    return;
  }
  $("answerCode").innerHTML = boardsideQR(j.answer);
  $("answerCode").dataset.code = j.answer; // for tests: what the code says
  setText($("answerHint"), T.showHost);
  awake.set(true);
  j.link.onstate = (st) => { take(st); setOnline(true); render(); };
  j.link.onclose = () => { table = null; box.hidden = true; forbidden(T.lost); };
  try { await j.link.opened; } catch (e) { return; } // onclose has said so
  table = j.link;
  box.hidden = true;
  setOnline(true);
  syncClock();
}
function loadScript(src) {
  return new Promise((done, fail) => {
    const s = document.createElement("script");
    s.src = src; s.onload = done; s.onerror = () => fail(new Error("could not load " + src));
    document.head.append(s);
  });
}
// checkLink asks whether the host still knows this link: a wrong or old
// token is final, and the page stops trying.
function checkLink() {
  fetch(api("state"), { cache: "no-store" }).then((r) => { if (r.status === 403) forbidden(T.forbidden); }).catch(() => {});
}
function forbidden(msg) {
  fatal = true;
  if (es) es.close();
  if (table) { table.close(); table = null; }
  clearTimeout(retry);
  setOnline(false);
  connState("bad", T.offline);
  $("fatal").textContent = msg;
  $("fatal").hidden = false;
  $("offline").hidden = true;
  $("applink").hidden = true; // it would join the same wrong link
  render();
}
function setOnline(on) {
  if (on === online) return;
  online = on;
  if (on) { connState("ok", T.connected); notice(""); } else if (!fatal) connState("bad", T.offline);
  $("offline").hidden = on || fatal;
  render();
}
window.addEventListener("offline", () => setOnline(false));

// take keeps a state the table sent, unless the page holds a newer one: the
// event stream and the answers to this phone's actions arrive in any
// order, and a phone never goes back in time.
function take(got) {
  if (!got || typeof got.version !== "number") return;
  if (!snap || got.game !== snap.game || got.version >= snap.version) snap = got;
}

// notice says something that stays until the next thing goes well.
function notice(msg) { const n = $("notice"); n.textContent = msg; n.hidden = !msg; }
function toast(msg) {
  const t = $("toast"); t.textContent = msg; t.hidden = false;
  clearTimeout(toast.timer); toast.timer = setTimeout(() => { t.hidden = true; }, 4000);
}

// ---- sending: one action in flight per phone ----
// An action goes with the version that was on screen when the finger went
// down (seen): the host applies it only if the table is still there, and
// otherwise answers with the current state and 409 ("someone was faster").
// mine holds the versions this phone's own actions made: their changes
// re-arm no button (see tapButton).
let busy = false;
const mine = new Set();
async function post(path, body, seen) {
  if (!snap || busy || !online || fatal) return;
  if (seen === undefined) seen = shownVersion;
  busy = true;
  try {
    const r = await call("POST", path, Object.assign({ version: seen }, body));
    const got = r.json;
    notice("");
    if (r.status === 403) { forbidden(T.forbidden); return; }
    if (r.status === 409) { take(got); faster(); return; }
    if (!r.ok) { toast(got.error ? cap(got.error) + "." : r.statusText); return; }
    mine.add(seen + 1);
    if (mine.size > 64) mine.delete(Math.min(...mine));
    take(got); // the event stream may have brought a newer state meanwhile
    return true;
  } catch (e) {
    notice(T.notSent);
  } finally {
    busy = false;
    render();
  }
}
const send = (kind, data, seen) => post("actions", { action: { kind, data } }, seen);
async function undo(kind, seen) {
  if (await post("undo", { kind }, seen)) toast(fill(T.undoDone, { a: actionName(kind) }));
}
// faster tells the player another phone changed the table under their
// finger: the tap was not applied, and the page shows the table as it is.
function faster() { taps.faster++; toast(T.stale); }
const actionName = (kind) => word(T.kind, kind);

// ---- tap safety ----
// Every button that acts, and the link to the full app, is made by
// tapButton and carries its action's key: the action, and what it means
// in this state (a game's means: Flip's sand and flips, say). A tap counts
// only when the button under the finger is still the same action when the
// finger lifts, when the button has been where it is, as it is, for
// ARM_MS, and when the same button was not tapped within SAME_TAP_MS: a
// double tap applies one action, never a second one that appeared under
// the finger. A change made elsewhere (another phone, the host) re-arms
// every button whose key it changed the same way, and a tap it stops says
// "someone was faster"; the phone's own changes stop taps silently. The
// action goes with the version on screen when the finger went down.
const ARM_MS = 500, SAME_TAP_MS = 500;
const taps = { applied: 0, ignored: 0, faster: 0 };
let down = null;
// shownVersion is the version on screen; drawing, during a render of a
// version another device made, is that version (mine tells later whether
// it was this phone's after all: its event can come before its answer).
let shownVersion = null, drawing = null;
function tapButton(b, key, run) {
  b.dataset.tap = "";
  const t = b._tap;
  if (!t) { b._tap = { key, run, armedAt: performance.now() + ARM_MS, by: drawing, lastTap: -1e9 }; return b; }
  if (t.key !== key) { t.key = key; arm(b); }
  t.run = run;
  return b;
}
function arm(b) { if (b._tap) { b._tap.armedAt = performance.now() + ARM_MS; b._tap.by = drawing; } }
document.addEventListener("pointerdown", (e) => {
  unlockAudio();
  awake.gesture();
  const b = e.target.closest && e.target.closest("[data-tap]");
  down = b ? { b, key: b._tap.key, t: e.timeStamp, version: shownVersion } : null;
}, true);
document.addEventListener("click", (e) => {
  const b = e.target.closest && e.target.closest("[data-tap]");
  if (!b) return;
  e.preventDefault();
  e.stopPropagation();
  // The event's own time, not the handler's: a page held up between the
  // two taps of a double tap (a slow phone, a long frame) would otherwise
  // take them for two taps 500 ms apart.
  const tap = b._tap, t = e.timeStamp;
  const pointer = e.detail !== 0; // a keyboard's click has no pointer
  const from = pointer ? down : { b, key: tap.key, t, version: shownVersion };
  down = null;
  if (!from || from.b !== b || b.disabled || busy) { taps.ignored++; return; }
  if (from.key !== tap.key || from.t < tap.armedAt) {
    taps.ignored++;
    if (tap.by !== null && tap.by !== undefined && !mine.has(tap.by)) faster();
    return;
  }
  if (t - tap.lastTap < SAME_TAP_MS) { taps.ignored++; return; }
  tap.lastTap = t;
  taps.applied++;
  tap.run(from.version);
}, true);
// moved re-arms every button whose place changed since the last render.
// A button not on screen has no place: where it shows up next is not a
// move (what shows it arms it: a slot, a question, a new button).
function rearmMoved() {
  document.querySelectorAll("[data-tap]").forEach((b) => {
    const r = b.getBoundingClientRect(), at = r.left + "," + r.top + "," + r.width + "," + r.height;
    if (!r.width && !r.height) { b._at = undefined; return; }
    if (b._at !== undefined && b._at !== at) arm(b);
    b._at = at;
  });
}
window.addEventListener("resize", () => { rearmMoved(); });

// action makes (or updates) a button that sends kind with data; opts:
// main, disabled, ask (a question asked first, for what ends a game or
// rolls a die), label (its accessible name, when the text is a symbol),
// means (the part of the state the action depends on: another phone's
// change of it re-arms the button).
function action(b, text, kind, data, opts) {
  opts = opts || {};
  b = b || el("button");
  if (b.textContent !== text) b.textContent = text;
  b.classList.toggle("main", !!opts.main);
  const off = !!opts.disabled || !online || fatal;
  if (b.disabled !== off) { b.disabled = off; if (!off) arm(b); }
  if (opts.label) b.setAttribute("aria-label", opts.label);
  // A question's Yes acts on what the screen showed when the finger went
  // down on the button that asked it.
  const go = (seen) => send(kind, data, seen);
  const key = kind + JSON.stringify(data || null) + (opts.means === undefined ? "" : "|" + JSON.stringify(opts.means));
  return tapButton(b, key, opts.ask ? (seen) => ask(opts.ask, () => go(seen)) : go);
}

// ask shows a question over the page; its Yes is armed like any button,
// so the second tap of a double tap cannot answer it.
function ask(question, yes) {
  const d = $("dialog");
  $("question").textContent = question;
  const y = $("yes"), n = $("no");
  y.textContent = T.yes; n.textContent = T.no;
  tapButton(y, "yes:" + question, () => { d.hidden = true; yes(); });
  tapButton(n, "no:" + question, () => { d.hidden = true; });
  arm(y); arm(n);
  d.hidden = false;
}

// ---- the action bar: a fixed slot per action ----
// A game names its slots once, in the order and width they keep for the
// whole game; a slot that does nothing in this state stays in its place,
// invisible, so no other button ever moves under a finger.
let barGame = null;
const slots = {};
function buildBar(game) {
  barGame = game;
  const bar = $("buttons");
  bar.replaceChildren();
  for (const k in slots) delete slots[k];
  (GAMES[game].bar || []).forEach(([id, span]) => {
    const b = el("button", "slot");
    b.dataset.slot = id;
    b.style.gridColumn = "span " + (span || 1);
    b.style.visibility = "hidden";
    slots[id] = b;
    bar.append(b);
  });
}
const setSlots = new Set();
function slot(id, text, kind, data, opts) {
  const b = slots[id];
  if (!b) return;
  setSlots.add(id);
  action(b, text, kind, data, opts);
  if (b.style.visibility) { b.style.visibility = ""; arm(b); }
}

// ---- alerts at the host's marks, once per phone ----
const MARKS = [300, 60, 30, 10, 5, 4, 3, 2, 1, 0];
let muted = localStorage.getItem("boardside.muted") === "1";
function showMute() {
  const m = $("mute");
  m.classList.toggle("muted", muted);
  m.setAttribute("aria-label", muted ? T.soundOff : T.soundOn);
  m.setAttribute("aria-pressed", String(!muted));
  m.title = muted ? T.soundOff : T.soundOn;
}
// The sound switch is a button like the others: a double tap switches once.
tapButton($("mute"), "mute", () => { muted = !muted; localStorage.setItem("boardside.muted", muted ? "1" : "0"); showMute(); });

let audio = null;
// unlockAudio starts Web Audio on the first tap (browsers refuse sound
// before one); it never delays anything else.
function unlockAudio() {
  if (audio) return;
  try { audio = new (window.AudioContext || window.webkitAudioContext)(); audio.resume(); } catch (e) { audio = false; }
}
function beep(freq, ms, at) {
  if (!audio || muted) return;
  const t = audio.currentTime + (at || 0) / 1000, o = audio.createOscillator(), g = audio.createGain();
  o.frequency.value = freq;
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(0.4, t + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t + ms / 1000);
  o.connect(g).connect(audio.destination);
  o.start(t); o.stop(t + ms / 1000 + 0.05);
}
function flash(cls) {
  const f = $("flash");
  f.className = "flash";
  void f.offsetWidth; // restart the animation
  f.className = "flash on " + cls;
}
function buzz(pattern) { if (!muted && navigator.vibrate) navigator.vibrate(pattern); }
// signal sounds, vibrates and flashes for a mark (seconds left; "pulse"
// for solo mode's windows) and writes it to the tab's alert log.
function signal(mark) {
  if (mark === "pulse") { beep(660, 120); buzz(80); flash("pulse"); } else if (mark === 0) { beep(440, 500); beep(330, 700, 550); buzz([400, 100, 400]); flash("up"); } else if (mark <= 5) { beep(880, 150); buzz(120); flash("alert"); } else { beep(660, 200); beep(880, 250, 230); buzz([150, 80, 150]); flash("alert"); }
  const log = JSON.parse(sessionStorage.getItem("boardside.alertLog") || "[]");
  log.push({ mark, at: Date.now() });
  sessionStorage.setItem("boardside.alertLog", JSON.stringify(log.slice(-200)));
}
// Alerts fire as the remaining time crosses a mark downward while this page
// watches; what fired is kept per table, timer run and mark, so a reload
// or a reconnect never repeats an alert. A flip makes a new run.
const seen = {};
function watchMarks(name, v, ms) {
  const run = name + ":" + (v.running ? Math.round(v.deadlineMs) : "still");
  const prev = seen[name];
  seen[name] = { run, ms };
  if (!v.running || !prev || prev.run !== run) return;
  const fired = JSON.parse(localStorage.getItem("boardside.alerts") || "{}");
  let changed = false;
  MARKS.forEach((m) => {
    const key = token + ":" + run + ":" + m;
    if (prev.ms > m * 1000 && ms <= m * 1000 && !fired[key]) { fired[key] = Date.now(); changed = true; signal(m); }
  });
  if (!changed) return;
  const old = Date.now() - 6 * 3600e3;
  for (const k in fired) if (fired[k] < old) delete fired[k];
  localStorage.setItem("boardside.alerts", JSON.stringify(fired));
}

// ---- keeping the screen on while a timer runs ----
// Screen Wake Lock where the page is secure (HTTPS, localhost); a plain-HTTP
// page on the local network has none, so there a muted, inline, looping
// video plays, which keeps Android's Chrome and iOS's Safari awake; where
// neither works, one line asks the players to keep the screen on.
const awake = {
  want: false, lock: null, how: "off", tapped: false,
  set(on) { this.want = on; this.apply(); },
  gesture() { if (!this.tapped) { this.tapped = true; this.apply(); } },
  async apply() {
    if (!this.want || document.hidden) {
      if (this.lock) { this.lock.release().catch(() => {}); this.lock = null; }
      const v = $("awake"); if (!v.paused) v.pause();
      return this.show("off");
    }
    if (window.isSecureContext && navigator.wakeLock) {
      if (this.lock) return this.show("wakelock");
      try {
        this.lock = await navigator.wakeLock.request("screen");
        this.lock.addEventListener("release", () => { this.lock = null; });
        if (!this.want) return this.apply();
        return this.show("wakelock");
      } catch (e) { /* refused: try the video */ }
    }
    const v = $("awake");
    if (!v.paused) return this.show("video");
    if (!v.src && !v.currentSrc) { v.innerHTML = '<source src="awake.webm" type="video/webm"><source src="awake.mp4" type="video/mp4">'; v.load(); }
    try { await v.play(); this.show("video"); } catch (e) { this.show("none"); }
  },
  show(how) {
    this.how = how;
    document.documentElement.dataset.awake = how;
    $("hint").hidden = how !== "none";
  },
};
document.addEventListener("visibilitychange", () => {
  awake.apply();
  if (!document.hidden) { syncClock(); render(); }
});

// ---- rendering ----
// ui is what a game's render uses; render() calls it on every change and
// when a shown second changes, never more often.
let tick = null, wantAwake = false, nextTick = Infinity;
const ui = {
  title(t) { if ($("game").textContent !== t) $("game").textContent = t; },
  status(t) { setText($("status"), t); },
  // info shows one line, or a line per entry of an array.
  info(t) {
    const i = $("info"), lines = [].concat(t || []), key = lines.join("\n");
    if (i._key === key) return;
    i._key = key;
    i.replaceChildren(...lines.map((l) => el("div", "", l)));
  },
  banner(t, cls) { const b = $("banner"); b.hidden = !t; setText(b, t); b.className = "banner " + (cls || ""); },
  // end puts the game's result where the action bar was.
  end(t, cls) { const e = $("end"); e.hidden = !t; setText(e, t); e.className = "end " + (cls || ""); },
  slot,
  // timer shows a countdown computed from the host's deadline, once the
  // clock is synced, and alerts at its marks; it returns what is left.
  timer(name, v, cls) {
    const t = $("timer");
    t.hidden = false;
    if (!synced) { t.textContent = T.waiting; t.className = "timer waiting"; return null; }
    const ms = v.running ? Math.max(0, v.deadlineMs - hostNow()) : v.leftMs;
    const text = fmt(ms);
    if (t.textContent !== text) t.textContent = text;
    t.className = "timer " + (cls || "");
    if (!document.documentElement.dataset.timerShown) { document.documentElement.dataset.timerShown = "1"; performance.mark("timer-shown"); }
    if (!cls) watchMarks(name, v, ms);
    if (v.running && ms > 0) { this.wake(ms % 1000 + 5); wantAwake = true; } // at 0:00 nothing changes any more
    return ms;
  },
  // startButton is the big button in the timer's place before a game
  // starts; no other button ever stands there.
  startButton(text, kind) {
    const b = $("start");
    b.hidden = !text;
    if (text) { action(b, text, kind, null, { main: true }); $("timer").hidden = true; }
  },
  wake(ms) { nextTick = Math.min(nextTick, ms); },
  keepAwake() { wantAwake = true; },
  tapButton: action,
};
function setText(e, t) { if (e.textContent !== (t || "")) e.textContent = t || ""; }
function fmt(ms) {
  const s = Math.ceil(ms / 1000), m = Math.floor(s / 60), r = s % 60;
  return m + ":" + String(r).padStart(2, "0");
}

function render() {
  if (!snap) return;
  const game = GAMES[snap.game];
  if (!game) { loadGame(snap.game); return; }
  if (barGame !== snap.game) buildBar(snap.game);
  drawing = shownVersion !== null && snap.version !== shownVersion ? snap.version : null;
  shownVersion = snap.version;
  try { draw(game); } finally { drawing = null; }
}
// loadGame loads a game's screen, <game>.js beside this page, the first
// time the table's game is one without it: the page names no game, so a
// new game's viewer is its file alone. Its script renders once loaded. A
// load that fails (the host went away just then) is tried again two
// seconds later, and at every state until one loads: else the page would
// show no game, and no buttons, even once the host is back.
const loading = new Set();
function loadGame(id) {
  if (loading.has(id) || !/^[a-z0-9]+$/.test(id)) return;
  loading.add(id);
  const s = document.createElement("script");
  s.src = id + ".js";
  s.onload = render;
  s.onerror = () => {
    s.remove();
    loading.delete(id);
    setTimeout(render, 2000);
  };
  document.head.append(s);
}
function draw(game) {
  $("version").textContent = snap.version;
  document.documentElement.dataset.version = snap.version;
  setSlots.clear();
  nextTick = Infinity; wantAwake = false;
  // What a game does not draw this time is not shown.
  ["start", "timer", "card", "adele", "solo", "banner", "end"].forEach((id) => { $(id).hidden = true; });
  game.render(snap.state, ui);
  renderRecord(snap.state.record);
  for (const id in slots) if (!setSlots.has(id)) slots[id].style.visibility = "hidden";
  renderUndo();
  rearmMoved();
  clearTimeout(tick);
  if (nextTick < Infinity) tick = setTimeout(render, Math.max(nextTick, 20));
  awake.set(wantAwake && !fatal);
}
// renderUndo offers the table's last action back when it was a public one.
function renderUndo() {
  const u = $("undo"), kind = snap.undo;
  u.hidden = !kind;
  if (!kind) return;
  const text = fill(T.undo, { a: actionName(kind) });
  if (u.textContent !== text) u.textContent = text;
  const off = !online || fatal;
  if (u.disabled !== off) { u.disabled = off; if (!off) arm(u); }
  tapButton(u, "undo:" + kind + ":" + snap.version, (seen) => undo(kind, seen));
}

// ---- the play recorded at a game's end ----
// The host records every game the moment it ends (the names of the
// table's last play filled in) and its public state carries the record:
// the play, and its BG Stats links made on the host. The page shows the
// result, the names to change, and Log in BG Stats, one tap from the end:
// it opens the https link (BG Stats takes it on a phone that has it, its
// page otherwise; record.bgStatsApp is the bgstats:// one). Names typed
// and not yet saved are saved first, with the version on screen, so two
// phones naming at once apply once; the host's record is what shows.
let recordKey = null;
function renderRecord(rec) {
  const box = $("record");
  box.hidden = !rec;
  if (!rec) { recordKey = null; return; }
  if (!box._names) buildRecord(box);
  const players = rec.play.players || [];
  const names = players.map((p) => p.name);
  const adele = (players.find((p) => p.role === "ADELE") || {}).name || "";
  setText(box._result, rec.play.result);
  const key = JSON.stringify([rec.play.id, rec.seats, rec.named, names, adele]);
  if (key !== recordKey) { // recorded anew, here or elsewhere: shown as the host holds it
    recordKey = key;
    const n = rec.named ? 0 : Math.max(rec.seats || 0, names.length);
    const inputs = [];
    for (let i = 0; i < n; i++) {
      const e = el("input");
      e.type = "text"; e.autocomplete = "off"; e.value = names[i] || "";
      e.placeholder = rec.allOrNone ? fill(T.playerN, { n: i + 1 }) : T.nameOptional;
      e.setAttribute("aria-label", fill(T.playerN, { n: i + 1 }));
      e.addEventListener("input", recordEdited);
      inputs.push(e);
    }
    box._names.replaceChildren(...inputs);
    box._adele.hidden = !rec.askAdele;
    box._adele.dataset.chosen = adele;
    box._note.hidden = !rec.allOrNone;
  }
  // Both take taps as every button does (tapButton): not just after they
  // appeared; and Save names not just after another phone saved others.
  tapButton(box._save, "saveNames|" + key, (seen) => saveNames(seen));
  tapButton(box._log, "logBGStats|" + rec.play.id, () => logInBGStats());
  recordEdited();
}
function buildRecord(box) {
  box._title = el("h2", "", T.recordTitle);
  box._result = el("div", "result");
  box._names = el("div", "names");
  box._adele = el("select");
  box._adele.setAttribute("aria-label", T.whoAdele);
  box._adele.addEventListener("change", () => { box._adele.dataset.chosen = box._adele.value; recordEdited(); });
  box._note = el("div", "info", T.allOrNone);
  box._save = el("button", "", T.saveNames);
  box._save.id = "saveNames";
  box._log = el("button", "main", T.logBGStats);
  box._log.id = "logBGStats";
  const answers = el("div", "answers");
  answers.append(box._save, box._log);
  box.append(box._title, box._result, answers, box._names, box._adele, box._note);
}
// typedNames are the names typed, in the seats' order, empty seats left out.
function typedNames() {
  return [...$("record")._names.querySelectorAll("input")].map((e) => e.value.trim()).filter((n) => n);
}
// recordEdited offers who played ADELE among the names typed and says
// whether there is anything to save.
function recordEdited() {
  const box = $("record"), rec = snap && snap.state.record;
  if (!rec || !box._names) return;
  const names = typedNames();
  const sel = box._adele, chosen = sel.dataset.chosen || "";
  const opts = [""].concat(names);
  if (JSON.stringify([...sel.options].map((o) => o.value)) !== JSON.stringify(opts)) {
    sel.replaceChildren(...opts.map((n) => { const o = el("option", "", n || T.whoAdele); o.value = n; return o; }));
  }
  sel.value = names.includes(chosen) ? chosen : "";
  box._save.disabled = !recordDirty() || !online || fatal;
}
function recordDirty() {
  const rec = snap.state.record, box = $("record");
  const players = rec.play.players || [];
  const adele = (players.find((p) => p.role === "ADELE") || {}).name || "";
  return JSON.stringify(typedNames()) !== JSON.stringify(players.map((p) => p.name)) ||
    (rec.askAdele && box._adele.value !== adele);
}
// saveNames sends the names typed as the game's record, at the version
// seen on screen; it says whether the host took them.
async function saveNames(seen) {
  const rec = snap && snap.state.record;
  if (!rec) return false;
  const data = { id: rec.play.id, names: typedNames() };
  if (rec.askAdele) data.adele = $("record")._adele.value;
  return !!(await send("recordPlay", data, seen));
}
// logInBGStats opens the play in BG Stats: at once when the names shown
// are the host's, else once they are saved, in the tab opened on the tap
// (a browser opens a new tab only on a tap, not after waiting for the
// host); where no tab may open, this page goes there.
async function logInBGStats() {
  const rec = snap && snap.state.record;
  if (!rec) return;
  if (!recordDirty()) { openLink(null, rec.bgStats); return; }
  const w = window.open("", "_blank");
  if (!(await saveNames(shownVersion))) { if (w) w.close(); return; }
  openLink(w, snap.state.record.bgStats);
}
function openLink(w, link) {
  if (!w) w = window.open(link, "_blank");
  else w.location = link;
  if (!w) location.href = link;
}

// ---- the full app, where the host serves it ----
// A host with `make web`'s build serves the full app at /app/; one without
// answers there 404, with a page saying how to build it. The link to it
// stands last in the page, at the foot of the game's area, where no action
// button ever is, and takes taps as a button does: not while it has just
// appeared or moved. The answer is shown in data-full-app: yes or no.
let appAsked = false;
async function offerApp() {
  if (appAsked || fatal || offerCode) return; // a browser-hosted table serves no app
  appAsked = true;
  let ok = false;
  try { ok = (await fetch("/app/", { method: "HEAD", cache: "no-store" })).ok; } catch (e) { appAsked = false; } // the host may come back
  const a = $("applink");
  if (ok && !fatal) {
    a.href = "/app/?join=" + encodeURIComponent(location.href);
    a.textContent = T.openApp;
    tapButton(a, "app", () => location.assign(a.href));
    a.hidden = false;
  }
  document.documentElement.dataset.fullApp = ok && !fatal ? "yes" : "no";
}

// The page is parsed when this deferred script runs: the connection and
// the clock's first pings start at once, side by side; the first render
// waits for both, and for the table's game's script (loadGame).
connect();
if (!offerCode) syncClock(); // a browser-hosted table's clock is synced once its channel opens
offerApp();
setInterval(syncClock, 30000);
window.addEventListener("online", () => { if (es && es.readyState === EventSource.CLOSED) connect(); if (!offerCode) syncClock(); });
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("[data-t]").forEach((e) => { e.textContent = T[e.dataset.t]; });
  showMute();
  render(); // a state that came before its game's script
});
// For tests and measurements: what the page counted.
window.boardside = { taps, awake, ask };
