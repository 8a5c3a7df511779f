package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"

	"boardside/app/apptest"
	"boardside/app/kit"
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
	games := []*kit.Game{counterGame(), {ID: "adele", Name: "ADELE", Blurb: "A secret console for the player who is ADELE: energy, obstacles, hand and anomalies."}} // ADELE as if not built yet
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

// TestHome_TheWayHomeIsNotNamedLikeAStart: the game bar's button back to
// the home screen reads unlike the button that starts a game's timer (in
// German both read "Start"), and leads home.
func TestHome_TheWayHomeIsNotNamedLikeAStart(t *testing.T) {
	for _, code := range []string{"en", "de"} {
		t.Run(code, func(t *testing.T) {
			setLanguage(t, code)
			u := newTestEnv(t).start(t)
			u.OpenGame(u.games[0])
			home := shownCounter.bar.Home
			assert.NotEqual(t, lang.L("Start"), home.Text, "Mission Control's start button and the way home read alike")
			test.Tap(home)
			assert.Contains(t, apptest.Texts(u.Current), lang.L("Settings"), "the home screen")
		})
	}
}

// TestHome_EveryButtonReadsTheSavesFirst: a browser's first visit shows the
// home screen before its saves are read (New, issue 44), so every way off
// it reads them first: nothing reads or writes a save that is not there.
func TestHome_EveryButtonReadsTheSavesFirst(t *testing.T) {
	u := newTestEnv(t).start(t)
	openCounter(t, u)
	test.Tap(shownCounter.bar.Home) // a game under way: Resume and History too
	var texts []string
	for i := 0; ; i++ {
		u.ShowHome()
		var buttons []*widget.Button
		for _, obj := range test.LaidOutObjects(u.Current) {
			if b, ok := obj.(*widget.Button); ok && b.Visible() {
				buttons = append(buttons, b)
			}
		}
		if i == len(buttons) {
			break
		}
		texts = append(texts, buttons[i].Text)
		u.Saves, u.plays = nil, nil // as a first visit's start leaves them
		test.Tap(buttons[i])
		assert.NotNil(t, u.Saves, "%q: the saves not read first", buttons[i].Text)
		assert.NotSame(t, u.home, u.Current, "%q: the home screen left", buttons[i].Text)
	}
	assert.Subset(t, texts, []string{"Join a table", "Played games", "Resume Counter", "History", "Settings", "About"})
}
