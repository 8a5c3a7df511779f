package skeleton

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	"boardside/app/kit"
	"boardside/companion"
	rules "boardside/docs/skeleton/companion/skeleton"
)

func TestMain(m *testing.M) { gametest.Main(m) }

// games is the app with this game alone.
func games() []*kit.Game { return []*kit.Game{Game()} }

// open opens the game as its tile does, its widgets within reach.
func open(t *testing.T, u *app.UI) *screen {
	return gametest.OpenScreen(t, u, rules.Game, newScreen, func(sc *screen) fyne.CanvasObject { return sc.content })
}

func TestScreen_AddOneAndUndo(t *testing.T) {
	u := gametest.NewEnv(t, games()...).Start(t)
	sc := open(t, u)
	assert.Equal(t, "0", sc.count.Text)
	test.Tap(sc.add)
	test.Tap(sc.add)
	assert.Equal(t, "2", sc.count.Text)
	test.Tap(apptest.Button(t, u.Current, "Undo"))
	assert.Equal(t, "1", sc.count.Text)
}

func TestHistory_SaysWhatWasDone(t *testing.T) {
	assert.Equal(t, "Add one", describe(companion.Entry{Kind: "add"}))
}

// TestScreens_FitPhonesAndSpeakGerman: the layout check (every size, both
// languages) and the German check on each state the tests reach. Known
// violations would go in testdata/layout_violations.txt (-update); none:
// no file.
func TestScreens_FitPhonesAndSpeakGerman(t *testing.T) {
	gametest.CheckScreens(t, games,
		gametest.State{Name: "start", Show: func(t *testing.T, env *gametest.Env, u *app.UI) { u.OpenGame(u.Game(rules.Game)) }},
		gametest.State{Name: "counted", Show: func(t *testing.T, env *gametest.Env, u *app.UI) {
			u.OpenGame(u.Game(rules.Game))
			require.NoError(t, u.Session(rules.Game).Dispatch(&rules.Add{}))
		}})
}
