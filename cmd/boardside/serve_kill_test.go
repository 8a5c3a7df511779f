package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	mm "boardside/companion/marsmaze"
	"boardside/companion/plays"
	"boardside/companion/table/tabletest"
)

// served is boardside serve running as a process of its own, reached as
// a phone reaches it.
type served struct {
	*tabletest.Served
	cmd *exec.Cmd
}

// startServe starts boardside serve (this test binary as the command) on
// a free port with dir as its --data, and waits until it says where to
// join.
func startServe(t *testing.T, dir string, args ...string) *served {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	require.NoError(t, l.Close())
	cmd := exec.Command(os.Args[0], append([]string{"serve", "--game", mm.Game, "--data", dir, "--port", strconv.Itoa(port)}, args...)...)
	cmd.Env = append(os.Environ(), asCommand+"=1")
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	link := regexp.MustCompile(`http://\S+/\?t=(\S+)`)
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if m := link.FindStringSubmatch(lines.Text()); m != nil {
			go func() { // the rest of its output, read so that it never blocks
				for lines.Scan() {
				}
			}()
			return &served{Served: tabletest.At(t, "http://127.0.0.1:"+strconv.Itoa(port), m[1]), cmd: cmd}
		}
	}
	t.Fatalf("boardside serve stopped before it said where to join: %v", lines.Err())
	return nil
}

// kill9 kills the host as kill -9 does: no handler, no deferred save.
func (s *served) kill9(t *testing.T) {
	t.Helper()
	require.NoError(t, s.cmd.Process.Kill()) // SIGKILL
	_ = s.cmd.Wait()
}

// A host killed with kill -9 at a game's end loses no play: killed once
// the phone's "win" was answered, the play is already in the log; killed
// the moment the ended game is saved, before or after its log is written,
// the play is in the log once the host is back. Each round plays a new
// game at the same --data, as a table plays several in an evening.
func TestServe_KillNineAtAGamesEndLosesNoPlay(t *testing.T) {
	dir := t.TempDir()
	ended, gaps := 0, 0
	for round := range 6 {
		s := startServe(t, dir, "--new")
		require.Equal(t, http.StatusOK, s.Act(s.State().Version, "start", nil))
		if round%2 == 0 {
			require.Equal(t, http.StatusOK, s.Act(s.State().Version, "win", nil))
			s.kill9(t)
			assert.Len(t, loggedIn(t, dir), ended+1, "round %d: the play answered is in the log before anything else", round)
		} else {
			// Killed the moment the game's file changes: the end saved,
			// the log perhaps not yet written.
			game := filepath.Join(dir, mm.Game+".json")
			before, err := os.ReadFile(game)
			require.NoError(t, err)
			v := s.State().Version
			sent := make(chan struct{})
			go func() {
				defer close(sent)
				body, _ := json.Marshal(map[string]any{"version": v, "action": map[string]any{"kind": "win"}})
				if resp, err := http.Post(s.Base+"/api/v1/actions?t="+s.Token, "application/json", bytes.NewReader(body)); err == nil {
					resp.Body.Close()
				}
			}()
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
				if now, err := os.ReadFile(game); err == nil && !bytes.Equal(now, before) {
					break
				}
			}
			s.kill9(t)
			<-sent
			if len(loggedIn(t, dir)) == ended {
				gaps++ // the end saved, its play not yet logged
			}
		}
		// The host back on the same data: the game it saved and its log.
		tb := serveGame(t, dir, mm.Game)
		st := tb.State()
		logged := loggedIn(t, dir)
		if st.State.Record != nil {
			ended++
			ids := make([]string, 0, len(logged))
			for _, p := range logged {
				ids = append(ids, p.ID)
			}
			assert.Contains(t, ids, st.State.Record.Play.ID, "round %d: the game ended and its play is kept", round)
		}
		assert.Len(t, logged, ended, "round %d: each ended game once, no play twice", round)
		tb.Stop()
	}
	t.Logf("%d of 6 games ended before the kill, %d of them killed between the game's save and the log's; each in the log once", ended, gaps)
	assert.Equal(t, 6, ended, "every round's game ended before its kill")
}

// loggedIn is what boardside plays --data dir --json lists.
func loggedIn(t *testing.T, dir string) []plays.Play {
	t.Helper()
	out, err := runPlays(t, "--data", dir, "--json")
	require.NoError(t, err)
	var log struct{ Plays []plays.Play }
	require.NoError(t, json.Unmarshal([]byte(out), &log))
	return log.Plays
}
