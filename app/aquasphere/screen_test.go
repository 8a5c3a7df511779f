package aquasphere

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	"boardside/app/kit"
	aq "boardside/companion/aquasphere"
)

func openAquaSphere(t testing.TB, u *app.UI) *aquaSphereScreen {
	return gametest.OpenScreen(t, u, "aquasphere", newAquaSphereScreen, func(a *aquaSphereScreen) fyne.CanvasObject { return a.content })
}

// tapPlus taps + on one player's line n times.
func tapPlus(t *testing.T, a *aquaSphereScreen, player int, field string, n int) {
	t.Helper()
	for range n {
		b := a.plus[strconv.Itoa(player)+"/"+field]
		require.NotNil(t, b, "%d/%s", player, field)
		test.Tap(b)
	}
}

// addPlayers adds players by name, as the sheet's Add player does.
func addPlayers(t *testing.T, u *app.UI, a *aquaSphereScreen, names ...string) {
	t.Helper()
	for _, name := range names {
		a.newName.SetText(name)
		test.Tap(apptest.Button(t, u.Current, "Add player"))
	}
}

// scoreInterimRounds scores the four interim scorings with what is entered.
func scoreInterimRounds(t *testing.T, u *app.UI) {
	t.Helper()
	for r := 1; r <= 4; r++ {
		test.Tap(apptest.Button(t, u.Current, "Score interim scoring "+strconv.Itoa(r)))
	}
}

func TestAquaSphere_EnterARoundAndUndo(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	a := openAquaSphere(t, u)
	addPlayers(t, u, a, "Anna", "Ben")
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "Anna · 0")
	assert.Contains(t, shown, "Interim scoring 1 of 4")

	tapPlus(t, a, 0, "submarines", 1)
	tapPlus(t, a, 0, "controlBots", 1)
	tapPlus(t, a, 0, "freeNumber", 2)
	tapPlus(t, a, 0, "crystals", 1)
	tapPlus(t, a, 1, "freeNumber", 3)
	assert.Equal(t, "2", a.values["0/freeNumber"].Text)
	test.Tap(apptest.Button(t, u.Current, "Score interim scoring 1"))

	shown = strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "Anna: 9 points (majority 6, supply 2, crystals 1, octopods 0); 0 → 9; +1 time marker",
		"the time marker stands apart from the knowledge points")
	assert.Contains(t, shown, "Ben: 3 points (majority 0, supply 3, crystals 0, octopods 0); 0 → 3")
	assert.NotContains(t, shown, "0 → 3;", "no time markers, no word of them")
	assert.Contains(t, shown, "Interim scoring 2 of 4")

	test.Tap(a.bar.Undo)
	shown = strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "Interim scoring 1 of 4", "the scoring was undone")
	assert.Equal(t, "2", a.values["0/freeNumber"].Text, "with its entries back")
	test.Tap(a.bar.Undo)
	assert.Equal(t, "2", a.values["1/freeNumber"].Text, "and an entry undone: Ben's third tap")
}

func TestAquaSphere_FinalScoringNamesTheWinner(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	a := openAquaSphere(t, u)
	addPlayers(t, u, a, "Anna", "Ben")
	tapPlus(t, a, 1, "freeNumber", 4)
	scoreInterimRounds(t, u)
	assert.Contains(t, strings.Join(apptest.Texts(u.Current), "\n"), "Final scoring")
	tapPlus(t, a, 0, "letters", 3) // Anna: T(3) = 6
	test.Tap(apptest.Button(t, u.Current, "Score the final scoring"))
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "Winner: Anna", "6 points against Ben's 4")
	assert.Contains(t, shown, "1. Anna: 6")
	assert.Contains(t, shown, "2. Ben: 4")
	assert.NotNil(t, apptest.Button(t, u.Current, "Export as CSV"))
	assert.Contains(t, shown, "1. Anna 6, 2. Ben 4", "the game is in the history of finished games")

	// Undoing the final scoring takes it out again; a new game keeps the old one listed.
	test.Tap(a.bar.Undo)
	assert.NotContains(t, strings.Join(apptest.Texts(u.Current), "\n"), "1. Anna 6, 2. Ben 4")
	test.Tap(apptest.Button(t, u.Current, "Score the final scoring"))
	u.NewGame(u.Game("aquasphere"))
	assert.Contains(t, strings.Join(apptest.Texts(u.Current), "\n"), "1. Anna 6, 2. Ben 4")
}

// TestAquaSphere_ResultsInPlaceOrder: the final results and the finished
// games read 1., 2., 3., whatever the seats.
func TestAquaSphere_ResultsInPlaceOrder(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	a := openAquaSphere(t, u)
	addPlayers(t, u, a, "Anna", "Ben", "Cara")
	scoreInterimRounds(t, u)
	tapPlus(t, a, 1, "letters", 3) // Ben: 6
	tapPlus(t, a, 0, "letters", 2) // Anna: 3
	test.Tap(apptest.Button(t, u.Current, "Score the final scoring"))
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	ben, anna, cara := strings.Index(shown, "1. Ben: 6"), strings.Index(shown, "2. Anna: 3"), strings.Index(shown, "3. Cara: 0")
	require.True(t, ben >= 0 && anna >= 0 && cara >= 0, shown)
	assert.Less(t, ben, anna)
	assert.Less(t, anna, cara)
	assert.Contains(t, shown, "1. Ben 6, 2. Anna 3, 3. Cara 0", "the finished game too")
}

// TestAquaSphere_YesOrNoLinesAreTicks: "All 6 submarines placed" and "Lab
// with 5 extensions" hold or do not; they are ticks, not numbers.
func TestAquaSphere_YesOrNoLinesAreTicks(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	a := openAquaSphere(t, u)
	addPlayers(t, u, a, "Anna", "Ben")
	scoreInterimRounds(t, u)
	require.Contains(t, a.ticks, "1/allSubmarines")
	require.Contains(t, a.ticks, "0/fiveExtensions")
	assert.NotContains(t, a.plus, "1/allSubmarines", "no stepper for a yes or no")
	test.Tap(a.ticks["1/allSubmarines"])
	assert.True(t, a.state().Ending[1].AllSubmarines)
	assert.True(t, a.ticks["1/allSubmarines"].Checked, "the screen drawn again keeps the tick")
	test.Tap(a.ticks["1/allSubmarines"])
	assert.False(t, a.state().Ending[1].AllSubmarines, "and takes it away")
}

func TestAquaSphere_OwnTrack(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	a := openAquaSphere(t, u)
	g := u.Game("aquasphere")
	tr := newTrackScreen(u.GameWindow(), g, a.state().Data(), func() {})
	u.Show(tr.content)

	tr.lines.SetText("10, 60")
	test.Tap(tr.save)
	assert.Equal(t, "Not saved: aquasphere.json: track.redLines: 60 is not a field between 1 and 49", tr.status.Text)
	assert.NoFileExists(t, filepath.Join(env.Dir, "data", "aquasphere.json"))

	tr.lines.SetText("5, 25")
	test.Tap(tr.save)
	assert.Equal(t, "Saved. New games use your data.", tr.status.Text)
	require.FileExists(t, filepath.Join(env.Dir, "data", "aquasphere.json"))

	// A new sheet scores on the owner's track: 6 points from 0 cross the line before 5.
	u.NewGame(g)
	b := openAquaSphere(t, u)
	addPlayers(t, u, b, "Anna", "Ben")
	tapPlus(t, b, 0, "freeNumber", 6)
	test.Tap(apptest.Button(t, u.Current, "Score interim scoring 1"))
	assert.Contains(t, strings.Join(apptest.Texts(u.Current), "\n"), "0 → 4; red line at 5: stopped before it")

	// And so after a restart.
	u.Win.Close()
	u2 := env.Start(t)
	assert.Equal(t, []int{5, 25}, u2.Session("aquasphere").View().State.(*aq.State).Data().Track.RedLines)
}

func TestAquaSphere_ColoursLapsAndGerman(t *testing.T) {
	gametest.SetLanguage(t, "de")
	env := newTestEnv(t)
	u := env.Start(t)
	a := openAquaSphere(t, u)
	a.newName.SetText("Anna")
	a.colour.SetSelected("blau")
	test.Tap(apptest.Button(t, u.Current, "Person hinzufügen"))
	a.newName.SetText("Ben")
	test.Tap(apptest.Button(t, u.Current, "Person hinzufügen"))
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "Anna (blau) · 0")
	assert.Contains(t, shown, "Zwischenwertung 1 von 4")
	assert.Contains(t, shown, "Kristalle")
	assert.Equal(t, "63 (1 Runde + 13)", knowledge(63, 50))
}

// TestAquaSphere_Golden keeps the sheet after a round under review, on a
// tablet and on a phone.
func TestAquaSphere_Golden(t *testing.T) {
	for _, size := range []struct {
		name string
		size fyne.Size
	}{{"tablet", fyne.NewSize(900, 640)}, {"phone", fyne.NewSize(380, 720)}} {
		t.Run(size.name, func(t *testing.T) {
			env := newTestEnv(t)
			u := env.Start(t)
			u.Win.Resize(size.size)
			a := openAquaSphere(t, u)
			addPlayers(t, u, a, "Anna", "Ben", "Cleo")
			pick := func(name string) { // a phone shows one player at a time
				if a.picker != nil {
					a.picker.SetSelected(name)
				}
			}
			tapPlus(t, a, 0, "freeNumber", 4)
			pick("Ben")
			tapPlus(t, a, 1, "crystals", 2)
			pick("Cleo")
			tapPlus(t, a, 2, "controlBots", 1)
			test.Tap(apptest.Button(t, u.Current, "Score interim scoring 1"))
			apptest.AssertRendersToImage(t, "aquasphere_"+size.name+".png", u.Win.Canvas())
		})
	}
}

// TestAquaSphere_BarLayoutCoversWhatOctopodsTook: 3 + 2 points gained, 2
// taken by octopods: the red cover lies over the last 2, so the bar up to
// it is the 3 kept, on the scale where the most points fill the width.
// Points the red lines stopped lie last, after what octopods took; the
// final scoring's, which neither takes, come after both.
func TestAquaSphere_BarLayoutCoversWhatOctopodsTook(t *testing.T) {
	tests := []struct {
		name     string
		layout   barLayout
		x, width []float32
	}{
		{name: "octopods alone", layout: barLayout{parts: []int{3, 2}, lost: []int{2, 0}, most: 10},
			x: []float32{0, 30, 30, 50}, width: []float32{30, 20, 20, 0}},
		{name: "octopods, then the red lines", layout: barLayout{parts: []int{4, 4}, lost: []int{1, 3}, most: 10},
			x: []float32{0, 40, 40, 50}, width: []float32{40, 40, 10, 30}},
		{name: "never more covered than gained", layout: barLayout{parts: []int{2}, lost: []int{1, 5}, most: 10},
			x: []float32{0, 0, 10}, width: []float32{20, 10, 10}},
		{name: "the final scoring's points come after the covers", layout: barLayout{parts: []int{3, 2, 4}, tail: 1, lost: []int{1, 2}, most: 10},
			x: []float32{0, 30, 50, 20, 30}, width: []float32{30, 20, 40, 10, 20}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var objs []fyne.CanvasObject
			for range len(tt.layout.parts) + len(tt.layout.lost) {
				objs = append(objs, canvas.NewRectangle(nil))
			}
			tt.layout.Layout(objs, fyne.NewSize(100, 22))
			var x, w []float32
			for _, o := range objs {
				x, w = append(x, o.Position().X), append(w, o.Size().Width)
			}
			assert.Equal(t, tt.x, x)
			assert.Equal(t, tt.width, w)
		})
	}
}

// aquaSphereLayoutScreens are AquaSphere's screens for the layout check (layoutcheck_test.go).
var aquaSphereLayoutScreens = []gametest.State{
	{Name: "aquasphere-over", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.OpenGame(u.Game(aq.Game))
		s := u.Session(aq.Game)
		for _, name := range []string{"Anna", "Ben", "Cara"} {
			require.NoError(t, s.Dispatch(&aq.AddPlayer{Name: name}))
		}
		for range 4 {
			require.NoError(t, s.Dispatch(&aq.ScoreRound{}))
		}
		require.NoError(t, s.Dispatch(&aq.ScoreFinal{}))
	}},
	// The end's record saved, and the play as Played games shows it.
	{Name: "aquasphere-recorded", Show: func(t *testing.T, env *testEnv, u *app.UI) { recordedAquaSphere(t, u) }},
	{Name: "aquasphere-played", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		recordedAquaSphere(t, u)
		u.ShowPlay(gametest.Plays(t, u)[0].ID)
	}},
	{Name: "aquasphere-track", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.Show(newTrackScreen(u.GameWindow(), u.Game(aq.Game), aq.Default(), func() {}).content)
	}},
	{Name: "aquasphere", Show: func(t *testing.T, env *testEnv, u *app.UI) { u.OpenGame(u.Game(aq.Game)) }},
	// One player: the sheet's lines beside a single column of steppers,
	// the widest German line name included.
	{Name: "aquasphere-one-player", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.OpenGame(u.Game(aq.Game))
		require.NoError(t, u.Session(aq.Game).Dispatch(&aq.AddPlayer{Name: "Anna"}))
	}},
	{Name: "aquasphere-players", Show: func(t *testing.T, env *testEnv, u *app.UI) {
		u.OpenGame(u.Game(aq.Game))
		s := u.Session(aq.Game)
		for _, name := range []string{"Anna", "Ben", "Cara", "Dörte"} {
			require.NoError(t, s.Dispatch(&aq.AddPlayer{Name: name}))
		}
	}},
}

// TestScreens_FitPhonesAndSpeakGerman walks the screen states above through
// the layout check and the German check.
func TestScreens_FitPhonesAndSpeakGerman(t *testing.T) {
	gametest.CheckScreens(t, func() []*kit.Game { return []*kit.Game{Game()} }, aquaSphereLayoutScreens...)
}
