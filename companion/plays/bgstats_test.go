package plays

import (
	"bytes"
	"encoding/json"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skip2/go-qrcode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got, indented, with testdata/name (or writes it there
// with -update).
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, json.Indent(&b, got, "", "  "))
	b.WriteByte('\n')
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test ./companion/plays -update writes it")
	assert.Equal(t, string(want), b.String())
}

// sameClockInUTC is the moment whose UTC clock reads as t's does.
func sameClockInUTC(t time.Time) time.Time {
	y, mo, d := t.Date()
	return time.Date(y, mo, d, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
}

func TestBGStats_Golden(t *testing.T) {
	for name, p := range map[string]Play{
		"bgstats-coop.json":   coopPlay(),
		"bgstats-scored.json": scoredPlay(),
	} {
		t.Run(name, func(t *testing.T) {
			// The same wall clock in UTC, which BG Stats is sent, so the
			// golden file reads the same in every time zone.
			p.Start, p.End = sameClockInUTC(p.Start), sameClockInUTC(p.End)
			got, err := p.BGStats()
			require.NoError(t, err)
			assert.NotContains(t, string(got), "\n", "one line, as the link carries it")
			golden(t, name, got)
		})
	}
}

// A play's date reaches BG Stats in UTC, whatever zone the device that
// recorded it is in: 20:00 in Berlin in November is 19:00 UTC, the same
// moment recorded in New York is 14:00 there.
func TestBGStats_PlayDateIsInUTC(t *testing.T) {
	berlin := time.FixedZone("CET", 60*60)
	newYork := time.FixedZone("EST", -5*60*60)
	for _, start := range []time.Time{
		time.Date(2026, 11, 21, 20, 0, 0, 0, berlin),
		time.Date(2026, 11, 21, 14, 0, 0, 0, newYork),
	} {
		p := coopPlay()
		p.Start, p.End = start, start.Add(24*time.Minute)
		data, err := p.BGStats()
		require.NoError(t, err)
		var got struct {
			PlayDate string `json:"playDate"`
		}
		require.NoError(t, json.Unmarshal(data, &got))
		assert.Equal(t, "2026-11-21 19:00:00", got.PlayDate, start.Location().String())
	}
}

func TestBGStats_ACooperativeGameIsWonOrLostByAll(t *testing.T) {
	p := coopPlay()
	p.Won = false
	p.Players[1].Winner = true // whatever a screen set, the table lost
	p.Players[1].Score = score(3)
	p.Players[1].Rank = 1
	data, err := p.BGStats()
	require.NoError(t, err)
	var got struct {
		Game struct {
			NoPoints    bool  `json:"noPoints"`
			HighestWins *bool `json:"highestWins"`
		} `json:"game"`
		Players []map[string]any `json:"players"`
	}
	require.NoError(t, json.Unmarshal(data, &got))
	assert.True(t, got.Game.NoPoints)
	assert.Nil(t, got.Game.HighestWins)
	require.Len(t, got.Players, 3)
	for _, pl := range got.Players {
		assert.Equal(t, false, pl["winner"], pl["name"])
		assert.NotContains(t, pl, "score")
		assert.NotContains(t, pl, "rank")
	}
}

func TestBGStats_AGameWithoutScoresHasNoPoints(t *testing.T) {
	p := scoredPlay()
	for i := range p.Players {
		p.Players[i].Score = nil
	}
	data, err := p.BGStats()
	require.NoError(t, err)
	assert.Contains(t, string(data), `"noPoints":true`)
	assert.NotContains(t, string(data), `"highestWins"`)
	assert.Contains(t, string(data), `"winner":true`, "the winner is still the winner")
}

func TestBGStats_SamePlayerSameID(t *testing.T) {
	a, b := coopPlay(), coopPlay()
	b.ID = NewID()
	b.Players[0].Name = " ANNA "
	for _, p := range []Play{a, b} {
		data, err := p.BGStats()
		require.NoError(t, err)
		assert.Contains(t, string(data), `"sourcePlayerId":"anna"`)
	}
}

func TestBGStats_RefusesAPlayWithoutID(t *testing.T) {
	p := coopPlay()
	p.ID = ""
	_, err := p.BGStats()
	assert.Error(t, err)
	_, err = p.BGStatsURL()
	assert.Error(t, err)
}

// The link carries the JSON BG Stats takes, whichever way its page decodes
// the data parameter: as a form value or with decodeURIComponent.
func TestBGStatsURL_DecodesBackToTheSameJSON(t *testing.T) {
	p := scoredPlay()
	p.Comments = `Ben & Anna: 100% "fair" + square <3 — #1? a=b/c;d`
	p.Players[0].Name = "Zoë Müller"
	want, err := p.BGStats()
	require.NoError(t, err)

	for _, tt := range []struct {
		link   func() (string, error)
		scheme string
	}{{p.BGStatsURL, "https"}, {p.BGStatsAppURL, "bgstats"}} {
		link, err := tt.link()
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(link, tt.scheme+"://app.bgstatsapp.com/createPlay.html?data="), link)
		assert.NotContains(t, link, "+", "a space is %20, never a plus")
		assert.NotContains(t, link, " ")

		u, err := url.Parse(link)
		require.NoError(t, err)
		assert.Equal(t, tt.scheme, u.Scheme)
		assert.Equal(t, "app.bgstatsapp.com", u.Host)
		assert.Equal(t, "/createPlay.html", u.Path)
		q := u.Query()
		require.Len(t, q, 1, "one parameter: nothing in the JSON breaks the query apart")
		assert.Equal(t, string(want), q.Get("data"), "as a form value")

		raw := strings.TrimPrefix(u.RawQuery, "data=")
		asJS, err := url.PathUnescape(raw) // what decodeURIComponent does
		require.NoError(t, err)
		assert.Equal(t, string(want), asJS, "with decodeURIComponent")
	}
}

// longPlay is about the longest play a table makes: five players with
// long names and roles, a long result, several details and comments.
func longPlay() Play {
	names := []string{
		"Maximilian Alexander von Hohenberg",
		"Anna-Katharina Schmidt-Rottluff",
		"Bartholomew Fitzgerald O'Sullivan",
		"Clementine Évangéline Beaumont",
		"Dimitrios Konstantinopoulos",
	}
	roles := []string{"Commander", "Flight Engineer", "Navigator", "Life Support", "Communications"}
	p := Play{
		ID:          NewID(),
		Game:        "missioncontrol",
		GameName:    "Mission Control: Critical Orbit",
		Start:       evening,
		End:         evening.Add(24*time.Minute + 10*time.Second),
		Cooperative: true,
		Won:         true,
		Result:      "Mission accomplished: the station is back in a stable orbit with 3:12 left on the clock",
		Board:       "Hard: oxygen 6, two AI roles",
		Details: []Detail{
			{"Difficulty", "Hard"},
			{"Oxygen left", "2 of 6"},
			{"AI roles", "Flight Engineer, Navigator"},
			{"Cards unlocked", "2 yellow, 2 blue, 1 green, 1 red"},
			{"Half-valves drawn", "4 black, 3 white, 1 red"},
			{"Time left", "3:12"},
		},
		Comments: "Our first win on Hard; the red valve came out in the last minute.",
		Location: "Games night at the community centre",
	}
	for i, n := range names {
		p.Players = append(p.Players, Player{Name: n, Role: roles[i], StartPlayer: i == 0})
	}
	return p
}

// The link of a long play fits a QR code at medium error correction, the
// most a phone reads from a screen. go test -run
// TestBGStatsURL_ALongPlayFitsAQRCode -v ./companion/plays prints each
// link's length and the code's version.
func TestBGStatsURL_ALongPlayFitsAQRCode(t *testing.T) {
	scoredLong := longPlay()
	scoredLong.Cooperative = false
	for i := range scoredLong.Players {
		scoredLong.Players[i].Score, scoredLong.Players[i].Rank, scoredLong.Players[i].Winner = score(100+i), i+1, i == 0
	}
	for _, tt := range []struct {
		name string
		p    Play
	}{
		{"co-operative (golden)", coopPlay()},
		{"scored (golden)", scoredPlay()},
		{"long, co-operative", longPlay()},
		{"long, scored", scoredLong},
	} {
		data, err := tt.p.BGStats()
		require.NoError(t, err)
		for _, link := range []func() (string, error){tt.p.BGStatsURL, tt.p.BGStatsAppURL} {
			l, err := link()
			require.NoError(t, err)
			q, err := qrcode.New(l, qrcode.Medium)
			require.NoError(t, err, "the link fits a QR code at all")
			q.DisableBorder = true
			size := len(q.Bitmap())
			assert.Equal(t, q.VersionNumber, (size-17)/4, "the version from the code's size agrees")
			t.Logf("%s: JSON %d bytes, %s link %d characters, QR version %d (%d×%d modules) at medium error correction",
				tt.name, len(data), l[:strings.Index(l, ":")], len(l), q.VersionNumber, size, size)
		}
	}
}
