// ADELE on a phone: the crew's public table. Only adele.Public reaches this
// page; ADELE's energy, hand and console stay on her device.
"use strict";

addWords({
  players: "{n} players", notSetUp: "The host is setting the game up …", emergencyPhase: "Emergency phase", endRound: "End of round",
  phase: { emergency: "Next: the emergency phase", adele: "Planning and ADELE's phase – the crew waits for ADELE", endRound: "The crew's actions, then the end of the round" },
  rounds: "Round track", roundMarker: "Round marker", noReturn: "No-return marker", roundsPlayed: "Rounds played",
  emergencies: "Emergencies", cardsLeft: "Emergency cards left", impactsLeft: "Impact markers left",
  current: "Current emergency", round: "round", next: "Next emergency", noneYet: "None yet", faceDown: "Face down – averted next round", deckEmpty: "The emergency deck is empty",
  sectorOf: "Sector: {s}", symbols: "Symbols: {l}", triggers: "Triggers: {l}", averted: "Averted", impactIn: "Impact in room {r}", rerolled: "(rolled again after {l})",
  alarmUsed: "Alarm terminal {n} used (room {r})", alarmsOff: "The alarm terminals are switched off by an anomaly",
  alarmAsk: "Did a crew member use alarm terminal {n}? The face-up emergency is averted and the terminal moves.",
  anomalies: "Anomalies in play", noAnomaly: "No anomaly in play",
  missions: "Missions", blueMission: "Blue mission: no impact marker on the ship", redMission: "Red mission: round marker not below the no-return marker",
  missionMet: "met", missionNotMet: "not met",
  ship: "Ship", room: "Room {r}", alarmHere: "Alarm terminal {n}", alarmOff: "Alarm terminal {n} (off)", crewHere: "Crew {n} starts here", impactHere: "Impact",
  inRoom: "remove from room {r}", toRoom: "{o} (to room {r})", onTerminal: "{o} (terminal)", impactMarker: "Impact marker",
  command: "Command terminal: no-return down", d20: "Roll the D20", lastRoll: "Last roll", alarmMoved: "Alarm terminal {n} moved", plainD20: "D20",
  crewRolls: "Crew start rolls: {l}", crewRoll: "crew {n} in room {r}",
  crewWins: "The crew wins", adeleWins: "ADELE wins", crewWinsAsk: "The game is over: the crew completed a mission?", adeleWinsAsk: "The game is over: a crew member died, ADELE wins?",
  ekind: { stress: "Stress", systemFailure: "System failure", courseDeviation: "Course deviation", silence: "Silence", impact: "Impact" },
  sector: { yellow: "yellow", blue: "blue", red: "red", green: "green", grey: "grey" },
  obstacle: { spy: "Spy", doorLocked: "Door locked", oxygenLoss: "Oxygen loss", fire: "Fire", darkness: "Darkness", computerFailure: "Computer failure" },
  anomaly: { airlocksLocked: "Airlocks locked", alarmTerminalsOff: "Alarm terminals off", weakBatteries: "Weak batteries", explosions: "Explosions", panic: "Panic", targetedAttack: "Targeted attack" },
  kind: { emergency: "Emergency phase", alarmTerminal: "Alarm terminal", removeObstacle: "Obstacle removed", removeImpact: "Impact marker removed", commandTerminal: "Command terminal", endRound: "End of round", rollD20: "D20", finish: "End of game" },
}, {
  players: "{n} Spieler", notSetUp: "Der Host richtet das Spiel gerade ein …", emergencyPhase: "Notfallphase", endRound: "Rundenende",
  phase: { emergency: "Als Nächstes: die Notfallphase", adele: "Planung und ADELEs Phase – die Crew wartet auf ADELE", endRound: "Die Aktionen der Crew, dann das Rundenende" },
  rounds: "Rundenleiste", roundMarker: "Rundenmarker", noReturn: "Keine-Rückkehr-Marker", roundsPlayed: "Runden gespielt",
  emergencies: "Notfälle", cardsLeft: "Notfallkarten übrig", impactsLeft: "Einschlag-Marker übrig",
  current: "Aktueller Notfall", round: "Runde", next: "Nächster Notfall", noneYet: "Noch keiner", faceDown: "Verdeckt – wird nächste Runde abgewendet", deckEmpty: "Der Notfallstapel ist leer",
  sectorOf: "Sektor: {s}", symbols: "Symbole: {l}", triggers: "Ausgelöst: {l}", averted: "Abgewendet", impactIn: "Einschlag in Raum {r}", rerolled: "(neu gewürfelt nach {l})",
  alarmUsed: "Alarm-Terminal {n} benutzt (Raum {r})", alarmsOff: "Die Alarm-Terminals sind durch eine Anomalie abgeschaltet",
  alarmAsk: "Hat jemand Alarm-Terminal {n} benutzt? Der offene Notfall wird abgewendet, das Terminal wandert.",
  anomalies: "Anomalien im Spiel", noAnomaly: "Keine Anomalie im Spiel",
  missions: "Missionen", blueMission: "Blaue Mission: kein Einschlag-Marker auf dem Schiff", redMission: "Rote Mission: Rundenmarker nicht unter dem Keine-Rückkehr-Marker",
  missionMet: "erfüllt", missionNotMet: "nicht erfüllt",
  ship: "Schiff", room: "Raum {r}", alarmHere: "Alarm-Terminal {n}", alarmOff: "Alarm-Terminal {n} (aus)", crewHere: "Crew {n} startet hier", impactHere: "Einschlag",
  inRoom: "aus Raum {r} entfernen", toRoom: "{o} (zu Raum {r})", onTerminal: "{o} (Terminal)", impactMarker: "Einschlag-Marker",
  command: "Kommando-Terminal: Keine-Rückkehr-Marker nach unten", d20: "W20 werfen", lastRoll: "Letzter Wurf", alarmMoved: "Alarm-Terminal {n} gewandert", plainD20: "W20",
  crewRolls: "Crew-Start gewürfelt: {l}", crewRoll: "Crew {n} in Raum {r}",
  crewWins: "Die Crew gewinnt", adeleWins: "ADELE gewinnt", crewWinsAsk: "Das Spiel ist vorbei: Die Crew hat eine Mission erfüllt?", adeleWinsAsk: "Das Spiel ist vorbei: Ein Crewmitglied ist gestorben, ADELE gewinnt?",
  ekind: { stress: "Stress", systemFailure: "Systemstörung", courseDeviation: "Kursabweichung", silence: "Stille", impact: "Einschlag" },
  sector: { yellow: "gelb", blue: "blau", red: "rot", green: "grün", grey: "grau" },
  obstacle: { spy: "Spion", doorLocked: "Tür verriegelt", oxygenLoss: "Sauerstoffverlust", fire: "Feuer", darkness: "Dunkelheit", computerFailure: "Computerausfall" },
  anomaly: { airlocksLocked: "Schleusen gesperrt", alarmTerminalsOff: "Alarm-Terminals abgeschaltet", weakBatteries: "Schwache Batterien", explosions: "Explosionen", panic: "Panik", targetedAttack: "Gezielter Angriff" },
  kind: { emergency: "Notfallphase", alarmTerminal: "Alarm-Terminal", removeObstacle: "Hindernis entfernt", removeImpact: "Einschlag-Marker entfernt", commandTerminal: "Kommando-Terminal", endRound: "Rundenende", rollD20: "W20", finish: "Spielende" },
});

GAMES.adele = {
  // The two phase buttons stand side by side: the one just tapped never
  // becomes the other. The rest of the board scrolls above them.
  bar: [["emergency", 3], ["endRound", 3]],
  render(s, ui) {
    $("adele").hidden = false;
    ui.title("ADELE" + (s.setUp ? " · " + cap(s.ship) + " · " + fill(T.players, { n: s.players }) : ""));
    if (!s.setUp) {
      ui.status(T.notSetUp); ui.info("");
      $("adele").replaceChildren(); shownAdele = "";
      return;
    }
    const over = !!s.result;
    ui.status(over ? (s.result === "crew" ? T.crewWins : T.adeleWins) : word(T.phase, s.phase));
    ui.info([T.cardsLeft + ": " + s.cardsLeft, T.impactsLeft + ": " + s.impactsLeft, T.roundsPlayed + ": " + s.roundsPlayed].join(" · "));
    // The end is shown where the players' thumbs are: in the action bar.
    ui.end(over ? (s.result === "crew" ? T.crewWins : T.adeleWins) : "", s.result === "adele" ? "bad" : "");
    if (!over) {
      // Another phone's phase re-arms both phase buttons.
      const phase = [s.phase, s.round, s.cardsLeft];
      ui.slot("emergency", T.emergencyPhase, "emergency", null, { main: true, disabled: s.phase !== "emergency" || s.cardsLeft === 0, means: phase });
      ui.slot("endRound", T.endRound, "endRound", null, { main: true, disabled: s.phase !== "endRound", means: phase });
    }
    renderBoard(s, over, ui);
  },
};

function section(title, ...children) {
  const sec = el("section", "ad-sec");
  sec.append(el("h2", "", title), ...children);
  return sec;
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
  c.append(el("div", "ecard-kind", word(T.ekind, e.kind)));
  c.append(el("div", "", fill(T.sectorOf, { s: word(T.sector, e.sector) })));
  if (e.symbols && e.symbols.length) c.append(el("div", "", fill(T.symbols, { l: e.symbols.map((a) => word(T.anomaly, a)).join(", ") })));
  if (!played) return c;
  if (e.averted) c.append(el("div", "ecard-averted", "✓ " + T.averted));
  if (e.triggers && e.triggers.length) c.append(el("div", "ecard-strong", fill(T.triggers, { l: e.triggers.map((a) => word(T.anomaly, a)).join(", ") })));
  if (e.impactRoom) c.append(el("div", "ecard-strong", fill(T.impactIn, { r: e.impactRoom }) + rerolls(e.rerolls)));
  return c;
}

// The board changes only with the table (and with the connection, which
// enables its buttons): rebuilt then, not on the clock's renders, so a tap
// in flight is not swallowed. Rebuilt buttons are new, so they wait their
// moment before they take a tap: on every change of version, even one
// that shows the same (a D20 rolled on another phone may give the same
// room), so a tap meant for the board as it was is not applied twice.
let shownAdele = "";
function renderBoard(s, over, ui) {
  const key = snap.version + JSON.stringify(s) + online + fatal;
  if (key === shownAdele) return;
  shownAdele = key;
  const parts = [];
  const act = (text, kind, data, opts) => ui.tapButton(null, text, kind, data, opts);

  // The round track, from the first round down to 1.
  const track = el("ol", "track");
  for (let r = s.startRound; r >= 1; r--) {
    const c = el("li", "", String(r));
    const marks = [];
    if (r === s.round) { c.classList.add("round"); marks.push(T.roundMarker); }
    if (r === s.noReturn) { c.classList.add("noreturn"); marks.push(T.noReturn); }
    if (marks.length) c.setAttribute("aria-label", r + ": " + marks.join(", "));
    track.append(c);
  }
  const legend = el("div", "legend");
  legend.append(el("span", "key round", T.roundMarker + " " + (s.round >= 1 ? s.round : "–")), el("span", "key noreturn", T.noReturn + " " + s.noReturn));
  parts.push(section(T.rounds, track, legend));

  // Missions: a tick or a cross and the word, not the colour alone.
  const missions = el("ul", "missions");
  [[s.blueOK, T.blueMission, "blue"], [s.redOK, T.redMission, "red"]].forEach(([ok, text, cls]) => {
    const m = el("li", "mission " + cls + (ok ? " ok" : " bad"));
    m.append(el("span", "tick", ok ? "✓" : "✗"), el("span", "", text + " – " + (ok ? T.missionMet : T.missionNotMet)));
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
  } else if (!over) {
    (s.alarms || []).forEach((room, i) => {
      const n = i + 1;
      alarms.append(act(fill(T.alarmUsed, { n, r: room }), "alarmTerminal", { which: n }, { disabled: !s.next, ask: fill(T.alarmAsk, { n }) }));
    });
  }
  parts.push(section(T.emergencies, cards, alarms));

  // Anomalies in play.
  const aList = el("ul", "anomalies");
  const anomalies = (s.inPlay || []).map((a) => word(T.anomaly, a.id));
  if (anomalies.length) anomalies.forEach((a) => aList.append(el("li", "", a))); else aList.append(el("li", "none", T.noAnomaly));
  parts.push(section(T.anomalies, aList));

  // The ship: each room in its sector's colour and name, with what is in
  // it and a button per obstacle or impact marker the crew removes. A
  // locked door shows in both rooms it joins and is removed as placed.
  const ship = el("div", "ship");
  (s.sectors || []).forEach((sector, i) => {
    const room = i + 1;
    const tile = el("div", "room sec-" + sector);
    tile.dataset.room = room;
    const head = el("div", "room-head");
    head.append(el("b", "", fill(T.room, { r: room })), el("span", "", word(T.sector, sector)));
    tile.append(head);
    (s.alarms || []).forEach((r, j) => { if (r === room) tile.append(el("div", "badge alarm" + (s.alarmsOff ? " off" : ""), fill(s.alarmsOff ? T.alarmOff : T.alarmHere, { n: j + 1 }))); });
    (s.crewRooms || []).forEach((r, j) => { if (r === room) tile.append(el("div", "badge crew", fill(T.crewHere, { n: j + 1 }))); });
    (s.placed || []).forEach((p) => {
      const here = p.room === room ? p : p.spot === "door:" + room ? { type: p.type, spot: "door:" + p.room } : null;
      if (!here || over) return;
      const b = act("✕ " + placedName(here), "removeObstacle", { room: p.room, type: p.type, spot: p.spot || "" });
      b.className = "remove"; b.setAttribute("aria-label", placedName(here) + ": " + fill(T.inRoom, { r: room }));
      tile.append(b);
    });
    if ((s.impacts || []).includes(room)) {
      tile.append(el("div", "badge impact", T.impactHere));
      if (!over) {
        const b = act("✕ " + T.impactMarker, "removeImpact", { room });
        b.className = "remove"; b.setAttribute("aria-label", T.impactMarker + ": " + fill(T.inRoom, { r: room }));
        tile.append(b);
      }
    }
    ship.append(tile);
  });
  parts.push(section(T.ship, ship));

  // The dice: every crew-start roll, the last roll, and, while the game
  // runs, the D20 and the command terminal.
  const dice = el("div", "d20");
  const roll = s.lastRoll;
  if (roll && roll.what !== "crew") {
    const what = roll.what.startsWith("alarm") ? fill(T.alarmMoved, { n: roll.what.slice(5) }) : T.plainD20;
    dice.append(el("span", "die", String(roll.room)), el("span", "", T.lastRoll + ": " + what + rerolls(roll.rerolls)));
  }
  const crew = (s.crewRooms || []).map((r, j) => fill(T.crewRoll, { n: j + 1, r }));
  const d20 = [dice];
  if (crew.length) d20.push(el("p", "", fill(T.crewRolls, { l: crew.join(", ") })));
  if (!over) {
    const tools = el("div", "ad-buttons");
    tools.append(act(T.d20, "rollD20"), act(T.command, "commandTerminal", null, { disabled: s.noReturn <= 1 }));
    d20.push(tools);
    const end = el("div", "ad-buttons");
    end.append(act(T.crewWins, "finish", { winner: "crew" }, { ask: T.crewWinsAsk }), act(T.adeleWins, "finish", { winner: "adele" }, { ask: T.adeleWinsAsk }));
    d20.push(end);
  }
  parts.push(section(T.plainD20, ...d20));
  $("adele").replaceChildren(...parts);
}
