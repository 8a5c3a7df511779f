package e2e

import (
	"slices"

	"boardside/app/catalog"
	"boardside/companion/adele"
	"boardside/companion/aquasphere"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
)

// walkedGames are the games TestWebApp_EveryScreenFitsEveryPhone's walk
// plays by taps of their own (webWalk.missionControl and the others).
// Every other game of the catalog has its start screen checked by
// startScreens, so that a new game is walked without a line here.
var walkedGames = []string{mc.Game, adele.Game, aquasphere.Game, mm.Game}

// startScreens opens each game the walk has no taps for from its tile,
// checks its start screen and goes home.
func (w *webWalk) startScreens() {
	for _, g := range catalog.Games() {
		if slices.Contains(walkedGames, g.ID) {
			continue
		}
		w.tap("label", g.Name)
		w.wait("button", "Home")
		w.check(g.ID)
		w.tap("button", "Home")
	}
}
