package marsmaze

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	mm "boardside/companion/marsmaze"
	"boardside/companion/plays"
)

// TestMarsMaze_WonEndsInARecord: once every colonist is on a dome, the
// play is in the log, named as the table's last play was; the panel
// shows up to six names to change, Save gives the play the names typed,
// Undo takes them back, and then the win with its record.
func TestMarsMaze_WonEndsInARecord(t *testing.T) {
	env := newTestEnv(t)
	gametest.LastPlay(t, env, mm.Game, "Anna", "Ben", "Cem")
	u := env.Start(t)
	m := openMarsMaze(t, u)
	test.Tap(m.start)
	assert.False(t, m.record.Content.Visible(), "no record while the sand runs")
	env.Clock.Advance(70 * time.Second)
	test.Tap(m.won)
	apptest.TapDialogButton(t, u.Win, "Yes")

	p := m.record
	require.True(t, p.Content.Visible())
	logged := gametest.Plays(t, u)
	require.Len(t, logged, 2, "recorded at the win, with nobody to tap Save")
	assert.Equal(t, []string{"Anna", "Ben", "Cem"}, playerNames(logged[0]), "named as the last play was")
	require.Len(t, p.Entries, 6)
	assert.Equal(t, []string{"Anna", "Ben", "Cem", ""}, []string{p.Entries[0].Text, p.Entries[1].Text, p.Entries[2].Text, p.Entries[3].Text})
	assert.True(t, p.Save.Disabled(), "saved as shown")
	p.Entries[1].SetText("Bea")
	test.Tap(p.Save)

	logged = gametest.Plays(t, u)
	require.Len(t, logged, 2)
	assert.Equal(t, mm.Game, logged[0].Game)
	assert.True(t, logged[0].Won)
	assert.Equal(t, "Won with 1:50 of sand left", logged[0].Result)
	assert.Equal(t, []string{"Anna", "Bea", "Cem"}, playerNames(logged[0]))

	test.Tap(m.bar.Undo)
	assert.Equal(t, []string{"Anna", "Ben", "Cem"}, playerNames(gametest.Plays(t, u)[0]), "the names undone")
	test.Tap(m.bar.Undo)
	logged = gametest.Plays(t, u)
	require.Len(t, logged, 1, "the win undone, its record out of the log")
	assert.Equal(t, "last-"+mm.Game, logged[0].ID)
}

func playerNames(p plays.Play) []string {
	var out []string
	for _, pl := range p.Players {
		out = append(out, pl.Name)
	}
	return out
}

// TestMarsMaze_LostLogsInBGStatsInOneTap: when the sand runs out on a
// 360×640 phone, Log in BG Stats shows without scrolling, and one tap
// saves the play and sends it on; solo mode names one player.
func TestMarsMaze_LostLogsInBGStatsInOneTap(t *testing.T) {
	for _, code := range []string{"en", "de"} {
		t.Run(code, func(t *testing.T) {
			gametest.SetLanguage(t, code)
			env := newTestEnv(t)
			gametest.LastPlay(t, env, mm.Game, "Anna", "Ben", "Cem", "Dora")
			u := env.Start(t)
			m := openMarsMaze(t, u)
			test.Tap(m.start)
			env.Clock.Advance(4 * time.Minute)
			require.True(t, m.record.Content.Visible())
			logged := gametest.LogInBGStatsOnAPhone(t, u, m.record.BGStats)
			require.Len(t, logged, 2, "the last play and this one")
			assert.False(t, logged[0].Won)
			assert.Len(t, logged[0].Players, 4)
		})
	}

	env := newTestEnv(t)
	u := env.Start(t)
	m := openMarsMaze(t, u)
	require.NoError(t, u.Session(mm.Game).Dispatch(&mm.SetOptions{Solo: true}))
	test.Tap(m.start)
	env.Clock.Advance(4 * time.Minute)
	assert.Len(t, m.record.Entries, 1, "solo: one player")
}

// recordedMarsMaze is Magic Maze on Mars won and recorded with three
// names, as its panel records it.
func recordedMarsMaze(t *testing.T, u *app.UI) {
	t.Helper()
	u.OpenGame(u.Game(mm.Game))
	s := u.Session(mm.Game)
	require.NoError(t, s.Dispatch(&mm.SetOptions{Expert: true}))
	require.NoError(t, s.Dispatch(&mm.Start{}))
	require.NoError(t, s.Dispatch(&mm.Win{}))
	m := openMarsMaze(t, u)
	for i, n := range []string{"Annegret", "Bartholomäus", "Cem"} {
		m.record.Entries[i].SetText(n)
	}
	test.Tap(m.record.Save)
	require.Len(t, gametest.Plays(t, u), 1)
}
