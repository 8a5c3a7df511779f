package e2e

// Mission Control: Critical Orbit's taps and walk steps: the web app's walk
// through its screens (webWalk) and its main path in every engine
// (enginePhone).

// missionControl rolls a setup, starts, plays a turn, and ends the
// mission accomplished.
func (w *webWalk) missionControl() {
	w.tap("label", "Mission Control: Critical Orbit")
	w.check("missioncontrol")
	w.tap("button", "Roll")
	w.waitText("label", w.starts("Rolled {{.Number}}:"))
	w.check("missioncontrol-rolled")
	w.tap("button", "Start the countdown")
	w.wait("button", "Roll 3 dice")
	w.check("missioncontrol-running")
	w.tap("button", "Roll 3 dice")
	w.waitText("button", w.ends("{{.City}} Locked!")) // the card asks the human roles to lock
	w.check("missioncontrol-turn")
	w.tap("button", "Accomplished")
	w.tapAny("button", "Yes", "Ja")
	w.wait("label", "Mission accomplished")
	w.check("missioncontrol-accomplished")
	w.tap("button", "Home")
}

// missionControlData opens Mission Control's game data editor.
func (w *webWalk) missionControlData() {
	w.tap("label", "Mission Control: Critical Orbit")
	w.newGame() // the one missionControl played has ended
	w.tap("button", "Game data")
	w.wait("button", "Back")
	w.check("missioncontrol-data")
	w.tap("button", "Back")
	w.tap("button", "Home")
}

// missionControl rolls a setup, starts the countdown and plays a turn.
func (ph *enginePhone) missionControl() {
	ph.t.Helper()
	ph.tap("label", is("Mission Control: Critical Orbit"), "the Mission Control tile")
	ph.tap("button", is("Roll"), "Roll")
	ph.has("label", prefix("Rolled "), "the rolled setup")
	ph.tap("button", is("Start the countdown"), "Start the countdown")
	ph.tap("button", is("Roll 3 dice"), "Roll 3 dice")
	ph.has("button", contains(" Locked!"), "the turn's card")
	ph.fits("Mission Control's turn")
	ph.home()
}
