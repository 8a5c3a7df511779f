package adele

import (
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	ad "boardside/companion/adele"
)

// endedAdele shows ADELE's tablet for a 3-player game the crew won, its
// session the game in progress.
func endedAdele(t *testing.T, env *testEnv, u *app.UI) *adeleScreen {
	t.Helper()
	s := knownAdele(t, env, "")
	require.NoError(t, u.SetSession(ad.Game, s))
	a := showAdele(u, s)
	assert.False(t, a.record.Content.Visible(), "no record while the game goes on")
	test.Tap(a.board.finish)
	apptest.TapDialogButton(t, u.Win, lang.L("The crew completed a mission"))
	return a
}

// TestAdele_TheEndIsRecordedWithWhoPlayedADELE: at the end the Table tab
// asks, under the result, for every player's name and who played ADELE;
// the rules take all names or none, and say so. The play is in the log
// from the end; Save gives it the names and sides; Undo takes the names
// back, and the end with its record.
func TestAdele_TheEndIsRecordedWithWhoPlayedADELE(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	a := endedAdele(t, env, u)
	p := a.record
	require.True(t, p.Content.Visible())
	require.Len(t, p.Entries, 3, "a name for each of the game's players")
	assert.True(t, p.Adele.Visible())
	assert.Contains(t, apptest.Texts(p.Content), "Name every player, or none.")

	p.Entries[0].SetText("Anna")
	p.Entries[1].SetText("Ben")
	test.Tap(p.Save)
	top := u.Win.Canvas().Overlays().Top()
	require.NotNil(t, top, "two names of three are refused")
	assert.Contains(t, apptest.Texts(top), "Name all of the game's players, the one who played ADELE too")
	apptest.TapDialogButton(t, u.Win, "OK")
	logged := gametest.Plays(t, u)
	require.Len(t, logged, 1, "recorded when the game ended")
	assert.Empty(t, logged[0].Players, "without names: the first play of the game has none to take")

	p.Entries[2].SetText("Cem")
	assert.Equal(t, []string{"Anna", "Ben", "Cem"}, p.Adele.Options, "who played ADELE is one of the names")
	p.Adele.SetSelected("Cem")
	test.Tap(p.Save)
	logged = gametest.Plays(t, u)
	require.Len(t, logged, 1)
	assert.Equal(t, "The crew won", logged[0].Result)
	var sides []string
	for _, pl := range logged[0].Players {
		sides = append(sides, pl.Name+" "+pl.Role)
		assert.Equal(t, pl.Role == ad.RoleCrew, pl.Winner, pl.Name)
	}
	assert.Equal(t, []string{"Anna Crew", "Ben Crew", "Cem ADELE"}, sides)

	test.Tap(a.bar.Undo)
	logged = gametest.Plays(t, u)
	require.Len(t, logged, 1)
	assert.Empty(t, logged[0].Players, "the names undone")
	test.Tap(a.bar.Undo)
	assert.Empty(t, gametest.Plays(t, u), "the end undone, its record out of the log")
}

// TestAdele_EndLogsInBGStatsInOneTap: on a 360×640 phone Log in BG Stats
// shows on the Table tab without scrolling; a play without names goes to
// BG Stats in that one tap.
func TestAdele_EndLogsInBGStatsInOneTap(t *testing.T) {
	for _, code := range []string{"en", "de"} {
		t.Run(code, func(t *testing.T) {
			gametest.SetLanguage(t, code)
			env := newTestEnv(t)
			u := env.Start(t)
			a := endedAdele(t, env, u)
			logged := gametest.LogInBGStatsOnAPhone(t, u, a.record.BGStats)
			require.Len(t, logged, 1)
			assert.Empty(t, logged[0].Players)
		})
	}
}

// recordedAdele is ADELE won by the crew and recorded with three names, as
// the tablet's panel records it.
func recordedAdele(t *testing.T, env *testEnv, u *app.UI) {
	t.Helper()
	a := endedAdele(t, env, u)
	for i, n := range []string{"Annegret", "Bartholomäus", "Cem"} {
		a.record.Entries[i].SetText(n)
	}
	a.record.Adele.SetSelected("Bartholomäus")
	test.Tap(a.record.Save)
	require.Len(t, gametest.Plays(t, u), 1)
}
