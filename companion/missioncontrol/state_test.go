package missioncontrol

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/timers"
)

var epoch = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

type at struct {
	after time.Duration
	do    companion.Action
	err   string
}

func TestRules(t *testing.T) {
	m := time.Minute
	tests := []struct {
		name    string
		steps   []at
		checkAt time.Duration
		check   func(t *testing.T, st *State, now time.Time)
	}{
		{name: "the countdown is 20 minutes", checkAt: time.Hour, check: func(t *testing.T, st *State, now time.Time) {
			assert.Equal(t, 20*m, st.Timer.Remaining(now))
			assert.Equal(t, 8, st.Oxygen(), "normal needs 8 oxygen")
		}},
		{name: "easy needs 6 oxygen", steps: []at{{do: &SetDifficulty{Difficulty: "easy"}}}, check: func(t *testing.T, st *State, _ time.Time) { assert.Equal(t, 6, st.Oxygen()) }},
		{name: "hard needs 10 oxygen", steps: []at{{do: &SetDifficulty{Difficulty: "hard"}}}, check: func(t *testing.T, st *State, _ time.Time) { assert.Equal(t, 10, st.Oxygen()) }},
		{name: "an unknown difficulty is refused", steps: []at{{do: &SetDifficulty{Difficulty: "insane"}, err: `"insane" is not a difficulty; choose easy, normal or hard`}}},
		{name: "the length is editable before the start", steps: []at{{do: &SetLength{Seconds: 900}}}, check: func(t *testing.T, st *State, now time.Time) {
			assert.Equal(t, 15*m, st.Timer.Remaining(now))
		}},
		{name: "difficulty and length are fixed once started", steps: []at{{do: &Start{}}, {do: &SetDifficulty{Difficulty: "easy"}, err: "this can only be changed before the astronaut starts the timer"}, {do: &SetLength{Seconds: 60}, err: "this can only be changed before the astronaut starts the timer"}}},
		{name: "time's up at 0:00", steps: []at{{do: &Start{}}}, checkAt: 20 * m, check: func(t *testing.T, st *State, now time.Time) {
			assert.Equal(t, TimeUp, st.Outcome(now))
			assert.Equal(t, 20*m, st.Duration(now.Add(time.Hour)), "the game lasted 20 minutes however late it is looked at")
		}},
		{name: "nothing more happens after time's up", steps: []at{{do: &Start{}}, {after: 21 * m, do: &Accomplish{}, err: "the game is over"}}},
		{name: "mission accomplished ends the game with its duration", steps: []at{{do: &Start{}}, {after: 2 * m, do: &Pause{}}, {after: 5 * m, do: &Resume{}}, {after: 14 * m, do: &Accomplish{}}}, checkAt: time.Hour,
			check: func(t *testing.T, st *State, now time.Time) {
				assert.Equal(t, Accomplished, st.Outcome(now))
				assert.Equal(t, 11*m, st.Duration(now), "paused time does not count")
				assert.Equal(t, 9*m, st.Timer.Remaining(now))
			}},
		{name: "no accomplishing before the start", steps: []at{{do: &Accomplish{}, err: "the mission has not started yet"}}},
		{name: "time can be added and taken away", steps: []at{{do: &Start{}}, {after: m, do: &Adjust{Seconds: 30}}, {after: m, do: &Adjust{Seconds: -90}}}, checkAt: m,
			check: func(t *testing.T, st *State, now time.Time) { assert.Equal(t, 18*m, st.Timer.Remaining(now)) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := timers.NewFake(epoch)
			s := companion.New(Rules, New(), clock)
			for _, st := range tt.steps {
				clock.Set(epoch.Add(st.after))
				err := s.Dispatch(st.do)
				if st.err != "" {
					require.Error(t, err)
					assert.Equal(t, st.err, err.Error())
				} else {
					require.NoError(t, err)
				}
			}
			if tt.check != nil {
				tt.check(t, s.View().State.(*State), epoch.Add(tt.checkAt))
			}
		})
	}
}

// Every action the rules decode carries its own rule; any other action is
// refused as not one of this game.
func TestEveryActionHasItsRule(t *testing.T) {
	for kind, newAction := range Rules.Actions {
		_, ok := newAction().(rule)
		assert.True(t, ok, kind)
	}
	assert.EqualError(t, New().Apply(otherAction{}, companion.Env{}), `"other" is not an action of Mission Control`)
}

type otherAction struct{}

func (otherAction) Kind() string { return "other" }
