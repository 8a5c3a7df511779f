package marsmaze

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	"boardside/app/kit"
	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/timers"
)

func TestJoin_FollowAndActOnAnotherDevicesTable(t *testing.T) {
	clock := timers.System{}
	s := companion.New(mm.Rules, mm.New(), clock)
	require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: 2}))
	require.NoError(t, s.Dispatch(&mm.Start{}))
	h := share.NewHost(s, share.Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}, clock, share.NewToken())
	srv := httptest.NewServer(share.Handler(h, nil))
	t.Cleanup(func() { h.Close(); srv.Close() }) // the host ends its streams: Close waits for them

	env := newTestEnv(t)
	u := env.Start(t)
	q := make(apptest.Queue, 64)
	u.Do = func(f func()) { q <- f }
	u.Clock = clock // the host runs on real time here

	j := app.NewJoinScreen(u)
	u.Show(j.Content)
	shownText := func() string { return strings.Join(apptest.Texts(u.Current), "\n") }

	j.Connect(u, "not a link")
	q.Until(t, func() bool { return strings.Contains(shownText(), "That is not the link of a Boardside table") })

	j.Connect(u, srv.URL+"/?t="+h.Token())
	q.Until(t, func() bool { return strings.Contains(shownText(), "Hourglass markers left: 2") })
	assert.Contains(t, shownText(), "Flip")
	q.Until(t, func() bool { return strings.Contains(shownText(), "Connected") })

	// Tap Flip on this device: the host's game changes.
	test.Tap(apptest.Button(t, u.Current, "Flip"))
	gametest.Sent(t, q, u, nil)
	assert.Equal(t, 1, s.View().State.(*mm.State).MarkersLeft)
	q.Until(t, func() bool { return strings.Contains(shownText(), "Talk now, until someone acts") })

	// Undo here takes the flip back on the host.
	undo := apptest.Button(t, u.Current, "Undo")
	q.Until(t, func() bool { return !undo.Disabled() })
	test.Tap(undo)
	gametest.Sent(t, q, u, nil)
	assert.Equal(t, 2, s.View().State.(*mm.State).MarkersLeft, "the host's flip was taken back")
	q.Until(t, func() bool { return strings.Contains(shownText(), "Hourglass markers left: 2") })
	test.Tap(apptest.Button(t, u.Current, "Flip"))
	gametest.Sent(t, q, u, nil)
	q.Until(t, func() bool { return strings.Contains(shownText(), "Talk now, until someone acts") })

	// An action on the host reaches this screen through the event stream.
	require.NoError(t, s.Dispatch(&mm.Act{}))
	q.Until(t, func() bool { return !strings.Contains(shownText(), "Talk now") })

	u.ShowHome() // leaving closes the connection
	assert.Nil(t, u.Leave)
}

// TestJoin_ShowsTheWholePublicGameAndSendsItsActions joins a solo game
// with the expert rule, on the host's own clock, and finds on the phone's
// screen what the quick viewer (assets/web/marsmaze.js) shows: the mode
// and rule, the jokers, solo mode's stopwatch and its pulse at every
// window, landing and "not landed after all", and the win, asked first.
func TestJoin_ShowsTheWholePublicGameAndSendsItsActions(t *testing.T) {
	env := newTestEnv(t)
	clock := env.Clock // the host's and the phone's: no offset between them
	s := companion.New(mm.Rules, mm.New(), clock)
	require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: 2}))
	require.NoError(t, s.Dispatch(&mm.SetOptions{Solo: true, Expert: true}))
	h := share.NewHost(s, share.Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}, clock, share.NewToken())
	srv := httptest.NewServer(share.Handler(h, nil))
	t.Cleanup(func() { h.Close(); srv.Close() })

	u := env.Start(t)
	q := make(apptest.Queue, 64)
	u.Do = func(f func()) { q <- f }
	j := app.NewJoinScreen(u)
	u.Show(j.Content)
	shown := func() string { return strings.Join(apptest.Texts(u.Current), "\n") }
	state := func() *mm.State { return s.View().State.(*mm.State) }
	j.Connect(u, srv.URL+"/?t="+h.Token())
	q.Until(t, func() bool { return strings.Contains(shown(), "Turn the sand timer over to start") })
	for _, want := range []string{"Mission 2 · Solo mode", "Jokers left: 3", "Expert rule: pass action tiles on each flip"} {
		assert.Contains(t, shown(), want)
	}

	test.Tap(apptest.Button(t, u.Current, "Turn the sand timer over to start"))
	gametest.Sent(t, q, u, nil)
	require.True(t, state().Started())
	q.Until(t, func() bool { return listed(u, "Pawn may move in 10 s") })
	// Every action has its button while the game runs; those that do not
	// apply are disabled, not gone.
	for _, b := range []string{"Flip", "Joker: talk", "Pause", "Colonists landed", "All colonists on domes"} {
		assert.False(t, apptest.Button(t, u.Current, b).Disabled(), b)
	}
	assert.True(t, apptest.Button(t, u.Current, "Action: someone moved").Disabled(), "nobody may talk yet")

	// Solo mode's window: a pulse as it opens, on the phone too.
	env.Sounds = nil
	clock.Advance(10 * time.Second)
	digits := func(text string) bool { _, ok := apptest.Find(u.ScreenList(), "digits", text); return ok }
	q.Until(t, func() bool { return len(env.Sounds) > 0 })
	assert.Equal(t, []string{kit.SoundMark}, env.Sounds, "the pulse's sound")
	assert.True(t, digits("0:10"), "the stopwatch: %v", u.ScreenList())
	assert.True(t, digits("2:50"), "the sand: %v", u.ScreenList())

	test.Tap(apptest.Button(t, u.Current, "Colonists landed"))
	gametest.Sent(t, q, u, nil)
	require.True(t, state().Landed, "the host's colonists landed")
	q.Until(t, func() bool { return strings.Contains(shown(), "Colonists not landed after all") })
	assert.Contains(t, shown(), "The colonists have landed: no more flips")
	assert.True(t, apptest.Button(t, u.Current, "Flip").Disabled(), "no flip after the landing")
	test.Tap(apptest.Button(t, u.Current, "Colonists not landed after all"))
	gametest.Sent(t, q, u, nil)
	require.False(t, state().Landed, "not landed after all, on the host")
	q.Until(t, func() bool { return !apptest.Button(t, u.Current, "Flip").Disabled() })

	// The win ends the game: asked first, and No leaves it running.
	test.Tap(apptest.Button(t, u.Current, "All colonists on domes"))
	gametest.Sent(t, q, u, nil)
	ask := u.Win.Canvas().Overlays().Top()
	require.NotNil(t, ask, "a question")
	assert.Contains(t, strings.Join(apptest.Texts(ask), "\n"), "Is every colonist on a dome?")
	apptest.TapDialogButton(t, u.Win, "No")
	assert.True(t, state().WonAt.IsZero(), "No: the game goes on")
	clock.Advance(5 * time.Second)
	test.Tap(apptest.Button(t, u.Current, "All colonists on domes"))
	gametest.Sent(t, q, u, nil)
	apptest.TapDialogButton(t, u.Win, "Yes")
	gametest.Sent(t, q, u, nil)
	require.False(t, state().WonAt.IsZero(), "won, on the host")
	left := timers.FormatRemaining(state().SandLeftAtWin)
	q.Until(t, func() bool { return strings.Contains(shown(), "Mission complete with "+left+" of sand left") })
	assert.False(t, listed(u, "Pawn may move"), "no window to wait for after the end")
}

// listed says whether the window shows a text that starts with prefix
// (the screen list leaves out what hidden containers hold).
func listed(u *app.UI, prefix string) bool {
	for _, it := range u.ScreenList() {
		if strings.HasPrefix(it.Text, prefix) {
			return true
		}
	}
	return false
}
