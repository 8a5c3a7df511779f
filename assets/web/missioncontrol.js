// Mission Control: Critical Orbit on a phone: the countdown, the turn
// (dice, the AI card drawn as a card, each role's "Locked!"), the revealed
// unlock cards, and the end.
"use strict";

addWords({
  oxygen: "Oxygen needed", turn: "Turn", locked: "Locked!", isLocked: "✓ {r} locked", notLocked: "{r}: not locked yet", aiRole: "{r}: played by the AI",
  allLocked: "Mission Control is Locked!", nextTurn: "Next turn", timeUp: "Time's up", accomplished: "Mission accomplished",
  accomplishAsk: "Is the mission accomplished? This stops the timer and ends the game.",
  mustKeep: "You must keep the {v}", unlocks: "Unlock cards revealed", unlocksLeft: "{n} unlock cards left", left: "left", looks: "The astronaut is looking at the top 2 unlock cards",
  startTimer: "Start the timer", roll: "Roll 3 dice", reveal: "Reveal an unlock card", roles: "Roles",
  unlock: { yellow: "Yellow", blue: "Blue", green: "Green", redX: "Red X" },
  kind: { start: "Start", pause: "Pause", resume: "Resume", accomplish: "Accomplished", rollDice: "Roll", setDice: "Dice", lock: "Locked!", nextTurn: "Next turn", revealUnlock: "Reveal" },
}, {
  oxygen: "Benötigter Sauerstoff", turn: "Zug", locked: "Locked!", isLocked: "✓ {r} gesperrt", notLocked: "{r}: noch nicht gesperrt", aiRole: "{r}: spielt die KI",
  allLocked: "Mission Control is Locked!", nextTurn: "Nächster Zug", timeUp: "Zeit abgelaufen", accomplished: "Mission erfüllt",
  accomplishAsk: "Ist die Mission erfüllt? Der Timer hält an und das Spiel endet.",
  mustKeep: "Ihr müsst die {v} behalten", unlocks: "Aufgedeckte Entriegelungskarten", unlocksLeft: "{n} Entriegelungskarten übrig", left: "übrig", looks: "Der Astronaut sieht sich die obersten 2 Entriegelungskarten an",
  startTimer: "Timer starten", roll: "3 Würfel werfen", reveal: "Entriegelungskarte aufdecken", roles: "Rollen",
  unlock: { yellow: "Gelb", blue: "Blau", green: "Grün", redX: "Rotes X" },
  kind: { start: "Start", pause: "Pause", resume: "Weiter", accomplish: "Erfüllt", rollDice: "Würfeln", setDice: "Würfel", lock: "Locked!", nextTurn: "Nächster Zug", revealUnlock: "Aufdecken" },
});

// Each unlock colour has a symbol too, so no card is told by colour alone.
const UNLOCK_SYMBOL = { yellow: "●", blue: "■", green: "▲", redX: "✕" };
const MC_ROLES = ["houston", "bengaluru", "cologne"];

GAMES.missioncontrol = {
  // Roll and Next turn stand side by side, never in each other's place;
  // one "Locked!" per role, in the roles' order.
  bar: [["rollDice", 3], ["nextTurn", 3], ["lock:houston", 2], ["lock:bengaluru", 2], ["lock:cologne", 2], ["revealUnlock", 2], ["pause", 2], ["accomplish", 2]],
  render(s, ui) {
    ui.title("Mission Control: Critical Orbit");
    let ms = null;
    if (!s.timer.started) ui.startButton(T.startTimer, "start");
    else ms = ui.timer("timer", s.timer, s.accomplished ? "won" : "");
    const over = !s.accomplished && s.timer.started && ms !== null && ms <= 0;
    if (over) $("timer").className = "timer over";
    const ended = s.accomplished || over;
    ui.status(ended ? "" : s.timer.started && !s.timer.running ? T.paused : T.oxygen + ": " + s.oxygen);
    ui.end(s.accomplished ? T.accomplished : over ? T.timeUp : "", over ? "bad" : "");
    ui.banner(!ended && s.allLocked && s.dice && s.dice.length ? T.allLocked : "");
    ui.info(T.turn + " " + s.turn + (s.astronautLooks ? " · " + T.looks : ""));
    renderTurnCard(s);
    const playing = s.timer.started && !ended;
    if (!playing) return;
    const rolled = !!(s.dice && s.dice.length);
    // What each action depends on: another phone's reveal re-arms Reveal,
    // so two players revealing at once reveal one card.
    const turn = [s.turn, s.dice || [], s.locked || [], s.allLocked], timer = [s.timer.started, s.timer.running, s.accomplished];
    ui.slot("rollDice", T.roll, "rollDice", null, { main: true, disabled: rolled, means: turn });
    ui.slot("nextTurn", T.nextTurn, "nextTurn", null, { main: true, disabled: !(rolled && s.allLocked), means: turn });
    (s.humanRoles || []).forEach((r) => {
      const done = (s.locked || []).includes(r);
      ui.slot("lock:" + r, done ? fill(T.isLocked, { r: cap(r) }) : cap(r) + " " + T.locked, "lock", { role: r }, { disabled: done || !rolled, means: turn });
    });
    ui.slot("revealUnlock", T.reveal, "revealUnlock", null, { disabled: !(s.unlocksLeft > 0) || s.astronautLooks, means: [(s.unlocks || []).length, s.unlocksLeft, !!s.astronautLooks] });
    if (s.timer.running) ui.slot("pause", T.pause, "pause", null, { means: timer }); else ui.slot("pause", T.resume, "resume", null, { means: timer });
    ui.slot("accomplish", T.accomplished, "accomplish", null, { ask: T.accomplishAsk, means: timer });
  },
};

// renderTurnCard draws the roles (a mark and a word for each locked one),
// the dice with the forced ones, the AI card, and the unlock cards.
function renderTurnCard(s) {
  const card = $("card");
  card.hidden = false;
  const key = JSON.stringify([s.aiRoles, s.humanRoles, s.locked, s.dice, s.forced, s.aiCard, s.unlocks, s.unlocksLeft]);
  if (card._key === key) return; // the clock's renders change nothing here
  card._key = key;
  const parts = [];
  const roles = el("ul", "roles");
  roles.setAttribute("aria-label", T.roles);
  MC_ROLES.forEach((r) => {
    if ((s.aiRoles || []).includes(r)) { roles.append(el("li", "ai", fill(T.aiRole, { r: cap(r) }))); return; }
    if (!(s.humanRoles || []).includes(r)) return;
    const done = (s.locked || []).includes(r);
    roles.append(el("li", done ? "locked" : "", fill(done ? T.isLocked : T.notLocked, { r: cap(r) })));
  });
  parts.push(roles);
  if (s.dice && s.dice.length) {
    const d = el("div", "dice");
    const forced = (s.forced || []).map((f) => f.value);
    s.dice.forEach((v) => d.append(el("span", forced.includes(v) ? "forced" : "", String(v))));
    parts.push(d);
    (s.forced || []).forEach((f) => parts.push(el("p", "", fill(T.mustKeep, { v: f.value }) + " (" + cap(f.role) + ")")));
  }
  if (s.aiCard) {
    Object.entries(s.aiCard.parts).forEach(([role, p]) => {
      const h = el("h3", "", cap(role) + " ");
      h.append(el("span", "die", String(p.die)));
      parts.push(h);
      const line = el("div", "parts");
      (p.shapes || []).forEach((sh) => line.append(tetromino(sh)));
      (p.squares || []).forEach((q) => line.append(el("span", "square", q.join("/"))));
      (p.columns || []).forEach((c) => line.append(column(c)));
      if (p.star) line.append(el("span", "", "★ " + p.star));
      parts.push(line);
    });
  }
  const unl = el("div", "unlocks");
  unl.setAttribute("aria-label", T.unlocks);
  (s.unlocks || []).forEach((u) => {
    const c = el("div", "unlock " + u.kind);
    c.append(el("span", "sym", UNLOCK_SYMBOL[u.kind] || "?"), el("span", "", word(T.unlock, u.kind)));
    unl.append(c);
  });
  // The pile's back: how many are left, in words for a screen reader.
  const back = el("div", "unlock back");
  back.setAttribute("role", "img");
  back.setAttribute("aria-label", fill(T.unlocksLeft, { n: s.unlocksLeft }));
  back.append(el("span", "sym", String(s.unlocksLeft)), el("span", "", T.left));
  unl.append(back);
  parts.push(unl);
  card.replaceChildren(...parts);
}

// Houston's shapes and Cologne's columns drawn as on the card.
const TETROMINOES = { L: [[0, 0], [0, 1], [0, 2], [1, 2]], J: [[1, 0], [1, 1], [1, 2], [0, 2]], S: [[1, 0], [2, 0], [0, 1], [1, 1]], Z: [[0, 0], [1, 0], [1, 1], [2, 1]], T: [[0, 0], [1, 0], [2, 0], [1, 1]] };
function tetromino(shape) {
  const g = el("span", "shape");
  g.title = shape;
  g.setAttribute("role", "img");
  g.setAttribute("aria-label", shape);
  (TETROMINOES[shape] || []).forEach(([x, y]) => { const c = el("i"); c.style.gridColumn = x + 1; c.style.gridRow = y + 1; g.append(c); });
  return g;
}
function column(size) {
  const g = el("span", "column");
  g.title = size;
  g.setAttribute("role", "img");
  g.setAttribute("aria-label", String(size));
  for (let i = 0; i < size; i++) g.append(el("i"));
  return g;
}
