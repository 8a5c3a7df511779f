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

// startedMarsMaze is a game of Magic Maze on Mars under way.
func startedMarsMaze(t *testing.T) *companion.Session {
	t.Helper()
	s, _ := startedMarsMazeOn(t)
	return s
}

func startedMarsMazeOn(t *testing.T) (*companion.Session, *timers.Fake) {
	t.Helper()
	clock := timers.NewFake(evening)
	s := companion.New(mm.Rules, mm.New(), clock)
	for _, a := range []companion.Action{&mm.ChooseMission{Mission: 3}, &mm.Start{}} {
		clock.Advance(10 * time.Second)
		require.NoError(t, s.Dispatch(a), a.Kind())
	}
	return s, clock
}

// wonMarsMaze is a game of Magic Maze on Mars won while no book followed
// it: not yet recorded.
func wonMarsMaze(t *testing.T) *companion.Session {
	t.Helper()
	s := startedMarsMaze(t)
	require.NoError(t, s.Dispatch(&mm.Win{}))
	return s
}

func recorded(t *testing.T, s *companion.Session) plays.Play {
	t.Helper()
	p, ok := plays.RecordedIn(s.View().State)
	require.True(t, ok, "the game holds its record")
	return p
}

func bookIn(t *testing.T, dir string, deleted plays.Deleted) *plays.Book {
	t.Helper()
	l, err := plays.Open(companion.Dir(dir).Store(plays.FileName))
	require.NoError(t, err)
	b := plays.NewBook(l, deleted, func(err error) { t.Errorf("the log failed: %v", err) })
	b.RecordAtEnd = true
	return b
}

func names(p plays.Play) []string {
	var out []string
	for _, pl := range p.Players {
		out = append(out, pl.Name)
	}
	return out
}

func TestBook_RecordsAGameTheMomentItEnds(t *testing.T) {
	b := bookIn(t, t.TempDir(), nil)
	var kept []plays.Play
	b.OnKept = func(p plays.Play) { kept = append(kept, p) }
	s := startedMarsMaze(t)
	b.Follow(s)
	assert.Empty(t, b.Plays(), "the game goes on")

	require.NoError(t, s.Dispatch(&mm.Win{}))
	require.Len(t, b.Plays(), 1, "nobody had to save it")
	p := recorded(t, s)
	assert.Equal(t, p.ID, b.Plays()[0].ID)
	assert.Len(t, p.ID, 32)
	assert.Contains(t, p.Result, "Won with")
	assert.Empty(t, p.Players, "the first play of the game has no names to take")
	require.Len(t, kept, 1, "the host is told")

	v := s.View().Version
	require.NoError(t, s.DispatchAt(v, &mm.RecordPlay{ID: p.ID, Names: []string{"Anna", "Ben"}}))
	assert.Equal(t, []string{"Anna", "Ben"}, names(b.Plays()[0]), "the names given afterwards")
	assert.ErrorIs(t, s.DispatchAt(v, &mm.RecordPlay{ID: p.ID, Names: []string{"Cem"}}), companion.ErrStale,
		"a second device that saw the game before the names is refused, not applied twice")
	require.Len(t, kept, 2)

	require.NoError(t, s.Undo())
	assert.Empty(t, names(b.Plays()[0]), "undo takes the names back")
	require.NoError(t, s.Undo())
	assert.Empty(t, b.Plays(), "one undo takes back the end and its record")
	_, over := s.View().State.(*mm.State).Over(s.Now())
	assert.False(t, over)
	_, ok := plays.RecordedIn(s.View().State)
	assert.False(t, ok)
}

func TestBook_PrefillsTheNamesOfTheGamesLastPlay(t *testing.T) {
	b := bookIn(t, t.TempDir(), nil)
	first := startedMarsMaze(t)
	b.Follow(first)
	require.NoError(t, first.Dispatch(&mm.Win{}))
	require.NoError(t, first.Dispatch(&mm.RecordPlay{ID: recorded(t, first).ID, Names: []string{"Anna", "Ben"}}))

	next := startedMarsMaze(t)
	b.Follow(next)
	require.NoError(t, next.Dispatch(&mm.Win{}))
	p := recorded(t, next)
	assert.NotEqual(t, recorded(t, first).ID, p.ID, "a play of its own")
	assert.Equal(t, []string{"Anna", "Ben"}, names(p))
	require.Len(t, b.Plays(), 2)
}

func TestBook_AGameEndedBeforeAStopIsRecordedAtStart(t *testing.T) {
	dir := t.TempDir()
	// The host was killed after the game's end was saved, before its
	// record: the saved game is ended, unrecorded.
	store := companion.Dir(dir).Store("marsmaze.json")
	clock := timers.NewFake(evening)
	s := companion.New(mm.Rules, mm.New(), clock)
	require.NoError(t, companion.Attach(s, store, func(err error) { t.Error(err) }))
	for _, a := range []companion.Action{&mm.ChooseMission{Mission: 3}, &mm.Start{}, &mm.Win{}} {
		require.NoError(t, s.Dispatch(a))
	}

	again, err := companion.Open(store, mm.Rules, clock, func(err error) { t.Error(err) })
	require.NoError(t, err)
	b := bookIn(t, dir, nil)
	b.Follow(again)
	require.Len(t, b.Plays(), 1)
	assert.Equal(t, recorded(t, again).ID, b.Plays()[0].ID)

	// And the record is saved with the game: a start after that finds it.
	third, err := companion.Open(store, mm.Rules, clock, func(err error) { t.Error(err) })
	require.NoError(t, err)
	assert.Equal(t, recorded(t, again).ID, recorded(t, third).ID)
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
	s := startedMarsMaze(t)
	first := bookIn(t, dir, nil)
	first.Follow(s)
	require.NoError(t, s.Dispatch(&mm.Win{}))
	require.Len(t, first.Plays(), 1)
	first.Unfollow(s)
	require.NoError(t, s.Undo()) // while nobody followed: the log still has it

	again := bookIn(t, dir, nil)
	again.Follow(s)
	assert.Empty(t, again.Plays())
}

func TestBook_WithoutRecordAtEndAGameWaitsForItsRecord(t *testing.T) {
	l, err := plays.Open(companion.Dir(t.TempDir()).Store(plays.FileName))
	require.NoError(t, err)
	b := plays.NewBook(l, nil, func(err error) { t.Error(err) })
	s := startedMarsMaze(t)
	b.Follow(s)
	require.NoError(t, s.Dispatch(&mm.Win{}))
	assert.Empty(t, b.Plays())
	require.NoError(t, s.Dispatch(&mm.RecordPlay{ID: "p1", Names: []string{"Anna"}}))
	require.Len(t, b.Plays(), 1)
	assert.Equal(t, []string{"Anna"}, names(b.Plays()[0]))
}

func TestBook_AGameLostByTimeIsRecordedWhenTheTimeRunsOut(t *testing.T) {
	s, clock := startedMarsMazeOn(t)
	b := bookIn(t, t.TempDir(), nil)
	b.Clock = clock
	b.Follow(s)
	clock.Advance(2 * time.Minute)
	assert.Empty(t, b.Plays(), "the sand still runs")
	require.NoError(t, s.Dispatch(&mm.Flip{})) // the sand turned over: it runs out later now
	clock.Advance(2 * time.Minute)
	assert.Empty(t, b.Plays(), "the flip gave the sand more time")
	clock.Advance(5 * time.Minute)
	require.Len(t, b.Plays(), 1, "recorded when the sand ran out, with no action to end the game")
	assert.Equal(t, "Lost: the sand ran out", recorded(t, s).Result)

	require.NoError(t, s.Undo())
	assert.Empty(t, b.Plays(), "undo takes the record back")
	_, ok := plays.RecordedIn(s.View().State)
	assert.False(t, ok, "and it stays undone")
	assert.Equal(t, "flip", s.View().UndoKind, "the flip is the next undo")
}
