package marsmaze

import (
	"net/http/httptest"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/app/apptest"
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
	srv := httptest.NewServer(h.Handler(nil))
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
	assert.Equal(t, 1, s.View().State.(*mm.State).MarkersLeft)
	q.Until(t, func() bool { return strings.Contains(shownText(), "Talk now, until someone acts") })

	// Undo here takes the flip back on the host.
	undo := apptest.Button(t, u.Current, "Undo")
	q.Until(t, func() bool { return !undo.Disabled() })
	test.Tap(undo)
	assert.Equal(t, 2, s.View().State.(*mm.State).MarkersLeft, "the host's flip was taken back")
	q.Until(t, func() bool { return strings.Contains(shownText(), "Hourglass markers left: 2") })
	test.Tap(apptest.Button(t, u.Current, "Flip"))
	q.Until(t, func() bool { return strings.Contains(shownText(), "Talk now, until someone acts") })

	// An action on the host reaches this screen through the event stream.
	require.NoError(t, s.Dispatch(&mm.Act{}))
	q.Until(t, func() bool { return !strings.Contains(shownText(), "Talk now") })

	u.ShowHome() // leaving closes the connection
	assert.Nil(t, u.Leave)
}
