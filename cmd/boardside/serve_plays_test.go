package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/adele"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
	"boardside/companion/plays"
	"boardside/companion/table"
	"boardside/timers"
)

// lockedBuffer is serve's output in a test: plays are printed from the
// goroutine of the request that ended the game.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// servedTable is a game served as boardside serve does, with its set-up flags'
// defaults, reached as a phone reaches it.
type servedTable struct {
	t           *testing.T
	base, token string
	out         *lockedBuffer
	stop        func()
}

func serveGame(t *testing.T, dir, id string) *servedTable {
	t.Helper()
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	setUps := setUpFlags(fl)
	require.NoError(t, fl.Parse(nil))
	g := shared[id]
	newState := func() companion.State {
		st := g.newState()
		require.NoError(t, setUps[id](st, companion.Env{Now: time.Now().Round(0)}))
		return st
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	out := &lockedBuffer{}
	srv, link, err := table.Host(l, dir, id, false, g.game, newState, out)
	require.NoError(t, err)
	go func() { _ = srv.Serve(l) }()
	tb := &servedTable{t: t, base: "http://" + l.Addr().String(), token: link[strings.Index(link, "?t=")+3:], out: out, stop: func() { _ = srv.Close() }}
	t.Cleanup(tb.stop)
	return tb
}

// snapshot is what a phone is sent: the version and the public state,
// with the play recorded.
type snapshot struct {
	Version uint64 `json:"version"`
	State   struct {
		Record *plays.Public `json:"record"`
	} `json:"state"`
}

func (tb *servedTable) state() snapshot {
	tb.t.Helper()
	code, body := get(tb.t, tb.base+"/api/v1/state?t="+tb.token)
	require.Equal(tb.t, http.StatusOK, code, body)
	var s snapshot
	require.NoError(tb.t, json.Unmarshal([]byte(body), &s))
	return s
}

// act sends an action as a phone does, at the version it saw; it returns
// the answer's status.
func (tb *servedTable) act(version uint64, kind string, data any) int {
	tb.t.Helper()
	body, err := json.Marshal(map[string]any{"version": version, "action": map[string]any{"kind": kind, "data": data}})
	require.NoError(tb.t, err)
	resp, err := http.Post(tb.base+"/api/v1/actions?t="+tb.token, "application/json", bytes.NewReader(body))
	require.NoError(tb.t, err)
	defer resp.Body.Close()
	return resp.StatusCode
}

// ending is how a phone ends each hostable game, the result it ends with
// and the names its players give afterwards.
var ending = map[string]struct {
	actions []string
	data    map[string]any
	result  string
	names   map[string]any
}{
	mm.Game: {actions: []string{"start", "win"}, result: "Won with", names: map[string]any{"names": []string{"Anna", "Ben"}}},
	mc.Game: {actions: []string{"start", "accomplish"}, result: "Mission accomplished", names: map[string]any{"names": []string{"Anna", "Ben"}}},
	adele.Game: {actions: []string{"finish"}, data: map[string]any{"winner": "crew"}, result: "The crew won",
		names: map[string]any{"names": []string{"Anna", "Ben", "Cem", "Dora"}, "adele": "Dora"}},
}

func TestServe_AGameEndedByAPhoneIsInPlaysWithItsNames(t *testing.T) {
	for _, g := range hostable() {
		t.Run(g.ID, func(t *testing.T) {
			e, ok := ending[g.ID]
			require.True(t, ok, "every hostable game has a way to end here")
			dir := t.TempDir()
			tb := serveGame(t, dir, g.ID)
			for _, kind := range e.actions {
				data := any(nil)
				if kind == e.actions[len(e.actions)-1] {
					data = e.data
				}
				require.Equal(t, http.StatusOK, tb.act(tb.state().Version, kind, data), kind)
			}
			snap := tb.state()
			require.NotNil(t, snap.State.Record, "recorded the moment the game ended, with nobody to tap Save")
			assert.Contains(t, snap.State.Record.Play.Result, e.result)
			assert.Contains(t, tb.out.String(), "Log it in BG Stats")
			assert.Contains(t, tb.out.String(), snap.State.Record.BGStats, "the link printed")
			assert.Contains(t, tb.out.String(), "█", "and its code")

			names := map[string]any{"id": snap.State.Record.Play.ID}
			for k, v := range e.names {
				names[k] = v
			}
			require.Equal(t, http.StatusOK, tb.act(snap.Version, "recordPlay", names))
			assert.Equal(t, http.StatusConflict, tb.act(snap.Version, "recordPlay", names), "a second phone that saw the same moment is refused, not applied twice")

			logged := loggedIn(t, dir)
			require.Len(t, logged, 1)
			p := logged[0]
			assert.Equal(t, g.ID, p.Game)
			assert.Contains(t, p.Result, e.result)
			var got []string
			for _, pl := range p.Players {
				got = append(got, pl.Name)
			}
			assert.Equal(t, e.names["names"], got)

			link, err := url.Parse(tb.state().State.Record.BGStats)
			require.NoError(t, err)
			assert.Contains(t, link.Query().Get("data"), `"name":"Ben"`, "the link carries the names")
		})
	}
}

func TestServe_UndoOfTheEndTakesTheRecordBack(t *testing.T) {
	dir := t.TempDir()
	tb := serveGame(t, dir, mm.Game)
	require.Equal(t, http.StatusOK, tb.act(tb.state().Version, "start", nil))
	require.Equal(t, http.StatusOK, tb.act(tb.state().Version, "win", nil))
	require.NotNil(t, tb.state().State.Record)
	resp, err := http.Post(tb.base+"/api/v1/undo?t="+tb.token, "application/json",
		strings.NewReader(`{"version":`+jsonNumber(tb.state().Version)+`,"kind":"win"}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, "a phone undoes the end: one undo")
	assert.Nil(t, tb.state().State.Record)
	out, err := runPlays(t, "--data", dir)
	require.NoError(t, err)
	assert.Contains(t, out, "No played games yet")
}

func jsonNumber(v uint64) string { b, _ := json.Marshal(v); return string(b) }

func TestServe_AGameEndedBeforeAStopIsRecordedAtTheNextStart(t *testing.T) {
	dir := t.TempDir()
	// As after kill -9 between the end's save and the record: the saved
	// game is over, unrecorded, and no log was written.
	store := companion.NewStore(dir + "/" + mm.Game + ".json")
	s := companion.New(mm.Rules, mm.New(), timers.System{})
	require.NoError(t, companion.Attach(s, store, func(err error) { t.Error(err) }))
	require.NoError(t, s.Dispatch(&mm.Start{}))
	require.NoError(t, s.Dispatch(&mm.Win{}))

	tb := serveGame(t, dir, mm.Game)
	require.NotNil(t, tb.state().State.Record)
	assert.Contains(t, tb.out.String(), "Played Magic Maze on Mars: Won with")
	out, err := runPlays(t, "--data", dir)
	require.NoError(t, err)
	assert.Contains(t, out, "Magic Maze on Mars")
}

// The code printed at a game's end fits an 80-column terminal (the BG
// Stats link's own code was 85 wide, wrapped, and could not be scanned),
// and its short link leads to the play as it is when scanned: names given
// after the end included.
func TestServe_ThePlaysCodeFitsATerminalAndLeadsToThePlay(t *testing.T) {
	tb := serveGame(t, t.TempDir(), mm.Game)
	for _, kind := range []string{"start", "win"} {
		require.Equal(t, http.StatusOK, tb.act(tb.state().Version, kind, nil), kind)
	}
	snap := tb.state()
	require.NotNil(t, snap.State.Record)
	id := snap.State.Record.Play.ID
	printed := tb.out.String()
	require.Contains(t, printed, table.PlayLinkPath+id, "the short link is printed")
	width := 0
	for _, line := range strings.Split(printed, "\n") {
		if strings.ContainsAny(line, "█▀▄") {
			width = max(width, utf8.RuneCountInString(line))
		}
	}
	t.Logf("the code is %d columns wide", width)
	assert.Positive(t, width, "a code is printed")
	assert.LessOrEqual(t, width, 80, "the code fits a terminal")

	require.Equal(t, http.StatusOK, tb.act(snap.Version, "recordPlay", map[string]any{"id": id, "names": []string{"Anna", "Ben"}}))
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	short := tb.base + table.PlayLinkPath + id
	resp, err := noFollow.Get(short)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	assert.Equal(t, tb.state().State.Record.BGStats, resp.Header.Get("Location"), "the play as it is now")
	link, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	assert.Contains(t, link.Query().Get("data"), `"name":"Ben"`, "with the names given after the end")

	resp, err = noFollow.Get(tb.base + table.PlayLinkPath + "0123")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "a play not kept here")
	code, _ := get(t, tb.base+"/api/v1/state?t="+tb.token)
	assert.Equal(t, http.StatusOK, code, "every other request still reaches the table")
}
