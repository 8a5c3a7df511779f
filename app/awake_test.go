package app

import (
	"testing"

	"fyne.io/fyne/v2/lang"
	"github.com/stretchr/testify/assert"

	"boardside/app/apptest"
)

// TestAwake_TheNoteShowsOnlyWhileATimerRunsAndNothingKeepsTheScreenOn
// follows what a browser's page says (web/app/awake.js) as a timer starts
// and stops: the line shows only while a timer runs and the page said
// neither the wake lock nor the video works; it goes the moment the timer
// stops, and a word from the page that comes late brings it back only
// while a timer runs.
func TestAwake_TheNoteShowsOnlyWhileATimerRunsAndNothingKeepsTheScreenOn(t *testing.T) {
	env := newTestEnv(t)
	u := env.start(t)
	u.ShowHome()
	u.Win.SetContent(withAwakeNote(u.awakeNote, u.Current)) // as in a browser (viewport_web.go)
	shown := func() bool {
		_, ok := apptest.Find(u.ScreenList(), "label", lang.L("This browser cannot keep the screen on: keep it on yourself while the timer runs."))
		return ok && u.awakeNote.Visible()
	}
	assert.False(t, shown(), "no timer")

	u.KeepAwake(true)
	assert.False(t, shown(), "the page has not answered yet")
	u.screenKeptOn(awakeVideo)
	assert.False(t, shown(), "the video keeps it on")
	u.screenKeptOn(awakeNone)
	assert.True(t, shown(), "neither works: the players are told")
	u.screenKeptOn(awakeVideo) // a tap started the video after all
	assert.False(t, shown())
	u.screenKeptOn(awakeNone)

	u.KeepAwake(false)
	assert.False(t, shown(), "gone when the timer stops, before the page answers")
	u.screenKeptOn(awakeNone) // late
	assert.False(t, shown(), "no timer runs")
	u.screenKeptOn(awakeOff)

	u.KeepAwake(true)
	u.screenKeptOn(awakeLock)
	assert.False(t, shown(), "the wake lock keeps it on")

	u.KeepAwake(false)
	u.Prefs().SetKeepScreenOn(false)
	u.KeepAwake(true)
	u.screenKeptOn(awakeNone)
	assert.False(t, shown(), "the player did not ask for the screen to stay on")
}
