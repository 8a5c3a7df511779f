package missioncontrol

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	"boardside/app/kit"
	mc "boardside/companion/missioncontrol"
)

func openDataEditor(t *testing.T, u *app.UI) *mcDataScreen {
	t.Helper()
	m := openMissionControl(t, u)
	test.Tap(m.editData)
	e := newMCDataScreen(u.GameWindow(), u.Game(mc.Game), m.state().Data(), func() {})
	u.Show(e.content)
	return e
}

func savedData(t *testing.T, u *app.UI) *mc.Data {
	t.Helper()
	b, err := mcDataStore(u.GameWindow()).Load()
	require.NoError(t, err)
	d, err := mc.ParseData("saved", b)
	require.NoError(t, err)
	return d
}

func TestDataEditor_UnlockMixSavedAndUsedByNewGames(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	e := openDataEditor(t, u)
	assert.Equal(t, "2", e.unlockCount[mc.UnlockRedX].Text)
	e.changeUnlock(mc.UnlockRedX, 1)
	e.changeUnlock(mc.UnlockYellow, -1)
	assert.Equal(t, "3", e.unlockCount[mc.UnlockRedX].Text)
	test.Tap(e.save)
	assert.Equal(t, "Saved. New games use your data.", e.status.Text)

	d := savedData(t, u)
	assert.Len(t, d.UnlockDeck.Cards, 8)
	assert.Equal(t, kit.OwnSource, d.UnlockDeck.Source, "no longer labelled a default")

	// A new game deals from the owner's deck.
	u.NewGame(u.Game(mc.Game))
	st := u.Session(mc.Game).View().State.(*mc.State)
	kinds := map[string]int{}
	for _, id := range st.Unlock.Draw {
		c, ok := st.Data().UnlockCard(id)
		require.True(t, ok)
		kinds[c.Kind]++
	}
	assert.Equal(t, map[string]int{"yellow": 1, "blue": 2, "green": 2, "redX": 3}, kinds)

	// And so does the next start of the app.
	u.Win.Close()
	u2 := env.Start(t)
	assert.Equal(t, 3, countKind(u2.Session(mc.Game).View().State.(*mc.State), mc.UnlockRedX))
}

func countKind(st *mc.State, kind string) int {
	n := 0
	for _, c := range st.Data().UnlockDeck.Cards {
		if c.Kind == kind {
			n++
		}
	}
	return n
}

func TestDataEditor_AICardFieldByField(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	e := openDataEditor(t, u)
	e.cards.Select(2)
	require.Equal(t, 2, e.selected)
	card := &e.draft.AIDeck.Cards[2]
	card.Cologne.Columns[1] = 5 // as the column select does
	card.Houston.Die = 1
	test.Tap(e.save)
	d := savedData(t, u)
	assert.Equal(t, 5, d.AIDeck.Cards[2].Cologne.Columns[1])
	assert.Equal(t, 1, d.AIDeck.Cards[2].Houston.Die)
}

func TestDataEditor_InvalidDataIsRefusedAndNothingSaved(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	e := openDataEditor(t, u)
	for _, k := range unlockKinds {
		for range 3 {
			e.changeUnlock(k, -1)
		}
	}
	test.Tap(e.save)
	assert.Equal(t, "Not saved: the unlock deck has no cards", e.status.Text)
	_, err := mcDataStore(u.GameWindow()).Load()
	assert.ErrorIs(t, err, fs.ErrNotExist, "nothing was written")
}

func TestDataEditor_ExportImportReset(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	e := openDataEditor(t, u)
	e.changeUnlock(mc.UnlockGreen, 2)
	var buf bytes.Buffer
	require.NoError(t, e.exportTo(&buf))
	var exported mc.Data
	require.NoError(t, json.Unmarshal(buf.Bytes(), &exported))
	assert.Len(t, exported.UnlockDeck.Cards, 10)

	// Another device imports it.
	u2env := newTestEnv(t)
	u2 := u2env.Start(t)
	e2 := openDataEditor(t, u2)
	require.NoError(t, e2.importFrom("mine.json", buf.Bytes()))
	assert.Equal(t, "4", e2.unlockCount[mc.UnlockGreen].Text)

	err := e2.importFrom("broken.json", []byte(`{"schema":1,"game":"missioncontrol","minutes":99,"difficulties":[]}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "broken.json: no difficulties")
	assert.Equal(t, "4", e2.unlockCount[mc.UnlockGreen].Text, "a bad file changes nothing")

	test.Tap(e2.save)
	saved := filepath.Join(u2env.Dir, "data", "missioncontrol.json")
	require.FileExists(t, saved, "a file on desktop")
	e2.resetToDefault()
	assert.NoFileExists(t, saved)
	assert.Equal(t, "2", e2.unlockCount[mc.UnlockGreen].Text)
}

func TestDataEditor_UnreadableOwnDataIsSetAside(t *testing.T) {
	env := newTestEnv(t)
	path := filepath.Join(env.Dir, "data", "missioncontrol.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(`{"schema":1,`), 0o644))
	u := env.Start(t)
	shown := strings.Join(apptest.Texts(u.Win.Canvas().Overlays().Top()), "\n")
	assert.Contains(t, shown, "Your Mission Control: Critical Orbit data could not be read, so the shipped data is used.")
	assert.NoFileExists(t, path)
}

func TestMissionControl_DefaultDecksAreLabelled(t *testing.T) {
	env := newTestEnv(t)
	_, m := startedMissionControl(t, env, mc.Houston)
	test.Tap(m.table.roll)
	assert.True(t, m.table.aiSource.Visible())
	assert.Equal(t, "Default deck, not the printed one: edit it under Game data to match your copy.", m.table.aiSource.Text)
	assert.Equal(t, m.table.aiSource.Text, m.table.unlockSource.Text)
}

// TestMissionControl_DefaultDeckNoteIsGermanInGerman: the data file's
// English note on its source stays out of the German sentence.
func TestMissionControl_DefaultDeckNoteIsGermanInGerman(t *testing.T) {
	gametest.SetLanguage(t, "de")
	env := newTestEnv(t)
	_, m := startedMissionControl(t, env, mc.Houston)
	test.Tap(m.table.roll)
	assert.Equal(t, "Standardstapel, nicht der gedruckte: unter Spieldaten an eure Ausgabe anpassen.", m.table.aiSource.Text)
}
