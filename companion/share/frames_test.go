package share

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	mm "boardside/companion/marsmaze"
)

// device is one device's end of a channel in memory: every frame the host
// sent it, in order.
type device struct {
	t    *testing.T
	peer *Peer
	mu   sync.Mutex
	got  [][]byte
	more chan struct{}
	next uint64
	fail bool // the channel has closed: send fails
}

func attach(t *testing.T, h *Host, id string) *device {
	d := &device{t: t, more: make(chan struct{}, 1)}
	d.peer = h.Attach(id, func(b []byte) error {
		d.mu.Lock()
		defer d.mu.Unlock()
		if d.fail {
			return errors.New("closed")
		}
		d.got = append(d.got, append([]byte(nil), b...))
		select {
		case d.more <- struct{}{}:
		default:
		}
		return nil
	})
	t.Cleanup(d.peer.Close)
	return d
}

// wait returns the first frame from the host, at or after index from,
// that match accepts, and the index after it. The host answers on its own
// goroutine; a real clock bounds the wait only, no test step sleeps.
func (d *device) wait(from int, match func(Frame) bool) (Frame, int) {
	d.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		d.mu.Lock()
		for i := from; i < len(d.got); i++ {
			var f Frame
			require.NoError(d.t, json.Unmarshal(d.got[i], &f))
			if match(f) {
				d.mu.Unlock()
				return f, i + 1
			}
		}
		d.mu.Unlock()
		select {
		case <-d.more:
		case <-deadline:
			d.t.Fatalf("no such frame from the host; got %d frames", len(d.got))
		}
	}
}

// call sends a request and waits for its answer.
func (d *device) call(method, path, body string) Frame {
	d.t.Helper()
	d.next++
	id := d.next
	req := map[string]any{"id": id, "method": method, "path": path}
	if body != "" {
		req["body"] = json.RawMessage(body)
	}
	b, err := json.Marshal(req)
	require.NoError(d.t, err)
	d.peer.Receive(b)
	f, _ := d.wait(0, func(f Frame) bool { return f.ID == id && f.Status != 0 })
	return f
}

func (d *device) all() []byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	return bytes.Join(d.got, []byte("\n"))
}

func isState(f Frame) bool { return f.Event == "state" }

func TestFrames_StateAtOnceAndEveryChange(t *testing.T) {
	tb := marsTable(t)
	d := attach(t, tb.host, "a")
	f, next := d.wait(0, isState)
	snap, _ := snapshotOf(t, f.Data)
	assert.Equal(t, tb.session.View().Version, snap.Version, "the state as it is, at once")

	require.NoError(t, tb.session.Dispatch(&mm.Start{}))
	f, _ = d.wait(next, isState)
	snap, st := snapshotOf(t, f.Data)
	assert.Equal(t, tb.session.View().Version, snap.Version)
	assert.NotNil(t, st["sand"], "the sand runs on every device: %v", st)
}

func TestFrames_ActionsAsOnHTTP(t *testing.T) {
	tb := marsTable(t)
	d := attach(t, tb.host, "a")
	v := strconv.FormatUint(tb.session.View().Version, 10)

	f := d.call("POST", "actions", `{"version":`+v+`,"action":{"kind":"start"}}`)
	require.Equal(t, 200, f.Status, string(f.Body))
	snap, _ := snapshotOf(t, f.Body)
	assert.Equal(t, tb.session.View().Version, snap.Version, "the answer is the new state")

	f = d.call("POST", "actions", `{"version":`+v+`,"action":{"kind":"start"}}`)
	assert.Equal(t, 409, f.Status, "a tap on a table that changed meanwhile is refused with the state")
	snap, _ = snapshotOf(t, f.Body)
	assert.Equal(t, tb.session.View().Version, snap.Version)

	f = d.call("POST", "actions", `{"version":1,"action":{"kind":"chooseMission","data":{"mission":4}}}`)
	assert.Equal(t, 400, f.Status, "only the public actions: %s", f.Body)

	f = d.call("GET", "time", "")
	require.Equal(t, 200, f.Status)
	var tm map[string]float64
	require.NoError(t, json.Unmarshal(f.Body, &tm))
	assert.InDelta(t, float64(epoch.UnixMilli()), tm["received"], 1, "the host's clock")

	f = d.call("GET", "events", "")
	assert.Equal(t, 404, f.Status, "the stream is the channel itself")
	d.peer.Receive([]byte("{not json"))
	f, _ = d.wait(0, func(f Frame) bool { return f.Status == 400 && f.ID == 0 })
	assert.Contains(t, string(f.Body), "not valid JSON")
}

// TestFrames_TwoDevicesAtOnceApplyOnce: four devices tap the same button
// on the same version; the table takes one tap, the others are told
// someone was faster, and every device ends at the same state.
func TestFrames_TwoDevicesAtOnceApplyOnce(t *testing.T) {
	tb := marsTable(t)
	tb.host.SetRateLimit(1000, 1000)
	v := tb.session.View().Version
	body := `{"version":` + strconv.FormatUint(v, 10) + `,"action":{"kind":"start"}}`
	devs := make([]*device, 4)
	for i := range devs {
		devs[i] = attach(t, tb.host, strconv.Itoa(i))
	}
	codes := make([]int, len(devs))
	var wg sync.WaitGroup
	for i, d := range devs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = d.call("POST", "actions", body).Status
		}()
	}
	wg.Wait()
	assert.ElementsMatch(t, []int{200, 409, 409, 409}, codes)
	assert.Equal(t, v+1, tb.session.View().Version, "applied once")
	for _, d := range devs {
		d.wait(0, func(f Frame) bool {
			if !isState(f) {
				return false
			}
			s, _ := snapshotOf(t, f.Data)
			return s.Version == v+1
		})
	}
}

func TestFrames_TooManyQueuedIsRefused(t *testing.T) {
	tb := marsTable(t)
	var mu sync.Mutex
	release := make(chan struct{})
	var sent [][]byte
	p := tb.host.Attach("slow", func(b []byte) error {
		<-release // the device reads nothing: its channel is full
		mu.Lock()
		sent = append(sent, b)
		mu.Unlock()
		return nil
	})
	defer p.Close()
	for i := 0; i < maxQueued+5; i++ {
		p.Receive([]byte(`{"id":` + strconv.Itoa(i+1) + `,"method":"GET","path":"health"}`))
	}
	close(release)
	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		for _, b := range sent {
			var f Frame
			if json.Unmarshal(b, &f) == nil && f.Status == 429 && f.ID > maxQueued && bytes.Contains(f.Body, []byte("too many requests")) {
				return true
			}
		}
		return false
	}, 10*time.Second, time.Millisecond, "a flood is refused in plain words, each refusal naming its request, and Receive never blocked")
}

func TestFrames_ClosedChannelStopsServing(t *testing.T) {
	tb := marsTable(t)
	d := attach(t, tb.host, "a")
	d.wait(0, isState)
	d.mu.Lock()
	d.fail = true // the data channel closed under the host
	d.mu.Unlock()
	require.NoError(t, tb.session.Dispatch(&mm.Start{}))
	require.Eventually(t, func() bool {
		tb.host.mu.Lock()
		defer tb.host.mu.Unlock()
		_, still := tb.host.subs[d.peer.push]
		return !still
	}, 10*time.Second, time.Millisecond, "a device whose channel failed is no longer sent states")
	require.NoError(t, tb.session.Dispatch(&mm.Flip{}), "the game goes on without it")
}

// TestFrames_ADELESecretsNeverLeave: what a device receives over a channel
// (the state pushed at once and on each change, the answers to its
// requests, refusals) carries none of ADELE's secrets.
func TestFrames_ADELESecretsNeverLeave(t *testing.T) {
	s, clock := adeleDuel(t)
	h := NewHost(s, adeleGame, clock, NewToken())
	t.Cleanup(h.Close)
	secrets := adeleSecrets(t, s)
	d := attach(t, h, "crew")
	d.wait(0, isState)

	v := strconv.FormatUint(s.View().Version, 10)
	f := d.call("POST", "actions", `{"version":`+v+`,"action":{"kind":"endPhase"}}`)
	assert.NotEqual(t, 200, f.Status, "ADELE's own actions are refused from the table")
	d.call("POST", "actions", `{"version":`+v+`,"action":{"kind":"rollD20"}}`)
	v = strconv.FormatUint(s.View().Version, 10)
	d.call("POST", "actions", `{"version":`+v+`,"action":{"kind":"alarmTerminal","data":{"which":1}}}`)
	d.call("POST", "actions", `{"version":0,"action":{"kind":"rollD20"}}`) // stale: answered with the state
	d.call("POST", "undo", `{"version":0,"kind":"playCard"}`)
	d.call("GET", "state", "")
	require.NoError(t, s.Undo(), "the host takes back a step: the device is sent the state")
	d.wait(0, func(f Frame) bool {
		if !isState(f) {
			return false
		}
		snap, _ := snapshotOf(t, f.Data)
		return snap.Version == s.View().Version
	})

	all := string(d.all())
	assert.Contains(t, all, `"placed":[{"room"`, "the obstacle on the board is public")
	for _, sec := range append(secrets, adeleSecrets(t, s)...) {
		assert.NotContains(t, all, sec, "a secret reached a device")
	}
}
