package app

import (
	"testing"

	"boardside/app/kit"
	screenlist "boardside/app/screen"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/companion"
)

// layoutScreen is a screen the layout check walks, in a state the tests
// reach; show puts it in the window.
type layoutScreen struct {
	name string
	show func(t *testing.T, env *testEnv, u *UI)
}

// layoutScreens are the shell's screens the check walks, with the test
// game; each game's are beside that game's tests, and the home screen
// with the four games is in app/catalog's.
var layoutScreens = []layoutScreen{
	{"history", func(t *testing.T, env *testEnv, u *UI) {
		openCounter(t, u)
		require.NoError(t, u.Session("counter").Dispatch(&bump{By: 1}))
		require.NoError(t, u.Session("counter").Dispatch(&bump{By: 2}))
		u.showHistory(u.Game("counter"))
	}},
	{"share", func(t *testing.T, env *testEnv, u *UI) {
		t.Cleanup(u.closeHosts)
		test.Tap(openCounter(t, u).bar.Share)
	}},
	{"home", func(t *testing.T, env *testEnv, u *UI) { u.ShowHome() }},
	// A browser that can keep the screen on neither way, as a timer runs:
	// the line above the screen (viewport_web.go puts it there).
	{"screen-not-kept-on", func(t *testing.T, env *testEnv, u *UI) {
		openCounter(t, u)
		u.Win.SetContent(withAwakeNote(u.awakeNote, u.Win.Content()))
		u.KeepAwake(true)
		u.screenKeptOn(awakeNone)
	}},
	{"home-resume", func(t *testing.T, env *testEnv, u *UI) {
		openCounter(t, u)
		require.NoError(t, u.Session("counter").Dispatch(&bump{By: 1}))
		u.ShowHome()
	}},
	{"settings", func(t *testing.T, env *testEnv, u *UI) { u.Show(newSettingsScreen(u).content) }},
	{"about", func(t *testing.T, env *testEnv, u *UI) { u.Show(newAboutScreen(u).content) }},
	{"join", func(t *testing.T, env *testEnv, u *UI) {
		u.showJoinLink("http://192.168.178.20:7777/?t=0123456789abcdef0123456789abcdef")
	}},
	{"played-games-empty", func(t *testing.T, env *testEnv, u *UI) { u.ShowPlays() }},
	{"played-games", func(t *testing.T, env *testEnv, u *UI) {
		addPlays(t, u, samplePlays()...)
		u.ShowPlays()
	}},
	{"played-game-aquasphere", func(t *testing.T, env *testEnv, u *UI) {
		addPlays(t, u, samplePlays()...)
		u.ShowPlay("aq")
	}},
	{"played-game-missioncontrol", func(t *testing.T, env *testEnv, u *UI) {
		addPlays(t, u, samplePlays()...)
		u.ShowPlay("mc")
	}},
	{"played-game-delete", func(t *testing.T, env *testEnv, u *UI) {
		addPlays(t, u, samplePlays()...)
		u.ShowPlay("ad")
		test.Tap(apptest.Button(t, u.Current, lang.L("Delete")))
	}},
	{"record-panel", func(t *testing.T, env *testEnv, u *UI) { showEndedDuel(t, env, u) }},
	{"record-panel-saved", func(t *testing.T, env *testEnv, u *UI) {
		p := showEndedDuel(t, env, u)
		typeNames(p, "Annegret", "Bartholomäus", "Cem")
		p.Adele.SetSelected("Cem")
		test.Tap(p.Save)
	}},
	{"bgstats-code", func(t *testing.T, env *testEnv, u *UI) {
		test.Tap(showEndedDuel(t, env, u).BGStats)
	}},
}

// showEndedDuel shows the test game that ends in a play, ended: its
// record panel shows.
func showEndedDuel(t *testing.T, env *testEnv, u *UI) *kit.PlayPanel {
	t.Helper()
	g := duelGame()
	s := companion.New(g.Rules, &duel{}, env.Clock)
	require.NoError(t, u.SetSession(g.ID, s))
	require.NoError(t, s.Dispatch(&finishDuel{}))
	u.StopCurrent()
	u.setCurrent(g.Screen(u.GameWindow(), s))
	return shownDuel.panel
}

// open is the screen state as the checks take it: a fresh app showing it.
func (sc layoutScreen) open() apptest.Screen {
	return apptest.Screen{Name: sc.name, Open: func(t *testing.T) apptest.Opened {
		env := newTestEnv(t)
		u := env.start(t)
		sc.show(t, env, u)
		return apptest.Opened{Win: u.Win, List: u.ScreenList, Close: func() {
			u.StopCurrent()
			u.Win.Close()
		}}
	}}
}

// checkScreens are the screen states the layout and German checks walk.
func checkScreens() []apptest.Screen {
	var out []apptest.Screen
	for _, sc := range layoutScreens {
		out = append(out, sc.open())
	}
	return out
}

// TestLayout_EveryScreenAtPhoneAndTabletSizes checks every screen state
// against devices.md's layout rules (apptest.CheckLayout).
func TestLayout_EveryScreenAtPhoneAndTabletSizes(t *testing.T) {
	apptest.CheckLayout(t, checkScreens(), kit.LoadTranslations)
}

// TestLayout_TheCheckSeesAGameBarThatDoesNotFit is the check's own test:
// buttons pushed out of a 400-wide window, a small button, a cut label and
// two labels on top of each other are each found.
func TestLayout_TheCheckSeesAGameBarThatDoesNotFit(t *testing.T) {
	test.NewTempApp(t)
	size := fyne.NewSize(400, 300)
	items := []screenlist.Item{
		{Kind: "button", Text: "Home", X: 2, Y: 1, W: 81, H: 44, MinW: 81, MinH: 44, InView: true},
		{Kind: "button", Text: "Undo", X: -216, Y: 1, W: 77, H: 44, MinW: 77, MinH: 44},
		{Kind: "button", Text: "Share", X: 78, Y: 1, W: 80, H: 36, MinW: 80, MinH: 36, InView: true},
		{Kind: "label", Text: "Magic Maze on Mars", X: 89, Y: 4, W: 37, H: 36, MinW: 150, MinH: 36, InView: true},
		{Kind: "label", Text: "Mission 1", X: 8, Y: 100, W: 200, H: 36, MinW: 80, MinH: 36, InView: true},
		{Kind: "label", Text: "Sand timer", X: 100, Y: 110, W: 200, H: 36, MinW: 80, MinH: 36, InView: true},
		{Kind: "button", Text: "Flip", X: 8, Y: 600, W: 300, H: 64, MinW: 80, MinH: 64, Scrolled: true},
	}
	require.Equal(t, []string{
		`button "Undo" lies outside the window`,
		`button "Share" is smaller than 44×44`,
		`label "Magic Maze on Mars" is cut`,
		`label "Mission 1" overlaps label "Sand timer"`,
	}, apptest.Violations(items, size), "a scrolled button below the window is reachable, not a violation")
}
