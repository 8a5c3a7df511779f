package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"

	"boardside/app/apptest"
)

// TestHome_ShowsEachGameAsATile: every game of the app has its tile, with
// its name and what Boardside does for it.
func TestHome_ShowsEachGameAsATile(t *testing.T) {
	u := newTestEnv(t).start(t)
	h := newHomeScreen(u)
	shown := strings.Join(apptest.Texts(h.content), "\n")
	for _, g := range u.games {
		assert.Contains(t, h.tiles, g.ID)
		assert.Contains(t, shown, g.Name)
		assert.Contains(t, shown, g.Blurb)
	}
	assert.Nil(t, h.resume, "no game in progress, so nothing to resume")
}

func TestHome_TileOfAnUnbuiltGameSaysSo(t *testing.T) {
	games := []*Game{counterGame(), {ID: "adele", Name: "ADELE", Blurb: "A secret console for the player who is ADELE: energy, obstacles, hand and anomalies."}} // ADELE as if not built yet
	u := newTestEnv(t, games...).start(t)
	h := newHomeScreen(u)
	u.Show(h.content)

	test.Tap(h.tiles["adele"])
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "Boardside does not support this game yet.")
	assert.Contains(t, shown, "ADELE")
	assert.NotContains(t, shown, "Resume")

	test.Tap(apptest.Button(t, u.Current, "Back"))
	assert.Contains(t, strings.Join(apptest.Texts(u.Current), "\n"), "Counter", "Back returns home")
	assert.Empty(t, u.prefs.OpenGame())
}
