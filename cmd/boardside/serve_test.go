package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/adele"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
	"boardside/companion/share"
	"boardside/companion/table"
	"boardside/companion/table/tabletest"
)

// shared is each hostable game as serve hosts it, by ID.
var shared = func() map[string]struct {
	game     share.Game
	newState func() companion.State
} {
	out := map[string]struct {
		game     share.Game
		newState func() companion.State
	}{}
	for _, g := range hostable() {
		out[g.ID] = struct {
			game     share.Game
			newState func() companion.State
		}{sharing(g), g.NewState}
	}
	return out
}()

// startHost serves marsmaze from dir on a loopback port, as serve does.
func startHost(t *testing.T, dir string, fresh bool) (base, token string, stop func(), out string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var buf bytes.Buffer
	g := shared[mm.Game]
	srv, url, err := table.Host(l, dir, mm.Game, fresh, g.game, g.newState, &buf)
	require.NoError(t, err)
	go func() { _ = srv.Serve(l) }()
	token = url[strings.Index(url, "?t=")+3:]
	return "http://" + l.Addr().String(), token, func() { _ = srv.Close() }, buf.String()
}

func TestServe_PrintsHowToJoinAndServesTheViewer(t *testing.T) {
	base, token, stop, out := startHost(t, t.TempDir(), false)
	defer stop()
	assert.Contains(t, out, "Open this on every device at the table")
	assert.Contains(t, out, "/?t="+token)
	assert.Contains(t, out, "█", "a QR code drawn with blocks")

	code, page := tabletest.Get(t, base+"/?t="+token)
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, page, `<script defer src="app.js"></script>`)
	code, js := tabletest.Get(t, base+"/app.js")
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, js, "EventSource")
}

func TestServe_RestartKeepsGameAndToken(t *testing.T) {
	dir := t.TempDir()
	base, token, stop, _ := startHost(t, dir, false)
	resp, err := http.Post(base+"/api/v1/actions?t="+token, "application/json",
		strings.NewReader(`{"version":0,"action":{"kind":"start"}}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	stop()

	base2, token2, stop2, _ := startHost(t, dir, false)
	defer stop2()
	assert.Equal(t, token, token2, "devices come back with the link they have")
	code, body := tabletest.Get(t, base2+"/api/v1/state?t="+token)
	require.Equal(t, http.StatusOK, code)
	var snap struct {
		Version uint64 `json:"version"`
		State   struct {
			Sand struct {
				Started bool `json:"started"`
			} `json:"sand"`
		} `json:"state"`
	}
	require.NoError(t, json.Unmarshal([]byte(body), &snap))
	assert.Equal(t, uint64(1), snap.Version)
	assert.True(t, snap.State.Sand.Started, "the game resumed where it was")

	_, token3, stop3, _ := startHost(t, dir, true)
	defer stop3()
	assert.NotEqual(t, token, token3, "--new starts a new table with a new link")
}

func TestServe_RefusesUnknownGames(t *testing.T) {
	var out bytes.Buffer
	err := serve([]string{"--game", "chess"}, &out)
	assert.EqualError(t, err, "choose a game with --game missioncontrol, adele or marsmaze")
}

func TestServe_ConnectionTestPage(t *testing.T) {
	base, _, stop, _ := startHost(t, t.TempDir(), false)
	defer stop()
	code, page := tabletest.Get(t, base+"/check.html")
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, page, "/api/v1/health")
	code, health := tabletest.Get(t, base+"/api/v1/health")
	assert.Equal(t, http.StatusOK, code, "reachable without the token")
	assert.Contains(t, health, `"ok":true`)
}

// setUpsOf applies, to a state, its game's set-up from setUps.
type setUpsOf map[string]func(companion.State, companion.Env) error

func (s setUpsOf) apply(st companion.State) error {
	var id string
	switch st.(type) {
	case *mc.State:
		id = mc.Game
	case *mm.State:
		id = mm.Game
	case *adele.State:
		id = adele.Game
	}
	return s[id](st, companion.Env{Now: time.Now()})
}

func TestServe_SetupFlags(t *testing.T) {
	fl := flag.NewFlagSet("t", flag.ContinueOnError)
	setUps := setUpFlags(fl)
	setup := setUpsOf(setUps)
	require.NoError(t, fl.Parse([]string{"--difficulty", "hard", "--ai", "Houston, cologne", "--mission", "4", "--solo",
		"--players", "3", "--ship", "Phobos"}))

	st := mc.New()
	require.NoError(t, setup.apply(st))
	assert.Equal(t, 10, st.Oxygen())
	assert.Equal(t, []string{mc.Houston, mc.Cologne}, st.AIRoles)

	ms := mm.New()
	require.NoError(t, setup.apply(ms))
	assert.Equal(t, 4, ms.Mission)
	assert.True(t, ms.Solo)

	ad := adele.New()
	require.NoError(t, setup.apply(ad))
	assert.Equal(t, 3, ad.Players)
	assert.Equal(t, "phobos", ad.Ship)
	assert.Len(t, ad.CrewRooms, 2, "the crew's start rooms are rolled at setup")

	fl = flag.NewFlagSet("t", flag.ContinueOnError)
	setup = setUpsOf(setUpFlags(fl))
	require.NoError(t, fl.Parse(nil))
	ad = adele.New()
	require.NoError(t, setup.apply(ad))
	assert.Equal(t, 4, ad.Players, "4 players unless told")
	assert.Equal(t, "deimos", ad.Ship, "the Deimos unless told")

	var out bytes.Buffer
	err := serve([]string{"--game", "missioncontrol", "--difficulty", "insane"}, &out)
	assert.EqualError(t, err, `"insane" is not a difficulty; choose easy, normal or hard`)
	err = serve([]string{"--game", "adele", "--players", "6"}, &out)
	assert.ErrorIs(t, err, adele.ErrPlayers)
	err = serve([]string{"--game", "adele", "--ship", "nostromo"}, &out)
	assert.ErrorIs(t, err, adele.ErrNoShip)
}

func TestServe_OffersTheWebAppWhereBuilt(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!DOCTYPE html>"), 0o644))
	var out strings.Builder
	srv := &http.Server{Handler: http.NotFoundHandler()}
	table.OfferWebApp(srv, dir, "http://192.168.1.5:7777/?t=abc", &out)
	assert.Contains(t, out.String(), "http://192.168.1.5:7777/app/?join=http%3A%2F%2F192.168.1.5%3A7777%2F%3Ft%3Dabc")
	r := httptest.NewRecorder()
	srv.Handler.ServeHTTP(r, httptest.NewRequest("GET", "/app/", nil))
	assert.Equal(t, "<!DOCTYPE html>", r.Body.String(), "--webapp DIR is served at /app/")

	out.Reset()
	table.OfferWebApp(&http.Server{Handler: http.NotFoundHandler()}, "", "http://192.168.1.5:7777/?t=abc", &out)
	assert.Contains(t, out.String(), "make web", "no build beside the tests: how to make one")

	err := serve([]string{"--game", mm.Game, "--data", t.TempDir(), "--webapp", t.TempDir()}, &out)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "build it with make web")
}
