package kit

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/timers"
)

// slowTable hosts a Magic Maze on Mars table whose answers to actions
// wait for hold on their way back: a network as slow as the test makes
// it. It counts the actions that reached the host.
type slowTable struct {
	s       *companion.Session
	link    string
	hold    func(*http.Request)
	reached atomic.Int32
}

func newSlowTable(t testing.TB, hold func(*http.Request)) *slowTable {
	t.Helper()
	clock := timers.System{}
	tb := &slowTable{s: companion.New(mm.Rules, mm.New(), clock), hold: hold}
	require.NoError(t, tb.s.Dispatch(&mm.ChooseMission{Mission: 2}))
	h := share.NewHost(tb.s, share.Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}, clock, share.NewToken())
	api := share.Handler(h, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			api.ServeHTTP(w, r)
			return
		}
		tb.reached.Add(1)
		answer := httptest.NewRecorder()
		api.ServeHTTP(answer, r)
		tb.hold(r)
		for k, v := range answer.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(answer.Code)
		_, _ = w.Write(answer.Body.Bytes())
	}))
	t.Cleanup(func() { h.Close(); srv.Close() })
	tb.link = srv.URL + "/?t=" + h.Token()
	return tb
}

// joinedMission is a joined screen of that table, started and drawn, that
// shows its mission and has one button, Start.
func joinedMission(t testing.TB, w *testWindow, link string) (*JoinedScreen, *widget.Label) {
	t.Helper()
	c, err := share.Dial(context.Background(), link, timers.System{})
	require.NoError(t, err)
	mission := widget.NewLabel("")
	var j *JoinedScreen
	j = NewJoinedScreen(w, c, mission, nil, func(state json.RawMessage) (time.Duration, bool) {
		var p mm.PublicState
		if json.Unmarshal(state, &p) == nil {
			SetLabel(mission, "Mission "+strconv.Itoa(p.Mission)+" · "+strconv.Itoa(p.MarkersLeft)+" markers left")
		}
		j.SetButtons(Action{Text: "Start", Kind: "start", Main: true, Off: p.Sand.Running})
		return 0, false
	})
	w.Show(j.Content)
	j.Start()
	t.Cleanup(j.Stop)
	w.until(t, func() bool { return mission.Text == "Mission 2 · 2 markers left" })
	return j, mission
}

// Issue 42: a joined app never waits for the network on its UI's
// goroutine. While the host has not answered a tap, the screen stays live
// (a change made on the host is drawn), a second tap is not taken (one
// action in flight per device), and the answer is drawn when it comes.
func TestJoinedBar_ATapNeverWaitsForTheNetwork(t *testing.T) {
	release := make(chan struct{})
	tb := newSlowTable(t, func(*http.Request) { <-release })
	w := newTestWindow(t, timers.System{})
	j, mission := joinedMission(t, w, tb.link)
	start := apptest.Button(t, j.Content, "Start")

	// Were the tap to wait for the host, it would wait for ever: a minute
	// on, the host answers and the test fails instead of hanging.
	watchdog := time.AfterFunc(time.Minute, func() { close(release) })
	test.Tap(start)
	require.True(t, watchdog.Stop(), "the tap waited for the network")
	assert.True(t, w.InFlight().Sending(), "the action is on its way; the tap has returned")
	started := func() bool { return tb.s.View().State.(*mm.State).Started() }
	require.Eventually(t, started, time.Minute, time.Millisecond, "applied; its answer is held")

	// The host changes the game meanwhile: the screen draws it.
	require.NoError(t, tb.s.Dispatch(&mm.Flip{}))
	w.until(t, func() bool { return mission.Text == "Mission 2 · 1 markers left" })

	test.Tap(start) // a second tap while the first is on its way
	assert.Equal(t, int32(1), tb.reached.Load(), "one action in flight per device")

	close(release)
	w.until(t, func() bool { return !w.InFlight().Sending() })
	assert.Empty(t, w.told(), "the host took it")
	assert.Equal(t, "Mission 2 · 1 markers left", mission.Text, "the answer, older than the flip drawn, draws nothing")
	w.until(t, func() bool { return apptest.Button(t, j.Content, "Start").Disabled() }) // drawn anew: started
}

// A refusal that comes back late is still said, in words, and the next tap
// is taken.
func TestJoinedBar_ALateRefusalIsSaid(t *testing.T) {
	release := make(chan struct{}, 1)
	tb := newSlowTable(t, func(*http.Request) {
		select { // never held past the test, should it fail
		case <-release:
		case <-time.After(time.Minute):
		}
	})
	w := newTestWindow(t, timers.System{})
	j, _ := joinedMission(t, w, tb.link)

	// The host is faster: its start comes before the screen has drawn it.
	require.NoError(t, tb.s.Dispatch(&mm.Start{}))
	test.Tap(apptest.Button(t, j.Content, "Start"))
	release <- struct{}{}
	w.until(t, func() bool { return !w.InFlight().Sending() })
	assert.Equal(t, []string{companion.ErrFaster.Error()}, w.told())

	// The next tap goes: a pause.
	release <- struct{}{}
	w.until(t, func() bool { return apptest.Button(t, j.Content, "Start").Disabled() }) // the host's start drawn
	j.bar.Send("pause", nil)
	w.until(t, func() bool { return !w.InFlight().Sending() })
	assert.Equal(t, int32(2), tb.reached.Load(), "the refused start, then the pause")
	assert.False(t, tb.s.View().State.(*mm.State).Sand.View().Running, "paused on the host")
}

// BenchmarkJoinedTap_SlowNetwork is how long a tap on a joined screen
// holds the UI's goroutine when the host answers after 1.5 s: "background"
// is the joined bar's send; "waiting" is a send on the UI's goroutine, as
// a joined app sent before (the time the screen stood still).
func BenchmarkJoinedTap_SlowNetwork(b *testing.B) {
	const delay = 1500 * time.Millisecond
	// A real wait: the benchmark times a tap against a network that really
	// takes 1.5 s to answer, on the real clock the HTTP client runs on.
	tb := newSlowTable(b, func(*http.Request) { time.Sleep(delay) })
	w := newTestWindow(b, timers.System{})
	c, err := share.Dial(context.Background(), tb.link, timers.System{})
	require.NoError(b, err)
	defer c.Close()
	bar := NewJoinedBar(w, c, "Joined table")
	b.Run("background", func(b *testing.B) {
		for b.Loop() {
			bar.Refresh(c.Snapshot())
			seen, ok := bar.Tap("start")
			require.True(b, ok)
			require.True(b, bar.SendAt(seen, "start", nil, nil))
			b.StopTimer()
			for w.InFlight().Sending() {
				(<-w.queue)()
			}
			b.StartTimer()
		}
	})
	b.Run("waiting", func(b *testing.B) {
		for b.Loop() {
			_ = c.Send(c.Snapshot().Version, "start", nil)
		}
	})
}
