package share

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/timers"
)

// liveTable is a host on the real clock, as a joining app meets it.
func liveTable(t *testing.T) (*companion.Session, *Host, string) {
	t.Helper()
	clock := timers.System{}
	s := companion.New(mm.Rules, mm.New(), clock)
	require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: 2}))
	h := NewHost(s, marsGame, clock, NewToken())
	srv := httptest.NewServer(Handler(h, nil))
	t.Cleanup(func() { srv.Close(); h.Close() })
	return s, h, srv.URL + "/?t=" + h.Token()
}

func publicMars(t *testing.T, c *Client) mm.PublicState {
	t.Helper()
	var p mm.PublicState
	require.NoError(t, json.Unmarshal(c.Snapshot().State, &p))
	return p
}

func TestClient_JoinsSendsAndFollows(t *testing.T) {
	s, _, link := liveTable(t)
	c, err := Dial(context.Background(), link, timers.System{})
	require.NoError(t, err)
	defer c.Close()
	assert.Equal(t, "marsmaze", c.Snapshot().Game)
	assert.Equal(t, 2, publicMars(t, c).MarkersLeft)
	off, _ := c.Offset()
	assert.Less(t, off.Abs(), 50*time.Millisecond, "same machine, same clock")

	changed := make(chan struct{}, 16)
	stop := c.Watch(func() { changed <- struct{}{} })
	defer stop()
	require.Eventually(t, c.Connected, 5*time.Second, 10*time.Millisecond)

	require.NoError(t, c.Send(c.Snapshot().Version, "start", nil))
	assert.True(t, publicMars(t, c).Sand.Running)
	assert.True(t, s.View().State.(*mm.State).Started(), "the host's game started")

	// A change made on the host arrives through the event stream.
	require.NoError(t, s.Dispatch(&mm.Flip{}))
	require.Eventually(t, func() bool { return publicMars(t, c).MarkersLeft == 1 }, 5*time.Second, 10*time.Millisecond)
	assert.NotEmpty(t, changed)
}

func TestClient_RefusalsInPlainWords(t *testing.T) {
	s, _, link := liveTable(t)
	c, err := Dial(context.Background(), link, timers.System{})
	require.NoError(t, err)
	defer c.Close()

	assert.EqualError(t, c.Send(1, "flip", nil), "turn the sand timer over to start the game first")
	assert.EqualError(t, c.Send(1, "chooseMission", map[string]int{"mission": 5}), `"chooseMission" is not an action other devices may send`)

	require.NoError(t, s.Dispatch(&mm.Start{})) // the host moves on; this client's screen showed version 1
	err = c.Send(1, "pause", nil)
	assert.ErrorIs(t, err, companion.ErrFaster)
	assert.EqualError(t, err, "someone was faster: look again")
	assert.Equal(t, uint64(2), c.Snapshot().Version)
}

func TestClient_BadLinks(t *testing.T) {
	_, h, link := liveTable(t)
	for _, bad := range []string{"", "hello", "ftp://x/?t=1", "http://192.168.1.2:7777/"} {
		_, err := Dial(context.Background(), bad, timers.System{})
		assert.ErrorIs(t, err, ErrNotATable, bad)
	}
	wrong := link[:len(link)-len(h.Token())] + NewToken()
	_, err := Dial(context.Background(), wrong, timers.System{})
	assert.EqualError(t, err, "this link is not for this table: scan the host's code again")

	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err = Dial(ctx, "http://127.0.0.1:1/?t=abc", timers.System{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "could not reach the table")
}

func TestClient_Undo(t *testing.T) {
	s, _, link := liveTable(t)
	c, err := Dial(context.Background(), link, timers.System{})
	require.NoError(t, err)
	defer c.Close()
	ctx := context.Background()
	assert.Empty(t, c.Snapshot().Undo, "choosing the mission was the host's")
	assert.EqualError(t, c.Undo(ctx, c.Snapshot().Version, "chooseMission"), companion.ErrNotUndoableHere.Error())

	require.NoError(t, c.Send(c.Snapshot().Version, "start", nil))
	assert.Equal(t, "start", c.Snapshot().Undo, "the Undo button may say what it takes back")
	assert.EqualError(t, c.Undo(ctx, c.Snapshot().Version, "flip"), ErrUndoChanged.Error())

	require.NoError(t, c.Undo(ctx, c.Snapshot().Version, "start"))
	assert.False(t, publicMars(t, c).Sand.Running, "the answer is the state after the undo")
	assert.Empty(t, c.Snapshot().Undo)
	assert.False(t, s.View().State.(*mm.State).Started(), "the host's game is back before the start")

	// A client that does not follow the stream, so it surely has not seen
	// the host's next start.
	slow := &Client{base: c.base, token: c.token, http: c.http, clock: timers.System{}, watchers: map[int]func(){}}
	require.NoError(t, s.Dispatch(&mm.Start{}))
	require.NoError(t, slow.fetch(ctx))
	require.NoError(t, s.Dispatch(&mm.Pause{}))
	assert.ErrorIs(t, slow.Undo(ctx, slow.Snapshot().Version, "start"), companion.ErrFaster)
	assert.Equal(t, uint64(5), slow.Snapshot().Version, "the refusal brought the current state")
	assert.Equal(t, "pause", slow.Snapshot().Undo)
	assert.True(t, s.View().State.(*mm.State).Sand.Started, "a stale undo changed nothing")
}

// A device's own action comes back twice, as the host's answer and as its
// event on the stream: its screen is told once, and draws that version
// once.
func TestClient_AnOwnActionIsDrawnOnce(t *testing.T) {
	s, _, link := liveTable(t)
	c, err := Dial(context.Background(), link, timers.System{})
	require.NoError(t, err)
	defer c.Close()
	require.Eventually(t, c.Connected, 5*time.Second, 10*time.Millisecond)

	told := make(chan uint64, 64)
	stop := c.Watch(func() { told <- c.Snapshot().Version })
	defer stop()
	seen := c.Snapshot().Version
	require.NoError(t, c.Send(seen, "start", nil))
	// A change made on the host after it: its event comes after the start's
	// on the stream, so once it is here the start's event has come too.
	require.NoError(t, s.Dispatch(&mm.Flip{}))
	require.Eventually(t, func() bool { return publicMars(t, c).MarkersLeft == 1 }, 5*time.Second, 10*time.Millisecond)

	counts := map[uint64]int{}
	for len(told) > 0 {
		counts[<-told]++
	}
	assert.Equal(t, 1, counts[seen+1], "the start, answered and streamed: told once")
	assert.Equal(t, 1, counts[seen+2], "the host's flip: told once")
}
