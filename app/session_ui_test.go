package app

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"boardside/app/apptest"
	"boardside/app/kit"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func counterLabel(t *testing.T, u *UI) string {
	t.Helper()
	require.NotNil(t, shownCounter)
	require.Same(t, shownCounter.Container, u.Current, "the counter game is showing")
	return shownCounter.label.Text
}

func TestResume_ReopensTheGameWhereItWas(t *testing.T) {
	env := newTestEnv(t, counterGame())
	u := env.start(t)
	h := newHomeScreen(u)
	test.Tap(h.tiles["counter"])
	require.Equal(t, "0", counterLabel(t, u))
	for range 3 {
		test.Tap(shownCounter.plus)
		env.Clock.Advance(time.Second)
	}
	assert.Equal(t, "3", counterLabel(t, u))

	// The app closes while the game shows; the next start opens it again.
	u.Win.Close()
	u2 := env.start(t)
	assert.Equal(t, "3", counterLabel(t, u2), "resumed exactly where it was")

	// Home now offers Resume and History for the game in progress.
	u2.ShowHome()
	h2 := newHomeScreen(u2)
	require.NotNil(t, h2.resume)
	assert.Equal(t, "Resume Counter", h2.resume.Text)
	u2.Show(h2.content)
	test.Tap(h2.resume)
	assert.Equal(t, "3", counterLabel(t, u2))
}

func TestResume_FromHomeAfterClosingOnHome(t *testing.T) {
	env := newTestEnv(t, counterGame())
	u := env.start(t)
	u.OpenGame(u.Game("counter"))
	test.Tap(shownCounter.plus)
	u.ShowHome()
	u.Win.Close()

	u2 := env.start(t)
	shown := apptest.Texts(u2.Current)
	assert.Contains(t, shown, "Resume Counter", "closed on home: start on home, offering Resume")
}

func TestHistory_ListsTheLogAndUndoes(t *testing.T) {
	env := newTestEnv(t, counterGame())
	u := env.start(t)
	u.OpenGame(u.Game("counter"))
	test.Tap(shownCounter.plus)
	env.Clock.Advance(time.Minute)
	test.Tap(shownCounter.plus)

	g := u.Game("counter")
	s := u.Session("counter")
	h := newHistoryScreen(u, g, s, u.ShowHome)
	u.Show(h.content)
	require.Len(t, h.entries, 2)
	at := func(d time.Duration) string { return apptest.Epoch.Add(d).Local().Format("15:04:05") }
	assert.Equal(t, "2 · "+at(time.Minute)+" · bump {\"by\":1}", h.line(h.entries[0]), "newest first")
	assert.True(t, h.undo.Visible() && !h.undo.Disabled())

	test.Tap(h.undo)
	assert.Equal(t, 1, s.View().State.(*counter).Count)
	require.Len(t, h.entries, 3)
	assert.Equal(t, "3 · "+at(time.Minute)+" · Undo of step 2", h.line(h.entries[0]))
	assert.Equal(t, "2 · "+at(time.Minute)+" · bump {\"by\":1} · (undone)", h.line(h.entries[1]))

	test.Tap(h.undo)
	assert.True(t, h.undo.Disabled(), "nothing left to undo")
	test.Tap(h.back)
	assert.Contains(t, apptest.Texts(u.Current), "Resume Counter")
}

// TestHistory_UndoTakesBackWhatTheListShows: a phone's action that the
// list has not drawn yet is not what Undo takes back; the player is told.
func TestHistory_UndoTakesBackWhatTheListShows(t *testing.T) {
	env := newTestEnv(t, counterGame())
	u := env.start(t)
	u.OpenGame(u.Game("counter"))
	test.Tap(shownCounter.plus)
	s := u.Session("counter")
	h := newHistoryScreen(u, u.Game("counter"), s, u.ShowHome)
	u.Show(h.content)
	h.stop() // the list as drawn, before the change below reaches it

	require.NoError(t, s.Dispatch(&bump{By: 5})) // a device at the table
	test.Tap(h.undo)
	assert.Equal(t, 6, s.View().State.(*counter).Count, "nothing taken back")
	require.NotNil(t, u.Win.Canvas().Overlays().Top(), "the player is told")
	assert.Contains(t, strings.Join(apptest.Texts(u.Win.Canvas().Overlays().Top()), " "), "Someone was faster")

	h.refresh() // drawn: now Undo takes back the device's action
	test.Tap(h.undo)
	assert.Equal(t, 1, s.View().State.(*counter).Count)
}

func TestStart_UnreadableSaveIsSetAsideAndThePlayerIsTold(t *testing.T) {
	env := newTestEnv(t, counterGame())
	path := filepath.Join(env.Dir, "sessions", "counter.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(`{"format":1,"game":"counter","state":{"cou`), 0o644))

	u := env.start(t)
	overlay := u.Win.Canvas().Overlays().Top()
	require.NotNil(t, overlay, "a dialog is showing")
	shown := strings.Join(apptest.Texts(overlay), "\n")
	aside := path + ".unreadable-" + apptest.Epoch.Local().Format("20060102-150405")
	assert.Contains(t, shown, "The saved game of Counter could not be read, so it starts anew. The file was kept as "+aside)

	kept, err := os.ReadFile(aside)
	require.NoError(t, err, "the damaged file is kept")
	assert.Equal(t, `{"format":1,"game":"counter","state":{"cou`, string(kept))
	assert.Nil(t, u.Session("counter"), "the app starts clean")
	assert.Contains(t, apptest.Texts(u.Current), "Counter", "home is usable behind the dialog")
}

// TestStart_ReadsEveryGameAndTellsOfEachProblemInOrder starts with three
// games: one with its owner's data unreadable and a good save, one with a
// damaged save, one with good data and a good save. Each game gets what is
// its own, and the player is told of the data first, then of the saves,
// in the games' order.
func TestStart_ReadsEveryGameAndTellsOfEachProblemInOrder(t *testing.T) {
	withData := func(id, name string, used *string) *kit.Game {
		g := counterGame()
		g.ID, g.Name = id, name
		g.LoadData = func(u kit.Window, g *kit.Game) []string {
			return kit.LoadOwnData(u, g.ID, g.Name, func(_ string, b []byte) error {
				if !strings.HasPrefix(string(b), "data of ") {
					return errors.New("not a data file")
				}
				*used = string(b)
				return nil
			})
		}
		return g
	}
	var usedA, usedB, usedC string
	env := newTestEnv(t, withData("a", "Game A", &usedA), withData("b", "Game B", &usedB), withData("c", "Game C", &usedC))
	write := func(name, content string) {
		path := filepath.Join(env.Dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
	write("data/a.json", "garbled")
	write("sessions/a.json", `{"format":1,"game":"counter","state":{"count":3}}`)
	write("sessions/b.json", `{"format":1,"game":"counter","state":{"cou`)
	write("data/c.json", "data of c")
	write("sessions/c.json", `{"format":1,"game":"counter","state":{"count":7}}`)

	u := env.start(t)
	require.NotNil(t, u.Session("a"))
	assert.Equal(t, 3, u.Session("a").View().State.(*counter).Count)
	assert.Nil(t, u.Session("b"), "the damaged save is set aside")
	require.NotNil(t, u.Session("c"))
	assert.Equal(t, 7, u.Session("c").View().State.(*counter).Count)
	assert.Equal(t, []string{"", "", "data of c"}, []string{usedA, usedB, usedC})

	var told []string
	for _, o := range u.Win.Canvas().Overlays().List() {
		told = append(told, strings.Join(apptest.Texts(o), " "))
	}
	require.Len(t, told, 2, "a dialog for each problem")
	assert.Contains(t, told[0], "Your Game A data could not be read, so the shipped data is used.")
	assert.Contains(t, told[1], "The saved game of Game B could not be read, so it starts anew.")
}

func TestStart_NewerFormatIsRefusedWithAClearMessage(t *testing.T) {
	env := newTestEnv(t, counterGame())
	path := filepath.Join(env.Dir, "sessions", "counter.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(`{"format":7,"game":"counter","state":{"count":5}}`), 0o644))

	u := env.start(t)
	shown := strings.Join(apptest.Texts(u.Win.Canvas().Overlays().Top()), "\n")
	assert.Contains(t, shown, "the saved game uses format 7, but this version of Boardside reads format 1")
}

func TestAbout_ShowsVersionAndLicences(t *testing.T) {
	u := newTestEnv(t).start(t)
	test.Tap(apptest.Button(t, u.Current, "About"))
	s := newAboutScreen(u)
	assert.Equal(t, "Boardside version 0.1.0 (build 1)", s.version.Text)
	var modules []string
	for _, it := range s.licences.Items {
		modules = append(modules, it.Title)
		assert.NotEmpty(t, it.Detail.(*widget.Label).Text)
	}
	assert.Contains(t, modules, "fyne.io/fyne/v2")
}
