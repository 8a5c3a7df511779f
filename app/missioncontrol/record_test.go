package missioncontrol

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	mc "boardside/companion/missioncontrol"
)

// TestMissionControl_AccomplishedEndsInARecord: at the end, the panel asks
// a name for each role people played; the play is in the log of played
// games from the end, and Save gives it the names and roles; Undo takes
// the names back, then the end with its record.
func TestMissionControl_AccomplishedEndsInARecord(t *testing.T) {
	env := newTestEnv(t)
	u, m := startedMissionControl(t, env, mc.Cologne)
	assert.False(t, m.record.Content.Visible(), "no record while the game goes on")
	env.Clock.Advance(12 * time.Minute)
	test.Tap(m.done)
	apptest.TapDialogButton(t, u.Win, "Yes")

	p := m.record
	require.True(t, p.Content.Visible())
	atEnd := gametest.Plays(t, u)
	require.Len(t, atEnd, 1, "in the log from the end, with nobody to tap Save")
	assert.Empty(t, atEnd[0].Players)
	require.Len(t, p.Entries, 3, "the astronaut, Houston and Bengaluru: Cologne is the AI deck's")
	assert.Contains(t, apptest.Texts(p.Content), "Astronaut")
	assert.Contains(t, apptest.Texts(p.Content), "Bengaluru")
	p.Entries[0].SetText("Anna")
	p.Entries[2].SetText("Ben")
	test.Tap(p.Save)

	logged := gametest.Plays(t, u)
	require.Len(t, logged, 1)
	pl := logged[0]
	assert.Equal(t, mc.Game, pl.Game)
	assert.True(t, pl.Won)
	assert.Equal(t, "Mission accomplished with 8:00 left", pl.Result)
	require.Len(t, pl.Players, 2)
	assert.Equal(t, []string{"Anna", "Astronaut", "Ben", "Bengaluru"}, []string{pl.Players[0].Name, pl.Players[0].Role, pl.Players[1].Name, pl.Players[1].Role})
	assert.True(t, p.Save.Disabled())

	test.Tap(m.bar.Undo)
	logged = gametest.Plays(t, u)
	require.Len(t, logged, 1)
	assert.Empty(t, logged[0].Players, "the names undone")
	assert.True(t, p.Content.Visible(), "the game is still over")
	assert.Equal(t, "", p.Entries[2].Text, "the panel shows the record as the game holds it")
	test.Tap(m.bar.Undo)
	assert.Empty(t, gametest.Plays(t, u), "the end undone, its record out of the log")
	assert.False(t, p.Content.Visible(), "the game goes on")
}

// TestMissionControl_TimesUpLogsInBGStatsInOneTap: time's up records the
// play with the names of the table's last; on a phone-sized screen Log in
// BG Stats is in view without scrolling, and one tap sends it on (a
// desktop shows its code).
func TestMissionControl_TimesUpLogsInBGStatsInOneTap(t *testing.T) {
	for _, code := range []string{"en", "de"} {
		t.Run(code, func(t *testing.T) {
			gametest.SetLanguage(t, code)
			env := newTestEnv(t)
			gametest.LastPlay(t, env, mc.Game, "Anna", "Ben", "Cem", "Dora")
			u, m := startedMissionControl(t, env)
			env.Clock.Advance(21 * time.Minute)
			size := fyne.NewSize(360, 640)
			u.Win.Resize(size)
			p := m.record
			require.True(t, p.Content.Visible())
			assert.Equal(t, []string{"Anna", "Ben", "Cem", "Dora"}, []string{p.Entries[0].Text, p.Entries[1].Text, p.Entries[2].Text, p.Entries[3].Text},
				"named as the last play was")
			assert.True(t, inView(m, p.BGStats), "Log in BG Stats in view at %v: %v", size, rectOf(p.BGStats))

			test.Tap(p.BGStats)
			logged := gametest.Plays(t, u)
			require.Len(t, logged, 2, "the last play and this one")
			assert.Equal(t, "Time's up", logged[0].Result)
			assert.Len(t, logged[0].Players, 4)
			top := u.Win.Canvas().Overlays().Top()
			require.NotNil(t, top, "a desktop shows the code")
			assert.NotEmpty(t, strings.Join(apptest.Texts(top), ""))
		})
	}
}

// recordedMissionControl is Mission Control accomplished and recorded with
// two names, as its panel records it.
func recordedMissionControl(t *testing.T, u *app.UI) *missionControlScreen {
	t.Helper()
	u.OpenGame(u.Game(mc.Game))
	s := u.Session(mc.Game)
	require.NoError(t, s.Dispatch(&mc.SetAIRoles{Roles: []string{mc.Houston}}))
	require.NoError(t, s.Dispatch(&mc.Start{}))
	require.NoError(t, s.Dispatch(&mc.Accomplish{}))
	m := openMissionControl(t, u)
	m.record.Entries[0].SetText("Annegret")
	m.record.Entries[2].SetText("Bartholomäus")
	test.Tap(m.record.Save)
	require.Len(t, gametest.Plays(t, u), 1)
	return m
}
