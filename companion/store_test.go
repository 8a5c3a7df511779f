package companion

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/timers"
)

func newStoredTally(t *testing.T) (*Session, *FileStore, *timers.Fake) {
	t.Helper()
	clock := timers.NewFake(epoch)
	st := NewStore(filepath.Join(t.TempDir(), "sessions", "tally.json"))
	s := New(tallyRules, newTally(5), clock)
	require.NoError(t, Attach(s, st, func(err error) { t.Errorf("save failed: %v", err) }))
	return s, st, clock
}

func TestStore_ResumesExactlyWhereItWas(t *testing.T) {
	s, st, clock := newStoredTally(t)
	require.NoError(t, s.Dispatch(add{N: 2}))
	require.NoError(t, s.Dispatch(roll{}))
	require.NoError(t, s.Dispatch(roll{}))
	require.NoError(t, s.Undo())

	resumed, err := Open(st, tallyRules, clock, nil)
	require.NoError(t, err)
	require.NotNil(t, resumed)
	assert.Equal(t, s.View().Version, resumed.View().Version)
	assert.Equal(t, state(s), state(resumed))
	assert.Equal(t, s.Log(), resumed.Log())

	// The generator continues the same sequence in both.
	require.NoError(t, s.Dispatch(roll{}))
	require.NoError(t, resumed.Dispatch(roll{}))
	assert.Equal(t, state(s).Rolls, state(resumed).Rolls)

	// Undo survives the restart, down to the first action.
	for range 3 {
		require.NoError(t, resumed.Undo())
	}
	assert.Equal(t, 0, state(resumed).Count)
}

func TestStore_EveryAcceptedActionIsSaved(t *testing.T) {
	s, st, clock := newStoredTally(t)
	require.NoError(t, s.Dispatch(add{N: 4}))
	require.Error(t, s.Dispatch(add{N: -10}))

	resumed, err := Open(st, tallyRules, clock, nil)
	require.NoError(t, err)
	assert.Equal(t, 4, state(resumed).Count)
	assert.Equal(t, uint64(1), resumed.View().Version)
}

func TestStore_NoSaveYet(t *testing.T) {
	st := NewStore(filepath.Join(t.TempDir(), "none.json"))
	s, err := Open(st, tallyRules, timers.NewFake(epoch), nil)
	assert.NoError(t, err)
	assert.Nil(t, s)
}

func TestStore_UnreadableFilesAreSetAside(t *testing.T) {
	tests := []struct {
		name    string
		content string
		wantMsg string
		unknown bool
	}{
		{name: "truncated file", content: `{"format":1,"game":"tally","state":{"cou`, wantMsg: "the saved game is damaged and cannot be read"},
		{name: "not JSON at all", content: "\x00\x01garbage", wantMsg: "the saved game is damaged and cannot be read"},
		{name: "newer format", content: `{"format":2,"game":"tally","state":{}}`, wantMsg: "the saved game uses format 2, but this version of Boardside reads format 1", unknown: true},
		{name: "no format", content: `{"game":"tally","state":{}}`, wantMsg: "uses format 0", unknown: true},
		{name: "another game", content: `{"format":1,"game":"chess","state":{}}`, wantMsg: `the saved game is "chess", not "tally"`},
		{name: "state of the wrong shape", content: `{"format":1,"game":"tally","state":{"count":"many"}}`, wantMsg: "the saved game is damaged"},
		{name: "damaged undo step", content: `{"format":1,"game":"tally","state":{},"undo":[{"state":{"rolls":"x"},"seq":1}]}`, wantMsg: "undo step 1 is damaged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "tally.json")
			require.NoError(t, os.WriteFile(path, []byte(tt.content), 0o644))
			clock := timers.NewFake(epoch)

			s, err := Open(NewStore(path), tallyRules, clock, nil)
			require.Error(t, err)
			assert.Nil(t, s, "nothing is half-read")

			var aside *SetAsideError
			require.ErrorAs(t, err, &aside)
			assert.Contains(t, err.Error(), tt.wantMsg)
			assert.Equal(t, tt.unknown, errors.Is(err, ErrUnknownFormat))
			assert.Equal(t, path+".unreadable-20261121-200000", aside.Path)
			assert.Contains(t, err.Error(), aside.Path, "the player is told where the file is")

			kept, readErr := os.ReadFile(aside.Path)
			require.NoError(t, readErr, "the unreadable file is kept")
			assert.Equal(t, tt.content, string(kept))
			_, statErr := os.Stat(path)
			assert.True(t, os.IsNotExist(statErr), "the next start begins clean")
		})
	}
}

func TestStore_InterruptedWriteKeepsPreviousSave(t *testing.T) {
	s, st, clock := newStoredTally(t)
	require.NoError(t, s.Dispatch(add{N: 3}))

	// The next save is cut off after its temp file is written, as a crash
	// or power loss between write and rename would.
	var reported error
	crash := errors.New("power lost")
	st.beforeRename = func() error { return crash }
	s.SaveTo(st.Save, func(err error) { reported = err })
	require.NoError(t, s.Dispatch(add{N: 10}))
	assert.ErrorIs(t, reported, crash, "a failed save is reported")
	assert.Equal(t, 13, state(s).Count, "the change is kept in memory")

	st.beforeRename = nil
	resumed, err := Open(st, tallyRules, clock, nil)
	require.NoError(t, err)
	assert.Equal(t, 3, state(resumed).Count, "the previous save survives")
	leftovers, _ := filepath.Glob(st.Path + ".tmp-*")
	assert.Empty(t, leftovers, "no temporary files pile up")
}

func TestStore_LeftoverTempFromACrashIsIgnoredAndRemoved(t *testing.T) {
	s, st, clock := newStoredTally(t)
	require.NoError(t, s.Dispatch(add{N: 8}))
	// What a process killed mid-write leaves behind: a half-written temp file.
	temp := st.Path + ".tmp-12345"
	require.NoError(t, os.WriteFile(temp, []byte(`{"format":1,"ga`), 0o644))

	resumed, err := Open(st, tallyRules, clock, nil)
	require.NoError(t, err)
	assert.Equal(t, 8, state(resumed).Count)
	_, statErr := os.Stat(temp)
	assert.True(t, os.IsNotExist(statErr))
}

func TestStore_SaveIntoUnwritableFolderSaysSo(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(blocker, nil, 0o644))
	st := NewStore(filepath.Join(blocker, "tally.json"))
	err := st.Save([]byte("{}"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "could not create the folder for saved games")
}

func TestReadHeader(t *testing.T) {
	h, err := ReadHeader([]byte(`{"format":1,"game":"marsmaze","version":12,"savedAt":"2026-11-21T20:00:00Z"}`))
	require.NoError(t, err)
	assert.Equal(t, Header{Format: 1, Game: "marsmaze", Version: 12, SavedAt: epoch}, h)

	_, err = ReadHeader([]byte(`{"format":1}`))
	assert.EqualError(t, err, "the saved game does not say which game it is")
}

// BenchmarkSave_1000Actions measures one accepted action and its atomic
// save when the log already holds 1,000 actions and the undo stack is full.
func BenchmarkSave_1000Actions(b *testing.B) {
	clock := timers.NewFake(epoch)
	st := NewStore(filepath.Join(b.TempDir(), "tally.json"))
	s := New(tallyRules, newTally(1), clock)
	for i := range 1000 {
		if i%2 == 0 {
			_ = s.Dispatch(add{N: 1})
		} else {
			_ = s.Dispatch(roll{})
		}
		clock.Advance(time.Second)
	}
	s.SaveTo(st.Save, func(err error) { b.Fatal(err) })
	b.ResetTimer()
	for range b.N {
		if err := s.Dispatch(add{N: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestEncode_MatchesTheSaveFileStructure(t *testing.T) {
	s, _, _ := newStoredTally(t)
	require.NoError(t, s.Dispatch(add{N: 2}))
	require.NoError(t, s.Dispatch(roll{}))
	require.NoError(t, s.Undo())

	fast, err := s.Encode()
	require.NoError(t, err)
	var f saveFile
	require.NoError(t, json.Unmarshal(fast, &f), "the hand-assembled file is valid JSON")
	slow, err := json.Marshal(f)
	require.NoError(t, err)
	assert.JSONEq(t, string(slow), string(fast))
	assert.Equal(t, uint64(3), f.Version)
	assert.Len(t, f.Log, 3)
	assert.True(t, f.Log[1].Undone)
	assert.Len(t, f.Undo, 1)
}

// BenchmarkDispatch_NoSave is the baseline for BenchmarkSave_1000Actions:
// the same action and log without writing to disk.
func BenchmarkDispatch_NoSave(b *testing.B) {
	clock := timers.NewFake(epoch)
	s := New(tallyRules, newTally(1), clock)
	for i := range 1000 {
		if i%2 == 0 {
			_ = s.Dispatch(add{N: 1})
		} else {
			_ = s.Dispatch(roll{})
		}
	}
	b.ResetTimer()
	for range b.N {
		if err := s.Dispatch(add{N: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
