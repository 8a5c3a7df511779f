package app

import (
	"errors"
	"os"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/app/kit"
	"boardside/companion"
	"boardside/companion/share"
)

// counter is a minimal built game, standing in for the real ones so the
// shell's resume, history and save paths can be tested on their own.
type counter struct {
	Count int `json:"count"`
}

type bump struct {
	By int `json:"by"`
}

func (*bump) Kind() string { return "bump" }

func (c *counter) Apply(a companion.Action, _ companion.Env) error {
	b, ok := a.(*bump)
	if !ok {
		return errors.New("not a counter action")
	}
	if c.Count+b.By < 0 {
		return errors.New("the counter cannot go below zero")
	}
	c.Count += b.By
	return nil
}

// counterScreen is the test game's screen: the game bar, a label and a
// button.
type counterScreen struct {
	*fyne.Container
	bar   *kit.GameBar
	label *widget.Label
	plus  *widget.Button
}

func counterGame() *kit.Game {
	rules := &companion.Rules{
		Game:     "counter",
		NewState: func() companion.State { return &counter{} },
		Actions:  map[string]func() companion.Action{"bump": func() companion.Action { return &bump{} }},
	}
	g := &kit.Game{
		ID: "counter", Name: "Counter", Blurb: "Keeps score: every interim scoring and the final scoring, line by line.",
		Rules:    rules,
		NewState: func() companion.State { return &counter{} },
		Describe: func(e companion.Entry) string { return "bump " + string(e.Data) },
		Share:    &share.Game{Rules: rules, Public: func(s companion.State) any { return s }, PublicActions: []string{"bump"}},
	}
	g.Screen = func(w kit.Window, s *companion.Session) fyne.CanvasObject {
		cs := &counterScreen{label: widget.NewLabel(""), bar: kit.NewGameBar(w, g, s, func(bool) {})}
		show := func(v companion.View) { cs.label.SetText(strconv.Itoa(v.State.(*counter).Count)) }
		show(s.View())
		s.Watch(func(v companion.View) { fyne.Do(func() { show(v) }) })
		cs.plus = widget.NewButton("+", func() { _ = s.Dispatch(&bump{By: 1}) })
		cs.Container = container.NewBorder(cs.bar.Content, nil, nil, nil, container.NewVBox(cs.label, cs.plus))
		shownCounter = cs
		return cs.Container
	}
	return g
}

// shownCounter is the test game's screen built last (the tests do not run
// in parallel).
var shownCounter *counterScreen

// openCounter opens the test game as its tile does.
func openCounter(t *testing.T, u *UI) *counterScreen {
	t.Helper()
	u.OpenGame(u.Game("counter"))
	require.Same(t, shownCounter.Container, u.Current, "the counter's screen shows")
	return shownCounter
}

type testEnv struct {
	*apptest.Env
	games []*kit.Game
}

func newTestEnv(t *testing.T, games ...*kit.Game) *testEnv {
	t.Helper()
	if games == nil {
		games = []*kit.Game{counterGame()}
	}
	return &testEnv{Env: apptest.NewEnv(t), games: games}
}

// start builds the UI as the app does at start-up.
func (e *testEnv) start(t testing.TB) *UI {
	t.Helper()
	u := New(e.App, Options{Root: e.RootURI(), Legacy: e.Legacy, Clock: e.Clock, Games: e.games, Sound: e.Sound})
	u.Win.Resize(fyne.NewSize(900, 640))
	return u
}

func getenv(k string) string { return os.Getenv(k) }

// setLanguage switches the texts the way a start in that locale would.
func setLanguage(t *testing.T, code string) {
	t.Helper()
	apptest.SetLanguage(t, code, kit.LoadTranslations)
	require.Equal(t, code, kit.RunningLanguage())
}

func TestMain(m *testing.M) { apptest.Main(m, kit.LoadTranslations) }
