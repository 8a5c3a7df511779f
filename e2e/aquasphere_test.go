package e2e

import (
	"strings"

	"boardside/internal/webscreen"
)

// AquaSphere's taps and walk steps: the web app's walk through its
// screens (webWalk) and its main path in every engine (enginePhone).

// aquaSphere adds two players by typing their names, and opens the track.
func (w *webWalk) aquaSphere() {
	w.tap("label", "AquaSphere")
	w.check("aquasphere")
	for _, name := range []string{"Anna", "Jörg"} {
		w.typeInto(webscreen.Is(""), name)
		w.tap("button", "Add player")
		w.waitText("label", func(s string) bool { return strings.Contains(s, name) })
	}
	w.check("aquasphere-players")
	w.tap("button", "Track")
	w.wait("button", "Back")
	w.check("aquasphere-track")
	w.tap("button", "Back")
	w.tap("button", "Home")
}

// aquaSphere adds Anna and Jörg and scores the first interim scoring.
func (ph *enginePhone) aquaSphere() {
	ph.t.Helper()
	ph.tap("label", is("AquaSphere"), "the AquaSphere tile")
	for _, name := range []string{"Anna", "Jörg"} {
		ph.typeInto(name, "the player's name")
		ph.has("entry", is(name), name+" typed")
		ph.tapFor("button", is("Add player"), "Add player", shows("label", contains(name)))
	}
	ph.tapFor("button", is("Score interim scoring 1"), "Score interim scoring 1", shows("label", prefix("Jörg: ")))
	ph.has("label", prefix("Jörg: "), "Jörg's scoring")
	ph.has("label", contains("Interim scoring 2 of 4"), "the next scoring")
	ph.fits("AquaSphere after a scoring")
	ph.home()
}
