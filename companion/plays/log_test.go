package plays

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
)

// openIn opens the log plays.json in dir, as the app does at its storage's
// root.
func openIn(t *testing.T, dir string) *Log {
	t.Helper()
	l, err := Open(companion.Dir(dir).Store(FileName))
	require.NoError(t, err)
	require.NotNil(t, l)
	return l
}

// play is a play of marsmaze that ended at end.
func play(id string, end time.Time) Play {
	return Play{ID: id, Game: "marsmaze", GameName: "Magic Maze on Mars", Start: end.Add(-20 * time.Minute), End: end,
		Cooperative: true, Result: "Out of sand", Players: []Player{{Name: "Anna"}, {Name: "Ben"}}}
}

func ids(ps []Play) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

func TestLog_NoneYetIsEmpty(t *testing.T) {
	dir := t.TempDir()
	l := openIn(t, dir)
	assert.Empty(t, l.Plays())
	_, err := os.Stat(filepath.Join(dir, "plays.json"))
	assert.ErrorIs(t, err, fs.ErrNotExist, "opening writes nothing")
}

func TestLog_AddReplaceDelete(t *testing.T) {
	dir := t.TempDir()
	l := openIn(t, dir)

	a, b := coopPlay(), scoredPlay()
	require.NoError(t, l.Add(a))
	require.NoError(t, l.Add(b))
	assert.Equal(t, []string{a.ID, b.ID}, ids(l.Plays()))
	assert.Equal(t, []string{a.ID, b.ID}, ids(openIn(t, dir).Plays()), "saved at once")

	require.NoError(t, l.Add(a), "the same play again")
	assert.Len(t, l.Plays(), 2, "adding the same play twice keeps one")

	a.Result = "Mission accomplished, 0:41 left"
	require.NoError(t, l.Add(a))
	reopened := openIn(t, dir).Plays()
	require.Len(t, reopened, 2)
	assert.Equal(t, "Mission accomplished, 0:41 left", reopened[0].Result, "a play with the same ID replaces it")

	require.NoError(t, l.Delete(b.ID))
	assert.Equal(t, []string{a.ID}, ids(l.Plays()))
	assert.Equal(t, []string{a.ID}, ids(openIn(t, dir).Plays()))
	require.NoError(t, l.Delete(b.ID), "deleting what is gone is fine")
	require.NoError(t, l.Delete("no such play"))
}

func TestLog_AddRefusesAPlayWithoutIDOrGame(t *testing.T) {
	l := openIn(t, t.TempDir())
	p := coopPlay()
	p.ID = ""
	assert.ErrorContains(t, l.Add(p), "no ID")
	p = coopPlay()
	p.Game = " "
	assert.ErrorContains(t, l.Add(p), "which game")
	assert.Empty(t, l.Plays())
}

func TestLog_NewestFirstByEnd(t *testing.T) {
	dir := t.TempDir()
	l := openIn(t, dir)
	// Added in another order than they ended; the long game began first
	// but ended last.
	long := play("long", evening.Add(3*time.Hour))
	long.Start = evening.Add(-time.Hour)
	for _, p := range []Play{play("second", evening.Add(time.Hour)), long, play("first", evening), play("third", evening.Add(2*time.Hour))} {
		require.NoError(t, l.Add(p))
	}
	want := []string{"long", "third", "second", "first"}
	assert.Equal(t, want, ids(l.Plays()))
	assert.Equal(t, want, ids(openIn(t, dir).Plays()))
}

func TestLog_PlaysIsACopy(t *testing.T) {
	l := openIn(t, t.TempDir())
	p := scoredPlay()
	require.NoError(t, l.Add(p))
	*p.Players[0].Score = 999 // the caller's play, after Add
	p.Details[0].Value = "changed"

	got := l.Plays()
	assert.Equal(t, 54, *got[0].Players[0].Score, "Add keeps a copy")
	*got[0].Players[0].Score = 1000
	got[0].Players[1].Name = "Someone else"
	got[0].Details[0].Value = "changed"

	again := l.Plays()[0]
	assert.Equal(t, 54, *again.Players[0].Score, "Plays hands out a copy")
	assert.Equal(t, "Ben Okafor", again.Players[1].Name)
	assert.Equal(t, "4", again.Details[0].Value)
}

func TestLog_ImportAnExportIntoAnotherLog(t *testing.T) {
	phone := openIn(t, t.TempDir())
	for i := range 3 {
		require.NoError(t, phone.Add(play(fmt.Sprintf("phone-%d", i), evening.Add(time.Duration(i)*time.Hour))))
	}
	tablet := openIn(t, t.TempDir())
	require.NoError(t, tablet.Add(play("tablet-0", evening.Add(90*time.Minute))))
	shared := play("phone-1", evening.Add(time.Hour))
	shared.Result = "as the tablet has it"
	require.NoError(t, tablet.Add(shared), "a play both have")

	export, err := phone.ExportJSON()
	require.NoError(t, err)
	added, err := tablet.Import(export)
	require.NoError(t, err)
	assert.Equal(t, 2, added)
	assert.Equal(t, []string{"phone-2", "tablet-0", "phone-1", "phone-0"}, ids(tablet.Plays()))
	assert.Equal(t, "as the tablet has it", tablet.Plays()[2].Result, "a play the log has stays as it is")

	added, err = tablet.Import(export)
	require.NoError(t, err)
	assert.Zero(t, added, "importing again adds nothing")
	assert.Len(t, tablet.Plays(), 4, "none duplicated")

	// And back: the phone gets the tablet's own play only.
	back, err := tablet.ExportJSON()
	require.NoError(t, err)
	added, err = phone.Import(back)
	require.NoError(t, err)
	assert.Equal(t, 1, added)
	assert.Equal(t, []string{"phone-2", "tablet-0", "phone-1", "phone-0"}, ids(phone.Plays()))
}

func TestLog_ImportIsSaved(t *testing.T) {
	from := openIn(t, t.TempDir())
	require.NoError(t, from.Add(coopPlay()))
	export, err := from.ExportJSON()
	require.NoError(t, err)
	dir := t.TempDir()
	_, err = openIn(t, dir).Import(export)
	require.NoError(t, err)
	assert.Equal(t, []string{coopPlay().ID}, ids(openIn(t, dir).Plays()))
}

func TestLog_ExportJSONRoundTrip(t *testing.T) {
	l := openIn(t, t.TempDir())
	cet := time.FixedZone("CET", 3600)
	a, b := coopPlay(), scoredPlay()
	a.Start, a.End = a.Start.In(cet), a.End.In(cet)
	require.NoError(t, l.Add(a))
	require.NoError(t, l.Add(b))
	export, err := l.ExportJSON()
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(export, []byte("{\n  \"format\": 1,\n  \"plays\": [")), "%s", export)

	other := openIn(t, t.TempDir())
	added, err := other.Import(export)
	require.NoError(t, err)
	assert.Equal(t, 2, added)
	again, err := other.ExportJSON()
	require.NoError(t, err)
	assert.Equal(t, string(export), string(again), "an export imported and exported again is the same")

	got := other.Plays()
	require.Len(t, got, 2)
	assert.True(t, got[0].Start.Equal(a.Start) && got[0].End.Equal(a.End))
	assert.Equal(t, a.Details, got[0].Details)
	assert.Equal(t, b.Players, got[1].Players)
	assert.Equal(t, 97*time.Minute, got[1].Duration())

	empty, err := openIn(t, t.TempDir()).ExportJSON()
	require.NoError(t, err)
	assert.JSONEq(t, `{"format":1,"plays":[]}`, string(empty))
}

func TestLog_ImportRefusesBadInputWhole(t *testing.T) {
	good := func(id string) string {
		return fmt.Sprintf(`{"id":%q,"game":"marsmaze","gameName":"Magic Maze on Mars","start":"2026-11-21T20:00:00Z","end":"2026-11-21T20:20:00Z","cooperative":true,"won":true,"result":"","players":[]}`, id)
	}
	tests := []struct {
		name, data, want string
	}{
		{"not JSON", "date,game\n2026-11-21,Magic Maze on Mars\n", "cannot be read"},
		{"cut short", `{"format":1,"plays":[` + good("a"), "cannot be read"},
		{"a list, not an export", `[` + good("a") + `]`, "cannot be read"},
		{"a saved game", `{"format":1,"game":"marsmaze","version":3,"state":{},"log":[]}`, "not a list of played games"},
		{"no format", `{"plays":[` + good("a") + `]}`, "not a list of played games"},
		{"a newer format", `{"format":2,"plays":[` + good("a") + `]}`, "uses format 2, but this version of Boardside reads format 1"},
		{"a play without an ID", `{"format":1,"plays":[` + good("a") + `,` + good("") + `]}`, "play 2: the play has no ID"},
		{"a play without a game", `{"format":1,"plays":[{"id":"b","start":"2026-11-21T20:00:00Z","end":"2026-11-21T20:20:00Z"}]}`, "does not say which game"},
		{"a date that is not one", `{"format":1,"plays":[{"id":"b","game":"marsmaze","start":"yesterday"}]}`, "cannot be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			l := openIn(t, dir)
			require.NoError(t, l.Add(scoredPlay()))
			before, err := os.ReadFile(filepath.Join(dir, "plays.json"))
			require.NoError(t, err)

			added, err := l.Import([]byte(tt.data))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.True(t, strings.HasPrefix(err.Error(), "the export of played games "), "plain words: %v", err)
			assert.Zero(t, added)
			assert.Equal(t, []string{scoredPlay().ID}, ids(l.Plays()), "nothing added, nothing lost")
			after, err := os.ReadFile(filepath.Join(dir, "plays.json"))
			require.NoError(t, err)
			assert.Equal(t, string(before), string(after), "the log's file is untouched")
		})
	}
}

func TestLog_ImportKeepsEachPlayOnce(t *testing.T) {
	l := openIn(t, t.TempDir())
	twice := `{"format":1,"plays":[` +
		`{"id":"a","game":"marsmaze","start":"2026-11-21T20:00:00Z","end":"2026-11-21T20:20:00Z","result":"first"},` +
		`{"id":"a","game":"marsmaze","start":"2026-11-21T20:00:00Z","end":"2026-11-21T20:20:00Z","result":"again"}]}`
	added, err := l.Import([]byte(twice))
	require.NoError(t, err)
	assert.Equal(t, 1, added)
	require.Len(t, l.Plays(), 1)
	assert.Equal(t, "first", l.Plays()[0].Result)
}

func TestLog_ExportCSV(t *testing.T) {
	l := openIn(t, t.TempDir())
	require.NoError(t, l.Add(scoredPlay()))
	require.NoError(t, l.Add(coopPlay()))
	data, err := l.ExportCSV()
	require.NoError(t, err)
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 3)
	assert.Equal(t, []string{"date", "game", "duration (min)", "result", "board", "players", "id"}, rows[0])
	assert.Equal(t, []string{"2026-11-21 20:00", "Magic Maze on Mars", "24", "Mission accomplished with 0:40 of sand left",
		"Mission 3", "Anna; Ben; Clara", coopPlay().ID}, rows[1], "newest first")
	assert.Equal(t, []string{"2026-11-21 17:00", "AquaSphere", "97", "Ben wins with 61 points",
		"", "Anna: 54; Ben Okafor: 61 (winner); Clara: 33", scoredPlay().ID}, rows[2])

	empty, err := openIn(t, t.TempDir()).ExportCSV()
	require.NoError(t, err)
	assert.Equal(t, "date,game,duration (min),result,board,players,id\n", string(empty))
}

func TestLog_ExportCSVQuotesWhatNeedsIt(t *testing.T) {
	l := openIn(t, t.TempDir())
	p := scoredPlay()
	p.Result = `Ben wins, "by a mile"`
	p.Players = []Player{{Name: "Ben, the tall one", Score: score(61), Winner: true}}
	require.NoError(t, l.Add(p))
	data, err := l.ExportCSV()
	require.NoError(t, err)
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Equal(t, `Ben wins, "by a mile"`, rows[1][3])
	assert.Equal(t, "Ben, the tall one: 61 (winner)", rows[1][5])
}

func TestOpen_AnUnreadableLogIsSetAside(t *testing.T) {
	tests := []struct{ name, content, want string }{
		{"damaged", `{"format":1,"plays":[{"id":"a","ga`, "the log of played games cannot be read"},
		{"a newer format", `{"format":2,"plays":[]}`, "the log of played games uses format 2"},
		{"something else", `{"format":1,"game":"marsmaze","state":{}}`, "not a list of played games"},
		{"a play without an ID", `{"format":1,"plays":[{"game":"marsmaze"}]}`, "play 1: the play has no ID"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "plays.json")
			require.NoError(t, os.WriteFile(path, []byte(tt.content), 0o600))

			l, err := Open(companion.NewStore(path))
			require.NotNil(t, l, "a usable log all the same")
			var aside *SetAsideError
			require.ErrorAs(t, err, &aside)
			assert.Contains(t, err.Error(), tt.want)
			assert.True(t, strings.HasPrefix(aside.Path, path+".unreadable-"), aside.Path)
			assert.Contains(t, err.Error(), aside.Path, "the player is told where it was kept")
			assert.Contains(t, err.Error(), "a new log of played games was begun")

			kept, readErr := os.ReadFile(aside.Path)
			require.NoError(t, readErr, "the unreadable log is kept")
			assert.Equal(t, tt.content, string(kept))

			assert.Empty(t, l.Plays())
			require.NoError(t, l.Add(coopPlay()), "the new log saves in its place")
			assert.Equal(t, []string{coopPlay().ID}, ids(openIn(t, dir).Plays()))
			kept, readErr = os.ReadFile(aside.Path)
			require.NoError(t, readErr)
			assert.Equal(t, tt.content, string(kept), "and the kept one stays")
		})
	}
}

// memStore is a companion.Store in memory whose every step can fail.
type memStore struct {
	mu       sync.Mutex
	data     []byte // nil: no save
	aside    map[string][]byte
	loadErr  error
	saveErr  error
	asideErr error
	saves    int
}

func (m *memStore) Save(data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.saveErr != nil {
		return m.saveErr
	}
	m.data = bytes.Clone(data)
	m.saves++
	return nil
}

func (m *memStore) Load() ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.loadErr != nil {
		return nil, m.loadErr
	}
	if m.data == nil {
		return nil, fs.ErrNotExist
	}
	return bytes.Clone(m.data), nil
}

func (m *memStore) SetAside(now time.Time) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.asideErr != nil {
		return "", m.asideErr
	}
	if m.data == nil {
		return "", fs.ErrNotExist
	}
	name := companion.AsideName("plays.json", now)
	if m.aside == nil {
		m.aside = map[string][]byte{}
	}
	m.aside[name], m.data = m.data, nil
	return name, nil
}

func (m *memStore) Remove() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.data = nil
	return nil
}

func TestOpen_AStoreThatFailsGivesNoLog(t *testing.T) {
	t.Run("reading", func(t *testing.T) {
		st := &memStore{data: []byte(`{"format":1,"plays":[]}`), loadErr: errors.New("permission denied")}
		l, err := Open(st)
		assert.Nil(t, l, "no log that could overwrite the one it could not read")
		assert.ErrorContains(t, err, "could not read the log of played games: permission denied")
	})
	t.Run("setting aside", func(t *testing.T) {
		st := &memStore{data: []byte(`{"format":1,"pl`), asideErr: errors.New("read-only folder")}
		l, err := Open(st)
		assert.Nil(t, l)
		assert.ErrorContains(t, err, "cannot be read")
		assert.ErrorContains(t, err, "read-only folder")
		assert.Equal(t, `{"format":1,"pl`, string(st.data), "the log is where it was")
	})
}

func TestLog_AFailedSaveChangesNothing(t *testing.T) {
	st := &memStore{}
	l, err := Open(st)
	require.NoError(t, err)
	require.NoError(t, l.Add(coopPlay()))
	saved := string(st.data)

	st.saveErr = errors.New("disk full")
	err = l.Add(scoredPlay())
	assert.ErrorContains(t, err, "could not save the log of played games: disk full")
	assert.Equal(t, []string{coopPlay().ID}, ids(l.Plays()), "the play that was not saved is not shown either")
	assert.ErrorContains(t, l.Delete(coopPlay().ID), "disk full")
	assert.Equal(t, []string{coopPlay().ID}, ids(l.Plays()))
	export, err := exportOf(scoredPlay())
	require.NoError(t, err)
	added, err := l.Import(export)
	assert.Error(t, err)
	assert.Zero(t, added)
	assert.Equal(t, []string{coopPlay().ID}, ids(l.Plays()))
	assert.Equal(t, saved, string(st.data))

	st.saveErr = nil
	require.NoError(t, l.Add(scoredPlay()), "once the disk has room, the same Add works")
	assert.Equal(t, []string{coopPlay().ID, scoredPlay().ID}, ids(l.Plays()))
}

// exportOf is an export of ps alone.
func exportOf(ps ...Play) ([]byte, error) { return encode(ps, true) }

// killedStore is the FileStore of plays.json whose saves are killed
// midway, as a player closing the app or a phone's battery dying during
// the record would: the new log is partly written to a temporary file
// beside the log, and never renamed over it.
type killedStore struct {
	*companion.FileStore
	killed bool
}

var errKilled = errors.New("killed")

func (s *killedStore) Save(data []byte) error {
	if !s.killed {
		return s.FileStore.Save(data)
	}
	if err := os.WriteFile(s.Path+".tmp-1234", data[:len(data)/2], 0o600); err != nil {
		return err
	}
	return errKilled
}

func TestLog_AKillDuringTheRecordLeavesThePreviousLog(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "plays.json")
	st := &killedStore{FileStore: companion.NewStore(path)}
	l, err := Open(st)
	require.NoError(t, err)
	require.NoError(t, l.Add(coopPlay()))
	previous, err := os.ReadFile(path)
	require.NoError(t, err)

	st.killed = true
	assert.ErrorIs(t, l.Add(scoredPlay()), errKilled)
	leftovers, _ := filepath.Glob(path + ".tmp-*")
	require.Len(t, leftovers, 1, "the cut-off save left half a log beside the log")

	// The app starts again.
	restarted, err := Open(companion.NewStore(path))
	require.NoError(t, err, "the previous log is read, not set aside")
	assert.Equal(t, []string{coopPlay().ID}, ids(restarted.Plays()))
	now, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(previous), string(now))
	leftovers, _ = filepath.Glob(path + ".tmp-*")
	assert.Empty(t, leftovers, "what the cut-off save left is cleared")

	require.NoError(t, restarted.Add(scoredPlay()), "the record is made again")
	assert.Equal(t, []string{coopPlay().ID, scoredPlay().ID}, ids(openIn(t, dir).Plays()))
}

func TestLog_PlaysAddedAtOnceAreAllKept(t *testing.T) {
	dir := t.TempDir()
	l := openIn(t, dir)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			assert.NoError(t, l.Add(play(fmt.Sprintf("p%d", i), evening.Add(time.Duration(i)*time.Minute))))
			_ = l.Plays()
			_, _ = l.ExportCSV()
		})
	}
	wg.Wait()
	assert.Len(t, l.Plays(), 8)
	assert.Len(t, openIn(t, dir).Plays(), 8)
}
