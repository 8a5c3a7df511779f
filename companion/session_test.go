package companion

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/timers"
)

var epoch = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

func state(s *Session) *tally { return s.View().State.(*tally) }

func TestSession_Dispatch(t *testing.T) {
	tests := []struct {
		name        string
		actions     []Action
		wantErr     string
		wantCount   int
		wantVersion uint64
	}{
		{name: "an accepted action raises the version", actions: []Action{add{N: 3}}, wantCount: 3, wantVersion: 1},
		{name: "each accepted action raises the version by one", actions: []Action{add{N: 3}, add{N: 2}, add{N: -1}}, wantCount: 4, wantVersion: 3},
		{name: "an invalid action is refused in plain words", actions: []Action{add{N: 2}, add{N: -3}}, wantErr: "the count cannot go below zero", wantCount: 2, wantVersion: 1},
		{name: "a half-applied refused action changes nothing", actions: []Action{add{N: 5}, scribble{}}, wantErr: "scribbling is not allowed", wantCount: 5, wantVersion: 1},
		{name: "an action of another game is refused", actions: []Action{unknownAction{}}, wantErr: `"unknown" is not a tally action`, wantCount: 0, wantVersion: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(tallyRules, newTally(1), timers.NewFake(epoch))
			var err error
			for _, a := range tt.actions {
				if err = s.Dispatch(a); err != nil {
					break
				}
			}
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Equal(t, tt.wantErr, err.Error())
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, tt.wantCount, state(s).Count)
			assert.Empty(t, state(s).Rolls, "no roll was made")
			assert.Equal(t, tt.wantVersion, s.View().Version)
			assert.Len(t, s.Log(), int(tt.wantVersion), "only accepted actions are logged")
		})
	}
}

func TestSession_LogRecordsKindDataAndTime(t *testing.T) {
	clock := timers.NewFake(epoch)
	s := New(tallyRules, newTally(1), clock)
	require.NoError(t, s.Dispatch(add{N: 7}))
	clock.Advance(90 * time.Second)
	require.NoError(t, s.Dispatch(roll{}))

	log := s.Log()
	require.Len(t, log, 2)
	assert.Equal(t, Entry{Seq: 1, At: epoch, Kind: "add", Data: []byte(`{"n":7}`)}, log[0])
	assert.Equal(t, "roll", log[1].Kind)
	assert.Equal(t, epoch.Add(90*time.Second), log[1].At)
}

func TestSession_Undo(t *testing.T) {
	s := New(tallyRules, newTally(7), timers.NewFake(epoch))
	require.NoError(t, s.Dispatch(add{N: 1}))
	require.NoError(t, s.Dispatch(roll{}))
	first := state(s).Rolls[0]

	require.NoError(t, s.Undo())
	assert.Empty(t, state(s).Rolls)
	assert.Equal(t, uint64(3), s.View().Version, "an undo is a change too: clients must see it")

	require.NoError(t, s.Dispatch(roll{}))
	assert.Equal(t, first, state(s).Rolls[0], "an undone roll rolls the same again: generator state was restored")

	log := s.Log()
	require.Len(t, log, 4)
	assert.True(t, log[1].Undone, "the undone roll is marked in the history")
	assert.Equal(t, KindUndo, log[2].Kind)
	assert.Equal(t, 2, log[2].Undoes)
	assert.False(t, log[3].Undone)
}

func TestSession_UndoRestoresRandomSequenceAcrossManySteps(t *testing.T) {
	s := New(tallyRules, newTally(3), timers.NewFake(epoch))
	for range 60 {
		require.NoError(t, s.Dispatch(roll{}))
	}
	want := append([]int(nil), state(s).Rolls...)
	for range 60 {
		require.NoError(t, s.Undo())
	}
	assert.Empty(t, state(s).Rolls)
	for range 60 {
		require.NoError(t, s.Dispatch(roll{}))
	}
	assert.Equal(t, want, state(s).Rolls)
}

func TestSession_UndoDepth(t *testing.T) {
	s := New(tallyRules, newTally(1), timers.NewFake(epoch))
	total := UndoDepth + 20
	for range total {
		require.NoError(t, s.Dispatch(add{N: 1}))
	}
	undone := 0
	for s.Undo() == nil {
		undone++
	}
	assert.Equal(t, UndoDepth, undone)
	assert.GreaterOrEqual(t, undone, 50, "players can take back at least 50 steps")
	assert.Equal(t, total-UndoDepth, state(s).Count)
	assert.ErrorIs(t, s.Undo(), ErrNothingToUndo)
}

func TestSession_HandedOutStateIsNeverChanged(t *testing.T) {
	s := New(tallyRules, newTally(1), timers.NewFake(epoch))
	require.NoError(t, s.Dispatch(add{N: 1}))
	seen := state(s)
	require.NoError(t, s.Dispatch(add{N: 1}))
	require.NoError(t, s.Undo())
	assert.Equal(t, 1, seen.Count, "a view stays as it was when it was taken")
}

func TestSession_WatchersSeeEveryChange(t *testing.T) {
	s := New(tallyRules, newTally(1), timers.NewFake(epoch))
	var versions []uint64
	stop := s.Watch(func(v View) { versions = append(versions, v.Version) })
	require.NoError(t, s.Dispatch(add{N: 1}))
	require.Error(t, s.Dispatch(add{N: -5}))
	require.NoError(t, s.Undo())
	stop()
	require.NoError(t, s.Dispatch(add{N: 1}))
	assert.Equal(t, []uint64{1, 2}, versions)
}

// TestSession_WatchersAreToldInTheOrderTheyCame: the log of played games,
// which follows a session from its start, must take a change in before a
// screen that began watching later draws it.
func TestSession_WatchersAreToldInTheOrderTheyCame(t *testing.T) {
	s := New(tallyRules, newTally(1), timers.NewFake(epoch))
	var told, want []int
	for i := range 50 {
		s.Watch(func(View) { told = append(told, i) })
		want = append(want, i)
	}
	stop := s.Watch(func(View) { told = append(told, -1) })
	stop()
	for range 3 {
		told = nil
		require.NoError(t, s.Dispatch(add{N: 1}))
		require.Equal(t, want, told)
	}
}

func TestRules_DecodeAction(t *testing.T) {
	tests := []struct {
		name    string
		raw     string
		want    Action
		wantErr string
	}{
		{name: "known kind with data", raw: `{"kind":"add","data":{"n":4}}`, want: &add{N: 4}},
		{name: "known kind without data", raw: `{"kind":"roll"}`, want: &roll{}},
		{name: "unknown kind", raw: `{"kind":"cheat"}`, wantErr: `"cheat" is not an action of tally`},
		{name: "not JSON", raw: `{kind`, wantErr: "the action is not valid JSON"},
		{name: "bad data", raw: `{"kind":"add","data":{"n":"four"}}`, wantErr: `the "add" action's data is not valid`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := tallyRules.DecodeAction([]byte(tt.raw))
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, a)
		})
	}
}

func TestSession_DispatchAtRefusesStaleVersions(t *testing.T) {
	s := New(tallyRules, newTally(1), timers.NewFake(epoch))
	require.NoError(t, s.DispatchAt(0, add{N: 1}))
	assert.ErrorIs(t, s.DispatchAt(0, add{N: 1}), ErrStale, "another device acted first")
	assert.Equal(t, 1, state(s).Count)
	require.NoError(t, s.DispatchAt(1, add{N: 1}))
	assert.Equal(t, uint64(2), s.View().Version)
}

func TestSession_UndoKind(t *testing.T) {
	tests := []struct {
		name    string
		actions []Action
		undos   int
		want    string
	}{
		{name: "a new session has nothing to undo", want: ""},
		{name: "the last action", actions: []Action{add{N: 1}, roll{}}, want: "roll"},
		{name: "after an undo, the action before it", actions: []Action{add{N: 1}, roll{}}, undos: 1, want: "add"},
		{name: "everything undone", actions: []Action{add{N: 1}, roll{}}, undos: 2, want: ""},
		{name: "a refused action is not what an undo takes back", actions: []Action{roll{}, add{N: -5}}, want: "roll"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(tallyRules, newTally(1), timers.NewFake(epoch))
			for _, a := range tt.actions {
				_ = s.Dispatch(a)
			}
			for range tt.undos {
				require.NoError(t, s.Undo())
			}
			assert.Equal(t, tt.want, s.View().UndoKind)
			assert.Equal(t, tt.want, s.View().UndoKind, "the view says the same, with its version")
		})
	}
}

func TestSession_UndoAt(t *testing.T) {
	onlyRolls := func(kind string) bool { return kind == "roll" }
	tests := []struct {
		name        string
		actions     []Action
		seen        uint64
		allowed     func(string) bool
		wantErr     error
		wantCount   int
		wantRolls   int
		wantVersion uint64
	}{
		{name: "an allowed kind at the seen version is undone", actions: []Action{add{N: 2}, roll{}}, seen: 2, allowed: onlyRolls,
			wantCount: 2, wantRolls: 0, wantVersion: 3},
		{name: "a stale version changes nothing", actions: []Action{add{N: 2}, roll{}}, seen: 1, allowed: onlyRolls,
			wantErr: ErrStale, wantCount: 2, wantRolls: 1, wantVersion: 2},
		{name: "a kind this device may not undo changes nothing", actions: []Action{roll{}, add{N: 2}}, seen: 2, allowed: onlyRolls,
			wantErr: ErrNotUndoableHere, wantCount: 2, wantRolls: 1, wantVersion: 2},
		{name: "nothing to undo", seen: 0, allowed: func(string) bool { return true },
			wantErr: ErrNothingToUndo, wantVersion: 0},
		{name: "nothing to undo even for a device that may undo nothing", seen: 0, allowed: onlyRolls,
			wantErr: ErrNothingToUndo, wantVersion: 0},
		{name: "staleness is checked first", actions: []Action{add{N: 2}}, seen: 0, allowed: onlyRolls,
			wantErr: ErrStale, wantCount: 2, wantVersion: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(tallyRules, newTally(1), timers.NewFake(epoch))
			for _, a := range tt.actions {
				require.NoError(t, s.Dispatch(a))
			}
			logBefore := len(s.Log())
			var asked []string
			err := s.UndoAt(tt.seen, func(kind string) bool {
				asked = append(asked, kind)
				return tt.allowed(kind)
			})
			if tt.wantErr != nil {
				require.ErrorIs(t, err, tt.wantErr)
				assert.Len(t, s.Log(), logBefore, "a refused undo is not logged")
			} else {
				require.NoError(t, err)
				assert.Equal(t, []string{"roll"}, asked, "the kind asked about is the one taken back")
				log := s.Log()
				require.Len(t, log, logBefore+1)
				assert.Equal(t, Entry{Seq: logBefore + 1, At: epoch, Kind: KindUndo, Undoes: logBefore}, log[logBefore], "logged as an undo, like Undo")
				assert.True(t, log[logBefore-1].Undone)
			}
			assert.Equal(t, tt.wantCount, state(s).Count)
			assert.Len(t, state(s).Rolls, tt.wantRolls)
			assert.Equal(t, tt.wantVersion, s.View().Version)
		})
	}
}

func TestSession_UndoAtRollsTheSameAgain(t *testing.T) {
	s := New(tallyRules, newTally(5), timers.NewFake(epoch))
	require.NoError(t, s.Dispatch(roll{}))
	first := state(s).Rolls[0]
	require.NoError(t, s.UndoAt(1, func(string) bool { return true }))
	require.NoError(t, s.Dispatch(roll{}))
	assert.Equal(t, []int{first}, state(s).Rolls, "generator state was restored, as by Undo")
}

func TestSession_AmendAtIsUndoneWithTheActionItAmends(t *testing.T) {
	s := New(tallyRules, newTally(1), timers.NewFake(epoch))
	require.NoError(t, s.Dispatch(add{N: 1}))
	require.NoError(t, s.Dispatch(add{N: 2}))
	v := s.View().Version
	require.NoError(t, s.AmendAt(v, add{N: 4}))
	assert.Equal(t, 7, state(s).Count)
	assert.Equal(t, v+1, s.View().Version, "an amendment is a change devices see")
	assert.Equal(t, "add", s.View().UndoKind, "the next undo takes back the amended action")
	assert.ErrorIs(t, s.AmendAt(v, add{N: 1}), ErrStale, "an amendment of what the game no longer is, is refused")

	require.NoError(t, s.Undo())
	assert.Equal(t, 1, state(s).Count, "one undo takes back the action and its amendment")
	log := s.Log()
	require.Len(t, log, 4)
	assert.False(t, log[0].Undone)
	assert.True(t, log[1].Undone)
	assert.True(t, log[2].Undone, "the amendment is undone too")
	assert.Equal(t, 2, log[3].Undoes)

	require.NoError(t, s.Undo())
	assert.Equal(t, 0, state(s).Count)
	assert.ErrorIs(t, s.Undo(), ErrNothingToUndo)
}

func TestSession_AmendAtWithNothingToUndoIsAStepOfItsOwn(t *testing.T) {
	s := New(tallyRules, newTally(1), timers.NewFake(epoch))
	require.NoError(t, s.AmendAt(0, add{N: 2}))
	require.NoError(t, s.Undo())
	assert.Equal(t, 0, state(s).Count)
}
