package app

import (
	"encoding/json"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/app/kit"
	"boardside/companion"
	"boardside/companion/share"
	"boardside/timers"
)

// joinableCounter is the test game with a joined screen: the table's
// count, and + sent to the table.
func joinableCounter() *kit.Game {
	g := counterGame()
	g.Join = func(u kit.Window, c *share.Client) (fyne.CanvasObject, func()) {
		count := widget.NewLabel("")
		var j *kit.JoinedScreen
		j = kit.NewJoinedScreen(u, c, count, nil, func(state json.RawMessage) (time.Duration, bool) {
			var s counter
			if json.Unmarshal(state, &s) == nil {
				kit.SetLabel(count, "Count at the table: "+strconv.Itoa(s.Count))
			}
			j.SetButtons(kit.Action{Text: "+", Kind: "bump", Data: bump{By: 1}})
			return 0, false
		})
		j.Start()
		return j.Content, j.Stop
	}
	return g
}

// hostCounter hosts a counter game on a local server, as another device
// would, and returns the table's link.
func hostCounter(t *testing.T, g *kit.Game) (*companion.Session, string) {
	t.Helper()
	clock := timers.System{}
	s := companion.New(g.Rules, &counter{}, clock)
	h := share.NewHost(s, *g.Share, clock, share.NewToken())
	srv := httptest.NewServer(share.Handler(h, nil))
	t.Cleanup(func() { h.Close(); srv.Close() }) // the host ends its streams: Close waits for them
	return s, srv.URL + "/?t=" + h.Token()
}

// joinedApp starts the app over env with its updates from the network
// queued for the test goroutine, on the real clock the host runs on.
func joinedApp(t *testing.T, env *testEnv) (*UI, apptest.Queue) {
	t.Helper()
	u := env.start(t)
	q := make(apptest.Queue, 64)
	u.Do = func(f func()) { q <- f }
	u.Clock = timers.System{}
	t.Cleanup(func() { q.Until(t, func() bool { return !u.Sending() }) }) // nothing left in flight
	return u, q
}

func shows(u *UI, text string) bool {
	return strings.Contains(strings.Join(apptest.Texts(u.Current), "\n"), text)
}

// A copy that joined a table joins it again when it starts anew (a page
// reloaded), without a tap, until its player leaves the table.
func TestJoin_ACopyKeepsItsTableUntilItsPlayerLeaves(t *testing.T) {
	env := newTestEnv(t, joinableCounter())
	s, link := hostCounter(t, env.games[0])

	u, q := joinedApp(t, env)
	assert.False(t, u.rejoinTable(), "no table joined yet")
	j := NewJoinScreen(u)
	u.Show(j.Content)
	j.Connect(u, link)
	q.Until(t, func() bool { return shows(u, "Count at the table: 0") })
	assert.Equal(t, link, u.Prefs().JoinedTable(), "the table is remembered")
	test.Tap(apptest.Button(t, u.Current, "+"))
	q.Until(t, func() bool { return !u.Sending() }) // sent in the background
	require.Equal(t, 1, s.View().State.(*counter).Count)
	u.StopCurrent()

	// Started again: the same table, no tap, and its actions still reach it.
	u2, q2 := joinedApp(t, env)
	require.True(t, u2.rejoinTable())
	assert.True(t, shows(u2, "Joining…"), "the join screen says what it does meanwhile")
	q2.Until(t, func() bool { return shows(u2, "Count at the table: 1") })
	test.Tap(apptest.Button(t, u2.Current, "+"))
	q2.Until(t, func() bool { return !u2.Sending() })
	assert.Equal(t, 2, s.View().State.(*counter).Count)

	// Opened from the same table's link (?join= kept in a reloaded page's
	// address): joined at once as well.
	u2.StopCurrent()
	u3, q3 := joinedApp(t, env)
	u3.showJoinLink(link)
	q3.Until(t, func() bool { return shows(u3, "Count at the table: 2") })

	// Back on the joined screen's bar leaves the table, for good.
	test.Tap(apptest.Button(t, u3.Current, "Back"))
	assert.Same(t, u3.home, u3.Current, "home")
	assert.Empty(t, u3.Prefs().JoinedTable())
	u4, _ := joinedApp(t, env)
	assert.False(t, u4.rejoinTable(), "the table left is not joined again")
}

// Another table's link, when this copy is at a table, is offered, not
// joined: the player decides.
func TestJoin_AnotherTablesLinkIsOfferedNotJoined(t *testing.T) {
	env := newTestEnv(t, joinableCounter())
	_, link := hostCounter(t, env.games[0])
	_, other := hostCounter(t, env.games[0])
	u, q := joinedApp(t, env)
	j := NewJoinScreen(u)
	u.Show(j.Content)
	j.Connect(u, link)
	q.Until(t, func() bool { return shows(u, "Count at the table: 0") })
	u.StopCurrent()

	u2, _ := joinedApp(t, env)
	u2.showJoinLink(other)
	assert.True(t, shows(u2, "tap Join to take part"), "the other table waits for a tap")
	assert.Equal(t, link, u2.Prefs().JoinedTable(), "the table joined is still the one remembered")
}

// A table that answers after its player went elsewhere is not shown, nor
// remembered.
func TestJoin_ATableThatAnswersLateIsLeft(t *testing.T) {
	env := newTestEnv(t, joinableCounter())
	_, link := hostCounter(t, env.games[0])
	u, q := joinedApp(t, env)
	j := NewJoinScreen(u)
	u.Show(j.Content)
	j.Connect(u, link) // dials; what it found waits in the queue
	u.ShowHome()       // meanwhile the player went home
	home := u.Current
	for len(q) > 0 {
		(<-q)()
	}
	assert.Same(t, home, u.Current, "still home")
	assert.Empty(t, u.Prefs().JoinedTable())
	assert.Nil(t, u.Leave, "no table screen to stop")
}
