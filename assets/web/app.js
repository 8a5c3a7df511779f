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
  players: "{n} Spieler", notSetUp: "Der Host richtet das Spiel gerade ein …", emergencyPhase: "Notfallphase", endRound: "Rundenende",
  phase: { emergency: "Als Nächstes: die Notfallphase", adele: "Planung und ADELEs Phase – die Crew wartet auf ADELE", endRound: "Die Aktionen der Crew, dann das Rundenende" },
  rounds: "Rundenleiste", roundMarker: "Rundenmarker", noReturn: "Keine-Rückkehr-Marker", roundsPlayed: "Runden gespielt",
  emergencies: "Notfälle", cardsLeft: "Notfallkarten übrig", impactsLeft: "Einschlag-Marker übrig",
  current: "Aktueller Notfall", round: "Runde", next: "Nächster Notfall", noneYet: "Noch keiner", faceDown: "Verdeckt – wird nächste Runde abgewendet", deckEmpty: "Der Notfallstapel ist leer",
  sectorOf: "Sektor: {s}", symbols: "Symbole: {l}", triggers: "Ausgelöst: {l}", averted: "Abgewendet", impactIn: "Einschlag in Raum {r}", rerolled: "(neu gewürfelt nach {l})",
  alarmUsed: "Alarm-Terminal {n} benutzt (Raum {r})", alarmsOff: "Die Alarm-Terminals sind durch eine Anomalie abgeschaltet", alarmAsk: "Hat jemand Alarm-Terminal {n} benutzt? Der offene Notfall wird abgewendet, das Terminal wandert.",
  anomalies: "Anomalien im Spiel", noAnomaly: "Keine Anomalie im Spiel",
  missions: "Missionen", blueMission: "Blaue Mission: kein Einschlag-Marker auf dem Schiff", redMission: "Rote Mission: Rundenmarker nicht unter dem Keine-Rückkehr-Marker",
  ship: "Schiff", room: "Raum {r}", alarmHere: "Alarm-Terminal {n}", crewHere: "Crew {n} startet hier", impactHere: "Einschlag",
  inRoom: "aus Raum {r} entfernen", toRoom: "{o} (zu Raum {r})", onTerminal: "{o} (Terminal)", impactMarker: "Einschlag-Marker",
  command: "Kommando-Terminal: Keine-Rückkehr-Marker nach unten", d20: "W20 werfen", lastRoll: "Letzter Wurf", crewStart: "Crew-Start", alarmMoved: "Alarm-Terminal {n} gewandert", plainD20: "W20",
  crewWins: "Die Crew gewinnt", adeleWins: "ADELE gewinnt", crewWinsAsk: "Das Spiel ist vorbei: Die Crew hat eine Mission erfüllt?", adeleWinsAsk: "Das Spiel ist vorbei: Ein Crewmitglied ist gestorben, ADELE gewinnt?",
  kind: { stress: "Stress", systemFailure: "Systemstörung", courseDeviation: "Kursabweichung", silence: "Stille", impact: "Einschlag" },
  sector: { yellow: "gelb", blue: "blau", red: "rot", green: "grün", grey: "grau" },
  obstacle: { spy: "Spion", doorLocked: "Tür verriegelt", oxygenLoss: "Sauerstoffverlust", fire: "Feuer", darkness: "Dunkelheit", computerFailure: "Computerausfall" },
  anomaly: { airlocksLocked: "Schleusen gesperrt", alarmTerminalsOff: "Alarm-Terminals abgeschaltet", weakBatteries: "Schwache Batterien", explosions: "Explosionen", panic: "Panik", targetedAttack: "Gezielter Angriff" },
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
  players: "{n} players", notSetUp: "The host is setting the game up …", emergencyPhase: "Emergency phase", endRound: "End of round",
  phase: { emergency: "Next: the emergency phase", adele: "Planning and ADELE's phase – the crew waits for ADELE", endRound: "The crew's actions, then the end of the round" },
  rounds: "Round track", roundMarker: "Round marker", noReturn: "No-return marker", roundsPlayed: "Rounds played",
  emergencies: "Emergencies", cardsLeft: "Emergency cards left", impactsLeft: "Impact markers left",
  current: "Current emergency", round: "round", next: "Next emergency", noneYet: "None yet", faceDown: "Face down – averted next round", deckEmpty: "The emergency deck is empty",
  sectorOf: "Sector: {s}", symbols: "Symbols: {l}", triggers: "Triggers: {l}", averted: "Averted", impactIn: "Impact in room {r}", rerolled: "(rolled again after {l})",
  alarmUsed: "Alarm terminal {n} used (room {r})", alarmsOff: "The alarm terminals are switched off by an anomaly", alarmAsk: "Did a crew member use alarm terminal {n}? The face-up emergency is averted and the terminal moves.",
  anomalies: "Anomalies in play", noAnomaly: "No anomaly in play",
  missions: "Missions", blueMission: "Blue mission: no impact marker on the ship", redMission: "Red mission: round marker not below the no-return marker",
  ship: "Ship", room: "Room {r}", alarmHere: "Alarm terminal {n}", crewHere: "Crew {n} starts here", impactHere: "Impact",
  inRoom: "remove from room {r}", toRoom: "{o} (to room {r})", onTerminal: "{o} (terminal)", impactMarker: "Impact marker",
  command: "Command terminal: no-return down", d20: "Roll the D20", lastRoll: "Last roll", crewStart: "Crew start", alarmMoved: "Alarm terminal {n} moved", plainD20: "D20",
  crewWins: "The crew wins", adeleWins: "ADELE wins", crewWinsAsk: "The game is over: the crew completed a mission?", adeleWinsAsk: "The game is over: a crew member died, ADELE wins?",
  kind: { stress: "Stress", systemFailure: "System failure", courseDeviation: "Course deviation", silence: "Silence", impact: "Impact" },
  sector: { yellow: "yellow", blue: "blue", red: "red", green: "green", grey: "grey" },
  obstacle: { spy: "Spy", doorLocked: "Door locked", oxygenLoss: "Oxygen loss", fire: "Fire", darkness: "Darkness", computerFailure: "Computer failure" },
  anomaly: { airlocksLocked: "Airlocks locked", alarmTerminalsOff: "Alarm terminals off", weakBatteries: "Weak batteries", explosions: "Explosions", panic: "Panic", targetedAttack: "Targeted attack" },
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
  $("card").hidden = true; $("banner").hidden = true; $("banner").className = "banner";
  const adele = snap.game === "adele";
  $("timer").hidden = adele; $("adele").hidden = !adele;
  if (snap.game === "marsmaze") renderMars(s, btns); else if (snap.game === "missioncontrol") renderMC(s, btns); else if (adele) renderAdele(s, btns);
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

// ---- ADELE: the crew's public table. Only adele.Public reaches this
// page; ADELE's energy, hand and console stay on her device. ----
const fill = (t, v) => t.replace(/\{(\w)\}/g, (_, k) => v[k]);
const word = (dict, id) => (dict && dict[id]) || id;
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
function section(title, ...children) {
  const sec = el("section", "ad-sec");
  sec.append(el("h2", "", title), ...children);
  return sec;
}
// asking wraps a button so that it asks first: for actions that roll a
// die or end the game, where a slip of the finger costs the table.
function asking(b, question) {
  const kind = b.onclick;
  b.onclick = () => { if (confirm(question)) kind(); };
  return b;
}
function rerolls(list) { return list && list.length ? " " + fill(T.rerolled, { l: list.join(", ") }) : ""; }
function placedName(p) {
  const o = word(T.obstacle, p.type);
  if (p.spot && p.spot.startsWith("door:")) return fill(T.toRoom, { o, r: p.spot.slice(5) });
  if (p.spot === "terminal") return fill(T.onTerminal, { o });
  return o;
}

// emergencyCard draws an emergency card's face: kind, sector, symbols and,
// for one that was played, whether it was averted and where it hit.
function emergencyCard(title, e, played) {
  const c = el("div", "ecard sec-" + e.sector);
  c.append(el("div", "ecard-title", title));
  c.append(el("div", "ecard-kind", word(T.kind, e.kind)));
  c.append(el("div", "", fill(T.sectorOf, { s: word(T.sector, e.sector) })));
  if (e.symbols && e.symbols.length) c.append(el("div", "", fill(T.symbols, { l: e.symbols.map((a) => word(T.anomaly, a)).join(", ") })));
  if (!played) return c;
  if (e.averted) c.append(el("div", "ecard-averted", "✓ " + T.averted));
  if (e.triggers && e.triggers.length) c.append(el("div", "ecard-strong", fill(T.triggers, { l: e.triggers.map((a) => word(T.anomaly, a)).join(", ") })));
  if (e.impactRoom) c.append(el("div", "ecard-strong", fill(T.impactIn, { r: e.impactRoom }) + rerolls(e.rerolls)));
  return c;
}

let shownAdele = "";
function renderAdele(s, btns) {
  $("game").textContent = "ADELE" + (s.setUp ? " · " + cap(s.ship) + " · " + fill(T.players, { n: s.players }) : "");
  if (!s.setUp) {
    $("status").textContent = T.notSetUp; $("info").textContent = "";
    $("adele").replaceChildren(); shownAdele = "";
    return;
  }
  const over = !!s.result;
  $("status").textContent = over ? "" : word(T.phase, s.phase);
  $("info").textContent = [T.cardsLeft + ": " + s.cardsLeft, T.impactsLeft + ": " + s.impactsLeft, T.roundsPlayed + ": " + s.roundsPlayed].join(" · ");
  if (over) {
    $("banner").hidden = false;
    $("banner").className = "banner" + (s.result === "adele" ? " bad" : "");
    $("banner").textContent = s.result === "crew" ? T.crewWins : T.adeleWins;
  } else if (s.phase === "emergency") {
    btns.append(button(T.emergencyPhase, "emergency", null, true, s.cardsLeft === 0));
  } else {
    btns.append(button(T.endRound, "endRound", null, true, s.phase !== "endRound"));
  }

  // The rest changes only with the state: rebuilt then, and not on the
  // clock's renders, so that a tap in flight is not swallowed.
  const key = JSON.stringify(s);
  if (key === shownAdele) return;
  shownAdele = key;
  const parts = [];

  // The round track, from the first round down to 1.
  const track = el("ol", "track");
  for (let r = s.startRound; r >= 1; r--) {
    const c = el("li", "", String(r));
    if (r === s.round) { c.classList.add("round"); c.title = T.roundMarker; }
    if (r === s.noReturn) { c.classList.add("noreturn"); c.title = (c.title ? c.title + " · " : "") + T.noReturn; }
    track.append(c);
  }
  const legend = el("div", "legend");
  legend.append(el("span", "key round", T.roundMarker + " " + (s.round >= 1 ? s.round : "–")), el("span", "key noreturn", T.noReturn + " " + s.noReturn));
  parts.push(section(T.rounds, track, legend));

  // Missions.
  const missions = el("ul", "missions");
  [[s.blueOK, T.blueMission, "blue"], [s.redOK, T.redMission, "red"]].forEach(([ok, text, cls]) => {
    const m = el("li", "mission " + cls + (ok ? " ok" : " bad"));
    m.append(el("span", "tick", ok ? "✓" : "✗"), el("span", "", text));
    missions.append(m);
  });
  parts.push(section(T.missions, missions));

  // This round's emergency and the next card.
  const cards = el("div", "ecards");
  const cur = s.current;
  if (cur) {
    cards.append(emergencyCard(T.current + " · " + T.round + " " + cur.round, cur, true));
  } else {
    const c = el("div", "ecard"); c.append(el("div", "ecard-title", T.current), el("div", "ecard-kind", T.noneYet)); cards.append(c);
  }
  if (s.next) {
    cards.append(emergencyCard(T.next, s.next, false));
  } else {
    const c = el("div", "ecard facedown"); c.append(el("div", "ecard-title", T.next), el("div", "ecard-kind", s.nextAverted ? T.faceDown : T.deckEmpty)); cards.append(c);
  }
  const alarms = el("div", "ad-buttons");
  if (s.alarmsOff) {
    alarms.append(el("p", "note", T.alarmsOff));
  } else {
    (s.alarms || []).forEach((room, i) => {
      const n = i + 1;
      alarms.append(asking(button(fill(T.alarmUsed, { n, r: room }), "alarmTerminal", { which: n }, false, over || !s.next), fill(T.alarmAsk, { n })));
    });
  }
  parts.push(section(T.emergencies, cards, alarms));

  // Anomalies in play.
  const anomalies = (s.inPlay || []).map((a) => word(T.anomaly, a.id));
  const aList = el("ul", "anomalies");
  if (anomalies.length) anomalies.forEach((a) => aList.append(el("li", "", a))); else aList.append(el("li", "none", T.noAnomaly));
  parts.push(section(T.anomalies, aList));

  // The ship: each room in its sector's colour, with what is in it and a
  // button per obstacle or impact marker the crew removes. A locked door
  // shows in both rooms it joins and is removed as it was placed.
  const ship = el("div", "ship");
  (s.sectors || []).forEach((sector, i) => {
    const room = i + 1;
    const tile = el("div", "room sec-" + sector);
    tile.dataset.room = room;
    const head = el("div", "room-head");
    head.append(el("b", "", fill(T.room, { r: room })), el("span", "", word(T.sector, sector)));
    tile.append(head);
    (s.alarms || []).forEach((r, j) => { if (r === room) tile.append(el("div", "badge alarm" + (s.alarmsOff ? " off" : ""), fill(T.alarmHere, { n: j + 1 }))); });
    (s.crewRooms || []).forEach((r, j) => { if (r === room) tile.append(el("div", "badge crew", fill(T.crewHere, { n: j + 1 }))); });
    (s.placed || []).forEach((p) => {
      const here = p.room === room ? p : p.spot === "door:" + room ? { type: p.type, spot: "door:" + p.room } : null;
      if (!here) return;
      const b = button("✕ " + placedName(here), "removeObstacle", { room: p.room, type: p.type, spot: p.spot || "" }, false, over);
      b.className = "remove"; b.setAttribute("aria-label", placedName(here) + ": " + fill(T.inRoom, { r: room }));
      tile.append(b);
    });
    if ((s.impacts || []).includes(room)) {
      tile.append(el("div", "badge impact", T.impactHere));
      const b = button("✕ " + T.impactMarker, "removeImpact", { room }, false, over);
      b.className = "remove"; b.setAttribute("aria-label", T.impactMarker + ": " + fill(T.inRoom, { r: room }));
      tile.append(b);
    }
    ship.append(tile);
  });
  parts.push(section(T.ship, ship));

  // The D20 and the command terminal.
  const dice = el("div", "d20");
  const roll = s.lastRoll;
  if (roll) {
    const what = roll.what === "crew" ? T.crewStart : roll.what.startsWith("alarm") ? fill(T.alarmMoved, { n: roll.what.slice(5) }) : T.plainD20;
    dice.append(el("span", "die", String(roll.room)), el("span", "", T.lastRoll + ": " + what + rerolls(roll.rerolls)));
  }
  const tools = el("div", "ad-buttons");
  tools.append(button(T.d20, "rollD20"), button(T.command, "commandTerminal", null, false, over || s.noReturn <= 1));
  parts.push(section(T.plainD20, dice, tools));

  if (!over) {
    const end = el("div", "ad-buttons");
    end.append(asking(button(T.crewWins, "finish", { winner: "crew" }), T.crewWinsAsk), asking(button(T.adeleWins, "finish", { winner: "adele" }), T.adeleWinsAsk));
    parts.push(end);
  }
  $("adele").replaceChildren(...parts);
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
