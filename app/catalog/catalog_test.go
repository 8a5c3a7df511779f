package catalog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
)

func TestMain(m *testing.M) { gametest.Main(m) }

// start is the app as a player starts it: the catalog's games on the home
// screen.
func start(t *testing.T) (*gametest.Env, *app.UI) {
	env := gametest.NewEnv(t, Games()...)
	return env, env.Start(t)
}

// TestHome_ShowsEveryGameAsATile: every game of the catalog, built, in
// the catalog's order; no list of games here, so a new one needs no line.
func TestHome_ShowsEveryGameAsATile(t *testing.T) {
	_, u := start(t)
	u.ShowHome()
	texts := apptest.Texts(u.Current)
	shown := strings.Join(texts, "\n")
	require.GreaterOrEqual(t, len(Games()), 4, "the four games that ship, and any added")
	ids, at := map[string]bool{}, -1
	for _, g := range Games() {
		assert.False(t, ids[g.ID], "%s is in the catalog twice", g.ID)
		ids[g.ID] = true
		assert.True(t, g.Built(), g.ID)
		assert.Contains(t, shown, g.Blurb)
		i := slices.Index(texts, g.Name)
		assert.Greater(t, i, at, "%s's tile, after the one before it in the catalog: %q", g.Name, texts)
		at = i
	}
	assert.NotContains(t, shown, "Resume", "no game in progress, so nothing to resume")
}

// TestHome_ResumesEveryGameUnderWay: a sand timer left running in Magic
// Maze still has its Resume after Mission Control was started since.
func TestHome_ResumesEveryGameUnderWay(t *testing.T) {
	_, u := start(t)
	u.OpenGame(u.Game("marsmaze"))
	require.NoError(t, u.Session("marsmaze").Dispatch(&mm.Start{}))
	u.OpenGame(u.Game("missioncontrol"))
	require.NoError(t, u.Session("missioncontrol").Dispatch(&mc.Start{}))
	u.OpenGame(u.Game("aquasphere")) // opened, nothing done: nothing to resume
	u.ShowHome()
	shown := apptest.Texts(u.Current)
	mcAt, mmAt := slices.Index(shown, "Resume Mission Control: Critical Orbit"), slices.Index(shown, "Resume Magic Maze on Mars")
	require.True(t, mcAt >= 0 && mmAt >= 0, "both games under way: %q", shown)
	assert.Less(t, mcAt, mmAt, "the most recent first")
	assert.NotContains(t, shown, "Resume AquaSphere")
	assert.Equal(t, 2, strings.Count(strings.Join(shown, "\n"), "History"))
}

func TestHome_RendersInGermanAndEnglish(t *testing.T) {
	tests := []struct {
		lang string
		want []string
	}{
		{lang: "en", want: []string{"Settings", "About", "Runs the 20-minute countdown, the AI and unlock decks and the half-valve bag."}},
		{lang: "de", want: []string{"Einstellungen", "Über", "Führt den 20-Minuten-Countdown, den KI- und den Entriegelungsstapel und den Beutel mit den Halbventilen."}},
	}
	names := map[string]bool{app.Name: true}
	for _, g := range Games() {
		names[g.Name] = true // printed names stay as on the box
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			gametest.SetLanguage(t, tt.lang)
			translated := translationValues(t, tt.lang)
			_, u := start(t)
			u.ShowHome()
			shown := apptest.Texts(u.Current)
			for _, w := range tt.want {
				assert.Contains(t, shown, w)
			}
			for _, s := range shown {
				assert.True(t, names[s] || translated[s], "%q is shown but is not a %s text", s, tt.lang)
			}
		})
	}
}

func translationValues(t *testing.T, lang string) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "assets", "translations", lang+".json"))
	require.NoError(t, err)
	var m map[string]string
	require.NoError(t, json.Unmarshal(b, &m))
	out := map[string]bool{}
	for _, v := range m {
		out[v] = true
	}
	return out
}

// TestHome_Golden keeps the home screen's layout under review: a change
// shows up as a diff of testdata/home.xml and testdata/home.png.
func TestHome_Golden(t *testing.T) {
	_, u := start(t)
	u.Win.Resize(fyne.NewSize(800, 520))
	apptest.AssertRendersToMarkup(t, "home.xml", u.Win.Canvas())
	apptest.AssertRendersToImage(t, "home.png", u.Win.Canvas())
}

func TestHome_GoldenPhone(t *testing.T) {
	_, u := start(t)
	u.Win.Resize(fyne.NewSize(380, 720))
	apptest.AssertRendersToImage(t, "home_phone.png", u.Win.Canvas())
}

// TestScreens_FitPhonesAndSpeakGerman: the home screen with the catalog's games,
// with and without a game to resume, through the layout and German checks.
func TestScreens_FitPhonesAndSpeakGerman(t *testing.T) {
	gametest.CheckScreens(t, Games,
		gametest.State{Name: "home", Show: func(t *testing.T, env *gametest.Env, u *app.UI) { u.ShowHome() }},
		gametest.State{Name: "home-resume", Show: func(t *testing.T, env *gametest.Env, u *app.UI) {
			u.OpenGame(u.Game(mm.Game))
			require.NoError(t, u.Session(mm.Game).Dispatch(&mm.Start{}))
			u.ShowHome()
		}})
}
