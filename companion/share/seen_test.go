package share

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/timers"
)

// An action means what the player saw; no device goes back in time.

func TestHost_ARefusalCarriesTheStateThatRefusedIt(t *testing.T) {
	tb := marsTable(t)
	tb.host.stopW() // the streams' copy stays behind, as between a change and its watchers
	require.NoError(t, tb.session.Dispatch(&mm.Start{}))
	code, body := tb.do(t, "POST", "/api/v1/actions", `{"version":1,"action":{"kind":"start"}}`, true)
	require.Equal(t, http.StatusConflict, code)
	snap, st := snapshotOf(t, body)
	assert.Equal(t, uint64(2), snap.Version, "the state after the change that made the phone late")
	assert.Equal(t, true, st["sand"].(map[string]any)["running"])
	assert.Equal(t, "start", snap.Undo)

	code, body = tb.do(t, "POST", "/api/v1/undo", `{"version":1,"kind":"start"}`, true)
	require.Equal(t, http.StatusConflict, code)
	snap, _ = snapshotOf(t, body)
	assert.Equal(t, uint64(2), snap.Version, "an undo's refusal too")
}

// The session tells its watchers after it releases its lock: two changes
// close together can be told in either order. The streams keep the newer.
func TestHost_AChangeToldLateReplacesNothing(t *testing.T) {
	tb := marsTable(t)
	require.NoError(t, tb.session.Dispatch(&mm.Start{}))
	older := tb.session.View()
	require.NoError(t, tb.session.Dispatch(&mm.Pause{}))
	newer := tb.session.View()

	req, err := http.NewRequest("GET", tb.server.URL+"/api/v1/events", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+tb.host.Token())
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	first := readEvent(t, resp.Body)
	assert.Contains(t, first, `"version":3`)

	tb.host.onChange(older) // told late
	tb.host.onChange(newer)
	tb.host.onChange(older)
	snap, _ := snapshotOf(t, tb.host.snapshot())
	assert.Equal(t, uint64(3), snap.Version, "the streams' copy never goes back")
	next := make(chan string, 1)
	go func() { next <- readEvent(t, resp.Body) }()
	select {
	case e := <-next:
		assert.Contains(t, e, `"version":3`, "a stream is sent nothing older than it has")
	case <-time.After(200 * time.Millisecond):
	}
}

// readEvent reads one event's data line from a stream.
func readEvent(t *testing.T, r io.Reader) string {
	var line []byte
	b := make([]byte, 1)
	for {
		if _, err := r.Read(b); err != nil {
			return string(line)
		}
		if b[0] == '\n' {
			if s := string(line); strings.HasPrefix(s, "data: ") {
				return s
			}
			line = line[:0]
			continue
		}
		line = append(line, b[0])
	}
}

// fakeTable answers as a host would, with states the test chooses: the
// event stream sends its states in order, an action gets answer.
type fakeTable struct {
	states []int // versions the event stream sends
	answer int   // the version an action's 409 carries
}

func (f fakeTable) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	snap := func(v int) string {
		return fmt.Sprintf(`{"game":"marsmaze","version":%d,"state":{"markersLeft":%d}}`, v, v)
	}
	switch r.URL.Path {
	case "/api/v1/state":
		_, _ = io.WriteString(w, snap(f.states[0]))
	case "/api/v1/time":
		ms := float64(time.Now().UnixMicro()) / 1000
		_ = json.NewEncoder(w).Encode(map[string]float64{"received": ms, "sent": ms})
	case "/api/v1/events":
		w.Header().Set("Content-Type", "text/event-stream")
		for _, v := range f.states {
			_, _ = io.WriteString(w, "event: state\ndata: "+snap(v)+"\n\n")
			w.(http.Flusher).Flush()
		}
		<-r.Context().Done()
	case "/api/v1/actions", "/api/v1/undo":
		w.WriteHeader(http.StatusConflict)
		_, _ = io.WriteString(w, snap(f.answer))
	}
}

// In a synctest bubble, over a network in memory: synctest.Wait returns
// once the client has taken in all the stream sent, the late 6 included.
func TestClient_NeverGoesBackInTime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		base, transport := serveInMemory(t, fakeTable{states: []int{5, 7, 6}, answer: 4})
		c, err := dialOver(context.Background(), base+"/?t=abc", timers.System{}, transport)
		require.NoError(t, err)
		defer c.Close()
		synctest.Wait() // the stream's three states have come, the late 6 last
		assert.Equal(t, uint64(7), c.Snapshot().Version, "an older event arriving late")

		assert.ErrorIs(t, c.Send(7, "flip", nil), companion.ErrFaster)
		assert.ErrorIs(t, c.Undo(context.Background(), 7, "flip"), companion.ErrFaster)
		assert.Equal(t, uint64(7), c.Snapshot().Version, "an answer older than the stream's state")
		assert.JSONEq(t, `{"markersLeft":7}`, string(c.Snapshot().State))
	})
}

// A host screen's session refuses what its screen drew before a phone's
// change: DispatchAt, with the state read under one lock.
func TestHost_APhoneAndTheHostAtOnceApplyOnce(t *testing.T) {
	tb := marsTable(t)
	require.NoError(t, tb.session.Dispatch(&mm.Start{}))
	tb.clock.Advance(time.Minute)
	drawn := tb.session.View().Version
	code, _ := tb.do(t, "POST", "/api/v1/actions", fmt.Sprintf(`{"version":%d,"action":{"kind":"flip"}}`, drawn), true)
	require.Equal(t, http.StatusOK, code)
	assert.ErrorIs(t, tb.session.DispatchAt(drawn, &mm.Flip{}), companion.ErrStale, "the host's Flip tapped on what it drew")
	assert.Equal(t, 1, tb.session.View().State.(*mm.State).Flips)
}
