// Magic Maze on Mars on a phone: the sand timer, Flip, the talk banner,
// landing and winning, and solo mode's stopwatch with its ring.
"use strict";

addWords({
  flip: "Flip", act: "Action: someone moved", joker: "Joker: talk", startSand: "Turn the sand timer over to start",
  landed: "Colonists landed", notLanded: "Not landed after all", win: "All colonists on domes",
  winAsk: "Are all colonists on their domes? This ends the game as won.",
  talk: "Talk now, until someone acts", talkJoker: "Joker: talk now, until someone acts", pass: "Pass your action tile to the left!",
  markers: "Hourglass markers left", jokers: "Jokers left", mission: "Mission", lost: "The sand has run out: the game is lost", won: "Mission complete: all colonists on their domes",
  landedNote: "The colonists have landed: the sand timer may not be flipped any more.",
  expertRule: "Expert rule: pass your action tile to the left at every flip.", solo: "Solo", expert: "Expert",
  pawnIn: "Pawn may move in {n} s", soloWatch: "Solo stopwatch",
  kind: { start: "Start", flip: "Flip", act: "Action", useJoker: "Joker", land: "Landing", pause: "Pause", resume: "Resume", win: "Win" },
}, {
  flip: "Umdrehen", act: "Aktion: jemand hat gezogen", joker: "Joker: sprechen", startSand: "Sanduhr umdrehen und losspielen",
  landed: "Kolonisten gelandet", notLanded: "Doch nicht gelandet", win: "Alle Kolonisten auf Kuppeln",
  winAsk: "Stehen alle Kolonisten auf ihren Kuppeln? Das Spiel endet dann gewonnen.",
  talk: "Jetzt sprechen, bis jemand zieht", talkJoker: "Joker: jetzt sprechen, bis jemand zieht", pass: "Gebt euer Aktionsplättchen nach links weiter!",
  markers: "Sanduhr-Marker übrig", jokers: "Joker übrig", mission: "Mission", lost: "Die Sanduhr ist abgelaufen: das Spiel ist verloren", won: "Mission geschafft: alle Kolonisten auf ihren Kuppeln",
  landedNote: "Die Kolonisten sind gelandet: die Sanduhr darf nicht mehr umgedreht werden.",
  expertRule: "Expertenregel: bei jedem Umdrehen das Aktionsplättchen nach links weitergeben.", solo: "Solo", expert: "Experte",
  pawnIn: "Figur darf in {n} s ziehen", soloWatch: "Solo-Stoppuhr",
  kind: { start: "Start", flip: "Umdrehen", act: "Aktion", useJoker: "Joker", land: "Landung", pause: "Pause", resume: "Weiter", win: "Sieg" },
});

GAMES.marsmaze = {
  // Flip, the most tapped, takes the whole first row; every other action
  // keeps its own place.
  bar: [["flip", 6], ["act", 3], ["joker", 3], ["pause", 2], ["land", 2], ["win", 2]],
  render(s, ui) {
    ui.title("Magic Maze on Mars · " + T.mission + " " + s.mission + (s.solo ? " · " + T.solo : "") + (s.expert ? " · " + T.expert : ""));
    let ms = null;
    if (!s.sand.started) ui.startButton(T.startSand, "start");
    else ms = ui.timer("sand", s.sand, s.won ? "won" : "");
    const over = !s.won && s.sand.started && ms !== null && ms <= 0;
    if (over) $("timer").className = "timer over";
    ui.status(s.won ? "" : over ? "" : s.sand.started && !s.sand.running ? T.paused : "");
    ui.end(s.won ? T.won : over ? T.lost : "", over ? "bad" : "");
    const info = [T.markers + ": " + s.markersLeft + (s.jokersLeft ? " · " + T.jokers + ": " + s.jokersLeft : "")];
    if (s.landed && !s.won && !over) info.push(T.landedNote);
    if (s.expert) info.push(T.expertRule);
    ui.info(info);
    const playing = s.sand.started && !over && !s.won;
    ui.banner(playing && (s.talk || s.passTiles) ? [s.talk === "joker" ? T.talkJoker : s.talk ? T.talk : "", s.passTiles ? T.pass : ""].filter(Boolean).join(" · ") : "");
    renderSolo(s, ui, playing, s.won || over);
    if (!playing) return;
    // What each action depends on: another phone's flip re-arms Flip, so
    // two players slapping it as the sand runs low flip it once.
    const sand = [s.sand.started, s.sand.running, s.won];
    ui.slot("flip", T.flip, "flip", null, { main: true, disabled: s.landed || s.markersLeft <= 0, means: [s.flips, s.markersLeft, s.sand, s.landed] });
    ui.slot("act", T.act, "act", null, { disabled: !(s.talk || s.passTiles), means: [s.talk, s.passTiles] });
    if (s.jokersLeft > 0 || s.talk === "joker") ui.slot("joker", T.joker, "useJoker", null, { disabled: s.jokersLeft <= 0, means: [s.jokersLeft, s.talk] });
    if (s.sand.running) ui.slot("pause", T.pause, "pause", null, { means: sand }); else ui.slot("pause", T.resume, "resume", null, { means: sand });
    ui.slot("land", s.landed ? T.notLanded : T.landed, "land", { landed: !s.landed });
    ui.slot("win", T.win, "win", null, { ask: T.winAsk, means: sand });
  },
};

// renderSolo shows solo mode's stopwatch and a ring running down to the
// next XX:X0 window in which the "Do something!" pawn may move, with a
// pulse (sound, vibration, flash) as each window opens.
let soloPrev = null;
function renderSolo(s, ui, playing, ended) {
  const box = $("solo");
  box.hidden = !(s.solo && s.sand.started && s.soloEveryMs) || ended; // its window means nothing once the game is over
  if (box.hidden) { soloPrev = null; return; }
  const w = s.watch, every = s.soloEveryMs;
  const elapsed = w.running ? w.beforeMs + (hostNow() - w.sinceMs) : w.beforeMs;
  const until = every - (elapsed % every);
  if (!box.firstChild) {
    box.innerHTML = '<svg viewBox="0 0 40 40" aria-hidden="true"><circle class="back" cx="20" cy="20" r="16"/><circle class="run" cx="20" cy="20" r="16" pathLength="100"/></svg><div><div class="watch"></div><div class="next"></div></div>';
  }
  box.setAttribute("aria-label", T.soloWatch);
  const secs = Math.floor(elapsed / 1000), text = Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0");
  const watch = box.querySelector(".watch");
  if (watch.textContent !== text) watch.textContent = text;
  box.querySelector(".next").textContent = fill(T.pawnIn, { n: Math.ceil(until / 1000) });
  box.querySelector(".run").setAttribute("stroke-dasharray", (100 * until / every).toFixed(1) + " 100");
  const windowNo = Math.floor(elapsed / every);
  if (soloPrev !== null && windowNo > soloPrev && playing && w.running) {
    signal("pulse");
    box.classList.remove("beat"); void box.offsetWidth; box.classList.add("beat");
  }
  soloPrev = windowNo;
  if (playing && w.running) { ui.wake(Math.min(1000 - (elapsed % 1000), until) + 5); ui.keepAwake(); }
}
