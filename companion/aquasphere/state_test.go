package aquasphere

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/timers"
)

func sheet(t *testing.T, names ...string) *companion.Session {
	t.Helper()
	s := companion.New(Rules, New(), timers.NewFake(time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)))
	for _, n := range names {
		require.NoError(t, s.Dispatch(&AddPlayer{Name: n}))
	}
	return s
}

func st(s *companion.Session) *State { return s.View().State.(*State) }

func TestSheet_AGameThroughTheSession(t *testing.T) {
	s := sheet(t, "Anna", "Ben")
	for _, a := range []companion.Action{
		&SetEntry{Player: 0, Field: "submarines", Value: 1}, &SetEntry{Player: 0, Field: "controlBots", Value: 1},
		&SetEntry{Player: 0, Field: "freeNumber", Value: 2}, &SetEntry{Player: 0, Field: "crystals", Value: 1},
		&SetEntry{Player: 1, Field: "freeNumber", Value: 3},
		&ScoreRound{},
	} {
		require.NoError(t, s.Dispatch(a))
	}
	assert.Equal(t, []int{9, 3}, st(s).Positions(), "the same as the first round of game 1 worked by hand")
	assert.Equal(t, Interim{}, st(s).Entering[0], "the next round starts empty")

	require.NoError(t, s.Undo())
	assert.Equal(t, []int{0, 0}, st(s).Positions(), "an undone scoring")
	assert.Equal(t, 2, st(s).Entering[0].FreeNumber, "its entries are back")
}

func TestSheet_Rules(t *testing.T) {
	s := sheet(t, "A")
	assert.ErrorIs(t, s.Dispatch(&ScoreRound{}), ErrTooFew)
	require.NoError(t, s.Dispatch(&AddPlayer{Name: "B"}))
	assert.ErrorIs(t, s.Dispatch(&AddPlayer{Name: "  "}), ErrNoName)
	assert.ErrorIs(t, s.Dispatch(&SetEntry{Player: 5, Field: "crystals", Value: 1}), ErrNoPlayer)
	assert.ErrorIs(t, s.Dispatch(&SetEntry{Player: 0, Field: "gold", Value: 1}), ErrField)
	assert.ErrorIs(t, s.Dispatch(&SetEntry{Player: 0, Field: "crystals", Value: -1}), ErrNegative)
	assert.ErrorIs(t, s.Dispatch(&ScoreFinal{}), ErrRoundsFirst)
	require.NoError(t, s.Dispatch(&SetOctopods{Player: 1, Sectors: []int{2, 1}}))
	for range 4 {
		require.NoError(t, s.Dispatch(&ScoreRound{}))
	}
	assert.ErrorIs(t, s.Dispatch(&ScoreRound{}), ErrAllRounds)
	assert.ErrorIs(t, s.Dispatch(&AddPlayer{Name: "C"}), ErrStarted)
	require.NoError(t, s.Dispatch(&SetEntry{Player: 0, Field: "letters", Value: 3}))
	require.NoError(t, s.Dispatch(&SetEntry{Player: 1, Field: "allSubmarines", Value: 1}))
	require.NoError(t, s.Dispatch(&ScoreFinal{}))
	rep, err := st(s).Report()
	require.NoError(t, err)
	require.Len(t, rep.Final, 2)
	assert.Equal(t, 6, rep.Final[0].Letters)
	assert.Equal(t, 5, rep.Final[1].Submarines)
	assert.ErrorIs(t, s.Dispatch(&SetEntry{Player: 0, Field: "letters", Value: 1}), ErrOver)
}

// Every action the rules decode carries its own rule; any other action is
// refused as not one of this game.
func TestEveryActionHasItsRule(t *testing.T) {
	for kind, newAction := range Rules.Actions {
		_, ok := newAction().(rule)
		assert.True(t, ok, kind)
	}
	assert.EqualError(t, New().Apply(otherAction{}, companion.Env{}), `"other" is not an action of AquaSphere`)
}

type otherAction struct{}

func (otherAction) Kind() string { return "other" }
