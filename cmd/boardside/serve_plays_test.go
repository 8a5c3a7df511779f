package main

import (
	"flag"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/adele"
	mm "boardside/companion/marsmaze"
	mc "boardside/companion/missioncontrol"
	"boardside/companion/table"
	"boardside/companion/table/tabletest"
	"boardside/timers"
)

// serveGame hosts game id from dir as boardside serve does, with its
// set-up flags' defaults, reached as a phone reaches it.
func serveGame(t *testing.T, dir, id string) *tabletest.Served {
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
	return tabletest.Serve(t, dir, id, g.game, newState)
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
				require.Equal(t, http.StatusOK, tb.Act(tb.State().Version, kind, data), kind)
			}
			snap := tb.State()
			require.NotNil(t, snap.State.Record, "recorded the moment the game ended, with nobody to tap Save")
			assert.Contains(t, snap.State.Record.Play.Result, e.result)
			assert.Contains(t, tb.Out.String(), "Log it in BG Stats")
			assert.Contains(t, tb.Out.String(), snap.State.Record.BGStats, "the link printed")
			assert.Contains(t, tb.Out.String(), "█", "and its code")

			names := map[string]any{"id": snap.State.Record.Play.ID}
			for k, v := range e.names {
				names[k] = v
			}
			require.Equal(t, http.StatusOK, tb.Act(snap.Version, "recordPlay", names))
			assert.Equal(t, http.StatusConflict, tb.Act(snap.Version, "recordPlay", names), "a second phone that saw the same moment is refused, not applied twice")

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

			link, err := url.Parse(tb.State().State.Record.BGStats)
			require.NoError(t, err)
			assert.Contains(t, link.Query().Get("data"), `"name":"Ben"`, "the link carries the names")
		})
	}
}

func TestServe_UndoOfTheEndTakesTheRecordBack(t *testing.T) {
	dir := t.TempDir()
	tb := serveGame(t, dir, mm.Game)
	require.Equal(t, http.StatusOK, tb.Act(tb.State().Version, "start", nil))
	require.Equal(t, http.StatusOK, tb.Act(tb.State().Version, "win", nil))
	require.NotNil(t, tb.State().State.Record)
	resp, err := http.Post(tb.Base+"/api/v1/undo?t="+tb.Token, "application/json",
		strings.NewReader(`{"version":`+tabletest.JSONNumber(tb.State().Version)+`,"kind":"win"}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, "a phone undoes the end: one undo")
	assert.Nil(t, tb.State().State.Record)
	out, err := runPlays(t, "--data", dir)
	require.NoError(t, err)
	assert.Contains(t, out, "No played games yet")
}

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
	require.NotNil(t, tb.State().State.Record)
	assert.Contains(t, tb.Out.String(), "Played Magic Maze on Mars: Won with")
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
		require.Equal(t, http.StatusOK, tb.Act(tb.State().Version, kind, nil), kind)
	}
	snap := tb.State()
	require.NotNil(t, snap.State.Record)
	id := snap.State.Record.Play.ID
	printed := tb.Out.String()
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

	require.Equal(t, http.StatusOK, tb.Act(snap.Version, "recordPlay", map[string]any{"id": id, "names": []string{"Anna", "Ben"}}))
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	short := tb.Base + table.PlayLinkPath + id
	resp, err := noFollow.Get(short)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	assert.Equal(t, tb.State().State.Record.BGStats, resp.Header.Get("Location"), "the play as it is now")
	link, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	assert.Contains(t, link.Query().Get("data"), `"name":"Ben"`, "with the names given after the end")

	resp, err = noFollow.Get(tb.Base + table.PlayLinkPath + "0123")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "a play not kept here")
	code, _ := tabletest.Get(t, tb.Base+"/api/v1/state?t="+tb.Token)
	assert.Equal(t, http.StatusOK, code, "every other request still reaches the table")
}
