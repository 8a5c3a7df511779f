package plays_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/plays"
	"boardside/timers"
)

var evening = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

// wonMarsMaze is a game of Magic Maze on Mars won, not yet recorded.
func wonMarsMaze(t *testing.T) *companion.Session {
	t.Helper()
	clock := timers.NewFake(evening)
	s := companion.New(mm.Rules, mm.New(), clock)
	for _, a := range []companion.Action{&mm.ChooseMission{Mission: 3}, &mm.Start{}, &mm.Win{}} {
		clock.Advance(10 * time.Second)
		require.NoError(t, s.Dispatch(a), a.Kind())
	}
	return s
}

func bookIn(t *testing.T, dir string, deleted plays.Deleted) *plays.Book {
	t.Helper()
	l, err := plays.Open(companion.Dir(dir).Store(plays.FileName))
	require.NoError(t, err)
	return plays.NewBook(l, deleted, func(err error) { t.Errorf("the log failed: %v", err) })
}

func names(p plays.Play) []string {
	var out []string
	for _, pl := range p.Players {
		out = append(out, pl.Name)
	}
	return out
}

func TestBook_FollowsRecordsNamesAndUndo(t *testing.T) {
	b := bookIn(t, t.TempDir(), nil)
	var kept []plays.Play
	b.OnKept = func(p plays.Play) { kept = append(kept, p) }
	s := wonMarsMaze(t)
	b.Follow(s)
	assert.Empty(t, b.Plays(), "nothing is recorded yet")

	require.NoError(t, s.Dispatch(&mm.RecordPlay{ID: "p1", Names: []string{"Anna", "Ben"}}))
	require.Len(t, b.Plays(), 1)
	assert.Equal(t, []string{"Anna", "Ben"}, names(b.Plays()[0]))
	require.NoError(t, s.Dispatch(&mm.RecordPlay{ID: "p1", Names: []string{"Anna", "Cem"}}))
	require.Len(t, b.Plays(), 1, "recorded again, the same play")
	assert.Equal(t, []string{"Anna", "Cem"}, names(b.Plays()[0]))
	require.Len(t, kept, 2, "each record is told")
	assert.Equal(t, "Won with", kept[1].Result[:8])

	require.NoError(t, s.Undo())
	assert.Equal(t, []string{"Anna", "Ben"}, names(b.Plays()[0]), "undo takes the new names back")
	require.NoError(t, s.Undo())
	assert.Empty(t, b.Plays(), "undo takes the record back")
}

// deletedSet is the app's preferences' memory of deleted plays, in a map.
type deletedSet map[string]bool

func (d deletedSet) PlayDeleted(id string) bool  { return d[id] }
func (d deletedSet) SetPlayDeleted(id string)    { d[id] = true }
func (d deletedSet) ForgetPlayDeleted(id string) { delete(d, id) }

func TestBook_CatchesUpAtStartButKeepsADeletion(t *testing.T) {
	dir := t.TempDir()
	s := wonMarsMaze(t)
	require.NoError(t, s.Dispatch(&mm.RecordPlay{ID: "p1", Names: []string{"Anna"}}))
	// The host stopped after the game's save, before the log's: a new
	// start follows the game and finds the record.
	deleted := deletedSet{}
	b := bookIn(t, dir, deleted)
	b.Follow(s)
	require.Len(t, b.Plays(), 1)
	assert.Equal(t, "p1", b.Plays()[0].ID)

	require.NoError(t, b.Remove("p1"))
	b.Unfollow(s)
	again := bookIn(t, dir, deleted)
	again.Follow(s)
	assert.Empty(t, again.Plays(), "a play deleted stays deleted though the game holds it")

	require.NoError(t, s.Dispatch(&mm.RecordPlay{ID: "p1", Names: []string{"Ben"}}))
	require.Len(t, again.Plays(), 1, "recorded anew, it is kept again")
	assert.False(t, deleted["p1"])
}

func TestBook_AnUndoneRecordLeavesAtStart(t *testing.T) {
	dir := t.TempDir()
	s := wonMarsMaze(t)
	first := bookIn(t, dir, nil)
	first.Follow(s)
	require.NoError(t, s.Dispatch(&mm.RecordPlay{ID: "p1"}))
	require.Len(t, first.Plays(), 1)
	first.Unfollow(s)
	require.NoError(t, s.Undo()) // while nobody followed: the log still has it

	again := bookIn(t, dir, nil)
	again.Follow(s)
	assert.Empty(t, again.Plays())
}
