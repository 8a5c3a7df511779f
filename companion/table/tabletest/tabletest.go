// Package tabletest hosts a game for a test as `boardside serve` does
// (companion/table, on a loopback port) and reaches it as a phone does:
// its public state, its actions at the version seen, its output. The
// command's tests (cmd/boardside) and the browser suite (e2e) share it.
package tabletest

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/plays"
	"boardside/companion/share"
	"boardside/companion/table"
)

// Output is the host's output in a test: plays are printed from the
// goroutine of the request that ended the game.
type Output struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (o *Output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Write(p)
}

func (o *Output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.String()
}

// Served is a game hosted for a test.
type Served struct {
	t           testing.TB
	Base, Token string // the host's address (http://127.0.0.1:port) and the table's token
	Out         *Output
	Stop        func() // closes the host; the test's end closes it too
}

// Serve hosts game id from dir on a loopback port, a new game made by
// newState unless dir holds one, until Stop or the test's end.
func Serve(t testing.TB, dir, id string, g share.Game, newState func() companion.State) *Served {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	out := &Output{}
	srv, link, err := table.Host(l, dir, id, false, g, newState, out)
	require.NoError(t, err)
	go func() { _ = srv.Serve(l) }()
	s := &Served{t: t, Base: "http://" + l.Addr().String(), Token: link[strings.Index(link, "?t=")+3:], Out: out,
		Stop: func() { _ = srv.Close() }}
	t.Cleanup(s.Stop)
	return s
}

// At is a table another process hosts at base (http://host:port) with
// token, reached as a phone reaches it.
func At(t testing.TB, base, token string) *Served {
	return &Served{t: t, Base: base, Token: token, Out: &Output{}, Stop: func() {}}
}

// Snapshot is what a phone is sent: the version and the public state,
// with the play recorded.
type Snapshot struct {
	Version uint64 `json:"version"`
	State   struct {
		Record *plays.Public `json:"record"`
	} `json:"state"`
}

// State is the table's snapshot, as a phone asks for it.
func (s *Served) State() Snapshot {
	s.t.Helper()
	code, body := Get(s.t, s.Base+"/api/v1/state?t="+s.Token)
	require.Equal(s.t, http.StatusOK, code, body)
	var snap Snapshot
	require.NoError(s.t, json.Unmarshal([]byte(body), &snap))
	return snap
}

// Act sends an action as a phone does, at the version it saw; it returns
// the answer's status.
func (s *Served) Act(version uint64, kind string, data any) int {
	s.t.Helper()
	body, err := json.Marshal(map[string]any{"version": version, "action": map[string]any{"kind": kind, "data": data}})
	require.NoError(s.t, err)
	resp, err := http.Post(s.Base+"/api/v1/actions?t="+s.Token, "application/json", bytes.NewReader(body))
	require.NoError(s.t, err)
	defer resp.Body.Close()
	return resp.StatusCode
}

// Get is a phone's GET: the status and the body.
func Get(t testing.TB, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// JSONNumber is v as JSON writes it.
func JSONNumber(v uint64) string { b, _ := json.Marshal(v); return string(b) }
