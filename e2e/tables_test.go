package e2e

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardside/app/catalog"
	"boardside/companion"
	"boardside/companion/plays"
	"boardside/companion/share"
	"boardside/companion/table"
)

// The tables these tests start are hosted as `boardside serve` hosts them
// (companion/table), with the games the catalog gives a way to share.

// hostedGame is a game as a headless host shares it: its public
// projection with its rules, its first state, and its set-up with the
// command line's defaults.
type hostedGame struct {
	game     share.Game
	newState func() companion.State
	setUp    func(companion.State, companion.Env) error
}

// shared is each game a headless host can serve, by ID.
var shared = func() map[string]hostedGame {
	out := map[string]hostedGame{}
	for _, g := range catalog.Games() {
		if g.Host == nil || g.Share == nil {
			continue
		}
		sg := *g.Share
		sg.Rules = g.Rules
		fl := flag.NewFlagSet(g.ID, flag.ContinueOnError)
		setUp := g.Host.Flags(fl)
		if err := fl.Parse(nil); err != nil {
			panic(err)
		}
		out[g.ID] = hostedGame{game: sg, newState: g.NewState, setUp: setUp}
	}
	return out
}()

// lockedBuffer is the host's output in a test: plays are printed from the
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

// servedTable is a game hosted as boardside serve hosts it, with its
// set-up's defaults, reached as a phone reaches it.
type servedTable struct {
	t           *testing.T
	base, token string
	out         *lockedBuffer
}

// serveGame hosts game id from dir on a loopback port, as boardside serve
// does, until the test ends.
func serveGame(t *testing.T, dir, id string) *servedTable {
	t.Helper()
	g := shared[id]
	newState := func() companion.State {
		st := g.newState()
		require.NoError(t, g.setUp(st, companion.Env{Now: time.Now().Round(0)}))
		return st
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	out := &lockedBuffer{}
	srv, link, err := table.Host(l, dir, id, false, g.game, newState, out)
	require.NoError(t, err)
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return &servedTable{t: t, base: "http://" + l.Addr().String(), token: link[strings.Index(link, "?t=")+3:], out: out}
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

// get is a phone's GET: the status and the body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// jsonNumber is v as JSON writes it.
func jsonNumber(v uint64) string { b, _ := json.Marshal(v); return string(b) }
