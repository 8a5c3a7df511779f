// Boardside's web viewer: shows a shared table's public state, computes
// the timers from the host's deadlines and an estimated clock offset, and
// sends public actions with the version it saw. No build step, nothing
// loaded from the internet.
"use strict";

const token = new URLSearchParams(location.search).get("t") || "";
const de = (navigator.language || "").toLowerCase().startsWith("de");
const T = de ? {
  connected: "verbunden", connecting: "verbinde …", offline: "getrennt – verbinde neu …", offset: "Uhrabweichung", rtt: "Laufzeit", version: "Stand",
  flip: "Umdrehen", act: "Aktion: jemand hat gezogen", joker: "Joker: sprechen", pause: "Pause", resume: "Weiter", start: "Sanduhr umdrehen und losspielen",
  landed: "Kolonisten gelandet", talk: "Jetzt sprechen, bis jemand zieht", talkJoker: "Joker: jetzt sprechen, bis jemand zieht", pass: "Gebt euer Aktionsplättchen nach links weiter!",
  markers: "Sanduhr-Marker übrig", jokers: "Joker übrig", mission: "Mission", lost: "Die Sanduhr ist abgelaufen: das Spiel ist verloren", won: "Mission geschafft", paused: "Pausiert",
  oxygen: "Benötigter Sauerstoff", turn: "Zug", locked: "Locked!", allLocked: "Mission Control is Locked!", nextTurn: "Nächster Zug", timeUp: "Zeit abgelaufen", accomplished: "Mission erfüllt",
  mustKeep: "ihr müsst die {v} behalten", unlocks: "Entriegelungen", looks: "Der Astronaut sieht sich die obersten 2 Entriegelungskarten an", stale: "Jemand war schneller – der Stand wurde aktualisiert.",
  forbidden: "Dieser Link gehört nicht zu diesem Tisch: scannt den Code des Hosts erneut.", card: "KI-Karte",
  yellow: "gelb", blue: "blau", green: "grün", redX: "rotes X",
  startTimer: "Timer starten", roll: "3 Würfel werfen", reveal: "Entriegelungskarte aufdecken",
} : {
  connected: "connected", connecting: "connecting …", offline: "offline – reconnecting …", offset: "clock offset", rtt: "round trip", version: "version",
  flip: "Flip", act: "Action: someone moved", joker: "Joker: talk", pause: "Pause", resume: "Resume", start: "Turn the sand timer over to start",
  landed: "Colonists landed", talk: "Talk now, until someone acts", talkJoker: "Joker: talk now, until someone acts", pass: "Pass your action tile to the left!",
  markers: "Hourglass markers left", jokers: "Jokers left", mission: "Mission", lost: "The sand has run out: the game is lost", won: "Mission complete", paused: "Paused",
  oxygen: "Oxygen needed", turn: "Turn", locked: "Locked!", allLocked: "Mission Control is Locked!", nextTurn: "Next turn", timeUp: "Time's up", accomplished: "Mission accomplished",
  mustKeep: "you must keep the {v}", unlocks: "Unlocks", looks: "The astronaut is looking at the top 2 unlock cards", stale: "Someone was faster – the table is up to date now.",
  forbidden: "This link is not for this table: scan the host's code again.", card: "AI card",
  yellow: "yellow", blue: "blue", green: "green", redX: "red X",
  startTimer: "Start the timer", roll: "Roll 3 dice", reveal: "Reveal an unlock card",
};
const $ = (id) => document.getElementById(id);
document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = T[el.dataset.t]; });

// ---- clock offset: host time ≈ local time + offset ----
let offset = 0, rtt = null;
const now = () => performance.timeOrigin + performance.now();
async function syncClock() {
  const samples = [];
  for (let i = 0; i < 8; i++) {
    try {
      const t0 = now();
      const r = await fetch(api("time"), { cache: "no-store" });
      const t3 = now();
      const { received: t1, sent: t2 } = await r.json();
      samples.push({ off: ((t1 - t0) + (t2 - t3)) / 2, rtt: (t3 - t0) - (t2 - t1) });
    } catch (e) { /* the next ping may go through */ }
  }
  if (!samples.length) return;
  samples.sort((a, b) => a.rtt - b.rtt);
  const best = samples.slice(0, 3).map((s) => s.off).sort((a, b) => a - b);
  offset = best[Math.floor(best.length / 2)];
  rtt = samples[0].rtt;
  $("offset").textContent = offset.toFixed(1) + " ms";
  $("rtt").textContent = rtt.toFixed(1) + " ms";
  render();
}
const hostNow = () => now() + offset;
function api(path) { return "/api/v1/" + path + "?t=" + encodeURIComponent(token); }

// ---- state ----
let snap = null;
function connState(cls, text) { const c = $("conn"); c.className = "conn " + cls; c.textContent = text; }
$("conn").onclick = () => { $("details").hidden = !$("details").hidden; };

function connect() {
  connState("", T.connecting);
  const es = new EventSource(api("events"));
  es.addEventListener("state", (e) => { snap = JSON.parse(e.data); render(); });
  es.onopen = () => { connState("ok", T.connected); syncClock(); };
  es.onerror = () => {
    connState("bad", T.offline);
    fetch(api("state")).then((r) => { if (r.status === 403) { es.close(); toast(T.forbidden); } }).catch(() => {});
  };
}

async function send(kind, data) {
  if (!snap) return;
  const r = await fetch(api("actions"), {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ version: snap.version, action: { kind, data } }),
  });
  const body = await r.json().catch(() => ({}));
  if (r.status === 409) { snap = body; render(); toast(T.stale); return; }
  if (!r.ok) { toast(body.error || r.statusText); return; }
  snap = body; render();
}

const cap = (s) => s ? s[0].toUpperCase() + s.slice(1) : s;

function toast(msg) {
  const t = $("toast"); t.textContent = msg; t.hidden = false;
  clearTimeout(toast.timer); toast.timer = setTimeout(() => { t.hidden = true; }, 3000);
}

// ---- timers, computed here from the host's deadline ----
function remainingMs(v) { return v.running ? Math.max(0, v.deadlineMs - hostNow()) : v.leftMs; }
function fmt(ms) {
  const s = Math.ceil(ms / 1000), m = Math.floor(s / 60), r = s % 60;
  return m + ":" + String(r).padStart(2, "0");
}

let tick = null, wakeLock = null;
function scheduleTick(running, ms) {
  clearTimeout(tick);
  if (running) tick = setTimeout(render, (ms % 1000) + 5 || 1000); // wake when the shown second changes
  keepAwake(running);
}
async function keepAwake(on) {
  try {
    if (on && !wakeLock && navigator.wakeLock) { wakeLock = await navigator.wakeLock.request("screen"); wakeLock.addEventListener("release", () => { wakeLock = null; }); }
    if (!on && wakeLock) { await wakeLock.release(); wakeLock = null; }
  } catch (e) { /* not every browser lets a page keep the screen on */ }
}

function button(text, kind, data, main, disabled) {
  const b = document.createElement("button");
  b.textContent = text; if (main) b.className = "main"; b.disabled = !!disabled;
  b.onclick = () => send(kind, data);
  return b;
}

// Buttons are collected on each render but put on the page only when they
// change: replacing them every second would swallow a tap in flight.
let shownButtons = "";
function render() {
  if (!snap) return;
  $("version").textContent = snap.version;
  const s = snap.state, list = [];
  const btns = { append: (...b) => list.push(...b) };
  $("card").hidden = true; $("banner").hidden = true;
  if (snap.game === "marsmaze") renderMars(s, btns); else if (snap.game === "missioncontrol") renderMC(s, btns);
  const key = list.map((b) => b.textContent + "|" + b.disabled + "|" + b.className).join(";");
  if (key !== shownButtons) { shownButtons = key; $("buttons").replaceChildren(...list); }
}

function setTimer(v, cls) {
  const ms = remainingMs(v), el = $("timer");
  const text = fmt(ms);
  if (el.textContent !== text) el.textContent = text;
  el.className = "timer " + (cls || "");
  return ms;
}

function renderMars(s, btns) {
  $("game").textContent = "Magic Maze on Mars · " + T.mission + " " + s.mission;
  const ms = setTimer(s.sand, s.won ? "won" : "");
  const over = !s.won && s.sand.started && ms <= 0;
  if (over) $("timer").className = "timer over";
  $("status").textContent = s.won ? T.won : over ? T.lost : (s.sand.started && !s.sand.running ? T.paused : "");
  $("info").textContent = T.markers + ": " + s.markersLeft + (s.jokersLeft ? " · " + T.jokers + ": " + s.jokersLeft : "");
  const playing = s.sand.started && !over && !s.won;
  if (playing && (s.talk || s.passTiles)) {
    $("banner").hidden = false;
    $("banner").textContent = [s.talk === "joker" ? T.talkJoker : s.talk ? T.talk : "", s.passTiles ? T.pass : ""].filter(Boolean).join(" · ");
    btns.append(button(T.act, "act", null, true));
  }
  if (!s.sand.started) btns.append(button(T.start, "start", null, true));
  if (playing) {
    btns.append(button(T.flip, "flip", null, true, s.landed || s.markersLeft <= 0));
    if (s.jokersLeft > 0) btns.append(button(T.joker, "useJoker"));
    btns.append(s.sand.running ? button(T.pause, "pause") : button(T.resume, "resume"));
    if (!s.landed) btns.append(button(T.landed, "land", { landed: true }));
  }
  scheduleTick(playing && s.sand.running, ms);
}

function renderMC(s, btns) {
  $("game").textContent = "Mission Control: Critical Orbit";
  const ms = setTimer(s.timer, s.accomplished ? "won" : "");
  const over = !s.accomplished && s.timer.started && ms <= 0;
  if (over) $("timer").className = "timer over";
  $("status").textContent = s.accomplished ? T.accomplished : over ? T.timeUp : (s.timer.started && !s.timer.running ? T.paused : T.oxygen + ": " + s.oxygen);
  const info = [T.turn + " " + s.turn];
  if (s.unlocks && s.unlocks.length) info.push(T.unlocks + ": " + s.unlocks.map((u) => T[u.kind] || u.kind).join(", "));
  if (s.astronautLooks) info.push(T.looks);
  $("info").textContent = info.join(" · ");
  if (s.aiCard || (s.dice && s.dice.length)) {
    const card = $("card"); card.hidden = false; card.replaceChildren();
    if (s.dice) {
      const d = document.createElement("div"); d.className = "dice";
      const forced = (s.forced || []).map((f) => f.value);
      s.dice.forEach((v) => { const e = document.createElement("span"); e.textContent = v; if (forced.includes(v)) e.className = "forced"; d.append(e); });
      card.append(d);
      (s.forced || []).forEach((f) => { const p = document.createElement("p"); p.textContent = T.mustKeep.replace("{v}", f.value) + " (" + cap(f.role) + ")"; card.append(p); });
    }
    if (s.aiCard) {
      Object.entries(s.aiCard.parts).forEach(([role, p]) => {
        const h = document.createElement("h3");
        h.innerHTML = role[0].toUpperCase() + role.slice(1) + ' <span class="die"></span>';
        h.querySelector(".die").textContent = p.die;
        card.append(h);
        const line = document.createElement("div"); line.className = "parts";
        if (p.shapes) p.shapes.forEach((sh) => line.append(tetromino(sh)));
        if (p.squares) p.squares.forEach((q) => { const e = document.createElement("span"); e.className = "square"; e.textContent = q.join("/"); line.append(e); });
        if (p.columns) p.columns.forEach((c) => line.append(column(c)));
        if (p.star) { const e = document.createElement("span"); e.textContent = "★ " + p.star; line.append(e); }
        card.append(line);
      });
    }
  }
  const playing = s.timer.started && !over && !s.accomplished;
  if (!s.timer.started) btns.append(button(T.startTimer, "start", null, true));
  if (playing && !(s.dice && s.dice.length)) btns.append(button(T.roll, "rollDice", null, true));
  if (playing && s.dice && s.dice.length) {
    (s.humanRoles || []).forEach((r) => {
      const name = r[0].toUpperCase() + r.slice(1);
      btns.append(button(name + " " + T.locked, "lock", { role: r }, false, (s.locked || []).includes(r)));
    });
    if (s.allLocked) { $("banner").hidden = false; $("banner").textContent = T.allLocked; btns.append(button(T.nextTurn, "nextTurn", null, true)); }
  }
  if (playing && s.unlocksLeft > 0 && !s.astronautLooks) btns.append(button(T.reveal, "revealUnlock"));
  if (playing) btns.append(s.timer.running ? button(T.pause, "pause") : button(T.resume, "resume"));
  if (playing) {
    const done = button(T.accomplished, "accomplish");
    done.onclick = () => { if (confirm(T.accomplished + "?")) send("accomplish"); }; // ends the game: ask once
    btns.append(done);
  }
  scheduleTick(playing && s.timer.running, ms);
}

// Houston's shapes and Cologne's columns drawn as on the card.
const TETROMINOES = { L: [[0,0],[0,1],[0,2],[1,2]], J: [[1,0],[1,1],[1,2],[0,2]], S: [[1,0],[2,0],[0,1],[1,1]], Z: [[0,0],[1,0],[1,1],[2,1]], T: [[0,0],[1,0],[2,0],[1,1]] };
function tetromino(shape) {
  const g = document.createElement("span"); g.className = "shape"; g.title = shape;
  (TETROMINOES[shape] || []).forEach(([x, y]) => { const c = document.createElement("i"); c.style.gridColumn = x + 1; c.style.gridRow = y + 1; g.append(c); });
  return g;
}
function column(size) {
  const g = document.createElement("span"); g.className = "column"; g.title = size;
  for (let i = 0; i < size; i++) g.append(document.createElement("i"));
  return g;
}

document.addEventListener("visibilitychange", () => { if (!document.hidden) { syncClock(); render(); } });
setInterval(syncClock, 30000);
connect();
