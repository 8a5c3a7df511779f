package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
)

func TestHome_ShowsTheFourGamesAsTiles(t *testing.T) {
	u := newTestEnv(t).start(t)
	h := newHomeScreen(u)
	shown := strings.Join(apptest.Texts(h.content), "\n")
	for _, g := range Catalog() {
		assert.Contains(t, h.tiles, g.ID)
		assert.Contains(t, shown, g.Name)
		assert.Contains(t, shown, g.Blurb)
	}
	assert.Nil(t, h.resume, "no game in progress, so nothing to resume")
}

// TestHome_ResumesEveryGameUnderWay: a sand timer left running in Magic
// Maze still has its Resume after Mission Control was started since.
func TestHome_ResumesEveryGameUnderWay(t *testing.T) {
	u := newTestEnv(t).start(t)
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

func TestHome_TileOfAnUnbuiltGameSaysSo(t *testing.T) {
	games := Catalog()
	games[1] = &Game{ID: games[1].ID, Name: games[1].Name, Blurb: games[1].Blurb} // as if not built yet
	u := newTestEnv(t, games...).start(t)
	h := newHomeScreen(u)
	u.Show(h.content)

	test.Tap(h.tiles["adele"])
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	assert.Contains(t, shown, "Boardside does not support this game yet.")
	assert.Contains(t, shown, "ADELE")
	assert.NotContains(t, shown, "Resume")

	test.Tap(apptest.Button(t, u.Current, "Back"))
	assert.Contains(t, strings.Join(apptest.Texts(u.Current), "\n"), "Mission Control: Critical Orbit", "Back returns home")
	assert.Empty(t, u.prefs.OpenGame())
}

func TestHome_RendersInGermanAndEnglish(t *testing.T) {
	tests := []struct {
		lang string
		want []string
	}{
		{lang: "en", want: []string{"Settings", "About", "Runs the 20-minute countdown, the AI and unlock decks and the half-valve bag."}},
		{lang: "de", want: []string{"Einstellungen", "Über", "Führt den 20-Minuten-Countdown, den KI- und den Entriegelungsstapel und den Beutel mit den Halbventilen."}},
	}
	names := map[string]bool{Name: true}
	for _, g := range Catalog() {
		names[g.Name] = true // printed names stay as on the box
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			setLanguage(t, tt.lang)
			translated := translationValues(t, tt.lang)
			u := newTestEnv(t).start(t)
			shown := apptest.Texts(newHomeScreen(u).content)
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
	b, err := os.ReadFile(filepath.Join("..", "assets", "translations", lang+".json"))
	require.NoError(t, err)
	var m map[string]string
	require.NoError(t, json.Unmarshal(b, &m))
	out := map[string]bool{}
	for _, v := range m {
		out[v] = true
	}
	return out
}
