package marsmaze

import (
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
	"boardside/app/gametest"
	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/timers"
)

// Issue 25: a tap on the host's screen or a joined app acts on what that
// screen showed. A phone's change the screen has not drawn yet makes the
// tap late; one it has just drawn re-arms the buttons it changed for half
// a second. Either way the player reads "Someone was faster: look again."

// refusedFaster checks that the dialog on top says someone was faster,
// and closes it.
func refusedFaster(t *testing.T, win fyne.Window, what string) {
	t.Helper()
	top := win.Canvas().Overlays().Top()
	require.NotNil(t, top, "%s: the player is told", what)
	assert.Contains(t, strings.Join(apptest.Texts(top), "\n"), "Someone was faster: look again", what)
	apptest.TapDialogButton(t, win, "OK")
}

func TestMarsMaze_HostTapsActOnWhatTheScreenShowed(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMarsMaze(t, u)
	m.mission.SetSelected("5") // 4 hourglass markers
	test.Tap(m.start)
	env.Clock.Advance(time.Minute)
	s := m.s
	st := func() *mm.State { return s.View().State.(*mm.State) }
	phone := func(a companion.Action) { // a phone's action, through the share host
		t.Helper()
		require.NoError(t, s.DispatchAt(s.View().Version, a))
	}

	// A phone flips; the host's player slaps Flip a moment later.
	phone(&mm.Flip{})
	assert.Equal(t, "Hourglass markers left: 3\nJokers left: 3", m.counts.Text, "the screen shows the phone's flip")
	test.Tap(m.flip)
	refusedFaster(t, u.Win, "Flip just after a phone's flip")
	assert.Equal(t, 1, st().Flips, "flipped once")
	env.Clock.Advance(companion.ArmTime)
	test.Tap(m.flip)
	assert.Equal(t, 2, st().Flips, "half a second later the player saw the sand and flips it again")

	// The host's own taps follow each other at once.
	test.Tap(m.act)
	test.Tap(m.joker)
	assert.Equal(t, mm.TalkAfterJoker, st().Talk)

	// Undo just after a phone acted would take back the phone's action.
	phone(&mm.Act{})
	test.Tap(m.bar.Undo)
	refusedFaster(t, u.Win, "Undo just after a phone's action")
	assert.Empty(t, st().Talk, "the phone's action stays")
	env.Clock.Advance(companion.ArmTime)
	test.Tap(m.bar.Undo)
	assert.Equal(t, mm.TalkAfterJoker, st().Talk, "once seen, it may be undone")

	// A change the screen has not drawn yet: the tap acts on what it showed.
	m.live.Stop()
	jokers := st().JokersLeft
	phone(&mm.Act{})
	test.Tap(m.joker) // Joker's meaning changed too, but the screen never drew it
	refusedFaster(t, u.Win, "a tap on an old screen")
	assert.Equal(t, jokers, st().JokersLeft, "no joker used on a table the player did not see")
}

// shiftedClock is the real clock, moved by shift: a sand timer started
// "a minute ago" has sand on both sides, so flips never empty it.
type shiftedClock struct {
	timers.System
	shift atomic.Int64
}

func (c *shiftedClock) Now() time.Time { return time.Now().Add(time.Duration(c.shift.Load())) }

func TestJoin_TapsActOnWhatTheScreenShowed(t *testing.T) {
	clock := &shiftedClock{}
	s := companion.New(mm.Rules, mm.New(), clock)
	require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: 5}))
	clock.shift.Store(int64(-time.Minute))
	require.NoError(t, s.Dispatch(&mm.Start{}))
	clock.shift.Store(0)
	h := share.NewHost(s, share.Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}, timers.System{}, share.NewToken())
	srv := httptest.NewServer(share.Handler(h, nil))
	t.Cleanup(func() { h.Close(); srv.Close() })
	st := func() *mm.State { return s.View().State.(*mm.State) }

	// The joined app's own clock is a fake one: its buttons' half second
	// passes when the test says.
	env := newTestEnv(t)
	u := env.Start(t)
	q := make(apptest.Queue, 64)
	u.Do = func(f func()) { q <- f }
	j := app.NewJoinScreen(u)
	u.Show(j.Content)
	j.Connect(u, srv.URL+"/?t="+h.Token())
	shown := func() string { return strings.Join(apptest.Texts(u.Current), "\n") }
	q.Until(t, func() bool {
		return strings.Contains(shown(), "Hourglass markers left: 4") && strings.Contains(shown(), "Connected")
	})
	env.Clock.Advance(companion.ArmTime) // the screen has been shown a while

	// Another device flips. This app holds the new state but has not drawn
	// it: its Flip acts on the table as drawn, and the host refuses it.
	require.NoError(t, s.Dispatch(&mm.Flip{}))
	require.Eventually(t, func() bool { return len(q) > 0 }, 5*time.Second, time.Millisecond, "the change arrived")
	assert.Contains(t, shown(), "Hourglass markers left: 4", "not drawn yet")
	test.Tap(apptest.Button(t, u.Current, "Flip"))
	gametest.Sent(t, q, u, nil)
	refusedFaster(t, u.Win, "Flip on a screen drawn before another device's flip")
	assert.Equal(t, 1, st().Flips)

	// Drawn now: Flip changed under the player's eyes and waits a moment.
	q.Until(t, func() bool { return strings.Contains(shown(), "Hourglass markers left: 3") })
	test.Tap(apptest.Button(t, u.Current, "Flip"))
	gametest.Sent(t, q, u, nil)
	refusedFaster(t, u.Win, "Flip just after another device's flip was drawn")
	assert.Equal(t, 1, st().Flips)
	env.Clock.Advance(companion.ArmTime)
	test.Tap(apptest.Button(t, u.Current, "Flip"))
	gametest.Sent(t, q, u, nil)
	assert.Equal(t, 2, st().Flips, "seen, then flipped")
	q.Until(t, func() bool { return strings.Contains(shown(), "Hourglass markers left: 2") })

	// Undo, just after another device acted, would take back its action.
	require.NoError(t, s.Dispatch(&mm.Act{}))
	q.Until(t, func() bool { return !strings.Contains(shown(), "Talk now") })
	test.Tap(apptest.Button(t, u.Current, "Undo"))
	gametest.Sent(t, q, u, nil)
	refusedFaster(t, u.Win, "Undo just after another device's action")
	assert.Empty(t, st().Talk)
	env.Clock.Advance(companion.ArmTime)
	test.Tap(apptest.Button(t, u.Current, "Undo"))
	gametest.Sent(t, q, u, nil)
	assert.NotEmpty(t, st().Talk, "seen, then undone")

	u.ShowHome()
}
