package share

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
	"boardside/decks"
	"boardside/timers"
)

var epoch = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

var marsGame = Game{Rules: mm.Rules, Public: mm.Public, PublicActions: mm.PublicActions}

type table struct {
	host    *Host
	server  *httptest.Server
	session *companion.Session
	clock   *timers.Fake
}

func newTable(t *testing.T, s *companion.Session, g Game, clock *timers.Fake) *table {
	t.Helper()
	h := NewHost(s, g, clock, NewToken())
	srv := httptest.NewServer(Handler(h, nil))
	t.Cleanup(func() { h.Close(); srv.Close() })
	return &table{host: h, server: srv, session: s, clock: clock}
}

func marsTable(t *testing.T) *table {
	clock := timers.NewFake(epoch)
	s := companion.New(mm.Rules, mm.New(), clock)
	require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: 3}))
	return newTable(t, s, marsGame, clock)
}

func (tb *table) do(t *testing.T, method, path, body string, token bool) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, tb.server.URL+path, strings.NewReader(body))
	require.NoError(t, err)
	if token {
		req.Header.Set("Authorization", "Bearer "+tb.host.Token())
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, b
}

func snapshotOf(t *testing.T, b []byte) (Snapshot, map[string]any) {
	t.Helper()
	var s struct {
		Snapshot
		State map[string]any `json:"state"`
	}
	require.NoError(t, json.Unmarshal(b, &s), string(b))
	return s.Snapshot, s.State
}

func TestHost_Token(t *testing.T) {
	tb := marsTable(t)
	assert.Len(t, tb.host.Token(), 32, "128 bits, hex")
	assert.NotEqual(t, tb.host.Token(), NewToken())

	code, body := tb.do(t, "GET", "/api/v1/state", "", false)
	assert.Equal(t, http.StatusForbidden, code)
	assert.Contains(t, string(body), "this link is not for this table")

	code, _ = tb.do(t, "GET", "/api/v1/state?t="+tb.host.Token(), "", false)
	assert.Equal(t, http.StatusOK, code, "the token may come in the link")
	code, _ = tb.do(t, "GET", "/api/v1/health", "", false)
	assert.Equal(t, http.StatusOK, code, "health needs no token: it is for the connection test")
}

func TestHost_StateAndActions(t *testing.T) {
	tb := marsTable(t)
	code, body := tb.do(t, "GET", "/api/v1/state", "", true)
	require.Equal(t, http.StatusOK, code)
	snap, st := snapshotOf(t, body)
	assert.Equal(t, "marsmaze", snap.Game)
	assert.Equal(t, uint64(1), snap.Version)
	assert.Equal(t, 3.0, st["markersLeft"])

	code, body = tb.do(t, "POST", "/api/v1/actions", `{"version":1,"action":{"kind":"start"}}`, true)
	require.Equal(t, http.StatusOK, code, string(body))
	tb.clock.Advance(time.Minute)
	code, body = tb.do(t, "POST", "/api/v1/actions", `{"version":2,"action":{"kind":"flip"}}`, true)
	require.Equal(t, http.StatusOK, code, string(body))
	snap, st = snapshotOf(t, body)
	assert.Equal(t, uint64(3), snap.Version)
	assert.Equal(t, 2.0, st["markersLeft"], "the flip landed in the host's game")
	assert.Equal(t, 2, tb.session.View().State.(*mm.State).MarkersLeft)
}

func TestHost_BadRequests(t *testing.T) {
	tests := []struct {
		name string
		body string
		code int
		want string
	}{
		{"stale version gets the current state", `{"version":0,"action":{"kind":"start"}}`, http.StatusConflict, `"version":1`},
		{"bad JSON", `{"version":`, http.StatusBadRequest, "the request is not valid JSON"},
		{"no action", `{"version":1}`, http.StatusBadRequest, "the request names no action"},
		{"unknown action", `{"version":1,"action":{"kind":"cheat"}}`, http.StatusBadRequest, `\"cheat\" is not an action other devices may send`},
		{"host-only action", `{"version":1,"action":{"kind":"chooseMission","data":{"mission":5}}}`, http.StatusBadRequest, "is not an action other devices may send"},
		{"bad data", `{"version":1,"action":{"kind":"land","data":{"landed":"yes"}}}`, http.StatusBadRequest, "data is not valid"},
		{"refused by the rules", `{"version":1,"action":{"kind":"flip"}}`, http.StatusUnprocessableEntity, "turn the sand timer over to start the game first"},
		{"over 16 KiB", `{"version":1,"action":{"kind":"start"},"pad":"` + strings.Repeat("x", maxBody) + `"}`, http.StatusBadRequest, "larger than 16 KiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := marsTable(t)
			code, body := tb.do(t, "POST", "/api/v1/actions", tt.body, true)
			assert.Equal(t, tt.code, code)
			assert.Contains(t, string(body), tt.want)
			assert.Equal(t, uint64(1), tb.session.View().Version, "nothing changed")
		})
	}
}

func TestHost_TooFastIsSlowedOthersServed(t *testing.T) {
	tb := marsTable(t)
	codes := map[int]int{}
	for range 60 {
		code, _ := tb.do(t, "GET", "/api/v1/state", "", true)
		codes[code]++
	}
	assert.Equal(t, 40, codes[http.StatusOK], "the burst")
	assert.Equal(t, 20, codes[http.StatusTooManyRequests])
	tb.clock.Advance(time.Second)
	code, _ := tb.do(t, "GET", "/api/v1/state", "", true)
	assert.Equal(t, http.StatusOK, code, "served again after a pause")

	l := newLimiter(tb.clock, 20, 40)
	for range 40 {
		l.allow("10.0.0.1")
	}
	assert.False(t, l.allow("10.0.0.1"))
	assert.True(t, l.allow("10.0.0.2"), "another client is not slowed")
}

func TestHost_Time(t *testing.T) {
	tb := marsTable(t)
	code, body := tb.do(t, "GET", "/api/v1/time", "", true)
	require.Equal(t, http.StatusOK, code)
	var ts map[string]float64
	require.NoError(t, json.Unmarshal(body, &ts))
	assert.Equal(t, float64(epoch.UnixMilli()), ts["received"])
	assert.Equal(t, float64(epoch.UnixMilli()), ts["sent"])
}

func TestHost_EventStreamPushesEachChange(t *testing.T) {
	tb := marsTable(t)
	req, err := http.NewRequest("GET", tb.server.URL+"/api/v1/events?t="+tb.host.Token(), nil)
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	lines := bufio.NewScanner(resp.Body)
	next := func() Snapshot {
		for lines.Scan() {
			if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				s, _ := snapshotOf(t, []byte(data))
				return s
			}
		}
		t.Fatal("stream ended")
		return Snapshot{}
	}
	assert.Equal(t, uint64(1), next().Version, "the current state at once")
	require.NoError(t, tb.session.Dispatch(&mm.Start{}))
	assert.Equal(t, uint64(2), next().Version)
	require.NoError(t, tb.session.Undo())
	assert.Equal(t, uint64(3), next().Version, "an undo is pushed too")
}

// TestHost_SecretsNeverLeave fills Mission Control with secrets (deck
// order, generators, the cards the astronaut looks at, the half-valves
// behind the screen) and checks no response or event carries any of them.
func TestHost_SecretsNeverLeave(t *testing.T) {
	clock := timers.NewFake(epoch)
	st := mc.New()
	st.AI = &decks.Deck{Draw: []string{"AI-07", "AI-13", "AI-29"}, Rng: decks.NewSeededRand([32]byte{1}), ReshuffleDiscard: true}
	st.Unlock = &decks.Deck{Draw: []string{"U2", "U4", "U6", "U8"}, Rng: decks.NewSeededRand([32]byte{2})}
	s := companion.New(mc.Rules, st, clock)
	for _, a := range []companion.Action{
		&mc.SetAIRoles{Roles: []string{mc.Houston}}, &mc.Start{},
		&mc.SetDice{Values: []int{1, 2, 3}},           // reveals AI-07: public from now on
		&mc.PeekUnlock{},                              // the astronaut looks at U2 and U4
		&mc.TakeValve{Colour: "red"}, &mc.DrawValve{}, // behind the screen
	} {
		require.NoError(t, s.Dispatch(a))
	}
	tb := newTable(t, s, Game{Rules: mc.Rules, Public: mc.Public, PublicActions: mc.PublicActions}, clock)

	raw, err := s.Encode()
	require.NoError(t, err)
	var saved struct {
		State struct {
			AI, Unlock struct {
				Rng string `json:"rng"`
			}
			Bag struct {
				Rng string `json:"rng"`
			} `json:"bag"`
			Rng string `json:"rng"`
		} `json:"state"`
	}
	require.NoError(t, json.Unmarshal(raw, &saved))
	secrets := []string{"AI-13", "AI-29", "U2", "U4", "U6", "U8", `"taken"`, `"peeking"`, `"draw"`, `"rng"`,
		saved.State.AI.Rng, saved.State.Unlock.Rng, saved.State.Bag.Rng, saved.State.Rng}
	for _, sec := range secrets {
		require.NotEmpty(t, sec)
	}

	var seen [][]byte
	_, b := tb.do(t, "GET", "/api/v1/state", "", true)
	seen = append(seen, b)
	_, b = tb.do(t, "POST", "/api/v1/actions", `{"version":0,"action":{"kind":"pause"}}`, true) // stale: answers with the state
	seen = append(seen, b)
	_, b = tb.do(t, "POST", "/api/v1/actions", `{"version":`+itoa(s.View().Version)+`,"action":{"kind":"lock","data":{"role":"bengaluru"}}}`, true)
	seen = append(seen, b)
	seen = append(seen, tb.host.snapshot())

	all := bytes.Join(seen, []byte("\n"))
	assert.Contains(t, string(all), "AI-07", "the revealed card is public")
	assert.Contains(t, string(all), `"astronautLooks":true`)
	for _, sec := range secrets {
		assert.NotContains(t, string(all), sec, "a secret reached a client")
	}
}

// TestHost_UndoFromAPhone: a phone undoes a public flip and the table is
// exactly as it was before it: markers, flips and the sand's deadline.
func TestHost_UndoFromAPhone(t *testing.T) {
	tb := marsTable(t)
	code, body := tb.do(t, "POST", "/api/v1/actions", `{"version":1,"action":{"kind":"start"}}`, true)
	require.Equal(t, http.StatusOK, code, string(body))
	snap, _ := snapshotOf(t, body)
	assert.Equal(t, "start", snap.Undo, "the start is public: phones may undo it")
	tb.clock.Advance(time.Minute)
	_, before := tb.do(t, "GET", "/api/v1/state", "", true)
	_, beforeState := snapshotOf(t, before)

	code, body = tb.do(t, "POST", "/api/v1/actions", `{"version":2,"action":{"kind":"flip"}}`, true)
	require.Equal(t, http.StatusOK, code, string(body))
	snap, st := snapshotOf(t, body)
	assert.Equal(t, "flip", snap.Undo)
	require.NotEqual(t, beforeState, st, "the flip changed the table")

	tb.clock.Advance(5 * time.Second)
	code, body = tb.do(t, "POST", "/api/v1/undo", `{"version":3,"kind":"flip"}`, true)
	require.Equal(t, http.StatusOK, code, string(body))
	snap, st = snapshotOf(t, body)
	assert.Equal(t, uint64(4), snap.Version, "an undo is a change: every phone must see it")
	assert.Equal(t, beforeState, st, "markers, flips and deadline as before the flip")
	assert.Equal(t, 3.0, st["markersLeft"])
	assert.Equal(t, float64(epoch.Add(mm.Default().Sand()).UnixMilli()),
		st["sand"].(map[string]any)["deadlineMs"], "the deadline of the start, not of the flip")
	assert.Equal(t, "start", snap.Undo, "next, the start could be undone")
	assert.Equal(t, 3, tb.session.View().State.(*mm.State).MarkersLeft, "the host's own game")
	log := tb.session.Log()
	assert.Equal(t, companion.KindUndo, log[len(log)-1].Kind)
	assert.True(t, log[2].Undone, "the flip is marked undone in the history")
}

func TestHost_UndoRefusals(t *testing.T) {
	// flipped: chooseMission (v1, host only), start (v2), flip (v3).
	flipped := func(t *testing.T, tb *table) {
		require.NoError(t, tb.session.Dispatch(&mm.Start{}))
		tb.clock.Advance(time.Minute)
		require.NoError(t, tb.session.Dispatch(&mm.Flip{}))
	}
	// hostOnly: chooseMission (v1), setOptions (v2): nothing a phone may undo.
	hostOnly := func(t *testing.T, tb *table) {
		require.NoError(t, tb.session.Dispatch(&mm.SetOptions{Expert: true}))
	}
	tests := []struct {
		name  string
		setup func(*testing.T, *table)
		body  string
		token bool
		code  int
		want  string
	}{
		{"stale version gets the current state", flipped, `{"version":2,"kind":"flip"}`, true, http.StatusConflict, `"version":3`},
		{"another kind than the last action", flipped, `{"version":3,"kind":"start"}`, true, http.StatusUnprocessableEntity, ErrUndoChanged.Error()},
		{"a host-only last action", hostOnly, `{"version":2,"kind":"setOptions"}`, true, http.StatusUnprocessableEntity, companion.ErrNotUndoableHere.Error()},
		{"a host-only last action, named as a public one", hostOnly, `{"version":2,"kind":"flip"}`, true, http.StatusUnprocessableEntity, companion.ErrNotUndoableHere.Error()},
		{"bad JSON", flipped, `{"version":`, true, http.StatusBadRequest, "the request is not valid JSON"},
		{"no kind", flipped, `{"version":3}`, true, http.StatusBadRequest, "the request names no action to undo"},
		{"over 16 KiB", flipped, `{"version":3,"kind":"flip","pad":"` + strings.Repeat("x", maxBody) + `"}`, true, http.StatusBadRequest, "larger than 16 KiB"},
		{"no token", flipped, `{"version":3,"kind":"flip"}`, false, http.StatusForbidden, "this link is not for this table"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := marsTable(t)
			tt.setup(t, tb)
			want := tb.session.View()
			wantJSON, err := json.Marshal(want.State)
			require.NoError(t, err)

			code, body := tb.do(t, "POST", "/api/v1/undo", tt.body, tt.token)
			assert.Equal(t, tt.code, code)
			assert.Contains(t, string(body), tt.want)
			got := tb.session.View()
			assert.Equal(t, want.Version, got.Version, "nothing changed")
			gotJSON, err := json.Marshal(got.State)
			require.NoError(t, err)
			assert.JSONEq(t, string(wantJSON), string(gotJSON), "nothing changed")
		})
	}
}

func TestHost_SnapshotOffersOnlyPublicUndos(t *testing.T) {
	tb := marsTable(t)
	snap, _ := snapshotOf(t, tb.host.snapshot())
	assert.Empty(t, snap.Undo, "choosing the mission is the host's: no phone may undo it")
	assert.NotContains(t, string(tb.host.snapshot()), `"undo"`)

	require.NoError(t, tb.session.Dispatch(&mm.Start{}))
	snap, _ = snapshotOf(t, tb.host.snapshot())
	assert.Equal(t, "start", snap.Undo)
	assert.Equal(t, uint64(2), snap.Version)

	require.NoError(t, tb.session.Undo())
	snap, _ = snapshotOf(t, tb.host.snapshot())
	assert.Empty(t, snap.Undo, "after the host's undo the last action is the host's again")
	assert.Equal(t, uint64(3), snap.Version)
}

func itoa(v uint64) string { b, _ := json.Marshal(v); return string(b) }

// FuzzDecodeAction: no request body makes the action or undo decoder
// panic; whatever the first accepts is a public action of the game, and
// whatever the second accepts names the action to undo.
func FuzzDecodeAction(f *testing.F) {
	h := NewHost(companion.New(mm.Rules, mm.New(), timers.NewFake(epoch)), marsGame, timers.NewFake(epoch), NewToken())
	f.Add([]byte(`{"version":1,"action":{"kind":"flip"}}`))
	f.Add([]byte(`{"version":1,"action":{"kind":"land","data":{"landed":true}}}`))
	f.Add([]byte(`{"action":{"kind":"chooseMission","data":{"mission":9}}}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"version":3,"kind":"flip"}`))
	f.Add([]byte(`{"version":-1,"kind":""}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		if a, _, err := h.decodeAction(body); err == nil {
			assert.Contains(t, mm.PublicActions, a.Kind())
		}
		if kind, _, err := decodeUndo(body); err == nil {
			assert.NotEmpty(t, kind, "an undo names the action it takes back")
		}
	})
}
