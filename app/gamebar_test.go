package app

import (
	"testing"

	screenlist "boardside/app/screen"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
)

// barButtons are the game bar's buttons a finger can reach: laid out
// inside the window with a size.
func barButtons(u *UI) map[string]screenlist.Item {
	out := map[string]screenlist.Item{}
	for _, it := range u.ScreenList() {
		if it.Kind == "button" && it.Y < 50 && it.W > 0 && it.X >= 0 && it.X+it.W <= u.Win.Canvas().Size().Width {
			out[it.Text] = it
		}
	}
	return out
}

// TestGameBar_FoldsIntoAMenuOnAPhone: at 400 wide the bar keeps Home, the
// game's name and Undo, side by side without overlapping, and the rest is
// one tap away behind ⋮; at 900 everything is on the bar.
func TestGameBar_FoldsIntoAMenuOnAPhone(t *testing.T) {
	g := counterGame()
	g.Name = "A game with a longer name"
	u := newTestEnv(t, g).start(t)
	u.OpenGame(g)
	require.NoError(t, u.Session(g.ID).Dispatch(&bump{By: 1}))

	u.Win.Resize(fyne.NewSize(900, 640))
	wide := barButtons(u)
	for _, name := range []string{"Home", "Undo", "History", "New game", "Share", "Turn to the other side"} {
		assert.Contains(t, wide, name, "on the wide bar")
	}
	assert.NotContains(t, wide, "", "no ⋮ when everything fits")

	u.Win.Resize(fyne.NewSize(400, 800))
	narrow := barButtons(u)
	assert.Contains(t, narrow, "Home")
	assert.Contains(t, narrow, "Undo")
	require.Contains(t, narrow, "", "the ⋮ button")
	for _, name := range []string{"History", "New game", "Share", "Turn to the other side"} {
		assert.NotContains(t, narrow, name, "folded away, out of reach")
	}
	title, ok := apptest.Find(u.ScreenList(), "label", g.Name)
	require.True(t, ok)
	home, undo := narrow["Home"], narrow["Undo"]
	assert.GreaterOrEqual(t, title.X, home.X+home.W, "the name after Home")
	assert.LessOrEqual(t, title.X+title.W, undo.X, "and before Undo")
	assert.Greater(t, title.W, float32(100), "room to read it")

	// ⋮ opens the folded buttons as a menu; History there opens History.
	more := narrow[""]
	test.TapCanvas(u.Win.Canvas(), fyne.NewPos(more.X+more.W/2, more.Y+more.H/2))
	require.NotNil(t, u.Win.Canvas().Overlays().Top(), "a menu opened")
	m := shownCounter.bar
	var items []string
	for _, it := range m.Menu().Items {
		items = append(items, it.Label)
	}
	assert.Equal(t, []string{"History", "New game", "Share", "Turn to the other side"}, items)
	m.Menu().Items[0].Action()
	assert.Contains(t, apptest.Texts(u.Current), "Back", "History's screen")
}

// TestGameBar_ALongNameIsWholeNotCut: on a phone the bar shows "Mission
// Control: Critical Orbit" in smaller type over two lines, not "Mission
// Control: Cri…"; where there is room, on one line.
func TestGameBar_ALongNameIsWholeNotCut(t *testing.T) {
	g := counterGame()
	g.Name = "Mission Control: Critical Orbit"
	u := newTestEnv(t, g).start(t)
	u.OpenGame(g)
	oneLine := fyne.MeasureText(g.Name, theme.TextSize(), fyne.TextStyle{Bold: true})

	u.Win.Resize(fyne.NewSize(360, 640))
	title, ok := apptest.Find(u.ScreenList(), "label", g.Name)
	require.True(t, ok, "the whole name: %v", u.ScreenList())
	assert.Less(t, title.W, oneLine.Width, "a line is too short for it")
	assert.GreaterOrEqual(t, title.H, title.MinH, "all its lines shown")
	assert.Empty(t, apptest.Violations(u.ScreenList(), fyne.NewSize(360, 640)))

	u.Win.Resize(fyne.NewSize(1280, 800))
	title, ok = apptest.Find(u.ScreenList(), "label", g.Name)
	require.True(t, ok, "the whole name on a wide bar")
	assert.GreaterOrEqual(t, title.W, oneLine.Width, "on one line")
	assert.Less(t, title.H, 2*oneLine.Height+2*theme.InnerPadding(), "one line high")
}
