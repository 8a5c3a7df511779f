package main

import (
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/plays"
)

// playsIn makes the app's log in dir with a game of Magic Maze on Mars and,
// before it, one of AquaSphere.
func playsIn(t *testing.T, dir string) *plays.Log {
	t.Helper()
	l, err := plays.Open(companion.Dir(dir).Store(plays.FileName))
	require.NoError(t, err)
	at := time.Date(2026, 11, 21, 20, 0, 0, 0, time.Local)
	sixtyOne := 61
	require.NoError(t, l.Add(plays.Play{
		ID: "aaaa", Game: "aquasphere", GameName: "AquaSphere", Start: at.Add(-3 * time.Hour), End: at.Add(-3*time.Hour + 97*time.Minute),
		Result: "Ben wins with 61 points", Players: []plays.Player{{Name: "Ben", Score: &sixtyOne, Winner: true, Rank: 1}},
	}))
	require.NoError(t, l.Add(plays.Play{
		ID: "bbbb", Game: "marsmaze", GameName: "Magic Maze on Mars", Start: at, End: at.Add(24 * time.Minute),
		Cooperative: true, Won: true, Result: "Mission accomplished with 0:40 left", Players: []plays.Player{{Name: "Anna"}, {Name: "Ben"}},
	}))
	return l
}

func runPlays(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := playLog(args, &out)
	return out.String(), err
}

func TestPlaysCommand_ListsNewestFirst(t *testing.T) {
	dir := t.TempDir()
	playsIn(t, dir)
	out, err := runPlays(t, "--data", dir)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 3, out)
	assert.Regexp(t, `^#\s+Date\s+Game\s+Duration\s+Result$`, lines[0])
	assert.Regexp(t, `^1\s+2026-11-21 20:00\s+Magic Maze on Mars\s+24 min\s+Mission accomplished with 0:40 left$`, lines[1])
	assert.Regexp(t, `^2\s+2026-11-21 17:00\s+AquaSphere\s+1 h 37 min\s+Ben wins with 61 points$`, lines[2])
}

func TestPlaysCommand_JSONAndCSVAreTheLogsExports(t *testing.T) {
	dir := t.TempDir()
	l := playsIn(t, dir)
	wantJSON, err := l.ExportJSON()
	require.NoError(t, err)
	wantCSV, err := l.ExportCSV()
	require.NoError(t, err)

	out, err := runPlays(t, "--data", dir, "--json")
	require.NoError(t, err)
	assert.Equal(t, string(wantJSON)+"\n", out)
	out, err = runPlays(t, "--csv", "--data", dir)
	require.NoError(t, err)
	assert.Equal(t, string(wantCSV), out)
	assert.True(t, strings.HasPrefix(out, "date,game,duration (min),result,board,players,id\n"))
}

func TestPlaysCommand_BGStatsLinkOfPlayN(t *testing.T) {
	dir := t.TempDir()
	l := playsIn(t, dir)
	for n, p := range l.Plays() {
		out, err := runPlays(t, "--data", dir, "--bgstats", strconv.Itoa(n+1))
		require.NoError(t, err)
		want, err := p.BGStatsURL()
		require.NoError(t, err)
		assert.Equal(t, want+"\n", out, "play %d as the list numbers it", n+1)
		u, err := url.Parse(strings.TrimSpace(out))
		require.NoError(t, err)
		assert.Contains(t, u.Query().Get("data"), `"sourcePlayId":"`+p.ID+`"`)
	}

	for _, n := range []string{"3", "-1"} {
		_, err := runPlays(t, "--data", dir, "--bgstats", n)
		assert.ErrorIs(t, err, errUsage)
		assert.ErrorContains(t, err, "there is no play "+n)
	}
}

func TestPlaysCommand_RefusesAMixOfWays(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--json", "--csv"},
		{"--csv", "--bgstats", "1"},
		{"extra"},
		{"--no-such-flag"},
	} {
		_, err := runPlays(t, append([]string{"--data", dir}, args...)...)
		assert.ErrorIs(t, err, errUsage, "%v", args)
	}
}

func TestPlaysCommand_NoneYet(t *testing.T) {
	dir := t.TempDir()
	out, err := runPlays(t, "--data", dir)
	require.NoError(t, err)
	assert.Equal(t, "No played games yet in "+filepath.Join(dir, "plays.json")+".\n", out)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "listing writes nothing")
}

// The app may be running: boardside plays reads the log and changes
// nothing, not even a log it cannot read, nor a save under way.
func TestPlaysCommand_LeavesTheLogAlone(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "plays.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"format":1,"plays":[{"id":"a","ga`), 0o600))
	require.NoError(t, os.WriteFile(path+".tmp-123", []byte("a save under way"), 0o600))

	_, err := runPlays(t, "--data", dir)
	require.Error(t, err)
	assert.ErrorContains(t, err, path)
	assert.ErrorContains(t, err, "the log of played games cannot be read")
	assert.ErrorContains(t, err, "leaves it as it is")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, []string{"plays.json", "plays.json.tmp-123"}, names)
}

func TestPlaysCommand_DefaultFolderIsTheApps(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the XDG folder is Linux's")
	}
	config := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", config)
	dir, err := appStorageDir()
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(config, "fyne", "app.boardside"), dir)

	playsIn(t, dir)
	out, err := runPlays(t)
	require.NoError(t, err)
	assert.Contains(t, out, "Magic Maze on Mars")
}

func TestPlaysCommand_DefaultListsTheTablesServeHostedToo(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the XDG folder is Linux's")
	}
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	app, err := appStorageDir()
	require.NoError(t, err)
	playsIn(t, app)
	served, err := plays.Open(companion.Dir(defaultServeDir()).Store(plays.FileName))
	require.NoError(t, err)
	at := time.Date(2026, 11, 22, 20, 0, 0, 0, time.Local)
	require.NoError(t, served.Add(plays.Play{ID: "cccc", Game: "adele", GameName: "ADELE", Start: at, End: at.Add(time.Hour), Result: "The crew won"}))

	out, err := runPlays(t)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 4, out)
	assert.Contains(t, lines[1], "ADELE", "the served play, newest, first")
	assert.Contains(t, lines[2], "Magic Maze on Mars")

	out, err = runPlays(t, "--data", app)
	require.NoError(t, err)
	assert.NotContains(t, out, "ADELE", "--data reads that folder alone")
}
