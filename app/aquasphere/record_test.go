package aquasphere

import (
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	aq "boardside/companion/aquasphere"
)

// finishedAquaSphere is AquaSphere's sheet after the final scoring of a
// game of Anna, Ben and Cara, Ben ahead.
func finishedAquaSphere(t *testing.T, u *app.UI) *aquaSphereScreen {
	t.Helper()
	a := openAquaSphere(t, u)
	for _, name := range []string{"Anna", "Ben", "Cara"} {
		a.newName.SetText(name)
		test.Tap(apptest.Button(t, u.Current, lang.L("Add player")))
	}
	require.NoError(t, u.Session(aq.Game).Dispatch(&aq.SetEntry{Player: 1, Field: "crystals", Value: 2}))
	for r := 1; r <= 4; r++ {
		test.Tap(apptest.Button(t, u.Current, lang.L("Score interim scoring {{.Round}}", map[string]any{"Round": r})))
	}
	assert.False(t, a.end.Content.Visible(), "no record before the final scoring")
	test.Tap(apptest.Button(t, u.Current, lang.L("Score the final scoring")))
	return a
}

// TestAquaSphere_TheFinalScoringEndsInARecord: after the final scoring the
// panel under the winner asks for nothing (the players are the sheet's);
// the play is in the log at once with every player's points and place,
// and Undo of the final scoring takes it out.
func TestAquaSphere_TheFinalScoringEndsInARecord(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	a := finishedAquaSphere(t, u)
	p := a.end
	require.True(t, p.Content.Visible())
	assert.Empty(t, p.Entries, "the sheet names the players")
	assert.False(t, p.Adele.Visible())

	assert.True(t, p.Save.Disabled(), "nothing to save: recorded by the final scoring")
	logged := gametest.Plays(t, u)
	require.Len(t, logged, 1)
	pl := logged[0]
	assert.Equal(t, aq.Game, pl.Game)
	require.Len(t, pl.Players, 3)
	assert.Equal(t, "Ben", pl.Players[1].Name)
	assert.True(t, pl.Players[1].Winner)
	assert.Equal(t, 1, pl.Players[1].Rank)
	require.NotNil(t, pl.Players[1].Score)
	assert.Contains(t, pl.Result, "Ben wins with")
	assert.True(t, p.Save.Disabled())
	assert.Contains(t, apptest.Texts(u.Current), "Saved to played games.")

	test.Tap(a.bar.Undo)
	assert.Empty(t, gametest.Plays(t, u), "the final scoring undone, its record out of the log")
	assert.False(t, p.Content.Visible())
}

// TestAquaSphere_FinalScoringLogsInBGStatsInOneTap: on a 360×640 phone Log
// in BG Stats shows under the winner without scrolling; one tap saves the
// play and sends it on.
func TestAquaSphere_FinalScoringLogsInBGStatsInOneTap(t *testing.T) {
	for _, code := range []string{"en", "de"} {
		t.Run(code, func(t *testing.T) {
			gametest.SetLanguage(t, code)
			env := newTestEnv(t)
			u := env.Start(t)
			a := finishedAquaSphere(t, u)
			assert.Len(t, gametest.LogInBGStatsOnAPhone(t, u, a.end.BGStats), 1)
		})
	}
}

// recordedAquaSphere is a finished sheet whose play is saved.
func recordedAquaSphere(t *testing.T, u *app.UI) {
	t.Helper()
	test.Tap(finishedAquaSphere(t, u).end.Save)
	require.Len(t, gametest.Plays(t, u), 1)
}
