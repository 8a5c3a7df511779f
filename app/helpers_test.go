package app

import (
	"errors"
	"os"
	"strconv"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/timers"
)

var epoch = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

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

// counterScreen is the test game's screen: a label and a button.
type counterScreen struct {
	*fyne.Container
	label *widget.Label
	plus  *widget.Button
}

func counterGame() *Game {
	rules := &companion.Rules{
		Game:     "counter",
		NewState: func() companion.State { return &counter{} },
		Actions:  map[string]func() companion.Action{"bump": func() companion.Action { return &bump{} }},
	}
	return &Game{
		ID: "counter", Name: "Counter", Blurb: "Keeps score: every interim scoring and the final scoring, line by line.",
		Rules:    rules,
		NewState: func() companion.State { return &counter{} },
		Screen: func(u *UI, s *companion.Session) fyne.CanvasObject {
			cs := &counterScreen{label: widget.NewLabel("")}
			show := func(v companion.View) { cs.label.SetText(strconv.Itoa(v.State.(*counter).Count)) }
			show(s.View())
			s.Watch(func(v companion.View) { fyne.Do(func() { show(v) }) })
			cs.plus = widget.NewButton("+", func() { _ = s.Dispatch(&bump{By: 1}) })
			cs.Container = container.NewVBox(cs.label, cs.plus)
			return cs
		},
		Describe: func(e companion.Entry) string { return "bump " + string(e.Data) },
	}
}

// freshRenderCache works around fyne-io/fyne#6509 (Fyne 2.8.1): Fyne's
// render cache dates the renderers it makes by a clock sample taken at the
// last paint, so when no canvas has painted for a minute (in a long -race
// run, the layout check), renderers made next are expired at birth, and the
// next Capture drops them and draws widgets such as separators without
// their layout, at size zero. Painting an empty canvas takes a fresh
// sample. Fyne's drivers paint every frame, so the app is not affected.
func freshRenderCache() { test.NewCanvas().Capture() }

type testEnv struct {
	app fyne.App
	dir string // the storage root, a folder of files as on desktop
	// root, when set, is the storage root instead of dir (an in-memory
	// one, as a browser's); legacy is Options.Legacy.
	root, legacy fyne.URI
	clock        *timers.Fake
	games        []*Game
	sounds       []string // what the app played
}

func newTestEnv(t *testing.T, games ...*Game) *testEnv {
	t.Helper()
	a := test.NewTempApp(t)
	freshRenderCache()
	if games == nil {
		games = Catalog()
	}
	return &testEnv{app: a, dir: t.TempDir(), clock: timers.NewFake(epoch), games: games}
}

// start builds the UI as the app does at start-up.
func (e *testEnv) start(t testing.TB) *UI {
	t.Helper()
	root := e.root
	if root == nil {
		root = storage.NewFileURI(e.dir)
	}
	u := New(e.app, Options{Root: root, Legacy: e.legacy, Clock: e.clock, Games: e.games,
		Sound: func(name string) { e.sounds = append(e.sounds, name) }})
	u.Win.Resize(fyne.NewSize(900, 640))
	return u
}

// texts lists the text of every label, button, check and select on screen.
func texts(o fyne.CanvasObject) []string {
	var out []string
	for _, obj := range test.LaidOutObjects(o) {
		if !obj.Visible() {
			continue
		}
		switch w := obj.(type) {
		case *widget.Label:
			if w.Text != "" {
				out = append(out, w.Text)
			}
		case *widget.Button:
			if w.Text != "" {
				out = append(out, w.Text)
			}
		case *widget.Check:
			out = append(out, w.Text)
		case *widget.Select:
			out = append(out, w.Selected)
		case *widget.RadioGroup:
			out = append(out, w.Options...)
		case *widget.Form:
			for _, it := range w.Items {
				out = append(out, it.Text)
			}
		}
	}
	return out
}

// setLanguage switches the texts the way a start in that locale would.
func setLanguage(t *testing.T, code string) {
	t.Helper()
	// Registered first so it runs last, after t.Setenv has put the
	// environment back: the texts return to the language of the run.
	t.Cleanup(LoadTranslations)
	t.Setenv("LANGUAGE", code)
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", map[string]string{"de": "de_DE.UTF-8", "en": "en_US.UTF-8"}[code])
	LoadTranslations()
	require.Equal(t, code, RunningLanguage())
}

func TestMain(m *testing.M) {
	os.Setenv("LANG", "en_US.UTF-8")
	os.Unsetenv("LANGUAGE")
	LoadTranslations()
	os.Exit(m.Run())
}

// button finds the visible button with this text on screen.
func button(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	for _, obj := range test.LaidOutObjects(o) {
		if b, ok := obj.(*widget.Button); ok && b.Visible() && b.Text == text {
			return b
		}
	}
	require.Failf(t, "no such button", "no button %q on screen; shown: %q", text, texts(o))
	return nil
}

func getenv(k string) string { return os.Getenv(k) }

// tapDialogButton taps a button in the dialog on top, as a player would.
func tapDialogButton(t *testing.T, u *UI, text string) {
	t.Helper()
	top := u.Win.Canvas().Overlays().Top()
	require.NotNil(t, top, "a dialog is showing")
	test.Tap(button(t, top, text))
}

// openScreen opens a game as its tile does, then builds its screen again
// with the widgets reachable for the test.
func openScreen[S any](t testing.TB, u *UI, id string, build func(*UI, *Game, *companion.Session) S, content func(S) fyne.CanvasObject) S {
	t.Helper()
	g := u.Game(id)
	u.OpenGame(g)
	u.stopCurrent()
	s := build(u, g, u.Session(id))
	u.Current = content(s)
	u.Win.SetContent(u.Current)
	return s
}
