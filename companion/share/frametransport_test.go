package share

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/timers"
)

// channel is a data channel in memory between a device's FrameTransport
// and the host's Peer: each way a goroutine carries the bytes, as the
// browsers' channel does, in order and never on the sender's goroutine.
type channel struct {
	transport *FrameTransport
	peer      *Peer

	mu     sync.Mutex
	closed bool
	toHost chan []byte
	toDev  chan []byte
	sent   int // frames the device sent
}

func openChannel(t *testing.T, h *Host) *channel {
	t.Helper()
	c := &channel{toHost: make(chan []byte, 256), toDev: make(chan []byte, 256)}
	c.transport = NewFrameTransport(func(b []byte) error {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.closed {
			return errors.New("the channel is closed")
		}
		c.sent++
		c.toHost <- append([]byte(nil), b...)
		return nil
	})
	c.peer = h.Attach("device", func(b []byte) error {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.closed {
			return errors.New("the channel is closed")
		}
		c.toDev <- append([]byte(nil), b...)
		return nil
	})
	go func() {
		for b := range c.toHost {
			c.peer.Receive(b)
		}
	}()
	go func() {
		for b := range c.toDev {
			c.transport.Receive(b)
		}
	}()
	t.Cleanup(c.close)
	return c
}

// close closes the channel, as a browser says it did to both ends.
func (c *channel) close() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	close(c.toHost)
	close(c.toDev)
	c.mu.Unlock()
	c.peer.Close()
	c.transport.Close()
}

// frameTable is Magic Maze on the host's fake clock, and a device's
// Client over a channel to it.
func frameTable(t *testing.T) (*table, *channel, *Client) {
	t.Helper()
	tb := marsTable(t)
	ch := openChannel(t, tb.host)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := DialFrames(ctx, ch.transport, timers.System{})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return tb, ch, c
}

func TestFrameTransport_StateClockAndStream(t *testing.T) {
	tb, _, c := frameTable(t)
	assert.Equal(t, "marsmaze", c.Snapshot().Game)
	assert.Equal(t, tb.session.View().Version, c.Snapshot().Version)
	assert.Equal(t, 3, publicMars(t, c).MarkersLeft, "the host's mission")

	// The host's clock stands at epoch; this device's runs now.
	off, rtt := c.Offset()
	assert.InDelta(t, time.Until(epoch).Seconds(), off.Seconds(), 1, "the offset to the host's clock")
	assert.Less(t, rtt, time.Second)
	assert.WithinDuration(t, epoch, c.HostNow(), time.Second)

	changed := make(chan struct{}, 16)
	stop := c.Watch(func() {
		select {
		case changed <- struct{}{}:
		default:
		}
	})
	defer stop()
	require.Eventually(t, c.Connected, 5*time.Second, time.Millisecond, "the event stream opens")

	// A change made on the host arrives pushed on the channel.
	require.NoError(t, tb.session.Dispatch(&mm.Start{}))
	require.Eventually(t, func() bool { return publicMars(t, c).Sand.Running }, 5*time.Second, time.Millisecond)
	require.NoError(t, tb.session.Dispatch(&mm.Flip{}))
	require.Eventually(t, func() bool { return c.Snapshot().Version == tb.session.View().Version }, 5*time.Second, time.Millisecond)
	assert.Equal(t, 2, publicMars(t, c).MarkersLeft)
	assert.NotEmpty(t, changed, "the watcher was told")
}

func TestFrameTransport_ActionsStaleAndUndo(t *testing.T) {
	tb, _, c := frameTable(t)
	ctx := context.Background()
	seen := c.Snapshot().Version

	require.NoError(t, c.Send(seen, "start", nil))
	assert.True(t, publicMars(t, c).Sand.Running, "the answer is the new state")
	assert.True(t, tb.session.View().State.(*mm.State).Started(), "the host's game started")
	assert.Equal(t, "start", c.Snapshot().Undo)

	err := c.Send(seen, "pause", nil)
	assert.ErrorIs(t, err, companion.ErrFaster, "a tap on a table that moved on is refused (409)")
	assert.Equal(t, tb.session.View().Version, c.Snapshot().Version, "with the current state")

	assert.EqualError(t, c.Send(c.Snapshot().Version, "chooseMission", map[string]int{"mission": 5}),
		`"chooseMission" is not an action other devices may send`, "a refusal in the host's words")

	require.NoError(t, c.Undo(ctx, c.Snapshot().Version, "start"))
	assert.False(t, publicMars(t, c).Sand.Running, "the answer is the state after the undo")
	assert.False(t, tb.session.View().State.(*mm.State).Started(), "the host's game is back before the start")
	assert.ErrorIs(t, c.Undo(ctx, 1, "start"), companion.ErrFaster, "an undo on an old version")
}

func TestFrameTransport_AClosedChannelIsALostLink(t *testing.T) {
	tb, ch, c := frameTable(t)
	require.Eventually(t, c.Connected, 5*time.Second, time.Millisecond)
	told := make(chan struct{}, 16)
	stop := c.Watch(func() {
		select {
		case told <- struct{}{}:
		default:
		}
	})
	defer stop()

	ch.close()
	require.Eventually(t, func() bool { return !c.Connected() }, 5*time.Second, time.Millisecond, "the stream's end is seen")
	assert.NotEmpty(t, told, "the screen is told")
	err := c.Send(c.Snapshot().Version, "start", nil)
	assert.ErrorIs(t, err, ErrChannelClosed, "a tap after the drop fails at once")
	assert.False(t, tb.session.View().State.(*mm.State).Started())
	time.Sleep(1100 * time.Millisecond) // the Client's retry, which fails too
	assert.False(t, c.Connected(), "nothing reconnects a closed channel")
}

func TestFrameTransport_WaitsEndWithTheContextOrTheChannel(t *testing.T) {
	var mu sync.Mutex
	var sent []string
	tr := NewFrameTransport(func(b []byte) error {
		mu.Lock()
		defer mu.Unlock()
		sent = append(sent, string(b))
		return nil
	})
	get := func(ctx context.Context, path string) (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, "GET", "http://table.invalid/api/v1/"+path+"?t=channel", nil)
		require.NoError(t, err)
		return tr.RoundTrip(req)
	}

	// Nobody answers: the request's deadline ends the wait.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	_, err := get(ctx, "state")
	cancel()
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	mu.Lock()
	assert.Equal(t, []string{`{"id":1,"method":"GET","path":"state"}`}, sent, "the request went as a frame")
	mu.Unlock()
	tr.Receive([]byte(`{"id":1,"status":200,"body":{}}`)) // late: dropped

	// An answer by id; another id's answer is not it.
	done := make(chan *http.Response, 1)
	go func() {
		resp, err := get(context.Background(), "time")
		assert.NoError(t, err)
		done <- resp
	}()
	require.Eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return len(sent) == 2 }, 5*time.Second, time.Millisecond)
	tr.Receive([]byte(`{"id":7,"status":500,"body":{}}`))
	tr.Receive([]byte(`{"status":429,"body":{"error":"too many requests: slow down"}}`))
	tr.Receive([]byte(`not json`))
	tr.Receive([]byte(`{"id":2,"status":403,"body":{"error":"no"}}`))
	resp := <-done
	assert.Equal(t, 403, resp.StatusCode)
	assert.Equal(t, "403 Forbidden", resp.Status)
	b, _ := io.ReadAll(resp.Body)
	assert.JSONEq(t, `{"error":"no"}`, string(b))

	// The stream: the state held comes first, each new one after.
	tr.Receive([]byte(`{"event":"state","data":{"game":"x","version":1}}`))
	events, err := get(context.Background(), "events")
	require.NoError(t, err)
	assert.Equal(t, 200, events.StatusCode)
	buf := make([]byte, 4096)
	n, err := events.Body.Read(buf)
	require.NoError(t, err)
	assert.Equal(t, "event: state\ndata: {\"game\":\"x\",\"version\":1}\n\n", string(buf[:n]))

	// A request waiting when the channel closes fails; the stream ends
	// with an error; a request after fails at once.
	waiting := make(chan error, 1)
	go func() { _, err := get(context.Background(), "state"); waiting <- err }()
	require.Eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return len(sent) == 3 }, 5*time.Second, time.Millisecond)
	tr.Close()
	assert.ErrorIs(t, <-waiting, ErrChannelClosed)
	_, err = io.ReadAll(events.Body)
	assert.ErrorIs(t, err, ErrChannelClosed, "the stream's reader sees the drop")
	_, err = get(context.Background(), "state")
	assert.ErrorIs(t, err, ErrChannelClosed)
	_, err = get(context.Background(), "events")
	assert.ErrorIs(t, err, ErrChannelClosed)
	assert.True(t, tr.Closed())
	tr.Close() // twice is once

	other, err := http.NewRequest("GET", "http://table.invalid/elsewhere", nil)
	require.NoError(t, err)
	_, err = tr.RoundTrip(other)
	assert.Error(t, err, "only the table's API")
}

func TestFrameTransport_ClosingTheBodyEndsTheStream(t *testing.T) {
	tr := NewFrameTransport(func([]byte) error { return nil })
	req, _ := http.NewRequest("GET", "http://table.invalid/api/v1/events", nil)
	resp, err := tr.RoundTrip(req)
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	require.Eventually(t, func() bool {
		tr.mu.Lock()
		defer tr.mu.Unlock()
		return len(tr.streams) == 0
	}, 5*time.Second, time.Millisecond, "the stream's writer is gone")
	tr.Receive([]byte(`{"event":"state","data":{"version":2}}`)) // no stream to write to: kept
	assert.True(t, strings.Contains(string(tr.latest), `"version":2`))
}
