package app

import (
	"testing"

	"boardside/app/apptest"
	"boardside/app/kit"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScreenList_SaysWhatShowsAndWhere is what browser tests rely on to
// tap the one canvas Fyne draws: the home screen's buttons where Fyne
// laid them out, the ones a scroll holds below the window marked out of
// view, and a dialog's buttons as the dialog's.
func TestScreenList_SaysWhatShowsAndWhere(t *testing.T) {
	blurb := "Keeps score: every interim scoring and the final scoring, line by line."
	u := newTestEnv(t, counterGame(), &kit.Game{ID: "two", Name: "Second", Blurb: blurb},
		&kit.Game{ID: "three", Name: "Third", Blurb: blurb}, &kit.Game{ID: "four", Name: "AquaSphere", Blurb: blurb}).start(t)
	u.Win.Resize(fyne.NewSize(412, 500))
	u.ShowHome()
	items := u.ScreenList()

	join, ok := apptest.Find(items, "button", "Join a table")
	require.True(t, ok, "the Join button is listed: %v", items)
	assert.True(t, join.InView)
	assert.False(t, join.Disabled)
	assert.Equal(t, u.app.Driver().AbsolutePositionForObject(apptest.Button(t, u.Current, "Join a table")), fyne.NewPos(join.X, join.Y), "where Fyne put it")
	assert.GreaterOrEqual(t, join.W*join.H, float32(44*30))

	settings, ok := apptest.Find(items, "button", "Settings")
	require.True(t, ok)
	assert.Less(t, settings.Y, join.Y, "Settings is above Join")

	last, ok := apptest.Find(items, "label", "AquaSphere")
	require.True(t, ok, "the last tile's title")
	assert.False(t, last.InView, "at 500 high the last tile is below the window, inside the scroll")
	assert.Greater(t, last.Y+last.H, float32(500))

	dialog.ShowConfirm("Start again?", "Everything goes.", func(bool) {}, u.Win)
	yes, ok := apptest.Find(u.ScreenList(), "button", "Yes")
	require.True(t, ok, "a dialog's buttons are listed")
	assert.True(t, yes.Dialog)
	assert.True(t, yes.InView)
}

// TestBack_GoesHomeFromAnyScreenAndStaysThere is the browser's Back
// button: a screen back, never out of the app from a game.
func TestBack_GoesHomeFromAnyScreenAndStaysThere(t *testing.T) {
	u := newTestEnv(t).start(t)
	assert.False(t, u.awayFromHome.Load())
	assert.False(t, u.back(), "nowhere to go from home")

	test.Tap(newHomeScreen(u).settings)
	assert.True(t, u.awayFromHome.Load())
	assert.True(t, u.back())
	assert.Contains(t, apptest.Texts(u.Current), "Join a table", "home again")
	assert.False(t, u.awayFromHome.Load())

	u.OpenGame(u.Game("counter"))
	assert.True(t, u.awayFromHome.Load())
	assert.True(t, u.back())
	assert.Contains(t, apptest.Texts(u.Current), "Join a table")
	assert.Empty(t, u.prefs.OpenGame(), "the next start opens home")
}

// TestJoinLink_OneTapAway opens the join screen as the app does when a
// table's link opened it.
func TestJoinLink_OneTapAway(t *testing.T) {
	u := newTestEnv(t).start(t)
	u.showJoinLink("http://192.168.1.20:7777/?t=abc")
	shown := apptest.Texts(u.Current)
	assert.Contains(t, shown, "You came from this table: tap Join to take part from this device.")
	items := u.ScreenList()
	entry, ok := apptest.Find(items, "entry", "http://192.168.1.20:7777/?t=abc")
	assert.True(t, ok, "the link is filled in: %v", items)
	assert.True(t, entry.InView)
	_, ok = apptest.Find(items, "button", "Join")
	assert.True(t, ok)
}
