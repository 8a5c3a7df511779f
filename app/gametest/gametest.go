// Package gametest is what the games' screen tests share: a test app
// (apptest.Env) started with the games given, a game's screen opened with
// its widgets within reach, and screen states for the layout and German
// checks.
package gametest

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/kit"
	"boardside/companion"
	"boardside/companion/plays"
	"boardside/companion/share"
	"boardside/timers"
)

// Env is a test app that starts with Games.
type Env struct {
	*apptest.Env
	Games []*kit.Game
}

// NewEnv makes a test app with these games.
func NewEnv(t testing.TB, games ...*kit.Game) *Env {
	t.Helper()
	return &Env{Env: apptest.NewEnv(t), Games: games}
}

// Start builds the UI as the app does at start-up.
func (e *Env) Start(t testing.TB) *app.UI {
	t.Helper()
	u := app.New(e.App, app.Options{Root: e.RootURI(), Legacy: e.Legacy, Clock: e.Clock, Games: e.Games, Sound: e.Sound})
	u.Win.Resize(fyne.NewSize(900, 640))
	return u
}

// OpenScreen opens a game as its tile does, then builds its screen again
// with the widgets reachable for the test.
func OpenScreen[S any](t testing.TB, u *app.UI, id string, build func(kit.Window, *kit.Game, *companion.Session) S, content func(S) fyne.CanvasObject) S {
	t.Helper()
	g := u.Game(id)
	u.OpenGame(g)
	u.StopCurrent()
	s := build(u.GameWindow(), g, u.Session(id))
	u.Current = content(s)
	u.Win.SetContent(u.Current)
	return s
}

// SetLanguage switches the texts the way a start in that locale would.
func SetLanguage(t *testing.T, code string) {
	t.Helper()
	apptest.SetLanguage(t, code, kit.LoadTranslations)
	require.Equal(t, code, kit.RunningLanguage())
}

// Main runs a package's tests in English.
func Main(m *testing.M) { apptest.Main(m, kit.LoadTranslations) }

// State is a screen in a state the tests reach: Show puts it in the
// window of a UI started with the env's games.
type State struct {
	Name string
	Show func(t *testing.T, env *Env, u *app.UI)
}

// Screens are states as the layout and German checks take them, each
// shown in a fresh app with these games.
func Screens(games func() []*kit.Game, states ...State) []apptest.Screen {
	var out []apptest.Screen
	for _, st := range states {
		out = append(out, apptest.Screen{Name: st.Name, Open: func(t *testing.T) apptest.Opened {
			env := NewEnv(t, games()...)
			u := env.Start(t)
			st.Show(t, env, u)
			return apptest.Opened{Win: u.Win, List: u.ScreenList, Close: func() {
				u.StopCurrent()
				u.Win.Close()
			}}
		}})
	}
	return out
}

// Golden keeps a screen at a size, in light and dark, under review:
// testdata/<name>_<theme>.png.
func Golden(t *testing.T, games []*kit.Game, name string, size fyne.Size, show func(t *testing.T, env *Env, u *app.UI)) {
	for _, variant := range []string{"light", "dark"} {
		t.Run(name+"_"+variant, func(t *testing.T) {
			env := NewEnv(t, games...)
			u := env.Start(t)
			kit.ApplyTheme(env.App, variant)
			u.Win.Resize(size)
			show(t, env, u)
			u.Win.Resize(size)
			apptest.AssertRendersToImage(t, name+"_"+variant+".png", u.Win.Canvas())
		})
	}
}

// GoldenPhone keeps a screen on a 412×915 phone, the size most players
// hold, in light and dark under review: testdata/phone_<name>_<theme>.png.
func GoldenPhone(t *testing.T, games []*kit.Game, name string, show func(t *testing.T, env *Env, u *app.UI)) {
	Golden(t, games, "phone_"+name, fyne.NewSize(412, 915), show)
}

// CheckScreens runs the layout check and the German check (package
// apptest) on these screen states, each shown in a fresh app with the
// games given.
func CheckScreens(t *testing.T, games func() []*kit.Game, states ...State) {
	screens := Screens(games, states...)
	t.Run("layout", func(t *testing.T) { apptest.CheckLayout(t, screens, kit.LoadTranslations) })
	t.Run("german", func(t *testing.T) { apptest.CheckGerman(t, screens, kit.LoadTranslations) })
}

// JoinHosted hosts s on a local server, as the game's host device would,
// and joins it from u, as a phone would, then runs u's updates until its
// screen shows ready (in the language on screen). The updates from the
// network wait in the returned queue for the test goroutine; the host runs
// on the real clock, so u does too.
func JoinHosted(t *testing.T, u *app.UI, g *kit.Game, s *companion.Session, ready string) apptest.Queue {
	t.Helper()
	clock := timers.System{}
	h := share.NewHost(s, share.Game{Rules: g.Rules, Public: g.Share.Public, PublicActions: g.Share.PublicActions}, clock, share.NewToken())
	srv := httptest.NewServer(share.Handler(h, nil))
	// The host ends its event streams first: the server's Close waits for them.
	t.Cleanup(func() { h.Close(); srv.Close() })
	q := make(apptest.Queue, 64)
	u.Do = func(f func()) { q <- f }
	u.Clock = clock
	j := app.NewJoinScreen(u)
	u.Show(j.Content)
	j.Connect(u, srv.URL+"/?t="+h.Token())
	q.Until(t, func() bool { return strings.Contains(strings.Join(apptest.Texts(u.Current), "\n"), ready) })
	// An action still on its way when the test ends is answered, so that
	// the next test's taps are not taken for a second one in flight.
	t.Cleanup(func() { q.Until(t, func() bool { return !u.Sending() }) })
	return q
}

// Sent runs u's updates from q until the action a joined screen's tap
// sent in the background has been answered and drawn, and cond holds
// (nil: nothing more).
func Sent(t *testing.T, q apptest.Queue, u *app.UI, cond func() bool) {
	t.Helper()
	q.Until(t, func() bool { return !u.Sending() && (cond == nil || cond()) })
}

// Plays is the log of played games u keeps, newest first, as its storage
// holds it.
func Plays(t testing.TB, u *app.UI) []plays.Play {
	t.Helper()
	log, err := plays.Open(u.Saves.Store(plays.FileName))
	require.NoError(t, err)
	return log.Plays()
}

// LogInBGStatsOnAPhone puts u's window at a 360×640 phone's size, checks
// that Log in BG Stats shows there without scrolling, taps it (button is
// the panel's) and returns the log of played games.
func LogInBGStatsOnAPhone(t *testing.T, u *app.UI, button *widget.Button) []plays.Play {
	t.Helper()
	u.Win.Resize(fyne.NewSize(360, 640))
	it, ok := apptest.Find(u.ScreenList(), "button", lang.L("Log in BG Stats"))
	require.True(t, ok)
	assert.True(t, it.InView, "Log in BG Stats in view: %+v", it)
	test.Tap(button)
	return Plays(t, u)
}

// LastPlay puts a play of game with these names in the log of played
// games before e starts: the table's last play, whose names a game's end
// records.
func LastPlay(t testing.TB, e *Env, game string, names ...string) {
	t.Helper()
	require.Nil(t, e.Root, "the log is put in the folder Dir")
	l, err := plays.Open(companion.Dir(e.Dir).Store(plays.FileName))
	require.NoError(t, err)
	p := plays.Play{ID: "last-" + game, Game: game, End: apptest.Epoch.Add(-24 * time.Hour)}
	for _, n := range names {
		p.Players = append(p.Players, plays.Player{Name: n})
	}
	require.NoError(t, l.Add(p))
}
