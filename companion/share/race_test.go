package share

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/adele"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
	"boardside/timers"
)

// Two phones, one tap (issue 25): two players tap the same button on two
// phones a moment apart, over a Wi-Fi that takes its time. Each phone
// behaves as the quick viewer does: it follows its event stream and
// draws the newest state it holds, and a tap leaves with the version on
// screen when the finger went down, through the phone's Shown (a button
// another phone just changed takes no tap for half a second). The table
// must apply the action once, tell the slower phone, and leave both
// showing the host's state.

// wifi is a phone's network: each request leaves, and each piece of each
// answer (an event of the stream too) arrives, after a delay drawn between
// lo and hi. It keeps what the host answered to every change a phone sent.
type wifi struct {
	lo, hi time.Duration
	next   http.RoundTripper

	mu      sync.Mutex
	rng     *rand.Rand
	answers []answer
	streams []*lateBody
}

// answer is the host's answer to a change: the version it was sent with,
// the status, and the version of the state that came with it.
type answer struct {
	sent, got uint64
	status    int
}

func newWifi(lo, hi time.Duration, seed uint64) *wifi {
	return &wifi{lo: lo, hi: hi, next: http.DefaultTransport, rng: rand.New(rand.NewPCG(seed, 25))}
}

func (w *wifi) delay() time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.lo + time.Duration(w.rng.Int64N(int64(w.hi-w.lo)+1))
}

func (w *wifi) RoundTrip(req *http.Request) (*http.Response, error) {
	var sent struct {
		Version uint64 `json:"version"`
	}
	if req.Method == http.MethodPost && req.Body != nil {
		b, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		_ = json.Unmarshal(b, &sent)
		req.Body = io.NopCloser(bytes.NewReader(b))
	}
	select {
	case <-time.After(w.delay()):
	case <-req.Context().Done():
		return nil, req.Context().Err()
	}
	resp, err := w.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if req.Method == http.MethodPost {
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		var got Snapshot
		_ = json.Unmarshal(b, &got)
		w.mu.Lock()
		w.answers = append(w.answers, answer{sent: sent.Version, got: got.Version, status: resp.StatusCode})
		w.mu.Unlock()
		time.Sleep(w.delay())
		resp.Body = io.NopCloser(bytes.NewReader(b))
		return resp, nil
	}
	body := newLateBody(resp.Body, w.delay)
	w.mu.Lock()
	w.streams = append(w.streams, body)
	w.mu.Unlock()
	resp.Body = body
	return resp, nil
}

// closed waits until every stream the phone opened is closed, its late
// pieces handed on or dropped: a synctest bubble ends with no goroutine
// left waiting.
func (w *wifi) closed() {
	w.mu.Lock()
	streams := slices.Clone(w.streams)
	w.mu.Unlock()
	for _, l := range streams {
		<-l.done
	}
}

func (w *wifi) taken() []answer {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]answer(nil), w.answers...)
}

// lateBody hands on what arrives after its delay, in order: an event
// stream over the Wi-Fi.
type lateBody struct {
	body   io.ReadCloser
	pieces chan []byte
	rest   []byte
	done   chan struct{}
	once   sync.Once
}

func newLateBody(body io.ReadCloser, delay func() time.Duration) *lateBody {
	l := &lateBody{body: body, pieces: make(chan []byte, 64), done: make(chan struct{})}
	type piece struct {
		b  []byte
		at time.Time
	}
	arrived := make(chan piece, 64)
	go func() { // reads as the bytes come
		defer close(arrived)
		for {
			b := make([]byte, 32<<10)
			n, err := body.Read(b)
			if n > 0 {
				select {
				case arrived <- piece{b[:n], time.Now().Add(delay())}:
				case <-l.done:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	go func() { // hands them on when due, never before an earlier one
		defer close(l.pieces)
		for p := range arrived {
			select {
			case <-time.After(time.Until(p.at)):
			case <-l.done:
				return
			}
			select {
			case l.pieces <- p.b:
			case <-l.done:
				return
			}
		}
	}()
	return l
}

func (l *lateBody) Read(b []byte) (int, error) {
	if len(l.rest) == 0 {
		p, ok := <-l.pieces
		if !ok {
			return 0, io.EOF
		}
		l.rest = p
	}
	n := copy(b, l.rest)
	l.rest = l.rest[n:]
	return n, nil
}

func (l *lateBody) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.body.Close()
}

// racePhone is a viewer-like client: the newest state from its event stream,
// drawn at once (Shown), with what each button means there as the quick
// viewer's game files say.
type racePhone struct {
	c     *Client
	net   *wifi
	means func(RawSnapshot) map[string]string
	// asBefore sends as the viewer did before issue 25, for comparison:
	// the newest version the phone holds when the tap leaves, no re-arming.
	asBefore bool

	mu    sync.Mutex // one render at a time
	shown *companion.Shown
	stop  func()
}

func newPhone(t *testing.T, link string, net *wifi, means func(RawSnapshot) map[string]string) *racePhone {
	t.Helper()
	c, err := dialOver(context.Background(), link, timers.System{}, net)
	require.NoError(t, err)
	p := &racePhone{c: c, net: net, means: means}
	p.fresh()
	p.stop = c.Watch(p.render)
	t.Cleanup(func() { p.stop(); c.Close(); net.closed() })
	require.Eventually(t, c.Connected, 5*time.Second, 5*time.Millisecond)
	return p
}

// fresh is a screen that has shown the table for a while: nothing on it
// was just changed.
func (p *racePhone) fresh() {
	p.mu.Lock()
	p.shown = companion.NewShown(timers.System{})
	p.mu.Unlock()
	p.render()
}

func (p *racePhone) render() {
	p.mu.Lock()
	defer p.mu.Unlock()
	snap := p.c.Snapshot()
	p.shown.Draw(snap.Version)
	p.shown.Means("undo", snap.Undo+" "+strconv.FormatUint(snap.Version, 10))
	for id, what := range p.means(snap) {
		p.shown.Means(id, what)
	}
}

func (p *racePhone) screen() *companion.Shown {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.shown
}

// outcome is what became of a phone's tap.
type outcome int

const (
	applied        outcome = iota
	refusedByHost          // 409: the version on screen was old
	refusedOnPhone         // the button had just been changed elsewhere
	otherRefusal
)

// tap puts a finger on button id at down, lifts it hold later and sends
// the change, as the viewer does, with the version on screen when the
// finger went down.
func (p *racePhone) tap(id string, down time.Time, hold time.Duration, send func(seen uint64) error) (outcome, error) {
	time.Sleep(time.Until(down))
	press := p.screen().Down(id)
	time.Sleep(hold)
	seen, err := press.Up()
	if p.asBefore {
		seen, err = p.c.Snapshot().Version, nil
	}
	if err != nil {
		return refusedOnPhone, err
	}
	switch err := send(seen); {
	case err == nil:
		p.screen().Acted(seen)
		return applied, nil
	case errors.Is(err, companion.ErrFaster):
		return refusedByHost, err
	default:
		return otherRefusal, err
	}
}

// raceGame is one shared game set up for races: a session at a point
// where action can be applied again and again, what each button means on
// a phone (as assets/web/<game>.js says), and the action.
type raceGame struct {
	name    string
	session func(t *testing.T) *companion.Session
	game    Game
	means   func(RawSnapshot) map[string]string
	kind    string // the public action raced for
	action  func() companion.Action
}

var raceGames = []raceGame{
	{
		name: "Magic Maze flip", game: marsGame, kind: "flip", action: func() companion.Action { return &mm.Flip{} },
		session: func(t *testing.T) *companion.Session {
			clock := timers.NewFake(epoch)
			s := companion.New(mm.Rules, mm.New(), clock)
			require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: 5})) // 4 hourglass markers
			require.NoError(t, s.Dispatch(&mm.Start{}))
			clock.Advance(time.Minute) // sand on both sides: a flip leaves some, and so do two
			return s
		},
		means: func(snap RawSnapshot) map[string]string { // marsmaze.js
			var p mm.PublicState
			_ = json.Unmarshal(snap.State, &p)
			return map[string]string{"flip": fmt.Sprint(p.Flips, p.MarkersLeft, p.Sand, p.Landed), "act": fmt.Sprint(p.Talk, p.PassTiles)}
		},
	},
	{
		name: "Mission Control reveal", kind: "revealUnlock", action: func() companion.Action { return &mc.RevealUnlock{} },
		game: Game{Rules: mc.Rules, Public: mc.Public, PublicActions: mc.PublicActions},
		session: func(t *testing.T) *companion.Session {
			s := companion.New(mc.Rules, mc.New(), timers.NewFake(epoch))
			require.NoError(t, s.Dispatch(&mc.Start{}))
			return s
		},
		means: func(snap RawSnapshot) map[string]string { // missioncontrol.js
			var p mc.PublicState
			_ = json.Unmarshal(snap.State, &p)
			return map[string]string{"revealUnlock": fmt.Sprint(len(p.Unlocks), p.UnlocksLeft, p.AstronautLooks), "rollDice": fmt.Sprint(p.Turn, p.Dice, p.Locked)}
		},
	},
	{
		name: "ADELE D20", game: adeleGame, kind: "rollD20", action: func() companion.Action { return &adele.RollD20{} },
		session: func(t *testing.T) *companion.Session {
			s := companion.New(adele.Rules, adele.New(), timers.NewFake(epoch))
			require.NoError(t, s.Dispatch(&adele.SetUpGame{Players: 4, Ship: "deimos"}))
			return s
		},
		means: func(snap RawSnapshot) map[string]string { // adele.js: the board is new at every version
			var p adele.PublicState
			_ = json.Unmarshal(snap.State, &p)
			return map[string]string{"rollD20": strconv.FormatUint(snap.Version, 10), "emergency": fmt.Sprint(p.Phase, p.Round, p.CardsLeft)}
		},
	},
}

// raceGaps are how far apart the two fingers go down.
var raceGaps = []time.Duration{0, 10 * time.Millisecond, 50 * time.Millisecond, 150 * time.Millisecond, 300 * time.Millisecond}

// tally counts one kind of race at one gap.
type tally struct {
	trials, once, twice, none, byHost, onPhone int
}

func raceTrials() int {
	if n, err := strconv.Atoi(os.Getenv("BOARDSIDE_RACE_TRIALS")); err == nil && n > 0 {
		return n
	}
	return 6
}

// TestRace_TwoPhonesOneTap races two phones over a Wi-Fi of 10–60 ms each
// way (in a testing/synctest bubble: the delays, fingers and tap safety
// pass on the bubble's clock, over a network in memory, in no real time), in every shared game, for the game's public action and for Undo,
// at 0, 10, 50, 150 and 300 ms apart, and prints the table of trials and
// actions applied twice (BOARDSIDE_RACE_TRIALS sets the trials per cell;
// BOARDSIDE_RACE_BEFORE=1 adds the same races sent as the viewer did
// before, to compare, with no assertion on them).
func TestRace_TwoPhonesOneTap(t *testing.T) {
	if testing.Short() {
		t.Skip("races take real time on a real network")
	}
	modes := []bool{false}
	if os.Getenv("BOARDSIDE_RACE_BEFORE") == "1" {
		modes = append(modes, true)
	}
	var mu sync.Mutex
	lines := map[string]string{} // by game, way of sending, race and gap
	for gi, g := range raceGames {
		t.Run(strings.ReplaceAll(g.name, " ", "_"), func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) {
				for _, before := range modes {
					tb := newRaceTable(t, g, before)
					for ui, undo := range []bool{false, true} {
						for gapi, gap := range raceGaps {
							r := tb.cell(t, undo, gap)
							what := g.kind
							if undo {
								what = "undo (" + g.kind + ")"
							}
							how := "version at finger down"
							if before {
								how = "as before: newest version"
							}
							mu.Lock()
							lines[fmt.Sprint(gi, before, ui, gapi)] = fmt.Sprintf("%-22s | %-20s | %-25s | %4d ms | %6d | %4d | %5d | %8d | %8d",
								g.name, what, how, gap.Milliseconds(), r.trials, r.once, r.twice, r.byHost, r.onPhone)
							mu.Unlock()
						}
					}
				}
			})
		})
	}
	t.Cleanup(func() {
		keys := slices.Sorted(maps.Keys(lines))
		table := make([]string, len(keys))
		for i, k := range keys {
			table[i] = lines[k]
		}
		t.Logf("\n%-22s | %-20s | %-25s | %7s | %6s | %4s | %5s | %8s | %8s\n%s",
			"game", "race", "phones send", "gap", "trials", "once", "twice", "409 host", "on phone", strings.Join(table, "\n"))
	})
}

// raceTable is a game's table with two phones at it.
type raceTable struct {
	g      raceGame
	s      *companion.Session
	h      *Host
	phones []*racePhone
	before bool
}

func newRaceTable(t *testing.T, g raceGame, before bool) *raceTable {
	s := g.session(t)
	h := NewHost(s, g.game, timers.System{}, NewToken())
	h.SetRateLimit(1000, 1000) // two phones on one address, many trials
	base, transport := serveInMemory(t, Handler(h, nil))
	t.Cleanup(h.Close)
	link := base + "/?t=" + h.Token()
	tb := &raceTable{g: g, s: s, h: h, before: before}
	for i := range 2 {
		w := newWifi(10*time.Millisecond, 60*time.Millisecond, uint64(i))
		w.next = transport
		p := newPhone(t, link, w, g.means)
		p.asBefore = before
		tb.phones = append(tb.phones, p)
	}
	return tb
}

// cell runs the trials of one race at one gap.
func (tb *raceTable) cell(t *testing.T, undo bool, gap time.Duration) tally {
	g, s, h, phones, before := tb.g, tb.s, tb.h, tb.phones, tb.before
	a, b := phones[0], phones[1]
	answered := [2]int{len(a.net.taken()), len(b.net.taken())}

	var r tally
	for trial := range raceTrials() {
		if undo { // two of the same action, so that two undos could both apply
			require.NoError(t, s.Dispatch(g.action()))
			require.NoError(t, s.Dispatch(g.action()))
		}
		base := s.View().Version
		for _, p := range phones {
			require.Eventually(t, func() bool { return p.c.Snapshot().Version == base }, 5*time.Second, time.Millisecond)
			p.fresh()
		}
		logBefore := len(s.Log())

		// Phone A's finger first, then B's gap later (at 0 ms, either may
		// be first); each holds for 40 ms.
		start := time.Now().Add(20 * time.Millisecond)
		first, second := a, b
		if trial%2 == 1 {
			first, second = b, a
		}
		type result struct {
			o   outcome
			err error
		}
		results := make([]result, 2)
		var wg sync.WaitGroup
		for i, p := range []*racePhone{first, second} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				send := func(seen uint64) error { return p.c.Send(seen, g.kind, nil) }
				id := g.kind
				if undo {
					kind := p.c.Snapshot().Undo
					send = func(seen uint64) error { return p.c.Undo(context.Background(), seen, kind) }
					id = "undo"
				}
				o, err := p.tap(id, start.Add(time.Duration(i)*gap), 40*time.Millisecond, send)
				results[i] = result{o, err}
			}()
		}
		wg.Wait()

		// What the table applied: the trial's own log entries.
		count := 0
		for _, e := range s.Log()[logBefore:] {
			if (undo && e.Kind == companion.KindUndo) || (!undo && e.Kind == g.kind) {
				count++
			}
		}
		r.trials++
		switch count {
		case 0:
			r.none++
		case 1:
			r.once++
		default:
			r.twice++
		}
		for _, res := range results {
			switch res.o {
			case refusedByHost:
				r.byHost++
			case refusedOnPhone:
				r.onPhone++
			case otherRefusal:
				if !before {
					t.Errorf("%s, %v apart: a refusal in other words: %v", g.name, gap, res.err)
				}
			}
		}
		if !before {
			require.Equal(t, 1, count, "%s, undo %v, %v apart, trial %d: applied once, neither never nor twice", g.name, undo, gap, trial)
			losers := 0
			for _, res := range results {
				if res.o != applied {
					losers++
					assert.ErrorIs(t, res.err, companion.ErrFaster, "the slower phone is told someone was faster")
				}
			}
			assert.Equal(t, 1, losers, "one phone's tap applied, the other's not")
		}

		// Both phones end showing the host's state.
		want := h.encode(s.View())
		for _, p := range phones {
			require.Eventually(t, func() bool {
				snap := p.c.Snapshot()
				got, _ := json.Marshal(Snapshot{Game: snap.Game, Version: snap.Version, State: snap.State, Undo: snap.Undo})
				return bytes.Equal(got, want)
			}, 5*time.Second, time.Millisecond, "%s: the phone shows the host's state", g.name)
		}

		// Back to where the trial began, for the next one.
		back := count
		if undo {
			back = 2 - count
		}
		for range back {
			require.NoError(t, s.Undo())
		}
	}
	if !before {
		// Every refusal the host sent carried the state after the change
		// that made the phone late, never the one before.
		for i, p := range phones {
			for _, ans := range p.net.taken()[answered[i]:] {
				if ans.status == http.StatusConflict {
					assert.Greater(t, ans.got, ans.sent, "%s: a 409 comes with the current state", g.name)
				}
			}
		}
	}
	return r
}
